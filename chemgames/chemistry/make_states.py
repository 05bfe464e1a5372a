"""Write ``data/states.json``: each element's state at 0 °C and 1013 hPa, from mendeleev's melting
and boiling points (at 101.325 kPa), and how many atoms its gas molecule has.

Run ``python -m chemgames.chemistry.make_states`` with mendeleev installed (the ``test`` extra);
the games read only the file, so a JupyterLite site needs neither mendeleev nor its database.
``tests/test_element_facts.py`` checks that the file matches the installed mendeleev.

>>> state_at(273.15, melting=13.99, boiling=20.27), state_at(273.15, melting=234.3, boiling=629.8)
('gas', 'liquid')
>>> state_at(273.15, melting=None, boiling=4098.15), state_at(273.15, melting=None, boiling=None)
('solid', 'unknown')
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ZERO_CELSIUS = 273.15  # K
OUT = Path(__file__).with_name("data") / "states.json"


def state_at(kelvin: float, melting: float | None, boiling: float | None) -> str:
    """The state at ``kelvin`` and normal pressure from the melting and boiling points (K); an
    element without a melting point that boils far above (carbon sublimes) counts as solid."""
    if boiling is not None and boiling <= kelvin:
        return "gas"
    if melting is not None:
        return "liquid" if melting <= kelvin else "solid"
    if boiling is not None:
        return "solid"
    return "unknown"


def table() -> dict[str, Any]:
    """The file's content, from the installed mendeleev's tables (elements, phase transitions);
    an element with several allotropes (P, S, Sn) takes the lowest melting and boiling points."""
    import math

    import mendeleev
    from mendeleev.fetch import fetch_table

    def value(x: Any) -> float | None:
        return None if x is None or isinstance(x, float) and math.isnan(x) else round(float(x), 2)

    elements = fetch_table("elements").set_index("atomic_number")
    points: dict[int, list[tuple[float | None, float | None]]] = {}
    for row in fetch_table("phasetransitions").itertuples():
        points.setdefault(int(row.atomic_number), []).append((value(row.melting_point), value(row.boiling_point)))
    out = {}
    for z in range(1, 119):
        rows = points.get(z, [])
        melting = min((m for m, _ in rows if m is not None), default=None)
        boiling = min((b for _, b in rows if b is not None), default=None)
        state = state_at(ZERO_CELSIUS, melting, boiling)
        # noble gases (group 18) are single atoms; every other element that is a gas at 0 °C forms X₂
        atoms = (1 if elements.at[z, "group_id"] == 18 else 2) if state == "gas" else None
        out[str(elements.at[z, "symbol"])] = {"state": state, "gas_atoms": atoms, "melting_point_K": melting,
                                              "boiling_point_K": boiling}
    return {"source": f"mendeleev {mendeleev.__version__}: melting and boiling points at 101.325 kPa",
            "conditions": "0 °C (273.15 K), 1013 hPa", "elements": out}


def main() -> None:
    OUT.parent.mkdir(exist_ok=True)
    data = table()
    rows = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in data.pop("elements").items())
    head = "".join(f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False)},\n" for k, v in data.items())
    OUT.write_text("{\n" + head + '"elements": {\n' + rows + "\n}}\n", "utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
