"""s20d: the chemistry backlog of Das Chemie-Kartenspiel (session 20): one rule for a real composition built otherwise,
the sources of UO3's framework row, PtI2's bonding sentence, and the open rows searched again.

Every source below was read on 2026-11-28 through the search tool (pages corpus; two docs queries gave nothing usable);
what a text quotes is what the stored page showed. Appended by a block marked "s20d" at the end of
``tools/vetted_substances.py``.

* **One rule for "the cards' formula is the composition of a real compound whose structure differs from what the cards
  suggest"** (NH3SO4 vs HNSO, decided): identity is the composition (the vetted record of that formula). A combination
  card is a claim about the structure (a group of bonded atoms with the card's numbers: [OH]- is an O-H bond, [SO4]2-
  an S bonded to four O); an element card is not: its charge is the game's number, chosen so the sum is zero (a C card
  carries only +4 or -4). So the build **is the real substance** when every combination card's group is in the real
  structure (its bonds, read by RDKit from the record's SMILES: the data's ``absent_groups``) with the group atoms'
  numbers; the card names it, prints the numbers chemists assign (RDKit on the structure) and says, for each element
  card whose charge differs, that the game only checks the sum (``ck.charge_differs``). The build is **another substance
  than the reference's** (game-only, "dieselbe Zusammensetzung hat ...") when a combination card claims a group the
  real structure lacks or numbers its atoms do not have; where a source describes the cards' isomer, it is named
  (cyanic acid HOCN). Applied to both: NH3SO4 from N + 3 H + [SO4]2- is hydroxylamine-O-sulfonic acid H2N-O-SO3H (the
  S bonded to four O is there, S +6 and O -2 as on the card; N +5 and H -1 are the element cards' numbers): known, as
  s19e made it. HNSO from S + N + [OH]- is no thionylimide H-N=S=O (no O-H bond): game-only with the same-composition
  line, as s18c made it. The rule changed one thing in the engine: an element laid both as element cards and inside a
  group was judged by the mean over all its atoms, so the element cards' game numbers decided
  (``truth.group_claims``); C + 3 H + [OH]- (C +4, H -1) was "so gibt es den Stoff nicht" though methanol is CH3-OH;
  likewise formic acid (C + H + O + [OH]-), phosphinic acid (P + 2 H + O + [OH]-), [NH3OH]Cl, Mn(OH)2, Pb(OH)2 and
  NH4NO3 from element cards beside one group card. Now they read as NH3SO4 does. An element card beside a group is
  compared with the number of the atoms the group leaves (``truth.free_number``: the N card beside NO3- is the ammonium
  N, -3; beside NH4+ the nitrate N, +5), not with the mean over unlike atoms.
* **UO3** (truth row 454, the s19g framework row): sources with authors for the framework were searched again
  (``UO3_SOURCES_S20D``). Found with authors: Sweet et al. 2013 (polymorphs, no structure statement); Colmenero et al.
  2017 (a DFT study of gamma-UO3: title and authors only in the page read). Found with a structure statement, journal
  and year but no authors on the page: delta-UO3 (Front. Nucl. Eng. 2022: UO6 octahedra sharing corners in three
  dimensions) and beta-UO3 (Inorg. Chem. 59 (2020): uranyl units in the solid, OSTI record). No page read names the
  authors of the gamma-UO3 neutron study, and Greenwood & Earnshaw's uranium chapter is not in the corpus. The row's
  statement (every crystal form a framework of U-O polyhedra, no salt of U6+ ions) stands on these; no source with
  authors states it.
* **PtI2**: no source describes its solid (searched: PtI2 crystal structure, platinum diiodide, materials databases;
  only PtCl3/PtBr3, K2PtI6, iodoplatinic acid and vendor pages, and an AI-written page, which is no source). Rule
  (``substances.unread_structure_sibling``): a known binary metal chloride, bromide or iodide that the school rule calls
  a salt, whose solid no source of the reference describes, while another such halide of the same metal at the same
  oxidation number is a structure row that is no salt of ions, does not read "Ein Salz ... Ionen": the card says the
  school rule's class, that no source of the reference describes its solid, and that the sibling is no salt of M n+
  ions (``ck.bond.metal_nonmetal_unread``); its balance is the sum of oxidation numbers, not a balance of ions. It
  applies to PtI2 and PtBr2 (PtCl2: polymer or Pt6Cl12 molecules, von Schnering et al. 2003).
* ``LEFT_OPEN_S20D``: Ca2NF, SCl4 (tests/truth/open-s19d.txt) and s18e's open list searched again: nothing moves.

>>> sorted(LEFT_OPEN_S20D)
['AmP', 'Ca2NF', 'SCl4', 'ThOCl2', 'WOCl2']
>>> "Sweet" in UO3_SOURCES_S20D and "10.3389/fnuen.2022.995292" in UO3_SOURCES_S20D
True
"""
from __future__ import annotations

