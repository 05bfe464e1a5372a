"""A student's steps in the JupyterLite site (shared by tests/lite and bench/bench_lite.py)."""
from __future__ import annotations

import chemgames

GAME = "notebooks/chemiekarten.ipynb"


def expected_first_move() -> tuple[list[str], int, str]:
    """The notebook's first widget deals ``play(players=3, ..., seed=7)``; the engine's best move
    for the human seat, computed here in CPython: the widget keys to click, the points, the formula."""
    g = chemgames.new_game("chemiekarten", players=3, seed=7, lang="de")
    assert g.current_player == 0
    hint = g.hints(1)[0]
    for action in hint.actions:
        g.apply(action)
    assert {a.kind for a in hint.actions} <= {"combine", "confirm"}, hint.actions
    keys = [f"combine:{dict(a.params)['formula']}:{dict(a.params)['proto']}" if a.kind == "combine" else a.kind
            for a in hint.actions]
    return keys, g.scores()[0], hint.formula


def open_and_run(page, url: str, path: str = GAME, navigate: bool = True) -> None:
    """Open ``path`` in JupyterLite (``navigate=False``: the page is already there), wait for the
    Pyodide kernel, run all cells, wait for a board."""
    if navigate:
        page.goto(f"{url}/lab/index.html?path={path}")
    page.wait_for_selector(".jp-Notebook .jp-Cell")
    page.wait_for_function("document.querySelector('#jp-main-statusbar')?.innerText.includes('Pyodide')")
    page.wait_for_function("document.querySelector('#jp-main-statusbar').innerText.includes('Idle')", timeout=120_000)
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    page.wait_for_selector(".cg-root[data-version]", timeout=150_000)
    page.locator(".cg-root").first.locator(".cg-hand").wait_for()


def play_move(page, keys: list[str], points: int) -> str:
    """Click ``keys`` in the first board, each after Python answered the last; return the
    explanation that shows ``points`` (the accepted move)."""
    root = page.locator(".cg-root").first
    for key in keys:
        before = int(root.get_attribute("data-version"))
        root.locator(f"[data-key='{key}']").click()
        page.wait_for_function(f"Number(document.querySelector('.cg-root').dataset.version) > {before}")
    page.wait_for_function(
        "t => [...document.querySelector('.cg-root').querySelectorAll('.cg-expl')].some(e => e.innerText.includes(t))",
        arg=f"{points} Punkte")
    return root.locator(".cg-expl", has_text=f"{points} Punkte").first.inner_text()


def subscript(formula: str) -> str:
    """``NO2`` as the widget writes it.

    >>> subscript("Fe2O3")
    'Fe₂O₃'
    """
    return formula.translate(str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉"))
