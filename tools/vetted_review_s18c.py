"""s18c: the review s17f's H8, M5 and L5 (MgSiN2) on Das Chemie-Kartenspiel, as data rows with the sources read.

``S18C_ROWS`` has the format of ``vetted_substances.VETTED`` (formula, SMILES, English name, German name, label, source)
and is appended there; the other tables extend ``vetted_families.OLIGOMERS``, ``vetted_substances.SEEN_IN_SPACE`` and
``vetted_substances.NETWORKS``. Every source was read through the search tool on 2026-11-28.

* (NSCl)3, trithiazyl trichloride (review s17f, High 8: "SNCl" offered 19 times as game-only while NSF is known): the
  composition NSCl the deck builds is a white solid of S3N3 rings; unlike NPCl2 (s16c) its monomer N#S-Cl exists too,
  as a green gas, made by heating the trimer to 100 °C in vacuum (``MONOMER_GAS``). ``substance("NSCl")`` answers with
  the ring molecule, as for NPCl2; the card says the monomer exists.
* HNSO, thionylimide H-N=S=O (review s17f, Medium 5): a molecule known from its rotational spectrum in the gas
  (Kirchhoff 1969) and detected in space (Sanz-Novo et al. 2024), so "transient" with the space example. The cards
  S + N + OH- build H-O-S#N with the same composition and the same oxidation numbers (S +4, N -3), so the card game says
  "same composition as thionylimide, but without the card's group [OH]-", as for cyanic acid and HNCO.
* MgSiN2 (review s17f, L5 / s17i's open end): a network of corner-sharing MgN4 and SiN4 tetrahedra derived from wurtzite
  (the AlN structure), not a salt of Mg2+, Si4+ and N3- ions as the school rule would say (``NETWORKS_S18C``).

>>> sorted(row[0] for row in S18C_ROWS), sorted(OLIGOMERS_S18C), sorted(MONOMER_GAS), sorted(NETWORKS_S18C)
(['(NSCl)3', 'HNSO'], ['NSCl'], ['NSCl'], ['MgSiN2'])
>>> MONOMER_GAS["NSCl"][0]
100
"""
from __future__ import annotations

_WP = "Wikipedia (English) "

_NSCL = (_WP + "'Trithiazyl trichloride' (en.wikipedia.org and kiwix copies, citing Greenwood & Earnshaw, Chemistry of the "
         "Elements, 2nd ed. 1997): 'the inorganic compound with the formula (NSCl)3. A white solid ... The molecule is a "
         "6-membered ring of alternating nitrogen and sulfur atoms, where each sulfur atom is attached to one chlorine "
         "atom ... Melting point 168 °C ... At 100 °C in vacuum, thiazyl chloride trimer undergoes cracking to thiazyl "
         "chloride monomer, which is a green gas. (-N=S(-Cl)-)3 → 3 N≡S-Cl'; Wiegers, Vos, Acta Cryst. 20 (1966) 192, "
         "'The Crystal Structures of Two Sulfur-Nitrogen Compounds with (S-N)3 Rings. II. Trithiazylchloride, (NSCl)3, "
         "at -130 C'; Jolly, Maguire, Inorg. Synth. IX (1967), doi 10.1002/9780470132401.ch27, 'Sulfur Nitrogen "
         "Chlorides'")

_HNSO = ("Kirchhoff, J. Am. Chem. Soc. 91 (1969) 2437, 'The Microwave Spectrum, Structure, and Dipole Moment of "
         "cis-Thionylimide' (National Bureau of Standards; datapdf.com copy); Sanz-Novo et al. (the full author list not read), arXiv 2404.01044 (2024), 'Discovery of thionylimide, HNSO, in space: the first "
         "N-, S-, and O-bearing interstellar molecule' (astrochymist.org via vsda.de: 'Der Nachweis des cis-Konformers "
         "der schwefelhaltigen Spezies Thionylimid (HNSO) in der zentralen galaktischen Wolke G+0.693-0.027 ... wurde 2024 "
         "von Sanz-Novo und Mitarbeitern bekannt gegeben ... mit dem 40-Meter-Teleskop Yebes und dem IRAM-30-m-Teleskop'); "
         "arXiv 2511.22548 (2025), 'Laboratory Detection and Rotational Spectroscopy of trans-HNSO' (the trans conformer "
         "made in a hollow-cathode discharge, 104 lines measured)")

#: formula, SMILES, English name, German name, label, source (two independent sources read for each, 2026-11-28)
S18C_ROWS: list[tuple[str, str, str, str, str, str]] = [
    # S +4 (two bonds to N, one to Cl), N -3, Cl -1 (RDKit on the ring's SMILES, as the truth row states)
    ("(NSCl)3", "ClS1=NS(Cl)=NS(Cl)=N1", "trithiazyl trichloride", "Trithiazyltrichlorid", "exists", _NSCL),
    # H-N=S=O: H +1, N -3, S +4, O -2 (the cards' S +4 and N -3 of S + N + OH-)
    ("HNSO", "N=S=O", "thionylimide", "Thionylimid", "transient", _HNSO),
]

#: NSCl is known only as the ring (NSCl)3 in the solid (vetted_families.OLIGOMERS' format)
OLIGOMERS_S18C: dict[str, tuple[str, int, str, str]] = {"NSCl": ("(NSCl)3", 3, "ring", _NSCL)}

#: a unit of OLIGOMERS whose monomer exists too, as a gas: the temperature (°C, in vacuum) at which the source makes it
#: from the ring molecule, and the source. NPCl2 is not here: its monomer N≡PCl2 is hypothetical (s16c).
MONOMER_GAS: dict[str, tuple[int, str]] = {"NSCl": (100, _NSCL)}

#: detected in space (vetted_substances.SEEN_IN_SPACE's format: the detection paper)
SEEN_IN_SPACE_S18C: dict[str, str] = {
    "HNSO": "Sanz-Novo et al., arXiv 2404.01044 (2024), 'Discovery of thionylimide, HNSO, in space: the first N-, S-, "
            "and O-bearing interstellar molecule' (G+0.693-0.027, Yebes 40 m and IRAM 30 m); astrochymist.org via "
            "vsda.de, 'Thionylimid'",
}

#: network solids the school rule would call a salt: formula -> source (vetted_substances.NETWORKS is a set of formulas)
NETWORKS_S18C: dict[str, str] = {
    "MgSiN2": "Råsander, Moram, arXiv 1605.00500 (2016), 'Electronic structure of the high and low pressure polymorphs "
              "of MgSiN2' (abstract: 'the ground state wurtzite derived MgSiN2 structure (LP-MgSiN2) transforms into a "
              "rock-salt derived structure (HP-MgSiN2) ... Both phases are wide band gap semiconductors'); Basalaev, "
              "Demushin, J. Struct. Chem. 51 (2010) 1225, 'Energy band genesis from sublattice states in MgSiN2 and "
              "MgGeN2 crystals' (abstract: 'orthorhombic crystals ... the interaction of atoms in SiN4 and GeN4 cation "
              "tetrahedra'); Groen, Kraan, de With, MRS Proc. (1994), 'New covalent ceramics: MgSiN2' (title, as s17i "
              "read it)",
}
