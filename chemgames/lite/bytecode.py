"""The site's wheels and Pyodide's standard library with their bytecode compiled ahead of time,
by the site's own Pyodide.

Pyodide runs with ``sys.dont_write_bytecode``, its file system lives in memory, Pyodide 314 ships
its standard library (``python_stdlib.zip``) as source and the wheels from PyPI are source: every
module was compiled again on every page load. Timed in the floor notebook: compiling the 254
standard-library modules the kernel's start imports took 4.9 s (load 13), its 457 site-packages
modules (IPython, jedi, ipykernel's pieces) 3.1 s, the game's 119 more 1.7 s (load 7.5).

So the build compiles every ``.py`` of every wheel it carries and of the standard library inside
Pyodide itself (Node runs the npm package's ``pyodide.mjs``: the bytecode's magic number is the
runtime's, whatever Python runs the build) and rewrites each archive:

- other projects' wheels and the standard library become *sourceless*, like Pyodide's own
  packages: ``x.py`` is replaced by ``x.pyc`` (Python imports it through its
  ``SourcelessFileLoader``, the standard library through ``zipimport``); tracebacks inside them
  show no source lines;
- ``KEEP_SOURCE`` wheels (the project's own) keep ``x.py`` and gain
  ``__pycache__/x.cpython-314.pyc``, and a traceback still shows the game's lines.

Every pyc is *unchecked hash-based* (PEP 552: Python takes it without reading or checking a
source) and has no column tables (``PYTHONNODEBUGRANGES``: a fifth smaller; tracebacks mark no
columns). Code objects carry the path the module has once installed
(``/lib/python3.14/site-packages/...``, ``/lib/python314.zip/...``). A file that does not compile
(none today) stays source. ``RECORD`` is written anew. The members are *stored*, not deflated:
bytecode deflates badly file by file (the wheels of a game's start: 6.7 MB as PyPI's deflated
source, 8.9 MB as deflated bytecode), while brotli over a whole stored wheel (``compress.py``
makes ``NAME.whl.br``, which the browser unpacks before Pyodide sees the bytes and checks their
sha256) packs them to 6.3 MB. The result is cached by the input's sha256 and the Pyodide
version, so a rebuild starts Node only for a changed wheel (the project's own).

>>> _keeps_source("chemgames-0.1.0-py3-none-any.whl"), _keeps_source("ipython-9.12.0-py3-none-any.whl")
(True, False)
"""
from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import tempfile
from pathlib import Path

#: wheels that keep their source beside the bytecode (tracebacks of the games show their lines)
KEEP_SOURCE = ("chemgames",)
#: Pyodide's standard library (zip-imported from ``STDLIB_PATH``) and where wheels unpack
STDLIB, STDLIB_PATH, SITE_PACKAGES = "python_stdlib.zip", "/lib/python314.zip/", "/lib/python3.14/site-packages/"
#: bump when the compiled wheels would differ (the cache key)
FORMAT = "3"

#: runs inside Pyodide (Node): rewrite each wheel of ``/work/jobs.json`` from ``/work/in`` to ``/work/out``
COMPILER = r'''
import base64, hashlib, importlib.util, json, warnings, zipfile
import importlib._bootstrap_external as _be

def line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"

done = {}
for job in json.load(open("/work/jobs.json")):
    rows, record, count = [], None, 0
    with zipfile.ZipFile("/work/in/" + job["file"]) as src, \
         zipfile.ZipFile("/work/out/" + job["file"], "w", zipfile.ZIP_STORED) as out:
        def put(info, name, data):
            item = zipfile.ZipInfo(name, info.date_time)
            item.external_attr, item.compress_type = info.external_attr, zipfile.ZIP_STORED
            out.writestr(item, data)
            rows.append(line(name, data))
        for info in src.infolist():
            name, data = info.filename, src.read(info.filename)
            if name.endswith(".dist-info/RECORD"):
                record = info
                continue
            if not name.endswith(".py") or name.endswith("/"):
                put(info, name, data)
                continue
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    code = compile(data, job["prefix"] + name, "exec", dont_inherit=True)
            except SyntaxError:
                put(info, name, data)  # left as source: Python reports it where it is imported
                continue
            pyc = bytes(_be._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
            count += 1
            if job["keep_source"]:
                put(info, name, data)
                put(info, importlib.util.cache_from_source(name), pyc)
            else:
                put(info, name[:-3] + ".pyc", pyc)
        if record is not None:
            rows.append(record.filename + ",,")
            item = zipfile.ZipInfo(record.filename, record.date_time)
            item.external_attr, item.compress_type = record.external_attr, zipfile.ZIP_STORED
            out.writestr(item, "\n".join(rows) + "\n")
    done[job["file"]] = count
json.dump(done, open("/work/done.json", "w"))
'''

