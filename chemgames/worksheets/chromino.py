"""The Chromino worksheet: why there are exactly 75 tiles, and where a tile may lie. Every answer
is counted by the engine (``tiles.generate``, ``kind_counts``, ``colour_counts``, the layout's
``judge``, ``puzzle``) when the student commits a prediction.

>>> [TASKS[n]("de").answer().value for n in ("1", "2a", "2b", "3", "5", "6", "7", "9a", "9b", "10")]
[125, 25, 50, 'half', 30, 35, '2,0', 2, 4, 42]
>>> TASKS["8"]("en").answer().value
['2,0,0', '2,0,1']
"""
from __future__ import annotations

import itertools
from typing import Any

import sympy

import chemgames
from chemgames import Action

from ..core.i18n import minus, tr
from ..games.chromino.tiles import COLOURS, TILES, by_colours, colour_counts, generate, kind_counts
from ..widgets.predict import Answer, Option
from . import Task

R, Y, G, B, P = range(5)
n = sympy.Symbol("n", positive=True, integer=True)


def tile_name(colours: tuple[int, ...], lang: str) -> str:
    """A tile as a student reads it, symbol and colour name: ``■ Grün-◆ Blau-★ Violett``."""
    return "-".join(f"{COLOURS[c].symbol} {COLOURS[c].name(lang)}" for c in colours)


def sequences() -> list[tuple[int, ...]]:
    return list(itertools.product(range(len(COLOURS)), repeat=3))


def _sequences(lang: str) -> Task:
    def answer() -> Answer:
        k = len(sequences())
        return Answer(k, tr(lang, "ws.chromino.sequences", count=k), steps=[(tr(lang, "ws.chromino.each_field"), f"5 · 5 · 5 = 5³ = {k}")])
    return Task("number", answer)


def _palindromes(lang: str) -> Task:
    def answer() -> Answer:
        pal = [f for f in sequences() if f == f[::-1]]
        return Answer(len(pal), tr(lang, "ws.chromino.palindromes", count=len(pal)),
                      steps=[(tr(lang, "ws.chromino.pal_why"), f"5 · 5 = {len(pal)}")])
    return Task("number", answer)


def _tiles(lang: str) -> Task:
    def answer() -> Answer:
        seqs = sequences()
        pal = sum(1 for f in seqs if f == f[::-1])
        rest = len(seqs) - pal
        total = len(generate(5))
        return Answer(rest // 2, tr(lang, "ws.chromino.pair_tiles", count=rest // 2),
                      steps=[(tr(lang, "ws.chromino.pairs"), f"({len(seqs)} − {pal}) / 2 = {rest // 2}"),
                             (tr(lang, "ws.chromino.together"), f"{pal} + {rest // 2} = {pal + rest // 2}"),
                             (tr(lang, "ws.chromino.engine_counts"), str(total))])
    return Task("number", answer)


FORMULAS = {"cube": n**3, "minus": n**3 - n**2, "half": (n**3 + n**2) / 2, "halfcube": n**3 / 2}


def show(expr: Any) -> str:
    """A SymPy expression as a student writes it on one line.

    >>> show(sympy.factor((n**3 + n**2) / 2)), show(n * (n - 1) * (n - 2) / 2)
    ('n²·(n + 1)/2', 'n·(n − 2)·(n − 1)/2')
    """
    return sympy.sstr(expr).replace("**2", "²").replace("**3", "³").replace("*", "·").replace(" - ", " − ")


def _formula(lang: str) -> Task:
    def answer() -> Answer:
        tiles = (n**3 - n**2) / 2 + n**2
        right = next(k for k, f in FORMULAS.items() if sympy.simplify(f - tiles) == 0)
        steps = [(tr(lang, "ws.chromino.derive"), f"(n³ − n²)/2 + n² = {show(sympy.factor(tiles))}")]
        steps += [(tr(lang, "ws.chromino.check_k", k=k), f"{len(generate(k))} = {tiles.subs(n, k)}") for k in range(1, 8)]
        return Answer(right, "(n³ + n²)/2", steps=steps)
    labels = {"cube": "n³", "minus": "n³ − n²", "half": "(n³ + n²)/2", "halfcube": "n³/2"}
    return Task("choice", answer, [Option(k, v) for k, v in labels.items()])


SORTS = {"mono": n, "aab": n * (n - 1), "aba": n * (n - 1), "abc": n * (n - 1) * (n - 2) / 2}


def _three_colours(lang: str) -> Task:
    def answer() -> Answer:
        engine = kind_counts()
        steps = [(tr(lang, f"ws.chromino.sort.{k}"), f"{show(f)} = {f.subs(n, 5)}; "
                  + tr(lang, "ws.chromino.engine_says", count=engine[k])) for k, f in SORTS.items()]
        return Answer(engine["abc"], tr(lang, "ws.chromino.sort_abc", count=engine["abc"]), steps=steps)
    return Task("number", answer)


def _each_colour(lang: str) -> Task:
    def answer() -> Answer:
        tiles = (n**3 + n**2) / 2
        without = tiles.subs(n, 4)
        red = colour_counts()["red"]["all"]
        return Answer(red, tr(lang, "ws.chromino.each_colour", count=red),
                      steps=[(tr(lang, "ws.chromino.without_red"), f"(4³ + 4²)/2 = {without}"),
                             (tr(lang, "ws.chromino.with_red"), f"75 − {without} = {75 - without}"),
                             (tr(lang, "ws.chromino.engine_counts"), str(red))])
    return Task("number", answer)


