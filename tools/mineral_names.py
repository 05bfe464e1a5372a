"""The IMA minerals of the reference's substances, written into the data file at build time (session 16, s16e).

A known compound whose composition is an IMA mineral's ideal formula (the extract ``tools/ima_minerals.tsv``
of the RRUFF "IMA Database of Mineral Properties", read by ``tools/ima_minerals.py``) is named with its
minerals beside the systematic name: "Calciumcarbonat (Kalk; als Mineral: Calcit, Aragonit, Vaterit)". The
data file's table ``minerals`` maps the reference key to ``[[IMA name, German name or null, IMA formula],
...]`` in the order shown; ``hydrate_minerals`` maps the key of a salt whose hydrate note names a hydrate
(``hydrates``) to the minerals whose IMA formula is exactly that hydrate (tschermigite for NH4Al(SO4)2·12H2O);
``hydrate_compositions`` maps the composition of each hydrate mineral the deck builds that the reference holds no
entry for (``composable_real.IMA_HYDRATES_LEFT_OUT``: hydrates are a note beside the anhydrous salt) to its minerals,
which the card names beside the game-only label (monohydrocalcite for CaCO3·H2O).

Rules (docs/substances.md, "Minerals beside the name"):

* only a composition the IMA formula gives exactly, or, for mercury(I), as the formula unit the reference holds
  (calomel, IMA ``HgCl``, is Hg2Cl2, the ion Hg2 2+); no other multiple (C4H10N2O2 is no 'two acetamides');
  a hydrate mineral never names its anhydrous salt (gypsum is not CaSO4), a solid solution is no ideal
  formula and is never read (``ima_minerals.parse_ima``);
* compounds only: a native element (gold, sulfur, diamond) is the element itself; water is left out
  (``LEFT_OUT``);
* every mineral of that ideal formula is listed (polymorphs: calcite, aragonite, vaterite); the card shows
  three and "u. a." / "and others" for more. First come the common ones a source names (``FIRST``: where more
  than three minerals share a formula the row is required, a test fails for a new one until it is judged),
  else the mineral the record or the school name names (the reference's CaCO3 is the CRC's "Calcium carbonate
  (calcite)"), then the others alphabetically: the order claims nothing beyond that;
* the German name only where a German source names the mineral so (``GERMAN``, with that source; and the
  seven of ``composable_real.IMA_GERMAN``), otherwise the IMA name: German mineral names mostly drop the
  final -e, but not always (Bandylith, Kalomel, Sylvin, Covellin), so none is guessed.

>>> shown_order([("Aragonite", "Ca(CO3)"), ("Calcite", "Ca(CO3)"), ("Vaterite", "Ca(CO3)")], "CCaO3",
...             "Calcium carbonate (calcite)", "limestone")
['Calcite', 'Aragonite', 'Vaterite']
>>> german("Cinnabar"), german("Bismoclite")  # no German source names bismoclite (BiOCl)
('Cinnabarit', None)
"""
from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "chemgames" / "chemistry" / "data" / "substances.json"
TABLES = ("minerals", "hydrate_minerals", "hydrate_compositions")

_DE_WP = "de.wikipedia"
_SEIL = "seilnacht.com Mineraliengalerie (German and English name)"
_TERRA = "E-SIGHTS Publishing, 'Eine mineralogische Reise durch Asien und Australien' (TERRA MINERALIA Freiberg), contents"
_RUB = "Ruhr-Universität Bochum, Geologie/Mineralogie 'Systematik und kristallchemische Klassifikation'"
_MATLAS = "mineralienatlas.de 'MineralSystematik'"
_MUG = ("'Minerale und Gesteine' (German textbook, section 'Quarz und seine Varietäten', excerpt at what-when-how.com): "
        "'Hochtemperaturmodifikationen von SiO2: Hochquarz, Tridymit, Cristobalit; Hochdruckmodifikationen von SiO2: "
        "Coesit, Stishovit; Lechatelierit'")

