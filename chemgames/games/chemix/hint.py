"""A suggested ChemiX turn: its compounds, points, value, what it dissolves and its actions.

Its own small module so that the rules (``ChemiXClassic(Game[Hint])``) and the hint search (``hints``) share it, and
the search can use the rules without the rules importing the search (as Das Chemie-Kartenspiel's ``hint``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.action import Action


@dataclass(frozen=True)
class Hint:
    """A complete turn: the compounds it lays, their ``points``, its ``value`` and its ``actions``."""

    formulas: tuple[str, ...]
    points: int
    value: int
    dissolve: tuple[str, ...]
    actions: tuple[Action, ...]
    noble: str | None = None  # the noble gas the turn uses (its leftover cards would not fit the hand)

    @property
    def formula(self) -> str:
        return " + ".join(self.formulas)

    def __str__(self) -> str:
        gone = f" [-{', -'.join(self.dissolve)}]" if self.dissolve else ""
        gas = f" +{self.noble}" if self.noble else ""
        return f"{self.formula} ({self.points}){gone}{gas}"

    def to_dict(self) -> dict[str, Any]:
        return {"formulas": list(self.formulas), "points": self.points, "value": self.value,
                "dissolve": list(self.dissolve), "noble": self.noble, "actions": [a.to_json() for a in self.actions]}
