"""Scenario tests: one or more for every rule of the sheet (seed 004), including its own examples.

Each test sets up the hands it needs (option ``hands``), plays through the public API and checks
both what the engine decides and the reason it gives.
"""
from __future__ import annotations

import pytest
from helpers import act, do, game_with, lay

import chemgames
from chemgames import IllegalAction


def refused(game, kind: str, **params) -> chemgames.Explanation:
    """Apply an action that must be refused; check that nothing changed and return the reason."""
    before = game.digest()
    log = len(game.log)
    with pytest.raises(IllegalAction) as info:
        do(game, kind, **params)
    assert game.digest() == before and len(game.log) == log
    return info.value.explanation


def confirm_refused(game) -> chemgames.Explanation:
    return refused(game, "confirm")


def table(game) -> list[str]:
    return [c["formula"] for c in game.view(None)["table"]]


# ---------------------------------------------------------------- set-up and turn order
def test_seven_cards_and_left_of_dealer_starts():
    g = chemgames.new_game("chemiekarten", players=4, seed=11, lang="en", dealer=2)
    assert [len(g.view(p)["hand"]) for p in range(4)] == [7, 7, 7, 7]
    assert g.current_player == 3
    assert sum(g.view(None)["pile"]) == 108 - 28


def test_views_hide_other_hands():
    g = game_with(["H", "Cl"], ["Na", "Cl"])
    v0, v1, spectator = g.view(0), g.view(1), g.view(None)
    assert "hand" in v0 and "hand" in v1 and "hand" not in spectator
    assert {c["id"] for c in v0["hand"]}.isdisjoint({c["id"] for c in v1["hand"]})
    assert "stage" in v0 and "stage" not in v1


# ---------------------------------------------------------------- Beispiel 1 and the charge balance
def test_beispiel_1_hydrogen_and_chlorine_give_three_points():
    g = game_with(["H", "Cl"])
    e = lay(g, "H", "Cl")
    assert e.ok and e.points == 3
    assert any(line.endswith(": 1·(+1) + 1·(−1) = 0") for line in e.lines)
    assert table(g) == ["HCl"] and g.scores()[0] == 3


def test_unbalanced_compound_is_refused_with_its_equation():
    g = game_with(["H", "O"])
    do(g, "select", card="H")
    do(g, "select", card="O")
    e = confirm_refused(g)
    assert e.rule == "ck.unbalanced"
    assert any("= −1" in line for line in e.lines)


def test_one_charge_per_element_kind():
    # Fe3O4 needs Fe(+2) and Fe(+3) at once: as free cards every Fe takes the same charge
    g = game_with(["Fe", "Fe", "Fe", "O", "O", "O", "O"])
    for c in ("Fe", "Fe", "Fe", "O", "O", "O", "O"):
        do(g, "select", card=c)
    e = confirm_refused(g)
    assert e.rule == "ck.unbalanced" and any("No choice of charges" in line for line in e.lines)
    do(g, "deselect", card="Fe")
    do(g, "deselect", card="O")
    e = do(g, "charge", element="Fe", charge=3)
    assert e.ok
    e = do(g, "confirm")  # Fe2O3 with Fe(+3) is fine
    assert e.ok and e.points == 2 * 2 + 3 * 1


def test_the_printed_combination_fe3o4_allows_mixed_charges():
    g = game_with(["Fe", "Fe", "Fe", "O", "O", "O", "O"])
    do(g, "combine", formula="Fe3O4", proto=0)
    e = do(g, "confirm")
    assert e.ok and e.points == 35


def test_chosen_charge_holds_for_every_card_of_the_element():
    g = game_with(["S", "O", "O"])
    do(g, "select", card="S")
    do(g, "select", card="O")
    do(g, "charge", element="S", charge=4)
    assert confirm_refused(g).rule == "ck.unbalanced"
    do(g, "charge", element="S", charge=2)
    e = do(g, "confirm")
    assert e.ok and e.points == 3  # SO with S(+2)
    assert refused_charge_text(["S"]) == "+4, +2"


