"""s24b: what the variant "Nur echte Stoffe" says first about a build that is a real isomer the reference does not key.

The refusal of the variant opened with the verdict's label alone (``ck.real_only_<label>``): every "other" build read
"… ist so kein bekannter Stoff", also the builds whose headline names a real molecule of the cards' structure: cyanic
acid H-O-C#N (C + N + OH⁻, known only briefly: Brünken et al., A&A 516 (2010) A109) and methanediol HO-CH2-OH
(C + 2 H + 2 OH⁻, known in solution, as a pure molecule only briefly: Hasse & Maurer, Ind. Eng. Chem. Res. 30 (1991)
2195; Zhu et al., PNAS 119 (2022) e2111938119), review s23c. Its first line now says what the headline and the table
label say: the isomer, and how it is known (the row's label of ``chemistry.group_isomers``).
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
from test_chemiekarten_review_s17f import _build  # noqa: E402

#: the cards of each isomer row (chemistry.group_isomers.ROWS), by the row's formula
BUILDS = {"HOCN": ["C", "N", "[OH]-"], "CH2(OH)2": ["C", "H", "H", "[OH]-", "[OH]-"],
          "CH3OCO2H": ["C", "H", "H", "H", "[HCO3]-"]}  # review s25d, H1
#: how each label of a row reads in the refusal's first line (as the table label words it)
WORDS = {("transient", "de"): "nur kurzlebig bekannt", ("transient", "en"): "known only briefly",
         ("solution", "de"): "nur gelöst", ("solution", "en"): "known only in solution",
         ("cold", "de"): "nur in der Kälte", ("cold", "en"): "known only in the cold"}


def _real_only(parts: list[str]):
    from chemgames.games.chemiekarten.compound import Stage, StagedCombination, judge

    kinds, combos = _build(parts)
    used = {i for _, ids in combos for i in ids}
    stage = Stage(free=[i for i in range(len(kinds)) if i not in used],
                  combos=[StagedCombination(f, list(ids), []) for f, ids in combos])
    return judge(stage, kinds, real_only=True)


def test_every_isomer_row_has_a_build_here() -> None:
    from chemgames.chemistry.group_isomers import ROWS

    assert {row.formula for row in ROWS} == set(BUILDS)


@pytest.mark.parametrize("formula", sorted(BUILDS))
@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_real_only_refusal_opens_with_the_isomer_and_how_it_is_known(formula: str, lang: str) -> None:
    from chemgames.chemistry.group_isomers import ROWS

    row = next(r for r in ROWS if r.formula == formula)
    v = _real_only(BUILDS[formula])
    assert not v.ok and v.label == "other" and v.rule == "ck.real_only"
    first = v.headline.render(lang)
    name = row.name.de if lang == "de" else row.name.en
    assert name in first and WORDS[row.label, lang] in first, first
    assert "so kein bekannter Stoff" not in first and "not a known substance like this" not in first, first


def test_another_substance_still_reads_the_generic_line() -> None:
    """An "other" build that names no isomer (Ca + Cl + ClO₄⁻ beside calcium chlorite, review s23c) keeps "so kein
    bekannter Stoff"."""
    v = _real_only(["Ca", "Cl", "[ClO4]-"])
    assert not v.ok and v.label == "other", v.headline.render("de")
    assert "so kein bekannter Stoff" in v.headline.render("de")


# ---- the "other" headline names the real substance's minerals, as a known substance's headline does ----------------
#
# review s23c (noticed): the cards Mn + H + BO₃³⁻ and Mg + H + BO₃³⁻ read "dieselbe Zusammensetzung hat
# Mangan(II)-hydroxidmetaborat Mn(BO₂)(OH)" without saying that this substance is the mineral sussexite (Mg: szaibelyite,
# IMA list). The known headline has named a substance's IMA minerals since s16e; the "other" headline names the real
# substance with the same rule, for every such card. The minerals are read here from the IMA extract itself
# (tools/ima_minerals.py's parse of the RRUFF export), not from the engine's data.

def _ima_names(counts: dict[str, int]) -> list[str]:
    sys.path.insert(0, str(HERE.parent / "tools"))
    import ima_minerals

    return [n for n, _f in ima_minerals.compositions().get(tuple(sorted(counts.items())), [])]


@pytest.mark.parametrize("parts, counts", [
    (["Mn", "H", "[BO3]3-"], {"B": 1, "H": 1, "Mn": 1, "O": 3}),
    (["Mg", "H", "[BO3]3-"], {"B": 1, "H": 1, "Mg": 1, "O": 3}),
])
def test_the_other_headline_names_the_real_substances_minerals(parts: list[str], counts: dict[str, int]) -> None:
    from test_chemiekarten_audit import _verdict

    names = _ima_names(counts)
    assert names, counts  # sussexite Mn2+BO2(OH), szaibélyite MgBO2(OH)
    v = _verdict(*_build(parts))
    assert v.ok and v.label == "other"
    en, de = v.headline.render("en"), v.headline.render("de")
    assert all(n.lower() in en for n in names) and "as a mineral" in en, en
    assert all(n in de for n in names) and "als Mineral" in de, de
    assert "anders gruppiert" in de  # the rest of the headline stays


def test_an_other_headline_without_minerals_is_unchanged() -> None:
    from test_chemiekarten_audit import _verdict

    assert not _ima_names({"Ca": 1, "Cl": 2, "O": 4})
    v = _verdict(*_build(["Ca", "Cl", "[ClO4]-"]))
    assert v.headline.render("de").endswith("dieselbe Zusammensetzung hat Calciumchlorit Ca(ClO₂)₂, Cl +3.")
