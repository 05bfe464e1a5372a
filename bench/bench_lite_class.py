"""A class from one laptop: ``chemgames lite serve`` (a separate process, as a teacher starts it)
and 30 simulated students fetching a cold start at the same moment, on loopback only. Each student
fetches exactly what a browser fetched on a recorded cold start of Das Chemie-Kartenspiel (the
list is taken once with headless Chromium in a fresh profile, or read with ``--urls``), over 6
keep-alive connections as a browser does, with the browser's ``Accept-Encoding``. The start is a
student's (``--start play``, the default): the start page read until its prefetches are done, the
click on the game's title, the play page (``play.html?game=…``) to its board and first move; or the
game's notebook in JupyterLite (``--start notebook``), or both in one run (``--start both``); the
recorded play page is checked against the site's own list of what it loads (its wheels, worker,
runtime). Then the second lesson: every student
asks again with the validators of the first (``If-None-Match``), as a browser's cache does; the
content-hashed files, cached for a year, are not asked for at all.

Prints total bytes sent, the time until the last student has everything (and the median student),
the server's CPU seconds and peak memory (``/proc``), with the load average beside each figure;
``--identity`` adds the same class without compression for comparison, in the same run.

    .venv/bin/python bench/bench_lite_class.py [--site DIR] [--start play|notebook|both] [--students 30] [--identity]

Goal (issue 28, on these 2 cores): 30 students served within 60 s. The students' clients run on
the same 2 cores as the server (and as everyone else's work): a floor, not a school's network.
"""
from __future__ import annotations

import argparse
import functools
import http.client
import json
import os
import queue
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
from chemgames.lite.serve import Handler, immutable, make_server  # noqa: E402

MB = 1e6
BROWSER_ENCODINGS = "gzip, deflate, br, zstd"  # what Chromium sends
CONNECTIONS = 6  # a browser's connections per host


def load() -> str:
    return f"load {os.getloadavg()[0]:.1f}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


#: the two ways a student starts a game: the play page (``play.html?game=…``, what the start page's
#: titles open: chemgames/lite/play.py) and the game's notebook in JupyterLite (teachers, worksheets)
STARTS = ("play", "notebook")


def _visit_notebook(page, base: str) -> int:
    """The game notebook opened directly, "Alle Zellen ausführen", to the board."""
    from bench.bench_lite import run_all
    from tests.lite.visit import GAME

    page.goto(f"{base}/lab/index.html?path={GAME}")
    run_all(page)
    page.wait_for_selector(".cg-root[data-version] .cg-hand")
    return 0


def _visit_play(page, base: str, requests: list) -> int:
    """The start page read until its prefetches are done, then the click on the game's title (the play
    page, deal ``SEED``), the board, and the first move through the hint buttons (so whatever the
    move loads on demand is in the list). Returns how many requests came before the click."""
    from bench.bench_lite import PLAY_LINK
    from tests.lite.visit import SEED, play_first_move

    page.goto(f"{base}/")
    page.wait_for_load_state("networkidle")  # the start page prefetches the runtime and the wheels
    at_click = len(requests)
    link = page.locator(PLAY_LINK)
    link.evaluate(f"a => a.setAttribute('href', a.getAttribute('href') + '&seed={SEED}')")
    link.click()
    page.wait_for_selector(".cg-root[data-version] .cg-hand, #cg-status.cg-failed")
    if page.locator("#cg-status.cg-failed").count():
        raise RuntimeError(page.locator("#cg-status").inner_text()[-600:])
    play_first_move(page)
    return at_click


class _Recording(Handler):
    """``lite serve``'s handler that also notes each request's path and status (the server's view of
    a browser's start: a file the browser asks twice counts twice, one from its cache not at all)."""

    def log_request(self, code="-", size="-") -> None:
        self.server.asked.append((self.path, int(code) if str(code).isdigit() else 0))


def record_cold_start(site: Path, start: str = "play") -> tuple[list[str], int, list[str]]:
    """The requests a browser makes of the server on a cold start (fresh profile), in order, as the
    server saw them: ``start`` "play" from the start page through the play page's board and first
    move, "notebook" the game notebook to its first board. Returns their paths (with queries), how
    many came before the click on the game (the start page's own and its prefetches; 0 for the
    notebook), and the paths the page asked that the server never saw (the browser's cache, the
    service worker: printed, not fetched by the class)."""
    from playwright.sync_api import sync_playwright

    from bench.bench_lite import launch

    server = make_server(site, "127.0.0.1", 0)
    server.RequestHandlerClass = functools.partial(_Recording, directory=str(site))
    server.asked = []
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    urls: list[str] = []
    try:
        with sync_playwright() as pw, tempfile.TemporaryDirectory(prefix="cg-class-rec-") as profile:
            context = launch(pw, Path(profile))
            try:
                context.on("request", lambda r: urls.append(r.url))  # the page's, its workers', prefetches
                page = context.pages[0] if context.pages else context.new_page()
                at_click = _visit_play(page, base, server.asked) if start == "play" else _visit_notebook(page, base)
                page.wait_for_timeout(3000)  # what loads after the board (the warm-up, the autosave)
            finally:
                context.close()
    finally:
        server.shutdown()
        server.server_close()
    paths = [path for path, _ in server.asked]
    browser = {urlsplit(u).path + (f"?{urlsplit(u).query}" if urlsplit(u).query else "") for u in urls if u.startswith(base)}
    return paths, at_click, sorted(browser - set(paths))


