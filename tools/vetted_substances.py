"""Hand-vetted records for ``tools/make_substances.py``: substances the CRC tables in ``chemicals``
lack or store with a broken structure, and species known only briefly.

Each row: Hill-free formula text (for reading), SMILES of the one substance (the structure the
oxidation numbers are computed from), English name, German name, label, source. Every row names
a source outside the ``chemicals`` tables (a handbook or review), so the entry stays checkable.
"""
from __future__ import annotations

GREENWOOD = "Greenwood & Earnshaw, Chemistry of the Elements, 2nd ed. (1997)"
HOLLEMAN = "Holleman & Wiberg, Lehrbuch der Anorganischen Chemie, 102. Aufl. (2007)"
HUBER = "Huber & Herzberg, Constants of Diatomic Molecules (1979), via the NIST Chemistry WebBook"
JACOX = "Jacox, Vibrational and Electronic Energy Levels of Polyatomic Transient Molecules (J. Phys. Chem. Ref. Data 1994-2003)"

# formula, SMILES, English name, German name, label, source
VETTED: list[tuple[str, str, str, str, str, str]] = [
    # real substances missing from the CRC table of chemicals or stored there with a broken structure
    ("K2FeO4", "[K+].[K+].[O-][Fe](=O)(=O)[O-]", "potassium ferrate(VI)", "Kaliumferrat(VI)", "exists", GREENWOOD + ", p. 1083"),
    ("U3O8", "[O-2].[O-2].[O-2].[O-2].[O-2].[O-2].[O-2].[O-2].[U+6].[U+5].[U+5]", "triuranium octoxide",
     "Triuranoctoxid", "exists", GREENWOOD + ", p. 1270"),
    ("H2SO5", "OOS(=O)(=O)O", "peroxymonosulfuric acid", "Peroxomonoschwefelsäure", "exists", GREENWOOD + ", p. 712"),
    ("CuFeO2", "[Cu+].[Fe+3].[O-2].[O-2]", "copper(I) iron(III) oxide", "Eisen(III)-kupfer(I)-oxid", "exists",
     "Delafossite, CuFeO2: " + GREENWOOD + ", p. 1190"),
    ("AlH3", "[AlH3]", "aluminium hydride", "Aluminiumhydrid", "exists", GREENWOOD + ", p. 230"),
    ("NaTcO4", "[Na+].[O-][Tc](=O)(=O)=O", "sodium pertechnetate", "Natriumpertechnetat", "exists",
     GREENWOOD + ", p. 1052"),
    ("Fe2SiO4", "[Fe+2].[Fe+2].[O-][Si]([O-])([O-])[O-]", "iron(II) orthosilicate", "Eisen(II)-orthosilicat",
     "exists", "Fayalite: " + GREENWOOD + ", p. 347"),
    ("FeS2", "[Fe+2].[S-][S-]", "iron(II) disulfide", "Eisen(II)-disulfid", "exists",
     "Pyrite: " + GREENWOOD + ", p. 680 (S2 2- units)"),
    ("NaO2", "[Na+].[O-][O]", "sodium superoxide", "Natriumhyperoxid", "exists", GREENWOOD + ", p. 84"),
    ("KO2", "[K+].[O-][O]", "potassium superoxide", "Kaliumhyperoxid", "exists", GREENWOOD + ", p. 84"),
    ("C6H12O6", "OCC1OC(O)C(O)C(O)C1O", "glucose", "Glucose", "exists", "D-glucose, CRC Handbook (CAS 50-99-7)"),
    ("UO2F2", "O=[U](=O)(F)F", "uranyl fluoride", "Uranylfluorid", "exists", GREENWOOD + ", p. 1276"),
    ("AmCl3", "Cl[Am](Cl)Cl", "americium(III) chloride", "Americium(III)-chlorid", "exists", GREENWOOD + ", p. 1270"),
    ("BiOCl", "[Bi+3].[O-2].[Cl-]", "bismuth chloride oxide", "Bismutchloridoxid", "exists", GREENWOOD + ", p. 567"),
    ("RaSO4", "[Ra+2].[O-]S(=O)(=O)[O-]", "radium sulfate", "Radiumsulfat", "exists", GREENWOOD + ", p. 112"),
    ("PuO2", "[Pu+4].[O-2].[O-2]", "plutonium(IV) oxide", "Plutonium(IV)-oxid", "exists", GREENWOOD + ", p. 1268"),
    ("Hg2F2", "F[Hg][Hg]F", "mercury(I) fluoride", "Quecksilber(I)-fluorid", "exists", GREENWOOD + ", p. 1213"),
    ("Hg2Cl2", "Cl[Hg][Hg]Cl", "mercury(I) chloride", "Quecksilber(I)-chlorid", "exists", GREENWOOD + ", p. 1213"),
    ("Hg2Br2", "Br[Hg][Hg]Br", "mercury(I) bromide", "Quecksilber(I)-bromid", "exists", GREENWOOD + ", p. 1213"),
    ("Hg2I2", "I[Hg][Hg]I", "mercury(I) iodide", "Quecksilber(I)-iodid", "exists", GREENWOOD + ", p. 1213"),
    ("Hg2SO4", "[Hg+][Hg+].[O-]S(=O)(=O)[O-]", "mercury(I) sulfate", "Quecksilber(I)-sulfat", "exists",
     GREENWOOD + ", p. 1213"),
    ("Fe(CO)5", "[C-]#[O+].[C-]#[O+].[C-]#[O+].[C-]#[O+].[C-]#[O+].[Fe]", "iron pentacarbonyl", "Eisenpentacarbonyl",
     "exists", GREENWOOD + ", p. 1104"),
    ("HNCO", "N=C=O", "isocyanic acid", "Isocyansäure", "exists", GREENWOOD + ", p. 323"),
    # known only briefly: gas phase, flames, matrices, interstellar space
    ("AgH", "[AgH]", "silver hydride", "Silberhydrid", "transient", HUBER),
    # the red-brown solid of the wurtzite type, made in water from Cu2+ and H3PO2 (Wurtz 1844), decomposing above
    # about 60 °C: a substance a student can hold (the diatomic molecule of the gas phase is another matter)
    ("CuH", "[Cu+].[H-]", "copper(I) hydride", "Kupfer(I)-hydrid", "exists",
     GREENWOOD + ", chapter 'Copper, Silver and Gold' (CuH); " + HOLLEMAN + ", Kupferhydrid"),
    # drawn with ionic H so that the numbers are gold(I)'s: Pauling's Au (2.54) is above H (2.20) and the bond-graph
    # rule would give Au -1; IUPAC 2016 (Allen electronegativities: Au 1.92, H 2.30) and the textbooks say Au +1, H -1
    ("AuH", "[Au+].[H-]", "gold hydride", "Goldhydrid", "transient", HUBER),
    # H-B=O: hydrogen sits on boron (B 2.04 below H 2.20), so H -1, B +3, O -2 (the formula-only rule gave H +1 and
    # B +1 by putting H beside O); drawn with ions to carry these numbers
    ("HBO", "[H-].[B+3].[O-2]", "oxoborane", "Oxoboran", "transient", JACOX),
    # the monomer trimerises at once (1,3,5-trithiane); known in the gas phase and in interstellar clouds
    ("CH2S", "C=S", "thioformaldehyde", "Thioformaldehyd", "transient", JACOX),
    ("HSF", "FS", "thiohypofluorous acid", "Thiohypofluorige Säure", "transient", JACOX),
    ("ClCP", "ClC#P", "chloromethylidynephosphane", "Chlormethylidinphosphan", "transient", JACOX),
    ("SO", "O=S", "sulfur monoxide", "Schwefelmonoxid", "transient", HUBER),
    ("CS", "[C-]#[S+]", "carbon monosulfide", "Kohlenstoffmonosulfid", "transient", HUBER),
    ("BH3", "B", "borane", "Boran", "transient", JACOX),
    ("PN", "N#P", "phosphorus mononitride", "Phosphormononitrid", "transient", HUBER),
    ("CN", "[C]#N", "cyanide radical", "Cyan-Radikal", "transient", HUBER),
    ("HO", "[OH]", "hydroxyl radical", "Hydroxyl-Radikal", "transient", HUBER + "; written HO as IUPAC does (Red Book IR-8)"),
    ("NH", "[NH]", "imidogen", "Imidogen", "transient", HUBER),
    ("CH", "[CH]", "methylidyne", "Methylidin", "transient", HUBER),
    ("SiO", "[Si]=O", "silicon monoxide (molecule)", "Siliciummonoxid (Molekül)", "transient", HUBER),
    # acids and a salt known in water only (SOLUTION_ONLY below) that the CRC tables lack
    ("H2SO3", "OS(=O)O", "sulfurous acid", "Schweflige Säure", "exists", GREENWOOD + ", chapter 'Sulfur'"),
    ("HClO3", "OCl(=O)=O", "chloric acid", "Chlorsäure", "exists",
     GREENWOOD + ", chapter 'The Halogens: Fluorine, Chlorine, Bromine, Iodine and Astatine'"),
    ("KClO", "[K+].[O-]Cl", "potassium hypochlorite", "Kaliumhypochlorit", "exists",
     GREENWOOD + ", chapter 'The Halogens: Fluorine, Chlorine, Bromine, Iodine and Astatine'"),
    # plumbane: made only in traces and decomposing at once (the CRC row gives an estimated boiling point
    # only); drawn with ionic H so that the numbers are the textbook's Pb +4, H -1 as in SnH4 (RDKit's
    # Pauling value for Pb, 2.33, is above H's and would give Pb -4 beside H -1)
    ("PbH4", "[Pb+4].[H-].[H-].[H-].[H-]", "plumbane", "Plumban", "transient",
     GREENWOOD + ", ch. 10.3.2 (hydrides of Ge, Sn, Pb: PbH4 only in trace amounts); " + HOLLEMAN),
]

# species whose structures show unpaired electrons but that are kept in bottles: not "transient"
# The mononuclear parent hydrides of groups 13-16 by their CRC / Red Book names (IUPAC, Nomenclature of
# Inorganic Chemistry 2005, IR-6.2, Table IR-6.1, and the retained -ine names): the name fixes the
# composition where PubChem's structure under the CAS number says otherwise (CRC 'Stannane', CAS
# 2406-52-2, is SnH4; the identifier table draws it as loose atoms [H].[H].[Sn], "lambda2-stannane").
PARENT_HYDRIDES = {"borane": "[BH3]", "silane": "[SiH4]", "germane": "[GeH4]", "stannane": "[SnH4]",
                   "plumbane": "[PbH4]", "phosphane": "P", "phosphine": "P", "arsane": "[AsH3]", "arsine": "[AsH3]",
                   "stibane": "[SbH3]", "stibine": "[SbH3]", "bismuthane": "[BiH3]", "bismuthine": "[BiH3]",
                   "sulfane": "S", "selane": "[SeH2]", "tellane": "[TeH2]", "polane": "[PoH2]"}
STABLE_RADICALS = {"NO", "NO2", "ClO2", "O2", "NaO2", "KO2"}

# metal compounds made of molecules although a metal meets non-metals (the exceptions a textbook
# names); the tool also finds them by their low melting/boiling point (see MOLECULAR_BELOW_K)
MOLECULAR_EXCEPTIONS = {"HgCl2", "HgBr2", "HgI2", "AuCl3", "CrO2Cl2", "Mn2O7", "OsO4", "Fe(CO)5",
                        "UF6", "WF6", "WCl6", "PuF6", "TcF6", "Tc2O7", "AlCl3", "AlBr3", "AlI3", "BiCl3", "PbCl4",
                        "H2CrO4", "HAuCl4", "HMnO4", "HTcO4",  # the acids of metal oxo/chloro anions: molecules
                        "SnH4", "Al(BH4)3", "Fe(C5H5)2"}  # a gas, a volatile liquid (bp 44 °C), a sublimable sandwich
# (BeCl2: a polymer of BeCl4 tetrahedra, a row of SOLID_STRUCTURES since s16d)
MOLECULAR_BELOW_K = 560.0  # a binary metal compound that melts or boils below this (CRC) is molecular

# session 14's OXIDE_CHAINS (CrO3, SeO2) are rows of SOLID_STRUCTURES since s16d (below)

# non-metal compounds that are covalent networks (giant structures); also found by a melting point
# above NETWORK_ABOVE_K in the CRC table
NETWORKS = {"SiO2", "SiC", "BN", "Si3N4", "B4C", "BP", "B2O3", "SiS2", "BPO4", "AlN", "AlP", "AlAs", "AlSb", "GaN", "GaP", "GaAs", "GaSb", "InN", "InP", "InAs", "InSb"}
# BPO4: BO4 and PO4 tetrahedra in a cristobalite-like framework, isoelectronic with SiO2 (Greenwood & Earnshaw,
# chapter 'Boron', boron phosphate; Holleman-Wiberg, Borphosphat).
# the III-V compounds above: zincblende or wurtzite networks isoelectronic with Si and Ge, covalent solids (semiconductors),
# not salts of ions (Greenwood & Earnshaw, chapter 'Aluminium, Gallium, Indium and Thallium', III-V compounds)
NETWORK_ABOVE_K = 1200.0

# an element in a form of several atoms: named as a form of the element
ELEMENT_FORMS = {"O3": ("ozone", "Ozon"), "S8": ("octasulfur (cyclo-octasulfur)", "Octaschwefel (Cyclooctaschwefel)"),
                 "P4": ("white phosphorus (tetraphosphorus)", "weißer Phosphor (Tetraphosphor)"),
                 "O2": ("oxygen", "Sauerstoff"), "N2": ("nitrogen", "Stickstoff"), "H2": ("hydrogen", "Wasserstoff"),
                 "Cl2": ("chlorine", "Chlor"), "F2": ("fluorine", "Fluor"), "Br2": ("bromine", "Brom"),
                 "I2": ("iodine", "Iod")}

VETTED += [
    ("KBH4", "[K+].[BH4-]", "potassium borohydride", "Kaliumborhydrid", "exists", GREENWOOD + ", p. 166"),
    ("NaBH4", "[Na+].[BH4-]", "sodium borohydride", "Natriumborhydrid", "exists", GREENWOOD + ", p. 166"),
    ("LiBH4", "[Li+].[BH4-]", "lithium borohydride", "Lithiumborhydrid", "exists", GREENWOOD + ", p. 166"),
    ("NO2Cl", "[O-][N+](=O)Cl", "nitryl chloride", "Nitrylchlorid", "exists", GREENWOOD + ", p. 438"),
    ("NO2F", "[O-][N+](=O)F", "nitryl fluoride", "Nitrylfluorid", "exists", GREENWOOD + ", p. 438"),
    ("Bi2O3", "[Bi+3].[Bi+3].[O-2].[O-2].[O-2]", "bismuth(III) oxide", "Bismut(III)-oxid", "exists", GREENWOOD + ", p. 572"),
    ("K4[Fe(CN)6]", "[K+].[K+].[K+].[K+].[Fe+2].[C-]#N.[C-]#N.[C-]#N.[C-]#N.[C-]#N.[C-]#N",
     "potassium hexacyanidoferrate(II)", "Kaliumhexacyanidoferrat(II)", "exists", GREENWOOD + ", p. 1094"),
    ("K3[Fe(CN)6]", "[K+].[K+].[K+].[Fe+3].[C-]#N.[C-]#N.[C-]#N.[C-]#N.[C-]#N.[C-]#N",
     "potassium hexacyanidoferrate(III)", "Kaliumhexacyanidoferrat(III)", "exists", GREENWOOD + ", p. 1094"),
    ("ClNCO", "ClN=C=O", "chlorine isocyanate", "Chlorisocyanat", "exists", "CRC Handbook, CAS 13858-09-8"),
    ("SiH2Cl2", "Cl[SiH2]Cl", "dichlorosilane", "Dichlorsilan", "exists", "CRC Handbook, CAS 4109-96-0"),
    ("CrO2Cl2", "O=[Cr](=O)(Cl)Cl", "chromyl chloride", "Chromylchlorid", "exists", GREENWOOD + ", p. 1024"),
]
VETTED += [
    ("Fe3O4", "[Fe+2].[Fe+3].[Fe+3].[O-2].[O-2].[O-2].[O-2]", "iron(II,III) oxide", "Eisen(II,III)-oxid", "exists",
     "Magnetite: " + GREENWOOD + ", p. 1079"),
    ("Pb3O4", "[Pb+2].[Pb+2].[Pb+4].[O-2].[O-2].[O-2].[O-2]", "lead(II,IV) oxide", "Blei(II,IV)-oxid", "exists",
     "Minium: " + GREENWOOD + ", p. 386"),
    ("NaAlO2", "[Na+].[O-][Al]=O", "sodium aluminate", "Natriumaluminat", "exists", GREENWOOD + ", p. 244"),
    ("Am(OH)3", "[Am+3].[OH-].[OH-].[OH-]", "americium(III) hydroxide", "Americium(III)-hydroxid", "exists",
     GREENWOOD + ", p. 1265"),
    ("C", "[C]", "carbon (diamond, graphite)", "Kohlenstoff (Diamant, Graphit)", "exists", GREENWOOD + ", p. 268"),
    ("S8", "S1SSSSSSS1", "sulfur (cyclo-octasulfur)", "Schwefel (Cyclooctaschwefel)", "exists", GREENWOOD + ", p. 652"),
    ("P4", "P12P3P1P23", "white phosphorus (tetraphosphorus)", "weißer Phosphor (Tetraphosphor)", "exists",
     GREENWOOD + ", p. 479"),
    ("S", "[S]", "sulfur", "Schwefel", "exists", GREENWOOD + ", p. 652"),
    ("P", "[P]", "phosphorus", "Phosphor", "exists", GREENWOOD + ", p. 479"),
    ("Si", "[Si]", "silicon", "Silicium", "exists", GREENWOOD + ", p. 328"),
    ("B", "[B]", "boron", "Bor", "exists", GREENWOOD + ", p. 141"),
]
VETTED += [
    ("NaClO", "[Na+].[O-]Cl", "sodium hypochlorite", "Natriumhypochlorit", "exists", GREENWOOD + ", p. 856"),
    ("(NH4)2CO3", "[NH4+].[NH4+].[O-]C([O-])=O", "ammonium carbonate", "Ammoniumcarbonat", "exists",
     GREENWOOD + ", p. 424"),
    ("H2CrO4", "O[Cr](=O)(=O)O", "chromic acid", "Chromsäure", "exists", GREENWOOD + ", p. 1023"),
    ("BPO4", "B12OP(=O)(O1)O2", "boron phosphate", "Borphosphat", "exists", "CRC Handbook, CAS 13308-51-5"),
    ("HAuCl4", "[H+].Cl[Au-](Cl)(Cl)Cl", "tetrachloroauric acid", "Tetrachloridogoldsäure", "exists",
     GREENWOOD + ", p. 1183"),
    ("NO2", "O=[N+][O-]", "nitrogen dioxide", "Stickstoffdioxid", "exists", GREENWOOD + ", p. 455"),
    ("ClO2", "[O-][Cl+2][O-]", "chlorine dioxide", "Chlordioxid", "exists", GREENWOOD + ", p. 844"),
]

# compositions read from a record whose structure misstates the substance (left out, with the reason)
REJECT = {"Hg2O": "no mercury(I) oxide exists: the precipitate from Hg2 2+ and a base is HgO and Hg (" + HOLLEMAN
                  + ", Quecksilber; Greenwood & Earnshaw, chapter 'Zinc, Cadmium and Mercury')",
          "CMn": "CRC's manganese carbide (CAS 12266-65-8) is Mn3C, drawn in PubChem as one Mn and one C",
          "CBNNa": "sodium cyanoborohydride is NaBH3CN; its PubChem structure has no hydrogen"}
# session 14 (review25g G5): the alkali metal 'monoxides' MO of the CRC thermodynamic table are diatomic molecules of hot
# gases only (gas-phase rows, no solid); no solid MO exists: the metals burn to Li2O, Na2O2, KO2, RbO2, CsO2 and the
# oxides are M2O, M2O2, MO2, MO3 (GE ch. 4, oxides; HW Alkalimetalloxide). Named 'potassium monoxide', such a species
# reads as K2O, whose name that is (PubChem: 'potassium monoxide' K2O, 'lithium monoxide' Li2O, 'dicesium monoxide'
# Cs2O; LiO's row even carries Li2O's CAS 12142-77-7). Game-only: a student building KO must not read the name of K2O.
_ALKALI_MO = ("the alkali metal monoxide {0}O is only a diatomic molecule of hot gases (CRC thermodynamic gas row); no "
              "solid {0}O exists (" + GREENWOOD + ", chapter 'Lithium, Sodium, Potassium, Rubidium, Caesium and "
              "Francium', oxides; " + HOLLEMAN + ", Alkalimetalloxide), and its name '... monoxide' is a name of {0}2O")
REJECT.update({key: _ALKALI_MO.format(m) for key, m in (("LiO", "Li"), ("NaO", "Na"), ("KO", "K"), ("ORb", "Rb"),
                                                         ("CsO", "Cs"))})  # Hill keys
VETTED += [
    ("CaC2", "[Ca+2].[C-]#[C-]", "calcium carbide", "Calciumcarbid", "exists", GREENWOOD + ", p. 297 (C2 2- units)"),
    ("Al4C3", "[Al+3].[Al+3].[Al+3].[Al+3].[C-4].[C-4].[C-4]", "aluminium carbide", "Aluminiumcarbid", "exists",
     GREENWOOD + ", p. 299"),
    ("Na2C2", "[Na+].[Na+].[C-]#[C-]", "sodium acetylide", "Natriumacetylid", "exists", GREENWOOD + ", p. 297"),
    ("Li3N", "[Li+].[Li+].[Li+].[N-3]", "lithium nitride", "Lithiumnitrid", "exists", GREENWOOD + ", p. 76"),
    ("P4O10", "O=P12OP3(=O)OP(=O)(O1)OP(=O)(O2)O3", "tetraphosphorus decaoxide", "Tetraphosphordecaoxid", "exists",
     GREENWOOD + ", p. 504"),
    # bridging H (three-centre bonds) cannot be written in SMILES; two BH3 give the same atoms and numbers
    ("B2H6", "B.B", "diborane", "Diboran", "exists", GREENWOOD + ", p. 151"),
    ("UO2(NO3)2", "O=[U+2]=O.[O-][N+](=O)[O-].[O-][N+](=O)[O-]", "uranyl nitrate", "Uranylnitrat", "exists",
     GREENWOOD + ", p. 1276"),
    ("Tc2O7", "O=[Tc](=O)(=O)O[Tc](=O)(=O)=O", "technetium(VII) oxide", "Technetium(VII)-oxid", "exists",
     GREENWOOD + ", p. 1047"),
    ("H2S2O8", "OS(=O)(=O)OOS(=O)(=O)O", "peroxydisulfuric acid", "Peroxodischwefelsäure", "exists",
     GREENWOOD + ", p. 712"),
    ("Mg2SiO4", "[Mg+2].[Mg+2].[O-][Si]([O-])([O-])[O-]", "magnesium orthosilicate", "Magnesiumorthosilicat", "exists",
     "Forsterite: " + GREENWOOD + ", p. 347"),
    ("Ra(OH)2", "[Ra+2].[OH-].[OH-]", "radium hydroxide", "Radiumhydroxid", "exists", GREENWOOD + ", p. 122"),
]
VETTED += [
    ("Al2(SO4)3", "[Al+3].[Al+3].[O-]S(=O)(=O)[O-].[O-]S(=O)(=O)[O-].[O-]S(=O)(=O)[O-]", "aluminium sulfate",
     "Aluminiumsulfat", "exists", GREENWOOD + ", p. 235"),
    ("KAl(SO4)2", "[K+].[Al+3].[O-]S(=O)(=O)[O-].[O-]S(=O)(=O)[O-]", "aluminium potassium sulfate",
     "Aluminiumkaliumsulfat", "exists", "Anhydrous alum: " + GREENWOOD + ", p. 235"),
    ("Hg2(NO3)2", "[Hg+][Hg+].[O-][N+](=O)[O-].[O-][N+](=O)[O-]", "mercury(I) nitrate", "Quecksilber(I)-nitrat",
     "exists", GREENWOOD + ", p. 1213"),
]
VETTED += [
    ("NaH2PO4", "[Na+].OP(=O)(O)[O-]", "sodium dihydrogen phosphate", "Natriumdihydrogenphosphat", "exists",
     GREENWOOD + ", p. 520"),
    ("K2MnO4", "[K+].[K+].[O-][Mn](=O)(=O)[O-]", "potassium manganate", "Kaliummanganat", "exists",
     GREENWOOD + ", p. 1057"),
    ("NaClO2", "[Na+].[O-]Cl=O", "sodium chlorite", "Natriumchlorit", "exists", GREENWOOD + ", p. 860"),
    ("FePO4", "[Fe+3].[O-]P(=O)([O-])[O-]", "iron(III) phosphate", "Eisen(III)-phosphat", "exists",
     GREENWOOD + ", p. 1080"),
]
VETTED += [
    ("[Cu(NH3)4]SO4", "[Cu+2].N.N.N.N.[O-]S(=O)(=O)[O-]", "tetraamminecopper(II) sulfate", "Tetraamminkupfer(II)-sulfat",
     "exists", GREENWOOD + ", p. 1191"),
    ("Na[Al(OH)4]", "[Na+].[OH-].[OH-].[OH-].[OH-].[Al+3]", "sodium tetrahydroxidoaluminate",
     "Natriumtetrahydroxidoaluminat", "exists", GREENWOOD + ", p. 244"),
]

