"""Self-audit of Das Chemie-Kartenspiel (issue 25): what the explanation of a laid compound says
about it, checked against independent sources (``tests/truth/audit.py``).

The checks themselves are tested on explanations written for the purpose (fast, always strict).
Ten seeded bot games are audited under the ``slow`` marker (`pytest -m slow tests/test_chemiekarten_audit.py`,
about 1-2 minutes on a loaded machine); the full 300 games are ``python bench/bench_truth_audit.py
--games 300`` (0 false, 0 notation at the switch). The switch ``AUDIT_READY`` in
``tests/truth/test_truth_set.py`` is on: the game audit is strict.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "truth"))

import audit  # noqa: E402
from test_truth_set import AUDIT_READY  # noqa: E402  (the audit's switch)


# False statements the audit finds in the game today, said openly until the data is fixed (the
# seeded-game tests tolerate these (what, formula) pairs only; remove each once it is fixed). Empty:
# FeP and CrP, the last two, are metal-like since session 10.
KNOWN_FALSE: set[tuple[str, str]] = set()


def _open(rep) -> list:
    return [f for f in rep.false() + rep.notation() if (f.what, f.formula) not in KNOWN_FALSE]


def _laid(title_en: str, lines_en: list[str], title_de: str, counts: dict[str, int], free=(), combos=(),
          charges=None) -> audit.Laid:
    return audit.Laid(tuple(sorted(counts.items())), (tuple(free), tuple(combos)), dict(charges or {}),
                      {"en": (title_en, lines_en), "de": (title_de, [])}, None, "greedy", 0)


def _false(x: audit.Laid) -> list[str]:
    rep = audit.audit([x])
    found = {f.what for f in rep.false() + rep.notation()}
    if not x.texts["de"][1]:
        found.discard("language")  # an explanation written here in English only: no German lines to compare
    return sorted(found)


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
    am = _laid("HOAm: not in our reference, allowed by the game's rule only (this does not say whether the substance exists).", [],
               "HOAm: ein bekannter Stoff.", {"H": 1, "O": 2, "Am": 1}, free=[("Am", 1), ("O", 1)],
               combos=["[OH]-"], charges={"Am": 3, "O": -2})
    assert _false(am) == ["formula", "label"]
    good = _laid("AmO(OH): not in our reference, allowed by the game's rule only (this does not say whether the substance exists).", [],
                 "AmO(OH): nicht in unserem Nachschlagewerk, nur nach Spielregel (ob es den Stoff gibt, sagt das nicht).", {"H": 1, "O": 2, "Am": 1},
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



def test_the_audit_checks_labels_against_the_crc_names():
    # review of issue 25, class 11: an invented composition called known while the CRC names the compound of
    # these elements with another composition (its 'Copper nitride' is Cu3N by its record's name; its
    # 'Plumbane' PbH4), and a real substance the reference lacks
    pytest.importorskip("rdkit")
    cu = _laid("Cu₃N₂: copper nitride, a known substance.", [], "Cu₃N₂: Kupfernitrid, ein bekannter Stoff.",
               {"Cu": 3, "N": 2})
    assert _false(cu) == ["label"]
    pb = _laid("PbH₂: lead(II) hydride, a known substance.", [], "PbH₂: Blei(II)-hydrid, ein bekannter Stoff.",
               {"Pb": 1, "H": 2})
    assert _false(pb) == ["label"]
    # (As2S3 has no truth row and no CRC structure; the CRC names it 'Arsenic(III) sulfide')
    as2s3 = _laid("As₂S₃: not in our reference, allowed by the game's rule only (this does not say whether the substance "
                  "exists).", [], "As₂S₃: nicht in unserem Nachschlagewerk, nur nach Spielregel (ob es den Stoff gibt, "
                  "sagt das nicht).", {"As": 2, "S": 3})
    rep = audit.audit([as2s3])
    assert [(f.kind, f.what) for f in rep.findings] == [("incomplete", "label")]
    assert "Arsenic(III) sulfide" in rep.findings[0].detail
    # a composition the CRC states the same way (Cu3N) is not flagged as known-but-wrong
    cu3n = _laid("Cu₃N: copper(I) nitride, a known substance.", [], "Cu₃N: Kupfer(I)-nitrid, ein bekannter Stoff.",
                 {"Cu": 3, "N": 1})
    assert "label" not in _false(cu3n)


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


def test_the_audit_checks_molar_mass_sums_german_and_stock_numbers():
    """The checks added for the 300-game audit (molar mass against molmass and mendeleev, the sums
    printed, German beside English, Stock numbers against the printed oxidation numbers) pass a true
    explanation and catch each kind of error."""
    pytest.importorskip("rdkit")
    pytest.importorskip("molmass")
    en = ["Sum of the card charges: 1·(+3) + 3·(−1) = 0",
          "Oxidation numbers in FeCl₃ as chemists assign them: Fe +3, Cl −1",
          "A salt: by the school rule, a metal and a non-metal form ions; the charges here are ion charges",
          "Molar mass of FeCl₃: 1 · 55.85 + 3 · 35.45 = 162.20 g/mol", "Points: 3 + 2 + 2 + 2 = 9"]
    de = ["Summe der Kartenladungen: 1·(+3) + 3·(−1) = 0",
          "Oxidationszahlen in FeCl₃, wie Chemiker sie zuordnen: Fe +3, Cl −1",
          "Ein Salz: Metall und Nichtmetall bilden nach der Schulregel Ionen; die Ladungen sind hier Ionenladungen",
          "Molare Masse von FeCl₃: 1 · 55,85 + 3 · 35,45 = 162,20 g/mol", "Punkte: 3 + 2 + 2 + 2 = 9"]

    def laid(en_lines=en, de_lines=de, name_en="iron(III) chloride", name_de="Eisen(III)-chlorid"):
        return audit.Laid((("Cl", 3), ("Fe", 1)), ((("Cl", 3), ("Fe", 1)), ()), {"Fe": 3, "Cl": -1},
                          {"en": (f"FeCl₃: {name_en}, a known substance.", list(en_lines)),
                           "de": (f"FeCl₃: {name_de}, ein bekannter Stoff.", list(de_lines))}, None, "greedy", 0)

    assert _false(laid()) == []
    assert _false(laid(en[:3] + ["Molar mass of FeCl₃: 1 · 55.85 + 3 · 35.45 = 126.75 g/mol"] + en[4:])) == ["language", "mass"]
    assert _false(laid(en[:3] + ["Molar mass of FeCl₃: 1 · 56.85 + 3 · 35.45 = 163.20 g/mol"] + en[4:],
                       de[:3] + ["Molare Masse von FeCl₃: 1 · 56,85 + 3 · 35,45 = 163,20 g/mol"] + de[4:])) == ["mass"]
    assert _false(laid(de_lines=de[:3] + ["Molare Masse von FeCl₃: 1 · 55.85 + 3 · 35.45 = 162.20 g/mol"] + de[4:])) \
        == ["language", "mass"]  # a decimal point in German is read as German reads it: 5585 g/mol
    assert _false(laid(["Sum of the card charges: 1·(+3) + 3·(−1) = 1"] + en[1:])) == ["language", "sum"]
    assert _false(laid(name_en="iron(II) chloride")) == ["name_en"]
    assert _false(laid(name_de="Eisen(II)-chlorid")) == ["name_de"]
    assert _false(laid(de_lines=de[:2] + ["Ein Stoff aus Molekülen: die Atome teilen Elektronenpaare"] + de[3:])) == ["language"]
    # an element without a standard atomic weight is printed with its isotope's mass number ([98] Tc)
    tc = audit.Laid((("Na", 1), ("O", 4), ("Tc", 1)), ((), ()), {}, {
        "en": ("NaTcO₄: sodium pertechnetate, a known substance.", ["Molar mass of NaTcO₄: 1 · 22.99 + 1 · 98 + 4 · 16.00 = 184.99 g/mol"]),
        "de": ("NaTcO₄: Natriumpertechnetat, ein bekannter Stoff.", ["Molare Masse von NaTcO₄: 1 · 22,99 + 1 · 98 + 4 · 16,00 = 184,99 g/mol"])},
        None, "greedy", 0)
    assert "mass" not in _false(tc)
    assert audit.german_names("lead(II) chloride fluoride") >= {"Blei(II)-chlorid-fluorid"}


def test_the_audit_knows_metal_like_phosphides_are_no_salts():
    """FeP (MnP type) conducts like a metal: 'a salt … ions' is false; Zn3P2 (group 12) is ionic-covalent."""
    pytest.importorskip("rdkit")
    salt = ("A salt: by the school rule, a metal and a non-metal form ions; the charges here are ion charges",)
    fep = audit.Laid((("Fe", 1), ("P", 1)), ((), ()), {}, {"en": ("FeP: iron phosphide, a known substance.", list(salt)),
                                                          "de": ("FeP: Eisenphosphid, ein bekannter Stoff.", [])}, None, "greedy", 0)
    assert _false(fep) == ["bonding"]
    assert audit._interstitial({"Fe": 2, "P": 1}) and not audit._interstitial({"Fe": 1, "P": 2})
    assert not audit._interstitial({"Zn": 3, "P": 2}) and audit._interstitial({"Ti": 1, "C": 1})


def test_the_audit_reads_sources_by_the_printed_name():
    """Without a truth-set row the printed English name is looked up: the CRC's 'Lead(II) hydroxide'
    (a density only) would leave 'exists only briefly' unconfirmed (its truth-set row, s15l, now decides); its 'Americium(III) iodide' melts at 1223 K,
    which makes 'exists only briefly' and 'a substance of molecules' false; PubChem's record of
    'iodomethane' (with a boiling point in ``chemicals``) confirms 'a known substance', and RDKit on its structure the oxidation numbers."""
    pytest.importorskip("rdkit")
    pytest.importorskip("chemicals")

    def one(title_en, title_de, counts, lines=()):
        return audit.Laid(tuple(sorted(counts.items())), ((), ()), {}, {"en": (title_en, list(lines)), "de": (title_de, [])},
                          None, "greedy", 0)

    pb = one("Pb(OH)₂: lead(II) hydroxide exists only briefly, e.g. in flames or in space; it cannot be kept in a bottle.",
             "Pb(OH)₂: Blei(II)-hydroxid gibt es nur kurzlebig, z. B. in Flammen oder im Weltall.", {"Pb": 1, "O": 2, "H": 2})
    # s15l: the truth set now has a row (exists|unknown, WP 'Lead(II) hydroxide'): 'exists only briefly' is false
    assert _false(pb) == ["label"]
    # without that row the name is looked up: the CRC gives a density only (no melting or boiling point), which
    # decides nothing ('called short-lived; ... with a density only', left unconfirmed)
    rec = audit.by_name("lead(II) hydroxide", {"Pb": 1, "O": 2, "H": 2})
    assert rec["crc_bulk"] == ["Lead(II) hydroxide"] and rec["crc_phase"] == []
    ami = one("AmI₃: americium(III) iodide exists only briefly, e.g. in flames or in space; it cannot be kept in a bottle.",
              "AmI₃: Americium(III)-iodid gibt es nur kurzlebig, z. B. in Flammen oder im Weltall.", {"Am": 1, "I": 3})
    assert _false(ami) == ["label"]  # the CRC gives it a melting point
    am = one("AmI₃: americium(III) iodide, a known substance.", "AmI₃: Americium(III)-iodid, ein bekannter Stoff.",
             {"Am": 1, "I": 3}, ["An exception to the school rule: a metal, yet a substance of molecules (like HgCl₂ or CrO₃); "
                                 "the numbers are oxidation numbers"])
    assert _false(am) == ["bonding"]
    assert "melts at 1223 K" in next(f.detail for f in audit.audit([am]).false())
    ok = ["A molecule: non-metals only, the atoms share electron pairs; there are no ions, the numbers are oxidation numbers",
          "Oxidation numbers in CH₃I as chemists assign them: C −2, H +1, I −1"]
    ch3i = one("CH₃I: iodomethane, a known substance.", "CH₃I: Iodmethan, ein bekannter Stoff.", {"C": 1, "H": 3, "I": 1}, ok)
    rep = audit.audit([ch3i])
    # label, names (de by the Blue Book's German forms) and numbers confirmed (no German lines written here)
    assert [f for f in rep.findings if f.what != "language"] == [], rep.findings
    wrong = one("CH₃I: iodomethane, a known substance.", "CH₃I: Iodmethan, ein bekannter Stoff.", {"C": 1, "H": 3, "I": 1},
                [ok[0], "Oxidation numbers in CH₃I as chemists assign them: C −4, H +1, I +1"])
    assert _false(wrong) == ["ox"]


@pytest.mark.slow
@pytest.mark.xfail(not AUDIT_READY, strict=False,
                   reason="issue 25: the game's explanations still write some formulas unlike a textbook and say a few false things (AUDIT_READY)")
def test_ten_seeded_games_say_nothing_false():
    pytest.importorskip("rdkit")
    laid, stats = audit.play(10)
    rep = audit.audit(laid)
    assert rep.compounds > 20 and stats["games"] == 10
    assert stats["by_players"] == {"2": 4, "3": 3, "4": 3} and stats["by_kind"] == {"greedy": 5, "search": 5}
    assert not _open(rep), "\n" + audit.render(rep, stats)


@pytest.mark.slow
def test_six_seeded_games_of_the_variant_real_only_say_nothing_false():
    """The teacher variant ``real_only``: every compound laid is a substance that exists, by the
    checker's sources too (the truth set or the CRC table by structure), and nothing said is false."""
    pytest.importorskip("rdkit")
    laid, stats = audit.play(6, first=300, real_only=True)
    rep = audit.audit(laid)
    assert stats["games"] == 6 and rep.compounds > 10
    assert not _open(rep), "\n" + audit.render(rep, stats)
    claimed = {k: v for sh in rep.shares.values() for k, v in sh.items() if k.startswith("claimed_")}
    # s15h: a composition the reference holds but the sources doubt (Pb(OH)2) is laid as real too, and its explanation
    # says so ("ein umstrittener Stoff", never "gibt es nicht"): no claim of "unknown" or "short-lived"
    assert "claimed_exists" in claimed and set(claimed) <= {"claimed_exists", "claimed_disputed"}, claimed


