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

import random
import weakref
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .endgame import solve
from .layout import Laid, Layout
from .playout import play_out
from .scoring import POINT_MODES
from .tiles import TILES

#: the fields of ``chemgames.bots.search.Tuning`` this game sets (the others keep their defaults); a line of
#: one reply takes about 1 ms, so ``effort`` 5 lets level medium's 40 × 5 lines fill about its 0.2 s;
#: ``endgame`` 3: once a hand holds three tiles or fewer the lines play on to the end (:func:`look_ahead`);
#: ``fast_lines``: the lines played by :func:`chemgames.games.chromino.playout.play_out` (the same policy, the
#: same luck, without the engine's bookkeeping: more imagined deals in the same time, session 15)
SEARCH: dict[str, Any] = dict(method="paired", rollout=1, scale=4.0, mobility=1.0, outlook=1.0, guided=False,
                              prior=1.0, last_tiles=0.5, effort=5.0, told=True, endgame=3, exact=0.5, fast_lines=True)


def exact(game: Any, viewer: int, until: float) -> list[tuple[tuple[Any, ...], int]] | None:
    """The end game solved (``Tuning.exact``, :func:`chemgames.games.chromino.endgame.solve`): once
    the bag is empty the other hand is every tile ``viewer`` does not see, and best play is found
    exactly. Each move of ``viewer`` as the search's actions with its value (+1 won, 0 shared, −1
    lost), best first; ``None`` while something is hidden or when ``until`` came first.

    >>> import chemgames
    >>> g = chemgames.new_game("chromino", players=2, seed=3, lang="en")
    >>> exact(g, 0, float("inf")) is None   # tiles in the bag: not solved
    True
    """
    solved = solve(game, viewer, until)
    if solved is None:
        return None
    moves = {(a.get("tile"), a.get("x"), a.get("y"), a.get("rot")) if a.kind == "place" else None: a
             for a in game.legal_actions()}
    return [((moves[m],), v) for m, v in solved]


def look_ahead(game: Any, tune: Any) -> int | None:
    """How many turns the sampled lines of this decision play on: ``tune.rollout``, or to the end
    of the game (``None``) once a hand holds ``tune.endgame`` tiles or fewer. Near the end who lays
    the last tile first wins, and whether the last tiles still find a place after the other
    player's turns is what decides; one reply does not reach that far.

    >>> import chemgames
    >>> from chemgames.bots.search import Tuning
    >>> g = chemgames.new_game("chromino", players=2, seed=3, lang="en", hand_size=3)
    >>> look_ahead(g, Tuning(rollout=1)), look_ahead(g, Tuning(rollout=1, endgame=3)), look_ahead(g, Tuning(rollout=1, endgame=2))
    (1, None, 1)
    """
    if tune.endgame is not None and min(len(h) for h in game.s_hands) <= tune.endgame:
        return None
    return tune.rollout


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


@lru_cache(maxsize=2048)
def _fitting_then(laid: tuple[Laid, ...]) -> frozenset[int]:
    """The tiles that fit somewhere on the lay-out of these tiles (laid in this order)."""
    lay = Layout()
    for k in laid:
        lay.put(k.tile, k.x, k.y, k.rot, k.player)
    return frozenset(t for t, *_ in lay.placements(range(len(TILES))))


@dataclass(frozen=True)
class Told:
    """What the draws of the other players tell ``viewer`` of their hidden hands (issue 31).

    Who draws (or passes) holds no tile that fits the lay-out of that moment, and a drawn tile
    that is not laid at once did not fit either. So every tile a player has held since such a
    turn fits none of the lay-outs of those turns: public knowledge (the log says who drew; which
    tile, only the drawer), which OpenSpiel's ISMCTS does not use (it deals the hidden hands
    evenly). ``unseen``: the tiles ``viewer`` cannot see; ``slots[q]``: one set a tile of the
    hidden hand of ``q``, the unseen tiles that tile may be (the oldest tiles first, whose sets
    are the smallest: each set holds the one before it).
    """

    unseen: tuple[int, ...]
    slots: dict[int, tuple[frozenset[int], ...]]

    def stuck(self, q: int, fits: set[int] | frozenset[int]) -> float:
        """The chance that the hidden hand of ``q`` holds no tile of ``fits``, each tile dealt in
        turn (oldest first) from the unseen tiles it may be, all earlier ones missing ``fits``
        (with nothing told, :func:`_unseen_odds`).

        >>> t = Told(unseen=tuple(range(10)), slots={1: (frozenset(range(10)),) * 3})
        >>> t.stuck(1, set(range(5))) == _unseen_odds(10, 5, 3)
        True
        >>> old = Told(unseen=tuple(range(10)), slots={1: (frozenset({5, 6}), frozenset(range(10)))})
        >>> old.stuck(1, {0, 1}) == 7 / 9   # the old tile misses; the new one is one of 9 left, 7 miss
        True
        """
        odds = 1.0
        for i, may in enumerate(self.slots[q]):
            size = len(may) - i
            if size <= 0:  # told more than can be (a hand put back by hand): nothing told
                return _unseen_odds(len(self.unseen), sum(t in fits for t in self.unseen), len(self.slots[q]))
            odds *= max(sum(t not in fits for t in may) - i, 0) / size
        return odds

    def deal(self, game: Any, viewer: int, rng: random.Random) -> Any:
        """A world (``Game.redeal_hidden``) whose hidden hands agree with what the draws told: the
        unseen tiles in the world's order (its hidden hands, then its bag: an even shuffle), each
        tile of a hand, oldest first, the first one it may be (the first one left when none), the
        rest the bag in that order. The first allowed tile of an even shuffle is an even choice
        among the allowed ones, and the world's own deal is kept where it agrees."""
        world = game.redeal_hidden(viewer, rng)
        order = [t for q in self.slots for t in world.s_hands[q]] + list(world.s_bag)
        for q, slots in self.slots.items():
            hand = []
            for may in slots:
                at = next((i for i, t in enumerate(order) if t in may), 0)
                hand.append(order.pop(at))
            world.s_hands[q][:] = hand
        world.s_bag[:] = order
        return world


