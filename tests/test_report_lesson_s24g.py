"""The teacher sees what the class learned: every figure the class report shows, checked against a count
made without the report's code.

1. A record made by hand (three students, two games, a class table and notebooks, moves, refusals, a hint,
   a worksheet prediction), each figure the teacher reads written here as the words she reads, in German
   and English: the summary, each concept's attempts, refusals, "N-mal richtig angewandt, M-mal abgelehnt",
   who missed it, the share, each student's cell and its spoken label, the misconception's spread and who
   showed it, the task's share, what to practise next.
2. A lesson played through as a class plays it: Räum-Ab! and Das Chemie-Kartenspiel in the students'
   notebooks (handed in, one file a student; one game saved and resumed, a "Tipp" clicked while the bot
   thinks) and Räum-Ab! at two class tables recorded by the table server's recorder. The test tallies what
   it made each student do; the raw record must hold exactly that, and the report each figure as this
   test counts it from the raw record (``concepts.json`` read as JSON here, never through the report).
"""
from __future__ import annotations

import json
import sqlite3
from collections import Counter, defaultdict
from math import gcd
from pathlib import Path
from typing import Any

import chemgames
from chemgames.record import local
from chemgames.record.report import build
from chemgames.record.store import RecordStore
from chemgames.record.tables import TableRecorder
from chemgames.widgets import GameWidget

NBSP = "\u00a0"


def shown_share(row: dict[str, Any]) -> str:
    """The share column as ``widgets/report.js`` draws it: a dash where nothing was missed."""
    return row["share"] if row["refused"] + row["wrong"] else "–"


# ---------------------------------------------------------------------------------------------- 1. by hand
def _ev(student: str, session: str, game: str, kind: str, rule: str = "", steps: tuple[str, ...] = (),
        **more: Any) -> dict[str, Any]:
    facts: dict[str, Any] = {"steps": list(steps)} if kind == "move" else {}
    if "params" in more:
        facts["params"] = more.pop("params")
    return {"student": student, "session": session, "game": game, "kind": kind, "rule": rule, "facts": facts,
            "seat": 0, "at": 0, **more}


HAND_SESSIONS = [
    {"id": "t1", "game": "raeumab", "table": "Tisch aaaa1111", "number": 1, "lesson": "7b", "names": ["Mia", "Ali"],
     "setup": {"game": "raeumab", "players": 2, "seed": 1, "lang": "de", "options": {}}},
    {"id": "n1", "game": "raeumab", "table": "", "lesson": "7b", "names": ["Zoe", "greedy"],
     "setup": {"game": "raeumab", "players": 2, "seed": 2, "lang": "de", "options": {}}},
    {"id": "n2", "game": "chemiekarten", "table": "", "lesson": "7b", "names": ["Zoe", "greedy"],
     "setup": {"game": "chemiekarten", "players": 2, "seed": 3, "lang": "de", "options": {"real_only": True}}},
]
HAND_EVENTS = [
    _ev("Mia", "t1", "raeumab", "move", "ra.double_pair", ("ra.gcd",)),                  # gT
    _ev("Mia", "t1", "raeumab", "move", "ra.simple_pair", ("ra.factorised", "ra.gcd", "ra.same_colour")),  # gT, P, F
    _ev("Mia", "t1", "raeumab", "refused", "ra.wish_once"),                              # W refused
    _ev("Ali", "t1", "raeumab", "refused", "ra.wish_once"),                              # W refused
    _ev("Ali", "t1", "raeumab", "refused", "ra.wish_once"),                              # W refused
    _ev("Ali", "t1", "raeumab", "move", "ra.wish_swap"),                                 # W applied
    _ev("Ali", "t1", "raeumab", "refused", "ra.not_free"),                               # how the game goes: no row
    _ev("Ali", "t1", "raeumab", "hint"),
    _ev("greedy", "t1", "raeumab", "bot", "ra.simple_pair", ("ra.gcd",)),                # a bot: never counted
    _ev("Zoe", "n1", "raeumab", "move", "ra.double_pair", ("ra.gcd", "ra.ban_removes")),  # gT, V
    {"student": "Zoe", "session": "w1", "game": "raeumab", "kind": "prediction", "task": "2", "ok": False, "secs": 42.0},
    _ev("Zoe", "n2", "chemiekarten", "move", "ck.selected"),                             # how the game goes
    _ev("Zoe", "n2", "chemiekarten", "move", "ck.compound", ("ck.not_divisible",), params={"formula": "Na2O"}),
]


