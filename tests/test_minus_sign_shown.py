"""Every signed number a student reads prints the minus sign U+2212, never the keyboard's hyphen (s23d).

Seen in session 22's walks: the seat bar said "-3 Punkte" and the "since your last move" box
"-2 → -1"; Metallurgie's places read "(0|-1)". Print writes "−3" (DIN 5008, and every score line of
the final account, ``core.score``); a screen reader reads both alike before a digit (NVDA's
symbols.dic: ``(?<!\\w)[-−]{1}(?=[$£€¥.]?\\d)``). Python formats such numbers in one place,
``chemgames.core.i18n`` (``format_number`` with the locale's decimals through Babel, ``minus`` for
whole numbers without one, and ``tr`` for a whole number given to a catalog text); the front end in
``formatNumber`` of ``widgets/shared/dom.js`` (tests/browser/test_minus_sign_browser.py scans what
the browser shows).

This test scans what the engines give the views: seeded games played through, every text of every
player's view, the log, the hints and the final account, in both languages; LaTeX source (a minus in
TeX's math mode prints as a minus sign) and the actions' machine form (``str(action)``) are skipped.
"""
from __future__ import annotations

import re
from typing import Any, Iterator

import pytest

import chemgames
from chemgames.bots import GreedyBot, RandomBot, play_turn
from chemgames.core.i18n import Num, format_number, minus, tr

#: a hyphen-minus before a digit that is not inside a word, a range or a number ("H2-3", "1-2", "x-2")
HYPHEN = re.compile(r"(?<![\w.\-/])-(?=\d)")
SIGN = re.compile("\u2212(?=\\d)")
MACHINE = {"latex", "text_action", "action"}


def _texts(x: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[str, str]]:
    if isinstance(x, str):
        yield "/".join(path), x
    elif isinstance(x, dict):
        for k, v in x.items():
            key = "text_action" if k == "text" and "action" in x else str(k)  # a log entry's str(action)
            if key not in MACHINE and not (path == () and k == "cards"):  # the card catalogue: no numbers of play
                yield from _texts(v, path + (key,))
    elif isinstance(x, (list, tuple)):
        for v in x:
            yield from _texts(v, path)


def test_the_helpers_print_the_minus_sign_and_the_locales_decimals() -> None:
    assert tr("de", "core.points", points=-3) == "\u22123 Punkte"
    assert tr("en", "core.points", points=-1) == "\u22121 point"
    assert format_number(-1234.5, "de", 1) == "\u22121.234,5" and format_number(-0.25, "en", 2) == "\u22120.25"
    assert Num(-2.675, 2).render("de") == "\u22122,68"
    assert format_number(-0.04, "de", 1) == "0,0"  # shown as zero: no sign
    assert format_number(3, "de", plus=True) == "+3" and minus(-5, plus=True) == "\u22125" and minus(0, plus=True) == "0"


@pytest.mark.parametrize("game,seed", [("metallurgie", 0), ("chemuno", 2), ("chromino", 0), ("chemix", 0)])
def test_what_the_games_give_a_view_has_no_hyphen_before_a_digit(game: str, seed: int) -> None:
    found: dict[str, str] = {}
    signs = 0
    for lang in ("de", "en"):
        g = chemgames.new_game(game, players=2, seed=seed, lang=lang)
        bots = [GreedyBot(seed), RandomBot(seed)]
        shown: list[tuple[str, str]] = []
        for _ in range(150):
            if g.is_over:
                break
            mover = g.current_player
            assert mover is not None
            play_turn(g, bots[mover])
            for p in (None, 0, 1):
                shown += _texts(g.view(p))
            if not g.is_over:
                shown += _texts([h.formula for h in g.hints(3)])
        shown += _texts([a.to_dict(lang) for a in g.score_breakdown()])
        for where, text in shown:
            signs += len(SIGN.findall(text))
            if HYPHEN.search(text):
                found.setdefault(where, text)
    assert not found, found
    assert signs, "no negative number was shown: the scan proves nothing"
