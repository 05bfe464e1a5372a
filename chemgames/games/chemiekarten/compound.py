"""Compounds of Das Chemie-Kartenspiel: the cards being prepared (``Stage``), the compounds laid on
the table (``Compound``), and the check of a compound against the rules (``judge``).

The check follows the rule sheet in order: cards chosen; a single card only if stable; a charge
per element kind; the total charge zero (SymPy equation); not divisible (Beispiel 2);
combinations laid as printed, Protomaterie within its limits; artificial elements paid.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from dataclasses import dataclass, field
from typing import Any, Sequence

from ...chemistry import ChargeTerm, balance_equation, find_zero_part, format_formula
from ...chemistry.balance import signed
from ...chemistry.elements import molar_mass
from ...core.explanation import Msg, MsgList, Step
from .cards import PROTO, CardKind, card_set, combinations
from .charges import choose_charges

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

    def card_ids(self) -> list[int]:
        ids = list(self.free)
        for c in self.combos:
            ids += c.cards + c.protos
        if self.protect is not None:
            ids.append(self.protect)
        return ids

    def shields(self, kinds: Sequence[str]) -> list[int]:
        """Black-border cards (real ones, never Protomaterie) whose protection is still unused."""
        cards = card_set()
        real = list(self.free) + [i for c in self.combos for i in c.cards]
        return [i for i in real if cards[kinds[i]].black_border and i not in self.turned]


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


def _name(kind: CardKind) -> Msg:
    return Msg("ck.card_label", symbol=kind.symbol, name=kind.name)


def _refuse(rule: str, steps: list[Step], **params: object) -> Verdict:
    return Verdict(False, Msg(rule, **params), tuple(steps), rule=rule)


def compound_formula(units: list[tuple[str, int, int]]) -> str:
    """Name a compound from its units ``(label, count, charge)``: positive parts first.

    >>> compound_formula([("Cl", 1, -1), ("H", 1, 1)])
    'HCl'
    >>> compound_formula([("[SO4]2-", 1, -2), ("Na", 2, 1)])
    'Na2SO4'
    """
    ordered = sorted(units, key=lambda u: (u[2] <= 0, u[2] == 0, _unit_rank(u[0])))
    return format_formula([(label, n) for label, n, _ in ordered])


def _unit_rank(label: str) -> int:
    """A unit's place in the card list: an element's own, a combination's defining element's."""
    combo = combinations().get(label)
    return card_order(combo.defining if combo else label) if label in _ORDER or combo else len(_ORDER)


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


def stage_key(stage: Stage, kinds: Sequence[str]) -> StageKey:
    """What the verdict depends on, independent of the order the cards were chosen in: free cards
    and fixed charges by element, combinations with their cards, protection and payment."""
    free = Counter(kinds[i] for i in stage.free)
    return (
        tuple(sorted(free.items(), key=lambda x: card_order(x[0]))),
        tuple(sorted((s, q) for s, q in stage.charges.items() if s in free)),
        tuple(sorted((c.formula, tuple(sorted(Counter(kinds[i] for i in c.cards).items())), len(c.protos))
                     for c in stage.combos)),
        stage.protect is not None,
        tuple(sorted(kinds[i] for i in stage.payment)),
    )


def _charge_options(symbol: str, fixed: dict[str, int]) -> tuple[int, ...]:
    """The charges to try for ``symbol``, in the order the engine tries them."""
    return (fixed[symbol],) if symbol in fixed else card_set()[symbol].charges


def _terms(free: tuple[tuple[str, int], ...], combos: tuple[Any, ...], charges: dict[str, int]) -> tuple[ChargeTerm, ...]:
    """The charge terms: ``count · charge`` per element kind and per combination (printed charge)."""
    table = combinations()
    per_combo = Counter(f for f, _, _ in combos)
    terms = [(card_order(s), ChargeTerm(s, n, charges[s])) for s, n in free]
    terms += [(card_order(table[f].defining), ChargeTerm(f, n, table[f].charge)) for f, n in per_combo.items()]
    # positive units first, as a formula is written; then in the order of the card list
    terms.sort(key=lambda x: (x[1].charge <= 0, x[1].charge == 0, x[0]))
    return tuple(t for _, t in terms)


@lru_cache(maxsize=4096)
def _charges_of(free: tuple[tuple[str, int], ...], fixed: tuple[tuple[str, int], ...],
                combo_charges: tuple[int, ...]) -> tuple[dict[str, int] | None, dict[str, int]]:
    """(the balancing charges the engine takes or ``None``, the charges shown): without a balancing
    choice the shown charges are the fixed ones, else each card's first."""
    fixed_d = dict(fixed)
    options = {s: _charge_options(s, fixed_d) for s, _ in free}
    chosen = choose_charges(free, options, combo_charges)
    return chosen, chosen if chosen is not None else {s: options[s][0] for s, _ in free}


