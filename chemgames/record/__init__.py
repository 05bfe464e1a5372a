"""The learning record: one event per student action (a move, a refused attempt with its rule and
numbers, a hint or the bot's advice asked for, a worksheet prediction), the concepts each rule
teaches, and the class report made from them (``chemgames.report``). See ``docs/record.md``.

The engine knows nothing of the record: the table server and the notebook's widgets call it.
"""
from __future__ import annotations

from typing import Any

from ..core.i18n import register_catalog
from .local import hand_in, name, record_file

register_catalog(__package__)  # the report's words (rec.*)

__all__ = ["RecordStore", "hand_in", "name", "record_file"]


def __getattr__(attr: str) -> Any:
    # the SQLite store only when asked for: the JupyterLite kernel (Pyodide) loads sqlite3 apart,
    # and a student's notebook never needs it
    if attr == "RecordStore":
        from .store import RecordStore

        return RecordStore
    raise AttributeError(attr)
