"""Chromino's belief about the other hand from the placements its player chose (issue 31, session 16:
``strategy.Told.chose``, ``weigh``, ``Believed``, ``belief``): the turns read from the log count the
placements the other player really had (checked against the engine's legal actions, recorded as the
game was played), the weighed sample agrees with an exact enumeration of the posterior, every world
dealt agrees with what the player sees, and the belief never reads the hidden hand.
Strength is measured in ``bench/bench_bots.py``, never here."""
from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

import chemgames
from chemgames.bots import GreedyBot, play_turn
from chemgames.bots.search import tuning
from chemgames.games.chromino import strategy


def _played(seed: int, draw: str = "one", stop: int = 10_000):
    """A greedy game up to ``stop`` actions, with each player's hand and number of legal placements
    on each of its turns that laid a tile chosen from the hand (not the tile just drawn)."""
    g = chemgames.new_game("chromino", players=2, seed=seed, lang="en", draw=draw)
    bots = [GreedyBot(seed), GreedyBot(seed + 1)]
    had: dict[int, list[tuple[list[int], int]]] = {0: [], 1: []}
    while not g.is_over and len(g.log) < stop:
        p = g.current_player
        drew = bool(g.log) and g.log[-1].action.kind == "draw" and g.log[-1].action.player == p
        legal = g.legal_actions()
        if legal[0].kind == "place" and not drew:
            had[p].append((list(g.s_hands[p]), len(legal)))
        play_turn(g, bots[p])
    return g, had


@pytest.mark.parametrize("seed,draw", [(4, "one"), (6, "limit"), (9, "one"), (11, "until_fit")])
def test_the_turns_read_from_the_log_count_the_placements_the_other_player_had(seed, draw):
    # the lay-out of each turn rebuilt from the log gives the real hand of that turn (recorded as the
    # game was played, the test may look) the placements the engine listed; the slots held then are
    # no more than the hand held; before the other player's first draw every tile it holds now was
    # held then, and the count of the turn is exactly the engine's
    exact = 0
    for stop in (6, 10, 14, 30, 60):
        g, had = _played(seed, draw, stop=stop)
        if g.is_over or g.current_player is None:
            break
        me = g.current_player
        other = 1 - me
        known = strategy.told(g, me)
        if other not in known.slots:
            continue
        turns = known.chose[other]
        assert len(turns) == len(had[other])  # one a turn that laid a tile chosen from the hand
        drew = g.s_draws[other] > 0
        real = g.s_hands[other]
        for (ways, laid, held), (hand, want) in zip(turns, had[other]):
            assert sum(ways[t] for t in hand) == want
            assert all(0 <= i < len(real) for i in held) and len(held) <= len(hand)
            if not drew:
                assert len(held) == len(real) and laid + sum(ways[t] for t in real) == want
                exact += 1
    assert exact >= 2


def test_the_weighed_sample_agrees_with_the_posterior_counted_by_enumeration():
    # an independent count: every hand the told slots allow (each slot an even choice among the
    # tiles it may be and not yet dealt, oldest first), times (1 / its placements) on each turn
    unseen = tuple(range(6))
    slots = (frozenset({0, 1, 2}), frozenset(unseen), frozenset(unseen))
    ways_a = tuple([3, 1, 0, 2, 5, 1] + [0] * 69)
    ways_b = tuple([0, 2, 4, 1, 1, 3] + [0] * 69)
    chose = ((ways_a, 2, (0, 1)), (ways_b, 1, (0, 1, 2)))  # slot 2 came after the first turn
    known = strategy.Told(unseen, {1: slots}, {1: chose})
    fits = {0, 4}
    for strength in (1.0, 0.5):
        posterior: dict[tuple[int, ...], Fraction] = {}
        for seq in itertools.permutations(unseen, 3):
            p = Fraction(1)
            for i, t in enumerate(seq):
                left = [u for u in slots[i] if u not in seq[:i]]
                p *= Fraction(1, len(left)) if t in left else 0
            like = 1.0
            for ways, laid, held in chose:
                like *= (1.0 / (laid + sum(ways[seq[i]] for i in held))) ** strength
            posterior[seq] = p * Fraction(like)
        total = sum(posterior.values())
        b = strategy.weigh(known, strength, 20_000, random.Random(3))
        for t in unseen:
            sampled = sum(w for w, h in zip(b.weights, b.hands) if t in h[1])
            exact = sum(w for seq, w in posterior.items() if t in seq) / total
            assert sampled == pytest.approx(float(exact), abs=0.02), (strength, t)
        stuck = sum(w for seq, w in posterior.items() if not fits & set(seq)) / total  # no tile of ``fits`` held
        assert b.stuck(1, fits) == pytest.approx(float(stuck), abs=0.02)
    # strength 0: every hand weighs the same, the sample is the told deal
    flat = strategy.weigh(known, 0.0, 50, random.Random(3))
    assert len(set(flat.weights)) == 1


