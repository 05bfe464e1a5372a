"""Review s17f's open items on Das Chemie-Kartenspiel (s18c): sentences a student reads, each checked against a source
outside the engine (a quoted source, RDKit on the structure a source describes, molmass, a truth row).

* H8: the cards N + S + Cl are one unit of trithiazyl trichloride (NSCl)₃; unlike NPCl₂'s monomer, N≡S–Cl exists, a green
  gas made from the ring at 100 °C in vacuum (en.wikipedia 'Trithiazyl trichloride').
* M5: S + N + OH⁻ has the composition of thionylimide H–N=S=O (Kirchhoff 1969; Sanz-Novo et al. 2024): "same
  composition" with the cards' numbers, the build's label stays game-only.
* The card [BiO]⁺: no BiO⁺ ion in solid BiOCl (each O bonded to four Bi); L1 KPO₃: no PO₃⁻ ion (condensed phosphate).
* L7: boric acid a Lewis acid; L2: an acid known only in water without "(a salt also as a hydrate)"; L5: MgSiN₂ a network.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import molmass
import pytest

sys.path.insert(0, str(Path(__file__).parent))
from test_chemiekarten_audit import _verdict  # noqa: E402
from test_chemiekarten_review_s17f import _build, _rdkit_ox  # noqa: E402

_ASCII = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")

# en.wikipedia 'Trithiazyl trichloride' (read 2026-11-28), the source of the monomer sentence
_WP_NSCL = ("At 100 °C in vacuum, thiazyl chloride trimer undergoes cracking to thiazyl chloride monomer, which is a "
            "green gas.")
# en.wikipedia 'Hexachlorophosphazene' (s16c): the NPCl2 monomer does not exist
_WP_NPCL2 = "It is a trimer of the hypothetical compound N≡PCl2"


def _texts(v, lang: str) -> list[str]:
    return [v.headline.render(lang)] + [s.msg.render(lang) for s in v.steps]


def test_nscl_is_a_ring_whose_monomer_exists_as_the_source_says() -> None:
    v = _verdict(["N", "S", "Cl"])
    assert v.ok and v.formula.translate(_ASCII) == "(NSCl)3" and v.label == "known"
    temperature = re.search(r"At (\d+) °C in vacuum", _WP_NSCL).group(1)
    de, en = _texts(v, "de"), _texts(v, "en")
    ring_de = [t for t in de if "Ringmolekülen" in t]
    ring_en = [t for t in en if "ring molecules" in t]
    assert len(ring_de) == len(ring_en) == 1
    assert "nicht einzeln" not in ring_de[0] and "does not exist on its own" not in ring_en[0]
    assert f"{temperature} °C" in ring_de[0] and "grünes Gas" in ring_de[0] and "Vakuum" in ring_de[0]
    assert f"{temperature} °C" in ring_en[0] and "green gas" in ring_en[0] and "vacuum" in ring_en[0]
    assert "Trithiazyltrichlorid" in de[0] and "trithiazyl trichloride" in en[0]
    # the printed numbers are RDKit's on the ring the source draws, and equal the cards' charges (no 'differs' line)
    ox = [s for s in v.steps if s.msg.key == "ck.oxidation_numbers"][0].msg.render("en")
    for element, q in _rdkit_ox("ClS1=NS(Cl)=NS(Cl)=N1").items():
        assert re.search(rf"\b{element} {re.escape('+' if q > 0 else '−')}{abs(q)}\b", ox), (element, q, ox)
    assert not any(s.msg.key == "ck.charge_differs" for s in v.steps)
    # molar masses of the unit and of the ring molecule, each equal to molmass's
    masses = {dict(s.msg.params)["formula"].translate(_ASCII): float(s.math_in("en").total)
              for s in v.steps if s.msg.key == "ck.molar_mass"}
    assert set(masses) == {"NSCl", "(NSCl)3"}
    for formula, mass in masses.items():
        assert abs(mass - molmass.Formula(formula).mass) < 0.05, formula


def test_npcl2_keeps_its_monomer_sentence() -> None:
    assert "hypothetical" in _WP_NPCL2
    v = _verdict(["N", "P", "Cl", "Cl"])
    ring = [t for t in _texts(v, "de") if "Ringmolekülen" in t]
    assert ring and ring[0].startswith("NPCl₂ gibt es nicht einzeln") and "Gas" not in ring[0]


def test_ring_unit_is_asked_once_per_judgement(monkeypatch: pytest.MonkeyPatch) -> None:
    from chemgames.games.chemiekarten import compound, truth

    compound._judge.cache_clear()  # the verdict is cached by the stage: judge it afresh
    calls = []
    real = truth.ring_unit
    monkeypatch.setattr(truth, "ring_unit", lambda *a: calls.append(a) or real(*a))
    v = _verdict(["N", "S", "Cl"])
    assert v.ok and len(calls) == 1


def test_thionylimide_same_composition_with_the_cards_numbers() -> None:
    from chemgames.chemistry import substance
    from chemgames.games.chemiekarten.truth import table_label

    kinds, combos = _build(["S", "N", "[OH]-"])
    v = _verdict(kinds, combos)
    assert v.ok
    de, en = v.headline.render("de"), v.headline.render("en")
    assert "Dieselbe Zusammensetzung hat der nur kurzlebige Stoff Thionylimid HNSO" in de
    assert "The same composition is the short-lived substance thionylimide HNSO" in en
    assert v.label == "other"  # the cards build H-O-S#N, not thionylimide: kept game-only
    assert table_label(v.label, v.identity, v.formula)["kind"] == "game_only"
    s = substance("HNSO")
    assert s.label == "transient"  # known from its rotational spectrum and from space (Kirchhoff 1969; Sanz-Novo 2024)
    # every number the cards carry is thionylimide's (RDKit on H-N=S=O): only the bonds differ
    rdkit = _rdkit_ox("N=S=O")
    assert rdkit == {"H": 1, "N": -3, "S": 4, "O": -2}
    assert v.charges["S"] == rdkit["S"] and v.charges["N"] == rdkit["N"]


def _bismuthyl_builds() -> list[list[str]]:
    from chemgames.games.chemiekarten.cards import combinations

    anions = [f for f, c in combinations().items() if c.charge == -1]
    return [["[BiO]+", x] for x in ("F", "Cl", "Br", "I")] + [["[BiO]+", a] for a in sorted(anions)]


# en.wikipedia 'Bismuth oxychloride' (read 2026-11-28)
_WP_BIOCL = "The oxygen atoms are tetrahedrally coordinated by four bismuth atoms."


def test_the_bismuthyl_card_departs_from_the_solid() -> None:
    """Every known salt the [BiO]⁺ card builds with one anion card or a halogen (BiOF, BiOCl, BiOBr, BiOI, BiONO₃,
    BiO(OH) ...) says that the solid holds no BiO⁺ ions; the cards' own balance of ion charges stays."""
    checked = []
    for parts in _bismuthyl_builds():
        kinds, combos = _build(parts)
        v = _verdict(kinds, combos)
        if not v.ok or v.label != "known" or v.identity.bonding != "ionic":
            continue  # not a known salt: no salt of BiO⁺ ions is claimed
        checked.append(v.formula)
        note = [s for s in v.steps if s.msg.key == "ck.ion_not_in_solid.bismuthyl"]
        assert len(note) == 1, v.formula
        de, en = note[0].msg.render("de"), note[0].msg.render("en")
        assert "keine BiO⁺-Ionen" in de and "no BiO⁺ ions" in en
        assert "four bismuth" in _WP_BIOCL and "vier" in de and "four" in en
        assert "1960" in de and "1960" in en  # IUPAC (Bassett et al., JACS 82 (1960) 5523)
        assert any(s.msg.key == "ck.balance_ions_formal" for s in v.steps)  # the cards' balance, called formal (s22b)
    assert {"BiOCl", "BiOBr", "BiOI", "BiONO3"} <= set(checked), checked