# mixed-valence compounds whose formula has one atom of an element where the structure has two of
# different charge: formula, SMILES of the larger unit, English name, German name, source
MIXED_VALENCE: list[tuple[str, str, str, str, str]] = [
    # review25c: M(I)[M(III)X4] and Tl(I)[Tl(III)Se2], no M(II) (the CRC names 'Gallium(II) chloride' etc.); drawn
    # with the ions of the solid (Ga+ and the tetrahedral [GaCl4]-), which the data's ions_in_solid then name (d-L9)
    ("GaCl2", "[Ga+].Cl[Ga-](Cl)(Cl)Cl", "gallium(I,III) chloride", "Gallium(I,III)-chlorid",
     "Ga+[GaCl4]-: " + GREENWOOD + ", chapter 'Aluminium, Gallium, Indium and Thallium' (lower halides); " + HOLLEMAN),
    ("InCl2", "[In+].Cl[In-](Cl)(Cl)Cl", "indium(I,III) chloride", "Indium(I,III)-chlorid",
     "In+[InCl4]-: " + GREENWOOD + ", chapter 'Aluminium, Gallium, Indium and Thallium' (lower halides); " + HOLLEMAN),
    ("InBr2", "[In+].Br[In-](Br)(Br)Br", "indium(I,III) bromide", "Indium(I,III)-bromid",
     "In+[InBr4]-: " + GREENWOOD + ", chapter 'Aluminium, Gallium, Indium and Thallium' (lower halides); " + HOLLEMAN),
    ("TlSe", "[Tl+].[Se]=[Tl-]=[Se]", "thallium(I,III) selenide", "Thallium(I,III)-selenid",
     "Tl+[Tl(III)Se2]-, chains of TlSe4 tetrahedra: " + GREENWOOD + ", chapter 'Aluminium, Gallium, Indium and "
     "Thallium' (chalcogenides TlS, TlSe); " + HOLLEMAN),
    # "PtCl3" is Pt(II)Pt(IV)Cl6 (Pt6Cl12 clusters and PtCl6 octahedra): review25c
    ("PtCl3", "[Pt+2].[Pt+4].[Cl-].[Cl-].[Cl-].[Cl-].[Cl-].[Cl-]", "platinum(II,IV) chloride", "Platin(II,IV)-chlorid",
     "mixed-valence Pt(II)/Pt(IV), no Pt(III): " + GREENWOOD + ", chapter 'Nickel, Palladium and Platinum' (platinum "
     "trihalides); " + HOLLEMAN + ", Platinchloride"),
    ("AgO", "[Ag+].[Ag+3].[O-2].[O-2]", "silver(I,III) oxide", "Silber(I,III)-oxid",
     "diamagnetic Ag(I)Ag(III)O2, no Ag(II): " + GREENWOOD + ", p. 1181; " + HOLLEMAN + ", Silberoxide"),
]

# German element names for the elements without a game card (the cards name the other 42; the build
# checks that both agree where they overlap). IUPAC-conform German spelling as in the periodic table of
# Holleman & Wiberg (102. Aufl., 2007) and DIN 32640 (Caesium, Bismut, Iod, Silicium).
GERMAN_ELEMENT_NAMES_SOURCE = HOLLEMAN + ", Periodensystem (IUPAC-konforme Schreibweise, DIN 32640)"
GERMAN_ELEMENT_NAMES = {
    "Be": "Beryllium", "Sc": "Scandium", "Ti": "Titan", "V": "Vanadium", "Co": "Cobalt", "Ni": "Nickel",
    "Ga": "Gallium", "Ge": "Germanium", "As": "Arsen", "Se": "Selen", "Kr": "Krypton", "Rb": "Rubidium",
    "Sr": "Strontium", "Y": "Yttrium", "Zr": "Zirconium", "Nb": "Niob", "Mo": "Molybdän", "Ru": "Ruthenium",
    "Rh": "Rhodium", "Pd": "Palladium", "Cd": "Cadmium", "In": "Indium", "Sn": "Zinn", "Sb": "Antimon",
    "Te": "Tellur", "Xe": "Xenon", "Cs": "Caesium", "La": "Lanthan", "Ce": "Cer", "Pr": "Praseodym",
    "Nd": "Neodym", "Pm": "Promethium", "Sm": "Samarium", "Eu": "Europium", "Gd": "Gadolinium", "Tb": "Terbium",
    "Dy": "Dysprosium", "Ho": "Holmium", "Er": "Erbium", "Tm": "Thulium", "Yb": "Ytterbium", "Lu": "Lutetium",
    "Hf": "Hafnium", "Ta": "Tantal", "Re": "Rhenium", "Os": "Osmium", "Ir": "Iridium", "Tl": "Thallium",
    "At": "Astat", "Fr": "Francium", "Ac": "Actinium", "Pa": "Protactinium", "Np": "Neptunium", "Cm": "Curium",
    "Bk": "Berkelium", "Cf": "Californium", "Es": "Einsteinium", "Fm": "Fermium", "Md": "Mendelevium",
    "No": "Nobelium", "Lr": "Lawrencium",
    # the card elements, to cross-check the cards
    "H": "Wasserstoff", "He": "Helium", "Li": "Lithium", "B": "Bor", "C": "Kohlenstoff", "N": "Stickstoff",
    "O": "Sauerstoff", "F": "Fluor", "Ne": "Neon", "Na": "Natrium", "Mg": "Magnesium", "Al": "Aluminium",
    "Si": "Silicium", "P": "Phosphor", "S": "Schwefel", "Cl": "Chlor", "Ar": "Argon", "K": "Kalium", "Ca": "Calcium",
    "Cr": "Chrom", "Mn": "Mangan", "Fe": "Eisen", "Cu": "Kupfer", "Zn": "Zink", "Br": "Brom", "Tc": "Technetium",
    "Ag": "Silber", "I": "Iod", "Ba": "Barium", "W": "Wolfram", "Pt": "Platin", "Au": "Gold", "Hg": "Quecksilber",
    "Pb": "Blei", "Bi": "Bismut", "Po": "Polonium", "Rn": "Radon", "Ra": "Radium", "Th": "Thorium", "U": "Uran",
    "Pu": "Plutonium", "Am": "Americium",
}

# organic substances a school book teaches that are larger than the data file's limits (6 C, 24 atoms):
# kept by their CAS number from the CRC organic table (CRC Handbook, "Physical Constants of Organic
# Compounds"), so their record and its PubChem structure still come from the tables in ``chemicals``.
SCHOOL_ORGANICS = {
    "57-50-1": "sucrose", "63-42-3": "lactose", "69-79-4": "maltose", "108-88-3": "toluene",
    "91-20-3": "naphthalene", "100-42-5": "styrene", "65-85-0": "benzoic acid", "100-51-6": "benzyl alcohol",
    "142-82-5": "heptane", "111-65-9": "octane", "540-84-1": "2,2,4-trimethylpentane (isooctane)",
    "124-18-5": "decane", "57-11-4": "stearic acid", "57-10-3": "palmitic acid", "112-80-1": "oleic acid",
    "50-78-2": "acetylsalicylic acid", "69-72-7": "salicylic acid", "1330-20-7": "xylene", "95-47-6": "o-xylene",
    "106-42-3": "p-xylene", "103-90-2": "paracetamol", "58-08-2": "caffeine", "133-37-9": "tartaric acid",
    # the CRC's CAS numbers with a structure: DL-tartaric and L-lactic acid (50-21-5 has no CRC row, 598-82-3 no
    # structure in chemicals; s11b, review25d L12)
    "77-92-9": "citric acid", "79-33-4": "lactic acid", "56-81-5": "glycerol",
    # review25c: the aromatic aldehyde, ketone and ester of school experiments (bitter almond, oil of wintergreen)
    "100-52-7": "benzaldehyde", "98-86-2": "acetophenone", "119-36-8": "methyl salicylate",
    # vitamin C, the school substance of C6H8O6 (not tricarballylic acid 99-14-9: recheck25de N1)
    "50-81-7": "ascorbic acid",
}
# Where several records share a composition, the data file takes the lowest PubChem CID, which named C4H6O5
# diglycolic acid, C4H6O4 methylmalonic acid, C4H5N 3-butenenitrile, C3H7NO2 beta-alanine and C4H4O4
# 1,4-dioxane-2,5-dione (review25d L12): the school substances are those whose names IUPAC retains because
# every chemist knows them. Three named lists, each entry by its CRC organic table CAS (the build checks the
# CRC's name): the retained names of carboxylic acids for general nomenclature (IUPAC Blue Book 2013,
# P-65.1.1.2), the retained names of the heteromonocycles (P-22.2.1, Table 2.2) and the 20 proteinogenic
# L-amino acids (IUPAC-IUBMB JCBN, Nomenclature and Symbolism for Amino Acids and Peptides, 1983, 3AA-1);
# those within the data file's limits (6 C, 24 atoms: not arginine); of the heterocycles the rings of school
# biochemistry and of the aromatics chapter (not the oxazoles). Two of one composition: the lower CID (maleic
# before fumaric acid, L-leucine before L-isoleucine, imidazole before pyrazole, pyrimidine before pyrazine).
RETAINED_ORGANICS = {
    # P-65.1.1.2 carboxylic acids
    "617-48-1": "Malic acid", "110-15-6": "Succinic acid", "110-16-7": "Maleic acid", "110-17-8": "Fumaric acid",
    "141-82-2": "Malonic acid", "144-62-7": "Oxalic acid", "110-94-1": "Pentanedioic acid",
    "124-04-9": "1,6-Hexanedioic acid", "79-14-1": "Glycolic acid", "127-17-3": "Pyruvic acid",
    "79-10-7": "Acrylic acid", "471-25-0": "2-Propynoic acid",
    # P-22.2.1 heteromonocycles
    "109-97-7": "Pyrrole", "110-00-9": "Furan", "110-02-1": "Thiophene", "110-86-1": "Pyridine",
    "288-32-4": "Imidazole", "288-13-1": "1H-Pyrazole", "289-95-2": "Pyrimidine", "290-37-9": "Pyrazine",
    # JCBN 1983 proteinogenic amino acids (L; glycine has no isomer of its own)
    "56-40-6": "Glycine", "56-41-7": "L-Alanine", "56-45-1": "L-Serine", "52-90-4": "L-Cysteine",
    "72-18-4": "L-Valine", "72-19-5": "L-Threonine", "61-90-5": "L-Leucine", "73-32-5": "L-Isoleucine",
    "147-85-3": "L-Proline", "56-84-8": "L-Aspartic acid", "70-47-3": "L-Asparagine", "56-86-0": "L-Glutamic acid",
    "56-85-9": "L-Glutamine", "56-87-1": "L-Lysine", "63-68-3": "L-Methionine", "71-00-1": "L-Histidine",
}
SCHOOL_ORGANICS.update(RETAINED_ORGANICS)
# a CRC school row with no structure in chemicals' tables takes the PubChem record of the same substance and name:
# the CRC's 'Malic acid' (617-48-1, no identifier row) is PubChem CID 525 'malic acid' (DL, 6915-15-7)
SCHOOL_STRUCTURES = {"617-48-1": ("6915-15-7", "malic acid")}

# real substances that the CRC tables in chemicals lack (only hydrates: Zn(NO3)2·6H2O; not at all: the
# perovskites and spinels, W(CO)6 and Co2(CO)8 without a structure) or store with a broken structure
# (PuN as loose atoms, FeTiO3 as a hydrate mixture, hydroxylamine hydrochloride as neutral "NO.Cl",
# P4O6 as its empirical P2O3). Cited by the chapter of the element in Greenwood & Earnshaw.
def _review_tables(module: str, *names: str) -> tuple:
    """The tables ``names`` of a review module kept apart for the merge (``tools/vetted_*.py``), imported as a sibling
    when this file runs as a script beside them, else as ``tools.<module>`` (imported as ``tools.vetted_substances``).

    >>> _review_tables("vetted_review_s25b", "DECOMPOSES_WARM")[0]["Na3N"][:2]
    (87, 104)
    """
    import importlib

    try:
        found = importlib.import_module(module)
    except ImportError:
        found = importlib.import_module("tools." + module)
    return tuple(getattr(found, name) for name in names)


def _ge(chapter: str) -> str:
    return f"{GREENWOOD}, chapter '{chapter}'"


_CO = "[C-]#[O+]"
VETTED += [
    ("Mn3O4", "[Mn+2].[Mn+3].[Mn+3].[O-2].[O-2].[O-2].[O-2]", "manganese(II,III) oxide", "Mangan(II,III)-oxid",
     "exists", "Hausmannite: " + _ge("Manganese, Technetium and Rhenium")),
    ("Fe3C", "[Fe].[Fe].[Fe].[C]", "iron carbide (cementite)", "Eisencarbid (Zementit)", "exists",
     "Cementite, an interstitial carbide: " + _ge("Carbon")),
    ("Zn3P2", "[Zn+2].[Zn+2].[Zn+2].[P-3].[P-3]", "zinc phosphide", "Zinkphosphid", "exists", _ge("Phosphorus")),
    ("PuN", "[Pu+3].[N-3]", "plutonium nitride", "Plutoniumnitrid", "exists",
     _ge("The Actinide and Transactinide Elements")),
    ("Zn(NO3)2", "[Zn+2].[O-][N+](=O)[O-].[O-][N+](=O)[O-]", "zinc nitrate", "Zinknitrat", "exists",
     _ge("Zinc, Cadmium and Mercury")),
    ("Bi(NO3)3", "[Bi+3].[O-][N+](=O)[O-].[O-][N+](=O)[O-].[O-][N+](=O)[O-]", "bismuth(III) nitrate",
     "Bismut(III)-nitrat", "exists", _ge("Arsenic, Antimony and Bismuth")),
    ("Th(NO3)4", "[Th+4].[O-][N+](=O)[O-].[O-][N+](=O)[O-].[O-][N+](=O)[O-].[O-][N+](=O)[O-]",
     "thorium(IV) nitrate", "Thorium(IV)-nitrat", "exists", _ge("The Actinide and Transactinide Elements")),
    ("Na2S2O8", "[Na+].[Na+].[O-]S(=O)(=O)OOS(=O)(=O)[O-]", "sodium peroxydisulfate", "Natriumperoxodisulfat",
     "exists", _ge("Sulfur")),
    ("NH4TcO4", "[NH4+].[O-][Tc](=O)(=O)=O", "ammonium pertechnetate", "Ammoniumpertechnetat", "exists",
     _ge("Manganese, Technetium and Rhenium")),
    ("KTcO4", "[K+].[O-][Tc](=O)(=O)=O", "potassium pertechnetate", "Kaliumpertechnetat", "exists",
     _ge("Manganese, Technetium and Rhenium")),
    ("CaSiO3", "[Ca+2].[O-][Si]([O-])=O", "calcium metasilicate", "Calciummetasilicat", "exists",
     "Wollastonite: " + _ge("Silicon")),
    ("FeTiO3", "[Fe+2].[Ti+4].[O-2].[O-2].[O-2]", "iron(II) titanate", "Eisen(II)-titanat", "exists",
     "Ilmenite: " + _ge("Titanium, Zirconium and Hafnium")),
    ("CaTiO3", "[Ca+2].[Ti+4].[O-2].[O-2].[O-2]", "calcium titanate", "Calciumtitanat", "exists",
     "Perovskite: " + _ge("Titanium, Zirconium and Hafnium")),
    ("BaTiO3", "[Ba+2].[Ti+4].[O-2].[O-2].[O-2]", "barium titanate", "Bariumtitanat", "exists",
     _ge("Titanium, Zirconium and Hafnium")),
    ("MgAl2O4", "[Mg+2].[Al+3].[Al+3].[O-2].[O-2].[O-2].[O-2]", "magnesium aluminate", "Magnesiumaluminat",
     "exists", "Spinel: " + _ge("Aluminium, Gallium, Indium and Thallium")),
    ("FeCr2O4", "[Fe+2].[Cr+3].[Cr+3].[O-2].[O-2].[O-2].[O-2]", "iron(II) chromite", "Eisen(II)-chromit", "exists",
     "Chromite: " + _ge("Chromium, Molybdenum and Tungsten")),
    ("[NH3OH]Cl", "[NH3+]O.[Cl-]", "hydroxylammonium chloride", "Hydroxylammoniumchlorid", "exists",
     _ge("Nitrogen") + "; CRC Handbook, hydroxylamine hydrochloride (CAS 5470-11-1)"),
    ("KO3", "[K+].[O-]O[O]", "potassium ozonide", "Kaliumozonid", "exists", _ge("Lithium, Sodium, Potassium, "
                                                                                "Rubidium, Caesium and Francium")),
    ("W(CO)6", "[W]." + ".".join([_CO] * 6), "tungsten hexacarbonyl", "Wolframhexacarbonyl", "exists",
     _ge("Chromium, Molybdenum and Tungsten")),
    ("Co2(CO)8", "[Co].[Co]." + ".".join([_CO] * 8), "dicobalt octacarbonyl", "Dicobaltoctacarbonyl", "exists",
     _ge("Cobalt, Rhodium and Iridium")),
    ("K[AuCl4]", "[K+].Cl[Au-](Cl)(Cl)Cl", "potassium tetrachloridoaurate(III)", "Kaliumtetrachloridoaurat(III)",
     "exists", _ge("Copper, Silver and Gold")),
    ("K2[PtCl4]", "[K+].[K+].Cl[Pt-2](Cl)(Cl)Cl", "potassium tetrachloridoplatinate(II)",
     "Kaliumtetrachloridoplatinat(II)", "exists", _ge("Nickel, Palladium and Platinum")),
    ("K[Au(CN)2]", "[K+].N#C[Au-]C#N", "potassium dicyanidoaurate(I)", "Kaliumdicyanidoaurat(I)", "exists",
     _ge("Copper, Silver and Gold")),
    ("H5IO6", "OI(O)(O)(O)(O)=O", "periodic acid", "Periodsäure", "exists", _ge("The Halogens")),
    ("P4O6", "P12OP3OP(O1)OP(O2)O3", "tetraphosphorus hexaoxide", "Tetraphosphorhexaoxid", "exists",
     _ge("Phosphorus")),
    # known only briefly
    ("SiH2", "[SiH2]", "silylene", "Silylen", "transient", JACOX),
    ("HgH", "[HgH]", "mercury monohydride", "Quecksilbermonohydrid", "transient", HUBER),
    ("FeCH2", "C=[Fe]", "methylideneiron", "Methylideneisen", "transient",
     "PubChem CID 145283 (methylideneiron, CAS 95250-85-4, in the identifier tables of chemicals), a fragment "
     "with no bulk record; numbers by the IUPAC 2016 definition (Karen, McArdle, Takats, Pure Appl. Chem. 88, 831)"),
]

# complex ions the ion tables of chemicals lack (written as the Red Book writes them, with their charge)
VETTED += [
    ("[CuCl4]2-", "Cl[Cu-2](Cl)(Cl)Cl", "tetrachloridocuprate(II) ion", "Tetrachloridocuprat(II)-Ion", "exists",
     _ge("Copper, Silver and Gold")),
    ("[AlCl4]-", "Cl[Al-](Cl)(Cl)Cl", "tetrachloridoaluminate ion", "Tetrachloridoaluminat-Ion", "exists",
     _ge("Aluminium, Gallium, Indium and Thallium")),
    ("[Ag(NH3)2]+", "N->[Ag+]<-N", "diamminesilver(I) ion", "Diamminsilber(I)-Ion", "exists",
     _ge("Copper, Silver and Gold")),
    ("[Cu(NH3)4]2+", "N->[Cu+2](<-N)(<-N)<-N", "tetraamminecopper(II) ion", "Tetraamminkupfer(II)-Ion", "exists",
     _ge("Copper, Silver and Gold")),
    ("[Zn(OH)4]2-", "O[Zn-2](O)(O)O", "tetrahydroxidozincate ion", "Tetrahydroxidozinkat-Ion", "exists",
     _ge("Zinc, Cadmium and Mercury")),
]

