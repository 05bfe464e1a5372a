"""Das Chemie-Kartenspiel: every statement the game makes is true (issue 13).

The bugs of the review first: the payment text, the charge of cards inside a combination, the
running balance, hints with three or more combinations, and the time the engine takes with many
elements of several charges staged.
"""
from __future__ import annotations

import itertools
import random
import time

from helpers import do, game_with

import chemgames
from chemgames.games.chemiekarten.cards import card_set
from chemgames.games.chemiekarten.charges import choose_charges
from chemgames.chemistry import ChargeTerm, find_zero_part

MULTI = [s for s, k in card_set().items() if len(k.charges) > 1]


def give(game, player: int, *symbols: str) -> None:
    """Make sure ``player``'s hand holds the cards ``symbols`` (adding the missing ones from the pile
    or another hand): a rigged deal, since the option ``hands`` deals only the seven cards of the start."""
    from collections import Counter

    held = Counter(game.kinds[i] for i in game.s_hands[player])
    for s, n in Counter(symbols).items():
        for _ in range(n - held[s]):
            sources = [game.s_piles[0]] + [h for q, h in enumerate(game.s_hands) if q != player]
            src = next(src for src in sources if any(game.kinds[i] == s for i in src))
            card = next(i for i in src if game.kinds[i] == s)
            src.remove(card)
            game.s_hands[player].append(card)


def balance_line(explanation, title: str) -> str:
    return next(line for line in explanation.lines if line.startswith(title))


# ---------------------------------------------------------------- (a) paying for an artificial element
def test_paying_says_what_the_card_is_worth_and_what_is_still_due():
    # "müssen zuerst Karten von der Hand in den Stapel in der Mitte zurückgemischt werden, deren
    # gemeinsame Punktzahl genau der Punktzahl der Karte entspricht"
    for lang, want in (("en", "S (Sulfur) (2 points) pays for artificial elements; 2 points still due."),
                       ("de", "S (Schwefel) (2 Punkte) bezahlt künstliche Elemente; noch 2 Punkte fällig.")):
        g = game_with(["Tc", "Cl", "Cl", "Cl", "Cl", "S", "Fe"], lang=lang)
        do(g, "select", card="Tc")
        for _ in range(4):
            do(g, "select", card="Cl")
        do(g, "charge", element="Tc", charge=4)
        e = do(g, "pay", card="S")
        assert e.title == want
        assert e.points is None  # paying scores nothing: no "2 points" beside the move
        assert "{" not in str(e)


# ---------------------------------------------------------------- (b) cards inside a combination
def test_a_chosen_charge_holds_for_the_free_cards_not_for_those_in_a_combination():
    # "diese gilt dann für alle Karten dieses Elements in dieser Verbindung" - but a combination
    # counts "wie eigene Karten" with its own charge: NH4H is [NH4]+ and one free H (−1)
    g = game_with(["N", "H", "H", "H", "H", "H"])
    do(g, "combine", formula="[NH4]+", proto=0)
    do(g, "select", card="H")
    e = g.check(chemgames.Action(g.id, 0, "confirm"))
    assert e.ok
    line = next(line for line in e.lines if "counts with the charge" in line)
    assert "every free H card" in line and "[NH₄]⁺" in line and "charge of the combination" in line
    assert not any("every H (Hydrogen) card in this compound" in x for x in e.lines)
    # without a combination of that element the plain sentence is true and stays
    g = game_with(["Fe", "Fe", "O", "O", "O"])
    for c in ("Fe", "Fe", "O", "O", "O"):
        do(g, "select", card=c)
    e = g.check(chemgames.Action(g.id, 0, "confirm"))
    assert any("every Fe (Iron) card in this compound has it" in x for x in e.lines)


# ---------------------------------------------------------------- (c) the running balance
def test_the_running_balance_uses_the_charges_of_the_verdict():
    # C then four H: the verdict takes H(+1), C(−4); "Ladung bisher" must show the same charges
    g = game_with(["C", "H", "H", "H", "H"], lang="de")
    for c in ("C", "H", "H", "H"):
        do(g, "select", card=c)
    e = do(g, "select", card="H")
    running = balance_line(e, "Ladung bisher")
    verdict = chemgames.Explanation(**{**g.check(chemgames.Action(g.id, 0, "confirm")).__dict__})
    shown = next(s for s in verdict.steps if s.math is not None)
    assert running.split(": ", 1)[1] == shown.math.text == "4·(+1) + 1·(−4) = 0"


