"""The wheels a site carries: pinned in ``pins.txt``, fetched from PyPI, described for Pyodide.

Pyodide installs a wheel through its lock file (``pyodide-lock.json``): each entry names the
file, its sha256 (checked in the browser), the modules it provides (``imports``, used to load
packages from a notebook's ``import`` lines) and the entries it ``depends`` on.

>>> canonical("Prompt_Toolkit")
'prompt-toolkit'
>>> pins = read_pins()
>>> pins["sympy"], pins["npm:pyodide"]
('1.14.0', '314.0.6')
"""
from __future__ import annotations

import email.parser
import hashlib
import os
import re
import subprocess
import sys
import zipfile
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement

PINS = Path(__file__).with_name("pins.txt")

#: PEP 508 marker values of the Python that Pyodide 314 carries (a browser, emscripten/wasm32).
PYODIDE_MARKERS = {
    "python_version": "3.14", "python_full_version": "3.14.2", "sys_platform": "emscripten",
    "platform_system": "Emscripten", "platform_machine": "wasm32", "os_name": "posix",
    "implementation_name": "cpython", "platform_python_implementation": "CPython", "extra": "",
}


def run(cmd: list[str], **kwargs) -> str:
    """Run a build step quietly; on failure raise with the tail of what it printed."""
    done = subprocess.run(cmd, capture_output=True, text=True, **kwargs)
    if done.returncode:
        raise RuntimeError(f"{' '.join(cmd[:4])} ... failed ({done.returncode}):\n{(done.stdout + done.stderr)[-3000:]}")
    return done.stdout


def canonical(name: str) -> str:
    """A distribution name as PEP 503 normalizes it (the lock file's keys)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def read_pins(path: Path = PINS) -> dict[str, str]:
    """``name -> version`` from ``pins.txt``; a name without a version takes the build
    environment's installed version (its JupyterLab extension must match the kernel side)."""
    pins: dict[str, str] = {}
    for line in path.read_text("utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name, _, version = line.partition("==")
        key = name if name.startswith("npm:") else canonical(name)
        pins[key] = version or metadata.version(name)
    return pins


@dataclass
class WheelInfo:
    """What the lock file says about one wheel, read from the wheel itself."""

    path: Path
    name: str
    version: str
    sha256: str
    imports: list[str]
    requires: list[str]  # canonical names of Requires-Dist that apply under Pyodide
    depends: list[str] = field(default_factory=list)
    omitted: list[str] = field(default_factory=list)  # requirements the site does not carry
    later: list[str] = field(default_factory=list)  # requirements carried but loaded on demand (ondemand.py)

    def lock_entry(self) -> dict:
        """This wheel's entry in ``pyodide-lock.json``."""
        return {"name": self.name, "version": self.version, "file_name": self.path.name,
                "install_dir": "site", "package_type": "package", "sha256": self.sha256,
                "imports": self.imports, "depends": self.depends, "unvendored_tests": False}


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def top_level_imports(names: list[str]) -> list[str]:
    """The importable top-level names among a wheel's file names: packages (``x/__init__.py``)
    and modules (``x.py``), also as bytecode alone (``y.pyc``: ``chemgames/lite/bytecode.py``).

    >>> top_level_imports(["a/__init__.py", "a/b.py", "c.py", "x-1.0.dist-info/RECORD", "d/e.txt", "y.pyc"])
    ['a', 'c', 'y']
    """
    found = set()
    for name in names:
        parts = name.split("/")
        if len(parts) == 2 and parts[1] in ("__init__.py", "__init__.pyc"):
            found.add(parts[0])
        elif len(parts) == 1 and name.endswith((".py", ".pyc")):
            found.add(name.rsplit(".", 1)[0])
    return sorted(n for n in found if n.isidentifier())


def read_wheel(path: Path) -> WheelInfo:
    """Name, version, hash, imports and requirements (under Pyodide's markers) of a wheel."""
    with zipfile.ZipFile(path) as zf:
        names = zf.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA") and n.count("/") == 1)
        meta = email.parser.Parser().parsestr(zf.read(meta_name).decode("utf-8"))
    imports = top_level_imports(names)
    requires = []
    for spec in meta.get_all("Requires-Dist") or []:
        req = Requirement(spec)
        if req.marker is None or req.marker.evaluate(PYODIDE_MARKERS):
            requires.append(canonical(req.name))
    return WheelInfo(path, canonical(meta["Name"]), meta["Version"], sha256(path), imports, sorted(set(requires)))


def download(pins: dict[str, str], dest: Path) -> list[Path]:
    """Fetch every pinned wheel from PyPI into ``dest`` (pip reuses files already there): only
    pure-Python ``none-any`` wheels, as Pyodide installs them, never the dependencies' own."""
    dest.mkdir(parents=True, exist_ok=True)
    specs = [f"{n}=={v}" for n, v in pins.items() if not n.startswith("npm:")]
    run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
         "--platform", "any", "--python-version", "3.14", "--implementation", "py", "--abi", "none",
         "--disable-pip-version-check", "-d", str(dest), *specs])
    found = {}
    for whl in dest.glob("*.whl"):
        info_name, version = whl.name.split("-")[:2]
        key = canonical(info_name)
        if pins.get(key) == version:
            found[key] = whl
    missing = sorted(set(specs) - {f"{k}=={pins[k]}" for k in found})
    if missing:
        raise RuntimeError(f"pip did not fetch: {', '.join(missing)}")
    return [found[k] for k in sorted(found)]


