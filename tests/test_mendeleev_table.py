"""``tests/mendeleev_table.py`` reads what ``mendeleev.element()`` gives: the same values for a noble gas
(group 18, no main oxidation state) and a lanthanide (no group, two main oxidation states), so the
tests that read the table instead of calling ``element()`` (1–2.5 s a call under load) check against the
same source."""
from __future__ import annotations

import pytest

from mendeleev_table import elements


@pytest.mark.parametrize("symbol", ["Ne", "Ce"])
def test_the_table_reads_what_element_gives(symbol):
    mendeleev = pytest.importorskip("mendeleev")
    e = mendeleev.element(symbol)
    row = elements()[symbol]
    assert row == (e.symbol, e.atomic_number, e.name, e.group_id, e.period, e.series, e.oxistates)


def test_every_element_is_read_once():
    pytest.importorskip("mendeleev")
    table = elements()
    assert len(table) == 118 and sorted(e.atomic_number for e in table.values()) == list(range(1, 119))
    assert {e.series for e in table.values()} >= {"Noble gases", "Alkali metals", "Transition metals", "Actinides"}
    assert table is elements()  # read once a process
