"""Chromino's bot knowledge (``chemgames/games/chromino/strategy.py``, issue 31): the outlook of a
placement (the chance that the other player's next turn finds no place for any tile) checked
against an independent count, and the search weighing the placements in its order.
Strength is measured in ``bench/bench_bots.py``, never here."""
from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import replace

import pytest

import chemgames
from chemgames.bots import GreedyBot, play_turn
from chemgames.bots.search import SearchBot, Tuning, tuning
from chemgames.games.chromino import strategy
from chemgames.games.chromino.layout import Layout, cells_of
from chemgames.games.chromino.tiles import TILES


@pytest.mark.parametrize("unseen", [1, 5, 17, 40])
def test_unseen_odds_are_the_hypergeometric_chance_of_no_fitting_tile(unseen):
    # independent: C(U - F, n) / C(U, n), the hands without a fitting tile among all hands
    for fitting in range(unseen + 1):
        for held in range(0, min(unseen, 8) + 1):
            want = math.comb(unseen - fitting, held) / math.comb(unseen, held)
            assert strategy._unseen_odds(unseen, fitting, held) == pytest.approx(want, abs=1e-12)


def _fits_by_scan(lay: Layout, tile: int) -> bool:
    """Does ``tile`` fit anywhere? Every cell around the lay-out, every turn, judged one by one
    (no slots, no frontier, no pattern table: the rule itself)."""
    x0, y0, x1, y1 = lay.bounds()
    for x in range(x0 - 3, x1 + 2):
        for y in range(y0 - 3, y1 + 2):
            for rot in range(2 if TILES[tile].palindrome else 4):
                if lay.judge(tile, x, y, rot).ok:
                    return True
    return False


def _midgame(seed: int, turns: int) -> chemgames.core.game.Game:
    g = chemgames.new_game("chromino", players=2, seed=seed, lang="en")
    bots = [GreedyBot(seed), GreedyBot(seed + 1)]
    while len(g.s_layout.laid) < turns and not g.is_over:
        play_turn(g, bots[g.current_player])
    return g


@pytest.mark.parametrize("seed,turns", [(9, 1), (4, 6), (11, 10)])
def test_outlook_is_the_other_hands_chance_to_lose_a_turn_counted_by_brute_force(seed, turns):
    g = _midgame(seed, turns)
    assert not g.is_over
    me = g.current_player
    other = g.s_hands[1 - me]
    for h in g.hints(limit=100)[:3]:
        a = h.actions[0]
        lay = Layout.opening(g.start_tile)
        for k in g.s_layout.laid[1:]:
            lay.put(k.tile, k.x, k.y, k.rot, k.player)
        lay.put(a.get("tile"), a.get("x"), a.get("y"), a.get("rot"), me)
        if len(g.s_hands[me]) == 1:
            continue
        # what the player laying the tile cannot see: not laid, not in its own hand
        covered = {c for k in lay.laid for c in cells_of(k.x, k.y, k.rot)}
        assert covered == set(lay.cells)
        unseen = [t for t in range(len(TILES)) if t not in {k.tile for k in lay.laid} | set(g.s_hands[me])]
        fitting = sum(_fits_by_scan(lay, t) for t in unseen)
        if len(other) == 1:  # a last tile lies open: judged as it is
            stuck = 0.0 if _fits_by_scan(lay, other[0]) else 1.0
            unseen = [t for t in unseen if t != other[0]]
            fitting = sum(_fits_by_scan(lay, t) for t in unseen)
        else:
            stuck = math.comb(len(unseen) - fitting, len(other)) / math.comb(len(unseen), len(other))
        want = stuck * (2 - fitting / len(unseen))
        assert strategy.outlook(g, a) == pytest.approx(want, abs=1e-9)


def test_outlook_reads_only_what_the_player_laying_may_see():
    g = _midgame(4, 6)
    me = g.current_player
    twin = g.redeal_hidden(me, __import__("random").Random(3))
    assert twin.s_hands[1 - me] != g.s_hands[1 - me]
    for h in g.hints(limit=100):
        assert strategy.outlook(twin, h.actions[0]) == strategy.outlook(g, h.actions[0])


def _closing_is_not_the_greedy_hint() -> chemgames.core.game.Game:
    # a position where the greedy hint (the tile of the highest value first) leaves the other
    # hand more places than another placement does
    for seed in range(1, 40):
        g = _midgame(seed, 5)
        if g.is_over:
            continue
        hints = g.hints(limit=100)
        if len(hints) < 2:
            continue
        marks = [strategy.outlook(g, h.actions[0]) for h in hints]
        if max(marks) > marks[0] + 0.05:
            return g
    raise AssertionError("no such position in 40 deals")


