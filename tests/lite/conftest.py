"""Fixtures of the JupyterLite tests: the site is built once per test run (downloads cached in
``$CHEMGAMES_LITE_CACHE`` or ``~/.cache/chemgames-lite``), served on loopback, driven in Debian's
Chromium. The test modules put themselves on one pytest-xdist worker (group ``lite``)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from browser.lab import REPO

ARTIFACTS = REPO / "test-artifacts"


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    pytest.importorskip("jupyterlite_core", reason="the site tests need the [lite] extra (tests/run-all.sh installs it)")
    if shutil.which("npm") is None:
        pytest.skip("the site tests need npm (tests/run-all.sh installs it)")
    from chemgames.lite.build import build_site

    out = tmp_path_factory.mktemp("lite") / "site"
    build_site(out, source=REPO, log=lambda msg: None)
    return out


@pytest.fixture(scope="session")
def served(site):
    from chemgames.lite.serve import serve_in_thread

    server = serve_in_thread(site)
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def lite_browser(served, bare_browser):
    return bare_browser
