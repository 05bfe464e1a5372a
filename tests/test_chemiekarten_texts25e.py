"""Das Chemie-Kartenspiel: the texts a student reads in play say what their numbers are (review25e).

Each test replays a case of the independent review (/work/wt/_notes/review25e.md) through the game's
public API and checks the printed facts against a source that is not the game's data: pymatgen's
oxidation-state guesses for the numbers of a substance, molmass for the atoms of an ion, and the
game's own rule (``is_legal``) for advice about what would work.
"""
from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from helpers import do, game_with
from mendeleev_table import elements

import chemgames
from chemgames.games.chemiekarten.cards import card_set

SUB = str.maketrans("₀₁₂₃₄₅₆₇₈₉⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻−", "0123456789" "0123456789" "+--")


def verdict(hand: list[str], steps: list[tuple[str, dict]], lang: str = "de", **options):
    g = game_with(hand, lang=lang, **options)
    last = None
    for kind, params in steps:
        last = do(g, kind, **params)
    return g, g.check(chemgames.Action(g.id, 0, "confirm")), last


def sel(*cards: str) -> list[tuple[str, dict]]:
    return [("select", {"card": c}) for c in cards]


def combo(formula: str) -> tuple[str, dict]:
    return ("combine", {"formula": formula, "proto": 0})


def charge(element: str, q: int) -> tuple[str, dict]:
    return ("charge", {"element": element, "charge": q})


def terms_of(line: str) -> list[tuple[int, int]]:
    """'… ⟨1·(+1) + 1·(−1) = 0⟩' -> [(1, 1), (1, -1)]."""
    eq = line.split(": ", 1)[1].translate(SUB)
    return [(int(n), int(q)) for n, q in re.findall(r"(\d+)·\(([+-]?\d+)\)", eq.split("=")[0])]


def without_charge(ion: str, charge: int) -> str:
    """'NO3-' -> 'NO3', 'SO42-' -> 'SO4' (an ion as printed, its charge ``charge`` cut off)."""
    tail = (str(abs(charge)) if abs(charge) > 1 else "") + ("+" if charge > 0 else "-")
    assert ion.endswith(tail), (ion, charge)
    return ion[: -len(tail)]


def guessed(formula: str) -> dict[str, int]:
    """pymatgen's first oxidation-state guess for ``formula`` (any state it knows)."""
    pytest.importorskip("pymatgen.core")
    from pymatgen.core import Composition

    guess = Composition(formula).oxi_state_guesses(all_oxi_states=True)[0]
    return {e: int(round(q)) for e, q in guess.items()}


def atoms(formula: str) -> dict[str, int]:
    molmass = pytest.importorskip("molmass")
    return {e: int(c.count) for e, c in molmass.Formula(formula).composition().items()}


# ---------------------------------------------------------------- H1: a group card's charge is no oxidation number
@pytest.mark.parametrize("hand,steps,formula", [
    (["H", "Cl", "O"], sel("H") + [combo("[ClO]-")], "HClO"),
    (["H", "H", "O"], [combo("[OH]-")] + sel("H"), "H2O"),
    (["H", "N", "O", "O", "O"], sel("H") + [combo("[NO3]-")], "HNO3"),
    (["H", "H", "C", "O", "O", "O"], sel("H", "H") + [combo("[CO3]2-")], "H2CO3"),
])
def test_a_molecule_built_with_a_group_card_adds_the_cards_charges_and_then_its_oxidation_numbers(hand, steps, formula):
    """review25e H1: "HClO … Summe der Oxidationszahlen ⟨1·(+1) + 1·(−1) = 0⟩" added the −1 of the ClO⁻ card
    as if it were an oxidation number; 10 % of all laid compounds."""
    for lang, cards_title, ox_title in (("de", "Summe der Kartenladungen", "Summe der Oxidationszahlen"),
                                        ("en", "Sum of the card charges", "Sum of the oxidation numbers")):
        g, e, last = verdict(hand, steps, lang)
        assert e.ok, e
        assert not any(x.startswith(ox_title + ":") for x in e.lines), e.lines
        card_line = next(x for x in e.lines if x.startswith(cards_title + ":"))
        assert any(q == -combo_q for _, q in terms_of(card_line) for combo_q in (1, 2))  # the group's charge stays there
        real = next(x for x in e.lines if x.startswith(f"{ox_title} in "))
        # the real line adds every atom's oxidation number: the counts are the formula's atoms and the
        # numbers pymatgen's guesses (all states), each element once per number
        want = Counter([(n, guessed(formula)[el]) for el, n in atoms(formula).items()])
        assert Counter(terms_of(real)) == want, (real, want)
        assert sum(n * q for n, q in terms_of(real)) == 0
        # and the running balance while building says the same
        running = [x for x in last.lines if "·(" in x]
        assert running and not any(x.startswith(ox_title) for x in running), running


