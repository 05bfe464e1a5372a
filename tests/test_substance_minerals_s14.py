"""s14h: real minerals (and synthetic NaAlSiO4) the deck of Das Chemie-Kartenspiel builds that the reference called game-only.

The sweep of the deck's compositions (tools/composable_real.py) crossed them with PubChem and CRC records only;
these two-cation silicates, phosphates and oxides are in neither, yet each is a mineral of the IMA list or a documented synthetic
phase. Each row quotes the source read for it (the truth rows in tests/truth/rows.txt cite the same).
"""
from __future__ import annotations

import pytest

from chemgames.chemistry import substance
from tools.composable_real import HANDBOOK, composable

# formula -> (mineral or phase name, what the source read states)
MINERALS: dict[str, tuple[str, str]] = {
    "CaMgSiO4": ("monticellite", "WP 'Monticellite': 'gray silicate minerals of the olivine group with compositions "
                 "CaMgSiO4 and CaFeSiO4'; IMA symbol Mtc (Warr 2021); Britannica: calcium and magnesium silicate (CaMgSiO4)"),
    "KAlSiO4": ("kalsilite", "mindat min-2142: 'A valid IMA mineral species - grandfathered', symbol Kls; Handbook of "
                "Mineralogy (Mineral Data Publishing 2001): 'Kalsilite KAlSiO4'"),
    "LiAlSiO4": ("eucryptite", "WP 'Eucryptite': 'a lithium bearing aluminium silicate mineral with formula LiAlSiO4', "
                 "IMA symbol Ecp"),
    "NaAlSiO4": ("trinepheline", "mingen.hk 'trinepheline': 'Formula: NaAlSiO4', a new (2012) mineral species from "
                 "Tawmaw, Myanmar (Eur. J. Mineral. 26, 257-263); Am. Mineral. 51 (1966) 516: 'in the system with the composition NaAlSiO4, such phases "
                 "as low- and high-nepheline ... and low- and high-carnegieite' (Tuttle and Smith 1958)"),
    "CaFeSiO4": ("kirschsteinite", "WP 'Monticellite': 'Monticellite and kirschsteinite ... with compositions CaMgSiO4 "
                 "and CaFeSiO4', IMA symbol Kir"),
    "CaMnSiO4": ("glaucochroite", "de.wikipedia 'Glaukochroit': chemische Formel CaMn[SiO4]; Am. Mineral.: "
                 "'Glaucochroite (olivine, CaMnSiO4) from Franklin, New Jersey'"),
    "LiFePO4": ("triphylite", "WP 'Triphylite': 'a lithium iron(II) phosphate mineral with the chemical formula LiFePO4', "
                "IMA symbol Trp"),
    "LiMnPO4": ("lithiophilite", "WP 'Lithiophilite': 'lithium manganese(II) phosphate with formula: LiMnPO4'; mindat "
                "min-2418: LiMn2+PO4, grandfathered"),
    "CuCrO2": ("mcconnellite", "Mineral. Mag. (Hatrurim Complex): 'Rare Cr-bearing oxides mcconnellite, CuCrO2, and "
               "ellinaite'; Milton et al. 1976"),
    "Cu2(PO4)(OH)": ("libethenite", "mindat min-2394: Cu2(PO4)(OH), grandfathered; WP 'Libethenite' (Cu2PO4OH, IMA "
                     "symbol Lib)"),
}


def _key(formula: str) -> tuple[tuple[str, int], ...]:
    from chemgames.chemistry.formula import parse_formula

    return tuple(sorted(dict(parse_formula(formula).counts).items()))


@pytest.mark.parametrize("formula", sorted(MINERALS))
def test_mineral_the_deck_builds_is_known(formula: str) -> None:
    mineral, _source = MINERALS[formula]
    assert _key(formula) in composable(), formula  # the deck builds it: a game-only answer would be wrong
    for lang in ("de", "en"):
        s = substance(formula, lang=lang)
        assert s.known and s.label == "exists", (formula, lang, s.label)
        assert s.name and s.oxidation_states, (formula, lang)
    ox = substance(formula).oxidation_states
    assert ox is not None and ox["O"] == -2 and ox.get("Si", 4) == 4 and ox.get("P", 5) == 5, (formula, ox)
    assert ox.get("Al", 3) == 3 and ox.get("Fe", 2) == 2 and ox.get("Mn", 2) == 2, (formula, ox)
    assert mineral in HANDBOOK[formula][1], (formula, HANDBOOK[formula][1])


@pytest.mark.parametrize("formula, de, en", [
    ("CaMgSiO4", "Calciummagnesiumorthosilicat", "calcium magnesium orthosilicate"),
    ("KAlSiO4", "Aluminiumkaliumorthosilicat", "aluminium potassium orthosilicate"),
    ("LiAlSiO4", "Aluminiumlithiumorthosilicat", "aluminium lithium orthosilicate"),
    ("NaAlSiO4", "Aluminiumnatriumorthosilicat", "aluminium sodium orthosilicate"),
    ("CaFeSiO4", "Calciumeisen(II)-orthosilicat", "calcium iron(II) orthosilicate"),
    ("LiFePO4", "Eisen(II)-lithiumphosphat", "iron(II) lithium phosphate"),
    ("LiMnPO4", "Lithiummangan(II)-phosphat", "lithium manganese(II) phosphate"),
    ("Cu2(PO4)(OH)", "Kupfer(II)-hydroxidphosphat", "copper(II) hydroxide phosphate"),  # s17e: one word after the hyphen
])
def test_mineral_names_cite_the_cations_alphabetically(formula: str, de: str, en: str) -> None:
    """Red Book IR-2.15(d): cations in alphabetical order of their names (German by the German names)."""
    assert substance(formula, lang="de").name == de
    assert substance(formula, lang="en").name == en
