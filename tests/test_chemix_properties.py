"""Property tests of ChemiX Classic: what its rule sheet says, checked in over 1,000 random games
of the conformance harness (``tests/conformance.py`` plays them and checks what every game owes the
API: every listed action accepted, forged actions refused, undo, save files …).

Invariants: no card is created or lost; every compound on the table is exactly the layout of one
compound card, and each compound card is in exactly one place; no hand holds more than three
cards; the scores equal what the log records (compounds laid, noble gases given, dead cards) minus
the hands.
"""
from __future__ import annotations

import random
from collections import Counter

from chemix_setup import all_cards

from chemgames.games.chemix.cards import HAND_LIMIT, card_set
from conformance import Conformance, Oracle, Variant

ALL = sorted(card_set().all_ids())


def check_table(game) -> None:
    cs = card_set()
    assert sorted(all_cards(game)) == ALL
    for c in game.view(None)["table"]:
        assert tuple(game.face(i) for i in c["cards"]) == cs.compounds[c["formula"]].layout
    assert HAND_LIMIT == 3 and all(len(h) <= 3 for h in game.s_hands)  # "nie mehr als 3 Karten in der Hand"


def scores_from_log(game) -> list[int]:
    cs = card_set()
    n = game.players
    points, nobles, dead = [0] * n, [1] * n, [0] * n
    turn_start = ([0] * n, [1] * n, [0] * n)
    for e in game.log:
        a, p = e.action, e.player
        if a.kind == "pass" and e.explanation.data["taken_back"]:
            points, nobles, dead = (list(x) for x in turn_start)
        if a.kind == "pass":
            turn_start = (list(points), list(nobles), list(dead))
        if a.kind == "form":
            points[p] += next(c.points for c in cs.compounds.values() if c.layout == tuple(a.get("layout")))
        elif a.kind == "noble":
            nobles[p] -= 1
            nobles[a.get("to")] += 1
            dead[p] += e.explanation.data["dead"]
        elif a.kind == "drop":
            dead[p] += 1
        if a.kind == "confirm":
            dead[p] += e.explanation.data["dead"]
            turn_start = (list(points), list(nobles), list(dead))
    hands = game.view(None)["hand_sizes"]
    return [points[p] + 3 * nobles[p] - hands[p] - dead[p] for p in range(n)]


def choose_step(game, rng: random.Random, bots, steps_this_turn: int):
    legal = game.legal_actions()
    by = {}
    for a in legal:
        by.setdefault(a.kind, []).append(a)
    if rng.random() < 0.15:
        return bots[game.current_player].choose(game)
    if "form" in by and rng.random() < 0.8:
        return rng.choice(by["form"])
    if steps_this_turn > 6 or rng.random() < 0.25:
        for kind in ("confirm", "noble"):
            if kind in by:
                return rng.choice(by[kind])
        if steps_this_turn > 6:
            return None  # stuck with too many cards and no noble gas: take the turn back
    return rng.choice([a for a in legal if a.kind != "pass"] or legal)


def choose(game, rng: random.Random, bots, spec, oracle) -> object:
    action = choose_step(game, rng, bots, oracle.turn_steps)
    if action is None:
        if rng.random() < 0.5:
            game.undo_turn()
        action = next(a for a in game.legal_actions() if a.kind == "pass")
    return action


class ChemixSheet(Oracle):
    def __init__(self, game, rng: random.Random, deep: bool = False) -> None:
        super().__init__(game, rng, deep)
        self.turn_steps = 0

    def before(self, action) -> None:
        self.player = self.game.current_player

    def after(self, action, explanation) -> None:
        game = self.game
        self.turn_steps = self.turn_steps + 1 if game.current_player == self.player else 0
        if self.turn_steps == 0 or self.deep or self.rng.random() < 0.1:
            check_table(game)
            assert game.scores() == scores_from_log(game)
        assert len(game.log) < 5000

    def end(self) -> None:
        game = self.game
        assert game.scores() == scores_from_log(game) and game.legal_actions() == []
        assert Counter(c for c in card_set().compounds) == Counter(
            game.s_display + sum(game.s_won, []) + [c["formula"] for c in game.s_table])


def mid_game_choose(game, rng: random.Random):
    legal = game.legal_actions()
    forms = [a for a in legal if a.kind == "form"]
    return rng.choice(forms or legal)


SPEC = Conformance(
    "chemix", (Variant("random", (2, 4), games=1000, chunks=4, ci_share=0.15),), ChemixSheet, choose=choose,
    forged_share=0.02, undo_share=0.05, replay_share=0.25, deep_seeds=4, mid_game_steps=80,
    mid_game_choose=mid_game_choose)
