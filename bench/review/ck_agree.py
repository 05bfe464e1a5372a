"""Checks of a chemistry-review harvest (``ck_harvest.py``'s JSON) where a text must agree with itself (review s24c).

``ck_check.py`` recomputes molar masses and sums, ``ck_sources.py`` looks compositions and names up in sources outside
the engine. This tool reads each explanation against its own lines and against the other language, with the card
groups' oxidation numbers from RDKit's bond-graph rule on structures written here (never the engine's numbers):

* ``other``: every headline "the same composition is X, E +n, ..." against the cards' atoms (the "Charges in the game"
  line: a free card's charge, a group's atoms RDKit's): a number listed as differing that every card atom of the
  element already has is a false statement; "with the same oxidation numbers as the cards" against the numbers line;
* ``de_en``: each German line against its English one: the formulas (tokens with sub- or superscripts), the signed
  numbers and the Roman numerals must be the same multiset;
* ``ions``: a bonding sentence that names a metal ion ("not a salt of W⁴⁺ ions") against the numbers line;
* ``states``: every whole oxidation number of the numbers lines against the oxidation states mendeleev lists for
  the element (main and extended): a number no source lists is to be read;
* ``names``: the Roman numerals of the German and the English name agree; the multiplying prefixes (di, tri, ...)
  before an element root agree in number;
* ``tips``: each tip's table label against the headline of the tip played (known / game-only / other).

Usage: ``PYTHONPATH=$PWD python bench/review/ck_agree.py HARVEST.json OUT_DIR``

>>> sorted(card_atoms_of("Mn +4, H −1, [BO₃]³⁻ −3")["O"]), card_atoms_of("Mn +4, H −1, [BO₃]³⁻ −3")["Mn"]
([Fraction(-2, 1), Fraction(-2, 1), Fraction(-2, 1)], [Fraction(4, 1)])
>>> listed_numbers("MnH(BO₃) from these cards: no such substance is known; the same composition is manganese(II) "
...                "hydroxide metaborate Mn(BO₂)(OH), B +3, O −2.")
{'B': [Fraction(3, 1)], 'O': [Fraction(-2, 1)]}
>>> tokens("Summe der Kartenladungen: 1·(+4) + 1·(−1) = 0 in Fe₂O₃ (Eisen(III)-oxid)")
(['Fe₂O₃'], ['+4', '−1'], ['III'])
"""
from __future__ import annotations

import collections
import re
import sys
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests" / "truth"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
import truthlib  # noqa: E402
from ck_sources import run  # noqa: E402

