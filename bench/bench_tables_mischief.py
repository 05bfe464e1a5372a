"""A school's load on a real ``chemgames serve``, with mischievous students among the class.

Classes of tables (default: 3 classes x 8 tables x 4 students and one bot a table, chromino) play
at a class's pace (a move every 0.5-1.5 s); each class's teacher asks for the dashboard's overview
every second and uses the controls; and a few students of each class do what a mischievous student
does, each against the same server, all at once:

- ``malformed``: text that is not JSON, unknown types, missing and extra fields, wrong kinds, numbers
  past 2**63, unpaired surrogates, bytes that are not UTF-8, messages over 16,384 characters, brackets
  nested too deep or too many, and a frame over 1 MiB (the connection is closed, code 1009);
- ``stale``: at their own seat, old versions replayed with old moves, future versions, moves when it
  is not their turn, another seat's legal move;
- ``twice``: the same name from a second device (``name_taken``), the same device again (the same
  seat and token), a seated device at another table of the class (``device_seated``);
- ``flood``: 300 WebSocket messages as fast as they go (``slow_down``), a burst of new device ids and
  of wrong join codes (``slow_down`` or ``too_many_codes`` 429, and a classmate's right code still works);
- ``slowloris``: connections that trickle their request head and are cut off by the server;
- ``names``: names of 10,000 characters, with a right-to-left override, a body over 64 KiB (413), an honest classmate's name with its space doubled or a line separator (`name_taken`);
- ``other_class``: another class's code with one's own class (``other_class``);
- ``peek``: made-up tokens, a released seat's token, ``watch`` without or with another class's key,
  the teacher's routes without a key or with another class's key (nothing of a hand comes back);
- ``race``: at the class's race table the teacher releases, moves, locks, ends and resumes while the
  student there acts and joins again;
- ``held``: a student's seat released and held a minute for their name (session 22); new devices
  under other names (ids thrown away) try to take it, a look-alike of the name too; the student comes
  back under the name to that seat; never anybody else there.
- ``next_lesson``: a student's device of the earlier lesson (last week's notebook, its code still in
  the cell; the harness sets that lesson up first, on a server whose clock is a week behind): last
  week's code with a new device seats nobody (``old_lesson``), the device comes back to its seat
  there (renumbered in today's lesson when today gave its number: no two tables of today with one
  number), its kept token joins its own seat, and the device sits down at today's table (session 23:
  it was refused everywhere, ``device_seated``).

Every answer a mischievous student gets is checked: an ``error`` (or a 4xx/503 with ``error`` and a
German and an English ``message``) with a code expected for what was sent, never a fault of the
server, never a ``state`` for a seat that is not theirs. The honest students must get no error at
all; the teachers' overviews and controls must answer. At the end every table's save file is
replayed by the rules (nothing a refusal changed), the server's log is searched for tracebacks, and
the figures printed with the load average beside each: moves' round trip and the dashboard's
overview (p50/p95/max), the teachers' controls, the server's memory (RSS) and CPU.

    nice -n 10 python bench/bench_tables_mischief.py                       # the full run (about 2 min)
    nice -n 10 python bench/bench_tables_mischief.py --baseline --repeat 2 # without and with mischief, alternating
    nice -n 10 python bench/bench_tables_mischief.py --store redis         # on a redis-server of its own

``tests/test_tables_mischief_load.py`` runs a small dose in CI (``dose()``).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Awaitable, Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from chemgames.server.students import RedisProcess, ServerProcess, Student, ws_url  # noqa: E402

ADMIN = "mischief-bench-admin-key"
SCENARIOS = ("malformed", "stale", "twice", "flood", "slowloris", "names", "other_class", "peek", "race", "held",
             "next_lesson")
WEEK = 7 * 86400.0  # seconds: the earlier lesson's server runs this far behind
# the limits: every client is on 127.0.0.1, so the address's budgets are a school's behind one router
# (docs/tables.md, Limits); the seat's and device's budgets stay the server's own
LIMITS = {"device_burst": 5000, "connections_per_address": 3000, "connections": 3500, "ws_per_address": 3000,
          "ws_total": 3500, "unjoined_burst": 5000, "unjoined_rate": 500}


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank); nan for no values.

    >>> percentile([1.0, 2.0, 3.0, 4.0], 0.5), percentile(list(map(float, range(1, 101))), 0.95)
    (2.0, 95.0)
    """
    if not values:
        return float("nan")
    ranked = sorted(values)
    return ranked[max(0, min(len(ranked) - 1, int(round(q * len(ranked))) - 1))]


@dataclass
class Findings:
    """What the run saw: every answer a mischievous student got (scenario -> code -> count), what was
    wrong (each a line), and the timings."""

    answers: dict[str, dict[str, int]] = field(default_factory=dict)
    wrong: list[str] = field(default_factory=list)
    overview_ms: list[float] = field(default_factory=list)
    control_ms: list[float] = field(default_factory=list)
    controls: dict[str, int] = field(default_factory=dict)
    loads: list[float] = field(default_factory=list)
    rss_kib: list[int] = field(default_factory=list)
    cpu: dict[str, float] = field(default_factory=dict)  # seconds of CPU: the honest side's process, the mischief's

    def merge(self, other: "Findings") -> None:
        """Add what another process's participants saw."""
        for scenario, counts in other.answers.items():
            for code, n in counts.items():
                self.answers.setdefault(scenario, {})[code] = self.answers.get(scenario, {}).get(code, 0) + n
        self.wrong += other.wrong
        self.cpu.update(other.cpu)
        self.control_ms += other.control_ms
        for what, n in other.controls.items():
            self.controls[what] = self.controls.get(what, 0) + n

    def saw(self, scenario: str, code: str) -> None:
        counts = self.answers.setdefault(scenario, {})
        counts[code] = counts.get(code, 0) + 1

    def bad(self, scenario: str, what: str) -> None:
        if len(self.wrong) < 200:
            self.wrong.append(f"{scenario}: {what[:300]}")


def said_ok(message: Any) -> bool:
    """A refusal's text: German and English, neither empty."""
    return isinstance(message, dict) and all(isinstance(message.get(lang), str) and message[lang].strip()
                                             for lang in ("de", "en"))


# ---------------------------------------------------------------------- HTTP
class Http:
    """The HTTP side of every participant: one ``httpx.AsyncClient`` (a pool of connections)."""

    def __init__(self, base: str) -> None:
        import httpx

        self.base = base
        # no connection is kept for a next request: the server closes an idle one after its header
        # timeout (2 s in the test's dose) or keep-alive (5 s), and a request sent on a kept connection
        # the moment the server closed it failed with a ReadError (the CI's dose saw it with 5 s, then
        # with 2 s against the dose's 2 s): a race of the harness, not a refusal. A ReadError on a
        # fresh connection is the server's doing and stays a finding
        self.client = httpx.AsyncClient(base_url=base, timeout=60.0,
                                        limits=httpx.Limits(max_connections=200, max_keepalive_connections=0))

    async def call(self, method: str, path: str, body: Any = None, key: str | None = None,
                   raw: bytes | None = None, kind: str = "application/json") -> tuple[int, Any]:
        headers = {"Content-Type": kind}
        if key is not None:
            headers["X-Chemgames-Key"] = key
        content = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        answer = await self.client.request(method, path, content=content, headers=headers)
        try:
            return answer.status_code, answer.json()
        except ValueError:
            return answer.status_code, answer.text

    async def device(self) -> str:
        for _ in range(100):
            status, answer = await self.call("POST", "/api/device", {})
            if status == 200:
                return str(answer["device"])
            await asyncio.sleep(0.5)
        raise RuntimeError(f"no device id: {status} {answer}")

    async def close(self) -> None:
        await self.client.aclose()