def build_own_wheel(source: Path, dest: Path) -> Path:
    """The project's own wheel, built from its source tree (reproducibly: fixed file times)."""
    dest.mkdir(parents=True, exist_ok=True)
    for old in dest.glob("chemgames-*.whl"):
        old.unlink()
    env = dict(os.environ, SOURCE_DATE_EPOCH="315532800")
    cmd = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--disable-pip-version-check", "-w", str(dest), str(source)]
    try:
        import hatchling  # noqa: F401
        cmd.insert(4, "--no-build-isolation")
    except ImportError:
        pass
    run(cmd, env=env)
    return next(dest.glob("chemgames-*.whl"))


def resolve(wheels: list[WheelInfo], on_demand: tuple[str, ...] = ()) -> list[WheelInfo]:
    """Limit each wheel's ``depends`` to the wheels the site carries and note the rest
    (``periodictable`` names ``numpy`` and ``pyparsing``, which the games never import); the
    project's own wheel does not depend on ``on_demand`` (loaded when first imported instead:
    ``chemgames.lite.ondemand``), which it lists as ``later``.

    >>> from pathlib import Path
    >>> w = WheelInfo(Path("chemgames.whl"), "chemgames", "1", "", ["chemgames"], ["babel", "numpy", "sympy"])
    >>> b = WheelInfo(Path("b.whl"), "babel", "1", "", ["babel"], [])
    >>> s = WheelInfo(Path("s.whl"), "sympy", "1", "", ["sympy"], [])
    >>> [(x.depends, x.omitted, x.later) for x in resolve([w, b, s], ("sympy",))][0]
    (['babel'], ['numpy'], ['sympy'])
    """
    carried = {w.name for w in wheels}
    for w in wheels:
        w.depends = [r for r in w.requires if r in carried]
        w.omitted = [r for r in w.requires if r not in carried]
        if w.name == "chemgames":
            w.later = [r for r in w.depends if r in on_demand]
            w.depends = [r for r in w.depends if r not in on_demand]
    return wheels


#: locales a site needs: the catalogs' languages and CLDR's root, from which both inherit
SITE_LOCALES = ("root", "de", "en")


def keeps_locale(name: str, locales: tuple[str, ...] = SITE_LOCALES) -> bool:
    """Whether a wheel member is kept when a wheel is slimmed: everything except the CLDR data
    (``babel/locale-data/<locale>.dat``) of locales other than ``locales`` and their regions.

    >>> [keeps_locale(n) for n in ("babel/numbers.py", "babel/locale-data/de_CH.dat",
    ...                            "babel/locale-data/en.dat", "babel/locale-data/fr.dat", "babel/global.dat")]
    [True, True, True, False, True]
    """
    folder, _, file = name.rpartition("/")
    if not folder.endswith("locale-data"):
        return True
    return file.split(".")[0].split("_")[0] in locales


def slim_wheel(path: Path, keep=keeps_locale) -> Path:
    """Rewrite the wheel at ``path`` without the members ``keep`` refuses, and with a RECORD that
    lists only what stays (Babel carries the CLDR data of 1,000 locales, 10 MB; a site needs
    two languages, 0.3 MB). The wheel keeps its name and version; its sha256 is taken afterwards."""
    tmp = path.with_suffix(".slim")
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as out:
        for item in src.infolist():
            if not keep(item.filename):
                continue
            data = src.read(item.filename)
            if item.filename.endswith(".dist-info/RECORD"):
                lines = data.decode("utf-8").splitlines(keepends=True)
                data = "".join(line for line in lines if keep(line.split(",", 1)[0])).encode("utf-8")
            out.writestr(item, data)
    tmp.replace(path)
    return path


