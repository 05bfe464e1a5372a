"""s17d: the open ends of session 16 for Das Chemie-Kartenspiel (close16.md, 'What needs doing'), each with the sources
read for it through the search tool on 2026-11-28 (pages corpus: abstracts, records, encyclopaedia articles).

``S17D_ROWS`` has the format of ``vetted_substances.VETTED`` (formula, SMILES, English name, German name, label, source)
and is appended there:

* KFeO2, potassium ferrite: two papers of different groups with their years (s16c had the second without its year).
* UN2, uranium dinitride: real, but non-stoichiometric (UNx, x from 1.75 to 2.0, fluorite type) and decomposing from
  675 degrees C. No source read gives it oxidation numbers or says how it conducts or how its atoms are bound, so it
  carries none (``substances.metal_like``, with its own sentences ``chem.ox.metal_like_nonstoich`` /
  ``ck.bond.metal_like_nonstoich``: what the sources say, and no claim of metallic conduction).

``SHORT_LIVED_IONS`` extends ``vetted_substances.NO_FREE_IONS``: the free ion Au+ is not kept in water (gold(I)
compounds decompose in water, depositing gold; gold(I) is held in complexes such as [Au(CN)2]-), with the two sources.

``SOLUTION_SENTENCES`` gives HBrO, Ba(HCO3)2 and Sr(HCO3)2 a sentence of their own instead of the generic "kept only
dissolved in water (a salt also as a hydrate)" (``vetted_substances.SOLUTION_MEDIA`` -> catalog keys
``chem.solution_only.<medium>``), and ``SOLUTION_SOURCES`` the sources read for them.

``EXTRA_SOURCES``: AmOCl (known since s15g on one source) gets its second, the AFLOW prototype library's matlockite page.

Read and left as they were (no second independent source found in the stored pages): PuOF, AmH3, PuOBr, CrBO3
(known since s15g with one source each; WP 'Americium trihydride' cites Roddy 1973 and Silva et al. 2012, which are
not independent of it), Pb(OH)I (the Siidra et al. paper still without a year), Fe(OH)F, Cu(OH)F, AlOF, ThNCl (one
paper each), PuO2F2 (a passing mention only): see ``LEFT_OPEN``.

>>> sorted(row[0] for row in S17D_ROWS)
['KFeO2', 'UN2']
>>> sorted(SOLUTION_SENTENCES.values())
['alkaline_earth_hydrogencarbonate', 'alkaline_earth_hydrogencarbonate', 'hypobromous_acid']
>>> list(SHORT_LIVED_IONS)
['Au+1']
"""
from __future__ import annotations

_WP = "Wikipedia (English) "
# the paper of the Czech/Russian group, its year read in the OpenAIRE record (searchworks.jioinstitute.edu.in)
_VINS86 = ("Vinš, Urbanová, Šubrt, Zapletal, Zakharov, Shaplygin, Collect. Czech. Chem. Commun. 51 (1986) 809-818, "
           "'Reaction of alpha-Fe2O3 (hematite) with potassium carbonate at elevated temperatures' (abstract: 'The kinetics "
           "of the reaction between alpha-Fe2O3 and K2CO3 have been investigated over the temperature range 600 to 800 °C "
           "... At molar ratios K : Fe >= 1, KFeO2 is the only product')")
_ALBRECHT22 = ("Albrecht, Ruck, Z. Naturforsch. B (2022), doi 10.1515/znb-2022-0016, 'An unusual member of the solid "
               "solution series between cristobalite and potassium ferrate(III) obtained from hydroflux' (abstract: 'The "
               "compound is a member of the solid solution series between SiO2 and K[FeO2]. Due to its SiO2 content, "
               "K0.8[Fe0.8Si0.2O2] is much less sensitive to moisture than K[FeO2] ... a charged framework of vertex-sharing "
               "[MO4/2] tetrahedra (M = Fe3+, Si4+) and potassium counter ions')")
