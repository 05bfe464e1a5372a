"""Session 15 (s15e): what a metal halide or oxide whose solid is a polymer really is, and how the acids and salts
known only dissolved are known, each against the fact of the source read for it (quoted here), never against the
engine's own output.

The reference had called BiF5, VF5, CrF5, UF5, NbOCl3, OsCl4, PaCl5 and AlCl3 "a metal, yet a substance of molecules
(like HgCl2 and TiCl4)" and ReO3, WO3 "a salt" (the school rule). Their solids are chains, layers or a framework of
polyhedra around the metal atoms that share halogen or oxygen atoms: tools/vetted_substances.py SOLID_STRUCTURES, one
row of structure facts per substance with its source, and the sentence of Das Chemie-Kartenspiel built from the row.
"""
from __future__ import annotations

import pytest
from helpers import do, game_with

import chemgames
from chemgames.chemistry import substance
from chemgames.chemistry.substances import reference, reference_key
from chemgames.games.chemiekarten import truth
from chemgames.games.chemiekarten.reference import identify

# formula -> (the source's words, as the data row quotes them; what the student must read, en; de)
SOURCES = {
    "VF5": (("exclusively a monomer in the gas phase", "As a solid, VF5 forms a polymeric structure with fluoride-bridged "
             "octahedral vanadium centers"),
            ("not a salt of V⁵⁺ ions", "Molecules of VF₅ in the gas", "chains of VF₆ octahedra", "one shared F atom"),
            ("kein Salz aus V⁵⁺-Ionen", "Als Gas ein Stoff aus VF₅-Molekülen", "Ketten aus VF₆-Oktaedern",
             "ein gemeinsames F-Atom")),
    "CrF5": (("catene di ottaedri CrF6 legati attraverso atomi di fluoro", "La struttura è analoga a quella di VF5",
              "Allo stato gassoso sono presenti molecole CrF5"),
             ("Molecules of CrF₅ in the gas", "chains of CrF₆ octahedra", "one shared F atom"),
             ("Als Gas ein Stoff aus CrF₅-Molekülen", "Ketten aus CrF₆-Oktaedern", "ein gemeinsames F-Atom")),
    "BiF5": (("The [BiF6] octahedra are corner-linked to form infinite straight chains",),
             ("In the solid no separate BiF₅ molecules", "chains of BiF₆ octahedra", "one shared F atom"),
             ("Im Feststoff auch keine einzelnen BiF₅-Moleküle", "Ketten aus BiF₆-Oktaedern", "ein gemeinsames F-Atom")),
    # two crystal forms: chains of octahedra (alpha) and square antiprisms (beta): the sentence names neither as the one
    "UF5": (("It crystallizes in two polymorphs", "chains of octahedral uranium centers in which one of the five fluoride",
             "In beta form, the uranium centers adopt a square antiprismatic structure"),
            ("a polymer", "shared F atoms", "chains or a framework, depending on the crystal form"),
            ("ein Polymer", "gemeinsame F-Atome", "Ketten oder ein Gerüst, je nach Kristallform")),
    "PaCl5": (("Kettenstruktur bestehend aus 7-fach koordinierten nichtregulären pentagonalen Bipyramiden, die jeweils "
               "die Kanten der Fünfecke teilen",),
              ("chains of pentagonal PaCl₇ bipyramids", "two shared Cl atoms"),
              ("Ketten aus fünfeckigen PaCl₇-Doppelpyramiden", "zwei gemeinsame Cl-Atome")),
    "OsCl4": (("sharing opposite edges of the OsCl6 octahedra to form a chain",),
              ("chains of OsCl₆ octahedra", "two shared Cl atoms"),
              ("Ketten aus OsCl₆-Oktaedern", "zwei gemeinsame Cl-Atome")),
    # Nb2Cl6 cores (two Nb sharing two Cl) joined by O-Nb-O bridges into a double chain; a monomer in the gas
    "NbOCl3": (("planar Nb2Cl6 core connected by O-Nb-O bridges", "a double stranded chain",
                "consistent with a pyramidal monomer"),
               ("Molecules of NbOCl₃ in the gas", "two shared Cl atoms or one shared O atom"),
               ("Als Gas ein Stoff aus NbOCl₃-Molekülen", "zwei gemeinsame Cl-Atome oder ein gemeinsames O-Atom")),
    "ReO3": (("These octahedra share corners to form the 3-dimensional structure",
              "It behaves like a metal in that its resistivity decreases as its temperature decreases"),
             ("not a salt of Re⁶⁺ ions", "a framework of ReO₆ octahedra extending in all three directions",
              "one shared O atom", "conducts electricity like a metal"),
             ("kein Salz aus Re⁶⁺-Ionen", "Gerüst aus ReO₆-Oktaedern", "in alle drei Raumrichtungen",
              "leitet den Strom wie ein Metall")),
    "WO3": (("distorted WO6 octahedra linked at their corners", "The pure compound is an electric insulator"),
            ("a framework of WO₆ octahedra", "one shared O atom"),
            ("Gerüst aus WO₆-Oktaedern", "ein gemeinsames O-Atom")),
    # near-linear O-Hg-O units in zigzag chains, in both crystal forms (montroydite and the cinnabar type)
    "HgO": (("near linear O-Hg-O units linked in zigzag chains", "both are characterized by Hg-O chains"),
            ("not a salt of Hg²⁺ ions", "chains of linear O–Hg–O units", "one shared O atom"),
            ("kein Salz aus Hg²⁺-Ionen", "Ketten aus linearen O–Hg–O-Einheiten", "ein gemeinsames O-Atom")),
    # PtCl6 octahedra, half the Cl bridging: a chain in which each Pt shares an edge (two Cl) with each neighbour
    "PtCl4": (("forming a polymer wherein half of the chloride ligands bridge between the platinum centers", "chain"),
              ("not a salt of Pt⁴⁺ ions", "chains of PtCl₆ octahedra", "two shared Cl atoms"),
              ("kein Salz aus Pt⁴⁺-Ionen", "Ketten aus PtCl₆-Oktaedern", "zwei gemeinsame Cl-Atome")),
    # the solid a layer lattice with Al3+ centres (YCl3 type): the school rule holds for the solid, the gas is Al2Cl6
    "AlCl3": (("AlCl3 adopts the YCl3 structure", "Al2Cl6 dimers are also found in the vapour phase"),
              ("salt of Al³⁺ ions holds only for the solid", "Molecules of Al₂Cl₆ in the gas", "layers of AlCl₆ octahedra"),
              ("nur als Feststoff", "Als Gas ein Stoff aus Al₂Cl₆-Molekülen", "Schichten aus AlCl₆-Oktaedern")),
}
# s16d: the older chain sentences as rows of the one table, each source read again, and the tungsten dioxide dihalides
SOURCES.update({
    # two crystal forms: edge-sharing chains and a ZnI2-type framework; the bridging Cl joins two Be (no one number)
    "BeCl2": (("One form consist of edge-sharing polytetrahedra", "The other form resembles zinc iodide",
               "In the gas phase, BeCl2 exists both as a linear monomer", "the ZnI2 structure type"),
              ("not a salt of Be²⁺ ions", "Molecules of BeCl₂ in the gas", "shared Cl atoms", "chains or a framework"),
              ("kein Salz aus Be²⁺-Ionen", "ein Polymer", "gemeinsame Cl-Atome", "Ketten oder ein Gerüst")),
    "BeBr2": (("Two forms (polymorphs) of BeBr2 are known", "A Second Modification of Beryllium Bromide"),
              ("In the solid no separate BeBr₂ molecules", "shared Br atoms", "chains or a framework"),
              ("keine einzelnen BeBr₂-Moleküle", "gemeinsame Br-Atome", "Ketten oder ein Gerüst")),
    "ZrCl4": (("tape-like linear polymeric structure", "each Zr is octahedrally coordinated"),
              ("Molecules of ZrCl₄ in the gas", "long chains of ZrCl₆ octahedra", "two shared Cl atoms"),
              ("Als Gas ein Stoff aus ZrCl₄-Molekülen", "Ketten aus ZrCl₆-Oktaedern", "zwei gemeinsame Cl-Atome")),
    "TcCl4": (("an inorganic polymer consisting of interconnected TcCl6 octahedra", "Technetium Tetrachloride Revisited"),
              ("In the solid no separate TcCl₄ molecules", "chains of TcCl₆ octahedra"),
              ("keine einzelnen TcCl₄-Moleküle", "Ketten aus TcCl₆-Oktaedern")),
    "CrO3": (("chains of tetrahedrally coordinated chromium atoms that share vertices",
              "a linear chain of alternating Cr and O atoms"),
             ("not a salt of Cr⁶⁺ ions", "chains of CrO₄ tetrahedra", "one shared O atom"),
             ("kein Salz aus Cr⁶⁺-Ionen", "Ketten aus CrO₄-Tetraedern", "ein gemeinsames O-Atom")),
    # a non-metal oxide: no metal, no ions; the atoms joined are Se atoms
    "SeO2": (("Solid SeO2 is a one-dimensional polymer", "Each Se atom is pyramidal",
              "at higher temperatures it is monomeric"),
             ("there are no ions", "Molecules of SeO₂ in the gas", "chains of SeO₃ pyramids", "neighbouring Se atoms"),
             ("es gibt keine Ionen", "Als Gas ein Stoff aus SeO₂-Molekülen", "Ketten aus SeO₃-Pyramiden",
              "benachbarte Se-Atome")),
    # layers of WO4Cl2 octahedra joined through O (W-O-W bridges), Cl outside the layers; a monomer in the gas
    "WO2Cl2": (("Die Struktur besteht aus Schichten", "layers of tungsten oxide sandwiched between chloride ions",
                "Gaseous tungsten dichloride dioxide is a monomer"),
               ("not a salt of W⁶⁺ ions", "Molecules of WO₂Cl₂ in the gas", "layers of WO₄Cl₂ octahedra", "one shared O atom"),
               ("Als Gas ein Stoff aus WO₂Cl₂-Molekülen", "Schichten aus WO₄Cl₂-Oktaedern", "ein gemeinsames O-Atom")),
    # review s15l finding 1: two groups, 55 years apart, both describe a layered solid with a metallic lustre
    "WO2I2": (("kristallisiert mit stark ungeordneter Schichtstruktur", "metallisch glänzende Blättchen",
               "Both compounds adopt layered structures", "showing metallic luster"),
              ("not a salt of W⁶⁺ ions", "In the solid no separate WO₂I₂ molecules", "a layered structure"),
              ("keine einzelnen WO₂I₂-Moleküle", "eine Schichtstruktur")),
})
# what the source does NOT allow the sentence to say
NOT_SAID = {
    "ReO3": ("a substance of molecules", "Molecules of ReO₃ in the gas"),
    "WO3": ("conducts electricity like a metal", "a substance of molecules"),
    "AlCl3": ("not a salt", "shared electron pairs", "a substance of molecules"),
    "UF5": ("long chains of", "octahedra"),  # the beta form has square antiprisms: no one polyhedron
    "BiF5": ("in the gas",), "PaCl5": ("in the gas",), "OsCl4": ("in the gas",), "HgO": ("in the gas", "octahedra"),
}


