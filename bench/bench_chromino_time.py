"""What Chromino's search bot does with more time (issue 31, session 24).

At 0.1 s a decision main's bot scores 59.6 % against OpenSpiel's ISMCTS, at 0.3 s (both bots) 50.3 %:
ISMCTS gains with time, ours hardly. This bench searches the same positions at several budgets and
prints what the search did with each, **without changing the bot** (it only wraps the bot's own calls
to count and time them):

- where the processor time went: listing and ordering the candidates (``_moves``: the hints and each
  placement's exact mark), the sampled lines (``_paired``), the exact end game (``_exact``);
- the imagined worlds (deals) a candidate, the lines played, how many *different* hidden hands those
  worlds held (the belief is a weighed sample of :data:`chemgames.games.chromino.strategy.POOL` hands)
  and that sample's effective size (1 / Σ w²);
- how sure the choice is: the paired difference of the best and the second candidate over the worlds
  (its mean with the exact prior, in standard errors: ``z``);
- how often the chosen move changes between budgets, and how often two searches at the same budget
  (other seeds) agree (the noise floor).

Positions come from greedy games (deal 7 000 000 + i, every decision with two or more candidates);
half of them before the lines run to the end (both hands hold more than three tiles), half after.

    nice -n 10 python bench/bench_chromino_time.py --positions 40 --budgets 0.1,0.3,1.0 --out /tmp/time.jsonl
    python bench/bench_chromino_time.py --summary /tmp/time.jsonl
"""
from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import chemgames  # noqa: E402
from chemgames.bots import GreedyBot  # noqa: E402
from chemgames.bots import search as S  # noqa: E402
from chemgames.bots.search import SearchBot, tuning  # noqa: E402
from chemgames.games.chromino import strategy as CS  # noqa: E402


