"""Generate ``chemgames/chemistry/data/substances.json`` from the field's libraries.

Sources (install with ``pip install -e .[data]``):

* ``chemicals`` (ChEDL, Caleb Bell): its PubChem-derived identifier tables
  (``Identifiers/*.tsv``: PubChem CID, CAS number, Hill formula, SMILES, IUPAC and common names).
  A formula is *known to the reference* when one of these tables has a record with that Hill formula
  and charge. Hydrate records (a separate water component in the SMILES) are left out: their
  formula is the hydrate's sum formula, not the salt's.
  Where the table's Hill formula is wrong but a name states the formula, e.g. CAS 1317-61-9
  "iron oxide (Fe3O4)" stored as Fe3H8O4, the formula named in the name is indexed too.
* ``chemicals`` again: CRC Handbook melting/boiling points (``chemicals.phase_change``) tell whether
  the substance has been isolated in bulk (``isolable``); PubChem also lists short-lived species.
* ``mendeleev``: Pauling electronegativities, groups, series (metal / non-metal) and the main and
  extended oxidation states of each element.
* German element names: the card data of Das Chemie-Kartenspiel (``chemiekarten/data/cards.json``).

Only what the games can need is kept: elements on the chemistry game cards, at most 24 atoms,
organic molecules with at most 4 carbon atoms, ions. Run: ``python tools/make_substances.py``.
"""
from __future__ import annotations

import json
import re
import sys
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from chemgames.chemistry.substances import METAL_SERIES, reference_key  # noqa: E402

OUT = ROOT / "chemgames" / "chemistry" / "data" / "substances.json"
CARDS = ROOT / "chemgames" / "games" / "chemiekarten" / "data" / "cards.json"
CHEMIX = ROOT / "chemgames" / "games" / "chemix" / "data" / "cards.json"
TABLES = ["chemical identifiers pubchem large.tsv", "chemical identifiers pubchem small.tsv",
          "chemical identifiers example user db.tsv", "Inorganic db.tsv", "Anion db.tsv", "Cation db.tsv"]
MAX_ATOMS = 24
MAX_CARBON = 4
_HILL = re.compile(r"^((?:[A-Z][a-z]?\d*)+)([+-]\d*)?$")
_TOKEN = re.compile(r"([A-Z][a-z]?)(\d*)")
_NAMED = re.compile(r"\(((?:[A-Z][a-z]?\d*|\((?:[A-Z][a-z]?\d*)+\)\d*)+)\)")


def card_elements() -> set[str]:
    cards = json.loads(CARDS.read_text(encoding="utf-8"))["cards"]
    chemix = json.loads(CHEMIX.read_text(encoding="utf-8"))
    return {c["symbol"] for c in cards if c["symbol"] != "Proto"} | set(chemix["elements"]) | set(chemix["noble_gases"])


def parse_hill(text: str) -> tuple[dict[str, int], int] | None:
    """``'O4S-2'`` → ({'O': 4, 'S': 2}, -2) as the chemicals tables write formulas."""
    m = _HILL.match(text)
    if not m:
        return None
    counts: dict[str, int] = {}
    for e, n in _TOKEN.findall(m[1]):
        counts[e] = counts.get(e, 0) + int(n or 1)
    sign = m[2] or ""
    charge = 0
    if sign:
        charge = int(sign[1:] or 1) * (1 if sign[0] == "+" else -1)
    return counts, charge


def drawn_as_ions(smiles: str) -> bool:
    """PubChem draws the substance as separate charged parts: a salt such as (NH4)2CO3."""
    parts = smiles.split(".")
    return len(parts) > 1 and any("+" in p for p in parts) and any("-" in p for p in parts)


def is_hydrate(smiles: str) -> bool:
    parts = smiles.split(".")
    return len(parts) > 1 and "O" in parts


def named_formula(names: list[str], symbols: set[str]) -> list[tuple[dict[str, int], str]]:
    """Formulas stated in a record's names, e.g. 'iron oxide (Fe3O4)' → Fe3O4."""
    from chemgames.chemistry.formula import FormulaError, parse_formula

    found = []
    for name in names:
        for m in _NAMED.finditer(name):
            try:
                f = parse_formula(m[1])
            except FormulaError:
                continue
            if set(f.counts) <= symbols and len(f.counts) > 1:
                found.append((f.counts, name))
    return found