# found by the s8j review (issue 25, cases the truth set had not seen): real substances of card elements
# the CRC tables in chemicals lack (KPF6, K[Ag(CN)2], HBrO3), hold only as a hydrate (NaMnO4: "sodium
# permanganate trihydrate") or hold with no usable structure (Fe2(CO)9)
VETTED += [
    ("NaMnO4", "[Na+].[O-][Mn](=O)(=O)=O", "sodium permanganate", "Natriumpermanganat", "exists",
     _ge("Manganese, Technetium and Rhenium")),
    ("HBrO3", "OBr(=O)=O", "bromic acid", "Bromsäure", "exists", _ge("The Halogens") + " (known in aqueous solution)"),
    ("Fe2(CO)9", "[Fe].[Fe]." + ".".join([_CO] * 9), "diiron nonacarbonyl", "Dieisennonacarbonyl", "exists",
     _ge("Iron, Ruthenium and Osmium")),
    ("K[Ag(CN)2]", "[K+].N#C[Ag-]C#N", "potassium dicyanidoargentate(I)", "Kaliumdicyanidoargentat(I)", "exists",
     _ge("Copper, Silver and Gold")),
    ("KPF6", "[K+].F[P-](F)(F)(F)(F)F", "potassium hexafluoridophosphate", "Kaliumhexafluoridophosphat", "exists",
     _ge("Phosphorus")),
]
# real substances of elements without a game card the s8j review found missing (the CRC tables in chemicals
# lack them, hold only a hydrate, as Na2SeO4·10H2O, or a record without a structure, as stibine)
VETTED += [
    ("HClO2", "OCl=O", "chlorous acid", "Chlorige Säure", "exists", _ge("The Halogens") + " (known in dilute aqueous solution)"),
    ("Cs2O2", "[Cs+].[Cs+].[O-][O-]", "caesium peroxide", "Caesiumperoxid", "exists",
     _ge("Lithium, Sodium, Potassium, Rubidium, Caesium and Francium")),
    ("K2Te", "[K+].[K+].[Te-2]", "potassium telluride", "Kaliumtellurid", "exists",
     _ge("Selenium, Tellurium and Polonium")),
    ("HfCl4", "Cl[Hf](Cl)(Cl)Cl", "hafnium(IV) chloride", "Hafnium(IV)-chlorid", "exists",
     _ge("Titanium, Zirconium and Hafnium")),
    ("Na2SeO4", "[Na+].[Na+].[O-][Se](=O)(=O)[O-]", "sodium selenate", "Natriumselenat", "exists",
     _ge("Selenium, Tellurium and Polonium")),
    ("Na2SeO3", "[Na+].[Na+].[O-][Se](=O)[O-]", "sodium selenite", "Natriumselenit", "exists",
     _ge("Selenium, Tellurium and Polonium")),
    ("Na3AsO4", "[Na+].[Na+].[Na+].[O-][As](=O)([O-])[O-]", "sodium arsenate", "Natriumarsenat", "exists",
     _ge("Arsenic, Antimony and Bismuth")),
    ("H3AsO4", "O[As](=O)(O)O", "arsenic acid", "Arsensäure", "exists", _ge("Arsenic, Antimony and Bismuth")),
    ("SbH3", "[SbH3]", "stibine", "Stiban", "exists", _ge("Arsenic, Antimony and Bismuth")),
    ("Na3VO4", "[Na+].[Na+].[Na+].[O-][V](=O)([O-])[O-]", "sodium orthovanadate", "Natriumorthovanadat", "exists",
     _ge("Vanadium, Niobium and Tantalum")),
    ("V(CO)6", "[V]." + ".".join([_CO] * 6), "vanadium hexacarbonyl", "Vanadiumhexacarbonyl", "exists",
     _ge("Vanadium, Niobium and Tantalum")),
    ("Re2(CO)10", "[Re].[Re]." + ".".join([_CO] * 10), "dirhenium decacarbonyl", "Dirheniumdecacarbonyl", "exists",
     _ge("Manganese, Technetium and Rhenium")),
    ("[Co(NH3)6]Cl3", "[Co+3].N.N.N.N.N.N.[Cl-].[Cl-].[Cl-]", "hexaamminecobalt(III) chloride",
     "Hexaammincobalt(III)-chlorid", "exists", _ge("Cobalt, Rhodium and Iridium")),
    ("K2[Ni(CN)4]", "[K+].[K+].N#C[Ni-2](C#N)(C#N)C#N", "potassium tetracyanidonickelate(II)",
     "Kaliumtetracyanidonickelat(II)", "exists", _ge("Nickel, Palladium and Platinum")),
    ("[Co(NH3)6]3+", "N->[Co+3](<-N)(<-N)(<-N)(<-N)<-N", "hexaamminecobalt(III) ion", "Hexaammincobalt(III)-Ion",
     "exists", _ge("Cobalt, Rhodium and Iridium")),
    ("[Ni(CN)4]2-", "N#C[Ni-2](C#N)(C#N)C#N", "tetracyanidonickelate(II) ion", "Tetracyanidonickelat(II)-Ion",
     "exists", _ge("Nickel, Palladium and Platinum")),
    # the rule names split it into K+, Hg2+ and I- ("potassium mercury(II) iodide"): it is the salt of [HgI4]2-
    ("K2[HgI4]", "[K+].[K+].I[Hg-2](I)(I)I", "potassium tetraiodidomercurate(II)", "Kaliumtetraiodidomercurat(II)",
     "exists", _ge("Zinc, Cadmium and Mercury") + " (Nessler's reagent)"),
]

# review of issue 25 (class 2): records whose PubChem structure lost hydrogen (aluminium borohydride as
# AlB3, phosphinic acid as HPO2) are left out by the tool (the parent hydrides take their name's formula,
# PARENT_HYDRIDES); the substances
VETTED += [
    ("Al(BH4)3", "[Al+3].[BH4-].[BH4-].[BH4-]", "aluminium borohydride", "Aluminiumborhydrid", "exists",
     _ge("Boron") + "; CRC Handbook, CAS 16962-07-5"),
    ("H3PO2", "O[PH2]=O", "phosphinic acid", "Phosphinsäure", "exists",
     _ge("Phosphorus") + "; CRC Handbook, CAS 6303-21-5"),
    # the CRC table lists the polymorph only under a mixed Stock number its name rule does not read
    ("Co3O4", "[Co+2].[Co+3].[Co+3].[O-2].[O-2].[O-2].[O-2]", "cobalt(II,III) oxide", "Cobalt(II,III)-oxid",
     "exists", _ge("Cobalt, Rhodium and Iridium") + "; CRC Handbook, CAS 1308-06-1"),
    # the CRC's 'Copper nitride' (CAS 1308-80-1) is Cu3N; its PubChem structure has two H too many
    ("Cu3N", "[Cu+].[Cu+].[Cu+].[N-3]", "copper(I) nitride", "Kupfer(I)-nitrid", "exists",
     _ge("Copper, Silver and Gold") + "; CRC Handbook, CAS 1308-80-1"),
    # a commercial solid (pool chlorination) that only the gas-phase tables of chemicals list
    ("LiClO", "[Li+].[O-]Cl", "lithium hypochlorite", "Lithiumhypochlorit", "exists", HOLLEMAN
     + ", Hypochlorite; PubChem CID 23665767 (CAS 13840-33-0)"),
    # beyond the carbon limit of the CRC rows (6 C): the textbook sandwich compound
    ("Fe(C5H5)2", "[CH-]1C=CC=C1.[CH-]1C=CC=C1.[Fe+2]", "ferrocene", "Ferrocen", "exists",
     _ge("Iron, Ruthenium and Osmium") + "; CRC Handbook, CAS 102-54-5"),
    # CrCl4 is known only in the gas phase above CrCl3 and chlorine at high temperature
    ("CrCl4", "Cl[Cr](Cl)(Cl)Cl", "chromium(IV) chloride", "Chrom(IV)-chlorid", "transient",
     _ge("Chromium, Molybdenum and Tungsten")),
    # (class 4) a CRC physical row of a monomer that lives only briefly (it trimerises to 1,3,5-trithiane)
    ("CH2S", "C=S", "thioformaldehyde", "Thioformaldehyd", "transient", JACOX),
]

_HALOGENS = "The Halogens: Fluorine, Chlorine, Bromine, Iodine and Astatine"
# Acids and salts that can be kept only dissolved in water (a salt also as a hydrate): the label stays
# "exists" (a bottle of bleach or of soda water holds them), and every text says how they are known
# (substances.substance().note, the game's explanation). formula: the handbook source.
SOLUTION_ONLY = {
    "H2CO3": _ge("Carbon") + " (carbonic acid: in water beside dissolved CO2; the free molecule only in the gas phase)",
    "H2SO3": _ge("Sulfur") + " (sulfurous acid: only in aqueous solution, mostly as SO2·H2O)",
    "HClO": _ge(_HALOGENS) + " (hypochlorous acid: only in aqueous solution)",
    "HClO2": _ge(_HALOGENS) + " (chlorous acid: only in aqueous solution)",
    "HClO3": _ge(_HALOGENS) + " (chloric acid: only in aqueous solution, up to about 30 %)",
    "HBrO": _ge(_HALOGENS) + " (hypobromous acid: only in aqueous solution)",
    "HBrO3": _ge(_HALOGENS) + " (bromic acid: only in aqueous solution)",
    "HNO2": _ge("Nitrogen") + " (nitrous acid: only in cold dilute aqueous solution)",
    "H2CrO4": _ge("Chromium, Molybdenum and Tungsten") + " (chromic acid: only in aqueous solution)",
    "NaClO": _ge(_HALOGENS) + " (sodium hypochlorite: as a solution, bleach, and as the hydrate NaClO·5H2O)",
    "KClO": _ge(_HALOGENS) + " (potassium hypochlorite: only in aqueous solution)",
    "HBF4": _ge("Boron") + " (tetrafluoroboric acid: only in solution, as H3O+ BF4-)",
    "HAuCl4": _ge("Copper, Silver and Gold") + " (tetrachloroauric acid: kept as the hydrate HAuCl4·3H2O/·4H2O, "
              "[H3O]+ [AuCl4]-, or in solution; CRC lists only chloroauric(III) acid tetrahydrate, CAS 16903-35-8)",
}


# session 10 (issue 25, review25b): doubtful labels laid in real games, fixed at their record
# CuF: the CRC lists "Copper(I) fluoride" (13478-41-6, a density from a 1933 report), but the solid has
# never been obtained pure (it disproportionates to Cu and CuF2); the diatomic molecule is known from its
# spectrum. So it is a species known only briefly, named as a molecule like CuH.
VETTED += [
    ("CuF", "[Cu]F", "copper(I) fluoride (molecule)", "Kupfer(I)-fluorid (Molekül)", "transient",
     HUBER + " (CuF); the solid is not known pure: " + _ge("Copper, Silver and Gold") + " (CuF is unknown, "
     "it disproportionates); " + HOLLEMAN + ", Kupfer(I)-Verbindungen"),
]
# records whose substance the handbooks do not confirm (left out: "not in our reference", which says
# nothing about existence): formula key -> reason
REJECT.update({
    "OPt": "bulk platinum(II) oxide is not established (CRC 12035-82-4 lists only a density): PtO2 is the one "
           "well-characterised oxide of platinum; PtO and Pt3O4 are reported but doubtful (" + _ge(
               "Nickel, Palladium and Platinum") + "; " + HOLLEMAN + ", Platinoxide)",
    # the metallic diiodides: Ln3+, 2 I- and an electron in a conduction band, no Ln(II) (the CRC names
    # 'Cerium(II) iodide' etc. would make them Ln +2 salts); SmI2, EuI2, YbI2, TmI2, DyI2, NdI2 are true Ln(II)
    "CeI2": "metallic CeI2 is Ce3+ (I-)2 e-, not a cerium(II) salt (" + _ge("The Lanthanide Elements") + ", "
            "diiodides of La, Ce, Pr, Gd; " + HOLLEMAN + ", Lanthanoid-dihalogenide)",
    "I2Pr": "metallic PrI2 is Pr3+ (I-)2 e-, not a praseodymium(II) salt (" + _ge("The Lanthanide Elements") + "; "
            + HOLLEMAN + ", Lanthanoid-dihalogenide)",
    "GdI2": "metallic GdI2 is Gd3+ (I-)2 e-, not a gadolinium(II) salt (" + _ge("The Lanthanide Elements") + "; "
            + HOLLEMAN + ", Lanthanoid-dihalogenide)",
})
# tungstic acid exists, but as WO3·H2O, layers of WO5(H2O) octahedra held together by hydrogen bonds (GE
# 'Chromium, Molybdenum and Tungsten', the hydrated oxides; HW, Wolframsäuren): neither a salt of H+ and WO4 2-
# ions (what the cards' build 2 H+ + WO4 2- and the school rule made of it, recheck25c) nor a network through
# the whole crystal. Session 10 left it out for want of a true sentence; session 11 gives the oxide hydrates
# their own (OXIDE_HYDRATES below, the bonding reason "oxide_hydrate").
# The "acids" of the metals of group 6 are solid oxide hydrates MO3·H2O: metal and oxygen atoms joined by electron
# pairs into layers (WO3·H2O: corner-sharing WO5(OH2) octahedra) or double chains (white MoO3·H2O: edge-sharing
# MoO5(OH2) octahedra), a water molecule bound to each metal atom, hydrogen bonds between them; no H+ ions and no
# discrete H2MO4 molecules (GE 'Chromium, Molybdenum and Tungsten', the hydrated oxides and the "molybdic" and
# "tungstic acids"; HW, Molybdänsäuren, Wolframsäuren). Drawn as MO3 + H2O: the numbers W/Mo +6, O -2, H +1.
# Chromic acid H2CrO4 is not one of them: it is known only in water (SOLUTION_ONLY).
_GROUP6 = _ge("Chromium, Molybdenum and Tungsten") + " (the hydrated oxides MO3·H2O)"
VETTED += [
    ("H2WO4", "O=[W](=O)=O.O", "tungstic acid", "Wolframsäure", "exists",
     _GROUP6 + "; " + HOLLEMAN + ", Wolframsäuren (WO3·H2O); CRC Handbook, tungstic acid (CAS 7783-03-1)"),
    ("H2MoO4", "O=[Mo](=O)=O.O", "molybdic acid", "Molybdänsäure", "exists",
     _GROUP6 + "; " + HOLLEMAN + ", Molybdänsäuren (MoO3·H2O); CRC Handbook, molybdenum(VI) acid monohydrate "
     "(CAS 7782-91-4)"),
]
# compositions whose substance is a solid oxide hydrate (bonding "network", reason "oxide_hydrate": layers or chains of
# metal and oxygen atoms with water bound to the metal; no salt of H+ ions, no single molecule): formula -> source
OXIDE_HYDRATES = {"H2WO4": _GROUP6 + "; " + HOLLEMAN + ", Wolframsäuren",
                  "H2MoO4": _GROUP6 + "; " + HOLLEMAN + ", Molybdänsäuren"}

# coverage (review25b section 4): common real substances the CRC tables in chemicals lack altogether (the
# fluorido salts LiPF6, LiBF4, KAsF6, the thiocyanates and cyanates of Ag and Pb, KVO3, ZnWO4, KSeCN, EuO),
# hold only as a hydrate (NaPF6·H2O, Ba(SCN)2·3H2O) or with a structure that has other atoms (MoO2Cl2 drawn
# with two extra H, UC drawn as CH4 and U,
# K2ZrF6 with no structure). Each names a handbook and a second record (CRC or PubChem by CAS).
_P, _B, _AS = _ge("Phosphorus"), _ge("Boron"), _ge("Arsenic, Antimony and Bismuth")
VETTED += [
    ("LiPF6", "[Li+].F[P-](F)(F)(F)(F)F", "lithium hexafluoridophosphate", "Lithiumhexafluoridophosphat", "exists",
     _P + "; PubChem CID 23688915 (CAS 21324-40-3), the electrolyte salt of lithium-ion cells"),
    ("NaPF6", "[Na+].F[P-](F)(F)(F)(F)F", "sodium hexafluoridophosphate", "Natriumhexafluoridophosphat", "exists",
     _P + "; CRC Handbook, sodium hexafluorophosphate monohydrate (CAS 20644-15-9); CAS 21324-39-0"),
    ("LiBF4", "[Li+].F[B-](F)(F)F", "lithium tetrafluoridoborate", "Lithiumtetrafluoridoborat", "exists",
     _B + "; PubChem, CAS 14283-07-9"),
    ("AgBF4", "[Ag+].F[B-](F)(F)F", "silver tetrafluoridoborate", "Silbertetrafluoridoborat", "exists",
     _B + "; PubChem, CAS 14104-20-2"),
    ("KSbF6", "[K+].F[Sb-](F)(F)(F)(F)F", "potassium hexafluoridoantimonate", "Kaliumhexafluoridoantimonat", "exists",
     _AS + "; PubChem, CAS 16893-92-8"),
    ("KAsF6", "[K+].F[As-](F)(F)(F)(F)F", "potassium hexafluoridoarsenate", "Kaliumhexafluoridoarsenat", "exists",
     _AS + "; PubChem, CAS 17029-22-0"),
    ("K2TiF6", "[K+].[K+].F[Ti-2](F)(F)(F)(F)F", "potassium hexafluoridotitanate", "Kaliumhexafluoridotitanat",
     "exists", _ge("Titanium, Zirconium and Hafnium") + "; PubChem, CAS 16919-27-0"),
    ("K2ZrF6", "[K+].[K+].F[Zr-2](F)(F)(F)(F)F", "potassium hexafluoridozirconate", "Kaliumhexafluoridozirconat",
     "exists", _ge("Titanium, Zirconium and Hafnium") + "; CRC Handbook, potassium hexafluorozirconate(IV) "
     "(CAS 16923-95-8)"),
    ("KReO4", "[K+].[O-][Re](=O)(=O)=O", "potassium perrhenate", "Kaliumperrhenat", "exists",
     _ge("Manganese, Technetium and Rhenium") + "; PubChem, CAS 10466-65-6"),
    ("EuO", "[Eu+2].[O-2]", "europium(II) oxide", "Europium(II)-oxid", "exists",
     _ge("The Lanthanide Elements") + " (Eu(II)); " + HOLLEMAN + ", Europium(II)-Verbindungen; CAS 12020-60-9"),
    ("UC", "[U].[C]", "uranium monocarbide", "Uranmonocarbid", "exists",
     _ge("The Actinide and Transactinide Elements") + " (UC, an interstitial carbide of NaCl type); "
     "CRC Handbook, CAS 12070-09-6"),
    ("MoO2Cl2", "O=[Mo](=O)(Cl)Cl", "molybdenum dichloride dioxide", "Molybdändichloriddioxid", "exists",
     _ge("Chromium, Molybdenum and Tungsten") + " (oxohalides MoO2X2); CRC Handbook, molybdenum(VI) "
     "dioxydichloride (CAS 13637-68-8)"),
    ("Ba(SCN)2", "[Ba+2].[S-]C#N.[S-]C#N", "barium thiocyanate", "Bariumthiocyanat", "exists",
     _ge("Carbon") + " (thiocyanates); CRC Handbook, barium thiocyanate trihydrate (CAS 68016-36-4)"),
    ("AgSCN", "[Ag+].[S-]C#N", "silver thiocyanate", "Silberthiocyanat", "exists",
     _ge("Copper, Silver and Gold") + "; " + HOLLEMAN + ", Thiocyanate; CAS 1701-93-5"),
    ("AgOCN", "[Ag+].[O-]C#N", "silver cyanate", "Silbercyanat", "exists",
     _ge("Carbon") + " (cyanates); " + HOLLEMAN + ", Cyanate; CAS 3315-16-0"),
    ("Pb(OCN)2", "[Pb+2].[O-]C#N.[O-]C#N", "lead(II) cyanate", "Blei(II)-cyanat", "exists",
     _ge("Carbon") + " (cyanates); " + HOLLEMAN + ", Cyanate"),
    ("KVO3", "[K+].[O-][V](=O)=O", "potassium metavanadate", "Kaliummetavanadat", "exists",
     _ge("Vanadium, Niobium and Tantalum") + " (metavanadates); PubChem, CAS 13769-43-2"),
    ("ZnWO4", "[Zn+2].[O-][W](=O)(=O)[O-]", "zinc tungstate", "Zinkwolframat", "exists",
     _ge("Chromium, Molybdenum and Tungsten") + " (tungstates, the scintillator ZnWO4); PubChem, CAS 13597-56-3"),
    ("KSeCN", "[K+].[Se-]C#N", "potassium selenocyanate", "Kaliumselenocyanat", "exists",
     _ge("Selenium, Tellurium and Polonium") + "; PubChem, CAS 3425-46-5"),
]
MOLECULAR_EXCEPTIONS |= {"MoO2Cl2"}  # mp 175 °C, bp 250 °C (CRC): molecules like CrO2Cl2
# review25c: WO2Cl2 (CRC 13520-76-8, mp 265 °C) molecular like MoO2Cl2 (GE 'Chromium, Molybdenum and Tungsten');
# Hg(CN)2: linear NC-Hg-CN molecules, hardly dissociated in water, like HgCl2 (HW, Quecksilbercyanid; GE 'Zinc,
# Cadmium and Mercury')
MOLECULAR_EXCEPTIONS |= {"Hg(CN)2"}  # WO2Cl2: layers, a row of SOLID_STRUCTURES (s16d)
# s23b: SnI4, molecular before by its boiling point alone (bp 348.5 °C; the CRC row of `chemicals` gives mp 675 K, above
# its bp, against the 143 °C of the sources): en.wikipedia 'Tin(IV) iodide' (after Holleman-Wiberg 102nd ed. 2007): 'This
# tetrahedral molecule crystallizes as a bright orange solid ... cubic crystal structure with the space group Pa-3 ...
# This leads to discrete tetrahedral SnI4 molecules'
MOLECULAR_EXCEPTIONS |= {"SnI4"}
# HAuCl4 is no molecule: it is kept only as the hydrate [H3O]+ [AuCl4]- ·xH2O or in water (SOLUTION_ONLY), a salt
MOLECULAR_EXCEPTIONS -= {"HAuCl4"}
# review25c: GeS2, GeSe2 are networks of GeX4 tetrahedra like SiO2 (CRC GeS2 mp 1113 K; GE 'Germanium, Tin and
# Lead'); alane (AlH3)x a network of AlH6 octahedra joined by Al-H-Al bridges, no salt of Al3+ and H- (GE 'Aluminium,
# Gallium, Indium and Thallium', alane; HW, Aluminiumhydrid)
NETWORKS |= {"GeS2", "GeSe2", "AlH3"}
# review25g G4: the other hydrides of the metals with no room for H- ions are polymeric solids like alane, no salts:
# BeH2 a network of BeH4 tetrahedra joined by Be-H-Be three-centre bridges (GE 'Beryllium, Magnesium, Calcium, ...',
# 5.3.2 hydrides; HW Berylliumhydrid); ZnH2 a covalent polymeric solid (GE 'Zinc, Cadmium and Mercury', hydrides;
# HW Zinkhydrid); CuH a covalent polymeric solid of the wurtzite type (GE 'Copper, Silver and Gold', CuH; HW
# Kupferhydrid). MgH2 stays a salt: the rutile-type ionic hydride (GE 5.3.2).
NETWORKS |= {"BeH2", "ZnH2", "CuH"}

# interstitial monocarbides and a mononitride of groups 4-6 whose CRC rows have no structure in chemicals
# ('Titanium carbide' 12070-08-5, 'Zirconium carbide' 12020-14-3) or loose atoms the tool does not take for
# a nitride ('Hafnium nitride' 25817-87-2): metal-like, no oxidation numbers (substances.metal_like)
VETTED += [
    ("TiC", "[Ti].[C]", "titanium carbide", "Titancarbid", "exists",
     _ge("Carbon") + " (interstitial carbides MC of groups 4-6); CRC Handbook, titanium carbide (CAS 12070-08-5)"),
    ("ZrC", "[Zr].[C]", "zirconium carbide", "Zirconiumcarbid", "exists",
     _ge("Carbon") + " (interstitial carbides MC of groups 4-6); CRC Handbook, zirconium carbide (CAS 12020-14-3)"),
    ("HfN", "[Hf].[N]", "hafnium nitride", "Hafniumnitrid", "exists",
     _ge("Nitrogen") + " (interstitial nitrides MN); CRC Handbook, hafnium nitride (CAS 25817-87-2)"),
]
# F-P=S, a molecule of the gas phase: the ATcT table calls it 'Thiophosphoryl Fluoride', the name of PSF3
# (CRC 2404-52-6); the Red Book's compositional name (IR-5.4) tells them apart
VETTED += [
    ("PFS", "FP=S", "phosphorus fluoride sulfide", "Phosphorfluoridsulfid", "transient",
     JACOX + " (FPS); PubChem, CAS 55753-39-4 ('phosphenothious fluoride'); IUPAC Red Book 2005 IR-5.4"),
]