NOT_SAID.update({
    "BeCl2": ("long chains of",), "BeBr2": ("in the gas", "long chains of"),  # two crystal forms; the gas: dimers
    "TcCl4": ("in the gas",),  # no source read names the vapour's molecules
    "CrO3": ("in the gas", "a substance of molecules"),
    "SeO2": ("metal atoms", "exception"),  # no metal in it
    # only the layers: the sources name no polyhedra and no bridges, and the conductivity is a calculation only
    "WO2I2": ("a substance of molecules", "octahedra", "shared", "conducts", "in the gas"),
})


def sentence(formula: str, lang: str) -> str:
    """The card game's bonding sentence for a known substance of this composition."""
    ident = identify(tuple(sorted((e, int(n)) for e, n in dict(substance(formula).counts).items())))
    (step,) = truth.bonding_steps(ident)
    return step.msg.render(lang)


@pytest.mark.parametrize("formula", sorted(SOURCES))
def test_the_row_names_its_source_and_the_sentence_says_what_the_source_says(formula):
    quotes, en, de = SOURCES[formula]
    row = reference()["solid_structures"][reference_key(dict(substance(formula).counts))]
    for quote in quotes:  # the row cites the source whose words the sentence follows
        assert quote in row["source"], (formula, quote)
    said = {"en": sentence(formula, "en"), "de": sentence(formula, "de")}
    for lang, wanted in (("en", en), ("de", de)):
        for words in wanted:
            assert words in said[lang], (formula, lang, words, said[lang])
    for words in NOT_SAID.get(formula, ()):
        assert words not in said["en"], (formula, words, said["en"])
    assert "{" not in said["en"] + said["de"]


