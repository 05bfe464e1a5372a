"""How well the search bot's beliefs about the other Chromino hand predict the real one (issue 31, session 16).

Greedy plays OpenSpiel's ISMCTS (0.1 s a decision, seats alternated, seed 20000 + i); at each of
greedy's turns once the other player has chosen a tile from its hand, each belief gives every unseen
tile a chance to be in the other hand (a sample of ``strategy.POOL`` hands, weighed), and the real
hand (read here by the bench, never by the bot) is scored against it:

- ``told-shuffle``: the hands the draws allow, each tile the first allowed one of one shuffle
  (``Told.hands``, how main's bot deals its worlds up to session 15);
- ``0``: the same hands dealt evenly (``strategy._even_hands``), unweighed;
- ``0.5``, ``1``, ``2``: weighed by the other player's choices with that strength (``Tuning.choices``).

Printed: the mean chance given to the tiles really held (more is better), the Brier score over all
unseen tiles and the log loss of the tiles held (less is better), the weighed sample's effective
size, and the time to weigh it.

    python bench/bench_chromino_belief.py --games 24
"""
from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import chemgames  # noqa: E402
from chemgames.bots import GreedyBot  # noqa: E402
from chemgames.games.chromino import strategy  # noqa: E402
from chemgames.spiel.opponents import FieldBot  # noqa: E402

KINDS: tuple[str | float, ...] = ("told-shuffle", 0.0, 0.5, 1.0, 2.0)


def _believed(known: strategy.Told, kind: str | float, rng: random.Random) -> strategy.Believed:
    if kind == "told-shuffle":
        hands = []
        for _ in range(strategy.POOL):
            order = list(known.unseen)
            rng.shuffle(order)
            hands.append({q: tuple(h) for q, h in known.hands(order).items()})
        return strategy.Believed(known.unseen, known.slots, tuple(hands), tuple([1 / strategy.POOL] * strategy.POOL))
    return strategy.weigh(known, float(kind), strategy.POOL, rng)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=24)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--budget", type=float, default=0.1, help="ISMCTS's processor seconds a decision")
    a = ap.parse_args()
    stats = {k: [0.0, 0.0, 0.0, 0] for k in KINDS}
    sizes: list[float] = []
    spent: list[float] = []
    for i in range(a.first, a.first + a.games):
        g: Any = chemgames.new_game("chromino", players=2, seed=20000 + i, lang="en")
        seat = i % 2
        bots: dict[int, Any] = {seat: GreedyBot(i), 1 - seat: FieldBot("chromino", players=2, budget=a.budget, seed=i)}
        while not g.is_over:
            p = g.current_player
            assert p is not None
            known = strategy.told(g, p)
            q = 1 - p
            if p == seat and q in known.slots and known.chose.get(q) and g.s_hands[q]:
                real = set(g.s_hands[q])
                for kind in KINDS:
                    t0 = time.process_time()
                    b = _believed(known, kind, random.Random(i * 1000 + len(g.log)))
                    if kind == 1.0:
                        spent.append(time.process_time() - t0)
                        sizes.append(1 / sum(w * w for w in b.weights))
                    chance = dict.fromkeys(known.unseen, 0.0)
                    for w, hand in zip(b.weights, b.hands):
                        for t in hand[q]:
                            chance[t] += w
                    s = stats[kind]
                    s[0] += sum(chance[t] for t in real) / len(real)
                    s[1] += sum((chance[t] - (t in real)) ** 2 for t in known.unseen) / len(known.unseen)
                    s[2] -= sum(math.log(max(chance[t], 1e-3)) for t in real) / len(real)
                    s[3] += 1
            g.apply(bots[p].choose(g))
    for kind in KINDS:
        held, brier, loss, n = stats[kind]
        print(f"{kind}: {n} positions, mean chance of a tile held {held / n:.4f}, Brier {brier / n:.5f}, "
              f"log loss {loss / n:.4f}")
    sizes.sort()
    spent.sort()
    print(f"effective sample size (strength 1) p10/p50/p90 {sizes[len(sizes) // 10]:.0f}/{sizes[len(sizes) // 2]:.0f}/"
          f"{sizes[9 * len(sizes) // 10]:.0f} of {strategy.POOL}; weighing p50/max {spent[len(spent) // 2]:.4f}/{spent[-1]:.4f} s")


if __name__ == "__main__":
    main()
