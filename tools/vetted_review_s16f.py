"""s16i: real substances the review s16f found Das Chemie-Kartenspiel calling game-only, and the gold(I) halides and
platinum(II) chloride, which the review found called salts of ions (review s16f, 80 games, seeds 60000-60079).

``REVIEW_ROWS`` has the format of ``vetted_substances.VETTED`` (formula, SMILES, English name, German name, label, source)
and is appended there; each row quotes the sources read for it (two independent ones each: the truth rows of
``tests/truth/rows.txt`` cite them by their keys). The SMILES carry the oxidation numbers the sources give (ions for the
salts). Nitric acid monohydrate, which is oxonium nitrate [H3O]+[NO3]- as perchloric acid monohydrate is oxonium
perchlorate, is a ``HANDBOOK`` row of ``tools/composable_real.py`` beside [H3O]ClO4 (``OXONIUM_NITRATE`` here).

``REVIEW_STRUCTURES`` has the format of ``vetted_substances.SOLID_STRUCTURES`` (structure facts, source) and is added
there: AuCl, AuBr, AuI are zigzag chains -X-Au-X-Au- of linear X-Au-X units (Greenwood & Earnshaw; Janssen & Wiegers
1978), PtCl2 a polymer (alpha) or Pt6Cl12 molecules (beta) of square-planar PtCl4 units sharing Cl atoms (von Schnering
et al. 2003). Left out, by the rule of s15g (no member by analogy): Fe(OH)F, Cu(OH)F, AlOF, ThNCl (one paper each read),
Pb(OH)I (a key incomplete), PuO2F2 (a passing mention); UN2 (engineer s16c's branch).

>>> len({row[0] for row in REVIEW_ROWS}) == len(REVIEW_ROWS)
True
>>> sorted(REVIEW_STRUCTURES)
['AuBr', 'AuCl', 'AuI', 'PtCl2']
"""
from __future__ import annotations

_WP = "Wikipedia (English) "
# the gold(I) halides (reviews s16d and s16f): zigzag chains -X-Au-X-Au- of linearly coordinated gold, each X bridging
# two Au; the molecules of the gas are not named (no source read on them)
_GE_GOLD = (_WP + "'Gold(I) chloride' ('The structure was elucidated in 1974 by X-ray diffraction ... consists of zig-zag "
            "chains of gold and chlorine, similar to gold(I) bromide and gold(I) iodide. The Au-Cl bond length is 2.36 Å, "
            "and the chain bends at the Cl with a bond angle of 92°'); " + _WP + "'Gold halide' (citing Greenwood & "
            "Earnshaw, Chemistry of the Elements, 2nd ed. (1997), ch. 28): 'AuCl, AuBr, and AuI are all crystalline "
            "solids with a structure containing alternating linear chains: ..-X-Au-X-Au-X-Au-X-...'")
_JW78 = ("Janssen, Wiegers, J. Less-Common Met. 57 (1978) P47, 'Crystal growth and the crystal structures of two "
         "modifications of gold monobromide, I-AuBr and P-AuBr' (as " + _WP + "'Gold(I) bromide' reports it: I-AuBr "
         "isostructural with gold(I) chloride, P-AuBr with gold(I) iodide; 'The two structures both consist of "
         "-Br-Au-Br-Au-Br- polymeric zigzag chains, but they are stacked in a different arrangement')")
_PO4 = "[O-]P(=O)([O-])[O-]"

