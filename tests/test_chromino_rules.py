"""Scenario tests for Chromino: one or more per rule of the sheet (seed 003) and of docs/rules/chromino.md.

The opening tile in most scenarios is red-yellow-green on the cells (-1, 0), (0, 0), (1, 0).
Colours: 0 red ●, 1 yellow ▲, 2 green ■, 3 blue ◆, 4 purple ★.
"""
from __future__ import annotations

import itertools
from typing import Any

import pytest

import chemgames
from chemgames import Action, IllegalAction, NothingToUndo, OptionError
from chemgames.games.chromino.layout import Layout
from chemgames.games.chromino.scoring import Sum, Term, points
from chemgames.games.chromino.tiles import COLOURS, TILES, VALUES, by_colours, colour_counts, generate, kind_counts

R, Y, G, B, P = range(5)


def tid(*colours: int) -> int:
    return by_colours(colours).id


OPENING = tid(R, Y, G)


def chromino(*hands: list[tuple[int, ...]], players: int | None = None, lang: str = "en", seed: int = 1,
             **options: Any):
    n = players or max(1, len(hands))
    return chemgames.new_game("chromino", players=n, seed=seed, lang=lang, start=OPENING,
                              hands=[[tid(*c) for c in h] for h in hands], **options)


def place(game, colours: tuple[int, ...], x: int, y: int, rot: int) -> Action:
    return Action("chromino", game.current_player, "place", (("tile", tid(*colours)), ("x", x), ("y", y), ("rot", rot)))


def simple(game, kind: str) -> Action:
    return Action("chromino", game.current_player, kind, ())


# ---------------------------------------------------------------- the 75 tiles
def test_75_tiles_generated_with_the_sheets_counts() -> None:
    assert len(TILES) == 75 == len({t.colours for t in TILES})
    assert kind_counts() == {"mono": 5, "aab": 20, "aba": 20, "abc": 30}
    for col in COLOURS:  # "jede der 5 Farben erscheint auf 35 Chromino: 1 + 8 + 8 + 18"
        assert colour_counts()[col.key] == {"mono": 1, "aab": 8, "aba": 8, "abc": 18, "all": 35}
    # no tile is the reverse of another
    assert all(t.colours[::-1] == t.colours or by_colours(t.colours[::-1]) == t for t in TILES)


@pytest.mark.parametrize("n", range(1, 8))
def test_tile_count_for_n_colours_is_n3_plus_n2_over_2(n: int) -> None:
    assert len(generate(n)) == (n**3 + n**2) // 2


def test_tile_values_by_kind() -> None:
    assert {t.kind: VALUES[t.id] for t in TILES} == {"mono": 1, "aab": 2, "aba": 3, "abc": 4}


# ---------------------------------------------------------------- set-up
@pytest.mark.parametrize("players", range(1, 9))
def test_eight_tiles_each_and_a_three_colour_opening_in_the_middle(players: int) -> None:
    g = chemgames.new_game("chromino", players=players, seed=players, lang="en")
    v = g.view(0)
    assert v["hand_sizes"] == [8] * players
    assert v["bag"] == 75 - 1 - 8 * players
    (opening,) = v["layout"]
    assert TILES[opening["tile"]].kind == "abc"
    assert sorted(g.layout.cells) == [(-1, 0), (0, 0), (1, 0)]
    assert g.current_player == 0


@pytest.mark.parametrize("players", [0, 9, True, "2"])
def test_player_count_refused(players: Any) -> None:
    with pytest.raises(OptionError):
        chemgames.new_game("chromino", players=players, seed=1)


def test_opening_must_be_three_colour() -> None:
    with pytest.raises(OptionError, match="three-colour"):
        chemgames.new_game("chromino", players=2, seed=1, lang="en", start=tid(R, R, Y))


# ---------------------------------------------------------------- placement
# The sheet: "Ein Chromino muss mindestens an zwei identischen Farbseiten eines bereits ausgelegten
# Chromino Kontakt haben." Sides (edges) are counted, not squares (RULE-FACTS, issue 14).
def test_two_matching_sides_lay_a_tile() -> None:
    g = chromino([(R, R, Y)], [(B, B, B)])
    e = g.apply(place(g, (R, R, Y), -2, 1, 0))
    assert e.ok and "2 connections: 2 sides touch the lay-out, all matching (squares touching: 2)" in str(e)
    assert g.layout.cells[(-1, 1)][0] == R and g.layout.cells[(0, 1)][0] == Y
    assert g.current_player == 1


