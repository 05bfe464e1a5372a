"""The real substances a student can build from the deck of Das Chemie-Kartenspiel (review25f F1).

Called by ``tools/make_substances.py`` (``add_composable``) after the CRC records and the vetted rows are
in: it enumerates every composition the 108-card family deck can build (the engine's own card data and
its rule check, bounded as the hint search is), and crosses the ones the data does not yet hold with the
vetted tables shipped in ``chemicals``:

* the PubChem identifier tables (a record with a CAS number and a PubChem CID): the composition is read
  from the record's structure with RDKit (never from its formula string), and the structure must be one
  pure substance: a salt of ions, or one molecule (no neutral parts beside each other, no hydrate, no
  radical, no metal-carbon bond) whose oxidation numbers are states the element takes (mendeleev);
* the CRC tables by name (``CRC_inorganic_data`` and the CRC thermodynamic table): a row whose name,
  without a hydrate word, is the salt name the naming rules give the build's ions ('Lead(II)
  orthosilicate' is 2 Pb2+ + SiO4 4-, 'Barium bromate monohydrate' Ba2+ + 2 BrO3-); its structure is then
  drawn from the build's ions (the ion tables' SMILES);
* a record whose own name states the composition ('chromyl fluoride (cro2f2)') where its structure is
  broken: drawn from the build as one molecule around its central atom.

Compositions that no shipped table holds but the handbooks do (the alkaline-earth hydrogencarbonates,
known only in water; permanganyl fluoride; oxonium perchlorate) are ``HANDBOOK`` rows, each with its
source. The sweep's own numbers (compositions, known before/after) are returned for the ledger.
"""
from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from typing import Iterator

MAX_COUNT = 6  # the most free cards of one kind the hint search weighs (chemiekarten/hints.MAX_COUNT)
MAX_COMBOS = 4  # combinations in one build (four already reach 20+ atoms; the reference holds at most 24)
PROTOS = 10  # Protomaterie cards in the family deck: stand-ins for a combination's missing cards

GREENWOOD = "Greenwood & Earnshaw, Chemistry of the Elements, 2nd ed. (1997)"
HOLLEMAN = "Holleman & Wiberg, Lehrbuch der Anorganischen Chemie, 102. Aufl. (2007)"
_HYDROGENCARBONATE = (" (hydrogencarbonates of Mg, Ca, Sr, Ba: known only in aqueous solution, the hardness of "
                      "water; evaporating gives the carbonate)")
#: real substances no table shipped in chemicals holds: formula -> (SMILES, handbook source, solution only)
HANDBOOK: dict[str, tuple[str, str, bool]] = {
    "Mg(HCO3)2": ("[Mg+2].OC(=O)[O-].OC(=O)[O-]", GREENWOOD + ", ch. 5" + _HYDROGENCARBONATE + "; " + HOLLEMAN
                  + ", Magnesiumhydrogencarbonat", True),
    "Ca(HCO3)2": ("[Ca+2].OC(=O)[O-].OC(=O)[O-]", GREENWOOD + ", ch. 5" + _HYDROGENCARBONATE + "; " + HOLLEMAN
                  + ", Calciumhydrogencarbonat (Kalkstein, Tropfsteinhöhlen)", True),
    "Sr(HCO3)2": ("[Sr+2].OC(=O)[O-].OC(=O)[O-]", GREENWOOD + ", ch. 5" + _HYDROGENCARBONATE, True),
    "Ba(HCO3)2": ("[Ba+2].OC(=O)[O-].OC(=O)[O-]", GREENWOOD + ", ch. 5" + _HYDROGENCARBONATE, True),
    # PubChem's record (CID 16683095, CAS 5892-10-4, 'bismuth subcarbonate') draws it as a molecule; the
    # mineral bismutite is a layer salt of [Bi2O2]2+ sheets and carbonate ions
    "(BiO)2CO3": ("[Bi+3].[Bi+3].[O-2].[O-2].[O-]C([O-])=O", GREENWOOD + ", ch. 13 (bismuthyl salts, BiO+ layers); "
                  "bismutite, IMA; PubChem CID 16683095, CAS 5892-10-4 (bismuth subcarbonate)", False),
    "MnO3F": ("O=[Mn](=O)(=O)F", GREENWOOD + ", ch. 24 (permanganyl fluoride MnO3F, from KMnO4 and HSO3F)", False),
    "[H3O]ClO4": ("[OH3+].[O-]Cl(=O)(=O)=O", GREENWOOD + ", ch. 17 (HClO4·H2O is oxonium perchlorate [H3O]+[ClO4]-, "
                  "a crystalline solid, mp 50 °C); " + HOLLEMAN + ", Perchlorsäure-Monohydrat", False),
}

_IMA = "IMA list of minerals"
_G2 = " (review25g G2)"
# review25g G2: real substances the deck builds that no PubChem record of the identifier tables holds as one pure
# substance (the CRC rows are hydrates or name no record)
HANDBOOK.update({
    "Na2PtCl6": ("[Na+].[Na+].Cl[Pt-2](Cl)(Cl)(Cl)(Cl)Cl", "CRC Handbook, 'Sodium hexachloroplatinate(IV) hexahydrate' (CAS "
                 "16923-58-3); " + GREENWOOD + ", ch. 27 (hexachloroplatinates(IV) [PtCl6]2-, as K2PtCl6, (NH4)2PtCl6)" + _G2,
                 False),
    "ThSiO4": ("[Th+4].[O-][Si]([O-])([O-])[O-]", "CRC Handbook, 'Thorium orthosilicate' (CAS 14553-44-7); thorite, "
               + _IMA + _G2, False),
    "Th(SO4)2": ("[Th+4].[O-]S(=O)(=O)[O-].[O-]S(=O)(=O)[O-]", "CRC Handbook, 'Thorium(IV) sulfate nonahydrate' (CAS "
                 "10381-37-0); " + GREENWOOD + ", ch. 31 (thorium(IV) salts)" + _G2, False),
    "Th(OH)4": ("[Th+4].[OH-].[OH-].[OH-].[OH-]", GREENWOOD + ", ch. 31 (Th(OH)4 precipitated from Th(IV) solutions by "
                "alkali; heating gives ThO2); " + HOLLEMAN + ", Thoriumhydroxid" + _G2, False),
    "UO2CO3": ("O=[U+2]=O.[O-]C([O-])=O", "rutherfordine, " + _IMA + "; " + GREENWOOD + ", ch. 31 (uranyl salts)" + _G2,
               False),
    "USiO4": ("[U+4].[O-][Si]([O-])([O-])[O-]", "coffinite, " + _IMA + " (an ore of uranium, zircon type as thorite)" + _G2,
              False),
    "UO2Br2": ("O=[U+2]=O.[Br-].[Br-]", GREENWOOD + ", ch. 31 (the uranyl halides UO2X2, X = F, Cl, Br)" + _G2, False),
    "Mg(ClO3)2": ("[Mg+2].[O-]Cl(=O)=O.[O-]Cl(=O)=O", GREENWOOD + ", ch. 17 (chlorates); " + HOLLEMAN
                  + ", Magnesiumchlorat (Mg(ClO3)2·6H2O, a defoliant)" + _G2, False),
    "Au(OH)3": ("[Au+3].[OH-].[OH-].[OH-]", GREENWOOD + ", ch. 28 (gold(III) hydroxide, hydrous Au2O3, precipitated "
                "from [AuCl4]- by alkali); " + HOLLEMAN + ", Gold(III)-hydroxid" + _G2, False),
    "TcCl4": ("[Tc+4].[Cl-].[Cl-].[Cl-].[Cl-]", GREENWOOD + ", ch. 24 (TcCl4 from Tc and Cl2, a chain polymer of "
              "TcCl6 octahedra)" + _G2, False),
    "LiMnO4": ("[Li+].[O-][Mn](=O)(=O)=O", GREENWOOD + ", ch. 24 (permanganates; LiMnO4·3H2O)" + _G2, False),
    "UO2(ClO4)2": ("O=[U+2]=O.[O-]Cl(=O)(=O)=O.[O-]Cl(=O)(=O)=O", GREENWOOD + ", ch. 31 (uranyl salts of oxoacids: "
                   "nitrate, sulfate, perchlorate)" + _G2, False),
    "CrO(OH)": ("[Cr+3].[O-2].[OH-]", "grimaldiite, " + _IMA + "; " + GREENWOOD + ", ch. 23 (CrO(OH))" + _G2, False),
    "PbCl(OH)": ("[Pb+2].[Cl-].[OH-]", "laurionite, " + _IMA + " (PbCl(OH), with paralaurionite)" + _G2, False),
    "FeSiO3": ("[Fe+2].[O-][Si]([O-])=O", "ferrosilite, " + _IMA + " (a pyroxene, chains of SiO4 tetrahedra); the CRC's "
               "'Iron(II) orthosilicate' (CAS 10179-73-4) is Fe2SiO4, so its record's FeSiO3 is no longer read from it" + _G2,
               False),
    "PuO2(NO3)2": ("O=[Pu+2]=O.[O-][N+](=O)[O-].[O-][N+](=O)[O-]", GREENWOOD + ", ch. 31 (plutonyl(VI) salts, "
                   "PuO2(NO3)2·6H2O as uranyl nitrate)" + _G2, False),
})

