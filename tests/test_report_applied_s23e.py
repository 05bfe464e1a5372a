"""A concept the student applied counts as practised, not only the refusals at it: in Metallurgie every iron card laid
next to the lay-out or taken from it without splitting it applies "the lay-out stays in one piece", yet the report
counted only the refusals at it (62 of 62 attempts refused, share 100 %, "what to practise next"); in Chemuno a noble
gas laid with its wish and a card laying the wished element were not counted for "noble gas and wished element", in
Räum-Ab! a pair taken at the fair start not for "fair start", two forbidden cards paired not for "forbidden divisors".

Real games, played by bots for two students who also try moves the engine refuses, are recorded as the notebook
and the table server record them; this test counts each concept's correct moves itself from the position before
each move (the top card, the phase, the numbers and bans of the two cards: never the engine's explanation) and
compares them with the report's "applied" count."""
from __future__ import annotations

import random
from itertools import combinations
from math import gcd
from typing import Any, Callable

import pytest

import chemgames
from chemgames.bots import GreedyBot
from chemgames.core.action import Action
from chemgames.record.concepts import GAMES
from chemgames.record.events import Recorder
from chemgames.record.report import build

Tries = Callable[[Any, random.Random], list[Action]]


def _act(game: Any, kind: str, **params: Any) -> Action:
    return game.action_from_json({"game": game.id, "player": game.current_player, "kind": kind, "params": params})


def _pairs(game: Any, rng: random.Random) -> list[Action]:
    """Räum-Ab!: three pairs of free cards, any two (a student trying pairs: coprime ones, a ban overlooked,
    a forbidden card or the wish card taken into a pair, a simple pair at the fair start)."""
    free = game.view(None)["free"]
    pairs = list(combinations(free, 2))
    return [_act(game, "pair", cards=list(p)) for p in rng.sample(pairs, min(3, len(pairs)))]


def _cards(game: Any, rng: random.Random) -> list[Action]:
    """Chemuno: two cards of the hand laid (a noble gas without a wish, a card without the wished element,
    a card that is no answer to a multiplier)."""
    hand = game.view(game.current_player)["hand"]
    return [_act(game, "play", card=c) for c in rng.sample(hand, min(2, len(hand)))]


def _elsewhere(game: Any, rng: random.Random, _other: dict[int, Any] = {}) -> list[Action]:
    """Any game: two moves legal in another deal of the same game, tried here."""
    key = id(game)
    if key not in _other:
        _other.clear()
        _other[key] = chemgames.new_game(game.id, players=game.players, seed=game.seed + 50, lang="de")
    other = _other[key]
    if other.is_over:
        return []
    pool = other.legal_actions()
    tried = [Action(a.game, game.current_player, a.kind, a.params) for a in rng.sample(pool, min(2, len(pool)))]
    other.apply(rng.choice(pool))
    return tried


TRIES: dict[str, Tries] = {"raeumab": _pairs, "chemuno": _cards}


def lesson(game: str, seeds: range = range(3), cap: int = 300,
           count: Callable[[Any, Action], set[str]] | None = None) -> tuple[list[dict[str, Any]], list[dict[str, Any]],
                                                                         dict[str, int]]:
    """Ada and Ben play ``game`` (greedy bots choose their moves), trying moves before each; every move and
    refusal recorded. ``count(game, move)``: the concepts this test reads the move to apply, counted."""
    events: list[dict[str, Any]] = []
    sessions: list[dict[str, Any]] = []
    rec = Recorder(events.append, sessions.append, lesson="7b")
    rng = random.Random(7)
    counted: dict[str, int] = {}
    tries = TRIES.get(game, _elsewhere)
    for seed in seeds:
        g = chemgames.new_game(game, players=2, seed=seed, lang="de")
        s = rec.session(g, ["Ada", "Ben"], table="Tisch 1")
        bots = [GreedyBot(seed * 2 + i) for i in range(2)]
        while not g.is_over and len(g.log) < cap:
            for a in tries(g, rng):
                verdict = g.check(a)
                if not verdict.ok:
                    rec.action(s, a, verdict, at=len(g.log))
            move = bots[g.current_player or 0].choose(g)
            for concept in count(g, move) if count else ():
                counted[concept] = counted.get(concept, 0) + 1
            rec.action(s, move, g.apply(move), at=len(g.log) - 1)
    return events, sessions, counted


def rows(events: list[dict[str, Any]], sessions: list[dict[str, Any]], lang: str = "de") -> dict[str, dict[str, Any]]:
    return {r["concept"]: r for r in build(events, sessions, lang)["concepts"]}


# ---------------------------------------------------------------------- this test's own reading of a move
def _metallurgie(game: Any, move: Action) -> set[str]:
    """An iron card laid (only next to the lay-out, the engine allows no other) or taken (only where the rest
    stays whole) keeps the lay-out in one piece; read from the move and the card on top of its square."""
    if move.kind == "lay" and move.get("metal") == "Fe":
        return {"auslage_zusammenhalten"}
    if move.kind == "take":
        stack = next(s for s in game.view(None)["stacks"] if tuple(s["pos"]) == tuple(move.get("pos")))
        if stack["cards"][-1]["metal"] == "Fe":
            return {"auslage_zusammenhalten"}
    return set()


def _chemuno(game: Any, move: Action) -> set[str]:
    """A noble gas laid (with its wish), or a card laid on a noble gas (it holds the wished element); a
    multiplier laid on the same multiplier (the draw doubles), or the cards a multiplier asks for drawn."""
    view = game.view(None)
    if move.kind == "draw" and view["pending"]:
        return {"multiplikator_kette"}
    if move.kind != "play":
        return set()
    top, card = view["top"], move.get("card")
    found = set()
    if _noble(card) or (top is not None and _noble(top) and not view["pending"]):
        found.add("edelgas_wunsch")
    if view["pending"] and card.startswith("x"):  # a multiplier card: "x2.1", "x3.2"
        found.add("multiplikator_kette")
    return found


