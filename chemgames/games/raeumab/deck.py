"""The NumNum deck of Räum-Ab!, loaded from ``data/deck.json`` (the design is in docs/rules/raeumab.md).

Every card has an id (0 to 108), a ``kind`` (``number``, ``joker``, ``forbidden``, ``wish``), a suit
(number cards and jokers only), a value and a short ``code``:

>>> cards = deck()
>>> len(cards)
109
>>> cards[0].code, cards[0].kind, cards[0].suit, cards[0].value
('R2', 'number', 'R', 2)
>>> sorted({c.code for c in cards if c.kind != "number"})
['B1', 'G1', 'R1', 'V2', 'V5', 'W', 'Y1']
>>> COLUMN_SIZES
(16, 16, 16, 16, 15, 15, 15)
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from ...core.explanation import Msg

KINDS = ("number", "joker", "forbidden", "wish")


@dataclass(frozen=True)
class Card:
    """One printed card. ``value`` is the number (1 for a joker, 2 or 5 for a forbidden card)."""

    id: int
    kind: str
    code: str
    suit: str | None = None
    value: int | None = None

    @property
    def is_number(self) -> bool:
        """Number cards and jokers carry a number that pairs (a joker is the 1)."""
        return self.kind in ("number", "joker")

    def label(self) -> Msg:
        """The card's name for explanations, e.g. "red ● 12"."""
        if self.kind == "wish":
            return Msg("ra.card.wish")
        if self.kind == "forbidden":
            return Msg("ra.card.forbidden", n=self.value)
        return Msg("ra.card.number", colour=Msg(f"ra.colour.{self.suit}"), symbol=suit_symbol(self.suit or ""),
                   n=self.value)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "code": self.code, "suit": self.suit, "value": self.value}


@lru_cache(maxsize=1)
def deck_data() -> dict[str, Any]:
    """The raw deck description (suits with colour and symbol, numbers, specials, column sizes)."""
    text = resources.files(__package__).joinpath("data", "deck.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def suit_symbol(suit: str) -> str:
    """The geometric symbol printed beside a suit's colour (so colour is never the only sign).

    >>> suit_symbol("R"), suit_symbol("Y")
    ('●', '◆')
    """
    return str(deck_data()["suits"][suit]["symbol"])


def suits() -> dict[str, dict[str, str]]:
    return {k: dict(v) for k, v in deck_data()["suits"].items()}


@lru_cache(maxsize=1)
def deck() -> tuple[Card, ...]:
    """All 109 cards, in a fixed order (numbers by suit, jokers, forbidden cards, wish cards)."""
    d = deck_data()
    cards: list[Card] = []

    def add(kind: str, code: str, suit: str | None, value: int | None) -> None:
        cards.append(Card(len(cards), kind, code, suit, value))

    for suit, numbers in d["numbers"].items():
        for n in numbers:
            add("number", f"{suit}{n}", suit, int(n))
    for suit in d["jokers"]:
        add("joker", f"{suit}1", suit, 1)
    for value, count in d["forbidden"].items():
        for _ in range(int(count)):
            add("forbidden", f"V{value}", None, int(value))
    for _ in range(int(d["wish"])):
        add("wish", "W", None, None)
    return tuple(cards)


COLUMN_SIZES: tuple[int, ...] = tuple(int(n) for n in deck_data()["columns"])
BANNABLE = tuple(sorted(int(v) for v in deck_data()["forbidden"]))


def card_dicts() -> dict[str, dict[str, Any]]:
    """The printed faces by id (for views; they never change during a game)."""
    return {k: dict(v) for k, v in _card_dicts().items()}


@lru_cache(maxsize=1)
def _card_dicts() -> dict[str, dict[str, Any]]:
    return {str(c.id): c.to_dict() for c in deck()}
