"""Scenario tests for every rule of Räum-Ab! (rule sheet 001) and each decision in docs/rules/raeumab.md."""
from __future__ import annotations

import json
import math
from collections import Counter

import pytest

import chemgames
from chemgames import Action, IllegalAction, OptionError
from chemgames.games.raeumab.deck import COLUMN_SIZES, deck, deck_data
from chemgames.games.raeumab.rules import WISH_REACH

from raeumab_helpers import card_id, check, free_id, pair_action, position, take


# ---------------------------------------------------------------- the deck
def test_deck_has_109_designed_cards():
    cards = deck()
    kinds = Counter(c.kind for c in cards)
    assert len(cards) == 109
    assert kinds == {"number": 92, "joker": 4, "forbidden": 8, "wish": 5}
    assert Counter(c.suit for c in cards if c.kind == "number") == {"R": 23, "B": 23, "G": 23, "Y": 23}
    assert sorted(c.suit for c in cards if c.kind == "joker") == ["B", "G", "R", "Y"]
    assert all(c.value == 1 for c in cards if c.kind == "joker")
    assert Counter(c.value for c in cards if c.kind == "forbidden") == {2: 4, 5: 4}
    assert all(c.suit is None for c in cards if c.kind in ("wish", "forbidden"))  # not coloured


def test_deck_numbers_follow_the_facts():
    numbers = [c.value for c in deck() if c.kind == "number"]
    assert min(numbers) == 2 and max(numbers) > 80
    assert {34, 51} <= set(numbers)  # named in the facts
    assert sum(n % 11 == 0 for n in numbers) >= 8 and sum(n % 13 == 0 for n in numbers) >= 6  # 11- and 13-series
    products = {a * b for a in range(2, 11) for b in range(2, 11)}
    assert sum(n in products for n in numbers) >= 60  # mostly the multiplication table
    symbols = [s["symbol"] for s in deck_data()["suits"].values()]
    assert len(set(symbols)) == 4  # a symbol beside every colour


def test_each_suit_number_once():
    codes = Counter(c.code for c in deck() if c.kind == "number")
    assert max(codes.values()) == 1


# ---------------------------------------------------------------- the lay-out
def test_layout_seven_columns_four_of_16_three_of_15():
    g = chemgames.new_game("raeumab", players=2, seed=11)
    cols = g.view(None)["columns"]
    assert [len(c) for c in cols] == [16, 16, 16, 16, 15, 15, 15] == list(COLUMN_SIZES)
    assert sorted(i for c in cols for i in c) == list(range(109))
    assert g.free_cards() == [c[-1] for c in cols]


def test_only_the_lowest_card_is_free_and_taking_it_frees_the_next():
    g = position(["G36", "R12"], ["B18"], ["Y7"])
    hidden = card_id(g, "G36")
    refusal = g.check(pair_action(g, hidden, free_id(g, "B18")))
    assert not refusal.ok and refusal.rule == "ra.not_free"
    assert "column 1" in refusal.title and "1 card lies below" in refusal.title and "12" in refusal.title
    expl = take(g, "R12", "B18")
    assert hidden in g.free_cards()
    assert any("Now free" in line and "36" in line for line in expl.lines)


# ---------------------------------------------------------------- pairs
def test_simple_pair_by_common_divisor_with_sheet_style_explanation():
    g = position(["R12"], ["B18"], ["Y7"])
    e = check(g, "R12", "B18")
    assert e.ok and e.rule == "ra.simple_pair"
    text = "\n".join(e.lines)
    assert "12 = 2²·3" in text and "18 = 2·3²" in text
    assert "gcd(12, 18) = 6" in text and "2, 3, 6" in text
    assert "not the same colour" in text


