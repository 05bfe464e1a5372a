"""The Python side of the ChemiX Classic widget, and ``play_chemix()`` for a game in one line.

>>> w = play_chemix(players=3, bots=["greedy", "random"], seed=7, lang="en")
>>> w
<ChemiXWidget chemix: seats human, greedy, random; viewer P1>
>>> "hand" in w.view and all("hand" not in h for h in w.hands)
True
>>> w.receive({"type": "undo_turn"}); w.panel["notice"]["rule"] in ("err.nothing_to_undo", "err.bot_turn")
True
"""
from __future__ import annotations

from typing import Any, Sequence

import chemgames

from .base import GameWidget, _Refused
from .frontend import css, frontend_dir

LOG_SHOWN = 12


class ChemiXWidget(GameWidget):
    """ChemiX Classic in JupyterLab: table of compounds, free area, hand, stacks, display, panel."""

    entry = "chemix"

    def __init__(self, game: Any, **kwargs: Any) -> None:
        super().__init__(game, **kwargs)
        # the shared card faces have their own stylesheet (reused by Chemuno)
        self._css = css(self.entry) + "\n" + (frontend_dir() / "shared" / "chemix_card.css").read_text("utf-8")

    def _dispatch(self, msg: Any, buffers: Sequence[Any]) -> None:
        if isinstance(msg, dict) and msg.get("type") == "undo_turn" and len(msg) == 1 and not buffers:
            self._actor()
            if not self.game.can_undo():
                raise _Refused("err.nothing_to_undo")
            self.game.undo_turn()
            self._last, self._notice, self._hints = None, ("ui.undone", {}), []
            return
        super()._dispatch(msg, buffers)

    def _game_view(self, viewer: int | None) -> tuple[dict[str, Any], dict[str, Any]]:
        view = self.game.view(viewer)
        cards = view.pop("cards", {})
        view["log"] = [{"player": e["player"], "kind": e["action"]["kind"], "title": e["explanation"]["title"],
                        "ok": e["explanation"]["ok"], "points": e["explanation"]["points"]}
                       for e in view.get("log", [])[-LOG_SHOWN:]]
        return view, cards

    def _hint_view(self, hint: Any) -> dict[str, Any]:
        return {"formula": hint.formula, "points": hint.points, "value": hint.value}


def play_chemix(players: int = 3, bots: Sequence[str] | None = None, seed: int | None = None, lang: str = "de",
                open_hands: bool = False, bot_delay: int = 700) -> ChemiXWidget:
    """A new game of ChemiX Classic as a widget. Seat 1 is yours; ``bots`` fill the other seats
    (``"greedy"`` or ``"random"``; ``None``: all seats human, hot-seat with hidden hands)."""
    game = chemgames.new_game("chemix", players=players, seed=seed, lang=lang)
    seats = ["human"] * players if bots is None else ["human"] * (players - len(bots)) + list(bots)
    return ChemiXWidget(game, seats=seats, open_hands=open_hands, bot_delay=bot_delay)
