"""The widgets' own texts: the front end's catalog and the refusal a message can meet. A leaf
module, so that the view (``base``) and the bot seats (``botui``) both use it without importing
each other."""
from __future__ import annotations

import json
from importlib import resources
from typing import Any

from ..core.i18n import Entry


def ui_catalog(lang: str) -> dict[str, Entry]:
    """The front end's strings in ``lang``: the shared ``chemgames/widgets/catalog/<lang>.json``
    merged with each game view's own ``catalog/<game>.<lang>.json``. An entry is a text or an object
    of CLDR plural forms, as in the Python catalogs (``chemgames.core.i18n``); ``translator()`` in
    ``widgets/shared/dom.js`` chooses the form with the browser's ``Intl.PluralRules``.

    >>> ui_catalog("en")["player"], ui_catalog("de")["player"]
    ('Player {n}', 'Spieler {n}')
    """
    folder = resources.files("chemgames.widgets").joinpath("catalog")
    data: dict[str, Entry] = json.loads(folder.joinpath(f"{lang}.json").read_text("utf-8"))
    for item in sorted(folder.iterdir(), key=lambda f: f.name):
        if item.name.endswith(f".{lang}.json"):
            data.update(json.loads(item.read_text("utf-8")))
    return data


class Refused(Exception):
    """A message that is refused with a catalog key (shown in the panel)."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params
