"""s22b: true chemistry in Das Chemie-Kartenspiel, session 21's backlog.

1. Which oxidation states count when the metal-like sentence asks whether a formula "follows a valence". s21h used
   mendeleev's main states only, so TiN and UN said "Seine Zusammensetzung folgt keiner Wertigkeit" although Ti +3
   (TiCl3, Ti2O3) and U +3 (UCl3) are states with everyday binary halides and oxides. The rule now counts, for the metal,
   its main states and the states of its known binary halides and oxides. The test derives the same set from the CRC
   Handbook's names as shipped in ``chemicals`` ("Titanium(III) chloride"), never from the engine's data.

Each number a sentence prints is checked against an independent source (the CRC names, mendeleev, pymatgen's
``oxi_state_guesses``, RDKit on a structure drawn here), never against the engine's own output.
"""
from __future__ import annotations

import re
import sys
from fractions import Fraction
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE / "truth"))
from test_chemiekarten_audit import _verdict  # noqa: E402
from test_chemiekarten_review_s17f import _build  # noqa: E402
from test_substance_review_s21h import NO_VALENCE, _metal_like, _printed, _split  # noqa: E402
import truthlib  # noqa: E402

def _crc_named() -> dict[str, frozenset[int]]:
    return truthlib.crc_halide_oxide_states()


def _named() -> dict[str, tuple[int, ...]]:
    return truthlib.named_states()


# the compounds with sentences of their own that name +3 / −3 or nothing (s20j, s21b, s17d): not the balance sentence
_OWN_SENTENCE = {"CrN", "AmN", "PuN", "UN2"}
# CRC names "Cerium(II) iodide" and "Cerium(II) hydride", but the reference holds no CeI2, so Ce +2 is no state of a
# known halide there; CeH2 is Ce3+, 2 H- and a free electron (Greenwood & Earnshaw 3.6.2), so the old sentence stays
_REFERENCE_GAP = {"CeH2"}


def test_the_named_states_balance_the_same_compounds_as_the_crc_names() -> None:
    """The compounds whose sentence names numbers are exactly those that balance with the CRC's halide/oxide states
    and mendeleev's main states."""
    from chemgames.chemistry.substances import substance

    found = {f for f, c in _metal_like().items() if _split(c, _named())}
    engine = {f for f in _metal_like() if "ginge zwar" in (substance(f, lang="de").note or "")}
    assert found - engine == _OWN_SENTENCE | _REFERENCE_GAP
    assert engine <= found
    assert {"TiN", "UN", "ZrN", "VN", "NbN", "MoN", "TiP", "MnP", "TiH2", "ZrH2"} <= engine
    assert "NiAs" not in found and "Fe3C" not in found  # Ni +3: no nickel(III) halide or oxide in the CRC table


_INTERSTITIAL = ("Einlagerungsverbindung", "interstitial compound")  # Greenwood & Earnshaw 8.4.2, 11.3.3, 3.6.2
_METALLIC = ("metallisch gebunden", "metallically bonded")  # GE 12.3.3: the monophosphides


@pytest.mark.parametrize("formula, metal, state, reason", [
    # UN: the metallic family since s23b (no source read calls the actinide rock-salt nitrides interstitial; en.wikipedia
    # 'Carbide' after GE names the group 4-6 metals): tests/test_substance_review_s23b.py
    ("TiN", "Ti", 3, _INTERSTITIAL), ("UN", "U", 3, _METALLIC), ("ZrN", "Zr", 3, _INTERSTITIAL),
    ("TiH2", "Ti", 2, _INTERSTITIAL), ("Mo2C", "Mo", 2, _INTERSTITIAL), ("MnP", "Mn", 3, _METALLIC)])
def test_tin_and_un_name_the_plus_3_of_their_halides(formula: str, metal: str, state: int,
                                                     reason: tuple[str, str]) -> None:
    from chemgames.chemistry.substances import substance

    assert state in _crc_named()[metal] and state not in truthlib._mendeleev_main()[metal]
    counts = _metal_like()[formula]
    guesses = truthlib.pymatgen_guesses(truthlib.Row(0, "", [formula], "", 0, counts, [], [], [], [], "", [], None, []))
    for lang in ("de", "en"):
        note = substance(formula, lang=lang).note
        assert not any(w in note for w in NO_VALENCE), note
        printed = _printed(note)
        assert (0, metal, state) in printed, note
        assert sum(v * counts[e] for _, e, v in printed) == 0
        for _, e, v in printed:
            assert v in _named()[e], (formula, e, v)
        assert {e: Fraction(v) for _, e, v in printed} in guesses, (formula, guesses[:3])  # one of pymatgen's guesses
        assert reason[0 if lang == "de" else 1] in note