def _verdict(kinds: list[str], combos: list[tuple[str, list[int]]] = ()):
    """The verdict on the cards ``kinds`` (combinations by card index); an artificial element is
    paid with a Pt card of its 5 points."""
    from chemgames.games.chemiekarten.cards import card_set
    from chemgames.games.chemiekarten.compound import Stage, StagedCombination, judge

    used = {i for _, ids in combos for i in ids}
    due = [i for i, k in enumerate(kinds) if card_set()[k].artificial]
    pay = list(range(len(kinds), len(kinds) + len(due)))
    stage = Stage(free=[i for i in range(len(kinds)) if i not in used],
                  combos=[StagedCombination(f, list(ids), []) for f, ids in combos], payment=pay)
    return judge(stage, kinds + ["Pt"] * len(due))


def _as_laid(v, kinds: list[str], combos) -> audit.Laid:
    from collections import Counter

    used = {i for _, ids in combos for i in ids}
    free = Counter(k for i, k in enumerate(kinds) if i not in used)
    texts = {lang: (v.headline.render(lang), [s.msg.render(lang) for s in v.steps]) for lang in ("de", "en")}
    return audit.Laid(tuple(sorted(Counter(kinds).items())), (tuple(sorted(free.items())), tuple(sorted(f for f, _ in combos))),
                      dict(v.charges), texts, None, "greedy", 0)


