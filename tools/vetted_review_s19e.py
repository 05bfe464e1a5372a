"""s19e: identity from vetted records for Das Chemie-Kartenspiel, session 19 (s18e's review: M2, M3 and the open list).

Every source below was read on 2026-11-28 through the search tool (pages corpus); what a row quotes is what the stored
page showed. The rows have the format of ``vetted_substances.VETTED`` (formula, SMILES, English name, German name, label,
source) and are appended there by a block marked "s19e" at the end of ``tools/vetted_substances.py``.

* **One rule for acids known only in water** (review s18e, M2). H2CrO4 and HMnO4 were "known, only in solution" while
  orthosilicic acid H4SiO4 was game-only. The rule, written once and applied to all three: *a substance that two
  independent sources place in aqueous solution, and that no source isolates pure, is a known substance with the note
  "known only dissolved in water"* (``vetted_substances.SOLUTION_ONLY``; the label ``exists``, as a bottle of the
  solution holds it). One that the sources know only from spectra or the gas phase is ``transient``; one that no source
  places anywhere stays game-only. Orthosilicic acid is the form of dissolved silica in natural waters (two sources
  below), so it is a row of ``S19E_ROWS`` with its own sentence (``SOLUTION_MEDIA_S19E``: very dilute only, condensing
  to silica gel when concentrated). Metasilicic acid H2SiO3 stays game-only: the sources call its Si=O monomer
  hypothetical (``LEFT_OPEN``).
* **NH3SO4 is hydroxylamine-O-sulfonic acid** (review s18e, M3): H2N-O-SO3H (a zwitterion +H3N-O-SO3- in the solid), the
  formula the cards N + 3 H + [SO4]2- build. With the row the card says "dieselbe Zusammensetzung hat ..." (the
  reference's numbers N -1, H +1, S +6 are not the cards' N +5, H -1).
* ``LEFT_OPEN``: the compositions of s18e's open list (tests/truth/open-s18e.txt) searched again today without a second
  independent source, each with what was found. They stay game-only ("nicht in unserem Nachschlagewerk, nur nach
  Spielregel"), which says nothing about whether they exist.

>>> sorted(row[0] for row in S19E_ROWS)
['H3NO4S', 'H4SiO4']
>>> sorted(SOLUTION_ONLY_S19E), SOLUTION_MEDIA_S19E
(['H4SiO4'], {'H4SiO4': 'silicic_acid'})
"""
from __future__ import annotations

# en.wikipedia 'Silicic acid' (everything.explained.today and graphsearch.epfl.ch copies, read 2026-11-28)
_WP_SILICIC = ("Wikipedia (English) 'Silicic acid' ('Silica dissolves very sparingly in water and is present in seawater "
               "at concentrations below 100 parts per million. In such dilute solutions, silica is assumed to exist as "
               "orthosilicic acid ... in concentrated solutions, silicic acids generally polymerize and condense, and "
               "ultimately degrade to silicon dioxide and water ... Dehydrating the latter yields ... silica gel'; 'Well "
               "defined silicic acids have not been obtained in a form that has been characterized by X-ray "
               "crystallography'; an older revision: 'In the oceans, silicon exists primarily as orthosilicic acid "
               "(H4SiO4)', citing Greenwood & Earnshaw and Iler, The Chemistry of Silica, 1979)")
# the Great Soviet Encyclopedia (3rd ed., 1970-1979), 'Silicic Acids' (ed.mdict.net copy of the English translation)
_GSE_SILICIC = ("Great Soviet Encyclopedia, 'Silicic Acids' ('Amorphous silicon dioxide (amorphous silica) primarily yields "
                "orthosilicic acid, H4SiO4, in an aqueous solution with an approximate solubility of 100 mg per liter. In "
                "supersaturated solutions ... silicic acids undergo changes and form colloidal particles ... sol ... or it "
                "may aggregate to form a jelly')")