#: the game's combinations drawn as structures (RDKit gives each atom's number by the bond-graph rule)
SMILES = {
    "[AlCl4]-": "Cl[Al-](Cl)(Cl)Cl", "[AuCl4]-": "Cl[Au-](Cl)(Cl)Cl", "[BH4]-": "[BH4-]", "[BO3]3-": "[O-]B([O-])[O-]",
    "[BiO]+": "[Bi+]=O", "[BrO3]-": "[O-]Br(=O)=O", "[CO3]2-": "[O-]C([O-])=O", "[ClO3]-": "[O-]Cl(=O)=O",
    "[ClO4]-": "[O-]Cl(=O)(=O)=O", "[ClO]-": "[O-]Cl", "[Cr2O7]2-": "[O-][Cr](=O)(=O)O[Cr](=O)(=O)[O-]",
    "[CrO4]2-": "[O-][Cr](=O)(=O)[O-]", "[CuCl4]2-": "Cl[Cu-2](Cl)(Cl)Cl", "[H3O]+": "[OH3+]",
    "[HCO3]-": "OC([O-])=O", "[HPO4]2-": "OP(=O)([O-])[O-]", "[IO3]-": "[O-]I(=O)=O",
    "[MnO4]-": "[O-][Mn](=O)(=O)=O", "[NH4]+": "[NH4+]", "[NO3]-": "[O-][N+](=O)[O-]", "[OH]-": "[OH-]",
    "[PO4]3-": "[O-]P(=O)([O-])[O-]", "[PtCl6]2-": "Cl[Pt-2](Cl)(Cl)(Cl)(Cl)Cl", "[PuO2]2+": "O=[Pu+2]=O",
    "[S2O8]2-": "[O-]S(=O)(=O)OOS(=O)(=O)[O-]", "[SO4]2-": "[O-]S(=O)(=O)[O-]", "[SiO4]4-": "[O-][Si]([O-])([O-])[O-]",
    "[TcO4]-": "[O-][Tc](=O)(=O)=O", "[UO2]2+": "O=[U+2]=O", "[WO4]2-": "[O-][W](=O)(=O)[O-]",
    "CH4": "C", "CO": "[C-]#[O+]", "CO2": "O=C=O", "H2O2": "OO", "NH3": "N", "SO2": "O=S=O", "SO3": "O=S(=O)=O",
    "SiO2": "O=[Si]=O",
}
#: groups RDKit's rule cannot draw as the textbooks count them: NO₂ (a radical), O₃ (formal charges are no numbers),
#: PH₃ (the textbooks' P −3, not Pauling's H 2.20 > P 2.19), the mixed-valence oxides Fe₃O₄ and Pb₃O₄
FIXED: dict[str, dict[str, tuple[int, ...]]] = {"NO2": {"N": (4,), "O": (-2, -2)}, "O3": {"O": (0, 0, 0)}, "PH3": {"P": (-3,), "H": (1, 1, 1)},
         "Fe3O4": {"Fe": (2, 3, 3), "O": (-2,) * 4}, "Pb3O4": {"Pb": (2, 2, 4), "O": (-2,) * 4}}
SUB = str.maketrans("₀₁₂₃₄₅₆₇₈₉⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻", "01234567890123456789+-")
NUM = re.compile(r"([A-Z][a-z]?) ([+−]\d+(?:/\d+)?|0)(?: \((?:the average of|Mittelwert aus) ([^)]*)\))?")


def q(text: str) -> Fraction:
    return Fraction(text.replace("−", "-").replace("+", ""))


@lru_cache(maxsize=None)
def group_atoms(group: str) -> dict[str, tuple[Fraction, ...]]:
    """Each atom's number in one card group: RDKit on the structure above, or the table FIXED."""
    if group in FIXED:
        return {e: tuple(Fraction(v) for v in vs) for e, vs in FIXED[group].items()}
    found = truthlib.rdkit_ox(SMILES[group])
    assert found is not None, group
    return found


def group_key(shown: str) -> str:
    """'[BO₃]³⁻' -> '[BO3]3-', 'SO₂' -> 'SO2' (the combination as cards.json writes it)."""
    return shown.translate(SUB)


def card_atoms_of(charges_line: str) -> dict[str, list[Fraction]]:
    """The cards' atoms from the items of a "Charges in the game" line: 'Mn +4, H −1, [BO₃]³⁻ −3'."""
    out: dict[str, list[Fraction]] = collections.defaultdict(list)
    for item in charges_line.split(", "):
        unit, _, value = item.rpartition(" ")
        if re.fullmatch(r"[A-Z][a-z]?", unit):
            out[unit].append(q(value))
        else:
            for e, qs in group_atoms(group_key(unit)).items():
                out[e] += list(qs)
    return dict(out)


def listed_numbers(title: str) -> dict[str, list[Fraction]]:
    """The numbers an "other" headline lists after the real substance's formula (an average: its atoms' numbers)."""
    m = re.search(r"the same composition is .*?, ((?:[A-Z][a-z]? [^,]+(?:, )?)+)\.$", title)
    if not m or "same oxidation numbers" in title:
        return {}
    out = {}
    for e, value, states in NUM.findall(m.group(1)):
        out[e] = [q(s) for s in states.split(" / ")] if states else [q(value)]
    return out


def numbers_line(lines: list[str]) -> tuple[str, dict[str, list[Fraction]]] | None:
    """The formula and the numbers of the explanation's "Oxidation numbers in X as chemists assign them" line."""
    for line in lines:
        m = re.match(r"Oxidation numbers in (.+?) as chemists assign them: (.+)$", line)
        if m:
            return m.group(1), {e: ([q(s) for s in states.split(" / ")] if states else [q(v)])
                                for e, v, states in NUM.findall(m.group(2))}
    return None


