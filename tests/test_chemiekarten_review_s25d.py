"""Review s25d of Das Chemie-Kartenspiel (the eleventh: seeds 99450-99599, bench/records/review-s25d/).

H1 (a real substance called invented). The tip C + 3 H + [HCO₃]⁻ (seed 99477; the only charges that balance are
C +4, H −1, the C card carrying ±4) read "CH₃(HCO₃) aus diesen Karten: so gibt es den Stoff nicht; dieselbe
Zusammensetzung hat Glycolsäure C₂H₄O₃". CH₃(HCO₃) is CH₃-O-C(=O)-OH, methyl hydrogen carbonate (carbonic acid
monomethyl ester), the methyl group beside the card's hydrogencarbonate group: PubChem's record shipped in `chemicals`
(CAS 7456-87-3, SMILES COC(=O)O), made in the gas and trapped in noble-gas matrices at 8 K (Reisenauer, Wagner &
Schreiner, Angew. Chem. Int. Ed. 53 (2014) 11766), and made as a solid from KHCO₃ in methanol, characterised at 210 K and
sublimed into argon (Köck, Bernard, Podewitz, Dinu, Huber, Liedl, Grothe, Bertel, Schlögl & Loerting, Chem. Eur. J. 26
(2020) 285: the solid long taken for "α-carbonic acid"). The headline now names it and how it is known, as it names
cyanic acid for C + N + OH⁻ (s17f) and methanediol for C + 2 H + 2 OH⁻ (s23c).

Every number here is checked against sources outside the engine: RDKit's bond-graph numbers on the records shipped in
`chemicals` and on the card group drawn here; the rule test screens every "other" build of the reference's records
against every PubChem record of the composition (RDKit substructures, ``bench/review/ck_isomers.py``).
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE / "truth"))
sys.path.insert(0, str(HERE.parent / "bench" / "review"))
from test_chemiekarten_audit import _verdict  # noqa: E402
from test_chemiekarten_review_s17f import _build  # noqa: E402
import truthlib  # noqa: E402

CARDS = ["C", "H", "H", "H", "[HCO3]-"]


def _sources():
    from chemicals.identifiers import search_chemical

    return search_chemical("7456-87-3"), search_chemical("glycolic acid")


def test_the_cards_c_3h_hco3_are_methyl_hydrogen_carbonate_in_the_sources() -> None:
    import ck_isomers

    ester, glycolic = _sources()
    assert ester.formula == glycolic.formula == "C2H4O3" and ester.common_name == "methyl hydrogen carbonate"
    assert ck_isomers.holds(ester.smiles, ["[HCO3]-"]) and not ck_isomers.holds(glycolic.smiles, ["[HCO3]-"])
    assert sorted(truthlib.rdkit_ox(ester.smiles)["C"]) == [-2, 4]  # methyl C −2, the carbonate's C +4
    assert sorted(truthlib.rdkit_ox(glycolic.smiles)["C"]) == [-1, 3]
    assert truthlib.rdkit_ox("OC(=O)[O-]") == {"O": (-2, -2, -2), "C": (4,), "H": (1,)}  # the card's group


def _numbers(text: str, element: str) -> list[int]:
    """The atoms' own numbers of ``element`` in a line ("C +1 (Mittelwert aus −2 / +4)" -> [−2, +4]; "C +4" -> [4])."""
    m = re.search(element + r" ([+−]?\d+)(?: \((?:Mittelwert aus|the average of) ([^)]*)\))?", text)
    assert m is not None, text
    parts = m.group(2).split(" / ") if m.group(2) else [m.group(1)]
    return sorted(int(p.replace("−", "-").replace("+", "")) for p in parts)


@pytest.mark.parametrize("lang, name, never", [
    ("de", "Methylhydrogencarbonat", "so gibt es den Stoff nicht"),
    ("en", "methyl hydrogen carbonate", "no such substance is known"),
])
def test_the_cards_c_3h_hco3_name_methyl_hydrogen_carbonate(lang: str, name: str, never: str) -> None:
    """H1: the headline names the ester and glycolic acid; the numbers line gives the ester's C atoms (−2, +4: RDKit on
    the record), the headline lists glycolic acid's C (−1, +3) as what differs, and nothing the ester shares with it
    (H +1, O −2); the table label names the ester too."""
    from chemgames.games.chemiekarten import truth

    ester, glycolic = _sources()
    v = _verdict(*_build(CARDS))
    assert v.ok and v.label == "other", v.headline.render(lang)
    head = v.headline.render(lang)
    assert name in head and "CH₃OCO₂H" in head and never not in head, head
    assert ("Glycolsäure" if lang == "de" else "glycolic acid") in head, head
    tail = head.split("C₂H₄O₃", 1)[1]
    assert _numbers(tail, "C") == sorted(truthlib.rdkit_ox(glycolic.smiles)["C"]), head
    assert not re.search(r"\b[HO] [+−]", tail), head
    ox = [s.msg.render(lang) for s in v.steps if s.msg.render(lang).startswith(("Oxidationszahlen", "Oxidation numbers"))]
    assert len(ox) == 1 and "CH₃OCO₂H" in ox[0], ox
    assert _numbers(ox[0], "C") == sorted(truthlib.rdkit_ox(ester.smiles)["C"]), ox
    assert "H +1" in ox[0] and "O −2" in ox[0], ox
    label = truth.table_label(v.label, v.identity, v.formula)
    assert label is not None and name in label["text"].render(lang), label


