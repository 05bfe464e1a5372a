"""Each bot's reason stays beside its seat (issue 26: in a game of three the next player's move
replaced the one box that held the bot's reason)."""
from __future__ import annotations

from chemgames.widgets.chemiekarten import play


def test_every_bot_seat_keeps_its_last_reason():
    w = play(players=3, bots=["search:easy", "search:easy"], seed=3, lang="de")
    g = w.game
    assert g.current_player == 1
    w.receive({"type": "bot", "version": w.version})  # seat 2 moves
    first = w.panel["last"]["bot"]["title"]
    w.receive({"type": "bot", "version": w.version})  # seat 3 moves: its reason goes under the last move
    assert w.panel["last_player"] == 2 and "bot" in w.panel["last"]
    notes = {n["seat"]: n["note"]["title"] for n in w.panel["bot_notes"]}
    assert notes == {1: first}  # seat 2's reason is still there, beside its seat
    w.receive({"type": "act", "action": {"game": g.id, "player": 0, "kind": "skip", "params": {}}, "version": w.version})
    notes = {n["seat"]: n["note"]["title"] for n in w.panel["bot_notes"]}
    assert set(notes) == {1, 2} and notes[1] == first  # after a person's move both bots' reasons remain


def test_a_bot_seat_given_to_another_bot_keeps_its_last_reason():
    w = play(players=3, bots=["search:easy", "greedy"], seed=3, lang="de")
    w.receive({"type": "bot", "version": w.version})
    w.receive({"type": "bot", "version": w.version})
    assert [n["seat"] for n in w.panel.get("bot_notes", [])] == [1]
    w.receive({"type": "seat_kind", "seat": 1, "kind": "greedy", "version": w.version})
    assert [n["seat"] for n in w.panel.get("bot_notes", [])] == [1]  # a bot's seat keeps its last reason
