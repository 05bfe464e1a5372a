"""What a compound of cards is in real chemistry: the one place where the game asks the substance
reference (``chemgames.chemistry.substance``) and the textbook formula (``textbook_formula``).

The game's rule (the sheet) decides what may be laid; this module only says what the laid cards
are: a known substance with its name, oxidation numbers and kind of bonding, or a set of cards that
our reference does not know (which is "not known to the reference", never "impossible").

>>> i = identify((("Fe", 1), ("O", 1)))
>>> i.known, i.formula, i.name.render("de")
(True, 'FeO', 'Eisen(II)-oxid')
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Sequence

from ...chemistry import format_formula, parse_formula
from ...core.explanation import Text


@dataclass(frozen=True)
class Identity:
    """A set of atoms (and its charge) as the reference knows it."""

    known: bool
    formula: str  # textbook notation: Fe2(SO4)3, CH4, NH4Cl
    unicode: str
    name: Text | None = None  # Stock or systematic name, de and en
    trivial: Text | None = None  # Wasser, Ammoniak, Kochsalz where school uses one
    oxidation: tuple[tuple[str, Fraction], ...] = ()  # element -> as chemists assign it
    average: tuple[tuple[str, tuple[Fraction, ...]], ...] = ()  # element -> the states behind an average
    bonding: str | None = None  # "ionic" | "molecular"
    source: str = ""

    def oxidation_of(self, element: str) -> Fraction | None:
        return dict(self.oxidation).get(element)


def _text(de: Any, en: Any) -> Text | None:
    return Text(de=str(de), en=str(en)) if de and en else None


def _formula_text(counts: Sequence[tuple[str, int]]) -> str:
    return "".join(f"{e}{n if n > 1 else ''}" for e, n in counts)


@lru_cache(maxsize=8192)
def identify(counts: tuple[tuple[str, int], ...], charge: int = 0) -> Identity:
    """The substance made of ``counts`` (element, number) with ``charge``, looked up in the reference."""
    try:
        from ...chemistry import substance
    except ImportError:  # no reference installed: nothing is known to it
        text = _formula_text(counts)
        return Identity(False, text, parse_formula(text).unicode())
    de = substance(_formula_text(counts), charge=charge, lang="de")
    en = substance(_formula_text(counts), charge=charge, lang="en")
    if not de.known:
        return Identity(False, de.formula, de.unicode, source=str(de.source or ""))
    oxidation = tuple(sorted((e, Fraction(q)) for e, q in (de.oxidation_states or {}).items()))
    average = tuple(sorted((e, tuple(Fraction(x) for x in qs)) for e, qs in (getattr(de, "average", None) or {}).items()))
    return Identity(True, de.formula, de.unicode, _text(de.name, en.name), _text(de.trivial_name, en.trivial_name),
                    oxidation, average, getattr(de, "bonding", None), str(de.source or ""))


@lru_cache(maxsize=8192)
def textbook(units: tuple[tuple[str, int], ...]) -> str:
    """The textbook formula of the units a compound is laid from (element symbols and charged
    groups such as ``[SO4]2-``, each with its count): ``Fe2(SO4)3``, ``CH4``, ``NH4Cl``."""
    try:
        from ...chemistry import textbook_formula
    except ImportError:  # no reference installed: the units as given
        return format_formula(list(units))
    return str(textbook_formula(list(units)))


__all__ = ["Identity", "identify", "textbook"]
