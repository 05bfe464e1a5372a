"""The JupyterLite site against its floor, in one run: build time and size; a notebook that only runs
``print(1)`` on the Pyodide kernel (the floor: same site, same server, same browser); a student's
cold start of Das Chemie-Kartenspiel (fresh browser profile: no HTTP cache, no storage) to the
first board and to the first accepted move, each as floor + overhead and as a ratio; the warm start
(the same profile after the browser was closed: the next lesson); bytes and requests the server sent
for each; the browser's processor seconds for each (all its processes, from ``/proc``: on a
shared machine the clock scatters with the load, the processor time much less); and what each
import costs inside Pyodide (its own import profile). Prints figures with the load average beside
each, asserts nothing.

    .venv/bin/python bench/bench_lite.py [--site DIR] [--compare OLD_SITE] [--runs 1] [--no-profile]
    .venv/bin/python bench/bench_lite.py --site DIR --compare OLD_SITE --play-only --runs 3 --seed 1

``--play-only``: the play page's cold and warm starts alone, the two sites alternating run by run;
each start prints its steps (worker, Python, wheels, bridge, widget, drawn; on a restored start the
runtime's import and Emscripten's module too) and, on a cold start, where the widget's warm-up stood
when each click of the first move was sent, each warm-up step's duration, and the first move twice:
as Playwright timed it and as the student waited (``STUDENT_WAITS``: from each click event to the
frame showing the answer, in the page; docs/lite.md says why the goal is read on that one).

Goals (issue 28, on these 2 cores): first board <= floor + 3 s, first move accepted <= 0.5 s after
the board shows, warm start <= 5 s from the click, <= 15 MB transferred on a cold start.
"""
from __future__ import annotations

import argparse
import base64
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections import Counter
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from chemgames.lite.build import PYODIDE_DIR, RUNTIME_FILES, build_site  # noqa: E402
from chemgames.lite.serve import Stats, serve_in_thread  # noqa: E402
from tests.browser.lab import CHROMIUM, CHROMIUM_ARGS, run_code  # noqa: E402
from tests.lite.visit import (FIRST_MOVE, GAME, IDLE, click_keys, expected_first_move, first_answer, game_number,  # noqa: E402
                              run_all_cells)

MB = 1e6
FLOOR = "bench/floor.ipynb"


def load() -> str:
    """The 1-minute load average, printed beside every figure (the machine is shared)."""
    return f"load {os.getloadavg()[0]:.1f}"


TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def browser_cpu(profile: Path) -> float:
    """Processor seconds the browser has used so far (its process and every child: renderer, GPU,
    utility, with Pyodide's worker inside the renderer), from ``/proc``: a figure that a loaded
    machine stretches far less than a wall-clock time (0.0 where there is no ``/proc``)."""
    procs = {}
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            stat = (entry / "stat").read_text()
            cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        rest = stat[stat.rfind(")") + 2:].split()  # after the command's name, which may hold spaces
        procs[int(entry.name)] = (int(rest[1]), sum(int(x) for x in rest[11:15]) / TICK, cmd)
    tree = {pid for pid, (_, _, cmd) in procs.items() if f"--user-data-dir={profile}" in cmd and "--type=" not in cmd}
    grown = True
    while grown:
        more = {pid for pid, (parent, _, _) in procs.items() if parent in tree} - tree
        tree |= more
        grown = bool(more)
    return sum(procs[pid][1] for pid in tree)


def part_of(rel: str) -> str:
    """Which part of the site a file belongs to."""
    if rel.startswith(PYODIDE_DIR + "/"):
        name = rel.rsplit("/", 1)[1]
        if name in RUNTIME_FILES:
            return "Pyodide runtime (npm)"
        return "wheels (PyPI + own)" if name.endswith(".whl") else "Pyodide lock"
    if rel.startswith(("build/", "extensions/")):
        return "JupyterLab + extensions (JS/CSS)"
    if rel.startswith(("files/", "api/")):
        return "notebooks, lessons, contents index"
    return "other (config, icons, start page)"


def sizes(site: Path) -> None:
    files = {p.relative_to(site).as_posix(): p.stat().st_size for p in site.rglob("*")
             if p.is_file() and p.suffix not in (".br", ".gz")}
    packed = {p.relative_to(site).as_posix(): p.stat().st_size for p in site.rglob("*") if p.suffix in (".br", ".gz")}
    total = sum(files.values())
    print(f"\nsite: {total / MB:.1f} MB in {len(files)} files"
          + (f" (+ {len(packed)} pre-compressed copies, {sum(packed.values()) / MB:.1f} MB)" if packed else ""))
    parts = Counter()
    for rel, size in files.items():
        parts[part_of(rel)] += size
    for part, size in parts.most_common():
        print(f"  {part:38} {size / MB:6.1f} MB  {100 * size / total:4.0f} %")
    print("  largest files:")
    for rel, size in sorted(files.items(), key=lambda kv: -kv[1])[:10]:
        print(f"    {size / MB:6.2f} MB  {rel}")


