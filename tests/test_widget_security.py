"""The widget's Python side: only ``view(viewer)`` is synced, the browser cannot change state, and
refused or forged messages change nothing."""
from __future__ import annotations

import json

import pytest

import chemgames
from chemgames.widgets import ChemieKartenWidget, play

HAND = ["H", "H", "O", "S", "Fe", "Cl", "Proto"]


def game(players=2, **kw):
    return chemgames.new_game("chemiekarten", players=players, seed=3, lang="en", dealer=players - 1,
                              hands=[HAND], **kw)


def msg(w, kind, player=None, **params):
    p = w.game.current_player if player is None else player
    return {"type": "act", "action": {"game": "chemiekarten", "player": p, "kind": kind, "params": params}}


def synced(w) -> dict:
    """Everything the browser receives (and a saved notebook stores) of this widget."""
    state = w.get_state()
    return {k: v for k, v in state.items() if k not in ("_esm", "_css")}


def keys_of(obj, found=None):
    found = set() if found is None else found
    if isinstance(obj, dict):
        for k, v in obj.items():
            found.add(k)
            keys_of(v, found)
    elif isinstance(obj, list):
        for v in obj:
            keys_of(v, found)
    return found


def test_only_the_viewers_hand_is_synced():
    g = game(players=3)
    w = ChemieKartenWidget(g, seats=["human", "greedy", "random"])
    state = synced(w)
    assert state["view"]["hand"] == g.view(0)["hand"]
    assert state["hands"] == []
    assert not {"hands", "s_hands", "piles", "s_piles", "kinds"} & keys_of(list(state.values()))
    others = {c["id"] for p in (1, 2) for c in g.view(p)["hand"]}
    shown = {c["id"] for c in state["view"]["hand"]}
    assert not others & shown


def test_hot_seat_shows_no_hand_until_claimed_and_hides_it_after_the_turn():
    w = ChemieKartenWidget(game(), seats=["human", "human"])
    assert w.seat is None and "hand" not in w.view and "stage" not in w.view and w.legal == []
    w.receive({"type": "claim", "seat": 1})  # not player 2's turn: refused
    assert w.seat is None and w.panel["notice"]["kind"] == "error"
    w.receive({"type": "claim", "seat": 0})
    assert w.seat == 0 and w.view["hand"] == w.game.view(0)["hand"]
    w.receive(msg(w, "skip"))
    assert w.game.current_player == 1
    assert w.seat is None and "hand" not in w.view and "stage" not in w.view


def test_open_hands_mode_shows_every_hand_for_the_teacher():
    g = game()
    w = ChemieKartenWidget(g, seats=["human", "human"], open_hands=True)
    assert [h for h in w.hands] == [g.view(0)["hand"], g.view(1)["hand"]]
    w.receive(msg(w, "select", card="H"))
    assert w.view["stage"]["free"][0]["symbol"] == "H"


def test_a_forged_player_is_refused_and_nothing_changes():
    w = ChemieKartenWidget(game(), seats=["human", "greedy"])
    before = w.game.to_json()
    w.receive(msg(w, "select", player=1, card="H"))
    assert w.game.to_json() == before
    assert w.panel["notice"]["rule"] == "err.forged"
    assert "player 2" in w.panel["notice"]["title"]


def test_an_illegal_move_shows_the_engines_reason():
    w = ChemieKartenWidget(game(), seats=["human", "greedy"])
    w.receive(msg(w, "select", card="H"))
    w.receive(msg(w, "select", card="O"))
    before = w.game.to_json()
    w.receive(msg(w, "confirm"))
    assert w.game.to_json() == before
    notice = w.panel["notice"]
    assert notice["kind"] == "refused" and notice["ok"] is False and notice["title"]


def test_a_legal_compound_is_laid_and_explained():
    w = ChemieKartenWidget(game(), seats=["human", "greedy"])
    for card in ("H", "H", "O"):
        w.receive(msg(w, "select", card=card))
    verdict = w.view["stage"]["verdict"]
    assert verdict["ok"] and any(s["math"] and "<math" in s["math"]["mathml"] for s in verdict["steps"])
    w.receive(msg(w, "confirm"))
    assert w.panel["notice"] is None
    assert w.panel["last"]["ok"] and w.panel["last"]["points"] == 3
    assert w.view["table"][0]["owner"] == 0 and w.game.scores()[0] == 3


def test_state_changes_from_the_browser_are_refused():
    w = ChemieKartenWidget(game(players=3), seats=["human", "human", "human"])
    w.set_state({"seat": 1, "open_hands": True, "view": {}})
    assert w.seat is None and w.open_hands is False and w.view["current_player"] == 0
    assert w.panel["notice"]["rule"] == "err.state"
    assert "hand" not in w.view


def test_bots_move_only_on_their_turn_and_for_the_current_version():
    w = ChemieKartenWidget(game(), seats=["human", "greedy"], bot_delay=0)
    before = w.game.to_json()
    ignored = w.stale_ignored
    w.receive({"type": "bot", "version": w.version})
    # no bot is to move: nothing changes, and a timer's request is routine (no error for the player)
    assert w.game.to_json() == before and w.stale_ignored == ignored + 1 and w.panel["notice"] is None
    w.receive(msg(w, "skip"))
    assert w.game.current_player == 1
    stale = w.version - 1
    w.receive({"type": "bot", "version": stale})
    assert w.game.current_player == 1
    w.receive({"type": "bot", "version": w.version})
    assert w.game.current_player == 0
    assert w.panel["last_player"] == 1 and w.panel["last"] is not None


def test_undo_hint_and_language():
    w = ChemieKartenWidget(game(), seats=["human", "greedy"])
    w.receive({"type": "undo"})
    assert w.panel["notice"]["rule"] == "err.nothing_to_undo"
    w.receive(msg(w, "select", card="H"))
    w.receive({"type": "undo"})
    assert w.view["stage"]["free"] == [] and w.panel["notice"]["kind"] == "info"
    w.receive({"type": "hint"})
    assert w.hints and w.hints[0]["points"] >= w.hints[-1]["points"]
    w.receive({"type": "hint_play", "index": 0})
    assert w.view["stage"]["verdict"]["ok"]
    w.receive({"type": "lang", "lang": "de"})
    assert w.game.lang == "de" and w.ui["hand"] == "Deine Hand" and w.view["lang"] == "de"


def test_the_synced_state_per_action_is_small():
    w = play(players=3, bots=["greedy", "random"], seed=7, lang="en", bot_delay=0)
    sizes = []
    for _ in range(30):
        if w.game.is_over:
            break
        if w.seats[w.game.current_player] == "human":
            w.receive({"type": "hint"})
            w.receive({"type": "hint_play", "index": 0} if w.hints else msg(w, "skip"))
            w.receive(msg(w, "confirm") if w.hints == [] and "stage" in w.view and w.view["stage"].get("verdict") else msg(w, "skip"))
        else:
            w.receive({"type": "bot", "version": w.version})
        sizes.append(w.last_sync_bytes)
    assert max(sizes) < 50_000


def test_repr_has_no_memory_address():
    w = play(players=2, bots=["random"], seed=1)
    assert "0x" not in repr(w)
    with pytest.raises(chemgames.Error):
        ChemieKartenWidget(game(), seats=["human"])
    assert json.dumps(synced(w))  # everything synced is plain JSON
