"""Fixtures of the browser tests: one JupyterLab and one Chromium per test worker, a page per test,
and a screenshot of every test under ``test-artifacts/``."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from .lab import CHROMIUM, REPO, chromium, running_lab

ARTIFACTS = REPO / "test-artifacts"


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.xdist_group("browser"))  # one JupyterLab, one worker


@pytest.fixture(scope="session")
def lab():
    if not Path(CHROMIUM).exists() or shutil.which("jupyter-lab") is None and not _has_lab():
        pytest.skip("the browser tests need Debian's chromium and JupyterLab (tests/run-all.sh installs both)")
    with running_lab() as server:
        yield server


def _has_lab() -> bool:
    try:
        import jupyterlab  # noqa: F401
    except ImportError:
        return False
    return True


@pytest.fixture(scope="session")
def browser(lab):
    with chromium() as b:
        yield b


@pytest.fixture
def page(browser, request):
    context = browser.new_context(viewport={"width": 1400, "height": 1100})
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    yield pg
    ARTIFACTS.mkdir(exist_ok=True)
    try:
        try:
            if pg.locator(".cg-root").count():
                pg.locator(".cg-root").first.scroll_into_view_if_needed(timeout=5_000)
        except Exception:  # noqa: BLE001 - the view was redrawn meanwhile (a bot moved): shoot as it is
            pass
        pg.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
    finally:
        context.close()