def test_a_record_made_by_hand_reads_as_counted_by_hand_in_german() -> None:
    r = build(HAND_EVENTS, HAND_SESSIONS, "de")
    assert r["summary"] == "3 Schüler·innen · 1 Tisch · 12 Aktionen"
    ra = [c for c in r["concepts"] if c["game"] == "raeumab"]
    assert [(c["name"], c["attempts_text"], c["refused_text"], c["wrong_text"], shown_share(c)) for c in ra] == [
        ("Wunschkarte", "4", "3", "–", f"75{NBSP}%"),                # 2 of 3 students missed it: first
        ("gemeinsamer Teiler/ggT", "4", "0", "1", f"25{NBSP}%"),     # 3 moves and Zoe's wrong prediction
        ("gleiche Farbe", "1", "0", "–", "–"),
        ("Primfaktoren und Teiler", "1", "0", "–", "–"),
        ("verbotene Teiler", "1", "0", "–", "–"),
    ]
    assert [(c["applied_line"], c["struggled_line"]) for c in ra] == [
        ("1-mal richtig angewandt, 3-mal abgelehnt", "Fehler bei 2 von 3 Schüler·innen"),
        ("3-mal richtig angewandt", "Fehler bei 1 von 3 Schüler·innen"),
        ("1-mal richtig angewandt", ""), ("1-mal richtig angewandt", ""), ("1-mal richtig angewandt", ""),
    ]
    ck = [c for c in r["concepts"] if c["game"] == "chemiekarten"]  # Na2O under "real substances only"
    assert [(c["concept"], c["attempts"], c["applied_line"]) for c in ck] == [
        ("echte_stoffe", 1, "1-mal richtig angewandt"), ("kleinste_einheit", 1, "1-mal richtig angewandt"),
        ("ladungsausgleich", 1, "1-mal richtig angewandt"), ("oxidationszahl_o", 1, "1-mal richtig angewandt")]
    group = next(g for g in r["groups"] if g["game"] == "raeumab")
    cells = {s["name"]: [c["text"] for c in s["cells"]] for s in group["students"]}
    assert cells == {"Ali": ["2/3", "", "", "", ""], "Mia": ["1/1", "2", "1", "1", ""], "Zoe": ["", "1/2", "", "", "1"]}
    labels = {s["name"]: s["cells"][0]["label"] for s in group["students"]}
    assert labels["Ali"] == "Wunschkarte: 3 Versuche, 2 abgelehnt, 0 Vorhersagen falsch"
    assert labels["Mia"] == "Wunschkarte: 1 Versuch, 1 abgelehnt, 0 Vorhersagen falsch"
    zoe = next(s for s in group["students"] if s["name"] == "Zoe")
    assert zoe["cells"][1]["label"] == "gemeinsamer Teiler/ggT: 2 Versuche, 0 abgelehnt, 1 Vorhersage falsch"
    assert [(s["name"], s["asked_text"]) for s in group["students"]] == [("Ali", "1"), ("Mia", ""), ("Zoe", "")]
    [mis] = r["misconceptions"]
    assert (mis["spread"], mis["times"], mis["who_text"]) == (
        "2 von 3 Schüler·innen an 1 von 1 Tisch", "3-mal", "Bei: Ali (2-mal), Mia (1-mal)")
    [task] = r["tasks"]
    assert (task["right"], task["time"], task["wrong_text"]) == (f"0 von 1 richtig (0{NBSP}%)", "Median 42 s", "falsch: Zoe")
    assert r["next"]["concept"] == "wunschkarte"
    # Mia's refusal was her last word on the wish card (Ali swapped one right after his): 1 still, 2 at all
    assert r["next"]["why"] == (f"Bis zuletzt nicht richtig bei 1 von 3 Schüler·innen (Fehler bei 2): 3 von 4 Versuchen "
                                f"(75{NBSP}%) abgelehnt oder falsch vorhergesagt")


