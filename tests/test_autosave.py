"""Autosave and resume (issue 15): after every completed turn the widget writes the game's save,
atomically, to ``chemgames-saves/``; ``play_*(resume=True)`` and the widget's "resume" offer continue
it; "new game" deals afresh; the widget follows a game moved from Python."""
from __future__ import annotations

import json
import os

import pytest

import chemgames
from chemgames.bots import GreedyBot, play_turn
from chemgames.saves import saves
from chemgames.widgets import play, play_chemuno, play_chromino, play_metallurgie, play_raeumab


@pytest.fixture(autouse=True)
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("CHEMGAMES_SAVES", str(tmp_path / "chemgames-saves"))
    return tmp_path / "chemgames-saves"


def human_turn(w):
    """The human (seat 1) plays one whole turn through the browser's messages; bots answer."""
    g = w.game
    bot = GreedyBot(1)
    start = g.turns_completed
    while not g.is_over and g.current_player == 0 and g.turns_completed == start:
        w.receive({"type": "act", "action": bot.choose(g).to_json(), "version": w.version})
    while not g.is_over and g.current_player != 0:
        w.receive({"type": "bot", "version": w.version})


def test_a_save_is_written_after_every_completed_turn(folder):
    w = play_chromino(players=2, bots=["greedy"], lang="en")
    assert not folder.exists() or not list(folder.iterdir())  # nothing before the first move
    for n in range(3):
        human_turn(w)
        files = list(folder.glob("*.json"))
        assert len(files) == 1 and files[0] == w.save_file
        saved = chemgames.load_game(files[0].read_text())
        assert saved.to_json() == w.game.to_json()
    assert files[0].name.startswith(f"chromino-") and files[0].name.endswith(f"-nr{w.game.seed}.json")
    assert not [p for p in folder.iterdir() if p.name.startswith(".")]  # no temporary file left


def test_resume_after_a_rerun_continues_the_same_position(folder):
    w = play_metallurgie(players=2, bots=["greedy"], lang="de")
    for _ in range(3):
        human_turn(w)
    position = w.game.to_json()
    del w  # the cell runs again, or the kernel restarts
    again = play_metallurgie(players=2, bots=["greedy"], lang="de", resume=True)
    assert again.game.to_json() == position
    assert again.panel["notice"]["rule"] == "ui.resumed"
    human_turn(again)
    assert len(list(folder.glob("*.json"))) == 1  # the same file goes on


def test_the_widget_offers_the_unfinished_game_and_resumes_it_on_request(folder):
    w = play(players=2, bots=["greedy"], lang="en")
    human_turn(w)
    position = w.game.to_json()
    fresh = play(players=2, bots=["greedy"], lang="en")
    offer = fresh.saving["offer"]
    assert offer["n"] == w.game.seed and offer["moves"] == len(w.game.log)
    fresh.receive({"type": "resume", "version": fresh.version})
    assert fresh.game.to_json() == position and "offer" not in fresh.saving


def test_resume_skips_a_damaged_save_and_finished_games(folder):
    w = play_raeumab(players=2, bots=["greedy"], lang="en")
    human_turn(w)
    good = w.game.to_json()
    bad = folder / "raeumab-2099-01-01-0000-nr1.json"
    data = json.loads(good)
    data["actions"] = data["actions"][:-1]  # edited: its moves no longer give its fingerprint
    bad.write_text(json.dumps(data))
    os.utime(bad, (4102444800, 4102444800))  # the newest file
    assert saves("raeumab")[0].path == bad
    with pytest.raises(chemgames.SaveFileError):
        saves("raeumab")[0].load()
    assert play_raeumab(players=2, bots=["greedy"], lang="en", resume=True).game.to_json() == good


def test_save_button_and_new_game(folder):
    w = play_chemuno(players=2, bots=["greedy"], lang="en", seed=48213)
    assert w.game_no == 48213
    w.receive({"type": "save", "version": w.version})
    assert w.panel["notice"]["rule"] == "ui.saved" and w.save_file.exists()
    old_seed, old_file = w.game.seed, w.save_file
    w.receive({"type": "new_game", "version": w.version})
    assert w.game.seed != old_seed and w.game_no == w.game.seed and not w.game.log
    assert w.save_file != old_file and old_file.exists()  # the old game's save stays
    assert w.game.option_values == chemgames.new_game("chemuno", players=2, seed=1).option_values


def test_the_widget_follows_a_game_moved_from_python():
    w = play_chromino(players=2, bots=["greedy"], lang="en")
    g = w.game
    before = w.version
    play_turn(g, GreedyBot(3))  # a notebook scripts a move
    assert w.version > before and w.view["turn"] == g.view(0)["turn"] and len(w.view["log"]) == len(g.view(0)["log"])
    g.undo() if g.can_undo() else None
    assert w.view == w._game_view(0)[0]


def test_a_read_only_folder_does_not_stop_the_game(folder, monkeypatch):
    w = play_chromino(players=2, bots=["greedy"], lang="en")
    monkeypatch.setattr("chemgames.widgets.base.write_save", lambda *a: (_ for _ in ()).throw(OSError("read-only")))
    human_turn(w)
    assert w.panel["notice"]["rule"] == "err.save_failed" and w.game.turns_completed >= 1


def test_student_notebooks_deal_afresh_and_say_how_to_replay_and_resume():
    import nbformat
    from pathlib import Path

    for path in sorted((Path(__file__).parents[1] / "notebooks").glob("*.ipynb")):
        if path.name == "index.ipynb":
            continue
        nb = nbformat.read(path, as_version=4)
        assert "seed=" not in nb.cells[-1].source, path.name  # every run (and every student) a new deal
        assert "seed=48213" in nb.cells[0].source and "resume=True" in nb.cells[0].source, path.name


@pytest.mark.parametrize("fault", [OSError(28, "No space left on device"), PermissionError(13, "Permission denied"),
                                   OSError(30, "Read-only file system"), OSError(5, "Input/output error")])
def test_a_save_that_fails_is_said_in_the_widgets_language_not_the_systems(folder, monkeypatch, fault):
    """The system's words ("No space left on device") are English whatever the page says."""
    said = {}
    for lang in ("de", "en"):
        w = play_chromino(players=2, bots=["greedy"], lang=lang)
        monkeypatch.setattr("chemgames.widgets.base.write_save", lambda *a: (_ for _ in ()).throw(fault))
        human_turn(w)
        said[lang] = w.panel["notice"]["title"]
    assert fault.strerror not in said["de"] and "Errno" not in said["de"] + said["en"], said
    assert said["de"] != said["en"] and "gespeichert" in said["de"]
    if fault.errno == 28:
        assert "voll" in said["de"] and "full" in said["en"]
