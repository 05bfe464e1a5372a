"""Every character the widgets can show has a glyph in DejaVu Sans, the font every Debian school
machine has (``fonts-dejavu-core``; Chromium falls back to it): no empty boxes where an emoji font
is missing (issue 18: "✨" and "⬥" rendered as boxes). Checks the front end's sources (``\\uXXXX``
escapes included) and every catalog, against the font's own character map (fontTools)."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FONTS = [Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"), Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")]
# JavaScript's escapes: exactly four hex digits, or any number in braces ("\u22121" is U+2212 then "1")
ESCAPE = re.compile(r"\\u(?:\{([0-9A-Fa-f]{1,6})\}|([0-9A-Fa-f]{4}))")


def shown_files() -> list[Path]:
    return sorted([*ROOT.glob("widgets/**/*.js"), *ROOT.glob("widgets/**/*.css"), *ROOT.glob("chemgames/**/catalog/*.json")])


def characters(text: str) -> set[str]:
    """The non-ASCII characters of ``text``, with JavaScript escapes read as what they print.

    >>> sorted(characters('"\\\\u2605 new" + "ü"'))
    ['ü', '★']
    >>> sorted(characters('"\\\\u22121" "\\\\u{1F600}"')) == ['\u2212', '\U0001F600']
    True
    """
    return {ch for ch in ESCAPE.sub(lambda m: chr(int(m.group(1) or m.group(2), 16)), text) if ord(ch) > 127}


def test_every_shown_character_has_a_dejavu_glyph():
    if not all(f.exists() for f in FONTS):
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail("DejaVu Sans is missing: apt-get install fonts-dejavu-core (tests/run-all.sh does)")
        pytest.skip("DejaVu Sans is not installed here")
    from fontTools.ttLib import TTFont

    covered: set[int] = set()
    for font in FONTS:
        covered |= set(TTFont(font).getBestCmap())
    missing = {}
    for path in shown_files():
        for ch in characters(path.read_text(encoding="utf-8")):
            if ord(ch) not in covered and not 0xFE00 <= ord(ch) <= 0xFE0F:  # variation selectors print nothing
                missing.setdefault(f"U+{ord(ch):04X} {ch}", []).append(str(path.relative_to(ROOT)))
    assert not missing, f"characters DejaVu Sans cannot show: {missing}"
