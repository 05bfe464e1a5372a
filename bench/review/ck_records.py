"""Every reference record the cards can make, laid as a student could lay it, with its explanation (review s24c).

A play harvest (``ck_harvest.py``) reads what the bots and the tips happen to build; this tool lays every record of the
reference whose elements are all on cards (12 atoms at most) as free cards, and again with each combination printed on
the cards that fits its atoms (once, twice or three times) beside free cards for the rest, and keeps every build the
engine accepts (its own choice of charges; an artificial element paid with Pt cards). The output has the harvest's
entry form, so ``ck_check.py``, ``ck_sources.py`` and ``ck_agree.py`` read it as they read a harvest. It found the
"other" headlines of review s24c's H1 that no harvest met (nitromethane, acetamide and 2-cyanoacetamide beside
[H₃O]⁺; amitrole beside [NH₄]⁺). About 12 s at load 8.

Usage: ``PYTHONPATH=$PWD python bench/review/ck_records.py OUT.json [--pairs]``

``--pairs`` (review s26b): lay each record instead with two distinct combinations (each once or twice) beside free
cards for the rest, the builds neither the single-combination pass nor ``ck_others.py`` (at most one element kind beside
two combinations) reaches: CO + 2 [OH]⁻ beside N and H, [H₃O]⁺ + [OH]⁻ beside a metal.

>>> lay((), {"H": 2, "O": 1}).formula, lay(("[OH]-",), {"Na": 1}).formula
('H2O', 'NaOH')
>>> builds = dict(pair_ways({"N": 1, "H": 5, "C": 1, "O": 3}))
>>> builds[("[HCO3]-", "[NH4]+")], builds[("CO", "[OH]-", "[OH]-")]
({}, {'N': 1, 'H': 3})
"""
from __future__ import annotations

import json
import sys
import time
from typing import Any, Iterator

from chemgames.chemistry.formula import parse_formula
from chemgames.chemistry.substances import reference
from chemgames.games.chemiekarten.cards import card_set, combinations
from chemgames.games.chemiekarten.compound import Stage, StagedCombination, Verdict, judge

MOST_ATOMS = 12


def neutral_counts(key: str) -> dict[str, int] | None:
    """The atoms of a neutral record's key ('CaCO3'), ``None`` for an ion ('Ac+3') or a key the parser cannot read."""
    if key[-1] in "+-":
        return None
    try:
        return {e: int(n) for e, n in parse_formula(key).counts.items()}
    except Exception:  # a key the formula parser does not read is no build to lay
        return None


def ways(counts: dict[str, int]) -> Iterator[tuple[tuple[str, ...], dict[str, int]]]:
    """The builds of ``counts``: all free cards, then each combination that fits (1 to 3 times) beside free cards."""
    yield (), counts
    for f, combo in combinations().items():
        need = {e: int(n) for e, n in combo.parsed.counts.items()}
        for times in (1, 2, 3):
            if all(counts.get(e, 0) >= n * times for e, n in need.items()):
                rest = {e: counts[e] - need.get(e, 0) * times for e in counts}
                yield (f,) * times, {e: n for e, n in rest.items() if n}


def pair_ways(counts: dict[str, int]) -> Iterator[tuple[tuple[str, ...], dict[str, int]]]:
    """The builds of ``counts`` with two distinct combinations (each once or twice) beside free cards for the rest."""
    table = combinations()
    need = {f: {e: int(n) for e, n in c.parsed.counts.items()} for f, c in table.items()}
    names = sorted(table)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            for ta in (1, 2):
                for tb in (1, 2):
                    rest = dict(counts)
                    for f, t in ((a, ta), (b, tb)):
                        for e, n in need[f].items():
                            rest[e] = rest.get(e, 0) - n * t
                    if all(n >= 0 for n in rest.values()):
                        yield (a,) * ta + (b,) * tb, {e: n for e, n in rest.items() if n}


def lay(combos: tuple[str, ...], free: dict[str, int]) -> Verdict:
    """The engine's verdict on the free cards ``free`` beside the combinations ``combos``."""
    cards, table = card_set(), combinations()
    kinds = [e for e, n in sorted(free.items()) for _ in range(n)]
    n_free = len(kinds)
    staged = []
    for f in combos:
        atoms = [e for e, k in table[f].parsed.counts.items() for _ in range(int(k))]
        staged.append(StagedCombination(f, list(range(len(kinds), len(kinds) + len(atoms))), []))
        kinds += atoms
    due = [i for i, s in enumerate(kinds) if cards[s].artificial]
    pay = list(range(len(kinds), len(kinds) + len(due)))
    return judge(Stage(free=list(range(n_free)), combos=staged, payment=pay), kinds + ["Pt"] * len(due))


def main(out: str, pairs: bool = False) -> None:
    t0 = time.time()
    cards = card_set()
    entries: list[dict[str, Any]] = []
    for key in reference()["substances"]:
        counts = neutral_counts(key)
        if not counts or not all(e in cards for e in counts) or sum(counts.values()) > MOST_ATOMS:
            continue
        for combos, free in (pair_ways(counts) if pairs else ways(counts)):
            v = lay(combos, free)
            if v.ok:
                texts = {lang: (v.headline.render(lang), [s.text(lang) for s in v.steps]) for lang in ("de", "en")}
                entries.append({"formula": v.formula, "label": None, "texts": texts,
                                "src": {"record " + " + ".join(combos or ("cards",)): 1}, "seeds": []})
    print(f"{len(entries)} builds, {time.time() - t0:.0f} s", file=sys.stderr)
    json.dump({"entries": entries, "turns": []}, open(out, "w"), ensure_ascii=False)


if __name__ == "__main__":
    main(sys.argv[1], "--pairs" in sys.argv[2:])
