"""Limits: token buckets (messages, wrong join codes, new devices), and below the app a header
timeout and caps on open connections.

uvicorn's own limits cover a connection between requests (``timeout_keep_alive``), an unfinished
request's size (``h11_max_incomplete_event_size``) and the requests being answered
(``limit_concurrency``). Two gaps are closed here, in uvicorn's HTTP protocol class:

- a client that opens a connection and trickles its headers (or sends nothing) is cut off after
  ``HEADER_TIMEOUT`` seconds without a complete request; so is one whose body trickles in (a
  ``408`` with a text in German and English first), and a kept connection's next request is timed
  from the answer to the one before (uvicorn's keep-alive timer stops at its first byte);
- one address may hold at most ``PER_ADDRESS`` connections that have not become WebSockets (the
  WebSockets have caps of their own in the app), and the process at most ``TOTAL``; one more is
  answered ``503`` with a short text and closed, so the others (``/api/health``, a classmate's join)
  still get through.

>>> Caps(per_address=2, total=3).admit("a"), Caps(per_address=0, total=3).admit("a")
(True, False)
"""
from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass, field
from typing import Any

HEADER_TIMEOUT = 10.0  # seconds from connecting (or from the answer before) to a whole request: its head and body
PER_ADDRESS = 512  # not yet WebSockets: a class behind one router connecting at once fits
TOTAL = 1_800  # the server raises its file limit to 4,096 where it may (a WebSocket is one more each)


#: the limits ``$CHEMGAMES_LIMITS`` may set (docs/tables.md, Limits)
LIMIT_KEYS = ("header_timeout", "join_timeout", "connections_per_address", "connections", "ws_per_address", "ws_total",
              "rate", "burst", "wrong_rate", "wrong_burst", "wrong_address_rate",
              "wrong_address_burst", "device_rate", "device_burst", "unjoined_rate", "unjoined_burst")


def read_limits(text: str) -> dict[str, float]:
    """The limits a teacher set in ``$CHEMGAMES_LIMITS`` (a JSON object of numbers); a mistake is a
    ``ValueError`` whose one line names what is wrong and the limits there are.

    >>> read_limits('{"device_burst": 60}')
    {'device_burst': 60}
    >>> read_limits('{"device_brust": 60}')
    Traceback (most recent call last):
    ...
    ValueError: $CHEMGAMES_LIMITS: there is no limit 'device_brust'; the limits are: header_timeout, join_timeout, connections_per_address, connections, ws_per_address, ws_total, rate, burst, wrong_rate, wrong_burst, wrong_address_rate, wrong_address_burst, device_rate, device_burst, unjoined_rate, unjoined_burst
    """
    known = ", ".join(LIMIT_KEYS)
    try:
        limits = json.loads(text or "{}")
    except ValueError:
        raise ValueError(f"$CHEMGAMES_LIMITS is not JSON: write an object such as {{\"device_burst\": 60}}; "
                         f"the limits are: {known}") from None
    if not isinstance(limits, dict):
        raise ValueError(f"$CHEMGAMES_LIMITS must be a JSON object such as {{\"device_burst\": 60}}; the limits are: {known}")
    for key, value in limits.items():
        if key not in LIMIT_KEYS:
            raise ValueError(f"$CHEMGAMES_LIMITS: there is no limit {key!r}; the limits are: {known}")
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
            raise ValueError(f"$CHEMGAMES_LIMITS: {key} must be a number (0 or more), not {json.dumps(value)[:20]}")
    return limits


class Bucket:
    """A token bucket: ``burst`` at once, then ``rate`` a second.

    >>> b = Bucket(rate=0.0, burst=2)
    >>> [b.take() for _ in range(3)]
    [True, True, False]
    """

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.level, self.at = burst, time.monotonic()

    def _fill(self) -> None:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now

    def take(self) -> bool:
        self._fill()
        if self.level >= 1:
            self.level -= 1
            return True
        return False

    def has(self) -> bool:
        """Whether one could be taken now (takes nothing)."""
        self._fill()
        return self.level >= 1


