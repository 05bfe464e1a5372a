"""s15g: real substances of whole families the deck of Das Chemie-Kartenspiel builds that no shipped table holds.

The review s15f (40 games, seeds 50000-50039) found 26 real substances the game called game-only ('nicht in unserem
Nachschlagewerk, nur nach Spielregel'); most belong to families of solids the CRC and PubChem tables in ``chemicals``
lack: the PbFCl-type oxide halides MOX, the alkaline-earth hydride halides MHX, the hydroxide halides M(OH)Cl, the
ternary oxides AMO2 (alpha-NaFeO2 and delafossite types), the calcite-type borates MBO3, and binaries of Po, Pu, Am.
For each family the members the deck can build (``composable_real.composable()``) were listed and a row is kept here
only for a member a source read names (a paper's title or abstract, a Wikipedia article, the IMA list, a crystallographic
prototype library): never a member by analogy (no CaHI, no CrOBr, no KFeO2 without a source read; they stay game-only).

Rows have the format of ``vetted_substances.VETTED`` (formula, SMILES, English name, German name, label, source) and are
appended there; ``FAMILY_MOLECULAR`` and ``FAMILY_NETWORKS`` extend its bonding tables. The SMILES carry the oxidation
numbers the sources give (ions for the salts; the molecules NSF, ClONO2 drawn with their bonds).

>>> len({row[0] for row in FAMILY_ROWS}) == len(FAMILY_ROWS)
True
>>> sorted(FAMILY_MOLECULAR), sorted(FAMILY_NETWORKS)
(['PoH2'], ['PON'])
"""
from __future__ import annotations

_WP = "Wikipedia (English) "
_OF61 = ("Oswald, Feitknecht, Helv. Chim. Acta 1961, doi 10.1002/hlca.19610440329, title 'Über die "
         "Hydroxidchloride Me(OH)Cl (Me = Mg, Ni, Co, Cu, Zn, Fe, Mn, Cd, Ca, Sn)'")
_EAG56 = ("Ehrlich, Alt, Gentsch, Z. anorg. allg. Chem. 283 (1956), doi 10.1002/zaac.19562830108, 'Über die Hydridchloride "
          "der Erdalkalimetalle' (abstract: 'Die Hydridchloride der Erdalkalimetalle (CaHCl, SrHCl, BaHCl) lassen sich durch "
          "Zusammenschmelzen von Hydrid und wasserfreiem Chlorid ... darstellen ... kristallisieren tetragonal im PbClF-Typ')")
_EG56 = ("Ehrlich, Görtz, Z. anorg. allg. Chem. 288 (1956), doi 10.1002/zaac.19562880305, 'Über die Hydridbromide der "
         "Erdalkalimetalle' (abstract: 'Die Hydridbromide der Erdalkalimetalle (CaHBr, SrHBr, BaHBr) ... PbClF-Typ')")
_T21 = ("Tsuchiya, Wei, Broux, Tassel, Ubukata, Kitagawa, Ueda, Tanabe, Kageyama, Dalton Trans. 50 (2021) 8385, 'Formation "
        "of PbCl2-type AHF (A = Ca, Sr, Ba) with partial anion order at high pressure' (abstract: 'AHF adopts the "
        "fluorite-type structure (Fm-3m) at ambient pressure')")
_PUOCL_BOX = (_WP + "'Plutonium oxychloride', infobox, related compounds: 'Other anions: Plutonium oxyfluoride, Plutonium "
              "oxybromide, Plutonium oxyiodide; Other cations: ... Americium(III) oxychloride'")
_AFLOW = ("AFLOW Library of Crystallographic Prototypes (Mehl et al., Comp. Mat. Sci. 136 (2017) S1), prototype CuFeO2 "
          "(delafossite, R-3m): 'Other compounds with this structure: AgAlO2, AgCoO2, AgCrO2, AgFeO2, ...'")

