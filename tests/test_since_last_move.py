""""See what changed" (issue 18): when it is the student's turn again, the widget says what the others
did since her own last move (each move as she may read it) and every score that changed.

The expectation is rebuilt from the game's log and scores as the test recorded them at the
student's last move, not from the widget's own bookkeeping."""
from __future__ import annotations

import pytest

import chemgames
from chemgames.bots import GreedyBot, play_turn
from chemgames.widgets import (ChemieKartenWidget, ChemiXWidget, ChemunoWidget, ChrominoWidget, MetallurgieWidget,
                               RaeumAbWidget)

WIDGETS = {"chemiekarten": ChemieKartenWidget, "chemix": ChemiXWidget, "chemuno": ChemunoWidget,
           "chromino": ChrominoWidget, "metallurgie": MetallurgieWidget, "raeumab": RaeumAbWidget}


@pytest.mark.parametrize("game", sorted(WIDGETS))
def test_since_your_last_move_names_the_others_moves_and_score_changes(game):
    g = chemgames.new_game(game, players=3, seed=21, lang="de")
    w = WIDGETS[game](g, seats=["human", "greedy", "random"], autosave=False)
    me = GreedyBot(5)
    # what the box counts: the scores, but in Chemuno, whose sheet knows no points, the cards in hand
    # (what its seat bar shows; see the test below)
    counts = (lambda: g.view(0)["hand_sizes"]) if game == "chemuno" else g.scores
    mark: tuple[int, list] | None = None
    checked = 0
    for _ in range(400):
        if g.is_over or checked >= 4:
            break
        if g.current_player != 0:
            assert w.panel["since"] is None  # only on the student's own turn
            w.receive({"type": "bot", "version": w.version})
            continue
        since = w.panel["since"]
        if mark is not None:
            start, before = mark
            expected = [e for e in g.log[start:] if e.player != 0 and e.public]
            if not expected:
                assert since is None
            else:
                assert [m["player"] for m in since["moves"]] == [e.player for e in expected][-12:]
                assert [m["title"] for m in since["moves"]][-1] == g.for_others(expected[-1]).in_lang("de").title
                now = counts()
                assert since["counts"] == ("cards" if game == "chemuno" else "points")
                assert {c["player"]: (c["before"], c["after"]) for c in since["scores"]} == \
                    {p: (before[p], now[p]) for p in range(3) if now[p] != before[p]}
                checked += 1
        play_turn(g, me)  # the student's move, made from Python: the widget follows (issue 15)
        if not g.is_over and g.log[-1].player == 0:
            mark = (len(g.log), list(counts()))
            assert w.panel["since"] is None  # right after her own move there is nothing new
    assert checked >= 1, "the bots never moved between two of the student's turns"


def test_a_drawn_card_is_not_named_in_the_summary():
    # Chemuno: "Alle erhalten je 7 Karten verdeckt auf die Hand": a bot's draw and keep are said,
    # the card is not
    for seed in range(30):
        g = chemgames.new_game("chemuno", players=2, seed=seed, lang="en")
        w = ChemunoWidget(g, seats=["human", "greedy"], autosave=False)
        me = GreedyBot(1)
        for _ in range(60):
            if g.is_over:
                break
            if g.current_player == 0:
                since = w.panel["since"] or {"moves": []}
                kept = [e for e in g.log if e.player == 1 and e.action.kind == "keep"]
                if kept and any(m["kind"] == "keep" for m in since["moves"]):
                    secret = kept[-1].explanation.title
                    assert all(m["title"] != secret for m in since["moves"])
                    return
                play_turn(g, me)
            else:
                w.receive({"type": "bot", "version": w.version})
    pytest.skip("no bot kept a drawn card in these deals")


def test_chemuno_counts_the_cards_in_hand_as_its_seat_bar_does():
    """Chemuno's sheet knows no points ("Wer seine letzte Karte ablegt … hat gewonnen"): the seat bar
    shows each player's cards in hand, and so does the box; a running score ("Punktestand −7 → −10")
    was shown there and nowhere else. Each change is checked against the hand sizes of the view the
    seat bar is drawn from, recorded by the test at the student's last move."""
    seen = 0
    for seed in range(6):
        g = chemgames.new_game("chemuno", players=3, seed=seed, lang="de")
        w = ChemunoWidget(g, seats=["human", "greedy", "random"], autosave=False)
        me, sizes = GreedyBot(5), None
        for _ in range(120):
            if g.is_over:
                break
            if g.current_player != 0:
                w.receive({"type": "bot", "version": w.version})
                continue
            since = w.panel["since"]
            now = w.view["hand_sizes"]  # what the seat bar shows
            if since and sizes is not None:
                assert since["counts"] == "cards", since
                assert {c["player"]: (c["before"], c["after"]) for c in since["scores"]} == \
                    {p: (sizes[p], now[p]) for p in range(3) if now[p] != sizes[p]}, (since, sizes, now)
                seen += bool(since["scores"])
            play_turn(g, me)
            if not g.is_over and g.log[-1].player == 0:
                sizes = list(g.view(0)["hand_sizes"])
    assert seen >= 3, seen
