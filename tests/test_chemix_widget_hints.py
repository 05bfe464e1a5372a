"""ChemiX Classic: hints are complete legal turns; the widget's messages (Python side, no browser)."""
from __future__ import annotations

import copy

import chemgames
from chemgames.bots import GreedyBot, RandomBot, play_game, play_turn
from chemgames.games.chemix.hints import formable_now
from chemgames.widgets import ChemiXWidget, play_chemix


def test_every_hint_is_a_complete_legal_turn():
    for seed in range(3):
        g = chemgames.new_game("chemix", players=2 + seed % 3, seed=seed, lang="en")
        bot = GreedyBot(seed)
        turns = 0
        while not g.is_over and turns < 10:
            hints = g.hints(3)
            assert [h.value for h in hints] == sorted((h.value for h in hints), reverse=True)
            for h in hints:
                probe = copy.deepcopy(g)
                p = probe.current_player
                for a in h.actions:
                    probe.apply(a)
                assert probe.current_player != p or probe.is_over  # the turn is over
                assert h.actions[-1].kind == "confirm"
                assert set(h.formulas) <= set(probe.log[-1].explanation.data["laid"])
            play_turn(g, bot)
            turns += 1


def test_formable_now_lists_what_a_turn_could_lay():
    g = chemgames.new_game("chemix", players=2, seed=0, lang="en")
    now = formable_now(g)
    assert "CaCO3" in now  # Ca, C, O in the hand and a "3" on its stack
    for h in g.hints(10):
        assert set(h.formulas[:1]) <= set(now)


def test_bots_finish_games_and_greedy_beats_random_on_average():
    greedy = random_ = 0
    for seed in range(6):
        g = chemgames.new_game("chemix", players=2, seed=seed, lang="en")
        gi = seed % 2  # the greedy bot's seat alternates
        bots = [GreedyBot(seed), RandomBot(seed)] if gi == 0 else [RandomBot(seed), GreedyBot(seed)]
        play_game(g, bots)
        assert g.is_over
        greedy += g.scores()[gi]
        random_ += g.scores()[1 - gi]
    assert greedy > random_


def _act(w, kind, **params):
    g = w.game
    w.receive({"type": "act", "action": {"game": "chemix", "player": g.current_player, "kind": kind, "params": params}})


def test_widget_forms_undoes_and_takes_back_the_turn():
    g = chemgames.new_game("chemix", players=2, seed=0, lang="en")
    w = ChemiXWidget(g, seats=["human", "human"], open_hands=True)
    _act(w, "take", multiplier="3")
    for card in ("C.1", "Ca.1", "O.3"):
        _act(w, "play", card=card)
    _act(w, "form", layout=["Ca", "C", "O", "3"])
    assert [c["formula"] for c in w.view["table"]] == ["CaCO3"] and w.panel["last"]["ok"]
    w.receive({"type": "undo"})
    assert w.view["table"] == [] and len(w.view["free"]) == 4
    w.receive({"type": "undo_turn"})
    assert w.view["free"] == [] and not g.can_undo() and len(w.view["hand"]) == 3
    w.receive({"type": "undo_turn"})
    assert w.panel["notice"]["rule"] == "err.nothing_to_undo"
    _act(w, "form", layout=["O", "O"])
    assert w.panel["notice"]["kind"] == "refused" and "O2" in w.panel["notice"]["title"]


def test_widget_hides_hands_and_refuses_forged_messages():
    w = play_chemix(players=2, bots=None, seed=3, lang="de")
    assert "hand" not in w.view and w.hands == []
    p = w.game.current_player
    w.receive({"type": "act", "action": {"game": "chemix", "player": p, "kind": "pass", "params": {}}})
    assert w.panel["notice"]["rule"] == "err.claim_first" and len(w.game.log) == 0
    w.receive({"type": "claim", "seat": p})
    assert w.view["hand"] == w.game.view(p)["hand"]
    w.receive({"type": "act", "action": {"game": "chemix", "player": 1 - p, "kind": "pass", "params": {}}})
    assert w.panel["notice"]["rule"] == "err.forged"
    w.receive({"type": "undo_turn", "extra": 1})
    assert w.panel["notice"]["rule"] == "err.malformed"
    w.receive({"type": "act", "action": {"game": "chemix", "player": p, "kind": "pass", "params": {}}})
    assert len(w.game.log) == 1 and w.seat is None and "hand" not in w.view


