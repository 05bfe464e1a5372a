"""The project's own wheel as the JupyterLite site carries it (``SLIMMED["chemgames"]`` in
``chemgames/lite/wheels.py``): built from this source and slimmed as the build slims it, it holds
nothing of the class-table server (which runs in CPython with the ``[server]`` extra, never in a
browser) but what the site's own code imports, every module it holds imports in a plain Python without
the ``[server]`` extra, and ``dir(chemgames)`` names only what is there (s23g: it named ``spiel``, which
the site leaves out, and ``chemgames.spiel`` raised ``ModuleNotFoundError``)."""
from __future__ import annotations

import ast
import json
import subprocess
import sys
import tomllib
import zipfile
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest

from chemgames.lite.wheels import SLIMMED, build_own_wheel, canonical, slim_wheel

REPO = Path(__file__).resolve().parents[1]


def extra_imports(extra: str) -> set[str]:
    """The top-level import names of the distributions an extra of pyproject.toml names, as installed here."""
    from packaging.requirements import Requirement

    wanted = {canonical(Requirement(r).name) for r in
              tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["project"]["optional-dependencies"][extra]}
    names = {module for module, dists in packages_distributions().items() if {canonical(d) for d in dists} & wanted}
    return {n for n in names if n.isidentifier() and not n.startswith("_")}


@pytest.fixture(scope="module")
def site_wheel(tmp_path_factory) -> Path:
    """The own wheel built (``pip wheel``, as ``chemgames lite build`` does) and slimmed as the site carries it."""
    wheel = build_own_wheel(REPO, tmp_path_factory.mktemp("own"))
    return slim_wheel(wheel, SLIMMED["chemgames"])


def wheel_modules(wheel: Path) -> dict[str, bytes]:
    """Module name -> source of every Python module in ``wheel``."""
    out = {}
    with zipfile.ZipFile(wheel) as z:
        for name in z.namelist():
            if name.endswith(".py") and "/_" not in name.replace("/__init__.py", ""):  # not _frontend/, _content/
                parts = name[:-3].split("/")
                out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = z.read(name)
    return out