def _corner_game(lang: str = "en", **options: Any):
    """Opening R-Y-G on (-1,0)…(1,0); player 1 lays Y-G-G across from (0,-1) (Y over Y, G over G):
    the green square at (1,0) then has green above its right neighbour's cell (2,-1) too."""
    g = chromino([(Y, G, G), (G, G, G)], [(G, B, P), (B, B, B)], lang=lang, **options)
    g.apply(place(g, (Y, G, G), 0, -1, 0))
    return g


def test_one_square_in_a_corner_touches_with_two_sides_and_is_legal() -> None:
    # "mindestens an zwei identischen Farbseiten ... Kontakt": G-B-P across from (2,0): its green
    # square touches the opening's green on its left and Y-G-G's green above: two sides, one square
    g = _corner_game()
    act = place(g, (G, B, P), 2, 0, 0)
    j = g.layout.judge(tid(G, B, P), 2, 0, 0)
    assert (j.sides, j.touching, j.ok) == (2, 1, True)
    assert {(c.square, c.side) for c in j.contacts} == {(0, "left"), (0, "up")}
    assert (tid(G, B, P), 2, 0, 0) in g.layout.placements([tid(G, B, P)])
    assert g.is_legal(act) and any(h.actions[0] == act for h in g.hints(50))
    e = g.apply(act)
    assert "2 connections: 2 sides touch the lay-out, all matching (squares touching: 1)" in str(e)
    assert g.layout.cells[(2, 0)][0] == G


def test_corner_explained_in_german() -> None:
    g = _corner_game(lang="de")
    e = g.apply(place(g, (G, B, P), 2, 0, 0))
    assert "2 Verbindungen: 2 Seiten berühren die Auslage" in str(e)
    assert str(e).count("Die Farben stimmen überein") == 2


def test_one_side_only_refused() -> None:
    g = chromino([(R, R, Y)], [(B, B, B)])
    before = g.digest()
    e = g.check(place(g, (R, R, Y), -3, 1, 2))  # Y R R: only the last R touches, with one side (the R above)
    assert not e.ok and e.rule == "ch.one_contact"
    assert "one side only" in e.title
    assert len(e.lines) == 1 and "colours match" in e.lines[0]
    with pytest.raises(IllegalAction):
        g.apply(place(g, (R, R, Y), -3, 1, 2))
    assert g.digest() == before


def test_no_contact_refused() -> None:
    g = chromino([(R, R, Y)], [(B, B, B)])
    assert g.check(place(g, (R, R, Y), 5, 5, 0)).rule == "ch.no_contact"


def test_overlap_refused() -> None:
    g = chromino([(R, R, Y)], [(B, B, B)])
    e = g.check(place(g, (R, R, Y), 0, 0, 1))
    assert e.rule == "ch.overlap" and "(0, 0)" in e.title


def test_more_connections_as_the_game_grows() -> None:
    # "Man kann oft zwischen 3, 4, 5 oder 6 Verbindungen wählen": a lay-out built by legal
    # placements only, where R-G-G fits into a notch with four sides
    g = chromino([(Y, G, G), (G, G, G), (G, R, B), (R, G, G)], players=1, scoring="contacts")
    for colours, x, y, rot in [((Y, G, G), 0, -1, 0), ((G, G, G), 1, -2, 0), ((G, R, B), 2, 0, 1)]:
        g.apply(place(g, colours, x, y, rot))
    e = g.apply(place(g, (R, G, G), 3, -1, 3))  # upright, read G G R downwards
    assert e.points == 4 and "4 connections: 4 sides touch the lay-out" in str(e)
    laid = [e.explanation.points for e in g.log]
    assert laid == [2, 2, 2, 4]  # Y-G-G and G-G-G with two squares, G-R-B in a corner, then the notch


def _side_layout() -> Layout:
    """Opening R Y G; a purple tile stands at x = 3 from y = 1 down; the slot x = 2, y = 0..2
    then has green on the left of its first square and purple on the right of the other two."""
    lay = Layout.opening(OPENING)
    lay.put(tid(P, P, P), 3, 1, 1, 0)
    return lay


