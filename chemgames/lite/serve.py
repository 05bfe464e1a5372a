"""Serve a built site over HTTP (any static web server does; browsers refuse ``file://``).

>>> Handler.extensions_map[".wasm"], Handler.extensions_map[".mjs"]
('application/wasm', 'text/javascript')
"""
from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path
from typing import Any


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types Pyodide needs (WebAssembly, ES modules); quiet log. Only files
    inside the site: no directory listings, no dotfiles, no path that leaves the site (``..`` or a
    symbolic link pointing out of it): all answered with 404."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
                      ".json": "application/json", ".ipynb": "application/json", ".whl": "application/octet-stream"}

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        pass

    def send_head(self) -> Any:
        if not self._allowed(self.translate_path(self.path)):
            self.send_error(404, "File not found")
            return None
        return super().send_head()

    def list_directory(self, path: Any) -> Any:
        self.send_error(404, "File not found")  # a folder without index.html is not listed
        return None

    def _allowed(self, path: str) -> bool:
        root = Path(self.directory).resolve()
        target = Path(path)
        try:
            rel = target.relative_to(Path(self.directory))
        except ValueError:
            return False
        if any(part.startswith(".") for part in rel.parts):
            return False  # dotfiles and dot-folders (.git, .env, ...)
        resolved = target.resolve()
        return resolved == root or root in resolved.parents


def make_server(site: Path, host: str = "127.0.0.1", port: int = 8000) -> http.server.ThreadingHTTPServer:
    """A server of ``site`` (port 0: any free port, see ``server.server_port``)."""
    site = Path(site)
    if not (site / "jupyter-lite.json").is_file():
        raise FileNotFoundError(f"{site} is not a built site (no jupyter-lite.json): run chemgames lite build first")
    handler = functools.partial(Handler, directory=str(site))
    return http.server.ThreadingHTTPServer((host, port), handler)


def serve_in_thread(site: Path, host: str = "127.0.0.1", port: int = 0) -> http.server.ThreadingHTTPServer:
    """Start a server in a daemon thread; stop it with ``server.shutdown()``."""
    server = make_server(site, host, port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
