"""Build a JupyterLite site of every game notebook and lesson, from PyPI and npm alone.

Steps: Pyodide's runtime from the npm registry (``npm pack``), the pinned wheels from PyPI, the
project's own wheel from its source; a rewritten ``pyodide-lock.json`` that lists exactly these
wheels (PyPI's sha256, their imports, dependencies among them; Babel without the CLDR data of
locales that no catalog uses; the own wheel without the OpenSpiel adapter, which Pyodide cannot run); clean copies of the notebooks;
``jupyter lite build``; an index page of the games; and ``chemgames-lite.lock.json``, which lists
every file the site carries with its sha256. Downloads are kept in a cache folder.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import tarfile
import tempfile
import zipfile
from importlib import metadata
from pathlib import Path
from typing import IO, Callable, Container

from .bytecode import compile_wheels
from . import drivelast
from .compress import precompress
from .content import Entry, copy_content
from .icon import shrink_icons
from .language import LOCALE_SETTINGS, keep_language
from .ondemand import ON_DEMAND
from .page import config_script, index_html, words
from .play import write_bundle, write_play
from .wheels import (NOT_IN_SITE, SITE_LOCALES, SLIMMED, WheelInfo, build_own_wheel, canonical, download, read_pins,
                     read_wheel, resolve, run, sha256, slim_wheel)

LOCK_NAME = "chemgames-lite.lock.json"
PYODIDE_DIR = "static/pyodide"
#: the site's runtime folder: ``static/pyodide/<16 hex digits of the sha256 of its files>`` (``versioned``)
RUNTIME_GLOB = PYODIDE_DIR + "/" + "[0-9a-f]" * 16
#: the files of the npm package ``pyodide`` that the kernel loads (the rest is docs and types)
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: JupyterLab settings that would make the page reach out (news, update checks)
OVERRIDES = {"@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False}}
#: the JupyterLab extensions a site carries (``jupyter lite build`` takes every one installed in the
#: build environment: a plotting or theme extension there would add megabytes no game uses)
EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "@jupyterlite/pyodide-kernel-extension", "anywidget")
#: what the kernel's worker loads before it starts the kernel (``initPackageManager``, ``initKernel``:
#: each name not listed in ``loadPyodideOptions.packages`` is installed one after the other by
#: micropip and piplite); listed, Pyodide loads them all at once while it starts
PRELOAD = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython")
#: the kernel's own wheels (JupyterLite's kernel extension carries them, not PyPI)
KERNEL_WHEELS = ("piplite", "pyodide_kernel", "ipykernel")
BUILD_TOOLS = ("jupyterlite-core", "jupyterlite-pyodide-kernel", "jupyterlab-widgets", "anywidget", "jupyter-server")


def default_cache() -> Path:
    """``$CHEMGAMES_LITE_CACHE``, else ``~/.cache/chemgames-lite``."""
    env = os.environ.get("CHEMGAMES_LITE_CACHE")
    return Path(env) if env else Path.home() / ".cache" / "chemgames-lite"


def source_root() -> Path:
    """The project's source tree (where ``pyproject.toml``, ``notebooks/`` and ``lessons/`` are)."""
    root = Path(__file__).resolve().parents[2]
    if not (root / "pyproject.toml").is_file():
        raise RuntimeError("chemgames lite build needs the project's source tree: pass --source DIR")
    return root


def fetch_pyodide(version: str, cache: Path) -> tuple[Path, dict]:
    """The npm tarball ``pyodide@version`` (from the cache, else ``npm pack``) and npm's record
    of it (integrity)."""
    cache.mkdir(parents=True, exist_ok=True)
    tgz, record = cache / f"pyodide-{version}.tgz", cache / f"pyodide-{version}.npm.json"
    if not (tgz.is_file() and record.is_file()):
        npm = shutil.which("npm")
        if npm is None:
            raise RuntimeError("npm is needed once to fetch Pyodide from the npm registry (apt-get install npm)")
        out = run([npm, "pack", f"pyodide@{version}", "--json", "--pack-destination", str(cache)])
        info = json.loads(out)[0]
        record.write_text(json.dumps({k: info[k] for k in ("id", "version", "integrity", "shasum", "filename")}))
    return tgz, json.loads(record.read_text())


