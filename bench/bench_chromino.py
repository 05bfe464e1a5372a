"""Benchmarks for Chromino; prints figures (no assertions).

    python bench/bench_chromino.py [--games N]

Goals (issue 7): the legal placements of a hand of eight tiles on the largest lay-outs met in random
play, p99 under 20 ms; random games per second. Also legal_actions and apply latency during play.

    python bench/bench_chromino.py --figures [--games N]

Issue 14: how the rule moves the games. Seeded 2-player bot games (greedy vs greedy, random vs
random; draw one tile, mode A points): tiles drawn, forced draws, game length, final scores.

    python bench/bench_chromino.py --outlook [--games N]

Issue 31: what the search bot's ``strategy.outlook`` is worth on its own. One-turn players that lay
the placement of the best outlook (ties: the hints' order), against greedy and random, 2 players,
the family game, every deal from both seats (``--games`` games a row): the outlook as committed (the
other hand's chance to find no place), with the player's own next turn added (-1 turn lost when
none of its other tiles fits, -1/2 when one does), and the own next turn alone.
"""
from __future__ import annotations

import argparse
import pickle
import random
import statistics
import time

import chemgames
from chemgames.bots import GreedyBot, RandomBot, play_game
from chemgames.games.chromino.layout import Layout


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def ms(x: float) -> str:
    return f"{x * 1000:.3f} ms"


def line(name: str, values: list[float]) -> None:
    print(f"{name:<52} median {ms(statistics.median(values))}   p99 {ms(pct(values, 0.99))}   "
          f"max {ms(max(values))}   (n={len(values)})")


def random_games(n: int) -> tuple[float, list[float], list[float], list[Layout]]:
    """Uniformly random legal actions: games per second, legal/apply latencies, the final lay-outs."""
    legal_t: list[float] = []
    apply_t: list[float] = []
    layouts = []
    start = time.perf_counter()
    for seed in range(n):
        rng = random.Random(seed)
        g = chemgames.new_game("chromino", players=2 + seed % 7, seed=seed, lang="en",
                               draw=("one", "until_fit", "limit")[seed % 3])
        while not g.is_over:
            t0 = time.perf_counter()
            legal = g.legal_actions()
            t1 = time.perf_counter()
            g.apply(rng.choice(legal))
            t2 = time.perf_counter()
            legal_t.append(t1 - t0)
            apply_t.append(t2 - t1)
        layouts.append(g.layout)
    return n / (time.perf_counter() - start), legal_t, apply_t, layouts


def game_figures(kind: str, n: int) -> dict[str, float]:
    """``n`` seeded 2-player games of ``kind`` bots (greedy or random): averages per game.

    Every draw is forced (only who can lay no tile may draw); a lost turn is a draw whose tile did
    not fit either, so the turn passed."""
    draws, lost, turns, actions, scores, left, out = [], [], [], [], [], [], 0
    for seed in range(n):
        g = chemgames.new_game("chromino", players=2, seed=seed, lang="en", scoring="tiles")
        bot = GreedyBot if kind == "greedy" else RandomBot
        play_game(g, [bot(2 * seed), bot(2 * seed + 1)])
        v = g.view(None)
        log = g.log
        kinds = [e.action.kind for e in log]
        draws.append(sum(v["draws"]))
        lost.append(sum(1 for i, e in enumerate(log) if e.action.kind == "draw"
                        and (i + 1 == len(log) or log[i + 1].player != e.player)))
        turns.append(v["turn"])
        actions.append(len(kinds))
        scores.extend(g.scores())
        left.append(sum(v["hand_sizes"]))
        out += v["end"]["how"] == "out"
    mean = statistics.mean
    return {"tiles drawn": mean(draws), "turns lost (drawn tile no fit)": mean(lost), "turns": mean(turns),
            "actions": mean(actions), "final score": mean(scores), "tiles left (both hands)": mean(left),
            "ended by an empty hand (share)": out / n}


def figures(n: int) -> None:
    print(f"{n} seeded 2-player games each (draw one tile, mode A points), averages per game:")
    rows = {kind: game_figures(kind, n) for kind in ("greedy", "random")}
    print(f"{'':<34}{'greedy vs greedy':>18}{'random vs random':>18}")
    for key in rows["greedy"]:
        print(f"{key:<34}{rows['greedy'][key]:>18.2f}{rows['random'][key]:>18.2f}")


