"""s17i: real substances the review s17f found Das Chemie-Kartenspiel calling game-only (seeds 70000-70099), and the
isomer of CH2N2 the cards build.

``S17F_ROWS`` has the format of ``vetted_substances.VETTED`` (formula, SMILES, English name, German name, label, source)
and is appended there; each row quotes the two independent sources read for it (through the search tool, 2026-11-28;
the truth rows of ``tests/truth/rows.txt`` cite them by their keys). The SMILES carry the oxidation numbers the sources
give (ions for the salts). Names follow the naming rules of docs/substances.md: cations and anions in alphabetical order
of their names in each language (KNaSO4 Kaliumnatriumsulfat / potassium sodium sulfate), German anions joined in one word
after the Stock hyphen (Blei(II)-chloridhydroxid).

* CaCN2 (Kalkstickstoff) and PbCN2: salts of the anion [NCN]2-, C +4 and N -3 as the cards count them. The other
  members of the family the deck builds (MgCN2, HgCN2, FeCN2, Li2CN2 ...) stay game-only: one source read each
  (``LEFT_OPEN``).
* SiH3F (fluorosilane), Pb(NO3)(OH) (nitroplumbite's composition), MgSiN2, KLiSO4, ThOF2: one row each.
* HMnO4: known only in water, like HTcO4 (``SOLUTION_ONLY_S17F``); the dihydrate is the only solid.
* CH2N2: the CRC holds two substances of this composition, diazomethane (334-88-3) and cyanamide (420-04-2). The cards
  C +4, N -3, H +1 build cyanamide H2N-C#N, whose oxidation numbers are exactly theirs (review s17f, M2); no card
  charge builds diazomethane's C 0, N -1. The row makes cyanamide the reference's substance of the composition.

>>> len({row[0] for row in S17F_ROWS}) == len(S17F_ROWS)
True
>>> sorted(row[0] for row in S17F_ROWS)[:4]
['CH2N2', 'CaCN2', 'HMnO4', 'KLiSO4']
"""
from __future__ import annotations

_WP = "Wikipedia (English) "
_NCN = "[N-]=C=[N-]"

