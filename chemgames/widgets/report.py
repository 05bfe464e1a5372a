"""The class report in the teacher's notebook: ``chemgames.report(...)``.

It reads the record (the teacher's SQLite file beside the table store, a folder of the files
students handed in, or events given directly), builds the report (:mod:`chemgames.record.report`)
and shows it; a click on an example replays that moment of that game with its explanation.

Students' names are hidden until the teacher shows them (the report is often on the projector):
placeholders ("Schüler·in 1") stand in for them in everything the widget sends to the browser, so a
hidden name is neither in the page nor in a saved notebook; a button shows and hides them again.

>>> from chemgames.record.events import Recorder
>>> from chemgames.record.simulate import class_plan, play_class
>>> events, sessions = [], []
>>> pupils = [p for p in class_plan() if p.table in ("Tisch 1", "Tisch 4")]
>>> _ = play_class(Recorder(events.append, sessions.append), pupils=pupils, max_actions=300)
>>> w = report(events=events, sessions=sessions, lang="en", names=True)
>>> w.report["title"], len(w.report["students"])
('What the class learned', 8)
>>> w.receive({"type": "replay", "event": w.report["misconceptions"][0]["examples"][0]["event"]})
>>> w.replay["explanation"]["ok"], w.replay["title"].startswith(w.report["misconceptions"][0]["examples"][0]["by"].split(",")[0])
(False, True)
"""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import anywidget
import traitlets as t

from ..core.i18n import Num, check_lang, entry, keys, tr
from ..record import local
from ..core.registry import new_game
from ..record.replay import moves_before, replay
from ..record.report import build, for_the_class, tell_apart, title_of
from .base import compact_log
from .frontend import css, esm

log = logging.getLogger("chemgames.widgets")
MAX_SHOWN = 12  # cards or free cards listed in a replayed moment
MAX_OTHERS = 6  # other lessons of the record named above the report
ALL = "*"  # report(lesson=ALL): every lesson of the record file


def ui_words(lang: str) -> dict[str, str]:
    """The report's fixed words (``rec.*`` of the record's catalog) for the front end."""
    return {k[4:]: tr(lang, k) for k in sorted(keys(lang)) if k.startswith("rec.") and isinstance(entry(lang, k), str)}


def _label(item: Any, cards: dict[str, Any], game: str = "", lang: str = "de") -> str:
    """A card or tile as the table shows it: a Chemuno id ("x3.2", "H2S") as "×3", "H₂S"; a ChemiX
    multiplier as "×2" (its face alone, "2", read as a number); a Metallurgie card by its metal, a
    Chromino tile by its colours as the explanations name them ("●Rot-▲Gelb-●Rot"; the ids are the
    engine's, never on a card)."""
    if game == "chemuno" and isinstance(item, str):
        from ..games.chemuno.fit import card_label

        try:
            return card_label(item)
        except (KeyError, ValueError):
            return item
    if isinstance(item, dict):
        metal = item.get("metal")
        if isinstance(metal, str):  # Metallurgie: {"id": 13, "metal": "Fe"}
            return metal
        if isinstance(item.get("colours"), list):  # Chromino: {"id": 2, "colours": [0, 0, 2]}
            from ..games.chromino.tiles import COLOURS

            return "-".join(f"{COLOURS[c].symbol}{COLOURS[c].name(lang)}" for c in item["colours"])  # as the explanations
        return str(item.get("symbol") or item.get("code") or item.get("id"))
    face = cards.get(str(item)) if isinstance(cards, dict) else None
    if isinstance(face, dict):
        if game == "raeumab":  # "rot ● 12", as the explanations name it (its code "R12" is on no card)
            from ..games.raeumab.deck import Card

            try:
                return Card(**face).label().render(lang)
            except (TypeError, KeyError, ValueError):
                return str(face.get("code") or item)
        if face.get("kind") == "multiplier" and face.get("face"):
            return f"\u00d7{face['face']}"
        return str(face.get("code") or face.get("face") or face.get("symbol") or item)
    return str(item)