def test_the_bonding_class_follows_the_extent_of_the_solid():
    """A framework in three directions is a network (ReO3, WO3: no molecules, no salt); chains, layers and polymers are
    the metal compounds of molecular_exception with the reason solid_structure (as ZrCl4's chains): never 'ionic',
    never the generic 'a metal, yet a substance of molecules'."""
    for formula in SOURCES:
        s = substance(formula, lang="en")
        why, facts = s.bonding_reason
        assert s.label == "exists" and why == "solid_structure", formula
        expected = "network" if facts["extent"] == "network" else "molecular_exception" if facts["metals"] else "molecular"
        assert s.bonding == expected, formula  # SeO2: no metal, still no ions
        assert s.ions is None, formula
    assert substance("AlBr3").bonding_reason[0] == "molecular_exception"  # Al2Br6 molecules also in the solid


def test_every_row_has_a_source_and_facts_the_sentence_can_say():
    rows = reference()["solid_structures"]
    assert len(rows) >= len(SOURCES)
    for key, row in rows.items():
        assert row["source"] and row["extent"] in ("chains", "layers", "network", "polymer", "polymer_or_molecules"), key
        assert all(n in (0, 1, 2) for _e, n in row["links"]), key
        assert row["links"] or (row["extent"] == "layers" and not row["unit"]), key  # WO2I2: the layers only
        assert key in reference()["substances"], key
        formula = substance(key).formula
        for lang in ("de", "en"):  # every row's sentence renders whole in both languages, from its own facts
            said = sentence(formula, lang)
            assert "{" not in said and (row["gas"] == "") == (("Als Gas" if lang == "de" else "in the gas") not in said), said