def _noble(card: str) -> bool:
    """A card of a noble gas (group 18): "He", "Ar.2"."""
    return card.split(".")[0] in ("He", "Ne", "Ar", "Kr", "Xe", "Rn")


def _raeumab(game: Any, move: Action) -> set[str]:
    """A pair at the fair start; two forbidden cards paired, or two numbers one of whose common divisors is
    forbidden (worked out here with gcd)."""
    if move.kind != "pair":
        return set()
    view = game.view(None)
    a, b = (view["cards"][str(i)] for i in move.get("cards"))
    found = {"fairer_start"} if view["phase"] == "start" else set()
    if a["kind"] == b["kind"] == "forbidden":
        found.add("verbotene_teiler")
    elif a["kind"] == b["kind"] == "number" and any(gcd(a["value"], b["value"]) % n == 0 for n in view["bans"] or ()):
        found.add("verbotene_teiler")
    return found


OWN = {"metallurgie": _metallurgie, "chemuno": _chemuno, "raeumab": _raeumab}


@pytest.mark.parametrize("game", ["metallurgie", "chemuno", "raeumab"])
def test_each_correct_move_counts_as_applied_as_this_test_reads_it(game: str) -> None:
    events, sessions, counted = lesson(game, count=OWN[game])
    assert counted, f"{game}: the lesson never applied the concepts this test reads"
    got = rows(events, sessions)
    for concept, n in counted.items():
        assert got[concept]["applied"] == n, (concept, n, got[concept])
        # attempts are the moves and the refusals (no worksheet here), the share is of all of them
        assert got[concept]["attempts"] == n + got[concept]["refused"], got[concept]


@pytest.mark.parametrize("game", GAMES)
def test_no_concept_a_student_was_refused_at_is_one_no_move_applies(game: str) -> None:
    """In every game: a concept the lesson's refusals name was also applied by its correct moves (a share of
    100 % was a concept counted only by its refusals)."""
    events, sessions, _ = lesson(game, seeds=range(2), cap=200)
    got = rows(events, sessions)
    refused = {c: r for c, r in got.items() if r["refused"]}
    assert refused, f"{game}: the lesson's tries were never refused"
    never = {c: (r["refused"], r["attempts"]) for c, r in refused.items() if not r["applied"]}
    assert not never, f"{game}: refused but never counted as applied: {never}"


def test_the_report_says_applied_and_refused_in_words() -> None:
    events, sessions, counted = lesson("metallurgie", seeds=range(1), count=_metallurgie)
    n = counted["auslage_zusammenhalten"]
    de, en = rows(events, sessions, "de")["auslage_zusammenhalten"], rows(events, sessions, "en")["auslage_zusammenhalten"]
    refused = de["refused"]
    assert refused and n > 1
    assert de["applied_line"] == f"{n}-mal richtig angewandt, {refused}-mal abgelehnt", de["applied_line"]
    assert en["applied_line"] == f"applied {n} times, refused {refused} {'time' if refused == 1 else 'times'}", en


@pytest.mark.parametrize("real_only", [True, False])
def test_a_real_substance_laid_under_real_substances_only_applies_that_concept(real_only: bool) -> None:
    """Das Chemie-Kartenspiel's variant "Nur echte Stoffe" (``real_only``) refuses SO (only short-lived) and lets FeO be
    laid: the refusal counted for "real substances and game-only compounds", the compound laid did not (100 %).
    Under the variant every compound the engine accepts is a real substance, so each applies the concept; in the
    ordinary game nobody was asked, and a compound laid applies it not."""
    events: list[dict[str, Any]] = []
    sessions: list[dict[str, Any]] = []
    rec = Recorder(events.append, sessions.append, lesson="7b")
    g = chemgames.new_game("chemiekarten", players=2, seed=1, lang="de", dealer=1, real_only=real_only,
                           hands=[["S", "O", "Fe", "O", "H", "C", "Mg"], ["H"] * 7])
    s = rec.session(g, ["Ada", "Ben"], table="Tisch 1")

    def act(kind: str, **params: Any) -> Any:
        a = _act(g, kind, **params)
        verdict = g.check(a)
        if verdict.ok:
            rec.action(s, a, g.apply(a), at=len(g.log))
        else:
            rec.action(s, a, verdict, at=len(g.log))
        return verdict

    act("select", card="S"), act("select", card="O")
    tried = act("confirm")
    assert tried.ok is not real_only and (tried.rule == "ck.real_only") is real_only  # this test's own premise
    if not tried.ok:
        act("clear")
        act("select", card="Fe"), act("select", card="O")
        assert act("confirm").ok
    row = rows(events, sessions).get("echte_stoffe")
    if real_only:
        assert row is not None and (row["applied"], row["refused"]) == (1, 1), row
    else:
        assert row is None, row


@pytest.mark.parametrize("game", GAMES)
def test_option_rules_name_an_option_a_rule_and_a_concept_of_their_game(game: str) -> None:
    from chemgames.record.concepts import concepts
    from chemgames.record.rulekeys import engine_rule_keys

    c = concepts(game)
    options = chemgames.new_game(game, players=2, seed=1).option_values
    for option, by_rule in c.option_rules.items():
        assert option in options, (game, option)
        assert set(by_rule) <= engine_rule_keys(game) and set(by_rule.values()) <= set(c.names), (game, by_rule)
