"""The ceiling of a move choice against greedy: a search bot that **peeks** (bench only, never shipped).

Its worlds are the real game (``Game.redeal_hidden`` replaced by ``Game.copy``: the other hand, the
pile order and the die are known), so each candidate is played on, greedily for both sides, exactly
as the greedy opponent will answer it. How often such an oracle beats greedy tells whether any
choice among the bot's candidates could reach 60 %: if even the oracle cannot, the game's luck
(the deal) decides and the honest bot cannot either.

    python bench/oracle_bots.py --game chemuno --games 60 --tune rollout=None
    python bench/oracle_bots.py --peek hand --game chemuno --games 60   # Chemuno: only the other hand

``--peek hand`` (Chemuno) shows only the other hand: the draw pile is shuffled as for the honest bot.
The gap between it and the honest bot bounds what a belief about the other hand (read from the
other player's draws) could bring.
"""
from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from chemgames.core.game import Game  # noqa: E402

import bench_bots  # noqa: E402


def _peek(self: Game, viewer: int | None, rng: object) -> Game:
    """The real game, hidden cards and random state included (what an honest bot must never get)."""
    return self.copy()


_honest = Game.redeal_hidden


def _peek_hand(self: Game, viewer: int | None, rng: object) -> Game:
    """Chemuno: an honest world, then the other hands made the real ones (the pile stays shuffled)."""
    world = _honest(self, viewer, rng)  # type: ignore[arg-type]
    for p, real in enumerate(self.s_hands):  # type: ignore[attr-defined]
        if p == viewer:
            continue
        pool = world.s_hands[p] + world.s_draw  # type: ignore[attr-defined]
        world.s_hands[p] = list(real)  # type: ignore[attr-defined]
        left = Counter(real)  # take each real card out once (the deck holds some cards twice)
        draw = []
        for c in pool:
            if left[c]:
                left[c] -= 1
            else:
                draw.append(c)
        world.s_draw = draw  # type: ignore[attr-defined]
    return world


if __name__ == "__main__":
    if sys.argv[1:3] == ["--peek", "hand"]:
        del sys.argv[1:3]
        Game.redeal_hidden = _peek_hand  # type: ignore[method-assign]
    else:
        Game.redeal_hidden = _peek  # type: ignore[method-assign]
    bench_bots.main()
