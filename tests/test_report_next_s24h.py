""""Was übt die Klasse als Nächstes?" ranks by who is *still* missing a concept, not by who ever missed it.

A record made by hand, Räum-Ab!, six students:

- Wunschkarte: Ali, Ben and Cem are each refused twice (``ra.wish_once``) and then swap a wish card right
  (``ra.wish_swap``): 3 students missed it, 6 of 9 attempts refused (67 %), and all 3 got it right afterwards.
- verbotene Teiler: Lea predicts task 6a wrong, then the "Tipp" button plays a pair whose forbidden divisor
  falls away (a hint's move: applied, but not hers); Ida predicts 6a wrong, 6b right, 6c wrong; Tom predicts
  6a wrong, then 6b right. 3 students missed it (4 of 7 attempts, 57 %), and 2 of them (Lea, Ida) not right
  by the end.

By who ever missed it (the rule up to session 24) both concepts tie at 3 students and the larger share
wins: Wunschkarte, which all three learned in the lesson. By who is still missing it: verbotene Teiler.
The test counts who is still missing each concept itself, from the raw events and ``concepts.json`` read
as JSON, never through the report's code.
"""
from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any

import chemgames
from chemgames.record.report import build

NBSP = "\u00a0"
CONCEPTS = json.loads((Path(chemgames.__file__).resolve().parent / "games" / "raeumab" / "data" / "concepts.json")
                      .read_text("utf-8"))
SESSIONS = [{"id": "t1", "game": "raeumab", "table": "", "lesson": "7b", "names": ["Ali", "Ben"],
             "setup": {"game": "raeumab", "players": 2, "seed": 1, "lang": "de", "options": {}}}]


def _move(student: str, rule: str, steps: tuple[str, ...] = (), hint: bool = False) -> dict[str, Any]:
    facts: dict[str, Any] = {"steps": list(steps)}
    if hint:
        facts["hint"] = True
    return {"student": student, "session": "t1", "game": "raeumab", "kind": "move", "rule": rule, "facts": facts,
            "seat": 0, "at": 0, "ok": True}


def _refused(student: str, rule: str) -> dict[str, Any]:
    return {"student": student, "session": "t1", "game": "raeumab", "kind": "refused", "rule": rule, "facts": {},
            "seat": 0, "at": 0, "ok": False}


def _predict(student: str, task: str, ok: bool) -> dict[str, Any]:
    return {"student": student, "session": f"w-{student}", "game": "raeumab", "kind": "prediction", "task": task,
            "ok": ok, "secs": 30.0}


EVENTS = [
    *(e for who in ("Ali", "Ben", "Cem") for e in (_refused(who, "ra.wish_once"), _refused(who, "ra.wish_once"),
                                                   _move(who, "ra.wish_swap"))),
    _predict("Lea", "6a", False), _move("Lea", "ra.double_pair", ("ra.gcd", "ra.ban_removes"), hint=True),
    _predict("Ida", "6a", False), _predict("Ida", "6b", True), _predict("Ida", "6c", False),
    _predict("Tom", "6a", False), _predict("Tom", "6b", True),
]


def still_missing(events: list[dict[str, Any]]) -> dict[str, dict[str, set[str]]]:
    """Per concept: who missed it, and who is still missing it (no right attempt of their own, a hint's move
    not counted, after their last miss), in the order of the events; counted here from concepts.json."""
    runs: dict[tuple[str, str], list[bool | None]] = defaultdict(list)  # True right, False missed, None the hint's
    for e in events:
        if e["kind"] == "prediction":
            found = [CONCEPTS["worksheet"][e["task"]]]
        else:
            found = [CONCEPTS["rules"].get(e["rule"])] + [CONCEPTS["steps"].get(s) for s in e["facts"].get("steps", [])]
        for concept in dict.fromkeys(c for c in found if c):
            hinted = bool((e.get("facts") or {}).get("hint"))
            runs[concept, e["student"]].append(None if hinted else bool(e["ok"]))
    out: dict[str, dict[str, set[str]]] = defaultdict(lambda: {"missed": set(), "still": set()})
    for (concept, who), run in runs.items():
        if False in run:
            out[concept]["missed"].add(who)
            last = len(run) - 1 - run[::-1].index(False)
            if True not in run[last + 1:]:
                out[concept]["still"].add(who)
    return out