def state_lines(view: dict[str, Any], game: str = "", lang: str = "de") -> list[str]:
    """What lay before the student at that moment, in a line or two: the hand, the cards chosen
    (Das Chemie-Kartenspiel) or on the free area (ChemiX), the free cards (Räum-Ab!) and the
    forbidden divisors, each card as it shows itself.

    >>> state_lines({"hand": ["H2S", "x3.2", "O.1"]}, "chemuno")
    ['H₂S · ×3 · O']
    >>> state_lines({"hand": [{"id": 13, "metal": "Fe"}, {"id": 68, "metal": "Cu"}]}, "metallurgie")
    ['Fe · Cu']
    >>> state_lines({"hand": [{"id": 0, "colours": [0, 1, 0]}] * 14}, "chromino", "de")[0][-20:]
    '●Rot-▲Gelb-●Rot … +2'
    >>> state_lines({"free": [0, 1], "cards": {"0": {"id": 0, "kind": "number", "code": "R12", "suit": "R", "value": 12},
    ...     "1": {"id": 1, "kind": "wish", "code": "W"}}}, "raeumab", "en")
    ['red ● 12 · wish card ✦']
    >>> cards = {"H.1": {"kind": "element", "face": "H"}, "x2.1": {"kind": "multiplier", "face": "2"}}
    >>> state_lines({"hand": ["H.1"], "free": ["x2.1", "H.1"], "cards": cards}, "chemix")
    ['H', '→ ×2 + H']
    """
    cards = view.get("cards", {})
    lines = []

    def listed(items: list[Any], sep: str) -> str:  # a long hand says how many more it holds: "… +3"
        more = f" … +{len(items) - MAX_SHOWN}" if len(items) > MAX_SHOWN else ""
        return sep.join(_label(c, cards, game, lang) for c in items[:MAX_SHOWN]) + more

    if view.get("hand"):
        lines.append(listed(view["hand"], " · "))
    stage = view.get("stage") or {}
    if stage.get("free"):
        lines.append("→ " + listed(stage["free"], " + "))
    if view.get("free") and game == "chemix":  # the free area: the cards laid out this turn
        lines.append("→ " + listed(view["free"], " + "))
    elif view.get("free") and not view.get("hand"):
        lines.append(listed(view["free"], " · "))
    if view.get("bans"):
        lines.append("⊘ " + ", ".join(map(str, view["bans"])))
    return lines


