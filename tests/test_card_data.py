"""Checks of the card data of Das Chemie-Kartenspiel (``data/cards.json`` and ``data/decks.json``).

The data is read straight from the JSON files, independent of the engine, so a broken engine does
not hide a broken card list (and the other way round). Formulas are parsed by a tiny regex parser
of their own; the design reasons are in docs/rules/chemiekarten-cards.md.
"""
from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[1] / "chemgames" / "games" / "chemiekarten" / "data"
CARDS = json.loads((DATA / "cards.json").read_text("utf-8"))
DECKS = json.loads((DATA / "decks.json").read_text("utf-8"))
BY_SYMBOL = {c["symbol"]: c for c in CARDS["cards"]}
ELEMENTS = {s: c for s, c in BY_SYMBOL.items() if s != "Proto"}
CARD_KEYS = {"symbol", "name", "charges", "points", "tier", "stable", "radioactive", "artificial",
             "black_border", "combinations", "text"}
FLAGS = ("stable", "radioactive", "artificial", "black_border")
NOBLE_GASES = {"He", "Ne", "Ar", "Kr", "Xe", "Rn"}

# ---------------------------------------------------------------- a tiny formula parser
FORMULA = re.compile(r"\[?([A-Z][a-z]?\d*)+\]?(\d*[+-])?")
ATOM = re.compile(r"([A-Z][a-z]?)(\d*)")


def parse(formula: str) -> tuple[Counter, int]:
    """``'[S2O8]2-'`` -> (Counter({'O': 8, 'S': 2}), -2); raise ValueError if it is no formula."""
    if not FORMULA.fullmatch(formula):
        raise ValueError(f"{formula!r} is not a formula")
    bracketed = formula.startswith("[")
    m = re.fullmatch(r"\[([^\[\]]+)\](\d*)([+-])", formula) if bracketed else None
    if bracketed and not m:
        raise ValueError(f"{formula!r}: a bracketed group needs ']' and a charge after it")
    if not bracketed and ("]" in formula or formula[-1] in "+-"):
        raise ValueError(f"{formula!r}: a charged group must be written in brackets")
    body = m[1] if m else formula
    counts: Counter = Counter()
    for element, n in ATOM.findall(body):
        if n.startswith("0"):
            raise ValueError(f"{formula!r}: bad count {n}")
        counts[element] += int(n or 1)
    charge = 0
    if m:
        charge = int(m[2] or 1) * (1 if m[3] == "+" else -1)
    return counts, charge


def test_parser_itself():
    assert parse("[S2O8]2-") == (Counter({"S": 2, "O": 8}), -2)
    assert parse("[NH4]+") == (Counter({"N": 1, "H": 4}), 1)
    assert parse("SO3") == (Counter({"S": 1, "O": 3}), 0)
    for bad in ("SO4 2-", "SO42-", "[SO4", "SO4]2-", "[SO4]", "so3", "S0O3", "Ca(OH)2"):
        with pytest.raises(ValueError):
            parse(bad)


# ---------------------------------------------------------------- schema
def test_schema():
    assert set(CARDS) == {"cards"}
    symbols = [c["symbol"] for c in CARDS["cards"]]
    assert len(symbols) == len(set(symbols)), "every symbol once"
    for c in CARDS["cards"]:
        assert set(c) == CARD_KEYS, c["symbol"]
        assert set(c["name"]) == {"de", "en"} and all(c["name"].values()), c["symbol"]
        assert set(c["text"]) == {"de", "en"} and all(c["text"].values()), c["symbol"]
        assert isinstance(c["points"], int) and not isinstance(c["points"], bool)
        assert all(isinstance(c[f], bool) for f in FLAGS), c["symbol"]
        assert all(isinstance(q, int) and not isinstance(q, bool) for q in c["charges"]), c["symbol"]
        assert isinstance(c["combinations"], list)
        for combo in c["combinations"]:
            assert set(combo) == {"formula", "points"}, c["symbol"]
            assert isinstance(combo["points"], int) and not isinstance(combo["points"], bool)


def test_set_size():
    assert 35 <= len(ELEMENTS) <= 45


def test_symbols_are_real_elements():
    periodictable = pytest.importorskip("periodictable")
    for s in ELEMENTS:
        assert periodictable.elements.symbol(s).symbol == s


