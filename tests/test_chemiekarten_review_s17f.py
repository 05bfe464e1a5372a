"""Review s17f of Das Chemie-Kartenspiel (seeds 70000-70099): text bugs and identities the reviewer found (H1, the real
substances of H2-H7, M1, M2, the cyanic acid of M3, the "Nur echte Stoffe" sentence of L6; each test below says which).

H1: a mercury(I) build with a bracketed group first and last, (NH₄)₂Hg₂(SO₄)₂, was read as one "ring molecule"
"(" + "NH₄)₂Hg₂(SO₄" + ")₂": a garbled sentence and a molar-mass line of that half formula. The only ring molecule a
source names for a deck build is (NPCl₂)₃ of the unit NPCl₂ (en.wikipedia 'Hexachlorophosphazene', s16c). The test
builds every such mercury(I) salt of the deck's polyatomic ions and checks the text against the structure: no ring
sentence unless the cards are N + P + 2 Cl, brackets balanced in every formula the molar-mass lines name, and each line's
total equal to molmass's mass of the formula it names (an independent library).
"""
from __future__ import annotations

import itertools
import sys
from pathlib import Path

import molmass
import pytest

from chemgames.games.chemiekarten.cards import combinations

sys.path.insert(0, str(Path(__file__).parent))
from test_chemiekarten_audit import _verdict  # noqa: E402

_ASCII = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")


def _atoms(formula: str) -> list[str]:
    return [e for e, n in combinations()[formula].parsed.counts.items() for _ in range(int(n))]


def _build(parts: list[str]) -> tuple[list[str], list[tuple[str, list[int]]]]:
    """The cards and combinations (by card index) of the units ``parts`` (a card symbol or a combination)."""
    kinds: list[str] = []
    combos: list[tuple[str, list[int]]] = []
    for part in parts:
        atoms = _atoms(part) if part.startswith("[") else [part]
        if part.startswith("["):
            combos.append((part, list(range(len(kinds), len(kinds) + len(atoms)))))
        kinds += atoms
    return kinds, combos


def _mercury1_builds() -> list[list[str]]:
    """One Hg card (+1, so the formula unit holds Hg₂) with one or two polyatomic cations and polyatomic anions,
    each at most twice, whose charges add up to zero: every build of the form (X)₂Hg₂(Y)₂ and (X)₂(Z)₂Hg₂(Y)₂."""
    combos = combinations()
    cations = sorted(f for f, c in combos.items() if c.charge > 0)
    anions = sorted(f for f, c in combos.items() if c.charge < 0)
    builds = []
    for n_cat in (1, 2):
        for cats in itertools.combinations(cations, n_cat):
            plus = 1 + sum(combos[c].charge for c in cats)
            for anion in anions:
                k, rest = divmod(plus, -combos[anion].charge)
                if not rest and k <= 2:
                    builds.append(list(cats) + ["Hg"] + [anion] * k)
    return builds


def test_the_enumeration_holds_the_reviews_builds() -> None:
    builds = {tuple(b) for b in _mercury1_builds()}
    assert ("[NH4]+", "Hg", "[SO4]2-") in builds and ("[UO2]2+", "Hg", "[BO3]3-") in builds
    assert ("[H3O]+", "[NH4]+", "Hg", "[PO4]3-") in builds and len(builds) > 40


@pytest.mark.parametrize("parts", _mercury1_builds(), ids=lambda p: "+".join(p))
def test_no_ring_sentence_and_whole_formulas_in_the_molar_masses(parts: list[str]) -> None:
    kinds, combos = _build(parts)
    v = _verdict(kinds, combos)
    if not v.ok:
        return  # refused (e.g. a combination's rule): no explanation of a compound to check
    assert not any(s.msg.key == "ck.ring_units" for s in v.steps), v.formula
    masses = [s for s in v.steps if s.msg.key == "ck.molar_mass"]
    assert masses
    for step in masses:
        shown = dict(step.msg.params)["formula"]
        text = shown.translate(_ASCII)
        depth = 0
        for ch in text:
            depth += {"(": 1, ")": -1}.get(ch, 0)
            assert depth >= 0, shown
        assert depth == 0, shown
        assert abs(float(step.math_in("en").total) - molmass.Formula(text).mass) < 0.05, shown


