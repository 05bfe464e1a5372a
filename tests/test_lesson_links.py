"""Every relative link in the lessons and notebooks finds its target in the workspace that
``chemgames lab`` makes and in the content of the JupyterLite site; the site's start page and the
index notebook link every lesson plan in both languages."""
from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from chemgames.cli import make_workspace
from chemgames.lite.content import CONTENT_FOLDERS, copy_content
from chemgames.lite.page import index_html

ROOT = Path(__file__).resolve().parents[1]
LINK = re.compile(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)|href=\"([^\"]+)\"")


def texts(path: Path) -> list[str]:
    if path.suffix == ".ipynb":
        nb = json.loads(path.read_text("utf-8"))
        return ["".join(c["source"]) if isinstance(c["source"], list) else c["source"]
                for c in nb["cells"] if c["cell_type"] == "markdown"]
    return [path.read_text("utf-8")]


def relative_links(path: Path) -> list[str]:
    found = []
    for text in texts(path):
        for a, b in LINK.findall(text):
            target = a or b
            parts = urlsplit(target)
            if parts.scheme or parts.netloc or not parts.path:  # web links and #anchors
                continue
            found.append(unquote(parts.path))
    return found


SOURCES = sorted(p for folder in ("lessons", "notebooks") for p in (ROOT / folder).rglob("*")
                 if p.suffix in (".md", ".ipynb") and ".ipynb_checkpoints" not in p.parts)


@pytest.fixture(scope="module")
def places(tmp_path_factory):
    workspace = tmp_path_factory.mktemp("workspace")
    make_workspace(workspace)
    site = tmp_path_factory.mktemp("site")
    entries = copy_content(ROOT, site)
    return {"workspace": workspace, "site": site, "entries": entries}


def test_the_sources_have_links():
    assert sum(len(relative_links(p)) for p in SOURCES) > 50


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_works_in_the_workspace_and_the_site(source, places):
    rel = source.relative_to(ROOT)
    for where in ("workspace", "site"):
        base = places[where]
        assert (base / rel).is_file(), f"{rel} is not in the {where}"
        for link in relative_links(source):
            target = (base / rel).parent / link
            assert target.resolve().is_relative_to(base.resolve()), f"{rel} links {link}: outside the {where}"
            assert target.exists(), f"{rel} links {link}: missing in the {where}"


def test_the_rules_the_plans_link_are_in_both(places):
    for where in ("workspace", "site"):
        assert sorted(p.name for p in (places[where] / "docs" / "rules").glob("*.md")) == \
            sorted(p.name for p in (ROOT / "docs" / "rules").glob("*.md"))
    assert "docs/rules" in CONTENT_FOLDERS


def test_the_start_page_and_the_index_link_every_lesson_plan(places):
    page = index_html(places["entries"], '<script id="jupyter-config-data" type="application/json">{}</script>')
    targets = re.findall(r'href="lab/index.html\?path=([^"]+)"', page)
    assert targets and all((places["site"] / t).is_file() for t in targets)
    index = relative_links(ROOT / "notebooks" / "index.ipynb")
    for plan in sorted((ROOT / "lessons").glob("*/README*.md")):
        rel = plan.relative_to(ROOT).as_posix()
        assert rel in targets, f"the start page does not link {rel}"
        assert f"../{rel}" in index, f"notebooks/index.ipynb does not link {rel}"
    for sheet in sorted((ROOT / "lessons").glob("*/*.ipynb")):
        assert sheet.relative_to(ROOT).as_posix() in targets
    # one section a game, its lessons inside it (lessons/chemix belongs to notebooks/chemix_classic.ipynb)
    games = [e for e in places["entries"] if e.kind == "game"]
    assert page.count("<h2>") == len(games)
    chemix = page[page.index("<h2>ChemiX Classic</h2>"):]
    assert chemix.index("lessons/chemix/README.en.md") < chemix.index("</section>")
