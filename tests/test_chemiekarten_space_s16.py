"""s16d: more species of the data detected in space, each with its detection paper (tools/vetted_substances.py
SEEN_IN_SPACE, read through the search tool): the card game says "nachgewiesen z. B. im Weltall" for the two the deck
builds, thioformaldehyde H2CS (Sinclair et al. 1973, Sgr B2, Parkes; astrochymist.org) and HCP (Agúndez, Cernicharo &
Guélin, ApJ 662 (2007) L91, IRC+10216; CDMS). NaCl and KCl, also seen in IRC+10216 as diatomic molecules (Cernicharo &
Guélin 1987), stay salts: the sentence is the transient species' own."""
from __future__ import annotations

import pytest
from test_chemiekarten_real import confirm_check, staged

from chemgames.chemistry.substances import reference

# Hill key -> words of the detection paper the data row must name (what was read)
PAPERS = {"NS": ("Gottlieb, Ball", "ApJ 200 (1975) L147", "Kuiper, Zuckerman"),
          "HS": ("Neufeld et al., A&A 542 (2012) L6", "W49N"),
          "H2N": ("van Dishoeck et al. 1993", "Sgr B2"),
          "CH3": ("Feuchtgruber, Helmich, van Dishoeck & Wright", "astro-ph/0005273"),
          "CH2S": ("Sinclair", "1973", "Parkes"),
          "CHP": ("Agúndez, Cernicharo & Guélin", "ApJ 662 (2007) L91")}


@pytest.mark.parametrize("key", sorted(PAPERS))
def test_each_new_species_seen_in_space_names_its_detection_paper(key):
    ref = reference()
    source = ref["seen_in_space"][key]
    assert ref["substances"][key][0] == "t", key  # only a species known briefly gets the sentence
    for words in PAPERS[key]:
        assert words in source, (key, words, source)


def test_salts_seen_in_space_as_molecules_keep_their_salt_sentence():
    seen = reference()["seen_in_space"]
    assert not {"ClNa", "ClK"} & set(seen)
    e = confirm_check(staged(["Na", "Cl"]))
    assert e.ok and "Weltall" not in e.title and "kurzlebig" not in e.title, e.title


@pytest.mark.parametrize("cards, formula", [(["C", "H", "H", "S"], "CH₂S"), (["H", "C", "P"], "CHP")])
def test_the_deck_s_builds_seen_in_space_say_so(cards, formula):
    e = confirm_check(staged(cards))
    assert e.ok and e.title.startswith(formula + ": ")
    assert "gibt es nur kurzlebig, nachgewiesen z. B. im Weltall" in e.title, e.title
    assert "exists only briefly, detected e.g. in space" in e.in_lang("en").title
