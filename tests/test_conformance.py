"""Every game through the one harness (``tests/conformance.py``): random and greedy play, forged
and stale actions, undo, save and replay, views in either language, the declared state, hints and
hidden information. A game's own rules are checked by its oracle (``tests/test_<game>_properties.py``)
inside the same games; the fast path, copies and redeals have their own files, over the same
registry (``tests/test_fast_path.py``, ``tests/test_game_copy.py``, ``tests/test_redeal_never_peeks.py``)."""
from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import chemgames
from chemgames.core.contracts import Hint, PlayableGame
from chemgames.core.i18n import keys
from conformance import (GAME_IDS, _refused_unchanged, assert_replays, exact_key, malformed, assert_same_play, chunk_cases, games_in_chunk, mid_game_players,
                         play_checked, random_game, rebuilt_from_declared_state, registry, spec_of, variant_of)

# what ``Game.__init__`` keeps beside the game's own attributes (the random generator and the count
# of turns change during play, and are saved by the core itself)
CORE_ATTRS = {"option_values", "players", "seed", "rng", "turns_completed"}
CHUNK_SETTINGS = dict(deadline=None, derandomize=True,
                      suppress_health_check=[HealthCheck.too_slow, HealthCheck.differing_executors])


def test_every_game_is_registered() -> None:
    """A new game gets the whole harness by registering a ``SPEC`` (and fails here until it does)."""
    assert sorted(registry()) == GAME_IDS


@pytest.mark.parametrize("game_id,variant,chunk", chunk_cases())
def test_random_games(game_id: str, variant: str, chunk: int) -> None:
    """The soak: the variant's share of random games, a chunk over its own range of seeds (so that
    pytest-xdist spreads them over the cores)."""
    spec = spec_of(game_id)
    v = variant_of(spec, variant)
    span = 2**31 // v.chunks

    @settings(max_examples=games_in_chunk(v), **CHUNK_SETTINGS)
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        seed = data.draw(st.integers(chunk * span, (chunk + 1) * span - 1), label="seed")
        players = data.draw(st.integers(*v.players), label="players")
        play_checked(spec, v, seed, players, deep=False)

    run()


@pytest.mark.parametrize("game_id,seed", [(g, s) for g in GAME_IDS for s in range(spec_of(g).deep_seeds)])
def test_deep_checks(game_id: str, seed: int) -> None:
    """Fewer games, but every step tries forged actions and checks every listed action, and each
    game is saved and replayed."""
    spec = spec_of(game_id)
    play_checked(spec, spec.variants[0], seed, spec.deep_players(seed), deep=True)


