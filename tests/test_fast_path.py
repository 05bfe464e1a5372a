"""The fast engine path (``Game.apply(action, explain=False)``) against the ordinary path.

Search and replay apply actions without building explanation texts, and explanations are made
when someone reads them. What players read must stay exactly as it is: every test here
plays a game on the ordinary path and the same actions on the fast path, and compares the states
(what every seat sees) and, at the end, every explanation of the log in both languages.
"""
from __future__ import annotations

import random

import pytest

import chemgames
from chemgames.bots import GreedyBot
from chemgames.core.errors import IllegalAction
from conformance import GAME_IDS

GAMES = GAME_IDS  # every registered game (tests/conformance.py)
SEEDS = {"chemiekarten": [3]}  # its uniform random games are long (about 700 actions)


def _play(game_id: str, seed: int, policy: str) -> tuple[chemgames.Game, chemgames.Game]:
    """The same game twice: ``slow`` on the ordinary path, ``fast`` on the fast path; the states
    are compared every few actions and at the end."""
    slow = chemgames.new_game(game_id, players=2, seed=seed, lang="de")
    fast = chemgames.new_game(game_id, players=2, seed=seed, lang="de")
    rng = random.Random(seed)
    bot = GreedyBot(seed)
    n = 0
    while not slow.is_over and n < 3000:
        action = rng.choice(slow.legal_actions()) if policy == "uniform" else bot.choose(slow)
        slow.apply(action)
        assert fast.apply(action, explain=False) is None
        n += 1
        if n % 7 == 0 or slow.is_over:
            assert fast.digest() == slow.digest(), (game_id, seed, n, action)
            assert fast.turns_completed == slow.turns_completed
    assert fast.is_over == slow.is_over and fast.scores() == slow.scores()
    return slow, fast


def _texts(game: chemgames.Game) -> list[object]:
    return [(e.public, e.to_dict("de"), e.to_dict("en")) for e in game.log]


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("policy", ["uniform", "greedy"])
def test_fast_path_reads_the_same(game_id: str, policy: str) -> None:
    for seed in SEEDS.get(game_id, [1, 2, 5]):
        if game_id == "chemiekarten" and policy == "greedy":
            seed = 8
        slow, fast = _play(game_id, seed, policy)
        assert _texts(fast) == _texts(slow)
        # what each seat reads of the others' moves (redacted draws) is the same too
        for p in range(slow.players):
            assert fast.view(p) == slow.view(p)


@pytest.mark.parametrize("game_id", GAMES)
def test_load_game_reads_the_same(game_id: str) -> None:
    slow, _ = _play(game_id, SEEDS.get(game_id, [4])[0], "greedy")
    loaded = chemgames.load_game(slow.to_json())
    assert loaded.view(0) == slow.view(0) and loaded.view(None) == slow.view(None)
    assert _texts(loaded) == _texts(slow)


@pytest.mark.parametrize("game_id", GAMES)
def test_undo_after_the_fast_path(game_id: str) -> None:
    """An undo point the fast path did not snapshot is rebuilt by replaying the log."""
    undone = 0
    for seed in range(11, 41):
        rng = random.Random(seed)
        slow = chemgames.new_game(game_id, players=2, seed=seed, lang="en")
        fast = chemgames.new_game(game_id, players=2, seed=seed, lang="en")
        for _ in range(400):
            if slow.is_over:
                break
            action = rng.choice(slow.legal_actions())
            slow.apply(action)
            fast.apply(action, explain=False)
            assert fast.can_undo() == slow.can_undo()
            if slow.can_undo() and rng.random() < 0.3:
                assert fast.undo() == slow.undo()
                undone += 1
                assert fast.digest() == slow.digest()
                assert fast.legal_actions() == slow.legal_actions()
        if undone >= 3:
            break
    assert undone >= 3 or game_id in ("chemuno", "chromino")  # games without steps inside a turn


@pytest.mark.parametrize("game_id", GAMES)
def test_fast_path_refuses_what_the_rules_refuse(game_id: str) -> None:
    g = chemgames.new_game(game_id, players=2, seed=2, lang="en")
    before = g.digest()
    other = [a for a in g.legal_actions()][0]
    wrong_seat = type(other)(other.game, 1 - other.player, other.kind, other.params)
    with pytest.raises(IllegalAction) as err:
        g.apply(wrong_seat, explain=False)
    assert err.value.explanation.rule == "core.not_your_turn"
    with pytest.raises(IllegalAction):
        g.apply("nonsense", explain=False)
    assert g.digest() == before and g.log == []


def test_a_world_dealt_anew_cannot_explain_its_fast_moves() -> None:
    """A search bot's sampled world holds cards the player cannot see: its fast moves have no
    explanation to replay (the replay would use the real cards), so reading one is an error."""
    g = chemgames.new_game("chromino", players=2, seed=3, lang="en")
    world = g.redeal_hidden(0, random.Random(1))
    world.apply(world.legal_actions()[0], explain=False)
    entry = world.log[-1]
    if not entry.explained:
        with pytest.raises(LookupError):
            entry.explanation
