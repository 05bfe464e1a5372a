"""Scenario tests for Chemuno, one or more per rule of the sheet (000, "Chemuno")."""
from __future__ import annotations

import json

import pytest

import chemgames
from chemgames import Action, IllegalAction, OptionError, SaveFileError
from chemgames.games.chemix.cards import card_set


def game(*hands, draw_top=None, players=None, lang="en", seed=1, starter=0):
    n = players or max(2, len(hands))
    return chemgames.new_game("chemuno", players=n, seed=seed, lang=lang, starter=starter,
                              hands=[list(h) for h in hands], draw_top=draw_top)


def act(g, kind, **params):
    return Action("chemuno", g.current_player, kind, tuple(params.items()))


def do(g, kind, **params):
    return g.apply(act(g, kind, **params))


def refused(g, kind, **params):
    before = g.to_json()
    e = g.check(act(g, kind, **params))
    assert not e.ok
    with pytest.raises(IllegalAction):
        g.apply(act(g, kind, **params))
    assert g.to_json() == before
    return e


# ---------------------------------------------------------------- set-up
def test_all_72_cards_shuffled_together_seven_each():
    g = chemgames.new_game("chemuno", players=4, seed=2)
    assert [len(h) for h in g.s_hands] == [7, 7, 7, 7]
    every = [c for h in g.s_hands for c in h] + g.s_draw + g.s_pile
    assert sorted(every) == sorted(card_set().all_ids()) and len(every) == 72
    kinds = {card_set().kind(c) for c in every}
    assert kinds == {"element", "noble", "multiplier", "compound"}


def test_the_loser_of_the_last_game_begins_and_lays_any_card():
    g = game(["NaCl", "H2O"], starter=1)
    assert g.current_player == 1
    g = game(["NaCl", "H2O", "x4.1"])
    plays = {a.get("card") for a in g.legal_actions() if a.kind == "play"}
    assert {"NaCl", "H2O", "x4.1"} <= plays  # the first card: anything goes
    assert "first card" in str(do(g, "play", card="NaCl"))


# ---------------------------------------------------------------- fitting
def test_a_card_fits_when_it_shares_an_element():
    g = game(["NaCl", "CO2"], ["HCl", "Fe.1"])
    do(g, "play", card="NaCl")
    e = do(g, "play", card="HCl")
    assert "{Cl, Na} ∩ {Cl, H} = {Cl}" in str(e)
    assert "Number of Cl in the formula: 1 in NaCl, 1 in HCl" in str(e)


def test_a_card_fits_when_it_shares_a_multiplier():
    g = game(["H2O", "CO"], ["CaCl2", "Fe.1"])
    do(g, "play", card="H2O")
    e = do(g, "play", card="CaCl2")
    assert "= {×2}" in str(e) and "×2 is on both cards" in str(e)


def test_a_card_that_shares_nothing_is_refused_with_the_empty_intersection():
    g = game(["NaCl", "CO", "S.1"], ["H2O", "Fe.1"])
    do(g, "play", card="NaCl")
    e = refused(g, "play", card="H2O")
    assert "no element and no multiplier in common" in str(e) and "= {}" in str(e)


def test_element_and_multiplier_cards_match_too():
    g = game(["O.1", "CO"], ["x2.1", "CO2", "Fe.1"], ["N2", "H.1"], players=3)
    do(g, "play", card="O.1")
    assert not g.check(act(g, "play", card="x2.1")).ok  # a multiplier card shows no element
    do(g, "play", card="CO2")
    do(g, "play", card="N2")  # shares the ×2 index of CO2
    assert g.top == "N2"


# ---------------------------------------------------------------- drawing
def test_who_cannot_lay_draws_one_and_may_lay_it_at_once():
    g = game(["NaCl", "CO", "S.1"], ["H2O", "Fe.1"], draw_top=["HCl"])
    do(g, "play", card="NaCl")
    assert [a.kind for a in g.legal_actions()] == ["draw"]
    e = do(g, "draw")
    assert "fits" in str(e) and g.s_drawn == "HCl" and not g.can_undo()  # a drawn card is not taken back
    assert {a.kind for a in g.legal_actions()} == {"play", "keep"}
    refused(g, "play", card="H2O")  # only the drawn card
    do(g, "play", card="HCl")
    assert g.current_player == 0 and g.top == "HCl"