def test_simple_pair_by_colour_alone():
    g = position(["R9"], ["R16"], ["Y7"])
    e = check(g, "R9", "R16")
    assert e.ok and e.rule == "ra.simple_pair"
    text = "\n".join(e.lines)
    assert "gcd(9, 16) = 1: 9 and 16 share no prime factor" in text
    assert "product of the shared prime factors" not in text  # no empty product "…: 1" (issue 14)


def test_double_pair_shares_colour_and_divisor():
    g = position(["G12"], ["G36"], ["Y7"])
    e = check(g, "G12", "G36")
    assert e.ok and e.rule == "ra.double_pair"
    assert "Same colour and a common divisor" in "\n".join(e.lines)


def test_neither_colour_nor_divisor_is_refused_and_changes_nothing():
    g = position(["R16"], ["B27"], ["Y7"], ["R9"])
    before = g.digest()
    e = check(g, "R16", "B27")
    assert not e.ok and e.rule == "ra.no_pair"
    assert "16 = 2⁴" in "\n".join(e.lines) and "27 = 3³" in "\n".join(e.lines)
    with pytest.raises(IllegalAction):
        take(g, "R16", "B27")
    assert g.digest() == before


def test_double_pair_keeps_the_turn_and_simple_pair_ends_it():
    g = position(["R16", "G12"], ["B32", "G36"], ["Y7"], ["Y3"])
    e = take(g, "G12", "G36")
    assert g.current_player == 0 and "must take another pair" in "\n".join(e.lines)
    assert g.can_undo()
    e = take(g, "R16", "B32")
    assert e.rule == "ra.simple_pair" and g.current_player == 1 and not g.can_undo()


def test_double_pairs_keep_the_turn_while_found():
    g = position(["Y7", "G12"], ["Y3", "G36"], ["R1"], ["R81"], ["R13"], ["B26"], players=3)
    take(g, "R1", "R81")  # joker of the same colour: double
    assert g.current_player == 0
    take(g, "G12", "G36")
    assert g.current_player == 0
    take(g, "Y7", "Y3")  # simple (colour)
    assert g.current_player == 1


def test_undo_takes_back_a_double_pair_within_the_turn():
    g = position(["R16", "G12"], ["B32", "G36"], ["Y7"], ["Y3"])
    before = g.view(0)
    take(g, "G12", "G36")
    g.undo()
    assert g.view(0) == before


# ---------------------------------------------------------------- the fair start
def test_fair_start_removes_double_pairs_in_turns_then_a_simple_pair_starts_play():
    g = position(["B45", "G12"], ["G36"], ["R1"], ["R81"], ["Y7"], ["Y3"], ["B44"], fair_start=True)
    assert g.view(None)["phase"] == "start"
    refusal = check(g, "Y7", "Y3")  # simple while doubles exist: refused
    assert not refusal.ok and refusal.rule == "ra.start_double_first"
    assert all(h.kind == "double" for h in g.hints())
    take(g, "G12", "G36")
    assert g.current_player == 1 and g.scores() == [0, 0] and len(g.view(None)["aside"]) == 2 + (109 - 8)
    take(g, "R1", "R81")
    assert g.current_player == 0 and g.view(None)["phase"] == "start"
    e = take(g, "Y7", "Y3")  # no double pair left: player 1 takes a simple pair, player 2 begins
    assert "begins the game" in "\n".join(e.lines)
    assert g.view(None)["phase"] == "play" and g.current_player == 1 and g.scores() == [2, 0]


def test_fair_start_with_a_random_deal_ends_with_no_double_pair_taken_into_a_pile():
    g = chemgames.new_game("raeumab", players=3, seed=5, lang="en")
    while g.view(None)["phase"] == "start" and not g.is_over:
        g.apply(g.hints()[0].actions[0])
    assert sum(g.scores()) == 2 and len(g.view(None)["aside"]) % 2 == 0