def refused_charge_text(hand):
    g = game_with(hand)
    do(g, "select", card=hand[0])
    e = refused(g, "charge", element=hand[0], charge=5)
    assert e.rule == "ck.no_such_charge"
    return dict(e.headline.params)["charges"]


# ---------------------------------------------------------------- Beispiel 2: not divisible
def test_beispiel_2_divisible_compound_is_refused_naming_cuo():
    g = game_with(["Fe", "Cu", "Cl", "O", "O"])
    for c in ("Fe", "Cu", "Cl", "O", "O"):
        do(g, "select", card=c)
    e = confirm_refused(g)
    assert e.rule == "ck.divisible" and "CuO" in e.title
    # the terms in the order of the formula (FeCuClO2: least electronegative first), whatever the click order
    assert any("1·(+3) + 1·(+2) + 1·(−1) + 2·(−2) = 0" in line for line in e.lines)


def test_divisible_by_a_stable_single_card_is_not_divisible_in_this_sense():
    # a part must balance to zero: Cu (+2) on its own does not, so CuCl2 stands
    g = game_with(["Cu", "Cl", "Cl"])
    e = lay(g, "Cu", "Cl", "Cl")
    assert e.ok and e.points == 6


# ---------------------------------------------------------------- combinations (Beispiel 3)
def test_beispiel_3_so3_as_combination_gives_15_instead_of_5():
    g = game_with(["S", "O", "O", "O"])
    for c in ("S", "O", "O", "O"):
        do(g, "select", card=c)
    assert confirm_refused(g).rule == "ck.unbalanced"  # as free cards: 4 − 6 ≠ 0
    do(g, "clear")
    do(g, "combine", formula="SO3", proto=0)
    e = do(g, "confirm")
    assert e.ok and e.points == 15 and g.scores()[0] == 15


def test_combination_with_charge_is_balanced_by_further_cards():
    g = game_with(["Na", "Na", "S", "O", "O", "O", "O"])
    do(g, "combine", formula="[SO4]2-", proto=0)
    do(g, "select", card="Na")
    assert confirm_refused(g).rule == "ck.unbalanced"
    do(g, "select", card="Na")
    e = do(g, "confirm")
    assert e.ok and e.points == 20 + 1 + 1
    assert table(g) == ["Na2SO4"]


def test_several_combinations_in_one_compound():
    # [NH4]+ and [OH]- laid together: NH4OH, each combination with its own points
    g = game_with(["N", "H", "H", "H", "H", "H", "O"])
    do(g, "combine", formula="[NH4]+", proto=0)
    do(g, "combine", formula="[OH]-", proto=0)
    e = do(g, "confirm")
    assert e.ok and e.points == 20 + 5
    assert any("1·(+1) + 1·(−1) = 0" in line for line in e.lines)


def test_combination_cannot_be_laid_without_its_cards():
    # [NO3]- needs 1 N + 3 O; with one O and one Protomaterie, 2 cards are still missing
    g = game_with(["N", "O", "Proto", "Na"])
    e = refused(g, "combine", formula="[NO3]-", proto=1)
    assert e.rule == "ck.combo_cannot"


def test_protomaterie_stands_in_beispiel_clo4():
    g = game_with(["Cl", "O", "O", "Proto", "Proto", "Na"])
    e = do(g, "combine", formula="[ClO4]-", proto=2)
    assert e.ok and "2 O" in e.lines[1]
    do(g, "select", card="Na")
    e = do(g, "confirm")
    assert e.ok and e.points == 21


def test_protomaterie_never_replaces_the_defining_element():
    g = game_with(["O", "O", "O", "O", "Proto", "Proto", "Na"])
    e = refused(g, "combine", formula="[ClO4]-", proto=1)
    assert e.rule == "ck.combo_needs_defining"