def test_a_record_made_by_hand_reads_as_counted_by_hand_in_english() -> None:
    r = build(HAND_EVENTS, HAND_SESSIONS, "en")
    assert r["summary"] == "3 students · 1 table · 12 actions"
    ra = [c for c in r["concepts"] if c["game"] == "raeumab"]
    assert [(c["name"], c["share"], c["applied_line"], c["struggled_line"]) for c in ra[:2]] == [
        ("wish card", "75%", "applied 1 time, refused 3 times", "missed by 2 of 3 students"),
        ("common divisor/gcd", "25%", "applied 3 times", "missed by 1 of 3 students")]
    group = next(g for g in r["groups"] if g["game"] == "raeumab")
    labels = {s["name"]: s["cells"][0]["label"] for s in group["students"]}
    assert labels == {"Ali": "wish card: 3 attempts, 2 refused, 0 predictions wrong",
                      "Mia": "wish card: 1 attempt, 1 refused, 0 predictions wrong",
                      "Zoe": "wish card: 0 attempts, 0 refused, 0 predictions wrong"}
    [mis] = r["misconceptions"]
    assert (mis["spread"], mis["times"], mis["who_text"]) == (
        "2 of 3 students at 1 of 1 table", "3 times", "Shown by: Ali (2 times), Mia (1 time)")
    assert r["tasks"][0]["right"] == "0 of 1 right (0%)"
    assert r["next"]["why"] == "not right by the end for 1 of 3 students (missed by 2): 3 of 4 attempts (75%) refused or predicted wrong"


def test_one_student_one_table_one_action_are_said_in_the_singular() -> None:
    r = build(HAND_EVENTS[2:3], HAND_SESSIONS, "de")
    assert r["summary"] == "1 Schüler·in · 1 Tisch · 1 Aktion"
    assert build(HAND_EVENTS[2:3], HAND_SESSIONS, "en")["summary"] == "1 student · 1 table · 1 action"


# ---------------------------------------------------------------------------------------------- 2. a lesson
DATA = Path(chemgames.__file__).resolve().parent / "games"
FLOW = "spielablauf"


def _concepts(game: str) -> dict[str, Any]:
    return json.loads((DATA / game / "data" / "concepts.json").read_text("utf-8"))


def _send(w: GameWidget, msg: dict[str, Any]) -> None:
    w._handle_custom_msg({**msg, "version": w.version}, [])  # as the browser's message arrives


def _coprime_pair(g: Any) -> list[int] | None:
    """Two free number cards of two colours without a common divisor: a pair the rules refuse, the
    misconception "coprime numbers taken for a pair" (``ra.coprime``)."""
    view = g.view(None)
    cards = view["cards"]
    free = [i for i in view["free"] if cards[str(i)]["kind"] == "number"]
    pairs = [[a, b] for a in free for b in free if a < b and cards[str(a)]["suit"] != cards[str(b)]["suit"]
             and gcd(cards[str(a)]["value"], cards[str(b)]["value"]) == 1]
    return pairs[0] if pairs else None


class Tally:
    """What the test made each student do: (student, game) -> moves made, attempts refused (with the
    concept this test knows each refusal shows), hints asked and answered."""

    def __init__(self) -> None:
        self.moves: Counter[tuple[str, str]] = Counter()
        self.refused: Counter[tuple[str, str, str]] = Counter()
        self.hints: Counter[str] = Counter()
        self.hinted: Counter[tuple[str, str]] = Counter()  # moves the "Tipp" button made or prepared


def _mia(tmp_path: Path, monkeypatch: Any, tally: Tally) -> None:
    """Mia's notebook: Räum-Ab! against the greedy bot. She twice tries a coprime pair, asks for a hint
    once, clicks "Tipp" in every bot's pause (refused: not her turn), and after her third move the game is
    saved and resumed in a new widget (the next lesson, or a restarted kernel)."""
    monkeypatch.setenv("CHEMGAMES_SAVES", str(tmp_path / "mia"))
    local.name("Mia")
    w = GameWidget(chemgames.new_game("raeumab", players=2, seed=3, lang="de"), seats=["human", "greedy"])
    own = tried = 0
    for _ in range(60):
        g = w.game
        if g.is_over or own >= 7:
            break
        if g.current_player == 1:
            _send(w, {"type": "hint"})  # refused: the bot's turn
            w.bot_turn()
            continue
        pair = _coprime_pair(g)
        if tried < 2 and pair is not None:
            n = len(g.log)
            _send(w, {"type": "act", "action": {"game": "raeumab", "player": 0, "kind": "pair", "params": {"cards": pair}}})
            assert len(g.log) == n
            tally.refused["Mia", "raeumab", "gemeinsamer_teiler"] += 1
            tried += 1
        n = len(g.log)
        if own == 1:  # she asks for a hint and lets its button play it
            _send(w, {"type": "hint"})
            tally.hints["Mia"] += 1
            _send(w, {"type": "hint_play", "index": 0})
            tally.hinted["Mia", "raeumab"] += 1
        else:
            _send(w, {"type": "act", "action": g.legal_actions()[0].to_json()})
        assert len(g.log) == n + 1
        tally.moves["Mia", "raeumab"] += 1
        own += 1
        if own == 3:
            saved = w.save()
            w = GameWidget(chemgames.new_game("raeumab", players=2, seed=99, lang="de"), seats=["human", "greedy"])
            w.resume(saved)
    assert tried == 2 and own == 7


