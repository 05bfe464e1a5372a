"""The Python side of the ChemiX Classic widget, and ``play_chemix()`` for a game in one line.

>>> w = play_chemix(players=3, bots=["greedy", "random"], seed=7, lang="en")
>>> w
<ChemiXWidget chemix: seats human, greedy, random; viewer P1>
>>> "hand" in w.view and all("hand" not in h for h in w.hands)
True
>>> w.receive({"type": "undo_turn"}); w.panel["notice"]["rule"] in ("err.nothing_to_undo", "err.bot_turn")
True
>>> w.receive({"type": "prepare", "formula": "XY"}); w.panel["notice"]["rule"] in ("err.malformed", "err.bot_turn")
True
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

import chemgames
from chemgames.games.chemix.cards import MULTIPLIERS, card_set
from chemgames.games.chemix.hints import formable_now

from .base import GameWidget, _Refused, compact_log, start



class ChemiXWidget(GameWidget):
    """ChemiX Classic in JupyterLab: table of compounds, free area, hand, stacks, display, panel."""

    entry = "chemix"

    def _dispatch(self, msg: Any, buffers: Sequence[Any]) -> None:
        if isinstance(msg, dict) and msg.get("type") == "undo_turn" and len(msg) == 1 and not buffers:
            self._actor()
            if not self.game.can_undo():
                raise _Refused("err.nothing_to_undo")
            self.game.undo_turn()
            self._last, self._notice, self._hints = None, ("ui.undone", {}), []
            return
        if isinstance(msg, dict) and msg.get("type") == "prepare" and set(msg) == {"type", "formula"} and not buffers:
            self._prepare(msg["formula"])
            return
        super()._dispatch(msg, buffers)

    def _prepare(self, formula: Any) -> None:
        """A compound card in the display was clicked: bring the missing cards from the hand (and one
        multiplier from its stack, if the turn still allows it) into the free area, then form it.
        Each step is an ordinary action (undoable); if the cards cannot be found, ``form`` alone is
        sent, so the engine says what is missing."""
        player = self._actor()
        g = self.game
        compounds = card_set().compounds
        if not isinstance(formula, str) or formula not in compounds:
            raise _Refused("err.malformed", detail="formula")
        view = g.view(player)
        layout = compounds[formula].layout
        missing = Counter(layout) - Counter(g.face(i) for i in view["free"])
        steps: list[dict[str, Any]] = []
        hand = list(view["hand"])
        for face, n in sorted(missing.items()):
            for card in [i for i in hand if g.face(i) == face][:n]:
                steps.append({"kind": "play", "params": {"card": card}})
                n -= 1
            if n == 1 and face in MULTIPLIERS and view["mult_move"] is None and view["stacks"][face] \
                    and not any(s["kind"] == "take" for s in steps):
                steps.append({"kind": "take", "params": {"multiplier": face}})
                n -= 1
            if n:
                steps = []
                break
        steps.append({"kind": "form", "params": {"layout": list(layout)}})
        done = 0
        try:
            for step in steps:
                explanation = g.apply(self._action(player, step))
                done += 1
        except chemgames.IllegalAction:
            for _ in range(done):  # a refused click changes nothing
                g.undo()
            raise
        self._last, self._last_player, self._notice, self._hints = explanation, player, None, []

    def _action(self, player: int, step: dict[str, Any]) -> Any:
        return self.game.action_from_json({"game": self.game.id, "player": player, **step})

    def _game_view(self, viewer: int | None) -> tuple[dict[str, Any], dict[str, Any]]:
        view = self.game.view(viewer)
        cards = view.pop("cards", {})
        view["log"] = compact_log(view)
        # after "Hint": the compound cards the mover could lay this turn are marked in the display
        asked = bool(self._hints) and viewer is not None and viewer == self.game.current_player
        view["formable"] = formable_now(self.game) if asked else []
        return view, cards

    def _hint_view(self, hint: Any) -> dict[str, Any]:
        # a turn finished with a noble gas says so: "C2H4 · ✦ Rn" (✦ marks noble gases in this view)
        formula = " · ".join(x for x in (hint.formula, f"\u2726 {hint.noble}" if hint.noble else "") if x)
        return {"formula": formula, "points": hint.points, "value": hint.value, "noble": hint.noble}


def play_chemix(players: int = 3, bots: Sequence[str] | None = None, seed: int | None = None, lang: str = "de",
                open_hands: bool = False, bot_delay: int = 700, resume: bool = False, **position: Any) -> ChemiXWidget:
    """A new game of ChemiX Classic as a widget. Seat 1 is yours; ``bots`` fill the other seats
    (``"greedy"`` or ``"random"``; ``None``: all seats human, hot-seat with hidden hands).
    ``position``: a chosen start position (``hands``, ``table``, ``won``, ``nobles``, ``draw_top``,
    ``starter``; see ``chemgames.games.chemix.position``)."""
    return start(ChemiXWidget, "chemix", players, bots, seed, lang, position, resume,
                 open_hands=open_hands, bot_delay=bot_delay)
