"""The Python side of the Metallurgie widget, and ``play_metallurgie()`` for a game in one line.

>>> w = play_metallurgie(players=3, bots=["greedy", "random"], seed=7, lang="en")
>>> w
<MetallurgieWidget metallurgie: seats human, greedy, random; viewer P1>
>>> "hand" in w.view and all("hand" not in h for h in w.hands)
True
"""
from __future__ import annotations

from typing import Any, Sequence

from .base import GameWidget, compact_log, start



class MetallurgieWidget(GameWidget):
    """Metallurgie in JupyterLab: the brick board with its layers, hands, piles, explanations, hints."""

    entry = "metallurgie"
    final_kinds = ("finish",)

    def _game_view(self, viewer: int | None) -> tuple[dict[str, Any], dict[str, Any]]:
        view = self.game.view(viewer)
        # the log keeps who, what and points; the full explanation of the last action is in the panel
        view["log"] = compact_log(view)
        return view, {}

    def _hint_view(self, hint: Any) -> dict[str, Any]:
        steps = [{"kind": a.kind, **{k: (list(v) if isinstance(v, tuple) else v) for k, v in a.params}} for a in hint.actions]
        return {"formula": hint.formula, "points": hint.points, "steps": steps}


def play_metallurgie(players: int = 2, bots: Sequence[str] | None = None, seed: int | None = None, lang: str = "de",
                     open_hands: bool = False, bot_delay: int = 700, resume: bool = False, **options: Any) -> MetallurgieWidget:
    """A new game of Metallurgie as a widget. Seat 1 is yours; ``bots`` fill the other seats
    (``"greedy"`` or ``"random"``; ``None``: all seats human, hot-seat)."""
    return start(MetallurgieWidget, "metallurgie", players, bots, seed, lang, options, resume,
                 open_hands=open_hands, bot_delay=bot_delay)
