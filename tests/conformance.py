"""One conformance harness for every game, in the spirit of OpenSpiel's ``random_sim_test``.

Each game registers a :class:`Conformance` in its ``tests/test_<game>_properties.py`` (the name
``SPEC``); that file keeps only what its rule sheet says (the game's :class:`Oracle`: cards
conserved, scores from the log, the sheet's own rules read independently of the engine). The
harness plays the random games and checks what every game owes the API whatever its rules:

- a running game always offers actions, none twice, each accepted by ``check``;
- forged and stale actions are refused (``IllegalAction``) and change nothing;
- undo restores what the player saw; a save file replays to the same views and legal actions;
- the fast path (``explain=False``), ``copy`` and a hidden redeal keep what a player sees;
- ``view(player, lang)`` is the view of the game in that language; the declared state is all
  that changes during play; hints are ``core.contracts.Hint`` and start with a legal action.

``tests/test_conformance.py`` runs all of it for every registered game: a seventh game gets it by
registering (and the test that every game of ``chemgames.games()`` is registered fails until it does).
"""
from __future__ import annotations

import importlib
import pickle
import random
from dataclasses import dataclass, field
from typing import Any, Callable

import pytest

import chemgames
from chemgames import Action, IllegalAction
from chemgames.bots import GreedyBot, RandomBot
from soak import CI_SHARE, soak_games


class Oracle:
    """What a game's rule sheet says, checked along one random game (the hooks do nothing by
    default). One oracle is made per game played; it may keep what it has seen."""

    def __init__(self, game: Any, rng: random.Random, deep: bool = False) -> None:
        self.game, self.rng, self.deep = game, rng, deep  # deep: check everything at every step

    def before_choice(self) -> None:
        """Before the action is chosen (the legal actions are those of this state)."""

    def before(self, action: Action) -> None:
        """Just before ``action`` is applied."""

    def after(self, action: Action, explanation: Any) -> None:
        """Just after ``action`` was applied (and, if undone, applied again)."""

    def end(self) -> None:
        """Once the game is over."""


def uniform(game: Any, rng: random.Random, bots: list[Any], spec: "Conformance", oracle: Oracle) -> Action:
    """A bot's move now and then (``spec.bot_share``), else a uniformly random legal action (a bot
    that has begun a move finishes it before the chooser is asked: ``play_checked``)."""
    if rng.random() < spec.bot_share:
        return bots[game.current_player].choose(game)
    return rng.choice(game.legal_actions())


@dataclass(frozen=True)
class Variant:
    """A family of random games: players, options (from the game's seeded random generator) and
    how many games the full soak plays (CI plays its share, ``ci_share``: ``soak.soak_games``)."""

    name: str
    players: tuple[int, int]
    games: int = 1000
    chunks: int = 4
    options: Callable[[random.Random, int], dict[str, Any]] = lambda rng, players: {}
    # CI's share of ``games``: lower it only where the games CI then plays still cover every branch
    # the default share's games cover, in the game's rules, the harness and its oracle (measured as in
    # the variant's comment; ``bench/bench_soak.py`` still plays all ``games``)
    ci_share: float = CI_SHARE


@dataclass(frozen=True)
class Conformance:
    """A game's entry in the harness: how its random games are played and its oracle."""

    game: str
    variants: tuple[Variant, ...]
    oracle: type[Oracle] = Oracle
    # how the random games choose (the game, its generator, a bot a seat, this entry, the oracle)
    choose: Callable[[Any, random.Random, list[Any], "Conformance", Oracle], Action] = uniform
    bot_share: float = 0.1
    forged: Callable[[Any, random.Random, list[Action]], list[object]] = lambda game, rng, legal: []
    forged_share: float = 0.02  # steps at which forged actions are tried (every step in the deep games)
    undo_share: float = 0.2     # steps at which the action is undone and applied again
    replay_share: float = 0.1   # games whose save file is replayed at the end (every deep game)
    step_limit: int = 5000
    deep_seeds: int = 4         # games in which every step is checked in full
    deep_players: Callable[[int], int] = lambda seed: 2 + seed % 3
    mid_game_steps: int = 80    # actions of the game whose save is replayed after each one
    mid_game_choose: Callable[[Any, random.Random], Action] = lambda game, rng: rng.choice(game.legal_actions())
    sample_players: int = 2     # players of the games the short checks play
    sample_options: dict[str, Any] = field(default_factory=dict)


def generic_forgeries(game: Any, rng: random.Random, legal: list[Action]) -> list[object]:
    """Forgeries every game must refuse: another seat's move, another game's, an unknown kind, a
    stale action (legal a moment ago, for the player who is no longer to move) and non-actions."""
    p = game.current_player
    a = rng.choice(legal)
    other = (p + 1) % game.players if game.players > 1 else p + 5
    another_game = next(g for g in GAME_IDS if g != game.id)
    return [Action(a.game, other, a.kind, a.params), Action(another_game, p, a.kind, a.params),
            Action(a.game, p, "teleport", ()), Action(a.game, -1, a.kind, a.params),
            {"kind": a.kind}, "nonsense", None]


