"""Which two free cards make a pair, and why: simple (colour or divisor), double (both), or none.

>>> from .deck import deck
>>> by_code = {c.code: c for c in deck()}
>>> NONE, SIMPLE, DOUBLE
(0, 1, 2)
>>> match(by_code["R12"], by_code["B18"], frozenset())   # common divisor 6, colours differ
1
>>> match(by_code["G12"], by_code["G36"], frozenset())   # green and divisor 12
2
>>> match(by_code["Y8"], by_code["B10"], frozenset({2}))  # the 2 is forbidden: 8 and 10 share only 2
0
>>> match(by_code["Y8"], by_code["R12"], frozenset({2}))  # 8 and 12 still share 4
1
>>> match(by_code["R1"], by_code["R81"], frozenset({2, 5}))  # a joker matches its own colour doubly
2
"""
from __future__ import annotations

from functools import lru_cache

from ...core.explanation import Msg, MsgList, Step
from .deck import Card, suit_symbol
from .divisors import allowed_divisors, common_divisors, factor_line, gcd_line, shares_divisor

NONE, SIMPLE, DOUBLE = 0, 1, 2
KIND_NAMES = {NONE: "none", SIMPLE: "simple", DOUBLE: "double"}


@lru_cache(maxsize=65536)
def match(a: Card, b: Card, bans: frozenset[int]) -> int:
    """``NONE``, ``SIMPLE`` or ``DOUBLE`` for two different cards while ``bans`` are forbidden."""
    if a.kind == "forbidden" or b.kind == "forbidden":
        return DOUBLE if a.kind == b.kind and a.value == b.value else NONE
    if not (a.is_number and b.is_number):
        return NONE  # a wish card has no number and no colour: it is swapped, never paired
    same = a.suit == b.suit
    if a.kind == "joker" or b.kind == "joker":
        return DOUBLE if same else SIMPLE
    assert a.value is not None and b.value is not None
    divisor = shares_divisor(a.value, b.value, bans)
    return DOUBLE if same and divisor else SIMPLE if same or divisor else NONE


def _colour_step(a: Card, b: Card) -> Step:
    if a.suit == b.suit:
        return Step(Msg("ra.same_colour", colour=Msg(f"ra.colour.{a.suit}"), symbol=suit_symbol(a.suit or "")))
    return Step(Msg("ra.other_colours", a=Msg(f"ra.colour.{a.suit}"), sa=suit_symbol(a.suit or ""),
                    b=Msg(f"ra.colour.{b.suit}"), sb=suit_symbol(b.suit or "")))


def _numbers(xs: tuple[int, ...]) -> str:
    return ", ".join(map(str, xs)) if xs else "–"


def _divisor_steps(x: int, y: int, bans: frozenset[int]) -> list[Step]:
    steps = []
    for n in (x, y):
        key = "ra.prime" if len(common_divisors(n, n)) == 1 else "ra.factorised"
        steps.append(Step(Msg(key, n=n), factor_line(n)))
    common = common_divisors(x, y)
    if common:
        steps.append(Step(Msg("ra.gcd", a=x, b=y, g=max(common), divisors=_numbers(common)), gcd_line(x, y)))
    else:  # no shared prime: a "product of the shared prime factors" would be an empty product
        steps.append(Step(Msg("ra.gcd_one", a=x, b=y)))
    struck: set[int] = set()
    for ban in sorted(bans):  # one step a ban; "left" counts every ban named so far
        struck.add(ban)
        left = allowed_divisors(x, y, frozenset(struck))
        if ban not in common:
            key = "ra.ban_not_common"
        else:
            key = "ra.ban_removes" if left else "ra.ban_leaves_none"
        steps.append(Step(Msg(key, n=ban, a=x, b=y, left=_numbers(left))))
    return steps


def pair_steps(a: Card, b: Card, bans: frozenset[int]) -> tuple[int, list[Step]]:
    """The kind of pair and the steps that show why (factorisations, gcd, bans, colours)."""
    kind = match(a, b, bans)
    steps: list[Step] = []
    if a.kind == "forbidden" or b.kind == "forbidden":
        if kind == DOUBLE:
            steps.append(Step(Msg("ra.forbidden_pair", n=a.value)))
        else:
            steps.append(Step(Msg("ra.forbidden_alone", card=(a if a.kind == "forbidden" else b).label())))
        return kind, steps
    if a.kind == "wish" or b.kind == "wish":
        return NONE, [Step(Msg("ra.wish_never_pairs"))]
    steps.append(_colour_step(a, b))
    if a.kind == "joker" or b.kind == "joker":
        joker, other = (a, b) if a.kind == "joker" else (b, a)
        if bans:
            steps.append(Step(Msg("ra.joker_under_ban", bans=_numbers(tuple(sorted(bans))))))
        key = "ra.joker_double" if kind == DOUBLE else "ra.joker_simple"
        steps.append(Step(Msg(key, joker=joker.label(), other=other.label())))
        return kind, steps
    assert a.value is not None and b.value is not None
    steps += _divisor_steps(a.value, b.value, bans)
    left = allowed_divisors(a.value, b.value, bans)
    same = a.suit == b.suit
    verdict = {(True, True): "ra.why_double", (True, False): "ra.why_simple_colour",
               (False, True): "ra.why_simple_divisor", (False, False): "ra.why_none"}[(same, bool(left))]
    steps.append(Step(Msg(verdict)))
    return kind, steps


def cards_list(cards: list[Card]) -> MsgList:
    return MsgList(tuple(c.label() for c in cards))
