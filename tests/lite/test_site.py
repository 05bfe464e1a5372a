"""The built site agrees with its lock files: every wheel's hash and imports, every file of the
site, every notebook clean and set to the Pyodide kernel, no address outside the site."""
from __future__ import annotations

import pytest

import json
import re
import zipfile
from pathlib import Path

from chemgames.lite.build import KERNEL_PLUGIN, LOCK_NAME, PRELOAD, PYODIDE_DIR, RUNTIME_FILES, runtime_dir
from chemgames.lite.content import discover, problems
from chemgames.lite.wheels import read_pins, sha256, top_level_imports

from browser.lab import REPO


pytestmark = [pytest.mark.lite, pytest.mark.xdist_group("lite")]  # one site build, one worker

def lock(site: Path) -> dict:
    return json.loads((site / LOCK_NAME).read_text())


def test_pyodide_lock_matches_the_wheels(site):
    runtime = runtime_dir(site)
    plock = json.loads((runtime / "pyodide-lock.json").read_text())["packages"]
    shipped = {p.name for p in runtime.glob("*.whl")}
    assert shipped == {e["file_name"] for e in plock.values()}  # no wheel unlisted, none missing
    for name, entry in plock.items():
        whl = runtime / entry["file_name"]
        assert entry["sha256"] == sha256(whl), name
        assert whl.name.endswith("-none-any.whl"), f"{name} is not pure Python"
        with zipfile.ZipFile(whl) as zf:
            files = zf.namelist()
        assert entry["imports"] and set(entry["imports"]) <= set(top_level_imports(files)), name
        assert set(entry["depends"]) <= set(plock), f"{name} depends on a package the site lacks"
    own = [n for n in plock if n == "chemgames"]
    assert own, "the project's own wheel is in the site"
    with zipfile.ZipFile(runtime / plock["chemgames"]["file_name"]) as zf:
        own_files = zf.namelist()
        compiled = [n for n in own_files if n.endswith((".so", ".pyd", ".dylib", ".dll"))]
    assert compiled == []
    # without the OpenSpiel adapter, which Pyodide cannot run (tests/test_lite_parts.py: nothing the site keeps imports it)
    assert [n for n in own_files if n.startswith("chemgames/spiel/")] == []
    # s24d: nor the table server's modules, the command line or chemgames lab's notebooks; the tables' client stays
    from chemgames.lite.wheels import SERVER_ONLY

    assert [n for n in own_files if n.startswith(("chemgames/cli", "chemgames/_content/"))
            or any(f"chemgames/server/{m}." in n or f"chemgames/server/__pycache__/{m}." in n for m in SERVER_ONLY)] == []
    assert {"chemgames/server/client.py", "chemgames/server/protocol.py", "chemgames/tables_web.py"} <= set(own_files)
    # s24l: nor the site's own build tools and the files only they read; what the kernel and play page import stays
    from chemgames.lite.wheels import BUILD_DATA, BUILD_ONLY

    assert [n for n in own_files if n.startswith("chemgames/lite/") and n.rpartition("/")[2].split(".")[0]
            in BUILD_ONLY + tuple(d.split(".")[0] for d in BUILD_DATA)] == []
    assert {"chemgames/lite/__init__.py", "chemgames/lite/playbridge.py", "chemgames/lite/ondemand.py"} <= set(own_files)
    assert "chemgames/widgets/base.py" in own_files and "chemgames/core/__pycache__/game.cpython-314.pyc" in own_files
    assert set(plock["chemgames"]["depends"]) >= {"anywidget", "ipywidgets", "traitlets", "periodictable", "babel"}
    # SymPy is carried (a cell's own "import sympy" loads it) but no board waits for it: the game
    # loads it on demand (chemgames.lite.ondemand), so it is not among chemgames's depends
    assert "sympy" in plock and "mpmath" in plock["sympy"]["depends"]
    assert "sympy" not in plock["chemgames"]["depends"]
    own_entry = next(w for w in lock(site)["wheels"] if w["name"] == "chemgames")
    assert own_entry["on_demand"] == ["sympy"]
    # every pin of pins.txt is carried, at its version
    pins = {k: v for k, v in read_pins().items() if not k.startswith("npm:")}
    assert {k: plock[k]["version"] for k in pins} == pins
    # periodictable names numpy and pyparsing; the games never import them, the site does not carry them
    carried = {w["name"]: w for w in lock(site)["wheels"]}
    assert carried["periodictable"]["not_carried"] == ["numpy", "pyparsing"]


def pyc_header(data: bytes) -> tuple[bytes, int]:
    """A pyc's magic number and flags (PEP 552: bit 0 hash-based, bit 1 check the source)."""
    return data[:4], int.from_bytes(data[4:8], "little")