@pytest.mark.parametrize("kinds, combos, formula", [
    (["Am", "O", "O", "H"], [("[OH]-", [2, 3])], "AmO(OH)"),  # americium stood last: "OAmOH"
    (["Cl", "Cl", "Cl", "Am"], [], "AmCl3"),  # "Cl₃Am"
    (["Ba", "Cl", "O", "H"], [("[OH]-", [2, 3])], "BaCl(OH)"),  # "BaClOH"
    (["H", "Pt", "Cl"], [], "PtHCl"),  # H −1 is an anion: "HPtCl"
    (["Pt", "Cl", "O", "O", "H"], [("[ClO]-", [1, 2]), ("[OH]-", [3, 4])], "Pt(ClO)(OH)"),
    (["Zn", "Cl", "N", "O", "O", "O"], [("[NO3]-", [2, 3, 4, 5])], "ZnCl(NO3)"),
])
def test_game_only_builds_are_written_as_a_textbook_writes_a_salt(kinds, combos, formula):
    """Cation first for every metal (americium too), every polyatomic ion in parentheses beside
    another ion of its sign; the independent checker finds nothing to say about the text."""
    pytest.importorskip("rdkit")
    v = _verdict(kinds, combos)
    assert v.ok and v.formula == formula, (v.ok, v.formula, v.headline.render("en"))
    laid = _as_laid(v, kinds, combos)
    assert audit.headline_formula(laid.texts["en"][0]) == formula
    assert _false(laid) == []


