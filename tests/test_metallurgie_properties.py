"""Property tests: over a thousand random seeded games of Metallurgie through the public API.

Invariants: no card is created or lost (103 metal cards and the stop card); every stack ascends
(iron, copper, silver, gold from the bottom); the lay-out stays connected; scores equal the points
in the log; undo restores the view; every refused action changes nothing; a save file replays.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import chemgames
from chemgames import Action, IllegalAction
from chemgames.bots import GreedyBot, RandomBot
from chemgames.games.metallurgie.board import is_connected
from soak import soak_games

GAMES = soak_games(1000)  # the full soak from bench/bench_soak.py, a share in CI
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
    other = (p + 1) % game.players
    return [
        Action(a.game, other, a.kind, a.params),
        Action("chemiekarten", p, a.kind, a.params),
        Action(a.game, p, "teleport", ()),
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


def play_checked(seed: int, players: int, deep: bool) -> None:
    rng = random.Random(seed)
    game = chemgames.new_game("metallurgie", players=players, seed=seed, lang=rng.choice(["de", "en"]),
                              **chosen_position(rng, players))
    bots = [rng.choice([GreedyBot(seed), RandomBot(seed)]) for _ in range(players)]
    steps = counted = 0
    points = sum(len(w) for w in game.s_won)  # cards won in a chosen position count from the start
    while not game.is_over:
        legal = game.legal_actions()
        assert legal, "a running game always offers an action"
        p = game.current_player
        action = bots[p].choose(game) if rng.random() < BOT_SHARE else rng.choice(legal)
        assert action in legal
        if deep or rng.random() < 0.01:
            for bad in forged(game, rng, legal):
                if bad in legal:
                    continue
                before = (game.view(p), len(game.log))
                with pytest.raises(IllegalAction):
                    game.apply(bad)
                assert (game.view(p), len(game.log)) == before
            for a in legal:
                assert game.check(a).ok, (a, game.check(a))
        try_undo = rng.random() < 0.15
        before_view = game.view(p) if try_undo else None
        game.apply(action)
        if try_undo and game.can_undo():
            assert game.undo() == action
            assert game.view(p) == before_view
            game.apply(action)
        log = game.log
        points += sum(e.explanation.points or 0 for e in log[counted:])
        counted = len(log)
        assert game.card_count() == 103
        if deep or rng.random() < 0.1:
            view = game.view(None)
            assert total_cards(view) == 103
            check_board(view)
        if not game.is_over:
            assert sum(game.scores()) == points
        steps += 1
        assert steps < 5_000
    assert game.current_player is None and game.legal_actions() == []
    assert game.winners()
    check_board(game.view(None))
    # the bonus points are announced in the final log entry (score_delta), once the game is over
    bonus = sum(game.log[-1].explanation.data.get("score_delta", {}).values()) if game.bonus is not None else 0
    assert sum(game.scores()) == points + bonus
    if deep or rng.random() < 0.1:
        copy = chemgames.load_game(game.to_json())
        assert [copy.view(q) for q in range(players)] == [game.view(q) for q in range(players)]


CHUNKS = 4
SPAN = 2**31 // CHUNKS
CHUNK_SETTINGS = dict(deadline=None, derandomize=True,
                      suppress_health_check=[HealthCheck.too_slow, HealthCheck.differing_executors])


@pytest.mark.parametrize("chunk", range(CHUNKS))
@settings(max_examples=GAMES // CHUNKS, **CHUNK_SETTINGS)
@given(data=st.data())
def test_random_games(chunk: int, data: st.DataObject) -> None:
    seed = data.draw(st.integers(chunk * SPAN, (chunk + 1) * SPAN - 1), label="seed")
    players = data.draw(st.integers(2, 4), label="players")
    play_checked(seed, players, deep=False)


@pytest.mark.parametrize("seed", range(2))
def test_deep_checks(seed: int) -> None:
    """Fewer games, but every step tries forged actions and checks every listed action."""
    play_checked(seed, 2 + seed % 3, deep=True)


def test_save_file_mid_turn_replays() -> None:
    rng = random.Random(4)
    game = chemgames.new_game("metallurgie", players=3, seed=4, lang="en")
    for _ in range(80):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
        copy = chemgames.load_game(game.to_json())
        assert [copy.view(p) for p in range(3)] == [game.view(p) for p in range(3)]
        assert copy.legal_actions() == game.legal_actions()