def refusal(f: Findings, scenario: str, status: int, answer: Any, expected: set[str]) -> str:
    """Check an HTTP refusal: a 4xx (or 503) with an expected code and its text in both languages."""
    code = answer.get("error", "?") if isinstance(answer, dict) else "?"
    f.saw(scenario, f"{status} {code}")
    if status >= 500 and status != 503 or code not in expected or not said_ok(answer.get("message") if isinstance(answer, dict) else None):
        f.bad(scenario, f"HTTP {status} {str(answer)[:200]} (expected one of {sorted(expected)})")
    if isinstance(answer, dict) and ("token" in answer or "view" in answer or "save" in answer):
        f.bad(scenario, f"a refusal carried a secret: {sorted(answer)}")
    return str(code)


# ---------------------------------------------------------------------- WebSocket
class Ws:
    """A WebSocket connection of a mischievous student that collects what the server says."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn

    @classmethod
    async def open(cls, base: str) -> "Ws":
        from websockets.asyncio.client import connect

        return cls(await connect(ws_url(base), max_size=2**24, open_timeout=60, compression=None))

    async def send(self, data: Any) -> None:
        await self.conn.send(data if isinstance(data, (str, bytes)) else json.dumps(data))

    async def answers(self, quiet: float = 0.5, until: Callable[[dict[str, Any]], bool] | None = None,
                      most: float = 20.0, first: float = 10.0) -> list[dict[str, Any]]:
        """What arrives until the server has said nothing for ``quiet`` seconds (or ``until`` holds, or
        it closed); the first answer is waited for ``first`` seconds (a loaded machine answers late)."""
        from websockets.exceptions import ConnectionClosed

        out: list[dict[str, Any]] = []
        end = time.monotonic() + most
        while time.monotonic() < end:
            try:
                msg = json.loads(await asyncio.wait_for(self.conn.recv(), quiet if out else max(quiet, first)))
            except (TimeoutError, asyncio.TimeoutError, ConnectionClosed):
                break
            out.append(msg)
            if until is not None and until(msg):
                break
        return out

    async def close(self) -> None:
        await self.conn.close()


def errors_ok(f: Findings, scenario: str, got: list[dict[str, Any]], expected: set[str],
              seat: int | set[int] | None = None) -> None:
    """Check WebSocket answers: each ``error`` has an expected code and both texts; a ``state`` only for
    ``seat`` (or one of the seats; a student moved by the teacher sits at another)."""
    seats = seat if isinstance(seat, set) else ({seat} if seat is not None else set())
    for msg in got:
        kind = msg.get("type")
        if kind == "error":
            f.saw(scenario, str(msg.get("code")))
            if msg.get("code") not in expected or not said_ok(msg.get("message")):
                f.bad(scenario, f"error {msg.get('code')} {str(msg.get('message'))[:160]} (expected {sorted(expected)})")
            detail = json.dumps(msg.get("message"), ensure_ascii=False)
            if "Fehler des Servers" in detail or "fault of the server" in detail.lower():
                f.bad(scenario, f"a fault of the server: {detail[:200]}")
        elif kind == "state":
            f.saw(scenario, "state")
            if msg.get("seat") not in seats:
                f.bad(scenario, f"a state for seat {msg.get('seat')} reached a connection of seat {seat}")
        else:
            f.saw(scenario, str(kind))


# ---------------------------------------------------------------------- the lesson
@dataclass
class Klass:
    """One class: its key, tables (each ``{"id", "code", ...}``), race table, honest students."""

    name: str
    key: str
    tables: list[dict[str, Any]]
    race: dict[str, Any]
    students: list[list[Student]] = field(default_factory=list)
    #: the seats of the race table the race scenario has asked the teacher to move its student to,
    #: in order: such a seat, released after with ``hold: False``, is free for anybody (``held``)
    race_moves: list[int] = field(default_factory=list)
    #: the earlier lesson's table of the class (``last_lesson``): its id, code, number, and each
    #: seat's device, token, seat and name as that lesson's notebook kept them
    last: dict[str, Any] = field(default_factory=dict)


async def make_class(http: Http, name: str, n_tables: int, seats: int, game: str, bot: str, seed: int,
                     race_seats: int = 6) -> Klass:
    status, made = await http.call("POST", "/api/classes", {"name": name}, key=ADMIN)
    assert status == 200, made
    key = made["teacher_key"]
    bots = [None] * seats + [bot]
    status, answer = await http.call("POST", "/api/tables", {"game": game, "seats": seats + 1, "tables": n_tables,
                                                            "bots": bots, "seed": seed}, key=key)
    assert status == 200, answer
    # the race table: the mischievous students' seats and a bot (nobody honest plays there: the
    # teacher's controls hit it)
    status, race = await http.call("POST", "/api/tables", {"game": game, "seats": race_seats + 1, "tables": 1,
                                                          "bots": [None] * race_seats + [bot], "seed": seed + 99}, key=key)
    assert status == 200, race
    return Klass(name, key, answer["tables"], race["tables"][0])


async def seat_students(http: Http, k: Klass, seats: int, think: float, seed: int) -> None:
    for t, table in enumerate(k.tables):
        row = []
        for s in range(seats):
            device = await http.device()
            status, got = await http.call("POST", "/api/join", {"code": table["code"], "name": f"{k.name}-{t}-{s}",
                                                               "device": device})
            assert status == 200, got
            row.append(Student(http.base, got["token"], seed=seed + 100 * t + s, think=think, jitter=0.5))
        k.students.append(row)


async def honest(student: Student, deadline: float) -> None:
    try:
        await student.play(timeout=max(1.0, deadline - time.monotonic()))
    except (TimeoutError, asyncio.TimeoutError):
        pass


def _loadavg() -> float:
    return os.getloadavg()[0]


async def watch_machine(server: ServerProcess, f: Findings, deadline: float) -> None:
    while time.monotonic() < deadline:
        f.loads.append(_loadavg())
        try:
            f.rss_kib.append(server.rss_kib())
        except OSError:
            f.bad("server", "the server process is gone")
            return
        await asyncio.sleep(1.0)


async def teacher(http: Http, k: Klass, f: Findings, deadline: float, every: float = 1.0) -> None:
    """The dashboard's overview every ``every`` seconds, and now and then a control at an honest
    table that leaves its players alone (lock and open, a new code)."""
    rng = random.Random(k.name)
    while time.monotonic() < deadline:
        t0 = time.perf_counter()
        status, answer = await http.call("GET", "/api/tables", key=k.key)
        f.overview_ms.append((time.perf_counter() - t0) * 1000)
        if status != 200:
            f.bad("teacher", f"overview {status} {str(answer)[:200]}")
        if rng.random() < 0.2:
            table = rng.choice(k.tables)
            what, body = rng.choice([("lock", {"locked": True}), ("lock", {"locked": False}), ("code", {})])
            await control(http, k, f, table["id"], what, body)
            if what == "code":
                status, got = await http.call("GET", "/api/tables", key=k.key)
                table["code"] = next(t["code"] for t in got["tables"] if t["id"] == table["id"])
        await asyncio.sleep(max(0.0, every - (time.perf_counter() - t0)))


async def control(http: Http, k: Klass, f: Findings, table_id: str, what: str, body: dict[str, Any],
                  seat: int | None = None, allowed: set[str] = frozenset()) -> tuple[int, Any]:  # type: ignore[assignment]
    path = f"/api/tables/{table_id}/" + (f"seats/{seat}/{what}" if seat is not None else what)
    t0 = time.perf_counter()
    status, answer = await http.call("POST", path, body, key=k.key)
    f.control_ms.append((time.perf_counter() - t0) * 1000)
    f.controls[f"{what} {status}"] = f.controls.get(f"{what} {status}", 0) + 1
    if status != 200 and not (isinstance(answer, dict) and answer.get("error") in allowed and said_ok(answer.get("message"))):
        f.bad("teacher", f"control {what} {status} {str(answer)[:200]}")
    return status, answer


# ---------------------------------------------------------------------- the mischief
BAD_TEXTS: list[Any] = [
    "not json", "{", "[]", "null", "17", '"join"', '{"type": "dance"}', '{"type": "act"}', '{"type": "join"}',
    '{"type": "join", "token": 5}', '{"type": "ping", "extra": 1}', '{"type": "act", "version": "3", "action": {}}',
    '{"type": "act", "version": 99999999999999999999999, "action": {}}', '{"type": "act", "version": -1, "action": []}',
    '{"type": "check", "action": "\\ud800"}', '{"\\udfff": 1}', '{"type": "act", "version": 1e400, "action": {}}',
    "x" * 20_000, "[" * 40 + "]" * 40, '{"type": "check", "action": ' + "[1]," * 0 + "[" + ",".join(["[]"] * 300) + "]}",
    b"\xff\xfe\xfd", b'{"type": "ping"}', '{"type": "join", "token": "' + "A" * 15_000 + '"}',
]
EXPECTED_MALFORMED = {"bad_json", "bad_message", "too_big", "too_many_lists", "too_deep", "join_first", "bad_token",
                      "bad_action", "slow_down", "stale", "not_your_seat", "ended", "join_late"}


async def malformed(base: str, f: Findings, token: str | None, seat: int | None) -> None:
    ws = await Ws.open(base)
    try:
        if token is not None:
            await ws.send({"type": "join", "token": token})
            errors_ok(f, "malformed", await ws.answers(quiet=1.0, until=lambda m: m.get("type") == "state"),
                      {"slow_down"}, seat)
        for text in BAD_TEXTS:
            await ws.send(text)
        refusals = [0]

        def all_refused(msg: dict[str, Any]) -> bool:  # a loaded server may pause for seconds between two answers
            refusals[0] += msg.get("type") == "error"
            return refusals[0] >= len(BAD_TEXTS) - 1  # all but the ping, which is answered pong

        got = await ws.answers(quiet=5.0, until=all_refused, most=30.0)
        errors_ok(f, "malformed", got, EXPECTED_MALFORMED | {"pong"}, seat)
        if sum(m.get("type") == "error" for m in got) < len(BAD_TEXTS) - 3:  # each is answered (the ping too)
            f.bad("malformed", f"{len(BAD_TEXTS)} bad messages, {len(got)} answers: {[m.get('code') for m in got]}")
        await ws.send({"type": "ping"})  # the connection lives on
        if not any(m.get("type") == "pong" for m in await ws.answers(quiet=2.0, until=lambda m: m.get("type") == "pong")):
            f.bad("malformed", "no pong after the bad messages: the connection did not live on")
    finally:
        await ws.close()
    await big_frame(await Ws.open(base), f)


async def big_frame(ws: Ws, f: Findings) -> None:
    """A frame over 1 MiB closes that connection (1009), nothing else. The server closes once it has
    read the frame's head: the close may come while the frame is still being sent (then ``send``
    raises), which is the same answer."""
    from websockets.exceptions import ConnectionClosed

    try:
        try:
            await ws.send("[" + "0," * 600_000 + "0]")
        except ConnectionClosed:
            pass
        else:
            await ws.answers(quiet=2.0)
        code = ws.conn.close_code
        f.saw("malformed", f"closed {code}")
        if code != 1009:
            f.bad("malformed", f"a 1.2 MB frame: closed with {code}, not 1009")
    finally:
        await ws.close()


OTHER_GAME_MOVE = {"game": "chemuno", "player": 0, "kind": "play", "params": {"card": "C2H2"}}  # the bench plays chromino


async def stale(base: str, f: Findings, token: str, seat: int, rounds: int = 6) -> None:
    """At their own seat: replay old versions and moves, future versions, moves out of turn, another
    seat's legal move; between them play properly when it is their turn (the table goes on)."""
    ws = await Ws.open(base)
    expected = {"stale", "not_your_seat", "bad_action", "slow_down", "ended", "seat_released"}
    seen_moves: list[tuple[int, Any]] = []
    try:
        await ws.send({"type": "join", "token": token})
        for _ in range(rounds):
            got = await ws.answers(quiet=1.5, until=lambda m: m.get("type") == "state" and bool(m.get("legal")), first=3.0)
            errors_ok(f, "stale", got, expected | {"refused"}, seat)
            states = [m for m in got if m.get("type") == "state"]
            if not states:
                continue
            now = states[-1]
            v = now["version"]
            if any(m.get("code") in ("seat_released", "seat_elsewhere") for m in got):
                return
            if now.get("legal"):
                seen_moves.append((v, now["legal"][0]))
            for old_v, old_move in seen_moves[:-1][-3:]:
                await ws.send({"type": "act", "version": old_v, "action": old_move})  # an old move on its old version
            if seen_moves:
                await ws.send({"type": "act", "version": v + 5, "action": seen_moves[-1][1]})  # a version to come
                await ws.send({"type": "act", "version": v, "action": {**seen_moves[-1][1], "seat": (seat + 1) % 3}})
                # another game's move, as that game's widget would send it (bad_action: this table plays another)
                await ws.send({"type": "act", "version": v, "action": {**OTHER_GAME_MOVE, "player": seat}})
            if now.get("legal"):
                await ws.send({"type": "act", "version": v, "action": now["legal"][-1]})  # a proper move
                await ws.send({"type": "act", "version": v, "action": now["legal"][0]})  # again on the same version
            else:
                await ws.send({"type": "act", "version": v, "action": {"type": "pass"}})  # not their turn
        errors_ok(f, "stale", await ws.answers(quiet=1.0), expected | {"refused"}, seat)
    finally:
        await ws.close()