def test_practice_alone_has_no_fair_start_unless_asked():
    # "Um eine faire Ausgangslage herzustellen, werden abwechselnd alle doppelt passenden Paare
    # entfernt ... und der nächste Spieler beginnt das Spiel": fairness between players; alone there
    # is no next player, so practice starts with play (docs/rules/raeumab.md)
    alone = chemgames.new_game("raeumab", players=1, seed=5, lang="de")
    assert alone.view(None)["phase"] == "play"
    assert chemgames.new_game("raeumab", players=2, seed=5).view(None)["phase"] == "start"
    assert chemgames.new_game("raeumab", players=1, seed=5, fair_start=True).view(None)["phase"] == "start"
    assert chemgames.new_game("raeumab", players=2, seed=5, fair_start=False).view(None)["phase"] == "play"


# ---------------------------------------------------------------- wish cards
def wish_game(**kw):
    pile = ["B3", "B6", "B7", "B8", "B10", "B14", "B18", "B20"]  # B20 is the last card put on the pile
    return position(["W"], ["R12"], ["Y18"], ["G5"], ["R9"], ["G20"], piles=[pile, []], **kw)


def test_wish_card_swaps_for_one_of_the_last_seven_cards_of_ones_own_pile():
    g = wish_game()
    w = free_id(g, "W")
    pile = g.view(None)["piles"][0]
    assert g.wish_reach(0) == pile[-WISH_REACH:]
    oldest = pile[0]  # the eighth card from the top: out of reach
    refusal = g.check(Action("raeumab", 0, "wish", (("wish", w), ("card", oldest))))
    assert not refusal.ok and refusal.rule == "ra.wish_out_of_reach"
    b18 = next(i for i in pile if g.cards[i].code == "B18")
    e = g.apply(Action("raeumab", 0, "wish", (("wish", w), ("card", b18))))
    assert e.ok and b18 in g.free_cards() and g.view(None)["piles"][0][-1] == w
    assert g.scores()[0] == 8 and g.current_player == 0
    again = g.check(Action("raeumab", 0, "wish", (("wish", w), ("card", pile[-1]))))
    assert not again.ok
    take(g, "B18", "Y18")  # the swapped-in card pairs (18 and 18: divisor 18)
    assert g.current_player == 1


def test_one_wish_swap_before_each_pair():
    g = position(["W", "W"], ["R12"], ["Y18"], ["G5"], piles=[["B3", "B6", "B7"], []])
    w1 = free_id(g, "W")
    g.apply(Action("raeumab", 0, "wish", (("wish", w1), ("card", g.wish_reach(0)[0]))))
    assert not any(a.kind == "wish" for a in g.legal_actions())
    refusal = g.check(Action("raeumab", 0, "wish", (("wish", w1), ("card", g.wish_reach(0)[0]))))
    assert not refusal.ok


def test_wish_needs_a_card_on_ones_own_pile_and_a_free_wish_card():
    g = wish_game()
    g.apply(next(h for h in reversed(g.hints()) if h.swap is None).actions[0])  # simple: player 2 (empty pile) moves
    assert g.current_player == 1 and not any(a.kind == "wish" for a in g.legal_actions())
    w = free_id(g, "W")
    refusal = g.check(Action("raeumab", 1, "wish", (("wish", w), ("card", 0))))
    assert not refusal.ok and refusal.rule == "ra.wish_empty_pile"
    not_wish = free_id(g, "G5") if "G5" in [g.cards[i].code for i in g.free_cards()] else g.free_cards()[1]
    assert g.check(Action("raeumab", 1, "wish", (("wish", not_wish), ("card", 0)))).rule == "ra.not_a_wish"


def test_wish_cards_never_pair():
    g = position(["W"], ["W"], ["R12"], ["G5"], ["R9"])
    assert check(g, "W", "W").rule == "ra.no_pair"


def test_wish_swap_can_be_undone():
    g = wish_game()
    before = g.view(0)
    w = free_id(g, "W")
    g.apply(Action("raeumab", 0, "wish", (("wish", w), ("card", g.wish_reach(0)[-1]))))
    g.undo()
    assert g.view(0) == before


