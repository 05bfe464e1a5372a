"""Property tests of Räum-Ab!: what its rule sheet says, checked in 1,200 random games of the
conformance harness (``tests/conformance.py`` plays them and checks what every game owes the API:
forged actions refused and changing nothing, undo, save files …).

Invariants: no card is created or lost (lay-out + piles + set-aside = the 109 cards, each once);
only free cards are ever taken; the legal pairs and wish swaps are exactly those an independent
reading of the sheet finds; a double pair keeps the turn; the game ends exactly when no pair is
left, not even after a wish swap by the player to move; scores are the pile sizes.
"""
from __future__ import annotations

import math
import random

from chemgames import Action
from conformance import Conformance, Oracle, Variant


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


def forged(game, rng: random.Random, legal: list[Action]) -> list[object]:
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


class RaeumAbSheet(Oracle):
    def __init__(self, game, rng: random.Random, deep: bool = False) -> None:
        super().__init__(game, rng, deep)
        self.cards = game.cards
        self.steps = 0

    def before_choice(self) -> None:
        game = self.game
        every_card_once(game)
        self.free = free = game.free_cards()
        self.pairs = pairs = pairs_of(self.cards, free)
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

    def before(self, action: Action) -> None:
        self.player = self.game.current_player
        self.columns_before = [list(c) for c in self.game.table()["columns"]]
        self.phase = self.game.phase

    def after(self, action: Action, explanation) -> None:
        game, p = self.game, self.player
        if action.kind == "pair":  # who moves next, read from the sheet: a double pair keeps the turn
            double = self.pairs[action.get("cards")] == 2 and self.phase == "play"
            self.next_seat = p if double else (p + 1) % game.players
            gone = [c[-1] for c, now in zip(self.columns_before, game.table()["columns"]) if len(now) < len(c)]
            assert sorted(gone) == sorted(action.get("cards")) and set(gone) <= set(self.free)  # only free cards
        assert game.scores() == [len(pile) for pile in game.table()["piles"]]
        self.steps += 1

    def end(self) -> None:
        game = self.game
        every_card_once(game)
        free = game.free_cards()
        assert not any(pairs_of(self.cards, free).values())
        if self.steps:
            assert not good_swaps(game, self.next_seat, game.phase, False), "a wish swap would still make a pair"
        assert game.winners() and all(game.scores()[w] == max(game.scores()) for w in game.winners())
        assert [a.total for a in game.score_breakdown()] == game.scores()  # the final account adds up


SPEC = Conformance(
    "raeumab",
    (Variant("random", (1, 4), games=1200, chunks=4, options=lambda rng, players: {"fair_start": rng.random() < 0.8},
             ci_share=0.125),),
    RaeumAbSheet, bot_share=0.5, forged=forged, forged_share=0.03, undo_share=0.1, step_limit=300, deep_seeds=6,
    deep_players=lambda seed: 1 + seed % 4, mid_game_steps=10_000)