def unpack_runtime(tgz: Path, dest: Path) -> dict:
    """Copy the runtime files into ``dest``; return the ``info`` block of Pyodide's own lock."""
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tgz) as tf:
        for name in RUNTIME_FILES:
            member = tf.getmember(f"package/{name}")
            with _member(tf, member) as src, open(dest / name, "wb") as out:
                shutil.copyfileobj(src, out)
        with _member(tf, tf.getmember("package/pyodide-lock.json")) as src:
            return json.load(src)["info"]


def _member(tf: tarfile.TarFile, member: tarfile.TarInfo) -> IO[bytes]:
    """A file of the archive (``extractfile`` gives ``None`` for a folder; these are files)."""
    src = tf.extractfile(member)
    if src is None:
        raise FileNotFoundError(member.name)
    return src


def kernel_wheels() -> list[Path]:
    """The Pyodide kernel's own wheels (``piplite``, ``pyodide_kernel``, the ``ipykernel`` shim) from the
    installed JupyterLab extension ``@jupyterlite/pyodide-kernel-extension`` (``static/pypi``), the
    same files ``jupyter lite build`` copies: the site's lock lists them, so Pyodide can load them
    with the rest of the kernel's start-up (``PRELOAD``)."""
    from jupyter_core.paths import jupyter_path

    for base in [Path(sys.prefix) / "share/jupyter/labextensions", *map(Path, jupyter_path("labextensions"))]:
        folder = base / "@jupyterlite/pyodide-kernel-extension/static/pypi"
        found = [next(iter(sorted(folder.glob(f"{name}-*-py3-none-any.whl"))), None) for name in KERNEL_WHEELS]
        if all(found):
            return [p for p in found if p is not None]
    raise RuntimeError("the Pyodide kernel's wheels were not found: install the [lite] extra (jupyterlite-pyodide-kernel)")


def add_sitecustomize(stdlib: Path) -> None:
    """Pyodide's standard library (``python_stdlib.zip``) gains ``sitecustomize`` (Python imports it
    at start-up, before the kernel starts): ``drivelast.py``, which searches the notebook's folder in
    the browser's storage after the installed packages, so an import is no request to the storage."""
    with zipfile.ZipFile(stdlib, "a", zipfile.ZIP_STORED) as archive:
        if "sitecustomize.py" not in archive.namelist():
            archive.writestr("sitecustomize.py", Path(drivelast.__file__).read_text("utf-8"))


def pyodide_lock(info: dict, wheels: list[WheelInfo]) -> dict:
    """Pyodide's lock file, listing only ``wheels``."""
    return {"info": info, "packages": {w.name: w.lock_entry() for w in sorted(wheels, key=lambda w: w.name)}}


def _origin(name: str, pins: dict) -> str:
    """Where a wheel of the site comes from (as the lock file says it).

    >>> _origin("babel", {"babel": "2.18.0"})
    'PyPI, without the CLDR data of locales other than root, de, en'
    >>> _origin("chemgames", {})[:97]
    "built from this project's source, without chemgames/spiel/, chemgames/cli.py, chemgames/_content/"
    >>> "chemgames/server/store.py" in _origin("chemgames", {}), "chemgames/server/client.py" in _origin("chemgames", {})
    (True, False)
    >>> _origin("pyodide-kernel", {})
    "the Pyodide kernel's JupyterLab extension (jupyterlite-pyodide-kernel, static/pypi)"
    """
    if name in {canonical(n) for n in KERNEL_WHEELS}:
        return "the Pyodide kernel's JupyterLab extension (jupyterlite-pyodide-kernel, static/pypi)"
    if name not in pins:
        return "built from this project's source" + (f", without {', '.join(NOT_IN_SITE)}" if name == "chemgames" else "")
    slim = {"babel": f", without the CLDR data of locales other than {', '.join(SITE_LOCALES)}",
            "periodictable": ", without its X-ray scattering factor tables (periodictable/xsf/)",
            "sympy": ", without its test suites (tests/ folders)", "mpmath": ", without its test suites (tests/ folders)"}
    return "PyPI" + (slim.get(name, ", slimmed") if name in SLIMMED else "")