async def twice(http: Http, f: Findings, k: Klass, other: Klass, rng: random.Random) -> None:
    """A seat claimed twice: the same name from a second device, the same device again, a seated
    device at another table of the class."""
    await projector(http, k)
    table = rng.choice(k.tables)
    name = f"{k.name}-0-0" if table is k.tables[0] else f"{k.name}-{k.tables.index(table)}-1"  # an honest student's name
    status, answer = await http.call("POST", "/api/join", {"code": table["code"], "name": name, "device": await http.device()})
    moving = {"bad_code"}  # the teacher may just have given that table a new code
    refusal(f, "twice", status, answer, {"name_taken", "table_full", "locked", "seat_held"} | moving)
    # a device that joins the race table, then again, then another table's code
    device = await http.device()
    body = {"code": k.race["code"], "name": f"Zwilling {rng.randrange(10**6)}", "device": device}
    first = await http.call("POST", "/api/join", body)
    again = await http.call("POST", "/api/join", body)
    if first[0] == 200:
        f.saw("twice", "200 joined")
        if again[0] != 200 or again[1].get("token") != first[1].get("token") or again[1].get("seat") != first[1].get("seat"):
            f.bad("twice", f"the same device twice: {first[1].get('seat')} then {again}")
        status, answer = await http.call("POST", "/api/join", {**body, "code": rng.choice(k.tables)["code"]})
        refusal(f, "twice", status, answer, {"device_seated"} | moving)
        # freed for anybody (not held: the next scenario's device joins there)
        await control(http, k, f, k.race["id"], "release", {"name": first[1]["name"], "hold": False},
                      seat=first[1]["seat"], allowed={"seat_changed"})
    else:
        refusal(f, "twice", *first, {"table_full", "locked", "name_taken", "seat_held"})


