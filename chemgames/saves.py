"""Save files a teacher can find: one file a game in ``chemgames-saves/`` (beside the notebook, or
where ``$CHEMGAMES_SAVES`` points), written atomically after every completed turn by the widgets.

A save holds the whole game, every hand and the order of the piles: it is the teacher's, not a
thing to hand to students (see ``chemgames.core.savekey`` for how an edited one is refused).

>>> import os, tempfile, chemgames
>>> os.environ["CHEMGAMES_SAVES"] = tempfile.mkdtemp()
>>> g = chemgames.new_game("chromino", players=2, seed=48213, lang="de")
>>> path = write_save(g, save_path(g, started=datetime(2026, 11, 23, 9, 5)))
>>> path.name
'chromino-2026-11-23-0905-nr48213.json'
>>> [(s.game, s.seed, s.over) for s in saves()]
[('chromino', 48213, False)]
>>> saves()[0].load().to_json() == g.to_json()
True
"""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from .core.registry import load_game

if TYPE_CHECKING:
    from .core.game import Game

FOLDER = "chemgames-saves"


def saves_folder() -> Path:
    """Where saves go: ``$CHEMGAMES_SAVES`` or ``chemgames-saves/`` in the working folder (the
    notebook's folder in JupyterLab; the browser's storage in the JupyterLite site)."""
    return Path(os.environ.get("CHEMGAMES_SAVES") or FOLDER)


def save_path(game: "Game", started: datetime | None = None) -> Path:
    """The file of ``game``: its id, the date and time it started and its number (the seed), so a
    teacher finds it and can deal the same game again with ``seed=``."""
    started = started or datetime.now()
    return saves_folder() / f"{game.id}-{started:%Y-%m-%d-%H%M}-nr{game.seed}.json"


def write_save(game: "Game", path: Path) -> Path:
    """Write ``game.to_json()`` to ``path`` atomically (a temporary file in the same folder, then
    ``os.replace``): a crash mid-write leaves the previous save whole."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = game.to_json()
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".saving-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


@dataclass(frozen=True)
class SaveInfo:
    """One save in the folder: what a teacher needs to pick it (``load()`` rebuilds the game)."""

    path: Path
    game: str
    seed: int
    players: int
    moves: int
    over: bool
    modified: datetime

    def load(self) -> "Game":
        return load_game(self.path.read_text(encoding="utf-8"))

    def __str__(self) -> str:
        state = "over" if self.over else "running"
        return f"{self.path.name}: {self.game}, game no. {self.seed}, {self.players} players, {self.moves} moves, {state}"


def _info(path: Path) -> SaveInfo | None:
    """What the file says of itself, read without replaying it (fast for a folder of long games);
    ``SaveInfo.load()`` replays and checks it."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        fields = (data["game"], data["seed"], data["players"], data["actions"], data.get("over", False))
        modified = datetime.fromtimestamp(path.stat().st_mtime)
    except (OSError, ValueError, RecursionError, TypeError, KeyError):
        return None  # not a save of ours: listed by nobody
    game, seed, players, actions, over = fields
    if not (isinstance(game, str) and isinstance(seed, int) and isinstance(players, int) and isinstance(actions, list)):
        return None
    return SaveInfo(path, game, seed, players, len(actions), bool(over), modified)


def saves(game: str | None = None, folder: Path | str | None = None) -> list[SaveInfo]:
    """The saves in ``folder`` (default :func:`saves_folder`), newest first; ``game`` keeps one
    game's. Files that are not saves are left out; a damaged or edited save is listed, and its
    ``load()`` raises ``SaveFileError`` saying why."""
    where = Path(folder) if folder is not None else saves_folder()
    if not where.is_dir():
        return []
    found = [i for p in where.glob("*.json") if not p.name.startswith(".") and (i := _info(p)) is not None]
    found = [i for i in found if game is None or i.game == game]
    return sorted(found, key=lambda i: (i.modified, i.path.name), reverse=True)


def latest_unfinished(game: str, folder: Path | str | None = None) -> SaveInfo | None:
    """The newest save of ``game`` that has not ended (what "resume" continues), or ``None``."""
    return next((i for i in saves(game, folder) if not i.over), None)