@pytest.mark.parametrize("colours, x, y, rot, side", [
    ((R, Y, B), -1, -1, 0, "down"),    # above the opening: blue over green
    ((R, Y, B), -1, 1, 0, "up"),       # below the opening: blue under green
    ((B, P, P), 2, 0, 1, "left"),      # upright beside the opening: blue beside green
    ((G, P, B), 2, 0, 1, "right"),     # upright: blue beside purple
])
def test_a_clash_on_any_side_refused(colours: tuple[int, ...], x: int, y: int, rot: int, side: str) -> None:
    j = _side_layout().judge(tid(*colours), x, y, rot)
    assert j.reason == "clash"
    assert [c.side for c in j.clashes] == [side]
    assert j.sides >= 2  # enough contact, but a clash is a clash


def test_clash_explained_in_the_engine() -> None:
    g = chromino([(R, Y, B)], [(B, B, B)])
    e = g.check(place(g, (R, Y, B), -1, 1, 0))
    assert e.rule == "ch.clash"
    assert [line.endswith("clash") for line in e.lines] == [False, False, True]
    assert "■ green" in e.lines[2] and "◆ blue" in e.lines[2]


def test_upright_placement_fits_too() -> None:
    lay = _side_layout()
    j = lay.judge(tid(G, P, P), 2, 0, 1)
    assert j.ok and {c.side for c in j.contacts} == {"left", "right"}
    assert (tid(G, P, P), 2, 0, 1) in lay.placements([tid(G, P, P)])


def test_both_orientations_and_both_readings() -> None:
    g = chromino([(R, R, Y), (R, G, Y)], [(B, B, B)])
    fits = {(a.get("tile"), a.get("x"), a.get("y"), a.get("rot")) for a in g.legal_actions()}
    assert (tid(R, R, Y), -2, 1, 0) in fits      # across, read R R Y from the left
    assert (tid(R, G, Y), 0, -1, 2) in fits      # across, turned: read Y G R from the left
    lay = _side_layout()
    assert lay.judge(tid(G, P, P), 2, 0, 1).ok   # upright, read G P P downwards
    assert lay.judge(tid(R, P, P), 4, 2, 3).ok   # upright, turned: read P P R downwards
    assert not lay.judge(tid(R, P, P), 4, 2, 1).ok


def test_palindrome_turned_is_the_same_placement() -> None:
    g = chromino([(R, Y, R)], [(B, B, B)])
    e = g.check(place(g, (R, Y, R), -1, -1, 2))
    assert e.rule == "ch.same_turned"


def test_legal_placements_equal_a_brute_force_scan() -> None:
    import random
    rng = random.Random(11)
    g = chemgames.new_game("chromino", players=3, seed=11, lang="en")
    for _ in range(40):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    lay = g.layout
    x0, y0, x1, y1 = lay.bounds()
    brute = set()
    for tile in range(75):
        for x, y in itertools.product(range(x0 - 3, x1 + 2), range(y0 - 3, y1 + 2)):
            for rot in range(2 if TILES[tile].palindrome else 4):
                if lay.judge(tile, x, y, rot).ok:
                    brute.add((tile, x, y, rot))
    assert brute == set(lay.placements(range(75)))
    assert len(brute) > 20


def test_corner_placements_found_by_the_generator_as_by_brute_force() -> None:
    lay = _corner_game().layout
    brute = {(tile, x, y, rot) for tile in range(75) for x in range(-5, 5) for y in range(-5, 4)
             for rot in range(2 if TILES[tile].palindrome else 4) if lay.judge(tile, x, y, rot).ok}
    assert brute == set(lay.placements(range(75)))
    corners = {p for p in brute if lay.judge(*p).touching == 1}
    assert (tid(G, B, P), 2, 0, 0) in corners and len(corners) > 5


def test_placement_puzzle_counts_and_shows_every_way() -> None:
    g = chromino([(B, B, B)], players=1)
    e = g.puzzle(tid(R, R, Y))
    assert e.data["placements"] == [(-2, -1, 0), (-2, 1, 0)]
    assert e.title == "There are 2 ways to lay the tile ●red-●red-▲yellow."
    assert len(e.lines) == 2 and "(\u22122, 1)" in e.lines[1]


# ---------------------------------------------------------------- drawing and the variants
def _stuck(draw: str, seed: int, **options: Any):
    """A game whose first player holds only tiles that fit nowhere (blue/purple mono)."""
    return chemgames.new_game("chromino", players=2, seed=seed, lang="en", start=OPENING, draw=draw,
                              hands=[[tid(B, B, B), tid(P, P, P)]], hand_size=2, **options)