def test_what_next_is_the_concept_students_are_still_missing_not_the_one_they_learned() -> None:
    ours = still_missing(EVENTS)
    assert ours["wunschkarte"] == {"missed": {"Ali", "Ben", "Cem"}, "still": set()}
    assert ours["verbotene_teiler"] == {"missed": {"Lea", "Ida", "Tom"}, "still": {"Lea", "Ida"}}
    for lang, why, after in (
            ("de", f"Bis zuletzt nicht richtig bei 2 von 6 Schüler·innen (Fehler bei 3): 4 von 7 Versuchen (57{NBSP}%) "
                   "abgelehnt oder falsch vorhergesagt", "danach richtig: 1 von 3 Schüler·innen"),
            ("en", "not right by the end for 2 of 6 students (missed by 3): 4 of 7 attempts (57%) refused or "
                   "predicted wrong", "right afterwards: 1 of 3 students")):
        r = build(EVENTS, SESSIONS, lang)
        assert (r["next"]["game"], r["next"]["concept"]) == ("raeumab", "verbotene_teiler"), r["next"]
        assert r["next"]["why"] == why
        assert (r["next"]["still"], r["next"]["students"], r["next"]["bad"], r["next"]["attempts"]) == (2, 3, 4, 7)
        rows = {x["concept"]: x for x in r["concepts"]}
        for concept, mine in ours.items():  # every concept's figures as this test counts them
            assert (rows[concept]["struggled_n"], rows[concept]["still_n"]) == (len(mine["missed"]), len(mine["still"]))
        # the table's row says both figures the order rests on: missed at all, and right afterwards (3 - 1 = 2 still)
        assert rows["verbotene_teiler"]["recovered_line"] == after
        # the table "By concept" is ordered as the suggestion weighs: verbotene Teiler before Wunschkarte
        order = [x["concept"] for x in r["concepts"]]
        assert order.index("verbotene_teiler") < order.index("wunschkarte"), order


def test_when_everyone_who_missed_a_concept_got_it_right_the_line_says_so() -> None:
    # only the Wunschkarte: missed by 3, all right afterwards; still the thing most missed, said as such
    events = EVENTS[:9]
    assert still_missing(events)["wunschkarte"]["still"] == set()
    for lang, why in (("de", f"Fehler bei 3 von 3 Schüler·innen (danach richtig: 3): 6 von 9 Versuchen (67{NBSP}%) "
                             "abgelehnt oder falsch vorhergesagt"),
                      ("en", "missed by 3 of 3 students (right afterwards: 3): 6 of 9 attempts (67%) refused or "
                             "predicted wrong")):
        r = build(events, SESSIONS, lang)
        assert r["next"]["concept"] == "wunschkarte" and r["next"]["why"] == why


def test_one_student_still_missing_is_said_in_the_singular() -> None:
    events = [_refused("Ali", "ra.wish_once"), _move("Ali", "ra.wish_swap"), _refused("Ali", "ra.wish_once")]
    assert still_missing(events)["wunschkarte"] == {"missed": {"Ali"}, "still": {"Ali"}}
    r = build(events, SESSIONS, "de")
    assert r["next"]["why"] == (f"Bis zuletzt nicht richtig bei 1 von 1 Schüler·in (Fehler bei 1): 2 von 3 Versuchen "
                                f"(67{NBSP}%) abgelehnt oder falsch vorhergesagt")
    assert build(events, SESSIONS, "en")["next"]["why"].startswith("not right by the end for 1 of 1 student (missed by 1)")