def test_every_module_of_every_wheel_is_compiled_for_the_sites_python(site):
    """The wheels and the standard library hold their modules as bytecode of one Python (that it is
    the runtime's is checked where it runs: test_browser imports every module of the package, and a
    wrong magic number is an ImportError there); unchecked hash-based (PEP 552), stored."""
    runtime = runtime_dir(site)
    magic = set()
    for archive in sorted(runtime.glob("*.whl")) + [runtime / "python_stdlib.zip"]:
        with zipfile.ZipFile(archive) as zf:
            names = zf.namelist()
            pycs = [n for n in names if n.endswith(".pyc")]
            headers = {pyc_header(zf.read(n)) for n in pycs}
            assert pycs and {flags for _, flags in headers} == {1}, archive.name  # hash-based, source unchecked
            magic |= {m for m, _ in headers}
            assert all(i.compress_type == zipfile.ZIP_STORED for i in zf.infolist()), archive.name
            record = [n for n in names if n.endswith(".dist-info/RECORD")]
            if record:
                listed = {line.split(",", 1)[0] for line in zf.read(record[0]).decode().splitlines()}
                assert listed == set(names), archive.name
        sources = [n for n in names if n.endswith(".py")]
        if archive.name.startswith("chemgames-"):  # the games keep their source: tracebacks show their lines
            assert sources and {f"{n.rsplit('/', 1)[0] + '/' if '/' in n else ''}__pycache__/"
                                f"{n.rsplit('/', 1)[-1][:-3]}.cpython-314.pyc" for n in sources} <= set(pycs)
        else:  # the rest is bytecode only, as Pyodide's own packages
            assert sources == [], (archive.name, sources[:3])
    assert len(magic) == 1 and magic.pop()[2:] == b"\r\n"


def test_site_lock_lists_exactly_the_files_of_the_site(site):
    data = lock(site)
    on_disk = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file() and p.name != LOCK_NAME}
    assert set(data["files"]) == on_disk
    for rel, digest in data["files"].items():
        assert sha256(site / rel) == digest, rel
    for w in data["wheels"]:
        assert data["files"][w["file"]] == w["sha256"]
    rt = runtime_dir(site).relative_to(site).as_posix()
    assert data["pyodide"]["folder"] == rt
    for name in RUNTIME_FILES:
        assert f"{rt}/{name}" in data["files"]
    assert data["pyodide"]["npm"] == f"pyodide@{read_pins()['npm:pyodide']}"
    assert data["pyodide"]["integrity"].startswith("sha512-")


def test_every_notebook_and_lesson_is_there_and_clean(site):
    expected = {p.relative_to(REPO).as_posix() for p in discover(REPO)}
    served = {p.relative_to(site / "files").as_posix() for p in (site / "files").rglob("*.ipynb")}
    assert served == expected and "notebooks/chemiekarten.ipynb" in served
    for rel in served:
        assert problems(json.loads((site / "files" / rel).read_text())) == [], rel
    page = (site / "index.html").read_text()
    for rel in expected:
        assert f'href="lab/index.html?path={rel}"' in page and f'data-reset="{rel}"' in page


def test_compressed_copies_unpack_to_their_files_and_only_the_games_extensions(site):
    from chemgames.lite.compress import check

    assert check(site) == []
    packed = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.br"))
    rt = runtime_dir(site).relative_to(site).as_posix()
    assert f"{rt}/pyodide.asm.wasm.br" in packed and "index.html.br" in packed
    # the wheels hold their bytecode stored (chemgames/lite/bytecode.py): each has its brotli copy,
    # which check() above unpacked to the very wheel whose sha256 Pyodide's lock names
    wheels = {p.relative_to(site).as_posix() for p in runtime_dir(site).glob("*.whl")}
    assert {p[:-3] for p in packed if p.endswith(".whl.br") and p.startswith(rt)} == wheels
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    names = sorted(e["name"] for e in config["federated_extensions"])
    assert names == ["@jupyter-widgets/jupyterlab-manager", "@jupyterlite/pyodide-kernel-extension", "anywidget"]
    assert sorted(p.name for p in (site / "extensions").iterdir()) == ["@jupyter-widgets", "@jupyterlite", "anywidget"]


def test_the_sites_icon_holds_only_what_a_tab_shows_and_goes_out_compressed(site):
    """Every page names ``lab/favicon.ico`` (JupyterLite's: ten images up to 256 px, 0.32 MB sent to each
    student): the build keeps its images up to 48 px (icon.py), which an independent reader (Pillow)
    opens, and a gzip copy the server sends instead."""
    import gzip
    import io

    from PIL import Image

    from chemgames.lite.icon import LARGEST

    for rel in ("lab/favicon.ico", "static/favicons/favicon.ico"):
        data = (site / rel).read_bytes()
        with Image.open(io.BytesIO(data)) as icon:
            got = icon.ico.sizes()
        assert got and max(w for w, _ in got) <= LARGEST and (16, 16) in got and (32, 32) in got, (rel, got)
    favicon = site / "lab/favicon.ico"
    assert favicon.stat().st_size < 30_000
    assert gzip.decompress((site / "lab/favicon.ico.gz").read_bytes()) == favicon.read_bytes()
    assert (site / "lab/favicon.ico.gz").stat().st_size < favicon.stat().st_size / 2
    assert 'href="lab/favicon.ico"' in (site / "index.html").read_text() and 'href="lab/favicon.ico"' in (site / "play.html").read_text()


