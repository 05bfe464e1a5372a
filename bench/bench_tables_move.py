"""Where a move's milliseconds go in the table server, without a network: the authority alone.

``tables`` tables of 4 seats (chromino), each seat a plain outbox client; in every round each table's
player to move sends one legal action at once (so moves arrive together, as in a class), and every
message the move produced is encoded as the WebSocket writer encodes it. Printed per store: the wall
time of a move's ``act`` (median, p95), the process CPU a move (the store's thread included), and
moves a second; with the learning record's hook attached, as ``chemgames serve`` does. Both SQLite
modes in one run, so their ratio is measured under the same machine load:

    nice -n 10 python bench/bench_tables_move.py                       # full vs normal, 20 tables
    nice -n 10 python bench/bench_tables_move.py --profile normal      # cProfile of the moves (top 25)
"""
from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import os
import pstats
import random
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from chemgames.record.tables import attach  # noqa: E402
from chemgames.server.authority import Authority, Bucket, Client  # noqa: E402
from chemgames.server.connection import encode as frame  # noqa: E402
from chemgames.server.store import open_store  # noqa: E402


def machine() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.1f}/{five:.1f}/{fifteen:.1f} on {os.cpu_count()} cores"


class TimedCommits:
    """The store's SQLite connection, timing each ``COMMIT`` statement itself (in the store's thread:
    the disk's wait, without the wait for a core that the move's own wait includes)."""

    def __init__(self, db: Any, times: list[float]) -> None:
        self.db, self.times = db, times

    def execute(self, sql: str, *args: Any) -> Any:
        if sql != "COMMIT":
            return self.db.execute(sql, *args)
        t0 = time.perf_counter()
        try:
            return self.db.execute(sql, *args)
        finally:
            self.times.append(time.perf_counter() - t0)

    def __enter__(self) -> Any:
        return self.db.__enter__()

    def __exit__(self, *exc: Any) -> Any:
        return self.db.__exit__(*exc)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.db, name)


SAMPLE: list[dict[str, Any]] = []  # messages kept to time the two JSON encoders on the same input


def encode(client: Client) -> int:
    """Drain ``client``'s outbox as the WebSocket writer does (compact JSON); the bytes sent."""
    sent = 0
    while not client.outbox.empty():
        msg = client.outbox.get_nowait()
        if msg is not None:
            sent += len(frame(msg))
            if len(SAMPLE) < 2_000:
                SAMPLE.append(msg)
    return sent


def encoders() -> str:
    """Microseconds a message for the json module and for the writer's encoder, on the kept messages."""
    out = []
    for name, fn in (("json", lambda m: json.dumps(m, ensure_ascii=False, separators=(",", ":"))), ("writer", frame)):
        t0 = time.process_time()
        for m in SAMPLE:
            fn(m)
        out.append(f"{name} {(time.process_time() - t0) / len(SAMPLE) * 1e6:.0f} µs")
    return f"encoding a state message ({len(SAMPLE)}): " + ", ".join(out)


