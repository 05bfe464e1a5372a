"""Names that look alike: the skeleton of Unicode's confusables (UTS #39, section 4, "Confusable
Detection"), so a student cannot sit at a table as a classmate's name spelt with letters of other
scripts (Cyrillic "а" for Latin "a", Greek "Α" for "A") and be taken for them on the dashboard.

The data is Unicode's ``confusables.txt`` as the package ``confusable_homoglyphs`` (MIT, on PyPI,
the ``server`` extra) ships it: a JSON file that lists, for every character of a set of look-alikes,
the others of that set. ``confusables.txt`` maps each character to one prototype (a character or a
short sequence, "rn" for "m"); the package lists the pairs both ways, so the prototype is found as
the set's centre: the one sequence of several characters, else the character every other one maps
to. (A set of two single characters has no centre to tell: either stands for both, which gives the
same answer, whether two names look alike.) ``skeleton(x) == skeleton(y)`` exactly when
UTS #39 calls ``x`` and ``y`` confusable.

>>> skeleton("Ada") == skeleton("\\u0410d\\u0430"), skeleton("Ada") == skeleton("Adam")
(True, False)
>>> skeleton("m") == skeleton("rn"), skeleton("Jörg") == skeleton("Jorg")
(True, False)
"""
from __future__ import annotations

import json
import logging
import unicodedata
from functools import lru_cache
from importlib import resources

_MARKS = "\u200e\u200f"  # the package wraps right-to-left characters in direction marks: not part of them


@lru_cache(maxsize=1)
def prototypes() -> dict[str, str]:
    """Every character of the confusables data with the sequence that stands for its set (read once,
    some 50 ms: at a student's first join, never at import)."""
    try:
        text = resources.files("confusable_homoglyphs").joinpath("confusables.json").read_text("utf-8")
    except (ModuleNotFoundError, OSError):  # an install without the server extra's package: a lesson still runs
        logging.getLogger("chemgames.server").warning(
            "look-alike names are not told apart: install the package confusable-homoglyphs (pip install 'chemgames[server]')")
        return {}
    near: dict[str, set[str]] = {}
    for key, others in json.loads(text).items():
        a = key.strip(_MARKS)
        for other in others:
            b = other["c"].strip(_MARKS)
            if a and b and a != b:
                near.setdefault(a, set()).add(b)
                near.setdefault(b, set()).add(a)
    out: dict[str, str] = {}
    for start in near:
        if start in out:
            continue
        group, todo = {start}, [start]
        while todo:
            for other in near[todo.pop()]:
                if other not in group:
                    group.add(other)
                    todo.append(other)
        centre = min(group, key=lambda s: (len(s) == 1, -len(near[s]), s))  # a sequence, else the hub
        for member in group:
            out[member] = centre
    # a prototype of several characters is written in the prototypes of its characters: "rn" stays
    # "rn" whichever of a pair stands for "r"
    for member, centre in out.items():
        if len(centre) > 1:
            out[member] = "".join(out.get(c, c) if len(out.get(c, c)) == 1 else c for c in centre)
    return {k: v for k, v in out.items() if len(k) == 1}


def skeleton(text: str) -> str:
    """UTS #39's skeleton: NFD, each character by its set's prototype, NFD again.

    >>> skeleton("\\u0391\\u0441\\u0435") == skeleton("Ace")  # Greek Alpha, Cyrillic es and ie
    True
    """
    table = prototypes()
    return unicodedata.normalize("NFD", "".join(table.get(c, c) for c in unicodedata.normalize("NFD", text)))
