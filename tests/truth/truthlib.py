"""The checker's side of issue 25: an independent truth set and the library checks behind it.

Nothing here reads chemgames' shipped data file (``chemgames/chemistry/data/substances.json``) or
its chemistry code: the rows are written by hand (``rows.txt``), and every expected value is
checked against libraries of the field at run time:

* RDKit ``rdMolDescriptors.CalcOxidationNumbers`` on a SMILES written by hand (IUPAC's bond-graph
  rule; hydrogen's number read from a second pass with explicit hydrogens),
* pymatgen ``Composition.oxi_state_guesses`` (salts and ionic solids),
* mendeleev's list of oxidation states of each element,
* the CRC Handbook table shipped in ``chemicals`` (``CRC_inorganic_data``: names, and a melting
  point, boiling point or density that shows a bulk substance),
* the PubChem identifiers shipped in ``chemicals`` (``search_chemical``): the structure of the
  record, read through RDKit (never its formula string), and its names,
* molmass for reading the formulas,
* and the book each row cites.

Only chemgames' public ``substance(formula, charge, lang)`` is called, and only to compare.
"""
from __future__ import annotations

import itertools
import json
import math
import re
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

HERE = Path(__file__).resolve().parent
ROWS = HERE / "rows.txt"
DATA = HERE / "truth_set.json"

CITATIONS = {
    "HW": "Holleman-Wiberg, Lehrbuch der Anorganischen Chemie, 102. Aufl., de Gruyter 2007",
    "GE": "Greenwood & Earnshaw, Chemistry of the Elements, 2nd ed., Butterworth-Heinemann 1997",
    "RB": "IUPAC, Nomenclature of Inorganic Chemistry (Red Book) 2005",
    "BB": "IUPAC, Nomenclature of Organic Chemistry (Blue Book) 2013",
    "HH": "Huber & Herzberg, Constants of Diatomic Molecules, 1979 (gas-phase spectroscopy)",
    "CRC": "CRC Handbook of Chemistry and Physics (physical constants of inorganic compounds)",
    "OS": "IUPAC 2016, Comprehensive definition of oxidation state (Karen, McArdle, Takats), bond-graph rule",
    "IMA": "IMA list of minerals (International Mineralogical Association, RRUFF database)",
    # s14f: sources read (in stored copies, through the search tool) for the hand rows the self-audit could not
    # confirm; the comment above each row names the article, paper or record and what it states
    "WP": "Wikipedia (English, German or another language), the article named in the comment above the row",
    "LIT": "the paper, handbook text or crystallographic record named in the comment above the row (authors, "
           "journal, volume, year), read as its abstract, title, text or database entry; LIT:<authors>/<journal>/<year> "
           "names one paper by its own key (see PAPER)",
}
# The lead's decision (session 15, s15g): two peer-reviewed papers by different author groups are two independent
# sources of a label; a paper and a review or Wikipedia article that merely cites it are not. A paper is cited by its
# own key LIT:<authors>/<journal>/<year>, authors joined by "+" as read (the first author and "et-al" where only that
# was read): "LIT:Ehrlich+Alt+Gentsch/ZAnorgAllgChem/1956". Such a key is of the kind LIT (one source for numbers,
# names and bonding, as before); only the label counts each paper whose authors share none with a paper counted before.
PAPER = re.compile(r"LIT:([^/\s]+)/([^/\s]+)/(\d{4})")
LABELS = ("exists", "transient", "unknown")
# the elements on the cards of Das Chemie-Kartenspiel (the rule sheet): rows with others test substance()
# as a general reference, beyond what the game can lay
CARD_ELEMENTS = set("H He Li B C N O F Ne Na Mg Al Si P S Cl Ar K Ca Cr Mn Fe Cu Zn Br Tc Ag I Ba W Pt Au Hg Pb "
                    "Bi Po Rn Ra Th U Pu Am".split())
BONDING = ("ionic", "molecular", "network", "element", "metallic", "ion", "cluster")


# ----------------------------------------------------------------------------------------- rows


@dataclass
class Row:
    id: int
    category: str
    formulas: list[str]  # textbook formula and accepted alternatives (ASCII, ions as [SO4]2-)
    query: str  # what the game asks substance(): element symbols in alphabetical order with counts
    charge: int
    counts: dict[str, int]  # one formula unit of the expected substance
    labels: list[str]
    names_de: list[str]
    names_en: list[str]
    ox: list[dict[str, tuple[str, tuple[Fraction, ...]]]]  # alternatives; element -> ("atoms"|"avg", values)
    ox_text: str
    bonding: list[str]
    smiles: str | None
    cite: list[str]
    crc: str | None = None
    evidence: dict[str, Any] = field(default_factory=dict)
    lookup: list[str] = field(default_factory=list)  # English names to find the row in the CRC and PubChem tables

    def __post_init__(self) -> None:
        if not self.lookup:
            self.lookup = list(self.names_en)

    @property
    def label(self) -> str:
        return self.labels[0]


def _split(text: str, sep: str = "|") -> list[str]:
    text = text.strip()
    return [] if text in ("", "-") else [t.strip() for t in text.split(sep) if t.strip()]


def parse_ox(text: str) -> list[dict[str, tuple[str, tuple[Fraction, ...]]]]:
    """``"Fe:2,3,3 O:-2 || ..."`` -> alternatives of element -> (kind, values).

    >>> parse_ox("Fe:2,3,3 O:-2")[0]["Fe"]
    ('atoms', (Fraction(2, 1), Fraction(3, 1), Fraction(3, 1)))
    >>> parse_ox("U:16/3~ O:-2")[0]["U"]
    ('avg', (Fraction(16, 3),))
    >>> parse_ox("none")
    [{}]
    """
    out = []
    for alt in _split(text, "||"):
        if alt.strip() == "none":  # no oxidation numbers at all (a metal-like boride or silicide)
            out.append({})
            continue
        d = {}
        for item in alt.split():
            e, vals = item.split(":")
            kind = "avg" if vals.endswith("~") else "atoms"
            d[e] = (kind, tuple(sorted(Fraction(v) for v in vals.rstrip("~").split(","))))
        out.append(d)
    return out


def composition(formula: str) -> tuple[dict[str, int], int]:
    """Element counts and charge of a formula text, read by molmass (``[SO4]2-``, ``K4[Fe(CN)6]``)."""
    from molmass import Formula

    f = Formula(formula.replace("·", "."))
    comp = {k: v.count for k, v in f.composition().items() if k != "e-"}
    return comp, int(f.charge)


def query_text(counts: dict[str, int]) -> str:
    """As the game asks: element symbols in alphabetical order with their counts (``ClNa``, ``C5FeO5``)."""
    return "".join(e + (str(n) if n > 1 else "") for e, n in sorted(counts.items()))


def read_rows(path: Path = ROWS) -> list[Row]:
    rows: list[Row] = []
    category = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            category = line[3:].strip()
            continue
        if not line.strip() or line.startswith("#"):
            continue
        parts = [p.strip() for p in line.split(" ; ")]
        if len(parts) < 8:
            raise ValueError(f"row with {len(parts)} fields: {line}")
        head, label, de, en, ox, bond, smiles, cite = parts[:8]
        crc = next((p[4:] for p in parts[8:] if p.startswith("crc=")), None)
        formula_part, _, query_part = head.partition("<=")
        formulas = _split(formula_part)
        counts, charge = composition(formulas[0])
        q_counts, q_charge = composition(query_part.strip()) if query_part.strip() else (counts, charge)
        rows.append(Row(len(rows) + 1, category, formulas, query_text(q_counts), q_charge, counts,
                        _split(label), _split(de), _split(en), parse_ox(ox), ox, _split(bond),
                        None if smiles == "-" else smiles, cite.split(), crc))
    return rows


def load_rows() -> list[Row]:
    """The rows of the stored truth set (``truth_set.json``), with their recorded evidence."""
    data = json.loads(DATA.read_text(encoding="utf-8"))
    out = []
    for r in data["rows"]:
        row = Row(r["id"], r["category"], r["formulas"], r["query"], r["charge"], r["counts"], r["labels"],
                  r["names_de"], r["names_en"], parse_ox(r["ox"]), r["ox"], r["bonding"], r["smiles"], r["cite"],
                  r.get("crc"), r.get("evidence", {}), r.get("lookup", []))
        out.append(row)
    return out


# ---------------------------------------------------------------------------- library checks


@lru_cache(maxsize=1)
def _crc():
    from chemicals.miscdata import CRC_inorganic_data

    return CRC_inorganic_data


def _crc_name(name: str) -> str:
    """A CRC name without its trailing remark: 'Lead(II) oxide (massicot)', 'Zinc phosphide [Zn3P2]'."""
    text = re.sub(r"\s*\[[^\[\]]*\]$", "", str(name).strip())
    return re.sub(r"\s*\([^()]*\)$", "", text).lower()


