"""The search bot prefers real substances: a teaching tool should not make inventions the advice.

In Das Chemie-Kartenspiel any charge-balanced set of cards may be laid, and the compounds worth
the most points are mostly inventions (issue 25). The search bot ranks its candidates by what they
bring in sampled games; with a ``real_margin`` (points, set per game in its ``strategy.py``) it
makes the best *real* substance among them whenever that one's mean lead is at most
``real_margin`` points below the mean lead of the move it would otherwise make, and that move is a
compound allowed only by the game's rule (passing is no invention and is never overruled). The cost
in strength is measured in ``bench/bench_chemiekarten_real.py`` (the preferring bot against the
same bot without the preference, seeds alternated).

A candidate is real when its hint's ``label`` is ``"known"`` (a substance that exists, built as it
is) and an invention when its hint says ``game_only`` (Das Chemie-Kartenspiel's ``Hint``); games
whose hints say neither are never changed.

>>> from types import SimpleNamespace as H
>>> hints = [H(label="game_only", game_only=True), H(label="known", game_only=False), None]
>>> prefer_real(hints, means=[12.0, 9.5, -2.0], best=0, margin=3.0)
1
>>> prefer_real(hints, means=[12.0, 8.5, -2.0], best=0, margin=3.0)  # 3.5 points below: too dear
0
"""
from __future__ import annotations

import math
from typing import Any, Sequence


def is_real(hint: Any) -> bool:
    """Is the candidate a substance that exists, built as it is?"""
    return hint is not None and getattr(hint, "label", None) == "known"


def is_invention(hint: Any) -> bool:
    """Is the candidate a compound allowed only by the game's rule (no substance, or another
    substance than the real one of its composition)?"""
    return hint is not None and getattr(hint, "game_only", False) is True


def best_real(hints: Sequence[Any], means: Sequence[float]) -> int | None:
    """The real candidate with the best mean lead among those sampled (ties: the earlier).

    >>> from types import SimpleNamespace as H
    >>> best_real([H(label="known"), H(label="known"), None], [1.0, 2.0, 5.0]), best_real([None], [0.0])
    (1, None)
    """
    live = [j for j, h in enumerate(hints) if j < len(means) and is_real(h) and math.isfinite(means[j])]
    return max(live, key=lambda j: (means[j], -j)) if live else None


def prefer_real(hints: Sequence[Any], means: Sequence[float], best: int, margin: float) -> int:
    """The candidate to make: ``best``, or the best real substance if ``best`` is an invention and
    the real one's mean lead is at most ``margin`` points lower (``margin`` ≤ 0: never)."""
    if margin <= 0 or best >= len(hints) or not is_invention(hints[best]) or not math.isfinite(means[best]):
        return best
    real = best_real(hints, means)
    if real is not None and means[real] >= means[best] - margin:
        return real
    return best


__all__ = ["best_real", "is_invention", "is_real", "prefer_real"]