#: formula, SMILES, English name, German name, label, source (each a source read for this member)
FAMILY_ROWS: list[tuple[str, str, str, str, str, str]] = [
    # --- oxide halides MOX, PbFCl (matlockite) or FeOCl type: layered solids of M3+, O2- and X- (as BiOCl)
    ("FeOCl", "[Fe+3].[Cl-].[O-2]", "iron(III) chloride oxide", "Eisen(III)-chloridoxid", "exists",
     _WP + "'Iron oxychloride': 'the inorganic compound with the formula FeOCl. This purple solid adopts a layered "
     "structure'; Lind, Acta Cryst. B26 (1970) 1058, 'Refinement of the crystal structure of iron oxychloride'"),
    ("CrOCl", "[Cr+3].[Cl-].[O-2]", "chromium(III) chloride oxide", "Chrom(III)-chloridoxid", "exists",
     "Angelkort et al., Phys. Rev. B 80 (2009) 144416 ('phase transition of CrOCl toward a state of antiferromagnetic "
     "order below TN=13.5 K'); Gu et al., Nano Lett. 22 (2022) 1233 ('van der Waals antiferromagnetic insulator chromium "
     "oxychloride (CrOCl)')"),
    ("PuOCl", "[Pu+3].[Cl-].[O-2]", "plutonium(III) chloride oxide", "Plutonium(III)-chloridoxid", "exists",
     _WP + "'Plutonium oxychloride': 'an inorganic compound of plutonium, oxygen, and chlorine with the chemical formula "
     "PuOCl ... green or blue-green crystals (space group P4/nmm)'; Axler, Sheldon, J. Nucl. Mater. 187 (1992) 183"),
    ("PuOBr", "[Pu+3].[Br-].[O-2]", "plutonium(III) bromide oxide", "Plutonium(III)-bromidoxid", "exists",
     _WP + "'Plutonium oxybromide': 'first observed by Davidson et al. in 1949 ... Pure PuOBr can be obtained by treating "
     "plutonium hydroxide with moist hydrogen bromide at 750 °C ... dark green crystals of tetragonal system, space group "
     "P4/nmm'"),
    ("PuOI", "[Pu+3].[I-].[O-2]", "plutonium(III) iodide oxide", "Plutonium(III)-iodidoxid", "exists",
     _WP + "'Plutonium(III) iodide': 'Even if there is only a small amount of oxygen and water in the reaction, the "
     "generated plutonium(III) iodide will immediately hydrolyze into plutonium oxyiodide'; " + _PUOCL_BOX),
    ("PuOF", "[Pu+3].[F-].[O-2]", "plutonium(III) fluoride oxide", "Plutonium(III)-fluoridoxid", "exists",
     _PUOCL_BOX + "; PuOF from PuO2, HF and H2 at 500-650 °C, tetragonal P4/nmm, isomorphous with LaOF (grokipedia "
     "'Plutonium oxyfluoride')"),
    ("AmOCl", "[Am+3].[Cl-].[O-2]", "americium(III) chloride oxide", "Americium(III)-chloridoxid", "exists", _PUOCL_BOX),
    # --- the plutonyl(VI) halide known as its hexahydrate (the hydrate note: 'the handbook lists it as the hydrate')
    ("PuO2Cl2", "O=[Pu+2]=O.[Cl-].[Cl-]", "plutonyl chloride", "Plutonylchlorid", "exists",
     _WP + "'Plutonyl chloride': 'a compound of plutonium, oxygen, and chlorine with the chemical formula PuO2Cl2 ... "
     "isolated by Alenchikova et al. in 1959 ... known as the hexahydrate PuO2Cl2·6H2O'"),
    # --- hydride halides MHX of the alkaline-earth metals (H- beside X-: salts; Sr has no card)
    ("CaHCl", "[Ca+2].[Cl-].[H-]", "calcium chloride hydride", "Calciumchloridhydrid", "exists",
     _EAG56 + "; Reckeweg, DiSalvo, Z. Naturforsch. 65b (2010) 493 (CaHCl and CaHBr)"),
    ("BaHCl", "[Ba+2].[Cl-].[H-]", "barium chloride hydride", "Bariumchloridhydrid", "exists", _EAG56),
    ("CaHBr", "[Ca+2].[Br-].[H-]", "calcium bromide hydride", "Calciumbromidhydrid", "exists",
     _EG56 + "; Reckeweg, DiSalvo, Z. Naturforsch. 65b (2010) 493 (CaHCl and CaHBr)"),
    ("BaHBr", "[Ba+2].[Br-].[H-]", "barium bromide hydride", "Bariumbromidhydrid", "exists", _EG56),
    ("CaHF", "[Ca+2].[F-].[H-]", "calcium fluoride hydride", "Calciumfluoridhydrid", "exists", _T21),
    ("BaHF", "[Ba+2].[F-].[H-]", "barium fluoride hydride", "Bariumfluoridhydrid", "exists", _T21),
    # --- hydroxide chlorides Me(OH)Cl: the card metals of the title of Oswald & Feitknecht (Mg, Cu, Zn, Fe, Mn, Ca)
    ("CaCl(OH)", "[Ca+2].[Cl-].[OH-]", "calcium chloride hydroxide", "Calciumchloridhydroxid", "exists",
     _WP + "'Calcium hydroxychloride': 'an inorganic compound with the chemical formula Ca(OH)Cl ... A white solid'; " + _OF61),
    ("MgCl(OH)", "[Mg+2].[Cl-].[OH-]", "magnesium chloride hydroxide", "Magnesiumchloridhydroxid", "exists", _OF61),
    ("FeCl(OH)", "[Fe+2].[Cl-].[OH-]", "iron(II) chloride hydroxide", "Eisen(II)-chloridhydroxid", "exists", _OF61),
    ("MnCl(OH)", "[Mn+2].[Cl-].[OH-]", "manganese(II) chloride hydroxide", "Mangan(II)-chloridhydroxid", "exists", _OF61),
    ("ZnCl(OH)", "[Zn+2].[Cl-].[OH-]", "zinc chloride hydroxide", "Zinkchloridhydroxid", "exists", _OF61),
    ("CuCl(OH)", "[Cu+2].[Cl-].[OH-]", "copper(II) chloride hydroxide", "Kupfer(II)-chloridhydroxid", "exists",
     "belloite, IMA list of minerals (Cu(OH)Cl; Schlüter, Klaska, Gebhard, Neues Jahrb. Mineral. Mon. "
     "2000, 67: 'Belloite, Cu(OH)Cl, a new mineral from Sierra Gorda, Antofagasta, Chile'); " + _OF61),
    # --- ternary oxides AMO2 (alpha-NaFeO2 layers; delafossites of Ag+)
    ("NaFeO2", "[Na+].[Fe+3].[O-2].[O-2]", "sodium ferrite", "Natriumferrit", "exists",
     "Blesa et al., Solid State Ionics 126 (1999) 81, 'alpha-NaFeO2: ionic conductivity and sodium extraction'; Kanno et "
     "al., J. Power Sources 68 (1997) 145 (LiFeO2 made from the host alpha-NaFeO2 by ion exchange); Nature 249 (1974) "
     "245, 'NaAlO2 and NaFeO2 Polymorphism'"),
    ("LiFeO2", "[Li+].[Fe+3].[O-2].[O-2]", "lithium ferrite", "Lithiumferrit", "exists",
     "Kato, Bull. Chem. Soc. Jpn. 31 (1958) 108, 'Phase Transition of Li2O-Fe2O3 System. I. Thermal and Electric "
     "Properties of Lithium Ferrite LiFeO2'; Kanno et al., J. Power Sources 68 (1997) 145 ('LiFeO2 with alpha-NaFeO2 "
     "structure was synthesized by the ion-exchange reaction')"),
    ("AgAlO2", "[Ag+].[Al+3].[O-2].[O-2]", "silver aluminate", "Silberaluminat", "exists",
     "Sheets, Stampler, Bertoni, Sasaki, Marks, Mason, Poeppelmeier, Inorg. Chem. 47 (2008) 2696, 'Silver delafossite "
     "oxides' ('a series of silver delafossites, AgBO2 (B = Al, Ga, Sc, and In)'); " + _AFLOW),
    ("AgCrO2", "[Ag+].[Cr+3].[O-2].[O-2]", "silver chromite", "Silberchromit", "exists", _AFLOW),
    ("AgFeO2", "[Ag+].[Fe+3].[O-2].[O-2]", "silver ferrite", "Silberferrit", "exists", _AFLOW),
    # --- calcite-type borates MBO3 (as AlBO3) and a wolframite-group tungstate
    ("FeBO3", "[Fe+3].[O-]B([O-])[O-]", "iron(III) borate", "Eisen(III)-borat", "exists",
     "Ovchinnikov et al., J. Exp. Theor. Phys. 2020, 'Weak Antiferromagnet Iron Borate FeBO3. Classical Object for "
     "Magnetism and the State of the Art'; Yagupov et al., Cryst. Growth Des. 18 (2018) 7435 (flux-grown FeBO3 crystals)"),
    ("CrBO3", "[Cr+3].[O-]B([O-])[O-]", "chromium(III) borate", "Chrom(III)-borat", "exists",
     "Sergeeva, Sidey, Chem. Met. Alloys 6 (2013) 1, 'X-ray Rietveld structure refinement and bond-valence analysis of "
     "chromium(III) orthoborate CrBO3' ('CrBO3 crystallizes in the rhombohedral structure type of calcite')"),
    ("HgWO4", "[Hg+2].[O-][W](=O)(=O)[O-]", "mercury(II) tungstate", "Quecksilber(II)-wolframat", "exists",
     "Phys. Rev. B, 'High-pressure structural and lattice dynamical study of HgWO4' ('We have synthesized monoclinic "
     "mercury tungstate (HgWO4)'); Mellor (atomistry.com 'Mercury tungstates'): 'Normal mercuric tungstate, HgWO4, is "
     "obtained as a light yellow precipitate'"),
    ("NH4ClO3", "[NH4+].[O-]Cl(=O)=O", "ammonium chlorate", "Ammoniumchlorat", "exists",
     "CRC Handbook, 'Ammonium chlorate' (CAS 10192-29-7); " + _WP + "'Ammonium chlorate': 'an inorganic compound with "
     "the formula NH4ClO3 ... crystallizes in small needles' (explosive when warmed, as NH4BrO3)"),
    # --- polonium(II) and actinide binaries
    ("PoO", "[Po+2].[O-2]", "polonium(II) oxide", "Polonium(II)-oxid", "exists",
     _WP + "'Polonium monoxide': 'a chemical compound with the formula PoO ... Polonium monoxide is a black solid. It is "
     "formed during the radiolysis of polonium sulfite' (after Bagnall, 'The Chemistry of Polonium', Adv. Inorg. Chem. Radiochem. 1962)"),
    ("PoCl2", "[Po+2].[Cl-].[Cl-]", "polonium(II) chloride", "Polonium(II)-chlorid", "exists",
     _WP + "'Polonium dichloride': 'Its chemical formula is PoCl2. It is an ionic salt' (ruby-red solid); Bagnall "
     "et al., J. Chem. Soc. 1955, 2320"),
    ("PoBr2", "[Po+2].[Br-].[Br-]", "polonium(II) bromide", "Polonium(II)-bromid", "exists",
     _WP + "'Polonium dibromide': 'a chemical compound with the formula PoBr2. This salt is a purple-brown crystalline "
     "solid at room temperature' (CAS 66794-54-5; after Bagnall 1962 and Holleman-Wiberg p. 594)"),
    # a volatile molecule (mp -35 °C, bp 36 °C) known only in traces and decomposing: transient, as PbH4 (H -1 beside
    # the less electronegative Po, Pauling 2.0 < 2.2)
    ("PoH2", "[Po+2].[H-].[H-]", "polonium hydride", "Poloniumwasserstoff", "transient",
     _WP + "'Polonium hydride': 'a chemical compound with the formula PoH2. It is a liquid at room temperature ... very "
     "unstable chemically and tends to decompose into elemental polonium and hydrogen ... Trace quantities of polonium "
     "hydride may be prepared by reacting hydrochloric acid with polonium-plated magnesium foil'"),
    ("PuP", "[Pu+3].[P-3]", "plutonium phosphide", "Plutoniumphosphid", "exists",
     _WP + "'Plutonium(III) phosphide': 'a binary inorganic compound of plutonium and phosphorus with the formula PuP "
     "... black crystals ... NaCl type'; Gorum, Acta Cryst. 10 (1957) 144"),
    ("PuH3", "[Pu+3].[H-].[H-].[H-]", "plutonium(III) hydride", "Plutonium(III)-hydrid", "exists",
     _WP + "'Plutonium trihydride': 'a compound of plutonium and hydrogen with the chemical formula PuH3 ... grey crystals "
     "of hexagonal crystal structure, with space group P63/mmc'; Crystals 12 (2022) 1499 ('cubic PuH2 and PuH3, the "
     "products of hydrogen corrosion of Pu')"),
    ("AmH3", "[Am+3].[H-].[H-].[H-]", "americium(III) hydride", "Americium(III)-hydrid", "exists",
     _WP + "'Americium trihydride': 'a binary inorganic compound of americium and hydrogen with the chemical formula "
     "AmH3 ... hexagonal crystal structure'; Roddy, J. Inorg. Nucl. Chem. 35 (1973) 4141, 'The actinide hydrides: the "
     "americium-hydrogen system'"),
    # --- molecules and a network solid of non-metals
    ("NSF", "N#SF", "thiazyl fluoride", "Thiazylfluorid", "exists",
     _WP + "'Thiazyl fluoride': 'chemical formula NSF. It is a colourless, pungent gas at room temperature and condenses "
     "to a pale yellow liquid at 0.4 °C'"),
    ("ClONO2", "ClO[N+](=O)[O-]", "chlorine nitrate", "Chlornitrat", "exists",
     _WP + "'Chlorine nitrate': 'with chemical formula ClONO2 is an important atmospheric gas'; made from Cl2O and N2O5 "
     "(Inorg. Synth. 1967)"),
    # isoelectronic with SiO2: PO2N2 / PN2O2 tetrahedra in quartz-, cristobalite- and coesite-type frameworks; named
    # with its anions in alphabetical order (Red Book IR-5.4: nitride before oxide), not the sources' "oxonitride"
    ("PON", "N#P=O", "phosphorus nitride oxide", "Phosphornitridoxid", "exists",
     "Bykov et al., Acta Cryst. E71 (2015) 1325 ('we have synthesized two polymorphs of phosphorus oxonitride, "
     "cristobalite-type (cri-PON) and coesite-type (coe-PON)'); Léger et al., J. Phys. Chem. Solids 1999 "
     "(quartz-type PON, doi 10.1016/S0022-3697(98)00282-0)"),
]

