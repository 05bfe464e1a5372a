"""s21b: the class report's reading "O counted as −1" of a refused build, where the build counted so is a real substance.

A student who lays Na + O, Ca + 2 O or H + O and counts O as −1 has counted as chemists do in the peroxides Na₂O₂,
CaO₂ and H₂O₂ (O −1: Greenwood & Earnshaw, 'Oxygen', peroxides; Holleman-Wiberg, 'Peroxide'); the report said only
"O als −1 gerechnet, z. B. NaO gelegt statt Na₂O", which calls a real peroxide a mistake. Now the example names the
real substance and the card's charge. The numbers are checked here against RDKit's bond-graph rule
(``CalcOxidationNumbers``) on structures written by hand, a source outside the reference the reader looks up.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from chemgames.games.chemiekarten.cards import card_set
from chemgames.record.mistakes import mistake_of
from chemgames.record.report import mistake_text

# the build (element card, count), the real substance the reading is, its structure written here
PEROXIDES = [
    ((("H", 1), ("O", 1)), "H₂O₂", "OO"),  # hydrogen peroxide H-O-O-H: half of it laid
    ((("Na", 1), ("O", 1)), "Na₂O₂", "[Na+].[Na+].[O-][O-]"),
    ((("Ca", 1), ("O", 2)), "CaO₂", "[Ca+2].[O-][O-]"),
    ((("Ba", 1), ("O", 2)), "BaO₂", "[Ba+2].[O-][O-]"),
]


def _refused(build: tuple[tuple[str, int], ...]) -> dict:
    """The record of a refused, unbalanced build laid from element cards, each with its first printed charge."""
    cards = card_set()
    terms = [[label, n, cards[label].charges[0]] for label, n in build]
    return {"game": "chemiekarten", "rule": "ck.unbalanced", "facts": {"steps": [{"key": "ck.balance", "terms": terms}]}}


def _rdkit_numbers(smiles: str) -> dict[str, set[Fraction]]:
    from rdkit import Chem
    from rdkit.Chem import rdMolDescriptors

    mol = Chem.MolFromSmiles(smiles)  # heavy atoms without explicit H, as RDKit's documentation asks (tests/truth)
    rdMolDescriptors.CalcOxidationNumbers(mol)
    out: dict[str, set[Fraction]] = {}
    for a in mol.GetAtoms():
        out.setdefault(a.GetSymbol(), set()).add(Fraction(a.GetIntProp("OxidationNumber")))
    return out


@pytest.mark.parametrize("build, real, smiles", PEROXIDES)
def test_a_peroxide_counted_so_is_named_as_real(build, real, smiles) -> None:
    m = mistake_of(_refused(build))
    assert m is not None and m.key == "ck.charge_as:O:-1"
    assert _rdkit_numbers(smiles)["O"] == {Fraction(-1)}  # the real substance's O: −1, as the student counted
    assert m.params["real"] == real and m.params["card"] == "−2"
    text, example = mistake_text(m, "chemiekarten", "de")
    assert text == "O als −1 gerechnet"
    assert example.endswith(f"; so zählt O wirklich in {real}, doch die Karte hat nur −2"), example
    _, example_en = mistake_text(m, "chemiekarten", "en")
    assert example_en.endswith(f"; O really counts so in {real}, but the card carries only −2"), example_en


def test_superoxide_counted_with_other_charges_names_its_numbers() -> None:
    """K + 2 O balances only with K +4: the reading is no chemistry, but KO₂ is potassium superoxide, K +1 and O −1/2
    (RDKit on [K+].[O-][O]: one O −1, one 0, each O −1/2 on average)."""
    numbers = _rdkit_numbers("[K+].[O-][O]")
    assert numbers["K"] == {1} and sum(numbers["O"]) / 2 == Fraction(-1, 2)
    m = mistake_of(_refused((("K", 1), ("O", 2))))
    assert m is not None and m.params["real"] == "KO₂" and m.params["real_ox"] == "K +1, O −1/2"
    _, example = mistake_text(m, "chemiekarten", "de")
    assert example.endswith("; KO₂ gibt es wirklich, mit K +1, O −1/2: Ladungen, die keine Karte trägt"), example


@pytest.mark.parametrize("build", [(("Al", 1), ("O", 3)), (("Ca", 1), ("O", 1), ("H", 1))])
def test_no_real_substance_no_claim(build) -> None:
    """AlO₃ (counted with O −1) and CaOH (counted with Ca +1 since s22b; the radical CaOH is short-lived) make no
    claim of a real substance: the plain example stays."""
    m = mistake_of(_refused(build))
    assert m is not None and "real" not in m.params
    _, example = mistake_text(m, "chemiekarten", "de")
    assert example.startswith("z. B. ") and "wirklich" not in example
