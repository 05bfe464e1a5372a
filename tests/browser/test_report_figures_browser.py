"""The teacher's report at the end of the lesson, read at 1280×720 in German and English, every
figure on it recounted from the stored moves.

The class is simulated into the teacher's record file (``chemgames-record.db``, as the table server
writes it) on two days: yesterday's lesson at other tables, today's at six. The report of today's
lesson is opened the way docs/record.md says (``chemgames.report(db=..., lesson=...)``). The test
reads the page (one ``evaluate``) and recounts each figure with plain SQL on the file: students,
tables, actions, each worksheet task's right answers, share and median time, the hints each
student asked for, each misconception's count, students and tables, and each student's refused or
wrongly predicted attempts. Numbers in the locale's notation (German ``2.164``, English ``2,164``,
grouped by this test's own rule, not Babel's), plurals as the count needs them ("1 Versuch",
"1 Vorhersage falsch").

Screenshot ``report_figures_1280x720.png``.
"""
from __future__ import annotations

import json
import re
import sqlite3
import statistics
from collections import Counter, defaultdict
from dataclasses import replace
from fractions import Fraction

import pytest

import chemgames

from .lab import opened, shoot

pytestmark = pytest.mark.browser

TODAY, YESTERDAY = "7b 2026-11-28", "7b 2026-11-27"
KINDS = ("move", "refused", "prediction", "hint", "advice")

# everything the report shows, read from the page in one step (a redraw cannot fall between reads)
READ = """() => [...document.querySelectorAll('.cg-rp')].map((rp) => {
  const shown = (el) => { const c = el.cloneNode(true);  // the text a reader gets: no aria-hidden parts
    c.querySelectorAll('[aria-hidden=true]').forEach((x) => x.remove()); return c.textContent.trim(); };
  return {
    lang: rp.lang,
    summary: rp.querySelector('.cg-rp-header .cg-muted').textContent,
    mis: [...rp.querySelectorAll('.cg-rp-mis-head')].map(shown),
    who: [...rp.querySelectorAll('.cg-rp-mis-item')].map((li) => { const w = li.querySelector('.cg-rp-who');
      return w ? w.textContent : ''; }),
    concepts: [...rp.querySelectorAll('.cg-rp-table tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td.cg-rp-n')].map((td) => td.textContent)),
    tasks: [...rp.querySelectorAll('.cg-rp-tasks li')].map((li) => li.textContent.trim()),
    groups: [...rp.querySelectorAll('.cg-rp-students')].map((t) => ({
      caption: t.querySelector('caption').textContent,
      rows: [...t.querySelectorAll('tbody tr')].map((tr) => ({
        name: tr.querySelector('th').textContent,
        nums: [...tr.querySelectorAll('.cg-rp-num')].map((n) => n.textContent),
        labels: [...tr.querySelectorAll('.cg-rp-sr')].map((n) => n.textContent),
        hints: tr.querySelector('td:last-child').textContent })) })),
    width: rp.getBoundingClientRect().right,
  };
})"""


def grouped(n: int, lang: str) -> str:
    """``n`` with thousands grouped as the locale writes it (German a dot, English a comma)."""
    return f"{n:,}".replace(",", "." if lang == "de" else ",")


@pytest.fixture
def record_file(lab):
    """Yesterday's lesson (other tables, a few moves) and today's (24 students at 6 tables, their
    worksheets) in the teacher's record file, as the table server stores them (in the test's own folder, ``lab``)."""
    from chemgames.record.events import Recorder
    from chemgames.record.simulate import class_plan
    from chemgames.record.store import RecordStore
    from chemgames.worksheets.simulate import simulate_class

    path = lab.root / "chemgames-record.db"
    store = RecordStore(path)
    try:
        codes = {f"Tisch {t}": f"Tisch {c}" for t, c in zip(range(1, 7), ("Q4M7A", "R2K9B", "T8P3C", "W5N6D", "X7H2E", "Z3J4F"))}
        earlier = [replace(p, table=codes[p.table]) for p in class_plan()]
        simulate_class(Recorder(store.add, store.add_session, lesson=YESTERDAY), pupils=earlier, seed=2,
                       max_actions=30, worksheets=False)
        simulate_class(Recorder(store.add, store.add_session, lesson=TODAY), max_actions=300)
    finally:
        store.close()
    return path


