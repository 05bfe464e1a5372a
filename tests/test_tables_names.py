"""Look-alike names at a class table (session 17): a student cannot join as a classmate's name spelt
with letters of other scripts (Cyrillic "а" for Latin "a"), which the dashboard shows as the same
name; real names that differ stay apart. In-process (an in-memory store): quick.

The look-alike pairs are named by Unicode's character names (``unicodedata``, Python's own data),
not taken from the confusables data the server uses.
"""
from __future__ import annotations

import unicodedata
from typing import Any

import pytest

for needed in ("starlette", "uvicorn", "websockets", "confusable_homoglyphs"):  # the server extra
    pytest.importorskip(needed)

from chemgames.server.authority import Authority, Refusal  # noqa: E402
from chemgames.server.protocol import error  # noqa: E402
from test_tables_authority import run  # noqa: E402

U = unicodedata.lookup
#: a name at the table, and names that look just like it on a screen
LOOKALIKES = {
    "Ada": ["\N{CYRILLIC CAPITAL LETTER A}da", "Ad\N{CYRILLIC SMALL LETTER A}", "\N{GREEK CAPITAL LETTER ALPHA}da",
            "\N{CYRILLIC CAPITAL LETTER A}D\N{CYRILLIC CAPITAL LETTER A}"],
    "Ole": ["\N{CYRILLIC CAPITAL LETTER O}le", "\N{GREEK CAPITAL LETTER OMICRON}l\N{CYRILLIC SMALL LETTER IE}"],
    "Pia": ["\N{CYRILLIC CAPITAL LETTER ER}ia", "P\N{CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I}a"],
    "Emma": ["Ernrna", "\N{GREEK CAPITAL LETTER EPSILON}mm\N{CYRILLIC SMALL LETTER A}"],
    "Ida": ["lda"],  # a capital I and a small l are one stroke in the dashboard's sans-serif
}
#: names of one class that must stay apart (a letter more, a diacritic, another letter)
APART = [("Ada", "Adam"), ("Lea", "Léa"), ("Jörg", "Jorg"), ("Anna", "Anne"), ("Ben", "Ben K."), ("Mia", "Nia"),
         ("Ali", "Alí"), ("Саша", "Маша")]


async def join(auth: Authority, code: str, name: str) -> str:
    """``"ok"``, or the refusal's code (with its message checked in both languages)."""
    device = await auth.new_device("10.0.0.9")
    try:
        await auth.join_code(code, name, device, None, "10.0.0.9")
    except Refusal as refused:
        said = error(refused.key, None, **refused.params)["message"]
        assert "{" not in said["de"] + said["en"], said
        if refused.key.startswith("server.name_"):
            assert name in said["de"] and name in said["en"], said
        return refused.key.split(".", 1)[1]
    return "ok"


def test_the_pairs_are_of_other_scripts():
    """The test's own data: every look-alike is another text than the name, not only in case or width."""
    for name, twins in LOOKALIKES.items():
        for twin in twins:
            assert twin != name and unicodedata.normalize("NFKC", twin).casefold() != name.casefold()
    assert "CYRILLIC" in unicodedata.name(LOOKALIKES["Ada"][0][0]) and U("LATIN CAPITAL LETTER A") == "A"


def test_a_classmates_name_in_letters_of_other_scripts_is_refused_and_said_why():
    async def body(auth: Authority) -> list[tuple[str, str, str]]:
        cls = await auth.store.class_by_key("key")
        out = []
        for name, twins in LOOKALIKES.items():
            [table] = await auth.create_tables(cls, {"game": "chemuno", "seats": 4, "seed": 2})
            assert await join(auth, table.code, name) == "ok"
            for twin in twins:
                out.append((name, twin, await join(auth, table.code, twin)))
        return out

    for name, twin, said in run(body, device_burst=1000):
        assert said == "name_lookalike", (name, twin, said)


