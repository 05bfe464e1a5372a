"""Das Chemie-Kartenspiel: the in-play Lows of review 25f (issue 25).

- L6: the line "Ladungen im Spiel (die der Karten …)" lists the cards and ions in the order of the
  formula shown, as docs/chemiekarten.md promises for the cards and the balance ("in the order of
  that formula"): ammonium tetrachloridoaurate NH₄[AuCl₄] is written cation first (IUPAC Red Book
  IR-5.4: cations before anions), so its charges read NH₄⁺ first, whatever order the groups were
  formed in.
- L10: the neutralisation build [H₃O]⁺ + [OH]⁻ has the composition H₄O₂, two formula units of
  water: H₃O⁺ + OH⁻ → 2 H₂O (the autoprotolysis of water run backwards, every school book's
  neutralisation). The verdict says so, by the reference's formula-unit rule (Cu₂Cl₄ = 2 × CuCl₂),
  while the build stays what the game's rule allows (game-only, refused under "Nur echte Stoffe").
- L7: a single polyatomic ion stands in parentheses only when counted more than once or beside
  another ion of its sign (docs/chemiekarten.md), or beside a metal's oxo cation (BiO⁺: "(BiO)(ClO)",
  not "BiOClO"); hydronium perchlorate is H₃OClO₄ as ammonium perchlorate is NH₄ClO₄, not "(H₃O)(ClO₄)".
- L9: when the search bot makes a real substance instead of the invention with the larger mean lead,
  its first line does not call that invention "die zweitbeste Wahl" (a larger mean is not second
  best); the runner-up of an ordinary choice still is.
"""
from __future__ import annotations

import pytest
from helpers import do, game_with
from test_chemiekarten_truth import give  # a rigged deal beyond the seven cards of the start

import chemgames
from chemgames.games.chemiekarten.cards import combinations


def _combo_cards(formula):
    return [e for e, n in combinations()[formula].parsed.counts.items() for _ in range(n)]


def staged(cards, combos=(), lang="de", real_only=False):
    need = list(cards) + [c for f in combos for c in _combo_cards(f)]
    g = game_with(need[:7], lang=lang, real_only=real_only)
    give(g, 0, *need)
    for f in combos:
        do(g, "combine", formula=f, proto=0)
    for c in cards:
        do(g, "select", card=c)
    return g


def confirm_check(g):
    return g.check(chemgames.Action(g.id, 0, "confirm"))


def _line(e, start):
    return next(x for x in e.lines if x.startswith(start))


@pytest.mark.parametrize("cards, combos, formula, first, second", [
    ([], ["[AuCl4]-", "[NH4]+"], "NH₄AuCl₄", "[NH₄]⁺ +1", "[AuCl₄]⁻ −1"),
    ([], ["[NH4]+", "[AuCl4]-"], "NH₄AuCl₄", "[NH₄]⁺ +1", "[AuCl₄]⁻ −1"),
    # [H3O]ClO4 is a known substance since review25f F1: its build has no game-charge line any more
    (["H"], ["[BiO]+"], "(BiO)H", "[BiO]⁺ +1", "H −1"),
])
def test_the_game_charges_follow_the_formula_s_order(cards, combos, formula, first, second):
    e = confirm_check(staged(cards, combos))
    assert e.ok, e.title
    assert e.title.startswith(formula)
    de = _line(e, "Ladungen im Spiel (die der Karten, keine Oxidationszahlen eines echten Stoffes): ")
    assert de.endswith(f"{first}, {second}")
    en = _line(e.in_lang("en"), "Charges in the game (the cards', not the oxidation numbers of a real substance): ")
    assert en.endswith(f"{first}, {second}")


