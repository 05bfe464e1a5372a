"""The parts of ``chemgames lite`` that need no download: finding and cleaning notebooks (so
every game's notebook and lessons appear once they exist), the start page, reading wheels, the
server, and the games running without numpy (Pyodide's site carries no numpy)."""
from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
import zipfile
from pathlib import Path

import nbformat
import pytest

import chemgames
from chemgames.cli import main
from chemgames.lite.content import copy_content, problems
from chemgames.lite.page import config_script, index_html
from chemgames.lite.serve import serve_in_thread
from chemgames.lite.wheels import canonical, read_pins, read_wheel, resolve

REPO = Path(__file__).resolve().parents[1]


def dirty_notebook(title: str) -> dict:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}
    nb.cells = [nbformat.v4.new_markdown_cell(f"# {title}"), nbformat.v4.new_code_cell("1 + 1")]
    nb.cells[1].outputs = [nbformat.v4.new_output("execute_result", data={"text/plain": "2"}, execution_count=1)]
    nb.cells[1].execution_count = 1
    return json.loads(nbformat.writes(nb))


def test_new_games_notebooks_and_lessons_are_found_and_cleaned(tmp_path):
    src = tmp_path / "src"
    for rel, title in [("notebooks/zzgame.ipynb", "Z-Spiel"), ("notebooks/index.ipynb", "Übersicht"),
                       ("notebooks/lehrkraefte/zzgame.ipynb", "Z-Spiel für Lehrkräfte"),
                       ("lessons/zzgame/blatt.ipynb", "Blatt"), ("lessons/zzgame/.ipynb_checkpoints/blatt-checkpoint.ipynb", "x")]:
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        (src / rel).write_text(json.dumps(dirty_notebook(title)))
    (src / "lessons/zzgame/README.md").write_text("Hinweise")
    assert problems(dirty_notebook("x")) == ["saved widget state", "kernel python3, not the Pyodide kernel",
                                             "cell 1 has outputs", "cell 1 has an execution count"]
    entries = copy_content(src, tmp_path / "out")
    assert [(e.path, e.title, e.game, e.kind) for e in entries] == [
        ("notebooks/index.ipynb", "Übersicht", "", "index"),
        ("notebooks/lehrkraefte/zzgame.ipynb", "Z-Spiel für Lehrkräfte", "zzgame", "teachers"),
        ("notebooks/zzgame.ipynb", "Z-Spiel", "zzgame", "game"),
        ("lessons/zzgame/blatt.ipynb", "Blatt", "zzgame", "lesson")]
    for e in entries:
        clean = json.loads((tmp_path / "out" / e.path).read_text())
        assert problems(clean) == []
        assert [c["source"] for c in clean["cells"]] == [c["source"] for c in dirty_notebook(e.title)["cells"]]
    assert (tmp_path / "out/lessons/zzgame/README.md").read_text() == "Hinweise"
    assert not (tmp_path / "out/lessons/zzgame/.ipynb_checkpoints").exists()
    page = index_html(entries, '<script id="jupyter-config-data" type="application/json">{"a": 1}</script>')
    assert page.index("<h2>Z-Spiel</h2>") < page.index("lessons/zzgame/blatt.ipynb")
    assert page.count("data-reset=") == 4 and "Zurücksetzen" in page and "Reset" in page
    # the teachers' notebook sits in the game's section, under its own label, not as a second game
    section = page[page.index("<h2>Z-Spiel</h2>"):]
    assert page.count("<h2>") == 1 and "Für Lehrkräfte" in section and "lehrkraefte/zzgame.ipynb" in section
    # how to start, before the list of games, in the menu words the site shows (German by default)
    assert "Ausführen → Alle Zellen ausführen" in page[:page.index("<main>")]


def test_start_page_needs_jupyterlites_config_element():
    original = '<html><script id="jupyter-config-data" type="application/json" data-x="1">\n{"b": 2}\n</script></html>'
    assert config_script(original).endswith('{"b": 2}\n</script>')
    with pytest.raises(RuntimeError):
        config_script("<html></html>")