def test_a_molecule_of_single_cards_still_adds_its_oxidation_numbers():
    g, e, last = verdict(["H", "H", "O"], sel("H", "H", "O"), "en")
    line = next(x for x in e.lines if x.startswith("Sum of the oxidation numbers:"))
    assert sorted(terms_of(line)) == sorted((n, guessed("H2O")[el]) for el, n in atoms("H2O").items())
    assert not any(x.startswith("Sum of the oxidation numbers in") for x in e.lines)  # said once


# ---------------------------------------------------------------- M9: single cards are no ions of a salt
@pytest.mark.parametrize("hand,steps,formula,ions", [
    (["K", "N", "O", "O", "O"], sel("K", "N", "O", "O", "O") + [charge("N", 5)], "KNO3", [("K", 1), ("NO3", -1)]),
    (["Na", "O", "H"], sel("Na", "O", "H"), "NaOH", [("Na", 1), ("OH", -1)]),
    (["Na", "B", "O", "O"], sel("Na", "B", "O", "O"), "NaBO2", [("Na", 1), ("BO2", -1)]),
])
def test_a_salt_of_single_cards_is_balanced_by_its_real_ions(hand, steps, formula, ions):
    """review25e M9: "Ladungsbilanz der Ionen ⟨1·(+1) + 1·(+5) + 3·(−2) = 0⟩ … die Ladungen sind hier
    Ionenladungen" for KNO₃ from K, N and three O: there is no N⁵⁺ and no O²⁻ ion in potassium nitrate."""
    g, e, _ = verdict(hand, steps, "de")
    assert e.ok, e
    assert not any("Ionenladungen" in x for x in e.lines), e.lines
    assert not any(x.startswith("Ladungsbilanz der Ionen:") for x in e.lines), e.lines
    assert any(x.startswith("Summe der Kartenladungen:") for x in e.lines)
    line = next(x for x in e.lines if x.startswith("Ladungsbilanz der Ionen in "))
    shown = re.search(r"\((.*)\):", line).group(1).translate(SUB)
    printed = [without_charge(text, q) for text, (_, q) in zip(shown.split(", "), ions)]
    assert printed == [ion for ion, _ in ions]
    assert terms_of(line) == [(1, q) for _, q in ions]
    # independent: the ions hold exactly the salt's atoms (molmass), and each ion's charge is the sum of
    # pymatgen's oxidation numbers of its atoms
    total: Counter[str] = Counter()
    for ion, q in ions:
        total.update(atoms(ion))
        assert sum(n * guessed(formula)[el] for el, n in atoms(ion).items()) == q
    assert dict(total) == atoms(formula)
    en = e.in_lang("en")
    assert not any("ion charges" in x and not x.startswith("Balance of the ion charges in") for x in en.lines), en.lines


def test_a_salt_of_its_ion_cards_keeps_the_ion_balance():
    g, e, _ = verdict(["K", "N", "O", "O", "O"], sel("K") + [combo("[NO3]-")], "de")
    assert "Ladungsbilanz der Ionen: 1·(+1) + 1·(−1) = 0" in e.lines
    assert not any(x.startswith("Ladungsbilanz der Ionen in") for x in e.lines)


