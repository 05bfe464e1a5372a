"""A simulated class (24 bot students at 6 tables of two games, with seeded, known mistakes, and
their worksheet answers) gives a report whose top misconceptions and per-student rows are exactly
the injected ones; the examples replay to the refusal the student saw."""
from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from chemgames.record.events import Recorder, facts_of
from chemgames.record.replay import replay
from chemgames.record.report import build
from chemgames.record.simulate import class_plan
from chemgames.worksheets.simulate import WRONG_TASKS, simulate_class
from chemgames.record.store import RecordStore

INJECTED = {"o_minus_1": ("chemiekarten", "oxidationszahl_o", "ck.charge_as:O:-1"),
            "ban_ignored": ("raeumab", "verbotene_teiler", "ra.ban_ignored"),
            "coprime": ("raeumab", "gemeinsamer_teiler", "ra.coprime")}

# one worker for the module: the simulated class (the fixture ``lesson``) is played once, not once on each
# pytest-xdist worker its six tests are spread over. 700 actions a table (s22g; 1,500 before: the class took 26.0 and 21.6 s
# against 15.0 and 13.5 s, alternating fresh processes at load 12): 500 still pass every test here and 300 do not, and with the report's ranking broken (by count, not by
# students) the same three tests fail at 700 as at 1,500
pytestmark = pytest.mark.xdist_group("record_report")


@pytest.fixture(scope="module")
def lesson() -> tuple[list, list, list]:
    events: list = []
    sessions: list = []
    pupils = simulate_class(Recorder(events.append, sessions.append, lesson="7b Chemie"), max_actions=700)
    return pupils, events, sessions


def test_the_class(lesson) -> None:
    pupils, events, sessions = lesson
    assert len(pupils) >= 24 and len({p.table for p in pupils}) == 6 and len({p.game for p in pupils}) == 2
    assert len({e["student"] for e in events if e["kind"] == "refused"}) == sum(1 for p in pupils if p.mistakes)


def test_top_misconceptions_are_the_injected_ones(lesson) -> None:
    pupils, events, sessions = lesson
    report = build(events, sessions, "de")
    top = report["misconceptions"]
    assert [m["key"] for m in top][0] == "ck.charge_as:O:-1"  # five students: the most common
    assert {m["key"] for m in top} == {key for _, _, key in INJECTED.values()}
    for m in top:
        mistake = next(k for k, (_, _, key) in INJECTED.items() if key == m["key"])
        assert m["students"] == sum(1 for p in pupils if mistake in p.mistakes)
        tables = {p.table for p in pupils if mistake in p.mistakes}
        assert m["spread"].endswith(f" an {len(tables)} von 3 Tischen")
        assert m["examples"] and all(x["text"].startswith("z. B.") for x in m["examples"])
    o = top[0]
    assert o["text"] == "O als −1 gerechnet"
    for x in o["examples"]:  # metal + c·O laid, the formula with O as −2 named; where the metal's peroxide is real
        # (Na2O2, CaO2: O −1), the example says so (s21b), as the reference (chemistry.substance) knows it
        attempt, right, real = re.fullmatch(r"z\. B\. (\S+) gelegt statt (\S+?)(?:; so zählt O wirklich in (\S+), doch die "
                                            r"Karte hat nur −2)?", x["text"]).groups()
        assert attempt.count("O") == 1 and right.count("O") == 1 and attempt != right
        assert real is None or _is_peroxide(real), x["text"]


