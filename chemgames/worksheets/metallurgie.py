"""The Metallurgie worksheet: metal facts, neighbours in the brick pattern, connected areas, cut
cards and the tie-break, each answered by the game's engine and element data.

>>> [TASKS[k]("de").answer().value for k in ("1a", "1b", "2", "6")]
['Au', 'Au', 'fewer', '2']
>>> TASKS["4"]("de").answer().value > 1   # the starting lay-out of seed 1 (4 areas with this deal)
True
>>> TASKS["3"]("de").answer().value
['1,1', '1,2', '2,0', '2,2', '3,0', '3,1']
"""
from __future__ import annotations

import math
from typing import Any

import sympy

import chemgames
from chemgames import Action

from ..chemistry.elements import atomic_mass
from ..core.i18n import format_number, tr
from ..games.metallurgie.board import neighbours, pos_text, split_parts, visible_areas
from ..games.metallurgie.metals import metals
from ..widgets.predict import Answer, Option
from . import Task

AVOGADRO = 6.02214076e23


def _metal_options(lang: str) -> list[Option]:
    return [Option(m.symbol, f"{getattr(m.name, lang)} ({m.symbol})") for m in metals()]


def _density_of(m: Any) -> float:
    """The density of a metal of the game (every one has it in the element data)."""
    density = m.facts.density
    assert density is not None, m.symbol
    return float(density)


def _density(lang: str) -> Task:
    def answer() -> Answer:
        ms = metals()
        top = max(ms, key=_density_of)
        steps = [f"{getattr(m.name, lang)} ({m.symbol}): ρ = {format_number(_density_of(m), lang, m.facts.density_digits)} g/cm³"
                 for m in sorted(ms, key=_density_of)]
        return Answer(top.symbol, f"{getattr(top.name, lang)} ({top.symbol})", steps=steps)
    return Task("choice", answer, _metal_options(lang))


def _mass(lang: str) -> Task:
    def answer() -> Answer:
        ms = metals()
        top = max(ms, key=lambda m: atomic_mass(m.symbol))
        steps = [f"{getattr(m.name, lang)} ({m.symbol}): Z = {m.facts.number}, M = {format_number(atomic_mass(m.symbol), lang, 2)} g/mol"
                 for m in ms]
        return Answer(top.symbol, f"{getattr(top.name, lang)} ({top.symbol})", steps=steps)
    return Task("choice", answer, _metal_options(lang))


def atoms_per_cm3(symbol: str) -> float:
    """n = ρ / M · N_A with the game's density and the one printed molar mass."""
    m = next(m for m in metals() if m.symbol == symbol)
    rho, M, NA = sympy.symbols("rho M N_A", positive=True)
    return float((rho / M * NA).subs({rho: m.facts.density, M: float(atomic_mass(symbol)), NA: AVOGADRO}))


def _sci(x: float, lang: str) -> str:
    e = math.floor(math.log10(x))
    return f"{format_number(x / 10**e, lang, 2)} · 10^{e}"


def _atoms(lang: str) -> Task:
    def answer() -> Answer:
        au, cu = atoms_per_cm3("Au"), atoms_per_cm3("Cu")
        steps = []
        for m in metals():
            steps.append((f"{getattr(m.name, lang)} ({m.symbol})",
                          f"{format_number(_density_of(m), lang, m.facts.density_digits)} / {format_number(atomic_mass(m.symbol), lang, 2)} · N_A = {_sci(atoms_per_cm3(m.symbol), lang)}"))
        verdict = "fewer" if au < cu else "more"
        return Answer(verdict, tr(lang, f"ws.metallurgie.{verdict}"), steps=steps)
    return Task("choice", answer, [Option(k, tr(lang, f"ws.metallurgie.{k}")) for k in ("more", "fewer")])


CANDIDATES = ((1, 0), (2, 0), (3, 0), (0, 1), (1, 1), (3, 1), (4, 1), (1, 2), (2, 2), (3, 2))


