"""Hints: the compounds a player can lay now, best first, each as the actions that build it.

The search follows the structure of a valid compound: any number of combinations (as long as no
part of them adds up to zero), then free cards of at most three kinds (fewer beside combinations)
whose charges close the balance. Compounds are not divisible, so they are small, and the search
stays within a few milliseconds for a hand of normal size.

A hand that has grown to 40–60 cards has tens of thousands of builds (listing them took up to 7 s).
The search weighs at most ``BUDGET`` builds, those of fewer combinations first; when the budget cuts
it short, a second walk led by the reference's compositions adds every build that could be a real
substance (its size bounded by the reference, not by the hand). So the best real substance heads
the list in every hand, and a hand whose builds fit in the budget gets exactly the list it got
without one (``tests/test_chemiekarten_hint_budget.py``).

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
import time
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ...chemistry import combination_uses, has_zero_part
from ...core.action import Action
from ...core.memo import memo
from .cards import PROTO, card_set, combinations
from . import truth
from .compound import engine_charges, card_order, payment_fits
from .hint import Hint
from .legal import acts_of, several_charges
from .reference import Identity, in_reference, within_reach

if TYPE_CHECKING:
    from .rules import ChemieKartenspiel

MAX_COUNT = 6
#: among hints of equal points and cards: real substances first, then species known only briefly, then the rest
LABEL_RANK = {"known": 0, "transient": 1, "other": 2, "game_only": 3}
#: the best real substance heads the list (issue 25); ``False`` gives the order by points alone, as
#: before issue 25 (``bench/bench_chemiekarten_real.py`` measures both)
REAL_FIRST = True
#: the most builds (sets of cards with their charges) one call weighs: in a hand of normal size
#: there are a few hundred and all are weighed; in a hand grown to 40–60 cards (a player who keeps
#: drawing) there are tens of thousands, which took up to 7 s. Builds of fewer combinations are
#: weighed first, so the small ones, among them every build the reference can know, come before the
#: budget runs out (``bench/bench_chemiekarten_hints.py`` measures it; ``None``/0: no bound)
BUDGET = 2000
#: how many builds the last call weighed, one number per number of combinations (for tests and the bench)
LAST_WEIGHED: list[int] = []


@dataclass(frozen=True, slots=True)  # slots: hundreds of thousands are cached, each without a dict
class _FreePart:
    """Free cards ``(symbol, count, charge)`` whose charges close a balance, with what they bring."""

    items: tuple[tuple[str, int, int], ...]
    cards: int
    points: int
    prices: tuple[int, ...]  # points of the artificial cards among them

    @property
    def used(self) -> Counter[str]:
        return Counter({s: n for s, n, _ in self.items})


_NO_PART = _FreePart((), 0, 0, ())  # the balance is closed already: no free cards


def _free_parts(rest: Counter[str], extra: int, max_kinds: int) -> tuple[_FreePart, ...]:
    """Free-card choices that make the total charge zero together with ``extra``."""
    cards = card_set()
    have = tuple((s, min(rest[s], MAX_COUNT)) for s in sorted(rest)
                 if s != PROTO and rest[s] > 0 and cards[s].charges)
    return _free_parts_of(have, extra, max_kinds)


@lru_cache(maxsize=2048)  # an entry may hold thousands of parts: keep the cache small
def _free_parts_of(have: tuple[tuple[str, int], ...], extra: int, max_kinds: int) -> tuple[_FreePart, ...]:
    # group by group, in the order of ``itertools.combinations``: a group's parts depend only on its
    # kinds, how many cards of each the hand has and ``extra``, and the same small groups come back in
    # hand after hand (a new hand used to cost milliseconds here; the groups are mostly known)
    if INDEXED and max_kinds <= 3 and -1024 < extra < 1024:
        return _free_parts_indexed(have, extra, max_kinds)
    out: list[_FreePart] = []
    if extra == 0:
        out.append(_NO_PART)
    # a group closes the balance only with a card of the sign ``extra`` lacks (both signs for 0):
    # the others are skipped before the look-up, the same parts in the same order
    need = 3 if extra == 0 else 2 if extra > 0 else 1
    signs = _signs()
    for k in range(1, max_kinds + 1):
        for group in itertools.combinations(have, k):
            mask = 0
            for symbol, _ in group:
                mask |= signs[symbol]
            if mask & need == need:
                out += _group_parts(group, extra)
    return tuple(out)


#: the free-card choices of a hand are looked up group by group under integer keys
#: (:func:`_free_parts_indexed`): the same parts in the same order as the walk over
#: ``itertools.combinations`` above, which stays the definition (``False``: that walk; the tests
#: compare both over many random hands)
INDEXED = True
#: a group's parts by its integer key (see :func:`_free_parts_indexed`); emptied when it grows large
_PARTS_BY_KEY: dict[int, tuple[_FreePart, ...]] = {}
_PARTS_KEPT = 1 << 18


@lru_cache(maxsize=1)
def _kind_codes() -> dict[str, int]:
    """Each charged card kind's place in the alphabet, times 8: with a count of at most
    :data:`MAX_COUNT` added it names ``(symbol, count)`` in 9 bits.

    >>> codes = _kind_codes(); codes["Ag"] < codes["Al"] and all(c % 8 == 0 and 0 < c < 512 for c in codes.values())
    True
    """
    charged = sorted(s for s, c in card_set().items() if c.charges)
    assert len(charged) < 63 and MAX_COUNT < 8
    return {s: (i + 1) << 3 for i, s in enumerate(charged)}


def _free_parts_indexed(have: tuple[tuple[str, int], ...], extra: int, max_kinds: int) -> tuple[_FreePart, ...]:
    """:func:`_free_parts_of` with the groups as numbers: a group of up to three ``(symbol, count)``
    is 9 bits each and ``extra`` above them, one dictionary look-up instead of hashing nested
    tuples (the same groups come back hand after hand; hashing them took about a fifth of the walk),
    visited in the order of ``itertools.combinations``.

    >>> [p.items for p in _free_parts_indexed((("C", 1), ("Cl", 2), ("Na", 1), ("O", 2)), 0, 2)]  # CO2, NaCl
    [(), (('C', 1, 4), ('O', 2, -2)), (('Cl', 1, -1), ('Na', 1, 1))]
    """
    table = _PARTS_BY_KEY
    if len(table) > _PARTS_KEPT:
        table.clear()
    out: list[_FreePart] = [_NO_PART] if extra == 0 else []
    need = 3 if extra == 0 else 2 if extra > 0 else 1
    signs, codes = _signs(), _kind_codes()
    n = len(have)
    cs = [codes[s] | c for s, c in have]
    ms = [signs[s] for s, _ in have]
    base = (extra + 1024) << 27

    get = table.get  # the look-ups below are written out: they run hundreds of times a hand
    parts = _group_parts.__wrapped__  # the table is the cache here (a second one only fed the garbage collector)

    for i in range(n):
        if ms[i] & need == need:
            got = get(key := base | cs[i])
            if got is None:
                got = table[key] = parts((have[i],), extra)
            if got:
                out += got
    pairs: list[tuple[int, int, int, int]] = []  # (i, j, their signs, their key) for the groups of three, in the order of the pairs
    for i in range(n - 1 if max_kinds >= 2 else 0):
        mi, ci = ms[i], cs[i] << 9
        for j in range(i + 1, n):
            m, pair = mi | ms[j], ci | cs[j]
            if m & need == need:
                got = get(key := base | pair)
                if got is None:
                    got = table[key] = parts((have[i], have[j]), extra)
                if got:
                    out += got
            if max_kinds >= 3 and j < n - 1:
                pairs.append((i, j, m, pair))
    for i, j, m, pair in pairs:
        head = base | pair << 9
        for k in range(j + 1, n):
            if (m | ms[k]) & need == need:
                got = get(key := head | cs[k])
                if got is None:
                    got = table[key] = parts((have[i], have[j], have[k]), extra)
                if got:
                    out += got
    return tuple(out)


@lru_cache(maxsize=1)
def _signs() -> dict[str, int]:
    """Each card's charges as bits: 1 some charge above zero, 2 some below (a noble gas: 0)."""
    return {s: (1 if max(c.charges) > 0 else 0) | (2 if min(c.charges) < 0 else 0)
            for s, c in card_set().items() if c.charges}


