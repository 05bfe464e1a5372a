"""The contract between the engine and the layers above it (``core/contracts.py``, docs/architecture.md):
a view works on a local ``Game`` and on the class table's remote game alike, through the protocol
``PlayableGame``, never through a game's private names."""
from __future__ import annotations

import ast
import inspect
from pathlib import Path
from types import SimpleNamespace

import chemgames
from chemgames.core.contracts import PlayableGame
from chemgames.widgets.table import TableGame

PACKAGE = Path(chemgames.__file__).resolve().parent
# the layers that hold a game they did not make: views, the class-table client and server, bots, sheets
ABOVE_THE_ENGINE = ["widgets", "server", "bots", "worksheets", "record", "spiel", "tables.py", "tables_web.py"]
GAME_NAMES = {"game", "self.game", "w.game", "widget.game", "self._game", "table.game"}


def _members(proto: type) -> list[str]:
    return sorted(n for n in vars(proto) if not n.startswith("_"))


def _remote() -> SimpleNamespace:
    return SimpleNamespace(id="chromino", players=2, current_player=0, is_over=False, version=3, seat=0, lang="de",
                           view=lambda: {"log": []}, waits=False)


def test_the_table_game_keeps_the_contract():
    """Every member of ``PlayableGame`` is on the table's game, and each method takes the protocol's
    parameters by the protocol's names (``view(player, lang)``, ``undo()``)."""
    game = TableGame(_remote())  # type: ignore[arg-type]
    assert isinstance(game, PlayableGame)
    for name in _members(PlayableGame):
        wanted = getattr(PlayableGame, name)
        if isinstance(wanted, property):
            continue
        got = inspect.signature(getattr(TableGame, name))
        for param in list(inspect.signature(wanted).parameters.values())[1:]:
            assert param.name in got.parameters, f"TableGame.{name} lacks {param.name}"


def test_the_table_game_never_undoes():
    """A move at a table is final: ``undo`` says so with the error every game raises."""
    game = TableGame(_remote())  # type: ignore[arg-type]
    assert not game.can_undo()
    try:
        game.undo()
    except chemgames.NothingToUndo:
        pass
    else:
        raise AssertionError("undo at a table")


def test_a_local_game_keeps_the_contract():
    game = chemgames.new_game("raeumab", players=2, seed=3, lang="en")
    assert isinstance(game, PlayableGame)
    _ = game.apply(game.legal_actions()[0])
    assert game.visible_log(1, 1) == game.visible_log(1)[-1:]


def _private_reads(path: Path) -> list[str]:
    out = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                and ast.unparse(node.value) in GAME_NAMES):
            out.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {ast.unparse(node)}")
    return out


def test_no_layer_above_the_engine_reads_a_private_name_of_a_game():
    """A view, the table client, a bot reach a game through the public API (``PlayableGame``,
    ``Game``'s methods without a leading underscore): a private name is the engine's to change."""
    files = [f for part in ABOVE_THE_ENGINE for f in ((PACKAGE / part).rglob("*.py") if (PACKAGE / part).is_dir()
                                                      else [PACKAGE / part])]
    assert len(files) > 40
    assert [r for f in files for r in _private_reads(f)] == []
