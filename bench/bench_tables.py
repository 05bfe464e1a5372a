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

    nice -n 10 python bench/bench_tables.py --goal             # issue 27's goal: every figure beside its target (< 5 min)
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
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import chemgames.tables as tables  # noqa: E402
from chemgames.core.registry import game_class  # noqa: E402
from chemgames.server.students import RedisProcess, ServerProcess, Student  # noqa: E402

KEY = "bench-teacher-key"
LAST_CLIENT_CPU = [0.0]  # ms of the load generator's CPU a move, in the last play_class
GOAL_TABLES, GOAL_P95, GOAL_RATIO = 100, 100.0, 1.7  # issue 27: one process holds 100 tables x 4 at p95 <= 100 ms; two on Redis 1.7x one
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


def start_servers(store: str, processes: int, log: str) -> list[ServerProcess]:
    """``processes`` fresh server processes on ``store`` (logs ``{log}-{i}.log``), started one at a
    time; if one does not start, those already running are stopped before the error is raised."""
    servers: list[ServerProcess] = []
    try:
        for i in range(processes):
            servers.append(ServerProcess(store, KEY, log=f"{log}-{i}.log"))
    except BaseException:
        for s in servers:
            s.stop()
        raise
    return servers


def _play_group(seated: list[list[tuple[str, str, int]]], think: float,
                moves: int | None, jitter: float = 0.0) -> tuple[list[float], int, float]:
    """Play the tables ``seated`` (each seat's server, token, seed) in this process: the round trips
    (ms), the moves and this process's CPU seconds."""
    async def lesson() -> list[list[Student]]:
        classes = [[Student(base, token, seed=sd, think=think, jitter=jitter) for base, token, sd in table] for table in seated]
        await asyncio.gather(*(s.play(until_version=moves, timeout=300) for students in classes for s in students))
        return classes

    try:  # the clients on uvloop where installed: less of the machine goes to the load generator
        import uvloop

        factory: Any = uvloop.new_event_loop
    except ImportError:
        factory = None
    cpu = time.process_time()
    with asyncio.Runner(loop_factory=factory) as runner:
        classes = runner.run(lesson())
    cpu = time.process_time() - cpu
    return ([x for students in classes for x in round_trips(students)],
            sum(len(s.sent) for students in classes for s in students), cpu)


def play_class(bases: list[str], game: str, n_tables: int, seats: int, think: float,
               seed: int, moves: int | None = None, spread: str = "seat",
               quiet: bool = False, workers: int = 1, jitter: float = 0.0) -> tuple[list[float], float, int]:
    """Set up ``n_tables`` tables on ``bases[0]``, seat clients spread over ``bases`` (``spread="seat"``:
    a table's seats alternate between the processes, so every move crosses pub/sub; ``"table"``: each
    table's clients on one process, as a balancer that routes by table does), play every game to its
    end (or to ``moves`` moves a table); return the round trips (ms), the wall time and the number of
    moves (the clients' own CPU a move is in ``LAST_CLIENT_CPU``). ``workers`` > 1: the tables' clients
    are split over that many processes (each table's clients in one)."""
    made: list[tables.TableInfo] = []
    for start in range(0, n_tables, 200):
        made += tables.create(game, seats=seats, tables=min(200, n_tables - start), server=bases[0], teacher_key=KEY,
                              seed=seed + start)

    seated = []
    for t, table in enumerate(made):  # the teacher's tokens: the bench measures moves, not joins
        seated.append([(bases[(s if spread == "seat" else t) % len(bases)], table.tokens()[s], seed + 10 * t + s)
                       for s in range(seats)])
    t0 = time.perf_counter()
    if workers <= 1:
        samples, played, cpu = _play_group(seated, think, moves, jitter)
    else:  # the clients in several processes, so the load generator is not one core's worth
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(workers) as pool:
            parts = list(pool.map(_play_group, [seated[i::workers] for i in range(workers)], [think] * workers,
                                  [moves] * workers, [jitter] * workers))
        samples, played, cpu = [x for p in parts for x in p[0]], sum(p[1] for p in parts), sum(p[2] for p in parts)
    wall = time.perf_counter() - t0
    LAST_CLIENT_CPU[0] = cpu / max(played, 1) * 1000
    if not quiet:
        print(f"  (the {n_tables * seats} clients in {workers} process(es): {cpu / played * 1000:.1f} ms CPU a move)",
              flush=True)
    return samples, wall, played


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
        servers = start_servers(store, processes, f"{folder}/sweep-{n}")
        try:
            cpu = sum(s.cpu_seconds() for s in servers)
            samples, wall, moves = play_class([s.base for s in servers], args.game, n, args.seats, args.think, args.seed,
                                              args.moves, jitter=args.jitter)
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