# ---------------------------------------------------------------- M4: the variant's refusal does not allow
def test_a_refusal_under_real_only_does_not_also_say_the_game_allows_it():
    """review25e M4: "Nur echte Stoffe: BP ist nicht in unserem Nachschlagewerk …" beside "nur nach Spielregel
    … das Spiel prüft nur die Summe" in the same box."""
    builds = [(["Cu", "I", "I"], {"Cu": 2}), (["B", "P"], {}), (["Pt", "I", "I"], {"Pt": 2})]
    tried = 0
    for hand, fixed in builds:
        steps = sel(*hand) + [charge(s, q) for s, q in fixed.items()]
        _, plain, _ = verdict(hand, steps, "de")
        if not (plain.ok and "nicht in unserem Nachschlagewerk" in plain.title):
            continue  # the reference knows it (or the sheet refuses it): no game-only build
        tried += 1
        for lang, allowed, would in (("de", ("nur nach Spielregel", "das Spiel prüft nur die Summe"),
                                      "Nach der Spielregel allein ginge es"),
                                     ("en", ("allowed by the game's rule only", "the game checks only the sum"),
                                      "By the sheet's rule alone it would do")):
            _, e, _ = verdict(hand, steps, lang, real_only=True)
            assert not e.ok
            text = "\n".join([e.title] + e.lines)
            assert not any(a in text for a in allowed), text
            assert would in text, text
    assert tried


# ---------------------------------------------------------------- M7: an unfinished build is no radical
@pytest.mark.parametrize("hand,steps,ion", [
    (["O", "H"], [combo("[OH]-")], "OH"),
    (["Cl", "O"], [combo("[ClO]-")], "ClO"),
    (["N", "O", "O", "O"], [combo("[NO3]-")], "NO3"),
    (["H", "O"], sel("H", "O"), "OH"),
    (["Ca", "O", "H"], [combo("[OH]-")] + sel("Ca"), None),
])
def test_an_unfinished_build_says_its_charge_and_names_only_an_ion(hand, steps, ion):
    """review25e M7: a lone [OH]⁻ card read "HO (Hydroxyl-Radikal) gibt es nur kurzlebig", the first step of
    Ca(OH)₂ "CaOH (Calciummonohydroxid) gibt es nur kurzlebig"."""
    for lang in ("de", "en"):
        g, e, last = verdict(hand, steps, lang)
        assert not e.ok
        text = "\n".join(e.lines)
        assert not re.search(r"Radikal|radical|kurzlebig|only briefly|CaOH|Hydroxyl\b", text), text
        cards = next(x for x in e.lines if x.startswith(("Summe der Kartenladungen:", "Sum of the card charges:")))
        total = sum(n * q for n, q in terms_of(cards))
        assert total != 0
        said = next(x for x in e.lines if x.startswith(("Mit diesen Ladungen haben", "With these charges the cards")))
        assert re.search(r"(?:Ladung|charge) ([+−]\d+)", said).group(1).translate(SUB) == f"{total:+d}"
        named = [x for x in e.lines if x.startswith(("Zusammen sind die Karten das Ion", "Together the cards are the ion"))]
        if ion is None:
            assert not named
            continue
        formula = re.search(r"Ion ([^ ]+) \(|ion ([^ ]+) \(", named[0])
        shown = (formula.group(1) or formula.group(2)).translate(SUB)
        assert without_charge(shown, total) == ion
        held = Counter()
        for kind, p in steps:
            held.update(atoms(re.sub(r"^\[|\]\d*[+-]$", "", p["formula"])) if kind == "combine" else {p["card"]: 1})
        assert atoms(ion) == dict(held)  # the ion is the cards' atoms (molmass), with the cards' charge


# ---------------------------------------------------------------- M8: advice that works when followed
def _advice(lines: list[str]) -> list[tuple[str, int]] | None:
    line = next((x for x in lines if x.startswith(("Mit der Ladung", "Mit den Ladungen", "Nach der Spielregel allein ginge es")) and "ginge es" in x), None)
    if line is None:
        return None
    return [(s, int(q.translate(SUB))) for q, s in re.findall(r"([+−]\d+) für ([A-Z][a-z]?) \(", line)]


