"""Every "other" headline of a review harvest against the real isomers that hold the cards' groups (review s25d).

An "other" headline ("CH₃(HCO₃) aus diesen Karten: so gibt es den Stoff nicht; dieselbe Zusammensetzung hat
Glycolsäure") says the cards' build is no known substance. The reference keys one substance per composition, so the
statement is false wherever another substance of that composition holds every group the cards lay, bonded as the
cards show it: methyl hydrogen carbonate CH₃-O-C(=O)-OH is CH₃ beside the card [HCO₃]⁻ (review s25d, H1), as cyanic
acid was C + N + [OH]⁻ (s17f) and methanediol C + 2 H + 2 [OH]⁻ (s23c). This tool reads, for each such headline, every
PubChem record of the composition shipped in ``chemicals`` (never the engine's data) and asks RDKit whether the
record's structure holds each card group as often as the build lays it (patterns written here, a group bonded to the
rest through its charged atoms: the O of [OH]⁻, the two free O of [CO₃]²⁻). A hit is a record a reviewer must read:
is it a substance (a source), and does the headline then call it invented?

Usage: ``PYTHONPATH=$PWD python bench/review/ck_isomers.py OUT.txt HARVEST.json [HARVEST2.json ...]`` (harvests in
``ck_harvest.py``'s or ``ck_records.py``'s form; ``ck_others.py``'s output is read too).

>>> holds("COC(=O)O", ["[HCO3]-"]), holds("OCC(=O)O", ["[HCO3]-"])
(True, False)
>>> holds("OCO", ["[OH]-", "[OH]-"]), holds("COO", ["[OH]-", "[OH]-"])
(True, False)
>>> cards_line("Cards: 1× C (Carbon) + 3× H (Hydrogen) + combination [HCO₃]⁻")
['[HCO3]-']
"""
from __future__ import annotations

import collections
import json
import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ck_sources import composition, en_texts, hill, kind_of  # noqa: E402

SUB = str.maketrans("₀₁₂₃₄₅₆₇₈₉⁺⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789+-0123456789")

_O = "[OX2,OX1-]"  # an O of a group that bonds to the rest (an ester's O or an ion's O⁻)
#: each card group as RDKit SMARTS: its atoms, bonded to the rest of the molecule through its charged atoms
GROUPS: dict[str, str] = {
    "[OH]-": "[OX2H1,OX1H1-]",
    "[HCO3]-": f"[OX2H1][CX3](=O){_O}",
    "[CO3]2-": f"{_O}[CX3](=O){_O}",
    "[NO3]-": f"{_O}[NX3+](=O)[OX1-]",
    "[ClO]-": f"{_O}[ClX1]",
    "[ClO3]-": f"{_O}[ClX4](=O)=O",
    "[ClO4]-": f"{_O}[ClX4](=O)(=O)=O",
    "[BrO3]-": f"{_O}[BrX4](=O)=O",
    "[IO3]-": f"{_O}[IX4](=O)=O",
    "[SO4]2-": f"{_O}[SX4](=O)(=O){_O}",
    "[PO4]3-": f"{_O}[PX4](=O)({_O}){_O}",
    "[HPO4]2-": f"[OX2H1][PX4](=O)({_O}){_O}",
    "[BO3]3-": f"{_O}[BX3]({_O}){_O}",
    "[NH4]+": "[NX4H4+]",
    "[H3O]+": "[OX3H3+]",
    "[BH4]-": "[BX4H4-,BH4-]",
    "[MnO4]-": f"{_O}[Mn](=O)(=O)=O",
    "[CrO4]2-": f"{_O}[Cr](=O)(=O){_O}",
    "[SiO4]4-": f"{_O}[Si]({_O})({_O}){_O}",
}


def cards_line(line: str) -> list[str]:
    """The combinations of a "Cards: ..." line, in the game's ASCII form ('[HCO3]-'), each as often as it is laid."""
    return [m.group(1).translate(SUB) for part in line.split(":", 1)[1].split(" + ")
            for m in [re.search(r"combination (\S+)", part)] if m]


def holds(smiles: str, groups: list[str]) -> bool:
    """Whether the structure ``smiles`` holds each group of ``groups`` as often as listed, on disjoint atoms."""
    from rdkit import Chem

    mol = Chem.MolFromSmiles(smiles)
    if mol is None:
        return False
    used: set[int] = set()
    for g, n in collections.Counter(groups).items():
        pattern = Chem.MolFromSmarts(GROUPS[g])
        free = [m for m in mol.GetSubstructMatches(pattern) if not used & set(m)]
        taken: list[tuple[int, ...]] = []
        for m in free:
            if not any(set(m) & set(t) for t in taken):
                taken.append(m)
        if len(taken) < n:
            return False
        for t in taken[:n]:
            used |= set(t)
    return True


def pubchem_records() -> dict[str, list[Any]]:
    from chemicals.identifiers import pubchem_db

    pubchem_db.autoload_main_db()
    idx: dict[str, list[Any]] = collections.defaultdict(list)
    for m in pubchem_db.CAS_index.values():
        idx[m.formula].append(m)
    return idx


def other_builds(paths: list[str]) -> dict[tuple[str, tuple[str, ...]], str]:
    """(Hill formula, card groups) -> the English headline, of every "other" headline in the files."""
    out: dict[tuple[str, tuple[str, ...]], str] = {}
    for path in paths:
        data = json.load(open(path))
        if isinstance(data, dict) and "entries" in data:
            for x in data["entries"]:
                te = en_texts(x)
                if te is None or kind_of(te[0]) != "other":
                    continue
                comp = composition(x["formula"].split(":", 1)[-1])
                line = next((s for s in te[1] if s.startswith("Cards:")), None)
                if comp is None or comp[1] or line is None:
                    continue
                out.setdefault((hill(comp[0]), tuple(sorted(cards_line(line)))), te[0])
        else:  # ck_others.py: "1 C + 1 N + 1 [OH]- | C +4, N -3" -> (de, en)
            for key, (_, en) in data.items():
                comp = composition(en.split(" from these cards", 1)[0])
                groups = [g for n, g in re.findall(r"(\d+) (\[[^ ]+)", key.split(" | ")[0]) for _ in range(int(n))]
                if comp is not None and not comp[1]:
                    out.setdefault((hill(comp[0]), tuple(sorted(groups))), en)
    return out


def main(out: str, paths: list[str]) -> None:
    records = pubchem_records()
    builds = other_builds(paths)
    lines, hits = [], 0
    for (h, groups), title in sorted(builds.items()):
        missing = [g for g in groups if g not in GROUPS]
        if missing:
            lines.append(f"NO PATTERN | {h} | {' + '.join(groups)} | {missing} | {title}")
            continue
        found = [m for m in records.get(h, []) if m.smiles and holds(m.smiles, list(groups))]
        hits += bool(found)
        for m in found:
            lines.append(f"HIT | {h} | {' + '.join(groups)} | {m.common_name} | CAS {m.CASs} | {m.smiles} | {title}")
    head = (f"{len(builds)} distinct 'other' headlines (composition, card groups); {hits} with a PubChem record that holds "
            f"every card group (RDKit): read each")
    Path(out).write_text("\n".join([head] + lines) + "\n")
    print(head)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
