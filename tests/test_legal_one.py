"""``Game.is_legal`` answers without listing every legal action when none are listed yet (the
game hook ``_legal_one``, issue 16: ``load_game`` asks once per replayed action). It must agree
exactly with ``action in legal_actions()`` of the same types (``True == 1``, but a bool where the game
lists a whole number is not the listed move, which ``_explain`` refuses): checked here after every step of random and greedy
games, for every legal action, for actions legal a few steps before, for the legal actions of the
other seat, and for mutated ones (another kind, another parameter value, ``True`` for ``1``, a float,
a parameter more or less).
"""
from __future__ import annotations

import random
from collections import deque

import pytest

import chemgames
from chemgames.bots import GreedyBot
from chemgames.core.action import Action
from conformance import GAME_IDS, exact_key

GAMES = GAME_IDS  # every registered game (tests/conformance.py)
ODD_VALUES = ["H", "O", "Fe", "Protomaterie", "P", "x", "", 0, 1, 2, -1, 3, True, False, None, 1.0, ("H",)]


def _mutants(action: Action, kinds: list[str], rng: random.Random) -> list[object]:
    out: list[object] = [
        Action(action.game, 1 - action.player, action.kind, action.params),
        Action(action.game, True if action.player == 1 else False, action.kind, action.params),
        Action("other", action.player, action.kind, action.params),
        Action(action.game, action.player, rng.choice(kinds), action.params),
        Action(action.game, action.player, action.kind, action.params + (("extra", 1),)),
        Action(action.game, action.player, action.kind, action.params[:-1]),
        Action(action.game, action.player, action.kind, tuple(reversed(action.params))),
    ]
    for k, (name, _) in enumerate(action.params):
        for value in rng.sample(ODD_VALUES, 4):
            params = action.params[:k] + ((name, value),) + action.params[k + 1:]
            out.append(Action(action.game, action.player, action.kind, params))
        out.append(Action(action.game, action.player, action.kind,
                          action.params[:k] + (("renamed", action.params[k][1]),) + action.params[k + 1:]))
    return out


def _listed(action: object, legal: list[Action]) -> bool:
    """``action in legal`` of the same types, read apart from the engine's lookup."""
    return exact_key(action) in {exact_key(a) for a in legal}


def _check_game(game_id: str, seed: int, policy: str, limit: int) -> int:
    g = chemgames.new_game(game_id, players=2, seed=seed, lang="en")
    rng = random.Random(seed)
    bot = GreedyBot(seed)
    recent: deque[Action] = deque(maxlen=40)
    kinds: list[str] = ["nonsense"]
    checked = 0
    for _ in range(limit):
        if g.is_over:
            break
        legal = g.legal_actions()
        kinds += [a.kind for a in legal if a.kind not in kinds]
        candidates: list[object] = list(legal) + list(recent) + ["nonsense", None, 3]
        for a in rng.sample(legal, min(len(legal), 6)):
            candidates += _mutants(a, kinds, rng)
        for a in candidates:
            g._legal_cache = None  # as after a step: nothing listed yet
            assert g.is_legal(a) == _listed(a, legal), (game_id, seed, a)
            checked += 1
        recent.extend(legal)
        g._legal_cache = None
        action = rng.choice(legal) if policy == "uniform" else bot.choose(g)
        g.apply(action, explain=False)
    # the finished game lists nothing: nothing is legal
    if g.is_over:
        assert not any(g.is_legal(a) for a in recent)
    return checked


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("policy", ["uniform", "greedy"])
def test_legal_one_agrees_with_the_listing(game_id: str, policy: str) -> None:
    seeds = [1, 2] if game_id != "chemiekarten" else [3]
    assert sum(_check_game(game_id, seed, policy, 1500) for seed in seeds) > 300


def test_legal_one_in_the_attack_phase() -> None:
    """Das Chemie-Kartenspiel's attacks (``attack``/``stop``) after a radioactive compound."""
    g = chemgames.new_game("chemiekarten", players=2, seed=3, lang="en", dealer=0,
                           hands=[[], ["U", "O", "O", "O"]], table=[["FeCl2", 0], ["H2O", 1]])
    for kind, card in [("select", "U"), ("select", "O"), ("select", "O"), ("select", "O"), ("confirm", None)]:
        params = (("card", card),) if card else ()
        g.apply(Action(g.id, 1, kind, params), explain=False)
    assert g.s_phase == "attack"
    legal = g.legal_actions()
    candidates = legal + [Action(g.id, 1, "attack", (("target", t),)) for t in (0, 1, 2, 3, "1", True, 1.0)]
    candidates += [Action(g.id, 1, "skip"), Action(g.id, 1, "stop", (("x", 1),)), Action(g.id, 0, "stop")]
    for a in candidates:
        g._legal_cache = None
        assert g.is_legal(a) == _listed(a, legal), a
    assert not g.is_legal(Action(g.id, 1, "attack", (("target", True),)))
    assert any(a.kind == "attack" for a in legal)
