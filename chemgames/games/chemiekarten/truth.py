"""The chemistry beside the game's verdict: what the laid cards really are.

The sheet decides what may be laid (``compound.judge``); this module says what it is, in steps of
the same explanation: a known substance with its name and the oxidation numbers chemists assign,
or a set of cards our reference does not know ("not known to the reference", never "impossible").
A refused set of cards that is a real substance says so, and why the cards cannot build it here.
Every sentence is built from the move and the reference (``reference.identify``), not canned.

>>> ox_text(Fraction(8, 3)), ox_text(Fraction(-2))
('+8/3', '−2')
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any, Sequence

from ...chemistry.balance import signed
from ...core.explanation import Msg, MsgList, Step, Text
from .cards import CardKind, card_set, combinations
from .reference import Identity, elements_in, identify, textbook

Units = Sequence[tuple[str, int]]  # (element symbol or combination formula, count)


def ox_text(q: Fraction) -> str:
    """An oxidation number as it is written: ``+3``, ``−2``, ``+8/3``."""
    if q.denominator == 1:
        return signed(int(q))
    return ("+" if q > 0 else "−") + f"{abs(q.numerator)}/{q.denominator}"


def atom_counts(free: Units, combos: Units) -> tuple[tuple[str, int], ...]:
    """Every atom of the compound: the free cards and the atoms of its combinations."""
    counts: Counter[str] = Counter(dict(free))
    table = combinations()
    for f, n in combos:
        for e, k in table[f].parsed.counts.items():
            counts[e] += n * k
    return tuple(sorted(counts.items()))


def identity_of(free: Units, combos: Units) -> Identity:
    return identify(atom_counts(free, combos))


def formula_of(identity: Identity, units: Units) -> str:
    """The formula a student reads: the known substance's, else the textbook form of the units."""
    if identity.known:
        return identity.formula
    free = tuple((s, n) for s, n in units if s in card_set())
    return textbook(tuple(units), atom_counts(free, tuple((f, n) for f, n in units if f not in card_set())))


def preferred_charges(identity: Identity, free: Units) -> dict[str, int]:
    """For each free element, the oxidation number chemists assign it in this substance, where it is
    a whole number printed on the card: the engine tries it first (the sheet allows any charge that
    balances; this one is also true)."""
    cards = card_set()
    out = {}
    for s, _ in free:
        q = identity.oxidation_of(s)
        if q is not None and q.denominator == 1 and int(q) in cards[s].charges:
            out[s] = int(q)
    return out


def _card(kind: CardKind) -> Msg:
    return Msg("ck.card_label", symbol=kind.symbol, name=kind.name)


def _name(identity: Identity) -> Msg | Text | None:
    if identity.name and identity.trivial and identity.trivial != identity.name:
        return Msg("ck.name_with_trivial", name=identity.name, trivial=identity.trivial)
    return identity.name or identity.trivial


def _ox_list(identity: Identity) -> MsgList:
    average = dict(identity.average)
    order = elements_in(identity.formula)
    items = []
    for e, q in sorted(identity.oxidation, key=lambda x: order.index(x[0]) if x[0] in order else len(order)):
        if e in average:
            items.append(Msg("ck.ox_average", element=e, value=ox_text(q),
                             states=MsgList(tuple(ox_text(x) for x in average[e]), " / ")))
        else:
            items.append(Msg("ck.ox_item", element=e, value=ox_text(q)))
    return MsgList(tuple(items))


def bonding_steps(identity: Identity) -> list[Step]:
    """One line on the kind of bonding of a known substance (ionic or molecular), decided by the
    reference from the electronegativity difference."""
    if identity.known and identity.bonding in ("ionic", "molecular"):
        return [Step(Msg(f"ck.bonding_{identity.bonding}"))]
    return []


def balance_key(identity: Identity, charges: dict[str, int]) -> str:
    """What the balance adds up: ion charges (an ionic substance), oxidation numbers (a molecule),
    or just the cards' charges (not a known substance, or a card charge that differs from chemistry)."""
    if not identity.known or any(identity.oxidation_of(s) not in (None, q) for s, q in charges.items()):
        return "ck.balance"
    return {"ionic": "ck.balance_ions", "molecular": "ck.balance_oxidation"}.get(identity.bonding or "", "ck.balance")


