"""The class-table server under a class's load: move round trip, CPU and memory, and how many
tables one process holds.

Round trip: a bot-driven client sends its move; the time until each of the other clients at the
table has received the new state (one sample per other client). 30 tables of 4 clients play whole
games at once, the clients in this process (asyncio), the server in its own:

- SQLite, one server process (the default store);
- Redis, two server processes, each table's clients spread over both (seats 1 and 3 on one,
  2 and 4 on the other), so every move crosses Redis pub/sub.

Memory per table: the server's RSS before and after 200 more tables were set up (each game
loaded), divided by 200; and tracemalloc's count of what one table's game and record hold.

    nice -n 10 python bench/bench_tables.py                    # the issue's measurement
    nice -n 10 python bench/bench_tables.py --tables 8 --think 0 --no-redis   # a quick look
    nice -n 10 python bench/bench_tables.py --sweep 10,25,50,100 --moves 40   # tables x 4 clients -> p50/p95/max

``--sweep`` plays each count of tables (each table ``--moves`` moves, then it stops) against a fresh
server process and prints, per count: the round trip's median, p95 and max, the moves a second, the
server's CPU (ms a move and share of a core) and its memory (RSS), with the load average and the
machine's core count beside every line; then the largest count whose p95 stayed within 100 ms. With
Redis (not ``--no-redis``) the same for two server processes, each table's clients spread over both.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import chemgames.tables as tables  # noqa: E402
from chemgames.core.registry import game_class  # noqa: E402
from chemgames.server.students import RedisProcess, ServerProcess, Student  # noqa: E402

KEY = "bench-teacher-key"
GAMES = ["chemiekarten", "chemix", "chemuno", "chromino", "metallurgie", "raeumab"]


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank).

    >>> percentile([1.0, 2.0, 3.0, 4.0], 0.5), percentile(list(map(float, range(1, 101))), 0.95)
    (2.0, 95.0)
    """
    ranked = sorted(values)
    return ranked[max(0, min(len(ranked) - 1, int(round(q * len(ranked))) - 1))]


def round_trips(students: list[Student]) -> list[float]:
    """Milliseconds from a move sent to its state at each other client of the table."""
    out = []
    for mover in students:
        for version, sent in mover.sent.items():
            for other in students:
                if other is mover:
                    continue
                # the first state at or past the move (a process catching up from Redis may send one for two)
                arrived = next((t for m, t in zip(other.received, other.arrived)
                                if m["type"] == "state" and m["version"] >= version), None)
                if arrived is not None:
                    out.append((arrived - sent) * 1000)
    return out


def machine() -> str:
    """The load average (1, 5, 15 minutes) and the core count, printed beside every figure."""
    one, five, fifteen = os.getloadavg()
    return f"load {one:.1f}/{five:.1f}/{fifteen:.1f} on {os.cpu_count()} cores"


def play_class(bases: list[str], game: str, n_tables: int, seats: int, think: float,
               seed: int, moves: int | None = None) -> tuple[list[float], float, int]:
    """Set up ``n_tables`` tables on ``bases[0]``, seat clients spread over ``bases``, play every game
    to its end (or to ``moves`` moves a table); return the round trips (ms), the wall time and the
    number of moves."""
    made: list[tables.TableInfo] = []
    for start in range(0, n_tables, 200):
        made += tables.create(game, seats=seats, tables=min(200, n_tables - start), server=bases[0], teacher_key=KEY,
                              seed=seed + start)

    async def lesson() -> list[list[Student]]:
        classes = []
        for t, table in enumerate(made):
            students = []
            for s in range(seats):  # the teacher's tokens: the bench measures moves, not joins
                base = bases[s % len(bases)]
                students.append(Student(base, table.seats[s]["token"], seed=seed + 10 * t + s, think=think))
            classes.append(students)
        await asyncio.gather(*(s.play(until_version=moves, timeout=300) for students in classes for s in students))
        return classes

    start, cpu = time.perf_counter(), time.process_time()
    classes = asyncio.run(lesson())
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    samples = [x for students in classes for x in round_trips(students)]
    moves = sum(len(s.sent) for students in classes for s in students)
    print(f"  (the {n_tables * seats} clients in this process: {cpu / moves * 1000:.1f} ms CPU a move)", flush=True)
    return samples, wall, moves


def report(name: str, samples: list[float], wall: float, moves: int, cpu: float, rss: int | None = None) -> float:
    p95 = percentile(samples, 0.95)
    memory = f"; RSS {rss / 1024:.0f} MiB" if rss is not None else ""
    print(f"{name:22} moves {moves:5}  samples {len(samples):5}  median {statistics.median(samples):6.1f} ms  "
          f"p95 {p95:6.1f} ms  max {max(samples):7.1f} ms  ({moves / wall:5.1f} moves/s; "
          f"server CPU {cpu / moves * 1000:4.1f} ms a move, {cpu / wall * 100:3.0f} % of a core{memory})  [{machine()}]",
          flush=True)
    return p95


