"""Das Chemie-Kartenspiel tells the truth about what is laid (issue 25, the game side).

- three honest labels: a substance that exists ("ein bekannter Stoff"), one known only briefly
  ("gibt es nur kurzlebig, z. B. in Flammen oder im Weltall") and a compound allowed only by the
  game's rule ("nicht in unserem Nachschlagewerk, nur nach Spielregel");
- same composition, different substance: S + 2 ClO⁻ is not sulfuryl chloride SO₂Cl₂ (S +6, Cl −1);
- the cards' charges of a game-only compound are the game's, never "wie Chemiker sie zuordnen";
- the bonding sentence is the record's class (salt, molecule, network, molecular exception), and
  cites no electronegativity difference;
- hints offer the best real substance first and label game-only builds; the search bot says when
  it chose a game-only compound;
- our variant ``real_only`` ("Nur echte Stoffe"), in the rules, the listing, the hints, the bots,
  the widget and ``tables.create(options=...)``.

The facts checked here are textbook chemistry, not the engine's output: SO is a transient radical
(it disproportionates within seconds; NIST Chemistry WebBook lists it as a gas-phase species),
sulfuryl chloride SO₂Cl₂ is a liquid with S +6 and Cl −1 (Holleman-Wiberg, 102nd ed., ch. XIII),
SiO₂ is a covalent network (quartz), HgCl₂ a molecular metal halide (linear Cl-Hg-Cl molecules).
"""
from __future__ import annotations

import random

import pytest
from helpers import do, game_with

import chemgames
from chemgames.bots import GreedyBot, RandomBot, play_game
from chemgames.bots.explain import explain_choice
from chemgames.bots.search import Choice
from chemgames.games.chemiekarten import hints as hints_module



def confirm_check(g):
    return g.check(chemgames.Action(g.id, 0, "confirm"))


def staged(cards, lang="de", charges=None, combos=(), real_only=False):
    g = game_with(list(cards) + [c for f in combos for c in _combo_cards(f)], lang=lang, real_only=real_only)
    for f in combos:
        do(g, "combine", formula=f, proto=0)
    for c in cards:
        do(g, "select", card=c)
    for e, q in (charges or {}).items():
        do(g, "charge", element=e, charge=q)
    return g


def _combo_cards(formula):
    from chemgames.games.chemiekarten.cards import combinations

    return [e for e, n in combinations()[formula].parsed.counts.items() for _ in range(n)]


# ------------------------------------------------------------------------------ three honest labels
def test_a_substance_that_exists_says_so():
    # "Eine Verbindung wird gebaut, indem Elemente mit positiver und negativer Ladung kombiniert werden"
    g = staged(["Fe", "O"])
    e = confirm_check(g)
    # the IMA mineral of the composition beside the name (s16e; wüstite has no German source read: its IMA name)
    assert e.ok and e.title == "FeO: Eisen(II)-oxid (als Mineral: Wüstit), ein bekannter Stoff."
    do(g, "confirm")
    assert g.view(None)["table"][0]["label"] == {"kind": "known", "text": "Eisen(II)-oxid"}


def test_a_species_known_only_briefly_says_so_in_both_languages():
    # SO balances on the cards (S +2, O −2), but sulfur monoxide lives only briefly (gas phase)
    g = staged(["S", "O"])
    e = confirm_check(g)
    assert e.ok and e.title.startswith("SO: ")
    # SO was detected in space: Gottlieb & Ball, ApJ 184 (1973) L59 (the data's seen_in_space names the paper)
    assert "gibt es nur kurzlebig, nachgewiesen z. B. im Weltall" in e.title
    assert "ein bekannter Stoff" not in e.title and "Flammen" not in e.title
    assert "exists only briefly, detected e.g. in space" in e.in_lang("en").title
    do(g, "confirm")
    label = g.view(None)["table"][0]["label"]
    assert label["kind"] == "transient" and "kurzlebig" in label["text"]


