"""s21h: sulfur tetrachloride SCl4, a real substance kept only cold (the lead's decision on s19d/s20d/s21b's open row).

Every source below was read on 2026-11-28 through the search tool (pages corpus); what a row quotes is what the stored
page showed. The row has the format of ``vetted_substances.VETTED`` (formula, SMILES, English name, German name, label,
source) and is appended there by a block marked "s21h" at the end of ``tools/vetted_substances.py``.

* **Label ``exists``, with a note** (``COLD_ONLY``; the data's ``cold_only``, catalogs ``chem.cold_only.<formula>``).
  Two sources say it is made and kept as a solid: en.wikipedia 'Sulfur tetrachloride' (after Brauer's Handbuch der
  Präparativen Anorganischen Chemie and Greenwood & Earnshaw, 2nd ed. 1997: made from SCl2 and Cl2 at 193 K, decomposes
  above −30 °C to SCl2 and Cl2, solid structure uncertain, "probably the salt SCl3+Cl−") and the Great Soviet
  Encyclopedia 'Sulfur chloride' ("trichlorosulfonium chloride ... stable only in the solid state; upon melting, it
  decomposes to SCl2 and Cl2 (mp −31 °C)"). ``exists`` means "can be made and kept"; the note says that it is kept only
  below about −30 °C and how it is probably bound, so the card does not sell it as a bottle on the shelf.
* **Structure:** the molecule's SMILES of the record (``ClS(Cl)(Cl)Cl``, en.wikipedia's infobox); its oxidation numbers
  S +4 and Cl −1 are those of the salt SCl3+ Cl− as well (the test checks both drawings with RDKit and pymatgen).

>>> [row[0] for row in S21H_ROWS], S21H_ROWS[0][4], sorted(COLD_ONLY)
(['SCl4'], 'exists', ['SCl4'])
"""
from __future__ import annotations

WP_SCL4 = ("en.wikipedia 'Sulfur tetrachloride' (copies on cryer.org.uk, wikiclassic.com, friendlywiki.com: 'obtained by "
           "treating sulfur dichloride with chlorine at 193 K ... It melts with simultaneous decomposition above −20 °C' "
           "after Georg Brauer, Handbuch der Präparativen Anorganischen Chemie; 'Its solid structure is uncertain. It is "
           "probably the salt SCl3+Cl−, since related salts are known with noncoordinating anions' after Greenwood & "
           "Earnshaw, Chemistry of the Elements, 2nd ed. (1997) and Christian, Collins, Gillespie & Sawyer, Inorg. Chem. "
           "25 (1986) 777 ((SCl3)(SbCl6)); 'It decomposes above −30 °C (242 K) to sulfur dichloride and chlorine'; "
           "CAS 13451-08-6, PubChem CID 13932016)")
GSE_SCL4 = ("Great Soviet Encyclopedia, 'Sulfur Chloride' (ed.mdict.net copy: 'Sulfur tetrachloride (trichlorosulfonium "
            "chloride, SCl4) is a pale yellow crystalline substance that is obtained by the action of liquid Cl2 on SCl2. "
            "It is stable only in the solid state; upon melting, it decomposes to SCl2 and Cl2 (mp −31 °C) ... The binary "
            "salts SCl4·SnCl4, SCl4·SbCl5, and SCl4·AlCl3 are significantly more stable than SCl4 alone')")

#: formula, SMILES, English name, German name, label, source (two independent sources, 2026-11-28)
S21H_ROWS: list[tuple[str, str, str, str, str, str]] = [
    ("SCl4", "ClS(Cl)(Cl)Cl", "sulfur tetrachloride", "Schwefeltetrachlorid", "exists", "; ".join((WP_SCL4, GSE_SCL4))),
]

#: the record's CAS number and PubChem CID (en.wikipedia's infobox; no CRC row)
S21H_IDS: dict[str, tuple[str, int]] = {"SCl4": ("13451-08-6", 13932016)}

#: real substances kept only cold: formula -> source of the note (the data's ``cold_only``; catalogs
#: ``chem.cold_only.<formula>``)
COLD_ONLY: dict[str, str] = {"SCl4": "; ".join((WP_SCL4, GSE_SCL4))}
