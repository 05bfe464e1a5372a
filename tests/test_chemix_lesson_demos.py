"""The demos of lessons/chemix/README.md run as written from the teachers' notebook: each from a set
position, so a random deal can never make one impossible (issue 18)."""
from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "lehrkraefte" / "chemix_classic.ipynb"


def _run_demo_cells() -> tuple[str, dict]:
    nb = json.loads(NOTEBOOK.read_text("utf-8"))
    cells = [c for c in nb["cells"]]
    out, scope = io.StringIO(), {}
    first_script = next(i for i, c in enumerate(cells) if c["cell_type"] == "markdown" and "Ein Zug als Skript" in "".join(c["source"]))
    for c in cells[:first_script]:
        if c["cell_type"] == "code":
            assert not c.get("outputs"), "notebooks are saved without outputs"
            with contextlib.redirect_stdout(out):
                exec(compile("".join(c["source"]), str(NOTEBOOK), "exec"), scope)  # noqa: S102 - our own notebook
    return out.getvalue(), scope


def test_the_lesson_demos_show_what_the_plan_promises():
    text, scope = _run_demo_cells()
    # Einstieg: "Zwei Karten H und eine Karte O zeigen: Warum ist das in ChemiX falsch?"
    assert "H + H + O ist nicht so gelegt" in text and 'H + „2“ + O' in text
    # Demonstration: "O + O für O₂ → Abgelehnt mit der richtigen Legung" and H₂O with its molar mass
    assert 'O + O ist nicht so gelegt' in text and 'O + „2“' in text and "18,02 g/mol" in text
    # Lernziel 4: "für H₂O₂ x = −1"; "Bei Essigsäure CH₃COOH ist x = 0 ein Mittelwert"
    assert "x = −1" in text and "Mittelwert" in text and "x = 0" in text
    # Erwartete Schwierigkeiten: "Na₂CO₃ = Na + „2“ + C + O + „3“", "CH₃COOH: 2 C, 4 H, 2 O = 8 Atome"
    assert 'Na2CO3 = Na + „2“ + C + O + „3“' in text and "2 C, 4 H, 2 O = 8 Atome" in text
    # the widgets stand at the start of their demo, with the player who is to begin in the plan
    demo, edelgas = scope["demo"], scope["edelgas"]
    assert demo.game.log == [] and demo.game.current_player == 0 and demo.build == "steps"
    assert sorted(demo.game.face(i) for i in demo.view["hand"]) == ["H", "O", "O"]
    assert edelgas.game.current_player == 0 and [c["formula"] for c in edelgas.view["table"]] == ["H2O"]
