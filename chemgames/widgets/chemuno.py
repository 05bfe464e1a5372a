"""The Python side of the Chemuno widget, and ``play_chemuno()`` for a game in one line.

>>> w = play_chemuno(players=3, bots=["greedy", "random"], seed=7, lang="en")
>>> w
<ChemunoWidget chemuno: seats human, greedy, random; viewer P1>
>>> len(w.cards), w.cards["H2O"]["layout"], w.cards["x3.1"]["kind"]
(72, ['H', '2', 'O'], 'multiplier')
>>> "hand" in w.view and all("hand" not in h for h in w.hands)
True
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Sequence

from chemgames.chemistry import substance
from chemgames.core.action import Action
from chemgames.games.chemix.cards import card_set
from chemgames.games.chemix.faces import card_faces
from chemgames.games.chemuno.rules import Chemuno

from .base import GameWidget, compact_log, start



@lru_cache(maxsize=4)
def _reference_names(lang: str) -> dict[str, str]:
    out = {}
    for card in card_set().compound_ids:
        s = substance(card, lang=lang)
        if s.known and s.name:
            out[card] = s.name
    return out


def faces(lang: str) -> dict[str, dict[str, Any]]:
    """The ChemiX card faces, each compound named as the substance reference names it
    (systematic or the name school uses: "Kohlenstoffmonoxid", "Wasser").

    >>> faces("de")["CO"]["name"], faces("en")["PH3"]["name"]
    ('Kohlenstoffmonoxid', 'phosphane')
    """
    out = card_faces(lang)
    for card, name in _reference_names(lang).items():
        out[card]["name"] = name
    return out


class ChemunoWidget(GameWidget):
    """Chemuno in JupyterLab: the pile with the wish and the pending draw, the hand, the call."""

    entry = "chemuno"
    final_kinds = ()
    # The sheet knows no points, only a winner ("Wer seine letzte Karte ablegt … hat gewonnen"): the
    # seat bar shows each player's cards in hand, and the "since your last move" box counts those too
    # (it said "Punktestand −7 → −10", a score the student saw nowhere else)
    since_counts = "cards"

    def _since_counts(self) -> list[int]:
        """The cards in each hand, as the seat bar shows them (the engine's score is minus these;
        read from the scores, which a class table's game has too, where only the seat's own view is).

        >>> w = play_chemuno(players=3, bots=["greedy", "random"], seed=7, lang="en")
        >>> w._since_counts() == w.view["hand_sizes"] == [7, 7, 7]
        True
        """
        return [-s for s in self.game.scores()]

    def _game_view(self, viewer: int | None) -> tuple[dict[str, Any], dict[str, Any]]:
        g = self.game
        view = g.view(viewer)
        view["log"] = compact_log(view, points=False)
        # a class table's game: the shared "since your last move" box says what the others did
        news, top_new = g.news(viewer) if viewer is not None and isinstance(g, Chemuno) else ([], False)
        view["news"] = [m.render(self.game.lang) for m in news]  # what the others' moves mean for the viewer
        view["top_new"] = top_new
        return view, faces(self.game.lang)

    def _sync(self) -> None:
        # Hints and a refusal name cards of the hand (the drawn one too): they go when the hand is
        # hidden. (The last move of another player shows as the others read it: GameWidget and
        # Chemuno.for_others.)
        g = self.game
        if self.hot_seat and self.seat is not None and self.seat != g.current_player:
            self.seat = None
        if self._viewer() != g.current_player:
            self._hints = []
            if self._notice is not None and not isinstance(self._notice, tuple):
                self._notice = None
        super()._sync()

    def _warm_reply(self, trial: Any) -> None:
        """A card laid on the card the best move laid: its fit is a SymPy set intersection
        (``games/chemuno/fit.py``), which the first card on a card would otherwise import on the
        click. The check of one card of the hand (a card that does not fit is explained by the same
        sets), explained as the view shows it; nothing is laid.

        >>> w = play_chemuno(players=2, bots=["greedy"], seed=3, lang="en")
        >>> before = w.game.digest(), w.version; w._warm(); (w.game.digest(), w.version) == before
        True
        """
        p = trial.current_player
        cards = [c for c in trial.s_hands[p] if card_set().kind(c) != "noble"] if p is not None else []
        if cards and trial.top is not None:
            action = Action(trial.id, p, "play", (("card", cards[0]),))
            trial.check(action).in_lang(trial.lang).to_dict()
        else:
            super()._warm_reply(trial)

    def _hint_view(self, hint: Any) -> dict[str, Any]:
        """A hint as the browser shows it: the card (and wish) with subscripts, and why it fits.

        >>> w = play_chemuno(players=2, bots=["greedy"], seed=1, lang="de", starter=0,
        ...                  hands=[["CO2", "NaCl"], ["H2O"]])
        >>> w._hint_view(w.game.hints()[0])["why"]
        'zuerst „Cheeeee…“ (dann bleibt eine Karte); die erste Karte des Spiels: jede Karte darf beginnen'
        """
        why = hint.why.render(self.game.lang) if hint.why is not None else None
        return {"formula": hint.formula, "points": None, "card": hint.card, "wish": hint.wish, "why": why}


def play_chemuno(players: int = 3, bots: Sequence[str] | None = None, seed: int | None = None, lang: str = "de",
                 open_hands: bool = False, bot_delay: int = 900, resume: bool = False, **options: Any) -> ChemunoWidget:
    """A new Chemuno game as a widget. Seat 1 is yours; ``bots`` fill the other seats
    (``"greedy"`` or ``"random"``; ``None``: all seats human, hot-seat)."""
    return start(ChemunoWidget, "chemuno", players, bots, seed, lang, options, resume,
                 open_hands=open_hands, bot_delay=bot_delay)
