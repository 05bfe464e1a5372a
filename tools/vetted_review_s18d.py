"""s18d: identity from vetted records for Das Chemie-Kartenspiel, session 18 (the open decisions of s17d, s17f and s17i).

Every source below was read on 2026-11-28 through the search tool (pages corpus: abstracts, records, encyclopaedia
articles, German dealer and handbook pages); what a row quotes is what the stored page showed. The rows have the format
of ``vetted_substances.VETTED`` (formula, SMILES, English name, German name, label, source) and are appended there by a
block at the end of ``tools/vetted_substances.py``; kept in this file so that other branches' rows merge by a rebuild.

* ``S18D_ROWS``: the metal cyanamides (carbodiimides) of the deck with two independent sources each (s17i left them
  game-only on one source each: ``vetted_review_s17f.LEFT_OPEN``). Each is a salt of the anion [NCN]2- with the cards'
  numbers C +4, N -3, named as s17i named CaCN2 and PbCN2 ("calcium cyanamide", "Blei(II)-cyanamid"). Na2CN2 and MgCN2
  stay game-only (``LEFT_OPEN``): the texts read for each may all come from one group.
* ``DEMOTED``: PuOF, AmH3 and CrBO3 were known since s15g on one source each; s17d and this session searched again
  without a second. By the house rule (known only where a second source confirms the record) they become game-only,
  each with the reason. That is "not in our reference", never "does not exist".
* ``EXTRA_SOURCES``: PuOBr keeps its row with a second source (fr.wikipedia's article on PuBr3, an article of its own
  citing Zachariasen's structure paper).
* ``TRADE_NAME``: "Kalkstickstoff" is not CaCN2's trivial name: the fertiliser is technical calcium cyanamide, a mixture
  with lime and carbon (four German texts); the card says so in a note (``chem.trade_name.CaCN2``), as it does for the
  "Kupfercarbonat" of trade.
* ``ILL_DEFINED_SETTLED``: Cr(OH)3 stays "umstritten" (the precipitate exists, the compound Cr(OH)3 is not defined), and
  the truth set's row says "exists|unknown" with the same two sources (the self-audit's conflict, bench_truth_audit).
* ``ima_buildable``: the IMA minerals a student can lay with the deck under the engine's own rule check
  (``compound._some_charges_fit``, the deck's counts, ten Protomaterie cards, at most ``compound.MOST_UNITS`` cards and
  combinations) that the hint search's bounds (``composable_real.composable``) do not reach. Their structures are drawn
  from the IMA formula's ions (``IMA_STRUCTURES_S18D``); hydrate minerals (named on the card through the data's
  ``hydrate_compositions``) and two formulas without ions stay game-only (``IMA_LEFT_OUT_S18D``).
* ``GERMAN_S18D``: German mineral names, each with the German source read (``tools/mineral_names.GERMAN``).

>>> sorted(r[0] for r in S18D_ROWS)[:4]
['Ag2CN2', 'BaCN2', 'CuCN2', 'FeCN2']
>>> sorted(DEMOTED)
['AmH3', 'CrBO3', 'PuOF']
"""
from __future__ import annotations

from functools import lru_cache

_WP_CARBODIIMIDE = ("Wikipedia (English) 'Inorganic carbodiimide' ('One can find detailed reports by E. Drechsel on the "
                    "preparation of Ag2NCN, CaNCN, BaNCN, K2NCN and Li2NCN between 1875 and 1898 ... The preparation of Cd, "
                    "Zn, Tl, Cu, Pb and Hg carboimides has been described during the 1950s ... transition metal "
                    "carbodiimides TNCN (T= Mn, Fe, Co, Ni, Cu) and Cr2(NCN)3 have been reported ... HgNCN for example can "
                    "adopt two structures')")
_LIU05 = ("Liu, Krott, Müller, Hu, Lueken, Dronskowski, Inorg. Chem. 44 (2005) 3001, 'Synthesis, Crystal Structure, and "
          "Properties of MnNCN, the First Carbodiimide of a Magnetic Transition Metal' (abstract and introduction, datapdf "
          "copy: 'Divalent manganese is octahedrally coordinated by nitrogen atoms ... the NCN2- unit adopts the linear "
          "[N=C=N]2- carbodiimide shape ... many other H2NCN salts have been prepared, for example those containing "
          "alkaline (Li, Na) or alkaline-earth metals (Mg, Ca, Sr, Ba), main-group elements (In, Si, Pb), late transition "
          "metals (Ag, Zn, Cd)')")
