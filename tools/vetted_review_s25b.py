"""s25b: notes beside real substances (the lead's new note kind for Na3N; hydrate notes; source texts with authors).

Every source below was read on 2026-11-29 through the search tool (pages corpus); what a row quotes is what the stored
page showed. The tables are added to ``tools/vetted_substances.py`` by a block marked "s25b" at its end.

* **A new note kind, ``DECOMPOSES_WARM``** (the data's ``decomposes_warm``, the note key ``decomposes_warm``, catalogs
  ``chem.decomposes_warm``, ``chem.decomposes_warm.one`` and ``chem.decomposes_warm.air``): a real substance stable at
  room temperature that decomposes on gentle heating, with the temperatures the sources give (the note names the range
  from the lowest to the highest, so it is true for each source) and the products, and whether it is air-sensitive. It
  qualifies "exists" and changes no bonding text (unlike ``cold_only``, whose substance SCl4 is not kept at room
  temperature at all). A row: formula -> (lowest °C, highest °C, products, air-sensitive, source).

  Na3N: D. Fischer and M. Jansen made it from atomic beams (Angew. Chem. Int. Ed. 41 (2002) 1755, read as Chemical &
  Engineering News reports it): crystalline at room temperature, decomposing into the elements at 87 °C. G. V.
  Vajenine made it from sodium and plasma-activated nitrogen (abstract: above 104 °C into the elements). Two groups,
  87 °C and 104 °C: the note says "87 °C to 104 °C". Air: en.wikipedia 'Sodium nitride' (Vajenine's product "very
  air-sensitive ... an argon environment is used") and a supplier's page (benchchem, trisodium nitride: "may combust
  spontaneously in air").

  Checked for the same note (reported, not changed; see ``NOT_NOTED``): no other row of the data needs it on what was
  read this session.

>>> sorted(DECOMPOSES_WARM), DECOMPOSES_WARM["Na3N"][:4]
(['Na3N'], (87, 104, ('Na', 'N2'), True))
"""
from __future__ import annotations

#: the C&EN report of Fischer & Jansen's paper, as the stored page shows it (discovery.researcher.life copy of the
#: abstract)
FISCHER_JANSEN = ("D. Fischer, M. Jansen, Angew. Chem. Int. Ed. 41 (2002) 1755, as Chemical & Engineering News 80 (20 May "
                  "2002), 'Elusive binary nitride prepared', reports it: 'Research chemist Dieter Fischer and chemistry "
                  "professor Martin Jansen prepared amorphous solid Na3N by generating atomic beams of sodium and "
                  "nitrogen ... The Na3N changes to a crystalline form when heated to room temperature and decomposes "
                  "into its elements at 87 °C'")
#: Vajenine's abstract (referencecitationanalysis.com copy). Its journal and year: searched again on 2026-11-29 (pages and
#: docs corpora, the title, the DOI and the author's name; the text index): no page read shows them
VAJENINE = ("G. V. Vajenine (the author en.wikipedia 'Sodium nitride' names), 'Plasma-assisted synthesis and properties "
            "of Na3N' (journal and year not confirmed in any page read; 'Inorg. Chem. 2007' of earlier sessions was "
            "written from memory), abstract: 'Dark-blue sodium nitride, Na(3)N, was prepared by the reaction of "
            "metallic sodium or liquid Na-K alloy with plasma-activated nitrogen at low pressure ... Na(3)N decomposes "
            "above 104 degrees C into the elements, with DeltaH(f) estimated at +64(2) kJ/mol'")
NA3N_AIR = ("en.wikipedia 'Sodium nitride' ('It shows no signs of decomposition after several weeks when at room "
            "temperature'; 'Vajenine's method is very air-sensitive and can decompose and combust rapidly, so an argon "
            "environment is used'); benchchem.com, trisodium nitride, CAS 12136-83-3 ('can react violently with water, "
            "releasing ammonia gas, and may combust spontaneously in air')")

#: real substances stable at room temperature that decompose on gentle heating: formula -> (lowest °C, highest °C the
#: sources give, the products, air-sensitive, source)
DECOMPOSES_WARM: dict[str, tuple[float, float, tuple[str, ...], bool, str]] = {
    "Na3N": (87, 104, ("Na", "N2"), True, "; ".join((FISCHER_JANSEN, VAJENINE, NA3N_AIR))),
}

#: substances looked at for the same note and left without it, with the reason (read by no code)
NOT_NOTED: dict[str, str] = {}
