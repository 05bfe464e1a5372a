"""The 75 Chromino tiles, generated from the five colours (never listed by hand).

A tile is a row of three squares. Turned end over end, ``(a, b, c)`` is the same tile as
``(c, b, a)``, so the tiles are the 5³ = 125 colour sequences up to reversal: the 25 palindromes
(``a == c``) stand alone and the other 100 sequences pair up, giving 25 + 100 / 2 = 75 tiles.

>>> len(TILES)
75
>>> kind_counts()
{'mono': 5, 'aab': 20, 'aba': 20, 'abc': 30}
>>> [tile_value(t) for t in (TILES[0], by_colours((0, 0, 1)), by_colours((0, 1, 0)), by_colours((0, 1, 2)))]
[1, 2, 3, 4]
"""
from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

KINDS = ("mono", "aab", "aba", "abc")


def _data(name: str) -> Any:
    return json.loads(resources.files(__package__).joinpath("data", name).read_text("utf-8"))


@dataclass(frozen=True)
class Colour:
    """One of the five colours with its names, its screen colour and its symbol."""

    index: int
    key: str
    de: str
    en: str
    hex: str
    symbol: str

    def name(self, lang: str) -> str:
        return self.de if lang == "de" else self.en


COLOURS: tuple[Colour, ...] = tuple(Colour(i, **c) for i, c in enumerate(_data("colours.json")["colours"]))
RULES: dict[str, Any] = _data("values.json")


@dataclass(frozen=True)
class Tile:
    """A tile: its number and its colours read from one end (the smaller of the two readings)."""

    id: int
    colours: tuple[int, int, int]

    @property
    def palindrome(self) -> bool:
        """Reads the same from both ends (single-colour or A-B-A)."""
        return self.colours[0] == self.colours[2]

    @property
    def kind(self) -> str:
        """``mono`` (A-A-A), ``aab`` (two colours, one-sided), ``aba`` (two colours, symmetric), ``abc``."""
        a, b, c = self.colours
        if a == b == c:
            return "mono"
        if a == c:
            return "aba"
        if a == b or b == c:
            return "aab"
        return "abc"

    def label(self) -> str:
        """The symbols of the colours, e.g. ``●▲■``.

        >>> TILES[1].label()
        '●●▲'
        """
        return "".join(COLOURS[c].symbol for c in self.colours)


def canonical(seq: tuple[int, ...]) -> tuple[int, ...]:
    """The reading of a sequence that names its tile: the smaller of it and its reverse.

    >>> canonical((2, 1, 0))
    (0, 1, 2)
    """
    return min(tuple(seq), tuple(reversed(seq)))


def generate(n_colours: int = len(COLOURS), length: int = 3) -> list[tuple[int, ...]]:
    """Every tile of ``length`` squares in ``n_colours`` colours: the sequences up to reversal.

    >>> len(generate(5)), len(generate(2)), len(generate(3, 2))
    (75, 6, 6)
    """
    return sorted({canonical(s) for s in itertools.product(range(n_colours), repeat=length)})


TILES: tuple[Tile, ...] = tuple(Tile(i, s) for i, s in enumerate(generate()))  # type: ignore[arg-type]
_BY_COLOURS = {t.colours: t for t in TILES}


def by_colours(seq: tuple[int, ...]) -> Tile:
    """The tile with these colours in either reading.

    >>> by_colours((2, 1, 0)) == by_colours((0, 1, 2))
    True
    """
    return _BY_COLOURS[canonical(seq)]  # type: ignore[index]


def tile_value(tile: Tile) -> int:
    """A tile's value (data/values.json): base + one per colour change + one for a third colour."""
    a, b, c = tile.colours
    changes = (a != b) + (b != c)
    return int(RULES["base"] + RULES["per_change"] * changes + RULES["third_colour"] * (len({a, b, c}) == 3))


VALUES: tuple[int, ...] = tuple(tile_value(t) for t in TILES)


def kind_counts() -> dict[str, int]:
    """How many tiles of each kind."""
    out = {k: 0 for k in KINDS}
    for t in TILES:
        out[t.kind] += 1
    return out


def colour_counts() -> dict[str, dict[str, int]]:
    """On how many tiles each colour appears, in all and by kind (the sheet: 35 = 1 + 8 + 8 + 18).

    >>> colour_counts()["red"]
    {'mono': 1, 'aab': 8, 'aba': 8, 'abc': 18, 'all': 35}
    """
    out = {}
    for col in COLOURS:
        row = {k: 0 for k in KINDS}
        for t in TILES:
            if col.index in t.colours:
                row[t.kind] += 1
        row["all"] = sum(row.values())
        out[col.key] = row
    return out


@lru_cache(maxsize=None)
def colour_dicts(lang: str) -> list[dict[str, Any]]:
    """The colours for a view: index, key, name in ``lang``, screen colour and symbol."""
    return [{"index": c.index, "key": c.key, "name": c.name(lang), "hex": c.hex, "symbol": c.symbol}
            for c in COLOURS]


__all__ = ["COLOURS", "KINDS", "TILES", "VALUES", "Colour", "Tile", "by_colours", "canonical", "colour_counts",
           "colour_dicts", "generate", "kind_counts", "tile_value"]
