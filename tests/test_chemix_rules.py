"""Scenario tests for ChemiX Classic: at least one per rule of the sheet (seed 000), incl. its example.

Positions are arranged by moving real cards (``chemix_setup.arrange``); play goes through the
public API, and each test checks what the engine decides and the reason it gives.
"""
from __future__ import annotations

from collections import Counter

import pytest
from chemix_setup import all_cards, arrange, do, faces, new, play_faces, refused

import chemgames
from chemgames.games.chemix.cards import card_set


# ---------------------------------------------------------------- set-up
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_noble_gas_each_spares_out_three_cards_highest_atomic_number_starts(players):
    g = new(players, seed=11)
    v = g.view(None)
    assert [len(n) for n in v["nobles"]] == [1] * players
    assert len(g.s_out) == 4 - players
    assert v["hand_sizes"] == [3] * players and v["draw"] == 17 - 3 * players
    numbers = [g.atomic_number(n[0]) for n in v["nobles"]]
    assert g.current_player == numbers.index(max(numbers))
    assert v["stacks"] == {"2": 4, "3": 3, "4": 2} and len(v["display"]) == 42
    assert sorted(all_cards(g)) == sorted(card_set().all_ids())


def test_radon_starts_like_the_sheets_example():
    for seed in range(30):
        g = new(3, seed=seed)
        if "Rn" in sum(g.s_nobles, []):
            assert g.s_nobles[g.current_player] == ["Rn"]
            return
    raise AssertionError("no seed dealt radon")  # pragma: no cover


def test_hands_are_hidden():
    g = new(3)
    assert "hand" not in g.view(None) and g.view(1)["hand"] == g.s_hands[1]
    assert "hand" in g.view(0) and g.view(0)["hand"] != g.view(1)["hand"] or g.s_hands[0] == g.s_hands[1]


# ---------------------------------------------------------------- forming
def test_form_water_explains_cards_atoms_balance_and_molar_mass():
    g = arrange(new(), hands={0: ["H", "O", "C"]})
    play_faces(g, "H", "O")
    do(g, "take", multiplier="2")
    e = do(g, "form", layout=["H", "2", "O"])
    text = str(e)
    assert e.points == 3
    assert 'H + “2” + O' in text and "3 atoms: 2 H + 1 O = 3" in text
    assert "2·(+1) + 1·(−2) = 0" in text and "18.02 g/mol" in text
    assert g.view(None)["table"] == [{"formula": "H2O", "cards": g.s_table[0]["cards"], "owner": 0, "new": True}]


def test_oxidation_number_solved_for_the_element_not_fixed():
    g = arrange(new(), hands={0: ["H", "O", "C"]})
    play_faces(g, "H", "O")
    do(g, "take", multiplier="2")
    # H2O2 would need two "2": check the explanation via the engine's own steps
    steps = [s.text("en") for s in g.compound_steps("H2O2")]
    assert any("x is the unknown oxidation number of O: 2·(+1) + 2·x = 0 ⇒ x = −1" in s for s in steps)
    assert any("C −1, H +1" in s.text("en") for s in g.compound_steps("C2H2"))


def test_laid_exactly_as_written_o2_is_not_two_o_cards():
    g = arrange(new(), hands={0: ["O", "O", "H"]})
    play_faces(g, "O", "O")
    e = refused(g, "form", layout=["O", "O"])
    assert e.rule == "cx.wrong_layout" and 'O + “2”' in str(e)
    e = refused(g, "form", layout=["2", "H", "O"])
    assert e.rule == "cx.not_cards"
    do(g, "take", multiplier="2")
    e = refused(g, "form", layout=["O", "2", "O"])  # neither a card's layout nor its order
    assert e.rule in ("cx.wrong_layout", "cx.no_such_compound")


def test_wrong_order_is_refused_with_the_written_order():
    g = arrange(new(), hands={0: ["H", "O", "C"]})
    play_faces(g, "H", "O")
    do(g, "take", multiplier="2")
    e = refused(g, "form", layout=["O", "H", "2"])
    assert e.rule == "cx.wrong_layout" and 'H + “2” + O' in str(e)


def test_missing_cards_are_named_with_where_to_get_them():
    g = arrange(new(), hands={0: ["H", "O", "C"]})
    e = refused(g, "form", layout=["H", "2", "O"])
    assert e.rule == "cx.cards_missing"
    text = str(e)
    assert "in your hand" in text and "taken from its stack" in text


