"""Where Chromino's search bot is unsure (issue 31, session 14): it plays OpenSpiel's ISMCTS
(0.1 s a decision each, deals as ``bench_bots.py --paired``) and at each of its decisions with a
choice the same position is searched again, once at 0.1 s with another seed and once at 1.0 s.
One JSON line a decision (hand sizes, bag, the three choices, the long search's values); ``--summary``
prints, per phase of the game (the shorter hand), how often the choices agree and the value the
0.1 s choice loses against the long search's best (which has its own noise).

    nice -n 10 python bench/bench_chromino_agreement.py --first 0 --games 40 --out /tmp/agree.jsonl
    python bench/bench_chromino_agreement.py --summary /tmp/agree.jsonl

``--budgets`` (session 15, is more time worse?): positions of greedy games (deals 40000 + ``--first`` on, every
fourth decision of seat 0 and every one once a hand holds three tiles or fewer), each searched twice at 0.1 s
and twice at 0.4 s (``--tune``, e.g. ``exact=0``): how often each picks the placement the exact mark puts first
(what the prior alone would play), how often two searches agree, the imagined deals a placement, the longest
decision.

    nice -n 10 python bench/bench_chromino_agreement.py --budgets --first 0 --games 10 --tune exact=0 --out /tmp/budgets.json

``--peek`` (session 17, what the bot's choices near the end cost against one who knows the hidden tiles): our bot
(0.1 s) plays greedy (deal 61000 + i, our seat i % 2); at each of its decisions with a choice (``--end``: once a hand
holds three tiles or fewer) and tiles in the bag, a *peeking* reference search (``--ref`` seconds, its imagined games
all the real game: the real other hand and the real bag order, luck only in the lines' occasional other hint; 30
candidates, no prior) values the placements, and each ``--variant`` (a name and tuning overrides; the committed
tuning is ``main``) searches the position twice at 0.1 s. ``--summary`` of such a file prints per phase the value
each variant's choice loses against the reference's best (in the search's values: 1 a won game, −1 a lost one).

    nice -n 10 python bench/bench_chromino_agreement.py --peek --end --games 30 --variant margin0=margin=0 --out /tmp/peek.jsonl
"""
from __future__ import annotations

import argparse
import json
import sys
import time
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


def peek(first: int, games: int, variants: dict[str, dict[str, Any]], ref_budget: float, end_only: bool, out: Any) -> None:
    """The ``--peek`` positions (module docstring): one JSON line a position to ``out``."""
    from chemgames.bots import GreedyBot

    for i in range(first, first + games):
        g: Any = chemgames.new_game("chromino", players=2, seed=61_000 + i, lang="en")
        seat = i % 2
        me, other = SearchBot(seed=i, level="medium", budget=0.1, iterations=100_000), GreedyBot(i)
        while not g.is_over:
            if g.current_player != seat:
                g.apply(other.choose(g))
                continue
            if g.s_bag and (not end_only or min(len(h) for h in g.s_hands) <= 3):
                ref = SearchBot(seed=7 + i, level="medium", budget=ref_budget, iterations=100_000,
                                tuning=dict(told=False, prior=0, candidates=30))
                real = g.copy()
                # the reference's every imagined deal is the real game (this bench reads it; the bots never do)
                with _dealt_as(real):
                    ref.decide(real)
                rc = ref.last
                if len(rc.labels) > 1 and rc.exact is None:
                    row: dict[str, Any] = dict(i=i, hands=[len(h) for h in g.s_hands], bag=len(g.s_bag),
                                               ref=dict(zip(rc.labels, rc.values)), ref_deals=rc.counts[0], var={})
                    for name, tune in variants.items():
                        picks = []
                        for k in range(2):
                            b = SearchBot(seed=100 * k + i, level="medium", budget=0.1, iterations=100_000, tuning=tune)
                            b.decide(g.copy())
                            picks.append((b.last.labels[b.last.best], b.last.counts[0]))
                        row["var"][name] = picks
                    out.write(json.dumps(row) + "\n")
                    out.flush()
            g.apply(me.choose(g))
        print(f"game {i} done", file=sys.stderr, flush=True)


class _dealt_as:
    """Within it, ``redeal_hidden`` of every Chromino gives a copy of ``real`` (the peeking reference)."""

    def __init__(self, real: Any) -> None:
        self.real = real

    def __enter__(self) -> None:
        from chemgames.games.chromino.rules import Chromino

        real = self.real
        Chromino.redeal_hidden = lambda game, viewer, rng: real.copy()  # type: ignore[method-assign]

    def __exit__(self, *exc: object) -> None:
        from chemgames.games.chromino.rules import Chromino

        del Chromino.redeal_hidden  # the engine's own (``Game.redeal_hidden``) again