@lru_cache(maxsize=1)
def _crc_by_name() -> dict[str, list[str]]:
    d = _crc()
    out: dict[str, list[str]] = {}
    for cas, n in zip(d.index, d["Chemical"]):
        for key in {str(n).strip().lower(), _crc_name(n)}:
            out.setdefault(key, []).append(cas)
    return out


def crc_record(row: Row) -> dict | None:
    """The CRC row that names this substance (by the row's crc= name or one of its English names):
    CAS, name, and whether a melting point, boiling point or density is tabulated (a bulk substance).
    A CRC name whose PubChem structure (by its CAS) has another composition is not this substance
    (the CRC's 'Chlorine monoxide' is Cl2O, not the ClO radical)."""
    names = ([row.crc] if row.crc else []) + row.lookup
    table = _crc_by_name()
    for n in names:
        for variant in (n, n.replace("aluminium", "aluminum"), n.replace("caesium", "cesium")):
            for cas in table.get(variant.lower(), []):
                pc = _pubchem(cas)
                counts = smiles_counts(pc.smiles) if pc is not None and pc.smiles else None
                agrees = counts is not None and proportional(counts, row.counts)
                # PubChem's structures of inorganic solids are often broken (KBH4 as "[B-].[K+]"), so
                # for a real substance the CRC name decides; a species claimed short-lived or unknown
                # must not borrow another substance's CRC row by a shared name
                if not agrees and row.label != "exists" and counts is not None:
                    continue
                rec = _crc().loc[cas]
                bulk = any(not (isinstance(rec[k], float) and math.isnan(rec[k])) for k in ("Tm", "Tb", "rho"))
                return {"cas": cas, "name": rec["Chemical"], "bulk": bool(bulk),
                        "structure": "PubChem structure agrees" if agrees else "PubChem structure differs or is missing"}
    return None


def crc_salt_names(stem: str) -> list[str]:
    """CRC names that hold ``stem`` as a word (an ion's name inside the names of its salts)."""
    pat = re.compile(r"(^|\s)" + re.escape(stem.lower()) + r"($|\s)")
    return [str(n) for n in _crc()["Chemical"] if pat.search(str(n).lower())]


def smiles_counts(smiles: str) -> dict[str, int] | None:
    """Element counts of every atom of a structure (all fragments, hydrogens included), by RDKit."""
    from rdkit import Chem, RDLogger

    RDLogger.DisableLog("rdApp.*")
    m = Chem.MolFromSmiles(smiles)
    if m is None:
        return None
    m = Chem.AddHs(m)
    out: dict[str, int] = {}
    for a in m.GetAtoms():
        out[a.GetSymbol()] = out.get(a.GetSymbol(), 0) + 1
    return out


def one_substance(smiles: str) -> bool:
    """A structure of one pure substance: one molecule, or ions only (a salt). Several neutral
    fragments ("[H].[H].[Pb]", "O=S(=O)(O)O.[Th]") are a mixture or a broken record."""
    parts = smiles.split(".")
    return len(parts) == 1 or all(re.search(r"[+-]\d*\]", p) for p in parts)


def proportional(a: dict[str, int], b: dict[str, int]) -> bool:
    """Same elements in the same ratio (a salt's record may hold two formula units)."""
    if set(a) != set(b) or not a:
        return False
    e0 = next(iter(a))
    return all(Fraction(a[e], a[e0]) == Fraction(b[e], b[e0]) for e in a)


@lru_cache(maxsize=4096)
def _pubchem(key: str):
    """The PubChem record shipped in ``chemicals`` for a CAS number or an English name, ``None`` where it has none.
    An empty key is an error: ``search_chemical("")`` answers vanadium's record, a wrong structure for a record
    without a CAS number."""
    from chemicals.identifiers import search_chemical

    if not key or not key.strip():
        raise ValueError("nothing to look up: an empty CAS number or name (search_chemical('') answers vanadium)")
    try:
        return search_chemical(key)
    except Exception:
        return None


def pubchem_record(row: Row, cas: str | None = None) -> dict | None:
    """A PubChem record (as shipped in ``chemicals``) whose STRUCTURE has this composition: looked up
    by the CRC's CAS number or by an English name; its formula string is not trusted."""
    keys = ([cas] if cas else []) + row.lookup
    for k in keys:
        rec = _pubchem(k)
        if rec is None or not rec.smiles:
            continue
        counts = smiles_counts(rec.smiles)
        if counts and proportional(counts, row.counts) and one_substance(rec.smiles):
            return {"key": k, "cid": rec.pubchemid, "smiles": rec.smiles, "name": rec.common_name,
                    "iupac": rec.iupac_name, "components": len(rec.smiles.split("."))}
    return None


def pubchem_by_formula(row: Row) -> list[str]:
    """PubChem records of this composition whose structure (RDKit) has it, as names."""
    from chemicals.identifiers import pubchem_db

    out = []
    try:
        pubchem_db.autoload_main_db()
        found = pubchem_db.search_formula(query_text(row.counts).replace("", ""))
    except Exception:
        return out
    for rec in ([found] if found and not isinstance(found, list) else (found or [])):
        counts = smiles_counts(rec.smiles) if rec.smiles else None
        if counts and proportional(counts, row.counts):
            out.append(rec.common_name)
    return out


def rdkit_ox(smiles: str) -> dict[str, tuple[Fraction, ...]] | None:
    """Per-atom oxidation numbers by IUPAC's bond-graph rule (RDKit): heavy atoms from the molecule
    without explicit hydrogens (as RDKit's documentation asks), hydrogen from a second pass with them."""
    from rdkit import Chem, RDLogger
    from rdkit.Chem import rdMolDescriptors

    RDLogger.DisableLog("rdApp.*")
    m = Chem.MolFromSmiles(smiles)
    if m is None:
        return None
    rdMolDescriptors.CalcOxidationNumbers(m)
    out: dict[str, list[Fraction]] = {}
    for a in m.GetAtoms():
        out.setdefault(a.GetSymbol(), []).append(Fraction(a.GetIntProp("OxidationNumber")))
    mh = Chem.AddHs(m)
    rdMolDescriptors.CalcOxidationNumbers(mh)
    for a in mh.GetAtoms():
        if a.GetSymbol() == "H":
            out.setdefault("H", []).append(Fraction(a.GetIntProp("OxidationNumber")))
    return {e: tuple(sorted(v)) for e, v in out.items()}


def pymatgen_guesses(row: Row) -> list[dict[str, Fraction]]:
    """pymatgen's oxidation-state guesses for the composition (element averages), most likely first."""
    import warnings

    from pymatgen.core import Composition

    if row.charge or sum(row.counts.values()) > 30:
        return []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            guesses = Composition(row.counts).oxi_state_guesses(max_sites=-1)
        except Exception:
            return []
    return [{e: Fraction(v).limit_denominator(12) for e, v in g.items()} for g in guesses]


@lru_cache(maxsize=1)
def _mendeleev() -> tuple[dict[str, dict], dict[str, tuple[int, ...]]]:
    """mendeleev's element table (series, Pauling electronegativity) and every oxidation state it
    lists (main and extended), read once as tables (``mendeleev.element()`` is slow per call)."""
    from mendeleev.fetch import fetch_table

    el = fetch_table("elements")
    series = dict(zip(fetch_table("series")["id"], fetch_table("series")["name"]))
    info = {sym: {"series": series.get(sid), "en": None if en != en else float(en), "z": int(z)}
            for sym, sid, en, z in zip(el["symbol"], el["series_id"], el["en_pauling"], el["atomic_number"])}
    ox = fetch_table("oxidationstates")
    by_z: dict[int, list[int]] = {}
    for z, q in zip(ox["atomic_number"], ox["oxidation_state"]):
        by_z.setdefault(int(z), []).append(int(q))
    return info, {sym: tuple(sorted(by_z.get(d["z"], ()))) for sym, d in info.items()}


@lru_cache(maxsize=1)
def _mendeleev_main() -> dict[str, tuple[int, ...]]:
    """mendeleev's MAIN oxidation states of each element (its category 'main')."""
    from mendeleev.fetch import fetch_table

    info = _mendeleev()[0]
    by_z = {d["z"]: sym for sym, d in info.items()}
    ox = fetch_table("oxidationstates")
    out: dict[str, list[int]] = {}
    for z, q, cat in zip(ox["atomic_number"], ox["oxidation_state"], ox["category"]):
        if cat == "main" and int(z) in by_z:
            out.setdefault(by_z[int(z)], []).append(int(q))
    return {e: tuple(sorted(v)) for e, v in out.items()}


_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8}


