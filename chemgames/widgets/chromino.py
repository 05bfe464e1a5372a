"""The Python side of the Chromino widget, and ``play_chromino()`` for a game in one line.

>>> w = play_chromino(players=3, bots=["greedy", "random"], seed=7, lang="en")
>>> w
<ChrominoWidget chromino: seats human, greedy, random; viewer P1>
>>> len(w.view["hand"]), len(w.view["layout"])
(8, 1)
"""
from __future__ import annotations

from typing import Any, Sequence

from .base import GameWidget, compact_log, start



class ChrominoWidget(GameWidget):
    """Chromino in JupyterLab: an open grid (pan, zoom, fit), the hand, legal places on request."""

    entry = "chromino"
    final_kinds: tuple[str, ...] = ()  # a hint is one placement: "Prepare" lays it

    def _game_view(self, viewer: int | None) -> tuple[dict[str, Any], dict[str, Any]]:
        view = self.game.view(viewer)
        view["log"] = compact_log(view)
        return view, {}

    def _hint_view(self, hint: Any) -> dict[str, Any]:
        place = hint.actions[0].to_json()["params"]
        return {"formula": hint.formula, "points": hint.points, "place": place}


def play_chromino(players: int = 2, bots: Sequence[str] | None = None, seed: int | None = None, lang: str = "de",
                  open_hands: bool | None = None, bot_delay: int = 700, resume: bool = False, **options: Any) -> ChrominoWidget:
    """A new game of Chromino as a widget. Seat 1 is yours; ``bots`` fill the other seats
    (``"greedy"`` or ``"random"``; ``None``: all seats human, hot-seat). ``open_hands`` plays the
    sheet's third variant (every hand open) and shows every hand on the screen."""
    if open_hands is not None:
        options["open_hands"] = open_hands
    return start(ChrominoWidget, "chromino", players, bots, seed, lang, options, resume,
                 open_hands=bool(options.get("open_hands")), bot_delay=bot_delay)