def test_the_search_weighs_first_the_placement_that_closes_most_places():
    g = _closing_is_not_the_greedy_hint()
    hints = g.hints(limit=100)
    marks = [strategy.outlook(g, h.actions[0]) for h in hints]
    # the exact outlook (the choices' sample is tested below), no weight for two-way tiles (tested below)
    tune = replace(tuning("chromino"), choices=0.0, hold=0.0)
    assert tune.outlook > 0
    weighed = strategy.candidates(g, tune.candidates, tune)
    assert strategy.outlook(g, weighed[0].actions[0]) == max(marks)
    assert [strategy.outlook(g, h.actions[0]) for h in weighed] == sorted(marks, reverse=True)[:len(weighed)]
    assert strategy.candidates(g, 6, replace(tune, outlook=0.0)) == g.hints(limit=6)  # off: the hints
    # judged right after the move (no line played on), every placement lays one tile: the tiles
    # held tie, and the search makes the move it weighed first, now the one that closes places
    bare = {"method": "ismcts", "depth": 1, "rollout": 0, "explore": 0.0, "mobility": 0.0, "choices": 0.0,
            "hold": 0.0}
    now = SearchBot(seed=1, iterations=12, budget=30.0, tuning=bare)
    assert list(now.decide(g)) == list(weighed[0].actions)
    before = SearchBot(seed=1, iterations=12, budget=30.0, tuning={**bare, "outlook": 0.0})
    assert list(before.decide(g)) == list(hints[0].actions) != list(weighed[0].actions)


def test_the_default_policy_lays_the_placement_of_the_best_outlook():
    g = _closing_is_not_the_greedy_hint()
    move = strategy.policy(g, None, Tuning())
    assert strategy.outlook(g, move.actions[0]) == max(strategy.outlook(g, h.actions[0]) for h in g.hints(limit=100))
    stuck = _midgame(9, 1)
    while stuck.hints():
        stuck.s_hands[stuck.current_player].pop()  # a hand that fits nowhere: nothing to lay
        if not stuck.s_hands[stuck.current_player]:
            pytest.skip("every tile fitted")
    assert strategy.policy(stuck, None, Tuning()) is None


def _layout_after(g, a) -> Layout:
    """The lay-out after the placement ``a``, rebuilt tile by tile from the opening (not the
    engine's copy)."""
    lay = Layout.opening(g.start_tile)
    for k in g.s_layout.laid[1:]:
        lay.put(k.tile, k.x, k.y, k.rot, k.player)
    lay.put(a.get("tile"), a.get("x"), a.get("y"), a.get("rot"), g.current_player)
    return lay


def _positions(seeds: Iterable[int], turns: Iterable[int]) -> Iterator[chemgames.core.game.Game]:
    """The :func:`_midgame` positions of these deals after these numbers of turns, those not over."""
    for seed in seeds:
        for t in turns:
            g = _midgame(seed, t)
            if not g.is_over:
                yield g


def _near_the_end(seed: int, left: int) -> chemgames.core.game.Game:
    """A midgame position whose player to move holds ``left`` + 1 tiles (the others put back in
    the bag), with a tile to lay."""
    for turns in range(4, 14):
        g = _midgame(seed, turns)
        if g.is_over:
            continue
        hand = g.s_hands[g.current_player]
        while len(hand) > left + 1:
            g.s_bag.append(hand.pop())
        if g.hints():
            return g
    pytest.skip("no position with a tile to lay")


@pytest.mark.parametrize("seed,left", [(4, 1), (11, 2), (7, 2), (13, 1), (5, 3)])
def test_last_tiles_is_the_share_of_the_own_last_tiles_that_still_fit_counted_by_brute_force(seed, left):
    g = _near_the_end(seed, left)
    me = g.current_player
    for h in g.hints(limit=100):
        a = h.actions[0]
        rest = [t for t in g.s_hands[me] if t != a.get("tile")]
        lay = _layout_after(g, a)
        want = sum(_fits_by_scan(lay, t) for t in rest) / len(rest) if len(rest) <= 2 else 0.0
        assert strategy.last_tiles(g, a) == pytest.approx(want, abs=1e-12)
        tune = replace(tuning("chromino"), last_tiles=0.5)
        known = strategy.belief(g, me, tune)  # the outlook as the draws and choices told (tested below)
        assert strategy.mark(g, a, tune) == pytest.approx(strategy.outlook(g, a, known) + 0.5 * want, abs=1e-12)
        assert strategy.mark(g, a, replace(tune, told=False)) == pytest.approx(strategy.outlook(g, a) + 0.5 * want, abs=1e-12)