def test_who_can_place_may_not_draw() -> None:
    g = chromino([(R, R, Y)], [(B, B, B)])
    assert {a.kind for a in g.legal_actions()} == {"place"}
    e = g.check(simple(g, "draw"))
    assert e.rule == "ch.must_place"
    assert g.check(simple(g, "pass")).rule == "ch.must_place"


def test_draw_one_then_lay_it_or_pass_the_turn() -> None:
    outcomes = set()
    for seed in range(30):
        g = _stuck("one", seed)
        assert [a.kind for a in g.legal_actions()] == ["draw"]
        assert g.check(simple(g, "pass")).rule == "ch.draw_first"
        g.apply(simple(g, "draw"))
        if g.current_player == 0:
            assert {a.kind for a in g.legal_actions()} == {"place"}
            assert all(a.get("tile") == g.view(0)["hand"][-1]["id"] or a.get("tile") not in (tid(B, B, B), tid(P, P, P))
                       for a in g.legal_actions())
            outcomes.add("fits")
        else:
            assert g.view(0)["hand_sizes"][0] == 3 and g.view(0)["draws"] == [1, 0]
            outcomes.add("passed")
    assert outcomes == {"fits", "passed"}


def test_variant_1_draws_until_a_tile_fits() -> None:
    longest = 0
    for seed in range(20):
        g = _stuck("until_fit", seed)
        while g.legal_actions()[0].kind == "draw":
            g.apply(simple(g, "draw"))
            assert g.current_player == 0
        assert {a.kind for a in g.legal_actions()} == {"place"}
        longest = max(longest, g.view(0)["drawn"])
    assert longest >= 3


@pytest.mark.parametrize("limit", [3, 4, 5, 6])
def test_variant_2_draws_at_most_the_agreed_number(limit: int) -> None:
    ended_by_limit = False
    for seed in range(40):
        g = _stuck("limit", seed, draw_limit=limit)
        while g.current_player == 0 and g.legal_actions()[0].kind == "draw":
            g.apply(simple(g, "draw"))
        drawn = g.view(0)["draws"][0]
        assert drawn <= limit
        if g.current_player == 1:
            assert drawn == limit
            ended_by_limit = True
            assert "the turn passes" in str(g.log[-1].explanation)
    assert ended_by_limit


@pytest.mark.parametrize("draw", ["one", "until_fit", "limit"])
def test_a_drawn_tile_cannot_be_undone(draw: str) -> None:
    # "muss er so lange Steine aus dem Beutel nachziehen": a drawn tile is in the hand; the draw
    # revealed it, so it cannot be put back (as in Metallurgie and Chemuno)
    for seed in range(40):
        g = _stuck(draw, seed)
        g.apply(simple(g, "draw"))
        if g.current_player == 0:  # the turn goes on: the drawn tile fits, or another draw is allowed
            break
    else:  # pragma: no cover - the seeds above always give such a turn
        raise AssertionError("no turn went on after a draw")
    drawn = g.log[-1].explanation
    hand = [t["id"] for t in g.view(0)["hand"]]
    assert not g.can_undo() and g.view(0)["can_undo"] is False
    with pytest.raises(NothingToUndo):
        g.undo()
    assert [t["id"] for t in g.view(0)["hand"]] == hand and len(hand) == 3 and g.log[-1].explanation == drawn


@pytest.mark.parametrize("bad", [{"draw": "twice"}, {"draw_limit": 7}, {"draw_limit": 2}, {"open_hands": "yes"},
                                 {"scoring": "golf"}, {"hand_size": 9}])
def test_variants_are_fixed_options(bad: dict[str, Any]) -> None:
    with pytest.raises(OptionError):
        chemgames.new_game("chromino", players=2, seed=1, **bad)


def test_variant_3_open_hands() -> None:
    closed = chemgames.new_game("chromino", players=3, seed=4, lang="en")
    opened = chemgames.new_game("chromino", players=3, seed=4, lang="en", open_hands=True)
    assert closed.view(1)["open_tiles"] == {}
    assert set(opened.view(1)["open_tiles"]) == {"0", "2"}
    assert [t["id"] for t in opened.view(1)["open_tiles"]["0"]] == [t["id"] for t in opened.view(0)["hand"]]
    assert "hand" not in opened.view(None) and set(opened.view(None)["open_tiles"]) == {"0", "1", "2"}


