"""``bench/bench_bots.py --record``: a long match keeps every finished game and a second run
resumes it (issue 31: 200 games a game do not fit in one run on the shared machine)."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1] / "bench" / "bench_bots.py"


def _run(*args: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(BENCH.parents[1])}
    done = subprocess.run([sys.executable, str(BENCH), *args], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_recorded_match_is_resumed_not_replayed(tmp_path):
    record = tmp_path / "chemix.jsonl"
    match = ["--game", "chemix", "--paired", "--level", "easy", "--budget", "0.02", "--opponent", "random",
             "--record", str(record)]
    _run(*match, "--games", "2")
    first = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    assert [(x["i"], x["seed"], x["seat"]) for x in first] == [(0, 10000, 0), (1, 10000, 1)]
    assert all(x["ours"] and x["score"] in (0.0, 0.5, 1.0) for x in first)

    # a torn last line (a run killed while writing) is skipped, and that game played again
    with record.open("a", encoding="utf-8") as f:
        f.write('{"key": "chemix|random|2|')
    out = _run(*match, "--games", "3")
    lines = record.read_text(encoding="utf-8").splitlines()
    played = [json.loads(line) for line in lines[3:]]  # line 3: the torn one
    assert [x["i"] for x in played] == [2], "games 0 and 1 were read back, only game 2 was played"
    assert lines[:2] == [json.dumps(x) for x in first], "what was recorded stays as it was"
    score = sum(x["score"] for x in first + played)
    row = next(line for line in out.splitlines() if line.startswith("chemix "))
    assert row.split()[2] == "3" and f"{score / 3:.1%}" in row, row

    summary = _run("--summary", str(record))
    assert "games 3 (numbers 0–2)" in summary and f"score {score / 3:.1%}" in summary, summary
    # the same row as a line of RESULTS-bots.md's table: match, games (deals), score, interval
    table = _run("--summary", str(record), "--markdown").splitlines()
    assert table[0].startswith("| match | games (deals) |") and len(table) == 3, table
    assert table[2].startswith("| chemix vs random, paired, easy, 0.02 s | 3 (10000–10001) |"), table[2]
    assert re.search(rf"\| \*\*{score / 3:.1%}\*\* \| \d+\.\d%–\d+\.\d% \|", table[2]), table[2]


def test_the_opponent_may_think_longer_or_shorter_than_our_bot(monkeypatch):
    """``--opponent-budget``: OpenSpiel's bot gets its own budget (issue 31, session 15: what four times the
    time does for our bot alone), and the record's key says so, so such games are never read back as a
    match of equal budgets."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_bots_under_test", BENCH)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    given = []

    class Field:  # stands in for OpenSpiel's bot: notes its budget, lays the first legal action
        def __init__(self, game, players, budget, seed):
            given.append(budget)
            self.times, self.simulations = [], []

        def choose(self, game):
            return game.legal_actions()[0]

    monkeypatch.setattr(bench, "FieldBot", Field)
    monkeypatch.setattr(bench, "OPPONENT_BUDGET", [0.03])
    bench._one_game("chromino", "ismcts", 0, "easy", 0.01, 2, {}, [], paired=True)
    assert given == [0.03]
    assert bench._key("chromino", "ismcts", 0, {}, True, "easy", 0.01).endswith("|easy|0.01/0.03")
    monkeypatch.setattr(bench, "OPPONENT_BUDGET", [None])
    bench._one_game("chromino", "ismcts", 0, "easy", 0.01, 2, {}, [], paired=True)
    assert given == [0.03, 0.01], "without the option both bots get the same budget"


def test_our_bot_may_play_our_bot_tuned_otherwise(monkeypatch):
    """``--opponent search`` (session 20): a change screened head to head against the bot as committed (or
    as ``--opponent-tune`` says), at the same level, budget and iterations; the other bot's tuning is part
    of the record's key, so two such matches are never read back as one."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_bots_under_test", BENCH)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    monkeypatch.setattr(bench, "OPPONENT_TUNE", [{"lines": "two_ways"}])
    other = bench._opponent("search", "chromino", 3, 0.05, "easy", 7)
    assert isinstance(other, bench.SearchBot)
    assert (other.tuning, other.budget, other.iterations, other.level) == ({"lines": "two_ways"}, 0.05, 7, "easy")
    assert bench._key("chromino", "search", 3, {}, True, "easy", 0.05).startswith("chromino|search(lines=two_ways)|3||")
    assert bench._one_game("chromino", "search", 0, "easy", 0.01, 2, {}, [], paired=True) in (0.0, 0.5, 1.0)


def test_each_game_at_several_budgets_one_after_the_other(tmp_path):
    """``--budgets 0.1,0.3`` (issue 31, session 24): every game is played at each budget in turn, both bots
    given that budget, so the budgets are compared on the same deals and seats under the same load; the
    record keys them apart and ``--summary`` prints the paired difference of the later budget against the first."""
    record = tmp_path / "budgets.jsonl"
    _run("--game", "chemix", "--paired", "--level", "easy", "--budgets", "0.01,0.02", "--opponent", "random",
         "--games", "2", "--record", str(record))
    lines = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    assert [(x["i"], x["key"].rsplit("|", 1)[1]) for x in lines] == [(0, "0.01"), (0, "0.02"), (1, "0.01"), (1, "0.02")]
    summary = _run("--summary", str(record))
    assert "chemix|random||paired|easy|0.02 against chemix|random||paired|easy|0.01 on the same 2 games" in summary, summary


def test_the_other_search_bots_times_are_recorded(monkeypatch):
    """``--opponent search`` (session 26): the other search bot's processor seconds a decision with a choice go
    to the record's ``theirs`` as OpenSpiel's do, so "no decision over 1 s" is checked for both bots of a
    head-to-head screen (sessions 24–25 recorded none)."""
    import importlib.util
    import time

    spec = importlib.util.spec_from_file_location("bench_bots_under_test", BENCH)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    seen: list[float] = []  # the other bot's own account: each call that weighed moves, timed around it

    class Other(bench.SearchBot):
        def choose(self, game):
            planned = self.has_plan(game)
            t0 = time.process_time()
            action = super().choose(game)
            if not planned and len(self.last.labels) > 1:
                seen.append(time.process_time() - t0)
            return action

    made = bench._opponent
    monkeypatch.setattr(bench, "_opponent", lambda name, *a, **k: (
        Other(seed=7, level="easy", budget=0.01, iterations=2) if name == "search" else made(name, *a, **k)))
    bench.OPPONENT_TIMES.clear()
    mine: list[float] = []
    bench._one_game("chromino", "search", 0, "easy", 0.01, 2, {}, mine, paired=True)
    assert mine and seen, "both bots had decisions with a choice"
    assert len(bench.OPPONENT_TIMES) == len(seen), (bench.OPPONENT_TIMES, seen)
    assert all(abs(a - b) < 0.01 for a, b in zip(bench.OPPONENT_TIMES, seen)), (bench.OPPONENT_TIMES, seen)