def test_metaphosphate_is_no_single_ion() -> None:
    v = _verdict(["K", "P", "O", "O", "O"])
    assert v.ok and v.label == "known"
    note = [s.msg.render("de") for s in v.steps if s.msg.key == "ck.ion_not_in_solid.chain"]
    # Römpp 'Metaphosphate': condensed phosphates Mn[PnO3n]; Merck Index '(NaPO3)n where n may be 2 or more'
    assert len(note) == 1 and "(PO₃⁻)ₙ" in note[0] and "PO₄-Tetraeder" in note[0]


def _side_counts(side: str) -> dict[str, float]:
    total: dict[str, float] = {}
    for term in side.split(" + "):
        m = re.fullmatch(r"(\d+ )?\[?([^\]⁻⁺]+)\]?([⁻⁺]?)", term.strip())
        assert m, term
        n = int(m.group(1) or 1)
        for element, row in molmass.Formula(m.group(2).translate(_ASCII)).composition().items():
            total[element] = total.get(element, 0) + n * row.count
        total["charge"] = total.get("charge", 0) + n * {"⁻": -1, "⁺": 1, "": 0}[m.group(3)]
    return total


@pytest.mark.parametrize("cards, combos, water", [
    (["H", "H", "H", "B", "O", "O", "O"], [("[BO3]3-", [3, 4, 5, 6])], 2),  # B(OH)3 + 2 H2O (esaral, NCERT answer)
    (["H", "B", "O", "O"], [], 3),
])
def test_boric_acid_is_a_lewis_acid(cards, combos, water) -> None:
    v = _verdict(cards, combos)
    bond = [s.msg for s in v.steps if s.msg.key.startswith("ck.bond.")]
    assert [m.key for m in bond] == ["ck.bond.acid_lewis"]
    de, en = bond[0].render("de"), bond[0].render("en")
    assert "H⁺-Ionen abgibt" not in de and "Lewis" in de and "Lewis" in en
    equation = dict(bond[0].params)["equation"]
    left, right = equation.split(" → ")
    assert f"{water} H₂O" in left and right == "[B(OH)₄]⁻ + H₃O⁺"
    assert _side_counts(left) == _side_counts(right)  # balanced in atoms and charge, counted by molmass