def test_pass_only_with_an_empty_bag() -> None:
    g = _stuck("one", 0)
    g.s_bag.clear()  # a position late in the game: the bag is empty
    g._legal_cache = None
    assert [a.kind for a in g.legal_actions()] == ["pass"]
    assert g.check(simple(g, "draw")).rule == "ch.bag_empty"
    g.apply(simple(g, "pass"))
    assert g.current_player == 1


# ---------------------------------------------------------------- the end of the game
def test_last_tile_announced_and_laid_open() -> None:
    g = chromino([(R, R, Y), (P, P, P)], [(B, B, B), (B, B, P)], players=2, hand_size=2)
    assert g.view(1)["open_tiles"] == {}
    e = g.apply(place(g, (R, R, Y), -2, 1, 0))
    assert "Last tile! It lies open for everyone to see: ★purple-★purple-★purple" in str(e)
    assert [t["id"] for t in g.view(1)["open_tiles"]["0"]] == [tid(P, P, P)]


def test_the_round_is_played_to_its_end() -> None:
    g = chromino([(R, R, Y)], [(B, B, B)], [(P, P, P)], hand_size=1)
    e = g.apply(place(g, (R, R, Y), -2, 1, 0))
    assert "round is played to its end (2 more turns)" in str(e)
    assert not g.is_over and g.current_player == 1
    while g.current_player == 1:
        g.apply(g.legal_actions()[0])
    assert not g.is_over and g.current_player == 2
    while not g.is_over:
        assert g.current_player == 2
        g.apply(g.legal_actions()[0])
    assert g.winners() == [0] or g.winners() == [0, 2]
    assert "emptied the hand" in str(g.log[-1].explanation)


def test_tie_everyone_who_empties_the_hand_in_the_round_wins() -> None:
    g = chromino([(R, R, Y)], [(Y, G, B)], [(P, P, P)], hand_size=1)
    g.apply(place(g, (R, R, Y), -2, 1, 0))
    g.apply(place(g, (Y, G, B), 0, -1, 0))   # above the opening: Y over Y, G over G
    assert g.is_over is False and g.current_player == 2
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    assert g.winners()[:2] == [0, 1]


def test_last_player_of_the_round_ends_the_game_at_once() -> None:
    g = chromino([(B, B, B)], [(R, R, Y)], hand_size=1)
    while g.current_player == 0:
        g.apply(g.legal_actions()[0])
    acts = [a for a in g.legal_actions() if a.get("tile") == tid(R, R, Y)]
    assert acts
    g.apply(acts[0])
    assert g.is_over and g.winners() == [1]


def test_blocked_game_fewest_tiles_win() -> None:
    g = _stuck("one", 3)
    g.s_bag.clear()
    g.s_hands[1] = [tid(B, B, B)]
    g._legal_cache = None
    g.apply(simple(g, "pass"))
    e = g.apply(simple(g, "pass"))
    assert g.is_over and "nobody can lay a tile" in str(e)
    assert g.winners() == [1]


def test_solitaire_counts_draws() -> None:
    g = chemgames.new_game("chromino", players=1, seed=5, lang="en", draw="until_fit")
    while not g.is_over:
        g.apply(g.legal_actions()[0])
        assert g.current_player in (0, None)
    v = g.view(0)
    last = str(g.log[-1].explanation)
    if v["hand_sizes"] == [0]:
        assert g.winners() == [0] and f"Solitaire won with {v['draws'][0]} tiles drawn" in last
    else:
        assert g.winners() == [] and "Solitaire over" in last
    assert v["draws"][0] == sum(e.action.kind == "draw" for e in g.log)


# ---------------------------------------------------------------- scoring
def test_sheet_example_specialists_22_on_a_lay_out_a_game_reaches() -> None:
    # "C. ... Wenn die kurze Seite ... die kurze Seite eines anderen Chromino berührt, wird der Wert
    # der beiden Chromino multipliziert ... Bei Berührungen mit einer langen Seite ... addiert:
    # (4 × 4) + (4 + 2) = 22 Punkte". Every tile laid by a legal move: Y-G-G (value 2) above the
    # opening R-Y-G (value 4), then G-B-P (value 4) end to end with the opening, in the corner
    # under Y-G-G's long side.
    g = _corner_game(scoring="specialists")
    e = g.apply(place(g, (G, B, P), 2, 0, 0))
    assert e.points == 22 and "(4 × 4) + (4 + 2) = 22" in str(e)
    assert g.scores()[1] == 22
    j = _corner_game().layout.judge(tid(G, B, P), 2, 0, 0)
    s = points("specialists", j)
    assert s is not None and s.text == "(4 × 4) + (4 + 2) = 22" and s.total == 22 == s.plain
    assert "<mo>×</mo>" in s.mathml()