@lru_cache(maxsize=1)
def crc_halide_oxide_states() -> dict[str, frozenset[int]]:
    """The states the CRC Handbook (the table shipped in ``chemicals``) names in a binary halide or oxide:
    "Titanium(III) chloride" -> Ti 3 (element names from mendeleev)."""
    from mendeleev.fetch import fetch_table

    elements = fetch_table("elements")
    symbol = dict(zip(elements["name"], elements["symbol"]))
    out: dict[str, set[int]] = {}
    for name in _crc()["Chemical"]:
        m = re.fullmatch(r"([A-Z][a-z]+)\(([IVX]+)\) (fluoride|chloride|bromide|iodide|oxide)", str(name))
        if m and m.group(1) in symbol:
            out.setdefault(symbol[m.group(1)], set()).add(_ROMAN[m.group(2)])
    return {e: frozenset(v) for e, v in out.items()}


@lru_cache(maxsize=1)
def named_states() -> dict[str, tuple[int, ...]]:
    """The states a chemist names (s22b): mendeleev's main states with the CRC's binary halide and oxide states."""
    main = _mendeleev_main()
    crc = crc_halide_oxide_states()
    return {e: tuple(sorted(set(main.get(e, ())) | crc.get(e, frozenset()))) for e in set(main) | set(crc)}


def main_states_balance(counts: dict[str, int], charge: int = 0) -> bool:
    """Can mendeleev's main oxidation states balance the composition (each atom one main state,
    atoms of one element may differ, as in Fe3O4)?

    >>> main_states_balance({"Fe": 3, "O": 4}), main_states_balance({"Cr": 1, "B": 2}), main_states_balance({"Fe": 2, "P": 1})
    (True, False, False)
    """
    main = _mendeleev_main()
    sums = {0}
    for e, n in counts.items():
        states = main.get(e) or (0,)
        sums = {a + sum(c) for a in sums for c in itertools.combinations_with_replacement(states, n)}
    return charge in sums


def no_ionic_guess(row: "Row") -> bool:
    """pymatgen finds no ionic assignment of the composition in which every number is a state that
    mendeleev lists for the element (CrB2: its guess Cr +6, B -3 needs B -3, which boron never takes)."""
    for g in pymatgen_guesses(row):
        if all(v.denominator == 1 and int(v) in mendeleev_states(e) for e, v in g.items()):
            return False
    return True


def mendeleev_states(symbol: str) -> tuple[int, ...]:
    return _mendeleev()[1].get(symbol, ())


def _averages(alt: dict[str, tuple[str, tuple[Fraction, ...]]]) -> dict[str, Fraction]:
    return {e: sum(v) / len(v) for e, (_, v) in alt.items()}


def ox_matches(alt, per_atom: dict[str, tuple[Fraction, ...]], counts: dict[str, int]) -> bool:
    """Does an independent per-atom result agree with an expected alternative (averages; and the
    individual values where the row gives them)?"""
    if set(alt) != set(per_atom):
        return False
    for e, (kind, vals) in alt.items():
        got = per_atom[e]
        if sum(got) / len(got) != sum(vals) / len(vals):
            return False
        if kind == "atoms" and len(set(vals)) > 1:
            scale = len(got) // len(vals) if len(vals) and len(got) % len(vals) == 0 else 0
            if not scale or tuple(sorted(vals * scale)) != tuple(sorted(got)):
                return False
    return True


def cite_kind(key: str) -> str:
    """The kind of a citation key: a paper's own key (``PAPER``) is of the kind LIT.

    >>> cite_kind("LIT:Bykov+et-al/ActaCrystE/2015"), cite_kind("WP"), cite_kind("LIT")
    ('LIT', 'WP', 'LIT')
    """
    return "LIT" if PAPER.fullmatch(key) else key


def independent_papers(cite: Iterable[str]) -> list[str]:
    """The paper keys of a row that count as independent sources of its label: each paper whose authors share none
    with a paper counted before it (the same group's second paper is not a second source).

    >>> independent_papers(["WP", "LIT:Ehrlich+Alt+Gentsch/ZAnorgAllgChem/1956", "LIT:Ehrlich+Goertz/ZAnorgAllgChem/1956",
    ...                     "LIT:Reckeweg+DiSalvo/ZNaturforsch/2010"])
    ['LIT:Ehrlich+Alt+Gentsch/ZAnorgAllgChem/1956', 'LIT:Reckeweg+DiSalvo/ZNaturforsch/2010']
    """
    seen: set[str] = set()
    out = []
    for key in cite:
        m = PAPER.fullmatch(key)
        if not m:
            continue
        authors = {a.lower() for a in m[1].split("+") if a.lower() != "et-al"}
        if authors & seen or not authors:
            continue
        seen |= authors
        out.append(key)
    return out


def evidence(row: Row) -> dict[str, list[str]]:
    """Which independent sources back each expected value of the row (computed now)."""
    ev: dict[str, list[str]] = {"label": [], "ox": [], "names": [], "formula": [], "bonding": []}
    cite = list(dict.fromkeys(cite_kind(c) for c in row.cite if cite_kind(c) in CITATIONS))
    papers = independent_papers(row.cite)
    crc = crc_record(row)
    pc = pubchem_record(row, crc["cas"] if crc else None)
    # label
    if row.label == "exists":
        if crc and crc["bulk"]:
            ev["label"].append(f"CRC {crc['cas']} '{crc['name']}' (bulk data)")
        if pc and not row.charge:
            ev["label"].append(f"PubChem {pc['cid']} '{pc['name']}' (structure {pc['smiles'][:40]})")
        if row.charge and row.smiles:
            ev["label"].append("ion of the nomenclature tables (RDKit reads the hand-written structure)")
    elif row.label == "transient":
        if not (crc and crc["bulk"]):
            ev["label"].append("no bulk record in the CRC table")
    else:
        if not (crc and crc["bulk"]):
            ev["label"].append("no bulk record in the CRC table")
        if not pc:
            ev["label"].append("no PubChem structure of this composition under its names")
    # two papers of different groups count twice (``PAPER``); a row citing no paper key counts LIT once
    ev["label"] += [f"cite:{c}" for c in cite if c != "CRC" and not (c == "LIT" and papers)]
    ev["label"] += [f"cite:{p}" for p in papers]
    # a monoatomic ion of a charge its element never takes (Po+, Tm4+): not a species to teach
    if row.label == "unknown" and row.charge and len(row.counts) == 1 and sum(row.counts.values()) == 1:
        (e,) = row.counts
        if row.charge not in mendeleev_states(e):
            ev["label"].insert(0, f"mendeleev: {e} takes no oxidation state {row.charge:+d}")
    # oxidation numbers
    if row.ox == [{}]:  # none at all: a metal-like compound no ionic or valence formalism describes
        if not main_states_balance(row.counts, row.charge):
            ev["ox"].append("mendeleev: no combination of the elements' main oxidation states balances it")
        if no_ionic_guess(row):
            ev["ox"].append("pymatgen: no ionic guess within the states mendeleev lists")
        # an interstitial carbide or nitride (TiC, TiN) balances in main states (Ti +4, C -4) and pymatgen guesses
        # so: that no numbers describe it is the books' word (GE 8.4.2, HW 'Einlagerungsverbindungen'), each a source
        ev["ox"] += [f"cite:{c}" for c in cite if c in ("HW", "GE")][:2]
    elif row.ox:
        per_atom = rdkit_ox(row.smiles) if row.smiles else None
        if per_atom and any(ox_matches(alt, per_atom, row.counts) for alt in row.ox):
            ev["ox"].append(f"RDKit CalcOxidationNumbers on {row.smiles}")
        elif per_atom and any(all(k == "avg" for k, _ in alt.values()) or
                              _averages(alt) == {e: sum(v) / len(v) for e, v in per_atom.items()} for alt in row.ox):
            ev["ox"].append(f"RDKit (element averages) on {row.smiles}")
        guesses = pymatgen_guesses(row)
        top = 3 if any(_is_metal_like(e) for e in row.counts) else 1  # without a metal only its first guess
        if any(_averages(alt) == {e: g.get(e) for e in alt} for alt in row.ox for g in guesses[:top]):
            ev["ox"].append("pymatgen oxi_state_guesses")
        ints = [v for alt in row.ox[:1] for _, vals in alt.values() for v in vals]
        if row.ox and all(v.denominator == 1 and (int(v) in mendeleev_states(e) or v == 0)
                          for e, (_, vals) in row.ox[0].items() for v in vals) and ints:
            ev["ox"].append("mendeleev oxidation states")
        ev["ox"] += [f"cite:{c}" for c in cite if c in ("HW", "GE", "OS", "RB", "BB", "HH", "WP", "LIT")][:1]
    # names
    if row.names_en:
        low = {n.lower() for n in row.names_en}
        if crc and _crc_name(crc["name"]) in {n.replace("aluminium", "aluminum").replace("caesium", "cesium") for n in low} | low:
            ev["names"].append(f"CRC name '{crc['name']}'")
        if "IMA" in row.cite:
            ev["names"].append("cite:IMA (mineral name)")
        if crc and row.crc and crc["name"].lower() == row.crc.lower():
            ev["names"].append(f"CRC name '{crc['name']}' (the same substance)")
        if pc and ({str(pc["name"]).lower(), str(pc["iupac"]).lower()} & low):
            ev["names"].append(f"PubChem name '{pc['name']}'")
        if row.charge:
            for n in row.names_en:
                stem = re.sub(r" ion$", "", n)
                salts = crc_salt_names(stem) if stem != n or len(row.names_en) == 1 else []
                if salts:
                    ev["names"].append(f"CRC salt names with '{stem}': {salts[0]}")
                    break
        rde, ren = rule_names(row)
        if rde & set(row.names_de) and {n.lower() for n in ren} & low:
            ev["names"].append("IUPAC rules (Red Book IR-5) applied to the formula and oxidation numbers")
        ev["names"] += [f"cite:{c}" for c in cite if c in ("RB", "BB", "HW", "GE", "HH", "WP", "LIT")][:1]
    # formula: molmass reads it back to the composition the game asks for
    for f in row.formulas[:1]:
        counts, charge = composition(f)
        q, qc = composition(_query_formula(row))
        if proportional(counts, q) and (charge == qc or not charge):
            ev["formula"].append("molmass reads it to the asked composition")
    ev["formula"] += [f"cite:{c}" for c in cite if c in ("RB", "BB", "HW", "GE")][:1] or ["cite:RB"]
    # bonding class: the textbook rule and a book
    if row.bonding:
        rule = textbook_bonding(row)
        if rule in row.bonding:
            ev["bonding"].append(f"textbook rule -> {rule}")
            ev["bonding"] += [f"cite:{c}" for c in cite if c in ("HW", "GE", "BB", "RB", "HH", "WP", "LIT")][:1]
        else:
            ev["bonding"] += structure_sources(row)
    return ev


