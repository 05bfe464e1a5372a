"""Wheels a game loads when it first needs them, in the JupyterLite site (Pyodide).

A notebook's ``from chemgames.widgets import play`` makes the kernel load ``chemgames`` and every
wheel its lock entry ``depends`` on before the cell runs. SymPy is the largest of them (6.3 MB,
about 1.3 s to unpack in Pyodide on a loaded 2-core machine) and no board needs it to show, so the
build leaves it out of ``chemgames``'s ``depends`` (``ON_DEMAND``; the site lock says so) and:

- ``OnDemand``, a finder at the end of ``sys.meta_path``, installs it when some code imports it
  (ChemiX's oxidation numbers, Chemuno's sets, Metallurgie's and Chromino's explanations, a
  worksheet): the wheel is fetched
  synchronously (a web worker may), its sha256 checked against Pyodide's lock, and unpacked into
  ``site-packages``; Pyodide is told it is loaded;
- ``warm_up`` (called when a game's widget is made) runs what a first move needs right after the
  cell, while the student reads the board: a game whose moves need SymPy gets it then, and
  Das Chemie-Kartenspiel and Räum-Ab!, whose moves never do (their charge balance and divisors
  are plain Python: ``chemistry/balance.py``, ``games/raeumab/divisors.py``), never download it.

A notebook cell that itself says ``import sympy`` is served by the kernel as before (the wheel
stays in Pyodide's lock). Outside Pyodide nothing of this is installed.

>>> from chemgames.lite.ondemand import needed
>>> lock = {"packages": {"sympy": {"depends": ["mpmath"], "imports": ["sympy", "isympy"]}, "mpmath": {"depends": [], "imports": ["mpmath"]}}}
>>> needed(lock, "sympy")
['mpmath', 'sympy']
"""
from __future__ import annotations

import hashlib
import importlib
import importlib.abc
import importlib.machinery
import io
import sys
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

#: distributions the build keeps out of ``chemgames``'s ``depends`` (loaded on demand instead)
ON_DEMAND = ("sympy", "mpmath")


def needed(lock: dict, name: str, done: set[str] | None = None) -> list[str]:
    """``name`` and what it depends on in Pyodide's lock, dependencies first."""
    done = set() if done is None else done
    order: list[str] = []
    if name in done:
        return order
    done.add(name)
    for dep in lock["packages"][name].get("depends", []):
        order += needed(lock, dep, done)
    return order + [name]


class OnDemand(importlib.abc.MetaPathFinder):
    """Installs a lock's wheel when one of its top-level modules is imported and is not there.

    ``lock``: Pyodide's lock (``packages``: name -> ``file_name``, ``sha256``, ``imports``,
    ``depends``); ``fetch(file_name) -> bytes``; ``target``: where wheels unpack; ``loaded``:
    called with each distribution installed (Pyodide's record of loaded packages)."""

    def __init__(self, lock: dict, fetch: Callable[[str], bytes], target: Path,
                 loaded: Callable[[str], bool] | None = None, mark: Callable[[str], None] | None = None) -> None:
        self.lock, self.fetch, self.target = lock, fetch, Path(target)
        self.loaded = loaded or (lambda name: False)
        self.mark = mark or (lambda name: None)
        self.by_import = {imp: name for name, entry in lock["packages"].items() for imp in entry.get("imports", [])}
        self.installed: list[str] = []

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        if path is not None or fullname not in self.by_import:
            return None  # only top-level modules of the lock's wheels
        self.install(self.by_import[fullname])
        importlib.invalidate_caches()
        return importlib.machinery.PathFinder.find_spec(fullname)

    def install(self, name: str) -> None:
        """Unpack ``name`` and its dependencies (those not yet installed) into ``target``."""
        for dist in needed(self.lock, name):
            if dist in self.installed or self.loaded(dist):
                continue
            entry = self.lock["packages"][dist]
            data = self.fetch(entry["file_name"])
            digest = hashlib.sha256(data).hexdigest()
            if digest != entry["sha256"]:
                raise ImportError(f"{entry['file_name']}: sha256 {digest[:12]}… is not the lock's "
                                  f"{entry['sha256'][:12]}…: the site's files do not match; build it again")
            import zipfile

            with zipfile.ZipFile(io.BytesIO(data)) as zf:
                zf.extractall(self.target)
            self.installed.append(dist)
            self.mark(dist)