# ---------------------------------------------------------------- forbidden cards
# The sheet: "Wenn eine 2er- oder 5er-Verbotskarte am unteren Ende einer Reihe liegt, ist die Zwei
# oder die Fünf als gemeinsamer Teiler gesperrt." The author's NumNum rules (RULE-FACTS): under the
# 2-ban "an 8 no longer goes on a 10, but a 12 still goes on an 8, because they also share the
# divisor 4"; "10 and 20 share 5 and 10 under the 2-ban, and 10 under both bans".
def test_a_two_ban_blocks_8_on_10_but_not_12_on_8():
    g = position(["V2"], ["Y8"], ["B10"], ["R12"], ["R13"], lang="de")
    assert g.bans() == {2}
    refused = check(g, "Y8", "B10")  # gcd 2: the 2 was their only common divisor
    assert not refused.ok and refused.rule == "ra.no_pair"
    assert "die 2 ist verboten, und es bleibt kein gemeinsamer Teiler" in "\n".join(refused.lines)
    allowed = check(g, "Y8", "R12")  # gcd 4: the 4 is not banned
    assert allowed.ok and allowed.rule == "ra.simple_pair"
    text = "\n".join(allowed.lines)
    assert "gemeinsame Teiler größer als 1: 2, 4" in text and "die 2 ist verboten, übrig: 4" in text


def test_10_and_20_share_5_and_10_under_the_two_ban_and_10_under_both():
    two = position(["V2"], ["B10"], ["G20"], ["R13"])
    e = check(two, "B10", "G20")
    assert e.ok and "2 is forbidden, left: 5, 10" in "\n".join(e.lines)
    both = position(["V2"], ["V5"], ["B10"], ["G20"], ["R13"])
    assert both.bans() == {2, 5}
    e = check(both, "B10", "G20")
    assert e.ok and e.rule == "ra.simple_pair"
    assert "5 is forbidden, left: 10" in "\n".join(e.lines)


def test_a_ban_leaves_the_other_common_divisors():
    g = position(["V2"], ["R12"], ["B18"], ["Y7"])
    e = check(g, "R12", "B18")
    assert e.ok and "2 is forbidden, left: 3, 6" in "\n".join(e.lines)


def test_a_ban_that_divides_neither_number_changes_nothing():
    g = position(["V2"], ["R9"], ["B27"], ["Y7"])
    e = check(g, "R9", "B27")
    assert e.ok and "the ban changes nothing here" in "\n".join(e.lines)


def test_allowed_pairs_match_the_definition_computed_independently():
    """Every two number cards under every set of bans: a common divisor greater than 1 that is not
    a banned number, found with math.gcd and SymPy's divisors straight from the definition."""
    import itertools
    import math

    import sympy

    from chemgames.games.raeumab.pairs import match

    numbers = [c for c in deck() if c.kind == "number"]
    changed = 0
    for bans in (frozenset(), frozenset({2}), frozenset({5}), frozenset({2, 5})):
        for a, b in itertools.combinations(numbers, 2):
            divisors = [d for d in sympy.divisors(math.gcd(a.value, b.value)) if d > 1 and d not in bans]
            same = a.suit == b.suit
            assert match(a, b, bans) == same + bool(divisors), (a.code, b.code, bans)
            old_reading = [d for d in divisors if all(d % p for p in bans)]  # every multiple banned
            changed += bool(divisors) != bool(old_reading)
    assert changed > 0  # the two readings really differ on this deck


def test_five_forbidden_card_blocks_five():
    g = position(["V5"], ["Y15"], ["B25"], ["R13"], ["B45"])
    assert not check(g, "Y15", "B25").ok  # gcd 5: only the 5 is shared
    assert check(g, "B25", "B45").ok and check(g, "Y15", "B45").ok  # 15 and 45 keep 3 and 15
    g2 = position(["Y15"], ["B25"], ["R13"])
    assert check(g2, "Y15", "B25").ok