def test_the_start_page_prefetches_the_runtime_and_the_wheels_a_start_loads(site):
    page = (site / "index.html").read_text()
    fetched = re.findall(r'<link rel="prefetch" href="([^"]+)">', page)
    rt = runtime_dir(site).relative_to(site).as_posix()
    # a student's start is the play page: its wheels (the game's and what it needs, not IPython's),
    # read from the page itself; the notebook's kernel wheels come when a notebook is opened
    play = json.loads((site / "play.html").read_text().split('type="application/json">')[1].split("</script>")[0])
    assert "chemgames" in play["packages"] and "ipython" not in play["packages"]
    assert set(fetched) == {f"{rt}/{n}" for n in RUNTIME_FILES} | {f"{rt}/{play['bundle']['file']}"}  # its wheels in one
    assert not {"sympy", "mpmath"} & set(play["packages"])  # loaded on demand: no board needs them
    assert all((site / rel).is_file() for rel in fetched) and len(fetched) == len(set(fetched))
    assert fetched[0] == f"{rt}/pyodide.asm.wasm"  # the largest first


def test_config_keeps_the_site_to_itself(site):
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"][KERNEL_PLUGIN]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["pyodideUrl"] == f"./{runtime_dir(site).relative_to(site).as_posix()}/pyodide.mjs"
    urls = re.findall(r'"(https?://[^"]+)"', json.dumps(config))
    assert urls == []


def test_the_runtime_lies_in_a_folder_named_for_its_content_and_is_cached_for_a_year(site):
    """Pyodide's runtime and the wheels lie in ``static/pyodide/<hash>/``, the hash taken over every
    file's name and sha256 (a rebuilt site with any other byte names another folder), and ``lite
    serve`` lets browsers keep them for a year; the pages and the notebooks are revalidated."""
    import hashlib
    import urllib.request

    from chemgames.lite.serve import IMMUTABLE, REVALIDATE, serve_in_thread

    runtime = runtime_dir(site)
    assert runtime.parent == site / PYODIDE_DIR and not [p for p in runtime.parent.iterdir() if p.is_file()]
    files = sorted(p for p in runtime.iterdir() if p.is_file() and p.suffix not in (".br", ".gz"))
    digest = hashlib.sha256("".join(f"{p.name} {sha256(p)}\n" for p in files).encode()).hexdigest()[:16]
    assert runtime.name == digest
    server = serve_in_thread(site)
    try:
        base = f"http://127.0.0.1:{server.server_port}/"
        rt = runtime.relative_to(site).as_posix()
        for rel, policy in ((f"{rt}/pyodide.asm.wasm", IMMUTABLE), (f"{rt}/python_stdlib.zip", IMMUTABLE),
                            (f"{rt}/pyodide-lock.json", IMMUTABLE), ("jupyter-lite.json", REVALIDATE),
                            ("index.html", REVALIDATE), ("files/notebooks/chemiekarten.ipynb", REVALIDATE)):
            with urllib.request.urlopen(base + rel) as answer:
                assert answer.headers["Cache-Control"] == policy, rel
    finally:
        server.shutdown()
        server.server_close()


def test_the_kernel_starts_from_the_sites_lock_and_searches_the_drive_last(site):
    """The kernel's start-up packages are preloaded from Pyodide's lock (one load, not five
    installs one after the other), its own wheels among the site's; Pyodide's standard library
    carries ``sitecustomize``, which is ``chemgames/lite/drivelast.py``."""
    from chemgames.lite import drivelast

    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"][KERNEL_PLUGIN]
    assert kernel["loadPyodideOptions"]["packages"] == list(PRELOAD)
    plock = json.loads((runtime_dir(site) / "pyodide-lock.json").read_text())["packages"]
    assert set(PRELOAD) <= set(plock)
    assert set(plock["pyodide-kernel"]["depends"]) == {"comm", "ipython"} and plock["ipykernel"]["depends"] == ["pyodide-kernel"]
    with zipfile.ZipFile(runtime_dir(site) / "python_stdlib.zip") as zf:
        pyc = zf.read("sitecustomize.pyc")  # compiled like the rest (the kernel's use: test_browser)
    assert drivelast.__doc__ is not None and drivelast.__doc__.encode() in pyc  # its docstring, marshalled as is
