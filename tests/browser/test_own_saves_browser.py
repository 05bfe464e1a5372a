"""Tests that share a worker's JupyterLab never see each other's saves (``conftest.lab``: a folder of the test's own,
its kernels save beside its notebooks). Session 25's CI: an earlier test's unfinished Metallurgie save was offered
("Spiel Nr. … fortsetzen?") above the board of ``test_projector_fit`` and cut it at 1280×720; a hand-in counted the
earlier tests' record entries. Which tests share a JupyterLab (the xdist groups) may then change freely.

The two tests run in this order on one worker: the first leaves an unfinished save, the second, in the same
JupyterLab, finds no save and is offered none."""
from __future__ import annotations

import pytest

from .lab import open_and_run, probe, run_code

pytestmark = pytest.mark.browser

CELLS = [
    "import json\nfrom chemgames.saves import saves, saves_folder\nfrom chemgames.widgets import play_metallurgie\n"
    "w = play_metallurgie(players=2, bots=['greedy'], seed=5)\nw",
    "def probe():\n    print(json.dumps({'saves': [s.path.name for s in saves()], 'folder': str(saves_folder().resolve()),"
    " 'offer': (w.saving or {}).get('offer')}))",
]


def test_a_game_left_unfinished_is_saved_beside_its_notebook(page, lab):
    lab.write_notebook("left.ipynb", CELLS)
    open_and_run(page, lab, "left.ipynb")
    assert run_code(page, "print(w.save().name)").strip().endswith(".json")
    held = probe(page)
    assert len(held["saves"]) == 1 and held["folder"] == str((lab.root / "chemgames-saves").resolve())


def test_the_next_test_in_the_same_jupyterlab_finds_no_save_and_is_offered_none(page, lab):
    lab.write_notebook("next.ipynb", CELLS)
    open_and_run(page, lab, "next.ipynb")
    held = probe(page)
    assert held["saves"] == [] and held["offer"] is None, held
    assert page.locator(".cg-root [data-key='resume']").count() == 0
