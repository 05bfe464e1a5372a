"""The play page's element table (chemgames/lite/elementtable.py) against periodictable itself: each
symbol's facts as the stand-in gives them are the library's, and every element fact the games show
(``chemistry.elements``: number, atomic mass, state, density with its label) is the same with the
stand-in as with the library, which it never imports for them. Each run is a fresh interpreter, so
nothing of one is left in the other."""
from __future__ import annotations

import json
import subprocess
import sys

import periodictable

from chemgames.lite.elementtable import EXTRA, install, table, uninstall

def _facts(mode: str) -> dict:
    code = (
        "import json, sys\n"
        "from chemgames.lite import elementtable\n"
        "text = json.dumps(elementtable.table())\n"
        "symbols = list(json.loads(text)['symbols'])\n"
        "for name in [m for m in sys.modules if m == 'periodictable' or m.startswith('periodictable.')]:\n"
        "    del sys.modules[name]\n"  # table() imported the library: a student's start has none of it
        f"if {mode == 'stand-in'}:\n"
        "    assert elementtable.install(text)\n"
        "from chemgames.chemistry.elements import atomic_mass, element_facts, molar_mass\n"
        "from chemgames.core.errors import Error\n"
        "out = {}\n"
        "for s in symbols + ['Xx', '']:\n"
        "    try:\n"
        "        f = element_facts(s)\n"
        "        out[s] = [f.to_dict(), str(atomic_mass(s)), f.name, f.molar_mass, f.density_msg().render('de'),\n"
        "                  f.density_msg().render('en')]\n"
        "    except Error as e:\n"
        "        out[s] = ['Error', str(e)]\n"
        "out['H2SO4'] = molar_mass({'H': 2, 'S': 1, 'O': 4})\n"
        "real = sys.modules.get('periodictable')\n"
        "print(json.dumps({'facts': out, 'library imported': real is not None and not hasattr(real, 'STAND_IN')}))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_each_symbol_of_the_table_is_periodictables():
    made = table()
    assert made["source"] == f"periodictable {periodictable.__version__}"
    assert set(made["symbols"]) == {e.symbol for e in periodictable.elements} | set(EXTRA)
    assert len([s for s, row in made["symbols"].items() if 1 <= row[0] <= 118]) == 118 + 2  # with D and T
    real = {s: periodictable.elements.symbol(s) for s in made["symbols"]}
    saved = sys.modules.pop("periodictable")
    try:
        assert install(json.dumps(made))
        stand_in = sys.modules["periodictable"]
        for s, el in real.items():
            got = stand_in.elements.symbol(s)
            assert (got.number, got.name, got.mass, got.density) == (el.number, el.name, el.mass, el.density), s
        # any other name is the library's (and the library takes the stand-in's place)
        assert stand_in.formula("H2O").mass == periodictable.formula("H2O").mass
        assert not hasattr(sys.modules["periodictable"], "STAND_IN")
    finally:
        uninstall()
        sys.modules["periodictable"] = saved


def test_the_games_element_facts_are_the_same_with_the_stand_in_and_need_no_library():
    library, stand_in = _facts("library"), _facts("stand-in")
    assert library["library imported"] and not stand_in["library imported"]
    assert stand_in["facts"] == library["facts"]
    assert library["facts"]["Fe"][1] == "55.85" and library["facts"]["Xx"][0] == "Error"
    known = {s for s, v in library["facts"].items() if isinstance(v, list) and v[0] != "Error"}
    assert len(known) == 120 and {"D", "T"} <= known and "n" not in known  # as periodictable takes D and T
