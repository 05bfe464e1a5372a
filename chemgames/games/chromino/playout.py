"""Chromino's sampled lines played without the engine's bookkeeping (issue 31, session 15).

The search bot plays each candidate placement on in many imagined deals (``chemgames.bots.search``,
its default policy ``_rollout``): every turn the best hint (now and then another of the first three),
else drawing or passing, through the engine's ``hints()``, ``is_legal()`` and ``apply()``. Near the
end those lines run to the end of the game, and a line took 5-7 ms, so at 0.1 s a decision each
placement was tried in only 3-5 deals. Most of that time is bookkeeping a line does not need: the
hints judge every placement twice and build texts, the legality check lists every legal action again,
the move is logged.

:func:`play_out` plays **the same policy with the same draws of luck** on the imagined game's own
state: one list of placements a turn (``Layout.placements``, whose rows of free cells the lay-out
keeps up to date), the hints' order computed from the same key (for the game of emptying the hand:
the tile of the highest value, then the most touching sides, then the tile, row, column and turn),
the same calls of the random generator, and the engine's rules of a turn (lay, or draw one tile and
lay it if it fits, or pass; the round played to its end once a hand is empty; blocked when every
player passed in turn with the bag empty). ``tests/test_chromino_playout.py`` plays lines both ways
from the same positions with the same generator and finds the same end, tile for tile.

Only the family game (``scoring="out"``) is played here; the points modes keep the engine's lines
(:func:`play_out` returns ``None``).
"""
from __future__ import annotations

import random
import time
from typing import Any, Callable

from .layout import SIDES, Layout, cells_of
from .tiles import TILES, VALUES

#: the tiles that read the same from both ends (single-colour and A-B-A, 25 of the 75): turned end over end
#: they are the same placement, so they lie in two ways where the others lie in four and fit far less often
#: (``strategy.TWO_WAYS`` is this set; it lives here so the lines' orders below can read it)
PALINDROMES: frozenset[int] = frozenset(t.id for t in TILES if t.palindrome)


def contacts(lay: Layout, x: int, y: int, rot: int) -> int:
    """How many sides of a legal placement touch the lay-out (``len(Layout.judge(...).contacts)``
    without building the judgement).

    >>> from chemgames.games.chromino.tiles import by_colours
    >>> lay = Layout.opening(by_colours((0, 1, 2)).id)
    >>> t, x, y, r = lay.placements([by_colours((0, 0, 1)).id])[0]
    >>> contacts(lay, x, y, r) == len(lay.judge(t, x, y, r).contacts)
    True
    """
    cells = cells_of(x, y, rot)
    laid = lay.cells
    n = 0
    for cx, cy in cells:
        for _, dx, dy in SIDES:
            c = (cx + dx, cy + dy)
            if c in laid and c not in cells:
                n += 1
    return n


def ranked(lay: Layout, hand: list[int], limit: int = 3) -> list[tuple[int, int, int, int]]:
    """The first ``limit`` placements of ``hand`` in the order of the engine's ``hints()`` in the
    game of emptying the hand (no points: the tile of the highest value, the most touching sides,
    then tile, row, column, turn).

    >>> import chemgames
    >>> g = chemgames.new_game("chromino", players=2, seed=4, lang="en")
    >>> [tuple(dict(h.actions[0].params).values()) for h in g.hints(limit=3)] == ranked(g.layout, g.s_hands[0])
    True
    """
    fits = lay.placements(hand)
    keyed = sorted((-VALUES[t], -contacts(lay, x, y, r), t, y, x, r) for t, x, y, r in fits)
    return [(t, x, y, r) for _, _, t, y, x, r in keyed[:limit]]


def two_ways_first(lay: Layout, hand: list[int], limit: int = 3) -> list[tuple[int, int, int, int]]:
    """The placements of ``hand`` in the hints' order (:func:`ranked`), those of a tile that reads the
    same from both ends (:data:`PALINDROMES`) before all others: such a tile is laid whenever a spot
    fits it, not kept for later (session 18: a player of this order against the hints' order won
    57.6 % of 2,000 games, 55.4-59.8 %, ``bench/bench_chromino_two_ways.py --policy 2000``).

    >>> import chemgames
    >>> g = chemgames.new_game("chromino", players=2, seed=0, lang="en")
    >>> first = two_ways_first(g.layout, g.s_hands[0], limit=100)
    >>> sorted(first) == sorted(ranked(g.layout, g.s_hands[0], limit=100))   # the same placements
    True
    >>> two = [p[0] in PALINDROMES for p in first]
    >>> two, ranked(g.layout, g.s_hands[0], limit=1)[0][0] in PALINDROMES   # the hints lay another first
    ([True, True, False, False], False)
    """
    keyed = sorted((t not in PALINDROMES, -VALUES[t], -contacts(lay, x, y, r), t, y, x, r)
                   for t, x, y, r in lay.placements(hand))
    return [(t, x, y, r) for *_, t, y, x, r in keyed[:limit]]


#: the orders a line may lay its tiles in (``Tuning.lines``): the hints' order, or two-way tiles first
ORDERS: dict[str, Callable[[Layout, list[int]], list[tuple[int, int, int, int]]]] = {
    "hints": ranked, "two_ways": two_ways_first}

