"""Game.copy (OpenSpiel's clone in chemgames.spiel): a copy played to the end leaves the original
as it was, and both go on exactly like the original would (same cards, same future draws, undo)."""
from __future__ import annotations

import pickle
import random

import pytest

import chemgames

GAMES = [info.id for info in chemgames.games()]


def _random_moves(game, rng: random.Random, n: int) -> None:
    for _ in range(n):
        if game.is_over:
            return
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("game_id", GAMES)
def test_copy_is_independent_and_replays_like_the_original(game_id):
    g = chemgames.new_game(game_id, players=2, seed=21, lang="en")
    _random_moves(g, random.Random(1), 7)
    save, views = g.to_json(), [g.view(p) for p in range(2)]
    twin = g.copy()
    assert [twin.view(p) for p in range(2)] == views and twin.can_undo() == g.can_undo()
    _random_moves(twin, random.Random(2), 10_000)  # to the end: draws, scoring, the last turn
    assert twin.is_over
    assert g.to_json() == save and [g.view(p) for p in range(2)] == views, "the copy changed the original"
    # the same moves on the original and on a fresh copy give the same game (the future draws too)
    again = g.copy()
    _random_moves(g, random.Random(3), 60)
    _random_moves(again, random.Random(3), 60)
    assert again.to_json() == g.to_json() and again.view(None) == g.view(None)


def test_undo_on_a_copy_leaves_the_original():
    g = chemgames.new_game("chemiekarten", players=2, seed=4, lang="en")
    select = next(a for a in g.legal_actions() if a.kind == "select")
    g.apply(select)
    twin = g.copy()
    assert twin.undo() == select and not twin.log
    assert g.log[-1].action == select and g.can_undo()


def _mutable_parts(value, out=None):
    """Every mutable object inside ``value`` (lists, dicts, sets, instances with a ``__dict__``), by id; frozen
    dataclasses count as values."""
    out = {} if out is None else out
    if id(value) in out or isinstance(value, (str, int, float, bool, type(None), bytes)):
        return out
    if getattr(getattr(value, "__dataclass_params__", None), "frozen", False):
        return out  # a frozen value (a verdict, an identity): the engine's caches share these among all games
    if isinstance(value, (list, dict, set)) or hasattr(value, "__dict__"):
        out[id(value)] = value
    items = (value.items() if isinstance(value, dict) else value if isinstance(value, (list, tuple, set, frozenset))
             else vars(value).items() if hasattr(value, "__dict__") else ())
    for item in items:
        _mutable_parts(item, out)
    return out


def _canonical(value):
    """``value`` as plain nested data: every instance as its type and all its attributes (private ones too)."""
    if isinstance(value, dict):
        return {k: _canonical(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_canonical(v) for v in value)
    if hasattr(value, "__dict__") and not isinstance(value, type):
        return (type(value).__name__, _canonical(vars(value)))
    return value


def test_chemiekarten_copies_its_state_as_deep_as_a_pickle_and_shares_nothing_mutable():
    """Das Chemie-Kartenspiel copies its state itself (``_copied_state``, faster than the pickle round trip
    of ``Game``): at many points of random games, both ordinary and fast (named and unnamed compounds,
    staged cards, protection, payment, attacked compounds), the copy holds the same as the round trip's
    (every attribute, private ones too), shares no mutable part with the original, and a copy changed to the end leaves the original."""
    from chemgames.core.game import Game

    seen = {"named": 0, "unnamed": 0, "staged": 0, "turned": 0, "protected": 0}
    for seed in range(8):
        g = chemgames.new_game("chemiekarten", players=2 + seed % 3, seed=seed, lang="en")
        rng = random.Random(seed)
        for step in range(400):
            if g.is_over:
                break
            if step % 7 == 0:
                mine, reference = g._copied_state(), Game._copied_state(g)
                assert _canonical(mine) == _canonical(reference)
                shared = set(_mutable_parts(mine)) & set(_mutable_parts(g._state()))
                assert not shared, [type(_mutable_parts(mine)[i]).__name__ for i in shared]
                for c in g.s_table:
                    seen["named" if "formula" in vars(c) or "_verdict" in vars(c) else "unnamed"] += 1
                    seen["turned"] += bool(c.turned)
                    seen["protected"] += c.protect is not None
                seen["staged"] += bool(g.s_stage.card_ids())
            legal = g.legal_actions()
            eager = [a for a in legal if a.kind in ("protect", "confirm", "attack")]  # compounds laid, protected, hit
            g.apply(rng.choice(eager if eager and rng.random() < 0.7 else legal), explain=step % 2 == 0)
        save = g.to_json()
        twin = g.copy()
        while not twin.is_over:
            twin.apply(rng.choice(twin.legal_actions()), explain=False)
        assert g.to_json() == save
    assert min(seen.values()) > 0, seen
