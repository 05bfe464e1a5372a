"""The first moves of a Chemuno lesson in a normal Jupyter kernel (ipykernel), with and without the
widget's warm-up thread (``GameWidget._warm_beside``, started when the widget is shown).

Each round starts a fresh kernel, runs the notebook's import cell, then the cell that shows the
board (timed on the client: the request until the board's ``display_data`` arrives, and until the
kernel is idle), waits ``--read`` seconds (the student reads the board), and then plays as the
browser would (``receive`` with the messages the view sends): the student's first card (on the empty
pile), the bot's card laid on it, the student's card laid on the bot's, each timed inside the kernel
(wall clock and processor time of the whole process, which includes the warm-up thread). Rounds
alternate "off" and "on", so the load of a shared machine falls on both alike.

    PYTHONPATH=$PWD nice -n 10 python bench/bench_first_move.py --rounds 3 --read 3
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import time

from jupyter_client.manager import start_new_kernel

IMPORTS = "import json, time, chemgames\nfrom chemgames.widgets import ChemunoWidget"
BOARD = ("ChemunoWidget.warm_in_kernel = {on}\n"
         "g = chemgames.new_game('chemuno', players=2, seed={seed}, lang='de', starter=0)\n"
         "w = ChemunoWidget(g, seats=['human', 'greedy'], bot_delay=0)\nw")
MOVES = '''
def _timed(msg):
    t, c = time.perf_counter(), time.process_time()
    w.receive(dict(msg, version=w.version))
    return [time.perf_counter() - t, time.process_time() - c]
_out = []
for _ in range(2):
    _out.append(_timed({"type": "act", "action": w.game.hints(1)[0].actions[0].to_json()}))
    _bot = [0.0, 0.0]
    while w.game.current_player == 1:
        _bot = [a + b for a, b in zip(_bot, _timed({"type": "bot"}))]
    _out.append(_bot)
print("RESULT", json.dumps(_out[:3] + [[e["title"] for e in w.view["log"]][:4]]))
'''


def run(kc, code: str, timeout: float = 120) -> tuple[float, float | None, str]:
    """Run ``code``; (seconds until idle, seconds until the first display_data or None, stdout)."""
    t0 = time.perf_counter()
    msg_id = kc.execute(code)
    shown, out = None, ""
    while True:
        msg = kc.get_iopub_msg(timeout=timeout)
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        kind = msg["msg_type"]
        if kind in ("display_data", "execute_result") and shown is None:
            shown = time.perf_counter() - t0
        elif kind == "stream":
            out += msg["content"]["text"]
        elif kind == "error":
            raise RuntimeError("\n".join(msg["content"]["traceback"]))
        elif kind == "status" and msg["content"]["execution_state"] == "idle":
            return time.perf_counter() - t0, shown, out


def one_round(on: bool, seed: int, read: float) -> dict:
    km, kc = start_new_kernel(kernel_name="python3")
    try:
        run(kc, IMPORTS)
        idle, shown, _ = run(kc, BOARD.format(on=on, seed=seed))
        time.sleep(read)
        _, _, out = run(kc, MOVES)
        first, bot, second, titles = json.loads(out.split("RESULT", 1)[1])
        return {"on": on, "shown": shown, "idle": idle, "first": first, "bot": bot, "second": second, "titles": titles,
                "load": os.getloadavg()[0]}
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3, help="rounds of each (off and on alternate)")
    ap.add_argument("--read", type=float, default=3.0, help="seconds the student reads the board before the first click")
    ap.add_argument("--seed", type=int, default=3)
    a = ap.parse_args()
    rows = []
    for i in range(2 * a.rounds):
        r = one_round(on=bool(i % 2), seed=a.seed, read=a.read)
        rows.append(r)
        print(f"warm-up {'on ' if r['on'] else 'off'}: board shown {r['shown']:.2f} s (idle {r['idle']:.2f} s); "
              f"first card {r['first'][0]:.2f} s ({r['first'][1]:.2f} processor-s), bot's card on it "
              f"{r['bot'][0]:.2f} s ({r['bot'][1]:.2f}), second card on a card {r['second'][0]:.2f} s "
              f"({r['second'][1]:.2f}); load {r['load']:.1f}", flush=True)
    assert len({json.dumps(r["titles"]) for r in rows}) == 1, "the moves differ between rounds"
    print(f"\nChemuno seed {a.seed}, the student clicks {a.read:.1f} s after the board; {a.rounds} rounds each; "
          f"load average {min(r['load'] for r in rows):.1f}–{max(r['load'] for r in rows):.1f} on {os.cpu_count()} cores; "
          f"moves {rows[0]['titles']}")
    for on in (False, True):
        part = [r for r in rows if r["on"] == on]
        med = lambda f: statistics.median(f(r) for r in part)  # noqa: E731
        print(f"warm-up {'on ' if on else 'off'} (medians): board shown {med(lambda r: r['shown']):.2f} s; "
              f"first card {med(lambda r: r['first'][0]):.2f} s; bot's card on it {med(lambda r: r['bot'][0]):.2f} s "
              f"({med(lambda r: r['bot'][1]):.2f} processor-s); second card {med(lambda r: r['second'][0]):.2f} s; "
              f"the three {med(lambda r: r['first'][0] + r['bot'][0] + r['second'][0]):.2f} s")


if __name__ == "__main__":
    main()