def test_each_compound_card_once():
    g = arrange(new(), hands={0: ["H", "O", "C"], 1: ["H", "O", "N"]}, table=[("H2O", 1)])
    play_faces(g, "H", "O")
    do(g, "take", multiplier="2")
    e = refused(g, "form", layout=["H", "2", "O"])
    assert e.rule == "cx.already_laid" and "player 2" in str(e)


def test_only_compounds_still_in_the_display():
    g = arrange(new(), hands={0: ["C", "O", "H"]}, display_removed=["CO"])
    play_faces(g, "C", "O")
    assert refused(g, "form", layout=["C", "O"]).rule == "cx.already_laid"


# ---------------------------------------------------------------- dissolving
def test_dissolve_then_form_new_from_its_cards_and_the_hand():
    g = arrange(new(), hands={0: ["C", "Na", "S"], 1: ["N", "P", "Fe"]}, table=[("H2O", 1)])
    do(g, "dissolve", compound="H2O")
    assert faces(g, g.s_free) == ["2", "H", "O"]
    play_faces(g, "C")
    e = do(g, "form", layout=["C", "O"])
    assert e.ok
    do(g, "form", layout=["H", "2"])
    do(g, "confirm", refill=False)
    assert g.s_won[1] == ["H2O"]  # step 5: the freed card goes to its owner
    assert {c["formula"]: c["owner"] for c in g.s_table} == {"CO": 0, "H2": 0}  # step 6
    assert g.scores()[1] == 3 + 3 - 3  # H2O still counts for its owner


def test_never_dissolve_a_compound_laid_this_turn():
    g = arrange(new(), hands={0: ["C", "O", "H"]})
    play_faces(g, "C", "O")
    do(g, "form", layout=["C", "O"])
    assert refused(g, "dissolve", compound="CO").rule == "cx.dissolve_new"
    assert refused(g, "dissolve", compound="H2O").rule == "cx.not_on_table"


def test_dissolved_compound_cannot_be_laid_again_in_the_same_turn():
    g = arrange(new(), hands={0: ["C", "Na", "S"]}, table=[("CO", 1)])
    do(g, "dissolve", compound="CO")
    assert refused(g, "form", layout=["C", "O"]).rule == "cx.already_laid"


# ---------------------------------------------------------------- multipliers
def test_take_or_put_back_one_multiplier_per_turn_not_both():
    g = arrange(new(), hands={0: ["H", "O", "C"]}, table=[("O2", 1)])
    do(g, "take", multiplier="3")
    e = refused(g, "take", multiplier="2")
    assert e.rule == "cx.one_multiplier_move" and "took one" in str(e)
    do(g, "dissolve", compound="O2")
    assert refused(g, "put_back", multiplier="2").rule == "cx.one_multiplier_move"
    g.undo_turn()
    do(g, "dissolve", compound="O2")
    do(g, "put_back", multiplier="2")
    assert g.view(None)["stacks"]["2"] == 4
    assert refused(g, "take", multiplier="4").rule == "cx.one_multiplier_move"


def test_empty_stack():
    g = arrange(new(), hands={0: ["H", "O", "C"]})
    g.s_draw.extend(g.s_stacks["4"])
    g.s_stacks["4"] = []
    g._legal_cache = None
    assert refused(g, "take", multiplier="4").rule == "cx.stack_empty"
    g.s_stacks["4"] = [i for i in g.s_draw if i.startswith("x4")]
    g.s_draw = [i for i in g.s_draw if not i.startswith("x4")]


# ---------------------------------------------------------------- dead cards
def _without(*formulas_keep: str) -> list[str]:
    return [f for f in card_set().compounds if f not in formulas_keep]


def test_dead_free_cards_go_to_the_mover_as_minus_points():
    # every compound with Fe is gone from the display: the Fe of a dissolved FeO is dead
    fe = [f for f, c in card_set().compounds.items() if "Fe" in c.layout and f != "FeO"]
    g = arrange(new(), hands={0: ["C", "H", "N"]}, table=[("FeO", 1)], display_removed=fe)
    do(g, "dissolve", compound="FeO")
    assert g.view(0)["free_dead"] and faces(g, g.view(0)["free_dead"]) == ["Fe"]
    play_faces(g, "C")
    do(g, "form", layout=["C", "O"])
    e = do(g, "confirm", refill=False)
    assert "Fe is dead: none of the" in str(e)
    won = sum(card_set().compounds[f].points for f in g.s_won[0])
    assert faces(g, g.s_dead[0]) == ["Fe"] and g.scores()[0] == 2 + won + 3 - 2 - 1