# s14h: minerals (and the synthetic NaAlSiO4 of the nepheline/carnegieite system) the deck builds that neither a PubChem
# record nor a CRC row holds; each formula as the IMA list / the mineralogical handbook states it (orthosilicates of
# two cations: monticellite an olivine, kalsilite and eucryptite framework silicates of AlO4 and SiO4 tetrahedra)
_SIO4 = "[O-][Si]([O-])([O-])[O-]"
HANDBOOK.update({
    "CaMgSiO4": ("[Ca+2].[Mg+2]." + _SIO4, "monticellite, " + _IMA + " (CaMgSiO4, olivine group, Pbnm; IMA symbol Mtc; "
                 "Britannica 'monticellite': calcium and magnesium silicate CaMgSiO4)", False),
    "KAlSiO4": ("[K+].[Al+3]." + _SIO4, "kalsilite, " + _IMA + " (KAlSiO4, approved, grandfathered; IMA symbol Kls; "
                "Handbook of Mineralogy, Mineral Data Publishing 2001: 'Kalsilite KAlSiO4')", False),
    "LiAlSiO4": ("[Li+].[Al+3]." + _SIO4, "eucryptite, " + _IMA + " (LiAlSiO4, trigonal R3; IMA symbol Ecp); synthetic "
                 "crystals: 'Synthese und Kristallstruktur des Eukryptits, LiAlSiO4' (quartz-related structure)", False),
    "NaAlSiO4": ("[Na+].[Al+3]." + _SIO4, "trinepheline, " + _IMA + " (NaAlSiO4, a new mineral species from Tawmaw, "
                 "Myanmar, paramorph of nepheline: Eur. J. Mineral. 26, 257-263; mingen.hk 'trinepheline'); synthetic NaAlSiO4, low/high nepheline (tridymite type) and carnegieite "
                 "(cristobalite type): Tuttle, Smith 1958, in Am. Mineral. 51 (1966) 516 'Inverted phase relation in the "
                 "formation of nepheline and carnegieite'; end-member NaAlSiO4 (Ne) of natural nepheline "
                 "Na3K(Al4Si4O16), " + _IMA + ": Henderson, Mineral. Mag. (2020) 'Nepheline solid "
                 "solution compositions: stoichiometry revisited'", False),
    # the olivine-group partners of monticellite (Pbnm): kirschsteinite and glaucochroite
    "CaFeSiO4": ("[Ca+2].[Fe+2]." + _SIO4, "kirschsteinite, " + _IMA + " (CaFeSiO4, IMA symbol Kir; WP 'Monticellite': "
                 "olivine-group minerals CaMgSiO4 and CaFeSiO4)", False),
    "CaMnSiO4": ("[Ca+2].[Mn+2]." + _SIO4, "glaucochroite, " + _IMA + " (CaMn[SiO4], Pbnm; de.wikipedia 'Glaukochroit'; "
                 "Am. Mineral., 'Glaucochroite (olivine, CaMnSiO4) from Franklin, New Jersey': analyses close to the ideal "
                 "formula)", False),
    # the olivine-type phosphates of lithium (triphylite group, Pmnb)
    "LiFePO4": ("[Li+].[Fe+2].[O-]P(=O)([O-])[O-]", "triphylite, " + _IMA + " (LiFePO4, IMA symbol Trp; WP 'Triphylite'; "
                "Britannica 'triphylite': lithium iron phosphate LiFePO4)", False),
    "LiMnPO4": ("[Li+].[Mn+2].[O-]P(=O)([O-])[O-]", "lithiophilite, " + _IMA + " (LiMn2+PO4, grandfathered, IMA symbol "
                "Lhp; mindat min-2418; WP 'Lithiophilite')", False),
    "CuCrO2": ("[Cu+].[Cr+3].[O-2].[O-2]", "mcconnellite, " + _IMA + " (CuCrO2, delafossite type R-3m; Milton et al. "
               "1976, with grimaldiite; Mineral. Mag., Hatrurim Complex: 'mcconnellite, CuCrO2')", False),
    "Cu2(PO4)(OH)": ("[Cu+2].[Cu+2].[O-]P(=O)([O-])[O-].[OH-]", "libethenite, " + _IMA + " (Cu2(PO4)(OH), grandfathered, "
                     "IMA symbol Lib; mindat min-2394; WP 'Libethenite')", False),
})

# s15e: the sources read for the hydrogencarbonates of hard water (their note: chem.solution_only.hardness, no solid and
# no hydrate known, heating gives off CO2 and a carbonate precipitates), added to their rows
_HARD_WATER = {
    "Ca(HCO3)2": ("Oxford Dictionary of Chemistry, 'calcium hydrogencarbonate' ('stable only in solution ... the cause of "
                  "temporary hardness in water ... decomposes to give solid calcium carbonate'); en.wikipedia 'Calcium "
                  "bicarbonate' ('does not refer to a known solid compound; it exists only in aqueous solution')"),
    "Mg(HCO3)2": ("Oxford Dictionary of Chemistry, 'magnesium hydrogencarbonate' ('stable only in solution ... responsible "
                  "for temporary hardness in water'); en.wikipedia 'Magnesium bicarbonate' ('exists only in aqueous "
                  "solution ... Drying the resulting solution causes the magnesium bicarbonate to decompose, yielding "
                  "magnesium carbonate, carbon dioxide, and water')"),
}
HANDBOOK.update({f: (HANDBOOK[f][0], HANDBOOK[f][1] + "; " + src, HANDBOOK[f][2]) for f, src in _HARD_WATER.items()})
# s16i (review s16f): nitric acid monohydrate is oxonium nitrate [H3O]+[NO3]-, as [H3O]ClO4 (its row and sources in
# tools/vetted_review_s16f.py)
try:
    from vetted_review_s16f import OXONIUM_NITRATE
