"""Simulated students: asyncio WebSocket clients that sit at a table and play from the legal actions
the server sends them. The tests and ``bench/bench_tables.py`` run dozens of them at once; each
keeps every message it received (to check it for other players' cards) and when it sent its moves
(to time the round trip to the other players).
"""
from __future__ import annotations

import asyncio
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any

from .client import request
from .protocol import merged_log


def ws_url(base: str) -> str:
    """The WebSocket address of a server.

    >>> ws_url("http://127.0.0.1:8765")
    'ws://127.0.0.1:8765/ws'
    """
    return base.replace("http", "ws", 1).rstrip("/") + "/ws"


_NAMES = iter(range(1, 10**9))


def claim_seat(base: str, code: str, class_id: str | None = None, name: str | None = None,
               device: str | None = None) -> dict[str, Any]:
    """Trade a join code for a seat from a device of its own (the join gives a new device id unless
    ``device``), as ``chemgames.join`` does, without keeping anything on disk; the answer has
    ``device`` too."""
    base = base.rstrip("/")
    return request("POST", base + "/api/join", {"code": code, "class": class_id, "device": device,
                                                "name": name or f"Schüler {next(_NAMES)}"})


async def claim(base: str, code: str, class_id: str | None = None, name: str | None = None) -> dict[str, Any]:
    """:func:`claim_seat` off the event loop."""
    return await asyncio.to_thread(claim_seat, base, code, class_id, name)


@dataclass
class Student:
    """One student's device: a seat token, a server, and a random way of choosing moves."""

    base: str
    token: str
    seed: int = 0
    think: float = 0.0  # seconds before each move (a person takes longer; a benchmark takes none)
    # each wait drawn uniformly from think × (1 ± jitter), from its own seeded generator: students do
    # not all move in step, and tables that all wait exactly ``think`` send their moves in bursts
    jitter: float = 0.0
    lang: str = "de"
    received: list[dict[str, Any]] = field(default_factory=list)
    arrived: list[float] = field(default_factory=list)  # time.perf_counter() of each message
    sent: dict[int, float] = field(default_factory=dict)  # version acted on + 1 -> when the move was sent
    errors: list[dict[str, Any]] = field(default_factory=list)

    @property
    def last(self) -> dict[str, Any] | None:
        states = [m for m in self.received if m.get("type") == "state"]
        return states[-1] if states else None

    def pause(self, waits: random.Random) -> float:
        """Seconds before the next move: ``think``, spread by ``jitter`` (the generator is the
        student's own, so a seed gives the same waits and the moves chosen do not change).

        >>> s = Student("http://127.0.0.1:1", "t", seed=3, think=1.0, jitter=0.5)
        >>> waits = [s.pause(random.Random("think 3")) for _ in range(2)]
        >>> waits[0] == waits[1] and 0.5 <= waits[0] <= 1.5
        True
        >>> all(0.5 <= s.pause(w) <= 1.5 for w in [random.Random(i) for i in range(200)])
        True
        >>> Student("http://127.0.0.1:1", "t", think=0.2).pause(random.Random(1))
        0.2
        """
        return self.think * (1 + self.jitter * (2 * waits.random() - 1))

    async def play(self, until_version: int | None = None, timeout: float = 120.0) -> None:
        """Join and play until the game is over (or the table reaches ``until_version``)."""
        from websockets.asyncio.client import connect

        rng = random.Random(self.seed)
        waits = random.Random(f"think {self.seed}")
        kept: list[dict[str, Any]] = []
        async with connect(ws_url(self.base), max_size=2**24, open_timeout=timeout) as ws:
            await ws.send(json.dumps({"type": "join", "token": self.token, "lang": self.lang}))
            async with asyncio.timeout(timeout):
                async for raw in ws:
                    now = time.perf_counter()
                    msg = json.loads(raw)
                    if msg["type"] == "state":  # the whole view, as game.view(seat) gives it
                        msg["view"]["log"] = kept = merged_log(kept, msg)
                    self.received.append(msg)
                    self.arrived.append(now)
                    if msg["type"] in ("error", "refused"):
                        self.errors.append(msg)
                    if msg["type"] != "state":
                        continue
                    if msg["view"]["is_over"] or (until_version is not None and msg["version"] >= until_version):
                        return
                    if msg["legal"]:
                        if self.think:
                            await asyncio.sleep(self.pause(waits))
                        self.sent[msg["version"] + 1] = time.perf_counter()
                        await ws.send(json.dumps({"type": "act", "version": msg["version"],
                                                  "action": rng.choice(msg["legal"])}))