def check_other(entries: list[dict[str, Any]], out: list[str]) -> None:
    n = bad = 0
    for x in entries:
        t = (x.get("texts") or {}).get("en")
        if not t or "the same composition is" not in t[0]:
            continue
        charges = next((ln.split(": ", 1)[1] for ln in t[1] if ln.startswith("Charges in the game")), None)
        if charges is None:
            continue
        n += 1
        cards = card_atoms_of(charges)
        for e, values in listed_numbers(t[0]).items():
            if len(values) == 1 and e in cards and set(cards[e]) == set(values):
                bad += 1
                out.append(f"LISTED SAME | {sum(x['src'].values())} | {e} {values[0]} is every card atom's number "
                           f"({charges}) | {t[0]}")
        if "same oxidation numbers as the cards" in t[0]:
            real = numbers_line(t[1])
            if real is None:
                continue
            for e, values in real[1].items():
                if e in cards and collections.Counter(values) != collections.Counter(cards[e]) and (
                        set(values) != set(cards[e])):
                    bad += 1
                    out.append(f"SAME CLAIMED | {e}: cards {sorted(cards[e])}, {real[0]} {values} | {t[0]}")
    out.insert(0, f"{n} headlines 'the same composition is ...' read against the cards' atoms (RDKit on the groups); "
                  f"{bad} contradictions")


def tokens(line: str) -> tuple[list[str], list[str], list[str]]:
    """The formulas (a token with a sub- or superscript), signed numbers and Roman numerals of a line, sorted."""
    formulas = sorted(t for t in re.findall(r"[\[(A-Z][\w\[\]()₀-₉⁰-⁹⁺⁻·]*", line)
                      if re.search(r"[₀-₉⁰-⁹⁺⁻]", t))
    signed = sorted(re.findall(r"(?<![\w·])[+−]\d+(?:/\d+)?", line))
    roman = sorted(re.findall(r"\(((?:I|II|III|IV|V|VI|VII|VIII)(?:,(?:I|II|III|IV|V|VI|VII|VIII))*)\)", line))
    return formulas, signed, roman


def both(entries: list[dict[str, Any]]) -> Any:
    """Each entry with its texts in both languages: (entry, texts)."""
    for x in entries:
        t = x.get("texts") or {}
        if "de" in t and "en" in t:
            yield x, t


def check_de_en(entries: list[dict[str, Any]], out: list[str]) -> None:
    n = 0
    seen = set()
    for x, t in both(entries):
        de = [t["de"][0], *t["de"][1]]
        en = [t["en"][0], *t["en"][1]]
        if len(de) != len(en):
            out.append(f"LINES | {x['formula']} | {len(de)} de, {len(en)} en")
            continue
        for a, b in zip(de, en):
            n += 1
            ta, tb = tokens(a), tokens(b)
            if ta != tb:
                key = (re.sub(r"\d", "#", a)[:60], str(ta), str(tb))
                if key in seen:
                    continue
                seen.add(key)
                out.append(f"DIFF | {x['formula']} | de {ta} | en {tb}\n   de: {a}\n   en: {b}")
    out.insert(0, f"{n} line pairs (de, en) compared by formulas, signed numbers and Roman numerals; "
                  f"{len(out)} differences")


def check_ions(entries: list[dict[str, Any]], out: list[str]) -> None:
    n = 0
    for x in entries:
        t = (x.get("texts") or {}).get("en")
        if not t:
            continue
        real = numbers_line(t[1])
        for line in t[1]:
            for e, sup in re.findall(r"salt of ([A-Z][a-z]?)([⁰-⁹]*)⁺ ions", line):
                n += 1
                charge = int(sup.translate(SUB) or 1)
                if real is None or e not in real[1] or real[1][e] != [Fraction(charge)] * len(real[1][e]):
                    out.append(f"ION | {e}{charge}+ | {real} | {line}")
    out.insert(0, f"{n} metal ions named in bonding sentences against the numbers line; {len(out)} differ")