def test_a_ban_ends_when_the_forbidden_card_is_taken():
    g = position(["Y8", "V2"], ["B10", "V2"], ["B27"], ["R13"])
    take(g, "V2", "V2")
    assert g.bans() == frozenset() and check(g, "Y8", "B10").ok


def test_two_forbidden_cards_of_the_same_kind_are_a_double_pair():
    g = position(["V2"], ["V2"], ["V5"], ["R13"], ["Y7"], ["Y3"])
    assert check(g, "V2", "V5").rule == "ra.no_pair"
    e = take(g, "V2", "V2")
    assert e.rule == "ra.double_pair" and g.current_player == 0  # the same player must find another pair
    assert any("counts as a double pair" in line for line in e.lines)


def test_a_single_forbidden_card_pairs_with_nothing_else():
    g = position(["V5"], ["R1"], ["R13"])
    assert not check(g, "V5", "R1").ok


# ---------------------------------------------------------------- jokers
def test_joker_fits_every_number_even_under_a_ban():
    g = position(["V2"], ["V5"], ["R1"], ["Y8"], ["R30"])
    e = check(g, "R1", "Y8")
    assert e.ok and e.rule == "ra.simple_pair" and "do not bind a joker" in "\n".join(e.lines)
    d = check(g, "R1", "R30")
    assert d.ok and d.rule == "ra.double_pair"


def test_two_jokers_make_a_simple_pair():
    g = position(["R1"], ["B1"], ["V2"])
    assert check(g, "R1", "B1").rule == "ra.simple_pair"


# ---------------------------------------------------------------- the end
def test_game_ends_when_no_pair_is_left_and_most_cards_win():
    g = position(["R9"], ["B25"], ["G12"], ["G36"], ["Y7"])
    assert not g.is_over
    take(g, "G12", "G36")  # a double pair, but R9, B25 and Y7 share neither colour nor divisor
    assert g.is_over and g.current_player is None and g.legal_actions() == []
    assert g.winners() == [0] and g.scores() == [2, 0]


def test_the_last_pair_ends_the_game_with_scores_in_the_explanation():
    g = position(["R9"], ["R16"], ["Y7"], players=3)
    e = take(g, "R9", "R16")
    assert g.is_over and g.current_player is None
    assert "game is over" in e.lines[-1] and "player 1: 2 cards" in e.lines[-1]


# ---------------------------------------------------------------- players
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_one_to_four_players(players):
    from chemgames.bots import GreedyBot, play_game

    g = chemgames.new_game("raeumab", players=players, seed=players)
    play_game(g, [GreedyBot(p) for p in range(players)])
    assert g.is_over and sum(g.scores()) + len(g.view(None)["aside"]) + sum(map(len, g.view(None)["columns"])) == 109


def test_five_players_are_refused():
    with pytest.raises(OptionError):
        chemgames.new_game("raeumab", players=5)


def test_practice_mode_one_player_keeps_every_turn():
    g = position(["R9"], ["R16"], ["Y7"], ["Y3"], players=1)
    take(g, "R9", "R16")
    assert g.current_player == 0


# ---------------------------------------------------------------- hints and bots
def test_hints_list_every_pair_double_first():
    g = position(["G12"], ["G36"], ["R12"], ["B18"], ["Y7"])
    hints = g.hints()
    assert [h.kind for h in hints][0] == "double"
    assert {tuple(sorted(h.codes)) for h in hints} == {("G12", "G36"), ("G12", "R12"), ("B18", "G12"),
                                                      ("B18", "G36"), ("G36", "R12"), ("B18", "R12")}
    assert len(hints) == len([a for a in g.legal_actions() if a.kind == "pair"])


def test_greedy_bot_takes_a_double_pair_first():
    from chemgames.bots import GreedyBot

    g = position(["G12"], ["G36"], ["R12"], ["B18"], ["Y7"])
    action = GreedyBot(0).choose(g)
    assert g.check(action).rule == "ra.double_pair"


