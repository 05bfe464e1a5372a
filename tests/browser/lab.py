"""A real JupyterLab on loopback, driven by Playwright in Debian's Chromium (shared by the browser
tests and bench/bench_browser.py)."""
from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import nbformat

CHROMIUM = os.environ.get("CHEMGAMES_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Lab:
    def __init__(self, root: Path, url: str) -> None:
        self.root = root
        self.url = url

    def write_notebook(self, name: str, cells: list[str]) -> str:
        nb = nbformat.v4.new_notebook()
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
        nb.cells = [nbformat.v4.new_code_cell(c) for c in cells]
        nbformat.write(nb, self.root / name)
        return name

    @property
    def saves(self) -> Path:
        """The folder the lab's kernels save games and the learning record in (unless a notebook sets its own)."""
        return self.root / "chemgames-saves"

    def copy_in(self, path: Path) -> str:
        shutil.copy(path, self.root / path.name)
        return path.name


@contextmanager
def running_lab(extra_args: tuple[str, ...] = ()) -> Iterator[Lab]:
    """A JupyterLab on a free loopback port with a temporary root, settings and workspaces;
    ``extra_args`` are added to its command line."""
    tmp = Path(tempfile.mkdtemp(prefix="cg-lab-"))
    root, ws = tmp / "root", tmp / "workspaces"
    root.mkdir()
    ws.mkdir()
    news = tmp / "settings" / "@jupyterlab" / "apputils-extension"
    news.mkdir(parents=True)
    (news / "notification.jupyterlab-settings").write_text('{"fetchNews": "false", "checkForUpdates": false}')
    port = free_port()
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(tmp / "config"), JUPYTER_RUNTIME_DIR=str(tmp / "runtime"),
               JUPYTERLAB_SETTINGS_DIR=str(tmp / "settings"), JUPYTERLAB_WORKSPACES_DIR=str(ws),
               # the kernels save beside the notebooks, as in a classroom: ``lab.saves``. The pytest process's own
               # folder (conftest.py's $CHEMGAMES_SAVES), inherited, hid them from the tests that clear or fill that
               # folder: an earlier test's unfinished save was offered above the board of a later one (CI, session 25)
               CHEMGAMES_SAVES=str(root / "chemgames-saves"))
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}", "--ip=127.0.0.1",
           "--ServerApp.token=", "--ServerApp.password=", "--ServerApp.disable_check_xsrf=True",
           f"--ServerApp.root_dir={root}", f"--LabApp.workspaces_dir={ws}", "--LabApp.news_url=",
           "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate", *extra_args]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # CI containers run as root
    if shutil.which("setpriv"):  # Linux: JupyterLab (and so its kernels) ends with the test process, even
        cmd = ["setpriv", "--pdeathsig", "TERM", "--", *cmd]  # one killed (a CI timeout) that ran no finally
    log = open(tmp / "lab.log", "wb")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=root)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 180  # a loaded machine (CI: both cores busy) starts it late
        while True:
            try:
                with urllib.request.urlopen(f"{url}/api/status", timeout=2) as r:
                    json.load(r)
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("JupyterLab did not start:\n" + (tmp / "lab.log").read_text()[-3000:])
                time.sleep(0.2)
        yield Lab(root, url)
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()
        shutil.rmtree(tmp, ignore_errors=True)


@contextmanager
def chromium() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                    slow_mo=float(os.environ.get("CG_SLOW_MO", "0") or 0))
        throttled(browser, float(os.environ.get("CG_CPU_THROTTLE", "0") or 0))
        try:
            yield browser
        finally:
            browser.close()


def throttled(browser, rate: float) -> None:
    """A local stress option, never set by CI: every page of ``browser`` runs its scripts ``rate``
    times slower (Chrome's ``Emulation.setCPUThrottlingRate``), as on a machine at load 8 and more,
    to bring races between a redraw and a test's next step to light (``CG_CPU_THROTTLE=4``; with
    ``CG_SLOW_MO=ms`` Playwright also waits that long before each of its calls)."""
    if rate <= 1:
        return

    def slow(page):
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
        return page

    def new_context(*args, _new=browser.new_context, **kwargs):
        context = _new(*args, **kwargs)
        context.new_page = lambda _new_page=context.new_page: slow(_new_page())
        return context

    browser.new_context = new_context
    browser.new_page = lambda *args, **kwargs: new_context(*args, **kwargs).new_page()