def test_widget_bot_turn_and_hints():
    w = play_chemix(players=2, bots=["greedy"], seed=1, lang="en")
    if w.game.current_player == 1:
        w.bot_turn()
    assert w.game.current_player == 0
    assert w.view["formable"] == []
    w.receive({"type": "hint"})
    assert w.hints and all("formula" in h and "points" in h for h in w.hints)
    assert set(w.hints[0]["formula"].split(" + ")[:1]) <= set(w.view["formable"])
    w.receive({"type": "hint_play", "index": 0})
    assert not w.game.can_undo() and w.view["goal"]["formulas"]  # prepared: the player lays the cards


def test_one_click_building_brings_the_cards_and_forms_it():
    """build="whole": the teacher's one-click building, kept as an explicit choice."""
    g = chemgames.new_game("chemix", players=2, seed=0, lang="en")
    w = ChemiXWidget(g, seats=["human", "human"], open_hands=True, build="whole")
    w.receive({"type": "prepare", "formula": "CaCO3"})  # Ca, C, O from the hand, a "3" from its stack
    assert [c["formula"] for c in w.view["table"]] == ["CaCO3"] and w.panel["last"]["ok"]
    assert sorted(e.action.kind for e in g.log) == ["form", "play", "play", "play", "take"]
    w.receive({"type": "undo_turn"})
    before = g.digest()
    w.receive({"type": "prepare", "formula": "H2SO4"})  # cards missing: refused, nothing changed
    assert w.panel["notice"]["kind"] == "refused" and "H2SO4" in w.panel["notice"]["title"]
    assert g.digest() == before and g.log == []


def _steps_widget(**position):
    g = chemgames.new_game("chemix", players=2, seed=0, lang="de", **position)
    return ChemiXWidget(g, seats=["human", "greedy"])


def test_a_display_card_prepares_step_by_step_and_changes_nothing():
    """Lernziel 1 of the lesson: "H₂O = H + „2“ + O". A click on the compound card only prepares it:
    the game is unchanged, the view names each card in the order of the formula and where it is."""
    w = _steps_widget(hands=[["H", "O", "C"], None], starter=0)
    before = w.game.digest()
    w.receive({"type": "prepare", "formula": "H2O"})
    assert w.game.digest() == before and w.game.log == [] and w.panel["notice"] is None
    goal = w.view["goal"]
    assert goal["formulas"] == ["H2O"] and goal["layout"] == ["H", "2", "O"]
    assert [(s["face"], s["source"]) for s in goal["steps"]] == [("H", "hand"), ("2", "stack"), ("O", "hand")]
    # the player lays each card herself: the plan follows the cards
    h = goal["steps"][0]["card"]
    _act(w, "play", card=h)
    assert [s["source"] for s in w.view["goal"]["steps"]] == ["free", "stack", "hand"]
    assert w.view["goal"]["steps"][0]["card"] == h
    _act(w, "take", multiplier="2")
    _act(w, "play", card=w.view["goal"]["steps"][2]["card"])
    assert [s["source"] for s in w.view["goal"]["steps"]] == ["free", "free", "free"]
    _act(w, "form", layout=["H", "2", "O"])
    assert w.view["goal"]["formulas"] == [] and w.view["goal"]["laid"] == ["H2O"]
    _act(w, "confirm", refill=False)
    assert w.view["goal"] is None  # the turn has passed


def test_prepare_refuses_a_laid_compound_and_can_be_forgotten():
    w = _steps_widget(hands=[["H", "O", "C"], None], table=[["H2O", 1]], starter=0)
    w.receive({"type": "prepare", "formula": "H2O"})
    assert w.panel["notice"]["kind"] == "refused" and w.view["goal"] is None
    w.receive({"type": "prepare", "formula": "CO2"})
    assert w.view["goal"]["formulas"] == ["CO2"]
    w.receive({"type": "prepare", "formula": None})
    assert w.view["goal"] is None