# hydroxylamine-O-sulfonic acid: de.wikipedia (and its English article), a paper's abstract, the PubChem record
_WP_HOSA = ("Wikipedia (German) 'Hydroxylamin-O-sulfonsäure' (de.wikipedia.org, dewiki.de copies: 'Summenformel H3NO4S "
            "... CAS-Nummer 2950-43-8 ... weißes bis beiges kristallines Pulver ... Schmelzpunkt 210 °C (unter Zersetzung) "
            "... entsteht bei der Sulfonierung von Hydroxylamin ... Die Säure liegt wegen der Anwesenheit der basischen "
            "Aminogruppe und der sauren Sulfogruppe als Zwitterion vor'); Wikipedia (English) 'Hydroxylamine-O-sulfonic "
            "acid' ('the inorganic compound with molecular formula H3NO4S that is formed by the sulfonation of "
            "hydroxylamine with oleum. It is a white, water-soluble and hygroscopic, solid, commonly represented by the "
            "condensed structural formula H2NOSO3H, though it actually exists as a zwitterion ... +H3NOSO3-')")
_LIT_HOSA = ("a paper on 'Sulfoperamidsäure' (abstract, molaid.com record MS_23770610; authors and journal not shown: "
             "'Die „Sulfoperamidsäure“ NH3SO4 ist der Konstitution nach kein Amid der Peroxymonoschwefelsäure, sondern ein "
             "SO3-Addukt an die Aminoxydformel des Hydroxylamins ... Das Ultrarotspektrum zeigt eindeutig die Valenz- und "
             "Deformationsschwingungen der NH3+-Gruppe'); PubChem CID 76284, 'hydroxylamine-O-sulfonic acid', SMILES "
             "NOS(=O)(=O)O (the identifier table shipped in chemicals, CAS 2950-43-8)")

#: formula, SMILES, English name, German name, label, source (two independent sources read for each, 2026-11-28)
S19E_ROWS: list[tuple[str, str, str, str, str, str]] = [
    # M2: known only in very dilute aqueous solution (SOLUTION_ONLY_S19E), the form of dissolved silica in natural waters
    ("H4SiO4", "O[Si](O)(O)O", "orthosilicic acid", "Orthokieselsäure", "exists", _WP_SILICIC + "; " + _GSE_SILICIC),
    # M3: H2N-O-SO3H; RDKit on NOS(=O)(=O)O gives N -1 (as in hydroxylamine), S +6
    ("H3NO4S", "NOS(=O)(=O)O", "hydroxylamine-O-sulfonic acid", "Hydroxylamin-O-sulfonsäure", "exists",
     _WP_HOSA + "; " + _LIT_HOSA),
]

#: formula -> source of the note "known only dissolved in water" (vetted_substances.SOLUTION_ONLY)
SOLUTION_ONLY_S19E: dict[str, str] = {
    "H4SiO4": ("orthosilicic acid: only in very dilute aqueous solution (below about 100 mg SiO2 per litre), the form of "
               "dissolved silica in seawater; concentrated, it condenses to polysilicic acids and silica gel; " + _WP_SILICIC
               + "; " + _GSE_SILICIC),
}
#: formula -> its own sentence (catalog chem.solution_only.<variant>)
SOLUTION_MEDIA_S19E: dict[str, str] = {"H4SiO4": "silicic_acid"}