except ImportError:  # imported as tools.composable_real
    from tools.vetted_review_s16f import OXONIUM_NITRATE
HANDBOOK[OXONIUM_NITRATE[0]] = OXONIUM_NITRATE[1]
# s22c (review s22c): sulfuric acid monohydrate is oxonium hydrogen sulfate [H3O]+[HSO4]- (its row and sources in
# tools/vetted_review_s22c.py)
try:
    from vetted_review_s22c import OXONIUM_HYDROGENSULFATE
except ImportError:  # imported as tools.composable_real
    from tools.vetted_review_s22c import OXONIUM_HYDROGENSULFATE
HANDBOOK[OXONIUM_HYDROGENSULFATE[0]] = OXONIUM_HYDROGENSULFATE[1]
# s25d (open-s24b.txt): sulfuric acid dihydrate is oxonium sulfate [H3O]2SO4 (its row and sources in
# tools/vetted_review_s25d.py)
try:
    from vetted_review_s25d import OXONIUM_SULFATE
except ImportError:  # imported as tools.composable_real
    from tools.vetted_review_s25d import OXONIUM_SULFATE
HANDBOOK[OXONIUM_SULFATE[0]] = OXONIUM_SULFATE[1]
# s17d: the sources read for the sentences of Ba(HCO3)2 and Sr(HCO3)2 (chem.solution_only.alkaline_earth_hydrogencarbonate)
try:
    from vetted_review_s17d import SOLUTION_SOURCES
except ImportError:  # imported as tools.composable_real
    from tools.vetted_review_s17d import SOLUTION_SOURCES
HANDBOOK.update({f: (HANDBOOK[f][0], HANDBOOK[f][1] + "; " + src, HANDBOOK[f][2]) for f, src in SOLUTION_SOURCES.items()
                 if f in HANDBOOK})
# s15c: the IMA list of minerals, crossed with every composition the deck builds (tools/ima_minerals.py reads the
# extract tools/ima_minerals.tsv: RRUFF "IMA Database of Mineral Properties", export of 2022-02-28). A composable
# composition that is the ideal formula of an IMA mineral is known with the mineral as its source. Its structure is
# drawn here from the IMA formula's ions (never from the deck's build of it: a build Ca2+ + P3- + ClO4- has the
# composition of goryainovite Ca2(PO4)Cl, whose ions are Ca2+, PO4 3- and Cl-): composition key -> SMILES.
_PO4 = "[O-]P(=O)([O-])[O-]"
_SO4 = "[O-]S(=O)(=O)[O-]"
IMA_STRUCTURES: dict[str, str] = {
    "BCaHO3": "[Ca+2].OB([O-])[O-]",  # sibirskite CaH(BO3)
    "BClCuH4O4": "[Cu+2].O[B-](O)(O)O.[Cl-]",  # bandylite CuB(OH)4Cl
    "BHMgO3": "[Mg+2].[OH-].[O-]B=O",  # szaibelyite MgBO2(OH)
    "BHMnO3": "[Mn+2].[OH-].[O-]B=O",  # sussexite Mn2+BO2(OH)
    "BNaO4Si": "[Na+].O=[Si]([O-])O[B]=O",  # malinkoite NaBSiO4 (a framework of BO4 and SiO4 tetrahedra)
    "BiHO2": "[Bi+3].[O-2].[OH-]",  # daubreeite BiO(OH)
    "Bi2HO6P": "[Bi+3].[Bi+3].[O-2].[OH-]." + _PO4,  # smrkovecite Bi2O(OH)(PO4)
    "Bi2O6W": "[Bi+3].[Bi+3].[O-2].[O-2].[O-][W](=O)(=O)[O-]",  # russellite Bi2WO6
    "Bi2O9S2": "[Bi+3].[Bi+3].[O-2]." + _SO4 + "." + _SO4,  # balicžunicite Bi2O(SO4)2
    "CaClF": "[Ca+2].[Cl-].[F-]",  # rorisite CaClF
    "Ca2ClO4P": "[Ca+2].[Ca+2].[Cl-]." + _PO4,  # goryainovite Ca2(PO4)Cl
    # belloite Cu(OH)Cl (ClCuHO) is a row of tools/vetted_families.py (s15g), with its own sources
    "CuHIO4": "[Cu+2].[O-]I(=O)=O.[OH-]",  # salesite Cu(IO3)(OH)
    "FFe2O4P": "[Fe+2].[Fe+2].[F-]." + _PO4,  # zwieselite Fe2+2(PO4)F
    "FeH4NO8S2": "[NH4+].[Fe+3]." + _SO4 + "." + _SO4,  # sabieite (NH4)Fe3+(SO4)2
    "FeNaO4P": "[Na+].[Fe+2]." + _PO4,  # maricite, karenwebberite NaFe2+(PO4)
    "Fe2HO5P": "[Fe+2].[Fe+2].[OH-]." + _PO4,  # wolfeite Fe2+2(PO4)(OH)
    "Fe3O8P2": "[Fe+2].[Fe+2].[Fe+2]." + _PO4 + "." + _PO4,  # graftonite, sarcopside Fe2+3(PO4)2
    "HO5PU": "[U+4].[OH-]." + _PO4,  # vyacheslavite U4+(PO4)(OH)
    "H2O4U": "O=[U+2]=O.[OH-].[OH-]",  # paulscherrerite (UO2)(OH)2
    "KNaO4S": "[K+].[Na+]." + _SO4,  # belomarinaite KNa(SO4)
    "MnNaO4P": "[Na+].[Mn+2]." + _PO4,  # natrophilite NaMn2+(PO4)
    "O4PbSiZn": "[Pb+2].[Zn+2].[O-][Si]([O-])([O-])[O-]",  # larsenite ZnPb(SiO4)
    "O10P2Pb2U": "[Pb+2].[Pb+2].O=[U+2]=O." + _PO4 + "." + _PO4,  # parsonsite Pb2(UO2)(PO4)2
}
#: names where the naming rules read the composition otherwise than the IMA formula's ions (they gave MnBO2(OH)
#: 'manganese(iv) borate hydride' and NaBSiO4 'sodium boride tetraoxide silicide'): key -> English name
IMA_NAMES: dict[str, str] = {
    "BCaHO3": "calcium hydrogenborate",  # CaH(BO3): Ca2+ and HBO3 2- (Red Book IR-8.5 'hydrogen' names)
    "BHMgO3": "magnesium hydroxide metaborate",
    "BHMnO3": "manganese(II) hydroxide metaborate",
    "BNaO4Si": "sodium borosilicate",  # Na[BSiO4], a framework of BO4 and SiO4 tetrahedra
}
#: IMA minerals the deck builds whose formula carries water of crystallization: not made known here. The reference
#: keys a hydrate by its anhydrous salt (vetted_substances.HYDRATES); it has no entry, name or note for a hydrate's
#: own composition, and the deck's build of it is no hydrate (CaCO3·H2O is built as Ca2+ + HCO3- + OH-). Game-only.
IMA_HYDRATES_LEFT_OUT = frozenset({"BiH3O6S", "CH2CaO4", "CH2O6U", "CuH2O4Si", "H3NaO5S", "H3NaO7SiU", "H3O6PU",
                                   "H4O5W"})
