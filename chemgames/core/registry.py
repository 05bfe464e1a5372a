"""The game registry: ids, titles and the module that holds each engine (imported lazily)."""
from __future__ import annotations

import importlib
import json
from dataclasses import dataclass
from typing import Any

from .action import MalformedAction
from .errors import IllegalAction, OptionError, SaveFileError
from .game import LOG_IN_VIEW, SAVE_FORMAT, SAVE_VERSION, Game, signed_blob
from .i18n import LANGS, tr


@dataclass(frozen=True)
class GameInfo:
    """One available game: its id, its titles and the player counts it allows."""

    id: str
    title: str
    titles: dict[str, str]
    min_players: int
    max_players: int


# id -> (module, class name, German title, English title, players)
_GAMES: dict[str, tuple[str, str, str, str, tuple[int, int]]] = {
    "chemiekarten": ("chemgames.games.chemiekarten.rules", "ChemieKartenspiel",
                     "Das Chemie-Kartenspiel", "The Chemistry Card Game", (2, 6)),
    "raeumab": ("chemgames.games.raeumab.rules", "RaeumAb", "Räum-Ab! (1x1-Mahjong)", "Räum-Ab! (times-table mahjong)", (1, 4)),
    "chemuno": ("chemgames.games.chemuno.rules", "Chemuno", "Chemuno", "Chemuno", (2, 4)),
    "chemix": ("chemgames.games.chemix.rules", "ChemiXClassic", "ChemiX Classic", "ChemiX Classic", (2, 4)),
    "metallurgie": ("chemgames.games.metallurgie.rules", "Metallurgie", "Metallurgie", "Metallurgie", (2, 4)),
    "chromino": ("chemgames.games.chromino.rules", "Chromino", "Chromino", "Chromino", (1, 8)),
}


def games(lang: str = "en") -> list[GameInfo]:
    """The available games.

    >>> "chemiekarten" in [g.id for g in games()]
    True
    """
    return [GameInfo(gid, de if lang == "de" else en, {"de": de, "en": en}, lo, hi)
            for gid, (_, _, de, en, (lo, hi)) in _GAMES.items()]


def game_class(game_id: str, lang: str = "en") -> type[Game]:
    if game_id not in _GAMES:
        raise OptionError(tr(lang if lang in LANGS else "en", "core.unknown_game", value=game_id,
                             known=", ".join(_GAMES)))
    module, name = _GAMES[game_id][:2]
    cls: type[Game] = getattr(importlib.import_module(module), name)
    return cls


def new_game(game_id: str, players: int = 2, seed: int | None = None, lang: str = "de", **options: Any) -> Game:
    """Start a game.

    >>> g = new_game("chemiekarten", players=3, seed=7, lang="en", dealer=2)
    >>> g.current_player
    0
    """
    return game_class(game_id, lang)(players=players, seed=seed, lang=lang, **options)


MAX_SAVE = 50_000_000  # characters; a save of a very long game is well under 1 MB


def load_game(text: str | bytes) -> Game:
    """Rebuild a game from ``Game.to_json()``; raise :class:`SaveFileError` for a damaged or edited
    file (never another error): the set-up is rebuilt from the seed and the options, every action is
    checked by the rules as it is replayed, and the result must match the saved fingerprint.

    >>> load_game("[" * 100000 + "]" * 100000)
    Traceback (most recent call last):
    ...
    chemgames.core.errors.SaveFileError: The save file is damaged or truncated (...) / ...
    """
    def fail(key: str, **kw: Any) -> SaveFileError:
        return SaveFileError(tr("en", key, **kw) + " / " + tr("de", key, **kw))

    if not isinstance(text, (str, bytes)):
        raise fail("save.not_text")
    if len(text) > MAX_SAVE:
        raise fail("save.too_big", size=len(text))
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as exc:
        raise fail("save.bad_json", detail=str(exc)[:80]) from None
    except RecursionError:
        raise fail("save.bad_json", detail="nested too deeply") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise fail("save.not_ours")
    if data.get("version") != SAVE_VERSION:
        raise fail("save.bad_version", value=str(data.get("version"))[:20])
    required = {"game": str, "players": int, "seed": int, "lang": str, "options": dict, "actions": list, "digest": str}
    for key, kind in required.items():
        if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
            raise fail("save.missing", field=key)
    try:
        cls = game_class(data["game"])
    except OptionError as exc:
        raise fail("save.bad_setup", detail=str(exc)) from None
    rules = data.get("rules", 1)
    if not isinstance(rules, int) or isinstance(rules, bool) or rules != cls.rules_version:
        raise fail("save.rules_version", game=data["game"], value=str(rules)[:20], have=cls.rules_version)
    used = [name for name in cls.position_options if data["options"].get(name) not in (None, False)]
    if used:
        from .savekey import verify

        if not verify(signed_blob(data), data.get("signature")):
            raise fail("save.unsigned_position", names=", ".join(used))
    try:
        game = cls(players=data["players"], seed=data["seed"], lang=data["lang"], **data["options"])
    except Exception as exc:  # noqa: BLE001 - whatever an edited option breaks, the answer is the same
        raise fail("save.bad_setup", detail=f"{type(exc).__name__}: {str(exc)[:120]}") from None
    # the fast path replays all but the last actions; those are explained now, as a view shows them
    explain_from = len(data["actions"]) - LOG_IN_VIEW
    for number, obj in enumerate(data["actions"], start=1):
        try:
            game.apply(game.action_from_json(obj), explain=number > explain_from)
        except (MalformedAction, IllegalAction) as exc:
            raise fail("save.bad_action", number=number, detail=str(exc)[:120]) from None
        except Exception as exc:  # noqa: BLE001 - an edited action the engine did not foresee
            raise fail("save.bad_action", number=number, detail=f"{type(exc).__name__}: {str(exc)[:100]}") from None
    if game.digest() != data["digest"]:
        raise fail("save.digest")
    return game
