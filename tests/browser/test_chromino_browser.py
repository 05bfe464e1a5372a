"""Chromino in a real JupyterLab: a tile placed by clicking (also into a corner: two sides of one square)
and by keyboard, a refusal explained, the final account at the end,
legal places highlighted. Every test saves a screenshot under test-artifacts/."""
from __future__ import annotations

import re

import pytest

from .conftest import ARTIFACTS
from .lab import assert_accessible, bring_into_view, open_and_run, probe, version, wait_newer

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


def cell_point(page, x: int, y: int, relative: bool = False) -> tuple[float, float]:
    """Where the middle of the grid cell (x, y) is on the screen (``relative``: from the grid's
    top left corner), read after two frames: the grid fits its view box to its real size on the
    frame after it is drawn (widgets/chromino.js), and a point read before that misses the cell."""
    return tuple(page.evaluate(
        """async ([x, y, relative]) => {
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        const svg = document.querySelector('.cg-chr-svg'); const p = svg.createSVGPoint();
        p.x = x * 40 + 20; p.y = y * 40 + 20; const q = p.matrixTransform(svg.getScreenCTM());
        const box = svg.getBoundingClientRect();
        return relative ? [q.x - box.x, q.y - box.y] : [q.x, q.y]; }""", [x, y, relative]))


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
    assert "(\u22122, \u22121)" in live.inner_text()
    before = version(root)
    page.keyboard.press("Enter")
    wait_newer(page, before)
    state = probe(page)
    assert [rry, -2, -1, 0] in state["layout"]
    assert "laid from (\u22122, \u22121)" in root.locator(".cg-aside").inner_text()


def test_place_a_tile_by_dragging(page, lab):
    root = start(page, lab, "chromino_drag.ipynb", lang="en")
    tile = root.locator(".cg-chr-handtile").first
    rry = int(tile.get_attribute("data-tile"))
    grid = root.locator(".cg-chr-svg")
    x, y = cell_point(page, -1, -1, relative=True)  # the middle square above the opening's red square
    before = version(root)
    tile.drag_to(grid, target_position={"x": x, "y": y})
    wait_newer(page, before)
    assert [rry, -2, -1, 0] in probe(page)["layout"]
    assert "1 tile laid" in root.locator(".cg-players").inner_text()


def test_place_a_tile_in_a_corner_by_clicking(page, lab):
    # the sheet: "mindestens an zwei identischen Farbseiten ... Kontakt": one square in a corner
    # touches with two sides. Y-G-G lies above the opening R-Y-G, R-R-Y below it; G-B-P goes from
    # (2, 0): its green square has green on its left and above, and scores (4 × 4) + (4 + 2) = 22.
    cells = [
        "import json, chemgames\nfrom chemgames import Action\nfrom chemgames.widgets import ChrominoWidget\n"
        "from chemgames.games.chromino.tiles import by_colours as t",
        f"g = chemgames.new_game('chromino', players=2, seed=3, lang='de', start=t(({R}, {Y}, {G})).id, hand_size=3, "
        f"scoring='specialists', hands=[[t(({Y}, {G}, {G})).id, t(({G}, {B}, {P})).id, t(({P}, {P}, {P})).id], "
        f"[t(({R}, {R}, {Y})).id, t(({B}, {B}, {B})).id, t(({B}, {B}, {P})).id]])\n"
        f"g.apply(Action('chromino', 0, 'place', (('tile', t(({Y}, {G}, {G})).id), ('x', 0), ('y', -1), ('rot', 0))))\n"
        f"g.apply(Action('chromino', 1, 'place', (('tile', t(({R}, {R}, {Y})).id), ('x', -2), ('y', 1), ('rot', 0))))\n"
        "w = ChrominoWidget(g, seats=['human', 'greedy'], bot_delay=600000)\nw",
        "def probe():\n    print(json.dumps({'current': g.current_player, 'scores': g.scores(),"
        " 'layout': [[k['tile'], k['x'], k['y'], k['rot']] for k in g.view(None)['layout']]}))",
        f"GBP = t(({G}, {B}, {P})).id",
    ]
    lab.write_notebook("chromino_corner.ipynb", cells)
    open_and_run(page, lab, "chromino_corner.ipynb")
    root = page.locator(".cg-root")
    gbp = next(int(x.get_attribute("data-tile")) for x in root.locator(".cg-chr-handtile").all()
               if "Grün" in x.get_attribute("aria-label") and "Blau" in x.get_attribute("aria-label"))
    root.locator(f"[data-tile='{gbp}']").click()
    root.locator("[data-key='legal']").click()
    assert root.locator(f".cg-chr-legal[data-x='2'][data-y='0'][data-rot='0']").count() == 1  # the corner is offered
    before = version(root)
    page.mouse.click(*cell_point(page, 3, 0))  # the middle square lands on (3, 0): the tile from (2, 0)
    wait_newer(page, before)
    state = probe(page)
    assert [gbp, 2, 0, 0] in state["layout"] and state["scores"][0] == 6 + 22
    aside = root.locator(".cg-aside").inner_text()
    assert "2 Verbindungen: 2 Seiten berühren die Auslage" in aside and "berührende Felder: 1" in aside
    assert "22 Punkte" in aside  # the sum is shown as MathML: (4 × 4) + (4 + 2) = 22
    formula = root.locator(".cg-aside math").first.text_content().replace(" ", "")
    assert formula == "(4×4)+(4+2)=22"