# s18d: the IMA minerals a student can lay under the engine's own rule check beyond the hint search's bounds (dolomite is
# not among them: Ca2+ and CO3 2- alone add up to zero); their structures, names and the ones left game-only, with the
# reason, are in tools/vetted_review_s18d.py
try:
    from vetted_review_s18d import IMA_LEFT_OUT_S18D, IMA_NAMES_S18D, IMA_STRUCTURES_S18D, ima_buildable_minerals
except ImportError:  # imported as tools.composable_real
    from tools.vetted_review_s18d import IMA_LEFT_OUT_S18D, IMA_NAMES_S18D, IMA_STRUCTURES_S18D, ima_buildable_minerals
IMA_STRUCTURES.update(IMA_STRUCTURES_S18D)
IMA_NAMES.update(IMA_NAMES_S18D)
#: the German name of an IMA mineral where a German reference names it (the source read); every other mineral shows
#: its IMA name (German mineral names mostly drop the final -e, but not always: Bandylith, Marićit)
IMA_GERMAN: dict[str, tuple[str, str]] = {
    "Bandylite": ("Bandylith", "de.wikipedia 'Bandylith'"),
    "Malinkoite": ("Malinkoit", "de.wikipedia 'Malinkoit'"),
    "Marićite": ("Marićit", "de.wikipedia 'Marićit'"),
    "Parsonsite": ("Parsonsit", "de.wikipedia 'Parsonsit'"),
    "Rorisite": ("Rorisit", "mineralienatlas.de 'Rorisit'"),
    "Smrkovecite": ("Smrkovecit", "de.wikipedia 'Smrkovecit'"),
    "Wolfeite": ("Wolfeit", "de.wikipedia 'Wolfeit'"),
}
_IMA_SOURCE = ("IMA list of minerals (RRUFF 'IMA Database of Mineral Properties', export 2022-02-28; extract "
               "tools/ima_minerals.tsv)")


def ima_source(minerals: list[tuple[str, str]]) -> str:
    """The source line of a composition the IMA list names: each mineral with its IMA formula and its German name.

    >>> ima_source([("Graftonite", "Fe2+Fe2+2(PO4)2")])  # doctest: +ELLIPSIS
    "IMA list of minerals (...): graftonite (IMA formula Fe2+Fe2+2(PO4)2; deutsch: Graftonite, IMA-Name)"
    """
    parts = []
    for name, formula in minerals:
        german, where = IMA_GERMAN.get(name, (name, "IMA-Name"))
        parts.append(f"{name[0].lower() + name[1:]} (IMA formula {formula}; deutsch: {german}, {where})")
    return _IMA_SOURCE + ": " + ", ".join(parts)


def ima_minerals_built(comps: dict, hill) -> dict[str, list[tuple[str, str]]]:
    """Composition key (``hill``: ``make_substances.hill``) -> the IMA minerals [(name, formula)] of every
    composition of ``comps`` (``composable()``) that is an IMA mineral's ideal formula."""
    try:
        from tools.ima_minerals import compositions
    except ModuleNotFoundError:  # run as a script from tools/
        from ima_minerals import compositions

    minerals = compositions()
    return {hill(dict(comp)): minerals[comp] for comp in comps if comp in minerals}


#: review25g G1: a PubChem record alone (a registry or vendor record) does not make a composition a substance that
#: exists. Its second source is a CRC row of the salt's name (the salt or its hydrate) or one of these rows, each a
#: textbook or the IMA mineral list: formula -> (source, the CAS where the record's own is another substance's)
SECOND_SOURCE: dict[str, tuple[str, str]] = {
    "NH4Al(SO4)2": ("CRC Handbook, 'Aluminum ammonium sulfate dodecahydrate' (ammonium alum, CAS 7784-26-1); " + HOLLEMAN
                    + ", Alaune", ""),
    "KAlCl4": (GREENWOOD + ", ch. 7 (tetrachloroaluminates M[AlCl4], molten-salt media; Na[AlCl4] in the CRC)", ""),
    "LiAlCl4": (GREENWOOD + ", ch. 7 (tetrachloroaluminates); the electrolyte of Li/SOCl2 cells", ""),
    "CuAlO2": ("delafossite-type CuAlO2: Kawazoe et al., Nature 389 (1997) 939 (p-type transparent conductor)", ""),
    "LiAlO2": (GREENWOOD + ", ch. 7 (aluminates MAlO2); gamma-LiAlO2, a tritium-breeder ceramic", ""),
    "NaAuCl4": (GREENWOOD + ", ch. 28 (tetrachloroaurates(III) [AuCl4]-, NaAuCl4·2H2O); " + HOLLEMAN
                + ", Tetrachloridogoldsäure und ihre Salze", ""),
    "BaClF": ("matlockite-type BaFCl (as PbFCl, the CRC's 'Lead(II) chloride fluoride'): Sauvage, Acta Cryst. B30 "
              "(1974) 2786", ""),
    "CuCO3": ("anhydrous copper(II) carbonate made under CO2 pressure: Seidel, Viswanathan, Johannes, Ehrhardt, "
              "Z. Anorg. Allg. Chem. 410 (1974) 138 (the copper carbonates of trade are basic: malachite, azurite)", ""),
    "Ca2SiO4": ("larnite (beta-Ca2SiO4), " + _IMA + "; belite of Portland cement (dicalcium silicate, CAS 10034-77-2; "
                "PubChem's record CID 14941 gives 1344-95-2, the CRC's calcium metasilicate)", "10034-77-2"),
    "NaCaPO4": ("Rhenania phosphate (beta-NaCaPO4, rhenanite); buchwaldite, " + _IMA + "; " + HOLLEMAN
                + ", Rhenaniaphosphat", ""),
    "Fe(ClO4)2": (GREENWOOD + ", ch. 25 (iron(II) salts of [Fe(H2O)6]2+, the perchlorate Fe(ClO4)2·6H2O)", ""),
    "Hg(ClO4)2": (GREENWOOD + ", ch. 29 (mercury(II) perchlorate, a salt of Hg2+ in water, as the nitrate)", ""),
    "Cr(ClO4)3": (GREENWOOD + ", ch. 23 (chromium(III) salts of [Cr(H2O)6]3+, perchlorate and nitrate)", ""),
    "Fe(ClO4)3": (GREENWOOD + ", ch. 25 (iron(III) perchlorate: [Fe(H2O)6]3+ stays unhydrolysed in HClO4, pale violet)", ""),
    "Th(ClO4)4": (GREENWOOD + ", ch. 31 (thorium(IV) salts: nitrate, sulfate, perchlorate)", ""),
    "Cr5O12": (GREENWOOD + ", ch. 23 (the intermediate chromium oxides Cr3O8, Cr2O5, Cr5O12 = Cr2(CrO4)3)", ""),
    "Cr(OH)SO4": (HOLLEMAN + ", Chrom(III)-sulfat (basic chromium sulfate Cr(OH)SO4, the tanning agent "
                  "'Chromgerbstoff')", ""),
    "NaCrO2": ("sodium chromite NaCrO2 (alpha-NaFeO2 layers, a sodium-battery cathode): " + GREENWOOD
               + ", ch. 23 (chromites(III))", ""),
    "CrSO4": (GREENWOOD + ", ch. 23 (chromium(II) salts: CrSO4·5H2O, blue, from Cr and dilute H2SO4)", ""),
    "Fe(NO3)2": (HOLLEMAN + ", Eisen(II)-nitrat (Fe(NO3)2·6H2O, green, from Fe and cold dilute HNO3)", ""),
    "ZnH2": (GREENWOOD + ", ch. 29 (ZnH2, a solid from ZnMe2 or ZnI2 and LiAlH4)", ""),
    "NaNH4HPO4": ("CRC Handbook, 'Sodium ammonium phosphate tetrahydrate' (CAS 13011-54-6, microcosmic salt); "
                  + HOLLEMAN + ", Phosphorsalz", ""),
    "Zn(IO3)2": ("CRC Handbook, table of solubility products: zinc iodate dihydrate Zn(IO3)2·2H2O", ""),
    "U(NO3)4": (GREENWOOD + ", ch. 31 (uranium(IV) salts); uranium(IV) nitrate kept only in nitric acid solution, "
                "stabilised with hydrazine: AERE-R-3938, Harwell 1962 (vetted_substances.SOLUTION_ONLY)", ""),
    "KPO3": (GREENWOOD + ", ch. 12 (polyphosphates: Kurrol's salt (KPO3)n)", ""),
    "NaPO3": (GREENWOOD + ", ch. 12 (polyphosphates: Graham's salt and Maddrell's salt (NaPO3)n)", ""),
    "Na3P": (GREENWOOD + ", ch. 12 (phosphides M3P of the alkali metals)", ""),
    "NH4BrO3": (HOLLEMAN + ", Bromsäure und Bromate (ammonium bromate, decomposes explosively when warmed); "
                + GREENWOOD + ", ch. 17 (halates)", ""),
    "CuCrO4": ("copper(II) chromate(VI), CrVO4 type: Seferiadis, Oswald, Acta Cryst. C43 (1987) 10 (the precursor of "
               "the copper chromite catalyst)", ""),
    "Na4SiO4": (GREENWOOD + ", ch. 9 (orthosilicates SiO4 4-: Na4SiO4); " + HOLLEMAN + ", Natriumorthosilicat", ""),
}

