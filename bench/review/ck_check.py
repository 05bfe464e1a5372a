"""Mechanical checks of a chemistry-review harvest of Das Chemie-Kartenspiel (``ck_harvest.py``'s JSON), s17f.

Independent of the engine's data: molar masses are recomputed with molmass, oxidation-number lines are summed, the
compositions are compared with the hand-written truth set (``tests/truth/rows.txt`` through ``truthlib``). Prints:

* entries by the title's wording (known / short-lived / disputed / same composition / game-only), tips offered;
* compositions called known, short-lived or disputed that have no truth row (the ones a reviewer should read up);
* every molar-mass line whose sum or value disagrees with molmass (radioactive elements: +-1.5 g/mol per atom);
* every "Oxidationszahlen in X, wie Chemiker sie zuordnen" line whose numbers do not sum to the charge;
* the tip ranking per build turn (is a game-only tip ever ranked above a known one? any non-known tip in "real only"?);
* lines with an unrendered catalog key or placeholder.

Usage: ``PYTHONPATH=$PWD python bench/review/ck_check.py HARVEST.json [PREVIOUS_HARVEST2.json ...]``
(previous harvests in s16f's ``harvest2.json`` form: their compositions count as "seen before").

>>> title_kind("CaCO₃: Calciumcarbonat, ein bekannter Stoff.")
'known'
>>> title_kind("X: nicht in unserem Nachschlagewerk, nur nach Spielregel (ob es den Stoff gibt, sagt das nicht).")
'game_only'
>>> german_number("1.234,5"), english_number("1,234.5")
(1234.5, 1234.5)
>>> bool(PLACEHOLDER.search("None of the sources we read says")), bool(PLACEHOLDER.search("the name None"))
(False, True)
"""
from __future__ import annotations

import collections
import json
import re
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

from molmass import ELEMENTS

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests" / "truth"))
import truthlib  # noqa: E402

SUB = str.maketrans("₀₁₂₃₄₅₆₇₈₉⁺⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789+-0123456789")
RADIOACTIVE = ("Po", "Ra", "Rn", "Pu", "Am", "Tc", "Np", "U", "Th")
MASS = re.compile(r"(Molare Masse von|Molar mass of) (.+?): (.+) = ([\d.,]+) g/mol")
OX = re.compile(r"(Oxidationszahlen in|Oxidation numbers in) (.+?)(,| as) ")
# an unrendered key or a Python None; "None of the sources ..." (PuN, AmN: s20j) is English, not a leak (s21c)
PLACEHOLDER = re.compile(r"\{[a-z_]+\}|\b(ck|chem)\.[a-z_]+\b|\bNone\b(?! of\b)")


def title_kind(title: str) -> str:
    """The kind of a build by the wording of its explanation's title (German)."""
    if "ein bekannter Stoff" in title:
        return "known"
    if "kurzlebig" in title:
        return "transient"
    if "umstritten" in title:
        return "disputed"
    if "nur nach Spielregel" in title:
        return "game_only"
    if "dieselbe Zusammensetzung" in title or "Dieselbe Zusammensetzung" in title:
        return "same_composition"
    return "other"


def german_number(text: str) -> float:
    return float(text.replace("−", "-").replace(".", "").replace(",", "."))


def english_number(text: str) -> float:
    return float(text.replace("−", "-").replace(",", ""))


def query_of(formula: str) -> str | None:
    """The truth set's composition key of a shown formula (``None`` where truthlib cannot read it)."""
    try:
        counts, _ = truthlib.composition(formula.translate(SUB).replace("·", "."))
    except Exception:  # a formula the truth set's reader does not know is reported, not fatal
        return None
    return truthlib.query_text(counts)


