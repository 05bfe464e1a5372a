"""Where Chromino's search bot is unsure (issue 31, session 14): it plays OpenSpiel's ISMCTS
(0.1 s a decision each, deals as ``bench_bots.py --paired``) and at each of its decisions with a
choice the same position is searched again, once at 0.1 s with another seed and once at 1.0 s.
One JSON line a decision (hand sizes, bag, the three choices, the long search's values); ``--summary``
prints, per phase of the game (the shorter hand), how often the choices agree and the value the
0.1 s choice loses against the long search's best (which has its own noise).

    nice -n 10 python bench/bench_chromino_agreement.py --first 0 --games 40 --out /tmp/agree.jsonl
    python bench/bench_chromino_agreement.py --summary /tmp/agree.jsonl
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import chemgames  # noqa: E402
from chemgames.bots.search import SearchBot  # noqa: E402
from chemgames.spiel.opponents import FieldBot  # noqa: E402

PHASES = (("6 tiles or more", 6, 99), ("4-5 tiles", 4, 5), ("3 tiles or fewer", 0, 3))


def play(i: int, out: Any) -> None:
    """Game ``i`` (seed 10000 + i // 2, our seat i % 2), one line a decision with a choice."""
    seed, seat = 10_000 + i // 2, i % 2
    g: Any = chemgames.new_game("chromino", players=2, seed=seed, lang="en")  # a Chromino: its hands and bag
    me = SearchBot(seed=i, level="medium", budget=0.1, iterations=100_000)
    other = FieldBot("chromino", players=2, budget=0.1, seed=i)
    rows = []
    while not g.is_over:
        if g.current_player != seat:
            g.apply(other.choose(g))
            continue
        action = me.choose(g)
        c = me.last
        if len(c.labels) > 1:
            twin = SearchBot(seed=1000 + i, level="medium", budget=0.1, iterations=100_000)
            twin.decide(g)
            long = SearchBot(seed=2000 + i, level="medium", budget=1.0, iterations=100_000)
            long.decide(g)
            lc = long.last
            rows.append(dict(i=i, turn=len(g.log), hands=[len(h) for h in g.s_hands], bag=len(g.s_bag),
                             chosen=c.labels[c.best], twin=twin.last.labels[twin.last.best], long=lc.labels[lc.best],
                             long_values={lab: round(v, 3) for lab, v in zip(lc.labels, lc.values)},
                             long_counts=lc.samples, labels=c.labels))
        g.apply(action)
    winners = g.winners()
    for r in rows:
        r["won"] = 1.0 / len(winners) if seat in winners else 0.0
        out.write(json.dumps(r) + "\n")
    out.flush()


def summary(path: Path) -> None:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    print(f"{len(rows)} decisions, {len({r['i'] for r in rows})} games")
    for name, lo, hi in PHASES:
        rs = [r for r in rows if lo <= min(r["hands"]) <= hi]
        if not rs:
            continue
        lost = [max(r["long_values"].values()) - r["long_values"].get(r["chosen"], 0.0) for r in rs]
        print(f"{name}: {len(rs)} decisions, same as a second 0.1 s search "
              f"{sum(r['chosen'] == r['twin'] for r in rs) / len(rs):.0%}, same as 1.0 s "
              f"{sum(r['chosen'] == r['long'] for r in rs) / len(rs):.0%}, value lost mean {sum(lost) / len(lost):.3f} "
              f"max {max(lost):.3f} (over 0.1: {sum(x > 0.1 for x in lost)})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--out", type=Path, default=Path("chromino-agreement.jsonl"))
    ap.add_argument("--summary", type=Path, default=None, help="print the table of a file and stop")
    args = ap.parse_args()
    if args.summary is not None:
        summary(args.summary)
        return
    with args.out.open("a", encoding="utf-8") as out:
        for i in range(args.first, args.first + args.games):
            play(i, out)
            print(f"game {i} done", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