class ReportWidget(anywidget.AnyWidget):
    """The report of ``events`` and ``sessions`` in ``lang`` (see :func:`report`)."""

    report = t.Dict().tag(sync=True)
    ui = t.Dict().tag(sync=True)
    lang = t.Unicode("de").tag(sync=True)
    replay = t.Dict().tag(sync=True)   # the moment replayed (empty: none)
    error = t.Unicode("").tag(sync=True)
    names = t.Bool(False).tag(sync=True)  # the students' names shown (False: placeholders)

    def __init__(self, events: list[dict[str, Any]], sessions: list[dict[str, Any]], lang: str = "de",
                 source: str = "", unread: list[tuple[str, int]] | None = None, lesson: str = "",
                 others: list[str] | None = None, names: bool = False, **kwargs: Any) -> None:
        self._esm = esm("report")
        self._css = css("report")
        super().__init__(**kwargs)
        # as recorded, each student told apart by who they are where the record knows it (``tell_apart``): kept in
        # the kernel, never synced
        self.recorded = tell_apart(events, sessions), sessions
        self.header: dict[str, Any] = {"source": source, "unread": list(unread or []), "lesson": lesson, "others": others or []}
        self.on_msg(lambda _w, content, _b: self.receive(content))
        with self.hold_sync():
            self.lang = check_lang(lang)
            self.ui = ui_words(self.lang)
            self.show(names)

    def show(self, names: bool) -> None:
        """The report with the students' names (``names``) or placeholders in their place; a moment
        replayed is closed, as it names its student."""
        h = self.header
        self.events, self.sessions = for_the_class(*self.recorded, self.lang, names=names)
        built = build(self.events, self.sessions, self.lang)
        # a hand-in is often named after its student ("mia.jsonl"): its name is hidden with the names
        files = h["unread"] if names else [(tr(self.lang, "rec.file_n", n=Num(i + 1)) if name else name, n)
                                           for i, (name, n) in enumerate(h["unread"])]
        missing = files + ([("", built["unreadable"])] if built["unreadable"] else [])
        with self.hold_sync():
            self.replay = {}
            self.names = bool(names)
            self.report = {**built, "source": tr(self.lang, "rec.source", path=h["source"]) if h["source"] else "",
                           "unread": unread_text(missing, self.lang),
                           "lesson": tr(self.lang, "rec.lesson", lesson=h["lesson"]) if h["lesson"] else "",
                           "other_lessons": tr(self.lang, "rec.other_lessons", lessons=", ".join(h["others"][:MAX_OTHERS]))
                           if h["others"] else ""}

    def receive(self, content: Any) -> None:
        """A message from the browser: ``{"type": "replay", "event": i}``, ``{"type": "close"}`` or
        ``{"type": "names", "show": true}`` (the teacher's click on "Namen zeigen"/"Namen ausblenden")."""
        if not isinstance(content, dict):
            return
        if content.get("type") == "names":
            self.show(content.get("show") is True)
            return
        if content.get("type") == "close":
            self.replay = {}
            return
        index = content.get("event")
        if content.get("type") != "replay" or not isinstance(index, int) or isinstance(index, bool) \
                or not 0 <= index < len(self.events) or self.events[index].get("kind") not in ("move", "refused"):
            self.error = tr(self.lang, "rec.replay_failed")
            return
        try:
            self.replay = self.moment(index)
            self.error = ""
        except Exception:  # noqa: BLE001 - a record that no longer replays (a changed rule, a hand-in without its setup)
            # the teacher reads why in words; the class name and trace go to the kernel's log
            log.warning("a recorded moment does not replay", exc_info=True)
            self.replay = {}
            self.error = tr(self.lang, "rec.replay_failed")

    def moment(self, index: int) -> dict[str, Any]:
        """Event ``index`` replayed: who, where, the explanation, what lay before them, the moves before.
        With the names hidden (the projector) a hand is shown only once its game has ended in the
        record: a game still in play would show its cards to the student's tablemates; the moment is
        then seen as a spectator sees it, and ``hidden`` says why the hand is missing."""
        game, explanation, event = replay(self.events, self.sessions, index, self.lang)
        session = next(s for s in self.sessions if s["id"] == event["session"])
        view = game.view(event["seat"])
        hidden = ""
        if not self.names and "hand" in view and not self._ended(session):
            view, hidden = game.view(None), tr(self.lang, "rec.replay_hand_hidden")
        return {"event": index, "title": tr(self.lang, "rec.replay_title", student=event["student"],
                                            where=session.get("table") or tr(self.lang, "rec.own_notebook"),
                                            game=title_of(game.id, self.lang), n=Num(len(game.log))),
                "heading": tr(self.lang, "rec.replay_expl", student=event["student"]),
                "explanation": explanation.to_dict(), "state": state_lines(view, game.id, self.lang), "hidden": hidden,
                "log": compact_log(view)[-6:]}

    def _ended(self, session: dict[str, Any]) -> bool:
        """Whether the game of ``session`` ended in the record (its recorded moves, replayed, end it)."""
        setup = session["setup"]
        game = new_game(setup["game"], players=setup["players"], seed=setup["seed"], lang=self.lang,
                        **setup.get("options", {}))
        for done in moves_before(self.events, session["id"], len(self.events)):
            game.apply(game.action_from_json(done), explain=False)
        return bool(game.is_over)

    def set_state(self, sync_data: Any) -> None:
        """The browser only sends messages: its state changes are refused and Python's values resent."""
        names = [k for k in (sync_data if isinstance(sync_data, dict) else {}) if k in self.keys]
        if names:
            self.send_state(names)

    def __repr__(self) -> str:
        return f"<ReportWidget: {self.report.get('summary', '')}>"


