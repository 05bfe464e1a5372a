"""German menus: ``chemgames lab`` starts JupyterLab with the German language pack as its locale
(issue 26: every notebook says "Ausführen → Alle Zellen ausführen", but the menus were English).

The JupyterLab here is started with the very arguments ``chemgames lab --lang de`` adds
(:func:`chemgames.cli.lab_language_args`); the test opens the "Ausführen" menu and finds "Alle
Zellen ausführen" in it, at 1280×720 and at 1024×768 with touch. Screenshots ``german_lab_<size>.png``.
"""
from __future__ import annotations

import pytest

from chemgames.cli import lab_language_args

from .conftest import ARTIFACTS
from .lab import CHROMIUM, running_lab

pytestmark = pytest.mark.browser

SIZES = {"1280x720": {"viewport": {"width": 1280, "height": 720}},
         "1024x768-touch": {"viewport": {"width": 1024, "height": 768}, "has_touch": True, "is_mobile": False}}


@pytest.fixture(scope="module")
def german_lab(tmp_path_factory):
    pytest.importorskip("jupyterlab")
    from pathlib import Path

    if not Path(CHROMIUM).exists():
        pytest.skip("the browser tests need Debian's chromium")
    try:
        import importlib.metadata as md

        md.distribution("jupyterlab-language-pack-de-DE")
    except Exception:  # noqa: BLE001
        pytest.fail("the German language pack is missing: pip install 'chemgames[lab]' (or [test])")
    args = lab_language_args(tmp_path_factory.mktemp("lab") / "settings", "de")
    with running_lab(tuple(args)) as lab:
        yield lab


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_run_menu_is_german(browser, german_lab, size):
    name = german_lab.write_notebook(f"deutsch_{size}.ipynb", ["print(1)"])
    context = browser.new_context(**SIZES[size])
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        page.goto(f"{german_lab.url}/lab/tree/{name}?reset")
        page.wait_for_selector(".jp-Notebook .jp-Cell")
        # the kernel is ready ("Leerlauf": the status bar speaks German too)
        page.wait_for_function("document.querySelector('#jp-main-statusbar')?.innerText.includes('Leerlauf')")
        labels = page.locator(".lm-MenuBar-itemLabel").all_inner_texts()
        assert "Ausführen" in labels and "Datei" in labels, labels
        page.locator(".lm-MenuBar-itemLabel", has_text="Ausführen").first.click()
        item = page.get_by_role("menuitem", name="Alle Zellen ausführen", exact=True)
        item.wait_for()
        assert item.is_visible()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"german_lab_{size}.png"))
        # the menu the notebooks name runs the cells
        item.click()
        page.wait_for_function("[...document.querySelectorAll('.jp-OutputArea-output')].some((o) => o.innerText.trim() === '1')")
    finally:
        context.close()
