"""Hints: good next moves of Metallurgie, best first, each as the actions that make it.

The search is greedy and one card deep: every card the player may lay next is tried on a copy of
the visible tops and valued by the areas it builds (an area big enough to score counts most).
Scoring hints remove the cards of an area in an order that keeps the lay-out in one piece.

>>> line = {(0, 0), (1, 0), (2, 0)}
>>> removal_order(line, [(1, 0), (0, 0), (2, 0)], 2, iron=True)  # iron: the middle first would split the lay-out
[(0, 0), (1, 0)]
>>> removal_order(line, [(1, 0), (0, 0), (2, 0)], 2, iron=False)
[(1, 0), (0, 0)]
>>> board_value({(0, 0): 0, (1, 0): 0}) / board_value({(0, 0): 0})  # iron needs 9: (2/9)² against (1/9)²
4.0
>>> import chemgames
>>> g = chemgames.new_game("metallurgie", players=2, seed=1, lang="en")
>>> [str(h) for h in find_hints(g, 2)] == [str(h) for h in g.hints(2)]
True
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .hint import Hint
from .board import Pos, is_connected, pos_text, removal_completes, visible_areas
from .metals import SYMBOLS, metals

if TYPE_CHECKING:
    from .rules import Metallurgie

SCORABLE = 100.0
DRAW_VALUE = 0.5




def board_value(tops: dict[Pos, int]) -> float:
    """How promising the visible areas are: each area by its share of the size needed, squared;
    an area big enough to score counts ``SCORABLE`` more, higher metals a little more."""
    value = 0.0
    for layer, cells in visible_areas(tops):
        m = metals()[layer]
        share = min(len(cells), m.area) / m.area
        value += share * share * (1 + layer / 4)
        if len(cells) >= m.area:
            value += SCORABLE
    return value


def removal_order(layout: set[Pos], area: list[Pos], need: int, iron: bool) -> list[Pos] | None:
    """``need`` cells of ``area`` to take one by one, the lay-out staying whole after each (iron)."""
    order: list[Pos] = []
    left = list(area)
    layout = set(layout)
    while len(order) < need:
        for cell in left:
            rest = layout - {cell} if iron else layout
            if not iron or (is_connected(rest) and removal_completes(rest, [c for c in left if c != cell],
                                                                       need - len(order) - 1, True)):
                order.append(cell)
                left.remove(cell)
                layout = rest
                break
        else:
            return None
    return order


def find_hints(game: "Metallurgie", limit: int) -> list[Hint]:
    act = game._act
    phase = game.s_phase
    out: list[Hint] = []
    if phase == "score":
        t = game.s_taking
        areas = [(t["layer"], [c for c in t["area"] if c not in t["taken"]], t["need"] - len(t["taken"]))] \
            if t is not None else [(lay, cells, metals()[lay].removes) for lay, cells in game.scorable()]
        for layer, cells, need in areas:
            order = removal_order(set(game.s_stacks), cells, need, layer == 0)
            if order:
                out.append(Hint(f"{SYMBOLS[layer]} ×{len(cells)} −{need}: " + ", ".join(map(pos_text, order)), 1,
                                tuple(act("take", pos=tuple(c)) for c in order), 10.0 + layer))
        if t is None:
            out.append(Hint("✔ ⏎", 0, (act("finish"),), 0.0))
    else:
        tops = game._tops()
        base = board_value(tops)
        for a in game.legal_actions():
            if a.kind == "lay":
                pos = (a.get("pos")[0], a.get("pos")[1])
                layer = SYMBOLS.index(a.get("metal"))
                old = tops.get(pos)
                tops[pos] = layer
                value = board_value(tops) - base + 0.01 * layer
                if old is None:
                    del tops[pos]
                else:
                    tops[pos] = old
                out.append(Hint(f"{a.get('metal')} → {pos_text(pos)}", 0, (a,), value))
            elif a.kind == "draw":
                out.append(Hint("▤ ?", 0, (a,), DRAW_VALUE))
            elif a.kind == "done":
                out.append(Hint("✔", 0, (a,), 0.0))
    out.sort(key=lambda h: -h.value)
    return out[:limit]
