"""Compounds of Das Chemie-Kartenspiel: the cards being prepared (``Stage``), the compounds laid on
the table (``Compound``), and the check of a compound against the rules (``judge``).

The check follows the rule sheet in order: cards chosen; a single card only if stable; a charge
per element kind; the total charge zero (SymPy equation); not divisible (Beispiel 2);
combinations laid as printed, Protomaterie within its limits; artificial elements paid.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Sequence

from ...chemistry import ChargeTerm, balance_equation, balancing_charges, find_zero_part, format_formula
from ...chemistry.balance import signed
from ...chemistry.masses import molar_mass_line
from ...core.explanation import Msg, MsgList, Step
from .cards import PROTO, CardKind, card_set, combinations


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
    ordered = sorted(units, key=lambda u: (u[2] <= 0, u[2] == 0))
    return format_formula([(label, n) for label, n, _ in ordered])


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


def stage_terms(stage: Stage, kinds: Sequence[str], charges: dict[str, int]) -> tuple[ChargeTerm, ...]:
    """The charge terms of the staged cards and combinations: ``count · charge`` per element kind
    (``charges``, else the card's first charge) and per combination (its printed charge)."""
    cards = card_set()
    combos = combinations()
    free = Counter(kinds[i] for i in stage.free)
    return tuple([ChargeTerm(s, n, charges.get(s, cards[s].charges[0])) for s, n in free.items()] +
                 [ChargeTerm(f, n, combos[f].charge) for f, n in Counter(c.formula for c in stage.combos).items()])


def judge(stage: Stage, kinds: Sequence[str]) -> Verdict:
    """Check the staged compound; every step of the reasoning goes into the verdict."""
    cards = card_set()
    combos = combinations()
    steps: list[Step] = []
    if not stage.free and not stage.combos:
        return _refuse("ck.no_cards", steps)
    free = Counter(kinds[i] for i in stage.free)
    units_text = [Msg("ck.n_cards", n=n, card=_name(cards[s])) for s, n in free.items()]
    for c in stage.combos:
        units_text.append(Msg("ck.combo_unit", formula=combos[c.formula].parsed.unicode()))
    steps.append(Step(Msg("ck.cards_laid", cards=MsgList(tuple(units_text), " + "))))

    # a single card: only stable elements stand alone
    if not stage.combos and sum(free.values()) == 1:
        (symbol,) = free
        kind = cards[symbol]
        if kind.stable:
            steps.append(Step(Msg("ck.stable_alone", card=_name(kind))))
            return Verdict(True, Msg("ck.ok_compound", formula=symbol), tuple(steps), kind.points, symbol,
                           {symbol: kind.charges[0]}, int(kind.radioactive), "ck.stable")
        return _refuse("ck.not_stable", steps, card=_name(kind))

    combo_charge = sum(combos[c.formula].charge for c in stage.combos)
    options = {s: cards[s].charges for s in free}
    fixed = {s: q for s, q in stage.charges.items() if s in free}
    # of the charge choices that balance, the first that is not divisible (else the first at all)
    balancing = list(balancing_charges(free, options, fixed, combo_charge))
    chosen = next((c for c in balancing if find_zero_part(stage_terms(stage, kinds, c)) is None),
                  balancing[0] if balancing else None)
    if chosen is None:
        steps.append(Step(Msg("ck.balance"), balance_equation(stage_terms(stage, kinds, fixed))))
        if any(len(options[s]) > 1 and s not in fixed for s in free):
            steps.append(Step(Msg("ck.no_charge_choice_helps")))
        return _refuse("ck.unbalanced", steps)
    for s in free:
        if len(options[s]) > 1:
            steps.append(Step(Msg("ck.charge_chosen", card=_name(cards[s]), charge=signed(chosen[s]),
                                  how=Msg("ck.by_player" if s in fixed else "ck.by_engine"))))
    terms = stage_terms(stage, kinds, chosen)
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
    for s, n in free.items():
        points += n * cards[s].points
        point_terms.append(f"{n}·{cards[s].points}" if n > 1 else str(cards[s].points))
    for c in stage.combos:
        combo = combos[c.formula]
        parts = Counter(kinds[i] for i in c.cards)
        used = MsgList(tuple(Msg("ck.n_cards", n=n, card=_name(cards[s])) for s, n in parts.items()), " + ")
        if c.protos:
            steps.append(Step(Msg("ck.combo_with_proto", formula=combo.parsed.unicode(), cards=used,
                                  proto=len(c.protos), points=combo.points)))
        else:
            steps.append(Step(Msg("ck.combo_used", formula=combo.parsed.unicode(), cards=used, points=combo.points)))
        points += combo.points
        point_terms.append(str(combo.points))
    real = list(stage.free) + [i for c in stage.combos for i in c.cards]
    prices = [cards[kinds[i]].points for i in real if cards[kinds[i]].artificial]
    paid = [cards[kinds[i]].points for i in stage.payment]
    if prices or paid:
        if not payment_fits(prices, paid):
            return _refuse("ck.unpaid", steps, prices=" + ".join(map(str, prices)) or "0",
                           paid=" + ".join(map(str, paid)) or "0")
        steps.append(Step(Msg("ck.paid", prices=" + ".join(map(str, prices)), paid=" + ".join(map(str, paid)))))
    radioactive = sum(1 for i in real if cards[kinds[i]].radioactive)
    shields = sum(1 for i in real if cards[kinds[i]].black_border)
    if shields:
        steps.append(Step(Msg("ck.shields", n=shields)))
    if stage.protect is not None:
        steps.append(Step(Msg("ck.proto_protect")))
    if radioactive:
        steps.append(Step(Msg("ck.radioactive", n=radioactive)))
    formula = compound_formula([(t.label, t.count, t.charge) for t in terms])
    counts = Counter({s: n for s, n in free.items()})
    for c in stage.combos:
        counts.update(combos[c.formula].parsed.counts)
    steps.append(Step(Msg("ck.molar_mass", formula=formula), molar_mass_line(dict(counts))))
    steps.append(Step(Msg("ck.points_sum", sum=" + ".join(point_terms), points=points)))
    return Verdict(True, Msg("ck.ok_compound", formula=formula), tuple(steps), points, formula, chosen,
                   radioactive, "ck.compound")


__all__ = ["Compound", "Stage", "StagedCombination", "Verdict", "judge", "stage_terms", "compound_formula", "payment_fits", "PROTO"]
