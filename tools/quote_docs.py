"""Set the straight quotation marks in the prose of ``docs/**/*.md`` as ``tests/test_german_quotes.py``
judges them: a piece of English (a paragraph, a list item, a table row, an italic span; its language
told by its common words, English by default) gets “…” and ‘…’, a German piece „…“ and ‚…‘. Code is
kept: fenced blocks, code spans, and what the test takes for code a reader types (a call ``f("…")``,
a list literal, ``key="…"``); an apostrophe after a code span stays one. Run from the repository
after docs were edited or merged (``python tools/quote_docs.py``; it prints each file it changed),
then read the diff: a quotation that holds German marks inside an English sentence (a German label
such as „2“ auf den Stapel zurücklegen) is set in italics by hand (“*„2“ auf den Stapel
zurücklegen*”), which the test reads as a German piece.

>>> convert('The sheet says "nicht beides!" (a "rule"); `f("x")` stays, and `p`\\'s own too.')
'The sheet says “nicht beides!” (a “rule”); `f("x")` stays, and `p`\\'s own too.'
>>> convert('Der Stapel heißt "Nachziehstapel" und ist verdeckt.')
'Der Stapel heißt „Nachziehstapel“ und ist verdeckt.'
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from test_german_quotes import _CODE, _ITALIC, _STRAIGHT, _WORDS  # noqa: E402  (the test's own rules)

MARKS = {("en", '"'): ("\u201C", "\u201D"), ("de", '"'): ("\u201E", "\u201C"),
         ("en", "'"): ("\u2018", "\u2019"), ("de", "'"): ("\u201A", "\u2018")}


def lang_of(text: str, default: str) -> str:
    words = re.findall(r"[a-zäöüß]+", text.lower())
    de, en = (sum(w in _WORDS[lang] for w in words) for lang in ("de", "en"))
    return "en" if en > de else "de" if de > en else default


def convert_item(item: str, default: str) -> str:
    """One piece (a paragraph, list item or table row): its straight quotes, outside code, paired and
    set in the marks of the language of the sentence (or italic span) they stand in."""
    masked = re.sub(r"`[^`]*`", lambda m: "a" * len(m.group(0)), item)  # a code span stands as a word
    masked = _CODE.sub(lambda m: "\0" * len(m.group(0)), masked)
    italics = [(m.start(), m.end(), lang_of(m.group(1), default)) for m in _ITALIC.finditer(item)]
    main = lang_of(_ITALIC.sub(" ", re.sub(r"`[^`]*`", " ", item)), default)
    out = list(item)
    while (m := _STRAIGHT.search(masked)) is not None:
        lang = next((lang for a, b, lang in italics if a <= m.start() < b), main)
        out[m.start()], out[m.end() - 1] = MARKS[(lang, m.group(1))]
        masked = masked[:m.start()] + "\0" + masked[m.start() + 1:m.end() - 1] + "\0" + masked[m.end():]
    return "".join(out)


def convert(text: str, default: str = "en") -> str:
    """A Markdown text with its prose's quotation marks set (fenced code kept)."""
    parts = re.split(r"(```.*?```)", text, flags=re.S)
    for i in range(0, len(parts), 2):
        chunks = re.split(r"(\n\s*\n|\n(?=\s*(?:[*+-]|\d+\.|#+|\|)\s))", parts[i])
        chunks[::2] = [convert_item(c, default) for c in chunks[::2]]
        parts[i] = "".join(chunks)
    return "".join(parts)


def main() -> None:
    for path in sorted((ROOT / "docs").rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        new = convert(text)
        if new != text:
            path.write_text(new, encoding="utf-8")
            print(path.relative_to(ROOT))


if __name__ == "__main__":
    main()