@pytest.mark.parametrize("lang, words", [("de", "nur in der Kälte"), ("en", "only in the cold")])
def test_the_real_only_refusal_opens_with_the_ester(lang: str, words: str) -> None:
    from test_chemiekarten_review_s24b import _real_only

    v = _real_only(CARDS)
    assert not v.ok and v.label == "other" and v.rule == "ck.real_only"
    first = v.headline.render(lang)
    assert ("Methylhydrogencarbonat" if lang == "de" else "methyl hydrogen carbonate") in first and words in first, first


def test_the_esters_row_names_both_groups_and_their_years() -> None:
    """The row's source names the two groups' authors and years (two independent syntheses)."""
    from chemgames.chemistry.group_isomers import group_isomer

    row = group_isomer({"C": 2, "H": 4, "O": 3}, "[HCO3]-")
    assert row is not None and row.label == "cold"
    assert all(w in row.source for w in ("Reisenauer", "Schreiner", "2014", "Köck", "Loerting", "2020"))


def test_no_other_headline_calls_a_pubchem_isomer_of_the_cards_groups_unknown() -> None:
    """The rule: an "other" headline never says "no such substance is known" where a PubChem record of the composition
    holds every group the cards lay (RDKit, ``ck_isomers.holds``), over every reference record the cards can make,
    laid with each combination that fits (``bench/review/ck_records.py``). On main it fails for CH₃(HCO₃)."""
    import ck_isomers
    import ck_records
    from chemgames.chemistry.substances import reference
    from chemgames.games.chemiekarten.cards import card_set

    records = ck_isomers.pubchem_records()
    cards = card_set()
    wrong = []
    for key in reference()["substances"]:
        counts = ck_records.neutral_counts(key)
        if not counts or not all(e in cards for e in counts) or sum(counts.values()) > ck_records.MOST_ATOMS:
            continue
        for combos, free in ck_records.ways(counts):
            if not combos or not all(g in ck_isomers.GROUPS for g in combos):
                continue
            v = ck_records.lay(combos, free)
            if not (v.ok and v.label == "other") or "no such substance is known" not in v.headline.render("en"):
                continue
            hill = ck_isomers.hill(counts)
            found = [m.common_name for m in records.get(hill, []) if m.smiles and ck_isomers.holds(m.smiles, list(combos))]
            if found:
                wrong.append((v.headline.render("en"), found))
    assert not wrong, wrong


# ---- a reference gap closed: sulfuric acid dihydrate is oxonium sulfate (H3O)2SO4 (open-s24b.txt) ------------------
#
# The cards 2 [H3O]+ + [SO4]2- read "(H₃O)₂SO₄: nicht in unserem Nachschlagewerk". The crystal of H2SO4·2H2O
# "consists of H3O+ and SO42- ions" (Taesler & Olovsson, J. Chem. Phys. 51 (1969) 4213), and the dihydrate (SAD) is one
# of the observed hydrates of the sulfuric acid-water phase diagram (Maynard-Casely, Brand & Wallwork, J. Appl. Cryst.
# 45 (2012) 1198, Fig. 1). The numbers come from RDKit on the ions drawn here.

@pytest.mark.parametrize("lang, words", [("de", ("ein bekannter Stoff", "Oxonium")), ("en", ("a known substance", "oxonium"))])
def test_two_oxonium_and_a_sulfate_are_sulfuric_acid_dihydrate(lang: str, words: tuple[str, ...]) -> None:
    v = _verdict(*_build(["[H3O]+", "[H3O]+", "[SO4]2-"]))
    head = v.headline.render(lang)
    assert v.ok and v.label == "known" and all(w in head for w in words), head
    ox = [s.msg.render(lang) for s in v.steps if s.msg.render(lang).startswith(("Oxidationszahlen", "Oxidation numbers"))]
    drawn = truthlib.rdkit_ox("[OH3+].[OH3+].[O-]S(=O)(=O)[O-]")
    assert drawn is not None and {q for qs in drawn.values() for q in qs} == {1, -2, 6}
    assert len(ox) == 1 and all(f"{e} {'+' if q > 0 else '−'}{abs(q)}" in ox[0]
                                for e, qs in drawn.items() for q in set(qs)), ox


def test_the_oxonium_sulfate_row_names_two_groups_and_their_years() -> None:
    sys.path.insert(0, str(HERE.parent / "tools"))
    from vetted_review_s25d import OXONIUM_SULFATE

    source = OXONIUM_SULFATE[1][1]
    assert all(w in source for w in ("Taesler", "Olovsson", "1969", "Maynard-Casely", "Wallwork", "2012"))