#: IMA name -> (the German name, the German source read for it through the search tool, session 16). Only these
#: and ``composable_real.IMA_GERMAN`` are shown in German; every other mineral keeps its IMA name.
GERMAN: dict[str, tuple[str, str]] = {
    "Calcite": ("Calcit", _DE_WP + " 'Vaterit' (Calcitgruppe: Calcit, Magnesit, Rhodochrosit, Siderit, Smithsonit); "
                "steinsicht.de 'Calcit, Synonym Kalkspat, CaCO3'"),
    "Aragonite": ("Aragonit", _SEIL + " 'Vaterit': 'neben dem Calcit und dem Aragonit die dritte ... Modifikation des "
                  "Calciumcarbonats'; " + _TERRA),
    "Vaterite": ("Vaterit", _DE_WP + " 'Vaterit' (Ca[CO3], IMA 1962 s.p.)"),
    "Magnesite": ("Magnesit", _DE_WP + " 'Vaterit' (Calcitgruppe)"),
    "Siderite": ("Siderit", _DE_WP + " 'Vaterit' (Calcitgruppe)"),
    "Rhodochrosite": ("Rhodochrosit", _DE_WP + " 'Vaterit' (Calcitgruppe); " + _TERRA),
    "Smithsonite": ("Smithsonit", _DE_WP + " 'Vaterit' (Calcitgruppe); " + _TERRA),
    "Cerussite": ("Cerussit", _TERRA),
    "Sylvite": ("Sylvin", _SEIL + " 'Sylvin', engl. Sylvite, KCl; de.wikipedia 'Sylvin' (via de.academic.ru)"),
    "Halite": ("Halit", _SEIL + " 'Halit, Steinsalz', NaCl; de.dbpedia 'Halit'"),
    "Baryte": ("Baryt", "materialmagazin.com 'Baryt oder Schwerspat'; " + _TERRA),
    "Anhydrite": ("Anhydrit", _SEIL + " 'Anhydrit', CaSO4"),
    "Fluorite": ("Fluorit", _RUB + " ('Fluorit, CaF2')"),
    "Quartz": ("Quarz", "steinsicht.de 'Quarz, SiO2'; " + _RUB),
    "Magnetite": ("Magnetit", _RUB + " ('Magnetit, Fe3O4')"),
    "Goethite": ("Goethit", _RUB + " ('Goethit, FeOOH')"),
    "Hematite": ("Hämatit", _TERRA + "; austria-forum 'Korund' (Ladurner/Purtscheller 1972: Korund, Magnetit, Hämatit)"),
    "Galena": ("Galenit", _MATLAS + " ('Galenit PbS - Halit NaCl - Periklas MgO')"),
    "Periclase": ("Periklas", _MATLAS + " ('Galenit PbS - Halit NaCl - Periklas MgO')"),
    "Forsterite": ("Forsterit", _MATLAS + " ('Forsterit und Fayalit als Endglieder der Olivin-Mischkristallreihe')"),
    "Fayalite": ("Fayalit", _MATLAS + " ('Forsterit und Fayalit')"),
    "Pyrite": ("Pyrit", _RUB + " ('Pyrit')"),
    "Marcasite": ("Markasit", _SEIL + " 'Covellin' ('Covellin mit Markasit')"),
    "Sphalerite": ("Sphalerit", _DE_WP + " 'Wurtzit' ('Modifikation des kubischen Sphalerits'); " + _TERRA),
    "Wurtzite": ("Wurtzit", _SEIL + " 'Wurtzit', engl. Wurtzite; " + _DE_WP + " 'Wurtzit'"),
    "Cuprite": ("Cuprit", _TERRA + "; " + _DE_WP + " 'Cinnabarit' (ähnliche Minerale Cuprit, Krokoit)"),
    "Tenorite": ("Tenorit", "mineralienatlas.de 'Covellin' ('Gemenge von Tenorit, Covellin')"),
    "Covellite": ("Covellin", _SEIL + " 'Covellin', engl. Covellite, CuS; " + _DE_WP + " 'Covellin'"),
    "Chalcocite": ("Chalkosin", _DE_WP + " 'Covellin' (ähnliche Minerale Bornit, Chalkosin)"),
    "Scheelite": ("Scheelit", _TERRA),
    "Crocoite": ("Krokoit", _TERRA + "; " + _DE_WP + " 'Cinnabarit' (ähnliche Minerale Cuprit, Krokoit)"),
    "Malachite": ("Malachit", _TERRA + "; mineralienatlas.de 'Covellin' (Azurit und Malachit)"),
    "Spinel": ("Spinell", _DE_WP + " 'Korund' (ähnliche Minerale: Spinell); " + _TERRA),
    "Spodumene": ("Spodumen", _TERRA + " ('Spodumen (Kunzit)')"),
    "Corundum": ("Korund", _DE_WP + " 'Korund' (Al2O3)"),
    "Cinnabar": ("Cinnabarit", _SEIL + " 'Cinnabarit, Zinnober', engl. Cinnabar: 'Cinnabarit ist der offizielle "
                 "Mineralname, im deutschen Sprachraum ist auch Zinnober gebräuchlich'; " + _DE_WP + " 'Cinnabarit'"),
    "Metacinnabar": ("Metacinnabarit", _SEIL + " 'Cinnabarit, Zinnober' (Modifikationen: Metacinnabarit, kubisch)"),
    "Hypercinnabar": ("Hypercinnabarit", _SEIL + " 'Cinnabarit, Zinnober' (Modifikationen: Hypercinnabarit, hexagonal)"),
    "Tridymite": ("Tridymit", _MUG + "; geodz.com 'Siliciumdioxid' (bei 870 °C in Tridymit)"),
    "Cristobalite": ("Cristobalit", _MUG + "; geodz.com 'Siliciumdioxid' (bei 1470 °C Cristobalit)"),
    "Coesite": ("Coesit", _MUG + "; Brockhaus 'Stishovit' ('mit dem ähnlichen Coesit in Meteoritenkratern')"),
    "Stishovite": ("Stishovit", _MUG + "; Brockhaus 'Stishovit' (tetragonale Hochdruckmodifikation des SiO2)"),
    "Lechatelierite": ("Lechatelierit", _MUG + " ('Lechatelierit (durch Blitze erzeugtes SiO2-Glas)')"),
    "Salammoniac": ("Salmiak", _SEIL + " 'Salmiak', engl. Salammoniac, (NH4)Cl; " + _DE_WP + " 'Salmiak'"),
    "Cryolite": ("Kryolith", _SEIL + " 'Kryolith', engl. Cryolite, Na3AlF6; " + _DE_WP + " 'Kryolith'"),
    "Pyrolusite": ("Pyrolusit", _SEIL + " 'Pyrolusit', engl. Pyrolusite, MnO2; " + _DE_WP + " 'Pyrolusit'"),
    "Akhtenskite": ("Akhtenskit", _SEIL + " 'Pyrolusit' (Modifikationen des Mangan(IV)-oxids: Akhtenskit hexagonal)"),
    "Ramsdellite": ("Ramsdellit", _SEIL + " 'Pyrolusit' (Modifikationen des Mangan(IV)-oxids: Ramsdellit orthorhombisch)"),
    "Manganite": ("Manganit", _SEIL + " 'Pyrolusit' ('der ähnliche Manganit'); geodz.com 'Pyrolusit'"),
    "Brucite": ("Brucit", _DE_WP + " 'Brucit' (Mg(OH)2); Meyers Konversations-Lexikon 1905 'Magnesiumhydroxyd': 'findet "
                "sich in der Natur als Brucit'"),
    "Zincite": ("Zinkit", _SEIL + " 'Zinkit' (Zinkoxid, bergmännisch Rotzinkerz); " + _DE_WP + " 'Zinkit'"),
    "Anglesite": ("Anglesit", _DE_WP + " 'Anglesit' (Pb[SO4], chemisch Blei(II)-sulfat); chemie.de 'Anglesit'"),
    "Gibbsite": ("Gibbsit", _SEIL + " 'Gibbsit, Hydragillit', engl. Gibbsite, γ-Al(OH)3; " + _DE_WP + " 'Gibbsit'"),
    "Bayerite": ("Bayerit", _SEIL + " 'Gibbsit' ('eine von vier Modifikationen des Aluminiumhydroxids. Bayerit, Doyleit "
                 "und Nordstrandit sind die anderen drei')"),
    "Doyleite": ("Doyleit", _SEIL + " 'Gibbsit' (the four modifications of Al(OH)3)"),
    "Nordstrandite": ("Nordstrandit", _SEIL + " 'Gibbsit' (the four modifications of Al(OH)3)"),
    "Böhmite": ("Böhmit", _SEIL + " 'Gibbsit' ('zusammen mit anderen Aluminiummineralen wie Böhmit oder Diaspor'); "
                + _DE_WP + " 'Gibbsit' (Bauxit: Gibbsit, Böhmit, Diaspor)"),
    "Diaspore": ("Diaspor", _SEIL + " 'Gibbsit' ('Beim Erhitzen ... zu Diaspor umgewandelt'); " + _DE_WP + " 'Gibbsit'"),
    "Witherite": ("Witherit", _SEIL + " 'Witherit', engl. Witherite, BaCO3; " + _DE_WP + " 'Witherit'"),
    "Uraninite": ("Uraninit", _SEIL + " 'Uraninit, Pechblende', engl. Uraninite, UO2; " + _DE_WP + " 'Uraninit'"),
    "Thorianite": ("Thorianit", _DE_WP + " 'Uraninit' (ähnliche Minerale: Thorianit, Coffinit)"),
    "Ferberite": ("Ferberit", _SEIL + " 'Wolframit' (Wolframit-Gruppe: Ferberit Fe2+(WO4), Hübnerit Mn2+(WO4), Sanmartinit "
                  "Zn(WO4), Huanzalait Mg(WO4)); " + _DE_WP + " 'Wolframit' (Mischkristall aus Ferberit und Hübnerit)"),
    "Hübnerite": ("Hübnerit", _SEIL + " 'Wolframit' (Hübnerit Mn2+(WO4)); " + _DE_WP + " 'Wolframit'"),
    "Sanmartinite": ("Sanmartinit", _SEIL + " 'Wolframit' (Sanmartinit Zn(WO4)); " + _DE_WP + " 'Wolframit'"),
    "Huanzalaite": ("Huanzalait", _SEIL + " 'Wolframit' (Huanzalait Mg(WO4))"),
    "Lepidocrocite": ("Lepidokrokit", "Brockhaus 'Lepidokrokit' (γ-FeOOH, Rubinglimmer); " + _DE_WP + " 'Lepidokrokit'"),
    "Feroxyhyte": ("Feroxyhyt", "m-kahl.de Mineraliengalerie 'Lepidokrokit' ('Polymorph von Goethit und Feroxyhyt')"),
    "Litharge": ("Lithargit", _DE_WP + " 'Lithargit' (PbO, die tetragonale Modifikation; 'zusammen mit Massicotit 1917 "
                 "durch Esper S. Larsen' beschrieben)"),
    "Massicot": ("Massicotit", _DE_WP + " 'Lithargit' ('Auch Paramorphosen nach Massicotit sind bekannt')"),
    "Minium": ("Minium", _DE_WP + " 'Minium' ('auch unter dem Synonym Mennige bekannt', Blei(II,IV)-oxid); seilnacht.com "
               "'Minium', engl. Minium"),
    "Chlorargyrite": ("Chlorargyrit", _DE_WP + " 'Chlorargyrit' (AgCl, Silberchlorid; 'dimorph mit Bromargyrit', "
                      "de-academic copy)"),
    "Bromargyrite": ("Bromargyrit", _DE_WP + " 'Chlorargyrit' (de-academic copy: 'Chlorargyrit ist dimorph mit Bromargyrit')"),
    "Thénardite": ("Thenardit", "salzwiki.de 'Thenardit' (Natriumsulfat, Na2SO4); Universal-Lexikon 'Thenardit' (de-academic)"),
    "Metathénardite": ("Metathenardit", "Universal-Lexikon 'Thenardit' ('Metathenardit, Na2SO4 (δ-Modifikation), in "
                       "vulkanischen Fumarolen')"),
    "Mascagnite": ("Mascagnit", "Universal-Lexikon 'Thenardit' ('isotyp mit Mascagnit')"),
    "Calomel": ("Kalomel", _DE_WP + " 'Kalomel' ('auch als Calomel (im Englischen bis heute)', Hg2Cl2); Brockhaus "
                "'Kalomel (Mineralogie)'"),
}

