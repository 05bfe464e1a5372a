"""The class report as data: per concept the attempts, refusals and why; the three most common
misconceptions of this class with a real example each; per student a row of concepts; the
prediction accuracy of each worksheet task; and what to practise next. Texts from the catalogs,
numbers with Babel (``chemgames.core.i18n``). The widget (``chemgames.report``) shows it.

>>> ev = [{"game": "raeumab", "kind": "prediction", "task": "2", "ok": False, "student": "Mia", "session": "w"},
...       {"game": "raeumab", "kind": "prediction", "task": "2", "ok": True, "student": "Ali", "session": "w"}]
>>> r = build(ev, [], lang="de")
>>> r["tasks"][0]["text"], r["tasks"][0]["right"]
('Räum-Ab! (1x1-Mahjong), Aufgabe 2', '1 von 2 richtig (50\xa0%)')
"""
from __future__ import annotations

import itertools
import json
import re
from collections import Counter, defaultdict
from decimal import Decimal
from fractions import Fraction
from statistics import median
from typing import Any

from ..core.i18n import Num, format_number, tr
from ..core.registry import games
from .concepts import FLOW, GAMES, concepts
from .mistakes import Mistake, mistake_of

STUDENT_KINDS = ("move", "refused", "prediction", "hint", "advice")
MIN_ATTEMPTS = 3  # a concept needs this many attempts before it can be "what to practise next"


def percent(part: int, whole: int, lang: str) -> str:
    """``part`` of ``whole`` as a whole percent, rounded half up from the exact fraction (as every
    number a reader sees: 1 of 8 is 13 %), the sign placed by the locale's CLDR pattern (Babel):
    German with a no-break space, English without.

    >>> percent(1, 8, "de"), percent(1, 1, "en"), percent(7, 12, "de")
    ('13\xa0%', '100%', '58\xa0%')
    """
    from babel.numbers import format_percent  # Babel loads on the first number, not on import

    whole_percent = int(Fraction(100 * part, whole) + Fraction(1, 2))
    return str(format_percent(Decimal(whole_percent) / 100, locale=lang))


def title_of(game: str, lang: str) -> str:
    return next(g.title for g in games(lang) if g.id == game)


def _flat(value: Any) -> Any:
    """A recorded parameter as a reader wants it: a card label's symbol and number, a name."""
    if isinstance(value, dict):
        if "symbol" in value and "n" in value:
            return f"{value['symbol']} {value['n']}"
        for k in ("symbol", "formula", "n", "name"):
            if k in value:
                return value[k]
        return ""
    if isinstance(value, list):
        return ", ".join(str(_flat(v)) for v in value)
    return value


def _said(value: Any, lang: str, game: str = "") -> Any:
    """A recorded parameter in words: a catalog key the engine recorded ("ra.card.wish") as its text;
    a Chromino text an older record kept in English only, its colours in ``lang`` (:func:`colours_said`).

    >>> import chemgames; _ = chemgames.new_game("raeumab", players=2, seed=1)  # loads the game's texts
    >>> _said("ra.card.wish", "de"), _said({"n": 2}, "de"), _said("Na", "de")
    ('Wunschkarte ✦', 2, 'Na')
    >>> _ = chemgames.new_game("chromino", players=2, seed=1)
    >>> _said("ch.dir1", "de"), _said({"de": "●Rot", "en": "●red"}, "de"), _said("●red-▲yellow", "de", "chromino")
    ('nach unten', '●Rot', '●Rot-▲Gelb')
    """
    if isinstance(value, dict) and set(value) == {"de", "en"}:  # a text recorded in both languages
        return str(value.get(lang, value["en"]))
    flat = _flat(value)
    if isinstance(flat, str) and re.fullmatch(r"[a-z]+(\.[a-z_0-9]+)+", flat):
        text = tr(lang, flat)
        return flat if "{" in text else text
    if isinstance(flat, str) and game == "chromino":
        return colours_said(flat, lang)
    return flat


def colours_said(text: str, lang: str) -> str:
    """A Chromino text with its colours in ``lang``: a record written before session 22 kept a tile's
    and a side's colours in English only, whatever the game's language ("●red-▲yellow", "▲ yellow").
    A colour is read only right after its symbol (● ▲ ■ ◆ ★, each the symbol of one colour), so no other
    word of the text is taken for one.

    >>> colours_said("●red-●red-▲yellow", "de"), colours_said("▲ yellow", "de"), colours_said("★purple", "en")
    ('●Rot-●Rot-▲Gelb', '▲ Gelb', '★purple')
    >>> colours_said("red ● 12", "de")  # no symbol before it: not a Chromino colour
    'red ● 12'
    """
    from ..games.chromino.tiles import COLOURS

    for c in COLOURS:
        text = re.sub(rf"({re.escape(c.symbol)} ?){re.escape(c.en)}\b", rf"\g<1>{c.name(lang)}", text)
    return text


def in_words(m: Mistake, lang: str, params: dict[str, Any] | None, game: str = "") -> tuple[Mistake, dict[str, Any]]:
    """``m`` and a refusal's ``params`` with every recorded catalog key said in ``lang`` (:func:`_said`)."""
    return (Mistake(m.key, m.kind, m.concept, {k: _said(v, lang, game) for k, v in m.params.items()}),
            {k: _said(v, lang, game) for k, v in (params or {}).items()})


