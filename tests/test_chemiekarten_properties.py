"""Property tests of Das Chemie-Kartenspiel: what its rule sheet says, checked in thousands of
random games of the conformance harness (``tests/conformance.py`` plays them and checks what every
game owes the API: forged actions refused and changing nothing, every listed action accepted, undo,
save files that replay to the same views and legal actions …).

Invariants: no card is created or lost; scores equal the sum over the log; the winners have the
best score.
"""
from __future__ import annotations

import random

from chemgames import Action
from conformance import Conformance, Oracle, Variant

BOT_SHARE = 0.1


def total_cards(view: dict) -> int:
    table = 0
    for c in view["table"]:
        table += len(c["cards"]) + (c["protect"] is not None)
        for combo in c["combinations"]:
            table += len(combo["cards"]) + len(combo["proto"])
    return sum(view["pile"]) + sum(view["hand_sizes"]) + table


def add_scores(scores: list[int], entries) -> None:
    """Add the score changes that ``entries`` of the log record."""
    for entry in entries:
        for player, delta in entry.explanation.data.get("score_delta", {}).items():
            scores[int(player)] += delta


def forged(game, rng: random.Random, legal: list[Action]) -> list[object]:
    """Moves of this game that must be refused: unknown cards and targets, junk values (the harness adds
    another player's move, another game's, an unknown kind)."""
    p = game.current_player
    a = rng.choice(legal)
    return [
        Action(a.game, p, "select", (("card", "Xx"),)),
        Action(a.game, p, "select", (("card", 7),)),
        Action(a.game, p, "attack", (("target", 10_000),)),
        Action(a.game, p, "combine", (("formula", "H2O"), ("proto", 9))),
        Action(a.game, p, "charge", (("element", "O"), ("charge", 5))),
        {"kind": "confirm"},
        None,
    ]


def choose(game, rng: random.Random, bots, spec, oracle) -> Action:
    """Mostly uniform atomic actions (cheap, and they reach odd corners); bots now and then lay
    whole compounds, and a legal confirm is often taken, so hands do not grow without end.

    A bot that has begun a compound plays it to the end (the harness asks the bot, ``has_plan``,
    before this chooser): its hint search (the dearest part of a random game, hands grow large) then
    lays a compound each time instead of being cut off by the next random action and searched
    again. Over the same ten family games this took half the time and laid more compounds (161
    confirmed against 91) with more attacks (18 against 6)."""
    legal = game.legal_actions()
    confirm = [a for a in legal if a.kind == "confirm"]
    if rng.random() < spec.bot_share:
        return bots[game.current_player].choose(game)
    if confirm and rng.random() < 0.5:
        return confirm[0]
    return rng.choice(legal)


class ChemieKartenSheet(Oracle):
    def __init__(self, game, rng: random.Random, deep: bool = False) -> None:
        super().__init__(game, rng, deep)
        self.total = total_cards(game.view(None))
        self.scores = [0] * game.players
        self.counted = 0

    def after(self, action: Action, explanation) -> None:
        game = self.game
        log = game.log
        assert len(log) == self.counted + 1
        add_scores(self.scores, log[self.counted:])
        self.counted = len(log)
        if log[-1].public or self.rng.random() < 0.1:
            # cards move between hands, piles and table only in public actions (a laid compound, an
            # attack, the draw); choosing cards for the stage is private and moves none
            assert total_cards(game.position(None)) == self.total  # the cards, without the log's words
            assert game.scores() == self.scores

    def end(self) -> None:
        game = self.game
        assert game.winners() and all(game.scores()[w] == max(game.scores()) for w in game.winners())


SPEC = Conformance(
    "chemiekarten",
    (Variant("family", (2, 6), games=1000, chunks=4, options=lambda rng, players: {"mode": "family"}, ci_share=0.2),
     Variant("competitive", (2, 4), games=400, chunks=2, options=lambda rng, players: {"mode": "competitive"},
             ci_share=0.2)),
    ChemieKartenSheet, choose=choose, bot_share=BOT_SHARE, forged=forged, forged_share=0.02, undo_share=0.2,
    replay_share=1.0, step_limit=20_000, deep_seeds=8, deep_players=lambda seed: 2 + seed % 5, mid_game_steps=60)
