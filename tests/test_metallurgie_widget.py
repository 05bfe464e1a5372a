"""The Metallurgie widget from Python: messages from the browser, hidden hands, bots, languages."""
from __future__ import annotations

import chemgames
from chemgames.widgets import MetallurgieWidget
from chemgames.widgets.metallurgie import play_metallurgie


def lay_msg(w, metal, q, r):
    return {"type": "act", "action": {"game": "metallurgie", "player": w.game.current_player, "kind": "lay",
                                      "params": {"metal": metal, "pos": [q, r]}}}


def test_a_lay_message_lays_and_explains():
    g = chemgames.new_game("metallurgie", players=2, seed=1, lang="en", hands=[["Fe", "Fe", "Fe"]])
    w = MetallurgieWidget(g, seats=["human", "greedy"])
    w.receive(lay_msg(w, "Fe", 4, 0))
    assert any(s["pos"] == [4, 0] for s in w.view["stacks"])
    assert w.panel["last"]["ok"] and "(3|0)" in w.panel["last"]["steps"][0]["text"]
    assert any(a["kind"] == "done" for a in w.legal)


def test_refused_and_forged_messages_change_nothing():
    g = chemgames.new_game("metallurgie", players=2, seed=1, lang="de", hands=[["Fe", "Fe", "Fe"]])
    w = MetallurgieWidget(g, seats=["human", "greedy"])
    before = g.to_json()
    w.receive(lay_msg(w, "Fe", 9, 9))
    assert w.panel["notice"]["kind"] == "refused" and "berührt keine Karte" in w.panel["notice"]["title"]
    for junk in [None, {"type": "act", "action": {"game": "metallurgie", "player": 1, "kind": "draw"}},
                 {"type": "act", "action": "draw"}, {"type": "act", "action": lay_msg(w, "Fe", 4, 0)["action"] | {"x": 1}},
                 {"type": "claim", "seat": 1}, {"type": "bot", "version": w.version}]:
        w.receive(junk)
        assert w.panel["notice"] is not None
    assert g.to_json() == before


def test_hot_seat_hides_hands_and_bots_play():
    w = play_metallurgie(players=2, seed=3, lang="en")
    assert w.hot_seat and "hand" not in w.view
    w.receive({"type": "claim", "seat": 0})
    assert len(w.view["hand"]) == 3
    w.receive({"type": "act", "action": {"game": "metallurgie", "player": 0, "kind": "draw", "params": {}}})
    assert "hand" in w.view or w.seat is None
    b = play_metallurgie(players=3, bots=["greedy", "random"], seed=5, lang="en", open_hands=True)
    b.receive({"type": "hint"})
    assert b.hints and b.hints[0]["formula"]
    b.receive({"type": "hint_play", "index": 0})
    while b.game.current_player == 0 and not b.game.is_over:
        b.receive({"type": "hint"})
        b.receive({"type": "hint_play", "index": 0})
        if b.game.current_player == 0 and any(a["kind"] == "finish" for a in b.legal):
            b.receive({"type": "act", "action": {"game": "metallurgie", "player": 0, "kind": "finish", "params": {}}})
    b.bot_turn()
    assert b.game.current_player in (0, 2) or b.game.is_over


def test_a_click_on_a_position_that_cannot_be_taken_says_why():
    # the view sends the move a click stands for (widgets/metallurgie.js, nextMetal); the engine refuses it
    g = chemgames.new_game("metallurgie", players=2, seed=1, lang="en", hands=[["Cu", "Fe", "Fe"]])
    w = MetallurgieWidget(g, seats=["human", "greedy"])
    before = g.to_json()
    w.receive(lay_msg(w, "Cu", 1, 1))  # silver lies on top at (1|1)
    assert w.panel["notice"]["kind"] == "refused"
    assert "Copper (Cu) may only lie on free Iron (Fe); the top card at (1|1) is Silver (Ag)" in w.panel["notice"]["title"]
    assert g.to_json() == before