@pytest.mark.parametrize("cards, formula", [(["Po", "H", "H"], "PoH₂"), (["Pb", "H", "H", "H", "H"], "PbH₄")])
def test_a_transient_not_seen_in_space_gets_no_flames_or_space_example(cards, formula):
    # WP 'Polonium hydride': made in trace amounts (from HCl and polonium-plated magnesium), decomposes; WP 'Plumbane':
    # detected in trace amounts, decomposes. Neither was seen in flames or in space: the old text said "z. B. in
    # Flammen oder im Weltall" for both (s15g); now the general sentence only
    g = staged(cards)
    e = confirm_check(g)
    assert e.ok and e.title.startswith(formula + ": ")
    assert "gibt es nur kurzlebig; in eine Flasche" in e.title
    assert "Flammen" not in e.title and "Weltall" not in e.title
    en = e.in_lang("en").title
    assert "exists only briefly; it cannot be kept in a bottle" in en and "flames" not in en and "space" not in en


def test_seen_in_space_names_a_detection_paper_for_transient_records_only():
    from chemgames.chemistry.substances import reference

    ref = reference()
    seen = ref["seen_in_space"]
    # the first interstellar molecules (CH 1937, CN 1940, OH 1963) are in, PoH2 and PbH4 are not
    assert {"CH", "CN", "HO", "OS", "CS"} <= set(seen) and not {"H2Po", "H4Pb"} & set(seen)
    assert "Weinreb" in seen["HO"] and "Gottlieb & Ball" in seen["OS"] and "Swings & Rosenfeld" in seen["CH"]
    assert all(ref["substances"][k][0] == "t" and "interstellar" in v for k, v in seen.items())


def test_a_game_only_compound_shows_the_cards_charges_as_the_game_s():
    g = staged(["Au", "Bi", "C", "O"])
    e = confirm_check(g)
    assert e.ok and e.title.startswith("BiAuCO: nicht in unserem Nachschlagewerk, nur nach Spielregel (ob es den Stoff gibt, sagt das nicht).")
    assert "Ladungen im Spiel (die der Karten, keine Oxidationszahlen eines echten Stoffes): Bi +3, Au +3, C −4, O −2" in e.lines
    assert not any("wie Chemiker" in x or "Oxidationszahlen in" in x for x in e.lines)
    en = e.in_lang("en")
    assert not any("as chemists assign" in x for x in en.lines)
    do(g, "confirm")
    assert g.view(None)["table"][0]["label"] == {"kind": "game_only", "text": "nicht in unserem Nachschlagewerk, nur nach Spielregel"}


# ------------------------------------------------------------------ same composition, different substance
def test_a_build_that_is_not_the_real_substance_of_its_composition_says_both():
    # "Es dürfen hierbei beliebig viele Kombinationen gebildet und miteinander gespielt werden":
    # S (+2) with two hypochlorite groups ClO⁻ balances; the real S, 2 Cl, 2 O is sulfuryl chloride
    g = staged(["S"], combos=["[ClO]-", "[ClO]-"])
    e = confirm_check(g)
    assert e.ok and e.title == ("S(ClO)₂ aus diesen Karten: so gibt es den Stoff nicht; dieselbe Zusammensetzung hat "
                                "Sulfurylchlorid SO₂Cl₂, S +6, Cl −1.")
    assert "Ladungen im Spiel (die der Karten, keine Oxidationszahlen eines echten Stoffes): S +2, [ClO]⁻ −1" in e.lines
    assert "Oxidationszahlen in SO₂Cl₂, wie Chemiker sie zuordnen: S +6, O −2, Cl −1" in e.lines
    assert "Summe der Kartenladungen: 1·(+2) + 2·(−1) = 0" in e.lines  # the cards' charges, not ion charges
    assert e.in_lang("en").title == ("S(ClO)₂ from these cards: no such substance is known; the same composition is "
                                     "sulfuryl chloride SO₂Cl₂, S +6, Cl −1.")
    do(g, "confirm")
    label = g.view(None)["table"][0]["label"]
    assert label["kind"] == "game_only" and "dieselbe Zusammensetzung hat" in label["text"]


