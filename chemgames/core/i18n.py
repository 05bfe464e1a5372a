"""Message catalogs: every user-facing text comes from a JSON catalog per language.

Catalogs live in ``chemgames/catalog/<lang>.json`` (shared texts) and in
``chemgames/games/<game>/catalog/<lang>.json`` (a game's texts).

>>> tr("en", "core.game_over")
'The game is over.'
>>> tr("de", "core.game_over")
'Das Spiel ist vorbei.'
"""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

LANGS = ("de", "en")


@lru_cache(maxsize=None)
def _load(package: str, lang: str) -> dict[str, str]:
    try:
        text = resources.files(package).joinpath("catalog", f"{lang}.json").read_text("utf-8")
    except FileNotFoundError:
        return {}
    data: dict[str, str] = json.loads(text)
    return data


def register_catalog(package: str) -> None:
    """Make a game package's catalog known (called by the game's module on import)."""
    if package not in _PACKAGES:
        _PACKAGES.append(package)
        _merged.cache_clear()


_PACKAGES: list[str] = ["chemgames"]


@lru_cache(maxsize=None)
def _merged(lang: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for package in _PACKAGES:
        out.update(_load(package, lang))
    return out


def check_lang(lang: str) -> str:
    """Return ``lang`` if a catalog exists for it, else raise ``ValueError``."""
    if lang not in LANGS:
        raise ValueError(lang)
    return lang


def tr(lang: str, key: str, **kwargs: Any) -> str:
    """The text for ``key`` in ``lang``, formatted with ``kwargs``.

    Falls back to English, then to the key itself, so a missing entry is visible but not fatal.
    With one whole-number parameter equal to 1, the entry ``<key>_one`` is used if there is one:

    >>> tr("en", "core.points", points=1), tr("de", "core.points", points=1), tr("de", "core.points", points=2)
    ('1 point', '1 Punkt', '2 Punkte')
    """
    ints = [v for v in kwargs.values() if isinstance(v, int) and not isinstance(v, bool)]
    if len(ints) == 1 and ints[0] == 1 and (_merged(lang).get(f"{key}_one") or _merged("en").get(f"{key}_one")):
        key = f"{key}_one"  # the singular, where a catalog has one ("1 point", not "1 points")
    template = _merged(lang).get(key) or _merged("en").get(key) or key
    if kwargs:
        try:
            return template.format(**kwargs)
        except (KeyError, IndexError, ValueError):
            return template
    return template


def keys(lang: str) -> set[str]:
    """Every key in ``lang``'s merged catalog (for the tests that compare languages)."""
    return set(_merged(lang))