@pytest.mark.parametrize("hand,fixed,real", [
    (["N", "H", "H", "H"], {"N": 5, "H": -1}, True),   # NH3: both N and H must change
    (["C", "H", "H", "S"], {"C": 4, "H": -1}, False),  # CH2S: C 0 is on no card
    (["N", "H", "H", "H", "H", "Cl"], {"N": -3, "H": 1}, False),  # NH4Cl of single cards: divisible (HCl)
    (["Fe", "Cl", "Cl", "Cl"], {"Fe": 2}, True),
])
def test_a_refusal_s_charge_advice_names_every_change_and_works_when_followed(hand, fixed, real):
    """review25e M8: "Mit der Ladung +1 für H ginge es" for NH₃ fixed at N +5 and H −1 (then the sum is +8)."""
    steps = sel(*hand) + [charge(s, q) for s, q in fixed.items()]
    g, e, _ = verdict(hand, steps, "de")
    assert not e.ok
    advice = _advice(e.lines)
    assert advice, e.lines
    assert any(x.endswith("mit diesen Ladungen lässt es sich nach den Regeln des Spiels aber nicht legen") for x in e.lines)
    assert any(x.startswith("Nach der Spielregel allein") for x in e.lines) == (not real)
    for s, q in advice:
        assert fixed[s] != q  # only changes are named
        do(g, "charge", element=s, charge=q)
    assert g.is_legal(chemgames.Action(g.id, 0, "confirm")), g.check(chemgames.Action(g.id, 0, "confirm"))


def test_every_charge_advice_in_a_sweep_of_refusals_works_when_followed():
    """Any refusal with fixed charges: the advice, where given, makes the cards a valid compound."""
    from chemgames.games.chemiekarten.compound import Stage, judge
    from chemgames.core.explanation import Explanation

    cards = card_set()
    pool = ["H", "C", "N", "P", "S", "Fe", "Cu", "Mn", "Cr", "Pb", "O", "O", "O", "Cl", "Cl", "H", "H", "Na", "K"]
    rng = random.Random(25)
    advised = 0
    for _ in range(600):
        kinds = rng.sample(pool, rng.randint(2, 6))
        multi = sorted({s for s in kinds if len(cards[s].charges) > 1})
        if not multi:
            continue
        fixed = {s: rng.choice(cards[s].charges) for s in rng.sample(multi, rng.randint(1, len(multi)))}
        v = judge(Stage(free=list(range(len(kinds))), charges=dict(fixed)), kinds)
        if v.ok:
            continue
        lines = Explanation(v.ok, v.headline, v.steps).in_lang("de").lines
        advice = _advice(lines)
        if not advice:
            continue
        advised += 1
        after = {**fixed, **dict(advice)}
        assert all(fixed[s] != q for s, q in advice), (kinds, fixed, lines)
        assert judge(Stage(free=list(range(len(kinds))), charges=after), kinds).ok, (kinds, fixed, advice, lines)
    assert advised >= 20


# ---------------------------------------------------------------- wording (review25e Lows)
def test_an_element_laid_alone_is_named_in_lower_case_in_english_running_text():
    """review25e L1: "Pt: the element Platinum, a known substance." (IUPAC Red Book IR-3.1: platinum)."""
    pytest.importorskip("mendeleev")
    for symbol in ("Pt", "Ag", "Ne"):
        g, e, _ = verdict([symbol], sel(symbol), "en")
        name = elements()[symbol].name
        assert e.title == f"{symbol}: the element {name.lower()}, a known substance.", e.title
        assert f"({name})" in e.lines[0]  # the card's label keeps the card's capital
        do(g, "confirm")
        row = g.score_breakdown()[0].lines[0].to_dict("en")["label"]
        assert row == f"{symbol} (the element {name.lower()})", row


