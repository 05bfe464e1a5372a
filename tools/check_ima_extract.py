"""Compare the shipped IMA extract (tools/ima_minerals.tsv) with rows read again from its source.

A maintainer's tool, not run in CI: the source (the RRUFF "IMA Database of Mineral Properties" CSV export
of 2022-02-28 as shipped by github.com/abuseki/georefdatar, data-raw/RRUFF_Export_20220228_102415.csv)
is not in the repository and nothing may download at run time. Give it a directory of saved source
rows, either CSV pages exactly as the export writes them (``*.csv``: "Mineral Name","Mineral Name
(plain)","IMA Chemistry (plain)","IMA Mineral Symbol", quoted) or two-column name<TAB>formula files
(``*.tsv``); rows are read in file-name order. It keeps the rows whose formula names only the deck's
elements (the list in the extract's header) and prints every difference.

    python tools/check_ima_extract.py DIR [--range FIRST LAST]

``--range`` limits the check of rows the extract has but the source pages lack to names between FIRST
and LAST (case-folded), for when only part of the source was read.

>>> sorted(elements("[box]Ca2(Mg4.5-2.5Fe2+0.5-2.5)Si8O22(OH)2"))
['Ca', 'Fe', 'H', 'Mg', 'O', 'Si']
>>> sorted(elements("Al2(H2O)(OH)4·<i>n</i>(Cl,OH-,H2O)"))
['Al', 'Cl', 'H', 'O']
>>> sorted(elements("SiO2·nCxH2x+2"))
['C', 'H', 'O', 'Si']
>>> sorted(elements("(Ce,REE,Ca)9(SiO4)3"))
['Ca', 'Ce', 'O', 'REE', 'Si']
"""

from __future__ import annotations

import csv
import re
import sys
from pathlib import Path

EXTRACT = Path(__file__).with_name("ima_minerals.tsv")
_SYMBOL = re.compile(r"REE|Ln|[A-Z][a-z]?")


def elements(formula: str) -> set[str]:
    """The element symbols (and REE/Ln placeholders) a formula names; vacancies and tags dropped."""
    text = re.sub(r"<[^>]+>", "", formula).replace("[box]", "")
    # "Cx" in bosoite's SiO2·nCxH2x+2 is carbon with a variable count; no element symbol ends in x
    return {s[0] if s.endswith("x") else s for s in _SYMBOL.findall(text)}


def deck_elements() -> set[str]:
    """The deck's elements, read from the extract's header line '(Ag Al ... Zn)'."""
    head = "".join(line for line in EXTRACT.read_text(encoding="utf-8").splitlines() if line.startswith("#"))
    match = re.search(r"\(((?:[A-Z][a-z]? ?#? *)+)\)", head.replace("#  ", " "))
    if match is None:
        raise ValueError("no element list in the extract's header")
    return set(match.group(1).replace("#", " ").split())


def read_extract() -> dict[str, str]:
    rows = {}
    for line in EXTRACT.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            name, formula = line.split("\t")
            rows[name] = formula
    return rows


def read_source(folder: Path) -> dict[str, str]:
    rows: dict[str, str] = {}
    for path in sorted(folder.iterdir()):
        if path.suffix == ".csv":
            for record in csv.reader(path.read_text(encoding="utf-8").splitlines()):
                if len(record) >= 3 and record[0] != "Mineral Name":
                    rows[re.sub(r"<[^>]+>", "", record[0])] = record[2]
        elif path.suffix == ".tsv":
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    name, formula = line.split("\t")
                    rows[name] = formula
    return rows


def main(argv: list[str]) -> int:
    folder = Path(argv[0])
    first, last = (argv[2].casefold(), argv[3].casefold()) if len(argv) >= 4 and argv[1] == "--range" else ("", "\uffff")
    deck = deck_elements()
    extract = read_extract()
    source = {n: f for n, f in read_source(folder).items() if elements(f) <= deck}
    differ = [(n, source[n], extract[n]) for n in source if n in extract and source[n] != extract[n]]
    missing = [n for n in source if n not in extract]
    extra = [n for n in extract if n not in source and first <= n.casefold() <= last]
    print(f"source rows of deck elements: {len(source)}; in extract: {len(source) - len(missing)}")
    for name, want, have in differ:
        print(f"DIFFERS {name}: source {want!r}, extract {have!r}")
    for name in missing:
        print(f"MISSING {name}: {source[name]!r}")
    for name in extra:
        print(f"EXTRA {name}: {extract[name]!r}")
    print(f"{len(differ)} differ, {len(missing)} missing, {len(extra)} extra")
    return 1 if differ or missing or extra else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
