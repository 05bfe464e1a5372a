"""mendeleev's periodic table, read once a test process from its tables.

``mendeleev.element(symbol)`` loads every table related to the element (isotopes, scattering factors,
ionic radii …) and took 1.5–2.5 s a call at load 5 (session 17): the four test files that called it
took 74–97 s of worker time, 19–33 s with this table and its check (notes s17h).
``mendeleev.fetch.fetch_table`` reads the same database's tables in 0.1 s in all, so the tests read the
values they need from here: the same source, the same columns (``Element.series`` is the name of the
row of ``series`` its ``series_id`` points to, ``Element.oxistates`` the sorted states of category
"main" in ``oxidationstates``). ``tests/test_mendeleev_table.py`` checks that against
``element()`` itself.

>>> ne = elements()["Ne"]
>>> ne.atomic_number, ne.name, ne.group_id, ne.series, ne.oxistates
(10, 'Neon', 18, 'Noble gases', [])
>>> elements()["Fe"].series, elements()["Fe"].oxistates
('Transition metals', [2, 3])
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple


class Element(NamedTuple):
    """The columns of an element the tests read (named as ``mendeleev.element``'s attributes)."""

    symbol: str
    atomic_number: int
    name: str
    group_id: int | None  # None for the lanthanides and actinides
    period: int
    series: str
    oxistates: list[int]  # main oxidation states, sorted


@lru_cache(maxsize=1)
def elements() -> dict[str, Element]:
    """symbol -> the element's row, for every element mendeleev knows."""
    from mendeleev.fetch import fetch_table

    series = fetch_table("series").set_index("id")["name"].to_dict()
    ox = fetch_table("oxidationstates")
    main: dict[int, list[int]] = {}
    for z, state, category in zip(ox.atomic_number, ox.oxidation_state, ox.category):
        if category == "main":
            main.setdefault(int(z), []).append(int(state))
    out = {}
    for row in fetch_table("elements").itertuples():
        z = int(row.atomic_number)
        group = None if row.group_id is None or math.isnan(row.group_id) else int(row.group_id)
        out[row.symbol] = Element(row.symbol, z, row.name, group, int(row.period), series.get(row.series_id, ""),
                                  sorted(main.get(z, [])))
    return out