def test_dead_hand_cards_may_be_dropped_live_ones_not():
    fe = [f for f, c in card_set().compounds.items() if "Fe" in c.layout]
    g = arrange(new(), hands={0: ["Fe", "H", "C"]}, display_removed=fe)
    before = g.scores()[0]
    fe_card = next(i for i in g.s_hands[0] if g.face(i) == "Fe")
    e = do(g, "drop", card=fe_card)
    assert e.points is None and "Fe is dead" in str(e)  # no "= -1 points": nothing changes now
    assert "only at the final scoring" in str(e) and "does not change now" in str(e)
    assert g.scores()[0] == before  # a hand card and a dead card both count minus one
    h = next(i for i in g.s_hands[0] if g.face(i) == "H")
    e = refused(g, "drop", card=h)
    assert e.rule == "cx.not_dead" and "H2O" in str(e)


def test_dead_multiplier_may_go_back_when_no_multiplier_moved():
    four = [f for f, c in card_set().compounds.items() if "4" in c.layout and f != "CH4"]
    g = arrange(new(), hands={0: ["N", "H", "O"]}, table=[("CH4", 1)], display_removed=four)
    do(g, "dissolve", compound="CH4")
    e = do(g, "put_back", multiplier="4")
    assert "is dead" in str(e) and g.view(None)["stacks"]["4"] == 2
    g.undo()
    do(g, "take", multiplier="2")
    assert refused(g, "put_back", multiplier="4").rule == "cx.one_multiplier_move"


# ---------------------------------------------------------------- step 4: hand limit, noble gases
def test_leftover_free_cards_go_to_the_hand_up_to_three():
    g = arrange(new(), hands={0: ["C", "N", "S"]}, table=[("NaCl", 1)])
    do(g, "dissolve", compound="NaCl")  # Na and Cl free; hand 3 + 2 > 3
    e = refused(g, "confirm", refill=False)
    assert e.rule == "cx.hand_overflow" and "5 cards" in str(e)
    play_faces(g, "N")
    assert refused(g, "confirm", refill=False).rule == "cx.hand_overflow"
    g.undo_turn()
    do(g, "pass")


def test_sheet_noble_gas_example_h2o_restored_second_two_back_cl_h_c_discarded():
    """Sheet p. 7: free after the turn H, O, "2", "2", Cl, H, C; H2O was dissolved this turn."""
    g = arrange(new(), hands={0: ["Cl", "H", "C"], 1: ["N", "P", "Fe"]}, table=[("H2O", 1)])
    do(g, "dissolve", compound="H2O")
    do(g, "take", multiplier="2")
    play_faces(g, "Cl", "H", "C")
    assert faces(g, g.s_free) == sorted(["H", "O", "2", "2", "Cl", "H", "C"])
    assert refused(g, "confirm", refill=False).rule == "cx.hand_overflow"
    gas = g.s_nobles[0][0]
    e = do(g, "noble", gas=gas, to=1)
    text = str(e)
    assert "(a) H2O is restored" in text and "(b)" in text and "(c)" in text and "(d)" in text
    assert [c["formula"] for c in g.s_table] == ["H2O"] and g.s_table[0]["owner"] == 1
    assert faces(g, g.s_table[0]["cards"]) == ["2", "H", "O"]
    assert g.view(None)["stacks"]["2"] == 3  # the second "2" went back (the first is in H2O)
    assert faces(g, g.s_discard) == ["C", "Cl", "H"]
    assert g.s_nobles[1] == [g.s_nobles[1][0], gas] and g.s_nobles[0] == []
    assert refused(g, "play", card="x").rule == "cx.after_noble"
    do(g, "confirm", refill=True)
    assert g.s_won[1] == [] and len(g.s_hands[0]) == 3  # restored, not freed
    assert sorted(all_cards(g)) == sorted(card_set().all_ids())


def test_noble_gas_restores_only_what_the_free_cards_allow():
    g = arrange(new(), hands={0: ["C", "N", "S"]}, table=[("H2O", 1), ("NaCl", 1)])
    do(g, "dissolve", compound="H2O")
    do(g, "dissolve", compound="NaCl")
    do(g, "form", layout=["H", "Cl"])  # H and Cl are used: neither H2O nor NaCl can be restored
    e = do(g, "noble", gas=g.s_nobles[0][0], to=1)
    assert "is restored" not in str(e) and "(a) H2O and NaCl cannot be restored" in str(e)
    assert [c["formula"] for c in g.s_table] == ["HCl"] and faces(g, g.s_discard) == ["Na", "O"]
    do(g, "confirm", refill=False)
    assert sorted(g.s_won[1]) == ["H2O", "NaCl"]  # freed, so back to their owner at step 5
    assert g.scores()[1] == 3 + 2 + 3 + 3 - 3


