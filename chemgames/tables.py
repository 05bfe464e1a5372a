"""Class tables from a notebook: the teacher sets up tables on a running ``chemgames serve``, a
student joins one with its code and a name and plays it through a remote game.

Teacher (the key is never typed into a cell: ``$CHEMGAMES_TEACHER_KEY``, the file where the server
keeps the key it made, or asked for without echo)::

    import chemgames.tables
    tables = chemgames.tables.create("chromino", seats=4, tables=8, server="http://10.0.0.5:8765")
    chemgames.tables.dashboard(server="http://10.0.0.5:8765")   # codes, names, the teacher's controls

Student::

    game = chemgames.join("K7P2X", name="Ada", server="http://10.0.0.5:8765")
    game.view(); game.legal_actions(); game.apply(game.legal_actions()[0]); game.wait()

This module puts the parts together: the client (:mod:`chemgames.server.client`: requests, seats,
:class:`RemoteGame`; it knows no widget) and the widgets (``chemgames.widgets.table``: a remote game
shown as the game's usual widget; ``chemgames.widgets.dashboard``), which import the client.

>>> join is not _join and RemoteGame.make_widget is not None  # a remote game shows itself as its widget
True
"""
from __future__ import annotations

import sys
from typing import Any

from .core.i18n import tr
from .server.client import (DEFAULT_SERVER, KEY_HEADER, RemoteExplanation, RemoteGame, TableError, TableInfo, Tables,
                            claim, control, create, device_id, join as _join, key_file, overview, request, seats_file,
                            server_url, student_name, watch as _watch)

if sys.platform == "emscripten":  # pragma: no cover - the JupyterLite site: the browser carries the messages
    from . import tables_web  # noqa: F401 - hands the client the browser's transport

__all__ = ["DEFAULT_SERVER", "KEY_HEADER", "RemoteExplanation", "RemoteGame", "TableError", "TableInfo", "Tables",
           "claim", "control", "create", "dashboard", "device_id", "join", "key_file", "overview", "request",
           "seats_file", "server_url", "student_name", "tr", "watch"]


def _table_widget(remote: RemoteGame, **kwargs: Any) -> Any:
    from .widgets.table import table_widget

    return table_widget(remote, **kwargs)


RemoteGame.make_widget = staticmethod(_table_widget)


def _said_plainly(shell: Any, etype: type, value: BaseException, tb: Any, tb_offset: int | None = None) -> list[str]:
    """IPython's handler of a :class:`TableError`: the server's sentence alone (in the reader's
    language, from the catalogs), not a traceback through the client. A student who mistyped the
    code on a tablet read some 40 lines of the client's code before it, a screen below the cell.
    The cell still fails (``Run All`` stops there, ``game`` stays unset)."""
    stb = [f"\u26a0 {value}"]
    show = getattr(shell, "_showtraceback", None)  # the kernel's error output (ipykernel, the Lite site's kernel)
    if show is not None:
        show(etype, value, stb)
    else:  # pragma: no cover - a bare IPython terminal
        print(stb[0], file=sys.stderr)
    return stb


def _plain_refusals_in_notebooks() -> None:
    """Show every :class:`TableError` of a notebook as its sentence (:func:`_said_plainly`), unless
    another library has claimed IPython's one custom-exception handler."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - plain Python
        return
    shell = get_ipython()
    if shell is not None and tuple(getattr(shell, "custom_exceptions", ())) in ((), (TableError,)):
        shell.set_custom_exc((TableError,), _said_plainly)


_plain_refusals_in_notebooks()


def join(code: str, server: str | None = None, class_id: str | None = None, lang: str = "de",
         name: str | None = None) -> RemoteGame:
    """Sit down at the table of ``code`` with your ``name`` (asked for if not given; one seat a
    device) and return the game there; as a cell's last line it shows the game's usual widget.
    The seat this device holds already (a page reloaded before the notebook was saved: the widget
    was lost, the seat was not) is given back, and the cell says so above the widget."""
    game = _join(code, server, class_id, lang, name)
    if game.again:
        seat = (game.seat or 0) + 1  # the table by its number, as the teacher says it (an older server's: its code)
        print(tr(lang, "server.back_at_seat_was", seat=seat, n=game.number, was=game.was) if game.was is not None
              and game.number is not None  # last week's table, its number given again today: the new one
              else tr(lang, "server.back_at_seat_n", seat=seat, n=game.number) if game.number is not None
              else tr(lang, "server.back_at_seat", seat=seat, code=game.code))
    return game


def watch(table_id: str, server: str | None = None, teacher_key: str | None = None, lang: str = "de") -> RemoteGame:
    """The teacher's spectator view of one table (``view(None)``, live)."""
    return _watch(table_id, server, teacher_key, lang)


def dashboard(server: str | None = None, teacher_key: str | None = None, lang: str = "de", every: float = 3.0) -> Any:
    """The teacher's dashboard widget: every table (codes, names per seat, whose turn, scores, the
    seat controls), refreshed every ``every`` seconds, and a projector view of any table."""
    from .widgets.dashboard import dashboard as make

    return make(server, teacher_key, lang, every)
