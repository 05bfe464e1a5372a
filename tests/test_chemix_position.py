"""ChemiX Classic: a chosen start position (options hands, table, won, nobles, draw_top, starter),
so that the sheet's own examples can be shown in class (issue 14)."""
from __future__ import annotations

import pytest
from chemix_setup import all_cards, do, faces

import chemgames
from chemgames import OptionError
from chemgames.games.chemix.cards import card_set

EXAMPLE = dict(hands=[["Cl", "H", "C"], ["N", "P", "Fe"]], table=[["H2O", 1]], nobles=[["Ar"], ["He"]])


def test_sheet_example_of_page_7_set_up_by_options_and_played():
    """Sheet p. 7, "Einsatz einer Edelgaskarte": free after the turn H, O, "2", "2", Cl, H, C; H2O was
    taken apart in this turn. "Schritt 1: Da je eine freie Karte H, O und 2 vorhanden ist, kann die
    Verbindung H2O wieder hergestellt werden. Schritt 2: Die zweite Multiplikatorkarte kommt zurück
    auf den Multiplikatorstapel. Schritt 3: Die verbleibenden Karten Cl, H und C kommen auf den
    Ablagestapel." """
    g = chemgames.new_game("chemix", players=2, seed=5, lang="de", **EXAMPLE)
    assert sorted(all_cards(g)) == sorted(card_set().all_ids())  # no card created or lost
    assert g.current_player == 0 and g.s_nobles == [["Ar"], ["He"]]  # argon (18) beats helium (2)
    assert faces(g, g.s_hands[0]) == ["C", "Cl", "H"] and faces(g, g.s_hands[1]) == ["Fe", "N", "P"]
    assert g.view(None)["stacks"] == {"2": 3, "3": 3, "4": 2}  # the "2" of H2O came off its stack
    do(g, "dissolve", compound="H2O")
    do(g, "take", multiplier="2")
    for card in list(g.s_hands[0]):
        do(g, "play", card=card)
    assert faces(g, g.s_free) == sorted(["H", "O", "2", "2", "Cl", "H", "C"])
    text = str(do(g, "noble", gas="Ar", to=1))
    assert "H2O wird aus freien Karten wiederhergestellt" in text
    assert faces(g, g.s_discard) == ["C", "Cl", "H"] and g.view(None)["stacks"]["2"] == 3


def test_the_sheets_start_radon_begins_and_unchosen_cards_are_dealt_from_the_seed():
    """Sheet: "Wer die Edelgaskarte mit der höchsten Ordnungszahl erhalten hat, beginnt das Spiel. In
    unserem Beispiel ist das Spieler(in) 2 mit Radon (Ordnungszahl 86)." """
    g = chemgames.new_game("chemix", players=3, seed=2, nobles=["He", "Rn", "Ne"])
    assert g.current_player == 1 and g.s_out == ["Ar"]
    assert [len(h) for h in g.s_hands] == [3, 3, 3]
    g = chemgames.new_game("chemix", players=3, seed=2, nobles=["He", "Rn", "Ne"], starter=2)
    assert g.current_player == 2
    g = chemgames.new_game("chemix", players=2, seed=2, draw_top=["Fe", "2"], hands=[["C", "O"]],
                           won=[["FeO", 0]])
    assert [g.face(i) for i in g.s_draw[-2:]] == ["2", "Fe"]  # Fe is drawn first
    assert "FeO" not in g.s_display and g.s_won[0] == ["FeO"] and g.scores()[0] == 2 + 3 - 2
    assert sorted(all_cards(g)) == sorted(card_set().all_ids())


def test_a_chosen_position_round_trips_through_the_save_file():
    g = chemgames.new_game("chemix", players=2, seed=5, lang="en", **EXAMPLE)
    do(g, "take", multiplier="2")
    do(g, "play", card=next(i for i in g.s_hands[0] if g.face(i) == "H"))
    do(g, "form", layout=["H", "2"])
    do(g, "confirm", refill=True)
    back = chemgames.load_game(g.to_json())
    assert back.to_json() == g.to_json() and back.view(0) == g.view(0)
    assert back.option_values["table"] == [["H2O", 1]]


@pytest.mark.parametrize("options, words", [
    (dict(hands=[["H", "H", "H", "H"]]), "would hold 4 cards, at most 3"),
    (dict(hands=[["Fe"], ["Fe"]]), "no card Fe is left in the supply"),
    (dict(hands=[["Xx"]]), "no card Xx is left"),
    (dict(hands=[["2", "2"], ["2", "2"], ["2"]]), "at most one entry per player"),
    (dict(hands=[["2", "2"], ["2", "2"]], table=[["H2O", 0]]), "no card 2 is left"),
    (dict(table=[["H2O", 0], ["H2O", 1]]), "H2O is already placed"),
    (dict(table=[["H2O", 0]], won=[["H2O", 1]]), "H2O is already placed"),
    (dict(table=[["HO", 0]]), "no compound card shows HO"),
    (dict(table=[["H2O", 2]]), "there is no player 2"),
    (dict(table=["H2O"]), "each compound is a pair"),
    (dict(nobles=["Xe"]), "Xe' is not a noble gas"),
    (dict(nobles=["He", "He"]), "is not a noble gas of the box"),
    (dict(starter=5), "5"),
    (dict(hands="HOC"), "wrong kind"),
    (dict(hands=["HOC"]), "each hand is a list of cards"),
])
def test_a_bad_position_is_refused_with_its_reason(options, words):
    with pytest.raises(OptionError) as info:
        chemgames.new_game("chemix", players=2, seed=1, lang="en", **options)
    assert words in str(info.value)
