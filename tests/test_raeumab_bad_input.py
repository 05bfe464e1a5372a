"""Bad input to Räum-Ab!: illegal and malformed actions, bad options and damaged save files get a clear
error in the player's language and change nothing."""
from __future__ import annotations

import json

import pytest

import chemgames
from chemgames import Action, IllegalAction, MalformedAction, OptionError, SaveFileError

from raeumab_helpers import card_id, free_id, pair_action, position


@pytest.fixture
def game():
    return position(["G36", "R12"], ["B18"], ["Y7"], ["W"], piles=[["B3"], []])


BAD = [
    Action("raeumab", 0, "pair", ()),
    Action("raeumab", 0, "pair", (("cards", (1,)),)),
    Action("raeumab", 0, "pair", (("cards", (1, 2, 3)),)),
    Action("raeumab", 0, "pair", (("cards", ("a", "b")),)),
    Action("raeumab", 0, "pair", (("cards", (True, 2)),)),
    Action("raeumab", 0, "pair", (("cards", (5, 5)),)),
    Action("raeumab", 0, "pair", (("cards", 7),)),
    Action("raeumab", 0, "pair", (("cards", (1, 2)), ("extra", 1))),
    Action("raeumab", 0, "pair", (("cards", (200, 300)),)),
    Action("raeumab", 0, "pair", (("cards", (-5, 3)),)),
    Action("raeumab", 0, "wish", (("wish", "W"), ("card", 1))),
    Action("raeumab", 0, "wish", (("wish", 1),)),
    Action("raeumab", 0, "fly", ()),
    Action("raeumab", 1, "pair", (("cards", (1, 2)),)),
    Action("chemiekarten", 0, "pair", (("cards", (1, 2)),)),
    Action("raeumab", "0", "pair", ()),  # type: ignore[arg-type]
    "pair 1 2",
    None,
]


@pytest.mark.parametrize("bad", BAD, ids=range(len(BAD)))
def test_malformed_or_illegal_actions_are_refused_and_change_nothing(game, bad):
    before = game.digest()
    explanation = game.check(bad)
    assert not explanation.ok and explanation.title
    with pytest.raises(IllegalAction):
        game.apply(bad)
    assert game.digest() == before and game.log == []


def test_pair_ids_in_the_wrong_order_are_refused_with_the_reason(game):
    a, b = free_id(game, "R12"), free_id(game, "B18")
    e = game.check(Action("raeumab", 0, "pair", (("cards", (max(a, b), min(a, b))),)))
    assert not e.ok and e.rule == "ra.bad_pair_params" and "smaller first" in e.title


def test_refusals_speak_the_players_language(game):
    hidden = card_id(game, "G36")
    game.lang = "de"
    e = game.check(pair_action(game, hidden, free_id(game, "B18")))
    assert "ist nicht frei" in e.title and "Reihe 1" in e.title
    game.lang = "en"
    assert "is not free" in game.check(pair_action(game, hidden, free_id(game, "B18"))).title


def test_a_card_on_a_pile_is_not_free(game):
    pile_card = game.table()["piles"][0][0]
    e = game.check(pair_action(game, pile_card, free_id(game, "B18")))
    assert not e.ok and e.rule == "ra.in_pile"


def test_wish_with_a_number_card_is_refused(game):
    e = game.check(Action("raeumab", 0, "wish", (("wish", free_id(game, "R12")), ("card", game.wish_reach(0)[0]))))
    assert not e.ok and e.rule == "ra.not_a_wish"


@pytest.mark.parametrize("obj", [
    [], "x", {"game": "raeumab", "player": 0, "kind": "pair", "params": {"cards": [1.5, 2]}},
    {"game": "raeumab", "player": 0, "kind": "pair", "params": [1, 2]},
    {"game": "raeumab", "player": 0, "kind": "pair", "params": {"cards": {"a": 1}}},
    {"game": "raeumab", "player": 0, "kind": "pair", "trick": 1},
])
def test_malformed_json_actions_raise_a_chemgames_error(game, obj):
    with pytest.raises(MalformedAction):
        game.action_from_json(obj)


@pytest.mark.parametrize("options", [
    {"players": 0}, {"players": 5}, {"fair_start": "yes"}, {"columns": [["R99"]]}, {"columns": [["R12", "R12"]]},
    {"columns": [[]] * 8}, {"columns": "R12"}, {"columns": [["R12"] * 17]}, {"rest": "below"},
    {"piles": [["B3"], ["B3"]]}, {"piles": [[1]]}, {"colour": "red"},
])
def test_bad_options_are_refused(options):
    players = options.pop("players", 2)
    with pytest.raises(OptionError):
        chemgames.new_game("raeumab", players=players, seed=1, **options)


def test_option_errors_in_german():
    with pytest.raises(OptionError, match="keine .*Karte „R99“"):
        chemgames.new_game("raeumab", seed=1, lang="de", columns=[["R99"]])


def played(n=6):
    g = chemgames.new_game("raeumab", players=2, seed=9, lang="en")
    for _ in range(n):
        g.apply(g.hints()[0].actions[0])
    return g


def test_save_file_round_trip():
    g = played()
    copy = chemgames.load_game(g.to_json())
    assert copy.table() == g.table() and copy.current_player == g.current_player


@pytest.mark.parametrize("damage", ["truncate", "digest", "action", "seed", "junk", "card"])
def test_damaged_save_files_are_refused(damage):
    g = played()
    data = json.loads(g.to_json())
    if damage == "truncate":
        text = g.to_json()[:-20]
    else:
        if damage == "digest":
            data["digest"] = "0" * 32
        elif damage == "action":
            data["actions"][2]["params"]["cards"] = [0, 1]
        elif damage == "seed":
            data["seed"] += 1
        elif damage == "junk":
            data["actions"][0] = {"kind": 3}
        elif damage == "card":
            data["options"]["columns"] = [["Q7"]]
        text = json.dumps(data)
    with pytest.raises(SaveFileError):
        chemgames.load_game(text)
