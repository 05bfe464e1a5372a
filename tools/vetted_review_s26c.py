"""s26c: named sources for the notes left open by s25b, and the reference gaps searched again.

Every source below was read on 2026-11-29 through the search tool (pages corpus unless said); what a row quotes is what
the stored page showed. The tables are added to ``tools/vetted_substances.py`` by a block marked "s26c" at its end.

* **NH4HCO3 gets the note kind ``decomposes_warm``** (``DECOMPOSES_WARM_S26C``, s25b's mechanism): stable at room
  temperature, decomposing on gentle heating into NH3, CO2 and H2O, not air-sensitive. Two named sources give the
  temperatures: the Merck Index ("Comparatively stable at room temp. Volatile with decompn at about 60°") and
  Resentera, Gómez, Rodriguez & Cozzarin, Ind. Eng. Chem. Res. 2025 (DSC: "decomposition proceeds from ∼75 °C"). The
  note gives the range of the two, 60 °C to 75 °C. en.wikipedia's "above about 36 °C" names no source and is not used;
  the Merck Index says the rate of decomposition rises with the temperature, which the word "schon" leaves open.
* **HMnO4's note** (``solution_only``) had only Meyers' encyclopedia (1905-1909, no author) and en.wikipedia. Now also
  K. Pisarczyk, Kirk-Othmer 2005, with two books, as fi.wikipedia cites them (``SOLUTION_SOURCES_S26C``).
* **CuH does not get the note** (``NOT_NOTED_S26C``): the sources say it is unstable at room temperature.
* **Na3N, Vajenine's journal and year**: searched again (``VAJENINE_SEARCHED``); not confirmed. The source texts keep
  saying so.

>>> sorted(DECOMPOSES_WARM_S26C), DECOMPOSES_WARM_S26C["NH4HCO3"][:4]
(['NH4HCO3'], (60, 75, ('NH3', 'CO2', 'H2O'), False))
>>> sorted(SOLUTION_SOURCES_S26C)
['HMnO4']
"""
from __future__ import annotations

#: the Merck Index monograph, as the stored copy shows it (data.cas-msds.com; the edition is not on the page)
MERCK_NH4HCO3 = ("The Merck Index, monograph 'Ammonium Bicarbonate' (CAS 1066-33-7; data.cas-msds.com copy, the edition "
                 "not shown on the page read): 'Comparatively stable at room temp. Volatile with decompn at about 60°. "
                 "The white fumes given off consist of NH3 21.5%, CO2 55.7%, H2O vapor 22.8%. Rate of decompn increases "
                 "as temp rises. mp 107.5° (very rapid heating)'")
#: the abstract of the kinetic study (m.booksci.cn copy of the record)
RESENTERA_2025 = ("A. C. Resentera, S. Gómez, M. H. Rodriguez, M. V. Cozzarin, 'Thermal Decomposition of Ammonium "
                  "Bicarbonate', Ind. Eng. Chem. Res. (published 2025-10-07), doi:10.1021/acs.iecr.5c02795 (abstract: "
                  "'nonisothermal differential scanning calorimetry ... The results indicate that decomposition proceeds "
                  "from ∼75 °C through a single endothermic step, releasing NH3, CO2, and H2O')")
#: read and not used for the temperatures, with the reason
NH4HCO3_OTHERS = ("not used for the range: en.wikipedia 'Ammonium bicarbonate' ('decomposes above about 36 °C', no source "
                  "named on the page read); auvok.com, a seller's page without author ('above 30°C, it decomposes "
                  "significantly ... complete decomposition occurring around 60°C'); NETZSCH application note, TGA-FT-IR "
                  "(a peak of the mass-loss rate at 127 °C at its heating rate, complete by 200 °C: a heating-rate "
                  "figure, not the start)")

#: real substances stable at room temperature that decompose on gentle heating (the format of
#: ``vetted_review_s25b.DECOMPOSES_WARM``): formula -> (lowest °C, highest °C, products, air-sensitive, source)
DECOMPOSES_WARM_S26C: dict[str, tuple[float, float, tuple[str, ...], bool, str]] = {
    "NH4HCO3": (60, 75, ("NH3", "CO2", "H2O"), False, "; ".join((MERCK_NH4HCO3, RESENTERA_2025, NH4HCO3_OTHERS))),
}

#: a further source of a substance known only in water (appended to ``vetted_substances.SOLUTION_ONLY``)
SOLUTION_SOURCES_S26C: dict[str, str] = {
    "HMnO4": ("K. Pisarczyk, 'Manganese Compounds', Kirk-Othmer Encyclopedia of Chemical Technology (John Wiley & "
              "Sons, New York, 2005), T. Scott, M. Eagleson, Concise Encyclopedia Chemistry (Walter de Gruyter, 1994) "
              "p. 622, and A. K. De, A Text Book of Inorganic Chemistry (New Age International, 2003) p. 705, as "
              "fi.wikipedia 'Permangaanihappo' cites the three for its paragraph (the books themselves not read): "
              "'Permangaanihappo on epästabiili yhdiste ja puhtaana sitä ei ole eristetty. Sen dihydraatti "
              "(HMnO4·2H2O) sen sijaan tunnetaan myös kiteisenä alle 18 °C:n lämpötilassa ... vesiliuokset aina 20 % "
              "permangaanihappopitoisuuteen asti ovat stabiileja' (unstable, never isolated pure; the dihydrate "
              "crystalline below 18 °C; solutions up to 20 % stable)"),
}

#: looked at for ``decomposes_warm`` and left without it, with the reason (read by no code)
NOT_NOTED_S26C: dict[str, str] = {
    "CuH": ("not 'stable at room temperature': 'Studies of copper hydride. Part 1. Synthesis and solid-state "
            "stability', J. Chem. Soc., Faraday Trans. 91 (1995) 713 (pubs.rsc.org abstract, authors not on the page "
            "read): 'It is unstable at room temperature and, in an inert atmosphere, decomposes ... to copper metal "
            "and hydrogen ... isothermal decomposition process below 100 °C. Above this temperature the solid melts'; "
            "E. L. Bennett et al., Acta Cryst. B71 (2015) 608 (made in solution at ambient temperature, a CuH core with "
            "a shell of water); grokipedia 'Copper hydride' (no author: 'highly unstable at ambient temperatures, "
            "decomposing within days'). The note would say the opposite; a note 'decomposes slowly already at room "
            "temperature' would be a new kind (the lead's decision)"),
}

#: the searches for the journal and year of Vajenine's Na3N paper this session (none confirmed them)
VAJENINE_SEARCHED = ("2026-11-29, s26c: pages corpus ('Vajenine Plasma-assisted synthesis and properties of Na3N "
                     "Inorganic Chemistry', the reference as en.wikipedia would print it, 'sodium nitride references "
                     "Fischer Jansen ... Vajenine'); docs corpus; code corpus (a COD CIF of Na3N); text index "
                     "('Vajenine', 'Vajenine, G', 'Properties of Na3N', 'Inorg. Chem. 46, 5146', 'ic700406'). Pages "
                     "found: the abstract again (referencecitationanalysis.com), en.wikipedia and copies without the "
                     "reference list, and other Vajenine papers (Inorg. Chem. 40 (2001) 4866; Phys. Rev. B 78 (2008); "
                     "Phys. Rev. B 82 (2010) 134125 with Efthimiopoulos et al.). Not confirmed")
