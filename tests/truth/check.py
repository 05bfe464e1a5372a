"""Print every mismatch between chemgames' ``substance()`` and the independent truth set.

    python tests/truth/check.py                       # the chemgames found on PYTHONPATH
    PYTHONPATH=/work/wt/w25a python tests/truth/check.py --out /work/wt/_notes/truth-mismatches.txt

Exit status 1 when there is a mismatch (0 when chemgames agrees with every row).
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import truthlib  # noqa: E402


def _where() -> str:
    import chemgames

    root = Path(chemgames.__file__).resolve().parents[1]
    try:
        commit = subprocess.run(["git", "-C", str(root), "log", "-1", "--format=%h %s"], capture_output=True,
                                text=True, timeout=10).stdout.strip()
        branch = subprocess.run(["git", "-C", str(root), "rev-parse", "--abbrev-ref", "HEAD"], capture_output=True,
                                text=True, timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(root), "status", "--short", "chemgames"], capture_output=True,
                               text=True, timeout=10).stdout.strip()
    except OSError:
        commit = branch = dirty = ""
    return f"chemgames from {root} (branch {branch}, {commit}{', uncommitted changes in chemgames/' if dirty else ''})"


API_NOTE = """How the checker reads substance(): label = s.label if present, else "exists"/"unknown" from s.known;
formula = s.formula (ASCII, ions as [SO4]2-); names = s.name in lang "de" and "en"; oxidation numbers =
s.oxidation_states (element averages) and the individual values from s.individual (or s.average) where
atoms differ; bonding class = s.bonding_class or s.bonding (ionic, molecular, network, element,
metallic, ion; 'atomic' and reason 'element' -> element, reason 'polyatomic_ion'/'monoatomic_ion' -> ion).
The query is what the game asks: element symbols in alphabetical order (C5FeO5, ClH4NO), charge= for ions.
Rows list accepted alternatives (' | '); '~' marks an average only; a value with fewer than two
independent sources is not in the set (tests/truth/truth_set.json, 'dropped')."""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", help="also write the table to this file")
    ap.add_argument("--note", help="a text file to print above the table (the checker's summary for the reader)")
    args = ap.parse_args(argv)
    rows = truthlib.load_rows()
    t0 = time.perf_counter()
    mismatches = [m for r in rows for m in truthlib.compare(r)]
    spent = time.perf_counter() - t0
    header = (f"Truth-set mismatches (issue 25, checker w25b), {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}\n"
              f"{_where()}\n{len(rows)} rows in {spent:.1f} s, load average {os.getloadavg()[0]:.2f}\n\n{API_NOTE}\n")
    if args.note:
        header += "\n" + Path(args.note).read_text(encoding="utf-8").rstrip() + "\n"
    table = truthlib.mismatch_table(mismatches, len(rows), header)
    print(table)
    if args.out:
        Path(args.out).write_text(table + "\n", encoding="utf-8")
    return 1 if mismatches else 0


if __name__ == "__main__":
    raise SystemExit(main())