def test_a_drawn_card_may_be_kept_and_a_card_that_does_not_fit_is_kept():
    g = game(["NaCl", "Cl2", "S.1"], ["H2O", "Fe.1"], draw_top=["HCl", "CH4"])
    do(g, "play", card="NaCl")
    do(g, "draw")
    do(g, "keep")
    assert g.current_player == 0 and "HCl" in g.s_hands[1]
    do(g, "play", card="Cl2")
    assert g.current_player == 1
    g2 = game(["NaCl", "CO", "S.1"], ["H2O", "Fe.1"], draw_top=["CH4"])
    do(g2, "play", card="NaCl")
    e = do(g2, "draw")
    # the drawer decides even when the card does not fit, so the others cannot tell (test_chemuno_secrets)
    assert "does not fit on NaCl" in str(e) and g2.current_player == 1
    assert [a.kind for a in g2.legal_actions()] == ["keep"]
    refused(g2, "play", card="CH4")
    do(g2, "keep")
    assert g2.current_player == 0 and "CH4" in g2.s_hands[1]


def test_drawing_is_refused_while_a_card_fits():
    g = game(["NaCl", "CO"], ["HCl", "Fe.1"])
    do(g, "play", card="NaCl")
    e = refused(g, "draw")
    assert "HCl" in str(e)


def test_the_draw_pile_is_not_rebuilt_so_the_game_ends_when_everyone_passes():
    """ "Die übrigen Karten werden verdeckt als Nachziehstapel in die Mitte gelegt" (one pile, the
    cards left after dealing) and "Wer nichts Passendes legen kann, muss eine Karte aufnehmen":
    once that pile is used up nobody can draw, so who cannot lay passes; the discard pile is not
    shuffled back (the sheet never says so, and with it two players could draw for ever). When
    everyone has passed in a row, the fewest cards win."""
    # a long game: NaCl on top, only CH4 is left to draw, 65 cards lie below NaCl (position.py)
    g = chemgames.new_game("chemuno", players=2, seed=1, lang="en", starter=1, hands=[["CO", "S.1"], ["H2O", "Fe.1", "N2"]],
                           pile=["NaCl"], draw_top=["CH4"], draw_left=1)
    assert g.top == "NaCl" and g.view()["draw_size"] == 1
    e = do(g, "draw")
    assert "CH₄" in str(e) and "does not fit" in str(e) and "shuffled" not in str(e)
    do(g, "keep")
    assert g.view()["draw_size"] == 0 and g.view()["pile_size"] == 66
    e = refused(g, "draw")  # CO and S.1 share nothing with NaCl, and nothing is left to draw
    assert "no card left to draw" in str(e)
    assert [a.kind for a in g.legal_actions()] == ["pass"]
    e = do(g, "pass")
    assert "not shuffled back" in str(e) and not g.is_over and g.view()["pile_size"] == 66
    assert [a.kind for a in g.legal_actions()] == ["pass"]  # H2O, Fe.1, N2, CH4 do not fit either
    e = do(g, "pass")
    assert g.is_over and "Everyone passed" in str(e) and g.winners() == [0]
    assert g.view()["hand_sizes"] == [2, 4] and g.view()["stalled"]


def all_cards_once(g):
    return sorted([c for h in g.s_hands for c in h] + g.s_draw + g.s_pile) == sorted(card_set().all_ids())


def test_a_set_position_pile_and_cards_left_to_draw():
    """position.py: a teacher starts from a pile already laid and a nearly empty draw pile; every
    card of the box is still there exactly once, and the first player must fit on the chosen top."""
    g = chemgames.new_game("chemuno", players=3, seed=2, lang="en", starter=0,
                           hands=[["NaCl", "CO"], ["H2O"]], pile=["CH4", "x2.1"], draw_left=3, draw_top=["HCl"])
    assert all_cards_once(g) and g.top == "x2.1" and g.s_pile[-2:] == ["CH4", "x2.1"]
    assert g.view()["draw_size"] == 3 and g.s_draw[-1] == "HCl" and len(g.s_hands[2]) == 7
    assert g.view()["pending"] == 0  # a multiplier on top was answered before the position
    assert [a.kind for a in g.legal_actions()] == ["draw"]  # NaCl and CO show no ×2
    e = refused(g, "play", card="CO")
    assert "does not fit on ×2" in str(e)
    copy = chemgames.load_game(g.to_json())
    assert copy.view(0) == g.view(0) and copy.s_draw == g.s_draw