def test_never_more_protomaterie_than_normal_cards():
    g = game_with(["Cl", "O", "Proto", "Proto", "Proto", "Na"])
    e = refused(g, "combine", formula="[ClO4]-", proto=3)
    assert e.rule == "ck.combo_cannot"
    assert "at most 2" in e.title


def test_protomaterie_is_never_laid_as_an_element():
    g = game_with(["Proto", "Na"])
    assert refused(g, "select", card="Proto").rule == "ck.proto_not_alone"


# ---------------------------------------------------------------- stable elements alone
def test_stable_element_alone_and_unstable_refused():
    g = game_with(["S", "Na"])
    do(g, "select", card="Na")
    assert confirm_refused(g).rule == "ck.not_stable"
    do(g, "deselect", card="Na")
    do(g, "select", card="S")
    e = do(g, "confirm")
    assert e.ok and e.points == 2 and table(g) == ["S"]


# ---------------------------------------------------------------- die, drawing, skipping, end
def test_after_a_compound_the_die_says_how_many_cards_are_drawn():
    g = game_with(["H", "Cl"])
    pile = sum(g.view(None)["pile"])
    e = lay(g, "H", "Cl")
    roll = g.view(None)["last_roll"]
    assert 1 <= roll <= 6 and f"Die: {roll}" in e.lines
    assert sum(g.view(None)["pile"]) == pile - roll
    assert g.view(0)["hand_sizes"][0] == 7 - 2 + roll
    assert g.current_player == 1


def test_skip_draws_four_and_passes_the_turn():
    g = game_with([])
    pile = sum(g.view(None)["pile"])
    e = do(g, "skip")
    assert e.ok and g.current_player == 1
    assert g.view(None)["hand_sizes"][0] == 11 and sum(g.view(None)["pile"]) == pile - 4


def test_the_die_is_seeded_and_recorded():
    rolls = []
    for _ in range(2):
        g = game_with(["H", "Cl"], seed=42)
        lay(g, "H", "Cl")
        rolls.append(g.view(None)["last_roll"])
    assert rolls[0] == rolls[1]
    g2 = chemgames.load_game(g.to_json())
    assert g2.view(None)["last_roll"] == rolls[0]


def test_game_ends_when_a_draw_cannot_be_served():
    g = game_with([], [])
    while sum(g.view(None)["pile"]) >= 4:
        do(g, "skip")
    left = sum(g.view(None)["pile"])
    assert not g.is_over
    e = do(g, "skip")  # needs 4, the pile holds fewer
    assert g.is_over and g.current_player is None and g.legal_actions() == []
    assert e.ok and any(f"pile holds only {left}" in line for line in e.lines)
    assert g.winners() == [0, 1]  # nobody scored: a tie


def test_an_empty_pile_ends_the_game_only_when_the_next_player_must_draw():
    # 94 cards stay in the pile; laying S and rolling 2 or 6 leaves a multiple of 4, so skipping
    # (draw 4) later takes exactly the last cards
    for seed in range(100):
        g = game_with(["S"], seed=seed)
        lay(g, "S")
        if sum(g.view(None)["pile"]) % 4 == 0:
            break
    else:
        raise AssertionError("no seed rolled a 2 or a 6")
    while sum(g.view(None)["pile"]) > 4:
        do(g, "skip")
    do(g, "skip")  # draws exactly the rest: the pile is empty, the game goes on
    assert sum(g.view(None)["pile"]) == 0 and not g.is_over
    e = do(g, "skip")
    assert g.is_over and any("pile holds only 0" in line for line in e.lines)


def test_score_is_the_sum_of_the_laid_compounds_and_the_winner_has_most():
    g = game_with(["H", "Cl", "Na", "Cl"], ["S"])
    lay(g, "H", "Cl")
    lay(g, "S")
    lay(g, "Na", "Cl")
    assert g.scores() == [3 + 3, 2]
    while not g.is_over:
        do(g, "skip")
    assert g.winners() == [0]


