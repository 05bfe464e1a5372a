"""The first click right after the board, with Babel loaded before the warm-up thread starts
(``GameWidget._ready_numbers``, "after") and without ("before": the thread's first steps import Babel
and load the language's data while the click formats its first number).

Each round is a fresh interpreter (nothing imported, as in a new kernel): the widget is made, the
board's bundle asked for as a front end does (``_repr_mimebundle_``: outside IPython the warm-up
thread starts at once; in a notebook the words output loads Babel first, ``_ipython_display_``) and
the student's first move (the first hint's actions, one message each) is sent at once, as a click
that comes while the thread runs. Timed in the process: the bundle (with the "after" round's Babel
load), the first click's answer, both together; a click that failed (the widget logs
``a message of the … widget failed``: Babel met half made) is counted. Rounds alternate "before" and
"after", so the load of the shared machine falls on both alike; the load average is printed beside
every round.

    PYTHONPATH=$PWD nice -n 10 python bench/bench_first_click.py --rounds 8
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

ROUND = '''import json, logging, sys, time
sys.path.insert(0, {root!r})
failed = []
logging.getLogger("chemgames.widgets").addHandler(type("H", (logging.Handler,), {{"emit": lambda s, r: failed.append(r.getMessage())}})())
from chemgames.widgets import GameWidget, play
if not {after!r}:
    GameWidget._ready_numbers = lambda self: None  # main before session 26: the thread imports Babel
w = play(players=2, bots=["greedy"], seed={seed}, lang={lang!r})
actions = [a.to_json() for a in w.game.hints(1)[0].actions]
t = time.perf_counter()
w._repr_mimebundle_()
shown = time.perf_counter() - t
time.sleep({read})  # the student reads the board
clicks = []
for action in actions:
    t = time.perf_counter()
    w.receive({{"type": "act", "action": action, "version": w.version}})
    clicks.append(time.perf_counter() - t)
click, move = clicks[0], sum(clicks)
notice = (w.panel.get("notice") or {{}}).get("rule")
numbers = "babel.numbers" in sys.modules
w._warm_thread.join(120)
print(json.dumps({{"shown": shown, "click": click, "move": move, "actions": len(actions), "failed": len(failed), "notice": notice}}))
'''


def one_round(after: bool, seed: int, lang: str, read: float = 0.0) -> dict:
    code = ROUND.format(root=str(ROOT), after=after, seed=seed, lang=lang, read=read)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=True)
    out = json.loads(done.stdout.strip().splitlines()[-1])
    return {"after": after, **out, "load": os.getloadavg()[0]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=6, help="rounds of each (before and after alternate)")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--lang", default="de")
    ap.add_argument("--read", type=float, default=0.0, help="seconds between the bundle and the first click")
    a = ap.parse_args()
    rows = []
    for i in range(2 * a.rounds):
        r = one_round(after=bool(i % 2), seed=a.seed, lang=a.lang, read=a.read)
        rows.append(r)
        print(f"{'after ' if r['after'] else 'before'}: bundle {r['shown']:.3f} s, first click {r['click']:.3f} s, "
              f"the move's {r['actions']} clicks {r['move']:.3f} s, bundle and move {r['shown'] + r['move']:.3f} s (without the pause), failed {r['failed']} ({r['notice']}); load {r['load']:.1f}", flush=True)
    print(f"\nChemie-Kartenspiel seed {a.seed} ({a.lang}), the first click {a.read:.2f} s after the bundle; {a.rounds} rounds each; "
          f"load average {min(r['load'] for r in rows):.1f}-{max(r['load'] for r in rows):.1f} on {os.cpu_count()} cores")
    med = {}
    for after in (False, True):
        part = [r for r in rows if r["after"] == after]
        med[after] = {k: statistics.median(r[k] for r in part) for k in ("shown", "click", "move")}
        med[after]["both"] = statistics.median(r["shown"] + r["move"] for r in part)
        print(f"{'after ' if after else 'before'} (medians): bundle {med[after]['shown']:.3f} s, first click "
              f"{med[after]['click']:.3f} s, the move {med[after]['move']:.3f} s, bundle and move {med[after]['both']:.3f} s; failed clicks {sum(r['failed'] for r in part)}")
    print("after / before: " + ", ".join(f"{k} {med[True][k] / med[False][k]:.2f}x" for k in ("shown", "click", "move", "both")))


if __name__ == "__main__":
    main()