# what a notebook may pass where a move's parameter belongs: each type a parameter is not, edge
# values of the types it may be (``True == 1`` and ``hash(True) == hash(1)``: a bool in place of a
# whole number once looked the same as the listed move to ``is_legal``)
MALFORMED_VALUES: tuple[object, ...] = (True, False, 1.5, float("nan"), 1.0, 10**30, 2**63, -1, -10**9, None,
                                        "x", "", "1", [1], [], (), {"a": 1}, {})


def exact_key(value: object) -> object:
    """``value`` with the type of every part beside it, so that ``True`` is not ``1`` nor ``1.0``."""
    if isinstance(value, Action):
        return (type(value), exact_key(value.game), exact_key(value.player), exact_key(value.kind),
                tuple((k, exact_key(v)) for k, v in value.params))
    if isinstance(value, tuple | list):
        return (type(value), tuple(exact_key(v) for v in value))
    if isinstance(value, dict):
        return (dict, tuple((k, exact_key(v)) for k, v in value.items()))
    return (type(value), repr(value))


def malformed(action: Action) -> list[Action]:
    """``action`` with one parameter made malformed at a time: each of ``MALFORMED_VALUES`` in its
    place (and in place of the first item of a list), the parameter left out, and an extra one."""
    out = []
    params = list(action.params)
    for i, (name, value) in enumerate(params):
        options: list[object] = list(MALFORMED_VALUES)
        if isinstance(value, tuple) and value:
            options += [(bad, *value[1:]) for bad in MALFORMED_VALUES]
        for bad in options:
            out.append(Action(action.game, action.player, action.kind, tuple(params[:i] + [(name, bad)] + params[i + 1:])))
        out.append(Action(action.game, action.player, action.kind, tuple(params[:i] + params[i + 1:])))
    for bad in (0, "x", None):
        out.append(Action(action.game, action.player, action.kind, (*action.params, ("extra", bad))))
    return out


def _unchanged_key(game: Any) -> tuple[bytes, Any, int, bool]:
    """The declared state, the random generator, the log's length and the undo steps: a refused
    action changes none of them (cheaper than the digest, which renders every seat's view)."""
    return pickle.dumps(game._state(), pickle.HIGHEST_PROTOCOL), game.rng.getstate(), len(game.log), game.can_undo()


def _refused_unchanged(game: Any, forgeries: list[object]) -> None:
    """Each of ``forgeries`` is refused on both paths and changes nothing: the declared state, the
    log and the undo steps after each, and what every seat sees (the digest) after all of them."""
    digest, before = game.digest(), _unchanged_key(game)
    for bad in forgeries:
        with pytest.raises(IllegalAction):
            game.apply(bad)
        with pytest.raises(IllegalAction):
            game.apply(bad, explain=False)
        assert not game.check(bad).ok
        assert _unchanged_key(game) == before, bad
    assert game.digest() == digest


def play_checked(spec: Conformance, variant: Variant, seed: int, players: int, deep: bool) -> Any:
    """One random game of ``spec.game`` with every check of the harness and the game's oracle."""
    rng = random.Random(seed)
    game = chemgames.new_game(spec.game, players=players, seed=seed, lang=rng.choice(["de", "en"]),
                              **variant.options(rng, players))
    oracle = spec.oracle(game, rng, deep)
    bots = [rng.choice([GreedyBot(seed), RandomBot(seed)]) for _ in range(players)]
    steps = 0
    while not game.is_over:
        legal = game.legal_actions()
        assert legal, "a running game always offers an action"
        assert len(set(legal)) == len(legal), "no action is listed twice"
        oracle.before_choice()
        p = game.current_player
        # A bot that has begun a move plays it to the end, whatever the game's chooser would do:
        # cut off by the next random action, its hint search (the dearest part of a random game)
        # ran again for a move never made, and its complete moves (compounds, melds) were rare.
        bot = bots[p]
        action = bot.choose(game) if bot.has_plan(game) else spec.choose(game, rng, bots, spec, oracle)
        legal = game.legal_actions()  # a choice may take the turn back first (ChemiX)
        assert action in legal
        if deep or rng.random() < spec.forged_share:
            # the game's own forgeries, and three of the kinds every game must refuse (all of them
            # at every step would double the cost of the deep games)
            forgeries = spec.forged(game, rng, legal) + rng.sample(generic_forgeries(game, rng, legal), 3)
            _refused_unchanged(game, [bad for bad in forgeries if bad not in legal])
            for a in legal:
                assert game.check(a).ok, (a, game.check(a))
        try_undo = rng.random() < spec.undo_share
        before_view = game.view(p) if try_undo else None
        oracle.before(action)
        explanation = game.apply(action)
        assert explanation is not None and explanation.ok and game.log[-1].action == action
        if try_undo and game.can_undo():
            assert game.undo() == action
            assert game.view(p) == before_view
            explanation = game.apply(action)
        oracle.after(action, explanation)
        steps += 1
        assert steps < spec.step_limit
    assert game.current_player is None and game.legal_actions() == []
    assert all(w in range(players) for w in game.winners())  # (a solo game may end without a winner)
    oracle.end()
    if deep or rng.random() < spec.replay_share:
        assert_replays(game)
    return game