def _key_charges(key: StageKey) -> tuple[dict[str, int] | None, dict[str, int]]:
    free, fixed, combos = key[0], key[1], key[2]
    table = combinations()
    return _charges_of(free, fixed, tuple(sorted(table[f].charge for f, _, _ in combos)))


def stage_terms(stage: Stage, kinds: Sequence[str]) -> tuple[ChargeTerm, ...]:
    """The charge terms of the staged cards and combinations with the charges the verdict uses
    (the balancing choice, else the fixed charges and each card's first): the running balance and
    the verdict always show the same charges for the same cards."""
    key = stage_key(stage, kinds)
    return _terms(key[0], key[2], _key_charges(key)[1])


def judge(stage: Stage, kinds: Sequence[str]) -> Verdict:
    """Check the staged compound; every step of the reasoning goes into the verdict. The verdict
    depends only on what is staged, not on the order it was chosen in (and is cached by it)."""
    return _judge(stage_key(stage, kinds))


@lru_cache(maxsize=2048)
def _judge(key: StageKey) -> Verdict:
    cards = card_set()
    combos = combinations()
    free_items, fixed_items, staged_combos, protect, payment = key
    free = dict(free_items)
    fixed = dict(fixed_items)
    steps: list[Step] = []
    if not free and not staged_combos:
        return _refuse("ck.no_cards", steps)
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
            return Verdict(True, Msg("ck.ok_compound", formula=symbol), tuple(steps), kind.points, symbol,
                           {symbol: kind.charges[0]}, int(kind.radioactive), "ck.stable")
        return _refuse("ck.not_stable", steps, card=_name(kind))

    chosen, shown = _key_charges(key)
    if chosen is None:
        steps.append(Step(Msg("ck.balance"), balance_equation(_terms(free_items, staged_combos, shown))))
        if any(len(cards[s].charges) > 1 and s not in fixed for s in free):
            steps.append(Step(Msg("ck.no_charge_choice_helps")))
        return _refuse("ck.unbalanced", steps)
    in_combos = {s: [f for f, _, _ in staged_combos if s in combos[f].parsed.counts]
                 for s in free}
    for s in free:
        if len(cards[s].charges) > 1:
            how = Msg("ck.by_player" if s in fixed else "ck.by_engine")
            if in_combos[s]:  # the cards inside a combination count with the combination's charge
                inside = MsgList(tuple(dict.fromkeys(combos[f].parsed.unicode() for f in in_combos[s])))
                steps.append(Step(Msg("ck.charge_chosen_free", card=_name(cards[s]), charge=signed(chosen[s]),
                                      how=how, symbol=s, combos=inside)))
            else:
                steps.append(Step(Msg("ck.charge_chosen", card=_name(cards[s]), charge=signed(chosen[s]), how=how)))
    terms = _terms(free_items, staged_combos, chosen)
    equation = balance_equation(terms)
    steps.append(Step(Msg("ck.balance"), equation))
    if not equation.balanced:  # SymPy has the last word on the balance (cached per compound)
        return _refuse("ck.unbalanced", steps)
    part = find_zero_part(terms)
    if part is not None:
        name = compound_formula([(label, n, next(t.charge for t in terms if t.label == label)) for label, n in part])
        return _refuse("ck.divisible", steps, part=name)
    steps.append(Step(Msg("ck.not_divisible")))

    points = 0
    point_terms: list[str] = []
    for s, n in free_items:
        points += n * cards[s].points
        point_terms.append(f"{n}·{cards[s].points}" if n > 1 else str(cards[s].points))
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
        points += combo.points
        point_terms.append(str(combo.points))
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
    formula = compound_formula([(t.label, t.count, t.charge) for t in terms])
    counts = Counter(free)
    for f, _, _ in staged_combos:
        counts.update(combos[f].parsed.counts)
    steps.append(Step(Msg("ck.molar_mass", formula=formula, mass=f"{molar_mass(dict(counts)):.2f}")))
    steps.append(Step(Msg("ck.points_sum", sum=" + ".join(point_terms), points=points)))
    return Verdict(True, Msg("ck.ok_compound", formula=formula), tuple(steps), points, formula, dict(chosen),
                   radioactive, "ck.compound")


__all__ = ["Compound", "Stage", "StagedCombination", "Verdict", "judge", "stage_key", "stage_terms", "card_order", "compound_formula", "payment_fits", "PROTO"]
