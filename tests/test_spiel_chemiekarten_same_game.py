"""Das Chemie-Kartenspiel through pyspiel is the engine's game (issue 31): random games played both ways.

One side is OpenSpiel's state (``chemgames.spiel``: whole moves, the engine's fast path, the move
list from the indexed walk and its caches, whatever makes it fast). The other is worked out here
from the engine's definitions alone, in a game of its own played on the ordinary path with every
explanation: the atomic actions the engine lists (``Game.legal_actions``) for skip, attack and stop,
and for the builds the plain walk over ``itertools.combinations`` (``hints.INDEXED = False``) with
no cached parts. In every position the legal-action lists must be equal, the chosen move must be
applied by the engine's checked steps, and afterwards both games must be the same for every player
(view, scores, whose turn, the log's actions); at the end both must give the same returns.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install 'chemgames[spiel]')")

import chemgames  # noqa: E402
import chemgames.spiel  # noqa: E402
from chemgames.games.chemiekarten import hints  # noqa: E402
from chemgames.spiel import moves as whole  # noqa: E402

NAME = "python_chemgames_chemiekarten"


def _reference_moves(g) -> dict[int, tuple]:
    """The whole moves of ``g`` by number, from the engine's own lists and the plain, uncached walk."""
    legal = g.legal_actions()
    p = g.current_player
    if g.s_phase == "attack":
        out = {whole.ATTACK + a.get("target") - 1: (a,) for a in legal if a.kind == "attack"}
        out.update({whole.STOP: (a,) for a in legal if a.kind == "stop"})
        return out
    out = {whole.SKIP: (a,) for a in legal if a.kind == "skip"}
    saved = hints.INDEXED, hints._free_parts_of
    hints.INDEXED, hints._free_parts_of = False, hints._free_parts_of.__wrapped__  # the definition, nothing cached
    try:
        hand = Counter(g.kinds[i] for i in g.s_hands[p])
        found, _, _ = hints._walk(hand, hints.BUDGET)
    finally:
        hints.INDEXED, hints._free_parts_of = saved
    for (combos, items), (points, n_cards, chosen, _, payment, _) in found.items():
        build = hints.Build((combos, items, tuple(payment)), points, n_cards, tuple((u.formula, u.proto) for u in chosen))
        out.setdefault(whole.WholeMoves.number(build.key), build.actions(g))  # a hash collision keeps the first
    return out


def _same(a, b) -> None:
    assert a.current_player == b.current_player and a.is_over == b.is_over
    assert a.scores() == b.scores()
    assert [(e.player, e.public, str(e.action)) for e in a.log] == [(e.player, e.public, str(e.action)) for e in b.log]
    for p in range(a.players):
        va = {k: v for k, v in a.position(p).items() if k != "log"}
        vb = {k: v for k, v in b.position(p).items() if k != "log"}
        assert va == vb, p


def _play_both(game, deal: int, rng: random.Random, limit: int) -> int:
    state = game.new_initial_state()
    state.apply_action(deal)
    ref = chemgames.new_game("chemiekarten", players=game.num_players(), seed=deal, lang="en")
    _same(state.game_now, ref)
    moves = 0
    while not state.is_terminal() and moves < limit:
        listed = _reference_moves(ref)
        assert state.legal_actions() == sorted(listed), (deal, moves)
        number = rng.choice(sorted(listed))
        state.apply_action(number)
        for action in listed[number]:
            ref.apply(action)  # the ordinary path: checked, explained, raises if the engine refuses
        _same(state.game_now, ref)
        moves += 1
    if state.is_terminal() and ref.is_over:
        n = ref.players
        winners = ref.winners()
        assert state.returns() == [n / len(winners) - 1.0 if p in winners else -1.0 for p in range(n)] if winners \
            else [0.0] * n
    return moves


def test_random_games_through_pyspiel_are_the_engines_games():
    chemgames.spiel.register(["chemiekarten"])
    game = pyspiel.load_game(NAME)
    rng = random.Random(31)
    played = [_play_both(game, deal, rng, limit=60) for deal in range(8)]
    assert sum(played) > 150  # the games went on: many positions were compared


def test_three_players_and_a_long_game():
    chemgames.spiel.register(["chemiekarten"])
    game = pyspiel.load_game(NAME, {"players": 3})
    assert _play_both(game, 77, random.Random(5), limit=40) >= 20


