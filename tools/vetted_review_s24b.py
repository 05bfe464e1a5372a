"""s24b: the reference gaps of review s23c and s23b, and the CRC rows of ``chemicals`` known wrong.

Every source below was read on 2026-11-29 through the search tool (pages corpus) or is a table shipped in the venv; what
a row quotes is what the stored page showed. The rows are appended by blocks marked "s24b" at the ends of
``tools/vetted_substances.py`` and ``tools/composable_real.py``.

**CRC rows known wrong** (``CRC_CORRECTIONS``, ``CRC_WRONG_ROWS``; read by ``make_substances.crc_physical``, which also
refuses any other row whose melting point lies above its boiling point):

* Tin(IV) iodide, CAS 7790-47-8: the table gives Tm 675.15 K, above its own Tb 637.5 K. SnI4 melts at 143 °C (416 K):
  en.wikipedia 'Tin(IV) iodide' (infobox: 'Melting point 143 °C (289 °F; 416 K)', 'Boiling point 348.5 °C'; a crystal
  of discrete tetrahedral SnI4 molecules, Pa-3) and, as an older copy of the article cites it, Greenwood & Earnshaw,
  Chemistry of the Elements, 2nd ed. (1997): 144 °C. The melting point is corrected; the boiling point is left as the
  table gives it (the contradiction is the melting point's).
* 'Copper phosphide', CAS 12019-11-3: the row (Tm 1173 K, ρ 4.2 g/cm³) is read by no rule. Its PubChem record names
  it 'copper phosphide (CuP2)' (the identifier table of ``chemicals``), and ρ 4.2 g/cm³ is CuP2's, not Cu3P's (the
  copper-rich phosphide the cards 3 Cu + P build; s23b); which substance the row's numbers describe is not settled.

**New records** (each a composition the cards build that the game called "nicht in unserem Nachschlagewerk"):

* Na3N ``NA3N``: Fischer & Jansen, Angew. Chem. Int. Ed. 41 (2002) 1755 (made from atomic beams of Na and N on a
  cold sapphire substrate; crystalline at room temperature, anti-ReO3 structure, decomposes at 87 °C), as reported by
  Chemical & Engineering News 80 (20 May 2002); Vajenine's synthesis from sodium and plasma-activated nitrogen (abstract:
  'Dark-blue sodium nitride, Na3N, was prepared by the reaction of metallic sodium or liquid Na-K alloy with
  plasma-activated nitrogen at low pressure. The compound crystallizes in the cubic anti-ReO3-type structure ...
  decomposes above 104 °C into the elements'; G. V. Vajenine, the author en.wikipedia 'Sodium nitride' names for it; the
  abstract's page gives neither journal nor year: Inorg. Chem. 46 (2007) 5146 is written from memory). Two groups, two
  syntheses. A salt of Na+ and N3- (en.wikipedia: 'about 90% ionic').
* Au2O3 ``S24B_ROWS`` (the deck's one Au card keeps 2 Au + 3 O out of the hint search's builds): PubChem CID 164805 (CAS 1303-58-8, [Au+3] and [O-2], in ``chemicals``) beside Jones,
  Rumpel, Schwarzmann, Sheldrick & Paulus, Acta Cryst. B35 (1979) 1435 (the crystal structure, Fdd2, square-planar
  AuO4 units, cited for it by en.wikipedia and it.wikipedia 'Ossido di oro(III)'), and de.wikipedia 'Gold(III)-oxid'
  ('das stabilste bekannte Oxid des ... Golds. Es ist ein rotbrauner, kristalliner, lichtempfindlicher Feststoff ...
  zersetzt sich oberhalb von etwa 160 °C wieder in die Elemente'; made from the hydrous oxide Au2O3·x H2O by four weeks
  at 280 °C and 3000 bar).
* Hg(IO3)2 ``SECOND_SOURCE``: PubChem CID 20228382 (CAS 7783-32-6 'mercuric iodate', [Hg+2] and two [IO3-]) beside
  M. Weil, Z. Naturforsch. 58b (2003) 627 ('Mercury(II) iodate(V) is dimorphous ... The alpha-modification was
  prepared by precipitation of a slightly acidified Hg(NO3)2 solution with an excess of an aqueous HIO3 solution';
  beta-Hg(IO3)2 from single-crystal data: 'trigonal pyramidal IO3 groups' and [HgO8] polyhedra; both decompose around
  500 °C).
* (NH4)MgPO4: by rule, not by a row. Its PubChem record has no name but its CAS number, which
  ``make_substances.name_mismatch`` read as a name that does not mention hydrogen; a registry number states nothing. The CRC table names the hexahydrate 'Magnesium ammonium phosphate hexahydrate'
  (CAS 13478-16-5), the naming rules 'ammonium magnesium phosphate': ``composable_real.crc_support`` now finds a CRC
  row whose ion words are the same in another order (the CRC does not order cations alphabetically). PubChem registers
  the anhydrous salt (CAS 7785-21-9, CID 178727), so the rule of listed-only-as-hydrate salts keeps it water-free with
  the hydrate note; the IMA list has struvite (NH4)Mg(PO4)·6H2O and dittmarite (NH4)Mg(PO4)·H2O. The German name of
  struvite is Struvit (``GERMAN_S24B``), and de.wikipedia calls the salt 'Ammoniummagnesiumphosphat', the order of the
  German naming rule.
* The same registry-number rule admits triammonium phosphate (NH4)3PO4: PubChem CID 159282 (CAS 10361-65-6) and the
  CRC's 'Ammonium phosphate' of the same CAS; en.wikipedia 'Ammonium phosphate': 'a highly unstable compound with the
  formula (NH4)3PO4 ... Both triammonium salts evolve ammonia', 'a colorless, crystalline solid'.

**Left open, with the reason** (``LEFT_OPEN``).

>>> sorted(CRC_CORRECTIONS), sorted(CRC_WRONG_ROWS), [r[0] for r in S24B_ROWS]
(['7790-47-8'], ['12019-11-3'], ['Na3N', 'Au2O3'])
>>> sorted(SECOND_SOURCE_S24B)
['Hg(IO3)2']
"""
from __future__ import annotations

