"""Property tests of Metallurgie: what its rule sheet says, checked in over a thousand random games
of the conformance harness (``tests/conformance.py`` plays them and checks what every game owes the
API: refused actions change nothing, undo restores the view, save files replay …).

Invariants: no card is created or lost (103 metal cards and the stop card); every stack ascends
(iron, copper, silver, gold from the bottom); the lay-out stays connected; scores equal the points
in the log, and the bonus cards' points are announced at the end.
"""
from __future__ import annotations

import random

from chemgames import Action
from chemgames.games.metallurgie.board import is_connected
from conformance import Conformance, Oracle, Variant

BOT_SHARE = 0.1
ORDER = ["Fe", "Cu", "Ag", "Au"]


def check_board(view: dict) -> None:
    cells = set()
    for stack in view["stacks"]:
        metals = [c["metal"] for c in stack["cards"]]
        assert metals == ORDER[:len(metals)] and metals, metals  # every stack ascends from iron
        cells.add(tuple(stack["pos"]))
    assert is_connected(cells), "the lay-out stays connected"
    visible = sum(a["size"] for a in view["areas"])
    assert visible == len(cells)


def total_cards(view: dict) -> int:
    """Every metal card a spectator can count: board, pile (without the stop card), hands, discard,
    won, the drawn card and the cards being taken."""
    board = sum(len(s["cards"]) for s in view["stacks"])
    taking = len(view["taking"]["cards"]) if view["taking"] else 0
    pile = view["pile"] - (0 if view["is_over"] else 1)
    return (board + pile + sum(view["hand_sizes"]) + view["discard"] + sum(sum(w.values()) for w in view["won"])
            + (view["drawn"] is not None) + taking)


def forged(game, rng: random.Random, legal: list[Action]) -> list[object]:
    p = game.current_player
    a = rng.choice(legal)
    return [
        Action(a.game, p, "lay", (("metal", "Pb"), ("pos", (0, 0)))),
        Action(a.game, p, "lay", (("metal", "Au"), ("pos", (50, 50)))),
        Action(a.game, p, "lay", (("metal", "Fe"), ("pos", (0, "x")))),
        Action(a.game, p, "lay", (("metal", "Fe"),)),
        Action(a.game, p, "take", (("pos", (99, 99)),)),
        Action(a.game, p, "take", (("pos", (1, 2, 3)),)),
        Action(a.game, p, "finish", (("now", True),)),
        Action(a.game, p, "draw"),
        Action(a.game, p, "done"),
        {"kind": "draw"},
        None,
    ]


def chosen_position(rng: random.Random, players: int) -> dict:
    """The bonus variant in 30 % of games; in 20 % a teacher's position: chosen bonus cards and won cards."""
    if rng.random() < 0.2:
        return {"bonus": rng.sample(ORDER, players),
                "won": [[rng.choice(ORDER) for _ in range(rng.randrange(4))] for _ in range(players)]}
    return {"bonus": rng.random() < 0.3}


class MetallurgieSheet(Oracle):
    def __init__(self, game, rng: random.Random, deep: bool = False) -> None:
        super().__init__(game, rng, deep)
        self.counted = 0
        self.points = sum(len(w) for w in game.s_won)  # cards won in a chosen position count from the start

    def after(self, action: Action, explanation) -> None:
        game = self.game
        log = game.log
        self.points += sum(e.explanation.points or 0 for e in log[self.counted:])
        self.counted = len(log)
        assert game.card_count() == 103
        if self.deep or self.rng.random() < 0.1:
            view = game.view(None)
            assert total_cards(view) == 103
            check_board(view)
        if not game.is_over:
            assert sum(game.scores()) == self.points

    def end(self) -> None:
        game = self.game
        assert game.winners()
        check_board(game.view(None))
        # the bonus points are announced in the final log entry (score_delta), once the game is over
        bonus = sum(game.log[-1].explanation.data.get("score_delta", {}).values()) if game.bonus is not None else 0
        assert sum(game.scores()) == self.points + bonus


SPEC = Conformance(
    "metallurgie", (Variant("random", (2, 4), games=1000, chunks=4, options=chosen_position, ci_share=0.1),),
    MetallurgieSheet,
    bot_share=BOT_SHARE, forged=forged, forged_share=0.01, undo_share=0.15, deep_seeds=2, mid_game_steps=80)
