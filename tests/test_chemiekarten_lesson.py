"""The teacher notebook runs each demonstration of lessons/chemiekarten/README.md from a set position,
as the plan writes it: after Run All every demo widget waits at its start (nothing is played past),
and the engine's answers are the ones the plan announces."""
from __future__ import annotations

import ast
import contextlib
import io
import json
from pathlib import Path

NOTEBOOK = Path(__file__).parents[1] / "notebooks" / "lehrkraefte" / "chemiekarten.ipynb"
PLAN = Path(__file__).parents[1] / "lessons" / "chemiekarten" / "README.md"


def run_notebook():
    """Run the notebook's code cells in order (as Run All does): the namespace and, per cell, its
    source, what it printed and the value it shows (its last expression, as Jupyter displays it)."""
    cells = [c for c in json.loads(NOTEBOOK.read_text("utf-8"))["cells"] if c["cell_type"] == "code"]
    ns: dict = {}
    outputs = []
    for cell in cells:
        source = "".join(cell["source"])
        tree = ast.parse(source)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            exec(compile(tree, "<cell>", "exec"), ns)  # noqa: S102 - our own notebook
            shown = eval(compile(ast.Expression(last.value), "<cell>", "eval"), ns) if last else None  # noqa: S307
        outputs.append((source, buf.getvalue(), shown))
    return ns, outputs


def test_each_demo_of_the_plan_runs_from_its_set_position_as_written():
    plan = PLAN.read_text("utf-8")
    # the plan's demonstration (minute 5–12), the words it promises
    for words in ("H + O → **Abgelehnt** (Summe der Kartenladungen +1 − 2 = −1)", "H + H + O → **Erlaubt**, 3 Punkte",
                  "„H₂O: Wasser, ein bekannter Stoff“", "Fe + O (FeO, Ionenverbindung: Ladungsbilanz der Ionen)",
                  "Au + Bi + C + O", "„◇ nicht in unserem Nachschlagewerk, nur nach Spielregel“"):
        assert words in plan, words
    ns, outputs = run_notebook()
    water = next(out for source, out, _ in outputs if "vorschau(WASSER" in source)
    first, second = water.split("\n✓")
    assert first.startswith("✗") and "Summe der Kartenladungen: 1·(+1) + 1·(−2) = −1" in first
    assert second.startswith(" H₂O: Wasser, ein bekannter Stoff.") and "= 3 Punkte" in second
    assert "Summe der Oxidationszahlen" in second and "Ein Molekül: nur Nichtmetalle" in second
    iron = next(out for source, out, _ in outputs if "vorschau(EISEN" in source)
    feo, fe3, fe2o3 = iron.split("\n✓ Fe₂O₃")[0].split("\n✗")[0], iron.split("\n✗")[1], iron.split("\n✓ Fe₂O₃")[1]
    assert feo.startswith("✓ FeO") and "Ladungsbilanz der Ionen: 1·(+2) + 1·(−2) = 0" in feo
    assert "1·(+3) + 1·(−2) = +1" in fe3
    assert "Ladungsbilanz der Ionen: 2·(+3) + 3·(−2) = 0" in fe2o3
    rule = next(out for source, out, _ in outputs if "vorschau(SPIELREGEL" in source)
    assert "nicht in unserem Nachschlagewerk, nur nach Spielregel (ob es den Stoff gibt, sagt das nicht). Die Ladungen gehen auf" in rule
    assert rule.rstrip().endswith("auf dem Tisch: nicht in unserem Nachschlagewerk, nur nach Spielregel")
    # after Run All each demo widget waits at its start: Spieler 1 to move, nothing played, the
    # plan's cards in the open hand
    demos = [(source.splitlines()[-1], shown) for source, _, shown in outputs if source.splitlines()[-1].startswith("demo(")]
    assert [d for d, _ in demos] == ["demo(WASSER)", "demo(EISEN)", "demo(SPIELREGEL)"]
    for (_, w), cards in zip(demos, ({"H", "O"}, {"Fe", "O"}, {"Au", "Bi", "C", "O"})):
        assert w.game.current_player == 0 and not w.game.log and w.open_hands
        assert cards <= {c["symbol"] for c in w.hands[0]} and w.view["table"] == []