GREENWOOD = "Greenwood & Earnshaw, Chemistry of the Elements, 2nd ed. (1997)"

#: CRC rows of ``chemicals.miscdata.CRC_inorganic_data`` whose values are wrong: CAS -> (column -> value, source)
CRC_CORRECTIONS: dict[str, tuple[dict[str, float], str]] = {
    "7790-47-8": ({"Tm": 416.15}, "Tin(IV) iodide: the CRC row's Tm 675.15 K lies above its Tb 637.5 K; SnI4 melts at "
                  "143 °C: en.wikipedia 'Tin(IV) iodide' (infobox: melting point 143 °C, 416 K; boiling point 348.5 °C); "
                  + GREENWOOD + " (144 °C, as an older copy of the article cites it)"),
}
#: CRC rows that describe another substance than their name and record say: no value of them is read
CRC_WRONG_ROWS: dict[str, str] = {
    "12019-11-3": ("'Copper phosphide': its PubChem record is 'copper phosphide (CuP2)' and its density 4.2 g/cm3 is "
                   "CuP2's, not Cu3P's; which substance the row's melting point describes is not settled (s23b, s24b)"),
}

NA3N_SOURCE = ("D. Fischer, M. Jansen, Angew. Chem. Int. Ed. 41 (2002) 1755 (from atomic beams of Na and N deposited on "
               "a cooled sapphire substrate; crystalline at room temperature, anti-ReO3 lattice of NNa6 octahedra, "
               "decomposes into the elements at 87 °C: Chemical & Engineering News 80, 20 May 2002, 'Elusive binary "
               "compound prepared'); G. V. Vajenine (named by en.wikipedia; the journal and year are on no page read: 'Inorg. "
               "Chem. 2007' was written from memory, and a search again by s25b on 2026-11-29 did not confirm it) (abstract: 'Dark-blue sodium nitride, "
               "Na3N, was prepared by the reaction of metallic sodium or liquid Na-K alloy with plasma-activated "
               "nitrogen at low pressure. The compound crystallizes in the cubic anti-ReO3-type structure ... Na3N "
               "decomposes above 104 degrees C into the elements'); en.wikipedia 'Sodium nitride' ('about 90% ionic')")

AU2O3_SOURCE = ("PubChem CID 164805 (CAS 1303-58-8, 'digold trioxide', [O-2].[O-2].[O-2].[Au+3].[Au+3], in the identifier "
                "table of chemicals); Jones, Rumpel, Schwarzmann, Sheldrick, Paulus, Acta Cryst. B35 (1979) 1435 (the "
                "crystal structure, orthorhombic Fdd2, square-planar AuO4 units with 2- and 3-coordinated O; cited for "
                "it by en.wikipedia and it.wikipedia 'Ossido di oro(III)': single crystals from the hydrous oxide with "
                "HClO4 and an alkali perchlorate in a sealed quartz tube at about 250 °C and 30 MPa); de.wikipedia "
                "'Gold(III)-oxid' ('das stabilste bekannte Oxid des ... Golds ... ein rotbrauner, kristalliner, "
                "lichtempfindlicher Feststoff ... zersetzt sich oberhalb von etwa 160 °C wieder in die Elemente')")