async def play(url: str, n_tables: int, rounds: int, game: str, profile: cProfile.Profile | None) -> dict[str, Any]:
    auth = Authority(open_store(url), admin_key="k", watch_every=3600)
    waits: list[float] = []
    append = auth.store.append

    async def timed(*args: Any) -> bool:  # the time a move waits for its commit
        t0 = time.perf_counter()
        try:
            return await append(*args)
        finally:
            waits.append(time.perf_counter() - t0)

    auth.store.append = timed  # type: ignore[method-assign,assignment]
    attach(auth, url)
    await auth.start()
    commits: list[float] = []
    auth.store.db = TimedCommits(auth.store.db, commits)  # type: ignore[attr-defined]
    try:
        cls = await auth.store.class_by_key("k")
        assert cls is not None
        made = []
        for start in range(0, n_tables, 200):
            made += await auth.create_tables(cls, {"game": game, "seats": 4, "tables": min(200, n_tables - start),
                                                   "seed": 7 + start})
        seats: dict[str, list[Client]] = {}
        for table in made:
            seats[table.id] = []
            for s in range(4):
                c = Client(Bucket(1e9, 1e9))
                await auth.join(c, {"type": "join", "token": table.seats[s].token})
                encode(c)
                seats[table.id].append(c)
        rng = random.Random(1)
        walls: list[float] = []

        async def move(table_id: str) -> None:
            game_ = auth.games[table_id]
            if game_.is_over or game_.current_player is None:
                return
            mover = seats[table_id][game_.current_player]
            action = rng.choice(auth.legal_json(table_id))
            t0 = time.perf_counter()
            await auth.act(mover, {"type": "act", "version": len(game_.log), "action": action})
            for c in seats[table_id]:
                encode(c)
            walls.append(time.perf_counter() - t0)

        if profile is not None:
            profile.enable()
        cpu, wall = time.process_time(), time.perf_counter()
        for _ in range(rounds):
            await asyncio.gather(*(move(t.id) for t in made))
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        if profile is not None:
            profile.disable()
        return {"moves": len(walls), "cpu": cpu, "wall": wall, "walls": walls, "waits": waits[-len(walls):],
                "commits": commits}
    finally:
        await auth.stop()


def run(url: str, n_tables: int, rounds: int, game: str, profile: cProfile.Profile | None = None) -> dict[str, Any]:
    return ThreadPoolExecutor(1).submit(asyncio.run, play(url, n_tables, rounds, game, profile)).result()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--game", default="chromino")
    parser.add_argument("--profile", choices=["full", "normal"], default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        if args.profile:
            prof = cProfile.Profile()
            out = run(f"sqlite:///{folder}/p.db?sync={args.profile}", args.tables, args.rounds, args.game, prof)
            print(f"{out['moves']} moves, {out['cpu'] / out['moves'] * 1000:.2f} ms CPU a move  [{machine()}]")
            pstats.Stats(prof).sort_stats("tottime").print_stats(25)
            return 0
        print(f"{args.tables} tables x 4 seats, {args.game}, {args.rounds} rounds, the record's hook on  [{machine()}]")
        results: dict[str, list[dict[str, Any]]] = {}
        for sync in ("full", "normal", "full", "normal"):  # interleaved: a change of load hits both
            out = run(f"sqlite:///{folder}/{sync}-{time.monotonic_ns()}.db?sync={sync}", args.tables, args.rounds,
                      args.game)
            walls, waits = sorted(out["walls"]), sorted(out["waits"])
            res = results.setdefault(sync, [])
            res.append(out)
            print(f"sync={sync:6} {out['moves']:5} moves: act {statistics.median(walls) * 1000:5.2f} ms median, "
                  f"p95 {walls[int(0.95 * len(walls))] * 1000:6.2f} ms, of it waiting for the commit "
                  f"{statistics.median(waits) * 1000:5.2f} / {waits[int(0.95 * len(waits))] * 1000:6.2f} ms; "
                  f"the COMMIT itself {statistics.median(out['commits']) * 1000:5.2f} ms ({len(out['commits'])} commits); "
                  f"CPU {out['cpu'] / out['moves'] * 1000:4.2f} ms "
                  f"a move; {out['moves'] / out['wall']:6.1f} moves/s  [{machine()}]", flush=True)
        rate = {k: sum(o["moves"] for o in v) / sum(o["wall"] for o in v) for k, v in results.items()}
        wait = {k: statistics.median([w for o in v for w in o["waits"]]) for k, v in results.items()}
        cpu = {k: sum(o["cpu"] for o in v) / sum(o["moves"] for o in v) for k, v in results.items()}
        print(f"normal / full: {rate['normal'] / rate['full']:.2f}x the moves a second, commit wait "
              f"{wait['normal'] * 1000:.2f} against {wait['full'] * 1000:.2f} ms (median), CPU {cpu['normal'] * 1000:.2f} "
              f"against {cpu['full'] * 1000:.2f} ms a move  [{machine()}]")
        print(f"{encoders()}  [{machine()}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