@lru_cache(maxsize=65536)
def _group_parts(group: tuple[tuple[str, int], ...], extra: int) -> tuple[_FreePart, ...]:
    """The free-card choices of exactly the kinds of ``group`` (each with the most cards of it) that
    make the total charge zero together with ``extra``, in the order of their charges and counts."""
    cards = card_set()
    out: list[_FreePart] = []
    symbols = tuple(s for s, _ in group)
    *head, last = symbols
    ranges = [range(1, n + 1) for _, n in group[:-1]]
    most_last = group[-1][1]
    for charges in itertools.product(*(cards[s].charges for s in symbols)):
        *head_q, last_q = charges
        if last_q == 0:
            continue
        if (extra >= 0 and min(charges) > 0) or (extra <= 0 and max(charges) < 0):
            continue  # all of one sign: the total can never reach zero
        for counts in itertools.product(*ranges):
            total = extra + sum(n * q for n, q in zip(counts, head_q))
            if -total % last_q or (-total) // last_q < 1:
                continue
            n_last = (-total) // last_q
            if n_last > most_last:
                continue
            items = tuple(zip(symbols, (*counts, n_last), charges))
            out.append(_FreePart(
                items, sum(n for _, n, _ in items),
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
    """The first set of one to four pool cards (fewest first) whose points pay ``prices`` exactly.

    "First" is in the order of ``dict.fromkeys(itertools.combinations(pool, size))`` over the pool
    laid out card by card, sorted by (points, symbol): the sets of cards in lexicographic order. They
    are walked here as such sets directly, each once, and a branch stops as soon as its points pass
    the price (the cards come cheapest first): the same answer without building every combination of
    a large pool (``tests/test_spiel_chemiekarten_same_game.py`` compares it with that definition).

    >>> _payment_from((4,), (("C", 1), ("H", 4), ("O", 2)))   # H, O 1 point, C 2: no pair makes 4
    ('H', 'H', 'C')
    >>> _payment_from((7,), (("H", 2),)) is None
    True
    """
    cards = card_set()
    got = first_payment(prices, sorted((cards[s].points, s, n) for s, n in pool_counts))
    return None if got is None else tuple(got)


def first_payment(prices: tuple[int, ...], kinds: list[tuple[int, Any, int]]) -> list[Any] | None:
    """The first set of one to four cards of ``kinds`` (``(points, name, how many)``, sorted) whose
    points pay ``prices`` exactly (``payment_fits``), fewest first, then in the kinds' order: the
    cards' names, or ``None``. A branch stops as soon as its points pass the price.

    >>> first_payment((4,), [(1, "H", 4), (1, "O", 2), (2, "C", 1)])
    ['H', 'H', 'C']
    """
    target = sum(prices)
    chosen: list[tuple[Any, int]] = []

    def pick(first: int, used: int, left: int, total: int) -> list[Any] | None:
        if not left:
            if total == target and payment_fits(list(prices), [q for _, q in chosen]):
                return [s for s, _ in chosen]
            return None
        for i in range(first, len(kinds)):
            points, symbol, n = kinds[i]
            if total + left * points > target:
                return None  # every later card has as many points or more
            taken = used if i == first else 0
            if taken >= n:
                continue
            chosen.append((symbol, points))
            got = pick(i, taken + 1, left - 1, total + points)
            chosen.pop()
            if got is not None:
                return got
        return None

    for size in range(1, 5):
        got = pick(0, 0, size, 0)
        if got is not None:
            return got
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


@memo(65536)  # a dict, not an lru_cache: no list per result for the garbage collector (core.memo)
def _divisible(combos: tuple[tuple[str, int], ...], items: tuple[tuple[str, int, int], ...]) -> bool:
    """Does a non-empty part of a build's charges (its free cards' ``(symbol, count, charge)``, its
    combinations') add up to zero? (A question of its formulas and free cards alone, asked of the
    same builds hand after hand: keyed by plain tuples, which hash faster than a part's terms.)"""
    known = combinations()
    # as ``find_zero_part`` over the build's charge terms, whose labels do not matter: plain
    # (count, charge) pairs, so the cache keeps no term objects for the garbage collector to walk
    uses: dict[str, int] = {}  # how many times each formula (a Counter's type checks were about half of this function)
    for f, _ in combos:
        uses[f] = uses.get(f, 0) + 1
    terms = [(n, q) for _, n, q in items] + [(n, known[f].charge) for f, n in uses.items()]
    return has_zero_part(tuple(sorted(terms)))


def _rest_after(rest: Any, use: Any) -> Any:
    """The hand ``rest`` (a Counter or a dict of counts, none below one) after the combination
    ``use`` takes its cards and Protomaterie, or ``None`` if it cannot: ``rest - need`` on a copy, the
    same counts in the same order, without building two Counters a step.

    >>> from chemgames.chemistry import CombinationUse
    >>> _rest_after({"O": 2, "S": 1, "Proto": 1}, CombinationUse("[SO4]2-", {"O": 2, "S": 1}, 2, {"O": 2}))
    >>> _rest_after({"O": 2, "S": 1, "Proto": 2}, CombinationUse("[SO4]2-", {"O": 2, "S": 1}, 2, {"O": 2}))
    {}
    """
    need = use.cards if not use.proto else {**use.cards, PROTO: use.cards.get(PROTO, 0) + use.proto}
    for s, n in need.items():
        if rest.get(s, 0) < n:
            return None
    out = rest.copy()
    for s, n in need.items():
        if n:
            left = out[s] - n
            if left > 0:
                out[s] = left
            else:
                del out[s]
    return out


class _Spent(Exception):
    """The enumeration budget is used up: the builds weighed so far are ranked."""


@lru_cache(maxsize=None)
def _combo_atoms(formula: str) -> tuple[tuple[str, int], ...]:
    return tuple(combinations()[formula].parsed.counts.items())


def _could_be_real(free_units: tuple[tuple[str, int], ...], combo_units: tuple[tuple[str, int], ...]) -> bool:
    """Can a build of these units be a substance of the reference at all? Cheap (a count and one
    dictionary look-up): ``truth.label`` is "known" only for a composition the reference holds, so
    a build that fails this is never the best real substance, and its formula and label are worked
    out only if it is shown."""
    atoms: Counter[str] = Counter(dict(free_units))
    for f, n in combo_units:
        for e, k in _combo_atoms(f):
            atoms[e] += n * k
    counts = tuple(sorted(atoms.items()))
    try:
        return within_reach(counts) and in_reference(counts)
    except ImportError:  # no reference installed: nothing is real to it
        return False


@lru_cache(maxsize=1)
def _real_compositions() -> tuple[tuple[tuple[str, int], ...], ...]:
    """Every neutral composition the reference holds (element, count): the real builds of a huge
    hand are looked for from these."""
    import re

    try:
        from ...chemistry.substances import reference, reference_key
    except ImportError:  # no reference installed: nothing is real to it
        return ()
    comps = []
    for key in reference()["substances"]:
        counts = {e: int(n or 1) for e, n in re.findall(r"([A-Z][a-z]?)(\d*)", key)}
        if counts and reference_key(counts) == key:  # a charged entry (an ion) has a key with its charge
            comps.append(tuple(sorted(counts.items())))
    return tuple(comps)


@lru_cache(maxsize=256)
def _real_within(elements: frozenset[str]) -> tuple[tuple[dict[str, int], ...], dict[str, tuple[int, ...]]]:
    """The compositions of the reference made only of ``elements`` (what a hand can build at
    all), and for each element those that hold it."""
    comps = tuple(dict(c) for c in _real_compositions() if all(e in elements for e, _ in c))
    index: dict[str, list[int]] = {}
    for i, comp in enumerate(comps):
        for e in comp:
            index.setdefault(e, []).append(i)
    return comps, {e: tuple(v) for e, v in index.items()}


def _holding(elements: frozenset[str], atoms: tuple[tuple[str, int], ...]) -> list[dict[str, int]]:
    """The compositions of the reference made of ``elements`` that hold at least ``atoms``."""
    comps, index = _real_within(elements)
    if not atoms:
        return list(comps)
    rarest = min(atoms, key=lambda x: len(index.get(x[0], ())))[0]
    return [c for c in (comps[i] for i in index.get(rarest, ())) if all(c.get(e, 0) >= n for e, n in atoms)]


def find_hints(game: "ChemieKartenspiel", limit: int = 10, budget: int | None = None,
               until: float | None = None) -> list[Hint]:
    """The first ``limit`` hints (see the module). ``budget``: the most builds weighed (default
    :data:`BUDGET`; ``None``: all of them). ``until``: a moment of ``time.process_time()`` after
    which no more builds are weighed (a bot's clock: its candidates within its thinking time); the
    builds weighed by then are ranked as when the budget runs out, the small ones first, so the
    list is never empty while the hand can lay anything cheap to find.

    >>> import chemgames, time
    >>> g = chemgames.new_game("chemiekarten", players=2, seed=5, dealer=1, hands=[["C", "O", "O"]])
    >>> [h.formula for h in find_hints(g, 2, until=time.process_time() + 60)] == [h.formula for h in find_hints(g, 2)]
    True
    >>> find_hints(g, 2, until=0.0), LAST_WEIGHED   # out of time before the first build
    ([], [0])
    """
    budget = BUDGET if budget is None else budget
    return _find_hints(game, limit, budget if budget > 0 else None, until)


def _find_hints(game: "ChemieKartenspiel", limit: int, budget: int | None, until: float | None = None) -> list[Hint]:
    p = game.current_player
    assert p is not None
    holdings = Counter(game.kinds[i] for i in game.s_hands[p])
    act = game._act
    prefix = (act("clear"),) if not game.s_stage.empty else ()
    found, maybe_real, what = _walk(holdings, budget, until)

    def build(label: str, formula: str, identity: Identity | None, points: int, n_cards: int, chosen: tuple[Any, ...], free: _FreePart,
              payment: tuple[str, ...], order: tuple[Any, ...] = ()) -> Hint:
        actions = list(prefix)
        actions += [act("combine", formula=u.formula, proto=u.proto) for u in chosen]
        items = sorted(free.items)
        for s, n, q in items:
            actions += [act("select", card=s)] * n
        for s, n, q in items:
            if len(card_set()[s].charges) > 1:
                actions.append(act("charge", element=s, charge=q))
        actions += [act("pay", card=s) for s in payment]
        actions.append(act("confirm"))
        return Hint(formula, points, tuple(actions), n_cards, label, identity)

    return _ranked(game, list(found.values()), limit, maybe_real, what, build, until)


@dataclass(frozen=True, slots=True)
class Build:
    """One compound the hint search weighs, as a whole move: neither ranked nor named (that is what
    makes a hint dear), for callers that want every move at once (OpenSpiel's coarse actions,
    ``chemgames.spiel``). ``key`` names it whatever hand it comes from: its combinations with their
    Protomaterie (sorted), its free cards with their charges, the cards that pay for artificial ones.

    >>> import chemgames
    >>> g = chemgames.new_game("chemiekarten", players=2, seed=5, dealer=1, hands=[["C", "O", "O"]])
    >>> b = next(b for b in find_builds(g) if b.points == 4); b.key, b.points, b.cards
    (((), (('C', 1, 4), ('O', 2, -2)), ()), 4, 3)
    >>> [str(a) for a in b.actions(g)]
    ['P1: select(card=C)', 'P1: select(card=O)', 'P1: select(card=O)', 'P1: charge(element=C, charge=4)', 'P1: confirm()']
    """

    key: tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int, int], ...], tuple[str, ...]]
    points: int
    cards: int
    combos: tuple[tuple[str, int], ...]  # in the order they are staged

    def actions(self, game: "ChemieKartenspiel") -> tuple[Action, ...]:
        """The steps that lay it in ``game`` for the current player (the engine's reused actions)."""
        return build_steps(game, self.key, self.combos)


