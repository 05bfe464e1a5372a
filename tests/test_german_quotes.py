"""German texts quote with „…“, in every German catalog (s22e).

A 13-year-old read 'Eine "2" wird vom Stapel genommen' beside 'vom Stapel „2“'. German prose uses the
low-high pair „ … “ (Duden, "Anführungszeichen"); straight quotes stay only inside code a teacher
types (``chemgames.report(db="…")``, ``mode='competitive'``, a list literal ``[q, r, "Fe"]``), where
they are Python's own. Strings that build texts in the views (``chemixLayoutText``) are checked in the
browser-free node test of ``test_chemix_card_quotes`` below.
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CATALOGS = sorted(p for p in (ROOT / "chemgames").rglob("catalog/**/*.json") if p.name == "de.json" or p.name.endswith(".de.json"))

# Python a reader types: a call "name(…)", a list literal "[…]", an argument "key='…'" / key="…"
_CODE = re.compile(r"\(\"[^\"]*\"\)|[\w.]+\([^()]*\)|\[[^\[\]]*\]|\b\w+=(?:'[^']*'|\"[^\"]*\")")
# a straight quote used as a quotation mark: around a word, a placeholder or a digit
_STRAIGHT = re.compile(r"(?<![\w])(['\"])[^'\"\s][^'\"]*?\1(?![\w])")


def _prose(text: str) -> str:
    return _CODE.sub(" ", text)


def test_there_are_german_catalogs() -> None:
    assert len(CATALOGS) >= 20, CATALOGS


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: str(p.relative_to(ROOT / "chemgames")))
def test_german_texts_quote_with_low_high_marks(path: Path) -> None:
    texts = json.loads(path.read_text(encoding="utf-8"))
    wrong: list[str] = []
    for key, value in texts.items():
        for text in (value.values() if isinstance(value, dict) else [value]):
            if not isinstance(text, str):
                continue
            prose = _prose(text)
            if _STRAIGHT.search(prose) or "\u201D" in prose or re.search(r"»[^«»]*«|«[^«»]*»", prose):
                wrong.append(f"{key}: {text}")
            # every „ is closed by “ before the next „
            if re.sub(r"„[^„“]*“", "", prose).count("„") or re.sub(r"„[^„“]*“", "", prose).count("“"):
                wrong.append(f"{key} (unpaired): {text}")
    assert not wrong, "\n".join(wrong)


def test_the_checker_sees_what_it_should() -> None:
    """The two patterns, on texts written by hand (a checker that finds nothing passes every catalog)."""
    assert _STRAIGHT.search(_prose('Eine "2" wird vom Stapel genommen'))
    assert _STRAIGHT.search(_prose("Das Spiel '{game}' hat keine Option"))
    assert not _STRAIGHT.search(_prose("Eine „2“ wird vom Stapel genommen"))
    assert not _STRAIGHT.search(_prose('so: chemgames.report(db="…/chemgames-record.db").'))
    assert not _STRAIGHT.search(_prose("gehört zu mode='competitive'."))
    assert not _STRAIGHT.search(_prose('Einträgen [q, r, "Fe", ...], jeder'))
    assert not _STRAIGHT.search(_prose("Gib's her"))  # an apostrophe is no quotation mark
    # a lone » is an arrow ("» Fairen Start ausführen lassen"), not a quotation mark


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_chemix_card_quotes_follow_the_language() -> None:
    """The layout under a compound card ("H + „2“ + O") quotes a multiplier as its language does, with
    the widget catalogs' own "quoted" entry (German „…“, English “…”)."""
    script = (
        "import { readFileSync } from 'node:fs';\n"
        "import { chemixLayoutText } from './widgets/shared/chemix_card.js';\n"
        "const tOf = (lang) => { const ui = JSON.parse(readFileSync(`chemgames/widgets/catalog/${lang}.json`, 'utf8'));\n"
        "  return (k, p) => Object.entries(p || {}).reduce((s, [a, b]) => s.split(`{${a}}`).join(String(b)), ui[k] ?? k); };\n"
        "console.log(JSON.stringify([chemixLayoutText(['H', '2', 'O'], tOf('de')), chemixLayoutText(['H', '2', 'O'], tOf('en'))]));\n")
    out = subprocess.run(["node", "--input-type=module", "-e", script], cwd=ROOT, capture_output=True, text=True,
                         timeout=60, check=True).stdout
    assert json.loads(out) == ["H + „2“ + O", "H + “2” + O"]


def test_chemix_engine_quotes_a_multiplier_as_its_language_does() -> None:
    """The engine's own texts name a layout card by card: "H + „2“ + O" in German (the lesson plan's
    "Na₂CO₃ = Na + „2“ + C + O + „3“"), "H + “2” + O" in English; the record keeps its plain text."""
    import chemgames
    from chemgames.core.action import Action
    from chemgames.record.events import facts_of

    g = chemgames.new_game("chemix", players=2, seed=0, lang="de", hands=[["H", "O", "C"], ["Na", "N", "S"]])
    for card in [c for c in g.view(0)["hand"] if c[0] in "HO"]:
        g.apply(Action("chemix", 0, "play", (("card", card),)))
    g.apply(Action("chemix", 0, "take", (("multiplier", "2"),)))
    wrong = g.check(Action("chemix", 0, "form", (("layout", ("O", "H", "2")),)))
    assert "H + „2“ + O" in str(wrong) and '"2"' not in str(wrong), str(wrong)
    assert "H + “2” + O" in str(wrong.in_lang("en")), str(wrong.in_lang("en"))
    assert facts_of(wrong, numbers=False)["params"]["cards"] == 'O + H + "2"'  # as records kept it
