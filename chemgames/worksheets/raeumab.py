"""The Räum-Ab! worksheet: divisors, gcd and prime factors, each answered by the game's engine.

>>> TASKS["3a"]("de").answer().value, TASKS["1"]("de").answer().value
(24, 9)
>>> TASKS["8"]("en").answer().value, TASKS["9"]("en").answer().value
(16, 'G27')
"""
from __future__ import annotations

from typing import Any

import sympy

import chemgames

from ..core.explanation import Msg, Step
from ..core.i18n import tr
from ..games.raeumab.deck import deck
from ..games.raeumab.divisors import factor_line, gcd_line
from ..games.raeumab.rules import RaeumAb
from ..widgets.predict import Answer, Option
from . import Task

KINDS = ("simple", "double", "none")


def _kinds(lang: str) -> list[Option]:
    return [Option(k, tr(lang, f"ws.raeumab.kind.{k}")) for k in KINDS]


def _card(code: str, lang: str) -> str:
    return next(c for c in deck() if c.code == code).label().render(lang)


def _game(lang: str, **options: Any) -> RaeumAb:
    """A practice game of Räum-Ab! set up for a task (one player, nothing shuffled in)."""
    g = chemgames.new_game("raeumab", players=1, seed=1, lang=lang, fair_start=False, rest="aside", **options)
    assert isinstance(g, RaeumAb)
    return g


def _judge(a: str, b: str, bans: tuple[int, ...], lang: str) -> Answer:
    """The engine's verdict on the pair ``a``, ``b`` in a lay-out where both lie free."""
    filler = [[j] for j in ("B1", "G1", "Y1", "R1") if j not in (a, b)][:2]
    columns = [[a], [b]] + [[f"V{n}"] for n in bans] + filler
    g = _game(lang, columns=columns)
    x, y = sorted(i for i in g.free_cards() if g.cards[i].code in (a, b))
    e = g.check(g.action_from_json({"game": "raeumab", "player": 0, "kind": "pair", "params": {"cards": [x, y]}}))
    kind = "none" if not e.ok else next(h.kind for h in g.hints() if set(h.codes) == {a, b})
    return Answer(kind, tr(lang, f"ws.raeumab.kind.{kind}"), explanation=e)


def _pair(a: str, b: str, *bans: int) -> "object":
    def make(lang: str) -> Task:
        params = {"a": _card(a, lang), "b": _card(b, lang),
                  "bans": ", ".join(f"⊘{n}" for n in bans)}
        return Task("choice", lambda: _judge(a, b, bans, lang), _kinds(lang), params=params)
    return make


def _divisors(lang: str) -> Task:
    def answer() -> Answer:
        ds = sympy.divisors(36)
        return Answer(len(ds), tr(lang, "ws.raeumab.n_divisors", n=36, count=len(ds)),
                      steps=[(tr(lang, "ws.raeumab.divisors_are", n=36), ", ".join(map(str, ds))),
                             (tr(lang, "ws.raeumab.factorised", n=36), factor_line(36))])
    return Task("number", answer)


def _gcd(lang: str) -> Task:
    def answer() -> Answer:
        g = int(sympy.gcd(72, 48))
        return Answer(g, tr(lang, "ws.raeumab.gcd_is", a=72, b=48, g=g),
                      steps=[(tr(lang, "ws.raeumab.factorised", n=72), factor_line(72)),
                             (tr(lang, "ws.raeumab.factorised", n=48), factor_line(48)),
                             (tr(lang, "ws.raeumab.gcd_shared"), gcd_line(72, 48))])
    return Task("number", answer)


TIMES_TABLE = frozenset(a * b for a in range(2, 11) for b in range(2, 11))


def _blue_numbers() -> list[int]:
    return sorted(c.value for c in deck() if c.suit == "B" and c.kind == "number" and c.value is not None)


def _times_table(lang: str) -> Task:
    blue = _blue_numbers()

    def answer() -> Answer:
        outside = [n for n in blue if n not in TIMES_TABLE]
        return Answer([str(n) for n in outside], ", ".join(map(str, outside)),
                      steps=[(tr(lang, "ws.raeumab.factorised", n=n), factor_line(n)) for n in outside])
    return Task("multi", answer, [Option(str(n), str(n)) for n in blue])


LAYOUT_8 = ("R12", "B18", "Y7", "G12", "G36", "B45", "Y15")


def _all_pairs(lang: str) -> Task:
    def answer() -> Answer:
        g = _game(lang, columns=[[c] for c in LAYOUT_8])
        found = {tuple(sorted(h.codes)): h.kind for h in g.hints()}
        doubles = sum(1 for k in found.values() if k == "double")
        steps = [f"{_card(a, lang)} + {_card(b, lang)}: {tr(lang, f'ws.raeumab.kind.{k}')}" for (a, b), k in sorted(found.items())]
        return Answer(len(found), tr(lang, "ws.raeumab.n_pairs", count=len(found), doubles=doubles), steps=steps)
    return Task("number", answer)


def _wish(lang: str) -> Task:
    def answer() -> Answer:
        g = _game(lang, columns=[["W"], ["R9"], ["B25"], ["Y7"]], piles=[["G64", "G27"]])
        steps: list[Any] = [Step(Msg("ws.raeumab.over", over=tr(lang, "ws.yes" if g.is_over else "ws.no")))]
        swaps = [(h, h.swap) for h in g.hints() if h.swap]
        for h, swap in swaps:
            steps.append(tr(lang, "ws.raeumab.swap_makes", card=_card(swap[1], lang), a=_card(h.codes[0], lang),
                            b=_card(h.codes[1], lang), kind=tr(lang, f"ws.raeumab.kind.{h.kind}")))
        best = swaps[0][1][1] if swaps else ""
        return Answer(best, _card(best, lang) if best else tr(lang, "ws.no"), steps=steps)
    return Task("choice", answer, [Option(c, _card(c, lang)) for c in ("G64", "G27")])


TASKS = {
    "1": _divisors,
    "2": _pair("R12", "B18"),
    "3a": _gcd,
    "3b": _pair("G72", "R48"),
    "4a": _pair("G12", "G36"),
    "4b": _pair("R9", "R16"),
    "5": _times_table,
    "6a": _pair("Y8", "B10", 2),
    "6b": _pair("Y8", "R12", 2),
    "6c": _pair("B18", "R12", 2),
    "6d": _pair("B10", "G20", 2, 5),
    "7a": _pair("R1", "R81"),
    "7b": _pair("R1", "Y8", 2),
    "8": _all_pairs,
    "9": _wish,
}
