"""A whole move applied at once (``Game.apply_listed``, issue 31 session 15) is the same as its steps
applied one by one with the engine's check of each.

``chemgames.spiel`` applies a whole move of Das Chemie-Kartenspiel (a build's five to fifteen steps)
with ``Game.apply_listed``: the first step checked, the rest on the fast path without asking again,
because its lister worked them out from the rules for that very state. Here random games are played
both ways from the same positions and the games compared serialised (the save file, the pickled
state, the random generator, the undo points); and the refusals: a move listed for another state, an
illegal first step, a number not listed, a later step that fails, each leaving the game as it was.
"""
from __future__ import annotations

import io
import pickle
import random

import pytest

import chemgames
from chemgames.core.errors import IllegalAction, NothingToUndo
from chemgames.spiel.moves import WholeMoves


def _pickled(obj) -> bytes:
    """``obj`` pickled without pickle's memo: equal values give equal bytes whether or not two equal
    texts are one object (a compound's name read once may share a text the other path holds twice)."""
    out = io.BytesIO()
    pickler = pickle.Pickler(out, pickle.HIGHEST_PROTOCOL)
    pickler.fast = True
    pickler.dump(obj)
    return out.getvalue()


def _serialised(g, save: bool = True) -> tuple:
    """Everything that makes the game: its save (the views' digest: dear, so not always), its state,
    its generator, its log and undo points."""
    return (g.to_json() if save else None, _pickled(g._state()), g.rng.getstate(),
            [(e.player, e.public, e.action) for e in g.log], [at for _, at in g._turn_snapshots], g.turns_completed)


def test_a_whole_move_at_once_is_its_checked_steps():
    moves = WholeMoves()
    rng = random.Random(15)
    compared = 0
    for deal in range(20):
        g = chemgames.new_game("chemiekarten", players=2 + deal % 3, seed=deal, lang="en")
        for turn in range(40):
            if g.is_over:
                break
            listed = moves.legal(g)
            move = listed[rng.choice(sorted(listed))]
            checked = g.copy()
            for action in moves.steps(checked, move):
                checked.apply(action, explain=False)  # the engine checks each step
            g.apply_listed(moves.steps(g, move), g.state_mark())  # the state the move was listed for
            save = turn % 8 == 7 or g.is_over
            assert _serialised(g, save) == _serialised(checked, save), (deal, len(g.log))
            assert g.legal_actions() == checked.legal_actions()
            compared += 1
    assert compared > 500


def test_a_move_listed_for_another_state_changes_nothing():
    g = chemgames.new_game("chemiekarten", players=2, seed=3, lang="en")
    moves = WholeMoves()
    mark = g.state_mark()
    listed = moves.legal(g)
    build = next(m for n, m in listed.items() if n >= 2 + 217)
    steps = moves.steps(g, build)
    g.apply(steps[0], explain=False)  # the state moved on since the move was listed
    before = _serialised(g)
    with pytest.raises(ValueError, match="listed for another state"):
        g.apply_listed(steps[1:], mark)
    with pytest.raises(ValueError):
        g.apply_listed(steps[1:], object())
    assert _serialised(g) == before
    # a copy has a mark of its own
    assert g.copy().state_mark() is not g.state_mark()


def test_an_illegal_first_step_is_refused_with_the_engines_reason():
    g = chemgames.new_game("chemiekarten", players=2, seed=3, lang="en", dealer=1, hands=[["C", "O", "O"]])
    before = _serialised(g)
    bogus = g.action_from_json({"game": g.id, "player": 0, "kind": "select", "params": {"card": "U"}})
    with pytest.raises(IllegalAction) as refused:
        g.apply_listed([bogus], g.state_mark())
    assert not refused.value.explanation.ok
    assert _serialised(g) == before


def test_a_later_step_that_fails_leaves_the_game_as_it_was():
    g = chemgames.new_game("chemiekarten", players=2, seed=3, lang="en", dealer=1, hands=[["C", "O", "O"]])
    g.apply(g.action_from_json({"game": g.id, "player": 0, "kind": "select", "params": {"card": "C"}}))
    before = _serialised(g)
    act = g._act
    # a lister's bug: the second step takes a card the hand does not hold (the engine fails inside it)
    bad = [act("select", card="O"), act("select", card="U"), act("confirm")]
    with pytest.raises(Exception):
        g.apply_listed(bad, g.state_mark())
    assert _serialised(g) == before
    assert g.can_undo() and str(g.undo()) == "P1: select(card=C)"  # the undo points are those before