def site_lock(out: Path, pins: dict, npm: dict, wheels: list[WheelInfo], entries: list[Entry],
              runtime: str = PYODIDE_DIR) -> dict:
    """What the site carries: the tools that built it, where each part came from, every file."""
    files = {p.relative_to(out).as_posix(): sha256(p) for p in sorted(out.rglob("*"))
             if p.is_file() and p.name != LOCK_NAME}
    return {
        "lock_version": 1,
        "build_tools": {t: metadata.version(t) for t in BUILD_TOOLS},
        "pyodide": {"npm": npm["id"], "integrity": npm["integrity"], "python": "3.14",
                    "folder": runtime, "files": [f"{runtime}/{n}" for n in RUNTIME_FILES]},
        "wheels": [{"name": w.name, "version": w.version, "file": f"{runtime}/{w.path.name}", "sha256": w.sha256,
                    "from": _origin(w.name, pins),
                    "imports": w.imports, "depends": w.depends, "not_carried": w.omitted,
                    **({"on_demand": w.later} if w.later else {})} for w in wheels],
        "notebooks": [{"path": f"files/{e.path}", "title": e.title, "game": e.game, "kind": e.kind} for e in entries],
        "files": files,
    }


def versioned(out: Path) -> str:
    """Move the built site's runtime and wheels (``static/pyodide/*``) into a folder named for
    their content, ``static/pyodide/<16 hex digits of a sha256 over every file's name and sha256>``,
    and point the kernel's ``pyodideUrl`` there; return that folder (relative to ``out``).

    A name that changes with the content may be cached for a year (``serve.immutable``): the
    next lesson's browser loads Python's runtime and wheels without asking the server, and Chromium
    then also takes the WebAssembly's compiled code from its cache (revalidated each visit, the
    warm floor used 1.7 s more processor time and 4.8 s more on the clock at load 13). A rebuilt
    site names a new folder in ``jupyter-lite.json`` (revalidated on every visit), so the old files
    are never used again."""
    base = out / PYODIDE_DIR
    files = sorted(p for p in base.iterdir() if p.is_file())
    digest = hashlib.sha256("".join(f"{p.name} {sha256(p)}\n" for p in files).encode()).hexdigest()[:16]
    folder = base / digest
    folder.mkdir()
    for p in files:
        p.rename(folder / p.name)
    rel, pointed = f"{PYODIDE_DIR}/{digest}", 0
    for config_path in out.rglob("jupyter-lite.json"):
        config = json.loads(config_path.read_text("utf-8"))
        kernel = config.get("jupyter-config-data", {}).get("litePluginSettings", {}).get(KERNEL_PLUGIN, {})
        if kernel.get("pyodideUrl") == f"./{PYODIDE_DIR}/pyodide.mjs":
            kernel["pyodideUrl"] = f"./{rel}/pyodide.mjs"
            config_path.write_text(json.dumps(config, indent=2, sort_keys=True) + "\n", "utf-8")
            pointed += 1
    if not pointed:
        raise RuntimeError(f"no jupyter-lite.json points the kernel at ./{PYODIDE_DIR}/pyodide.mjs: the Pyodide addon changed")
    return rel


def runtime_dir(site: Path) -> Path:
    """The runtime folder of a built site (``versioned``)."""
    found = sorted(Path(site).glob(RUNTIME_GLOB))
    if len(found) != 1:
        raise FileNotFoundError(f"{site} has {len(found)} runtime folders ({RUNTIME_GLOB}): build it again")
    return found[0]


def keep_extensions(out: Path, keep: tuple[str, ...]) -> list[str]:
    """Remove the federated JupyterLab extensions not in ``keep`` from a built site (their folder
    under ``extensions/`` and their entry in ``jupyter-lite.json``); return the names removed."""
    config_path = out / "jupyter-lite.json"
    config = json.loads(config_path.read_text("utf-8"))
    data = config["jupyter-config-data"]
    listed = data.get("federated_extensions", [])
    dropped = sorted(e["name"] for e in listed if e["name"] not in keep)
    data["federated_extensions"] = [e for e in listed if e["name"] in keep]
    for name in dropped:
        shutil.rmtree(out / "extensions" / name, ignore_errors=True)
    for scope in (out / "extensions").glob("@*"):
        if scope.is_dir() and not any(scope.iterdir()):
            scope.rmdir()
    config_path.write_text(json.dumps(config, indent=2, sort_keys=True) + "\n", "utf-8")
    return dropped


