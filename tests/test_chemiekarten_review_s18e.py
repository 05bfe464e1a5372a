"""Review s18e of Das Chemie-Kartenspiel (seeds 80000-80099; /work/wt/_notes/s18e-findings.md): text the reviewer
found wrong and could check against an independent source today.

L1: the cards C + N + the OH- card build H-O-C#N, and the headline says so ("das ist Cyansäure HOCN", s17i); the
oxidation-number line under it named the other isomer, "Oxidationszahlen in HNCO, wie Chemiker sie zuordnen", the
substance the headline has just said the build is not (6 offers in the review's 100 games). The line must name the
molecule the cards build, and its numbers must be that molecule's: RDKit's on the structure the sources draw (OC#N,
independent of the engine's data).
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from test_chemiekarten_audit import _verdict  # noqa: E402
from test_chemiekarten_review_s17f import _rdkit_ox  # noqa: E402

_LINE = {"de": re.compile(r"Oxidationszahlen in (\S+), wie Chemiker sie zuordnen: (.+)"),
         "en": re.compile(r"Oxidation numbers in (\S+) as chemists assign them: (.+)")}


def _numbers(text: str) -> dict[str, int]:
    return {e: int(v.replace("−", "-").replace("+", "")) for e, v in re.findall(r"([A-Z][a-z]?) ([+−-]?\d+)", text)}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_cyanic_acid_card_names_cyanic_acid_in_its_oxidation_numbers(lang: str) -> None:
    pytest.importorskip("rdkit")
    v = _verdict(["C", "N", "O", "H"], [("[OH]-", [2, 3])])
    assert v.ok and "HOCN" in v.headline.render(lang)  # s17i's headline: the build is cyanic acid
    lines = [m for s in v.steps if (m := _LINE[lang].match(s.msg.render(lang)))]
    assert len(lines) == 1, [s.msg.render(lang) for s in v.steps]
    named, numbers = lines[0].group(1), _numbers(lines[0].group(2))
    assert named == "HOCN"  # not HNCO, the isomer the headline says the build is not
    assert numbers == _rdkit_ox("OC#N")  # cyanic acid as the sources draw it: H +1, O -2, C +4, N -3


def test_isocyanic_acid_keeps_its_own_name_where_the_cards_build_it() -> None:
    """Where no card group marks the isomer (H, N, C, O as free cards), the line names the reference's HNCO as before."""
    v = _verdict(["H", "N", "C", "O"])
    texts = [s.msg.render("de") for s in v.steps]
    assert any(t.startswith("Oxidationszahlen in HNCO,") for t in texts), texts


# M4 (review s18e): the acids with a metal in their anion read "Ein Salz: Metall und Nichtmetall bilden nach der
# Schulregel Ionen" under their acid name (Tetrachloridogoldsäure, 89 offers in 100 games, 72 of them among the first
# three tips, 44 in "Nur echte Stoffe"; H₂[PtCl₆] 50; HTcO₄), while the school rule's metal cation does not exist: the
# metal sits in the complex anion, and in water the acid gives H3O+ and that anion (WP 'Chloroauric acid': 'a strong
# monoprotic acid', the tetrahydrate '[H5O2]+[AuCl4]-'; WP 'Chloroplatinic acid': '[H3O]2[PtCl6](H2O)x ... the hydronium
# (H3O+) salt of the hexachloroplatinate anion' and Inorg. Chem. 36 (1997) 2195: (H3O)2[PtCl6] crystallized from
# aqueous H2[PtCl6]; WP 'Pertechnetic acid' and Soderquist et al., Inorg. Chem. 58 (2019) 14015: 'a strong monoprotic
# acid which behaves as simple pertechnetate ion in aqueous solution'). The independent check: the anion the line names
# is a row of the hand-written truth set (tests/truth/rows.txt) with the charge the acid's hydrogen atoms leave and the
# acid's atoms minus H, its metal's oxidation number by RDKit on that row's structure is the one the card prints, and the
# line's bonding class (the truth audit's own patterns) is the truth row's "ionic".
_METAL_ACIDS = ["H[AuCl4]", "H2[PtCl6]", "HTcO4"]