_PBNCN20 = ("Dalton Trans. 2020, doi 10.1039/d0dt02677h, 'Metathetic synthesis of lead cyanamide as a p-type "
            "semiconductor' (introduction as scite.ai quotes it, authors not shown: 'a growing family of MNCN (M = Mg, Ca, "
            "Sr, Mn, Fe, Co, Ni and Cu) ... binaries have been reported which are all characterized by alternating layers "
            "of metal cations and NCN2- anions')")
_CDNCN21 = ("Z. anorg. allg. Chem. 647 (2021) 496, 'Metathesis and Redetermination of the Crystal Structure of Cadmium "
            "Carbodiimide, CdNCN' (abstract, SLUB/BVB record, authors not shown: 'CdNCN ... is isostructural with MgNCN')")
_CR2NCN3 = ("'Ein ferromagnetisches Carbodiimid: Cr2(NCN)3' (citing statement as scite.ai shows it: 'ZnCN2, which is used "
            "as starting material for syntheses of manganese and chromium carbodiimides by metathesis reaction, was "
            "prepared by reaction of ZnSO4 and Na2CN2 in aqueous solution and subsequent sintering at 843 K')")
_NCN = "[N-]=C=[N-]"

#: formula, SMILES, English name, German name, label, source (two independent sources read for each, 2026-11-28)
S18D_ROWS: list[tuple[str, str, str, str, str, str]] = [
    ("MnCN2", "[Mn+2]." + _NCN, "manganese(II) cyanamide", "Mangan(II)-cyanamid", "exists",
     _LIU05 + " (the compound itself: MnNCN, trigonal R-3m, Mn2+ high spin); " + _WP_CARBODIIMIDE),
    ("FeCN2", "[Fe+2]." + _NCN, "iron(II) cyanamide", "Eisen(II)-cyanamid", "exists",
     "Chem. Eur. J. (2009), 'FeNCN and Fe(NCNH)2: synthesis, structure and magnetic properties of a nitrogen-based "
     "pseudo-oxide and -hydroxide of divalent iron' (title and abstract read in s17i; authors not shown); " + _WP_CARBODIIMIDE
     + " (T = Fe); " + _PBNCN20),
    ("HgCN2", "[Hg+2]." + _NCN, "mercury(II) cyanamide", "Quecksilber(II)-cyanamid", "exists",
     "Liu, Müller, Kroll, Dronskowski, Inorg. Chem. 41 (2002) 4259 (HgNCN, read in s17i); " + _WP_CARBODIIMIDE
     + " (HgNCN in a carbodiimide and a cyanamide structure)"),
    ("CuCN2", "[Cu+2]." + _NCN, "copper(II) cyanamide", "Kupfer(II)-cyanamid", "exists",
     _WP_CARBODIIMIDE + " (T = Cu; Cu carbodiimides described in the 1950s); " + _PBNCN20 + " (M = Cu)"),
    ("ZnCN2", "[Zn+2]." + _NCN, "zinc cyanamide", "Zinkcyanamid", "exists",
     _WP_CARBODIIMIDE + " (Zn, 1950s); " + _LIU05 + " (Zn); " + _CR2NCN3),
    ("BaCN2", "[Ba+2]." + _NCN, "barium cyanamide", "Bariumcyanamid", "exists",
     _WP_CARBODIIMIDE + " (Drechsel's BaNCN); " + _LIU05 + " (Ba)"),
    ("Ag2CN2", "[Ag+].[Ag+]." + _NCN, "silver cyanamide", "Silbercyanamid", "exists",
     _WP_CARBODIIMIDE + " (Drechsel's Ag2NCN); " + _LIU05 + " (Ag)"),
    ("Li2CN2", "[Li+].[Li+]." + _NCN, "lithium cyanamide", "Lithiumcyanamid", "exists",
     "J. Chem. Soc., Chem. Commun. 1978, 52, 'Synthesis of the dilithium salt of cyanamide in liquid lithium; X-ray "
     "crystal structure of Li2NCN' (abstract, authors not shown: 'composed of centrosymmetric NCN2- ions and Li+ ions "
     "surrounded by a distorted tetrahedron of nitrogen atoms'); " + _WP_CARBODIIMIDE + " (Drechsel's Li2NCN)"),
    ("K2CN2", "[K+].[K+]." + _NCN, "potassium cyanamide", "Kaliumcyanamid", "exists",
     "Zhang, Zherebtsov, DiSalvo, Niewa, Z. anorg. allg. Chem., doi 10.1002/zaac.201100413 (pages 2111-2116; the year not "
     "shown on the record read), 'Na5[CN2]2[CN], "
     "(Li, Na)5[CN2]2[CN], and K2[CN2]: Carbodiimides from High-Pressure Synthesis' (abstract: 'Ammonothermal synthesis at "
     "90 MPa leads to crystal growth of carbodiimide K2[CN2] ... C2/m'); " + _WP_CARBODIIMIDE + " (Drechsel's K2NCN)"),
]