#: session 17 (s17e): more German names, each with the German source read for it through the search tool (the German
#: Wikipedia article or a copy of it, seilnacht.com's gallery, chemie.de, mineral dealers' and collectors' pages that
#: name the mineral in German). Not by a rule: Nitronatrit for nitratine, Sassolin, Alabandin, Bismuthinit keep no -e rule.
GERMAN_S17E: dict[str, tuple[str, str]] = {
    "Wüstite": ("Wüstit", "de.wikipedia 'Wüstit' ('Wüstit ist ein selten vorkommendes Mineral ... FeO ... Eisen(II)-oxid'); chemie.de Lexikon 'Wüstit'"),
    "Manganosite": ("Manganosit", "de.wikipedia 'Wüstit' (Strunz 8: 'zusammen mit Bunsenit, Calciumoxid, Manganosit, Monteponit')"),
    "Villiaumite": ("Villiaumit", "de.wikipedia 'Villiaumit' (dewiki.de copy: 'NaF ... chemisch gesehen Natriumfluorid'); chemie-schule.de 'Villiaumit'"),
    "Carobbiite": ("Carobbiit", "de.wikipedia 'Villiaumit' ('bildet es mit Carobbiit, Griceit, Halit und Sylvin eine Untergruppe', chemie-schule.de copy)"),
    "Griceite": ("Griceit", "de.wikipedia 'Villiaumit' ('mit Carobbiit, Griceit, Halit und Sylvin', chemie-schule.de copy)"),
    "Cotunnite": ("Cotunnit", "de.wikipedia 'Cotunnit' (dewiki.de copy: 'Cotunnit ... PbCl2 und ist damit chemisch gesehen Blei(II)-chlorid'); chemie-schule.de 'Cotunnit'"),
    "Laurionite": ("Laurionit", "chemie-schule.de 'Cotunnit' (de.wikipedia text: 'zusammen mit Fiedlerit, Laurionit, Paralaurionit und Pseudocotunnit eine Gruppe')"),
    "Paralaurionite": ("Paralaurionit", "chemie-schule.de 'Cotunnit' ('zusammen mit Fiedlerit, Laurionit, Paralaurionit und Pseudocotunnit')"),
    "Coccinite": ("Coccinit", "chemie-schule.de 'Cotunnit' ('nach Dana ... mit Hydrophilit und Coccinit eine Untergruppe')"),
    "Nantokite": ("Nantokit", "de.wikipedia 'Nantokit' ('Nantokit, veraltet auch Kupferchlorür, ... CuCl und damit chemisch gesehen Kupfer(I)-chlorid')"),
    "Marshite": ("Marshit", "de.wikipedia 'Marshit' ('Marshit ist ein sehr selten vorkommendes Mineral ... CuI und damit chemisch gesehen Kupfer(I)-iodid')"),
    "Troilite": ("Troilit", "de.wikipedia 'Troilit' ('Troilit, auch als Eisenkies oder Meteorkies bekannt ... FeS und damit chemisch gesehen Eisen(II)-sulfid')"),
    "Acanthite": ("Akanthit", "seilnacht.com Mineraliengalerie 'Akanthit', engl. Acanthite, Ag2S; de.wikipedia 'Akanthit' ('Akanthit (veraltet Silberglanz) ... Ag2S ... Silbersulfid')"),
    "Moissanite": ("Moissanit", "de.wikipedia 'Moissanit' (2007 copy: 'Moissanit ist natürlich vorkommendes Siliziumcarbid (SiC)'); goettgen.de 'Moissanit' ('die mineralogische Bezeichnung für natürlich entstandenes Siliciumcarbid')"),
    "Portlandite": ("Portlandit", "de.wikipedia 'Portlandit' ('Portlandit ist ein sehr selten vorkommendes Mineral ... Ca(OH)2 und damit chemisch gesehen Calciumhydroxid'); beton.wiki 'Portlandit'"),
    "Hausmannite": ("Hausmannit", "seilnacht.com Mineraliengalerie 'Hausmannit', engl. Hausmannite, Mn2+Mn3+2O4 ('Chemisch ist der Hausmannit aus Mangan(II,III)-oxid aufgebaut'); steine-und-minerale.de 'Hausmannit'"),
    "Chromite": ("Chromit", "steine-und-minerale.de 'Hausmannit' ('der Spinell-Supergruppe ... Chromit, Franklinit, Galinit, Galaxit, Hercynit, Magnesioferrit, Magnetit und Trevorit')"),
    "Hercynite": ("Hercynit", "steine-und-minerale.de 'Hausmannit' ('Spinell-Supergruppe ... Chromit, Franklinit, Galinit, Galaxit, Hercynit ...')"),
    "Eskolaite": ("Eskolait", "de.wikipedia 'Eskolait' (copy: 'Eskolait ist ein selten vorkommendes Mineral ... Cr2O3 und damit chemisch gesehen Chrom(III)-oxid')"),
    "Guyanaite": ("Guyanait", "de.wikipedia 'Eskolait' (copy: image caption 'Eskolait (silbrig schwarz) mit Guyanait (goldbraun)')"),
    "Bismite": ("Bismit", "de.wikipedia 'Bismit' ('Bismit (veraltet auch Wismutocker) ist ein Mineral ... Bi2O3'); kahl-mineralien.eu 'Bismit'"),
    "Sphaerobismoite": ("Sphaerobismoit", "de.wikipedia 'Bismit' (infobox: 'Ähnliche Minerale: Sphaerobismoit')"),
    "Bismuthinite": ("Bismuthinit", "de.wikipedia 'Bismuthinit' ('veraltet auch als Wismutglanz ... Bi2S3'); seilnacht.com 'Bismuthinit', engl. Bismuthinite ('Im deutschen Namen ist das h erhalten geblieben')"),
    "Bismutite": ("Bismutit", "seilnacht.com 'Bismuthinit' ('zu gelbgrünem Bismutit Bi2(CO3)O2 umwandeln'; 'nicht mit dem Bismutit oder dem Bismit (Wismutoxid) verwechselt')"),
    "Nitratine": ("Nitronatrit", "seilnacht.com 'Nitronatrit', engl. Nitratine ('Ernst Friedrich Glockner führte den gültigen deutschen Namen Nitronatrit ... ein'); de.wikipedia 'Nitronatrit' ('Nitronatrit (englisch Nitratine) ... Na[NO3]')"),
    "Arcanite": ("Arcanit", "de.wikipedia 'Arcanit' ('Arcanit ist ein selten vorkommendes Mineral ... K2[SO4] und damit chemisch gesehen reines Kaliumsulfat')"),
    "Sassolite": ("Sassolin", "de.wikipedia 'Sassolin' (profilpelajar copy: 'Da der Sassolin (englisch Sassolite) ...'); Lueger, Lexikon der gesamten Technik (1909) 'Sassolin': 'H3BO3, Mineral, natürliche Borsäure'"),
    "Willemite": ("Willemit", "seilnacht.com Mineraliengalerie 'Willemit', engl. Willemite, Zn2SiO4; de.wikipedia 'Willemit' (chemie-schule.de copy)"),
    "Stolzite": ("Stolzit", "seilnacht.com Mineraliengalerie 'Stolzit', engl. Stolzite, Pb(WO4); de.wikipedia 'Stolzit' ('ein Bleiwolframat mit der chemischen Zusammensetzung β-Pb[WO4]')"),
    "Delafossite": ("Delafossit", "Henrich, Reinhardt, Overkott, 'Delafossit – ein vielgestaltiges, aber oft übersehenes Kupfermineral aus dem Siegerland' (reinhardt-mineralien-fotografie.com: 'Das Kupfer-Eisen-Oxid Delafossit kommt als Sekundärmineral ... vor')"),
    "Thorite": ("Thorit", "seilnacht.com Mineraliengalerie 'Thorit', engl. Thorite, Th(SiO4); chemie.de Lexikon 'Thorit' ('ThSiO4 ... ein Polymorph zu Huttonit'); Meyers Konversations-Lexikon 1909 'Thorit'"),
    "Huttonite": ("Huttonit", "chemie.de Lexikon 'Thorit' ('Thorit ... ist ein Polymorph zu Huttonit'; 'Ähnliche Minerale Zirkon, Hafnon, Coffinit, Huttonit')"),
    "Montroydite": ("Montroydit", "de.wikipedia 'Montroydit' (dewiki.de copy: 'HgO und damit chemisch gesehen Quecksilber(II)-oxid'); m-kahl.de Mineraliengalerie 'Montroydit'"),
    "Alabandite": ("Alabandin", "seilnacht.com Mineraliengalerie 'Alabandin, Manganblende', engl. Alabandite, MnS; de.wikipedia 'Alabandin' ('Mangan(II)-sulfid')"),
    "Rambergite": ("Rambergit", "de.wikipedia 'Alabandin' (de-academic copy: 'Alabandin ist dimorph mit Rambergit')"),
    "Tephroite": ("Tephroit", "de.wikipedia 'Tephroit' (copy: 'Tephroit, auch Mangan-Peridot genannt, ... Mn2SiO4')"),
    "Oldhamite": ("Oldhamit", "de.wikipedia 'Oldhamit' (dewiki.de copy: 'CaS und ist damit chemisch gesehen Calciumsulfid')"),
    "Niningerite": ("Niningerit", "de.wikipedia 'Niningerit' (copy: 'Niningerit ist ein sehr seltenes ... Mineral ... MgS. Das Mineral ist damit chemisch gesehen Magnesiumsulfid')"),
    "Plattnerite": ("Plattnerit", "de.wikipedia 'Plattnerit' ('Plattnerit, veraltet auch als Schwerbleierz ... β-PbO2 und damit chemisch gesehen Blei(IV)-oxid')"),
    "Sellaite": ("Sellait", "de.wikipedia 'Sellait' ('Sellait ist ein selten vorkommendes Mineral ... MgF2 und damit chemisch gesehen Magnesiumfluorid')"),
    "Iodargyrite": ("Jodargyrit", "de.wikipedia 'Jodargyrit' ('Jodargyrit, auch unter den verschiedenen synonymen Bezeichnungen Iodargyrit, Jodit ... Silberiodid')"),
    "Chalcocyanite": ("Chalkocyanit", "seilnacht.com 'Chalkanthit' ('weißes, wasserfreies Kupfersulfat. Dieser Stoff kommt in der Natur im Mineral Chalkocyanit vor'); de.wikipedia 'Kupfersulfat' (copy at wlw.at: 'Die wasserfreie Form ist als Mineral Chalkocyanit (Cu[SO4]) bekannt')"),
    "Ringwoodite": ("Ringwoodit", "de.wikipedia 'Ringwoodit' ('Ringwoodit ist die Hochdruck-Modifikation von Olivin ... Mg2(SiO4)')"),
    "Ahrensite": ("Ahrensit", "de.wikipedia 'Ringwoodit' ('γ-Fe2(SiO4) wurde erst kürzlich in natürlichen Proben nachgewiesen und wird daher seit 2013 als Ahrensit bezeichnet')"),
    "Wadsleyite": ("Wadsleyit", "de.wikipedia 'Wadsleyit' ('Wadsleyit ist ein Mineral ... Mg2[SiO4] und ist damit chemisch gesehen ein Magnesium-Silikat')"),
    "Triphylite": ("Triphylin", "en.wikipedia 'Triphylite' (translation notice: 'the existing German Wikipedia article at [[:de:Triphylin]]'; not by a rule: Triphylin, not 'Triphylit')"),
    "Pyrochroite": ("Pyrochroit", "kahl-mineralien.eu Mineraliengalerie 'Pyrochroit' ('Mn(OH)2 (4.FE.05; Brucit-Gruppe)'; after mineralienatlas.de and de.wikipedia)"),
    "Raspite": ("Raspit", "de.wikipedia 'Raspit' (stored text: 'Raspit ist ein selten vorkommendes Mineral mit der chemischen Zusammensetzung α-PbWO4 und damit chemisch gesehen Bleiwolframat')"),
    "Berlinite": ("Berlinit", "de.wikipedia 'Berlinit (Mineral)' ('Berlinit ist ein selten vorkommendes Mineral ... Al[PO4] und ist damit chemisch gesehen ein Aluminiumorthophosphat')"),
    "Matlockite": ("Matlockit", "de.wikipedia 'Matlockit' (de-academic copy: 'Matlockit ist ein selten vorkommendes Mineral aus der Mineralklasse der Halogenide ... PbFCl')"),
    "Magnesiochromite": ("Magnesiochromit", "de.wikipedia 'Magnesiochromit' ('Magnesiochromit ist ein eher selten vorkommendes Mineral ... MgCr3+2O4 und damit chemisch gesehen ein Magnesium-Chrom-Oxid')"),
    "Zincochromite": ("Zincochromit", "de.wikipedia 'Zincochromit' (copy at sagapedia.com: infobox 'Zincochromit', IMA-Nummer 1986-015, ZnCr2O4)"),
    "Cohenite": ("Cohenit", "de.wikipedia 'Cohenit' ('Cohenit ist ein eher selten vorkommendes meteoritisches Mineral ... Fe3C'; 'In der Metallurgie ist die Verbindung Fe3C als Zementit ... bekannt')"),
    "Eucryptite": ("Eukryptit", "de.wikipedia 'Eukryptit' ('Eukryptit ist ein selten vorkommendes Mineral ... LiAl[SiO4], ist also ein Lithium-Aluminium-Silikat'; not by a rule: Eukryptit with k)"),
    "Kirschsteinite": ("Kirschsteinit", "steine-und-minerale.de 'Kirschsteinit' ('Unter dem Namen Kirschsteinit wird ... ein Calcium-Eisensilikat definiert, das zur Olivingruppe und im Speziellen zur Kirschsteinit-Monticellit-Serie zählt'; CaFe2+SiO4)"),
    "Monticellite": ("Monticellit", "steine-und-minerale.de 'Kirschsteinit' ('zur Kirschsteinit-Monticellit-Serie')"),
    "Kalsilite": ("Kalsilit", "steine-und-minerale.de 'Kirschsteinit' (associated minerals: 'Combeit, Götzenit, Hornblende/Amphibole, Kalsilit, Klinopyroxene')"),
    "Zabuyelite": ("Zabuyelit", "de.wikipedia 'Zabuyelit' ('Zabuyelit ist ein sehr selten vorkommendes Mineral ... Li2[CO3] und damit chemisch gesehen Lithiumcarbonat')"),
    "Carlsbergite": ("Carlsbergit", "mineralienzimmer.de, 'Meteoriten-Mineralien' ('Carlsbergit - CrN - nur in Eisenmeteoriten')"),
    "Nahcolite": ("Nahcolith", "seilnacht.com 'Natriumhydrogencarbonat NaHCO3' ('Vorkommen: Mineral Nahcolith'; not by a rule: -lith)"),
    "Natrite": ("Natrit", "mineralien.goblack.de 'Soda' ('wasserfreies Natriumcarbonat (Na2CO3, Mineral Natrit)')"),
    "Wollastonite": ("Wollastonit", "de.wikipedia 'Wollastonit' ('Wollastonit (selten auch Tafelspat oder Tafelspath) ist ein häufig vorkommendes Mineral mit der chemischen Zusammensetzung CaSiO3'); Brockhaus 'Wollastonit'"),
    "Pseudowollastonite": ("Pseudowollastonit", "Brockhaus 'Wollastonit' (also Universal-Lexikon: 'kommt in drei Modifikationen vor: monoklin, triklin und oberhalb 1 125 °C pseudohexagonal (Cyclo- oder Pseudowollastonit)')"),
    "Libethenite": ("Libethenit", "de.wikipedia 'Libethenit' ('Libethenit ist ein eher selten vorkommendes Mineral ... Cu2[OH|PO4] und damit chemisch gesehen ein sogenanntes basisches Kupfer-Phosphat')"),
    "Bixbyite": ("Bixbyit", "seilnacht.com Mineraliengalerie 'Bixbyit', engl. Bixbyite ('aus Mangan(III)-oxid aufgebaut'); de.wikipedia 'Bixbyit-(Mn)' ('ehemals Bixbyit ... Mn2O3 und damit chemisch gesehen Mangan(III)-oxid')"),
    "Rutherfordine": ("Rutherfordin", "de.wikipedia 'Rutherfordin' ('Rutherfordin ist ein selten vorkommendes Mineral ... (UO2)(CO3), ist also chemisch gesehen ein Uranylcarbonat'; not by a rule: no -it)"),
}
GERMAN.update(GERMAN_S17E)
# s18d: German names read this session, each with its German source (tools/vetted_review_s18d.py)
try:
    from vetted_review_s18d import GERMAN_S18D