def unread_text(missing: list[tuple[str, int]], lang: str) -> str:
    """What could not be read, in a sentence: per file its lines (``-1``: the whole file), or
    (file ``""``) the entries of the teacher's record file.

    >>> unread_text([("ben.jsonl", 1), ("x.jsonl", -1)], "en")
    'Part of the record could not be read and is missing from this report (the files were left as they are): ben.jsonl: 1 line; x.jsonl: unreadable.'
    >>> unread_text([], "de")
    ''
    """
    if not missing:
        return ""
    parts = [tr(lang, "rec.unread_entries", n=Num(n)) if not name else tr(lang, "rec.unread_file", file=name)
             if n < 0 else tr(lang, "rec.unread_lines", file=name, n=Num(n)) for name, n in missing]
    return tr(lang, "rec.unread", what="; ".join(parts))


def load_folder(folder: str | Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[tuple[str, int]]]:
    """The sessions and events of every record file in ``folder`` (``*.jsonl``, the students'
    hand-ins, whatever their names: ``chemgames-raeumab-Mia-2026-11-28-1042.jsonl``, the older
    ``chemgames-record.jsonl`` and a browser's ``chemgames-record (1).jsonl``), and of every JSON
    export (``*.json`` with ``"format": "chemgames-record"``), each event once, and per file the
    lines or entries that did not read (``-1``: the whole file); those are left out."""
    import json

    from ..record.events import EXPORT_FORMAT
    from ..record.report import readable

    events: list[dict[str, Any]] = []
    sessions: list[dict[str, Any]] = []
    unread: list[tuple[str, int]] = []
    seen: set[Any] = set()
    for path in sorted(Path(folder).iterdir()):
        try:
            if path.suffix == ".jsonl":
                s, e, bad = local.read(path)
            elif path.suffix == ".json":
                try:
                    data = json.loads(path.read_text("utf-8"))
                except ValueError:
                    continue  # not ours: any JSON file may lie in the folder
                # any version: the document's shape is the same since the first (``events.RECORD_VERSION``)
                if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
                    continue
                s, e, bad = data.get("sessions", []), data.get("events", []), 0
                if not isinstance(s, list) or not isinstance(e, list):
                    s, e, bad = [], [], -1
                s = [x for x in s if isinstance(x, dict) and isinstance(x.get("id"), str)]
            else:
                continue
        except OSError:  # a folder named like a record, a file without read rights
            unread.append((path.name, -1))
            continue
        kept = [x for x in e if readable(x)]
        if bad < 0 or bad + len(e) - len(kept):
            unread.append((path.name, -1 if bad < 0 else bad + len(e) - len(kept)))
        # a student's record grows from hand-in to hand-in: a second download of it, or yesterday's and
        # today's hand-in in one folder, hold the same events, counted once
        sessions += [x for x in s if _once(seen, ("s", x["id"], json.dumps(x, sort_keys=True, default=str)))]
        # each event knows its file: a file is one student's record (``tell_apart``), never sent to the browser
        events += [{**x, "file": path.name} for x in kept if _once(seen, _event_key(x))]
    return events, sessions, unread


def _event_key(e: dict[str, Any]) -> tuple[Any, ...]:
    """What makes an event this one: its match, moment, kind, seat, student and time (to the microsecond)."""
    return ("e", e.get("session"), e.get("ts"), e.get("kind"), e.get("at"), e.get("seat"), e.get("student"),
            e.get("task"), e.get("rule"))


def _once(seen: set[Any], key: Any) -> bool:
    """Whether ``key`` is new (and now seen)."""
    try:
        if key in seen:
            return False
        seen.add(key)
    except TypeError:  # a hand-edited line with a list where a number belongs: kept, never the report's failure
        pass
    return True