def test_final_account_shown_when_the_game_ends(page, lab):
    # "Endabrechnung: ... Von dieser Summe zieht der Spieler den Wert der Chromino ab, die er nicht
    # ablegen konnte": player 1 lays the last tile, the bot finishes the round, the account shows
    cells = [
        "import json, chemgames\nfrom chemgames.widgets import ChrominoWidget\n"
        "from chemgames.games.chromino.tiles import by_colours as t",
        f"g = chemgames.new_game('chromino', players=2, seed=3, lang='de', start=t(({R}, {Y}, {G})).id, hand_size=1, "
        f"scoring='tiles', hands=[[t(({R}, {R}, {Y})).id], [t(({B}, {B}, {B})).id]])\n"
        "w = ChrominoWidget(g, seats=['human', 'greedy'], bot_delay=300)\nw",
        "def probe():\n    print(json.dumps({'over': g.is_over, 'scores': g.scores(), 'current': g.current_player,"
        " 'sums': [a.sum_text() for a in g.score_breakdown()]}))",
    ]
    lab.write_notebook("chromino_account.ipynb", cells)
    open_and_run(page, lab, "chromino_account.ipynb")
    root = page.locator(".cg-root")
    root.locator(".cg-chr-handtile").first.click()
    page.mouse.click(*cell_point(page, -1, 1))  # R-R-Y from (-2, 1): red under red, yellow under yellow
    page.wait_for_selector(".cg-account", timeout=30_000)
    state = probe(page)
    assert state["over"]
    account = root.locator(".cg-account")
    text = account.inner_text()
    assert "Endabrechnung" in text and "Punkte für die gelegten Steine" in text and "Übrige Steine auf der Hand" in text
    sums = account.locator(".cg-account-sum").all_text_contents()
    assert sums == state["sums"] and re.fullmatch(r"\d+ − \d+ = −?\d+", sums[1])
    assert_accessible(page, "with the final account")
    bring_into_view(account)


