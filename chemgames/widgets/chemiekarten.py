"""The Python side of the Das Chemie-Kartenspiel widget, and ``play()`` for a game in one line.

>>> w = play(players=3, bots=["greedy", "random"], seed=7, lang="en")
>>> w
<ChemieKartenWidget chemiekarten: seats human, greedy, random; viewer P1>
>>> "hand" in w.view and all("hand" not in h for h in w.hands)
True
"""
from __future__ import annotations

from typing import Any, Iterator, Sequence

from ..core.registry import new_game
from ..games.chemiekarten.rules import ChemieKartenspiel
from .base import GameWidget, compact_log, start



class ChemieKartenWidget(GameWidget):
    """Das Chemie-Kartenspiel in JupyterLab: hand, stage, table, piles, explanations, hints."""

    entry = "chemiekarten"
    game_messages = ("real_only",)  # the variant "Nur echte Stoffe" switched on or off: a new deal
    own_texts = {"ui.no_hints": "ui.ck_no_hints"}

    def _game_view(self, viewer: int | None) -> tuple[dict[str, Any], dict[str, Any]]:
        g = self.game
        view = g.view(viewer)
        cards = view.pop("cards", {})
        # The log keeps what a player reads (who, what, points); the full explanation of the last
        # action is in the panel. This keeps each sync small.
        view["log"] = compact_log(view)
        if viewer is not None and isinstance(g, ChemieKartenspiel):  # at a class table: the shared "since" box
            # what the others did to this player's compounds since their last turn: the table
            # marks it and a sentence says it, with the points lost
            changes = g.changes_for(viewer)
            if changes["events"]:
                view["changes"] = {"events": changes["events"], "lost": changes["lost"],
                                   "text": changes["text"].render(self.game.lang)}
        return view, cards

    def _data_steps(self) -> Iterator[str]:
        """The substance data the first hint search reads (the reference, its nomenclature, the most
        atoms of an entry, a first look-up), a piece a step: in one step with the search they took
        0.30 s in Pyodide (issue 28), the reference alone 0.08-0.49 s."""
        from ..chemistry.substances import nomenclature, reference_steps, substance
        from ..games.chemiekarten.reference import within_reach

        for _ in reference_steps():  # the file parsed, then 500 entries a step
            yield "reference"
        nomenclature()
        yield "nomenclature"
        within_reach(())
        yield "reach"
        substance("NaCl", lang=self.game.lang)
        yield "substance"

    def _hint_actions(self, hint: Any) -> Sequence[Any]:
        g = self.game
        stage = g.view(g.current_player).get("stage") or {}
        if not any(stage.get(k) for k in ("free", "combinations", "payment", "protect")):
            return list(hint.actions)
        # A half-built move is cleared first; the hint is then found again for the whole hand.
        g.apply(g.action_from_json({"game": g.id, "player": g.current_player, "kind": "clear", "params": {}}))
        fresh = next((h for h in g.hints(25) if h.formula == hint.formula), None)
        return list(fresh.actions) if fresh is not None else []

    def _game_message(self, kind: str, msg: dict[str, Any]) -> None:
        """``{"type": "real_only", "on": bool}``: a new game with the same seats and options but the
        variant "Nur echte Stoffe" on or off (a game's options are fixed once it is dealt)."""
        on = msg.get("on")
        if not isinstance(on, bool):
            super()._game_message(kind, {})
        g = self.game
        if g.option_values.get("real_only") == on:
            return
        options = dict(g.option_values, real_only=on)
        with self.hold_sync():
            self._use_game(new_game(g.id, players=g.players, seed=None, lang=g.lang, **options), self.seats)
            humans = self.humans
            self.seat = humans[0] if len(humans) == 1 or (self.open_hands and humans) else None
            self._notice = ("ui.new_game", {"n": self.game.seed})
            self._sync()

    def _hint_view(self, hint: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"formula": hint.unicode, "points": hint.points, "cards": hint.cards}
        g = self.game
        label = g.hint_label(hint) if hint.label and isinstance(g, ChemieKartenspiel) else None  # no hints at a table
        if label:  # what the compound is: a substance that exists, known only briefly, or game-only
            out["label"] = label
        attack = next((a for a in hint.actions if a.kind == "attack"), None)
        if attack is not None:  # an attack: whose compound it hits (the button names it)
            target = attack.get("target")
            out["owner"] = next(c["owner"] for c in self.game.view(None)["table"] if c["id"] == target)
        return out


def play(players: int = 3, bots: Sequence[str] | None = None, seed: int | None = None, lang: str = "de",
         open_hands: bool = False, bot_delay: int = 700, resume: bool = False, **options: Any) -> ChemieKartenWidget:
    """A new game shown as a widget. Seat 1 is yours; ``bots`` fill the other seats
    (``"greedy"`` or ``"random"``; ``None``: all seats human, hot-seat). ``options`` go to the
    game, e.g. ``real_only=True`` for our variant "Nur echte Stoffe" (the widget's switch beside
    the game's other choices deals a new game with it on or off)."""
    return start(ChemieKartenWidget, "chemiekarten", players, bots, seed, lang, options, resume,
                 open_hands=open_hands, bot_delay=bot_delay)