def _pyodide_finder() -> OnDemand:  # pragma: no cover - runs in Pyodide (tests/lite)
    import json
    import sysconfig

    import js
    import pyodide_js

    base = str(pyodide_js.lockfileBaseUrl or "")
    lock = {"packages": json.loads(js.JSON.stringify(pyodide_js.lockfile))["packages"]}

    def fetch(file_name: str) -> bytes:
        req = js.XMLHttpRequest.new()
        # synchronous (a web worker may); its own address, so it never waits for the browser's cache
        # entry of a background load of the same file, whose reading this very thread blocks
        req.open("GET", base + file_name + "?now", False)
        req.responseType = "arraybuffer"
        req.send(None)
        if req.status != 200:
            raise ImportError(f"{file_name}: the site answered {req.status}")
        return bytes(req.response.to_py())

    def loaded(name: str) -> bool:
        return bool(getattr(pyodide_js.loadedPackages, name, None))

    def mark(name: str) -> None:
        try:
            setattr(pyodide_js.loadedPackages, name, "chemgames on demand")  # Pyodide skips it from now on
        except Exception:  # noqa: BLE001 - only saves a second unpacking
            pass

    return OnDemand(lock, fetch, Path(sysconfig.get_path("purelib")), loaded, mark)


def install_finder() -> None:
    """In Pyodide: put ``OnDemand`` at the end of ``sys.meta_path`` (once)."""
    if sys.platform != "emscripten" or any(isinstance(f, OnDemand) for f in sys.meta_path):
        return
    try:  # pragma: no cover - runs in Pyodide (tests/lite)
        sys.meta_path.append(_pyodide_finder())
    except Exception:  # noqa: BLE001 - no lock to read (Pyodide outside the site): imports work as ever
        pass


def later(step: Callable[[], Any]) -> bool:
    """In Pyodide: run ``step`` as a task of its own once the current one (a cell, a message
    from the view) has finished, so what the student waits for goes out first; ``True``. Elsewhere
    nothing is scheduled and ``False`` says to run it now."""
    if sys.platform != "emscripten":
        return False
    try:  # pragma: no cover - runs in Pyodide (tests/lite)
        import js
        from pyodide.ffi import create_once_callable

        js.setTimeout(create_once_callable(lambda: _quietly(step)), 0)
        return True
    except Exception:  # noqa: BLE001 - no event loop to use: the caller runs it now
        return False


#: who runs the warm-up's steps instead of ``later`` (set by the play page's bridge, ``playbridge``:
#: there the worker runs each step as a task queued behind the clicks that came first); ``None``:
#: each step a timer task of its own
driver: Callable[[Iterator[Any]], Any] | None = None


def warm_up(steps: Iterable[Any]) -> None:
    """Run ``steps`` (a lazy iterable: each item made is one small step of what a first move needs:
    its hints, check, explanation, numbers; they import, and install through ``OnDemand``, what the
    game's moves need) after the cell or the code that made the widget, so the board shows first and
    the first click finds it done. In the notebook's kernel each step is a task of its own, and a
    click that comes before the warm-up is over waits for one step, not all; on the play page the
    ``driver`` runs them. Elsewhere (CPython, no driver): nothing.

    >>> import chemgames.lite.ondemand as here
    >>> ran = []
    >>> here.driver = ran.extend
    >>> warm_up("ab"); here.driver = None; ran
    ['a', 'b']
    """
    todo = iter(steps)
    if driver is not None:
        driver(todo)
    elif sys.platform == "emscripten":
        def one() -> None:
            if next(todo, _DONE) is not _DONE:
                later(one)
        later(one)


_DONE = object()


def _quietly(step: Callable[[], Any]) -> None:  # pragma: no cover - runs in Pyodide
    try:
        step()
    except Exception:  # noqa: BLE001 - the move itself will say what is wrong
        pass
