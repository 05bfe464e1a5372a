"""Review s23c of Das Chemie-Kartenspiel (the ninth: seeds 99150-99299, bench/records/review-s23c/).

H1 (a false statement in a headline). The cards Ca + Cl + [ClO₄]⁻ (3 times in the harvest; Ca + [ClO₃]⁻ + [ClO]⁻ once
alike) read "CaCl(ClO₄) aus diesen Karten: so gibt es den
Stoff nicht; dieselbe Zusammensetzung hat Calciumchlorit Ca(ClO₂)₂, mit denselben Oxidationszahlen wie die Karten, aber
anders gruppiert". The cards' two Cl atoms are −1 (the free Cl card's charge) and +7 (the perchlorate's Cl); both Cl
atoms of calcium chlorite are +3. Only the mean agrees ((−1 + 7)/2 = +3). Before s22b the headline listed
"Ca(ClO₂)₂, Cl +3, O −2": O −2 is the cards' own number (the perchlorate's O), repeated as if it differed. The headline
now names the numbers that differ from the cards' atom by atom ("Cl +3"), and says "the same oxidation numbers as the
cards" only where every element's atoms have the cards' numbers (MnH(BO₃) beside Mn(BO₂)(OH): Mn +2, B +3, O −2, H +1).

Every number is checked against sources outside the engine: pymatgen's first oxidation-state guess for the real salt
and RDKit's bond-graph numbers on the card's ion drawn here or on a structure shipped in `chemicals`.
"""
from __future__ import annotations

import re
import sys
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE / "truth"))
from test_chemiekarten_audit import _verdict  # noqa: E402
from test_chemiekarten_review_s17f import _build  # noqa: E402
import truthlib  # noqa: E402

#: the card ions drawn here (SMILES): RDKit's bond-graph numbers give each atom's number
IONS = {"[ClO4]-": "[O-][Cl](=O)(=O)=O", "[BO3]3-": "[O-]B([O-])[O-]", "[ClO3]-": "[O-][Cl](=O)=O",
        "[ClO]-": "[O-][Cl]", "[BrO3]-": "[O-][Br](=O)=O", "[IO3]-": "[O-][I](=O)=O"}
_NUMBER = re.compile(r"([A-Z][a-z]?) ([+−])(\d+)(?:/(\d+))?")


def _guess(formula: str) -> dict[str, Fraction]:
    from chemgames.chemistry.formula import parse_formula

    counts = dict(parse_formula(formula).counts)
    return truthlib.pymatgen_guesses(truthlib.Row(0, "", [formula], "", 0, counts, [], [], [], [], "", [], None, []))[0]


def _card_atoms(parts: list[str], charges: dict[str, int], ions: dict[str, str] = IONS) -> dict[str, Counter]:
    """Each element's atoms with the numbers the cards give them: a free card its charge, a group's atoms RDKit's
    (``ions``: the groups' structures, SMILES)."""
    atoms: dict[str, Counter] = {}
    for p in parts:
        numbers = truthlib.rdkit_ox(ions[p]) if p in ions else {p: (Fraction(charges[p]),)}
        for e, qs in numbers.items():
            atoms.setdefault(e, Counter()).update(qs)
    return atoms


def _numbers_after(headline: str, formula: str) -> dict[str, Fraction]:
    tail = headline.split(formula, 1)[1]
    return {e: (1 if s == "+" else -1) * Fraction(int(n), int(d or 1)) for e, s, n, d in _NUMBER.findall(tail)}


