"""Property tests of Chromino: what its rule sheet says, checked in over 1,000 random games of the
conformance harness (``tests/conformance.py`` plays them and checks what every game owes the API:
forged actions refused and changing nothing, undo, save files …).

Invariants: no tile is created or lost (bag + hands + lay-out = 75, each tile once); every laid
tile was legal when laid, checked by an independent re-implementation of the placement rule on the
view's lay-out; the lay-out never overlaps; scores equal the log; the round rule ends the game.
"""
from __future__ import annotations

import pickle
import random

from chemgames import Action
from chemgames.games.chromino.tiles import TILES
from conformance import Conformance, Oracle, Variant

DRAWS = ("one", "until_fit", "limit")
MODES = ("out", "tiles", "contacts", "specialists")


def grid(laid: list[tuple[int, int, int, int]]) -> dict[tuple[int, int], int]:
    """The squares of the laid tiles ``(tile, x, y, rot)``, asserting that no two tiles share a cell."""
    cells: dict[tuple[int, int], int] = {}
    for tile, x, y, rot in laid:
        dx, dy = ((1, 0), (0, 1))[rot % 2]
        colours = TILES[tile].colours[::-1] if rot >= 2 else TILES[tile].colours
        for k, colour in enumerate(colours):
            cell = (x + k * dx, y + k * dy)
            assert cell not in cells, f"overlap at {cell}"
            cells[cell] = colour
    return cells


def independently_legal(cells: dict[tuple[int, int], int], colours: list[int], x: int, y: int, rot: int) -> bool:
    dx, dy = ((1, 0), (0, 1))[rot % 2]
    own = [(x + k * dx, y + k * dy) for k in range(3)]
    if any(c in cells for c in own):
        return False
    sides = 0  # "mindestens an zwei identischen Farbseiten": touching sides, a corner square counts twice
    for (cx, cy), colour in zip(own, colours):
        near = [cells[n] for n in ((cx - 1, cy), (cx + 1, cy), (cx, cy - 1), (cx, cy + 1)) if n in cells]
        if any(c != colour for c in near):
            return False
        sides += len(near)
    return sides >= 2


def tiles_everywhere(game) -> list[int]:
    """Every tile's number wherever it is (seen from inside: the test may look into the bag)."""
    return sorted(game.s_bag + [t for h in game.s_hands for t in h] + [k.tile for k in game.layout.laid])


def forged(game, rng: random.Random, legal: list[Action]) -> list[object]:
    p = game.current_player
    other = (p + 1) % game.players
    hand = [t["id"] for t in game.view(p)["hand"]]
    not_mine = next(t for t in range(75) if t not in hand)
    return [
        Action("chromino", other, "draw", ()) if game.players > 1 else Action("chromino", 5, "draw", ()),
        Action("chemiekarten", p, "draw", ()),
        Action("chromino", p, "teleport", ()),
        Action("chromino", p, "place", (("tile", not_mine), ("x", 0), ("y", -1), ("rot", 0))),
        Action("chromino", p, "place", (("tile", hand[0] if hand else 0), ("x", 0), ("y", 0), ("rot", rng.randrange(4)))),
        Action("chromino", p, "place", (("tile", "7"), ("x", 0), ("y", 0), ("rot", 0))),
        Action("chromino", p, "place", (("tile", 1), ("x", 0))),
        Action("chromino", p, "place", (("tile", 99), ("x", 0), ("y", 0), ("rot", 0))),
        {"kind": "draw"},
        None,
    ]


def options(rng: random.Random, players: int) -> dict:
    return {"draw": rng.choice(DRAWS), "draw_limit": rng.choice([3, 4, 5, 6]), "scoring": rng.choice(MODES),
            "open_hands": rng.random() < 0.2}


class ChrominoSheet(Oracle):
    def __init__(self, game, rng: random.Random, deep: bool = False) -> None:
        super().__init__(game, rng, deep)
        assert tiles_everywhere(game) == list(range(75))
        self.scores = [0] * game.players
        self.steps = 0
        self.last_round_started = None
        opening = game.view(None)["layout"][0]
        self.laid = [(opening["tile"], opening["x"], opening["y"], opening["rot"])]  # what the test saw laid

    def before(self, action: Action) -> None:
        self.player = self.game.current_player
        if action.kind == "place":
            cells = grid(self.laid)
            tile = TILES[action.get("tile")]
            colours = list(tile.colours[::-1] if action.get("rot") >= 2 else tile.colours)
            assert independently_legal(cells, colours, action.get("x"), action.get("y"), action.get("rot"))

    def after(self, action: Action, explanation) -> None:
        game = self.game
        for player, delta in explanation.data.get("score_delta", {}).items():
            self.scores[int(player)] += delta
        if action.kind == "place":
            self.laid.append((action.get("tile"), action.get("x"), action.get("y"), action.get("rot")))
            grid(self.laid)  # no overlap
        assert tiles_everywhere(game) == list(range(75))
        if game.scoring != "out":
            assert game.scores() == self.scores
        if game.s_finished and self.last_round_started is None:
            self.last_round_started = self.steps
        if self.last_round_started is not None and not game.is_over:
            assert game.current_player >= self.player  # the last round only runs on to the last seat
        self.steps += 1

    def end(self) -> None:
        game = self.game
        rebuilt = pickle.loads(pickle.dumps(game.layout))  # the slots kept up to date = those found afresh
        assert sorted(rebuilt.slots()) == sorted(game.layout.slots())
        final = game.view(None)
        assert [(t["tile"], t["x"], t["y"], t["rot"]) for t in final["layout"]] == self.laid
        assert sum(final["hand_sizes"]) + final["bag"] + len(final["layout"]) == 75
        end = game.view(0)["end"]
        if end["how"] == "out":
            winners = game.winners()
            assert end["finished"] and all(game.view(0)["hand_sizes"][w] == 0 for w in end["finished"])
            if game.scoring == "out" or game.players == 1:
                assert winners == sorted(end["finished"])
        else:
            assert end["how"] == "blocked" and game.view(0)["bag"] == 0


SPEC = Conformance(
    "chromino", (Variant("random", (1, 8), games=1000, chunks=4, options=options, ci_share=0.2),), ChrominoSheet,
    bot_share=0.15, forged=forged, forged_share=0.02, undo_share=0.2, deep_seeds=3,
    deep_players=lambda seed: 2 + 3 * seed, mid_game_steps=80)
