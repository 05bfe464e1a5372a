"""The warm-up in a Jupyter kernel (``GameWidget._warm_beside``): a thread started when the widget is
shown runs what the first moves need (Chemuno's first card laid on a card imports SymPy), on a copy
of the game, and changes nothing a student can see: the first moves come out the same with and
without it, also when the click comes while the thread is still running."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

import chemgames
from chemgames.widgets import ChemunoWidget, GameWidget, play_chemix


def chemuno(seed: int = 3) -> ChemunoWidget:
    game = chemgames.new_game("chemuno", players=2, seed=seed, lang="de", starter=0)
    return ChemunoWidget(game, seats=["human", "greedy"], bot_delay=0)


def seen(w: GameWidget) -> str:
    """Everything the widget shows and the game holds, as one text."""
    return json.dumps([w.game.digest(), len(w.game.log), w.version, w.view, w.panel, w.hints, w.legal, w.hands],
                      sort_keys=True, ensure_ascii=False)


def first_moves(w: ChemunoWidget) -> list[str]:
    """The student's first card (on the empty pile), the bot's card laid on it, and then the student's
    card laid on the bot's (the first whose fit needs SymPy's sets): what each shows."""
    out = []
    for _ in range(2):
        card = w.game.hints(1)[0].actions[0]
        w.receive({"version": w.version, "type": "act", "action": card.to_json()})
        out.append(seen(w))
        while w.game.current_player == 1:
            w.receive({"version": w.version, "type": "bot"})
            out.append(seen(w))
    return out


def test_the_warm_up_thread_imports_sympy_for_a_card_laid_on_a_card_in_a_fresh_kernel():
    """Seed 3: the student's best first card (Cl) on the empty pile needs no SymPy; the card laid on
    it does. The thread started at display imports it; the game is as it was."""
    code = ("import sys, json, chemgames; from chemgames.widgets import ChemunoWidget\n"
            "g = chemgames.new_game('chemuno', players=2, seed=3, lang='de', starter=0)\n"
            "w = ChemunoWidget(g, seats=['human', 'greedy'])\n"
            "before = (w.game.digest(), w.version, json.dumps(w.view, sort_keys=True)); had = 'sympy' in sys.modules\n"
            "bundle = w._repr_mimebundle_(); t = w._warm_thread; t.join(120)\n"
            "print(json.dumps([had, t.name, t.daemon, t.is_alive(), 'sympy' in sys.modules,\n"
            "                  (w.game.digest(), w.version, json.dumps(w.view, sort_keys=True)) == before,\n"
            "                  'application/vnd.jupyter.widget-view+json' in bundle[0]]))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=180, check=True)
    assert json.loads(out.stdout.strip().splitlines()[-1]) == [False, "chemgames-warm-up", True, False, True, True, True]


def test_the_warm_up_of_chemuno_goes_through_a_card_laid_on_a_card(monkeypatch):
    from chemgames.games.chemuno import fit

    calls: list[tuple] = []
    real = fit._as_set
    monkeypatch.setattr(fit, "_as_set", lambda items: calls.append(tuple(sorted(items))) or real(items))
    fit.fit_steps.cache_clear()
    chemuno()._warm()
    assert calls  # the sets of the card below and of the card laid


@pytest.mark.parametrize("race", [False, True])
def test_the_first_moves_are_the_same_with_and_without_the_warm_up(race):
    plain = chemuno()
    plain.warm_in_kernel = False
    plain._repr_mimebundle_()
    assert plain._warm_beside() is None
    warmed = chemuno()
    before = seen(warmed)
    thread = warmed._warm_beside()
    assert thread is not None and warmed._warm_beside() is None  # once a widget
    if not race:
        thread.join(120)
        assert seen(warmed) == before  # the warm-up left nothing behind
    moves = first_moves(warmed)  # race: the clicks come while the thread may still be running
    thread.join(120)
    assert moves == first_moves(plain)
    assert len(moves) >= 3


FRESH = '''import json, sys
sys.path.insert(0, {root!r})
from tests.test_warm_beside import chemuno, first_moves, seen
w = chemuno()
if {mode!r} != "off":
    thread = w._warm_beside()
    if {mode!r} == "joined":
        thread.join(120)
print(json.dumps(first_moves(w)))
'''


def test_the_first_moves_are_the_same_in_fresh_interpreters_with_and_without_the_warm_up():
    """As in a new kernel: nothing imported or cached before the widget, the warm-up off, finished
    before the first click, or racing it."""
    from pathlib import Path

    root = str(Path(__file__).resolve().parents[1])
    out = {}
    for mode in ("off", "joined", "racing"):
        done = subprocess.run([sys.executable, "-c", FRESH.format(root=root, mode=mode)], capture_output=True,
                              text=True, timeout=180, check=True)
        out[mode] = json.loads(done.stdout.strip().splitlines()[-1])
    assert len(out["off"]) >= 3 and out["off"] == out["joined"] == out["racing"]


def test_showing_a_widget_twice_starts_one_warm_up():
    w = play_chemix(players=2, bots=["greedy"], seed=4)
    w._repr_mimebundle_()
    first = w._warm_thread
    w._repr_mimebundle_()
    assert w._warm_thread is first
    first.join(120)
