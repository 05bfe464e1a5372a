"""The names the data build writes once (``tools/written_names.py``) are the names the rules give at each call.

``substance()`` reads the data's ``names`` (metal-like binaries with their prefixes, names told apart from
another composition's) and ``english_names`` (organometallic names as one word) instead of running three
rules at each call; the rule that tells names apart compared a name with every other composition of the same
elements and made a new C/H/O formula take up to 35 ms (session 14). Checked here: the shipped tables are what
the rules compute from the shipped entries now (a rule changed without a rebuild fails), and every field
``substance()`` answers is the same whether it reads the tables or runs the rules at each call as before
(``tools/substance_dump.py``, the dump the change was checked with over every entry and 4,000 deck compositions).
"""
from __future__ import annotations

import doctest
import re
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from chemgames.chemistry import substances as S

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import substance_dump  # noqa: E402
import written_names  # noqa: E402

sys.path.pop(0)


def test_the_tools_doctests_pass():
    result = doctest.testmod(written_names)
    assert result.attempted >= 8 and result.failed == 0, result


def test_the_shipped_tables_are_what_the_rules_compute_now():
    shipped = {t: S.reference().get(t) for t in written_names.TABLES}
    computed = written_names.compute()
    assert S.reference().get("names") == shipped["names"]  # compute() puts back what it set aside
    for table in written_names.TABLES:
        assert shipped[table] == computed[table], f"{table}: rebuild the data (python tools/make_substances.py)"
    # the rules do write names: the review's cases (review25c, review25f L4/L5) are among them
    assert shipped["names"]["As2Co"] == ["cobalt diarsenide", "Cobaltdiarsenid"]
    assert shipped["names"]["NW2"] == ["ditungsten nitride", "Diwolframnitrid"]
    assert "dimethylzinc" in shipped["english_names"].values()


def _rules_at_each_call(monkeypatch: pytest.MonkeyPatch) -> None:
    """``substance()`` as it was before the build wrote the names (session 13, ``git show 2fcf811``): the tables
    set aside, the three rules run at each call where they ran then (the organyl rule on the source's English
    name, the other two on the name, comparing it with the other compositions' names asked at each call)."""
    data = S.reference()
    monkeypatch.setitem(data, "names", {})
    monkeypatch.setitem(data, "english_names", {})
    ester, mono, found = S._hydrogen_ester, S._mono_left_out, S._names_found

    def plain(key: str, lang: str) -> str | None:
        a = written_names._analysis(key)
        return written_names.metal_like_prefixed(mono(found(a, lang)[0], a), a, lang)

    def names(a: Any, lang: str) -> tuple[str | None, str | None]:
        name, trivial = found(a, lang)
        name = written_names.told_apart(a, lang, written_names.metal_like_prefixed(mono(name, a), a, lang), plain)
        name = written_names.ratio_fixed(a, lang, name)  # s15h: a Stock name that leaves a ratio open takes prefixes
        if lang == "de" and name:
            name = re.sub(r"^([A-ZÄÖÜ])(?=[a-zäöü]+ige Säure$)", lambda m: m[1].lower(), name)
        return name, trivial

    monkeypatch.setattr(S, "_hydrogen_ester", lambda name, counts: written_names.organyl_metal(ester(name, counts), counts))
    monkeypatch.setattr(S, "_names", names)


def _sample() -> list[tuple[str, int, Any]]:
    """150 random entries, every entry whose name a table holds, and the bench's formulas (condensed formulas,
    ions, unknown compositions; the dump's 4,000 deck compositions take 30 s to enumerate)."""
    keys = list(S.reference()["substances"])
    chosen = set(random.Random(14).sample(keys, 150)) | set(S.reference()["names"]) | set(S.reference()["english_names"])
    out: list[tuple[str, int, Any]] = [(*written_names._key_formula(k), None) for k in sorted(chosen)]
    out += [(f, q, build) for _what, f, q, build in substance_dump.questions(keys=False, deck=False)]
    return out


def test_every_field_is_the_same_as_with_the_rules_at_each_call(monkeypatch: pytest.MonkeyPatch):
    sample = _sample()
    tables = {(f, q, lang): substance_dump.answer(f, q, lang, b) for f, q, b in sample for lang in S.LANGS}
    _rules_at_each_call(monkeypatch)
    try:
        rules = {(f, q, lang): substance_dump.answer(f, q, lang, b) for f, q, b in sample for lang in S.LANGS}
    finally:
        monkeypatch.undo()
    assert len(tables) > 600
    differ = [(k, {f: (v, rules[k].get(f)) for f, v in a.items() if rules[k].get(f) != v}) for k, a in tables.items()
              if a != rules[k]]
    assert not differ, differ[:5]
    # the sample holds the names the rules change (else the comparison would be vacuous)
    assert tables["As2Co", 0, "de"]["name"] == "'Cobaltdiarsenid'" and tables["NW2", 0, "en"]["name"] == "'ditungsten nitride'"