#: metal compounds of molecules among the rows (vetted_substances.MOLECULAR_EXCEPTIONS)
FAMILY_MOLECULAR = {"PoH2"}
#: non-metal networks among the rows (vetted_substances.NETWORKS)
FAMILY_NETWORKS = {"PON"}

# --- s16c: the composition NPCl2 the deck builds is known only as rings and chains (NPCl2)n; the substance is the
# cyclic trimer, hexachlorocyclotriphosphazene (the CRC's 'Phosphonitrilic chloride trimer', CAS 940-71-6, keeps its
# CAS here; the vetted row gives the formula as the ring's units and the name the sources use)
_NPCL2 = (_WP + "'Hexachlorophosphazene': 'the chemical compound with the formula N3Cl6P3. It is a cyclic compound, whose "
          "chemical formula is more descriptively written as (PNCl2)3. It is a trimer of the hypothetical compound "
          "N≡PCl2 ... colorless crystals ... Melting point 112-115 °C'; 'PCl5 + NH4Cl → 1/n (NPCl2)n + 4 HCl ... "
          "Purification by sublimation gives mainly the trimer (PNCl2)3 and tetramer (PNCl2)4'; Mellor via "
          "phosphorus.atomistry.com 'Triphosphonitrilic Chloride, P3N3Cl6': 'forms large rhombic crystals of density "
          "1.98'; CRC 'Phosphonitrilic chloride trimer' (940-71-6)")
