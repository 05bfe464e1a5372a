"""``chemgames lite serve`` serves the site's files and nothing else (issue 15): no directory
listing, no dotfiles, no way out of the site folder (``..``, encoded ``..``, symbolic links); and
``lite build`` replaces only a folder it made itself."""
from __future__ import annotations

import http.client
import json
import os

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
    server = serve_in_thread(root)
    yield server.server_port
    server.shutdown()
    server.server_close()


def get(port: int, path: str) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path)  # sent as written: no client-side normalisation of ".."
    r = conn.getresponse()
    body = r.read()
    conn.close()
    return r.status, body


def test_the_site_files_are_served(site):
    assert get(site, "/index.html") == (200, b"<h1>chemgames</h1>")
    assert get(site, "/") == (200, b"<h1>chemgames</h1>")
    assert get(site, "/lab/app.js") == (200, b"ok")
    assert get(site, "/inside-link.js") == (200, b"ok")


@pytest.mark.parametrize("path", ["/lab/", "/empty/", "/lab", "/.git/config", "/.env", "/.git/", "/lab/../.env",
                                  "/link.txt", "/etc/passwd", "/etc/", "/../outside.txt", "/%2e%2e/outside.txt",
                                  "/lab/%2e%2e/%2e%2e/outside.txt", "/..%2foutside.txt", "//etc/passwd"])
def test_nothing_else_is_served(site, path):
    status, body = get(site, path)
    assert status in (301, 404), (path, status)
    assert b"secret" not in body and b"root:" not in body and b"app.js" not in body


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
