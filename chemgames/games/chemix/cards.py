"""The ChemiX card set, shared by ChemiX Classic and Chemuno, loaded from ``data/cards.json``.

Every physical card has an id: element cards ``H.1`` … ``H.4``, ``Na.1``; noble gases ``He``;
multipliers ``x2.1`` … ``x4.2``; compound cards by their formula (``H2O``).

>>> cs = card_set()
>>> len(cs.compounds), len(cs.element_ids), len(cs.noble_ids), len(cs.multiplier_ids)
(42, 17, 4, 9)
>>> cs.compounds["H2O"].layout, cs.compounds["H2O"].points
(('H', '2', 'O'), 3)
>>> cs.kind("x3.2"), cs.face("x3.2"), cs.kind("Fe.1"), cs.face("Fe.1"), cs.kind("Rn"), cs.kind("CO2")
('multiplier', '3', 'element', 'Fe', 'noble', 'compound')
>>> sorted(cs.compounds["CH3COOH"].needs.items())
[('3', 1), ('C', 2), ('H', 2), ('O', 2)]
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Literal

from ...chemistry import element_facts

CardKind = Literal["element", "noble", "multiplier", "compound"]
MULTIPLIERS = ("2", "3", "4")
NOBLE_POINTS = 3  # what a noble gas card is worth at the end (and costs when given away)
HAND_LIMIT = 3  # cards a player holds at the end of a turn (the rule sheet's hand limit)


@dataclass(frozen=True)
class CompoundCard:
    """One compound card: its formula, the cards that lay it in written order, points, texts."""

    formula: str
    layout: tuple[str, ...]
    points: int
    name: dict[str, str]
    about: dict[str, str]

    @property
    def needs(self) -> Counter[str]:
        """How many cards of each face the layout takes (``O2`` needs one O and one "2")."""
        return Counter(self.layout)

    @property
    def elements(self) -> frozenset[str]:
        return frozenset(t for t in self.layout if t not in MULTIPLIERS)

    @property
    def multipliers(self) -> frozenset[str]:
        return frozenset(t for t in self.layout if t in MULTIPLIERS)


@dataclass(frozen=True)
class CardSet:
    """The whole box: supply counts, and every physical card by id."""

    element_supply: dict[str, int]
    noble_gases: tuple[str, ...]
    multiplier_supply: dict[str, int]
    compounds: dict[str, CompoundCard]

    @property
    def element_ids(self) -> tuple[str, ...]:
        return tuple(f"{s}.{i}" for s, n in self.element_supply.items() for i in range(1, n + 1))

    @property
    def noble_ids(self) -> tuple[str, ...]:
        return self.noble_gases

    @property
    def multiplier_ids(self) -> tuple[str, ...]:
        return tuple(f"x{m}.{i}" for m, n in self.multiplier_supply.items() for i in range(1, n + 1))

    @property
    def compound_ids(self) -> tuple[str, ...]:
        return tuple(self.compounds)

    def all_ids(self) -> tuple[str, ...]:
        """All 72 cards of the box."""
        return self.element_ids + self.noble_ids + self.multiplier_ids + self.compound_ids

    def kind(self, card_id: str) -> CardKind:
        if card_id in self.compounds:
            return "compound"
        if card_id in self.noble_gases:
            return "noble"
        if card_id.startswith("x") and card_id[1:2] in MULTIPLIERS:
            return "multiplier"
        return "element"

    def face(self, card_id: str) -> str:
        """What is printed: the element symbol, the multiplier digit, the noble gas, the formula."""
        kind = self.kind(card_id)
        if kind == "multiplier":
            return card_id[1:2]
        if kind == "element":
            return card_id.split(".")[0]
        return card_id

    def contents(self, card_id: str) -> frozenset[str]:
        """The element symbols and multiplier digits a card shows (what Chemuno matches on)."""
        kind = self.kind(card_id)
        if kind == "compound":
            return frozenset(self.compounds[card_id].layout)
        if kind == "noble":
            return frozenset()
        return frozenset({self.face(card_id)})

    def atomic_number(self, symbol: str) -> int:
        return element_facts(symbol).number


@lru_cache(maxsize=1)
def card_set() -> CardSet:
    data = json.loads(resources.files(__package__).joinpath("data", "cards.json").read_text("utf-8"))
    compounds = {c["id"]: CompoundCard(c["formula"], tuple(c["layout"]), int(c["points"]),
                                       dict(c["name"]), dict(c["about"])) for c in data["compounds"]}
    return CardSet(dict(data["elements"]), tuple(data["noble_gases"]), dict(data["multipliers"]), compounds)
