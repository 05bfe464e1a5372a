"""Benchmarks for Räum-Ab!; prints figures (no assertions).

    python bench/bench_raeumab.py [--games N] [--ends-only] [--end-games N]

Prints how games end over seeded bot games (greedy and random bots, 1 and 2 players): the cards
left on the table (median, mean), the game length (pairs taken, turns), and how many games ended
while a wish-card swap by the player to move would have made a pair (issue 14). Then legal_actions
and apply latency (median, p99; apply includes the SymPy explanation), hints latency, random full
games per second (uniform random actions and greedy bots), and the size of a widget update.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

import chemgames
from chemgames.bots import GreedyBot, RandomBot, play_game
from chemgames.games.raeumab.pairs import NONE, match


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def ms(x: float) -> str:
    return f"{x * 1000:.3f} ms"


def timed_game(seed: int, players: int) -> tuple[list[float], list[float], list[float]]:
    rng = random.Random(seed)
    g = chemgames.new_game("raeumab", players=players, seed=seed, lang=rng.choice(["de", "en"]))
    legal_t, apply_t, hint_t = [], [], []
    while not g.is_over:
        t0 = time.perf_counter()
        legal = g.legal_actions()
        t1 = time.perf_counter()
        g.hints()
        t2 = time.perf_counter()
        action = rng.choice(legal)
        t3 = time.perf_counter()
        g.apply(action)
        t4 = time.perf_counter()
        legal_t.append(t1 - t0)
        hint_t.append(t2 - t1)
        apply_t.append(t4 - t3)
        g._legal_cache = None  # measure the next legal_actions() from scratch, as after any apply
    return legal_t, apply_t, hint_t


def games_per_second(n: int, policy: str) -> tuple[float, float]:
    t0 = time.perf_counter()
    pairs = 0
    for seed in range(n):
        players = 1 + seed % 4
        g = chemgames.new_game("raeumab", players=players, seed=10_000 + seed, lang="en")
        if policy == "greedy":
            play_game(g, [GreedyBot(seed + p) for p in range(players)])
        else:
            rng = random.Random(seed)
            while not g.is_over:
                g.apply(rng.choice(g.legal_actions()))
        pairs += sum(g.scores()) // 2
    dt = time.perf_counter() - t0
    return n / dt, pairs / n


def swap_would_pair(g) -> bool:
    """Does a wish swap by the player the game ended on give a pair? Computed from the table alone:
    each free wish card in turn is replaced by each of the last seven cards of that player's pile,
    then every two free cards are tried with the pair rule (bans from the free forbidden cards)."""
    view = g.view(None)
    if view["phase"] != "play":
        return False  # no swaps during the fair start
    player = g.s_current  # the engine keeps the seat to move after the end (current_player is None)
    free = [c[-1] for c in view["columns"] if c]
    wishes = [i for i in free if g.cards[i].kind == "wish"]
    reach = view["piles"][player][-7:]
    for w in wishes:
        for c in reach:
            cards = [g.cards[c if i == w else i] for i in free]
            bans = frozenset(x.value for x in cards if x.kind == "forbidden")
            if any(match(a, b, bans) != NONE for k, a in enumerate(cards) for b in cards[k + 1:]):
                return True
    return False


def end_figures(n: int) -> None:
    """How the games end, per bot and number of players (seeds 0..n-1: the same games every run)."""
    print(f"how games end ({n} seeded games per row; cards left = cards still in the columns)")
    print(f"{'bot':7} {'players':>7} {'left median':>11} {'left mean':>9} {'pairs mean':>10} {'turns mean':>10} "
          f"{'ended while a swap gives a pair':>32}")
    for policy in ("greedy", "random"):
        for players in (1, 2):
            left, pairs, turns, swap = [], [], [], 0
            for seed in range(n):
                g = chemgames.new_game("raeumab", players=players, seed=seed, lang="en")
                bot = GreedyBot if policy == "greedy" else RandomBot
                play_game(g, [bot(seed * 10 + p) for p in range(players)])
                view = g.view(None)
                left.append(sum(map(len, view["columns"])))
                pairs.append(sum(1 for e in g.log if e.action.kind == "pair"))
                turns.append(view["turn"])
                swap += swap_would_pair(g)
            print(f"{policy:7} {players:>7} {statistics.median(left):>11} {statistics.mean(left):>9.1f} "
                  f"{statistics.mean(pairs):>10.1f} {statistics.mean(turns):>10.1f} {swap:>24} of {n}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--end-games", type=int, default=150)
    parser.add_argument("--ends-only", action="store_true")
    args = parser.parse_args()
    end_figures(args.end_games)
    if args.ends_only:
        return
    t0 = time.perf_counter()
    chemgames.new_game("raeumab", seed=0)
    print(f"first game (imports, deck, SymPy): {ms(time.perf_counter() - t0)}")
    timed_game(0, 2)  # warm-up: the factorisations are cached per number
    legal_t: list[float] = []
    apply_t: list[float] = []
    hint_t: list[float] = []
    for seed in range(1, 101):
        a, b, c = timed_game(seed, 1 + seed % 4)
        legal_t += a
        apply_t += b
        hint_t += c
    print(f"legal_actions over {len(legal_t)} positions: median {ms(statistics.median(legal_t))}, "
          f"p99 {ms(pct(legal_t, .99))}, max {ms(max(legal_t))}")
    print(f"apply (check + explanation + move): median {ms(statistics.median(apply_t))}, p99 {ms(pct(apply_t, .99))}, "
          f"max {ms(max(apply_t))}")
    print(f"hints (every pair, also after a wish swap; double first): median {ms(statistics.median(hint_t))}, p99 {ms(pct(hint_t, .99))}")
    for policy in ("uniform", "greedy"):
        rate, pairs = games_per_second(args.games, policy)
        print(f"random games per second ({policy}, 1-4 players, {args.games} games): {rate:.1f}  "
              f"(pairs taken per game: {pairs:.1f})")
    try:
        from chemgames.widgets import play_raeumab
    except ImportError:  # pragma: no cover - the widget extras are missing
        return
    w = play_raeumab(players=2, bots=["greedy"], seed=1, lang="de")
    sizes = []
    while not w.game.is_over:
        if w.game.current_player == 0:
            w.apply(w.game.hints()[0].actions[0])
        else:
            w.bot_turn()
        sizes.append(w.last_sync_bytes)
    print(f"widget update after a move: median {statistics.median(sizes):.0f} bytes, max {max(sizes)} bytes")


if __name__ == "__main__":
    main()
