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
        symbol = str(elements.at[z, "symbol"])
        out[symbol] = {"state": state, "gas_atoms": atoms, "melting_point_K": melting, "boiling_point_K": boiling}
        out[symbol].update(densities(symbol, state, atoms))
    import chemicals

    return {"source": f"mendeleev {mendeleev.__version__}: melting and boiling points at 101.325 kPa; "
                      f"chemicals {chemicals.__version__}: gas densities from the CRC Handbook's second virial "
                      "coefficients (else the Tsonopoulos correlation on critical data), densities the "
                      "periodictable library lacks from the CRC table of inorganic compounds",
            "conditions": "0 °C (273.15 K), 1013 hPa", "elements": out}


GAS_CONSTANT = 8.314462618  # J/(mol·K)
PRESSURE = 101325.0  # Pa


def densities(symbol: str, state: str, atoms: int | None) -> dict[str, Any]:
    """A gas's density at 0 °C and 1013 hPa as a real gas, ``ρ = PM / (RTZ)`` with ``Z = 1 + BP/(RT)``:
    the second virial coefficient ``B`` from the CRC Handbook's table ("Virial coefficients of selected
    gases", shipped in ``chemicals``) where it lists the gas, else from the Tsonopoulos correlation on the
    gas's critical data; an ideal gas (M / 22.414 L/mol) is 1.6 % off for Cl₂ (3.163 g/L, measured 3.214).
    A solid's or liquid's density where the periodictable library has none (radium), from the CRC table
    of inorganic compounds (``chemicals``). Empty where neither applies.

    >>> densities("Cl", "gas", 2)
    {'gas_density_g_L': 3.2139, 'gas_density_from': 'CRC virial coefficient'}
    >>> densities("Rn", "gas", 1)["gas_density_g_L"], densities("H", "gas", 2)["gas_density_g_L"]
    (10.016, 0.089885)
    >>> densities("Ra", "solid", None), densities("Fe", "solid", None)
    ({'density_g_cm3': 5.0, 'density_from': 'CRC inorganic compounds'}, {})
    """
    import periodictable
    from chemicals.identifiers import CAS_from_any

    el = periodictable.elements.symbol(symbol)
    cas = CAS_from_any(symbol if state != "gas" or atoms == 1 else f"{symbol}{atoms}")
    if state == "gas" and atoms:
        b, source = _second_virial(cas, ZERO_CELSIUS)
        if b is None:
            return {}
        z = 1 + b * PRESSURE / (GAS_CONSTANT * ZERO_CELSIUS)
        rho = PRESSURE * atoms * float(el.mass) / 1000 / (GAS_CONSTANT * ZERO_CELSIUS * z)  # kg/m³ = g/L
        return {"gas_density_g_L": float(f"{rho:.5g}"), "gas_density_from": source}
    if state in ("solid", "liquid") and el.density is None:
        from chemicals.miscdata import CRC_inorganic_data

        if cas in CRC_inorganic_data.index and CRC_inorganic_data.at[cas, "rho"] == CRC_inorganic_data.at[cas, "rho"]:
            return {"density_g_cm3": float(CRC_inorganic_data.at[cas, "rho"]) / 1000, "density_from": "CRC inorganic compounds"}
    return {}


def _second_virial(cas: str, kelvin: float) -> tuple[float | None, str]:
    """B in m³/mol at ``kelvin``: the CRC polynomial ``(a1 + t(a2 + t(a3 + t(a4 + a5 t))))·10⁻⁶`` with
    ``t = 298.15/T − 1``, else the Tsonopoulos correlation."""
    from chemicals.acentric import omega
    from chemicals.critical import Pc, Tc
    from chemicals.virial import BVirial_Tsonopoulos
    from chemicals.volume import rho_data_CRC_virial

    if cas in rho_data_CRC_virial.index:
        a = [float(x) for x in rho_data_CRC_virial.loc[cas].values[1:]]
        t = 298.15 / kelvin - 1
        return (a[0] + t * (a[1] + t * (a[2] + t * (a[3] + a[4] * t)))) * 1e-6, "CRC virial coefficient"
    tc, pc, w = Tc(cas), Pc(cas), omega(cas)
    if None in (tc, pc, w):
        return None, ""
    return float(BVirial_Tsonopoulos(kelvin, tc, pc, w)), "Tsonopoulos correlation"


def main() -> None:
    OUT.parent.mkdir(exist_ok=True)
    data = table()
    rows = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in data.pop("elements").items())
    head = "".join(f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False)},\n" for k, v in data.items())
    OUT.write_text("{\n" + head + '"elements": {\n' + rows + "\n}}\n", "utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
