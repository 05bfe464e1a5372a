"""The play page's Python half: a game widget in Pyodide talking to its view in the page, with no
Jupyter in between (``chemgames/lite/play.py`` builds the page).

A game widget is an ipywidgets/anywidget ``Widget``: it opens a *comm* when it is made, sends its
state as ``update`` messages and hears the view's ``custom`` messages. In JupyterLab the kernel
carries them; here :func:`install` makes ``comm.create_comm`` return a :class:`PageComm`, which hands
each message as JSON text to ``post`` (the play page's worker posts it to the page), and
:func:`receive` gives the widget what the page sent. The widget's code is the same as in the
notebook: every check of a move, the security model (the browser only sends messages) and the
autosave stay Python's.

>>> sent = []
>>> install(sent.append)
>>> model_id = run("from chemgames.widgets import play\\nplay(players=3, bots=['greedy', 'random'], seed=7)")
>>> opened = [json.loads(m) for m in sent if json.loads(m)["type"] == "comm_open"]
>>> [m["data"]["state"]["_model_name"] for m in opened]  # the widget's layout first, then the widget
['LayoutModel', 'AnyModel']
>>> opened[-1]["comm_id"] == model_id, "_esm" in opened[-1]["data"]["state"]
(True, True)
>>> [warm_step() for _ in range(2)]  # the widget's warm-up, one step each time the worker asks
['import babel', 'import babel.numbers']
>>> version = shown(model_id).version
>>> receive(model_id, json.dumps({"method": "custom", "content": {"type": "lang", "lang": "en", "version": version}}))
>>> update, words = [json.loads(m) for m in sent[-2:]]  # the view's update, then the game in words (they changed)
>>> update["data"]["method"], update["data"]["state"]["lang"], update["data"]["state"]["version"] == version + 1
('update', 'en', True)
>>> words["type"], words["comm_id"] == model_id, words["data"]["text/plain"].splitlines()[:2]
('words', True, ['The Chemistry Card Game', 'Player 1 to move.'])
>>> shown(run("from chemgames.widgets import play\\nplay(players=3, bots=['greedy', 'random'])", seed=12)).game.seed
12
>>> steps = []
>>> while (step := warm_step()) is not None: steps.append(step)
>>> steps.count("hints"), steps[-1]  # the first widget's rest, then the second's whole warm-up
(2, 'check')
>>> uninstall()
"""
from __future__ import annotations

import ast
import importlib._bootstrap as _bootstrap
import json
import time
from collections import deque
from typing import Any, Callable, Iterator

import comm
from comm.base_comm import BaseComm

from . import ondemand

_post: Callable[[str], Any] | None = None
_original = comm.create_comm
#: every comm this page opened, by id (the widget's ``model_id``)
COMMS: dict[str, "PageComm"] = {}
#: what :func:`run` showed, by model id (kept alive as long as the page)
SHOWN: dict[str, Any] = {}
#: the widgets' warm-ups (``ondemand.warm_up``), run a step at a time by :func:`warm_step`
WARMING: deque[Iterator[Any]] = deque()


class PageComm(BaseComm):
    """A comm whose messages go to the page as JSON text (``{"type", "comm_id", "data"}``)."""

    def publish_msg(self, msg_type: str, data: Any = None, metadata: Any = None, buffers: Any = None,
                    **keys: Any) -> None:
        if _post is not None:
            _post(json.dumps({"type": msg_type, "comm_id": self.comm_id, "data": data or {}}, ensure_ascii=False))


def _create_comm(*args: Any, **kwargs: Any) -> PageComm:
    made = PageComm(*args, **kwargs)
    COMMS[made.comm_id] = made
    return made


def install(post: Callable[[str], Any]) -> None:
    """Every widget made from now on talks to the page through ``post(json_text)``."""
    global _post
    _post = post
    comm.create_comm = _create_comm
    ondemand.driver = WARMING.append


def warm_step() -> str | None:
    """One step of the warm-up (its name), or ``None`` when none is left. The play page's worker
    runs one step a task and queues the next behind whatever arrived meanwhile (``play_worker.js``),
    so a click waits for the one step under way at most (in the notebook's kernel each step is a
    timer task, and the browser decides what comes first)."""
    while WARMING:
        try:
            return str(next(WARMING[0]))
        except StopIteration:
            WARMING.popleft()
        except Exception:  # noqa: BLE001 - a warm-up has nowhere to report: the move itself will say what is wrong
            WARMING.popleft()
    return None


def uninstall() -> None:
    """Back to the comms of the environment (tests)."""
    global _post
    _post = None
    comm.create_comm = _original
    ondemand.driver = None
    COMMS.clear()
    SHOWN.clear()
    WARMING.clear()


def receive(comm_id: str, text: str) -> None:
    """A message from the page (``{"method": "custom", "content": ...}``, as ipywidgets' front end
    sends it) for the widget ``comm_id``; a message for no widget of this page is dropped."""
    target = COMMS.get(comm_id)
    if target is None:
        return
    target.handle_msg({"content": {"comm_id": comm_id, "data": json.loads(text)}, "buffers": []})


