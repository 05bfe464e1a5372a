"""What every card of the ChemiX box shows, as JSON-able data for the views: the face, and for a
compound card its layout, points and the name a student reads (from the substance reference,
``truth``, not the card data). Kept apart from ``cards`` (the box as data), which ``truth`` and
``layout`` build on."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from .cards import card_set
from .truth import display_name


@lru_cache(maxsize=4)
def _card_faces(lang: str) -> dict[str, dict[str, Any]]:
    cs = card_set()
    out: dict[str, dict[str, Any]] = {}
    for i in cs.all_ids():
        kind = cs.kind(i)
        d: dict[str, Any] = {"kind": kind, "face": cs.face(i)}
        if kind in ("element", "noble"):
            d["number"] = cs.atomic_number(cs.face(i))
        if kind == "compound":
            c = cs.compounds[i]
            d.update(layout=list(c.layout), points=c.points, name=display_name(i, lang, c.name[lang]), about=c.about[lang],
                     elements=sorted(c.elements))
        out[i] = d
    return out


def card_faces(lang: str) -> dict[str, dict[str, Any]]:
    """What every card of the box shows, by card id, as JSON-able data for views (a fresh copy).

    >>> f = card_faces("de")
    >>> f["H2O"]["name"], f["H2O"]["layout"], f["Rn"]["number"], f["x2.1"]
    ('Wasser', ['H', '2', 'O'], 86, {'kind': 'multiplier', 'face': '2'})
    """
    return {k: {**v, **({"layout": list(v["layout"]), "elements": list(v["elements"])} if "layout" in v else {})}
            for k, v in _card_faces(lang).items()}
