"""Review s26b of Das Chemie-Kartenspiel (the twelfth: seeds 99600-99749, bench/records/review-s26b/).

No statement a student reads was found false. The self-audit (``bench/bench_truth_audit.py --games 150 --first 99600``)
reported one "false" statement, and it was the checker's: methyllithium's bonding sentence

    "An organometallic compound: an organic group is bound to the metal by a polar covalent bond (a metal–carbon
    bond); it is no salt of ions"

was read as "ionic" by the negated "no salt of ions" (German: "kein Salz aus Ionen"), against the truth row's
"cluster|molecular" (crystalline methyllithium is a solid of (CH₃Li)₄ tetramers: Powell, Principles of Organometallic
Chemistry, 1988; Weiss, Sauermann & Thirase, Chem. Ber. 116 (1983) 74). A sentence that says the bond is a polar
covalent metal–carbon bond and denies the salt describes a substance of molecules: the checker now reads it so, in
both languages, as it reads "An exception to the school rule: ... not a salt of W⁶⁺ ions" (review s19g).
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE / "truth"))
from test_chemiekarten_audit import _verdict  # noqa: E402
import truthlib  # noqa: E402


def _bonding(cards: list[str]) -> tuple[tuple[str, str] | None, tuple[str, str] | None]:
    import audit

    v = _verdict(cards)
    assert v.ok, v.headline.render("en")
    en, de = ([s.msg.render(lang) for s in v.steps] for lang in ("en", "de"))
    b_de = next(((c, line) for line in de for c, pat in audit.BOND_WORDS_DE if re.search(pat, line)), None)
    return audit.bonding_of(en), b_de


def test_the_audit_reads_methyllithiums_organometallic_sentence_as_molecules() -> None:
    b_en, b_de = _bonding(["Li", "C", "H", "H", "H"])
    assert b_en is not None and b_de is not None, (b_en, b_de)
    assert "organometallic" in b_en[1] and "metallorganische" in b_de[1], (b_en, b_de)
    assert b_en[0] == b_de[0] == "molecular", (b_en, b_de)
    row = next(r for r in truthlib.read_rows() if r.formulas[0] == "LiCH3")
    assert b_en[0] in row.bonding, row.bonding


def test_a_denied_salt_is_no_salt_for_the_checker() -> None:
    """The organometallic sentence alone (its catalog text in both languages), whichever compound it stands in."""
    import json

    import audit

    cat = HERE.parent / "chemgames" / "games" / "chemiekarten" / "catalog"
    en = json.loads((cat / "en.json").read_text(encoding="utf-8"))["ck.bond.organometallic"]
    de = json.loads((cat / "de.json").read_text(encoding="utf-8"))["ck.bond.organometallic"]
    assert audit.bonding_of([en]) == ("molecular", en)
    assert next(c for c, pat in audit.BOND_WORDS_DE if re.search(pat, de)) == "molecular"
    # the salts' own sentences stay "ionic"
    salt = audit.bonding_of(["A salt: by the school rule, a metal and a non-metal form ions"])
    assert salt is not None and salt[0] == "ionic", salt
    assert next(c for c, pat in audit.BOND_WORDS_DE
                if re.search(pat, "Ein Salz: Metall und Nichtmetall bilden nach der Schulregel Ionen")) == "ionic"