@pytest.mark.parametrize("cards, combo, charges, smiles, real_de", [
    # isocyanic acid is H-N=C=O (Greenwood & Earnshaw, ch. 'Carbon', cyanic and isocyanic acid): the OH- card claims
    # the O-H bond of the tautomer H-O-C#N; boric acid is B(OH)3 (Holleman-Wiberg, Borsäure): no H3O+ in it
    (["C", "N"], "[OH]-", {"C": 4, "N": -3}, "N=C=O", "Isocyansäure HNCO"),
    # since s24b the headline names the real substance's IMA minerals as a known headline does (IMA list: sassolite
    # B(OH)3, German Sassolin)
    (["B", "O", "O"], "[H3O]+", {}, "OB(O)O", "Borsäure (als Mineral: Sassolin) H₃BO₃"),
])
def test_a_card_group_the_real_molecule_lacks_is_another_substance(cards, combo, charges, smiles, real_de):
    """Every oxidation number of the build agrees with the real molecule's, but the combination card claims a
    bond its structure lacks: not "ein bekannter Stoff" (recheck25c: HNCO from C + N + OH- was "known")."""
    rdkit = pytest.importorskip("rdkit.Chem")
    from chemgames.games.chemiekarten.cards import combinations

    group = combinations()[combo]
    mol = rdkit.AddHs(rdkit.MolFromSmiles(smiles))
    centre = next(e for e in group.parsed.counts if e != "H")
    n_h = int(group.parsed.counts.get("H", 0))
    assert not any(a.GetSymbol() == centre and sum(x.GetSymbol() == "H" for x in a.GetNeighbors()) >= n_h
                   for a in mol.GetAtoms()), "the hand-written structure holds the card's group"
    g = staged(cards, combos=[combo], charges=charges)
    e = confirm_check(g)
    # not our reference's substance; where a source names the cards' isomer (cyanic acid HOCN, review s17f M3) the
    # sentence names it: "das ist Cyansäure HOCN, ... kein Stoff unserer Referenz"
    assert e.ok and ("so ist der Stoff unserer Referenz nicht gebaut" in e.title
                     or "kein Stoff unserer Referenz" in e.title), e.title
    assert f"Dieselbe Zusammensetzung hat {real_de}, aber ohne die Gruppe {group.parsed.unicode()} der Karte" in e.title
    assert "ein bekannter Stoff" not in e.title and "same composition is" in e.in_lang("en").title
    do(g, "confirm")
    label = g.view(None)["table"][0]["label"]
    assert label["kind"] == "game_only" and "dieselbe Zusammensetzung hat" in label["text"]


def test_a_card_group_the_real_molecule_holds_is_the_substance():
    # sulfuric acid (HO)2SO2 holds the SO4 group of the card: 2 H + SO4 2- is sulfuric acid, a known substance
    e = confirm_check(staged(["H", "H"], combos=["[SO4]2-"], charges={"H": 1}))
    assert e.ok and e.title.endswith("ein bekannter Stoff."), e.title


def test_tungstic_acid_is_an_oxide_hydrate_not_a_salt_of_h_ions():
    """Solid tungstic acid is WO3·H2O, layers of WO5(OH2) octahedra held by hydrogen bonds (Greenwood & Earnshaw,
    ch. 'Chromium, Molybdenum and Tungsten', the hydrated oxides; Holleman-Wiberg, Wolframsäuren): 2 H + WO4 2- is
    that substance, but no salt of H+ and WO4 2- ions (recheck25c: "Ein Salz … Ladungsbilanz der Ionen")."""
    e = confirm_check(staged(["H", "H"], combos=["[WO4]2-"], charges={"H": 1}))
    assert e.ok and e.title == "H₂WO₄: Wolframsäure (als Mineral: IMA-Name Tungstite), ein bekannter Stoff.", e.title  # IMA WO3·H2O
    assert any(x.startswith("Ein Oxidhydrat (wie WO₃·H₂O)") and "keine H⁺-Ionen" in x for x in e.lines), e.lines
    assert not any("Salz" in x or "Ionenladung" in x or "Ladungsbilanz der Ionen" in x for x in e.lines), e.lines
    assert "Oxidationszahlen in H₂WO₄, wie Chemiker sie zuordnen: H +1, W +6, O −2" in e.lines
    en = e.in_lang("en")
    assert any(x.startswith("An oxide hydrate") and "no H⁺ ions" in x for x in en.lines)


def test_free_cards_with_a_charge_other_than_the_oxidation_number_are_still_the_substance():
    # free cards claim no grouping: H, H, S are the atoms of hydrogen sulfide; the sulfur card carries
    # +4, +2 only, so the game counts S +2 and H −1, and says that these are not the oxidation numbers
    g = staged(["S", "H", "H"])
    e = confirm_check(g)
    assert e.ok and e.title.startswith("H₂S: ") and e.title.endswith("ein bekannter Stoff.")
    assert any(x.startswith("S (Schwefel) zählt im Spiel mit +2, die Oxidationszahl von S in H₂S ist aber −2") for x in e.lines)


