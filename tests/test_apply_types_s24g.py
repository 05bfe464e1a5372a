"""``Game.apply`` is typed per call (``@overload``): the ordinary path returns an ``Explanation``, the fast
path (``explain=False``) ``None``, and the contract's ``PlayableGame.apply`` an ``ExplanationLike`` or
``None`` (a table reached through the browser's transport answers later, as a message). So mypy checks
the callers: none of the ordinary path needs an ``is not None`` test or an ``assert``, and a caller that
reads the fast path's explanation is an error, not a crash in a classroom. ``copy`` and ``redeal_hidden``
return the game's own class (``Self``): no ``isinstance`` after a copy.

The check runs mypy on a few lines against this checkout's ``chemgames`` (a few seconds)."""
from __future__ import annotations

import re
from pathlib import Path

from mypy_snippet import run_mypy

SNIPPET = """
from chemgames.core.contracts import PlayableGame
from chemgames.core.game import Game


def caller(g: Game, p: PlayableGame, flag: bool) -> None:
    a = g.legal_actions()[0]
    reveal_type(g.apply(a))
    reveal_type(g.apply(a, explain=True))
    reveal_type(g.apply(a, explain=False))
    reveal_type(g.apply(a, flag))
    reveal_type(p.apply(a))
    print(g.apply(a).ok)                    # no None to rule out first
    print(g.apply(a, explain=False).ok)     # line 14: the fast path has no explanation


class Mine(Game):
    pass


def copier(m: Mine) -> None:
    reveal_type(m.copy())                   # line 22: a copy is of the game's own class
    reveal_type(m.redeal_hidden(0, m.rng))  # line 23
"""


def _mypy(tmp_path: Path) -> str:
    return run_mypy(tmp_path, SNIPPET)


def test_apply_is_typed_per_path(tmp_path: Path) -> None:
    said = _mypy(tmp_path)
    revealed = re.findall(r'caller\.py:(\d+): note: Revealed type is "([^"]+)"', said)
    assert revealed == [
        ("8", "chemgames.core.explanation.Explanation"),
        ("9", "chemgames.core.explanation.Explanation"),
        ("10", "None"),
        ("11", "chemgames.core.explanation.Explanation | None"),
        ("12", "chemgames.core.contracts.ExplanationLike | None"),
        ("22", "caller.Mine"),
        ("23", "caller.Mine"),
    ], said
    errors = re.findall(r"caller\.py:(\d+): error: (.*)", said)
    assert [line for line, _ in errors] == ["14"], said
    assert '"None" has no attribute "ok"' in errors[0][1], said
