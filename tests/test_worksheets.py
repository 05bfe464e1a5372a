"""The worksheets' prediction tasks: nothing of an answer is in the synced traits before the student
commits a prediction (so "Run All" and the saved notebook reveal nothing), the engine answers once a
prediction is committed, the teacher switch shows every solution, and what a student reads is prose
and formulas in their language."""
from __future__ import annotations

import json
import re
from decimal import Decimal
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from chemgames.chemistry.elements import atomic_mass
from chemgames.chemistry.masses import molar_mass_line
from chemgames.core.i18n import format_number
from chemgames.games.chemix.layout import atom_counts
from chemgames.widgets.predict import SOLUTIONS_ENV, PredictWidget
from chemgames.worksheets import SHEETS, worksheet
from chemgames.worksheets import chemix as chemix_sheet

ROOT = Path(__file__).resolve().parents[1]
TASKS = [(g, lang, n) for g in SHEETS for lang in ("de", "en") for n in worksheet(g, lang).numbers]


def synced(w: PredictWidget) -> str:
    """Everything the browser (and the notebook's saved widget state) holds of the widget."""
    return json.dumps({k: v for k, v in w.get_state().items() if k in w.keys and not k.startswith("_")}, ensure_ascii=False)


@pytest.fixture(autouse=True)
def no_teacher_switch(monkeypatch):
    monkeypatch.delenv(SOLUTIONS_ENV, raising=False)


@pytest.mark.parametrize("game,lang,number", TASKS)
def test_no_answer_is_synced_before_a_prediction_is_committed(game, lang, number):
    w = worksheet(game, lang).task(number)
    before = synced(w)
    assert w.result == {} and w.answer_calls == 0
    shown = worksheet(game, lang, solutions=True).task(number).result
    secrets = [shown["title"], *(s["text"] for s in shown["steps"]), *(s["math"]["text"] for s in shown["steps"] if s["math"])]
    leaked = [s for s in secrets if len(s) > 12 and s in before and s not in w.task["question"]]  # a lead-in may repeat the question
    assert not leaked, leaked
    if w.task["kind"] not in ("choice", "multi"):  # a choice's answer is one of its options, by design
        assert shown["answer"] not in before


@pytest.mark.parametrize("game,lang,number", TASKS)
def test_the_solution_reads_as_prose_and_formulas(game, lang, number):
    r = worksheet(game, lang, solutions=True).task(number).result
    assert r["teacher"] and r["answer"]
    texts = [r["answer"], r["title"], *(s["text"] for s in r["steps"]), *(s["math"]["text"] for s in r["steps"] if s["math"])]
    for text in texts:
        assert not re.search(r"\{'|'\w+':|\[\d+(?:, \d+)*\]|\b(?:cx|ra|ck|chr|me|mt|ws)\.[a-z_]+\b|\b[a-z]+_[a-z_]+\b", text), text
        assert "**" not in text and "None" not in text, text
    assert worksheet(game, lang).task(number).task["question"] != f"ws.{game}.{number}"


def test_committing_a_prediction_asks_the_engine_once_and_says_whether_it_was_right():
    w = worksheet("chromino", "de").task("2a")
    w.predict("abc")
    assert w.result == {} and w.answer_calls == 0 and "Zahl" in w.error
    r = w.predict("25")
    assert r["correct"] is True and r["prediction"] == "25" and r["answer"] == "25 Palindrome" and w.answer_calls == 1
    assert w.predict("30")["prediction"] == "25" and w.answer_calls == 1  # committed: it stays
    assert "abgegeben" in w.error  # another prediction after the answer: told why nothing changed
    w.predict(" 25")  # the same again (a double click on the button): no alert under the answer
    assert w.error == "" and w.answer_calls == 1
    multi = worksheet("metallurgie", "de").task("3")
    multi.predict(["1,1", "2,0"])
    multi.predict(["2,0", "1,1"])  # the same ticks, sent again
    assert multi.error == "" and multi.answer_calls == 1
    wrong = worksheet("chromino", "en").task("2a").predict("30")
    assert wrong["correct"] is False and wrong["answer"] == "25 palindromes"


def test_choice_multi_and_text_predictions():
    w = worksheet("chemiekarten", "de").task("3")
    w.predict("5")  # not an option: refused, nothing shown
    assert w.result == {} and w.error
    assert w.predict("3")["correct"] is True
    m = worksheet("metallurgie", "en").task("3")
    assert m.predict(["1,1", "1,2", "2,0", "2,2", "3,0"])["correct"] is False  # one neighbour missing
    assert m.result["prediction"] == "(2|0), (3|0), (1|1), (1|2), (2|2)" and m.result["chosen"] == ["2,0", "3,0", "1,1", "1,2", "2,2"]
    assert worksheet("metallurgie", "en").task("3").predict(["3,1", "1,1", "1,2", "2,0", "2,2", "3,0"])["correct"] is True
    mass = worksheet("chemix", "de", solutions=True).task("5").result["answer"].split()[0]  # e.g. "28,06"
    assert worksheet("chemix", "de").task("5").predict(mass)["correct"] is True
    off = format_number(Decimal(mass.replace(",", ".")) + Decimal("0.1"), "de", 2)  # 0,1 g/mol off
    assert worksheet("chemix", "de").task("5").predict(off)["correct"] is False