def find_record(start: Path, levels: int = 3) -> Path | None:
    """The teacher's record file (``chemgames-record.db``) in ``start`` or up to ``levels`` folders
    above it: ``chemgames serve`` writes it where it was started, while ``chemgames lab`` runs the
    notebooks two folders down (``chemgames-workspace/notebooks/``).

    >>> import tempfile
    >>> top = Path(tempfile.mkdtemp()); (top / "chemgames-record.db").touch()
    >>> (top / "w" / "n").mkdir(parents=True); find_record(top / "w" / "n") == top / "chemgames-record.db"
    True
    """
    for folder in [start, *start.parents][:levels + 1]:
        if (folder / RECORD_FILE).is_file():
            return folder / RECORD_FILE
    return None


RECORD_FILE = "chemgames-record.db"  # record.store.DEFAULT_FILE (that module loads sqlite3)


def report(db: str | Path | None = None, folder: str | Path | None = None, lesson: str | None = None,
           lang: str = "de", events: list[dict[str, Any]] | None = None,
           sessions: list[dict[str, Any]] | None = None, names: bool = False) -> ReportWidget:
    """The class report: from ``events``/``sessions``, a ``folder`` of handed-in record files, the
    teacher's record file ``db`` (default ``chemgames-record.db``), of one ``lesson`` or all, or both
    ``db`` and ``folder`` (a lesson at tables and in notebooks: one report, each student counted once). The
    record file keeps every class's lessons of the retention period: without ``lesson`` its latest
    lesson is shown, the others named above it (``lesson="*"``: all of them). The students' names are
    hidden (placeholders, not in the page nor a saved notebook) unless ``names=True`` or the teacher
    clicks "Namen zeigen": the report is often on the projector, and shows who struggles."""
    sources: list[str] = []
    unread: list[tuple[str, int]] = []
    others: list[str] = []
    if events is None:
        events, sessions = [], []
        if db is not None or folder is None:  # the tables' record (with a folder: only when named)
            path = Path(db) if db is not None else find_record(Path.cwd())
            if path is None or str(path) != ":memory:" and not path.is_file():
                # opening a missing file would make an empty one and report "nothing recorded yet";
                # said with every folder looked in, and the other way a record comes (hand-ins)
                missing = ReportWidget([], [], lang=lang)
                missing.error = (tr(missing.lang, "rec.no_record", path=str(path.resolve())) if path is not None
                                 else tr(missing.lang, "rec.no_record_near", folder=str(Path.cwd().resolve())))
                # no class yet is no fault: the view says it once, as a note (widgets/report.js)
                missing.report = {**missing.report, "missing": True}
                return missing
            import sqlite3

            from ..record.store import RecordStore  # sqlite3: not loaded in the Lite site unless asked

            try:
                store = RecordStore(path)
                try:
                    # no quick_check here: it reads the whole file (1 s for a school's 215 MB); a damaged
                    # page is found where the lesson's rows are read
                    lessons = store.recent_lessons()
                    chosen = lessons[0] if lesson is None and lessons else lesson
                    events = store.events(None if chosen == ALL else chosen)
                    sessions = store.sessions(None if chosen == ALL else chosen)
                    others = [x for x in lessons if x != chosen] if chosen != ALL else []
                finally:
                    store.close()
            except sqlite3.DatabaseError:  # damaged: said in words, the file left as it is
                log.warning("the record %s does not read", path, exc_info=True)
                damaged = ReportWidget([], [], lang=lang)
                damaged.error = tr(damaged.lang, "rec.damaged", path=str(path.resolve()))
                return damaged
            if str(path) != ":memory:":
                sources.append(str(path.resolve()))
            lesson = chosen
        if folder is not None:
            # the hand-ins of the same lesson beside the tables' record: one report, every student counted
            # once in "Fehler bei 3 von 8 Schüler·innen" (a folder alone keeps its own lesson filter)
            handed, handed_sessions, unread = load_folder(folder)
            if lesson not in (None, ALL) and db is None:
                handed = [e for e in handed if e.get("lesson") == lesson]
            events, sessions = events + handed, sessions + handed_sessions
            sources.append(str(Path(folder).resolve()))
    source = " + ".join(sources)
    return ReportWidget(events, sessions or [], lang=lang, source=source, unread=unread,
                        lesson="" if lesson in (None, ALL) else str(lesson), others=others, names=names)
