"""Metallurgie's board searches, made faster for issue 16 (``board.py``), against the plain
readings they replace: the visible areas by one search per metal, ``is_connected`` after taking a
card, the removal search that asks it for every card. Compared on the boards of random games and on
random sets of positions (also ones not in one piece).
"""
from __future__ import annotations

import random

import pytest

import chemgames
from chemgames.games.metallurgie.board import (is_connected, neighbours, removal_completes, stays_connected,
                                               visible_areas)


def reference_components(cells: set) -> list[list]:
    """By union-find: every cell joined with each neighbour among ``cells``."""
    parent = {c: c for c in cells}

    def root(c):
        while parent[c] != c:
            c = parent[c]
        return c

    for c in cells:
        for n in neighbours(c):
            if n in parent:
                parent[root(n)] = root(c)
    parts: dict = {}
    for c in cells:
        parts.setdefault(root(c), []).append(c)
    return sorted(sorted(p) for p in parts.values())


def reference_areas(tops: dict) -> list:
    by_layer: dict = {}
    for pos, layer in tops.items():
        by_layer.setdefault(layer, set()).add(pos)
    return [(layer, part) for layer in sorted(by_layer) for part in reference_components(by_layer[layer])]


def reference_removal(layout: set, area: list, need: int) -> bool:
    """Plainly: is there an order of taking ``need`` cards of ``area`` that leaves the lay-out in one
    piece after every card?"""
    if need <= 0:
        return True
    return any(len(layout) > 1 and is_connected(layout - {c}) and reference_removal(layout - {c}, [a for a in area if a != c], need - 1)
               for c in area)


def _boards(n_games: int) -> list[dict]:
    out = []
    for seed in range(n_games):
        g = chemgames.new_game("metallurgie", players=2, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()), explain=False)
            if rng.random() < 0.1:
                out.append(g._tops())
    return out


def _random_cells(rng: random.Random) -> set:
    cells = {(0, 0)}
    for _ in range(rng.randrange(1, 40)):
        if rng.random() < 0.85:
            cells.add(rng.choice(list(neighbours(rng.choice(sorted(cells))))))
        else:  # a piece apart
            cells.add((rng.randrange(-6, 7), rng.randrange(-6, 7)))
    return cells


@pytest.fixture(scope="module")
def boards() -> list[dict]:
    return _boards(12)


def test_visible_areas_as_by_one_search_per_metal(boards: list[dict]) -> None:
    rng = random.Random(1)
    tops_list = boards + [{c: rng.randrange(4) for c in _random_cells(rng)} for _ in range(300)]
    for tops in tops_list:
        assert visible_areas(tops) == reference_areas(tops)


def test_stays_connected_is_is_connected(boards: list[dict]) -> None:
    rng = random.Random(2)
    layouts = [set(t) for t in boards] + [c for c in (_random_cells(rng) for _ in range(400)) if is_connected(c)]
    cut = 0
    for layout in layouts:
        for cell in layout:
            expected = is_connected(layout - {cell})
            assert stays_connected(layout, cell) == expected, (sorted(layout), cell)
            cut += not expected
    assert cut > 50  # cards that hold a lay-out together were among them


def test_removal_search_as_plainly_read(boards: list[dict]) -> None:
    rng = random.Random(3)
    cases = 0
    layouts = [set(t) for t in boards[::3]] + [_random_cells(rng) for _ in range(150)]
    for layout in layouts:
        cells = sorted(layout)
        for _ in range(4):
            area = rng.sample(cells, min(len(cells), rng.randrange(1, 7)))
            need = rng.randrange(0, min(4, len(area)) + 1)
            assert removal_completes(layout, area, need, True) == reference_removal(layout, area, need), (
                cells, area, need)
            cases += 1
    assert cases > 300
