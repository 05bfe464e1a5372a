"""Property tests: 1,200 random seeded games of Räum-Ab! through the public API.

Invariants: no card is created or lost (lay-out + piles + set-aside = the 109 cards, each once);
only free cards are ever taken; the legal pairs and wish swaps are exactly those an independent
reading of the sheet finds; the game ends exactly when no pair is left, not even after a wish swap
by the player to move; scores are the pile sizes; a save file
replays to the same state; undo restores the view; forged actions are refused and change nothing.
"""
from __future__ import annotations

import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import chemgames
from chemgames import Action, IllegalAction
from chemgames.bots import GreedyBot, RandomBot
from soak import soak_games

GAMES = soak_games(1200)  # the full soak from bench/bench_soak.py, a share in CI
CHUNKS = 4
SPAN = 2**31 // CHUNKS


def expected_kind(a, b, bans) -> int:
    """The sheet read independently of the engine: 0 none, 1 simple, 2 double."""
    if a.kind == "forbidden" or b.kind == "forbidden":
        return 2 if (a.kind, a.value) == (b.kind, b.value) else 0
    if "wish" in (a.kind, b.kind):
        return 0
    same = a.suit == b.suit
    if "joker" in (a.kind, b.kind):
        return 2 if same else 1
    divisor = any(a.value % d == 0 and b.value % d == 0 and d not in bans  # a ban strikes only itself
                  for d in range(2, math.gcd(a.value, b.value) + 1))
    return (same + divisor) if (same or divisor) else 0


def pairs_of(cards, free) -> dict[tuple[int, int], int]:
    """Every two free cards and their kind, the bans read from the free cards themselves."""
    bans = frozenset(cards[i].value for i in free if cards[i].kind == "forbidden")
    return {(a, b): expected_kind(cards[a], cards[b], bans) for a in free for b in free if a < b}


def good_swaps(game, player: int, phase: str, swapped: bool) -> set[tuple[int, int]]:
    """The sheet's "Bevor er ein Kartenpaar nimmt, darf der Spieler eine Wunschkarte mit einer der
    letzten sieben Karten seines Ablagestapels tauschen", read independently: the swaps after which
    some pair can be taken."""
    if phase != "play" or swapped:
        return set()
    table, cards = game.table(), game.cards
    free = [c[-1] for c in table["columns"] if c]
    out = set()
    for w in (i for i in free if cards[i].kind == "wish"):
        for c in table["piles"][player][-7:]:
            if any(pairs_of(cards, [c if i == w else i for i in free]).values()):
                out.add((w, c))
    return out


def every_card_once(game) -> list[int]:
    v = game.table()
    ids = [i for c in v["columns"] for i in c] + [i for p in v["piles"] for i in p] + v["aside"]
    assert sorted(ids) == list(range(109)), "a card was created or lost"
    return ids


def forged(game, rng: random.Random) -> list[object]:
    p = game.current_player
    free = game.free_cards()
    covered = [c[0] for c in game.table()["columns"] if len(c) > 1]
    a = free[0]
    out: list[object] = [
        Action("raeumab", (p + 1) % max(2, game.players), "pair", (("cards", (0, 1)),)),
        Action("chemiekarten", p, "pair", (("cards", (0, 1)),)),
        Action("raeumab", p, "teleport", ()),
        Action("raeumab", p, "pair", (("cards", (a, a)),)),
        Action("raeumab", p, "pair", (("cards", (a,)),)),
        Action("raeumab", p, "pair", (("cards", (500, 501)),)),
        Action("raeumab", p, "pair", (("cards", ("x", "y")),)),
        Action("raeumab", p, "wish", (("wish", a), ("card", -3))),
        {"kind": "pair"},
        None,
    ]
    if covered:
        c = rng.choice(covered)
        out.append(Action("raeumab", p, "pair", (("cards", tuple(sorted((c, a)))),)) if c != a else None)
    return out


