"""How the test run's two pytest-xdist workers share the load, from a junit file of a whole run.

    python tools/xdist_balance.py RUN.xml [--workers 2]

Reads every test's time from ``RUN.xml`` (pytest ``--junitxml``: setup, call and teardown together),
collects the suite as ``tests/run-all.sh`` runs it (``tests chemgames``, with its ``--dist loadgroup``
groups, or reads ``--collection FILE``: one node id a line, ``@group`` appended as pytest-xdist does)
and prints the time of each xdist group and of the ungrouped tests, then replays pytest-xdist's
``--dist loadgroup`` scheduler (``LoadScopeScheduling``: a group is one work unit, every other test
one; the units with the most tests first, ``--loadscope-reorder``, else in the order of the collection;
a worker takes the next unit when it has two tests or fewer left) with those times: when each worker ends and how long the earlier one waits for the other.

The replay assumes a test takes as long as it took in the junit run, whichever worker runs it and
whatever runs beside it: a measure of the scheduling alone, not of the machine.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import sys
import xml.etree.ElementTree as ET
from collections import OrderedDict, defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def junit_times(path: Path) -> dict[str, float]:
    """Each test's node id (without the xdist group) -> its time in seconds."""
    times: dict[str, float] = {}
    for case in ET.parse(path).getroot().iter("testcase"):
        cls, name = case.get("classname", ""), case.get("name", "")
        # a test of an xdist group in a run with -n: "test_x@group", "test_x[p]@group]" (as pytest-xdist writes it)
        name = re.sub(r"(\])?@\w+\]?$", lambda m: m.group(1) or "", name)
        times[_node_id(cls, name)] = times.get(_node_id(cls, name), 0.0) + float(case.get("time") or 0)
    return times


def _node_id(classname: str, name: str) -> str:
    """pytest's junit writes ``tests.browser.test_x`` / ``tests.test_y.Class``; the node id is
    ``tests/browser/test_x.py::name`` (doctests: ``chemgames/x.py::chemgames.x.f``)."""
    parts = classname.split(".")
    for cut in range(len(parts), 0, -1):  # the longest prefix that is a file
        path = "/".join(parts[:cut]) + ".py"
        if (REPO / path).is_file():
            return "::".join([path, *parts[cut:], name])
    return f"{classname}::{name}"


def collect(extra: list[str]) -> list[str]:
    """The node ids of ``tests chemgames`` in collection order, each test of an ``xdist_group`` with
    ``@group`` appended (as pytest-xdist's workers do under ``--dist loadgroup``)."""
    import pytest

    class Recorder:
        ids: list[str] = []

        @pytest.hookimpl(trylast=True)
        def pytest_collection_modifyitems(self, items):
            for item in items:
                groups = sorted({str(m.args[0] if m.args else m.kwargs.get("name", "default"))
                                 for m in item.iter_markers("xdist_group")})
                nodeid = item.nodeid.split("@")[0]
                self.ids.append(f"{nodeid}@{'_'.join(groups)}" if groups else nodeid)

    recorder = Recorder()
    os.chdir(REPO)
    with contextlib.redirect_stdout(io.StringIO()):
        code = pytest.main(["--collect-only", "-q", "-p", "no:cacheprovider", "tests", "chemgames", *extra],
                           plugins=[recorder])
    if not recorder.ids:
        raise SystemExit(f"no tests collected (pytest exit code {code})")
    return recorder.ids


def scope(nodeid: str) -> str:
    """pytest-xdist's ``LoadGroupScheduling._split_scope``."""
    if nodeid.rfind("@") > nodeid.rfind("]"):
        return nodeid.split("@")[-1]
    return nodeid


def replay(collection: list[str], times: dict[str, float], workers: int = 2) -> tuple[list[float], dict[str, int]]:
    """Replay ``LoadScopeScheduling`` with ``times``: each worker's end and the worker each group ran on."""
    units: dict[str, list[str]] = {}
    for nodeid in collection:
        units.setdefault(scope(nodeid), []).append(nodeid)
    # --loadscope-reorder (pytest-xdist's default): the units with the most tests first, else in order
    queue: OrderedDict[str, list[str]] = OrderedDict(sorted(units.items(), key=lambda kv: -len(kv[1])))
    todo: list[list[str]] = [[] for _ in range(workers)]
    placed: dict[str, int] = {}

    def assign(w: int) -> None:
        name, unit = queue.popitem(last=False)
        placed[name] = w
        todo[w].extend(unit)

    for w in range(workers):
        if queue:
            assign(w)
    clock = [0.0] * workers
    while any(todo):
        # the worker that finishes its current test first
        w = min((i for i in range(workers) if todo[i]), key=lambda i: clock[i] + times.get(todo[i][0].split("@")[0], 0.0))
        clock[w] += times.get(todo[w].pop(0).split("@")[0], 0.0)
        if queue and len(todo[w]) <= 2:
            assign(w)
    return clock, placed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("junit", type=Path)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--collection", type=Path, help="node ids with their @group, one a line (else collected here)")
    ap.add_argument("--save-collection", type=Path, help="write the node ids collected here to this file")
    args, extra = ap.parse_known_args()
    times = junit_times(args.junit)
    collection = args.collection.read_text().splitlines() if args.collection else collect(extra)
    if args.save_collection:
        args.save_collection.write_text("\n".join(collection) + "\n")
    missing = [n for n in collection if n.split("@")[0] not in times]
    groups: dict[str, float] = defaultdict(float)
    for nodeid in collection:
        name = scope(nodeid)
        groups[name if name != nodeid else "(no group)"] += times.get(nodeid.split("@")[0], 0.0)
    total = sum(groups.values())
    print(f"{len(collection)} tests, {total:.0f} s of test time ({len(missing)} not in the junit file, counted 0 s)")
    for name, t in sorted(groups.items(), key=lambda kv: -kv[1]):
        print(f"  {name:<20} {t:8.0f} s  {100 * t / total:5.1f} %")
    ends, placed = replay(collection, times, args.workers)
    print(f"replayed --dist loadgroup on {args.workers} workers: ends " + ", ".join(f"gw{i} {t:.0f} s" for i, t in enumerate(ends))
          + f"; the run {max(ends):.0f} s against {total / args.workers:.0f} s shared evenly ({max(ends) / (total / args.workers):.2f}x)")
    print("  groups: " + ", ".join(f"{g} on gw{w}" for g, w in placed.items() if not g.count("::")))


if __name__ == "__main__":
    main()