@pytest.mark.parametrize("formula", _METAL_ACIDS)
def test_an_acid_with_a_metal_anion_is_no_salt_of_metal_cations(formula: str) -> None:
    pytest.importorskip("rdkit")
    from chemgames.chemistry import substance
    from chemgames.games.chemiekarten.reference import identify
    from chemgames.games.chemiekarten.truth import bonding_steps

    sys.path.insert(0, str(Path(__file__).parent / "truth"))
    import audit
    import truthlib

    rows = truthlib.read_rows()
    counts, _ = truthlib.composition(formula)
    s = substance(formula)
    assert s.kind == "acid" and s.label == "exists"
    identity = identify(tuple(sorted(counts.items())))
    lines = {lang: [st.msg.render(lang) for st in bonding_steps(identity)] for lang in ("de", "en")}
    assert len(lines["de"]) == len(lines["en"]) == 1, lines
    de, en = lines["de"][0], lines["en"][0]
    assert "Metall und Nichtmetall" not in de and "a metal and a non-metal" not in en
    anion = re.search(r"Anion (\S+):", de)[1]
    assert f"anion {anion}:" in en and f"H₃O⁺ und {anion}" in de and f"H₃O⁺ and {anion}" in en
    ascii_anion = anion.translate(str.maketrans("₀₁₂₃₄₅₆₇₈₉⁺⁻²³", "0123456789+-23"))
    ion_counts, ion_charge = truthlib.composition(ascii_anion)
    assert ion_charge == -counts["H"] and ion_counts == {e: n for e, n in counts.items() if e != "H"}
    ion_row = next(r for r in rows if r.bonding == ["ion"] and r.counts == ion_counts and r.charge == ion_charge)
    metal = next(e for e in ion_counts if e not in ("O", "Cl"))
    assert _rdkit_metal(ion_row.smiles, metal) == s.oxidation_states[metal]
    acid_rows = [r for r in rows if r.counts == counts]
    assert acid_rows and all(r.bonding in (["ionic"], []) for r in acid_rows)  # "-": the class is open (H2[PtCl6])
    assert audit.bonding_of([en])[0] == "ionic"
    assert next(c for c, pat in audit.BOND_WORDS_DE if re.search(pat, de)) == "ionic"


def _rdkit_metal(smiles: str, metal: str) -> int:
    from rdkit import Chem
    from rdkit.Chem import rdMolDescriptors

    mol = Chem.MolFromSmiles(smiles)
    rdMolDescriptors.CalcOxidationNumbers(mol)
    return next(a.GetIntProp("OxidationNumber") for a in mol.GetAtoms() if a.GetSymbol() == metal)


def test_no_other_acid_of_the_reference_keeps_the_metal_cation_sentence() -> None:
    """Every known acid of the data with a metal gets the sentence (none added later falls back to the salt line)."""
    import json

    from chemgames.chemistry import substance
    from chemgames.chemistry.substances import is_metal

    keys = json.loads((Path(__file__).parents[1] / "chemgames/chemistry/data/substances.json").read_text())["substances"]
    found = []
    for key in keys:
        try:
            s = substance(key)
        except Exception:  # an ion key the reader does not take as a formula: not a neutral acid
            continue
        if s is not None and s.label == "exists" and s.kind == "acid" and any(is_metal(e) for e in s.counts):
            found.append((s.formula, s.bonding_reason[0]))
    assert found and all(r in ("metal_acid", "molecular_exception", "oxide_hydrate") for _, r in found), found
    assert {f for f, r in found if r == "metal_acid"} == set(_METAL_ACIDS)


# M1 (review s18e): the mercury(I) halides read "Eine Ausnahme von der Schulregel: trotz Metall ein Stoff aus Molekülen"
# and, on the same card, "Quecksilber(I) gibt es nur als Paar Hg₂²⁺" - an ion (79 offers of Hg₂Cl₂, Hg₂Br₂, Hg₂I₂,
# Hg₂F₂ in 100 games). Calomel is a molecular solid: 'Hg2Cl2 is a linear molecule ... the Hg-Cl bond length in the linear
# Hg2Cl2 unit is 243 pm' with four further Cl at 321 pm (en.wikipedia 'Mercury(I) chloride', metal-oxide-materials copy);
# 'Kalomel (Hg2Cl2) ist ein Dimer mit einer kovalenten σ-Bindung' (chemgapedia, 'Quecksilber(I)-chlorid'). The ion
# Hg₂²⁺ is that of the salts (Hg₂(ClO₃)₂). So the pair sentence under a molecular class line names the Hg-Hg bond of the
# molecule and the ion only for salts; the audit's own class patterns still read the card as molecular.
@pytest.mark.parametrize("halogen", ["Cl", "Br", "I"])
def test_a_molecular_mercury_one_halide_is_not_called_the_ion_hg2(halogen: str) -> None:
    sys.path.insert(0, str(Path(__file__).parent / "truth"))
    import audit

    v = _verdict(["Hg", halogen])
    assert v.ok and v.formula == f"Hg2{halogen}2" and v.label == "known"
    de = [s.msg.render("de") for s in v.steps]
    en = [s.msg.render("en") for s in v.steps]
    assert audit.bonding_of(en)[0] == "molecular"
    assert next(c for line in de for c, pat in audit.BOND_WORDS_DE if re.search(pat, line)) == "molecular"
    pair_de = next(line for line in de if line.startswith("Quecksilber(I) gibt es nur als Paar"))
    pair_en = next(line for line in en if line.startswith("Mercury(I) exists only as"))
    assert "Paar Hg₂²⁺" not in pair_de and "pair Hg₂²⁺" not in pair_en  # not "only the ion" in a molecular solid
    assert "–Hg–Hg–" in pair_de and "–Hg–Hg–" in pair_en  # the bond of the linear X-Hg-Hg-X molecule
    assert "in Salzen das Ion Hg₂²⁺" in pair_de and "in salts the ion Hg₂²⁺" in pair_en