# The sheet: "Bevor er ein Kartenpaar nimmt, darf der Spieler eine Wunschkarte mit einer der letzten
# sieben Karten seines Ablagestapels tauschen." Hints and bots use it (issue 14: the greedy bot never did).
def swap_hint_position():
    # free: W, R9, B25, Y7, Y3 (Y7 + Y3 is a simple pair); player 1's pile holds R81: W for R81 makes R9 + R81 double
    return position(["W"], ["R9"], ["B25"], ["Y7"], ["Y3"], piles=[["G64", "R81"], []])


def test_a_hint_swaps_a_wish_card_then_takes_the_pair():
    g = swap_hint_position()
    hints = g.hints()
    first = hints[0]
    assert first.kind == "double" and first.swap == ("W", "R81") and sorted(first.codes) == ["R81", "R9"]
    assert str(first) == "W ↔ R81 → R9 + R81 (double)"
    assert [a.kind for a in first.actions] == ["wish", "pair"]
    assert first.to_dict()["swap"] == ["W", "R81"]
    order = [(h.kind, h.swap is not None, tuple(sorted(h.codes))) for h in hints]
    # double before simple; of the same kind the pair without a swap first
    assert order[0] == ("double", True, ("R81", "R9"))
    assert {("simple", False, ("Y3", "Y7")), ("simple", False, ("R9", "Y3")), ("simple", True, ("R81", "Y3"))} <= set(order)
    ranks = [(kind != "double", swap) for kind, swap, _ in order]
    assert ranks == sorted(ranks)
    for action in first.actions:  # the hint's actions are legal one after the other
        assert g.check(action).ok
        g.apply(action)
    assert g.current_player == 0 and g.scores() == [4, 0]  # a double pair: the same player goes on


def test_greedy_bot_swaps_when_the_swap_scores_more():
    from chemgames.bots import GreedyBot, play_turn

    g = swap_hint_position()
    done = play_turn(g, GreedyBot(0))
    assert [a.kind for a in done[:2]] == ["wish", "pair"]  # the double pair that the swap makes
    assert g.log[1].explanation.rule == "ra.double_pair"


def test_greedy_bot_takes_a_direct_pair_when_a_swap_gains_nothing():
    from chemgames.bots import GreedyBot

    g = position(["W"], ["R9"], ["B25"], ["Y7"], ["Y3"], piles=[["G27"], []])  # W for G27 only makes a simple pair
    assert any(h.swap for h in g.hints())
    assert GreedyBot(0).choose(g).kind == "pair"


def test_greedy_bot_swaps_when_only_a_swap_makes_a_pair():
    from chemgames.bots import GreedyBot

    g = position(["W"], ["R9"], ["B25"], ["Y7"], piles=[["G27"]], players=1)
    assert not any(a.kind == "pair" for a in g.legal_actions())
    bot = GreedyBot(0)
    assert bot.choose(g).kind == "wish"


