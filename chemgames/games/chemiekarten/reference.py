"""What a compound of cards is in real chemistry: the one place where the game asks the substance
reference (``chemgames.chemistry.substance``) and the textbook formula (``textbook_formula``).

The game's rule (the sheet) decides what may be laid; this module only says what the laid cards
are: a known substance with its name, oxidation numbers and kind of bonding, or a set of cards that
our reference does not know (which is "not known to the reference", never "impossible").

>>> i = identify((("Fe", 1), ("O", 1)))
>>> i.known, i.label, i.formula, i.name.render("de"), i.bonding
(True, 'exists', 'FeO', 'Eisen(II)-oxid', 'ionic')
>>> textbook((("[SO4]2-", 3), ("Fe", 2)))
'Fe2(SO4)3'
"""
from __future__ import annotations

import re

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Sequence

from ...chemistry import format_formula, parse_formula
from ...core.explanation import Text


LABELS = ("exists", "transient", "unknown")  # what the reference says a record is (substances.py)


@dataclass(frozen=True)
class Identity:
    """A set of atoms (and its charge) as the reference knows it.

    ``label``: "exists" (a substance that can be made and kept), "transient" (known only briefly:
    gas phase, flames, space) or "unknown" (no record: allowed only by the game's rule); ``known``
    is any record at all. ``ions``: the real substance's ions ``(formula, charge, count)`` for a
    salt, ``None`` for a molecule."""

    known: bool
    formula: str  # textbook notation: Fe2(SO4)3, CH4, NH4Cl
    unicode: str
    name: Text | None = None  # Stock or systematic name, de and en
    trivial: Text | None = None  # Wasser, Ammoniak, Kochsalz where school uses one
    oxidation: tuple[tuple[str, Fraction], ...] = ()  # element -> as chemists assign it
    average: tuple[tuple[str, tuple[Fraction, ...]], ...] = ()  # element -> the states behind an average
    bonding: str | None = None  # "ionic" | "molecular" | ... as the record classifies it
    source: str = ""
    label: str = "unknown"
    ions: tuple[tuple[str, int, int], ...] | None = None
    bonding_reason: str | None = None  # the record's reason key (metal_nonmetal, nonmetals, network ...)
    note: str | None = None  # the record's note key: "metal_like", "solution_only" (substances.Substance)
    absent_groups: tuple[str, ...] = ()  # groups (reference keys: "HO-1") the real molecule's bonds lack
    ion_units: int = 1  # formula units the ions make up: GaCl2 is Ga+[GaCl4]-, 2 units (substances.Substance)
    note_text: Text | None = None  # the record's note as substances.Substance words it, de and en (the hydrate, s15j)
    minerals: tuple[Text, ...] = ()  # the IMA minerals of exactly this composition, de and en (substances.Substance, s16e)

    def oxidation_of(self, element: str) -> Fraction | None:
        return dict(self.oxidation).get(element)


def _text(de: Any, en: Any) -> Text | None:
    return Text(de=str(de), en=str(en)) if de and en else None


def unicode(formula: str) -> str:
    """A formula with sub- and superscripts: ``Fe₂(SO₄)₃``.

    >>> unicode("Fe2(SO4)3"), unicode("")
    ('Fe₂(SO₄)₃', '')
    """
    try:
        from ...chemistry.substances import to_unicode
    except ImportError:
        return parse_formula(formula).unicode() if formula else ""
    return str(to_unicode(formula)) if formula else ""


def elements_in(formula: str) -> tuple[str, ...]:
    """The element symbols of a formula text in the order written (each once).

    >>> elements_in("Fe2(SO4)3")
    ('Fe', 'S', 'O')
    """
    import re

    return tuple(dict.fromkeys(re.findall(r"[A-Z][a-z]?", formula)))


def _formula_text(counts: Sequence[tuple[str, int]]) -> str:
    return "".join(f"{e}{n if n > 1 else ''}" for e, n in counts)


@lru_cache(maxsize=1)
def _reach() -> tuple[int, int]:
    """The most atoms and the most elements of any entry of the reference: a set of cards beyond
    either is not in it, and is not looked up (the lookup grows fast with the number of metals)."""
    import re

    from ...chemistry.substances import reference

    data = reference()
    most = max(len(re.findall(r"[A-Z]", key.rstrip("+-0123456789"))) for key in data["substances"])
    return int(data["limits"]["max_atoms"]), most