# H2-H7, M1, M2: real substances the card game called game-only (or named by another isomer), now vetted rows of
# tools/vetted_review_s17f.py. Expected values are the sources' (quoted in the rows and in tests/truth/rows.txt), the
# oxidation numbers counted here by RDKit from the structure each source describes, never from the engine's data.
_REVIEW_BUILDS = [
    # cards, combinations, the source's structure, the source's name (en)
    (["Ca", "C", "N", "N"], [], "[Ca+2].[N-]=C=[N-]", "calcium cyanamide"),  # Kalkstickstoff, WP + CRC
    (["Pb", "C", "N", "N"], [], "[Pb+2].[N-]=C=[N-]", "lead(II) cyanamide"),  # Braun et al. 2021; Schwarz et al. 2024
    (["Si", "H", "H", "H", "F"], [], "F[SiH3]", "fluorosilane"),  # CRC; de.WP 'Monofluorsilan'
    (["Pb", "N", "O", "O", "O", "O", "H"], [("[NO3]-", [1, 2, 3, 4]), ("[OH]-", [5, 6])],
     "[Pb+2].[OH-].[O-][N+](=O)[O-]", "lead(II) hydroxide nitrate"),  # nitroplumbite (IMA; Can. Mineral. 2023)
    (["Mg", "Si", "N", "N"], [], "[Mg+2].[Si+4].[N-3].[N-3]", "magnesium silicon nitride"),  # Groen 1993; Lenčéš 2011
    (["K", "Li", "S", "O", "O", "O", "O"], [("[SO4]2-", [2, 3, 4, 5, 6])], "[K+].[Li+].[O-]S(=O)(=O)[O-]",
     "lithium potassium sulfate"),  # Xie et al. 1984; Yu et al. 1986
    (["Th", "O", "F", "F"], [], "[Th+4].[O-2].[F-].[F-]", "thorium(IV) fluoride oxide"),  # WP; J. Chem. Soc. (Harwell)
    (["H", "Mn", "O", "O", "O", "O"], [("[MnO4]-", [1, 2, 3, 4, 5])], "O[Mn](=O)(=O)=O", "permanganic acid"),  # WP; Meyers
    (["C", "N", "N", "H", "H"], [], "NC#N", "cyanamide"),  # CRC 420-04-2; WP; Oxford Dictionary of Chemistry
]


def _rdkit_ox(smiles: str) -> dict[str, int]:
    """The oxidation numbers RDKit gives the heavy atoms of ``smiles``; H's from the neutral sum (RDKit counts the
    hydrogen atoms only implicitly)."""
    from rdkit import Chem
    from rdkit.Chem import rdMolDescriptors

    mol = Chem.MolFromSmiles(smiles)
    rdMolDescriptors.CalcOxidationNumbers(mol)
    found: dict[str, set[int]] = {}
    total = n_h = 0
    for atom in mol.GetAtoms():
        found.setdefault(atom.GetSymbol(), set()).add(atom.GetIntProp("OxidationNumber"))
        total += atom.GetIntProp("OxidationNumber")
        n_h += atom.GetTotalNumHs()
    assert all(len(v) == 1 for v in found.values()), found  # one number per element in these substances
    numbers = {e: v.pop() for e, v in found.items()}
    if n_h:
        assert total % n_h == 0
        numbers["H"] = -total // n_h
    return numbers


