"""Das Chemie-Kartenspiel widget, Python side (no browser): what the screen shows agrees with the
move Python holds."""
from __future__ import annotations

import random

import chemgames
from chemgames.widgets import ChemieKartenWidget

HAND = ["Cu", "F", "F", "Fe", "O", "O", "Cl"]


def _widget(hand=HAND, seats=("human", "greedy"), lang="de"):
    g = chemgames.new_game("chemiekarten", players=len(seats), seed=3, lang=lang, dealer=len(seats) - 1,
                           hands=[hand])
    return ChemieKartenWidget(g, seats=list(seats), open_hands=False)


def _act(w, kind, **params):
    w.receive({"type": "act", "version": w.version,
               "action": {"game": "chemiekarten", "player": w.game.current_player, "kind": kind, "params": params}})


def _balance(expl):
    """The charge of each element in the explanation's charge-balance equation (its last one)."""
    found = None
    for step in expl["steps"] if expl else []:
        math = step.get("math") or {}
        if "terms" in math:
            found = {label: q for label, _, q in math["terms"]}
    return found


def _screen(w):
    """What the student sees: charge buttons pressed (from ``charges_in_use``), the prepared
    move's equation, the panel's equation."""
    stage = w.view.get("stage") or {}
    buttons = {s: c["charge"] for s, c in (stage.get("charges_in_use") or {}).items()
               if len(w.cards[s]["charges"]) > 1}
    return stage, buttons, _balance(stage.get("verdict")), _balance(w.panel.get("last"))


def test_cu_and_f_the_buttons_the_prepared_move_and_the_panel_show_one_charge():
    # issue 18: with Cu + F chosen the prepared move counted Cu +1, the panel said
    # 1·(+2)Cu + 1·(−1)F = +1, and no charge button was pressed. Sheet: "Hat ein Element mehrere
    # Ladungen, muss sich zuerst für eine Ladung entschieden werden, diese gilt dann für alle Karten
    # dieses Elements in dieser Verbindung."
    w = _widget()
    _act(w, "select", card="Cu")
    _act(w, "select", card="F")
    stage, buttons, prepared, panel = _screen(w)
    assert stage["charges_in_use"]["Cu"] == {"charge": 1, "by": "engine"}
    assert buttons == {"Cu": 1} and prepared == {"Cu": 1, "F": -1} and panel == prepared
    _act(w, "charge", element="Cu", charge=2)  # the student fixes +2: all three follow
    stage, buttons, prepared, panel = _screen(w)
    assert stage["charges_in_use"]["Cu"] == {"charge": 2, "by": "player"}
    assert buttons == {"Cu": 2} and prepared["Cu"] == 2 and panel["Cu"] == 2
    assert not stage["verdict"]["ok"]
    _act(w, "select", card="F")  # CuF2 balances with the fixed +2
    stage, buttons, prepared, panel = _screen(w)
    assert stage["verdict"]["ok"] and buttons == {"Cu": 2} and prepared == panel == {"Cu": 2, "F": -1}
    _act(w, "deselect", card="F")  # back to CuF with the student's +2: the panel says it again
    _, buttons, prepared, panel = _screen(w)
    assert buttons == {"Cu": 2} and prepared == panel == {"Cu": 2, "F": -1}


def test_random_steps_never_let_buttons_prepared_move_and_panel_disagree():
    hands = [HAND, ["Fe", "Fe", "O", "O", "O", "S", "Cl"], ["Cu", "Cu", "O", "S", "O", "O", "O"]]
    checked = 0
    for seed in range(30):
        rng = random.Random(seed)
        w = _widget(hands[seed % len(hands)])
        for _ in range(12):
            legal = [a for a in w.game.legal_actions()
                     if a.kind in ("select", "deselect", "charge", "combine", "release", "clear")]
            a = rng.choice(legal)
            _act(w, a.kind, **dict(a.params))
            stage, buttons, prepared, panel = _screen(w)
            if not stage.get("free"):
                continue
            in_use = {s: c["charge"] for s, c in stage["charges_in_use"].items()}
            assert set(in_use) == {c["symbol"] for c in stage["free"]}
            fixed = stage["charges"]
            assert all(in_use[s] == q for s, q in fixed.items())  # a fixed charge is the one in use
            if panel is not None:  # the last step's running balance: the stage after that step
                assert {s: q for s, q in panel.items() if s in in_use} == in_use, (seed, a)
            if prepared is not None:
                assert {s: q for s, q in prepared.items() if s in in_use} == in_use, (seed, a)
                checked += 1
    assert checked > 50


