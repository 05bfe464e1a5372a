"""A simulated class for the report's tests, benchmark and screenshots: bot students at tables of
two games, some with seeded, known mistakes (``play_class``). Their worksheet answers sit above
the worksheets they answer, in :mod:`chemgames.worksheets.simulate` (``simulate_class`` plays
the tables and answers the worksheets).

A mistaken student tries its wrong idea through the public API (``check``/``apply``), exactly as a
person's click would arrive: the engine refuses it, the record keeps the refusal, and the student
then plays a greedy bot's turn. The mistakes:

- ``o_minus_1``: treats O as −1: with a metal card of charge +c and c O cards in hand, builds
  metal + c·O (NaO, CaO₂, AlO₃) and confirms; the charges do not add up to zero.
- ``ban_ignored``: in Räum-Ab!, pairs two free cards whose only common divisors are forbidden.
- ``coprime``: in Räum-Ab!, pairs two free cards of different colours with no common divisor.

Each mistake fires with its probability whenever the situation allows it (and its worksheet task
is answered wrong, ``chemgames.worksheets.simulate.WRONG_TASKS``).

>>> pupils = class_plan()
>>> len(pupils), sorted({p.table for p in pupils}), sum(1 for p in pupils if "o_minus_1" in p.mistakes)
(24, ['Tisch 1', 'Tisch 2', 'Tisch 3', 'Tisch 4', 'Tisch 5', 'Tisch 6'], 5)
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from math import gcd
from typing import Any, Callable

import chemgames
from chemgames.bots import GreedyBot

from ..games.chemiekarten.cards import card_set
from .events import Recorder

NAMES = ("Ada", "Ben", "Cem", "Dana", "Emil", "Fatma", "Greta", "Hamid", "Ida", "Jonas", "Kira", "Luca", "Mia",
         "Noah", "Olga", "Paul", "Quinn", "Rosa", "Sami", "Tara", "Ugo", "Vera", "Wim", "Yara", "Zoe", "Arne",
         "Bea", "Carl", "Dila", "Eli")
GAME_OF_MISTAKE = {"o_minus_1": "chemiekarten", "ban_ignored": "raeumab", "coprime": "raeumab"}


@dataclass
class Pupil:
    name: str
    game: str
    table: str
    seat: int
    mistakes: dict[str, float] = field(default_factory=dict)


def class_plan(students: int = 24, tables: int = 6, games: tuple[str, str] = ("chemiekarten", "raeumab")) -> list[Pupil]:
    """``students`` at ``tables`` (the first half of the tables play ``games[0]``), with mistakes:
    ``o_minus_1`` (30 % of builds) at 5 of the chemistry students, ``ban_ignored`` (80 %) at 4 and
    ``coprime`` (50 %) at 3 of the maths students, spread over the tables."""
    per = students // tables
    pupils = []
    for i in range(students):
        t = i // per
        pupils.append(Pupil(NAMES[i % len(NAMES)], games[0] if t < tables // 2 else games[1], f"Tisch {t + 1}", i % per))
    chem = [p for p in pupils if p.game == games[0]]
    maths = [p for p in pupils if p.game == games[1]]
    for k in (0, 4, 5, 8, 11):
        if k < len(chem):
            chem[k].mistakes["o_minus_1"] = 0.3
    for k in (0, 5, 6, 10):
        if k < len(maths):
            maths[k].mistakes["ban_ignored"] = 0.8
    for k in (2, 7, 9):
        if k < len(maths):
            maths[k].mistakes["coprime"] = 0.5
    return pupils


def _act(game: Any, kind: str, **params: Any) -> Any:
    return game.action_from_json({"game": game.id, "player": game.current_player, "kind": kind, "params": params})


def _o_minus_1(game: Any) -> list[Any] | None:
    """The cards of metal + c·O for a metal in hand whose charges are all positive (c the least), or ``None``."""
    view = game.view(game.current_player)
    if view.get("phase") != "build" or view.get("stage", {}).get("free"):
        return None
    hand = [c["symbol"] for c in view["hand"]]
    cards = card_set()
    for s in dict.fromkeys(hand):
        q = cards[s].charges if s in cards else ()
        if s != "O" and q and min(q) > 0 and hand.count("O") >= min(q):
            return [_act(game, "select", card=s)] + [_act(game, "select", card="O") for _ in range(min(q))] + \
                   [_act(game, "confirm")]
    return None


def _raeumab_pair(game: Any, want: str, rng: random.Random) -> list[Any] | None:
    view = game.view(None)
    if view.get("phase") != "play":
        return None
    cards = view["cards"]
    bans = set(view.get("bans") or ())
    free = sorted(i for i in view["free"] if cards[str(i)]["kind"] == "number")
    found = []
    for x in range(len(free)):
        for y in range(x + 1, len(free)):
            a, b = cards[str(free[x])], cards[str(free[y])]
            if a["suit"] == b["suit"]:
                continue
            common = {d for d in range(2, min(a["value"], b["value"]) + 1) if a["value"] % d == 0 and b["value"] % d == 0}
            if want == "ban_ignored" and common and common <= bans:
                found.append((free[x], free[y]))
            if want == "coprime" and gcd(a["value"], b["value"]) == 1:
                found.append((free[x], free[y]))
    if not found:
        return None
    return [_act(game, "pair", cards=list(rng.choice(found)))]


def _mistaken(game: Any, pupil: Pupil, rng: random.Random) -> list[Any] | None:
    for mistake, chance in pupil.mistakes.items():
        if game.id == "chemiekarten" and mistake == "o_minus_1":
            actions = _o_minus_1(game)
        elif game.id == "raeumab" and mistake in ("ban_ignored", "coprime"):
            actions = _raeumab_pair(game, mistake, rng)
        else:
            continue
        if actions and rng.random() < chance:
            return actions
    return None


def play_table(game: Any, pupils: list[Pupil], rec: Recorder, seed: int, max_actions: int = 600,
               tick: Callable[[], None] | None = None) -> dict[str, int]:
    """Play one table until the game ends or ``max_actions`` are applied; every action and refused
    attempt is recorded as the table server records it. Returns counts of what happened."""
    rng = random.Random(seed)
    session = rec.session(game, [p.name for p in pupils], table=pupils[0].table)
    bots = [GreedyBot(seed * 10 + i) for i in range(game.players)]
    counts = {"moves": 0, "refused": 0}
    last_turn = None
    while not game.is_over and len(game.log) < max_actions:
        p = game.current_player
        pupil = pupils[p]
        turn = (p, game.turns_completed)
        if turn != last_turn:
            last_turn = turn
            if rng.random() < 0.05:
                rec.asked(session, p, rng.choice(("hint", "advice")), len(game.log))
            for action in _mistaken(game, pupil, rng) or ():
                explanation = game.check(action)
                if explanation.ok:
                    at = len(game.log)
                    rec.action(session, action, game.apply(action), at=at)
                    counts["moves"] += 1
                else:
                    rec.action(session, action, explanation, at=len(game.log))
                    counts["refused"] += 1
                    if game.id == "chemiekarten":  # take the cards back and play on
                        clear = _act(game, "clear")
                        at = len(game.log)
                        rec.action(session, clear, game.apply(clear), at=at)
                    break
        if game.is_over or game.current_player != p:  # the pupil's own moves ended the game or the turn
            continue
        action = bots[p].choose(game)
        at = len(game.log)
        rec.action(session, action, game.apply(action), at=at)
        counts["moves"] += 1
        if tick is not None:
            tick()
    return counts


def play_class(rec: Recorder, pupils: list[Pupil] | None = None, seed: int = 1, max_actions: int = 600,
               lang: str = "de", games_per_table: int = 20) -> list[Pupil]:
    """Play every table of ``pupils`` (``class_plan()`` by default): game after game until
    ``max_actions`` were applied at the table (or ``games_per_table`` games)."""
    pupils = class_plan() if pupils is None else pupils
    for i, label in enumerate(dict.fromkeys(p.table for p in pupils)):
        at_table = sorted((p for p in pupils if p.table == label), key=lambda p: p.seat)
        played = 0
        for k in range(games_per_table):  # a lesson: the next game starts when one ends
            game = chemgames.new_game(at_table[0].game, players=len(at_table), seed=seed * 1000 + i * 10 + k, lang=lang)
            play_table(game, at_table, rec, seed * 1000 + i * 10 + k, max_actions - played)
            played += len(game.log)
            if played >= max_actions:
                break
    return pupils