def make_wheel(path: Path, requires: list[str]) -> Path:
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("demo/__init__.py", "")
        zf.writestr("demo_extra.py", "")
        zf.writestr("demo-1.0.dist-info/METADATA",
                    "Metadata-Version: 2.1\nName: Demo_Pkg\nVersion: 1.0\n" + "".join(f"Requires-Dist: {r}\n" for r in requires))
    return path


def test_wheels_are_read_with_pyodides_markers(tmp_path):
    whl = make_wheel(tmp_path / "demo_pkg-1.0-py3-none-any.whl",
                     ["sympy>=1", 'pywin32; sys_platform == "win32"', 'pytest; extra == "test"',
                      'tomli; python_version < "3.11"', "numpy"])
    info = read_wheel(whl)
    assert (info.name, info.version, info.imports, info.requires) == ("demo-pkg", "1.0", ["demo", "demo_extra"], ["numpy", "sympy"])
    sympy = read_wheel(make_wheel(tmp_path / "sympy-1.0-py3-none-any.whl", []))
    sympy.name = "sympy"
    resolve([info, sympy])
    assert (info.depends, info.omitted) == (["sympy"], ["numpy"])
    assert info.lock_entry()["sha256"] == info.sha256 and len(info.sha256) == 64


def test_server_gives_webassembly_its_type(tmp_path):
    (tmp_path / "jupyter-lite.json").write_text("{}")
    (tmp_path / "a.wasm").write_bytes(b"\0asm")
    server = serve_in_thread(tmp_path)
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{server.server_port}/a.wasm") as r:
            assert r.headers["Content-Type"] == "application/wasm" and r.read() == b"\0asm"
    finally:
        server.shutdown()
        server.server_close()
    with pytest.raises(FileNotFoundError, match="not a built site"):
        main(["lite", "serve", str(tmp_path / "nothing")])