def recount(path, lesson: str) -> dict:
    """The report's figures counted from the file with plain SQL and the stored facts."""
    db = sqlite3.connect(path)
    try:
        rows = db.execute("SELECT student, kind, game, session, rule, facts, ok, task, secs FROM events WHERE lesson = ?"
                          f" AND kind IN ({','.join('?' * len(KINDS))}) AND student <> ''", (lesson, *KINDS)).fetchall()
        table_of = dict(db.execute("SELECT id, tbl FROM sessions").fetchall())
    finally:
        db.close()
    used = {r[3] for r in rows}
    tables = {table_of[s] for s in used if table_of.get(s)}
    tables_of_game: dict[str, set] = defaultdict(set)
    for student, kind, game, session, *_ in rows:
        if table_of.get(session):
            tables_of_game[game].add(table_of[session])
    tasks: dict[tuple, list] = defaultdict(list)
    secs: dict[tuple, list] = defaultdict(list)
    hints: Counter = Counter()
    bad: Counter = Counter()  # refused attempts and wrong predictions of each student
    mistakes: dict[str, list] = defaultdict(list)  # kind of mistake -> (student, table) of each refusal
    for student, kind, game, session, rule, facts, ok, task, sec in rows:
        if kind == "prediction":
            tasks[game, task].append(bool(ok))
            secs[game, task].append(sec)
            bad[student] += not ok
        elif kind in ("hint", "advice"):
            hints[student] += 1
        elif kind == "refused":
            bad[student] += 1
            steps = {s["key"] for s in json.loads(facts).get("steps", [])}
            if rule == "ck.unbalanced" and _oxygen_at_minus_one_balances(json.loads(facts)):
                kind_ = "O"
            elif rule == "ra.no_pair" and "ra.ban_leaves_none" in steps:
                kind_ = "ban"
            elif rule == "ra.no_pair" and {"ra.gcd_one", "ra.other_colours"} <= steps:
                kind_ = "coprime"
            else:
                kind_ = rule
            mistakes[kind_].append((student, table_of.get(session), game))
    return {"students": {r[0] for r in rows}, "game_of": {(r[0], None, r[2]) for r in rows}, "tables": tables, "events": len(rows), "tasks": tasks, "secs": secs,
            "hints": hints, "bad": bad, "mistakes": mistakes, "tables_of_game": tables_of_game}


def _oxygen_at_minus_one_balances(facts: dict) -> bool:
    """The cards laid balance if O counted −1 (the other cards at any charge printed on them)."""
    from itertools import product

    from chemgames.games.chemiekarten.cards import card_set

    terms = next(s["terms"] for s in facts["steps"] if s.get("terms"))
    cards = card_set()
    choices = [[-1] if label == "O" else (list(cards[label].charges) if label in cards else [q])
               for label, _, q in terms]
    return any(label == "O" for label, _, _ in terms) and any(
        sum(n * q for (_, n, _), q in zip(terms, pick)) == 0 for pick in product(*choices))


