"""The Python side of the Chemuno widget, and ``play_chemuno()`` for a game in one line.

>>> w = play_chemuno(players=3, bots=["greedy", "random"], seed=7, lang="en")
>>> w
<ChemunoWidget chemuno: seats human, greedy, random; viewer P1>
>>> len(w.cards), w.cards["H2O"]["label"], w.cards["x3.1"]["kind"]
(72, 'H₂O', 'multiplier')
>>> "hand" in w.view and all("hand" not in h for h in w.hands)
True
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Sequence

import chemgames
from chemgames.chemistry import element_facts, parse_formula
from chemgames.games.chemix.cards import card_set
from chemgames.games.chemuno.fit import card_label

from .base import GameWidget

LOG_SHOWN = 12


@lru_cache(maxsize=2)
def card_faces(lang: str) -> dict[str, dict[str, Any]]:
    """What every ChemiX card shows: label, kind, contents, and a name and a short text."""
    cs = card_set()
    out: dict[str, dict[str, Any]] = {}
    for cid in cs.all_ids():
        kind = cs.kind(cid)
        info: dict[str, Any] = {"id": cid, "kind": kind, "label": card_label(cid),
                                "contents": sorted(cs.contents(cid))}
        if kind == "compound":
            c = cs.compounds[cid]
            f = parse_formula(cid)
            info.update(name=c.name[lang], text=c.about[lang], atoms=f.n_atoms)
        elif kind in ("element", "noble"):
            facts = element_facts(cs.face(cid))
            info.update(name=facts.name, number=facts.number, mass=round(facts.molar_mass, 3))
        out[cid] = info
    return out


class ChemunoWidget(GameWidget):
    """Chemuno in JupyterLab: the pile with the wish and the pending draw, the hand, the call."""

    entry = "chemuno"
    final_kinds = ()

    def _game_view(self, viewer: int | None) -> tuple[dict[str, Any], dict[str, Any]]:
        view = self.game.view(viewer)
        view["log"] = [{"player": e["player"], "kind": e["action"]["kind"], "title": e["explanation"]["title"],
                        "ok": e["explanation"]["ok"], "points": None}
                       for e in view.get("log", [])[-LOG_SHOWN:]]
        return view, card_faces(self.game.lang)

    def _hint_view(self, hint: Any) -> dict[str, Any]:
        label = card_label(hint.card) + (f" → {hint.wish}" if hint.wish else "")
        return {"formula": label, "points": None, "card": hint.card, "wish": hint.wish}


def play_chemuno(players: int = 3, bots: Sequence[str] | None = None, seed: int | None = None, lang: str = "de",
                 open_hands: bool = False, bot_delay: int = 900, **options: Any) -> ChemunoWidget:
    """A new Chemuno game as a widget. Seat 1 is yours; ``bots`` fill the other seats
    (``"greedy"`` or ``"random"``; ``None``: all seats human, hot-seat)."""
    game = chemgames.new_game("chemuno", players=players, seed=seed, lang=lang, **options)
    seats = ["human"] * players if bots is None else ["human"] * (players - len(bots)) + list(bots)
    return ChemunoWidget(game, seats=seats, open_hands=open_hands, bot_delay=bot_delay)
