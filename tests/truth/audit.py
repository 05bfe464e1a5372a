"""Self-audit of Das Chemie-Kartenspiel (issue 25): every statement the explanation prints about a
laid compound, checked against the checker's independent sources.

Seeded bot games (greedy against greedy, the search bot at an easy level against greedy) are played
through the public API; each compound laid (the ``confirm`` action, explained in German and in
English) is read as a student reads it and its statements are checked:

* label: exists / short-lived / not known (or "not known like this; the same composition is X")
  against the truth set (``truthlib``) and the CRC table shipped in ``chemicals`` (read by the
  composition of each CRC entry's PubChem structure, through RDKit); German and English must agree;
* formula: the truth set's textbook formula, else the rules (a metal first, Hg₂²⁺ for mercury(I));
* name: the truth set's names, else the Stock number against the printed oxidation number;
* oxidation numbers "as chemists assign them": the truth set, else they add up to zero, pymatgen's
  guesses for compounds with a metal, mendeleev's states and the electronegativity order for the rest;
  never printed for a compound the game says is not known;
* the bonding sentence against the school rule (metal + non-metal: ions; non-metals: molecules;
  network solids and molecular metal compounds by name), and any electronegativity claim against
  the Pauling values (mendeleev).

A statement the sources cannot decide is listed as "unconfirmed", never counted as true or false.
"""
from __future__ import annotations

import os
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

import truthlib

SUB = str.maketrans("₀₁₂₃₄₅₆₇₈₉⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻−", "01234567890123456789+--")
IONIC_DEN = 1.7  # Pauling's rule of thumb: a difference above ~1.7 means mostly ionic bonds
# a solid of small molecules melts low (held by van der Waals forces; CrO3 470 K, HgCl2 550 K, BiCl3
# 507 K, sucrose ~460 K): a melting point above 1200 K means a network, ionic or metallic solid
MOLECULAR_TM_MAX = 1200.0


# --------------------------------------------------------------------------------- playing games


@dataclass
class Laid:
    counts: tuple[tuple[str, int], ...]
    build: tuple  # free cards and combinations as laid
    charges: dict[str, int]
    texts: dict[str, tuple[str, list[str]]]  # lang -> (title, lines)
    table_label: dict | None
    bot: str
    game: int

    def to_json(self) -> dict:
        return {"counts": self.counts, "build": self.build, "charges": self.charges, "texts": self.texts,
                "table_label": self.table_label, "bot": self.bot, "game": self.game}

    @classmethod
    def from_json(cls, d: dict) -> "Laid":
        build = tuple(tuple(tuple(x) if isinstance(x, list) else x for x in part) for part in d["build"])
        return cls(tuple(tuple(x) for x in d["counts"]), build, d["charges"],
                   {k: (v[0], list(v[1])) for k, v in d["texts"].items()}, d["table_label"], d["bot"], d["game"])


def _compound_counts(c: dict) -> tuple[tuple[str, int], tuple]:
    counts: Counter[str] = Counter(card["symbol"] for card in c["cards"])
    for combo in c["combinations"]:
        comp, _ = truthlib.composition(combo["formula"])
        counts.update(comp)
    build = (tuple(sorted(Counter(card["symbol"] for card in c["cards"]).items())),
             tuple(sorted(combo["formula"] for combo in c["combinations"])))
    return tuple(sorted(counts.items())), build


def play(games: int, first: int = 0, level: str = "easy", on_game=None, kinds: tuple[str, ...] = ("greedy", "search"),
         real_only: bool = False, players: tuple[int, ...] = (2, 3, 4)) -> tuple[list[Laid], dict[str, Any]]:
    """Play ``games`` seeded games and return every compound laid, explained in de and en.

    Game ``i`` has ``players[i % len(players)]`` seats and its main bot is ``kinds[i % len(kinds)]``
    (greedy, or the search bot at ``level``) in seat ``i % seats``; every other seat is greedy. With
    two kinds and three table sizes (coprime) every six games hold each pairing of kind and size.
    Only the explanations of ``confirm`` are computed (every other action takes the engine's fast
    path, ``explain=False``). ``stats`` counts games, actions, CPU seconds, games per kind and size,
    and the turns a seat began with nothing it could lay (``must_pass``: ``hints`` empty)."""
    import chemgames
    from chemgames.bots import GreedyBot
    from chemgames.bots.search import SearchBot

    laid: list[Laid] = []
    stats: dict[str, Any] = {"games": 0, "actions": 0, "cpu": 0.0, "turns": 0, "must_pass": 0,
                             "by_kind": Counter(), "by_players": Counter(), "real_only": real_only, "level": level}
    t0 = time.process_time()
    for i in range(first, first + games):
        kind = kinds[i % len(kinds)]
        n = players[i % len(players)]
        options = {"real_only": True} if real_only else {}
        g = chemgames.new_game("chemiekarten", players=n, seed=20_000 + i, lang="de", **options)
        seat = i % n
        bots: list[Any] = [GreedyBot(i + 1_000 * (k + 1)) for k in range(n)]
        bots[seat] = SearchBot(seed=i, level=level) if kind == "search" else GreedyBot(i)
        names = ["greedy"] * n
        names[seat] = kind
        steps = 0
        turn_seen = None
        while not g.is_over and steps < 20_000:
            p = g.current_player
            start = (g.s_turn, p)
            if start != turn_seen and g.s_phase == "build" and g.s_stage.empty:
                turn_seen = start
                stats["turns"] += 1
                stats["must_pass"] += not g.hints(1)
            a = bots[p].choose(g)
            steps += 1
            if a.kind != "confirm":
                g.apply(a, explain=False)
                continue
            e = g.apply(a)
            table = g.view(None)["table"]
            c = max((x for x in table if x["owner"] == p), key=lambda x: x["id"])
            counts, build = _compound_counts(c)
            texts = {}
            for lang in ("de", "en"):
                x = e.in_lang(lang)
                texts[lang] = (x.title, list(x.lines))
            laid.append(Laid(counts, build, dict(c.get("charges") or {}), texts, c.get("label"), names[p], i))
        stats["games"] += 1
        stats["actions"] += steps
        stats["by_kind"][kind] += 1
        stats["by_players"][n] += 1
        if on_game:
            on_game(i, len(laid))
    stats["cpu"] = time.process_time() - t0
    stats["by_kind"], stats["by_players"] = dict(stats["by_kind"]), {str(k): v for k, v in stats["by_players"].items()}
    return laid, stats


# ------------------------------------------------------------------------------- independent facts


@lru_cache(maxsize=1)
def truth_by_composition() -> dict[str, truthlib.Row]:
    out = {}
    for r in truthlib.load_rows():
        if not r.charge:
            out.setdefault(r.query, r)
    return out


@lru_cache(maxsize=1)
def crc_by_composition() -> dict[str, list[str]]:
    """Composition -> CRC names with bulk data, the composition read from the PubChem structure of
    the CRC entry's CAS number (RDKit); entries without a structure are left out."""
    d = truthlib._crc()
    out: dict[str, list[str]] = {}
    for cas, name, tm, tb, rho in zip(d.index, d["Chemical"], d["Tm"], d["Tb"], d["rho"]):
        if all(x != x for x in (tm, tb, rho)):
            continue
        if "hydrate" in str(name).lower():
            continue  # the record's structure lacks the water
        rec = truthlib._pubchem(cas)
        ok = rec is not None and rec.smiles and truthlib.one_substance(rec.smiles)
        counts = truthlib.smiles_counts(rec.smiles) if ok else None
        if counts:
            out.setdefault(truthlib.query_text(counts), []).append(str(name))
    return out


