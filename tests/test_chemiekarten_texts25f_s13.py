"""Das Chemie-Kartenspiel: in-play texts of review 25f's open items fixed in session 13 (s13b).

- The molecular exception's examples: the sentence "trotz Metall ein Stoff aus Molekülen (wie …)" names
  metal compounds that are made of molecules also as solids. Greenwood & Earnshaw (2nd ed., 1997) and
  Holleman-Wiberg (102nd ed., 2007): HgCl₂ crystallises as linear Cl–Hg–Cl molecules (GE 29.3.2), TiCl₄ is a
  liquid of tetrahedral molecules (GE 21.3.3), OsO₄ a volatile solid of tetrahedral molecules (GE 25.3.2),
  SnCl₄ a liquid of molecules (GE 10.3.3), Mn₂O₇ an oily liquid of O₃Mn–O–MnO₃ molecules (GE 24.3.2). Not
  molecular as solids: CrO₃ (infinite chains of CrO₄ tetrahedra sharing corners, GE 23.3.2) and AlCl₃ (a layer
  lattice of AlCl₆ octahedra; Al₂Cl₆ molecules only in the melt and the gas, GE 7.3.3).
"""
from __future__ import annotations

import re

import pytest

from chemgames.chemistry.substances import substance
from chemgames.games.chemiekarten.reference import identify
from chemgames.games.chemiekarten.truth import bonding_steps

MOLECULAR_AS_SOLIDS = {"HgCl₂", "TiCl₄", "OsO₄", "SnCl₄", "Mn₂O₇"}
POLYMERIC_SOLIDS = {"CrO₃", "AlCl₃"}


@pytest.mark.parametrize("formula", ["HgCl2", "FeCl3", "TiCl4", "OsO4", "AgH"])
def test_the_exception_s_examples_are_molecular_also_as_solids(formula):
    identity = identify(tuple(sorted(substance(formula).counts.items())))
    if identity.bonding_reason != "molecular_exception":
        pytest.skip(f"{formula} is no molecular exception in the reference")
    for lang, pattern, joint in (("de", r"\(wie (.*)\)$", " und "), ("en", r"\(like (.*)\)$", " and ")):
        line = bonding_steps(identity)[0].msg.render(lang)
        examples = set(re.search(pattern, line).group(1).split(joint))
        assert len(examples) == 2 and examples <= MOLECULAR_AS_SOLIDS, line
        assert not examples & POLYMERIC_SOLIDS and identity.unicode not in examples


# ------------------------------------------------------------------ L7: one composition, one formula in a tip list

def _composition(formula: str) -> tuple[tuple[str, int], ...]:
    """The atoms of a formula as molmass reads them (not the game's own parser)."""
    molmass = pytest.importorskip("molmass")
    return tuple(sorted((e, int(x.count)) for e, x in molmass.Formula(formula.replace("[", "(").replace("]", ")"))
                        .composition().items()))


@pytest.mark.parametrize("hand", [
    ["N", "H", "H", "H", "H", "Au", "Cl", "Cl", "Cl", "Cl"],  # [NH4]+ + [AuCl4]- and free N, H + [AuCl4]- (review25f L7)
    ["H", "H", "H", "O", "Cl", "O", "O", "O", "O"],           # [H3O]+ + [ClO4]- and free H, O + [ClO4]-
])
def test_a_tip_list_writes_one_game_only_composition_once(hand):
    from helpers import game_with
    from test_chemiekarten_truth import give

    g = game_with(hand[:7], lang="de")
    give(g, 0, *hand)
    hints = g.hints(60)
    seen: dict[tuple, list] = {}
    for h in hints:
        seen.setdefault((_composition(h.formula), h.label in ("known", "transient")), []).append(h.formula)
    assert len(hints) > 5
    assert all(len(formulas) == 1 for formulas in seen.values()), seen


# ------------------------------------------------------------------ GaCl₂: the ions make up two formula units

@pytest.mark.parametrize("counts, formula, salt", [
    ((("Cl", 2), ("Ga", 1)), "GaCl₂", "Ga⁺[GaCl₄]⁻"),  # gallium dichloride is Ga⁺[GaCl₄]⁻ (GE 7.3.3; HW, Galliumhalogenide)
    ((("Se", 1), ("Tl", 1)), "TlSe", "Tl⁺[TlSe₂]⁻"),  # Tl(I)Tl(III)Se₂, chains of TlSe₄ tetrahedra (GE 7.3.5)
])
def test_the_ion_balance_of_a_salt_of_two_formula_units_says_so(counts, formula, salt):
    from chemgames.games.chemiekarten.truth import real_balance

    step = real_balance(identify(counts), "ck.balance")
    de, en = step.msg.render("de"), step.msg.render("en")
    m = re.fullmatch(r"Ladungsbilanz der Ionen in (\d) Formeleinheiten (\S+) = (\S+) \(.*\)", de)
    assert m and (m[2], m[3]) == (formula, salt), de
    assert en.startswith(f"Balance of the ion charges in {m[1]} formula units of {formula} = {salt} ("), en
    plain = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789", "⁺⁻")
    whole = _composition(formula.translate(plain))
    ions = _composition(salt.translate(plain))
    assert ions == tuple((e, int(m[1]) * n) for e, n in whole)  # the ions hold exactly that many units
    assert step.math.text == "1·(+1) + 1·(−1) = 0"


def test_a_salt_of_one_formula_unit_keeps_its_title():
    from chemgames.games.chemiekarten.truth import real_balance

    step = real_balance(identify((("Cl", 2), ("Cu", 1))), "ck.balance")
    assert step.msg.render("de") == "Ladungsbilanz der Ionen in CuCl₂ (Cu²⁺, Cl⁻)"