def within_reach(counts: Sequence[tuple[str, int]]) -> bool:
    """Could the reference hold a substance of these atoms at all?

    >>> within_reach((("H", 2), ("O", 1))), within_reach((("O", 30),))
    (True, False)
    """
    atoms, elements = _reach()
    return sum(n for _, n in counts) <= atoms and len(counts) <= elements


def in_reference(counts: Sequence[tuple[str, int]], charge: int = 0) -> bool:
    """Does the reference hold an entry for these atoms? (Its key is the Hill formula with the
    charge; asking this first spares the full analysis of the many sets it does not hold.) A unit the
    reference knows only as rings or chains is held as that molecule: NPCl₂ is a third of (NPCl₂)₃.

    >>> in_reference((("H", 4), ("C", 1))), in_reference((("Au", 1), ("Bi", 1), ("C", 1), ("O", 1)))
    (True, False)
    >>> in_reference((("Cl", 2), ("N", 1), ("P", 1)))
    True
    """
    from ...chemistry.substances import reference, reference_key

    key = reference_key(dict(counts), charge)
    return key in reference()["substances"] or (not charge and key in reference().get("oligomers", {}))


@lru_cache(maxsize=8192)
def identify(counts: tuple[tuple[str, int], ...], charge: int = 0) -> Identity:
    """The substance made of ``counts`` (element, number) with ``charge``, looked up in the reference.
    Nothing (an empty stage, as every board starts) is no substance: answered without reading the
    reference, which the first board then need not wait for (issue 28: the play page reads it
    after the board, in the warm-up's first hint search).

    >>> identify(()).known, identify(()).formula
    (False, '')
    """
    try:
        from ...chemistry import substance
    except ImportError:  # no reference installed: nothing is known to it
        found = False
    else:
        found = bool(counts) and within_reach(counts) and in_reference(counts, charge)
    if not found:
        text = _formula_text(counts)
        return Identity(False, text, unicode(text))
    de = substance(_formula_text(counts), charge=charge, lang="de")
    en = substance(_formula_text(counts), charge=charge, lang="en")
    record_label = label_of(de)
    if record_label == "unknown":
        return Identity(False, de.formula, de.unicode, source=str(de.source or ""))
    oxidation = tuple(sorted((e, Fraction(q)) for e, q in (de.oxidation_states or {}).items()))
    average = tuple(sorted((e, tuple(Fraction(x) for x in qs)) for e, qs in (getattr(de, "average", None) or {}).items()))
    reason = getattr(de, "bonding_reason", None)
    return Identity(True, de.formula, de.unicode, _text(de.name, en.name),
                    _text(getattr(de, "trivial_name", None), getattr(en, "trivial_name", None)),
                    oxidation, average, getattr(de, "bonding", None), str(de.source or ""), record_label,
                    ions_of(de), str(reason[0]) if reason else None, getattr(de, "note_key", None),
                    _absent_groups(de), int(getattr(de, "ion_units", 1) or 1),
                    _text(getattr(de, "note", None), getattr(en, "note", None)),
                    tuple(Text(de=d, en=e) for d, e in zip(getattr(de, "minerals", ()), getattr(en, "minerals", ()))))


def _absent_groups(found: Any) -> tuple[str, ...]:
    try:
        from ...chemistry.substances import absent_groups
    except ImportError:  # an older reference without the groups
        return ()
    return tuple(sorted(absent_groups(found.counts, found.charge)))


def label_of(record: Any) -> str:
    """The record's label ("exists", "transient", "unknown"). A reference without labels (before
    issue 25) knows only "known": a known record then counts as existing.

    >>> from types import SimpleNamespace as R
    >>> label_of(R(label="transient", known=True)), label_of(R(known=True)), label_of(R(known=False))
    ('transient', 'exists', 'unknown')
    """
    label = getattr(record, "label", None)
    if label in LABELS:
        return str(label)
    return "exists" if getattr(record, "known", False) else "unknown"