def build_steps(game: "ChemieKartenspiel", key: Any, combos: tuple[tuple[str, int], ...]) -> tuple[Action, ...]:
    """The steps that lay the build with ``key`` and ``combos`` (:class:`Build`) in ``game`` for the current
    player: clear a stage that holds cards, stage the combinations, select the free cards, choose the
    charges of kinds with several, pay, confirm (the engine's reused actions).

    >>> import chemgames
    >>> g = chemgames.new_game("chemiekarten", players=2, seed=5, dealer=1, hands=[["C", "O", "O"]])
    >>> [str(a) for a in build_steps(g, ((), (("C", 1, 4), ("O", 2, -2)), ()), ())][3:]
    ['P1: charge(element=C, charge=4)', 'P1: confirm()']
    """
    p = game.current_player
    assert p is not None
    acts = acts_of(game.id, p)
    out: list[Action] = [] if game.s_stage.empty else [acts.clear]
    if combos:
        out += map(acts.combine.__getitem__, combos)
    items = sorted(key[1])
    select = acts.select
    for s, n, _ in items:
        if n == 1:
            out.append(select[s])
        else:
            out += [select[s]] * n
    several = several_charges()
    out += [acts.charge[s, q] for s, _, q in items if s in several]
    if key[2]:
        out += map(acts.pay.__getitem__, key[2])
    out.append(acts.confirm)
    return tuple(out)