#: session 16's rows (s16c), kept apart from the s15g table its test pins; appended to ``vetted_substances.VETTED`` too
S16_ROWS: list[tuple[str, str, str, str, str, str]] = [
    ("(NPCl2)3", "ClP1(Cl)=NP(Cl)(Cl)=NP(Cl)(Cl)=N1", "hexachlorocyclotriphosphazene", "Hexachlorcyclotriphosphazen",
     "exists", _NPCL2),
]
#: a composition the deck builds that is known only as a repeating unit of a molecule: unit -> (the molecule's row
#: formula, units in it, its shape, source). ``substance("NPCl2")`` answers with (NPCl2)3, as HgCl with Hg2Cl2.
OLIGOMERS: dict[str, tuple[str, int, str, str]] = {
    "NPCl2": ("(NPCl2)3", 3, "ring", _NPCL2),
}
# --- s16c: iron mononitride (thin films, high pressure) and one more alpha-NaFeO2-type oxide, each with two sources read
_FEN = ("Wojciechowski, Lewandowski, Cryst. Growth Des. 22 (2022), doi 10.1021/acs.cgd.1c01528, review 'Iron Nitride Thin "
        "Films: Growth, Structure, and Properties' (Figure 2: '(a) γ''-FeN zinc blende structure, (b) γ'''-FeN rock salt "
        "structure'); Clark, Steinberg, Dronskowski, McCammon, Kupenko, Bykov, Dubrovinsky, Akselrud, Schwarz, Niewa, "
        "Angew. Chem. Int. Ed. 56 (2017) 7302, 'High-Pressure NiAs-Type Modification of FeN' ('At pressures between 10 and "
        "45 GPa ... a new modification of FeN with NiAs-type crystal structure'); Yamada, Usui, Kobayashi, Hyperfine "
        "Interact. (2013), 'Mössbauer study of γ'''-iron nitride film' ('A single-phase γ'''-FeN film with the rock-salt "
        "structure was produced by pulsed laser deposition'). Metal-like: no oxidation numbers (substances.metal_like)")
