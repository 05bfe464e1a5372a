"""Names by one rule (s17e): the naming policy of docs/substances.md ('Names'), over the whole data file.

* A double oxide (two or more metals, no anion but O2-) and a salt of an ion no solid holds as such (the formal
  aluminate AlO2- and chromite CrO2-, bismuthyl BiO+) are named by their composition, as the Red Book names SrFeO3
  'iron strontium oxide' (IR-2.15(d), example 10) and BiClO 'bismuth chloride oxide' (example 8).
* A traditional name (ferrite, chromite, titanate, aluminate, bismuthyl ...) stands beside it only where a source
  uses it: a CRC record's name (checked here against the CRC table in ``chemicals``, by CAS), a vetted row whose
  quoted source uses the word, a trivial row with its source.
* German: the cations and anions one word, a hyphen only after a Stock number (Eisen(III)-hydroxidoxid: seilnacht.com
  'Goethit'; Aluminiumnatriumdioxid: de.wikipedia, NaAlO2).

The expected names are the references' own words, not the engine's output.
"""

from __future__ import annotations

import re

import pytest

from chemgames.chemistry import substance
from chemgames.chemistry.substances import Part, _analyse, _compositional_parts, _salt_name, is_metal, nomenclature, reference


@pytest.fixture(scope="module")
def known() -> list[str]:
    return sorted(k for k, e in reference()["substances"].items()
                  if e[0] == "e" and not re.search(r"[+-]", k))


def _strip_stock(name: str) -> str:
    return re.sub(r"\((?:I|II|III|IV|V|VI|VII|VIII)(?:,(?:I|II|III|IV|V|VI))*\)", "", name).replace("-", "").lower()


def test_the_red_books_examples_come_out_of_the_rule() -> None:
    """IR-2.15(d): SrFeO3 'iron strontium oxide' (a perovskite, no ferrate ion), KMgF3 'magnesium potassium
    fluoride', BiClO 'bismuth chloride oxide', ZnI(OH) 'zinc hydroxide iodide' (the Red Book prints no Stock
    numbers in these examples; the rule adds them where the metal has several states, IR-5.4.2.2)."""
    from chemgames.chemistry.substances import ions

    oh = next(i for i in ions() if i.formula == "OH" and i.charge == -1)
    cases = [((Part("Sr", 1, (2,)), Part("Fe", 1, (4,)), Part("O", 3, (-2,) * 3)), "iron strontium oxide"),
             ((Part("K", 1, (1,)), Part("Mg", 1, (2,)), Part("F", 3, (-1,) * 3)), "magnesium potassium fluoride"),
             ((Part("Bi", 1, (3,)), Part("O", 1, (-2,)), Part("Cl", 1, (-1,))), "bismuth chloride oxide"),
             ((Part("Zn", 1, (2,)), Part("I", 1, (-1,)), Part("OH", 1, (-1,), oh)), "zinc hydroxide iodide")]
    for parts, expected in cases:
        assert _strip_stock(_salt_name(parts, "en") or "") == expected.replace(" ", "").lower() or \
            re.sub(r"\([IVX]+\)", "", _salt_name(parts, "en") or "") == expected, parts


def test_german_names_of_the_german_sources() -> None:
    """seilnacht.com 'Goethit': 'Eisen(III)-hydroxidoxid' (FeO(OH)); de.wikipedia 'Aluminiumnatriumdioxid' (NaAlO2,
    'Andere Namen: Natriumaluminat'; our name leaves the multiplying prefix out, as every Stock-free name here)."""
    assert substance("FeO(OH)").name == "Eisen(III)-hydroxidoxid"
    na = substance("NaAlO2")
    assert na.name == "Aluminiumnatriumdioxid".replace("dioxid", "oxid") and na.trivial_name == "Natriumaluminat"


def test_no_systematic_name_uses_an_ion_no_solid_holds(known: list[str]) -> None:
    """Whole file: no known substance's name says bismuthyl, antimonyl, or names the formal aluminate AlO2- or
    chromite CrO2- (these stand, where a source uses them, as the traditional name beside it)."""
    bad = []
    for key in known:
        s_en = substance(key, lang="en")
        s_de = substance(key, lang="de")
        text = f"{s_en.name or ''} | {s_de.name or ''}".lower()
        if re.search(r"bismut(?:h)?yl|antimonyl", text):
            bad.append((key, text))
        if s_en.ions and any(ion in ("[AlO2]-", "[CrO2]-", "[BiO]+", "[SbO]+") for ion, _, _ in s_en.ions) \
                and re.search(r"aluminate|chromite|aluminat\b|chromit\b", text):
            bad.append((key, text))
    assert not bad, bad


def test_double_oxides_are_named_by_their_metals(known: list[str]) -> None:
    """Whole file: every known compound of two or more metals and oxygen alone is 'metal metal oxide' in both
    languages (each metal named, the anion 'oxide' / '-oxid'), whatever its record calls it."""
    seen = 0
    for key in known:
        s = substance(key, lang="en")
        counts = dict(s.counts)
        metals = [e for e in counts if is_metal(e)]
        if len(metals) < 2 or set(counts) - set(metals) != {"O"} or s.kind != "salt" or not s.ions \
                or any(ion.startswith("[") and ion not in ("[AlO2]-", "[CrO2]-") for ion, _, _ in s.ions):
            continue  # a salt of a discrete oxoanion (Ag2Cr2O7 silver dichromate, K2MnO4) keeps the anion's name
        seen += 1
        assert s.name and s.name.endswith(" oxide"), (key, s.name)
        de = substance(key, lang="de").name or ""
        assert de.endswith("oxid") and not de.endswith("-oxid-oxid"), (key, de)
    assert seen >= 40, seen


