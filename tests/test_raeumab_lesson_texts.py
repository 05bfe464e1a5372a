"""Every statement a student reads beside a Räum-Ab! move, checked against SymPy and an own count
(s20f, after playing a first lesson): whole games are played move by move (bots choosing), and each
German explanation is read back as the student reads it: the factorisations, the gcd and the common
divisors, what a ban leaves, the kind of pair, whose pile grows by how much, and who moves next.
Moves are read by everyone at the table (a bot's, a classmate's), so a move's explanation names
players and never says "du"."""
from __future__ import annotations

import random
import re

import pytest
import sympy

import chemgames
from chemgames import Action
from chemgames.bots import GreedyBot, RandomBot

SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
COLOURS = {"rot": "R", "blau": "B", "grün": "G", "gelb": "Y"}
CARD = r"(rot|blau|grün|gelb) [●■▲◆] (\d+)"


def product(text: str) -> int:
    value = 1
    for part in text.split("·"):
        base = part.rstrip("⁰¹²³⁴⁵⁶⁷⁸⁹")
        value *= int(base) ** int(part[len(base):].translate(SUPERSCRIPT) or "1")
    return value


def numbers(text: str) -> list[int]:
    return [] if text.strip() in ("–", "") else [int(x) for x in text.split(", ")]


def check_pair(text: str, bans: set[int]) -> None:
    """One pair's explanation against SymPy: ``bans`` are the forbidden cards lying free before it."""
    head = re.match(rf"✓ {CARD} und {CARD}: ein (doppelt|einfach) passendes Paar\.", text)
    if head is None:  # two forbidden cards of one kind
        assert "Verbotskarten derselben Art" in text, text
        return
    (ca, a, cb, b, kind) = head.groups()
    a, b = int(a), int(b)
    for n, line in re.findall(r"Primfaktorzerlegung von (\d+): \d+ = ([\d·⁰¹²³⁴⁵⁶⁷⁸⁹]+)", text):
        assert product(line) == int(n) and all(sympy.isprime(p) for p in sympy.factorint(int(n))), (n, line)
        assert line.count("·") + 1 == len(sympy.factorint(int(n))), (n, line)  # each prime once, with its power
    for n in re.findall(r"(\d+) ist eine Primzahl", text):
        assert sympy.isprime(int(n)), n
    g = int(sympy.igcd(a, b))
    common = [int(d) for d in sympy.divisors(g) if d > 1]
    said = re.search(r"ggT\((\d+), (\d+)\) = (\d+)(?: \(gemeinsame Teiler größer als 1: ([\d, ]+)\))?", text)
    joker = 1 in (a, b)
    if not joker:
        assert said is not None and {int(said[1]), int(said[2])} == {a, b} and int(said[3]) == g, text
        assert numbers(said[4] or "") == common, text
        as_product = re.search(r"gemeinsamen Primfaktoren: ([\d·⁰¹²³⁴⁵⁶⁷⁸⁹]+)(?: = (\d+))?", text)
        if g > 1:
            assert as_product is not None and product(as_product[1]) == g, text
    left, struck = list(common), set()
    for n, rest in re.findall(r"die (\d+) ist verboten, übrig: ([\d, –]+)", text):
        struck.add(int(n))
        left = [d for d in common if d not in struck]
        assert numbers(rest) == left, (text, n, rest)
    named = {int(n) for n in re.findall(r"Eine freie (\d)er-Verbotskarte", text)}
    assert named == (bans if not joker else named) and (not joker or "Joker" in text), (text, bans)
    allowed = [d for d in common if d not in bans]
    same = ca == cb
    fits = joker or bool(allowed)
    assert fits or same, text  # a legal pair
    assert kind == ("doppelt" if same and fits else "einfach"), (text, same, allowed)


def replay(seed: int, players: int, rng: random.Random) -> list[str]:
    g = chemgames.new_game("raeumab", players=players, seed=seed, lang="de")
    bots = [GreedyBot(seed + p) if p % 2 == 0 else RandomBot(seed + p) for p in range(players)]
    piles = [0] * players
    read = []
    while not g.is_over:
        p = g.current_player
        bans = {g.cards[i].value for i in g.free_cards() if g.cards[i].kind == "forbidden"}
        phase = g.phase
        action = bots[p].choose(g) if rng.random() < 0.8 else rng.choice(g.legal_actions())
        text = str(g.apply(action))
        read.append(text)
        assert not set(re.findall(r"\w+", text.lower())) & {"du", "dein", "deinen", "deine", "bleibst", "musst"}, text
        if action.kind == "wish":
            assert re.search(rf"auf den Stapel von Spieler {p + 1};", text), text
            continue
        check_pair(text, bans)
        double = "doppelt passendes Paar." in text.splitlines()[0] or "Verbotskarten derselben Art" in text
        if phase == "start" and double:
            assert f"Spieler {(p + 1) % players + 1} sucht das nächste" in text, text
            continue
        piles[p] += 2
        if phase == "start":
            assert f"auf den Stapel von Spieler {p + 1}, und Spieler {(p + 1) % players + 1} beginnt" in text, text
        else:
            assert f"Das Paar kommt auf den Stapel von Spieler {p + 1}: {piles[p]} Karten" in text, text
        if g.is_over:
            scores = ", ".join(f"Spieler {q + 1}: {n} Karte{'n' if n != 1 else ''}" for q, n in enumerate(piles))
            assert f"das Spiel ist beendet ({scores})" in text, text
            assert "noch ein Paar" not in text and "ist dran" not in text, text
        elif phase == "play":
            nxt = p if double else (p + 1) % players
            said = f"Spieler {nxt + 1} muss noch ein Paar nehmen" if double else f"Spieler {nxt + 1} ist dran"
            assert said in text and g.current_player == nxt, text
    return read


@pytest.mark.parametrize("seed, players", [(11, 2), (5, 3), (28, 2)])
def test_every_statement_beside_a_move_is_true(seed, players):
    read = replay(seed, players, random.Random(seed))
    assert len(read) > 20
    text = "\n".join(read)
    assert "ggT(" in text and "Primfaktorzerlegung" in text  # the checks above were reached