def test_the_refusal_names_the_classmate_in_both_languages():
    async def body(auth: Authority) -> dict[str, str]:
        cls = await auth.store.class_by_key("key")
        [table] = await auth.create_tables(cls, {"game": "chemix", "seats": 2, "seed": 2})
        await join(auth, table.code, "Ada")
        device = await auth.new_device("10.0.0.9")
        with pytest.raises(Refusal) as refused:
            await auth.join_code(table.code, "\N{CYRILLIC CAPITAL LETTER A}da", device, None, "10.0.0.9")
        return error(refused.value.key, None, **refused.value.params)["message"]

    said = run(body, device_burst=1000)
    assert "Ada" in said["de"].replace("\N{CYRILLIC CAPITAL LETTER A}da", "") and "Namen" in said["de"]
    assert "Ada" in said["en"].replace("\N{CYRILLIC CAPITAL LETTER A}da", "") and "looks" in said["en"]


def test_names_that_differ_stay_apart():
    async def body(auth: Authority) -> list[tuple[str, str, str]]:
        cls = await auth.store.class_by_key("key")
        out = []
        for first, second in APART:
            [table] = await auth.create_tables(cls, {"game": "chemix", "seats": 2, "seed": 2})
            assert await join(auth, table.code, first) == "ok"
            out.append((first, second, await join(auth, table.code, second)))
        return out

    for first, second, said in run(body, device_burst=1000):
        assert said == "ok", (first, second, said)


#: names that show as blank or as a classmate's name with something invisible after it, or a pile of
#: accents over the line above: named by Unicode's character names
INVISIBLE = ["\N{HANGUL FILLER}", "Ada\N{HANGUL FILLER}", "\N{BRAILLE PATTERN BLANK}", "Ada\N{BRAILLE PATTERN BLANK}",
             "A\N{HANGUL CHOSEONG FILLER}da", "Ad\N{HALFWIDTH HANGUL FILLER}a", "Ada\N{COMBINING GRAPHEME JOINER}",
             "Ada\N{VARIATION SELECTOR-16}", "A" + "\N{COMBINING ACUTE ACCENT}" * 8 + "da",
             "Ad" + "\N{COMBINING DIAERESIS}\N{COMBINING TILDE}\N{COMBINING ACUTE ACCENT}\N{COMBINING GRAVE ACCENT}"
             "\N{COMBINING MACRON}" + "a"]
#: real names with letters of several accents or scripts
REAL = ["Nguyễn Thị Ngọc", "Zoë", "Åsa", "Łukasz", "Çağla", "Αλέξης", "Ярослава", "Ðặng", "Sørina", "Jürgen-Ḥasan"]


def test_a_name_of_invisible_letters_or_a_pile_of_accents_is_refused():
    async def body(auth: Authority) -> list[tuple[str, str]]:
        cls = await auth.store.class_by_key("key")
        [table] = await auth.create_tables(cls, {"game": "chemuno", "seats": 4, "seed": 2})
        return [(name, await join(auth, table.code, name)) for name in INVISIBLE]

    for name, said in run(body, device_burst=1000):
        assert said == "bad_name", (ascii(name), said)


def test_real_names_with_accents_and_other_scripts_join():
    async def body(auth: Authority) -> list[tuple[str, str]]:
        cls = await auth.store.class_by_key("key")
        out = []
        for name in REAL:
            [table] = await auth.create_tables(cls, {"game": "chemix", "seats": 2, "seed": 2})
            out.append((name, await join(auth, table.code, name)))
        return out

    for name, said in run(body, device_burst=1000):
        assert said == "ok", (name, said)


def test_without_the_confusables_package_names_still_join_and_the_log_says_why(monkeypatch, caplog):
    """An older install without the server extra's new package: the lesson runs, the log says what to install."""
    from chemgames.server import lookalike

    def missing(package: str) -> Any:
        raise ModuleNotFoundError(package)

    monkeypatch.setattr(lookalike.resources, "files", missing)
    lookalike.prototypes.cache_clear()
    try:
        assert lookalike.skeleton("Ada") == "Ada" and "confusable-homoglyphs" in caplog.text
    finally:
        monkeypatch.undo()
        lookalike.prototypes.cache_clear()
    assert lookalike.skeleton("\N{CYRILLIC CAPITAL LETTER A}da") == lookalike.skeleton("Ada")