def check_masses(x: dict[str, Any], out: collections.Counter, bad: list) -> None:
    comp, _ = truthlib.composition(x["query"])
    for lang, num in (("de", german_number), ("en", english_number)):
        for line in x["texts"][lang][1]:
            m = MASS.match(line)
            if not m:
                continue
            out["mass lines"] += 1
            total = sum(int(a) * num(b) for a, b in re.findall(r"(\d+) · ([\d.,]+)", m.group(3)))
            stated = num(m.group(4))
            try:
                named, _ = truthlib.composition(m.group(2).translate(SUB))
            except Exception:
                named = None
            tol = 0.05 + sum(1.5 * n for e, n in (named or comp).items() if e in RADIOACTIVE)
            if abs(total - stated) > 0.011:
                bad.append(("sum", x["formula"], line))
            elif named is None:
                bad.append(("unreadable formula", x["formula"], line))
            elif abs(sum(n * ELEMENTS[e].mass for e, n in named.items()) - stated) > tol:
                bad.append(("molmass", x["formula"], line))


def check_ox(x: dict[str, Any], out: collections.Counter, bad: list) -> None:
    for lang in ("de", "en"):
        for line in x["texts"][lang][1]:
            m = OX.match(line)
            if not (m and ("wie Chemiker" in line or "as chemists" in line)):
                continue
            out["oxidation-number lines"] += 1
            try:
                counts, charge = truthlib.composition(m.group(2).translate(SUB))
            except Exception:
                bad.append(("unreadable formula", x["formula"], line))
                continue
            values = {e: Fraction(v.replace("−", "-").replace("+", ""))
                      for e, v in re.findall(r"([A-Z][a-z]?) ([+−-]?[\d/]+)", line.split(":", 1)[1])}
            if set(values) == set(counts) and sum(values[e] * n for e, n in counts.items()) != charge:
                bad.append(("oxidation sum", x["formula"], line))


def main(path: str, previous: list[str]) -> None:
    harvest = json.load(open(path))
    entries, turns = harvest["entries"], harvest["turns"]
    rows = truthlib.read_rows()
    in_truth = {r.query for r in rows} | {truthlib.query_text(r.counts) for r in rows}
    seen_before = {x["query"] for p in previous for x in json.load(open(p)) if x.get("query")}
    kinds: collections.Counter = collections.Counter()
    counts: collections.Counter = collections.Counter()
    bad: list = []
    to_read: dict[str, tuple[str, bool]] = {}
    for x in entries:
        source = x["formula"].split(":", 1)[0] if ":" in x["formula"] else "tip"
        shown = x["formula"].split(":", 1)[-1]
        x["query"] = query_of(shown)
        texts = x.get("texts") or {}
        if "de" not in texts:
            bad.append(("no text", x["formula"], texts))
            continue
        kind = title_kind(texts["de"][0])
        kinds[(source, kind)] += 1
        counts["tips offered"] += sum(v for k, v in x["src"].items() if k.startswith("tip"))
        if x["query"] is None:
            continue
        if kind in ("known", "transient", "disputed", "same_composition") and x["query"] not in in_truth:
            to_read.setdefault(x["query"], (texts["de"][0], x["query"] in seen_before))
        check_masses(x, counts, bad)
        check_ox(x, counts, bad)
        for lang in ("de", "en"):
            for line in [texts[lang][0], *texts[lang][1]]:
                if PLACEHOLDER.search(line):
                    bad.append(("placeholder", x["formula"], line))
    ranking: collections.Counter = collections.Counter()
    for t in turns:
        labels = [label for _, label, _ in t["tips"]]
        ranking["build turns"] += 1
        if not labels:
            continue
        ranking["first tip " + labels[0]] += 1
        if "known" in labels and any(lb in ("game_only", "other") for lb in labels[:labels.index("known")]):
            ranking["a game-only tip above a known one"] += 1
        if t["real_only"] and any(lb != "known" for lb in labels):
            ranking["real-only turns with a non-known tip"] += 1
    print("entries by (source, title kind):", dict(kinds))
    print(dict(counts))
    print("tip ranking:", dict(ranking))
    print(f"{len(to_read)} compositions called known/short-lived/disputed/same-composition without a truth row "
          f"({sum(1 for _, old in to_read.values() if not old)} not in the previous harvests):")
    for q, (title, old) in sorted(to_read.items()):
        print(f"  {'   ' if old else 'NEW'} {q:14s} {title}")
    print(f"{len(bad)} problems:")
    for b in bad:
        print("  ", *b, sep=" | ")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
