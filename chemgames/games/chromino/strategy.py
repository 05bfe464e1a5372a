"""What the search bot knows of Chromino (``chemgames.bots.search`` reads it): each candidate
placement is laid in many sampled worlds, the same worlds for all of them (``paired``), the other
player's reply is played, and the position is judged; to that the placement's exact ``mark`` is added.

Who empties the hand first wins ("out", the sheet's game), so a line is judged by the tiles each
player still holds, not by the tiles laid: a draw (one tile, or up to three under the draw limit)
puts a player further back though nothing was laid. Beyond the line's end, what counts is whether a
hand can still be laid (``mobility``): a player with no tile that fits the lay-out will draw instead
of laying, about two tiles worse off than one who lays.

The ``mark`` of a placement (issue 31), what the bot knows before any line is played:
``outlook``, the chance that the other player finds no place for any tile of its hidden hand (an
exact chance, from the tiles this player cannot see), and ``last_tiles``, whether the player's own
last one or two tiles can still be laid after it. The search weighs the placements in its order and
adds it to the value of their lines (``Tuning.prior``). Lines of one reply, not a tree of three
decisions and six turns: at 0.1 s a decision each placement is tried in about 20 worlds instead of
about 5, each line with fewer draws of luck (issue 31, session 11).
"""
from __future__ import annotations

from typing import Any

from .scoring import POINT_MODES
from .tiles import TILES

#: the fields of ``chemgames.bots.search.Tuning`` this game sets (the others keep their defaults); a line of
#: one reply takes about 1 ms, so ``effort`` 5 lets level medium's 40 × 5 lines fill about its 0.2 s
SEARCH: dict[str, Any] = dict(method="paired", rollout=1, scale=4.0, mobility=1.0, outlook=1.0, guided=False,
                              prior=1.0, last_tiles=0.5, effort=5.0)


def standing(world: Any) -> list[float]:
    """Each player's standing at the end of a sampled line, more is better: minus the tiles in the
    hand in the game of emptying the hand, the points in a points mode.

    >>> import chemgames
    >>> g = chemgames.new_game("chromino", players=2, seed=3, lang="en")
    >>> standing(g) == [-len(h) for h in g.s_hands]
    True
    """
    if world.scoring in POINT_MODES:
        return [float(s) for s in world.scores()]
    return [-float(len(hand)) for hand in world.s_hands]


def mobility(world: Any, player: int) -> float:
    """How well ``player``'s hand can go on at the end of a sampled line: 1 with two or more tiles
    that fit the lay-out somewhere, 0.5 with one (the other player may close its place), 0 with none
    (the next turn draws). Counted as tiles (``Tuning.mobility`` the weight) in the game of emptying
    the hand; a points mode gets 0 (its scores are on another scale).

    >>> import chemgames
    >>> g = chemgames.new_game("chromino", players=2, seed=3, lang="en")
    >>> fits = {t for t, *_ in g.placements_for(g.s_hands[0])}
    >>> mobility(g, 0) == min(len(fits), 2) / 2
    True
    """
    if world.scoring in POINT_MODES:
        return 0.0
    hand = world.s_hands[player]
    if not hand:
        return 1.0
    fits = {t for t, *_ in world.placements_for(hand)}
    return min(len(fits), 2) / 2


def _unseen_odds(unseen: int, fitting: int, held: int) -> float:
    """The chance that a hand of ``held`` tiles, dealt from ``unseen`` tiles of which ``fitting``
    fit the lay-out somewhere, holds none that fits (hypergeometric: every tile drawn misses).

    >>> _unseen_odds(10, 0, 3), _unseen_odds(10, 8, 3), round(_unseen_odds(10, 5, 2), 3)
    (1.0, 0.0, 0.222)
    """
    odds = 1.0
    for i in range(held):
        if unseen - i <= 0:
            break
        odds *= max(unseen - fitting - i, 0) / (unseen - i)
    return odds


