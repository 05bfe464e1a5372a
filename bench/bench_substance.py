"""Benchmarks of the substance reference; prints figures (no assertions).

    python bench/bench_substance.py [--rounds N]

Goals (issue 13): substance() p99 <= 1 ms after the first call; import chemgames <= 0.3 s over a
bare interpreter (the reference data are loaded on the first substance() call, not on import).
"""
from __future__ import annotations

import argparse
import itertools
import os
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def ms(x: float) -> str:
    return f"{x * 1000:.3f} ms"


def formulas() -> list[str]:
    """The issue's examples, the ChemiX compound cards and card-element formulas of up to 3 elements."""
    cards = json.loads((ROOT / "chemgames/games/chemix/data/cards.json").read_text(encoding="utf-8"))
    out = ["Fe(CO)5", "K2FeO4", "H2SO5", "ClCP", "PuO2", "AgH", "CrO2Cl2", "ThH(HS)(O2)2", "UCH2", "CuPtC", "PbHClO", "LiRaP", "AuBiOC", "NCl5", "NH5", "MnCl7", "Na4C", "FeS", "ZnS", "Na2S",
           "NCl3", "PCl3", "Hg2Cl2", "N2O", "FeO", "Fe2O3", "Fe2(SO4)3", "NaCl", "H2O", "NH3", "CH4", "CO2",
           "NH4Cl", "H2S", "CH3COOH", "Ca(OH)2", "RaBH4AlCl4", "[SO4]2-", "[NH4]+"]
    out += [c["formula"] for c in cards["compounds"]]
    elements = ["H", "C", "N", "O", "Na", "S", "Cl", "Ca", "Fe", "Cu", "Al", "Mn", "U", "Pb"]
    for a, b, c in itertools.islice(itertools.combinations(elements, 3), 150):
        out.append(f"{a}{b}2{c}3")
    return out


def import_time(runs: int = 7) -> tuple[float, float]:
    def once(code: str) -> float:
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
        return time.perf_counter() - t0

    bare = statistics.median(once("pass") for _ in range(runs))
    full = statistics.median(once("import chemgames") for _ in range(runs))
    return bare, full


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=20)
    args = ap.parse_args()

    t0 = time.perf_counter()
    from chemgames.chemistry import substance
    from chemgames.chemistry import substances as module
    t_import = time.perf_counter() - t0
    t0 = time.perf_counter()
    substance("H2O")
    first = time.perf_counter() - t0
    fs = formulas()

    new, new_cpu = [], []  # each formula the first time it is asked (the data already loaded)
    for text in fs:
        for lang in ("de", "en"):
            t0, c0 = time.perf_counter(), time.thread_time()
            substance(text, lang=lang)
            new.append(time.perf_counter() - t0)
            new_cpu.append(time.thread_time() - c0)
    again = []  # asked again (the cache)
    for _ in range(args.rounds):
        for text in fs:
            t0 = time.perf_counter()
            substance(text)
            again.append(time.perf_counter() - t0)
    size = (module.DATA / "substances.json").stat().st_size
    nomen = (module.DATA / "nomenclature.json").stat().st_size
    bare, full = import_time()
    print(f"load average (1, 5, 15 min): {os.getloadavg()} on {os.cpu_count()} cores")
    print(f"formulas: {len(fs)} (x2 languages)")
    print(f"first call substance('H2O') (loads the data): {ms(first)}  (import of the module {ms(t_import)})")
    print(f"substance() on a formula not asked before: median {ms(statistics.median(new))}, "
          f"p99 {ms(pct(new, 0.99))}, max {ms(max(new))} (wall clock; on a shared machine it includes "
          f"waiting for a core)")
    print(f"  the same in CPU time of this thread: median {ms(statistics.median(new_cpu))}, "
          f"p99 {ms(pct(new_cpu, 0.99))}, max {ms(max(new_cpu))}")
    print(f"substance() asked again (cache): median {ms(statistics.median(again))}, p99 {ms(pct(again, 0.99))}")
    print(f"data: substances.json {size / 1024:.0f} kB, nomenclature.json {nomen / 1024:.0f} kB")
    print(f"import chemgames: {full:.3f} s, bare python {bare:.3f} s, over bare {full - bare:.3f} s")
    heavy = subprocess.run([sys.executable, "-c", "import sys, chemgames; from chemgames.chemistry import substance; "
                            "substance('Fe(CO)5'); print(sorted({m.split('.')[0] for m in sys.modules} & "
                            "{'rdkit', 'pymatgen', 'chemicals', 'mendeleev', 'sympy'}))"],
                           capture_output=True, text=True, cwd=ROOT).stdout.strip()
    print(f"heavy libraries loaded by import chemgames + substance(): {heavy}")
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