#: formula, SMILES, English name, German name, label, source (the format of ``vetted_substances.VETTED``)
S24B_ROWS: list[tuple[str, str, str, str, str, str]] = [
    ("Na3N", "[Na+].[Na+].[Na+].[N-3]", "sodium nitride", "Natriumnitrid", "exists", NA3N_SOURCE),
    # the family deck holds one Au card: 2 Au + 3 O is beyond the hint search's builds (composable_real), so the
    # PubChem record is not reached there; a vetted row with the record's CAS and CID
    ("Au2O3", "[Au+3].[Au+3].[O-2].[O-2].[O-2]", "gold(III) oxide", "Gold(III)-oxid", "exists", AU2O3_SOURCE),
]
#: the records' CAS numbers and PubChem CIDs (no CRC row)
S24B_IDS: dict[str, tuple[str, int]] = {"Au2O3": ("1303-58-8", 164805)}

#: PubChem-only salts of the deck with their second source (the format of ``composable_real.SECOND_SOURCE``)
SECOND_SOURCE_S24B: dict[str, tuple[str, str]] = {
    "Hg(IO3)2": ("mercury(II) iodate: M. Weil, Z. Naturforsch. 58b (2003) 627 (alpha-Hg(IO3)2 precipitated from "
                 "Hg(NO3)2 and HIO3 solution; beta-Hg(IO3)2 single crystals, IO3 pyramids and HgO8 polyhedra; both "
                 "decompose around 500 °C)", ""),
}

#: German mineral names read this session (the format of ``mineral_names.GERMAN``): IMA name -> (German name, source)
GERMAN_S24B: dict[str, tuple[str, str]] = {
    "Struvite": ("Struvit", "de.wikipedia 'Struvit' ('(NH4)Mg[PO4]·6H2O ... chemisch gesehen ein wasserhaltiges "
                 "Ammoniummagnesiumphosphat'; IMA-Symbol Suv); Meyers Großes Konversations-Lexikon, Bd. 19 (1909), "
                 "'Struvit' ('wasserhaltiges, phosphorsaures Ammoniummagnesium (NH4)MgPO4+6H2O')"),
}

#: searched for and left game-only, with the reason (2026-11-29)
LEFT_OPEN: dict[str, str] = {
    "(NH4)2CuCl4": ("PubChem CID 167315 and a DFT study of 'crystalline (NH4)2CuCl4' (Carloni, Blöchl, Orioli, Gazz. "
                    "Chim. Ital. 125 (1995) 497) only; the CRC's 'Ammonium copper(II) chloride dihydrate' (CAS "
                    "10060-13-6) names no ratio (NH4CuCl3 is also an ammonium copper(II) chloride: Willett et al.), and "
                    "the papers read describe the dihydrate (RSC Adv. 8 (2018) 6502): no experimental source for the "
                    "water-free salt"),
    "(H3O)2SO4": ("one structure paper (Taesler & Olovsson, J. Chem. Phys. 51 (1969) 4213: 'The structure consists of "
                  "H3O+ and SO42- ions'); no second independent source read"),
    "Cu3P": ("real (Crovetto, Unold, Zakutayev, arXiv 2210.16686: a semimetal, Cu3-xP), but its card needs a "
             "decision: metal-like without numbers or a salt by the school rule; no structure paper read"),
    "AuBr3": ("the solid is Au2Br6 dimers (en.wikipedia 'Gold(III) bromide', after Greenwood & Earnshaw and Schulz & "
              "Hargittai, Chem. Eur. J. 7 (2001) 3657, a gas-phase and computational study); an oligomer row needs the "
              "solid's structure paper, not read"),
    "TcO3Cl": "no source read today",
    "UBr2Cl2": "no source read today",
    "Li3BO3": ("the game refuses the build as divisible (an Li2O part): a record would change no text a student reads; "
               "no structure paper read"),
    "LiPN2": ("as s22b: the structure paper (Schnick & Lücke, about 1990) is not in the corpus; its card would need a "
              "sentence that the solid is a framework of PN4 tetrahedra (no PN2- ion)"),
}
