"""The Chemuno widget from Python: hidden hands, junk and forged messages, hints, undo, language."""
from __future__ import annotations

import json
import random

import chemgames
from chemgames.widgets import ChemunoWidget

JUNK = [None, True, 0, -1, 2**70, 1.5, "", "Ne", "H2O", "<script>", "é" * 300, [], {}, {"card": "H2O"}, [[[]]]]


def widget(seats=("human", "greedy"), **kw):
    g = chemgames.new_game("chemuno", players=len(seats), seed=5, lang="en", starter=0,
                           hands=[["H2SO4", "NaCl", "Ne", "CO2"], ["SO2", "Fe.1", "CaO", "N2"]][:len(seats)])
    return ChemunoWidget(g, seats=list(seats), **kw)


def send(w, msg):
    w.receive(msg)
    return w.panel.get("notice")


def test_only_the_viewers_hand_reaches_the_browser():
    w = widget()
    blob = json.dumps({k: getattr(w, k) for k in ("view", "hands", "legal", "hints", "panel")})
    assert "H2SO4" in blob and not any(f'"{c}"' in blob for c in ("SO2", "Fe.1", "CaO", "N2"))
    hot = widget(seats=("human", "human"))
    assert "hand" not in hot.view and hot.legal == []
    assert send(hot, {"type": "act", "action": {"game": "chemuno", "player": 0, "kind": "play",
                                                 "params": {"card": "H2SO4"}}})["kind"] == "error"
    send(hot, {"type": "claim", "seat": 0})
    assert hot.view["hand"] and hot.legal


def test_junk_and_forged_messages_change_nothing():
    w = widget()
    before = w.game.to_json()
    rng = random.Random(3)
    for _ in range(400):
        msg = {"type": rng.choice(["act", "claim", "hint_play", "lang", "bot", "undo", "zz", None]),
               rng.choice(["action", "seat", "index", "lang", "version"]): rng.choice(JUNK)}
        if rng.random() < 0.5:
            msg = {"type": "act", "action": {"game": rng.choice(["chemuno", "chemix"]), "player": rng.choice([0, 1, "0"]),
                                             "kind": rng.choice(["play", "draw", "call", "keep", "pass", "x"]),
                                             "params": {"card": rng.choice(["SO2", "Ne", "Xx", 3, "CO2x"])}}}
        w.receive(msg)
        assert w.game.to_json() == before
    assert w.panel["notice"]["kind"] in ("error", "refused") or w.panel["notice"]["rule"] == "ui.stale"


def test_a_hint_is_played_and_undo_of_a_call_works():
    w = widget()
    send(w, {"type": "hint"})
    assert w.hints and w.hints[0]["card"]
    send(w, {"type": "hint_play", "index": 0})
    assert w.game.top is not None and w.game.current_player == 1
    w.bot_turn()
    assert w.game.current_player == 0
    w.game.s_hands[0] = w.game.s_hands[0][:2]  # two cards left: the call becomes possible
    w.game._legal_cache = None
    w.refresh()
    if any(a["kind"] == "call" for a in w.legal):
        send(w, {"type": "act", "action": {"game": "chemuno", "player": 0, "kind": "call", "params": {}}})
        assert w.view["called"] and w.view["can_undo"]
        send(w, {"type": "undo"})
        assert not w.view["called"]


def test_language_switch_and_repr():
    w = widget()
    send(w, {"type": "lang", "lang": "de"})
    assert w.ui["cu_call"] == "Cheeeee…!" and w.ui["cu_draw"] == "Karte aufnehmen" and w.game.lang == "de"
    assert "0x" not in repr(w)


def test_hints_say_what_fits_and_why_and_play_the_whole_move():
    """Issue 18: hints titled for Chemuno, each saying why the card fits (computed from the cards),
    the button named "Spielen/Play" because it plays the whole move (call and wish included), and
    two cards that look the same (H, H) one hint, so no two hint buttons share a name."""
    g = chemgames.new_game("chemuno", players=2, seed=5, lang="de", starter=1,
                           hands=[["H2O", "H.1", "H.2", "x2.1", "Ne", "NaCl"], ["H2SO4", "N2", "CO"]])
    w = ChemunoWidget(g, seats=["human", "human"], open_hands=True)
    g.apply(chemgames.Action("chemuno", 1, "play", (("card", "H2SO4"),)))
    w.refresh()
    send(w, {"type": "hint"})
    shown = [(x["formula"], x["why"], x["plays"]) for x in w.hints]
    assert shown == [
        ("×2", "hat ×2 mit H₂SO₄ gemeinsam; die nächste Person nimmt 2 Karten auf, außer sie legt ×2", True),
        ("H", "hat H mit H₂SO₄ gemeinsam", True),
        ("H₂O", "hat H, O, ×2 mit H₂SO₄ gemeinsam", True),
        ("Ne → H", "ein Edelgas passt auf jede Karte; es wünscht H, das 3 deiner übrigen Karten enthalten", True)]
    assert len({f"{x['formula']}: {x['why']}" for x in w.hints}) == len(w.hints)
    assert w.ui["cu_hints_title"].startswith("Tipps: Karten, die passen, und warum")
    send(w, {"type": "hint_play", "index": 3})  # the noble gas with its wish, in one click
    assert g.top == "Ne" and g.view()["wish"] == "H" and g.current_player == 1


def test_after_the_bots_turn_the_student_reads_what_changed_for_them():
    """Issue 18 "see what changed": a bot lays ×2 as its second-to-last card; the student's view
    marks the new top card and says in sentences what it means: two cards to draw unless answered
    with ×2, and that the bot holds one card. After the student's own move the news is gone."""
    g = chemgames.new_game("chemuno", players=2, seed=5, lang="de", starter=0,
                           hands=[["H2O", "NaCl", "CO", "Fe.1"], ["H2SO4", "x2.1"]], draw_top=["N2", "Cl2"])
    w = ChemunoWidget(g, seats=["human", "greedy"])
    assert w.view["news"] == [] and not w.view["top_new"]
    send(w, {"type": "act", "action": {"game": "chemuno", "player": 0, "kind": "play", "params": {"card": "H2O"}}})
    assert w.view["news"] == []  # the bot's turn: nothing new for the student yet
    while g.current_player == 1:
        w.bot_turn()
    assert g.top == "x2.1" and w.view["top_new"]
    assert w.view["news"] == [
        "Spieler 2 hat ×2 gelegt: Du musst 2 Karten aufnehmen, außer du legst auch ×2 (dann nimmt die nächste Person 4).",
        "Spieler 2 hat nur noch eine Karte: „…miX!“ ist nah."]
    send(w, {"type": "act", "action": {"game": "chemuno", "player": 0, "kind": "draw", "params": {}}})
    assert w.view["news"] == [] and not w.view["top_new"]
    assert sorted(g.s_hands[0]) == ["CO", "Cl2", "Fe.1", "N2", "NaCl"]