def _ben(tmp_path: Path, monkeypatch: Any, tally: Tally) -> None:
    """Ben's notebook: Das Chemie-Kartenspiel; NaO refused (O counted as −1), then Na₂O; in his next turn the
    "Tipp" button prepares a compound and he confirms it."""
    monkeypatch.setenv("CHEMGAMES_SAVES", str(tmp_path / "ben"))
    local.name("Ben")
    g = chemgames.new_game("chemiekarten", players=2, seed=1, lang="de", dealer=1,
                           hands=[["Na", "Na", "O", "Cl", "H", "C", "Mg"], ["H"] * 7])
    w = GameWidget(g, seats=["human", "greedy"])

    def act(kind: str, **params: Any) -> bool:
        n = len(g.log)
        _send(w, {"type": "act", "action": {"game": "chemiekarten", "player": 0, "kind": kind, "params": params}})
        return len(g.log) > n

    for card in ("Na", "O"):
        assert act("select", card=card)
    assert not act("confirm")
    tally.refused["Ben", "chemiekarten", "oxidationszahl_o"] += 1
    assert act("select", card="Na") and act("confirm")
    tally.moves["Ben", "chemiekarten"] += 4
    w.bot_turn()
    assert g.current_player == 0
    _send(w, {"type": "hint"})
    tally.hints["Ben"] += 1
    n = len(g.log)
    _send(w, {"type": "hint_play", "index": 0})  # prepares: the cards chosen, the confirmation left to him
    assert len(g.log) > n and g.log[-1].action.kind != "confirm"
    assert act("confirm") and g.log[-1].explanation.rule == "ck.compound"
    tally.moves["Ben", "chemiekarten"] += len(g.log) - n
    tally.hinted["Ben", "chemiekarten"] += len(g.log) - n


def _tables(path: Path, tally: Tally) -> None:
    """Two Räum-Ab! tables of class 7b, recorded as the table server records them (its hook is called
    where the authority applies or refuses a student's move): Ada and Cem at table 1, Ada trying three
    coprime pairs; Dana beside a bot at table 2."""
    from types import SimpleNamespace

    store = RecordStore(path)
    rec = TableRecorder(store)
    for number, names, seed in ((1, ["Ada", "Cem"], 5), (2, ["Dana", None], 6)):
        table = SimpleNamespace(id=f"table-{number}", class_id="7b", code=f"K7P2{number}", players=2, number=number)
        g = chemgames.new_game("raeumab", players=2, seed=seed, lang="de")
        for seat, name in enumerate(names):
            if name:
                rec.named(table, seat, name)
        acted = rec.hook(lambda _id, g=g: g)
        tried = 0
        for _ in range(24):
            if g.is_over:
                break
            p = g.current_player
            assert p is not None
            who = names[p]
            if who is None:  # the table's bot: the server plays it, no hook
                g.apply(g.legal_actions()[0])
                continue
            pair = _coprime_pair(g)
            if who == "Ada" and tried < 3 and pair is not None:
                bad = g.action_from_json({"game": "raeumab", "player": p, "kind": "pair", "params": {"cards": pair}})
                verdict = g.check(bad)
                assert not verdict.ok
                acted(table, p, bad, verdict, False)
                tally.refused["Ada", "raeumab", "gemeinsamer_teiler"] += 1
                tried += 1
            a = g.legal_actions()[0]
            verdict = g.check(a)
            g.apply(a)
            acted(table, p, a, verdict, True)
            tally.moves[who, "raeumab"] += 1
    store.flush()
    store.close()