#: formula, SMILES, English name, German name, label, source (two independent sources read for each, 2026-11-28)
REVIEW_ROWS: list[tuple[str, str, str, str, str, str]] = [
    # rutile-type FeOF, as FeOCl a salt of Fe3+, O2-, X- (the review's seeds 60000, 60004, 60008)
    ("FeOF", "[Fe+3].[F-].[O-2]", "iron(III) fluoride oxide", "Eisen(III)-fluoridoxid", "exists",
     "Brink, Withers, Thompson, J. Solid State Chem. 155 (2000) 359 ('Rutile-type iron oxyfluoride, FeOF, has been "
     "synthesized by the reaction of FeF3 with Fe2O3 in a sealed platinum tube at 950 °C'); Li, Xiang, Lin, Chen, Guo, "
     "Cao, Huang, Wu, Processes 10 (2022) 1491 ('FeOF with high purity, a fusiform nanorod shape and high "
     "crystallinity is prepared', a cathode of Li and Na cells)"),
    # zinc hydroxide fluoride, named as the hydroxide chlorides of s15g (ZnCl(OH) Zinkchloridhydroxid)
    ("ZnF(OH)", "[Zn+2].[F-].[OH-]", "zinc fluoride hydroxide", "Zinkfluoridhydroxid", "exists",
     "Gao, Li, Gao, Qiu, Gan, Wang, Leng, CrystEngComm 2011, doi 10.1039/c1ce05125c ('zinc fluorohydroxide Zn(OH)F "
     "... the formation of Zn(OH)F crystals'); Song, Zheng et al., Nanoscale Res. Lett. 4 (2009) 1512 ('Zinc hydroxide "
     "fluoride (Zn(OH)F) with novel flower-like morphology has been prepared')"),
    # bismuth ferrite, the multiferroic perovskite: Bi3+, Fe3+ and O2- (no BiO+ and no FeO2- ions: the cards' build
    # (BiO)FeO2 has its composition, the game names it by this entry); named as the ferrites NaFeO2, AgFeO2 (s15g)
    ("BiFeO3", "[Bi+3].[Fe+3].[O-2].[O-2].[O-2]", "bismuth ferrite", "Bismutferrit", "exists",
     _WP + "'Bismuth ferrite': 'Bismuth ferrite (BiFeO3, also commonly referred to as BFO in materials science) is an "
     "inorganic chemical compound with perovskite structure and one of the most promising multiferroic materials ... "
     "synthesized in bulk and thin film form'; J. Adv. Ceram. 2 (2013), issue 2, article 5 (a review of 'perovskite-"
     "structured BiFeO3-based polycrystalline solid solutions')"),
    ("AmPO4", "[Am+3]." + _PO4, "americium(III) phosphate", "Americium(III)-phosphat", "exists",
     _WP + "'Americium(III) phosphate': 'molecular formula AmPO4 ... The anhydrous form crystalizes as a monazite-like "
     "crystal'; EC Joint Research Centre record 'Synthesis, characterization, and stability of Americium Phosphate, "
     "AmPO4' ('AmPO4 was prepared by a solid-state reaction method, and its crystal structure at room temperature was "
     "solved by powder X-ray diffraction')"),
    # one source in the review (open-s16f.txt); two papers of different groups named in the article's references, read
    # as their titles, and the article
    ("PuPO4", "[Pu+3]." + _PO4, "plutonium(III) phosphate", "Plutonium(III)-phosphat", "exists",
     _WP + "'Plutonium(III) phosphate': 'an inorganic compound of plutonium, with the molecular formula PuPO4 ... "
     "crystalizes in the monazite crystal structure'; Bamberger, Haire, Hellwege, Begun, J. Less-Common Met. 97 (1984) "
     "349, 'Synthesis and characterization of crystalline phosphates of plutonium(III) and plutonium(IV)'; Thiriet, "
     "Konings, Wastin, J. Nucl. Mater. 344 (2005) 56, 'Low temperature heat capacity of PuPO4'"),
    # the host of the X-ray storage phosphor BaFBr:Eu2+ (PbFCl type, as BaClF zhangpeishanite)
    ("BaBrF", "[Ba+2].[Br-].[F-]", "barium bromide fluoride", "Bariumbromidfluorid", "exists",
     "Leblans, Vandenbroucke, Willems, Materials 4 (2011) 1034 ('the current commercial storage phosphors, BaFBr:Eu2+ "
     "and CsBr:Eu2+'); Koshimizu, Hori, Asai, Radiat. Meas. (2014) 113-116, 'Photostimulated luminescence properties of "
     "BaFBr:Eu under ion irradiation'; Fujifilm, Imaging Plate ('photo-stimulable phosphor of barium fluorobromide')"),
]

#: nitric acid monohydrate, a HANDBOOK row of composable_real (SMILES, source, kept only in solution)
OXONIUM_NITRATE = ("[H3O]NO3", (
    "[OH3+].[O-][N+](=O)[O-]",
    "Lebrun et al., Acta Cryst. B57 (2001) 27 ('The structures of the monohydrate (NAM) "
    "and trihydrate (NAT) are redetermined', the ions H3O+ and NO3-); Baloh, Grothe, Whitmore, Parker, Martín-Llorente, "
    "Escribano, Mol. Phys. 109 (2011) 2083 ('Crystalline nitric acid monohydrate (HNO3·H2O) is the major hydrate phase "
    "detected'); as [H3O]ClO4: oxonium salts of the strong acids", False))

#: structure facts (vetted_substances.SOLID_STRUCTURES) with their sources
REVIEW_STRUCTURES: dict[str, tuple[dict, str]] = {
    "AuCl": (dict(gas="", extent="chains", unit="Cl-Au-Cl", shape="linear", links=(("Cl", 1),), conducts=False,
                  ions=False), _GE_GOLD + "; " + _JW78),
    "AuBr": (dict(gas="", extent="chains", unit="Br-Au-Br", shape="linear", links=(("Br", 1),), conducts=False,
                  ions=False), _GE_GOLD + "; " + _JW78),
    "AuI": (dict(gas="", extent="chains", unit="I-Au-I", shape="linear", links=(("I", 1),), conducts=False, ions=False),
            _GE_GOLD + "; " + _JW78 + "; AuI tetragonal, P42/ncm (cryer.org.uk 'Gold monoiodide', after Brauer, "
            "Handbuch der präparativen anorganischen Chemie, 3rd ed. 1978)"),
    # alpha: a polymer of edge- and/or corner-sharing square-planar PtCl4 units; beta: Pt6Cl12 molecules in which each Cl
    # joins two Pt atoms (an M6X12 cluster without Pt-Pt bonds); either way every Cl is shared by two Pt atoms
    "PtCl2": (dict(gas="", extent="polymer_or_molecules", unit="Pt6Cl12", shape="molecules", links=(("Cl", 0),),
                   conducts=False, ions=False),
              _WP + "'Platinum(II) chloride': 'These dichlorides exist in both polymeric, or alpha, and hexameric, or "
              "beta structures ... In both forms of PtCl2, each Pt center is four-coordinate, being surrounded by four "
              "chloride ligands. Complementarily, each Cl center is two-coordinate, being connected to two platinum "
              "atoms. The structure of alpha-PtCl2 is reported to be disordered and contain edge- and/or corner-sharing "
              "square-planar PtCl4 units'; von Schnering, Chang, Peters, Peters, Wagner, Grin, Thiele, Z. anorg. allg. "
              "Chem. 629 (2003) 516, 'Structure and Bonding of the Hexameric Platinum(II) Dichloride, Pt6Cl12 "
              "(beta-PtCl2)' ('The molecule Pt6Cl12 shows the ... structure of the classic M6X12 cluster compounds with "
              "(distorted) square-planar PtCl4 fragments, however without metal-metal bonds')"),
}