def test_mercury_one_is_the_pair_hg2_never_a_monomer():
    """Hg +1 is the ion Hg₂²⁺: one Hg card with ClO₃⁻ is half a formula unit of mercury(I) chlorate,
    written Hg₂(ClO₃)₂ with the molar mass of that formula unit, and the explanation says why."""
    pytest.importorskip("rdkit")
    kinds, combos = ["Hg", "Cl", "O", "O", "O"], [("[ClO3]-", [1, 2, 3, 4])]
    v = _verdict(kinds, combos)
    assert v.ok and v.formula == "Hg2(ClO3)2" and v.charges["Hg"] == 1
    en = [s.msg.render("en") for s in v.steps]
    de = [s.msg.render("de") for s in v.steps]
    assert any(line.startswith("Mercury(I) exists only as a pair") and "the ion Hg₂²⁺" in line for line in en)
    assert any(line.startswith("Quecksilber(I) gibt es nur als Paar") and "das Ion Hg₂²⁺" in line for line in de)
    mass = next(s for s in v.steps if s.msg.key == "ck.molar_mass").math_in("en")
    assert dict((e, n) for e, n, _ in mass.terms) == {"Hg": 2, "Cl": 2, "O": 6}
    hg = _verdict(["Hg", "Cl"])
    assert hg.formula == "Hg2Cl2" and hg.label == "known"
    # the checker's mercury rule sees no monomer
    assert "formula" not in _false(_as_laid(v, kinds, combos))