def test_the_paired_search_adds_the_exact_mark_of_each_move_to_its_lines():
    # judged right after the move (no line played on) every placement lays one tile and the lines
    # tie; with the prior the search makes the placement whose mark (recounted here by brute force)
    # is best, without it the first hint
    g = _closing_is_not_the_greedy_hint()
    me = g.current_player
    other = g.s_hands[1 - me]
    assert len(other) > 1 and len(g.s_hands[me]) > 3
    hints = g.hints(limit=6)

    def by_scan(a) -> float:
        lay = _layout_after(g, a)
        unseen = [t for t in range(len(TILES)) if t not in {k.tile for k in lay.laid} | set(g.s_hands[me])]
        fitting = sum(_fits_by_scan(lay, t) for t in unseen)
        stuck = math.comb(len(unseen) - fitting, len(other)) / math.comb(len(unseen), len(other))
        return stuck * (2 - fitting / len(unseen))

    marks = [by_scan(h.actions[0]) for h in hints]
    assert max(marks) > marks[0]
    bare = {"method": "paired", "rollout": 0, "explore": 0.0, "mobility": 0.0, "outlook": 0.0, "guided": False,
            "choices": 0.0}  # the exact mark (the choices weigh a sample of hands, tested below)
    now = SearchBot(seed=1, iterations=24, budget=30.0, tuning={**bare, "prior": 1.0})
    assert list(now.decide(g)) == list(hints[marks.index(max(marks))].actions)
    lines = now.last.values[0] - marks[0] / tuning("chromino").scale  # the lines' value, the same for all
    assert now.last.values == pytest.approx([lines + m / tuning("chromino").scale for m in marks], abs=1e-9)
    before = SearchBot(seed=1, iterations=24, budget=30.0, tuning={**bare, "prior": 0.0})
    assert list(before.decide(g)) == list(hints[0].actions)


# ---------------------------------------------------------------- what the draws tell (issue 31, session 12)

def _just_stuck(seed: int, draw: str = "one") -> chemgames.core.game.Game:
    """A position right after the other player's turn ended with a draw that did not fit (nothing
    laid since: the lay-out is the one that player was stuck on)."""
    g = chemgames.new_game("chromino", players=2, seed=seed, lang="en", draw=draw)
    bots = [GreedyBot(seed), GreedyBot(seed + 1)]
    while not g.is_over:
        play_turn(g, bots[g.current_player])
        last = g.log[-1].action
        if not g.is_over and last.kind == "draw" and last.player != g.current_player \
                and len(g.s_hands[last.player]) > 1 and len(g.log) > 12:
            return g
    pytest.skip("no stuck turn")


@pytest.mark.parametrize("seed,draw", [(4, "one"), (7, "limit"), (12, "one")])
def test_who_was_just_stuck_holds_only_tiles_that_fit_nowhere_checked_by_the_rule(seed, draw):
    g = _just_stuck(seed, draw)
    me, other = g.current_player, 1 - g.current_player
    known = strategy.told(g, me)
    lay = Layout.opening(g.start_tile)  # rebuilt tile by tile, judged by the rule itself (no slots)
    for k in g.s_layout.laid[1:]:
        lay.put(k.tile, k.x, k.y, k.rot, k.player)
    unseen = [t for t in range(len(TILES)) if t not in {k.tile for k in lay.laid} | set(g.s_hands[me])]
    assert sorted(known.unseen) == unseen
    nowhere = frozenset(t for t in unseen if not _fits_by_scan(lay, t))
    assert len(known.slots[other]) == len(g.s_hands[other])
    # every tile held went through that turn (the older ones through earlier stuck turns as well)
    assert known.slots[other][-1] == nowhere and all(may <= nowhere for may in known.slots[other])
    assert set(g.s_hands[other]) <= nowhere  # the real hand agrees (the bot never reads it)
    fits = frozenset(unseen) - nowhere
    assert fits and known.stuck(other, fits) == 1.0  # told: no tile of it fits now
    assert strategy._unseen_odds(len(unseen), len(fits), len(g.s_hands[other])) < 1.0  # not told: it might