def test_noble_gas_restores_as_many_compounds_as_possible_not_the_first_found():
    """Sheet p. 7, a): "aufgelöste Verbindungen soweit möglich wieder herstellen: Verbindungen, die in
    diesem Spielzug aufgelöst wurden müssen zunächst wiederhergestellt werden, sofern dies mit den
    freien Elemente- und Multiplikatorkarten möglich ist."

    CO2, H2O and CO dissolved; Na2CO3 laid; C, O, O, "2", H left free: restoring CO2 (the first one
    dissolved) would leave O and H, but H2O and CO together are two compounds, so those are restored.
    """
    g = arrange(new(), hands={0: ["Na", "Fe", "S"]}, table=[("CO2", 1), ("H2O", 1), ("CO", 1)])
    for f in ("CO2", "H2O", "CO"):
        do(g, "dissolve", compound=f)
    do(g, "take", multiplier="3")
    play_faces(g, "Na")
    do(g, "form", layout=["Na", "2", "C", "O", "3"])
    assert faces(g, g.s_free) == sorted(["C", "O", "O", "2", "H"])
    e = do(g, "noble", gas=g.s_nobles[0][0], to=1)
    assert sorted(c["formula"] for c in g.s_table if c["owner"] == 1) == ["CO", "H2O"]
    assert "CO2 cannot be restored as well" in str(e) and "(3 in all), the free cards allow at most 2" in str(e)
    assert g.s_discard == [] and g.s_free == []  # every free card went back into H2O and CO
    do(g, "confirm", refill=False)
    assert g.s_won[1] == ["CO2"]  # the one not restored was freed: its card goes back to its owner
    assert sorted(all_cards(g)) == sorted(card_set().all_ids())


def test_restorable_tie_break_most_cards_then_dissolved_first():
    from chemgames.games.chemix.rules import ChemiXClassic as CX
    # one compound either way: O3 puts back 2 cards, CO2 3 cards; CO2 wins though dissolved later
    assert CX.restorable(["O3", "CO2"], Counter({"O": 1, "3": 1, "C": 1, "2": 1})) == [1]
    # equal in count and cards: the one dissolved first
    assert CX.restorable(["O2", "O3"], Counter({"O": 1, "2": 1, "3": 1})) == [0]
    assert CX.restorable(["H2O", "NaCl"], Counter({"H": 1})) == []


def test_noble_gas_may_be_used_without_need_and_goes_to_another_player():
    g = arrange(new(), hands={0: ["C", "Na"]})
    gas = g.s_nobles[0][0]
    do(g, "play", card=g.s_hands[0][0])  # one free card, which would fit into the hand: no need for a gas
    assert g._overflow() == 0
    e = do(g, "noble", gas=gas, to=1)
    assert e.rule == "cx.ok_noble_free" and e.points == -3 and gas in g.s_nobles[1] and gas not in g.s_nobles[0]
    g = arrange(new(), hands={0: ["C", "N", "S"]}, table=[("NaCl", 1)])
    do(g, "dissolve", compound="NaCl")
    assert refused(g, "noble", gas=gas, to=0).rule == "cx.noble_to_other"
    assert refused(g, "noble", gas="Xe", to=1).rule == "cx.no_such_noble"


def test_without_noble_gas_the_turn_must_be_taken_back():
    g = arrange(new(), hands={0: ["C", "N", "S"]}, table=[("NaCl", 1)])
    g.s_out.extend(g.s_nobles[0])
    g.s_nobles[0] = []
    do(g, "dissolve", compound="NaCl")
    kinds = {a.kind for a in g.legal_actions()}
    assert "confirm" not in kinds and "noble" not in kinds
    assert g.undo_turn() == 1 and g.s_steps == 0


# ---------------------------------------------------------------- step 7 and step 1
def test_refill_to_three_if_wanted():
    g = arrange(new(), hands={0: ["C", "O", "H"]})
    play_faces(g, "C", "O")
    do(g, "form", layout=["C", "O"])
    do(g, "confirm", refill=False)
    assert len(g.s_hands[0]) == 1
    g = arrange(new(), hands={0: ["C", "O", "H"]})
    play_faces(g, "C", "O")
    do(g, "form", layout=["C", "O"])
    do(g, "confirm", refill=True)
    assert len(g.s_hands[0]) == 3


