"""What a first lesson reads while scoring a Metallurgie area (s20f, played in a German JupyterLab):
after the first card was taken, every further take said "Die sichtbare Fläche Eisen (Fe) hat 9
Karten" while the row showed 8, 7, 6, 5. The sizes here are counted independently of the engine:
a breadth-first walk over the visible tops with the sheet's brick neighbours (a card on (q|r) is
drawn at x = q + r/2, so it touches (q±1|r), (q|r−1), (q+1|r−1), (q−1|r+1) and (q|r+1))."""
from __future__ import annotations

import re

import chemgames
from chemgames import Action

ROW = [[q, 0, "Fe"] for q in range(8)] + [[-1, 0, "Fe", "Cu"]]  # the ninth iron makes an area of 9


def visible_area(tops: dict[tuple[int, int], str], start: tuple[int, int]) -> int:
    """The size of the connected area of ``tops[start]``'s metal around ``start``."""
    seen, todo = {start}, [start]
    while todo:
        q, r = todo.pop()
        for d in ((1, 0), (-1, 0), (0, -1), (1, -1), (-1, 1), (0, 1)):
            n = (q + d[0], r + d[1])
            if n not in seen and tops.get(n) == tops[start]:
                seen.add(n)
                todo.append(n)
    return len(seen)


def tops_of(g) -> dict[tuple[int, int], str]:
    return {tuple(s["pos"]): s["cards"][-1]["metal"] for s in g.view()["stacks"]}


def do(g, kind, **params):
    return g.apply(Action(g.id, g.current_player, kind, tuple((k, tuple(v) if isinstance(v, list) else v)
                                                             for k, v in params.items())))


def test_each_take_says_the_area_it_scores_truly():
    for lang in ("de", "en"):
        g = chemgames.new_game("metallurgie", players=2, seed=3, lang=lang, layout=ROW, hands=[["Fe", "Fe", "Cu"]])
        do(g, "lay", metal="Fe", pos=(8, 0))
        do(g, "done")
        at_start = visible_area(tops_of(g), (0, 0))
        assert at_start == 9
        for q in (8, 7, 6, 5, 4):
            now = visible_area(tops_of(g), (0, 0))  # before this card is taken
            text = str(do(g, "take", pos=(q, 0)))
            # a present-tense size must be the one the row shows; the size the scoring began with is said as such
            present = re.findall(r"(?:Fläche Eisen \(Fe\) hat|Iron \(Fe\) area has) (\d+)", text)
            assert all(int(n) == now for n in present), (lang, q, now, text)
            began = re.findall(r"(?:beim Punkten|when scoring began)[^0-9]*(\d+)", text, re.I)
            if q != 8:  # the first take reads the area as it is; the later ones, as it was
                assert began == [str(at_start)], (lang, q, text)
