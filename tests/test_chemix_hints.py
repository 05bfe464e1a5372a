"""ChemiX Classic hints and bots: noble gases are moves too, and a hint's value is the real change
of the mover's score (issue 14). Positions are arranged by moving real cards."""
from __future__ import annotations

import copy

from chemix_setup import arrange, new

import chemgames
from chemgames.bots import GreedyBot, RandomBot, play_turn


def _apply(game, hint):
    """``hint`` played on a deep copy of ``game``. The log's past entries are shared, not copied: the
    probe only appends to its own (copied) list, and deep-copying ~100 explained entries a turn made up
    two thirds of this file's time (18 of 29 s over two games, load 9)."""
    probe = copy.deepcopy(game, {id(entry): entry for entry in game.log})
    for a in hint.actions:
        probe.apply(a)
    return probe


def test_only_a_noble_gas_finishes_the_turn_and_the_hint_and_the_bot_use_it():
    """Sheet, step 4: "Falls dabei die maximale Anzahl von 3 Handkarten überschritten würde, muss
    eine Edelgaskarte eingesetzt werden (siehe Seite 7) oder der Zug rückgängig gemacht werden."

    Hand Ca, Fe, C; player 2's C2H2 on the table. Dissolving it and taking a "4" lays C2H4 (4
    points), but the "2" left over would be a fourth hand card: only a noble gas finishes the turn.
    """
    g = arrange(new(), hands={0: ["Ca", "Fe", "C"]}, table=[("C2H2", 1)])
    gas = g.s_nobles[0][0]
    hints = g.hints(10)
    assert hints and all(h.noble == gas for h in hints)
    best = hints[0]
    assert best.formulas == ("C2H4",) and best.dissolve == ("C2H2",)
    assert [a.kind for a in best.actions][-2:] == ["noble", "confirm"]
    before = g.scores()
    after = _apply(g, best)
    assert after.scores()[0] - before[0] == best.value == 4 - 3  # 4 points laid, a gas worth 3 given away
    assert after.scores()[1] - before[1] == 3 and gas in after.s_nobles[1]
    bot = GreedyBot(0)
    done = play_turn(g, bot)
    assert [a.kind for a in done if a.kind in ("noble", "pass")] == ["noble"]
    assert "C2H4" in [c["formula"] for c in g.s_table]


def test_a_noble_gas_is_not_hinted_when_the_turn_earns_less_than_the_gas():
    """A noble gas counts 3 at the end ("Jede Edelgas-Karte zählt 3 Pluspunkte"): a turn that
    needs one and earns less than 3 is not hinted, and the greedy bot passes."""
    g = arrange(new(), hands={0: ["Ca", "Na", "P"]}, table=[("Fe2O3", 1)])
    assert g.hints(10) == []  # FeO, CaO, O2 or O3 (2 points each) would all cost the gas
    play_turn(g, GreedyBot(0))
    assert g.log[-1].action.kind == "pass" and g.s_nobles[0]


def test_a_turn_under_way_can_be_finished_with_a_noble_gas():
    g = arrange(new(), hands={0: ["Ca", "Fe", "C"]}, table=[("C2H2", 1)])
    for a in g.hints(1)[0].actions[:-2]:  # everything but the noble gas and the confirmation
        g.apply(a)
    assert g._overflow() == 1
    finish = g.hints(5)
    assert finish and finish[0].formulas == () and [a.kind for a in finish[0].actions] == ["noble", "confirm"]
    assert _apply(g, finish[0]).scores()[0] - g.scores()[0] == finish[0].value


def test_hint_value_is_the_real_change_of_the_score_refill_included():
    """Sheet, step 7: "Die Person am Zug darf (aber muss nicht) ihre Handkarten vom Nachziehstapel
    ... wieder auf 3 ergänzen", and "Jede Handkarte ... zählt 1 Punkt minus": a drawn card counts."""
    checked = nobles = refills = 0
    for seed in range(8):
        players = 2 + seed % 3
        g = chemgames.new_game("chemix", players=players, seed=seed, lang="en")
        bots = [GreedyBot(seed + p) if p % 2 == 0 else RandomBot(seed + p) for p in range(players)]
        while not g.is_over:
            p = g.current_player
            for h in g.hints(4):
                after = _apply(g, h)
                assert after.scores()[p] - g.scores()[p] == h.value, str(h)
                checked += 1
                nobles += h.noble is not None
                refills += dict(h.actions[-1].params)["refill"]
            play_turn(g, bots[p])
    assert checked > 200 and nobles > 0 and refills > 0


def test_the_widget_shows_that_a_hinted_turn_uses_a_noble_gas():
    from chemgames.widgets import ChemiXWidget

    g = chemgames.new_game("chemix", players=2, seed=1, lang="en", hands=[["Ca", "Fe", "C"]], table=[["C2H2", 1]],
                           starter=0)
    steps = ChemiXWidget(copy.deepcopy(g), seats=["human", "human"], open_hands=True)  # students: prepares
    w = ChemiXWidget(g, seats=["human", "human"], open_hands=True, build="whole")  # a teacher's one click
    w.receive({"type": "hint"})
    gas = g.s_nobles[0][0]
    assert w.hints[0]["formula"] == f"C2H4 · \u2726 {gas}" and w.hints[0]["noble"] == gas
    steps.receive({"type": "hint"})
    steps.receive({"type": "hint_play", "index": 0})
    assert steps.view["goal"]["noble"] == gas and steps.view["goal"]["formulas"] == ["C2H4"]
    assert not steps.game.can_undo()  # nothing played: the guide names the gas for the end of the turn
    w.receive({"type": "hint_play", "index": 0})
    assert gas in g.s_nobles[1] and g.s_noble_used  # the player confirms the turn herself
