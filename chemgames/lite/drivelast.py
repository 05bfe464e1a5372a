"""The notebook's folder is searched last on import, in the JupyterLite site's Pyodide kernel.

The kernel mounts the browser's storage (JupyterLite's contents, IndexedDB) at ``/drive`` and
works in the notebook's folder there, and Pyodide puts ``''`` (the working folder) first on
``sys.path``. Python's path finder checks a folder's modification time on every import of a
top-level module not yet imported, and on ``/drive`` each check is a synchronous request from
the kernel's worker to the page's storage: 113 of them while the kernel starts (micropip,
piplite, IPython, ipykernel) and 25 more for a game's imports, 0.8-2.1 s in all on a loaded
2-core machine (bench/RESULTS-lite.md).

This module is the site's ``sitecustomize`` (the build copies it into Pyodide's standard library;
Python imports ``sitecustomize`` at start-up, before the kernel starts): a path hook (PEP 302)
gives every ``sys.path`` entry on the drive a finder that answers nothing for a top-level module
that another entry (the standard library, the installed wheels) provides, and searches the drive
for the rest. So the drive is searched *after* the installed packages, as if ``''`` were last on
``sys.path``: a student's own ``meinmodul.py`` beside the notebook still imports (Python's own
finder for that folder does the search; as ever, a module written after the folder was last read
may need ``importlib.invalidate_caches()``), but a file named like a module of the standard
library or an installed package (``random.py``) no longer hides it, as with Python's ``-P`` (safe
path). Names found nowhere (optional imports such as ``winreg``, ``_hashlib``) are still looked
up on the drive: 20-27 requests in a kernel's start. Outside ``/drive`` nothing changes.

>>> import sys, tempfile, pathlib
>>> drive = pathlib.Path(tempfile.mkdtemp())
>>> _ = (drive / "json.py").write_text("SHADOW = True")
>>> _ = (drive / "meinmodul.py").write_text("X = 42")
>>> finder = install(mount=str(drive))(str(drive))
>>> finder.find_spec("json") is None        # the standard library's json: the drive is not asked
True
>>> finder.find_spec("meinmodul").origin == str(drive / "meinmodul.py")
True
>>> finder.find_spec("gibtsnicht") is None
True
>>> uninstall()
"""
from __future__ import annotations

import os
import sys
from importlib.machinery import PathFinder
from typing import Any, Callable

#: where the JupyterLite Pyodide kernel mounts the browser's storage (its worker's ``initFilesystem``)
MOUNT = "/drive"


class DriveLast:
    """The finder of one folder on the drive: a top-level module another ``sys.path`` entry
    provides is left to that entry (``None``); anything else is searched in the folder by the
    finder Python would have used (``inner``)."""

    def __init__(self, path: str, inner: Any, on_drive: Callable[[str], bool]) -> None:
        self.path, self.inner, self.on_drive = path, inner, on_drive

    def find_spec(self, fullname: str, target: Any = None) -> Any:
        # a submodule is looked up in its package's folders, which are this folder's business
        if "." not in fullname:
            others = [p for p in sys.path if not self.on_drive(p or os.getcwd())]
            if PathFinder.find_spec(fullname, others) is not None:
                return None
        return self.inner.find_spec(fullname, target)

    def invalidate_caches(self) -> None:
        self.inner.invalidate_caches()

    def __repr__(self) -> str:
        return f"DriveLast({self.path!r})"


def _drive_hook(mount: str, hooks: list) -> Callable[[str], DriveLast]:
    def on_drive(path: str) -> bool:
        return path == mount or path.startswith(mount.rstrip("/") + "/")

    def hook(path: str) -> DriveLast:
        if not on_drive(path):
            raise ImportError("not on the drive")
        for inner_hook in hooks:  # the finder Python would have made for this folder
            try:
                return DriveLast(path, inner_hook(path), on_drive)
            except ImportError:
                continue
        raise ImportError("no finder for this folder")

    hook.drive_last = True  # type: ignore[attr-defined]
    return hook


def install(mount: str = MOUNT) -> Callable[[str], DriveLast]:
    """Put the drive's path hook first in ``sys.path_hooks`` (once) and forget finders already made
    for folders on the drive; return the hook."""
    uninstall()
    hook = _drive_hook(mount, list(sys.path_hooks))
    sys.path_hooks.insert(0, hook)
    for path in [p for p in sys.path_importer_cache if p == mount or p.startswith(mount.rstrip("/") + "/")]:
        del sys.path_importer_cache[path]
    return hook


def uninstall() -> None:
    """Take the drive's path hook out again (and the finders it made)."""
    sys.path_hooks[:] = [h for h in sys.path_hooks if not getattr(h, "drive_last", False)]
    for path, finder in list(sys.path_importer_cache.items()):
        if isinstance(finder, DriveLast):
            del sys.path_importer_cache[path]


if __name__ == "sitecustomize":  # pragma: no cover - Pyodide's start-up in the site
    install()