def prefetch(wheels: list[WheelInfo], runtime: str = PYODIDE_DIR, only: Container[str] | None = None) -> list[str]:
    """What the start page lets the browser fetch while the student reads it: Pyodide's runtime
    and every wheel but those loaded on demand (the kernel's and the games'), the runtime first. On a
    class's shared network the download is most of a cold start (30 students' 430 MB take ~35 s
    over 100 Mbit/s), so what arrives before the click is not waited for after it. ``only``: just these
    wheels (the build names the play page's, a student's start: ``play.packages``; the notebook's
    kernel wheels, IPython, jedi and the rest, come when a notebook is opened).

    >>> w = lambda name: WheelInfo(Path(f"{name}-1-py3-none-any.whl"), name, "1", "", [], [])
    >>> prefetch([w("sympy"), w("mpmath"), w("chemgames"), w("babel")])[-2:]
    ['static/pyodide/babel-1-py3-none-any.whl', 'static/pyodide/chemgames-1-py3-none-any.whl']
    """
    return ([f"{runtime}/{n}" for n in ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs", "pyodide.mjs")]
            + [f"{runtime}/{w.path.name}" for w in sorted(wheels, key=lambda w: w.path.name)
               if w.name not in ON_DEMAND and (only is None or w.name in only)])


def check_target(out: Path) -> None:
    """Refuse to replace a folder that is neither empty nor exactly a site this command built: a
    site's lock (``chemgames-lite.lock.json``) lists every file the build made, and a folder with
    any other file (a lock copied into a folder of one's own, or files added to a site) is kept.

    >>> import tempfile; d = Path(tempfile.mkdtemp()); (d / "essay.txt").write_text("mine")
    4
    >>> check_target(d)
    Traceback (most recent call last):
    ...
    FileExistsError: ... is not empty and holds no site built by chemgames lite: choose another folder
    >>> (d / LOCK_NAME).write_text('{"files": {}}')
    13
    >>> check_target(d)
    Traceback (most recent call last):
    ...
    FileExistsError: ... holds files the site build did not make (essay.txt): choose another folder, or move them
    """
    if out.is_symlink() or out.is_file():
        raise FileExistsError(f"{out} is not a folder: choose another folder")
    if not out.is_dir() or not any(out.iterdir()):
        return
    try:
        made = set(json.loads((out / LOCK_NAME).read_text("utf-8"))["files"])
    except (OSError, ValueError, KeyError, TypeError):
        raise FileExistsError(f"{out} is not empty and holds no site built by chemgames lite: choose another folder") from None
    foreign = sorted(p.relative_to(out).as_posix() for p in out.rglob("*")
                     if (p.is_file() or p.is_symlink()) and p.name != LOCK_NAME
                     and (p.is_symlink() or p.relative_to(out).as_posix() not in made))
    if foreign:
        shown = ", ".join(foreign[:5]) + (f" and {len(foreign) - 5} more" if len(foreign) > 5 else "")
        raise FileExistsError(f"{out} holds files the site build did not make ({shown}): "
                              "choose another folder, or move them")


def build_site(out: Path, source: Path | None = None, cache: Path | None = None,
               log: Callable[[str], None] = print) -> dict:
    """Build the site into ``out`` (replaced if it exists); return its lock (also written as
    ``out/chemgames-lite.lock.json``)."""
    source = Path(source) if source else source_root()
    cache = Path(cache) if cache else default_cache()
    out = Path(out).resolve()
    check_target(out)
    pins = read_pins()
    with tempfile.TemporaryDirectory(prefix="cg-lite-") as tmp:
        lite = Path(tmp) / "lite"
        runtime = lite / PYODIDE_DIR
        log(f"pyodide {pins['npm:pyodide']} from npm")
        tgz, npm = fetch_pyodide(pins["npm:pyodide"], cache)
        info = unpack_runtime(tgz, runtime)
        log(f"{len(pins) - 1} wheels from PyPI")
        paths = download(pins, cache / "wheels")
        paths.append(build_own_wheel(source, Path(tmp) / "own"))
        paths += kernel_wheels()
        for p in paths:
            shutil.copy2(p, runtime / p.name)
            keep = SLIMMED.get(canonical(p.name.split("-")[0]))
            if keep is not None:
                slim_wheel(runtime / p.name, keep)  # Babel without the locales no catalog uses
        # every module compiled ahead by this Pyodide (bytecode.py: ~3 s of the kernel's start and
        # ~1.7 s of a board were compiling); its loader needs a lock, the real one follows
        (runtime / "pyodide-lock.json").write_text(json.dumps(pyodide_lock(info, [])))
        add_sitecustomize(runtime / "python_stdlib.zip")  # before compiling: it is compiled with the rest
        compiled = compile_wheels([runtime / p.name for p in paths] + [runtime / "python_stdlib.zip"], runtime,
                                  pins["npm:pyodide"], cache / "bytecode")
        log(f"bytecode: {sum(compiled.values())} modules compiled in Pyodide "
            f"({sum(1 for n in compiled.values() if n == 0)} of {len(compiled)} archives from the cache)")
        wheels = resolve([read_wheel(runtime / p.name) for p in paths], ON_DEMAND)
        (runtime / "pyodide-lock.json").write_text(json.dumps(pyodide_lock(info, wheels), indent=1) + "\n")
        entries = copy_content(source, lite / "content")
        log(f"{len(entries)} notebooks: " + ", ".join(e.path for e in entries))
        config = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
            "appName": "chemgames", "litePluginSettings": {KERNEL_PLUGIN: {
                "disablePyPIFallback": True, "loadPyodideOptions": {"packages": list(PRELOAD)}}}}}
        (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=1))
        # German menus by default (issue 26; chemgames/lite/language.py)
        (lite / "overrides.json").write_text(json.dumps({**OVERRIDES, **LOCALE_SETTINGS}, indent=1))
        if out.exists():
            shutil.rmtree(out)  # a previous site or an empty folder: check_target said so
        log("jupyter lite build")
        run([sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite),
             "--contents", str(lite / "content"), "--output-dir", str(out), "--apps", "lab",
             "--no-sourcemaps", "--no-unused-shared-packages"], cwd=lite)
    dropped = keep_extensions(out, EXTENSIONS)
    if dropped:
        log("left out JupyterLab extensions no game uses: " + ", ".join(dropped))
    languages = keep_language(out)  # German and English only (issue 26: chemgames/lite/language.py)
    log(f"translations: {languages['before']} -> {languages['after']} bytes")
    root_page = out / "index.html"
    archive = write_bundle(out / PYODIDE_DIR)  # the play page's wheels in one archive (play.py: bundle)
    folder = versioned(out)
    log(f"runtime and wheels in {folder}/ (cached by browsers for a year)")
    played = write_play(out, entries, folder, words(), archive)  # the students' start without JupyterLab (play.py)
    log(f"play page for {len(played)} games: " + ", ".join(played) + f"; its wheels in one archive, {archive['file']}")
    # what a student's start loads: the runtime and the play page's archive of its wheels (the same
    # wheels the notebook's kernel loads one by one come when a notebook is opened)
    root_page.write_text(index_html(entries, config_script(root_page.read_text("utf-8")),
                                    prefetch(wheels, folder, only=()) + [f"{folder}/{archive['file']}"], played), "utf-8")
    log(f"icons: {shrink_icons(out)} bytes of images larger than a tab shows left out")  # icon.py
    packed = precompress(out, cache / "compressed")
    log(f"pre-compressed {packed['files']} files: {packed['bytes'] / 1e6:.1f} MB -> brotli {packed['br'] / 1e6:.1f} MB,"
        f" gzip {packed['gz'] / 1e6:.1f} MB")
    lock = site_lock(out, pins, npm, wheels, entries, folder)
    (out / LOCK_NAME).write_text(json.dumps(lock, indent=1) + "\n")
    return lock
