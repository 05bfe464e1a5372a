"""Compounds the sources doubt are never called flatly "ein bekannter Stoff" (review s15f, Medium 1; s15h).

Sources (read by s15h on 2026-11-28 with the search tool, never the game's data):
* Pb(OH)2: Todd & Parry, "Character of Lead Hydroxide and Basic Lead Carbonate", Nature 202 (1964) 386: "It is, in
  fact, doubtful if the simple hydroxide Pb(OH)2 is stable in the solid state"; en.wikipedia 'Lead(II) hydroxide': "The
  material has not been isolated ... a hydrated lead oxide PbO*xH2O (with x < 1) is obtained. Careful hydrolysis of
  lead(II) acetate solution yields a crystalline product with a formula 6PbO*2H2O or Pb6O4(OH)4" (after Holleman-Wiberg).
* Bi(OH)3: en.wikipedia 'Bismuth hydroxide': "not a fully characterised chemical compound ... usually described as
  bismuth oxide hydrate" (after Holleman-Wiberg, p. 771).
* Au(OH)3: Kawamoto et al., Bull. Chem. Soc. Jpn. 89 (2016) 1385 (abstract): "whether the precipitate is gold(III)
  hydroxide (Au(OH)3) or hydrous gold(III) oxide (Au2O3·nH2O) has remained uncertain ... The precipitate was X-ray
  amorphous ... the precipitate composition was estimated to be Au(OH)3".
* Cr(OH)3: en.wikipedia 'Chromium(III) hydroxide': "a polymer with an undefined structure ... Three chromium(III) oxide
  hydroxide (CrO(OH)) minerals are known"; ECHA registration dossier: "only occurs as hydrates ... amorphous".
The chemist's truth rows (``tests/truth/rows.txt`` and the open rows ``tests/truth/open-s15f.txt`` of review s15f) give
such compositions the label "exists|unknown": either answer is true, a flat "exists" with nothing said is not.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from chemgames.chemistry.substances import substance

sys.path.insert(0, str(Path(__file__).resolve().parent / "truth"))
import truthlib  # noqa: E402

TRUTH = Path(__file__).resolve().parent / "truth"
# what each source says, as words the note must carry (de, en)
SAYS = {
    "Pb(OH)2": (("umstritten", "isoliert wurde es nicht", "1964", "PbO · x H₂O", "Pb₆O₄(OH)₄"),
                ("disputed", "has not been isolated", "1964", "PbO · x H₂O", "Pb₆O₄(OH)₄")),
    "Bi(OH)3": (("kein vollständig charakterisierter Stoff", "Bismutoxid-Hydrat", "Bi₂O₃ · x H₂O"),
                ("not a fully characterised compound", "bismuth oxide hydrate", "Bi₂O₃ · x H₂O")),
    "Au(OH)3": (("Au₂O₃ · n H₂O", "umstritten", "röntgenamorph", "2016"),
                ("Au₂O₃ · n H₂O", "uncertain", "X-ray amorphous", "2016")),
    "Cr(OH)3": (("röntgenamorph", "ohne feste Struktur", "CrO(OH)", "Grimaldiit"),
                ("X-ray amorphous", "no fixed structure", "CrO(OH)", "grimaldiite")),
}


@pytest.mark.parametrize("formula", sorted(SAYS))
def test_the_note_says_what_the_sources_say(formula):
    for lang, words in zip(("de", "en"), SAYS[formula]):
        s = substance(formula, lang=lang)
        assert s.label == "exists" and s.note_key == "ill_defined", (formula, s.label, s.note_key)
        assert all(w in (s.note or "") for w in words), (formula, lang, s.note)
    # the note is theirs alone: the well-defined hydroxides (brucite, portlandite, gibbsite ...) carry none
    for other in ("Mg(OH)2", "Ca(OH)2", "Al(OH)3", "NaOH", "Cu(OH)2"):
        assert substance(other).note_key != "ill_defined", other


@pytest.mark.parametrize("formula", sorted(SAYS))
def test_the_card_game_says_disputed_not_a_known_substance(formula):
    from chemgames.core.explanation import Msg
    from chemgames.chemistry.formula import parse_formula
    from chemgames.games.chemiekarten import truth
    from chemgames.games.chemiekarten.reference import identify

    counts = tuple(sorted(parse_formula(formula).counts.items()))
    i = identify(counts)
    charges = {e: int(q) for e, q in (substance(formula).oxidation_states or {}).items()}
    headline, steps = truth.accepted(i, i.unicode, charges, counts)
    assert headline.key == "ck.ok_ill_defined", headline.key
    assert "umstrittener Stoff" in headline.render("de") and "bekannter Stoff" not in headline.render("de")
    assert "disputed substance" in headline.render("en") and "a known substance" not in headline.render("en")
    notes = [s.msg for s in steps if isinstance(s.msg, Msg) and s.msg.key == "chem.ill_defined." + i.formula]
    assert len(notes) == 1 and SAYS[formula][0][-1] in notes[0].render("de"), [getattr(s.msg, "key", s.msg) for s in steps]
    label = truth.table_label("known", i, i.formula)
    assert label is not None and "umstritten" in label["text"].render("de") and "disputed" in label["text"].render("en")
    first = truth.refused(i, (), "ck.x", {})[0].msg
    assert "gibt es wirklich" not in first.render("de") and "real substance" not in first.render("en"), first.render("de")


def test_every_composition_the_chemist_allows_either_way_is_hedged():
    """A truth row labelled "exists|unknown" (the chemist: either is true) that the reference knows must carry a note
    that hedges it: known only dissolved in water (Ca(HCO3)2) or disputed (Pb(OH)2, Bi(OH)3, Au(OH)3)."""
    opened = TRUTH / "open-s15f.txt"  # review s15f's rows waiting for the lead (the disputed hydroxides among them)
    rows = truthlib.read_rows() + (truthlib.read_rows(opened) if opened.exists() else [])
    either = [r for r in rows if set(r.labels) == {"exists", "unknown"} and not r.charge]
    premise = {"Pb(OH)2", "Bi(OH)3", "Au(OH)3", "Ca(HCO3)2"} if opened.exists() else {"Ca(HCO3)2"}
    assert premise <= {r.formulas[0] for r in either}, sorted(r.formulas[0] for r in either)
    bare = []
    for r in either:
        s = substance(r.query)
        if s.known and s.note_key not in ("ill_defined", "solution_only"):
            bare.append((r.formulas[0], s.label, s.note_key))
    assert not bare, bare
