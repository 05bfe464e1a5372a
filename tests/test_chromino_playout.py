"""Chromino's sampled lines without the engine's bookkeeping (``chemgames/games/chromino/playout.py``,
issue 31 session 15): a line played by :func:`play_out` must end exactly where the search's default
policy played through the engine (``SearchBot._rollout``: ``hints()``, ``is_legal()``, ``apply()``)
ends with the same random generator, tile for tile, in two- and three-player games and under every
draw rule; and the search bot must play its Chromino lines that way. Speed is measured in ``bench/``."""
from __future__ import annotations

import random

import pytest

import chemgames
from chemgames.bots.search import SearchBot, Tuning
from chemgames.games.chromino import playout, strategy
from chemgames.games.chromino.tiles import TILES


def _state(w):
    return (w.s_hands, w.s_bag, [(k.tile, k.x, k.y, k.rot, k.player) for k in w.s_layout.laid], w.s_over,
            w.s_finished, w.s_end, w.s_idle, w.s_current, w.s_drawn, w.s_draws, w.s_laid, w.s_turn, w.winners())


def _position(seed: int, players: int, **options):
    """A game after a random number of random legal actions (draws and passes included)."""
    g = chemgames.new_game("chromino", players=players, seed=seed, lang="en", **options)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 45)):
        if g.is_over:
            break
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))], explain=False)
    return g


@pytest.mark.parametrize("players,options", [(2, {}), (3, {}), (2, {"draw": "until_fit"}),
                                             (2, {"draw": "limit", "draw_limit": 3})])
def test_a_line_ends_where_the_engine_line_ends(players, options):
    lines = 0
    for seed in range(12):
        g = _position(seed, players, **options)
        if g.is_over:
            continue
        for turns in (None, 1, 3):
            engine, fast = g.copy(), g.copy()
            luck_engine, luck_fast = random.Random(seed), random.Random(seed)
            assert SearchBot(seed=0)._rollout(engine, Tuning(rollout=turns, explore=0.3), luck_engine, float("inf"))
            assert playout.play_out(fast, turns, luck_fast, 0.3, float("inf")) is True
            assert _state(fast) == _state(engine), (seed, turns)
            assert luck_fast.getstate() == luck_engine.getstate(), "the same draws of luck, in the same order"
            lines += 1
    assert lines >= 30


def test_the_hints_order_is_the_engines():
    for seed in range(8):
        g = _position(seed, 2)
        if g.is_over or not g.hints():
            continue
        engine = [tuple(dict(h.actions[0].params)[k] for k in ("tile", "x", "y", "rot")) for h in g.hints(limit=5)]
        assert playout.ranked(g.layout, g.s_hands[g.current_player], 5) == engine


def test_a_points_game_keeps_the_engine_lines_and_a_late_line_is_cut():
    g = chemgames.new_game("chromino", players=2, seed=3, lang="en", scoring="tiles")
    assert playout.play_out(g, None, random.Random(1), 0.1, float("inf")) is None
    g = chemgames.new_game("chromino", players=2, seed=3, lang="en")
    assert playout.play_out(g, None, random.Random(1), 0.1, 0.0) is False  # the time was up before the first turn


def test_the_search_plays_its_chromino_lines_this_way(monkeypatch):
    calls = []

    def counted(*args, tune=None):
        calls.append(args[1])
        return playout.play_out(*args)

    monkeypatch.setattr(strategy, "play_out", counted, raising=False)
    g = chemgames.new_game("chromino", players=2, seed=5, lang="en")
    bot = SearchBot(seed=1, level="easy", budget=10.0, iterations=4)
    bot.decide(g)
    assert bot.last.samples > 0 and len(calls) == bot.last.samples, "every line of the decision"
    assert set(calls) == {strategy.SEARCH["rollout"]}


def test_a_world_is_dealt_once_for_all_candidates(monkeypatch):
    """The search deals each imagined world once for all its candidates (``strategy.dealer``): the told
    hands are read and shuffled once a batch, each candidate plays on a copy of the same world."""
    deals = []
    real = strategy.Told.deal

    def counted(self, *args):
        deals.append(1)
        return real(self, *args)

    monkeypatch.setattr(strategy.Told, "deal", counted)
    g = chemgames.new_game("chromino", players=2, seed=5, lang="en")
    bot = SearchBot(seed=1, level="easy", budget=10.0, iterations=4)
    bot.decide(g)
    candidates = len(bot.last.labels)
    assert candidates > 1 and bot.last.samples == len(deals) * candidates