S16_ROWS += [
    ("FeN", "[Fe].[N]", "iron mononitride", "Eisenmononitrid", "exists", _FEN),
    ("LiCrO2", "[Li+].[Cr+3].[O-2].[O-2]", "lithium chromite", "Lithiumchromit", "exists",
     "Alexander, Büttgen, Nath, Mahajan, Loidl, Phys. Rev. B 76 (2007) 064429, '7Li NMR studies on the triangular lattice "
     "system LiCrO2' ('the triangular lattice Heisenberg antiferromagnet compound LiCrO2'); Mazin, Phys. Rev. B 75 (2007) "
     "094407 ('LiCrO2 is a two-dimensional triangular antiferromagnet, isostructural with the common battery material "
     "LiCoO2')"),
    ("KCrO2", "[K+].[Cr+3].[O-2].[O-2]", "potassium chromite", "Kaliumchromit", "exists",
     "Liang, Zhang, Luo, Bai, Xu, Zhang, Powder Diffraction (2017, online 3 July), 'In situ high-temperature X-ray "
     "diffraction studies of reduction of K2CrO4 and the formation of KxCrOy compounds' ('At a high temperature "
     "(550-700 °C), KCrO2 was generated'); Mazin, Phys. Rev. B 75 (2007) 094407 ('the chromates, such as LiCrO2, "
     "NaCrO2, and KCrO2'); J. Chem. Soc. Dalton Trans. 1988, 1911, 'Crystal growth, structure, and properties of "
     "KLa(CrO4)2' ('KLa(CrO4)2 → LaCrO3 + KCrO2 + O2')"),
]
# s18c (review s17f, High 8): NSCl is known as the ring (NSCl)3, and its monomer as a gas (tools/vetted_review_s18c.py)
try:
    from vetted_review_s18c import OLIGOMERS_S18C
except ImportError:  # imported as tools.vetted_families
    from tools.vetted_review_s18c import OLIGOMERS_S18C
OLIGOMERS.update(OLIGOMERS_S18C)
