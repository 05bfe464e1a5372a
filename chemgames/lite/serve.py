"""Serve a built site over HTTP (any static web server does; browsers refuse ``file://``).

>>> Handler.extensions_map[".wasm"], Handler.extensions_map[".mjs"]
('application/wasm', 'text/javascript')
"""
from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types Pyodide needs (WebAssembly, ES modules); quiet log."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
                      ".json": "application/json", ".ipynb": "application/json", ".whl": "application/octet-stream"}

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        pass


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
