"""Checks of a chemistry-review harvest (``ck_harvest.py``'s JSON) against sources outside the engine (review s23c).

s22c's checks beside ``ck_check.py`` lived in a work folder that is gone; this tool keeps them in the repository, each a
section of its output (the records of a review are made by ``python bench/review/ck_sources.py HARVEST.json OUT_DIR``):

* ``oxcheck.txt``: every "Oxidation numbers in X as chemists assign them" line against pymatgen's
  ``oxi_state_guesses`` (all states, every site; a shown average counts as the element's mean); DIFF lines to read;
* ``screen.txt``: every composition called "not in our reference" (game-only) or "no such substance is known" (other),
  looked up by Hill formula in the PubChem and CRC Handbook tables shipped in ``chemicals``: a hit is a real substance a
  reviewer must read up (is the game's text then false?);
* ``multiples.txt`` (review s26b): every such composition whose double, triple or fourfold is a PubChem or CRC record
  (a real substance written as a fraction of its formula unit): is the record the cards' build?
* ``identity.txt``: every headline name of a known / short-lived / disputed build looked up by name in ``chemicals``:
  the record's Hill formula against the build's (DIFF lines to read: hydrates, a mineral's other record);
* ``stock.txt``: every Roman numeral in a name (iron(III)) against the card's own printed number for that element;
* ``bonding.txt``: the bonding sentence's class against the largest Pauling electronegativity difference (mendeleev);
  salts below 1.0 and molecules above 1.8 are listed for reading (the school rule is by metal and non-metal).

>>> hill({"C": 1, "H": 4, "O": 2}), hill({"Ca": 1, "Cl": 2, "O": 4})
('CH4O2', 'CaCl2O4')
>>> roman("Eisen(III)-oxid"), roman("iron(II,III) oxide"), roman("Kupfer(I)-chlorid")
([3], [2, 3], [1])
"""
from __future__ import annotations

import collections
import json
import math
import re
import sys
import warnings
from fractions import Fraction
from pathlib import Path
from typing import Any, Iterator

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests" / "truth"))
import truthlib  # noqa: E402

SUB = str.maketrans("₀₁₂₃₄₅₆₇₈₉⁺⁻⁰¹²³⁴⁵⁶⁷⁸⁹·", "0123456789+-0123456789.")
OX = re.compile(r"Oxidation numbers in (.+?) as chemists assign them: (.+)$")
ITEM = re.compile(r"([A-Z][a-z]?) ([+−-]?\d+(?:/\d+)?)")
ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8}


def hill(counts: dict[str, int]) -> str:
    """The Hill formula of ``counts`` (C, H first where C is present; else alphabetical)."""
    keys = sorted(counts)
    if "C" in counts:
        keys = ["C"] + (["H"] if "H" in counts else []) + [k for k in keys if k not in ("C", "H")]
    return "".join(k + (str(counts[k]) if counts[k] != 1 else "") for k in keys)


def roman(name: str) -> list[int]:
    """The Roman numerals in parentheses in ``name``: "(III)" -> [3], "(II,III)" -> [2, 3]."""
    out: list[int] = []
    for group in re.findall(r"\(([IVX, ]+)\)", name):
        out += [ROMAN[p.strip()] for p in group.split(",") if p.strip() in ROMAN]
    return out


def composition(shown: str) -> tuple[dict[str, int], int] | None:
    try:
        counts, charge = truthlib.composition(shown.translate(SUB))
    except Exception:  # a formula truthlib cannot read is listed by ck_check.py
        return None
    return dict(counts), charge


def kind_of(title: str) -> str:
    t = title.lower()
    for words, kind in ((("a known substance",), "known"), (("only briefly", "short-lived"), "transient"),
                        (("disputed",), "disputed"), (("allowed by the game's rule only", "not in our reference"),
                                                      "game_only"),
                        (("no such substance is known", "not how the substance"), "other")):
        if any(w in t for w in words):
            return kind
    return "unknown"


def en_texts(x: dict[str, Any]) -> tuple[str, list[str]] | None:
    t = x.get("texts") or {}
    return (t["en"][0], t["en"][1]) if "en" in t else None


def pymatgen_guesses(counts: dict[str, int]) -> list[dict[str, float]]:
    from pymatgen.core import Composition

    if sum(counts.values()) > 40:
        return []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return list(Composition(counts).oxi_state_guesses(max_sites=-1, all_oxi_states=True))
        except Exception:  # pymatgen gives up on some compositions
            return []


