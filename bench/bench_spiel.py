"""Figures of the OpenSpiel interop (chemgames.spiel): per game the action numbers, the length
bound, the longest of many uniform random games against it, OpenSpiel's random_sim_test time and
what a clone and a serialization cost in the middle of a game. Prints numbers, asserts nothing.

    nice -n 10 python bench/bench_spiel.py --games 200

Das Chemie-Kartenspiel plays whole moves through pyspiel (``chemgames.spiel.moves``, issue 31).
``--before DIR`` compares it in the same run with an older source tree (``git archive cc36fd2
chemgames | tar -x -C DIR``: atomic steps), round by round, each in its own process; ``--before REV``
(``main``, a commit) unpacks that revision's ``chemgames`` itself:

    git archive cc36fd2 chemgames | tar -x -C /tmp/old
    nice -n 10 python bench/bench_spiel.py --before /tmp/old --rounds 3 --rate 10 --only-before
    nice -n 10 python bench/bench_spiel.py --before /tmp/old --rounds 2 --rate 6 --only-before --search
    nice -n 10 python bench/bench_spiel.py --before /tmp/old --rounds 3 --rate 6 --only-before --search --fast-path
    nice -n 10 python bench/bench_spiel.py --before main --rounds 3 --rate 6 --only-before --search --fast-path
    nice -n 10 python bench/bench_spiel.py --before main --rounds 3 --rate 6 --only-before --load-first
    nice -n 10 python bench/bench_spiel.py --before main --same 100 --rounds 0 --only-before

``--same N`` first plays N seeded random games of 2, 3 and 4 players in both trees and compares a digest of every
legal list, the returns and some action texts and information states (a change for speed must not change them).

A revision's copy (``/tmp/bench-spiel-<rev>-*``) is removed when the run ends.
"""
from __future__ import annotations

import argparse
import atexit
import os
import pickle
import random
import shutil
import subprocess
import sys
import time
from functools import lru_cache

import pyspiel

import chemgames
import chemgames.spiel
from chemgames.spiel.schemas import schema


def longest(game_id: str, games: int, players: int) -> tuple[int, float]:
    """The longest and the mean length (actions) of ``games`` uniform random games."""
    lengths = []
    rng = random.Random(players)
    for seed in range(games):
        g = chemgames.new_game(game_id, players=players, seed=seed, lang="en")
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
        lengths.append(len(g.log))
    return max(lengths), sum(lengths) / len(lengths)


def mid_game(name: str) -> pyspiel.State:
    state = pyspiel.load_game(name).new_initial_state()
    state.apply_action(1)
    rng = random.Random(1)
    target = len(state.game_now.log) + 40
    while not state.is_terminal() and len(state.game_now.log) < target:
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def rates(game_id: str, name: str, seconds: float) -> tuple[float, float]:
    """Uniform random games a processor second, through pyspiel and on the engine's fast path
    (``apply(explain=False)``), the same deals, one after the other in this process."""
    game = pyspiel.load_game(name)
    out = []
    for through_spiel in (True, False):
        rng, n, start = random.Random(0), 0, time.process_time()
        while time.process_time() - start < seconds:
            if through_spiel:
                state = game.new_initial_state()
                state.apply_action(n % 1000)
                while not state.is_terminal():
                    state.apply_action(rng.choice(state.legal_actions()))
            else:
                g = chemgames.new_game(game_id, players=2, seed=n % 1000, lang="en")
                while not g.is_over and len(g.log) < game.max_game_length() - 1:
                    g.apply(rng.choice(g.legal_actions()), explain=False)
            n += 1
        out.append(n / (time.process_time() - start))
    return out[0], out[1]


#: one process's uniform random games of Das Chemie-Kartenspiel through pyspiel for ``seconds`` of
#: processor time: games a second and OpenSpiel actions a game (what the tree on its path plays)
#: what both processes begin with: the game through pyspiel, the seconds and the first deal
_HEAD = """
import random, sys, time
import pyspiel, chemgames, chemgames.spiel
chemgames.spiel.register(["chemiekarten"])
game = pyspiel.load_game("python_chemgames_chemiekarten")
seconds, first = float(sys.argv[1]), int(sys.argv[2])
if len(sys.argv) > 3:  # --load-first: one list of a dealt game before the clock (the compiled walk's start)
    state = game.new_initial_state()
    state.apply_action(first)
    state.legal_actions()
"""
_RANDOM_GAMES = _HEAD + """
rng, n, steps, start = random.Random(first), 0, 0, time.process_time()
while time.process_time() - start < seconds:
    state = game.new_initial_state()
    state.apply_action((first + n) % 1000)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    n += 1
print(n / (time.process_time() - start), steps / max(n, 1), game.num_distinct_actions())
"""


