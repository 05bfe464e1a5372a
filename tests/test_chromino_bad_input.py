"""Bad input for Chromino: junk actions, wrong options, damaged save files, malformed widget messages.
Each gets a clear message in the player's language and changes nothing."""
from __future__ import annotations

import json
from typing import Any

import pytest

import chemgames
from chemgames import Action, IllegalAction, MalformedAction, OptionError, SaveFileError


def game(lang: str = "en", **options: Any):
    return chemgames.new_game("chromino", players=2, seed=8, lang=lang, **options)


def place(**params: Any) -> Action:
    return Action("chromino", 0, "place", tuple(params.items()))


@pytest.mark.parametrize("action, rule", [
    (place(tile=99, x=0, y=1, rot=0), "ch.no_such_tile"),
    (place(tile=-1, x=0, y=1, rot=0), "ch.no_such_tile"),
    (place(tile=3, x=0, y=1, rot=4), "ch.bad_rot"),
    (place(tile=3, x=10**9, y=1, rot=0), "ch.too_far"),
    (place(tile="3", x=0, y=1, rot=0), "ch.bad_params"),
    (place(tile=True, x=0, y=1, rot=0), "ch.bad_params"),
    (place(tile=3, x=0, y=1), "ch.bad_params"),
    (place(tile=3, x=0, y=1, rot=0, colour=2), "ch.bad_params"),
    (Action("chromino", 0, "place", (("tile", 3), ("tile", 3), ("x", 0), ("y", 1), ("rot", 0))), "ch.bad_params"),
    (Action("chromino", 0, "draw", (("n", 5),)), "ch.bad_params"),
    (Action("chromino", 0, "rotate", ()), "ch.unknown_kind"),
    (Action("chromino", 1, "draw", ()), "core.not_your_turn"),
    (Action("chemiekarten", 0, "draw", ()), "core.other_game"),
    (Action("chromino", "0", "draw", ()), "core.not_an_action"),
    ("place tile 3", "core.not_an_action"),
    (None, "core.not_an_action"),
])
def test_junk_actions_are_refused_and_change_nothing(action: Any, rule: str) -> None:
    g = game()
    before = g.digest()
    e = g.check(action)
    assert not e.ok and e.rule == rule and e.title
    with pytest.raises(IllegalAction):
        g.apply(action)
    assert g.digest() == before


def test_a_tile_of_another_hand_is_refused_in_german() -> None:
    g = game("de")
    theirs = g.s_hands[1][0]
    e = g.check(place(tile=theirs, x=0, y=1, rot=0))
    assert e.rule == "ch.not_in_hand" and "nicht auf deiner Hand" in e.title


@pytest.mark.parametrize("obj", [[], "draw", {"game": "chromino", "player": 0}, {"game": "chromino", "player": 0,
                                 "kind": "place", "params": {"tile": 1.5}}, {"game": "chromino", "player": 0,
                                 "kind": "draw", "params": [], "extra": 1}])
def test_malformed_json_actions(obj: Any) -> None:
    with pytest.raises(MalformedAction):
        game().action_from_json(obj)


@pytest.mark.parametrize("options", [{"start": 74}, {"start": 500}, {"hands": [[0, 0]]}, {"hands": [[999]]},
                                     {"hands": [[1]] * 3}, {"hands": [list(range(9))]}, {"hands": "abc"},
                                     {"open_hands": 1}, {"colours": 6}])
def test_bad_options_refused(options: dict[str, Any]) -> None:
    with pytest.raises(OptionError):
        game(**options)


def _saved() -> str:
    g = game()
    for _ in range(6):
        g.apply(g.legal_actions()[0])
    return g.to_json()


@pytest.mark.parametrize("damage", [
    lambda s: s[: len(s) // 2],
    lambda s: s.replace('"kind": "place"', '"kind": "teleport"', 1) if '"kind": "place"' in s else s.replace('"kind": "draw"', '"kind": "teleport"', 1),
    lambda s: json.dumps({**json.loads(s), "digest": "0" * 32}),
    lambda s: json.dumps({**json.loads(s), "players": 12}),
    lambda s: json.dumps({**json.loads(s), "options": {**json.loads(s)["options"], "draw": "twice"}}),
    lambda s: json.dumps({**json.loads(s), "actions": json.loads(s)["actions"][::-1]}),
    lambda s: "not json",
])
def test_damaged_save_files(damage: Any) -> None:
    with pytest.raises(SaveFileError):
        chemgames.load_game(damage(_saved()))


def test_save_file_round_trip() -> None:
    text = _saved()
    copy = chemgames.load_game(text)
    assert copy.to_json() == text