async def seat_class(base: str, codes: list[tuple[str, int]], seed: int = 0, **student: Any) -> list[list[Student]]:
    """Students for every seat of the tables ``(code, seats)``: one list of students per table."""
    out = []
    for t, (code, seats) in enumerate(codes):
        table = []
        for s in range(seats):
            found = await claim(base, code)
            table.append(Student(base, found["token"], seed=seed + 100 * t + s, **student))
        out.append(table)
    return out


#: the ``sitecustomize`` of a server process whose clock is off (:class:`ServerProcess`'s
#: ``clock_skew``): its ``time.time()`` shifted by $CHEMGAMES_TEST_CLOCK_SKEW seconds (with an
#: SQLite store that is the store's clock too, and so the lesson's day); Redis's clock as the
#: process reads it (``RedisStore.now``) by $CHEMGAMES_TEST_STORE_SKEW (``store_skew``: last week's
#: lesson on a Redis store); $CHEMGAMES_TEST_SEAT_HOLD sets the seat's hold (seconds)
SKEWED_CLOCK = '''\
import os
import time

_skew = float(os.environ.get("CHEMGAMES_TEST_CLOCK_SKEW", "0"))
if _skew:
    _real = time.time
    time.time = lambda: _real() + _skew
_store_skew = float(os.environ.get("CHEMGAMES_TEST_STORE_SKEW", "0"))
if _store_skew:
    import chemgames.server.store

    _redis_now = chemgames.server.store.RedisStore.now

    async def _skewed_now(self):
        return await _redis_now(self) + _store_skew

    chemgames.server.store.RedisStore.now = _skewed_now
if os.environ.get("CHEMGAMES_TEST_SEAT_HOLD"):
    import chemgames.server.seats

    chemgames.server.seats.SEAT_HOLD = float(os.environ["CHEMGAMES_TEST_SEAT_HOLD"])
'''


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``chemgames serve`` in its own process on a free loopback port (tests, benchmark)."""

    def __init__(self, store: str, teacher_key: str, env: dict[str, str] | None = None, log: str | None = None,
                 port: int | None = None, clock_skew: float = 0.0, store_skew: float = 0.0) -> None:
        """``clock_skew``: the process's clock (``time.time()``) that many seconds off (another
        machine's clock), by a ``sitecustomize`` (:data:`SKEWED_CLOCK`); ``store_skew``: Redis's
        clock as this process reads it (both together: last week's lesson, whichever the store).
        The lesson's day is the store's clock's (``Store.now``): with SQLite the process's own."""
        import os
        import subprocess
        import sys

        from urllib.parse import urlparse

        env = dict(env or {})
        if clock_skew or store_skew or "CHEMGAMES_TEST_SEAT_HOLD" in env:
            import tempfile

            folder = tempfile.mkdtemp(prefix="chemgames-clock-")
            with open(os.path.join(folder, "sitecustomize.py"), "w", encoding="utf-8") as f:
                f.write(SKEWED_CLOCK)
            env["CHEMGAMES_TEST_CLOCK_SKEW"] = repr(float(clock_skew))
            env["CHEMGAMES_TEST_STORE_SKEW"] = repr(float(store_skew))
            env["PYTHONPATH"] = os.pathsep.join(p for p in (folder, env.get("PYTHONPATH", os.environ.get("PYTHONPATH"))) if p)
        if not teacher_key and "CHEMGAMES_KEY_FILE" not in env:  # the key the server makes: not in the real home
            import tempfile

            env["CHEMGAMES_KEY_FILE"] = os.path.join(tempfile.mkdtemp(prefix="chemgames-key-"), "teacher-key")
        self.key_file = env.get("CHEMGAMES_KEY_FILE")
        # every simulated student is a device on 127.0.0.1: a class of hundreds behind one address
        env.setdefault("CHEMGAMES_LIMITS", json.dumps({"device_burst": 2000, "connections_per_address": 2000,
                                                       "connections": 3000, "ws_per_address": 2000, "ws_total": 3000,
                                                       "unjoined_burst": 5000}))
        hub_url = urlparse(env.get("JUPYTERHUB_SERVICE_URL", ""))  # as a JupyterHub service: where the hub says
        self.port = hub_url.port or port or free_port()
        self.base = f"http://127.0.0.1:{self.port}" + env.get("JUPYTERHUB_SERVICE_PREFIX", "").rstrip("/")
        self.store, self.teacher_key = store, teacher_key
        full_env = {**os.environ, **env, "CHEMGAMES_TEACHER_KEY": teacher_key}
        if not teacher_key:  # the server makes its own key (and prints it)
            del full_env["CHEMGAMES_TEACHER_KEY"]
        self.log = log
        out = open(log, "ab") if log else subprocess.DEVNULL  # noqa: SIM115 - kept open while it runs
        where = [] if hub_url.port else ["--port", str(self.port)]
        self.proc = subprocess.Popen([sys.executable, "-m", "chemgames.cli", "serve", *where, "--store", store],
                                     env=full_env, stdout=out, stderr=out)
        self.wait_ready()

    def wait_ready(self, timeout: float = 180.0) -> None:
        """Wait until the server answers ``/api/health``. On a busy machine (CI: both cores taken by
        the other tests) starting the process took 38 s and its first answer 2.5 s, so each probe
        waits for its answer as long as time is left (a port nobody listens on yet refuses at once),
        and only a process that ended, or no answer in ``timeout`` seconds, is a server that did not
        start: said with the end of its log."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                request("GET", self.base + "/api/health", timeout=max(1.0, deadline - time.monotonic()))
                return
            except Exception:  # noqa: BLE001 - not up yet
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    tail = ""
                    if self.log:
                        with open(self.log, "rb") as f:
                            tail = "; its log ends: " + f.read()[-1500:].decode(errors="replace")
                    code = self.proc.poll()
                    self.stop()  # a server that never answered is not left running
                    raise RuntimeError(f"the table server did not start (exit code {code}){tail}") from None
                time.sleep(0.1)

    def rss_kib(self) -> int:
        """The process's resident memory (Linux ``/proc``)."""
        with open(f"/proc/{self.proc.pid}/status") as f:
            return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))

    def cpu_seconds(self) -> float:
        """User and system CPU time the process has used (Linux ``/proc``)."""
        import os

        with open(f"/proc/{self.proc.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def kill9(self) -> None:
        import signal

        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except Exception:  # noqa: BLE001
                self.kill9()


class RedisProcess:
    """A real ``redis-server`` on a free loopback port (or ``port``), its files in ``folder``;
    ``persist``: an append-only file written at every command (it survives a restart)."""

    def __init__(self, folder: str, port: int | None = None, persist: bool = False) -> None:
        import subprocess

        self.folder, self.persist = folder, persist
        self.port = port or free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        keep = ["--appendonly", "yes", "--appendfsync", "always"] if persist else ["--appendonly", "no"]
        self.proc = subprocess.Popen(["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--dir", folder,
                                      "--save", "", *keep], stdout=subprocess.DEVNULL)
        import redis

        client = redis.Redis(port=self.port)
        deadline = time.monotonic() + 120  # as long as it runs: a busy machine starts it late (5 s was a guess)
        while True:
            try:
                client.ping()
                return
            except redis.ConnectionError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    code = self.proc.poll()
                    self.proc.kill()
                    self.proc.wait(10)
                    raise RuntimeError(f"redis-server did not start (exit code {code})") from None
                time.sleep(0.05)

    def restart(self, down: float = 1.0) -> None:
        """Kill it (``SIGKILL``) and start it again on the same port after ``down`` seconds."""
        self.proc.kill()
        self.proc.wait(10)
        time.sleep(down)
        self.__init__(self.folder, self.port, self.persist)  # type: ignore[misc]

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)
