"""Review s21c of Das Chemie-Kartenspiel (seeds 97000-97149, /work/wt/_notes/s21c.md): text the reviewer found wrong
and could check against a source outside the engine today.

B1 (a build with a group the real substance lacks called the substance itself): the card [BiO]⁺ had no oxidation
numbers in the reference (no record of a BiO⁺ group: no solid holds one, s18c), so the test "is this the real
substance?" gave up on every build with it and called each one the substance of its composition. O + [BiO]⁺ + [H₃O]⁺
(seeds 97003, 97011, 97039: 20 tips, 18 of them in "Nur echte Stoffe" turns) read "Bi(OH)₃: Bismut(III)-hydroxid, ein
umstrittener Stoff", while 2 O + Bi + [H₃O]⁺ of the same atoms reads "(H₃O)BiO₂ aus diesen Karten: so gibt es den
Stoff nicht": bismuth(III) hydroxide holds no H₃O group (PubChem CID 9838064 draws it [Bi+3].[OH-].[OH-].[OH-]; the
game's own note quotes Holleman-Wiberg: Bi₂O₃ · x H₂O). Likewise 2 [BiO]⁺ + [HPO₄]²⁻ (seeds 97011, 97143) read
"Smrkovecit, ein bekannter Stoff" though smrkovecite holds hydroxide, not hydrogen phosphate (IMA list
``Bi2O(OH)(PO4)``; Strunz formula Bi₂[O|OH|PO₄], de.wikipedia 'Smrkovecit': "Bismut-Phosphat mit zusätzlichen
Sauerstoff- und Hydroxidionen"), and 2 Bi + 2 O + [HPO₄]²⁻ of the same atoms is "so gibt es den Stoff nicht".
The rule: a combination of one element with oxygen without a record has its formal numbers (O −2, the element what
balances the charge: Bi +3), so the build is judged like any other; and a combination that no solid holds as an ion
(``nomenclature.json`` ``ions_not_in_solid``: BiO⁺, PO₃⁻) is never "a group the salt lacks", so BiOCl and
balićžunićite Bi₂O(SO₄)₂ built with [BiO]⁺ stay the known substances.

M1 (a mineral name that is no species for the compound): LiMnPO₄ (4 offers, seeds 97076 and others) read "Lithium-
mangan(II)-phosphat (als Mineral: Lithiophilit, IMA-Name Sicklerite)". The shipped IMA extract (RRUFF export
2022-02-28) writes sicklerite ``LiMn2+(PO4)`` like lithiophilite, but sicklerite is the partly oxidised, Li-poor phase
between lithiophilite and purpurite (the extract's own ferrisicklerite: ``Li1-x(Fe3+,Mn2+)(PO4)``; Handbook of
Mineralogy 'Lithiophilite': "Association: Sicklerite, purpurite ..."), and the IMA-CNMNC discredited both in 2023
(Lyalina, Selivanova & Hatert, Eur. J. Mineral. 35 (2023) 427: "Ferrisicklerite and sicklerite correspond to
intermediate phases in the triphylite-heterosite and lithiophilite-purpurite solid solutions; consequently ... they
are discredited"). The rule: ``tools/ima_minerals.DISCREDITED`` names minerals discredited after the export, with the
source; they name no composition.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from chemgames.games.chemiekarten.compound import Stage, StagedCombination, judge

sys.path.insert(0, str(Path(__file__).parent))
from test_chemiekarten_review_s20c import _has_group  # noqa: E402  RDKit substructure test on a SMILES

ROOT = Path(__file__).resolve().parents[1]


def _judge(kinds: list[str], combos: list[tuple[str, list[int]]], charges: dict[str, int], real_only: bool = False):
    used = {i for _, ids in combos for i in ids}
    stage = Stage(free=[i for i in range(len(kinds)) if i not in used], charges=dict(charges),
                  combos=[StagedCombination(f, list(ids), []) for f, ids in combos])
    return judge(stage, kinds, real_only=real_only)


def _ima(name: str) -> str:
    """The IMA list's formula of the mineral ``name`` (``tools/ima_minerals.tsv``, the IMA's own list)."""
    for line in (ROOT / "tools" / "ima_minerals.tsv").read_text(encoding="utf-8").splitlines():
        if line.startswith(name + "\t"):
            return line.split("\t")[1]
    raise AssertionError(name)


# (cards with [BiO]+, the same atoms from free Bi and O cards): each build claims a group the real substance lacks
BIO_BUILDS = [
    pytest.param((["O", "Bi", "O", "H", "H", "H", "O"], [("[BiO]+", [1, 2]), ("[H3O]+", [3, 4, 5, 6])], {"O": -2}),
                 (["O", "Bi", "O", "O", "H", "H", "H"], [("[H3O]+", [3, 4, 5, 6])], {"O": -2, "Bi": 3}),
                 id="Bi(OH)3 from O + BiO+ + H3O+"),
    pytest.param((["Bi", "O", "Bi", "O", "H", "P", "O", "O", "O", "O"],
                  [("[BiO]+", [0, 1]), ("[BiO]+", [2, 3]), ("[HPO4]2-", [4, 5, 6, 7, 8, 9])], {}),
                 (["Bi", "O", "Bi", "O", "H", "P", "O", "O", "O", "O"], [("[HPO4]2-", [4, 5, 6, 7, 8, 9])],
                  {"Bi": 3, "O": -2}),
                 id="smrkovecite from 2 BiO+ + HPO4(2-)"),
]


def test_the_sources_show_the_groups_are_absent() -> None:
    """The evidence, independent of the engine: PubChem's bismuth hydroxide has no O with three H (no H₃O group), and
    the IMA writes smrkovecite with a hydroxide beside the phosphate, not a hydrogen phosphate."""
    pytest.importorskip("rdkit")
    from chemicals.identifiers import search_chemical

    record = search_chemical("10361-43-0")  # 'bismuth hydroxide', PubChem CID 9838064
    assert record.formula == "BiH3O3" and _has_group(record.smiles, "[OX1H1-]")
    assert not _has_group(record.smiles, "[OH3+]") and not _has_group(record.smiles, "[OX2,OX3;H2,H3]")
    assert _ima("Smrkovecite") == "Bi2O(OH)(PO4)" and "HPO4" not in _ima("Smrkovecite")


@pytest.mark.parametrize("with_bio, free", BIO_BUILDS)
@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_bismuthyl_build_is_judged_like_the_same_atoms_on_free_cards(with_bio, free, lang: str) -> None:
    """B1: the build with [BiO]⁺ is "so gibt es den Stoff nicht" as the same atoms on free Bi and O cards are, and the
    variant "Nur echte Stoffe" refuses it."""
    v, w = _judge(*with_bio), _judge(*free)
    assert w.ok and w.label == "other", w.headline.render(lang)
    assert v.ok and v.label == "other", v.headline.render(lang)
    head = v.headline.render(lang)
    assert ("so gibt es den Stoff nicht" if lang == "de" else "no such substance is known") in head, head
    assert not _judge(*with_bio, real_only=True).ok


@pytest.mark.parametrize("kinds, combos, charges, formula", [
    (["Cl", "Bi", "O"], [("[BiO]+", [1, 2])], {"Cl": -1}, "BiOCl"),
    (["Bi", "Bi", "O", "S", "O", "O", "O", "O", "S", "O", "O", "O", "O"],
     [("[BiO]+", [1, 2]), ("[SO4]2-", [3, 4, 5, 6, 7]), ("[SO4]2-", [8, 9, 10, 11, 12])], {"Bi": 3}, "Bi2O(SO4)2"),
    (["Bi", "O", "Bi", "O", "O"], [("[BiO]+", [0, 1]), ("[BiO]+", [2, 3])], {"O": -2}, "Bi2O3"),
])
def test_the_known_bismuth_oxo_salts_built_with_bismuthyl_stay_known(kinds, combos, charges, formula: str) -> None:
    """The rule is not a blanket: BiO⁺ is formal in every solid (the game says so on the card), so BiOCl, balićžunićite
    (IMA ``Bi2O(SO4)2``) and Bi₂O₃ built with it are still the known substances, also in "Nur echte Stoffe"."""
    if formula == "Bi2O(SO4)2":
        assert _ima("Balićžunićite") == formula
    v = _judge(kinds, combos, charges)
    assert v.ok and v.label == "known", v.headline.render("de")
    assert _judge(kinds, combos, charges, real_only=True).ok


@pytest.mark.parametrize("lang", ["de", "en"])
def test_lithium_manganese_phosphate_is_lithiophilite_not_the_discredited_sicklerite(lang: str) -> None:
    """M1: the card and the reference name lithiophilite for LiMnPO₄ and no longer sicklerite, whose own family row in
    the IMA extract (ferrisicklerite) shows the Li-poor, oxidised phase; the rule reads a list with its source."""
    from chemgames.chemistry import substance
    from tools.ima_minerals import DISCREDITED

    assert _ima("Ferrisicklerite").startswith("Li1-x") and "2023" in DISCREDITED["Sicklerite"]
    v = _judge(["Li", "Mn", "P", "O", "O", "O", "O"], [("[PO4]3-", [2, 3, 4, 5, 6])], {"Mn": 2})
    head = v.headline.render(lang)
    assert v.ok and v.label == "known", head
    assert ("Lithiophilit" if lang == "de" else "lithiophilite") in head and "icklerite" not in head, head
    assert substance("LiMnPO4", lang=lang).minerals == (("Lithiophilit" if lang == "de" else "lithiophilite"),)
