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

import math
import re

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from typing import Any, NamedTuple, Sequence

from ...chemistry import parse_formula
from ...chemistry.balance import ChargeTerm, balance_equation, signed
from ...chemistry.group_isomers import GroupIsomer, group_isomer
from ...core.errors import Error
from ...core.explanation import AndList, Msg, MsgList, Step, Text
from ...core.i18n import minus
from ...core.i18n import Num, keys
from .cards import CardKind, card_set, combinations
from .reference import Identity, elements_in, identify, textbook, unicode

Units = Sequence[tuple[str, int]]  # (element symbol or combination formula, count)
_ASCII = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")  # a formula as shown -> as parsed


def ox_text(q: Fraction) -> str:
    """An oxidation number as it is written: ``+3``, ``−2``, ``+8/3``."""
    if q.denominator == 1:
        return signed(int(q))
    return f"{minus(q.numerator, plus=True)}/{q.denominator}"


def atom_counts(free: Units, combos: Units) -> tuple[tuple[str, int], ...]:
    """Every atom of the compound: the free cards and the atoms of its combinations."""
    counts: Counter[str] = Counter(dict(free))
    table = combinations()
    for f, n in combos:
        for e, k in table[f].parsed.counts.items():
            counts[e] += n * k
    return tuple(sorted(counts.items()))


def identity_of(free: Units, combos: Units) -> Identity:
    """The substance the cards make. Mercury(I) is never a single Hg⁺ ion but the pair Hg₂²⁺: cards
    with one Hg atom that the reference does not know are looked up with every atom twice, and
    are that substance when mercury is +1 in it (Hg + Cl is half a formula unit of calomel Hg₂Cl₂).

    >>> identity_of((("Hg", 1), ("Cl", 1)), ()).formula
    'Hg2Cl2'
    """
    counts = atom_counts(free, combos)
    found = identify(counts)
    if not found.known and dict(counts).get("Hg", 0) % 2:
        pair = identify(tuple((e, 2 * n) for e, n in counts))
        if pair.known and pair.oxidation_of("Hg") == 1:
            return pair
    return found


