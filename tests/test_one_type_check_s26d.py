"""One check of an action's types (``core.action.same_action``): is an action exactly the listed move, equal and of
the same types throughout (``True == 1 == 1.0``, but a bool or a float where a whole number is listed is another
move)? Both ways of answering ``Game.is_legal`` use it: the core's look-up in the listed moves (``Game._listed``) and
Das Chemie-Kartenspiel's fast path (``_legal_one``, which finds the one listed move an action could be without
listing them all). Before session 26 each had its own (``core.game._types``; the game's ``_plain``, which sent every
action of other types to the full listing).
"""
from __future__ import annotations

import pytest

import chemgames
from chemgames.core import action as core_action
from chemgames.core.action import Action, same_action
from conformance import MALFORMED_VALUES, exact_key


class Text(str):
    """A text that equals the game's text but is not of its type."""


def _variants(a: Action) -> list[Action]:
    """``a`` with each parameter (and the player) replaced by a value that may equal it but is not of its type."""
    out = [Action(a.game, True if a.player == 1 else False, a.kind, a.params), Action(Text(a.game), a.player, a.kind, a.params),
           Action(a.game, a.player, Text(a.kind), a.params)]
    for k, (name, value) in enumerate(a.params):
        for other in [*MALFORMED_VALUES, Text(value) if isinstance(value, str) else float(value) if isinstance(value, int) else ()]:
            out.append(Action(a.game, a.player, a.kind, a.params[:k] + ((name, other),) + a.params[k + 1:]))
    return out


def test_same_action_is_equal_and_of_the_same_types():
    listed = Action("g", 1, "lay", (("n", 1), ("card", "H"), ("pos", (0, -1))))
    assert same_action(listed, listed)
    assert same_action(Action.from_json(listed.to_json()), listed)  # a save's action: equal, another object
    for v in _variants(listed):
        assert same_action(v, listed) == (exact_key(v) == exact_key(listed)), v
    assert not same_action(Action("g", 1, "lay", (("n", 1), ("card", "H"), ("pos", (0, True)))), listed)
    assert not same_action(Action("g", 1, "lay", (("n", 1), ("card", "H"), ("pos", [0, -1]))), listed)
    assert not same_action("lay", listed) and not same_action(None, listed)


def _games():
    g = chemgames.new_game("chemiekarten", players=2, seed=5, dealer=1, hands=[["Fe", "Cl", "Cl", "O", "S", "O", "O"]])
    yield g
    for a in (g._act("select", card="Fe"), g._act("select", card="Cl")):
        g.apply(a)
        yield g


@pytest.mark.parametrize("step", range(3))
def test_the_fast_path_refuses_other_types_itself_as_the_listing_does(step):
    """Das Chemie-Kartenspiel answers an action of other types on its fast path (without listing every move), and
    exactly as the listing does."""
    g = list(_games())[step]
    legal = g.legal_actions()
    asked = 0
    for a in legal:
        for v in _variants(a):
            fresh = g.copy()  # nothing listed yet: the fast path answers
            try:
                hash(v)
            except TypeError:
                continue  # a list among the parameters: left to the listing
            assert fresh.is_legal(v) == any(same_action(v, x) for x in legal) == (exact_key(v) in {exact_key(x) for x in legal}), v
            assert fresh._legal_cache is None, v  # answered without listing every legal action
            asked += 1
    assert asked > 100


def test_the_type_check_is_written_once():
    """The core's look-up and the game's fast path use the one check (no second one to drift apart)."""
    from chemgames.core import game as core_game
    from chemgames.games.chemiekarten import rules

    assert core_game.same_action is core_action.same_action is rules.same_action
    assert not hasattr(core_game, "_types") and not hasattr(rules, "_plain")
