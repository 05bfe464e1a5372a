"""Pre-compressed copies of a site's files, made once at build time: ``NAME.br`` (brotli) and
``NAME.gz`` (gzip) beside each file that compresses well, so a server sends them without
compressing anything while a class waits (``chemgames lite serve``; nginx ``brotli_static`` /
``gzip_static``; Apache with its ``.br``/``.gz`` rewrite lines in the README).

Compressing is the dear part of a build (Pyodide's 9.6 MB WebAssembly alone takes seconds), so the
copies are kept in the download cache by the file's sha256 and a rebuild reuses them.

>>> worth("build/jlab_core.a86436d.js", 3_000_000), worth("static/fa-solid-900.woff2", 150_000)
(True, False)
>>> worth("index.html", 300)  # too small to gain anything
False
"""
from __future__ import annotations

import gzip
import hashlib
import os
import zlib
from pathlib import Path

#: what compresses (text, JSON, WebAssembly, fonts without their own compression, wheels whose
#: and the standard library's zip with members stored: ``bytecode.py``; a deflated one gains less than ``MIN_GAIN`` and gets none;
#: icons, whose bitmaps pack well: ``icon.py``)
SUFFIXES = (".js", ".mjs", ".css", ".json", ".html", ".svg", ".wasm", ".ipynb", ".md", ".txt", ".ttf", ".eot",
            ".map", ".py", ".whl", ".zip", ".ico")
MIN_SIZE = 1024
#: a copy is kept only if it saves at least this share of the bytes
MIN_GAIN = 0.1
#: brotli's quality: 5 packs Pyodide's WebAssembly to 3.2 MB in ~1.5 s (11: 2.7 MB in ~2 min)
BROTLI_QUALITY = 5
GZIP_LEVEL = 6


def worth(rel: str, size: int) -> bool:
    """Whether a file is worth compressed copies: a compressible kind and at least ``MIN_SIZE``."""
    return size >= MIN_SIZE and rel.endswith(SUFFIXES)


def _brotli(data: bytes) -> bytes | None:
    try:
        import brotli
    except ImportError:  # gzip alone still serves every browser; the README says to install brotli
        return None
    return brotli.compress(data, quality=BROTLI_QUALITY)


def _gzip(data: bytes) -> bytes:
    return gzip.compress(data, GZIP_LEVEL, mtime=0)  # mtime 0: the same file each build


def _cached(cache: Path | None, digest: str, suffix: str, make) -> bytes | None:
    path = cache / f"{digest}{suffix}" if cache is not None else None
    if path is not None and path.is_file():
        return path.read_bytes()
    data = make()
    if data is not None and path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_bytes(data)
        tmp.replace(path)
    return data


def precompress(site: Path, cache: Path | None = None) -> dict[str, int]:
    """Write ``.br`` and ``.gz`` copies beside every file of ``site`` worth it; return
    ``{"files": n, "bytes": original, "br": bytes, "gz": bytes}`` over the files compressed."""
    totals = {"files": 0, "bytes": 0, "br": 0, "gz": 0}
    for path in sorted(site.rglob("*")):
        if not path.is_file() or path.is_symlink() or path.suffix in (".br", ".gz"):
            continue
        rel = path.relative_to(site).as_posix()
        size = path.stat().st_size
        if not worth(rel, size):
            continue
        data = path.read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        made = False
        for suffix, make in ((".br", lambda: _brotli(data)), (".gz", lambda: _gzip(data))):
            packed = _cached(cache, digest, suffix, make)
            if packed is None or len(packed) > size * (1 - MIN_GAIN):
                continue  # no brotli, or hardly smaller: the server sends the file itself
            path.with_name(path.name + suffix).write_bytes(packed)
            os.utime(path.with_name(path.name + suffix), ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns))
            totals[suffix[1:]] += len(packed)
            made = True
        if made:
            totals["files"] += 1
            totals["bytes"] += size
    return totals


def check(site: Path) -> list[str]:
    """Copies that do not unpack to their file (a file changed after the build): their names."""
    bad = []
    for packed in sorted(site.rglob("*.gz")) + sorted(site.rglob("*.br")):
        original = packed.with_suffix("")
        if not original.is_file():
            bad.append(packed.relative_to(site).as_posix())
            continue
        raw = packed.read_bytes()
        if packed.suffix == ".gz":
            data = zlib.decompress(raw, 16 + zlib.MAX_WBITS)
        else:
            import brotli

            data = brotli.decompress(raw)
        if data != original.read_bytes():
            bad.append(packed.relative_to(site).as_posix())
    return bad
