"""How long a student waits for the search bot in a real JupyterLab (headless Chromium), against
what the bot's box says (issue 31: "the thinking time a student sees is the time the student
waited, from the click to the move in the browser; if the widget adds time around the bot, find
where").

Chemuno, the student's seat played by clicking (a card that fits, not a noble gas, else "draw"),
the other seat the search bot at a level. For every click after which the bot moves, the page
times (``performance.now()``, a MutationObserver, no polling):

- ``own``: the click until the student's own move is drawn (the message to the kernel, the rules,
  the new view back, drawn);
- ``total``: the click until the bot's move is drawn (what the student waited);

and reads the box under the bot's move ("Wartezeit bis zum Zug: T s (P s Pause zum Mitlesen, W s
Rechnen, davon S s Suche)"). What the box leaves out is ``total - T``: the student's own move
(``own``) and the bot's view on its way to the screen and drawn.

    PYTHONPATH=$PWD nice -n 10 python bench/bench_bot_wait.py --turns 20 --level medium
"""
from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.browser.lab import chromium, open_and_run, running_lab  # noqa: E402

CELLS = ["import chemgames\nfrom chemgames.widgets import ChemunoWidget",
         "g = chemgames.new_game('chemuno', players=2, seed={seed}, lang='de', starter=0)\n"
         "w = ChemunoWidget(g, seats=['human', 'search:{level}'], bot_delay={delay})\nw"]

# One click of the student's, then wait until the view settles: resolves with the times (ms) of the
# first redraw and of the last, and whether a bot thought in between (then the last is its move).
CLICK = '''async () => {
  const root = () => document.querySelector('.cg-root');
  const ver = () => Number(root().dataset.version);
  const thinking = () => !!document.querySelector('.cg-root .cg-thinking');
  const noble = new Set(['He', 'Ne', 'Ar', 'Rn']);
  const fits = [...document.querySelectorAll('.cu-hand .cg-card-btn.cu-fits')]
      .filter((b) => !noble.has((b.dataset.id || '').split('.')[0]));
  const pick = fits[0] || document.querySelector("[data-key='keep']") || document.querySelector("[data-key='draw']:not([disabled])")
      || document.querySelector("[data-key='pass']") || document.querySelector('.cu-hand .cg-card-btn.cu-fits');
  if (!pick) return null;
  const before = ver();
  let own = null, bot = false;
  return await new Promise((resolve) => {
    const check = () => {
      if (ver() <= before) return;
      const now = performance.now() - t0;
      if (own === null) own = now;
      if (thinking()) { bot = true; return; }
      obs.disconnect();
      resolve({ own, total: now, bot, what: pick.dataset.id || pick.dataset.key,
                box: [...document.querySelectorAll('.cg-root .cg-aside *')].map((e) => e.textContent)
                     .find((s) => s.startsWith('Wartezeit bis zum Zug')) || null });
    };
    const obs = new MutationObserver(check);
    obs.observe(document.querySelector('.jp-Notebook'), { subtree: true, childList: true, attributes: true, characterData: true });
    const t0 = performance.now();
    pick.click();
  });
}'''

SAID = re.compile(r"Wartezeit bis zum Zug: (\d+,\d) s \((\d+,\d) s Pause zum Mitlesen, (\d+,\d) s Rechnen, davon (\d+,\d) s Suche\)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", type=int, default=20, help="bot turns measured")
    ap.add_argument("--level", default="medium", choices=["easy", "medium", "hard"])
    ap.add_argument("--delay", type=int, default=700, help="the widget's bot_delay (ms; 700 is its default)")
    ap.add_argument("--seed", type=int, default=3)
    a = ap.parse_args()
    rows: list[dict] = []
    load = [os.getloadavg()[0]]
    with running_lab() as lab, chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        cells = [CELLS[0], CELLS[1].format(seed=a.seed, level=a.level, delay=a.delay)]
        lab.write_notebook("wait.ipynb", cells)
        open_and_run(page, lab, "wait.ipynb")
        page.wait_for_selector(".cg-root .cu-hand", timeout=60_000)
        clicks = 0
        while len(rows) < a.turns and clicks < 20 * a.turns:
            page.wait_for_function("!document.querySelector('.cg-root .cg-thinking')", timeout=60_000)
            r = page.evaluate(CLICK)
            clicks += 1
            if r is None:  # nothing to click: the game is over
                break
            if r["bot"] and r["box"]:
                m = SAID.search(r["box"])
                if m:
                    said, pause, work, search = (float(x.replace(",", ".")) for x in m.groups())
                    rows.append({**r, "said": said, "pause": pause, "work": work, "search": search})
                    print(f"click {r['what']}: own move drawn {r['own']:.0f} ms, bot's move drawn {r['total']:.0f} ms; "
                          f"the box: {said:.1f} s (pause {pause:.1f}, work {work:.1f}, search {search:.1f})", flush=True)
            load.append(os.getloadavg()[0])
    if not rows:
        raise SystemExit("no bot turn was measured")
    searched = [r for r in rows if r["search"] > 0]  # the others: one move possible, nothing weighed
    print(f"\nChemuno, search:{a.level}, bot_delay {a.delay} ms, {len(rows)} bot turns ({len(searched)} with a search), "
          f"load average {min(load):.1f}–{max(load):.1f} on {os.cpu_count()} cores")
    for name, part in (("every bot turn", rows), ("the turns with a search", searched)):
        if not part:
            continue
        med = lambda key: statistics.median(r[key] for r in part)  # noqa: E731
        gap = [r["total"] / 1000 - r["said"] for r in part]
        print(f"{name}, medians (max):")
        print(f"  click to the bot's move drawn (what the student waited): {med('total') / 1000:.2f} s "
              f"({max(r['total'] for r in part) / 1000:.2f} s)")
        print(f"  the box says {med('said'):.2f} s = pause {med('pause'):.2f} + work {med('work'):.2f} "
              f"(of it search {med('search'):.2f}, processor time) ({max(r['said'] for r in part):.2f} s)")
        print(f"  not in the box: {statistics.median(gap):.2f} s ({max(gap):.2f} s), of it the student's own move "
              f"drawn {med('own') / 1000:.2f} s; the rest is the bot's view on its way and drawn")

if __name__ == "__main__":
    main()