def test_a_world_dealt_anew_says_it_cannot_be_rebuilt():
    g = chemgames.new_game("chemiekarten", players=2, seed=3, lang="en", dealer=1, hands=[["C", "O", "O"]])
    world = g.redeal_hidden(0, random.Random(1))
    act = world._act
    with pytest.raises(NothingToUndo):
        world.apply_listed([act("select", card="O"), act("select", card="U")], world.state_mark())
    # the step done stays, and its log says so: the world goes on from a consistent state
    assert [str(e.action) for e in world.log] == ["P1: select(card=O)"] and world.position(0)["stage"]["free"]


def test_every_game_applies_a_listed_step_as_its_checked_step():
    """The core's method is game-agnostic: one legal step of each game, applied both ways."""
    rng = random.Random(4)
    for info in chemgames.games():
        g = chemgames.new_game(info.id, players=max(2, info.min_players), seed=11, lang="en")
        for _ in range(30):
            if g.is_over:
                break
            action = rng.choice(g.legal_actions())
            checked = g.copy()
            checked.apply(action, explain=False)
            g.apply_listed([action], g.state_mark())
            assert _serialised(g) == _serialised(checked), info.id


def test_pyspiel_refuses_a_number_not_listed_and_changes_nothing():
    pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install 'chemgames[spiel]')")
    import chemgames.spiel

    chemgames.spiel.register(["chemiekarten"])
    state = pyspiel.load_game("python_chemgames_chemiekarten").new_initial_state()
    state.apply_action(5)
    legal = state.legal_actions()
    before = _serialised(state.game_now)
    missing = next(n for n in range(2 + 217, 2 + 217 + 10_000) if n not in legal)
    with pytest.raises(Exception, match="not a legal move"):
        state.apply_action(missing)
    assert _serialised(state.game_now) == before and state.legal_actions() == legal


def test_two_builds_sharing_a_number_keep_the_first_in_the_walks_order(monkeypatch):
    """The list is made with one ``dict.update``; where two builds share a number it is made again
    build by build, the first in the walk's order kept (``COLLIDED`` counts the other)."""
    from chemgames.spiel import moves as whole

    g = chemgames.new_game("chemiekarten", players=2, seed=5, dealer=1, hands=[["C", "O", "O", "Na", "Cl"]])
    real = whole.numbered_builds(tuple(sorted({"C": 1, "O": 2, "Na": 1, "Cl": 1}.items())))
    assert real is not None and len(real) >= 3
    (n0, b0), (n1, b1), rest = real[0], real[1], real[2:]
    clash = [(n0, b0), (n0, b1), *rest]  # the second build given the first one's number
    monkeypatch.setattr(whole, "numbered_builds", lambda hand: clash)
    before = whole.COLLIDED[0]
    listed = whole.WholeMoves().legal(g)
    assert listed[n0] is b0 and n1 not in listed and whole.COLLIDED[0] == before + 1
    assert sorted(listed) == sorted({whole.SKIP, n0, *(n for n, _ in rest)})
    monkeypatch.setattr(whole, "numbered_builds", lambda hand: real)
    assert whole.WholeMoves().legal(g).keys() == {whole.SKIP, *(n for n, _ in real)}


@pytest.mark.parametrize("players", [2, 3])
def test_openspiels_random_simulation_through_the_fast_apply(players):
    """OpenSpiel's own consistency test (clones, serialization, legal actions, returns) over three
    random games of whole moves, each applied at once."""
    pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install 'chemgames[spiel]')")
    import chemgames.spiel

    chemgames.spiel.register(["chemiekarten"])
    game = pyspiel.load_game("python_chemgames_chemiekarten", {"players": players})
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False, mask_test=False)


def test_a_builds_kept_steps_are_the_ones_it_makes_for_every_player():
    """``WholeMoves.steps`` keeps a build's steps on an empty stage by (build, player) (session 17): kept or
    made anew, they are ``Build.actions`` for the player to move, in games of 2–4 players."""
    from chemgames.spiel import moves as whole
    from chemgames.spiel.fastwalk import as_build, is_build

    whole._STEPS.clear()
    moves, checked = WholeMoves(), 0
    for seed, players in ((1, 2), (2, 3), (3, 4), (4, 2)):
        g = chemgames.new_game("chemiekarten", players=players, seed=seed, lang="en")
        rng = random.Random(seed)
        for _ in range(40):
            if g.is_over:
                break
            listed = moves.legal(g)
            for move in listed.values():
                if is_build(move):
                    made = as_build(move).actions(g)
                    assert moves.steps(g, move) == made and moves.steps(g, move) == made  # made, then kept
                    assert all(a.player == g.current_player for a in made)
                    checked += 1
            g.apply_listed(moves.steps(g, listed[rng.choice(sorted(listed))]), g.state_mark())
    assert checked > 500 and len({p for (_, _, p) in whole._STEPS}) >= 4