#: the kinds of source that describe a solid's structure (not the CRC's constants, not the naming books)
STRUCTURE_KINDS = ("HW", "GE", "WP", "LIT")


def structure_sources(row: Row) -> list[str]:
    """The sources that back a bonding class other than the school rule's (a chain, cluster or network solid of a metal
    and a non-metal): the lead's decision (session 16, review s16f): as for a label, two independent sources describing
    that structure count twice: a handbook and a paper, or two papers of different authors (``independent_papers``),
    or a book and an article. Each kind counts once (plain LIT once, and not again beside a paper key); the CRC's
    constants and the naming books (RB, BB) describe no structure. Before this rule such a class had one source at most
    (the first book key) and never entered the set (PtCl2 polymeric and Pt6Cl12: review s16f, Medium 2).

    >>> def row(cite):
    ...     counts, _ = composition("PtCl2")
    ...     return Row(0, "salt", ["PtCl2"], query_text(counts), 0, counts, ["exists"], [], [], [], "-",
    ...                ["molecular", "network"], None, cite)
    >>> structure_sources(row(["CRC", "HW"]))
    ['cite:HW']
    >>> structure_sources(row(["WP", "LIT:von-Schnering+Chang/ZAnorgAllgChem/2003"]))
    ['cite:WP', 'cite:LIT:von-Schnering+Chang/ZAnorgAllgChem/2003']
    >>> structure_sources(row(["LIT:Ehrlich+Alt/ZAnorgAllgChem/1956", "LIT:Ehrlich+Goertz/ZAnorgAllgChem/1956"]))
    ['cite:LIT:Ehrlich+Alt/ZAnorgAllgChem/1956']
    """
    papers = independent_papers(row.cite)
    kinds = list(dict.fromkeys(cite_kind(c) for c in row.cite))
    out = [f"cite:{k}" for k in kinds if k in STRUCTURE_KINDS and not (k == "LIT" and papers)]
    return out + [f"cite:{p}" for p in papers]


def _query_formula(row: Row) -> str:
    if not row.charge:
        return row.query
    return f"[{row.query}]{abs(row.charge) if abs(row.charge) > 1 else ''}{'+' if row.charge > 0 else '-'}"


# the textbook rule for the bonding class (school chemistry): independent of chemgames
NETWORK = {"SiO2", "SiC", "BN", "Si3N4", "B4C", "C", "WC", "Fe3C",
           "BPO4",  # BO4 and PO4 tetrahedra, a framework isoelectronic with SiO2 (Greenwood & Earnshaw, ch. 6)
           "GeS2",  # GeS4 tetrahedra, like SiO2 (Greenwood & Earnshaw, 'Germanium, Tin and Lead')
           "As2O5", "Sb2O5", "TeO3",  # polymeric oxides of the metalloids (Greenwood & Earnshaw chs. 15, 16)
           # the oxide hydrates MO3·H2O ('tungstic', 'molybdic acid'): layers or chains of MO5(OH2) octahedra, not
           # salts of H+ (Greenwood & Earnshaw, ch. 23, the hydrated oxides)
           "H2WO4", "H2MoO4",
           # BeF4 glass like SiO2; GeX extended solids; B-pnictides of zinc blende (GE 5.3.3, ch. 10, ch. 6)
           "BeF2", "GeTe", "GeSe", "BAs", "BP",
           # the III-V semiconductors: zincblende/wurtzite networks isoelectronic with Si and Ge (GE ch. 7)
           "AlN", "AlP", "AlAs", "AlSb", "GaN", "GaP", "GaAs", "GaSb", "InN", "InP", "InAs", "InSb"}
METAL_MOLECULAR = {"HgCl2", "CrO3", "AuCl3", "OsO4", "RuO4", "Mn2O7", "Tc2O7", "TiCl4", "SnCl4", "WCl6", "WF6",
                   "UF6", "PuF6", "NpF6", "CrO2Cl2", "MoO2Cl2", "WOCl4",
                   "Hg(CN)2",  # linear NC-Hg-CN molecules, hardly dissociated (Holleman-Wiberg, Quecksilbercyanid)
                   "BiH3", "SnH4", "PbH4",  # molecular metal hydrides
                   # chains of BeCl4 tetrahedra; volatile high-valent oxide and iodides (HW; GE ch. 24 for Re2O7)
                   "BeCl2", "Re2O7", "TiI4", "SnI4",  # molecular metal halides, oxides and hydrides (Holleman-Wiberg)
                   # linear X-Hg-Hg-X molecules (Greenwood & Earnshaw 29.3.2; Holleman-Wiberg, Kalomel)
                   "Hg2F2", "Hg2Cl2", "Hg2Br2", "Hg2I2",
                   # ZrCl4 chains (no M-M bond; WCl4, NbCl4: METAL_CLUSTER), O-bridged NbOCl3, BeX4 chains (GE 21-23, 5.3.3)
                   "ZrCl4", "NbOCl3", "BeBr2", "BeI2"}
# s11k (review25d/e): the textbook exceptions to "metal + non-metal: ions; non-metals: molecules", by name.
NETWORK |= {"BAs", "BP",  # zinc blende like diamond (GE ch. 6 'boron phosphide and arsenide'; Acta Cryst. 11 (1958) 310)
            "GeS", "GeSe", "GeTe",  # layer / distorted rock-salt lattices, no molecules (GE ch. 10; HW Germaniumchalkogenide)
            "BeF2"}  # a glass-forming network of BeF4 tetrahedra like SiO2 (GE 5.3.3; HW Berylliumfluorid)
METAL_MOLECULAR |= {"BeBr2", "BeI2",  # BeCl2-type chains of BeX4 tetrahedra, covalent (GE 5.3.3; HW Berylliumhalogenide)
                    "NbOCl3", "NbCl5",  # volatile: O-bridged Nb2Cl6 units; Nb2Cl10 dimers (GE ch. 22)
                    "Hg2Cl2", "Hg2Br2", "Hg2I2"}  # linear X-Hg-Hg-X molecules (GE 29.3.2; HW Quecksilber(I)-halogenide)
# low halides of the 4d/5d metals of groups 5-7: clusters ([Mo6Cl8]Cl4, Re3Cl9) or chains with metal-metal bonds,
# no M2+/M3+/M4+ ions (GE 22.3.5, 23.3.5, 24.3.5; HW Molybdän-, Wolfram-, Niob-, Rheniumhalogenide)
METAL_CLUSTER = {"MoCl2", "MoBr2", "MoI2", "WCl2", "WI2", "ReCl3", "ReBr3",
                 "WCl4", "NbCl4", "NbBr4", "NbI4", "TaCl4", "TaBr4", "MoCl4", "ReCl4", "MoCl3", "MoBr3", "MoI3"}