def open_and_run(page, lab: Lab, name: str, timeout: float = 90_000, ready: str = ".cg-root[data-version]") -> None:
    """Open ``name`` in a fresh workspace, run all cells, wait until a widget shows (or what ``ready`` selects)."""
    page.goto(f"{lab.url}/lab/tree/{name}?reset")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=timeout)
    # "Run All" before the kernel is connected is silently dropped: repeat it until a cell ran.
    for attempt in range(int(timeout / 15_000)):
        if attempt >= 2:  # a kernel connection that never came up: load the page again
            page.reload()
            page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=timeout)
        page.wait_for_function("document.querySelector('.jp-StatusBar-Widget, #jp-main-statusbar')?.innerText.includes('Idle')",
                               timeout=timeout)
        try:
            # Under load JupyterLab may ask for a kernel before it has read the notebook's kernelspec,
            # also after this look: then the dialog blocks a click below, and the next attempt answers it
            dialog = page.locator(".jp-Dialog")
            if dialog.count():
                dialog.get_by_role("button", name="Select").click(timeout=15_000)
            page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click(timeout=15_000)
            page.get_by_role("menuitem", name="Run All Cells", exact=True).click(timeout=15_000)
            page.wait_for_function(
                "[...document.querySelectorAll('.jp-Notebook .jp-InputPrompt')].some(p => /\\[[0-9*]+\\]/.test(p.textContent))",
                timeout=15_000)
            break
        except Exception:  # noqa: BLE001 - try again (after a kernel dialog, if one came up)
            if page.locator(".lm-Menu").count() and not page.locator(".jp-Dialog").count():
                page.keyboard.press("Escape")  # the Run menu left open: closed, so the next attempt opens it
            continue
    page.wait_for_selector(ready, timeout=timeout)


def start_code(page, code: str, timeout: float = 60_000) -> int:
    """Append a cell holding ``code`` (one line) and start it (Shift+Enter); the cell's index."""
    cells = page.locator(".jp-Notebook .jp-Cell")
    n = cells.count()
    cells.nth(n - 1).locator(".jp-InputArea-editor").click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")
    page.wait_for_function(f"document.querySelectorAll('.jp-Notebook .jp-Cell').length > {n}", timeout=timeout)
    page.keyboard.press("Enter")
    # the text goes where the focus is: typed only once the new cell's editor has it (a loaded page
    # may not have moved it there yet: the text would go nowhere and an empty cell run, its output
    # awaited in vain), then read back from the editor before the cell runs
    try:
        page.wait_for_function(_EDITING, arg=n, timeout=10_000)
    except Exception:  # noqa: BLE001 - Enter did not reach the new cell: its editor takes the focus by a click
        cells.nth(n).locator(".jp-InputArea-editor").click()
        page.wait_for_function(_EDITING, arg=n, timeout=timeout)
    page.keyboard.insert_text(code)
    page.wait_for_function("([i, code]) => (document.querySelectorAll('.jp-Notebook .jp-Cell')[i]"
                           ".querySelector('.cm-content')?.textContent || '').replace(/\\s+/g, '').startsWith(code)",
                           arg=[n, "".join(code[:40].split())], timeout=timeout)
    page.keyboard.press("Shift+Enter")
    return n


# the focus is in the editor of the notebook's cell ``i`` (edit mode there)
_EDITING = """(i) => { const c = document.querySelectorAll('.jp-Notebook .jp-Cell')[i];
  const e = c && c.querySelector('.jp-InputArea-editor');
  return !!e && e.contains(document.activeElement); }"""


def run_code(page, code: str, timeout: float = 60_000) -> str:
    """Append a cell holding ``code`` (one line), run it and return its text output."""
    n = start_code(page, code, timeout)
    cell = page.locator(".jp-Notebook .jp-Cell").nth(n)
    out = cell.locator(".jp-OutputArea-output")
    out.first.wait_for(timeout=timeout)
    # the output node may appear before its text: wait until the cell has run and printed something
    page.wait_for_function(
        "([i]) => { const c = document.querySelectorAll('.jp-Notebook .jp-Cell')[i];"
        " const o = c && c.querySelector('.jp-OutputArea-output');"
        " const p = c && c.querySelector('.jp-InputPrompt');"
        " return !!o && o.innerText.trim().length > 0 && !!p && !p.textContent.includes('*'); }",
        arg=[n], timeout=timeout)
    return out.first.inner_text()


