"""ChemiX Classic: the score a student reads in the middle of a turn is the sheet's account (s22e).

Seen in s21g's walk: laying two hand cards on the free area, with nothing formed, raised the seat
bar from "0 Punkte" to "2 Punkte". The engine's ``scores()`` counts a hand card −1 and a card on the
free area not at all; the sheet counts nothing on the free area at the end of a turn: "Alle auf der
freien Fläche verbleibenden Elemente und Multiplikator-Karten, die keiner vollständigen Verbindung
angehören, müssen auf die Hand genommen werden" (step 4), a dead one "als Minuspunkte vor sich
ablegen" (step 3), and the "Auswertung" counts "Jede Handkarte und jede tote Karte … 1 Punkt minus".
So a card that ends the turn unused costs its −1 wherever it lies now. The view gives the mover's
score as the sheet counts it now (``score_now``) with the cards still uncounted; ``scores()``, which
bots and hints read at the ends of turns, is unchanged.

The expected numbers are the sheet's account worked out here from the view (the cards' printed
points, 3 per noble gas, −1 per hand and dead card), not the engine's ``scores()``.
"""
from __future__ import annotations

from typing import Any

import chemgames
from chemgames.core.action import Action
from chemgames.games.chemix.cards import card_set


def sheet_account(v: dict[str, Any], p: int, extra_hand: int = 0) -> int:
    """The sheet's "Auswertung" for player ``p`` from a view: the points printed on the compound cards
    the player laid (on the table or taken back), 3 per noble gas, −1 per hand card and dead card."""
    points = card_set().compounds
    laid = [c["formula"] for c in v["table"] if c["owner"] == p] + list(v["won"][p])
    return (sum(points[f].points for f in laid) + 3 * len(v["nobles"][p])
            - (v["hand_sizes"][p] + extra_hand) - len(v["dead"][p]))


def act(g: Any, kind: str, **params: Any) -> None:
    g.apply(Action("chemix", g.current_player, kind, tuple(params.items())))


def test_cards_put_on_the_free_area_do_not_raise_the_score_a_student_reads() -> None:
    g = chemgames.new_game("chemix", players=2, seed=0, lang="de")  # player 1: C, Ca, O in the hand
    start = sheet_account(g.view(0), 0)
    assert g.view(0)["score_now"] is None  # nothing on the free area: the bar shows scores()
    act(g, "play", card="C.1")
    act(g, "play", card="Ca.1")
    v = g.view(0)
    assert g.scores()[0] == start + 2  # what the bar said before: the two cards out of the hand
    assert v["score_now"] == {"player": 0, "points": start, "cards": ["C", "Ca"]}
    # the same number once the turn ends with them unused (they come back to the hand)
    after = g.copy()
    act(after, "confirm", refill=False)
    assert sheet_account(after.view(0), 0) == v["score_now"]["points"]
    # the others' view says the same (a hot-seat neighbour, the projector)
    assert g.view(1)["score_now"] == v["score_now"] and g.view(None)["score_now"] == v["score_now"]


def test_a_formed_compound_counts_at_once_and_a_taken_multiplier_costs_until_it_is_used() -> None:
    g = chemgames.new_game("chemix", players=2, seed=0, lang="de")
    start = sheet_account(g.view(0), 0)
    act(g, "take", multiplier="3")
    assert g.view(0)["score_now"] == {"player": 0, "points": start - 1, "cards": ["3"]}
    for card in ("C.1", "Ca.1", "O.3"):
        act(g, "play", card=card)
    act(g, "form", layout=tuple(card_set().compounds["CaCO3"].layout))
    v = g.view(0)
    assert v["score_now"] is None and v["free"] == []
    assert g.scores()[0] == sheet_account(v, 0) == start + card_set().compounds["CaCO3"].points + 3


def test_dissolving_anothers_compound_leaves_its_points_with_the_owner_and_its_cards_cost_the_mover() -> None:
    g = chemgames.new_game("chemix", players=2, seed=0, lang="de", table=[["H2O", 1]])
    v0 = g.view(0)
    mover, owner = sheet_account(v0, 0), sheet_account(v0, 1)
    act(g, "dissolve", compound="H2O")
    v = g.view(0)
    # three free cards: six in the hand would overflow, so the turn cannot end like this; read now,
    # each of them still costs what a hand card costs, and the owner keeps the card's points (step 5)
    assert v["score_now"] == {"player": 0, "points": sheet_account(v, 0, extra_hand=3), "cards": ["H", "2", "O"]}
    assert v["score_now"]["points"] == mover - 3
    assert g.scores()[1] == owner


def test_the_teachers_table_list_shows_the_same_score_as_the_bar() -> None:
    """The class tables' list (the teacher's dashboard, often on the projector) read ``scores()`` too."""
    from chemgames.server.authority import Authority

    g = chemgames.new_game("chemix", players=2, seed=0, lang="de")
    start = sheet_account(g.view(0), 0)
    act(g, "play", card="C.1")
    act(g, "play", card="Ca.1")
    assert Authority.scoreboard(g)["scores"][0] == g.view(0)["score_now"]["points"] == start
    other = chemgames.new_game("chromino", players=2, seed=1, lang="de")  # a game without a free area: scores()
    assert Authority.scoreboard(other)["scores"] == other.scores()