def test_serve_command_serves_the_folder(tmp_path):
    (tmp_path / "jupyter-lite.json").write_text('{"jupyter-config-data": {}}')
    proc = subprocess.Popen([sys.executable, "-m", "chemgames.cli", "lite", "serve", str(tmp_path), "--port", "0"],
                            stdout=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        url = line.split(" at ", 1)[1].split()[0]
        assert url.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(f"{url}jupyter-lite.json", timeout=10) as r:
            assert json.load(r) == {"jupyter-config-data": {}}
    finally:
        proc.terminate()
        proc.wait(10)


def test_build_never_replaces_a_folder_that_is_not_a_site(tmp_path, capsys):
    (tmp_path / "essay.txt").write_text("mine")
    assert main(["lite", "build", str(tmp_path)]) == 1
    assert "holds no site" in capsys.readouterr().err
    assert (tmp_path / "essay.txt").read_text() == "mine"


def test_games_run_without_numpy_and_import_only_what_the_site_carries():
    """Pyodide's site carries no numpy (no pure wheel on PyPI): block it, play, and check that
    every third-party module the games import comes from a distribution pinned for the site."""
    code = """
import importlib, json, pkgutil, sys
sys.modules['numpy'] = None; sys.modules['pyparsing'] = None
import chemgames, chemgames.bots
for m in pkgutil.walk_packages(chemgames.__path__, 'chemgames.'):
    if not m.name.startswith(('chemgames.lite', 'chemgames.server')):  # the table server runs outside the site
        importlib.import_module(m.name)
from chemgames.widgets import play
from chemgames.chemistry import element_facts
w = play(players=3, bots=['greedy', 'random'], seed=7)
g = chemgames.new_game('chemiekarten', players=2, seed=1)
g.apply(g.hints(1)[0].actions[0])
facts = [element_facts(s).molar_mass for s in ('H', 'O', 'Fe', 'Po', 'Rn')]
from importlib.metadata import packages_distributions
dists = packages_distributions()
third = sorted({n.split('.')[0] for n, m in sys.modules.items() if m is not None and not n.endswith('__mypyc')}
               - set(sys.stdlib_module_names) - {'chemgames', '__main__', '_distutils_hack'})  # setuptools' hook in a venv  # __mypyc: psygnal's compiled build here
if any(n.endswith('__mypyc') for n in sys.modules):  # that build also imports mypy_extensions when installed (mypy is, for the tests)
    third = [n for n in third if n != 'mypy_extensions']
print(json.dumps(sorted({d for n in third for d in dists.get(n, [n])})))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    used = {canonical(d) for d in json.loads(out.stdout.strip().splitlines()[-1])}
    carried = set(read_pins())
    assert "numpy" not in used
    # psygnal imports mypy_extensions only when it happens to be installed (psygnal/_mypyc.py: "not
    # required at runtime"; a venv with mypy has it); the site does without
    optional = {"mypy-extensions"}
    assert used - carried - optional == set(), f"imported but not in chemgames/lite/pins.txt: {used - carried}"


def test_the_sites_own_wheel_leaves_out_the_openspiel_adapter_and_nothing_the_site_imports():
    """The project's own wheel in the site is slimmed too (``SLIMMED["chemgames"]``): without the
    OpenSpiel adapter (pyspiel and numba have no build for Pyodide), and no module the site keeps
    imports one it leaves out (the package's import graph, read from the source by
    tests/test_import_graph.py: every import, also inside a function)."""
    from test_import_graph import _modules, import_graph

    from chemgames.lite.wheels import SLIMMED

    keep = SLIMMED["chemgames"]
    root = Path(chemgames.__file__).resolve().parent.parent
    member = {name: path.relative_to(root).as_posix() for name, path in _modules().items()}
    left_out = {name for name, m in member.items() if not keep(m)}
    spiel = {name for name in member if name == "chemgames.spiel" or name.startswith("chemgames.spiel.")}
    # s24d: the table server's modules and the command line go too; the class tables' client stays
    server = {name for name in member if name.startswith("chemgames.server.")}
    # s24l: and the site's own build tools (chemgames lite build/serve), which its kernel and play page never import
    from chemgames.lite.wheels import BUILD_ONLY

    build = {f"chemgames.lite.{m}" for m in BUILD_ONLY}
    assert build <= set(member) and "chemgames.lite.playbridge" not in left_out
    assert left_out - spiel == {"chemgames.cli"} | build | (server - {"chemgames.server.client", "chemgames.server.protocol"})
    assert spiel <= left_out and "chemgames.spiel.openspiel" in left_out and keep("chemgames/widgets/base.py")
    graph = import_graph()
    assert {v: sorted(graph[v] & left_out) for v in graph if v not in left_out and graph[v] & left_out} == {}


def test_a_slimmed_babel_wheel_formats_and_pluralises_both_languages(tmp_path):
    """The site carries Babel without the CLDR data of other locales: a wheel made from the
    installed Babel, slimmed as the build slims it, installed alone, still does what the games ask."""
    import babel

    from chemgames.lite.wheels import slim_wheel

    source = Path(babel.__file__).parent
    wheel = tmp_path / f"babel-{babel.__version__}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as zf:
        for f in sorted(source.rglob("*")):
            if f.is_file() and "__pycache__" not in f.parts:
                zf.write(f, f"babel/{f.relative_to(source).as_posix()}")
        names = zf.namelist()
        zf.writestr(f"babel-{babel.__version__}.dist-info/RECORD", "".join(f"{n},,\n" for n in names))
    before = wheel.stat().st_size
    slim_wheel(wheel)
    with zipfile.ZipFile(wheel) as zf:
        kept = zf.namelist()
        record = zf.read(f"babel-{babel.__version__}.dist-info/RECORD").decode()
        zf.extractall(tmp_path / "site")
    assert "babel/locale-data/de.dat" in kept and "babel/locale-data/fr.dat" not in kept
    assert "babel/locale-data/fr.dat" not in record and "babel/numbers.py" in record
    assert wheel.stat().st_size < before / 10
    probe = ("import sys; sys.path.insert(0, sys.argv[1]); import babel; assert babel.__file__.startswith(sys.argv[1]);"
             "from babel.numbers import format_decimal; from babel import Locale;"
             "print(format_decimal(1234.5, format='#,##0.00', locale='de'), format_decimal(32.06, locale='en'),"
             " Locale.parse('de').plural_form(1), Locale.parse('en').plural_form(2))")
    out = subprocess.run([sys.executable, "-S", "-c", probe, str(tmp_path / "site")], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["1.234,50", "32.06", "one", "other"]


def test_a_slimmed_periodictable_wheel_gives_the_same_element_facts(tmp_path):
    """The site carries periodictable without its X-ray tables: the pinned wheel, slimmed as the
    build slims it, installed alone, gives the same facts for every element as the full library."""
    from chemgames.lite.build import default_cache
    from chemgames.lite.wheels import SLIMMED, download, slim_wheel

    pins = {"periodictable": read_pins()["periodictable"]}
    try:
        wheel = download(pins, default_cache() / "wheels")[0]
    except RuntimeError as err:
        pytest.skip(f"the pinned wheel is not in the cache and PyPI is not reachable: {err}")
    slim = tmp_path / wheel.name
    slim.write_bytes(wheel.read_bytes())
    slim_wheel(slim, SLIMMED["periodictable"])
    with zipfile.ZipFile(slim) as zf:
        kept = zf.namelist()
        zf.extractall(tmp_path / "site")
    assert "periodictable/mass.py" in kept and not any(n.startswith("periodictable/xsf/") for n in kept)
    assert slim.stat().st_size < wheel.stat().st_size * 0.5
    probe = ("import sys, json; sys.path.insert(0, sys.argv[1]); import periodictable as p;"
             "assert p.__file__.startswith(sys.argv[1]), p.__file__;"
             "from chemgames.chemistry.elements import element_facts;"
             "print(json.dumps([element_facts(e.symbol).to_dict() for e in p.elements if 1 <= e.number <= 118]))")
    slimmed = subprocess.run([sys.executable, "-c", probe, str(tmp_path / "site")], capture_output=True, text=True,
                             check=True, cwd=REPO).stdout
    full = subprocess.run([sys.executable, "-c", probe.replace("sys.path.insert(0, sys.argv[1]); ", "").replace(
        "assert p.__file__.startswith(sys.argv[1]), p.__file__;", "")], capture_output=True, text=True, check=True,
        cwd=REPO).stdout
    assert len(json.loads(slimmed)) == 118 and slimmed == full


def test_sympy_without_its_test_suites_balances_as_the_full_one(tmp_path):
    """The site carries SymPy and mpmath without their ``tests`` folders: the pinned wheels,
    slimmed as the build slims them, installed alone, give Das Chemie-Kartenspiel's charge
    equations exactly as the full libraries do."""
    from chemgames.lite.build import default_cache
    from chemgames.lite.wheels import SLIMMED, download, slim_wheel

    pins = read_pins()
    try:
        wheels = download({n: pins[n] for n in ("sympy", "mpmath")}, default_cache() / "wheels")
    except RuntimeError as err:
        pytest.skip(f"the pinned wheels are not in the cache and PyPI is not reachable: {err}")
    for wheel in wheels:
        slim = tmp_path / wheel.name
        slim.write_bytes(wheel.read_bytes())
        slim_wheel(slim, SLIMMED[canonical(wheel.name.split("-")[0])])
        with zipfile.ZipFile(slim) as zf:
            assert not any("/tests/" in n for n in zf.namelist())
            zf.extractall(tmp_path / "site")
        assert slim.stat().st_size < wheel.stat().st_size * 0.9
    probe = ("import sys, json; sys.path.insert(0, sys.argv[1]) if len(sys.argv) > 1 else None; import sympy;"
             "assert len(sys.argv) == 1 or sympy.__file__.startswith(sys.argv[1]), sympy.__file__;"
             "from chemgames.chemistry.balance import ChargeTerm, Equation;"
             "import chemgames; g = chemgames.new_game('chemiekarten', players=2, seed=3, lang='de');"
             "print(json.dumps([g.check(h.actions[0]).in_lang('de').to_dict() for h in g.hints(5)], sort_keys=True, default=str))")
    slimmed = subprocess.run([sys.executable, "-c", probe, str(tmp_path / "site")], capture_output=True, text=True,
                             check=True, cwd=REPO).stdout
    full = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=REPO).stdout
    assert "mathml" in slimmed and slimmed == full
