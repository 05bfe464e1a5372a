"""ipywidgets without its forty controls until something asks for one, for the play page.

``import ipywidgets`` runs ``from .widgets import *``: every control (sliders, pickers, media,
upload, templates, ``interact``) is imported, 52 modules, 0.3-1.9 s of the play page's start in
Pyodide at load 17. A game widget is an ``anywidget.AnyWidget``, which needs ``DOMWidget`` and what it
is built of (``Widget``, ``Layout``, ``Style``): about a third of them. :func:`install` puts the
packages ``ipywidgets`` and ``ipywidgets.widgets`` into ``sys.modules`` without running their
``__init__``; a name is then imported where it lives when it is first asked for (``BASES``, or a
submodule of that name), and any other name runs the package's own ``__init__`` first, so everything
ipywidgets offers still works, only later. psygnal, which anywidget imports for its ``Signal``, is
deferred the same way. anywidget asks ``importlib.metadata`` for its own version when it is imported,
and that module imports email's parsers, ``csv`` and ``zipfile`` (0.09-0.42 s of a warm start at
load 12, ``bench_lite.py --play-profile``): :func:`install` runs anywidget's ``_version`` module with
:class:`DistVersion`, a reader of the one ``Version:`` line of the installed ``METADATA``, standing in
for ``importlib.metadata`` while it runs. The play page's worker calls it before the game's code;
elsewhere (a notebook, CPython) nothing of this is used.

>>> import subprocess, sys
>>> code = ("from chemgames.lite import slimwidgets; slimwidgets.install(); import sys, anywidget, ipywidgets; "
...         "a = 'ipywidgets.widgets.widget_int' in sys.modules; ipywidgets.IntSlider; "
...         "print(a, 'ipywidgets.widgets.widget_int' in sys.modules, anywidget.AnyWidget.__mro__[1] is ipywidgets.DOMWidget)")
>>> subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
['False', 'True', 'True']
>>> code = ("from chemgames.lite import slimwidgets; slimwidgets.install(); import sys, anywidget; "
...         "light = 'importlib.metadata' not in sys.modules; import importlib.metadata as m; "
...         "print(light, anywidget.__version__ == m.version('anywidget') != 'uninstalled')")
>>> subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
['True', 'True']
>>> code = ("import importlib.metadata as m, sys; from chemgames.lite import slimwidgets; slimwidgets.install(); "
...         "import anywidget; print(sys.modules['importlib.metadata'] is m, type(sys.modules['anywidget._version'].version.__self__).__name__, "
...         "anywidget.__version__ == m.version('anywidget'))")  # imported before, as Pyodide's start does
>>> subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
['True', 'DistVersion', 'True']
"""
from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

#: the names a game widget uses, by the module that defines each (ipywidgets 8)
BASES = {
    "ipywidgets": {"Widget": "ipywidgets.widgets.widget", "DOMWidget": "ipywidgets.widgets.domwidget",
                   "Layout": "ipywidgets.widgets.widget_layout", "Style": "ipywidgets.widgets.widget_style",
                   "register": "ipywidgets.widgets.widget", "widget_serialization": "ipywidgets.widgets.widget",
                   "CallbackDispatcher": "ipywidgets.widgets.widget"},
}
BASES["ipywidgets.widgets"] = BASES["ipywidgets"]
#: psygnal, which anywidget imports for ``Signal`` (its file watching): its ``__init__`` imports
#: every part and asks ``importlib.metadata`` for its version (email's parsers with it), 0.17-0.68 s
#: of the play page's start at load 20 (``bench_lite.py --play-profile``)
BASES["psygnal"] = {"Signal": "psygnal._signal", "SignalInstance": "psygnal._signal"}


def install() -> bool:
    """``ipywidgets`` and ``ipywidgets.widgets`` as packages whose ``__init__`` runs when a name
    other than ``BASES`` and their submodules is first asked for; ``False`` (and nothing done) when
    ipywidgets is imported already or not installed."""
    if "ipywidgets" in sys.modules or importlib.util.find_spec("ipywidgets") is None:
        return False
    if not _defer("ipywidgets", "ipywidgets.widgets"):  # the parent first: the child's spec is found on its path
        return False
    sys.modules["ipywidgets"].widgets = sys.modules["ipywidgets.widgets"]  # type: ignore[attr-defined]
    if "psygnal" not in sys.modules and importlib.util.find_spec("psygnal") is not None:
        _defer("psygnal")
    _with_dist_version("anywidget._version")
    return True


