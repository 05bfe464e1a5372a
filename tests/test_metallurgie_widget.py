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


def test_the_tip_end_the_turn_alone_is_played_not_prepared():
    """s21f, a whole game against the bot: with nothing left to take, the only tip was "Zug beenden" with a
    button "Vorbereiten", and a click on it did nothing (the end of the turn is the move the player confirms
    herself, so it was held back, and nothing stood before it to prepare). Such a tip is played."""
    row = [[q, 0, "Fe"] for q in range(8)] + [[-1, 0, "Fe", "Cu"]]  # the ninth iron makes an area of 9
    g = chemgames.new_game("metallurgie", players=2, seed=3, lang="de", layout=row, hands=[["Fe", "Fe", "Cu"]])
    w = MetallurgieWidget(g, seats=["human", "greedy"], bot_delay=60000)
    w.receive(lay_msg(w, "Fe", 8, 0))
    w.receive({"type": "act", "action": {"game": "metallurgie", "player": 0, "kind": "done", "params": {}}})
    w.receive({"type": "hint"})
    # the takes and then the end of the turn: the takes are made, the end is left to the player
    first = next(i for i, x in enumerate(w.hints) if [s["kind"] for s in x["steps"]][:1] == ["take"])
    assert not w.hints[first]["plays"] or "finish" not in [s["kind"] for s in w.hints[first]["steps"]]
    w.receive({"type": "hint_play", "index": first})
    assert g.current_player == 0 and g.view()["phase"] == "score" and g.won_counts(0)["Fe"] == 1
    w.receive({"type": "hint"})
    assert [[s["kind"] for s in x["steps"]] for x in w.hints] == [["finish"]]
    assert w.hints[0]["plays"]  # the button says "Spielen", not "Vorbereiten"
    w.receive({"type": "hint_play", "index": 0})
    assert g.current_player == 1 and g.log[-1].action.kind == "finish"