@pytest.mark.parametrize("lines", ["hints", "two_ways", "closing"])
def test_the_search_hands_its_lines_order_to_the_game(monkeypatch, lines):
    # Tuning.lines reaches the game's play_out (session 20): every line of a decision is played in that order
    orders = []
    real = strategy.play_out

    def counted(*args, tune=None):
        orders.append(tune.lines)
        return real(*args, tune=tune)

    monkeypatch.setattr(strategy, "play_out", counted)
    g = chemgames.new_game("chromino", players=2, seed=5, lang="en")
    bot = SearchBot(seed=1, level="easy", budget=10.0, iterations=4, tuning={"lines": lines})
    bot.decide(g)
    assert orders and set(orders) == {lines}


def test_a_line_in_the_two_ways_order_lays_a_two_way_tile_whenever_one_fits():
    # whether a tile reads the same from both ends is read off its colours, and whether it fits from the
    # engine's legal actions (not from the lay-out's placements that play_out uses); the hints' order keeps
    # such a tile back in some of these turns, the two-ways order never does
    def two_way(t: int) -> bool:
        colours = TILES[t].colours
        return colours[0] == colours[-1]

    turns = kept_back = 0
    for seed in range(40):
        g = _position(seed, 2)
        if g.is_over or g.s_drawn:
            continue
        me = g.current_player
        fitting = {a.get("tile") for a in g.legal_actions() if a.kind == "place"}
        if not any(two_way(t) for t in fitting) or all(two_way(t) for t in fitting):
            continue
        for lines in ("two_ways", "hints"):
            w = g.copy()
            before = list(w.s_hands[me])
            assert strategy.play_out(w, 1, random.Random(seed), 0.0, float("inf"), Tuning(lines=lines)) is True
            gone = [t for t in before if t not in w.s_hands[me]]
            assert len(gone) == 1
            if lines == "two_ways":
                assert two_way(gone[0]), (seed, gone)
                turns += 1
            else:
                kept_back += not two_way(gone[0])
    assert turns >= 5 and kept_back >= 1


def test_a_line_in_the_closing_order_leaves_the_next_hand_the_fewest_tiles_checked_by_the_engine():
    # Tuning(lines="closing") (session 22): of the hints' first CLOSE_LOOK placements, the line lays the one after
    # which the next player's hand in the imagined world has the fewest tiles that fit, then the fewest placements,
    # ties in the hints' order. The expected one is worked out by the engine alone: each hint applied to a copy
    # of the game, then the next player's legal placing actions counted (not the lay-out's placements that
    # play_out uses). In some turns it is not the hints' first, so a line that ignores the order fails here.
    turns = other_than_first = 0
    for seed in range(100):
        g = _position(seed, 2)
        if g.is_over or g.s_drawn or len(g.s_hands[g.current_player]) < 2:
            continue
        me = g.current_player
        hints = g.hints(limit=playout.CLOSE_LOOK)
        if len(hints) < 2:
            continue
        left = []
        for i, h in enumerate(hints):
            after = g.copy()
            for a in h.actions:
                after.apply(a, explain=False)
            assert after.current_player == 1 - me
            placing = [a for a in after.legal_actions() if a.kind == "place"]
            left.append((len({a.get("tile") for a in placing}), len(placing), i))
        want = dict(hints[min(left)[2]].actions[0].params)
        w = g.copy()
        assert strategy.play_out(w, 1, random.Random(seed), 0.0, float("inf"), Tuning(lines="closing")) is True
        laid = w.s_layout.laid[len(g.s_layout.laid)]
        assert (laid.tile, laid.x, laid.y, laid.rot, laid.player) == (want["tile"], want["x"], want["y"], want["rot"], me)
        turns += 1
        other_than_first += min(left)[2] != 0
    assert turns >= 25 and other_than_first >= 8, (turns, other_than_first)