def test_a_set_position_is_refused_with_the_reason():
    for opts, words in (({"pile": ["HCl", "Ne"]}, "noble gas (Ne) cannot lie on top"),
                        ({"draw_left": 2}, "choose the pile too"),
                        ({"pile": ["HCl"], "draw_left": 99}, "not a number of cards from 0 to"),
                        ({"pile": ["HCl"], "hands": [["HCl"]]}, "chosen twice"),
                        ({"pile": ["Xx"]}, "not in the box")):
        with pytest.raises(OptionError) as err:
            chemgames.new_game("chemuno", players=2, seed=1, lang="en", **opts)
        assert words in str(err.value), (opts, str(err.value))


def test_a_lay_between_passes_starts_the_count_again():
    g = game(["NaCl", "CO", "S.1"], ["H2O", "Fe.1", "N2"], ["HCl", "CaO"], players=3)
    do(g, "play", card="NaCl")
    g.s_pile = g.s_draw + g.s_pile
    g.s_draw = []
    g._legal_cache = None
    do(g, "pass")            # player 2: nothing with Na or Cl
    do(g, "play", card="HCl")  # player 3 lays: the two passes so far start again
    do(g, "pass")            # player 1: CO and S.1 share nothing with HCl
    assert not g.is_over
    do(g, "play", card="H2O")  # player 2
    assert not g.is_over and g.current_player == 2


# ---------------------------------------------------------------- multipliers
def test_a_multiplier_makes_the_next_player_draw_its_number():
    g2 = game(["H2O", "x2.1", "CO", "S.1"], ["H2S", "Fe.1", "NaCl"], draw_top=["N2", "Cl2", "CH4"])
    do(g2, "play", card="H2O")
    do(g2, "play", card="H2S")
    e = do(g2, "play", card="x2.1")
    assert "draws 2 cards" in str(e) and g2.view()["pending"] == 2
    assert [a.kind for a in g2.legal_actions()] == ["draw"]  # no ×2 to answer with, no noble gas
    refused(g2, "play", card="NaCl")
    do(g2, "draw")
    assert sorted(g2.s_hands[1]) == sorted(["Fe.1", "NaCl", "N2", "Cl2"]) and g2.current_player == 0
    assert g2.view()["pending"] == 0


def test_the_same_multiplier_answers_and_doubles_the_draw():
    g = game(["H2O", "x2.1", "CO", "S.1"], ["H2S", "x2.2", "NaCl"], ["H2", "x2.3", "Fe.1"], players=3)
    do(g, "play", card="H2O")
    do(g, "play", card="H2S")
    do(g, "play", card="H2")
    do(g, "play", card="x2.1")
    e = do(g, "play", card="x2.2")
    assert g.view()["pending"] == 4 and "2 · 2 = 4" in str(e)
    do(g, "play", card="x2.3")
    assert g.view()["pending"] == 8
    do(g, "draw")
    assert len(g.s_hands[0]) == 2 + 8


def test_another_multiplier_does_not_answer():
    g = game(["H2O", "x2.1", "CO", "S.1"], ["H2S", "x3.1", "NaCl"])
    do(g, "play", card="H2O")
    do(g, "play", card="H2S")
    do(g, "play", card="x2.1")
    e = refused(g, "play", card="x3.1")
    assert "×2" in str(e)


# ---------------------------------------------------------------- noble gases
def test_a_noble_gas_fits_anything_and_wishes_an_element():
    g = game(["NaCl", "CO", "Fe.1"], ["Ne", "CO2", "CH4"])
    do(g, "play", card="NaCl")
    refused(g, "play", card="Ne")  # a wish is needed
    e = do(g, "play", card="Ne", wish="C")
    assert "atomic number 10" in str(e) and "must contain C" in str(e)
    assert g.view()["wish"] == "C"
    assert not g.check(act(g, "play", card="Fe.1")).ok
    assert "contains no C" in str(g.check(act(g, "play", card="Fe.1")))
    e = do(g, "play", card="CO")
    assert "wished element C is in CO" in str(e) and g.view()["wish"] is None


def test_a_wish_is_refused_on_other_cards():
    g = game(["NaCl", "CO"], ["Ne", "CO2"])
    e = refused(g, "play", card="NaCl", wish="C")
    assert "Only a noble gas" in str(e)
    refused(g, "play", card="NaCl", wish=None, extra=1)


