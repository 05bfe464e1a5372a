"""The worksheet of Das Chemie-Kartenspiel: do the charges balance? Each answer is the engine's
verdict on the cards laid in a new game (``check`` of the confirm action), with its explanation.

>>> [TASKS[n]("de").answer().value for n in ("1", "2", "3", "6")]
['yes', 'no', '3', '4']
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

import chemgames

from ..core.explanation import Explanation
from ..core.i18n import minus, tr
from ..games.chemiekarten.reference import unicode
from ..widgets.predict import Answer, Option
from . import Task, yes_no


def verdict(cards: Sequence[str], charges: Mapping[str, int] | None, lang: str) -> Explanation:
    """The engine's verdict when player 1 lays ``cards`` (symbols) with ``charges`` chosen."""
    g = chemgames.new_game("chemiekarten", players=2, seed=1, lang=lang, dealer=1, hands=[list(cards)])

    def act(kind: str, **params: Any) -> Any:
        return g.action_from_json({"game": g.id, "player": 0, "kind": kind, "params": params})

    for c in cards:
        g.apply(act("select", card=c))
    for element, q in (charges or {}).items():
        g.apply(act("charge", element=element, charge=q))
    return g.check(act("confirm"))


def _cards_text(cards: Sequence[str]) -> str:
    return " + ".join(unicode(c) for c in cards)


def _allowed(cards: Sequence[str], charges: Mapping[str, int] | None = None) -> Callable[[str], Task]:
    """A yes/no task: does the rule allow ``cards`` (with ``charges``) as one compound?"""
    def make(lang: str) -> Task:
        def answer() -> Answer:
            e = verdict(cards, charges, lang)
            return Answer("yes" if e.ok else "no", tr(lang, "ws.chemiekarten.allowed" if e.ok else "ws.chemiekarten.refused"),
                          explanation=e)
        params = {"cards": _cards_text(cards)}
        params.update({f"q_{k}": minus(q, plus=True) for k, q in (charges or {}).items()})
        return Task("choice", answer, yes_no(lang), params=params)
    return make


def _which_charge(cards: Sequence[str], element: str, choices: Sequence[int]) -> Callable[[str], Task]:
    """A choice task: with which of ``choices`` for ``element`` does the rule allow ``cards``?"""
    def make(lang: str) -> Task:
        def answer() -> Answer:
            for q in choices:
                e = verdict(cards, {element: q}, lang)
                if e.ok:
                    return Answer(str(q), tr(lang, "ws.chemiekarten.charge_fits", element=element, q=minus(q, plus=True)), explanation=e)
            return Answer("", tr(lang, "ws.chemiekarten.refused"), explanation=verdict(cards, {element: choices[0]}, lang))
        return Task("choice", answer, [Option(str(q), f"{element} +{q}") for q in choices],
                    params={"cards": _cards_text(cards)})
    return make


def warm(lang: str) -> None:
    """Load the engine's reference data with a move no task asks about (Na + Cl), so the first
    committed prediction is answered at once."""
    verdict(["Na", "Cl"], None, lang)


TASKS = {
    "1": _allowed(["H", "H", "O"]),
    "2": _allowed(["H", "O"]),
    "3": _which_charge(["Fe", "Cl", "Cl", "Cl"], "Fe", (2, 3)),
    "4": _allowed(["Fe", "Cl", "Cl", "Cl"], {"Fe": 2}),
    "5": _allowed(["H", "H", "O", "H", "Cl"]),
    "6": _which_charge(["S", "O", "O"], "S", (2, 4)),
    "7a": _allowed(["Fe", "S"]),
    "7b": _allowed(["Au", "Bi", "C", "O"]),
}
