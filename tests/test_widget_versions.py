"""Versioned messages (issue 15): every message from the browser names the view it was made on;
one made on an older view (a double click, a stale click, messages out of order) is never applied.

The tests speak the browser's path (``_on_msg``), as ``widgets/shared/mount.js`` does."""
from __future__ import annotations

import random

import pytest

import chemgames
from chemgames.widgets import (ChemieKartenWidget, ChemiXWidget, ChemunoWidget, ChrominoWidget, MetallurgieWidget,
                               RaeumAbWidget)

WIDGETS = {"chemiekarten": ChemieKartenWidget, "chemix": ChemiXWidget, "chemuno": ChemunoWidget,
           "chromino": ChrominoWidget, "metallurgie": MetallurgieWidget, "raeumab": RaeumAbWidget}


def widget(gid: str, seed: int = 3):
    g = chemgames.new_game(gid, players=2, seed=seed, lang="en")
    return WIDGETS[gid](g, seats=["human", "greedy"])


def browser_send(w, msg: dict, version: int) -> None:
    w._on_msg(w, {**msg, "version": version}, [])


@pytest.mark.parametrize("gid", sorted(WIDGETS))
def test_stale_doubled_and_reordered_messages_are_never_applied(gid):
    rng = random.Random(gid)
    w = widget(gid)
    applied = stale_sent = 0
    for _ in range(120):
        if w.game.is_over:
            break
        if w.game.current_player != 0:
            browser_send(w, {"type": "bot"}, w.version)
            continue
        assert w.legal, "the human's turn offers actions"
        seen = w.version                      # the view on screen
        first, second = rng.sample(w.legal, 2) if len(w.legal) > 1 else (w.legal[0], w.legal[0])
        before = len(w.game.log)
        browser_send(w, {"type": "act", "action": first}, seen)
        assert len(w.game.log) == before + 1
        applied += 1
        state = w.game.to_json()
        # a double click, a second action made on the same old view, and a message from long ago
        for msg, version in [({"type": "act", "action": first}, seen), ({"type": "act", "action": second}, seen),
                             ({"type": "undo"}, seen), ({"type": "hint"}, seen - 1), ({"type": "claim", "seat": None}, 0),
                             ({"type": "hint_play", "index": 0}, seen)]:
            browser_send(w, msg, version)
            stale_sent += 1
            assert w.game.to_json() == state, (msg, version)
            assert w.panel["notice"]["rule"] == "ui.stale"
    assert applied >= 5
    assert w.stale_ignored == stale_sent


def test_a_message_without_a_version_from_the_browser_is_refused():
    w = widget("chemuno")
    state = w.game.to_json()
    w._on_msg(w, {"type": "act", "action": w.legal[0]}, [])
    assert w.game.to_json() == state
    assert w.panel["notice"]["rule"] == "err.malformed"
    for bad in (True, "3", 1.5, None, [w.version]):
        w._on_msg(w, {"type": "act", "action": w.legal[0], "version": bad}, [])
        assert w.game.to_json() == state and w.panel["notice"]["rule"] == "err.malformed"


def test_the_current_version_acts_once():
    w = widget("chromino")
    action = next(a for a in w.legal if a["kind"] == "draw") if any(a["kind"] == "draw" for a in w.legal) else w.legal[0]
    v = w.version
    browser_send(w, {"type": "act", "action": action}, v)
    assert len(w.game.log) == 1 and w.version > v
    browser_send(w, {"type": "act", "action": action}, v)
    assert len(w.game.log) == 1  # the double click did nothing


def test_a_stale_bot_request_is_quiet():
    w = widget("metallurgie")
    g = w.game
    while g.current_player == 0:
        w.apply(g.legal_actions()[0])
    v = w.version
    browser_send(w, {"type": "bot"}, v - 1)
    assert g.current_player == 1 and w.panel["notice"] is None
    browser_send(w, {"type": "bot"}, w.version)
    assert g.current_player != 1 or g.is_over
