"""Chromino's end game played exactly (issue 31): once the bag is empty, two players.

Then nothing is hidden any more: the tiles a player cannot see (not laid, not in the own hand) are
all in the other hand, since none are left in the bag. The rest of the game is a game of perfect
information, and a small one (a few tiles each), so the search bot can solve it instead of sampling
it: :func:`solve` gives every legal move its exact value under best play by both sides, +1 a win,
0 a shared win, −1 a loss, found by alpha-beta (negamax) over the lay-outs, within a time limit.

The rules followed are the engine's (``rules.py``, the family game "out"): who cannot lay a tile
passes (the bag is empty); a player who lays the last tile finishes, the round is played to its
end (the later seats may still finish too: a shared win), and the game ends after the last seat of
that round; when every player passed in turn, the game is blocked and the fewest tiles win.
``tests/test_chromino_endgame.py`` checks the values against a brute force over the engine itself.

Only what the player may see is read: the lay-out, the own hand and the hand sizes; the other hand
is rebuilt from the tiles not seen (:func:`other_hand`), never read from the game.
"""
from __future__ import annotations

import time
from typing import Any

from .layout import Layout
from .tiles import TILES

Placement = tuple[int, int, int, int]
#: a position with the player to move: lay-out, hands, player, passes in a row, who finished, its placements
Position = tuple[Layout, tuple[frozenset[int], ...], int, int, tuple[int, ...], list[Placement]]
#: a move (``None``: the pass), its end of the game for the mover (``None``: the game goes on), what follows
Child = tuple[Placement | None, int | None, Position | None]


class OutOfTime(Exception):
    """The time limit of :func:`solve` was reached before the game was solved."""


def other_hand(game: Any, viewer: int) -> list[int] | None:
    """The other player's hand as ``viewer`` can know it: with the bag empty and two players,
    every tile ``viewer`` does not see (not laid, not in the own hand). ``None`` while the bag holds
    tiles, in a game of more or fewer than two players, or in a points mode (not solved here).

    >>> import chemgames
    >>> g = chemgames.new_game("chromino", players=2, seed=3, lang="en")
    >>> other_hand(g, 0) is None   # the bag is full
    True
    """
    if game.s_bag or len(game.s_hands) != 2 or game.scoring != "out" or game.is_over:
        return None
    seen = {k.tile for k in game.s_layout.laid} | set(game.s_hands[viewer])
    unseen = [t for t in range(len(TILES)) if t not in seen]
    if len(unseen) != len(game.s_hands[1 - viewer]):  # a hand put together outside the rules
        return None
    return unseen


_EXACT, _LOWER, _UPPER = 0, 1, 2