class Buckets:
    """A bucket per key, forgetting the full ones now and then (a bounded dict under a flood).

    >>> b = Buckets(rate=0.0, burst=1)
    >>> b.take("a"), b.take("a"), b.take("b")
    (True, False, True)
    """

    def __init__(self, rate: float, burst: float, keep: int = 50_000) -> None:
        self.rate, self.burst, self.keep = rate, burst, keep
        self.buckets: dict[str, Bucket] = {}

    def get(self, key: str) -> Bucket:
        if key not in self.buckets and len(self.buckets) >= self.keep:
            full = [k for k, b in self.buckets.items() if b.has() and b.level >= b.burst]
            for k in full or list(self.buckets)[: self.keep // 2]:
                del self.buckets[k]
        return self.buckets.setdefault(key, Bucket(self.rate, self.burst))

    def take(self, key: str) -> bool:
        return self.get(key).take()

    def has(self, key: str) -> bool:
        return self.get(key).has()


@dataclass
class Caps:
    """Open connections per address and in all."""

    per_address: int = PER_ADDRESS
    total: int = TOTAL
    open: dict[str, int] = field(default_factory=dict)

    def admit(self, address: str) -> bool:
        if self.open.get(address, 0) >= self.per_address or sum(self.open.values()) >= self.total:
            return False
        self.open[address] = self.open.get(address, 0) + 1
        return True

    def done(self, address: str) -> None:
        left = self.open.get(address, 0) - 1
        if left > 0:
            self.open[address] = left
        else:
            self.open.pop(address, None)


CAPS = Caps()
REFUSAL = (b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nconnection: close\r\n"
           b"content-length: %d\r\n\r\n%s")


def refusal_bytes() -> bytes:
    body = (b'{"error": "too_many", "message": {"en": "The server has too many connections (this address or in all): '
            b'try again in a moment.", "de": "Der Server hat zu viele Verbindungen (diese Adresse oder insgesamt): '
            b'Versuch es gleich noch einmal."}}')
    return REFUSAL % (len(body), body)


def too_slow_bytes(seconds: float) -> bytes:
    """The answer to a request whose body did not arrive in time: ``408`` and its text from the catalogs.

    >>> too_slow_bytes(10.0).split(b" ")[1]
    b'408'
    """
    from .protocol import texts

    body = json.dumps({"error": "too_slow", "message": texts("server.too_slow", seconds=f"{seconds:g}")},
                      ensure_ascii=False).encode()
    return (b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\nconnection: close\r\n"
            b"content-length: %d\r\n\r\n%s") % (len(body), body)


def limited_protocol(header_timeout: float = HEADER_TIMEOUT, caps: Caps | None = None) -> type:
    """uvicorn's h11 protocol class with a request timeout (its head and body) and connection caps
    (uvicorn is imported here, not at the top: this package is imported in the JupyterLite site too,
    without uvicorn)."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class LimitedH11(H11Protocol):
        """uvicorn's h11 protocol with a header timeout and connection caps."""

        header_timeout = HEADER_TIMEOUT
        caps = CAPS

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._address = self.client[0] if self.client else "?"
            self._counted = self.caps.admit(self._address)
            if not self._counted:
                transport.write(refusal_bytes())
                transport.close()
                return
            self._head_timer: asyncio.TimerHandle | None = self.loop.call_later(self.header_timeout, self._no_head)

        def _no_head(self) -> None:
            self._head_timer = None
            if self.transport.get_protocol() is not self or self.transport.is_closing():
                return
            cycle = self.cycle
            if cycle is None or cycle.response_complete:  # no complete head in time: a slow or idle client holds no slot
                self.transport.close()
            elif cycle.more_body and not cycle.response_started:  # its body did not come in time: said, then closed
                self.transport.write(too_slow_bytes(self.header_timeout))
                self.transport.close()

        def on_response_complete(self) -> None:
            # the next request on this kept connection must arrive whole in time too (the timer is
            # armed before uvicorn handles a pipelined request, which stops it when it is whole)
            if not self.transport.is_closing():
                self._arm()
            super().on_response_complete()

        def _arm(self) -> None:
            timer = getattr(self, "_head_timer", None)
            if timer is not None:
                timer.cancel()
            self._head_timer = self.loop.call_later(self.header_timeout, self._no_head)

        def _release(self) -> None:
            timer = getattr(self, "_head_timer", None)
            if timer is not None:
                timer.cancel()
                self._head_timer = None
            if getattr(self, "_counted", False):
                self._counted = False
                self.caps.done(self._address)

        def handle_websocket_upgrade(self, event: Any) -> None:
            self._release()  # a WebSocket is counted by the app
            super().handle_websocket_upgrade(event)

        def handle_events(self) -> None:
            super().handle_events()
            cycle = self.cycle
            if cycle is not None and not cycle.more_body and not cycle.response_complete \
                    and getattr(self, "_head_timer", None) is not None:
                self._head_timer.cancel()  # type: ignore[union-attr]  # the request is whole: the app answers in its time
                self._head_timer = None

        def connection_lost(self, exc: Exception | None) -> None:
            self._release()
            super().connection_lost(exc)

    LimitedH11.header_timeout = header_timeout
    LimitedH11.caps = caps if caps is not None else Caps()
    return LimitedH11
