"""Compounds of Das Chemie-Kartenspiel: the cards being prepared (``Stage``), the compounds laid on
the table (``Compound``), and the check of a compound against the rules (``judge``).

The check follows the rule sheet in order: cards chosen; a single card only if stable; a charge
per element kind; the total charge zero (SymPy equation); not divisible (Beispiel 2);
combinations laid as printed, Protomaterie within its limits; artificial elements paid.
"""
from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from dataclasses import dataclass, field
from typing import Any, Sequence

from ...chemistry import ChargeTerm, balance_equation, find_zero_part, has_zero_part
from ...chemistry.balance import signed
from ...chemistry.formula import parse_formula
from ...chemistry.masses import molar_mass_line
from ...core.errors import Error
from ...core.explanation import Msg, MsgList, Step
from ...core.i18n import keys
from .cards import PROTO, CardKind, card_set, combinations
from . import truth
from .charges import balancing_choices, choose_charges, indivisible_bound
from .reference import Identity, elements_in, unicode

_ORDER = {s: i for i, s in enumerate(card_set())}


@dataclass
class StagedCombination:
    """A combination being prepared: its real cards and the Protomaterie standing in."""

    formula: str
    cards: list[int]
    protos: list[int]


@dataclass
class Stage:
    """The compound the current player is preparing (cards leave the hand only on confirm)."""

    free: list[int] = field(default_factory=list)
    charges: dict[str, int] = field(default_factory=dict)
    combos: list[StagedCombination] = field(default_factory=list)
    protect: int | None = None
    payment: list[int] = field(default_factory=list)

    def copy(self) -> "Stage":
        """An independent copy (for previews that must not touch the real stage)."""
        return Stage(list(self.free), dict(self.charges),
                     [StagedCombination(c.formula, list(c.cards), list(c.protos)) for c in self.combos],
                     self.protect, list(self.payment))

    def card_ids(self) -> list[int]:
        """Every card held by the stage (for the count of cards)."""
        ids = list(self.free) + list(self.payment)
        for c in self.combos:
            ids += c.cards + c.protos
        if self.protect is not None:
            ids.append(self.protect)
        return ids

    @property
    def empty(self) -> bool:
        return not self.card_ids()


@dataclass
class Compound:
    """A compound laid on the table, in front of its ``owner``."""

    cid: int
    owner: int
    free: list[int]
    charges: dict[str, int]
    combos: list[StagedCombination]
    protect: int | None
    turned: list[int]
    points: int
    formula: str
    radioactive: int
    label: str = ""
    identity: Identity | None = None

    def card_ids(self) -> list[int]:
        ids = list(self.free)
        for c in self.combos:
            ids += c.cards + c.protos
        if self.protect is not None:
            ids.append(self.protect)
        return ids

    def copied(self) -> "Compound":
        """An independent copy (``ChemieKartenspiel.copy``): its own lists and dicts of cards, charges and
        combinations; what never changes once made (texts, the reference's identity, a LaidCompound's key
        and verdict) is shared. As deep as a pickle round trip, several times faster.

        >>> c = LaidCompound(1, 0, Stage(free=[0, 1, 2]), ["H", "H", "O"], [], None)
        >>> t = c.copied(); t.turned.append(0); c.turned, t.points == c.points, t.formula == c.formula
        ([], True, True)
        """
        twin = object.__new__(type(self))
        d = twin.__dict__
        d.update(self.__dict__)
        d["free"], d["turned"] = list(self.free), list(self.turned)
        d["combos"] = [StagedCombination(c.formula, list(c.cards), list(c.protos)) for c in self.combos]
        for name in ("charges", "_charges"):  # a LaidCompound holds its own only once named
            if name in d:
                d[name] = dict(d[name])
        return twin

    def shields(self, kinds: Sequence[str]) -> list[int]:
        """Black-border cards (real ones, never Protomaterie) whose protection is still unused."""
        cards = card_set()
        real = list(self.free) + [i for c in self.combos for i in c.cards]
        return [i for i in real if cards[kinds[i]].black_border and i not in self.turned]


class LaidCompound(Compound):
    """A compound laid on the fast path (``Game.apply(action, explain=False)``): the same compound,
    but what names it (formula, charges, label, identity: :func:`accepted_core`'s verdict, which looks
    the composition up in the reference) is worked out when first read. A search or a random game
    that never looks at the table pays only for the points (a new composition took milliseconds to
    name: most of applying a move in random play through OpenSpiel).

    >>> kinds = ["H", "H", "O"]
    >>> c = LaidCompound(1, 0, Stage(free=[0, 1, 2]), kinds, [], None)
    >>> "_verdict" in c.__dict__, c.points
    (False, 3)
    >>> v = judge(Stage(free=[0, 1, 2]), kinds)
    >>> (c.formula, c.charges, c.label, c.radioactive) == (v.formula, v.charges, v.label, v.radioactive)
    True
    """

    def __init__(self, cid: int, owner: int, stage: Stage, kinds: Sequence[str], combos: list[StagedCombination],
                 protect: int | None) -> None:
        # the fields ``Compound`` sets itself, but not the four that name it (properties below)
        self.cid, self.owner, self.free, self.combos, self.protect, self.turned = cid, owner, list(stage.free), combos, protect, []
        self._key = key = stage_key(stage, kinds)
        self.points, self.radioactive = _points_of(key)

    def _named(self) -> Verdict:
        v = self.__dict__.get("_verdict")
        if v is None:
            v = self.__dict__["_verdict"] = _core(self._key)
            self.__dict__["_charges"] = dict(v.charges)  # its own dict, as ``Compound`` holds
        return v

    formula = property(lambda self: self._named().formula)
    label = property(lambda self: self._named().label)
    identity = property(lambda self: self._named().identity)
    charges = property(lambda self: (self._named(), self.__dict__["_charges"])[1])