_TOLD: dict[tuple[int, int, int], tuple[Any, Told]] = {}


def told(game: Any, viewer: int) -> Told:
    """What the log tells ``viewer`` of the other hidden hands (:class:`Told`), read once a
    position (cached for the game object and the length of its log).

    >>> import chemgames
    >>> g = chemgames.new_game("chromino", players=2, seed=3, lang="en")
    >>> t = told(g, 0)
    >>> len(t.slots[1]), all(s == frozenset(t.unseen) for s in t.slots[1])   # nothing told yet
    (8, True)
    """
    key = (id(game), len(game._log), viewer)
    hit = _TOLD.get(key)
    if hit is not None and hit[0]() is game:
        return hit[1]
    hands = game.s_hands
    shown = {q for q, h in enumerate(hands) if q != viewer and (game.open or len(h) == 1)}
    hidden = [q for q in range(len(hands)) if q != viewer and q not in shown]
    laid = game.s_layout.laid
    seen = {k.tile for k in laid} | set(hands[viewer]) | {t for q in shown for t in hands[q]}
    unseen = tuple(t for t in range(len(TILES)) if t not in seen)
    # each tile of a hand as the index of the first stuck turn it went through (a list a player);
    # a stuck turn as the tiles that fitted then
    entry: dict[int, list[int]] = {q: [0] * (len(hands[q]) + game.s_laid[q] - game.s_draws[q]) for q in hidden}
    stuck: dict[int, list[frozenset[int]]] = {q: [] for q in hidden}
    placed, before = 1, None
    for e in game._log:
        a, q = e.action, e.action.player
        same_turn = before is not None and before.player == q and before.kind == "draw"
        if a.kind == "place":
            if q in entry and entry[q]:
                if same_turn:  # the tile just drawn (nothing else fitted)
                    entry[q].pop()
                else:  # the oldest tile it can have been: one that fitted no stuck turn since it came
                    last = max((i for i, f in enumerate(stuck[q]) if a.get("tile") in f), default=-1)
                    slot = next((i for i, k in enumerate(entry[q]) if k > last), len(entry[q]) - 1)
                    entry[q].pop(slot)
            placed += 1
        elif a.kind in ("draw", "pass") and q in entry:
            if not same_turn:
                stuck[q].append(_fitting_then(tuple(laid[:placed])))
            if a.kind == "draw":
                entry[q].append(len(stuck[q]) - 1)
        before = a
    slots: dict[int, tuple[frozenset[int], ...]] = {}
    for q in hidden:
        if len(entry[q]) != len(hands[q]):  # a hand changed outside the log: nothing told
            entry[q] = [0] * len(hands[q])
            stuck[q] = []
        last_stuck = {t: max((i for i, f in enumerate(stuck[q]) if t in f), default=-1) for t in unseen}
        slots[q] = tuple(frozenset(t for t in unseen if last_stuck[t] < k) for k in sorted(entry[q]))
    out = Told(unseen, slots)
    if len(_TOLD) > 16:
        _TOLD.clear()
    _TOLD[key] = (weakref.ref(game), out)
    return out


def dealer(game: Any, viewer: int, tune: Any) -> Any:
    """The worlds of a decision (``chemgames.bots.search`` with ``Tuning.told``): a function of
    the random generator that deals the hidden hands as the draws told (:meth:`Told.deal`).

    The search deals the same world once for each candidate placement (the generator started
    alike each time: ``paired``). So a world is dealt once, kept, and copied for the next calls
    that start from the same state of the generator (which is then set to where the deal left
    it): the same world and the same luck after it, without shuffling and reading the told hands
    again, and with the lay-out's rows of free cells found once (session 15).

    >>> import chemgames, random
    >>> g = chemgames.new_game("chromino", players=2, seed=3, lang="en")
    >>> deal = dealer(g, 0, None)
    >>> a, b = random.Random(7), random.Random(7)
    >>> first, again = deal(a), deal(b)
    >>> first is not again and first.s_hands == again.s_hands and first.s_bag == again.s_bag
    True
    >>> a.getstate() == b.getstate() == (lambda r: (told(g, 0).deal(g, 0, r), r.getstate())[1])(random.Random(7))
    True
    """
    known = told(game, viewer)
    kept: list[Any] = [None, None, None]  # the generator's state before a deal, the world dealt, the state after

    def deal(rng: random.Random) -> Any:
        before = rng.getstate()
        if kept[1] is not None and before == kept[0]:
            rng.setstate(kept[2])
        else:
            world = known.deal(game, viewer, rng)
            world.s_layout.slots()
            kept[:] = [before, world, rng.getstate()]
        copy = kept[1].copy()
        copy.s_layout.keep_slots(kept[1].s_layout)
        return copy

    return deal


def outlook(game: Any, action: Any, known: Told | None = None) -> float:
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
        elif known is not None and q in known.slots:
            theirs += lost * known.stuck(q, fits)
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
    known = told(game, game.current_player) if getattr(tune, "told", False) else None
    return outlook(game, action, known) + own


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