@pytest.mark.parametrize("parts, cl", [
    (["Ca", "Cl", "[ClO4]-"], {-1: 1, 7: 1}),  # seed 99150 ff.: the free Cl card −1, the perchlorate's Cl +7
    (["Ca", "[ClO3]-", "[ClO]-"], {5: 1, 1: 1}),  # the chlorate's Cl +5, the hypochlorite's +1
])
def test_a_chlorite_build_headline_names_cl_plus_3_and_not_the_same_numbers(parts: list[str], cl: dict[int, int]) -> None:
    """H1: the cards' Cl atoms are −1 and +7 (or +5 and +1), calcium chlorite's are +3 and +3 (RDKit on the
    ``chemicals`` record's structure; pymatgen's default guess list has no Cl +3): the headline says Cl +3, not O −2
    (the cards' own number, RDKit on the card ions), and never "the same oxidation numbers as the cards"."""
    from chemicals.identifiers import search_chemical

    v = _verdict(*_build(parts))
    assert v.ok and v.label == "other" and v.identity.formula == "Ca(ClO2)2"
    record = search_chemical("calcium chlorite")  # the PubChem record shipped in ``chemicals``
    assert record.formula == "CaCl2O4"
    real = truthlib.rdkit_ox(record.smiles)
    assert real == {"Ca": (2,), "Cl": (3, 3), "O": (-2,) * 4}, real
    cards = _card_atoms(parts, v.charges)
    assert cards["Cl"] == Counter({Fraction(q): n for q, n in cl.items()}) and set(cards["O"]) == {Fraction(-2)}
    for lang, same in (("de", "mit denselben Oxidationszahlen"), ("en", "with the same oxidation numbers")):
        head = v.headline.render(lang)
        assert same not in head, head
        shown = _numbers_after(head, "Ca(ClO₂)₂")
        # every number shown is the real salt's, and differs from some card atom of that element
        assert shown == {"Cl": 3}, head
        assert all(set(cards[e]) != {q} for e, q in shown.items()), head


@pytest.mark.parametrize("parts, real", [
    (["Mn", "H", "[BO3]3-"], "Mn(BO₂)(OH)"),  # Mn +2, B +3, O −2, H +1: every atom as the cards
    (["Mg", "H", "[BO3]3-"], "Mg(BO₂)(OH)"),
])
def test_a_regrouped_headline_says_same_numbers_only_when_every_atom_has_them(parts: list[str], real: str) -> None:
    """The regrouped wording stays where it is true atom by atom (pymatgen's guess against the cards' atoms)."""
    v = _verdict(*_build(parts))
    guess = _guess(v.identity.formula)
    cards = _card_atoms(parts, v.charges)
    assert all(set(cards[e]) == {guess[e]} for e in guess), (cards, guess)
    for lang, same in (("de", "mit denselben Oxidationszahlen wie die Karten"),
                       ("en", "with the same oxidation numbers as the cards")):
        head = v.headline.render(lang)
        assert real in head and same in head and not _numbers_after(head, real), head


# ---- H2: methanediol CH2(OH)2 was called "no such substance is known" ------------------------------------------------
#
# The cards C + 2 H + 2 [OH]⁻ (every 'other' build of one or two element kinds beside one or two of one combination,
# bench/records/review-s23c/others.txt; not met in the harvest) read "CH₂(OH)₂ aus diesen Karten: so gibt es den Stoff
# nicht; dieselbe Zusammensetzung hat Methylhydroperoxid CH₄O₂". CH₂(OH)₂ is methanediol (methylene glycol), the hydrate
# of formaldehyde: PubChem's record shipped in ``chemicals`` (CAS 463-57-0, SMILES C(O)O); "formaldehyde is hydrated and
# partially polymerized in aqueous solutions, being present as an equilibrium mixture of the monohydrate, methylene
# glycol, and polymeric hydrates" (J. F. Walker, Formaldehyde, ACS Monograph, ch. 5); "In aqueous solutions formaldehyde
# is mainly dissolved chemically" (Hasse & Maurer, Ind. Eng. Chem. Res. 30 (1991) 2195); made as a single molecule and
# detected in the gas (Zhu, Kleimeier, Turner, Singh, Fortenberry & Kaiser, PNAS 119 (2022) e2111938119). The OH groups of
# the cards (O −2, H +1, RDKit on OH⁻) are methanediol's, not methyl hydroperoxide's (O −1: RDKit on its record, COO).

