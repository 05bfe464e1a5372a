"""The learning record: one event per student action (a move, a refused attempt with its rule and
numbers, a hint or the bot's advice asked for, a worksheet prediction), the concepts each rule
teaches, and the class report made from them (``chemgames.report``). See ``docs/record.md``.

The engine knows nothing of the record: the table server and the notebook's widgets call it.
"""
from __future__ import annotations

from .local import name, record_file
from .store import RecordStore

__all__ = ["RecordStore", "name", "record_file"]