# ------------------------------------------------------------------------------ the bonding sentence
@pytest.mark.parametrize("cards, sentence", [
    (["Na", "Cl"], "Ein Salz: Metall und Nichtmetall bilden nach der Schulregel Ionen"),
    (["Si", "O", "O"], "Ein Atomgitter (Netzwerk)"),
    (["Hg", "Cl", "Cl"], "Eine Ausnahme von der Schulregel: trotz Metall ein Stoff aus Molekülen"),
    (["H", "Cl"], "Ein Molekül: nur Nichtmetalle"),
])
def test_the_bonding_sentence_is_the_record_s_class_and_cites_no_en_difference(cards, sentence):
    e = confirm_check(staged(cards))
    assert e.ok and any(x.startswith(sentence) for x in e.lines)
    assert not any("Elektronegativität" in x for x in e.lines)
    assert not any("electronegativity" in x.lower() for x in e.in_lang("en").lines)


# ------------------------------------------------------------------------------------------- hints
HAND = ["Bi", "Au", "C", "O", "Fe", "O"]


def test_hints_offer_the_best_real_substance_first_and_label_game_only_builds():
    g = chemgames.new_game("chemiekarten", players=2, seed=5, dealer=1, hands=[HAND])
    hs = g.hints(10)
    assert hs[0].label == "known"
    best_real = max(h.points for h in hs if h.label == "known")
    assert hs[0].points == best_real
    assert any(h.game_only and h.points > hs[0].points for h in hs)  # a richer game-only move is still offered
    rest = hs[1:]
    assert [h.points for h in rest] == sorted((h.points for h in rest), reverse=True)
    label = g.hint_label(next(h for h in hs if h.game_only))
    assert label["kind"] == "game_only" and "nur nach Spielregel" in label["text"]
    # the widget's tip list says it too
    from chemgames.widgets.chemiekarten import ChemieKartenWidget

    w = ChemieKartenWidget(g, seats=["human", "greedy"])
    w.receive({"type": "hint", "version": w.version})
    assert w.hints[0]["label"]["kind"] == "known"
    assert any(h["label"]["kind"] == "game_only" for h in w.hints)


def test_hints_before_issue_25_went_by_points_alone(monkeypatch):
    # what REAL_FIRST changes (the bench measures both orders)
    g = chemgames.new_game("chemiekarten", players=2, seed=5, dealer=1, hands=[HAND])
    monkeypatch.setattr(hints_module, "REAL_FIRST", False)
    by_points = g.hints(10)
    assert by_points[0].game_only and by_points[0].points == max(h.points for h in by_points)


def test_the_search_bot_says_when_it_chose_a_game_only_compound():
    g = chemgames.new_game("chemiekarten", players=2, seed=5, dealer=1, hands=[HAND])
    hs = g.hints(3)
    game_only = next(i for i, h in enumerate(hs) if h.game_only)
    real = next(i for i, h in enumerate(hs) if not h.game_only)
    for best, said in ((game_only, True), (real, False)):
        c = Choice([h.formula for h in hs], [1.0 if i == best else 0.0 for i in range(3)], [4, 4, 4], best)
        c.hints = list(hs)
        e = explain_choice(c).in_lang("de")
        note = [x for x in e.lines if "nicht in unserem Nachschlagewerk, nur nach Spielregel erlaubt" in x]
        assert bool(note) == said
        if said:
            assert note[0].startswith(hs[best].unicode)


# ------------------------------------------------------------------------------ the variant real_only
def test_real_only_is_off_by_default_and_checked():
    g = chemgames.new_game("chemiekarten", players=2, seed=1)
    assert g.real_only is False and g.view(0)["real_only"] is False
    with pytest.raises(chemgames.OptionError):
        chemgames.new_game("chemiekarten", players=2, seed=1, real_only="yes")


@pytest.mark.parametrize("cards, combos, what", [
    (["Au", "Bi", "C", "O"], (), "nicht in unserem Nachschlagewerk"),
    (["S", "O"], (), "nur kurzlebig bekannt"),
    (["S"], ("[ClO]-", "[ClO]-"), "so kein bekannter Stoff"),
])
def test_real_only_refuses_what_does_not_exist_and_says_why(cards, combos, what):
    g = staged(cards, combos=combos, real_only=True)
    confirm = chemgames.Action(g.id, 0, "confirm")
    assert confirm not in g.legal_actions() and not g.is_legal(confirm)
    e = confirm_check(g)
    assert not e.ok and e.rule == "ck.real_only"
    assert e.title.startswith("Nur echte Stoffe: ") and f" ist {what}; " in e.title
    assert any(x.startswith("Unsere Variante „Nur echte Stoffe“ (real_only)") for x in e.lines)
    assert "Real substances only" in e.in_lang("en").title
    before = g.to_json()
    with pytest.raises(chemgames.IllegalAction):
        g.apply(confirm)
    assert g.to_json() == before
    # the same cards without the variant: the sheet allows them
    assert confirm_check(staged(cards, combos=combos)).ok