def test_protomaterie():
    p = BY_SYMBOL["Proto"]
    assert p["name"] == {"de": "Protomaterie", "en": "Protomatter"}
    assert p["charges"] == [] and p["points"] == 0 and p["tier"] == "proto" and p["combinations"] == []
    assert not any(p[f] for f in FLAGS)


def test_tiers_points_charges():
    for s, c in ELEMENTS.items():
        assert c["tier"] in (1, 2, 3), s
        assert c["points"] >= 1, s
        q = c["charges"]
        assert 1 <= len(q) <= 3 and len(set(q)) == len(q), s
        if 0 in q:
            assert q == [0] and s in NOBLE_GASES and c["stable"], f"{s}: charge 0 only for noble gases"
        else:
            assert s not in NOBLE_GASES
            assert all(-4 <= x <= 7 for x in q), s
    # points grow with the tier: the average of each tier is above the one below
    mean = {t: sum(c["points"] for c in ELEMENTS.values() if c["tier"] == t) /
            sum(1 for c in ELEMENTS.values() if c["tier"] == t) for t in (1, 2, 3)}
    assert mean[1] < mean[2] < mean[3]


def test_flags_are_real():
    periodictable = pytest.importorskip("periodictable")
    for s, c in ELEMENTS.items():
        z = periodictable.elements.symbol(s).number
        # no stable isotope: Tc, Pm and everything from Po on (Bi-209 counts as stable)
        assert c["radioactive"] == (z in (43, 61) or z >= 84), s
        # made by people: Tc, Pm and the transuranium elements
        assert c["artificial"] == (z in (43, 61) or z >= 93), s
        if c["artificial"]:
            assert c["radioactive"] and 3 <= c["points"] <= 8, s
    assert {s for s, c in ELEMENTS.items() if c["black_border"]} <= {"Pb", "W", "Bi", "Ba", "B", "U", "Fe", "Ta"}
    assert sum(c["black_border"] for c in ELEMENTS.values()) >= 3
    assert sum(c["radioactive"] for c in ELEMENTS.values()) >= 4
    assert sum(c["artificial"] for c in ELEMENTS.values()) >= 2
    for s in ("He", "Ne", "Ar", "Au", "Pt", "C", "S"):
        assert ELEMENTS[s]["stable"], s
    for s in ("H", "O", "N", "Cl", "F", "Na", "K", "Fe"):
        assert not ELEMENTS[s]["stable"], s


# ---------------------------------------------------------------- combinations
def all_combos():
    return [(s, combo) for s, c in ELEMENTS.items() for combo in c["combinations"]]


def test_combinations():
    seen = set()
    for s, combo in all_combos():
        f = combo["formula"]
        assert f not in seen, f"{f} printed on two cards"
        seen.add(f)
        counts, charge = parse(f)
        assert s in counts, f"{f} does not contain its defining element {s}"
        assert set(counts) <= set(ELEMENTS), f"{f} uses an element that is no card"
        assert sum(counts.values()) >= 2, f"{f} is a single card"
        parts = sum(n * ELEMENTS[e]["points"] for e, n in counts.items())
        assert combo["points"] > parts, f"{f}: {combo['points']} points, parts {parts}"
        assert combo["points"] % 5 == 0 or combo["points"] < 10, f
        assert abs(charge) <= 4, f
    assert len(seen) >= 30


def test_combinations_grow_with_size_on_each_card():
    for s, c in ELEMENTS.items():
        sized = sorted((sum(parse(x["formula"])[0].values()), x["points"]) for x in c["combinations"])
        for (n1, p1), (n2, p2) in zip(sized, sized[1:]):
            assert p1 <= p2 or n1 == n2, f"{s}: a larger combination is worth less"


# ---------------------------------------------------------------- facts from the rule sheet
def combos_of(symbol):
    return {x["formula"]: x["points"] for x in ELEMENTS[symbol]["combinations"]}


def test_rule_sheet_facts():
    h, o, cl, s = ELEMENTS["H"], ELEMENTS["O"], ELEMENTS["Cl"], ELEMENTS["S"]
    assert 1 in h["charges"] and set(h["charges"]) <= {1, -1} and h["points"] == 1
    assert cl["charges"] == [-1] and cl["points"] == 2
    assert h["points"] + cl["points"] == 3  # Beispiel 1
    assert o["charges"] == [-2] and o["points"] == 1
    assert s["points"] == 2 and s["charges"] == [4, 2] and s["stable"]
    sc = combos_of("S")
    assert sc["SO3"] == 15 and sc["[SO4]2-"] == 20 and sc["SO2"] == 15 and sc["[S2O8]2-"] == 50
    assert "[ClO4]-" in combos_of("Cl")
    assert parse("[ClO4]-")[1] == -1
    assert 2 in ELEMENTS["Cu"]["charges"] and set(ELEMENTS["Cu"]["charges"]) <= {2, 1}
    assert ELEMENTS["Fe"]["charges"][0] == 3 and 2 in ELEMENTS["Fe"]["charges"]
    # Beispiel 3: S (+4) with three O: the charges allow SO2 only, the combination gives 15 not 5
    assert s["points"] + 3 * o["points"] == 5