def assert_replays(game: Any) -> None:
    """The save file replays to the same views (every seat and a spectator), legal actions, undo
    steps, scores and log (explanations compare by value)."""
    copy = chemgames.load_game(game.to_json())
    seats = [*range(game.players), None]
    assert [copy.view(q) for q in seats] == [game.view(q) for q in seats]
    assert copy.legal_actions() == game.legal_actions() and copy.can_undo() == game.can_undo()
    assert copy.scores() == game.scores() and copy.log == game.log


# ---------------------------------------------------------------------------- the registry
def spec_of(game_id: str) -> Conformance:
    """The game's entry, from ``tests/test_<game>_properties.py`` (its ``SPEC``)."""
    spec: Conformance = importlib.import_module(f"test_{game_id}_properties").SPEC
    assert spec.game == game_id
    return spec


GAME_IDS = sorted(info.id for info in chemgames.games())


def registry() -> dict[str, Conformance]:
    return {g: spec_of(g) for g in GAME_IDS}


def chunk_cases() -> list[tuple[str, str, int]]:
    """(game, variant, chunk) for every chunk of every registered variant."""
    return [(g, v.name, c) for g, s in registry().items() for v in s.variants for c in range(v.chunks)]


def random_game(game_id: str, seed: int, steps: int, lang: str = "de") -> Any:
    """A game of ``spec.sample_players`` (with ``spec.sample_options``) after ``steps`` uniformly
    random legal actions (fewer if it ends first), the short checks' sample."""
    spec = spec_of(game_id)
    game = chemgames.new_game(game_id, players=spec.sample_players, seed=seed, lang=lang, **spec.sample_options)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def mid_game_players(game_id: str) -> list[int]:
    """The player counts a game's save is replayed at after every action: the fewest and the most
    its rules allow."""
    info = next(i for i in chemgames.games() if i.id == game_id)
    return sorted({info.min_players, info.max_players})


def variant_of(spec: Conformance, name: str) -> Variant:
    return next(v for v in spec.variants if v.name == name)


def games_in_chunk(variant: Variant, setting: str | None = None) -> int:
    """The random games a chunk of ``variant`` plays (``setting``: ``CHEMGAMES_SOAK`` unless given)."""
    return max(1, soak_games(variant.games, setting, variant.ci_share) // variant.chunks)


# ---------------------------------------------------------------------------- the declared state
def rebuilt_from_declared_state(game: Any) -> Any:
    """The game made anew from its set-up with only its declared state (``state_attrs``), the random
    generator and the core's own log and undo steps put in: every other attribute of the game keeps
    the value ``_setup`` gave it. A game whose moves change an undeclared attribute that matters
    (a snapshot, a counter, a remembered card) plays on differently from here; a cache rebuilt from
    the state does not."""
    twin = game._fresh()
    twin._restore(pickle.loads(pickle.dumps(game._state(), pickle.HIGHEST_PROTOCOL)))
    twin.rng.setstate(game.rng.getstate())
    twin._log, twin._turn_snapshots = list(game._log), list(game._turn_snapshots)
    twin.turns_completed = game.turns_completed
    twin._legal_cache = twin._legal_set = None
    return twin


def assert_same_play(a: Any, b: Any, rng: random.Random, steps: int) -> None:
    """``a`` and ``b`` keep the same state, offer the same actions and the same undo along ``steps``
    random actions applied to both (or until the game ends), and show every seat and a spectator the
    same at the start and the end."""
    seats = [*range(a.players), None]
    assert [a.position(q) for q in seats] == [b.position(q) for q in seats]
    for step in range(steps):
        assert a.legal_actions() == b.legal_actions() and a.can_undo() == b.can_undo(), step
        if a.is_over:
            break
        action = rng.choice(a.legal_actions())
        a.apply(action, explain=False)
        b.apply(action, explain=False)
        assert a._state() == b._state() and a.rng.getstate() == b.rng.getstate(), f"differs after {step + 1} actions"
    assert [a.position(q) for q in seats] == [b.position(q) for q in seats]