@pytest.mark.parametrize("kinds, combos, smiles, name", _REVIEW_BUILDS, ids=lambda x: x if isinstance(x, str) else None)
def test_the_reviews_real_substances_are_known_with_their_sources_numbers(kinds, combos, smiles, name) -> None:
    pytest.importorskip("rdkit")
    v = _verdict(kinds, combos)
    assert v.ok and v.label == "known", (kinds, v.label, v.headline.render("de"))
    assert name in v.headline.render("en"), v.headline.render("en")
    # the cards' charges are the chemists' numbers: no "zählt im Spiel mit ..., die Oxidationszahl ... ist aber"
    assert not any(s.msg.key == "ck.charge_differs" for s in v.steps), [s.msg.render("en") for s in v.steps]
    ox = {s.msg.render("en") for s in v.steps if s.msg.key == "ck.oxidation_numbers"}
    assert len(ox) == 1
    line = ox.pop().split(": ", 1)[1]
    shown = {e: int(q.replace("−", "-")) for e, q in (part.split(" ") for part in line.split(", "))}
    assert shown == _rdkit_ox(smiles)


def test_cyanamide_not_diazomethane_for_the_cards_of_m2() -> None:
    """The cards C +4, N -3, H +1 (review s17f, M2): the build is named cyanamide, and diazomethane's numbers (C 0,
    N -1, which no card charge gives) are not shown."""
    v = _verdict(["C", "N", "N", "H", "H"])
    text = " ".join([v.headline.render("de")] + [s.msg.render("de") for s in v.steps])
    assert "Cyanamid" in text and "Diazomethan" not in text and "C 0" not in text


# L6: the refusal of "Nur echte Stoffe" named the rule "nur Stoffe ..., die es gibt", so its first sentence said of every
# game-only compound (real ones such as CaCN2 were among them) that it does not exist. The rule clause must name the
# reference (what the variant checks), in both languages, for each of the three refused labels.
@pytest.mark.parametrize("cards, combos", [
    (["Au", "Bi", "C", "O"], ()),  # game-only
    (["S", "O"], ()),  # transient
    (["S"], ("[ClO]-", "[ClO]-")),  # another substance of this composition
])
def test_the_real_only_refusal_names_the_reference_not_existence(cards, combos) -> None:
    from test_chemiekarten_real import confirm_check, staged

    e = confirm_check(staged(cards, combos=combos, real_only=True))
    assert not e.ok and e.rule == "ck.real_only"
    de, en = e.title, e.in_lang("en").title
    assert "die es gibt" not in de and "that exist" not in en
    rule_de, rule_en = de.split("; ", 1)[1], en.split("; ", 1)[1]
    assert "aus unserem Nachschlagewerk" in rule_de and "from our reference" in rule_en


# M3: C + N + the OH- card build H-O-C#N, cyanic acid, a real molecule detected in space (Brünken et al., A&A 516 (2010)
# A109; Cernicharo et al. 2024, TMC-1), not "so nicht bekannt". The structure the sources name holds the card's O-H bond
# and gives each atom the card's charge (RDKit, independent of the engine's data).
def test_cyanic_acid_is_named_for_the_cards_c_n_oh() -> None:
    pytest.importorskip("rdkit")
    from rdkit import Chem

    from chemgames.games.chemiekarten import truth

    mol = Chem.MolFromSmiles("OC#N")  # cyanic acid as the sources draw it
    assert any({b.GetBeginAtom().GetSymbol(), b.GetEndAtom().GetSymbol()} == {"O", "C"} for b in mol.GetBonds())
    assert mol.GetAtomWithIdx(0).GetTotalNumHs() == 1  # the O carries the H: the card group OH
    v = _verdict(["C", "N", "O", "H"], [("[OH]-", [2, 3])])
    assert v.ok and v.label == "other"  # not our reference's substance (isocyanic acid), so game-only by the rules
    assert _rdkit_ox("OC#N") == {"C": v.charges["C"], "N": v.charges["N"], "O": -2, "H": 1}
    de, en = v.headline.render("de"), v.headline.render("en")
    assert "Cyansäure HOCN" in de and "kurzlebig" in de and "Weltall" in de and "nicht gebaut" not in de
    assert "cyanic acid HOCN" in en and "in space" in en
    label = truth.table_label(v.label, v.identity, v.formula)
    assert label is not None and "so nicht bekannt" not in label["text"].render("de")
    assert "Cyansäure HOCN" in label["text"].render("de") and "cyanic acid HOCN" in label["text"].render("en")
