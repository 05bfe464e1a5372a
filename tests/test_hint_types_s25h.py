"""``Game`` is generic in its hint type (s25h): a game names its own hint class (``class ChemieKartenspiel(
Game[Hint])``), ``hints()`` returns it, and a caller reads the game's own fields (a chemistry hint's ``label``, a
ChemiX turn's ``dissolve``) without the ``cast`` that ``chemiekarten/strategy.py`` needed. A bare ``Game`` is
``Game[Hint]`` with the core protocol (PEP 696's default, for the checker), so no annotation elsewhere changes, and a
game's own field is still an error there. The check runs mypy on a few lines against this checkout (a few seconds)."""
from __future__ import annotations

import re
from pathlib import Path

from mypy_snippet import ROOT, run_mypy

SNIPPET = """
from chemgames.core.game import Game
from chemgames.games.chemiekarten.rules import ChemieKartenspiel
from chemgames.games.chemix.rules import ChemiXClassic
from chemgames.games.metallurgie.rules import Metallurgie


def caller(g: Game, ck: ChemieKartenspiel, cx: ChemiXClassic, mt: Metallurgie) -> None:
    reveal_type(g.hints(1))
    reveal_type(ck.hints(1)[0])
    reveal_type(cx.hints(1)[0])
    reveal_type(mt.hints(1)[0])
    print(ck.hints(1)[0].label, cx.hints(1)[0].dissolve)
    print(g.hints(1)[0].label)                       # line 14: the protocol has no label
    games: list[Game] = [ck, cx, mt]                 # every game is a Game
"""


def test_a_games_hints_are_its_own_hint_class(tmp_path: Path) -> None:
    said = run_mypy(tmp_path, SNIPPET)
    revealed = re.findall(r'caller\.py:(\d+): note: Revealed type is "([^"]+)"', said)
    assert revealed == [("9", "typing.Sequence[chemgames.core.contracts.Hint]"),
                        ("10", "chemgames.games.chemiekarten.hint.Hint"),
                        ("11", "chemgames.games.chemix.hint.Hint"),
                        ("12", "chemgames.games.metallurgie.hint.Hint")], said
    errors = re.findall(r"caller\.py:(\d+): error: (.*)", said)
    assert [line for line, _ in errors] == ["14"] and '"label"' in errors[0][1], said


def test_the_strategy_reads_the_hints_without_a_cast() -> None:
    source = (ROOT / "chemgames" / "games" / "chemiekarten" / "strategy.py").read_text("utf-8")
    assert "cast(" not in source
