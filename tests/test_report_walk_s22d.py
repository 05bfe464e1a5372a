"""What a teacher read in the German report after a short lesson at four class tables (ChemiX
Classic, Metallurgie, Chromino, Räum-Ab! over a real ``chemgames serve``, s22d's walk): a Chromino
tile laid over another read "Lage und Drehung eines Steins: ●red-▲yellow-★purple ab (-2, -1) ch.dir0
würde gelegte Felder verdecken …" (English colours and a rule key in a German report: the record kept
a headline's text in English only, and a catalog key with a digit was not said in words), and each
such refusal stood apart as its own "misconception (1-mal)", filling all three places with one
mistake. Checked against this test's own reading of the raw events."""
from __future__ import annotations

import re
from typing import Any

import chemgames
from chemgames.record.events import Recorder
from chemgames.record.report import build

RULE_KEY = re.compile(r"\b(?:ra|cu|ck|cx|ch|mt|core|rec)\.[a-z_.0-9]+\b")
ENGLISH_COLOURS = re.compile(r"\b(?:red|yellow|green|blue|purple)\b")


def _lesson() -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[tuple[int, int, int]]]:
    """Ida lays her tiles; three times before a move she first tries another tile on the squares the
    last tile covers (refused: overlap). Emil plays clean."""
    events: list[dict[str, Any]] = []
    sessions: list[dict[str, Any]] = []
    rec = Recorder(events.append, sessions.append, lesson="7b")
    g = chemgames.new_game("chromino", players=2, seed=3, lang="de")
    s = rec.session(g, ["Ida", "Emil"], table="Tisch 1")
    tried: list[tuple[int, int, int]] = []
    last: dict[str, Any] | None = None
    for _ in range(14):
        if g.is_over:
            break
        if g.current_player == 0 and last is not None and len(tried) < 3:
            hand = g.view(0)["hand"]
            attempt = g.action_from_json({"game": "chromino", "player": 0, "kind": "place",
                                          "params": {"tile": hand[0]["id"], "x": last["x"], "y": last["y"], "rot": last["rot"]}})
            verdict = g.check(attempt)
            if verdict.rule == "ch.overlap":
                rec.action(s, attempt, verdict, at=len(g.log))
                tried.append((last["x"], last["y"], last["rot"]))
        legal = g.legal_actions()
        move = next((a for a in legal if a.kind == "place"), legal[0])
        rec.action(s, move, g.apply(move), at=len(g.log) - 1)
        if move.kind == "place":
            last = dict(move.params)
    return events, sessions, tried


def test_a_chromino_tile_laid_over_another_reads_in_german_and_counts_as_one_misconception() -> None:
    events, sessions, tried = _lesson()
    refused = [e for e in events if e["kind"] == "refused"]
    assert len(tried) == 3 and [e["rule"] for e in refused] == ["ch.overlap"] * 3  # this test's own count
    for lang, words, colour in (("de", "einen Stein auf schon belegte Felder gelegt", "Rot|Gelb|Grün|Blau|Violett"),
                                ("en", "laid a tile over squares already taken", "red|yellow|green|blue|purple")):
        r = build(events, sessions, lang)
        top = r["misconceptions"]
        assert [(m["text"], m["count"], m["students"]) for m in top] == [(words, 3, 1)], top
        texts = [m["text"] for m in top] + [x["text"] for m in top for x in m["examples"]]
        texts += [x["text"] for row in r["concepts"] for x in row["reasons"]]
        assert not [t for t in texts if RULE_KEY.search(t)], texts
        examples = [x["text"] for x in top[0]["examples"]]
        assert len(examples) == 3 and all(re.search(colour, x) for x in examples), examples
        if lang == "de":
            assert not [x for x in examples if ENGLISH_COLOURS.search(x)], examples
            assert all(("nach rechts" in x) or ("nach unten" in x) or ("nach links" in x) or ("nach oben" in x) for x in examples)
        for (x, y, _), text in zip(tried, examples):  # each example at its own squares, minus as U+2212 (s22e)
            assert f"({x}, {y})".replace("-", "\u2212") in text, (x, y, text)


def test_every_tile_laid_is_an_attempt_at_position_and_rotation() -> None:
    """"Was übt die Klasse als Nächstes? Lage und Drehung eines Steins … 3 von 3 Versuchen (100 %)": Ida
    had laid ten tiles, each at a position and a rotation she chose, but only her refusals counted as
    attempts at that concept (a laid tile counted for the colours alone)."""
    events, sessions, tried = _lesson()
    laid = sum(1 for e in events if e["kind"] == "move" and e["action"]["kind"] == "place")
    laid_by = {who: sum(1 for e in events if e["kind"] == "move" and e["action"]["kind"] == "place" and e["student"] == who)
               for who in ("Ida", "Emil")}
    assert laid >= 8 and all(laid_by.values()), laid_by
    r = build(events, sessions, "de")
    rows = {x["concept"]: x for x in r["concepts"] if x["game"] == "chromino"}
    assert (rows["lage_drehung"]["attempts"], rows["lage_drehung"]["refused"]) == (laid + 3, 3), rows["lage_drehung"]
    # the colours and the two sides still count each tile laid (their steps say so)
    assert rows["farben_an_seiten"]["attempts"] == laid and rows["zwei_seiten"]["attempts"] == laid, rows
    assert f"3 von {laid + 3} Versuchen" in r["next"]["why"], r["next"]
    ida = next(p for g in r["groups"] if g["game"] == "chromino" for p in g["students"] if p["name"] == "Ida")
    col = [c["concept"] for c in next(g for g in r["groups"] if g["game"] == "chromino")["columns"]].index("lage_drehung")
    assert ida["cells"][col]["attempts"] == laid_by["Ida"] + 3