def test_no_name_in_parentheses_holds_parentheses_of_its_own():
    """review25e L3: "NaOH (Natriumhydroxid (Ätznatron))" in the final account."""
    nested = re.compile(r"\([^()]*\([^()]*\)[^()]*\)")
    g = game_with(["Na", "O", "H"], lang="de")
    for c in ("Na", "O", "H"):
        do(g, "select", card=c)
    do(g, "confirm")
    row = g.score_breakdown()[0].lines[0].to_dict("de")["label"]
    assert row == "NaOH (Natriumhydroxid, Ätznatron)", row
    _, e, _ = verdict(["N", "H", "H", "H", "H", "Cl"], sel("N", "H", "H", "H", "H", "Cl") + [charge("N", -3), charge("H", 1)])
    refused = next(x for x in e.lines if "gibt es wirklich" in x)
    assert not nested.search(re.sub(r"\((?:I|II|III|IV|V|VI|VII|VIII)\)", "", refused)), refused


def test_the_exception_to_the_school_rule_is_not_its_own_example():
    """review25e L5: HgCl₂'s sentence read "(wie HgCl₂ oder CrO₃)"."""
    from chemgames.games.chemiekarten.reference import identify

    _, e, _ = verdict(["Hg", "Cl", "Cl"], sel("Hg", "Cl", "Cl") + [charge("Hg", 2)], "de")
    line = next(x for x in e.lines if x.startswith("Eine Ausnahme von der Schulregel"))
    examples = re.search(r"\(wie (.*)\)$", line).group(1).split(" und ")
    assert "HgCl₂" not in examples and len(examples) == 2
    for shown in examples:  # each example is such an exception in the reference
        counts = tuple(sorted(atoms(shown.translate(SUB)).items()))
        assert identify(counts).bonding_reason == "molecular_exception", shown


def test_english_texts_hold_no_german_words_of_the_sheet():
    """review25e L2: "The sheet forbids divisible compounds (Beispiel 2)"."""
    import json
    from importlib import resources

    for package in ("chemgames.games.chemiekarten", "chemgames.games.chemix"):
        text = resources.files(package).joinpath("catalog", "en.json").read_text("utf-8")
        for key, value in json.loads(text).items():
            values = value.values() if isinstance(value, dict) else [value]
            for v in values:
                assert not re.search(r"Beispiel|Spielregel|Handkarte|Protomaterie", str(v)), (key, v)


def _attacked(table: list, lang: str = "de"):
    """Player 2 (greedy bot, lays UO₃ and attacks) against player 1's ``table``; the widget's texts."""
    from chemgames.widgets.chemiekarten import ChemieKartenWidget

    g = chemgames.new_game("chemiekarten", players=2, seed=3, lang=lang, dealer=1,
                           hands=[["H", "H", "S", "Cl", "Cl", "Na", "Na"], ["U", "O", "O", "O", "He", "Ar", "Ne"]],
                           table=table)
    w = ChemieKartenWidget(g, seats=["human", "greedy"])
    w.receive({"type": "act", "version": w.version,
               "action": {"game": "chemiekarten", "player": 0, "kind": "skip", "params": {}}})
    for _ in range(20):
        if g.current_player == 0 or g.is_over:
            break
        w.receive({"type": "bot", "version": w.version})
    attack = next(e for e in g.log if e.explanation.rule == "ck.attack")
    return g, w, attack.explanation


def test_an_attack_names_the_attacked_compound_s_owner_as_its_owner_and_a_lone_card_as_an_element():
    """review25e L16: "Radioaktiver Angriff auf NaAlCl₄ von Spieler 1" read as an attack by player 1;
    L19: "Spieler 3 hat deine Verbindung Rn … zerstört" for a card laid alone; L10: "die Karten werden in den
    Stapel gemischt" for one card."""
    g, w, e = _attacked([["Ag", 0]])
    text = str(e.in_lang("de"))
    assert "Radioaktiver Angriff auf Ag, ausgelegt von Spieler 1" in text, text
    assert "die Karte wird in den Stapel gemischt" in text and "Karten werden" not in text, text
    assert w.view["changes"]["text"].startswith("Spieler 2 hat dein ausgelegtes Element Ag mit einem radioaktiven Angriff zerstört")
    g, w, e = _attacked([["FeCl2", 0]], "en")
    text = str(e.in_lang("en"))
    assert "Radioactive attack on FeCl₂, laid by player 1" in text and "its 3 cards are shuffled back" in text, text
    assert w.view["changes"]["text"].startswith("Player 2 destroyed your compound FeCl₂")