def test_the_teacher_switch_shows_the_solutions(monkeypatch):
    assert worksheet("raeumab", "de").task("1").result == {}
    monkeypatch.setenv(SOLUTIONS_ENV, "1")
    w = worksheet("raeumab", "de").task("1")
    assert w.solutions and w.result["teacher"] and w.result["answer"] == "36 hat 9 Teiler."
    assert worksheet("raeumab", "de", solutions=False).task("1").result == {}


def test_the_browser_cannot_write_the_result():
    w = worksheet("raeumab", "en").task("2")
    w.set_state({"result": {"answer": "forged", "correct": True}})
    assert w.result == {}
    w.receive({"type": "reveal"})
    assert w.result == {} and w.error


def test_every_mass_a_worksheet_prints_is_the_game_s_own():
    question = worksheet("chemix", "de").task("5").task["question"]
    for symbol, value in re.findall(r"\b([A-Z][a-z]?) (\d+,\d+)", question):
        assert value == format_number(atomic_mass(symbol), "de", 2), symbol
    formula, entry = chemix_sheet.last_compound()
    counts = atom_counts(tuple(entry.action.get("layout")))
    r = worksheet("chemix", "de", solutions=True).task("5").result
    assert r["answer"] == f"{format_number(molar_mass_line(counts).total, 'de', 2)} g/mol"
    metals = worksheet("metallurgie", "de", solutions=True).task("1b").result
    for line in metals["steps"]:
        symbol = re.search(r"\((\w+)\)", line["text"]).group(1)
        assert f"M = {format_number(atomic_mass(symbol), 'de', 2)} g/mol" in line["text"]
    for path in ROOT.glob("lessons/*/*.ipynb"):  # no table of masses typed into a worksheet
        text = path.read_text("utf-8")
        assert not re.search(r"\b(?:1[,.]01|12[,.]01|16[,.]00|55[,.]85)\b", text), path


def test_catalogs_have_the_same_keys_in_both_languages():
    root = ROOT / "chemgames" / "worksheets" / "catalog"
    de, en = (json.loads((root / f"{lang}.json").read_text("utf-8")) for lang in ("de", "en"))
    assert set(de) == set(en)
    predict = ROOT / "chemgames" / "widgets" / "catalog" / "predict"
    assert set(json.loads((predict / "de.json").read_text("utf-8"))) == set(json.loads((predict / "en.json").read_text("utf-8")))


WORKSHEETS = sorted(ROOT.glob("lessons/*/arbeitsblatt.ipynb")) + sorted(ROOT.glob("lessons/*/worksheet.ipynb"))


def test_every_lesson_has_a_worksheet_in_both_languages():
    for game in SHEETS:
        assert (ROOT / "lessons" / game / "arbeitsblatt.ipynb").exists() and (ROOT / "lessons" / game / "worksheet.ipynb").exists()
        assert (ROOT / "lessons" / game / "README.md").exists() and (ROOT / "lessons" / game / "README.en.md").exists()


@pytest.mark.parametrize("path", WORKSHEETS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_run_all_reveals_no_answer(path, tmp_path):
    """Run every cell, as "Run All" does, and read the widget state the notebook would save."""
    nb = nbformat.read(path, as_version=4)
    assert all(not c.get("outputs") for c in nb.cells if c.cell_type == "code"), "saved without outputs"
    client = NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}},
                            store_widget_state=True)
    client.execute()
    states = nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    tasks = [s["state"] for s in states.values() if "result" in s["state"] and "task" in s["state"]]
    n_tasks = sum(1 for c in nb.cells if c.cell_type == "code" and re.search(r"\.(?:aufgabe|task)\(", c.source))
    assert len(tasks) == n_tasks > 0
    assert all(t["result"] == {} for t in tasks)
    text = json.dumps([c.get("outputs", []) for c in nb.cells], ensure_ascii=False)
    assert "Traceback" not in text and "waiting" in text


def test_the_notebooks_are_what_the_generator_writes():
    """``tools/make_worksheets.py`` holds both languages' texts: a notebook edited by hand would drift."""
    import runpy

    tool = runpy.run_path(str(ROOT / "tools" / "make_worksheets.py"))
    assert set(tool["SHEETS"]) == set(SHEETS)
    for game in tool["SHEETS"]:
        for lang, name in tool["FILES"].items():
            on_disk = json.loads((ROOT / "lessons" / game / name).read_text("utf-8"))
            assert on_disk == tool["notebook"](game, lang), f"lessons/{game}/{name}: run tools/make_worksheets.py"
            code = "".join("".join(c["source"]) for c in on_disk["cells"] if c["cell_type"] == "code")
            assert re.findall(r'\.(?:aufgabe|task)\("([^"]+)"\)', code) == worksheet(game, lang).numbers  # each task once
