"""Property tests: over 1,000 random seeded games of ChemiX Classic through the public API.

Invariants: no card is created or lost; every compound on the table is exactly the layout of one
compound card, and each compound card is in exactly one place; the scores equal what the log
records (compounds laid, noble gases given, dead cards) minus the hands; a save file replays to
the same views; undo restores the view; every listed action is accepted.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest
from chemix_setup import all_cards
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import chemgames
from chemgames import IllegalAction
from chemgames.bots import GreedyBot, RandomBot
from chemgames.games.chemix.cards import card_set
from soak import soak_games

GAMES = soak_games(1000)  # the full soak from bench/bench_soak.py, a share in CI
CHUNKS = 4
SPAN = 2**31 // CHUNKS
ALL = sorted(card_set().all_ids())


def check_table(game) -> None:
    cs = card_set()
    assert sorted(all_cards(game)) == ALL
    for c in game.view(None)["table"]:
        assert tuple(game.face(i) for i in c["cards"]) == cs.compounds[c["formula"]].layout
    assert all(len(h) <= 3 for h in game.s_hands)  # "nie mehr als 3 Karten in der Hand"


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


def choose(game, rng: random.Random, bots, steps_this_turn: int):
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


def play_checked(seed: int, players: int, replay: bool) -> None:
    rng = random.Random(seed)
    game = chemgames.new_game("chemix", players=players, seed=seed, lang=rng.choice(["de", "en"]))
    bots = [rng.choice([GreedyBot(seed), RandomBot(seed)]) for _ in range(players)]
    turn_steps = 0
    while not game.is_over:
        p = game.current_player
        action = choose(game, rng, bots, turn_steps)
        if action is None:
            if rng.random() < 0.5:
                game.undo_turn()
            action = next(a for a in game.legal_actions() if a.kind == "pass")
        if rng.random() < 0.05:
            before = game.view(p)
            game.apply(action)
            if game.can_undo():
                assert game.undo() == action and game.view(p) == before
                game.apply(action)
        else:
            game.apply(action)
        turn_steps = turn_steps + 1 if game.current_player == p else 0
        if turn_steps == 0 or rng.random() < 0.1:
            check_table(game)
            assert game.scores() == scores_from_log(game)
        assert len(game.log) < 5000
    assert game.scores() == scores_from_log(game) and game.legal_actions() == []
    assert Counter(c for c in card_set().compounds) == Counter(
        game.s_display + sum(game.s_won, []) + [c["formula"] for c in game.s_table])
    if replay:
        copy = chemgames.load_game(game.to_json())
        assert [copy.view(q) for q in range(players)] == [game.view(q) for q in range(players)]


SETTINGS = dict(deadline=None, derandomize=True, max_examples=GAMES // CHUNKS,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.differing_executors])


@pytest.mark.parametrize("chunk", range(CHUNKS))
@settings(**SETTINGS)
@given(data=st.data())
def test_random_games(chunk: int, data: st.DataObject) -> None:
    seed = data.draw(st.integers(chunk * SPAN, (chunk + 1) * SPAN - 1), label="seed")
    players = data.draw(st.integers(2, 4), label="players")
    play_checked(seed, players, replay=data.draw(st.integers(0, 3), label="replay") == 0)


def test_save_file_mid_turn_replays() -> None:
    rng = random.Random(4)
    game = chemgames.new_game("chemix", players=3, seed=4, lang="en")
    for _ in range(80):
        if game.is_over:
            break
        legal = game.legal_actions()
        forms = [a for a in legal if a.kind == "form"]
        game.apply(rng.choice(forms or legal))
        copy = chemgames.load_game(game.to_json())
        assert [copy.view(p) for p in range(3)] == [game.view(p) for p in range(3)]
        assert copy.legal_actions() == game.legal_actions() and copy.can_undo() == game.can_undo()


@pytest.mark.parametrize("seed", range(4))
def test_every_listed_action_is_accepted(seed: int) -> None:
    game = chemgames.new_game("chemix", players=2 + seed % 3, seed=seed, lang="en")
    bots = [GreedyBot(seed)] * game.players
    rng = random.Random(seed)
    while not game.is_over:
        for a in game.legal_actions():
            assert game.check(a).ok, (a, str(game.check(a)))
        action = choose(game, rng, bots, 7 if rng.random() < 0.3 else 0)
        if action is None:
            game.undo_turn()
            action = next(a for a in game.legal_actions() if a.kind == "pass")
        game.apply(action)