# more of review25b's coverage list that no table of chemicals holds (each a salt of a textbook ion, cited by
# the chapter of its element and a second handbook)
VETTED += [
    ("CsPF6", "[Cs+].F[P-](F)(F)(F)(F)F", "caesium hexafluoridophosphate", "Caesiumhexafluoridophosphat", "exists",
     _P + "; " + HOLLEMAN + ", Hexafluorophosphate"),
    ("AgPF6", "[Ag+].F[P-](F)(F)(F)(F)F", "silver hexafluoridophosphate", "Silberhexafluoridophosphat", "exists",
     _P + "; " + HOLLEMAN + ", Hexafluorophosphate"),
    ("Na2TiF6", "[Na+].[Na+].F[Ti-2](F)(F)(F)(F)F", "sodium hexafluoridotitanate", "Natriumhexafluoridotitanat",
     "exists", _ge("Titanium, Zirconium and Hafnium") + "; " + HOLLEMAN + ", Fluorotitanate"),
    ("K2NbF7", "[K+].[K+].F[Nb-2](F)(F)(F)(F)(F)F", "potassium heptafluoridoniobate", "Kaliumheptafluoridoniobat",
     "exists", _ge("Vanadium, Niobium and Tantalum") + " (Marignac's separation of Nb and Ta); " + HOLLEMAN + ", Niob"),
    ("BaCr2O7", "[Ba+2].[O-][Cr](=O)(=O)O[Cr](=O)(=O)[O-]", "barium dichromate", "Bariumdichromat", "exists",
     _ge("Chromium, Molybdenum and Tungsten") + " (dichromates); " + HOLLEMAN + ", Dichromate"),
    ("K3VO4", "[K+].[K+].[K+].[O-][V](=O)([O-])[O-]", "potassium orthovanadate", "Kaliumorthovanadat", "exists",
     _ge("Vanadium, Niobium and Tantalum") + " (orthovanadates); " + HOLLEMAN + ", Vanadate"),
    ("BaTe", "[Ba+2].[Te-2]", "barium telluride", "Bariumtellurid", "exists",
     _ge("Selenium, Tellurium and Polonium") + " (tellurides of the alkaline earths, NaCl type); " + HOLLEMAN
     + ", Telluride"),
    ("RbI3", "[Rb+].I[I-]I", "rubidium triiodide", "Rubidiumtriiodid", "exists",
     _ge(_HALOGENS) + " (polyiodides: I3- salts of the heavy alkali metals); " + HOLLEMAN + ", Polyiodide"),
    ("RuS2", "[Ru+2].[S-][S-]", "ruthenium disulfide", "Rutheniumdisulfid", "exists",
     _ge("Iron, Ruthenium and Osmium") + " (RuS2, pyrite type: S2 2- units, the mineral laurite); " + HOLLEMAN),
    ("OsS2", "[Os+2].[S-][S-]", "osmium disulfide", "Osmiumdisulfid", "exists",
     _ge("Iron, Ruthenium and Osmium") + " (OsS2, pyrite type: S2 2- units); " + HOLLEMAN),
    ("CmO2", "[Cm+4].[O-2].[O-2]", "curium(IV) oxide", "Curium(IV)-oxid", "exists",
     _ge("The Actinide and Transactinide Elements") + " (CmO2, fluorite type); " + HOLLEMAN + ", Curium"),
    ("NpF6", "F[Np](F)(F)(F)(F)F", "neptunium(VI) fluoride", "Neptunium(VI)-fluorid", "exists",
     _ge("The Actinide and Transactinide Elements") + " (the volatile hexafluorides UF6, NpF6, PuF6); " + HOLLEMAN),
]
# written as the textbook writes it (a molecular exception gets no ion split that would group the CN)
VETTED += [
    ("[SeCN]-", "[Se-]C#N", "selenocyanate ion", "Selenocyanat-Ion", "exists",
     _ge("Selenium, Tellurium and Polonium") + " (SeCN-, the analogue of SCN-); chemicals' Anion db (CAS 5749-48-4)"),
    ("Hg(CN)2", "N#C[Hg]C#N", "mercury(II) cyanide", "Quecksilber(II)-cyanid", "exists",
     HOLLEMAN + ", Quecksilbercyanid (linear NC-Hg-CN molecules, hardly dissociated in water); "
     + _ge("Zinc, Cadmium and Mercury") + "; CRC Handbook, CAS 592-04-1"),
]
# review25c: alkoxy and alkylperoxy radicals by their structure (the gas tables give no structure, and the formula
# rule had CH3O as C -1, O -2, the numbers of the isomer CH2OH): CH3-O. C -2, O -1; CH3-O-O. C -2, O -1 and 0
VETTED += [
    ("CH3O", "C[O]", "methoxy radical", "Methoxy-Radikal", "transient", JACOX + " (CH3O)"),
    ("CH3O2", "CO[O]", "methylperoxy radical", "Methylperoxy-Radikal", "transient", JACOX + " (CH3O2)"),
]
# the thiosulfate ion by its octet formula [O3S-S]2- (central S +5, terminal S -1, as the salts' records after
# make_substances._thiosulfate_octet): the ion table had S +2, +2, two S atoms that are not alike; review25c
VETTED += [
    ("[S2O3]2-", "[O-]S(=O)(=O)[S-]", "thiosulfate ion", "Thiosulfat-Ion", "exists",
     _ge("Sulfur") + " (thiosulfate, S-SO3 2-, a tetrahedron like sulfate); " + HOLLEMAN + ", Thiosulfate"),
]
# review25c: one name for two substances (a data-wide scan): each gets the name that tells it apart (Red Book 2005
# IR-5 compositional names with multiplying prefixes, IR-8 hydrogen names; the ions' German names after HW)
VETTED += [
    ("WO2Cl2", "O=[W](=O)(Cl)Cl", "tungsten dichloride dioxide", "Wolframdichloriddioxid", "exists",
     _ge("Chromium, Molybdenum and Tungsten") + " (oxohalides WO2Cl2, WOCl4); CRC Handbook, CAS 13520-76-8"),
    ("WOCl4", "O=[W](Cl)(Cl)(Cl)Cl", "tungsten tetrachloride oxide", "Wolframtetrachloridoxid", "exists",
     _ge("Chromium, Molybdenum and Tungsten") + " (oxohalides WO2Cl2, WOCl4); CRC Handbook, CAS 13520-78-0"),
    ("[HSe]-", "[SeH-]", "hydrogen selenide ion", "Hydrogenselenid-Ion", "exists",
     _ge("Selenium, Tellurium and Polonium") + " (H2Se, a weak acid: HSe-); IUPAC Red Book 2005 IR-8"),
    # drawn with ions: Pauling's Te (2.1) is below H (2.2), and the rule would give H -1 (H2Te: H +1, Te -2)
    ("[HTe]-", "[H+].[Te-2]", "hydrogen telluride ion", "Hydrogentellurid-Ion", "exists",
     _ge("Selenium, Tellurium and Polonium") + " (H2Te, an acid: HTe-); IUPAC Red Book 2005 IR-8"),
    ("[B4O7]2-", "[O-]B1OB2OB(O1)OB([O-])O2", "tetraborate ion", "Tetraborat-Ion", "exists",
     _ge("Boron") + " (borax, Na2[B4O5(OH)4]·8H2O; anhydrous Na2B4O7); " + HOLLEMAN + ", Borate"),
    ("[BO2]-", "[O-]B=O", "metaborate ion", "Metaborat-Ion", "exists", _ge("Boron") + "; " + HOLLEMAN + ", Borate"),
    ("[P3O9]3-", "[O-]P1(=O)OP([O-])(=O)OP([O-])(=O)O1", "trimetaphosphate ion", "Trimetaphosphat-Ion", "exists",
     _ge("Phosphorus") + " (cyclo-triphosphate); " + HOLLEMAN + ", Metaphosphate"),
    ("H2NO", "N[O]", "aminoxyl radical", "Aminoxyl-Radikal", "transient", JACOX + " (H2NO)"),
]
MOLECULAR_EXCEPTIONS |= {"WOCl4"}  # mp 211 °C, square-pyramidal molecules (GE), as WO2Cl2
# monoatomic ions known in water although the element's main states (mendeleev) lack the charge and the data holds
# no salt of them (make_substances.free_ion_label): the rest of the registry's "X, ion (Xn+)" rows are gas-phase ions
FREE_IONS_IN_WATER: dict[str, str] = {
    "Np+3": _ge("The Actinide and Transactinide Elements") + " (Np3+ in acid solution, purple; NpCl3, NpF3)",
    "Pa+4": _ge("The Actinide and Transactinide Elements") + " (Pa4+ in strong acid under reducing conditions; PaCl4)",
}

# session 11: the Zintl disilicide CaSi2 that the CRC lists ('Calcium silicide [CaSi2]', CAS 12013-56-8, mp 1313 K) with
# a structure of loose atoms and no pymatgen guess in the main states: Ca2+ and puckered layers of three-bonded Si-,
# isoelectronic with P and As (the layers of grey arsenic): Ca +2, Si -1 (GE 'Silicon', metal silicides, CaSi2;
# HW, Zintl-Phasen, Calciumdisilicid; pymatgen's guess with all oxidation states: Ca +2, Si -1). Drawn as ions so
# that the numbers are the Zintl count (no table ion for Si-: no ion split, like CaSi).
VETTED += [
    ("CaSi2", "[Ca+2].[Si-].[Si-]", "calcium disilicide", "Calciumdisilicid", "exists",
     _ge("Silicon") + " (metal silicides: CaSi2, puckered Si- layers); " + HOLLEMAN + ", Zintl-Phasen; CRC Handbook, "
     "calcium silicide [CaSi2] (CAS 12013-56-8)"),
]

# session 11, review25d/review25e (bonding classes read in play or through the API; each with its chapter):
# Be halides: BeBr2, BeI2 chains of edge-sharing BeX4 tetrahedra like BeCl2; BeF2 a glass-forming network of BeF4
# tetrahedra like SiO2 (GE 'Beryllium ...', 5.3.3; HW Berylliumhalogenide). NbOCl3: chains of Nb2Cl6 units bridged
# by O, subliming, molecules in the gas, like WO2Cl2 (GE 'Vanadium, Niobium and Tantalum', oxohalides). Calomel and
# the other mercury(I) halides: linear X-Hg-Hg-X molecules in a molecular lattice (GE 'Zinc, Cadmium and Mercury'
# 29.3.2; HW Kalomel), like HgCl2.
MOLECULAR_EXCEPTIONS |= {"BeBr2", "BeI2", "NbOCl3", "Hg2F2", "Hg2Cl2", "Hg2Br2", "Hg2I2"}
# BeF2 (above); the cluster dihalides [Mo6X8]X4 of Mo and W: Mo6 octahedra joined by halide bridges into layers, no
# Mo2+ ions (GE 23.3.5, 'lower halides'; HW Molybdänhalogenide); GeS, GeSe, GeTe: layer (GeS type) and rock-salt-derived
# extended solids like GeS2 (GE 'Germanium, Tin and Lead', chalcogenides); BAs: zinc-blende like BP (GE 'Boron').
NETWORKS |= {"BeF2", "MoCl2", "MoBr2", "WCl2", "GeS", "GeSe", "GeTe", "BAs"}
# (s14g) the oxide halides and AlO(OH) by the Red Book's compositional names, the anions in alphabetical order
# (IR-2.15(d), IR-5.4; its example BiClO 'bismuth chloride oxide'), as CrO(OH), FeO(OH) and PbCl(OH) are named; the
# CRC's 'oxy' names ('Bismuth oxybromide', 'Aluminum oxyhydroxide') are the traditional ones
# real substances whose CRC records are broken ('Bismuth oxybromide' as BiBr2O, 'Bismuth oxyiodide' as BiHIO), a
# record missing (boron phosphide) or named for another isomer: review25e M1
VETTED += [
    ("BiOBr", "[Bi+3].[O-2].[Br-]", "bismuth bromide oxide", "Bismutbromidoxid", "exists",
     GREENWOOD + ", chapter 'Arsenic, Antimony and Bismuth' (BiOX, matlockite type); CRC Handbook, bismuth oxybromide "
     "(CAS 7787-57-7)"),
    ("BiOI", "[Bi+3].[O-2].[I-]", "bismuth iodide oxide", "Bismutiodidoxid", "exists",
     GREENWOOD + ", chapter 'Arsenic, Antimony and Bismuth' (BiOX); CRC Handbook, bismuth oxyiodide (CAS 7787-63-5)"),
    ("AlO(OH)", "[Al+3].[O-2].[OH-]", "aluminium hydroxide oxide", "Aluminiumhydroxidoxid", "exists",
     _ge("Aluminium, Gallium, Indium and Thallium") + " (boehmite, diaspore AlO(OH)); " + HOLLEMAN
     + ", Böhmit, Diaspor; CRC Handbook, aluminum oxyhydroxide (CAS 1318-23-6)"),
    ("BP", "B#P", "boron phosphide", "Borphosphid", "exists",
     _ge("Boron") + " (boron phosphide, zinc blende); " + HOLLEMAN + ", Borphosphid; CAS 20205-91-8"),
    # ilmenite Co(II)Ti(IV)O3 like FeTiO3 (the CRC name 'Cobalt(III) titanate' is a slip; chemicals' own structure
    # for CAS 12017-38-8 is Co2+ Ti4+ 3 O2-; pymatgen's first guess Co +2, Ti +4): review25d M1
    ("CoTiO3", "[Co+2].[Ti+4].[O-2].[O-2].[O-2]", "cobalt(II) titanate", "Cobalt(II)-titanat", "exists",
     "Ilmenite type: " + _ge("Titanium, Zirconium and Hafnium") + "; CRC Handbook, CAS 12017-38-8"),
    # arsenic(III) telluride (its CRC name; As2Se3 alike): the Pauling near-tie As 2.18 > Te 2.10 gave As -3, Te +2
    ("As2Te3", "[As+3].[As+3].[Te-2].[Te-2].[Te-2]", "arsenic(III) telluride", "Arsen(III)-tellurid", "exists",
     _ge("Arsenic, Antimony and Bismuth") + " (chalcogenides As2X3); CRC Handbook, arsenic(III) telluride"),
]
NETWORKS |= {"As2Te3"}  # a layer solid like As2Se3's neighbours, not molecules (GE, chalcogenides)
# the hydrogen sulfites of Na and Ca are known only in solution: evaporation gives the disulfite Na2S2O5 (GE 'Sulfur',
# oxoacids: hydrogensulfites; HW Hydrogensulfite): review25d M16
SOLUTION_ONLY.update({
    "NaHSO3": _ge("Sulfur") + " (sodium hydrogensulfite: only in solution; the solid 'bisulfite' is Na2S2O5)",
    "Ca(HSO3)2": _ge("Sulfur") + " (calcium hydrogensulfite: only in solution, the sulfite liquor of paper mills)",
})
# one record, two substances (review25d H2): the CRC row 'Phosphorus(V) chloride tetrafluoride' (13498-11-8, bp 229.8 K)
# is PClF4, but the PubChem structure chemicals files under that CAS is PCl4F; neither composition is kept from it
REJECT.update({
    "Cl4FP": "the CRC row under CAS 13498-11-8 is PClF4 (its name and boiling point); only the PubChem structure filed "
             "under that CAS is PCl4F: one record, two substances (review25d H2)",
    # registry ions that no salt or solution holds, and a radical (review25d M9, M10): the record's own names
    "FO3P-1": "the radical [PO3F]- (registry 'fluorotrioxophosphate(1-)'): the known ion is fluorophosphate [PO3F]2-",
    "O2P-1": "CAS 15460-68-1 is phosphinate [H2PO2]-; its PubChem structure lost the two H (O=P[O-])",
})
# a radical anion known only briefly (SO4•-, microseconds in water: the oxidant of activated peroxodisulfate)
TRANSIENT_RECORDS = {"O4S-1": _ge("Sulfur") + " (the sulfate radical anion SO4•-, a short-lived intermediate)"}
# monoatomic rhenium cations that no salt or solution holds: Re(III) is the Re3 cluster (Re3Cl9, [Re2Cl8]2-), Re(IV)
# ReO2 or [ReCl6]2- (GE 'Manganese, Technetium and Rhenium'): gas-phase ions of the registry (review25d M13)
NO_FREE_IONS = {"Re+3": _ge("Manganese, Technetium and Rhenium") + " (no Re3+ aqua ion: Re3 clusters)",
                "Re+4": _ge("Manganese, Technetium and Rhenium") + " (no Re4+ aqua ion: ReO2, [ReCl6]2-)"}
# molecules in the gas that are salts of ions as solids (review25e M6): formula -> source (substances: the bonding reason
# "ionic_solid")
IONIC_SOLIDS = {"PCl5": GREENWOOD + ", p. 498 (solid PCl5 is [PCl4]+[PCl6]-)",
                "PBr5": GREENWOOD + ", p. 498 (solid PBr5 is [PBr4]+Br-)",
                "N2O5": GREENWOOD + ", p. 456 (solid N2O5 is nitronium nitrate [NO2]+[NO3]-)"}
# s15d: pertechnetic acid is known in water, not as a pure substance of HTcO4 molecules. A strong acid (pKa 0.32),
# almost wholly TcO4- and H3O+ in solution; concentrating it by evaporation gives a yellow viscous liquid, a colourless
# crystalline solid (mp 118 °C, taken for a hydrate) and a red-purple compound that decomposes (Soderquist, Weaver, Cho,
# McNamara, Sinkov, McCloy, 'Properties of Pertechnic Acid', Inorg. Chem. 58 (2019) 14015, abstract; ChemistryViews
# 2019: 'a colorless solid assumed to be the monohydrate'): the older books' 'dark red crystals' hold several compounds;
# the red solid is the Tc(V)/Tc(VII) polyoxometalate [H7O3]4[Tc20O68]·4H2O (German, Fedoseev, Grigoriev, ..., Poineau
# 2021, 'A 70-year-old mystery in technetium chemistry', as WP 'Pertechnetic acid' and ru.wikipedia cite it).
# So it is kept like HAuCl4: known only in water (SOLUTION_ONLY), no molecular exception (its solution holds ions).
_PERTECHNIC = ("Soderquist et al., Inorg. Chem. 58 (2019) 14015 (pertechnic acid: in water TcO4- and H3O+; evaporation "
               "gives a hydrate, no anhydrous HTcO4)")
# more of review25e M1's real substances that were "nicht in unserem Nachschlagewerk" in tip lists (no CRC row in
# chemicals, or a broken one): BiOF beside BiOCl/BiOBr/BiOI, pertechnetic acid and technetium(IV) oxide, radium carbonate
VETTED += [
    ("BiOF", "[Bi+3].[O-2].[F-]", "bismuth fluoride oxide", "Bismutfluoridoxid", "exists",
     _ge("Arsenic, Antimony and Bismuth") + " (BiOX, X = F, Cl, Br, I); " + HOLLEMAN + ", Bismutoxidhalogenide"),
    ("HTcO4", "O[Tc](=O)(=O)=O", "pertechnetic acid", "Pertechnetiumsäure", "exists",
     _ge("Manganese, Technetium and Rhenium") + " (HTcO4 from Tc2O7 and water); " + HOLLEMAN + "; " + _PERTECHNIC),
    ("TcO2", "[Tc+4].[O-2].[O-2]", "technetium(IV) oxide", "Technetium(IV)-oxid", "exists",
     _ge("Manganese, Technetium and Rhenium") + " (TcO2, distorted rutile); " + HOLLEMAN),
    ("RaCO3", "[Ra+2].[O-]C([O-])=O", "radium carbonate", "Radiumcarbonat", "exists",
     _ge("Beryllium, Magnesium, Calcium, Strontium, Barium and Radium") + " (radium salts: RaCO3 insoluble like BaCO3); "
     + HOLLEMAN + ", Radiumverbindungen"),
]

SOLUTION_ONLY["HTcO4"] = (_ge("Manganese, Technetium and Rhenium") + " (pertechnetic acid: a strong acid in water); "
                          + _PERTECHNIC)
MOLECULAR_EXCEPTIONS -= {"HTcO4"}

# session 12 (recheck25de d-L9): salts whose ions no ion table splits. Pb3(SbO4)2, the CRC's 'Lead(II) antimonate'
# (CAS 13510-89-9, no structure), the lead(II) salt of orthoantimonate(V) like Pb3(PO4)2 and Pb3(AsO4)2
VETTED += [
    ("Pb3(SbO4)2", "[Pb+2].[Pb+2].[Pb+2].[O-][Sb](=O)([O-])[O-].[O-][Sb](=O)([O-])[O-]", "lead(II) antimonate",
     "Blei(II)-antimonat", "exists", "CRC Handbook, lead(II) antimonate Pb3(SbO4)2, CAS 13510-89-9; "
     + _ge("Arsenic, Antimony and Bismuth") + " (antimonates(V))"),
]