# s12b: the trihalides of Zr (and Hf): chains of face-sharing octahedra with Zr-Zr bonds (GE 21.3.3; Lachgar, Dudis,
# Corbett 1990 for ZrI3); Grignard reagents: molecules with a covalent Mg-C bond (GE 5.4)
METAL_CLUSTER |= {"ZrCl3", "ZrBr3", "ZrI3"}
METAL_MOLECULAR |= {"CH3MgBr", "HfCl4", "BeI2"}
# s13h: stibnite's ribbons (Sb4S6)n and amorphous polymeric 'Sb2S5', no molecules (GE 'Arsenic, Antimony and
# Bismuth', sulfides; HW Antimonsulfide)
NETWORK |= {"Sb2S3", "Sb2S5"}
# s14f (self-audit of 300 games: 'molecular' unconfirmed), each by the source read for its row in rows.txt:
# PbCl4 a yellow oily liquid of tetrahedral molecules with covalent Pb-Cl bonds (WP 'Lead(IV) chloride'); BiCl3
# pyramidal molecules in the gas and in the crystal (WP 'Bismuth chloride'); molecular H2CrO4 (WP 'Chromic acid');
# TcCl4 an inorganic polymer of TcCl6 octahedra, volatile, no salt of Tc4+ (WP 'Technetium(IV) chloride'), a chain
# solid filed with ZrCl4/HfCl4 above
METAL_MOLECULAR |= {"PbCl4", "BiCl3", "H2CrO4", "TcCl4"}
# HgBr2: molecular structures but for a high-pressure phase (C. R. Chimie 8 (2005) 147, the HgX2 phase diagrams)
METAL_MOLECULAR |= {"HgBr2"}
# ZnH2: Zn and H joined by covalent bonds into a one-dimensional network (polymer) (WP 'Zinc hydride')
NETWORK |= {"ZnH2"}
# molecules in the gas, a salt of ions in the crystal: [PCl4]+[PCl6]-, [PBr4]+Br-, [NO2]+[NO3]- (GE 12.3.5, 11.3.6)
IONIC_SOLID = {"PCl5", "PBr5", "N2O5"}
# the III-V semiconductors: zinc blende / wurtzite networks (Holleman-Wiberg, "III-V-Verbindungen")
III_V = {"Al", "Ga", "In"}, {"N", "P", "As", "Sb"}


def is_metal(symbol: str) -> bool:
    """A metal by mendeleev's series; polonium too (a metal in Greenwood & Earnshaw, ch. 16)."""
    return symbol == "Po" or _mendeleev()[0][symbol]["series"] in (
        "Alkali metals", "Alkaline earth metals", "Transition metals", "Poor metals", "Lanthanides", "Actinides")


def _is_metal_like(symbol: str) -> bool:
    return is_metal(symbol)


def textbook_bonding(row: Row) -> str:
    """Metal + non-metal: ions; non-metals only: molecules; one element: the element (metallic for a
    metal); network solids and molecular metal compounds by name; a charged unit: an ion."""
    f = row.formulas[0]
    if row.charge:
        return "ion"
    if row.category == "metal_like":  # borides, silicides, metal-rich phosphides: metal-like solids (GE 6.3, 9.3, 12.3)
        return "metallic"
    if row.category == "transient":  # gas-phase species: single molecules (Huber & Herzberg)
        return "element" if len(row.counts) == 1 else "molecular"
    if f in NETWORK and len(row.counts) > 1:
        return "network"
    if len(row.counts) == 2 and set(row.counts.values()) == {1} and len(set(row.counts) & III_V[0]) == 1 \
            and len(set(row.counts) & III_V[1]) == 1:
        return "network"
    if len(row.counts) == 1:
        (e,) = row.counts
        return "metallic" if is_metal(e) else "element"
    if f in METAL_CLUSTER:
        return "cluster"
    if f in IONIC_SOLID:
        return "ionic"
    if f in METAL_MOLECULAR or row.category == "carbonyl":
        return "molecular"
    metals = [e for e in row.counts if is_metal(e)]
    if metals:
        return "ionic"
    if re.match(r"^\(?(NH4|\[NH3OH\])", f):  # ammonium-type cation: a salt
        return "ionic"
    return "molecular"


def pauling(symbol: str) -> float | None:
    return _mendeleev()[0][symbol]["en"]


def en_difference(elements: Iterable[str]) -> float | None:
    ens = [x for x in (pauling(e) for e in elements) if x is not None]
    return round(max(ens) - min(ens), 2) if len(ens) > 1 else None


# ------------------------------------------------------------------------------ chemgames' answer


def _norm(text: str | None) -> str:
    if text is None:
        return ""
    return re.sub(r"\s+", " ", str(text).replace("’", "'").replace("\u2011", "-")).strip().casefold()


def _norm_formula(text: str) -> str:
    t = str(text).strip().replace(" ", "").replace("·", ".")
    t = t.translate(str.maketrans("₀₁₂₃₄₅₆₇₈₉⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻", "01234567890123456789+-"))
    return t


def name_ok(name: str | None, accepted: list[str]) -> bool:
    """The name is one of the accepted ones; "Calciumsulfat (Anhydrit)" counts by its head (the
    trivial name in parentheses is the engine's addition, not checked here).

    >>> name_ok("Schwefel (Cyclooctaschwefel)", ["Schwefel"]), name_ok("Eisen(III)-oxid", ["Eisen(II)-oxid"])
    (True, False)
    """
    ok = {_norm(n) for n in accepted}
    if _norm(name) in ok:
        return True
    m = re.match(r"^(.*?)\s+\(([^()]*)\)$", str(name or ""))
    return bool(m) and _norm(m.group(1)) in ok


def engine_label(s: Any) -> str:
    label = getattr(s, "label", None)
    if isinstance(label, str) and label:
        return label
    return "exists" if getattr(s, "known", False) else "unknown"


def engine_bonding(s: Any) -> str | None:
    """chemgames' bonding answer in the checker's classes (main's 'molecular' + reason 'element' is an
    element; a charged species' reason makes it an ion)."""
    raw = getattr(s, "bonding_class", None) or getattr(s, "bonding", None)
    reason = getattr(s, "bonding_reason", None)
    key = reason[0] if isinstance(reason, (tuple, list)) and reason else None
    aliases = {"salt": "ionic", "ionic": "ionic", "covalent_network": "network", "network": "network",
               "giant_covalent": "network", "element": "element", "allotrope": "element", "atomic": "element",
               "metallic": "metallic", "ion": "ion", "molecular": "molecular", "covalent": "molecular",
               "molecular_exception": "molecular", "molecular_metal": "molecular", "metal_molecular": "molecular",
               "metal_metal": "cluster", "cluster": "cluster"}
    if key in ("element", "noble_gas") and raw != "metallic":
        return "element"
    if key in ("polyatomic_ion", "monoatomic_ion", "complex_ion", "ion"):
        return "ion"
    return aliases.get(raw, raw)


def engine_individual(s: Any) -> dict[str, tuple]:
    for attr in ("individual", "oxidation_individual", "average"):
        v = getattr(s, attr, None)
        if isinstance(v, dict) or hasattr(v, "items"):
            return {e: tuple(Fraction(x) for x in vals) for e, vals in v.items()}
    return {}


@dataclass
class Mismatch:
    row: Row
    what: str
    expected: str
    got: str


def engine_answer(row: Row) -> dict[str, Any]:
    """What chemgames' ``substance()`` says about the row's query (both languages)."""
    from chemgames.chemistry import substance

    de = substance(row.query, charge=row.charge, lang="de")
    en = substance(row.query, charge=row.charge, lang="en")
    avg = {e: Fraction(v) for e, v in (de.oxidation_states or {}).items()}
    return {"label": engine_label(de), "formula": de.formula, "name_de": de.name, "name_en": en.name,
            "trivial_de": getattr(de, "trivial_name", None), "trivial_en": getattr(en, "trivial_name", None),
            "ox": avg, "individual": engine_individual(de), "bonding": engine_bonding(de), "raw": de}


def _ox_text(avg: dict[str, Fraction], individual: dict[str, tuple]) -> str:
    parts = []
    for e, v in avg.items():
        if e in individual and len(set(individual[e])) > 1:
            parts.append(f"{e}:{','.join(str(x) for x in sorted(individual[e]))}")
        else:
            parts.append(f"{e}:{v}")
    return " ".join(parts)


def engine_ox_ok(row: Row, avg: dict[str, Fraction], individual: dict[str, tuple]) -> bool:
    for alt in row.ox:
        if set(alt) != set(avg):
            continue
        ok = True
        for e, (kind, vals) in alt.items():
            if avg[e] != sum(vals) / len(vals):
                ok = False
                break
            if kind == "atoms":
                got = individual.get(e)
                if len(set(vals)) > 1:
                    if not got or sorted(set(got)) != sorted(set(vals)) or sum(got) / len(got) != avg[e]:
                        ok = False
                        break
                    scale = len(got) // len(vals) if len(got) % len(vals) == 0 else 0
                    if not scale or sorted(got) != sorted(vals * scale):
                        ok = False
                        break
                elif got and len(set(got)) > 1:
                    ok = False
                    break
        if ok:
            return True
    return False