def test_real_only_lets_a_real_substance_and_a_stable_element_be_laid():
    for cards in (["Fe", "O"], ["S"]):
        g = staged(cards, real_only=True)
        assert chemgames.Action(g.id, 0, "confirm") in g.legal_actions()
        assert do(g, "confirm").ok


def test_real_only_hints_list_real_substances_only():
    g = chemgames.new_game("chemiekarten", players=2, seed=5, dealer=1, hands=[HAND], real_only=True)
    hs = g.hints(25)
    assert hs and all(h.label == "known" for h in hs)
    for h in hs:  # each one can really be laid
        t = g.copy()
        for a in h.actions:
            t.apply(a)
        assert t.s_table[-1].label == "known"


def test_bots_in_a_real_only_game_lay_real_substances_only_and_a_save_keeps_the_variant():
    g = chemgames.new_game("chemiekarten", players=3, seed=8, lang="en", real_only=True)
    play_game(g, [GreedyBot(1), RandomBot(2), GreedyBot(3)])
    assert g.is_over and g.s_table
    assert {c.label for c in g.s_table} == {"known"}
    laid = [e for e in g.log if e.action.kind == "confirm"]
    assert laid
    again = chemgames.load_game(g.to_json())
    assert again.real_only is True and again.scores() == g.scores()


def test_the_fast_listing_respects_real_only_after_every_step():
    from test_chemiekarten_fast_legal import _compare

    rng = random.Random(9)
    g = chemgames.new_game("chemiekarten", players=2, seed=9, lang="de", real_only=True)
    seen = _compare(g, lambda g, legal: rng.choice(legal), limit=900)
    assert seen["select"] and seen["skip"]


def test_the_widget_switches_the_variant_with_a_new_deal():
    from chemgames.widgets.chemiekarten import ChemieKartenWidget

    g = chemgames.new_game("chemiekarten", players=2, seed=3, lang="de", mode="family")
    w = ChemieKartenWidget(g, seats=["human", "greedy"])
    assert w.view["real_only"] is False
    before = w.game.to_json()
    w.receive({"type": "real_only", "on": "ja", "version": w.version})  # bad input: refused, nothing changes
    assert w.panel["notice"]["kind"] == "error" and w.game.to_json() == before
    w.receive({"type": "real_only", "on": True, "version": w.version})
    assert w.game.real_only is True and w.view["real_only"] is True and w.game is not g
    assert w.game.option_values["mode"] == "family" and w.seats == ["human", "greedy"]
    w.receive({"type": "real_only", "on": False, "version": w.version})
    assert w.game.real_only is False


def test_a_salt_known_as_a_hydrate_shows_the_hydrate_note_in_both_languages():
    # CRC Handbook: 'Magnesium chromate heptahydrate' (CAS 13423-61-5) is the table's only MgCrO4; the record's note
    # said so (substance("MgCrO4").note) but the card game's explanation never showed it (s15g); now a step does
    g = staged(["Mg"], combos=["[CrO4]2-"])
    e = confirm_check(g)
    assert e.ok and e.title.startswith("MgCrO₄: ")
    de = [s.msg.render("de") for s in e.steps]
    en = [s.msg.render("en") for s in e.in_lang("en").steps]
    assert "Das Handbuch führt MgCrO₄ als Hydrat MgCrO₄ · 7 H₂O: im Kristall sind Wassermoleküle gebunden." in de
    assert "The handbook lists MgCrO₄ as the hydrate MgCrO₄ · 7 H₂O: water molecules are bound in the crystal." in en


def test_a_salt_without_a_hydrate_note_gets_no_hydrate_step():
    g = staged(["Fe", "O"])  # FeO: no hydrate in the record
    e = confirm_check(g)
    assert e.ok and not any("Hydrat" in s.msg.render("de") for s in e.steps)
