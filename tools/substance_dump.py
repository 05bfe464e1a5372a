"""Dump every field ``substance()`` answers, for a before/after check of a change that must change no answer.

    python tools/substance_dump.py OUT.jsonl              # every entry of the data file and a sample of the deck's compositions
    python tools/substance_dump.py OUT.jsonl --every 25   # a smaller sample of the compositions
    python tools/substance_dump.py --compare A.jsonl B.jsonl

The questions (:func:`questions`): each key of ``substances.json`` (as the formula and charge it stands for),
every 19th composition the family deck of Das Chemie-Kartenspiel builds (``tools/composable_real.composable``,
the hint search's own bounds), the formulas of ``bench/bench_substance.py`` (condensed formulas such as
CH3COOH, ions, unknown compositions), each asked in German and English. Each line holds the question and
``repr`` of every field of the answer (``Substance`` and its ``known``, ``name_in``/``trivial_name_in`` of the
other language), and for a deck composition ``textbook_formula`` of its build as laid. ``repr`` keeps the order
of a mapping and the type of each number (``Fraction(3, 1)`` is not ``3``), so equal lines are the same answer.
``tests/test_substance_written_names.py`` runs the same dump over a sample.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import re
import sys
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))


def questions(every: int = 19, keys: bool = True, deck: bool = True) -> Iterator[tuple[str, str, int, Any]]:
    """(what, formula, charge, build) for each question: ``what`` is "key", "deck" or "bench"."""
    from chemgames.chemistry.substances import reference

    from written_names import _key_formula

    if keys:
        for key in reference()["substances"]:
            formula, q = _key_formula(key)
            yield "key", formula, q, None
    import composable_real

    for i, (comp, build) in enumerate(sorted(composable_real.composable().items()) if deck else ()):
        if i % every == 0:
            yield "deck", "".join(f"{e}{n if n > 1 else ''}" for e, n in comp), 0, build
    sys.path.insert(0, str(ROOT / "bench"))
    import bench_substance

    for text in bench_substance.formulas():
        yield "bench", text, 0, None


def answer(formula: str, charge: int, lang: str, build: Any = None) -> dict[str, str]:
    """``repr`` of every field of ``substance(formula, charge, lang)`` (or of the error it raises)."""
    from chemgames.chemistry import substance, textbook_formula

    other = "en" if lang == "de" else "de"
    out: dict[str, str] = {}
    try:
        s = substance(formula, charge=charge, lang=lang)
    except Exception as e:  # noqa: BLE001 - an error is an answer too: it must not change either
        return {"error": f"{type(e).__name__}: {e}"}
    for f in dataclasses.fields(s):
        out[f.name] = repr(getattr(s, f.name))
    out["known"] = repr(s.known)
    out["name_in"] = repr(s.name_in(other))
    out["trivial_name_in"] = repr(s.trivial_name_in(other))
    if build is not None:
        free, combos = build
        try:
            out["textbook_formula"] = repr(textbook_formula([(sym, n) for sym, n, _q in free] + [(c, 1) for c in combos]))
        except Exception as e:  # noqa: BLE001
            out["textbook_formula"] = f"error {type(e).__name__}: {e}"
    return out


def dump(path: Path, every: int = 19) -> int:
    n = 0
    with open(path, "w", encoding="utf-8") as fh:
        for what, formula, q, build in questions(every):
            for lang in ("de", "en"):
                # (the answer's own formula, charge and lang, as repr, stand beside "what" for the question)
                row = {"what": what, "formula": formula, "charge": q, "lang": lang, **answer(formula, q, lang, build)}
                fh.write(json.dumps(row, ensure_ascii=False, sort_keys=False) + "\n")
                n += 1
    return n


def compare(a: Path, b: Path) -> list[str]:
    """The lines that differ (the first 50 described), or [] when the files are byte-identical."""
    left, right = a.read_bytes().splitlines(), b.read_bytes().splitlines()
    out = []
    if len(left) != len(right):
        out.append(f"{len(left)} lines against {len(right)}")
    for x, y in zip(left, right):
        if x != y:
            jx, jy = json.loads(x), json.loads(y)
            fields = [k for k in dict.fromkeys([*jx, *jy]) if jx.get(k) != jy.get(k)]
            out.append(f"{jx['formula']} {jx['charge']} {jx['lang']}: " + "; ".join(
                f"{k}: {jx.get(k)} -> {jy.get(k)}" for k in fields))
            if len(out) >= 50:
                break
    return out


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out", nargs="?", type=Path)
    ap.add_argument("--every", type=int, default=19, help="every n-th composition of the deck")
    ap.add_argument("--compare", nargs=2, type=Path, metavar=("A", "B"))
    args = ap.parse_args(argv)
    if args.compare:
        diff = compare(*args.compare)
        print("\n".join(diff) if diff else f"identical: {args.compare[0]} and {args.compare[1]}")
        return 1 if diff else 0
    if args.out is None:
        ap.error("OUT or --compare A B")
    print(f"{dump(args.out, args.every)} answers written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
