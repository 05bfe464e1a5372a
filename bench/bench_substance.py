"""Benchmarks of the substance reference; prints figures (no assertions).

    python bench/bench_substance.py [--rounds N]
    python bench/bench_substance.py --against /path/to/main/checkout [--runs 5]   # alternating, fresh processes

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


def import_time(runs: int = 7, root: Path | None = None) -> tuple[float, float]:
    root = root or ROOT
    env = dict(os.environ, PYTHONPATH=str(root))

    def once(code: str) -> float:
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, cwd=root, env=env)
        return time.perf_counter() - t0

    bare = statistics.median(once("pass") for _ in range(runs))
    full = statistics.median(once("import chemgames") for _ in range(runs))
    return bare, full


def load() -> float:
    return os.getloadavg()[0]


def measure(rounds: int) -> dict[str, float]:
    """The figures of one fresh process (this one: call it before anything asked the reference), each with the
    1-minute load average when it was taken (``load_<figure>``)."""
    out: dict[str, float] = {}
    t0 = time.perf_counter()
    import chemgames
    from chemgames.chemistry import substance
    assert Path(chemgames.__file__).resolve().is_relative_to(ROOT), (chemgames.__file__, ROOT)  # the tree asked for
    out["import_module"], out["load_import_module"] = time.perf_counter() - t0, load()
    t0 = time.perf_counter()
    substance("H2O")
    out["first"], out["load_first"] = time.perf_counter() - t0, load()
    fs = formulas()
    new, new_cpu = [], []  # each formula the first time it is asked (the data already loaded)
    for text in fs:
        for lang in ("de", "en"):
            t0, c0 = time.perf_counter(), time.thread_time()
            substance(text, lang=lang)
            new.append(time.perf_counter() - t0)
            new_cpu.append(time.thread_time() - c0)
    out["new_p50"], out["new_p99"], out["new_max"] = statistics.median(new), pct(new, 0.99), max(new)
    out["cpu_p50"], out["cpu_p99"], out["cpu_max"] = statistics.median(new_cpu), pct(new_cpu, 0.99), max(new_cpu)
    out["load_new"] = out["load_cpu"] = load()
    again, again_cpu = [], []  # asked again (the cache)
    for _ in range(rounds):
        for text in fs:
            t0, c0 = time.perf_counter(), time.thread_time()
            substance(text)
            again.append(time.perf_counter() - t0)
            again_cpu.append(time.thread_time() - c0)
    out["again_p50"], out["again_p99"], out["load_again"] = statistics.median(again), pct(again, 0.99), load()
    out["again_cpu_p99"] = pct(again_cpu, 0.99)
    bare, full = import_time(root=ROOT)
    out["import_over_bare"], out["import_bare"], out["load_import"] = full - bare, bare, load()
    out["formulas"] = len(fs)
    return out


def report(m: dict[str, float]) -> None:
    from chemgames.chemistry import substances as module

    def at(key: str) -> str:
        return f"(load {m['load_' + key]:.1f})"

    print(f"formulas: {int(m['formulas'])} (x2 languages), {os.cpu_count()} cores")
    print(f"first call substance('H2O') (loads the data): {ms(m['first'])} {at('first')}  "
          f"(import of the module {ms(m['import_module'])} {at('import_module')})")
    print(f"substance() on a formula not asked before: median {ms(m['new_p50'])}, p99 {ms(m['new_p99'])}, "
          f"max {ms(m['new_max'])} {at('new')} (wall clock; on a shared machine it includes waiting for a core)")
    print(f"  the same in CPU time of this thread: median {ms(m['cpu_p50'])}, p99 {ms(m['cpu_p99'])}, "
          f"max {ms(m['cpu_max'])} {at('cpu')}")
    print(f"substance() asked again (cache): median {ms(m['again_p50'])}, p99 {ms(m['again_p99'])} (CPU p99 "
          f"{ms(m['again_cpu_p99'])}) {at('again')}")
    size = (module.DATA / "substances.json").stat().st_size
    nomen = (module.DATA / "nomenclature.json").stat().st_size
    print(f"data: substances.json {size / 1024:.0f} kB, nomenclature.json {nomen / 1024:.0f} kB")
    print(f"import chemgames: {m['import_over_bare'] + m['import_bare']:.3f} s, bare python {m['import_bare']:.3f} s, "
          f"over bare {m['import_over_bare']:.3f} s {at('import')}")


FIGURES = ("first", "cpu_p50", "cpu_p99", "new_p99", "again_cpu_p99", "import_over_bare")


def against(other: Path, runs: int, rounds: int) -> None:
    """This tree and ``other`` (a checkout of main), each run ``runs`` times in fresh processes, alternating
    (each first in turn); every run's figures with the load beside them, then the medians and their ratio."""
    trees = {"main": other.resolve(), "this": ROOT}
    got: dict[str, list[dict[str, float]]] = {k: [] for k in trees}
    print(f"{'run':>8} {'tree':>5} " + " ".join(f"{f:>16}" for f in FIGURES) + "   load")
    for i in range(runs):
        for name in (list(trees) if i % 2 == 0 else list(trees)[::-1]):
            text = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--json", "--root", str(trees[name]),
                                   "--rounds", str(rounds)], check=True, capture_output=True, text=True,
                                  env=dict(os.environ, PYTHONPATH=str(trees[name]))).stdout
            m = json.loads(text.strip().splitlines()[-1])
            got[name].append(m)
            print(f"{i + 1:>8} {name:>5} " + " ".join(
                f"{m[f] * (1 if f == 'import_over_bare' else 1000):>9.3f} (l{m['load_' + _load_key(f)]:4.1f})" for f in FIGURES)
                + f"   {load():.1f}", flush=True)
    print("medians (ms; import in s), ratio this/main:")
    for f in FIGURES:
        a = statistics.median(m[f] for m in got["main"])
        b = statistics.median(m[f] for m in got["this"])
        scale = 1 if f == "import_over_bare" else 1000
        print(f"  {f:>16}: main {a * scale:9.3f}  this {b * scale:9.3f}  ratio {b / a:5.2f}")


def _load_key(figure: str) -> str:
    return {"first": "first", "import_over_bare": "import"}.get(figure, figure.split("_")[0])


def main() -> None:
    global ROOT
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--json", action="store_true", help="print the figures as one JSON line")
    ap.add_argument("--root", type=Path, help="the checkout whose chemgames is measured (default: this one)")
    ap.add_argument("--against", type=Path, metavar="MAIN", help="alternate with the checkout MAIN, fresh processes")
    ap.add_argument("--runs", type=int, default=5, help="runs of each tree with --against")
    args = ap.parse_args()
    if args.against:
        against(args.against, args.runs, args.rounds)
        return
    if args.root:
        ROOT = args.root.resolve()
        sys.path.insert(0, str(ROOT))
    m = measure(args.rounds)
    if args.json:
        print(json.dumps(m))
        return
    print(f"load average (1, 5, 15 min): {os.getloadavg()}")
    report(m)
    heavy = subprocess.run([sys.executable, "-c", "import sys, chemgames; from chemgames.chemistry import substance; "
                            "substance('Fe(CO)5'); print(sorted({m.split('.')[0] for m in sys.modules} & "
                            "{'rdkit', 'pymatgen', 'chemicals', 'mendeleev', 'sympy'}))"],
                           capture_output=True, text=True, cwd=ROOT).stdout.strip()
    print(f"heavy libraries loaded by import chemgames + substance(): {heavy}")
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
