"""A kept card is a secret. The sheet (000, "Chemuno"): "Alle erhalten je 7 Karten verdeckt auf die
Hand" and "Wer nichts Passendes legen kann, muss eine Karte aufnehmen. Falls sie passt, darf sie
sofort gelegt werden." The drawn card goes face down into the hand: only the drawer may read which
card it is and whether it fits; the others read "draws a card" and "keeps the card drawn".

Every path a secret can take is searched for the card's id and its formula: ``view(other)``, the
spectator's view, the log entries and their explanations, and the widget's traits (another seat,
hot-seat with no seat claimed, a bot's keep on a human's screen).
"""
from __future__ import annotations

import json

import chemgames
from chemgames import Action
from chemgames.widgets import ChemunoWidget

# NaCl is laid; the second player holds nothing with Na or Cl and draws
HANDS = (["NaCl", "Fe.1", "S.1"], ["H2O", "CO", "N2"], ["P.1", "CH4", "x3.1"])
FITS, NO_FIT = "CaCl2", "H2S"          # CaCl2 shares Cl with NaCl, H2S shares nothing
SHOWN = {"CaCl2": "CaCl₂", "H2S": "H₂S"}


def game(drawn: str, players: int = 3, lang: str = "en"):
    return chemgames.new_game("chemuno", players=players, seed=3, lang=lang, starter=0,
                              hands=[list(h) for h in HANDS[:players]], draw_top=[drawn])


def act(g, kind, **params):
    return Action("chemuno", g.current_player, kind, tuple(params.items()))


def draw_and_keep(g):
    g.apply(act(g, "play", card="NaCl"))
    g.apply(act(g, "draw"))
    after_draw = {p: g.view(p) for p in (None, 0, 2)}
    g.apply(act(g, "keep"))
    return after_draw


def names(blob: str, card: str) -> bool:
    return card in blob or SHOWN[card] in blob


def test_the_others_never_read_the_kept_card():
    for card in (FITS, NO_FIT):
        for lang in ("en", "de"):
            g = game(card, lang=lang)
            after_draw = draw_and_keep(g)
            assert card in g.s_hands[1]
            for viewer in (None, 0, 2):
                for v in (after_draw[viewer], g.view(viewer)):
                    blob = json.dumps(v, ensure_ascii=False)
                    assert not names(blob, card), (card, lang, viewer)
            own = json.dumps(g.view(1), ensure_ascii=False)
            assert SHOWN[card] in own  # the drawer reads it in the log
            assert any(card == c for c in g.view(1)["hand"])


def test_the_others_read_draws_a_card_and_keeps_it():
    g = game(FITS)
    draw_and_keep(g)
    titles = [e["explanation"]["title"] for e in g.view(0)["log"]]
    assert titles[-2:] == ["Draws a card: no card in the hand fits.",
                           "Keeps the card drawn, face down; the turn passes."]
    assert g.view(0)["log"][-2]["explanation"]["steps"] == []
    mine = [e["explanation"] for e in g.view(1)["log"]]
    assert mine[-1]["title"] == "Keeps the drawn card CaCl₂; the turn passes."
    assert mine[-2]["steps"][0]["text"] == "You drew CaCl₂: it fits. Lay it now or keep it."
    g = game(FITS, lang="de")
    draw_and_keep(g)
    assert g.view(2)["log"][-1]["explanation"]["title"] == "Behält die gezogene Karte verdeckt; der Zug ist zu Ende."


def test_whether_the_drawn_card_fits_is_the_drawers_secret():
    """The same game with a drawn card that fits and one that does not: every other player and the
    spectator see exactly the same thing, after the draw and after the keep."""
    fits, no_fit = game(FITS), game(NO_FIT)
    views_fit, views_no = draw_and_keep(fits), draw_and_keep(no_fit)
    for viewer in (None, 0, 2):
        assert views_fit[viewer] == views_no[viewer], viewer
        assert fits.view(viewer) == no_fit.view(viewer), viewer
    assert views_fit[None]["current_player"] == 1  # the drawer decides in both cases
    assert fits.view(1) != no_fit.view(1)


