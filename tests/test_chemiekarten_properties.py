"""Property tests: thousands of random seeded games of Das Chemie-Kartenspiel through the public API.

Invariants: no card is created or lost; scores equal the sum over the log; a save file replays to
the same views and legal actions; undo restores the view; every listed action is accepted; every
refused action changes nothing.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import chemgames
from chemgames import Action, IllegalAction
from chemgames.bots import GreedyBot, RandomBot
from soak import soak_games

GAMES = soak_games(1000)  # the full soak from bench/bench_soak.py, a share in CI
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
    """Actions that must be refused: another player's, other games', unknown kinds, junk values."""
    p = game.current_player
    a = rng.choice(legal)
    other = (p + 1) % game.players
    return [
        Action(a.game, other, a.kind, a.params),
        Action("chemix", p, a.kind, a.params),
        Action(a.game, p, "teleport", ()),
        Action(a.game, p, "select", (("card", "Xx"),)),
        Action(a.game, p, "select", (("card", 7),)),
        Action(a.game, p, "attack", (("target", 10_000),)),
        Action(a.game, p, "combine", (("formula", "H2O"), ("proto", 9))),
        Action(a.game, p, "charge", (("element", "O"), ("charge", 5))),
        {"kind": "confirm"},
        None,
    ]


def play_checked(seed: int, players: int, mode: str, deep: bool) -> None:
    rng = random.Random(seed)
    game = chemgames.new_game("chemiekarten", players=players, seed=seed, lang=rng.choice(["de", "en"]), mode=mode)
    total = total_cards(game.view(None))
    bots = [rng.choice([GreedyBot(seed), RandomBot(seed)]) for _ in range(players)]
    steps = counted = 0
    scores = [0] * players
    while not game.is_over:
        legal = game.legal_actions()
        assert legal, "a running game always offers an action"
        p = game.current_player
        # mostly uniform atomic actions (cheap, and they reach odd corners); bots now and then lay
        # whole compounds, and a legal confirm is often taken, so hands do not grow without end
        confirm = [a for a in legal if a.kind == "confirm"]
        if rng.random() < BOT_SHARE:
            action = bots[p].choose(game)
        elif confirm and rng.random() < 0.5:
            action = confirm[0]
        else:
            action = rng.choice(legal)
        assert action in legal
        if deep or rng.random() < 0.02:
            for bad in forged(game, rng, legal):
                if bad in legal:
                    continue
                before = game.digest()
                with pytest.raises(IllegalAction):
                    game.apply(bad)
                assert not game.check(bad).ok
                assert game.digest() == before
            for a in legal:
                assert game.check(a).ok, (a, game.check(a))
        try_undo = rng.random() < 0.2
        before_view = game.view(p) if try_undo else None
        game.apply(action)
        if try_undo and game.can_undo():
            undone = game.undo()
            assert undone == action
            assert game.view(p) == before_view
            game.apply(action)
        log = game.log
        assert len(log) == counted + 1
        add_scores(scores, log[counted:])
        counted = len(log)
        if log[-1].public or rng.random() < 0.1:
            # cards move between hands, piles and table only in public actions (a laid compound, an
            # attack, the draw); choosing cards for the stage is private and moves none
            assert total_cards(game.view(None)) == total
            assert game.scores() == scores
        steps += 1
        assert steps < 20_000
    assert game.current_player is None and game.legal_actions() == []
    assert game.winners() and all(game.scores()[w] == max(game.scores()) for w in game.winners())
    copy = chemgames.load_game(game.to_json())
    for q in range(players):
        assert copy.view(q) == game.view(q)
    assert copy.legal_actions() == game.legal_actions()


# The games are split into chunks over disjoint seed ranges, so pytest-xdist spreads them over cores.
CHUNKS = 4
SPAN = 2**31 // CHUNKS


def play_chunk(data: st.DataObject, chunk: int, most_players: int, mode: str) -> None:
    seed = data.draw(st.integers(chunk * SPAN, (chunk + 1) * SPAN - 1), label="seed")
    players = data.draw(st.integers(2, most_players), label="players")
    play_checked(seed, players, mode, deep=False)


CHUNK_SETTINGS = dict(deadline=None, derandomize=True,
                      suppress_health_check=[HealthCheck.too_slow, HealthCheck.differing_executors])


@pytest.mark.parametrize("chunk", range(CHUNKS))
@settings(max_examples=GAMES // CHUNKS, **CHUNK_SETTINGS)
@given(data=st.data())
def test_random_family_games(chunk: int, data: st.DataObject) -> None:
    play_chunk(data, chunk, 6, "family")


@pytest.mark.parametrize("chunk", range(2))
@settings(max_examples=50, **CHUNK_SETTINGS)
@given(data=st.data())
def test_random_competitive_games(chunk: int, data: st.DataObject) -> None:
    play_chunk(data, chunk, 4, "competitive")


@pytest.mark.parametrize("seed", range(8))
def test_deep_checks(seed: int) -> None:
    """Fewer games, but every step tries forged actions and checks every listed action."""
    play_checked(seed, 2 + seed % 5, "family", deep=True)


def test_save_file_mid_turn_replays() -> None:
    rng = random.Random(4)
    game = chemgames.new_game("chemiekarten", players=3, seed=4, lang="en")
    for _ in range(60):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
        copy = chemgames.load_game(game.to_json())
        assert [copy.view(p) for p in range(3)] == [game.view(p) for p in range(3)]
        assert copy.legal_actions() == game.legal_actions()
        assert copy.can_undo() == game.can_undo()
