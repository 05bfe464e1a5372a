"""Why a Chemuno card fits on the card below: the common elements and multipliers, computed as a
SymPy set intersection, with the number of each shared element in both formulas.

>>> fits("H2O", "H2SO4", None), fits("NaCl", "H2O", None), fits("He", "NaCl", None)
(True, False, True)
>>> ok, steps = fit_steps("H2O", "H2SO4", None)
>>> steps[0].math.text
'{H, O, S, ×2, ×4} ∩ {H, O, ×2} = {H, O, ×2}'
>>> steps[1].msg.render("en")
'Number of H in the formula: 2 in H₂SO₄, 2 in H₂O.'
>>> fits("CO2", "Ar", "C"), fits("H2O", "Ar", "C")
(True, False)
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...chemistry import element_facts, parse_formula, substance
from ...core.explanation import Msg, Step
from ...core.symbolic import SymbolicMath
from ..chemix.cards import MULTIPLIERS, card_set


@lru_cache(maxsize=None)
def card_label(card: str) -> str:
    """What a card shows, for texts: ``H₂O``, ``Fe``, ``×3``, ``Ne``."""
    cs = card_set()
    kind = cs.kind(card)
    if kind == "compound":
        return parse_formula(card).unicode()
    if kind == "multiplier":
        return "×" + cs.face(card)
    return cs.face(card)


def fits(card: str, top: str | None, wish: str | None) -> bool:
    """May ``card`` be laid on ``top`` (with the noble gas's ``wish``, if any)?"""
    cs = card_set()
    if top is None or cs.kind(card) == "noble":
        return True
    if cs.kind(top) == "noble":
        return wish in cs.contents(card)
    return bool(cs.contents(card) & cs.contents(top))


def _atoms(card: str, element: str) -> int:
    cs = card_set()
    if cs.kind(card) == "compound":
        return parse_formula(card).counts.get(element, 0)
    return 1


def _as_set(items: frozenset[str]) -> Any:
    import sympy

    return sympy.FiniteSet(*(sympy.Symbol("×" + i if i in MULTIPLIERS else i) for i in sorted(items)))


@lru_cache(maxsize=8192)
def fit_steps(card: str, top: str | None, wish: str | None) -> tuple[bool, tuple[Step, ...]]:
    """Whether ``card`` fits on ``top``, and the steps that show why (or why not)."""
    cs = card_set()
    label = card_label(card)
    if top is None:
        return True, (Step(Msg("cu.first_card")),)
    if cs.kind(card) == "noble":
        return True, (Step(Msg("cu.noble_fits", card=label)),)
    if cs.kind(top) == "noble":
        if wish in cs.contents(card):
            return True, (Step(Msg("cu.wish_met", wish=wish or "", card=label, n=_atoms(card, wish or ""))),)
        return False, (Step(Msg("cu.wish_missing", wish=wish or "", card=label, top=card_label(top))),)
    below, laid = cs.contents(top), cs.contents(card)
    common = below & laid
    math = SymbolicMath((_as_set(below), _as_set(laid)), "∩", _as_set(common), upright=True)  # element symbols
    if not common:
        return False, (Step(Msg("cu.nothing_shared", card=label, top=card_label(top)), math),)
    steps = [Step(Msg("cu.shared", card=label, top=card_label(top)), math)]
    for item in sorted(common, key=lambda i: (i in MULTIPLIERS, i)):
        if item in MULTIPLIERS:
            steps.append(Step(Msg("cu.shared_multiplier", face=item)))
        else:
            steps.append(Step(Msg("cu.atoms", element=item, n_top=_atoms(top, item), top=card_label(top),
                                  n_card=_atoms(card, item), card=label)))
    if common - set(MULTIPLIERS):  # counted "in the formula": say where a formula counts ions
        steps += [step for c in dict.fromkeys((top, card)) if (step := ionic_step(c)) is not None]
    return True, tuple(steps)


@lru_cache(maxsize=None)
def ionic_step(card: str) -> Step | None:
    """For an ionic compound card, that its formula gives the ratio of its ions (no molecule);
    ionic or molecular as the substance reference decides it (electronegativity, metals).

    >>> ionic_step("NaCl").msg.render("en")
    'NaCl is an ionic compound (Na is a metal): it is built of ions, and its formula gives their ratio, not a molecule.'
    >>> ionic_step("HCl") is None, ionic_step("Na.1") is None
    (True, True)
    """
    if card_set().kind(card) != "compound":
        return None
    s = substance(card)
    if s.bonding != "ionic":
        return None
    metals: Any = s.bonding_reason[1].get("metals", ())
    if metals:
        return Step(Msg("cu.ionic_metal", card=card_label(card), metals=", ".join(metals)))
    return Step(Msg("cu.ionic", card=card_label(card)))


def noble_steps(card: str, wish: str, pending: int, drawn: int) -> list[Step]:
    """A noble gas: why it fits everything, the element it wishes, and that it does not stop a
    pending draw (``drawn`` of the ``pending`` cards are there to draw)."""
    facts = element_facts(card)
    out = [Step(Msg("cu.noble", card=card, z=facts.number)), Step(Msg("cu.wish", wish=wish))]
    if pending:
        out.append(Step(Msg("cu.noble_no_shield", n=pending)))
        if drawn < pending:
            out.append(Step(Msg("cu.short", n=drawn)))
    return out


def multiplier_steps(card: str, pending: int) -> list[Step]:
    """A multiplier: how many cards the next player must draw (doubled when answered)."""
    import sympy

    if pending:
        doubled = SymbolicMath((sympy.Integer(pending), sympy.Integer(2)), "·", sympy.Integer(pending * 2))
        return [Step(Msg("cu.doubles", n=pending * 2), doubled)]
    return [Step(Msg("cu.next_draws", n=int(card_set().face(card))))]