def ions_of(record: Any) -> tuple[tuple[str, int, int], ...] | None:
    """The record's ions as ``(formula, charge, count)`` (one row per charge: Fe₃O₄ has Fe +2 and
    Fe +3), or ``None`` for a molecule.

    >>> from types import SimpleNamespace as P
    >>> ions_of(P(ions=(P(formula="Fe", count=2, charges=(3, 3)), P(formula="SO4", count=3, charges=(-2, -2, -2)))))
    (('Fe', 3, 2), ('SO4', -2, 3))
    >>> ions_of(P(ions=None)) is None
    True
    """
    parts = getattr(record, "ions", None)
    if not parts:
        return None
    out: Counter[tuple[str, int]] = Counter()
    for p in parts:
        if isinstance(p, tuple):  # (formula, charge, count)
            out[str(p[0]), int(p[1])] += int(p[2])
            continue
        charges = tuple(getattr(p, "charges", ()) or ())
        if charges:
            for q in charges:
                out[str(p.formula), int(q)] += 1
        else:
            out[str(p.formula), int(getattr(p, "charge"))] += int(getattr(p, "count", 1))
    return tuple((f, q, n) for (f, q), n in out.items())


@lru_cache(maxsize=8192)
def textbook(units: tuple[tuple[str, int], ...], atoms: tuple[tuple[str, int], ...] = (),
             charges: tuple[tuple[str, int], ...] = ()) -> str:
    """The formula of a set of units the reference does not hold (element symbols and charged
    groups such as ``[SO4]2-``, each with its count), written by the textbook rule for a salt:
    the cations first (polyatomic ones, then the elements from the least electronegative), then
    uncharged groups, then the anions (single atoms from the least electronegative, then the
    polyatomic ones). ``charges`` are the charges the free cards count with in the build (an
    element with a positive charge is a cation: Am +3 stands first although the data has no
    electronegativity for it; H −1 is a hydride anion, after the metal). A known substance is
    written as the reference writes it.

    >>> textbook((("O", 1), ("Am", 1), ("[OH]-", 1)), charges=(("Am", 3), ("O", -2)))
    'AmO(OH)'
    >>> textbook((("Cl", 3), ("Am", 1)), charges=(("Am", 3), ("Cl", -1)))
    'AmCl3'
    >>> textbook((("H", 1), ("Pt", 1), ("Cl", 1)), charges=(("H", -1), ("Pt", 2), ("Cl", -1)))
    'PtHCl'
    >>> textbook((("[SO4]2-", 3), ("Fe", 2)), charges=(("Fe", 3),)), textbook((("[SO4]2-", 1), ("[NH4]+", 1), ("H", 1)))
    ('Fe2(SO4)3', 'NH4HSO4')

    Every polyatomic ion stands in parentheses when it is counted more than once or stands beside
    another ion of its sign, so no formula runs two ions together ("BaClOH" hides the hydroxide):

    >>> textbook((("Ba", 1), ("Cl", 1), ("[OH]-", 1)), charges=(("Ba", 2), ("Cl", -1)))
    'BaCl(OH)'
    >>> textbook((("Pt", 1), ("[ClO]-", 1), ("[OH]-", 1)), charges=(("Pt", 2),))
    'Pt(ClO)(OH)'
    >>> textbook((("Pb", 1), ("Cl", 1), ("[ClO]-", 1))), textbook((("Cr", 1), ("O", 1), ("[OH]-", 1)))
    ('PbCl(ClO)', 'CrO(OH)')
    >>> textbook((("[OH]-", 2), ("Bi", 1), ("Cl", 1)))
    'BiCl(OH)2'
    >>> textbook((("[BiO]+", 1), ("Au", 1), ("C", 1)), charges=(("Au", 3), ("C", -4)))
    '(BiO)AuC'
    >>> textbook((("B", 1), ("Au", 1), ("O", 2)), charges=(("B", 3), ("Au", 1), ("O", -2)))
    'AuBO2'
    """
    try:
        from ...chemistry.substances import electronegativity, is_metal
    except ImportError:  # no reference installed: the units as given
        return format_formula(list(units))
    given = dict(charges)

    def en_of(symbol: str) -> float:
        en = electronegativity(symbol)
        if en is not None:
            return en
        return 1.0 if is_metal(symbol) else 4.0  # americium and the actinides beyond lack a value

    def sign(label: str) -> int:
        group = parse_formula(label)
        if group.charge:
            return 1 if group.charge > 0 else -1
        if label in given:
            q = given[label]
            return (q > 0) - (q < 0)
        if sum(group.counts.values()) == 1:  # a card without a charge given: a metal is a cation
            return 1 if is_metal(label) else 0
        return 0

    def many(label: str) -> bool:
        return sum(parse_formula(label).counts.values()) > 1

    def rank(unit: tuple[str, int]) -> tuple[int, int, int, float, str]:
        label = unit[0]
        group = parse_formula(label)
        side = {1: 0, 0: 1, -1: 2}[sign(label)]
        poly = many(label)
        # cations: polyatomic first (NH4Fe(SO4)2); anions: single atoms first (PbCl(ClO))
        sub = (0 if poly else 1) if side == 0 else (1 if poly else 0)
        # a metal cation before a non-metal one, whatever their electronegativities: AuBO2 (Au 2.54 > B 2.04),
        # as AgBO2 (review25e L15: 'BAuO2')
        nonmetal = int(side == 0 and not poly and not is_metal(group.elements[0]))
        return (side, sub, nonmetal, en_of(group.elements[0]), label)

    ordered = sorted(units, key=rank)
    by_side: dict[int, int] = {}
    for label, _ in ordered:
        by_side[sign(label)] = by_side.get(sign(label), 0) + 1
    out: list[str] = []
    apart = _oxo_cation_apart(ordered, sign, many)
    for i, (label, n) in enumerate(ordered):
        group = parse_formula(label)
        body = label[1:label.index("]")] if label.startswith("[") else label
        # a group whose first element would follow the same element ("ClClO", "OOH") is set apart
        runs_on = bool(out) and re.findall(r"[A-Z][a-z]?", out[-1])[-1] == group.elements[0]
        beside = by_side[sign(label)] > 1 or (sign(label) == 0 and len(ordered) > 1)
        if many(label) and (runs_on or n > 1 or beside or i in apart):
            out.append(f"({body}){n if n > 1 else ''}")
        else:
            out.append(format_formula([(label, n)]))
    return "".join(out)


