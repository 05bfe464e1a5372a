"""Build ``tests/truth/truth_set.json`` from the hand-written rows (``tests/truth/rows.txt``).

The rows are the checker's own (issue 25); this script only reads them with molmass and records,
beside each expected value, the independent sources that back it (RDKit on the row's SMILES,
pymatgen's guesses, mendeleev's oxidation states, the CRC table and PubChem identifiers shipped in
``chemicals``, and the book cited). It never reads chemgames' data file or code. The test
(``tests/truth/test_truth_set.py``) computes the same checks again at test time.

    python tools/make_truth_set.py            # write the JSON, print rows backed by fewer than two sources

A citation key counts once, but two papers of different author groups are two sources of a label (the lead's
decision, session 15): each cited by its own key ``LIT:<authors>/<journal>/<year>`` (``truthlib.PAPER``,
``truthlib.independent_papers``); a review or Wikipedia article that cites a paper is no second source of it. A
bonding class other than the school rule's (a chain or cluster solid of a metal and a non-metal) counts the same way
(the lead's decision, session 16: ``truthlib.structure_sources``): a handbook and a paper, or two papers of different
authors, each describing that structure.
"""
from __future__ import annotations

import json
import sys
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "truth"))

import truthlib  # noqa: E402


def main() -> int:
    rows = truthlib.read_rows()
    out = []
    weak = []
    dropped = []
    for row in rows:
        ev = truthlib.evidence(row)
        if len(ev["label"]) < 2:
            weak.append((row.id, row.formulas[0], "label", ev["label"]))
        # a value fewer than two sources back is left out of the set (never checked), and listed
        if row.ox and len(ev["ox"]) < 2:
            dropped.append({"id": row.id, "value": "ox", "was": row.ox_text, "sources": ev["ox"]})
            row.ox, row.ox_text = [], "-"
        if row.names_en and len(ev["names"]) < 2:
            dropped.append({"id": row.id, "value": "names", "was": row.names_de + row.names_en, "sources": ev["names"]})
            row.names_de, row.names_en = [], []
        if row.bonding and len(ev["bonding"]) < 2:
            dropped.append({"id": row.id, "value": "bonding", "was": row.bonding, "sources": ev["bonding"]})
            row.bonding = []
        out.append({"id": row.id, "category": row.category, "formulas": row.formulas, "query": row.query,
                    "charge": row.charge, "counts": row.counts, "labels": row.labels, "names_de": row.names_de,
                    "names_en": row.names_en, "ox": row.ox_text, "bonding": row.bonding, "smiles": row.smiles,
                    "cite": row.cite, "crc": row.crc, "lookup": row.lookup, "evidence": ev})
    libs = {p: version(p) for p in ("rdkit", "pymatgen-core", "chemicals", "mendeleev", "molmass")}
    data = {"about": "Independent truth set of issue 25 (checker w25b): hand-written rows, each value backed by "
                     "the sources in 'evidence'; never derived from chemgames' data file or code.",
            "citations": truthlib.CITATIONS, "libraries": libs, "rows": out,
            "dropped": dropped}
    # one row a line: small, and a diff shows which rows changed
    body = ",\n".join(json.dumps(r, ensure_ascii=False) for r in out)
    head = json.dumps({k: v for k, v in data.items() if k not in ("rows", "dropped")}, ensure_ascii=False, indent=1)
    dropped_text = ",\n".join(json.dumps(d, ensure_ascii=False) for d in data["dropped"])
    truthlib.DATA.write_text(head[:-2] + f',\n "rows": [\n{body}\n],\n "dropped": [\n{dropped_text}\n]\n}}\n', encoding="utf-8")
    cats: dict[str, int] = {}
    for r in rows:
        cats[r.category] = cats.get(r.category, 0) + 1
    print(f"{len(rows)} rows -> {truthlib.DATA.relative_to(ROOT)}")
    print(", ".join(f"{k} {v}" for k, v in cats.items()))
    for rid, f, what, ev in weak:
        print(f"weak {rid:>4} {f:<16} {what:<8} {ev}")
    for d in dropped:
        print(f"dropped {d['id']:>4} {d['value']:<8} {d['was']} {d['sources']}")
    print(f"{len(weak)} labels backed by fewer than two sources, {len(dropped)} values dropped")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