def sent(stats: Stats) -> str:
    """What the server sent since its counters were reset."""
    with stats.lock:
        codes = ", ".join(f"{c}: {n}" for c, n in sorted(stats.status.items()))
        return f"{stats.bytes / MB:.1f} MB in {stats.requests} requests ({codes})"


@contextmanager
def counted_server(site: Path):
    """``chemgames lite serve``'s server (whatever it sends: compression, cache headers), which
    counts what it sends (``server.stats``)."""
    server = serve_in_thread(site)
    try:
        yield f"http://127.0.0.1:{server.server_port}", server.stats
    finally:
        server.shutdown()
        server.server_close()


def with_floor(site: Path, into: Path) -> Path:
    """A copy of the site (hard links) with one more notebook, ``bench/floor.ipynb``: one cell,
    ``print(1)``, on the Pyodide kernel, listed in the contents index like the site's own."""
    shutil.copytree(site, into, copy_function=os.link)
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "floor", "metadata": {}, "outputs": [],
                     "source": "print(1)"}],
          "metadata": {"kernelspec": {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    (into / "files/bench").mkdir(parents=True)
    text = json.dumps(nb)
    (into / "files" / FLOOR).write_text(text)
    stamp = "2026-01-01T00:00:00Z"
    model = {"content": None, "created": stamp, "format": None, "hash": None, "hash_algorithm": None,
             "last_modified": stamp, "mimetype": None, "name": "floor.ipynb", "path": FLOOR, "size": len(text),
             "type": "notebook", "writable": True}
    (into / "api/contents/bench").mkdir(parents=True)
    (into / "api/contents/bench/all.json").write_text(json.dumps({**{k: model[k] for k in model if k != "content"},
                                                                   "name": "bench", "path": "bench", "type": "directory",
                                                                   "content": [model]}))
    root = into / "api/contents/all.json"
    listing = json.loads(root.read_text())
    listing["content"].append({**model, "name": "bench", "path": "bench", "type": "directory", "size": None})
    root.unlink()  # a hard link to the original site's file: write a new one
    root.write_text(json.dumps(listing))
    for packed in (root.with_name("all.json.br"), root.with_name("all.json.gz")):
        packed.unlink(missing_ok=True)  # the build's compressed copies list no floor
    return into


def run_all(page) -> None:
    """As a student does: wait until the Pyodide kernel is idle, then "Ausführen → Alle Zellen
    ausführen" (the site's menus are German: tests/lite/visit.py)."""
    page.wait_for_selector(".jp-Notebook .jp-Cell")
    page.wait_for_function("document.querySelector('#jp-main-statusbar')?.innerText.includes('Pyodide')")
    page.wait_for_function(f"/{IDLE}|Idle/.test(document.querySelector('#jp-main-statusbar').innerText)", timeout=180_000)
    run_all_cells(page, english_too=True)  # --compare may measure an older site with English menus


def launch(pw, profile: Path):
    context = pw.chromium.launch_persistent_context(str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                                    viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(180_000)
    return context


def floor_start(pw, url: str, profile: Path, tally: Stats) -> dict:
    tally.reset()
    context = launch(pw, profile)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        t0 = time.monotonic()
        page.goto(f"{url}/lab/index.html?path={FLOOR}")
        page.wait_for_selector(".jp-Notebook .jp-Cell")
        ui = time.monotonic() - t0
        run_all(page)
        page.wait_for_function("[...document.querySelectorAll('.jp-OutputArea-output')].some(o => o.innerText.trim() === '1')")
        return {"notebook shown": ui, "print(1) shown": time.monotonic() - t0, "cpu": browser_cpu(profile), "sent": sent(tally),
                "bytes": tally.bytes, "requests": tally.requests, "load": load()}
    finally:
        context.close()


def game_start(pw, url: str, profile: Path, tally: Stats, move: bool) -> dict:
    tally.reset()
    context = launch(pw, profile)
    marks: dict = {}
    try:
        page = context.pages[0] if context.pages else context.new_page()
        t0 = time.monotonic()
        page.goto(f"{url}/lab/index.html?path={GAME}")
        page.wait_for_selector(".jp-Notebook .jp-Cell")
        marks["notebook shown"] = time.monotonic() - t0
        run_all(page)
        page.wait_for_selector(".cg-root[data-version] .cg-hand")
        marks["first board"] = board = time.monotonic() - t0
        marks["cpu"] = browser_cpu(profile)
        if move:
            try:
                marks.update(first_move(page, board, t0))
            except Exception as exc:  # noqa: BLE001 - one start's failure is reported, the run goes on
                page.screenshot(path="bench-lite-first-move.png", full_page=True)
                print(f"  the first move failed ({type(exc).__name__}: {str(exc).splitlines()[0][:160]}); the board says:\n"
                      + page.locator(".cg-root").first.inner_text()[-1200:])
                marks["first move"] = "failed (bench-lite-first-move.png)"
        marks.update(sent=sent(tally), bytes=tally.bytes, requests=tally.requests, load=load())
        return marks
    finally:
        context.close()


PLAY_LINK = 'a.cg-play[href^="play.html?game=chemiekarten"]'
#: the play page's steps, stamped by its worker and page (chemgames/lite/play_worker.js): epoch ms
PLAY_MARKS = ("worker", "runtime", "module", "python", "wheels", "bridge", "widget", "board")  # runtime, module: a restored start


def has_play(site: Path) -> bool:
    """Whether the site has the play page (``chemgames/lite/play.py``; older builds do not)."""
    return (Path(site) / "play.html").is_file()


def play_start(pw, url: str, profile: Path, tally: Stats, move: bool, seed: int | None = None) -> dict:
    """A student's start on the play page: the start page is shown, the clock starts at the click
    on the game's title (the play page, no JupyterLab) and stops when the board shows; then, on a
    cold start, the first move. ``seed``: a dealt game number (``&seed=``), else a fresh deal."""
    context = launch(pw, profile)
    marks: dict = {}
    try:
        page = context.pages[0] if context.pages else context.new_page()
        tally.reset()  # the start page and what it prefetches count: a student's start is all of it
        page.goto(f"{url}/")
        link = page.locator(PLAY_LINK)
        if seed is not None:
            link.evaluate(f"a => a.setAttribute('href', a.getAttribute('href') + '&seed={seed}')")
        # the click as the page saw it (the student's click; Playwright's own steps before it, 0.06-0.5 s
        # under load, are the bench's, not the student's): the board's time in the page counts from it
        page.evaluate(CLICK_STAMP)
        cpu0 = browser_cpu(profile)
        t0 = time.monotonic()
        link.click()
        try:
            page.wait_for_selector(".cg-root[data-version] .cg-hand, #cg-status.cg-failed")
        finally:
            if page.locator("#cg-status.cg-failed").count():
                raise RuntimeError(page.locator("#cg-status").inner_text()[-600:])
        marks["first board"] = board = time.monotonic() - t0
        marks["cpu"] = browser_cpu(profile) - cpu0
        stamps = page.evaluate("window.cgMarks")
        steps, before = [], stamps.get("page")
        for name in PLAY_MARKS:
            if name in stamps and before is not None:
                steps.append(f"{name} {(stamps[name] - before) / 1000:.2f}")
                before = stamps[name]
        marks["steps"] = "(" + ", ".join(steps) + ")"
        marks["restored"] = page.evaluate("window.cgSnapshot ? window.cgSnapshot.restored : null")
        clicked = page.evaluate("Number(sessionStorage.getItem('cgBenchClick'))")
        if clicked and "board" in stamps:
            marks["board from the click in the page"] = (stamps["board"] - clicked) / 1000
        if move:
            try:
                before = page.evaluate("window.cgWarm ? window.cgWarm.sent.length : null")
                page.evaluate(STUDENT_WAITS)
                marks.update(first_move(page, board, t0))
                marks.update(student_waits(page))
                marks["warm-up"] = warm_up_seen(page, before)
                marks.update(warm_steps(page))
                marks.update(click_waits(page, before))
                marks["snapshot"] = snapshot_made(page)
            except Exception as exc:  # noqa: BLE001 - one start's failure is reported, the run goes on
                page.screenshot(path="bench-lite-first-move.png", full_page=True)
                print(f"  the first move failed ({type(exc).__name__}: {str(exc).splitlines()[0][:160]})")
                marks["first move"] = "failed (bench-lite-first-move.png)"
        marks.update(sent=sent(tally), bytes=tally.bytes, requests=tally.requests, load=load())
        return marks
    finally:
        context.close()


#: stores the time of the next click on the page in the tab's sessionStorage (it survives the navigation)
CLICK_STAMP = ("document.addEventListener('click', () => sessionStorage.setItem('cgBenchClick', "
               "String(performance.timeOrigin + performance.now())), {capture: true, once: true})")


WAITS = "first move's waits in the page"
STUDENT = "first move, click to answer shown, in the page"

#: what a student waits for each click, measured in the page with no Playwright in it: from the click
#: event's own time stamp (``event.timeStamp``: when the browser received the input, before any
#: script ran) to the first animation frame after the board's answer (its ``data-version`` grew: the
#: widget drew Python's answer; a MutationObserver on the view's element sees it, the next
#: ``requestAnimationFrame`` is the frame that shows it). Epoch ms, one row a click, in ``window.cgStudent``; installed on any site, old or new.
STUDENT_WAITS = """() => {
  const el = document.querySelector('.cg-root').parentElement;  // the view redraws its root: watch its parent
  const version = () => Number(el.querySelector('.cg-root')?.dataset.version);
  const now = () => performance.timeOrigin + performance.now();
  window.cgStudent = [];
  document.addEventListener('click', (e) => {
    const row = {at: performance.timeOrigin + e.timeStamp, version: version()};
    window.cgStudent.push(row);
    const seen = new MutationObserver(() => {
      if (row.changed || !(version() > row.version)) return;
      row.changed = now();
      seen.disconnect();
      requestAnimationFrame(() => { row.shown = now(); });
    });
    seen.observe(el, {childList: true, subtree: true, attributes: true, attributeFilter: ['data-version']});
  }, {capture: true});
}"""


def student_waits(page) -> dict:
    """The first move's clicks as the student waited for them (``STUDENT_WAITS``): each click's wait
    from its event to the frame that shows the answer, and their sum (the goal's figure: what a
    student who clicks right after the board waits; Playwright's own figure adds its round trips:
    bench/README.md)."""
    page.wait_for_function(f"window.cgStudent.length >= {len(FIRST_MOVE)} && window.cgStudent.every(r => r.shown)")
    rows = page.evaluate("window.cgStudent")[:len(FIRST_MOVE)]
    waits = [(r["shown"] - r["at"]) / 1000 for r in rows]
    return {"student's clicks": " + ".join(f"{w:.2f}" for w in waits), STUDENT: sum(waits)}


def warm_steps(page) -> dict:
    """Each warm-up step's duration in the worker (``window.cgWarm.times``, ms), the longest first
    named: what a click that comes meanwhile may wait behind."""
    warm = page.evaluate("window.cgWarm || null")
    if not warm or not warm.get("times"):
        return {}
    took = [(name, (end - began) / 1000) for name, (began, end) in zip(warm["steps"], warm["times"])]
    longest = max(took, key=lambda t: t[1])
    return {"warm-up steps": "(" + ", ".join(f"{n} {t * 1000:.0f}" for n, t in took) + " ms)",
            "longest warm-up step": longest[1], "longest step": longest[0]}


def click_waits(page, before: int | None) -> dict:
    """What each click of the first move waited for, as the play page recorded it (``window.cgWarm.sent``,
    epoch ms): from the view's message to its answer drawn ("wait"), of which in the worker's queue
    behind a warm-up step ("queue"), Python's answer ("python") and the way back with the drawing
    ("back"); their sum over the move is the student's wait in the page (no Playwright in it)."""
    if before is None:
        return {}
    sent = page.evaluate("window.cgWarm.sent")[before:before + len(FIRST_MOVE)]
    if len(sent) < len(FIRST_MOVE) or not all("answered" in c for c in sent):
        return {}
    parts = [f"{(c['answered'] - c['at']) / 1000:.2f} (queue {(c['began'] - c['at']) / 1000:.2f}, python "
             f"{(c['ended'] - c['began']) / 1000:.2f}, back {(c['answered'] - c['ended']) / 1000:.2f})" for c in sent]
    return {"clicks in the page": " + ".join(parts),
            WAITS: sum(c["answered"] - c["at"] for c in sent) / 1000}


def snapshot_made(page) -> str:
    """The snapshot of Python's memory a first visit leaves for the next (``play_worker.js``), made by a
    second worker after the first move: waited for before the browser is closed, as a student's first
    lesson lasts that long; its size and when it was stored."""
    if page.evaluate("window.cgSnapshot === undefined"):
        return "(none: an older site)"
    t = time.monotonic()
    page.wait_for_function("![null, 'making'].includes(window.cgSnapshot.made) || window.cgSnapshot.restored",
                           timeout=240_000)
    made = page.evaluate("window.cgSnapshot.made")
    return (f"{made / 1e6:.1f} MB, stored {time.monotonic() - t:.1f} s after the first move ({load()})"
            if isinstance(made, (int, float)) else str(made))


def warm_up_seen(page, before: int | None) -> str:
    """Where the play page's warm-up stood at the first move's clicks (``window.cgWarm``: the steps the
    worker answered; for each message the view sent, how many steps were done then; ``before``: how
    many it had sent before the clicks), and when it was over after the board. Older sites ran it in
    one piece and record nothing."""
    if before is None:
        return "(not recorded: an older site)"
    page.wait_for_function("window.cgWarm.done", timeout=120_000)
    warm, stamps = page.evaluate("[window.cgWarm, window.cgMarks]")
    clicks = warm["sent"][before:before + len(FIRST_MOVE)]
    return (f"({len(warm['steps'])} steps; done when each click was sent: "
            + ", ".join("all" if c["done"] else str(c["steps"]) for c in clicks)
            + f"; over {(stamps['warmed'] - stamps['board']) / 1000:.2f} s after the board)")


def first_move(page, board: float, t0: float) -> dict:
    """Right after the board shows: wait for the human's turn (the bots may move first, paced by the
    widget's 700 ms), then play the engine's best move through the hint buttons at once; each click
    timed until Python answered. Checked against the move CPython's engine offers afterwards."""
    root = page.locator(".cg-root").first
    root.locator("[data-key='hint']:not([disabled])").wait_for()
    page.wait_for_function("!document.querySelector('.cg-root .cg-thinking')")
    ready = time.monotonic() - t0
    clicks = click_keys(page, FIRST_MOVE)
    try:
        shown = first_answer(page)
    except Exception:
        page.screenshot(path="bench-lite-first-move.png", full_page=True)
        print("no explanation after the first move; the board says:\n" + root.inner_text()[-1500:])
        raise
    done = time.monotonic() - t0
    _, points, _ = expected_first_move(game_number(page))
    if f"{points} Punkte" not in shown:  # the engine's own best move, accepted with its points
        print(f"  the first move's explanation lacks the expected {points} Punkte: {shown!r}")
    return {"human's turn": ready, "first move accepted": done, "after board": done - board,
            "after the human's turn": done - ready, "clicks": " + ".join(f"{c:.2f}" for c in clicks)}


#: runs inside Pyodide: the time of each first import (self and cumulative, like ``python -X
#: importtime``), by patching the import system's ``_find_and_load``
PROFILE = r'''
import importlib._bootstrap as _b, time, json, sys
_orig, _stack, _rows = _b._find_and_load, [], []
def _timed(name, import_):
    t = time.perf_counter(); _stack.append(0.0)
    try:
        return _orig(name, import_)
    finally:
        dt = time.perf_counter() - t; child = _stack.pop(); _rows.append((name, dt - child, dt))
        if _stack: _stack[-1] += dt
_b._find_and_load = _timed
t = time.perf_counter()
try:
    exec(TARGET)
finally:
    _b._find_and_load = _orig
total = time.perf_counter() - t
tops = {}
for name, own, cum in _rows:
    top = name.split(".")[0]
    tops[top] = tops.get(top, 0.0) + own
print(json.dumps({"total": total, "modules": len(_rows), "by_package": sorted(tops.items(), key=lambda kv: -kv[1])[:14],
                  "cumulative": sorted(((n, c) for n, s, c in _rows), key=lambda kv: -kv[1])[:24]}))
'''


def import_profile(pw, url: str, profile: Path) -> None:
    """In the floor notebook (Pyodide is up): load the game's wheels, then import what the notebook
    imports and time every module; then what building the board and the first hints cost."""
    context = launch(pw, profile)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(f"{url}/lab/index.html?path={FLOOR}")
        run_all(page)
        page.wait_for_function("[...document.querySelectorAll('.jp-OutputArea-output')].some(o => o.innerText.trim() === '1')")
        t = time.monotonic()
        run_code(page, "if 0: import chemgames.widgets  # the kernel loads the wheels a cell's imports name\nprint('loaded')",
                 timeout=180_000)
        print(f"\nimport profile in Pyodide ({load()}): loading the wheels the notebook's import names "
              f"(chemgames and what it depends on): {time.monotonic() - t:.2f} s (cell round trip)")
        for target in ("from chemgames.widgets import play",
                       "w = play(players=3, bots=['greedy', 'random'], lang='de', seed=2)",
                       "while w.game.current_player != 0: w.bot_turn()",
                       "w.game.hints(8)", "[w.game.apply(a) for a in w.game.hints(8)[0].actions]", "w.save()"):
            code = PROFILE.replace("TARGET", repr(target))
            wrapped = f"exec(__import__('base64').b64decode({base64.b64encode(code.encode()).decode()!r}).decode())"
            prof = json.loads(run_code(page, wrapped, timeout=180_000))
            print(f"  {target}: {prof['total']:.2f} s, {prof['modules']} modules imported ({load()})")
            if prof["modules"]:
                print("    own import time by top-level package: " + ", ".join(f"{n} {s:.2f}" for n, s in prof["by_package"]))
                print("    cumulative: " + ", ".join(f"{n} {c:.2f}" for n, c in prof["cumulative"][:16]))
    finally:
        context.close()


def show(label: str, marks: dict) -> None:
    print(f"  {label}: " + ", ".join(f"{k} {v:.2f} s" if isinstance(v, float) else v if k == "load" else f"{k} {v}"
                                     for k, v in marks.items() if k not in ("bytes", "requests")), flush=True)


def measure(pw, site: Path, tmp: Path, runs: int, label: str, profile: bool, seed: int | None = None) -> dict:
    """Floor, cold and warm starts of one site, served by ``chemgames lite serve``; the medians."""
    served = with_floor(site, tmp / f"served-{label}")
    floors, warm_floors, colds, warms, plays, play_warms = [], [], [], [], [], []
    with counted_server(served) as (url, tally):
        for i in range(runs):
            floors.append(floor_start(pw, url, tmp / f"floor-{label}-{i}", tally))
            show(f"[{label}] floor {i + 1} (print(1), cold)", floors[-1])
            # the floor again in its own profile: what a warm start costs before chemgames (Pyodide's
            # start, JupyterLab's), so the game's warm start splits into that and the game's share
            warm_floors.append(floor_start(pw, url, tmp / f"floor-{label}-{i}", tally))
            show(f"[{label}] floor {i + 1} warm (same profile, browser restarted)", warm_floors[-1])
            colds.append(game_start(pw, url, tmp / f"student-{label}-{i}", tally, move=True))
            show(f"[{label}] game {i + 1} cold", colds[-1])
            warms.append(game_start(pw, url, tmp / f"student-{label}-{i}", tally, move=False))
            show(f"[{label}] game {i + 1} warm (same profile, browser restarted)", warms[-1])
            if has_play(site):
                plays.append(play_start(pw, url, tmp / f"player-{label}-{i}", tally, move=True, seed=seed))
                show(f"[{label}] play page {i + 1} cold (from the start page's click)", plays[-1])
                play_warms.append(play_start(pw, url, tmp / f"player-{label}-{i}", tally, move=False))
                show(f"[{label}] play page {i + 1} warm (same profile, browser restarted)", play_warms[-1])
        if profile:
            import_profile(pw, url, tmp / f"floor-{label}-0")
    def med(rows: list[dict], k: str) -> float:
        """The median of ``k`` over the rows that have it (a failed first move has none)."""
        got = [r[k] for r in rows if k in r]
        return statistics.median(got) if got else float("nan")

    return {"floor": med(floors, "print(1) shown"), "board": med(colds, "first board"),
            "after": med(colds, "after board"), "from click": med(colds, "first move accepted"),
            "turn": med(colds, "human's turn") - med(colds, "first board"),
            "clicks": med(colds, "after the human's turn"), "warm": med(warms, "first board"),
            "warm floor": med(warm_floors, "print(1) shown"),
            "floor cpu": med(floors, "cpu"), "warm floor cpu": med(warm_floors, "cpu"),
            "board cpu": med(colds, "cpu"), "warm cpu": med(warms, "cpu"),
            "cold bytes": med(colds, "bytes"), "cold requests": med(colds, "requests"),
            "warm bytes": med(warms, "bytes"), "warm requests": med(warms, "requests"),
            "floor bytes": med(floors, "bytes"), "floor requests": med(floors, "requests"),
            "play board": med(plays, "first board"), "play after": med(plays, "after board"),
            "play turn": med(plays, "human's turn") - med(plays, "first board"), "play clicks": med(plays, "after the human's turn"),
            "play warm": med(play_warms, "first board"), "play cpu": med(plays, "cpu"), "play warm cpu": med(play_warms, "cpu"),
            "play bytes": med(plays, "bytes"), "play requests": med(plays, "requests"),
            "play warm bytes": med(play_warms, "bytes"), "play warm requests": med(play_warms, "requests"), "load": load()}


def report(label: str, m: dict, runs: int) -> None:
    floor, board, warm = m["floor"], m["board"], m["warm"]
    print(f"\n{label}: medians over {runs} run(s) ({m['load']} at its end):")
    print(f"  floor (print(1) on a cold start)   {floor:6.2f} s")
    print(f"  first board, cold                  {board:6.2f} s = floor + {board - floor:.2f} s = {board / floor:.2f} x floor"
          "   (goal: floor + 3 s)")
    print(f"  first move accepted after board    {m['after']:6.2f} s   (goal 0.5 s; {m['from click']:.2f} s from the click;"
          f" the human's turn came {m['turn']:.2f} s after the board, the three clicks took {m['clicks']:.2f} s)")
    print(f"  warm start to board                {warm:6.2f} s = {warm / floor:.2f} x floor   (goal 5 s)")
    print(f"  warm floor (print(1), warm)        {m['warm floor']:6.2f} s: the warm start is warm floor + "
          f"{warm - m['warm floor']:.2f} s (the game's wheels, imports, board)")
    print(f"  browser CPU to print(1) / board    cold {m['floor cpu']:.2f} / {m['board cpu']:.2f} s, warm {m['warm floor cpu']:.2f} / "
          f"{m['warm cpu']:.2f} s   (processor seconds: stretched far less by the load than the clock)")
    print(f"  cold start sent                    {m['cold bytes'] / MB:6.1f} MB in {m['cold requests']:.0f} requests   (goal 15 MB)")
    print(f"  warm start sent                    {m['warm bytes'] / MB:6.1f} MB in {m['warm requests']:.0f} requests")
    print(f"  floor sent                         {m['floor bytes'] / MB:6.1f} MB in {m['floor requests']:.0f} requests")
    if m["play board"] == m["play board"]:  # not NaN: the site has the play page
        print(f"  PLAY PAGE (start page's click, no JupyterLab):")
        print(f"  first board, cold                  {m['play board']:6.2f} s = floor + {m['play board'] - floor:.2f} s   (CPU {m['play cpu']:.2f} s)")
        print(f"  first move accepted after board    {m['play after']:6.2f} s   (goal 0.5 s; the human's turn {m['play turn']:.2f} s after the board,"
              f" the three clicks {m['play clicks']:.2f} s)")
        print(f"  warm start to board                {m['play warm']:6.2f} s   (goal 5 s; CPU {m['play warm cpu']:.2f} s)")
        print(f"  cold / warm start sent (start page too) {m['play bytes'] / MB:6.1f} MB in {m['play requests']:.0f} requests /"
              f" {m['play warm bytes'] / MB:.1f} MB in {m['play warm requests']:.0f} requests")


def play_only(pw, site: Path, compare: Path | None, tmp: Path, runs: int, seed: int | None) -> None:
    """The play page's cold and warm starts, the two sites alternating run by run (both see the same
    load), then the medians of each."""
    sites = [(label, where) for label, where in (("compare", compare), ("site", site)) if where is not None and has_play(where)]
    rows: dict[str, dict[str, list[dict]]] = {label: {"cold": [], "warm": []} for label, _ in sites}
    servers = {label: counted_server(where) for label, where in sites}
    opened = {label: cm.__enter__() for label, cm in servers.items()}
    try:
        for i in range(runs):
            for label, _ in sites:
                url, tally = opened[label]
                for kind, move in (("cold", True), ("warm", False)):
                    marks = play_start(pw, url, tmp / f"p-{label}-{i}", tally, move, seed if move else None)
                    rows[label][kind].append(marks)
                    show(f"[{label}] play page {i + 1} {kind}", marks)
    finally:
        for cm in servers.values():
            cm.__exit__(None, None, None)
    for label, where in sites:
        cold, warm = rows[label]["cold"], rows[label]["warm"]
        def med(got: list[dict], key: str) -> str:
            values = [r[key] for r in got if isinstance(r.get(key), float)]
            return f"{statistics.median(values):.2f} s" if values else "-"
        print(f"\n{label} ({where}), medians of {runs}: board cold {med(cold, 'first board')} (CPU {med(cold, 'cpu')}), "
              f"first move after the board {med(cold, 'after board')}, warm start {med(warm, 'first board')} "
              f"(CPU {med(warm, 'cpu')}); loads " + ", ".join(r["load"] for r in cold + warm))
        print(f"  in the page (from the click event, no Playwright): board cold {med(cold, 'board from the click in the page')}, "
              f"warm {med(warm, 'board from the click in the page')}; the first move's three waits together "
              f"{med(cold, WAITS)} (from the view's message to the answer drawn)")
        playwright = med(cold, "after the human's turn")
        print(f"  first move: Playwright's three clicks {playwright}, the student's three waits "
              f"(click event to the frame showing the answer) {med(cold, STUDENT)}; longest warm-up step "
              f"{med(cold, 'longest warm-up step')} ({', '.join(sorted(set(str(r.get('longest step')) for r in cold)))})")


def play_profile(pw, site: Path, tmp: Path, runs: int) -> None:
    """The play page's imports timed in its worker (``&profile``: ``playbridge.profiled``), a cold
    start first (to fill the browser's cache), then ``runs`` warm ones, each printed."""
    address = PLAY_LINK.split('"')[1]  # play.html?game=chemiekarten
    with counted_server(site) as (url, _):
        for i in range(runs + 1):
            context = launch(pw, tmp / "profiled")
            try:
                page = context.pages[0] if context.pages else context.new_page()
                page.goto(f"{url}/{address}&seed=1&profile")
                page.wait_for_selector(".cg-root[data-version] .cg-hand")
                found, stamps = page.evaluate("[window.cgProfile, window.cgMarks]")
            finally:
                context.close()
            steps = ", ".join(f"{a} {(stamps[b] - stamps[a]) / 1000:.2f}" for a, b in zip(PLAY_MARKS, PLAY_MARKS[1:])
                              if a in stamps and b in stamps)
            print(f"\nplay page, {'cold' if i == 0 else 'warm'} ({load()}): steps after each mark: {steps}")
            print(f"  the game's code: {found['seconds']:.2f} s, {found['imports']['count']} imports "
                  f"{found['imports']['seconds']:.2f} s")
            print("  own import time by top-level package: " + ", ".join(f"{n} {t:.2f}" for n, t in found["by_package"]))
            print("  slowest (with what they import): " + ", ".join(f"{n} {t:.2f}" for n, t in found["slowest"]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", help="a built site (default: build one into a temporary folder)")
    parser.add_argument("--compare", help="another built site (e.g. an older build), measured in the same run, "
                                          "alternating with --site")
    parser.add_argument("--runs", type=int, default=1, help="cold/warm pairs (medians printed)")
    parser.add_argument("--no-profile", action="store_true", help="skip the import profile in Pyodide")
    parser.add_argument("--seed", type=int, default=None, help="the play page's cold start deals this game number")
    parser.add_argument("--play-only", action="store_true", help="only the play page's starts (cold, warm), no floor")
    parser.add_argument("--profile-only", action="store_true", help="only the import profile in Pyodide")
    parser.add_argument("--play-profile", action="store_true",
                        help="only the play page's imports, timed in its worker (a cold start, then --runs warm ones)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    print(f"{os.cpu_count()} cores, {load()} at start")
    with tempfile.TemporaryDirectory(prefix="cg-lite-bench-") as tmp:
        tmp = Path(tmp)
        site = Path(args.site) if args.site else tmp / "site"
        if not args.site:
            t0 = time.monotonic()
            build_site(site, log=lambda msg: None)
            print(f"build (download cache as it is): {time.monotonic() - t0:.1f} s ({load()})")
        sizes(site)
        with sync_playwright() as pw:
            if args.profile_only:
                with counted_server(with_floor(site, tmp / "served")) as (url, _):
                    import_profile(pw, url, tmp / "floor-0")
                return
            if args.play_profile:
                play_profile(pw, site, tmp, args.runs)
                return
            if args.play_only:
                play_only(pw, site, Path(args.compare) if args.compare else None, tmp, args.runs, args.seed)
                return
            if not args.compare:
                report("this site", measure(pw, site, tmp, args.runs, "site", not args.no_profile, args.seed), args.runs)
                return
            results: dict[str, list[dict]] = {"compare": [], "site": []}
            for i in range(args.runs):  # alternating, so both see the same load
                results["compare"].append(measure(pw, Path(args.compare), tmp, 1, f"compare{i}", False, args.seed))
                results["site"].append(measure(pw, site, tmp, 1, f"site{i}", False, args.seed))
            for label, key in ((f"--compare {args.compare}", "compare"), (f"--site {site}", "site")):
                rows = results[key]
                report(label, {k: (statistics.median(r[k] for r in rows) if k != "load" else rows[-1][k])
                               for k in rows[0]}, args.runs)
            if not args.no_profile:
                with counted_server(with_floor(site, tmp / "served")) as (url, _):
                    import_profile(pw, url, tmp / "floor-0")


if __name__ == "__main__":
    main()