# ---------------------------------------------------------------- the bot's notes (review25e L9, L17, L18)
def _hint(formula: str, points: int, label: str = "known", kind: str = "confirm"):
    from types import SimpleNamespace as H

    return H(formula=formula, unicode=formula, points=points, label=label, game_only=label in ("game_only", "other"),
             actions=(H(kind=kind),))


def test_the_bot_s_note_reads_as_german_and_english_sentences_and_names_an_attack():
    """review25e L9: "die zweitbeste Wahl den Zug beenden hätte", "würde an deiner Stelle aussetzen wählen",
    "Meine Wahl: BN (5 Punkte)" on an attack turn, "Vorsprung heißt: meine Punkte" in advice to the student."""
    from chemgames.bots.explain import explain_choice
    from chemgames.bots.search import Choice

    c = Choice(["BN", "stop"], [4.0, 3.96], [5, 5], 0)
    c.hints = [_hint("BN", 5, "", "attack"), None]
    de = explain_choice(c).in_lang("de")
    assert de.title.startswith("Meine Wahl: Angriff auf BN (5 Punkte)"), de.title
    assert "die zweitbeste Wahl (den Zug beenden) hätte" in de.title, de.title
    en = explain_choice(c).in_lang("en")
    assert en.title.startswith("My choice: attack on BN (5 points)") and "(end the turn) would have brought" in en.title
    c = Choice(["skip", "CuO"], [2.0, 1.0], [5, 5], 0)
    c.hints = [None, _hint("CuO", 5)]
    advice = explain_choice(c, advice=True).in_lang("de")
    assert advice.title.startswith("Der Such-Bot würde an deiner Stelle so wählen: aussetzen – "), advice.title
    assert any(x.startswith("Vorsprung heißt: deine Punkte minus") for x in advice.lines), advice.lines
    assert not any("meine Punkte" in x or "sehe ich" in x for x in advice.lines)


def test_the_bot_s_note_labels_a_build_of_another_substance_and_game_only_candidates():
    """review25e L17: "NH₄ClO steht nicht in unserem Nachschlagewerk" for a build the reference knows as
    hydroxylammonium chloride; L9: game-only candidates listed without their label."""
    from chemgames.bots.explain import explain_choice
    from chemgames.bots.search import Choice

    c = Choice(["NH4ClO", "PoP(OH)", "skip"], [21.0, 20.0, 19.7], [6, 6, 6], 0)
    c.hints = [_hint("NH₄ClO", 25, "other"), _hint("PoP(OH)", 20, "game_only"), None]
    for lang, wrong, like, cand in (("de", "nicht in unserem Nachschlagewerk", "so kein bekannter Stoff", "PoP(OH) (nur nach Spielregel): "),
                                    ("en", "not in our reference", "not a known substance like this", "PoP(OH) (game's rule only): ")):
        e = explain_choice(c).in_lang(lang)
        assert not any(wrong in x for x in e.lines), e.lines
        assert any(like in x for x in e.lines), e.lines
        assert any(x.startswith(cand) for x in e.lines), e.lines


def test_the_bot_s_note_subtracts_the_numbers_it_prints():
    """review25e L18: "−5,8 … −3,9 … 1,8 Punkte mehr": the difference of the unrounded means."""
    from chemgames.bots.explain import explain_choice
    from chemgames.bots.search import Choice

    c = Choice(["ThC", "CO2"], [-5.84, -3.86], [9, 9], 1, real_margin=3.0)
    c.hints = [_hint("ThC", 6, "game_only"), _hint("CO₂", 15)]
    c.passed_over = 0
    c.means = [-3.86, -5.84]
    c.best = 1
    for lang in ("de", "en"):
        line = next(x for x in explain_choice(c).in_lang(lang).lines if "ThC" in x and ("mehr" in x or "more" in x))
        numbers = [float(n.replace(",", ".").replace("−", "-")) for n in re.findall(r"[−+]?\d+[.,]\d", line)]
        lead, amount = numbers[0], numbers[1]
        shown_best = -5.8
        assert round(lead - shown_best, 1) == amount, line


