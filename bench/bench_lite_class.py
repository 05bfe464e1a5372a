"""A class from one laptop: ``chemgames lite serve`` (a separate process, as a teacher starts it)
and 30 simulated students fetching a cold start at the same moment, on loopback only. Each student
fetches exactly what a browser fetched on a recorded cold start of Das Chemie-Kartenspiel (the
list is taken once with headless Chromium, or read with ``--urls``), over 6 keep-alive connections
as a browser does, with the browser's ``Accept-Encoding``. Then the second lesson: every student
asks again with the validators of the first (``If-None-Match``), as a browser's cache does; the
content-hashed files, cached for a year, are not asked for at all.

Prints total bytes sent, the time until the last student has everything (and the median student),
the server's CPU seconds and peak memory (``/proc``), with the load average beside each figure;
``--identity`` adds the same class without compression for comparison, in the same run.

    .venv/bin/python bench/bench_lite_class.py [--site DIR] [--students 30] [--identity]

Goal (issue 28, on these 2 cores): 30 students served within 60 s. The students' clients run on
the same 2 cores as the server (and as everyone else's work): a floor, not a school's network.
"""
from __future__ import annotations

import argparse
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
from chemgames.lite.serve import immutable  # noqa: E402

MB = 1e6
BROWSER_ENCODINGS = "gzip, deflate, br, zstd"  # what Chromium sends
CONNECTIONS = 6  # a browser's connections per host


def load() -> str:
    return f"load {os.getloadavg()[0]:.1f}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def record_cold_start(site: Path) -> list[str]:
    """The paths (with their queries) a browser asks of the site on a cold start of the game notebook
    to its first board (fresh profile), in order, each once."""
    from playwright.sync_api import sync_playwright

    from bench.bench_lite import launch, run_all
    from chemgames.lite.serve import serve_in_thread
    from tests.lite.visit import GAME

    server = serve_in_thread(site)
    base = f"http://127.0.0.1:{server.server_port}"
    paths: list[str] = []
    try:
        with sync_playwright() as pw, tempfile.TemporaryDirectory(prefix="cg-class-rec-") as profile:
            context = launch(pw, Path(profile))
            context.on("request", lambda r: paths.append(r.url))
            page = context.pages[0] if context.pages else context.new_page()
            page.goto(f"{base}/lab/index.html?path={GAME}")
            run_all(page)
            page.wait_for_selector(".cg-root[data-version] .cg-hand")
            page.wait_for_timeout(3000)  # what loads after the board (the warm-up's wheel)
            context.close()
    finally:
        server.shutdown()
        server.server_close()
    seen, out = set(), []
    for url in paths:
        if not url.startswith(base):
            continue
        parts = urlsplit(url)
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        if "/api/drive" in path or "/api/service-worker-heartbeat" in path or path in seen:
            continue  # answered by JupyterLite's service worker, never by the server
        seen.add(path)
        out.append(path)
    return out


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", help="a built site (default: build one into a temporary folder)")
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--urls", help="a JSON list of paths (default: record a cold start with Chromium)")
    parser.add_argument("--save-urls", help="write the recorded list here")
    parser.add_argument("--identity", action="store_true", help="also a class without compression")
    args = parser.parse_args()
    if not 1 <= args.students <= 60:
        parser.error("--students: 1 to 60 (the machine is shared)")
    print(f"{os.cpu_count()} cores, {load()} at start")
    with tempfile.TemporaryDirectory(prefix="cg-class-") as tmp:
        site = Path(args.site) if args.site else Path(tmp) / "site"
        if not args.site:
            from chemgames.lite.build import build_site

            build_site(site, log=lambda msg: None)
        if args.urls:
            paths = json.loads(Path(args.urls).read_text())
        else:
            paths = record_cold_start(site)
            if args.save_urls:
                Path(args.save_urls).write_text(json.dumps(paths, indent=0))
        size = sum((site / p.split("?")[0].lstrip("/")).stat().st_size for p in paths
                   if (site / p.split("?")[0].lstrip("/")).is_file())
        print(f"a cold start asks for {len(paths)} files, {size / MB:.1f} MB uncompressed ({load()}); the largest as sent:")
        sent_sizes = []
        for p in paths:
            f = site / p.split("?")[0].lstrip("/")
            if f.is_file():
                br = f.with_name(f.name + ".br")
                sent_sizes.append(((br if br.is_file() else f).stat().st_size, p))
        for n, p in sorted(sent_sizes, reverse=True)[:12]:
            print(f"  {n / MB:6.2f} MB  {p}")
        port = free_port()
        server = subprocess.Popen([sys.executable, "-c", "from chemgames.cli import main; raise SystemExit(main())",
                                   "lite", "serve", str(site), "--port", str(port)],
                                  cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            server.stdout.readline()  # "serving ... at ..."
            _, peak0 = proc_times(server.pid)
            print(f"server started: peak memory {peak0 / MB:.1f} MB")
            first = lesson("first lesson, cold (compressed copies)", port, server.pid, paths, args.students,
                           BROWSER_ENCODINGS)
            etags: dict[str, str] = {}
            for s in first:
                etags.update(s.got_etags)
            lesson("second lesson (the browsers' caches: 304 for the rest)", port, server.pid, paths,
                   args.students, BROWSER_ENCODINGS, etags)
            if args.identity:
                lesson("for comparison: a cold class without compression", port, server.pid, paths, args.students,
                       "identity")
        finally:
            server.terminate()
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()


if __name__ == "__main__":
    main()
