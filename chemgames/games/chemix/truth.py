"""The true chemistry of a compound card, from the substance reference
``chemgames.chemistry.substance``: its name, whether it is ionic or molecular, and the oxidation
numbers as chemists assign them (averages explained as averages). SymPy is the engine's tool for
the check "the numbers add up to 0", but the student reads "x is the unknown", not "SymPy solves".

>>> [s.text("en") for s in substance_steps("NH4Cl", ("N", "H", "4", "Cl"))][2:]  # doctest: +NORMALIZE_WHITESPACE
['Oxidation numbers as chemists assign them: N −3, H +1, Cl −1',
 'In a neutral compound they add up to 0: 1·(−3) + 4·(+1) + 1·(−1) = 0',
 'Check: with the other numbers known, x is the unknown oxidation number of N: 4·(+1) + 1·(−1) + 1·x = 0 ⇒ x = −3']
"""
from __future__ import annotations

import html
from collections import Counter
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ...chemistry import ChargeTerm, balance_equation
from ...chemistry.balance import signed
from ...core.explanation import Msg, Step, Text
from ...core.i18n import format_number, minus, tr
from .layout import MathText, atom_counts, oxidation

Layout = tuple[str, ...]
LANGS = ("de", "en")


@lru_cache(maxsize=256)
def reference(formula: str, lang: str) -> Any:
    """The substance reference for a formula (the one place that calls H1's ``substance``)."""
    from ...chemistry import substance

    return substance(formula, lang=lang)


def display_name(formula: str, lang: str, fallback: str, inline: bool = False) -> str:
    """The name a student reads: the reference's Stock/systematic name, the school's trivial name
    beside it where there is one; the card's designed name only if the reference has none.
    ``inline``: for a sentence that already puts the name in brackets ("CaCO3 (…) is laid").

    >>> display_name("CaCO3", "de", "?"), display_name("CaCO3", "en", "?", inline=True)
    ('Calciumcarbonat (Kalk)', 'calcium carbonate, also limestone')
    """
    s = reference(formula, lang)
    name = s.name or fallback
    trivial = getattr(s, "trivial_name", None)
    if not trivial or trivial.lower() == name.lower():
        return name
    return tr(lang, "cx.name_also" if inline else "cx.name_beside", name=name, trivial=trivial)


def _num(q: Fraction | int) -> str:
    q = Fraction(q)
    return signed(int(q)) if q.denominator == 1 else f"{minus(q.numerator, plus=True)}/{q.denominator}"


def _individual(formula: str, counts: dict[str, int]) -> dict[str, list[Fraction]]:
    """Each atom's oxidation number: the chemists' single number, or the individual ones behind an average."""
    s = reference(formula, "en")
    average = getattr(s, "average", None) or {}
    out = {}
    for el, n in counts.items():
        parts = [Fraction(q) for q in average.get(el, ())]
        out[el] = parts if len(parts) == n else [Fraction(s.oxidation_states[el])] * n
    return out


def numbers_text(formula: str, counts: dict[str, int]) -> Text:
    """``H +1, O −2``; an average as ``C −3 and +3 (average 0)``."""
    s = reference(formula, "en")
    each = _individual(formula, counts)
    words = {"de": ("und", "Mittelwert"), "en": ("and", "average")}
    out = {}
    for lang in LANGS:
        and_, mean = words[lang]
        parts = []
        for el, values in each.items():
            distinct = sorted(set(values))
            if len(distinct) > 1:
                listed = f" {and_} ".join(_num(q) for q in distinct)
                parts.append(f"{el} {listed} ({mean} {_num(Fraction(s.oxidation_states[el]))})")
            else:
                parts.append(f"{el} {_num(distinct[0])}")
        out[lang] = ", ".join(parts)
    return Text(**out)


