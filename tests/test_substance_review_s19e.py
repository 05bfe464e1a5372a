"""s19e: review s18e's M2 and M3, the German text of IMA mineral names, and Pauling values the data lacks, each checked
against a source outside the engine (the sources quoted in ``tools/vetted_review_s19e.py``, RDKit on the structure a
source draws, mendeleev's own table, the shipped IMA extract and the German sources of ``tools/mineral_names.py``).

* M2, one rule: a substance two independent sources place in aqueous solution, none isolating it pure, is known with the
  note "known only dissolved in water". Orthosilicic acid H4SiO4 (the form of dissolved silica in seawater) now reads so,
  as H2CrO4 and HMnO4 do; metasilicic acid H2SiO3 stays game-only (its Si=O monomer is hypothetical).
* M3: the cards N + 3 H + [SO4]2- build the composition of hydroxylamine-O-sulfonic acid H2N-O-SO3H, with other numbers.
* German text names a mineral in German only where a German source does; any other IMA name is marked "IMA-Name".
* ΔEN: an element without a Pauling value in mendeleev (Pm, Eu, Tb, Yb, Am, Cm ...) makes the difference unknown, never
  0.0 and never a difference of the other elements alone.
"""
from __future__ import annotations

import functools
import re
import sys
from pathlib import Path

import pytest

from chemgames.chemistry import substance
from chemgames.chemistry.substances import reference, reference_key
from tools.vetted_review_s19e import LEFT_OPEN, S19E_ROWS, SOLUTION_MEDIA_S19E, SOLUTION_ONLY_S19E

sys.path.insert(0, str(Path(__file__).parent))
from test_chemiekarten_audit import _verdict  # noqa: E402
from test_chemiekarten_review_s17f import _build, _rdkit_ox  # noqa: E402

ROWS = {r[0]: r for r in S19E_ROWS}


def _texts(v, lang: str) -> list[str]:
    return [v.headline.render(lang)] + [s.msg.render(lang) for s in v.steps]


# ------------------------------------------------------------------ M2: one rule for acids known only in water

def test_the_rule_treats_orthosilicic_acid_as_chromic_and_permanganic_acid() -> None:
    """Each of the three is known, with a note saying it is kept only dissolved; none is game-only."""
    for formula in ("H2CrO4", "HMnO4", "H4SiO4"):
        s = substance(formula)
        assert s.label == "exists" and s.known, formula
        assert s.note and ("gelöst" in s.note or "Lösung" in s.note), (formula, s.note)
        en = substance(formula, lang="en").note
        assert en and ("dissolved" in en or "solution" in en), (formula, en)


def test_orthosilicic_acid_sentence_says_what_the_sources_say() -> None:
    source = ROWS["H4SiO4"][5]
    # the two sources, independent of each other: Wikipedia and the Great Soviet Encyclopedia
    assert "Wikipedia" in source and "Great Soviet Encyclopedia" in source
    assert "seawater" in source and "100 mg per liter" in source and "silica gel" in source
    de, en = substance("H4SiO4").note, substance("H4SiO4", lang="en").note
    assert SOLUTION_MEDIA_S19E == {"H4SiO4": "silicic_acid"} and "H4SiO4" in SOLUTION_ONLY_S19E
    assert "100 mg" in de and "Meer" in de and "Kieselgel" in de and "nicht isoliert" in de
    assert "100 mg" in en and "seawater" in en and "silica gel" in en and "not been isolated" in en
    # the numbers are RDKit's on the structure the sources name, Si(OH)4
    assert {e: int(v) for e, v in substance("H4SiO4").oxidation_states.items()} == _rdkit_ox("O[Si](O)(O)O")


def test_every_substance_known_only_in_water_is_known_with_its_note() -> None:
    """The rule over the whole data: each formula of ``vetted_substances.SOLUTION_ONLY`` is known and says how."""
    from tools.vetted_substances import SOLUTION_ONLY

    for formula in SOLUTION_ONLY:
        s = substance(formula)
        assert s.known and s.label == "exists" and s.note, formula


