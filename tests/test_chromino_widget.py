"""The Chromino widget's Python side: moves and bad messages from the browser, hidden hands, bots."""
from __future__ import annotations

import json

from typing import Any

import pytest

from chemgames.widgets import ChrominoWidget, play_chromino, ui_catalog


def widget(**kw: Any) -> ChrominoWidget:
    kw.setdefault("bots", ["greedy"])
    return play_chromino(players=2, seed=3, lang="en", **kw)


def test_a_legal_place_from_the_browser_is_applied() -> None:
    w = widget()
    action = w.legal[0]
    before = len(w.view["layout"])
    w.receive({"type": "act", "action": action})
    if action["kind"] == "place":
        assert len(w.view["layout"]) == before + 1
    assert w.panel["last"]["ok"]


@pytest.mark.parametrize("msg, key", [
    ({"type": "act", "action": {"game": "chromino", "player": 0, "kind": "place",
                                "params": {"tile": 0, "x": 0, "y": 0, "rot": 0}}}, "refused"),
    ({"type": "act", "action": {"game": "chromino", "player": 1, "kind": "draw", "params": {}}}, "err.forged"),
    ({"type": "act", "action": "place"}, "err.malformed"),
    ({"type": "act", "action": {"game": "chromino", "player": 0, "kind": "place", "params": {"tile": [1]}}}, "refused"),
    ({"type": "teleport"}, "err.malformed"),
    ({"type": "hint_play", "index": 99}, "err.malformed"),
    ("junk", "err.malformed"),
    ({"type": "act", "action": {"x": "y" * 5000}}, "err.malformed"),
])
def test_bad_messages_change_nothing(msg: Any, key: str) -> None:
    w = widget()
    before = w.game.digest()
    w.receive(msg)
    notice = w.panel["notice"]
    assert notice is not None and (notice["rule"] == key or notice["kind"] == key)
    assert notice["title"]
    assert w.game.digest() == before


def test_refusal_explains_the_overlap_in_german() -> None:
    w = play_chromino(players=2, seed=3, lang="de", bots=["random"])
    tile = w.view["hand"][0]["id"]
    w.receive({"type": "act", "action": {"game": "chromino", "player": 0, "kind": "place",
                                         "params": {"tile": tile, "x": -1, "y": 0, "rot": 0}}})
    assert "überlappen nie" in w.panel["notice"]["title"]


def test_hidden_hands_and_open_hands() -> None:
    w = widget()
    assert "hand" in w.view and w.view["open_tiles"] == {}
    assert w.hands == []
    o = widget(open_hands=True)
    assert set(o.view["open_tiles"]) == {"1"}


def test_bot_plays_through_the_api_and_hints_lay_a_tile() -> None:
    w = play_chromino(players=2, seed=4, lang="en", bots=["greedy"], draw="until_fit")
    while w.game.current_player == 0:
        w.receive({"type": "hint"})
        if w.hints:
            w.receive({"type": "hint_play", "index": 0})
        else:
            w.receive({"type": "act", "action": w.legal[0]})
    assert w.game.current_player == 1
    w.bot_turn()
    assert w.game.current_player in (0, None)


def test_ui_catalogs_match() -> None:
    de, en = ui_catalog("de"), ui_catalog("en")
    assert {k for k in de if "chr" in k} == {k for k in en if "chr" in k}
    assert len([k for k in en if k.startswith("chr.")]) > 20


def test_a_drawn_tile_stays_secret_in_hot_seat() -> None:
    # "Jeder Spieler erhält ... Steine, die er vor den anderen verbirgt": the others read that a
    # tile was drawn and that the turn passed, never which tile
    from chemgames.games.chromino.rules import tile_text
    from chemgames.games.chromino.tiles import by_colours
    import chemgames
    stuck = [by_colours((3, 3, 3)).id, by_colours((4, 4, 4)).id]
    for seed in range(40):
        g = chemgames.new_game("chromino", players=2, seed=seed, lang="en", start=by_colours((0, 1, 2)).id,
                               hands=[stuck], hand_size=2)
        w = ChrominoWidget(g, seats=["human", "human"])
        w.receive({"type": "claim", "seat": 0})
        w.receive({"type": "act", "action": w.legal[0]})
        if g.current_player == 1:  # the drawn tile did not fit: the turn passed
            secret = tile_text(g.s_hands[0][-1]).render("en")
            assert secret in " ".join(g.log[-1].explanation.lines)  # the drawer's own entry names it
            for claimed in (None, 1):
                if claimed is not None:
                    w.receive({"type": "claim", "seat": claimed})
                last = w.panel["last"]
                assert last is not None and last["title"].startswith("Draws a tile"), last
                assert w.panel["last_player"] == 0
                assert secret not in json.dumps([w.panel, w.view["log"]], ensure_ascii=False)
                assert [e["player"] for e in w.view["log"]][-1] == 0  # the draw is in the move list
            return
    raise AssertionError("no seed where the drawn tile did not fit")


def test_a_bots_draw_is_in_the_move_list_and_credited_to_the_bot() -> None:
    # the bot (seat 1, it begins) cannot place, draws and passes: the student (seat 2) reads
    # "Player 1 draws a tile", and her own next move is credited to her
    from chemgames.games.chromino.rules import tile_text
    from chemgames.games.chromino.tiles import by_colours
    import chemgames
    stuck = [by_colours((3, 3, 3)).id, by_colours((4, 4, 4)).id]
    for seed in range(60):
        g = chemgames.new_game("chromino", players=2, seed=seed, lang="en", start=by_colours((0, 1, 2)).id,
                               hands=[stuck], hand_size=2)
        w = ChrominoWidget(g, seats=["greedy", "human"])
        w.receive({"type": "bot", "version": w.version})
        if g.current_player != 1 or g.log[-1].action.kind != "draw":
            continue
        secret = tile_text(g.s_hands[0][-1]).render("en")
        assert w.panel["last_player"] == 0 and w.panel["last"]["title"].startswith("Draws a tile")
        assert w.view["log"][-1]["player"] == 0
        assert secret not in json.dumps([w.panel, w.view], ensure_ascii=False)
        w.receive({"type": "act", "action": w.legal[0], "version": w.version})
        assert g.log[-1].player == 1 and w.panel["last_player"] == 1
        assert w.view["log"][-1]["player"] == 1
        return
    raise AssertionError("no seed where the bot drew and passed")
