"""The notebook's record: a game widget's moves, refusals, hints and advice, and worksheet
predictions, land in chemgames-saves/chemgames-record.jsonl under the typed name."""
from __future__ import annotations

import chemgames
from chemgames.record import local
from chemgames.widgets import GameWidget
from chemgames.worksheets import worksheet


def send(w: GameWidget, msg: dict) -> None:
    w._handle_custom_msg({**msg, "version": w.version}, [])  # as the browser's message arrives


def act(w: GameWidget, kind: str, **params: object) -> None:
    p = w.game.current_player
    send(w, {"type": "act", "action": {"game": "chemiekarten", "player": p, "kind": kind, "params": params}})


def test_widget_moves_refusals_and_hints_are_recorded(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("CHEMGAMES_SAVES", str(tmp_path))
    local.name("Lena")
    g = chemgames.new_game("chemiekarten", players=2, seed=1, lang="de", dealer=1,
                           hands=[["Na", "Na", "O", "Cl", "H", "C", "Mg"], ["H"] * 7])
    w = GameWidget(g, seats=["human", "greedy"])
    act(w, "select", card="Na")
    act(w, "select", card="O")
    act(w, "confirm")                         # NaO: refused, the charges do not add up to zero
    send(w, {"type": "hint"})
    act(w, "select", card="Na")
    act(w, "confirm")                         # Na2O
    sessions, events = local.load(local.hand_in())
    assert [s["setup"]["seed"] for s in sessions] == [1]
    mine = [(e["kind"], e["rule"] if e["kind"] != "hint" else "") for e in events if e["kind"] != "bot"]
    assert mine == [("move", "ck.selected"), ("move", "ck.selected"), ("refused", "ck.unbalanced"), ("hint", ""),
                    ("move", "ck.selected"), ("move", "ck.compound")]
    refused = next(e for e in events if e["kind"] == "refused")
    assert refused["student"] == "Lena" and refused["at"] == 2
    terms = next(s["terms"] for s in refused["facts"]["steps"] if "terms" in s)
    assert terms == [["Na", 1, 1], ["O", 1, -2]]
    assert all(e["secs"] is None or e["secs"] >= 0 for e in events)


def test_record_switched_off(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("CHEMGAMES_SAVES", str(tmp_path))
    monkeypatch.setenv("CHEMGAMES_RECORD", "0")
    w = worksheet("chemiekarten", lang="de", solutions=False).task(2)
    w.predict("yes")
    assert not local.record_file().exists()


def test_prediction_recorded_once(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("CHEMGAMES_SAVES", str(tmp_path))
    local.name("Tom")
    w = worksheet("chemiekarten", lang="de", solutions=False).task(2)
    w.predict("yes")
    w.predict("no")  # committed: changes nothing, records nothing
    _, events = local.load(local.hand_in())
    assert [(e["student"], e["task"], e["ok"], e["facts"]["prediction"]) for e in events] == [("Tom", "2", False, "ja")]


def test_the_students_notebook_never_loads_sqlite() -> None:
    """The JupyterLite kernel loads sqlite3 apart: the games, worksheets and the report of a folder
    must work without it (only the teacher's SQLite file needs it)."""
    import subprocess
    import sys

    code = ("import sys, chemgames.widgets, chemgames.worksheets, chemgames.record, chemgames.widgets.report; "
            "print('sqlite3' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def _hot_seat_lesson(tmp_path, monkeypatch, *names: str):
    """Ben's notebook, a hot-seat game of Räum-Ab! with a classmate at seat 2: Ben plays only
    legal pairs, the classmate tries a pair of coprime cards of two colours whenever one is free."""
    from math import gcd

    monkeypatch.setenv("CHEMGAMES_SAVES", str(tmp_path / "saves"))
    local.name(*names)
    g = chemgames.new_game("raeumab", players=2, seed=3, lang="de")
    w = GameWidget(g, seats=["human", "human"])
    tried = 0
    for _ in range(60):
        if g.is_over:
            break
        view = g.view(None)
        cards, free = view["cards"], [i for i in view["free"] if view["cards"][str(i)]["kind"] == "number"]
        pairs = [[a, b] for a in free for b in free if a < b and cards[str(a)]["suit"] != cards[str(b)]["suit"]
                 and gcd(cards[str(a)]["value"], cards[str(b)]["value"]) == 1]
        send(w, {"type": "claim", "seat": g.current_player})  # "Ich bin Spieler N": the one at the screen
        if g.current_player == 1 and pairs:
            send(w, {"type": "act", "action": {"game": "raeumab", "player": 1, "kind": "pair", "params": {"cards": pairs[0]}}})
            tried += 1
        send(w, {"type": "act", "action": g.legal_actions()[0].to_json()})
    assert tried >= 2
    folder = tmp_path / "abgaben"
    folder.mkdir()
    (folder / "ben.jsonl").write_bytes(local.hand_in().read_bytes())
    return chemgames.report(folder=str(folder), lang="de", names=True).report, tried


def test_a_hot_seat_partners_mistakes_are_not_the_notebook_owners(tmp_path, monkeypatch) -> None:
    report, tried = _hot_seat_lesson(tmp_path, monkeypatch, "Ben")
    coprime = next(m for m in report["misconceptions"] if m["key"] == "ra.coprime")
    assert [(w["name"], w["n"]) for w in coprime["who"]] == [("Platz 2 bei Ben", tried)]
    ben = next(s for s in report["students"] if s["name"] == "Ben")
    assert not any(c["refused"] for c in ben["cells"]), ben  # Ben made no mistake


def test_a_hot_seat_partner_named_gets_their_own_row(tmp_path, monkeypatch) -> None:
    report, tried = _hot_seat_lesson(tmp_path, monkeypatch, "Ben", "Ida")
    coprime = next(m for m in report["misconceptions"] if m["key"] == "ra.coprime")
    assert [(w["name"], w["n"]) for w in coprime["who"]] == [("Ida", tried)]
    assert {s["name"] for s in report["students"]} == {"Ben", "Ida"}