def sweep(counts: list[int], args: argparse.Namespace, redis_url: str | None = None, processes: int = 1,
          folder: str = ".") -> int:
    """Play each count of tables against fresh server processes; the largest count with p95 <= 100 ms."""
    best = 0
    for n in counts:
        store = redis_url or f"sqlite:///{folder}/sweep-{n}.db"
        servers = [ServerProcess(store, KEY, log=f"{folder}/sweep-{n}-{i}.log") for i in range(processes)]
        try:
            cpu = sum(s.cpu_seconds() for s in servers)
            samples, wall, moves = play_class([s.base for s in servers], args.game, n, args.seats, args.think, args.seed,
                                              args.moves)
            used = sum(s.cpu_seconds() for s in servers) - cpu
            label = f"{n} tables x {args.seats}" + (f", {processes} proc" if redis_url else "")
            p95 = report(label, samples, wall, moves, used, sum(s.rss_kib() for s in servers))
            if p95 <= 100:
                best = n
        finally:
            for s in servers:
                s.stop()
    print(f"largest count at p95 <= 100 ms: {best} tables ({best * args.seats} clients)"
          + (f", {processes} process(es) on Redis" if redis_url else ", one process, SQLite") + f"  [{machine()}]",
          flush=True)
    return best


def memory(server: ServerProcess, game: str, seats: int, n: int = 200) -> float:
    """KiB of server RSS per table set up (each game loaded)."""
    tables.create(game, seats=seats, tables=2, server=server.base, teacher_key=KEY)  # warm: modules, caches
    before = server.rss_kib()
    for _ in range(n // 50):
        tables.create(game, seats=seats, tables=50, server=server.base, teacher_key=KEY)
    return (server.rss_kib() - before) / n


def traced(game: str, seats: int, n: int = 20, finished: bool = False) -> float:
    """KiB that tracemalloc counts for one table's game and record in a server's hub (``finished``:
    each game played to its end with random moves, its whole log kept)."""
    from chemgames.server.authority import Authority as Hub
    from chemgames.server.model import Table
    from chemgames.server.store import SqliteStore

    async def measure() -> float:
        hub = Hub(SqliteStore(":memory:"), admin_key=KEY)
        await hub.store.start()
        first = Table.new(game, seats, "default", seed=1)
        await hub.store.add_table(first)
        await hub.game(first.id)  # warm
        tracemalloc.start()
        base = tracemalloc.get_traced_memory()[0]
        for i in range(n):
            table = Table.new(game, seats, "default", seed=i + 2)
            await hub.store.add_table(table)
            g = await hub.game(table.id)
            rng = random.Random(i)
            while finished and g is not None and not g.is_over:
                g.apply(rng.choice(g.legal_actions()))
        used = tracemalloc.get_traced_memory()[0] - base
        tracemalloc.stop()
        await hub.store.close()
        return used / n / 1024

    return asyncio.run(measure())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="chromino")
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--think", type=float, default=0.2, help="seconds each client waits before its move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-redis", action="store_true")
    parser.add_argument("--sweep", default=None, help="counts of tables to play one after the other, e.g. 10,25,50,100")
    parser.add_argument("--moves", type=int, default=None, help="moves a table, then it stops (default: whole games)")
    args = parser.parse_args()
    if args.sweep:
        counts = [int(x) for x in args.sweep.split(",")]
        print(f"sweep {counts} tables of {args.seats} clients, {args.game}, think {args.think} s, "
              f"{args.moves or 'whole games'} moves a table  [{machine()}]", flush=True)
        with tempfile.TemporaryDirectory() as folder:
            one = sweep(counts, args, folder=folder)
            if not args.no_redis:
                redis_server = RedisProcess(folder)
                try:
                    single = sweep(counts, args, redis_server.url, 1, folder)
                    double = sweep(counts, args, redis_server.url, 2, folder)
                    print(f"Redis: two processes hold {double} tables, one {single}"
                          + (f" ({double / single:.2f}x)" if single else "") + f"  [{machine()}]", flush=True)
                finally:
                    redis_server.stop()
        return 0 if one else 1
    print(f"{args.tables} tables of {args.seats} clients, {args.game}, think {args.think} s", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        server = ServerProcess(f"sqlite:///{folder}/tables.db", KEY, log=f"{folder}/server.log")
        try:
            cpu = server.cpu_seconds()
            samples, wall, moves = play_class([server.base], args.game, args.tables, args.seats, args.think, args.seed)
            report("SQLite, one process", samples, wall, moves, server.cpu_seconds() - cpu)
            print(f"memory per table: {memory(server, args.game, args.seats):.0f} KiB RSS (server process, "
                  f"{args.game})", flush=True)
            for g in GAMES:
                seats = min(args.seats, game_class(g).max_players)
                print(f"  tracemalloc, {g:12} {seats} seats: {traced(g, seats):4.0f} KiB a new table, "
                      f"{traced(g, seats, finished=True):5.0f} KiB a finished one", flush=True)
        finally:
            server.stop()
        if args.no_redis:
            return 0
        redis_server = RedisProcess(folder)
        servers = []
        try:
            servers = [ServerProcess(redis_server.url, KEY, log=f"{folder}/server-{i}.log") for i in range(2)]
            cpu = sum(s.cpu_seconds() for s in servers)
            samples, wall, moves = play_class([s.base for s in servers], args.game, args.tables, args.seats, args.think,
                                              args.seed)
            report("Redis, two processes", samples, wall, moves, sum(s.cpu_seconds() for s in servers) - cpu)
        finally:
            for s in servers:
                s.stop()
            redis_server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