# ---------------------------------------------------------------- radioactivity and protection
def attack_setup(defender_hand: list[str], defender_cards: list[str], combine: tuple[str, int] | None = None,
                 protect: bool = False):
    """Player 0 skips, player 1 lays ``defender_cards``; then player 0 holds U + 3 O ... ready."""
    g = game_with(["U", "O", "O", "O", "U", "O", "O"], defender_hand)
    do(g, "skip")
    if combine:
        do(g, "combine", formula=combine[0], proto=combine[1])
    for c in defender_cards:
        do(g, "select", card=c)
    if protect:
        do(g, "protect")
    do(g, "confirm")
    assert g.current_player == 0
    return g


def lay_uranium_oxide(g):
    # UO3 with U(+6): one radioactive card, one attack
    do(g, "select", card="U")
    for _ in range(3):
        do(g, "select", card="O")
    do(g, "charge", element="U", charge=6)
    return do(g, "confirm")


def test_radioactive_card_attacks_one_compound_of_another_player():
    g = attack_setup(["H", "Cl"], ["H", "Cl"])
    assert g.scores() == [0, 3]
    pile = sum(g.view(None)["pile"])
    e = lay_uranium_oxide(g)
    assert any("attack 1 compound" in line for line in e.lines)
    assert g.view(0)["phase"] == "attack" and g.current_player == 0
    assert {a.kind for a in g.legal_actions()} == {"attack", "stop"}
    target = g.view(None)["table"][0]
    assert target["owner"] == 1
    own = [c["id"] for c in g.view(None)["table"] if c["owner"] == 0]
    assert refused(g, "attack", target=own[0]).rule == "ck.own_compound"
    e = do(g, "attack", target=target["id"])
    assert any("destroyed" in line for line in e.lines)
    assert g.scores()[1] == 0 and [c["owner"] for c in g.view(None)["table"]] == [0]
    roll = g.view(None)["last_roll"]
    assert sum(g.view(None)["pile"]) == pile + 2 - roll  # HCl shuffled back, then the draw
    assert g.current_player == 1


def test_no_attack_without_radioactive_card_and_attacks_may_be_declined():
    g = attack_setup(["H", "Cl"], ["H", "Cl"])
    assert refused(g, "attack", target=1).rule == "ck.no_attack_now"
    lay_uranium_oxide(g)
    e = do(g, "stop")
    assert e.ok and g.current_player == 1 and g.scores()[1] == 3
    assert table(g) == ["HCl", "UO3"]


def test_black_border_protects_once_and_the_card_is_turned():
    # PbO with lead (black border): the first attack turns the Pb card, the second destroys
    g = attack_setup(["Pb", "O"], ["Pb", "O"])
    pbo = g.view(None)["table"][0]
    assert pbo["shields_left"] == 1
    lay_uranium_oxide(g)
    e = do(g, "attack", target=pbo["id"])
    assert any("turned" in line for line in e.lines)
    compound = g.view(None)["table"][0]
    assert compound["shields_left"] == 0 and compound["cards"][1 if compound["cards"][0]["symbol"] == "O" else 0]["turned"]
    assert g.scores()[1] == pbo["points"]  # a turned card keeps its points
    # next round: player 1 skips, player 0 attacks again with the second U
    do(g, "skip")
    do(g, "select", card="U")
    for _ in range(2):
        do(g, "select", card="O")
    do(g, "charge", element="U", charge=4)
    do(g, "confirm")
    do(g, "attack", target=pbo["id"])
    assert g.scores()[1] == 0


def test_extra_protomaterie_absorbs_the_first_attack():
    g = attack_setup(["H", "Cl", "Proto"], ["H", "Cl"], protect=True)
    hcl = g.view(None)["table"][0]
    assert hcl["protect"] is not None and hcl["points"] == 3
    pile = sum(g.view(None)["pile"])
    lay_uranium_oxide(g)
    e = do(g, "attack", target=hcl["id"])
    assert any("Protomatter absorbed" in line for line in e.lines)
    after = g.view(None)["table"][0]
    assert after["protect"] is None and g.scores()[1] == 3
    assert sum(g.view(None)["pile"]) == pile + 1 - g.view(None)["last_roll"]