_MUHLER = ("Muhler, Schlögl, Reller, Ertl, Catal. Lett. 2, 201, doi 10.1007/BF00766208, 'The nature of the active phase of "
           "the Fe/K-catalyst for dehydrogenation of ethylbenzene' ('K2Fe22O34 and KFeO2. The latter compound constitutes "
           "the outside of the catalyst particles and is indeed the catalytically active phase'; the year not shown in the "
           "pages read, so not counted as a keyed paper)")
# uranium dinitride: the articles on the uranium nitrides and the decomposition paper of the UNLV group
_UN2 = (_WP + "'Uranium nitride': 'a family of several ceramic materials: uranium mononitride (UN), uranium sesquinitride "
        "(U2N3) and uranium dinitride (UN2) ... Another common technique for generating UN2 is the ammonolysis of uranium "
        "tetrafluoride'; de.wikipedia 'Urannitride': 'das nichtstöchiometrische UNx mit x zwischen 2,0 und 1,75 (meist als "
        "Urandinitrid UN2 bezeichnet) ... Urandinitrid besitzt eine kubische Kristallstruktur vom Calciumfluorid-Typ' and "
        "'die Zersetzung von Urandinitrid [setzt] ab 675 °C ein' (4 UN2 -> 2 U2N3 + N2); Inorg. Chem. 48 (2009) 10635 "
        "(lookchem's copy of its text, the authors not shown: 'Ammonolysis of UF4 was used to synthesize UN2 ... 858.53 (5) mg of UN2 was obtained'; "
        "an abstract scite.ai lists among G. Cerefice's papers: 'Complete decomposition of UN(2) into alpha-U(2)N(3) at 675 degrees C'). No source "
        "read gives oxidation numbers, the kind of bonding or the conduction: none are claimed (substances.metal_like)")

# the English name: Hirano, Appl. Catal. 26 (1986) 65, 'Roles of potassium in potassium-promoted iron oxide catalyst for
# dehydrogenation of ethylbenzene' (abstract: 'potassium ferrite formed in the surface of the catalyst under reaction');
# the German one as s15g's Natriumferrit, Lithiumferrit (no German source read)
_HIRANO86 = ("name: Hirano, Appl. Catal. 26 (1986) 65 (abstract: 'potassium ferrite formed in the surface of the catalyst "
             "under reaction was suspected to take part in the formation of the active sites')")

#: formula, SMILES, English name, German name, label, source (two independent sources read for each, 2026-11-28)
S17D_ROWS: list[tuple[str, str, str, str, str, str]] = [
    # K+, Fe3+, O2- (Albrecht & Ruck: a framework of FeO4 tetrahedra with K+ in its voids); named as NaFeO2, LiFeO2
    # (s15g: Natriumferrit, Lithiumferrit)
    ("KFeO2", "[K+].[Fe+3].[O-2].[O-2]", "potassium ferrite", "Kaliumferrit", "exists",
     _VINS86 + "; " + _ALBRECHT22 + "; " + _MUHLER + "; " + _HIRANO86),
    # drawn as loose atoms: a metal-like composition carries no numbers (as FeN, s16c)
    ("UN2", "[U].[N].[N]", "uranium dinitride", "Urandinitrid", "exists", _UN2),
]

# the free ion Au+ (label 't' since s16i made the gold(I) halides chains): two sources that it is not kept in water
SHORT_LIVED_IONS: dict[str, str] = {
    "Au+1": ("Mellor, via gold.atomistry.com 'Gold ions' ('Aurous Ion: This ion is known almost exclusively in the form "
             "of complex anions of the type Au(CN)2-. Aurous compounds are converted by water into auric compounds, with "
             "separation of metallic gold'); Kissner et al., J. Chem. Soc. Dalton Trans. 1997, 1773 (ISI record; the other authors not shown), 'The "
             "hydrolysis of gold(I) in aqueous acetonitrile solutions' (abstract: 'The hydrolysis and subsequent "
             "decomposition of gold(I) in aqueous solutions ... not ... the expected disproportionation products gold(0) "
             "and gold(III) in a ratio of 2:1, but more than 98% gold(0)'): gold(I) decomposes in water, depositing "
             "gold; not always by disproportionation, so the sentence does not say that"),
}

