"""The start page's storage warning rests on what JupyterLite needs to keep a notebook's files: a service
worker. Over ``http://`` from another computer there is none because the page is no secure context, and the
warning says so (``insecure``, s24d: ``test_insecure_s24d.py``). A private window of Firefox is a secure
context and still has no service worker (``navigator.serviceWorker`` is missing), and a browser that blocks
site storage refuses the service worker's calls: there the page shows a short general warning
(``no_worker``, German and English from ``page.json``) in place of the line that says changes are kept.
Chromium stands in for those browsers: an init script deletes ``navigator.serviceWorker`` or makes its
``getRegistration`` fail. The page is served on loopback (a secure context), at the two screens."""
from __future__ import annotations

import html

import pytest

from chemgames.lite.page import index_html, words

from .conftest import ARTIFACTS
from .test_insecure_s24d import CONFIG, ENTRIES, _look, _served, hidden_box, start_page  # noqa: F401 (a fixture)
from .visit import SCREENS, own_address

pytestmark = [pytest.mark.lite, pytest.mark.xdist_group("lite")]

#: what each case's init script does to the browser before the page's own script runs
NO_WORKER = "delete Navigator.prototype.serviceWorker;"
REFUSED = ("Object.defineProperty(ServiceWorkerContainer.prototype, 'getRegistration', {value: () => "
           "Promise.reject(new DOMException('The operation is insecure.', 'SecurityError'))});")
#: Firefox with the site's cookies blocked throws already when the page reads navigator.serviceWorker
THROWS = ("Object.defineProperty(Navigator.prototype, 'serviceWorker', {configurable: true, get() { "
          "throw new DOMException('The operation is insecure.', 'SecurityError'); }});")


def test_the_general_warning_stands_beside_the_http_one_hidden_in_both_languages():
    w = words()
    box = hidden_box(index_html(ENTRIES, CONFIG, play={"chemiekarten"}), "cg-noworker")
    for lang in ("de", "en"):
        assert html.escape(w[lang]["no_worker"]) in box
        assert "http://" not in w[lang]["no_worker"]  # the cause there is not the address


@pytest.mark.parametrize("screen", list(SCREENS))
def test_without_a_service_worker_in_a_secure_context_the_start_page_warns_without_blaming_http(
        bare_browser, start_page, screen):
    ARTIFACTS.mkdir(exist_ok=True)
    w = words()
    server, url = _served(start_page, "127.0.0.1")
    try:
        missing = _look(bare_browser, url, screen, f"lite-start-noworker-{screen}.png", "cg-noworker", NO_WORKER)
        refused = _look(bare_browser, url, screen, None, "cg-noworker", REFUSED)
        throws = _look(bare_browser, url, screen, None, "cg-noworker", THROWS)
        normal = _look(bare_browser, url, screen, None, "cg-noworker")
    finally:
        server.shutdown()
        server.server_close()
    assert missing["secure"] is True and missing["worker"] is False, missing  # the init script took effect
    for seen in (missing, refused, throws):
        assert seen["warned"] is True and seen["http"] is False and seen["storage"] is False, seen
        assert seen["errors"] == [], seen
        assert w["de"]["no_worker"] in seen["text"] and w["en"]["no_worker"] in seen["text"]
        assert 0 <= seen["top"] < seen["bottom"] <= seen["height"], seen
        assert seen["width"] <= seen["inner"] and not seen["overflow"], seen
    assert normal["worker"] is True and normal["warned"] is False and normal["http"] is False, normal
    assert normal["storage"] is True, normal


def test_over_http_from_another_computer_only_the_http_warning_shows(bare_browser, start_page):
    """There the service worker is missing too (no secure context), but the cause is the address: one box, s24d's."""
    ip = own_address()
    if ip is None:
        pytest.skip("this machine has no network address but loopback")
    server, url = _served(start_page, ip)
    try:
        seen = _look(bare_browser, url, "1280x720", None)
    finally:
        server.shutdown()
        server.server_close()
    assert seen["secure"] is False and seen["worker"] is False, seen
    assert seen["http"] is True and seen["general"] is False and seen["storage"] is False, seen
