"""Chromino's coordinates print a negative number with the minus sign U+2212, where a student reads them (s22e).

A student read "ab (-5, -3)": the hyphen-minus of a keyboard, where print (and the score lines of the
final account, ``core.score``) writes "−". Every text with a place in it is checked: the ways to lay a
tile, the refusals, the laid tile in the log, the tip labels and the keyboard cursor of the view.
A screen reader reads both signs alike before a digit: NVDA's symbols.dic has
``negative number (?<!\\w)[-−]{1}(?=[$£€¥.]?\\d)``.
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import chemgames
from chemgames.core.game import Game

ROOT = Path(__file__).resolve().parents[1]
# a coordinate pair "(x, y)" as the texts print it, either sign
PAIR = re.compile(r"\(([-−]?\d+), ([-−]?\d+)\)")


def _pairs(text: str) -> list[tuple[str, str]]:
    return PAIR.findall(text)


def _negative_game(lang: str) -> Game:
    """A game whose first player can lay a tile at a negative coordinate."""
    for seed in range(1, 40):
        g = chemgames.new_game("chromino", players=2, seed=seed, lang=lang)
        if any(a.get("x") < 0 or a.get("y") < 0 for a in g.legal_actions() if a.kind == "place"):
            return g
    raise AssertionError("no seed in 1..39 offers a place at a negative coordinate")


def _assert_minus(texts: list[str]) -> None:
    pairs = [p for text in texts for p in _pairs(text)]
    negative = [v for p in pairs for v in p if v[0] in "-−"]
    assert negative, f"no negative coordinate among {texts[:5]}"
    assert all(v.startswith("−") for v in negative), [t for t in texts if re.search(r"\(-|, -", t)][:5]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_ways_the_tips_and_the_laid_tile_print_the_minus_sign(lang: str) -> None:
    g = _negative_game(lang)
    place = next(a for a in g.legal_actions() if a.kind == "place" and (a.get("x") < 0 or a.get("y") < 0))
    texts = g.puzzle(place.get("tile")).lines
    texts += [h.formula for h in g.hints()]
    texts.append(str(g.check(place)))
    g.apply(place)
    texts += [e.explanation.title for e in g.log]
    _assert_minus(texts)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_refusal_far_out_prints_the_minus_sign(lang: str) -> None:
    g = chemgames.new_game("chromino", players=2, seed=1, lang=lang)
    tile = g.s_hands[g.current_player][0]
    from chemgames.core.action import Action
    far = Action("chromino", g.current_player, "place", (("tile", tile), ("x", -99), ("y", -98), ("rot", 0)))
    text = str(g.check(far))
    assert "(−99, −98)" in text, text


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_keyboard_cursor_says_the_minus_sign(tmp_path: Path) -> None:
    """The live text of the view's keyboard cursor ("Stein beginnt bei (−2, −1)")."""
    ui = json.loads((ROOT / "chemgames/widgets/catalog/chromino.de.json").read_text(encoding="utf-8"))
    data = tmp_path / "ui.json"
    data.write_text(json.dumps(ui))
    module = (ROOT / "widgets" / "chromino.js").as_uri()
    dom = (ROOT / "widgets" / "shared" / "dom.js").as_uri()
    script = (f"const ui = JSON.parse(require('fs').readFileSync({json.dumps(str(data))}, 'utf8'));"
              f"Promise.all([import({json.dumps(module)}), import({json.dumps(dom)})]).then(([m, d]) => {{"
              "const t = d.translator(ui, 'de');"
              "console.log(JSON.stringify([m.cursorText({ x: -2, y: -1 }, t), m.cursorText({ x: 3, y: 0 }, t)])); })")
    run = subprocess.run(["node", "-e", script], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr[-600:]
    assert json.loads(run.stdout) == ["Stein beginnt bei (−2, −1)", "Stein beginnt bei (3, 0)"]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_worksheet_places_print_the_minus_sign(lang: str) -> None:
    """Tasks 7 and 8 of the Chromino worksheet offer places such as "(−1, −1)"; their answers name them."""
    from chemgames.worksheets.chromino import TASKS

    texts: list[str] = []
    for number in ("7", "8", "9b"):
        task = TASKS[number](lang)
        answer = task.answer()
        texts += [o.label for o in task.options] + [answer.text]
        texts += [s if isinstance(s, str) else s[0] if isinstance(s, tuple) else str(s) for s in answer.steps]
    _assert_minus(texts)