# The sheet: "der Spieler mit den meisten Karten auf seinem Ablagestapel gewinnt". The final account
# shows the cards each player took, by how they came onto the pile, and adds up to the score.
def test_final_account_lists_the_cards_each_player_took():
    g = position(["W"], ["R9"], ["G12"], ["G36"], ["Y7"], ["B25", "Y3"], piles=[["R81"], []], lang="de")
    take(g, "G12", "G36")  # double: player 1 goes on
    w = free_id(g, "W")
    r81 = next(i for i in g.wish_reach(0) if g.cards[i].code == "R81")
    g.apply(Action("raeumab", 0, "wish", (("wish", w), ("card", r81))))
    take(g, "R81", "R9")  # double (red, 9); R81 came back from the pile and is taken again
    take(g, "Y7", "Y3")  # simple: player 2 would move; B25 is alone, the game is over
    assert g.is_over and g.scores() == [7, 0]
    accounts = g.score_breakdown()
    assert [a.total for a in accounts] == g.scores()
    lines = [(line.label.render("de"), line.points, line.detail.render("de")) for line in accounts[0].lines]
    assert lines[0][:2] == ("Karten aus doppelt passenden Paaren", 4)
    assert all(card in lines[0][2] for card in ("grün ▲ 12", "grün ▲ 36", "rot ● 81", "rot ● 9"))
    assert lines[1][:2] == ("Karten aus einfach passenden Paaren", 2) and "gelb ◆ 7" in lines[1][2]
    assert lines[2] == ("Wunschkarten, auf den Stapel getauscht", 1, "dafür zurück in die Auslage: rot ● 81")
    assert len(lines) == 3 and accounts[0].sum_text() == "4 + 2 + 1 = 7"
    assert accounts[1].lines[0].points == 0 and accounts[1].sum_text() == "0"
    rows = g.view(None)["breakdown"]
    assert rows[0]["sum"] == "4 + 2 + 1 = 7" and rows[0]["lines"][2]["label"] == "Wunschkarten, auf den Stapel getauscht"


def test_final_account_counts_cards_laid_on_the_pile_before_the_game():
    g = position(["R9"], ["R16"], ["Y7"], piles=[["B27", "G64"], []])
    take(g, "R9", "R16")
    labels = [(line.label.render("en"), line.points) for line in g.score_breakdown()[0].lines]
    assert labels == [("cards from simple pairs", 2), ("on the pile before the game", 2)]


def test_german_explanations():
    g = position(["R12"], ["B18"], ["Y7"], lang="de")
    e = check(g, "R12", "B18")
    assert "ggT(12, 18) = 6" in "\n".join(e.lines) and "einfach passendes Paar" in e.title


def test_catalogs_have_the_same_keys():
    from importlib import resources

    folder = resources.files("chemgames.games.raeumab").joinpath("catalog")
    de = json.loads(folder.joinpath("de.json").read_text("utf-8"))
    en = json.loads(folder.joinpath("en.json").read_text("utf-8"))
    assert set(de) == set(en)


def test_a_swap_after_which_no_pair_is_left_is_refused():
    """"Bevor er ein Kartenpaar nimmt, darf der Spieler eine Wunschkarte ... tauschen": the swap comes
    before a pair, so a swap that leaves none (here the 2-forbidden card back: 8 and 10 share only 2)
    is refused, says which card would work, and changes nothing."""
    g = position(["W"], ["B10"], ["Y8"], piles=[["B27", "V2"], []])
    assert check(g, "Y8", "B10").ok
    w = free_id(g, "W")
    v2, b27 = (next(i for i in g.wish_reach(0) if g.cards[i].code == c) for c in ("V2", "B27"))
    before = g.digest()
    refusal = g.check(Action("raeumab", 0, "wish", (("wish", w), ("card", v2))))
    assert not refusal.ok and refusal.rule == "ra.wish_leaves_no_pair_but"
    assert "no matching pair" in refusal.title and "blue ■ 27" in refusal.title
    assert g.digest() == before
    assert [(a.get("wish"), a.get("card")) for a in g.legal_actions() if a.kind == "wish"] == [(w, b27)]


# The sheet: "Wenn es kein passendes Paar mehr gibt, dann ist das Spiel beendet" and "Bevor er ein
# Kartenpaar nimmt, darf der Spieler eine Wunschkarte mit einer der letzten sieben Karten seines
# Ablagestapels tauschen": a pair that a swap makes is a pair that can still be taken.
def swap_end_position(pile_of_player_2):
    return position(["W"], ["R9"], ["B25"], ["Y7"], ["Y3"], piles=[[], pile_of_player_2])


