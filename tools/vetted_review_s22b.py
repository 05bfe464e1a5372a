"""s22b: phosphonium iodide PH4I, a real salt the review s21c found called game-only (``tests/truth/open-s21c.txt``).

Every source below was read on 2026-11-28 through the search tool (pages corpus) or is a table shipped in the venv;
what a row quotes is what the stored page showed. The row has the format of ``vetted_substances.VETTED`` (formula,
SMILES, English name, German name, label, source) and is appended there by a block marked "s22b" at the end of
``tools/vetted_substances.py``.

* **Label ``exists``.** The CRC Handbook of Chemistry and Physics lists it (the inorganic table shipped in
  ``chemicals``: 'Phosphonium iodide', CAS 12125-09-6, formula H4IP); the data build leaves that row out only because
  its name does not mention hydrogen (``make_substances``: "hydrogen the name does not mention"), so the vetted
  structure carries it. en.wikipedia 'Phosphonium iodide': "a salt containing an unsubstituted phosphonium cation
  (PH4+)", tetragonal P4/nmm, "a distorted version of the NH4Cl crystal structure", made from P2I4, P4 and water,
  sublimes and dissociates reversibly into PH3 and HI at 62 °C, "commonly used as storage for phosphine". ru.wikipedia
  'Фосфоний' (read as a translated copy): the phosphonium halides sublime at −28 (PH4Cl), 35 (PH4Br) and 62 °C (PH4I),
  PH4I the best known, used in the laboratory to make pure phosphine.
* **Structure:** PubChem CID 166618's SMILES ``[PH4+].[I-]`` (en.wikipedia's infobox gives the same). Its oxidation
  numbers are the house's for H bonded to P (the textbooks' +1, s21b: PH3 P −3): P −3, H +1, I −1; the bond graph alone
  gives P +5 (H 2.20 against P 2.19), which the card says beside them (the data's ``h_convention``).
* **The ion PH4+** is added to the nomenclature's ion table (phosphonium, Phosphonium; marked ``rare`` so that a split
  with it loses a tie to one without), so the salt's ions are PH4+ and I− as NH4I's are NH4+ and I−.

LiPN2 (the other open row of s21c) stays open: the crystal-structure paper (Schnick and co-workers) was not found in the
corpus, and a salt of Li+ in a framework of PN4 tetrahedra needs its own sentence (no PN2− ion in the solid), which no
source read today states (``tests/truth/open-s22b.txt``).

>>> [row[0] for row in S22B_ROWS], S22B_ROWS[0][4], S22B_IDS["PH4I"]
(['PH4I'], 'exists', ('12125-09-6', 166618))
"""
from __future__ import annotations

CRC_PH4I = ("CRC Handbook of Chemistry and Physics, inorganic table as shipped in chemicals (CRC_inorganic_data: "
            "'Phosphonium iodide', CAS 12125-09-6, formula H4IP)")
WP_PH4I = ("en.wikipedia 'Phosphonium iodide' (en.wikipedia.org, friendlywiki.com copy: 'a salt containing an "
           "unsubstituted phosphonium cation (PH4+)'; 'Its crystal structure has the tetragonal space group P4/nmm, which "
           "is a distorted version of the NH4Cl crystal structure'; 'At 62 °C and atmospheric pressure, phosphonium "
           "iodide sublimates and dissociates reversibly into phosphine and hydrogen iodide'; PubChem CID 166618, SMILES "
           "[PH4+].[I-])")
RU_PH4I = ("ru.wikipedia 'Фосфоний' (translated copy on perceptionl.com: the phosphonium halides sublime at −28 °C (PH4Cl), "
           "35 °C (PH4Br) and 62 °C (PH4I); phosphonium iodide PH4I the best known; its decomposition is used in the "
           "laboratory to obtain pure phosphine)")

#: formula, SMILES, English name, German name, label, source (2026-11-28)
S22B_ROWS: list[tuple[str, str, str, str, str, str]] = [
    ("PH4I", "[PH4+].[I-]", "phosphonium iodide", "Phosphoniumiodid", "exists", "; ".join((CRC_PH4I, WP_PH4I, RU_PH4I))),
]

#: the record's CAS number and PubChem CID (the CRC row and en.wikipedia's infobox)
S22B_IDS: dict[str, tuple[str, int]] = {"PH4I": ("12125-09-6", 166618)}