def test_protection_only_in_the_turn_the_compound_is_laid():
    g = game_with(["H", "Cl", "Proto"])
    assert not g.check(act(g, "protect")).ok  # nothing prepared
    do(g, "select", card="H")
    do(g, "select", card="Cl")
    do(g, "protect")
    assert refused(g, "protect").rule == "ck.protect_once"
    do(g, "confirm")
    # later turns offer no way to attach Protomaterie to a laid compound
    assert all(a.kind != "protect" for a in g.legal_actions())


def test_replaced_protomaterie_protects_nothing():
    g = attack_setup(["Cl", "O", "O", "Proto", "Proto", "Na"], ["Na"], combine=("[ClO4]-", 2))
    c = g.view(None)["table"][0]
    assert c["protect"] is None and c["shields_left"] == 0
    lay_uranium_oxide(g)
    do(g, "attack", target=c["id"])
    assert g.scores()[1] == 0


# ---------------------------------------------------------------- artificial elements
def test_artificial_element_is_paid_with_cards_of_exactly_equal_points():
    # Tc (4 points, +7) in [TcO4]- ... here simply TcCl4 with Tc(+4): pay 4 points
    g = game_with(["Tc", "Cl", "Cl", "Cl", "Cl", "S", "Fe"])
    do(g, "select", card="Tc")
    for _ in range(4):
        do(g, "select", card="Cl")
    do(g, "charge", element="Tc", charge=4)
    e = confirm_refused(g)
    assert e.rule == "ck.unpaid" and "due 4, paid 0" in e.title
    assert refused(g, "pay", card="Proto").rule == "ck.pay_zero"
    do(g, "pay", card="S")  # 2 points
    assert g.view(0)["stage"]["price_open"] == 2
    do(g, "pay", card="Fe")  # 2 more: exactly 4
    pile = sum(g.view(None)["pile"])
    e = do(g, "confirm")
    assert e.ok and e.points == 4 + 4 * 2
    assert sum(g.view(None)["pile"]) == pile + 2 - g.view(None)["last_roll"]  # payment shuffled back


def test_overpaying_is_refused():
    g = game_with(["Tc", "Cl", "Cl", "Cl", "Cl", "Pt"])
    do(g, "select", card="Tc")
    e = refused(g, "pay", card="Pt")  # 5 points for a price of 4
    assert e.rule == "ck.overpay"


# ---------------------------------------------------------------- undo within the turn
def test_undo_takes_back_steps_of_the_turn_but_not_the_die():
    g = game_with(["H", "H", "O"])
    before = g.view(0)
    do(g, "select", card="H")
    do(g, "select", card="H")
    undone = g.undo()
    assert undone.kind == "select" and len(g.view(0)["stage"]["free"]) == 1
    g.undo()
    assert g.view(0) == before
    with pytest.raises(chemgames.NothingToUndo):
        g.undo()
    lay(g, "H", "H", "O")
    assert not g.can_undo()
    with pytest.raises(chemgames.NothingToUndo):
        g.undo()


# ---------------------------------------------------------------- competitive mode and decks
def test_competitive_mode_uses_one_pile_per_player():
    g = chemgames.new_game("chemiekarten", players=3, seed=2, lang="en", mode="competitive",
                           decks=["Starter A", "Starter B", "Starter C"])
    assert g.view(None)["pile"] == [47, 47, 47]
    p = g.current_player
    do(g, "skip")
    assert g.view(None)["pile"][p] == 43


def test_competitive_is_for_two_to_four_players():
    with pytest.raises(chemgames.OptionError, match="2 to 4"):
        chemgames.new_game("chemiekarten", players=5, mode="competitive", lang="en")


