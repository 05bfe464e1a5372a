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

What the bot believes of the other hand (its imagined deals and the outlook's chance): the tiles the
other player's draws allow (:class:`Told`, session 12) and, since session 16, those hands weighed by
the placements that player chose (:class:`Believed`): a player choosing among its placements
without a strong preference makes a hand with few placements likelier than one with many.
"""
from __future__ import annotations

import bisect
import itertools
import math
import random
import weakref
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from .endgame import solve
from .layout import Laid, Layout
from .playout import ORDERS, PALINDROMES, WORLD_ORDERS
from .playout import play_out as _play_out
from .scoring import POINT_MODES
from .tiles import TILES

#: the fields of ``chemgames.bots.search.Tuning`` this game sets (the others keep their defaults); a line of
#: one reply takes about 1 ms, so ``effort`` 5 lets level medium's 40 × 5 lines fill about its 0.2 s;
#: ``endgame`` 5: once a hand holds five tiles or fewer the lines play on to the end (:func:`look_ahead`; 3 until
#: session 26, whose match against OpenSpiel's ISMCTS at 0.3 s scored 64.8 % with 5 against 45.7 % with 3 on the same games);
#: ``fast_lines``: the lines played by :func:`chemgames.games.chromino.playout.play_out` (the same policy, the
#: same luck, without the engine's bookkeeping: more imagined deals in the same time, session 15); ``margin`` 0.5:
#: a line played to the end counts half won or lost, half ``tanh(tiles ahead / scale)`` (session 17: a line won
#: by one tile, where a slightly other deal loses, and one won by four are told apart); ``hold`` 1: a tile that
#: reads the same from both ends (:data:`TWO_WAYS`) still in hand at a line's end counts as one tile more
#: (:func:`kept_value`; session 18: such tiles fit half as often and are the ones left over)
SEARCH: dict[str, Any] = dict(method="paired", rollout=1, scale=4.0, mobility=1.0, outlook=1.0, guided=False,
                              prior=1.0, last_tiles=0.5, effort=5.0, told=True, choices=1.0, endgame=5, exact=0.5,
                              fast_lines=True, margin=0.5, hold=1.0)


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


#: the tiles that read the same from both ends (single-colour and A-B-A, 25 of the 75): turned end over end
#: they are the same placement, so on a spot where another tile may lie in four ways they lie in two, and
#: they fit the lay-out far less often (on the lay-outs of 150 games of the lines' policy, ``play_out``, deals
#: 71000-71149, every third turn, a tile not yet laid fitted somewhere 24-26 % of the time, the others 45-47 %)
TWO_WAYS: frozenset[int] = PALINDROMES


def play_out(world: Any, turns: int | None, rng: random.Random, explore: float, until: float,
             tune: Any = None) -> bool | None:
    """The search's lines (``Tuning.fast_lines``): :func:`chemgames.games.chromino.playout.play_out` with
    the tiles laid in the order ``tune.lines`` names (:data:`chemgames.games.chromino.playout.ORDERS`:
    ``"hints"``, the hints' order; ``"two_ways"``, a tile of :data:`TWO_WAYS` first whenever one fits,
    for both players of the imagined line; or :data:`chemgames.games.chromino.playout.WORLD_ORDERS`:
    ``"closing"``, the placement that leaves the next player's imagined hand the fewest tiles that fit,
    session 22). Without ``tune``, the hints' order.

    >>> import chemgames, random
    >>> from chemgames.bots.search import Tuning
    >>> a, b = (chemgames.new_game("chromino", players=2, seed=0, lang="en") for _ in "ab")
    >>> play_out(a, 1, random.Random(1), 0.0, float("inf")), play_out(b, 1, random.Random(1), 0.0, float("inf"), Tuning(lines="two_ways"))
    (True, True)
    >>> [k.tile in TWO_WAYS for k in a.s_layout.laid[1:]], [k.tile in TWO_WAYS for k in b.s_layout.laid[1:]]
    ([False], [True])
    """
    name = getattr(tune, "lines", "hints") or "hints"
    order = ORDERS[name] if name in ORDERS else WORLD_ORDERS[name](world)
    return _play_out(world, turns, rng, explore, until, order)


def kept_value(world: Any, player: int, hold: float, hold_x: float) -> float:
    """What ``player``'s hand in this sampled world is worth beyond the line's end, in tiles (the
    search adds it with ``Tuning.hold`` to a line cut short, ``chemgames.bots.search``): ``hold``
    tiles less for each tile of :data:`TWO_WAYS` in it, and ``hold_x`` tiles less again for each of
    them that fits nowhere on the lay-out now (0: not looked at). Such a tile is the one likely to be
    left over when nothing else fits, so a hand that keeps it is worse off than its count says; laying
    it while it fits is worth something (a greedy player that lays these first, else as greedy, won
    57.6 % of 2,000 games against greedy, deals 80000-80999 from both seats, session 18). One that fits
    nowhere now weighs about twice as much as one that fits in the fit of who wins the lines' policy
    games (session 20, ``bench/bench_chromino_two_ways.py --weigh``: -2.2 to -3.1 tiles against -1.1
    to -1.4), which ``hold_x`` lets the search count (session 21).

    >>> import chemgames
    >>> g = chemgames.new_game("chromino", players=2, seed=3, lang="en")
    >>> kept_value(g, 0, 1.0, 0.0) == -sum(t in TWO_WAYS for t in g.s_hands[0]), len(TWO_WAYS)
    (True, 25)
    >>> two = [t for t in g.s_hands[0] if t in TWO_WAYS]
    >>> stuck = [t for t in two if not g.placements_for([t])]
    >>> kept_value(g, 0, 1.0, 2.0) == -len(two) - 2 * len(stuck)
    True
    """
    if world.scoring in POINT_MODES or not (hold or hold_x):
        return 0.0
    two = [t for t in world.s_hands[player] if t in TWO_WAYS]
    value = -hold * len(two)
    if hold_x and two:
        fits = {t for t, *_ in world.placements_for(two)}
        value -= hold_x * sum(t not in fits for t in two)
    return value


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
def _ways_then(laid: tuple[Laid, ...]) -> tuple[int, ...]:
    """How many placements each tile (by its number) has on the lay-out of these tiles (laid in
    this order): a hand's legal placements are the sum over its tiles."""
    lay = Layout()
    for k in laid:
        lay.put(k.tile, k.x, k.y, k.rot, k.player)
    ways = [0] * len(TILES)
    for t, *_ in lay.placements(range(len(TILES))):
        ways[t] += 1
    return tuple(ways)


def _fitting_then(laid: tuple[Laid, ...]) -> frozenset[int]:
    """The tiles that fit somewhere on the lay-out of these tiles (laid in this order)."""
    return frozenset(t for t, n in enumerate(_ways_then(laid)) if n)


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

    ``chose[q]``: each turn on which ``q`` laid a tile chosen from its whole hand (not the tile
    just drawn), as ``(ways, known, held)``: how many placements each tile had on that turn's
    lay-out, how many of them the tiles laid since (known to have been in the hand then) had, and
    which slots of the hand now were held then. A hand's placements that turn are ``known`` plus
    the ways of those slots' tiles (:class:`Believed` weighs hands by them, session 16).
    """

    unseen: tuple[int, ...]
    slots: dict[int, tuple[frozenset[int], ...]]
    chose: dict[int, tuple[tuple[tuple[int, ...], int, tuple[int, ...]], ...]] = field(default_factory=dict)

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
        rest the bag in that order. The world's own deal is kept where it agrees. The first slot's
        tile is an even choice among the ones it may be; the later slots' are not quite (they take
        the tiles the older slots may not be a little more often: :func:`_even_hands` deals evenly,
        as the weighed belief of ``Tuning.choices`` does, session 16)."""
        world = game.redeal_hidden(viewer, rng)
        order = [t for q in self.slots for t in world.s_hands[q]] + list(world.s_bag)
        for q, hand in self.hands(order).items():
            world.s_hands[q][:] = hand
        world.s_bag[:] = order
        return world

    def hands(self, order: list[int]) -> dict[int, list[int]]:
        """The hidden hands taken from ``order`` (the unseen tiles, shuffled): each tile of a hand,
        oldest first, the first one it may be (the first one left when none); what is taken is
        removed from ``order``.

        >>> t = Told(unseen=(1, 2, 3, 4), slots={1: (frozenset({3, 4}), frozenset({1, 2, 3, 4}))})
        >>> order = [1, 2, 4, 3]
        >>> t.hands(order), order
        ({1: [4, 1]}, [2, 3])
        """
        out = {}
        for q, slots in self.slots.items():
            hand = []
            for may in slots:
                at = next((i for i, t in enumerate(order) if t in may), 0)
                hand.append(order.pop(at))
            out[q] = hand
        return out


#: hands in a :class:`Believed` sample (weighed once a position: about 2 ms, at most 5 ms in 685 positions)
POOL = 256


@dataclass(frozen=True)
class Believed:
    """The other hidden hands as a weighed sample (session 16): hands dealt as the draws told
    (:class:`Told`), each weighed by how likely the placements the other player chose were if
    that was its hand.

    A player who picks one of its legal placements without a strong preference picks a given one
    with a chance of about 1 / (the hand's placements then): a hand with few ways to go makes the
    tile it laid likelier, a hand with many makes it less likely. So every turn on which the other
    player laid a tile from its whole hand multiplies a hand's weight by
    (1 / its placements that turn) ** ``strength`` (``Tuning.choices``; 0: every hand the same).
    This is a guess about how the other player chooses, not something the rules say; the hands
    themselves come only from what the player may see (the log, the lay-out, the own hand).
    ``hands``: each a hand a hidden player (slot by slot, as in ``Told.slots``); ``weights`` sum to 1;
    ``masks[q]``: the hands of ``q`` as bit masks of tile numbers (the outlook asks for hundreds of
    placements a decision whether a hand holds a tile that fits).
    """

    unseen: tuple[int, ...]
    slots: dict[int, tuple[frozenset[int], ...]]
    hands: tuple[dict[int, tuple[int, ...]], ...]
    weights: tuple[float, ...]
    masks: dict[int, tuple[int, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        masks = {q: tuple(sum(1 << t for t in hand[q]) for hand in self.hands) for q in self.slots}
        object.__setattr__(self, "masks", masks)

    def stuck(self, q: int, fits: set[int] | frozenset[int]) -> float:
        """The weighed share of the sampled hands of ``q`` that hold no tile of ``fits``.

        >>> b = Believed((1, 2, 3), {1: ()}, ({1: (1,)}, {1: (2,)}, {1: (3,)}), (0.5, 0.25, 0.25))
        >>> b.stuck(1, {1}), b.stuck(1, {2, 3}), b.stuck(1, set())
        (0.5, 0.5, 1.0)
        """
        mask = sum(1 << t for t in fits)
        return sum(w for w, held in zip(self.weights, self.masks[q]) if not held & mask)

    def deal(self, game: Any, viewer: int, rng: random.Random) -> Any:
        """A world (``Game.redeal_hidden``) with the hidden hands of one sampled hand, drawn by its
        weight; the bag the other unseen tiles in the world's own (even) order."""
        world = game.redeal_hidden(viewer, rng)
        order = [t for q in self.slots for t in world.s_hands[q]] + list(world.s_bag)
        pick = bisect.bisect_right(list(itertools.accumulate(self.weights)), rng.random() * sum(self.weights))
        hands = self.hands[min(pick, len(self.hands) - 1)]
        taken = {t for hand in hands.values() for t in hand}
        for q, hand in hands.items():
            world.s_hands[q][:] = hand
        world.s_bag[:] = [t for t in order if t not in taken]
        return world


def _even_hands(unseen: tuple[int, ...], allowed: dict[int, list[list[int]]],
                rng: random.Random) -> dict[int, tuple[int, ...]]:
    """Hidden hands, each tile (oldest first) an even choice among the unseen tiles its slot may
    be and not yet dealt (a new draw when the one drawn is taken; the first tile left when its
    slot has none left). As each slot's set holds the one before it, every hand the slots allow is
    equally likely: the chance of the hands as the draws told. (Taking the first allowed tile of
    one shuffle, ``Told.hands``, is an even choice for the first slot only: the tiles before it in
    the shuffle are ones the first slot may not be, so the next slots take those more often.)

    >>> _even_hands((1, 2, 3), {1: [[3], [1, 2, 3]]}, random.Random(2))[1][0]
    3
    """
    taken: set[int] = set()
    out = {}
    for q, slots in allowed.items():
        hand = []
        for may in slots:
            if len(may) > len(taken):  # one is left: draw again while the drawn one is taken
                t = may[rng.randrange(len(may))]
                while t in taken:
                    t = may[rng.randrange(len(may))]
            else:
                rest = [u for u in may if u not in taken]
                t = rest[rng.randrange(len(rest))] if rest else next(u for u in unseen if u not in taken)
            taken.add(t)
            hand.append(t)
        out[q] = tuple(hand)
    return out


def weigh(known: Told, strength: float, size: int, rng: random.Random) -> Believed:
    """``size`` hands dealt as ``known`` tells (:func:`_even_hands`), each weighed by the
    placements its player chose (:class:`Believed`).

    >>> ways = tuple([1, 1, 9] + [0] * 72)   # tile 2 had nine placements that turn, tiles 0 and 1 one each
    >>> t = Told((1, 2), {1: (frozenset({1, 2}),)}, {1: ((ways, 1, (0,)),)})   # tile 0 laid, slot 0 held
    >>> b = weigh(t, 1.0, 400, random.Random(1))
    >>> 0.78 < sum(w for w, h in zip(b.weights, b.hands) if h[1] == (1,)) < 0.88   # 1/2 against 1/10: 5/6
    True
    """
    hands, logs = [], []
    allowed = {q: [sorted(may) for may in slots] for q, slots in known.slots.items()}
    for _ in range(size):
        dealt = _even_hands(known.unseen, allowed, rng)
        log = 0.0
        for q, turns in known.chose.items():
            hand = dealt[q]
            for ways, laid, held in turns:
                log -= math.log(laid + sum(ways[hand[i]] for i in held))
        hands.append(dealt)
        logs.append(strength * log)
    top = max(logs, default=0.0)
    raw = [math.exp(x - top) for x in logs]
    total = sum(raw)
    return Believed(known.unseen, known.slots, tuple(hands), tuple(x / total for x in raw))


_BELIEVED: dict[tuple[int, int, int, float], tuple[Any, Believed]] = {}


def belief(game: Any, viewer: int, tune: Any) -> Told | Believed:
    """What ``viewer`` believes of the other hidden hands: :func:`told`, or with ``tune.choices``
    (and a turn on which another player chose its tile) those hands weighed by the choices
    (:func:`weigh`, :data:`POOL` hands). The sample's generator is seeded from what ``viewer``
    sees (the log's length and the tiles laid), so the belief is the same for every game that looks
    the same to the player, and the same again for the same position.

    >>> import chemgames
    >>> g = chemgames.new_game("chromino", players=2, seed=3, lang="en")
    >>> from chemgames.bots.search import tuning
    >>> type(belief(g, 0, tuning("chromino"))).__name__   # nothing chosen yet: only what is told
    'Told'
    """
    known = told(game, viewer)
    strength = float(getattr(tune, "choices", 0.0) or 0.0)
    if not strength or not any(known.chose.values()):
        return known
    key = (id(game), len(game._log), viewer, strength)
    hit = _BELIEVED.get(key)
    if hit is not None and hit[0]() is game:
        return hit[1]
    seed = f"{viewer}|{len(game._log)}|{[k.tile for k in game.s_layout.laid]}"
    out = weigh(known, strength, POOL, random.Random(seed))
    if len(_BELIEVED) > 16:
        _BELIEVED.clear()
    _BELIEVED[key] = (weakref.ref(game), out)
    return out


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
    # each tile of a hand as (the index of the first stuck turn it went through, a number of its own)
    # (a list a player, oldest first); a stuck turn as the tiles that fitted then
    names = iter(range(1 << 30))
    entry = {q: [(0, next(names)) for _ in range(len(hands[q]) + game.s_laid[q] - game.s_draws[q])] for q in hidden}
    stuck: dict[int, list[frozenset[int]]] = {q: [] for q in hidden}
    chosen: dict[int, list[tuple[int, tuple[int, ...]]]] = {q: [] for q in hidden}  # (tiles laid then, numbers held)
    laid_as: dict[int, int] = {}  # a tile's number -> the tile laid from it
    placed, before = 1, None
    for e in game._log:
        a, q = e.action, e.action.player
        same_turn = before is not None and before.player == q and before.kind == "draw"
        if a.kind == "place":
            if q in entry and entry[q]:
                if same_turn:  # the tile just drawn (nothing else fitted)
                    k = entry[q].pop()
                else:  # the oldest tile it can have been: one that fitted no stuck turn since it came
                    chosen[q].append((placed, tuple(n for _, n in entry[q])))
                    last = max((i for i, f in enumerate(stuck[q]) if a.get("tile") in f), default=-1)
                    slot = next((i for i, k in enumerate(entry[q]) if k[0] > last), len(entry[q]) - 1)
                    k = entry[q].pop(slot)
                laid_as[k[1]] = a.get("tile")
            placed += 1
        elif a.kind in ("draw", "pass") and q in entry:
            if not same_turn:
                stuck[q].append(_fitting_then(tuple(laid[:placed])))
            if a.kind == "draw":
                entry[q].append((len(stuck[q]) - 1, next(names)))
        before = a
    slots: dict[int, tuple[frozenset[int], ...]] = {}
    chose: dict[int, tuple[tuple[tuple[int, ...], int, tuple[int, ...]], ...]] = {}
    for q in hidden:
        if len(entry[q]) != len(hands[q]):  # a hand changed outside the log: nothing told
            entry[q] = [(0, -1)] * len(hands[q])
            stuck[q], chosen[q] = [], []
        last_stuck = {t: max((i for i, f in enumerate(stuck[q]) if t in f), default=-1) for t in unseen}
        slots[q] = tuple(frozenset(t for t in unseen if last_stuck[t] < k) for k, _ in entry[q])
        now = {n: i for i, (_, n) in enumerate(entry[q])}
        turns = []
        for at, held in chosen[q]:
            ways = _ways_then(tuple(laid[:at]))
            turns.append((ways, sum(ways[laid_as[n]] for n in held if n in laid_as), tuple(now[n] for n in held if n in now)))
        chose[q] = tuple(turns)
    out = Told(unseen, slots, chose)
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
    known = belief(game, viewer, tune)
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


def outlook(game: Any, action: Any, known: Told | Believed | None = None) -> float:
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
    >>> marks["★■◆ (−2, 1) →"] > marks["◆★● (0, 1) →"]   # a bent row of six closes more places
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
    known = belief(game, game.current_player, tune) if getattr(tune, "told", False) else None
    return outlook(game, action, known) + own


def candidates(game: Any, limit: int, tune: Any) -> list[Any]:
    """The moves the search weighs (``chemgames.bots.search`` calls it instead of ``hints``): with
    ``tune.outlook`` the legal placements ordered by :func:`mark` plus, with ``tune.hold``, that many
    tiles for laying a tile of :data:`TWO_WAYS` (the lines count it so too, :func:`kept_value`; without
    it such a placement seldom gets among the first few) (ties keep the hints' order: the tile of the
    highest value first), else the first ``limit`` hints."""
    if not tune.outlook:
        return game.hints(limit=limit)
    hints = game.hints(limit=100)
    hold = float(getattr(tune, "hold", 0.0) or 0.0)

    def rated(i: int) -> float:
        first = hints[i].actions[0]
        return mark(game, first, tune) + (hold if hold and first.get("tile") in TWO_WAYS else 0.0)

    scored = sorted(range(len(hints)), key=lambda i: (-rated(i), i))
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
