"""The JupyterLite site: build time, size and what dominates it, and a student's cold start in
headless Chromium (fresh browser profile: no HTTP cache, no browser storage) to the first
rendered board and to the first accepted move. Prints figures, asserts nothing.

    .venv/bin/python bench/bench_lite.py [--site DIR] [--runs 2]

Goals (issue 8): first board under 45 s on these 2 cores, site under 60 MB.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from chemgames.lite.build import PYODIDE_DIR, RUNTIME_FILES, build_site  # noqa: E402
from chemgames.lite.serve import serve_in_thread  # noqa: E402
from tests.browser.lab import chromium  # noqa: E402
from tests.lite.visit import open_and_run, play_first_move  # noqa: E402

MB = 1e6


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
    files = {p.relative_to(site).as_posix(): p.stat().st_size for p in site.rglob("*") if p.is_file()}
    total = sum(files.values())
    print(f"\nsite: {total / MB:.1f} MB in {len(files)} files (goal < 60 MB)")
    parts = Counter()
    for rel, size in files.items():
        parts[part_of(rel)] += size
    for part, size in parts.most_common():
        print(f"  {part:38} {size / MB:6.1f} MB  {100 * size / total:4.0f} %")
    print("  largest files:")
    for rel, size in sorted(files.items(), key=lambda kv: -kv[1])[:8]:
        print(f"    {size / MB:6.2f} MB  {rel}")


def cold_start(browser, url: str) -> dict[str, float]:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})  # a fresh profile
    requests = []
    context.on("request", lambda r: requests.append(r.url))
    page = context.new_page()
    page.set_default_timeout(180_000)
    marks = {}
    try:
        t0 = time.monotonic()
        page.goto(f"{url}/lab/index.html?path=notebooks/chemiekarten.ipynb")
        page.wait_for_selector(".jp-Notebook .jp-Cell")
        marks["notebook shown"] = time.monotonic() - t0
        open_and_run(page, url, navigate=False)
        marks["first board"] = time.monotonic() - t0
        play_first_move(page)
        marks["first move accepted"] = time.monotonic() - t0
    finally:
        context.close()
    marks["requests"] = len(requests)
    marks["off loopback"] = sum(not u.startswith((url, f"blob:{url}", "data:")) for u in requests)
    return marks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", help="a built site (default: build one into a temporary folder)")
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="cg-lite-bench-") as tmp:
        site = Path(args.site) if args.site else Path(tmp) / "site"
        if not args.site:
            t0 = time.monotonic()
            build_site(site, log=lambda msg: None)
            print(f"build (download cache as it is): {time.monotonic() - t0:.1f} s")
        sizes(site)
        server = serve_in_thread(site)
        url = f"http://127.0.0.1:{server.server_port}"
        runs = []
        try:
            with chromium() as browser:
                for i in range(args.runs):
                    marks = cold_start(browser, url)
                    runs.append(marks)
                    print(f"\ncold start {i + 1}: " + ", ".join(
                        f"{k} {v:.1f} s" if isinstance(v, float) else f"{k} {v}" for k, v in marks.items()))
        finally:
            server.shutdown()
            server.server_close()
        print(f"\nmedian over {len(runs)} cold starts (goal: first board < 45 s):")
        for key in ("notebook shown", "first board", "first move accepted"):
            print(f"  {key:22} {statistics.median(r[key] for r in runs):5.1f} s")


if __name__ == "__main__":
    main()