_SUP = str.maketrans("0123456789+−", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻")
_SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def bonding_step(formula: str) -> Step:
    """Ionic or molecular, as the reference decides it, and what the numbers then stand for: an ion
    charge for an ion of one atom, an imagined charge (oxidation number) in a molecule."""
    s = reference(formula, "en")
    why, facts = s.bonding_reason
    diff = facts.get("en_difference")
    diff_text = Text(de=format_number(diff, "de", 2), en=format_number(diff, "en", 2)) if diff is not None else Text(de="–", en="–")
    if why == "metal_nonmetal":
        ions = ", ".join(m + (signed(int(s.oxidation_states[m])).translate(_SUP)[1:] if abs(s.oxidation_states[m]) > 1
                                 else "") + ("⁺" if s.oxidation_states[m] > 0 else "⁻") for m in facts["metals"])
        if diff is None:  # the difference would not support "ionic" (FeO 1.61): the school rule alone
            return Step(Msg("cx.truth_metal_nonmetal_rule", formula=formula, ions=ions))
        return Step(Msg("cx.truth_metal_nonmetal", formula=formula, ions=ions, diff=diff_text))
    if why == "polyatomic_cation":
        cation = facts["cation"].translate(_SUB) + "⁺"
        return Step(Msg("cx.truth_polyatomic_cation", formula=formula, cation=cation, diff=diff_text))
    if s.bonding == "ionic":
        return Step(Msg("cx.truth_ionic", formula=formula))
    if diff is None:
        return Step(Msg("cx.truth_molecular_rule", formula=formula))
    return Step(Msg("cx.truth_molecular", formula=formula, diff=diff_text))


def _unknown(layout: Layout, formula: str) -> tuple[str, Fraction, MathText, Any]:
    """"x is the unknown": the other elements' numbers fixed (the chemists' ones), solve Σ = 0 for one.

    The element solved for is the one the card's layout leaves without a common number
    (``layout.oxidation``), so it is the same whatever order the cards were clicked in."""
    import sympy

    counts = atom_counts(layout)
    solved = oxidation(layout).solved
    states = reference(formula, "en").oxidation_states
    x = sympy.Symbol("x")
    known = [(el, counts[el], sympy.Rational(Fraction(states[el]).numerator, Fraction(states[el]).denominator))
             for el in counts if el != solved]
    lhs = sum((n * q for _, n, q in known), sympy.Integer(0)) + counts[solved] * x
    value = sympy.solve(sympy.Eq(lhs, 0), x)[0]
    value_f = Fraction(int(value.p), int(value.q))
    terms = " + ".join(f"{n}·({_num(Fraction(int(q.p), int(q.q)))})" for _, n, q in known)
    text = (f"{terms} + " if terms else "") + f"{counts[solved]}·x = 0 ⇒ x = {_num(value_f)}"
    mml = sympy.printing.mathml(sympy.Eq(lhs, 0), printer="presentation")
    mathml = f"<math><mrow>{mml}<mo>⇒</mo><mi>x</mi><mo>=</mo><mn>{html.escape(_num(value_f))}</mn></mrow></math>"
    return solved, value_f, MathText(text, mathml), value


@lru_cache(maxsize=64)
def substance_steps(formula: str, layout: Layout) -> tuple[Step, ...]:
    """Name, ionic or molecular, oxidation numbers, their sum, and the "x" check of one compound card."""
    de, en = reference(formula, "de"), reference(formula, "en")
    counts = atom_counts(layout)
    if not en.known:
        return (Step(Msg("cx.truth_unknown", formula=formula)),)
    trivial = getattr(en, "trivial_name", None)
    name = Text(de=de.name or formula, en=en.name or formula)
    steps = [Step(Msg("cx.truth_known_trivial", formula=formula, name=name,
                      trivial=Text(de=de.trivial_name, en=en.trivial_name)))
             if trivial and trivial.lower() != (en.name or "").lower()
             else Step(Msg("cx.truth_known", formula=formula, name=name))]
    if len(counts) == 1:
        return (*steps, Step(Msg("cx.truth_element", formula=formula, element=next(iter(counts)))))
    steps.append(bonding_step(formula))
    steps.append(Step(Msg("cx.truth_numbers", numbers=numbers_text(formula, counts))))
    each = _individual(formula, counts)
    groups = [(el, n, q) for el, values in each.items() for q, n in sorted(Counter(values).items())]
    if all(q.denominator == 1 for _, _, q in groups):
        eq = balance_equation(tuple(ChargeTerm(el, n, int(q)) for el, n, q in groups))
        steps.append(Step(Msg("cx.truth_sum"), eq))
    if len(counts) > 1:
        solved, value, math, _ = _unknown(layout, formula)
        steps.append(Step(Msg("cx.truth_x", element=solved), math))
        distinct = sorted(set(each[solved]))
        if len(distinct) > 1:
            steps.append(Step(Msg("cx.truth_average", element=solved, n=counts[solved], value=_num(value),
                                  values=", ".join(_num(q) for q in each[solved]))))
    return tuple(steps)


__all__ = ["display_name", "numbers_text", "reference", "substance_steps"]