class DistVersion(ModuleType):
    """The two names of ``importlib.metadata`` a package's version module uses (``version``,
    ``PackageNotFoundError``), read from the ``Version:`` line of ``<name>-<version>.dist-info/METADATA``
    on ``sys.path`` without email's parsers.

    >>> import importlib.metadata
    >>> DistVersion().version("traitlets") == importlib.metadata.version("traitlets")
    True
    >>> DistVersion().version("no-such-dist")
    Traceback (most recent call last):
    chemgames.lite.slimwidgets.DistVersion.PackageNotFoundError: no-such-dist
    """

    class PackageNotFoundError(ModuleNotFoundError):
        pass

    def __init__(self) -> None:
        super().__init__("importlib.metadata")

    def version(self, name: str) -> str:
        wanted = name.replace("-", "_").lower()
        for base in sys.path:
            try:
                found = [p for p in Path(base or ".").glob("*.dist-info")
                         if p.name.removesuffix(".dist-info").rsplit("-", 1)[0].replace("-", "_").lower() == wanted]
            except OSError:
                continue
            for info in found:
                for line in (info / "METADATA").read_text("utf-8").splitlines():
                    if line.startswith("Version:"):
                        return line.split(":", 1)[1].strip()
                    if not line:
                        break  # the headers end at the first empty line
        raise self.PackageNotFoundError(name)


def _with_dist_version(name: str) -> bool:
    """Run the module ``name`` (a package's ``_version``, its package not imported) with
    :class:`DistVersion` as ``importlib.metadata``, and keep it in ``sys.modules``; ``False`` (nothing
    done) when it or its package is imported already, or it is not installed. (Pyodide's start
    imports ``importlib.metadata`` itself; what costs is ``version()``, which parses the METADATA
    with email's parsers.)"""
    parent, _, _ = name.rpartition(".")
    if name in sys.modules or parent in sys.modules:
        return False
    package = importlib.util.find_spec(parent)  # a top-level spec: found without importing it
    if package is None or package.submodule_search_locations is None:
        return False
    spec = importlib.machinery.PathFinder.find_spec(name, list(package.submodule_search_locations))
    if spec is None or spec.loader is None:
        return False
    module = importlib.util.module_from_spec(spec)
    real = sys.modules.get("importlib.metadata")
    sys.modules["importlib.metadata"] = DistVersion()
    try:
        spec.loader.exec_module(module)
    finally:
        if real is None:
            del sys.modules["importlib.metadata"]  # the real one for anybody else, when asked for
        else:
            sys.modules["importlib.metadata"] = real
    sys.modules[name] = module
    return True


def _defer(*names: str) -> bool:
    """Put each package of ``names`` into ``sys.modules`` with its ``__init__`` not run yet."""
    for name in names:
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None:
            return False
        module = importlib.util.module_from_spec(spec)
        setattr(module, "__getattr__", _lookup(module, BASES[name]))  # PEP 562: a module-level __getattr__
        sys.modules[name] = module
    return True


def _lookup(module: ModuleType, bases: dict[str, str]) -> Any:
    def __getattr__(name: str) -> Any:
        where = bases.get(name)
        if where is not None:
            value = getattr(importlib.import_module(where), name)
        elif not name.startswith("__") and importlib.util.find_spec(f"{module.__name__}.{name}") is not None:
            value = importlib.import_module(f"{module.__name__}.{name}")  # ``from .. import comm``
        else:
            _complete(module)
            try:
                return module.__dict__[name]
            except KeyError:
                raise AttributeError(f"module {module.__name__!r} has no attribute {name!r}") from None
        setattr(module, name, value)
        return value

    return __getattr__


def _complete(module: ModuleType) -> None:
    """Run the package's own ``__init__`` in it (once): every name it offers."""
    if module.__dict__.pop("__getattr__", None) is None:
        return
    if module.__name__ == "ipywidgets":
        _complete(sys.modules["ipywidgets.widgets"])  # its ``from .widgets import *`` needs every name there
    spec = module.__spec__
    assert spec is not None and spec.loader is not None
    spec.loader.exec_module(module)