def test_metasilicic_acid_stays_game_only_with_its_reason() -> None:
    assert substance("H2SiO3").label == "unknown"
    assert "hypothetical" in LEFT_OPEN["H2SiO3"]


def test_the_card_calls_orthosilicic_acid_known_only_dilute() -> None:
    kinds, combos = _build(["H", "H", "H", "H", "[SiO4]4-"])
    v = _verdict(kinds, combos)
    assert v.ok and v.label == "known", v.label
    de, en = _texts(v, "de"), _texts(v, "en")
    assert "Orthokieselsäure" in de[0] and "orthosilicic acid" in en[0]
    assert any("sehr verdünnter Lösung" in t for t in de) and any("very dilute solution" in t for t in en)


def test_truth_row_of_orthosilicic_acid_has_two_sources() -> None:
    rows = (Path(__file__).parent / "truth" / "rows.txt").read_text(encoding="utf-8").splitlines()
    row = [r for r in rows if r.startswith("H4SiO4 ")]
    assert len(row) == 1
    fields = [f.strip() for f in row[0].split(" ; ")]
    assert fields[1] == "exists" and fields[7].split() == ["WP", "LIT"]


# ------------------------------------------------------------------ M3: NH3SO4 is hydroxylamine-O-sulfonic acid

def test_nh3so4_is_hydroxylamine_o_sulfonic_acid_with_its_own_numbers() -> None:
    source = ROWS["H3NO4S"][5]
    assert "H3NO4S" in source and "2950-43-8" in source and "NH3SO4" in source  # de.WP, PubChem, the paper's formula
    s = substance("H3NO4S")
    assert s.known and s.name == "Hydroxylamin-O-sulfonsäure"
    ox = {e: int(v) for e, v in s.oxidation_states.items()}
    assert ox == _rdkit_ox("NOS(=O)(=O)O") and ox["N"] == -1 and ox["S"] == 6


def test_the_card_names_the_acid_and_where_its_numbers_differ() -> None:
    """The cards N + 3 H + [SO4]2- build hydroxylamine-O-sulfonic acid's composition: the card names it, prints the numbers
    RDKit gives its structure and says where the cards' charges (N +5, H -1) differ from them."""
    kinds, combos = _build(["N", "[SO4]2-", "H", "H", "H"])
    v = _verdict(kinds, combos)
    de, en = _texts(v, "de"), _texts(v, "en")
    assert v.ok and "Hydroxylamin-O-sulfonsäure" in de[0] and "hydroxylamine-O-sulfonic acid" in en[0]
    ox = [s for s in v.steps if s.msg.key == "ck.oxidation_numbers"][0].msg.render("en")
    for element, q in _rdkit_ox("NOS(=O)(=O)O").items():
        assert re.search(rf"\b{element} {re.escape('+' if q > 0 else '−')}{abs(q)}\b", ox), (element, q, ox)
    differs = {dict(s.msg.params).get("symbol") or s.msg.render("de")[:1] for s in v.steps if s.msg.key == "ck.charge_differs"}
    assert len(differs) == 2  # N and H: the game checks only that the sum is zero


# ------------------------------------------------------------------ German mineral names

def _sourced_german() -> dict[str, str]:
    from tools.composable_real import IMA_GERMAN
    from tools.mineral_names import GERMAN

    return {n: g for n, (g, where) in {**GERMAN, **IMA_GERMAN}.items() if g and where}