def test_a_noble_gas_does_not_stop_the_draw():
    g = game(["H2O", "x2.1", "CO", "S.1"], ["H2S", "Ar", "NaCl"], draw_top=["N2", "Cl2"])
    do(g, "play", card="H2O")
    do(g, "play", card="H2S")
    do(g, "play", card="x2.1")
    e = do(g, "play", card="Ar", wish="O")
    assert "does not protect" in str(e) and "draws 2 cards" in str(e)
    assert sorted(g.s_hands[1]) == sorted(["NaCl", "N2", "Cl2"]) and g.view()["wish"] == "O"
    assert g.current_player == 0 and g.view()["pending"] == 0


# "Die Edelgaskarte schützt allerdings nicht vor dem Aufnehmen, wenn sie auf eine
# MultiplikatorKarte gelegt wird." with "Wer seine vorletzte Karte ablegt, sagt „Cheeeeeeeee…“.
# Wer das vergisst, muss zur Strafe 2 Karten aufnehmen. Wer seine letzte Karte ablegt, sagt
# „....miX!“ und hat gewonnen." The draw belongs to the noble gas's move: what is in the hand after
# it decides the win and the call (docs/rules/chemuno.md).
def pending_two(second_hand, draw_top=("N2", "Cl2", "CH4")):
    g = game(["H2O", "x2.1", "CO", "S.1", "Fe.1"], ["H2S", *second_hand], draw_top=list(draw_top))
    do(g, "play", card="H2O")
    if len(g.s_hands[1]) == 2:
        do(g, "call")
    do(g, "play", card="H2S")
    do(g, "play", card="x2.1")
    assert g.view()["pending"] == 2 and g.current_player == 1
    return g


def test_a_noble_gas_as_the_last_card_on_a_multiplier_does_not_win():
    g = pending_two(["Ar"])
    assert g.s_hands[1] == ["Ar"]
    e = do(g, "play", card="Ar", wish="O")
    assert "does not protect" in str(e) and "draws 2 cards" in str(e)
    assert "no \"…miX!\"" in str(e) and "2 are in the hand" in str(e) and "wins" not in str(e)
    assert not g.is_over and g.winners() == [] and sorted(g.s_hands[1]) == ["Cl2", "N2"]
    assert g.current_player == 0 and g.view()["penalties"] == [0, 0]
    assert [en["explanation"]["title"] for en in g.view(0)["log"]][-1] == "Lays Ar."


def test_a_noble_gas_as_the_last_card_wins_when_nothing_is_left_to_draw():
    g = pending_two(["Ar"])
    g.s_pile = g.s_draw[:-1] + g.s_pile  # a long game: one card is left to draw (the pile is not rebuilt)
    g.s_draw = g.s_draw[-1:]
    last = g.s_draw[0]
    g._legal_cache = None
    e = do(g, "play", card="Ar", wish="O")
    assert "Only 1 card was left" in str(e)
    assert "no \"…miX!\"" in str(e) and g.s_hands[1] == [last] and not g.is_over
    g = pending_two(["Ar"])
    g.s_draw, g.s_pile = [], []  # nothing at all to draw
    g._legal_cache = None
    e = do(g, "play", card="Ar", wish="O")
    assert "Player 2 has laid the last card and wins" in str(e) and g.is_over and g.winners() == [1]


def test_a_noble_gas_as_the_second_to_last_card_on_a_multiplier_needs_no_call():
    g = pending_two(["Ar", "NaCl"])
    e = refused(g, "call")  # the noble gas still draws: no card leaves one in the hand
    assert "Nothing to call" in str(e)
    e = do(g, "play", card="Ar", wish="Cl")
    assert "no \"Cheeeee…\" needed, no penalty" in str(e) and "penalty cards" not in str(e)
    assert sorted(g.s_hands[1]) == ["Cl2", "N2", "NaCl"] and g.view()["penalties"] == [0, 0]


def test_the_same_multiplier_as_the_second_to_last_card_still_needs_the_call():
    g = game(["H2O", "x2.1", "CO", "S.1"], ["H2S", "x2.2", "NaCl"], draw_top=["N2", "Cl2"])
    do(g, "play", card="H2O")
    do(g, "play", card="H2S")
    do(g, "play", card="x2.1")
    assert g.s_hands[1] == ["x2.2", "NaCl"] and act(g, "call") in g.legal_actions()
    e = do(g, "play", card="x2.2")
    assert "forgotten: 2 penalty cards" in str(e) and sorted(g.s_hands[1]) == ["Cl2", "N2", "NaCl"]


