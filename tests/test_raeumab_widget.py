"""The Räum-Ab! widget's Python side and bundle: messages from the browser are checked, bad ones change
nothing, bots and hints work, and every string of the front end is in both catalogs (that the bundle
is one valid module without network imports: ``tests/test_widget_frontend.py``)."""
from __future__ import annotations

import re

import pytest

import chemgames
from chemgames.widgets import RaeumAbWidget, play_raeumab, ui_catalog
from chemgames.widgets.frontend import esm

from raeumab_helpers import free_id


def widget(seats=("human", "human"), **kw):
    g = chemgames.new_game("raeumab", players=len(seats), seed=1, lang="en", fair_start=False,
                           columns=[["R12"], ["B18"], ["Y7"], ["G12"], ["G36"], ["V2"], ["W"]], rest="above", **kw)
    return RaeumAbWidget(g, seats=list(seats))


def pair_msg(w, a, b, player=None):
    p = w.game.current_player if player is None else player
    return {"type": "act", "action": {"game": "raeumab", "player": p, "kind": "pair", "params": {"cards": sorted([a, b])}}}


def test_every_string_of_the_view_is_in_both_catalogs():
    de, en = ui_catalog("de"), ui_catalog("en")
    used = set(re.findall(r"\bt\(\s*[`\"]([\w.]+)[`\"]", esm("raeumab")))
    used |= {f"ra_colour_{s}" for s in "RBGY"}
    assert used <= set(de) and used <= set(en)


def test_a_pair_by_message_is_applied_and_explained():
    w = widget()
    g = w.game
    w.receive(pair_msg(w, free_id(g, "G12"), free_id(g, "G36")))
    assert w.panel["last"]["ok"] and "double pair" in w.panel["last"]["title"]
    assert any(s["math"] and "mathml" in s["math"] for s in w.panel["last"]["steps"])
    assert g.current_player == 0 and w.view["can_undo"]
    w.receive({"type": "undo"})
    assert len(g.log) == 0


@pytest.mark.parametrize("bad", [
    "junk", {"type": "act"}, {"type": "act", "action": {"kind": "pair"}}, {"type": "fly"},
    {"type": "act", "action": {"game": "raeumab", "player": 0, "kind": "pair", "params": {"cards": [0, 0]}}},
    {"type": "act", "action": {"game": "raeumab", "player": 1, "kind": "pair", "params": {"cards": [0, 1]}}},
    {"type": "hint_play", "index": 99}, {"type": "lang", "lang": "fr"}, {"type": "bot"},
])
def test_bad_messages_change_nothing(bad):
    w = widget()
    before = w.game.digest()
    if bad == {"type": "bot"}:
        # a human is to move: no bot may act; a bot timer made moot (by another view, a seat changed)
        # is routine, ignored like a stale message and counted, with no error shown to the class
        ignored = w.stale_ignored
        w.receive({"type": "bot", "version": w.version})
        assert w.game.digest() == before and w.stale_ignored == ignored + 1 and w.panel["notice"] is None
        return
    w.receive(bad)
    assert w.game.digest() == before and w.panel["notice"] is not None


def test_a_covered_card_is_refused_with_the_reason():
    w = widget()
    g = w.game
    covered = g.table()["columns"][0][0]
    w.receive(pair_msg(w, covered, free_id(g, "B18")))
    assert w.panel["notice"]["kind"] == "refused" and "is not free" in w.panel["notice"]["title"]


def test_hints_list_every_pair_and_take_one():
    w = widget()
    w.receive({"type": "hint"})
    assert len(w.hints) == len(w.game.hints()) and w.hints[0]["kind"] == "double"
    w.receive({"type": "hint_play", "index": 0})
    assert len(w.game.log) == 1 and w.game.log[0].explanation.rule == "ra.double_pair"


def test_a_swap_hint_shows_the_swap_and_plays_swap_then_pair():
    g = chemgames.new_game("raeumab", players=2, seed=1, lang="en", fair_start=False, rest="aside",
                           columns=[["W"], ["R9"], ["B25"], ["Y7"], ["Y3"]], piles=[["G64", "R81"], []])
    w = RaeumAbWidget(g, seats=["human", "human"])
    w.receive({"type": "hint"})
    first = w.hints[0]
    r81 = next(i for i in g.wish_reach(0) if g.cards[i].code == "R81")
    assert first["kind"] == "double" and first["swap"] == [free_id(g, "W"), r81] and r81 in first["cards"]
    assert all(h["swap"] is None for h in w.hints if "R81" not in h["codes"])
    w.receive({"type": "hint_play", "index": 0})
    assert [e.action.kind for e in g.log] == ["wish", "pair"] and g.log[1].explanation.rule == "ra.double_pair"


def test_bots_play_their_turns():
    w = play_raeumab(players=3, bots=["greedy", "random"], seed=2, lang="de")
    for _ in range(200):
        if w.game.is_over:
            break
        if w.game.current_player == 0:
            w.apply(w.game.hints()[0].actions[0])
        else:
            w.receive({"type": "bot", "version": w.version})
    assert w.game.is_over and w.view["is_over"] and sum(w.game.scores()) > 0


def test_language_switch_and_practice_mode():
    w = play_raeumab(players=1, seed=3, lang="en")
    w.receive({"type": "lang", "lang": "de"})
    assert w.game.lang == "de" and w.ui["ra_free"] == "frei"
    assert w.view["current_player"] == 0 and w.legal


def test_browser_cannot_write_state():
    w = widget()
    before = w.game.digest()
    w.set_state({"view": {}, "legal": []})
    assert w.game.digest() == before and w.view["columns"]


def test_the_machine_can_play_the_fair_start_for_everyone():
    # "Um eine faire Ausgangslage herzustellen, werden abwechselnd alle doppelt passenden Paare
    # entfernt. Wenn ein Spieler kein doppelt passendes Paar mehr findet, dann nimmt er ein
    # einfach-passendes Paar und der nächste Spieler beginnt das Spiel": one click does it all
    w = play_raeumab(players=3, bots=["greedy", "random"], seed=5, lang="de")
    g = w.game
    assert g.phase == "start" and g.current_player == 0
    cards = g.card_count() if hasattr(g, "card_count") else None
    w.receive({"type": "fair_start", "version": w.version})
    assert g.phase == "play", w.panel["notice"]
    assert w.panel["notice"]["title"].startswith("Der faire Start ist ausgeführt")
    # what the sheet asks: no double pair taken into a pile, the closing simple pair on its taker's
    # pile, and the next player begins
    closing = next(e for e in reversed(g.log))
    assert sum(g.scores()) == 2 and g.scores()[closing.player] == 2
    assert g.current_player == (closing.player + 1) % 3
    assert [e.player for e in g.log] == [i % 3 for i in range(len(g.log))]  # in turns
    if cards is not None:
        assert g.card_count() == cards
    # once played, again is refused and changes nothing
    n = len(g.log)
    w.receive({"type": "fair_start", "version": w.version})
    assert len(g.log) == n and w.panel["notice"]["kind"] == "error"


def test_the_fair_start_button_is_refused_in_hot_seat():
    w = play_raeumab(players=2, bots=None, seed=5, lang="en")
    w.receive({"type": "fair_start", "version": w.version})
    assert w.game.phase == "start" and not w.game.log
    assert "only with one person" in w.panel["notice"]["title"]
