"""The bot's timer in the browser (issue 26: "⚠ Fehler: Kein Bot ist am Zug" after switching a seat
to the search bot while the game was open in a second view).

Each view (``widgets/shared/mount.js``) waits ``bot_delay`` before it asks Python for the bot's move.
It used to send that request with the version of the view drawn *when the timer fired*: a timer
armed while a bot was to move, fired after a newer view in which a human is to move had been
drawn (the other view's timer had played the bot; "Neues Spiel" was clicked in the pause), asked
for a bot's move in a view with no bot to move. Python then answered "Kein Bot ist am Zug" (until
it learned to ignore such requests quietly, which hid the cause). These tests render the real
bundle with the real Python widget behind it (``host.py``, no JupyterLab) and check that every
bot request the page sends names a view in which a bot was to move."""
from __future__ import annotations

import time

import pytest

import chemgames
from chemgames.widgets import ChemieKartenWidget

from .conftest import shot_page
from .host import Host

DELAY = 1_500  # ms: the bot's pause (on the page's clock, which the tests move themselves)


@pytest.fixture
def host_page(bare_browser, request):
    yield from shot_page(bare_browser, request.node.name, {"width": 1280, "height": 720})


def bot_to_move_widget() -> ChemieKartenWidget:
    """Two seats, the human's, then a greedy bot's; the human has passed: the bot is to move."""
    g = chemgames.new_game("chemiekarten", players=2, seed=5, lang="de", dealer=1)
    w = ChemieKartenWidget(g, seats=["human", "greedy"], bot_delay=DELAY)
    assert g.current_player == 0
    w.receive({"type": "act", "action": {"game": "chemiekarten", "player": 0, "kind": "skip", "params": {}}})
    assert w.game.current_player == 1
    return w


def stopped_clock(page, w: ChemieKartenWidget) -> Host:
    """``w`` rendered in ``page`` on a stopped clock: its timers fire only in ``page.clock.run_for``.
    (``install`` alone fakes the timers but lets the time run: the bot's timer fired before the
    test's click at load 15 with Playwright slowed by 150 ms a call.)"""
    page.clock.install()
    host = Host(page, w)
    page.clock.pause_at(time.time() * 1000 + 60_000)  # no timer is armed yet: the jump fires none
    return host


def no_error_shown(page) -> None:
    text = page.locator("body").inner_text()
    assert "Kein Bot ist am Zug" not in text and "Fehler" not in text, text[:400]


def test_a_new_game_in_the_bots_pause_sends_no_bot_request(host_page):
    w = bot_to_move_widget()
    # the page's clock moves only when the test says (Playwright's clock, paused): the click below
    # comes in the bot's pause however long a loaded machine takes to draw and to click
    host = stopped_clock(host_page, w)
    host.render()
    host.pump(0.2)  # the view is drawn, its timer armed (the bot is to move)
    host_page.locator("[data-key='new_game']").click()  # in the pause: a fresh deal, the human begins
    host.pump(0.3)
    assert w.game.current_player == 0 and len(w.game.log) == 0
    host_page.clock.run_for(DELAY + 1_500)  # the old timer's time passes
    host.pump(0.5)
    assert host.moot_bot_requests() == [], host.sent
    assert w.stale_ignored == 0 and w.panel["notice"]["rule"] == "ui.new_game"
    no_error_shown(host_page)


def test_a_second_view_drawn_while_the_bot_is_asked(host_page):
    """The finding's situation: the game open in two views, the bot's seat switched (to another
    bot) in one of them. The first view's timer asks for the bot's move; the second view, drawn
    while Python has not answered yet, arms its own timer; Python answers (the human is to move
    again) before that timer fires. That timer must not ask for a bot's move in the human's turn.
    (With the search bot the race is the same; its longer thinking only changes which timer wins.)"""
    w = bot_to_move_widget()
    host = stopped_clock(host_page, w)  # the page's timers fire when the test moves its clock (see above)
    host.render()
    host.pump(0.2)
    host_page.locator(".cg-host-view").first.locator("[data-key='seat_kind:1']").select_option("random")
    host.pump(0.2)
    assert w.seats[1] == "random"
    host_page.clock.run_for(DELAY)
    host.hold_until("bot")  # the first view's timer has asked; Python has not answered yet
    host.render()  # the second view (JupyterLab's "New View for Output"), drawn now: its timer runs
    host.pump(0.3)  # Python answers at once (the bot plays), before the second timer's time is up
    host_page.clock.run_for(DELAY + 1_500)  # then the second timer's time passes
    host.pump(0.5)
    assert any(e.player == 1 for e in w.game.log), "the bot played its turn"
    assert w.game.current_player == 0
    assert host.moot_bot_requests() == [], host.sent
    assert w.panel["notice"] is None or w.panel["notice"]["rule"] != "err.not_bot"
    no_error_shown(host_page)
    # both views show the human's turn: the same version drawn in each
    versions = host_page.evaluate("[...document.querySelectorAll('.cg-host-view .cg-root')].map(r => r.dataset.version)")
    assert versions == [str(w.version)] * 2, versions