#: how many of the hints' first placements :func:`closing` weighs (each is laid on a copy of the lay-out)
CLOSE_LOOK = 6


def closing(world: Any) -> Callable[[Layout, list[int]], list[tuple[int, int, int, int]]]:
    """The order of ``Tuning.lines="closing"`` (issue 31, session 22) for the lines played in ``world``:
    of the hints' first :data:`CLOSE_LOOK` placements of the player to move, first the one after which the
    next player's hand *in this imagined world* has the fewest tiles that fit anywhere, then the fewest
    placements, ties in the hints' order. So the other player of a line blocks where it can, as a
    player who weighs the outlook does (main's bot), instead of laying the tile of the highest value (a
    points-mode measure that says nothing of the places a reply closes); the searching player's candidate
    is then judged by what is left to it after a reply that closes its places, not after a reply blind to
    them. It costs about a quarter more a line of one reply (0.38 against 0.31 ms with the copy of the
    game, 60 positions, load 9).

    >>> import chemgames
    >>> g = chemgames.new_game("chromino", players=2, seed=0, lang="en")
    >>> rank = closing(g)
    >>> first = rank(g.layout, g.s_hands[0], 100)
    >>> sorted(first) == sorted(ranked(g.layout, g.s_hands[0], CLOSE_LOOK))   # the same placements, reordered
    True
    >>> left = [len({t for t, *_ in g.layout.with_tile(*p).placements(g.s_hands[1])}) for p in first]
    >>> left == sorted(left)
    True
    """
    def rank(lay: Layout, hand: list[int], limit: int = 3) -> list[tuple[int, int, int, int]]:
        top = ranked(lay, hand, CLOSE_LOOK)
        other = world.s_hands[(world.s_current + 1) % world.players]
        if len(top) < 2 or not other:
            return top[:limit]

        def left(i: int) -> tuple[int, int, int]:
            fits = lay.with_tile(*top[i]).placements(other)
            return len({f[0] for f in fits}), len(fits), i

        return [top[i] for i in sorted(range(len(top)), key=left)[:limit]]

    return rank


#: the orders that read the imagined world (the other hands), made once a line: ``"closing"``
WORLD_ORDERS: dict[str, Callable[[Any], Callable[[Layout, list[int]], list[tuple[int, int, int, int]]]]] = {
    "closing": closing}


def play_out(world: Any, turns: int | None, rng: random.Random, explore: float, until: float,
             rank: Callable[[Layout, list[int]], list[tuple[int, int, int, int]]] = ranked) -> bool | None:
    """Play ``world`` on as the search's default policy does (``SearchBot._rollout``): ``turns``
    changes of turn, or to the end (``None``); each move the first of the hints' three, or with the
    chance ``explore`` one of them at random; no tile fits: draw, else pass. ``world`` is an imagined
    game the search throws away after judging it: its state is changed in place and its log is not
    (the line's moves are not kept). ``False``: ``time.process_time()`` passed ``until`` first (the
    line is cut short); ``None``: not the family game (the engine's lines are played instead).
    ``rank``: the placements in the policy's order (a bench may try another order; the search keeps
    :func:`ranked`, the hints' order).

    >>> import chemgames, random
    >>> g = chemgames.new_game("chromino", players=2, seed=4, lang="en")
    >>> play_out(g, None, random.Random(1), 0.1, float("inf")), g.is_over, len(g.winners()) >= 1
    (True, True, True)
    """
    if world.scoring != "out":
        return None
    hands, bag, lay = world.s_hands, world.s_bag, world.s_layout
    changes = steps = 0
    while not world.s_over and (turns is None or changes < turns) and steps < 2000:
        if time.process_time() >= until:
            return False
        p = world.s_current
        hand = hands[p]
        top = rank(lay, hand)
        if top:
            t, x, y, r = top[0] if len(top) == 1 or rng.random() >= explore else rng.choice(top)
            hand.remove(t)
            lay.put(t, x, y, r, p)
            world.s_laid[p] += 1
            if not hand and p not in world.s_finished:
                world.s_finished.append(p)
            _end_turn(world, p, True)
        elif world._can_draw():
            tile = bag.pop()
            hand.append(tile)
            world.s_drawn += 1
            world.s_draws[p] += 1
            if not lay.placements([tile]) and not world._can_draw():
                _end_turn(world, p, False)
        else:
            _end_turn(world, p, False)
        steps += 1
        changes += world.s_current != p
    # the engine lists its legal actions once per state: this state is new
    world._legal_cache = world._legal_set = None
    return True


def _end_turn(world: Any, p: int, placed: bool) -> None:
    """The engine's ``Chromino._end_turn`` for the family game, without its explanation."""
    world.s_idle = 0 if placed else world.s_idle + 1
    if world.s_finished and p == world.players - 1:
        world.s_over = True
        world.s_end = {"how": "out", "finished": list(world.s_finished)}
    elif not world.s_bag and world.s_idle >= world.players:
        world.s_over = True
        world.s_end = {"how": "blocked", "finished": list(world.s_finished)}
    else:
        world.s_current = (p + 1) % world.players
        world.s_drawn = 0
        world.s_turn += 1


__all__ = ["CLOSE_LOOK", "ORDERS", "PALINDROMES", "WORLD_ORDERS", "closing", "contacts", "play_out", "ranked",
           "two_ways_first"]
