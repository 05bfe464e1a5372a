"""What a Chemuno player may infer from the others' draws, and how a sampled world (a search bot's
guess, ``Game.redeal_hidden``) heeds it. The sheet: "Wer nichts Passendes legen kann, muss eine Karte
aufnehmen" — so a draw without a multiplier pending tells everyone that no card of that hand fitted.
The fit is checked here by an independent reading of the cards (element symbols), not the engine's."""
from __future__ import annotations

import random
import re

import chemgames
from chemgames.bots.search import SearchBot

NOBLE = {"He", "Ne", "Ar", "Rn"}


def _symbols(card: str) -> set[str]:
    return set(re.findall(r"[A-Z][a-z]?", card.split(".")[0]))


def _fits_hcl(card: str) -> bool:
    """Fits on HCl (no wish): a noble gas, or a card that shows H or Cl (HCl shows no multiplier)."""
    return card in NOBLE or bool(_symbols(card) & {"H", "Cl"})


def _drawn_on_hcl() -> chemgames.Game:
    g = chemgames.new_game("chemuno", players=2, seed=3, lang="de", hands=[["H2O", "NaCl", "FeO"],
                           ["CO2", "CaO", "N2"]], pile=["HCl"], starter=1)
    assert [a.kind for a in g.legal_actions()] == ["draw"]  # CO2, CaO, N2: none fits on HCl
    g.apply(g.legal_actions()[0])
    if any(a.kind == "keep" for a in g.legal_actions()):
        g.apply(next(a for a in g.legal_actions() if a.kind == "keep"))
    else:  # the drawn card fitted and the bot-free test lays it
        g.apply(g.legal_actions()[0])
    return g


def test_who_drew_because_nothing_fitted_holds_no_fitting_card_in_every_guess():
    """Wer nichts Passendes legen kann, muss eine Karte aufnehmen: player 2's three old cards
    (not laid since) fit nothing on HCl in every sampled world of player 1; only the drawn card may."""
    g = _drawn_on_hcl()
    laid = g.s_laid[1]
    assert g.top == "HCl" or laid == 1
    old = 3 - laid
    plain = 0
    for s in range(200):
        w = g.redeal_hidden(0, random.Random(s))
        assert w.view(0) == g.view(0)
        assert sum(not _fits_hcl(c) for c in w.s_hands[1]) >= old
        # a plain shuffle of the same cards would often break it: the guess is not just any deal
        pool = sorted(w.s_hands[1] + w.s_draw)
        random.Random(s).shuffle(pool)
        plain += sum(not _fits_hcl(c) for c in pool[:len(w.s_hands[1])]) < old
    assert plain > 50


def test_the_guess_reads_only_public_facts():
    """Two games that look the same to player 1 (player 2's hand and the pile dealt anew) give the
    same guesses, card for card, and the same search-bot move."""
    g = _drawn_on_hcl()
    twin = g.redeal_hidden(0, random.Random(99))
    assert twin.view(0) == g.view(0) and twin.s_nofit == g.s_nofit
    for s in range(20):
        a, b = g.redeal_hidden(0, random.Random(s)), twin.redeal_hidden(0, random.Random(s))
        assert a.s_hands == b.s_hands and a.s_draw == b.s_draw
    if g.current_player == 0 and not g.is_over:
        assert SearchBot(seed=4, iterations=8, budget=60.0).decide(g) == SearchBot(
            seed=4, iterations=8, budget=60.0).decide(twin)