def test_nias_keeps_no_valence_and_the_crc_names_no_nickel_iii() -> None:
    """pymatgen's guesser balances NiAs with Ni +3 (statistics of crystal structures), but Ni +3 is no state of a
    nickel halide or oxide in the CRC table: the sentence keeps "folgt keiner Wertigkeit"."""
    from chemgames.chemistry.substances import substance

    assert 3 not in _crc_named()["Ni"] and 3 not in truthlib._mendeleev_main()["Ni"]
    for lang in ("de", "en"):
        assert any(w in substance("NiAs", lang=lang).note for w in NO_VALENCE)



# ---- 3. SCl4: the headline alone must not read as a plain known substance -------------------------------------------

def test_the_scl4_headline_and_table_label_say_cold_only() -> None:
    """SCl4 decomposes above about −30 °C (en.wikipedia 'Sulfur tetrachloride' after Brauer; the Great Soviet
    Encyclopedia: "stable only in the solid state", mp −31 °C with decomposition): far below room temperature (20 °C),
    so "bei Raumtemperatur zerfällt er" is true. The sources are read from the vetted row, the threshold from its text."""
    from chemgames.games.chemiekarten.truth import table_label
    from tools.vetted_review_s21h import COLD_ONLY

    limits = [float(t.replace("−", "-")) for t in re.findall(r"([−-]\d+) °C", COLD_ONLY["SCl4"])]
    assert limits and max(limits) < 20  # every temperature the sources give for its decomposition is below 20 °C
    v = _verdict(*_build(["S", "Cl", "Cl", "Cl", "Cl"]))
    assert v.ok and v.label == "known"
    for lang, words in {"de": ("nur in der Kälte", "Raumtemperatur"), "en": ("only in the cold", "room temperature")}.items():
        headline = v.headline.render(lang)
        assert all(w in headline for w in words), headline
        text = table_label(v.label, v.identity, v.formula)["text"].render(lang)
        assert words[0] in text, text


def test_a_plain_known_substance_keeps_the_plain_headline() -> None:
    v = _verdict(*_build(["S", "Cl", "Cl"]))  # SCl2: a liquid at room temperature, no cold note
    assert v.ok and "Kälte" not in v.headline.render("de") and "cold" not in v.headline.render("en")


# ---- 5. The bismuthyl salts: the balance of the cards' "ions" is a formal one -----------------------------------------

def _bismuthyl_salts() -> list:
    from test_chemiekarten_truth_s18c import _bismuthyl_builds

    out = []
    for parts in _bismuthyl_builds() + [["[BiO]+", "[BiO]+", "[CO3]2-"]]:
        v = _verdict(*_build(parts))
        if v.ok and v.label == "known" and v.identity.bonding == "ionic":
            out.append(v)
    return out


def test_the_bismuthyl_balance_is_said_to_be_formal() -> None:
    """en.wikipedia 'Bismuth oxychloride': the solid is layers of Bi3+, O2- and Cl- (Cl-Bi-O-Bi-Cl-Cl-Bi-O-Bi-Cl), each
    O bonded to four Bi; so a balance that counts BiO+ as an ion is formal, and BiO+'s +1 is Bi +3 and O -2 (pymatgen's
    first guess for BiOCl gives those numbers)."""
    salts = _bismuthyl_salts()
    assert {"BiOCl", "BiOBr", "BiOI", "BiONO3", "(BiO)2CO3"} <= {v.formula for v in salts}
    guess = truthlib.pymatgen_guesses(truthlib.Row(0, "", ["BiOCl"], "", 0, {"Bi": 1, "O": 1, "Cl": 1}, [], [], [], [],
                                                   "", [], None, []))[0]
    assert guess["Bi"] + guess["O"] == 1 and (guess["Bi"], guess["O"]) == (3, -2)
    for v in salts:
        keys = [s.msg.key for s in v.steps]
        assert "ck.balance_ions" not in keys and "ck.balance_ions_formal" in keys, (v.formula, keys)
        for lang, words in {"de": ("Formale Ladungsbilanz", "Bi +3 und O −2", "nur formal"),
                            "en": ("Formal balance", "Bi +3 and O −2", "only formally")}.items():
            text = " ".join(s.msg.render(lang) for s in v.steps)
            assert all(w in text for w in words), (v.formula, lang, text)