def test_the_game_goes_on_while_a_wish_swap_makes_a_pair():
    g = swap_end_position(["G64", "B27"])
    e = take(g, "Y7", "Y3")  # simple: player 2 moves; W, R9, B25 make no pair, but B27 would pair with R9
    assert not g.is_over and g.current_player == 1
    assert "player 2 may first swap a wish card" in e.lines[-1] and "27" in e.lines[-1]
    legal = g.legal_actions()
    assert legal and all(a.kind == "wish" for a in legal)
    b27 = next(i for i in g.wish_reach(1) if g.cards[i].code == "B27")
    assert [a.get("card") for a in legal] == [b27]  # G64 pairs with nothing: that swap is refused
    g.apply(next(a for a in legal))
    e = take(g, "B27", "R9")  # 27 and 9 share 3 and 9
    assert e.ok and g.scores() == [2, 4]  # G64, the wish card, B27 and R9
    pile = [g.cards[i].code for i in g.table()["piles"][1]]
    assert pile[:2] == ["G64", "W"] and sorted(pile[2:]) == ["B27", "R9"]


def test_the_swap_hint_says_which_card_pairs_without_a_pronoun():
    """s20f: "(z. B. gegen grün ▲ 27, das zu … passt)" (here blau ■ 27 and rot ● 9): "das" could be the
    wish card or the 27. The hint names the card fetched back twice: it and the free card make the pair
    (27 and 9 share 3 and 9)."""
    assert math.gcd(27, 9) > 1
    labels = {c.code: c.label() for c in deck()}
    said = {"de": "z. B. gegen {b}; dann bilden {b} und {r} ein Paar: das Spiel geht weiter",
            "en": "e.g. for {b}; then {b} and {r} make a pair: the game goes on"}
    for lang in ("de", "en"):
        g = position(["W"], ["R9"], ["B25"], ["Y7"], ["Y3"], piles=[[], ["G64", "B27"]], lang=lang)
        line = take(g, "Y7", "Y3").lines[-1]
        b27, r9 = labels["B27"].render(lang), labels["R9"].render(lang)
        assert said[lang].format(b=b27, r=r9) in line, line
        assert ", das " not in line and ", which " not in line


def test_the_game_ends_when_no_wish_swap_makes_a_pair_either():
    g = swap_end_position(["G64"])
    e = take(g, "Y7", "Y3")
    assert g.is_over and g.current_player is None
    assert "no wish-card swap makes one" in e.lines[-1] and "player 1: 2 cards" in e.lines[-1]


def test_only_the_player_to_moves_pile_counts_for_the_swap():
    g = position(["W"], ["R9"], ["B25"], ["Y7"], ["Y3"], piles=[["B27"], []])  # player 1 holds B27
    take(g, "Y7", "Y3")  # player 2 is to move and has nothing to swap
    assert g.is_over and g.scores() == [3, 0]


def test_every_number_pair_is_explained_with_its_own_factorisations_and_gcd():
    """The explanation is computed from the two numbers (a sample of all pairs of number cards)."""
    import itertools
    import math

    from chemgames.games.raeumab.pairs import pair_steps

    sup = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
    numbers = [c for c in deck() if c.kind == "number"]
    for a, b in itertools.combinations(numbers[::4], 2):
        for bans in (frozenset(), frozenset({2, 5})):
            kind, steps = pair_steps(a, b, bans)
            lines = [s.text("en") for s in steps]
            g = math.gcd(a.value, b.value)
            assert any(f"gcd({a.value}, {b.value}) = {g}" in line for line in lines)
            for step in steps[1:3]:  # the two factorisations multiply out to their numbers
                n, rhs = step.math.text.split(" = ")
                value = 1
                for part in rhs.split("·"):
                    digits = part.translate(sup)
                    base = "".join(ch for ch in part if ch.isdigit() and ch == ch.translate(sup))
                    exp = digits[len(base):] or "1"
                    value *= int(base) ** int(exp)
                assert value == int(n) and int(n) in (a.value, b.value)
            assert kind == (a.suit == b.suit) + (g > 1 and g not in bans)