def run(code: str, seed: int | None = None) -> str:
    """Run a game's notebook code (the cells joined) as a cell does; the model id of the widget its
    last line shows. An error (or no widget) raises: the page shows it. ``seed``: the game number
    to deal (the page's ``&seed=``: a teacher gives the whole class the same deal), passed to the
    last line's call unless it names one itself."""
    tree = ast.parse(code)
    last: ast.Expr | None = None
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last = tree.body.pop()  # type: ignore[assignment]  # an ast.Expr, checked above
    if not isinstance(seed, int) or isinstance(seed, bool):
        seed = None  # the page's null (Pyodide's JsNull) or anything but a number: a fresh deal
    if seed is not None and last is not None and isinstance(last.value, ast.Call) \
            and not any(k.arg == "seed" for k in last.value.keywords):
        last.value.keywords.append(ast.keyword("seed", ast.Constant(int(seed))))
        ast.fix_missing_locations(last)
    scope: dict[str, Any] = {"__name__": "__main__"}
    exec(compile(tree, "<game>", "exec"), scope)
    value = eval(compile(ast.Expression(last.value), "<game>", "eval"), scope) if last is not None else None
    model_id = getattr(value, "model_id", None)
    if not model_id:
        raise ValueError("the game's code shows no widget in its last line")
    SHOWN[model_id] = value
    _say_words(value, str(model_id))
    return str(model_id)


class PageWords:
    """Where a game widget's words go on the play page: to the page, as a message ``{"type": "words",
    "comm_id", "data"}`` with the words' text and HTML (``GameWidget.words``). The widget calls ``update``
    whenever its words change, as it updates a notebook's display (``GameWidget._say_words``)."""

    def __init__(self, comm_id: str) -> None:
        self.comm_id = comm_id

    def update(self, said: dict[str, str], raw: bool = True) -> None:
        if _post is not None:
            _post(json.dumps({"type": "words", "comm_id": self.comm_id, "data": said}, ensure_ascii=False))


def _say_words(widget: Any, model_id: str) -> None:
    """A game widget's words (as a notebook's game cell keeps them: the game, whose turn, the points, that it is
    saved) sent to the page now and after every change: the page keeps the last ones in the browser and shows
    them when it is opened again, until the board is back (``play_page.js``). No line about running a cell."""
    if not callable(getattr(widget, "words", None)) or not hasattr(widget, "_say_words"):
        return  # not a game widget: no words
    widget.words_rerun = None
    widget._words = PageWords(model_id)
    said = widget._words_said = widget.words()
    widget._words.update(said)


def preimport(codes: str) -> list[str]:
    """Run only the import statements at the top level of each game's code (``codes``: a JSON list
    of the codes), as the play page's snapshot of Python's memory does before it is taken
    (``play_worker.js``): the next visit finds the games' modules imported. An import that fails is
    left to the game's own run, which says what is wrong. Returns the modules now imported.

    >>> preimport(json.dumps(["from json import dumps\\nimport textwrap as t\\nprint('not run')", "import no_such_module"]))
    ['json', 'textwrap']
    """
    done: list[str] = []
    for code in json.loads(codes):
        for node in ast.parse(code).body:
            if not isinstance(node, (ast.Import, ast.ImportFrom)) or (isinstance(node, ast.ImportFrom) and node.level):
                continue
            try:
                exec(compile(ast.Module([node], []), "<game>", "exec"), {"__name__": "__main__"})
            except Exception:  # noqa: BLE001 - the game's own run reports it
                continue
            done += [a.name for a in node.names] if isinstance(node, ast.Import) else [str(node.module)]
    return done


def profiled(code: str, seed: int | None = None) -> str:
    """:func:`run` with every first import timed (self and with what it imports, as ``python -X
    importtime`` does: the play page's ``&profile``, printed by ``bench/bench_lite.py
    --play-profile``); JSON text: ``model_id``, ``seconds`` of the whole run, ``imports`` (their
    count and seconds), ``by_package`` (own seconds by top-level package) and the ``slowest``
    imports with what they imported.

    >>> install(lambda text: None)
    >>> out = json.loads(profiled("from chemgames.widgets import play\\nplay(players=2, bots=['greedy'], seed=3)"))
    >>> sorted(out), out["model_id"] in SHOWN
    (['by_package', 'imports', 'model_id', 'seconds', 'slowest'], True)
    >>> uninstall()
    """
    rows: list[tuple[str, float, float]] = []
    stack: list[float] = []
    original = getattr(_bootstrap, "_find_and_load")  # private: no stub declares it

    def timed(name: str, import_: Any) -> Any:
        started = time.perf_counter()
        stack.append(0.0)
        try:
            return original(name, import_)
        finally:
            took = time.perf_counter() - started
            rows.append((name, took - stack.pop(), took))
            if stack:
                stack[-1] += took

    setattr(_bootstrap, "_find_and_load", timed)
    started = time.perf_counter()
    try:
        model_id = run(code, seed)
    finally:
        setattr(_bootstrap, "_find_and_load", original)
    packages: dict[str, float] = {}
    for name, own, _ in rows:
        packages[name.split(".")[0]] = packages.get(name.split(".")[0], 0.0) + own
    return json.dumps({"model_id": model_id, "seconds": round(time.perf_counter() - started, 3),
                       "imports": {"count": len(rows), "seconds": round(sum(own for _, own, _ in rows), 3)},
                       "by_package": [[k, round(v, 3)] for k, v in sorted(packages.items(), key=lambda kv: -kv[1])[:12]],
                       "slowest": [[n, round(c, 3)] for n, _, c in sorted(rows, key=lambda r: -r[2])[:12]]})


def shown(model_id: str) -> Any:
    """The widget :func:`run` showed under ``model_id``."""
    return SHOWN[model_id]