# session 12, coverage (recheck25de, review25d: 21 % of the rarer real substances known). Polyhalides: the I3- ion
# (linear, I-I 290 pm) and interhalogen anions [ICl2]- (I(I)), [ICl4]- (square planar, I(III)), [IBr2]- hold with
# large cations; KI3 only as the hydrate KI3·H2O and in Lugol's solution (GE 'The Halogens', polyhalide anions;
# HW Polyhalogenid-Ionen). Polysulfides and polyselenides: unbranched chains -S-S...S- of the alkali and
# alkaline-earth metals, Na2S2 to Na2S5, K2S3, K2S5, BaS3 (GE 'Sulfur', polysulfides; HW Polysulfide).
# Ozonides: red MO3 of K, Rb, Cs with the bent O3- ion (GE 'Lithium ... Francium', ozonides; HW Ozonide).
# LiO2: only in argon matrices at 15 K and as a surface species (Andrews, J. Chem. Phys. 50 (1969) 4288; GE: no
# superoxide of Li in bulk). Tartrates: the salts of L-(+)-tartaric acid, cream of tartar KHC4H4O6 (CAS 868-14-4),
# Rochelle salt KNaC4H4O6, calcium tartrate (wine stone; HW 'Weinsäure'; CRC organic table, tartaric acid). Tetrathionate
# K2S4O6 (GE 'Sulfur', polythionates). CAS and PubChem CID from the identifier tables of chemicals (VETTED_IDS).
VETTED += [
    ("[I3]-", "I[I-]I", "triiodide ion", "Triiodid-Ion", "exists", _ge(_HALOGENS) + " (polyhalide anions, I3-)"),
    ("[ICl2]-", "Cl[I-]Cl", "dichloridoiodate(I) ion", "Dichloridoiodat(I)-Ion", "exists",
     _ge(_HALOGENS) + " (polyhalide anions, ICl2-)"),
    ("[ICl4]-", "Cl[I-](Cl)(Cl)Cl", "tetrachloridoiodate(III) ion", "Tetrachloridoiodat(III)-Ion", "exists",
     _ge(_HALOGENS) + " (polyhalide anions, square-planar ICl4-)"),
    ("KI3", "[K+].I[I-]I", "potassium triiodide", "Kaliumtriiodid", "exists",
     _ge(_HALOGENS) + " (polyiodides: KI3 as KI3·H2O and in Lugol's solution); " + HOLLEMAN + ", Polyiodide"),
    ("CsI3", "[Cs+].I[I-]I", "caesium triiodide", "Caesiumtriiodid", "exists",
     _ge(_HALOGENS) + " (polyiodides: CsI3, a stable solid with the large cation); " + HOLLEMAN + ", Polyiodide"),
    ("KICl2", "[K+].Cl[I-]Cl", "potassium dichloridoiodate(I)", "Kaliumdichloridoiodat(I)", "exists",
     _ge(_HALOGENS) + " (polyhalides: KICl2); " + HOLLEMAN + ", Polyhalogenide"),
    ("KICl4", "[K+].Cl[I-](Cl)(Cl)Cl", "potassium tetrachloridoiodate(III)", "Kaliumtetrachloridoiodat(III)", "exists",
     _ge(_HALOGENS) + " (polyhalides: KICl4, square-planar ICl4-); " + HOLLEMAN + ", Polyhalogenide"),
    ("CsIBr2", "[Cs+].Br[I-]Br", "caesium dibromidoiodate(I)", "Caesiumdibromidoiodat(I)", "exists",
     _ge(_HALOGENS) + " (polyhalides: CsIBr2); " + HOLLEMAN + ", Polyhalogenide"),
    ("[S3]2-", "[S-]S[S-]", "trisulfide ion", "Trisulfid-Ion", "exists", _ge("Sulfur") + " (polysulfide ions Sn 2-)"),
    ("[S4]2-", "[S-]SS[S-]", "tetrasulfide ion", "Tetrasulfid-Ion", "exists", _ge("Sulfur") + " (polysulfide ions Sn 2-)"),
    ("[S5]2-", "[S-]SSS[S-]", "pentasulfide ion", "Pentasulfid-Ion", "exists", _ge("Sulfur") + " (polysulfide ions Sn 2-)"),
    ("Na2S2", "[Na+].[Na+].[S-][S-]", "sodium disulfide", "Natriumdisulfid", "exists",
     _ge("Sulfur") + " (polysulfides Na2Sn, n = 2-5); " + HOLLEMAN + ", Polysulfide"),
    ("Na2S4", "[Na+].[Na+].[S-]SS[S-]", "sodium tetrasulfide", "Natriumtetrasulfid", "exists",
     _ge("Sulfur") + " (polysulfides Na2Sn, n = 2-5); " + HOLLEMAN + ", Polysulfide"),
    ("Na2S5", "[Na+].[Na+].[S-]SSS[S-]", "sodium pentasulfide", "Natriumpentasulfid", "exists",
     _ge("Sulfur") + " (polysulfides Na2Sn, n = 2-5); " + HOLLEMAN + ", Polysulfide"),
    ("K2S3", "[K+].[K+].[S-]S[S-]", "potassium trisulfide", "Kaliumtrisulfid", "exists",
     _ge("Sulfur") + " (polysulfides K2Sn); " + HOLLEMAN + ", Polysulfide"),
    ("K2S5", "[K+].[K+].[S-]SSS[S-]", "potassium pentasulfide", "Kaliumpentasulfid", "exists",
     _ge("Sulfur") + " (polysulfides K2Sn); " + HOLLEMAN + ", Polysulfide"),
    ("BaS3", "[Ba+2].[S-]S[S-]", "barium trisulfide", "Bariumtrisulfid", "exists",
     _ge("Sulfur") + " (polysulfides: BaS3, bent S3 2-); " + HOLLEMAN + ", Polysulfide"),
    ("Na2Se2", "[Na+].[Na+].[Se-][Se-]", "sodium diselenide", "Natriumdiselenid", "exists",
     _ge("Selenium, Tellurium and Polonium") + " (polyselenides); " + HOLLEMAN + ", Polyselenide"),
    ("[O3]-", "[O-]O[O]", "ozonide ion", "Ozonid-Ion", "exists",
     _ge("Lithium, Sodium, Potassium, Rubidium, Caesium and Francium") + " (ozonides MO3, the bent O3- ion)"),
    ("RbO3", "[Rb+].[O-]O[O]", "rubidium ozonide", "Rubidiumozonid", "exists",
     _ge("Lithium, Sodium, Potassium, Rubidium, Caesium and Francium") + " (ozonides MO3 of K, Rb, Cs); " + HOLLEMAN),
    ("CsO3", "[Cs+].[O-]O[O]", "caesium ozonide", "Caesiumozonid", "exists",
     _ge("Lithium, Sodium, Potassium, Rubidium, Caesium and Francium") + " (ozonides MO3 of K, Rb, Cs); " + HOLLEMAN),
    ("LiO2", "[Li+].[O-][O]", "lithium superoxide", "Lithiumhyperoxid", "transient",
     "Andrews, J. Chem. Phys. 50 (1969) 4288 (LiO2 in an argon matrix at 15 K); "
     + _ge("Lithium, Sodium, Potassium, Rubidium, Caesium and Francium") + " (no bulk superoxide of Li)"),
    ("[C4H4O6]2-", "[C@@H]([C@H](C(=O)[O-])O)(C(=O)[O-])O", "tartrate ion", "Tartrat-Ion", "exists",
     HOLLEMAN + ", Weinsäure und Tartrate; CRC Handbook, L-tartaric acid (CAS 87-69-4)"),
    ("[C4H5O6]-", "[C@@H]([C@H](C(=O)O)O)(C(=O)[O-])O", "hydrogen tartrate ion", "Hydrogentartrat-Ion", "exists",
     HOLLEMAN + ", Weinsäure und Tartrate; CRC Handbook, L-tartaric acid (CAS 87-69-4)"),
    ("KHC4H4O6", "[K+].[C@@H]([C@H](C(=O)O)O)(C(=O)[O-])O", "potassium hydrogen tartrate (cream of tartar)",
     "Kaliumhydrogentartrat (Weinstein)", "exists", HOLLEMAN + ", Weinsäure und Tartrate; CAS 868-14-4"),
    ("NaHC4H4O6", "[Na+].[C@@H]([C@H](C(=O)O)O)(C(=O)[O-])O", "sodium hydrogen tartrate", "Natriumhydrogentartrat",
     "exists", HOLLEMAN + ", Weinsäure und Tartrate"),
    ("KNaC4H4O6", "[K+].[Na+].[C@@H]([C@H](C(=O)[O-])O)(C(=O)[O-])O", "potassium sodium tartrate (Rochelle salt)",
     "Kaliumnatriumtartrat (Seignettesalz)", "exists", HOLLEMAN + ", Weinsäure und Tartrate (Seignettesalz)"),
    ("CaC4H4O6", "[Ca+2].[C@@H]([C@H](C(=O)[O-])O)(C(=O)[O-])O", "calcium tartrate", "Calciumtartrat", "exists",
     HOLLEMAN + ", Weinsäure und Tartrate (Weinstein, Calciumtartrat)"),
    ("K2S4O6", "[K+].[K+].[O-]S(=O)(=O)SSS(=O)(=O)[O-]", "potassium tetrathionate", "Kaliumtetrathionat", "exists",
     _ge("Sulfur") + " (polythionates S(n)O6 2-)"),
]
SOLUTION_ONLY["KI3"] = _ge(_HALOGENS) + " (KI3 is kept as the hydrate KI3·H2O and in solution, Lugol's solution)"
# CAS and PubChem CID of vetted rows that the CRC tables lack, from the PubChem identifier tables and the ion
# tables of chemicals (chemical identifiers pubchem large/small.tsv, Anion db.tsv, Inorganic db.tsv): formula -> (CAS, CID)
VETTED_IDS = {
    "KI3": ("12298-68-9", 105053), "[I3]-": ("14900-04-0", 105054), "[S3]2-": ("12597-05-6", 5460599),
    "Na2S2": ("22868-13-9", 89870), "Na2S4": ("12034-39-8", 82835), "Na2S5": ("12034-40-1", 129677176),
    "K2S3": ("37488-75-8", 15820320), "K2S5": ("12136-50-4", 158619172), "CsIBr2": ("18278-82-5", 23678420),
    "KNaC4H4O6": ("304-59-6", 9357), "NaHC4H4O6": ("526-94-3", 23690454), "CaC4H4O6": ("3164-34-9", 13725892),
    "K2S4O6": ("13932-13-3", 61701), "KHC4H4O6": ("868-14-4", 0),
}

# session 12 (recheck25de d-L9): the ions of solids whose records are drawn as loose atoms, written as the handbook
# describes the solid (make_substances.structure_ions reads them; the record, its names and numbers stay):
# key -> (SMILES of the ions of the solid, source). CaSi: a Zintl phase with zigzag chains of Si atoms, each bonded to
# two Si (Si2- isoelectronic with S; CrB type); CoAs3: skutterudite Co4(As4)3 with square As4 4- rings and Co(III)
SOLID_IONS = {
    "CaSi": ("[Ca+2].[Si-2]", _ge("Silicon") + " (metal silicides: CaSi, zigzag Si chains); " + HOLLEMAN + ", Zintl-Phasen"),
    "As3Co": ("[Co+3].[Co+3].[Co+3].[Co+3]." + ".".join(["[As-]1[As-][As-][As-]1"] * 3),
              _ge("Arsenic, Antimony and Bismuth") + " (metal arsenides: skutterudite CoAs3, As4 rings); " + HOLLEMAN
              + ", Skutterudit"),
}

# session 12, coverage (2): more of the rarer real substances review25d found missing, each a textbook salt or
# molecule of a named class with its handbook chapter. Hydrogen salts of the table's acid anions (GE 'Sulfur',
# 'Phosphorus', 'Arsenic, Antimony and Bismuth', 'Carbon'; HW Hydrogensalze): most are sold as hydrates, the
# anhydrous salts are known too. Thio anions MS4 and CS3 2- (tetrahedral, the thio analogues of the oxo anions: GE
# 'Phosphorus', 'Arsenic, Antimony and Bismuth' (Schlippe's salt Na3SbS4), 'Chromium, Molybdenum and Tungsten'
# (thiomolybdates), 'Carbon' (trithiocarbonates); HW Thiosalze). Phosphides, arsenides, antimonides, bismuthides of
# the s-block metals: salt-like Zintl compounds with P3-, As3- ... (GE 'Phosphorus', 'Arsenic, Antimony and
# Bismuth'; HW Phosphide).
# Polyhalides and polysulfides beyond the first set (GE 'The Halogens', 'Sulfur'); polysulfanes H2Sn (yellow oils,
# GE 'Sulfur', sulfanes); alkali chalcogenides (antifluorite; GE 'Selenium, Tellurium and Polonium').
_GS, _GP, _GAS, _GMO, _GC = _ge("Sulfur"), _ge("Phosphorus"), _ge("Arsenic, Antimony and Bismuth"), \
    _ge("Chromium, Molybdenum and Tungsten"), _ge("Carbon")
_GSE, _GH = _ge("Selenium, Tellurium and Polonium"), _ge(_HALOGENS)
_HS = "; " + HOLLEMAN
VETTED += [
    ("LiHSO4", "[Li+].OS(=O)(=O)[O-]", "lithium hydrogen sulfate", "Lithiumhydrogensulfat", "exists", _GS + _HS),
    ("RbH2PO4", "[Rb+].OP(=O)(O)[O-]", "rubidium dihydrogen phosphate", "Rubidiumdihydrogenphosphat", "exists", _GP + _HS),
    ("CsH2PO4", "[Cs+].OP(=O)(O)[O-]", "caesium dihydrogen phosphate", "Caesiumdihydrogenphosphat", "exists", _GP + _HS),
    ("MgHPO4", "[Mg+2].OP(=O)([O-])[O-]", "magnesium hydrogen phosphate", "Magnesiumhydrogenphosphat", "exists",
     _GP + " (newberyite MgHPO4·3H2O)" + _HS),
    ("SrHPO4", "[Sr+2].OP(=O)([O-])[O-]", "strontium hydrogen phosphate", "Strontiumhydrogenphosphat", "exists", _GP + _HS),
    ("Mg(H2PO4)2", "[Mg+2].OP(=O)(O)[O-].OP(=O)(O)[O-]", "magnesium dihydrogen phosphate",
     "Magnesiumdihydrogenphosphat", "exists", _GP + _HS),
    ("RbHCO3", "[Rb+].OC(=O)[O-]", "rubidium hydrogen carbonate", "Rubidiumhydrogencarbonat", "exists", _GC + _HS),
    ("NaH2AsO4", "[Na+].O[As](=O)(O)[O-]", "sodium dihydrogen arsenate", "Natriumdihydrogenarsenat", "exists", _GAS + _HS),
    ("K2HAsO4", "[K+].[K+].O[As](=O)([O-])[O-]", "potassium hydrogen arsenate", "Kaliumhydrogenarsenat", "exists",
     _GAS + _HS),
    ("NaHC2O4", "[Na+].OC(=O)C(=O)[O-]", "sodium hydrogen oxalate", "Natriumhydrogenoxalat", "exists", _GC + _HS),
    ("NaH2PO2", "[Na+].[O-][PH2]=O", "sodium hypophosphite", "Natriumhypophosphit", "exists",
     _GP + " (phosphinates, NaH2PO2·H2O for electroless nickel plating)" + _HS),
    ("Na2HPO3", "[Na+].[Na+].[O-][PH](=O)[O-]", "sodium phosphite", "Natriumphosphit", "exists",
     _GP + " (phosphonates, Na2HPO3·5H2O)" + _HS),
    ("[CS3]2-", "[S-]C(=S)[S-]", "trithiocarbonate ion", "Trithiocarbonat-Ion", "exists", _GC + " (trithiocarbonates)"),
    ("[PS4]3-", "[S-]P(=S)([S-])[S-]", "tetrathiophosphate ion", "Tetrathiophosphat-Ion", "exists", _GP + " (thiophosphates)"),
    ("[AsS4]3-", "[S-][As](=S)([S-])[S-]", "tetrathioarsenate ion", "Tetrathioarsenat-Ion", "exists", _GAS + " (thioarsenates)"),
    ("[SbS4]3-", "[S-][Sb](=S)([S-])[S-]", "tetrathioantimonate ion", "Tetrathioantimonat-Ion", "exists",
     _GAS + " (Schlippe's salt)"),
    ("[MoS4]2-", "[S-][Mo](=S)(=S)[S-]", "tetrathiomolybdate ion", "Tetrathiomolybdat-Ion", "exists", _GMO + " (thiomolybdates)"),
    ("[WS4]2-", "[S-][W](=S)(=S)[S-]", "tetrathiotungstate ion", "Tetrathiowolframat-Ion", "exists", _GMO + " (thiotungstates)"),
    ("K2CS3", "[K+].[K+].[S-]C(=S)[S-]", "potassium trithiocarbonate", "Kaliumtrithiocarbonat", "exists", _GC + _HS),
    ("Na2CS3", "[Na+].[Na+].[S-]C(=S)[S-]", "sodium trithiocarbonate", "Natriumtrithiocarbonat", "exists", _GC + _HS),
    ("Na3PS4", "[Na+].[Na+].[Na+].[S-]P(=S)([S-])[S-]", "sodium tetrathiophosphate", "Natriumtetrathiophosphat",
     "exists", _GP + _HS),
    ("Na3AsS4", "[Na+].[Na+].[Na+].[S-][As](=S)([S-])[S-]", "sodium tetrathioarsenate", "Natriumtetrathioarsenat",
     "exists", _GAS + _HS),
    ("Na3SbS4", "[Na+].[Na+].[Na+].[S-][Sb](=S)([S-])[S-]", "sodium tetrathioantimonate (Schlippe's salt)",
     "Natriumtetrathioantimonat (Schlippesches Salz)", "exists", _GAS + " (Na3SbS4·9H2O)" + _HS),
    ("(NH4)2MoS4", "[NH4+].[NH4+].[S-][Mo](=S)(=S)[S-]", "ammonium tetrathiomolybdate", "Ammoniumtetrathiomolybdat",
     "exists", _GMO + _HS),
    ("(NH4)2WS4", "[NH4+].[NH4+].[S-][W](=S)(=S)[S-]", "ammonium tetrathiotungstate", "Ammoniumtetrathiowolframat",
     "exists", _GMO + _HS),
    ("Li3P", "[Li+].[Li+].[Li+].[P-3]", "lithium phosphide", "Lithiumphosphid", "exists", _GP + " (phosphides)" + _HS),
    ("K3P", "[K+].[K+].[K+].[P-3]", "potassium phosphide", "Kaliumphosphid", "exists", _GP + " (phosphides)" + _HS),
    ("Sr3P2", "[Sr+2].[Sr+2].[Sr+2].[P-3].[P-3]", "strontium phosphide", "Strontiumphosphid", "exists",
     _GP + " (phosphides)" + _HS),
    ("Ba3P2", "[Ba+2].[Ba+2].[Ba+2].[P-3].[P-3]", "barium phosphide", "Bariumphosphid", "exists",
     _GP + " (phosphides)" + _HS),
    ("Be3P2", "[Be+2].[Be+2].[Be+2].[P-3].[P-3]", "beryllium phosphide", "Berylliumphosphid", "exists",
     _GP + " (phosphides)" + _HS),
    ("Na3As", "[Na+].[Na+].[Na+].[As-3]", "sodium arsenide", "Natriumarsenid", "exists", _GAS + " (arsenides)" + _HS),
    ("Ca3As2", "[Ca+2].[Ca+2].[Ca+2].[As-3].[As-3]", "calcium arsenide", "Calciumarsenid", "exists",
     _GAS + " (arsenides)" + _HS),
    ("Li3Sb", "[Li+].[Li+].[Li+].[Sb-3]", "lithium antimonide", "Lithiumantimonid", "exists", _GAS + " (antimonides)" + _HS),
    ("Mg3Bi2", "[Mg+2].[Mg+2].[Mg+2].[Bi-3].[Bi-3]", "magnesium bismuthide", "Magnesiumbismutid", "exists",
     _GAS + " (bismuthides)" + _HS),
    ("RbICl2", "[Rb+].Cl[I-]Cl", "rubidium dichloridoiodate(I)", "Rubidiumdichloridoiodat(I)", "exists", _GH + _HS),
    ("CsICl4", "[Cs+].Cl[I-](Cl)(Cl)Cl", "caesium tetrachloridoiodate(III)", "Caesiumtetrachloridoiodat(III)", "exists",
     _GH + _HS),
    ("KIBr2", "[K+].Br[I-]Br", "potassium dibromidoiodate(I)", "Kaliumdibromidoiodat(I)", "exists", _GH + _HS),
    ("NH4I3", "[NH4+].I[I-]I", "ammonium triiodide", "Ammoniumtriiodid", "exists", _GH + " (polyiodides)" + _HS),
    ("N(CH3)4I3", "C[N+](C)(C)C.I[I-]I", "tetramethylammonium triiodide", "Tetramethylammoniumtriiodid", "exists",
     _GH + " (polyiodides with large cations)" + _HS),
    ("K2S6", "[K+].[K+].[S-]SSSS[S-]", "potassium hexasulfide", "Kaliumhexasulfid", "exists", _GS + " (polysulfides)" + _HS),
    ("Cs2S6", "[Cs+].[Cs+].[S-]SSSS[S-]", "caesium hexasulfide", "Caesiumhexasulfid", "exists",
     _GS + " (polysulfides)" + _HS),
    ("H2S3", "SSS", "trisulfane", "Trisulfan", "exists", _GS + " (sulfanes H2Sn)" + _HS),
    ("H2S4", "SSSS", "tetrasulfane", "Tetrasulfan", "exists", _GS + " (sulfanes H2Sn)" + _HS),
    ("H2S5", "SSSSS", "pentasulfane", "Pentasulfan", "exists", _GS + " (sulfanes H2Sn)" + _HS),
    ("Na2Te", "[Na+].[Na+].[Te-2]", "sodium telluride", "Natriumtellurid", "exists", _GSE + _HS),
    ("Li2Te", "[Li+].[Li+].[Te-2]", "lithium telluride", "Lithiumtellurid", "exists", _GSE + _HS),
    ("Li2Se", "[Li+].[Li+].[Se-2]", "lithium selenide", "Lithiumselenid", "exists", _GSE + _HS),
    ("Cs2Se", "[Cs+].[Cs+].[Se-2]", "caesium selenide", "Caesiumselenid", "exists", _GSE + _HS),
]

# session 12, coverage (3): metal-like borides, silicides, metal-rich nitrides and phosphides of the d- and f-block
# metals that review25d found missing (no oxidation numbers: make_substances.metal_like; drawn as loose atoms like
# Fe3C). Borides: the AlB2-type diborides HfB2, NbB2, MnB2, ReB2, MoB, Co3B, YB4, ThB4 (GE 6.3.1 'metal borides';
# HW Boride); silicides NiSi, CoSi, MnSi, PtSi, Pd2Si, Co2Si, Fe3Si, Mn5Si3, Mo5Si3, USi2 (GE 9.3.3 'metal
# silicides'; HW Silicide); interstitial nitrides Fe4N, Fe3N, Fe2N, Mn4N, Co3N, Ni3N and the actinide mononitrides
# NpN, AmN (GE 11.3.3 and ch. 31; HW Nitride); phosphides Co2P, MoP, WP, TaP (GE 12.3.3 'metal phosphides').
# The s-block hexaborides SrB6, BaB6 hold B6 2- octahedra like CaB6 (GE 6.3.1).
def _atoms(formula: str) -> str:
    """Loose atoms of a metal-like solid ('Co3B' -> '[Co].[Co].[Co].[B]'): no bonds, so no numbers."""
    import re as _re

    return ".".join(f"[{e}]" for e, n in _re.findall(r"([A-Z][a-z]?)(\d*)", formula) for _ in range(int(n or 1)))


