"""s15d: the order of the cations in the names of salts with two (or more) cations, and three answers the
self-audit of session 14 left unconfirmed (pertechnetic acid, burnt alum).

The rule, one for both languages: cations in the alphabetical order of their names in the language of the name,
then the anions likewise (IUPAC Red Book 2005, IR-5.4 and IR-2.15(d): KMgF3 'magnesium potassium fluoride').
German sources read (session 15, through the search tool):

* de.wikipedia 'Aluminiumkaliumsulfat-Dodecahydrat' (the article on KAl(SO4)2 · 12 H2O, which says it follows the
  current German-language IUPAC nomenclature, de.wikipedia 'Nomenklatur (Anorganische Chemie)'): title
  'Aluminiumkaliumsulfat-Dodecahydrat', 'Kaliumaluminiumsulfat-Dodecahydrat' among the other names;
* de.wikipedia 'Doppelsalze': 'Mohrsche Salz (Ammoniumeisen(II)-sulfat)';
* Römpp, 'Alaun': '(Aluminiumkaliumsulfat, Kaliumaluminiumsulfat)', the alphabetical name first.

Holleman-Wiberg and the Duden (Wörterbuch chemischer Fachausdrücke) keep the formula order ('Kaliumaluminiumsulfat');
the truth set accepts it as the traditional name. No German source read decides the pairs whose German and English
orders differ (Cu/Fe, K/Mg, K/Mn, K/Ni, Li/K): the German edition of the Red Book (Liebscher et al. 2008) was not
available. The German names follow the German element names there (CuFeO2 'Eisen(III)-kupfer(I)-oxid'), as the rule
orders names, not symbols or English words; a student's flash card on karteikarte.com does the same
('KMgPO4 = Kalium-Magnesium-Phosphat', 'Mischverbindungen werden alphabetisch benannt') - corroboration, not a source.

A complex hydride is no salt of two cations: LiAlH4 is Li+ [AlH4]-, lithium aluminium hydride (the cation, then the
anion's central atom), so it is left out of the rule.
"""
from __future__ import annotations

import re

import pytest

from chemgames.chemistry import substance
from chemgames.chemistry.formula import parse_formula
from chemgames.chemistry.substances import element_name, is_metal, reference
from tools.composable_real import HANDBOOK, SECOND_SOURCE


def _two_cation_salts() -> list[str]:
    """Every known composition of the data and of the deck's handbook rows whose ions hold two or more
    monoatomic cations, named in both languages."""
    keys = set(reference()["substances"]) | set(HANDBOOK) | set(SECOND_SOURCE)
    out = []
    for key in sorted(keys):
        try:
            metals = [e for e in parse_formula(key).counts if is_metal(e)]
            if len(metals) < 2:
                continue  # one metal at most: one monoatomic cation at most (asked of 4,000 keys, this is fast)
            s = substance(key)
        except Exception:  # an ion key ('Zr+4') or a formula the reader does not take: no salt
            continue
        if not (s.known and s.ions and s.name and s.name_in("en")):
            continue
        cations = [sym for sym, q, _n in s.ions if q > 0]
        if len(cations) < 2 or any(not re.fullmatch(r"[A-Z][a-z]?", c) for c in cations):
            continue
        if {sym for sym, q, _n in s.ions if q < 0} == {"H"}:
            continue  # a complex hydride, [AlH4]-: see the module doc
        out.append(key)
    return out


TWO_CATION = _two_cation_salts()


def test_there_are_two_cation_salts_to_check() -> None:
    # the data holds such salts (alum, delafossite, the deck's minerals): a rule over an empty list proves nothing
    assert len(TWO_CATION) >= 20, TWO_CATION
    for formula in ("KAl(SO4)2", "CuFeO2", "NaCaPO4"):
        assert any(substance(k).formula == substance(formula).formula for k in TWO_CATION), formula


@pytest.mark.parametrize("lang", ["de", "en"])
def test_cations_in_the_alphabetical_order_of_the_language(lang: str) -> None:
    """Where the cations' element names stand in the name, they stand in the alphabetical order of that language."""
    checked = 0
    for key in TWO_CATION:
        s = substance(key)
        name = (s.name if lang == "de" else s.name_in("en")) or ""
        words = [element_name(sym, lang) or "" for sym, q, _n in s.ions if q > 0]
        low = name.lower()
        where = [low.find(w.lower()) for w in words]
        if -1 in where or any(low[i + len(w):i + len(w) + 2] in ("at", "it") for i, w in zip(where, words)):
            continue  # a metal named as an anion ('Eisen(II)-chromit', 'Magnesiumaluminat', 'calcium titanate')
        in_name = [w for _, w in sorted(zip(where, words))]
        assert in_name == sorted(words, key=str.lower), (key, lang, name)
        checked += 1
    assert checked >= 20, checked