def test_the_running_balance_before_a_balance_is_reached_shows_the_verdicts_charges_too():
    g = game_with(["Fe", "O", "O"])
    do(g, "select", card="Fe")
    e = do(g, "select", card="O")  # FeO balances with Fe(+2), the second charge on the card
    assert balance_line(e, "Charge so far").endswith("1·(+2) + 1·(−2) = 0")
    e = do(g, "select", card="O")  # no choice balances FeO2: the card's first charge is shown
    confirm = g.check(chemgames.Action(g.id, 0, "confirm"))
    assert balance_line(e, "Charge so far").split(": ", 1)[1] == balance_line(confirm, "Charge balance").split(": ", 1)[1]


# ---------------------------------------------------------------- (d) hints with three combinations
def test_hints_offer_a_compound_of_three_combinations():
    # "Es dürfen hierbei beliebig viele Kombinationen gebildet und miteinander gespielt werden":
    # Fe2(SO4)3 is 2 Fe(+3) and 3 [SO4]2−, 2·2 + 3·20 = 64 points
    g = game_with(["Fe", "Fe", "S", "S", "S", "O", "O"])
    give(g, 0, *["O"] * 12)
    best = g.hints()[0]
    assert best.points == 64 and sum(a.kind == "combine" for a in best.actions) == 3
    for a in best.actions:
        g.apply(a)
    assert g.scores()[0] == 64


# ---------------------------------------------------------------- (e) many elements with several charges
def brute_force(free, options, combos):
    """The old rule, by trying every choice: the first balancing choice that is not divisible, else the first."""
    symbols = [s for s, _ in free]
    first = None
    for choice in itertools.product(*(options[s] for s in symbols)):
        if sum(n * q for (_, n), q in zip(free, choice)) + sum(combos):
            continue
        first = first or choice
        terms = [ChargeTerm(s, n, q) for (s, n), q in zip(free, choice)] + [
            ChargeTerm(f"#{i}", 1, q) for i, q in enumerate(combos)]
        if find_zero_part(terms) is None:
            return dict(zip(symbols, choice))
    return None if first is None else dict(zip(symbols, first))


def test_the_charge_choice_equals_trying_every_choice():
    cards = card_set()
    rng = random.Random(13)
    elements = [s for s, k in cards.items() if k.charges and s != "Proto"]
    for _ in range(400):
        chosen = rng.sample(elements, rng.randint(1, 6))
        free = tuple((s, rng.randint(1, 3)) for s in chosen)
        options = {s: cards[s].charges for s in chosen}
        combos = tuple(rng.choice([-3, -2, -1, 1, 2]) for _ in range(rng.randint(0, 2)))
        assert choose_charges(free, options, combos) == brute_force(free, options, combos), (free, combos)


def test_eighteen_elements_with_several_charges_are_judged_at_once():
    # one card of each of the 18 elements with several charges, then oxygen to balance: the old
    # search tried every one of 2^16·3^2 charge choices (over a second; twice as long per element)
    g = game_with([])
    give(g, 0, *MULTI, *["O"] * 14)
    for s in MULTI:
        do(g, "select", card=s)
    t0 = time.perf_counter()
    legal = g.legal_actions()
    refused = g.check(chemgames.Action(g.id, 0, "confirm"))
    assert time.perf_counter() - t0 < 0.5
    assert refused.rule == "ck.unbalanced" and "confirm" not in {a.kind for a in legal}
    for _ in range(14):  # the lowest choice of the 18 is +27, one step up +28 = 14·2
        do(g, "select", card="O")
    e = g.check(chemgames.Action(g.id, 0, "confirm"))
    # 32 cards with charges within −4…+7: more than 11 units always hold a part that adds up to zero
    assert e.rule == "ck.divisible"