#: what the search of 2026-11-28 added to the sources of UO3's row of structure facts (vetted_substances.SOLID_STRUCTURES)
UO3_SOURCES_S20D = (
    "s20d, searched again for sources with authors: 'Unexpected features in the optical vibrational spectra of "
    "delta-UO3', Front. Nucl. Eng. (31 October 2022), doi:10.3389/fnuen.2022.995292 (Oak Ridge National Laboratory; the "
    "page read shows no author names): 'Uranium trioxide displays a complex chemical phase space, with at least six "
    "structurally distinct polymorphs ... delta-UO3 ... having U (VI) in octahedral coordination with polyhedra "
    "interconnected through corner-sharing to build a 3-D cubic lattice with space group symmetry Pm-3m'; "
    "'Computationally Guided Investigation of the Optical Spectra of Pure beta-UO3', Inorg. Chem. 59 (2020), no. 16, "
    "OSTI 1649257 (Oak Ridge; no author names on the record read): 'suggest the presence of four crystallographically "
    "distinct uranyl ions' (uranyl units bound in the solid, no U6+ ion); with authors but no structure statement in the "
    "page read: Sweet, Blake, Henager, Hu, Johnson, Meier, Peper et al., 'Investigation of the Polymorphs and "
    "Hydrolysis of Uranium Trioxide', J. Radioanal. Nucl. Chem. 296 (2013) 105, doi:10.1007/s10967-012-2063-9 (PNNL "
    "record: 'most production schemes for UO3 result in a mixture of up to six different polymorphic phases'); "
    "Colmenero, Jimenez Bonales, Cobos, Timon, 'Density Functional Theory Study of the Thermodynamic and Raman "
    "Vibrational Properties of gamma-UO3 Polymorph', J. Phys. Chem. C (2017) (title and authors only). No page read "
    "names the authors of the neutron study above, and Greenwood & Earnshaw's uranium chapter was not found in the "
    "corpus: no source with authors states the framework itself"
)

#: compositions searched again on 2026-11-28 and left as they were: formula -> what was found
LEFT_OPEN_S20D: dict[str, str] = {
    "Ca2NF": "the same abstract again ('Crystal chemistry of ordered rocksalt-type Ca2NF', discovery.researcher.life, "
             "no authors or year shown; refined composition Ca2N0.925F1.23); beside it only Ca2ND (Sichla & Jacobs, "
             "Eur. J. Solid State Inorg. Chem. 32 (1995) 49) and Ca2N, other compositions: open",
    "SCl4": "the same two sources (en.wikipedia 'Sulfur tetrachloride', several copies; Great Soviet Encyclopedia "
            "'Sulfur chloride'): kept only below -30 °C, solid structure 'uncertain ... probably the salt SCl3+Cl-'; "
            "an old WP revision's 'seesaw' gas structure speaks of 'S-F interactions' (text copied from SF4): no label "
            "or class fits, as s19g found: open",
    "ThOCl2": "only the ThCl4 heating abstract again (discovery.researcher.life, authors not shown): one source",
    "WOCl2": "only en.wikipedia 'Tungsten dichloride dioxide' and its copies ('WOCl4, WOCl3, WOCl2'): one source",
    "AmP": "no AmP line in any page read (americium phosphate AmPO4, the metal and its oxides only): none",
}
