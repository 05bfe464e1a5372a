"""s25d: a reference gap of open-s24b.txt closed with two sources, and the gaps read and left open.

Every source below was read on 2026-11-29 through the search tool (pages corpus); what a row quotes is what the stored
page showed.

**Closed** (``OXONIUM_SULFATE``, a ``HANDBOOK`` row of ``tools/composable_real.py``, added by its block marked "s25d"):

* (H3O)2SO4, sulfuric acid dihydrate, the cards 2 [H3O]+ + [SO4]2- (the game called it "nicht in unserem
  Nachschlagewerk"): the crystal structure, 'The structure consists of H3O+ and SO42- ions' (I. Taesler, I. Olovsson,
  'Hydrogen Bond Studies. XXXVII. The Crystal Structure of Sulfuric Acid Dihydrate (H3O+)2SO42-', J. Chem. Phys. 51
  (1969) 4213; the authors as open-s24b.txt names them, not on the page read), and, from another group, the phase
  diagram of sulfuric acid and water with the 'observed hydrates in this system; sulfuric acid monohydrate (SAM) 84.5
  wt%, sulfuric acid dihydrate (SAD) 73.1 wt% ...' (H. E. Maynard-Casely, H. E. A. Brand, K. S. Wallwork, 'Structure and
  thermal expansion of sulfuric acid octahydrate', J. Appl. Cryst. 45 (2012) 1198, Fig. 1, after Beyer et al. 2003).
  The oxonium salts of the strong acids the reference already keys are [H3O]ClO4, [H3O]NO3 and [H3O]HSO4 (s22c); the
  dihydrate is the sulfate of two oxonium ions as the monohydrate is the hydrogensulfate of one.

**Left open, with the reason** (``LEFT_OPEN``): the other rows of open-s24b.txt and open-s24c.txt.

>>> OXONIUM_SULFATE[0], OXONIUM_SULFATE[1][2]
('[H3O]2SO4', False)
>>> sorted(LEFT_OPEN)[:3]
['(NH4)2CuCl4', '(NH4)FePO4', '(NH4)MnPO4']
"""
from __future__ import annotations

#: a ``HANDBOOK`` row of ``tools/composable_real.py``: formula, (SMILES, sources, known only in solution)
OXONIUM_SULFATE = ("[H3O]2SO4", (
    "[OH3+].[OH3+].[O-]S(=O)(=O)[O-]",
    "Taesler, Olovsson, J. Chem. Phys. 51 (1969) 4213 ('Hydrogen Bond Studies. XXXVII. The Crystal Structure of "
    "Sulfuric Acid Dihydrate (H3O+)2SO42-': 'The crystal structure of H2SO4·2H2O has been determined from "
    "three-dimensional single-crystal x-ray data recorded at -190 °C ... The structure consists of H3O+ and SO42- "
    "ions'); Maynard-Casely, Brand, Wallwork, J. Appl. Cryst. 45 (2012) 1198, Fig. 1 (the phase diagram of sulfuric "
    "acid and water after Beyer et al. 2003: 'the observed hydrates in this system; sulfuric acid monohydrate (SAM) "
    "84.5 wt%, sulfuric acid dihydrate (SAD) 73.1 wt%'); as [H3O]HSO4, [H3O]NO3 and [H3O]ClO4: oxonium salts of the "
    "strong acids", False))

#: searched for on 2026-11-29 and left game-only, with the reason
LEFT_OPEN: dict[str, str] = {
    "(NH4)2CuCl4": ("as open-s24b.txt: only the dihydrate and a DFT study read; searched again ('anhydrous "
                    "(NH4)2CuCl4 crystal structure ... dehydration of dihydrate'): a vendor's page without authors and a "
                    "paper on K2[CuCl4]·2H2O (J. Chem. Soc. Dalton Trans. 1977, 1608); no experimental source for the "
                    "water-free salt"),
    "Cu3P": "as open-s24b.txt: real, but its card needs a decision (metal-like or a salt by the school rule)",
    "AuBr3": "as open-s24b.txt: the solid is Au2Br6; an oligomer row needs the solid's structure paper",
    "TcO3Cl": ("searched ('pertechnetyl chloride TcO3Cl', pages and docs corpora): the pages found are on TcCl3, TcCl4 "
               "and TcOCl3, none on TcO3Cl"),
    "UBr2Cl2": "not searched again: no source in s24b, none today",
    "Li3BO3": "as open-s24b.txt: the game refuses the build as divisible, so a record would change no text",
    "LiPN2": "as open-s22b.txt: the structure paper (Schnick & Lücke) is not in the corpus",
    "(NH4)MnPO4": ("searched ('ammonium manganese phosphate monohydrate NH4MnPO4·H2O', 'NH4MnPO4·H2O layered magnetic'): "
                   "the pages found describe the monohydrate (niahite's salt, a vendor's page) or other ammonium "
                   "manganese phosphates (NH4Mn2O(PO4)(HPO4)·H2O: Lightfoot & Cheetham, J. Solid State Chem. 1989; "
                   "(NH4)2[Mn3(P2O7)2(H2O)2]: Chippindale et al., J. Mater. Chem. 13 (2003) 1950); none the water-free "
                   "salt, which the game would name with the hydrate note as it names (NH4)MgPO4"),
    "(NH4)FePO4": "not searched again today: one PubChem record; the monohydrate is the salt made",
    "LiOH·H2O": ("a decision first, not a source: the cards [H3O]+ + Li + O claim an H3O+ ion the hydrate lacks, so the "
                 "build would be 'other' beside the hydrate, as (H3O)FeO2 beside Fe(OH)3"),
    "NaOH·H2O": "as LiOH·H2O; one PubChem record",
    "HPO3": ("as open-s24c.txt: the substance sold as metaphosphoric acid is a glassy polymer (HPO3)n; its class and a "
             "chain sentence would be needed beside a second source"),
}