async def flood(http: Http, f: Findings, base: str, token: str | None, k: Klass) -> None:
    ws = await Ws.open(base)
    try:
        if token is not None:
            await ws.send({"type": "join", "token": token})
        for _ in range(300):
            await ws.send('{"type": "ping"}')
        got = await ws.answers(quiet=1.0)
        errors_ok(f, "flood", got, {"slow_down", "bad_token", "seat_released", "seat_elsewhere"}, None if token is None else -1)
        if not any(m.get("code") == "slow_down" for m in got):
            f.bad("flood", "300 pings at once and no slow_down")
    finally:
        await ws.close()
    device = await http.device()
    for i in range(8):  # wrong codes from one device: five, then slowed down (or its address's budget is spent)
        status, answer = await http.call("POST", "/api/join", {"code": "XXXXX", "name": "Rate", "device": device})
        refusal(f, "flood", status, answer, {"bad_code", "slow_down", "too_many_codes"})
    for _ in range(10):  # unknown routes, garbage bodies
        status, answer = await http.call("POST", "/api/join", raw=b"\x00" * 100)
        refusal(f, "flood", status, answer, {"bad_json", "bad_request"})


async def slowloris(base: str, f: Findings, hold: float, n: int = 10) -> None:
    """``n`` connections that trickle their request head, one byte a second, for up to ``hold`` seconds:
    each must be cut off by the server (its header timeout), the others play on."""
    host, port = base.split("//")[1].split(":")
    writers = []
    for _ in range(n):
        reader, writer = await asyncio.open_connection(host, int(port.split("/")[0]))
        writer.write(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")
        writers.append((reader, writer))
    start = time.monotonic()
    cut = [None] * n
    while time.monotonic() - start < hold and None in cut:
        await asyncio.sleep(1.0)
        for i, (reader, writer) in enumerate(writers):
            if cut[i] is not None:
                continue
            try:
                writer.write(b"X-a: b\r\n")
                await writer.drain()
                if reader.at_eof():
                    cut[i] = time.monotonic() - start  # type: ignore[call-overload]
            except (ConnectionError, OSError):
                cut[i] = time.monotonic() - start  # type: ignore[call-overload]
    for reader, writer in writers:
        writer.close()
    held = [c for c in cut if c is None]
    f.saw("slowloris", f"{n - len(held)} of {n} cut off")
    if held:
        f.bad("slowloris", f"{len(held)} of {n} trickling connections still open after {hold:.0f} s")


async def names(http: Http, f: Findings, k: Klass) -> None:
    code = k.race["code"]
    for name in ("A" * 10_000, "Ada\u202e", "\u3164", "", "   ", None, 5, ["Ada"]):
        status, answer = await http.call("POST", "/api/join", {"code": code, "name": name, "device": await http.device()})
        refusal(f, "names", status, answer, {"bad_name", "need_name", "bad_request"})
    status, answer = await http.call("POST", "/api/join", raw=json.dumps({"code": code, "name": "B" * 70_000}).encode())
    refusal(f, "names", status, answer, {"too_big"})
    status, answer = await http.call("POST", "/api/join", {"code": code, "name": "Ada"}, kind="text/plain")
    refusal(f, "names", status, answer, {"json_only"})
    # an honest classmate's name with its space doubled or a line separator: the same name on the
    # dashboard (a full table answered table_full before: the twin was not seen as the same name)
    await projector(http, k)
    for twin in (f"{k.name}-0-0".replace(" ", "  "), f"{k.name}-0-0".replace(" ", "\u2028")):
        status, answer = await http.call("POST", "/api/join", {"code": k.tables[0]["code"], "name": twin,
                                                              "device": await http.device()})
        refusal(f, "names", status, answer, {"name_taken", "locked", "bad_code"})


async def other_class(http: Http, f: Findings, k: Klass, other: Klass) -> None:
    await projector(http, other)
    status, answer = await http.call("POST", "/api/join", {"code": other.tables[0]["code"], "class": k.name,
                                                          "name": "Gast", "device": await http.device()})
    refusal(f, "other_class", status, answer, {"other_class", "slow_down", "bad_code"})  # bad_code: a new code meanwhile


async def peek(http: Http, f: Findings, base: str, k: Klass, other: Klass, rng: random.Random) -> None:
    table = rng.choice(k.tables)
    late = {"join_late"}  # a connection that has not joined is closed after the server's join_timeout
    for hello, expected in (({"type": "join", "token": "A" * 43}, {"bad_token"} | late),
                            ({"type": "watch", "table": table["id"]}, {"bad_message", "bad_key"} | late),
                            ({"type": "watch", "table": table["id"], "teacher_key": "guess"}, {"bad_key"} | late),
                            ({"type": "watch", "table": table["id"], "teacher_key": other.key}, {"bad_key", "no_table"} | late)):
        ws = await Ws.open(base)
        try:
            await ws.send(hello)
            errors_ok(f, "peek", await ws.answers(quiet=1.0), expected)
        finally:
            await ws.close()
    for path in (f"/api/tables/{table['id']}", f"/api/tables/{table['id']}/save", "/api/tables"):
        for key in (None, "guess", other.key):
            status, answer = await http.call("GET", path, key=key)
            if key == other.key and path == "/api/tables":
                if status != 200 or any(t["id"] == table["id"] for t in answer["tables"]):
                    f.bad("peek", "another class's list shows this table")
                continue
            refusal(f, "peek", status, answer, {"bad_key", "no_table"})
    for what, seat in (("release", 0), ("move", 0)):  # another class's key: not this class's table
        status, answer = await http.call("POST", f"/api/tables/{table['id']}/seats/{seat}/{what}",
                                         {"table": table["id"], "seat": 1}, key=other.key)
        refusal(f, "peek", status, answer, {"no_table", "bad_key"})


async def race(http: Http, f: Findings, base: str, k: Klass, rng: random.Random) -> None:
    """The race table: a student joins, sits and acts while the teacher ends, locks, resumes, opens,
    moves and releases their seat; each of the teacher's controls answers, the student is told, and
    the released token opens nothing."""
    from websockets.exceptions import ConnectionClosed

    device = await http.device()
    name = f"Flitzer {rng.randrange(10**6)}"
    status, got = await http.call("POST", "/api/join", {"code": k.race["code"], "name": name, "device": device})
    if status != 200:
        refusal(f, "race", status, got, {"table_full", "locked", "slow_down", "seat_held"})
        return
    ws = await Ws.open(base)
    expected = {"stale", "not_your_seat", "bad_action", "slow_down", "ended", "seat_released", "seat_elsewhere",
                "locked", "bad_token"}
    seats = {got["seat"]}  # the seats whose state this connection may get (the teacher moves the student)
    said_back: list[str] = []  # what the teacher's seat controls answered
    try:
        await ws.send({"type": "join", "token": got["token"]})
        first = await ws.answers(quiet=1.0, until=lambda m: m.get("type") == "state")
        errors_ok(f, "race", first, expected | {"refused"}, seats)
        version = max((m["version"] for m in first if m.get("type") == "state"), default=0)

        async def acts() -> None:
            for _ in range(20):
                await ws.send({"type": "act", "version": version, "action": {"type": "pass"}})
                await asyncio.sleep(0.01)

        async def controls() -> None:
            for what, body in (("end", {"ended": True}), ("lock", {"locked": True}), ("end", {"ended": False}),
                               ("lock", {"locked": False})):
                await control(http, k, f, k.race["id"], what, body)
            status, listed = await http.call("GET", "/api/tables", key=k.key)
            free = [s["seat"] for t in listed["tables"] if t["id"] == k.race["id"] for s in t["seats"]
                    if s["kind"] == "human" and not s["joined"]] if status == 200 else []
            to = free[0] if free else got["seat"]
            seats.add(to)
            k.race_moves.append(to)  # before the move: a classmate may meet its outcome before its answer
            status, answer = await control(http, k, f, k.race["id"], "move", {"table": k.race["id"], "seat": to,
                                                                             "name": name},
                                           seat=got["seat"], allowed={"seat_taken", "seat_changed", "seat_free", "bad_request"})
            said_back.append(f"move {got['seat']}->{to}: {status} {answer.get('error', '') if isinstance(answer, dict) else ''}")
            for seat in (to, got["seat"]):  # wherever the student sits now
                status, answer = await control(http, k, f, k.race["id"], "release", {"name": name, "hold": False},
                                               seat=seat, allowed={"seat_changed", "seat_free"})
                said_back.append(f"release {seat}: {status} {answer.get('error', '') if isinstance(answer, dict) else ''}")

        # both to their end: the server closes the student's connection when the seat is released
        # (seat_released) or moved, and the controls must be done before the released token is tried
        for outcome in await asyncio.gather(acts(), controls(), return_exceptions=True):
            if isinstance(outcome, BaseException) and not isinstance(outcome, ConnectionClosed):
                raise outcome
        errors_ok(f, "race", await ws.answers(quiet=1.0), expected | {"refused"}, seats)
    finally:
        await ws.close()
    again = await Ws.open(base)  # the released token: nothing of a hand
    try:
        await again.send({"type": "join", "token": got["token"]})
        answered = await again.answers(quiet=1.0)
        if any(m.get("type") == "state" for m in answered):
            f.bad("race", f"the released token of seat {got['seat']} (moved to {sorted(seats)}) joined: the controls "
                          f"answered {said_back}")
        errors_ok(f, "race", answered, {"bad_token", "seat_released", "slow_down", "join_late"})
    finally:
        await again.close()


async def held(http: Http, f: Findings, k: Klass, rng: random.Random, grabs: int = 4) -> None:
    """A seat released and held a minute for its student's name: devices that threw their ids away
    try it under other names and a look-alike of the name; the student comes back under the name.
    Nobody but the student may sit there while it is held (the race table: the teacher's move there
    may fill it, and the race's release frees it for anybody)."""
    owner = f"Halter {rng.randrange(10**6)}"
    status, first = await http.call("POST", "/api/join", {"code": k.race["code"], "name": owner, "device": None})
    if status != 200:
        refusal(f, "held", status, first, {"table_full", "locked", "seat_held", "slow_down", "too_many_codes"})
        return
    f.saw("held", "200 joined")
    seat = first["seat"]
    status, _ = await control(http, k, f, k.race["id"], "release", {"name": owner}, seat=seat, allowed={"seat_changed"})
    if status != 200:
        return
    moves_before = len(k.race_moves)
    lookalike = owner.replace("a", "\u0430")  # Cyrillic a: looks the same on the dashboard
    taken: list[tuple[str, int]] = []  # the grabbers keep the free seats they get: the later ones meet the hold
    for name in [f"Greifer {rng.randrange(10**6)}" for _ in range(grabs)] + [lookalike]:
        status, answer = await http.call("POST", "/api/join", {"code": k.race["code"], "name": name, "device": None})
        if status == 200:
            f.saw("held", "200 another seat")
            if answer.get("seat") == seat and seat not in k.race_moves[moves_before:]:
                # (the race's student moved there by the teacher and released with ``hold: False``
                # frees it for anybody: that is the teacher's choice, not a broken hold)
                f.bad("held", f"{name!r} took seat {seat}, held for {owner!r}")
            taken.append((answer["name"], answer["seat"]))
        else:
            refusal(f, "held", status, answer, {"seat_held", "table_full", "locked", "name_lookalike", "slow_down", "too_many_codes"})
    status, back = await http.call("POST", "/api/join", {"code": k.race["code"], "name": owner, "device": None})
    for name, at in taken:  # the teacher frees the grabbers' seats for anybody (the next scenario)
        await control(http, k, f, k.race["id"], "release", {"name": name, "hold": False}, seat=at,
                      allowed={"seat_changed", "seat_free"})
    if status == 200:
        f.saw("held", "200 back")
        if back.get("seat") != seat:  # the teacher's move may have filled it: then the student sits elsewhere
            f.saw("held", "200 back elsewhere")
        await control(http, k, f, k.race["id"], "release", {"name": owner, "hold": False}, seat=back["seat"],
                      allowed={"seat_changed"})
    else:  # the race's lock, or the race's student moved into the held seat by the teacher
        refusal(f, "held", status, back, {"table_full", "locked", "seat_held", "slow_down", "too_many_codes"})


async def last_lesson(base: str, names: list[str], seats: int, game: str, seed: int) -> dict[str, dict[str, Any]]:
    """The earlier lesson (on a server whose clock is a week behind): each class (by name) and one
    table of ``seats + 1`` people where ``seats`` students sit (one seat stays free: a new device must
    not take it next week); what each student's notebook kept."""
    http = Http(base)
    out: dict[str, dict[str, Any]] = {}
    try:
        for c, name in enumerate(names):
            status, made = await http.call("POST", "/api/classes", {"name": name}, key=ADMIN)
            assert status == 200, made
            status, answer = await http.call("POST", "/api/tables", {"game": game, "seats": seats + 1, "tables": 1,
                                                                    "seed": seed + 500 + c}, key=made["teacher_key"])
            assert status == 200, answer
            table = answer["tables"][0]
            kept = []
            for s in range(seats):
                who = f"Letzte {c}-{s}"
                status, got = await http.call("POST", "/api/join", {"code": table["code"], "name": who, "device": None})
                assert status == 200, got
                kept.append((got["device"], got["token"], got["seat"], who))
            out[name] = {"id": table["id"], "code": table["code"], "number": table.get("number"), "seats": kept}
    finally:
        await http.close()
    return out


#: the devices of the earlier lesson that came back to their seat there today (class, which student):
#: that seat is then one of today's lesson (the device's one seat), in this process
RETURNED: set[tuple[str, int]] = set()


async def next_lesson(http: Http, f: Findings, base: str, k: Klass, m: int, rng: random.Random) -> None:
    """A device of the earlier lesson at today's lesson: last week's code with a new device seats
    nobody while that table is of the earlier lesson; the device sits down at today's table (before
    session 23 it was refused everywhere, ``device_seated``: still right once it came back to its
    old seat today, which a return files in today's lesson); with last week's code it comes back to
    its seat (under today's next number if today gave its old one); its kept token joins its own
    seat; today's tables never share a number."""
    if not k.last:
        f.bad("next_lesson", f"no earlier lesson set up for {k.name}")
        return
    device, token, seat, name = k.last["seats"][m % len(k.last["seats"])]
    status, answer = await http.call("POST", "/api/join", {"code": k.last["code"], "name": f"Neu {rng.randrange(10**6)}",
                                                          "device": None})
    if status == 200:  # only at a table a return filed in today's lesson (it says its number before)
        f.saw("next_lesson", "200 new at a table filed today")
        if answer.get("was") is None:
            f.bad("next_lesson", f"a new device sat down at last week's table (seat {answer.get('seat')})")
        await control(http, k, f, k.last["id"], "release", {"name": answer["name"], "hold": False}, seat=answer["seat"],
                      allowed={"seat_changed"})
    elif refusal(f, "next_lesson", status, answer, {"old_lesson", "too_many_codes", "table_full"}) == "old_lesson" \
            and not all(k.last["code"] in answer["message"][lang] for lang in ("de", "en")):
        f.bad("next_lesson", f"old_lesson does not name the code: {answer['message']}")
    status, today = await http.call("POST", "/api/join", {"code": k.race["code"], "name": f"Wieder {rng.randrange(10**6)}",
                                                         "device": device})
    freed = True
    if status == 200:
        f.saw("next_lesson", "200 today")
        freed = (await control(http, k, f, k.race["id"], "release", {"name": today["name"], "hold": False},
                               seat=today["seat"], allowed={"seat_changed"}))[0] == 200  # the device free again
    else:  # device_seated only once this device came back to its seat of last week today
        refusal(f, "next_lesson", status, today,
                {"table_full", "locked", "seat_held"} | ({"device_seated"} if (k.name, m) in RETURNED else set()))
    status, back = await http.call("POST", "/api/join", {"code": k.last["code"], "name": name, "device": device})
    if status != 200:  # the device's seat of last week is its own: never refused (unless it still sits today)
        if freed or refusal(f, "next_lesson", status, back, {"device_seated"}) != "device_seated":
            f.bad("next_lesson", f"last week's device with last week's code: {status} {str(back)[:200]}")
        return
    RETURNED.add((k.name, m))
    f.saw("next_lesson", "200 back")
    if (back.get("seat"), back.get("token")) != (seat, token):
        f.bad("next_lesson", f"back at seat {back.get('seat')}, not its seat {seat} (or another token)")
    if back.get("was") is not None:
        f.saw("next_lesson", "renumbered")
    ws = await Ws.open(base)  # the notebook's kept token: its own seat, under the number the join said
    try:
        await ws.send({"type": "join", "token": token})
        got = await ws.answers(quiet=1.0, until=lambda msg: msg.get("type") == "state")
        errors_ok(f, "next_lesson", got, {"slow_down"}, seat)
        states = [msg for msg in got if msg.get("type") == "state"]
        if not states:
            f.bad("next_lesson", f"the kept token of last week's seat {seat} got no state: {got[:3]}")
        elif states[-1].get("number") != back.get("number"):
            f.bad("next_lesson", f"the state says Tisch {states[-1].get('number')}, the join {back.get('number')}")
    finally:
        await ws.close()
    status, listed = await http.call("GET", "/api/tables", key=k.key)
    if status == 200:
        rows = [t for t in listed["tables"] if t.get("lesson") and t.get("number") is not None]
        latest = max((t["lesson"] for t in rows), default=None)
        numbers = sorted(t["number"] for t in rows if t["lesson"] == latest)
        if len(numbers) != len(set(numbers)):
            f.bad("next_lesson", f"two tables of today's lesson with one number: {numbers}")


async def mischief(http: Http, f: Findings, base: str, k: Klass, other: Klass, deadline: float, seed: int,
                   token: str, seat: int, only: tuple[str, ...] = SCENARIOS, hold: float = 12.0, m: int = 0) -> None:
    """One mischievous student (the class's ``m``-th): scenario after scenario until ``deadline``
    (each at least once)."""
    rng = random.Random(seed)
    order = list(only)
    rng.shuffle(order)
    runs: dict[str, Callable[[], Awaitable[None]]] = {
        "malformed": lambda: malformed(base, f, token, seat),
        "stale": lambda: stale(base, f, token, seat),
        "twice": lambda: twice(http, f, k, other, rng),
        "flood": lambda: flood(http, f, base, None, k),
        "slowloris": lambda: slowloris(base, f, hold),
        "names": lambda: names(http, f, k),
        "other_class": lambda: other_class(http, f, k, other),
        "peek": lambda: peek(http, f, base, k, other, rng),
        "race": lambda: race(http, f, base, k, rng),
        "held": lambda: held(http, f, k, rng),
        "next_lesson": lambda: next_lesson(http, f, base, k, m, rng),
    }
    i = 0
    while i < len(order) or time.monotonic() < deadline:
        what = order[i % len(order)]
        i += 1
        try:
            await runs[what]()
        except Exception as exc:  # noqa: BLE001 - a scenario that could not run is a finding, not the end of the run
            f.bad(what, f"the scenario stopped: {type(exc).__name__}: {exc}")
        await asyncio.sleep(rng.uniform(0.1, 0.5))


def mischief_process(base: str, plan: list[tuple[Klass, Klass, int, str, int, int]], deadline: float,
                     only: tuple[str, ...], hold: float, share: bool) -> Findings:
    """Every mischievous student of ``plan`` (class, another class, seed, own token and seat, which of
    the class) in this
    process until ``deadline`` (``time.monotonic()``: one clock for every process of the machine);
    what they saw. ``share``: the scenarios are shared out among them (each student runs its share at
    least once: a short dose), else each student runs every one at least once."""
    async def all_of_them() -> Findings:
        http = Http(base)
        f = Findings()
        n = len(plan)
        cpu = time.process_time()
        try:
            await asyncio.gather(*(mischief(http, f, base, k, other, deadline, seed, token, seat,
                                            only=only[i % n::n] if share and n <= len(only) else only, hold=hold, m=m)
                                   for i, (k, other, seed, token, seat, m) in enumerate(plan)))
        finally:
            await http.close()
        f.cpu["mischief"] = time.process_time() - cpu
        return f

    return asyncio.run(all_of_them())


async def projector(http: Http, k: Klass) -> None:
    """Read the join codes off the projector (the teacher may have given a table a new one)."""
    status, listed = await http.call("GET", "/api/tables", key=k.key)
    if status == 200:
        codes = {t["id"]: t["code"] for t in listed["tables"]}
        for table in [*k.tables, k.race]:
            table["code"] = codes.get(table["id"], table["code"])


# ---------------------------------------------------------------------- checks after the lesson
async def replay_saves(http: Http, f: Findings, classes: list[Klass]) -> int:
    """Every table's save file replays by the rules (the server's actions are legal, in order)."""
    from chemgames.core.registry import load_game

    moves = 0
    for k in classes:
        for table in [*k.tables, k.race]:
            status, answer = await http.call("GET", f"/api/tables/{table['id']}/save", key=k.key)
            if status != 200:
                f.bad("after", f"save of {table['id']}: {status} {str(answer)[:200]}")
                continue
            try:
                game = load_game(answer["save"])
            except Exception as exc:  # noqa: BLE001
                f.bad("after", f"save of {table['id']} does not replay: {type(exc).__name__}: {exc}")
                continue
            moves += len(game.log)
    return moves


def log_faults(path: str) -> list[str]:
    """Lines of the server's log that are a fault of the server (a traceback, an error of ours)."""
    text = Path(path).read_text("utf-8", errors="replace")
    return [line for line in text.splitlines() if "Traceback" in line or " ERROR" in line or line.startswith("ERROR")
            or "Exception in" in line]


@dataclass
class Run:
    findings: Findings
    round_trips: list[float]
    moves: int
    honest_errors: list[dict[str, Any]]
    faults: list[str]
    cpu: float
    wall: float
    replayed: int
    span: tuple[float, float] = (0.0, 0.0)  # seconds into the lesson of the first and the last honest move


async def lesson(base: str, server: ServerProcess, n_classes: int, n_tables: int, seats: int, duration: float,
                 naughty: int, game: str, bot: str, think: float, seed: int, hold: float,
                 only: tuple[str, ...] = SCENARIOS, share: bool = False, last: dict[str, dict[str, Any]] | None = None) -> Run:
    from bench_tables import round_trips  # the same round trip as the load bench

    http = Http(base)
    f = Findings()
    try:
        # the race table's human seats: each mischievous student's own, and room for the twice and
        # race scenarios' short visits (a full table is an answer too); chromino seats 8 at most
        race_seats = min(7, naughty + 3)
        classes = [await make_class(http, class_name(c), n_tables, seats, game, bot, seed + 1000 * c, race_seats)
                   for c in range(n_classes)]
        for k in classes:  # the earlier lesson's table of the class (next_lesson)
            k.last = dict((last or {}).get(k.name, {}))
        for c, k in enumerate(classes):
            await seat_students(http, k, seats, think, seed + 1000 * c)
        # each mischievous student's own seat at the race table (stale and malformed use it)
        seated = []
        for c, k in enumerate(classes):
            for s in range(naughty):
                status, got = await http.call("POST", "/api/join", {"code": k.race["code"], "name": f"Frech {c}-{s}",
                                                                   "device": await http.device()})
                assert status == 200, got
                seated.append((got["token"], got["seat"]))
        cpu0, mine = server.cpu_seconds(), time.process_time()
        t0, p0 = time.monotonic(), time.perf_counter()
        deadline = t0 + duration
        jobs: list[Awaitable[Any]] = [honest(s, deadline) for k in classes for row in k.students for s in row]
        jobs += [teacher(http, k, f, deadline) for k in classes]
        jobs.append(watch_machine(server, f, deadline))
        # the mischief in a process of its own: its CPU (a 1.2 MB frame, 300 pings at once, the
        # slow connections' loops) does not delay the honest students' clocks in this one
        plan = [(replace(k, students=[]), replace(classes[(c + 1) % len(classes)], students=[]), seed + c * naughty + m,
                 *seated[c * naughty + m], m) for c, k in enumerate(classes) for m in range(naughty)]
        pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) if plan else None
        try:
            if pool is not None:
                jobs.append(asyncio.get_running_loop().run_in_executor(pool, mischief_process, base, plan, deadline,
                                                                       only, hold, share))
            done = await asyncio.gather(*jobs, return_exceptions=True)
        finally:
            if pool is not None:
                pool.shutdown()
        for other in done:
            if isinstance(other, Findings):
                f.merge(other)
            elif isinstance(other, BaseException):  # a participant that stopped: said with the rest, not a bare traceback
                f.bad("participant", f"stopped: {type(other).__name__}: {other}")
        wall = time.monotonic() - t0
        cpu = server.cpu_seconds() - cpu0
        f.cpu["students and teachers"] = time.process_time() - mine
        honest_students = [s for k in classes for row in k.students for s in row]
        trips = [x for k in classes for row in k.students for x in round_trips(row)]
        moves = sum(len(s.sent) for s in honest_students)
        for k in classes:  # the honest tables went on
            for t, row in zip(k.tables, k.students):
                if not any(s.sent for s in row):
                    f.bad("tables", f"no honest move at table {t['code']} of {k.name} in {wall:.0f} s")
        replayed = await replay_saves(http, f, classes)
        errors = [e for s in honest_students for e in s.errors]
    finally:
        await http.close()
    sent = [t - p0 for s in honest_students for t in s.sent.values()]
    return Run(f, trips, moves, errors, [], cpu, wall, replayed, (min(sent, default=0.0), max(sent, default=0.0)))


