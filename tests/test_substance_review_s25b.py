"""Student-visible notes beside real substances (s25b): a note kind for a substance stable at room temperature that
decomposes on gentle heating and is air-sensitive (Na3N), the hydrate notes of H2[PtCl6], Cr(ClO4)3 and Fe(ClO4)3, and
one rule for the English name forms of the peroxo salts and the chlorido complexes.

Sources (read by s25b on 2026-11-29 with the search tool, pages corpus; never the game's data):

* Na3N. Chemical & Engineering News 80 (20 May 2002), 'Elusive binary nitride prepared', on D. Fischer, M. Jansen, Angew.
  Chem. Int. Ed. 41 (2002) 1755: "The Na3N changes to a crystalline form when heated to room temperature and
  decomposes into its elements at 87 °C". Vajenine's paper, abstract: "Dark-blue sodium nitride, Na(3)N, was prepared by
  the reaction of metallic sodium or liquid Na-K alloy with plasma-activated nitrogen at low pressure ... Na(3)N
  decomposes above 104 degrees C into the elements". en.wikipedia 'Sodium nitride': "It shows no signs of decomposition
  after several weeks when at room temperature"; "Vajenine's method is very air-sensitive and can decompose and combust
  rapidly, so an argon environment is used".
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from chemgames.chemistry.substances import reference, reference_key, substance

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

# the decomposition temperatures as the two groups' texts give them (°C), and the products ("into the elements")
FISCHER_JANSEN_C = 87
VAJENINE_C = 104
NA3N_SAYS = {"de": ("Raumtemperatur", "87 °C", "104 °C", "Na", "N₂", "Argon"),
             "en": ("room temperature", "87 °C", "104 °C", "Na", "N₂", "argon")}


def test_na3n_carries_the_decomposes_warm_note_in_both_languages() -> None:
    for lang, words in NA3N_SAYS.items():
        s = substance("Na3N", lang=lang)
        note = s.note or ""
        assert s.label == "exists" and s.note_key == "decomposes_warm", (lang, s.note_key)
        assert all(w in note for w in words), (lang, note)
        # true for both sources: a range from the lower to the higher temperature, never one of them alone as "the" one
        numbers = [int(n) for n in re.findall(r"(\d+) °C", note)]
        assert sorted(numbers) == [FISCHER_JANSEN_C, VAJENINE_C], note
        # not the cold note: Na3N keeps at room temperature
        assert "Kälte" not in note and "cold" not in note


def test_the_note_data_names_both_groups_with_authors_and_years() -> None:
    row = reference()["decomposes_warm"][reference_key({"Na": 3, "N": 1})]
    low, high, products, air, source = row
    assert (low, high, list(products), air) == (FISCHER_JANSEN_C, VAJENINE_C, ["Na", "N2"], True)
    for word in ("Fischer", "Jansen", "2002", "1755", "Vajenine", "87 °C", "104 degrees C", "argon"):
        assert word in source, word
    # the journal and year of Vajenine's paper were not confirmed in any page read: the source says so
    assert "not confirmed" in source


def test_the_note_numbers_come_through_babel() -> None:
    from chemgames.chemistry.substances import decomposes_warm_text

    row = [36.5, 60, ["NH3", "CO2", "H2O"], False, "test"]
    assert "36,5 °C" in decomposes_warm_text("NH4HCO3", row, "de") and "36.5 °C" in decomposes_warm_text(
        "NH4HCO3", row, "en")
    one = [95, 95, ["Na", "N2"], False, "test"]
    assert "95 °C" in decomposes_warm_text("Na3N", one, "de") and "bis" not in decomposes_warm_text("Na3N", one, "de")


def _na3n_verdict():
    from test_chemiekarten_audit import _verdict
    from test_chemiekarten_review_s17f import _build

    return _verdict(*_build(["Na", "Na", "Na", "N"]))


def test_the_card_game_shows_the_note_and_keeps_the_bonding_and_headline() -> None:
    v = _na3n_verdict()
    assert v.ok and v.label == "known"
    for lang, words in NA3N_SAYS.items():
        text = " ".join(s.msg.render(lang) for s in v.steps)
        assert all(w in text for w in words), (lang, text)
        assert v.headline.key == "ck.ok_known"
    from test_chemiekarten_audit import _verdict
    from test_chemiekarten_review_s17f import _build

    lithium = _verdict(*_build(["Li", "Li", "Li", "N"]))  # Li3N: a salt of the school rule with no note
    bond = [s.msg.key for s in v.steps if s.msg.key.startswith("ck.bond")]
    assert bond and bond == [s.msg.key for s in lithium.steps if s.msg.key.startswith("ck.bond")]


@pytest.mark.parametrize("formula", ["Li3N", "NaCl", "SCl4"])
def test_no_other_substance_gets_the_note(formula: str) -> None:
    assert substance(formula).note_key != "decomposes_warm"


# ---- hydrate notes (H[AuCl4] has one) --------------------------------------------------------------------------------
# Sources (never the game's data): H2[PtCl6]: en.wikipedia 'Chloroplatinic acid' ("[H3O]2[PtCl6](H2O)x (0 ≤ x ≤ 6) ...
# usually as an aqueous solution ... highly hygroscopic"); D. Steinborn et al., Inorg. Chem. 36 (1997) 2195 ("An aqueous
# solution of H2[PtCl6]·6 H2O"); IUPAC 2005 IR-8.4, example 8 (H2[PtCl6]·2H2O). Fe(ClO4)3: E. Hennings, H. Schmidt,
# W. Voigt, Acta Cryst. E70 (2014) 477 ([Fe(H2O)6](ClO4)3·3H2O, the stable phase from water); Acta Cryst. E (2006),
# doi:10.1107/S1600536806008555 ("commercially available 'iron(III) perchlorate hexahydrate' ... shown to be
# [Fe(H2O)6](ClO4)3·3H2O"). Cr(ClO4)3: PubChem CID 12987845 (CAS 55147-94-9, the hexahydrate).
# H2[PtCl6] not as H[AuCl4] ("only in water or as a hydrate"): the CRC lists the acid with a melting point (60 °C), and
# test_substance_truth checks that no substance said to be kept only in water is listed pure there.
HYDRATE_NOTES = {"Cr(ClO4)3": ("hydrate", "Cr(ClO₄)₃ · 6 H₂O", ("PubChem CID 12987845", "55147-94-9")),
                 "Fe(ClO4)3": ("hydrate", "Fe(ClO₄)₃ · 9 H₂O", ("Hennings", "Schmidt", "Voigt", "2014", "2006")),
                 "H2PtCl6": ("hydrate", "H₂[PtCl₆] · 6 H₂O", ("Steinborn", "1997", "Chloroplatinic acid"))}


@pytest.mark.parametrize("formula", sorted(HYDRATE_NOTES))
def test_the_hydrate_notes(formula: str) -> None:
    key, hydrate, cited = HYDRATE_NOTES[formula]
    for lang, word in {"de": "Hydrat", "en": "hydrate"}.items():
        s = substance(formula, lang=lang)
        assert s.note_key == key and word in (s.note or "") and hydrate in (s.note or ""), (formula, lang, s.note)
    source = str(reference()["hydrates"][reference_key(dict(substance(formula).counts))])
    assert all(w in source for w in cited), source


# ---- one rule for the English name forms ----------------------------------------------------------------------------
# IUPAC, Nomenclature of Inorganic Chemistry 2005 (read as the pages of the book stored for the search tool): IR-1.6
# keeps 'peroxydisulfuric acid' among the acid names it allows; IR-8.4 names the acids of metal complex anions only by
# hydrogen names ('H2[PtCl6]·2H2O dihydrogen(hexachloridoplatinate)—water (1/2)', 'H4[Fe(CN)6]
# tetrahydrogen(hexacyanidoferrate)') and says that names such as permanganic and dichromic acid 'are not included in the
# present recommendations'; IR-9.2.2.3 gives every anionic ligand the ending -ido. The rule, per kind:
# * salts and ions: the 2005 names (-ido ligands: tetrachloridoaurate; the peroxo anion peroxydisulfate);
# * acids: the acid names of 2005 where it has one (peroxydisulfuric, peroxymonosulfuric acid), else the common name
#   (tetrachloroauric, hexachloroplatinic, tetrafluoroboric, dichromic acid), never a mixed '-ido ... ic acid'.
_OLD_LIGAND_ON_A_CENTRE = re.compile(
    r"(?:fluoro|chloro|bromo|iodo|cyano|hydroxo)(?:aur|platin|pallad|alumin|ferr|cupr|stann|plumb|mercur|zinc|titan"
    r"|zircon|silic|bor|antimon|arsen|bismuth|chrom|mangan|cobalt|nickel|irid|rhod|osm|ruthen|tungst|molybd|vanad|gall"
    r"|ind|thall|germ|tellur|selen|argent)ate")
_NEW_LIGAND_IN_AN_ACID = re.compile(r"(?:fluorido|chlorido|bromido|iodido|cyanido|hydroxido)[a-z]*ic acid")


def _english_names() -> list[tuple[str, str, str]]:
    out = []
    for key in reference()["substances"]:
        q = re.search(r"([+-])(\d*)$", key)
        charge = (int(q.group(2) or 1) * (1 if q.group(1) == "+" else -1)) if q else 0
        try:
            s = substance(key[:q.start()] if q else key, charge, lang="en")
        except Exception:  # a key that is no formula text (none expected): not a name
            continue
        if s.name:
            out.append((key, s.name, s.kind))
    return out


def test_english_names_follow_one_rule_per_kind() -> None:
    names = _english_names()
    assert len(names) > 3000
    peroxo = [n for _, n, _ in names if re.search(r"peroxo(?:mono|di)sulf", n)]
    assert not peroxo, peroxo
    peroxy = [n for _, n, _ in names if re.search(r"peroxy(?:mono|di)sulf", n)]
    assert len(peroxy) >= 5, peroxy  # the acids, the ion and the K, Na, NH4 salts
    old = [(k, n) for k, n, kind in names if kind != "acid" and _OLD_LIGAND_ON_A_CENTRE.search(n)]
    assert not old, old
    mixed = [(k, n) for k, n, kind in names if _NEW_LIGAND_IN_AN_ACID.search(n)]
    assert not mixed, mixed
    assert substance("HAuCl4", lang="en").name == "tetrachloroauric acid"
    assert str(substance("KAuCl4", lang="en").name).startswith("potassium tetrachloridoaurate")