def version(root) -> int:
    """The view's version (Python bumps it with every sync)."""
    return int(root.get_attribute("data-version"))


def wait_newer(page, before: int, timeout: float = 60_000) -> None:
    """Wait until Python has answered with a view newer than ``before``."""
    page.wait_for_function(f"Number(document.querySelector('.cg-root').dataset.version) > {before}", timeout=timeout)


def click_and_wait(page, root, locator) -> None:
    """Click, then wait until Python has answered with a new view."""
    before = version(root)
    locator.click()
    wait_newer(page, before)


def bring_into_view(locator, attempts: int = 5) -> None:
    """Scroll ``locator`` into view. Each game view draws itself anew on every change (a bot's move
    replaces the whole ``.cg-root``), so the element found may leave the page before the scroll;
    then the locator is resolved again and the new element is scrolled to."""
    for attempt in range(attempts):
        try:
            locator.scroll_into_view_if_needed(timeout=10_000)
            return
        except Exception as error:  # noqa: BLE001 - playwright's Error; only a redraw is retried
            if "not attached" not in str(error) or attempt == attempts - 1:
                raise


def settled_box(locator, timeout_ms: int = 10_000) -> dict:
    """The box of ``locator`` once it has one. A view redrawn between finding the element and
    measuring it returns None from ``bounding_box()`` (the old root has left the page); the locator
    is then resolved again until the new element has a box or ``timeout_ms`` passes."""
    import time

    end = time.monotonic() + timeout_ms / 1000
    while True:
        box = locator.bounding_box(timeout=timeout_ms)
        if box is not None:
            return box
        if time.monotonic() > end:
            raise AssertionError(f"{locator} has no box after {timeout_ms} ms")
        time.sleep(0.1)


def next_frames(page, n: int = 2) -> None:
    """Return once the page has drawn ``n`` more frames: what a view does "on the next frame"
    (``requestAnimationFrame``: Chromino's fit, Das Chemie-Kartenspiel's formula fit) has run then,
    however slow the machine (a fixed pause of 300 ms was too short at load 8)."""
    page.evaluate("n => new Promise((done) => { const step = (k) => k ? requestAnimationFrame(() => step(k - 1)) : done(); step(n); })", n)


# true once the box of the element ``sel`` finds has stayed the same for ``frames`` frames in a row
# and the page's fonts have loaded (JupyterLab's windowed notebook measures and moves cells for a
# while after a scroll; a box read meanwhile is where the widget was, not where it stays)
_STILL = """([sel, frames, quiet]) => {
  const e = document.querySelector(sel);
  if (!e || document.fonts.status !== 'loaded') return false;
  const r = e.getBoundingClientRect();
  const key = sel + ' ' + [r.x, r.y, r.width, r.height].join(' ');
  const s = window.__cgStill || (window.__cgStill = { key: null, n: 0, since: 0 });
  if (s.key === key) s.n += 1; else { s.key = key; s.n = 0; s.since = performance.now(); }
  return s.n >= frames && performance.now() - s.since >= quiet;
}"""


def settled(page, selector: str = ".cg-root", frames: int = 5, quiet_ms: float = 0, timeout: float = 30_000) -> None:
    """Wait until the element ``selector`` finds has not moved nor changed its size for ``frames``
    frames (and ``quiet_ms`` milliseconds) and the fonts have loaded: then a box or a screenshot
    shows where it stays."""
    page.evaluate("() => { window.__cgStill = null; }")
    page.wait_for_function(_STILL, arg=[selector, frames, quiet_ms], polling="raf", timeout=timeout)


# every view the game's output draws, in order: its version and the texts of what ``sels`` find
# in it, noted the moment the view replaced the one before (mount.js draws each version into the
# same element), so a test reads the view that answered its click even when a bot's move has
# already replaced it on the screen
_RECORD = """(sels) => {
  const el = document.querySelector('.cg-root').parentElement;
  const seen = window.cgViews = [];
  const note = () => {
    const r = el.querySelector(':scope > .cg-root');
    if (!r || (seen.length && seen[seen.length - 1].version === Number(r.dataset.version))) return;
    seen.push({ version: Number(r.dataset.version),
                texts: Object.fromEntries(sels.map((s) => [s, [...r.querySelectorAll(s)].map((e) => e.innerText)])) });
  };
  note();
  new MutationObserver(note).observe(el, { childList: true });
}"""