# s24b (review s23c's and s23b's open rows): gold(III) oxide and mercury(II) iodate, PubChem records with a structure
# paper each (tools/vetted_review_s24b.py)
try:
    from vetted_review_s24b import SECOND_SOURCE_S24B
except ImportError:  # imported as tools.composable_real
    from tools.vetted_review_s24b import SECOND_SOURCE_S24B
SECOND_SOURCE.update(SECOND_SOURCE_S24B)

_HYDRATE_WORD = re.compile(r"\s+(?:hemi|mono|di|tri|tetra|penta|hexa|hepta|octa|nona|deca|dodeca)?hydrate$", re.I)
_STOCK = re.compile(r"\((?:I{1,3}|IV|V|VI{0,3}|VII)\)")


def _units() -> tuple[dict[str, tuple[int, ...]], dict[str, int], dict[str, dict[str, int]], dict[str, int]]:
    """The deck's free cards (symbol -> charges), its combinations (formula -> charge), each
    combination's atoms, and the family deck's count of each card."""
    from chemgames.games.chemiekarten.cards import PROTO, card_set, combinations, family_deck

    deck = family_deck()
    cards = card_set()
    free = {s: cards[s].charges for s in deck if s != PROTO and any(cards[s].charges)}
    combos = {f: c.charge for f, c in combinations().items()}
    atoms = {f: dict(c.parsed.counts) for f, c in combinations().items()}
    return free, combos, atoms, dict(deck)


@lru_cache(maxsize=2)
def composable(max_atoms: int = 24) -> dict[tuple[tuple[str, int], ...], tuple[tuple[tuple[str, int, int], ...], tuple[str, ...]]]:
    """Every composition the family deck can build, with one build of it: ``{composition: (free cards
    (symbol, count, charge), combinations)}``.

    A build is what the hint search weighs: up to ``MAX_COMBOS`` combinations and free cards of at
    most ``max(1, 3 - combinations)`` kinds, at most ``MAX_COUNT`` of a kind and no more than the deck
    holds; the combinations' missing cards come from the ten Protomaterie cards; at most ``max_atoms``
    atoms (the reference's limit). The engine's own check (``compound._some_charges_fit`` with the
    chosen charges) decides: the charges balance and no part adds up to zero (the rule sheet's
    Beispiel 2).

    >>> comps = composable()
    >>> (("C", 2), ("Ca", 1), ("H", 2), ("O", 6)) in comps, (("Na", 2), ("Cl", 2)) in comps
    (True, False)
    """
    from chemgames.games.chemiekarten.compound import _some_charges_fit

    free, combos, atoms, deck = _units()
    out: dict = {}
    charged = sorted(f for f, q in combos.items() if q)
    neutral = sorted(f for f, q in combos.items() if not q)
    symbols = sorted(free)
    tops = {s: min(deck[s], MAX_COUNT) for s in symbols}
    # the free cards that cancel a charge depend on the charge alone (a few values), the rule check on the
    # counts and charges alone: each is worked out once, not for each of the 46,376 choices of combinations
    free_parts: dict[tuple[int, int], list[tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...]]]] = {}
    fits: dict[tuple[tuple[tuple[int, tuple[int]], ...], tuple[int, ...]], bool] = {}
    for f in neutral:  # a neutral combination is a compound of its own (and a zero part beside anything)
        out.setdefault(tuple(sorted(atoms[f].items())), ((), (f,)))
    for k in range(MAX_COMBOS + 1):
        for chosen in itertools.combinations_with_replacement(charged, k):
            held: dict[str, int] = {}  # plain dicts: Counter's arithmetic was half the time
            for f in chosen:
                for e, n in atoms[f].items():
                    held[e] = held.get(e, 0) + n
            held_atoms = sum(held.values())
            if held_atoms > max_atoms:
                continue
            extra = sum(combos[f] for f in chosen)
            combo_q = tuple(sorted(combos[f] for f in chosen))
            kinds = max(1, 3 - k)
            for n_kinds in range(0 if k else 1, kinds + 1):
                if (n_kinds, extra) not in free_parts:
                    free_parts[n_kinds, extra] = list(_balancing_free(free, tops, symbols, n_kinds, extra))
                for group, charges, counts in free_parts[n_kinds, extra]:
                    if held_atoms + sum(counts) > max_atoms:
                        continue
                    total = dict(held)
                    for s, n in zip(group, counts):
                        total[s] = total.get(s, 0) + n
                    # free cards are real cards; a combination's missing ones Protomaterie
                    if sum(max(0, n - deck.get(e, 0)) for e, n in total.items()) > PROTOS:
                        continue
                    terms = tuple(sorted((n, (q,)) for n, q in zip(counts, charges)))
                    if not terms and k == 1:
                        continue  # a lone charged combination is an ion, no compound
                    if (terms, combo_q) not in fits:
                        fits[terms, combo_q] = _some_charges_fit(terms, combo_q)
                    if not fits[terms, combo_q]:
                        continue
                    comp = tuple(sorted(total.items()))
                    out.setdefault(comp, (tuple(zip(group, counts, charges)), chosen))
    return out