#: compositions of s18e's open list searched again on 2026-11-28, left game-only: formula -> what was found
LEFT_OPEN: dict[str, str] = {
    "AmOBr": "no source in the corpus (searched: americium oxybromide, actinide oxyhalides PbFCl type; only AcOBr and the "
             "AmX3 halides found); AmOCl is known (AFLOW, s17d)",
    "AmOI": "no source (americium oxyiodide: none)",
    "AmOF": "no source (americium oxyfluoride: none)",
    "UNCl": "no source for U(V) nitride chloride UNCl; the uranium(IV) imide chloride U(NH)Cl (PbFCl type, a "
            "Z. anorg. allg. Chem. abstract; Berthold & Knecht 1968) is another composition",
    "ThNCl": "one paper only: Wang, Ye, Hu, Meng, Shang, Shi, Ying, Chen, Inorg. Chem. 58 (2019) 9897 (PubMed 31291102 "
             "and the datapdf copy are the same paper); the CRC table has no thorium nitride halide",
    "AmP": "the monopnictides AmP ... AmBi (rock salt) are named in de/en.wikipedia 'Americium', not in the stored copies "
           "read today; Damien, Charvillat & Hery, CEA-CONF-3968 (1977) on actinide pnictides shows no AmP line in the "
           "excerpt read; no CRC row",
    "UOCl2": "no source (only UO2Cl2, uranyl chloride, found)",
    "ThOCl2": "one abstract (s18e: a ThCl4 heating study, authors not shown); nothing new",
    "WOCl2": "one passing mention (WP 'Tungsten dichloride dioxide': 'WOCl4, WOCl3, WOCl2'; tungstate.net copies the same "
             "text); the CRC table has W(VI) oxychlorides only",
    "TcO3F": "no source (pertechnetyl fluoride: only [TcO3(OTf)] and TcF6 pages)",
    "BaZnSiO4": "no source (BaZn2Si2O7, BaCu2Si2O7 and Ba2Zn(BO3)2 found, not BaZnSiO4)",
    "BaH2SiO4": "one paper only (Chen, Zhou, Mak, Wong, Tang, Zhu, Chin. J. Inorg. Chem. 2002; PolyU record read again)",
    "CH3Cu": "one source (WP 'Gilman reagent', s18e); no second found today",
    "H2SiO3": "metasilicic acid: en.wikipedia 'Silicic acid' calls the Si=O double bond its formula implies 'hypothetical "
              "or highly unstable'; the Great Soviet Encyclopedia names only a polymeric form (H8Si4O12): no monomer",
}

_DE_TOLBACHIT = ("de.wikipedia 'Tolbachit' (profilpelajar.com/de copy: 'Entdeckt wurde Tolbachit in den Fumarolenprodukten "
                 "am Vulkan Tolbatschik ... In der „Lapis-Systematik“ entspricht dies der Klasse der „Halogenide“ und dort der "
                 "Abteilung „Einfache Halogenide“, wo Tolbachit zusammen mit Chloromagnesit, Lawrencit und Scacchit eine "
                 "eigenständige, aber unbenannte Gruppe bildet')")
#: IMA name -> (German name, the German source read for it on 2026-11-28): ``tools/mineral_names.GERMAN`` (s16e's rule: a
#: German form only where a German source names the mineral so; every other IMA name is marked "IMA-Name" in German text)
GERMAN_S19E: dict[str, tuple[str, str]] = {
    "Hermannroseite": ("Hermannroseit", "de.wikipedia 'Hermannroseit' ('Hermannroseit ist ein extrem selten vorkommendes "
                       "Mineral aus der Mineralklasse der „Phosphate, Arsenate und Vanadate“ ... idealisierten chemischen "
                       "Zusammensetzung CaCu(PO4)(OH)')"),
    "Bismutoferrite": ("Bismutoferrit", "Thomas Witzke, strahlen.org 'Typlokalitäten: Bismutoferrit' ('Formel: "
                       "Fe2Bi(SiO4)2(OH), monoklin; Typlokalität: Schneeberg, Erzgebirge, Sachsen'; first named "
                       "'Bismutoferrit' by Frenzel, J. prakt. Chem. 4 (1871) 353)"),
    "Scrutinyite": ("Scrutinyit", "de.wikipedia 'Scrutinyit' (dewiki.de copy: 'Scrutinyit (IMA-Symbol Sny) ist ein sehr selten "
                    "vorkommendes Mineral aus der Mineralklasse der „Oxide und Hydroxide“ mit der chemischen Zusammensetzung "
                    "PbO2 und damit chemisch gesehen Bleidioxid')"),
    "Zavaritskite": ("Zavaritskit", "de.wikipedia 'Zavaritskit' (kiwix copy wikipedia_de_all_mini_2023-10: 'Zavaritskit ist ein "
                     "selten vorkommendes Mineral aus der Mineralklasse der „Halogenide“. Es kristallisiert im tetragonalen "
                     "Kristallsystem mit der chemischen Zusammensetzung BiOF')"),
    # the four simple chlorides named together in one German text (de.wikipedia 'Tolbachit', after the Lapis system)
    "Tolbachite": ("Tolbachit", _DE_TOLBACHIT),
    "Lawrencite": ("Lawrencit", _DE_TOLBACHIT),
    "Chloromagnesite": ("Chloromagnesit", _DE_TOLBACHIT),
    "Scacchite": ("Scacchit", _DE_TOLBACHIT),
}
