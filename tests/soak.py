"""How many random games a property test plays.

The full soak (1000 games a game, about 1200 for Räum-Ab!) runs from ``bench/bench_soak.py``, which
sets ``CHEMGAMES_SOAK=full`` and prints how long each game's soak takes. The test run of CI plays a
share of it, a quarter unless the variant names its own (``ci_share``: smaller where the games' rule
and harness coverage is complete long before, see ``tests/conformance.py``; each chunk plays the
first games of its own range of seeds, so the seeds stay spread over the whole range), so the whole
of ``tests/run-all.sh`` stays within its time on two cores. ``CHEMGAMES_SOAK`` may also be a fraction
(``0.5``), which then holds for every variant.

>>> soak_games(1000, "full"), soak_games(1000, "0.1"), soak_games(1000, ""), soak_games(1000, "", 0.1)
(1000, 100, 250, 100)
"""
from __future__ import annotations

import os

CI_SHARE = 0.25


def soak_games(full: int, setting: str | None = None, ci_share: float = CI_SHARE) -> int:
    """The games to play out of ``full``: all of them for the full soak, else CI's share (``ci_share``
    unless ``setting`` is a fraction; at least 20). ``setting`` is ``CHEMGAMES_SOAK`` unless given."""
    value = (os.environ.get("CHEMGAMES_SOAK", "") if setting is None else setting).strip().lower()
    if value == "full":
        return full
    try:
        share = float(value) if value else ci_share
    except ValueError:
        raise ValueError(f"CHEMGAMES_SOAK must be 'full' or a fraction, not {value!r}") from None
    return max(20, round(full * min(max(share, 0.0), 1.0)))