def _balancing_free(free: dict[str, tuple[int, ...]], tops: dict[str, int], symbols: list[str], n_kinds: int,
                    extra: int) -> Iterator[tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...]]]:
    """Every choice of ``n_kinds`` kinds of free cards (group, nonzero charges, counts from 1 to ``tops``)
    whose charges cancel ``extra``, in the order of the plain product over groups, charges and counts
    (``composable`` keeps the first build of a composition): the balance fixes the last kind's count, so
    at most one per choice of the others.

    >>> list(_balancing_free({"Na": (1,), "O": (-2,)}, {"Na": 6, "O": 6}, ["Na", "O"], 2, 0))
    [(('Na', 'O'), (1, -2), (2, 1)), (('Na', 'O'), (1, -2), (4, 2)), (('Na', 'O'), (1, -2), (6, 3))]
    >>> list(_balancing_free({"Na": (1,)}, {"Na": 6}, ["Na"], 0, 0)), list(_balancing_free({"Na": (1,)}, {"Na": 6}, ["Na"], 1, -3))
    ([((), (), ())], [(('Na',), (1,), (3,))])
    """
    if not n_kinds:
        if not extra:
            yield (), (), ()
        return
    for group in itertools.combinations(symbols, n_kinds):
        for charges in itertools.product(*(free[s] for s in group)):
            if 0 in charges:
                continue
            for head in itertools.product(*(range(1, tops[s] + 1) for s in group[:-1])):
                rest = extra + sum(n * q for n, q in zip(head, charges))
                if rest % charges[-1] == 0 and 1 <= -rest // charges[-1] <= tops[group[-1]]:
                    yield group, charges, head + (-rest // charges[-1],)


@lru_cache(maxsize=1)
def _ion_smiles(ms: ModuleType) -> dict[tuple[tuple[tuple[str, int], ...], int], str]:
    """(composition, charge) -> the SMILES of the ion tables of chemicals (Anion db, Cation db)."""
    import chemicals

    structure = ms.structure

    out: dict = {}
    folder = Path(chemicals.__file__).parent / "Identifiers"
    for table in ("Anion db.tsv", "Cation db.tsv"):
        with open(folder / table, encoding="utf-8") as fh:
            for line in fh:
                p = line.rstrip("\n").split("\t")
                if len(p) < 9 or not p[4]:
                    continue
                st = structure(p[4])
                if st is None or st["parts"] != 1 or st["radicals"]:
                    continue
                out.setdefault((tuple(sorted(st["counts"].items())), st["charge"]), p[4])
    return out


def _element_ion(symbol: str, q: int) -> str:
    sign = "+" if q > 0 else "-"
    return f"[{symbol}{sign}{abs(q)}]"


def build_smiles(ms: ModuleType, build: tuple[tuple[tuple[str, int, int], ...], tuple[str, ...]]) -> str | None:
    """A salt's structure drawn from a build: each free card an ion of its charge, each combination
    the ion tables' SMILES (None where a combination has none)."""
    from chemgames.games.chemiekarten.cards import combinations

    free, combos = build
    parts = [_element_ion(s, q) for s, n, q in free for _ in range(n)]
    for f in combos:
        c = combinations()[f]
        smi = _ion_smiles(ms).get((tuple(sorted(c.parsed.counts.items())), c.charge))
        if smi is None:
            return None
        parts.append(smi)
    return ".".join(parts)


def molecule_smiles(counts: dict[str, int], states: dict[str, int]) -> str | None:
    """One molecule around one central atom of positive charge with terminal O (double bonds) and
    halogens (single bonds): CrO2F2 as O=[Cr](=O)(F)F. None for any other shape."""
    centre = [e for e, q in states.items() if q > 0]
    if len(centre) != 1 or counts[centre[0]] != 1 or not set(counts) - {centre[0]} <= {"O", "F", "Cl", "Br", "I"}:
        return None
    c = centre[0]
    if states[c] != 2 * counts.get("O", 0) + sum(n for e, n in counts.items() if e not in ("O", c)):
        return None
    ligands = "".join("(=O)" for _ in range(counts.get("O", 0))) + "".join(
        f"({e})" for e in ("F", "Cl", "Br", "I") for _ in range(counts.get(e, 0)))
    return f"[{c}]{ligands}"


def _salt_name(counts: dict[str, int], free: tuple[tuple[str, int, int], ...]) -> str | None:
    """The English salt name the naming rules give a composition (``substances.decompose``), as the
    CRC writes salt names, lower case."""
    from chemgames.chemistry.substances import SubstanceError, _salt_name as name_of, decompose

    try:
        parts = decompose(counts)
        name = name_of(parts, "en") if parts else None
    except SubstanceError:  # a part the element table does not name (the plutonyl of a build)
        return None
    return name.lower() if name else None


def _crc_names() -> dict[str, list[tuple[str, str, bool]]]:
    """Lower-case salt name (no hydrate word, no 'ortho') -> [(CAS, CRC name, hydrate?)] of the CRC
    physical-constants and thermodynamic tables."""
    import chemicals
    import pandas as pd
    from chemicals import miscdata

    out: dict[str, list[tuple[str, str, bool]]] = {}
    path = Path(chemicals.__file__).parent / "Heat Capacity" / "CRC Standard Thermodynamic Properties of Chemical Substances.tsv"
    thermo = pd.read_csv(path, sep="\t", index_col=0)
    rows = list(miscdata.CRC_inorganic_data["Chemical"].items()) + list(thermo["Chemical"].items())
    for cas, name in rows:
        text = str(name).strip()
        bare = _HYDRATE_WORD.sub("", text)
        key = _norm(bare)
        out.setdefault(key, []).append((str(cas), text, bare != text))
    return out


def _norm(name: str) -> str:
    return re.sub(r"\s+", " ", name.lower().replace("ortho", "")).strip()


def _norm_crc(name: str) -> str:
    """A salt name as the CRC spells it: American aluminum, the ligand names before 2005 (tetrachloro-)."""
    return re.sub(r"(chlor|fluor|brom|iod|hydrox|cyan)ido", r"\1o", _norm(name).replace("aluminium", "aluminum"))


def crc_support(crc: dict[str, list[tuple[str, str, bool]]], name: str | None) -> tuple[str, str, bool] | None:
    """The CRC row (CAS, name, hydrate?) of a salt name, the salt or its hydrate: a record's second source.

    >>> crc = _crc_names()
    >>> crc_support(crc, "iron(III) nitrate")[1], crc_support(crc, "aluminium perchlorate")[1]
    ('Iron(III) nitrate nonahydrate', 'Aluminum perchlorate nonahydrate')
    >>> crc_support(crc, "chromium(iii) carbonate") is None, crc_support(crc, "magnesium chloride fluoride") is None
    (True, True)
    >>> crc_support(crc, "ammonium magnesium phosphate")[1]  # the CRC orders the cations otherwise (s24b)
    'Magnesium ammonium phosphate hexahydrate'
    """
    if not name:
        return None
    by: dict[str, list[tuple[str, str, bool]]] = {}
    for key, rows in crc.items():
        by.setdefault(_norm_crc(key), []).extend(rows)
    for key in (_norm_crc(name), _norm_crc(_STOCK.sub("", name))):
        if by.get(key):
            return sorted(by[key], key=lambda r: r[2])[0]
    # the same ion words in another order (s24b): the CRC does not order a double salt's cations alphabetically
    # ('Magnesium ammonium phosphate hexahydrate' for the rules' ammonium magnesium phosphate); the order of the ion
    # names fixes no composition, their multiset does
    for key in (_norm_crc(name), _norm_crc(_STOCK.sub("", name))):
        words = sorted(key.split())
        rows = [r for k, rs in by.items() if len(k.split()) > 2 and sorted(k.split()) == words for r in rs]
        if rows:
            return sorted(rows, key=lambda r: r[2])[0]
    return None


def _record_index(ms: ModuleType, elements: set[str], most: dict[str, int]
                  ) -> dict[tuple[tuple[str, int], ...], list[tuple[list[str], dict]]]:
    """Composition -> identifier rows whose structure (RDKit) is one pure substance of deck elements
    (``most``: the most atoms of each element a build holds; a structure's heavy atoms beyond them are
    not read)."""
    import chemicals

    TABLES, _SKIP_NAME, is_hydrate, structure = ms.TABLES, ms._SKIP_NAME, ms.is_hydrate, ms.structure

    atom = re.compile(r"Cl|Br|\[([A-Z][a-z]?)|([BCNOSPFI])")
    out: dict = {}
    folder = Path(chemicals.__file__).parent / "Identifiers"
    for table in TABLES[:4]:
        with open(folder / table, encoding="utf-8") as fh:
            for line in fh:
                p = line.rstrip("\n").split("\t")
                if len(p) < 9 or not p[1] or not p[4] or not p[0].isdigit():
                    continue
                seen = Counter(m[1] or m[2] or m[0] for m in atom.finditer(p[4]))
                if not set(seen) <= elements | {"H"} or any(n > most.get(e, 0) for e, n in seen.items() if e != "H") \
                        or _SKIP_NAME.search(p[8]) or is_hydrate(p[4]):
                    continue
                st = structure(p[4])
                # (atoms_only without ions: loose atoms, no bonds; [Cr+3].[OH-].[OH-].[OH-] is ions of one heavy atom each)
                # (a salt's d-metal ion shows its d electrons as radicals: [Cr+3] has three; not so a molecule)
                if st is None or st["charge"] or (st["radicals"] and not st["ionic_parts"]) \
                        or (st["atoms_only"] and not st["ionic_parts"]) \
                        or st["metal_carbon"]:
                    continue
                out.setdefault(tuple(sorted(st["counts"].items())), []).append((p, st))
    return out


def add_composable(ms: ModuleType, found: dict[str, list[dict]], records: dict, metals: set[str],
                   report: list[str]) -> dict:
    """Add to ``found`` a record of every deck-composable composition a vetted table names as one
    pure substance and ``found`` lacks; return the sweep's figures and the added keys with their
    sources, hydrates and solution-only notes."""
    name_mismatch, record_formula, structure, hill = ms.name_mismatch, ms.record_formula, ms.structure, ms.hill
    known_states = ms.KNOWN_STATES

    comps = composable()
    from chemgames.chemistry.substances import ions as table_ions
    from chemgames.games.chemiekarten.cards import combinations

    known_ions = {(tuple(sorted(c.parsed.counts.items())), c.charge) for c in combinations().values() if c.charge}
    known_ions |= {(tuple(sorted(dict(i.counts).items())), i.charge) for i in table_ions()}
    _, _, _, deck = _units()
    elements = set(deck) - {"Proto"}
    before = {c for c in comps if hill(dict(c)) in found}
    most: dict[str, int] = {}
    for comp in comps:
        for e, n in comp:
            most[e] = max(most.get(e, 0), n)
    index = _record_index(ms, elements, most)
    # the records whose name states a formula in brackets ('chromyl fluoride (cro2f2)'), by its characters
    stated: dict[str, list[tuple[str, list[str]]]] = {}
    for cas, rows_ in records.items():
        for q in rows_:
            for n in q[7:]:
                for m in re.finditer(r"\(([a-z0-9]+)\)", n):
                    stated.setdefault("".join(sorted(m[1])), []).append((cas, q[:8] + [n]))
    crc = _crc_names()
    added: dict[str, dict] = {}
    unsupported: dict[str, str] = {}  # PubChem-only compositions the second-source rule leaves game-only (G1)
    from chemgames.chemistry.formula import parse_formula

    second = {hill(dict(parse_formula(t).counts)): v for t, v in SECOND_SOURCE.items()}

    def fits_states(st: dict) -> bool:
        return all(float(v).is_integer() and int(v) in known_states.get(e, [int(v)])
                   for e, vals in st["ox"].items() for v in vals)

    def add(key: str, rec: dict, how: str) -> None:
        found.setdefault(key, []).append(rec)
        added[key] = dict(source=how, cas=rec["cas"], cid=rec["cid"], name=rec["name"])
        report.append(f"composable real substance: {key} {rec['name']} ({how})")

    for comp in sorted(set(comps) - before):
        counts = dict(comp)
        key = hill(counts)
        build = comps[comp]
        # 1. a PubChem record of this composition whose structure is one pure substance
        for p, st in sorted(index.get(comp, []), key=lambda x: int(x[0][0])):
            if not fits_states(st) or name_mismatch(p[8], st["counts"], st["ox"], metals):
                continue
            # a salt drawn as its ions, each a monoatomic ion or a polyatomic ion the cards or the
            # nomenclature table know: PubChem's molecules of a formula are often gas-phase species or
            # inventions (CuI2 'diiodocopper', mixed haloboranes), no substance a student can hold
            # an acid beside its base reacts (NH4+ + OH- is ammonia and water; no salt 'ammonium hydroxide'),
            # and hydride beside protic H ([Ca+2].[OH-].[H-], 'calcium monohydroxide') is no salt either
            groups = {g for g, _q in st["groups"]}
            if ((("H", 1), ("O", 1)) in groups and groups & {(("H", 4), ("N", 1)), (("H", 3), ("O", 1))}) \
                    or {1, -1} <= set(st["ox"].get("H", [])):
                continue
            if not st["ionic_parts"] or not all(len(dict(g)) == 1 and sum(dict(g).values()) == 1 or (g, q) in known_ions
                                                for g, q in st["groups"]):
                continue
            # review25g G1: the record alone (a registry or vendor entry) is no proof; a second source must name
            # the salt: a CRC row of its name (the salt or a hydrate) or a textbook / IMA row of SECOND_SOURCE
            row = crc_support(crc, _salt_name(counts, build[0]))
            hand = second.get(key)
            if row is None and hand is None:
                unsupported[key] = f"PubChem CID {p[0]}, CAS {p[1]} '{p[8]}': no CRC row, no textbook row"
                break
            how = (f"CRC '{row[1]}', CAS {row[0]}" if row else "") or hand[0]  # type: ignore[index]
            cas = hand[1] if hand and hand[1] else p[1]
            add(key, dict(st, cas=cas, cid=int(p[0]), name=p[8], label="e", tm=None, tb=None, iupac=p[7],
                          source="composable"), f"PubChem CID {p[0]}, CAS {p[1]}; second source: {how}")
            added[key]["hydrate"] = row[1] if row and row[2] else ""
            break
        if key in added:
            continue
        # 2. a CRC row of the build's salt name (anhydrous, or only as a hydrate): one kind of metal
        # cation and one kind of anion, as the CRC names salts
        # (the name fixes the formula only with a polyatomic anion and a known charge of the metal:
        # 'Calcium carbide' does not say CaC2 or Ca2C, 'Iron perchlorate' not Fe(II) or Fe(III))
        kinds = {x[0] for x in build[0]} | set(build[1])
        free_metals = {x[0] for x in build[0]} & metals
        # (and a formula unit: Cu2S2O8, 2 Cu+ + S2O8 2-, is named 'copper(II) sulfate' as two units of CuSO4)
        if len(kinds) != 2 or len(build[0]) != 1 or not free_metals or not build[1] or math.gcd(*counts.values()) > 1:
            name = None
        else:
            name = _salt_name(counts, build[0])
        rows = crc.get(_norm(name), []) if name else []
        if not rows and name:
            rows = crc.get(_norm(_STOCK.sub("", name)), [])
        # only a CRC row of the salt itself: a row of a hydrate only ('Iron(III) nitrate nonahydrate') does not
        # make the anhydrous salt real (Fe(NO3)3 is known only with water), and the data has no hydrate note
        rows = [r for r in rows if not r[2] and _norm(r[1]) == _norm(name or "") or not r[2] and (
            len(ms.MAIN_STATES.get(build[0][0][0], [])) == 1 and
            _norm(_STOCK.sub("", _HYDRATE_WORD.sub("", r[1]))) == _norm(_STOCK.sub("", name or "")))] if name else []
        smiles = build_smiles(ms, build) if rows else None
        st = structure(smiles, vetted=True) if smiles else None
        if st is not None and st["counts"] == counts and not st["charge"] and fits_states(st):
            cas, crc_name, hydrate = sorted(rows, key=lambda r: r[2])[0]
            cid = next((int(q[0]) for q in records.get(cas, []) if q[0].isdigit()), -1)
            add(key, dict(st, cas=cas, cid=cid, name=_HYDRATE_WORD.sub("", crc_name), label="e", tm=None, tb=None,
                          iupac="", source="composable", hydrate=crc_name if hydrate else ""),
                f"CRC '{crc_name}', CAS {cas}" + (" (listed only as a hydrate)" if hydrate else ""))
            added[key]["hydrate"] = crc_name if hydrate else ""
            continue
        # 3. a record whose own name states the composition, its structure broken: one molecule
        states = {s: q for s, _n, q in build[0]}
        # (only an oxide halide of a metal or non-metal at +5 or more: the molecules CrO2F2, VOCl3 of the
        # textbooks; a name like 'barium chloride fluoride (baclf)' is a salt, no molecule to draw)
        # (the centre a metal: PO2Cl 'phosphorusoxychloride' is a matrix species, POCl3 the substance)
        if build[1] or len(counts) < 3 or "O" not in counts or max(states.values()) < 5 \
                or not {e for e, q in states.items() if q > 0} <= metals:
            continue
        smiles = molecule_smiles(counts, states)
        if smiles is None:
            continue
        text = "".join(sorted("".join(e.lower() + (str(n) if n > 1 else "") for e, n in counts.items())))
        for cas, hit in sorted(stated.get(text, []), key=lambda x: x[0]):
            if record_formula(hit[8], set(counts)) != counts:
                continue
            st = structure(smiles, vetted=True)
            if st is not None and st["counts"] == counts and fits_states(st):
                add(key, dict(st, cas=cas, cid=int(hit[0]) if hit[0].isdigit() else -1, name=re.sub(
                    r"\s*\([a-z0-9]+\)$", "", hit[8]), label="e", tm=None, tb=None, iupac="", source="composable"),
                    f"record '{hit[8]}', CAS {cas}, structure drawn from its name")
            break
    # 4. the handbooks' rows for what no shipped table holds

    solution_only = {}
    for text, (smiles, source, in_water) in HANDBOOK.items():
        st = structure(smiles, vetted=True)
        assert st is not None and not st["charge"], text
        assert st["counts"] == dict(parse_formula(text.replace("[", "(").replace("]", ")")).counts), text
        key = hill(st["counts"])
        if key in found:
            continue
        cas, cid = (m[2], int(m[1])) if (m := re.search(r"PubChem CID (\d+), CAS ([\d-]+)", source)) else ("", -1)
        add(key, dict(st, cas=cas, cid=cid, name=_salt_name(st["counts"], ()) or text, label="e", tm=None, tb=None, iupac="", source="composable"),
            "handbook: " + source)
        if in_water:
            solution_only[key] = source
    # 5. s15c: the IMA minerals the deck builds that no table above holds (their structure drawn from the IMA formula)
    for key, minerals in sorted({**ima_buildable_minerals(hill), **ima_minerals_built(comps, hill)}.items()):
        counts = dict(parse_formula(key).counts)
        # (calomel, IMA 'HgCl': the data holds the formula unit Hg2Cl2, and substance() reads HgCl as it)
        if key in IMA_HYDRATES_LEFT_OUT:
            report.append(f"composable IMA hydrate mineral left game-only: {key} {minerals}")
            continue
        if key in IMA_LEFT_OUT_S18D:
            report.append(f"IMA mineral a student can lay, left game-only: {key} {minerals}: {IMA_LEFT_OUT_S18D[key]}")
            continue
        if any(hill({e: n * k for e, n in counts.items()}) in found for k in (1, 2, 3, 4)):
            continue
        if key not in IMA_STRUCTURES:
            raise AssertionError(f"composable IMA mineral {key} {minerals}: no structure drawn in IMA_STRUCTURES")
        st = structure(IMA_STRUCTURES[key], vetted=True)
        assert st is not None and not st["charge"] and hill(st["counts"]) == key and fits_states(st), key
        name = IMA_NAMES.get(key) or _salt_name(st["counts"], ()) or key
        add(key, dict(st, cas="", cid=-1, name=name, label="e", tm=None, tb=None, iupac="", source="composable"),
            ima_source(minerals))
    after = {c for c in comps if hill(dict(c)) in found}
    return {"composable": len(comps), "known_before": len(before), "known_after": len(after),
            "added": added, "solution_only": solution_only, "unsupported": unsupported}
