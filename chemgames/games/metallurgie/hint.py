"""A suggested move of Metallurgie: what it does, its points, its actions and its value.

Its own small module so that the rules (``Metallurgie(Game[Hint])``) and the hint search (``hints``) share it, and
the search can use the rules without the rules importing the search (as Das Chemie-Kartenspiel's ``hint``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.action import Action


@dataclass(frozen=True)
class Hint:
    """A move: what it does (``formula``: symbols and positions, the same in every language), the
    ``points`` it wins now, its ``actions``, and the ``value`` the hints are sorted by."""

    formula: str
    points: int
    actions: tuple[Action, ...]
    value: float

    def __str__(self) -> str:
        return f"{self.formula} ({self.points} P., {self.value:.2f})"

    def to_dict(self) -> dict[str, Any]:
        return {"formula": self.formula, "points": self.points, "value": round(self.value, 2),
                "actions": [a.to_json() for a in self.actions]}