def test_deck_builder_says_what_breaks_a_limit():
    from chemgames.games.chemiekarten.cards import check_deck, starter_decks

    deck = dict(starter_decks()["Starter A"])
    assert check_deck(deck, "competitive") == []
    deck["Pu"] = 5  # five more 3-star cards: more than 4 in all, and 58 cards with one Protomaterie less
    deck["Proto"] = 4
    texts = [m.render("en") for m in check_deck(deck, "competitive")]
    assert any("58 cards" in t for t in texts)
    assert any("tier ★★★" in t and "at most 4" in t for t in texts)
    assert any("exactly 5" in t for t in texts)
    with pytest.raises(chemgames.OptionError, match="player 2"):
        chemgames.new_game("chemiekarten", players=2, mode="competitive", lang="en", decks=["Starter A", deck])


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize("bad", [
    None, 42, "confirm", {"kind": "confirm"},
    chemgames.Action("chemix", 0, "confirm"),
    chemgames.Action("chemiekarten", 1, "skip"),
    chemgames.Action("chemiekarten", 0, "teleport"),
    chemgames.Action("chemiekarten", 0, "select", (("card", "Xx"),)),
    chemgames.Action("chemiekarten", 0, "select", (("card", 3),)),
    chemgames.Action("chemiekarten", 0, "select", ()),
    chemgames.Action("chemiekarten", 0, "select", (("card", "H"), ("extra", 1))),
    chemgames.Action("chemiekarten", 0, "attack", (("target", 1),)),
    chemgames.Action("chemiekarten", 0, "combine", (("formula", "H2O"), ("proto", 0))),
    chemgames.Action("chemiekarten", "0", "skip"),
    chemgames.Action("chemiekarten", None, "skip"),
    chemgames.Action("chemiekarten", 0, 5),
    chemgames.Action(5, 0, "skip"),
    chemgames.Action("chemiekarten", 0, "select", "card"),
    chemgames.Action("chemiekarten", 0, "select", (("card", ["H"]),)),
    chemgames.Action("chemiekarten", 0, "select", ((1, 2),)),
])
def test_junk_and_forged_actions_are_refused_and_change_nothing(bad):
    g = game_with(["H", "Cl"])
    before, log = g.digest(), len(g.log)
    explanation = g.check(bad)
    assert not explanation.ok and explanation.title
    with pytest.raises(IllegalAction) as info:
        g.apply(bad)
    assert str(info.value)
    assert g.digest() == before and len(g.log) == log


def test_actions_from_json_are_checked():
    g = game_with(["H", "Cl"])
    for junk in ([], "x", {"game": "chemiekarten"}, {"game": "chemiekarten", "player": "0", "kind": "skip"},
                 {"game": "chemiekarten", "player": 0, "kind": "select", "params": {"card": 1.5}},
                 {"game": "chemiekarten", "player": 0, "kind": "skip", "evil": 1}):
        with pytest.raises(chemgames.Error):
            g.action_from_json(junk)
    a = g.action_from_json({"game": "chemiekarten", "player": 0, "kind": "select", "params": {"card": "H"}})
    assert g.apply(a).ok


