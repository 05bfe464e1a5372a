"""The card set and the decks of Das Chemie-Kartenspiel, loaded from ``data/*.json``.

>>> cards = card_set()
>>> cards["Cl"].charges, cards["Cl"].points
((-1,), 2)
>>> sum(family_deck().values())
108
>>> check_deck(family_deck(), "family")
[]
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from functools import cached_property, lru_cache
from importlib import resources
from typing import Any, Mapping

from ...chemistry import Formula, element_facts, parse_formula
from ...core.explanation import Msg, Text

PROTO = "Proto"
MODES = ("family", "competitive")
DECK_SIZE = {"family": 108, "competitive": 54}
TIER_LIMITS = {"family": {2: 30, 3: 8}, "competitive": {2: 15, 3: 4}}
PROTO_EXACT = {"family": 10, "competitive": 5}


@dataclass(frozen=True)
class Combination:
    """A combination printed on the card of its ``defining`` element."""

    formula: str
    points: int
    defining: str

    @property
    def parsed(self) -> Formula:
        return parse_formula(self.formula)

    @property
    def charge(self) -> int:
        return self.parsed.charge


@dataclass(frozen=True)
class CardKind:
    """One kind of card as printed: element, charges, points, tier, symbols, combinations."""

    symbol: str
    name: Text
    charges: tuple[int, ...]
    points: int
    tier: int | str
    stable: bool
    radioactive: bool
    artificial: bool
    black_border: bool
    combinations: tuple[Combination, ...]
    text: Text

    @property
    def is_proto(self) -> bool:
        return self.symbol == PROTO

    @cached_property
    def facts(self) -> dict[str, Any] | None:
        if self.is_proto:
            return None
        return element_facts(self.symbol).to_dict()

    def to_dict(self, lang: str) -> dict[str, Any]:
        return {"symbol": self.symbol, "name": self.name.render(lang), "charges": list(self.charges),
                "points": self.points, "tier": self.tier, "stable": self.stable, "radioactive": self.radioactive,
                "artificial": self.artificial, "black_border": self.black_border,
                "combinations": [{"formula": c.formula, "unicode": c.parsed.unicode(), "points": c.points,
                                  "charge": c.charge} for c in self.combinations],
                "text": self.text.render(lang), "facts": self.facts}


def _data(name: str) -> Any:
    return json.loads(resources.files(__package__).joinpath("data", name).read_text("utf-8"))


@lru_cache(maxsize=None)
def card_set() -> dict[str, CardKind]:
    """Every kind of card, by symbol (Protomaterie is ``"Proto"``)."""
    out: dict[str, CardKind] = {}
    for raw in _data("cards.json")["cards"]:
        combos = tuple(Combination(c["formula"], int(c["points"]), raw["symbol"]) for c in raw.get("combinations", []))
        out[raw["symbol"]] = CardKind(
            raw["symbol"], Text(**raw["name"]), tuple(raw["charges"]), int(raw["points"]), raw["tier"],
            bool(raw["stable"]), bool(raw["radioactive"]), bool(raw["artificial"]), bool(raw["black_border"]),
            combos, Text(**raw["text"]))
    return out


@lru_cache(maxsize=None)
def combinations() -> dict[str, Combination]:
    """Every combination by its formula."""
    return {c.formula: c for kind in card_set().values() for c in kind.combinations}


@lru_cache(maxsize=None)
def _card_dicts(lang: str) -> dict[str, dict[str, Any]]:
    return {s: k.to_dict(lang) for s, k in card_set().items()}


def card_dicts(lang: str, symbols: frozenset[str] | None = None) -> dict[str, dict[str, Any]]:
    """Every card's printed face as JSON-able data in ``lang`` (only ``symbols`` if given).

    >>> card_dicts("de", frozenset({"S"}))["S"]["name"]
    'Schwefel'
    """
    return {s: dict(d) for s, d in _card_dicts(lang).items() if symbols is None or s in symbols}


@lru_cache(maxsize=None)
def _decks() -> dict[str, Any]:
    """``decks.json`` as read once (every new game asks for its deck: read from disk, it took a third of
    setting up a game); callers get their own counters of it, never these dicts."""
    data: dict[str, Any] = _data("decks.json")
    return data


def family_deck() -> Counter[str]:
    """The 108-card family deck (symbol -> number of cards), a new counter each call.

    >>> d = family_deck(); d["H"] += 1; family_deck()["H"] == d["H"] - 1
    True
    """
    return Counter(_decks()["family"])


def starter_decks() -> dict[str, Counter[str]]:
    """The ready-made 54-card decks for the competitive game, by name (new counters each call)."""
    return {name: Counter(deck) for name, deck in _decks()["competitive"].items()}


def check_deck(deck: Mapping[str, int], mode: str) -> list[Msg]:
    """What breaks the deck limits of ``mode`` (empty if the deck is valid).

    >>> [m.render("en") for m in check_deck({"H": 100, "Proto": 8}, "family")]
    ['Protomatter must be in the deck exactly 10 times, not 8.']
    """
    problems: list[Msg] = []
    cards = card_set()
    if not isinstance(deck, Mapping):
        return [Msg("ck.deck.not_a_deck")]
    for symbol, n in deck.items():
        if symbol not in cards:
            problems.append(Msg("ck.deck.unknown_card", card=str(symbol)[:20]))
        elif not isinstance(n, int) or isinstance(n, bool) or n < 0:
            problems.append(Msg("ck.deck.bad_count", card=symbol, value=str(n)[:20]))
    if problems:
        return problems
    size = sum(deck.values())
    if size != DECK_SIZE[mode]:
        problems.append(Msg("ck.deck.size", size=size, want=DECK_SIZE[mode]))
    tiers: Counter[int | str] = Counter()
    for symbol, n in deck.items():
        tiers[cards[symbol].tier] += n
    for tier, limit in TIER_LIMITS[mode].items():
        if tiers[tier] > limit:
            problems.append(Msg("ck.deck.tier", stars="★" * tier, count=tiers[tier], limit=limit))
    if deck.get(PROTO, 0) != PROTO_EXACT[mode]:
        problems.append(Msg("ck.deck.proto", size=size, count=deck.get(PROTO, 0), want=PROTO_EXACT[mode]))
    return problems
