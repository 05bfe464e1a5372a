"""Bad input for ChemiX Classic: malformed actions, other players' moves, corrupt save files.
Each is refused with a reason in the player's language and changes nothing."""
from __future__ import annotations

import json

import pytest
from chemix_setup import arrange, new

import chemgames
from chemgames import Action, IllegalAction, SaveFileError


BAD_PARAMS = [
    ("form", (("layout", "H2O"),)),
    ("form", (("layout", ()),)),
    ("form", (("layout", (1, 2)),)),
    ("form", (("layout", ("H", "2", "O")), ("extra", 1))),
    ("form", (("layout", ("Xx", "2")),)),
    ("form", (("layout", ("2", "H")),)),
    ("play", (("card", 5),)),
    ("play", (("card", "Fe.9"),)),
    ("drop", (("card", "x2.1"),)),
    ("take", (("multiplier", "5"),)),
    ("take", (("multiplier", 2),)),
    ("put_back", (("multiplier", "2"),)),
    ("dissolve", (("compound", "H2O"),)),
    ("dissolve", ()),
    ("noble", (("gas", "He"), ("to", "1"))),
    ("noble", (("gas", "Xe"), ("to", 1))),
    ("confirm", (("refill", "yes"),)),
    ("confirm", (("refill", 1),)),
    ("confirm", ()),
    ("pass", (("now", True),)),
    ("teleport", ()),
]


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("kind,params", BAD_PARAMS)
def test_malformed_actions_are_refused_and_change_nothing(lang, kind, params):
    g = arrange(new(lang=lang), hands={0: ["H", "O", "C"]})
    before = g.digest()
    with pytest.raises(IllegalAction) as info:
        g.apply(Action("chemix", 0, kind, params))
    assert g.digest() == before and g.log == []
    assert info.value.explanation.title and not info.value.explanation.ok


def test_other_players_and_other_games_are_refused():
    g = new()
    p = g.current_player
    with pytest.raises(IllegalAction):
        g.apply(Action("chemix", 1 - p, "pass"))
    with pytest.raises(IllegalAction):
        g.apply(Action("chemiekarten", p, "pass"))
    for junk in (None, {"kind": "pass"}, "pass", 3):
        assert not g.check(junk).ok


def test_messages_come_in_the_players_language():
    g = arrange(new(lang="de"), hands={0: ["H", "O", "C"]})
    e = g.check(Action("chemix", 0, "form", (("layout", ("O", "O")),)))
    assert "Karten" in e.title or "Verbindungskarte" in e.title
    g.lang = "en"
    assert "laid" in g.check(Action("chemix", 0, "form", (("layout", ("O", "O")),))).title


@pytest.mark.parametrize("damage", ["truncate", "digest", "action", "game"])
def test_corrupt_save_files_are_refused(damage):
    g = new(seed=3)
    g.apply(next(a for a in g.legal_actions() if a.kind == "pass"))
    data = json.loads(g.to_json())
    if damage == "truncate":
        text = g.to_json()[:40]
    else:
        if damage == "digest":
            data["digest"] = "0" * 32
        elif damage == "action":
            data["actions"][0]["params"] = {"layout": ["O", "O"]}
            data["actions"][0]["kind"] = "form"
        else:
            data["game"] = "chemixx"
        text = json.dumps(data)
    with pytest.raises(SaveFileError):
        chemgames.load_game(text)


def test_json_actions_from_a_browser():
    g = arrange(new(), hands={0: ["H", "O", "C"]})
    a = g.action_from_json({"game": "chemix", "player": 0, "kind": "form", "params": {"layout": ["C", "O"]}})
    assert a.get("layout") == ("C", "O") and not g.check(a).ok
    with pytest.raises(chemgames.Error):
        g.action_from_json({"game": "chemix", "player": 0, "kind": "form", "params": {"layout": [1.5]}})


def test_every_message_key_of_the_engine_is_in_both_catalogs():
    import re
    from pathlib import Path

    from chemgames.core.i18n import keys

    source = (Path(chemgames.__file__).parent / "games" / "chemix" / "rules.py").read_text("utf-8")
    used = set(re.findall(r'"(cx\.[a-z_]+)"', source)) | {"cx.move_take", "cx.move_put_back"}
    new()  # the game's catalog is registered on import
    assert used and used <= keys("de") and used <= keys("en")
