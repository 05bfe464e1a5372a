"""The Chemuno worksheet: formulas as sets of elements and multipliers, noble gases and the draw
after a multiplier; each answer is the engine's verdict (``check`` or ``apply`` of a move) from a
set position.

>>> [TASKS[k]("de").answer().value for k in ("1", "3", "6")]
['yes', 'no', 4]
>>> TASKS["2"]("de").answer().value, TASKS["4"]("de").answer().value
(['H', 'O', '×2'], ['H2O', 'CO2', 'Fe2O3'])
>>> TASKS["5"]("en").answer().value
['H2O', 'CO2', 'Ne']
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

import chemgames
from chemgames import Action

from ..core.i18n import tr
from ..games.chemiekarten.reference import unicode
from ..games.chemix.cards import card_set
from ..widgets.predict import Answer, Option
from . import Task, yes_no

OTHERS = [["CO", "N2", "CH4"], ["NO", "NH3", "FeS"]]  # more cards in each hand: no one lays a last card


def act(g: Any, kind: str, **params: Any) -> Action:
    return Action("chemuno", g.current_player, kind, tuple(params.items()))


def on_top(top: str, card: str, lang: str, wish: str | None = None) -> tuple[Any, Any]:
    """A game where player 1 has laid ``top`` (with ``wish`` after a noble gas); the engine's verdict
    on player 2 laying ``card`` next (a noble gas laid next wishes the same element)."""
    g = chemgames.new_game("chemuno", players=2, seed=1, lang=lang, starter=0,
                           hands=[[top, *OTHERS[0]], [card, *OTHERS[1]]])
    g.apply(act(g, "play", card=top, **({"wish": wish} if wish else {})))
    noble = card_set().kind(card) == "noble"
    return g, g.check(act(g, "play", card=card, **({"wish": wish or "O"} if noble else {})))


def label(card: str) -> str:
    """A card as printed: a formula with subscripts, ×2 for a multiplier, He for a noble gas."""
    cs = card_set()
    kind = cs.kind(card)
    return f"×{cs.face(card)}" if kind == "multiplier" else unicode(card.split(".")[0])


def _fits(top: str, card: str) -> Callable[[str], Task]:
    def make(lang: str) -> Task:
        def answer() -> Answer:
            _, e = on_top(top, card, lang)
            return Answer("yes" if e.ok else "no", tr(lang, "ws.chemuno.fits" if e.ok else "ws.chemuno.no_fit",
                                                      card=label(card), top=label(top)), explanation=e)
        return Task("choice", answer, yes_no(lang), params={"card": label(card), "top": label(top)})
    return make


def _shared(lang: str) -> Task:
    top, card = "H2O", "H2SO4"
    items = ("H", "O", "S", "×2", "×4")

    def answer() -> Answer:
        cs = card_set()
        common = cs.contents(top) & cs.contents(card)
        _, e = on_top(top, card, lang)
        chosen = [i for i in items if i.lstrip("×") in common]  # a multiplier's content is its number
        return Answer(chosen, ", ".join(chosen), explanation=e)
    return Task("multi", answer, [Option(i, i) for i in items], params={"card": label(card), "top": label(top)})


def _where(card: str, tops: Sequence[str], wish: str | None = None, on: str | None = None) -> Callable[[str], Task]:
    """A multi task: which of ``tops`` may ``card`` follow (or, with ``on`` a noble gas laid with
    ``wish``: which of ``tops`` may follow it)."""
    def make(lang: str) -> Task:
        def answer() -> Answer:
            right, steps = [], []
            for t in tops:
                _, e = on_top(on, t, lang, wish) if on else on_top(t, card, lang)
                if e.ok:
                    right.append(t)
                steps += [f"{label(t)}: " + ("✔ " if e.ok else "✘ ") + e.title, *e.lines]
            return Answer(right, ", ".join(label(t) for t in right), steps=steps)
        return Task("multi", answer, [Option(t, label(t)) for t in tops],
                    params={"card": label(card), "wish": wish or "", "on": label(on) if on else ""})
    return make


def _doubling(lang: str) -> Task:
    def answer() -> Answer:
        g = chemgames.new_game("chemuno", players=2, seed=1, lang=lang, starter=0,
                               hands=[["x2.1", *OTHERS[0]], ["x2.2", *OTHERS[1]]])
        g.apply(act(g, "play", card="x2.1"))
        second = g.apply(act(g, "play", card="x2.2"))
        before = g.view()["hand_sizes"][0]
        g.apply(act(g, "draw"))
        drawn = g.view()["hand_sizes"][0] - before
        steps = [tr(lang, "ws.chemuno.hand_grew", before=before, after=before + drawn)]
        return Answer(drawn, tr(lang, "ws.chemuno.draws", count=drawn), steps=steps, explanation=second)
    return Task("number", answer)


def warm(lang: str) -> None:
    """Load the engine's data with a move no task asks about (SO₃ on SO₂)."""
    on_top("SO2", "SO3", lang)


TASKS = {
    "1": _fits("H2O", "H2SO4"),
    "2": _shared,
    "3": _fits("H2O", "NaCl"),
    "4": _where("x2.1", ("H2O", "NaCl", "CO2", "Fe2O3", "CaCO3")),
    "5": _where("", ("H2O", "NaCl", "CO2", "x2.1", "Ne"), wish="O", on="He"),
    "6": _doubling,
}