def point(store: str, processes: int, n: int, args: argparse.Namespace, folder: str, think: float | None = None,
          spread: str = "table", moves: int | None = None, jitter: float | None = None) -> dict[str, float]:
    """One count of tables against fresh server processes: the figures of one line."""
    servers: list[ServerProcess] = []
    try:
        servers = start_servers(store, processes, f"{folder}/goal-{processes}-{n}")
        cpu = sum(s.cpu_seconds() for s in servers)
        samples, wall, moves = play_class([s.base for s in servers], args.game, n, args.seats,
                                          args.think if think is None else think, args.seed, moves or args.moves, spread, quiet=True,
                                          workers=args.workers, jitter=args.jitter if jitter is None else jitter)
        used = sum(s.cpu_seconds() for s in servers) - cpu
        return {"n": n, "p50": statistics.median(samples), "p95": percentile(samples, 0.95), "max": max(samples),
                "rate": moves / wall, "cpu": used / moves * 1000, "core": used / wall / processes * 100,
                "client": LAST_CLIENT_CPU[0], "rss": sum(s.rss_kib() for s in servers) / 1024, "moves": moves}
    finally:
        for s in servers:
            s.stop()


def line(label: str, r: dict[str, float]) -> str:
    return (f"{label:34} p50 {r['p50']:6.0f}  p95 {r['p95']:6.0f}  max {r['max']:6.0f} ms  {r['rate']:5.0f} moves/s  "
            f"server CPU {r['cpu']:3.1f} ms a move ({r['core']:3.0f} % of a core each), clients {r['client']:3.1f} ms; "
            f"RSS {r['rss']:4.0f} MiB  [{machine()}]")


def held(store: str, processes: int, counts: list[int], args: argparse.Namespace, folder: str, label: str,
         deadline: float, spread: str = "table") -> tuple[int, list[dict[str, float]]]:
    """Play ``counts`` in order and stop at the first whose p95 exceeds the goal (more tables only wait
    longer) or when the time is up; the largest count held and every line."""
    best, rows = 0, []
    for n in counts:
        if time.monotonic() > deadline:
            print(f"  (time is up: {n} tables and more not played)", flush=True)
            break
        r = point(store, processes, n, args, folder, spread=spread)
        rows.append(r)
        ok = r["p95"] <= GOAL_P95
        print(line(f"{label}, {n} tables x {args.seats}", r) + ("" if ok else "  <- p95 over 100 ms"), flush=True)
        if not ok:
            break
        best = n
    return best, rows


