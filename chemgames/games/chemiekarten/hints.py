"""Hints: the compounds a player can lay now, best first, each as the actions that build it.

The search follows the structure of a valid compound: any number of combinations (as long as no
part of them adds up to zero), then free cards of at most three kinds (fewer beside combinations)
whose charges close the balance. Compounds are not divisible, so they are small, and the search
stays within a few milliseconds.

Hints teach real chemistry (issue 25): each hint says what its compound is (``label``, as
``truth.label``: "known" a substance that exists, built as it is; "transient"; "other" another
substance than the real one of its composition; "game_only"), and the list offers the best real
substance first, then the others by points. In the variant ``real_only`` only real substances are
listed.

>>> import chemgames
>>> g = chemgames.new_game("chemiekarten", players=2, seed=5, dealer=1, hands=[["Bi", "Au", "C", "O", "Fe", "O"]])
>>> [(h.formula, h.points, h.label) for h in g.hints(3)]
[('CO2', 15, 'known'), ('(BiO)AuC', 17, 'game_only'), ('(BiO)AuO', 16, 'game_only')]
"""
from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ...chemistry import ChargeTerm, combination_uses, find_zero_part
from ...core.action import Action
from .cards import PROTO, card_set, combinations
from . import truth
from .compound import card_order, payment_fits
from .hint import Hint
from .reference import Identity

if TYPE_CHECKING:
    from .rules import ChemieKartenspiel

MAX_COUNT = 6
#: among hints of equal points and cards: real substances first, then species known only briefly, then the rest
LABEL_RANK = {"known": 0, "transient": 1, "other": 2, "game_only": 3}
#: the best real substance heads the list (issue 25); ``False`` gives the order by points alone, as
#: before issue 25 (``bench/bench_chemiekarten_real.py`` measures both)
REAL_FIRST = True


@dataclass(frozen=True)
class _FreePart:
    """Free cards ``(symbol, count, charge)`` whose charges close a balance, with what they bring."""

    items: tuple[tuple[str, int, int], ...]
    terms: tuple[ChargeTerm, ...]
    cards: int
    points: int
    prices: tuple[int, ...]  # points of the artificial cards among them

    @property
    def used(self) -> Counter[str]:
        return Counter({s: n for s, n, _ in self.items})


def _free_parts(rest: Counter[str], extra: int, max_kinds: int) -> tuple[_FreePart, ...]:
    """Free-card choices that make the total charge zero together with ``extra``."""
    cards = card_set()
    have = tuple((s, min(rest[s], MAX_COUNT)) for s in sorted(rest)
                 if s != PROTO and rest[s] > 0 and cards[s].charges)
    return _free_parts_of(have, extra, max_kinds)


@lru_cache(maxsize=2048)  # an entry may hold thousands of parts: keep the cache small
def _free_parts_of(have: tuple[tuple[str, int], ...], extra: int, max_kinds: int) -> tuple[_FreePart, ...]:
    cards = card_set()
    limit = dict(have)
    kinds = [s for s, _ in have]
    out: list[_FreePart] = []
    if extra == 0:
        out.append(_FreePart((), (), 0, 0, ()))
    for k in range(1, max_kinds + 1):
        for group in itertools.combinations(kinds, k):
            for charges in itertools.product(*(cards[s].charges for s in group)):
                *head, last = group
                *head_q, last_q = charges
                if last_q == 0:
                    continue
                if (extra >= 0 and min(charges) > 0) or (extra <= 0 and max(charges) < 0):
                    continue  # all of one sign: the total can never reach zero
                ranges = [range(1, limit[s] + 1) for s in head]
                for counts in itertools.product(*ranges):
                    total = extra + sum(n * q for n, q in zip(counts, head_q))
                    if -total % last_q or (-total) // last_q < 1:
                        continue
                    n_last = (-total) // last_q
                    if n_last > limit[last]:
                        continue
                    items = tuple(zip(group, (*counts, n_last), charges))
                    out.append(_FreePart(
                        items, tuple(ChargeTerm(s, n, q) for s, n, q in items), sum(n for _, n, _ in items),
                        sum(n * cards[s].points for s, n, _ in items),
                        tuple(cards[s].points for s, n, _ in items for _ in range(n) if cards[s].artificial)))
    return tuple(out)


def _payment(prices: tuple[int, ...], rest: Counter[str]) -> tuple[str, ...] | None:
    """Hand cards that pay exactly for the artificial cards (few cards, small search)."""
    if not prices:
        return ()
    cards = card_set()
    pool = tuple(sorted((s, min(n, 4)) for s, n in rest.items() if n > 0 and s != PROTO and cards[s].points > 0))
    return _payment_from(tuple(sorted(prices)), pool)


@lru_cache(maxsize=16384)
def _payment_from(prices: tuple[int, ...], pool_counts: tuple[tuple[str, int], ...]) -> tuple[str, ...] | None:
    cards = card_set()
    pool = sorted((s for s, n in pool_counts for _ in range(n)), key=lambda s: (cards[s].points, s))
    target = sum(prices)
    for size in range(1, 5):
        for combo in dict.fromkeys(itertools.combinations(pool, size)):
            pts = [cards[s].points for s in combo]
            if sum(pts) == target and payment_fits(list(prices), pts):
                return combo
    return None


@lru_cache(maxsize=4096)
def _zero_inside(charges: tuple[int, ...]) -> bool:
    """Does a non-empty part of these combination charges add up to zero? Then every compound that
    holds them and anything more is divisible.

    >>> _zero_inside((-1, 1)), _zero_inside((-2, -2, -2)), _zero_inside((-1, 0))
    (True, False, True)
    """
    sums: set[int] = set()
    for q in charges:
        sums |= {t + q for t in sums} | {q}
        if 0 in sums:
            return True
    return False


