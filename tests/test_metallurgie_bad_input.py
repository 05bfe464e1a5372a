"""Bad input for Metallurgie: wrong options, malformed actions, corrupt save files, forged messages.
Each gets a clear error in the player's language and changes nothing."""
from __future__ import annotations

import json

import pytest

import chemgames
from chemgames import Action, IllegalAction, OptionError, SaveFileError


def new(**kw):
    kw.setdefault("seed", 2)
    kw.setdefault("lang", "en")
    return chemgames.new_game("metallurgie", **kw)


@pytest.mark.parametrize("kw, match", [
    ({"players": 5}, "2"),
    ({"players": 1}, "2"),
    ({"bonus": "yes"}, "bonus"),
    ({"first": 7}, "7"),
    ({"layout": [[0, 0, "Cu"]]}, "ascending stack"),
    ({"layout": [[0, 0, "Fe"], [5, 5, "Fe"]]}, "connected"),
    ({"layout": [[0, 0, "Fe"], [0, 0, "Fe"]]}, "one per position"),
    ({"layout": [[0, "a", "Fe"]]}, "layout"),
    ({"layout": [[q, 0, "Fe", "Cu", "Ag", "Au"] for q in range(12)]}, "within the cards"),
    ({"hands": [["Fe", "Fe", "Fe", "Fe"]]}, "at most"),
    ({"hands": [["Pb"]]}, "no card 'Pb'"),
    ({"pile": ["Xx"]}, "no card 'Xx'"),
    ({"colour": "red"}, "colour"),
    ({"bonus": ["Fe"]}, "exactly 2 different metal symbols"),
    ({"bonus": ["Fe", "Fe"]}, "exactly 2 different"),
    ({"bonus": ["Fe", "Pb"]}, "one bonus card of each metal"),
    ({"won": [["Au"] * 12]}, "no card 'Au'"),
    ({"won": [["stop"]]}, "no card 'stop'"),
    ({"won": "Fe"}, "won"),
    ({"won": [["Fe"], ["Fe"], ["Fe"]]}, r"one list per player \(at most 2\)"),
    ({"won": [["Fe"] * 37 + ["Cu"] * 26 + ["Ag"] * 17 + ["Au"] * 9]}, "too few cards"),
    ({"pile": ["stop", "stop"]}, "no card 'stop'"),
])
def test_bad_options_are_refused(kw, match):
    with pytest.raises(OptionError, match=match):
        new(**kw)


def test_bad_option_in_german():
    with pytest.raises(OptionError, match="zusammenhängende"):
        new(lang="de", layout=[[0, 0, "Fe"], [5, 5, "Fe"]])


@pytest.mark.parametrize("params", [
    (("metal", "Fe"),),
    (("metal", "Fe"), ("pos", 3)),
    (("metal", "Fe"), ("pos", (1, 2, 3))),
    (("metal", "Fe"), ("pos", (True, 0))),
    (("metal", 5), ("pos", (4, 0))),
    (("metal", "Fe"), ("pos", (4, 0)), ("extra", 1)),
])
def test_malformed_lay_is_refused_and_changes_nothing(params):
    g = new(hands=[["Fe", "Fe", "Fe"]])
    before = g.to_json()
    with pytest.raises(IllegalAction, match="not the right parameters"):
        g.apply(Action("metallurgie", 0, "lay", params))
    assert g.to_json() == before


def test_refusals_speak_the_players_language():
    g = new(lang="de", hands=[["Fe", "Fe", "Fe"]])
    with pytest.raises(IllegalAction, match="Metallurgie kennt keine Aktion"):
        g.apply(Action("metallurgie", 0, "fly", ()))
    with pytest.raises(IllegalAction, match="kein Metall „Pb“"):
        g.apply(Action("metallurgie", 0, "lay", (("metal", "Pb"), ("pos", (4, 0)))))
    with pytest.raises(IllegalAction, match="nicht am Zug|not"):
        g.apply(Action("metallurgie", 1, "draw", ()))
    with pytest.raises(IllegalAction):
        g.apply({"game": "metallurgie"})


@pytest.mark.parametrize("obj", [None, [], {"game": "metallurgie", "player": "0", "kind": "draw"},
                                 {"game": "metallurgie", "player": 0, "kind": "lay", "params": {"pos": [1.5, 0]}},
                                 {"game": "metallurgie", "player": 0, "kind": "draw", "evil": 1}])
def test_malformed_json_actions(obj):
    g = new()
    with pytest.raises(chemgames.MalformedAction):
        g.action_from_json(obj)


def test_corrupt_save_files():
    g = new(hands=[["Fe", "Fe", "Fe"]])
    g.apply(Action("metallurgie", 0, "lay", (("metal", "Fe"), ("pos", (4, 0)))))
    good = json.loads(g.to_json())
    bad_action = dict(good, actions=[{"game": "metallurgie", "player": 0, "kind": "lay",
                                      "params": {"metal": "Au", "pos": [4, 0]}}])
    for text in ["", "{", json.dumps(dict(good, digest="0" * 32)), json.dumps(bad_action),
                 json.dumps(dict(good, options={"layout": "x"})), json.dumps(dict(good, players=9))]:
        with pytest.raises(SaveFileError):
            chemgames.load_game(text)
    assert chemgames.load_game(json.dumps(good)).view(0) == g.view(0)


def test_a_layout_that_leaves_too_few_cards_to_deal_is_refused():
    forty_iron = [[q, r, "Fe"] for q in range(10) for r in range(4)]
    g = new(layout=forty_iron)  # 63 cards are left: enough to deal
    assert g.card_count() == 103 and len(g.view()["stacks"]) == 40
    # all 103 cards on the table: nothing is left to deal
    every = [[q, 0, "Fe", "Cu", "Ag", "Au"] for q in range(11)] + [[q, 1, "Fe", "Cu", "Ag"] for q in range(7)] \
        + [[q, 2, "Fe", "Cu"] for q in range(12)] + [[q, 3, "Fe"] for q in range(14)]
    with pytest.raises(OptionError, match="layout"):
        new(layout=every)


def test_a_chosen_position_is_refused_in_german_with_what_is_expected():
    with pytest.raises(OptionError, match="genau 3 verschiedenen Metallsymbolen"):
        new(players=3, lang="de", bonus=["Au", "Au", "Fe"])
    with pytest.raises(OptionError, match="zu wenige Karten in der Schachtel"):
        new(lang="de", won=[["Fe"] * 37, ["Cu"] * 26 + ["Ag"] * 17 + ["Au"] * 9])