def goal(args: argparse.Namespace) -> int:
    """Every figure of issue 27's load goal beside its target, in one bounded run (``--budget`` s)."""
    start = time.monotonic()
    share = args.budget / (3 if not args.no_redis else 1)  # each sweep its share: a slow one never starves the next

    def due() -> float:
        return time.monotonic() + share
    counts = [int(x) for x in args.counts.split(",")]
    print(f"issue 27 load goal: {args.game}, tables of {args.seats} bot-driven clients, each waiting {args.think} s "
          + (f"x (1 +- {args.jitter:g}) " if args.jitter else "(all tables in step) ")
          + f"before its move, {args.moves} moves a table; each server in its own process; "
          f"{os.cpu_count()} cores, the clients in {args.workers} process(es)  [{machine()}]", flush=True)
    verdict = []
    with tempfile.TemporaryDirectory() as folder:
        one, _ = held(f"sqlite:///{folder}/one.db", 1, counts, args, folder, "SQLite, 1 process", due())
        verdict.append(f"one process (SQLite) holds {one} tables x {args.seats} at p95 <= {GOAL_P95:.0f} ms; "
                       f"goal >= {GOAL_TABLES}: {'MET' if one >= GOAL_TABLES else 'NOT MET'}")
        pace = point(f"sqlite:///{folder}/pace.db", 1, args.pace_tables, args, folder, think=args.class_think,
                     moves=min(args.moves, 16))  # a move a second: 16 moves a table take ~20 s
        print(line(f"SQLite, 1 process, {args.pace_tables} tables, {args.class_think:g} s pace", pace), flush=True)
        verdict.append(f"at a class's pace (a move every {args.class_think:g} s a table) one process at {args.pace_tables} "
                       f"tables: p95 {pace['p95']:.0f} ms (goal <= {GOAL_P95:.0f}): "
                       f"{'MET' if pace['p95'] <= GOAL_P95 else 'NOT MET'}")
        if not args.no_redis:
            redis_server = RedisProcess(folder)
            try:
                single, _ = held(redis_server.url, 1, counts, args, folder, "Redis, 1 process", due())
                higher = [n for n in counts if n >= single] or counts[-1:]
                double, rows = held(redis_server.url, 2, higher, args, folder, "Redis, 2 processes by table", due())
                if double:  # the worst case beside it: each table's seats alternate between the processes
                    worst = point(redis_server.url, 2, double, args, folder, spread="seat")
                    print(line(f"Redis, 2 processes by seat, {double} tables", worst), flush=True)
                ratio = double / single if single else 0.0
                verdict.append(f"Redis: two processes hold {double} tables, one {single}: "
                               + (f"{ratio:.2f}x" if single else "no ratio (one process held none of the counts)")
                               + f"; goal >= {GOAL_RATIO}x: {'MET' if ratio >= GOAL_RATIO else 'NOT MET'}"
                               + (" (as fine as the steps of --counts)" if single else ""))
            finally:
                redis_server.stop()
    print("\n".join(["", *verdict, f"whole run {time.monotonic() - start:.0f} s on {os.cpu_count()} cores  [{machine()}]"]),
          flush=True)
    if (os.cpu_count() or 1) < 4 and not args.no_redis:
        print("note: two server processes, the clients and Redis share these cores; with fewer than 4 cores the clients' "
              "CPU (above) is taken from the servers, so 1.7x needs the clients on other cores", flush=True)
    return 0


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
    parser.add_argument("--goal", action="store_true",
                        help="issue 27's goal figures beside their targets, in one run of at most --budget seconds")
    parser.add_argument("--counts", default="25,50,75,100,125,150,200,250", help="counts of tables --goal tries")
    parser.add_argument("--budget", type=float, default=150.0,
                        help="seconds --goal's sweeps may take in all, a third each (then a sweep stops)")
    parser.add_argument("--workers", type=int, default=1,
                        help="processes the clients run in (--goal; more than 1 only with cores to spare)")
    parser.add_argument("--pace-tables", type=int, default=GOAL_TABLES, help="tables --goal plays at the class's pace")
    parser.add_argument("--class-think", type=float, default=1.0, help="--goal's class pace: seconds before a move")
    parser.add_argument("--jitter", type=float, default=0.0,
                        help="each wait drawn from think x (1 +- jitter); 0: every table in step, its moves in bursts")
    args = parser.parse_args()
    if args.goal:
        args.moves = args.moves or 30
        return goal(args)
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
            servers = start_servers(redis_server.url, 2, f"{folder}/server")
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