#: one process's ISMCTS decisions (OpenSpiel's, random rollouts) of Das Chemie-Kartenspiel through
#: pyspiel for ``seconds`` of processor time, at positions a few random whole moves into a game:
#: simulations a processor second (what the field's search gets out of the game's speed)
_SEARCH = _HEAD + """
import numpy as np
from open_spiel.python.algorithms import ismcts, mcts
rng, sims, n, start = random.Random(first), 0, 0, time.process_time()
while time.process_time() - start < seconds:
    state = game.new_initial_state()
    state.apply_action((first + n) % 1000)
    for _ in range(n % 6):
        if not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
    if not state.is_terminal():
        rs = np.random.RandomState(n)
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, 20, random_state=rs)
        bot.set_resampler(lambda st, p: st.resample_from_infostate(p, rng.random))
        bot.step(state)
        sims += 20
    n += 1
print(sims / (time.process_time() - start), n, 0)
"""


#: one process's seeded uniform random games of Das Chemie-Kartenspiel through pyspiel, 2, 3 and 4 players:
#: a digest of every legal-action list, the returns, every fifth game's action texts and every seventh game's
#: information state of player 0 (what must not change when only the speed does)
_SAME = """
import hashlib, random, sys
import pyspiel, chemgames, chemgames.spiel
chemgames.spiel.register(["chemiekarten"])
games = int(sys.argv[1])
h, lists, actions = hashlib.sha256(), 0, 0
for players in (2, 3, 4):
    game = pyspiel.load_game("python_chemgames_chemiekarten", {"players": players})
    for deal in range(games):
        rng = random.Random(deal * 7 + players)
        state = game.new_initial_state()
        state.apply_action(deal)
        while not state.is_terminal():
            legal = state.legal_actions()
            h.update(repr(legal).encode())
            lists, actions = lists + 1, actions + len(legal)
            action = rng.choice(legal)
            if deal % 5 == 0:
                h.update(state.action_to_string(action).encode())
            state.apply_action(action)
        h.update(repr(state.returns()).encode())
        if deal % 7 == 0:
            h.update(state.information_state_string(0).encode())
print(lists, actions, h.hexdigest())
"""


def same_games(before: str, games: int) -> bool:
    """Do both trees play the same seeded random games through pyspiel (legal lists, moves, returns)?"""
    out = {}
    for name, tree in (("before", _tree(before)), ("now", os.path.dirname(os.path.dirname(os.path.abspath(__file__))))):
        got = subprocess.run([sys.executable, "-c", _SAME, str(games)], env=dict(os.environ, PYTHONPATH=tree), cwd=tree,
                             capture_output=True, text=True, check=True).stdout.split()
        out[name] = got
        print(f"  {name:6} {got[0]} legal lists, {got[1]} actions listed, digest {got[2][:16]}  load {os.getloadavg()[0]:.1f}",
              flush=True)
    same = out["before"] == out["now"]
    print(f"  {3 * games} seeded games (2, 3, 4 players): {'the same' if same else 'DIFFERENT'} in both trees")
    return same