except ImportError:  # imported as tools.mineral_names
    from tools.vetted_review_s18d import GERMAN_S18D
GERMAN.update(GERMAN_S18D)
# s19e: German names read this session, each with its German source (tools/vetted_review_s19e.py)
try:
    from vetted_review_s19e import GERMAN_S19E
except ImportError:  # imported as tools.mineral_names
    from tools.vetted_review_s19e import GERMAN_S19E
GERMAN.update(GERMAN_S19E)
# s24b: German names read this session, each with its German source (tools/vetted_review_s24b.py)
try:
    from vetted_review_s24b import GERMAN_S24B
except ImportError:  # imported as tools.mineral_names
    from tools.vetted_review_s24b import GERMAN_S24B
GERMAN.update(GERMAN_S24B)

#: the minerals of an ideal formula a source names as its common ones, shown first (the others follow alphabetically,
#: after the third with "u. a."); required where more than three share the formula (a new one fails the test).
FIRST: dict[str, tuple[tuple[str, ...], str]] = {
    "O2Si": (("Quartz", "Tridymite", "Cristobalite"),
             "S. Dutch, Univ. of Wisconsin-Green Bay, 'Silica polymorphs': low quartz stable at surface conditions, "
             "tridymite above 870 °C, cristobalite above 1470 °C, coesite above 20 kbar, stishovite above 80 kbar; "
             "quartzpage.de 'Overview of Silica Polymorphs': quartz the only stable form at ambient conditions, "
             "lechatelierite a silica glass (read through the search tool, session 16)"),
    "AlH3O3": (("Gibbsite", "Bayerite", "Nordstrandite"),
               "Schoen & Roberson, Am. Mineral. 55 (1970) 43, 'Structures of aluminum hydroxide': gibbsite, bayerite and "
               "nordstrandite the three polymorphs, bayerite nearly absent in nature; Chao et al., Can. Mineral. 23 (1985) "
               "21: doyleite, a new polymorph (read through the search tool, session 16)"),
    "Mg2O4Si": (("Forsterite", "Wadsleyite", "Ringwoodite"),
                "Nature Sci. Rep. (2017) s41598-017-17698-z and Commun. Earth Environ. (2020) s43247-020-00090-7: olivine "
                "(forsterite, alpha-Mg2SiO4) transforms with pressure into wadsleyite and ringwoodite, the major phases "
                "of the mantle transition zone; further phases only in shocked meteorites (read through the search tool, "
                "session 16)"),
    "MnO2": (("Pyrolusite",), _SEIL + " 'Pyrolusit': 'ein häufig vorkommendes Mineral'; beside it 'zwei weitere natürliche "
             "Modifikationen des Mangan(IV)-oxids: Akhtenskit ... Ramsdellit'"),
    "Na2O4S": (("Thénardite",), "Universal-Lexikon 'Thenardit' (de-academic): thenardite in many salt lakes; the other "
               "modifications, metathenardite among them, only between 197 and 250 °C, in volcanic fumaroles"),
    "FeHO2": (("Goethite",), _RUB + " (the example of the oxides and hydroxides: 'Goethit, FeOOH')"),
    "Fe2O4Si": (("Fayalite",), _MATLAS + " ('Forsterit und Fayalit als Endglieder der Olivin-Mischkristallreihe')"),
}