def test_the_cards_c_2h_2oh_are_methanediol_in_the_sources() -> None:
    from chemicals.identifiers import search_chemical

    diol, peroxide = search_chemical("463-57-0"), search_chemical("methyl hydroperoxide")
    assert diol.formula == peroxide.formula == "CH4O2" and diol.common_name == "methanediol"
    assert truthlib.rdkit_ox(diol.smiles) == {"C": (0,), "O": (-2, -2), "H": (1, 1, 1, 1)}
    assert set(truthlib.rdkit_ox(peroxide.smiles)["O"]) == {-1}
    assert truthlib.rdkit_ox("[OH-]") == {"O": (-2,), "H": (1,)}  # the card's group


@pytest.mark.parametrize("lang, words, never", [
    ("de", ("das ist Methandiol CH₂(OH)₂", "Formaldehyd", "Methylhydroperoxid"), ("so gibt es den Stoff nicht",)),
    ("en", ("this is methanediol CH₂(OH)₂", "formaldehyde", "methyl hydroperoxide"), ("no such substance is known",)),
])
def test_methanediol_is_named_for_the_cards_c_2h_2oh(lang: str, words: tuple[str, ...], never: tuple[str, ...]) -> None:
    """H2: the headline names methanediol and how it is known; the numbers line names methanediol's numbers (C 0,
    H +1, O −2: RDKit above), not methyl hydroperoxide's under a headline about methanediol; the table label agrees."""
    from chemgames.games.chemiekarten import truth

    v = _verdict(*_build(["C", "H", "H", "[OH]-", "[OH]-"]))
    assert v.ok and v.label == "other"  # not our reference's substance: game-only by the rules, as cyanic acid
    text = v.headline.render(lang) + " " + " ".join(s.msg.render(lang) for s in v.steps)
    assert all(w in text for w in words) and not any(w in text for w in never), text
    ox = [s.msg.render(lang) for s in v.steps if s.msg.render(lang).startswith(("Oxidationszahlen", "Oxidation numbers"))]
    assert len(ox) == 1 and "CH₂(OH)₂" in ox[0] and all(p in ox[0] for p in ("C 0", "H +1", "O −2")), ox
    label = truth.table_label(v.label, v.identity, v.formula)
    assert label is not None and ("Methandiol" if lang == "de" else "methanediol") in label["text"].render(lang)



# ---- A3: the self-audit misread SCl4's bonding in German -------------------------------------------------------------
#
# bench/bench_truth_audit.py --games 150 --first 99150 reported one false statement: "[language] SCl4: bonding: German
# 'ionic', English 'None'". The two texts say the same (the numbers and lines agree); the checker read no class from
# the English bonding sentence "Non-metals only: in SCl₄, sulfur and chlorine share electron pairs. Whether the solid
# consists of SCl₄ molecules or of the ions SCl₃⁺ and Cl⁻ is not certain ..." and "ionic" from the German cold-only
# note's "wahrscheinlich als Salz SCl₃⁺Cl⁻" further down. SCl4's truth row allows "molecular|ionic"; both languages now
# read "molecular" from the bonding sentence itself, as for every "A molecule: non-metals only" sentence.

def test_the_audit_reads_scl4s_bonding_alike_in_both_languages() -> None:
    import audit

    v = _verdict(["S", "Cl", "Cl", "Cl", "Cl"])
    en, de = ([s.msg.render(lang) for s in v.steps] for lang in ("en", "de"))
    b_en = audit.bonding_of(en)
    b_de = next(((c, line) for line in de for c, pat in audit.BOND_WORDS_DE if re.search(pat, line)), None)
    assert b_en is not None and b_de is not None, (b_en, b_de)
    assert b_en[0] == b_de[0] == "molecular", (b_en, b_de)
    row = next(r for r in truthlib.read_rows() if r.formulas[0] == "SCl4")
    assert b_en[0] in row.bonding
