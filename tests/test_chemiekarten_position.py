"""Das Chemie-Kartenspiel: a chosen start position (options ``hands``, ``table``, ``dealer``) so that
the lesson's demonstrations run as written; no card created or lost; bad positions refused."""
from __future__ import annotations

from collections import Counter

import pytest

import chemgames
from chemgames.core.errors import OptionError
from chemgames.games.chemiekarten.cards import family_deck


def all_cards(g):
    ids = [i for p in g.s_piles for i in p] + [i for h in g.s_hands for i in h]
    ids += [i for c in g.s_table for i in c.card_ids()]
    return ids


def test_compounds_laid_before_the_start_are_on_the_table_and_score():
    # the sheet: "Hierfür werden alle Punkte seiner ausgespielten Verbindungen zusammengezählt"
    g = chemgames.new_game("chemiekarten", players=3, seed=2, lang="de", dealer=2,
                           hands=[["U", "O", "O", "O"]], table=[["FeCl2", 1], [["H", "H", "O"], 2], ["NaCl", 1]])
    assert [(c.formula, c.owner) for c in g.s_table] == [("FeCl2", 1), ("H2O", 2), ("NaCl", 1)]
    assert g.scores() == [0, 6 + 3, 3] and g.current_player == 0
    ids = all_cards(g)
    assert len(ids) == len(set(ids)) == 108  # no card created or lost
    assert Counter(g.kinds[i] for i in ids) == family_deck()
    assert [c.cid for c in g.s_table] == [1, 2, 3]  # the next compound gets a fresh number


def test_a_position_round_trips_through_the_save_file():
    g = chemgames.new_game("chemiekarten", players=2, seed=4, lang="en", dealer=1,
                           hands=[["H", "H", "O"]], table=[["FeO", 1]])
    for kind, params in (("select", {"card": "H"}), ("select", {"card": "H"}), ("select", {"card": "O"}),
                         ("confirm", {})):
        g.apply(g.action_from_json({"game": g.id, "player": 0, "kind": kind, "params": params}))
    back = chemgames.load_game(g.to_json())
    assert back.to_json() == g.to_json() and back.view(0) == g.view(0)
    assert back.option_values["table"] == [["FeO", 1]]


@pytest.mark.parametrize("options, words", [
    (dict(table=[["HO", 0]]), "H + O (player 1) cannot lie on the table: The charges do not add up to zero"),
    (dict(table=[["Tc", 0]]), "cannot lie on the table"),  # alone only if stable
    (dict(table=[["H2O", 2]]), "2 is not a player"),
    (dict(table=["H2O"]), "each entry is [cards, player]"),
    (dict(table=[[[], 0]]), "each entry is [cards, player]"),
    (dict(table=[["H2O(", 0]]), "each entry is [cards, player]"),
    (dict(table=[["Au2O3", 0]] * 4), "no further card 'Au'"),  # the deck holds only so many
    (dict(hands=[["Au", "Au"]], table=[["Au2O3", 1]]), "no further card 'Au'"),
])
def test_a_bad_position_is_refused_with_its_reason(options, words):
    with pytest.raises(OptionError) as info:
        chemgames.new_game("chemiekarten", players=2, seed=1, lang="en", **options)
    assert words in str(info.value)
