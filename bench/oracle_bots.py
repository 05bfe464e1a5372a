"""The ceiling of a move choice against greedy: a search bot that **peeks** (bench only, never shipped).

Its worlds are the real game (``Game.redeal_hidden`` replaced by ``Game.copy``: the other hand, the
pile order and the die are known), so each candidate is played on, greedily for both sides, exactly
as the greedy opponent will answer it. How often such an oracle beats greedy tells whether any
choice among the bot's candidates could reach 60 %: if even the oracle cannot, the game's luck
(the deal) decides and the honest bot cannot either.

    python bench/oracle_bots.py --game chemuno --games 60 --tune rollout=None
    python bench/oracle_bots.py --peek hand --game chemuno --games 60   # Chemuno: only the other hand

``--peek hand`` (Chemuno, Chromino) shows only the other hand: the draw pile (Chromino: the bag) is
shuffled as for the honest bot. The gap between it and the honest bot bounds what a belief about the
other hand (read from the other player's draws) could bring.

Against OpenSpiel's ISMCTS (``--opponent ismcts``, every option of ``bench_bots.py``) only our bot
peeks: ISMCTS's own worlds (``ChemState.resample_from_infostate``) stay honest. In Chromino the
worlds are taken as dealt (``Told.deal``'s reading of the draws and ``Believed.deal``'s weighed hands
are skipped: the real hand needs no guess); the search's prior (the exact odds that the other hand is stuck) stays honest.

    python bench/oracle_bots.py --game chromino --games 200 --first 1300 --paired --level medium \
        --budget 0.1 --iterations 100000 --opponent ismcts --record peek.jsonl   # issue 31, s15k
"""
from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from chemgames.core.game import Game  # noqa: E402
from chemgames.games.chromino.strategy import Believed, Told  # noqa: E402
from chemgames.spiel.openspiel import ChemState  # noqa: E402

import bench_bots  # noqa: E402


def _peek(self: Game, viewer: int | None, rng: object) -> Game:
    """The real game, hidden cards and random state included (what an honest bot must never get)."""
    return self.copy()


_honest = Game.redeal_hidden


def _peek_hand(self: Game, viewer: int | None, rng: object) -> Game:
    """An honest world, then the other hands made the real ones (the pile stays shuffled: what is
    left of an even shuffle of the unseen cards once the real hand is taken out is an even shuffle)."""
    world = _honest(self, viewer, rng)  # type: ignore[arg-type]
    pile = "s_draw" if hasattr(world, "s_draw") else "s_bag"  # Chemuno's draw pile, Chromino's bag
    for p, real in enumerate(self.s_hands):  # type: ignore[attr-defined]
        if p == viewer:
            continue
        pool = world.s_hands[p] + getattr(world, pile)  # type: ignore[attr-defined]
        world.s_hands[p] = list(real)  # type: ignore[attr-defined]
        left = Counter(real)  # take each real card out once (the deck holds some cards twice)
        draw = []
        for c in pool:
            if left[c]:
                left[c] -= 1
            else:
                draw.append(c)
        setattr(world, pile, draw)
    return world


def _as_dealt(self: Told | Believed, game: Game, viewer: int, rng: object) -> Game:
    """Chromino's worlds as ``redeal_hidden`` gives them (the peek), not re-read from the draws."""
    return game.redeal_hidden(viewer, rng)  # type: ignore[arg-type]


_resample = ChemState.resample_from_infostate


def _honest_resample(self: ChemState, player: int, sampler: object = None) -> ChemState:
    """OpenSpiel's ISMCTS keeps honest worlds while our bot peeks (one thread: swapped for the call)."""
    peek = Game.redeal_hidden
    Game.redeal_hidden = _honest  # type: ignore[method-assign]
    try:
        return _resample(self, player, sampler)
    finally:
        Game.redeal_hidden = peek  # type: ignore[method-assign]


if __name__ == "__main__":
    if sys.argv[1:3] == ["--peek", "hand"]:
        del sys.argv[1:3]
        Game.redeal_hidden = _peek_hand  # type: ignore[method-assign]
    else:
        Game.redeal_hidden = _peek  # type: ignore[method-assign]
    Told.deal = _as_dealt  # type: ignore[method-assign]
    Believed.deal = _as_dealt  # type: ignore[method-assign]  # (session 16: the hands weighed by the choices)
    ChemState.resample_from_infostate = _honest_resample  # type: ignore[method-assign]
    bench_bots.main()
