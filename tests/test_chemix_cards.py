"""The ChemiX card set: the counts of the rule sheet, and 42 designed compounds that can be built."""
from __future__ import annotations

from collections import Counter

import pytest

from chemgames.chemistry import parse_formula
from chemgames.games.chemix.cards import MULTIPLIERS, card_set

CS = card_set()


def test_counts_of_the_rule_sheet():
    assert Counter(s for s in CS.element_supply for _ in range(CS.element_supply[s])) == Counter(
        {"H": 4, "O": 4, "C": 2, "N": 1, "Na": 1, "P": 1, "S": 1, "Cl": 1, "Ca": 1, "Fe": 1})
    assert len(CS.element_ids) == 17 and CS.noble_gases == ("He", "Ne", "Ar", "Rn")
    assert CS.multiplier_supply == {"2": 4, "3": 3, "4": 2}
    assert len(CS.compounds) == 42 and len(set(CS.all_ids())) == 72


@pytest.mark.parametrize("formula", sorted(card_set().compounds))
def test_each_compound_is_buildable_and_written_as_laid(formula):
    card = CS.compounds[formula]
    supply = {**CS.element_supply, **CS.multiplier_supply}
    assert all(n <= supply[face] for face, n in card.needs.items()), "needs more cards than the box has"
    assert "".join(card.layout) == formula
    # a multiplier always follows an element (never two multipliers in a row, never first)
    assert card.layout[0] not in MULTIPLIERS
    assert all(not (a in MULTIPLIERS and b in MULTIPLIERS) for a, b in zip(card.layout, card.layout[1:]))
    assert parse_formula(formula).counts  # a formula the chemistry layer reads
    assert card.points == len(card.layout)
    assert card.name["de"] and card.name["en"] and card.about["de"] and card.about["en"]


@pytest.mark.parametrize("formula", sorted(card_set().compounds))
def test_card_names_agree_with_the_substance_reference(formula):
    """The name printed on a compound card is the reference name (``chemgames.chemistry.substance``),
    with the trivial name allowed in brackets after it: "Kohlenstoffmonoxid", never "…monooxid";
    "phosphane (phosphine)"."""
    from chemgames.chemistry import substance

    for lang in ("de", "en"):
        ref = substance(formula, lang=lang)
        allowed = {ref.name.lower()} | ({f"{ref.name} ({ref.trivial_name})".lower()} if ref.trivial_name else set())
        assert CS.compounds[formula].name[lang].lower() in allowed, (lang, CS.compounds[formula].name[lang], ref.name)


def test_gypsum_and_caustic_soda_texts_say_what_the_substances_are():
    """CaSO₄ on its own is anhydrite; gypsum is the dihydrate CaSO₄·2H₂O. NaOH itself is caustic
    soda; its solution in water is sodium hydroxide solution (lye), "Natronlauge"."""
    gypsum = CS.compounds["CaSO4"].about
    assert "CaSO₄·2H₂O" in gypsum["de"] and "Dihydrat" in gypsum["de"]
    assert "CaSO₄·2H₂O" in gypsum["en"] and "dihydrate" in gypsum["en"]
    soda = CS.compounds["NaOH"].about
    assert "Natronlauge" in soda["de"] and "sodium hydroxide solution" in soda["en"]
    assert "dissolved in water it is caustic soda" not in soda["en"].lower()
