"""Stoichiometry of combinations: which cards a formula needs, and what Protomaterie may replace.

A combination is laid with one card per atom (SO3 = one S card and three O cards). Protomaterie
may stand in for any card except those of the defining element, and a combination may never hold
more Protomaterie than normal cards.

>>> [u.proto for u in combination_uses("[ClO4]-", "Cl", {"Cl": 1, "O": 2}, protos=3)]
[2]
>>> combination_uses("SO3", "S", {"S": 1, "O": 3}, protos=0)[0].cards
{'S': 1, 'O': 3}
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Mapping

from .formula import parse_formula


@dataclass(frozen=True)
class CombinationUse:
    """One way to lay a combination: real ``cards`` per element and ``proto`` Protomaterie."""

    formula: str
    cards: dict[str, int]
    proto: int
    replaced: dict[str, int]  # element -> how many of its cards Protomaterie stands in for


def max_proto(formula: str) -> int:
    """At most as many Protomaterie as normal cards: ``n_atoms // 2``.

    >>> max_proto("[ClO4]-")
    2
    """
    return parse_formula(formula).n_atoms // 2


def combination_uses(formula: str, defining: str, hand: Mapping[str, int], protos: int) -> list[CombinationUse]:
    """Every way to lay ``formula`` from ``hand`` (element counts) and ``protos`` Protomaterie.

    One use per number of Protomaterie; real cards replaced by Protomaterie are taken from the
    non-defining elements, the most plentiful first. Empty if the formula cannot be laid.
    """
    elements, limit = _shape(formula)
    have = tuple((e, hand.get(e, 0)) for e in elements)
    return list(_uses(formula, defining, have, min(protos, limit)))


@lru_cache(maxsize=None)
def _shape(formula: str) -> tuple[tuple[str, ...], int]:
    """The elements of ``formula`` and how many Protomaterie it may hold at most."""
    return parse_formula(formula).elements, max_proto(formula)


@lru_cache(maxsize=65536)
def _uses(formula: str, defining: str, have: tuple[tuple[str, int], ...], protos: int) -> tuple[CombinationUse, ...]:
    hand = dict(have)
    need = parse_formula(formula).counts
    if hand.get(defining, 0) < need.get(defining, 0) or defining not in need:
        return ()
    missing = sum(max(0, n - hand.get(e, 0)) for e, n in need.items())
    uses = []
    for proto in range(missing, min(protos, max_proto(formula)) + 1):
        cards = {e: min(n, hand.get(e, 0)) for e, n in need.items()}
        replaced = {e: n - cards[e] for e, n in need.items() if n > cards[e]}
        extra = proto - missing
        # replace further real cards with Protomaterie (the player may keep real cards in hand)
        for e in sorted((e for e in need if e != defining), key=lambda e: -cards[e]):
            take = min(extra, cards[e])
            if take:
                cards[e] -= take
                replaced[e] = replaced.get(e, 0) + take
                extra -= take
        if extra:
            continue
        uses.append(CombinationUse(formula, {e: n for e, n in cards.items() if n}, proto, replaced))
    return tuple(uses)
