"""The numbers of Das Chemie-Kartenspiel's whole moves, apart from the moves themselves.

``moves`` lists whole moves and ``fastwalk`` builds them from kept tables; both number a build by the same hash of
its key, so the numbering lives here, below both (``fastwalk`` must not import ``moves``, which imports it).

>>> build_number(((), (("C", 1),), ())) == build_number(((), (("C", 1),), ()))
True
>>> BUILDS <= build_number(((), (("C", 1),), ())) < BUILDS + SPACE
True
"""

from __future__ import annotations

from hashlib import blake2b
from typing import Any

from ..core.memo import memo

SKIP, STOP = 0, 1
#: attack the compound numbered ``cid`` (1–217: a compound takes at least one card, at most 4 × 54)
ATTACK = 2
TARGETS = 4 * 54 + 1
#: the first build number, and how many numbers the builds' hashes spread over
BUILDS = ATTACK + TARGETS
SPACE = 1 << 24
COLLIDED = [0]


@memo(65536)  # a build's key -> its number (hashing costs a few µs; the same builds come back); a dict, not an
# lru_cache: no list per result for the garbage collector (tens of thousands in a few seconds of random games)
def build_number(key: Any) -> int:
    digest = blake2b(repr(key).encode(), digest_size=8).digest()
    return BUILDS + int.from_bytes(digest, "big") % SPACE
