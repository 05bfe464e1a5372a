"""Observation tensors: a game's view as fixed-size numbers, for OpenSpiel's algorithms that learn
(policy and value networks read ``state.observation_tensor(player)``).

Only Das Chemie-Kartenspiel has one so far, the game played in whole moves. Like the observation
string it is built from ``view(player)`` alone (what the player may see), so two positions the
player cannot tell apart give the same numbers. Every part is a count:

* ``player``: the observer (one-hot of the seats); ``current``: the player to move (one-hot);
* ``phase``: build, attack (one-hot; neither once the game is over);
* ``hand``: the observer's own cards, how many of each kind (the kinds in the order of the card set);
* ``hand_sizes``, ``scores``: each player's number of cards in hand and points;
* ``pile``: cards left in the draw pile; ``attacks_left``: attacks the player to move still has;
* ``table``: the cards laid in compounds, per owner and kind (free cards, combinations'
  cards and their Protomaterie, a Protomaterie laid as protection).

>>> import chemgames
>>> g = chemgames.new_game("chemiekarten", players=2, seed=3, lang="en")
>>> layout = Layout.of("chemiekarten", 2)
>>> layout.size, [name for name, _ in layout.parts][:4]   # 2 + 2 + 2 + 43 kinds + 2 + 2 + 1 + 1 + 2 × 43
(141, ['player', 'current', 'phase', 'hand'])
>>> t = layout.tensor(g.position(0))
>>> sum(t[layout.slices["hand"]]) == len(g.position(0)["hand"]), t[layout.slices["current"]]
(True, [0.0, 1.0])
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

_PHASES = ("build", "attack")


@dataclass(frozen=True)
class Layout:
    """The parts of a game's tensor in order: (name, shape); :meth:`tensor` fills them from a view."""

    game: str
    players: int
    kinds: tuple[str, ...]
    parts: tuple[tuple[str, tuple[int, ...]], ...]
    slices: dict[str, slice] = field(default_factory=dict, compare=False)

    @staticmethod
    @lru_cache(maxsize=None)
    def of(game: str, players: int) -> "Layout":
        """The layout of ``game`` for ``players`` (``KeyError``: the game has no tensor)."""
        if game != "chemiekarten":
            raise KeyError(game)
        from ..games.chemiekarten.cards import card_set

        kinds = tuple(card_set())
        n, k = players, len(kinds)
        parts = (("player", (n,)), ("current", (n,)), ("phase", (len(_PHASES),)), ("hand", (k,)),
                 ("hand_sizes", (n,)), ("scores", (n,)), ("pile", (1,)), ("attacks_left", (1,)), ("table", (n, k)))
        slices, at = {}, 0
        for name, shape in parts:
            size = 1
            for d in shape:
                size *= d
            slices[name] = slice(at, at + size)
            at += size
        return Layout(game, players, kinds, parts, slices)

    @property
    def size(self) -> int:
        return max(s.stop for s in self.slices.values())

    def tensor(self, view: dict[str, Any]) -> list[float]:
        """The numbers of ``view`` (one player's view of the game)."""
        out = [0.0] * self.size
        s = self.slices
        index = {kind: i for i, kind in enumerate(self.kinds)}
        k = len(self.kinds)
        out[s["player"].start + view["viewer"]] = 1.0
        if not view["is_over"] and view["current_player"] is not None:
            out[s["current"].start + view["current_player"]] = 1.0
            if view["phase"] in _PHASES:
                out[s["phase"].start + _PHASES.index(view["phase"])] = 1.0
        for card in view["hand"]:
            out[s["hand"].start + index[card["symbol"]]] += 1.0
        for p in range(self.players):
            out[s["hand_sizes"].start + p] = float(view["hand_sizes"][p])
            out[s["scores"].start + p] = float(view["scores"][p])
        out[s["pile"].start] = float(sum(view["pile"]))
        out[s["attacks_left"].start] = float(view["attacks_left"] or 0)
        for compound in view["table"]:
            row = s["table"].start + compound["owner"] * k
            cards = list(compound["cards"])
            for combo in compound["combinations"]:
                cards += combo["cards"] + combo["proto"]
            if compound["protect"] is not None:
                cards.append(compound["protect"])
            for card in cards:
                out[row + index[card["symbol"]]] += 1.0
        return out


def has_tensor(game: str) -> bool:
    """Does ``game`` give OpenSpiel an observation tensor?

    >>> has_tensor("chemiekarten"), has_tensor("chemix")
    (True, False)
    """
    try:
        Layout.of(game, 2)
    except KeyError:
        return False
    return True


__all__ = ["Layout", "has_tensor"]
