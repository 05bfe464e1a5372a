"""The class-table server under a class's load: move round trip and memory per table.

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
"""
from __future__ import annotations

import argparse
import asyncio
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
from chemgames.server.students import RedisProcess, ServerProcess, Student, claim  # noqa: E402

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


def play_class(bases: list[str], game: str, n_tables: int, seats: int, think: float,
               seed: int) -> tuple[list[float], float, int]:
    """Set up ``n_tables`` tables on ``bases[0]``, seat clients spread over ``bases``, play every game
    to its end; return the round trips (ms), the wall time and the number of moves."""
    made = tables.create(game, seats=seats, tables=n_tables, server=bases[0], teacher_key=KEY, seed=seed)

    async def lesson() -> list[list[Student]]:
        classes = []
        for t, table in enumerate(made):
            students = []
            for s in range(seats):
                base = bases[s % len(bases)]
                found = await claim(base, table.code)
                students.append(Student(base, found["token"], seed=seed + 10 * t + s, think=think))
            classes.append(students)
        await asyncio.gather(*(s.play(timeout=600) for students in classes for s in students))
        return classes

    start, cpu = time.perf_counter(), time.process_time()
    classes = asyncio.run(lesson())
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    samples = [x for students in classes for x in round_trips(students)]
    moves = sum(len(s.sent) for students in classes for s in students)
    print(f"  (the {n_tables * seats} clients in this process: {cpu / moves * 1000:.1f} ms CPU a move)", flush=True)
    return samples, wall, moves


def report(name: str, samples: list[float], wall: float, moves: int, cpu: float) -> None:
    print(f"{name:22} moves {moves:5}  samples {len(samples):5}  median {statistics.median(samples):6.1f} ms  "
          f"p95 {percentile(samples, 0.95):6.1f} ms  max {max(samples):7.1f} ms  ({moves / wall:5.1f} moves/s; "
          f"server CPU {cpu / moves * 1000:4.1f} ms a move)", flush=True)


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
    from chemgames.server.app import Hub
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
    args = parser.parse_args()
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
