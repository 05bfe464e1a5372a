"""Three records whose student-visible text claimed more than their sources (review s24c: D1, N1, N3; s24i).

Sources (read by s24i on 2026-11-29 with the search tool, never the game's data):

* (NH4)2WO4. Its only record is the CRC row 'Ammonium tungstate(VI)' read by CAS 11120-25-5, which is ammonium
  paratungstate (NH4)10[H2W12O42]·4H2O (ECHA, EC 234-364-9). S. M. Morajkar, B. R. Srinivasan (Goa University, irgu
  handle 6533): "An attempted isolation of the elusive diammonium tetraoxidotungstate (NH4)2[WO4] ... resulted in the
  serendipitous formation of ... paratungstate B"; the same authors, Indian J. Chem. 60A (2021) 185: dissolving WO3·H2O
  in aqueous amines "results in the formation of the tetrahedral tetraoxidotungstate(VI) species in solution. Slow
  evaporation ... afforded organic ammonium paratungstates"; J. W. van Put, G. J. Witkamp, G. M. van Rosmalen,
  Hydrometallurgy 34 (1993) 187: "The crystallization of ammonium paratungstate tetrahydrate ((NH4)10H2W12O42·4H2O)
  from aqueous ammonium tungstate solutions is a key unit operation in current tungsten powder production".
  So: known dissolved (tungstate ions WO4 2- in ammonia water); evaporating gives ammonium paratungstate.
* H2SO3. W. L. Jolly, Modern Inorganic Chemistry, 2nd ed. (1991), as en.wikipedia 'Sulfurous acid' cites it: "Raman
  spectra of solutions of sulfur dioxide in water show only signals due to the SO2 molecule and the bisulfite ion,
  HSO3-"; D. Sülzle, M. Verhoeven, J. K. Terlouw, H. Schwarz, Angew. Chem. Int. Ed. Engl. 27 (1988) 1533 (abstract):
  "Sulfurous acid (H2SO3) and its radical cation ... are stable molecules: this has been shown unambiguously by
  neutralization-reionization MS experiments ... That these species are non-existent in solution is not due to
  intrinsic factors, but to the medium". So "H2SO3 can be kept dissolved in water" is not what the sources say.
* PuO. N. Favart, B. Ravat, L. Jolly, B. Oudot, L. Berlu, F. Delaunay, I. Popa, S. Chevalier, 'Characterization of
  PuO/PuCO-Type Phase and its Influence on the Oxidation Kinetics of δ-Plutonium', Oxid. Met. 96 (2021) 271
  (abstract: "PuCO-type phase formation at the surface of δ-Pu ... This oxycarbide formation was thermodynamically
  supported"); P. Roussel, 'Kinetics and mechanism of surface plutonium oxycarbide formation', Phys. Chem. Chem. Phys.
  (2024), doi:10.1039/d3cp05249d (abstract: "The plutonium, carbon, and oxygen ratio of these surface films ... is
  shown to be nonstoichiometric ... the carbon ... is shown to occur from the metal interstitial impurity"). So the
  "PuO" seen on plutonium is an oxycarbide film of no fixed composition: disputed, as Pb(OH)2 is.
"""
from __future__ import annotations

import pytest

from chemgames.chemistry.formula import parse_formula
from chemgames.chemistry.substances import reference, reference_key, substance
from chemgames.core.explanation import Msg

# words the student-visible note must carry (de, en), each from the sources above
SAYS = {
    "(NH4)2WO4": ("solution_only",
                  ("Ammoniak", "WO₄²⁻", "Ammoniumparawolframat", "(NH₄)₁₀[H₂W₁₂O₄₂]"),
                  ("ammonia", "WO₄²⁻", "ammonium paratungstate", "(NH₄)₁₀[H₂W₁₂O₄₂]")),
    "H2SO3": ("solution_only",
              ("SO₂", "HSO₃⁻", "Raman", "nur im Gas", "1988"),
              ("SO₂", "HSO₃⁻", "Raman", "only in the gas", "1988")),
    "PuO": ("ill_defined",
            ("umstritten", "Oxidcarbid", "Kohlenstoff", "2021"),
            ("disputed", "oxycarbide", "carbon", "2021")),
}
# what the sources contradict: the generic sentence (H2SO3 molecules kept in water) and a flat "real" for PuO
NOT_SAID = {
    "H2SO3": ("kann man nur gelöst in Wasser aufbewahren", "can be kept only dissolved in water"),
    "(NH4)2WO4": ("kann man nur gelöst in Wasser aufbewahren", "can be kept only dissolved in water"),
    "PuO": ("gibt es wirklich", "real substance"),
}
# the authors and years the data's source of each note must name (two independent sources)
CITED = {
    "(NH4)2WO4": ("Morajkar", "Srinivasan", "2021", "van Put", "1993", "11120-25-5"),
    "H2SO3": ("Jolly", "1991", "Sülzle", "Schwarz", "1988"),
    "PuO": ("Favart", "2021", "Roussel", "2024"),
}


def _key(formula: str) -> str:
    return reference_key(dict(parse_formula(formula).counts))


@pytest.mark.parametrize("formula", sorted(SAYS))
def test_the_note_says_what_the_sources_say(formula):
    note_key, de, en = SAYS[formula]
    for lang, words, wrong in zip(("de", "en"), (de, en), NOT_SAID[formula]):
        s = substance(formula, lang=lang)
        assert s.label == "exists" and s.note_key == note_key, (formula, s.label, s.note_key)
        missing = [w for w in words if w not in (s.note or "")]
        assert not missing, (formula, lang, missing, s.note)
        assert wrong not in (s.note or ""), (formula, lang, s.note)


@pytest.mark.parametrize("formula", sorted(CITED))
def test_the_data_cites_two_sources_with_authors_and_year(formula):
    note_key = SAYS[formula][0]
    source = reference().get(note_key, {}).get(_key(formula), "")
    missing = [w for w in CITED[formula] if w not in source]
    assert not missing, (formula, missing, source)


@pytest.mark.parametrize("formula", sorted(SAYS))
def test_the_card_game_says_it_too(formula):
    from chemgames.games.chemiekarten import truth
    from chemgames.games.chemiekarten.reference import identify

    counts = tuple(sorted(parse_formula(formula).counts.items()))
    i = identify(counts)
    charges = {e: int(q) for e, q in (substance(formula).oxidation_states or {}).items()}
    headline, steps = truth.accepted(i, i.unicode, charges, counts)
    first = truth.refused(i, (), "ck.x", {})
    for texts in ([headline] + [s.msg for s in steps if isinstance(s.msg, Msg)],
                  [s.msg for s in first if isinstance(s.msg, Msg)]):
        for lang, words, wrong in zip(("de", "en"), SAYS[formula][1:], NOT_SAID[formula]):
            shown = " ".join(m.render(lang) for m in texts)
            assert all(w in shown for w in words), (formula, lang, shown)
            assert wrong not in shown, (formula, lang, shown)
    if SAYS[formula][0] == "ill_defined":
        assert headline.key == "ck.ok_ill_defined", headline.key
        assert "umstrittener Stoff" in headline.render("de") and "disputed substance" in headline.render("en")