_METAL_LIKE_ROWS = [  # formula, English name, German name, source
    ("HfB2", "hafnium diboride", "Hafniumdiborid", _ge("Boron")), ("NbB2", "niobium diboride", "Niobdiborid", _ge("Boron")),
    ("MnB2", "manganese diboride", "Mangandiborid", _ge("Boron")), ("ReB2", "rhenium diboride", "Rheniumdiborid", _ge("Boron")),
    ("MoB", "molybdenum boride", "Molybdänborid", _ge("Boron")), ("Co3B", "tricobalt boride", "Tricobaltborid", _ge("Boron")),
    ("YB4", "yttrium tetraboride", "Yttriumtetraborid", _ge("Boron")), ("ThB4", "thorium tetraboride", "Thoriumtetraborid", _ge("Boron")),
    ("NiSi", "nickel silicide", "Nickelsilicid", _ge("Silicon")), ("CoSi", "cobalt silicide", "Cobaltsilicid", _ge("Silicon")),
    ("MnSi", "manganese silicide", "Mangansilicid", _ge("Silicon")), ("PtSi", "platinum silicide", "Platinsilicid", _ge("Silicon")),
    ("Pd2Si", "dipalladium silicide", "Dipalladiumsilicid", _ge("Silicon")),
    ("Co2Si", "dicobalt silicide", "Dicobaltsilicid", _ge("Silicon")), ("Fe3Si", "triiron silicide", "Trieisensilicid", _ge("Silicon")),
    ("Mn5Si3", "pentamanganese trisilicide", "Pentamangantrisilicid", _ge("Silicon")),
    ("Mo5Si3", "pentamolybdenum trisilicide", "Pentamolybdäntrisilicid", _ge("Silicon")),
    ("USi2", "uranium disilicide", "Urandisilicid", _ge("Silicon")),
    ("Fe4N", "tetrairon nitride", "Tetraeisennitrid", _ge("Nitrogen")), ("Fe3N", "triiron nitride", "Trieisennitrid", _ge("Nitrogen")),
    ("Fe2N", "diiron nitride", "Dieisennitrid", _ge("Nitrogen")), ("Mn4N", "tetramanganese nitride", "Tetramangannitrid", _ge("Nitrogen")),
    ("Co3N", "tricobalt nitride", "Tricobaltnitrid", _ge("Nitrogen")), ("Ni3N", "trinickel nitride", "Trinickelnitrid", _ge("Nitrogen")),
    ("NpN", "neptunium nitride", "Neptuniumnitrid", _ge("The Actinide and Transactinide Elements")),
    ("AmN", "americium nitride", "Americiumnitrid", _ge("The Actinide and Transactinide Elements")),
    ("Co2P", "dicobalt phosphide", "Dicobaltphosphid", _ge("Phosphorus")),
    ("MoP", "molybdenum phosphide", "Molybdänphosphid", _ge("Phosphorus")),
    ("WP", "tungsten phosphide", "Wolframphosphid", _ge("Phosphorus")), ("TaP", "tantalum phosphide", "Tantalphosphid", _ge("Phosphorus")),
]
VETTED += [(f, _atoms(f), en, de, "exists", src + "; " + HOLLEMAN) for f, en, de, src in _METAL_LIKE_ROWS]
VETTED += [
    ("SrB6", "B12B3[B-]14B5[B-]23B45.[Sr+2]", "strontium hexaboride", "Strontiumhexaborid", "exists",
     _ge("Boron") + " (MB6 of Ca, Sr, Ba: B6 2- octahedra)" + _HS),
    ("BaB6", "B12B3[B-]14B5[B-]23B45.[Ba+2]", "barium hexaboride", "Bariumhexaborid", "exists",
     _ge("Boron") + " (MB6 of Ca, Sr, Ba: B6 2- octahedra)" + _HS),
]

# session 12, coverage (4): real substances the game's element cards can build (their charges balance) that
# chemicals' PubChem inorganic table ('Inorganic db.tsv': CAS and CID below) holds and our reference lacked
VETTED += [
    ("Cu2SO4", "[Cu+].[Cu+].[O-]S(=O)(=O)[O-]", "copper(I) sulfate", "Kupfer(I)-sulfat", "exists",
     _ge("Copper, Silver and Gold") + " (Cu2SO4, white, disproportionates in water)" + _HS),
    ("Cr(OH)3", "[Cr+3].[OH-].[OH-].[OH-]", "chromium(III) hydroxide", "Chrom(III)-hydroxid", "exists",
     _GMO + " (the green hydrous oxide precipitated by bases)" + _HS),
    ("K2B4O7", "[K+].[K+].[O-]B1OB2OB([O-])OB(O1)O2", "potassium tetraborate", "Kaliumtetraborat", "exists",
     _ge("Boron") + " (borates)" + _HS),
    ("CaSO3", "[Ca+2].[O-]S(=O)[O-]", "calcium sulfite", "Calciumsulfit", "exists", _GS + " (sulfites; flue-gas desulfurisation)" + _HS),
    ("Zn2SiO4", "[Zn+2].[Zn+2].[O-][Si]([O-])([O-])[O-]", "zinc orthosilicate", "Zinkorthosilicat", "exists",
     "Willemite: " + _ge("Silicon") + _HS),
    ("Li3AlF6", "[Li+].[Li+].[Li+].F[Al-3](F)(F)(F)(F)F", "lithium hexafluoridoaluminate", "Lithiumhexafluoridoaluminat",
     "exists", _ge("Aluminium, Gallium, Indium and Thallium") + " (fluoroaluminates, as cryolite Na3AlF6)" + _HS),
]
VETTED_IDS.update({"Cu2SO4": ("17599-81-4", 134737), "K2B4O7": ("1332-77-0", 9816075), "CaSO3": ("10257-55-3", 10154041),
                   "Zn2SiO4": ("14374-77-7", 15763952), "Li3AlF6": ("13821-20-0", 16702985),
                   "Cr(OH)3": ("1308-14-1", 166720)})

# session 13 (review25f L8): the cage molecules of the cubic trioxides. Cubic Sb2O3 (senarmontite) and As2O3
# (arsenolite, the CRC's 'Arsenic(III) oxide (arsenolite)') are molecular crystals of adamantane-like M4O6 cages,
# and the vapour of both is M4O6 molecules, as P4O6 (above) is the molecule of 'P2O3' (GE 'Arsenic, Antimony and
# Bismuth', oxides M4O6; HW, Arsen(III)-oxid, Antimon(III)-oxid). The formula of the empirical oxide stays a
# record of its own, as P2O3 beside P4O6 and P2O5 beside P4O10.
_CAGE = "P12OP3OP(O1)OP(O2)O3"
VETTED += [
    ("As4O6", _CAGE.replace("P", "[As]"), "tetraarsenic hexaoxide", "Tetraarsenhexaoxid", "exists",
     _GAS + " (arsenolite: As4O6 cages; the vapour As4O6 molecules)" + _HS + ", Arsenolith"),
    ("Sb4O6", _CAGE.replace("P", "[Sb]"), "tetraantimony hexaoxide", "Tetraantimonhexaoxid", "exists",
     _GAS + " (senarmontite: Sb4O6 cages; the vapour Sb4O6 molecules)" + _HS + ", Senarmontit"),
]
# 'Antimony(V) sulfide' (CRC 1315-04-4 'Sb2S5', golden antimony sulfide): an amorphous polymeric solid of variable
# composition; Mossbauer spectra show Sb(III) only, with S-S bonds, so 'Sb +5' of its formula is disputed (HW,
# Antimonsulfide; GE 'Arsenic, Antimony and Bismuth', sulfides). Stibnite Sb2S3 is ribbons (Sb4S6)n joined into a
# layer-like solid, no molecules (GE, sulfides). No molecule, and for Sb2S5 no oxidation numbers: formula -> source
NETWORKS |= {"Sb2S3", "Sb2S5"}
DISPUTED_OX = {
    "Sb2S5": _GAS + " (antimony 'pentasulfide': amorphous, polymeric)" + _HS + ", Antimonsulfide (Mössbauer: Sb(III) "
             "with S-S bonds, no Sb(V))",
}

# session 13 (review25f, hydrates): salts a school and a supplier have only as a hydrate (the CRC table in chemicals
# lists the hydrate, not the anhydrous salt). The label stays "exists" (a bottle of the salt holds its ions, with water
# in the crystal); substance().note says the hydrate's formula. Flags: "d" heating the hydrate does not give the
# anhydrous salt (it hydrolyses to a basic salt or the oxide); "k" the anhydrous salt is known all the same, made
# without water (Cu(NO3)2 from copper and N2O4, volatile: GE 'Copper, Silver and Gold'; Addison & Logan, Adv. Inorg.
# Chem. Radiochem. 6 (1964) 71, anhydrous metal nitrates). Formula -> (hydrate, flags, source)
_GN = _ge("Nitrogen") + " (nitrates: metal nitrate hydrates hydrolyse when heated)"
HYDRATES: dict[str, tuple[str, str, str]] = {
    "Al(NO3)3": ("Al(NO3)3·9H2O", "d", "CRC Handbook, aluminum nitrate nonahydrate (CAS 7784-27-2); " + _GN + _HS),
    "Ni(NO3)2": ("Ni(NO3)2·6H2O", "d", "CRC Handbook, nickel(II) nitrate hexahydrate (CAS 13478-00-7); " + _GN + _HS),
    "Cu(NO3)2": ("Cu(NO3)2·3H2O", "dk", "CRC Handbook, copper(II) nitrate trihydrate (CAS 10031-43-3); "
                 + _ge("Copper, Silver and Gold") + " (anhydrous Cu(NO3)2 from Cu and N2O4, sublimes)" + _HS),
    "Co(NO3)2": ("Co(NO3)2·6H2O", "", "CRC Handbook, cobalt(II) nitrate hexahydrate (CAS 10026-22-9)" + _HS),
    "Zn(NO3)2": ("Zn(NO3)2·6H2O", "", "CRC Handbook, zinc nitrate hexahydrate (CAS 10196-18-6)" + _HS),
    "Bi(NO3)3": ("Bi(NO3)3·5H2O", "d", "CRC Handbook, bismuth nitrate pentahydrate (CAS 10035-06-0); " + _GAS
                 + " (bismuth nitrate hydrolyses to the basic nitrate, 'bismuth subnitrate')" + _HS),
}
VETTED += [
    ("Al(NO3)3", "[Al+3]." + ".".join(["[O-][N+](=O)[O-]"] * 3), "aluminium nitrate", "Aluminiumnitrat", "exists",
     HYDRATES["Al(NO3)3"][2]),
    ("Ni(NO3)2", "[Ni+2]." + ".".join(["[O-][N+](=O)[O-]"] * 2), "nickel(II) nitrate", "Nickel(II)-nitrat", "exists",
     HYDRATES["Ni(NO3)2"][2]),
]
# the anhydrous salt's PubChem record in the identifier tables of chemicals (nickel nitrate, CID 25736)
VETTED_IDS.update({"Ni(NO3)2": ("13138-45-9", 25736)})
# 'platinum(II) sulfate' (PubChem CID 62023, CAS 23065-80-7, drawn Pt2+ SO4 2-): no binary Pt(II) sulfate is known;
# the first binary sulfate of platinum is the Pt(III) compound Pt2(HSO4)2(SO4)2 with Pt2 6+ dumbbells (Pley and
# Wickleder, Angew. Chem. Int. Ed. 43 (2004) 4168; Eur. J. Inorg. Chem. 2005, 529)
REJECT["O4PtS"] = ("no platinum(II) sulfate PtSO4 is known: platinum's binary sulfate is Pt2(HSO4)2(SO4)2 with Pt(III) "
                   "(Pley, Wickleder, Angew. Chem. Int. Ed. 43 (2004) 4168; Eur. J. Inorg. Chem. 2005, 529)")

# session 13 (review25f, isomer names): the school substance of a composition that several records share.
# (1) The proteinogenic amino acids beyond the data file's limits (6 C, 24 atoms), which the JCBN list above names
# too: L-phenylalanine C9H11NO2 and L-tyrosine C9H11NO3 (the school's aromatic amino acids), L-tryptophan, L-arginine
# (JCBN 1983, 3AA-1; CRC organic table by CAS). (2) The unbranched alkanoic acids of the homologous series a school
# book teaches (methanoic to hexanoic acid; Blue Book 2013 P-65.1.1: the systematic names of the unbranched acids),
# where the lowest CID named a branched isomer (C5H10O2 2,2-dimethylpropanoic, C6H12O2 2-ethylbutanoic acid).
# The rule: a retained (Blue Book) or JCBN name first, then the unbranched chain of the homologous series, then the
# lowest PubChem CID (make_substances.build sorts the records so).
RETAINED_ORGANICS.update({"63-91-2": "L-Phenylalanine", "60-18-4": "L-Tyrosine", "73-22-3": "L-Tryptophan",
                          "74-79-3": "L-Arginine"})
UNBRANCHED_ACIDS = {"109-52-4": "Pentanoic acid", "142-62-1": "Hexanoic acid"}
SCHOOL_ORGANICS.update(RETAINED_ORGANICS)
SCHOOL_ORGANICS.update(UNBRANCHED_ACIDS)
# session 14 (review25g G6): the unbranched alpha,omega-diamine and -diol a school reader means by C2H8N2 and C4H10O2,
# where the lowest CID named 1,2-dimethylhydrazine and tert-butyl hydroperoxide. Ethane-1,2-diamine is the chelating
# ligand 'en' of complex chemistry (IUPAC Red Book 2005, Table VII, ligand abbreviations; Holleman-Wiberg,
# Chelatkomplexe); butane-1,4-diol the unbranched diol of the homologous series beside ethane-1,2-diol (glycol), like
# the data's 1,3-propanediamine and 1,4-butanediamine (Blue Book 2013 P-63.1, hydroxy compounds). By their CRC organic table CAS.
UNBRANCHED_ISOMERS = {"107-15-3": "1,2-Ethanediamine", "110-63-4": "1,4-Butanediol"}
SCHOOL_ORGANICS.update(UNBRANCHED_ISOMERS)
# the salts of these hydrates that the sweep of the deck's real substances (tools/composable_real.py) adds from
# PubChem's records of the anhydrous salt; what a school has is the hydrate of the CRC row (Fe(NO3)2·6H2O: PubChem
# CID 26080, CAS 13520-68-8, in the identifier tables of chemicals; HW Eisen(II)-nitrat, green, decomposing)
HYDRATES.update({
    "Fe(NO3)3": ("Fe(NO3)3·9H2O", "d", "CRC Handbook, iron(III) nitrate nonahydrate (CAS 7782-61-8); " + _GN + _HS),
    "Cr(NO3)3": ("Cr(NO3)3·9H2O", "d", "CRC Handbook, chromium(III) nitrate nonahydrate (CAS 7789-02-8); " + _GN + _HS),
    "Fe(NO3)2": ("Fe(NO3)2·6H2O", "d", "PubChem CID 26080 (CAS 13520-68-8, iron(II) nitrate hexahydrate); " + _GN + _HS),
    "Cu(ClO4)2": ("Cu(ClO4)2·6H2O", "", "CRC Handbook, copper(II) perchlorate hexahydrate (CAS 10294-46-9)" + _HS),
    "Pb(ClO4)2": ("Pb(ClO4)2·3H2O", "", "CRC Handbook, lead(II) perchlorate trihydrate (CAS 13637-76-8)" + _HS),
})
# uranium(IV) nitrate is known in nitric acid solution, kept from oxidation by hydrazine (the PUREX reductant); no solid
# is described (AERE-R-3938, Harwell 1962, 'The preparation, stabilisation and analysis of uranium(IV) nitrate
# solutions'; GE 'The Actinide and Transactinide Elements', U(IV) in solution is oxidised by air and nitrate)
# session 14 (review25g): what U(NO3)4's note says: the solution is nitric acid with hydrazine, and no solid, hydrate or
# not, is described (the generic sentence said "in water (a salt also as a hydrate)"). Formula -> the note's medium
SOLUTION_MEDIA = {"U(NO3)4": "nitric_acid"}
SOLUTION_ONLY["U(NO3)4"] = (_ge("The Actinide and Transactinide Elements") + " (uranium(IV) nitrate: only in nitric acid "
                            "solution, stabilised with hydrazine; AERE-R-3938, Harwell 1962)")

# session 14 (review25g, manganite): the CRC's 'Manganese(III) hydroxide' (CAS 1332-63-4, density 4.3 g/cm3) is the
# mineral manganite MnO(OH) (4.3 g/cm3), read from its name as Mn(OH)3, which no handbook knows: Mn(III) gives the
# oxide hydroxide MnO(OH) and Mn2O3 (GE 'Manganese, Technetium and Rhenium', Mn(III); HW Mangan(III)-oxidhydroxid,
# Manganit). Two sources for MnO(OH): the CRC row (by its CAS) and the IMA list of minerals (manganite, MnO(OH)).
REJECT["H3MnO3"] = ("no manganese(III) hydroxide Mn(OH)3 is known: the CRC's 'Manganese(III) hydroxide' (CAS 1332-63-4, "
                    "density 4.3) is manganite MnO(OH) (" + GREENWOOD + ", chapter 'Manganese, Technetium and Rhenium'; "
                    + HOLLEMAN + ", Manganit)")
VETTED += [
    ("MnO(OH)", "[Mn+3].[O-2].[OH-]", "manganese(III) hydroxide oxide", "Mangan(III)-hydroxid-oxid", "exists",
     "manganite, IMA list of minerals (MnO(OH)); CRC Handbook, 'Manganese(III) hydroxide' (CAS 1332-63-4, density 4.3: "
     "manganite); " + _ge("Manganese, Technetium and Rhenium") + " (Mn(III): MnO(OH)); " + HOLLEMAN + ", Manganit"),
]
VETTED_IDS.update({"MnO(OH)": ("1332-63-4", 0)})

# s14g (s14f finding 3): a real substance whose name means another one in trade and school. What is sold and taught as
# 'Kupfercarbonat' / 'copper carbonate' is basic copper carbonate Cu2(OH)2CO3 (malachite; de.wikipedia 'Basisches
# Kupfercarbonat' even says neutral CuCO3 'konnte noch nicht dargestellt werden'); neutral CuCO3 was made from the basic
# carbonate under CO2 at 500 °C and 2 GPa (Seidel, Ehrhardt, Viswanathan, Johannes, 'Darstellung, Struktur und
# Eigenschaften von Kupfer(II)-Carbonat', Z. anorg. allg. Chem. 410 (1974) 138; en.wikipedia 'Copper(II) carbonate').
# Formula -> (the substance the trade name means, source); the note's text is the catalogs' chem.trade_name.<formula>
TRADE_NAME_OTHER: dict[str, tuple[str, str]] = {
    "CuCO3": ("Cu2(OH)2CO3", "Seidel, Ehrhardt, Viswanathan, Johannes, Z. anorg. allg. Chem. 410 (1974) 138 (CuCO3 from "
              "the basic carbonate under CO2, 500 °C, 2 GPa); the copper carbonate of trade is basic: malachite "
              "Cu2(OH)2CO3 (" + GREENWOOD + ", ch. 28)"),
}

# session 15 (s15e): metal halides and oxides whose solid is neither a lattice of ions nor a crystal of separate molecules
# but a polymer: chains, or a framework in all three directions, of polyhedra around the metal atoms that share halogen or
# oxygen atoms with their neighbours (the school rule calls them salts; "molecular_exception" said "a substance of
# molecules", true at most of the gas). One row of structure facts per substance, each with the source read for it
# (tests/test_substance_solid_structures.py quotes each source's fact):
#   gas:      the formula of the molecules the gas is made of (VF5; AlCl3: Al2Cl6), "" where the source says nothing
#   extent:   "chains" | "layers" | "network" (a framework in three dimensions) | "polymer" (chains in one crystal form, a
#             framework in another: the sentence says so)
#   unit:     the polyhedron around one metal atom, as a formula ("VF6"), "" where the forms differ
#   shape:    "octahedra" | "pentagonal_bipyramids" | "linear" (HgO: linear O-Hg-O units, unit written "O-Hg-O") | ""
#   links:    how neighbouring metal atoms are joined: ((bridging element, atoms shared: 1 a corner, 2 an edge, 0 not one
#             number), ...); two pairs: joined either way (NbOCl3: through two Cl atoms or through one O atom)
#   conducts: the solid conducts electricity like a metal (ReO3)
#   ions:     the source describes the solid as a lattice of the metal's ions (AlCl3's YCl3 type, "Al3+ centers"): the school
#             rule's salt holds for the solid, and the sentence claims no shared electron pairs
# data class "x" (bonding molecular_exception) for chains, layers and polymers, "n" (network) for a framework; the reason is
# "solid_structure" with these facts (substances.py; the card game's sentence, chemiekarten/truth.solid_structure_text)
_WELLS = "Wells, Structural Inorganic Chemistry, 5th ed. (1984)"
SOLID_STRUCTURES: dict[str, tuple[dict, str]] = {
    "VF5": (dict(gas="VF5", extent="chains", unit="VF6", shape="octahedra", links=(("F", 1),), conducts=False, ions=False),
            "en.wikipedia 'Vanadium(V) fluoride' (citing Brownstein & Latremouille, Can. J. Chem. 52 (1974) 2236 for "
            "the monomer in the gas, and " + GREENWOOD + ", p. 989): 'The compound is exclusively a monomer in the gas phase. In the gas phase it adopts "
            "D3h symmetric trigonal bipyramidal geometry as indicated by electron diffraction. As a solid, VF5 forms a "
            "polymeric structure with fluoride-bridged octahedral vanadium centers.'"),
    "CrF5": (dict(gas="CrF5", extent="chains", unit="CrF6", shape="octahedra", links=(("F", 1),), conducts=False, ions=False),
             "it.wikipedia 'Pentafluoruro di cromo': 'sono presenti catene di ottaedri CrF6 legati attraverso atomi di "
             "fluoro in posizione cis ... La struttura è analoga a quella di VF5. Allo stato gassoso sono presenti molecole "
             "CrF5 con struttura dipiramide trigonale distorta'; en.wikipedia 'Chromium pentafluoride' ('a one-dimensional "
             "coordination polymer. Each Cr(V) center has octahedral molecular geometry ... the same crystal structure as "
             "vanadium pentafluoride'); CrF5 molecules matrix-isolated from the vapour: 'New evidence in an old "
             "case: the question of chromium hexafluoride reinvestigated', Inorg. Chem. (2014), doi:10.1021/ic500651r"),
    "BiF5": (dict(gas="", extent="chains", unit="BiF6", shape="octahedra", links=(("F", 1),), conducts=False, ions=False),
             "Kraus et al., 'Rerefinement of the crystal structure of BiF5', Acta Cryst. E80 (2024) (journals.iucr.org/e, "
             "wm5722): 'BiF5 crystallizes in the alpha-UF5 structure type ... The [BiF6] octahedra are corner-linked to form "
             "infinite straight chains'; Hebecker, Z. anorg. allg. Chem. 384 (1971) 111; en.wikipedia 'Bismuth "
             "pentafluoride': 'BiF5 is polymeric and consists of linear chains of trans-bridged corner sharing BiF6 "
             "octahedra. This is the same structure as alpha-UF5'"),
    "UF5": (dict(gas="", extent="polymer", unit="", shape="", links=(("F", 0),), conducts=False, ions=False),
            "en.wikipedia 'Uranium pentafluoride': 'It crystallizes in two polymorphs, called alpha- and beta-UF5 ... The "
            "alpha form is a linear coordination polymer consisting of chains of octahedral uranium centers in which one of "
            "the five fluoride anion forms a bridge to the next uranium atom ... In beta form, the uranium centers adopt a "
            "square antiprismatic structure' (citing Eller, Larson, Peterson, Ensor, Young, Inorg. Chim. Acta 37 (1979) "
            "129; Howard, Taylor, Waugh, J. Solid State Chem. (1982)); de.wikipedia 'Uran(V)-fluorid'"),
    "PaCl5": (dict(gas="", extent="chains", unit="PaCl7", shape="pentagonal_bipyramids", links=(("Cl", 2),),
                   conducts=False, ions=False),
              "de.wikipedia 'Protactinium(V)-chlorid': 'Es besitzt eine Kettenstruktur bestehend aus 7-fach koordinierten "
              "nichtregulären pentagonalen Bipyramiden, die jeweils die Kanten der Fünfecke teilen' (monoclinic C2/c, "
              "lattice constants a = 797, b = 1135, c = 836 pm); en.wikipedia 'Protactinium compounds' (PaCl5: yellow, "
              "monoclinic C2/c, mS24)"),
    "OsCl4": (dict(gas="", extent="chains", unit="OsCl6", shape="octahedra", links=(("Cl", 2),), conducts=False, ions=False),
              "en.wikipedia 'Osmium(IV) chloride' (citing " + _WELLS + "; Cotton, Chemistry of Precious Metals (1997)): "
              "'This reddish-black polymorph [from Os and Cl2] is orthorhombic and adopts a structure in which osmium "
              "centres are octahedrally coordinated, sharing opposite edges of the OsCl6 octahedra to form a chain'"),
    "NbOCl3": (dict(gas="NbOCl3", extent="chains", unit="NbO2Cl4", shape="octahedra", links=(("Cl", 2), ("O", 1)),
                    conducts=False, ions=False),
               "Beck & Bordinhão, 'Polar [NbOCl3]2n and [NbOX4-]n chains in the structures of NbOCl3 ...', Z. anorg. "
               "allg. Chem. 631 (2005) 1261; en.wikipedia 'Niobium oxychloride': 'In the solid state the coordination "
               "sphere for niobium is a distorted octahedron ... planar Nb2Cl6 core connected by O-Nb-O bridges ... a "
               "polymer, consisting of a double stranded chain. In the gas phase above 320 °C the Raman spectrum is "
               "consistent with a pyramidal monomer'"),
    "AlCl3": (dict(gas="Al2Cl6", extent="layers", unit="AlCl6", shape="octahedra", links=(("Cl", 2),), conducts=False,
                   ions=True),
              "en.wikipedia 'Aluminium chloride' (as quoted on topicsexpress.com and diplomsommelier.com): 'AlCl3 adopts the YCl3 structure' (a layer lattice, Al in octahedral holes of "
              "cubic close-packed Cl); 'In the melt, aluminium trichloride exists as the dimer Al2Cl6, with tetracoordinate "
              "aluminium ... Al2Cl6 dimers are also found in the vapour phase. At higher temperatures, the Al2Cl6 dimers "
              "dissociate into trigonal planar AlCl3'; AlBr3 and AlI3 stay Al2X6 molecules in the solid (MOLECULAR_EXCEPTIONS)"),
    "WO3": (dict(gas="", extent="network", unit="WO6", shape="octahedra", links=(("O", 1),), conducts=False, ions=False),
            "en.wikipedia 'Tungsten trioxide': 'The most common ambient phase is monoclinic with space group P21/n, featuring "
            "distorted WO6 octahedra linked at their corners ... The pure compound is an electric insulator'; 'The "
            "Structure of Tetragonal Tungsten Trioxide' (abstract, scilit.com): 'This form has a distorted ReO3 structure'"),
    # linear O-Hg-O units, no polyhedron: shape "linear", unit the unit as written (O-Hg-O)
    "HgO": (dict(gas="", extent="chains", unit="O-Hg-O", shape="linear", links=(("O", 1),), conducts=False, ions=False),
            "en.wikipedia 'Mercury(II) oxide' (citing " + GREENWOOD + "): 'both forms have the same structure consisting of "
            "near linear O-Hg-O units linked in zigzag chains with an Hg-O-Hg angle of 108°' and 'Under atmospheric "
            "pressure mercuric oxide has two crystalline forms: one is called montroydite (orthorhombic ... Pnma), and the "
            "second is analogous to the sulfide mineral cinnabar ...; both are characterized by Hg-O chains'"),
    "PtCl4": (dict(gas="", extent="chains", unit="PtCl6", shape="octahedra", links=(("Cl", 2),), conducts=False, ions=False),
              "en.wikipedia 'Platinum(IV) chloride': 'Typical of Pt(IV), the metal centers adopt an octahedral coordination "
              "geometry, {PtCl6}. This geometry is achieved by forming a polymer wherein half of the chloride ligands bridge "
              "between the platinum centers' (figure: 'Part of a (PtCl4)n chain from the crystal structure'): each Pt "
              "shares two Cl with each neighbour along the chain"),
    "ReO3": (dict(gas="", extent="network", unit="ReO6", shape="octahedra", links=(("O", 1),), conducts=True, ions=False),
             GREENWOOD + ", p. 1047 (via en.wikipedia 'Rhenium trioxide'): 'Each rhenium center is surrounded by an "
             "octahedron defined by six oxygen centers. These octahedra share corners to form the 3-dimensional structure "
             "... ReO3 is unusual for an oxide because it exhibits very low resistivity. It behaves like a metal in that its "
             "resistivity decreases as its temperature decreases'; a red solid with a metallic lustre"),
}

