"""The final account: where each player's points came from, as lines that add up to the score.

Every game gives its own lines (``Game._score_lines``); the core checks nothing about their
meaning, but a test checks for every game that the lines add up to ``scores()``.

>>> from chemgames.core.explanation import Msg
>>> a = ScoreAccount(0, (ScoreLine(Msg("core.score.points"), 118), ScoreLine(Msg("core.score.points"), -4)))
>>> a.total, a.sum_text()
(114, '118 − 4 = 114')
>>> ScoreAccount(1, (ScoreLine(Msg("core.score.points"), -3),)).sum_text()
'−3'
>>> a.to_dict("de")["lines"][0]["label"]
'Punkte'
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .explanation import Msg, MsgList, Text
from .i18n import minus

Label = Msg | MsgList | Text


@dataclass(frozen=True)
class ScoreLine:
    """One source of points: its ``label``, the signed ``points`` and an optional ``detail``
    (e.g. the compounds that earned them)."""

    label: Label
    points: int
    detail: Label | None = None

    def to_dict(self, lang: str) -> dict[str, Any]:
        return {"label": self.label.render(lang), "points": self.points,
                "detail": self.detail.render(lang) if self.detail is not None else None}


@dataclass(frozen=True)
class ScoreAccount:
    """The lines of one ``player``; ``total`` is their sum."""

    player: int
    lines: tuple[ScoreLine, ...]

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)

    def sum_text(self) -> str:
        """The sum as it is written: ``118 − 4 = 114`` (a single line is just its number)."""
        if not self.lines:
            return "0"
        first, *rest = self.lines
        text = minus(first.points)
        for line in rest:
            text += f" − {-line.points}" if line.points < 0 else f" + {line.points}"
        return f"{text} = {minus(self.total)}" if rest else text

    def to_dict(self, lang: str) -> dict[str, Any]:
        return {"player": self.player, "lines": [line.to_dict(lang) for line in self.lines],
                "total": self.total, "sum": self.sum_text()}


__all__ = ["ScoreAccount", "ScoreLine"]