def check_play_list(site: Path, paths: list[str]) -> str:
    """What the recorded play-page start must hold, read from the built site: the play page, its
    worker, the runtime's files and every wheel its configuration names (``play.html``'s
    ``cg-play-config``); a recording that misses one did not reach the board."""
    html = (site / "play.html").read_text("utf-8")
    config = json.loads(html.split('<script id="cg-play-config" type="application/json">')[1].split("</script>")[0])
    asked = {p.split("?")[0] for p in paths}
    wheels = {p.rsplit("/", 1)[1].rsplit("-", 4)[0].lower().replace("_", "-") for p in asked if p.endswith(".whl")}
    # since session 12 the page loads its wheels as one archive (``config["bundle"]``) and names its
    # worker for its content (``config["worker"]``)
    archive = "/" + config["runtime"].strip("/") + "/" + config["bundle"]["file"] if config.get("bundle") else None
    wanted = set() if archive else {n.lower().replace("_", "-") for n in config["packages"]}
    missing = sorted(wanted - wheels) + [f for f in ("/play.html", "/" + config.get("worker", "play-worker.js"))
                                         if f not in asked]
    runtime = "/" + config["runtime"].strip("/") + "/pyodide.asm.wasm"
    missing += [f for f in (runtime, archive) if f is not None and f not in asked]
    if missing:
        raise RuntimeError(f"the recorded play-page start lacks {missing}")
    jupyterlab = sorted(p for p in asked if p.startswith(("/lab/", "/build/", "/extensions/")) and not p.endswith("favicon.ico"))
    return ((f"the play page's archive of its {len(config['packages'])} wheels" if archive else f"the play page's {len(wanted)} wheels")
            + ", its worker and runtime all asked"
            + (f"; JupyterLab files asked: {jupyterlab[:5]}" if jupyterlab else "; no JupyterLab file"))


