"""Self-audit of Das Chemie-Kartenspiel (issue 25): every distinct compound laid in seeded bot games,
every statement its explanation prints checked against independent sources (``tests/truth/audit.py``).

Prints the games played, distinct compounds and statements checked, the false statements found
(with the text a student reads), the ones the sources cannot decide, and per bot (greedy, and the
search bot at an easy level) the share of laid compounds that are real substances by the checker's
sources and by the game's own label, with the load average beside the figures.

Game ``i`` seats 2, 3 or 4 players (cycled) with a greedy or a search main bot (cycled) and greedy
bots elsewhere; only ``confirm`` is explained (every other action takes the engine's fast path).

    nice -n 10 python bench/bench_truth_audit.py --games 300 --save off.json             # the issue's audit
    nice -n 10 python bench/bench_truth_audit.py --games 300 --real-only --save on.json  # the teacher variant
    python bench/bench_truth_audit.py --load off.json on.json      # both again, checked together (no playing)
    nice -n 10 python bench/bench_truth_audit.py --games 30 --first 400 --kinds search --level hard
    PYTHONPATH=/tmp/snapshot python bench/bench_truth_audit.py --games 300   # another tree's chemgames
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "truth"))

import audit  # noqa: E402


def merge_stats(a: dict, b: dict) -> dict:
    """The statistics of two saved runs together (counts added; the variant "on" if any run had it)."""
    if not a:
        return dict(b)
    out = dict(a)
    for k, v in b.items():
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            out[k] = out.get(k, 0) + v
        elif isinstance(v, dict):
            out[k] = {x: out.get(k, {}).get(x, 0) + v.get(x, 0) for x in set(out.get(k, {})) | set(v)}
        elif isinstance(v, bool) and out.get(k) != v:
            out[k] = "off and on"
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--first", type=int, default=0, help="seed offset of the first game")
    ap.add_argument("--level", default="easy", help="the search bot's level")
    ap.add_argument("--real-only", action="store_true", help="play the variant real_only=True")
    ap.add_argument("--players", default="2,3,4", help="table sizes, cycled game by game")
    ap.add_argument("--kinds", default="greedy,search", help="main bots, cycled game by game")
    ap.add_argument("--out", help="also write the report to this file")
    ap.add_argument("--save", help="write the compounds laid (with their texts) to this JSON file")
    ap.add_argument("--load", nargs="+", help="check the compounds of --save files again instead of playing "
                    "(several: together, e.g. real_only off and on)")
    args = ap.parse_args(argv)

    import chemgames

    where = Path(chemgames.__file__).resolve().parents[1]
    load0 = os.getloadavg()
    t0 = time.perf_counter()

    def progress(i: int, n: int) -> None:
        if (i + 1) % 25 == 0:
            print(f"  game {i + 1}: {n} compounds laid, {time.perf_counter() - t0:.0f} s, "
                  f"load {os.getloadavg()[0]:.2f}", file=sys.stderr, flush=True)

    if args.load:
        laid, stats = [], {}
        for path in args.load:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
            laid += [audit.Laid.from_json(x) for x in data["laid"]]
            stats = merge_stats(stats, data["stats"])
            where = data.get("where", where)
    else:
        laid, stats = audit.play(args.games, first=args.first, level=args.level, on_game=progress,
                                 real_only=args.real_only, players=tuple(int(x) for x in args.players.split(",")),
                                 kinds=tuple(args.kinds.split(",")))
    if args.save:
        Path(args.save).write_text(json.dumps({"where": str(where), "stats": stats,
                                               "laid": [x.to_json() for x in laid]}, ensure_ascii=False),
                                   encoding="utf-8")
    t1 = time.perf_counter()
    rep = audit.audit(laid)
    t2 = time.perf_counter()
    title = (f"Das Chemie-Kartenspiel self-audit (issue 25): chemgames from {where}; search bot level {args.level}"
             f"{'; variant real_only' if args.real_only else ''}\n"
             f"load average at start {load0[0]:.2f} / {load0[1]:.2f} / {load0[2]:.2f}, at the end "
             f"{os.getloadavg()[0]:.2f}; playing {t1 - t0:.0f} s wall, checking {t2 - t1:.0f} s wall "
             f"(the machine is shared: wall times are not comparable across runs)")
    text = audit.render(rep, stats, title)
    print(text)
    if args.out:
        Path(args.out).write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
