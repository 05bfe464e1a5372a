"""The site's icon without its large images: the tab shows 16-48 px.

JupyterLite's ``lab/favicon.ico`` holds ten images up to 256 px (0.32 MB), and every page of the site
names it (``<link rel="icon">``): each student's start fetched it, 9.6 MB for a class. A browser
tab and a bookmark show 16 to 48 px. :func:`small_icon` keeps those images of an ICO file (each is a
bitmap or a PNG with a 16-byte directory entry); the build rewrites the site's icons with it and
compresses them like the rest (``compress.py``: a bitmap packs well).

>>> def entry(px, data): return struct.pack("<BBBBHHII", px % 256, px % 256, 0, 0, 1, 32, len(data), 0), data
>>> big = ico([entry(256, b"P" * 40), entry(48, b"b" * 9), entry(16, b"s" * 5)])
>>> sizes(big), sizes(small_icon(big))
([256, 48, 16], [48, 16])
>>> images(small_icon(big))[1][1]
b'sssss'
"""
from __future__ import annotations

import struct
from pathlib import Path

#: the largest image kept (px): a tab's icon at twice its size on a high-density screen, and then some
LARGEST = 48


def images(data: bytes) -> list[tuple[bytes, bytes]]:
    """Each image of an ICO file: its directory entry (16 bytes) and its data."""
    reserved, kind, count = struct.unpack_from("<HHH", data)
    if reserved != 0 or kind != 1:
        raise ValueError("not an ICO file")
    out = []
    for i in range(count):
        entry = data[6 + 16 * i: 22 + 16 * i]
        size, offset = struct.unpack_from("<II", entry, 8)
        if offset + size > len(data):
            raise ValueError("a damaged ICO file")
        out.append((entry, data[offset:offset + size]))
    return out


def sizes(data: bytes) -> list[int]:
    """The widths of an ICO file's images in px (0 in the file means 256)."""
    return [entry[0] or 256 for entry, _ in images(data)]


def ico(parts: list[tuple[bytes, bytes]]) -> bytes:
    """An ICO file of ``parts`` (directory entry, data), each entry's size and offset written anew."""
    offset = 6 + 16 * len(parts)
    head, body = [struct.pack("<HHH", 0, 1, len(parts))], []
    for entry, image in parts:
        head.append(entry[:8] + struct.pack("<II", len(image), offset))
        body.append(image)
        offset += len(image)
    return b"".join(head + body)


def small_icon(data: bytes, largest: int = LARGEST) -> bytes:
    """``data`` (an ICO file) with only its images up to ``largest`` px (all of them if none is)."""
    parts = images(data)
    kept = [(e, d) for e, d in parts if (e[0] or 256) <= largest]
    return ico(kept) if kept and len(kept) < len(parts) else data


def shrink_icons(site: Path) -> int:
    """Rewrite every ``.ico`` of ``site`` with :func:`small_icon`; the bytes saved."""
    saved = 0
    for path in sorted(site.rglob("*.ico")):
        data = path.read_bytes()
        try:
            smaller = small_icon(data)
        except (ValueError, struct.error):
            continue  # not an ICO after all: left as it is
        if len(smaller) < len(data):
            path.write_bytes(smaller)
            saved += len(data) - len(smaller)
    return saved
