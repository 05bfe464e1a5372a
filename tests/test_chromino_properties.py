"""Property tests: over 1,000 random seeded games of Chromino through the public API.

Invariants: no tile is created or lost (bag + hands + lay-out = 75, each tile once); every laid
tile was legal when laid, checked by an independent re-implementation of the placement rule on the
view's lay-out; the lay-out never overlaps; scores equal the log; the round rule ends the game;
every refused action changes nothing; save files replay; undo restores the view.
"""
from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import chemgames
from chemgames import Action, IllegalAction
from chemgames.bots import GreedyBot, RandomBot
from chemgames.games.chromino.tiles import TILES
from soak import soak_games

GAMES = soak_games(1000)  # the full soak from bench/bench_soak.py, a share in CI
CHUNKS = 4
SPAN = 2**31 // CHUNKS
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


def forged(game, rng: random.Random) -> list[object]:
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


def play_checked(seed: int, players: int, draw: str, scoring: str, deep: bool) -> None:
    rng = random.Random(seed)
    game = chemgames.new_game("chromino", players=players, seed=seed, lang=rng.choice(["de", "en"]), draw=draw,
                              draw_limit=rng.choice([3, 4, 5, 6]), scoring=scoring, open_hands=rng.random() < 0.2)
    assert tiles_everywhere(game) == list(range(75))
    bots = [rng.choice([GreedyBot(seed), RandomBot(seed)]) for _ in range(players)]
    scores = [0] * players
    steps = 0
    last_round_started = None
    opening = game.view(None)["layout"][0]
    laid = [(opening["tile"], opening["x"], opening["y"], opening["rot"])]  # what the test saw laid
    while not game.is_over:
        legal = game.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        p = game.current_player
        action = bots[p].choose(game) if rng.random() < 0.15 else rng.choice(legal)
        assert action in legal
        if deep or rng.random() < 0.02:
            for bad in forged(game, rng):
                if bad in legal:
                    continue
                before = game.digest()
                with pytest.raises(IllegalAction):
                    game.apply(bad)
                assert game.digest() == before
        try_undo = rng.random() < 0.2
        before_view = game.view(p) if try_undo else None
        if action.kind == "place":
            cells = grid(laid)
            tile = TILES[action.get("tile")]
            colours = list(tile.colours[::-1] if action.get("rot") >= 2 else tile.colours)
            assert independently_legal(cells, colours, action.get("x"), action.get("y"), action.get("rot"))
        explanation = game.apply(action)
        if try_undo and game.can_undo():
            assert game.undo() == action
            assert game.view(p) == before_view
            explanation = game.apply(action)
        for player, delta in explanation.data.get("score_delta", {}).items():
            scores[int(player)] += delta
        if action.kind == "place":
            laid.append((action.get("tile"), action.get("x"), action.get("y"), action.get("rot")))
            grid(laid)  # no overlap
        assert tiles_everywhere(game) == list(range(75))
        if scoring != "out":
            assert game.scores() == scores
        if game.s_finished and last_round_started is None:
            last_round_started = steps
        if last_round_started is not None and not game.is_over:
            assert game.current_player >= p  # the last round only runs on to the last seat
        steps += 1
        assert steps < 5000
    assert game.current_player is None and game.legal_actions() == []
    rebuilt = pickle.loads(pickle.dumps(game.layout))  # the slots kept up to date = those found afresh
    assert sorted(rebuilt.slots()) == sorted(game.layout.slots())
    final = game.view(None)
    assert [(t["tile"], t["x"], t["y"], t["rot"]) for t in final["layout"]] == laid
    assert sum(final["hand_sizes"]) + final["bag"] + len(final["layout"]) == 75
    end = game.view(0)["end"]
    if end["how"] == "out":
        winners = game.winners()
        assert end["finished"] and all(game.view(0)["hand_sizes"][w] == 0 for w in end["finished"])
        if scoring == "out" or players == 1:
            assert winners == sorted(end["finished"])
    else:
        assert end["how"] == "blocked" and game.view(0)["bag"] == 0
    if rng.random() < 0.1 or deep:
        copy = chemgames.load_game(game.to_json())
        assert [copy.view(q) for q in range(players)] == [game.view(q) for q in range(players)]


def play_chunk(data: st.DataObject, chunk: int) -> None:
    seed = data.draw(st.integers(chunk * SPAN, (chunk + 1) * SPAN - 1), label="seed")
    players = data.draw(st.integers(1, 8), label="players")
    draw = data.draw(st.sampled_from(DRAWS), label="draw")
    scoring = data.draw(st.sampled_from(MODES), label="scoring")
    play_checked(seed, players, draw, scoring, deep=False)


CHUNK_SETTINGS = dict(deadline=None, derandomize=True, max_examples=GAMES // CHUNKS,
                      suppress_health_check=[HealthCheck.too_slow, HealthCheck.differing_executors])


@pytest.mark.parametrize("chunk", range(CHUNKS))
@settings(**CHUNK_SETTINGS)
@given(data=st.data())
def test_random_games(chunk: int, data: st.DataObject) -> None:
    play_chunk(data, chunk)


@pytest.mark.parametrize("seed", range(3))
def test_deep_checks(seed: int) -> None:
    """Fewer games, but every step tries forged actions, and each game is saved and replayed."""
    play_checked(seed, 2 + 3 * seed, DRAWS[seed % 3], MODES[seed + 1], deep=True)