def _hand_ids(w, symbol):
    return [c["id"] for c in w.view["hand"] if c["symbol"] == symbol]


def test_the_card_chosen_is_the_card_ticked():
    # issue 18: choosing the 2nd H and the 1st O ticked the 3rd H and the 3rd O
    w = _widget(["H", "H", "H", "O", "O", "O", "Cl"])
    h2, o1 = _hand_ids(w, "H")[1], _hand_ids(w, "O")[0]
    _act(w, "select", card="H", id=h2)
    _act(w, "select", card="O", id=o1)
    assert [c["id"] for c in w.view["stage"]["free"]] == [h2, o1]
    assert w.panel["notice"] is None
    _act(w, "deselect", card="H", id=h2)
    assert [c["id"] for c in w.view["stage"]["free"]] == [o1]
    # a card that is not free in the hand (or of another kind) is refused and changes nothing
    for bad in ({"card": "O", "id": o1}, {"card": "H", "id": o1}, {"card": "H", "id": 10_000}, {"card": "H", "id": True}):
        before = w.game.to_json()
        _act(w, "select", **bad)
        assert w.panel["notice"]["kind"] == "refused" and w.game.to_json() == before
    _act(w, "deselect", card="O", id=_hand_ids(w, "O")[1])  # not the chosen O
    assert w.panel["notice"]["kind"] == "refused" and [c["id"] for c in w.view["stage"]["free"]] == [o1]


def test_attack_hints_name_the_compound_and_its_owner_and_play():
    # issue 18: twelve buttons named "☢ Angriff"; hint buttons must say what they do
    g = chemgames.new_game("chemiekarten", players=2, seed=3, lang="de", dealer=1,
                           hands=[["U", "O", "O", "O"]], table=[["FeCl2", 1], ["NaCl", 1]])
    w = ChemieKartenWidget(g, seats=["human", "greedy"])
    for s in ("U", "O", "O", "O"):
        _act(w, "select", card=s)
    _act(w, "confirm")
    assert g.s_phase == "attack"
    w.receive({"type": "hint", "version": w.version})
    assert [(h["formula"], h["owner"], h["plays"]) for h in w.hints] == [("FeCl₂", 1, True), ("NaCl", 1, True)]
    w.receive({"type": "hint_play", "index": 0, "version": w.version})  # "Spielen": the attack is made
    assert [c["formula"] for c in g.view(None)["table"] if c["owner"] == 1] == ["NaCl"]


def test_build_hints_prepare_and_name_their_compound():
    w = _widget(["H", "H", "O", "Fe", "O", "Cl", "Cl"])
    w.receive({"type": "hint", "version": w.version})
    assert w.hints and all(not h["plays"] and "owner" not in h for h in w.hints)
    assert len({h["formula"] for h in w.hints}) == len(w.hints)  # each button names its own compound
    assert all(not any(ch in "0123456789" for ch in h["formula"]) for h in w.hints)  # subscripts, not digits
    w.receive({"type": "hint_play", "index": 0, "version": w.version})  # "Vorbereiten": prepared, not laid
    assert w.view["stage"]["free"] and w.view["stage"]["verdict"]["ok"] and not w.game.view(None)["table"]


def test_release_names_the_combination_with_subscripts():
    w = _widget(["S", "O", "O", "O", "O", "Fe", "Cl"])
    combine = next(a for a in w.game.legal_actions() if a.kind == "combine" and a.get("formula") == "[SO4]2-")
    _act(w, "combine", **dict(combine.params))
    _act(w, "release", formula="[SO4]2-")
    assert w.panel["last"]["title"] == "Kombination [SO₄]²⁻ wieder aufgelöst."