#: reference keys whose minerals are not shown, with the reason
LEFT_OUT: dict[str, str] = {
    "H2O": "water: its minerals are ice and ice-VII, the solid; the card names the substance 'Wasser' / 'water', "
           "and no German source was read for the minerals' names",
}


def german(name: str) -> str | None:
    """The German name a source gives the IMA mineral ``name`` (None: no German source read, the IMA name stays)."""
    if name in GERMAN:
        return GERMAN[name][0]
    try:
        from tools.composable_real import IMA_GERMAN
    except ImportError:
        from composable_real import IMA_GERMAN  # type: ignore[no-redef]
    return IMA_GERMAN[name][0] if name in IMA_GERMAN else None


def shown_order(found: list[tuple[str, str]], key: str, record: str, trivial: str) -> list[str]:
    """The IMA names of ``found`` in the order the card shows them (see the module doc): ``FIRST``'s, else the one
    the record's name or the school name (``trivial``, either language) names first, then alphabetically."""
    names = sorted({n for n, _f in found})
    first = [n for n in FIRST.get(key, ((), ""))[0] if n in names]
    names = [n for n in names if n not in first]
    said = (record + " " + trivial).lower()

    def named(n: str) -> bool:
        words = {n.lower(), (german(n) or "").lower()}
        return any(w and re.search(r"\b" + re.escape(w) + r"\b", said) for w in words)

    return first + sorted(names, key=lambda n: (not named(n), n))