def class_name(c: int) -> str:
    """The ``c``-th class's name (its id on the server).

    >>> class_name(0)
    'Klasse 7'
    """
    return f"Klasse {c + 7}"


def figures(label: str, values: list[float], loads: list[float]) -> str:
    if not values:
        return f"{label}: none"
    return (f"{label}: p50 {percentile(values, 0.5):.0f} / p95 {percentile(values, 0.95):.0f} / max {max(values):.0f} ms"
            f" over {len(values)} [load {min(loads):.1f}-{max(loads):.1f}, mean {sum(loads) / len(loads):.1f}, "
            f"{os.cpu_count()} cores]" if loads else f"{label}: {len(values)}")


def report(run: Run, label: str) -> str:
    f = run.findings
    lines = [f"== {label}",
             figures("moves' round trip (honest tables)", run.round_trips, f.loads),
             figures("dashboard overview (GET /api/tables)", f.overview_ms, f.loads),
             figures("teacher's controls", f.control_ms, f.loads),
             f"moves by honest students {run.moves} in {run.wall:.0f} s (between {run.span[0]:.0f} and {run.span[1]:.0f} s: "
             f"{run.moves / max(1e-9, run.span[1] - run.span[0]):.1f}/s); moves stored and "
             f"replayed from the saves {run.replayed}; server CPU {run.cpu:.1f} s ({100 * run.cpu / run.wall:.0f} % of a core); "
             + ", ".join(f"{who}: CPU {sec:.1f} s" for who, sec in sorted(f.cpu.items())),
             f"server RSS: start {f.rss_kib[0] / 1024:.0f} MiB, max {max(f.rss_kib) / 1024:.0f} MiB, end "
             f"{f.rss_kib[-1] / 1024:.0f} MiB" if f.rss_kib else "server RSS: not read",
             f"teacher's controls: {dict(sorted(f.controls.items()))}"]
    for scenario in sorted(f.answers):
        lines.append(f"  {scenario}: {dict(sorted(f.answers[scenario].items()))}")
    lines.append(f"honest students' errors: {len(run.honest_errors)} "
                 f"{sorted({str(e.get('code', e.get('type'))) for e in run.honest_errors})}")
    lines.append(f"server log faults: {len(run.faults)}" + "".join(f"\n    {x[:200]}" for x in run.faults[:10]))
    lines.append(f"WRONG: {len(f.wrong)}" + "".join(f"\n    {x}" for x in f.wrong[:40]))
    return "\n".join(lines)