def test_the_teacher_cannot_move_a_student_beside_their_look_alike():
    """A move puts a name at another table: the same check as a join (the dashboard would show two Adas)."""
    async def body(auth: Authority) -> list[str]:
        cls = await auth.store.class_by_key("key")
        one, two, three = await auth.create_tables(cls, {"game": "chemuno", "seats": 3, "tables": 3, "seed": 2})
        said = [await join(auth, one.code, "Ada"), await join(auth, two.code, "\N{CYRILLIC CAPITAL LETTER A}da"),
                await join(auth, two.code, "Bob"), await join(auth, three.code, "ADA")]
        for table, seat in ((two, 0), (three, 0)):
            try:
                await auth.move(cls, table.id, seat, one.id, 2)
                said.append("ok")
            except Refusal as refused:
                said.append(refused.key.split(".", 1)[1])
        await auth.move(cls, two.id, 1, one.id, 2)  # Bob may go
        await auth.move(cls, one.id, 0, one.id, 1)  # Ada to another seat of her own table
        return said + [str([s.name for s in (await auth.store.table(one.id)).seats])]  # type: ignore[union-attr]

    assert run(body, device_burst=1000) == ["ok", "ok", "ok", "ok", "move_lookalike", "move_name_taken",
                                            "[None, 'Ada', 'Bob']"]


def test_names_that_differ_only_in_their_white_space_are_one_name():
    """A web page shows a run of spaces as one space: "Ada  Lovelace" beside "Ada Lovelace" at one
    table looked the same on the teacher's dashboard (and a teacher releasing "the second Ada"
    could not tell which). Other white space passed as well: a line separator (U+2028) or a
    paragraph separator broke a name's line where a name is shown as text, an ideographic space or a
    run of no-break spaces widened it. Every run of white space in a name is now one space
    (U+0020), so these are the classmate's name and refused as taken; the name is said in both
    languages. What counts as white space is Python's ``str.isspace`` (Unicode's White_Space and
    the separators), not the server's own list."""
    spaced = ["Ada  Lovelace", "Ada\u2028Lovelace", "Ada\u3000Lovelace", "Ada \u00a0Lovelace", "Ada\u2029\u2029Lovelace",
              "Ada\u205fLovelace"]
    assert all(len({c for c in name if c.isspace()} - {" "}) or "  " in name for name in spaced)

    async def body(auth: Authority) -> tuple[list[Any], list[str]]:
        cls = await auth.store.class_by_key("key")
        table, other = await auth.create_tables(cls, {"game": "chromino", "seats": 4, "tables": 2, "seed": 3})
        assert await join(auth, table.code, "Ada Lovelace") == "ok"
        answers = []
        for name in spaced:
            device = await auth.new_device("10.0.0.9")
            try:
                joined = await auth.join_code(table.code, name, device, None, "10.0.0.9")
                answers.append(("ok", joined["name"]))
            except Refusal as refused:
                answers.append((refused.key, error(refused.key, None, **refused.params)["message"]))
        for name in ("Bo\u2028b", "Cy  \u3000 Ro"):  # alone at a table: kept with one space
            assert await join(auth, other.code, name) == "ok"
        stored = [s.name for t in (table, other) for s in (await auth.store.table(t.id)).seats if s.name]
        return answers, stored

    answers, stored = run(body, device_burst=100)
    for name, (key, said) in zip(spaced, answers):
        assert key == "server.name_taken", (name, key, said)
        assert "Ada Lovelace" in said["de"] and "Ada Lovelace" in said["en"], said
    assert sorted(stored) == ["Ada Lovelace", "Bo b", "Cy Ro"], stored