def keeps_periodictable(name: str) -> bool:
    """Whether a member of ``periodictable``'s wheel is kept: all but its X-ray scattering factor
    tables (``periodictable/xsf/``, 0.58 of the wheel's 0.83 MB, read only when an element's
    ``xray`` data is asked for; the games ask for masses and densities).

    >>> [keeps_periodictable(n) for n in ("periodictable/mass.py", "periodictable/xsf.py", "periodictable/xsf/fe.nff")]
    [True, True, False]
    """
    return not name.startswith("periodictable/xsf/")


def keeps_no_tests(name: str) -> bool:
    """Whether a member is kept when a wheel's own test suites are left out (as Pyodide's own
    builds of SymPy and mpmath leave them out): all but what lies in a ``tests`` folder.

    >>> [keeps_no_tests(n) for n in ("sympy/core/add.py", "sympy/core/tests/test_add.py", "sympy/testing/pytest.py")]
    [True, False, True]
    """
    return "tests" not in name.split("/")[:-1]


#: the class-table server's modules (``chemgames serve``: Starlette, uvicorn, Redis, the look-alike names'
#: data; CPython with the ``[server]`` extra, never a browser). The site keeps the package file, the client
#: and the protocol (``chemgames.join`` from a notebook: ``tables_web`` hands the client the browser's
#: transport).
SERVER_ONLY = ("app", "authority", "connection", "limits", "lookalike", "model", "run", "seats", "store", "students")

#: what builds and serves the site (``chemgames lite build``/``serve``, in a terminal's CPython with the
#: ``[lite]`` extra) and the files only they read: the site runs none of it. The site keeps the modules
#: its kernel and play page import (``ondemand``, ``playbridge``, ``slimwidgets``, ``noipython``,
#: ``elementtable``); ``drivelast`` goes in as the kernel's ``sitecustomize``, copied by the build.
BUILD_ONLY = ("build", "bytecode", "compress", "content", "drivelast", "icon", "language", "page", "play", "serve",
              "wheels")
BUILD_DATA = ("page.json", "pins.txt", "play_page.js", "play_worker.js", "jupyterlab_de.json")

#: what of the project's own wheel no site can run or use, each a folder (``/`` at the end) or a file:
#: the OpenSpiel adapter (``chemgames[spiel]``: pyspiel and numba have no build for Pyodide), the table
#: server's modules (``SERVER_ONLY``), the command line (``chemgames serve``, ``lite build``: a terminal's)
#: and the notebooks it copies for ``chemgames lab`` (``_content/``: the site carries them as its files),
#: and the site's own build tools (``BUILD_ONLY``, ``BUILD_DATA``).
#: Nothing the site keeps imports one of them (``tests/test_lite_parts.py`` checks that against the
#: package's import graph; ``tests/test_lite_wheel_s24d.py`` imports every module the slimmed wheel holds
#: in a Python without the ``[server]`` extra).
NOT_IN_SITE = ("chemgames/spiel/", "chemgames/cli.py", "chemgames/_content/",
               *(f"chemgames/server/{name}.py" for name in SERVER_ONLY),
               *(f"chemgames/lite/{name}.py" for name in BUILD_ONLY), *(f"chemgames/lite/{name}" for name in BUILD_DATA))


def keeps_own(name: str, left_out: tuple[str, ...] = NOT_IN_SITE) -> bool:
    """Whether a member of the project's own wheel is kept in the site: all but ``NOT_IN_SITE`` (a folder
    and what lies in it, or that very file).

    >>> [keeps_own(n) for n in ("chemgames/widgets/base.py", "chemgames/spiel/openspiel.py", "chemgames/spiel.txt")]
    [True, False, True]
    >>> [keeps_own(n) for n in ("chemgames/server/client.py", "chemgames/server/store.py", "chemgames/server/store.pyi")]
    [True, False, True]
    """
    return not any(name.startswith(x) if x.endswith("/") else name == x for x in left_out)


#: wheels the site carries slimmed (canonical name -> which members stay)
SLIMMED = {"babel": keeps_locale, "periodictable": keeps_periodictable, "sympy": keeps_no_tests,
           "mpmath": keeps_no_tests, "chemgames": keeps_own}