#: members of the family left game-only, with the reason (replaces vetted_review_s17f.LEFT_OPEN's carbodiimide rows)
LEFT_OPEN: dict[str, str] = {
    "MgCN2": ("game-only: Liu et al. 2005 (Aachen) names Mg cyanamide among known salts; the other two texts read (Dalton "
              "Trans. 2020 on PbNCN, Z. anorg. allg. Chem. 2021 on CdNCN 'isostructural with MgNCN') show no authors, so "
              "they cannot be told apart from the same group: not two independent sources"),
    "Na2CN2": ("game-only: Liu et al. 2005 (Na salts 'have been prepared') and the Cr2(NCN)3 paper ('Na2CN2 ... prepared "
               "by reactions of NaNH2 with NaHCN2') are both of the Aachen group: one source, not two"),
}

#: rows known since s15g on one source each that no search found a second for: game-only, with the reason a student
#: or the next engineer reads (tests/test_substance_review_s18d.py checks that they are no longer known)
DEMOTED: dict[str, str] = {
    "PuOF": ("one source only: Wikipedia's PuOCl infobox names 'plutonium oxyfluoride' among related compounds; the only "
             "page describing it is grokipedia (no source). Searched s17d and s18d (Zachariasen 1949, LaOF type, "
             "PuO2 + HF + H2): nothing independent"),
    "AmH3": ("one source only: Wikipedia 'Americium trihydride'; its references (Roddy 1973, Silva et al. 2012) and "
             "grokipedia's Olson & Mulford 1966 were not read; Britannica 'Americium' names only a hydride 'AmH2+x' (so "
             "the composition AmH3 itself is not confirmed)"),
    "CrBO3": ("one source only: Sergeeva & Sidey, Chem. Met. Alloys 6 (2013) 1 (a Rietveld refinement of CrBO3, calcite "
              "type); searched s17d and s18d ('CrBO3', 'chromium orthoborate', calcite-type borates): no second"),
}

#: a second source read for a row known since s15g (appended to its source in vetted_substances.VETTED)
EXTRA_SOURCES: dict[str, str] = {
    "PuOBr": ("fr.wikipedia 'Bromure de plutonium(III)' (an article of its own, citing Zachariasen, 'Crystal chemical "
              "studies of the 5f-series of elements', Acta Cryst.: 'Le bromure de plutonium(III) s'hydrolyse partiellement "
              "... formant ... PuOBr : PuBr3 + H2O = PuOBr + 2 HBr'; its name 'hypobromite' there is wrong, the formula "
              "is the oxide bromide's)"),
}

#: "Kalkstickstoff" (vetted_substances.TRADE_NAME_OTHER): formula -> (what else the trade product holds, sources)
TRADE_NAME: dict[str, tuple[str, str]] = {
    "CaCN2": ("CaO", "Lueger, Lexikon der gesamten Technik (1904), 'Kalkstickstoff' (de-academic copy: 'Der so gebildete "
              "Kalkstickstoff besteht hauptsächlich aus Calciumcyanamid (CaCN2)'); selbst.de 'Kalkstickstoff als Dünger' "
              "('Kalkstickstoff besteht zu über 55 % aus Kalk, etwa 20 % Stickstoff in Form von Calciumcyanamid'; 'sein "
              "Kohlenstoffanteil färbt das Granulat schwarz'); bio-gaertner.de 'Kalkstickstoff' ('Kalkgehalt als CaO "
              "berechnet 50 - 65 %, Stickstoff ca. 20%'); goplant.de 'Kalkstickstoff' (the product is black 'aufgrund des "
              "bei der Reaktion frei werdenden Kohlenstoffs')"),
}