def _payment_by_definition(prices, pool_counts):
    """The first payment as the walk found it before issue 31's speed-up: every combination of the
    pool laid out card by card (sorted by points and symbol), fewest cards first, duplicates once."""
    import itertools

    from chemgames.games.chemiekarten.cards import card_set
    from chemgames.games.chemiekarten.compound import payment_fits

    cards = card_set()
    pool = sorted((s for s, n in pool_counts for _ in range(n)), key=lambda s: (cards[s].points, s))
    for size in range(1, 5):
        for combo in dict.fromkeys(itertools.combinations(pool, size)):
            pts = [cards[s].points for s in combo]
            if sum(pts) == sum(prices) and payment_fits(list(prices), pts):
                return combo
    return None


def test_the_payment_is_the_first_combination_of_the_pool():
    from chemgames.games.chemiekarten.cards import PROTO, card_set

    cards = card_set()
    kinds = sorted(s for s in cards if s != PROTO and cards[s].points > 0)
    prices = sorted({cards[s].points for s in cards if cards[s].artificial})
    rng = random.Random(25)
    paid = 0
    for _ in range(3000):
        pool = tuple(sorted((s, rng.randint(1, 4)) for s in rng.sample(kinds, rng.randint(1, 14))))
        price = tuple(sorted(rng.choice(prices) for _ in range(rng.randint(1, 3))))
        expected = _payment_by_definition(price, pool)
        assert hints._payment_from.__wrapped__(price, pool) == expected, (price, pool)
        paid += expected is not None
    assert 500 < paid < 2900  # both kinds of answer were compared


def test_divisibility_is_that_of_the_charge_terms():
    """The walk asks whether a part of a build's charges adds up to zero with plain (count, charge)
    pairs; the definition is ``find_zero_part`` over the build's charge terms."""
    from chemgames.chemistry import ChargeTerm, find_zero_part
    from chemgames.games.chemiekarten.cards import PROTO, card_set, combinations

    cards, known = card_set(), combinations()
    kinds = sorted(s for s in cards if s != PROTO and cards[s].charges)
    formulas = sorted(known)
    rng = random.Random(13)
    seen = Counter()
    for _ in range(4000):
        items = tuple((s, rng.randint(1, 6), rng.choice(cards[s].charges)) for s in sorted(rng.sample(kinds, rng.randint(0, 3))))
        combos = tuple(sorted((rng.choice(formulas), rng.randint(0, 2)) for _ in range(rng.randint(0, 3))))
        terms = tuple(ChargeTerm(s, n, q) for s, n, q in items)
        terms += tuple(ChargeTerm(f, n, known[f].charge) for f, n in Counter(f for f, _ in combos).items())
        expected = find_zero_part(terms) is not None
        assert hints._divisible.__wrapped__(combos, items) == expected, (combos, items)
        seen[expected] += 1
    assert min(seen.values()) > 1000  # both answers were compared


def _random_hand(rng: random.Random, size: int) -> tuple[tuple[str, int], ...]:
    from chemgames.games.chemiekarten.cards import family_deck

    deck = [s for s, n in family_deck().items() for _ in range(n)]
    return tuple(sorted(Counter(rng.sample(deck, size)).items()))


def test_the_fast_walk_lists_the_walks_builds_in_its_order():
    """``chemgames.spiel.fastwalk`` (pyspiel's list: kept group entries, groups that cannot close the
    balance skipped) gives every build of the hint search's walk with its number, in the walk's
    order, on random hands of 1–22 cards; hands where the walk's budget decides are left to the walk."""
    from chemgames.spiel import fastwalk

    rng = random.Random(2026)
    compared = builds = left = paid = 0
    for t in range(1000):
        hand = _random_hand(rng, rng.randint(1, 22) if t < 996 else 45)
        fastwalk._numbered.cache_clear()
        fast = fastwalk.numbered_builds(hand)
        definition = [(whole.WholeMoves.number(b.key), b) for b in hints._builds_of.__wrapped__(hand, hints.BUDGET)]
        if fast is None:
            assert sum(hints.LAST_WEIGHED) >= hints.BUDGET or any(
                n >= hints.BUDGET // 4 for n in hints.LAST_WEIGHED[:3]), hand  # the budget decided
            left += 1
            continue
        fast = [(n, fastwalk.as_build(b)) for n, b in fast]
        assert fast == definition, hand
        compared += 1
        builds += len(fast)
        paid += sum(bool(b.key[2]) for _, b in fast)
    assert compared > 900 and builds > 30_000 and left >= 4
    assert paid > 1000  # builds with artificial cards, paid from the rest of the hand, were compared
