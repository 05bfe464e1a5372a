"""Thousands of malformed or forged messages: no exception escapes, and the game never changes."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import chemgames
from chemgames.widgets import ChemieKartenWidget

KINDS = ["select", "deselect", "charge", "combine", "release", "protect", "unprotect", "pay", "unpay", "clear",
         "confirm", "skip", "attack", "stop", "", "SELECT", "__init__", "_do", "x" * 300]
JUNK = [None, True, False, 0, -1, 1, 2, 99, 2**70, -2**70, 1.5, float("nan"), "", "H", "Zz", "Proto", "H2O",
        "<script>alert(1)</script>", "\u0000", "é" * 500, [], [1, 2], {}, {"a": 1}, [[[[]]]], {"card": "H"}]


def new_widget(seats=("human", "greedy")):
    g = chemgames.new_game("chemiekarten", players=len(seats), seed=11, lang="en", dealer=len(seats) - 1,
                           hands=[["H", "H", "O", "S", "Fe", "Cl", "Proto"]])
    w = ChemieKartenWidget(g, seats=list(seats))
    w.receive({"type": "act", "action": {"game": "chemiekarten", "player": 0, "kind": "select",
                                          "params": {"card": "H"}}})  # a stage to tamper with
    return w


def junk(rng: random.Random, depth: int = 0):
    roll = rng.random()
    if depth > 3 or roll < 0.5:
        return rng.choice(JUNK)
    if roll < 0.75:
        return [junk(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(["type", "action", "seat", "lang", "index", "version", "game", "player", "kind", "params",
                        "zz"]): junk(rng, depth + 1) for _ in range(rng.randrange(5))}


def forged(rng: random.Random, w) -> object:
    """A message that looks nearly right but must be refused."""
    kind = rng.choice(["act", "act", "act", "claim", "hint_play", "lang", "bot", "undo2", "ACT", None])
    if kind == "act":
        action = {"game": rng.choice(["chemiekarten", "chemix", "", None]),
                  "player": rng.choice([1, 2, -1, 7, "0", None, True, 0.0]),
                  "kind": rng.choice(KINDS), "params": rng.choice([{}, {"card": rng.choice(JUNK)}, junk(rng)])}
        if rng.random() < 0.3:  # the right player, but junk details
            action = {"game": "chemiekarten", "player": 0, "kind": rng.choice(KINDS),
                      "params": {rng.choice(["card", "element", "charge", "formula", "proto", "target", "x"]):
                                 rng.choice([j for j in JUNK if j not in ("H", "Proto", "O")]) for _ in range(rng.randrange(3))}}
            if action["kind"] in ("select", "deselect", "clear", "confirm", "skip", "protect", "charge", "combine",
                                  "release", "pay", "unpay") and _could_be_legal(w, action):
                action["player"] = 1
        if rng.random() < 0.1:
            action["extra"] = 1
        return {"type": "act", "action": action}
    if kind == "claim":
        return {"type": "claim", "seat": rng.choice([1, 5, -1, "0", 0.5, True, [0]])}
    if kind == "hint_play":
        return {"type": "hint_play", "index": rng.choice([-1, 99, "0", None, 0.0, True, [0]])}
    if kind == "lang":
        return {"type": "lang", "lang": rng.choice(["fr", "", None, 1, "DE", ["de"]])}
    if kind == "bot":
        return {"type": "bot", "version": rng.choice([w.version, w.version - 1, None, "x"])}
    return {"type": kind, "action": junk(rng)}


def _could_be_legal(w, action) -> bool:
    try:
        return w.game.check(w.game.action_from_json(action)).ok
    except chemgames.Error:
        return False


def test_thousands_of_malformed_messages_change_nothing():
    rng = random.Random(2024)
    w = new_widget()
    before = w.game.to_json()
    for i in range(3000):
        m = junk(rng) if i % 2 else forged(rng, w)
        buffers = [b"\x00"] if i % 97 == 0 else []
        w.receive(m, buffers)  # must never raise
        after = w.game.to_json()
        assert after == before, f"message {i} changed the game: {m!r:.200}"
        assert w.panel["notice"] is None or w.panel["notice"]["title"]
    assert w.messages_handled == 3001  # and the one that set up the stage


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12)


@settings(max_examples=400, deadline=None)
@given(json_values)
def test_any_json_message_is_answered_in_the_panel(value):
    w = FUZZ_WIDGET
    before = w.game.to_json()
    w.receive(value)
    assert w.game.to_json() == before


FUZZ_WIDGET = new_widget(seats=("human", "human"))  # hot-seat, nobody claimed: every move is refused