def test_metallurgie_s_english_sentences():
    """review25e L11: "a Iron (Fe) area of size 9", "…, Density: 7.874 g/cm³" with a capital mid-sentence."""
    import json
    from importlib import resources

    en = json.loads(resources.files("chemgames.games.metallurgie").joinpath("catalog", "en.json").read_text("utf-8"))
    assert not re.search(r"\ba \{card\}", en["mt.chain"])
    from chemgames.core.explanation import Msg
    from chemgames.games.metallurgie.metals import metals

    for i, metal in enumerate(metals()):
        facts = metal.facts if hasattr(metal, "facts") else None
        if facts is None:
            continue
        line = Msg("mt.facts", card=Msg("mt.metal", symbol=metal.symbol, name=metal.name), z=facts.number,
                   mass=str(facts.atomic_mass), density=facts.density_msg()).render("en")
        assert not re.search(r", Density", line), line


def test_no_bonding_sentence_claims_what_the_numbers_of_the_balance_are():
    """review25e M9: "Ein Salz … die Ladungen sind hier Ionenladungen" above a balance of single cards' charges.
    What the numbers are is said by the balance line's own title (cards' charges, ion charges or oxidation
    numbers), which depends on the cards; a bonding sentence, which depends only on the substance, must not."""
    import json
    from importlib import resources

    for lang, words in (("de", r"Ionenladungen|Zahlen sind Oxidationszahlen"),
                        ("en", r"charges here are ion charges|numbers are oxidation numbers")):
        text = resources.files("chemgames.games.chemiekarten").joinpath("catalog", f"{lang}.json").read_text("utf-8")
        for key, value in json.loads(text).items():
            if key.startswith("ck.bond.") and key != "ck.bond.metal_like":  # metal-like: no numbers at all, says so
                assert not re.search(words, str(value)), (key, value)


def test_advice_to_the_student_never_speaks_as_the_bot():
    """review25e L9 (advice): "Vorsprung heißt: meine Punkte …" in "Was würde der Bot tun?"; the notes on real
    substances said "ich habe gewählt" / "wähle ich" there too."""
    from chemgames.bots.explain import explain_choice
    from chemgames.bots.search import Choice

    c = Choice(["HClO", "PoH(ClO)", "skip"], [2.0, 7.0, 0.0], [5, 5, 5], 0, real_margin=8.0)
    c.hints = [_hint("HClO", 11), _hint("PoH(ClO)", 13, "game_only"), None]
    c.passed_over = 1
    d = Choice(["PoH(ClO)", "HClO", "skip"], [17.0, 2.0, 0.0], [5, 5, 5], 0, real_margin=8.0)
    d.hints = [_hint("PoH(ClO)", 13, "game_only"), _hint("HClO", 11), None]
    for choice in (c, d):
        for lang, me in (("de", r"\b(ich|meine|meinen|mir)\b"), ("en", r"\b(I|my|me)\b")):
            e = explain_choice(choice, advice=True).in_lang(lang)
            assert not any(re.search(me, x) for x in [e.title] + e.lines), [e.title] + e.lines


def test_a_refused_real_substance_known_only_dissolved_says_so():
    """recheck25de N3: the refusal of Na + H + S + 3 O said «NaHSO₃ (Natriumhydrogensulfit) gibt es wirklich»
    and no more; sodium hydrogensulfite is known only in solution (Holleman-Wiberg, 102nd ed., ch. XIII 4.2:
    the solid that crystallises is the disulfite Na₂S₂O₅; Greenwood-Earnshaw ch. 15.2.5), so the refusal gives
    the same note an accepted build gives, in both languages."""
    hand = ["Na", "H", "S", "O", "O", "O"]
    for lang, real, note in (("de", "gibt es wirklich", "nur gelöst in Wasser"),
                             ("en", "is a real substance", "only dissolved in water")):
        _, e, _ = verdict(hand, sel(*hand), lang)
        at = next((i for i, x in enumerate(e.lines) if x.startswith("NaHSO₃") and real in x), None)
        assert at is not None, e.lines
        assert any(note in x and x.startswith("NaHSO₃") for x in e.lines[at + 1:]), e.lines