def test_hydronium_and_hydroxide_react_to_two_water():
    e = confirm_check(staged([], ["[H3O]+", "[OH]-"]))
    assert e.ok and e.title.startswith("H₃O(OH): nicht in unserem Nachschlagewerk, nur nach Spielregel")
    assert ("H₃O(OH) hat dieselbe Zusammensetzung wie 2 H₂O (Wasser): diese Ionen reagieren zu Wasser, "
            "[H₃O]⁺ + [OH]⁻ → 2 H₂O") in e.lines
    assert ("H₃O(OH) has the same composition as 2 H₂O (water): these ions react to give water, "
            "[H₃O]⁺ + [OH]⁻ → 2 H₂O") in e.in_lang("en").lines
    # the game's legality is unchanged: allowed by its rule, refused under "Nur echte Stoffe"
    assert not confirm_check(staged([], ["[H3O]+", "[OH]-"], real_only=True)).ok


def test_free_cards_of_a_multiple_composition_are_named_without_a_reaction():
    e = confirm_check(staged(["H", "O"], ["[H3O]+"]))
    assert e.ok and "nicht in unserem Nachschlagewerk" in e.title
    line = next(x for x in e.lines if "dieselbe Zusammensetzung wie 2 H₂O (Wasser)" in x)
    assert "reagieren" not in line and "→" not in line


@pytest.mark.parametrize("cards, combos", [([], ["[NH4]+", "[AuCl4]-"]), (["Au", "Bi", "C", "O"], [])])
def test_a_composition_that_is_no_multiple_gets_no_such_line(cards, combos):
    e = confirm_check(staged(cards, combos))
    assert e.ok and not any("dieselbe Zusammensetzung wie" in x for x in e.lines)


def _passed_over_choice():
    from types import SimpleNamespace as H

    from chemgames.bots.search import Choice

    # seed 71097 of the review: CuBr chosen at −1,0 over a hidden invention at +2,0 (margin 3 points)
    c = Choice(["CuBr", "BiAuCO", "skip"], [-1.0, 2.0, -4.0], [6, 6, 6], 0, real_margin=3.0)
    c.hints = [H(formula="CuBr", unicode="CuBr", points=5, game_only=False, label="known"),
               H(formula="BiAuCO", unicode="BiAuCO", points=11, game_only=True, label="game_only"), None]
    c.passed_over = 1
    return c


@pytest.mark.parametrize("reveal, de, en", [
    (False, "; die Wahl mit dem größten Vorsprung (mit Karten, die verdeckt bleiben) hätte +2,0 Punkte gebracht.",
     "; the choice with the largest lead (with cards that stay hidden) would have brought +2.0 points."),
    (True, "; die Wahl mit dem größten Vorsprung (BiAuCO) hätte +2,0 Punkte gebracht.",
     "; the choice with the largest lead (BiAuCO) would have brought +2.0 points."),
])
def test_the_bot_note_does_not_call_the_larger_lead_second_best(reveal, de, en):
    from chemgames.bots.explain import explain_choice

    e = explain_choice(_passed_over_choice(), reveal=reveal)
    assert e.in_lang("de").title.endswith(de) and "zweitbeste" not in e.in_lang("de").title
    assert e.in_lang("en").title.endswith(en) and "second-best" not in e.in_lang("en").title
    assert e.in_lang("de").lines[0].startswith("CuBr ist ein echter Stoff.")


def test_an_ordinary_runner_up_is_still_the_second_best():
    from chemgames.bots.explain import explain_choice

    c = _passed_over_choice()
    c.passed_over, c.best, c.means = None, 1, [-1.0, 2.0, -4.0]
    assert explain_choice(c, reveal=True).in_lang("de").title.endswith("; die zweitbeste Wahl (CuBr) hätte −1,0 Punkte gebracht.")


@pytest.mark.parametrize("combos, formula", [
    (["[H3O]+", "[ClO4]-"], "H₃OClO₄: "),
    (["[NH4]+", "[ClO4]-"], "NH₄ClO₄: "),
    (["[BiO]+", "[ClO]-"], "(BiO)(ClO): "),  # a metal's oxo cation keeps its own: no "BiOClO"
])
def test_a_single_ion_beside_one_of_the_other_sign_stands_without_parentheses(combos, formula):
    e = confirm_check(staged([], combos))
    assert e.ok and e.title.startswith(formula), e.title
