"""Bot strength: the search bot against greedy, random or OpenSpiel's ISMCTS, two players, seats alternated.

Prints one row per game and opponent: games, wins/draws/losses of the search bot (a draw, a shared
win, counts half), its score with a 95 % Wilson interval, the search bot's mean and longest time per
decision and how many decisions took over 1 s (processor seconds of this process, i.e. one core:
other work on the machine does not change the figures, and the bot's iteration cap, not the clock,
decides what it finds), the opponent's mean time per decision with a choice, games a wall-clock
second, and the load average when the row was done.

``--record FILE``: every finished game is appended to FILE as one JSON line (its number, deal, seat,
score, both bots' times a decision, OpenSpiel's simulations, the load average, the commit), so a run
cut short keeps what it played; run again with the same FILE and the games already in it are read
back instead of played (a long match can be split over runs, or over two processes with ``--first``).
``--summary FILE`` prints the rows of a record without playing.

``--paired``: game *i* is deal 10000 + *i* // 2 with the search bot in seat *i* mod 2, so every
deal is played twice, once from each seat (the luck of a deal counts for both bots alike). Times
are compared over the decisions with a choice only (our bot's decisions with one candidate cost
nothing and would make its mean look smaller).

    python bench/bench_bots.py --games 200 --level medium          # the issue's measurement
    python bench/bench_bots.py --games 10 --budget 0.1 --game chemix   # a quick look
    nice -n 10 python bench/bench_bots.py --game chemuno --games 200 --paired \
        --level medium --budget 0.1 --iterations 100000 --opponent ismcts   # issue 31
    python bench/bench_bots.py --summary /tmp/chemix.jsonl   # the rows of a recorded match
    nice -n 19 python bench/bench_bots.py --game chromino --paired --budget 0.05 --iterations 100000 \
        --opponent search --tune lines=two_ways --first 800000 --games 200   # a change against the bot as committed
    python bench/bench_bots.py --summary /tmp/chemix.jsonl --markdown   # as rows of RESULTS-bots.md
    nice -n 10 python bench/bench_bots.py --game chromino --paired --budgets 0.1,0.3 --iterations 100000 \
        --opponent ismcts --first 4600 --games 2000 --record /tmp/b.jsonl   # two budgets on the same deals (session 24)
"""
from __future__ import annotations

import argparse
import gc
import json
import math
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import chemgames  # noqa: E402
from chemgames.bots import GreedyBot, RandomBot  # noqa: E402
from chemgames.bots.search import LEVELS, SearchBot  # noqa: E402
from chemgames.spiel.opponents import FieldBot  # noqa: E402

