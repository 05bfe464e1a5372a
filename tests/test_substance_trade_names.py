"""A real substance whose name means another one in trade and school (s14f finding 3).

Sources (read by the chemist s14f on 2026-11-27, never the game's data):
* en.wikipedia 'Copper(II) carbonate': neutral CuCO3 is an ionic solid of Cu2+ and CO3 2-, not the basic carbonates
  malachite and azurite; it was made from the basic carbonate under CO2 "at 500 °C and 2 GPa";
* Seidel, Ehrhardt, Viswanathan, Johannes, "Darstellung, Struktur und Eigenschaften von Kupfer(II)-Carbonat",
  Z. anorg. allg. Chem. 410 (1974) 138-148 (doi 10.1002/zaac.19744100207);
* de.wikipedia 'Basisches Kupfercarbonat': "Die reine Kupfer(II)-carbonat-Verbindung (CuCO3) konnte noch nicht
  dargestellt werden" - what a German class reads; the 'Kupfercarbonat' of trade is the basic carbonate
  Cu2(OH)2CO3 (malachite).
So the game, which calls CuCO3 a known substance (right by the primary paper), must say both in its explanation.
"""
from __future__ import annotations

from chemgames.chemistry.substances import substance


def test_cuco3_says_the_copper_carbonate_of_trade_is_basic_and_neutral_cuco3_needs_co2_pressure():
    for lang, words in (("de", ("basisches Kupfercarbonat", "Cu₂(OH)₂CO₃", "Malachit", "CO₂-Druck", "500 °C", "2 GPa")),
                        ("en", ("basic copper carbonate", "Cu₂(OH)₂CO₃", "malachite", "CO₂ pressure", "500 °C", "2 GPa"))):
        s = substance("CuCO3", lang=lang)
        assert s.label == "exists" and s.note_key == "trade_name", (s.label, s.note_key)
        assert all(w in (s.note or "") for w in words), (lang, s.note)
    # the note is CuCO3's own: malachite and other copper salts carry none
    assert substance("CuSO4").note_key != "trade_name" and substance("Cu2(OH)2CO3").note_key != "trade_name"


def test_the_card_games_explanation_of_cuco3_says_it_too():
    from chemgames.core.explanation import Msg
    from chemgames.games.chemiekarten import truth
    from chemgames.games.chemiekarten.reference import identify

    counts = (("C", 1), ("Cu", 1), ("O", 3))
    i = identify(counts)
    headline, steps = truth.accepted(i, i.unicode, {"Cu": 2, "C": 4, "O": -2}, counts)
    notes = [s.msg for s in steps if isinstance(s.msg, Msg) and s.msg.key.startswith("chem.trade_name")]
    assert len(notes) == 1, [getattr(s.msg, "key", s.msg) for s in steps]
    assert "Malachit" in notes[0].render("de") and "2 GPa" in notes[0].render("de"), notes[0].render("de")
    assert "malachite" in notes[0].render("en") and "basic copper carbonate Cu₂(OH)₂CO₃" in notes[0].render("en")


def test_mgcro4_and_limno4_carry_the_hydrate_the_sources_describe():
    """s14f findings 1 and 2. MgCrO4: every source the chemist read describes hydrates only - MgCrO4·5H2O (Weil,
    Acta Cryst. E69 (2013) i48, 'Redetermination of MgCrO4·5H2O'), MgCrO4·11H2O (Fortes & Wood, Powder Diffraction
    2012), MgCrO4·7H2O; an old handbook text (chromium.atomistry.com, 'Magnesium chromates'): "The anhydrous salt
    has not been obtained". LiMnO4: the trihydrate LiMnO4·3H2O crystallises from solution (ta.wikipedia 'Lithium
    permanganate'; Andriiko et al., J. Solid State Electrochem. 16 (2012) 1993). So the game names the hydrate."""
    for formula, hydrates in (("MgCrO4", {"MgCrO4·5H2O", "MgCrO4·7H2O", "MgCrO4·11H2O"}), ("LiMnO4", {"LiMnO4·3H2O"})):
        for lang, word in (("de", "Hydrat"), ("en", "hydrate")):
            s = substance(formula, lang=lang)
            assert s.note_key == "hydrate" and s.hydrate in hydrates, (formula, s.note_key, s.hydrate)
            assert word in (s.note or ""), (formula, s.note)
