"""Serve a built site over HTTP like a static web server of a school would (any static server does;
browsers refuse ``file://``).

- **Pre-compressed files**: the build leaves ``NAME.br`` and ``NAME.gz`` beside each file that
  compresses well; a browser that accepts brotli (or gzip) gets that copy with ``Content-Encoding``
  and ``Vary: Accept-Encoding`` (nginx: ``brotli_static``/``gzip_static``). Nothing is compressed
  while serving: thirty students cost the laptop file reads, not CPU.
- **Caching**: a file whose name carries a content hash (``jlab_core.a86436d.js``), or which lies
  in a folder named for its content (Pyodide's runtime and the wheels, ``static/pyodide/<hash>/``),
  never changes under that name: ``Cache-Control: public, max-age=31536000, immutable``. Every other file (the
  pages, the configuration, the notebooks) is revalidated on each visit
  (``no-cache``) against its ``ETag``/``Last-Modified``, answered ``304 Not Modified`` while it is
  unchanged: a second lesson downloads nothing, and a site replaced by a new build is used at once.
- **Only the site**: no directory listings, no dotfiles, no path that leaves the site (``..``, a
  symbolic link pointing out of it, also as a folder's ``index.html``): 404; a path the file system
  cannot name (a NUL byte) is answered 400.

>>> Handler.extensions_map[".wasm"], Handler.extensions_map[".mjs"]
('application/wasm', 'text/javascript')
>>> [immutable(p) for p in ("build/jlab_core.a86436d.js", "static/remoteEntry.c8c9eed2cdefdeac.js",
...                         "index.html", "static/pyodide/pyodide.asm.wasm", "build/fa-solid-900.woff2",
...                         "static/pyodide/0123456789abcdef/pyodide.asm.wasm", "static/pyodide/0123456789abcdef/x-1-py3-none-any.whl")]
[True, True, False, False, False, True, True]
>>> accepted("gzip, deflate, br, zstd"), accepted("gzip;q=0, br;q=1"), accepted("")
(('br', 'gzip'), ('br',), ())
"""
from __future__ import annotations

import email.utils
import functools
import http.server
import os
import re
import sys
import threading
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: a name with a content hash the bundler put in it: ``1053.85a86ee.js``, ``remoteEntry.c8c9eed2cdefdeac.js``
HASHED = re.compile(r"[.-][0-9a-f]{7,32}\.(?:js|css|wasm|json|woff2?|ttf|eot|svg|png)$")
#: a folder named for its content: the site's runtime and wheels (``build.versioned``), ``static/pyodide/3f9a...c1/``
HASHED_FOLDER = re.compile(r"(?:^|/)static/pyodide/[0-9a-f]{16}/")
#: what a pre-compressed copy's suffix says, best first
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"


def immutable(rel: str) -> bool:
    """Whether the file's name carries a content hash (so it can be cached for a year)."""
    return bool(HASHED.search(rel) or HASHED_FOLDER.search(rel))


def accepted(header: str) -> tuple[str, ...]:
    """The encodings of ``ENCODINGS`` that an ``Accept-Encoding`` header allows (``q=0`` refuses)."""
    allowed = set()
    for item in header.split(","):
        name, _, params = item.strip().partition(";")
        q = re.search(r"q=([0-9.]+)", params)
        if name.strip() and not (q and float(q.group(1) or 0) == 0):
            allowed.add(name.strip().lower())
    return tuple(enc for enc, _ in ENCODINGS if enc in allowed or "*" in allowed)