def test_traditional_names_come_from_a_source(known: list[str]) -> None:
    """Every traditional name beside a compositional one is a source's: a CRC record's name (compared with the CRC
    table shipped in chemicals, by the record's CAS), a trivial row with its source, or a vetted row whose quoted
    source uses the word. AgCrO2, AgFeO2, AgAlO2 (the AFLOW list gives formulas only) have none."""
    chemicals = pytest.importorskip("chemicals")
    crc = chemicals.miscdata.CRC_inorganic_data
    trivial_rows = nomenclature()["trivial"]
    shown = 0
    for key in known:
        a = _analyse(tuple(sorted(substance(key).counts.items())), 0)
        if _compositional_parts(a) is None:
            continue
        s = substance(key, lang="en")
        if not s.trivial_name:
            continue
        shown += 1
        entry = reference()["substances"][key]
        if key in trivial_rows:
            assert trivial_rows[key].get("source") or key in ("CBi2O5",), key  # bismuth subcarbonate: a school name
            continue
        if entry[7]:
            word = re.search(r"\w+(?:ate|ite)\b", s.trivial_name.lower())
            assert word and word[0] in entry[7].lower(), (key, s.trivial_name)
            continue
        cas = entry[1]
        if cas and cas in crc.index:
            crc_name = re.sub(r"\s*\[.*\]$", "", str(crc.loc[cas, "Chemical"])).lower().replace("aluminum", "aluminium")
            assert s.trivial_name.lower() == crc_name, (key, s.trivial_name, crc_name)
        else:
            assert entry[2], key  # a PubChem record's name (CID)
    assert shown >= 20, shown
    for key in ("AgCrO2", "AgFeO2", "AgAlO2"):
        assert substance(key).trivial_name is None, key


@pytest.mark.parametrize("formula, de, en, trivial_de", [
    ("BiO(OH)", "Bismut(III)-hydroxidoxid", "bismuth(III) hydroxide oxide", None),
    ("CuCrO2", "Chrom(III)-kupfer(I)-oxid", "chromium(III) copper(I) oxide", None),
    ("CuFeO2", "Eisen(III)-kupfer(I)-oxid", "copper(I) iron(III) oxide", None),
    ("AgCrO2", "Chrom(III)-silberoxid", "chromium(III) silver oxide", None),
    ("BiFeO3", "Bismut(III)-eisen(III)-oxid", "bismuth(III) iron(III) oxide", "Bismutferrit"),
    ("BaTiO3", "Bariumtitan(IV)-oxid", "barium titanium(IV) oxide", "Bariumtitanat"),
    ("MgAl2O4", "Aluminiummagnesiumoxid", "aluminium magnesium oxide", "Magnesiumaluminat"),
    ("PbCl(OH)", "Blei(II)-chloridhydroxid", "lead(II) chloride hydroxide", None),
    ("BiOCl", "Bismut(III)-chloridoxid", "bismuth(III) chloride oxide", None),
    ("(BiO)2CO3", "Bismut(III)-carbonatoxid", "bismuth(III) carbonate oxide", "Bismutoxidcarbonat"),
])
def test_the_briefs_cases(formula: str, de: str, en: str, trivial_de: str | None) -> None:
    s = substance(formula)
    assert (s.name, substance(formula, lang="en").name, s.trivial_name) == (de, en, trivial_de)


def test_german_hyphens_only_after_a_stock_number(known: list[str]) -> None:
    """Whole file: in a German salt name a hyphen follows a Stock number (Blei(II)-chloridhydroxid, Kupfer(I)-eisen(III)-
    oxid) or stands before a locant or '-Ion'; never between two anions ('Blei(II)-chlorid-hydroxid')."""
    bad = []
    for key in known:
        s = substance(key, lang="de")
        if s.kind != "salt" or not s.name or "C" in s.counts:
            continue  # organic salts have locants (Natrium-O-isopropylxanthat)
        for m in re.finditer(r"-", s.name):
            before, after = s.name[:m.start()], s.name[m.end():]
            if not (before.endswith(")") or re.match(r"\d|[A-Z]\b|Ion\b|[a-z]?['′]?,", after) or re.search(r"\d$", before)):
                bad.append((key, s.name))
                break
    assert not bad, bad[:20]


def test_german_mineral_names_read_in_a_german_source() -> None:
    """s17e: German forms with the German source read (tools/mineral_names.GERMAN), never by dropping the -e: wüstite
    is Wüstit (de.wikipedia 'Wüstit'), nitratine Nitronatrit (seilnacht.com: Glockner's German name), sassolite
    Sassolin, alabandite Alabandin; a mineral no German source was read for keeps its IMA name (daubréeite), marked as
    the IMA name in German text since s19e."""
    from tools.mineral_names import GERMAN, GERMAN_S17E

    assert substance("FeO").minerals == ("Wüstit",) and substance("FeO", lang="en").minerals == ("wüstite",)
    assert substance("NaNO3").minerals == ("Nitronatrit",)
    assert substance("MnS").minerals[0] == "Alabandin"
    assert substance("BiO(OH)").minerals == ("IMA-Name Daubréeite",)
    assert {GERMAN[n][0] for n in ("Sassolite", "Nitratine", "Bismuthinite")} == {"Sassolin", "Nitronatrit", "Bismuthinit"}
    assert len(GERMAN_S17E) >= 30 and set(GERMAN_S17E) <= set(GERMAN)
    for name, (de, source) in GERMAN_S17E.items():  # a source each, quoted where it names the German form
        assert source and (de in source or de.lower() in source.lower()), (name, de)
