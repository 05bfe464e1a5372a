"""The key that signs save files written on this computer, so that a save whose set-up was edited
(hands, piles, points chosen through options) is refused while an ordinary save loads anywhere.

A save holds the whole game: every hand and the order of the piles. It is meant for the teacher.
An ordinary game's save replays from its seed and its moves, and the replay checks every move, so
it needs no key. A game set up from a chosen position (the options ``hands``, ``piles``, ``won`` …)
could be made to create cards or points without moves by editing those options; such a save loads
only when its signature (HMAC-SHA256 with this computer's key) is intact.

The key is a random file under ``$CHEMGAMES_HOME`` (default ``~/.chemgames``), made on first use.

>>> import os, tempfile
>>> os.environ["CHEMGAMES_HOME"] = tempfile.mkdtemp()
>>> s = sign(b"abc")
>>> len(s), verify(b"abc", s), verify(b"abd", s), verify(b"abc", "x")
(64, True, False, False)
"""
from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from pathlib import Path


def key_path() -> Path:
    return Path(os.environ.get("CHEMGAMES_HOME") or Path.home() / ".chemgames") / "save-key"


def _key() -> bytes:
    path = key_path()
    try:
        data = path.read_bytes()
        if len(data) >= 32:
            return data
    except OSError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".save-key.{os.getpid()}.tmp")
    tmp.write_bytes(secrets.token_bytes(32))
    os.chmod(tmp, 0o600)
    try:
        os.link(tmp, path)  # atomic: the first writer wins, and every process reads that key
    except FileExistsError:
        pass
    except OSError:
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
    return path.read_bytes()


def sign(blob: bytes) -> str:
    """The hex HMAC-SHA256 of ``blob`` with this computer's key."""
    return hmac.new(_key(), blob, hashlib.sha256).hexdigest()


def verify(blob: bytes, signature: object) -> bool:
    """Whether ``signature`` was made by :func:`sign` on ``blob`` (compared in constant time)."""
    return isinstance(signature, str) and hmac.compare_digest(sign(blob), signature)
