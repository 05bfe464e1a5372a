"""The names the data build writes once into ``substances.json``, so ``substance()`` rewrites none at each call.

Run by ``tools/make_substances.py`` after it has written the file (in a fresh interpreter, so that the
reference's rules read the new entries); ``python tools/written_names.py`` alone rewrites the two tables of
the file it finds. Four rules of the IUPAC Red Book (2005) that rewrite the name a source gives:

* :func:`organyl_metal`: an organometallic name as one word, 'aluminium' in the Red Book's spelling
  (diethylzinc, not the CRC's 'Zinc diethyl'); the data's ``english_names``: key -> the source's English
  name so written, which ``substance()`` reads (and translates) in place of the source's;
* :func:`metal_like_prefixed`: a metal-like binary compound with the multiplying prefixes (W2N ditungsten
  nitride);
* :func:`ratio_fixed`: a Stock name that leaves the ratio of two anions open takes the prefixes (CrO2F2 chromium
  difluoride dioxide, not 'chromium(VI) fluoride oxide', which fits CrOF4 too; s15h);
* :func:`told_apart`: a name no other composition of the same elements has (GaS gallium(II) sulfide beside
  Ga2S3 gallium(III) sulfide). This rule compares a name with the names of all other compositions of the
  same elements: asked at each call it took up to 35 ms for a new formula of carbon, hydrogen and oxygen
  (123 compositions of C, H, O; 227 of C, H, N, O; ``bench/bench_substance.py`` CPU p99 0.75 -> 12 ms when it
  came in with 46912fa), a whole-file rule that belongs to the build as the bonding rules do.

The data's ``names``: key -> [English, German], the names of the last two rules wherever they differ from the
name ``substance()`` reads from its sources. ``tests/test_substance_written_names.py`` computes both tables
again from the shipped file and compares, and asks ``substance()`` the old way (the rules at each call)
against the new for every entry.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any, Callable, Mapping

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from chemgames.chemistry import substances as S  # noqa: E402

_ORGANYL = r"(?:methyl|ethyl|propyl|isopropyl|butyl|phenyl|vinyl|allyl)"
TABLES = ("english_names", "names")


def organyl_metal(name: str | None, counts: Mapping[str, int]) -> str | None:
    """An organometallic name as one word of its organyl groups and the metal (IUPAC Red Book 2005 IR-10.2,
    the additive names of its examples: diethylzinc, trimethylaluminium; Greenwood & Earnshaw 5.4 and 7.3:
    methylmagnesium bromide), with the Red Book's spelling 'aluminium' (IR-3.1.1). The CRC writes some
    with spaces ('Dimethyl zinc', 'Methyl magnesium bromide'), some with the metal first ('Zinc diethyl',
    'Bismuth trimethyl') and in US spelling ('Trimethyl aluminum'; review25f L5). German follows from the
    English words (Diethylzink, Trimethylbismut).

    >>> [organyl_metal(n, c) for n, c in (("dimethyl zinc", {"Zn": 1, "C": 2, "H": 6}),
    ...  ("zinc diethyl", {"Zn": 1, "C": 4, "H": 10}), ("trimethyl aluminum", {"Al": 1, "C": 3, "H": 9}),
    ...  ("methyl magnesium bromide", {"C": 1, "H": 3, "Mg": 1, "Br": 1}), ("aluminum antimonide", {"Al": 1, "Sb": 1}))]
    ['dimethylzinc', 'diethylzinc', 'trimethylaluminium', 'methylmagnesium bromide', 'aluminium antimonide']
    >>> organyl_metal("methyl acetate", {"C": 3, "H": 6, "O": 2}), organyl_metal("sodium O-isopropyl xanthate", {"Na": 1, "C": 4, "H": 7, "O": 1, "S": 2})
    ('methyl acetate', 'sodium O-isopropyl xanthate')
    """
    if not name:
        return name
    name = name.replace("aluminum", "aluminium")
    metals = [S.element_name(e, "en") for e in counts if S.is_metal(e)]
    if "C" not in counts or "H" not in counts or len(metals) != 1 or metals[0] is None:
        return name
    metal = metals[0].lower()
    name = re.sub(rf"^{metal} ((?:di|tri|tetra)?{_ORGANYL})$", rf"\1{metal}", name)  # zinc diethyl: diethylzinc
    return re.sub(rf"\b((?:di|tri|tetra)?{_ORGANYL}) {metal}\b", rf"\1{metal}", name)


def metal_like_prefixed(name: str | None, a: Any, lang: str) -> str | None:
    """A metal-like binary compound (a boride, carbide, nitride, phosphide, silicide or hydride of a metal,
    ``substances.metal_like``) takes the Red Book's multiplying prefixes whatever its source calls it: it has no
    Stock number, so nothing else tells its proportion (IR-5.2: W2N ditungsten nitride beside WN, Cr3C2
    trichromium dicarbide, TiH2 titanium dihydride; 'mono' is left out as everywhere, UC uranium carbide;
    review25f L4). A source's trivial name in parentheses stays: Fe3C triiron carbide (cementite).

    >>> from chemgames.chemistry import substance
    >>> [substance(f, lang="en").name for f in ("W2N", "Cr3C2", "TiH2", "UC", "Fe3C")]
    ['ditungsten nitride', 'trichromium dicarbide', 'titanium dihydride', 'uranium carbide', 'triiron carbide (cementite)']
    >>> substance("W2N").name, substance("Fe3C").name
    ('Diwolframnitrid', 'Trieisencarbid (Zementit)')
    >>> metal_like_prefixed("iron carbide (cementite)", S._analyse((("C", 1), ("Fe", 3)), 0), "en")
    'triiron carbide (cementite)'
    """
    if name is None or a.charge or len(a.counts) != 2 or a.reason[0] != "metal_like":
        return name
    prefixed = S._binary_name(dict(a.counts), lang)
    if prefixed is None:
        return name
    trivial = re.search(r" \([^()]*\)$", name)  # 'Eisencarbid (Zementit)': the name a book adds
    return prefixed + (trivial[0] if trivial and not re.fullmatch(r" \((?:[A-Z][a-z]?\d*)+\)", trivial[0]) else "")


def told_apart(a: Any, lang: str, name: str | None, plain: Callable[[str, str], str | None]) -> str | None:
    """A name that no other known composition of the same elements has (review25c found GaS and Ga2S3
    both 'Galliumsulfid', CoAs2 and CoAs3 'Cobaltarsenid', WO2Cl2 and WOCl4 'Wolfram(VI)-chlorid-oxid'):
    salts of the same simple anions whose metal differs in charge take the Stock number, also a metal
    that usually goes without (IUPAC Red Book 2005 IR-5.4: gallium(II) sulfide beside gallium(III)
    sulfide); else the multiplying prefixes of the stoichiometric name (IR-5.2: cobalt diarsenide, tungsten
    dichloride dioxide). School and vetted names stay as they are. ``plain(key, lang)`` is another
    composition's name before this rule.

    >>> from chemgames.chemistry import substance
    >>> [substance(f).name for f in ("GaS", "Ga2S3", "WO2Cl2", "WOCl4")]
    ['Gallium(II)-sulfid', 'Galliumsulfid', 'Wolframdichloriddioxid', 'Wolframtetrachloridoxid']
    >>> substance("GaS", lang="en").name, substance("Ga2O3").name
    ('gallium(II) sulfide', 'Galliumoxid')
    >>> told_apart(S._analyse((("Ga", 1), ("S", 1)), 0), "en", "gallium sulfide", lambda k, lang: "gallium sulfide")
    'gallium(II) sulfide'
    """
    entry = a.entry
    if name is None or a.charge or entry is None or entry[7] or a.key in S.nomenclature()["names"]:
        return name
    counts = dict(a.counts)
    others = [c for c in S._known_binaries(tuple(sorted(counts))) if c != counts]
    if not any(plain(S.reference_key(c, 0), lang) == name for c in others):
        return name
    simple = a.parts and all(p.cation and not p.ion and len(set(p.charges)) == 1 if p.cation else
                             not p.ion and S._monoatomic_anion(p.formula) == p.charges[0] for p in a.parts)
    stoichiometric = S.nomenclature()["stoichiometric_anions"]
    if simple and a.parts and not any(p.formula in stoichiometric for p in a.parts if not p.cation):
        stocked = tuple(p if not p.cation else S.Part(p.formula, p.count, p.charges, S.Ion(
            p.formula, p.charges[0], ((p.formula, 1),),
            f"{S.element_name(p.formula, 'en')}({S._stock(p.charges[0])})",
            f"{S.element_name(p.formula, 'de')}({S._stock(p.charges[0])})")) for p in a.parts)
        if S._salt_name(stocked, lang) not in (None, name):
            return S._salt_name(stocked, lang)
    if any(q >= 0 for e, qs in a.states.items() if not S.is_metal(e) for q in qs):
        return name  # not a metal with anions only (AlBO3 holds B +3): no prefix name tells it apart
    return S._stoichiometric_name(counts, lang) or name


_STOCK = re.compile(r"\((?:I|II|III|IV|V|VI|VII|VIII)\)")


def other_ratios(counts: Mapping[str, int], states: Mapping[str, tuple[Any, ...]]) -> list[dict[str, int]]:
    """The other compositions of the same metal atoms at the same state with the same simple anions, each at
    least once, whose charges balance as well: what a Stock name without prefixes cannot tell apart (CrO2F2 and CrOF4
    are both Cr(VI) fluoride oxides; BiOCl has no other with one Bi(III)). Empty unless ``counts`` is one metal of one
    state with two or more kinds of monoatomic anion of one state each.

    >>> other_ratios({"Cr": 1, "O": 2, "F": 2}, {"Cr": (6,), "O": (-2, -2), "F": (-1, -1)})
    [{'Cr': 1, 'O': 1, 'F': 4}]
    >>> other_ratios({"Bi": 1, "O": 1, "Cl": 1}, {"Bi": (3,), "O": (-2,), "Cl": (-1,)})
    []
    """
    metals = [e for e in counts if S.is_metal(e)]
    anide = S.nomenclature()["anide"]
    anions = [e for e in counts if e not in metals]
    if len(metals) != 1 or len(anions) < 2 or any(e not in anide for e in anions) \
            or any(len(set(states.get(e, ()))) != 1 for e in counts):
        return []
    metal = metals[0]
    total = counts[metal] * int(states[metal][0])
    charge = {e: -int(states[e][0]) for e in anions}
    if total <= 0 or any(q <= 0 for q in charge.values()):
        return []
    out: list[dict[str, int]] = []

    def fill(i: int, left: int, chosen: dict[str, int]) -> None:
        if i == len(anions) - 1:
            e = anions[i]
            if left > 0 and left % charge[e] == 0:
                found = {metal: counts[metal], **chosen, e: left // charge[e]}
                if found != dict(counts):
                    out.append(found)
            return
        e = anions[i]
        for n in range(1, left // charge[e] + 1):
            fill(i + 1, left - n * charge[e], {**chosen, e: n})

    fill(0, total, {})
    return out


def ratio_fixed(a: Any, lang: str, name: str | None) -> str | None:
    """A name must determine the composition (s15h, review s15f M2/M3): a Stock name of a metal with two or more
    simple anions ('chromium(VI) fluoride oxide') fixes their ratio only where one set of counts balances the metal's
    charge; where another does too (CrO2F2 and CrOF4, WO2Br2 and WOBr4, NbOCl3 and NbO2Cl: :func:`other_ratios`),
    known to the data or not, the name takes the Red Book's multiplying prefixes instead (IR-5.2 stoichiometric names;
    IR-5.4: the Stock number stands in for the prefixes only where the proportions follow from it): chromium
    difluoride dioxide, as WO2Cl2 tungsten dichloride dioxide. A well-known traditional name stays beside it as the
    trivial name (``nomenclature.json`` trivial: chromyl fluoride, permanganyl fluoride). Vetted and school names stay.

    >>> from chemgames.chemistry import substance
    >>> [substance(f, lang="en").name for f in ("CrO2F2", "WO2Br2", "MnO3F", "BiOCl")]
    ['chromium difluoride dioxide', 'tungsten dibromide dioxide', 'manganese fluoride trioxide', 'bismuth(III) chloride oxide']
    >>> substance("CrO2F2").name, substance("CrO2F2").trivial_name, substance("NbOCl3").name
    ('Chromdifluoriddioxid', 'Chromylfluorid', 'Niobtrichloridoxid')
    """
    entry = a.entry
    if name is None or a.charge or entry is None or entry[7] or a.key in S.nomenclature()["names"] or not _STOCK.search(name):
        return name
    if not other_ratios(dict(a.counts), a.states):
        return name
    return S._stoichiometric_name(dict(a.counts), lang) or name


def _analysis(key: str) -> Any:
    counts, charge = S.read_formula(*_key_formula(key))
    return S._analyse(tuple(sorted(counts.items())), charge)


def _key_formula(key: str) -> tuple[str, int]:
    """A reference key as the formula and charge it stands for.

    >>> _key_formula("O4S-2"), _key_formula("CH4"), _key_formula("H4N+")
    (('O4S', -2), ('CH4', 0), ('H4N', 1))
    """
    m = re.fullmatch(r"(.+?)([+-]\d*)?", key)
    assert m is not None
    q = m[2] or ""
    return m[1], (0 if not q else int(q) if len(q) > 1 else int(q + "1"))


def compute() -> dict[str, dict[str, Any]]:
    """Both tables from the entries of the data file ``substances.reference()`` holds, with the rules above
    and the runtime's own naming (its tables of written names set aside while they are computed)."""
    data = S.reference()
    kept = {t: data.pop(t, None) for t in TABLES}
    try:
        english: dict[str, str] = {}
        for key, entry in data["substances"].items():
            counts = S.read_formula(*_key_formula(key))[0]
            source = S._hydrogen_ester(S._formula_words(S._english(entry[3]), counts), counts)
            written = organyl_metal(source, counts)
            if written != source and written is not None:
                english[key] = written
        data["english_names"] = english
        neutral = [k for k in data["substances"] if not _key_formula(k)[1]]
        plain: dict[tuple[str, str], str | None] = {}
        raw: dict[tuple[str, str], str | None] = {}
        for key in neutral:
            a = _analysis(key)
            for lang in S.LANGS:
                raw[key, lang] = S._mono_left_out(S._names_found(a, lang)[0], a)
                plain[key, lang] = metal_like_prefixed(raw[key, lang], a, lang)
        names: dict[str, list[str | None]] = {}
        for key in neutral:
            a = _analysis(key)
            final = {lang: ratio_fixed(a, lang, told_apart(a, lang, plain[key, lang], lambda k, lg: plain[k, lg]))
                     for lang in S.LANGS}
            if any(final[lang] != raw[key, lang] for lang in S.LANGS):
                names[key] = [final["en"], final["de"]]
        return {"english_names": english, "names": names}
    finally:
        for t, v in kept.items():
            if v is None:
                data.pop(t, None)
            else:
                data[t] = v


def write() -> dict[str, dict[str, Any]]:
    """Compute both tables and write them into ``substances.json`` (as ``make_substances`` writes the file)."""
    import json

    sys.path.insert(0, str(ROOT / "tools"))
    import make_substances

    tables = compute()
    data = json.loads(make_substances.OUT.read_text(encoding="utf-8"))
    for t in TABLES:
        data.pop(t, None)
    # english_names: key -> the source's English name as the Red Book writes it (organyl_metal); names: key ->
    # [English, German] where the whole-file rules name it otherwise than its sources (metal-like prefixes, told apart)
    data.update(tables)
    make_substances.write_data(data)
    return tables


if __name__ == "__main__":
    t = write()
    print(f"written names: {len(t['english_names'])} English source names respelled, "
          f"{len(t['names'])} names by the whole-file rules")