def test_every_figure_of_the_report_is_recounted_from_the_stored_moves(browser, lab, record_file):
    name = lab.write_notebook("bericht_stunde.ipynb", [
        "import chemgames",
        f"chemgames.report(db='chemgames-record.db', lesson={TODAY!r}, lang='de', names=True)",
        f"chemgames.report(db='chemgames-record.db', lesson={TODAY!r}, lang='en', names=True)",
    ])
    with opened(browser, lab, name, timeout=120_000, step_timeout=30_000) as page:
        page.wait_for_function("document.querySelectorAll('.cg-rp .cg-rp-students').length >= 4", timeout=60_000)
        page.keyboard.press("Escape")
        page.keyboard.press("Control+b")  # the projector: the file browser closed
        page.wait_for_function("document.querySelector('#jp-left-stack').offsetWidth === 0"
                               " || document.querySelector('#jp-left-stack').classList.contains('lm-mod-hidden')")
        shoot(page, "report_figures_1280x720.png", top=".cg-rp-header")
        shown = {r["lang"]: r for r in page.evaluate(READ)}
    want = recount(record_file, TODAY)
    assert len(want["tables"]) == 6 and len(want["students"]) == 24 and want["events"] >= 1000  # the class as simulated
    for lang, r in shown.items():
        assert r["width"] <= 1280
        n_s, n_t, n_e = len(want["students"]), len(want["tables"]), want["events"]
        expected = (f"{n_s} Schüler·innen · {n_t} Tische · {grouped(n_e, 'de')} Aktionen" if lang == "de"
                    else f"{n_s} students · {n_t} tables · {grouped(n_e, 'en')} actions")
        assert r["summary"] == expected, (lang, r["summary"])
        # every number in a table in the locale's notation (no four digits without a separator)
        sep = "." if lang == "de" else ","
        for cell in [c for row in r["concepts"] for c in row] + [n for g in r["groups"] for row in g["rows"] for n in row["nums"]]:
            for number in re.findall(r"[\d.,]+", cell):
                assert re.fullmatch(rf"\d{{1,3}}(\{sep}\d{{3}})*", number), (lang, cell)
        # each worksheet task: right of all, the share, the median time
        for (game, task), results in want["tasks"].items():
            right, n = sum(results), len(results)
            # half up, as every number a reader sees; the sign as CLDR places it (de: no-break space)
            whole = int(Fraction(100 * right, n) + Fraction(1, 2))
            share = f"{whole}\u00a0%" if lang == "de" else f"{whole}%"
            med = f"{int(Fraction(statistics.median(want['secs'][game, task])) + Fraction(1, 2))} s"
            title = next(g.title for g in chemgames.games(lang) if g.id == game)
            line = next(t for t in r["tasks"] if t.startswith(f"{title}, {'Aufgabe' if lang == 'de' else 'task'} {task}:"))
            words = (f"{right} von {n} richtig ({share})", f"Median {med}") if lang == "de" else \
                (f"{right} of {n} right ({share})", f"median {med}")
            assert all(w in line for w in words), (lang, line, words)
        # each student: the hints asked, the refused or wrongly predicted attempts over their row's cells
        rows = {row["name"]: row for g in r["groups"] for row in g["rows"]}
        assert set(rows) == want["students"]
        for student, row in rows.items():
            assert row["hints"] == (str(want["hints"][student]) if want["hints"][student] else ""), (lang, student)
            bad = sum(int(x.split("/")[0]) for x in row["nums"] if "/" in x)
            assert bad == want["bad"][student], (lang, student, row["nums"])
            for label in row["labels"]:  # the screen reader's and the tooltip's words, plurals as the count needs
                assert not re.search(r"\b1 (Versuche|Vorhersagen|attempts|predictions)\b", label), (lang, label)
        # the three misconceptions: how often, by how many students, at how many of the game's tables
        heads = r["mis"]
        assert len(heads) == 3
        for kind, text in (("O", "O als −1 gerechnet" if lang == "de" else "O counted as −1"),
                           ("ban", "verbotenen Teiler" if lang == "de" else "forbidden divisor"),
                           ("coprime", "teilerfremde" if lang == "de" else "no common divisor")):
            k = next(i for i, h in enumerate(heads) if text in h)
            head = heads[k]
            found = want["mistakes"][kind]
            # the students who showed it, each with how often, the most often first
            often = Counter(student for student, _, _ in found)
            names = ", ".join(f"{name} ({n}-mal)" if lang == "de" else f"{name} ({n} time{'s' if n != 1 else ''})"
                              for name, n in sorted(often.items(), key=lambda kv: (-kv[1], kv[0])))
            assert r["who"][k] == (f"Bei: {names}" if lang == "de" else f"Shown by: {names}"), (lang, r["who"][k])
            game = found[0][2]
            at = {t for _, t, _ in found}
            of = len(want["tables_of_game"][game])
            who = {student for student, _, _ in found}
            played = {student for student, _, g in want["game_of"] if g == game}
            spread = (f"{len(who)} von {len(played)} Schüler·innen an {len(at)} von {of} Tischen" if lang == "de"
                      else f"{len(who)} of {len(played)} students at {len(at)} of {of} tables")
            times = f"{len(found)}-mal" if lang == "de" else f"{len(found)} times"
            assert head.startswith(f"{spread}:") and f"({times};" in head, (lang, head, spread, times)
        assert sum(len(v) for v in want["mistakes"].values()) == sum(
            len(v) for k, v in want["mistakes"].items() if k in ("O", "ban", "coprime"))  # no refusal of another kind