# ------------------------------------------------------------------ known only dissolved: how each is known
def explanation(cards: list[str], combos: list[str], free: list[str], charges: dict | None, lang: str) -> str:
    from test_chemiekarten_truth import give  # the rigged deal of the truth tests
    g = game_with(cards[:7], lang=lang)
    give(g, 0, *cards)
    for c in combos:
        do(g, "combine", formula=c, proto=0)
    for c in free:
        do(g, "select", card=c)
    for e, q in (charges or {}).items():
        do(g, "charge", element=e, charge=q)
    e = g.check(chemgames.Action(g.id, 0, "confirm"))
    assert e.ok
    return e.title + "\n" + "\n".join(e.lines)


def test_carbonic_acid_is_mostly_dissolved_co2_and_the_pure_acid_is_known():
    """PMC6598161, Table 1 'Homogeneous Reactions': CO2 + H2O = H2CO3, K = 1.7 × 10–3 (25 °C): one molecule in about
    590. Hage, Liedl, Hallbrucker, Mayer, Science 279 (1998) 1332: 'crystalline carbonic acid sublimates without
    decomposition'; Terlouw, Lebrilla, Schwarz, Angew. Chem. Int. Ed. Engl. 26 (1987) 354: '"Carbonic acid cannot exist
    in the free state." ... this statement is wrong' (H2CO3 in the gas phase from NH4HCO3). The old note said it 'cannot
    be isolated'."""
    k = 1.7e-3
    cards = ["H", "H", "C", "O", "O", "O"]
    for lang, one_in, pure, not_said in (
            ("en", "one CO₂ molecule in {n}", "Pure, water-free H₂CO₃ is known", "cannot be isolated"),
            ("de", "eines von {n} CO₂-Molekülen", "Reines, wasserfreies H₂CO₃ kennt man", "nicht isolieren")):
        text = explanation(cards, ["[CO3]2-"], ["H", "H"], None, lang)
        n = round(1 / k, -2)  # 588 -> "about one in 600"
        assert one_in.format(n=int(n)) in text, text
        assert pure in text and not_said not in text, text
        assert ("gas" in text) if lang == "en" else ("Gas" in text)
    assert substance("H2CO3").label == "exists" and substance("H2CO3").note_key == "solution_only"
    source = reference()["solution_only"][reference_key({"H": 2, "C": 1, "O": 3})]  # the data row names what was read
    assert "K = 1.7 × 10–3" in source and "sublimates without decomposition" in source and "this statement is wrong" in source