# ---------------------------------------------------------------- Cheeeee… and …miX!
def test_calling_cheeee_before_the_second_to_last_card_and_mix_wins():
    g = game(["NaCl", "HCl", "Cl2"], ["CaCl2", "CO", "CO2"])
    do(g, "play", card="NaCl")
    do(g, "play", card="CaCl2")
    assert act(g, "call") in g.legal_actions()
    assert "Cheeeee" in str(do(g, "call"))
    assert g.can_undo()  # the call can be taken back until the card is laid
    e = do(g, "play", card="HCl")
    assert "called" in str(e) and g.s_hands[0] == ["Cl2"]
    do(g, "draw")  # CO and CO2 share nothing with HCl
    if g.current_player == 1:
        do(g, "keep")
    e = do(g, "play", card="Cl2")
    assert "…miX!" in str(e) and g.is_over and g.winners() == [0] and g.scores()[0] == 0


def test_forgetting_cheeee_costs_two_cards():
    g = game(["NaCl", "HCl", "Cl2"], ["CaCl2", "CO", "CO2"], draw_top=["N2", "O2"])
    do(g, "play", card="NaCl")
    do(g, "play", card="CaCl2")
    e = do(g, "play", card="HCl")
    assert "forgotten: 2 penalty cards" in str(e)
    assert sorted(g.s_hands[0]) == sorted(["Cl2", "N2", "O2"]) and g.view()["penalties"] == [1, 0]


def test_call_is_refused_with_more_or_fewer_than_two_cards():
    g = game(["NaCl", "HCl", "Cl2"], ["CaCl2", "Fe.1"])
    e = refused(g, "call")
    assert "you hold 3" in str(e)


def act_as(player, kind, **params):
    return Action("chemuno", player, kind, tuple(params.items()))


def test_the_last_card_wins_at_once():
    g = game(["NaCl", "HCl"], ["CaCl2", "Fe.1", "CO"])
    do(g, "call")
    do(g, "play", card="NaCl")
    do(g, "play", card="CaCl2")
    e = do(g, "play", card="HCl")
    assert g.is_over and g.winners() == [0] and "Player 1 has laid the last card" in str(e)
    assert g.legal_actions() == [] and g.current_player is None
    assert not g.check(act_as(1, "play", card="Fe.1")).ok


def test_everyone_passing_ends_the_game_and_the_fewest_cards_win():
    g = game(["NaCl", "CO", "S.1"], ["H2O", "Fe.1", "N2"])
    do(g, "play", card="NaCl")
    g.s_draw, g.s_pile = [], ["NaCl"]
    g._legal_cache = None
    assert [a.kind for a in g.legal_actions()] == ["pass"]
    do(g, "pass")
    assert [a.kind for a in g.legal_actions()] == ["pass"]  # CO does not fit on NaCl either
    e = do(g, "pass")
    assert g.is_over and "Everyone passed" in str(e) and g.winners() == [0]


# ---------------------------------------------------------------- bad input, save files, languages
def test_junk_is_refused_and_changes_nothing():
    g = game(["NaCl", "CO", "S.1"], ["H2O", "Fe.1"])
    before = g.to_json()
    for bad in (act(g, "teleport"), act(g, "play", card="Xx"), act(g, "play", card=7), act(g, "play"),
                act(g, "play", card="H2O"), act(g, "play", card="Ne", wish="Kr"),
                act(g, "play", card="NaCl", extra=1), act_as(1, "play", card="H2O"),
                Action("chemix", 0, "play", (("card", "NaCl"),)), {"kind": "play"}, None, "play NaCl"):
        assert not g.check(bad).ok
        with pytest.raises(IllegalAction):
            g.apply(bad)
    assert g.to_json() == before


def test_bad_options_are_refused():
    for options in ({"hands": [["NaCl", "NaCl"]]}, {"hands": [["Zz"]]}, {"hands": [["NaCl"]] * 5},
                    {"hands": [["H.1", "H.2", "H.3", "H.4", "O.1", "O.2", "O.3", "O.4"]]}, {"starter": 7},
                    {"starter": "1"}, {"draw_top": [["Xx"]]}, {"colour": 1}):
        with pytest.raises(OptionError):
            chemgames.new_game("chemuno", players=2, seed=1, **options)
    with pytest.raises(OptionError):
        chemgames.new_game("chemuno", players=5)


