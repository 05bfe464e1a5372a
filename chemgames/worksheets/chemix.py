"""The ChemiX worksheet: formulas, indices, atoms and molar mass, each checked by the ChemiX engine
(``check`` of a ``form`` action, ``atom_counts``, ``molar_mass``) when the student commits.

>>> [TASKS[k]("de").answer().value for k in ("1", "2", "3", "4")]
['no', 'Na,2,C,O,3', 8, 7]
>>> formula, entry = last_compound()   # C2H4 with this deal: the test compares it with the masses
>>> sum(atom_counts(tuple(entry.action.get("layout"))).values()) >= 5
True
>>> TASKS["5"]("de").answer().value == float(molar_mass(tuple(entry.action.get("layout"))).math.total)
True
>>> isinstance(TASKS["6"]("de").answer().value, int)
True
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Sequence

import chemgames

from ..bots import GreedyBot, play_turn
from ..chemistry.elements import atomic_mass
from ..core.i18n import format_number, minus, tr
from ..games.chemix.layout import atom_counts, molar_mass
from ..games.chemiekarten.reference import unicode
from ..widgets.predict import Answer, Option
from . import Task, yes_no

#: the elements of the molar-mass table printed with task 5 (the game's own printed masses)
TABLE = ("H", "C", "N", "O", "Na", "P", "S", "Cl", "Ca", "Fe")


def mass_table(lang: str) -> str:
    """``H 1,01 · C 12,01 · …`` from :func:`chemgames.chemistry.elements.atomic_mass`.

    >>> mass_table("de").split(" · ")[:2]
    ['H 1,01', 'C 12,01']
    """
    return " · ".join(f"{s} {format_number(atomic_mass(s), lang, 2)}" for s in TABLE)


def judge(cards: Sequence[str], lang: str) -> Any:
    g = chemgames.new_game("chemix", players=2, seed=1, lang=lang)
    return g, g.check(g.action_from_json({"game": "chemix", "player": g.current_player, "kind": "form",
                                          "params": {"layout": list(cards)}}))


def right_layout(cards: Sequence[str], lang: str) -> tuple[bool, Any, list[str]]:
    """Whether ``cards`` lay a compound card as it is written (the cards need not be at hand)."""
    g, e = judge(cards, lang)
    ok = e.rule in ("cx.cards_missing", "cx.ok_form")
    steps = [s.text(lang) for s in g.compound_steps("".join(cards))[:2]] if ok else []
    return ok, e, steps


def _o2(lang: str) -> Task:
    cards = ["O", "O"]

    def answer() -> Answer:
        ok, e, steps = right_layout(cards, lang)
        _, e2, steps2 = right_layout(["O", "2"], lang)
        return Answer("yes" if ok else "no", tr(lang, "ws.chemix.o2", right="O + 2"), explanation=e,
                      steps=[tr(lang, "ws.chemix.instead", cards="O + 2")] + steps2)
    return Task("choice", answer, yes_no(lang))


SODA = (("Na", "2", "C", "O", "3"), ("2", "Na", "C", "O", "3"), ("Na", "C", "O", "3", "2"), ("Na", "C", "2", "O", "3"))


def _soda(lang: str) -> Task:
    def answer() -> Answer:
        right, steps = None, []
        for cards in SODA:
            ok, e, more = right_layout(cards, lang)
            steps.append(("✔ " if ok else "✘ ") + (" + ".join(cards) + ": " + (tr(lang, "ws.chemix.as_written") if ok else e.title)))
            if ok and right is None:
                right, steps = ",".join(cards), steps + more
        return Answer(right, " + ".join(right.split(",")) if right else "–", steps=steps)
    return Task("choice", answer, [Option(",".join(c), " + ".join(c)) for c in SODA])


def _atoms(cards: Sequence[str]) -> Any:
    def make(lang: str) -> Task:
        def answer() -> Answer:
            counts = atom_counts(tuple(cards))
            total = sum(counts.values())
            return Answer(total, tr(lang, "cx.atom_count", n=total),
                          steps=[(tr(lang, "ws.chemix.per_element"), " + ".join(f"{k} {s}" for s, k in counts.items()) + f" = {total}")])
        return Task("number", answer, params={"formula": unicode("".join(cards))})
    return make


@lru_cache(maxsize=1)
def last_compound() -> tuple[str, Any]:
    """Two greedy bots play (seed 2) until one lays a compound of at least five atoms and two
    elements: its formula and the log entry."""
    g = chemgames.new_game("chemix", players=2, seed=2, lang="de")
    bots = [GreedyBot(1), GreedyBot(2)]
    for _ in range(60):
        play_turn(g, bots[g.current_player or 0])
        forms = [e for e in g.log if e.action.kind == "form"]
        if forms:
            counts = atom_counts(tuple(forms[-1].action.get("layout")))
            if sum(counts.values()) >= 5 and len(counts) >= 2:
                return "".join(forms[-1].action.get("layout")), forms[-1]
    raise RuntimeError("no compound of five atoms was laid")


def _mass(lang: str) -> Task:
    formula, entry = last_compound()

    def answer() -> Answer:
        m = molar_mass(tuple(entry.action.get("layout")))
        line = m.math.in_lang(lang)
        return Answer(float(line.total), f"{format_number(line.total, lang, line.digits)} g/mol",
                      steps=[(tr(lang, "ws.chemix.mass_of", formula=unicode(formula)), line)])
    return Task("number", answer, tolerance=0.05, unit="g/mol",
                params={"formula": unicode(formula), "table": mass_table(lang)})


def _oxidation(lang: str) -> Task:
    formula, entry = last_compound()
    probe = next(s for s in entry.explanation.steps if s.msg.key == "cx.truth_x")
    element = dict(probe.msg.params)["element"]

    def answer() -> Answer:
        assert probe.math is not None
        found = re.search(r"⇒\s*x\s*=\s*([+−-]?\d+)", probe.math.text)
        assert found is not None, probe.math.text  # the step always ends in the solved equation
        x = int(found.group(1).replace("−", "-").replace("+", ""))
        return Answer(x, f"{element} {minus(x, plus=True)}", explanation=entry.explanation.in_lang(lang))
    return Task("number", answer, params={"formula": unicode(formula), "element": element})


def warm(lang: str) -> None:
    """Load the engine's data with a lay-out no task asks about (H + 2 + O)."""
    right_layout(["H", "2", "O"], lang)


TASKS = {
    "1": _o2,
    "2": _soda,
    "3": _atoms(["C", "H", "3", "C", "O", "O", "H"]),
    "4": _atoms(["H", "2", "S", "O", "4"]),
    "5": _mass,
    "6": _oxidation,
}