def test_hypochlorous_acid_is_known_only_in_water_and_gives_off_cl2o():
    """Merck Index, 'Hypochlorous Acid' (CAS 7790-92-3): 'Known in aq soln only ... When a 25% soln ... is evapd in a
    vacuum, chlorine monoxide, Cl2O, is given off'."""
    for lang, only, anhydride in (("en", "known only dissolved in water", "Cl₂O"),
                                  ("de", "nur gelöst in Wasser", "Cl₂O")):
        text = explanation(["H", "Cl", "O"], ["[ClO]-"], ["H"], {"H": 1}, lang)
        assert only in text and anhydride in text, text
        assert "Hydrat" not in text and "hydrate" not in text  # an acid: no 'a salt also as a hydrate'
    source = reference()["solution_only"][reference_key({"H": 1, "Cl": 1, "O": 1})]
    assert "Known in aq soln only" in source and "chlorine monoxide, Cl2O, is given off" in source


@pytest.mark.parametrize("formula, cation", [("Ca(HCO3)2", "Ca"), ("Mg(HCO3)2", "Mg")])
def test_the_hydrogencarbonates_of_hard_water_have_no_solid(formula, cation):
    """Oxford Dictionary of Chemistry, 'calcium hydrogencarbonate': 'stable only in solution ... the cause of temporary
    hardness ... decomposes to give solid calcium carbonate'; en.wikipedia 'Calcium bicarbonate': 'does not refer to a
    known solid compound; it exists only in aqueous solution'; 'Magnesium bicarbonate': 'exists only in aqueous solution
    ... Drying the resulting solution causes the magnesium bicarbonate to decompose, yielding magnesium carbonate'. The
    old note said 'a salt also as a hydrate': no hydrate is known."""
    cards = [cation, "H", "C", "O", "O", "O", "H", "C", "O", "O", "O"]
    for lang, words in (("en", ("exists only dissolved in water", "temporary hardness", "No solid of it is known",
                                "not even a hydrate", "a carbonate precipitates")),
                        ("de", ("nur gelöst in Wasser", "vorübergehenden Härte", "Als festen Stoff, auch als Hydrat, "
                                "kennt man es nicht", "ein Carbonat fällt aus"))):
        text = explanation(cards, ["[HCO3]-", "[HCO3]-"], [cation], None, lang)
        for w in words:
            assert w in text, (lang, w, text)
    source = reference()["solution_only"][reference_key(dict(substance(formula).counts))]
    assert "exists only in aqueous solution" in source and "temporary hardness in water" in source, source


def test_ammonium_tetrachloroaurate_stays_game_only():
    """s15e searched for a source of NH4[AuCl4] (a paper, a supplier's catalogue with a CAS number) and found none it
    could rely on (only a vendor page without CAS, no CRC or PubChem row in the tables of chemicals): game-only, as the
    rule 'no second source' leaves it."""
    assert not substance("NH4AuCl4").known


@pytest.mark.parametrize("formula, de, en, source", [
    ("HNO2", ("nur als kalte, verdünnte Lösung", "zerfällt es zu NO und HNO₃", "nicht isolieren"),
     ("only as a cold, dilute solution", "decomposes into NO and HNO₃", "neither isolated nor kept"),
     "prepared only in the form of cold, dilute solutions"),
    ("HClO2", ("aus einem Chlorit und verdünnter Schwefelsäure", "zerfällt darin zu HClO und HClO₃", "kaum zu erhalten"),
     ("made from a chlorite and dilute sulfuric acid", "breaks down into HClO and HClO₃", "cannot be kept"),
     "The pure substance is unstable, disproportionating")])
