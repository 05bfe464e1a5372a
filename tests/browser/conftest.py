"""Fixtures of the browser tests: one JupyterLab and one Chromium per test worker, a page per test,
and a screenshot of every test under ``test-artifacts/``."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from .lab import ARTIFACTS as ARTIFACTS, CHROMIUM, running_lab  # ARTIFACTS: also the tests' (re-exported)


# The browser tests run in two pytest-xdist groups, each on a worker of its own with a JupyterLab of
# its own (``lab`` is a fixture of the worker's session). In one group they held one worker for
# longer than all the other tests held the other, which then stood idle. These modules are the
# second group: two halves of equal time (session 23: 1,311 and 1,308 s of the 2,620 s the 141
# tests took alone at load 12-22; ``tools/xdist_balance.py JUNIT --split`` parts them anew), so the
# other tests fill both workers around them and the workers end together. A new module joins the first.
# Session 24 (s24f): the first group gained the tablet cases of the minus sign (5, about 15 s) and of
# the fallback headline (2, about 20 s), the second the refused drags of ChemiX (4 tests, 55-70 s),
# measured at load 7-13: about 20 s apart of some 1,300.
SECOND_GROUP = frozenset({
    "test_a11y_browser.py", "test_bot_explain_browser.py", "test_chemiekarten_browser.py",
    "test_chemix_refused_drag_browser.py", "test_chromino_browser.py", "test_heading_order_browser.py", "test_join_slips_browser.py",
    "test_narrow_column_browser.py", "test_notebook_keys_browser.py", "test_notice_in_sight_browser.py",
    "test_report_browser.py", "test_report_fit_browser.py", "test_resume_browser.py",
    "test_run_all_shows_game.py", "test_scoped_styles_browser.py", "test_truth_labels_browser.py",
    "test_worksheet_browser.py", "visible.py",
})


def browser_group(path: str) -> str:
    """The xdist group of a browser test in the file ``path``."""
    return "browser2" if Path(path).name in SECOND_GROUP else "browser"


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.xdist_group(browser_group(str(item.fspath))))  # a JupyterLab a worker


@pytest.fixture(scope="session")
def lab():
    if not Path(CHROMIUM).exists() or shutil.which("jupyter-lab") is None and not _has_lab():
        pytest.skip("the browser tests need Debian's chromium and JupyterLab (tests/run-all.sh installs both)")
    with running_lab() as server:
        yield server
        # every kernel stopped through JupyterLab's API (it waits for each) before JupyterLab is
        # terminated: a JupyterLab killed after 10 s of shutting down under load left its kernels running
        shut_down_all(server.url)


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
    JupyterLab (two xdist groups, two workers, two JupyterLabs), so no other test's kernel is running
    on it meanwhile."""
    yield
    if "lab" not in request.fixturenames:
        return
    shut_down_all(request.getfixturevalue("lab").url)


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
def browser(lab, bare_browser):
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