def test_the_told_chance_is_the_chance_of_dealing_each_tile_in_turn_counted_by_enumeration():
    # an independent count: every sequence of tiles, the oldest slot first, each an even choice
    # among the tiles it may be and not yet dealt; the chance that none is in ``fits``
    import itertools
    from fractions import Fraction

    unseen = tuple(range(7))
    slots = (frozenset({0, 1, 2}), frozenset({0, 1, 2, 3, 4}), frozenset(unseen))
    known = strategy.Told(unseen, {1: slots})
    for fits in ({0}, {3, 5}, {2, 6}, {0, 1}, set()):
        total = Fraction(0)
        for seq in itertools.permutations(unseen, len(slots)):
            p = Fraction(1)
            for i, t in enumerate(seq):
                left = [u for u in slots[i] if u not in seq[:i]]
                p *= Fraction(1, len(left)) if t in left else 0
            if not any(t in fits for t in seq):
                total += p
        assert known.stuck(1, fits) == pytest.approx(float(total), abs=1e-12)


@pytest.mark.parametrize("seed,draw", [(3, "one"), (8, "until_fit"), (21, "limit")])
def test_what_is_told_never_contradicts_the_real_hand_and_every_world_agrees_with_it(seed, draw):
    import random

    g = chemgames.new_game("chromino", players=2, seed=seed, lang="en", draw=draw)
    bots = [GreedyBot(seed), GreedyBot(seed + 1)]
    told_something = 0
    while not g.is_over:
        me, other = g.current_player, 1 - g.current_player
        known = strategy.told(g, me)
        if other in known.slots:
            real, slots = g.s_hands[other], known.slots[other]
            # the oldest i + 1 tiles may only be tiles of the i-th set: the real hand has enough of them
            assert all(sum(t in may for t in real) >= i + 1 for i, may in enumerate(slots))
            told_something += any(len(may) < len(known.unseen) for may in slots)
            world = known.deal(g, me, random.Random(len(g.log)))
            assert world.view(me) == g.view(me)
            assert sorted(world.s_hands[other] + world.s_bag) == sorted(real + g.s_bag)
            assert all(t in may for t, may in zip(world.s_hands[other], slots))
        play_turn(g, bots[g.current_player])
    assert told_something > 3


def test_what_is_told_reads_only_what_the_player_may_see():
    import random

    g = _just_stuck(12)
    me = g.current_player
    twin = g.redeal_hidden(me, random.Random(3))
    assert twin.s_hands[1 - me] != g.s_hands[1 - me]
    assert strategy.told(twin, me) == strategy.told(g, me)
    deal = strategy.dealer(g, me, tuning("chromino"))
    assert deal(random.Random(5)).s_hands == strategy.dealer(twin, me, tuning("chromino"))(random.Random(5)).s_hands


@pytest.mark.parametrize("hand_size, turns", [(6, 1), (5, None), (3, None)])
def test_the_lines_play_to_the_end_once_a_hand_holds_five_tiles(monkeypatch, hand_size, turns):
    # Chromino's tuning sets ``endgame`` 5 (issue 31, session 26; 3 from session 13): with a hand of five tiles
    # or fewer the sampled lines of a decision play on to the end of the game (who lays the last tile first
    # wins), with more the one reply of the rest of the game
    assert tuning("chromino").endgame == 5
    g = chemgames.new_game("chromino", players=2, seed=5, lang="en", hand_size=hand_size)
    assert len(g.hints(limit=100)) > 1
    seen = []
    real = SearchBot._rollout
    monkeypatch.setattr(SearchBot, "_rollout", lambda self, world, tune, rng, deadline:
                        seen.append(tune.rollout) or real(self, world, tune, rng, deadline))
    SearchBot(seed=1, budget=60.0, iterations=8, tuning={"effort": 1.0}).decide(g)
    assert seen and set(seen) == {turns}


def test_the_two_way_tiles_are_the_ones_the_engine_lays_in_two_ways_only_and_they_fit_less_often():
    # TWO_WAYS (session 18) against the engine's own legal placements on the lay-outs of greedy games:
    # a tile of it is never offered turned end over end (rot 2, 3), every other tile that fits is
    # somewhere, and a tile of it fits somewhere less often than the others
    orientations: dict[int, set[int]] = {t: set() for t in range(len(TILES))}
    fitted = {True: 0, False: 0}
    asked = {True: 0, False: 0}
    for seed in (1, 2, 3):
        g = chemgames.new_game("chromino", players=2, seed=seed, lang="en")
        while not g.is_over:
            lay = g.s_layout
            laid = {k.tile for k in lay.laid}
            fits = lay.placements(range(len(TILES)))
            for t, _, _, rot in fits:
                orientations[t].add(rot)
            for t in set(range(len(TILES))) - laid:
                two = t in strategy.TWO_WAYS
                asked[two] += 1
                fitted[two] += any(f[0] == t for f in fits)
            play_turn(g, GreedyBot(seed))
    assert len(strategy.TWO_WAYS) == 25
    assert all(orientations[t] <= {0, 1} for t in strategy.TWO_WAYS)
    assert all(rots & {2, 3} for t, rots in orientations.items() if t not in strategy.TWO_WAYS and rots)
    assert fitted[True] / asked[True] < 0.75 * fitted[False] / asked[False]


