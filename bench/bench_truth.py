"""The figures of issue 25's closing note in one run, each printed with the load average.

1. Das Chemie-Kartenspiel: the share of laid compounds that are real substances (exists), known only
   briefly (transient) or game-only, for greedy bots (every seat) and the search bot (``search:easy``
   against two greedy bots, its own compounds), ``before`` (hints by points alone, the search bot
   without its preference for real substances), ``after`` (the best real substance first) and
   ``real_only`` (our variant "Nur echte Stoffe"); how often a player must pass (no compound can be
   laid at the start of a turn) and passes; points per player; games per second. The settings are
   played seed by seed in turn, so that the ratio real_only / after of games per second (and of CPU
   seconds per game) is measured under the same load. One game: ``bench_chemiekarten_real.play``.
2. ``substance()``: the first call in a fresh interpreter (it loads the data), and over the formulas
   of ``bench_substance.formulas`` each asked once: median and p99 (wall clock and CPU).
3. ``import chemgames`` in a fresh interpreter, over a bare one (median of runs).
4. ``chemgames/chemistry/data/substances.json``: its size now and before issue 25 (``--before``, a
   git revision), raw and deflated as in a wheel, and its share of the chemgames wheel the Lite site
   ships (built with ``chemgames.lite.wheels.build_own_wheel``; ``--no-wheel`` skips it).

    nice -n 10 python bench/bench_truth.py --games 24 --search-games 6 --max-seconds 900
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
import zlib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(1, str(ROOT / "bench"))

import bench_chemiekarten_real as real  # noqa: E402  (one game of each setting)
import bench_substance  # noqa: E402  (the formulas, the import timing)

DATA = "chemgames/chemistry/data/substances.json"
BEFORE = "5d4002e"  # the last commit before issue 25 changed the substance data (b79d648)


def load() -> str:
    a, b, c = os.getloadavg()
    return f"load {a:.1f}/{b:.1f}/{c:.1f}"


def play_settings(kind: str, games: int, samples: int, first: int, deadline: float) -> None:
    """The settings of ``kind`` (greedy or search) played seed by seed in turn; one line each."""
    settings = ["before", "after", "real_only"]
    totals = {s: Counter() for s in settings}
    wall = {s: 0.0 for s in settings}
    cpu = {s: 0.0 for s in settings}
    played = Counter()
    for seed in range(first, first + games):
        if time.monotonic() > deadline:
            break
        k = seed % len(settings)  # each setting first in turn: no setting always finds the caches warm
        for s in settings[k:] + settings[:k]:
            margin = 0.0 if s == "before" else real.MARGIN
            t0, c0 = time.perf_counter(), time.process_time()
            out = real.play(seed, s, kind == "search", samples, margin)
            wall[s] += time.perf_counter() - t0
            cpu[s] += time.process_time() - c0
            totals[s].update(out)
            played[s] += 1
    real.hints_module.REAL_FIRST = True
    who = f"search:easy ({samples} worlds)" if kind == "search" else "greedy (3 seats)"
    for s in settings:
        t, n = totals[s], played[s]
        if not n:
            continue
        laid, turns = max(t["laid"], 1), max(t["turns"], 1)
        print(f"{who:<24} {s:<9} {n:3d} games {n / wall[s]:6.3f} games/s ({cpu[s] / n:5.2f} s CPU/game)  "
              f"laid {t['laid']:5d}: exists {t['real'] / laid:6.1%}  transient {t['transient'] / laid:5.1%}  "
              f"game-only {t['game_only'] / laid:6.1%}  must pass {t['must_pass'] / turns:5.1%}  "
              f"passes {t['passes'] / turns:5.1%}  points/player {t['points'] / max(t['players'], 1):5.1f}  {load()}",
              flush=True)
    if played["real_only"] and played["after"]:
        n = min(played["real_only"], played["after"])
        print(f"{who:<24} real_only / after: games/s x{(played['real_only'] / wall['real_only']) / (played['after'] / wall['after']):.2f}, "
              f"CPU per game x{(cpu['real_only'] / played['real_only']) / (cpu['after'] / played['after']):.2f} "
              f"(same {n} seeds, interleaved; {load()})", flush=True)


def substance_times(runs: int) -> None:
    code = ("import time; t0 = time.perf_counter(); from chemgames.chemistry import substance; t1 = time.perf_counter(); "
            "substance('H2O'); t2 = time.perf_counter(); print(t1 - t0, t2 - t1)")
    firsts = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True).stdout.split()
        firsts.append(float(out[1]))
    print(f"substance() first call in a fresh interpreter (loads the data): median {statistics.median(firsts) * 1000:.0f} ms "
          f"of {runs} (min {min(firsts) * 1000:.0f}, max {max(firsts) * 1000:.0f}); {load()}", flush=True)
    from chemgames.chemistry import substance

    substance("H2O")
    wall, cpu = [], []
    for text in bench_substance.formulas():
        for lang in ("de", "en"):
            t0, c0 = time.perf_counter(), time.thread_time()
            substance(text, lang=lang)
            wall.append(time.perf_counter() - t0)
            cpu.append(time.thread_time() - c0)
    p = bench_substance.pct
    print(f"substance() on {len(wall)} look-ups not asked before: median {statistics.median(wall) * 1000:.3f} ms, "
          f"p99 {p(wall, 0.99) * 1000:.3f} ms wall; CPU median {statistics.median(cpu) * 1000:.3f} ms, "
          f"p99 {p(cpu, 0.99) * 1000:.3f} ms; {load()}", flush=True)


def import_time(runs: int) -> None:
    bare, full = bench_substance.import_time(runs)
    print(f"import chemgames: {full:.3f} s, bare python {bare:.3f} s, over bare {full - bare:.3f} s "
          f"(median of {runs}); {load()}", flush=True)


def sizes(before: str, wheel: bool) -> None:
    now = (ROOT / DATA).read_bytes()
    old = subprocess.run(["git", "show", f"{before}:{DATA}"], capture_output=True, cwd=ROOT).stdout
    z = lambda b: len(zlib.compress(b, 6))  # noqa: E731 - a wheel's deflate (zipfile's default level)
    line = f"substances.json now {len(now) / 1024:.0f} kB ({z(now) / 1024:.0f} kB deflated)"
    if old:
        line += (f"; before issue 25 ({before}) {len(old) / 1024:.0f} kB ({z(old) / 1024:.0f} kB deflated): "
                 f"{(len(now) - len(old)) / 1024:+.0f} kB raw, {(z(now) - z(old)) / 1024:+.0f} kB deflated")
    print(line, flush=True)
    if not wheel:
        return
    from chemgames.lite.wheels import build_own_wheel

    with tempfile.TemporaryDirectory() as tmp:
        path = build_own_wheel(ROOT, Path(tmp))
        with zipfile.ZipFile(path) as zf:
            entry = next(i for i in zf.infolist() if i.filename.endswith("chemistry/data/substances.json"))
            size = path.stat().st_size
            print(f"the chemgames wheel of the Lite site: {size / 1024:.0f} kB; substances.json in it "
                  f"{entry.compress_size / 1024:.0f} kB = {100 * entry.compress_size / size:.1f} % of the wheel; {load()}",
                  flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=24, help="greedy games per setting")
    ap.add_argument("--search-games", type=int, default=6, help="search-bot games per setting")
    ap.add_argument("--samples", type=int, default=24, help="worlds the search bot samples per decision")
    ap.add_argument("--seed", type=int, default=5000)
    ap.add_argument("--max-seconds", type=float, default=900.0, help="stop starting games after this long")
    ap.add_argument("--runs", type=int, default=5, help="fresh interpreters for the first call and the import")
    ap.add_argument("--before", default=BEFORE, help="git revision of the data before issue 25")
    ap.add_argument("--no-wheel", action="store_true", help="do not build the wheel")
    args = ap.parse_args()
    print(f"issue 25 figures; chemgames from {ROOT}; {os.cpu_count()} cores; start {load()} "
          "(a shared machine: compare ratios within this run)", flush=True)
    sizes(args.before, not args.no_wheel)
    import_time(args.runs)
    substance_times(args.runs)
    deadline = time.monotonic() + args.max_seconds
    play_settings("greedy", args.games, args.samples, args.seed, deadline)
    play_settings("search", args.search_games, args.samples, args.seed, deadline)
    print(f"end {load()}")


if __name__ == "__main__":
    main()