def formula_units(formula: str, units: Units) -> int:
    """How many sets of the cards one formula unit of ``formula`` holds: 2 for mercury(I) built of
    half its atoms (Hg₂Cl₂ from Hg + Cl, see :func:`identity_of` and :func:`formula_of`), 3 for the
    ring molecule (NPCl₂)₃ built of one unit NPCl₂ (``substances.oligomer_of``), else 1.

    >>> formula_units("Hg2Cl2", (("Hg", 1), ("Cl", 1))), formula_units("Hg2Cl2", (("Hg", 2), ("Cl", 2)))
    (2, 1)
    >>> formula_units("(NPCl2)3", (("N", 1), ("P", 1), ("Cl", 2)))
    3
    """
    cards = card_set()
    counts = dict(atom_counts(tuple((s, n) for s, n in units if s in cards), tuple((f, n) for f, n in units if f not in cards)))
    if not counts:
        return 1
    whole = parse_formula(formula).counts
    if "Hg" not in counts:
        ring = oligomer(counts)
        return ring[1] if ring is not None and ring[0] == dict(whole) else 1
    return max(1, int(whole.get("Hg", 0)) // counts["Hg"])


def oligomer(counts: dict[str, int]) -> tuple[dict[str, int], int, str] | None:
    """The molecule ``counts`` is a repeating unit of (``substances.oligomer_of``), ``None`` without a reference.

    >>> oligomer({"N": 1, "P": 1, "Cl": 2})[1:]
    (3, 'ring')
    """
    try:
        from ...chemistry.substances import oligomer_of
    except ImportError:  # no reference installed: no unit is known
        return None
    return oligomer_of(counts)


class Ring(NamedTuple):
    """One unit of a ring molecule: the unit as the formula writes it, the units in a ring, and the temperature (°C, in
    vacuum) at which the source makes the monomer as a gas from the ring (0: the monomer is not known)."""

    unit: str
    n: int
    monomer_gas_c: int = 0


def ring_unit(formula: str, units: Units) -> Ring | None:
    """The unit and the number of units when ``formula`` is the ring molecule the reference makes of the cards
    (``substances.oligomer_of``: (NPCl₂)₃ of NPCl₂), else ``None``. Only the oligomer table says so: a formula
    that merely starts and ends with brackets, as the mercury(I) salt (NH₄)₂Hg₂(SO₄)₂, is no ring (review s17f, H1).

    >>> ring_unit("(NPCl₂)₃", (("N", 1), ("P", 1), ("Cl", 2)))
    Ring(unit='NPCl₂', n=3, monomer_gas_c=0)
    >>> ring_unit("(NSCl)₃", (("N", 1), ("S", 1), ("Cl", 1)))
    Ring(unit='NSCl', n=3, monomer_gas_c=100)
    >>> ring_unit("(NH₄)₂Hg₂(SO₄)₂", (("[NH4]+", 1), ("Hg", 1), ("[SO4]2-", 1))) is None
    True
    """
    cards = card_set()
    counts = dict(atom_counts(tuple((s, n) for s, n in units if s in cards), tuple((f, n) for f, n in units if f not in cards)))
    ring = oligomer(counts) if counts else None
    if ring is None or ring[2] != "ring":
        return None
    n = ring[1]
    unit = formula[1:formula.rfind(")")] if formula.startswith("(") else ""
    if formula != f"({unit}){n}".translate(str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")) and formula != f"({unit}){n}":
        return None
    if dict(parse_formula(unit.translate(_ASCII)).counts) != counts:
        return None
    from ...chemistry.substances import oligomer_monomer_gas

    return Ring(unit, n, oligomer_monomer_gas(counts))


#: "not asked yet": ``accepted`` and ``ring_units`` ask :func:`ring_unit` only where the caller has not (compound.judge has)
_NOT_ASKED: Any = object()


def ring_units(formula_u: str, units: Units, ring: Ring | None = _NOT_ASKED) -> list[Step]:
    """The sentence on a build that is one unit of a ring molecule (``ring``, :func:`ring_unit` of the build, asked here
    when not given): NPCl₂ of (NPCl₂)₃ does not exist alone; NSCl of (NSCl)₃ does, as a gas the ring gives on heating
    (review s17f, High 8). The molar mass of both follows (``compound.judge``). Empty for any other build.

    >>> [s.msg.render("en") for s in ring_units("(NPCl₂)₃", (("N", 1), ("P", 1), ("Cl", 2)))]
    ['NPCl₂ does not exist on its own: the substance is made of ring molecules (NPCl₂)₃, each a ring of 3 units NPCl₂; these cards are one unit']
    >>> [s.msg.render("de") for s in ring_units("(NSCl)₃", (("N", 1), ("S", 1), ("Cl", 1)))]
    ['Der feste Stoff besteht aus Ringmolekülen (NSCl)₃, je ein Ring aus 3 Einheiten NSCl; diese Karten sind eine Einheit. Einzelne NSCl-Moleküle gibt es auch: erhitzt man (NSCl)₃ im Vakuum auf 100 °C, zerfällt es in NSCl, ein grünes Gas']
    >>> ring_units("(NH₄)₂Hg₂(SO₄)₂", (("[NH4]+", 1), ("Hg", 1), ("[SO4]2-", 1)))
    []
    """
    if ring is _NOT_ASKED:
        ring = ring_unit(formula_u, units)
    if ring is None:
        return []
    unit = unicode(ring.unit.translate(_ASCII))
    if ring.monomer_gas_c:
        return [Step(Msg("ck.ring_units_monomer_gas", formula=formula_u, unit=unit, n=ring.n,
                         temperature=Num(ring.monomer_gas_c)))]
    return [Step(Msg("ck.ring_units", formula=formula_u, unit=unit, n=ring.n))]


def formula_of(identity: Identity, units: Units, charges: dict[str, int] | None = None) -> str:
    """The formula a student reads: the known substance's, else (or when the cards build another
    substance of the same composition, see :func:`differing`) the textbook form of the units.
    Mercury with the charge +1 is the ion Hg₂²⁺: an odd number of such Hg cards is written as the
    formula unit of twice the cards.

    >>> formula_of(identity_of((("Hg", 1),), (("[ClO]-", 1),)), (("Hg", 1), ("[ClO]-", 1)), {"Hg": 1})
    'Hg2(ClO)2'
    """
    if identity.known and not (charges is not None and differing(identity, units, charges)):
        return identity.formula
    free = tuple((s, n) for s, n in units if s in card_set())
    given = tuple(sorted((s, q) for s, q in (charges or {}).items() if s in dict(free)))
    if dict(given).get("Hg") == 1 and dict(free).get("Hg", 0) % 2:
        units = tuple((u, 2 * n) for u, n in units)
        free = tuple((s, 2 * n) for s, n in free)
    return textbook(tuple(units), atom_counts(free, tuple((f, n) for f, n in units if f not in card_set())), given)


@lru_cache(maxsize=None)
def _combo_states(formula: str) -> dict[str, Fraction]:
    """The oxidation numbers in a combination as the reference gives them for it as a group
    (``[ClO]-``: Cl +1, O −2; ``SO3``: S +6), empty where it has none."""
    combo = combinations()[formula]
    ident = identify(tuple(sorted(combo.parsed.counts.items())), combo.charge)
    return dict(ident.oxidation) if ident.known else _oxo_states(formula)


def _oxo_states(formula: str) -> dict[str, Fraction]:
    """The numbers of a combination of one element with oxygen that the reference has no record for as a group: O −2,
    the element what balances the group's charge (the oxide rule of the IUPAC definition of the oxidation state,
    Karen, McArdle & Takats, Pure Appl. Chem. 88 (2016) 831). The game's [BiO]⁺ (no such ion in any solid, s18c)
    has Bi +3, as in every bismuth oxo salt; without these numbers a build with it could never be another substance
    (review s21c: O + [BiO]⁺ + [H₃O]⁺ was called bismuth(III) hydroxide, which holds no H₃O group). Empty for any
    other combination without a record.

    >>> _oxo_states("[BiO]+") == {"Bi": 3, "O": -2}
    True
    """
    combo = combinations()[formula]
    counts = dict(combo.parsed.counts)
    others = [e for e in counts if e != "O"]
    if "O" not in counts or len(others) != 1:
        return {}
    (e,) = others
    return {e: Fraction(combo.charge + 2 * counts["O"], counts[e]), "O": Fraction(-2)}


def build_states(units: Units, charges: dict[str, int]) -> dict[str, Fraction] | None:
    """The oxidation numbers the cards claim, per element (the mean over all its atoms): a free
    card counts with its charge in the game, a combination with the numbers of its group. ``None``
    where a combination's numbers are not known.

    >>> build_states((("Cr", 1), ("[ClO]-", 2)), {"Cr": 2}) == {"Cr": 2, "Cl": 1, "O": -2}
    True
    """
    cards = card_set()
    table = combinations()
    total: dict[str, Fraction] = {}
    atoms: Counter[str] = Counter()
    for label, n in units:
        if label in cards:
            q = charges.get(label)
            if q is None:
                return None
            total[label] = total.get(label, Fraction(0)) + n * q
            atoms[label] += n
            continue
        states = _combo_states(label)
        for e, k in table[label].parsed.counts.items():
            if e not in states:
                return None
            total[e] = total.get(e, Fraction(0)) + n * k * states[e]
            atoms[e] += n * k
    return {e: total[e] / atoms[e] for e in total}


def differing(identity: Identity, units: Units, charges: dict[str, int]) -> tuple[tuple[str, Fraction], ...]:
    """Same composition, different substance: when a combination of the cards (a group such as
    ClO⁻, a claim about which atoms belong together) holds an element whose oxidation number in the
    cards' build is not the one in the real substance of this composition, the elements that
    differ (free cards too) with their real numbers, in the order of its formula. Empty when the
    build is the substance, or the reference has no record. Cr + 2 ClO⁻ (Cr +2, Cl +1) is not
    chromyl chloride CrO₂Cl₂ (Cr +6, Cl −1).

    Free cards alone claim no structure: H, H, S with the card charges S +2, H −1 are still the
    atoms of hydrogen sulfide; the explanation then says that the card's charge is not the
    oxidation number (the sheet's cards carry few charges), but the substance is the same.

    >>> i = identify((("Cl", 2), ("Cr", 1), ("O", 2)))
    >>> [(e, int(q)) for e, q in differing(i, (("Cr", 1), ("[ClO]-", 2)), {"Cr": 2})]
    [('Cr', 6), ('Cl', -1)]
    >>> differing(identify((("H", 2), ("S", 1))), (("H", 2), ("S", 1)), {"H": -1, "S": 2})
    ()

    An element on free cards and in a group alike is judged by the group's atoms only (s20d: one rule for
    every build of a real composition): C + 3 H + OH⁻ with the card charges C +4, H −1 is methanol CH₃–OH,
    whose O–H group has the card's numbers; the free cards' charges are the game's, as for H₂S above.

    >>> differing(identify((("C", 1), ("H", 4), ("O", 1))), (("C", 1), ("H", 3), ("[OH]-", 1)), {"C": 4, "H": -1})
    ()
    """
    if not identity.known or not identity.oxidation:
        return ()
    return _differing(identity, tuple(units), tuple(sorted(charges.items())))


@lru_cache(maxsize=8192)
def _differing(identity: Identity, units: tuple[tuple[str, int], ...],
               charges: tuple[tuple[str, int], ...]) -> tuple[tuple[str, Fraction], ...]:
    table = combinations()
    grouped = {e for label, _ in units if label in table for e in table[label].parsed.counts}
    claimed = build_states(units, dict(charges)) if grouped else None
    if claimed is None:
        return ()
    real = dict(identity.oxidation)
    out = [(e, real[e]) for e in claimed if e in real and real[e] != claimed[e]]
    # an element also laid as free cards: the mean mixes the game's charges in, so only its group atoms count
    free = {label for label, _ in units if label not in table}
    claims = group_claims(identity, units, free & grouped)
    only_groups = grouped - set(claims)
    if not any(e in only_groups or claims.get(e) for e, _ in out):
        out = _split_differs(identity, units, dict(charges), only_groups)
    if not any(e in only_groups or claims.get(e) for e, _ in out):
        out = _regrouped(identity, units, real)
    if not any(e in grouped for e, _ in out):
        group = absent_group(identity, units)
        out = [(e, real[e]) for e in table[group].parsed.counts if e in real] if group else []
        if not out:
            return ()
    order = elements_in(identity.formula)
    return tuple(sorted(out, key=lambda x: order.index(x[0]) if x[0] in order else len(order)))


def group_claims(identity: Identity, units: tuple[tuple[str, int], ...], elements: set[str]) -> dict[str, bool]:
    """For each of ``elements`` (laid both as free cards and inside the cards' groups): whether a group gives one
    of its atoms a number that no atom of this element has in the real substance (the group's numbers from the
    reference, ``_combo_atoms``; the real atoms' from the record). The free cards' charges do not count: they are
    the game's numbers, not a claim about the structure (s20d).

    >>> methanol = identify((("C", 1), ("H", 4), ("O", 1)))
    >>> group_claims(methanol, (("C", 1), ("H", 3), ("[OH]-", 1)), {"H"})
    {'H': False}
    """
    table = combinations()
    split = dict(identity.average)
    real = dict(identity.oxidation)
    out: dict[str, bool] = {}
    for e in sorted(elements):
        atoms = set(split.get(e) or (real[e],)) if e in real else set()
        numbers = [q for label, _ in units if label in table for q in _combo_atoms(label).get(e, ())]
        if atoms and numbers:
            out[e] = any(q not in atoms for q in numbers)
    return out


@lru_cache(maxsize=None)
def _combo_atoms(formula: str) -> dict[str, tuple[Fraction, ...]]:
    """The oxidation number of each atom of one combination as the reference gives it (``[NH4]+``:
    N −3, H +1 ×4; a group with atoms of one element in two states keeps both), empty where unknown."""
    combo = combinations()[formula]
    ident = identify(tuple(sorted(combo.parsed.counts.items())), combo.charge)
    if not ident.known:  # [BiO]+: its formal numbers, one per atom
        return {e: (q,) * int(combo.parsed.counts[e]) for e, q in _oxo_states(formula).items()}
    split = dict(ident.average)
    return {e: split.get(e) or (q,) * int(combo.parsed.counts[e]) for e, q in ident.oxidation}


def _shares(values: Sequence[Fraction]) -> dict[Fraction, Fraction]:
    """Which part of an element's atoms has which oxidation number: (+4, −4) -> {+4: 1/2, −4: 1/2}."""
    return {q: Fraction(n, len(values)) for q, n in Counter(values).items()}


def _split_differs(identity: Identity, units: tuple[tuple[str, int], ...], charges: dict[str, int],
                   grouped: set[str]) -> list[tuple[str, Fraction]]:
    """The elements of the cards' groups whose atoms have other numbers than in the real substance,
    though the means agree: CO₂ (C +4) and CH₄ (C −4) average C 0 like acetic acid, whose two C atoms
    are −3 and +3; three CO₂ and three CH₄ are not glucose (C −1, 0 ×4, +1; review25c). Compared as
    the share of the element's atoms at each number, so half a formula unit counts as the whole.

    >>> acid = identify((("C", 2), ("H", 4), ("O", 2)))
    >>> [(e, int(q)) for e, q in _split_differs(acid, (("CO2", 1), ("CH4", 1)), {}, {"C", "H", "O"})]
    [('C', 0)]
    >>> nitrate = identify((("H", 4), ("N", 2), ("O", 3)))
    >>> _split_differs(nitrate, (("[NH4]+", 1), ("[NO3]-", 1)), {}, {"H", "N", "O"})
    []
    """
    claimed = card_atoms(units, charges)
    if claimed is None:
        return []
    real = dict(identity.oxidation)
    split = dict(identity.average)
    out = []
    for e in sorted(grouped):
        if e in real and e in claimed and _shares(claimed[e]) != _shares(split.get(e) or (real[e],)):
            out.append((e, real[e]))
    return out


def card_atoms(units: Units, charges: dict[str, int]) -> dict[str, list[Fraction]] | None:
    """Each element's atoms with the numbers the cards give them: a free card its charge in the game, a group's atoms
    their numbers in the group (:func:`_combo_atoms`); ``None`` where a free card has no charge or a group no numbers.

    >>> {e: sorted(map(int, qs)) for e, qs in card_atoms((("Ca", 1), ("Cl", 1), ("[ClO4]-", 1)), {"Ca": 2, "Cl": -1}).items()}
    {'Ca': [2], 'Cl': [-1, 7], 'O': [-2, -2, -2, -2]}
    """
    cards = card_set()
    claimed: dict[str, list[Fraction]] = {}
    for label, n in units:
        if label in cards:
            if label not in charges:
                return None
            claimed.setdefault(label, []).extend([Fraction(charges[label])] * n)
            continue
        atoms = _combo_atoms(label)
        if not atoms:
            return None
        for e, qs in atoms.items():
            claimed.setdefault(e, []).extend(list(qs) * n)
    return claimed


def same_atoms(identity: Identity, units: Units, charges: dict[str, int]) -> set[str]:
    """The elements whose atoms the cards give the numbers they have in the real substance, atom by atom (as shares:
    half a formula unit counts as the whole). A mean is not enough: Ca + Cl + ClO₄⁻ give Cl −1 and +7, whose mean is
    calcium chlorite's Cl +3, but both Cl atoms of Ca(ClO₂)₂ are +3 (review s23c).

    >>> chlorite = identify((("Ca", 1), ("Cl", 2), ("O", 4)))
    >>> sorted(same_atoms(chlorite, (("Ca", 1), ("Cl", 1), ("[ClO4]-", 1)), {"Ca": 2, "Cl": -1}))
    ['Ca', 'O']
    """
    claimed = card_atoms(units, charges) or {}
    real = dict(identity.oxidation)
    split = dict(identity.average)
    return {e for e, qs in claimed.items() if e in real and _shares(qs) == _shares(split.get(e) or (real[e],))}


def differing_atoms(identity: Identity, diff: Sequence[tuple[str, Fraction]], same: set[str]) -> list[tuple[str, Fraction]]:
    """The real numbers an "other" headline lists: those of every element whose atoms the cards do not all give the
    real number (``same``: :func:`same_atoms`, atom by atom), in the formula's order. An element every card atom of
    which already has it is never listed (review s23c: chlorite's O −2 beside the perchlorate's); an element whose
    free cards count with another charge is (review s24c): Mn + H + BO₃³⁻ with Mn +4, H −1 is not Mn(BO₂)(OH) because
    of Mn (+2) and H (+1), not of the borate's own B +3 and O −2, which :func:`differing` names as the group the real
    formula lacks. ``diff`` (:func:`differing`) is the answer only where every atom has the cards' number.

    >>> salt = identify((("B", 1), ("H", 1), ("Mn", 1), ("O", 3)))
    >>> [(e, int(q)) for e, q in differing_atoms(salt, (("B", Fraction(3)), ("O", Fraction(-2))), {"B", "O"})]
    [('Mn', 2), ('H', 1)]
    >>> [(e, int(q)) for e, q in differing_atoms(salt, (("Mn", Fraction(2)), ("B", Fraction(3))), {"B", "O", "H"})]
    [('Mn', 2)]
    """
    order = elements_in(identity.formula)
    listed = sorted(((e, q) for e, q in identity.oxidation if e not in same),
                    key=lambda x: order.index(x[0]) if x[0] in order else len(order))
    return listed or list(diff)


def _regrouped(identity: Identity, units: tuple[tuple[str, int], ...],
               real: dict[str, Fraction]) -> list[tuple[str, Fraction]]:
    """A salt whose cards claim a polyatomic ion that the real substance does not hold, though every
    number agrees: NH4+ with Mg and N (NH4+, Mg2+, N3-) is not magnesium amide Mg(NH2)2. The elements
    of each such ion with their real numbers; empty when every claimed ion is one of the salt's.

    >>> amide = identify((("H", 4), ("Mg", 1), ("N", 2)))
    >>> amide.formula, [(e, int(q)) for e, q in differing(amide, (("[NH4]+", 1), ("Mg", 1), ("N", 1)), {"Mg": 2, "N": -3})]
    ('Mg(NH2)2', [('N', -3), ('H', 1)])
    >>> differing(identify((("Ca", 1), ("H", 2), ("O", 2))), (("[OH]-", 2), ("Ca", 1)), {"Ca": 2})
    ()
    >>> differing(identify((("O", 3), ("U", 1))), (("[UO2]2+", 1), ("O", 1)), {"O": -2})
    ()
    """
    # only where the real salt's formula shows its polyatomic ions (Mg(NH2)2, Ca(OH)2): a formula without
    # groups (UO3, NaHCO3) makes no claim about them, so the cards' [UO2]2+ with O is not contradicted
    table = combinations()
    out: list[tuple[str, Fraction]] = []
    for label in _groups_not_in_formula(identity, units):
        out += [(e, real[e]) for e in table[label].parsed.counts if e in real and e not in dict(out)]
    return out


def _groups_not_in_formula(identity: Identity, units: Units) -> list[str]:
    """The combinations of the cards (two atoms or more) whose group the real salt's formula does not show, in the
    cards' order: [NH4]+ beside Mg(NH2)2. A formal ion of the game (BiO+, PO3-: ``ions_not_in_solid``) is never one:
    no solid holds it, so none lacks it. Empty for a formula without groups (UO3, NaHCO3), which claims none.

    >>> _groups_not_in_formula(identify((("H", 4), ("Mg", 1), ("N", 2))), (("[NH4]+", 1), ("Mg", 1), ("N", 1)))
    ['[NH4]+']
    >>> _groups_not_in_formula(identify((("Ca", 1), ("H", 2), ("O", 2))), (("[OH]-", 2), ("Ca", 1)))
    []
    """
    if identity.bonding != "ionic" or not re.search(r"[(\[]", identity.formula):
        return []
    from ...chemistry.substances import nomenclature

    formal = nomenclature().get("ions_not_in_solid", {})  # BiO+, PO3-: no solid holds them, so none lacks them
    table = combinations()
    out = []
    for label, _ in units:
        if label not in table or sum(table[label].parsed.counts.values()) < 2:
            continue
        group = re.sub(r"^\[|\]\d*[+-]$", "", label)
        if group not in formal and not re.search(re.escape(group) + r"(?![a-z0-9])", identity.formula):
            out.append(label)
    return out


def absent_group(identity: Identity, units: Units) -> str | None:
    """The first combination of the cards whose group of atoms the real molecule of this composition does
    not hold, though every oxidation number agrees (``Identity.absent_groups``, read from its structure):
    C + N + OH- claim an O-H bond, cyanic acid H-O-C≡N, but the substance of the composition HNCO is
    isocyanic acid H-N=C=O (recheck25c); H3O+ with P and O is no phosphoric acid. None where the real
    substance holds every group of the cards.

    >>> absent_group(identify((("C", 1), ("H", 1), ("N", 1), ("O", 1))), (("C", 1), ("N", 1), ("[OH]-", 1)))
    '[OH]-'
    >>> absent_group(identify((("H", 2), ("O", 4), ("S", 1))), (("H", 2), ("[SO4]2-", 1))) is None
    True
    """
    if not identity.absent_groups:
        return None
    from ...chemistry.substances import reference_key

    table = combinations()
    for label, _ in units:
        combo = table.get(label)
        if combo is not None and reference_key(dict(combo.parsed.counts), combo.charge) in identity.absent_groups:
            return label
    return None


def group_isomer_of(identity: Identity, formula: str) -> GroupIsomer | None:
    """The isomer a source names for a build of ``identity``'s composition whose formula ``formula`` (as the game writes
    it, a card group in parentheses: "CN(OH)") holds a group the known molecule lacks (``identity.absent_groups``):
    cyanic acid H-O-C#N beside isocyanic acid (``chemistry.group_isomers``, review s17f, Medium 3); ``None`` otherwise.

    >>> group_isomer_of(identify((("C", 1), ("H", 1), ("N", 1), ("O", 1))), "CN(OH)").formula
    'HOCN'
    >>> group_isomer_of(identify((("C", 1), ("H", 1), ("N", 1), ("O", 1))), "HNCO") is None
    True
    """
    if not identity.known or not identity.absent_groups:
        return None
    counts = dict(parse_formula(identity.formula).counts)
    shown = formula.translate(_ASCII)
    for group in combinations():
        inner = re.sub(r"^\[|\]\d*[+-]$", "", group)  # "[OH]-" -> "OH": the game writes the card group "(OH)"
        if f"({inner})" in shown:
            row = group_isomer(counts, group)
            if row is not None and not row.numbers:
                return row
    return None


def numbered_isomer(identity: Identity, formula: str, units: Units = ()) -> GroupIsomer | None:
    """The isomer a source names for a build of ``identity``'s composition whose formula ``formula`` shows a card group,
    told apart by the numbers of the group's atoms (``GroupIsomer.numbers``), whatever the free cards' charges: C + 2 H +
    2 OH⁻, "CH₂(OH)₂", is methanediol, whose O is −2 as the card's, not methyl hydroperoxide (O −1; review s23c, H2);
    C + 3 H + HCO₃⁻, "CH₃(HCO₃)", is methyl hydrogen carbonate, whose carbonate C is the card's +4 (review s25d, H1).
    With ``units`` (the build's cards), every atom of every group card must have the isomer's number; ``None`` otherwise.

    >>> peroxide = identify((("C", 1), ("H", 4), ("O", 2)))
    >>> numbered_isomer(peroxide, "CH₂(OH)₂", (("C", 1), ("H", 2), ("[OH]-", 2))).formula
    'CH2(OH)2'
    >>> numbered_isomer(peroxide, "CH₄O₂") is None
    True
    """
    if not identity.known:
        return None
    counts = dict(parse_formula(identity.formula).counts)
    shown = formula.translate(_ASCII)
    table = combinations()
    for group in table:
        inner = re.sub(r"^\[|\]\d*[+-]$", "", group)
        row = group_isomer(counts, group) if f"({inner})" in shown else None
        if row is None or not row.numbers:
            continue
        states = row.states()  # an element whose atoms differ has several (methyl hydrogen carbonate's C −2, +4)
        if all(q in states.get(e, ()) for label, _ in units if label in table
               for e, qs in _combo_atoms(label).items() for q in qs):
            return row
    return None


def isomer_numbers(row: GroupIsomer) -> MsgList:
    """A named isomer's oxidation numbers as every numbers line writes them: an element whose atoms differ as their mean
    with the atoms' own numbers ("C +1 (Mittelwert aus −2 / +4)" in methyl hydrogen carbonate, review s25d).

    >>> from ...chemistry.group_isomers import group_isomer
    >>> isomer_numbers(group_isomer({"C": 2, "H": 4, "O": 3}, "[HCO3]-")).render("de")
    'C +1 (Mittelwert aus −2 / +4), H +1, O −2'
    """
    items = []
    for e, qs in row.states().items():
        if len(qs) == 1:
            items.append(Msg("ck.ox_item", element=e, value=ox_text(Fraction(qs[0]))))
        else:
            items.append(Msg("ck.ox_average", element=e, value=ox_text(Fraction(sum(qs), len(qs))),
                             states=MsgList(tuple(ox_text(Fraction(q)) for q in qs), " / ")))
    return MsgList(tuple(items))


def isomer_differs(identity: Identity, row: GroupIsomer) -> list[tuple[str, Fraction]]:
    """The reference molecule's numbers that differ from the named isomer's, atom by atom (as shares: a mean is not
    enough, glycolic acid's C −1 / +3 have methyl hydrogen carbonate's mean +1 but not its atoms −2 / +4; review s25d).

    >>> from ...chemistry.group_isomers import group_isomer
    >>> glycolic = identify((("C", 2), ("H", 4), ("O", 3)))
    >>> [(e, int(q)) for e, q in isomer_differs(glycolic, group_isomer({"C": 2, "H": 4, "O": 3}, "[HCO3]-"))]
    [('C', 1)]
    """
    states = row.states()
    split = dict(identity.average)
    return [(e, q) for e, q in identity.oxidation
            if e not in states or _shares(split.get(e) or (q,)) != _shares(tuple(Fraction(x) for x in states[e]))]


def isomer_key(base: str, row: GroupIsomer) -> str:
    """The catalog key of a text about a named isomer, by its row's label: ``base`` for one known only briefly,
    ``base_<label>`` for one known in solution or in the cold (``ck.label_other_isomer_cold``)."""
    return base if row.label == "transient" else f"{base}_{row.label}"


def _same_numbers(identity: Identity, units: Units, charges: dict[str, int], group: str | None) -> bool:
    """Every card atom has the reference molecule's number and the cards hold a group it lacks (cyanic acid's OH)."""
    return group is not None and all(
        q == dict(identity.oxidation).get(e) for e, q in (build_states(units, charges) or {}).items())


def named_isomer(identity: Identity, formula: str, units: Units, charges: dict[str, int]) -> GroupIsomer | None:
    """The real isomer an "other" verdict's headline says the cards build (``accepted``): cyanic acid H-O-C#N for
    C + N + OH⁻, methanediol for C + 2 H + 2 OH⁻; ``None`` where the headline names none. The variant "Nur echte
    Stoffe" opens its refusal with it (s24b), so its first line says what the headline says.

    >>> peroxide = identify((("C", 1), ("H", 4), ("O", 2)))
    >>> units = (("C", 1), ("H", 2), ("[OH]-", 2))
    >>> named_isomer(peroxide, "CH₂(OH)₂", units, {"C": 4, "H": -1}).label
    'solution'
    """
    row = group_isomer_of(identity, formula) if _same_numbers(identity, units, charges, absent_group(identity, units)) else None
    return row if row is not None else numbered_isomer(identity, formula, units)


def isomer_text(row: GroupIsomer) -> Msg:
    return Msg("ck.isomer_named", name=row.name, formula=unicode(row.formula))


def free_number(identity: Identity, element: str, units: Units = ()) -> Fraction | None:
    """The oxidation number of ``element``'s atoms on element cards: where the element's atoms differ in the real
    substance and the cards' groups hold some of them, the number the other atoms share (s20d: N + 4 H + NO₃⁻ in
    NH₄NO₃, the nitrate's N is +5, so the N card is the ammonium N, −3); else the substance's number for the element
    (a mean where its atoms differ and no group tells them apart).

    >>> nitrate = identify((("H", 4), ("N", 2), ("O", 3)))
    >>> free_number(nitrate, "N", (("N", 1), ("H", 4), ("[NO3]-", 1))), free_number(nitrate, "N")
    (Fraction(-3, 1), Fraction(1, 1))
    """
    real = identity.oxidation_of(element)
    if real is None or not _held(element, units):
        return real
    rest = _left_to_cards(identity, element, units)
    left = {q for q, k in (rest or {}).items() if k > 0}
    return left.pop() if len(left) == 1 else real


def _held(element: str, units: Units) -> Counter[Fraction]:
    """The numbers of ``element``'s atoms inside the cards' groups (``_combo_atoms``), counted."""
    table = combinations()
    return Counter(q for label, n in units if label in table for q in _combo_atoms(label).get(element, ()) for _ in range(n))


def _left_to_cards(identity: Identity, element: str, units: Units) -> Counter[Fraction] | None:
    """The real numbers of ``element``'s atoms that the cards' groups leave to its element cards, counted: the
    record's atoms (as many formula units as the cards hold) less the groups' atoms. ``None`` where the element's
    atoms do not differ, the cards hold no whole number of formula units of them, or a group gives an atom a number
    the record's atoms lack."""
    split = dict(identity.average).get(element)
    if not split:
        return None
    held = _held(element, units)
    laid = sum(n for label, n in units if label == element) + sum(held.values())
    if laid % len(split):
        return None
    rest = Counter({q: k * (laid // len(split)) for q, k in Counter(split).items()})
    rest.subtract(held)
    return rest if all(k >= 0 for k in rest.values()) else None


def free_atoms(identity: Identity, element: str, units: Units) -> tuple[Fraction, ...] | None:
    """The real oxidation numbers of ``element``'s atoms on element cards, one per card (:func:`free_number`'s atoms):
    beside NO₃⁻, NH₄NO₃'s N card is the ammonium N; two C cards of acetic acid are its C −3 and C +3; the mean for each
    card where the atoms cannot be told apart. ``None`` without a record's numbers or without such cards.

    >>> nitrate, acid = identify((("H", 4), ("N", 2), ("O", 3))), identify((("C", 2), ("H", 4), ("O", 2)))
    >>> free_atoms(nitrate, "N", (("N", 1), ("H", 4), ("[NO3]-", 1))), free_atoms(acid, "C", (("C", 2), ("H", 4), ("O", 2)))
    ((Fraction(-3, 1),), (Fraction(-3, 1), Fraction(3, 1)))
    """
    real = identity.oxidation_of(element)
    cards = sum(n for label, n in units if label == element)
    if real is None or not cards:
        return None
    rest = _left_to_cards(identity, element, units)
    return tuple(sorted(rest.elements())) if rest is not None else (real,) * cards


#: elements H counts as less electronegative than, though Pauling's scale puts H (2.20) above them (P 2.19, As 2.18,
#: Sb 2.05): the textbooks count H on P, As and Sb as +1 (PH₃: P −3, H₃PO₂: P +1), and so does the reference (s21b)
ABOVE_HYDROGEN = frozenset({"P", "As", "Sb"})


@lru_cache(maxsize=None)
def electronegativity_rank(element: str) -> tuple[int, float]:
    """Where ``element`` stands in the order of the electronegativity rule (:func:`charge_costs`): every metal below
    every non-metal (a metal hydride's H is −1, as the reference counts H on a metal, by Allen's scale that IUPAC 2016
    recommends), the non-metals by Pauling's scale (mendeleev), P, As and Sb just above H (:data:`ABOVE_HYDROGEN`); an
    element without a value (a noble gas) lowest.

    >>> sorted(["O", "H", "Na", "P", "B", "Au"], key=electronegativity_rank)
    ['Na', 'Au', 'B', 'H', 'P', 'O']
    """
    from ...chemistry.substances import electronegativity, is_metal

    en = electronegativity(element)
    if is_metal(element):
        return (0, en or 0.0)
    if en is None:
        return (-1, 0.0)
    hydrogen = electronegativity("H") or 0.0
    return (1, max(en, hydrogen + 0.005) if element in ABOVE_HYDROGEN else en)


Cost = tuple[int, Fraction, int]
_NO_DISTANCE = Fraction(0)


def cost_number(cost: Cost) -> int:
    """A cost of :func:`charge_costs` as one whole number that sums and compares as the tuple does (for
    ``charges.ranked_choices``): the distance in units of 1/720720 (every denominator up to 16 divides it).

    >>> cost_number((1, Fraction(1, 3), 2)) > cost_number((0, Fraction(50), 9)) > cost_number((0, Fraction(1, 3), 200))
    True
    """
    miss, distance, against = cost
    return (miss << 56) + ((round(distance * 720720) << 12) if distance else 0) + against


def charge_costs(identity: Identity, free: Units, combos: Units = ()) -> dict[str, dict[int, Cost]]:
    """What each charge printed on a free card costs when the engine chooses the charges (``compound.engine_charges``):
    the sheet allows every choice that balances and is not divisible, and the engine shows the cheapest (the costs of
    a choice are summed over its elements, ``charges.ranked_choices``; equal costs go by the card's printed order).
    Per element and charge, three costs in this order:

    1. the element's card atoms that would not have their real oxidation number: the reference substance of the
       composition (:func:`free_atoms`, read from the record's structure), 0 for a build the reference does not know;
    2. how far the charge is from those numbers (the sum of |charge − number| over the atoms): ClC≡P's C −2 and P +3
       are nearer to C −4, P +5 than to C +4, P −3;
    3. the card atoms whose sign goes against the electronegativity rule: the build's most electronegative element
       (:func:`electronegativity_rank`, over every atom of the build, its groups' too) takes its negative charge,
       every other element its positive one (H +1 beside non-metals, −1 beside metals only); none for a stage of
       one element, which has no partner (a lone H card shows +1, the card's first).

    >>> acid = identify((("C", 1), ("H", 4), ("O", 1)))
    >>> costs = charge_costs(acid, (("C", 1), ("H", 3)), (("[OH]-", 1),))
    >>> costs["H"][1], costs["H"][-1]
    ((0, Fraction(0, 1), 0), (3, Fraction(6, 1), 3))
    >>> charge_costs(identify((("H", 1), ("Na", 1))), (("Na", 1), ("H", 1)))["H"]
    {1: (1, Fraction(2, 1), 1), -1: (0, Fraction(0, 1), 0)}
    >>> charge_costs(identify((("H", 2),)), (("H", 2),))["H"][-1]
    (2, Fraction(2, 1), 0)
    """
    cards = card_set()
    units = tuple(free) + tuple(combos)
    elements = {e for e, _ in atom_counts(tuple(free), tuple(combos))}
    top = max(elements, key=electronegativity_rank) if len(elements) > 1 else None  # alone, an element has no partner
    out: dict[str, dict[int, Cost]] = {}
    for s, n in free:
        real = free_atoms(identity, s, units) if identity.known else None
        out[s] = {q: (sum(1 for x in real if x != q) if real else 0,
                      sum((abs(q - x) for x in real), _NO_DISTANCE) if real else _NO_DISTANCE,
                      n if top and q and (q < 0) != (s == top) else 0)
                  for q in cards[s].charges}
    return out


def _card(kind: CardKind) -> Msg:
    return Msg("ck.card_label", symbol=kind.symbol, name=kind.name)


MINERALS_SHOWN = 3  # the IMA minerals a headline names; more are "u. a." / "and others" (tools/mineral_names.py)


def _same_word(a: str, b: str) -> bool:
    """One name in two spellings (a school name that is the mineral's: haematite/hematite, sal ammoniac/salammoniac).

    >>> _same_word("haematite", "Hematite"), _same_word("sal ammoniac", "Salammoniac"), _same_word("Kalk", "Calcit")
    (True, True, False)
    """
    def norm(w: str) -> str:
        return w.lower().replace("ae", "e").replace(" ", "").replace("-", "")

    return norm(a) == norm(b)


def _with_minerals(identity: Identity, lang: str) -> str:
    """The headline's name in ``lang`` with the IMA minerals of the composition beside it: "Calciumcarbonat (Kalk;
    als Mineral: Calcit, Aragonit, Vaterit)"; a school name that is one of the minerals shown is not said twice
    ("Eisen(II)-disulfid (als Mineral: Pyrit, Markasit)").

    >>> _with_minerals(identify((("C", 1), ("Ca", 1), ("O", 3))), "de")
    'Calciumcarbonat (Kalk; als Mineral: Calcit, Aragonit, Vaterit)'
    >>> _with_minerals(identify((("O", 2), ("Si", 1))), "en")
    'silicon dioxide (silica; as a mineral: quartz, tridymite, cristobalite and others)'
    """
    assert identity.name is not None
    shown = [m.render(lang) for m in identity.minerals[:MINERALS_SHOWN]]
    names = ", ".join(shown)
    minerals = Msg("ck.minerals_more", names=names) if len(identity.minerals) > MINERALS_SHOWN else names
    trivial = identity.trivial.render(lang) if identity.trivial else None
    name = identity.name.render(lang)
    if trivial and trivial != name and not any(_same_word(trivial, m) for m in shown):
        return Msg("ck.name_with_trivial_minerals", name=name, trivial=trivial, minerals=minerals).render(lang)
    return Msg("ck.name_with_minerals", name=name, minerals=minerals).render(lang)


def _name(identity: Identity, inner: bool = False, minerals: bool = False) -> Msg | Text | None:
    """The substance's name, with its trivial name where school uses one: "Siliciumdioxid (Quarz)";
    ``inner``: for a place already in parentheses, "Siliciumdioxid, Quarz" (no nested parentheses);
    ``minerals``: with the IMA minerals of its composition (the headline of a known substance, s16e).

    >>> _name(identify((("Fe", 1), ("S", 2))), minerals=True).render("de")
    'Eisen(II)-disulfid (als Mineral: Pyrit, Markasit)'
    """
    if minerals and identity.name and identity.minerals and not inner:
        return Text(de=_with_minerals(identity, "de"), en=_with_minerals(identity, "en"))
    if identity.name and identity.trivial and identity.trivial != identity.name:
        key = "ck.name_with_trivial_inner" if inner else "ck.name_with_trivial"
        return Msg(key, name=identity.name, trivial=identity.trivial)
    return identity.name or identity.trivial


def element_name(kind: CardKind) -> Text:
    """An element's name in running text: English writes it in lower case ("the element platinum",
    IUPAC Red Book IR-3.1), German as a noun; a card's label keeps the card's capital ("Pt (Platinum)").

    >>> element_name(card_set()["Pt"]).render("en"), element_name(card_set()["Pt"]).render("de")
    ('platinum', 'Platin')
    """
    return Text(de=kind.name.de, en=kind.name.en.lower())


def _reference_entry(identity: Identity, table: str) -> Any:
    """The row of ``identity``'s composition in one table of the reference data (``solution_media``,
    ``averaged``, ``trade_name_other``), or None: the tables are keyed by the composition, as the data's entries.

    >>> _reference_entry(Identity(True, "KO3", "KO₃"), "averaged"), _reference_entry(Identity(True, "KO2", "KO₂"), "averaged")
    (['O'], None)
    """
    from ...chemistry.substances import reference, reference_key

    return reference().get(table, {}).get(reference_key(dict(parse_formula(identity.formula).counts)))


def ima_formula(formula: str) -> str:
    """An IMA mineral formula as the card prints it: site charges dropped (they are no counts), the water of
    crystallization after a spaced dot, as a hydrate note writes it.

    >>> ima_formula("U4+(PO4)(OH)·H2O"), ima_formula("WO3·2H2O")
    ('U(PO₄)(OH) · H₂O', 'WO₃ · 2 H₂O')
    """
    salt, _dot, water = re.sub(r"(?<=[A-Za-z])\d\+", "", formula).partition("·")
    n = re.fullmatch(r"(\d*)H2O", water)
    return unicode(salt) + (f" · {n[1] + ' ' if n and n[1] else ''}H₂O" if n else "")


def hydrate_minerals(identity: Identity) -> Msg | None:
    """The IMA minerals of a game-only composition that is a hydrate mineral's ideal formula: the reference keeps a
    hydrate as a note beside its anhydrous salt, never as an entry of its own (the data's ``hydrate_compositions``,
    ``tools/mineral_names.py``, s16e); None for any other composition.

    >>> hydrate_minerals(identify((("C", 1), ("Ca", 1), ("H", 2), ("O", 4)))).render("de")[:87]
    'Diese Zusammensetzung kommt in der Natur als Mineral vor: IMA-Name Monohydrocalcite (Ca'
    >>> hydrate_minerals(identify((("Fe", 1), ("O", 1)))) is None
    True
    """
    from ...chemistry.substances import mineral_name

    found = _reference_entry(identity, "hydrate_compositions")
    if not found:
        return None
    items = tuple(Msg("ck.mineral_formula", name=Text(de=mineral_name(row, "de"), en=mineral_name(row, "en")),
                      formula=ima_formula(row[2])) for row in found)
    return Msg("ck.hydrate_mineral", minerals=AndList(items))


def how_known(identity: Identity, formula_u: str) -> Msg:
    """The sentence on how a substance known only dissolved is kept: in water (H2CO3, NaClO), in ether (CH3MgCl), or
    in the medium the data names for it (U(NO3)4: nitric acid with hydrazine, the data's ``solution_media``).

    >>> how_known(Identity(True, "U(NO3)4", "U(NO₃)₄", note="solution_only"), "U(NO₃)₄").key
    'chem.solution_only.nitric_acid'
    """
    medium = None
    if identity.note == "solution_only":
        from ...chemistry.substances import reference_key, solution_medium

        medium = solution_medium(reference_key(dict(parse_formula(identity.formula).counts)), identity.bonding,
                                 identity.bonding_reason)
    return Msg(f"chem.{identity.note}" + (f".{medium}" if medium else ""), formula=formula_u)


def averaged(identity: Identity) -> frozenset[str]:
    """The elements whose one number an atom is only a mean over atoms that are not alike (the data's ``averaged``:
    the ozonide ion O3-, whose centre differs from its ends; each O carries -1/3, Holleman-Wiberg).

    >>> sorted(averaged(Identity(True, "KO3", "KO₃"))), sorted(averaged(Identity(True, "KO2", "KO₂")))
    (['O'], [])
    """
    return frozenset(_reference_entry(identity, "averaged") or ())


def h_convention(identity: Identity) -> list[Step]:
    """Where a number of the list rests on the textbooks' convention for H bonded to P, As or Sb (the data's
    ``h_convention``, s21b): one line per such element saying so, with the number the bond-graph rule alone would give.
    The textbooks count H on P +1 (Greenwood & Earnshaw 'Phosphorus': PH3 P -3, H3PO2 P +1, H3PO3 P +3), though by
    Pauling's scale H (2.20) is slightly more electronegative than P (2.19), as on Allen's (IUPAC 2016); assigning each
    P-H bond to H gives H3PO2 P +5.

    >>> [s.msg.render("de") for s in h_convention(identify((("H", 3), ("O", 2), ("P", 1))))][0][:62]
    'Am P gebundenes H zählt nach der Regel der Lehrbücher mit +1. '
    >>> h_convention(identify((("H", 3), ("O", 4), ("P", 1))))
    []
    """
    from ...chemistry.substances import electronegativity

    table = _reference_entry(identity, "h_convention") or {}
    steps = []
    for e in sorted(table):
        strict = tuple(Fraction(str(v)) for v in table[e])
        real = identity.oxidation_of(e)
        if real is None or not strict:
            continue
        en_h, en_x = electronegativity("H"), electronegativity(e)
        if en_h is None or en_x is None:
            continue
        steps.append(Step(Msg("ck.ox_h_convention", element=e, en_h=Num(en_h, 2), en_x=Num(en_x, 2),
                              real=ox_text(real), strict=ox_text(Fraction(sum(strict), len(strict))))))
    return steps


def en_scales(identity: Identity, elements: frozenset[str] | None = None) -> list[Step]:
    """Where the list's numbers rest on Pauling's scale and Allen's orders a bond's atoms the other way (the data's
    ``en_scales``, s23b): one line naming both scales' values for each such bond and the numbers Allen's would give.
    IUPAC's 2016 definition estimates the ionic approximation with Allen's scale (Karen, McArdle, Takats, Pure Appl.
    Chem. 88 (2016) 831); the textbooks count with Pauling's. NCl3: Cl 3.16 > N 3.04 by Pauling, N 18.13 eV > Cl
    16.97 eV by Allen (mendeleev), so N +3 or -3. ``elements``: only when Allen changes one of them (a refusal that
    named these elements' numbers).

    >>> line = en_scales(identify((("Cl", 3), ("N", 1))))[0].msg.render("de")
    >>> line[:95]
    'Die Cl-N-Bindung ordnen die Skalen verschieden: nach Pauling ist Cl (3,16) elektronegativer als'
    >>> "nach Allen: N −3 statt +3 und Cl +1 statt −1. Beides ist eine Zuordnung, keine Messung" in line
    True
    >>> en_scales(identify((("C", 1), ("Cl", 1), ("H", 3))))
    []
    """
    from ...chemistry.substances import allen_electronegativity, electronegativity

    entry = _reference_entry(identity, "en_scales")
    if not entry or (elements is not None and not elements & set(entry["allen"])):
        return []
    pairs = []
    for more, less in entry["pairs"]:
        p_more, p_less = electronegativity(more), electronegativity(less)
        x_more, x_less = allen_electronegativity(more), allen_electronegativity(less)
        if p_more is None or p_less is None or x_more is None or x_less is None:
            return []
        pairs.append(Msg("ck.en_scales_pair_tie" if p_more == p_less else "ck.en_scales_pair", more=more, less=less,
                         p_more=Num(p_more, 2), p_less=Num(p_less, 2), x_more=Num(x_more, 2), x_less=Num(x_less, 2)))
    average = dict(identity.average)
    changes = []
    for e in sorted(entry["allen"], key=lambda e: (e not in (p[1] for p in entry["pairs"]), e)):  # N before Cl
        real = identity.oxidation_of(e)
        strict = [Fraction(str(v)) for v in entry["allen"][e]]
        if real is None or not strict:
            continue
        mean = sum(strict, Fraction(0)) / len(strict)
        key = "ck.en_scales_change_mean" if e in average or len(set(strict)) > 1 else "ck.en_scales_change"
        changes.append(Msg(key, element=e, allen=ox_text(mean), real=ox_text(real)))
    if not changes:
        return []
    return [Step(Msg("ck.ox_en_scales", pairs=MsgList(tuple(pairs), "; "), changes=AndList(tuple(changes))))]


def _ox_item(identity: Identity, e: str, q: Fraction, bare: bool = False) -> Msg:
    """One element's oxidation number as every line of a card writes it: an average over atoms that are not alike
    says so, with the atoms' own numbers ("C +2 (Mittelwert aus +1 / +3)" in glyoxylic acid), wherever it stands: in
    the list, in a same-composition headline, in "die Oxidationszahl von C in C₂H₃N ist aber 0 (Mittelwert aus −3 /
    +3)" (review s19d: those two said a plain "C +2", "0", which no C atom has). ``bare``: the number without the
    element symbol.

    >>> gly = identify((("C", 2), ("H", 2), ("O", 3)))
    >>> _ox_item(gly, "C", Fraction(2)).render("de"), _ox_item(gly, "C", Fraction(2), bare=True).render("en")
    ('C +2 (Mittelwert aus +1 / +3)', '+2 (the average of +1 / +3)')
    """
    average = dict(identity.average)
    suffix = "_bare" if bare else ""
    if e in average:
        return Msg("ck.ox_average" + suffix, element=e, value=ox_text(q),
                   states=MsgList(tuple(ox_text(x) for x in average[e]), " / "))
    if e in averaged(identity):  # KO3: -1/3 is no atom's own number (review25g)
        return Msg("ck.ox_mean" + suffix, element=e, value=ox_text(q))
    return Msg("ck.ox_item" + suffix, element=e, value=ox_text(q))


def _ox_list(identity: Identity) -> MsgList:
    order = elements_in(identity.formula)
    return MsgList(tuple(_ox_item(identity, e, q) for e, q in
                         sorted(identity.oxidation, key=lambda x: order.index(x[0]) if x[0] in order else len(order))))


def bonding_steps(identity: Identity) -> list[Step]:
    """One line on the kind of bonding of a known substance, as the record classifies it (its
    reason: metal + non-metal, non-metals only, a network solid, a form of an element, a molecular
    metal halide ...), in the words of a school textbook. No sentence here cites an
    electronegativity difference, so none can contradict its number."""
    if not identity.known:
        return []
    reason = identity.bonding_reason
    extra: dict[str, AndList] = {}
    if reason == "metal_like":  # FeN: no source read says it conducts, so its own sentence says only what they say
        from ...chemistry.substances import metal_like_numbers, metal_like_text, reference_key

        key_of = reference_key(dict(parse_formula(identity.formula).counts))
        reason += metal_like_text(key_of)
        extra["numbers"] = AndList(metal_like_numbers(key_of))  # TiC: the numbers it would balance with (s21h)
    if reason == "network" and _metal_in(identity.formula):  # AlN, MgSiN2: where the school rule would say "salt"
        reason = "network_metal"
    if reason == "acid":
        lewis = lewis_acid_equation(identity)
        if lewis is not None:  # boric acid takes up OH- rather than giving off its own H+ (review s17f, L7)
            return [Step(Msg("ck.bond.acid_lewis", element=lewis[0], equation=lewis[1]))]
    if identity.note == "cold_only":  # SCl4: molecules or the salt SCl3+ Cl-? the sources are not sure (s21h)
        return [Step(Msg("ck.bond.cold_only." + identity.formula, formula=identity.unicode))]
    if reason == "volatile_molecules":  # PoCl4: molecules by its boiling point alone; no source read describes the solid
        from ...chemistry.substances import substance

        boils = dict(substance(identity.formula).bonding_reason[1]).get("boils_celsius")
        return [Step(Msg("ck.bond.volatile_molecules", formula=identity.unicode,
                         boils=Num(boils if isinstance(boils, int) else 0)))]
    sibling = unread_sibling(identity)
    if sibling is not None:  # PtI2: no source describes its solid, and PtCl2 is no salt (s20d)
        return [Step(Msg("ck.bond.metal_nonmetal_unread", formula=identity.unicode, sibling=unicode(sibling),
                         ion=bond_facts(identity).get("ion", "")))]
    for key in (f"ck.bond.{reason}", f"ck.bond.{identity.bonding}"):
        if key in keys("de") and key in keys("en"):
            if key.endswith(".molecular_exception"):
                return [Step(Msg(key, examples=exception_examples(identity.formula)))]
            if key.endswith(".solid_structure"):  # VF5, PaCl5, ReO3: the sentence of its row of structure facts
                ions = (_reference_entry(identity, "solid_structures") or {}).get("ions")  # AlCl3: a salt as a solid
                nonmetal = identity.bonding == "molecular"  # SeO2: no metal, no ions (s16d)
                return [Step(Msg(key + ("_ions" if ions else "_nonmetal" if nonmetal else ""),
                                 ion=bond_facts(identity).get("ion", ""), solid=solid_structure_text(identity)))]
            return [Step(Msg(key, **bond_facts(identity), **extra))]
    return []


_SUPER = str.maketrans("0123456789+-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻")


def unread_sibling(identity: Identity) -> str | None:
    """The halide of the same metal and oxidation state that the reference knows to be no salt of ions, for a salt of
    the school rule whose own solid no source of the reference describes (``substances.unread_structure_sibling``,
    s20d): its formula as the reference writes it; ``None`` for every other substance.

    >>> unread_sibling(identify((("I", 2), ("Pt", 1)))), unread_sibling(identify((("Cl", 1), ("Na", 1)))) is None
    ('PtCl2', True)
    """
    if not identity.known or identity.bonding != "ionic" or identity.bonding_reason != "metal_nonmetal":
        return None
    from ...chemistry.substances import substance, unread_structure_sibling

    key = unread_structure_sibling(dict(parse_formula(identity.formula).counts))
    return substance(key).formula if key else None


def _metal_in(formula: str) -> bool:
    from ...chemistry.substances import is_metal

    return any(is_metal(e) for e in elements_in(formula))


def lewis_acid_equation(identity: Identity) -> tuple[str, str] | None:
    """For an oxoacid whose one central atom belongs to group 13 (boron: three valence electrons, so three bonds leave
    it with three electron pairs, one short of an octet), that atom and the equation by which the acid makes water
    acidic: it takes up OH- from water, B(OH)3 + 2 H2O → [B(OH)4]- + H3O+ (NCERT class 11, 'The p-Block Elements',
    as studyadda.com answers it: "Boric acid does not behave as a protonic acid but behaves as a Lewis acid, i.e., it
    accepts a pair of electrons from OH- ion of the water molecule"; the UPSC NDA 2015 exam key at pscnotes.com: "it
    accepts a hydroxide ion (OH-) from a water molecule, releasing a proton from the water molecule"; review s17f, L7).
    ``None`` for any other acid, or where the atoms give no such equation.

    >>> lewis_acid_equation(identify((("B", 1), ("H", 3), ("O", 3))))
    ('B', 'H₃BO₃ + 2 H₂O → [B(OH)₄]⁻ + H₃O⁺')
    >>> lewis_acid_equation(identify((("B", 1), ("H", 1), ("O", 2))))
    ('B', 'HBO₂ + 3 H₂O → [B(OH)₄]⁻ + H₃O⁺')
    >>> lewis_acid_equation(identify((("H", 3), ("O", 4), ("P", 1)))) is None
    True
    """
    from ...chemistry.substances import periodic_group

    counts = dict(parse_formula(identity.formula).counts)
    central = [e for e in counts if e not in ("H", "O")]
    if len(central) != 1 or counts[central[0]] != 1 or periodic_group(central[0]) != 13:
        return None
    e, h, o = central[0], int(counts.get("H", 0)), int(counts.get("O", 0))
    water = 5 - o  # [E(OH)4]- + H3O+ hold 5 O and 7 H
    if water < 1 or h + 2 * water != 7:
        return None
    return e, f"{identity.unicode} + {water} H₂O → [{e}(OH)₄]⁻ + H₃O⁺"


def ions_not_in_solid(identity: Identity, formula_u: str) -> list[Step]:
    """A sentence for each ion of a known salt's ion list that no solid holds as such (``nomenclature.json``
    ``ions_not_in_solid``): the card [BiO]⁺ of BiOCl (each O atom bonded to four Bi in layers, IUPAC dropped
    "bismuthyl" in 1960) and metaphosphate PO₃⁻ of KPO₃ (chains or rings of PO₄ tetrahedra). The ion list stays the
    game's and the reference's split; this says where it departs from the solid.

    >>> [s.msg.key for s in ions_not_in_solid(identify((("Bi", 1), ("Cl", 1), ("O", 1))), "BiOCl")]
    ['ck.ion_not_in_solid.bismuthyl']
    >>> ions_not_in_solid(identify((("Cl", 1), ("Na", 1))), "NaCl")
    []
    """
    steps = []
    for f, q, body, kind in _formal_ions(identity):
        steps.append(Step(Msg(f"ck.ion_not_in_solid.{kind}", ion=ion_text(f, q), formula=formula_u,
                              element=elements_in(body)[0])))
    return steps


def _formal_ions(identity: Identity) -> list[tuple[str, int, str, str]]:
    """The ions of a salt's ion list that no solid holds as such (``nomenclature.json`` ``ions_not_in_solid``), as
    ``(ion, charge, body, kind)``: BiO⁺ of BiOCl ("bismuthyl"), PO₃⁻ of KPO₃ ("chain"). A balance that counts them is
    a formal one (s22b): the card or the ion list counts the unit, the solid has layers or chains.

    >>> _formal_ions(identify((("Bi", 1), ("Cl", 1), ("O", 1))))
    [('[BiO]+', 1, 'BiO', 'bismuthyl')]
    >>> _formal_ions(identify((("Cl", 1), ("Na", 1))))
    []
    """
    from ...chemistry.substances import nomenclature

    table = nomenclature().get("ions_not_in_solid", {})
    out = []
    for f, q, _n in identity.ions or ():
        body = re.sub(r"^\[(.*)\]\d*[+-]$", r"\1", f)
        if body in table:
            out.append((f, q, body, str(table[body])))
    return out


def bond_facts(identity: Identity) -> dict[str, str]:
    """The facts a bonding sentence names, from the record: the ion the school rule would wrongly
    assume for a metal whose atoms bond to each other (``ion``: W⁴⁺ in WCl₄), the ions of a salt whose
    gas is molecules (``ions``: [PCl₄]⁺ und [PCl₆]⁻) and the formula.

    >>> i = Identity(True, "WCl4", "WCl₄", oxidation=(("Cl", Fraction(-1)), ("W", Fraction(4))))
    >>> bond_facts(i)["ion"]
    'W⁴⁺'
    >>> bond_facts(Identity(True, "PCl5", "PCl₅", ions=(("[PCl4]+", 1, 1), ("[PCl6]-", -1, 1))))["ions"]
    '[PCl₄]⁺, [PCl₆]⁻'
    """
    from ...chemistry.substances import is_metal, to_unicode

    facts = {"formula": identity.unicode}
    metal = next(((e, q) for e, q in identity.oxidation if is_metal(e)), None)
    if metal is not None and metal[1].denominator == 1 and metal[1] > 0:
        n = int(metal[1])
        facts["ion"] = metal[0] + (str(n) if n > 1 else "").translate(_SUPER) + "⁺"
    ions = identity.ions
    if identity.bonding_reason == "ionic_solid":  # PCl5's ions are those of two formula units: the data's list
        from ...chemistry.substances import reference, reference_key

        key = reference_key(dict(parse_formula(identity.formula).counts))
        ions = tuple(tuple(i) for i in reference().get("ions_in_solid", {}).get(key, ())) or ions
    if ions:
        texts = []
        for f, q, _n in ions:
            if f.startswith("["):  # a polyatomic ion as substances writes it: SO₄²⁻, a complex in brackets [PCl₆]⁻
                texts.append(to_unicode(f))
                continue
            texts.append(to_unicode(f) + ((str(abs(q)) if abs(q) > 1 else "") + ("+" if q > 0 else "-")).translate(_SUPER))
        facts["ions"] = ", ".join(texts)
    if identity.bonding_reason == "metal_acid":  # H2[PtCl6]: the anion the acid's H+ ions leave, [PtCl₆]²⁻
        facts["anion"] = acid_anion(identity.formula)
    return facts


def acid_anion(formula: str) -> str:
    """The anion of an acid written hydrogen first (as substances writes acids): the rest of the formula with
    the charge of the hydrogen atoms it loses, in brackets as an ion of several atoms.

    >>> acid_anion("H[AuCl4]"), acid_anion("H2[PtCl6]"), acid_anion("HTcO4")
    ('[AuCl₄]⁻', '[PtCl₆]²⁻', '[TcO₄]⁻')
    """
    from ...chemistry.substances import to_unicode

    m = re.fullmatch(r"H(\d*)(.+)", formula)
    if m is None:
        raise ValueError(f"not an acid written hydrogen first: {formula}")
    n = int(m[1] or 1)
    body = m[2] if m[2].startswith("[") and m[2].endswith("]") else f"[{m[2]}]"
    return to_unicode(body) + ((str(n) if n > 1 else "") + "-").translate(_SUPER)



def solid_structure_text(identity: Identity) -> Msg:
    """What the solid of a polymer of polyhedra is, from the reference's row of structure facts (``solid_structures``,
    each row with its source): molecules in the gas or not, chains or a framework of which polyhedra, the atoms that
    join neighbouring metal atoms, and whether it conducts like a metal (session 15). AlCl3's gas is Al2Cl6 molecules,
    its solid layers of AlCl6 octahedra.

    >>> from chemgames.games.chemiekarten.reference import identify
    >>> solid_structure_text(identify((("F", 5), ("V", 1)))).render("en")
    'Molecules of VF₅ in the gas, but in the solid long chains of VF₆ octahedra in which neighbouring metal atoms are joined through one shared F atom (shared electron pairs)'
    >>> solid_structure_text(identify((("O", 3), ("Re", 1)))).render("de")[-45:]
    'Der Feststoff leitet den Strom wie ein Metall'
    """
    from ...chemistry.substances import is_metal

    row = _reference_entry(identity, "solid_structures")
    links = [Msg(f"ck.solid.link.{n}", element=e) for e, n in row["links"]]
    joined = links[0] if len(links) == 1 else Msg("ck.solid.links_either", first=links[0], second=links[1]) if links else ""
    # HgO: linear O–Hg–O units; UO3: U–O polyhedra of several shapes (s19g), both written with a dash
    written = row["unit"].replace("-", "–") if row["shape"] in ("linear", "polyhedra") else unicode(row["unit"])
    unit = Msg(f"ck.solid.unit.{row['shape']}", unit=written) if row["unit"] else ""
    metal = next((e for e in elements_in(identity.formula) if is_metal(e)), None)
    # the atoms the bridges join: the metal atoms, or in a non-metal's chains (SeO2) the atoms of its central element
    centre = row["unit"] and elements_in(row["unit"])[0]
    atoms = Msg("ck.solid.metal_atoms") if metal else Msg("ck.solid.atoms", element=centre)
    bond = "" if row["ions"] or not metal else Msg("ck.solid.electron_pairs")  # AlCl3: ions; SeO2: said before
    if not links:  # WO2I2: its sources name the layers only, neither polyhedra nor bridging atoms
        structure = Msg("ck.solid.layers_plain")
    else:
        structure = Msg(f"ck.solid.{row['extent']}", unit=unit, links=joined, bond=bond, atoms=atoms)
    # HgI2: red layers at room temperature, a yellow form of molecules too (the row's optional "molecular_form", s16d)
    lead = "ck.solid.gas" if row["gas"] else "ck.solid.common_form" if row.get("molecular_form") else "ck.solid.no_gas"
    text = Msg(lead, formula=identity.unicode, structure=structure, molecule=unicode(row["gas"]) if row["gas"] else "")
    return Msg("ck.solid.conducts", text=text) if row["conducts"] else text


#: textbook examples of a metal compound made of molecules also as a solid (Greenwood & Earnshaw, 2nd ed.:
#: HgCl₂ a molecular crystal of linear Cl–Hg–Cl molecules, ch. 29.3; TiCl₄ a liquid of tetrahedral molecules,
#: ch. 21.3; OsO₄ a solid of tetrahedral molecules, mp 40 °C, ch. 25.3; Holleman-Wiberg alike). Not CrO₃ (chains
#: of CrO₄ tetrahedra sharing corners, GE 23.3) nor AlCl₃ (a layer lattice in the solid, Al₂Cl₆ molecules only in
#: the melt and the gas, GE 7.3): review25f
_EXCEPTIONS = ("HgCl2", "TiCl4", "OsO4")


def exception_examples(formula: str) -> AndList:
    """Two textbook examples of the school rule's exception, never the substance itself (HgCl₂'s own
    sentence names TiCl₄ and OsO₄), joined as the language lists them.

    >>> exception_examples("HgCl2").render("de"), exception_examples("FeCl3").render("en")
    ('TiCl₄ und OsO₄', 'HgCl₂ and TiCl₄')
    """
    return AndList(tuple(unicode(f) for f in _EXCEPTIONS if f != formula)[:2])


def balance_key(identity: Identity, charges: dict[str, int], units: Units) -> str:
    """What the balance of the cards ``units`` adds up: the ion charges of an ionic substance when
    each unit is one of its ions with that ion's charge (K + NO₃⁻ in KNO₃), the oxidation numbers of
    a molecule when each unit is one atom with its oxidation number (H + H + O in H₂O), else the
    cards' charges: not a known substance, a card charge that differs from chemistry, a build that is
    another substance than the real one, a stage whose charges do not add up to zero (an unfinished
    build is no substance), a group card in a molecule (H + ClO⁻: the −1 of hypochlorite is no
    oxidation number of HClO) or single cards in place of a polyatomic ion (K + N + 3 O: no N⁵⁺ or
    O²⁻ ions in KNO₃). :func:`real_balance` then adds the real substance's numbers.

    >>> hclo = identify((("Cl", 1), ("H", 1), ("O", 1)))
    >>> balance_key(hclo, {"H": 1}, (("H", 1), ("[ClO]-", 1))), balance_key(hclo, {"H": 1, "Cl": 1, "O": -2}, (("H", 1), ("Cl", 1), ("O", 1)))
    ('ck.balance', 'ck.balance_oxidation')
    >>> kno3 = identify((("K", 1), ("N", 1), ("O", 3)))
    >>> balance_key(kno3, {"K": 1}, (("K", 1), ("[NO3]-", 1))), balance_key(kno3, {"K": 1, "N": 5, "O": -2}, (("K", 1), ("N", 1), ("O", 3)))
    ('ck.balance_ions', 'ck.balance')
    """
    if not identity.known or any(free_number(identity, s, units) not in (None, q) for s, q in charges.items()):
        return "ck.balance"
    if not identity.oxidation:  # a metal-like compound (CrB2, Fe2P) has no oxidation numbers: the cards' charges
        return "ck.balance"
    if sum(n * q for _, n, q in _unit_charges(units, charges)) != 0 or differing(identity, units, charges):
        return "ck.balance"
    cards = card_set()
    if identity.bonding == "ionic" and unread_sibling(identity) is None:
        if not _are_ions(identity, units, charges):
            return "ck.balance"
        # BiO⁺ + Cl⁻: the solid has no BiO⁺ ions, so the balance of the cards' ions is a formal one (s22b)
        return "ck.balance_ions_formal" if _formal_ions(identity) else "ck.balance_ions"
    if identity.bonding == "ionic":  # PtI2: the sources do not say it is built of ions (s20d): the oxidation numbers
        return "ck.balance_oxidation" if all(label in cards for label, _ in units) else "ck.balance"
    if identity.bonding and all(label in cards for label, _ in units):
        return "ck.balance_oxidation"
    return "ck.balance"


def _unit_charges(units: Units, charges: dict[str, int]) -> list[tuple[str, int, int]]:
    """Each unit ``(label, count, charge)``: a free card with its charge in the game, a combination
    with its printed charge (a card without a charge counts 0)."""
    table = combinations()
    return [(label, n, table[label].charge if label in table else charges.get(label, 0)) for label, n in units]


def _are_ions(identity: Identity, units: Units, charges: dict[str, int]) -> bool:
    """Is each unit of the cards one of the real salt's ions, with its charge (NH₄⁺ + Cl⁻ for NH₄Cl;
    not N + 4 H + Cl, not Hg⁺ for the ion Hg₂²⁺)?

    >>> nh4cl = identify((("Cl", 1), ("H", 4), ("N", 1)))
    >>> _are_ions(nh4cl, (("[NH4]+", 1), ("Cl", 1)), {"Cl": -1}), _are_ions(nh4cl, (("N", 1), ("H", 4), ("Cl", 1)), {"N": -3, "H": 1, "Cl": -1})
    (True, False)
    """
    have: Counter[tuple[str, int]] = Counter()
    for label, n, q in _unit_charges(units, charges):
        have[label, q] += n
    return have == Counter({(f, q): n for f, q, n in identity.ions or ()})


def ion_text(formula: str, charge: int) -> str:
    """An ion as a formula writes it: ``K⁺``, ``NO₃⁻``, ``Hg₂²⁺``.

    >>> ion_text("K", 1), ion_text("[NO3]-", -1), ion_text("O", -2)
    ('K⁺', 'NO₃⁻', 'O²⁻')
    """
    if not formula.startswith("["):
        formula = f"[{formula}]{abs(charge) if abs(charge) > 1 else ''}{'+' if charge > 0 else '-'}"
    return unicode(formula)


def real_balance(identity: Identity, key: str) -> Step | None:
    """The sum a chemist writes for the real substance, where the balance of the cards (``key``,
    :func:`balance_key`) is only the cards' charges: its ions' charges for a salt (KNO₃: K⁺ and NO₃⁻),
    its atoms' oxidation numbers for any other substance (HClO: H +1, Cl +1, O −2; the atoms of an
    element with several numbers each with its own). ``None`` where the cards' balance already is that
    sum, or the substance has no such numbers (a metal-like compound, an average without its states).

    >>> hclo = identify((("Cl", 1), ("H", 1), ("O", 1)))
    >>> step = real_balance(hclo, "ck.balance")
    >>> step.msg.render("de"), step.math.text
    ('Summe der Oxidationszahlen in HClO', '1·(+1) + 1·(+1) + 1·(−2) = 0')
    >>> step = real_balance(identify((("K", 1), ("N", 1), ("O", 3))), "ck.balance")
    >>> step.msg.render("en"), step.math.text
    ('Balance of the ion charges in KNO₃ (K⁺, NO₃⁻)', '1·(+1) + 1·(−1) = 0')
    >>> real_balance(hclo, "ck.balance_oxidation") is None
    True
    """
    if key != "ck.balance" or not identity.known or not identity.oxidation:
        return None
    if identity.bonding == "ionic" and identity.ions:
        ions = [(ion_text(f, q), n, q) for f, q, n in identity.ions]
        terms = tuple(ChargeTerm(text, n, q) for text, n, q in ions)
        return Step(_ions_balance_title(identity, ions), balance_equation(terms))
    try:
        atoms = parse_formula(identity.formula).counts
    except Error:
        return None
    average = dict(identity.average)
    order = elements_in(identity.formula)
    out: list[ChargeTerm] = []
    for e, q in sorted(identity.oxidation, key=lambda x: order.index(x[0]) if x[0] in order else len(order)):
        states = average.get(e) or (q,) * int(atoms.get(e, 0))
        if len(states) != atoms.get(e) or any(x.denominator != 1 for x in states):
            return None  # an average whose single atoms are not given: no whole numbers to add
        out += [ChargeTerm(e, n, int(x)) for x, n in Counter(states).items()]
    equation = balance_equation(tuple(out))
    if not equation.balanced:
        return None
    return Step(Msg("ck.balance_oxidation_in", formula=identity.unicode), equation)


def _ions_balance_title(identity: Identity, ions: list[tuple[str, int, int]]) -> Msg:
    """The title of a salt's ion balance; where its ions make up several formula units, it says how many,
    as the formula-unit rule says Cu₂Cl₄ = 2 × CuCl₂ (:func:`units_of`): GaCl₂ is Ga⁺[GaCl₄]⁻, two units
    (Greenwood & Earnshaw 7.3.3).

    >>> _ions_balance_title(identify((("Cl", 2), ("Ga", 1))), [("Ga⁺", 1, 1), ("[GaCl₄]⁻", 1, -1)]).render("en")
    'Balance of the ion charges in 2 formula units of GaCl₂ = Ga⁺[GaCl₄]⁻ (Ga⁺, [GaCl₄]⁻)'
    """
    texts = MsgList(tuple(t for t, _, _ in ions))
    formal = "_formal" if _formal_ions(identity) else ""  # BiOCl: BiO⁺ is counted as an ion only formally (s22b)
    if identity.ion_units < 2 or not identity.ions:
        return Msg("ck.balance_ions_in" + formal, formula=identity.unicode, ions=texts)
    salt = ""  # each polyatomic ion in brackets with its charge, as books write it: Tl⁺[TlSe₂]⁻
    for f, q, n in identity.ions:
        body = re.sub(r"^\[(.*)\]\d*[+-]$", r"\1", f)
        sup = ((str(abs(q)) if abs(q) > 1 else "") + ("+" if q > 0 else "-")).translate(_SUPER)
        text = ion_text(f, q) if body == f else f"[{unicode(body)}]{sup}"
        salt += (f"{n} " if n > 1 else "") + text
    return Msg("ck.balance_ions_in_units" + formal, n=identity.ion_units, formula=identity.unicode, salt=salt, ions=texts)


def label(identity: Identity, units: Units = (), charges: dict[str, int] | None = None) -> str:
    """What a laid compound is: "known" (a substance that exists, built as it is), "transient"
    (known only briefly), "other" (the cards build another substance than the real one of this
    composition) or "game_only" (no record: allowed by the game's rule only). Only "known" may be
    laid in the variant ``real_only``.

    >>> label(identify((("Fe", 1), ("O", 1))), (("Fe", 1), ("O", 1)), {"Fe": 2, "O": -2})
    'known'
    >>> label(identify((("Cl", 2), ("Cr", 1), ("O", 2))), (("Cr", 1), ("[ClO]-", 2)), {"Cr": 2})
    'other'
    """
    if not identity.known:
        return "game_only"
    if charges is not None and differing(identity, units, charges):
        return "other"
    return "known" if identity.label == "exists" else "transient"


def trade_name_other(identity: Identity) -> str:
    """The substance a real one's trade and school name means, from the reference data (CuCO3: the basic
    carbonate Cu₂(OH)₂CO₃); '' where there is none."""
    other = (_reference_entry(identity, "trade_name_other") or [""])[0]
    return unicode(other) if other else ""


def real_text(identity: Identity, diff: Sequence[tuple[str, Fraction]] = (), minerals: bool = False) -> Msg:
    """The real substance of a composition, with the numbers that differ from the cards' build:
    "Chromylchlorid CrO₂Cl₂, Cr +6, Cl −1". It carries the label the game gives the substance everywhere else
    (review s16f, Medium 3): a disputed one (the data's ``ill_defined``) is "der umstrittene Stoff …", a short-lived one
    "der nur kurzlebige Stoff …", never named as if it were a plain known substance. ``minerals``: with the IMA minerals
    of its composition, as a known substance's headline names them (the headline of an "other" build, s24b: "Mangan(II)-
    hydroxidmetaborat (als Mineral: IMA-Name Sussexite) Mn(BO₂)(OH)"); the table label stays short.

    >>> real_text(identify((("Cr", 1), ("H", 3), ("O", 3)))).render("de")
    'der umstrittene Stoff Chrom(III)-hydroxid Cr(OH)₃'
    >>> real_text(identify((("O", 1), ("S", 1)))).render("en")[:26]
    'the short-lived substance '
    """
    states = MsgList(tuple(_ox_item(identity, e, q) for e, q in diff))
    name = _name(identity, minerals=minerals)
    more = "_states" if diff else ""
    more += "_transient" if identity.label == "transient" else "_ill_defined" if identity.note == "ill_defined" else ""
    if name is None:
        return Msg(f"ck.real_unnamed{more}", formula=identity.unicode, states=states)
    return Msg(f"ck.real_named{more}", formula=identity.unicode, name=name, states=states)


def _in_formula_order(units: Units, formula: str) -> list[tuple[str, int]]:
    """``units`` in the order of ``formula`` (the one shown): a card where its element stands, a
    combination where its first element does, as the cards and the balance read (the verdict's
    units list the combinations after the free cards). Stable: a unit the formula lacks keeps its place.

    >>> _in_formula_order((("[AuCl4]-", 1), ("[NH4]+", 1)), "NH₄AuCl₄")
    [('[NH4]+', 1), ('[AuCl4]-', 1)]
    """
    table = combinations()
    order = elements_in(formula)

    def rank(unit: str) -> int:
        first = table[unit].parsed.elements[0] if unit in table else unit
        return order.index(first) if first in order else len(order)

    return sorted(units, key=lambda u: rank(u[0]))


def game_charges(units: Units, charges: dict[str, int], formula: str = "") -> Msg:
    """The cards' charges as the game's charges (never as oxidation numbers chemists assign):
    "Bi +3, Au +1, C −4, O −2"; a combination with its printed charge; in the order of ``formula``.

    >>> game_charges((("H", 1), ("[BiO]+", 1)), {"H": -1}, "(BiO)H").render("en")[-15:]
    '[BiO]⁺ +1, H −1'
    """
    table = combinations()
    items = []
    for unit, n in _in_formula_order(units, formula):
        if unit in charges:
            items.append(Msg("ck.ox_item", element=unit, value=signed(charges[unit])))
        elif unit in table and table[unit].charge:
            items.append(Msg("ck.ox_item", element=table[unit].parsed.unicode(), value=signed(table[unit].charge)))
    return Msg("ck.game_charges", charges=MsgList(tuple(items)))


def units_of(units: Units, formula: str) -> list[Step]:
    """A composition with no record that is several formula units of a substance that exists, as
    the reference's formula-unit rule reads a salt (Cu₂Cl₄ = 2 × CuCl₂) also for a molecule: built
    of ions only, the ions react to that substance ([H₃O]⁺ + [OH]⁻ → 2 H₂O, the neutralisation);
    else the sentence names the composition. Empty when the composition is no such multiple.

    >>> [s.msg.render("en") for s in units_of((("[H3O]+", 1), ("[OH]-", 1)), "H₃O(OH)")]
    ['H₃O(OH) has the same composition as 2 H₂O (water): these ions react to give water, [H₃O]⁺ + [OH]⁻ → 2 H₂O']
    """
    cards = card_set()
    table = combinations()
    counts = atom_counts(tuple((s, n) for s, n in units if s in cards), tuple((f, n) for f, n in units if f not in cards))
    times = math.gcd(*(k for _, k in counts)) if counts else 1
    if times < 2:
        return []
    real = identify(tuple((e, k // times) for e, k in counts))
    if not real.known or real.label != "exists":  # a transient species (2 SO) is no product to name
        return []
    name = _name(real, inner=True) or real.unicode
    # a disputed substance (Cr(OH)3) keeps its label and its note here too (review s16f, Medium 3)
    note = [Step(Msg("chem.ill_defined." + real.formula, formula=real.unicode))] if real.note == "ill_defined" else []
    if all(u in table and table[u].charge for u, _ in units):  # ions only: they react to the substance
        ions = " + ".join((f"{n} " if n > 1 else "") + table[u].parsed.unicode() for u, n in _in_formula_order(units, formula))
        return [Step(Msg("ck.units_of_ions", formula=formula, n=times, real=real.unicode, name=name,
                         equation=f"{ions} → {times} {real.unicode}"))] + note
    if note:
        name = Msg("ck.label_ill_defined", name=name)  # "(Chrom(III)-hydroxid, umstritten)"
    return [Step(Msg("ck.units_of", formula=formula, n=times, real=real.unicode, name=name))] + note


def accepted(identity: Identity, formula_u: str, charges: dict[str, int], units: Units = (),
             ring: Ring | None = _NOT_ASKED) -> tuple[Msg, list[Step]]:
    """The headline of an accepted compound (what it is: one of three honest labels) and the steps
    of its chemistry; ``ring`` is the build's :func:`ring_unit`, computed once by ``compound.judge``."""
    kind = label(identity, units, charges)
    pair = [Step(Msg("ck.mercury1_pair", formula=formula_u))] if "Hg" in formula_u and formula_units(formula_u.translate(_ASCII), units) == 2 else []
    pair += ring_units(formula_u, units, ring)  # NPCl₂: one unit of the ring molecule (NPCl₂)₃ (s16c)
    if kind == "game_only":
        steps = [Step(game_charges(units, charges, formula_u))] + pair + units_of(units, formula_u)
        minerals = hydrate_minerals(identity)  # CaCO3·H2O: a hydrate mineral the reference keys by its anhydrous salt
        return Msg("ck.ok_game_only", formula=formula_u), steps + ([Step(minerals)] if minerals else [])
    if kind == "other":
        diff = differing(identity, units, charges)
        steps = [Step(game_charges(units, charges, formula_u))] + pair
        if identity.note == "ill_defined":  # the real one is disputed: say what the sources doubt (review s16f)
            steps.append(Step(Msg("chem.ill_defined." + identity.formula, formula=identity.unicode)))
        group = absent_group(identity, units)
        same_numbers = _same_numbers(identity, units, charges, group)
        isomer = group_isomer_of(identity, formula_u) if same_numbers else None
        numbered = None if isomer is not None else numbered_isomer(identity, formula_u, units)
        if numbered is not None:
            # methanediol HO-CH2-OH of C + 2 H + 2 OH⁻ beside methyl hydroperoxide: the isomer's own numbers under a
            # headline that names it, and the reference's numbers that differ from them (review s23c, H2)
            steps.append(Step(Msg("ck.oxidation_numbers", formula=unicode(numbered.formula),
                                  numbers=isomer_numbers(numbered))))
            steps.append(Step(Msg("chem.group_isomer." + numbered.formula)))
            other = isomer_differs(identity, numbered)
            return Msg("ck.ok_other_isomer_" + numbered.label, formula=formula_u, isomer=isomer_text(numbered),
                       real=real_text(identity, other, minerals=True)), steps
        if identity.oxidation:
            # the numbers are the reference molecule's; where the cards build a named isomer with every one of them
            # (cyanic acid H-O-C#N beside isocyanic acid), the line names the molecule the headline says the build is
            # (review s18e, L1: it read "Oxidationszahlen in HNCO" under "das ist Cyansäure HOCN")
            shown = unicode(isomer.formula) if isomer is not None else identity.unicode
            steps.append(Step(Msg("ck.oxidation_numbers", formula=shown, numbers=_ox_list(identity))))
            steps += h_convention(identity) + en_scales(identity) if isomer is None else []  # its P-H bonds (s21b), N-Cl (s23b)
        if same_numbers and group is not None:
            # every number agrees, the bonds do not (cyanic acid's O-H from the OH- card, isocyanic acid's H-N):
            # the cards' build may exist (ammonium cyanate beside urea), only our reference has another substance
            if isomer is not None:  # cyanic acid H-O-C#N: a real molecule, known only briefly (review s17f, Medium 3)
                key = "ck.ok_other_group_isomer" + ("_space" if isomer.seen_in_space else "")
                return Msg(key, formula=formula_u, isomer=isomer_text(isomer), real=real_text(identity, minerals=True),
                           group=combinations()[group].parsed.unicode()), steps
            return Msg("ck.ok_other_group", formula=formula_u, real=real_text(identity, minerals=True),
                       group=combinations()[group].parsed.unicode()), steps
        missing = _groups_not_in_formula(identity, units)
        same = same_atoms(identity, units, charges)
        if diff and missing and same >= set(dict(identity.oxidation)):
            # every atom has the cards' number (NH4+ + Mg + N beside Mg(NH2)2): what differs is the grouping, so the
            # headline names the card's group instead of repeating the cards' numbers (s22b); atom by atom, not the
            # mean: Ca + Cl + ClO4- (Cl −1, +7) is not calcium chlorite's Cl +3, +3 (review s23c)
            return Msg("ck.ok_other_regrouped", formula=formula_u, real=real_text(identity, minerals=True),
                       group=combinations()[missing[0]].parsed.unicode()), steps
        return Msg("ck.ok_other", formula=formula_u,
                   real=real_text(identity, differing_atoms(identity, diff, same), minerals=True)), steps
    steps = list(pair)  # mercury(I): the cards are half of the pair Hg₂²⁺
    if identity.note in ("solution_only", "ether_solution"):  # H2CO3, HClO, NaClO; CH3MgCl: how it is known
        steps.append(Step(how_known(identity, formula_u)))
    if identity.note == "trade_name":  # CuCO3: what trade and school call so is the basic carbonate
        steps.append(Step(Msg("chem.trade_name." + identity.formula, formula=formula_u, other=trade_name_other(identity))))
    if identity.note == "ill_defined":  # Pb(OH)2, Bi(OH)3: what the sources doubt and what they know (s15h)
        steps.append(Step(Msg("chem.ill_defined." + identity.formula, formula=formula_u)))
    if identity.note == "cold_only":  # SCl4: a solid kept only below about -30 °C, probably SCl3+ Cl- (s21h)
        steps.append(Step(Msg("chem.cold_only." + identity.formula, formula=formula_u)))
    if identity.note == "decomposes_warm" and identity.note_text is not None:  # Na3N: 87 to 104 °C, air-sensitive (s25b)
        steps.append(Step(Msg("ck.record_note", note=identity.note_text)))  # substances.py words it, numbers by Babel
    if identity.note == "hydrate" and identity.note_text is not None:  # Fe(NO3)3, Th(SO4)2: the bottle holds a hydrate
        steps.append(Step(Msg("ck.record_note", note=identity.note_text)))  # the record's own words (substances.py, s15j)
    if identity.oxidation:
        steps.append(Step(Msg("ck.oxidation_numbers", formula=formula_u, numbers=_ox_list(identity))))
        steps += h_convention(identity)  # H3PO2: P +1 by the textbooks' rule, +5 by electronegativity alone (s21b)
        steps += en_scales(identity)  # NCl3: N +3 by Pauling's scale, -3 by Allen's (s23b)
    steps += ions_not_in_solid(identity, formula_u)  # BiO⁺ of BiOCl, PO₃⁻ of KPO₃: no such ion in the solid (s18c)
    cards = card_set()
    for s, q in charges.items():
        real = free_number(identity, s, units)  # NH4NO3's N card beside NO3-: the ammonium N, −3 (s20d)
        if real is not None and real != q:
            steps.append(Step(Msg("ck.charge_differs", card=_card(cards[s]), charge=signed(q), symbol=s,
                                  formula=formula_u, ox=_ox_item(identity, s, real, bare=True)
                                  if real == identity.oxidation_of(s) else Msg("ck.ox_item_bare", element=s, value=ox_text(real)))))
    name = _name(identity)
    if kind == "transient":
        # "im Weltall" only where a detection paper names the species (CH, OH, SO: the data's seen_in_space); PoH2,
        # PbH4 are made in traces and decompose, the JANAF gas rows are measured hot: no example for them (s15j)
        key = "ck.ok_transient_space" if _reference_entry(identity, "seen_in_space") else "ck.ok_transient"
        headline = Msg(key, formula=formula_u, name=name) if name else Msg(key + "_unnamed", formula=formula_u)
    elif identity.note == "ill_defined":  # never a flat "ein bekannter Stoff" for a compound the sources doubt
        headline = Msg("ck.ok_ill_defined", formula=formula_u, name=name or formula_u)
    elif identity.note == "cold_only":  # SCl4: the headline alone must say it is kept only cold (s22b)
        headline = Msg("ck.ok_cold_only", formula=formula_u, name=name or formula_u)
    else:
        name = _name(identity, minerals=True)  # with the IMA minerals of the composition beside it (s16e)
        headline = Msg("ck.ok_known", formula=formula_u, name=name) if name else Msg("ck.ok_known_unnamed", formula=formula_u)
    return headline, steps


def table_label(label: str, identity: Identity | None, formula: str, inner: bool = False) -> dict[str, Any] | None:
    """What the table shows beside a compound: ``kind`` ("known", "transient" or "game_only") and
    its text (a Msg or Text; the widget adds a symbol, so colour never carries the meaning alone).
    A build that is another substance than the real one of its composition ("other") is game-only
    and names the real one."""
    if label == "game_only":
        return {"kind": label, "text": Msg("ck.label_game_only")}
    if label == "other" and identity is not None:
        isomer = group_isomer_of(identity, formula) or numbered_isomer(identity, formula)
        if isomer is not None:  # the cards' isomer is real, only not our reference's substance (review s17f, Medium 3)
            key = isomer_key("ck.label_other_isomer", isomer)
            return {"kind": "game_only", "text": Msg(key, isomer=isomer_text(isomer), real=real_text(identity))}
        return {"kind": "game_only", "text": Msg("ck.label_other", real=real_text(identity))}
    if label == "transient" and identity is not None:
        name = _name(identity, inner)
        return {"kind": label, "text": Msg("ck.label_transient", name=name) if name else Msg("ck.label_transient_unnamed")}
    if label != "known":
        return None
    if identity is None or not identity.known:  # a stable element laid alone
        kind = card_set().get(formula)
        return {"kind": label, "text": Msg("ck.label_element", name=element_name(kind)) if kind else Msg("ck.label_known")}
    if identity.note == "ill_defined":  # Pb(OH)2: "Blei(II)-hydroxid (umstritten)", not a plain name of a known substance
        return {"kind": label, "text": Msg("ck.label_ill_defined", name=_name(identity, True) or identity.unicode)}
    if identity.note == "cold_only":  # SCl4: "Schwefeltetrachlorid, nur in der Kälte beständig" (s22b)
        return {"kind": label, "text": Msg("ck.label_cold_only", name=_name(identity, True) or identity.unicode)}
    return {"kind": label, "text": _name(identity, inner) or Msg("ck.label_known")}


def element_headline(kind: CardKind) -> Msg:
    """A stable element laid alone is the element itself, a real substance."""
    return Msg("ck.ok_element", formula=kind.symbol, name=element_name(kind))


def unfinished(free: Units, combos: Units, total: int) -> tuple[bool, list[Step]]:
    """What cards whose charges cannot add up to zero are (no choice of the cards' charges balances
    them): not a neutral substance but a build with the net charge ``total`` (with the charges shown),
    and, where the reference knows that ion, the ion: a lone [OH]⁻ card, or H + O at +1 and −2, is the
    hydroxide ion OH⁻, not the hydroxyl radical HO. Returns whether an ion was named, and the steps.

    >>> named, steps = unfinished((), (("[OH]-", 1),), -1)
    >>> named, [s.msg.render("de") for s in steps]
    (True, ['Mit diesen Ladungen haben die Karten zusammen die Ladung −1: noch keine Verbindung, die braucht die Summe null', 'Zusammen sind die Karten das Ion OH⁻ (Hydroxid-Ion); ein Ion allein ist keine Verbindung, es braucht Ionen der anderen Ladung'])
    >>> unfinished((("Ca", 1),), (("[OH]-", 1),), 1)[0]
    False
    """
    steps = [Step(Msg("ck.unfinished", charge=signed(total)))]
    ion = identify(atom_counts(free, combos), total) if total else None
    if ion is None or not ion.known or ion.label != "exists":
        return False, steps
    name = _name(ion, inner=True)
    steps.append(Step(Msg("ck.unfinished_ion", formula=ion.unicode, name=name) if name
                      else Msg("ck.unfinished_ion_unnamed", formula=ion.unicode)))
    return True, steps


def refused(identity: Identity, free: Units, rule: str, fixes: dict[str, Any]) -> list[Step]:
    """Why cards that make a real substance cannot build it here (nothing if they make none).

    ``fixes`` holds what the engine found would work: ``"combos"`` (formulas that, laid as
    combinations, give a valid compound), ``"charges"`` (each (symbol, charge) of the player's fixed
    charges that must change, all of them: the advice is true when followed). The first line says
    what does not work: these charges, these single cards, or these cards at all.
    """
    if not identity.known:
        return []
    cards = card_set()
    formula_u = identity.unicode
    name = _name(identity, inner=True)
    brief = "_transient" if identity.label == "transient" else "_ill_defined" if identity.note == "ill_defined" else ""
    how = Msg("ck.refused_how.charges" if fixes.get("charges") else
              "ck.refused_how.single" if fixes.get("combos") else "ck.refused_how.cards")
    steps = [Step(Msg(f"ck.real_refused{brief}", formula=formula_u, name=name, how=how) if name
                  else Msg(f"ck.real_refused{brief}_unnamed", formula=formula_u, how=how))]
    if identity.note in ("solution_only", "ether_solution"):  # NaHSO3, Ca(HSO3)2: real, but only dissolved
        steps.append(Step(how_known(identity, formula_u)))
    if identity.note == "ill_defined":  # Pb(OH)2: no flat "gibt es wirklich" for a compound the sources doubt (s15h)
        steps.append(Step(Msg("chem.ill_defined." + identity.formula, formula=formula_u)))
    if identity.note == "cold_only":  # SCl4: it is real, but only in the cold (s22b)
        steps.append(Step(Msg("chem.cold_only." + identity.formula, formula=formula_u)))
    if identity.note == "decomposes_warm" and identity.note_text is not None:  # Na3N: real, but decomposes warm (s25b)
        steps.append(Step(Msg("ck.record_note", note=identity.note_text)))
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
            key = "ck.real_charge_mean" if s in averaged(identity) else "ck.real_charge_fraction"
            steps.append(Step(Msg(key, formula=formula_u, symbol=s, ox=ox_text(real))))
        elif int(real) not in cards[s].charges:
            steps.append(Step(Msg("ck.real_charge_missing", formula=formula_u, symbol=s, ox=ox_text(real),
                                  card=_card(cards[s]), charges=", ".join(signed(q) for q in cards[s].charges))))
    named = frozenset(s for s, _ in free if identity.oxidation_of(s) is not None)
    if any(st.msg.key.startswith("ck.real_charge") for st in steps):  # NCl3's N +3 is Pauling's; Allen's -3 (s23b)
        steps += en_scales(identity, named)
    if fixes.get("charges"):
        steps.append(charge_advice(identity, fixes["charges"]))
    if fixes.get("combos"):
        table = combinations()
        names = MsgList(tuple(table[f].parsed.unicode() for f in fixes["combos"]))
        defining = MsgList(tuple(dict.fromkeys(_card(cards[table[f].defining]) for f in fixes["combos"])))
        steps.append(Step(Msg("ck.real_needs_combo", combos=names, card=defining)))
    if rule == "ck.divisible":
        steps.append(Step(Msg("ck.real_divisible")))
    return steps


def charge_advice(identity: Identity, change: Sequence[tuple[str, int]]) -> Step:
    """"With the charges −3 for N and +1 for H it works": every charge of ``change`` (the player's
    fixed charges to change). Where one of them is not the element's oxidation number in the real
    substance, the advice says that these are the game's charges and gives the real numbers (NH₄Cl
    from single cards: N +5 and H −1 balance without a part, but N is −3 and H +1 in NH₄Cl).

    >>> nh3 = identify((("H", 3), ("N", 1)))
    >>> charge_advice(nh3, (("N", -3), ("H", 1))).msg.render("de")
    'Mit den Ladungen −3 für N (Stickstoff) und +1 für H (Wasserstoff) ginge es'
    >>> nh4cl = identify((("Cl", 1), ("H", 4), ("N", 1)))
    >>> charge_advice(nh4cl, (("N", 5), ("H", -1))).msg.render("en")
    "By the game's rule alone the charges +5 for N (Nitrogen) and −1 for H (Hydrogen) work: the game's charges, not the oxidation numbers in NH₄Cl (N −3, H +1)"
    """
    cards = card_set()
    charges = AndList(tuple(Msg("ck.charge_for", charge=signed(q), card=_card(cards[s])) for s, q in change))
    real = [(s, identity.oxidation_of(s)) for s, _ in change]
    if all(r is None or r == q for (_, r), (_, q) in zip(real, change)):
        return Step(Msg("ck.real_fixed_charge", charges=charges, n=len(change)))
    numbers = MsgList(tuple(Msg("ck.ox_item", element=s, value=ox_text(r)) for s, r in real if r is not None))
    return Step(Msg("ck.real_fixed_charge_game", charges=charges, n=len(change), formula=identity.unicode,
                    numbers=numbers))


__all__ = ["accepted", "atom_counts", "balance_key", "bonding_steps", "build_states", "card_atoms", "same_atoms", "charge_advice", "differing", "element_headline", "element_name", "en_scales", "exception_examples",
           "acid_anion", "differing_atoms", "formula_of", "isomer_differs", "isomer_key", "isomer_numbers", "isomer_text", "named_isomer", "formula_units", "game_charges", "group_isomer_of", "numbered_isomer", "oligomer", "ring_unit", "ring_units", "identity_of", "ion_text", "label", "ox_text", "charge_costs", "electronegativity_rank", "free_atoms", "free_number", "real_balance", "real_text", "refused",
           "table_label", "unfinished", "units_of"]