def outlook(game: Any, action: Any) -> float:
    """What laying this tile does to the other players' next turn, in tiles, from the view of the
    player who lays it (only what that player may see: the own hand, the lay-out, hands laid open).

    Who cannot lay a tile draws instead: a turn lost is about two tiles (one not laid, one drawn) or
    one if the drawn tile fits, whose chance is the share of the unseen tiles that fit. The hidden
    hand of another player is some hand of its size dealt from the tiles this player does not see,
    so the chance that it holds nothing that fits the lay-out after this tile is exact
    (:func:`_unseen_odds`); a hand laid open (its last tile, or open hands) is judged as it is.
    Returns the others' expected loss: more is better for the player laying the tile (it closes
    the places the others' tiles could go). The player's own next turn is left out on purpose: the
    other player moves first and opens new places, and weighing it made a one-turn player weaker
    (``bench/RESULTS-bots.md``, issue 31 session 10).

    >>> import chemgames
    >>> g = chemgames.new_game("chromino", players=2, seed=9, lang="en")
    >>> marks = {h.formula: round(outlook(g, h.actions[0]), 3) for h in g.hints()}
    >>> marks["★■◆ (-2, 1) →"] > marks["◆★● (0, 1) →"]   # a bent row of six closes more places
    True
    """
    me = game.current_player
    hand = game.s_hands[me]
    tile = action.get("tile")
    lay = game.s_layout.with_tile(tile, action.get("x"), action.get("y"), action.get("rot"))
    if len(hand) == 1:
        return float(2 * len(game.s_hands))  # the hand is empty: nothing the next turns bring weighs more
    shown = {q: h for q, h in enumerate(game.s_hands) if q != me and (game.open or len(h) == 1)}
    seen = {k.tile for k in lay.laid} | set(hand) | {t for h in shown.values() for t in h}
    unseen = [t for t in range(len(TILES)) if t not in seen]
    fits = {t for t, *_ in lay.placements(unseen + [t for h in shown.values() for t in h])}
    fitting = sum(t in fits for t in unseen)
    lost = 2.0 - (fitting / len(unseen) if unseen else 0.0)  # a turn without a tile laid, in tiles
    theirs = 0.0
    for q, h in enumerate(game.s_hands):
        if q == me:
            continue
        if q in shown:
            theirs += lost * (not any(t in fits for t in h))
        else:
            theirs += lost * _unseen_odds(len(unseen), fitting, len(h))
    return theirs


def last_tiles(game: Any, action: Any) -> float:
    """Whether the player's own last tiles can still be laid after this tile: with one or two
    tiles left after it, the share of them that fit the lay-out somewhere once it lies (which tile
    to keep for the end, and not to close its place oneself); 0 with more left or none.

    Only near the end: there a tile that fits nowhere means drawing turn after turn while the
    other player lays. Earlier the own next turn is left out, as in :func:`outlook` (a one-turn
    player that weighed it all game long scored 49.1 % against greedy over 1,000 games; with the
    outlook and this term at weight 0.5, 66.1 % against 61.6 % for the outlook alone).

    >>> import chemgames
    >>> g = chemgames.new_game("chromino", players=2, seed=5, lang="en", hand_size=3)
    >>> a = g.hints()[0].actions[0]
    >>> rest = [t for t in g.s_hands[0] if t != a.get("tile")]
    >>> lay = g.layout.with_tile(a.get("tile"), a.get("x"), a.get("y"), a.get("rot"))
    >>> last_tiles(g, a) == len({t for t, *_ in lay.placements(rest)}) / 2, last_tiles(g, a)
    (True, 0.5)
    """
    hand = game.s_hands[game.current_player]
    rest = [t for t in hand if t != action.get("tile")]
    if not rest or len(rest) > 2:
        return 0.0
    lay = game.s_layout.with_tile(action.get("tile"), action.get("x"), action.get("y"), action.get("rot"))
    return len({t for t, *_ in lay.placements(rest)}) / len(rest)


def mark(game: Any, action: Any, tune: Any) -> float:
    """What the bot makes of a placement before any line is played, in tiles: its
    :func:`outlook` and, weighed by ``tune.last_tiles``, its :func:`last_tiles`."""
    own = tune.last_tiles * last_tiles(game, action) if tune.last_tiles else 0.0
    return outlook(game, action) + own


def candidates(game: Any, limit: int, tune: Any) -> list[Any]:
    """The moves the search weighs (``chemgames.bots.search`` calls it instead of ``hints``): with
    ``tune.outlook`` the legal placements ordered by :func:`mark` (ties keep the hints' order:
    the tile of the highest value first), else the first ``limit`` hints."""
    if not tune.outlook:
        return game.hints(limit=limit)
    hints = game.hints(limit=100)
    scored = sorted(range(len(hints)), key=lambda i: (-mark(game, hints[i].actions[0], tune), i))
    return [hints[i] for i in scored[:limit]]


def policy(world: Any, rng: Any, tune: Any) -> Any:
    """The default policy's move in a sampled line (``tune.guided``): the placement of the best
    :func:`mark`; ``None`` when no tile fits (the search draws or passes)."""
    hints = world.hints(limit=100)
    if not hints:
        return None
    return max(enumerate(hints), key=lambda ih: (mark(world, ih[1].actions[0], tune), -ih[0]))[1]


def prior(game: Any, move: Any, tune: Any) -> float:
    """What the search adds to a move's sampled lines (``Tuning.prior``): its :func:`mark` (the
    other hands' expected loss on their next turn, exact where the lines only sample it); 0 for
    a draw or a pass."""
    first = move[0] if move else None
    return mark(game, first, tune) if first is not None and first.kind == "place" else 0.0
