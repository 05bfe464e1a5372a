"""A salt known only dissolved names a solid hydrate only where one is known (review s22c).

The sentence for such salts said "(ein Salz auch als Hydrat)" of every one, so KClO, NaHSO3 and Ca(HSO3)2 were said
to be kept as hydrates that no source names (G&E: potassium hypochlorite and sodium hydrogensulfite only in solution).
The check is against the CRC Handbook's table as shipped in ``chemicals`` (``CRC_inorganic_data``): it lists
"Sodium hypochlorite pentahydrate" and "Potassium triiodide monohydrate", and no hydrate of the other salts.
"""
from __future__ import annotations

import re

import pytest

_HYDRATE_WORD = re.compile(r"(mono|di|tri|tetra|penta|hexa|hepta|octa|nona|deca|dodeca|)hydrate$", re.I)


def _crc_hydrates() -> dict[str, str]:
    """CRC row name without its water -> the row ('sodium hypochlorite' -> 'Sodium hypochlorite pentahydrate')."""
    from chemicals.miscdata import CRC_inorganic_data

    found = {}
    for name in CRC_inorganic_data["Chemical"]:
        base, _sp, last = str(name).rpartition(" ")
        if base and _HYDRATE_WORD.fullmatch(last):
            found[base.lower()] = str(name)
    return found


def _plain_salts() -> list[str]:
    """The salts known only in water whose note is the plain sentence or the hydrate one (not a medium of its own)."""
    from chemgames.chemistry.substances import reference, substance

    out = []
    for key in reference()["solution_only"]:
        s = substance(key, lang="en")
        if "acid" not in (s.name or "") and " can be kept only dissolved in water" in (s.note or ""):
            out.append(key)
    return out


def test_the_plain_salts_are_the_ones_of_the_review() -> None:
    from chemgames.chemistry.substances import substance

    assert {substance(k).formula for k in _plain_salts()} >= {"KClO", "NaClO", "KI3", "NaHSO3", "Ca(HSO3)2"}


@pytest.mark.parametrize("lang, word", [("de", "Hydrat"), ("en", "hydrate")])
def test_a_salt_known_only_in_water_names_a_hydrate_exactly_when_the_crc_lists_one(lang: str, word: str) -> None:
    from chemgames.chemistry.substances import substance

    crc = _crc_hydrates()
    for key in _plain_salts():
        name = substance(key, lang="en").name or ""
        note = substance(key, lang=lang).note or ""
        assert (word in note) == (name.lower() in crc), (name, crc.get(name.lower()), note)
