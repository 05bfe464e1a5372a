"""What a ChemiX Classic move says to the whole table (s21g, a first lesson walked in hot-seat):
a move's explanation stays in the game's log and under "Letzter Zug von Spieler 1", which the next
player reads after the handover (and the classmates at a table, and everyone of a bot's move). So an
applied move names its player and never says "du"/"dir"/"dein"; a refusal is read only by the one
who tried, and may. Found: after Spieler 1 confirmed H₂S, Spieler 2 read "Die Verbindungskarten H₂S
liegen neben ihren Verbindungen, die Unterkante zu dir": a plural for one card, and "dir" for the
other player."""
from __future__ import annotations

import re

import pytest

import chemgames
from chemgames import Action
from chemgames.bots import GreedyBot, RandomBot, play_game

YOU_DE = re.compile(r"\b(du|dir|dich|dein|deine|deinen|deinem|deiner|deines)\b", re.IGNORECASE)
YOU_EN = re.compile(r"\b(you|your|yours)\b", re.IGNORECASE)


def act(game, kind: str, **params) -> Action:
    return game.action_from_json({"game": "chemix", "player": game.current_player, "kind": kind, "params": params})


def said(explanation, lang: str) -> str:
    """The explanation as the student reads it: the headline and every step."""
    e = explanation.in_lang(lang)
    return "\n".join([e.title, *e.lines])


def test_a_confirmed_compound_names_its_card_in_the_singular_and_the_player_it_faces():
    g = chemgames.new_game("chemix", players=2, seed=1, lang="de", hands=[["H", "O", "O"], ["C", "N", "Cl"]],
                           nobles=["Ar", "He"], starter=0)
    for card in list(g.view(0)["hand"]):
        g.apply(act(g, "play", card=card))
    g.apply(act(g, "take", multiplier="2"))
    g.apply(act(g, "form", layout=["H", "2", "O"]))
    done = g.apply(act(g, "confirm", refill=False))
    de, en = said(done, "de"), said(done, "en")
    assert "Die Verbindungskarte H2O liegt neben ihrer Verbindung, die Unterkante zu Spieler 1" in de, de
    assert "Freie Karten kommen auf die Hand von Spieler 1: O" in de, de
    assert "The compound card H2O is placed beside its compound, turned towards player 1" in en, en
    assert not YOU_DE.search(de) and not YOU_EN.search(en), (de, en)


@pytest.mark.parametrize("seed", [3, 8])
def test_no_applied_move_of_a_whole_game_says_du(seed):
    """Bots choosing (one of them at random, so dead cards are dropped and noble gases used)."""
    g = chemgames.new_game("chemix", players=3, seed=seed, lang="de")
    play_game(g, [RandomBot(seed), GreedyBot(seed + 1), RandomBot(seed + 2)])
    kinds, plural_checked = set(), 0
    for entry in g.log:
        e = entry.explanation
        if e is None or not e.ok:
            continue
        kinds.add(entry.action.kind)
        de, en = said(e, "de"), said(e, "en")
        assert not YOU_DE.search(de), de
        assert not YOU_EN.search(en), en
        for formulas in re.findall(r"Die Verbindungskarten? (.+?) (?:liegt|liegen) neben", de):
            n = len(formulas.split(", "))
            assert ("Verbindungskarten " if n > 1 else "Verbindungskarte ") + formulas in de, de
            plural_checked += 1
    assert {"play", "form", "confirm"} <= kinds and plural_checked, (kinds, plural_checked)


def test_the_noble_gas_example_names_players_as_the_seat_bar_does():
    """The sheet's noble-gas example (page 7), as the teacher notebook plays it: the seat bar says
    "Spieler 2", so the move says "Spieler 2" too, not "Person 2" (s21g: "Rn → Person 2 schenken"
    under "Spieler 2 (gieriger Bot)")."""
    g = chemgames.new_game("chemix", players=2, seed=5, lang="de", hands=[["Cl", "H", "C"], ["N", "P", "Fe"]],
                           table=[["H2O", 1]], nobles=["Ar", "He"], starter=0)
    texts = [said(g.apply(act(g, "dissolve", compound="H2O")), "de"), said(g.apply(act(g, "take", multiplier="2")), "de")]
    for card in list(g.view(0)["hand"]):
        texts.append(said(g.apply(act(g, "play", card=card)), "de"))
    texts.append(said(g.apply(act(g, "noble", gas="Ar", to=1)), "de"))
    joined = "\n".join(texts)
    assert "H2O wird aus freien Karten wiederhergestellt (zurück an Spieler 2)" in joined, joined
    assert "Ar wird Spieler 2 geschenkt" in joined, joined
    assert not re.search(r"\bPerson \d", joined), joined
    from chemgames.widgets.uitext import ui_catalog  # the button's words, from the widget's catalog

    assert str(ui_catalog("de")["cx_noble_to"]).format(gas="Ar", n=2) == "Ar → Spieler 2 schenken"


@pytest.mark.parametrize("formula", sorted(__import__("chemgames.games.chemix.cards", fromlist=["card_set"]).card_set().compounds))
def test_what_a_laid_compound_says_agrees_with_molmass_and_pymatgen(formula):
    """Each compound card's explanation as a student reads it (German), against libraries of the
    field, not the engine: the atoms and the molar mass against molmass, the sum written out
    against its own terms, and the oxidation numbers (an average where the text gives one) against
    pymatgen's ``oxi_state_guesses`` and a charge sum of 0."""
    molmass = pytest.importorskip("molmass")
    pymatgen_core = pytest.importorskip("pymatgen.core")
    g = chemgames.new_game("chemix", players=2, seed=1, lang="de")
    text = "\n".join(s.text("de") for s in g.compound_steps(formula))
    number = lambda s: float(s.replace(",", "."))  # noqa: E731 - German decimal comma
    counts = {e: c.count for e, c in molmass.Formula(formula).composition().items()}
    atoms = re.search(r"(\d+) Atome: (.*) = (\d+)", text)
    assert atoms and {e: int(n) for n, e in re.findall(r"(\d+) ([A-Z][a-z]?)", atoms[2])} == counts, text
    assert int(atoms[1]) == int(atoms[3]) == sum(counts.values()), text
    mass = re.search(r"Molare Masse von \S+: (.*) = ([\d,]+) g/mol", text)
    assert mass and abs(number(mass[2]) - molmass.Formula(formula).mass) < 0.015, (text, molmass.Formula(formula).mass)
    assert abs(sum(int(n) * number(m) for n, m in re.findall(r"(\d+) · ([\d,]+)", mass[1])) - number(mass[2])) < 0.011, text
    if len(counts) == 1:  # an element's molecule (H2, O3, …): every atom 0
        assert "Oxidationszahl 0" in text, text
        return
    said = re.search(r"Oxidationszahlen, wie Chemiker sie zuordnen: (.*)", text)
    assert said, text
    states = {}
    for part in said[1].split(", "):
        element, rest = part.split(" ", 1)
        mean = re.search(r"Mittelwert ([−+]?[\d,]+)", rest)
        states[element] = number((mean[1] if mean else rest).replace("−", "-"))
    assert abs(sum(states[e] * n for e, n in counts.items())) < 1e-9, text
    guesses = pymatgen_core.Composition(formula).oxi_state_guesses(all_oxi_states=True)
    assert any(all(abs(gu.get(e, 0) - states[e]) < 0.01 for e in counts) for gu in guesses), (text, guesses[:3])