def test_a_teachers_open_hands_show_every_hand_under_its_players_name(page, lab):
    # a demonstration on the projector with every hand open (``open_hands=True``): each hand under
    # "Hand von Spieler n", only the player to move can pick a tile up, and no second "open tiles" box
    cells = [
        "import json, chemgames\nfrom chemgames.widgets import ChrominoWidget",
        "g = chemgames.new_game('chromino', players=2, seed=5, lang='de')\n"
        "w = ChrominoWidget(g, seats=['human', 'human'], open_hands=True, bot_delay=600000)\nw",
        "def probe():\n    print(json.dumps({'current': g.current_player,"
        " 'hands': [[t['id'] for t in g.view(p)['hand']] for p in range(2)]}))",
    ]
    lab.write_notebook("chromino_open.ipynb", cells)
    open_and_run(page, lab, "chromino_open.ipynb")
    root = page.locator(".cg-root")
    state = probe(page)
    for p in range(2):
        box = root.locator(f".cg-handbox [data-hand='{p}']")
        assert box.locator("h3").inner_text().startswith(f"Hand von Spieler {p + 1}")
        assert box.locator("li").count() == len(state["hands"][p])
    mover = state["current"]
    own = root.locator(f".cg-handbox [data-hand='{mover}'] .cg-chr-handtile")
    assert own.count() == len(state["hands"][mover])
    assert {int(x) for x in own.evaluate_all("es => es.map(e => e.dataset.tile)")} == set(state["hands"][mover])
    assert root.locator(f".cg-handbox [data-hand='{1 - mover}'] .cg-chr-handtile").count() == 0
    assert root.locator(".cg-chr-open").count() == 0 and "Deine Hand" not in root.inner_text()
    assert_accessible(page, "with every hand open")


def test_a_tap_on_the_grid_gives_it_the_keyboard(browser, lab):
    """A tablet with a keyboard (1024×768, touch): a tap on the grid (here where the chosen tile may not lie)
    must give the grid the focus, as a mouse's press does, so the arrows and Enter that follow move and lay
    the tile. Chromium focused it only with the mouse press it makes up after the finger's release, after the
    tap had sent its move from the tile tapped before (s24f); a browser that makes up no mouse press (or the
    view drawn anew before it) left the focus on that tile, and the arrows did nothing."""
    from .test_notice_in_sight_browser import TABLET, open_in

    context, page = open_in(browser, lab, "chromino_tap_keys.ipynb", setup_cells(), TABLET)
    try:
        assert page.evaluate("matchMedia('(pointer: coarse)').matches")
        root = page.locator(".cg-root")
        tile = root.locator(".cg-chr-handtile").first
        rry = int(tile.get_attribute("data-tile"))
        tile.tap()
        page.wait_for_function("document.activeElement?.dataset.key?.startsWith('tile:')")  # the tap focused the tile
        bring_into_view(root.locator(".cg-chr-svg"))
        # where the focus is as the finger lifts, which is when the tap sends its move (and the view notes the
        # control that sent it: the refusal's headline goes under it, shared/mount.js)
        page.evaluate("() => document.addEventListener('pointerup', () => { window.cgFocusAtUp ="
                      " document.activeElement?.dataset.key || document.activeElement?.tagName; }, { capture: true, once: true })")
        before = version(root)
        page.touchscreen.tap(*cell_point(page, 2, 2))  # the tile from (1, 2): it touches nothing, refused
        wait_newer(page, before)
        assert "Abgelehnt" in root.locator(".cg-notice").inner_text()
        focused = page.evaluate("[window.cgFocusAtUp, document.activeElement?.dataset.key || document.activeElement?.tagName]")
        page.screenshot(path=str(ARTIFACTS / "chromino_tap_keys_tablet.png"))
        assert focused == ["grid", "grid"], f"as the finger lifts and after Python's answer the focus is on {focused!r}"
        live = root.locator(".cg-chr-live")
        x, y = map(int, re.findall(r"-?\d+", live.inner_text().replace("\u2212", "-"))[:2])
        assert (x, y) == (1, 2), live.inner_text()  # the cursor where the finger tapped
        for _ in range(x + 2):
            page.keyboard.press("ArrowLeft")
        for _ in range(y + 1):
            page.keyboard.press("ArrowUp")
        assert "(\u22122, \u22121)" in live.inner_text()
        before = version(root)
        page.keyboard.press("Enter")
        wait_newer(page, before)
        assert [rry, -2, -1, 0] in probe(page)["layout"]
    finally:
        context.close()
