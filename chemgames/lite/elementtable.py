"""periodictable's element facts as a table, for the play page: the board without importing periodictable.

Every card face shows an element's number, atomic mass and density (``chemistry/elements.py``
reads them from ``periodictable.elements.symbol(...)``). Importing periodictable in Pyodide runs
its whole package (isotopes, densities, the formula parser, ...): 0.11-0.17 s of a warm start at
load 12 (``bench_lite.py --play-profile``), before the board. The site's build writes the four facts
of each symbol periodictable knows (:func:`table`, from the periodictable of the build, whose
version must be the site's: ``build.element_table``) into the play page's configuration; the
page's worker calls :func:`install`, which puts a stand-in ``periodictable`` into ``sys.modules``:
``elements.symbol(s)`` answers from the table, any other name imports the real periodictable and
is taken from it. The source (``periodictable <version>``) travels with the table;
``tests/lite/test_elementtable.py`` checks every fact against periodictable itself and the
chemistry's element facts with and without the stand-in. Elsewhere (a notebook, CPython) nothing
of this is used.

>>> t = table()
>>> t["source"].startswith("periodictable "), t["symbols"]["Fe"]
(True, [26, 'iron', 55.845, 7.874])
>>> import sys
>>> real = sys.modules.pop("periodictable", None)
>>> install(json.dumps(t))
True
>>> import periodictable
>>> fe = periodictable.elements.symbol("Fe")
>>> fe.number, fe.name, fe.mass, fe.density, periodictable.STAND_IN == t["source"]
(26, 'iron', 55.845, 7.874, True)
>>> periodictable.elements.symbol("Xx")
Traceback (most recent call last):
ValueError: unknown element Xx
>>> uninstall()
>>> _ = sys.modules.pop("periodictable", None); sys.modules.update({"periodictable": real} if real else {})
"""
from __future__ import annotations

import importlib
import importlib.util
import json
import sys
from dataclasses import dataclass
from types import ModuleType
from typing import Any

#: symbols ``periodictable.elements.symbol`` takes besides the 118 elements' (neutron, deuterium, tritium)
EXTRA = ("n", "D", "T")


def table() -> dict[str, Any]:
    """The installed periodictable's ``number``, ``name``, ``mass`` and ``density`` of every symbol
    it takes (JSON-able), with its ``source``."""
    import periodictable

    symbols = [e.symbol for e in periodictable.elements] + list(EXTRA)
    rows = {}
    for s in symbols:
        el = periodictable.elements.symbol(s)
        rows[s] = [int(el.number), str(el.name), float(el.mass), None if el.density is None else float(el.density)]
    return {"source": f"periodictable {periodictable.__version__}", "symbols": rows}


@dataclass(frozen=True)
class Element:
    """The facts of one symbol, under periodictable's names."""

    symbol: str
    number: int
    name: str
    mass: float
    density: float | None


class Elements:
    """``periodictable.elements`` as far as the games ask it: ``symbol(s)``."""

    def __init__(self, rows: dict[str, list[Any]]) -> None:
        self._rows = {s: Element(s, *row) for s, row in rows.items()}

    def symbol(self, input: str) -> Element:  # noqa: A002 - periodictable's own parameter name
        try:
            return self._rows[input]
        except (KeyError, TypeError):
            raise ValueError(f"unknown element {input}") from None


def install(text: str) -> bool:
    """Put the stand-in built from ``text`` (:func:`table` as JSON) into ``sys.modules`` as
    ``periodictable``; ``False`` (nothing done) when periodictable is imported already or the
    table is empty."""
    if "periodictable" in sys.modules or not text:
        return False
    data = json.loads(text)
    module = ModuleType("periodictable", "periodictable's element facts from a table (chemgames.lite.elementtable)")
    spec = importlib.util.find_spec("periodictable")  # a top-level spec: found without importing it
    module.__dict__.update(elements=Elements(data["symbols"]), STAND_IN=data["source"],
                           __path__=list(spec.submodule_search_locations or []) if spec else [],
                           __getattr__=_from_the_library)
    sys.modules["periodictable"] = module
    return True


def _from_the_library(name: str) -> Any:
    """Any other name: the real periodictable is imported (in the stand-in's place) and asked."""
    if name.startswith("__"):
        raise AttributeError(name)
    stand_in = sys.modules.pop("periodictable", None)
    try:
        real = importlib.import_module("periodictable")
    except ImportError:
        if stand_in is not None:
            sys.modules["periodictable"] = stand_in
        raise AttributeError(name) from None
    return getattr(real, name)


def uninstall() -> None:
    """The stand-in out of ``sys.modules`` (tests)."""
    if isinstance(sys.modules.get("periodictable"), ModuleType) and hasattr(sys.modules["periodictable"], "STAND_IN"):
        del sys.modules["periodictable"]