def _reduced(counts: dict[str, int]) -> dict[str, int]:
    from math import gcd

    g = 0
    for n in counts.values():
        g = gcd(g, n)
    return {e: n // g for e, n in counts.items()} if g > 1 else dict(counts)


_ANIDES = {"oxide": "O", "sulfide": "S", "selenide": "Se", "telluride": "Te", "nitride": "N", "phosphide": "P",
           "arsenide": "As", "hydride": "H", "carbide": "C", "boride": "B", "silicide": "Si", "fluoride": "F",
           "chloride": "Cl", "bromide": "Br", "iodide": "I"}
# parent hydrides (IUPAC Red Book IR-6.2): the names a CRC row uses for them
_HYDRIDE_NAMES = {"plumbane": {"Pb": 1, "H": 4}, "stannane": {"Sn": 1, "H": 4}, "germane": {"Ge": 1, "H": 4},
                  "silane": {"Si": 1, "H": 4}, "phosphine": {"P": 1, "H": 3}, "arsine": {"As": 1, "H": 3},
                  "stibine": {"Sb": 1, "H": 3}}


def _stated(text: str, elements: set[str]) -> dict[str, int] | None:
    """A formula in brackets in a name, in any letter case, of exactly these elements: 'copper nitride
    (cu3n)' → Cu3N; 'Uranium carbide [UC2]' → UC2."""
    symbols = sorted(elements, key=len, reverse=True)
    for m in re.finditer(r"[\[(]([A-Za-z0-9]+)[\])]", text):
        out: dict[str, int] = {}
        rest = m[1]
        while rest:
            e = next((x for x in symbols if rest[:len(x)].lower() == x.lower()), None)
            if e is None:
                break
            digits = re.match(r"\d*", rest[len(e):])[0]
            out[e] = out.get(e, 0) + int(digits or 1)
            rest = rest[len(e) + len(digits):]
        if not rest and set(out) == elements:
            return out
    return None


@lru_cache(maxsize=1)
def crc_named() -> dict[str, list[tuple[str, dict[str, int] | None]]]:
    """Element set -> the CRC rows whose NAME names a binary compound of these elements ('Thorium
    hydride', 'Copper nitride', 'Titanium(IV) oxide (rutile)') or a parent hydride ('Plumbane'), with
    the composition a name states: the CRC name's bracketed formula, the PubChem record name's
    bracketed formula (any case: 'copper nitride (cu3n)'), a parent hydride's formula, a Stock number
    balanced against the anion; else None (the name fixes no composition: 'Thorium hydride')."""
    info = truthlib._mendeleev()[0]
    from mendeleev.fetch import fetch_table

    names = {n.lower(): sym for sym, n in zip(fetch_table("elements")["symbol"], fetch_table("elements")["name"])
             if sym in info}
    names["aluminum"] = "Al"
    names["cesium"] = "Cs"
    charge = {"O": -2, "S": -2, "Se": -2, "Te": -2, "N": -3, "P": -3, "As": -3, "H": -1, "F": -1, "Cl": -1,
              "Br": -1, "I": -1}
    roman = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8}
    d = truthlib._crc()
    out: dict[str, list[tuple[str, dict[str, int] | None]]] = {}
    for cas, name in zip(d.index, d["Chemical"]):
        low = str(name).strip().lower()
        if low in _HYDRIDE_NAMES:
            comp = _HYDRIDE_NAMES[low]
            out.setdefault("".join(sorted(comp)), []).append((str(name), dict(comp)))
            continue
        m = re.match(r"([a-z]+)(?:\(([IVX]+)\))? (mono|di|tri|tetra|penta|hexa)?([a-z]+)\b", str(name).strip(), re.I)
        if not m or m[1].lower() not in names or m[4].lower() not in _ANIDES:
            continue
        elements = {names[m[1].lower()], _ANIDES[m[4].lower()]}
        if len(elements) != 2:
            continue
        comp = _stated(str(name), elements)
        if comp is None and m[3]:  # 'Thorium dicarbide': ThC2
            comp = {names[m[1].lower()]: 1, _ANIDES[m[4].lower()]: ["mono", "di", "tri", "tetra", "penta", "hexa"].index(
                m[3].lower()) + 1}
        if comp is None:
            pc = truthlib._pubchem(cas)
            comp = _stated(str(getattr(pc, "common_name", "") or ""), elements) if pc is not None else None
        anion = _ANIDES[m[4].lower()]
        if comp is None and m[2] and anion in charge:
            from math import gcd

            q, a = roman.get(m[2].upper(), 0), -charge[anion]
            if q:
                g = gcd(q, a)
                comp = {names[m[1].lower()]: a // g, anion: q // g}
        out.setdefault("".join(sorted(elements)), []).append((str(name), comp))
    return out


@lru_cache(maxsize=4096)
def _by_name(name: str, key: str) -> dict[str, Any]:
    counts = {e: int(n) for e, n in re.findall(r"([A-Z][a-z]?)(\d*)", key) for n in [n or 1]}
    out: dict[str, Any] = {"crc": [], "crc_bulk": [], "crc_phase": [], "record": None, "bulk": False, "tm": None}
    d = truthlib._crc()
    table = truthlib._crc_by_name()
    low = name.lower()
    for variant in {low, low.replace("aluminium", "aluminum"), low.replace("caesium", "cesium")}:
        for cas in table.get(variant, []):
            pc = truthlib._pubchem(cas)
            got = truthlib.smiles_counts(pc.smiles) if pc is not None and pc.smiles else None
            if got is not None and truthlib.one_substance(pc.smiles) and not truthlib.proportional(got, counts):
                continue  # the CRC row of that name is another composition (a broken record, "O.O.[Pb]", says nothing)
            rec = d.loc[cas]
            out["crc"].append(str(rec["Chemical"]))
            if any(v == v for v in (rec["Tm"], rec["Tb"], rec["rho"])):
                out["crc_bulk"].append(str(rec["Chemical"]))
            if any(v == v for v in (rec["Tm"], rec["Tb"])):
                out["crc_phase"].append(str(rec["Chemical"]))
            if rec["Tm"] == rec["Tm"]:
                out["tm"] = float(rec["Tm"])
    pc = truthlib._pubchem(name)
    if pc is not None and pc.smiles and truthlib.one_substance(pc.smiles):
        got = truthlib.smiles_counts(pc.smiles)
        if got and truthlib.proportional(got, counts):
            from chemicals.phase_change import Tb, Tm

            out["record"] = pc
            tb, tm = Tb(pc.CASs), Tm(pc.CASs)
            out["bulk"] = bool(tb or tm)
            out["tm"] = out["tm"] or tm
    return out


def by_name(name: str | None, counts: dict[str, int]) -> dict[str, Any]:
    """What sources say of the substance by the English name the explanation prints: the CRC rows of
    that name (their PubChem structure, if any, of this composition), those with bulk data (a melting
    or boiling point or a density), those with a melting or boiling point, and the PubChem record of that name in ``chemicals`` when its
    structure is one substance of this composition, with whether ``chemicals`` tabulates a melting or
    boiling point for it (a substance one can keep), and a melting point (K) from either."""
    if not name:
        return {"crc": [], "crc_bulk": [], "crc_phase": [], "record": None, "bulk": False, "tm": None}
    return _by_name(re.sub(r"\s*\([^()]*\)$", "", name.strip()), truthlib.query_text(counts))


def judge(counts: dict[str, int]) -> dict[str, Any]:
    """What the checker knows about a composition: a truth-set row, CRC entries (by structure), the
    CRC rows whose name names a compound of the same elements (with the composition the name states),
    or nothing."""
    key = truthlib.query_text(counts)
    rows = truth_by_composition()
    row = rows.get(key) or rows.get(truthlib.query_text(_reduced(counts)))
    crc = crc_by_composition().get(key, [])
    named = crc_named().get("".join(sorted(counts)), []) if len(counts) == 2 else []
    return {"row": row, "crc": crc, "named": named}


# ------------------------------------------------------------------------------- reading the texts


LABEL_WORDS = [  # (label, language, pattern) checked in this order on the headline
    ("other", "en", r"same composition is"), ("other", "de", r"dieselbe Zusammensetzung"),
    ("transient", "en", r"short-lived|only briefly"), ("transient", "de", r"kurzlebig|nur kurz"),
    ("unknown", "en", r"not in our reference|knows no substance|not a known substance|no such substance|game's rule only"),
    ("unknown", "de", r"nicht in unserem Nachschlagewerk|kennt unser Nachschlagewerk nicht|kein bekannter Stoff|nur nach Spielregel|gibt es so nicht"),
    # s15h: a composition the sources doubt (Pb(OH)2, Bi(OH)3): "a disputed substance", before "exists" (its sentence
    # says "whether it exists")
    ("disputed", "en", r"\bdisputed\b"), ("disputed", "de", r"\bumstritten"),  # also the table's "…, umstritten"
    ("exists", "en", r"a known substance|the element|\bexists\b"), ("exists", "de", r"ein bekannter Stoff|das Element"),
]

BOND_WORDS = [  # (class, pattern) on a line of the explanation, English
    # s19g: a polymer oxide's sentence opens "An exception to the school rule" (the molecules' words) but says what the
    # solid is: "a framework of WO₆ octahedra / U–O polyhedra … extending in all three directions" (WO3, ReO3, UO3)
    ("network", r"network solid|covalent network|framework of .+ extending in all three directions"),
    # s20c: a metal halide of chains or clusters with M-M bonds also opens "An exception to the school rule" but says
    # what the solid is: "long chains ... (metal–metal bonds)" (WCl4), "clusters ... (metal–metal bonds)" (MoCl2)
    ("cluster", r"\(metal[–-]metal bonds\)"),
    ("element", r"form of the element|the element itself|noble gas: single atoms"),
    ("metallic", r"^metals only|metallic bonding|^a metal-like compound"),
    ("ion", r"polyatomic ion:|a single ion|an ion on its own"),
    # s23c: SCl4's sentence "Non-metals only: in SCl₄, sulfur and chlorine share electron pairs. Whether the solid ..."
    # s26b: the organometallic sentence "a polar covalent bond (a metal–carbon bond); it is no salt of ions" denies the
    # salt: the negated "salt of ions" must not read as ionic (methyllithium's truth row: cluster|molecular)
    ("molecular", r"exception to the school rule|molecular compound|a molecule|substance of molecules|an acid: a molecule"
                  r"|^non-metals only: .* share electron pairs|^an organometallic compound: .* polar covalent bond"),
    ("ionic", r"ionic compound|^a salt|salt of (\S+ )?ions|ions form"),  # "The school rule's salt of Al ions holds only for the solid"
]


def label_of(title: str, lang: str) -> str | None:
    for label, lg, pat in LABEL_WORDS:
        if lg == lang and re.search(pat, title, re.I):
            return label
    return None


def headline_formula(title: str) -> str | None:
    t = title.translate(SUB)
    # a formula may open with a parenthesised polyatomic ion, as the truth set's own (NH4)2SO4 does
    m = re.match(r"^\s*([A-Z(\[][A-Za-z0-9()\[\]·.+-]*)\s*(?::|\s+is\b|\s+from\b|\s+exists\b)", t)
    if m:
        return m.group(1)
    m = re.search(r"no substance ([A-Z][A-Za-z0-9()\[\]]*)", t)
    return m.group(1) if m else None


def headline_name(title: str) -> str | None:
    m = re.match(r"^[^:]+:\s*(?:the element\s+)?(.+?)(?:, a known substance\.| exists only briefly|, a disputed substance:)", title)
    return m.group(1).strip() if m else None


def parse_states(text: str) -> dict[str, tuple[Fraction, tuple[Fraction, ...] | None]]:
    """'Si +4, O −2' / 'Fe +8/3 (the average of +2 / +3 / +3)' -> element -> (average, individual)."""
    out = {}
    t = text.translate(SUB)
    for m in re.finditer(r"\b([A-Z][a-z]?) ([+-]?\d+(?:/\d+)?)(?: \((?:the average of |im Mittel )?([^)]*)\))?", t):
        indiv = None
        if m.group(3):
            vals = re.findall(r"[+-]?\d+(?:/\d+)?", m.group(3))
            indiv = tuple(Fraction(v) for v in vals) if vals else None
        out[m.group(1)] = (Fraction(m.group(2)), indiv)
    return out


def states_line(lines: list[str]) -> tuple[str, str] | None:
    """The line that claims chemists' oxidation numbers: (formula, numbers)."""
    for line in lines:
        m = re.match(r"^Oxidation numbers in (\S+) as chemists assign them: (.+)$", line)
        if m:
            return m.group(1), m.group(2)
    return None


def bonding_of(lines: list[str]) -> tuple[str, str] | None:
    for line in lines:
        for cls, pat in BOND_WORDS:
            if re.search(pat, line, re.I):
                return cls, line
    return None


# ------------------------------------------------------------------------------------- the checks


@dataclass
class Finding:
    kind: str  # "false" (a wrong fact), "notation" (a formula not as a textbook writes it), "unconfirmed", "incomplete"
    what: str
    formula: str
    detail: str
    example: str = ""


@dataclass
class Report:
    compounds: int = 0  # distinct compositions laid
    explanations: int = 0  # distinct explanations checked
    statements: int = 0
    findings: list[Finding] = field(default_factory=list)
    shares: dict[str, dict[str, int]] = field(default_factory=dict)

    def false(self) -> list[Finding]:
        return [f for f in self.findings if f.kind == "false"]

    def notation(self) -> list[Finding]:
        return [f for f in self.findings if f.kind == "notation"]


def _metal(e: str) -> bool:
    return truthlib.is_metal(e)


def _formula_counts(formula: str) -> dict[str, int] | None:
    try:
        comp, _ = truthlib.composition(formula.translate(SUB))
    except Exception:
        return None
    return comp


def check_laid(x: Laid, rep: Report) -> None:
    counts = dict(x.counts)
    key = truthlib.query_text(counts)
    j = judge(counts)
    row: truthlib.Row | None = j["row"]
    title_en, lines_en = x.texts["en"]
    title_de, _ = x.texts["de"]
    shown = headline_formula(title_en) or key
    example = f"{title_en} | {title_de}"

    def false(what: str, detail: str) -> None:
        kind = "notation" if what == "formula" else "false"
        rep.findings.append(Finding(kind, what, shown, detail, example))

    def unconfirmed(what: str, detail: str) -> None:
        rep.findings.append(Finding("unconfirmed", what, shown, detail, example))

    # label, in both languages
    label_en, label_de = label_of(title_en, "en"), label_of(title_de, "de")
    rep.statements += 1
    if label_en != label_de:
        false("label", f"German says {label_de}, English says {label_en}")
    label = label_en
    truth_label = row.labels if row else None
    if label is None:
        unconfirmed("label", "no label found in the headline")
    elif label == "exists":
        if len(counts) == 1 and sum(counts.values()) == 1:
            pass  # a stable element laid alone: the element
        elif truth_label and "exists" not in truth_label:
            false("label", f"called a known substance; the truth set says {'/'.join(truth_label)}")
        elif not truth_label and not j["crc"]:
            stated = [(n, c) for n, c in j["named"] if c]
            vague = [n for n, c in j["named"] if not c]
            if any(truthlib.proportional(c, counts) for _, c in stated):
                pass  # the CRC's name states this composition ('Iron phosphide (FeP)')
            elif any(not re.search(r"[(\[]", n) for n, _ in stated):
                # the CRC names this compound of these elements with another composition (its 'Copper
                # nitride' is Cu3N, its 'Plumbane' PbH4): a known substance of THIS composition is not confirmed
                # (only a plain name is 'the' compound: 'Manganese(IV) oxide' leaves Mn2O7 open, 'Iron
                # phosphide (Fe2P)' leaves Fe3P open)
                n, c = next((n, c) for n, c in stated if not re.search(r"[(\[]", n))
                false("label", f"called a known substance; the CRC's {n} is {truthlib.query_text(c)}")
            else:
                rec = by_name(headline_name(title_en), counts)
                if rec["crc"] or (rec["record"] and rec["bulk"]):
                    rep.statements += 1  # the CRC names it so, or a record of that name and composition has bulk data
                else:
                    unconfirmed("label", "called a known substance; not in the truth set nor (by structure or by its "
                                "name) in the CRC table" + (f" (the CRC's {vague[0]} states no composition)" if vague else "")
                                + (f"; PubChem's {rec['record'].CASs} has no melting or boiling point" if rec["record"] else ""))
    elif label == "disputed":
        # a hedge (s15h): true where the truth set allows both "exists" and "unknown" (the chemist's "either"); a row
        # that says only one of them, or none, leaves it unconfirmed
        if truth_label and {"exists", "unknown"} <= set(truth_label):
            rep.statements += 1
        else:
            unconfirmed("label", "called disputed; " + (f"the truth set says {'/'.join(truth_label)}" if truth_label
                                                        else "no truth-set row"))
    elif label == "transient":
        if truth_label and "transient" not in truth_label:
            false("label", f"called short-lived; the truth set says {'/'.join(truth_label)}")
        elif not truth_label:
            rec = by_name(headline_name(title_en), counts)
            if rec["crc_phase"]:
                false("label", f"called short-lived; the CRC lists {rec['crc_phase'][0]} with a melting or boiling "
                               f"point (a substance one can keep)")
            elif rec["crc_bulk"]:
                # a density alone is weaker evidence (the CRC's Copper(I) fluoride, which the books doubt)
                unconfirmed("label", f"called short-lived; the CRC lists {rec['crc_bulk'][0]} with a density only")
            else:
                unconfirmed("label", "called short-lived; not in the truth set")
    elif label in ("unknown", "other"):
        named = [n for n, c in j["named"] if c and truthlib.proportional(c, counts)]
        if label == "unknown" and not row and not j["crc"] and named:
            # a game-only claim checked against the CRC by name: the table lists the substance (TiO2 as
            # 'Titanium(IV) oxide (rutile)', Cu3N as 'Copper nitride (cu3n)'), the reference lacks it
            rep.findings.append(Finding("incomplete", "label", shown, f"called not in our reference; the CRC lists "
                                        f"{named[0]}", example))
        real = (truth_label and truth_label[0] in ("exists", "transient")) or bool(j["crc"])
        if label == "unknown" and real:
            what = f"{row.formulas[0]} ({truth_label[0]})" if row else ", ".join(j["crc"][:2])
            itself = row and truthlib._norm_formula(shown) in {truthlib._norm_formula(f) for f in row.formulas}
            rep.findings.append(Finding("false" if itself else "incomplete", "label", shown,
                                        f"called not known; {'it is' if itself else 'the same composition is'} "
                                        f"the real substance {what}", example))
        if label == "other":
            if not real:
                false("label", "names a real substance of the same composition; the checker knows none")
            else:
                m = re.search(r"same composition is (.+?)\.?$", title_en)
                named = m.group(1) if m else ""
                rep.statements += 1
                # a formula may open with a bracketed ion, as the truth set's own [NH3OH]Cl does
                fm = re.findall(r"(\[?[A-Z][A-Za-z0-9()₀-₉\[\]]*[0-9₀-₉)A-Za-z])", named)
                ok_formula = [f for f in fm if _formula_counts(f) and truthlib.proportional(_formula_counts(f), counts)]
                if not ok_formula:
                    false("label", f"the substance named as the same composition ({named}) has another composition")
                elif row and not any(truthlib._norm_formula(f) in {truthlib._norm_formula(y) for y in row.formulas}
                                     for f in ok_formula):
                    false("formula", f"same composition written {ok_formula[0]}; textbook: {row.formulas[0]}")
                st = parse_states(named)
                if row and row.ox and st:
                    rep.statements += 1
                    avg = {e: v for e, (v, _) in st.items()}
                    if not any(all(avg.get(e) == sum(v) / len(v) for e, (_, v) in alt.items() if e in avg)
                               for alt in row.ox):
                        false("ox", f"states of the same-composition substance {st}; truth set {row.ox_text}")

    # the label shown beside the compound on the table says the same as the headline
    if x.table_label and x.table_label.get("text") and label:
        rep.statements += 1
        tl = label_of(str(x.table_label["text"]), "de") or ("exists" if x.table_label.get("kind") == "known" else None)
        if tl and tl != label and not (tl == "exists" and len(counts) == 1):
            false("label", f"the table shows '{x.table_label['text']}' ({tl}), the explanation says {label}")

    # "the oxidation number of X in F is V" (a card charge that differs from chemistry)
    for line in lines_en:
        for m in re.finditer(r"oxidation number of ([A-Z][a-z]?) in (\S+) is ([+-]?\d+(?:/\d+)?)",
                             line.translate(SUB)):
            rep.statements += 1
            e, v = m.group(1), Fraction(m.group(3))
            if row and row.ox and label in ("exists", "other", "transient") and not any(
                    e in alt and sum(alt[e][1]) / len(alt[e][1]) == v for alt in row.ox):
                false("ox", f"says the oxidation number of {e} is {v}; the truth set: {row.ox_text}")

    # formula of a real substance
    if label == "exists" and row and not (len(counts) == 1):
        rep.statements += 1
        if truthlib._norm_formula(shown) not in {truthlib._norm_formula(f) for f in row.formulas}:
            false("formula", f"written {shown}; textbook: {' | '.join(row.formulas)}")
    if label == "unknown" and shown and len(counts) > 1:
        _check_build_formula(x, shown, false)
    if label == "exists" and "Hg" in counts and shown and "Hg2" not in shown.translate(SUB):
        sl0 = states_line(lines_en)
        hg = parse_states(sl0[1]).get("Hg") if sl0 else None
        if (hg and hg[0] == 1) or (row and row.ox and any(a.get("Hg", ("", (0,)))[1][0] == 1 for a in row.ox)):
            rep.statements += 1
            false("formula", f"mercury(I) written {shown}: the ion is Hg₂²⁺ (Hg2…)")

    # name of a real substance
    if label in ("exists", "transient") and row:
        for lang, title in (("en", title_en), ("de", title_de)):
            names = row.names_en if lang == "en" else row.names_de
            name = headline_name(title) if lang == "en" else _name_de(title)
            if names and name:
                rep.statements += 1
                if not truthlib.name_ok(name, names):
                    false(f"name_{lang}", f"named '{name}'; the truth set: {' | '.join(names)}")

    # oxidation numbers as chemists assign them
    sl = states_line(lines_en)
    if sl:
        rep.statements += 1
        st = parse_states(sl[1])
        about_real = label == "other" and truthlib._norm_formula(sl[0].translate(SUB)) != truthlib._norm_formula(shown)
        if label in ("unknown", "other") and not about_real:
            false("ox", "chemists' oxidation numbers printed for a compound the game calls not known")
        total = sum(v * counts.get(e, 0) for e, (v, _) in st.items())
        if total != 0 or set(st) != set(counts):
            false("ox", f"the printed numbers {sl[1]} do not add up to zero over {key}")
        elif row and row.ox and label == "exists":
            avg = {e: v for e, (v, _) in st.items()}
            indiv = {e: i for e, (_, i) in st.items() if i}
            if not truthlib.engine_ox_ok(row, avg, indiv):
                false("ox", f"printed {sl[1]}; the truth set: {row.ox_text}")
        elif not row:
            _check_states_without_row(counts, st, sl[1], false, unconfirmed)
            rec = by_name(headline_name(title_en), counts)["record"] if label in ("exists", "transient") else None
            if rec is not None and not any(_metal(e) for e in counts):
                # a molecule: RDKit's IUPAC bond-graph rule on the record's structure (the record of the
                # name the explanation prints, of this composition)
                rd = truthlib.rdkit_ox(rec.smiles)
                rep.statements += 1
                if rd and any(sum(rd.get(e, ())) / max(1, len(rd.get(e, ()))) != v for e, (v, _) in st.items()):
                    false("ox", f"printed {sl[1]}; RDKit on PubChem's {rec.CASs} ({rec.smiles}) gives "
                                + ", ".join(f"{e} {'/'.join(ox_sign(x) for x in v)}" for e, v in sorted(rd.items())))

    # the bonding sentence and any electronegativity claim
    b = bonding_of(lines_en)
    if b:
        cls, line = b
        rep.statements += 1
        expected = row.bonding if row and row.bonding else None
        metals = [e for e in counts if _metal(e)]
        if expected and cls not in expected and not (cls == "molecular" and "element" in expected and len(counts) == 1):
            false("bonding", f"bonding sentence '{cls}'; expected {'/'.join(expected)}: {line[:90]}")
        elif expected is None and label == "exists":
            # without a row only the school rule's clear cases decide: no ions without a metal or an
            # ammonium-type cation; interstitial carbides/nitrides are no salts; a metal compound called
            # molecular is left to the books (HgBr2, PbCl4, BiCl3 are; AlCl3 is disputed)
            if cls == "ionic" and not metals and _school_rule(counts, shown) != "ionic":
                false("bonding", f"bonding sentence 'ionic' without a metal or an ammonium-type cation: {line[:90]}")
            elif cls == "ionic" and _interstitial(counts):
                false("bonding", f"bonding sentence 'ionic' for a metal-like carbide/nitride/boride or metal-rich "
                                 f"phosphide/arsenide/silicide: {line[:90]}")
            elif cls in ("molecular", "network") and metals and not _interstitial(counts):
                unconfirmed("bonding", f"a metal compound called '{cls}': {line[:90]}")
        if cls == "molecular" and label == "exists":
            tm = by_name(headline_name(title_en), counts)["tm"]
            if tm and tm > MOLECULAR_TM_MAX:
                rep.statements += 1
                false("bonding", f"called a substance of molecules, but it melts at {tm:.0f} K (CRC / chemicals); "
                                 f"molecular solids melt far lower: a network or an ionic solid")
        den = truthlib.en_difference(counts)
        if re.search(r"large electronegativity difference", line, re.I) and den is not None and den < IONIC_DEN:
            rep.statements += 1
            false("ΔEN", f"claims a large electronegativity difference at {den:.2f} (Pauling)")
        if re.search(r"small electronegativity difference", line, re.I) and den is not None and den >= IONIC_DEN:
            rep.statements += 1
            false("ΔEN", f"claims a small electronegativity difference at {den:.2f} (Pauling)")
        for num in re.findall(r"(?:ΔEN|difference)[^0-9]{0,12}(\d+[.,]\d+)", line):
            rep.statements += 1
            v = float(num.replace(",", "."))
            pairs = {round(abs((truthlib.pauling(a) or 0) - (truthlib.pauling(c) or 0)), 2) for a in counts for c in counts}
            if all(abs(v - p) > 0.011 for p in pairs):
                false("ΔEN", f"prints a difference of {v}; the Pauling differences here are {sorted(pairs)}")
    if sl and not b and label == "exists" and len(counts) > 1:
        pass  # no bonding sentence: nothing claimed

    # what the rest of the explanation prints: molar mass, sums, German beside English, names
    _check_molar_mass(x, counts, rep, false)
    _check_sums(x, rep, false)
    _check_languages_agree(x, rep, false)
    _check_stock_numbers(x, counts, shown, rep, false)
    # a row without names (none written, or dropped for want of a second source) leaves them to the rules and the CRC,
    # as without a row: an unsourced name stays unconfirmed instead of going unchecked (s14f)
    if label in ("exists", "transient", "disputed") and (not row or not (row.names_de or row.names_en)) and len(counts) > 1:
        _check_names_without_row(x, counts, shown, j, rep, unconfirmed)


# ----------------------------------------------------------- molar mass, sums, languages, names

# IUPAC gives a standard atomic weight to every element with a stable isotope and to Th, Pa and U;
# for the other radioactive elements a table prints the mass number of a long-lived isotope ([98] Tc)
_STANDARD_RADIOACTIVE = {"Th", "Pa", "U"}


@lru_cache(maxsize=None)
def _atomic_masses(e: str) -> tuple[float, ...]:
    """The relative atomic masses a table may print for ``e``: molmass's and mendeleev's; for an
    element without a standard atomic weight (Tc, Po, Ra, Pu, Am …) also the mass numbers of the
    isotopes they name (Tc 98, Pu 244)."""
    import molmass
    from mendeleev.fetch import fetch_table

    el = fetch_table("elements").set_index("symbol")
    out = [float(molmass.ELEMENTS[e].mass)]
    if e in el.index and el.loc[e, "atomic_weight"] == el.loc[e, "atomic_weight"]:
        out.append(float(el.loc[e, "atomic_weight"]))
    if e in el.index and bool(el.loc[e, "is_radioactive"]) and e not in _STANDARD_RADIOACTIVE:
        out += [float(round(w)) for w in out]
    return tuple(sorted(set(out)))


_NUM = {"en": r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?", "de": r"\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+(?:,\d+)?"}


def _numbers(text: str, lang: str) -> list[float]:
    """Every number in a line as the locale writes it (decimal comma and point grouping in German)."""
    out = []
    for m in re.finditer(_NUM[lang], text):
        t = m.group(0)
        t = t.replace(".", "").replace(",", ".") if lang == "de" else t.replace(",", "")
        out.append(float(t))
    return out


def _check_molar_mass(x: Laid, counts: dict[str, int], rep: Report, false) -> None:
    """'Molar mass of PtBrN: 1 · 195.08 + 1 · 79.90 + 1 · 14.01 = 288.99 g/mol': the formula is a whole
    number of sets of the cards' atoms; each term is an element's count and its relative atomic mass
    (molmass, mendeleev) rounded to 0.01; the total is the sum, and molmass's mass of the formula."""
    import molmass

    for lang, head in (("en", r"Molar mass of (\S+): (.+) = ([\d.,]+) g/mol"),
                       ("de", r"Molare Masse von (\S+): (.+) = ([\d.,]+) g/mol")):
        for line in x.texts[lang][1]:
            m = re.match(head, line)
            if not m:
                continue
            rep.statements += 1
            formula = m.group(1).translate(SUB)
            comp = _formula_counts(formula)
            if not comp or set(comp) != set(counts) or len({Fraction(comp[e], counts[e]) for e in counts}) != 1 \
                    or comp[next(iter(counts))] < counts[next(iter(counts))]:
                false("mass", f"({lang}) the molar mass is given for {formula}, not a whole number of these cards' "
                              f"atoms ({truthlib.query_text(counts)})")
                continue
            terms = [(int(n), _numbers(v, lang)[0]) for n, v in re.findall(r"(\d+) · (\d[\d.,]*)", m.group(2))]
            total = _numbers(m.group(3), lang)[0]
            left = list(terms)
            for e, n in comp.items():
                hit = next((t for t in left if t[0] == n and any(abs(t[1] - round(w, 2)) <= 0.011
                                                                  for w in _atomic_masses(e))), None)
                if hit is None:
                    false("mass", f"({lang}) no term {n} · {[round(w, 2) for w in _atomic_masses(e)]} for {e} "
                                  f"in '{m.group(2)}'")
                else:
                    left.remove(hit)
            if left:
                false("mass", f"({lang}) terms {left} belong to no element of {formula}")
            if abs(sum(n * w for n, w in terms) - total) > 0.011:
                false("mass", f"({lang}) the terms add up to {sum(n * w for n, w in terms):.2f}, printed {total}")
            try:
                ref = float(molmass.Formula(formula).mass)
            except Exception:
                ref = None
            # rounded terms: each off by at most 0.005 per atom; an element without a standard weight
            # may use another isotope than molmass (mendeleev's, checked per term above)
            slack = 0.005 * sum(comp.values()) + 0.011 + sum(
                n * (max(_atomic_masses(e)) - min(_atomic_masses(e))) for e, n in comp.items())
            if ref is not None and abs(ref - total) > slack:
                false("mass", f"({lang}) printed {total} g/mol; molmass gives {ref:.2f} for {formula}")


def _check_sums(x: Laid, rep: Report, false) -> None:
    """'Sum of the card charges: 1·(+4) + 1·(−1) + 1·(−3) = 0' (and the ion balance, and the real substance's
    sum beside the cards') adds up and is zero; the game's charges
    printed are the cards' charges; 'Points: 5 + 3 + 2 = 10' adds up."""
    for line in x.texts["en"][1]:
        t = line.translate(SUB)
        # the cards' balance, and the real substance's sum beside it ("… in KNO₃ (K⁺, NO₃⁻): 1·(+1) + 1·(−1) = 0")
        m = re.match(r"(?:Sum of the (?:card charges|oxidation numbers)|Balance of the ion charges)"
                     r"(?: in \S+(?: \([^)]*\))?)?: (.+) = ([+-]?\d+)$", t)
        if m:
            rep.statements += 1
            terms = re.findall(r"(\d+)·\(([+-]?\d+)\)", m.group(1))
            total = sum(int(n) * int(q) for n, q in terms)
            if not terms or total != int(m.group(2)) or total != 0:
                false("sum", f"'{line}' adds up to {total}")
        m = re.match(r"Points: (.+) = (\d+)$", t)
        if m and "×" not in m.group(1) and "·" not in m.group(1):
            rep.statements += 1
            vals = [int(v) for v in re.findall(r"[+-]?\d+", m.group(1))]
            if sum(vals) != int(m.group(2)):
                false("sum", f"'{line}' adds up to {sum(vals)}")
        m = re.match(r"Charges in the game \([^)]*\): (.+)$", t)
        if m and x.charges:
            rep.statements += 1
            printed = {e: int(v) for e, v in re.findall(r"\b([A-Z][a-z]?) ([+-]?\d+)\b", m.group(1))}
            cards = {e: q for e, q in x.charges.items() if e in printed}
            if printed != cards:
                false("sum", f"the game's charges printed {printed}; the cards' charges {x.charges}")


BOND_WORDS_DE = [  # the German bonding sentences, in the order of BOND_WORDS
    ("network", r"Atomgitter|Gerüst aus .+ in alle drei Raumrichtungen"),
    ("cluster", r"\(Metall[–-]Metall-Bindungen\)"),
    ("element", r"Form des Elements|Das Element selbst|Edelgas: einzelne Atome"),
    ("metallic", r"^Nur Metalle|Metallbindung|^Eine metallartige Verbindung"),
    ("ion", r"mehratomiges Ion:|Ein einzelnes Ion|Ein Ion für sich"),
    ("molecular", r"Ausnahme von der Schulregel|Stoff aus Molekülen|Ein Molekül|Eine Säure: ein Molekül"
                  r"|^Nur Nichtmetalle: .* teilen .* Elektronenpaare|^Eine metallorganische Verbindung: .* polare "
                  r"Elektronenpaarbindung"),
    ("ionic", r"\bSalz\b|Ionenverbindung|Ionen bilden|entstehen Ionen"),
]


def _check_languages_agree(x: Laid, rep: Report, false) -> None:
    """The German explanation says what the English one says: the same lines with the same numbers
    (German with a decimal comma) and the same bonding class."""
    en, de = x.texts["en"][1], x.texts["de"][1]
    rep.statements += 1
    if len(en) != len(de):
        false("language", f"{len(de)} German lines, {len(en)} English lines")
        return
    for le, ld in zip(en, de):
        ne, nd = sorted(_numbers(le.translate(SUB), "en")), sorted(_numbers(ld.translate(SUB), "de"))
        if ne != nd:
            false("language", f"German numbers {nd} ≠ English {ne}: '{ld[:80]}' | '{le[:80]}'")
        if re.search(r"\d\.\d{1,2}(?!\d)", ld):
            false("language", f"a decimal point in German: '{ld[:90]}'")
    b_en = bonding_of(en)
    b_de = next(((c, line) for line in de for c, pat in BOND_WORDS_DE if re.search(pat, line)), None)
    if b_en or b_de:
        rep.statements += 1
        if (b_en and b_en[0]) != (b_de and b_de[0]):
            false("language", f"bonding: German '{b_de and b_de[0]}', English '{b_en and b_en[0]}'")


_ROMAN = {r: i for i, r in enumerate(truthlib.ROMAN)}


def _stock_claims(name: str, lang: str) -> list[tuple[str, set[int]]]:
    """'iron(II,III) oxide' → [('Fe', {2, 3})]; 'Kalium-hexacyanidoferrat(II)' → [('Fe', {2})]."""
    out = []
    stems = {sym: (de.lower() if lang == "de" else en) for sym, (de, en) in truthlib.ELEMENT_NAMES.items()}
    metalate = {sym: (de if lang == "de" else en) for sym, (de, en) in truthlib.METALATE.items()}
    for m in re.finditer(r"([A-Za-zäöüÄÖÜß]+)\(([IVX0]+(?:,[IVX0]+)*)\)", name):
        word = m.group(1).lower()
        sym = next((s for s, st in sorted(stems.items(), key=lambda kv: -len(kv[1])) if word.endswith(st)), None)
        sym = sym or next((s for s, st in metalate.items() if word.endswith(st)), None)
        vals = {_ROMAN.get(r) for r in m.group(2).split(",")}
        if sym and None not in vals:
            out.append((sym, vals))
    return out


def _check_stock_numbers(x: Laid, counts: dict[str, int], shown: str, rep: Report, false) -> None:
    """A Stock number in a name (de and en) is the oxidation number the explanation prints for that
    element (each individual value where atoms differ: iron(II,III) beside Fe +2 / +3 / +3)."""
    sl = states_line(x.texts["en"][1])
    if not sl or truthlib._norm_formula(sl[0].translate(SUB)) != truthlib._norm_formula(shown):
        return
    st = parse_states(sl[1])
    for lang, title in (("en", x.texts["en"][0]), ("de", x.texts["de"][0])):
        name = headline_name(title) if lang == "en" else _name_de(title)
        for sym, vals in _stock_claims(name or "", lang):
            if sym not in st or sym not in counts:
                continue
            rep.statements += 1
            avg, indiv = st[sym]
            printed = set(indiv) if indiv else {avg}
            if printed != {Fraction(v) for v in vals}:
                false(f"name_{lang}", f"the name '{name}' gives {sym} {sorted(vals)}; the printed number is {sl[1]}")


# English ion-name stems whose German form is not the stem with -id/-at/-it (Holleman-Wiberg)
_STEMS_DE = {"tungstate": "wolframat", "sulfate": "sulfat", "sulfite": "sulfit", "sulfide": "sulfid"}


def german_names(en: str) -> set[str]:
    """The German forms of an English compositional name: element names translated, ``-ide/-ate/-ite``
    as ``-id/-at/-it``, the cation joined to the anion (with a hyphen after a Stock number), several
    anions hyphenated or not (both are written).

    >>> sorted(german_names("lead(II) chloride fluoride"))
    ['Blei(II)-chlorid-fluorid', 'Blei(II)-chloridfluorid']
    >>> sorted(german_names("sodium chloride"))
    ['Natriumchlorid']
    """
    words = en.strip().split()
    if len(words) == 1:
        return _german_one_word(words[0])
    if len(words) == 2 and words[1].lower() == "acid":
        return _german_acid(words[0])
    if len(words) < 2:
        return set()
    by_en = {en_: de for de, en_ in truthlib.ELEMENT_NAMES.values()}
    by_en.update({"aluminum": "Aluminium", "cesium": "Caesium", "ammonium": "Ammonium"})
    by_en.update({g: g.capitalize() for g in _GROUPS})  # thionyl bromide: Thionylbromid
    m = re.fullmatch(r"([a-z]+)(\([ivx,]+\))?", words[0].lower())
    if not m or m.group(1) not in by_en:
        return set()
    cation = by_en[m.group(1)] + (m.group(2) or "").upper()
    anions = []
    for w in words[1:]:
        w = w.lower()
        if w in _STEMS_DE:
            anions.append(_STEMS_DE[w])
            continue
        a = re.sub(r"ide$", "id", re.sub(r"ate$", "at", re.sub(r"ite$", "it", w)))
        if a == w:
            return set()  # not an ion name these rules know
        anions.append(_ligands_2005(a))
    sep = "-" if cation.endswith(")") else ""
    out = {cation + sep + "-".join(anions), cation + sep + "".join(anions)}
    if any("|" in a for a in anions):  # a ligand named the 1990 and the 2005 way: both
        old = [a.split("|")[0] for a in anions]
        new = [a.split("|")[-1] for a in anions]
        out = {cation + sep + j.join(x) for j in ("-", "") for x in (old, new)}
    bare = re.sub(r"\([IVX,]+\)$", "", cation)
    if bare != cation and any(bare == truthlib.ELEMENT_NAMES[e][0] for e in truthlib.NO_STOCK if e in truthlib.ELEMENT_NAMES):
        out |= {bare + "-".join(anions), bare + "".join(anions)}  # one charge only: no Stock number (Silberbromat)
    return out


# cation-like groups of oxo-halides (Red Book IR-8 / Table IX): their German name is the same word
_GROUPS = ("thionyl", "sulfuryl", "nitrosyl", "nitryl", "chromyl", "uranyl", "phosphoryl", "carbonyl", "plutonyl")
# ligands of an anion name: the 1990 "-o" names and the Red Book 2005 "-ido" names (tetrachloroaluminate)
_LIGANDS_2005 = [("chloro", "chlorido"), ("fluoro", "fluorido"), ("bromo", "bromido"), ("iodo", "iodido"),
                 ("cyano", "cyanido"), ("hydroxo", "hydroxido")]


def _ligands_2005(word: str) -> str:
    """'tetrachloroaluminat' → 'tetrachloroaluminat|tetrachloridoaluminat' (both spellings)."""
    new = word
    for a, b in _LIGANDS_2005:
        new = re.sub(a + r"(?=[a-z])", b, new)
    return word if new == word else f"{word}|{new}"


# English acid stems and their German names (Holleman-Wiberg): chromic acid → Chromsäure
_ACID_STEMS = [("sulfur", "Schwefel"), ("nitr", "Salpeter"), ("phosphor", "Phosphor"), ("carbon", "Kohlen"),
               ("chrom", "Chrom"), ("bor", "Bor"), ("aur", "gold"), ("chlor", "Chlor"), ("brom", "Brom"),
               ("iod", "Iod"), ("mangan", "Mangan"), ("selen", "Selen"), ("arsen", "Arsen"), ("silic", "Kiesel")]


def _german_acid(first: str) -> set[str]:
    """'chromic' (acid) → {'Chromsäure'}; 'metaboric' → {'Metaborsäure'}; 'tetrachloroauric' →
    {'Tetrachlorogoldsäure', 'Tetrachloridogoldsäure'}; '-ous' → '-ige Säure'.

    >>> sorted(_german_acid("tetrachloroauric")), sorted(_german_acid("sulfurous"))
    (['Tetrachloridogoldsäure', 'Tetrachlorogoldsäure'], ['Schweflige Säure'])
    """
    w = first.lower()
    m = re.fullmatch(r"((?:per|hypo|meta|ortho|di|tetrachloro|hexachloro|hexafluoro|tetrafluoro)*)([a-z]+?)(ic|ous)", w)
    if not m:
        return set()
    stem = next((de for en, de in _ACID_STEMS if m.group(2) == en), None)
    if stem is None:
        return set()
    out = set()
    prefix = m.group(1)
    for p in {prefix, re.sub("(chlor|fluor)o$", r"\1ido", prefix)}:
        head = p + (stem.lower() if p else stem)
        head = head[:1].upper() + head[1:]
        if m.group(3) == "ic":
            out.add(head + "säure")
        else:  # Schweflige, Salpetrige, Phosphorige Säure
            out.add(re.sub(r"(?<=[^aeiou])el$", "l", head) + "ige Säure")
    return out


# substituent prefixes of substitutive names (IUPAC Blue Book; German: DIN 32640 drops the "o")
_PREFIX_DE = [("fluoro", "fluor"), ("chloro", "chlor"), ("bromo", "brom"), ("iodo", "iod"), ("cyano", "cyan"),
              ("nitro", "nitro"), ("amino", "amino"), ("hydroxy", "hydroxy")]


def _german_one_word(en: str) -> set[str]:
    """A substitutive name of one word (dibromomethane, diazomethane, trichlorosilane) in German:
    halogen prefixes without their "o", the parent hydride's final "e" dropped (Dibrommethan)."""
    w = en.lower()
    if not re.search(r"(ane|ene|yne|ol|al|one|ine|ide)$", w):
        return set()
    for a, b in _PREFIX_DE:
        w = w.replace(a, b)
    w = re.sub(r"(ane|ene|yne|one|ine)$", lambda m: m.group(1)[:-1], w)
    return {w[:1].upper() + w[1:]}


def _check_names_without_row(x: Laid, counts: dict[str, int], shown: str, j: dict, rep: Report, unconfirmed) -> None:
    """A real substance the truth set lacks: its names against the Red Book's rules (``rule_names``,
    fed the printed formula and oxidation numbers) and, in English, the CRC's names of the composition.
    A name neither reaches is listed as unconfirmed (the sources cannot decide), never as true."""
    sl = states_line(x.texts["en"][1])
    ox = [{e: ("atoms", tuple(sorted(i)) if i else (a,)) for e, (a, i) in parse_states(sl[1]).items()}] if sl else []
    row = truthlib.Row(0, "", [shown.translate(SUB)], truthlib.query_text(counts), 0, counts, ["exists"], [], [], ox,
                       "-", [], None, [])
    de_names, en_names = truthlib.rule_names(row)
    crc = {n for n in j.get("crc", [])} | {truthlib._crc_name(n) for n in j.get("crc", [])}
    named = by_name(headline_name(x.texts["en"][0]), counts)
    crc |= set(named["crc"])
    if named["record"] is not None:
        # PubChem's name index (in ``chemicals``) resolves the printed name to a structure of this composition
        crc.add(re.sub(r"\s*\([^()]*\)$", "", headline_name(x.texts["en"][0]) or ""))
    en_names = set(en_names) | crc | {n.replace("aluminum", "aluminium").replace("cesium", "caesium") for n in crc}
    # a metal of one charge is named without a Stock number too (silver bromate beside silver(I) bromate)
    one_charge = {truthlib.ELEMENT_NAMES[e][1] for e in truthlib.NO_STOCK if e in truthlib.ELEMENT_NAMES}
    en_names |= {re.sub(r"^(\w+)\(I{1,3}\)", r"\1", n) for n in en_names
                 if re.match(r"^(\w+)\(", n) and re.match(r"^(\w+)", n).group(1).lower() in one_charge}
    # German: the German names (Holleman-Wiberg) of an English name the sources back, word by word
    de_names = set(de_names) | {d for n in en_names for d in german_names(n)}
    for lang, title, accepted in (("en", x.texts["en"][0], en_names), ("de", x.texts["de"][0], de_names)):
        name = headline_name(title) if lang == "en" else _name_de(title)
        if not name:
            continue
        rep.statements += 1
        if not truthlib.name_ok(name, sorted(accepted)):
            unconfirmed(f"name_{lang}", f"named '{name}'; the rules and the CRC give {sorted(accepted)[:4] or 'nothing'}")


def _name_de(title: str) -> str | None:
    m = re.match(r"^[^:]+:\s*(?:das Element\s+)?(.+?)(?:, ein bekannter Stoff\.| gibt es nur kurz|, ein umstrittener Stoff:)", title)
    return m.group(1).strip() if m else None


def ox_sign(v: Fraction) -> str:
    """An oxidation number with its sign: ``+7``, ``-1/2``."""
    return f"+{v}" if v > 0 else str(v)


def _interstitial(counts: dict[str, int]) -> bool:
    """A metal-like binary: a transition metal, lanthanide or actinide with C, N or B (interstitial
    carbides, nitrides, borides), or metal-rich and 1:1 phosphides, arsenides and silicides of the
    transition metals (MnP / NiAs / Fe2P types: they conduct like metals; Greenwood & Earnshaw 2nd ed.
    §12.3.2 phosphides, §13.3.2 arsenides, §9.3.4 silicides). Group 12 (Zn3P2, Cd3As2) is ionic-covalent."""
    metals = [e for e in counts if _metal(e)]
    rest = [e for e in counts if not _metal(e)]
    if not metals or len(rest) != 1:
        return False
    series = truthlib._mendeleev()[0]
    d_or_f = all(series[m]["series"] in ("Transition metals", "Lanthanides", "Actinides") and m not in ("Zn", "Cd", "Hg")
                 for m in metals)
    if rest[0] in ("C", "N", "B"):
        return d_or_f
    n_metal = sum(counts[m] for m in metals)
    if rest[0] in ("P", "As") and n_metal == counts[rest[0]]:
        # the 1:1 MnP / NiAs types are the transition metals' (GE 12.3.2); the actinide monophosphides are of the NaCl
        # type (PuP: Gorum, Acta Cryst. 10 (1957) 144) and named with oxidation numbers (PuP 'plutonium(III) phosphide')
        return all(series[m]["series"] == "Transition metals" and m not in ("Zn", "Cd", "Hg") for m in metals)
    return rest[0] in ("P", "As", "Si") and d_or_f and n_metal >= counts[rest[0]]


def _school_rule(counts: dict[str, int], shown: str = "") -> str:
    f = shown.translate(SUB) if shown else truthlib.query_text(counts)
    row = truthlib.Row(0, "", [f], truthlib.query_text(counts), 0, counts, ["exists"], [], [], [], "-", [], None, [])
    return truthlib.textbook_bonding(row)


def _check_build_formula(x: Laid, shown: str, false) -> None:
    """A game-only build is written as the textbook writes a salt: no anion before a metal cation, and
    a polyatomic anion in parentheses when it is counted or beside another anion (Ca(ClO)2, PbCl(ClO))."""
    free = dict(x.build[0]) if x.build and x.build[0] else {}
    combos = list(x.build[1]) if x.build and len(x.build) > 1 else []
    charges = x.charges or {}
    f = shown.translate(SUB)
    anion_combos = []
    cation_metals = [e for e in free if _metal(e) and charges.get(e, 0) > 0]
    for c in combos:
        comp, q = truthlib.composition(c)
        if q > 0:
            cation_metals += [e for e in comp if _metal(e)]
        elif q < 0:
            anion_combos.append((re.sub(r"^\[|\][0-9]*[+-]$", "", c), comp))
    first = re.match(r"\(?\[?([A-Z][a-z]?)", f)
    cation_bodies = [re.sub(r"^\[|\][0-9]*[+-]$", "", c) for c in combos if truthlib.composition(c)[1] > 0]
    if any(f.lstrip("([").startswith(b) for b in cation_bodies):
        first = None  # a polyatomic cation (NH4+, UO2 2+) stands first: right
    if cation_metals and first:
        e0 = first.group(1)
        starts_anion = (e0 in free and charges.get(e0, 0) < 0 and not _metal(e0)) or (
            e0 not in free and any(e0 in comp for _, comp in anion_combos))
        if starts_anion:
            false("formula", f"written {shown}: an anion stands before the metal cation ({', '.join(sorted(set(cation_metals)))})")
    n_anions = len(anion_combos) + sum(1 for e in free if charges.get(e, 0) < 0)
    counted = Counter(body for body, _ in anion_combos)
    for body, comp in anion_combos:
        if sum(comp.values()) > 1 and (counted[body] > 1 or n_anions > 1) and f"({body})" not in f:
            false("formula", f"written {shown}: the polyatomic ion {body} needs parentheses")


@lru_cache(maxsize=1024)
def _pymatgen_all_states(items: tuple[tuple[str, int], ...]) -> list[dict[str, Fraction]]:
    """pymatgen's charge-balanced guesses over every oxidation state it lists (``all_oxi_states``)."""
    import warnings

    from pymatgen.core import Composition

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            guesses = Composition(dict(items)).oxi_state_guesses(all_oxi_states=True, max_sites=-1)
        except Exception:
            return []
    return [{e: Fraction(v).limit_denominator(12) for e, v in g.items()} for g in guesses]


def _check_states_without_row(counts, st, text, false, unconfirmed) -> None:
    avg = {e: v for e, (v, _) in st.items()}
    metals = [e for e in counts if _metal(e)]
    if metals:
        guesses = truthlib.pymatgen_guesses(truthlib.Row(0, "", [""], "", 0, counts, [], [], [], [], "-", [], None, []))
        if guesses and not any(all(g.get(e) == v for e, v in avg.items()) for g in guesses):
            false("ox", f"printed {text}; no charge-balanced assignment of pymatgen has these averages")
        elif not guesses:
            # pymatgen's common states leave out some (Cl +7 of a perchlorate): every state it knows
            wide = _pymatgen_all_states(tuple(sorted(counts.items())))
            if wide and not any(all(g.get(e) == v for e, v in avg.items()) for g in wide):
                false("ox", f"printed {text}; no charge-balanced assignment of pymatgen (all states) has these averages")
            elif not wide:
                unconfirmed("ox", f"printed {text}; pymatgen has no guess for {truthlib.query_text(counts)}")
    for e, v in avg.items():
        states = truthlib.mendeleev_states(e)
        if v.denominator == 1 and v != 0 and states and int(v) not in states and (e, int(v)) != ("H", -1):
            false("ox", f"{e} {ox_sign(v)} is not an oxidation state mendeleev lists for {e} ({states})")
    if len(counts) == 2:
        a, c = sorted(counts, key=lambda e: truthlib.pauling(e) or 0)
        tie = abs((truthlib.pauling(a) or 0) - (truthlib.pauling(c) or 0)) < 0.05  # P/H: 2.19/2.20, contested
        if avg.get(a, 0) < 0 < avg.get(c, 0) and not tie:
            false("ox", f"the less electronegative {a} is negative and {c} positive ({text})")


def audit(laid: list[Laid]) -> Report:
    """Check every distinct explanation of a laid compound once; count shares per bot."""
    rep = Report()
    seen_expl: set = set()
    seen_counts: set = set()
    shares: dict[str, Counter] = {}
    for x in laid:
        label = label_of(x.texts["en"][0], "en") or "?"
        j = judge(dict(x.counts))
        real = bool((j["row"] and j["row"].label == "exists") or j["crc"] or len(x.counts) == 1)
        sh = shares.setdefault(x.bot, Counter())
        sh["laid"] += 1
        sh[f"claimed_{label}"] += 1
        sh["real_by_checker"] += int(real)
        key = (x.counts, x.texts["en"][0], tuple(x.texts["en"][1][:0]), _claims(x))
        seen_counts.add(x.counts)
        if key in seen_expl:
            continue
        seen_expl.add(key)
        check_laid(x, rep)
    rep.compounds = len(seen_counts)
    rep.explanations = len(seen_expl)
    rep.shares = {k: dict(v) for k, v in shares.items()}
    # one finding per (kind, what, formula, detail)
    uniq = {}
    for f in rep.findings:
        uniq.setdefault((f.kind, f.what, f.formula, f.detail), f)
    rep.findings = list(uniq.values())
    return rep


def _claims(x: Laid) -> tuple:
    """The lines that make claims about the compound (not the dice, the pile or the points)."""
    keep = []
    for line in x.texts["en"][1]:
        if re.search(r"Oxidation numbers|electronegativ|compound|salt|molecule|network|element|ion|exists|substance",
                     line, re.I) and not re.search(r"cards? drawn|Die:|Points:", line):
            keep.append(line)
    return tuple(keep)


def render(rep: Report, stats: dict[str, Any] | None = None, title: str = "") -> str:
    lines = [title] if title else []
    if stats:
        lines.append(f"{stats['games']} games, {stats['actions']} actions, {stats['cpu']:.0f} s CPU, "
                     f"load average {os.getloadavg()[0]:.2f}")
        if stats.get("by_kind"):
            lines.append("  games by main bot: " + ", ".join(f"{k} {v}" for k, v in sorted(stats["by_kind"].items()))
                         + "; by players: " + ", ".join(f"{k} {v}" for k, v in sorted(stats["by_players"].items()))
                         + "; variant real_only " + (stats["real_only"] if isinstance(stats.get("real_only"), str)
                                                     else "on" if stats.get("real_only") else "off"))
        if stats.get("turns"):
            lines.append(f"  turns begun {stats['turns']}, with nothing to lay (must pass) {stats['must_pass']} "
                         f"({100 * stats['must_pass'] / stats['turns']:.1f} %)")
    lines.append(f"{rep.compounds} distinct compounds laid, {rep.explanations} distinct explanations checked, "
                 f"{rep.statements} statements checked: {len(rep.false())} false, {len(rep.notation())} notation, "
                 f"{sum(f.kind == 'unconfirmed' for f in rep.findings)} unconfirmed, "
                 f"{sum(f.kind == 'incomplete' for f in rep.findings)} incomplete")
    for bot, sh in sorted(rep.shares.items()):
        n = sh.get("laid", 0) or 1
        claimed = ", ".join(f"{k[8:]} {v}" for k, v in sorted(sh.items()) if k.startswith("claimed_"))
        lines.append(f"  {bot:<7} laid {sh.get('laid', 0)}: real by the checker {sh.get('real_by_checker', 0)} "
                     f"({100 * sh.get('real_by_checker', 0) / n:.0f} %); claimed: {claimed}")
    for kind in ("false", "notation", "incomplete", "unconfirmed"):
        items = [f for f in rep.findings if f.kind == kind]
        if items:
            lines.append("")
            lines.append(f"{kind} ({len(items)}):")
            for f in sorted(items, key=lambda f: (f.what, f.formula)):
                lines.append(f"  [{f.what}] {f.formula}: {f.detail}")
                if kind in ("false", "notation"):
                    lines.append(f"      « {f.example[:220]} »")
    return "\n".join(lines)