def _traits(w) -> str:
    # ``cards`` is the printed face of every card of the box, the same for everyone: not a secret
    return json.dumps({k: getattr(w, k) for k in ("view", "hands", "legal", "hints", "panel")}, ensure_ascii=False)


def test_hot_seat_screens_show_the_kept_card_only_to_its_drawer():
    for card in (FITS, NO_FIT):
        w = ChemunoWidget(game(card, players=2), seats=["human", "human"])
        w.claim(0)
        w.apply(act(w.game, "play", card="NaCl"))
        w.claim(1)
        w.apply(act(w.game, "draw"))
        assert names(_traits(w), card)  # the drawer, at the screen, sees it
        w.claim(None)                   # the drawer leaves the screen before deciding
        assert w.seat is None and not names(_traits(w), card)
        w.claim(1)
        w.apply(act(w.game, "keep"))
        assert w.seat is None and w.panel["last"]["title"].startswith("Keeps the card drawn")
        assert not names(_traits(w), card)
        w.claim(0)
        assert not names(_traits(w), card)


def test_a_bots_kept_card_stays_off_the_humans_screen():
    g = game(NO_FIT, players=2)
    w = ChemunoWidget(g, seats=["human", "random"])
    w.apply(act(g, "play", card="NaCl"))
    w.bot_turn()  # draws H2S, which fits nothing: keeps it
    assert NO_FIT in g.s_hands[1] and g.current_player == 0
    assert w.panel["last"]["title"].startswith("Keeps the card drawn")
    assert not names(_traits(w), NO_FIT)
    w.receive({"type": "hint"})
    assert not names(_traits(w), NO_FIT)


def test_hiding_the_hand_takes_hints_and_refusals_off_the_screen():
    """The drawer asks for a hint and tries another card (refused: "only the drawn card CaCl₂"),
    then hides the hand before deciding: the screen names no card of the hand."""
    w = ChemunoWidget(game(FITS, players=2), seats=["human", "human"])
    w.claim(0)
    w.apply(act(w.game, "play", card="NaCl"))
    w.claim(1)
    w.apply(act(w.game, "draw"))
    w.receive({"type": "hint"})
    assert w.hints and w.hints[0]["card"] == FITS
    w.receive({"type": "act", "action": {"game": "chemuno", "player": 1, "kind": "play", "params": {"card": "H2O"}}})
    assert w.panel["notice"] and names(json.dumps(w.panel, ensure_ascii=False), FITS)
    w.receive({"type": "claim", "seat": None})
    assert w.seat is None and w.hints == [] and w.panel["notice"] is None
    blob = _traits(w)
    assert not names(blob, FITS) and "H2O" not in blob and "H₂O" not in blob


def test_a_call_after_drawing_commits_to_laying_the_card():
    """With one card left, the drawn card makes two: "Cheeeee…" is possible only if it fits, so a
    call followed by a keep would tell everyone that it fits. After the call the card is laid (or
    the call taken back)."""
    g = chemgames.new_game("chemuno", players=2, seed=3, lang="en", starter=0,
                           hands=[["NaCl", "Fe.1", "S.1"], ["H2O"]], draw_top=[FITS])
    g.apply(act(g, "play", card="NaCl"))
    g.apply(act(g, "draw"))
    assert {a.kind for a in g.legal_actions()} == {"play", "call", "keep"}
    g.apply(act(g, "call"))
    assert act(g, "keep") not in g.legal_actions()
    assert "lay CaCl₂ now, or take the call back" in str(g.check(act(g, "keep")))
    g.undo()
    g.apply(act(g, "keep"))
    assert g.current_player == 0 and not g.view(0)["log"][-1]["explanation"]["steps"]