def positions(count: int, first: int = 7_000_000) -> list[Any]:
    """``count`` positions of greedy games with two or more candidates: half with both hands over
    three tiles (lines of one reply), half with a hand of three or fewer (lines to the end), spread
    evenly over the games' decisions."""
    early: list[Any] = []
    late: list[Any] = []
    i = 0
    while (len(early) < 3 * count or len(late) < 3 * count) and i < 400:
        g: Any = chemgames.new_game("chromino", players=2, seed=first + i, lang="en")
        bots = [GreedyBot(i), GreedyBot(i + 1)]
        while not g.is_over:
            if len(g.hints(limit=2)) >= 2:
                (late if min(len(h) for h in g.s_hands) <= 3 else early).append(g.copy())
            g.apply(bots[g.current_player].choose(g))
        i += 1
    half = count // 2
    pick = [early[j * len(early) // half] for j in range(half)]
    pick += [late[j * len(late) // (count - half)] for j in range(count - half)]
    return pick


class Probe:
    """Wraps the search's own calls (no change of what they do) to count and time them."""

    def __init__(self) -> None:
        self.clear()
        self._saved: list[tuple[Any, str, Any]] = []

    def clear(self) -> None:
        self.t = {"moves": 0.0, "paired": 0.0, "exact": 0.0}
        self.evals: list[float] = []
        self.hands: list[tuple[tuple[int, ...], ...]] = []
        self.me = 0

    def _wrap(self, owner: Any, name: str, make: Any) -> None:
        old = owner.__dict__[name]
        self._saved.append((owner, name, old))
        setattr(owner, name, make(old))

    def install(self) -> None:
        probe = self

        def timed(key: str, fn: Any) -> Any:
            def inner(*a: Any, **k: Any) -> Any:
                t0 = time.process_time()
                try:
                    return fn(*a, **k)
                finally:
                    probe.t[key] += time.process_time() - t0
            return inner

        self._wrap(S, "_moves", lambda old: timed("moves", old))
        self._wrap(SearchBot, "_paired", lambda old: timed("paired", old))
        self._wrap(SearchBot, "_exact", lambda old: timed("exact", old))

        def evaluate(old: Any) -> Any:
            fn = old.__func__

            def inner(world: Any, tune: Any) -> Any:
                values, leads = fn(world, tune)
                probe.evals.append(values[probe.me])
                return values, leads
            return staticmethod(inner)

        self._wrap(SearchBot, "_evaluate", evaluate)

        def dealt(old: Any) -> Any:
            def inner(self_: Any, game: Any, viewer: int, rng: Any) -> Any:
                world = old(self_, game, viewer, rng)
                probe.hands.append(tuple(tuple(sorted(world.s_hands[q])) for q in sorted(self_.slots)))
                return world
            return inner

        self._wrap(CS.Told, "deal", dealt)
        self._wrap(CS.Believed, "deal", dealt)

    def remove(self) -> None:
        for owner, name, old in reversed(self._saved):
            setattr(owner, name, old)
        self._saved.clear()


def search(g: Any, budget: float, seed: int, probe: Probe) -> dict[str, Any]:
    """One decision of main's bot (level medium, ``budget``, no iteration cap) on a copy of ``g``."""
    probe.clear()
    probe.me = g.current_player
    bot = SearchBot(seed=seed, level="medium", budget=budget, iterations=100_000)
    bot._start = time.process_time()
    bot.pick(g.copy(), [])
    c = bot.last
    n = len(c.labels)
    worlds = c.counts[0] if c.counts else 0
    out: dict[str, Any] = dict(budget=budget, seed=seed, chosen=c.labels[c.best] if n else None, n=n,
                               worlds=worlds, lines=c.samples, spent=round(c.budget_s, 4),
                               exact=c.exact is not None,
                               t={k: round(v, 4) for k, v in probe.t.items()},
                               hands=len(set(probe.hands)), dealt=len(probe.hands))
    grid = probe.evals[:worlds * n]
    if worlds >= 2 and n >= 2 and c.exact is None:
        order = sorted(range(n), key=lambda j: -c.values[j])
        a, b = order[0], order[1]
        diffs = [grid[w * n + a] - grid[w * n + b] for w in range(worlds)]
        mean = c.values[a] - c.values[b]  # with the exact prior (the same in every world)
        sd = statistics.stdev(diffs)
        out["gap"] = round(mean, 4)
        out["z"] = round(mean / (sd / math.sqrt(worlds)), 2) if sd > 0 else None
    return out


def belief_size(g: Any) -> tuple[float, int]:
    """The belief's effective sample size (1 / Σ w²) and its number of hands, for the player to move."""
    b = CS.belief(g, g.current_player, tuning("chromino"))
    if isinstance(b, CS.Believed):
        return 1.0 / sum(w * w for w in b.weights), len(b.weights)
    return float("nan"), 0


def run(count: int, budgets: list[float], repeats: int, out_path: Path) -> None:
    pos = positions(count)
    probe = Probe()
    probe.install()
    try:
        with out_path.open("w", encoding="utf-8") as out:
            for k, g in enumerate(pos):
                ess, pool = belief_size(g)
                row: dict[str, Any] = dict(k=k, hands=[len(h) for h in g.s_hands], bag=len(g.s_bag),
                                           to_end=CS.look_ahead(g, tuning("chromino")) is None,
                                           ess=None if math.isnan(ess) else round(ess, 1), pool=pool, runs=[])
                for b in budgets:
                    for r in range(repeats):
                        row["runs"].append(search(g, b, 1000 * k + r, probe))
                row["load"] = round(os.getloadavg()[0], 2)
                out.write(json.dumps(row) + "\n")
                out.flush()
                print(f"position {k}: hands {row['hands']} bag {row['bag']} "
                      + "; ".join(f"{x['budget']:g}s {x['worlds']}w {x['chosen']}" for x in row["runs"])
                      + f"  load {row['load']}", file=sys.stderr, flush=True)
    finally:
        probe.remove()


def _pct(x: float) -> str:
    return f"{100 * x:.0f} %"


def summary(path: Path) -> None:
    rows = [json.loads(t) for t in path.read_text(encoding="utf-8").splitlines() if t.strip()]
    budgets = sorted({x["budget"] for r in rows for x in r["runs"]})
    loads = [r["load"] for r in rows]
    print(f"{len(rows)} positions, load {min(loads):.1f}-{max(loads):.1f}")
    for label, keep in (("all", lambda r: True), ("lines of one reply", lambda r: not r["to_end"]),
                        ("lines to the end", lambda r: r["to_end"])):
        sel = [r for r in rows if keep(r)]
        if not sel:
            continue
        ess = [r["ess"] for r in sel if r["ess"] is not None]
        print(f"\n{label}: {len(sel)} positions; candidates median {statistics.median(r['runs'][0]['n'] for r in sel):g}; "
              f"belief's effective size median {statistics.median(ess) if ess else float('nan'):.1f} of "
              f"{max((r['pool'] for r in sel), default=0)} hands ({len(ess)} positions weighed)")
        print(f"{'budget':>7} {'spent s':>8} {'moves s':>8} {'lines s':>8} {'exact s':>8} {'worlds p10/50/90':>17} "
              f"{'hands':>6} {'z median':>9} {'|z|<2':>6}")
        for b in budgets:
            runs = [x for r in sel for x in r["runs"] if x["budget"] == b]
            worlds = sorted(x["worlds"] for x in runs)
            zs = [abs(x["z"]) for x in runs if x.get("z") is not None]
            print(f"{b:>7g} {statistics.mean(x['spent'] for x in runs):>8.3f} "
                  f"{statistics.mean(x['t']['moves'] for x in runs):>8.3f} {statistics.mean(x['t']['paired'] for x in runs):>8.3f} "
                  f"{statistics.mean(x['t']['exact'] for x in runs):>8.3f} "
                  f"{worlds[len(worlds) // 10]:>5}/{worlds[len(worlds) // 2]}/{worlds[len(worlds) * 9 // 10]:<5} "
                  f"{statistics.median(x['hands'] for x in runs):>6g} "
                  f"{statistics.median(zs) if zs else float('nan'):>9.1f} {_pct(sum(z < 2 for z in zs) / max(len(zs), 1)):>6}")
        # agreement: the first run at each budget against the first at each other; a second run at the same budget
        first = {b: [next(x for x in r["runs"] if x["budget"] == b) for r in sel] for b in budgets}
        pairs = [(a, b) for i, a in enumerate(budgets) for b in budgets[i + 1:]]
        print("same move: " + ", ".join(
            f"{a:g} s / {b:g} s {_pct(sum(x['chosen'] == y['chosen'] for x, y in zip(first[a], first[b])) / len(sel))}"
            for a, b in pairs))
        twins = []
        for b in budgets:
            two = [[x for x in r["runs"] if x["budget"] == b][:2] for r in sel]
            two = [t for t in two if len(t) == 2]
            if two:
                twins.append(f"{b:g} s {_pct(sum(x['chosen'] == y['chosen'] for x, y in two) / len(two))}")
        if twins:
            print("two searches at the same budget, other seeds, same move: " + ", ".join(twins))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--budgets", default="0.1,0.3,1.0")
    ap.add_argument("--repeats", type=int, default=2, help="searches a position and budget (other seeds)")
    ap.add_argument("--out", type=Path, default=Path("/tmp/chromino-time.jsonl"))
    ap.add_argument("--summary", type=Path, default=None)
    a = ap.parse_args()
    if a.summary is not None:
        summary(a.summary)
        return
    print(f"load average {os.getloadavg()[0]:.2f} at the start", file=sys.stderr)
    run(a.positions, [float(x) for x in a.budgets.split(",")], a.repeats, a.out)
    summary(a.out)


if __name__ == "__main__":
    main()