def _points_of(key: StageKey) -> tuple[int, int]:
    """The points and radioactive cards of an accepted stage (as :func:`_core` counts them): every
    free card's points and each combination's printed points; the radioactive real cards.

    >>> _points_of(stage_key(Stage(free=[0, 1]), ["U", "O"]))
    (5, 1)
    """
    points_of, radioactive = _card_numbers()
    table = combinations()
    free_items, _, staged_combos, _, _ = key
    points = hot = 0
    for s, n in free_items:
        points += n * points_of[s]
        if s in radioactive:
            hot += n
    for formula, parts, _ in staged_combos:
        points += table[formula].points
        for s, n in parts:
            if s in radioactive:
                hot += n
    return points, hot


@lru_cache(maxsize=None)
def _card_numbers() -> tuple[dict[str, int], frozenset[str]]:
    """Each card's printed points, and the radioactive kinds (read once from the card set)."""
    cards = card_set()
    return {s: k.points for s, k in cards.items()}, frozenset(s for s, k in cards.items() if k.radioactive)


@dataclass(frozen=True)
class Verdict:
    """The outcome of checking a stage: ``ok``, the steps of the explanation, points, formula."""

    ok: bool
    headline: Msg
    steps: tuple[Step, ...]
    points: int = 0
    formula: str = ""
    charges: dict[str, int] = field(default_factory=dict)
    radioactive: int = 0
    rule: str = ""
    label: str = ""  # truth.label: "known" (exists, built as it is; or an element), "transient", "other", "game_only"
    identity: Identity | None = None  # what the reference says about the compound


def _name(kind: CardKind) -> Msg:
    return Msg("ck.card_label", symbol=kind.symbol, name=kind.name)


def _refuse(rule: str, steps: list[Step], **params: object) -> Verdict:
    return Verdict(False, Msg(rule, **params), tuple(steps), rule=rule)


def card_points(free: Sequence[tuple[str, int]], combos: Sequence[str]) -> tuple[int, list[str]]:
    """The points of a compound and their terms: each free card's printed points, and each
    combination's printed points instead of those of its cards.

    >>> card_points([("Fe", 2)], ["[SO4]2-"] * 3)
    (64, ['2·2', '20', '20', '20'])
    """
    cards = card_set()
    table = combinations()
    terms = [f"{n}·{cards[s].points}" if n > 1 else str(cards[s].points) for s, n in free]
    terms += [str(table[f].points) for f in combos]
    return sum(n * cards[s].points for s, n in free) + sum(table[f].points for f in combos), terms


def _in_formula_order(counts: dict[str, int], formula: str) -> dict[str, int]:
    """``counts`` in the order the elements first appear in ``formula`` (the molar-mass line reads
    like the formula shown).

    >>> _in_formula_order({"Cl": 1, "H": 1}, "HCl")
    {'H': 1, 'Cl': 1}
    """
    try:
        order = list(parse_formula(formula).counts)
    except Error:
        return counts
    rank = {e: i for i, e in enumerate(order)}
    return dict(sorted(counts.items(), key=lambda kv: rank.get(kv[0], len(rank))))


def payment_fits(prices: list[int], paid: list[int]) -> bool:
    """Can ``paid`` card points be split into groups that each equal one price exactly?

    >>> payment_fits([4], [1, 3]), payment_fits([4, 4], [3, 5]), payment_fits([], [])
    (True, False, True)
    """
    if sum(prices) != sum(paid):
        return False
    if not prices:
        return not paid
    paid = sorted(paid, reverse=True)

    def place(i: int, left: list[int]) -> bool:
        if i == len(paid):
            return all(x == 0 for x in left)
        seen = set()
        for j, room in enumerate(left):
            if room >= paid[i] and room not in seen:
                seen.add(room)
                left[j] -= paid[i]
                if place(i + 1, left):
                    return True
                left[j] += paid[i]
        return False

    return place(0, list(prices))


StageKey = tuple[Any, ...]


def card_order(symbol: str) -> int:
    """Where ``symbol`` stands in the card list (by atomic number): the fixed order in which the
    engine looks at a compound's elements, whatever order the cards were chosen in."""
    return _ORDER[symbol]