#: formula, SMILES, English name, German name, label, source (two independent sources read for each, 2026-11-28)
S17F_ROWS: list[tuple[str, str, str, str, str, str]] = [
    # Kalkstickstoff (review s17f, High 2; seed 70025): the CRC row 'Calcium cyanamide' (156-62-7) is not taken by the
    # build, so the composition was game-only
    ("CaCN2", "[Ca+2]." + _NCN, "calcium cyanamide", "Calciumcyanamid", "exists",
     "CRC Handbook, 'Calcium cyanamide' (CAS 156-62-7, mp 1613 K; the table shipped in chemicals); " + _WP +
     "'Calcium cyanamide' (acemap.info copy: 'the inorganic compound with the formula CaCN2. It is the calcium salt of "
     "the cyanamide (CN2 2-) anion. This chemical is used as fertilizer and is commercially known as nitrolime. It was "
     "first synthesized in 1898 by Adolph Frank and Nikodem Caro'); AlzChem, 'Calcium cyanamide - history' (the maker: "
     "'The nitrogen ... binds with calcium carbide at temperatures around 1,100 °C, to form calcium cyanamide')"),
    # review s17f, High 2 (seed 70014): two papers of different groups
    ("PbCN2", "[Pb+2]." + _NCN, "lead(II) cyanamide", "Blei(II)-cyanamid", "exists",
     "Braun, Mereacre, Ehrenberg, Z. Naturforsch. B 76 (2021), doi 10.1515/znb-2021-0141, 'PbCN2 - an elucidation of its "
     "modifications and morphologies' ('comprehensive preparative and structural investigations ... proved the "
     "existence of two distinct modifications of PbCN2', Pna21 and Pnma); Schwarz, Ströbele, Romao, Enseling, Jüstel, "
     "Meyer, Dalton Trans. 53 (2024) 6416, 'The luminescent semiconductor Pb7I6(CN2)4' ('obtained from a solid-state "
     "reaction of PbI2 and PbCN2'); also Dalton Trans. 2020, doi 10.1039/d0dt02677h, 'Metathetic synthesis of lead "
     "cyanamide as a p-type semiconductor' (authors not shown: 'Lead cyanamide PbNCN was synthesized by solid-state "
     "metathesis between PbCl2 and Na2NCN')"),
    # review s17f, High 3 (seed 70006): named as chlorosilane SiH3Cl (Chlorsilan); H is more electronegative than Si
    # (Pauling 2.20 / 1.90), so Si +4, H -1, F -1
    ("SiH3F", "F[SiH3]", "fluorosilane", "Fluorsilan", "exists",
     "CRC Handbook, 'Fluorosilane' (CAS 13537-33-2; the table shipped in chemicals, and CRC 93rd ed. p. 87 as de.wikipedia "
     "cites it); de.wikipedia 'Monofluorsilan' (de.wiki-pedia.org copy: 'Summenformel SiH3F ... farbloses Gas ... Es "
     "besitzt als Feststoff bei 96 K eine monokline Kristallstruktur mit der Raumgruppe P21/n', citing Blake, Ebsworth, "
     "Henderson, Welch, Acta Cryst. C41 (1985) 1141, 'Structure of silyl fluoride, SiH3F, at 96 K')"),
    # review s17f, High 4 (seed 70072): [Pb4(OH)4](NO3)4 has the composition Pb(NO3)(OH); Pb2+ of cubane-like
    # [Pb4(OH)4]4+ clusters, OH- and NO3-
    ("Pb(NO3)(OH)", "[Pb+2].[OH-].[O-][N+](=O)[O-]", "lead(II) hydroxide nitrate", "Blei(II)-hydroxidnitrat", "exists",
     "IMA list of minerals, 'Nitroplumbite [Pb4(OH)4](NO3)4' (tools/ima_minerals.tsv); Can. Mineral. (2023), doi "
     "10.3749/canmin.2200009, 'Nitroplumbite, [Pb4(OH)4](NO3)4, a New Mineral' (abstract; authors not shown: 'IMA2021-045a "
     "... It consists of isolated, internally bonded cubane-like [Pb4(OH)4]4+ clusters and isolated (NO3) groups ... The "
     "crystal structure ... is the same as that previously determined for its synthetic analogue')"),
    # review s17f, High 5 (seed 70036): a nitridosilicate of Mg2+ (SiN4 tetrahedra): Mg +2, Si +4, N -3
    ("MgSiN2", "[Mg+2].[Si+4].[N-3].[N-3]", "magnesium silicon nitride", "Magnesiumsiliciumnitrid", "exists",
     "Groen, Kraan, de With, J. Eur. Ceram. Soc. 12 (1993) 413, 'Preparation, microstructure and properties of MgSiN2 "
     "ceramics' (TU Eindhoven record: 'The synthesis of MgSiN2 powder, starting from the metal nitrides, is described ... "
     "fully dense MgSiN2 ceramics can be sintered at 1550 DegC'); Lenčéš, Pentráková, Hrabalová, Šajgalík, Hirao, "
     "J. Eur. Ceram. Soc. (2011), 'Decomposition of MgSiN2 in nitrogen atmosphere' ('Magnesium silicon nitride MgSiN2 was "
     "prepared by direct nitridation of Si/Mg2Si/Mg/Si3N4 powder compact ... stable up to 1400 °C')"),
    # review s17f, High 6 (seed 70078), beside KNaSO4 (Kaliumnatriumsulfat): the hexagonal double sulfate
    ("KLiSO4", "[K+].[Li+].[O-]S(=O)(=O)[O-]", "lithium potassium sulfate", "Kaliumlithiumsulfat", "exists",
     "Xie, Liang, Li, Acta Phys. Sin. 33 (1984) 235, 'The incommensurate phase of LiKSO4' ('The phase transitions of "
     "LiKSO4 have been investigated by means of X-ray powder diffraction and thermal analysis ... the room temperature "
     "phase (P63)'); Yu, Kou, Huang, Co, J. Phys. Chem. Solids (1986) 121, 'An EPR study of the disorder and structural "
     "phase transitions of lithium potassium sulfate' (LiKSO4 crystals); also Solid State Commun. 36 (1980) 1047, 'New "
     "phase transition in LiKSO4' ('The room temperature hexagonal C6 (P63) phase transforms to trigonal ... at 201 K')"),
    # review s17f, High 7 (seeds 70024, 70056): named as FeOF (Eisen(III)-fluoridoxid), Th4+ as in ThO2, ThF4
    ("ThOF2", "[Th+4].[O-2].[F-].[F-]", "thorium(IV) fluoride oxide", "Thorium(IV)-fluoridoxid", "exists",
     _WP + "'Thorium oxyfluoride' ('prepared from partial hydrolysis of thorium tetrafluoride in moist air at elevated "
     "temperatures ... Reaction of thorium tetrafluoride with thorium dioxide at 600 °C ... a white, insoluble amorphous "
     "powder'); 'The thorium dioxide-thorium tetrafluoride system', J. Chem. Soc. (AERE Harwell; OSTI 4310595, authors not "
     "shown): 'Thorium oxyfluoride, ThOF2, was formed by the reaction of equimolar mixtures of thoria and the "
     "tetrafluoride at 900 deg in an inert atmosphere ... the true unit cell of the oxyfluoride is orthorhombic'"),
    # review s17f, Medium 1: as HTcO4 a strong acid known in water (SOLUTION_ONLY_S17F), the dihydrate its only solid
    ("HMnO4", "O[Mn](=O)(=O)=O", "permanganic acid", "Permangansäure", "exists",
     _WP + "'Permanganic acid' ('the inorganic compound with the formula HMnO4 and various hydrates. This strong oxoacid "
     "has been isolated as its dihydrate ... most often prepared by the reaction of dilute sulfuric acid with a solution "
     "of barium permanganate ... Crystalline permanganic acid has been prepared at low temperatures as the dihydrate'); "
     "Meyers Großes Konversations-Lexikon (1905-1909), 'Übermangansäure' (de-academic.com copy: 'HMnO4 entsteht beim "
     "Eintragen von Manganheptoxyd Mn2O7 in Eiswasser und wird aus übermangansaurem Baryt durch Schwefelsäure "
     "abgeschieden ... zerfällt schon bei gewöhnlicher Temperatur ... Im festen Zustand ist Ü. nicht bekannt')"),
    # review s17f, Medium 2: the cards' isomer (see the module doc); the CRC row 'Cyanamide' (420-04-2, mp 318.7 K)
    ("CH2N2", "NC#N", "cyanamide", "Cyanamid", "exists",
     "CRC Handbook, 'Cyanamide' (CAS 420-04-2, mp 318.7 K; the table shipped in chemicals); " + _WP + "'Cyanamide' "
     "(theinfolist.com copy: 'an organic compound with the formula CN2H2. This white solid is widely used in agriculture "
     "... The molecule features a nitrile group attached to an amino group ... The N#C-NH2 form dominates'; 'produced by "
     "hydrolysis of calcium cyanamide'); Oxford Dictionary of Chemistry, 'cyanamide' (sciref.net: 'A colourless "
     "crystalline solid, H2NCN, made by the action of carbon dioxide on hot sodamide ... the parent acid of cyanamide "
     "salts'). The same composition is diazomethane H2C=N+=N- (CRC 334-88-3), a gas the cards cannot build (C 0, N -1)"),
]