def _is_peroxide(formula: str) -> bool:
    """A real substance in which every O counts −1, as the reference (chemistry.substance) gives its numbers."""
    from chemgames.chemistry.substances import substance

    plain = formula.translate(str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789"))
    s = substance(plain)
    return s.known and s.oxidation_states is not None and s.oxidation_states["O"] == -1


def test_each_students_row_shows_their_own_mistakes(lesson) -> None:
    pupils, events, sessions = lesson
    report = build(events, sessions, "en")
    columns = [(c["game"], c["concept"]) for c in report["columns"]]
    rows = {r["name"]: r for r in report["students"]}
    assert set(rows) == {p.name for p in pupils}
    for p in pupils:
        cells = dict(zip(columns, rows[p.name]["cells"]))
        for mistake, (game, concept, _) in INJECTED.items():
            if game != p.game:
                continue
            cell = cells[game, concept]
            assert (cell["refused"] > 0) == (mistake in p.mistakes), (p.name, mistake, cell)
        wrong = {(g, c) for (g, c), cell in cells.items() if cell["wrong"]}
        expected = {(p.game, concept) for m in p.mistakes for concept in
                    {__import__("chemgames.record.concepts", fromlist=["concepts"]).concepts(p.game).of_task(t)
                     for t in WRONG_TASKS[m]}}
        assert wrong == expected, p.name


def test_prediction_accuracy_per_task_and_what_next(lesson) -> None:
    pupils, events, sessions = lesson
    report = build(events, sessions, "de")
    task2 = next(t for t in report["tasks"] if t["game"] == "chemiekarten" and t["task"] == "2")
    assert (task2["n"], task2["right_n"]) == (12, 7) and task2["right"] == "7 von 12 richtig (58\u00a0%)"
    assert task2["concept"] == "Oxidationszahl von O"
    took = int(re.fullmatch(r"Median (\d+) s", task2["time"]).group(1))  # the bots take 30 to 120 s a task
    assert 30 <= took <= 120
    rows = report["concepts"]
    # what next: the concept the most students missed (s22d), here O counted as −1 by five of the twelve
    # chemistry students (refused and task 2 predicted wrong), not the larger share of the four who ignored a ban
    o_students = sum(1 for p in pupils if "o_minus_1" in p.mistakes)
    chem_students = sum(1 for p in pupils if p.game == "chemiekarten")
    worst = next(r for r in rows if r["concept"] == "oxidationszahl_o")
    assert report["next"]["concept"] == worst["concept"] and report["next"]["tasks"] == ["2"]
    # each of them still missing it (s24h): the worksheets come after the tables, and task 2 was their last word
    for p in pupils:
        if "o_minus_1" in p.mistakes:
            mine = [e for e in events if e["student"] == p.name]
            last_task2 = max(i for i, e in enumerate(mine) if e["kind"] == "prediction" and e["task"] == "2")
            assert not mine[last_task2]["ok"] and all(e["kind"] == "prediction" for e in mine[last_task2:]), p.name
    assert report["next"]["why"].startswith(f"Bis zuletzt nicht richtig bei {o_students} von {chem_students} Schüler·innen "
                                            f"(Fehler bei {o_students}): "), report["next"]
    assert report["next"]["text"].startswith(worst["name"])
    en = build(events, sessions, "en")
    assert en["next"]["text"].startswith(next(r["name"] for r in en["concepts"] if r["concept"] == worst["concept"]))
    assert en["misconceptions"][0]["text"] == "O counted as −1"


def test_an_example_replays_the_refusal(lesson) -> None:
    pupils, events, sessions = lesson
    report = build(events, sessions, "de")
    example = report["misconceptions"][0]["examples"][0]
    game, explanation, event = replay(events, sessions, example["event"], lang="en")
    assert not explanation.ok and explanation.rule == "ck.unbalanced" == event["rule"]
    assert len(game.log) == event["at"]
    assert facts_of(explanation, numbers=True)["steps"] == event["facts"]["steps"]  # the very numbers recorded
    assert explanation.title == "The charges do not add up to zero."


def test_store_round_trip_and_the_teachers_rights(lesson, tmp_path) -> None:
    pupils, events, sessions = lesson
    store = RecordStore(tmp_path / "chemgames-record.db")
    for s in sessions:
        store.add_session(s)
    for e in events:
        store.add(e)
    back = store.events("7b Chemie")
    assert len(back) == len(events)
    assert build(back, store.sessions(), "de")["misconceptions"] == build(events, sessions, "de")["misconceptions"]
    data = json.loads(store.export_json())
    assert len(data["events"]) == len(events) and data["sessions"]
    assert store.export_csv().count("\n") == len(events) + 1
    name = pupils[0].name
    assert store.delete_student(name) > 0 and name not in store.students()
    store.retention_days = 30
    assert store.purge(now=max(e["ts"] for e in events) + 31 * 86400) > 0 and store.events() == []
    assert store.delete_lesson("7b Chemie") == 0 and store.sessions() == []
    with pytest.raises(ValueError):
        store.retention_days = 0
    store.close()


def _planted_refusals(events: list, mistake: str) -> Counter:
    """Each student's refusals that show ``mistake``, read from the raw events by this test's own
    rules (not the report's reader): O counted −1 balances the cards laid; a pair whose only common
    divisors were forbidden; a pair with no common divisor and two colours."""
    out: Counter = Counter()
    for e in events:
        if e["kind"] != "refused":
            continue
        steps = {s["key"] for s in e["facts"].get("steps", [])}
        if mistake == "o_minus_1" and e["rule"] == "ck.unbalanced":
            terms = next(s["terms"] for s in e["facts"]["steps"] if s.get("terms"))
            metal = [t for t in terms if t[0] != "O"]
            oxygen = sum(n for label, n, _ in terms if label == "O")
            # one metal card and O cards that balance at O −1 with a charge printed on the metal
            if len(metal) == 1 and metal[0][1] == 1 and oxygen and _charges_balance(metal[0][0], oxygen, -1):
                out[e["student"]] += 1
        elif mistake == "ban_ignored" and e["rule"] == "ra.no_pair" and "ra.ban_leaves_none" in steps:
            out[e["student"]] += 1
        elif mistake == "coprime" and e["rule"] == "ra.no_pair" and {"ra.gcd_one", "ra.other_colours"} <= steps:
            out[e["student"]] += 1
    return out


def _charges_balance(symbol: str, oxygen: int, charge: int) -> bool:
    from chemgames.games.chemiekarten.cards import card_set

    return any(q + oxygen * charge == 0 for q in card_set()[symbol].charges)


def test_each_misconception_names_its_students_and_a_clean_one_never(lesson) -> None:
    pupils, events, sessions = lesson
    report = build(events, sessions, "de")
    for m in report["misconceptions"]:
        mistake = next(k for k, (_, _, key) in INJECTED.items() if key == m["key"])
        planted = {p.name for p in pupils if mistake in p.mistakes}
        counted = _planted_refusals(events, mistake)
        assert set(counted) == planted and counted  # the simulation made the mistake it was told to
        assert [(w["name"], w["n"]) for w in m["who"]] == sorted(counted.items(), key=lambda kv: (-kv[1], kv[0]))
        game = INJECTED[mistake][0]
        of = sum(1 for p in pupils if p.game == game)
        tables = {p.table for p in pupils if mistake in p.mistakes}
        assert m["spread"] == f"{len(planted)} von {of} Schüler·innen an {len(tables)} von 3 Tischen", m["spread"]
    en = build(events, sessions, "en")["misconceptions"][0]
    assert en["spread"] == f"{en['students']} of 12 students at 3 of 3 tables", en["spread"]


def test_each_worksheet_task_names_who_predicted_wrong(lesson) -> None:
    pupils, events, sessions = lesson
    for t in build(events, sessions, "de")["tasks"]:
        wrong = sorted((p.name for p in pupils if p.game == t["game"]
                        and any(t["task"] in WRONG_TASKS[m] for m in p.mistakes)), key=str.casefold)
        assert t["wrong_names"] == wrong, (t["game"], t["task"])


def test_each_concept_shows_its_wrong_predictions_and_share(lesson) -> None:
    """The concepts' table shows, beside the refusals, the wrong predictions of the concept's
    worksheet tasks and the share of both in the attempts: the measure "what to practise next"
    names, so the teacher can compare the concepts (counted here from the raw predictions and the
    games' concept files)."""
    from fractions import Fraction
    from importlib import resources

    pupils, events, sessions = lesson
    report = build(events, sessions, "de")
    for row in report["concepts"]:
        data = json.loads(resources.files(f"chemgames.games.{row['game']}").joinpath("data", "concepts.json").read_text("utf-8"))
        wrong = sum(1 for e in events if e["kind"] == "prediction" and e["game"] == row["game"] and not e["ok"]
                    and data["worksheet"].get(e["task"]) == row["concept"])
        assert row["wrong"] == wrong and row["wrong_text"] == (str(wrong) if wrong else "–"), row
        whole = int(Fraction(100 * (row["refused"] + wrong), row["attempts"]) + Fraction(1, 2))
        assert row["share"] == f"{whole}\u00a0%", row
    chosen = next(r for r in report["concepts"] if r["concept"] == report["next"]["concept"])
    assert f"{chosen['refused'] + chosen['wrong']} von {chosen['attempts']} Versuchen ({chosen['share']})" in report["next"]["why"]
    assert build(events, sessions, "en")["concepts"][0]["share"].endswith("%")
    for game in {r["game"] for r in report["concepts"]}:  # the weakest concept of each game first: most students, then share
        order = [(r["struggled_n"], Fraction(r["refused"] + r["wrong"], r["attempts"])) for r in report["concepts"] if r["game"] == game]
        assert order == sorted(order, reverse=True), game