@pytest.mark.parametrize("game_id,players", [(g, n) for g in GAME_IDS for n in mid_game_players(g)])
def test_save_file_mid_game_replays(game_id: str, players: int) -> None:
    """After each action of a game, its save file replays to the same views, legal actions, undo
    steps, scores and log; at the fewest and the most players the game allows."""
    spec = spec_of(game_id)
    rng = random.Random(4)
    game = chemgames.new_game(game_id, players=players, seed=4, lang="en", **spec.sample_options)
    for _ in range(spec.mid_game_steps):
        if game.is_over:
            break
        game.apply(spec.mid_game_choose(game, rng))
        assert_replays(game)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_malformed_parameters_are_refused_and_change_nothing(game_id: str) -> None:
    """A move whose parameter is of another type (``True`` for a number, a float, ``None``, a list,
    a dict), a huge or negative number, left out or one too many, as a notebook may pass it: ``check``
    refuses it with a catalog message (German and English), ``apply`` raises ``IllegalAction`` on
    both paths, never an ``AssertionError``, ``TypeError`` or ``KeyError``, and the game is unchanged.
    One move of each kind and a few more, at a few random points of a game."""
    tried = 0
    for seed, steps in ((1, 0), (2, 9), (3, 30), (4, 80)):
        game = random_game(game_id, seed, steps)
        if game.is_over:
            continue
        legal = game.legal_actions()
        rng = random.Random(seed)
        sample = list({a.kind: a for a in legal}.values()) + rng.sample(legal, min(4, len(legal)))
        listed = {exact_key(a) for a in legal}
        bad: list[object] = [m for a in sample for m in malformed(a) if exact_key(m) not in listed]
        for b in bad:
            why = game.check(b)
            assert not why.ok, b
            assert why.headline.key in keys("de") and why.headline.key in keys("en"), (b, why.headline.key)
            assert why.in_lang("de").title and why.in_lang("en").title
        _refused_unchanged(game, bad)
        tried += len(bad)
    assert tried > 100


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_view_in_a_language_is_the_view_of_the_game_in_it(game_id: str) -> None:
    """``view(player, lang)`` changes nothing (a server renders one game for readers of both
    languages) and shows exactly what the same game made in that language shows."""
    for seed, steps in ((1, 0), (2, 15), (3, 60)):
        game = random_game(game_id, seed, steps)
        english = chemgames.load_game(game.to_json())
        english.lang = "en"
        for seat in [*range(game.players), None]:
            assert game.view(seat, "en") == english.view(seat)
            assert game.view(seat, "de") == game.view(seat)
        assert game.lang == "de"
        with pytest.raises(chemgames.OptionError):
            game.view(0, "fr")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_declared_state_is_all_that_changes(game_id: str) -> None:
    """Undo, copies and the fast path keep exactly ``state_attrs``: every ``s_`` attribute is
    declared, and no other public attribute changes during play (caches start with ``_``)."""
    for seed in (1, 2):
        game = random_game(game_id, seed, 0, lang="en")
        declared = set(type(game).state_attrs)
        made = set(vars(game))
        fixed = copy.deepcopy({k: v for k, v in vars(game).items()
                               if k not in declared and k not in CORE_ATTRS and not k.startswith("_")})
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            assert {k for k in vars(game) if k.startswith("s_")} <= declared
        assert {k: v for k, v in vars(game).items() if k in fixed} == fixed
        assert {k for k in set(vars(game)) - made if not k.startswith("_")} == set(), "an attribute made during play"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_game_rebuilt_from_its_declared_state_plays_on_the_same(game_id: str) -> None:
    """Undo, copies, the fast path's replays and a search bot's redealt worlds carry only the
    declared state, so every attribute a move changes, private ones too, must be declared or be a
    cache rebuilt from it (ChemiX once kept the position at the start of the turn, which ``pass``
    returns to, outside it: a redealt world passed back to the real hidden cards). From random
    points of random games, the game made anew from its declared state alone plays on exactly like
    a copy of it."""
    spec = spec_of(game_id)
    rebuilt = 0
    for seed in range(1, 12):  # until six points are checked (random games of some games are short)
        if rebuilt >= 6:
            break
        game = random_game(game_id, seed, 0)
        rng = random.Random(seed)
        for step in range(200):
            if game.is_over:
                break
            if step % 30 == 7:  # a point in the opening, then one every 30 actions
                assert_same_play(game.copy(), rebuilt_from_declared_state(game), random.Random(step), 20)
                rebuilt += 1
            game.apply(spec.mid_game_choose(game, rng), explain=False)
    assert rebuilt >= 6


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_hints_keep_the_contract(game_id: str) -> None:
    """What ``hints()`` returns is a ``core.contracts.Hint``: a formula, points, and actions whose
    first is legal now; a game is a ``PlayableGame``."""
    offered = 0
    for seed in (1, 2, 3):
        game = random_game(game_id, seed, 0)
        assert isinstance(game, PlayableGame)
        rng = random.Random(seed)
        step = 0
        while not game.is_over and step < 150:
            legal = game.legal_actions()
            step += 1
            if step > 4 and step % 50:  # hints are dear in some games: the opening, then now and then
                game.apply(rng.choice(legal))
                continue
            for h in game.hints(5):
                offered += 1
                assert isinstance(h, Hint) and isinstance(h.formula, str) and isinstance(h.points, int), h
                assert h.actions and game.is_legal(h.actions[0]), h
            game.apply(rng.choice(legal))
        if game.is_over:
            assert game.hints() == []
    assert offered, "no hint in three games"
    assert all(isinstance(k, str) for k in type(game).pass_kinds)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_hidden_information_permutation(game_id: str) -> None:
    """Shuffling everything a player cannot see (``redeal_hidden``) leaves that player's view,
    legal actions and hints as they were (in a game with nothing hidden, a copy)."""
    for seed, steps in ((1, 3), (2, 25)):
        game = random_game(game_id, seed, steps)
        before = game.digest()
        for viewer in [*range(game.players), None]:
            other = game.redeal_hidden(viewer, random.Random(seed * 31 + (viewer or 0)))
            assert other.view(viewer) == game.view(viewer)
            if viewer is not None and viewer == game.current_player:
                assert other.legal_actions() == game.legal_actions()
                assert [h.actions for h in other.hints(5)] == [h.actions for h in game.hints(5)]
        assert game.digest() == before, "the original was not touched"