def play_checked(seed: int, players: int, deep: bool) -> None:
    rng = random.Random(seed)
    game = chemgames.new_game("raeumab", players=players, seed=seed, lang=rng.choice(["de", "en"]),
                              fair_start=rng.random() < 0.8)
    bots = [rng.choice([GreedyBot(seed), RandomBot(seed)]) for _ in range(players)]
    cards = game.cards
    steps = 0
    while not game.is_over:
        every_card_once(game)
        free = game.free_cards()
        pairs = pairs_of(cards, free)
        view = game.view(None)
        swaps = good_swaps(game, game.current_player, view["phase"], view["swapped"])
        assert any(pairs.values()) or swaps, "the game runs only while a pair is left, counting a swap"
        legal = game.legal_actions()
        assert {(a.get("wish"), a.get("card")) for a in legal if a.kind == "wish"} == swaps
        taken = {a.get("cards") for a in legal if a.kind == "pair"}
        allowed = {k for k, v in pairs.items() if v}
        if game.phase == "start" and any(v == 2 for v in pairs.values()):
            allowed = {k for k, v in pairs.items() if v == 2}
        assert taken == allowed
        p = game.current_player
        action = bots[p].choose(game) if rng.random() < 0.5 else rng.choice(legal)
        assert action in legal
        if deep or rng.random() < 0.03:
            for bad in forged(game, rng):
                if bad is None and rng.random() < 0.5 or bad in legal:
                    continue
                before = game.digest()
                with pytest.raises(IllegalAction):
                    game.apply(bad)
                assert game.digest() == before
        try_undo = rng.random() < 0.1
        before_view = game.view(p) if try_undo else None
        columns_before = [list(c) for c in game.table()["columns"]]
        phase = game.phase
        game.apply(action)
        if action.kind == "pair":  # who moves next, read from the sheet: a double pair keeps the turn
            double = pairs[action.get("cards")] == 2 and phase == "play"
            next_seat = p if double else (p + 1) % game.players
            gone = [c[-1] for c, now in zip(columns_before, game.table()["columns"]) if len(now) < len(c)]
            assert sorted(gone) == sorted(action.get("cards")) and set(gone) <= set(free)  # only free cards
        if try_undo and game.can_undo():
            assert game.undo() == action and game.view(p) == before_view
            game.apply(action)
        assert game.scores() == [len(pile) for pile in game.table()["piles"]]
        steps += 1
        assert steps < 300
    every_card_once(game)
    free = game.free_cards()
    assert not any(pairs_of(cards, free).values())
    if steps:
        assert not good_swaps(game, next_seat, game.phase, False), "a wish swap would still make a pair"
    assert game.current_player is None and game.legal_actions() == []
    assert game.winners() and all(game.scores()[w] == max(game.scores()) for w in game.winners())
    assert [a.total for a in game.score_breakdown()] == game.scores()  # the final account adds up
    if deep or rng.random() < 0.1:
        copy = chemgames.load_game(game.to_json())
        assert copy.view(None) == game.view(None) and copy.scores() == game.scores()


CHUNK_SETTINGS = dict(deadline=None, derandomize=True,
                      suppress_health_check=[HealthCheck.too_slow, HealthCheck.differing_executors])


@pytest.mark.parametrize("chunk", range(CHUNKS))
@settings(max_examples=GAMES // CHUNKS, **CHUNK_SETTINGS)
@given(data=st.data())
def test_random_games(chunk: int, data: st.DataObject) -> None:
    seed = data.draw(st.integers(chunk * SPAN, (chunk + 1) * SPAN - 1), label="seed")
    players = data.draw(st.integers(1, 4), label="players")
    play_checked(seed, players, deep=False)


@pytest.mark.parametrize("seed", range(6))
def test_deep_checks(seed: int) -> None:
    play_checked(seed, 1 + seed % 4, deep=True)


def test_save_file_mid_turn_replays() -> None:
    rng = random.Random(4)
    game = chemgames.new_game("raeumab", players=3, seed=4, lang="en")
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        copy = chemgames.load_game(game.to_json())
        assert [copy.view(p) for p in range(3)] == [game.view(p) for p in range(3)]
        assert copy.legal_actions() == game.legal_actions() and copy.can_undo() == game.can_undo()