def label(identity: Identity) -> str:
    return "known" if identity.known else "game_only"


def accepted(identity: Identity, formula_u: str, charges: dict[str, int]) -> tuple[Msg, list[Step]]:
    """The headline of an accepted compound (what it is) and the steps of its chemistry."""
    cards = card_set()
    if not identity.known:
        return Msg("ck.ok_game_only", formula=formula_u), []
    steps = []
    if identity.oxidation:
        steps.append(Step(Msg("ck.oxidation_numbers", formula=formula_u, numbers=_ox_list(identity))))
    for s, q in charges.items():
        real = identity.oxidation_of(s)
        if real is not None and real != q:
            steps.append(Step(Msg("ck.charge_differs", card=_card(cards[s]), charge=signed(q), symbol=s,
                                  formula=formula_u, ox=ox_text(real))))
    name = _name(identity)
    headline = Msg("ck.ok_known", formula=formula_u, name=name) if name else Msg("ck.ok_known_unnamed", formula=formula_u)
    return headline, steps


def table_label(label: str, identity: Identity | None, formula: str) -> dict[str, Any] | None:
    """What the table shows beside a compound: ``kind`` ("known" or "game_only") and its text (a
    Msg or Text; the widget adds a symbol, so colour never carries the meaning alone)."""
    if label == "game_only":
        return {"kind": label, "text": Msg("ck.label_game_only")}
    if label != "known":
        return None
    if identity is None or not identity.known:  # a stable element laid alone
        kind = card_set().get(formula)
        return {"kind": label, "text": Msg("ck.label_element", name=kind.name) if kind else Msg("ck.label_known")}
    return {"kind": label, "text": _name(identity) or Msg("ck.label_known")}


def element_headline(kind: CardKind) -> Msg:
    """A stable element laid alone is the element itself, a real substance."""
    return Msg("ck.ok_element", formula=kind.symbol, name=kind.name)


def refused(identity: Identity, free: Units, rule: str, fixes: dict[str, Any]) -> list[Step]:
    """Why cards that make a real substance cannot build it here (nothing if they make none).

    ``fixes`` holds what the engine found would work: ``"combos"`` (formulas that, laid as
    combinations, give a valid compound), ``"charge"`` ((symbol, charge) the player did not choose).
    """
    if not identity.known:
        return []
    cards = card_set()
    formula_u = identity.unicode
    name = _name(identity)
    steps = [Step(Msg("ck.real_refused", formula=formula_u, name=name) if name
                  else Msg("ck.real_refused_unnamed", formula=formula_u))]
    average = dict(identity.average)
    for s, _ in free:
        real = identity.oxidation_of(s)
        if real is None:
            continue
        if s in average:
            states = MsgList(tuple(ox_text(x) for x in average[s]), " / ")
            steps.append(Step(Msg("ck.real_charge_average", formula=formula_u, symbol=s, ox=ox_text(real),
                                  states=states)))
        elif real.denominator != 1:
            steps.append(Step(Msg("ck.real_charge_fraction", formula=formula_u, symbol=s, ox=ox_text(real))))
        elif int(real) not in cards[s].charges:
            steps.append(Step(Msg("ck.real_charge_missing", formula=formula_u, symbol=s, ox=ox_text(real),
                                  card=_card(cards[s]), charges=", ".join(signed(q) for q in cards[s].charges))))
    if fixes.get("charge"):
        s, q = fixes["charge"]
        steps.append(Step(Msg("ck.real_fixed_charge", card=_card(cards[s]), charge=signed(q))))
    if fixes.get("combos"):
        table = combinations()
        names = MsgList(tuple(table[f].parsed.unicode() for f in fixes["combos"]))
        defining = MsgList(tuple(dict.fromkeys(_card(cards[table[f].defining]) for f in fixes["combos"])))
        steps.append(Step(Msg("ck.real_needs_combo", combos=names, card=defining)))
    if rule == "ck.divisible":
        steps.append(Step(Msg("ck.real_divisible")))
    return steps


__all__ = ["accepted", "atom_counts", "balance_key", "bonding_steps", "element_headline", "formula_of", "identity_of", "label",
           "ox_text", "preferred_charges", "refused", "table_label"]