# ---------------------------------------------------------------- decks
def tier_counts(deck):
    t = Counter()
    for s, n in deck.items():
        t[BY_SYMBOL[s]["tier"]] += n
    return t


def check_deck(deck, size, proto, limit2, limit3):
    assert set(deck) <= set(BY_SYMBOL)
    assert all(isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in deck.values())
    assert sum(deck.values()) == size
    assert deck.get("Proto") == proto
    t = tier_counts(deck)
    assert t[2] <= limit2 and t[3] <= limit3, t


def test_decks_schema():
    assert set(DECKS) == {"family", "competitive"}
    assert list(DECKS["competitive"]) == ["Starter A", "Starter B", "Starter C", "Starter D"]


def test_family_deck():
    deck = DECKS["family"]
    check_deck(deck, 108, 10, 30, 8)
    for s in ("H", "O", "Cl", "Na", "S", "Fe", "Cu"):
        assert deck.get(s, 0) >= 2, s
    assert deck["H"] >= 8 and deck["O"] >= 10 and deck["Cl"] >= 6 and deck["Na"] >= 4
    kinds = [ELEMENTS[s] for s, n in deck.items() if s != "Proto" for _ in range(n)]
    assert sum(c["radioactive"] for c in kinds) >= 5
    assert sum(c["black_border"] for c in kinds) >= 5
    assert sum(c["artificial"] for c in kinds) >= 2
    assert 0.5 <= charge_ratio(deck) <= 2.0


def test_every_combination_can_be_built_from_the_family_deck():
    # Protomaterie never stands in for the defining element, so the deck must hold enough of it
    for s, card in ELEMENTS.items():
        for combo in card["combinations"]:
            counts, _ = parse(combo["formula"])
            assert DECKS["family"].get(s, 0) >= counts[s], (combo["formula"], DECKS["family"].get(s, 0))


def charge_ratio(deck):
    """Cation charge (smallest charge of cards that are only positive) over anion charge (cards
    that are only negative): near 1 the hands can balance; H, C, N, P (both signs) and the noble
    gases are left out."""
    plus = minus = 0
    for s, n in deck.items():
        q = BY_SYMBOL[s]["charges"]
        if q and min(q) > 0:
            plus += n * min(q)
        elif q and max(q) < 0:
            minus -= n * min(q)
    return plus / minus


@pytest.mark.parametrize("name", ["Starter A", "Starter B", "Starter C", "Starter D"])
def test_starter_decks(name):
    deck = DECKS["competitive"][name]
    check_deck(deck, 54, 5, 15, 4)
    assert deck.get("O", 0) >= 8 and deck.get("Cl", 0) >= 5, "enough anions to balance the cations"
    assert 0.5 <= charge_ratio(deck) <= 2.0
    assert any(ELEMENTS[s]["radioactive"] for s in deck if s != "Proto")
    assert any(ELEMENTS[s]["black_border"] for s in deck if s != "Proto")


def test_every_card_is_in_some_deck():
    used = set(DECKS["family"]).union(*DECKS["competitive"].values())
    assert used == set(BY_SYMBOL)


def test_starter_decks_differ():
    decks = list(DECKS["competitive"].values())
    for i, a in enumerate(decks):
        for b in decks[i + 1:]:
            common = sum((Counter(a) & Counter(b)).values())
            assert common <= 40, "starter decks should have their own character"


def test_engine_accepts_the_data():
    cards = pytest.importorskip("chemgames.games.chemiekarten.cards")
    assert set(cards.card_set()) == set(BY_SYMBOL)
    assert cards.check_deck(cards.family_deck(), "family") == []
    for deck in cards.starter_decks().values():
        assert cards.check_deck(deck, "competitive") == []
    for combo in cards.combinations().values():
        counts, charge = parse(combo.formula)
        assert combo.parsed.counts == dict(counts) and combo.charge == charge