def _puzzle(*laid: tuple[tuple[int, ...], int, int, int]):
    """A one-player game that lays ``laid`` by legal moves on the opening R-Y-G."""
    g = chromino([c for c, *_ in laid], players=1)
    for colours, x, y, rot in laid:
        g.apply(place(g, colours, x, y, rot))
    return g


@pytest.mark.parametrize("laid, tile, ways, squares_only", [
    # "Kleine Denkaufgabe: Es gibt 7 Möglichkeiten dieses Chromino abzulegen"
    ([((R, R, Y), -2, -1, 0), ((R, G, Y), 0, 1, 2), ((R, R, R), -3, -2, 0)], (R, R, G), 7, 3),
    # "Es gibt 5 Möglichkeiten dieses Chromino abzulegen"
    ([((Y, G, G), 0, -1, 0), ((G, Y, P), -1, -2, 2)], (Y, R, G), 5, 1),
])
def test_sheet_puzzle_7_and_5_ways(laid: list, tile: tuple[int, ...], ways: int, squares_only: int) -> None:
    # the sheet's pictures are lost: these lay-outs, reached by legal moves, give its counts
    g = _puzzle(*laid)
    e = g.puzzle(tid(*tile))
    assert len(e.data["placements"]) == ways == len(e.lines)
    assert f"There are {ways} ways" in e.title
    judged = [g.layout.judge(tid(*tile), x, y, r) for x, y, r in e.data["placements"]]
    assert all(j.ok and j.sides >= 2 for j in judged)
    # the old reading (two squares must touch) would have left fewer: the corners make the count
    assert sum(j.touching >= 2 for j in judged) == squares_only


def test_specialists_long_sides_add() -> None:
    g = chromino([(R, R, Y)], [(B, B, B)], scoring="specialists")
    e = g.apply(place(g, (R, R, Y), -2, 1, 0))
    assert e.points == 2 + 4 and "(2 + 4) = 6" in str(e)
    assert g.scores() == [6, 0]


def test_mode_a_scores_the_tile_value_and_mode_b_the_touching_sides() -> None:
    a = chromino([(R, R, Y)], [(B, B, B)], scoring="tiles")
    assert a.apply(place(a, (R, R, Y), -2, 1, 0)).points == 2
    b = chromino([(R, R, Y)], [(B, B, B)], scoring="contacts")
    assert b.apply(place(b, (R, R, Y), -2, 1, 0)).points == 2
    assert "1 + 1 = 2" in str(b.log[-1].explanation)


@pytest.mark.parametrize("lang, words", [("en", ("Points for the tiles laid", "Tiles left in the hand")),
                                         ("de", ("Punkte für die gelegten Steine", "Übrige Steine auf der Hand"))])
def test_final_account_subtracts_the_tiles_left(lang: str, words: tuple[str, str]) -> None:
    # "Endabrechnung: Jeder Spieler addiert die Punkte, die er für jedes abgelegte Chromino erhalten
    # hat. Von dieser Summe zieht der Spieler den Wert der Chromino ab, die er nicht ablegen konnte."
    # player 1 lays two tiles, player 2 one between them; player 1's last tile ends the game at once
    # (the points modes: "Die Runde endet, wenn ein Spieler sein letztes Chromino ablegt")
    g = chromino([(R, R, Y), (R, R, G)], [(B, B, B), (Y, G, B)], scoring="tiles", hand_size=2, lang=lang)
    g.apply(place(g, (R, R, Y), -2, 1, 0))
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    assert [(e.player, e.action.kind) for e in g.log] == [(0, "place"), (1, "place"), (0, "place")]
    assert g.winners() == [0]
    laid = sum(e.explanation.points or 0 for e in g.log if e.player == 1 and e.action.kind == "place")
    left = sum(VALUES[t] for t in g.s_hands[1])
    assert laid == VALUES[tid(Y, G, B)] and left >= VALUES[tid(B, B, B)]
    assert g.scores()[1] == laid - left
    written = f"{laid} − {left} = {laid - left}".replace("= -", "= −")
    end = str(g.log[-1].explanation)
    account_lines = [line for line in end.splitlines() if written in line]
    assert account_lines and account_lines[0].rstrip().endswith(written)  # "118 − 4 = 114", not just the tiles left
    account = g.view(None)["breakdown"][1]
    assert account["sum"] == written and account["total"] == g.scores()[1]
    assert [line["label"] for line in account["lines"]] == list(words)
    assert [line["points"] for line in account["lines"]] == [laid, -left]
    assert "◆" in account["lines"][1]["detail"]
    winner = g.view(None)["breakdown"][0]  # an empty hand: nothing to subtract
    assert [line["points"] for line in winner["lines"]] == [g.scores()[0]] and winner["sum"] == str(g.scores()[0])


