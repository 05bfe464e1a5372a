"""What OpenSpiel needs to know of each game beyond the public API: the action codec (every
parameter's domain) and an honest bound on a game's length.

The domains come from the games' card data (the same files the engines read), so a card added to a
data file gets a number without an edit here; ``tests/test_spiel.py`` checks that every action seen
in many random games has a number and that decoding gives it back. Das Chemie-Kartenspiel numbers
whole moves instead of atomic steps (``chemgames.spiel.moves``): a compound is five to fifteen steps.

A **length bound** is either proved from the rules (``proved=True``: Chemuno's ``max_actions``,
which counts what can leave the draw pile; Räum-Ab!'s pairs, each taking two cards off the table
for good) or a **cap**: the other engines end every game (the
sheets' end rules, each with a test of its own), but nobody has proved a bound on how long a player
may keep choosing and taking back cards (ChemiX's ``take``/``put_back``), or how often cards come
back to Das Chemie-Kartenspiel's pile, so the OpenSpiel state stops a game at the cap and scores it as it stands.
The caps lie far above the longest random games measured (``docs/spiel.md``).

>>> s = schema("metallurgie")
>>> s.num_actions > 0, s.max_moves(2) >= 1000, s.proved
(True, True, False)
>>> schema("chemuno").max_moves(2), schema("chemuno").proved, schema("raeumab").max_moves(4)
(540, True, 108)
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Any, Callable

from .codec import ActionCodec, Kind



@dataclass(frozen=True)
class Schema:
    """The OpenSpiel side of one game."""

    codec: ActionCodec | None  # the numbers of the atomic actions (``None``: ``moves`` numbers whole moves)
    max_moves: Callable[[int], int]  # players -> the length bound (actions, without the deal)
    proved: bool  # the bound follows from the rules (else it is a cap that ends the game)
    static_view: tuple[str, ...] = ()  # view keys that never change in a game (the printed faces)
    hidden: bool = True  # some card is hidden from some player (Räum-Ab!: every card lies open)
    moves: Any = None  # whole moves as actions (``chemgames.spiel.moves``), where atomic steps are too fine

    @property
    def num_actions(self) -> int:
        """OpenSpiel's ``num_distinct_actions``."""
        return self.moves.num_actions if self.moves is not None else self.codec.num_actions  # type: ignore[union-attr]


def _bare(*names: str) -> list[Kind]:
    return [Kind(n) for n in names]


def _chemiekarten() -> Schema:
    from .moves import WholeMoves

    # one action a whole move (``chemgames.spiel.moves``): a compound, an attack, skip or stop. A turn
    # takes one move and perhaps attacks; nobody has proved a bound (cards come back to the pile when
    # they pay or a compound is destroyed), so a cap, far above the ~35–60 moves of a random game
    return Schema(None, lambda players: 1000, False, ("cards",), moves=WholeMoves())


def _raeumab() -> Schema:
    from ..games.raeumab.deck import deck

    ids = tuple(c.id for c in deck())
    wishes = tuple(c.id for c in deck() if c.kind == "wish")
    kinds = [Kind("pair", (("cards", tuple(product(ids, ids))),)),
             Kind("wish", (("wish", wishes), ("card", ids)))]
    # A pair takes two cards off the table for good (a swap only trades a wish card on the table for
    # a card of the player's pile); a swap needs a pair to follow and comes at most once before each
    # pair. So a game has at most 54 pairs of the 109 cards and as many swaps: 108 actions.
    def bound(players: int) -> int:
        return 2 * (len(ids) // 2)

    return Schema(ActionCodec("raeumab", kinds), bound, True, ("cards", "suits"), hidden=False)


def _chemuno() -> Schema:
    from ..games.chemix.cards import card_set
    from ..games.chemuno.rules import max_actions

    cs = card_set()
    card = ("card", tuple(cs.all_ids()))
    kinds = [Kind("play", (card,)), Kind("play", (card, ("wish", tuple(cs.element_supply)))),
             *_bare("draw", "keep", "call", "pass")]
    return Schema(ActionCodec("chemuno", kinds), max_actions, True)


def _chemix() -> Schema:
    from ..games.chemix.cards import MULTIPLIERS, card_set
    from ..games.chemix.rules import ChemiXClassic

    cs = card_set()
    card = (("card", tuple(cs.all_ids())),)
    multiplier = (("multiplier", tuple(MULTIPLIERS)),)
    kinds = [Kind("play", card), Kind("drop", card), Kind("take", multiplier), Kind("put_back", multiplier),
             Kind("form", (("layout", tuple(dict.fromkeys(c.layout for c in cs.compounds.values()))),)),
             Kind("dissolve", (("compound", tuple(cs.compounds)),)),
             Kind("noble", (("gas", tuple(cs.noble_gases)), ("to", tuple(range(ChemiXClassic.max_players))))),
             Kind("confirm", (("refill", (False, True)),)), Kind("pass")]
    return Schema(ActionCodec("chemix", kinds), lambda players: 2000, False, ("cards",))


def _metallurgie() -> Schema:
    from ..games.metallurgie.metals import SYMBOLS, metals

    # Iron cards extend the lay-out next to a card already there, no card ever comes back from the
    # discard pile or the points, and the opening lay-out spans 4 places: no place is farther than
    # the iron cards' count plus 4 from the origin in either coordinate.
    reach = next(m.count for m in metals() if m.layer == 0) + 4
    places = tuple(product(range(-reach, reach + 1), repeat=2))
    kinds = [Kind("lay", (("metal", SYMBOLS), ("pos", places))), Kind("take", (("pos", places),)),
             *_bare("draw", "done", "finish")]
    return Schema(ActionCodec("metallurgie", kinds), lambda players: 2000, False, ("metals",))


def _chromino() -> Schema:
    from ..games.chromino.tiles import TILES

    # every tile touches the lay-out and is 3 squares long: no square lies farther from the start
    # tile than 3 squares for each tile laid
    reach = 3 * len(TILES)
    coord = tuple(range(-reach, reach + 1))
    kinds = [Kind("place", (("tile", tuple(range(len(TILES)))), ("x", coord), ("y", coord), ("rot", (0, 1, 2, 3)))),
             *_bare("draw", "pass")]
    return Schema(ActionCodec("chromino", kinds), lambda players: 1000, False, ("rules", "colours"))


_SCHEMAS = {"chemiekarten": _chemiekarten, "raeumab": _raeumab, "chemuno": _chemuno, "chemix": _chemix,
            "metallurgie": _metallurgie, "chromino": _chromino}


@lru_cache(maxsize=None)
def schema(game_id: str) -> Schema:
    """The OpenSpiel schema of the game ``game_id``."""
    return _SCHEMAS[game_id]()
