"""Review s22c of Das Chemie-Kartenspiel (seeds 99000-99149, /work/wt/_notes/s22c.md): a real substance the reviewer
found called game-only and could check against sources outside the engine today.

R1 (a real substance missing): the cards H + [H₃O]⁺ + [SO₄]²⁻ (seed 99038, a tip) read "(H₃O)HSO₄: nicht in unserem
Nachschlagewerk, nur nach Spielregel", while H₃ONO₃ and H₃OClO₄ of the same family read "ein bekannter Stoff".
Sulfuric acid monohydrate is oxonium hydrogen sulfate, a crystalline solid (mp 8.5 °C): "In oxonium hydrogen sulfate the
HSO4- tetrahedra form infinite hydrogen-bonded chains which are linked by H3O+ ions forming double layers" (Kemnitz,
Werner & Trojanov, Acta Cryst. C52 (1996) 2665; its COD entry 2005681 gives the formula '(H3 O)(H S O4)', sum
'H4 O5 S', 'sulfuric acid monohydrate', 'oxonium hydrogen sulfate'), and "two high-pressure polymorphs of sulfuric acid
monohydrate (oxonium hydrogensulfate) ... chains of hydrogensulfate ions linked by oxonium ions" (Francis, Marshall,
Pulham, Allan, Dawson & Fabbiani, Inorg. Chim. Acta 361 (2008) 487). The group cards claim groups the solid has (the
H₃O⁺ ion; the S bonded to four O of the hydrogen sulfate), and the free H card +1 is the hydrogen sulfate's H, as in
NaHSO₄ and NH₄HSO₄.
"""
from __future__ import annotations

import pytest

from chemgames.games.chemiekarten.compound import Stage, StagedCombination, judge

# the build: H + [H3O]+ (cards 1-4) + [SO4]2- (cards 5-9), the free H card fixed at +1
KINDS = ["H", "H", "H", "H", "O", "S", "O", "O", "O", "O"]
COMBOS = [("[H3O]+", [1, 2, 3, 4]), ("[SO4]2-", [5, 6, 7, 8, 9])]
#: the sources' structure, written here by hand: H3O+ and HSO4- (S with four O, one of them OH)
SMILES = "[OH3+].OS(=O)(=O)[O-]"


def _judge(real_only: bool = False):
    stage = Stage(free=[0], charges={"H": 1}, combos=[StagedCombination(f, list(ids), []) for f, ids in COMBOS])
    return judge(stage, KINDS, real_only=real_only)


def test_the_sources_formula_is_the_cards_composition_and_its_numbers() -> None:
    """The evidence, independent of the engine: the crystal structure's formula (COD 2005681, '(H3 O)(H S O4)') has the
    atoms of the cards (molmass), and RDKit on the sources' ions gives H +1, S +6, O −2."""
    pytest.importorskip("rdkit")
    from molmass import Formula
    from rdkit import Chem
    from rdkit.Chem import rdMolDescriptors

    source = {e: c.count for e, c in Formula("(H3O)(HSO4)").composition().items()}
    cards = {}
    for k in KINDS:
        cards[k] = cards.get(k, 0) + 1
    assert source == cards == {"H": 4, "O": 5, "S": 1}
    # as RDKit's documentation asks: the heavy atoms without explicit hydrogens, hydrogen from a pass with them
    mol = Chem.MolFromSmiles(SMILES)
    rdMolDescriptors.CalcOxidationNumbers(mol)
    numbers = {(a.GetSymbol(), a.GetIntProp("OxidationNumber")) for a in mol.GetAtoms()}
    mol_h = Chem.AddHs(mol)
    rdMolDescriptors.CalcOxidationNumbers(mol_h)
    numbers |= {("H", a.GetIntProp("OxidationNumber")) for a in mol_h.GetAtoms() if a.GetSymbol() == "H"}
    assert numbers == {("H", 1), ("S", 6), ("O", -2)}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_oxonium_hydrogen_sulfate_is_a_known_substance(lang: str) -> None:
    """R1: the build is sulfuric acid monohydrate, named as the game names oxonium nitrate, with the sources' numbers;
    the variant "Nur echte Stoffe" lets it be laid."""
    v = _judge()
    head = v.headline.render(lang)
    assert v.ok and v.label == "known", head
    assert ("Oxoniumhydrogensulfat" if lang == "de" else "oxonium hydrogen") in head, head
    assert ("ein bekannter Stoff" if lang == "de" else "a known substance") in head, head
    lines = [s.msg.render(lang) for s in v.steps]
    ox = [line for line in lines if line.startswith(("Oxidationszahlen in", "Oxidation numbers in"))]
    assert ox and all(part in ox[0] for part in ("H +1", "S +6", "O −2")), lines
    assert _judge(real_only=True).ok
