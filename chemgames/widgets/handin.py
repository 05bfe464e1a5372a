"""What a notebook shows for ``chemgames.record.hand_in()``: a button that downloads the hand-in, and the note (what the
student does next) in words. Before session 24 the note carried the file in a ``data:`` link, so the notebook saved the
file in the cell's output: reopened (a Jupyter server trusts the notebooks it saved) it offered that old file, after the
student had played on. Here the file goes to the view only on a click, in a message of its own, never in a trait:
the saved notebook holds the note's words, and a reopened one offers no file (its button needs the kernel).
A click hands in afresh (``hand_in``), so the file is the record as it is at that moment.

The cell shows two outputs (s25f): the button's view (it draws the note around the button), then the note in words
(text and HTML, updated after every click), which the view hides while it is drawn beside it. A notebook opened
again with a new kernel has lost the view (JupyterLab says "Error displaying widget: model not found"), not the
words: which file was handed in, where it lies, and that the cell must run again for the button.

Set as ``HandIn.shown_by`` when the widgets are imported (a game or a worksheet task, which record, imports them):
``chemgames.record`` sits below the widgets and imports none.

>>> import os, tempfile
>>> from chemgames.record import local
>>> os.environ["CHEMGAMES_SAVES"] = tempfile.mkdtemp()
>>> local.name("Mia")
>>> made = local.hand_in(lang="en")
>>> said = words(made, "en")
>>> made.name in said["text/plain"], "run this cell again" in said["text/plain"], "base64," in said["text/html"]
(True, True, False)
"""
from __future__ import annotations

import base64
import html
from pathlib import Path
from typing import Any, Callable

import anywidget
import traitlets as t

from ..core.i18n import tr
from ..record import local
from .frontend import css, esm, widget_scope

#: the largest hand-in sent to the view (base64, one message); a larger one is handed in from the file browser
HAND_IN_SENT = 6_000_000


class HandInView(anywidget.AnyWidget):
    """The hand-in's note and its download button (``note``: its lines, the first above the button)."""

    note: t.List[str] = t.List(t.Unicode()).tag(sync=True)
    label = t.Unicode("").tag(sync=True)
    lang = t.Unicode("de").tag(sync=True)

    def __init__(self, made: local.HandIn, lang: str) -> None:
        self._esm = esm("handin")
        self._css = css("handin", widget_scope(type(self)))
        super().__init__()
        self.file: Path = made
        self.lang = lang
        self.words: Any = None  # the display of the note in words (shown()), updated with every hand-in
        self._show(made)
        self.on_msg(self._heard)

    def _show(self, made: local.HandIn) -> None:
        self.file = made
        self.note = made.note_text.splitlines()
        small = made.exists() and made.stat().st_size <= HAND_IN_SENT
        self.label = tr(self.lang, "rec.hand_in_download", file=made.name) if small else ""
        if self.words is not None:
            self.words.update(words(made, self.lang), raw=True)

    def _heard(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "download":
            self.download()

    def download(self) -> Path:
        """Hand in afresh (the record as it is now) and send the file to the view, which downloads it."""
        made = local.hand_in(self.lang)
        self._show(made)
        data = made.read_bytes()
        if len(data) <= HAND_IN_SENT:
            self.send({"type": "hand_in_file", "name": made.name, "data": base64.b64encode(data).decode("ascii")})
        return made


def words(made: local.HandIn, lang: str) -> dict[str, str]:
    """The note in words as the notebook keeps it, as text and as HTML (no file, no link), with the line that the
    download button needs the running Python (``cg-hand-in-rerun``)."""
    lines = [*made.note_text.splitlines(), tr(lang, "rec.hand_in_rerun")]
    return {"text/plain": "\n".join(lines),
            "text/html": f'<div class="cg-hand-in cg-hand-in-words" lang="{html.escape(lang)}">'
                         + "".join(f"<p>{html.escape(x)}</p>" for x in lines) + "</div>"}


def shown(made: local.HandIn, lang: str) -> HandInView:
    """Show the hand-in in the cell: the button's view, then the note in words (:func:`words`)."""
    from IPython import display as ipython

    display: Callable[..., Any] = ipython.display  # untyped in IPython
    view = HandInView(made, lang)
    display(view)
    view.words = display(words(made, lang), raw=True, display_id=True)
    return view


local.HandIn.shown_by = shown


def kept_devices() -> list[str]:
    """The devices this computer joined class tables with (the table client's seat file), for the record's
    ``owner_keys``: the record imports no server, the widgets may."""
    from ..server.client import kept_devices as kept

    return kept()


local.KEPT_DEVICES[0] = kept_devices
