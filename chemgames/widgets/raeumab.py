"""The Python side of the Räum-Ab! widget, and ``play_raeumab()`` for a game in one line.

Everything in Räum-Ab! lies face up, so the view is the same for every player: with several humans
the widget is hot-seat (the player to move acts; pass the device), and bots move by themselves.

>>> w = play_raeumab(players=2, bots=["greedy"], seed=7, lang="en")
>>> w
<RaeumAbWidget raeumab: seats human, greedy; viewer P1>
>>> len(w.view["columns"]), len(w.cards)
(7, 109)
"""
from __future__ import annotations

from typing import Any, Sequence

from ..bots import GreedyBot, play_turn
from ..games.raeumab.rules import RaeumAb
from .base import GameWidget, Refused, compact_log, start



class RaeumAbWidget(GameWidget):
    """Räum-Ab! in JupyterLab: seven columns with the free cards marked, piles, bans, hints."""

    entry = "raeumab"
    final_kinds: tuple[str, ...] = ()  # a hint's pair is taken at once: it is one action

    def __init__(self, game: Any, seats: Sequence[str] | None = None, open_hands: bool = True,
                 bot_delay: int = 700, bot_seed: int | None = None, **kwargs: Any) -> None:
        # Nothing is hidden in Räum-Ab!, so the player to move always acts (open_hands) by default.
        super().__init__(game, seats=seats, open_hands=open_hands, bot_delay=bot_delay, bot_seed=bot_seed, **kwargs)

    def _game_view(self, viewer: int | None) -> tuple[dict[str, Any], dict[str, Any]]:
        view = self.game.view(viewer)
        cards = view.pop("cards", {})
        view["log"] = compact_log(view, points=False)
        return view, cards

    game_messages = ("fair_start",)

    def _game_message(self, kind: str, msg: dict[str, Any]) -> None:
        """"fair_start": the machine plays the rest of the fair start for everyone ("abwechselnd
        alle doppelt passenden Paare entfernt"): each person's turn takes the first pair the rules
        allow (a double pair while there is one), each bot plays its own turn. Only with one person
        at the screen (in hot-seat every person makes her own choices)."""
        self._actor()
        g = self.game
        if not isinstance(g, RaeumAb):  # a class table's game: the machine plays no turn for anyone there
            raise Refused("err.table_bot")
        if g.phase != "start":
            raise Refused("ra.not_fair_start")
        if len(self.humans) != 1:
            raise Refused("ra.fair_start_alone")
        turns = 0
        while g.phase == "start" and not g.is_over:
            p = g.current_player
            if p is None:
                break
            play_turn(g, self._bots.get(p) or GreedyBot(0))  # the person: the first pair hinted
            turns += 1
        self._last, self._last_player, self._hints = g.log[-1].explanation, g.log[-1].player, []
        self._notice = ("ui.ra_fair_start_done", {"n": turns})

    def _ask_hints(self) -> None:
        self._actor()
        self._hints = list(self.game.hints())  # every pair, double pairs first
        self._notice = None if self._hints else ("ui.no_hints", {})

    def _hint_view(self, hint: Any) -> dict[str, Any]:
        """A pair hint; ``swap`` (wish card id, pile card id) when a wish swap comes first."""
        wish = hint.actions[0] if hint.actions[0].kind == "wish" else None
        return {"kind": hint.kind, "codes": list(hint.codes), "cards": list(hint.actions[-1].get("cards")),
                "swap": [wish.get("wish"), wish.get("card")] if wish is not None else None}


def play_raeumab(players: int = 2, bots: Sequence[str] | None = None, seed: int | None = None, lang: str = "de",
                 bot_delay: int = 700, resume: bool = False, **options: Any) -> RaeumAbWidget:
    """A new game of Räum-Ab! shown as a widget. ``players=1`` is the practice mode. Seat 1 is yours;
    ``bots`` fill the other seats (``"greedy"`` or ``"random"``; ``None``: all seats human, hot-seat)."""
    return start(RaeumAbWidget, "raeumab", players, bots, seed, lang, options, resume, bot_delay=bot_delay)
