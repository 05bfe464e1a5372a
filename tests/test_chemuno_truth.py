"""What Chemuno tells a student about a card is checked against sources other than the engine:
the formulas and the counts "in the formula" against the PubChem-derived tables of ``chemicals``
(found by the card's English name), the noble gases' atomic numbers against ``mendeleev``."""
from __future__ import annotations

import re
from functools import lru_cache

import pytest
from mendeleev_table import elements

from chemgames.games.chemix.cards import card_set
from chemgames.games.chemuno.fit import card_label, fit_steps, noble_steps

chemicals = pytest.importorskip("chemicals")
from chemicals.elements import simple_formula_parser  # noqa: E402
from chemicals.identifiers import search_chemical  # noqa: E402

SUB = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")


@lru_cache(maxsize=None)
def _reference(card: str) -> tuple[tuple[str, int], ...]:
    name = card_set().compounds[card].name["en"].split(" (")[0]
    return tuple(simple_formula_parser(search_chemical(name).formula).items())


def reference_counts(card: str) -> dict[str, int]:
    """The element counts of the substance PubChem knows under the card's English name."""
    return dict(_reference(card))


def label_counts(card: str) -> dict[str, int]:
    """The element counts of the formula as Chemuno writes it (CH₃COOH: C 2, H 4, O 2)."""
    counts: dict[str, int] = {}
    for symbol, n in re.findall(r"([A-Z][a-z]?)(\d*)", card_label(card).translate(SUB)):
        counts[symbol] = counts.get(symbol, 0) + int(n or 1)
    return counts


@pytest.mark.parametrize("card", card_set().compound_ids)
def test_every_formula_chemuno_writes_is_the_named_substance(card):
    assert label_counts(card) == reference_counts(card)


def test_the_counts_in_the_fit_explanations_are_true():
    cards = card_set().compound_ids
    checked = 0
    for top in cards:
        ref_top = reference_counts(top)
        for card in cards:
            ok, steps = fit_steps(card, top, None)
            for step in steps:
                if step.msg.key == "cu.atoms":
                    p = dict(step.msg.params)
                    assert p["n_top"] == ref_top[p["element"]] and p["n_card"] == reference_counts(card)[p["element"]]
                    assert "in the formula" in step.msg.render("en") and "Atom" not in step.msg.render("de")
                    checked += 1
    assert checked > 500


def test_the_noble_gases_atomic_numbers_and_what_is_rule_and_what_is_chemistry():
    pytest.importorskip("mendeleev")
    for gas in card_set().noble_ids:
        text = noble_steps(gas, "O", 0, 0)[0].msg.render("en")
        assert f"atomic number {elements()[gas].atomic_number})" in text
        assert elements()[gas].group_id == 18  # really a noble gas
        chemistry, rule = text.split(". In Chemuno ")
        assert "outer shell is full" in chemistry and "fits" not in chemistry
        assert "the rule lets it be laid on every card" in rule


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_card_faces_name_each_compound_as_the_substance_reference_does(lang):
    from chemgames.chemistry import substance
    from chemgames.widgets.chemuno import faces

    shown = faces(lang)
    for card in card_set().compound_ids:
        s = substance(card, lang=lang)
        assert s.known and shown[card]["name"] == s.name
        assert s.unicode == card_label(card)  # the formula as a textbook writes it


def test_the_fit_explanation_says_where_a_formula_counts_ions():
    """NaCl and CaCl2 are salts (a metal from mendeleev's series), HCl a molecule; the note on ions
    comes for the salts only."""
    pytest.importorskip("mendeleev")
    metals = {"Alkali metals", "Alkaline earth metals", "Transition metals", "Poor metals"}

    symbols = {e for card in card_set().compound_ids for e in reference_counts(card)}
    metal = {e for e in symbols if elements()[e].series in metals}

    def salt(card: str) -> bool:
        return card == "NH4Cl" or bool(metal & set(reference_counts(card)))  # NH4Cl: the ammonium ion

    notes = 0
    for top in card_set().compound_ids:
        for card in ("HCl", "NaCl", "CaCl2", "NH4Cl", "FeCl3", "CO2"):
            ok, steps = fit_steps(card, top, None)
            said = {dict(s.msg.params)["card"] for s in steps if s.msg.key in ("cu.ionic", "cu.ionic_metal")}
            if any(s.msg.key == "cu.atoms" for s in steps):
                assert said == {card_label(c) for c in {top, card} if salt(c)}, (top, card)
                notes += len(said)
            else:
                assert not said
    assert notes > 40


def test_element_symbols_in_the_shared_sets_are_upright_like_every_element_symbol():
    """IUPAC prints element symbols upright; MathML draws a one-letter <mi> in italics, so the
    student read "{𝐻} ∩ {Ca, Cl, ×2}" (s21g): H slanted like an unknown beside an upright Ca."""
    import re

    from chemgames.games.chemuno.fit import fit_steps

    ok, steps = fit_steps("CaCl2", "H2O", None)
    mathml = steps[0].math.mathml()
    names = re.findall(r"<mi([^>]*)>([^<]+)</mi>", mathml)
    assert {"H", "O", "Ca", "Cl"} <= {name for _, name in names}, mathml
    slanted = [name for attrs, name in names if "mathvariant" not in attrs and len(name) == 1]
    assert not slanted, f"element symbols in italics: {slanted} in {mathml}"
