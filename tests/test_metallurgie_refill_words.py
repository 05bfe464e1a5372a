"""Metallurgie: what the end of a turn says about refilling the hand is true (s23d).

Seen in session 22's walk: "0 Karten nachgezogen, wieder drei auf der Hand" ("drew 0 cards, three
again"). It is said after every turn that began with the draw pile: the drawn card is laid at once
(or discarded when it fits nowhere) and no hand card is laid, so the hand never held fewer than
three and nothing is drawn. The sentence now says that the hand still holds its three cards; a turn
that laid hand cards says how many were drawn (the plural by the catalog's CLDR forms). The numbers
expected here are the hand sizes read from the mover's view before and after the turn's last action,
not the engine's count.
"""
from __future__ import annotations

import re

import pytest

import chemgames
from chemgames.bots import GreedyBot, RandomBot

DREW = {"de": re.compile(r"(\d+) Karten? nachgezogen"), "en": re.compile(r"Drew (\d+) cards?\b")}
AGAIN = {"de": "wieder", "en": "again"}
STILL = {"de": "noch alle drei Karten", "en": "still holds all three cards"}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_refill_line_says_what_the_hand_got(lang: str) -> None:
    seen = {"drew": 0, "none": 0}
    for seed in range(3):
        g = chemgames.new_game("metallurgie", players=2, seed=seed, lang=lang)
        bots = [GreedyBot(seed), RandomBot(seed)]
        while not g.is_over:
            p = g.current_player
            assert p is not None
            before = len(g.view(p)["hand"])
            g.apply(bots[p].choose(g))
            if g.current_player == p or g.is_over:
                continue  # the turn goes on (or ended with the stop card: no refill)
            after = len(g.view(p)["hand"])
            lines = g.log[-1].explanation.in_lang(lang).lines
            said = [int(m.group(1)) for line in lines for m in [DREW[lang].search(line)] if m]
            if after > before:
                assert said == [after - before], lines
                assert any(AGAIN[lang] in line for line in lines if DREW[lang].search(line)), lines
                seen["drew"] += 1
            else:
                assert after == before == 3, (before, after)
                assert said == [], lines  # not "0 Karten nachgezogen"
                assert not any(AGAIN[lang] in line for line in lines), lines
                assert any(STILL[lang] in line for line in lines), lines
                seen["none"] += 1
    assert seen["drew"] and seen["none"], seen