def load_records(elements: set[str]):
    import chemicals

    folder = Path(chemicals.__file__).parent / "Identifiers"
    symbols = set(element_table())
    for table in TABLES:
        with open(folder / table, encoding="utf-8") as fh:
            for line in fh:
                p = line.rstrip("\n").split("\t")
                if len(p) < 9:
                    continue
                parsed = parse_hill(p[2])
                if parsed is None or is_hydrate(p[4]):
                    continue
                counts, charge = parsed
                rec = {"cid": int(p[0]) if p[0].lstrip("-").isdigit() else -1, "cas": p[1], "smiles": p[4],
                       "iupac": p[7], "common": p[8], "synonyms": p[9:], "table": table}
                yield counts, charge, rec
                if charge:
                    continue
                for named, _ in named_formula([p[8]], symbols):
                    if named != counts and set(named) <= elements:
                        yield named, 0, dict(rec, named=True)


def wanted(counts: dict[str, int], elements: set[str]) -> bool:
    return set(counts) <= elements and sum(counts.values()) <= MAX_ATOMS and counts.get("C", 0) <= MAX_CARBON


_ODD_NAME = re.compile(r"anyl|\(\d|CI\)|;|^\d+-\d+-\d$")


def clean(name: str, counts: dict[str, int], symbols: set[str]) -> str | None:
    """A usable English name: not a registry code, not stating another formula ('magnetite (Fe3O4)' for FeO)."""
    name = name.strip()
    if not name or _ODD_NAME.search(name) or len(name) > 60:
        return None
    if any(named != counts for named, _ in named_formula([name], symbols)):
        return None
    return name


def atom_states(smiles: str, counts: dict[str, int], elements: dict[str, dict]) -> dict[str, list[int]]:
    """Per-atom oxidation numbers from the structure (RDKit's CalcOxidationNumbers, Pauling
    electronegativities), for molecules of non-metals drawn as one connected structure; only the
    elements whose atoms differ (CH3COOH: C −3 and +3)."""
    if "." in smiles or not smiles or max(counts.values()) < 2:
        return {}
    from rdkit import Chem, RDLogger
    from rdkit.Chem import rdMolDescriptors

    RDLogger.DisableLog("rdApp.*")
    mol = Chem.MolFromSmiles(smiles)
    if mol is None:
        return {}
    rdMolDescriptors.CalcOxidationNumbers(mol)
    states: dict[str, list[int]] = {}
    for atom in mol.GetAtoms():
        states.setdefault(atom.GetSymbol(), []).append(atom.GetIntProp("OxidationNumber"))
        en = elements[atom.GetSymbol()]["en"] or 0
        h = elements["H"]["en"]
        states.setdefault("H", []).extend([(en > h) - (en < h)] * atom.GetNumImplicitHs() + [(en > h) - (en < h)] *
                                          atom.GetNumExplicitHs())
    states = {e: v for e, v in states.items() if v}
    if {e: len(v) for e, v in states.items()} != counts:
        return {}
    return {e: sorted(v) for e, v in sorted(states.items()) if len(set(v)) > 1}


def element_table() -> dict[str, dict]:
    from mendeleev.fetch import fetch_table

    el = fetch_table("elements")
    series = dict(zip(fetch_table("series")["id"], fetch_table("series")["name"]))
    ox = fetch_table("oxidationstates")
    cards = json.loads(CARDS.read_text(encoding="utf-8"))["cards"]
    german = {c["symbol"]: c["name"]["de"] for c in cards}
    out = {}
    for row in el.itertuples():
        if row.atomic_number > 103:
            break
        states = ox[ox.atomic_number == row.atomic_number]
        out[row.symbol] = {
            "z": int(row.atomic_number),
            "name_en": row.name,
            "name_de": german.get(row.symbol),
            "en": None if row.en_pauling != row.en_pauling else float(row.en_pauling),
            "group": None if row.group_id != row.group_id else int(row.group_id),
            "series": series[row.series_id],
            "main": sorted(int(s) for s in states[states.category == "main"].oxidation_state),
            "extended": sorted(int(s) for s in states[states.category != "main"].oxidation_state),
        }
    return out


