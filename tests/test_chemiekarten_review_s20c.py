"""Review s20c of Das Chemie-Kartenspiel (seeds 95000-95149, /work/wt/_notes/s20c.md): text the reviewer found wrong
and could check against a source outside the engine today.

G1 (a real substance called "so gibt es den Stoff nicht"): C + 3 H + the card group [OH]⁻, with the cards' charges
C +4 and H −1 (seed 95145), read "CH₃(OH) aus diesen Karten: so gibt es den Stoff nicht; dieselbe Zusammensetzung hat
Methanol CH₃OH" and was labelled "so nicht bekannt, nur nach Spielregel". Methanol is H₃C–OH: its structure (SMILES
``CO``, PubChem CID 887) holds exactly the O–H group of the card, bonded to the CH₃ the free cards build. The free H
cards' −1 is the game's charge, which the game says claims no structure (CH₃Br, H₂S with the cards' charges are
"known"); the label had mixed those free charges into the group's hydrogen (mean −1/2 against methanol's +1).
The rule: an element both on free cards and inside a group is judged by the group's atoms only (each number's share
of the element's atoms inside the groups must fit the real substance's). A group the real molecule lacks still makes
the build another substance (methanesulfonic acid CH₃SO₃H holds no C–O bond, so no [HCO₃]⁻; thionyl chloride no Cl+1).

G2 (a disputed fact told as settled): chromium nitride CrN (94 offers in 150 games) read "Eine metallartige Verbindung:
die Nichtmetallatome sitzen im Gitter des Metalls, der Stoff leitet den Strom wie ein Metall". How CrN conducts is
disputed: Bhobe, Chainani et al., Phys. Rev. Lett. 104 (2010) 236404, "Evidence for a correlated insulator to
antiferromagnetic metal transition in CrN" (a gap at the Fermi level above T_N about 286 K, a metal only below it); the
review in Inorganics 12 (2024) 247: "many discrepant studies on these transitions can be found"; sputtered CrN films:
"semiconducting behaviour of electrical resistivity in the whole range of tested preparation parameters". The rule: a
metal-like compound of the general rule whose conduction the sources dispute is a row of
``metal_like_table.CONDUCTION_DISPUTED``; its sentence says the question is open instead of "conducts like a metal".

A3 (the checker, not the game): the self-audit (``bench/bench_truth_audit.py --games 150 --first 95000``) reported one
false statement, WCl₄'s "An exception to the school rule: not a salt of W⁴⁺ ions but long chains of metal and halogen
atoms in which the metal atoms are bonded to each other in pairs (metal–metal bonds)", read as "molecular" by its
opening words where the truth row (GE 21.3.3: chains of WCl6 octahedra with W–W pairs, 2.69 Å) says "cluster". The
sentence is right; the checker reads the metal–metal sentences as the class "cluster" now.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from chemgames.games.chemiekarten.cards import card_set
from chemgames.games.chemiekarten.compound import Stage, StagedCombination, judge

sys.path.insert(0, str(Path(__file__).parent))
from test_substance_review25f_data import _rdkit_numbers  # noqa: E402  RDKit's per-atom numbers on a SMILES


def _judge(kinds: list[str], combos: list[tuple[str, list[int]]], charges: dict[str, int]):
    used = {i for _, ids in combos for i in ids}
    stage = Stage(free=[i for i in range(len(kinds)) if i not in used], charges=dict(charges),
                  combos=[StagedCombination(f, list(ids), []) for f, ids in combos])
    assert not [k for k in kinds if card_set()[k].artificial]
    return judge(stage, kinds)


def _has_group(smiles: str, smarts: str) -> bool:
    """Whether the structure ``smiles`` holds the group ``smarts`` (RDKit; independent of the engine's data)."""
    from rdkit import Chem

    return Chem.MolFromSmiles(smiles).HasSubstructMatch(Chem.MolFromSmarts(smarts))


def _signed(v: int) -> str:
    return "0" if v == 0 else ("+" if v > 0 else "−") + str(abs(v))


@pytest.mark.parametrize("lang", ["de", "en"])
def test_methanol_built_with_the_cards_oh_group_is_methanol(lang: str) -> None:
    """G1: the card group [OH]⁻ on C with three free H is methanol's own O–H group; the card is "known", names
    methanol, and its oxidation numbers are RDKit's for H₃C–OH."""
    pytest.importorskip("rdkit")
    assert _has_group("CO", "[CX4][OX2H1]")  # methanol: a hydroxyl group on the methyl carbon
    v = _judge(["C", "H", "H", "H", "O", "H"], [("[OH]-", [4, 5])], {"C": 4, "H": -1})
    head = v.headline.render(lang)
    assert v.ok and v.label == "known", head
    assert ("Methanol" if lang == "de" else "methanol") in head, head
    assert "gibt es den Stoff nicht" not in head and "no such substance" not in head, head
    ox = [t for s in v.steps if (t := s.msg.render(lang)).startswith(("Oxidationszahlen in", "Oxidation numbers in"))]
    assert ox, [s.msg.render(lang) for s in v.steps]
    for element, states in _rdkit_numbers("CO").items():  # C and O (the H atoms are implicit)
        (q,) = states
        assert f"{element} {_signed(q)}" in ox[0], (element, q, ox[0])


@pytest.mark.parametrize("kinds, combos, charges, smiles, smarts", [
    # SH₃(HCO₃) (seed 95011): methanesulfonic acid CH₃–SO₃H has no C–O bond, so no hydrogencarbonate group
    (["S", "H", "H", "H", "H", "C", "O", "O", "O"], [("[HCO3]-", [4, 5, 6, 7, 8])], {"S": 4, "H": -1},
     "CS(=O)(=O)O", "[CX3](=O)([OX2H1])[OX1,OX2]"),
    # SCl(ClO): thionyl chloride O=SCl₂ has no Cl–O bond
    (["S", "Cl", "Cl", "O"], [("[ClO]-", [2, 3])], {"S": 2, "Cl": -1}, "O=S(Cl)Cl", "[Cl][O]"),
])
def test_a_group_the_real_molecule_lacks_still_makes_another_substance(kinds, combos, charges, smiles: str,
                                                                       smarts: str) -> None:
    """The rule judges the group's atoms, not less: where the real molecule of the composition does not hold the
    card's group (RDKit on its structure), the build stays "so gibt es den Stoff nicht"."""
    pytest.importorskip("rdkit")
    assert not _has_group(smiles, smarts)
    v = _judge(kinds, combos, charges)
    assert v.ok and v.label == "other", (v.ok, v.label, v.headline.render("de"))


CONDUCTS = {"de": "der Stoff leitet den Strom wie ein Metall", "en": "and the solid conducts electricity like a metal"}
DISPUTED = {"de": "umstritten", "en": "disputed"}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_chromium_nitride_is_not_said_to_conduct_like_a_metal(lang: str) -> None:
    """G2: neither the card's bonding line nor the reference's note on CrN says it conducts like a metal; both say
    that is disputed. FeP and WC (metallic by every source read) keep the sentence, so the rule is not a blanket."""
    from chemgames.chemistry import substance

    v = _judge(["Cr", "N"], [], {"Cr": 3, "N": -3})
    assert v.ok and v.label == "known", v.headline.render(lang)
    lines = [s.msg.render(lang) for s in v.steps if s.msg.key.startswith("ck.bond.")]
    note = substance("CrN", lang=lang).note or ""
    assert lines and note
    for text in (*lines, note):
        assert CONDUCTS[lang] not in text and DISPUTED[lang] in text, text
    for formula in ("FeP", "WC"):
        assert CONDUCTS[lang] in (substance(formula, lang=lang).note or ""), formula


@pytest.mark.parametrize("key", ["ck.bond.metal_chain", "ck.bond.metal_cluster"])
def test_the_checker_reads_a_metal_metal_sentence_as_cluster(key: str) -> None:
    """A3: the audit classes the game's chain and cluster sentences (English catalog) as the truth rows do."""
    import json

    root = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root / "tests" / "truth"))
    import audit

    text = json.loads((root / "chemgames/games/chemiekarten/catalog/en.json").read_text(encoding="utf-8"))[key]
    line = text.format(ion="W⁴⁺")
    assert audit.bonding_of([line]) == ("cluster", line)
    de = json.loads((root / "chemgames/games/chemiekarten/catalog/de.json").read_text(encoding="utf-8"))[key]
    assert next(c for c, pat in audit.BOND_WORDS_DE if re.search(pat, de)) == "cluster", de