def test_family_game_account_counts_the_tiles_laid() -> None:
    g = chromino([(R, R, Y)], [(B, B, B), (Y, G, B)], hand_size=2)
    g.apply(place(g, (R, R, Y), -2, 1, 0))
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    rows = g.view(None)["breakdown"]
    assert [r["total"] for r in rows] == g.scores() == g.view(None)["laid"]
    assert rows[1]["lines"][0]["label"] == "Tiles laid" and f"{len(g.s_hands[1])} left" in rows[1]["lines"][0]["detail"]


def test_sum_is_evaluated_by_sympy() -> None:
    s = Sum((Term("*", 3, 4), Term("+", 1, 2), Term("+", 5)))
    assert str(s.expr.doit()) == "20" and s.total == s.plain == 20
    assert s.latex()


# ---------------------------------------------------------------- explanations in both languages
def test_explanations_in_german() -> None:
    g = chromino([(R, R, Y)], [(B, B, B)], lang="de")
    e = g.check(place(g, (R, R, Y), -3, 1, 2))
    assert "nur mit einer Seite" in e.title
    ok = g.apply(place(g, (R, R, Y), -2, 1, 0))
    assert "Die Farben stimmen überein" in str(ok)


def test_catalogs_have_the_same_keys() -> None:
    import json
    from importlib import resources
    folder = resources.files("chemgames.games.chromino").joinpath("catalog")
    de = json.loads(folder.joinpath("de.json").read_text("utf-8"))
    en = json.loads(folder.joinpath("en.json").read_text("utf-8"))
    assert set(de) == set(en)


def test_hints_rank_placements_and_bots_play_through_the_api() -> None:
    from chemgames.bots import GreedyBot, RandomBot, play_game
    g = chromino([(R, R, Y), (Y, G, B)], [(B, B, B)], scoring="tiles")
    hints = g.hints(5)
    assert hints and hints[0].points == max(h.points for h in hints)
    assert all(g.is_legal(h.actions[0]) for h in hints)
    for players in (1, 4, 8):
        g = chemgames.new_game("chromino", players=players, seed=players, lang="de")
        play_game(g, [GreedyBot(1) if p % 2 else RandomBot(p) for p in range(players)])
        assert g.is_over


@pytest.mark.parametrize("scoring", ["tiles", "contacts", "specialists"])
def test_points_modes_end_when_the_last_tile_is_laid(scoring: str) -> None:
    """The sheet's "Wertung": "Die Runde endet, wenn ein Spieler sein letztes Chromino ablegt, bzw.
    wenn kein Spieler mehr ein passendes Chromino ablegen kann." Playing for points, the game ends
    with the last tile laid: player 2, who would still be in the round, lays nothing more (the family
    game plays the round to its end: test_the_round_is_played_to_its_end)."""
    g = chromino([(R, R, Y), (R, R, G)], [(B, B, B), (Y, G, B)], scoring=scoring, hand_size=2, lang="de")
    g.apply(place(g, (R, R, Y), -2, 1, 0))
    g.apply([a for a in g.legal_actions() if a.kind == "place"][0])  # player 2 lays one tile
    e = g.apply([a for a in g.legal_actions() if a.kind == "place"][0])  # player 1's last tile
    assert g.is_over
    assert [(x.player, x.action.kind) for x in g.log] == [(0, "place"), (1, "place"), (0, "place")]
    assert "endet die Runde damit sofort" in str(e)
    assert g.winners() == [0] and "Übrige Steine" in str(g.view(None)["breakdown"])  # player 2's tiles left count