def test_no_german_sentence_shows_an_untagged_english_only_mineral_name() -> None:
    """For every known compound with minerals, the German headline names each mineral shown either by the German name a
    German source gives or as "IMA-Name <IMA name>"; the IMA names come from the shipped IMA extract."""
    from chemgames.games.chemiekarten.reference import identify
    from chemgames.chemistry.formula import parse_formula
    from chemgames.games.chemiekarten.truth import MINERALS_SHOWN, _with_minerals
    from tools.ima_minerals import compositions

    ima = compositions()
    german = _sourced_german()
    checked = tagged = 0
    for key, rows in reference()["minerals"].items():
        counts = tuple(sorted((e, int(n)) for e, n in parse_formula(key).counts.items()))
        names = {n for n, _f in ima.get(counts, [])}
        if not names:  # mercury(I): calomel's IMA formula is HgCl
            names = {n for n, _f in ima.get(tuple((e, n // 2) for e, n in counts), [])}
        assert {r[0] for r in rows} == names, key
        text = _with_minerals(identify(counts), "de")
        s = substance(key)
        said = {w.lower() for w in (s.name, s.trivial_name) if w}  # a German word the text uses already (Allantoin)
        for name, _de, _f in rows[:MINERALS_SHOWN]:
            if name.lower() in said:
                assert name in text, (key, name, text)
            elif name in german:
                assert german[name] in text, (key, name, text)
            else:
                assert f"IMA-Name {name}" in text, (key, name, text)
                tagged += 1
            checked += 1
        # no IMA name of the composition stands bare unless a German source gives the same spelling (Niter)
        listed = text.split("als Mineral: ", 1)[1]
        for name in names - set(german):
            if name.lower() not in said:
                assert not re.search(rf"(?<!IMA-Name ){re.escape(name)}\b", listed), (key, name, text)
    assert checked > 250 and tagged > 100, (checked, tagged)


@pytest.mark.parametrize("formula, shown", [
    ("BiOCl", "Bismut(III)-chloridoxid (als Mineral: IMA-Name Bismoclite)"),
    ("CaCO3", "Calciumcarbonat (Kalk; als Mineral: Calcit, Aragonit, Vaterit)"),
])
def test_headlines_of_the_brief(formula: str, shown: str) -> None:
    from chemgames.chemistry.formula import parse_formula
    from chemgames.games.chemiekarten.reference import identify
    from chemgames.games.chemiekarten.truth import _with_minerals

    counts = tuple(sorted((e, int(n)) for e, n in parse_formula(formula).counts.items()))
    assert _with_minerals(identify(counts), "de") == shown
    assert "IMA" not in _with_minerals(identify(counts), "en")


def test_hydrate_sentences_tag_the_ima_name_too() -> None:
    from chemgames.games.chemiekarten.reference import identify
    from chemgames.games.chemiekarten.truth import hydrate_minerals

    msg = hydrate_minerals(identify((("C", 1), ("Ca", 1), ("H", 2), ("O", 4))))
    assert msg is not None and "IMA-Name Monohydrocalcite" in msg.render("de")
    assert "IMA" not in msg.render("en") and "monohydrocalcite" in msg.render("en")
    note = substance("NH4Al(SO4)2").note or ""
    if "Tschermigite" in note or "Tschermigit" in note:  # the hydrate note of the anhydrous salt names its mineral
        assert "IMA-Name Tschermigite" in note or "Tschermigit " in note


# ------------------------------------------------------------------ ΔEN only where every element has a Pauling value

@functools.lru_cache(maxsize=1)
def _pauling_table() -> dict[str, float | None]:
    """mendeleev's elements table read once (one query; ``element()`` per symbol loads far more and takes seconds)."""
    from mendeleev.fetch import fetch_table

    table = fetch_table("elements")
    return {str(s): (None if v != v else float(v)) for s, v in zip(table["symbol"], table["en_pauling"])}  # NaN: none


def _pauling(symbol: str) -> float | None:
    return _pauling_table()[symbol]


def test_en_difference_counts_every_element_or_is_unknown() -> None:
    """mendeleev's own table (not the reference's copy): an element without a Pauling value leaves ΔEN unknown; a
    difference of the other elements alone (AmPO4: O - P) or 0.0 (AmCl3) would be a wrong fact. Every entry with such an
    element is checked, and every 10th of the others (the elements read from the data key, not from substance())."""
    data = sorted(reference()["substances"])
    seen_missing = checked = 0
    for i, key in enumerate(data):
        if re.search(r"[+-]\d*$", key) or re.match(r"C\d*H", key):
            continue  # ions, and organic compounds (Hill order C, H first): every element of them has a Pauling value
        elements = set(re.findall(r"[A-Z][a-z]?", key))
        values = [_pauling(e) for e in elements]
        missing = any(v is None for v in values)
        if not missing and (len(values) < 2 or i % 10):
            continue
        s = substance(key)
        checked += 1
        if missing:
            seen_missing += 1
            assert s.en_difference is None, (key, s.en_difference)
            assert "en_difference" not in s.bonding_reason[1], key
        else:
            assert s.en_difference == pytest.approx(round(max(values) - min(values), 2)), key
    assert seen_missing >= 40 and checked > 250, (seen_missing, checked)  # 48 Ln/An compounds and KrF2


def test_krypton_difluoride_no_longer_cites_a_difference_of_zero() -> None:
    """Before s19e KrF2 (F alone has a value) read 'ΔEN 0.0', cited for its molecular class: a 0.0 a student could see."""
    assert _pauling("Kr") is None
    s = substance("KrF2")
    assert s.en_difference is None and "en_difference" not in s.bonding_reason[1]


def test_bonding_sentences_of_lanthanide_and_actinide_salts_cite_no_difference() -> None:
    from chemgames.games.chemix.truth import bonding_step

    for formula in ("AmCl3", "EuCl3", "YbF3", "TbCl3", "AmPO4", "Eu2O3"):
        for lang in ("de", "en"):
            text = bonding_step(formula).msg.render(lang)
            assert not re.search(r"\d[,.]\d\d", text), (formula, text)


# ------------------------------------------------------------------ truth rows of s18d's IMA minerals; the open list

def test_the_ima_minerals_of_s18d_have_truth_rows_with_two_sources() -> None:
    """Every mineral s18d made known has a truth row citing the IMA list and a second source, except
    phosphocyclite-(Fe), for which no second source was found (its row would have one)."""
    from chemgames.chemistry.formula import parse_formula
    from tools.vetted_review_s18d import IMA_STRUCTURES_S18D

    rows = [r for r in (Path(__file__).parent / "truth" / "rows.txt").read_text(encoding="utf-8").splitlines()
            if r and not r.startswith("#")]
    by_key: dict[str, list[str]] = {}
    for r in rows:
        fields = [f.strip() for f in r.split(" ; ")]
        formula = fields[0].split("<=")[-1].split("|")[0].strip()
        try:
            key = reference_key(dict(parse_formula(formula).counts))
        except Exception:
            continue
        by_key.setdefault(key, []).append(fields[7])
    missing = []
    for key in IMA_STRUCTURES_S18D:
        cites = [c.split() for c in by_key.get(key, [])]
        if not any("IMA" in c and len(c) >= 2 for c in cites):
            missing.append(key)
    assert missing == ["Fe2O12P4"], missing


def test_german_names_read_this_session_are_shown() -> None:
    from tools.vetted_review_s19e import GERMAN_S19E

    assert substance("CaCu(OH)(PO4)").minerals == (GERMAN_S19E["Hermannroseite"][0],)
    assert substance("BiFe2(OH)(SiO4)2").minerals == (GERMAN_S19E["Bismutoferrite"][0],)
    assert substance("CuCl2").minerals == ("Tolbachit",) and substance("FeCl2").minerals == ("Lawrencit",)
    assert "Scrutinyit" in substance("PbO2").minerals
    assert all("de.wikipedia" in where or "strahlen.org" in where for _g, where in GERMAN_S19E.values())
    # each German form is the one its quoted German text uses
    assert all(german in where for german, where in GERMAN_S19E.values())


def test_the_open_list_stays_game_only_with_its_reason() -> None:
    """s18e's open compositions searched again: none got a second independent source, each stays game-only."""
    open_list = (Path(__file__).parent / "truth" / "open-s18e.txt").read_text(encoding="utf-8")
    for formula in ("BaH2SiO4", "ThOCl2", "WOCl2"):
        assert f"\n{formula} ;" in open_list and formula in LEFT_OPEN
    for formula in LEFT_OPEN:
        assert substance(formula).label == "unknown", formula