def test_the_real_balance_of_a_bismuthyl_salt_from_single_cards_is_formal_too() -> None:
    """Bi + O + Cl: the cards' charges, then the reference's ion split BiO+, Cl- as a formal balance."""
    v = _verdict(*_build(["Bi", "O", "Cl"]))
    keys = [s.msg.key for s in v.steps]
    assert "ck.balance_ions_in_formal" in keys and "ck.balance_ions_in" not in keys, keys


def test_a_salt_of_real_ions_keeps_the_plain_balance() -> None:
    v = _verdict(*_build(["K", "[NO3]-"]))  # KNO3: K+ and NO3- are the solid's ions
    assert "ck.balance_ions" in [s.msg.key for s in v.steps]


# ---- 2. BiSb: an alloy, no claim that it conducts like a metal ---------------------------------------------------------

# en.wikipedia 'Bismuth antimonide' (read 2026-11-28 through the search tool's pages corpus)
_WP_BISB = ("Pure bismuth is a semimetal", "Between Sb concentrations of 7 and 22%, the bands no longer intersect, and the "
            "Bi1−xSbx becomes an inverted-band insulator", "the material thus conducts at its surface")


@pytest.mark.parametrize("lang, words, never", [
    ("de", ("Legierung", "7 bis 22 % Antimon", "Oberfläche", "Halbmetall"), ("wie ein Metall", "metallartig")),
    ("en", ("alloy", "7 to 22 % antimony", "surface", "semimetal"), ("like a metal", "metal-like"))])
def test_bisb_says_how_its_conduction_depends_on_the_ratio(lang: str, words: tuple[str, ...],
                                                           never: tuple[str, ...]) -> None:
    from chemgames.chemistry.substances import substance
    from chemgames.core.i18n import tr

    assert "7 and 22%" in _WP_BISB[1] and "semimetal" in _WP_BISB[0]
    card = tr(lang, "ck.bond.metal_like_balanced_alloy", formula="BiSb", numbers="Bi +3, Sb −3")  # no Sb card
    for text in (substance("BiSb", lang=lang).note, card):
        assert all(w in text for w in words), text
        assert not any(w in text for w in never), text


# ---- 6a. The class report's reading of CaOH ----------------------------------------------------------------------------