def save_variants(text: str) -> list[str]:
    import json

    data = json.loads(text)
    out = [text[: len(text) // 2], "", "null", "[]", "{}", text.replace('"chemgames-save"', '"other"')]
    for key, value in [("version", 99), ("players", "two"), ("seed", None), ("game", "chess"),
                       ("options", {"mode": "solo"}), ("options", {"colour": 1}), ("players", 9)]:
        d = dict(data)
        d[key] = value
        out.append(json.dumps(d))
    d = dict(data)
    d["actions"] = data["actions"] + [{"game": "chemiekarten", "player": 0, "kind": "attack", "params": {"target": 99}}]
    out.append(json.dumps(d))
    d = dict(data)
    d["actions"] = data["actions"][:-1]  # a move cut out: the digest no longer matches
    out.append(json.dumps(d))
    d = dict(data)
    d["digest"] = "0" * 32
    out.append(json.dumps(d))
    d = dict(data)
    d["actions"] = ["junk"]
    out.append(json.dumps(d))
    return out


def test_corrupt_or_truncated_save_files_give_a_clear_error():
    g = game_with(["H", "Cl", "S"])
    lay(g, "H", "Cl")
    do(g, "skip")
    text = g.to_json()
    assert chemgames.load_game(text).digest() == g.digest()
    for bad in save_variants(text):
        with pytest.raises(chemgames.SaveFileError) as info:
            chemgames.load_game(bad)
        message = str(info.value)
        assert "save file" in message.lower() and " / " in message, message  # English / German
    with pytest.raises(chemgames.SaveFileError):
        chemgames.load_game(b"\xff\xfe")
    with pytest.raises(chemgames.SaveFileError):
        chemgames.load_game(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("kwargs, match", [
    ({"game_id": "chess"}, "no game 'chess'"),
    ({"players": 7}, "2 to 6 players"),
    ({"players": 1}, "2 to 6 players"),
    ({"players": True}, "2 to 6 players"),
    ({"lang": "fr"}, "Unknown language"),
    ({"seed": "abc"}, "seed"),
    ({"colour": "red"}, "no option colour"),
    ({"mode": "solo"}, "cannot be solo"),
    ({"dealer": 5}, "no player 5"),
    ({"hands": [["Xx"]]}, "no further card"),
    ({"decks": ["Starter A"]}, "108-card"),
])
def test_unknown_or_bad_options_are_refused(kwargs, match):
    args = {"game_id": "chemiekarten", "players": 2, "seed": 1, "lang": "en"} | kwargs
    with pytest.raises(chemgames.OptionError, match=match):
        chemgames.new_game(args.pop("game_id"), **args)


def test_german_reasons():
    g = game_with(["Fe", "Cu", "Cl", "O", "O"], lang="de")
    for c in ("Fe", "Cu", "Cl", "O", "O"):
        do(g, "select", card=c)
    e = confirm_refused(g)
    assert "teilbar" in e.title and "CuO" in e.title
    assert "divisible" in e.in_lang("en").title


def test_the_engine_prefers_charges_that_make_the_compound_indivisible():
    # Fe, Cu and 2 O balance as Fe(+2) Cu(+2), which splits into FeO + CuO, and as Fe(+3) Cu(+1),
    # which does not: that is CuFeO2, the mineral delafossite (a known substance since issue 25,
    # written Cu(I) first as the reference writes it)
    g = game_with(["Fe", "Cu", "O", "O"])
    e = lay(g, "Fe", "Cu", "O", "O")
    assert e.ok and "1·(+1) + 1·(+3) + 2·(−2) = 0" in " ".join(e.lines)
    g = game_with(["Fe", "Cu", "O", "O"])
    for c in ("Fe", "Cu", "O", "O"):
        do(g, "select", card=c)
    do(g, "charge", element="Fe", charge=2)  # the player insists on Fe(+2): then it is divisible
    assert confirm_refused(g).rule == "ck.divisible"


@pytest.mark.parametrize("cards, part", [(["He", "Na", "Cl"], "He"), (["Ne", "Ar"], "Ne")])
def test_a_divisible_part_that_is_an_element_is_not_called_a_compound(cards, part):
    """Beispiel 2: "Da eine Verbindung aus einem Kupfer und einem Sauerstoff aber bereits gültig wäre".
    The part that could be laid alone may be a noble gas, an element and never a compound (IUPAC Gold
    Book: a compound has atoms of two or more elements), so the refusal says what the sheet says: it
    would already be valid on its own."""
    g = game_with(cards, lang="de")
    for c in cards:
        do(g, "select", card=c)
    e = confirm_refused(g)
    assert e.rule == "ck.divisible" and f"der Teil {part} ließe sich schon allein legen" in e.title
    assert "Verbindung." not in e.title and "compound of its own" not in e.in_lang("en").title
    assert f"the part {part} could already be laid on its own" in e.in_lang("en").title
