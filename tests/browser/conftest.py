"""Fixtures of the browser tests: one JupyterLab and one Chromium per test worker, a page per test,
and a screenshot of every test under ``test-artifacts/``."""
from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest

from .lab import ARTIFACTS as ARTIFACTS, CHROMIUM, running_lab  # ARTIFACTS: also the tests' (re-exported)


# Each browser module is a pytest-xdist group of its own (``--dist loadgroup``: one unit of work, all its tests on
# one worker, so a module's fixtures are made once), and the scheduler hands the modules to whichever worker is
# free. Each worker starts one JupyterLab when it first needs one (``lab_server``) and its tests share it; a test
# never sees another's notebooks, saves or record there (``lab``: a folder of the test's own), so which worker runs a
# module changes nothing it sees. Until session 26 the modules were parted by hand into two groups of equal time
# (``browser``, ``browser2``: session 23), each held by one worker for the whole of its time: every module added since
# (the touch drags, the reopened notebooks) lengthened one half, and once a half takes more than half of the whole
# run the other worker waits for it. ``tools/xdist_balance.py`` replays the scheduler from a junit file (session 23's
# CI times, the browser tests 2.5x slower: the run 8.6 % longer than an even share with the two halves, even with a
# group a module); the end of every run with -n prints each worker's time and when its last test ended
# (``tests/conftest.py``).
def browser_group(path: str) -> str:
    """The xdist group of a browser test in the file ``path``: its module's.

    >>> browser_group("tests/browser/test_chemix_browser.py"), browser_group("tests/browser/test_projector_fit.py")
    ('browser_chemix', 'browser_projector_fit')
    """
    return "browser_" + Path(path).stem.removeprefix("test_").removesuffix("_browser")


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.xdist_group(browser_group(str(item.fspath))))  # a module a unit of work


@pytest.fixture(scope="session")
def lab_server():
    """The worker's JupyterLab (its tests use ``lab``)."""
    if not Path(CHROMIUM).exists() or shutil.which("jupyter-lab") is None and not _has_lab():
        pytest.skip("the browser tests need Debian's chromium and JupyterLab (tests/run-all.sh installs both)")
    with running_lab() as server:
        yield server
        # every kernel stopped through JupyterLab's API (it waits for each) before JupyterLab is
        # terminated: a JupyterLab killed after 10 s of shutting down under load left its kernels running
        shut_down_all(server.url)


_tests_seen: dict[str, int] = {}


@pytest.fixture
def lab(lab_server, request):
    """The worker's JupyterLab with a folder of the test's own for its notebooks, so also for their saves and
    learning record (``lab.Lab``): which tests share a worker's JupyterLab (the xdist groups below, and their
    order) changes nothing a test sees."""
    name = re.sub(r"[^A-Za-z0-9_-]+", "-", request.node.name)[:60].strip("-")
    _tests_seen[name] = _tests_seen.get(name, 0) + 1
    return lab_server.for_test(f"{name}-{_tests_seen[name]}")


def _has_lab() -> bool:
    try:
        import jupyterlab  # noqa: F401
    except ImportError:
        return False
    return True


@pytest.fixture(autouse=True)
def shut_down_kernels(request):
    """After each browser test, shut down every kernel its notebooks started (issue 26: 53 idle
    kernels held 4.7 GiB after 28 minutes of the suite). A worker runs one test at a time on its own
    JupyterLab (one a worker), so no other test's kernel is running on it meanwhile."""
    yield
    if "lab" not in request.fixturenames and "lab_server" not in request.fixturenames:
        return
    shut_down_all(request.getfixturevalue("lab_server").url)


def shut_down_all(url: str) -> int:
    """Delete every session and kernel of the JupyterLab at ``url``; the number of kernels stopped."""
    import json
    import urllib.request

    def call(method: str, path: str):
        req = urllib.request.Request(f"{url}{path}", method=method)
        with urllib.request.urlopen(req, timeout=30) as r:
            body = r.read()
        return json.loads(body) if body else None

    try:
        running = call("GET", "/api/kernels") or []
        for session in call("GET", "/api/sessions") or []:
            call("DELETE", f"/api/sessions/{session['id']}")  # stops the session's kernel too
        for kernel in call("GET", "/api/kernels") or []:
            call("DELETE", f"/api/kernels/{kernel['id']}")
    except OSError:  # JupyterLab is gone (its fixture ended): nothing left to stop
        return 0
    return len(running)


@pytest.fixture(scope="session")
def browser(lab_server, bare_browser):
    return bare_browser


@pytest.fixture
def page(browser, request):
    yield from shot_page(browser, request.node.name)


def shot_page(browser, name: str, viewport: dict | None = None, **context_args):
    """A page in a fresh browser context; afterwards its screenshot ``test-artifacts/<name>.png``.
    ``context_args``: more of the context's options (``has_touch=True``: a tablet)."""
    context = browser.new_context(viewport=viewport or {"width": 1400, "height": 1100}, **context_args)
    pg = context.new_page()
    pg.set_default_timeout(60_000)
    yield pg
    ARTIFACTS.mkdir(exist_ok=True)
    try:
        try:
            if pg.locator(".cg-root").count():
                pg.locator(".cg-root").first.scroll_into_view_if_needed(timeout=5_000)
        except Exception:  # noqa: BLE001 - the view was redrawn meanwhile (a bot moved): shoot as it is
            pass
        pg.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
    finally:
        context.close()