class _Solver:
    """Negamax with alpha-beta and a table of positions (lay-out, player to move, passes in a row,
    who finished; the hands follow from the lay-out), values +1 / 0 / −1 for the player to move."""

    def __init__(self, until: float) -> None:
        self.until = until
        self.nodes = 0
        self.table: dict[tuple[Any, ...], tuple[int, int]] = {}

    def children(self, lay: Layout, hands: tuple[frozenset[int], ...], p: int, idle: int,
                 finished: tuple[int, ...], fits: list[Placement]) -> list[Child]:
        """Each move of ``p`` and what follows it, ``(move, value for p at the end or None, the
        position after it)``; ordered: a game won first, then the moves that leave the next player
        the fewest placements (none: it must pass), as a strong player would try them."""
        out: list[Child] = []
        moves: list[Placement | None] = list(fits) or [None]
        for move in moves:
            if move is None:
                after, held, done, still = lay, hands, finished, idle + 1
            else:
                t, x, y, r = move
                after = lay.with_tile(t, x, y, r, p)
                held = tuple(h - {t} if q == p else h for q, h in enumerate(hands))
                done = finished + (p,) if not held[p] else finished
                still = 0
            n = len(hands)
            if (done and p == n - 1) or still >= n:  # the engine's ``_end_turn``: the game ends
                out.append((move, _outcome(held, done, p), None))
                continue
            q = (p + 1) % n
            out.append((move, None, (after, held, q, still, done, after.placements(held[q]))))
        rank = {1: 0, None: 1, 0: 2, -1: 3}  # won, goes on, shared, lost
        out.sort(key=lambda c: (rank[c[1]], len(c[2][5]) if c[2] is not None else 0))
        return out

    def value(self, lay: Layout, hands: tuple[frozenset[int], ...], p: int, idle: int,
              finished: tuple[int, ...], fits: list[Placement], alpha: int = -1, beta: int = 1) -> int:
        """The value of the position for ``p``, the player to move, within ``alpha``..``beta``."""
        self.nodes += 1
        if self.nodes % 4 == 1 and time.process_time() > self.until:  # the first node too; a node lays each move once
            raise OutOfTime
        key = (frozenset((k.tile, k.x, k.y, k.rot) for k in lay.laid), p, idle, finished)
        hit = self.table.get(key)
        if hit is not None:
            v, flag = hit
            if flag == _EXACT or (flag == _LOWER and v >= beta) or (flag == _UPPER and v <= alpha):
                return v
        start_alpha, best = alpha, -2
        for _, end, nxt in self.children(lay, hands, p, idle, finished, fits):
            v = end if end is not None else -self.after(nxt, -beta, -alpha)
            best = max(best, v)
            alpha = max(alpha, v)
            if alpha >= beta:
                break
        flag = _UPPER if best <= start_alpha else _LOWER if best >= beta else _EXACT
        self.table[key] = (best, flag)
        return best

    def after(self, nxt: Position | None, alpha: int = -1, beta: int = 1) -> int:
        """:meth:`value` of the position after a move (the game goes on)."""
        assert nxt is not None
        lay, hands, q, idle, finished, fits = nxt
        return self.value(lay, hands, q, idle, finished, fits, alpha, beta)


def solve(game: Any, viewer: int, until: float, stop_at_win: bool = True) -> list[tuple[Placement | None, int]] | None:
    """Every move of ``viewer`` (to move) with its exact value under best play (+1 a win, 0 a
    shared win, −1 a loss; ``None`` the pass when nothing fits), best first; ``None`` when the game
    is not one of perfect information yet (:func:`other_hand`) or when ``time.process_time()``
    passes ``until`` first. ``stop_at_win``: the list ends with the first winning move found.

    >>> import chemgames
    >>> g = chemgames.new_game("chromino", players=2, seed=3, lang="en")
    >>> solve(g, 0, float("inf")) is None   # the bag is full: hidden tiles
    True
    """
    if game.current_player != viewer:
        return None
    other = other_hand(game, viewer)
    if other is None:
        return None
    hands = tuple(frozenset(game.s_hands[q]) if q == viewer else frozenset(other) for q in range(2))
    lay = game.s_layout  # never changed: each move is laid on a copy (``Layout.with_tile``)
    solver = _Solver(until)
    found: list[tuple[Placement | None, int]] = []
    try:
        fits = lay.placements(hands[viewer])
        for move, end, nxt in solver.children(lay, hands, viewer, game.s_idle, tuple(game.s_finished), fits):
            v = end if end is not None else -solver.after(nxt)
            found.append((move, v))
            if v == 1 and stop_at_win:
                break
    except OutOfTime:
        return None
    found.sort(key=lambda mv: -mv[1])
    return found


def _outcome(hands: tuple[frozenset[int], ...], finished: tuple[int, ...], p: int) -> int:
    """The end of the game for ``p``: +1 the only winner, 0 a shared win, −1 not a winner.
    Who emptied the hand wins; a blocked game: the fewest tiles."""
    if finished:
        winners = set(finished)
    else:
        fewest = min(len(h) for h in hands)
        winners = {q for q, h in enumerate(hands) if len(h) == fewest}
    if p not in winners:
        return -1
    return 1 if len(winners) == 1 else 0