BOT_HAND = ["U", "O", "O", "O", "He", "Ar", "Ne"]  # the greedy bot lays UO₃ (radioactive) and attacks


def _bots_turn(w):
    for _ in range(20):
        if w.game.current_player == 0 or w.game.is_over:
            return
        w.receive({"type": "bot", "version": w.version})


def test_after_the_bots_turn_the_student_sees_what_was_destroyed_and_the_points_lost():
    # the sheet: radioactive cards allow attacks on other players' compounds; a compound without
    # protection is destroyed, so its owner's score drops: the widget says so, not only the log
    g = chemgames.new_game("chemiekarten", players=2, seed=3, lang="de", dealer=1,
                           hands=[["H", "H", "S", "Cl", "Cl", "Na", "Na"], BOT_HAND], table=[["FeCl2", 0]])
    w = ChemieKartenWidget(g, seats=["human", "greedy"])
    assert "changes" not in w.view
    before = g.scores()[0]
    _act(w, "skip")
    _bots_turn(w)
    changes = w.view["changes"]
    assert [(e["formula"], e["result"], e["by"]) for e in changes["events"]] == [("FeCl₂", "destroyed", 1)]
    assert changes["lost"] == before - g.scores()[0] == 6
    assert changes["text"] == ("Spieler 2 hat deine Verbindung FeCl₂ mit einem radioaktiven Angriff zerstört: "
                               "du verlierst 6 Punkte. Ihre 3 Karten kommen in den Stapel zurück. "
                               "Seit deinem letzten Zug: −6 Punkte.")
    w.set_lang("en")
    assert w.view["changes"]["text"].startswith("Player 2 destroyed your compound FeCl₂")
    _act(w, "select", card="H")  # kept while the student builds the next move
    assert w.view["changes"]["lost"] == 6
    _act(w, "skip")  # the student's turn is over: nothing new happened to her since
    _bots_turn(w)
    assert "changes" not in w.view or all(e["target"] != 1 for e in w.view["changes"]["events"])


def test_a_protected_compound_is_marked_as_hit_without_points_lost():
    # the sheet: an extra Protomaterie protects a compound once
    g = chemgames.new_game("chemiekarten", players=2, seed=3, lang="de", dealer=1,
                           hands=[["H", "H", "O", "Proto", "Cl", "Na", "Na"], BOT_HAND])
    w = ChemieKartenWidget(g, seats=["human", "greedy"])
    for s in ("H", "H", "O"):
        _act(w, "select", card=s)
    _act(w, "protect")
    _act(w, "confirm")
    _bots_turn(w)
    events = w.view["changes"]["events"]
    assert [(e["formula"], e["result"], e["points"]) for e in events] == [("H₂O", "proto", 0)]
    assert w.view["changes"]["lost"] == 0 and "Protomaterie hat den Angriff abgefangen" in w.view["changes"]["text"]
    assert g.scores()[0] == 3


def test_a_paying_card_taken_back_is_the_card_clicked():
    # the sheet: artificial elements are paid with hand cards (Tc: 4 points, two Cl of 2 points)
    w = _widget(["Tc", "O", "O", "Cl", "Cl", "Fe", "Fe"])
    _act(w, "select", card="Tc")
    _act(w, "pay", card="Cl")
    _act(w, "pay", card="Cl")
    paying = [c["id"] for c in w.view["stage"]["payment"]]
    assert sorted(paying) == sorted(_hand_ids(w, "Cl")) and w.view["stage"]["price_open"] == 0
    _act(w, "unpay", card="Cl", id=paying[0])  # the first one, not the one paid last
    assert [c["id"] for c in w.view["stage"]["payment"]] == paying[1:]
    _act(w, "unpay", card="Cl", id=paying[0])  # no longer paying: refused, nothing changes
    assert w.panel["notice"]["kind"] == "refused" and [c["id"] for c in w.view["stage"]["payment"]] == paying[1:]