def _a_two_way_tile_behind_the_greedy_hint() -> chemgames.core.game.Game:
    # seed 3 after two greedy turns: the greedy hint lays a tile of four ways, the second a tile of TWO_WAYS
    g = chemgames.new_game("chromino", players=2, seed=3, lang="en")
    while len(g.log) < 2:
        play_turn(g, GreedyBot(3))
    two = [h.actions[0].get("tile") in strategy.TWO_WAYS for h in g.hints(limit=6)]
    assert two[:2] == [False, True]
    return g


@pytest.mark.parametrize("method", ["paired", "ismcts"])
def test_a_line_that_keeps_a_two_way_tile_is_judged_worse_by_hold_tiles(method):
    g = _a_two_way_tile_behind_the_greedy_hint()
    hints, world = g.hints(limit=6), g.copy()
    world.apply(hints[1].actions[0])
    me = g.current_player
    held = sum(t in strategy.TWO_WAYS for t in world.s_hands[me])  # counted from the hand, not by kept_value
    assert strategy.kept_value(world, me, 1.0, 0.0) == -held
    assert strategy.kept_value(world, me, 0.0, 0.0) == 0.0
    # judged right after the move (no line played on), every placement lays one tile: the tiles held tie,
    # so without hold the search makes the greedy hint; with it, the placement of the two-way tile
    bare = {"method": method, "depth": 1, "rollout": 0, "explore": 0.0, "outlook": 0.0, "prior": 0.0,
            "mobility": 0.0, "hold": 0.0}
    before = SearchBot(seed=1, iterations=12, budget=30.0, tuning=bare)
    assert list(before.decide(g)) == list(hints[0].actions)
    now = SearchBot(seed=1, iterations=12, budget=30.0, tuning={**bare, "hold": 1.0})
    assert list(now.decide(g)) == list(hints[1].actions)
    assert now.last.values[1] > now.last.values[0]


def test_the_candidates_rank_laying_a_two_way_tile_up_by_hold():
    # a turn seldom has more than six placements, so two weighed here: a two-way placement the mark alone
    # leaves out comes in with hold, ranked by mark + hold (marks computed here, the ranking not by candidates)
    limit = 2
    for g in _positions(range(1, 40), (4, 8)):
        tune = replace(tuning("chromino"), choices=0.0, hold=0.0)
        hints = g.hints(limit=100)
        marks = [strategy.mark(g, h.actions[0], tune) for h in hints]
        two = [h.actions[0].get("tile") in strategy.TWO_WAYS for h in hints]
        plain = sorted(range(len(hints)), key=lambda i: (-marks[i], i))[:limit]
        if not any(two) or any(two[i] for i in plain):
            continue  # wanted: a two-way placement that the mark alone leaves out
        assert strategy.candidates(g, limit, tune) == [hints[i] for i in plain]
        held = strategy.candidates(g, limit, replace(tune, hold=2.0))
        expect = sorted(range(len(hints)), key=lambda i: (-(marks[i] + 2.0 * two[i]), i))[:limit]
        assert held == [hints[i] for i in expect]
        assert any(h.actions[0].get("tile") in strategy.TWO_WAYS for h in held)
        return
    raise AssertionError("no such position in 39 deals")


def test_hold_x_weighs_only_the_two_way_tiles_that_fit_nowhere_checked_by_the_legal_moves():
    # session 21: beside hold (every two-way tile), hold_x more for each two-way tile the engine lets the player
    # lay nowhere now (read from its legal moves, not from kept_value's placements); wanted once: a hand with a
    # two-way tile that fits and one that does not, so counting all of them (or none) fails
    mixed = 0
    for g in _positions(range(1, 30), (2, 6)):
        me = g.current_player
        fits = {a.get("tile") for a in g.legal_actions() if a.kind == "place"}
        two = [t for t in g.s_hands[me] if t in strategy.TWO_WAYS]
        stuck = sum(t not in fits for t in two)
        assert strategy.kept_value(g, me, 1.0, 2.0) == -len(two) - 2.0 * stuck
        assert strategy.kept_value(g, me, 0.0, 1.5) == -1.5 * stuck
        assert strategy.kept_value(g, me, 1.0, 0.0) == -len(two)
        mixed += 0 < stuck < len(two)
    assert mixed >= 3