# s19g (review s19d M-a): uranium trioxide is no salt of U6+ ions. Each of its crystal forms is a framework of U-O
# polyhedra of more than one shape that share O atoms (gamma-UO3, the common form: chains of edge-sharing UO6 octahedra
# cross-linked by U(1) polyhedra; alpha-UO3: layers of UO8 polyhedra joined along c), so the row names no single
# polyhedron (shape "polyhedra", the unit written "U-O") and no one number of shared O atoms (links 0). The same rule as
# WO3 and ReO3 (frameworks of octahedra); of the other oxides of metals at +5 to +8 the deck builds, CrO3 is a row
# (chains), Mn2O7 and Tc2O7 are molecules (MOLECULAR_EXCEPTIONS); MoO3, V2O5, Re2O7, OsO4 have no cards (Mo, V, Re, Os).
SOLID_STRUCTURES["UO3"] = (
    dict(gas="", extent="network", unit="U-O", shape="polyhedra", links=(("O", 0),), conducts=False, ions=False),
    "'Neutron powder profile studies of the gamma uranium trioxide phases' (abstract, discovery.researcher.life; the page "
    "shows no authors or journal: J. Solid State Chem. 1980, Loopstra, Taylor, Waugh as the literature cites it, not "
    "confirmed in a page read): 'the coordination polyhedra of the two crystallographically "
    "distinct uranium atoms are octahedral and (dodecahedral-2) respectively ... there are no pure uranyl bonds ... The "
    "structure is made up of parallel chains of edge-fused U(2) octahedra, cross-linked by U(1) dodecahedra'; Wheeler, "
    "Dell, Wait, 'Uranium trioxide and the UO3 hydrates', J. Inorg. Nucl. Chem. 26 (1964), no. 11, doi:10.1016/0022-1902(64)80007-5 (abstract: 'five "
    "crystalline polymorphs of UO3 (alpha, beta, gamma, delta, zeta)'); a thesis review of the solid-state chemistry of "
    "uranium (1library.net, 'Anhydrous uranium oxides', citing the ICSD structures): 'The alpha-UO3 structure comprises "
    "infinite layers of buckled-UO8 polyhedra ... that are linked through the c-axis'; en.wikipedia 'Uranium trioxide' "
    "(chembox: 'gamma-UO3: [UO2]2+[UO4]2-', no U6+ ion)")
# s19g (review s19d M-c): what trade and schools sell as 'ammonium carbonate' is the double salt ammonium
# bicarbonate-carbamate NH4HCO3.NH4CO2NH2; the pure carbonate gives off NH3 at room temperature and turns into NH4HCO3
TRADE_NAME_OTHER["(NH4)2CO3"] = (
    "NH4HCO3",
    "'Phase Composition of Commercial \"Ammonium Carbonate\"', Science 140 (14 June 1963) 1205-1207, "
    "doi:10.1126/science.140.3572.1205 (its authors are on no page read: the journal's abstract page shows none; searched "
    "again by s25b on 2026-11-29) (abstract: 'A unique crystalline phase was the sole constituent in newly opened containers of commercial "
    "reagent-grade \"ammonium carbonate.\" ... a double salt, ammonium bicarbonate-carbamate (NH4HCO3.NH4CO2NH2), which is "
    "unstable in air at ambient temperature and decomposes rapidly to ammonium bicarbonate'); McGraw-Hill Dictionary of "
    "Scientific and Technical Terms, 'ammonium carbonate' (chemistry-dictionary.yallascience.com copy: '2. NH4HCO3 "
    "NH2COONH4 A white, crystalline double salt of ammonium bicarbonate and ammonium carbamate obtained commercially'); "
    "en.wikipedia 'Ammonium carbonate' ('slowly decomposes at standard temperature and pressure ... [NH4]2CO3 -> "
    "[NH4]HCO3 + NH3'); The Merck Index, 'Ammonium Carbonate' (data.cas-msds.com copy: 'A mixture of ammonium "
    "bicarbonate and ammonium carbamate ... Decomposes on exposure to air with loss of NH3 and CO2 ... converting into "
    "ammonium bicarbonate', with the review by Allen, 'Ammonium Carbonate', in Mellor's Comprehensive Treatise, Vol. "
    "VIII, Supplement 1, Nitrogen (Part 1) 459-468 (1964))")

# session 15 (s15e): what the note of a substance known only dissolved says, where the generic sentence ("kept only
# dissolved in water (a salt also as a hydrate); it cannot be isolated and stored pure") is not the truth for it:
#   H2CO3: in water mostly dissolved CO2 (CO2 + H2O = H2CO3, K = 1.7e-3 at 25 °C: PMC6598161, Table 1 'Homogeneous
#     Reactions'); pure H2CO3 is known: crystalline carbonic acid sublimes without decomposition at low temperature (Hage,
#     Liedl, Hallbrucker, Mayer, 'Carbonic acid in the gas phase and its astrophysical relevance', Science 279 (1998)
#     1332) and the free molecule was made in the gas phase by the thermolysis of NH4HCO3 (Terlouw, Lebrilla, Schwarz,
#     Angew. Chem. Int. Ed. Engl. 26 (1987) 354: '"Carbonic acid cannot exist in the free state." ... this statement is
#     wrong'); with water it decomposes to CO2 and H2O
#   HClO: known only in aqueous solution; evaporating a 25 % solution in vacuum gives off Cl2O (Merck Index, 'Hypochlorous
#     Acid', CAS 7790-92-3: 'Known in aq soln only ... When a 25% soln is evapd in a vacuum, chlorine monoxide, Cl2O,
#     is given off'); GREENWOOD, chapter 'The Halogens' (HOCl only in solution)
#   Ca(HCO3)2, Mg(HCO3)2: no solid of them is known, not even a hydrate; they are the temporary hardness of water, and
#     heating drives off CO2 and precipitates the carbonate (scale): Oxford Dictionary of Chemistry, 'calcium
#     hydrogencarbonate' ('stable only in solution ... the cause of temporary hardness ... decomposes to give solid
#     calcium carbonate ... scale in kettles and boilers'); en.wikipedia 'Calcium bicarbonate' ('does not refer to a
#     known solid compound; it exists only in aqueous solution'); Oxford Dictionary of Chemistry, 'magnesium
#     hydrogencarbonate' ('stable only in solution ... On heating, this process is reversed ... responsible for temporary
#     hardness in water'); en.wikipedia 'Magnesium bicarbonate' ('exists only in aqueous solution ... Drying the resulting
#     solution causes the magnesium bicarbonate to decompose, yielding magnesium carbonate, carbon dioxide, and water',
#     citing Ullmann's, 'Magnesium Compounds')
SOLUTION_ONLY.update({
    "H2CO3": (_ge("Carbon") + " (carbonic acid); in water mostly dissolved CO2: CO2 + H2O = H2CO3, K = 1.7 × 10–3 (PMC6598161, "
              "Table 1 'Homogeneous Reactions'); pure H2CO3: Hage, Liedl, Hallbrucker, Mayer, Science 279 (1998) 1332 "
              "('crystalline carbonic acid sublimates without decomposition'); Terlouw, Lebrilla, Schwarz, Angew. Chem. Int. "
              "Ed. Engl. 26 (1987) 354 (free H2CO3 in the gas phase from NH4HCO3: '\"Carbonic acid cannot exist in the free "
              "state.\" ... this statement is wrong')"),
    "HClO": (_ge(_HALOGENS) + " (hypochlorous acid: only in aqueous solution); Merck Index, 'Hypochlorous Acid', CAS "
             "7790-92-3 ('Known in aq soln only ... When a 25% soln is evapd in a vacuum, chlorine monoxide, Cl2O, is "
             "given off')"),
})
SOLUTION_MEDIA.update({"H2CO3": "carbonic_acid", "HClO": "hypochlorous_acid", "Ca(HCO3)2": "hardness",
                       "Mg(HCO3)2": "hardness"})
# s15h (review s15f, Medium 1): a composition the data knows (a CRC row, a handbook row) that the sources doubt or describe
# otherwise: a hydroxide that has not been isolated, or a precipitate of no fixed composition. The label stays (the
# CRC and the record name the substance; the truth set accepts 'exists' or 'unknown' for these), but substance().note
# (key "ill_defined", catalogs chem.ill_defined.<formula>) says what is disputed and what is known, and the card game
# says "umstritten" / "disputed" instead of a flat "ein bekannter Stoff". Sources read on 2026-11-28 (search tool).
# Formula -> source of the note
ILL_DEFINED: dict[str, str] = {
    "Pb(OH)2": ("Todd & Parry, 'Character of Lead Hydroxide and Basic Lead Carbonate', Nature 202 (1964) 386 ('It is, "
                "in fact, doubtful if the simple hydroxide Pb(OH)2 is stable in the solid state'); en.wikipedia 'Lead(II) "
                "hydroxide' ('The material has not been isolated ... Addition of hydroxide to a solution of a lead(II) "
                "salt, a hydrated lead oxide PbO·xH2O (with x < 1) is obtained. Careful hydrolysis of lead(II) acetate "
                "solution yields a crystalline product with a formula 6PbO·2H2O or Pb6O4(OH)4', after Holleman-Wiberg, "
                "Inorganic Chemistry (2001))"),
    "Bi(OH)3": ("en.wikipedia 'Bismuth hydroxide' ('Bi(OH)3 is not a fully characterised chemical compound. It is produced "
                "as white flakes when alkali is added to a solution of a bismuth salt and is usually described as bismuth "
                "oxide hydrate', after " + HOLLEMAN + ", p. 771)"),
    "Au(OH)3": ("Kawamoto et al., 'Structure of a Gold(III) Hydroxide and Determination of Its Solubility', Bull. Chem. "
                "Soc. Jpn. 89 (2016) 1385 (abstract: 'whether the precipitate is gold(III) hydroxide (Au(OH)3) or hydrous "
                "gold(III) oxide (Au2O3·nH2O) has remained uncertain ... The precipitate was X-ray amorphous ... the "
                "precipitate composition was estimated to be Au(OH)3'); ru.wikipedia 'Дигидрат оксида золота(III)' "
                "(Au2O3·2H2O, 'previously incorrectly called gold(III) hydroxide')"),
    "Cr(OH)3": ("en.wikipedia 'Chromium(III) hydroxide' ('a polymer with an undefined structure ... Three chromium(III) "
                "oxide hydroxide (CrO(OH)) minerals are known: bracewellite, grimaldiite and guyanaite'); ECHA registration "
                "dossier 10397, chromium(III) hydroxide ('only occurs as hydrates ... The trihydrate Cr(OH)3·3H2O ... "
                "X-ray diffraction patterns ... show that the unheated and heated solids are amorphous'); "
                + _ge("Chromium, Molybdenum and Tungsten") + " (the green hydrous oxide precipitate)"),
}
# s15g (review s15f, High): members of the families of real solids the deck builds that no shipped table holds (oxide
# halides MOX, hydride halides MHX, hydroxide chlorides, AMO2, MBO3, Po and actinide binaries) and the molecules NSF,
# ClONO2; each row with the source read for it (tools/vetted_families.py, kept apart so that other branches' rows merge)
FAMILY_MOLECULAR, FAMILY_NETWORKS, FAMILY_ROWS = _review_tables(
    "vetted_families", "FAMILY_MOLECULAR", "FAMILY_NETWORKS", "FAMILY_ROWS")
VETTED += FAMILY_ROWS
MOLECULAR_EXCEPTIONS |= FAMILY_MOLECULAR
NETWORKS |= FAMILY_NETWORKS
# s16c: hexachlorocyclotriphosphazene (NPCl2)3, iron mononitride FeN, LiCrO2, KCrO2 (vetted_families.S16_ROWS)
(S16_ROWS,) = _review_tables("vetted_families", "S16_ROWS")
VETTED += S16_ROWS

# Transient species detected in space (the interstellar medium or a star's circumstellar envelope), each with its
# detection paper; "List of interstellar and circumstellar molecules" (en.wikipedia) lists every one of them. Only
# these get "nachgewiesen z. B. im Weltall" / "detected e.g. in space" beside "kurzlebig"; the other transients
# (PoH2, PbH4: made in traces and decomposing; the gas-phase rows of JANAF) get the general sentence, no example.
_ISM = "en.wikipedia 'List of interstellar and circumstellar molecules'; "
SEEN_IN_SPACE: dict[str, str] = {
    "CH": _ISM + "Swings & Rosenfeld, ApJ 86 (1937) 483 (the first interstellar molecule, 4300 Å line)",
    "CN": _ISM + "McKellar, PASP 52 (1940) 187",
    "HO": _ISM + "Weinreb, Barrett, Meeks & Henry, Nature 200 (1963) 829 (OH at 18 cm, the first radio detection)",
    "CS": _ISM + "Penzias, Solomon, Wilson & Jefferts, ApJ 168 (1971) L53",
    "SiO": _ISM + "Wilson, Penzias, Jefferts, Kutner & Thaddeus, ApJ 167 (1971) L97",
    "SO": _ISM + "Gottlieb & Ball, ApJ 184 (1973) L59",
    "C2H": _ISM + "Tucker, Kutner & Thaddeus, ApJ 193 (1974) L115",
    "HCO": _ISM + "Snyder, Hollis & Ulich, ApJ 208 (1976) L91",
    "C2": _ISM + "Souza & Lutz, ApJ 216 (1977) L49",
    "PN": _ISM + "Turner & Bally, ApJ 321 (1987) L75; Ziurys, ApJ 321 (1987) L81",
    "AlCl": _ISM + "Cernicharo & Guélin, A&A 183 (1987) L10 (IRC+10216)",
    "AlF": _ISM + "Cernicharo & Guélin, A&A 183 (1987) L10 (IRC+10216)",
    "NH": _ISM + "Meyer & Roth, ApJ 376 (1991) L49",
}

# s16d: one table for every solid that is a polymer. The older chain sentences (BeCl2, BeBr2, ZrCl4, HfCl4, TcCl4: the
# reason "chain_solid" of make_substances.chain_solid_halide / beryllium_halide; CrO3: OXIDE_CHAINS, "oxide_chain"; SeO2:
# "molecular_chain") are rows here now, each with the source read again on 2026-11-28 (search tool), and the tungsten
# dioxide dihalides WO2Cl2 and WO2I2 (layers: review s15l, finding 1). New shapes: "tetrahedra" (BeX4, CrO4) and
# "pyramids" (SeO3). A non-metal row (SeO2) keeps the bonding "molecular" (no metal, no ions) with the reason
# "solid_structure"; its sentence names the atoms joined (Se), not "metal atoms".
# links 0 for BeCl2 and BeBr2: in the chain form neighbouring Be share two X (an edge), in the ZnI2-type form each
# bridging X joins two Be of an adamantane-like Be4X10 cage (one X): no one number
_BE_TWO_FORMS = ("Both structures consist of tetrahedral Be2+ centers interconnected by doubly bridging {x} ligands. One "
                 "form consist of edge-sharing polytetrahedra. The other form resembles zinc iodide with interconnected "
                 "adamantane-like cages")

def _chains(gas: str, unit: str, shape: str, element: str, shared: int) -> dict:
    """The facts of a row of chains of polyhedra that share ``shared`` atoms of ``element`` (no metallic conduction, no
    lattice of ions named by the source)."""
    return dict(gas=gas, extent="chains", unit=unit, shape=shape, links=((element, shared),), conducts=False, ions=False)


def _polymer(gas: str, element: str) -> dict:
    """The facts of a polymer whose crystal forms differ (chains in one, a framework in another), joined through shared
    atoms of ``element`` in no one number."""
    return dict(gas=gas, extent="polymer", unit="", shape="", links=((element, 0),), conducts=False, ions=False)


# s23b: Re2O7, molecular before by its boiling point alone: molecules O3Re-O-ReO3 only in the gas, the crystal is double
# layers of ReO6 octahedra and ReO4 tetrahedra sharing corners
SOLID_STRUCTURES["Re2O7"] = (
    dict(gas="Re2O7", extent="layers", unit="Re", shape="octahedra_tetrahedra", links=(("O", 1),), conducts=False,
         ions=False),
    "B. Krebs, A. Müller, H. H. Beyer, 'The crystal structure of rhenium(VII) oxide', Inorg. Chem. 8 (1969) 436, "
    "doi:10.1021/ic50073a006 (abstract: 'The structure consists of strongly distorted ReO6 octahedra and fairly regular "
    "ReO4 tetrahedra which are connected through corners to form polymeric double layers ... the mechanisms of "
    "evaporation (to form O3ReOReO3 molecules)'); en.wikipedia 'Rhenium(VII) oxide': 'Solid Re2O7 consists of "
    "alternating octahedral and tetrahedral Re centres. Upon heating, the polymer cracks to give molecular "
    "(nonpolymeric) Re2O7'")