def find_builds(game: "ChemieKartenspiel", budget: int | None = None) -> tuple[Build, ...]:
    """Every build the hint search weighs for the current player (within ``budget`` builds, default
    :data:`BUDGET`), in the order of its walk: the same moves as :func:`find_hints` before it ranks,
    names and keeps one per formula. The hand's counts decide them, so they are kept per hand."""
    p = game.current_player
    assert p is not None
    budget = BUDGET if budget is None else budget
    hand = tuple(sorted(Counter(game.kinds[i] for i in game.s_hands[p]).items()))
    return _builds_of(hand, budget if budget > 0 else None)


@lru_cache(maxsize=64)  # a huge hand's entry holds 2,000 builds or more; in play a hand seldom comes back (OpenSpiel's ISMCTS asks for its own hand again each simulation): keep it small, a large one only made the garbage collector slow
def _builds_of(hand: tuple[tuple[str, int], ...], budget: int | None) -> tuple[Build, ...]:
    found, _, _ = _walk(Counter(dict(hand)), budget)
    # the walk's own key of a build is its combinations (sorted) and free cards: the move's key adds the payment
    builds = [Build((combos, items, tuple(payment)), points, n_cards, tuple((u.formula, u.proto) for u in chosen))
              for (combos, items), (points, n_cards, chosen, _, payment, _) in found.items()]
    return tuple(builds + _other_charges(builds))