def _position(seed: int):
    """A position where the other player has chosen tiles and drawn (the belief has something to read)."""
    g2 = chemgames.new_game("chromino", players=2, seed=seed, lang="en")
    bots = [GreedyBot(seed), GreedyBot(seed + 1)]
    while not g2.is_over:
        me = g2.current_player
        known = strategy.told(g2, me)
        other = 1 - me
        if other in known.slots and len(known.chose[other]) >= 3 and len(g2.s_hands[other]) > 2 \
                and any(len(s) < len(known.unseen) for s in known.slots[other]):
            return g2
        play_turn(g2, bots[me])
    pytest.skip("no such position")


@pytest.mark.parametrize("seed", [4, 12])
def test_every_world_of_the_belief_agrees_with_what_the_player_sees_and_was_told(seed):
    g = _position(seed)
    me, other = g.current_player, 1 - g.current_player
    tune = tuning("chromino")
    assert tune.told and tune.choices > 0
    b = strategy.belief(g, me, tune)
    assert isinstance(b, strategy.Believed)
    assert sum(b.weights) == pytest.approx(1.0) and len(set(b.weights)) > 1  # the choices weigh
    known = strategy.told(g, me)
    for hand in b.hands:  # each sampled hand: its size, unseen tiles only, each slot what it may be
        assert len(hand[other]) == len(g.s_hands[other])
        assert all(t in may for t, may in zip(hand[other], known.slots[other]))
    deal = strategy.dealer(g, me, tune)
    for k in range(6):
        world = deal(random.Random(k))
        assert world.view(me) == g.view(me)
        assert sorted(world.s_hands[other] + world.s_bag) == sorted(g.s_hands[other] + g.s_bag)
        assert tuple(world.s_hands[other]) in {h[other] for h in b.hands}


def test_the_belief_reads_only_what_the_player_may_see_and_is_the_same_every_time():
    g = _position(12)
    me = g.current_player
    tune = tuning("chromino")
    twin = g.redeal_hidden(me, random.Random(3))
    assert twin.s_hands[1 - me] != g.s_hands[1 - me] and twin.view(me) == g.view(me)
    first = strategy.belief(g, me, tune)
    assert strategy.belief(twin, me, tune) == first
    strategy._BELIEVED.clear()
    assert strategy.belief(g, me, tune) == first  # the same position, the same sample (seeded from the view)
    # the worlds of a decision: the same generator, the same world, whatever the hidden hand
    a, b = strategy.dealer(g, me, tune), strategy.dealer(twin, me, tune)
    assert all(a(random.Random(k)).s_hands == b(random.Random(k)).s_hands for k in range(4))


def test_a_belief_that_peeks_fails_the_same_view_test(monkeypatch):
    # the test above can fail: a mutant whose told slots are the real hand gives twins other beliefs
    g = _position(12)
    me = g.current_player
    tune = tuning("chromino")
    twin = g.redeal_hidden(me, random.Random(3))
    honest = strategy.told

    def peeking(game, viewer):
        known = honest(game, viewer)
        real = {q: tuple(frozenset({t}) for t in game.s_hands[q]) for q in known.slots}
        return strategy.Told(known.unseen, real, known.chose)

    monkeypatch.setattr(strategy, "told", peeking)
    strategy._BELIEVED.clear()
    assert strategy.belief(twin, me, tune) != strategy.belief(g, me, tune)
