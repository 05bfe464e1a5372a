"""Review s19d of Das Chemie-Kartenspiel (seeds 90000-90149, /work/wt/_notes/s19d.md): text the reviewer found wrong
and could check against a source outside the engine today.

I1 (ion formulas): the ion balance of a salt whose ions the ion table lacks printed the record's ions in Hill order,
"Ladungsbilanz der Ionen in CaBO₃H (Ca²⁺, BHO₃²⁻)" (sibirskite, 36 offers in 150 games) and "NaBSiO₄ (Na⁺, BO₄Si⁻)"
(malinkoite, 7). A formula a student reads writes an ion as chemists do: the IMA list writes the minerals CaH(BO3) and
NaBSiO4, the hand-written truth set Na[BSiO4]; each polyatomic ion the card names must be written, atom for atom in
order, inside those formulas (HBO3, BSiO4), not in an order no source uses.

S1 (one card, two sentences): the metal acids H[AuCl4] (119 offers) and HTcO4 (66) read "Eine Säure mit dem Metall im
Anion ...: es gibt kein Metall-Kation wie im Salz der Schulregel" and, two lines on, "kann man nur gelöst in Wasser
aufbewahren (ein Salz auch als Hydrat)": the class line says it is no salt, the note calls it one. Both are kept as
hydrates (WP 'Chloroauric acid': "Both the trihydrate and tetrahydrate are known. Both are orange-yellow solids"; the
CRC lists only 'Chloroauric(III) acid tetrahydrate'; Soderquist et al., Inorg. Chem. 58 (2019) 14015: evaporation gives
a crystalline hydrate, no anhydrous HTcO4). The note must not call the acid a salt, and must say it is kept as a hydrate
where the CRC lists its hydrate.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from test_chemiekarten_audit import _verdict  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SUB = str.maketrans("₀₁₂₃₄₅₆₇₈₉⁺⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789+-0123456789")


def _ima_formula(mineral: str) -> str:
    """The IMA list's ideal formula of ``mineral`` (tools/ima_minerals.tsv, RRUFF export; not the engine's data)."""
    for line in (ROOT / "tools" / "ima_minerals.tsv").read_text(encoding="utf-8").splitlines():
        name, _tab, rest = line.partition("\t")
        if name == mineral:
            return rest.split("\t")[0]
    raise LookupError(mineral)


def _truth_formulas(query: str) -> list[str]:
    sys.path.insert(0, str(ROOT / "tests" / "truth"))
    import truthlib

    return [f for r in truthlib.read_rows() if r.query == query for f in r.formulas]


def _plain(formula: str) -> str:
    return re.sub(r"[\[\]()]", "", formula)


def _ion_line_ions(kinds: list[str], combos: list[tuple[str, list[int]]], lang: str) -> list[str]:
    """The polyatomic ions named in the card's ion balance, as ASCII bodies without charge."""
    v = _verdict(kinds, combos)
    assert v.ok, v.headline.render(lang)
    pattern = re.compile(r"(?:Ladungsbilanz der Ionen in|Balance of the ion charges in) .*?\((.+)\)$")
    found = [m.group(1) for s in v.steps if (m := pattern.match(s.msg.render(lang)))]
    assert len(found) == 1, [s.msg.render(lang) for s in v.steps]
    bodies = [re.sub("[⁰¹²³⁴⁵⁶⁷⁸⁹]*[⁺⁻]$", "", ion).translate(SUB).strip("[]") for ion in found[0].split(", ")]
    return [b for b in bodies if re.search(r"[A-Z].*[A-Z]|\d", b)]


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("kinds, combos, mineral, query", [
    (["Ca", "H", "B", "O", "O", "O"], [("[BO3]3-", [2, 3, 4, 5])], "Sibirskite", "BCaHO3"),
    (["Na", "B", "Si", "O", "O", "O", "O"], [("[SiO4]4-", [2, 3, 4, 5, 6])], "Malinkoite", "BNaO4Si"),
])
def test_salt_ions_are_written_as_the_mineral_formula_writes_them(kinds, combos, mineral: str, query: str,
                                                                  lang: str) -> None:
    sources = [_plain(_ima_formula(mineral))] + [_plain(f) for f in _truth_formulas(query)]
    try:
        ions = _ion_line_ions(kinds, combos, lang)
    except AssertionError:
        pytest.skip("these cards do not build the mineral in this deck")
    assert ions
    for body in ions:
        assert any(body in s for s in sources), (body, sources)
    from chemgames.chemistry import substance

    formula = substance(query).formula  # the headline's formula, as the mineral list writes it (CaHBO3, not CaBO3H)
    assert _plain(formula) == sources[0], (formula, sources)