def _other_charges(builds: list[Build]) -> list[Build]:
    """The charge variants of the sets of cards in ``builds`` that ``builds`` lacks, after them: every other choice of
    the free kinds' printed charges that balances and is not divisible (what the engine lets the player confirm), with
    the same points, cards and payment. Only a walk the budget cut short lacks any (it stopped between the variants of
    one set: Br + C + P listed with C +4, P −3 but not with C −4, P +5, the engine's own choice); OpenSpiel offers a
    set's every variant or none (``tests/test_chemiekarten_builds_charge_variants.py``).

    >>> b = Build(((), (("Br", 1, -1), ("C", 1, 4), ("P", 1, -3)), ()), 7, 3, ())
    >>> [x.key for x in _other_charges([b])], _other_charges([b, *_other_charges([b])])
    ([((), (('Br', 1, -1), ('C', 1, -4), ('P', 1, 5)), ())], [])
    """
    listed = {b.key for b in builds}
    sets: set[tuple[Any, ...]] = set()
    table = combinations()
    out: list[Build] = []
    for b in builds:
        combos, items, payment = b.key
        counts = tuple((s, n) for s, n, _ in items)
        if not items or (not combos and b.cards == 1) or (combos, counts, payment) in sets:
            continue  # no free cards, or a lone card (its charge lays the same element)
        sets.add((combos, counts, payment))
        for part in _group_parts(counts, sum(table[f].charge for f, _ in combos)):
            key = (combos, part.items, payment)
            if key not in listed and all(n == m for (_, n, _), (_, m) in zip(part.items, counts)) \
                    and not _divisible(combos, part.items):
                listed.add(key)
                out.append(Build(key, b.points, b.cards, b.combos))
    return out