GAMES = ["chemix", "chemuno", "chromino", "metallurgie", "raeumab", "chemiekarten"]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a rate.

    >>> [round(x, 3) for x in wilson(60, 100)]
    [0.502, 0.691]
    """
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def deal(i: int, paired: bool) -> tuple[int, int]:
    """Game ``i``'s seed and the search bot's seat: alternated; ``paired``, each deal twice.

    >>> [deal(i, False) for i in range(3)], [deal(i, True) for i in range(4)]
    ([(10000, 0), (10001, 1), (10002, 0)], [(10000, 0), (10000, 1), (10001, 0), (10001, 1)])
    """
    return 10_000 + (i // 2 if paired else i), i % 2


def sign_test(better: int, worse: int) -> float:
    """The two-sided sign test's p-value of ``better`` against ``worse`` paired games (ties left out).

    >>> round(sign_test(69, 68), 2), round(sign_test(20, 15), 2), sign_test(0, 0)
    (1.0, 0.5, 1.0)
    """
    n, k = better + worse, min(better, worse)
    return min(1.0, 2 * sum(math.comb(n, j) for j in range(k + 1)) / 2 ** n) if n else 1.0


def paired(path: Path) -> None:
    """For a record of several tunings on the same games (``--compare``): each tuning against the
    first one, on the games both finished: better / worse games, the sign test, the difference of
    the scores with its 95 % interval (normal, over the paired differences)."""
    by: dict[str, dict[int, float]] = {}
    for key, line in read_record(path).items():
        game, opp, _, tag, rest = key.split("|", 4)
        by.setdefault(f"{game}|{opp}|{tag}|{rest}", {})[line["i"]] = line["score"]
    names = list(by)
    for name in names[1:]:
        both = sorted(set(by[names[0]]) & set(by[name]))
        if not both:
            continue
        d = [by[name][i] - by[names[0]][i] for i in both]
        better, worse = sum(x > 0 for x in d), sum(x < 0 for x in d)
        mean = sum(d) / len(d)
        sd = math.sqrt(sum((x - mean) ** 2 for x in d) / max(len(d) - 1, 1))
        half = 1.96 * sd / math.sqrt(len(d))
        a, b = (sum(by[k][i] for i in both) / len(both) for k in (names[0], name))
        print(f"{name} against {names[0]} on the same {len(both)} games: {b:.1%} against {a:.1%}, "
              f"{better} better, {worse} worse, sign test p = {sign_test(better, worse):.2f}, "
              f"difference {100 * mean:+.1f} points ({100 * (mean - half):+.1f} to {100 * (mean + half):+.1f})")


def tally(results: list[float]) -> tuple[int, int, int]:
    """Wins, draws (a shared win) and losses of the search bot from its score per game.

    >>> tally([1.0, 0.5, 0.0, 1.0])
    (2, 1, 1)
    """
    wins = sum(r == 1.0 for r in results)
    losses = sum(r == 0.0 for r in results)
    return wins, len(results) - wins - losses, losses


def match(game: str, opponent: str, n: int, level: str, budget: float | None, iterations: int | None,
          first: int = 0, progress: bool = False, tuning: dict | None = None,
          paired: bool = False, variants: list[dict] | None = None,
          budgets: list[float] | None = None) -> list[tuple[list[float], list[float], list[float]]]:
    """For each tuning of ``variants`` (default: ``tuning`` alone), or with ``budgets`` for each of those
    budgets (seconds a decision for both bots, the tuning ``tuning``), the search bot's score in each
    game played (1 won, 0 lost, a shared win 1/k), its seconds per decision with a choice and the
    opponent's. Several variants play game *i* one after the other (the same deal and seat, the
    machine's load alike), so a change is compared with what it replaced under the same
    conditions. A run cut short (a time limit, Ctrl-C) returns what the finished games gave."""
    runs = [(tuning or {}, b) for b in budgets] if budgets else [(v, budget) for v in variants or [tuning or {}]]
    out: list[tuple[list[float], list[float], list[float]]] = [([], [], []) for _ in runs]
    try:
        for i in range(first, first + n):
            scores = []
            for (v, budget), (results, times, theirs) in zip(runs, out):
                key = _key(game, opponent, i, v, paired, level, budget)
                done = RECORDED.get(key)
                if done is not None:  # played in an earlier run: read back, not played again
                    times.extend(done["ours"])
                    theirs.extend(done["theirs"])
                    scores.append(done["score"])
                    continue
                OPPONENT_TIMES.clear()
                OPPONENT_SIMS.clear()
                mine: list[float] = []
                score = _one_game(game, opponent, i, level, budget, iterations, v, mine, paired)
                times.extend(mine)
                theirs.extend(OPPONENT_TIMES)
                scores.append(score)
                _record(key, i, paired, score, mine, list(OPPONENT_TIMES), list(OPPONENT_SIMS), iterations)
            for score, (results, _, _) in zip(scores, out):  # counted only when every variant played it
                results.append(score)
            if progress:  # a running tally on stderr
                seed, seat = deal(i, paired)
                print(f"{game} vs {opponent} game {i} (seed {seed}, seat {seat}): "
                      + "; ".join(f"{r[-1]:g}, {sum(r):g}/{len(r)} won, {sum(t):.0f} s in {len(t)} decisions"
                                  for r, t, _ in out), file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        STOPPED[0] = True  # the whole run ends: the rows after this one are not started
    return out


#: set when a time limit or Ctrl-C ended the run
STOPPED = [False]


#: ``--record FILE``: each finished game is appended here as a JSON line
RECORD: Path | None = None
#: the games already in the record, by :func:`_key`
RECORDED: dict[str, dict] = {}


def _key(game: str, opponent: str, i: int, tuning: dict | None, paired: bool, level: str, budget: float | None) -> str:
    """What makes two recorded games the same game of the same match (with ``--opponent-budget``
    the opponent's budget follows the search bot's: ``0.4/0.1``).

    >>> _key("chemix", "ismcts", 3, {"depth": 2}, True, "medium", 0.1)
    'chemix|ismcts|3|depth=2|paired|medium|0.1'
    """
    tag = ",".join(f"{k}={v}" for k, v in sorted((tuning or {}).items()))
    theirs = f"/{OPPONENT_BUDGET[0]:g}" if OPPONENT_BUDGET[0] is not None else ""
    if opponent == "search":  # the other search bot's own tuning belongs to the match
        opponent += "(" + ",".join(f"{k}={v}" for k, v in sorted(OPPONENT_TUNE[0].items())) + ")"
    return f"{game}|{opponent}|{i}|{tag}|{'paired' if paired else 'alternated'}|{level}|{budget:g}{theirs}"


#: ``--opponent-tune k=v,...``: the tuning of the other search bot of ``--opponent search`` (a head-to-head
#: screen of a change against the bot as committed: ``--tune`` the change, no ``--opponent-tune``)
OPPONENT_TUNE: list[dict] = [{}]

#: ``--opponent-budget S``: OpenSpiel's bot thinks S processor seconds a decision instead of the search
#: bot's budget (to ask what more time does for one bot alone, the other's kept)
OPPONENT_BUDGET: list[float | None] = [None]


def _commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                              cwd=Path(__file__).resolve().parents[1], check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


def _record(key: str, i: int, paired: bool, score: float, ours: list[float], theirs: list[float],
            sims: list[int], iterations: int | None) -> None:
    if RECORD is None:
        return
    seed, seat = deal(i, paired)
    line = {"key": key, "i": i, "seed": seed, "seat": seat, "score": score, "ours": [round(t, 4) for t in ours],
            "theirs": [round(t, 4) for t in theirs], "sims": sims, "iterations": iterations,
            "load": round(os.getloadavg()[0], 2), "commit": COMMIT[0], "utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    with RECORD.open("a", encoding="utf-8") as f:  # one line a game, flushed: a killed run keeps it
        f.write(json.dumps(line) + "\n")


def read_record(path: Path) -> dict[str, dict]:
    """The games of a record by key (a later line for the same game wins; a torn last line is skipped)."""
    games: dict[str, dict] = {}
    if path.exists():
        for text in path.read_text(encoding="utf-8").splitlines():
            try:
                line = json.loads(text)
            except json.JSONDecodeError:
                continue
            games[line["key"]] = line
    return games


#: the header of ``--summary FILE --markdown``
MARKDOWN_HEAD = ("| match | games (deals) | W/D/L | score | 95 % interval | our mean / max s a decision (> 1 s) "
                 "| opponent's mean / max s | thinking a game: ours / theirs | OpenSpiel's simulations p10/p50/p90 "
                 "| load | UTC | commits |\n|---|---|---|---|---|---|---|---|---|---|---|---|")


def summary(path: Path, markdown: bool = False) -> None:
    """The rows of a record: per match (game, opponent, tuning, level, budget), W/D/L, score with its
    Wilson interval, both bots' mean and longest decision, OpenSpiel's simulations, loads, commits;
    ``markdown``: one table row a match under :data:`MARKDOWN_HEAD` (``bench/RESULTS-bots.md``)."""
    rows: dict[str, list[dict]] = {}
    for key, line in read_record(path).items():
        rows.setdefault(key.split("|", 3)[0] + "|" + key.split("|", 3)[1] + "|" + key.split("|", 3)[3], []).append(line)
    if markdown:
        print(MARKDOWN_HEAD)
    for match_key, lines in rows.items():
        lines.sort(key=lambda x: x["i"])
        results = [x["score"] for x in lines]
        ours = [t for x in lines for t in x["ours"]]
        theirs = [t for x in lines for t in x["theirs"]]
        sims = sorted(s for x in lines for s in x["sims"])
        w, d, l = tally(results)
        lo, hi = wilson(sum(results), len(results))
        loads = [x["load"] for x in lines]
        seat = [sum(x["score"] for x in lines if x["seat"] == k) for k in (0, 1)]
        if markdown:
            deals = sorted({x["seed"] for x in lines})
            game, opp, rest = match_key.split("|", 2)
            tag, pairing, level, budget = rest.split("|")
            label = f"{game} vs {opp}" + (f" ({tag})" if tag else "") + f", {pairing}, {level}, {budget} s"
            print(f"| {label} | {len(lines)} ({deals[0]}–{deals[-1]}) | {w}/{d}/{l} "
                  f"| **{sum(results) / len(results):.1%}** | {lo:.1%}–{hi:.1%} "
                  f"| {sum(ours) / max(len(ours), 1):.3f} / {max(ours, default=0):.2f} ({sum(t > 1 for t in ours)}) "
                  + (f"| {sum(theirs) / len(theirs):.3f} / {max(theirs):.2f} " if theirs else "| – ")
                  + f"| {sum(ours) / len(lines):.1f} / {sum(theirs) / len(lines):.1f} s "
                  + (f"| {sims[len(sims) // 10]}/{sims[len(sims) // 2]}/{sims[len(sims) * 9 // 10]} " if sims else "| – ")
                  + f"| {min(loads):.1f}–{max(loads):.1f} | {lines[0]['utc'][11:16]}–{lines[-1]['utc'][11:16]} "
                  f"| {', '.join(sorted({x['commit'] for x in lines}))} |")
            continue
        print(f"{match_key}: games {len(lines)} (numbers {lines[0]['i']}–{lines[-1]['i']}), W/D/L {w}/{d}/{l}, "
              f"score {sum(results) / len(results):.1%} [{lo:.1%} – {hi:.1%}], "
              f"seat 0 {seat[0]:g}/{sum(x['seat'] == 0 for x in lines)}, seat 1 {seat[1]:g}/{sum(x['seat'] == 1 for x in lines)}; "
              f"ours mean {sum(ours) / max(len(ours), 1):.3f} max {max(ours, default=0):.2f} s ({len(ours)} decisions, "
              f"{sum(t > 1 for t in ours)} over 1 s); theirs mean {sum(theirs) / max(len(theirs), 1):.3f} "
              f"max {max(theirs, default=0):.2f} s ({len(theirs)} decisions); a game's thinking: ours "
              f"{sum(ours) / len(lines):.1f} s, theirs {sum(theirs) / len(lines):.1f} s"
              + (f"; simulations p10/p50/p90 {sims[len(sims) // 10]}/{sims[len(sims) // 2]}/{sims[len(sims) * 9 // 10]}"
                 if sims else "")
              + f"; load {min(loads):.1f}–{max(loads):.1f}; {lines[0]['utc']} – {lines[-1]['utc']}; "
              f"commits {', '.join(sorted({x['commit'] for x in lines}))}")


COMMIT = ["?"]


#: ``--lost DIR``: the save file of every game the search bot did not win goes there
LOST: Path | None = None


def _one_game(game: str, opponent: str, i: int, level: str, budget: float | None, iterations: int | None,
              tuning: dict | None, times: list[float], paired: bool = False) -> float:
    seed, seat = deal(i, paired)
    g = chemgames.new_game(game, players=2, seed=seed, lang="de")
    search = SearchBot(seed=i, level=level, budget=budget, iterations=iterations, tuning=tuning)
    other = _opponent(opponent, game, i, search.budget if OPPONENT_BUDGET[0] is None else OPPONENT_BUDGET[0],
                      level, search.iterations)
    bots = [search, other] if seat == 0 else [other, search]
    steps = 0
    while not g.is_over and steps < 20_000:
        p = g.current_player
        assert p is not None
        planned = p == seat and search.has_plan(g)  # the rest of a begun move: no decision
        # ``--opponent search``: the other search bot's decisions with a choice are timed the same way (session 26)
        theirs = p != seat and isinstance(other, SearchBot) and not other.has_plan(g)
        t0 = time.process_time()
        _GC_SPENT[0] = 0.0
        action = bots[p].choose(g)
        if theirs and len(other.last.labels) > 1:
            OPPONENT_TIMES.append(time.process_time() - t0)
        if p == seat and not planned and len(search.last.labels) > 1:
            spent = time.process_time() - t0
            times.append(spent)
            if SLOW is not None and spent > SLOW:
                c = search.last
                print(f"slow decision: game {i} step {steps}: {spent:.3f} s, of which the search "
                      f"{c.budget_s:.3f} s and the garbage collector {_GC_SPENT[0]:.3f} s; {c.samples} "
                      f"iterations over {len(c.labels)} candidates", file=sys.stderr, flush=True)
        g.apply(action)
        steps += 1
    winners = g.winners()
    if isinstance(other, FieldBot):
        OPPONENT_TIMES.extend(other.times)
        OPPONENT_SIMS.extend(other.simulations)
    score = 1.0 / len(winners) if seat in winners else 0.0
    if LOST is not None and score < 1.0:
        LOST.mkdir(parents=True, exist_ok=True)
        tag = "".join(f"-{k}{v}" for k, v in sorted((tuning or {}).items()))
        (LOST / f"{game}-{opponent}-{i:04d}-seat{seat}{tag}.json").write_text(g.to_json(), encoding="utf-8")
    return score


#: the processor seconds of each decision of OpenSpiel's bot in the match under way
OPPONENT_TIMES: list[float] = []
#: the simulations of each of those decisions
OPPONENT_SIMS: list[int] = []


def _opponent(name: str, game: str, i: int, budget: float, level: str = "medium", iterations: int | None = None):
    """``greedy``, ``random``, ``ismcts``: OpenSpiel's ISMCTS (MCTS in Räum-Ab!, whose cards lie
    face up) with the search bot's processor-time budget a decision, or ``search``: our search bot at
    the same level, budget and iterations, tuned by ``--opponent-tune`` (:data:`OPPONENT_TUNE`; its own
    random generator, seeded apart from ours)."""
    if name == "search":
        return SearchBot(seed=500_000 + i, level=level, budget=budget, iterations=iterations, tuning=OPPONENT_TUNE[0])
    if name == "greedy":
        return GreedyBot(i)
    if name == "random":
        return RandomBot(i)
    if name in ("ismcts", "mcts"):
        return FieldBot(game, players=2, budget=budget, seed=i)
    raise SystemExit(f"unknown opponent {name!r}: greedy, random, ismcts or search")


#: ``--slow S``: decisions over S seconds are reported on stderr, with the collector's share
SLOW: float | None = None
_GC_SPENT = [0.0, 0.0]  # seconds in collections during this decision; when the running one began


def _gc_timer(phase: str, info: dict) -> None:
    if phase == "start":
        _GC_SPENT[1] = time.process_time()
    else:
        _GC_SPENT[0] += time.process_time() - _GC_SPENT[1]


def _interrupt(signum: int, frame: object) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a second signal must not cut the report short
    raise KeyboardInterrupt


def _value(text: str) -> object:
    """A tuning value from the command line: a number, ``None`` or a word.

    >>> _value("2"), _value("0.5"), _value("None"), _value("paired")
    (2, 0.5, None, 'paired')
    """
    if text == "None":
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", default=[])
    ap.add_argument("--game", action="append", default=[], help="a game id (repeatable); default: every game")
    ap.add_argument("--games", dest="n", type=int, default=20)
    ap.add_argument("--first", type=int, default=0, help="the first game's number (seed 10000 + it)")
    ap.add_argument("--level", default="medium", choices=list(LEVELS))
    ap.add_argument("--budget", type=float, default=None, help="processor seconds a decision (default: the level's)")
    ap.add_argument("--opponent-budget", type=float, default=None,
                    help="processor seconds a decision for OpenSpiel's bot (default: the search bot's budget)")
    ap.add_argument("--iterations", type=int, default=None, help="sampled worlds a decision (default: the level's)")
    ap.add_argument("--opponents", default="greedy,random",
                    help="comma-separated: greedy, random, ismcts (OpenSpiel's; MCTS in Räum-Ab!), search (ours, --opponent-tune)")
    ap.add_argument("--opponent-tune", default="", help="with --opponent search: the other search bot's tuning (default: as committed)")
    ap.add_argument("--opponent", dest="opponents", help="the same, one opponent")
    ap.add_argument("--tune", default="", help="override the game's search tuning: depth=2,method=paired")
    ap.add_argument("--progress", action="store_true", help="a line on stderr after every game")
    ap.add_argument("--paired", action="store_true",
                    help="every deal twice, the search bot once in each seat (game i: seed 10000 + i // 2)")
    ap.add_argument("--compare", action="append", default=[],
                    help="play every game also with these tuning overrides (B, C … in order; repeatable) beside --tune (A)")
    ap.add_argument("--budgets", default="",
                    help="comma-separated seconds a decision: every game played at each, one after the other, both bots "
                         "given that budget (a paired comparison of budgets on the same deals; instead of --budget)")
    ap.add_argument("--lost", type=Path, default=None, help="save every game the search bot did not win in this folder")
    ap.add_argument("--slow", type=float, default=None,
                    help="report every decision over this many seconds on stderr (what took the time)")
    ap.add_argument("--record", type=Path, default=None,
                    help="append every finished game to this JSON-lines file; games already in it are read back, not played")
    ap.add_argument("--summary", type=Path, default=None, help="print the rows of a --record file and stop")
    ap.add_argument("--markdown", action="store_true", help="with --summary: one markdown table row a match")
    a = ap.parse_args()
    if a.summary is not None:
        summary(a.summary, a.markdown)
        if not a.markdown:
            paired(a.summary)
        return
    global SLOW, LOST, RECORD
    SLOW, LOST, RECORD = a.slow, a.lost, a.record
    OPPONENT_BUDGET[0] = a.opponent_budget
    OPPONENT_TUNE[0] = {k: _value(v) for k, v in (kv.split("=") for kv in a.opponent_tune.split(",") if kv)}
    if RECORD is not None:
        RECORDED.update(read_record(RECORD))
        if RECORD.exists() and not RECORD.read_bytes().endswith(b"\n") and RECORD.stat().st_size:
            with RECORD.open("a", encoding="utf-8") as f:  # a run killed mid-line: the next game starts a line
                f.write("\n")
        COMMIT[0] = _commit()
    if SLOW is not None:
        gc.callbacks.append(_gc_timer)
    games = a.game + a.games or GAMES
    tuning = {k: _value(v) for k, v in (kv.split("=") for kv in a.tune.split(",") if kv)}
    lv = LEVELS[a.level]
    budget = lv.budget if a.budget is None else a.budget
    iterations = lv.iterations if a.iterations is None else a.iterations
    seeds = (f"deals {10_000 + a.first // 2}–{10_000 + (a.first + a.n - 1) // 2}, each from both seats"
             if a.paired else f"seeds {10_000 + a.first}–{10_000 + a.first + a.n - 1}")
    print(f"search bot, level {a.level}: at most {iterations} iterations and {budget:g} s a decision, "
          f"2 players, seats alternated, {a.n} games a row ({seeds})"
          + (f", OpenSpiel's bot {a.opponent_budget:g} s a decision" if a.opponent_budget is not None else "")
          + (f", tuning {tuning}" if tuning else ""))
    signal.signal(signal.SIGTERM, _interrupt)  # `timeout` ends a long run: print what was reached
    variants = [tuning] + [{**tuning, **{k: _value(v) for k, v in (kv.split("=") for kv in c.split(",") if kv)}}
                           for c in a.compare]
    budgets = [float(b) for b in a.budgets.split(",") if b]
    names: list[str] | str = "ABCDEFGH"[:len(variants)] if a.compare else " "
    if budgets:
        names = [f"{b:g}s" for b in budgets]
        print("each game at " + ", ".join(f"{b:g} s" for b in budgets) + " a decision, both bots, one after the other")
    elif a.compare:
        print(f"each game {len(variants)} times, the search bot tuned "
              + ", ".join(f"{n} {v or 'as committed'}" for n, v in zip(names, variants)))
    print(f"load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} cores (times are processor seconds of this "
          f"process, over the decisions with a choice)")
    print(f"{'game':<14}{'vs':<8}{'games':>6}{'W/D/L':>12}{'score':>8}   95 % interval   {'mean s':>7}{'max s':>7}"
          f"{'> 1 s':>7}{'opp. mean s':>12}{'opp. max s':>11}{'games/s':>9}   load")
    for game in games:
        for opp in a.opponents.split(","):
            if STOPPED[0]:
                break
            began = time.perf_counter()
            rows = match(game, opp, a.n, a.level, budget, iterations, a.first, a.progress, tuning, a.paired, variants,
                         budgets)
            rate = sum(len(r) for r, _, _ in rows) / max(time.perf_counter() - began, 1e-9)
            for name, (results, times, theirs) in zip(names, rows):
                played, score = len(results), sum(results)
                w, d, l = tally(results)
                lo, hi = wilson(score, played)
                mean = sum(times) / len(times) if times else 0.0
                opp_s = (f"{sum(theirs) / len(theirs):>12.3f}{max(theirs):>11.2f}"
                         if theirs else f"{'–':>12}{'–':>11}")
                label = f"{game} {name}".strip()
                print(f"{label:<14}{opp:<8}{played:>6}{f'{w}/{d}/{l}':>12}{score / max(played, 1):>8.1%}   "
                      f"{lo:>5.1%} – {hi:<6.1%}"
                      f"  {mean:>7.3f}{max(times, default=0):>7.2f}{sum(t > 1.0 for t in times):>7}{opp_s}"
                      f"{rate:>9.3f}   {os.getloadavg()[0]:.1f}", flush=True)
            for name, (rb, _, _) in list(zip(names, rows))[1:]:
                ra = rows[0][0]
                better = sum(b > x for x, b in zip(ra, rb))
                worse = sum(b < x for x, b in zip(ra, rb))
                print(f"{'':<14}{name} against {names[0]} on the same {len(rb)} games: {better} better, {worse} worse")

if __name__ == "__main__":
    main()
