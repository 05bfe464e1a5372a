"""Chromino in a real JupyterLab: a tile placed by clicking and by keyboard, a refusal explained,
legal places highlighted. Every test saves a screenshot under test-artifacts/."""
from __future__ import annotations

import re

import pytest

from .lab import open_and_run, probe, version, wait_newer

pytestmark = pytest.mark.browser

R, Y, G, B, P = range(5)


def setup_cells(lang: str = "de") -> list[str]:
    return [
        "import json, chemgames\nfrom chemgames.widgets import ChrominoWidget\n"
        "from chemgames.games.chromino.tiles import by_colours as t",
        f"g = chemgames.new_game('chromino', players=2, seed=3, lang={lang!r}, start=t(({R}, {Y}, {G})).id, hand_size=2, "
        f"hands=[[t(({R}, {R}, {Y})).id, t(({P}, {P}, {P})).id]])\n"
        "w = ChrominoWidget(g, seats=['human', 'greedy'], bot_delay=600000)\nw",
        "def probe():\n    print(json.dumps({'current': g.current_player, 'log': len(g.log),"
        " 'layout': [[k['tile'], k['x'], k['y'], k['rot']] for k in g.view(None)['layout']]}))",
    ]


def start(page, lab, name: str, lang: str = "de"):
    lab.write_notebook(name, setup_cells(lang))
    open_and_run(page, lab, name)
    return page.locator(".cg-root")


def cell_point(page, x: int, y: int) -> tuple[float, float]:
    """Where the middle of the grid cell (x, y) is on the screen."""
    return tuple(page.evaluate(
        """([x, y]) => { const svg = document.querySelector('.cg-chr-svg'); const p = svg.createSVGPoint();
        p.x = x * 40 + 20; p.y = y * 40 + 20; const q = p.matrixTransform(svg.getScreenCTM());
        return [q.x, q.y]; }""", [x, y]))


def test_place_a_tile_by_clicking(page, lab):
    root = start(page, lab, "chromino_click.ipynb")
    tile = root.locator(".cg-chr-handtile").first  # the hand is sorted: red-red-yellow before purple
    rry = int(tile.get_attribute("data-tile"))
    tile.click()
    assert tile.get_attribute("aria-pressed") == "true"
    # the middle on the opening's yellow square: an overlap, refused with the reason
    before = version(root)
    page.mouse.click(*cell_point(page, 0, 0))
    wait_newer(page, before)
    notice = root.locator(".cg-notice")
    assert "überlappen nie" in notice.inner_text()
    # legal places on request: the two places of red-red-yellow (above and below the opening)
    root.locator("[data-key='legal']").click()
    assert root.locator(".cg-chr-legal").count() == 2
    # the middle under the opening's red square: red under red, yellow under yellow
    before = version(root)
    page.mouse.click(*cell_point(page, -1, 1))
    wait_newer(page, before)
    state = probe(page)
    assert [rry, -2, 1, 0] in state["layout"] and state["current"] == 1
    assert "abgelegt" in root.locator(".cg-aside").inner_text()
    squares = root.locator(".cg-chr-tile text")
    assert squares.count() == 6 and "●" in squares.all_text_contents()  # every square carries its symbol


def test_place_a_tile_by_keyboard(page, lab):
    root = start(page, lab, "chromino_keys.ipynb", lang="en")
    rry = int(root.locator(".cg-chr-handtile").first.get_attribute("data-tile"))
    grid = root.locator(".cg-chr-svg")
    grid.focus()
    page.keyboard.press("1")  # the first tile of the hand (sorted: red-red-yellow)
    assert root.get_attribute("data-sel") == str(rry)
    page.keyboard.press("l")
    assert root.locator(".cg-chr-legal").count() == 2
    live = root.locator(".cg-chr-live")
    x, y = map(int, re.findall(r"-?\d+", live.inner_text())[:2])
    for _ in range(abs(x + 2)):
        page.keyboard.press("ArrowLeft" if x > -2 else "ArrowRight")
    for _ in range(abs(y + 1)):
        page.keyboard.press("ArrowUp" if y > -1 else "ArrowDown")
    assert "(-2, -1)" in live.inner_text()
    before = version(root)
    page.keyboard.press("Enter")
    wait_newer(page, before)
    state = probe(page)
    assert [rry, -2, -1, 0] in state["layout"]
    assert "laid from (-2, -1)" in root.locator(".cg-aside").inner_text()


def test_place_a_tile_by_dragging(page, lab):
    root = start(page, lab, "chromino_drag.ipynb", lang="en")
    tile = root.locator(".cg-chr-handtile").first
    rry = int(tile.get_attribute("data-tile"))
    grid = root.locator(".cg-chr-svg")
    box = grid.bounding_box()
    x, y = cell_point(page, -1, -1)  # the middle square above the opening's red square
    before = version(root)
    tile.drag_to(grid, target_position={"x": x - box["x"], "y": y - box["y"]})
    wait_newer(page, before)
    assert [rry, -2, -1, 0] in probe(page)["layout"]
    assert "1 tiles laid" in root.locator(".cg-players").inner_text()