def stage_key(stage: Stage, kinds: Sequence[str], counted: dict[str, int] | None = None) -> StageKey:
    """What the verdict depends on, independent of the order the cards were chosen in: free cards
    and fixed charges by element, combinations with their cards, protection and payment.
    ``counted``: the free cards already counted by kind (as the engine keeps them, any order)."""
    if counted is None:
        counted = _count_free(stage, kinds)
    charges, combos, payment = stage.charges, stage.combos, stage.payment
    return (
        tuple(sorted(counted.items(), key=_first_order)),  # in the card list's order
        tuple(sorted((s, q) for s, q in charges.items() if s in counted)) if charges else (),
        tuple(sorted((c.formula, _parts(tuple(sorted(map(kinds.__getitem__, c.cards)))), len(c.protos))
                     for c in combos)) if combos else (),
        stage.protect is not None,
        tuple(sorted(map(kinds.__getitem__, payment))) if payment else (),
    )


def _first_order(item: tuple[str, int]) -> int:
    return _ORDER[item[0]]


def _count_free(stage: Stage, kinds: Sequence[str]) -> dict[str, int]:
    """The free cards of ``stage`` counted by kind (asked on every step: no Counter)."""
    counts: dict[str, int] = {}
    for s in map(kinds.__getitem__, stage.free):
        counts[s] = counts.get(s, 0) + 1
    return counts