def position_7() -> Any:
    """The start tile Red-Yellow-Green with Yellow-Green-Green above it; Green-Blue-Purple in hand."""
    g = chemgames.new_game("chromino", players=1, seed=1, lang="de", start=by_colours((R, Y, G)).id,
                           hands=[[by_colours((Y, G, G)).id, by_colours((G, B, P)).id]])
    g.apply(place(by_colours((Y, G, G)).id, 0, -1, 0))
    return g


def place(tile: int, x: int, y: int, rot: int) -> Action:
    return Action("chromino", 0, "place", (("tile", tile), ("x", x), ("y", y), ("rot", rot)))


CORNERS = ((2, 0), (-1, -1), (3, -1), (-2, 0))


def _cell(x: int, y: int) -> str:
    """A square as the student reads it, as the game's own texts print it: "(−1, −1)"."""
    return f"({minus(x)}, {minus(y)})"


def _corner(lang: str) -> Task:
    def answer() -> Answer:
        cells = position_7().layout.cells
        steps, best = [], None
        for x, y in CORNERS:
            greens = sum(1 for d in ((1, 0), (-1, 0), (0, 1), (0, -1))
                         if (c := cells.get((x + d[0], y + d[1]))) is not None and c[0] == G)
            steps.append(tr(lang, "ws.chromino.green_sides", cell=_cell(x, y), count=greens))
            if greens >= 2 and best is None:
                best = f"{x},{y}"
        return Answer(best, _cell(*map(int, best.split(","))) if best else "–", steps=steps)
    return Task("choice", answer, [Option(f"{x},{y}", _cell(x, y)) for x, y in CORNERS])


PLACEMENTS_8 = ((2, 0, 0), (2, 0, 1), (3, -1, 0), (-4, 0, 0))


def _placement_label(x: int, y: int, rot: int, lang: str) -> str:
    return tr(lang, "ws.chromino.across" if rot == 0 else "ws.chromino.down", cell=_cell(x, y))


def _which_fit(lang: str) -> Task:
    def answer() -> Answer:
        g = position_7()
        tile = by_colours((G, B, P)).id
        ok, steps = [], []
        for x, y, rot in PLACEMENTS_8:
            e = g.check(place(tile, x, y, rot)).in_lang(lang)
            if e.ok:
                ok.append(f"{x},{y},{rot}")
            steps.append(e.title)
            steps += e.lines
        labels = [_placement_label(x, y, rot, lang) for x, y, rot in (map(int, v.split(",")) for v in ok)]
        return Answer(ok, ", ".join(labels), steps=steps)
    return Task("multi", answer, [Option(f"{x},{y},{r}", _placement_label(x, y, r, lang)) for x, y, r in PLACEMENTS_8])


PUZZLE_MOVES = (((R, R, Y), -2, -1, 0), ((R, G, Y), 0, 1, 2), ((R, R, R), -3, -2, 0))


def puzzle_position() -> Any:
    """The lay-out of the sheet's little puzzle, built with legal moves."""
    d = chemgames.new_game("chromino", players=1, seed=1, lang="de", start=by_colours((R, Y, G)).id,
                           hands=[[by_colours(c).id for c, *_ in PUZZLE_MOVES]])
    for c, x, y, rot in PUZZLE_MOVES:
        d.apply(place(by_colours(c).id, x, y, rot))
    return d


def _puzzle(lang: str) -> Task:
    def answer() -> Answer:
        d = puzzle_position()
        e = d.puzzle(by_colours((R, R, G)).id).in_lang(lang)
        down = sum(1 for _, _, rot in e.data["placements"] if rot % 2 == 1)  # rot 1 and 3 lie down
        return Answer(down, tr(lang, "ws.chromino.down_ways", count=down, total=len(e.data["placements"])), explanation=e)
    return Task("number", answer)


def _puzzle_corners(lang: str) -> Task:
    def answer() -> Answer:
        d = puzzle_position()
        tile = by_colours((R, R, G)).id
        e = d.puzzle(tile).in_lang(lang)
        ways = e.data["placements"]
        corner = [i for i, w in enumerate(ways) if d.layout.judge(tile, *w).touching == 1]
        steps = [tr(lang, "ws.chromino.corner_way", where=e.lines[i]) for i in corner]
        return Answer(len(corner), tr(lang, "ws.chromino.corner_ways", count=len(corner), total=len(ways)), steps=steps)
    return Task("number", answer)


def _no_place(lang: str) -> Task:
    def answer() -> Answer:
        d = puzzle_position()
        counts = sorted(((len(d.placements_of(t.id)), t.colours) for t in TILES), reverse=True)
        none = sum(1 for k, _ in counts if k == 0)
        steps = [tr(lang, "ws.chromino.most", tile=tile_name(c, lang), count=k) for k, c in counts[:3]]
        return Answer(none, tr(lang, "ws.chromino.none_fit", count=none, total=len(TILES)), steps=steps)
    return Task("number", answer)


TASKS = {
    "1": _sequences, "2a": _palindromes, "2b": _tiles, "3": _formula, "5": _three_colours, "6": _each_colour,
    "7": _corner, "8": _which_fit, "9a": _puzzle, "9b": _puzzle_corners, "10": _no_place,
}