def test_save_file_replays_and_a_corrupt_one_is_refused():
    g = chemgames.new_game("chemuno", players=3, seed=11, lang="de")
    for _ in range(30):
        g.apply(g.legal_actions()[0])
    text = g.to_json()
    h = chemgames.load_game(text)
    assert h.view(1) == g.view(1) and h.legal_actions() == g.legal_actions()
    data = json.loads(text)
    data["actions"][3]["params"] = {"card": "Rn", "wish": "Xe"}
    with pytest.raises(SaveFileError):
        chemgames.load_game(json.dumps(data))
    data = json.loads(text)
    data["digest"] = "0" * 32
    with pytest.raises(SaveFileError):
        chemgames.load_game(json.dumps(data))


def test_views_hide_other_hands_and_the_draw_pile():
    g = chemgames.new_game("chemuno", players=3, seed=5)
    v = g.view(1)
    assert "hand" in v and "draw" not in v and v["hand_sizes"] == [7, 7, 7]
    assert "hand" not in g.view(None)
    blob = json.dumps(g.view(None))
    assert not any(f'"{c}"' in blob for c in g.s_hands[0])


def test_german_texts():
    g = game(["NaCl", "CO"], ["HCl", "Fe.1"], lang="de")
    do(g, "play", card="NaCl")
    e = do(g, "play", card="HCl")
    assert "haben gemeinsam" in str(e) and "Anzahl Cl in der Formel: 1 in NaCl, 1 in HCl" in str(e)
    assert "passt nicht" in str(g.check(act(g, "play", card="CO")))


def test_hints_list_every_card_that_can_be_laid_and_the_joker_last():
    g = game(["NaCl", "CO", "x2.1"], ["HCl", "Cl2", "Ne", "CO2"])
    assert {h.card for h in g.hints(20)} == {"NaCl", "CO", "x2.1"}
    do(g, "play", card="NaCl")
    hints = g.hints(20)
    assert {h.card for h in hints} == {"HCl", "Cl2", "Ne"}
    assert hints[-1].card == "Ne" and hints[-1].wish == "Cl"  # the element most of the rest of the hand shows


# ---------------------------------------------------------------- the final account
def test_the_final_account_counts_the_cards_in_hand_and_names_the_winner():
    """"Wer seine letzte Karte ablegt, sagt „....miX!“ und hat gewonnen." The sheet knows only a
    winner; the score is minus one per card in the hand, so the lines are the hands."""
    g = game(["NaCl", "HCl", "Cl2"], ["CaCl2", "Fe.1", "S.1", "P.1"], draw_top=["N2", "O2", "CO", "SO2"])
    do(g, "play", card="NaCl")
    do(g, "play", card="CaCl2")
    do(g, "play", card="HCl")  # "Cheeeee…" forgotten: N2 and O2 as penalty cards
    do(g, "draw")              # CO: fits nothing, kept
    do(g, "keep")
    do(g, "play", card="Cl2")
    do(g, "draw")              # SO2 fits (×2), kept all the same ("darf")
    do(g, "keep")
    do(g, "call")
    do(g, "play", card="N2")
    do(g, "play", card="SO2")
    do(g, "play", card="O2")
    assert g.is_over and g.winners() == [0]
    rows = g.view(1)["breakdown"]
    assert [r["total"] for r in rows] == g.scores() == [0, -len(g.s_hands[1])]
    assert rows[0]["lines"] == [{"label": "Cards in hand (−1 each)", "points": 0,
                                 "detail": '"…miX!": laid the last card and won; "Cheeeee…" forgotten 1× (penalty cards)'}]
    assert rows[1]["lines"][0]["points"] == -len(g.s_hands[1]) and rows[1]["lines"][0]["detail"] is None
    g.lang = "de"
    assert g.view(None)["breakdown"][0]["lines"][0]["label"] == "Karten auf der Hand (je −1)"


def test_the_final_account_when_everyone_passed():
    g = game(["NaCl", "CO", "S.1"], ["H2O", "Fe.1", "N2"])
    do(g, "play", card="NaCl")
    g.s_draw, g.s_pile = [], ["NaCl"]
    g._legal_cache = None
    do(g, "pass")
    do(g, "pass")
    rows = g.view(None)["breakdown"]
    assert [r["sum"] for r in rows] == ["−2", "−3"]
    assert rows[0]["lines"][0]["detail"] == "everyone passed: the fewest cards win"
