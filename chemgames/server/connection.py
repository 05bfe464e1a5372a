"""One connection as the table authority sees it: its seat, its limits and its outbox, and how a
message becomes the text of a WebSocket frame. The authority (:mod:`chemgames.server.authority`) and
its seat rules (:mod:`chemgames.server.seats`) both use it, and it imports neither: the arrows point
from them to here.

>>> encode({"type": "pong", "version": 3, "text": "Zähler"})
'{"type":"pong","version":3,"text":"Zähler"}'
"""
from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

from .limits import Bucket

OUTBOX = 256  # messages waiting for a slow client before it is dropped

try:  # orjson encodes a view several times faster than the json module (the largest cost of a move's fan-out)
    import orjson

    def encode(msg: Any) -> str:
        """A message as compact JSON text (what the WebSocket writer sends)."""
        try:
            return orjson.dumps(msg, option=orjson.OPT_NON_STR_KEYS).decode()
        except TypeError:  # a kind orjson does not know (a subclass it refuses): the json module decides
            return json.dumps(msg, ensure_ascii=False, separators=(",", ":"))
except ImportError:  # pragma: no cover - the server extra brings orjson
    def encode(msg: Any) -> str:
        """A message as compact JSON text (what the WebSocket writer sends)."""
        return json.dumps(msg, ensure_ascii=False, separators=(",", ":"))


@dataclass(eq=False)
class Client:
    """One connection of a student (or the teacher's spectator view): its seat once it has joined,
    and its outbox. The transport drains the outbox; a client that does not read is dropped when its
    outbox is full (``None``: the transport closes the connection):

    >>> client = Client(Bucket(1, 1))
    >>> for n in range(OUTBOX + 1):
    ...     client.send({"n": n})
    >>> client.outbox.qsize(), client.outbox.get_nowait()
    (1, None)
    """

    bucket: Bucket
    address: str = "?"
    table_id: str | None = None
    seat: int | None = None
    token_id: str | None = None  # the seat token it joined with (a released seat's token stops at once)
    lang: str = "de"
    seen: int | None = None  # the table's action count when it was last sent a state
    refused: int = 0  # messages refused for flooding
    warned: float = -1e9  # when it was last told to slow down
    logged: int = 0  # its faults written to the server's log (capped: the log must not fill a disk)
    joined_at: float = 0.0  # when it joined its seat (the oldest gives way when a seat has too many)
    said: int = 0  # messages it sent within its budget (its first, the hello, is not the address's)
    outbox: asyncio.Queue[dict[str, Any] | None] = field(default_factory=lambda: asyncio.Queue(OUTBOX))

    def send(self, msg: dict[str, Any] | None) -> None:
        try:
            self.outbox.put_nowait(msg)
        except asyncio.QueueFull:  # a client that does not read: drop it, it rejoins with its token
            while not self.outbox.empty():
                self.outbox.get_nowait()
            self.outbox.put_nowait(None)  # the transport closes the connection
