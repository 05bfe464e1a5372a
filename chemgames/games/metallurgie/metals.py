"""The four metals of Metallurgie as printed on the cards, loaded from ``data/metals.json``.

Element facts (density, molar mass, atomic number) come from the periodictable library.

>>> [m.symbol for m in metals()]
['Fe', 'Cu', 'Ag', 'Au']
>>> iron = metal("Fe")
>>> iron.layer, iron.area, iron.removes, iron.count
(0, 9, 5, 44)
>>> sum(m.count for m in metals())
103
>>> metal("Au").facts.number, round(metal("Au").facts.molar_mass, 1)
(79, 197.0)
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from ...chemistry import element_facts
from ...chemistry.elements import ElementFacts
from ...core.explanation import Text

STOP = "stop"


@dataclass(frozen=True)
class Metal:
    """One metal: its layer (0 = iron, the lowest), the area needed and the cards removed."""

    symbol: str
    name: Text
    layer: int
    count: int
    area: int
    removes: int
    pattern: str
    colour: str

    @property
    def facts(self) -> ElementFacts:
        return element_facts(self.symbol)

    def to_dict(self, lang: str) -> dict[str, Any]:
        f = self.facts
        return {"symbol": self.symbol, "name": self.name.render(lang), "layer": self.layer, "count": self.count,
                "area": self.area, "removes": self.removes, "pattern": self.pattern, "colour": self.colour,
                "number": f.number, "molar_mass": float(f.atomic_mass), "density": f.density}


@lru_cache(maxsize=None)
def _data() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data", "metals.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@lru_cache(maxsize=None)
def metals() -> tuple[Metal, ...]:
    """The metals from the lowest layer (iron) to the highest (gold)."""
    return tuple(Metal(m["symbol"], Text(**m["name"]), layer, m["count"], m["area"], m["removes"], m["pattern"],
                       m["colour"]) for layer, m in enumerate(_data()["metals"]))


@lru_cache(maxsize=None)
def metal(symbol: str) -> Metal:
    """The metal ``symbol``; ``KeyError`` for anything else."""
    for m in metals():
        if m.symbol == symbol:
            return m
    raise KeyError(symbol)


def setting(name: str) -> Any:
    """A number or list from the data file (``hand_size``, ``start``, ``bonus_cards``, ...)."""
    return _data()[name]


SYMBOLS: tuple[str, ...] = tuple(m["symbol"] for m in _data()["metals"])
