"""``chemgames lite serve`` serves the site's files and nothing else (issue 15): no directory
listing, no dotfiles, no way out of the site folder (``..``, encoded ``..``, symbolic links); and
``lite build`` replaces only a folder it made itself."""
from __future__ import annotations

import http.client
import json
import os
import time

import pytest

from chemgames.cli import main
from chemgames.lite.build import LOCK_NAME, check_target
from chemgames.lite.serve import serve_in_thread


@pytest.fixture
def site(tmp_path):
    root = tmp_path / "site"
    (root / "lab").mkdir(parents=True)
    (root / "jupyter-lite.json").write_text("{}")
    (root / "index.html").write_text("<h1>chemgames</h1>")
    (root / "lab" / "app.js").write_text("ok")
    (root / "empty").mkdir()
    (root / ".git").mkdir()
    (root / ".git" / "config").write_text("secret")
    (root / ".env").write_text("TOKEN=secret")
    (tmp_path / "outside.txt").write_text("outside secret")
    os.symlink(tmp_path / "outside.txt", root / "link.txt")
    os.symlink("/etc", root / "etc")
    os.symlink(root / "lab" / "app.js", root / "inside-link.js")  # a link that stays inside is fine
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "index.html").write_text("outside secret index")
    (root / "linked").mkdir()
    os.symlink(tmp_path / "elsewhere" / "index.html", root / "linked" / "index.html")  # a folder's index out of the site
    server = serve_in_thread(root)
    yield server.server_port
    server.shutdown()
    server.server_close()


def get(port: int, path: str) -> tuple[int, bytes]:
    status, _, body = fetch(port, path)
    return status, body


def fetch(port: int, path: str, headers: dict | None = None) -> tuple[int, dict, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path, headers=headers or {})  # sent as written: no client-side normalisation of ".."
    r = conn.getresponse()
    body = r.read()
    conn.close()
    return r.status, {k.lower(): v for k, v in r.getheaders()}, body


def test_the_site_files_are_served(site):
    assert get(site, "/index.html") == (200, b"<h1>chemgames</h1>")
    assert get(site, "/") == (200, b"<h1>chemgames</h1>")
    assert get(site, "/lab/app.js") == (200, b"ok")
    assert get(site, "/inside-link.js") == (200, b"ok")


@pytest.mark.parametrize("path", ["/lab/", "/empty/", "/lab", "/.git/config", "/.env", "/.git/", "/lab/../.env",
                                  "/link.txt", "/etc/passwd", "/etc/", "/../outside.txt", "/%2e%2e/outside.txt",
                                  "/lab/%2e%2e/%2e%2e/outside.txt", "/..%2foutside.txt", "//etc/passwd",
                                  "/linked/", "/linked/index.html", "/linked"])
def test_nothing_else_is_served(site, path):
    status, body = get(site, path)
    assert status in (301, 404), (path, status)
    assert b"secret" not in body and b"root:" not in body and b"app.js" not in body


@pytest.mark.parametrize("path", ["/%00", "/index.html%00", "/lab/%00/app.js", "/%ff%fe"])
def test_a_path_no_file_can_have_gets_an_answer(site, path):
    """A NUL byte (or bytes that are no UTF-8) in the path: 400 with a reply, not a dropped connection."""
    status, body = get(site, path)
    assert status == 400, (path, status)
    assert get(site, "/index.html") == (200, b"<h1>chemgames</h1>")  # the server still serves


def test_precompressed_copies_cache_headers_and_validators(tmp_path):
    import gzip

    import brotli

    root = tmp_path / "site"
    (root / "build").mkdir(parents=True)
    (root / "jupyter-lite.json").write_text("{}")
    text = b"function f() { return 1; }\n" * 200
    (root / "build" / "jlab_core.a86436d.js").write_bytes(text)
    (root / "build" / "jlab_core.a86436d.js.gz").write_bytes(gzip.compress(text))
    (root / "build" / "jlab_core.a86436d.js.br").write_bytes(brotli.compress(text))
    (root / "index.html").write_bytes(b"<h1>x</h1>")
    server = serve_in_thread(root)
    port = server.server_port
    try:
        name = "/build/jlab_core.a86436d.js"
        status, h, body = fetch(port, name, {"Accept-Encoding": "gzip, deflate, br"})
        assert status == 200 and h["content-encoding"] == "br" and brotli.decompress(body) == text
        assert h["content-type"] == "text/javascript" and h["vary"] == "Accept-Encoding"
        assert h["cache-control"] == "public, max-age=31536000, immutable"  # its name carries its hash
        status, h2, body = fetch(port, name, {"Accept-Encoding": "gzip"})
        assert h2["content-encoding"] == "gzip" and gzip.decompress(body) == text
        status, h3, body = fetch(port, name, {"Accept-Encoding": "br;q=0, gzip;q=0"})
        assert "content-encoding" not in h3 and body == text and int(h3["content-length"]) == len(text)
        assert len({h["etag"], h2["etag"], h3["etag"]}) == 3  # one validator per variant
        assert fetch(port, name, {"Accept-Encoding": "br", "If-None-Match": h["etag"]})[0] == 304
        # a file edited after the build: its older copies are no longer sent
        time.sleep(0.01)
        (root / "build" / "jlab_core.a86436d.js").write_bytes(b"edited")
        status, h5, body = fetch(port, name, {"Accept-Encoding": "gzip, br"})
        assert body == b"edited" and "content-encoding" not in h5
        # a file without a hash in its name: revalidated on every visit, 304 while unchanged
        status, h, body = fetch(port, "/index.html")
        assert status == 200 and h["cache-control"] == "no-cache" and "vary" not in h
        assert fetch(port, "/index.html", {"If-None-Match": h["etag"]})[:3:2] == (304, b"")
        assert fetch(port, "/index.html", {"If-Modified-Since": h["last-modified"]})[0] == 304
        # a new build replaces the file: the old validator no longer matches
        os.utime(root / "index.html", ns=(1, 1))
        (root / "index.html").write_bytes(b"<h1>new</h1>")
        status, h4, body = fetch(port, "/index.html", {"If-None-Match": h["etag"]})
        assert status == 200 and body == b"<h1>new</h1>" and h4["etag"] != h["etag"]
        deadline = time.monotonic() + 5  # the handler counts after its answer went out
        while server.stats.requests < 9 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert server.stats.requests == 9 and server.stats.status == {200: 6, 304: 3}
    finally:
        server.shutdown()
        server.server_close()


