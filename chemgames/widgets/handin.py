"""What a notebook shows for ``chemgames.record.hand_in()``: the note (what the student does next) with a button that
downloads the hand-in. Before session 24 the note carried the file in a ``data:`` link, so the notebook saved the file
in the cell's output: reopened (a Jupyter server trusts the notebooks it saved) it offered that old file, after the
student had played on. Here the file goes to the view only on a click, in a message of its own, never in a trait:
the saved notebook holds the note's words, and a reopened one offers no file (its button needs the kernel).
A click hands in afresh (``hand_in``), so the file is the record as it is at that moment.

Set as ``HandIn.shown_by`` when the widgets are imported (a game or a worksheet task, which record, imports them):
``chemgames.record`` sits below the widgets and imports none.

>>> import os, tempfile
>>> from chemgames.record import local
>>> os.environ["CHEMGAMES_SAVES"] = tempfile.mkdtemp()
>>> local.name("Mia")
>>> made = local.hand_in(lang="en")
>>> bundle = made._repr_mimebundle_()
>>> "application/vnd.jupyter.widget-view+json" in bundle, "base64," in bundle["text/html"]
(True, False)
"""
from __future__ import annotations

import base64
from pathlib import Path
from typing import Any

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
        self._show(made)
        self.on_msg(self._heard)

    def _show(self, made: local.HandIn) -> None:
        self.file = made
        self.note = made.note_text.splitlines()
        small = made.exists() and made.stat().st_size <= HAND_IN_SENT
        self.label = tr(self.lang, "rec.hand_in_download", file=made.name) if small else ""

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


def shown(made: local.HandIn, lang: str) -> HandInView:
    return HandInView(made, lang)


local.HandIn.shown_by = shown


def kept_devices() -> list[str]:
    """The devices this computer joined class tables with (the table client's seat file), for the record's
    ``owner_keys``: the record imports no server, the widgets may."""
    from ..server.client import kept_devices as kept

    return kept()


local.KEPT_DEVICES[0] = kept_devices