def peek_summary(rows: list[dict[str, Any]]) -> None:
    print(f"{len(rows)} positions, {len({r['i'] for r in rows})} games, peeking reference "
          f"{sum(r['ref_deals'] for r in rows) / len(rows):.0f} deals a placement")
    for name, lo, hi in PHASES:
        rs = [r for r in rows if lo <= min(r["hands"]) <= hi]
        if not rs:
            continue
        print(f"{name}: {len(rs)} positions")
        for v in rs[0]["var"]:
            lost = [max(r["ref"].values()) - r["ref"][lab] for r in rs for lab, _ in r["var"][v] if lab in r["ref"]]
            print(f"  {v}: {len(lost)} searches, value lost against the peek's best: mean {sum(lost) / len(lost):.3f}, "
                  f"the peek's best {sum(x < 1e-9 for x in lost) / len(lost):.0%}, over 0.1: {sum(x > 0.1 for x in lost)}; "
                  f"two searches agree {sum(r['var'][v][0][0] == r['var'][v][1][0] for r in rs) / len(rs):.0%}")


def summary(path: Path) -> None:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    if rows and "ref" in rows[0]:
        peek_summary(rows)
        return
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


def budgets(first: int, games: int, tuning: dict[str, Any], out: Path) -> None:
    """The ``--budgets`` comparison (module docstring); one JSON list of positions to ``out``, a table printed."""
    from chemgames.bots import GreedyBot

    rows = []
    for seed in range(40_000 + first, 40_000 + first + games):
        g: Any = chemgames.new_game("chromino", players=2, seed=seed, lang="en")
        bots, k = [GreedyBot(1), GreedyBot(2)], 0
        while not g.is_over:
            small = min(len(h) for h in g.s_hands)
            if g.current_player == 0 and len(g.legal_actions()) > 1 and (k % 4 == 0 or small <= 3):
                row: dict[str, Any] = {"seed": seed, "small": small, "bag": len(g.s_bag)}
                for budget in (0.1, 0.4):
                    for s in (1, 2):
                        bot = SearchBot(seed=seed * 100 + k + s * 7, level="medium", budget=budget,
                                        iterations=100_000, tuning=tuning)
                        began = time.process_time()
                        bot.decide(g)
                        c = bot.last
                        row[f"{budget}-{s}"] = dict(choice=c.labels[c.best], first=c.labels[0], n=len(c.labels),
                                                   deals=c.samples / len(c.labels),
                                                   spent=round(time.process_time() - began, 3))
                rows.append(row)
            g.apply(bots[g.current_player].choose(g))
            k += 1
    out.write_text(json.dumps(rows), encoding="utf-8")
    for name, lo, hi in (("hands over 3 tiles", 4, 99), ("3 tiles or fewer", 0, 3)):
        rs = [r for r in rows if lo <= r["small"] <= hi]
        if not rs:
            continue

        def share(test: Any) -> str:
            return f"{sum(map(test, rs)) / len(rs):.0%}"

        print(f"{name}: {len(rs)} positions; the mark's first chosen at 0.1 s "
              + "/".join(share(lambda r, k=k: r[k]["choice"] == r[k]["first"]) for k in ("0.1-1", "0.1-2"))
              + ", at 0.4 s " + "/".join(share(lambda r, k=k: r[k]["choice"] == r[k]["first"]) for k in ("0.4-1", "0.4-2"))
              + f"; two 0.1 s searches agree {share(lambda r: r['0.1-1']['choice'] == r['0.1-2']['choice'])}, "
              f"two 0.4 s {share(lambda r: r['0.4-1']['choice'] == r['0.4-2']['choice'])}; deals a placement "
              f"{sum(r['0.1-1']['deals'] for r in rs) / len(rs):.1f} and {sum(r['0.4-1']['deals'] for r in rs) / len(rs):.1f}; "
              f"longest {max(r['0.1-1']['spent'] for r in rs):.3f} and {max(r['0.4-1']['spent'] for r in rs):.3f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--out", type=Path, default=Path("chromino-agreement.jsonl"))
    ap.add_argument("--summary", type=Path, default=None, help="print the table of a file and stop")
    ap.add_argument("--budgets", action="store_true", help="0.1 s against 0.4 s on positions of greedy games")
    ap.add_argument("--tune", default="", help="with --budgets: tuning overrides, e.g. exact=0")
    ap.add_argument("--peek", action="store_true", help="the 0.1 s choices against a peeking reference (greedy games)")
    ap.add_argument("--end", action="store_true", help="with --peek: only once a hand holds three tiles or fewer")
    ap.add_argument("--ref", type=float, default=1.0, help="with --peek: the reference's processor seconds")
    ap.add_argument("--variant", action="append", default=[], help="with --peek: name=key=value,key=value (repeatable)")
    args = ap.parse_args()
    if args.summary is not None:
        summary(args.summary)
        return
    if args.peek:
        variants: dict[str, dict[str, Any]] = {"main": {}}
        for text in args.variant:
            name, _, rest = text.partition("=")
            variants[name] = {k: float(v) for k, v in (kv.split("=") for kv in rest.split(",") if kv)}
        with args.out.open("a", encoding="utf-8") as out:
            peek(args.first, args.games, variants, args.ref, args.end, out)
        return
    if args.budgets:
        tuning = {k: float(v) for k, v in (kv.split("=") for kv in args.tune.split(",") if kv)}
        budgets(args.first, args.games, tuning, args.out)
        return
    with args.out.open("a", encoding="utf-8") as out:
        for i in range(args.first, args.first + args.games):
            play(i, out)
            print(f"game {i} done", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