def find_hints(game: "ChemieKartenspiel", limit: int = 10) -> list[Hint]:
    cards = card_set()
    combos = combinations()
    p = game.current_player
    assert p is not None
    holdings = Counter(game.kinds[i] for i in game.s_hands[p])
    protos = holdings.get(PROTO, 0)
    act = game._act
    prefix = (act("clear"),) if not game.s_stage.empty else ()

    uses = []  # each combination with as little Protomaterie as it needs (more only keeps cards back)
    for formula, combo in combos.items():
        if holdings.get(combo.defining):
            uses += combination_uses(formula, combo.defining, holdings, protos)[:1]

    found: dict[tuple[Any, ...], tuple[Any, ...]] = {}

    def consider(chosen: tuple[Any, ...], rest: Counter[str], free: _FreePart) -> None:
        key = (tuple(sorted((u.formula, u.proto) for u in chosen)), free.items)
        if key in found:
            return
        if not chosen and free.cards == 1:
            if not cards[free.items[0][0]].stable:
                return
        else:
            terms = free.terms + tuple(ChargeTerm(f, n, combos[f].charge)
                                       for f, n in Counter(u.formula for u in chosen).items())
            if find_zero_part(terms) is not None:
                return
        prices = free.prices + tuple(cards[s].points for u in chosen for s, n in u.cards.items() for _ in range(n)
                                     if cards[s].artificial)
        payment = _payment(prices, rest - free.used) if prices else ()
        if payment is None:
            return
        points = free.points + sum(combos[u.formula].points for u in chosen)
        n_cards = free.cards + sum(sum(u.cards.values()) + u.proto for u in chosen)
        found[key] = (points, n_cards, chosen, free, payment)

    def what(chosen: tuple[Any, ...], free: _FreePart) -> tuple[str, str, Identity | None]:
        """(the compound's label, its formula as a student reads it, what the reference says), from
        the cards and their charges."""
        if not chosen and free.cards == 1:
            return "known", free.items[0][0], None  # a stable element laid alone is the element
        free_units = tuple(sorted(((s, n) for s, n, _ in free.items), key=lambda x: card_order(x[0])))
        units = free_units + tuple(sorted(Counter(u.formula for u in chosen).items()))
        charges = {s: q for s, _, q in free.items}
        identity = truth.identity_of(free_units, units[len(free_units):])
        return truth.label(identity, units, charges), truth.formula_of(identity, units, charges), identity

    def build(label: str, formula: str, identity: Identity | None, points: int, n_cards: int, chosen: tuple[Any, ...], free: _FreePart,
              payment: tuple[str, ...]) -> Hint:
        actions = list(prefix)
        actions += [act("combine", formula=u.formula, proto=u.proto) for u in chosen]
        items = sorted(free.items)
        for s, n, q in items:
            actions += [act("select", card=s)] * n
        for s, n, q in items:
            if len(cards[s].charges) > 1:
                actions.append(act("charge", element=s, charge=q))
        actions += [act("pay", card=s) for s in payment]
        actions.append(act("confirm"))
        return Hint(formula, points, tuple(actions), n_cards, label, identity)

    def after(rest: Counter[str], use: Any) -> Counter[str] | None:
        need = Counter(use.cards)
        need[PROTO] += use.proto
        if any(rest[s] < n for s, n in need.items()):
            return None
        return rest - need

    for s in holdings:
        if s != PROTO and cards[s].stable:
            consider((), holdings, _FreePart(((s, 1, cards[s].charges[0]),), (), 1, cards[s].points,
                                              (cards[s].points,) if cards[s].artificial else ()))
    for free in _free_parts(holdings, 0, 3):
        if free.cards:
            consider((), holdings, free)

    def extend(start: int, chosen: tuple[Any, ...], rest: Counter[str], charge: int) -> None:
        """Add one more combination (any number in all: Fe2(SO4)3 holds three), then close the
        balance with free cards of fewer kinds the more combinations there are."""
        for i in range(start, len(uses)):
            u = uses[i]
            rest_u = after(rest, u)
            if rest_u is None:
                continue
            now = chosen + (u,)
            total = charge + combos[u.formula].charge
            for free in _free_parts(rest_u, total, max(1, 3 - len(now))):
                consider(now, rest_u, free)
            if not _zero_inside(tuple(sorted(combos[x.formula].charge for x in now))):
                extend(i, now, rest_u, total)  # a part that adds up to zero stays divisible: stop

    extend(0, (), holdings, 0)
    # the best real substance first (the variant real_only: real substances only), then by most
    # points, fewest cards, real before game-only; one hint per formula (its best build: another
    # charge or grouping of the same atoms is not another move a student needs); the actions are
    # built only for those shown
    real_only = getattr(game, "real_only", False)
    named = ((*what(c[2], c[3]), *c) for c in found.values())
    ranked = sorted((c for c in named if not real_only or c[0] == "known"),
                    key=lambda c: (-c[3], c[4], LABEL_RANK[c[0]], c[1]))
    if REAL_FIRST:
        best_real = next((i for i, c in enumerate(ranked) if c[0] == "known"), 0)
        if ranked:
            ranked.insert(0, ranked.pop(best_real))
    out: list[Hint] = []
    seen: set[str] = set()
    for c in ranked:
        if c[1] in seen:
            continue
        seen.add(c[1])
        out.append(build(*c))
        if len(out) == limit:
            break
    return out
