"""Hot-seat privacy (issue 15): while no seat is claimed on a shared screen, nothing private is on
screen or in the synced traits: no hand, no private step in the panel, no hints, no private log line.

The proof: the traits after "Hide my hand" equal those of a fresh widget on a copy of the game whose
hidden cards were dealt anew (``Game.redeal_hidden``): nothing on the screen depends on them."""
from __future__ import annotations

import random

import pytest

import chemgames
from chemgames.widgets import (ChemieKartenWidget, ChemiXWidget, ChemunoWidget, ChrominoWidget, MetallurgieWidget,
                               RaeumAbWidget)

WIDGETS = {"chemiekarten": ChemieKartenWidget, "chemix": ChemiXWidget, "chemuno": ChemunoWidget,
           "chromino": ChrominoWidget, "metallurgie": MetallurgieWidget, "raeumab": RaeumAbWidget}
SYNCED = ("view", "cards", "hands", "legal", "hints", "panel", "lang", "seats", "seat", "open_hands")


def traits(w) -> dict:
    return {k: getattr(w, k) for k in SYNCED}


def hidden_screen_matches_a_redealt_game(w, rng) -> None:
    w.receive({"type": "claim", "seat": None})
    assert w.seat is None
    copy = type(w)(w.game.redeal_hidden(None, rng), seats=list(w.seats))
    mine, theirs = traits(w), traits(copy)
    for k in SYNCED:
        assert mine[k] == theirs[k], (w.game.id, k, mine[k], theirs[k])
    assert "hand" not in w.view and not w.hints and not w.legal


@pytest.mark.parametrize("gid", sorted(set(WIDGETS) - {"raeumab"}))  # Räum-Ab!: every card lies open
def test_after_hide_the_screen_shows_nothing_private(gid):
    checked = 0
    for seed in range(40):
        if checked == 6:
            break
        rng = random.Random(seed)
        g = chemgames.new_game(gid, players=2, seed=seed, lang="en")
        w = WIDGETS[gid](g, seats=["human", "human"])
        for _ in range(rng.randrange(2, 40 if gid != "chemix" else 6)):
            if g.is_over:
                break
            if w.seat is None:
                w.receive({"type": "claim", "seat": g.current_player})
            roll = rng.random()
            if roll < 0.15:
                w.receive({"type": "hint"})  # a hint list on screen, then hidden
            elif roll < 0.25 and w.legal:
                w.receive({"type": "act", "action": {**rng.choice(w.legal), "kind": "no_such_move"}})  # a refusal
            elif w.legal:
                w.receive({"type": "act", "action": rng.choice(w.legal)})
        if g.is_over:
            continue
        if w.seat is None:
            w.receive({"type": "claim", "seat": g.current_player})
        if w.legal:
            w.receive({"type": "act", "action": rng.choice(w.legal)})  # a (possibly private) step just made
        if w.seat is not None:
            w.receive({"type": "hint"})
        hidden_screen_matches_a_redealt_game(w, rng)
        checked += 1
    assert checked >= 3


def test_raeumab_has_nothing_to_hide():
    g = chemgames.new_game("raeumab", players=2, seed=1, lang="en")
    assert g.redeal_hidden(None, random.Random(1)).to_json() == g.to_json()
    w = RaeumAbWidget(g, seats=["human", "human"])
    assert not w.hot_seat  # one open lay-out: the widget needs no hidden hand


def test_chemiekarten_private_step_and_hints_leave_the_screen():
    g = chemgames.new_game("chemiekarten", players=2, seed=11, lang="en", dealer=1,
                           hands=[["Ca", "Cl", "O", "H", "H", "S", "Fe"]])
    w = ChemieKartenWidget(g, seats=["human", "human"])
    w.receive({"type": "claim", "seat": 0})
    w.receive({"type": "act", "action": {"game": "chemiekarten", "player": 0, "kind": "select", "params": {"card": "Ca"}}})
    w.receive({"type": "hint"})
    assert "Ca" in str(w.panel["last"]) and w.hints  # the player's own screen
    w.receive({"type": "claim", "seat": None})
    assert "Ca" not in str(w.panel) and not w.hints and "hand" not in w.view and "stage" not in w.view