SOLID_STRUCTURES.update({
    "BeCl2": (_polymer("BeCl2", "Cl"),
              "en.wikipedia 'Beryllium chloride': 'Two forms (polymorphs) of BeCl2 are known. "
              + _BE_TWO_FORMS.format(x="chloride") + "' and 'In the gas phase, BeCl2 exists both as a linear monomer and "
              "a bridged dimer'; Deubner, Bandemehr, Karttunen, Kraus, 'A brief visit to the BeCl2/ZnCl2 system and the "
              "prediction of a new polymorph of ZnCl2', Z. Naturforsch. B 75 (2020) 491 (abstract: 'isotypic to beta-BeCl2 "
              "in the tetragonal space group I41/acd ... the beta-BeCl2 structure, which is the ZnI2 structure type'); "
              + GREENWOOD + ", ch. 5.3.3 (chains of edge-sharing BeCl4 tetrahedra; linear Cl-Be-Cl in the vapour)"),
    # the gas: de.wikipedia 'Berylliumbromid' 'In der Dampfphase existiert es als Dimer' (Walsh 2009): no monomer named
    "BeBr2": (_polymer("", "Br"),
              "en.wikipedia 'Beryllium bromide' (via everything.explained.today): 'Two forms (polymorphs) of BeBr2 are "
              "known. " + _BE_TWO_FORMS.format(x="bromide") + "', citing Buchner, Dankert, Spang, Pielnhofer, von "
              "Hänisch, 'A Second Modification of Beryllium Bromide: beta-BeBr2', Inorg. Chem. 59 (2020), "
              "doi:10.1021/acs.inorgchem.0c02832; de.wikipedia 'Berylliumbromid' (orthorhombic, and 'Im Jahre 2020 wurde "
              "ein weiteres Polymorph veröffentlicht, welches im tetragonalen Kristallsystem kristallisiert')"),
    "ZrCl4": (_chains("ZrCl4", "ZrCl6", "octahedra", "Cl", 2),
              "en.wikipedia 'Zirconium(IV) chloride' (via liquisearch.com): 'Unlike molecular TiCl4, solid ZrCl4 adopts a "
              "polymeric structure wherein each Zr is octahedrally coordinated ... In the solid state, ZrCl4 adopts a "
              "tape-like linear polymeric structure—the same structure adopted by HfCl4'; " + GREENWOOD + ", ch. 21.3.3 "
              "(zigzag chains of ZrCl6 octahedra sharing edges; tetrahedral ZrCl4 molecules in the vapour); Krebs, Z. anorg. "
              "allg. Chem. 378 (1970) 263"),
    "HfCl4": (_chains("HfCl4", "HfCl6", "octahedra", "Cl", 2),
              "en.wikipedia 'Zirconium(IV) chloride' (via liquisearch.com): 'ZrCl4 adopts a tape-like linear polymeric "
              "structure—the same structure adopted by HfCl4'; " + GREENWOOD + ", ch. 21.3.3 (the tetrahalides of Zr and "
              "Hf: chains of edge-sharing MCl6 octahedra, MCl4 molecules in the vapour)"),
    # no source read names the molecules of the vapour ('volatile at elevated temperatures'): gas left out
    "TcCl4": (_chains("", "TcCl6", "octahedra", "Cl", 2),
              "en.wikipedia 'Technetium(IV) chloride': 'As verified by X-ray crystallography, the compound is an inorganic "
              "polymer consisting of interconnected TcCl6 octahedra'; Johnstone, Poineau, Forster, Ma, Hartmann, Cornelius, "
              "Antonio, Sattelberger, Czerwinski, 'Technetium Tetrachloride Revisited: A Precursor to Lower-Valent Binary "
              "Technetium Chlorides', Inorg. Chem. (single-crystal and powder X-ray diffraction); " + GREENWOOD + ", ch. "
              "24.3.5 (zigzag chains of edge-sharing TcCl6 octahedra, no Tc-Tc bond)"),
    "CrO3": (_chains("", "CrO4", "tetrahedra", "O", 1),
             "en.wikipedia 'Chromium trioxide' (via liquisearch.com): 'The solid consists of chains of tetrahedrally "
             "coordinated chromium atoms that share vertices. Each chromium center, therefore, shares two oxygen centers "
             "with neighbors'; Hanic & Stempelová, 'Structure of chromium trioxide', Chem. Papers 14 (1960) 165 "
             "(abstract: 'a linear chain of alternating Cr and O atoms with 2 O atoms attached to the sides of each Cr "
             "atom'); Stephens and Cruickshank, Acta Cryst. B26 (1970) 222; " + GREENWOOD + ", chapter 'Chromium, "
             "Molybdenum and Tungsten', oxides (infinite chains of CrO4 tetrahedra sharing corners)"),
    "SeO2": (_chains("SeO2", "SeO3", "pyramids", "O", 1),
             "en.wikipedia 'Selenium dioxide' (citing Devillanova, Handbook of Chalcogen Chemistry, RSC 2007): 'Solid SeO2 "
             "is a one-dimensional polymer, the chain consisting of alternating selenium and oxygen atoms. Each Se atom is "
             "pyramidal and bears a terminal oxide group' and 'In the gas phase selenium dioxide is present as dimers and "
             "other oligomeric species, at higher temperatures it is monomeric'; " + GREENWOOD + ", chapter 'Selenium, "
             "Tellurium and Polonium', oxides (monomeric SeO2 in the gas, infinite non-planar chains in the solid)"),
    # W in WO4Cl2 octahedra: four O (two short, two long W-O bonds) in the layer, the two Cl outside it (the trilayer blocks
    # [ClWO2Cl] of Abrahams et al.); the bridging O joins two W
    "WO2Cl2": (dict(gas="WO2Cl2", extent="layers", unit="WO4Cl2", shape="octahedra", links=(("O", 1),), conducts=False,
                    ions=False),
               "Jarchow, Schröder, Schulz, 'Kristallstruktur und Polytypie von WO2Cl2', Z. anorg. allg. Chem. (1968) "
               "(abstract, scilit.com: 'Die Struktur besteht aus Schichten ‖ (001), in denen die W-Atome über O-Atome mit "
               "alternierenden WO-Abständen verknüpft sind'); Abrahams, Nowinski, Bruce, Gibson, 'Structure of the "
               "intercalate NaWO2Cl2', J. Solid State Chem. 94 (1991) 254, and Nowinski, Abrahams, Gibson, Tavakkoli, "
               "Bruce, J. Mater. Chem. 3 (1993) 39 ('closely related to that of the unintercalated host WO2Cl2, consists of "
               "layers of tungsten oxide sandwiched between chloride ions to form trilayer blocks'); en.wikipedia 'Tungsten "
               "dichloride dioxide': 'Gaseous tungsten dichloride dioxide is a monomer. Solid tungsten dichloride dioxide is "
               "a polymer consisting of distorted octahedral W centres ... two short W-O distances ... and two long W-O "
               "distances'"),
    # review s15l finding 1: no source read names the polyhedra or the bridging atoms of WO2I2, only the layers: unit, shape
    # and links left empty (the sentence says "a layer structure" and no more); the metallic conductivity is a band
    # structure calculation only, so "conducts" stays False (the sentence does not claim it)
    "WO2I2": (dict(gas="", extent="layers", unit="", shape="", links=(), conducts=False, ions=False),
              "Tillack, Eckerlin, Dettingmeijer, 'Darstellung und Eigenschaften von Wolframdioxid-dijodid, WO2J2', Angew. "
              "Chem. 78 (1966) (docme.ru copy): 'WO2J2 bildet mehrere Millimeter große, sehr dünne, metallisch glänzende "
              "Blättchen ... WO2J2 kristallisiert mit stark ungeordneter Schichtstruktur mit monokliner Elementarzelle'; "
              "Löber, Ströbele, Romao, Meyer, 'W2O3I4 and WO2I2: metallic phases in the chemical transport reaction of "
              "tungsten', Dalton Trans. 50 (2021) 6789, doi:10.1039/d1dt01212f (abstract: 'Crystals of WO2I2 appear as thin "
              "platelets, showing metallic luster ... Both compounds adopt layered structures; electronic band structure "
              "calculations reveal metallic conductivity ... also for WO2I2')"),
})
# BeI2: no structure paper was found in the stored pages; de.wikipedia names two crystal forms as BeCl2 and BeBr2 have them
# (tetragonal and orthorhombic) and a dimer in the vapour; GE 5.3.3 (as session 14 cited it, not re-read) the covalent
# BeX4 polymers of the beryllium halides. The polymer sentence claims no one form ("chains or a framework")
SOLID_STRUCTURES["BeI2"] = (
    _polymer("", "I"),
    "de.wikipedia 'Berylliumiodid' (via de.wikiup.org): 'Die hygroskopische, stark toxische Substanz bildet tetragonale "
    "oder rhombische weiße Nadeln' and 'In der Dampfphase existiert Berylliumiodid als Dimer'; " + GREENWOOD + ", ch. 5.3.3 "
    "(the beryllium halides BeCl2, BeBr2, BeI2: covalent polymers of BeX4 tetrahedra, as cited in session 14)")

# s16d: the two acids the note called "kept only dissolved in water (a salt also as a hydrate)", which neither can be kept
# (they decompose in their solutions) nor has a hydrate; each gets its own sentence (SOLUTION_MEDIA -> catalogs
# chem.solution_only.<key>), sources read on 2026-11-28 (search tool):
#   HNO2: Britannica, 'Nitrous acid': 'an unstable, weakly acidic compound that has been prepared only in the form of cold,
#     dilute solutions ... Nitrous acid decomposes into nitric oxide, NO, and nitric acid, HNO3'; Great Soviet
#     Encyclopedia via thefreedictionary.com, 'Nitrous acid': 'it exists only in dilute cold water solutions ... 3HNO2 =
#     HNO3 + 2NO + H2O'; GE ch. 'Nitrogen' (only in cold dilute aqueous solution)
#   HClO2: en.wikipedia 'Chlorous acid': 'The pure substance is unstable, disproportionating to hypochlorous acid ... and
#     chloric acid ... 2 HClO2 -> HClO + HClO3 ... the acid is difficult to obtain in pure substance' and its preparation
#     'through reaction of barium or lead chlorite and dilute sulfuric acid'; sciencemadness wiki 'Chlorous acid':
#     'Storage: Cannot be stored, decomposes' and 'The compound is not sold and has to be made in situ'
SOLUTION_ONLY.update({
    "HNO2": (_ge("Nitrogen") + " (nitrous acid: only in cold dilute aqueous solution); Britannica, 'Nitrous acid' ('prepared "
             "only in the form of cold, dilute solutions ... decomposes into nitric oxide, NO, and nitric acid, HNO3'); Great "
             "Soviet Encyclopedia, 'Nitrous acid' ('exists only in dilute cold water solutions ... 3HNO2 = HNO3 + 2NO + H2O')"),
    "HClO2": (_ge(_HALOGENS) + " (chlorous acid: only in aqueous solution); en.wikipedia 'Chlorous acid' ('The pure "
              "substance is unstable, disproportionating to hypochlorous acid ... and chloric acid'; made from barium or lead "
              "chlorite and dilute sulfuric acid); sciencemadness wiki 'Chlorous acid' ('Cannot be stored, decomposes')"),
})
SOLUTION_MEDIA.update({"HNO2": "nitrous_acid", "HClO2": "chlorous_acid"})

# s16d: more transient species detected in space, each with its detection paper as read through the search tool on
# 2026-11-28 (the abstract or the paper's first page; astrochymist.org's 'Astromolecule of the Month' or the Cologne
# CDMS page as the second, independent account). The deck builds H2CS and HCP; NS, SH, NH2 and CH3 are species of the data
# whose note the other games may show. Not here: NaCl and KCl (also detected in IRC+10216, Cernicharo & Guélin 1987, as
# quoted in the CaNC paper, arXiv 1906.09352): the sentence "exists only briefly, detected e.g. in space" belongs to
# transient species only, and NaCl and KCl are salts a student keeps in a jar; what was seen in space is the diatomic
# molecule of the hot gas of a star's envelope, which the substance's label does not describe (left out, no sentence
# written for it)
SEEN_IN_SPACE.update({
    "NS": _ISM + "Gottlieb, Ball, Gottlieb, Lada & Penfield, ApJ 200 (1975) L147 ('Detection of interstellar nitrogen "
          "sulfide', Sgr B2); Kuiper, Zuckerman, Kakar & Kuiper, ApJ 200 (1975) L151; astrochymist.org, 'Nitrogen Sulfide'",
    "SH": _ISM + "Neufeld et al., A&A 542 (2012) L6 (SOFIA/GREAT, absorption toward W49N; 'GREAT: early science results'); "
          "the first astrophysical SH: Yamamura et al. 2000, the atmosphere of the S star R And (astrochymist.org via "
          "vsda.de, 'Mercapto-Radikal')",
    "NH2": _ISM + "van Dishoeck et al. 1993 (Sgr B2(M) and (N), Caltech Submillimeter Observatory; astrochymist.org via "
           "vsda.de, 'Amidogen-Radikal')",
    "CH3": _ISM + "Feuchtgruber, Helmich, van Dishoeck & Wright, 'Detection of interstellar CH3', ApJ (2000), arXiv "
           "astro-ph/0005273 (ISO SWS, toward Sgr A*); astrochymist.org, 'Methyl Radical'",
    "CH2S": _ISM + "Sinclair, Fourikis et al. 1973 (Sgr B2, Parkes 64 m; astrochymist.org, March 2005: 'The initial "
            "detection of thioformaldehyde (H2CS) was reported in 1973 by Sinclair et al.')",
    "HCP": _ISM + "Agúndez, Cernicharo & Guélin, 'Discovery of Phosphaethyne (HCP) in Space', ApJ 662 (2007) L91 "
           "(IRC+10216); CDMS (astro.uni-koeln.de), 'Detection of Phosphaethyne, HCP, toward IRC +10216'",
})
# s16d, step 5 (the deck's halides called "a substance of molecules" against a source): HgI2. Its red form, stable at room
# temperature, is layers of HgI4 tetrahedra sharing corners (one I between two Hg); a yellow form of HgI2 molecules forms
# above about 127 °C and from solution and stays metastable on cooling. The optional fact "molecular_form": another
# crystal form is made of the formula's molecules, so the sentence speaks of the form stable at room temperature
SOLID_STRUCTURES["HgI2"] = (
    dict(gas="", extent="layers", unit="HgI4", shape="tetrahedra", links=(("I", 1),), conducts=False, ions=False,
         molecular_form=True),
    "Hostettler & Schwarzenbach, 'Phase diagrams and structures of HgX2 (X = I, Br, Cl, F)', C. R. Chimie 8 (2005) 147 "
    "(abstract: 'HgI2 adopts an amazing number of stable and metastable tetrahedral-framework semiconductor and molecular "
    "structures ... the iodine atoms form a cubic close-packing and the mercury atoms are located in corner-sharing "
    "tetrahedral voids ... There also exists a metastable structure composed of straight HgI2 molecules, which is "
    "kinetically favoured during crystallization from solution'); Borisov, Magarill, Pervukhina, Crystallography Reports "
    "(2017), 'Crystallographic isomorphism in the structural type of alpha-HgI2' (abstract: 'Perforated layers of "
    "vertex-sharing HgI4 tetrahedra'); polymorf.net 'HgI2' (red form: 'the layers of red, vertex linked AX4 groups run "
    "parallel to the (100) plane'); woelen.homescience.net 'Mercury(II) iodide' ('At room temperature, the bright "
    "orange/red form is the stable one. Above appr. 125 C, the orange form changes into the yellow form')")
# s16i (review s16f, High and Medium): real substances the card game called game-only (FeOF, Zn(OH)F, BiFeO3, AmPO4,
# PuPO4, BaFBr) and the structure facts of the gold(I) halides (chains -X-Au-X-Au-) and PtCl2 (polymer or Pt6Cl12),
# each with two sources read (tools/vetted_review_s16f.py, kept apart so that other branches' rows merge)
REVIEW_ROWS, REVIEW_STRUCTURES = _review_tables("vetted_review_s16f", "REVIEW_ROWS", "REVIEW_STRUCTURES")
VETTED += REVIEW_ROWS
SOLID_STRUCTURES.update(REVIEW_STRUCTURES)
# s17d (session 16's open ends): KFeO2 and UN2 rows, the free ion Au+ not kept in water, and sentences of their own for
# HBrO, Ba(HCO3)2, Sr(HCO3)2, each with the sources read (tools/vetted_review_s17d.py, kept apart for the merge)
EXTRA_SOURCES, S17D_ROWS, SHORT_LIVED_IONS, SOLUTION_SENTENCES, SOLUTION_SOURCES = _review_tables(
    "vetted_review_s17d", "EXTRA_SOURCES", "S17D_ROWS", "SHORT_LIVED_IONS", "SOLUTION_SENTENCES", "SOLUTION_SOURCES")
VETTED += S17D_ROWS
VETTED[:] = [(r[0], r[1], r[2], r[3], r[4], r[5] + "; " + EXTRA_SOURCES[r[0]]) if r[0] in EXTRA_SOURCES else r
             for r in VETTED]
NO_FREE_IONS.update(SHORT_LIVED_IONS)
SOLUTION_MEDIA.update(SOLUTION_SENTENCES)
SOLUTION_ONLY.update({f: SOLUTION_ONLY[f] + "; " + src for f, src in SOLUTION_SOURCES.items() if f in SOLUTION_ONLY})
# s17i (review s17f, High 2-7, Medium 1-2): CaCN2, PbCN2, SiH3F, Pb(NO3)(OH), MgSiN2, KLiSO4, ThOF2, HMnO4 (known only in
# water, as HTcO4) and cyanamide as the substance of CH2N2, each with two sources read (tools/vetted_review_s17f.py)
S17F_ROWS, SOLUTION_ONLY_S17F = _review_tables("vetted_review_s17f", "S17F_ROWS", "SOLUTION_ONLY_S17F")
VETTED += S17F_ROWS
SOLUTION_ONLY.update(SOLUTION_ONLY_S17F)
# HMnO4 stays a molecular exception (listed above with H2CrO4): a molecule like HClO4 (WP 'Permanganic acid'), never
# 'ein Salz' as the school rule would call it
# s18c (review s17f, High 8, Medium 5, L5): trithiazyl trichloride (NSCl)3 (its monomer a gas: vetted_families' block),
# thionylimide HNSO (transient, seen in space) and MgSiN2 as a network, each with the sources read
# (tools/vetted_review_s18c.py, kept apart for the merge)
NETWORKS_S18C, S18C_ROWS, SEEN_IN_SPACE_S18C = _review_tables(
    "vetted_review_s18c", "NETWORKS_S18C", "S18C_ROWS", "SEEN_IN_SPACE_S18C")
VETTED += S18C_ROWS
SEEN_IN_SPACE.update(SEEN_IN_SPACE_S18C)
NETWORKS |= set(NETWORKS_S18C)
# s18d (session 18): the metal cyanamides of the deck with two sources each; PuOF, AmH3, CrBO3 game-only (one source
# each, the reason in DEMOTED); PuOBr's second source; "Kalkstickstoff" is the technical mixture, a trade-name note on
# CaCN2, not its trivial name (tools/vetted_review_s18d.py, kept apart for the merge)
DEMOTED, S18D_EXTRA_SOURCES, S18D_ROWS, TRADE_NAME = _review_tables(
    "vetted_review_s18d", "DEMOTED", "EXTRA_SOURCES", "S18D_ROWS", "TRADE_NAME")
VETTED[:] = [(r[0], r[1], r[2], r[3], r[4], r[5] + "; " + S18D_EXTRA_SOURCES[r[0]]) if r[0] in S18D_EXTRA_SOURCES else r
             for r in VETTED if r[0] not in DEMOTED] + S18D_ROWS
TRADE_NAME_OTHER.update(TRADE_NAME)
# s19e (review s18e, M2 and M3): one rule for acids known only in water, applied to orthosilicic acid H4SiO4 as to H2CrO4
# and HMnO4 (two sources place it in solution, none isolates it); NH3SO4 is hydroxylamine-O-sulfonic acid
# (tools/vetted_review_s19e.py, kept apart for the merge)
S19E_ROWS, SOLUTION_MEDIA_S19E, SOLUTION_ONLY_S19E = _review_tables(
    "vetted_review_s19e", "S19E_ROWS", "SOLUTION_MEDIA_S19E", "SOLUTION_ONLY_S19E")
VETTED += S19E_ROWS
SOLUTION_ONLY.update(SOLUTION_ONLY_S19E)
SOLUTION_MEDIA.update(SOLUTION_MEDIA_S19E)
# s20d (session 20): UO3's row of structure facts with the sources found when searching again for authors (none with
# authors states the framework; tools/vetted_review_s20d.py, kept apart for the merge)
(UO3_SOURCES_S20D,) = _review_tables("vetted_review_s20d", "UO3_SOURCES_S20D")
SOLID_STRUCTURES["UO3"] = (SOLID_STRUCTURES["UO3"][0], SOLID_STRUCTURES["UO3"][1] + "; " + UO3_SOURCES_S20D)
# s20j (review s20c's open row): methyllithium CH3Li, isolated as crystals of (CH3Li)4 tetramers, exists without the
# Grignard ether note (tools/vetted_review_s20j.py, kept apart for the merge)
(S20J_ROWS,) = _review_tables("vetted_review_s20j", "S20J_ROWS")
VETTED += S20J_ROWS
# s21h (the lead's decision on the open row of s19d, s20d, s21b): sulfur tetrachloride SCl4 exists, kept only as a solid
# below about -30 °C, with a note saying so (tools/vetted_review_s21h.py, kept apart for the merge)
COLD_ONLY, S21H_IDS, S21H_ROWS = _review_tables("vetted_review_s21h", "COLD_ONLY", "S21H_IDS", "S21H_ROWS")
VETTED += S21H_ROWS
VETTED_IDS.update(S21H_IDS)
# s22b (review s21c's open row): phosphonium iodide PH4I exists, a salt of the ion PH4+ (tools/vetted_review_s22b.py,
# kept apart for the merge)
S22B_IDS, S22B_ROWS = _review_tables("vetted_review_s22b", "S22B_IDS", "S22B_ROWS")
VETTED += S22B_ROWS
VETTED_IDS.update(S22B_IDS)
# s24b (review s23c's and s23b's open rows): sodium nitride Na3N (two syntheses of two groups) and gold(III) oxide Au2O3
# (PubChem's record and a structure paper) exist; the CRC rows known wrong (SnI4's melting point, 'Copper phosphide') (tools/vetted_review_s24b.py, kept apart
# for the merge)
CRC_CORRECTIONS, CRC_WRONG_ROWS, S24B_IDS, S24B_ROWS = _review_tables(
    "vetted_review_s24b", "CRC_CORRECTIONS", "CRC_WRONG_ROWS", "S24B_IDS", "S24B_ROWS")
VETTED += S24B_ROWS
VETTED_IDS.update(S24B_IDS)
# s24i (review s24c D1, N1, N3): (NH4)2WO4 known only in ammonia water (evaporating gives the paratungstate), H2SO3 a
# sentence of its own as H2CO3 (SO2 and HSO3- in water, the molecule only in the gas), PuO disputed (an oxycarbide film),
# each with the sources read (tools/vetted_review_s24i.py, kept apart for the merge)
ILL_DEFINED_S24I, SOLUTION_MEDIA_S24I, SOLUTION_ONLY_S24I = _review_tables(
    "vetted_review_s24i", "ILL_DEFINED_S24I", "SOLUTION_MEDIA_S24I", "SOLUTION_ONLY_S24I")
SOLUTION_ONLY.update({f: SOLUTION_ONLY.get(f, "") + src for f, src in SOLUTION_ONLY_S24I.items()})
SOLUTION_MEDIA.update(SOLUTION_MEDIA_S24I)
ILL_DEFINED.update(ILL_DEFINED_S24I)
# s25b (the lead's new note kind): a real substance stable at room temperature that decomposes on gentle heating, with the
# temperatures of its sources and whether it is air-sensitive (Na3N); the hydrate notes of Cr(ClO4)3, Fe(ClO4)3 and
# H2[PtCl6], with the sources read (tools/vetted_review_s25b.py,
# kept apart for the merge)
DECOMPOSES_WARM, HYDRATES_S25B = _review_tables("vetted_review_s25b", "DECOMPOSES_WARM", "HYDRATES_S25B")
HYDRATES.update(HYDRATES_S25B)  # Cr(ClO4)3, Fe(ClO4)3, H2[PtCl6]: the hydrate a supplier has
# s26c (s25b's open notes): ammonium hydrogen carbonate NH4HCO3 stable at room temperature, decomposing on gentle heating
# (the Merck Index, about 60 °C; Resentera et al. 2025, from about 75 °C) (tools/vetted_review_s26c.py, kept apart for the
# merge)
(DECOMPOSES_WARM_S26C,) = _review_tables("vetted_review_s26c", "DECOMPOSES_WARM_S26C")
DECOMPOSES_WARM.update(DECOMPOSES_WARM_S26C)
# s26c: HMnO4's note (known only in water) with a source naming its author and year (Pisarczyk, Kirk-Othmer 2005, as
# fi.wikipedia cites it, beside Meyers 1905-1909 and en.wikipedia)
(SOLUTION_SOURCES_S26C,) = _review_tables("vetted_review_s26c", "SOLUTION_SOURCES_S26C")
for _formula, _source in SOLUTION_SOURCES_S26C.items():  # a further source of a note that exists (KeyError if not)
    SOLUTION_ONLY[_formula] += "; " + _source
