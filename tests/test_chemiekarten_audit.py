"""Self-audit of Das Chemie-Kartenspiel (issue 25): what the explanation of a laid compound says
about it, checked against independent sources (``tests/truth/audit.py``).

The checks themselves are tested on explanations written for the purpose (fast, always strict).
Ten seeded bot games are audited under the ``slow`` marker; the full 300 games are
``bench/bench_truth_audit.py``. Until the new substance engine and game texts of issue 25 are merged,
the game audit is an expected failure, switched by the constant ``AUDIT_READY`` in
``tests/truth/test_truth_set.py``.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "truth"))

import audit  # noqa: E402
from test_truth_set import AUDIT_READY  # noqa: E402  (the audit's switch)


def _laid(title_en: str, lines_en: list[str], title_de: str, counts: dict[str, int], free=(), combos=(),
          charges=None) -> audit.Laid:
    return audit.Laid(tuple(sorted(counts.items())), (tuple(free), tuple(combos)), dict(charges or {}),
                      {"en": (title_en, lines_en), "de": (title_de, [])}, None, "greedy", 0)


def _false(x: audit.Laid) -> list[str]:
    rep = audit.audit([x])
    return sorted({f.what for f in rep.false() + rep.notation()})


def test_the_audit_finds_the_false_statements_of_the_review():
    pytest.importorskip("rdkit")
    # AgH called a known ionic substance with a "large" difference at 0.27 (the first example)
    agh = _laid("AgH: silver hydride, a known substance.",
                ["An ionic compound: one partner attracts the electrons much more strongly than the other "
                 "(a large electronegativity difference), so ions form; the charges here are ion charges",
                 "Oxidation numbers in AgH as chemists assign them: Ag +1, H −1"],
                "AgH: Silberhydrid, ein bekannter Stoff.", {"Ag": 1, "H": 1})
    assert _false(agh) == ["bonding", "label", "ΔEN"]
    # [Fe(CN)6]-like nonsense numbers, and numbers printed for a game-only compound
    fe = _laid("C₅FeO₅ is a known substance.", ["Oxidation numbers in C₅FeO₅ as chemists assign them: C −1, Fe +7, O −2"],
               "C₅FeO₅ ist ein bekannter Stoff.", {"C": 5, "Fe": 1, "O": 5})
    assert "ox" in _false(fe)
    game_only = _laid("The charges add up, but our reference knows no substance MnC: the game checks only the sum.",
                      ["Oxidation numbers in MnC as chemists assign them: Mn +4, C −4"],
                      "Die Ladungen gehen auf, aber einen Stoff MnC kennt unser Nachschlagewerk nicht: das Spiel prüft "
                      "nur die Summe.", {"Mn": 1, "C": 1})
    assert _false(game_only) == ["ox"]
    # americium written last, German and English disagreeing
    am = _laid("HOAm: not a known substance, allowed by the game's rule only.", [],
               "HOAm: ein bekannter Stoff.", {"H": 1, "O": 2, "Am": 1}, free=[("Am", 1), ("O", 1)],
               combos=["[OH]-"], charges={"Am": 3, "O": -2})
    assert _false(am) == ["formula", "label"]
    good = _laid("AmO(OH): not a known substance, allowed by the game's rule only.", [],
                 "AmO(OH): kein bekannter Stoff, nur nach Spielregel.", {"H": 1, "O": 2, "Am": 1},
                 free=[("Am", 1), ("O", 1)], combos=["[OH]-"], charges={"Am": 3, "O": -2})
    assert _false(good) == []
    # mercury(I) as a monomer
    hg = _laid("HgBr: mercury(I) bromide, a known substance.", ["Oxidation numbers in HgBr as chemists assign them: "
               "Hg +1, Br −1"], "HgBr: Quecksilber(I)-bromid, ein bekannter Stoff.", {"Hg": 1, "Br": 1})
    assert _false(hg) == ["formula"]
    # "same composition": the named substance must have the composition and be real
    cr = _laid("Cr(ClO)₂ from these cards: no such substance is known; the same composition is chromyl chloride "
               "CrO₂Cl₂, Cr +6.", [], "Cr(ClO)₂ aus diesen Karten: so gibt es den Stoff nicht; dieselbe "
               "Zusammensetzung hat Chromylchlorid CrO₂Cl₂, Cr +6.", {"Cr": 1, "Cl": 2, "O": 2})
    assert _false(cr) == []
    wrong = _laid("Cr(ClO)₂ from these cards: no such substance is known; the same composition is chromyl chloride "
                  "CrO₂Cl₂, Cr +2.", [], "Cr(ClO)₂ aus diesen Karten: so gibt es den Stoff nicht; dieselbe "
                  "Zusammensetzung hat Chromylchlorid CrO₂Cl₂, Cr +2.", {"Cr": 1, "Cl": 2, "O": 2})
    assert _false(wrong) == ["ox"]


def test_the_audit_passes_true_statements():
    pytest.importorskip("rdkit")
    nacl = _laid("NaCl: sodium chloride (table salt), a known substance.",
                 ["A salt: by the school rule, a metal and a non-metal form ions; the charges here are ion charges",
                  "Oxidation numbers in NaCl as chemists assign them: Na +1, Cl −1"],
                 "NaCl: Natriumchlorid (Kochsalz), ein bekannter Stoff.", {"Na": 1, "Cl": 1})
    assert _false(nacl) == []
    fe3o4 = _laid("Fe₃O₄: iron(II,III) oxide, a known substance.",
                  ["Oxidation numbers in Fe₃O₄ as chemists assign them: Fe +8/3 (the average of +2 / +3 / +3), O −2"],
                  "Fe₃O₄: Eisen(II,III)-oxid, ein bekannter Stoff.", {"Fe": 3, "O": 4})
    assert _false(fe3o4) == []
    so = _laid("SO: sulfur monoxide exists only briefly, e.g. in flames or in space; it cannot be kept in a bottle.",
               ["A molecule: non-metals only, the atoms share electron pairs; there are no ions, the numbers are "
                "oxidation numbers"], "SO: Schwefelmonoxid gibt es nur kurzlebig, z. B. in Flammen oder im Weltall.",
               {"S": 1, "O": 1})
    assert _false(so) == []


@pytest.mark.slow
@pytest.mark.xfail(not AUDIT_READY, strict=False,
                   reason="issue 25: the game's explanations still write some formulas unlike a textbook and say a few false things (AUDIT_READY)")
def test_ten_seeded_games_say_nothing_false():
    pytest.importorskip("rdkit")
    laid, stats = audit.play(10)
    rep = audit.audit(laid)
    assert rep.compounds > 20 and stats["games"] == 10
    assert not rep.false() and not rep.notation(), "\n" + audit.render(rep, stats)