def _walk(holdings: Counter[str], budget: int | None,
          until: float | None = None) -> tuple[dict[tuple[Any, ...], tuple[Any, ...]], Any, Any]:
    """Every build of a hand of ``holdings`` (card kind: count) the search weighs, within
    ``budget`` builds: ``found`` maps a build's key (its combinations with their Protomaterie, its
    free cards with their charges) to ``(points, cards, chosen, free, payment, order)``; with the
    two helpers ``maybe_real(entry)`` and ``what(chosen, free)`` that ``_ranked`` reads. ``until``:
    no build is weighed after that moment of ``time.process_time()`` (read every 16 builds)."""
    cards = card_set()
    combos = combinations()
    protos = holdings.get(PROTO, 0)

    uses = []  # each combination with as little Protomaterie as it needs (more only keeps cards back)
    for formula, combo in combos.items():
        if holdings.get(combo.defining):
            uses += combination_uses(formula, combo.defining, holdings, protos)[:1]

    found: dict[tuple[Any, ...], tuple[Any, ...]] = {}
    weighed = [0]  # builds weighed in the level under way
    limit_k: list[int | None] = [None]  # the most builds that level may weigh

    no_combos: tuple[Any, ...] = ((), (), 0, 0)

    def of_combos(chosen: tuple[Any, ...]) -> tuple[Any, ...]:
        """What the combinations ``chosen`` bring to each of their builds (worked out once for all of
        them): their key, the prices of their artificial cards, their points, their cards."""
        if not chosen:
            return no_combos
        return (tuple(sorted([(u.formula, u.proto) for u in chosen])),
                tuple(cards[s].points for u in chosen for s, n in u.cards.items() for _ in range(n) if cards[s].artificial),
                sum(combos[u.formula].points for u in chosen), sum(sum(u.cards.values()) + u.proto for u in chosen))

    def consider(chosen: tuple[Any, ...], rest: Counter[str], free: _FreePart, order: tuple[Any, ...],
                 brings: tuple[Any, ...] | None = None) -> None:
        ckey, cprices, cpoints, ccards = brings or of_combos(chosen)
        key = (ckey, free.items)
        if key in found:
            return
        if limit_k[0] is not None and weighed[0] >= limit_k[0]:
            raise _Spent
        if until is not None and not weighed[0] & 15 and time.process_time() > until:
            late[0] = True
            raise _Spent
        weighed[0] += 1
        if not chosen and free.cards == 1:
            if not cards[free.items[0][0]].stable:
                return
        elif _divisible(ckey, free.items):
            return
        prices = free.prices + cprices if cprices else free.prices
        payment = _payment(prices, rest - free.used) if prices else ()
        if payment is None:
            return
        found[key] = (free.points + cpoints, free.cards + ccards, chosen, free, payment, order)

    def units_of(chosen: tuple[Any, ...], free: _FreePart) -> tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]:
        free_units = tuple(sorted(((s, n) for s, n, _ in free.items), key=lambda x: card_order(x[0])))
        return free_units, tuple(sorted(Counter(u.formula for u in chosen).items()))

    def maybe_real(c: tuple[Any, ...]) -> bool:
        chosen, free = c[2], c[3]
        if not chosen and free.cards == 1:
            return True  # a stable element laid alone is the element
        return _could_be_real(*units_of(chosen, free))

    def what(chosen: tuple[Any, ...], free: _FreePart) -> tuple[str, str, Identity | None]:
        """(the compound's label, its formula as a student reads it, what the reference says), from
        the cards and their charges."""
        if not chosen and free.cards == 1:
            return "known", free.items[0][0], None  # a stable element laid alone is the element
        free_units, combo_units = units_of(chosen, free)
        units = free_units + combo_units
        charges = {s: q for s, _, q in free.items}
        identity = truth.identity_of(free_units, combo_units)
        return truth.label(identity, units, charges), truth.formula_of(identity, units, charges), identity

    after = _rest_after

    def level(k: int, start: int, path: tuple[int, ...], chosen: tuple[Any, ...], rest: Counter[str], charge: int) -> bool:
        """Weigh every build of exactly ``k`` combinations that begins with ``chosen`` (any number of
        one kind: Fe2(SO4)3 holds three), its balance closed with free cards of fewer kinds the more
        combinations there are. ``True``: some build of ``k`` combinations was reached."""
        reached = False
        for i in range(start, len(uses)):
            u = uses[i]
            rest_u = after(rest, u)
            if rest_u is None:
                continue
            now = chosen + (u,)
            total = charge + combos[u.formula].charge
            if len(now) == k:
                reached = True
                brings = of_combos(now)
                for j, free in enumerate(_free_parts(rest_u, total, max(1, 3 - k))):
                    consider(now, rest_u, free, (*path, i, -1, j), brings)
            elif not _zero_inside(tuple(sorted(combos[x.formula].charge for x in now))):
                reached = level(k, i, (*path, i), now, rest_u, total) or reached  # a part adding up to zero stays divisible
        return reached

    def real_builds() -> None:
        """Weigh every build whose composition the reference holds (the budget cut the walk
        short): combinations whose atoms some real substance holds, closed with free cards that are
        exactly what that substance has beyond them. Its size is bounded by the reference, not by
        the hand, and it finds every build ``truth.label`` can call "known"."""
        elements = frozenset(s for s in holdings if s != PROTO) | frozenset(
            e for u in uses for e, _ in _combo_atoms(u.formula))

        def close(now: tuple[Any, ...], path: tuple[int, ...], atoms: Counter[str], rest: Counter[str], total: int,
                  kinds: int, cands: list[dict[str, int]]) -> None:
            for n, comp in enumerate(cands):
                extra = {e: c - atoms.get(e, 0) for e, c in comp.items() if c > atoms.get(e, 0)}
                if len(extra) > kinds or any(
                        e == PROTO or not cards[e].charges or c > min(rest.get(e, 0), MAX_COUNT) for e, c in extra.items()):
                    continue
                group = sorted(extra)
                if not group:
                    if now and total == 0:
                        consider(now, rest, _NO_PART, (*path, -1, 1 << 20))
                    continue
                for charges in itertools.product(*(cards[e].charges for e in group)):
                    if charges[-1] == 0 or total + sum(extra[e] * q for e, q in zip(group, charges)):
                        continue  # as ``_free_parts`` does: the last kind's charge closes the balance
                    items = tuple((e, extra[e], q) for e, q in zip(group, charges))
                    consider(now, rest, _FreePart(
                        items, sum(c for _, c, _ in items),
                        sum(c * cards[e].points for e, c, _ in items),
                        tuple(cards[e].points for e, c, _ in items for _ in range(c) if cards[e].artificial)),
                        (*path, -1, (1 << 20) + n))

        def grow(start: int, path: tuple[int, ...], chosen: tuple[Any, ...], atoms: Counter[str], rest: Counter[str],
                 charge: int, cands: list[dict[str, int]] | None) -> None:
            for i in range(start, len(uses)):
                u = uses[i]
                rest_u = after(rest, u)
                if rest_u is None:
                    continue
                more = atoms + Counter(dict(_combo_atoms(u.formula)))
                if not within_reach(tuple(more.items())):
                    continue  # more atoms or elements than any substance of the reference
                inside = _holding(elements, _combo_atoms(u.formula)) if cands is None else \
                    [c for c in cands if all(c.get(e, 0) >= n for e, n in more.items())]
                if not inside:
                    continue  # no real substance holds these combinations
                now = chosen + (u,)
                total = charge + combos[u.formula].charge
                close(now, (*path, i), more, rest_u, total, max(1, 3 - len(now)), inside)
                if not _zero_inside(tuple(sorted(combos[x.formula].charge for x in now))):
                    grow(i, (*path, i), now, more, rest_u, total, inside)

        close((), (), Counter(), holdings, 0, 3, _holding(elements, ()))
        grow(0, (), (), Counter(), holdings, 0, None)

    # Builds of fewer combinations first (the real substances are small: every build the reference
    # knows has few atoms), then one more combination at a time, until none is left or the budget
    # is spent; no level of up to two combinations takes more than a quarter of the budget, so a huge
    # hand's many free-card builds do not crowd out those with combinations. ``order`` is the place
    # of a build in a depth-first walk (a build before the builds that add to it), the tie-break the
    # list had before the budget, so that a hand whose builds all fit gets exactly the same hints.
    share = None if budget is None else max(1, budget // 4)
    LAST_WEIGHED.clear()

    late = [False]  # ``until`` has passed: no more levels, no walk for real builds

    def run_level(k: int) -> bool:
        left = None if budget is None else budget - sum(LAST_WEIGHED)
        if left is not None and left <= 0 or late[0]:
            return False
        limit_k[0] = left if share is None or left is None or k >= 3 else min(share, left)
        weighed[0] = 0
        try:
            if k == 0:
                j = 0
                for s in holdings:
                    if s != PROTO and cards[s].stable:
                        consider((), holdings, _FreePart(((s, 1, cards[s].charges[0]),), 1, cards[s].points,
                                                          (cards[s].points,) if cards[s].artificial else ()), (-1, j))
                        j += 1
                for free in _free_parts(holdings, 0, 3):
                    if free.cards:
                        consider((), holdings, free, (-1, j))
                        j += 1
                reached = True
            else:
                reached = level(k, 0, (), (), holdings, 0)
        except _Spent:
            reached = True
        LAST_WEIGHED.append(weighed[0])
        return reached

    k = 0
    while run_level(k):
        k += 1
    if budget is not None and sum(LAST_WEIGHED) >= budget or any(
            share is not None and n >= share and i < 3 for i, n in enumerate(LAST_WEIGHED)):
        limit_k[0] = None
        if not late[0]:
            try:
                real_builds()
            except _Spent:  # out of time (``until``) during the walk for real builds
                pass
    return found, maybe_real, what


def _listed_as(c: tuple[Any, ...]) -> tuple[str, bool]:
    """What a named build is listed as: its composition (the reference's formula, or the atoms' formula of a
    composition it lacks) and whether it is a real substance built as it is. The list holds one hint for each:
    another grouping of the same atoms is not another move a student needs, and two formulas for one game-only
    composition read as two compounds (review25f L7: "NH₄AuCl₄ 55 P" from the cards [NH₄]⁺ and [AuCl₄]⁻ beside
    "NH₄(AuCl₄) 41 P" from free N and H cards). A real substance and another build of its composition ("other",
    whose label names the real one: Cr(ClO)₂ beside CrO₂Cl₂) are two different substances and both stay.

    >>> from chemgames.games.chemiekarten.reference import Identity
    >>> unknown = Identity(False, "AuCl4H4N", "AuCl₄H₄N")
    >>> _listed_as(("game_only", "NH4AuCl4", unknown)) == _listed_as(("game_only", "H4N(AuCl4)", unknown))
    True
    """
    label, formula, identity = c[0], c[1], c[2]
    return (identity.formula if identity is not None else formula), label in ("known", "transient")


def _engine_charged(group: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """The builds of ``group`` (``_walk``'s entries) with the charges the engine shows for the same cards
    (``compound.engine_charges``: the cheapest legal choice by ``truth.charge_costs``), each build once, in the order
    of ``group``: a tip lays what the engine shows for its cards when the player fixes no charge (hints use the
    rules: ClC≡P's tip sets C −4, P +5, not the C +4, P −3 its own walk met first). The engine's choice is legal
    wherever the walk's is: a build is weighed only if its charges balance and it is not divisible, and the engine
    takes an indivisible choice whenever there is one. A lone card has no balance to choose and keeps its charge.

    >>> [c[3].items for c in _engine_charged([(6, 3, (), _FreePart((("C", 1, 4), ("Cl", 1, -1), ("P", 1, -3)), 3, 6, ()), (), (0,)),
    ...                                         (6, 3, (), _FreePart((("C", 1, -4), ("Cl", 1, -1), ("P", 1, 5)), 3, 6, ()), (), (1,))])]
    [(('C', 1, -4), ('Cl', 1, -1), ('P', 1, 5))]
    """
    out: list[tuple[Any, ...]] = []
    seen: set[tuple[Any, ...]] = set()
    for c in group:
        chosen, free = c[2], c[3]
        if free.items and (chosen or free.cards > 1):
            units = tuple(sorted(((s, n) for s, n, _ in free.items), key=lambda x: card_order(x[0])))
            engine = engine_charges(units, (), tuple(sorted(Counter(u.formula for u in chosen).items())))[0]
            if engine is not None and any(engine[s] != q for s, _, q in free.items):
                free = replace(free, items=tuple((s, n, engine[s]) for s, n, _ in free.items))
                c = (*c[:3], free, *c[4:])
        key = (tuple(sorted((u.formula, u.proto) for u in chosen)), free.items)
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


def _ranked(game: "ChemieKartenspiel", found: list[tuple[Any, ...]], limit: int, maybe_real: Any, what: Any,
            build: Any, until: float | None = None) -> list[Hint]:
    """The best real substance first (the variant real_only: real substances only), then by most
    points, fewest cards, real before game-only; one hint per composition (its best build: another
    charge or grouping of the same atoms is not another move a student needs; :func:`_listed_as`).

    A build's label and formula are worked out only where they decide the list: by groups of equal
    points and cards, in order, until the list is full and the best real substance is found (a
    build the reference cannot hold is skipped in that search by a cheap test). After ``until``
    the search for the best real substance stops where it is (the list is filled as usual)."""
    real_only = getattr(game, "real_only", False)
    by_points = sorted(found, key=lambda c: (-c[0], c[1], c[5]))
    groups = [list(g) for _, g in itertools.groupby(by_points, key=lambda c: (c[0], c[1]))]

    def named(group: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
        out = [(*what(c[2], c[3]), *c) for c in _engine_charged(group)]
        return sorted((c for c in out if not real_only or c[0] == "known"), key=lambda c: (LABEL_RANK[c[0]], c[1], c[8]))

    best_real: tuple[Any, ...] | None = None
    if REAL_FIRST or real_only:
        for group in groups:
            if until is not None and time.process_time() > until:
                break
            hits = [c for c in named([c for c in group if maybe_real(c)]) if c[0] == "known"]
            if hits:
                best_real = hits[0]
                break
        if real_only:  # only real substances: the groups below are searched among them alone
            groups = [[c for c in group if maybe_real(c)] for group in groups]
    out: list[Hint] = []
    seen: set[tuple[str, bool]] = set()

    def add(c: tuple[Any, ...]) -> bool:
        if _listed_as(c) not in seen:
            seen.add(_listed_as(c))
            out.append(build(*c))
        return len(out) >= limit

    first = best_real if REAL_FIRST else None
    if first is not None and add(first):
        return out
    for group in groups:
        for c in named(group):
            if first is not None and c[8] == first[8]:
                continue  # already at the head of the list
            if add(c):
                return out
    return out
