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

  Checked for the same note (reported, not changed; see ``NOT_NOTED``): CuH and NH4HCO3 are candidates, each with one
  source read; the note needs two, so neither carried it then (NH4HCO3 has it since a second source was read:
  ``tools/vetted_review_s26c.py``; CuH is unstable at room temperature). SCl4's cold_only is right; NH4NO2 is not
  stable at room temperature.

* **Hydrate notes** (``HYDRATES_S25B`` into ``HYDRATES``), as the existing ones: Cr(ClO4)3, Fe(ClO4)3 and
  H2[PtCl6] the hydrate a supplier has. H2[PtCl6] does not get H[AuCl4]'s "kept only in water or as a hydrate": the
  CRC lists the acid itself with a melting point (60 °C), which that sentence would contradict.

>>> "Na3N" in DECOMPOSES_WARM, "CuH" in DECOMPOSES_WARM, DECOMPOSES_WARM["Na3N"][:4]
(True, False, (87, 104, ('Na', 'N2'), True))
>>> sorted(HYDRATES_S25B)
['Cr(ClO4)3', 'Fe(ClO4)3', 'H2PtCl6']
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

#: salts a supplier has as a hydrate: formula -> (hydrate, flags of ``vetted_substances.HYDRATES``, source)
HYDRATES_S25B: dict[str, tuple[str, str, str]] = {
    "Cr(ClO4)3": ("Cr(ClO4)3·6H2O", "", "PubChem CID 12987845 (CAS 55147-94-9, 'chromium(3+);triperchlorate;hexahydrate', in "
                  "the identifier tables of chemicals); Greenwood & Earnshaw, Chemistry of the Elements, 2nd ed. (1997), ch. "
                  "23 (chromium(III) salts of [Cr(H2O)6]3+: perchlorate)"),
    "Fe(ClO4)3": ("Fe(ClO4)3·9H2O", "", "E. Hennings, H. Schmidt, W. Voigt, 'Crystal structure of iron(III) perchlorate "
                  "nonahydrate', Acta Cryst. E70 (2014) 477, doi:10.1107/S1600536814024295 ('[Fe(H2O)6](ClO4)3·3H2O was "
                  "crystallized from aqueous solutions ... we obtained the nonahydrate as a stable phase in the binary "
                  "salt-water system'); 'Hexaaquairon(III) perchlorate trihydrate', Acta Cryst. E (2006), "
                  "doi:10.1107/S1600536806008555 (abstract: 'A single crystal of commercially available \"iron(III) "
                  "perchlorate hexahydrate\" has been structurally characterized and shown to be hexaaquairon(III) "
                  "tris(perchlorate) trihydrate, [Fe(H2O)6](ClO4)3·3H2O'; authors not on the page read)"),
    # not as H[AuCl4] (kept only in water or as a hydrate): the CRC lists 'Hexachloroplatinic acid' (CAS 16941-12-1)
    # with a melting point of 60 °C, so the note says only what a supplier has, not that no water-free solid exists
    "H2PtCl6": ("H2[PtCl6]·6H2O", "", "D. Steinborn et al., 'Synthesis, Reactivity, and Structure of "
                "[H13O6][PtCl5(H4O2)]·2(18-cr-6)', Inorg. Chem. 36 (1997) 2195, doi:10.1021/ic9614780 (abstract: 'An "
                "aqueous solution of H2[PtCl6]·6 H2O reacts with crown ether 18-crown-6'); en.wikipedia 'Chloroplatinic "
                "acid' ('an inorganic compound with the formula [H3O]2[PtCl6](H2O)x (0 ≤ x ≤ 6). A red solid, it is an "
                "important commercial source of platinum, usually as an aqueous solution ... highly hygroscopic'); "
                "benchchem.com, 'Hexachloroplatinic(IV) acid hydrate' ('commercially available ... as aqueous solutions "
                "or solid hydrates'); IUPAC, Nomenclature of Inorganic Chemistry 2005, IR-8.4, example 8 ('H2[PtCl6]·2H2O "
                "dihydrogen(hexachloridoplatinate)—water (1/2)')"),
}
#: substances looked at for the same note and left without it, with the reason (read by no code)
NOT_NOTED: dict[str, str] = {
    "SCl4": "cold_only stays right: it decomposes above about -30 °C, far below room temperature (s21h's two sources)",
    "CuH": ("decomposes above about 60 °C (the vetted row's comment, after Greenwood & Earnshaw and Holleman-Wiberg as "
            "cited by session 11, not read again here): a candidate; no second source read this session"),
    "PH4I": ("sublimes and dissociates into PH3 and HI at 62 °C (en.wikipedia, s22b): one source only, and dissociation "
             "on subliming is not what the note says"),
    "NH4HCO3": ("gives off NH3, CO2 and H2O from about 36 °C (en.wikipedia, not searched for a paper): a candidate "
                "without the air flag; needs two sources with authors"),
    "NH4NO2": ("the sources read in earlier sessions say it decomposes already at room temperature (slowly) and "
               "explosively on heating: not 'stable at room temperature', so not this note"),
}
