"""Das Chemie-Kartenspiel: what "the best real substance first" and the variant "Nur echte Stoffe"
(``real_only``) do to play (issue 25).

Three settings, each over the same seeds:

* ``before``: the hint list by points alone (``hints.REAL_FIRST = False``, the order before issue 25);
* ``after``: the best real substance heads the hint list (the bots follow the hints);
* ``real_only``: our variant, only substances that exist may be laid.

For greedy bots (three seats) and the search bot (``search:easy`` with a fixed number of sampled
worlds, against two greedy bots; only its own compounds are counted; once without its preference
for real substances, ``real_margin`` 0, and once with the game's margin) it prints games per second,
mean points per player, how often a player must pass (no compound can be laid at the start of a
turn) and passes, and the share of laid compounds that are real substances (``truth.label``
"known": exists and built as it is), known only briefly, or game-only (no record, or another
substance than the real one of its composition), each with the load average. Every compound is
judged by the current reference, in all three settings.

The preference's cost in strength (``--duel N``): the search bot with the game's ``real_margin``
against the same bot without it, two players, seats alternated, the same seeds: its share of wins
with a 95 % Wilson interval and each side's share of real substances.

    nice -n 10 python bench/bench_chemiekarten_real.py --games 20 --search-games 6 --duel 20
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(1, str(Path(__file__).resolve().parent))  # bench_bots (its Wilson interval)

import chemgames  # noqa: E402
from chemgames.bots import GreedyBot  # noqa: E402
from chemgames.bots.search import SearchBot, tuning  # noqa: E402
from chemgames.games.chemiekarten import hints as hints_module  # noqa: E402

SETTINGS = ("before", "after", "real_only")


MARGIN = tuning("chemiekarten").real_margin


def play(seed: int, setting: str, search: bool, samples: int, margin: float = MARGIN) -> dict[str, float]:
    """One game; counts for the seats measured (all seats for greedy, seat 0 for the search bot)."""
    hints_module.REAL_FIRST = setting != "before"
    g = chemgames.new_game("chemiekarten", players=3, seed=seed, lang="de", real_only=setting == "real_only")
    bots = [SearchBot(seed, level="easy", iterations=samples, tuning={"real_margin": margin}) if search else GreedyBot(seed)] + \
        [GreedyBot(seed + k) for k in (1, 2)]
    measured = {0} if search else {0, 1, 2}
    out: Counter[str] = Counter()
    turn_seen = None
    while not g.is_over:
        p = g.current_player
        assert p is not None
        start = (g.s_turn, p)
        if start != turn_seen and g.s_phase == "build" and g.s_stage.empty:
            turn_seen = start
            if p in measured:
                out["turns"] += 1
                out["must_pass"] += not g.hints(1)
        action = bots[p].choose(g)
        if action.kind == "skip" and p in measured:
            out["passes"] += 1
        g.apply(action)
    for c in g.s_table:
        if c.owner in measured:
            out["laid"] += 1
            out[{"known": "real", "transient": "transient"}.get(c.label, "game_only")] += 1
    scores = g.scores()
    out["points"] = sum(scores[p] for p in measured)
    out["players"] = len(measured)
    return out


def run(setting: str, games: int, search: bool, samples: int, first_seed: int, deadline: float,
        margin: float = MARGIN) -> None:
    total: Counter[str] = Counter()
    played = 0
    t0 = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        if time.monotonic() > deadline:
            break
        total.update(play(seed, setting, search, samples, margin))
        played += 1
    dt = time.perf_counter() - t0
    laid = max(total["laid"], 1)
    turns = max(total["turns"], 1)
    who = f"search:easy ({samples} w., margin {margin:g})" if search else "greedy"
    print(f"{who:<32} {setting:<10} games {played:3d}  {played / dt:6.3f} games/s  "
          f"points/player {total['points'] / max(total['players'], 1):6.1f}  "
          f"must pass {total['must_pass'] / turns:6.1%}  passes {total['passes'] / turns:6.1%}  "
          f"laid {total['laid']:4d}: real {total['real'] / laid:6.1%}  transient {total['transient'] / laid:5.1%}  "
          f"game-only {total['game_only'] / laid:6.1%}  load {os.getloadavg()[0]:.1f}", flush=True)


def duel(games: int, samples: int, first_seed: int, deadline: float) -> None:
    """The search bot with the game's ``real_margin`` against itself without it (two players, seats
    alternated): its share of wins (a shared win counts half) and each side's share of real compounds."""
    from bench_bots import wilson

    hints_module.REAL_FIRST = True
    wins, played = 0.0, 0
    laid: Counter[str] = Counter()
    t0 = time.perf_counter()
    for i in range(games):
        if time.monotonic() > deadline:
            break
        seat = i % 2
        g = chemgames.new_game("chemiekarten", players=2, seed=first_seed + i, lang="de")
        prefers = SearchBot(first_seed + i, level="easy", iterations=samples, tuning={"real_margin": MARGIN})
        plain = SearchBot(first_seed + i, level="easy", iterations=samples, tuning={"real_margin": 0.0})
        bots = [prefers, plain] if seat == 0 else [plain, prefers]
        while not g.is_over:
            g.apply(bots[g.current_player].choose(g))
        winners = g.winners()
        wins += 1.0 / len(winners) if seat in winners else 0.0
        played += 1
        for c in g.s_table:
            side = "prefers" if c.owner == seat else "plain"
            laid[side] += 1
            laid[side + "_real"] += c.label == "known"
    low, high = wilson(wins, played)
    print(f"duel: search:easy ({samples} worlds) with real_margin {MARGIN:g} against real_margin 0: "
          f"{wins:g}/{played} won = {wins / max(played, 1):.0%} (95 % {low:.0%}–{high:.0%}); real laid: "
          f"{laid['prefers_real'] / max(laid['prefers'], 1):.1%} of {laid['prefers']} against "
          f"{laid['plain_real'] / max(laid['plain'], 1):.1%} of {laid['plain']}; {played / (time.perf_counter() - t0):.3f} games/s; "
          f"load {os.getloadavg()[0]:.1f}", flush=True)


