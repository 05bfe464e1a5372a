"""``chemgames.record.hand_in()`` in the JupyterLite site's notebook (Pyodide: no server, the browser's storage):
its note's button downloads the hand-in, byte for byte, and the note says where else the file is. With the site's
service worker (here: loopback, as on the student's own computer or over ``https://``) the file is also in the
browser's storage, the file browser's folder ``chemgames-saves``; without it (a site served over ``http://`` from a
classroom server is no secure context, so the browser runs no service worker: here the site served at this machine's
network address) JupyterLite's kernel mounts no ``/drive``: the file is in the tab's memory only, the note says so in
German, and the link still downloads it."""
from __future__ import annotations

import hashlib
import json
import re
import time

import pytest

from browser.lab import run_code

from .conftest import ARTIFACTS
from .visit import GAME, SCREENS, browser_page, open_and_run, own_address

pytestmark = [pytest.mark.lite, pytest.mark.xdist_group("lite")]

HAND_IN = ("import chemgames; from chemgames.worksheets import worksheet; chemgames.record.name('Mia'); "
           "_ = worksheet('raeumab', lang='de', solutions=False).task(2).predict('double'); "
           "h = chemgames.record.hand_in(); h")
# the file the button downloaded, as Python sees it (a click hands in afresh: in a later minute the file has a new name)
WHERE = ("import hashlib, json; f = h.with_name({name!r}); "
         "print(json.dumps({{'sha': hashlib.sha256(f.read_bytes()).hexdigest(), 'at': str(f.resolve())}}))")
# the kernel's files in the site's storage (JupyterLite's IndexedDB "files", the kernel's bytes in base64): their paths
STORED_PATHS = """() => indexedDB.databases().then(async (ds) => { const out = [];
  for (const d of ds) {
    if (!d.name.startsWith('JupyterLite Storage')) continue;
    const db = await new Promise((ok) => { const r = indexedDB.open(d.name); r.onsuccess = () => ok(r.result); });
    if (![...db.objectStoreNames].includes('files')) { db.close(); continue; }
    const all = await new Promise((ok) => { const q = db.transaction('files').objectStore('files').getAllKeys(); q.onsuccess = () => ok(q.result); });
    db.close(); out.push(...all.map(String));
  } return out; })"""


def _hand_in(page, served: str) -> tuple[str, bytes, dict]:
    """Run the hand-in in the site's game notebook, click the note's download button (session 24: a button that asks
    Python for the file, where s23e's note carried it in a data: link); the note's text, the bytes the browser
    downloaded, and the file as Python sees it (its sha256 and where it is)."""
    open_and_run(page, served, GAME)
    note = run_code(page, HAND_IN, timeout=120_000)
    output = page.locator(".jp-Notebook .jp-OutputArea-output", has_text="Abgabe:")
    assert output.locator("a[href^='data:']").count() == 0, output.first.inner_html()  # the file is not in the page
    download_button = output.locator("[data-key='hand_in_download']")
    assert download_button.count() == 1, output.first.inner_html()
    with page.expect_download(timeout=60_000) as got:
        download_button.click()
    download = got.value
    data = open(download.path(), "rb").read()
    ARTIFACTS.mkdir(exist_ok=True)
    output.first.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"lite-hand-in-cell-{page.viewport_size['width']}.png"), full_page=False)
    python = json.loads(run_code(page, WHERE.format(name=download.suggested_filename), timeout=60_000))
    return note, data, {**python, "name": download.suggested_filename}


def test_the_hand_in_downloads_from_the_sites_notebook_and_lies_in_the_browsers_storage(lite_browser, served):
    with browser_page(lite_browser, timeout=60_000, **SCREENS["1280x720"]) as (page, _):
        note, data, python = _hand_in(page, served)
        assert re.fullmatch(r"chemgames-raeumab-Mia-\d{4}-\d{2}-\d{2}-\d{4}\.jsonl", python["name"]), python
        assert hashlib.sha256(data).hexdigest() == python["sha"] and b'"kind":"prediction"' in data
        assert python["at"] == f"/drive/notebooks/chemgames-saves/{python['name']}", python  # the browser's storage
        assert "gib sie deiner Lehrkraft" in note and "Dateibrowser" in note and "chemgames-saves" in note, note
        assert "nur im Python dieses Tabs" not in note
        end = time.monotonic() + 60
        while f"notebooks/chemgames-saves/{python['name']}" not in page.evaluate(STORED_PATHS):
            assert time.monotonic() < end, page.evaluate(STORED_PATHS)
            page.wait_for_timeout(500)


@pytest.fixture()
def over_the_network(site):
    """The site served as a classroom's server serves it (``chemgames lite serve site --host ...``), opened at this
    machine's network address over ``http://``: no secure context, so the browser runs no service worker."""
    from chemgames.lite.serve import serve_in_thread

    ip = own_address()
    if ip is None:
        pytest.skip("this machine has no network address but loopback")
    server = serve_in_thread(site, host=ip)
    yield f"http://{ip}:{server.server_port}"
    server.shutdown()
    server.server_close()


def test_over_http_from_a_classroom_server_the_note_says_the_file_is_in_this_tab_only_and_the_link_downloads_it(
        lite_browser, over_the_network):
    with browser_page(lite_browser, timeout=60_000, **SCREENS["1024x768-touch"]) as (page, _):
        page.goto(f"{over_the_network}/")
        assert page.evaluate("[window.isSecureContext, 'serviceWorker' in navigator]") == [False, False]
        note, data, python = _hand_in(page, over_the_network)
        assert not python["at"].startswith("/drive"), python  # JupyterLite mounted no storage for Python
        assert hashlib.sha256(data).hexdigest() == python["sha"] and b'"kind":"prediction"' in data
        assert "nur im Python dieses Tabs" in note and "jetzt" in note, note
        assert not [p for p in page.evaluate(STORED_PATHS) if "chemgames-saves" in p]
