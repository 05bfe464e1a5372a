"""Property tests of Chemuno: what its rule sheet says, checked in the random games of the
conformance harness (``tests/conformance.py`` plays them and checks what every game owes the API:
forged actions refused, undo, save files, the declared state …).

Invariants: the 72 cards are always all there, each exactly once (hands, draw pile, discard pile);
a pending draw lies only on a multiplier and a wish only on a noble gas; undo of a call restores
the view; the game ends with a winner who holds no card (or, when everyone passed, the fewest
cards win); the text of a play announces "…miX!" and the penalty exactly when they happen; every
game ends within ``max_actions(players)`` actions, also when every player hoards (keeps every card
drawn, draws whenever allowed, lays only when nothing else is legal).
"""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import chemgames
from chemgames import Action
from chemgames.bots import GreedyBot, RandomBot
from chemgames.games.chemix.cards import card_set
from chemgames.games.chemuno.rules import max_actions
from conformance import Conformance, Oracle, Variant
from soak import soak_games

GAMES = soak_games(1000)  # the full soak from bench/bench_soak.py, a share in CI
ALL = sorted(card_set().all_ids())


def forged(game, rng: random.Random, legal: list[Action]) -> list[object]:
    p = game.current_player
    a = rng.choice(legal)
    return [Action(a.game, p, "play", (("card", rng.choice(ALL)),)),
            Action(a.game, p, "play", (("card", "Ne"), ("wish", "Xe"))), Action(a.game, p, "play", (("card", 3),)),
            {"kind": "draw"}, None]


def check_state(game) -> None:
    cards = [c for h in game.s_hands for c in h] + game.s_draw + game.s_pile
    assert sorted(cards) == ALL, "a card was created or lost"
    v = game.view(None)
    assert sum(v["hand_sizes"]) + v["draw_size"] + v["pile_size"] == 72
    cs = card_set()
    if v["pending"]:
        assert cs.kind(v["top"]) == "multiplier"
    if v["wish"] is not None:
        assert cs.kind(v["top"]) == "noble"


def check_winners(game) -> None:
    sizes = [len(h) for h in game.s_hands]
    if game.s_winner is not None:
        assert game.winners() == [game.s_winner] and sizes[game.s_winner] == 0
    else:
        assert game.winners() == [q for q in range(game.players) if sizes[q] == min(sizes)]


class ChemunoSheet(Oracle):
    def __init__(self, game, rng: random.Random, deep: bool = False) -> None:
        super().__init__(game, rng, deep)
        self.steps = 0

    def before(self, action: Action) -> None:
        game = self.game
        self.player = game.current_player
        self.before_view = game.view(self.player) if action.kind == "call" else None
        self.penalties = list(game.view()["penalties"])

    def after(self, action: Action, explanation) -> None:
        game, p = self.game, self.player
        said = {s.msg.key for s in explanation.steps}
        # the text says what happens: "…miX!" exactly when the hand is empty, the penalty when drawn
        assert ("cu.mix" in said) == (action.kind == "play" and game.s_winner == p)
        assert ("cu.forgot" in said) == (game.view()["penalties"][p] > self.penalties[p])
        if self.before_view is not None:
            assert game.undo() == action and game.view(p) == self.before_view
            game.apply(action)
        if self.deep or self.rng.random() < 0.2:
            check_state(game)
        self.steps += 1
        assert self.steps <= max_actions(game.players), "the game did not end within the bound"

    def end(self) -> None:
        check_state(self.game)
        check_winners(self.game)


SPEC = Conformance(
    "chemuno", (Variant("random", (2, 4), games=1000, chunks=2, ci_share=0.1),), ChemunoSheet,
    bot_share=2 / 3, forged=forged, forged_share=0.05, undo_share=0.1, deep_seeds=6, mid_game_steps=60)


CHUNKS = 2
SPAN = 2**31 // CHUNKS
CHUNK_SETTINGS = dict(deadline=None, derandomize=True,
                      suppress_health_check=[HealthCheck.too_slow, HealthCheck.differing_executors])
HOARD = {"keep": 0, "draw": 1, "pass": 2, "call": 3, "play": 4}


def hoarder(game, rng: random.Random) -> Action:
    """The stalling player: keeps every card drawn (even one that fits), draws whenever allowed, and
    lays a card (a random one) only when nothing else is legal."""
    legal = game.legal_actions()
    best = min(HOARD[a.kind] for a in legal)
    return rng.choice([a for a in legal if HOARD[a.kind] == best])


@pytest.mark.parametrize("chunk", range(CHUNKS))
@settings(max_examples=GAMES // (2 * CHUNKS), **CHUNK_SETTINGS)
@given(data=st.data())
def test_every_game_ends_within_the_bound(chunk: int, data: st.DataObject) -> None:
    """The draw pile is never rebuilt, so no way of playing keeps a game going: a mix of hoarders,
    random players and bots always ends, within ``max_actions(players)`` actions, with the cards
    all there and the fewest cards (or the last card laid) winning."""
    seed = data.draw(st.integers(chunk * SPAN, (chunk + 1) * SPAN - 1), label="seed")
    players = data.draw(st.integers(2, 4), label="players")
    kinds = data.draw(st.lists(st.sampled_from(["hoard", "random", "greedy", "any"]),
                               min_size=players, max_size=players), label="players' ways")
    rng = random.Random(seed)
    game = chemgames.new_game("chemuno", players=players, seed=seed, lang="en")
    bots = {"greedy": GreedyBot(seed), "random": RandomBot(seed)}
    steps = 0
    while not game.is_over:
        kind = kinds[game.current_player]
        if kind == "hoard":
            action = hoarder(game, rng)
        elif kind == "any":
            action = rng.choice(game.legal_actions())
        else:
            action = bots[kind].choose(game)
        game.apply(action)
        steps += 1
        assert steps <= max_actions(players), "the game did not end within the bound"
    check_state(game)
    check_winners(game)