#: the self-audit's conflict "Cr(OH)3 disputed vs truth set 'exists'" (bench/bench_truth_audit.py): the game's label
#: stays (vetted_substances.ILL_DEFINED); the truth row becomes "exists|unknown" with these two sources
ILL_DEFINED_SETTLED: dict[str, str] = {
    "Cr(OH)3": ("Wikipedia (English) 'Chromium(III) hydroxide' ('a polymer with an undefined structure'; the crystalline "
                "compounds are the three CrO(OH) minerals); ECHA registration dossier 10397 ('only occurs as hydrates ... "
                "X-ray diffraction patterns ... show that the unheated and heated solids are amorphous'): a green "
                "precipitate exists, a compound of the composition Cr(OH)3 is not defined"),
}

# --- IMA minerals a student can lay beyond the hint search's bounds ------------------------------------------------
_PO4 = "[O-]P(=O)([O-])[O-]"
_SO4 = "[O-]S(=O)(=O)[O-]"
_SIO4 = "[O-][Si]([O-])([O-])[O-]"
#: composition key -> SMILES drawn from the IMA formula's ions (never from the cards' build of it)
IMA_STRUCTURES_S18D: dict[str, str] = {
    "AlCaHO5Si": "[Ca+2].[Al+3].[OH-]." + _SIO4,  # vuagnatite CaAlSiO4(OH)
    "AlFH2O2": "[Al+3].[F-].[OH-].[OH-]",  # zharchikhite Al(OH)2F
    "AlHLiO5P": "[Li+].[Al+3].[OH-]." + _PO4,  # montebrasite LiAl(PO4)(OH)
    "BCaHO5Si": "[Ca+2].OB([O-])O[Si](=O)[O-]",  # datolite CaB(SiO4)(OH): BO3(OH) and SiO4 tetrahedra sharing O
    "BiFe2HO9Si2": "[Bi+3].[Fe+3].[Fe+3].[OH-]." + _SIO4 + "." + _SIO4,  # bismutoferrite Fe3+2Bi(SiO4)2(OH)
    "CaCuHO5P": "[Ca+2].[Cu+2].[OH-]." + _PO4,  # hermannroseite CaCu(PO4)(OH)
    "CaFMgO4P": "[Ca+2].[Mg+2].[F-]." + _PO4,  # isokite CaMg(PO4)F
    "CaFe2O8P2": "[Ca+2].[Fe+2].[Fe+2]." + _PO4 + "." + _PO4,  # graftonite-(Ca) CaFe2+2(PO4)2
    "CaHMgO5P": "[Ca+2].[Mg+2].[OH-]." + _PO4,  # panasqueiraite CaMg(PO4)(OH)
    "CaO8P2Th": "[Ca+2].[Th+4]." + _PO4 + "." + _PO4,  # cheralite CaTh(PO4)2
    "CuHO5PZn": "[Cu+2].[Zn+2].[OH-]." + _PO4,  # zincolibethenite CuZn(PO4)(OH)
    "FeHLiO5P": "[Li+].[Fe+3].[OH-]." + _PO4,  # tavorite LiFe3+(PO4)(OH)
    "FeKO8S2": "[K+].[Fe+3]." + _SO4 + "." + _SO4,  # yavapaiite KFe3+(SO4)2
    "FeNaO8S2": "[Na+].[Fe+3]." + _SO4 + "." + _SO4,  # eldfellite NaFe3+(SO4)2
    "Fe2MnO8P2": "[Mn+2].[Fe+2].[Fe+2]." + _PO4 + "." + _PO4,  # graftonite-(Mn) MnFe2+2(PO4)2
    # phosphocyclite-(Fe) Fe2+2(P4O12): the cyclotetraphosphate ring P4O12 4-
    "Fe2O12P4": "[Fe+2].[Fe+2].[O-]P1(=O)OP([O-])(=O)OP([O-])(=O)OP([O-])(=O)O1",
    "HMn2O5P": "[Mn+2].[Mn+2].[OH-]." + _PO4,  # triploidite Mn2+2(PO4)(OH)
}
#: English names where the naming rules would read the composition otherwise than the IMA formula's ions
IMA_NAMES_S18D: dict[str, str] = {
    "BCaHO5Si": "calcium borosilicate hydroxide",
    "Fe2O12P4": "iron(II) cyclotetraphosphate",
}
#: IMA minerals the engine's rule lets a student lay that stay game-only, with the reason
IMA_LEFT_OUT_S18D: dict[str, str] = {
    "AlH3O6W": ("anthoinite AlWO3(OH)3: the IMA formula names no ions a salt could be drawn from, and no source on its "
                "structure was read"),
    **{key: "a hydrate mineral (water of crystallization in the IMA formula): the reference keys a hydrate by its "
            "anhydrous salt and holds no entry of a hydrate's composition (composable_real.IMA_HYDRATES_LEFT_OUT)"
       for key in ("AlH4O6P", "CH4O7U", "C2H4MnO6", "FeH4O6P", "H2MnO5P", "H2MnO5S", "H4O5U")},
    "H2O7W2": ("hydrokenoelsmoreite [box]2W2O6(H2O): a framework of WO6 octahedra with vacant sites and H2O in its "
               "channels (pyrochlore supergroup), no water of crystallization beside a salt and no ions to draw it from"),
}