class OneTurn:
    """Lays the placement of the best ``strategy.outlook`` (``own``: with the own hand's next turn
    weighed by this much; ``others`` 0: the outlook left out); ties keep the hints' order."""

    def __init__(self, own: float = 0.0, others: float = 1.0) -> None:
        self.own, self.others = own, others

    def mark(self, game, action) -> float:
        from chemgames.games.chromino.strategy import outlook

        mark = self.others * outlook(game, action) if self.others else 0.0
        if self.own:
            hand = game.s_hands[game.current_player]
            rest = [t for t in hand if t != action.get("tile")]
            lay = game.layout.with_tile(action.get("tile"), action.get("x"), action.get("y"), action.get("rot"))
            seen = {k.tile for k in lay.laid} | set(hand)
            unseen = [t for t in range(75) if t not in seen]
            fits = {t for t, *_ in lay.placements(unseen + rest)}
            lost = 2.0 - sum(t in fits for t in unseen) / max(len(unseen), 1)
            kept = sum(t in fits for t in rest)
            mark -= self.own * lost * (1.0 if kept == 0 else 0.5 if kept == 1 else 0.0) if rest else 0.0
        return mark

    def choose(self, game):
        hints = game.hints(limit=100)
        if not hints:
            return game.legal_actions()[0]
        return max(enumerate(hints), key=lambda ih: (self.mark(game, ih[1].actions[0]), -ih[0]))[1].actions[0]


def outlook_figures(n: int) -> None:
    """The one-turn players' score (a shared win counts half) with its 95 % Wilson interval."""
    import math

    players = {"outlook (committed)": lambda: OneTurn(), "outlook + own next turn": lambda: OneTurn(own=1.0),
               "own next turn alone": lambda: OneTurn(own=1.0, others=0.0)}
    print(f"one-turn players, {n} games a row (deals 20000-{20000 + (n - 1) // 2}, each from both seats), family game")
    for name, make in players.items():
        for opp_name, opp in (("greedy", GreedyBot), ("random", RandomBot)):
            score, t0 = 0.0, time.process_time()
            for i in range(n):
                seat = i % 2
                g = chemgames.new_game("chromino", players=2, seed=20000 + i // 2, lang="en")
                bots = [make(), opp(i)] if seat == 0 else [opp(i), make()]
                play_game(g, bots)
                won = g.winners()
                score += 1 / len(won) if seat in won else 0.0
            p, z = score / n, 1.96
            mid, half = (p + z * z / (2 * n)) / (1 + z * z / n), z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
            print(f"{name:<26} vs {opp_name:<7} {p:6.1%}  [{mid - half:.1%} – {mid + half:.1%}]  "
                  f"{time.process_time() - t0:5.1f} s processor")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--figures", action="store_true", help="the bot-game figures of issue 14 only")
    ap.add_argument("--outlook", action="store_true", help="the one-turn players of issue 31 only")
    args = ap.parse_args()
    if args.outlook:
        outlook_figures(args.games)
        return
    if args.figures:
        figures(args.games)
        return

    rate, legal_t, apply_t, layouts = random_games(args.games)
    print(f"random games (uniform legal actions, 2-8 players): {rate:.1f} games/s over {args.games} games")
    line("legal_actions during play", legal_t)
    line("apply (with explanation) during play", apply_t)

    t0 = time.perf_counter()
    for seed in range(args.games // 3):
        g = chemgames.new_game("chromino", players=2 + seed % 3, seed=seed, lang="en", scoring="specialists")
        play_game(g, [GreedyBot(seed + p) if p % 2 else RandomBot(seed + p) for p in range(g.players)])
    print(f"bot games (greedy vs random, hints() each move):  {(args.games // 3) / (time.perf_counter() - t0):.1f} games/s")

    largest = sorted(layouts, key=lambda lay: len(lay.laid), reverse=True)[:25]
    sizes = [len(lay.laid) for lay in largest]
    print(f"largest lay-outs met: {sizes[0]} tiles ({len(largest[0].cells)} squares, "
          f"{len(largest[0].need)} frontier cells); the 25 largest have {min(sizes)}-{max(sizes)} tiles")
    rng = random.Random(1)
    fresh, warm, fresh_cpu = [], [], []
    counts = []
    for lay in largest:
        on_board = {k.tile for k in lay.laid}
        pool = [t for t in range(75) if t not in on_board] or list(range(75))
        for _ in range(40):
            hand = rng.sample(pool, min(8, len(pool)))
            cold = pickle.loads(pickle.dumps(lay))  # no slot index yet: built from the frontier
            c0 = time.thread_time()
            t0 = time.perf_counter()
            found = cold.placements(hand)
            t1 = time.perf_counter()
            fresh_cpu.append(time.thread_time() - c0)
            cold.placements(hand)
            t2 = time.perf_counter()
            fresh.append(t1 - t0)
            warm.append(t2 - t1)
            counts.append(len(found))
    line("hand of 8 on the largest lay-outs, slot index built", fresh)
    line("  the same in CPU time (robust on a busy machine)", fresh_cpu)
    line("hand of 8 on the largest lay-outs, index kept", warm)
    print(f"legal placements found per hand: median {statistics.median(counts)}, max {max(counts)}")
    every = []
    for lay in largest:
        t0 = time.perf_counter()
        n_all = len(pickle.loads(pickle.dumps(lay)).placements(range(75)))
        every.append(time.perf_counter() - t0)
    line(f"the puzzle for all 75 tiles (e.g. {n_all} placements)", every)


if __name__ == "__main__":
    main()