@pytest.mark.parametrize("formula, de, en", [
    ("KAl(SO4)2", "Aluminiumkaliumsulfat", "aluminium potassium sulfate"),
    ("NaCaPO4", "Calciumnatriumphosphat", "calcium sodium phosphate"),
    # the German and the English alphabet put the two metals in different orders: each language its own
    ("CuFeO2", "Eisen(III)-kupfer(I)-oxid", "copper(I) iron(III) oxide"),
])
def test_named_examples(formula: str, de: str, en: str) -> None:
    assert substance(formula).name == de
    assert substance(formula, lang="en").name == en


def test_complex_hydride_keeps_its_name() -> None:
    assert substance("LiAlH4").name == "Lithiumaluminiumhydrid"
    assert substance("LiAlH4", lang="en").name == "lithium aluminium hydride"
    assert substance("NaAlH4").name == "Natriumaluminiumhydrid"
    assert substance("NaBH4").name == "Natriumborhydrid"  # boron is no metal: the [BH4]- ion of the ion table


def test_burnt_alum_beside_the_systematic_name() -> None:
    """KAl(SO4)2 without water is burnt alum (Römpp 'Alaun': 'bei mäßigem Glühen entsteht der gebrannte Alaun (Alumen
    ustum)'; Henley's Formulas, 'Burnt Alum': alum heated until it has lost 47 per cent, its water). Alaun, Kalialaun
    and potash alum are the dodecahydrate KAl(SO4)2 · 12 H2O, so they are not this composition's trivial name."""
    de, en = substance("KAl(SO4)2"), substance("KAl(SO4)2", lang="en")
    assert (de.trivial_name, en.trivial_name) == ("gebrannter Alaun", "burnt alum")
    assert de.trivial_name != "Alaun" and en.trivial_name not in ("alum", "potash alum")
    # 12 H2O of 474.4 g/mol are 45.6 %: Henley's 47 % is the water (and a little more), not sulfate
    water = 12 * 18.015 / (39.098 + 26.982 + 2 * 96.06 + 12 * 18.015)
    assert 0.44 < water < 0.47


def test_pertechnetic_acid_is_kept_in_water_not_a_solid_of_molecules() -> None:
    """Soderquist et al., Inorg. Chem. 58 (2019) 14015: a strong monoprotic acid, pertechnetate ion in water; evaporation
    gives a yellow liquid, a colourless crystalline hydrate and a red-purple compound, no anhydrous HTcO4."""
    s = substance("HTcO4")
    assert s.label == "exists" and s.name == "Pertechnetiumsäure"
    assert s.bonding != "molecular_exception", s.bonding_reason
    assert s.note and "Wasser" in s.note
    assert "HO4Tc" in reference()["solution_only"]


@pytest.mark.parametrize("metals, de, en", [
    ((("Li", 1, 1), ("Al", 1, 3)), "Lithiumaluminiumhydrid", "lithium aluminium hydride"),
    ((("Mg", 2, 2), ("Fe", 1, 2)), "Magnesiumeisen(II)-hydrid", "magnesium iron(II) hydride"),
])
def test_hydrido_complex_central_atom_named_last(metals: tuple, de: str, en: str) -> None:
    """A salt of hydride ions with two metals is a salt of a hydrido complex anion (Li[AlH4], Na[BH4], Mg2[FeH6]):
    its central atom, the more electronegative metal, is named next to the hydride whatever order the parts come in
    (the rule that replaced session 14's 'keep the formula's order', which named Al,Li parts 'Aluminiumlithiumhydrid')."""
    from chemgames.chemistry.substances import Part, _salt_name

    cations = [Part(sym, n, (q,) * n) for sym, n, q in metals]
    hydride = Part("H", sum(n * q for _s, n, q in metals), (-1,) * sum(n * q for _s, n, q in metals))
    for order in (cations, cations[::-1]):
        parts = (*order, hydride)
        assert (_salt_name(parts, "de"), _salt_name(parts, "en")) == (de, en), order
