"""Class tables from the JupyterLite site: Python runs in the browser (Pyodide, in the kernel's web
worker), where there are no threads and no sockets. So the browser carries the messages:

* HTTP (the join code for a token, the teacher's list) goes through the worker's synchronous
  ``XMLHttpRequest`` (allowed in a worker); the server must list the site's address with
  ``--allow-origin`` (CORS), the WebSocket needs no list.
* the table's WebSocket is the browser's ``WebSocket``; its messages arrive as callbacks between
  cells (the same messages as :class:`~chemgames.server.client.RemoteGame` gets on its thread).
  ``apply()`` sends the move and returns at once: nothing may block here, or no answer could
  arrive. The new state (or the server's refusal) comes a moment later and the widget shows it.

``chemgames.join(code, server=...)`` and ``chemgames.tables.watch(...)`` choose this transport by
themselves when ``sys.platform == "emscripten"`` (``chemgames.tables`` imports this module there,
and it hands the client its transport in :data:`chemgames.server.client.BROWSER`). Shown in a cell, the game is its widget (a
"connecting …" line until the first state has arrived).

>>> ws_url("https://hub.school.example/services/chemgames")
'wss://hub.school.example/services/chemgames/ws'
"""
from __future__ import annotations

import json
from typing import Any, Callable

from .core.i18n import tr
from .server import client
from .server.client import KEY_HEADER, RemoteGame, TableError, message_text


def ws_url(server: str) -> str:
    return server.replace("http", "ws", 1) + "/ws"


def xhr_request(method: str, url: str, body: dict[str, Any] | None, key: str | None, lang: str) -> dict[str, Any]:
    """One JSON request through the browser (synchronous: the kernel runs in a web worker)."""
    from js import XMLHttpRequest

    req = XMLHttpRequest.new()
    req.open(method, url, False)
    req.setRequestHeader("Content-Type", "application/json")
    if key:
        req.setRequestHeader(KEY_HEADER, key)
    try:
        req.send(None if body is None else json.dumps(body))
    except Exception as exc:  # noqa: BLE001 - a network error (or a server that does not allow this site)
        raise TableError(tr(lang, "server.unreachable", url=url.split("/api/")[0], detail=tr(lang, "server.why_browser")),
                         "unreachable") from None
    if not req.status:  # no answer, or one this site may not read (CORS)
        raise TableError(tr(lang, "server.unreachable", url=url.split("/api/")[0], detail=tr(lang, "server.why_browser")),
                         "unreachable")
    try:
        answer: dict[str, Any] = json.loads(str(req.responseText))
    except ValueError:
        from .server.protocol import texts

        answer = {"error": "http", "message": texts("server.http_status", status=int(req.status))}  # a proxy's page
    if req.status >= 400:
        raise TableError(message_text(answer, lang), answer.get("error", ""), int(req.status))
    return answer


