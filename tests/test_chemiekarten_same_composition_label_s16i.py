"""Review s16f, Medium 3: a sentence that names the real substance of a build's composition carries the label the game
gives that substance everywhere else. Cr(OH)3 is disputed (the data's ``ill_defined``, s15h): the game says "ein
umstrittener Stoff" when it is laid, so "dieselbe Zusammensetzung hat Chrom(III)-hydroxid" must not name it as a plain
known substance (seed 60063 of the review: "(H₃O)CrO₂ aus diesen Karten: so gibt es den Stoff nicht; dieselbe
Zusammensetzung hat Chrom(III)-hydroxid Cr(OH)₃"). Short-lived ones keep "kurzlebig" alike.
"""
from __future__ import annotations

from chemgames.games.chemiekarten import truth
from chemgames.games.chemiekarten.reference import identify

CR_OH_3 = (("Cr", 1), ("H", 3), ("O", 3))
# the review's build: an oxonium card, a chromium card at +3 and two oxygen cards at -2
UNITS = (("[H3O]+", 1), ("Cr", 1), ("O", 2))
CHARGES = {"Cr": 3, "O": -2}


def test_the_same_composition_sentence_says_disputed():
    real = identify(CR_OH_3)
    assert real.note == "ill_defined"  # the premise: the reference doubts Cr(OH)3 (ILL_DEFINED, with sources)
    assert truth.label(real, UNITS, CHARGES) == "other"
    headline, steps = truth.accepted(real, "(H₃O)CrO₂", CHARGES, UNITS)
    de, en = headline.render("de"), headline.render("en")
    assert "dieselbe Zusammensetzung hat der umstrittene Stoff Chrom(III)-hydroxid Cr(OH)₃" in de, de
    assert "the same composition is the disputed substance chromium(III) hydroxide Cr(OH)₃" in en, en
    # and what the sources doubt, as when Cr(OH)3 itself is laid
    said = [s.msg.render("de") for s in steps]
    assert any("röntgenamorph" in s for s in said), said
    label = truth.table_label("other", real, "(H3O)CrO2")["text"]
    assert "umstrittene Stoff" in label.render("de") and "disputed substance" in label.render("en")


def test_a_plain_known_substance_keeps_its_plain_name():
    """The label is the substance's own: chromyl chloride is no disputed one (no qualifier)."""
    text = truth.real_text(identify((("Cl", 2), ("Cr", 1), ("O", 2)))).render("de")
    assert text.startswith("Chromylchlorid") or "Chrom" in text.split()[0], text
    assert "umstritten" not in text and "kurzlebig" not in text, text


def test_a_short_lived_substance_is_named_short_lived():
    text = truth.real_text(identify((("O", 1), ("S", 1))))
    assert text.render("de").startswith("der nur kurzlebige Stoff") and "SO" in text.render("de")
    assert text.render("en").startswith("the short-lived substance")


def test_several_formula_units_of_a_disputed_substance():
    """Cr2(OH)6 from two Cr cards and six OH cards: the same composition as 2 Cr(OH)3, still 'umstritten'."""
    steps = truth.units_of((("Cr", 2), ("[OH]-", 6)), "Cr₂(OH)₆")
    said = [s.msg.render("de") for s in steps]
    assert said and "Chrom(III)-hydroxid, umstritten" in said[0], said
    assert any("röntgenamorph" in s for s in said[1:]), said