def _composition(key: str) -> Counter:
    from chemgames.chemistry import parse_formula

    return Counter({e: int(v) for e, v in parse_formula(key).counts.items()})


def compute(data: dict[str, Any]) -> dict[str, dict[str, list[list[str | None]]]]:
    """Both tables from the data file's entries and hydrates and the shipped IMA extract."""
    try:
        from tools.ima_minerals import compositions
    except ImportError:
        from ima_minerals import compositions  # type: ignore[no-redef]
    ima = compositions()
    nom = json.loads((ROOT / "chemgames" / "chemistry" / "data" / "nomenclature.json").read_text(encoding="utf-8"))
    trivial = nom["trivial"]
    subs = data["substances"]
    minerals: dict[str, list[list[str | None]]] = {}
    for key, entry in subs.items():
        if re.search(r"[+-]\d*$", key):
            continue  # an ion is no mineral
        comp = _composition(key)
        if len(comp) < 2 or key in LEFT_OUT:
            continue  # a native element is the element itself
        found = ima.get(tuple(sorted(comp.items())), [])
        if not found and comp["Hg"] and not any(v % 2 for v in comp.values()):
            # mercury(I) is Hg2 2+: calomel, IMA 'HgCl', is the reference's Hg2Cl2
            found = ima.get(tuple(sorted((e, v // 2) for e, v in comp.items())), [])
        if not found:
            continue
        formulas = dict(found)
        row = trivial.get(key, {})
        order = shown_order(found, key, str(entry[3]), " ".join(row.values()))
        minerals[key] = [[n, german(n), formulas[n]] for n in order]
    hydrate_minerals: dict[str, list[list[str | None]]] = {}
    for key, row in data.get("hydrates", {}).items():
        water = re.search(r"·(\d*)H2O$", row[0])
        if not water:
            continue
        n = int(water.group(1) or 1)
        comp = _composition(key) + Counter({"H": 2 * n, "O": n})
        found = ima.get(tuple(sorted(comp.items())), [])
        if found:
            hydrate_minerals[key] = [[m, german(m), f] for m, f in sorted(found)]
    # the hydrate minerals the deck builds, whose composition the reference holds no entry for (hydrates are a note
    # beside the anhydrous salt): a game-only build of that composition names them (monohydrocalcite CaCO3·H2O)
    try:
        from tools.composable_real import IMA_HYDRATES_LEFT_OUT
    except ImportError:
        from composable_real import IMA_HYDRATES_LEFT_OUT  # type: ignore[no-redef]
    try:
        from tools.vetted_review_s18d import IMA_LEFT_OUT_S18D
    except ImportError:
        from vetted_review_s18d import IMA_LEFT_OUT_S18D  # type: ignore[no-redef]
    # s18d: also the hydrate minerals a student can lay beyond the hint search's bounds (variscite AlPO4·2H2O ...)
    hydrates_laid = {k for k, why in IMA_LEFT_OUT_S18D.items() if why.startswith("a hydrate mineral")}
    hydrate_compositions: dict[str, list[list[str | None]]] = {}
    for key in sorted(IMA_HYDRATES_LEFT_OUT | hydrates_laid):
        found = ima.get(tuple(sorted(_composition(key).items())), [])
        assert found and key not in subs, key  # composable_real's test: each is an IMA hydrate, none a known entry
        hydrate_compositions[key] = [[m, german(m), f] for m, f in sorted(found) if "H2O" in f]
    return {"minerals": dict(sorted(minerals.items())), "hydrate_minerals": dict(sorted(hydrate_minerals.items())),
            "hydrate_compositions": hydrate_compositions}


def write() -> dict[str, dict[str, list[list[str | None]]]]:
    """Compute both tables and write them into ``substances.json`` (as ``make_substances`` writes the file)."""
    sys.path.insert(0, str(ROOT / "tools"))
    sys.path.insert(0, str(ROOT))
    import make_substances

    data = json.loads(DATA.read_text(encoding="utf-8"))
    for t in TABLES:
        data.pop(t, None)
    tables = compute(data)
    data.update(tables)  # the source line is the build's: sources['minerals'] (make_substances.build)
    make_substances.write_data(data)
    return tables


if __name__ == "__main__":
    t = write()
    print(f"minerals: {len(t['minerals'])} compounds named with IMA minerals, "
          f"{len(t['hydrate_minerals'])} hydrate notes with a mineral, "
          f"{len(t['hydrate_compositions'])} game-only hydrate compositions")