#: Node: load the site's Pyodide, mount the work folder, run ``COMPILER``
RUNNER = r'''
import { loadPyodide } from "RUNTIME/pyodide.mjs";
// no column tables in the code objects (python -X no_debug_ranges): a fifth less bytecode; a
// traceback then marks no columns with ^^^ under the failing line
const py = await loadPyodide({ indexURL: "RUNTIME/", env: { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" } });
py.FS.mkdirTree("/work");
py.FS.mount(py.FS.filesystems.NODEFS, { root: "WORK" }, "/work");
py.runPython(await (await import("node:fs/promises")).readFile("WORK/compile.py", "utf8"));
'''


def _keeps_source(wheel: str, keep: tuple[str, ...] = KEEP_SOURCE) -> bool:
    return wheel.split("-")[0].lower() in keep


def _prefix(archive: Path) -> str:
    """Where Pyodide puts an archive's files: the code objects' file names start with it."""
    return STDLIB_PATH if archive.name == STDLIB else SITE_PACKAGES


def _key(path: Path, pyodide: str, keep_source: bool) -> str:
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    return f"{digest[:32]}-{pyodide}-{FORMAT}{'s' if keep_source else 'b'}"


def compile_wheels(wheels: list[Path], runtime: Path, pyodide: str, cache: Path, keep: tuple[str, ...] = KEEP_SOURCE,
                   node: str | None = None) -> dict[str, int]:
    """Rewrite ``wheels`` (in place) with their modules compiled by the Pyodide in ``runtime``
    (``pyodide.mjs`` and its files; version ``pyodide``, the cache key); return how many modules
    each wheel got compiled (0 for one taken from ``cache``). ``runtime/python_stdlib.zip`` among
    ``wheels`` is compiled too (sourceless): Pyodide 314 ships its standard library as source, and
    the 254 modules the kernel imports from it took 4.9 s to compile at load 13."""
    cache.mkdir(parents=True, exist_ok=True)
    todo, counts = [], {}
    for whl in wheels:
        keep_source = _keeps_source(whl.name, keep)
        cached = cache / f"{_key(whl, pyodide, keep_source)}.whl"
        if cached.is_file():
            shutil.copyfile(cached, whl)
            counts[whl.name] = 0
        else:
            todo.append((whl, cached, keep_source))
    if not todo:
        return counts
    node = node or shutil.which("node")
    if node is None:
        raise RuntimeError("node is needed to compile the site's wheels with Pyodide (apt-get install nodejs)")
    with tempfile.TemporaryDirectory(prefix="cg-lite-pyc-") as tmp:
        work = Path(tmp)
        (work / "in").mkdir()
        (work / "out").mkdir()
        for whl, _, _ in todo:
            shutil.copyfile(whl, work / "in" / whl.name)
        (work / "jobs.json").write_text(json.dumps([{"file": w.name, "keep_source": k, "prefix": _prefix(w)}
                                                    for w, _, k in todo]))
        (work / "compile.py").write_text(COMPILER)
        script = work / "run.mjs"
        script.write_text(RUNNER.replace("RUNTIME", runtime.resolve().as_posix()).replace("WORK", work.as_posix()))
        proc = subprocess.run([node, str(script)], capture_output=True, text=True, check=False)
        if proc.returncode != 0 or not (work / "done.json").is_file():
            raise RuntimeError(f"compiling the wheels in Pyodide failed:\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}")
        done = json.loads((work / "done.json").read_text())
        for whl, cached, _ in todo:
            shutil.copyfile(work / "out" / whl.name, cached)
            shutil.copyfile(cached, whl)
            counts[whl.name] = done[whl.name]
    return counts
