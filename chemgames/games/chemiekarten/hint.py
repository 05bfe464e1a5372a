"""A suggested move of Das Chemie-Kartenspiel: the compound, its points and the actions that lay it.

Its own small module so that the rules (attack hints) and the hint search (``hints``) share it,
and the search can use the rules without the rules importing the search.

>>> h = Hint("Fe2(SO4)3", 12, (), 5, "known")
>>> str(h), h.unicode, h.game_only
('Fe2(SO4)3 (12)', 'Fe₂(SO₄)₃', False)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...core.action import Action
from .reference import Identity, unicode


@dataclass(frozen=True)
class Hint:
    """A complete move: the compound's ``formula``, its ``points`` and the ``actions`` to lay it."""

    formula: str
    points: int
    actions: tuple[Action, ...]
    cards: int
    label: str = ""  # truth.label of the compound ("known", "transient", "other", "game_only"); "" for an attack
    identity: Identity | None = field(default=None, compare=False, repr=False)  # what the reference says

    def __str__(self) -> str:
        return f"{self.formula} ({self.points})"

    @property
    def game_only(self) -> bool:
        """Is the compound allowed only by the game's rule (no substance, or not built as it is)?"""
        return self.label in ("game_only", "other")

    @property
    def unicode(self) -> str:
        """The formula with subscripts, as a student reads it: ``Fe₂(SO₄)₃``."""
        return unicode(self.formula)

    def to_dict(self) -> dict[str, Any]:
        return {"formula": self.formula, "points": self.points, "cards": self.cards, "label": self.label,
                "actions": [a.to_json() for a in self.actions]}
