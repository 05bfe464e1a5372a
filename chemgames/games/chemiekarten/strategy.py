"""What the search bot knows of Das Chemie-Kartenspiel (``chemgames.bots.search`` reads it).

Leads of 20–60 points are common, so a scale of 10 made every candidate worth ±1 (ties go to the
greedy move); 40 was measured at level hard (``bench/RESULTS-bots.md``).

``real_margin`` (issue 25): the bot makes the best real substance among its candidates whenever its
mean lead is at most this many points below the invention it ranks first (``chemgames.bots.prefer``;
what it costs in strength and gains in real substances: ``bench/bench_chemiekarten_real.py``). In
session 8 (load 12–25; 10 seeded 3-player games of search:easy against two greedy bots) the real
share of its compounds was 39 % without the preference, 63 % with 4 points and 73 % with 8; against
itself without the preference (2 players, seats alternated) the bot with 4 points won 19 of 35
games (54 %, 95 % interval 38–70 %), with 8 points 16 of 24 (67 %, 47–82 %), laying 80 % real
substances against 45–50 %: no cost in strength these runs could measure, so 8.

``strict`` (issue 31): the bot's budget is a hard limit here. At 0.1 s a decision it took 0.17 s on
average and up to 0.54 s against OpenSpiel's ISMCTS (whose random play grows hands to 40–60 cards),
because the hint search that lists the candidates, and the first batch of sampled lines, ran
before any clock could stop them. Now the candidates are listed within half the budget
(:func:`hints_until`), the lines within the rest, and a batch cut short is dropped.

>>> import time, chemgames
>>> g = chemgames.new_game("chemiekarten", players=2, seed=1, lang="en")
>>> [h.formula for h in hints_until(g, 3, time.process_time() + 60)] == [h.formula for h in g.hints(3)]
True
>>> hints_until(g, 3, time.process_time() - 1)  # the clock has run out: no hint
[]
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .hints import find_hints

if TYPE_CHECKING:
    from .hint import Hint
    from .rules import ChemieKartenspiel

#: the fields of ``chemgames.bots.search.Tuning`` this game sets (the others keep their defaults)
SEARCH: dict[str, Any] = dict(method="paired", candidates=5, rollout=2, scale=40.0, effort=0.5,
                              real_margin=8.0, strict=True)


def hints_until(game: "ChemieKartenspiel", limit: int, until: float) -> "list[Hint]":
    """The hints the search finds by ``until`` (``time.process_time()``), for the bot's clock: a hand
    that has grown to 40–60 cards takes the hint search tenths of a second, which no budget of 0.1 s
    survives (``hints.find_hints``; the attack phase's hints are the rules' own and cheap)."""
    if game.s_phase == "attack" or game.is_over:
        return list(game.hints(limit))  # the game's own hints: ChemieKartenspiel is Game[Hint]
    return find_hints(game, limit, until=until)