#: formula -> the medium key of its own sentence (vetted_substances.SOLUTION_MEDIA, catalogs chem.solution_only.<key>)
SOLUTION_SENTENCES: dict[str, str] = {
    "HBrO": "hypobromous_acid",
    "Ba(HCO3)2": "alkaline_earth_hydrogencarbonate",
    "Sr(HCO3)2": "alkaline_earth_hydrogencarbonate",
}
#: the sources read for those sentences, appended to the rows' sources (SOLUTION_ONLY for HBrO, the HANDBOOK rows of
#: tools/composable_real.py for the hydrogencarbonates)
SOLUTION_SOURCES: dict[str, str] = {
    "HBrO": ("en.wikipedia 'Hypobromous acid' (chemeurope.com copy: 'a weak, unstable acid ... It occurs only in solution'; "
             "'Br2 + H2O -> HOBr + HBr'); de.wikipedia 'Hypobromige Säure' (memim.com translation: 'only stable in "
             "solution and can not be obtained in pure form ... The acid and its salts are unstable and tend to "
             "disproportionate into ... bromide and bromate. Production and storage must therefore be carried out at 0 °C')"),
    "Ba(HCO3)2": ("Oxford Dictionary of Chemistry, 'barium hydrogencarbonate' (as chemistry4students.com quotes it: 'A "
                  "compound that occurs only in aqueous solution. It is formed by the action of cold water containing "
                  "carbon dioxide on barium carbonate, to which it reverts on heating')"),
    "Sr(HCO3)2": ("en.wikipedia 'Strontium carbonate' ('practically insoluble in water (1 part in 100,000). The solubility is "
                  "increased significantly if the water is saturated with carbon dioxide, to 1 part in 1,000'); the "
                  "group's rule as textbooks state it (sarthaks.com, after the NCERT text: 'The bicarbonates of the "
                  "alkaline earth metals do not exist in the solid state but are known only in solution. On heating, "
                  "these bicarbonates decompose forming carbonates with the evolution of CO2'); no source read names a "
                  "solid Sr(HCO3)2 (facts.net's 'white crystalline powder' is no source)"),
}

#: a second source read for a row known since s15g (appended to its source in vetted_substances.VETTED): AmOCl had
#: only the infobox of WP 'Plutonium oxychloride'
EXTRA_SOURCES: dict[str, str] = {
    "AmOCl": ("AFLOW Library of Crystallographic Prototypes (Mehl et al., Comp. Mat. Sci. 136 (2017) S1), 'Matlockite (E01, "
              "PbFCl) Structure: ABC_tP6_129_c_a_c', P4/nmm: 'Other compounds with this structure: AcOBr, AmOCl, BaHCl, "
              "BiOBr, BiOI, CaHBr, CeOCl, ...'"),
}

#: the rows this session searched for and left as they were, with the reason (the report s17d.md has the searches)
LEFT_OPEN: dict[str, str] = {
    "PuOF": "known since s15g on WP's PuOCl infobox (grokipedia is no source); no paper found",
    "AmH3": "known since s15g on WP, whose references (Roddy 1973, Silva et al. 2012) are not independent of it",
    "PuOBr": "known since s15g on WP 'Plutonium oxybromide' and its mirrors only",
    "CrBO3": "known since s15g on Sergeeva & Sidey 2013 only",
    "Pb(OH)I": "game-only: Siidra et al. (iodolaurionite, Mineral. Mag.) still without a year; the 2014 paper's authors unread",
    "Fe(OH)F": "game-only: Ben Yahia et al. 2014 only",
    "Cu(OH)F": "game-only: Giester & Libowitzky 2003 only (read again: Z. Kristallogr. 218 (2003) 351)",
    "AlOF": "game-only: Vasiliev, Melnikova, Isaenko 2009 only",
    "ThNCl": "game-only: Wang et al. 2019 only (PubMed record read again)",
    "PuO2F2": "game-only: a passing mention (grokipedia) only",
}
