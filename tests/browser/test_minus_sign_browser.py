"""What the browser shows writes a negative number with the minus sign U+2212 (s23d).

Seen in session 22: the seat bar said "-3 Punkte" (ChemiX Classic, a player without a noble gas
holds three cards) and the "since your last move" box "-2 → -1"; the front end wrote the numbers it
was given as they came (``String(n)``, ``Intl.NumberFormat``: CLDR gives German and English the
keyboard's hyphen), and Metallurgie's cells were named "(0|-1)" for screen readers. Every number the
front end writes now goes through ``formatNumber`` of ``widgets/shared/dom.js``. The views are the
real bundles rendered in Chromium with the real Python widget behind them (``host.py``, no
JupyterLab); the test scans every text and every label (``aria-label``, ``title``) of the page, on
the projector (1280×720) and on a touch tablet (1024×768, whose views read the catalog's texts for
fingers).
"""
from __future__ import annotations

import re
import time

import pytest

import chemgames
from chemgames.bots import GreedyBot
from chemgames.widgets import ChemiXWidget, ChemunoWidget, MetallurgieWidget

from .conftest import shot_page
from .host import Host

HYPHEN = re.compile(r"(?<![\w.\-/])-(?=\d)")
SIGN = re.compile("\u2212(?=\\d)")
SHOWN = """() => {
  const out = [];
  for (const view of document.querySelectorAll('.cg-host-view')) {
    out.push(view.innerText);
    for (const el of view.querySelectorAll('*')) {
      for (const name of ['aria-label', 'title', 'aria-valuetext']) { const v = el.getAttribute(name); if (v) out.push(v); }
      if (el.namespaceURI === 'http://www.w3.org/2000/svg' && el.localName === 'text') out.push(el.textContent);
    }
  }
  return out;
}"""


# the projector, and a student's tablet (its touch texts, "Tippe …", are other texts of the catalog)
SIZES = {"1280x720": {"viewport": {"width": 1280, "height": 720}},
         "1024x768-touch": {"viewport": {"width": 1024, "height": 768}, "has_touch": True, "is_mobile": False}}


@pytest.fixture(params=sorted(SIZES))
def host_page(bare_browser, request):
    size = SIZES[request.param]
    for page in shot_page(bare_browser, request.node.name, size["viewport"], has_touch=size.get("has_touch", False)):
        # the tablet must be seen as one: its view reads the texts for fingers ((pointer: coarse), dom.js)
        assert page.evaluate("matchMedia('(pointer: coarse)').matches") == ("touch" in request.param)
        yield page


def shown(page) -> list[str]:
    texts: list[str] = page.evaluate(SHOWN)
    hyphens = [t[max(0, m.start() - 40):m.end() + 20] for t in texts for m in HYPHEN.finditer(t)]
    assert not hyphens, hyphens[:8]
    return texts


def rendered(page, w) -> Host:
    page.clock.install()
    host = Host(page, w)
    page.clock.pause_at(time.time() * 1000 + 60_000)  # no bot timer fires: the test moves the game
    host.render()
    host.pump(0.3)
    return host


def humans_turn(w, until) -> None:
    """Play the human's seat (player 1) greedily and the bot's through the widget until ``until(w)``
    holds on the human's turn."""
    g, bot = w.game, GreedyBot(1)
    for _ in range(80):
        if g.current_player == 0 and until(w):
            return
        assert not g.is_over, "the game ended first"
        if g.current_player == 0:
            w.receive({"type": "act", "action": bot.choose(g).to_json()})
        else:
            w.receive({"type": "bot"})
    raise AssertionError("not reached in 80 steps")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_negative_score_in_the_seat_bar(host_page, lang):
    g = chemgames.new_game("chemix", players=2, seed=2, lang=lang, nobles=[None, []])  # player 2: no noble gas
    w = ChemiXWidget(g, seats=["human", "greedy"], bot_delay=0)
    assert g.scores()[1] == -3 and g.current_player == 0
    rendered(host_page, w)
    shown(host_page)
    bar = host_page.locator(".cg-players [data-player='1'] .cg-score").first.inner_text()
    assert bar == ("\u22123 Punkte" if lang == "de" else "\u22123 points"), bar


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_since_box_counts_chemunos_cards_as_the_seat_bar_does(host_page, lang):
    """Chemuno's sheet knows no points, only a winner: the seat bar shows each player's cards in hand,
    and the "since your last move" box counts the same cards (it said "Punktestand −7 → −10", a
    score shown nowhere else). A card the bot laid is "(−1)", with the minus sign."""
    g = chemgames.new_game("chemuno", players=2, seed=1, lang=lang)
    w = ChemunoWidget(g, seats=["human", "greedy"], bot_delay=0)
    humans_turn(w, lambda w: any(c["after"] < c["before"] for c in (w.panel.get("since") or {}).get("scores", [])))
    change = next(c for c in w.panel["since"]["scores"] if c["after"] < c["before"])
    rendered(host_page, w)
    texts = shown(host_page)
    box = host_page.locator(f".cg-since-score[data-player='{change['player']}']").first.inner_text()
    bar = host_page.locator(f".cg-players [data-player='{change['player']}'] .cg-handsize").first.inner_text()
    held = g.view(None)["hand_sizes"][change["player"]]  # what Python holds, counted by the test
    assert change["after"] == held and bar.startswith(f"{held} "), (change, bar, held)
    delta = change["after"] - change["before"]
    assert f"{change['before']} \u2192 {held} (\u2212{-delta})" in box, box
    assert box.startswith("Karten auf der Hand" if lang == "de" else "Cards in the hand"), box
    assert not any(word in t for t in texts for word in ("Punktestand", "Score of")), \
        [t for t in texts if "Punktestand" in t or "Score of" in t][:5]
    assert any(SIGN.search(t) for t in texts)


def test_metallurgies_places_with_a_negative_coordinate(host_page):
    g = chemgames.new_game("metallurgie", players=2, seed=0, lang="de")
    w = MetallurgieWidget(g, seats=["human", "greedy"], bot_delay=0)
    humans_turn(w, lambda w: any(q < 0 or r < 0 for q, r in w.game.s_stacks))
    rendered(host_page, w)
    texts = shown(host_page)
    assert any(re.search(r"\(\u2212\d+\|-?\d+\)|\(\d+\|\u2212\d+\)", t) for t in texts), [t for t in texts if "|" in t][:5]
