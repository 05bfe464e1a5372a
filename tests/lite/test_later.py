"""In the JupyterLite site the widget answers a move first and writes its autosave afterwards (a task
of its own: ``chemgames.lite.ondemand.later``; the write goes through the browser's storage), and
the warm-up runs step by step. Here Pyodide's event loop is a queue the test runs by hand."""
from __future__ import annotations

import pytest

from chemgames.bots import GreedyBot
from chemgames.saves import saves
from chemgames.widgets import play_chromino


@pytest.fixture
def loop(tmp_path, monkeypatch):
    """Pyodide's ``later``: the steps queued, run when the test says."""
    monkeypatch.setenv("CHEMGAMES_SAVES", str(tmp_path / "chemgames-saves"))
    queue: list = []
    monkeypatch.setattr("chemgames.widgets.base.later", lambda step: queue.append(step) or True)
    return queue


def human_move(w) -> None:
    """The human (seat 0) makes one whole move through the view's messages."""
    g, start = w.game, w.game.turns_completed
    while g.current_player == 0 and g.turns_completed == start:
        w.receive({"type": "act", "action": GreedyBot(1).choose(g).to_json(), "version": w.version})


def run(queue: list) -> None:
    while queue:
        queue.pop(0)()


def test_the_view_goes_out_before_the_save_is_written(loop):
    w = play_chromino(players=2, bots=["greedy"], lang="en")
    run(loop)
    human_move(w)
    assert w.game.turns_completed >= 1 and w.view["turn"] == w.game.view(0)["turn"]  # the answer is out
    assert saves("chromino") == []  # ... and the file not yet written
    run(loop)
    (saved,) = saves("chromino")
    assert saved.path == w.save_file and saved.load().digest() == w.game.digest()


@pytest.mark.parametrize("seed", [0, 2])  # deal 0: the move is one step; deal 2: two (a draw, then a tile)
def test_a_failed_save_shows_in_a_view_of_its_own_and_is_not_retried_in_a_loop(loop, monkeypatch, seed):
    """Each step of a move queues its save (a two-step move queues two: the deal decides, so the deals are
    fixed); the failed save's own view queues none, so the saves end."""
    w = play_chromino(players=2, bots=["greedy"], lang="en", seed=seed)
    run(loop)
    monkeypatch.setattr("chemgames.widgets.base.write_save", lambda *a: (_ for _ in ()).throw(OSError("read-only")))
    human_move(w)
    version, queued = w.version, len(loop)
    assert w.panel["notice"] is None or w.panel["notice"]["rule"] != "err.save_failed"
    loop.pop(0)()  # the save: it fails, and a new view says so
    assert w.version > version and w.panel["notice"]["rule"] == "err.save_failed"
    assert len(loop) == queued - 1  # ... which queued no save of its own
    run(loop)  # the saves queued before it fail alike and queue none either
    assert loop == [] and w.panel["notice"]["rule"] == "err.save_failed"


def test_the_warm_up_steps_change_nothing(loop):
    w = play_chromino(players=2, bots=["greedy"], lang="en")
    before = (w.game.digest(), len(w.game.log), w.version)
    for step in (w._warm_best_move, w._warm_check, lambda: list(w._prepare_steps())):
        step()
    assert (w.game.digest(), len(w.game.log), w.version) == before


def test_the_first_tip_takes_the_hints_the_warm_up_found_for_that_position(loop):
    """The warm-up's hint search answers the first "Tipp" of the same position (it is most of that
    click's time in Pyodide); after a move the position is another and the hints are searched anew."""
    from chemgames.widgets import play

    w = play(players=3, bots=["greedy", "random"], seed=1, lang="de")  # the student moves first (tests/lite/visit.py)
    assert w.game.current_player == 0
    fresh = [h.formula for h in w.game.hints(8)]
    w._warm_best_move()
    searched = []
    real = w.game.hints
    w.game.hints = lambda n: searched.append(n) or real(n)  # type: ignore[method-assign]
    w.receive({"type": "hint", "version": w.version})
    assert searched == [] and [h.formula for h in w._hints] == fresh and len(w.hints) == len(fresh)
    w.receive({"type": "hint_play", "index": 0, "version": w.version})  # a step of the move: a new position
    w.receive({"type": "hint", "version": w.version})
    assert searched == [8]
