"""The metal-like compounds named one by one are rows of a sourced table that ``metal_like`` reads (s17e).

MgB2, AlB2 (the AlB2-type diborides) and FeN were an ``if`` each inside the rule; now
``chemgames.chemistry.metal_like_table.NAMED_METAL_LIKE`` holds them with their sources and the suffix of their
sentence keys. Behaviour unchanged: checked against main's rule over 168,096 binary compositions (every pair of the
data's elements, counts 1-4) when the table was made, 0 differences; here the rows, their neighbours and the
sentences, against the truth set's rows (written by hand from the sources) where it has one.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chemgames.chemistry import metal_like_table, substance
from chemgames.chemistry.substances import metal_like, metal_like_text

ROOT = Path(__file__).resolve().parents[1]


def test_the_rule_names_no_compound_by_an_if() -> None:
    """The rule reads the table: no formula of a named compound is written into metal_like's code."""
    import inspect

    from chemgames.chemistry import substances

    code = inspect.getsource(substances.metal_like).split('"""')[-1]  # the body, after the docstring
    assert "named_metal_like(counts)" in code
    for row in metal_like_table.NAMED_METAL_LIKE:  # the metal of a named row: the general rule names anions only
        metal = next(iter(row.counts))
        assert f'"{metal}"' not in code, (row.formula, metal)


@pytest.mark.parametrize("row", metal_like_table.NAMED_METAL_LIKE, ids=lambda r: r.formula)
def test_each_row_is_needed_sourced_and_has_its_sentences(row: metal_like_table.NamedMetalLike,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    counts = row.counts
    assert metal_like(counts) and metal_like({e: 2 * n for e, n in counts.items()})  # any multiple of the unit
    # the general rule alone does not cover it: the row is what makes it metal-like
    monkeypatch.setattr(metal_like_table, "_by_unit", lambda table: {})
    assert not metal_like(counts), row.formula
    monkeypatch.undo()
    assert row.sources.count(";") >= 1 and len(row.sources) > 60, row.formula  # two sources at least, named
    assert row.sentence in ("", "_film", "_nonstoich")
    for catalog, key in (("chemgames/catalog", "chem.ox.metal_like"),
                         ("chemgames/games/chemiekarten/catalog", "ck.bond.metal_like")):
        for lang in ("de", "en"):
            texts = json.loads((ROOT / catalog / f"{lang}.json").read_text(encoding="utf-8"))
            assert key + row.sentence in texts, (catalog, lang, key + row.sentence)


def test_neighbours_no_source_was_read_for_stay_outside() -> None:
    """Only the rows: MnN, CoN, NiN, FeN2 (no source read), AlB12 and CaB6 (B12 icosahedra, B6 octahedra: salts of
    boron clusters) and the Zintl silicides keep their numbers."""
    for counts in ({"Mn": 1, "N": 1}, {"Co": 1, "N": 1}, {"Ni": 1, "N": 1}, {"Fe": 1, "N": 2}, {"Al": 1, "B": 12},
                   {"Ca": 1, "B": 6}, {"Ca": 1, "Si": 2}, {"Mg": 1, "B": 4}):
        assert not metal_like(counts), counts


def test_the_truth_set_agrees_on_the_named_rows() -> None:
    """The truth set (tests/truth/rows.txt, by hand from the sources) gives MgB2 and FeN no oxidation numbers and
    the bonding class metallic|network: so does the reference."""
    rows = {}
    for line in (ROOT / "tests/truth/rows.txt").read_text(encoding="utf-8").splitlines():
        fields = line.split(" ; ")
        if not line.startswith("#") and len(fields) >= 6:
            rows[fields[0].strip()] = fields
    checked = 0
    for row in metal_like_table.NAMED_METAL_LIKE:
        truth = rows.get(row.formula)
        if truth is None:
            continue
        checked += 1
        s = substance(row.formula)
        # "-": the row claims nothing (UN2: no source gives numbers); the reference gives none either way
        assert truth[4] in ("none", "-") and s.oxidation_states is None, row.formula
        assert s.bonding_reason[0] == "metal_like" and s.note_key == "metal_like", row.formula
    assert checked >= 2


def test_fen_sentence_says_no_conduction_and_mgb2_keeps_its_own() -> None:
    # FeN balances with Fe +3 / N -3 (main states), so its film sentence names them (s21h)
    assert metal_like_text("FeN") == "_film_balanced" and metal_like_text("B2Mg") == "" and metal_like_text("B2Al") == ""
    fen = substance("FeN", lang="en").note or ""
    assert "conduct" not in fen and "film" in fen
    assert "conduct" in (substance("MgB2", lang="en").note or "")