def compare(row: Row) -> list[Mismatch]:
    """Every way chemgames' answer differs from the row (empty: it agrees)."""
    try:
        a = engine_answer(row)
    except Exception as e:  # an error is a mismatch too, reported with the rest
        return [Mismatch(row, "error", "an answer", f"{type(e).__name__}: {e}"[:80])]
    out = []
    if a["label"] not in row.labels:
        out.append(Mismatch(row, "label", "|".join(row.labels), a["label"]))
    if row.label == "unknown":
        return out  # an invention: no name, formula or numbers to check beyond the label
    forms = {_norm_formula(f) for f in row.formulas}
    if _norm_formula(a["formula"]) not in forms:
        out.append(Mismatch(row, "formula", " | ".join(row.formulas), str(a["formula"])))
    if a["label"] == "unknown":
        return out  # a real substance called unknown: its name and numbers are missing, not listed again
    for lang in ("de", "en"):
        names = getattr(row, f"names_{lang}")
        if names and not name_ok(a[f"name_{lang}"], names):
            out.append(Mismatch(row, f"name_{lang}", " | ".join(names), str(a[f"name_{lang}"])))
    if row.ox and not engine_ox_ok(row, a["ox"], a["individual"]):
        out.append(Mismatch(row, "ox", row.ox_text, _ox_text(a["ox"], a["individual"])))
    if row.bonding and a["bonding"] not in row.bonding:
        out.append(Mismatch(row, "bonding", "|".join(row.bonding), str(a["bonding"])))
    return out


def mismatch_table(mismatches: list[Mismatch], rows_checked: int, header: str = "") -> str:
    """One readable table of every mismatch, grouped by row."""
    lines = []
    if header:
        lines.append(header)
    failed_rows = len({m.row.id for m in mismatches})
    by_field: dict[str, int] = {}
    for m in mismatches:
        by_field[m.what] = by_field.get(m.what, 0) + 1
    lines.append(f"{rows_checked} rows checked, {failed_rows} rows with a mismatch, {len(mismatches)} mismatches "
                 f"({', '.join(f'{k} {v}' for k, v in sorted(by_field.items()))})")
    lines.append("")
    w = max([len(m.row.formulas[0]) for m in mismatches] + [7])
    off = len({m.row.id for m in mismatches if not set(m.row.counts) <= CARD_ELEMENTS})
    lines.append(f"(* = a row with an element that is not on the game's cards: {off} of the rows with a mismatch)")
    lines.append("")
    lines.append(f"{'id':>5}  {'category':<15} {'formula':<{w}}  {'query':<12} {'field':<8} expected  ->  chemgames says")
    for m in mismatches:
        star = " " if set(m.row.counts) <= CARD_ELEMENTS else "*"
        lines.append(f"{m.row.id:>4}{star}  {m.row.category:<15} {m.row.formulas[0]:<{w}}  {m.row.query + (f' ({m.row.charge:+d})' if m.row.charge else ''):<12} "
                     f"{m.what:<8} {m.expected}  ->  {m.got}")
    return "\n".join(lines)


# ------------------------------------------------------------------- names by the IUPAC rules (RB)
# A second source for a row's names: the Red Book's compositional rules (IR-5) applied to the row's
# formula and oxidation numbers, with the element and ion names of the Red Book and their German forms
# (Holleman-Wiberg). Independent of the hand-typed names it backs.

ELEMENT_NAMES = {  # symbol: (de, en)
    "H": ("Wasserstoff", "hydrogen"), "Li": ("Lithium", "lithium"), "Na": ("Natrium", "sodium"),
    "K": ("Kalium", "potassium"), "Rb": ("Rubidium", "rubidium"), "Cs": ("Caesium", "caesium"),
    "Mg": ("Magnesium", "magnesium"), "Ca": ("Calcium", "calcium"), "Sr": ("Strontium", "strontium"),
    "Ba": ("Barium", "barium"), "Ra": ("Radium", "radium"), "Al": ("Aluminium", "aluminium"),
    "Zn": ("Zink", "zinc"), "Ag": ("Silber", "silver"), "Au": ("Gold", "gold"), "Cu": ("Kupfer", "copper"),
    "Fe": ("Eisen", "iron"), "Mn": ("Mangan", "manganese"), "Cr": ("Chrom", "chromium"), "Pb": ("Blei", "lead"),
    "Hg": ("Quecksilber", "mercury"), "Pt": ("Platin", "platinum"), "Tc": ("Technetium", "technetium"),
    "W": ("Wolfram", "tungsten"), "Bi": ("Bismut", "bismuth"), "U": ("Uran", "uranium"),
    "Pu": ("Plutonium", "plutonium"), "Am": ("Americium", "americium"), "Th": ("Thorium", "thorium"),
    "Po": ("Polonium", "polonium"), "B": ("Bor", "boron"), "C": ("Kohlenstoff", "carbon"),
    "N": ("Stickstoff", "nitrogen"), "P": ("Phosphor", "phosphorus"), "S": ("Schwefel", "sulfur"),
    "Cl": ("Chlor", "chlorine"), "Br": ("Brom", "bromine"), "I": ("Iod", "iodine"), "Si": ("Silicium", "silicon"),
    "Se": ("Selen", "selenium"), "Te": ("Tellur", "tellurium"), "As": ("Arsen", "arsenic"),
    "V": ("Vanadium", "vanadium"), "Co": ("Cobalt", "cobalt"), "Ni": ("Nickel", "nickel"),
    "Nb": ("Niob", "niobium"), "Ta": ("Tantal", "tantalum"), "Mo": ("Molybdän", "molybdenum"),
    "Sb": ("Antimon", "antimony"), "Ge": ("Germanium", "germanium"), "Sn": ("Zinn", "tin"),
    "Re": ("Rhenium", "rhenium"), "Eu": ("Europium", "europium"), "Np": ("Neptunium", "neptunium"),
    "Ru": ("Ruthenium", "ruthenium"), "Os": ("Osmium", "osmium"),
}
ANIONS = {  # formula: (charge, de, en), Red Book Table IX / Holleman-Wiberg
    "H": (-1, "hydrid", "hydride"), "F": (-1, "fluorid", "fluoride"), "Cl": (-1, "chlorid", "chloride"),
    "Br": (-1, "bromid", "bromide"), "I": (-1, "iodid", "iodide"), "O": (-2, "oxid", "oxide"),
    "S": (-2, "sulfid", "sulfide"), "N": (-3, "nitrid", "nitride"), "P": (-3, "phosphid", "phosphide"),
    "O2": (-2, "peroxid", "peroxide"), "O3": (-1, "ozonid", "ozonide"), "SO4": (-2, "sulfat", "sulfate"),
    "NO3": (-1, "nitrat", "nitrate"), "NO2": (-1, "nitrit", "nitrite"), "PO4": (-3, "phosphat", "phosphate"),
    "H2PO4": (-1, "dihydrogenphosphat", "dihydrogen phosphate"), "HSO4": (-1, "hydrogensulfat", "hydrogen sulfate"), "HPO4": (-2, "hydrogenphosphat", "hydrogen phosphate"),
    "CO3": (-2, "carbonat", "carbonate"), "TcO4": (-1, "pertechnetat", "pertechnetate"),
    "MnO4": (-1, "permanganat", "permanganate"), "FeO4": (-2, "ferrat(VI)", "ferrate(VI)"),
    "ClO4": (-1, "perchlorat", "perchlorate"), "OH": (-1, "hydroxid", "hydroxide"), "CN": (-1, "cyanid", "cyanide"),
    "Se": (-2, "selenid", "selenide"), "Te": (-2, "tellurid", "telluride"), "As": (-3, "arsenid", "arsenide"),
    "B": (0, "borid", "boride"), "Si": (0, "silicid", "silicide"), "C": (-4, "carbid", "carbide"),
    "SeO4": (-2, "selenat", "selenate"), "SeO3": (-2, "selenit", "selenite"), "AsO4": (-3, "arsenat", "arsenate"),
    "AsO3": (-3, "arsenit", "arsenite"),
    "WO4": (-2, "wolframat", "tungstate"), "S2": (-2, "disulfid", "disulfide"), "SCN": (-1, "thiocyanat", "thiocyanate"), "OCN": (-1, "cyanat", "cyanate"),
}
# Red Book IR-9 (additive names): ligands (de, en; the older -o forms beside the -ido forms of 2005)
LIGANDS = {"NH3": [("ammin", "ammine")], "CN": [("cyanido", "cyanido"), ("cyano", "cyano")],
           "Cl": [("chlorido", "chlorido"), ("chloro", "chloro")], "I": [("iodido", "iodido"), ("iodo", "iodo")],
           "OH": [("hydroxido", "hydroxido"), ("hydroxo", "hydroxo")], "CO": [("carbonyl", "carbonyl")]}