def test_a_game_only_mercury_one_build_is_written_as_the_pair_too():
    """Hg +1 with ClO⁻ (no such substance known) is written Hg₂(ClO)₂, with the sentence on the
    pair and the molar mass of that formula unit."""
    v = _verdict(["Hg", "Cl", "O"], [("[ClO]-", [1, 2])])
    assert v.ok and v.label == "game_only" and v.formula == "Hg2(ClO)2" and v.charges["Hg"] == 1
    assert any(s.msg.key == "ck.mercury1_pair" for s in v.steps)
    mass = next(s for s in v.steps if s.msg.key == "ck.molar_mass").math_in("en")
    assert dict((e, n) for e, n, _ in mass.terms) == {"Hg": 2, "Cl": 2, "O": 2}
    # two Hg +1 cards are already the pair: written as they are, no sentence
    two = _verdict(["Hg", "Hg", "O"])
    assert two.formula == "Hg2O" and two.charges["Hg"] == 1 and not any(s.msg.key == "ck.mercury1_pair" for s in two.steps)


def test_the_audit_reads_the_mercury_one_pair_line_alike_in_both_languages():
    """The pair line mentions salts ("in Salzen das Ion Hg₂²⁺" / "in salts the ion Hg₂²⁺") without
    calling the build a salt: the German reading must not see a bonding class the English does not
    (it read "Salz" inside "Salzen": two false 'language' findings on game-only Hg₂N₂ builds)."""
    import json
    import re

    from chemgames.games.chemiekarten import __file__ as pkg

    lines = {lang: json.loads((Path(pkg).parent / "catalog" / f"{lang}.json").read_text())["ck.mercury1_pair"]
             for lang in ("de", "en")}
    b_en = audit.bonding_of([lines["en"]])
    b_de = next((c for c, pat in audit.BOND_WORDS_DE if re.search(pat, lines["de"])), None)
    assert (b_en and b_en[0]) == b_de
    assert next(c for c, pat in audit.BOND_WORDS_DE if re.search(pat, "Ein Salz: Metall und Nichtmetall")) == "ionic"
