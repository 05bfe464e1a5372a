"""Every "other" build of Das Chemie-Kartenspiel in two families, with its headline (review s23c).

An "other" headline says the cards' build is not the substance the reference knows for its composition ("so gibt es den
Stoff nicht; dieselbe Zusammensetzung hat …"): the statement most likely to call a real substance invented (H2 of
review s23c: CH₂(OH)₂, methanediol) or to misstate numbers (H1: calcium chlorite). Play harvests meet few of them, so
this tool judges, through the engine's own ``judge``, every accepted build of

* one or two element kinds (one or two cards each) beside one or two cards of one combination, and
* no or one element kind (one or two cards) beside two distinct combinations (one or two each),

whose composition the reference knows, and writes each build whose label is "other" with its headline (de, en).
An artificial element is paid with Pt cards. About 80 s per family at load 18.

Usage: ``PYTHONPATH=$PWD python bench/review/ck_others.py OUT.json [--charges]``; compare two trees by running it with
each tree's ``PYTHONPATH``. ``--charges`` (review s24c): every choice of the free cards' printed charges that balances,
fixed as a player fixes them, not only the engine's choice (MnH(BO₃) with Mn +4, H −1 beside Mn +2, H +1).
"""
from __future__ import annotations

import itertools
import json
import sys
import time
from typing import Iterator

from chemgames.games.chemiekarten import truth
from chemgames.games.chemiekarten.cards import card_set, combinations
from chemgames.games.chemiekarten.compound import Stage, StagedCombination, Verdict, judge

Build = tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]  # (free cards, combinations) with counts


def builds() -> Iterator[Build]:
    """The two families of builds, as (free (symbol, count), combinations (formula, count))."""
    cards, table = list(card_set()), list(combinations())
    for combo in table:
        for n in (1, 2):
            for k in (1, 2):
                for pair in itertools.combinations(cards, k):
                    for counts in itertools.product((1, 2), repeat=k):
                        yield tuple(zip(pair, counts)), ((combo, n),)
    for c1, c2 in itertools.combinations(table, 2):
        for n1, n2 in itertools.product((1, 2), repeat=2):
            yield (), ((c1, n1), (c2, n2))
            for s in cards:
                for ns in (1, 2):
                    yield ((s, ns),), ((c1, n1), (c2, n2))


def verdict_of(free: tuple[tuple[str, int], ...], combos: tuple[tuple[str, int], ...],
               charges: dict[str, int] | None = None) -> Verdict:
    """The engine's verdict on the build (cards by index; artificial elements paid with Pt); ``charges``: the free
    cards' charges fixed as by the player (else the engine chooses)."""
    cards, table = card_set(), combinations()
    kinds = [s for s, n in free for _ in range(n)]
    staged = []
    for formula, n in combos:
        atoms = [e for e, k in table[formula].parsed.counts.items() for _ in range(int(k))]
        for _ in range(n):
            staged.append(StagedCombination(formula, list(range(len(kinds), len(kinds) + len(atoms))), []))
            kinds += atoms
    used = {i for c in staged for i in c.cards}
    due = [i for i, s in enumerate(kinds) if cards[s].artificial]
    pay = list(range(len(kinds), len(kinds) + len(due)))
    stage = Stage(free=[i for i in range(len(kinds)) if i not in used], charges=dict(charges or {}), combos=staged,
                  payment=pay)
    return judge(stage, kinds + ["Pt"] * len(due))


def charge_choices(free: tuple[tuple[str, int], ...], every: bool) -> Iterator[dict[str, int]]:
    """The engine's choice only (one empty dict), or with ``every`` each product of the free cards' printed charges."""
    if not every:
        yield {}
        return
    cards = card_set()
    symbols = [s for s, _ in free]
    for qs in itertools.product(*(cards[s].charges for s in symbols)):
        yield dict(zip(symbols, qs))


def main(out: str, every: bool = False) -> None:
    t0 = time.time()
    found: dict[str, list[str]] = {}
    for free, combos in builds():
        if not truth.identity_of(tuple(sorted(free)), tuple(sorted(combos))).known:
            continue
        for charges in charge_choices(free, every):
            v = verdict_of(free, combos, charges)
            if v.ok and v.label == "other":
                key = " + ".join(f"{n} {u}" for u, n in free + combos)
                if every:
                    key += " | " + ", ".join(f"{s} {q:+d}" for s, q in v.charges.items() if s in dict(free))
                found[key] = [v.headline.render("de"), v.headline.render("en")]
    print(f"{len(found)} 'other' builds, {time.time() - t0:.0f} s", file=sys.stderr)
    json.dump(found, open(out, "w"), ensure_ascii=False, indent=0, sort_keys=True)


if __name__ == "__main__":
    main(sys.argv[1], "--charges" in sys.argv[2:])