class Student:
    """One browser: fetches ``paths`` over ``CONNECTIONS`` keep-alive connections."""

    def __init__(self, port: int, paths: list[str], encodings: str, etags: dict[str, str] | None = None) -> None:
        self.port, self.paths, self.encodings, self.etags = port, paths, encodings, etags
        self.received = 0
        self.status: dict[int, int] = {}
        self.errors: list[str] = []
        self.got_etags: dict[str, str] = {}
        self.done_at = 0.0
        self.lock = threading.Lock()

    def run(self, t0: float) -> None:
        work: queue.Queue[str] = queue.Queue()
        for p in self.paths:
            if self.etags is not None and immutable(p.split("?")[0]):
                continue  # a year in the browser's cache: not asked for again
            work.put(p)
        threads = [threading.Thread(target=self._connection, args=(work,)) for _ in range(CONNECTIONS)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.done_at = time.monotonic() - t0

    def _connection(self, work: queue.Queue[str]) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        try:
            while True:
                try:
                    path = work.get_nowait()
                except queue.Empty:
                    return
                headers = {"Accept-Encoding": self.encodings}
                if self.etags and path in self.etags:
                    headers["If-None-Match"] = self.etags[path]
                for attempt in range(3):
                    try:
                        conn.request("GET", path, headers=headers)
                        r = conn.getresponse()
                        body = r.read()
                        break
                    except (OSError, http.client.HTTPException) as err:
                        conn.close()
                        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
                        if attempt == 2:
                            with self.lock:
                                self.errors.append(f"{path}: {err}")
                            body, r = b"", None
                if r is None:
                    continue
                head = len(str(r.msg)) + 20
                with self.lock:
                    self.received += len(body) + head
                    self.status[r.status] = self.status.get(r.status, 0) + 1
                    if r.getheader("ETag"):
                        self.got_etags[path] = r.getheader("ETag")
        finally:
            conn.close()


def proc_times(pid: int) -> tuple[float, int]:
    """CPU seconds (user + system) and peak resident memory (bytes) of a process."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    peak = int(re.search(r"VmHWM:\s+(\d+) kB", Path(f"/proc/{pid}/status").read_text()).group(1)) * 1024
    return cpu, peak


def lesson(label: str, port: int, pid: int, paths: list[str], n: int, encodings: str,
           etags: dict[str, str] | None = None) -> list[Student]:
    students = [Student(port, paths, encodings, etags) for _ in range(n)]
    cpu0, _ = proc_times(pid)
    t0 = time.monotonic()
    threads = [threading.Thread(target=s.run, args=(t0,)) for s in students]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.monotonic() - t0
    cpu1, peak = proc_times(pid)
    total = sum(s.received for s in students)
    status: dict[int, int] = {}
    for s in students:
        for k, v in s.status.items():
            status[k] = status.get(k, 0) + v
    errors = [e for s in students for e in s.errors]
    times = sorted(s.done_at for s in students)
    print(f"\n{label}: {n} students at once ({load()})")
    print(f"  sent                 {total / MB:8.1f} MB ({total / MB / n:.2f} MB a student), "
          + ", ".join(f"{k}: {v}" for k, v in sorted(status.items())) + (f", {len(errors)} failed" if errors else ""))
    print(f"  last student done    {times[-1]:8.2f} s   (median student {statistics.median(times):.2f} s; goal: 60 s)")
    print(f"  server CPU           {cpu1 - cpu0:8.2f} s   ({(cpu1 - cpu0) / wall:.0%} of one core over the lesson)")
    print(f"  server peak memory   {peak / MB:8.1f} MB")
    if errors:
        print("  first failures: " + "; ".join(errors[:3]))
    return students


def recorded(site: Path, start: str, args) -> list[str]:
    """The cold start's paths: read from ``--urls`` (a JSON object by start, or an older list: the
    notebook's) or recorded with Chromium; printed with what they weigh."""
    saved = json.loads(Path(args.urls).read_text()) if args.urls else None
    if isinstance(saved, list):
        saved = {"notebook": saved}
    if saved and start in saved:
        paths, before = saved[start], None
    else:
        paths, before, unseen = record_cold_start(site, start)
        repeated = len(paths) - len(set(paths))
        print(f"{start}: the server answered the recorded start {len(paths)} requests"
              + (f" ({repeated} for a file asked again)" if repeated else "")
              + (f"; {len(unseen)} more the page asked came from the browser's cache or service worker "
                 f"(not fetched by the class): {unseen[:4]}" if unseen else ""))
    if start == "play":
        print("  " + check_play_list(site, paths))
    size = sum((site / p.split("?")[0].lstrip("/")).stat().st_size for p in paths
               if (site / p.split("?")[0].lstrip("/")).is_file())
    split = f" ({before} before the click: the start page and its prefetches)" if before else ""
    print(f"{start}: a cold start makes {len(paths)} requests{split}, {size / MB:.1f} MB uncompressed ({load()}); "
          "the largest as sent:")
    sent_sizes = []
    for p in paths:
        f = site / p.split("?")[0].lstrip("/")
        if f.is_file():
            br = f.with_name(f.name + ".br")
            sent_sizes.append(((br if br.is_file() else f).stat().st_size, p))
    for n, p in sorted(sent_sizes, reverse=True)[:8]:
        print(f"  {n / MB:6.2f} MB  {p}")
    return paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", help="a built site (default: build one into a temporary folder)")
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--start", choices=(*STARTS, "both"), default="play",
                        help="the play page's cold start (default), the notebook's, or both in one run")
    parser.add_argument("--urls", help="a JSON file of recorded paths by start (default: record with Chromium)")
    parser.add_argument("--save-urls", help="write the recorded paths here (JSON, by start)")
    parser.add_argument("--identity", action="store_true", help="also a class without compression")
    args = parser.parse_args()
    if not 1 <= args.students <= 60:
        parser.error("--students: 1 to 60 (the machine is shared)")
    starts = STARTS if args.start == "both" else (args.start,)
    print(f"{os.cpu_count()} cores, {load()} at start")
    with tempfile.TemporaryDirectory(prefix="cg-class-") as tmp:
        site = Path(args.site) if args.site else Path(tmp) / "site"
        if not args.site:
            from chemgames.lite.build import build_site

            build_site(site, log=lambda msg: None)
        lists = {start: recorded(site, start, args) for start in starts}
        if args.save_urls:
            Path(args.save_urls).write_text(json.dumps(lists, indent=0))
        port = free_port()
        server = subprocess.Popen([sys.executable, "-c", "from chemgames.cli import main; raise SystemExit(main())",
                                   "lite", "serve", str(site), "--port", str(port)],
                                  cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            server.stdout.readline()  # "serving ... at ..."
            _, peak0 = proc_times(server.pid)
            print(f"\nserver started: peak memory {peak0 / MB:.1f} MB ({load()})")
            for start, paths in lists.items():
                first = lesson(f"{start}: first lesson, cold (compressed copies)", port, server.pid, paths,
                               args.students, BROWSER_ENCODINGS)
                etags: dict[str, str] = {}
                for s in first:
                    etags.update(s.got_etags)
                lesson(f"{start}: second lesson (the browsers' caches: 304 for the rest)", port, server.pid, paths,
                       args.students, BROWSER_ENCODINGS, etags)
                if args.identity:
                    lesson(f"{start}, for comparison: a cold class without compression", port, server.pid, paths,
                           args.students, "identity")
        finally:
            server.terminate()
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
        print(f"\n{load()} at the end")


if __name__ == "__main__":
    main()