def check_ox(entries: list[dict[str, Any]], out: list[str]) -> None:
    lines: dict[str, list[Any]] = {}
    for x in entries:
        te = en_texts(x)
        if te is None:
            continue
        n = sum(x["src"].values())
        for line in te[1]:
            m = OX.match(line)
            if m:
                d = lines.setdefault(line, [0, kind_of(te[0]), m.group(1), m.group(2)])
                d[0] += n
    agree = differ = none = 0
    report = []
    for line, (n, kind, formula, numbers) in sorted(lines.items(), key=lambda kv: -kv[1][0]):
        comp = composition(formula)
        if comp is None:
            report.append(f"UNREAD | {n} | {line}")
            continue
        counts, _ = comp
        shown = {e: Fraction(v.replace("−", "-")) for e, v in ITEM.findall(numbers.split(" (the average")[0])}
        avg = re.search(r"([A-Z][a-z]?) ([+−-]?\d+/\d+) \(the average", numbers)
        if avg:
            shown[avg.group(1)] = Fraction(avg.group(2).replace("−", "-"))
        guesses = pymatgen_guesses(counts)
        if not guesses:
            none += 1
            report.append(f"NOGUESS | {n} | {kind} | {formula} | {numbers}")
            continue
        if any(all(abs(g.get(e, 99) - float(q)) < 0.01 for e, q in shown.items()) for g in guesses[:6]):
            agree += 1
        else:
            differ += 1
            report.append(f"DIFF | {n} | {kind} | {formula} | {numbers} | {guesses[:3]}")
    out.append(f"{len(lines)} distinct lines; pymatgen (all states, first 6 guesses) agrees {agree}, differs {differ}, "
               f"no guess {none}")
    out += report


def pubchem_index() -> dict[str, list[str]]:
    from chemicals.identifiers import pubchem_db

    pubchem_db.autoload_main_db()
    idx: dict[str, list[str]] = collections.defaultdict(list)
    for m in pubchem_db.CAS_index.values():
        idx[m.formula].append(m.common_name)
    return idx


def crc_index() -> dict[str, list[str]]:
    from chemicals.identifiers import pubchem_db
    from chemicals.miscdata import CRC_inorganic_data

    idx: dict[str, list[str]] = collections.defaultdict(list)
    for cas, row in CRC_inorganic_data.iterrows():
        m = pubchem_db.search_CAS(cas)
        if m:  # False where the identifier tables lack the CAS
            idx[m.formula].append(f"{row['Chemical']} ({cas})")
    return idx


def not_known(entries: list[dict[str, Any]]) -> Iterator[tuple[dict[str, Any], str, dict[str, int], str]]:
    """(entry, formula shown, composition, English headline) of every neutral game-only / other entry."""
    for x in entries:
        te = en_texts(x)
        if te is None or kind_of(te[0]) not in ("game_only", "other"):
            continue
        shown = x["formula"].split(":", 1)[-1]
        comp = composition(shown)
        if comp is not None and not comp[1]:
            yield x, shown, comp[0], te[0]


def check_screen(entries: list[dict[str, Any]], out: list[str]) -> None:
    pub, crc = pubchem_index(), crc_index()
    seen: dict[str, list[Any]] = {}
    for x, shown, counts, title in not_known(entries):
        h = hill(counts)
        d = seen.setdefault(h, [0, kind_of(title), shown, title])
        d[0] += sum(x["src"].values())
    hits = [(h, d) for h, d in seen.items() if h in pub or h in crc]
    out.append(f"{len(seen)} distinct game-only / other compositions; {len(hits)} have a record in chemicals "
               f"(PubChem or CRC) to read")
    for h, (n, kind, shown, title) in sorted(hits, key=lambda kv: -kv[1][0]):
        out.append(f"{n} | {kind} | {shown} | {h} | CRC {crc.get(h, [])} | PubChem {pub.get(h, [])[:4]} | {title}")


def multiples(counts: dict[str, int], index: dict[str, list[str]], most: int = 4) -> list[tuple[int, str]]:
    """``(k, Hill formula)`` for each k from 2 to ``most`` whose k-fold composition is a key of ``index``.

    >>> multiples({"Hg": 1, "Cl": 1}, {"Cl2Hg2": ["mercury(I) chloride"], "Cl3Hg3": []})
    [(2, 'Cl2Hg2'), (3, 'Cl3Hg3')]
    """
    return [(k, h) for k in range(2, most + 1) if (h := hill({e: n * k for e, n in counts.items()})) in index]


def check_multiples(entries: list[dict[str, Any]], out: list[str]) -> None:
    """Review s26b: every game-only / other composition whose double, triple or fourfold is a PubChem or CRC record: a
    real substance written as a fraction of its formula unit (Hg2Cl2 is HgCl twice, (NPCl2)3 a ring of three NPCl2)."""
    pub, crc = pubchem_index(), crc_index()
    seen: dict[tuple[str, int, str], str] = {}
    kinds, index = 0, {**pub, **crc}
    for _, shown, counts, title in not_known(entries):
        kinds += 1
        for k, h in multiples(counts, index):
            seen.setdefault((shown, k, h), title)
    out.append(f"{kinds} game-only / other entries; {len(seen)} whose 2-, 3- or 4-fold composition has a record in "
               f"chemicals (PubChem or CRC) to read: is the record the cards' build?")
    for (shown, k, h), title in sorted(seen.items()):
        out.append(f"{shown} | x{k} {h} | CRC {crc.get(h, [])} | PubChem {pub.get(h, [])[:3]} | {title}")


