"""The front-end files: linked into one ES module, valid JavaScript, every UI string in both
catalogs, and shipped inside the wheel."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from chemgames.core.i18n import placeholders
from chemgames.widgets import ui_catalog
from chemgames.widgets.frontend import css, esm, frontend_dir

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("game,selector", [("chemiekarten", ".cg-card"), ("raeumab", ".ra-columns")])
def test_bundle_is_one_module_without_network_imports(tmp_path, game, selector):
    code = esm(game)
    assert code.count("export default") == 1
    assert not re.search(r"^\s*import\s", code, re.M)  # all local imports linked, no CDN
    assert "http://" not in code.replace("http://www.w3.org/1998/Math/MathML", "") and "https://" not in code
    assert selector in css(game)
    if shutil.which("node"):
        path = tmp_path / "bundle.mjs"
        path.write_text(code)
        subprocess.run(["node", "--check", str(path)], check=True)


def test_catalogs_match_and_cover_the_front_end():
    de, en = ui_catalog("de"), ui_catalog("en")
    assert set(de) == set(en)
    for key in de:
        assert placeholders(de[key]) == placeholders(en[key]), key
    used = set()
    for path in frontend_dir().rglob("*.js"):
        used |= set(re.findall(r"\bt\(\s*[`\"]([\w.]+)[`\"]", path.read_text()))
    used |= {f"bot_{k}" for k in ("random", "greedy")} | {"lang_de", "lang_en"}
    assert used - set(de) == set()


def test_the_wheel_carries_the_front_end_and_renders(tmp_path):
    import hatchling  # noqa: F401 - the test extras install it; a missing one must fail, not skip
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
                    "-w", str(tmp_path), str(REPO)], check=True)
    wheel = next(tmp_path.glob("chemgames-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in ("chemgames/_frontend/chemiekarten.js", "chemgames/_frontend/chemiekarten.css",
                   "chemgames/_frontend/shared/dom.js", "chemgames/_frontend/shared/base.css",
                   "chemgames/widgets/catalog/de.json", "chemgames/widgets/catalog/en.json"):
        assert needed in names
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(wheel)],
                   check=True)
    probe = ("import json, chemgames.widgets as w, chemgames.widgets.frontend as f; "
             "x = w.play(players=2, bots=['random'], seed=1); "
             "print(json.dumps([str(f.frontend_dir()), len(x._esm), len(x._css), 'hand' in x.view]))")
    out = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True, text=True,
                         env={"PYTHONPATH": os.pathsep.join(filter(None, [str(target), os.environ.get("PYTHONPATH")])),
                              "PATH": "/usr/bin:/bin"}, cwd=tmp_path)
    where, esm_len, css_len, has_hand = json.loads(out.stdout.strip().splitlines()[-1])
    assert where.startswith(str(target)) and esm_len > 10_000 and css_len > 1_000 and has_hand


def test_the_front_end_reads_exactly_the_synced_traits():
    """The synced traits are declared once, on ``GameWidget``; the list ``TRAITS`` that every game
    view's render loop reads (``widgets/shared/mount.js``) must name exactly those: a trait added on
    one side only would never reach the screen, or be read as ``undefined``."""
    import anywidget

    from chemgames.widgets import GameWidget

    source = (REPO / "widgets" / "shared" / "mount.js").read_text("utf-8")
    listed = re.search(r"export const TRAITS = \[(.*?)\];", source, re.S)
    assert listed is not None
    in_js = re.findall(r'"([a-z_]+)"', listed.group(1))
    # anywidget's own: the front-end code and stylesheet, which a widget may set per instance (scoped CSS),
    # and the id anywidget adds per instance with ``add_traits``, which makes a subclass on the fly: once
    # any widget exists in this process, ``GameWidget.__subclasses__()`` holds such a class as well
    machinery = set(anywidget.AnyWidget.class_traits(sync=True)) | {"_esm", "_css", "_anywidget_id"}
    in_python = set(GameWidget.class_traits(sync=True)) - machinery
    assert len(in_js) == len(set(in_js)) and set(in_js) == in_python
    for view in GameWidget.__subclasses__():  # a game view adds no synced trait mount.js would not read
        assert set(view.class_traits(sync=True)) - machinery <= in_python, view


def test_every_game_key_handler_ignores_ctrl_alt_and_cmd():
    """A game's shortcut is the plain key: Ctrl+H (history), Ctrl+U (page source), Ctrl+plus (zoom) or
    Ctrl+S (save) pressed in a game must not also ask for a hint, undo a move or zoom the board. Every
    keydown listener of the front end goes through ``gameKey`` (widgets/shared/dom.js), which passes
    only keys without Ctrl, Alt or Cmd (and not Shift+Enter, which runs the cell); the one exception is
    ``keepKeysInside``, which hands those on to JupyterLab. The browser test of Räum-Ab! (test_modifier_keys_browser.py) presses the keys."""
    files = sorted((REPO / "widgets").glob("*.js")) + sorted((REPO / "widgets" / "shared").glob("*.js"))
    listeners = 0
    for path in files:
        source = path.read_text("utf-8")
        # a handler given as an attribute of h(...) would bypass the check: there is none
        assert not re.search(r"\bonkey(down|up|press)\s*:", source), path.name
        for found in re.finditer(r'addEventListener\(\s*"key(down|up|press)"\s*,\s*([^,)\s]+)', source):
            listeners += 1
            handler = found.group(2)
            if path.name == "dom.js" and handler == "keep":  # keepKeysInside: the host keys go to JupyterLab
                continue
            if handler.startswith("gameKey("):
                continue
            # a named handler must be defined as gameKey(...) in the same file
            assert re.search(rf"\b{re.escape(handler)}\s*=\s*gameKey\(", source), (path.name, handler)
    assert listeners >= 3  # Räum-Ab!'s keys, Chromino's board and keepKeysInside
    dom = (REPO / "widgets" / "shared" / "dom.js").read_text("utf-8")
    # a plain key is one that is not the host's: none held with Ctrl, Alt or Cmd, nor Shift+Enter
    assert re.search(r"function isPlainKey\(ev\) \{\s*return !hostKey\(ev\);", dom)
    assert re.search(r"return Boolean\(ev\.ctrlKey \|\| ev\.altKey \|\| ev\.metaKey \|\| "
                     r"\(ev\.key === \"Enter\" && ev\.shiftKey\)\);", dom)
