"""s24i: three records whose student-visible text claimed more than their sources (review s24c: D1, N1, N3).

Every source below was read on 2026-11-29 through the search tool (pages corpus); what a note quotes is what the stored
page showed. The three are appended by a block marked "s24i" at the end of ``tools/vetted_substances.py`` to the tables
the project already has for such cases (no rule of their own): ``SOLUTION_ONLY`` with a sentence of its own
(``SOLUTION_MEDIA`` -> catalogs ``chem.solution_only.<medium>``, as carbonic acid has) and ``ILL_DEFINED`` (catalogs
``chem.ill_defined.<formula>``: the card game says "umstritten", as for Pb(OH)2).

* **(NH4)2WO4** (D1). Its only record is the CRC row 'Ammonium tungstate(VI)' read by CAS 11120-25-5; that CAS is
  ammonium paratungstate (NH4)10[H2W12O42]·4H2O (the ECHA dossier, EC 234-364-9; en.wikipedia 'Ammonium
  paratungstate'). The simple salt is "the elusive diammonium tetraoxidotungstate": Morajkar and Srinivasan tried to
  isolate it and crystallised a paratungstate; evaporating tungstate solutions in amines gives paratungstates, the WO4 2-
  ion being the species in solution; industry crystallises the paratungstate from ammonium tungstate solutions (van Put,
  Witkamp, van Rosmalen 1993). The label stays ``exists`` (the solution is real and sold), the note says how it is
  known: dissolved in ammonia water; evaporating gives ammonium paratungstate.
* **H2SO3** (N1). Already in ``SOLUTION_ONLY`` with the generic sentence "can be kept only dissolved in water"; but a
  solution of SO2 in water holds SO2 molecules and HSO3- ions, no H2SO3 molecules (Raman spectra: Jolly 1991), and the
  molecule is known only in the gas (Sülzle, Verhoeven, Terlouw, Schwarz 1988). It gets a sentence of its own, as
  H2CO3 has (medium ``sulfurous_acid``); its handbook source is kept and these two are added.
* **PuO** (N3). One CRC row ('Plutonium(II) oxide') is its only record. The "PuO" phase seen on plutonium is a PuO/PuCO
  oxycarbide (Favart et al. 2021), a surface film of no fixed composition whose carbon comes from the metal (Roussel
  2024). Disputed (``ILL_DEFINED``), as Pb(OH)2: the label stays, the game no longer calls it flatly real.

>>> sorted(SOLUTION_ONLY_S24I), SOLUTION_MEDIA_S24I["H2SO3"], sorted(ILL_DEFINED_S24I)
(['(NH4)2WO4', 'H2SO3'], 'sulfurous_acid', ['PuO'])
"""
from __future__ import annotations

_TUNGSTATE = (
    "CRC Handbook row 'Ammonium tungstate(VI)', CAS 11120-25-5, which is ammonium paratungstate "
    "(NH4)10[H2W12O42]·4H2O (ECHA registration dossier, EC 234-364-9; en.wikipedia 'Ammonium paratungstate'); "
    "S. M. Morajkar, B. R. Srinivasan (Goa University, irgu.unigoa.ac.in handle unigoa/6533), abstract: 'An attempted "
    "isolation of the elusive diammonium tetraoxidotungstate (NH4)2[WO4] as its imidazole (Im) adduct resulted in the "
    "serendipitous formation of ... paratungstate B tetrahydrate'; S. M. Morajkar, B. R. Srinivasan, 'Synthesis, "
    "spectral and structural characterization of organic ammonium paratungstates', Indian J. Chem. 60A (2021) 185 "
    "(abstract: 'Dissolution of tungsten(VI) oxide hydrate (WO3·H2O) in aqueous organic amine ... results in the "
    "formation of the tetrahedral tetraoxidotungstate(VI) species in solution. Slow evaporation of the reaction mixture "
    "to isolate the tetraoxidotungstates ... afforded organic ammonium paratungstates'); J. W. van Put, G. J. Witkamp, "
    "G. M. van Rosmalen, 'Formation of ammonium paratungstate tetra- and hexa-hydrate. I: stability', Hydrometallurgy 34 "
    "(1993) 187 (abstract: 'The crystallization of ammonium paratungstate tetrahydrate ((NH4)10H2W12O42·4H2O) from "
    "aqueous ammonium tungstate solutions is a key unit operation in current tungsten powder production')")

_SULFUROUS = (
    "; W. L. Jolly, Modern Inorganic Chemistry, 2nd ed. (1991), as en.wikipedia 'Sulfurous acid' cites it: 'Raman "
    "spectra of solutions of sulfur dioxide in water show only signals due to the SO2 molecule and the bisulfite ion, "
    "HSO3-'; D. Sülzle, M. Verhoeven, J. K. Terlouw, H. Schwarz, 'Generation and Characterization of Sulfurous Acid "
    "(H2SO3) and of Its Radical Cation as Stable Species in the Gas Phase', Angew. Chem. Int. Ed. Engl. 27 (1988) 1533 "
    "(abstract: 'Sulfurous acid (H2SO3) and its radical cation ... are stable molecules: this has been shown "
    "unambiguously by neutralization-reionization MS experiments ... That these species are non-existent in solution is "
    "not due to intrinsic factors, but to the medium')")

_PLUTONIUM = (
    "CRC Handbook row 'Plutonium(II) oxide' (the only record); N. Favart, B. Ravat, L. Jolly, B. Oudot, L. Berlu, "
    "F. Delaunay, I. Popa, S. Chevalier, 'Characterization of PuO/PuCO-Type Phase and its Influence on the Oxidation "
    "Kinetics of δ-Plutonium', Oxid. Met. 96 (2021) 271 (abstract: 'This work focuses on PuCO-type phase formation at the "
    "surface of δ-Pu at temperatures above 300 °C under low oxygen partial pressure ... This oxycarbide formation was "
    "thermodynamically supported by CALPHAD calculations'); P. Roussel, 'Kinetics and mechanism of surface plutonium "
    "oxycarbide formation', Phys. Chem. Chem. Phys. (2024), doi:10.1039/d3cp05249d (abstract: 'The plutonium, carbon, "
    "and oxygen ratio of these surface films ... is shown to be nonstoichiometric. The origin of the carbon ... is shown "
    "to occur from the metal interstitial impurity')")

#: formula -> the source text appended to (H2SO3) or standing for (NH4)2WO4) the substance's solution_only source
SOLUTION_ONLY_S24I: dict[str, str] = {
    "(NH4)2WO4": "ammonium tungstate: known only in solution (WO4 2- in ammonia water); " + _TUNGSTATE,
    "H2SO3": _SULFUROUS,  # appended to the handbook source already there (vetted_substances.SOLUTION_ONLY)
}
#: the sentence of each (catalogs chem.solution_only.<medium>)
SOLUTION_MEDIA_S24I: dict[str, str] = {"(NH4)2WO4": "paratungstate", "H2SO3": "sulfurous_acid"}
#: disputed compositions (catalogs chem.ill_defined.<formula>)
ILL_DEFINED_S24I: dict[str, str] = {"PuO": _PLUTONIUM}