def test_caoh_reads_ca_counted_as_plus_1_with_calcium_hydroxide_as_the_right_build() -> None:
    """Ca + O + H (Ca +2, O −2, H +1 printed) was read "O counted as −1" with H as a hydride −1, and "Ca₂OH₂" as the
    right build: no substance. The reading whose right build is real comes first: "Ca counted as +1", right Ca(OH)₂
    (the CRC/PubChem record shipped in ``chemicals``: calcium hydroxide CaH2O2, [OH-].[OH-].[Ca+2]; RDKit on it:
    Ca +2, O −2, H +1, so the Ca card's +2 is the number that balances). The radical CaOH is short-lived: no claim."""
    from chemicals.identifiers import search_chemical

    from chemgames.chemistry.formula import parse_formula
    from chemgames.record.mistakes import mistake_of
    from chemgames.record.report import mistake_text
    from test_record_mistakes_s21b import _rdkit_numbers, _refused

    record = search_chemical("calcium hydroxide")
    assert record.formula == "CaH2O2"
    numbers = _rdkit_numbers(record.smiles)
    assert numbers["Ca"] == {2} and numbers["O"] == {-2}
    m = mistake_of(_refused((("Ca", 1), ("O", 1), ("H", 1))))
    assert m is not None and m.key == "ck.charge_as:Ca:1" and "real" not in m.params
    right = dict(parse_formula(m.params["right"].translate(str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789"))).counts)
    assert right == dict(parse_formula(record.formula).counts)
    for lang in ("de", "en"):
        head, example = mistake_text(m, "chemiekarten", lang)
        assert "Ca₂OH₂" not in example and "Ca(OH)₂" in example and "+1" in head, (head, example)


def test_a_peroxide_reading_keeps_its_anion_first_order() -> None:
    """NaO: both readings' right build is Na₂O (real); the tie stays "O counted as −1", the peroxide's number."""
    from chemgames.record.mistakes import mistake_of
    from test_record_mistakes_s21b import _refused

    m = mistake_of(_refused((("Na", 1), ("O", 1))))
    assert m.key == "ck.charge_as:O:-1" and m.params["right"] == "Na₂O" and m.params["real"] == "Na₂O₂"


def test_a_card_of_two_charges_is_read_with_the_smaller_miscount_before_the_real_right_build() -> None:
    """AuO (the Au card prints +1 and +3, O −2): the readings "O counted as −1" (Au +1, right Au₂O, not in the
    reference) and "O counted as −3" (Au +3, right Au₂O₃, known since s24b) are equally far from the printed −2.
    A student who counts O as −1 is the class simulation's o_minus_1 (a metal of charge +c, c O cards) and the
    common misconception; −3 for O is none. So the smaller miscount comes before the real right build, which
    still decides between readings of the same size (CaOH above: Ca +1 before O −1). Failed when the real right
    build came first: the report read 'O counted as −3' once Au₂O₃ was in the reference (CI on 00ca686)."""
    from chemgames.chemistry.substances import substance
    from chemgames.games.chemiekarten.cards import card_set
    from chemgames.record.mistakes import mistake_of
    from test_record_mistakes_s21b import _refused

    assert set(card_set()["Au"].charges) >= {1, 3} and substance("Au2O3").label == "exists"  # the premise
    m = mistake_of(_refused((("Au", 1), ("O", 1))))
    assert m is not None and m.key == "ck.charge_as:O:-1", m.key


# ---- 6b. The "other" headline names numbers only where they differ from the cards' own -------------------------------

_NUMBER_IN_HEADLINE = re.compile(r"([A-Z][a-z]?) ([+−])(\d+)(?:/(\d+))?")


@pytest.mark.parametrize("parts, real, group", [
    (["Mg", "[NH4]+", "N"], "Mg(NH₂)₂", "[NH₄]⁺"),  # magnesium amide: Mg +2, N −3, H +1 as the cards
    (["Fe", "[H3O]+", "O", "O"], "Fe(OH)₃", "[H₃O]⁺"),  # iron(III) hydroxide: Fe +3, O −2, H +1 as the cards
    (["Mg", "H", "[BO3]3-"], "Mg(BO₂)(OH)", "[BO₃]³⁻"),  # Mg +2, B +3, O −2, H +1 as the cards
])
def test_a_regrouped_build_headline_does_not_repeat_the_cards_numbers(parts: list[str], real: str, group: str) -> None:
    """The headline said "… hat Magnesiumamid Mg(NH₂)₂, N −3, H +1": numbers equal to the cards' own, printed as if they
    differed. Each number is checked against the real salt's numbers, which pymatgen's first guess gives (the cards'
    charges: a free card its charge, a group its atoms' numbers from RDKit on the ion drawn here)."""
    from chemgames.chemistry.formula import parse_formula

    v = _verdict(*_build(parts))
    assert v.label == "other"
    counts = dict(parse_formula(v.identity.formula).counts)
    guess = truthlib.pymatgen_guesses(truthlib.Row(0, "", [v.identity.formula], "", 0, counts, [], [], [], [], "", [],
                                                   None, []))[0]
    ions = {"[NH4]+": "[NH4+]", "[H3O]+": "[OH3+]", "[BO3]3-": "[O-]B([O-])[O-]"}
    cards = {e: Fraction(v.charges[e]) for e in v.charges}
    for p in parts:
        if p in ions:
            cards.update({e: x[0] for e, x in truthlib.rdkit_ox(ions[p]).items()})
    assert all(cards[e] == guess[e] for e in counts), (cards, guess)  # every card number is the real salt's
    for lang, words in {"de": ("mit denselben Oxidationszahlen wie die Karten", "Gruppe " + group),
                        "en": ("with the same oxidation numbers as the cards", "group " + group)}.items():
        headline = v.headline.render(lang)
        assert real in headline and all(w in headline for w in words), headline
        assert not _NUMBER_IN_HEADLINE.findall(headline.split(real, 1)[1]), headline  # no number after the formula


def test_a_build_whose_numbers_differ_keeps_them_in_the_headline() -> None:
    """S + 2 ClO⁻ (S +2, Cl +1 by the cards) is sulfuryl chloride, S +6 and Cl −1 (pymatgen's first guess)."""
    v = _verdict(*_build(["S", "[ClO]-", "[ClO]-"]))
    guess = truthlib.pymatgen_guesses(truthlib.Row(0, "", ["SO2Cl2"], "", 0, {"S": 1, "O": 2, "Cl": 2}, [], [], [], [],
                                                   "", [], None, []))[0]
    assert (guess["S"], guess["Cl"]) == (6, -1)
    assert v.headline.render("de").endswith("SO₂Cl₂, S +6, Cl −1.")


# ---- 4. Phosphonium iodide PH4I: a vetted record (s21c's open row) -----------------------------------------------------

def test_ph4i_exists_with_its_sources_and_the_crc_row() -> None:
    from chemicals.miscdata import CRC_inorganic_data

    from chemgames.chemistry.substances import substance
    from tools.vetted_review_s22b import S22B_ROWS

    assert CRC_inorganic_data.loc["12125-09-6", "Chemical"] == "Phosphonium iodide"  # the CRC Handbook's row
    source = dict((r[0], r[5]) for r in S22B_ROWS)["PH4I"]
    assert "CRC Handbook" in source and "'Phosphonium iodide'" in source and "PH4+" in source
    rows = {r.formulas[0]: r for r in truthlib.read_rows()}
    assert rows["PH4I"].labels == ["exists"]
    for lang, name in (("de", "Phosphoniumiodid"), ("en", "phosphonium iodide")):
        s = substance("PH4I", lang=lang)
        assert s.known and s.label == "exists" and s.name == name and s.cas == "12125-09-6"
        assert s.ions == (("[PH4]+", 1, 1), ("I", -1, 1))  # as NH4I's are NH4+ and I-


def test_ph4i_numbers_are_the_textbooks_with_the_bond_graph_beside_them() -> None:
    """pymatgen's first guess gives P −3, H +1, I −1 (the textbooks' count of H on P, as PH3's truth row); RDKit's bond
    graph on [PH4+].[I-] gives P +5 = −3 + 2·4 (H 2.20 against P 2.19), which the card names as the other assignment."""
    from chemgames.chemistry.substances import substance

    guess = truthlib.pymatgen_guesses(truthlib.Row(0, "", ["PH4I"], "", 0, {"P": 1, "H": 4, "I": 1}, [], [], [], [], "",
                                                   [], None, []))[0]
    assert guess == {"P": -3, "H": 1, "I": -1}
    assert set(truthlib.rdkit_ox("[PH4+].[I-]")["P"]) == {Fraction(5)} == {Fraction(-3 + 2 * 4)}
    assert dict(substance("PH4I").oxidation_states) == guess
    v = _verdict(*_build(["P", "H", "H", "H", "H", "I"]))
    assert v.ok and v.label == "known"
    for lang, words in {"de": ("Phosphoniumiodid", "PH₄⁺, I⁻", "P −3, H +1, I −1", "+5 statt −3"),
                        "en": ("phosphonium iodide", "PH₄⁺, I⁻", "P −3, H +1, I −1", "+5 instead of −3")}.items():
        text = v.headline.render(lang) + " " + " ".join(s.msg.render(lang) for s in v.steps)
        assert all(w in text for w in words), (lang, text)


@pytest.mark.parametrize("key, smiles, textbook", [
    ("H4P+1", "[PH4+]", -3),  # phosphonium: kept when s22b put PH4+ in the ion table (a guard)
    ("HO3P-2", "[PH](=O)([O-])[O-]", 3),  # phosphite: the ion table's numbers had dropped its bond-graph number
])
def test_an_ion_of_the_ion_table_keeps_its_bond_graph_number(key: str, smiles: str, textbook: int) -> None:
    """The data's ``h_convention`` holds what RDKit's bond graph gives (textbook + 2 per H on P), beside the textbooks'
    number the data keeps (PH4+ P −3, HPO3 2− P +3: Greenwood & Earnshaw, as s21b's rule)."""
    from chemgames.chemistry.substances import reference

    rdkit = truthlib.rdkit_ox(smiles)["P"]
    h_on_p = {"H4P+1": 4, "HO3P-2": 1}[key]
    assert set(rdkit) == {Fraction(textbook + 2 * h_on_p)}
    assert reference()["h_convention"][key] == {"P": [int(rdkit[0])]}
    assert dict(reference()["substances"][key][5])["P"] == (textbook,)
