"""A minimal anywidget host for the browser tests that need no JupyterLab: the widget's own bundle
(``_esm``, ``_css``) rendered in Chromium, its model backed by the real Python widget. Messages the
page sends are handed to the widget's message handler (the same path as in a kernel) and the
traits Python changed come back to the page, with ``change:version`` as JupyterLab would fire it.
Any number of views of one model (JupyterLab's "New View for Output") can be rendered.

The loop is driven from the test (``pump``): deterministic, no threads."""
from __future__ import annotations

import time
from typing import Any

ORIGIN = "http://widget-host.test"
PAGE = "<!doctype html><html><head><meta charset='utf-8'><style id='cg-css'></style></head><body></body></html>"
SETUP = """async ({state, css}) => {
  document.getElementById('cg-css').textContent = css;
  const mod = await import('/widget.js');
  const listeners = {};
  const model = {
    state,
    get: (k) => model.state[k],
    on: (ev, f) => { (listeners[ev] = listeners[ev] || []).push(f); },
    off: (ev, f) => { listeners[ev] = (listeners[ev] || []).filter((g) => g !== f); },
    send: (msg) => window.cgSend(msg),
    fire: (ev) => (listeners[ev] || []).slice().forEach((f) => f()),
  };
  window.cgModel = model;
  window.cgViews = [];
  window.cgRender = () => {
    const el = document.createElement('div');
    el.className = 'cg-host-view';
    document.body.append(el);
    window.cgViews.push(mod.default.render({ model, el }));
  };
}"""


class Host:
    """``widget`` rendered in ``page``; ``sent`` lists every message the page sent, with the
    Python version current when it arrived; ``bot_to_move`` tells for each version Python synced
    whether a bot was to move in it."""

    def __init__(self, page: Any, widget: Any) -> None:
        self.page, self.w = page, widget
        self.inbox: list[dict[str, Any]] = []
        self.sent: list[dict[str, Any]] = []
        self.bot_to_move: dict[int, bool] = {}
        page.route(f"{ORIGIN}/**", self._serve)
        page.expose_function("cgSend", lambda msg: self.inbox.append(msg))
        page.goto(f"{ORIGIN}/")
        self._pushed = self.state()
        self._note_version()
        page.evaluate(SETUP, {"state": self._pushed, "css": widget._css})

    def _serve(self, route: Any) -> None:
        if route.request.url.endswith("/widget.js"):
            route.fulfill(status=200, content_type="text/javascript", body=self.w._esm)
        else:
            route.fulfill(status=200, content_type="text/html", body=PAGE)

    def state(self) -> dict[str, Any]:
        """The synced traits the front end reads (anywidget's own are left out)."""
        state = self.w.get_state()
        # anywidget's id names the class the widget's styles are scoped to (widgets/shared/dom.js)
        return {k: v for k, v in state.items() if not k.startswith("_") and k != "layout"} | \
            {"_anywidget_id": state.get("_anywidget_id")}

    def _note_version(self) -> None:
        g, seats = self.w.game, self.w.seats
        p = g.current_player
        self.bot_to_move[self.w.version] = bool(not g.is_over and p is not None and seats[p] != "human")

    def render(self) -> None:
        """One more view of the model."""
        self.page.evaluate("window.cgRender()")

    def push(self) -> None:
        """Send the traits Python changed to the page, as a kernel's comm would."""
        now = self.state()
        changed = {k: v for k, v in now.items() if self._pushed.get(k) != v}
        self._pushed = now
        self._note_version()
        if changed:
            self.page.evaluate("s => { Object.assign(window.cgModel.state, s); window.cgModel.fire('change:version'); }",
                               changed)

    def pump(self, seconds: float) -> None:
        """Run the page for ``seconds``, handing each message to Python at once and its answer back."""
        end = time.monotonic() + seconds
        while True:
            self.page.wait_for_timeout(25)
            while self.inbox:
                msg = self.inbox.pop(0)
                self.sent.append({**msg, "python_version": self.w.version})
                self.w._on_msg(self.w, msg, [])
                self.push()
            if time.monotonic() >= end:
                break

    def hold_until(self, kind: str, seconds: float = 30.0) -> None:
        """Run the page without answering until it has sent a message of ``kind`` (kept in the
        inbox: the next ``pump`` hands it to Python), as a kernel still busy would."""
        end = time.monotonic() + seconds
        while not any(m.get("type") == kind for m in self.inbox):
            if time.monotonic() >= end:
                raise TimeoutError(f"the page sent no {kind!r} message in {seconds} s")
            self.page.wait_for_timeout(25)

    def bot_requests(self) -> list[dict[str, Any]]:
        return [m for m in self.sent if m.get("type") == "bot"]

    def moot_bot_requests(self) -> list[dict[str, Any]]:
        """Bot requests that name a view in which no bot was to move: the page claimed a view it
        did not ask from (issue 26: "Kein Bot ist am Zug")."""
        return [m for m in self.bot_requests() if not self.bot_to_move.get(m["version"], False)]
