"""States a first lesson met without a word of explanation (issue 26), each checked in the browser
at 1280×720 and at 1024×768 with touch; screenshots ``states_<case>_<size>.png``.

* Metallurgie: after laying gold, both silver cards were greyed out and the status still said
  "Wähle eine Handkarte". Now the status says what the turn still allows and each card that no
  longer fits says why (its name and its tooltip).
"""
from __future__ import annotations

import pytest

from .conftest import ARTIFACTS
from .lab import bring_into_view, click_and_wait, open_and_run

pytestmark = pytest.mark.browser

SIZES = {"1280x720": {"viewport": {"width": 1280, "height": 720}},
         "1024x768-touch": {"viewport": {"width": 1024, "height": 768}, "has_touch": True, "is_mobile": False}}
# gold may go on the silver of (0|0), silver on the copper of (3|0); after gold nothing else fits
MT_LAYOUT = [[0, 0, "Fe", "Cu", "Ag"], [1, 0, "Fe"], [2, 0, "Fe"], [3, 0, "Fe", "Cu"]]


@pytest.fixture(params=sorted(SIZES))
def sized(browser, request):
    context = browser.new_context(**SIZES[request.param])
    page = context.new_page()
    page.set_default_timeout(60_000)
    yield page, request.param
    context.close()


def test_metallurgie_says_why_the_silver_cards_no_longer_fit(sized, lab):
    page, size = sized
    name = lab.write_notebook(f"mt_after_gold_{size}.ipynb", [
        "import chemgames\nfrom chemgames.widgets import MetallurgieWidget",
        f"g = chemgames.new_game('metallurgie', players=2, seed=3, lang='de', layout={MT_LAYOUT!r}, hands=[['Au', 'Ag', 'Ag']])\n"
        "w = MetallurgieWidget(g, seats=['human', 'greedy'], bot_delay=60000)\nw"])
    open_and_run(page, lab, name)
    root = page.locator(".mt-root")
    status = root.locator(".cg-status")
    assert "Wähle eine Handkarte" in status.inner_text()
    assert root.locator(".mt-hand .mt-card[data-metal='Ag']:enabled").count() == 2  # silver fits before
    root.locator(".mt-hand .mt-card[data-metal='Au']").click()
    click_and_wait(page, root, root.locator(".mt-cell[data-pos='0:0']"))
    text = status.inner_text()
    assert "Wähle eine Handkarte" not in text
    assert "Nach Gold (Au) passt keine deiner Handkarten mehr in diesen Zug" in text and "Beende das Anlegen" in text
    assert root.locator(".mt-tip").count() == 0  # no "choose a hand card" left below the buttons
    silver = root.locator(".mt-hand .mt-card[data-metal='Ag']")
    assert silver.count() == 2
    for card in silver.all():
        assert card.is_disabled()
        # the way the turn has left (s22g: "nur dasselbe Metall oder das nächsthöhere" named a way gold does not have)
        why = ("Silber (Ag) passt nicht mehr in diesen Zug: Nach Gold (Au) gilt: erlaubt ist Gold (Au) an einer anderen "
               "Stelle; auf Gold kommt kein Metall.")
        assert card.get_attribute("title") == why and why in card.get_attribute("aria-label")
    bring_into_view(root.locator("[data-key='done']"))
    assert root.locator("[data-key='done']").is_enabled()
    ARTIFACTS.mkdir(exist_ok=True)
    bring_into_view(status)
    page.screenshot(path=str(ARTIFACTS / f"states_mt_after_gold_{size}.png"))


def test_chromino_fit_after_many_moves(sized, lab):
    """A lay-out of many tiles: "Einpassen" shows all of it (a mouse screen) or keeps each square at
    least 44 px to tap (a touch screen; issue 26: 17 px, and fit changed nothing)."""
    from .test_hand_fit_browser import check_chromino_fit

    page, size = sized
    name = lab.write_notebook(f"chr_fit_{size}.ipynb", [
        "import chemgames\nfrom chemgames.bots import GreedyBot\nfrom chemgames.widgets import ChrominoWidget",
        "g = chemgames.new_game('chromino', players=2, seed=5, lang='de')\nbots = [GreedyBot(seed=1), GreedyBot(seed=2)]\n"
        "while len([e for e in g.log if e.action.kind == 'place']) < 24 and not g.is_over:\n"
        "    g.apply(bots[g.current_player].choose(g))\n"
        "w = ChrominoWidget(g, seats=['human', 'human'], open_hands=True)\nw"])
    open_and_run(page, lab, name)
    laid = page.locator(".cg-chr-laid .cg-chr-tile").count()
    assert laid >= 12
    bring_into_view(page.locator(".cg-chr-svg"))
    check_chromino_fit(page, touch="touch" in size)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"states_chromino_fit_{size}.png"))


def test_each_bot_keeps_its_reason_in_a_game_of_three(sized, lab):
    """Two search bots move one after the other: on the student's turn both reasons are on screen,
    the last bot's under its move and the other one's beside its seat (issue 26)."""
    page, size = sized
    name = lab.write_notebook(f"bots3_{size}.ipynb", [
        "from chemgames.widgets import play\n"
        "w = play(players=3, bots=['search:easy', 'search:easy'], seed=3, lang='de', bot_delay=200)\nw"])
    open_and_run(page, lab, name)
    root = page.locator(".cg-root").first
    root.locator("[data-key='hint']").wait_for(timeout=90_000)  # both bots have moved: the student's turn
    seat2 = root.locator(".cg-seat-row[data-seat='1'] .cg-bot-note")
    seat2.wait_for()
    assert "Warum Spieler 2 zuletzt so gewählt hat" in seat2.inner_text()
    assert root.locator(".cg-bot-note").count() >= 2  # and seat 3's reason under the last move
    ARTIFACTS.mkdir(exist_ok=True)
    bring_into_view(root.locator(".cg-bots"))
    page.screenshot(path=str(ARTIFACTS / f"states_bots3_{size}.png"))