def imported(module: str, is_package: bool, source: bytes, known: set[str]) -> set[str]:
    """The modules of ``known`` and the top-level names of other packages that ``source`` (of ``module``)
    imports, anywhere in it (inside a function too)."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            full = node.module or ""
            if node.level:
                base = module.split(".") if is_package else module.split(".")[:-1]
                full = ".".join(base[:len(base) - (node.level - 1)] + ([node.module] if node.module else []))
            targets = [f"{full}.{a.name}" for a in node.names] + [full]
        else:
            continue
        for target in targets:
            while target not in known and "." in target:
                target = target.rpartition(".")[0]
            found.add(target)
    return found


def test_the_sites_own_wheel_holds_no_module_of_the_table_server(site_wheel):
    """No module that runs the table server (its web app, store, seats, limits: they import Starlette,
    uvicorn, Redis, orjson or the look-alike names' data, or only each other) is in the site's wheel:
    every ``chemgames.server`` module in it is one the site's own modules import (the client of
    ``chemgames.join`` and its protocol, the browser's transport of ``tables_web``)."""
    modules = wheel_modules(site_wheel)
    known = set(modules)
    with zipfile.ZipFile(site_wheel) as z:
        packages = {m for m in known if f"{m.replace('.', '/')}/__init__.py" in z.namelist()}
    graph = {m: imported(m, m in packages, src, known) for m, src in modules.items()}
    server_runtime = extra_imports("server") - {"websockets"}  # the client's own join in CPython uses websockets
    assert {"starlette", "uvicorn", "redis"} <= server_runtime, server_runtime
    runs_server = sorted(m for m, deps in graph.items() if deps & server_runtime)
    assert runs_server == [], runs_server
    # every server module in the wheel is reached from a module outside the server
    reached, todo = set(), [m for m in known if not m.startswith("chemgames.server")]
    while todo:
        m = todo.pop()
        if m in reached:
            continue
        reached.add(m)
        todo += [d for d in graph.get(m, ()) if d in known]
    server = {m for m in known if m == "chemgames.server" or m.startswith("chemgames.server.")}
    assert server - reached == set(), sorted(server - reached)
    assert "chemgames.server.client" in server and "chemgames.tables_web" in known  # the site's class tables stay
    assert not any(m == "chemgames.spiel" or m.startswith("chemgames.spiel.") for m in known)



def test_the_sites_own_wheel_holds_no_build_tool_of_the_site(site_wheel):
    """What builds and serves the site (``chemgames lite build``/``serve``: pip, npm's tarballs, the start
    and play pages, bytecode, compression) runs in a terminal's CPython, never in the site: none of it is in
    the site's wheel (``BUILD_ONLY``), and no module the site keeps imports one of them (s24l)."""
    from chemgames.lite.wheels import BUILD_ONLY

    modules = wheel_modules(site_wheel)
    assert {"build", "serve", "page", "play", "wheels"} <= set(BUILD_ONLY)
    build = {f"chemgames.lite.{m}" for m in BUILD_ONLY}
    assert sorted(build & set(modules)) == []
    with zipfile.ZipFile(site_wheel) as z:
        names = z.namelist()
    assert not [n for n in names if any(n == f"chemgames/lite/{m}.py" for m in BUILD_ONLY)]
    assert {"chemgames.lite", "chemgames.lite.playbridge", "chemgames.lite.ondemand", "chemgames.lite.slimwidgets",
            "chemgames.lite.noipython", "chemgames.lite.elementtable"} <= set(modules)  # what the site runs stays
    known = set(modules) | build
    with zipfile.ZipFile(site_wheel) as z:
        packages = {m for m in modules if f"{m.replace('.', '/')}/__init__.py" in z.namelist()}
    uses_build = sorted(m for m, src in modules.items() if imported(m, m in packages, src, known) & build)
    assert uses_build == [], uses_build


BLOCKED_AND_IMPORTED = r"""
import importlib, json, sys
blocked = set(json.loads(sys.argv[2]))

class Blocked:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in blocked:
            raise ModuleNotFoundError(f"No module named {name!r} (blocked: not in this Python)", name=name)
        return None

sys.meta_path.insert(0, Blocked())
sys.path.insert(0, sys.argv[1])
import chemgames
assert chemgames.__file__.startswith(sys.argv[1]), chemgames.__file__
failed = {}
for name in json.loads(sys.argv[3]):
    try:
        importlib.import_module(name)
    except Exception as exc:
        failed[name] = f"{type(exc).__name__}: {exc}"
absent = []
for name in dir(chemgames):
    try:
        getattr(chemgames, name)
    except Exception as exc:
        absent.append(f"{name}: {type(exc).__name__}: {exc}")
import chemgames.lite
lite_absent = []
for name in sorted(set(dir(chemgames.lite)) | set(chemgames.lite.__all__)):
    try:
        getattr(chemgames.lite, name)
    except Exception as exc:
        lite_absent.append(f"{name}: {type(exc).__name__}: {exc}")
try:
    spiel = hasattr(chemgames, "spiel")  # a missing part is no attribute (hasattr lets any other error through)
except Exception as exc:
    spiel = f"{type(exc).__name__}: {exc}"
print(json.dumps({"failed": failed, "dir_absent": absent, "spiel": spiel, "lite_absent": lite_absent,
                  "build_site": hasattr(chemgames.lite, "build_site"),
                  "blocked_loaded": sorted(n for n in sys.modules if n.split(".")[0] in blocked)}))
"""


def test_every_module_of_the_sites_own_wheel_imports_without_the_server_extras(site_wheel, tmp_path):
    """Unpacked alone and imported in a Python where the ``[server]`` and ``[spiel]`` extras' modules
    are missing (a finder refuses them, as a browser's Pyodide has none of them): every module of the
    wheel imports, and every name ``dir(chemgames)`` lists is there (``spiel`` is not listed)."""
    with zipfile.ZipFile(site_wheel) as z:
        z.extractall(tmp_path / "site")
    blocked = sorted(extra_imports("server") | extra_imports("spiel") | {"pyspiel", "numba"})
    assert {"starlette", "uvicorn", "websockets", "redis"} <= set(blocked)
    modules = sorted(wheel_modules(site_wheel))
    assert len(modules) > 100
    out = subprocess.run([sys.executable, "-c", BLOCKED_AND_IMPORTED, str(tmp_path / "site"), json.dumps(blocked),
                          json.dumps(modules)], capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert out.returncode == 0, out.stderr[-3000:]
    found = json.loads(out.stdout.strip().splitlines()[-1])
    assert found["failed"] == {}, found["failed"]
    assert found["dir_absent"] == [] and found["spiel"] is False, found
    # chemgames.lite names only what is there: no build tools in the site (s24l)
    assert found["lite_absent"] == [] and found["build_site"] is False, found
    assert found["blocked_loaded"] == [], found["blocked_loaded"]
