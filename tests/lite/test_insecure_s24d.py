"""The start page warns when it comes over ``http://`` from another computer (a school's server without
https): such a page is no secure context, the browser starts no service worker, and JupyterLite then keeps no
file a notebook's Python writes (its changes, saves and hand-ins last as long as the tab: s23e,
``tests/lite/test_hand_in_lite.py``). The warning, in German and English from ``page.json``, stands at the top
in place of the line that says changes are kept; on the same computer (loopback, a secure context) it is not
shown. Checked on the start page alone (``page.index_html``, served as ``chemgames lite serve`` serves it), at a
projector's 1280×720 and a 1024×768 touch tablet; screenshots in test-artifacts/."""
from __future__ import annotations

import html

import pytest

from chemgames.lite.content import Entry
from chemgames.lite.page import index_html, words

from .conftest import ARTIFACTS
from .visit import SCREENS, browser_page, own_address

pytestmark = [pytest.mark.lite, pytest.mark.xdist_group("lite")]

ENTRIES = [Entry("notebooks/chemiekarten.ipynb", "Das Chemie-Kartenspiel", "chemiekarten", "game"),
           Entry("lessons/chemiekarten/a.ipynb", "Blatt A", "chemiekarten", "lesson")]
CONFIG = '<script id="jupyter-config-data" type="application/json">{}</script>'


def hidden_box(page: str, box_id: str) -> str:
    """The start page's warning ``box_id``: hidden until the page's script shows it, an alert, above the
    line that says changes are kept."""
    start = page.index(f'<div id="{box_id}"')
    box = page[start:page.index("</div>", start)]
    assert " hidden>" in box.split(">")[0] + ">" and 'role="alert"' in box
    assert page.index(f'id="{box_id}"') < page.index('id="cg-storage"') < page.index("<main>")
    return box


def test_the_start_page_carries_the_warning_in_both_languages_hidden_until_its_script_shows_it():
    w = words()
    box = hidden_box(index_html(ENTRIES, CONFIG, play={"chemiekarten"}), "cg-insecure")
    for lang in ("de", "en"):
        assert html.escape(w[lang]["insecure"]) in box and html.escape(w[lang]["insecure_teacher"]) in box
    assert "http://" in w["de"]["insecure"] and "https://" in w["en"]["insecure_teacher"]


@pytest.fixture(scope="module")
def start_page(tmp_path_factory):
    folder = tmp_path_factory.mktemp("start")
    (folder / "index.html").write_text(index_html(ENTRIES, CONFIG, play={"chemiekarten"}), "utf-8")
    (folder / "jupyter-lite.json").write_text("{}", "utf-8")  # what ``serve_in_thread`` takes for a built site
    return folder


def _served(folder, host: str):
    from chemgames.lite.serve import serve_in_thread

    server = serve_in_thread(folder, host=host)
    return server, f"http://{host}:{server.server_port}/"


def _look(browser, url: str, screen: str, shot: str | None, box: str = "cg-insecure", init: str | None = None) -> dict:
    """What the start page at ``url`` shows of its warning ``box`` (``init``: a script run before the page's own)."""
    with browser_page(browser, timeout=30_000, **SCREENS[screen]) as (page, _):
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        if init:
            page.add_init_script(init)
        page.goto(url)
        page.wait_for_load_state("load")
        page.wait_for_timeout(300)  # a service worker's refused call answers after the load
        seen = page.evaluate("""(id) => { const box = document.getElementById(id);
          const r = box.getBoundingClientRect();
          return {secure: window.isSecureContext, worker: 'serviceWorker' in navigator,
                  warned: !box.hidden && r.height > 0, top: r.top, bottom: r.bottom,
                  width: r.width, inner: innerWidth, height: innerHeight, text: box.innerText,
                  http: !document.getElementById('cg-insecure').hidden,
                  general: !document.getElementById('cg-noworker').hidden,
                  storage: !document.getElementById('cg-storage').hidden,
                  overflow: document.documentElement.scrollWidth > innerWidth}; }""", box)
        seen["errors"] = errors  # the page's script ran to its end (the reset buttons are wired after the check)
        if shot:
            page.screenshot(path=str(ARTIFACTS / shot), full_page=False)
        return seen


@pytest.mark.parametrize("screen", list(SCREENS))
def test_over_http_from_another_computer_the_start_page_warns_and_on_this_computer_it_does_not(
        bare_browser, start_page, screen):
    ip = own_address()
    if ip is None:
        pytest.skip("this machine has no network address but loopback")
    ARTIFACTS.mkdir(exist_ok=True)
    w = words()
    far, far_url = _served(start_page, ip)
    near, near_url = _served(start_page, "127.0.0.1")
    try:
        over_network = _look(bare_browser, far_url, screen, f"lite-start-http-{screen}.png")
        on_loopback = _look(bare_browser, near_url, screen, None)
    finally:
        for server in (far, near):
            server.shutdown()
            server.server_close()
    assert over_network["secure"] is False and over_network["warned"] is True, over_network
    assert w["de"]["insecure"] in over_network["text"] and w["en"]["insecure"] in over_network["text"]
    assert over_network["storage"] is False  # "your changes stay in this browser" is not said where it is untrue
    # at the top, in the first screen, within the window's width
    assert 0 <= over_network["top"] < over_network["bottom"] <= over_network["height"], over_network
    assert over_network["width"] <= over_network["inner"] and not over_network["overflow"], over_network
    assert on_loopback["secure"] is True and on_loopback["warned"] is False and on_loopback["storage"] is True, on_loopback
