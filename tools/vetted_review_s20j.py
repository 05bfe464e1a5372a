"""s20j: methyllithium CH3Li, a real substance the sixth review of Das Chemie-Kartenspiel found called game-only (s20c).

Every source below was read on 2026-11-28 through the search tool (pages corpus); what a row quotes is what the stored
page showed. The row has the format of ``vetted_substances.VETTED`` (formula, SMILES, English name, German name, label,
source) and is appended there by a block marked "s20j" at the end of ``tools/vetted_substances.py``.

Decisions, by the house's written rules (docs/substances.md):

* **Label ``exists``, no note.** ``exists`` means "can be made and kept": solid methyllithium is isolated as colourless
  cubic crystals of (CH3Li)4 tetramers (Powell; de.wikipedia; Weiss et al. describe the (CH3Li)4 units). That it is
  made, sold and used as a solution in ether does not make it a Grignard case: the ``ether_solution`` note says "cannot
  be isolated and stored pure", which is true of RMgX (``organometallic()`` gives ``"grignard"`` only for Mg with a
  halogen) and false here; the rule gives methyllithium ``"metal_carbon"``, a molecule with metal-carbon bonds, as it
  gives dimethylzinc.
* **The formula unit CH3Li, no ``OLIGOMERS`` row.** The oligomers table maps a unit that exists only as rings
  ((NPCl2)3, (NSCl)3) to its ring molecule, and the card says "Ringmoleküle". (CH3Li)4 is no ring (a Li4 tetrahedron
  with a CH3 group over each face), and the degree of association depends on the medium (tetramer in the crystal and in
  ether, hexamer in hydrocarbons: Powell's table; en.wikipedia); both encyclopaedias and the CAS record write the unit
  (CH3Li, LiCH3). Written LiCH3, the metal first, by the house's rule for organometallics (docs/rules/chemiekarten.md;
  en.wikipedia: "the empirical formula LiCH3").

>>> [row[0] for row in S20J_ROWS], S20J_ROWS[0][4]
(['LiCH3'], 'exists')
"""
from __future__ import annotations

# P. Powell, Principles of Organometallic Chemistry, 2nd ed. (Chapman & Hall, 1988), ch. 'organolithium compounds'
# (a copy of the book's text on dreampicture.fr, read 2026-11-28)
POWELL_MELI = ("Powell, Principles of Organometallic Chemistry, 2nd ed. (Chapman & Hall 1988) ('Crystalline methyllithium "
               "consists of tetrameric aggregates ... Each carbon atom is bound to three hydrogen atoms and is equidistant "
               "from the three lithium atoms which are at the corners of a triangular face of the Li4 tetrahedron'; the "
               "table of aggregation (RLi)n in solution: MeLi in diethyl ether 4, in paraffins insoluble)")
# Weiss, Sauermann, Thirase, Chem. Ber. 116 (1983) 74, doi 10.1002/cber.19831160109 (abstract, zendy.io record)
WEISS_MELI = ("Weiss, Sauermann & Thirase, Chem. Ber. 116 (1983) 74, doi 10.1002/cber.19831160109 ('Darstellung und "
              "Kristallstruktur von Methylnatrium mit variablen Methyllithium-Gehalten, Verbindungen mit (CH3Na)4- und "
              "(CH3Li)4-Einheiten': 'Ihre Geometrie ist analog der von (CH3Li)4 ... Die IR-Spektren von (CH3Na)4 und "
              "(CH3Li)4 werden diskutiert')")
# de.wikipedia 'Methyllithium' (dewiki.de and sagapedia.com copies) and en.wikipedia 'Methyllithium'
# (everything.explained.today copy)
WP_MELI = ("Wikipedia (German) 'Methyllithium' ('Summenformel CH3Li ... CAS-Nummer 917-54-4 ... Farblose kubische, extrem "
           "hydrolyseempfindliche Kristalle ... Aggregatzustand fest ... nimmt eine oligomere Struktur, sowohl in Lösung "
           "als auch im festen Zustand, an ... Die erste Synthese ... gelang 1917 Wilhelm Schlenk'); Wikipedia (English) "
           "'Methyllithium' ('the simplest organolithium reagent, with the empirical formula CH3Li ... adopts an "
           "oligomeric structure both in solution and in the solid state ... invariably used in solution with an ether "
           "... usually not prepared, but purchased as a solution in various ethers')")

#: formula, SMILES, English name, German name, label, source (two independent sources with authors, 2026-11-28)
S20J_ROWS: list[tuple[str, str, str, str, str, str]] = [
    ("LiCH3", "[Li]C", "methyllithium", "Methyllithium", "exists", "; ".join((POWELL_MELI, WEISS_MELI, WP_MELI))),
]
