"""Property tests: random seeded Chemuno games through the public API.

Invariants: the 72 cards are always all there, each exactly once (hands, draw pile, discard pile);
every listed action is accepted and forged ones are refused without a change; a pending draw lies
only on a multiplier and a wish only on a noble gas; undo of a call restores the view; the game
ends with a winner who holds no card (or, when everyone passed, the fewest cards win); the text of
a play announces "…miX!" and the penalty exactly when they happen; a save file replays to the same
views and legal actions; every game ends within ``max_actions(players)`` actions, also when every
player hoards (keeps every card drawn, draws whenever allowed, lays only when nothing else is legal).
"""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import chemgames
from chemgames import Action, IllegalAction
from chemgames.bots import GreedyBot, RandomBot
from chemgames.games.chemix.cards import card_set
from chemgames.games.chemuno.rules import max_actions
from soak import soak_games

GAMES = soak_games(1000)  # the full soak from bench/bench_soak.py, a share in CI
ALL = sorted(card_set().all_ids())


def forged(game, rng: random.Random, legal: list[Action]) -> list[object]:
    p = game.current_player
    a = rng.choice(legal)
    return [Action(a.game, (p + 1) % game.players, a.kind, a.params), Action("chemix", p, a.kind, a.params),
            Action(a.game, p, "teleport", ()), Action(a.game, p, "play", (("card", rng.choice(ALL)),)),
            Action(a.game, p, "play", (("card", "Ne"), ("wish", "Xe"))), Action(a.game, p, "play", (("card", 3),)),
            {"kind": "draw"}, None]


def check_state(game) -> None:
    cards = [c for h in game.s_hands for c in h] + game.s_draw + game.s_pile
    assert sorted(cards) == ALL, "a card was created or lost"
    v = game.view(None)
    assert sum(v["hand_sizes"]) + v["draw_size"] + v["pile_size"] == 72
    cs = card_set()
    if v["pending"]:
        assert cs.kind(v["top"]) == "multiplier"
    if v["wish"] is not None:
        assert cs.kind(v["top"]) == "noble"


def play_checked(seed: int, players: int, deep: bool) -> None:
    rng = random.Random(seed)
    game = chemgames.new_game("chemuno", players=players, seed=seed, lang=rng.choice(["de", "en"]))
    bots = [rng.choice([GreedyBot(seed + p), RandomBot(seed + p), None]) for p in range(players)]
    steps = 0
    while not game.is_over:
        legal = game.legal_actions()
        assert legal, "a running game always offers an action"
        p = game.current_player
        action = bots[p].choose(game) if bots[p] is not None else rng.choice(legal)
        assert action in legal
        if deep or rng.random() < 0.05:
            for bad in forged(game, rng, legal):
                if bad in legal:
                    continue
                before = game.digest()
                with pytest.raises(IllegalAction):
                    game.apply(bad)
                assert game.digest() == before
            for a in legal:
                assert game.check(a).ok, (a, game.check(a))
        before_view = game.view(p) if action.kind == "call" else None
        penalties = list(game.view()["penalties"])
        said = {s.msg.key for s in game.apply(action).steps}
        # the text says what happens: "…miX!" exactly when the hand is empty, the penalty when drawn
        assert ("cu.mix" in said) == (action.kind == "play" and game.s_winner == p)
        assert ("cu.forgot" in said) == (game.view()["penalties"][p] > penalties[p])
        if before_view is not None:
            assert game.undo() == action and game.view(p) == before_view
            game.apply(action)
        if deep or rng.random() < 0.2:
            check_state(game)
        steps += 1
        assert steps <= max_actions(players), "the game did not end within the bound"
    check_state(game)
    assert game.current_player is None and game.legal_actions() == []
    sizes = [len(h) for h in game.s_hands]
    if game.s_winner is not None:
        assert game.winners() == [game.s_winner] and sizes[game.s_winner] == 0
    else:
        assert game.winners() == [q for q in range(players) if sizes[q] == min(sizes)]
    if deep or rng.random() < 0.1:
        copy = chemgames.load_game(game.to_json())
        assert [copy.view(q) for q in range(players)] == [game.view(q) for q in range(players)]


CHUNKS = 2
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


@pytest.mark.parametrize("seed", range(6))
def test_deep_checks(seed: int) -> None:
    """Fewer games, but every step tries forged actions, checks every listed action and the cards."""
    play_checked(seed, 2 + seed % 3, deep=True)


def test_save_file_mid_game_replays() -> None:
    rng = random.Random(4)
    game = chemgames.new_game("chemuno", players=3, seed=4, lang="en")
    for _ in range(60):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
        copy = chemgames.load_game(game.to_json())
        assert [copy.view(p) for p in range(3)] == [game.view(p) for p in range(3)]
        assert copy.legal_actions() == game.legal_actions() and copy.can_undo() == game.can_undo()


HOARD = {"keep": 0, "draw": 1, "pass": 2, "call": 3, "play": 4}


def hoarder(game, rng: random.Random) -> Action:
    """The stalling player: keeps every card drawn (even one that fits), draws whenever allowed, and
    lays a card (a random one) only when nothing else is legal."""
    legal = game.legal_actions()
    best = min(HOARD[a.kind] for a in legal)
    return rng.choice([a for a in legal if HOARD[a.kind] == best])


@pytest.mark.parametrize("chunk", range(CHUNKS))
@settings(max_examples=GAMES // (2 * CHUNKS), **CHUNK_SETTINGS)
@given(data=st.data())
def test_every_game_ends_within_the_bound(chunk: int, data: st.DataObject) -> None:
    """The draw pile is never rebuilt, so no way of playing keeps a game going: a mix of hoarders,
    random players and bots always ends, within ``max_actions(players)`` actions, with the cards
    all there and the fewest cards (or the last card laid) winning."""
    seed = data.draw(st.integers(chunk * SPAN, (chunk + 1) * SPAN - 1), label="seed")
    players = data.draw(st.integers(2, 4), label="players")
    kinds = data.draw(st.lists(st.sampled_from(["hoard", "random", "greedy", "any"]),
                               min_size=players, max_size=players), label="players' ways")
    rng = random.Random(seed)
    game = chemgames.new_game("chemuno", players=players, seed=seed, lang="en")
    bots = {"greedy": GreedyBot(seed), "random": RandomBot(seed)}
    steps = 0
    while not game.is_over:
        kind = kinds[game.current_player]
        if kind == "hoard":
            action = hoarder(game, rng)
        elif kind == "any":
            action = rng.choice(game.legal_actions())
        else:
            action = bots[kind].choose(game)
        game.apply(action)
        steps += 1
        assert steps <= max_actions(players), "the game did not end within the bound"
    check_state(game)
    sizes = [len(h) for h in game.s_hands]
    assert game.winners() == ([game.s_winner] if game.s_winner is not None
                              else [q for q in range(players) if sizes[q] == min(sizes)])