def test_empty_draw_pile_is_refilled_from_the_discard_at_the_next_turn():
    g = arrange(new(), hands={0: ["C", "O", "H"]})
    g.s_discard, g.s_draw = g.s_draw, []
    play_faces(g, "C", "O")
    do(g, "form", layout=["C", "O"])
    assert refused(g, "confirm", refill=True).rule == "cx.nothing_to_refill"
    e = do(g, "confirm", refill=False)
    assert "discard pile is shuffled" in str(e) and g.s_discard == [] and len(g.s_draw) > 0


# ---------------------------------------------------------------- undo, passing, end, scoring
def test_every_step_can_be_taken_back_until_confirmed():
    g = arrange(new(), hands={0: ["C", "Na", "S"], 1: ["N", "P", "Fe"]}, table=[("H2O", 1)])
    start = g.digest()
    do(g, "dissolve", compound="H2O")
    do(g, "take", multiplier="2")
    play_faces(g, "C")
    do(g, "form", layout=["C", "O", "2"])
    assert g.can_undo()
    assert g.undo().kind == "form"
    assert g.undo_turn() == 3 and g.digest() == start
    do(g, "pass")
    assert not g.can_undo()


def test_pass_on_a_half_built_turn_takes_it_back_first():
    g = arrange(new(), hands={0: ["C", "O", "H"]}, table=[("NaCl", 1)])
    hand = list(g.s_hands[0])
    do(g, "dissolve", compound="NaCl")
    play_faces(g, "C", "O")
    do(g, "form", layout=["C", "O"])
    e = do(g, "pass")
    assert "4 steps of this turn are taken back" in str(e)
    assert g.s_hands[0] == hand and [c["formula"] for c in g.s_table] == ["NaCl"] and "CO" in g.s_display
    assert g.current_player == 1 and g.s_quiet == 1


def test_game_ends_when_everyone_passes_in_a_round():
    g = new(3)
    do(g, "pass")
    do(g, "pass")
    assert not g.is_over
    e = do(g, "pass")
    assert g.is_over and "Everyone passed" in str(e) and g.current_player is None


def test_a_compound_laid_resets_the_pass_count():
    g = arrange(new(2), hands={0: ["C", "O", "H"]}, start=1)
    do(g, "pass")
    play_faces(g, "C", "O")
    do(g, "form", layout=["C", "O"])
    do(g, "confirm", refill=False)
    do(g, "pass")
    assert not g.is_over
    do(g, "pass")
    assert g.is_over


def test_scoring_compound_points_minus_hand_and_dead_plus_three_per_noble_gas():
    fe = [f for f, c in card_set().compounds.items() if "Fe" in c.layout]
    g = arrange(new(2), hands={0: ["C", "O", "Fe"]}, table=[("H2O", 0), ("NaCl", 1)], display_removed=fe)
    g.s_won[0].remove(fe[0])  # arrange gives removed cards to player 0: keep one for the count
    g.s_out.append(fe[0])
    fe_card = next(i for i in g.s_hands[0] if g.face(i) == "Fe")
    do(g, "drop", card=fe_card)
    play_faces(g, "C", "O")
    do(g, "form", layout=["C", "O"])
    do(g, "confirm", refill=False)
    do(g, "pass")
    do(g, "pass")
    assert g.is_over
    cs = card_set()
    won = sum(cs.compounds[f].points for f in g.s_won[0])
    assert g.scores()[0] == 3 + 2 + won + 3 - 0 - 1
    assert g.scores()[1] == 2 + 3 - 3


def test_german_explanations():
    g = arrange(new(lang="de"), hands={0: ["C", "O", "H"]})
    play_faces(g, "C", "O")
    e = do(g, "form", layout=["C", "O"])
    assert "wird gelegt" in e.title and "Molare Masse" in str(e)


