"""What a refused attempt says about the student's thinking, read from the refusal's rule key and
the numbers it named (:func:`chemgames.record.events.facts_of`).

- ``ck.unbalanced``: the charges of the cards laid do not add up to zero. For each card kind (and
  each printed charge of a card that has several) the charge that *would* have balanced is worked
  out; the mistake is the kind whose needed charge is closest to a printed one, the anion on a tie:
  NaO reads "O counted as −1", and so does AuO (Au +1 printed beside +3).
  A card is never read as counted with the other sign (Bi as −2 beside Ba) nor a noble gas as charged: a build of one
  sign only (Ba + Bi, Ba + Ar) reads "only positive charges laid" (``ck.one_sign_plus``, ``ck.one_sign_minus``).
- ``ck.divisible``: a divisible build (a part, maybe a lone element, would be valid on its own).
- ``ra.no_pair``: the only common divisors were forbidden (the ban overlooked), or the numbers had
  none (gcd 1) and the colours differed, or a forbidden card (it pairs only with one of its kind) or
  the wish card (swapped, never paired) was taken into the pair.
- ``cx.wrong_layout``: the cards of a compound in another order than its card shows.
- any other refusal: its rule.

>>> terms = [["Na", 1, 1], ["O", 1, -2]]
>>> ev = {"game": "chemiekarten", "rule": "ck.unbalanced", "facts": {"steps": [{"key": "ck.balance", "terms": terms}]}}
>>> m = mistake_of(ev)
>>> m.key, m.concept, m.params["symbol"], m.params["charge"], m.params["attempt"], m.params["right"]
('ck.charge_as:O:-1', 'oxidationszahl_o', 'O', '−1', 'NaO', 'Na₂O')
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product
from math import gcd
from typing import Any

from ..chemistry.balance import signed
from ..games.chemiekarten.cards import card_set
from .concepts import concepts

_SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
_COMBO = re.compile(r"^\[(.*)\]\d*[+-]$")


@dataclass(frozen=True)
class Mistake:
    """A kind of mistake (``key``), its concept, and the numbers of this instance."""

    key: str
    kind: str  # the misconception's entry in concepts.json, or the rule key
    concept: str
    params: dict[str, Any] = field(default_factory=dict)


def unit_text(label: str, n: int) -> str:
    """A card or a combination with its count, as a formula writes it: ``Na₂``, ``(SO₄)₃``.

    >>> unit_text("Na", 2), unit_text("[SO4]2-", 3), unit_text("O", 1)
    ('Na₂', '(SO₄)₃', 'O')
    """
    m = _COMBO.match(label)
    body = f"({m.group(1).translate(_SUB)})" if m else label
    if m and n == 1:
        body = m.group(1).translate(_SUB)
    return body + (str(n).translate(_SUB) if n > 1 else "")


def _formula(units: list[tuple[str, int]]) -> str:
    return "".join(unit_text(label, n) for label, n in units if n)


def _terms(facts: dict[str, Any]) -> list[list[Any]]:
    found = [s["terms"] for s in facts.get("steps", []) if s.get("terms")]
    return found[0] if found else []  # the balance of the cards laid (suggestions after it may have their own)


def _readings(terms: list[list[Any]]) -> list[list[list[Any]]]:
    """The balances the student may have meant: every choice of charge for the cards that print
    several (the engine shows one of them; the student may have counted another)."""
    cards = card_set()
    options = [[q] if label not in cards or len(cards[label].charges) < 2 else list(cards[label].charges)
               for label, _, q in terms]
    return [[[t[0], t[1], q] for t, q in zip(terms, choice)] for choice in product(*options)]


def _charge_as(ev: dict[str, Any]) -> Mistake | None:
    laid = _terms(ev.get("facts") or {})
    if not laid:
        return None
    readings = _readings(laid)
    # (distance from the printed charge, smaller needed charge, no real substance as the right build, anion first,
    # index, needed, reading): AuO reads "O as −1" (right Au₂O) before "O as −3" (right Au₂O₃, real), the class's
    # misconception before a number nobody counts O with; CaOH still reads "Ca as +1" (right Ca(OH)₂), a tie in size
    best = None
    for terms in readings:
        total = sum(n * q for _, n, q in terms)
        for i, (label, n, q) in enumerate(terms):
            needed = Fraction(-(total - n * q), n)
            if needed.denominator != 1 or needed == q or needed * q <= 0:
                continue  # a card counted with the other sign, or a noble gas (0) with a charge, is no miscount
            candidate = (abs(needed - q), abs(needed), _real_build(_right_units(terms, i)) is None, q > 0, i,
                         int(needed), terms)
            if best is None or candidate[:6] < best[:6]:
                best = candidate
    if best is None:
        return _one_sign(laid, readings)
    chosen, terms = best[3:6], best[6]
    _, i, need = chosen
    label, n, q = terms[i]
    units = _right_units(terms, i)
    right = (_real_build(units) or _formula(units)) if units else None  # Ca(OH)₂ as books write it, where it is real
    reading = {t[0]: (need if j == i else t[2]) for j, t in enumerate(terms)}
    real = real_reading({t[0]: t[1] for t in terms}, reading)
    c = concepts("chemiekarten")
    spec = c.misconceptions["ck.charge_as"]
    by_symbol = spec.get("concept_by_symbol", {})
    concept = by_symbol.get("[" if label.startswith("[") else label, spec["concept"])
    shown = unit_text(label, 1)
    return Mistake(f"ck.charge_as:{label}:{need}", "ck.charge_as", concept,
                   {"symbol": shown, "charge": signed(need), "attempt": _formula([(t[0], t[1]) for t in terms]),
                    "right": right or "–", **({"real": real[0], "real_ox": real[1],
                                                "card": ", ".join(signed(x) for x in card_set()[label].charges)}
                                               if real and label in card_set() else {})})


def _right_units(terms: list[list[Any]], i: int) -> list[tuple[str, int]]:
    """The build that balances with card ``i`` at its printed charge and the other cards' charges of this reading:
    b·rest + a·q = 0 with a and b smallest; ``[]`` where the rest has the card's own sign (no count balances).

    >>> _right_units([["Na", 1, 1], ["O", 1, -2]], 1), _right_units([["Ca", 1, 2], ["O", 1, -2], ["H", 1, 1]], 0)
    ([('Na', 2), ('O', 1)], [('Ca', 1), ('O', 2), ('H', 2)])
    """
    total = sum(n * q for _, n, q in terms)
    q = terms[i][2]
    rest = total - terms[i][1] * q
    if not rest or not q or (rest > 0) == (q > 0):
        return []
    ratio = Fraction(-rest, q)
    counts = [ratio.numerator if j == i else t[1] * ratio.denominator for j, t in enumerate(terms)]
    k = 0
    for x in counts:
        k = gcd(k, x)
    return [(t[0], x // k) for t, x in zip(terms, counts)]


def _real_build(units: list[tuple[str, int]]) -> str | None:
    """The formula of the substance that exists (the reference's label) with the atoms of the element cards
    ``units``, as books write it; ``None`` where there is none. A reading whose right
    build is one is what a teacher would correct to: CaOH counted with H +1 reads "Ca counted as +1", right Ca(OH)₂,
    not "O counted as −1" with H as hydride −1, right Ca₂OH₂, which is no substance (s22b). Combination cards are not
    looked up (``None``), so they keep the older order.

    >>> _real_build([("Ca", 1), ("O", 2), ("H", 2)]), _real_build([("Ca", 2), ("O", 1), ("H", 2)]), _real_build([])
    ('Ca(OH)₂', None, None)
    """
    from ..chemistry.substances import reference_key, substance

    if not units or any(label not in card_set() for label, _ in units):
        return None
    atoms: dict[str, int] = {}
    for label, n in units:
        atoms[label] = atoms.get(label, 0) + n
    s = substance(reference_key(atoms))
    return s.unicode if s.label == "exists" else None


def _one_sign(laid: list[list[Any]], readings: list[list[list[Any]]]) -> Mistake | None:
    """A build whose cards carry charges of one sign only, in every reading (Ba + Bi, Ba + Ar: two cations, or a
    cation and a noble gas's 0): no count of one card makes the sum zero, the build lacks a partner of the other sign.

    >>> laid = [["Ba", 1, 2], ["Ar", 1, 0]]
    >>> m = _one_sign(laid, _readings(laid))
    >>> m.key, m.params["attempt"], m.params["charges"]
    ('ck.one_sign:+', 'BaAr', 'Ba +2, Ar 0')
    """
    for sign, same in (("+", lambda q: q >= 0), ("-", lambda q: q <= 0)):
        if readings and all(all(same(q) for _, _, q in terms) for terms in readings):
            kind = "ck.one_sign_plus" if sign == "+" else "ck.one_sign_minus"
            return Mistake(f"ck.one_sign:{sign}", kind, "ladungsausgleich",
                           {"attempt": _formula([(t[0], t[1]) for t in laid]),
                            "charges": ", ".join(f"{unit_text(t[0], 1)} {signed(t[2])}" for t in laid)})
    return None


def real_reading(counts: dict[str, int], reading: dict[str, int]) -> tuple[str, str] | None:
    """The real substance a refused build was counted as, with ``""``, or the real substance of exactly the build's
    composition with its own numbers where the charges counted are not its numbers; None where neither is real.

    A student who lays Na + O and counts O as −1 has counted as chemists do in sodium peroxide Na₂O₂ (O −1); a class
    report that calls this only "O counted as −1" would call a real peroxide a mistake. The build's composition or a
    whole multiple of it (k = 1…4: HO is half of H₂O₂) is looked up in the reference; only a substance that exists is
    named, the smaller multiple first: a short-lived radical (OH, CaOH with Ca +1) is no example to a class, as the
    game never names one for a build half done (review25e M7; s22b). K + 2 O counted as K +4 is
    potassium superoxide KO₂, whose numbers are K +1 and O −½. Only element cards: a combination card's charge is its
    ion's.

    >>> real_reading({"Na": 1, "O": 1}, {"Na": 1, "O": -1}), real_reading({"H": 1, "O": 1}, {"H": 1, "O": -1})
    (('Na₂O₂', ''), ('H₂O₂', ''))
    >>> real_reading({"Al": 1, "O": 3}, {"Al": 3, "O": -1}) is None, real_reading({"K": 1, "O": 2}, {"K": 4, "O": -2})
    (True, ('KO₂', 'K +1, O −1/2'))
    >>> real_reading({"Ca": 1, "O": 1, "H": 1}, {"Ca": 1, "O": -2, "H": 1}) is None  # the radical CaOH is short-lived
    True
    """
    from ..chemistry.substances import reference_key, substance
    from ..games.chemiekarten.truth import ox_text

    if any(label.startswith("[") or label not in card_set() for label in counts):
        return None
    found = []
    for k in range(1, 5):
        s = substance(reference_key({e: n * k for e, n in counts.items()}))
        ox = s.oxidation_states
        if s.label == "exists" and ox is not None and set(ox) == set(reading) and all(ox[e] == q for e, q in reading.items()):
            found.append((k, s.unicode))
    if found:
        return min(found)[1], ""
    s = substance(reference_key(counts))
    if s.label == "exists" and s.oxidation_states:  # the build itself is real (a kept substance, not the radical CaOH)
        return s.unicode, ", ".join(f"{e} {ox_text(s.oxidation_states[e])}" for e in counts if e in s.oxidation_states)
    return None


def _no_pair(ev: dict[str, Any]) -> Mistake | None:
    steps = {s["key"]: s.get("params", {}) for s in (ev.get("facts") or {}).get("steps", [])}
    pair = [(ev.get("facts") or {}).get("params", {}).get(k) for k in ("a", "b")]
    first = next(iter(steps), "")
    if first == "ra.forbidden_alone":  # a forbidden card pairs only with a free one of its kind
        ban = steps[first].get("card")
        other = next((x for x in pair if x != ban), ban)
        return Mistake("ra.ban_paired", "ra.ban_paired", "verbotene_teiler",
                       {"ban": (ban or {}).get("n") if isinstance(ban, dict) else ban, "other": other})
    if first == "ra.wish_never_pairs":  # the wish card is swapped, never paired
        other = next((x for x in pair if x != "ra.card.wish"), "ra.card.wish")
        return Mistake("ra.wish_paired", "ra.wish_paired", "wunschkarte", {"other": other})
    if "ra.ban_leaves_none" in steps:
        p = steps["ra.ban_leaves_none"]
        divisors = steps.get("ra.gcd", {}).get("divisors", p.get("n"))
        return Mistake("ra.ban_ignored", "ra.ban_ignored", "verbotene_teiler",
                       {"n": p.get("n"), "a": p.get("a"), "b": p.get("b"), "divisors": divisors})
    if "ra.gcd_one" in steps and "ra.other_colours" in steps:
        p = steps["ra.gcd_one"]
        return Mistake("ra.coprime", "ra.coprime", "gemeinsamer_teiler", {"a": p.get("a"), "b": p.get("b")})
    return None


def _wrong_layout(ev: dict[str, Any]) -> Mistake | None:
    p = (ev.get("facts") or {}).get("params", {})
    return Mistake("cx.wrong_layout", "cx.wrong_layout", "formel_lesen",
                   {"cards": p.get("cards", ""), "formula": str(p.get("formula", "")).translate(_SUB)})


def _divisible(ev: dict[str, Any]) -> Mistake | None:
    facts = ev.get("facts") or {}
    terms = _terms(facts)
    return Mistake("ck.divisible", "ck.divisible", "kleinste_einheit",
                   {"part": facts.get("params", {}).get("part", ""), "attempt": _formula([(t[0], t[1]) for t in terms])})


def _no_fit(ev: dict[str, Any]) -> Mistake | None:
    """Chemuno's refused card: after a noble gas only its wished element counts (the card may share
    much with the gas's card below); otherwise the card shares nothing with the top card."""
    steps = (ev.get("facts") or {}).get("steps", [])
    first = steps[0] if steps else {}
    if first.get("key") == "cu.wish_missing":
        return Mistake("cu.wish_ignored", "cu.wish_ignored", "edelgas_wunsch", dict(first.get("params") or {}))
    return None  # the rule's own reading (cu.fit in concepts.json)


_READERS = {"ck.unbalanced": _charge_as, "ck.divisible": _divisible, "ra.no_pair": _no_pair,
            "cx.wrong_layout": _wrong_layout, "cu.fit": _no_fit}


def mistake_of(ev: dict[str, Any]) -> Mistake | None:
    """The mistake a refused attempt shows (``None`` for a rule of the game's procedure)."""
    rule = ev.get("rule") or ""
    c = concepts(ev["game"])
    concept = c.of_rule(rule)
    if concept is None:
        return None
    reader = _READERS.get(rule)
    found = reader(ev) if reader is not None else None
    if found is not None:
        return found
    # the refusal's own numbers: a rule's misconception in concepts.json (Chemuno's cu.fit) names them
    params = (ev.get("facts") or {}).get("params")
    return Mistake(rule, rule, concept, dict(params) if isinstance(params, dict) else {})