def mistake_text(m: Mistake, game: str, lang: str, params: dict[str, Any] | None = None,
                 steps: list[dict[str, Any]] | None = None) -> tuple[str, str]:
    """The misconception in words and its example (from the game's ``concepts.json``), or for a
    refusal with no reading of its own, the concept and the refusal's headline (else its first
    step: a rule key with no text of its own is never shown)."""
    c = concepts(game)
    spec = c.misconceptions.get(m.kind)
    values = {k: _flat(v) for k, v in m.params.items()}
    if spec is not None:
        # a build counted as a real substance is (Na + O with O −1: sodium peroxide Na2O2): the example says so (s21b)
        example = "example_real_other" if m.params.get("real_ox") else "example_real" if m.params.get("real") else "example"
        if example == "example" and values.get("right") == "–":  # no formula to compare: never "statt –"
            example = "example_alone"
        try:
            return spec[lang].format(**values), spec.get(f"{example}_{lang}", spec.get(f"example_{lang}", "")).format(**values)
        except (KeyError, IndexError, ValueError):
            return spec[lang], ""
    reason = tr(lang, m.kind, **{k: _flat(v) for k, v in (params or {}).items()})
    if "{" in reason or reason == m.kind:
        first = (steps or [{}])[0]
        said = tr(lang, str(first.get("key", "")), **{k: _said(v, lang, game) for k, v in (first.get("params") or {}).items()})
        reason = said if first.get("key") and "{" not in said and said != first.get("key") else ""
    concept = c.name(m.concept, lang)
    return (tr(lang, "rec.generic", concept=concept, reason=reason) if reason else concept), ""


def mistake_key(m: Mistake, game: str, text: str) -> str:
    """What counts as one misconception: a reading of ``concepts.json`` by its key; a refusal read
    by its rule alone by its rule and its words, so that a count never stands beside one instance's
    numbers it does not share ("▲ 55 und 2 sind kein Paar (5)" counted five different pairs)."""
    return m.key if m.kind in concepts(game).misconceptions else f"{m.key}|{text}"


def _where(session: dict[str, Any] | None, lang: str) -> str:
    label = (session or {}).get("table") or ""
    return label or tr(lang, "rec.own_notebook")


def natural(text: str) -> list[Any]:
    """A sort key that puts "Schüler·in 2" before "Schüler·in 10".

    >>> sorted(["Schüler·in 10", "ben", "Schüler·in 2", "Ada"], key=natural)
    ['Ada', 'ben', 'Schüler·in 2', 'Schüler·in 10']
    """
    return [(0, int(x), "") if x.isdigit() else (1, 0, x.casefold()) for x in re.split(r"(\d+)", text) if x]


