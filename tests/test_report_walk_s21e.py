"""What a teacher read in the report after a short lesson at three class tables (Räum-Ab!, Das
Chemie-Kartenspiel, Chemuno over a real ``chemgames serve``, s21e's walk), each line checked against
the raw events read by this test's own code:

* a refusal with no reading of its own showed one instance's numbers beside the count of all of
  them: "gemeinsamer Teiler/ggT: ▲ 55 und 2 sind kein Paar. (5)" counted five refusals, of which one
  was ▲ 55 with ⊘2 (the others paired the wish card or another forbidden card); and Chemuno's only
  refusal read "gemeinsames Element oder gleicher Multiplikator: cu.fit", a rule key;
* Räum-Ab!'s wish card and forbidden cards taken into a pair are their own misconceptions now, and a
  Chemuno card laid on one it shares nothing with reads as such, with its cards;
* the header called the lesson "Stunde: default 2026-11-28": "default" is the server's name for the
  class of a teacher who made none.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Any

import chemgames
from chemgames.record.events import Recorder
from chemgames.record.report import build

RULE_KEY = re.compile(r"\b(?:ra|cu|ck|cx|cr|ch|mt|core|rec)\.[a-z_.0-9]+\b")


def _act(g: Any, kind: str, **params: Any) -> Any:
    return g.action_from_json({"game": g.id, "player": g.current_player, "kind": kind, "params": params})


def _raeumab_lesson(rec: Recorder) -> dict[str, int]:
    """Lena tries the wish card, two forbidden cards and a coprime pair; Tom plays clean."""
    g = chemgames.new_game("raeumab", players=2, seed=3, lang="de", fair_start=False, rest="aside",
                           columns=[["R12"], ["B25"], ["W"], ["V2"], ["G14"], ["V5"], ["Y7", "R36"]])
    s = rec.session(g, ["Lena", "Tom"], table="Tisch 1")
    ids = {c["code"]: int(k) for k, c in g.view(0)["cards"].items() if int(k) in g.view(0)["free"]}
    tries = [("R12", "W"), ("R36", "W"), ("G14", "V2"), ("R12", "V5"), ("V5", "W"), ("R12", "B25"), ("B25", "G14")]
    for a, b in tries:
        attempt = _act(g, "pair", cards=[ids[a], ids[b]])
        rec.action(s, attempt, g.check(attempt), at=len(g.log))
    for _ in range(2):  # then Lena and Tom each take a pair the rules allow
        move = g.legal_actions()[0]
        rec.action(s, move, g.apply(move), at=len(g.log) - 1)
    return {"lena": len(tries)}


def _chemuno_lesson(rec: Recorder) -> None:
    """Ida lays cards that share nothing with O; then she lays Ar wishing for O, and Emil lays HCl,
    which has no O (the refusal's rule is the same, cu.fit: the reading must not be "nothing in common")."""
    g = chemgames.new_game("chemuno", players=2, seed=3, lang="de", hands=[["H2S", "NaCl", "CaCO3", "Ar"], ["H2O", "HCl"]],
                           pile=["O.1"], starter=0)
    s = rec.session(g, ["Ida", "Emil"], table="Tisch 2")
    for card in ("H2S", "NaCl", "H2S"):
        attempt = _act(g, "play", card=card)
        rec.action(s, attempt, g.check(attempt), at=len(g.log))
    noble = _act(g, "play", card="Ar", wish="O")
    rec.action(s, noble, g.apply(noble), at=len(g.log) - 1)
    attempt = _act(g, "play", card="HCl")
    rec.action(s, attempt, g.check(attempt), at=len(g.log))


def _lesson() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    events: list[dict[str, Any]] = []
    sessions: list[dict[str, Any]] = []
    rec = Recorder(events.append, sessions.append, lesson="7b")
    _raeumab_lesson(rec)
    _chemuno_lesson(rec)
    return events, sessions


def _reading(e: dict[str, Any]) -> str:
    """This test's own reading of a refusal, from the engine's step keys and numbers."""
    steps = [s["key"] for s in e["facts"]["steps"]]
    if e["game"] == "chemuno":
        return "wish" if steps[0] == "cu.wish_missing" else "no_common"
    if steps[0] == "ra.wish_never_pairs":
        return "wish"
    if steps[0] == "ra.forbidden_alone":
        return "forbidden"
    assert "ra.gcd_one" in steps and "ra.other_colours" in steps, steps
    return "coprime"


def test_every_refusal_is_read_and_counted_truly_without_a_rule_key() -> None:
    events, sessions = _lesson()
    refused = [e for e in events if e["kind"] == "refused"]
    ours = Counter((e["game"], _reading(e)) for e in refused)
    assert ours == {("raeumab", "wish"): 2, ("raeumab", "forbidden"): 3, ("raeumab", "coprime"): 2,
                    ("chemuno", "no_common"): 3, ("chemuno", "wish"): 1}, ours
    for lang in ("de", "en"):
        r = build(events, sessions, lang)
        texts = [m["text"] for m in r["misconceptions"]] + [x["text"] for m in r["misconceptions"] for x in m["examples"]]
        texts += [x["text"] for row in r["concepts"] for x in row["reasons"]]
        assert not [t for t in texts if RULE_KEY.search(t)], [t for t in texts if RULE_KEY.search(t)]
        # every "why refused" line counts refusals of one reading, and they add up to the refusals
        for row in r["concepts"]:
            assert sum(int(x["n"]) for x in row["reasons"]) <= row["refused"], row
        reasons = {x["text"]: int(x["n"]) for row in r["concepts"] for x in row["reasons"]}
        words = {"de": {("raeumab", "wish"): "Wunschkarte", ("raeumab", "forbidden"): "Verbotskarte",
                        ("raeumab", "coprime"): "teilerfremd", ("chemuno", "no_common"): "nichts gemeinsam",
                        ("chemuno", "wish"): "gewünschte Element"},
                 "en": {("raeumab", "wish"): "wish card", ("raeumab", "forbidden"): "forbidden card",
                        ("raeumab", "coprime"): "no common divisor", ("chemuno", "no_common"): "nothing in common",
                        ("chemuno", "wish"): "wished element"}}[lang]
        for reading, n in ours.items():
            found = [(t, k) for t, k in reasons.items() if words[reading] in t]
            assert len(found) == 1 and found[0][1] == n, (lang, reading, n, reasons)
        # an example names its own cards: the wish card's and a forbidden card's by what they show
        examples = [x["text"] for m in r["misconceptions"] for x in m["examples"]]
        assert examples and all(x for x in examples), r["misconceptions"]
        assert any("H₂S" in x and "O" in x for x in examples), examples


def test_the_default_class_lesson_is_named_by_its_date_alone() -> None:
    from types import SimpleNamespace

    from chemgames.record.tables import TableRecorder, today

    class Store:
        def __init__(self) -> None:
            self.events: list[dict[str, Any]] = []
            self.sessions: list[dict[str, Any]] = []

        def add(self, e: dict[str, Any]) -> None:
            self.events.append(e)

        def add_session(self, s: dict[str, Any]) -> None:
            self.sessions.append(s)

    store = Store()
    rec = TableRecorder(store)  # type: ignore[arg-type]
    g = chemgames.new_game("raeumab", players=2, seed=3, lang="de")
    for class_id in ("default", "7b"):
        table = SimpleNamespace(id=f"t-{class_id}", class_id=class_id, seats=[], number=1)
        a = g.legal_actions()[0]
        rec.record(table, g, a, g.check(a), at=0)
    assert [s["lesson"] for s in store.sessions] == [today(), f"7b {today()}"], store.sessions


def test_a_misconceptions_examples_are_different_moments_to_replay() -> None:
    """Ida laid H₂S on O twice: the report offered two buttons "▶ z. B. H₂S auf O – Schüler·in 6, Tisch 3",
    alike to the letter; a teacher could not tell which to replay. Each example differs in what it
    shows or who showed it."""
    events, sessions = _lesson()
    for lang in ("de", "en"):
        r = build(events, sessions, lang)
        for m in r["misconceptions"]:
            shown = [(x["text"], x["by"]) for x in m["examples"]]
            assert len(shown) == len(set(shown)), (lang, m["text"], shown)
        chemuno = next(m for m in r["misconceptions"] if m["game"] == "chemuno")
        assert len(chemuno["examples"]) == 2, chemuno["examples"]  # H₂S on O and NaCl on O, each once


def test_an_example_with_no_formula_to_compare_names_none() -> None:
    """Ba + Bi (two metals) counted to zero only with Bi as −2, and no formula of the cards' printed
    charges balances: the example read "z. B. BaBi gelegt statt –"."""
    events: list[dict[str, Any]] = []
    sessions: list[dict[str, Any]] = []
    rec = Recorder(events.append, sessions.append, lesson="7b")
    g = chemgames.new_game("chemiekarten", players=2, seed=1, lang="de", dealer=1,
                           hands=[["Ba", "Bi", "O", "Cl", "S", "Fe", "H"]])
    s = rec.session(g, ["Mia", "Ben"], table="Tisch 1")
    for card in ("Ba", "Bi"):
        a = _act(g, "select", card=card)
        rec.action(s, a, g.apply(a), at=len(g.log) - 1)
    attempt = _act(g, "confirm")
    rec.action(s, attempt, g.check(attempt), at=len(g.log))
    for lang in ("de", "en"):
        examples = [x["text"] for m in build(events, sessions, lang)["misconceptions"] for x in m["examples"]]
        assert examples and all("–" not in x for x in examples), examples
        assert all("BaBi" in x for x in examples), examples


def test_a_replayed_chemuno_moment_shows_the_hand_as_the_cards_show_it() -> None:
    """The replay listed Ida's hand by the engine's card ids: "CaCO3 · H2S · HCl · C.2 · O.2 · x3.2 · x3.3"."""
    from chemgames.widgets.report import ReportWidget

    events, sessions = _lesson()
    i = next(i for i, e in enumerate(events) if e["game"] == "chemuno" and e["kind"] == "refused")
    w = ReportWidget(events, sessions, lang="de", names=True)
    w.receive({"type": "replay", "event": i})
    assert not w.error, w.error
    hand = " ".join(w.replay["state"])
    assert "H₂S" in hand and "CaCO₃" in hand and "NaCl" in hand, hand
    assert not re.search(r"\b\w+\.\d\b|[A-Z][a-z]?\d", hand), hand  # no "x3.2", no "H2S"


def test_what_the_class_practises_next_says_how_many_students_it_rests_on() -> None:
    """"Was übt die Klasse als Nächstes? Ladungsausgleich … (75 % der Versuche abgelehnt …)" rested on
    one student of two (Mia's twelve refusals): said without it, it read as the whole class's trouble."""
    events, sessions = _lesson()
    # this test's own reading: in Räum-Ab! only Lena was refused, in Chemuno only Ida had a card that
    # shared nothing (Emil's refusal was the wish), and each game had two students who acted
    refused_by = {(e["game"], _reading(e)): e["student"] for e in events if e["kind"] == "refused"}
    assert {v for k, v in refused_by.items() if k[0] == "raeumab"} == {"Lena"}
    assert refused_by[("chemuno", "no_common")] == "Ida" and refused_by[("chemuno", "wish")] == "Emil"
    for lang, words in (("de", "Fehler bei 1 von 2 Schüler·innen"), ("en", "missed by 1 of 2 students")):
        r = build(events, sessions, lang)
        assert r["next"]["game"] in ("raeumab", "chemuno") and words in r["next"]["why"], r["next"]