# the central metal of a complex anion (-at / -ate; Red Book IR-9.2.2.3, Holleman-Wiberg)
METALATE = {"Cu": ("cuprat", "cuprate"), "Au": ("aurat", "aurate"), "Ag": ("argentat", "argentate"),
            "Fe": ("ferrat", "ferrate"), "Ni": ("nickelat", "nickelate"), "Co": ("cobaltat", "cobaltate"),
            "Hg": ("mercurat", "mercurate"), "Zn": ("zinkat", "zincate"), "Al": ("aluminat", "aluminate")}
_COMPLEX = re.compile(r"^\[([A-Z][a-z]?)(?:\(([A-Za-z0-9]+)\)(\d*)|([A-Z][a-z]?)(\d*))\]")


def complex_names(row: Row) -> tuple[set[str], set[str]]:
    """Additive names (Red Book IR-9) of a carbonyl M(CO)n / Mx(CO)n, a complex ion [ML_n]q and its salt with
    one simple counter-ion: V(CO)6 vanadium hexacarbonyl, [Ni(CN)4]2- tetracyanidonickelate(II) ion,
    K2[Ni(CN)4] potassium tetracyanidonickelate(II), [Co(NH3)6]Cl3 hexaamminecobalt(III) chloride."""
    de: set[str] = set()
    en: set[str] = set()
    f = row.formulas[0]
    m = re.fullmatch(r"([A-Z][a-z]?)(\d*)\(CO\)(\d+)", f)
    if m and m[1] in ELEMENT_NAMES:
        mde, men = ELEMENT_NAMES[m[1]]
        nm, nl = int(m[2] or 1), int(m[3])
        pm, pl = (PREFIX[nm] if nm > 1 else ""), PREFIX[nl]
        en |= {f"{pm}{men} {pl}carbonyl", f"{pl}carbonyl{pm}{men}"}
        de |= {(pm + mde.lower() + pl + "carbonyl").capitalize(), (pl + "carbonyl" + pm + mde.lower()).capitalize()}
        return de, en
    outer = re.fullmatch(r"([A-Z][a-z]?)(\d*)(\[.+\])|(\[.+\])([A-Za-z0-9()]*)", f.split(" | ")[0])
    body = outer[3] if outer and outer[3] else (outer[4] if outer else f)
    c = _COMPLEX.match(body)
    if not c:
        return de, en
    metal, lig, n = c[1], c[2] or c[4], int((c[3] if c[2] else c[5]) or 1)
    if metal not in ELEMENT_NAMES or lig not in LIGANDS:
        return de, en
    ox = row.ox[0].get(metal) if row.ox and row.ox[0] else None
    q = ox[1][0] if ox else None
    stocks = [""] if q is None or metal in NO_STOCK else [f"({ROMAN[int(q)]})"]
    if metal in NO_STOCK and q is not None:
        stocks.append(f"({ROMAN[int(q)]})")  # Diamminsilber(I) beside Diamminsilber
    ligand_charge = {"NH3": 0, "CO": 0}.get(lig, -1)
    anionic = (q or 0) + n * ligand_charge < 0
    names_de, names_en = set(), set()
    for lde, len_ in LIGANDS[lig]:
        for st in stocks:
            if anionic and metal in METALATE:
                names_de.add(PREFIX[n] + lde + METALATE[metal][0] + st)
                names_en.add(PREFIX[n] + len_ + METALATE[metal][1] + st)
            elif not anionic:
                names_de.add(PREFIX[n] + lde + ELEMENT_NAMES[metal][0].lower() + st)
                names_en.add(PREFIX[n] + len_ + ELEMENT_NAMES[metal][1] + st)
    if row.charge:  # the complex ion itself
        return {x[0].upper() + x[1:] + "-Ion" for x in names_de}, {x + " ion" for x in names_en}
    if outer and outer[1] in ELEMENT_NAMES and anionic:  # K2[Ni(CN)4]: the cation, then the complex anion
        cde, cen = ELEMENT_NAMES[outer[1]]
        return {cde + x for x in names_de}, {f"{cen} {x}" for x in names_en}
    if outer and outer[5] and not anionic:  # [Co(NH3)6]Cl3: the complex cation, then the anion
        anion = outer[5] if outer[5] in ANIONS else re.sub(r"\d+$", "", outer[5].strip("()"))
        if anion in ANIONS:
            a_de, a_en = ANIONS[anion][1], ANIONS[anion][2]
            return ({x[0].upper() + x[1:] + ("-" if x.endswith(")") else "") + a_de for x in names_de},
                    {f"{x} {a_en}" for x in names_en})
    return set(), set()
NO_STOCK = {"Li", "Na", "K", "Rb", "Cs", "Mg", "Ca", "Sr", "Ba", "Ra", "Al", "Zn", "Ag", "NH4"}
CATIONS = {"NH4": ("Ammonium", "ammonium"), "UO2": ("Uranyl", "uranyl"), "PuO2": ("Plutonyl", "plutonyl"),
           "Hg2": ("Quecksilber(I)", "mercury(I)")}
PREFIX = ["", "mono", "di", "tri", "tetra", "penta", "hexa", "hepta", "octa", "nona", "deca"]
ROMAN = ["0", "I", "II", "III", "IV", "V", "VI", "VII", "VIII"]


def _prefixed(n: int, stem: str, first: bool) -> list[str]:
    if n == 1:
        return [stem] if first else ["mon" + stem if stem.startswith("o") else "mono" + stem, stem]
    p = PREFIX[n]
    out = [p + stem]
    if p.endswith("a") and stem.startswith("o"):
        out.append(p[:-1] + stem)  # tetroxide, pentoxide (IR-2.9 allows the elision)
    return out


def rule_names(row: Row) -> tuple[set[str], set[str]]:
    """German and English names by the Red Book's rules for a salt (cation + one anion), a binary
    molecule, a diatomic species or an ion of the tables above; empty sets where the rules here do not reach."""
    de: set[str] = set()
    en: set[str] = set()
    f = row.formulas[0]
    cde_, cen_ = complex_names(row)
    if cde_ or cen_:
        return cde_, cen_
    if row.charge:
        body = re.sub(r"^\[|\][0-9]*[+-]$", "", f)
        if body in ANIONS and ANIONS[body][0] == row.charge:
            de.add(ANIONS[body][1].capitalize() + "-Ion")
            en.add(ANIONS[body][2] + " ion")
        elif body in CATIONS:
            de.add(CATIONS[body][0] + "-Ion")
            en.add(CATIONS[body][1] + " ion")
        return de, en
    m = re.match(r"^(NH4|UO2|PuO2|Hg2|[A-Z][a-z]?)(\d*)(?:\(([A-Za-z0-9]+)\)(\d*)|([A-Za-z0-9]+))$", f)
    if not m:
        return _several_anion_names(row)
    cat, ncat, anion, nan = m.group(1), m.group(2), m.group(3) or m.group(5), m.group(4)
    if m.group(5):
        whole = m.group(5)
        split = (re.sub(r"\d+$", "", whole), re.findall(r"\d+$", whole)[0] if re.search(r"\d+$", whole) else "")
        anion, nan = (whole, "") if whole in ANIONS else split
        # "O2" is a peroxide in Na2O2 but two oxides in TcO2: the reading whose charges balance the cation's
        # oxidation number (the row's) is the one (Tc(IV) with one O2 2- would be a charge of +2)
        if whole in ANIONS and split[0] in ANIONS and split[1] and \
                _balances(row, cat, int(ncat or 1), [(split[0], int(split[1]))]) and \
                not _balances(row, cat, int(ncat or 1), [(whole, 1)]):
            anion, nan = split
    if cat in CATIONS or (cat in ELEMENT_NAMES and is_metal(cat)):
        if anion not in ANIONS:
            return _several_anion_names(row)
        if _cation_ox(row, cat) is not None and not _balances(row, cat, int(ncat or 1), [(anion, int(nan or 1))]):
            return de, en  # KO2 is no peroxide of K(I): a superoxide the table above does not name
        cde, cen = CATIONS.get(cat) or ELEMENT_NAMES[cat]
        ade, aen = ANIONS[anion][1], ANIONS[anion][2]
        stock = ""
        if cat not in NO_STOCK and cat not in CATIONS and row.ox:
            kind, vals = row.ox[0].get(cat, ("", ()))
            if vals and len(set(vals)) == 1 and vals[0].denominator == 1 and 0 <= vals[0] < len(ROMAN):
                stock = f"({ROMAN[int(vals[0])]})"
        head = cde + stock
        de.add(f"{head}-{ade}" if head.endswith(")") else head + ade)
        en.add(f"{cen}{stock} {aen}")
        if row.ox == [{}] and len(row.counts) == 2:
            # no oxidation numbers, no Stock number: the stoichiometric name (IR-5.2: chromium diboride)
            n1, n2 = int(ncat or 1), int(nan or 1)
            for p1 in _prefixed(n1, cen, True):
                for p2 in _prefixed(n2, aen, False):
                    en.add(f"{p1} {p2}")
            for p1 in _prefixed(n1, cde.lower(), True):
                for p2 in _prefixed(n2, ade, False):
                    de.add((p1 + p2).capitalize())
        return de, en
    # a binary molecule or diatomic species of non-metals: multiplying prefixes (IR-5.2)
    # the second element with its count from the composition: "SiO2" is silicon dioxide, not an "O2" peroxide
    other = next((e for e in row.counts if e != cat), "")
    if len(row.counts) == 2 and cat in ELEMENT_NAMES and other in ANIONS and len(ANIONS[other][1]) > 3:
        anion = other
        n1, n2 = row.counts[cat], row.counts[other]
        cde, cen = ELEMENT_NAMES[cat]
        for p1 in _prefixed(n1, cen, True):
            for p2 in _prefixed(n2, ANIONS[anion][2], False):
                en.add(f"{p1} {p2}")
        for p1 in _prefixed(n1, cde.lower(), True):
            for p2 in _prefixed(n2, ANIONS[anion][1], False):
                de.add((p1 + p2).capitalize())
    return de, en