def test_what_a_keep_alive_connection_sent_is_counted_once(tmp_path):
    """A 304 after a large answer on the same connection adds its headers only (``server.stats``
    counted the large body again: the benches' bytes of a cold start were 3.2 MB too many)."""
    import http.client

    root = tmp_path / "site"
    root.mkdir()
    (root / "jupyter-lite.json").write_text("{}")
    (root / "big.wasm").write_bytes(b"\0" * 300_000)
    server = serve_in_thread(root)
    try:
        conn = http.client.HTTPConnection("127.0.0.1", server.server_port, timeout=10)
        conn.request("GET", "/jupyter-lite.json")
        tag = conn.getresponse()
        tag.read()
        conn.request("GET", "/big.wasm")
        first = conn.getresponse()
        assert first.status == 200 and len(first.read()) == 300_000
        conn.request("GET", "/jupyter-lite.json", headers={"If-None-Match": tag.headers["ETag"]})
        again = conn.getresponse()
        assert again.status == 304 and again.read() == b""
        conn.close()
        deadline = time.monotonic() + 5
        while server.stats.requests < 3 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert server.stats.status == {200: 2, 304: 1}
        assert 300_002 < server.stats.bytes < 300_002 + 3 * 1_000  # two bodies and three headers
    finally:
        server.shutdown()
        server.server_close()


def test_build_replaces_only_a_site_it_made(tmp_path, capsys):
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("x")
    (site / LOCK_NAME).write_text(json.dumps({"files": {"index.html": "0"}}))
    check_target(site)  # exactly what a build made: may be replaced
    (site / "notes.txt").write_text("mine")
    with pytest.raises(FileExistsError, match="notes.txt"):
        check_target(site)
    assert main(["lite", "build", str(site)]) == 1
    assert "did not make" in capsys.readouterr().err and (site / "notes.txt").read_text() == "mine"
    copied = tmp_path / "mine"
    copied.mkdir()
    (copied / LOCK_NAME).write_text("not json")
    (copied / "essay.txt").write_text("mine")
    with pytest.raises(FileExistsError, match="holds no site"):
        check_target(copied)


def test_a_browser_that_resets_its_connection_leaves_no_traceback(tmp_path, capfd):
    """A browser closes connections in the middle of an answer (a closed tab, a prefetch it no longer
    needs, a reload): the server goes on quietly, without a traceback on its terminal for each one,
    and answers the next request."""
    import socket
    import struct

    root = tmp_path / "site"
    root.mkdir()
    (root / "jupyter-lite.json").write_text("{}")
    (root / "big.wasm").write_bytes(os.urandom(32 * 1024 * 1024))  # more than the sockets' buffers hold
    server = serve_in_thread(root)
    try:
        for request in (b"GET /big.wasm HTTP/1.1\r\nHost: x\r\n\r\n", b"GET /big.wasm HTTP/1.1\r\nHo"):
            s = socket.create_connection(("127.0.0.1", server.server_port))
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            s.sendall(request)
            if request.endswith(b"\r\n\r\n"):
                assert s.recv(4096).startswith(b"HTTP/1.1 200")  # the answer is under way
            else:
                time.sleep(0.3)  # the server is reading the request's headers
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # close with a reset
            s.close()
        time.sleep(1.0)  # the server's threads meet the reset
        assert get(server.server_port, "/jupyter-lite.json") == (200, b"{}")
    finally:
        server.shutdown()
        server.server_close()
    err = capfd.readouterr().err
    assert "Traceback" not in err and "ConnectionResetError" not in err and "BrokenPipeError" not in err, err