#: known only in water (vetted_substances.SOLUTION_ONLY): the source of that statement
SOLUTION_ONLY_S17F: dict[str, str] = {
    "HMnO4": ("Meyers Großes Konversations-Lexikon (1905-1909), 'Übermangansäure' ('kann nicht konzentriert werden. Im "
              "festen Zustand ist Ü. nicht bekannt'); " + _WP + "'Permanganic acid' (solutions 'unstable, and gradually "
              "decompose into manganese dioxide, oxygen, and water'; the solid is the dihydrate HMnO4·2H2O)"),
}

#: the family members the review named with one source read each: game-only until a second is read (s18d: HgCN2,
#: FeCN2, MnCN2, ZnCN2, CuCN2, BaCN2, Ag2CN2, Li2CN2, K2CN2 are known now with two sources each, MgCN2 and Na2CN2 stay
#: game-only: tools/vetted_review_s18d.py, S18D_ROWS and LEFT_OPEN)
LEFT_OPEN: dict[str, str] = {
    "MgCN2": "one citing paper's sentence ('a growing family of MNCN (M = Mg, Ca, Sr, Mn, Fe, Co, Ni and Cu)')",
    "HgCN2": "one group: Liu, Müller, Kroll, Dronskowski, Inorg. Chem. 41 (2002) 4259 and its ChemPhysChem follow-up",
    "FeCN2": "one paper read (Chem. Eur. J. 2009, 'FeNCN and Fe(NCNH)2', authors not shown) besides WP's family list",
    "Li2CN2, Na2CN2, K2CN2, BaCN2, ZnCN2, Ag2CN2, CuCN2, MnCN2": "WP 'Inorganic carbodiimide' lists them; no paper read",
    "SiHF3": "the CRC row 'Trifluorosilane' and a machine copy of fr.wikipedia; not a row (not offered in the review)",
    "NaLiSO4": "not looked up (review s17f)",
    "CaSiN2, ZnSiN2, MnSiN2, LiMgP": "one source each (review s17f)",
}
