"""Review s18e of Das Chemie-Kartenspiel (seeds 80000-80099; /work/wt/_notes/s18e-findings.md): text the reviewer
found wrong and could check against an independent source today.

L1: the cards C + N + the OH- card build H-O-C#N, and the headline says so ("das ist Cyansäure HOCN", s17i); the
oxidation-number line under it named the other isomer, "Oxidationszahlen in HNCO, wie Chemiker sie zuordnen", the
substance the headline has just said the build is not (6 offers in the review's 100 games). The line must name the
molecule the cards build, and its numbers must be that molecule's: RDKit's on the structure the sources draw (OC#N,
independent of the engine's data).
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from test_chemiekarten_audit import _verdict  # noqa: E402
from test_chemiekarten_review_s17f import _rdkit_ox  # noqa: E402

_LINE = {"de": re.compile(r"Oxidationszahlen in (\S+), wie Chemiker sie zuordnen: (.+)"),
         "en": re.compile(r"Oxidation numbers in (\S+) as chemists assign them: (.+)")}


def _numbers(text: str) -> dict[str, int]:
    return {e: int(v.replace("−", "-").replace("+", "")) for e, v in re.findall(r"([A-Z][a-z]?) ([+−-]?\d+)", text)}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_cyanic_acid_card_names_cyanic_acid_in_its_oxidation_numbers(lang: str) -> None:
    pytest.importorskip("rdkit")
    v = _verdict(["C", "N", "O", "H"], [("[OH]-", [2, 3])])
    assert v.ok and "HOCN" in v.headline.render(lang)  # s17i's headline: the build is cyanic acid
    lines = [m for s in v.steps if (m := _LINE[lang].match(s.msg.render(lang)))]
    assert len(lines) == 1, [s.msg.render(lang) for s in v.steps]
    named, numbers = lines[0].group(1), _numbers(lines[0].group(2))
    assert named == "HOCN"  # not HNCO, the isomer the headline says the build is not
    assert numbers == _rdkit_ox("OC#N")  # cyanic acid as the sources draw it: H +1, O -2, C +4, N -3


def test_isocyanic_acid_keeps_its_own_name_where_the_cards_build_it() -> None:
    """Where no card group marks the isomer (H, N, C, O as free cards), the line names the reference's HNCO as before."""
    v = _verdict(["H", "N", "C", "O"])
    texts = [s.msg.render("de") for s in v.steps]
    assert any(t.startswith("Oxidationszahlen in HNCO,") for t in texts), texts
