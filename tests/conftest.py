import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

# tools/composable_real.py is imported under two names: ``tools.composable_real`` (tests with the repository
# on sys.path) and ``composable_real`` (make_substances.build and tests that put tools/ on sys.path, as the
# scripts run). Two names made two module objects, each with its own cache of ``composable()`` (every
# composition the deck builds): computed twice in one worker. One module under both names.
import tools.composable_real  # noqa: E402

sys.modules.setdefault("composable_real", tools.composable_real)


@pytest.fixture(scope="session")
def bare_browser():
    """Chromium without JupyterLab, one a worker process, shared by the JupyterLab tests (``browser/``)
    and the JupyterLite tests (``lite/``): a second sync Playwright in one process refuses to start,
    and ``--dist loadgroup`` may put the groups ``browser`` and ``lite`` on the same worker."""
    from browser.lab import CHROMIUM, chromium

    if not Path(CHROMIUM).exists():
        pytest.skip("the browser tests need Debian's chromium")
    with chromium() as b:
        yield b


@pytest.hookimpl(trylast=True)  # after pytest-xdist's own hook
def pytest_collection_modifyitems(config, items):
    """Keep ``--dist loadgroup`` working on pytest >= 9.2: pytest-xdist 3.8 tags each test of an
    ``xdist_group`` by appending ``@group`` to ``item._nodeid``, but pytest 9.2 reads the node id
    from ``item._id``, so the tag was lost and a group's tests (one JupyterLab, one site build)
    were spread over both workers. Apply the same tag where pytest reads it."""
    if not getattr(config.option, "loadgroup", False):
        return
    for item in items:
        groups = sorted({str(m.args[0] if m.args else m.kwargs.get("name", "default"))
                         for m in item.iter_markers("xdist_group")})
        if groups and "@" not in item.nodeid and hasattr(item, "_id"):
            from _pytest.nodeid import NodeId

            item._id = NodeId.parse(f"{item.nodeid}@{'_'.join(groups)}")