def record_views(page, selectors: list[str]) -> None:
    """From now on note every view the first game widget draws (see ``view_after``)."""
    page.evaluate(_RECORD, selectors)


def view_after(page, before: int, timeout: float = 60_000) -> dict[str, list[str]]:
    """The texts (selector -> the innerText of each match) of the first view drawn after version
    ``before``, i.e. Python's answer to what the test just did (``record_views`` must run first)."""
    page.wait_for_function("v => (window.cgViews || []).some((x) => x.version > v)", arg=before, timeout=timeout)
    return page.evaluate("v => window.cgViews.find((x) => x.version > v).texts", before)


def probe(page, attempts: int = 2) -> dict:
    """Run the notebook's ``probe()`` (it prints what Python holds as JSON) and read it; a cell that showed no JSON
    line is run once more (``probe()`` only reads: CI saw a probe cell end with one empty output, cause unknown), and
    each failed attempt's outputs are printed.

    The JSON is looked for in every output of the cell, line by line: another output can come
    first (a warning a background thread, such as the widget's warm-up, writes while the cell
    runs lands in the running cell), and that must not hide the answer. Anything else the cell
    showed is printed, so a failing test's log says what it was."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    n = start_code(page, "probe()")
    outs = page.locator(".jp-Notebook .jp-Cell").nth(n).locator(".jp-OutputArea-output")
    try:  # done (the prompt shows the count, not *) and the JSON line shown
        page.wait_for_function(
            "([i]) => { const c = document.querySelectorAll('.jp-Notebook .jp-Cell')[i];"
            " const p = c && c.querySelector('.jp-InputPrompt'), o = c && c.querySelector('.jp-OutputArea');"
            " return !!p && /\\[\\d+\\]/.test(p.textContent) && !!o && /^\\{/m.test(o.innerText); }",
            arg=[n], timeout=60_000)
    except PlaywrightTimeout:
        pass  # the assertion below says what the cell showed instead
    texts = outs.all_inner_texts()
    found = [line for text in texts for line in text.splitlines() if line.startswith("{")]
    others = [line for text in texts for line in text.splitlines() if line.strip() and not line.startswith("{")]
    if others:
        print("probe(): the cell also showed:", *others, sep="\n  ")
    if len(found) != 1 and attempts > 1:
        print("probe(): no single JSON line, run again; the cell showed:", repr(texts))
        return probe(page, attempts - 1)
    assert len(found) == 1, f"probe() printed no single JSON line; the cell showed: {texts!r}"
    return json.loads(found[0])


# axe-core (npm, pinned in tests/run-all.sh) checks the widget for accessibility violations.
AXE = REPO / "tests" / "browser" / "node" / "node_modules" / "axe-core" / "axe.min.js"


def axe_missing() -> str | None:
    """Why axe-core cannot run (None when it can). Under CI (``CI=true``) a missing axe-core fails
    the test; locally the caller may skip."""
    if AXE.exists():
        return None
    message = f"axe-core is not installed ({AXE}): run tests/run-all.sh (it installs the pinned version)"
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        import pytest

        pytest.fail(message)
    return message


def assert_accessible(page, when: str) -> None:
    """axe-core finds no violation in the widget now (a no-op locally when axe-core is missing)."""
    if axe_missing():
        return
    found = axe_violations(page)
    assert not found, f"axe-core violations {when}:\n{format_violations(found)}"


def axe_violations(page, selector: str = ".cg-root") -> list[dict]:
    """Inject axe-core into the page (once) and run it on the widget's root element ``selector``;
    returns the violations as {id, impact, help, targets}."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    # axe-core reads the page over several tasks: a view a bot's move (or the dashboard's poll)
    # replaced meanwhile was checked half old, half new, so such a run is made again (one view whole)
    for _ in range(5):
        got = page.evaluate(
            """async (sel) => {
              const el = document.querySelector(sel);
              const r = await window.axe.run(el, { resultTypes: ['violations'] });
              return { same: el.isConnected && document.querySelector(sel) === el,
                       found: r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
                         targets: v.nodes.map((n) => n.target.join(' ') + '  ' + n.html.slice(0, 120)) })) };
            }""", selector)
        if got["same"]:
            break
    return got["found"]


def format_violations(violations: list[dict]) -> str:
    """One readable block per violation: id, impact, help, then every element it found."""
    return "\n".join(f"{v['id']} ({v['impact']}): {v['help']}\n" + "\n".join(f"    {t}" for t in v["targets"])
                     for v in violations)