# ---------------------------------------------------------------- refusals that say what helps
def test_missing_multiplier_after_the_turns_one_multiplier_move_is_not_offered_from_the_stack():
    """Sheet: "Pro Spielzug darf entweder eine Multiplikator-Karte von einem Multiplikatorstapel ins
    Spiel genommen werden oder eine zurück auf den passenden Stapel gelegt werden (nicht beides!)"."""
    g = arrange(new(lang="de"), hands={0: ["H", "O", "C"]})
    play_faces(g, "H", "O")
    e = refused(g, "form", layout=["H", "2", "O"])
    assert "kann vom Stapel genommen werden (ein Multiplikator-Zug pro Spielzug)" in str(e)
    assert "pro Runde" not in str(e)
    do(g, "take", multiplier="3")
    e = refused(g, "form", layout=["H", "2", "O"])
    assert "kann vom Stapel genommen" not in str(e)
    assert "Der eine Multiplikator-Zug dieses Spielzugs ist verbraucht (du hast schon eine genommen)" in str(e)


def test_a_card_in_the_hand_or_in_a_dissolvable_compound_is_not_called_missing_everywhere():
    """Sheet: "Alle auf der freien Fläche ausliegenden Verbindungen, die in vorherigen Spielzügen
    erstellt wurden, können wieder in ihre Einzelkarten zerlegt werden." """
    g = arrange(new(), hands={0: ["Ca", "H", "C"]}, table=[("NaCl", 1)])
    play_faces(g, "H")
    e = refused(g, "form", layout=["H", "Cl"])
    assert "Cl is in NaCl on the table: dissolve it and the card is free" in str(e)
    assert "neither free" not in str(e)
    e = refused(g, "form", layout=["C", "O"])
    assert "1× C is in your hand" in str(e)
    assert "1× O is neither free, nor in your hand, nor in a compound you may dissolve" in str(e)
    do(g, "dissolve", compound="NaCl")
    do(g, "form", layout=["H", "Cl"])
    e = refused(g, "form", layout=["Na", "Cl"])  # NaCl was dissolved this turn: its card is out
    assert e.rule == "cx.already_laid"


def test_overflow_refusal_names_every_way_to_make_room_dropping_a_dead_hand_card_too():
    """Sheet: "Tote Handkarten können ebenfalls als Minuspunkte abgelegt werden. Damit wird auf der
    Hand Platz frei für eine andere Karte." """
    fe = [f for f, c in card_set().compounds.items() if "Fe" in c.layout]
    g = arrange(new(), hands={0: ["Fe", "N", "S"]}, table=[("NaCl", 1)], display_removed=fe)
    do(g, "dissolve", compound="NaCl")
    e = refused(g, "confirm", refill=False)
    text = str(e)
    assert e.rule == "cx.hand_overflow" and "5 cards" in text
    assert "Dropping dead hand cards makes room: Fe" in text
    assert "Use a noble gas" in text and "Or take the turn back" in text
    do(g, "drop", card=next(i for i in g.s_hands[0] if g.face(i) == "Fe"))
    assert "4 cards" in str(refused(g, "confirm", refill=False))


# ---------------------------------------------------------------- the final account
def test_final_account_compounds_plus_three_per_noble_gas_minus_hand_and_dead_cards():
    """Sheet, "Auswertung": "Die Punkte der Verbindungskarten werden zusammengezählt. Jede Handkarte
    und jede tote Karte zählt 1 Punkt minus. Jede Edelgas-Karte zählt 3 Pluspunkte." """
    fe = [[f, 1] for f, c in card_set().compounds.items() if "Fe" in c.layout]
    g = chemgames.new_game("chemix", players=2, seed=3, lang="de", hands=[["Fe", "C"], ["S"]],
                           table=[["H2O", 0], ["NaCl", 1]], won=[["CH3COOH", 0]] + fe,
                           nobles=[["He", "Ne"], ["Ar"]], starter=0)
    do(g, "drop", card=g.s_hands[0][0])  # Fe is dead: no compound card left in the display needs it
    do(g, "confirm", refill=False)
    do(g, "pass")
    assert g.is_over
    mine = g.view(None)["breakdown"][0]
    assert [(line["label"], line["points"], line["detail"]) for line in mine["lines"]] == [
        ("Verbindungskarten", 10, "H₂O, CH₃COOH"), ("Edelgase (je 3 Pluspunkte)", 6, "He, Ne"),
        ("Handkarten (je 1 Punkt minus)", -1, None), ("Tote Karten (je 1 Punkt minus)", -1, "Fe")]
    assert mine["sum"] == "10 + 6 − 1 − 1 = 14" and g.scores()[0] == 14
    theirs = g.score_breakdown()[1]
    assert theirs.sum_text() == "13 + 3 − 1 = 15" == f"13 + 3 − 1 = {g.scores()[1]}"  # NaCl 2, FeO 2, Fe2O3 4, FeS 2, FeCl3 3
