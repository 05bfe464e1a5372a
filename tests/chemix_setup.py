"""Helpers for the ChemiX Classic tests: arrange a position by moving real cards, act by name."""
from __future__ import annotations

from typing import Any

import pytest

import chemgames
from chemgames import Action, IllegalAction
from chemgames.games.chemix.cards import card_set


def all_cards(game) -> list[str]:
    """Every card id the engine holds, wherever it lies (each must occur exactly once)."""
    out = list(game.s_draw) + list(game.s_discard) + list(game.s_free) + list(game.s_out) + list(game.s_display)
    for p in range(game.players):
        out += game.s_hands[p] + game.s_nobles[p] + game.s_won[p] + game.s_dead[p]
    for c in game.s_table:
        out += list(c["cards"]) + [c["formula"]]
    out += [d["formula"] for d in game.s_dissolved]  # freed this turn, to its owner at step 5
    for stack in game.s_stacks.values():
        out += stack
    return out


def _pull(game, face: str) -> str:
    """Take a card of ``face`` from the draw pile, the discard or a multiplier stack."""
    if face in game.s_stacks:
        return game.s_stacks[face].pop()
    for pile in (game.s_draw, game.s_discard):
        for i in pile:
            if game.face(i) == face:
                pile.remove(i)
                return i
    raise LookupError(face)


def arrange(game, hands: dict[int, list[str]] | None = None, table: list[tuple[str, int]] = (),
            display_removed: list[str] = (), start: int = 0):
    """Put chosen cards in hands (old hands go back to the draw pile) and compounds on the table."""
    hands = hands or {}
    for p in range(game.players):
        game.s_draw.extend(game.s_hands[p])
        game.s_hands[p] = []
    for p, faces in hands.items():
        for f in faces:
            game.s_hands[p].append(_pull(game, f))
    cs = card_set()
    for formula, owner in table:
        cards = [_pull(game, t) for t in cs.compounds[formula].layout]
        game.s_display.remove(formula)
        game.s_table.append({"formula": formula, "cards": cards, "owner": owner, "new": False})
    for p in range(game.players):
        if p not in hands:
            game.s_hands[p] = [game.s_draw.pop() for _ in range(3)]
    for formula in display_removed:  # laid and taken back long ago: give it to player 0
        game.s_display.remove(formula)
        game.s_won[0].append(formula)
    game.s_current = start
    game._legal_cache = None
    game._mark_turn_start()
    assert sorted(all_cards(game)) == sorted(cs.all_ids())
    return game


def new(players: int = 2, seed: int = 1, lang: str = "en"):
    return chemgames.new_game("chemix", players=players, seed=seed, lang=lang)


def act(game, kind: str, **params: Any) -> Action:
    return Action(game.id, game.current_player, kind,
                  tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in params.items()))


def do(game, kind: str, **params: Any):
    return game.apply(act(game, kind, **params))


def play_faces(game, *faces: str) -> None:
    """Play hand cards of these faces into the free area."""
    for f in faces:
        card = next(i for i in game.s_hands[game.current_player] if game.face(i) == f)
        do(game, "play", card=card)


def refused(game, kind: str, **params: Any):
    before, log = game.digest(), len(game.log)
    with pytest.raises(IllegalAction) as info:
        do(game, kind, **params)
    assert game.digest() == before and len(game.log) == log
    return info.value.explanation


def faces(game, ids) -> list[str]:
    return sorted(game.face(i) for i in ids)