@lru_cache(maxsize=1)
def ima_buildable() -> dict[tuple[tuple[str, int], ...], tuple[tuple[tuple[str, int], ...], tuple[str, ...]]]:
    """Every IMA ideal composition (``tools/ima_minerals.compositions``) a student can lay with the family deck under
    the engine's own rule check, with one build: ``{composition: (free cards (symbol, count), combinations)}``.

    A build is any multiset of charged combinations plus free cards (each kind no more than the deck holds), at most
    ``compound.MOST_UNITS`` units, the combinations' missing cards from the ten Protomaterie cards, accepted by
    ``compound._some_charges_fit`` (the charges balance and no part adds up to zero: the rule sheet's Beispiel 2). No
    bound of the hint search (kinds of free cards, four combinations, six cards of a kind) applies: this is what a
    student may lay by hand.

    >>> builds = ima_buildable()
    >>> (("Ca", 1), ("F", 1), ("Mg", 1), ("O", 4), ("P", 1)) in builds  # isokite CaMg(PO4)F
    True
    >>> (("C", 2), ("Ca", 1), ("Mg", 1), ("O", 6)) in builds  # dolomite: Ca2+ and CO3 2- alone add up to zero
    False
    """
    from chemgames.games.chemiekarten.cards import PROTO, card_set, combinations, family_deck
    from chemgames.games.chemiekarten.compound import MOST_UNITS, _some_charges_fit

    try:
        from tools.ima_minerals import compositions
    except ModuleNotFoundError:  # run as a script from tools/
        from ima_minerals import compositions

    cards = card_set()
    deck = dict(family_deck())
    combos = {f: (c.charge, dict(c.parsed.counts)) for f, c in combinations().items() if c.charge}
    names = sorted(combos)
    most_atoms = max(sum(a.values()) for _, a in combos.values())

    def first_build(comp: dict[str, int]) -> tuple[tuple[tuple[str, int], ...], tuple[str, ...]] | None:
        if sum(max(0, n - deck.get(e, 0)) for e, n in comp.items()) > PROTOS_:
            return None

        def walk(i: int, left: dict[str, int], chosen: tuple[str, ...]):
            room = MOST_UNITS - len(chosen)
            if room < 0 or sum(left.values()) > room * max(1, most_atoms) + room:
                return None
            free = {e: n for e, n in left.items() if n}
            if (free or chosen) and all(e in cards and e != PROTO and any(cards[e].charges) and n <= deck.get(e, 0)
                                        for e, n in free.items()):
                units = sum(free.values()) + len(chosen)
                if units <= MOST_UNITS and units > 1:
                    terms = tuple(sorted((n, cards[e].charges) for e, n in free.items()))
                    if _some_charges_fit(terms, tuple(sorted(combos[f][0] for f in chosen))):
                        return tuple(sorted(free.items())), chosen
            for j in range(i, len(names)):
                atoms = combos[names[j]][1]
                if all(left.get(e, 0) >= n for e, n in atoms.items()):
                    found = walk(j, {e: left[e] - atoms.get(e, 0) for e in left}, chosen + (names[j],))
                    if found:
                        return found
            return None

        return walk(0, dict(comp), ())

    out = {}
    for comp in compositions():
        build = first_build(dict(comp))
        if build is not None:
            out[comp] = build
    return out


PROTOS_ = 10  # the family deck's Protomaterie cards (composable_real.PROTOS)