def test_nitrous_and_chlorous_acid_cannot_be_kept_even_in_water(formula, de, en, source):
    """s16d: the generic note said both 'can be kept only dissolved in water (a salt also as a hydrate)'. Neither can be
    kept: HNO2 'has been prepared only in the form of cold, dilute solutions ... decomposes into nitric oxide, NO, and
    nitric acid' (Britannica, 'Nitrous acid'); HClO2 'is unstable, disproportionating to hypochlorous acid ... and
    chloric acid', made from a chlorite and dilute sulfuric acid (en.wikipedia 'Chlorous acid'), 'Cannot be stored,
    decomposes' (sciencemadness wiki). No hydrate of either is known: no word of one."""
    for lang, words in (("de", de), ("en", en)):
        note = substance(formula, lang=lang).note or ""
        for w in words:
            assert w in note, (formula, lang, w, note)
        assert "Hydrat" not in note and "hydrate" not in note and "aufbewahren (ein Salz" not in note, note
        said = truth.how_known(identify(tuple(sorted(dict(substance(formula).counts).items()))), formula).render(lang)
        assert said.split(" ", 1)[1] == note.split(" ", 1)[1], (said, note)  # the card game says the same
    assert source in reference()["solution_only"][reference_key(dict(substance(formula).counts))]
    # H2SO3: no "(ein Salz auch als Hydrat)" either; since s24i a sentence of its own (SO2 and HSO3- in water, the
    # molecule only in the gas: tests/test_substance_review_s24i.py), no longer the generic one
    assert substance("H2SO3").note_key == "solution_only" and "Hydrat" not in (substance("H2SO3").note or "")


def test_red_mercury_iodide_is_layers_and_the_yellow_form_molecules():
    """s16d step 5: HgI2 read "a metal, yet a substance of molecules (like HgCl2 and TiCl4)". Its red form, stable at room
    temperature, is layers of corner-sharing HgI4 tetrahedra (Hostettler & Schwarzenbach, C. R. Chimie 8 (2005) 147: 'the
    mercury atoms are located in corner-sharing tetrahedral voids'; Borisov et al. 2017: 'Perforated layers of
    vertex-sharing HgI4 tetrahedra'); only a metastable yellow form is made of straight HgI2 molecules. The sentence says
    both, and names no molecules of the gas (no source read on it)."""
    row = reference()["solid_structures"]["HgI2"]
    assert "corner-sharing tetrahedral voids" in row["source"] and "vertex-sharing HgI4 tetrahedra" in row["source"]
    assert "straight HgI2 molecules" in row["source"]
    de, en = sentence("HgI2", "de"), sentence("HgI2", "en")
    assert "kein Salz aus Hg²⁺-Ionen" in de and "In der bei Raumtemperatur beständigen Kristallform keine einzelnen " \
        "HgI₂-Moleküle" in de and "Schichten aus HgI₄-Tetraedern" in de and "ein gemeinsames I-Atom" in de \
        and "eine andere Kristallform besteht aus HgI₂-Molekülen" in de and "Als Gas" not in de, de
    assert "layers of HgI₄ tetrahedra" in en and "another crystal form is made of HgI₂ molecules" in en, en
    assert substance("HgI2").bonding_reason[0] == "solid_structure"
    assert substance("HgBr2").bonding_reason[0] == "molecular_exception"  # HgBr2 forms molecular structures (same review)


@pytest.mark.parametrize("formula, x", [("AuCl", "Cl"), ("AuBr", "Br"), ("AuI", "I")])
def test_gold_monohalides_are_zigzag_chains_not_salts(formula, x):
    """s16d step 5: AuCl, AuBr, AuI read "Ein Salz: Metall und Nichtmetall bilden nach der Schulregel Ionen". Their
    solids are zigzag chains -X-Au-X-Au- of linear X-Au-X units, each X shared by two Au (en.wikipedia 'Gold(I) chloride',
    after the X-ray structure of 1974: 'zig-zag chains of gold and chlorine, similar to gold(I) bromide and gold(I)
    iodide'; en.wikipedia 'Gold halide', after Greenwood & Earnshaw: 'alternating linear chains: ..-X-Au-X-Au-X-...')."""
    row = reference()["solid_structures"][reference_key(dict(substance(formula).counts))]
    assert "zig-zag chains of gold and chlorine" in row["source"] and "alternating linear chains" in row["source"]
    de, en = sentence(formula, "de"), sentence(formula, "en")
    assert "kein Salz aus Au⁺-Ionen" in de and f"Ketten aus linearen {x}–Au–{x}-Einheiten" in de \
        and f"ein gemeinsames {x}-Atom" in de and "Als Gas" not in de, de
    assert f"chains of linear {x}–Au–{x} units" in en and f"one shared {x} atom" in en, en
    assert substance(formula).ions is None and substance(formula).bonding == "molecular_exception"
