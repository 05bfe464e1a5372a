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


# What each pytest-xdist worker ran, printed at the end of a run with -n (``tests/run-all.sh``: CI's log), for
# balancing the xdist groups (``tests/browser/conftest.py``; ``tools/xdist_balance.py`` replays the scheduler from a
# junit file): each worker's test time and when its last test ended, and the test time of each group. Only the
# controller sees the reports of both workers (their ``node``); a run without -n prints nothing.
_RUN: dict = {"start": 0.0, "workers": {}, "groups": {}}


def pytest_sessionstart(session):
    import time

    _RUN["start"] = time.monotonic()


def pytest_runtest_logreport(report):
    import re
    import time

    worker = getattr(getattr(getattr(report, "node", None), "gateway", None), "id", None)
    if worker is None:
        return
    spent, _ = _RUN["workers"].get(worker, (0.0, 0.0))
    _RUN["workers"][worker] = (spent + report.duration, time.monotonic() - _RUN["start"])
    group = re.search(r"@(\w+)\]?$", report.nodeid)
    name = group.group(1) if group else "(no group)"
    _RUN["groups"][name] = _RUN["groups"].get(name, 0.0) + report.duration


def pytest_terminal_summary(terminalreporter):
    if not _RUN["workers"]:
        return
    write = terminalreporter.write_line
    terminalreporter.section("test time by xdist worker and group")
    for worker, (spent, ended) in sorted(_RUN["workers"].items()):
        write(f"{worker}: {spent:.0f} s of tests, its last ended {ended:.0f} s after the start")
    groups = sorted(_RUN["groups"].items(), key=lambda kv: -kv[1])
    write("groups: " + ", ".join(f"{name} {spent:.0f} s" for name, spent in groups[:16])
          + (f" (and {len(groups) - 16} more, {sum(s for _, s in groups[16:]):.0f} s)" if len(groups) > 16 else ""))
