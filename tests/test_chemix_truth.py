"""ChemiX Classic: the true chemistry of every compound card (issue 13), from the substance
reference ``chemgames.chemistry.substance``: known substances, names from the reference, the
chemists' oxidation numbers (averages explained), ion charge or oxidation number by bonding, and
no "SymPy" in a student's sentence."""
from __future__ import annotations

import dataclasses

import pytest
from chemix_setup import arrange, do, new

from chemgames.chemistry import substance
from chemgames.chemistry.balance import signed
from chemgames.games.chemix.cards import card_set
from chemgames.games.chemix.faces import card_faces

FORMULAS = list(card_set().compounds)


def _texts(formula: str, lang: str) -> list[str]:
    g = new(lang=lang)
    return [s.text(lang) for s in g.compound_steps(formula)]


@pytest.mark.parametrize("formula", FORMULAS)
def test_every_compound_card_is_a_known_substance_named_by_the_reference(formula):
    for lang in ("de", "en"):
        s = substance(formula, lang=lang)
        assert s.known and s.name, formula
        shown = card_faces(lang)[formula]["name"]
        assert shown.startswith(s.name)  # the card's name is the reference's (the trivial one beside it)
        if s.trivial_name and s.trivial_name.lower() != s.name.lower():
            assert shown == f"{s.name} ({s.trivial_name})"
        texts = _texts(formula, lang)
        assert s.name in texts[2]


@pytest.mark.parametrize("formula", FORMULAS)
def test_oxidation_numbers_are_the_chemists_and_no_student_sentence_names_sympy(formula):
    ref = substance(formula, lang="en")
    for lang in ("de", "en"):
        texts = _texts(formula, lang)
        assert not any("SymPy" in t or "sympy" in t for t in texts)
        if len(ref.counts) == 1:
            assert any("oxidation number 0" in t or "Oxidationszahl 0" in t for t in texts)
            continue
        numbers = next(t for t in texts if t.startswith(("Oxidation numbers as chemists", "Oxidationszahlen, wie")))
        for el, q in ref.oxidation_states.items():
            if el in ref.average:
                continue
            assert f"{el} {signed(int(q))}" in numbers, (formula, numbers)
        if len(ref.counts) > 1:
            assert any("x is the unknown" in t or "ist x die unbekannte" in t for t in texts)


def test_sodium_chloride_speaks_of_ion_charge_carbon_dioxide_of_imagined_charges():
    nacl = " ".join(_texts("NaCl", "de"))
    assert "NaCl: Natriumchlorid (auch: Kochsalz), ein bekannter Stoff" in nacl
    assert "Salz aus Ionen" in nacl and "(Na⁺) ist die Oxidationszahl seine Ionenladung" in nacl
    co2 = " ".join(_texts("CO2", "en"))
    assert "built of molecules" in co2 and "imagined charges, not real ones" in co2 and "C +4, O −2" in co2
    assert "ion charge" not in co2 and "charge balance" not in co2.lower()
    nh4cl = " ".join(_texts("NH4Cl", "en"))
    assert "with the cation NH₄⁺" in nh4cl and "N −3, H +1, Cl −1" in nh4cl


def _acetic_acid_texts(lang: str) -> str:
    return " ".join(_texts("CH3COOH", lang))


def test_an_average_is_explained_as_an_average(monkeypatch):
    """Issue 13: "ChemiX shows carbon in CH3COOH as "x(C) = 0" without saying it is an average of −3
    and +3". Given the individual numbers (``average``), the explanation names both and the mean."""
    from chemgames.games.chemix import truth

    real = truth.reference

    def with_structure(formula, lang):
        s = real(formula, lang)
        return dataclasses.replace(s, average={"C": (-3, 3)}) if formula == "CH3COOH" else s

    truth.substance_steps.cache_clear()
    monkeypatch.setattr(truth, "reference", with_structure)
    try:
        text = _acetic_acid_texts("en")
        assert "C −3 and +3 (average 0), H +1, O −2" in text
        assert "1·(−3) + 1·(+3) + 4·(+1) + 2·(−2) = 0" in text
        assert "x = 0 is an average: the 2 C atoms have −3, +3" in text
        assert "C −3 und +3 (Mittelwert 0)" in _acetic_acid_texts("de")
    finally:
        truth.substance_steps.cache_clear()


def test_carbon_in_acetic_acid_is_minus_three_and_plus_three_as_the_reference_says():
    ref = substance("CH3COOH", lang="en")
    if "C" not in ref.average:
        pytest.skip("the substance reference gives no per-atom numbers for CH3COOH yet")
    assert sorted(ref.average["C"]) == [-3, 3]
    assert "C −3 and +3 (average 0)" in _acetic_acid_texts("en")


def test_the_explanation_does_not_depend_on_the_order_the_cards_were_played():
    """The formula, the name and the oxidation numbers shown for a compound are the same whichever
    hand card was played first."""
    shown = []
    for order in (["Na", "O", "H"], ["H", "Na", "O"]):
        g = arrange(new(), hands={0: order})
        for face in order:
            do(g, "play", card=next(i for i in g.s_hands[0] if g.face(i) == face))
        shown.append(str(do(g, "form", layout=["Na", "O", "H"])))
    assert shown[0] == shown[1] and "Na +1, O −2, H +1" in shown[0]
    assert "NaOH (sodium hydroxide, also caustic soda) is laid." in shown[0]  # no brackets in brackets