CATION_CHARGES = {"NH4": 1, "UO2": 2, "PuO2": 2, "Hg2": 2}


def _cation_ox(row: Row, cat: str) -> Fraction | None:
    """The cation's charge: a polyatomic cation's (NH4+, UO2 2+), else the oxidation number the row gives
    (one value for every atom); None where the row gives none."""
    if cat in CATION_CHARGES:
        return Fraction(CATION_CHARGES[cat])
    if not row.ox:
        return None
    kind, vals = row.ox[0].get(cat, ("", ()))
    return vals[0] if vals and len(set(vals)) == 1 else None


def _balances(row: Row, cat: str, ncat: int, anions: list[tuple[str, int]]) -> bool:
    """Do the anions' charges (ANIONS) balance the cation's charge? False if unknown; true for a boride or
    silicide (ANIONS gives them no charge: their names do not depend on one)."""
    q = _cation_ox(row, cat)
    if any(ANIONS[a][0] == 0 for a, _ in anions):
        return True
    return q is not None and q * ncat + sum(ANIONS[a][0] * n for a, n in anions) == 0


def _anion_readings(text: str) -> list[list[tuple[str, int]]]:
    """Every way to read ``text`` as a sequence of anions of ANIONS with counts ("Cl(OH)", "OF", "ONO3", "O2").

    >>> _anion_readings("Cl(OH)"), _anion_readings("O2")
    ([[('Cl', 1), ('OH', 1)]], [[('O', 2)], [('O2', 1)]])
    """
    if not text:
        return [[]]
    out = []
    paren = re.match(r"\(([A-Za-z0-9]+)\)(\d*)", text)
    if paren:
        if paren[1] in ANIONS:
            out += [[(paren[1], int(paren[2] or 1))] + rest for rest in _anion_readings(text[paren.end():])]
        return out
    for key in ANIONS:
        if text.startswith(key) and not text[len(key):len(key) + 1].islower():
            digits = re.match(r"\d*", text[len(key):])[0]
            # the count may follow the anion; a key that ends in a digit ("O2") is read with no count after it
            counts = [(int(digits), len(digits))] if digits else [(1, 0)]
            for n, used in counts:
                out += [[(key, n)] + rest for rest in _anion_readings(text[len(key) + used:])]
    return out


def _several_anion_names(row: Row) -> tuple[set[str], set[str]]:
    """Compositional names of a salt of one cation and several anions, one of each (Red Book 2005 IR-5.4
    and IR-2.15(d): the electronegative constituents in alphabetical order of their names; Example: BiClO
    bismuth chloride oxide, ZnI(OH) zinc hydroxide iodide). Every count 1, so the stoichiometric name needs
    no prefix and is the name without a Stock number too; the Stock number from the row's oxidation numbers
    (lead(II) chloride hydroxide). German: the anion names in the alphabetical order of the German names,
    written as one word or joined by hyphens (Bismutchloridoxid, Blei(II)-chlorid-hydroxid). The anions'
    charges must balance the cation's oxidation number (BiONO3: Bi(III), oxide and nitrate)."""
    de: set[str] = set()
    en: set[str] = set()
    m = re.match(r"^(NH4|UO2|PuO2|Hg2|[A-Z][a-z]?)(?=[A-Z(])(.+)$", row.formulas[0])
    if not m or not (m[1] in CATIONS or (m[1] in ELEMENT_NAMES and is_metal(m[1]))):
        return de, en
    two = _two_cation_names(row)
    if two[1]:
        return two
    cat = m[1]
    for reading in _anion_readings(m[2]):
        keys = [a for a, _ in reading]
        if len(set(keys)) < 2 or len(set(keys)) != len(keys) or any(n != 1 for _, n in reading):
            continue  # one anion (the rule above), or a count that needs a prefix: not reached here
        if any(ANIONS[a][0] == 0 for a in keys):
            continue  # a boride or silicide part has no charge to balance (CaSiO3 is no 'ozonide silicide')
        q = _cation_ox(row, cat)
        if q is None:  # no oxidation numbers given: the anions' charges must leave the metal one it takes
            need = -sum(ANIONS[a][0] for a in keys)
            if cat in CATIONS or need <= 0 or need not in mendeleev_states(cat):
                continue
        elif not _balances(row, cat, 1, reading):
            continue
        q = None if cat in CATIONS else q
        cde, cen = CATIONS.get(cat) or ELEMENT_NAMES[cat]
        stocks = [""]
        if q is not None and cat not in NO_STOCK and q.denominator == 1 and 0 <= q < len(ROMAN):
            stocks.append(f"({ROMAN[int(q)]})")
        a_en = " ".join(sorted(ANIONS[a][2] for a in keys))
        a_de = sorted(ANIONS[a][1] for a in keys)
        for st in stocks:
            en.add(f"{cen}{st} {a_en}")
            for tail in ("".join(a_de), "-".join(a_de)):
                de.add(f"{cde}{st}-{tail}" if st else cde + tail)
    return de, en


def _two_cation_names(row: Row) -> tuple[set[str], set[str]]:
    """A salt of two metal cations (one atom each) and one anion: the cations in alphabetical order (Red Book 2005
    IR-2.15(d): "KMgF3 magnesium potassium fluoride"), NaCaPO4 calcium sodium phosphate. Stock numbers only for a
    metal of several charges (as the one-cation rule). German: the German names in either order (the book's
    example is English; whether its German edition sorts by the German names is not read here). The cations'
    oxidation numbers (the row's) must balance the anion's charge."""
    de: set[str] = set()
    en: set[str] = set()
    m = re.fullmatch(r"([A-Z][a-z]?)([A-Z][a-z]?)(?:\(([A-Za-z0-9]+)\)(\d*)|([A-Za-z0-9]+))", row.formulas[0])
    if not m or not row.ox or m[1] == m[2]:
        return de, en
    cats = [m[1], m[2]]
    if not all(c in ELEMENT_NAMES and is_metal(c) for c in cats):
        return de, en
    body = m[3] or m[5]
    readings = [[(body, int(m[4] or 1))]] if m[3] else [r for r in _anion_readings(body) if len(r) == 1]
    for reading in readings:
        (anion, n), = reading
        qs = [_cation_ox(row, c) for c in cats]
        if anion not in ANIONS or None in qs or sum(qs) + ANIONS[anion][0] * n != 0:
            continue
        words = []
        for c, q in zip(cats, qs):
            stock = f"({ROMAN[int(q)]})" if c not in NO_STOCK and q.denominator == 1 and 0 <= q < len(ROMAN) else ""
            words.append((ELEMENT_NAMES[c][1] + stock, ELEMENT_NAMES[c][0] + stock))
        en.add(" ".join(sorted(w[0] for w in words)) + " " + ANIONS[anion][2])
        for first, second in (words, words[::-1]):
            head = first[1] + ("-" if first[1].endswith(")") else "") + \
                (second[1][0].lower() + second[1][1:] if first[1] else second[1])
            de.add(f"{head}-{ANIONS[anion][1]}" if head.endswith(")") else head + ANIONS[anion][1])
    return de, en