def _raw_file(path: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    events, sessions = [], []
    for line in path.read_text("utf-8").splitlines():
        x = json.loads(line)
        if x.get("type") == "event":
            events.append(x)
        elif x.get("type") == "session":
            sessions.append(x)
    names = [x["name"] for x in map(json.loads, path.read_text("utf-8").splitlines()) if x.get("type") == "name"]
    for e in events:  # a notebook's own seat is named by the name typed in it
        e["student"] = e.get("student") or names[-1]
    return events, sessions


def _raw_db(path: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    with sqlite3.connect(path) as db:
        db.row_factory = sqlite3.Row
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        assert {"events", "sessions"} <= tables
        rows = [dict(r) for r in db.execute("SELECT * FROM events ORDER BY id")]
        se_rows = [{**dict(r), "table": r["tbl"]} for r in db.execute("SELECT * FROM sessions")]
    return rows, se_rows


STUDENT_KINDS = ("move", "refused", "prediction", "hint", "advice")


def _tags(e: dict[str, Any], setup: dict[str, Any]) -> list[str]:
    """The concepts an accepted move applies, read from the game's concepts.json here."""
    c = _concepts(e["game"])
    facts = e.get("facts") or {}
    found = [c["rules"].get(e.get("rule") or "")] + [c["steps"].get(k) for k in facts.get("steps", [])]
    fs = c.get("formula_symbols") or {}
    if fs and fs.get("rule") == e.get("rule"):
        formula = str((facts.get("params") or {}).get(fs["param"], ""))
        found += [concept for symbol, concept in fs["concepts"].items()
                  if any(formula[i:i + len(symbol)] == symbol and not formula[i + len(symbol):i + len(symbol) + 1].islower()
                         for i in range(len(formula)))]
    for option, by_rule in (c.get("option_rules") or {}).items():
        if (setup.get("options") or {}).get(option) is True and e.get("rule") in by_rule:
            found.append(by_rule[e["rule"]])
    return [x for x in dict.fromkeys(found) if x]


def _expected(events: list[dict[str, Any]], sessions: list[dict[str, Any]], tally: Tally, lang: str) -> dict[str, Any]:
    """Every figure of the report, counted from the raw record (the refusals' concepts as the tally knows them)."""
    setup = {s["id"]: s.get("setup") or {} for s in sessions}
    mine = [e for e in events if e["kind"] in STUDENT_KINDS and e.get("student")]
    students = {e["student"] for e in mine}
    of_game: dict[str, set[str]] = defaultdict(set)
    applied: Counter[tuple[str, str]] = Counter()
    hinted: Counter[tuple[str, str]] = Counter()
    refused: Counter[tuple[str, str]] = Counter()
    cell: Counter[tuple[str, str, str, str]] = Counter()
    concept_of_refusal = {(s, g): c for (s, g, c) in tally.refused}
    last: dict[tuple[str, str, str], str] = {}  # what each student's last event at a concept was: "hit" or "miss"
    for e in mine:
        who, game = e["student"], e["game"]
        of_game[game].add(who)
        if e["kind"] == "move":
            for concept in _tags(e, setup.get(e["session"], {})):
                applied[game, concept] += 1
                cell[who, game, concept, "a"] += 1
                if (e.get("facts") or {}).get("hint"):
                    hinted[game, concept] += 1  # the button's move: no sign the student can do it
                else:
                    last[who, game, concept] = "hit"
        elif e["kind"] == "refused":
            concept = concept_of_refusal[who, game]
            refused[game, concept] += 1
            cell[who, game, concept, "a"] += 1
            cell[who, game, concept, "r"] += 1
            last[who, game, concept] = "miss"
    tables = {s["table"] for s in sessions if s.get("table") and any(e["session"] == s["id"] for e in mine)}
    return {"students": students, "tables": len(tables), "events": len(mine), "of_game": of_game,
            "applied": applied, "hinted": hinted, "refused": refused, "cell": cell, "last": last,
            "asked": Counter(e["student"] for e in mine if e["kind"] in ("hint", "advice"))}


def _plural(n: int, one: str, other: str) -> str:
    return one if n == 1 else other


def _applied_line(a: int, r: int, lang: str, h: int = 0) -> str:
    if lang == "de":
        said = f"{a}-mal richtig angewandt" + (f" (davon {h} mit Tipp)" if h else "")
        return f"{said}, {r}-mal abgelehnt" if r else said
    said = f"applied {a} {_plural(a, 'time', 'times')}" + (f" ({h} of them with a hint)" if h else "")
    return f"{said}, refused {r} {_plural(r, 'time', 'times')}" if r else said


def _check(report: dict[str, Any], x: dict[str, Any], lang: str) -> None:
    s, t, n = len(x["students"]), x["tables"], x["events"]
    if lang == "de":
        parts = [f"{s} {_plural(s, 'Schüler·in', 'Schüler·innen')}"] + ([f"{t} {_plural(t, 'Tisch', 'Tische')}"] if t else []) \
            + [f"{n} {_plural(n, 'Aktion', 'Aktionen')}"]
    else:
        parts = [f"{s} {_plural(s, 'student', 'students')}"] + ([f"{t} {_plural(t, 'table', 'tables')}"] if t else []) \
            + [f"{n} {_plural(n, 'action', 'actions')}"]
    assert report["summary"] == " · ".join(parts)
    rows = {(r["game"], r["concept"]): r for r in report["concepts"]}
    keys = {k for k in set(x["applied"]) | set(x["refused"]) if k[1] != FLOW}
    assert set(rows) == keys
    for (game, concept), row in rows.items():
        a, r = x["applied"][game, concept], x["refused"][game, concept]
        assert (row["applied"], row["refused"], row["attempts"]) == (a, r, a + r), (game, concept, row)
        assert row["applied_line"] == _applied_line(a, r, lang, x["hinted"][game, concept]), row["applied_line"]
        missed = sum(1 for who in x["of_game"][game] if x["cell"][who, game, concept, "r"])
        k = len(x["of_game"][game])
        spoken = (f"Fehler bei {missed} von {k} {_plural(k, 'Schüler·in', 'Schüler·innen')}" if lang == "de"
                  else f"missed by {missed} of {k} {_plural(k, 'student', 'students')}")
        assert row["struggled_line"] == (spoken if missed else ""), row["struggled_line"]
        right = sum(1 for who in x["of_game"][game] if x["cell"][who, game, concept, "r"] and x["last"][who, game, concept] == "hit")
        spoken = (f"danach richtig: {right} von {missed} {_plural(missed, 'Schüler·in', 'Schüler·innen')}" if lang == "de"
                  else f"right afterwards: {right} of {missed} {_plural(missed, 'student', 'students')}")
        assert row["recovered_line"] == (spoken if missed else ""), row["recovered_line"]
        # why refused: every refusal of this lesson is one kind a concept, so the reasons add up to the refusals
        assert sum(int(reason["n"]) for reason in row["reasons"]) == r, row["reasons"]
    for group in report["groups"]:
        assert {p["name"] for p in group["students"]} == x["of_game"][group["game"]]
        for person in group["students"]:
            n = x["asked"][person["name"]]
            assert person["asked_text"] == (str(n) if n else ""), person
            for col, c in zip(group["columns"], person["cells"]):
                a = x["cell"][person["name"], group["game"], col["concept"], "a"]
                r = x["cell"][person["name"], group["game"], col["concept"], "r"]
                assert c["text"] == (f"{r}/{a}" if r else str(a) if a else ""), (person["name"], col, c)


def test_a_lesson_played_through_reads_in_the_report_as_counted_from_the_record(tmp_path: Path, monkeypatch: Any) -> None:
    tally = Tally()
    folder = tmp_path / "abgaben"
    folder.mkdir()
    for student, play in (("mia", _mia), ("ben", _ben)):
        play(tmp_path, monkeypatch, tally)
        (folder / f"{student}.jsonl").write_bytes(local.hand_in().read_bytes())
    db = tmp_path / "chemgames-record.db"
    _tables(db, tally)

    # the raw record holds what the students did: each move once (a resumed game's moves are not made
    # again), each refused attempt, each hint asked and answered (no "Tipp" clicked in a bot's pause)
    events, sessions = [], []
    for f in sorted(folder.iterdir()):
        ev, se = _raw_file(f)
        events += ev
        sessions += se
    t_events, t_sessions = _raw_db(db)
    for e in t_events:
        e.update({k: json.loads(e[k]) for k in ("facts", "action") if isinstance(e.get(k), str)})
    t_sessions = [{**s, **{k: json.loads(s[k]) for k in ("setup", "names") if isinstance(s.get(k), str)}} for s in t_sessions]
    for evs in (events, t_events):
        kinds = Counter((e["student"], e["game"], e["kind"]) for e in evs if e["kind"] in STUDENT_KINDS)
        for (who, game), n in tally.moves.items():
            if any(e["student"] == who for e in evs):
                assert kinds[who, game, "move"] == n, (who, game, kinds)
        for (who, game, _), n in tally.refused.items():
            if any(e["student"] == who for e in evs):
                assert kinds[who, game, "refused"] == n, (who, game, kinds)
        hinted = Counter((e["student"], e["game"]) for e in evs if e["kind"] == "move" and (e.get("facts") or {}).get("hint"))
        assert hinted == Counter({k: n for k, n in tally.hinted.items() if any(e["student"] == k[0] for e in evs)}), hinted
        asked = Counter(e["student"] for e in evs if e["kind"] in ("hint", "advice"))
        assert asked == Counter({w: n for w, n in tally.hints.items() if any(e["student"] == w for e in evs)}), asked
        assert {e["student"] for e in evs if e["kind"] in STUDENT_KINDS} <= {"Mia", "Ben", "Ada", "Cem", "Dana"}

    # the teacher opens the hand-ins and the tables' record, in German and in English
    for lang in ("de", "en"):
        handed = chemgames.report(folder=str(folder), lang=lang, names=True).report
        _check(handed, _expected(events, sessions, tally, lang), lang)
        at_tables = chemgames.report(db=str(db), lang=lang, names=True).report
        _check(at_tables, _expected(t_events, t_sessions, tally, lang), lang)
        # both at once: the lesson's tables and its hand-ins in one report, every student counted once
        both = chemgames.report(db=str(db), folder=str(folder), lang=lang, names=True).report
        _check(both, _expected(t_events + events, t_sessions + sessions, tally, lang), lang)
        assert both["summary"].startswith({"de": "5 Schüler·innen · 2 Tische · ", "en": "5 students · 2 tables · "}[lang])
    # on the projector (names hidden) every figure is the same, only the names are placeholders
    shown, hidden = (chemgames.report(db=str(db), lang="en", names=names).report for names in (True, False))
    assert [{k: v for k, v in r.items() if k != "reasons"} for r in shown["concepts"]] == \
        [{k: v for k, v in r.items() if k != "reasons"} for r in hidden["concepts"]]
    assert shown["summary"] == hidden["summary"] and [s["name"] for s in hidden["students"]] == ["Student 1", "Student 2", "Student 3"]
    assert [[c["text"] for c in s["cells"]] for s in shown["students"]] == [[c["text"] for c in s["cells"]] for s in hidden["students"]]
    coprime = next(m for m in at_tables["misconceptions"] if m["key"] == "ra.coprime")
    assert (coprime["spread"], coprime["who_text"]) == ("1 of 3 students at 1 of 2 tables", "Shown by: Ada (3 times)")
    # as a reader checks it against the tally: Mia made 7 pairs (each applies a common divisor; the hint's button
    # one of them), 2 refused, then paired again; Ben laid Na₂O after NaO, then the hint's compound with O; Ada was
    # refused 3 times among the tables' 3 students
    lines = {(r["game"], r["concept"]): (r["applied_line"], r["struggled_line"], r["recovered_line"]) for r in handed["concepts"]}
    assert lines["raeumab", "gemeinsamer_teiler"] == ("applied 7 times (1 of them with a hint), refused 2 times", "missed by 1 of 1 student",
                                                      "right afterwards: 1 of 1 student")
    assert lines["chemiekarten", "oxidationszahl_o"] == ("applied 2 times (1 of them with a hint), refused 1 time", "missed by 1 of 1 student",
                                                        "right afterwards: 1 of 1 student")
    gt = next(r for r in at_tables["concepts"] if r["concept"] == "gemeinsamer_teiler")
    assert (gt["refused"], gt["struggled_line"], gt["recovered_line"]) == (3, "missed by 1 of 3 students",
                                                                          "right afterwards: 1 of 1 student")


def test_each_concept_says_how_many_who_missed_it_got_it_right_afterwards() -> None:
    """What the class learned: of the students refused at a concept (or who predicted wrong), how many
    applied it correctly (or predicted right) after their last miss. Ali was refused twice at the wish card,
    then swapped it: right afterwards; Mia's refusal was her last word on it; Zoe's wrong prediction came
    after her move."""
    for lang, words in (("de", ["danach richtig: 1 von 2 Schüler·innen", "danach richtig: 0 von 1 Schüler·in"]),
                        ("en", ["right afterwards: 1 of 2 students", "right afterwards: 0 of 1 student"])):
        ra = [c for c in build(HAND_EVENTS, HAND_SESSIONS, lang)["concepts"] if c["game"] == "raeumab"]
        assert [c["recovered_line"] for c in ra] == [*words, "", "", ""]
        assert [c["recovered_n"] for c in ra[:2]] == [1, 0]
    # the same events, Mia's refusal moved after Ali's swap: the order within each student is what counts
    def wish(events: list[dict[str, Any]]) -> dict[str, Any]:
        return next(c for c in build(events, HAND_SESSIONS, "de")["concepts"] if c["concept"] == "wunschkarte")

    moved = HAND_EVENTS[:2] + HAND_EVENTS[3:6] + [HAND_EVENTS[2]] + HAND_EVENTS[6:]
    assert wish(moved)["recovered_n"] == 1
    # Ali's swap moved before his refusals: he was refused last, no one got it right afterwards
    swapped_first = HAND_EVENTS[:3] + [HAND_EVENTS[5], HAND_EVENTS[3], HAND_EVENTS[4]] + HAND_EVENTS[6:]
    assert wish(swapped_first)["recovered_line"] == "danach richtig: 0 von 2 Schüler·innen"
    # Mia swaps the wish card after her refusal: both right afterwards
    assert wish(HAND_EVENTS + [_ev("Mia", "t1", "raeumab", "move", "ra.wish_swap")])["recovered_line"] == \
        "danach richtig: 2 von 2 Schüler·innen"


def test_a_move_the_hint_played_is_said_apart_and_is_no_sign_of_learning() -> None:
    """Mia, refused at the wish card, lets the "Tipp" button swap it: applied, said "davon 1 mit Tipp", and not
    counted as Mia getting it right afterwards."""
    hinted = _ev("Mia", "t1", "raeumab", "move", "ra.wish_swap")
    hinted["facts"]["hint"] = True
    for lang, line in (("de", "2-mal richtig angewandt (davon 1 mit Tipp), 3-mal abgelehnt"),
                       ("en", "applied 2 times (1 of them with a hint), refused 3 times")):
        wish = next(c for c in build(HAND_EVENTS + [hinted], HAND_SESSIONS, lang)["concepts"] if c["concept"] == "wunschkarte")
        assert (wish["applied"], wish["applied_hint"], wish["applied_line"]) == (2, 1, line)
        assert wish["recovered_n"] == 1  # Ali only, as before


def test_a_refusal_repeated_in_a_notebook_counts_once_as_at_a_table(tmp_path: Path, monkeypatch: Any) -> None:
    """A click repeated in frustration is one refusal, in the notebook as at a class table (the server keeps
    each different attempt of a turn once, at most 8): "3-mal abgelehnt" means the same wherever it was played."""
    from chemgames.server.authority import REFUSALS_RECORDED

    monkeypatch.setenv("CHEMGAMES_SAVES", str(tmp_path / "lea"))
    local.name("Lea")
    g = chemgames.new_game("raeumab", players=2, seed=3, lang="de")
    w = GameWidget(g, seats=["human", "greedy"])
    view = g.view(None)
    free = [i for i in view["free"] if view["cards"][str(i)]["kind"] == "number"]
    tries = [[a, b] for a in free for b in free if a < b][:REFUSALS_RECORDED + 4]
    refused = []
    for pair in tries:
        n = len(g.log)
        _send(w, {"type": "act", "action": {"game": "raeumab", "player": 0, "kind": "pair", "params": {"cards": pair}}})
        if len(g.log) > n:
            break
        refused.append(pair)
        _send(w, {"type": "act", "action": {"game": "raeumab", "player": 0, "kind": "pair", "params": {"cards": pair}}})
    assert len(refused) > REFUSALS_RECORDED, "the deal gave too few refused pairs: the test proves nothing"
    _, events = local.load(local.hand_in())
    kept = [e["action"]["params"]["cards"] for e in events if e["kind"] == "refused"]
    assert kept == refused[:REFUSALS_RECORDED]


def test_numbers_past_a_thousand_are_grouped_as_each_language_writes_them() -> None:
    """1234 pairs and 1001 refusals: German groups with a dot, English with a comma, in every figure."""
    moves = [_ev("Mia", "t1", "raeumab", "move", "ra.double_pair") for _ in range(1234)]
    refusals = [_ev("Ali", "t1", "raeumab", "refused", "ra.wish_once") for _ in range(1001)]
    for lang, sep, words in (("de", ".", ("2 Schüler·innen · 1 Tisch · 2.235 Aktionen", "1.234-mal richtig angewandt",
                                          "0-mal richtig angewandt, 1.001-mal abgelehnt", "1.001 Versuche, 1.001 abgelehnt")),
                             ("en", ",", ("2 students · 1 table · 2,235 actions", "applied 1,234 times",
                                          "applied 0 times, refused 1,001 times", "1,001 attempts, 1,001 refused"))):
        r = build(moves + refusals, HAND_SESSIONS, lang)
        assert r["summary"] == words[0]
        rows = {c["concept"]: c for c in r["concepts"]}
        assert rows["gemeinsamer_teiler"]["applied_line"] == words[1]
        assert (rows["gemeinsamer_teiler"]["attempts_text"], rows["wunschkarte"]["refused_text"]) == (f"1{sep}234", f"1{sep}001")
        assert rows["wunschkarte"]["applied_line"] == words[2]
        group = r["groups"][0]
        ali = next(s for s in group["students"] if s["name"] == "Ali")
        cell = ali["cells"][[c["concept"] for c in group["columns"]].index("wunschkarte")]
        assert cell["text"] == f"1{sep}001/1{sep}001" and words[3] in cell["label"], cell