@lru_cache(maxsize=None)
def mendeleev_states() -> dict[str, set[int]]:
    from mendeleev.fetch import fetch_table

    el = fetch_table("elements")
    sym = dict(zip(el["atomic_number"], el["symbol"]))
    ox = fetch_table("oxidationstates")
    out: dict[str, set[int]] = collections.defaultdict(lambda: {0})
    for z, v in zip(ox["atomic_number"], ox["oxidation_state"]):
        out[sym[int(z)]].add(int(v))
    return out


def check_states(entries: list[dict[str, Any]], out: list[str]) -> None:
    states = mendeleev_states()
    seen: set[tuple[str, Fraction]] = set()
    for x in entries:
        t = (x.get("texts") or {}).get("en")
        real = numbers_line(t[1]) if t else None
        if real is None:
            continue
        for e, values in real[1].items():
            for v in values:
                if v.denominator == 1 and int(v) not in states[e] and (e, v) not in seen:
                    seen.add((e, v))
                    out.append(f"STATE | {e} {v} not in mendeleev's list {sorted(states[e])} | {real[0]}")
    out.insert(0, f"whole oxidation numbers not listed by mendeleev (main and extended states): {len(out)}")


PREFIX = re.compile(r"(mono|di|tri|tetra|penta|hexa|hepta|octa)(?=fluor|chlor|brom|iod|ox|sulf|nitr|hydr|"
                    r"phosph|carb|bor|sil|cyan|thio|amin|stick|schwef|wasser|kohlen|sauer|methan)", re.I)


def check_names(entries: list[dict[str, Any]], out: list[str]) -> None:
    n = 0
    seen = set()
    for x, t in both(entries):
        de, en = t["de"][0], t["en"][0]
        if ": " not in de or ": " not in en:
            continue
        name_de = de.split(": ", 1)[1].split(",")[0]
        name_en = en.split(": ", 1)[1].split(",")[0]
        if (name_de, name_en) in seen:
            continue
        seen.add((name_de, name_en))
        n += 1
        rd, re_ = tokens(name_de)[2], tokens(name_en)[2]
        pd = sorted(p.lower() for p in PREFIX.findall(name_de.replace("-", "").replace(" ", "")))
        pe = sorted(p.lower() for p in PREFIX.findall(name_en.replace("-", "").replace(" ", "")))
        if rd != re_ or pd != pe:
            out.append(f"NAME | {x['formula']} | {rd} {pd} | {re_} {pe}\n   de: {name_de}\n   en: {name_en}")
    out.insert(0, f"{n} (German, English) headline name pairs; {len(out)} with other numerals or prefixes")


def kind(title: str) -> str:
    title = title.lower()
    if "the same composition" in title or "not how the substance" in title:
        return "other"
    if "only briefly" in title:
        return "transient"
    if "allowed by the game's rule only" in title or "not in our reference" in title:
        return "game_only"
    return "known"


def check_tips(entries: list[dict[str, Any]], out: list[str]) -> None:
    n = 0
    for x in entries:
        t = (x.get("texts") or {}).get("en")
        lab = x.get("label")
        if not t or not isinstance(lab, dict):
            continue
        n += 1
        text = str(lab.get("text", ""))
        k = kind(t[0])
        said = lab.get("kind")
        if (k == "other") != ("same composition" in text or "gleiche Zusammensetzung" in text or
                              "dieselbe Zusammensetzung" in text) or (said in ("known", "transient")) != (k in ("known", "transient")):
            out.append(f"TIP | {x['formula']} | label {said}: {text[:90]} | headline {t[0][:120]}")
    out.insert(0, f"{n} tips: table label against the headline of the tip played; {len(out)} disagree")


def main(path: str, outdir: str) -> None:
    run(path, outdir, (("other", check_other), ("de_en", check_de_en), ("ions", check_ions),
                       ("states", check_states), ("names", check_names), ("tips", check_tips)))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