def play(store: str, n_classes: int = 3, n_tables: int = 8, seats: int = 4, duration: float = 80.0, naughty: int = 3,
         game: str = "chromino", bot: str = "greedy", think: float = 1.5, seed: int = 1, hold: float = 14.0,
         header_timeout: float = 10.0, join_timeout: float = 30.0, only: tuple[str, ...] = SCENARIOS,
         folder: str | None = None, share: bool = False) -> Run:
    """One lesson against a fresh ``chemgames serve`` on ``store`` (``"sqlite"``, ``"redis"`` or a
    store URL): start it, play, check, stop it (and a redis-server it started)."""
    folder = folder or tempfile.mkdtemp(prefix="chemgames-mischief-")
    redis = RedisProcess(folder) if store == "redis" else None
    url = redis.url if redis else (f"sqlite:///{folder}/tables.db" if store == "sqlite" else store)
    log = os.path.join(folder, "server.log")
    try:
        last = None
        if naughty and "next_lesson" in only:  # the earlier lesson, on the same store, a week ago
            # a week ago for the process and for the store (the lesson's day is the store's clock's)
            earlier = ServerProcess(url, ADMIN, log=os.path.join(folder, "last-lesson.log"), clock_skew=-WEEK,
                                    store_skew=-WEEK)
            try:
                last = asyncio.run(last_lesson(earlier.base, [class_name(c) for c in range(n_classes)], naughty, game, seed))
            finally:
                earlier.stop()
        server = ServerProcess(url, ADMIN, log=log,
                               env={"CHEMGAMES_LIMITS": json.dumps({**LIMITS, "header_timeout": header_timeout,
                                                                  "join_timeout": join_timeout})})
        try:
            sys.path.insert(0, str(Path(__file__).resolve().parent))
            run = asyncio.run(lesson(server.base, server, n_classes, n_tables, seats, duration, naughty, game, bot,
                                     think, seed, hold, only, share, last))
            if server.proc.poll() is not None:
                run.findings.bad("server", f"the server ended (exit code {server.proc.poll()})")
        finally:
            server.stop()
        run.faults = log_faults(log) + (log_faults(os.path.join(folder, "last-lesson.log")) if last is not None else [])
        return run
    finally:
        if redis is not None:
            redis.stop()


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--store", default="sqlite", help="sqlite, redis (a redis-server of its own) or a store URL")
    p.add_argument("--classes", type=int, default=3)
    p.add_argument("--tables", type=int, default=8)
    p.add_argument("--seats", type=int, default=4, help="students a table (and one bot)")
    p.add_argument("--naughty", type=int, default=3, help="mischievous students a class")
    p.add_argument("--seconds", type=float, default=80.0)
    p.add_argument("--game", default="chromino")
    p.add_argument("--bot", default="greedy")
    p.add_argument("--think", type=float, default=1.5,
                   help="an honest student's wait before a move (x 0.5-1.5; at 1.5 a chromino game of 5 lasts ~80 s)")
    p.add_argument("--baseline", action="store_true", help="first the same lesson without mischief")
    p.add_argument("--repeat", type=int, default=1, help="lessons of each kind, alternating (with --baseline)")
    p.add_argument("--keep", action="store_true", help="keep each lesson's folder (the store, the server's log)")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    print(f"{args.classes} classes x {args.tables} tables x {args.seats} students + 1 bot ({args.game}, {args.bot}), "
          f"{args.naughty} mischievous students a class, {args.seconds:.0f} s, store {args.store}; "
          f"load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)
    wrong = 0
    for naughty in ([0, args.naughty] if args.baseline else [args.naughty]) * args.repeat:
        with tempfile.TemporaryDirectory(prefix="chemgames-mischief-") as folder:
            if args.keep:
                folder = tempfile.mkdtemp(prefix="chemgames-mischief-")
            run = play(args.store, args.classes, args.tables, args.seats, args.seconds, naughty, args.game, args.bot,
                       args.think, args.seed, folder=folder)
            print(report(run, f"{naughty} mischievous students a class" + (f" (kept in {folder})" if args.keep else "")),
                  flush=True)
        wrong += len(run.findings.wrong) + len(run.honest_errors) + len(run.faults)
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