def test_phosphoric_acid_keeps_the_proton_sentence() -> None:
    v = _verdict(["H", "H", "H", "P", "O", "O", "O", "O"], [("[PO4]3-", [3, 4, 5, 6, 7])])
    assert any(s.msg.key == "ck.bond.acid" for s in v.steps)


def test_an_acid_kept_only_in_water_is_no_salt_in_its_note() -> None:
    """The truth set's bonding class of H2CrO4 (WP) is 'molecular': its note must not say "a salt also as a hydrate"."""
    from chemgames.chemistry import substance

    rows = (Path(__file__).parent / "truth" / "rows.txt").read_text(encoding="utf-8").splitlines()
    fields = [r.split(" ; ") for r in rows if not r.startswith("#") and r.count(" ; ") >= 7]
    molecular = {f[0] for f in fields if f[5] == "molecular"}
    assert "H2CrO4" in molecular
    for formula, cards, combos in [("H2CrO4", ["H", "H", "Cr", "O", "O", "O", "O"], [("[CrO4]2-", [2, 3, 4, 5, 6])])]:
        v = _verdict(cards, combos)
        note = [s.msg for s in v.steps if s.msg.key.startswith("chem.solution_only")]
        assert len(note) == 1 and "Hydrat" not in note[0].render("de") and "hydrate" not in note[0].render("en")
        assert "Hydrat" not in (substance(formula).note or "")
    for formula in ("HMnO4", "HBrO3", "HClO3", "H2SO3"):
        assert "Hydrat" not in (substance(formula).note or ""), formula
    assert "Hydrat" in (substance("NaClO").note or "")  # a salt keeps it (NaOCl·5H2O)


def test_mgsin2_is_a_network_where_the_school_rule_says_salt() -> None:
    rows = (Path(__file__).parent / "truth" / "rows.txt").read_text(encoding="utf-8").splitlines()
    row = next(r for r in rows if r.startswith("MgSiN2 ; "))
    assert row.split(" ; ")[5] == "network" and "Rasander+Moram" in row and "Basalaev+Demushin" in row
    v = _verdict(["Mg", "Si", "N", "N"])
    bond = [s.msg for s in v.steps if s.msg.key.startswith("ck.bond.")]
    assert [m.key for m in bond] == ["ck.bond.network_metal"]
    assert "Schulregel" in bond[0].render("de") and "school rule" in bond[0].render("en")
    assert "Ein Salz" not in bond[0].render("de")