@lru_cache(maxsize=None)  # one copy of the revision for every comparison of the run; removed at exit
def _tree(before: str) -> str:
    """``before`` as a source tree: a directory as it is, otherwise a git revision of this repository
    (``main``, a commit) whose ``chemgames`` package is unpacked into a temporary directory."""
    if os.path.isdir(before):
        return os.path.abspath(before)
    import tempfile

    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    rev = subprocess.run(["git", "rev-parse", "--short", before], cwd=repo, capture_output=True, text=True,
                         check=True).stdout.strip()
    out = tempfile.mkdtemp(prefix=f"bench-spiel-{rev}-")
    atexit.register(shutil.rmtree, out, True)  # the copy (and numba's cache in it) goes with this run
    archive = subprocess.run(["git", "archive", rev, "chemgames"], cwd=repo, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", out], input=archive, check=True)
    print(f"before = {before} ({rev}), unpacked in {out}")
    return out


@lru_cache(maxsize=None)
def _warmed(tree: str) -> None:
    """List once in ``tree``, untimed: numba compiles the tree's kernels into its cache there (a fresh
    copy of a revision has none, and its first round would spend its window compiling)."""
    warm = _HEAD + "state = game.new_initial_state()\nstate.apply_action(first)\nstate.legal_actions()\n"
    subprocess.run([sys.executable, "-c", warm, "0", "0"], env=dict(os.environ, PYTHONPATH=tree), cwd=tree,
                   capture_output=True, check=True)


def before_after(before: str, seconds: float, rounds: int, code: str = _RANDOM_GAMES,
                 what: str = "uniform random games", unit: str = "games/s", load_first: bool = False) -> None:
    """Random games a processor second of Das Chemie-Kartenspiel through pyspiel: the older tree
    ``before`` against this one, alternating, each round in fresh processes on the same deals."""
    if rounds < 1:  # --rounds 0: only --same
        return
    trees = {"before": _tree(before), "now": os.path.dirname(os.path.dirname(os.path.abspath(__file__)))}
    rates: dict[str, list[float]] = {k: [] for k in trees}
    for tree in trees.values():
        _warmed(tree)
    print(f"Das Chemie-Kartenspiel through pyspiel, {what}, {seconds:.0f} s of processor time "
          f"a round{', the first list before the clock' if load_first else ''}, load average {os.getloadavg()[0]:.1f}")
    for r in range(rounds):
        for name, tree in trees.items():
            env = dict(os.environ, PYTHONPATH=tree)
            out = subprocess.run([sys.executable, "-c", code, str(seconds), str(100 * r), *(["first"] if load_first else [])],
                                 env=env, cwd=tree,
                                 capture_output=True, text=True, check=True).stdout.split()
            rate, length, actions = float(out[0]), float(out[1]), int(out[2])
            rates[name].append(rate)
            print(f"  round {r + 1} {name:6} {rate:7.1f} {unit}  {length:5.0f} {'actions a game' if actions else 'decisions'}  "
                  f"{actions or '':>10} {'action numbers' if actions else ''}  load {os.getloadavg()[0]:.1f}", flush=True)
    b, n = sum(rates["before"]) / rounds, sum(rates["now"]) / rounds
    print(f"  mean: before {b:.1f}, now {n:.1f} {unit}: {n / b:.2f} times as fast")


def timed(f, repeat: int = 20) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        f()
    return (time.perf_counter() - start) / repeat * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100, help="random games per game and player count")
    parser.add_argument("--rate", type=float, default=5.0, help="seconds for each random-games-a-second figure")
    parser.add_argument("--before", help="an older source tree, or a git revision (main, a commit): Das "
                        "Chemie-Kartenspiel's rate there and here")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of --before")
    parser.add_argument("--only-before", action="store_true", help="only the --before comparison")
    parser.add_argument("--search", action="store_true",
                        help="with --before: also OpenSpiel's ISMCTS simulations a second (20 a decision)")
    parser.add_argument("--load-first", action="store_true",
                        help="with --before: each process lists once before its clock starts (numba's import and "
                        "start, about 0.6 s, outside the window in both trees)")
    parser.add_argument("--same", type=int, default=0, metavar="GAMES",
                        help="with --before: first check that both trees play GAMES seeded random games of each of 2, 3 "
                        "and 4 players the same (legal lists, moves, returns); exits with 1 if not")
    parser.add_argument("--fast-path", action="store_true",
                        help="with --before: also this tree's pyspiel rate beside the engine's fast path")
    args = parser.parse_args()
    if args.before:
        if args.same and not same_games(args.before, args.same):
            sys.exit(1)
        before_after(args.before, args.rate, args.rounds, load_first=args.load_first)
        if args.search:
            before_after(args.before, args.rate, args.rounds, _SEARCH, "ISMCTS (random rollouts, 20 simulations "
                         "a decision, 0-5 random whole moves into a game)", "simulations/s", args.load_first)
        if args.fast_path:
            chemgames.spiel.register(["chemiekarten"])
            spiel_rate, fast_rate = rates("chemiekarten", "python_chemgames_chemiekarten", args.rate)
            print(f"  now: through pyspiel {spiel_rate:.1f} random games/s, the engine's fast path (atomic steps) "
                  f"{fast_rate:.1f}: {fast_rate / spiel_rate:.1f} times  load {os.getloadavg()[0]:.1f}", flush=True)
        if args.only_before:
            return
    chemgames.spiel.register()
    print(f"load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} cores")
    print(f"{'game':13} {'pyspiel games/s':>16} {'fast path games/s':>18} {'ratio':>6}  (2 players, processor time)")
    for info in chemgames.games():
        spiel_rate, fast_rate = rates(info.id, f"python_chemgames_{info.id}", args.rate)
        print(f"{info.id:13} {spiel_rate:16.1f} {fast_rate:18.1f} {fast_rate / spiel_rate:6.1f}  "
              f"load {os.getloadavg()[0]:.1f}", flush=True)
    print(f"{'game':13} {'actions':>10} {'bound':>6} {'kind':>6}  longest/mean random game (2, 3, 4 players)"
          f"  {'sim s':>6} {'clone ms':>8} {'pickle ms':>9}")
    for info in chemgames.games():
        gid = info.id
        name = f"python_chemgames_{gid}"
        game = pyspiel.load_game(name)
        s = schema(gid)
        lengths = []
        for players in range(max(2, info.min_players), min(4, info.max_players) + 1):
            top, mean = longest(gid, args.games if gid != "chemiekarten" else max(1, args.games // 10), players)
            lengths.append(f"{players}p {top}/{mean:.0f} (bound {s.max_moves(players)})")
        start = time.perf_counter()
        pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False, mask_test=gid != "chromino")
        sim = time.perf_counter() - start
        state = mid_game(name)
        clone = timed(state.clone)
        roundtrip = timed(lambda: pickle.loads(pickle.dumps(state)), repeat=5)
        print(f"{gid:13} {game.num_distinct_actions():>10} {game.max_game_length() - 1:>6} "
              f"{'proof' if s.proved else 'cap':>6}  {'; '.join(lengths)}  {sim:6.1f} {clone:8.2f} {roundtrip:9.1f}",
              flush=True)


if __name__ == "__main__":
    main()