def ima_buildable_minerals(hill) -> dict[str, list[tuple[str, str]]]:
    """Composition key (``hill``: ``make_substances.hill``) -> IMA minerals [(name, formula)] a student can lay
    (``ima_buildable``)."""
    try:
        from tools.ima_minerals import compositions
    except ModuleNotFoundError:  # run as a script from tools/
        from ima_minerals import compositions

    minerals = compositions()
    return {hill(dict(comp)): minerals[comp] for comp in ima_buildable()}

#: German mineral names (tools/mineral_names.GERMAN): IMA name -> (German name, the German source read). The rule stays
#: s16e's: a German form only where a German source names the mineral so (German endings follow no rule: Baryt, Sylvin,
#: Kalomel); every other mineral shows its IMA name
GERMAN_S18D: dict[str, tuple[str, str]] = {
    "Glaucochroite": ("Glaukochroit", "de.wikipedia 'Glaukochroit' ('Glaukochroit ist ein selten vorkommendes Mineral ... CaMn[SiO4] und ist damit chemisch gesehen ein Calcium-Mangan-Silikat'); chemie-schule.de 'Glaukochroit'; steine-und-minerale.de 'Glaukochroit' ('englisch: glaucochroite')"),
    "Calcio-olivine": ("Calcio-Olivin", "mineralienatlas.de 'Olivin: Die Olivingruppe' ('gehört zur Olivingruppe, deren Endglieder Calcio-Olivin und Tephroit sind')"),
    "Lithiophilite": ("Lithiophilit", "de.wikipedia 'Lithiophilit' ('LiMn[PO4] und damit chemisch gesehen ein Lithium-Mangan-Phosphat'); Brockhaus 'Triphylin' ('mit dem gelben bis rotbraunen Lithiophilit, Li(Mn, Fe)[PO4], eine isomorphe Reihe')"),
    "Nitrobarite": ("Nitrobarit", "de.wikipedia 'Bariumnitrat' (knowledgr copy: 'Es kommt natürlich als das sehr seltene Mineral Nitrobarit vor')"),
    "Bridgmanite": ("Bridgmanit", "de.wikipedia 'Bridgmanit' ('ein Mineral aus der Gruppe der Silikat-Perowskite ... MgSiO3'); Süddeutsche Zeitung, 'Geologen sehen erstmals häufigstes Mineral der Erde' ('Sie nannten das Material Bridgmanit'); steine-und-minerale.de 'Bridgmanit'"),
    "Davemaoite": ("Davemaoit", "steine-und-minerale.de 'Bridgmanit' ('Perowskit-Gruppe, die neben Bridgmanit auch von dem Mineral Davemaoit (CaSiO3), dem Calcium-Pendant von Bridgmanit, repräsentiert wird')"),
    "Cooperite": ("Cooperit", "de.wikipedia 'Cooperit' ('Cooperit ist ein relativ selten vorkommendes Mineral ... PtS und damit chemisch gesehen Platin(II)-sulfid')"),
    "Groutite": ("Groutit", "de.wikipedia 'Groutit' ('Mn3+OOH oder auch α-MnOOH'); kahl-mineralien.eu 'Groutit' ('Mn3+O(OH) ... Polymorph von Feitknechit und Manganit')"),
    "Zwieselite": ("Zwieselit", "de.wikipedia 'Zwieselit' (kampuspedia copy: 'Zwieselit ... Fe2+2(PO4)F und damit chemisch gesehen ein Eisenphosphat mit zusätzlichen Fluorionen')"),
    "Teschemacherite": ("Teschemacherit", "de.wikipedia 'Teschemacherit' ('auch unter seiner chemischen Bezeichnung Ammoniumbicarbonat bzw. Ammoniumhydrogencarbonat bekannt')"),
    "Kalicinite": ("Kalicinit", "de.wikipedia 'Kalicinit' (de.wiki.li copy: 'KH[CO3], ist also chemisch gesehen ein Kalium-Wasserstoff-Carbonat'); de.wikipedia 'Teschemacherit' ('zusammen mit Kalicinit, Nahcolith ...')"),
    "Niter": ("Niter", "westendchronicle.com (German text): 'In der Natur nimmt Kaliumnitrat die mineralische Form von Niter an' (the German form is the IMA spelling)"),
    "Heterosite": ("Heterosit", "de.wikipedia 'Staněkit' (de.wikiup copy: 'begleitet von Ferrisicklerit, Heterosit, Kryzhanovskit, Arrojadit')"),
}