def check_identity(entries: list[dict[str, Any]], out: list[str]) -> None:
    from chemicals.identifiers import search_chemical

    head = re.compile(r"^(.+?): (.+?)(?: \((?:as a mineral|.*?)\))?, (?:a known substance|the disputed|a disputed)")
    counts: collections.Counter = collections.Counter()
    report = []
    done = set()
    for x in entries:
        te = en_texts(x)
        if te is None or kind_of(te[0]) not in ("known", "disputed"):
            continue
        m = head.match(te[0])
        if not m:
            counts["title not parsed"] += 1
            continue
        shown, name = m.group(1), re.sub(r" \(.*\)$", "", m.group(2))
        if (shown, name) in done:
            continue
        done.add((shown, name))
        comp = composition(shown)
        try:
            rec = search_chemical(name)
        except Exception:  # not in the tables shipped in chemicals
            counts["name not in chemicals"] += 1
            continue
        if comp is None:
            continue
        mine = hill(comp[0])
        try:
            theirs, _ = truthlib.composition(rec.formula)
        except Exception:
            counts["record formula unread"] += 1
            continue
        g = math.gcd(*theirs.values())
        ratio = {e: v // g for e, v in theirs.items()}
        g2 = math.gcd(*comp[0].values())
        if {e: v // g2 for e, v in comp[0].items()} == ratio:
            counts["agrees"] += 1
        else:
            counts["differs"] += 1
            report.append(f"DIFF | {shown} | {name} | {rec.CASs} | {rec.formula} | {rec.common_name} (mine {mine})")
    out.append(str(dict(counts)))
    out += report


def check_stock(entries: list[dict[str, Any]], out: list[str]) -> None:
    seen = set()
    bad = []
    for x in entries:
        te = en_texts(x)
        if te is None:
            continue
        for line in te[1]:
            m = OX.match(line)
            if not m:
                continue
            numbers = {e: Fraction(v.replace("−", "-")) for e, v in ITEM.findall(m.group(2))}
            for num in roman(te[0].split(":", 1)[-1].split(",")[0]):
                key = (te[0], num)
                if key in seen:
                    continue
                seen.add(key)
                if num not in [int(q) for q in numbers.values() if q > 0 and q.denominator == 1]:
                    bad.append(f"{te[0]} | {num} | {m.group(2)}")
    out.append(f"{len(seen)} (headline, numeral) pairs; {len(bad)} whose numeral is no positive number printed:")
    out += bad


def check_bonding(entries: list[dict[str, Any]], out: list[str]) -> None:
    from mendeleev import element

    en: dict[str, float | None] = {}

    def pauling(e: str) -> float | None:
        if e not in en:
            value = element(e).en_pauling
            en[e] = None if value is None else float(value)
        return en[e]

    cls: collections.Counter = collections.Counter()
    listed = []
    seen = set()
    for x in entries:
        te = en_texts(x)
        if te is None or kind_of(te[0]) not in ("known", "transient", "disputed"):
            continue
        shown = x["formula"].split(":", 1)[-1]
        comp = composition(shown)
        if comp is None or len(comp[0]) < 2 or shown in seen:
            continue
        seen.add(shown)
        text = " ".join(te[1])
        kind = ("salt" if "A salt" in text else "molecule" if "A molecule" in text or "molecular" in text
                else "metal_like" if "metal-like" in text.lower() else "other")
        cls[kind] += 1
        values = [v for v in (pauling(e) for e in comp[0]) if v is not None]
        if len(values) < len(comp[0]):
            continue
        d = max(values) - min(values)
        if (kind == "salt" and d < 1.0) or (kind == "molecule" and d > 1.8):
            sentence = next((ln for ln in te[1] if ln.startswith(("A salt", "A molecule"))), "")
            listed.append(f"{d:.2f} | {kind} | {shown} | {te[0][:70]} | {sentence}")
    out.append(f"bonding classes of distinct known builds: {dict(cls)}; salts with ΔEN < 1.0 and molecules with "
               f"ΔEN > 1.8 (Pauling, mendeleev), to read:")
    out += sorted(listed)


def main(path: str, outdir: str) -> None:
    run(path, outdir, (("oxcheck", check_ox), ("screen", check_screen), ("multiples", check_multiples),
                       ("identity", check_identity), ("stock", check_stock), ("bonding", check_bonding)))


def run(path: str, outdir: str, checks: Any) -> None:
    """Each check ``(name, check)`` on the harvest's entries, written to ``OUT_DIR/name.txt`` (its first line printed)."""
    entries = json.load(open(path))["entries"]
    Path(outdir).mkdir(parents=True, exist_ok=True)
    for name, check in checks:
        out: list[str] = []
        check(entries, out)
        Path(outdir, name + ".txt").write_text("\n".join(out) + "\n")
        print(name, out[0])


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