def _neighbours(lang: str) -> Task:
    def answer() -> Answer:
        ns = sorted(neighbours((2, 1)))
        return Answer([f"{q},{r}" for q, r in ns], ", ".join(pos_text(p) for p in ns),
                      steps=[tr(lang, "ws.metallurgie.brick", x=format_number(2 + 1 / 2, lang, 1))])
    return Task("multi", answer, [Option(f"{q},{r}", pos_text((q, r))) for q, r in CANDIDATES])


def _areas(lang: str) -> Task:
    def answer() -> Answer:
        g = chemgames.new_game("metallurgie", players=2, seed=1, lang=lang)
        tops = {tuple(s["pos"]): len(s["cards"]) - 1 for s in g.view()["stacks"]}
        areas = visible_areas(tops)
        steps = [tr(lang, "ws.metallurgie.area", metal=metals()[layer].symbol, count=len(cells),
                    cells=", ".join(pos_text(c) for c in cells)) for layer, cells in areas]
        return Answer(len(areas), tr(lang, "ws.metallurgie.n_areas", count=len(areas)), steps=steps)
    return Task("number", answer)


ROW = tuple((q, 0) for q in range(9))


def _cuts(lang: str) -> Task:
    def answer() -> Answer:
        layout = {(q, 0) for q in range(-1, 9)}
        safe, steps = [], []
        for p in ROW:
            parts = split_parts(layout, p)
            if len(parts) == 1:
                safe.append(f"{p[0]},{p[1]}")
                steps.append(tr(lang, "ws.metallurgie.stays", pos=pos_text(p)))
            else:
                steps.append(tr(lang, "ws.metallurgie.splits", pos=pos_text(p), sizes=" + ".join(str(len(x)) for x in parts)))
        g = chemgames.new_game("metallurgie", players=2, seed=1, lang=lang,
                               layout=[[q, 0, "Fe"] for q in range(8)] + [[-1, 0, "Fe", "Cu"]], hands=[["Fe", "Fe", "Fe"]])
        g.apply(Action("metallurgie", 0, "lay", (("metal", "Fe"), ("pos", (8, 0)))))
        g.apply(Action("metallurgie", 0, "done"))
        e = g.check(Action("metallurgie", 0, "take", (("pos", (3, 0)),))).in_lang(lang)
        steps += [tr(lang, "ws.metallurgie.engine_take", pos=pos_text((3, 0))), e.title] + e.lines
        return Answer(safe, ", ".join(pos_text((int(q), int(r))) for q, r in (s.split(",") for s in safe)), steps=steps)
    return Task("multi", answer, [Option(f"{q},{r}", pos_text((q, r))) for q, r in ROW])


def _tiebreak(lang: str) -> Task:
    def answer() -> Answer:
        g = chemgames.new_game("metallurgie", players=3, seed=1, lang=lang, bonus=["Au", "Fe", "Cu"],
                               won=[["Au", "Fe", "Fe"], ["Au", "Cu", "Fe"], ["Fe", "Fe", "Fe", "Fe"]], pile=["stop"])
        g.apply(Action("metallurgie", 0, "draw"))  # the stop card ends the game
        steps = [tr(lang, "ws.metallurgie.account", n=a.player + 1,
                    lines="; ".join(f"{line.label.render(lang)} {line.points}" for line in a.lines[:-1]))
                 for a in g.score_breakdown()]
        steps.append(g.view()["tiebreak"])
        winner = g.winners()[0]
        return Answer(str(winner + 1), tr(lang, "ws.metallurgie.player", n=winner + 1), steps=steps)
    return Task("choice", answer, [Option(str(k), tr(lang, "ws.metallurgie.player", n=k)) for k in (1, 2, 3)])


TASKS: dict[str, Any] = {"1a": _density, "1b": _mass, "2": _atoms, "3": _neighbours, "4": _areas, "5": _cuts, "6": _tiebreak}