def for_the_class(events: list[dict[str, Any]], sessions: list[dict[str, Any]], lang: str,
                  names: bool = True) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Copies of ``events`` and ``sessions`` as a projector may show them, in the same order (an
    example's index still points at its event): each table by the number the table server gave it,
    the one the teacher's dashboard shows beside its code (:func:`given_numbers`); a table of an older
    record, without one, numbered for the class ("Tisch 1", in the order the tables were first seen,
    the numbers not given); never labelled by what the record calls it (a record file
    written before this labels it by its join code, which would let anyone join); without ``names``
    each student a placeholder ("Schüler·in 1", in the order first seen), so that no name is in what
    the widget sends to the browser or a saved notebook keeps.

    >>> ev = [{"kind": "move", "student": "Mia", "session": "a"}, {"kind": "move", "student": "Tisch K7P2X, Platz 2", "session": "b"}]
    >>> se = [{"id": "a", "table": "Tisch Q4R7T", "names": ["Mia", "Ali"]}, {"id": "b", "table": "Tisch K7P2X", "names": ["", "Tisch K7P2X, Platz 2"]}]
    >>> e, s = for_the_class(ev, se, "de")
    >>> [x["student"] for x in e], [(x["table"], x["names"]) for x in s]
    (['Mia', 'Tisch 2, Platz 2'], [('Tisch 1', ['Mia', 'Ali']), ('Tisch 2', ['', 'Tisch 2, Platz 2'])])
    >>> e, s = for_the_class(ev, se, "en", names=False)
    >>> [x["student"] for x in e], s[0]["names"], s[1]["names"]
    (['Student 1', 'Student 2'], ['Student 1', 'Student 3'], ['', 'Student 2'])
    >>> se[1] = {**se[1], "number": 1}                      # numbered by the server: 1; the other: 2
    >>> [x["table"] for x in for_the_class(ev, se, "de")[1]]
    ['Tisch 2', 'Tisch 1']
    """
    label_of = {s.get("id"): s.get("table") for s in sessions if isinstance(s, dict)}
    number = given_numbers(sessions, lang)
    taken = {n for _, n in number.values()}
    first_seen = (n for n in itertools.count(1) if n not in taken)  # an older file's tables: the numbers left
    for x in [*(label_of.get(e.get("session")) for e in events if isinstance(e, dict)), *label_of.values()]:
        if isinstance(x, str) and x and x not in number:
            number[x] = tr(lang, "rec.table_number", n=Num(n := next(first_seen))), n
    # the longest label first: "Tisch K7P2X1" must not be read as "Tisch K7P2X" and a "1"
    old = sorted(number, key=len, reverse=True)
    placeholder: dict[str, str] = {}

    def named(name: Any) -> Any:
        if not isinstance(name, str) or not name:
            return name
        if not names:
            if name not in placeholder:  # tr and Babel once a student, not once an event
                placeholder[name] = tr(lang, "rec.anon", n=Num(len(placeholder) + 1))
            return placeholder[name]
        return next((number[o][0] + name[len(o):] for o in old if name.startswith(o + ",")), name)

    out = [{**e, "student": named(e["student"])} if isinstance(e, dict) and "student" in e else e for e in events]
    kept = [{**s, "table": number.get(str(s.get("table")), (s.get("table"), 0))[0],
             "names": [named(n) for n in s.get("names") or []]} if isinstance(s, dict) else s for s in sessions]
    return out, kept


def given_numbers(sessions: list[dict[str, Any]], lang: str) -> dict[str, tuple[str, int]]:
    """Each table the table server numbered (a session's ``number``, the one the teacher's dashboard
    shows beside the join code): its label in the record -> ("Tisch 3", 3). A number two tables of
    the view share (two classes' "Tisch 1" in ``lesson="*"``) is said with its lesson.

    >>> se = [{"table": "Tisch 628b49d9", "number": 3, "lesson": "7b 2026-11-28"}, {"table": "Tisch 5a0c11e2"},
    ...       {"table": "Tisch 0b1d2e3f", "number": 1, "lesson": "7b 2026-11-28"}, {"table": "Tisch 77aa0c9d", "number": 1, "lesson": "8a 2026-11-28"}]
    >>> given_numbers(se, "de")
    {'Tisch 628b49d9': ('Tisch 3', 3), 'Tisch 0b1d2e3f': ('Tisch 1 (7b 2026-11-28)', 1), 'Tisch 77aa0c9d': ('Tisch 1 (8a 2026-11-28)', 1)}
    """
    given: dict[str, tuple[int, str]] = {}
    for s in sessions:
        n = s.get("number") if isinstance(s, dict) else None
        if type(n) is int and n > 0 and isinstance(s.get("table"), str) and s["table"]:
            given.setdefault(s["table"], (n, str(s.get("lesson") or "")))
    shared = Counter(n for n, _ in given.values())
    return {label: (tr(lang, "rec.table_number_in", n=Num(n), lesson=lesson) if shared[n] > 1
                    else tr(lang, "rec.table_number", n=Num(n)), n) for label, (n, lesson) in given.items()}


def readable(event: Any) -> bool:
    """Whether the report can read ``event``: a line of a handed-in file cut off by a full disk,
    edited by hand or written by another version of chemgames (a game this one does not know)
    is left out and counted, never the reason the class's report fails.

    >>> readable({"kind": "prediction", "game": "raeumab", "task": "2", "ok": True, "student": "Mia"})
    True
    >>> readable({"kind": "move", "student": "Mia"}), readable({"kind": "refused", "game": "raeumab", "facts": [1], "student": "Mia"})
    (False, False)
    """
    try:
        if not isinstance(event, dict) or not isinstance(event.get("kind"), str):
            return False
        if event["kind"] not in STUDENT_KINDS:
            return True  # a bot's move, an undo: only replayed
        if not isinstance(event.get("student"), str) or not isinstance(event.get("session", ""), (str, type(None))) \
                or event.get("game") not in GAMES or not isinstance(event.get("facts") or {}, dict):
            return False
        c, facts = concepts(event["game"]), event.get("facts") or {}
        if event["kind"] == "move":
            c.of_rule(event.get("rule") or "")
            c.of_steps(list(facts.get("steps", [])))
            c.of_move(event.get("rule") or "", dict(facts.get("params", {})))
        elif event["kind"] == "refused":
            m = mistake_of(event)
            if m is not None and m.concept != FLOW:
                mistake_text(m, event["game"], "en", facts.get("params"), facts.get("steps"))
        return True
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        return False


BURST = 1.0  # seconds: the moves an old notebook record wrote at once at a resumed game's first message


def maybe_doubled(events: list[dict[str, Any]], sessions: list[dict[str, Any]]) -> Counter[str]:
    """Per student, the moves an old notebook record may count twice. Before session 24 (a session without
    ``version``, :data:`~chemgames.record.events.RECORD_VERSION`) a notebook recorded, at the first message after
    a game was resumed, every move of the saved game again as the student's, all in that instant: the session's
    opening moves, from move 0, of both seats, recorded within ``BURST`` seconds. A game played in Python before
    its widget was shown (``w.apply(...)``, then a click) left the same burst, but its moves were recorded then
    for the first time: counted once, rightly. So a move of such a burst counts here only where the record holds
    it already, as the saved game's own recording: the same student's move at the same place (``at``) of the
    same deal (game, players, seed, options), the same action, recorded before the burst (s25h; s24h's rule
    flagged the game played in Python too). A record of version 2 keeps a resumed game's moves as ``bot`` events
    and is never counted here. A saved game first recorded in a file the report was not given is not told: the
    report says "up to"."""
    old = {s["id"] for s in sessions if isinstance(s, dict) and "version" not in s and s.get("source") == "notebook"
           and isinstance(s.get("setup"), dict)}
    deal = {s["id"]: _deal(s["setup"]) for s in sessions if isinstance(s, dict) and isinstance(s.get("id"), str)
            and isinstance(s.get("setup"), dict)}
    opening: dict[str, list[dict[str, Any]]] = defaultdict(list)
    first: dict[str, float] = {}
    for e in events:
        sid, ts = e.get("session"), e.get("ts")
        if not isinstance(sid, str) or sid not in old or not isinstance(ts, (int, float)) or isinstance(ts, bool) \
                or e.get("kind") not in ("move", "bot"):
            continue
        if float(ts) - first.setdefault(sid, float(ts)) <= BURST:
            opening[sid].append(e)
    # every student's move as recorded: (student, deal, at, action) -> when it was first recorded
    recorded: dict[tuple[Any, ...], float] = {}
    for e in events:
        ts, sid = e.get("ts"), e.get("session")
        if e.get("kind") == "move" and isinstance(ts, (int, float)) and not isinstance(ts, bool) and sid in deal:
            key = _said_move(e, deal[sid])
            recorded[key] = min(recorded.get(key, float(ts)), float(ts))
    out: Counter[str] = Counter()
    for sid, run in opening.items():
        mine = [e for e in run if e["kind"] == "move" and isinstance(e.get("student"), str)]
        if run[0].get("at") == 0 and len(mine) >= 2 and len({e.get("seat") for e in run}) >= 2:
            out.update(e["student"] for e in mine if recorded.get(_said_move(e, deal[sid]), first[sid]) < first[sid])
    return +out


def _deal(setup: dict[str, Any]) -> str:
    """A game's deal, whatever language it was shown in: its id, players, seed and options."""
    return json.dumps([setup.get(k) for k in ("game", "players", "seed", "options")], sort_keys=True, default=str)


def _said_move(e: dict[str, Any], deal: str) -> tuple[Any, ...]:
    return (e.get("student"), deal, e.get("at"), json.dumps(e.get("action"), sort_keys=True, default=str))


def tell_apart(events: list[dict[str, Any]], sessions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Copies of ``events`` with each student told apart by who they are where the record knows it, not by the
    name alone. A session's ``keys`` say per seat who sat there (:func:`~chemgames.record.events.person_key`: at a
    class table the seat's device, in a notebook its record and the devices it joined tables with). The events of
    one name are grouped by where they were made (a table, a handed-in file); groups that share a key are one
    person, and two groups whose keys are of one kind (two devices, two records) and differ are two. A group
    whose keys compare nothing with the one person of its name (a device beside a record alone: the play page
    knows no device), or that has none (a record of session 24 or before), joins that person by name alone, as
    before, and ``by_name`` marks the events: the report says so (two students of one name, or a typo, would be
    one here). Two or more people of one name are counted apart: the first keeps the name, the others are
    "Mia (2)", "Mia (3)" (``namesake`` marks their events); beside them a group without a key is one more
    (nothing tells whose it is). Groups are taken in the order first seen.

    >>> se = [{"id": "t1", "table": "Tisch a", "keys": [["d1"], ["d2"]]}, {"id": "t2", "table": "Tisch b", "keys": [["d3"]]},
    ...       {"id": "n", "source": "notebook", "keys": [["r9", "d3"]]}]
    >>> ev = [{"kind": "move", "student": s, "session": i, "seat": k} for s, i, k in
    ...       (("Mia", "t1", 0), ("Ali", "t1", 1), ("Mia", "t2", 0), ("Mia", "n", 0))]
    >>> [(e["student"], e.get("namesake", False)) for e in tell_apart(ev, se)]
    [('Mia', True), ('Ali', False), ('Mia (2)', True), ('Mia (2)', True)]
    >>> se[1] = {"id": "t2", "table": "Tisch b"}  # a table of an older record: no keys
    >>> [(e["student"], e.get("by_name", False)) for e in tell_apart(ev[:3], se)]
    [('Mia', True), ('Ali', False), ('Mia', True)]
    """
    keys_of = {s["id"]: s.get("keys") for s in sessions if isinstance(s, dict) and isinstance(s.get("id"), str)}
    table_of = {s["id"]: s.get("table") for s in sessions if isinstance(s, dict) and isinstance(s.get("id"), str)}

    def place(e: dict[str, Any]) -> str:  # a table, else the handed-in file (``load_folder``), else the notebooks
        sid = e.get("session")
        table = table_of.get(sid) if isinstance(sid, str) else None
        return f"t:{table}" if isinstance(table, str) and table else f"f:{e.get('file') or ''}"

    def keys(e: dict[str, Any]) -> set[str]:
        sid, seat = e.get("session"), e.get("seat")
        ks = keys_of.get(sid) if isinstance(sid, str) else None
        if isinstance(ks, list) and isinstance(seat, int) and 0 <= seat < len(ks) and isinstance(ks[seat], list):
            return {str(k) for k in ks[seat]}
        return set()

    places: dict[str, dict[str, set[str]]] = defaultdict(dict)  # name -> place -> its keys (in order first seen)
    for e in events:
        if isinstance(e, dict) and e.get("kind") in STUDENT_KINDS and isinstance(e.get("student"), str) and e["student"]:
            places[e["student"]].setdefault(place(e), set()).update(keys(e))
    renamed: dict[tuple[str, str], tuple[str, str]] = {}  # (name, place) -> (name said, mark)
    for name, by_place in places.items():
        found: list[tuple[set[str], list[str]]] = []  # the places that share a key: one person each, in order
        for p, k in by_place.items():
            if not k:
                continue
            joined = [x for x in found if x[0] & k]
            if not joined:
                found.append((set(k), [p]))
                continue
            for other in joined[1:]:  # a key that links two groups found so far: one person
                joined[0][0].update(other[0])
                joined[0][1].extend(other[1])
                found.remove(other)
            joined[0][0].update(k)
            joined[0][1].append(p)
        # two groups are two people only where their keys are of one kind and differ (two devices, two records);
        # a device beside a record alone (the play page knows no device) cannot tell: joined by name, if to
        # exactly one person, as a group without keys is
        people: list[tuple[set[str], list[str], bool]] = []  # keys, places, joined by name
        for got, ps in found:
            fits = [x for x in people if not {k[0] for k in x[0]} & {k[0] for k in got}]
            if len(fits) == 1 and len(people) == 1:
                fits[0][0].update(got)
                fits[0][1].extend(ps)
                people[0] = (fits[0][0], fits[0][1], True)
            else:
                people.append((set(got), list(ps), False))
        unknown = [p for p, k in by_place.items() if not k]
        if len(people) >= 2:
            for i, (_, ps, _) in enumerate(people):
                for p in ps:
                    renamed[name, p] = (name if i == 0 else f"{name} ({i + 1})", "namesake")
            for p in unknown:  # no key: which of them it was, nothing tells
                renamed[name, p] = (f"{name} ({len(people) + 1})", "namesake")
        elif len(by_place) > 1 and (unknown or (people and people[0][2])):
            for p in by_place:
                renamed[name, p] = (name, "by_name")
    if not renamed:
        return list(events)
    out = []
    for e in events:
        who = e.get("student") if isinstance(e, dict) and e.get("kind") in STUDENT_KINDS else None
        said = renamed.get((who, place(e))) if isinstance(who, str) else None
        out.append(e if said is None else {**e, "student": said[0], said[1]: True})
    return out


def build(events: list[dict[str, Any]], sessions: list[dict[str, Any]], lang: str = "de") -> dict[str, Any]:
    """The report of ``events`` (one lesson or several) as JSON-able data for the widget.
    ``example`` fields are indices into ``events`` (for :func:`chemgames.record.replay.replay`);
    ``unreadable`` counts the events left out (:func:`readable`)."""
    ok = [readable(e) for e in events]
    mine = [(i, e) for i, e in enumerate(events) if ok[i] and e.get("kind") in STUDENT_KINDS and e.get("student")]
    sessions = [s for s in sessions if isinstance(s, dict) and isinstance(s.get("id"), str)]
    # only the games these events were played in: the teacher's record file keeps every lesson's
    # tables, and yesterday's must not count in today's "6 Tische" or "3 von 3 Tischen"
    played = {e.get("session") for _, e in mine}
    sessions = [s for s in sessions if s.get("id") in played]
    by_session = {s["id"]: s for s in sessions}
    students = sorted({e["student"] for _, e in mine}, key=natural)
    tables = sorted({s["table"] for s in sessions if s.get("table")})
    tables_of: dict[str, set[str]] = defaultdict(set)  # the tables that played each game
    for s in sessions:
        if s.get("table"):
            tables_of[s["game"]].add(s["table"])
    students_of: dict[str, set[str]] = defaultdict(set)
    for _, e in mine:
        students_of[e["game"]].add(e["student"])

    # ------------------------------------------------------------ what each event practised
    attempts: Counter[tuple[str, str]] = Counter()
    applied: Counter[tuple[str, str]] = Counter()  # the moves that applied it, as the engine's verdict tells each one
    applied_hint: Counter[tuple[str, str]] = Counter()  # of those, the moves the hint's button played
    refused: Counter[tuple[str, str]] = Counter()
    per_student: dict[str, Counter[tuple[str, str, str]]] = defaultdict(Counter)
    reasons: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    reason_text: dict[str, str] = {}
    mistakes: dict[str, dict[str, Any]] = {}
    asked: Counter[str] = Counter()
    # when each student last missed each concept (refused, predicted wrong) and last got it right (applied,
    # predicted right): "right afterwards" is a success after the last miss, in the student's own order
    last_miss: dict[tuple[str, str, str], tuple[float, int]] = {}
    last_hit: dict[tuple[str, str, str], tuple[float, int]] = {}
    for i, e in mine:
        when = (float(e["ts"]) if isinstance(e.get("ts"), (int, float)) and not isinstance(e.get("ts"), bool) else 0.0, i)
        game, kind, who = e["game"], e["kind"], e["student"]
        c = concepts(game)
        if kind in ("hint", "advice"):
            asked[who] += 1
            continue
        if kind == "prediction":
            concept = c.of_task(str(e.get("task", "")))
            if concept is None:
                continue
            attempts[game, concept] += 1
            per_student[who][game, concept, "attempts"] += 1
            if not e.get("ok"):
                per_student[who][game, concept, "wrong"] += 1
            (last_hit if e.get("ok") else last_miss)[who, game, concept] = when
            continue
        facts = e.get("facts") or {}
        if kind == "move":
            found = [c.of_rule(e.get("rule") or "")] + c.of_steps(facts.get("steps", []))
            found += c.of_move(e.get("rule") or "", facts.get("params", {}))
            setup = (by_session.get(e.get("session", "")) or {}).get("setup")
            options = setup.get("options") if isinstance(setup, dict) else None
            found += c.of_options(e.get("rule") or "", options if isinstance(options, dict) else {})
            hinted = facts.get("hint") is True  # the "Tipp" button's move: applied, but not the student's doing
            for concept in dict.fromkeys(x for x in found if x):
                attempts[game, concept] += 1
                applied[game, concept] += 1
                per_student[who][game, concept, "attempts"] += 1
                if hinted:
                    applied_hint[game, concept] += 1
                else:
                    last_hit[who, game, concept] = when
            continue
        m = mistake_of(e)
        if m is None:
            continue
        key = (game, m.concept)
        attempts[key] += 1
        refused[key] += 1
        per_student[who][game, m.concept, "attempts"] += 1
        per_student[who][game, m.concept, "refused"] += 1
        last_miss[who, game, m.concept] = when
        if m.concept == FLOW:
            continue
        said, said_params = in_words(m, lang, facts.get("params"), game)
        text, example = mistake_text(said, game, lang, said_params, facts.get("steps"))
        mkey = mistake_key(m, game, text)
        reasons[key][mkey] += 1
        reason_text[mkey] = text
        entry = mistakes.setdefault(mkey, {"key": mkey, "game": game, "concept": m.concept, "text": text,
                                            "students": Counter(), "tables": set(), "count": 0, "examples": []})
        entry["count"] += 1
        entry["students"][who] += 1
        session = by_session.get(e.get("session", ""))
        if session and session.get("table"):
            entry["tables"].add(session["table"])
        by = tr(lang, "rec.by", student=who, where=_where(session, lang))
        # each example another moment to the eye: two buttons alike to the letter left the teacher guessing
        if len(entry["examples"]) < 3 and all((x["text"], x["by"]) != (example, by) for x in entry["examples"]):
            entry["examples"].append({"event": i, "text": example, "by": by})

    # ------------------------------------------------------------ the three most common misconceptions
    ranked = sorted(mistakes.values(), key=lambda x: (-len(x["students"]), -x["count"], x["key"]))[:3]
    top = []
    for mis in ranked:
        spread = tr(lang, "rec.of_students", n=Num(len(mis["students"])), of=Num(len(students_of[mis["game"]])))
        if mis["tables"]:  # how many of the game's students, and at how many of its tables
            spread = tr(lang, "rec.spread", students=spread,
                        tables=tr(lang, "rec.of_tables", n=Num(len(mis["tables"])), of=Num(len(tables_of[mis["game"]]))))
        # who showed it, the most often first: the students the teacher goes to
        who = [{"name": name, "n": n, "text": tr(lang, "rec.who_one", name=name, times=tr(lang, "rec.times", n=Num(n)))}
               for name, n in sorted(mis["students"].items(), key=lambda kv: (-kv[1], natural(kv[0]), kv[0]))]
        top.append({"key": mis["key"], "game": mis["game"],
                    "concept": concepts(mis["game"]).name(mis["concept"], lang), "text": mis["text"],
                    "spread": spread, "students": len(mis["students"]), "tables": len(mis["tables"]),
                    "count": mis["count"], "times": tr(lang, "rec.times", n=Num(mis["count"])),
                    "examples": mis["examples"], "who": who,
                    "who_text": tr(lang, "rec.who", names=", ".join(w["text"] for w in who))})

    # ------------------------------------------------------------ per concept
    rows: list[dict[str, Any]] = []
    wrong_of = {key: sum(per_student[s][key[0], key[1], "wrong"] for s in students) for key in attempts}

    for (game, concept), n in attempts.items():
        if concept == FLOW:
            continue
        wrong = wrong_of[game, concept]
        # on how many of the game's students the share rests: one student's twelve refusals are no class's trouble
        missed = [s for s in students_of[game]
                  if per_student[s][game, concept, "refused"] + per_student[s][game, concept, "wrong"]]
        struggled = len(missed)
        # of those, the ones who got it right after their last miss: what the lesson taught them
        recovered = sum(1 for s in missed if (s, game, concept) in last_hit
                        and last_hit[s, game, concept] > last_miss[s, game, concept])
        # the others are still missing it: their last word on it a miss, or only a hint's move after it
        still = struggled - recovered
        rows.append({"game": game, "game_title": title_of(game, lang), "concept": concept,
                     "name": concepts(game).name(concept, lang), "attempts": n, "refused": refused[game, concept],
                     "applied": applied[game, concept], "applied_hint": applied_hint[game, concept],
                     "applied_line": applied_line(applied[game, concept], refused[game, concept], lang,
                                                  applied_hint[game, concept]),
                     "attempts_text": format_number(n, lang), "refused_text": format_number(refused[game, concept], lang),
                     "wrong": wrong, "wrong_text": format_number(wrong, lang) if wrong else "–",
                     "struggled": tr(lang, "rec.of_students", n=Num(struggled), of=Num(len(students_of[game]))),
                     "struggled_n": struggled, "students_n": len(students_of[game]),
                     "struggled_line": tr(lang, "rec.struggled_line", students=tr(lang, "rec.of_students", n=Num(struggled),
                                                                             of=Num(len(students_of[game])))) if struggled else "",
                     "recovered_n": recovered, "still_n": still,  # (missed minus right afterwards: the view's two lines)
                     "recovered_line": tr(lang, "rec.recovered_line", students=tr(lang, "rec.of_students", n=Num(recovered),
                                                                              of=Num(struggled))) if struggled else "",
                     "share": percent(refused[game, concept] + wrong, n, lang) if n else "–",
                     "reasons": [{"text": reason_text[k], "n": format_number(v, lang)}
                                 for k, v in reasons[game, concept].most_common(3)]})
    # within a game, the weakest concept first, weighed as "what to practise next" weighs it
    rows.sort(key=lambda r: (r["game"], [-x for x in rank_key(r)], r["concept"]))
    columns: list[dict[str, str]] = [{"game": r["game"], "concept": r["concept"], "name": r["name"]} for r in rows]

    # ------------------------------------------------------------ per student
    people = []
    most = max((per_student[s][col["game"], col["concept"], "attempts"] for s in students for col in columns), default=1)
    for s in students:
        cells = []
        for col in columns:
            a = per_student[s][col["game"], col["concept"], "attempts"]
            r = per_student[s][col["game"], col["concept"], "refused"]
            w = per_student[s][col["game"], col["concept"], "wrong"]
            cells.append({"attempts": a, "refused": r, "wrong": w, "scale": a / most if most else 0,
                          "text": (f"{format_number(r + w, lang)}/{format_number(a, lang)}" if r + w
                                   else format_number(a, lang) if a else ""),
                          "label": tr(lang, "rec.cell", name=col["name"],
                                      attempts=tr(lang, "rec.cell_attempts", n=Num(a)),
                                      refused=tr(lang, "rec.cell_refused", n=Num(r)),
                                      wrong=tr(lang, "rec.cell_wrong", n=Num(w)))})
        people.append({"name": s, "cells": cells, "asked": asked[s],
                       "asked_text": format_number(asked[s], lang) if asked[s] else ""})
    groups = []  # one table a game: its concepts as columns, the students who played it as rows
    for game in dict.fromkeys(col["game"] for col in columns):
        idx = [i for i, col in enumerate(columns) if col["game"] == game]
        rows_of = [{"name": p["name"], "asked": p["asked"], "asked_text": p["asked_text"], "cells": [p["cells"][i] for i in idx]}
                   for p in people if p["name"] in students_of[game]]
        groups.append({"game": game, "title": title_of(game, lang), "columns": [columns[i] for i in idx],
                       "students": rows_of})

    # ------------------------------------------------------------ worksheet tasks
    tasks: dict[tuple[str, str], list[bool]] = defaultdict(list)
    secs: dict[tuple[str, str], list[float]] = defaultdict(list)
    wrong_by: dict[tuple[str, str], dict[str, None]] = defaultdict(dict)  # who predicted wrong, in order
    for _, e in mine:
        if e["kind"] == "prediction":
            tasks[e["game"], str(e.get("task", ""))].append(bool(e.get("ok")))
            if not e.get("ok"):
                wrong_by[e["game"], str(e.get("task", ""))][e["student"]] = None
            if isinstance(e.get("secs"), (int, float)):
                secs[e["game"], str(e.get("task", ""))].append(float(e["secs"]))
    task_rows = []
    for (game, task), results in sorted(tasks.items(), key=lambda kv: (kv[0][0], _task_order(kv[0][1]))):
        concept = concepts(game).of_task(task) or FLOW
        task_rows.append({"game": game, "task": task, "concept": concepts(game).name(concept, lang),
                          "text": tr(lang, "rec.task", game=title_of(game, lang), task=task),
                          "n": len(results), "right_n": sum(results), "share_value": sum(results) / len(results),
                          "right": tr(lang, "rec.task_right", right=Num(sum(results)), n=Num(len(results)),
                                      share=percent(sum(results), len(results), lang)),
                          # Num rounds half up (94.5 s is 95 s); round() rounded to the even neighbour
                          "time": tr(lang, "rec.task_time", secs=Num(median(secs[game, task]))) if secs[game, task] else "",
                          "wrong_names": sorted(wrong_by[game, task], key=lambda x: (natural(x), x)),
                          "wrong_text": tr(lang, "rec.wrong_by", names=", ".join(sorted(wrong_by[game, task], key=lambda x: (natural(x), x))))
                          if wrong_by[game, task] else ""})

    # who is who: two students of one name told apart by the record's keys, or put together by name alone
    # (``tell_apart``, run before the names are hidden): said above the report, with the names as shown
    namesakes = sorted({e["student"] for _, e in mine if e.get("namesake")}, key=lambda x: (natural(x), x))
    by_name = sorted({e["student"] for _, e in mine if e.get("by_name")}, key=lambda x: (natural(x), x))
    doubled = maybe_doubled([e for i, e in enumerate(events) if ok[i]], sessions)
    old_record = tr(lang, "rec.old_record", n=Num(sum(doubled.values())),
                    names=", ".join(sorted(doubled, key=lambda x: (natural(x), x)))) if doubled else ""
    return {"lang": lang, "title": tr(lang, "rec.title"), "events": len(mine), "unreadable": ok.count(False),
            "old_record": old_record,
            "namesakes": tr(lang, "rec.namesakes", names=", ".join(namesakes)) if namesakes else "",
            "by_name": tr(lang, "rec.by_name", names=", ".join(by_name)) if by_name else "",
            "summary": " · ".join([tr(lang, "rec.summary", n=Num(len(students))),
                                   *([tr(lang, "rec.summary_tables", n=Num(len(tables)))] if tables else []),
                                   tr(lang, "rec.summary_events", n=Num(len(mine)))]),
            "misconceptions": top, "concepts": rows, "columns": columns, "students": people, "groups": groups,
            "tasks": task_rows,
            "next": next_practice(rows, lang)}


def applied_line(applied: int, refused: int, lang: str, hinted: int = 0) -> str:
    """How often a concept was applied in a move the engine accepted and how often refused, in words
    (``""`` where neither: a concept met only on a worksheet); ``hinted``: how many of those moves the
    hint's button played, said apart (a hint's move is no sign the student can do it).

    >>> applied_line(12, 3, "de"), applied_line(1, 1, "en"), applied_line(4, 0, "de"), applied_line(0, 0, "de")
    ('12-mal richtig angewandt, 3-mal abgelehnt', 'applied 1 time, refused 1 time', '4-mal richtig angewandt', '')
    >>> applied_line(12, 3, "de", hinted=4), applied_line(1, 0, "en", hinted=1)
    ('12-mal richtig angewandt (davon 4 mit Tipp), 3-mal abgelehnt', 'applied 1 time (1 of them with a hint)')
    """
    if not applied and not refused:
        return ""
    said = tr(lang, "rec.applied_times", n=Num(applied))
    if hinted:
        said = tr(lang, "rec.applied_hinted", applied=said, n=Num(hinted))
    return tr(lang, "rec.applied_line", applied=said, refused=tr(lang, "rec.refused_times", n=Num(refused))) if refused else said


def _task_order(task: str) -> tuple[int, str]:
    digits = "".join(ch for ch in task if ch.isdigit())
    return (int(digits) if digits else 0, task)


def rank_key(row: dict[str, Any]) -> tuple[int, int, Fraction, int]:
    """How "what to practise next" weighs a concept: first by how many students are still missing it
    (they missed it and got it right by themselves at no attempt after their last miss: a hint's move
    does not count), then by how many missed it at all (were refused or predicted wrong at least once),
    then by the share of attempts missed, then by how many. A class practises together what several
    of its students have not yet got; a concept all who missed it then applied right was learned in
    the lesson, and one student's many refusals at a concept the others master are that student's to
    practise (their row shows it).

    >>> a = {"struggled_n": 1, "still_n": 1, "refused": 12, "wrong": 0, "attempts": 16}   # one student, 75 %
    >>> b = {"struggled_n": 3, "still_n": 2, "refused": 3, "wrong": 1, "attempts": 30}    # three students, 13 %
    >>> c = {"struggled_n": 4, "still_n": 0, "refused": 9, "wrong": 0, "attempts": 20}    # four, all right since
    >>> max([a, b, c], key=rank_key) is b
    True
    """
    bad = row["refused"] + row["wrong"]
    return row.get("still_n", 0), row.get("struggled_n", 0), Fraction(bad, row["attempts"]), bad


def next_practice(rows: list[dict[str, Any]], lang: str) -> dict[str, Any]:
    """The concept to practise next (:func:`rank_key`: the most students still missing it, then the
    most who missed it at all, then the largest share of attempts refused or predicted wrong; at least
    ``MIN_ATTEMPTS`` attempts) and where to practise it: its worksheet tasks, else the teacher demo.
    ``why`` says what it rests on: how many students are still missing it (and how many missed it at
    all), or, where all who missed it got it right afterwards, that; how many of how many attempts."""
    scored = [r for r in rows if r["attempts"] >= MIN_ATTEMPTS and r["refused"] + r["wrong"]]
    if not scored:
        return {"text": tr(lang, "rec.next_none"), "concept": None}
    r = max(scored, key=rank_key)
    bad = r["refused"] + r["wrong"]
    c = concepts(r["game"])
    tasks = [t for t, concept in sorted(c.worksheet.items(), key=lambda kv: _task_order(kv[0])) if concept == r["concept"]]
    if tasks:
        text = tr(lang, "rec.next_task", n=len(tasks), concept=r["name"], game=r["game_title"], tasks=", ".join(tasks))
    else:
        text = tr(lang, "rec.next_demo", concept=r["name"], game=r["game_title"], demo=c.demo)
    share = percent(bad, r["attempts"], lang)
    figures = {"bad": Num(bad), "n": Num(r["attempts"]), "share": share}
    still, missed = r.get("still_n", 0), r.get("struggled_n", 0)
    if still:
        why = tr(lang, "rec.next_why_still", still=tr(lang, "rec.of_students", n=Num(still), of=Num(r["students_n"])),
                 missed=Num(missed), **figures)
    elif missed:  # all who missed it got it right afterwards: still the concept most missed, and said so
        why = tr(lang, "rec.next_why_after", students=r["struggled"], recovered=Num(r.get("recovered_n", 0)), **figures)
    else:
        why = tr(lang, "rec.next_why", **figures)
    return {"text": text, "why": why, "concept": r["concept"], "game": r["game"], "tasks": tasks,
            "students": missed, "still": still, "bad": bad, "attempts": r["attempts"]}