def _oxo_cation_apart(ordered: Sequence[tuple[str, int]], sign: Any, many: Any) -> set[int]:
    """The positions of units to set in parentheses beside an oxo cation (BiO⁺, UO₂²⁺, PuO₂²⁺) so that no
    hydroxide or other group is read into the formula (review25e L12): the cation and a hydride H
    after it ("(BiO)H", not "BiOH", which reads as Bi-O-H), or the cation and a single polyatomic anion
    after it ("(BiO)(ClO)", not "BiOClO").

    >>> textbook((("[BiO]+", 1), ("H", 1)), charges=(("H", -1),)), textbook((("[BiO]+", 1), ("[ClO]-", 1)))
    ('(BiO)H', '(BiO)(ClO)')
    >>> textbook((("[BiO]+", 1), ("Cl", 1))), textbook((("[UO2]2+", 1), ("[ClO]-", 2)))
    ('BiOCl', 'UO2(ClO)2')

    Hydronium is no metal's oxo cation: its single anion follows without parentheses, as ammonium's
    does (review25f L7: "(H3O)(ClO4)" against the rule of counted or same-sign ions):

    >>> textbook((("[H3O]+", 1), ("[ClO4]-", 1))), textbook((("[NH4]+", 1), ("[ClO4]-", 1)))
    ('H3OClO4', 'NH4ClO4')
    """
    from ...chemistry.substances import is_metal  # textbook() returned before this without the reference

    out: set[int] = set()
    for i, (label, _) in enumerate(ordered[:-1]):
        nxt, k = ordered[i + 1]
        group = parse_formula(label)
        if sign(label) > 0 and many(label) and group.elements[-1] == "O" and (
                nxt == "H" or (many(nxt) and k == 1 and sign(nxt) < 0 and is_metal(group.elements[0]))):
            out.add(i)
            if many(nxt):
                out.add(i + 1)
    return out


__all__ = ["LABELS", "Identity", "elements_in", "identify", "ions_of", "label_of", "in_reference", "textbook", "unicode", "within_reach"]