def _metal_acid_note(formula: str, lang: str) -> str:
    from chemgames.chemistry import substance

    s = substance(formula, lang=lang)
    assert s.bonding_reason[0] == "metal_acid" and s.note, (formula, s.bonding_reason, s.note)
    return s.note


def _crc_lists_hydrate(name_stem: str) -> bool:
    """The CRC table shipped in ``chemicals`` (not the engine's data) has a hydrate row of this acid."""
    from chemicals.miscdata import CRC_inorganic_data as crc

    return any(name_stem in str(n).lower() and "hydrate" in str(n).lower() for n in crc["Chemical"])


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("formula, stem", [("HAuCl4", "chloroauric"), ("HTcO4", None)])
def test_a_metal_acid_known_in_water_is_not_called_a_salt_in_its_note(formula: str, stem: str | None, lang: str) -> None:
    note = _metal_acid_note(formula, lang)
    salt = re.compile(r"\bSalz\b" if lang == "de" else r"\bsalt\b")
    assert not salt.search(note), note  # the class line says: no metal cation as in a salt
    hydrate = "Hydrat" if lang == "de" else "hydrate"
    if stem is not None:
        pytest.importorskip("chemicals")
        assert _crc_lists_hydrate(stem)  # the outside source: the CRC's row is the hydrate
    assert hydrate in note, note  # both are kept as hydrates (WP 'Chloroauric acid'; Soderquist et al. 2019)


def _rdkit_atom_ox(smiles: str, element: str) -> list[int]:
    """RDKit's oxidation number of each atom of ``element`` in the structure (independent of the engine's data)."""
    from rdkit import Chem
    from rdkit.Chem import rdMolDescriptors

    mol = Chem.MolFromSmiles(smiles)  # implicit H: RDKit counts them right only so (explicit H atoms: C 0 in CH3)
    rdMolDescriptors.CalcOxidationNumbers(mol)
    return sorted(a.GetIntProp("OxidationNumber") for a in mol.GetAtoms() if a.GetSymbol() == element)


def _signed(v: int) -> str:
    return "0" if v == 0 else ("+" if v > 0 else "−") + str(abs(v))


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("kinds, combos, charges, smiles, where", [
    # glyoxylic acid OHC-COOH: the same-composition headline (seed 90016)
    (["C", "H", "H", "C", "O", "O", "O"], [("[CO3]2-", [3, 4, 5, 6])], {"C": 4, "H": -1}, "O=CC(=O)O", "headline"),
    # acetonitrile CH3-CN: the line on the card's charge that differs (seed 90011)
    (["C", "C", "H", "H", "H", "N"], [], {"C": -4, "H": 1, "N": 5}, "CC#N", "differs"),
])
def test_an_average_oxidation_number_is_called_an_average_on_every_line(kinds, combos, charges, smiles: str,
                                                                          where: str, lang: str) -> None:
    """L (review s19d): the C atoms of glyoxylic acid are +1 and +3, of acetonitrile -3 and +3; a line that gives C
    one number (+2, 0) must say it is their mean, as the card's own list of numbers does."""
    pytest.importorskip("rdkit")
    from chemgames.games.chemiekarten.cards import card_set
    from chemgames.games.chemiekarten.compound import Stage, StagedCombination, judge

    used = {i for _, ids in combos for i in ids}
    stage = Stage(free=[i for i in range(len(kinds)) if i not in used], charges=dict(charges),
                  combos=[StagedCombination(f, list(ids), []) for f, ids in combos])
    assert not [k for k in kinds if card_set()[k].artificial]
    v = judge(stage, kinds)
    states = " / ".join(_signed(x) for x in _rdkit_atom_ox(smiles, "C"))
    assert len(set(states.split(" / "))) == 2  # two unlike C atoms: any single number for C is a mean
    if where == "headline":
        lines = [v.headline.render(lang)]
    else:
        pattern = "die Oxidationszahl von C in" if lang == "de" else "the oxidation number of C in"
        lines = [t for s in v.steps if pattern in (t := s.msg.render(lang))]
    assert lines, [s.msg.render(lang) for s in v.steps]
    for line in lines:
        assert states in line, line