def test_hint_buttons_prepare_for_students_and_play_only_when_named_so():
    w = _steps_widget()
    if w.game.current_player == 1:
        w.bot_turn()
    w.receive({"type": "hint"})
    assert w.hints and not any(h["plays"] for h in w.hints)  # "Vorbereiten"
    first = w.hints[0]
    before = w.game.digest()
    w.receive({"type": "hint_play", "index": 0})
    assert w.game.digest() == before and not w.game.can_undo()  # nothing played
    assert w.view["goal"]["formulas"] == first["formulas"] and w.view["goal"]["dissolve"] == first["dissolve"]
    # a teacher's one-click widget names its hint buttons "Spielen" and lays the cards
    t = play_chemix(players=2, bots=["greedy"], seed=0, build="whole")
    if t.game.current_player == 1:
        t.bot_turn()
    t.receive({"type": "hint"})
    assert all(h["plays"] for h in t.hints)
    t.receive({"type": "hint_play", "index": 0})
    assert t.game.can_undo() and t.game.current_player == 0


def test_no_hint_notice_speaks_of_chemix_not_of_another_game():
    w = _steps_widget(hands=[["Fe", "Ca", "Na"], None], starter=0)  # three metals: no compound
    w.receive({"type": "hint"})
    assert w.hints == [] and w.panel["notice"]["rule"] == "ui.cx_no_hints"
    assert "4 Karten" not in w.panel["notice"]["title"] and "passen" in w.panel["notice"]["title"]


def test_after_the_others_turn_the_view_names_what_happened_to_the_human():
    """The sheet: a dissolved compound's card goes to its owner ("Die Verbindungskarte … geht … an die
    Person, die sie gelegt hat"). After the others' turn the view names it, and who did it."""
    g = chemgames.new_game("chemix", players=2, seed=1, lang="de", hands=[["C", "N", "P"], ["H", "Cl", "Fe"]],
                           table=[["CO", 0]], nobles=["Ar", "He"], starter=0)
    w = ChemiXWidget(g, seats=["human", "greedy"])
    assert w.view["since"] is None
    _act(w, "pass")
    h, cl = [i for i in g.view(1)["hand"] if g.face(i) in ("H", "Cl")]
    for kind, params in [("dissolve", {"compound": "CO"}), ("play", {"card": h}), ("play", {"card": cl}),
                         ("form", {"layout": ["H", "Cl"]})]:
        w.apply({"game": "chemix", "player": 1, "kind": kind, "params": params})
        assert w.view["since"] is None  # not yet: the human is not to move
    w.apply({"game": "chemix", "player": 1, "kind": "confirm", "params": {"refill": False}})
    since = w.view["since"]
    assert since == {"laid": [{"formula": "HCl", "owner": 1}], "taken": [{"formula": "CO", "by": 1}], "nobles": []}
    assert g.s_won[0] == ["CO"]  # the card counts for the human, as the summary says
    _act(w, "pass")
    assert w.view["since"] is None  # the human's turn is over: the summary goes


def test_formulas_in_sentences_get_subscripts_and_nothing_else(tmp_path):
    """The log and the explanation headlines: "Fe2O3 wird gelegt" -> "Fe₂O₃ wird gelegt", while
    "Spieler 2", '"2"', "34,08 g/mol" and "Z = 16" keep their digits (widgets/chemix.js ``cxText``)."""
    import json
    import shutil
    import subprocess
    from pathlib import Path

    import pytest

    from chemgames.widgets.frontend import esm

    if not shutil.which("node"):
        pytest.skip("node is not installed")
    bundle = tmp_path / "chemix.mjs"
    bundle.write_text(esm("chemix"))
    subprocess.run(["node", "--check", str(bundle)], check=True)  # the linked module is valid
    module = Path(__file__).resolve().parents[1] / "widgets" / "chemix.js"
    texts = ["Fe2O3 (Eisen(III)-oxid) wird gelegt.", "Spieler 2: CH3COOH", 'H2O = H + "2" + O',
             "M = 2 · 1,01 + 16,00 = 18,02 g/mol", "S (Element, Z = 16)", "Na2SO4, H2O2 und NaCl"]
    script = f"import({json.dumps(module.as_uri())}).then(m => console.log(JSON.stringify({json.dumps(texts)}.map(m.cxText))))"
    out = json.loads(subprocess.run(["node", "-e", script], check=True, capture_output=True, text=True).stdout)
    assert out == ["Fe₂O₃ (Eisen(III)-oxid) wird gelegt.", "Spieler 2: CH₃COOH", 'H₂O = H + "2" + O',
                   "M = 2 · 1,01 + 16,00 = 18,02 g/mol", "S (Element, Z = 16)", "Na₂SO₄, H₂O₂ und NaCl"]