def audit(games: int, first_seed: int, deadline: float) -> None:
    """A self-audit of what the game says about each distinct compound laid in ``games`` greedy
    games with hints by points (so that every label occurs): the label agrees with the record of
    ``substance()`` (exists, transient, unknown; a build of another substance names the record's
    formula); a game-only compound shows no oxidation numbers "as chemists assign them"; no
    bonding sentence cites an electronegativity difference."""
    from chemgames.chemistry import substance
    from chemgames.chemistry.substances import reference_key
    from chemgames.games.chemiekarten import truth

    hints_module.REAL_FIRST = False
    want = {"known": "exists", "transient": "transient", "game_only": "unknown"}
    seen: set[tuple[str, str]] = set()
    labels: Counter[str] = Counter()
    problems: list[str] = []
    played = 0
    for seed in range(first_seed, first_seed + games):
        if time.monotonic() > deadline:
            break
        g = chemgames.new_game("chemiekarten", players=3, seed=seed, lang="de")
        bots = [GreedyBot(seed + k) for k in range(3)]
        while not g.is_over:
            action = bots[g.current_player].choose(g)
            e = g.check(action) if action.kind == "confirm" else None
            g.apply(action)
            if e is None:
                continue
            c = g.s_table[-1]
            if (c.formula, c.label) in seen:
                continue
            seen.add((c.formula, c.label))
            labels[c.label] += 1
            free = tuple(Counter(g.kinds[i] for i in c.free).items())
            combos = tuple(Counter(k.formula for k in c.combos).items())
            atoms = dict(truth.atom_counts(free, combos))
            record = substance(reference_key(atoms))
            lines = e.in_lang("de").lines + e.in_lang("en").lines + [e.title]
            if len(atoms) == 1 and sum(atoms.values()) == 1:
                pass  # a stable element alone is the element
            elif c.label == "other":
                if record.label == "unknown" or record.unicode not in e.title:
                    problems.append(f"{c.formula}: another substance, but the record is {record.label} {record.formula}")
            elif want.get(c.label) != record.label:
                problems.append(f"{c.formula}: labelled {c.label}, the record says {record.label}")
            if any("Elektronegativität" in x or "electronegativity" in x.lower() for x in lines):
                problems.append(f"{c.formula}: a sentence cites an electronegativity difference")
            if c.label in ("game_only", "other") and record.label == "unknown" and any(
                    "wie Chemiker" in x or "as chemists assign" in x for x in lines):
                problems.append(f"{c.formula}: chemists' numbers for a game-only compound")
        played += 1
    print(f"audit: {played} greedy games (hints by points), {len(seen)} distinct compounds "
          f"({dict(labels)}), {len(problems)} problems; load {os.getloadavg()[0]:.1f}")
    for x in problems[:20]:
        print("  ", x)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20, help="greedy games per setting")
    ap.add_argument("--search-games", type=int, default=6, help="search-bot games per setting")
    ap.add_argument("--samples", type=int, default=24, help="worlds the search bot samples per decision")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--max-seconds", type=float, default=900.0, help="stop starting games after this long")
    ap.add_argument("--duel", type=int, default=0, help="games of the preferring search bot against the plain one")
    ap.add_argument("--only-duel", action="store_true", help="only the duel")
    ap.add_argument("--only-search", action="store_true", help="only the search-bot rows (and the duel)")
    ap.add_argument("--margin", type=float, default=None, help="the preferring bot's real_margin (default: the game's)")
    ap.add_argument("--margins", default="0", help="more margins for the search-bot rows, comma-separated")
    ap.add_argument("--search-settings", default=",".join(SETTINGS), help="the settings of the search-bot rows")
    ap.add_argument("--audit", type=int, default=0, help="only the self-audit, over this many greedy games")
    a = ap.parse_args()
    global MARGIN
    if a.margin is not None:
        MARGIN = a.margin
    margins = tuple(float(x) for x in a.margins.split(",") if x)
    deadline = time.monotonic() + a.max_seconds
    if a.audit:
        audit(a.audit, a.seed, deadline)
        return
    print(f"load average at start: {os.getloadavg()}")
    for setting in SETTINGS:  # warm the caches (reference, hints) so that no setting pays for them
        play(a.seed - 1, setting, False, a.samples)
    if not (a.only_duel or a.only_search):
        for setting in SETTINGS:
            run(setting, a.games, False, a.samples, a.seed, deadline)
    if not a.only_duel:
        for setting in a.search_settings.split(","):
            for margin in dict.fromkeys((*margins, MARGIN) if setting != "real_only" else (MARGIN,)):
                run(setting, a.search_games, True, a.samples, a.seed, deadline, margin)
    if a.duel:
        duel(a.duel, a.samples, a.seed, deadline)
    print(f"load average at end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