def isolable_cas() -> set[str]:
    """CAS numbers with a melting or boiling point in the CRC Handbook tables shipped by chemicals."""
    from chemicals import miscdata

    miscdata._load_miscdata() if hasattr(miscdata, "_load_miscdata") else None
    cas: set[str] = set()
    for table in (miscdata.CRC_inorganic_data, miscdata.CRC_organic_data):
        cols = [c for c in table.columns if c in ("Tm", "Tb")]
        cas |= set(table.index[table[cols].notna().any(axis=1)])
    return cas


def cas_preferences() -> tuple[set[str], set[str]]:
    """The CAS numbers chemicals prefers (or not) where several records share a formula (Fe2O3)."""
    import chemicals

    folder = Path(chemicals.__file__).parent / "Identifiers"
    preferred, unpreferred = set(), set()
    for name in ("inorganic_preferences.json", "organic_preferences.json", "cation_preferences.json",
                 "anion_preferences.json"):
        data = json.loads((folder / name).read_text(encoding="utf-8"))
        preferred |= set(data["preferred_cas"])
        unpreferred |= set(data["unpreferred_cas"])
    return preferred, unpreferred


def build() -> dict:
    elements = card_elements()
    by_key: dict[str, list[dict]] = {}
    for counts, charge, rec in load_records(elements):
        if wanted(counts, elements):
            by_key.setdefault(reference_key(counts, charge), []).append(rec)
    isolable = isolable_cas()
    preferred, unpreferred = cas_preferences()
    elements_table = element_table()
    symbols = set(elements_table)
    substances = {}
    for k in sorted(by_key):
        recs = sorted(by_key[k], key=lambda r: (r.get("named", False), r["cid"] if r["cid"] > 0 else 10**12,
                                                r["cas"] not in preferred, r["cas"] in unpreferred, r["cas"]))
        best = recs[0]
        cas = sorted({r["cas"] for r in recs if r["cas"]})
        counts, _ = parse_hill(k)
        common = next((c for r in recs for c in [clean(r["common"], counts, symbols)] if c), None)
        iupac = next((c for r in recs for c in [clean(r["iupac"], counts, symbols)] if c), None)
        flags = int(any(c in isolable for c in cas)) | (2 if any(drawn_as_ions(r["smiles"]) for r in recs) else 0)
        entry = [best["cid"], best["cas"], common or "", iupac if iupac and iupac != common else "", flags]
        if not any(elements_table[e]["series"] in METAL_SERIES for e in counts):
            states = atom_states(best["smiles"], counts, elements_table)
            if states:
                entry.append(states)
        substances[k] = entry
    return {
        "format": 1,
        "about": ("Substances and ions known to the reference: PubChem records as shipped in the identifier tables of "
                  "the chemicals library, restricted to the elements on the chemistry game cards. entry = [PubChem CID, "
                  "CAS, common name (en), IUPAC name (en) if different, flags (1: a CRC Handbook melting or boiling point "
                  "is listed, the substance is isolable in bulk; 2: PubChem draws it as separate ions), per-atom "
                  "oxidation numbers where an element's atoms differ]. Key = Hill formula, then the charge."),
        "sources": {
            "substances": f"PubChem via chemicals {version('chemicals')} (ChEDL identifier tables: " + ", ".join(TABLES) + ")",
            "atom_states": f"RDKit {version('rdkit')} CalcOxidationNumbers on the PubChem SMILES",
            "isolable": f"CRC Handbook melting/boiling point tables in chemicals {version('chemicals')}",
            "elements": f"mendeleev {version('mendeleev')} (Pauling electronegativity, group, series, main/extended oxidation states)",
            "german_element_names": "chemgames/games/chemiekarten/data/cards.json",
        },
        "limits": {"max_atoms": MAX_ATOMS, "max_carbon": MAX_CARBON, "elements": sorted(elements)},
        "elements": elements_table,
        "substances": substances,
    }


def main(argv: list[str]) -> int:
    data = build()
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=False)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text.replace('],"', '],\n"') + "\n", encoding="utf-8")
    print(f"{OUT.relative_to(ROOT)}: {len(data['substances'])} substances, {OUT.stat().st_size // 1024} kB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
