"""Save files: whatever a save holds, ``load_game`` either rebuilds the game or raises
``SaveFileError`` with a clear message (issue 15), and a save edited to break the rules is refused."""
from __future__ import annotations

import json
import random

import pytest

import chemgames
from chemgames import SaveFileError, load_game
from chemgames.bots import RandomBot, play_turn
from chemgames.core.game import signed_blob
from chemgames.core.registry import game_class

GAMES = [g.id for g in chemgames.games()]


@pytest.fixture(autouse=True)
def _key_home(tmp_path, monkeypatch):
    monkeypatch.setenv("CHEMGAMES_HOME", str(tmp_path / "home"))


def played(gid: str, seed: int = 4, turns: int = 6):
    g = chemgames.new_game(gid, players=2, seed=seed, lang="en")
    bots = [RandomBot(seed), RandomBot(seed + 1)]
    for _ in range(turns):
        if g.is_over:
            break
        play_turn(g, bots[g.current_player])
    return g


def test_deep_nesting_is_a_save_file_error():
    with pytest.raises(SaveFileError, match="nested too deeply"):
        load_game("[" * 100000 + "]" * 100000)
    with pytest.raises(SaveFileError):
        load_game('{"a":' * 50000 + "1" + "}" * 50000)


def test_metallurgie_option_of_the_wrong_type_is_a_save_file_error():
    data = json.loads(chemgames.new_game("metallurgie", players=2, seed=3).to_json())
    data["options"]["first"] = None
    with pytest.raises(SaveFileError, match="cannot be set up"):
        load_game(json.dumps(data))


@pytest.mark.parametrize("gid", GAMES)
def test_any_option_value_loads_or_is_a_save_file_error(gid):
    text = played(gid).to_json()
    values = [None, True, False, 0, -1, 10**12, 1.5, "x", "", [], [[]], [None], [["x"]], {"a": 1}, [1, 2, 3]]
    cls = game_class(gid)
    for name in cls.options:
        for value in values:
            data = json.loads(text)
            data["options"][name] = value
            try:
                load_game(json.dumps(data))
            except SaveFileError as exc:
                assert str(exc).strip(), (name, value)


@pytest.mark.parametrize("gid", GAMES)
def test_random_edits_load_or_are_a_save_file_error(gid):
    text = played(gid, turns=8).to_json()
    rng = random.Random(gid)
    for _ in range(60):
        data = json.loads(text)
        field = rng.choice(["players", "seed", "lang", "actions", "digest", "game", "rules", "version"])
        if field == "actions" and data["actions"]:
            i = rng.randrange(len(data["actions"]))
            action = data["actions"][i]
            choice = rng.randrange(3)
            if choice == 0:
                del data["actions"][i]
            elif choice == 1:
                data["actions"].insert(i, action)
            else:
                action["player"] = rng.choice([-1, 1 - action.get("player", 0), "0", None, 99])
        else:
            data[field] = rng.choice([None, 0, 3, -5, "de", [], {}, 2**40])
        try:
            load_game(json.dumps(data))
        except SaveFileError:
            pass


def test_a_save_with_the_actions_reordered_or_truncated_never_loads_a_different_game():
    g = played("chemuno", turns=10)
    data = json.loads(g.to_json())
    data["actions"] = data["actions"][:-1]
    with pytest.raises(SaveFileError):
        load_game(json.dumps(data))


def test_a_set_position_save_loads_signed_and_is_refused_once_edited():
    g = chemgames.new_game("chemix", players=2, seed=2, lang="en", hands=[["C", "O"]])
    text = g.to_json()
    assert load_game(text).view(0) == g.view(0)
    data = json.loads(text)
    assert "signature" in data
    # a student gives herself other cards and recomputes the fingerprint: refused by the signature
    data["options"]["hands"] = [["Fe", "O", "C"]]
    forged = chemgames.new_game("chemix", players=2, seed=2, lang="en", hands=[["Fe", "O", "C"]])
    data["digest"] = forged.digest()
    with pytest.raises(SaveFileError, match="chosen position"):
        load_game(json.dumps(data))


def test_an_ordinary_save_edited_to_set_hands_is_refused():
    g = chemgames.new_game("metallurgie", players=2, seed=5, lang="en")
    data = json.loads(g.to_json())
    assert "signature" not in data  # an ordinary game needs no key: it replays from its seed
    data["options"]["won"] = [["Au", "Au", "Au"], []]
    with pytest.raises(SaveFileError, match="chosen position") as err:
        load_game(json.dumps(data))
    assert "won" in str(err.value)


def test_a_signature_from_another_computer_is_refused(tmp_path, monkeypatch):
    g = chemgames.new_game("chemix", players=2, seed=2, lang="en", hands=[["C", "O"]])
    text = g.to_json()
    monkeypatch.setenv("CHEMGAMES_HOME", str(tmp_path / "other-computer"))
    with pytest.raises(SaveFileError, match="chosen position"):
        load_game(text)


def test_a_save_of_other_rules_says_which_version_it_needs(monkeypatch):
    g = played("chromino")
    data = json.loads(g.to_json())
    assert data["rules"] == 1 and load_game(g.to_json()).digest() == g.digest()
    data["rules"] = 2
    with pytest.raises(SaveFileError, match="version 2 of the rules of 'chromino'; this chemgames plays version 1"):
        load_game(json.dumps(data))
    # a save written before saves named their rules version reads as version 1
    del data["rules"]
    assert load_game(json.dumps(data)).digest() == g.digest()


def test_the_signature_covers_every_field():
    g = chemgames.new_game("chemix", players=2, seed=2, lang="en", hands=[["C", "O"]])
    data = json.loads(g.to_json())
    for key in ("seed", "players", "lang"):
        edited = dict(data)
        edited[key] = {"seed": 3, "players": 3, "lang": "de"}[key]
        assert signed_blob(edited) != signed_blob(data)