@dataclass
class Stats:
    """What a server sent (for the benches): answers by status, bytes (headers and bodies)."""

    requests: int = 0
    bytes: int = 0
    status: dict[int, int] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def add(self, status: int, sent: int) -> None:
        with self.lock:
            self.requests += 1
            self.bytes += sent
            self.status[status] = self.status.get(status, 0) + 1

    def reset(self) -> None:
        with self.lock:
            self.requests, self.bytes, self.status = 0, 0, {}


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types Pyodide needs (WebAssembly, ES modules), pre-compressed copies,
    cache headers and validators; quiet log. Only files inside the site (see the module's text)."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
                      ".json": "application/json", ".ipynb": "application/json", ".whl": "application/octet-stream"}
    protocol_version = "HTTP/1.1"  # keep-alive: a cold start is ~150 requests

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        pass

    # ----------------------------------------------------------------- which file
    def _file(self) -> Path | None:
        """The site's file this request names, or ``None`` (404). Raises ``ValueError`` for a path
        no file can have (a NUL byte, bad percent-encoding)."""
        root = Path(self.directory).resolve()
        raw = urllib.parse.unquote(self.path.split("?", 1)[0].split("#", 1)[0], errors="strict")
        if "\x00" in raw:
            raise ValueError("NUL byte in the path")
        parts = [p for p in raw.split("/") if p not in ("", ".")]
        if any(p == ".." or p.startswith(".") for p in parts):
            return None  # a way up, dotfiles and dot-folders (.git, .env, ...)
        target = root.joinpath(*parts)
        if target.is_dir() and not target.is_symlink():
            if not raw.endswith("/"):
                return target  # a folder: redirected to its "/" form by send_head
            target = target / "index.html"
        resolved = target.resolve()
        if not (resolved == root or root in resolved.parents) or not resolved.is_file():
            return None  # missing, a folder, or a link (also a folder's index.html) out of the site
        return resolved

    def send_head(self):
        try:
            path = self._file()
        except (ValueError, UnicodeDecodeError):
            self.send_error(400, "Bad request: the path names no file")
            return None
        if path is None:
            self.send_error(404, "File not found")
            return None
        if path.is_dir():
            self.send_response(301)
            parts = urllib.parse.urlsplit(self.path)
            self.send_header("Location", urllib.parse.urlunsplit((parts[0], parts[1], parts[2] + "/", parts[3], parts[4])))
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        root = Path(self.directory).resolve()
        rel = path.relative_to(root).as_posix()
        body, encoding = path, None
        st = path.stat()
        # a copy older than its file (the file was edited after the build) is not used
        variants = [(enc, v) for enc, suffix in ENCODINGS
                    if (v := path.with_name(path.name + suffix)).is_file() and v.stat().st_mtime_ns >= st.st_mtime_ns]
        for enc, variant in variants:
            if enc in accepted(self.headers.get("Accept-Encoding", "")):
                body, encoding = variant, enc
                break
        has_variants = bool(variants)
        tag = f'"{st.st_mtime_ns:x}-{st.st_size:x}{"-" + encoding if encoding else ""}"'

        def common() -> None:
            self.send_header("ETag", tag)
            self.send_header("Last-Modified", email.utils.formatdate(st.st_mtime, usegmt=True))
            self.send_header("Cache-Control", IMMUTABLE if immutable(rel) else REVALIDATE)
            if has_variants:
                self.send_header("Vary", "Accept-Encoding")

        if self._not_modified(tag, st.st_mtime):
            self.send_response(304)
            common()
            self.end_headers()
            return None
        f = open(body, "rb")
        try:
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(str(path)))
            if encoding:
                self.send_header("Content-Encoding", encoding)
            self.send_header("Content-Length", str(os.fstat(f.fileno()).st_size))
            common()
            self.end_headers()
        except Exception:
            f.close()
            raise
        return f

    def _not_modified(self, tag: str, mtime: float) -> bool:
        match = self.headers.get("If-None-Match")
        if match is not None:
            return any(t.strip().removeprefix("W/") in (tag, "*") for t in match.split(","))
        since = self.headers.get("If-Modified-Since")
        if since:
            try:
                when = email.utils.parsedate_to_datetime(since).timestamp()
            except (TypeError, ValueError):
                return False
            return int(mtime) <= when
        return False

    def list_directory(self, path):
        self.send_error(404, "File not found")  # never reached: send_head lists nothing
        return None

    # ----------------------------------------------------------------- sending
    def copyfile(self, source, outputfile) -> None:
        self.wfile.flush()
        try:
            self.connection.sendfile(source)  # the kernel copies the file: little CPU per student
        except ConnectionError:
            raise  # the browser went away (Server.handle_error): nothing to send it another way
        except (AttributeError, OSError, ValueError):
            super().copyfile(source, outputfile)

    def send_response(self, code: int, message: str | None = None) -> None:
        self._status = code
        super().send_response(code, message)

    def handle_one_request(self) -> None:
        # each request of a keep-alive connection starts its own count (a 304 sends no
        # Content-Length: it counted the previous answer's body again, e.g. the 3.2 MB
        # WebAssembly a second time for the service worker's 304 that followed it)
        self._status, self._length, self._sent = 0, 0, 0
        super().handle_one_request()
        stats = getattr(self.server, "stats", None)
        if stats is not None and self._status:
            stats.add(self._status, self._sent)

    def end_headers(self) -> None:
        self._sent = sum(len(b) for b in getattr(self, "_headers_buffer", []))
        super().end_headers()
        self._sent += int(self._length or 0)

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "content-length":
            self._length = int(value)
        super().send_header(keyword, value)

    def send_error(self, code, message=None, explain=None) -> None:
        self._length = 0
        super().send_error(code, message, explain)

    def setup(self) -> None:
        super().setup()
        self._length, self._sent, self._status = 0, 0, 0


class Server(http.server.ThreadingHTTPServer):
    """A threading server whose threads never keep the process alive; ``stats`` counts what it sent."""

    daemon_threads = True
    request_queue_size = 128  # a class connecting at once

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.stats = Stats()

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that closed its connection in the middle (a closed tab, a reload, a prefetch it
        no longer needs: reset, broken pipe) is routine and leaves no traceback on the teacher's
        terminal; anything else is printed as ever."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(site: Path, host: str = "127.0.0.1", port: int = 8000) -> Server:
    """A server of ``site`` (port 0: any free port, see ``server.server_port``)."""
    site = Path(site)
    if not (site / "jupyter-lite.json").is_file():
        raise FileNotFoundError(f"{site} is not a built site (no jupyter-lite.json): run chemgames lite build first")
    handler = functools.partial(Handler, directory=str(site))
    return Server((host, port), handler)


def serve_in_thread(site: Path, host: str = "127.0.0.1", port: int = 0) -> Server:
    """Start a server in a daemon thread; stop it with ``server.shutdown()``."""
    server = make_server(site, host, port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