class WebRemoteGame(RemoteGame):
    """A :class:`~chemgames.server.client.RemoteGame` whose messages travel through the browser's WebSocket."""

    waits = False

    def __init__(self, server: str, token: str | None, lang: str = "de", watch: tuple[str, str] | None = None) -> None:
        self.server, self._lang, self.timeout, self.retries = server, lang, 30.0, 60
        if watch is None:
            self._hello = {"type": "join", "token": token, "lang": lang}
        else:
            self._hello = {"type": "watch", "table": watch[0], "teacher_key": watch[1], "lang": lang}
        self._state: dict[str, Any] | None = None
        self._listeners: list[Callable[[], None]] = []
        self._notice_listeners: list[Callable[[dict[str, Any]], None]] = []
        self._closed = self._closing = False
        self._void: str | None = None  # why this connection will not come back (the teacher released the seat)
        self._void_code = "seat_released"
        self.received: list[dict[str, Any]] = []
        self.code: str | None = None
        self._widget: Any = None
        self._box: Any = None
        self._seen = 0
        self._tries = 0
        self._proxies: list[Any] = []
        self._connect()

    # ------------------------------------------------------------------ wire
    def _connect(self) -> Any:
        from js import WebSocket
        from pyodide.ffi import create_proxy

        for proxy in self._proxies:
            proxy.destroy()
        ws = WebSocket.new(ws_url(self.server))
        self._proxies = [create_proxy(lambda _ev: ws.send(json.dumps(self._hello))),  # the token in a message
                         create_proxy(lambda ev: self._on_message(str(ev.data))),
                         create_proxy(lambda _ev: self._on_close())]
        ws.onopen, ws.onmessage, ws.onclose = self._proxies
        self._ws = ws
        return ws

    def _send(self, msg: dict[str, Any]) -> None:
        if self._void is not None:
            raise TableError(self._void, self._void_code)
        self._ws.send(json.dumps(msg))

    def _on_message(self, raw: str) -> None:
        msg = json.loads(raw)
        if msg.get("type") == "error" and msg.get("code") in client.VOIDING:
            # the answer to joining again: the teacher released the seat (a student who was moved
            # keeps the token), or the seat is open in newer windows: trying again cannot help
            (self._void, self._void_code), self._closing = client.void_text(msg, self._lang), True
            if msg["code"] == "bad_token":
                msg = {**msg, "code": "seat_released", "message": {lang: tr(lang, "server.seat_released") for lang in ("de", "en")}}
            self._ws.close()
        self.received.append(msg)
        self._take(msg)
        self._tries = 0
        if msg.get("type") == "state":
            if self._box is not None and self._widget is None:
                self._box.children = (self.widget(),)  # the first state: the widget can be made now
            for listener in list(self._listeners):
                listener()
        elif msg.get("type") in ("refused", "error"):
            for notice in list(self._notice_listeners):
                notice(msg)

    def _on_close(self) -> None:
        """The connection dropped: join again with the same token after a pause (up to ``retries``)."""
        if self._closing or self._tries >= self.retries:
            self._closed = True
            return
        from js import setTimeout
        from pyodide.ffi import create_once_callable

        self._tries += 1
        setTimeout(create_once_callable(lambda: self._connect()), int(min(100 * 2**self._tries, 2000)))

    def _rejoin(self) -> None:
        self._send(self._hello)  # the view comes again, in the new language

    # ------------------------------------------------------------------ the game
    def apply(self, action: Any) -> None:
        """Send the move; the new state (or the server's refusal) arrives as a message later."""
        self._send({"type": "act", "version": self.version, "action": action.to_json()})

    def check(self, action: Any) -> Any:
        raise TableError(tr(self._lang, "server.web_no_wait"), "no_wait")

    def wait(self, timeout: float | None = None, until: Any = None) -> "RemoteGame":
        raise TableError(tr(self._lang, "server.web_no_wait"), "no_wait")

    def add_listener(self, listener: Callable[[], None]) -> None:
        """Call ``listener()`` after each state: the browser's message callback calls it (no
        threads here, and nothing waits for an answer that a listener could hold up)."""
        self._listeners.append(listener)

    def add_notice_listener(self, listener: Callable[[dict[str, Any]], None]) -> None:
        self._notice_listeners.append(listener)

    def box(self) -> Any:
        """What a cell shows: the game's widget, or "connecting …" until the first state has arrived
        (then the widget takes its place: nothing can arrive while a cell runs)."""
        import ipywidgets

        if self._box is None:
            first = self.widget() if self._state is not None else \
                ipywidgets.HTML(tr(self._lang, "server.web_connecting", url=self.server))
            self._box = ipywidgets.VBox([first])
        return self._box

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        return self.box()._repr_mimebundle_(include=include, exclude=exclude)

    def __repr__(self) -> str:
        if self._state is None:
            return f"<RemoteGame at {self.server} (connecting)>"
        return super().__repr__()


# the browser's transport for the client (which imports neither this module nor a widget)
client.BROWSER.update(http=xhr_request, game=WebRemoteGame)