@lru_cache(maxsize=4096)
def _parts(symbols: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """The cards of a combination counted by kind, sorted: ``("Fe", "O", "O")`` -> ``(("Fe", 1), ("O", 2))``."""
    return tuple(sorted(Counter(symbols).items()))


def _charge_options(symbol: str, fixed: dict[str, int], costs: dict[int, int]) -> tuple[int, ...]:
    """The charges to try for ``symbol``, in the order the engine tries them: the player's, else the
    card's charges by what each costs (``truth.charge_costs``: the real substance's number first), then in printed order."""
    if symbol in fixed:
        return (fixed[symbol],)
    printed = card_set()[symbol].charges
    return tuple(sorted(printed, key=lambda q: (costs.get(q, 0), printed.index(q))))


def _terms(free: tuple[tuple[str, int], ...], combos: tuple[Any, ...], charges: dict[str, int]) -> tuple[ChargeTerm, ...]:
    """The charge terms: ``count · charge`` per element kind and per combination (printed charge)."""
    table = combinations()
    per_combo = Counter(c[0] for c in combos)
    # in the order of the free cards (the formula's), then the combinations
    return tuple([ChargeTerm(s, n, charges[s]) for s, n in free] +
                 [ChargeTerm(f, n, table[f].charge) for f, n in per_combo.items()])


def _rank(element: str, formula: str) -> tuple[int, int]:
    """Where ``element`` first stands in ``formula`` (then the card list, for elements it lacks)."""
    elements = elements_in(formula)
    return (elements.index(element) if element in elements else len(elements), card_order(element))


@lru_cache(maxsize=4096)
def _ordered(key: StageKey) -> tuple[Identity, str, tuple[tuple[str, int], ...], tuple[Any, ...]]:
    """The staged compound as the reference knows it, its formula, and its free cards and
    combinations in the order of that formula (so every text reads alike whatever the click order)."""
    free, _, staged, _, _ = key
    combos = combinations()
    identity = truth.identity_of(free, _combo_units(staged))
    # the charges the verdict shows (cation or anion: PtHCl, not HPtCl), so every text reads alike
    formula = truth.formula_of(identity, free + _combo_units(staged), _key_charges(key)[1])
    return (identity, formula, tuple(sorted(free, key=lambda x: _rank(x[0], formula))),
            tuple(sorted(staged, key=lambda c: (_rank(combos[c[0]].parsed.elements[0], formula), c))))


def _combo_units(combos: tuple[Any, ...]) -> tuple[tuple[str, int], ...]:
    """The staged combinations as units ``(formula, count)``."""
    return tuple(sorted(Counter(c[0] for c in combos).items()))


@lru_cache(maxsize=4096)
def engine_charges(free: tuple[tuple[str, int], ...], fixed: tuple[tuple[str, int], ...],
                combos: tuple[tuple[str, int], ...]) -> tuple[dict[str, int] | None, dict[str, int]]:
    """(the balancing charges the engine takes or ``None``, the charges shown) for the free cards
    beside the combinations ``(formula, count)``: of the choices that balance (and are not divisible, if one is),
    the cheapest by ``truth.charge_costs`` (nearest to the real substance's numbers, then the electronegativity
    rule, then the card's printed order); without a balancing choice the shown charges are the fixed ones, else
    each card's cheapest.

    >>> engine_charges((("C", 1), ("P", 1), ("Cl", 1)), (), ())[0]  # ClC≡P: C −2, P +3
    {'C': -4, 'P': 5, 'Cl': -1}
    """
    table = combinations()
    given = dict(fixed)
    costs = {s: {q: truth.cost_number(c) for q, c in row.items()}
             for s, row in truth.charge_costs(truth.identity_of(free, combos), free, combos).items()} if free else {}
    options = {s: _charge_options(s, given, costs.get(s, {})) for s, _ in free}
    ranked = {s: tuple(0 if s in given else costs[s][q] for q in options[s]) for s, _ in free}
    chosen = choose_charges(free, options, tuple(table[f].charge for f, n in combos for _ in range(n)), ranked)
    return chosen, chosen if chosen is not None else {s: options[s][0] for s, _ in free}


def _key_charges(key: StageKey) -> tuple[dict[str, int] | None, dict[str, int]]:
    return engine_charges(key[0], key[1], _combo_units(key[2]))


def stage_terms(stage: Stage, kinds: Sequence[str]) -> tuple[ChargeTerm, ...]:
    """The charge terms of the staged cards and combinations with the charges the verdict uses
    (the balancing choice, else the fixed charges and each card's first): the running balance and
    the verdict always show the same charges for the same cards."""
    key = stage_key(stage, kinds)
    _, _, free, staged = _ordered(key)
    return _terms(free, staged, _key_charges(key)[1])


def stage_charges(stage: Stage, kinds: Sequence[str]) -> dict[str, dict[str, Any]]:
    """The charge each free element kind counts with, and who chose it (``"player"``: fixed with a
    charge button; ``"engine"``: the charge that balances, else the card's first): the same charges
    as the running balance and the verdict, so the charge buttons, the "prepared move" and the
    panel's equation show one choice.

    >>> kinds = ["Cu", "F"]
    >>> stage_charges(Stage(free=[0, 1]), kinds)
    {'Cu': {'charge': 1, 'by': 'engine'}, 'F': {'charge': -1, 'by': 'engine'}}
    >>> stage_charges(Stage(free=[0, 1], charges={"Cu": 2}), kinds)["Cu"]
    {'charge': 2, 'by': 'player'}
    """
    key = stage_key(stage, kinds)
    fixed, shown = dict(key[1]), _key_charges(key)[1]
    return {s: {"charge": shown[s], "by": "player" if s in fixed else "engine"} for s, _ in _ordered(key)[2]}


def running_title(stage: Stage, kinds: Sequence[str]) -> str:
    """The catalog key of the running balance: what its numbers are, as in the verdict."""
    key = stage_key(stage, kinds)
    identity, _, free, staged = _ordered(key)
    return truth.balance_key(identity, _key_charges(key)[1], free + _combo_units(staged)) + "_so_far"


def judge(stage: Stage, kinds: Sequence[str], real_only: bool = False) -> Verdict:
    """Check the staged compound; every step of the reasoning goes into the verdict. The verdict
    depends only on what is staged, not on the order it was chosen in (and is cached by it).
    ``real_only``: our variant "Nur echte Stoffe", which refuses a compound that the sheet allows
    but that is not a substance that exists, built as it is (``truth.label`` "known")."""
    key = stage_key(stage, kinds)
    v = _judge(key)
    if real_only and v.ok and v.label != "known":
        return _real_only_refusal(key)
    return v


_LAYING_ONLY = frozenset({"ck.molar_mass", "ck.points_sum", "ck.shields", "ck.radioactive", "ck.proto_protect", "ck.paid"})


@lru_cache(maxsize=1024)
def _real_only_refusal(key: StageKey) -> Verdict:
    """The refusal of the variant ``real_only``: what the compound is, with the sheet's verdict's
    chemistry, and the variant's rule."""
    v = _judge(key)
    what = Msg(f"ck.real_only_{v.label}")
    # a build the headline names as a real isomer (cyanic acid, methanediol) opens with that isomer and how it is known,
    # as the headline and the table label do, not with "so kein bekannter Stoff" (s24b, review s23c)
    isomer = truth.named_isomer(v.identity, unicode(v.formula), key[0] + _combo_units(key[2]), v.charges) \
        if v.label == "other" and v.identity is not None else None
    if isomer is not None and isomer.label != "exists":  # its row's label says how it is known (review s25d: "cold")
        what = Msg(truth.isomer_key("ck.real_only_isomer", isomer), isomer=truth.isomer_text(isomer))
    # the cards, their balance and what they are in chemistry; not what laying them would bring
    steps = tuple(x for x in v.steps if getattr(x.msg, "key", "") not in _LAYING_ONLY)
    steps += (Step(_under_real_only(v.headline)), Step(Msg("ck.real_only_rule")))
    return Verdict(False, Msg("ck.real_only", formula=unicode(v.formula), what=what), steps, rule="ck.real_only",
                   label=v.label, identity=v.identity)


def _under_real_only(headline: Msg) -> Msg:
    """The sheet's verdict as a line of the variant's refusal: a headline that says the sheet allows
    the compound ("allowed by the game's rule only; the game checks only the sum") has its own
    wording there ("by the sheet's rule alone it would do"), so the refusal does not contradict itself.

    >>> _under_real_only(Msg("ck.ok_game_only", formula="BP")).render("en")[:60]
    "BP: not in our reference. By the sheet's rule alone it would"
    """
    variant = f"{headline.key}_real_only"
    if variant in keys("de") and variant in keys("en"):
        return Msg(variant, **dict(headline.params))
    return headline


def _valid(free: tuple[tuple[str, int], ...], fixed: tuple[tuple[str, int], ...],
           combos: tuple[tuple[str, int], ...]) -> dict[str, int] | None:
    """The charges of a valid compound of these units (balanced, not divisible), else ``None``."""
    chosen, _ = engine_charges(free, fixed, combos)
    if chosen is None or find_zero_part(_terms(free, tuple((f,) for f, n in combos for _ in range(n)), chosen)):
        return None
    return chosen


def _fixes(free: tuple[tuple[str, int], ...], fixed: tuple[tuple[str, int], ...],
           combos: tuple[tuple[str, int], ...]) -> dict[str, Any]:
    """What would make these cards a valid compound: other charges for some the player fixed
    (``"charges"``, :func:`_charge_fix`), or free cards laid as a combination printed on one of them
    (``"combos"``; searched only for real substances)."""
    out: dict[str, Any] = {}
    change = _charge_fix(free, fixed, combos)
    if change:
        out["charges"] = change
    have = Counter(dict(free))
    for f, combo in combinations().items():
        if not have.get(combo.defining):
            continue
        need = Counter(combo.parsed.counts)
        k = min(have[e] // n for e, n in need.items())
        for times in range(k, 0, -1):
            rest = have - Counter({e: n * times for e, n in need.items()})
            rest_items = tuple(sorted(rest.items(), key=lambda x: card_order(x[0])))
            more = tuple(sorted((Counter(dict(combos)) + Counter({f: times})).items()))
            if (rest_items or more) and _valid(rest_items, (), more) is not None:
                out["combos"] = (f,) * times
                return out
    return out


def _charge_fix(free: tuple[tuple[str, int], ...], fixed: tuple[tuple[str, int], ...],
                combos: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
    """The fewest of the player's fixed charges to change, each with its new charge, so that the cards
    make a valid compound while the other fixed charges stay: every change the advice "with the
    charges ... it works" needs, so that following it works (NH₃ fixed at N +5, H −1 needs both N −3
    and H +1, not just H +1). Empty when no change of the fixed charges helps.

    >>> _charge_fix((("N", 1), ("H", 3)), (("H", -1), ("N", 5)), ())
    (('N', -3), ('H', 1))
    >>> _charge_fix((("Fe", 1), ("Cl", 3)), (("Fe", 2),), ())
    (('Fe', 3),)
    """
    from itertools import combinations as subsets

    given = dict(fixed)
    order = [s for s, _ in free if s in given]  # in the formula's order
    for k in range(1, len(order) + 1):
        for changed in subsets(order, k):
            keep = tuple((s, q) for s, q in fixed if s not in changed)
            chosen = _valid(free, keep, combos)
            if chosen is None or any(chosen[s] == given[s] for s in changed):
                continue  # none, or a smaller change does it
            change = tuple((s, chosen[s]) for s in changed)
            if _valid(free, tuple(sorted({**given, **dict(change)}.items())), combos) is not None:
                return change
    return ()


def stage_ok(stage: Stage, kinds: Sequence[str], counted: dict[str, int] | None = None, real_only: bool = False) -> bool:
    """Would ``judge`` accept the staged compound? The same checks in the same order, without
    writing the explanation (no SymPy, no names, no molar mass): what ``legal_actions`` asks for
    ``confirm`` on every step (``counted``: the free cards counted by kind, if the caller keeps them). ``tests/test_chemiekarten_speed.py`` checks it against ``judge``.
    ``real_only``: the variant's check too (a substance that exists, ``judge(..., real_only=True)``).

    A stage of more units (cards and combinations) than any choice of charges could keep
    indivisible is refused before anything is counted (``charges.indivisible_bound``).

    >>> stage_ok(Stage(free=[0, 1, 2]), ["H", "H", "O"]), stage_ok(Stage(free=[0, 1]), ["H", "O"])
    (True, False)
    >>> stage_ok(Stage(free=list(range(5))), ["H", "H", "He", "O", "O"])  # He (0) is a part by itself
    False
    """
    units = len(stage.free) + len(stage.combos)
    if units > MOST_UNITS:
        return False
    if counted is None:
        counted = _count_free(stage, kinds)
    if units > 1 and _divisible(stage, counted, units):
        return False
    if not _ok(stage, counted, kinds):
        return False
    return not real_only or _core(stage_key(stage, kinds, counted)).label == "known"


def _divisible(stage: Stage, counts: dict[str, int], units: int) -> bool:
    """Is the stage of ``units`` (more than one; its free cards ``counts`` by kind) refused whatever charges are chosen, because every
    choice is divisible (more units than ``indivisible_bound`` of the charges on offer) or none can
    make the total zero (the lowest total is above zero or the highest below)? (``False``: the full
    check must decide.)"""
    per_card, per_combo, _ = unit_charges()
    pos = neg = 0
    low = high = 0
    fixed = stage.charges
    for s, n in counts.items():
        q = fixed.get(s)
        if q is None:
            p, m, zero, least, most = per_card[s]
        else:
            p, m, zero, least, most = max(q, 0), max(-q, 0), q == 0, q, q
        if zero:
            return True
        pos, neg = max(pos, p), max(neg, m)
        low += n * least
        high += n * most
    for c in stage.combos:
        q = per_combo[c.formula]
        pos, neg = max(pos, q), max(neg, -q)
        low += q
        high += q
    return units > pos + neg or low > 0 or high < 0


@lru_cache(maxsize=None)
def unit_charges() -> tuple[dict[str, tuple[int, int, bool, int, int]], dict[str, int], int]:
    """For each card: (its largest positive charge, its largest negative charge as a positive
    number, whether it may have charge 0, its lowest and its highest charge); each combination's
    charge; and the most units any compound can have and stay indivisible (``indivisible_bound`` of
    every charge on offer)."""
    per_card = {s: (max([q for q in k.charges if q > 0], default=0), max([-q for q in k.charges if q < 0], default=0),
                    0 in k.charges, min(k.charges, default=0), max(k.charges, default=0))
                for s, k in card_set().items()}
    per_combo = {f: c.charge for f, c in combinations().items()}
    every = [q for k in card_set().values() for q in k.charges if q] + [q for q in per_combo.values() if q]
    return per_card, per_combo, indivisible_bound(every)


MOST_UNITS = 11  # unit_charges()[2] (tests/test_chemiekarten_fast_legal.py checks it)


def _ok(stage: Stage, counted: dict[str, int], kinds: Sequence[str]) -> bool:
    """``judge``'s answer for a stage that passed the counting checks of ``stage_ok``, from what
    it depends on without the elements' names: each free kind's count and charges to choose from,
    the combinations' charges, the prices of the artificial cards and the payment (cached by these,
    so stages of other elements with the same charges share the answer)."""
    cards = card_set()
    if not stage.free and not stage.combos:
        return False
    if not stage.combos and len(stage.free) == 1:
        return bool(cards[kinds[stage.free[0]]].stable)  # a single card only if stable
    fixed = stage.charges
    units = tuple(sorted((n, (fixed[s],) if s in fixed else cards[s].charges) for s, n in counted.items()))
    combos = tuple(sorted(unit_charges()[1][c.formula] for c in stage.combos))
    real = [s for s, n in counted.items() for _ in range(n)] + [kinds[i] for c in stage.combos for i in c.cards]
    prices = tuple(sorted(cards[s].points for s in real if cards[s].artificial))
    paid = tuple(sorted(cards[kinds[i]].points for i in stage.payment))
    return _fits(units, combos, prices, paid)


@lru_cache(maxsize=65536)
def _fits(units: tuple[tuple[int, tuple[int, ...]], ...], combos: tuple[int, ...], prices: tuple[int, ...],
          paid: tuple[int, ...]) -> bool:
    """Can free cards ``(count, charges)`` beside combinations of the charges ``combos`` balance
    without being divisible, and the ``paid`` points cover the ``prices`` of the artificial cards
    exactly?"""
    if not _some_charges_fit(units, combos):
        return False
    return not (prices or paid) or payment_fits(list(prices), list(paid))


@lru_cache(maxsize=65536)
def _some_charges_fit(free: tuple[tuple[int, tuple[int, ...]], ...], combos: tuple[int, ...]) -> bool:
    """Is there a choice of charges that balances and is not divisible, for free cards ``(count,
    charges to choose from)`` beside combinations of these charges? ``choose_charges`` finds one if
    there is, whatever the order it tries them in, so neither the elements' names nor the order of
    the reference matter (and stages of other elements with the same charges share the answer).

    >>> _some_charges_fit(((1, (-2,)), (2, (1, -1))), ()), _some_charges_fit(((1, (2, 1)), (1, (-2,)), (2, (-1,))), ())
    (True, False)
    """
    units = sum(n for n, _ in free) + len(combos)
    if units > indivisible_bound([q for _, options in free for q in options] + list(combos)):
        return False  # every choice is divisible
    counts = tuple(n for n, _ in free) + (1,) * len(combos)
    for choice in balancing_choices(free, sum(combos)):
        charges = choice + combos
        if units <= indivisible_bound(charges) and not has_zero_part(tuple(sorted(zip(counts, charges)))):
            return True
    return False


def accepted_core(stage: Stage, kinds: Sequence[str]) -> Verdict:
    """The verdict of a stage that ``stage_ok`` accepts, without its texts: the points, formula,
    charges, radioactive cards, label and identity that ``judge`` gives (no steps, no SymPy): what
    ``confirm`` needs on the fast path (``Game.apply(action, explain=False)``).

    >>> v = accepted_core(Stage(free=[0, 1, 2]), ["H", "H", "O"])
    >>> w = judge(Stage(free=[0, 1, 2]), ["H", "H", "O"])
    >>> (v.points, v.formula, v.charges, v.label) == (w.points, w.formula, w.charges, w.label)
    True
    """
    return _core(stage_key(stage, kinds))


@lru_cache(maxsize=4096)
def _core(key: StageKey) -> Verdict:
    cards = card_set()
    free_items, _, staged_combos, _, _ = key
    if not staged_combos and len(free_items) == 1 and free_items[0][1] == 1:
        kind = cards[free_items[0][0]]
        return Verdict(True, _NO_TEXT, (), kind.points, kind.symbol, {kind.symbol: kind.charges[0]},
                       int(kind.radioactive), "ck.stable", "known")
    identity, formula, free_items, staged_combos = _ordered(key)
    chosen = _key_charges(key)[0]
    assert chosen is not None, key  # only for a stage that stage_ok accepts
    units = free_items + _combo_units(staged_combos)
    label = truth.label(identity, units, chosen)
    formula = truth.formula_of(identity, units, chosen)
    points, radioactive = _points_of(key)
    return Verdict(True, _NO_TEXT, (), points, formula, dict(chosen), radioactive, "ck.compound", label, identity)


_NO_TEXT = Msg("ck.compound")  # the headline of a verdict made without its texts (never shown)


@lru_cache(maxsize=2048)
def _judge(key: StageKey) -> Verdict:
    cards = card_set()
    combos = combinations()
    free_items, fixed_items, staged_combos, protect, payment = key
    combo_units = _combo_units(staged_combos)
    free = dict(free_items)
    fixed = dict(fixed_items)
    steps: list[Step] = []
    if not free and not staged_combos:
        return _refuse("ck.no_cards", steps)
    identity, formula, free_items, staged_combos = _ordered(key)
    units_text = [Msg("ck.n_cards", n=n, card=_name(cards[s])) for s, n in free_items]
    for f, _, _ in staged_combos:
        units_text.append(Msg("ck.combo_unit", formula=combos[f].parsed.unicode()))
    steps.append(Step(Msg("ck.cards_laid", cards=MsgList(tuple(units_text), " + "))))

    # a single card: only stable elements stand alone
    if not staged_combos and sum(free.values()) == 1:
        (symbol,) = free
        kind = cards[symbol]
        if kind.stable:
            steps.append(Step(Msg("ck.stable_alone", card=_name(kind))))
            return Verdict(True, truth.element_headline(kind), tuple(steps), kind.points, symbol,
                           {symbol: kind.charges[0]}, int(kind.radioactive), "ck.stable", "known")
        steps.append(Step(Msg("ck.element_exists", card=_name(kind))))
        return _refuse("ck.not_stable", steps, card=_name(kind))

    chosen, shown = _key_charges(key)

    def refuse(rule: str, **params: object) -> Verdict:
        fixes = _fixes(free_items, fixed_items, combo_units) if identity.known else {}
        more = truth.refused(identity, free_items, rule, fixes)
        return Verdict(False, Msg(rule, **params), tuple(steps + more), rule=rule,
                       label="known" if identity.known else "", identity=identity)

    if chosen is None:
        terms = _terms(free_items, staged_combos, shown)
        steps.append(Step(Msg(truth.balance_key(identity, shown, free_items + combo_units)), balance_equation(terms)))
        # could other charges of the player's cards balance? Then the cards are a compound with wrong charges;
        # if not, an unfinished build whose charge is not zero: no neutral substance (HO, CaOH) is looked up
        finishable = bool(fixed) and engine_charges(free_items, (), combo_units)[0] is not None
        if any(len(cards[s].charges) > 1 and s not in fixed for s in free):
            steps.append(Step(Msg("ck.no_charge_choice_helps_fixed" if finishable else "ck.no_charge_choice_helps")))
        if not finishable:
            ion, more = truth.unfinished(free_items, combo_units, sum(t.count * t.charge for t in terms))
            steps += more
            # a substance of these atoms is named only where the cards could stand for its atoms: free cards
            # whose printed charges miss its numbers (C + O: CO has C +2), never beside a charged group card
            # on the way to a salt (Ca + OH⁻ is no CaOH) and never a radical for a stage half built (HO)
            if ion or identity.label != "exists" or any(combos[f].charge for f, _ in combo_units):
                return Verdict(False, Msg("ck.unbalanced"), tuple(steps), rule="ck.unbalanced")
        return refuse("ck.unbalanced")
    for s, _ in free_items:
        if len(cards[s].charges) > 1:
            how = Msg("ck.by_player" if s in fixed else "ck.by_engine")
            inside = [f for f, n in combo_units if s in combos[f].parsed.counts]
            if inside:  # the cards inside a combination count with the combination's charge
                steps.append(Step(Msg("ck.charge_chosen_free", card=_name(cards[s]), charge=signed(chosen[s]),
                                      how=how, symbol=s,
                                      combos=MsgList(tuple(combos[f].parsed.unicode() for f in inside)))))
            else:
                steps.append(Step(Msg("ck.charge_chosen", card=_name(cards[s]), charge=signed(chosen[s]), how=how)))
    terms = _terms(free_items, staged_combos, chosen)
    equation = balance_equation(terms)
    units = free_items + combo_units
    label = truth.label(identity, units, chosen)
    formula = truth.formula_of(identity, units, chosen)
    if label in ("known", "transient"):  # why the balance below adds ion charges or oxidation numbers
        steps += truth.bonding_steps(identity)
    balance = truth.balance_key(identity, chosen, units)
    steps.append(Step(Msg(balance), equation))
    real_sum = truth.real_balance(identity, balance) if label in ("known", "transient") else None
    if real_sum is not None:  # the cards' charges are not the substance's numbers: its own sum beside them
        steps.append(real_sum)
    if not equation.balanced:  # SymPy has the last word on the balance (cached per compound)
        return refuse("ck.unbalanced")
    part = find_zero_part(terms)
    if part is not None:
        labels = dict(free_items)
        part_free = tuple((label, n) for label, n in part if label in labels)
        part_combos = tuple((label, n) for label, n in part if label not in labels)
        name = truth.formula_of(truth.identity_of(part_free, part_combos), part, chosen)
        return refuse("ck.divisible", part=unicode(name))
    steps.append(Step(Msg("ck.not_divisible")))

    points, point_terms = card_points(free_items, [c[0] for c in staged_combos])
    real = Counter(free)
    for f, parts, n_protos in staged_combos:
        combo = combos[f]
        real.update(dict(parts))
        used = MsgList(tuple(Msg("ck.n_cards", n=n, card=_name(cards[s])) for s, n in parts), " + ")
        if n_protos:
            steps.append(Step(Msg("ck.combo_with_proto", formula=combo.parsed.unicode(), cards=used,
                                  proto=n_protos, points=combo.points)))
        else:
            steps.append(Step(Msg("ck.combo_used", formula=combo.parsed.unicode(), cards=used, points=combo.points)))
    real_cards = sorted(real.elements(), key=card_order)
    prices = [cards[s].points for s in real_cards if cards[s].artificial]
    paid = sorted((cards[s].points for s in payment), reverse=True)
    if prices or paid:
        if not payment_fits(prices, paid):
            return _refuse("ck.unpaid", steps, prices=" + ".join(map(str, prices)) or "0",
                           paid=" + ".join(map(str, paid)) or "0")
        steps.append(Step(Msg("ck.paid", prices=" + ".join(map(str, prices)), paid=" + ".join(map(str, paid)))))
    radioactive = sum(1 for s in real_cards if cards[s].radioactive)
    shields = sum(1 for s in real_cards if cards[s].black_border)
    if shields:
        steps.append(Step(Msg("ck.shields", n=shields)))
    if protect:
        steps.append(Step(Msg("ck.proto_protect")))
    if radioactive:
        steps.append(Step(Msg("ck.radioactive", n=radioactive)))
    formula_u = unicode(formula)
    # one unit of a ring molecule (NPCl₂ of (NPCl₂)₃, s16c; NSCl of (NSCl)₃, s18c), asked once: its sentence and the
    # unit's molar mass; only the reference's oligomer table makes a ring, never a bracketed formula such as
    # (NH₄)₂Hg₂(SO₄)₂ (review s17f, H1)
    ring = truth.ring_unit(formula, units)
    headline, chemistry = truth.accepted(identity, formula_u, chosen, units, ring)
    steps += chemistry
    # the molar mass of the formula shown (Hg₂Cl₂ for the cards Hg + Cl: one formula unit of mercury(I))
    times = truth.formula_units(formula, units)
    if ring is not None:  # the unit's molar mass, then the molecule's
        unit = dict(truth.atom_counts(free_items, combo_units))
        steps.append(Step(Msg("ck.molar_mass", formula=unicode(ring.unit)), molar_mass_line(_in_formula_order(unit, ring.unit))))
    counts = {e: n * times for e, n in truth.atom_counts(free_items, combo_units)}
    steps.append(Step(Msg("ck.molar_mass", formula=formula_u), molar_mass_line(_in_formula_order(counts, formula))))
    steps.append(Step(Msg("ck.points_sum", sum=" + ".join(point_terms), points=points)))
    return Verdict(True, headline, tuple(steps), points, formula, dict(chosen), radioactive, "ck.compound",
                   label, identity)


__all__ = ["Compound", "MOST_UNITS", "Stage", "StagedCombination", "Verdict", "accepted_core", "engine_charges", "judge", "stage_key", "stage_terms", "card_order", "card_points", "payment_fits", "running_title", "stage_charges", "stage_ok", "unit_charges", "PROTO"]
