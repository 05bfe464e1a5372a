"""The JupyterLite site's wheels loaded on first import (``chemgames.lite.ondemand``), exercised in
CPython with a real wheel and lock entry: the import installs the wheel and what it depends on,
checks each file's sha256 against the lock, and a wrong hash installs nothing. The build keeps
SymPy out of ``chemgames``'s ``depends`` (tests/lite/test_site.py checks the built site; the
browser test imports SymPy in the site)."""
from __future__ import annotations

import hashlib
import io
import sys
import zipfile

import pytest

from chemgames.lite.ondemand import ON_DEMAND, OnDemand


def wheel(module: str, text: str) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr(f"{module}/__init__.py", text)
        zf.writestr(f"{module}-1.0.dist-info/METADATA", f"Name: {module}\nVersion: 1.0\n")
    return buf.getvalue()


@pytest.fixture
def finder(tmp_path, monkeypatch):
    files = {"cgdemo_top-1.0-py3-none-any.whl": wheel("cgdemo_top", "from cgdemo_dep import X\nY = X + 1\n"),
             "cgdemo_dep-1.0-py3-none-any.whl": wheel("cgdemo_dep", "X = 41\n")}
    lock = {"packages": {
        "cgdemo-top": {"file_name": "cgdemo_top-1.0-py3-none-any.whl", "imports": ["cgdemo_top"], "depends": ["cgdemo-dep"],
                       "sha256": hashlib.sha256(files["cgdemo_top-1.0-py3-none-any.whl"]).hexdigest()},
        "cgdemo-dep": {"file_name": "cgdemo_dep-1.0-py3-none-any.whl", "imports": ["cgdemo_dep"], "depends": [],
                       "sha256": hashlib.sha256(files["cgdemo_dep-1.0-py3-none-any.whl"]).hexdigest()}}}
    fetched, marked = [], []

    def fetch(name: str) -> bytes:
        fetched.append(name)
        return files[name]

    site = tmp_path / "site-packages"
    site.mkdir()
    monkeypatch.syspath_prepend(str(site))
    f = OnDemand(lock, fetch, site, mark=marked.append)
    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, f])
    yield f, files, lock, fetched, marked
    for name in ("cgdemo_top", "cgdemo_dep"):
        sys.modules.pop(name, None)


def test_a_wheel_installs_on_first_import_with_its_dependencies(finder):
    f, files, lock, fetched, marked = finder
    import cgdemo_top  # noqa: PLC0415 - the import under test

    assert cgdemo_top.Y == 42
    assert fetched == ["cgdemo_dep-1.0-py3-none-any.whl", "cgdemo_top-1.0-py3-none-any.whl"]
    assert marked == ["cgdemo-dep", "cgdemo-top"] == f.installed
    assert (f.target / "cgdemo_top-1.0.dist-info" / "METADATA").is_file()
    import cgdemo_dep  # noqa: PLC0415 - already there: nothing fetched again

    assert cgdemo_dep.X == 41 and len(fetched) == 2
    with pytest.raises(ModuleNotFoundError):
        import cgdemo_absent  # noqa: F401, PLC0415 - not in the lock: the finder stays out of it


def test_a_wheel_whose_hash_differs_from_the_lock_is_refused(finder):
    f, files, lock, fetched, marked = finder
    lock["packages"]["cgdemo-dep"]["sha256"] = "0" * 64
    with pytest.raises(ImportError, match="sha256 .* is not the lock's"):
        import cgdemo_top  # noqa: F401, PLC0415
    assert f.installed == [] and marked == []
    assert not (f.target / "cgdemo_dep").exists()


def test_sympy_is_what_loads_on_demand():
    assert "sympy" in ON_DEMAND and "mpmath" in ON_DEMAND


def test_the_warm_up_imports_what_the_first_move_needs_and_changes_nothing():
    """The widget's warm-up (run in the site right after the cell) goes through the best move's
    first action as the view shows it: in Das Chemie-Kartenspiel that is the charge equation, which
    is plain Python since issue 28, so SymPy is NOT imported (nor downloaded in the site); the
    game is the same afterwards. In a fresh interpreter."""
    import json
    import subprocess

    code = ("import sys, json; from chemgames.widgets import play; w = play(players=3, bots=['greedy', 'random'], seed=5);"
            "before = (w.game.digest(), len(w.game.log)); had = 'sympy' in sys.modules; w._warm();"
            "print(json.dumps([had, 'sympy' in sys.modules, (w.game.digest(), len(w.game.log)) == before]))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert json.loads(out.stdout.strip().splitlines()[-1]) == [False, False, True]


@pytest.mark.parametrize("name", ["play", "play_chemix", "play_chemuno", "play_chromino", "play_metallurgie",
                                  "play_raeumab"])
def test_every_games_warm_up_runs_and_leaves_the_game_as_it_was(name):
    import chemgames.widgets as widgets

    w = getattr(widgets, name)(players=2, bots=["greedy"], seed=11)
    before = (w.game.digest(), len(w.game.log), w.version)
    w._warm()  # raises if the warm-up does not fit the game (in the site it would be swallowed)
    assert (w.game.digest(), len(w.game.log), w.version) == before
