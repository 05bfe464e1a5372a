"""The notebook's own record: a student's games and worksheets, one line of JSON per event in
``chemgames-saves/chemgames-record.jsonl`` beside the saves (in the JupyterLite site the folder is
the browser's storage). The student hands the file in; the teacher loads a folder of them into the
report (``chemgames.report(folder=...)``).

The name in the file is the one the student types (``chemgames.record.name("Mia")``), nothing
else; a student who hands in without typing one is named by an anonymous id (``anonym-3f9a2c``).
``hand_in()`` writes the file to hand in beside the record, named by game, name, date and time. ``CHEMGAMES_RECORD=0`` in the environment switches the notebook's record off.

>>> import os, tempfile, chemgames
>>> os.environ["CHEMGAMES_SAVES"] = tempfile.mkdtemp()
>>> name("Mia")
>>> from chemgames.worksheets import worksheet
>>> w = worksheet("raeumab", lang="en", solutions=False).task(2)
>>> w.predict("double")["correct"]
False
>>> sessions, events = load(hand_in())
>>> [(e["student"], e["kind"], e["task"], e["ok"]) for e in events]
[('Mia', 'prediction', '2', False)]
"""
from __future__ import annotations

import atexit
import base64
import html
import json
import os
import re
import secrets
import sys
import time
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, ClassVar

from ..core.i18n import Num, check_lang, tr
from ..saves import saves_folder
from .concepts import GAMES
from .events import Recorder, Session, TurnAttempts, person_key

FILE = "chemgames-record.jsonl"
OFF = "CHEMGAMES_RECORD"


def record_file() -> Path:
    """The notebook's record file (beside the saves)."""
    return saves_folder() / FILE


def enabled() -> bool:
    return os.environ.get(OFF, "1").strip().lower() not in ("0", "false", "no", "nein", "off")


FLUSH_LINES = 25   # events kept in memory before they are written ...
FLUSH_SECONDS = 5.0  # ... or this long: in the JupyterLite site every write goes to the browser's storage
_pending: list[str] = []
_last_flush = [time.monotonic()]


def flush() -> None:
    """Write the events kept in memory to the record file."""
    if not _pending:
        return
    lines, _pending[:] = list(_pending), []
    _last_flush[0] = time.monotonic()
    path = record_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as f:
            f.write("".join(lines))
    except OSError:  # a read-only folder: the game goes on, unrecorded
        pass


def _write(line: dict[str, Any], now: bool = False) -> None:
    _pending.append(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")
    if now or len(_pending) >= FLUSH_LINES or time.monotonic() - _last_flush[0] >= FLUSH_SECONDS:
        flush()


HAND_IN = re.compile(r"chemgames-(?:[a-z]+(?:\+[a-z]+)*-)?[\w-]+-\d{4}-\d{2}-\d{2}-\d{4}\.jsonl")
ANONYMOUS = "anonym"


def file_part(student: str) -> str:
    """A typed name as a part of a file name every system keeps: letters, digits, ``-`` and ``_``
    (spaces become ``_``; a slash, a dot, a colon are left out), at most 30 characters; ``""`` when
    nothing of it is left.

    >>> file_part("Mia"), file_part("Jan-Ole Åström"), file_part("../x:y"), file_part("★")
    ('Mia', 'Jan-Ole_Åström', 'xy', '')
    """
    text = unicodedata.normalize("NFC", "_".join(student.split()))
    return re.sub(r"[^\w-]", "", text).strip("-_")[:30]


def hand_in_name(games: list[str], student: str, when: time.struct_time) -> str:
    """The name of a hand-in file: the games in it, the student's typed name (or anonymous id), the
    date and the time, so that a class's files sit side by side in the teacher's folder, by game and
    name, and a second hand-in never overwrites the first.

    >>> t = time.strptime("2026-11-28 10:42", "%Y-%m-%d %H:%M")
    >>> hand_in_name(["raeumab"], "Mia", t), hand_in_name(["raeumab", "chemuno"], "anonym-3f9a2c", t)
    ('chemgames-raeumab-Mia-2026-11-28-1042.jsonl', 'chemgames-chemuno+raeumab-anonym-3f9a2c-2026-11-28-1042.jsonl')
    >>> bool(HAND_IN.fullmatch(hand_in_name([], "Mia", t)))
    True
    """
    part = "+".join(sorted(set(games)))
    return f"chemgames-{part + '-' if part else ''}{student}-{time.strftime('%Y-%m-%d-%H%M', when)}.jsonl"


def _contents(path: Path) -> tuple[list[str], str, int, str]:
    """The games recorded in the file at ``path``, the last name typed (or anonymous id) in it, how many
    of the student's own entries it holds (a bot's moves are no entry), and the language of its last game."""
    games: dict[str, None] = {}
    typed, entries, lang = "", 0, ""
    try:
        lines = path.read_bytes().splitlines()
    except OSError:
        return [], "", 0, ""
    for raw in lines:
        try:
            item = json.loads(raw.decode("utf-8"))
        except ValueError:
            continue
        if not isinstance(item, dict):
            continue
        if item.get("type") == "name" and isinstance(item.get("name"), str):
            typed = item["name"]
        elif item.get("type") == "session" and isinstance(item.get("setup"), dict) and item["setup"].get("lang") in ("de", "en"):
            lang = item["setup"]["lang"]
        elif item.get("type") == "event" and item.get("kind") != "bot":
            entries += 1
            if item.get("game") in GAMES:
                games[item["game"]] = None
    return list(games), typed, entries, lang


if TYPE_CHECKING:
    _PathBase = Path
else:
    _PathBase = type(Path())  # PosixPath or WindowsPath: Path itself cannot be subclassed before Python 3.12

MAX_LINK = 1_500_000  # bytes a download link carries: Chromium takes URLs up to 2 MB, base64 writes 4 for 3


class HandIn(_PathBase):
    """The file to hand in: a path like any other (``load(hand_in())``), which a notebook shows as what the
    student does next (:func:`hand_in_note`): a link that downloads it, where else the file is. Where the widgets
    are imported (every game and worksheet task, which record, imports them) the notebook shows the note with a
    button instead (``shown_by``: ``chemgames.widgets.handin``), which asks Python for the file on a click: the
    saved notebook then holds no copy of the file, and a reopened one offers no old file; it shows the note's words
    and that the cell must run again for the button."""

    note_html = ""
    note_text = ""
    entries = 0  # the student's own entries in it (a bot's moves are none)
    lang = "de"  # the note's language
    #: how a notebook shows a hand-in (set by ``chemgames.widgets.handin``: the record imports no widget)
    shown_by: ClassVar[Callable[[HandIn, str], Any] | None] = None

    def _repr_html_(self) -> str | None:
        return self.note_html or None

    def _ipython_display_(self) -> None:
        """What a notebook shows (IPython asks this first): with the widgets (``shown_by``) the download button and
        the note in words, two outputs (a reopened notebook has lost the button with the Python that drew it, not the
        words); without them the note as HTML with its ``data:`` link (:meth:`_repr_html_`) and as text."""
        show = HandIn.shown_by
        if show is not None and self.note_text:
            show(self, self.lang)
            return
        from IPython.display import display

        display({"text/plain": self.note_text or repr(self), **({"text/html": self.note_html} if self.note_html else {})}, raw=True)

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(self.note_text or repr(self))


def kept_by_browser(path: str, platform: str | None = None) -> bool | None:
    """Whether the browser keeps the file at ``path`` (resolved): ``None`` outside the JupyterLite site (Python of a
    computer: its own folder); in the site's Pyodide ``True`` in the browser's storage (``/drive``, mounted only where
    the site's service worker runs: ``https://`` or the site on this computer), else ``False``: the tab's memory,
    gone with the tab, and not in the file browser (a site over ``http://`` from a classroom server, a private window).

    >>> kept_by_browser("/drive/notebooks/chemgames-saves/a.jsonl", "emscripten"), kept_by_browser("/home/pyodide/a", "emscripten")
    (True, False)
    """
    if (platform or sys.platform) != "emscripten":
        return None
    return path == "/drive" or path.startswith("/drive/")


def hand_in_note(path: Path, data: bytes, entries: int, lang: str, written: bool = True) -> tuple[str, str]:
    """What a notebook shows for the hand-in ``path`` holding ``data`` (``entries`` of the student's): the file and
    its entries, a link that downloads it (a ``data:`` link of the page: it needs no server and no file system, so
    it works in JupyterLab and in the JupyterLite site alike), to give it to the teacher, and where else it is; in the
    site without the browser's storage, that the file is in this tab only and is downloaded now; ``written``
    ``False``: the hand-in could not be written (a read-only folder), the link downloads the record itself. As HTML
    and as plain text (a console)."""
    kept = kept_by_browser(str(path.resolve()))
    folder = path.parent.name or str(path.parent)
    head = tr(lang, "rec.hand_in_file", file=path.name, entries=tr(lang, "rec.unread_entries", n=Num(entries)))
    lines = [] if written else [tr(lang, "rec.hand_in_unwritten", file=path.name)]
    link = len(data) <= MAX_LINK
    if link:
        lines.append(tr(lang, "rec.hand_in_give"))
    if kept is False:
        lines.append(tr(lang, "rec.hand_in_memory"))
    elif link:
        lines.append(tr(lang, "rec.hand_in_browser", folder=folder))
    else:
        lines.append(tr(lang, "rec.hand_in_too_big", folder=folder))
    words = tr(lang, "rec.hand_in_download", file=path.name)
    anchor = (f'<a download="{html.escape(path.name)}" href="data:application/octet-stream;base64,'
              f'{base64.b64encode(data).decode("ascii")}" style="font-weight:600">{html.escape(words)}</a>')
    body = "".join(f"<p>{html.escape(x)}</p>" for x in lines)
    shown = (f'<div class="cg-hand-in" lang="{lang}"><p>{html.escape(head)}</p>'
             f'{f"<p>{anchor}</p>" if link else ""}{body}</div>')
    return shown, "\n".join([head, *lines])


def hand_in(lang: str | None = None) -> HandIn:
    """Write everything recorded so far into a file to hand in and return it; a notebook shows it as
    what to do next (:func:`hand_in_note`, in ``lang``, else the language of the last game recorded): a
    link that downloads it, and where else it is (JupyterLab and the JupyterLite site: the file browser,
    right-click, "Download"). It lies beside the
    record, named by :func:`hand_in_name`: the games, the name typed with :func:`name` (without one,
    an anonymous id, the same at each hand-in of this notebook's record), the date and the time; an
    earlier hand-in of this record, which the new one holds whole, is removed. Nothing else goes into
    the name: no partner's name, no card, no user name of the computer."""
    flush()
    record = record_file()
    games, typed, entries, played = _contents(record)
    lang = check_lang(lang or played or "de")
    who = file_part(_name[0] or typed)
    if not (_name[0] or typed):  # no name typed: an anonymous id, kept in the record for the next hand-in
        who = f"{ANONYMOUS}-{secrets.token_hex(3)}"
        _write({"type": "name", "name": who, "anonymous": True, "ts": time.time()}, now=True)
    elif not who:  # a name a file name cannot keep ("★"): it stays in the file, the file name is anonymous
        who = f"{ANONYMOUS}-{secrets.token_hex(3)}"
    path = record.with_name(hand_in_name(games, who, time.localtime()))
    data = b""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        data = record.read_bytes() if record.exists() else b""
        for old in record.parent.iterdir():  # the earlier hand-ins: the new one holds all they held
            if old != path and HAND_IN.fullmatch(old.name):
                old.unlink()
        path.write_bytes(data)
        written = True
    except OSError:  # a read-only folder: the record itself is still there to hand in
        path, written = record, False
    out = HandIn(path)
    out.note_html, out.note_text = hand_in_note(path, data, entries, lang, written)
    out.entries, out.lang = entries, lang
    return out


atexit.register(flush)


_name: list[str] = [""]  # the notebook's owner, then the hot-seat partners at the next human seats


def name(student: str, *partners: str) -> None:
    """The name (or nickname) under which this notebook's record is handed in; in a hot-seat game
    the names of the partners at the next human seats (``name("Mia", "Ali")``). A partner not
    named is recorded as "Platz 2 bei Mia", never as Mia."""
    names = [" ".join(str(n).split())[:40] for n in (student, *partners)]
    if not all(names):
        raise ValueError("a name needs at least one letter")
    _name[:] = names
    _write({"type": "name", "name": names[0], "ts": time.time()}, now=True)


_kept_name: list[str | None] = [None]  # the last name typed that the record file keeps (read once a process)


def partners() -> list[str]:
    """The hot-seat partners' names typed with :func:`name` (at the next human seats)."""
    return list(_name[1:])


def typed_name() -> str:
    """The name this notebook's record is handed in under: the one typed (:func:`name`), else the last one the
    record file keeps from an earlier run (the play page after a reload: Python starts afresh), else ``""`` (an
    anonymous id is no typed name). The hand-in button asks for a name when this is empty.

    >>> import os, tempfile
    >>> os.environ["CHEMGAMES_SAVES"] = tempfile.mkdtemp()
    >>> _name[:], _kept_name[:] = [""], [None]
    >>> typed_name()
    ''
    >>> name("Ada"); typed_name()
    'Ada'
    >>> _name[:], _kept_name[:] = [""], [None]  # a new process, the same record
    >>> typed_name()
    'Ada'
    """
    if _name[0]:
        return _name[0]
    if _kept_name[0] is None:
        kept = ""
        for item in _lines(record_file()):
            if item.get("type") == "name" and not item.get("anonymous") and isinstance(item.get("name"), str):
                kept = item["name"]
        _kept_name[0] = kept
    return _kept_name[0] or ""


def _lines(path: Path) -> list[dict[str, Any]]:
    """The JSON objects of the record file at ``path`` (what is kept in memory written first); a line that does
    not read is left out, a file that does not open is empty."""
    flush()
    try:
        lines = path.read_bytes().splitlines()
    except OSError:
        return []
    out = []
    for raw in lines:
        try:
            item = json.loads(raw.decode("utf-8"))
        except ValueError:
            continue
        if isinstance(item, dict):
            out.append(item)
    return out


def _recorder() -> Recorder:
    return Recorder(lambda e: _write({"type": "event", **e}), lambda s: _write({"type": "session", **s}),
                    source="notebook")


_record_id: list[tuple[Path, str]] = []  # (the record file, its id) once read or made in this process
#: the ids of the devices this computer joined class tables with, as the table server files them (set by the
#: widgets, which may ask the table client: the record imports no server); none where no table was joined
KEPT_DEVICES: list[Callable[[], list[str]]] = [lambda: []]


def record_id() -> str:
    """This record's own id (12 hex digits, random, made once and kept in the file as ``{"type": "record"}``):
    two students who typed the same name into two notebooks hand in two records, which the report counts as two
    students (``report.tell_apart``); two hand-ins of one record stay one. It names no person and no device."""
    path = record_file()
    if _record_id and _record_id[0][0] == path:
        return _record_id[0][1]
    found = next((x["id"] for x in _lines(path) if x.get("type") == "record" and isinstance(x.get("id"), str)), "")
    if not found:
        found = secrets.token_hex(6)
        _write({"type": "record", "id": found, "ts": time.time()}, now=True)
    _record_id[:] = [(path, found)]
    return found


def owner_keys() -> list[str]:
    """Who this notebook's owner is to the report (:func:`chemgames.record.events.person_key`): this record, and
    each device this computer joined class tables with (so a hand-in and the teacher's record of the tables find
    the same student, whatever name was typed where)."""
    keys = ["r" + record_id()]
    try:
        keys += [person_key(d) for d in KEPT_DEVICES[0]()]
    except Exception:  # noqa: BLE001 - a seat file that does not read: the record id alone
        pass
    return keys


def load(path: str | Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The sessions and events of one handed-in file; events without a name take the file's
    last typed name, else the file's name."""
    sessions, events, _ = read(path)
    return sessions, events


def read(path: str | Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]], int]:
    """:func:`load`, and how many lines did not read (cut off by a full disk, inside a letter of
    several bytes, edited by hand): each is left out, the rest still counts. Raises ``OSError``
    when the file itself cannot be opened."""
    path = Path(path)
    sessions, events, typed, bad = [], [], "", 0
    for raw in path.read_bytes().splitlines():
        if not raw.strip():
            continue
        try:
            item = json.loads(raw.decode("utf-8"))
        except ValueError:  # not JSON, or not UTF-8 (UnicodeDecodeError is a ValueError)
            bad += 1
            continue
        kind = item.pop("type", None) if isinstance(item, dict) else None
        if kind == "name":
            typed = str(item.get("name", ""))[:40]
        elif kind == "session" and isinstance(item.get("id"), str):
            sessions.append(item)
        elif kind == "event":
            events.append(item)
        elif kind != "record":  # the record's own id (``record_id``): its sessions carry it as a key
            bad += 1
    fallback = typed or path.stem
    by_id = {s["id"]: s for s in sessions}
    for e in events:
        if e.get("student"):
            continue
        s = by_id.get(e.get("session")) if isinstance(e.get("session"), str) else None
        seat = e.get("seat")
        if s is not None and isinstance(s.get("owner"), int) and isinstance(seat, int) and seat != s["owner"]:
            lang = str((s.get("setup") or {}).get("lang", "de"))
            e["student"] = tr(lang if lang in ("de", "en") else "de", "rec.hot_seat", name=fallback, seat=seat + 1)
        else:
            e["student"] = fallback
    return sessions, events, bad


# ---------------------------------------------------------------------- the widgets' listeners
class GameWatch:
    """Records a game widget's moves, refusals, hints and advice (a listener on its messages,
    called after the widget has handled each one)."""

    def __init__(self, widget: Any) -> None:
        self.widget = widget
        self.rec = _recorder()
        self.game: Any = None
        self.session: Session | None = None
        self.seen = 0
        self.recorded: Any = None  # the last refusal recorded (the widget's notice object)
        self.attempts = TurnAttempts()  # the refusals recorded this turn, a turn being (seat, log length)
        self.prepared: tuple[int, int] | None = None  # a hint's steps made: (player, where its confirmation goes)

    def _follow(self) -> Session:
        game = self.widget.game
        if game is not self.game or self.session is None:
            self.game = game
            humans = [i for i, k in enumerate(self.widget.seats) if k == "human"]
            # the j-th human seat is the j-th name typed; a partner not named stays blank (load() names the
            # seat after the owner): a hot-seat partner's moves and mistakes are not the owner's
            names = [(_name[humans.index(i)] if humans.index(i) < len(_name) else "") if k == "human" else k
                     for i, k in enumerate(self.widget.seats)]
            keys = [owner_keys() if humans and i == humans[0] else [] for i in range(len(names))]
            self.session = self.rec.session(game, names, owner=humans[0] if humans else None, keys=keys)
            # the moves the game came with (a resumed save: recorded when they were made) are kept only to
            # replay a moment, as the table server keeps the moves no student of it made; counted again they
            # doubled every "richtig angewandt" of a resumed game, and a refused first attempt after the
            # resume was lost among them (s24g)
            log = game.log
            self.seen = min(int(getattr(self.widget, "moves_before", 0)), len(log))
            for i in range(self.seen):
                self.rec.action(self.session, log[i].action, log[i].explanation if log[i].explained else None,
                                at=i, bot=True)
        return self.session

    def __call__(self, _widget: Any, content: Any, _buffers: Any) -> None:
        try:
            self.heard(content)
        except Exception:  # noqa: BLE001 - the record must never disturb the game
            pass

    def heard(self, content: Any) -> None:
        if not isinstance(content, dict):
            return
        s = self._follow()
        log = self.game.log
        kind = content.get("type")
        if len(log) < self.seen:
            self.rec.undone(s, self.game.current_player or 0, len(log))
            self.prepared = None
        final = tuple(getattr(self.widget, "final_kinds", ()))
        for i in range(min(self.seen, len(log)), len(log)):
            entry = log[i]
            bot = self.widget.seats[entry.player] != "human"
            explanation = entry.explanation if entry.explained else None
            # the "Tipp" button's move is the engine's, not the student's: made by "hint_play", or the
            # confirmation right after the steps it prepared (the player confirms a prepared hint herself)
            hinted = kind == "hint_play" or (self.prepared == (entry.player, i) and entry.action.kind in final)
            self.rec.action(s, entry.action, explanation, at=i, bot=bot, hint=hinted and not bot)
        if kind == "hint_play" and len(log) > self.seen and log[-1].action.kind not in final and \
                self.game.current_player == log[-1].player:
            self.prepared = (log[-1].player, len(log))  # held back: the player is to confirm it next
        elif len(log) != self.seen:
            self.prepared = None
        self.seen = len(log)
        notice = getattr(self.widget, "_notice", None)
        # a refused "act" leaves its refusal as the notice (an applied one clears it). Whether the log grew
        # since the last message says nothing: a move made from Python in between (``w.apply``, ``w.bot_turn``)
        # hid the refusal after it (s24g); a notice already recorded (a stale message changes nothing) is not
        # recorded again
        if kind == "act" and getattr(notice, "ok", True) is False and notice is not self.recorded:
            self.recorded = notice
            try:
                attempt = self.game.action_from_json(content.get("action"))
            except Exception:  # noqa: BLE001 - a malformed message is no student's attempt
                return
            # as the table server keeps them: each different attempt of a turn once, at most REFUSALS_RECORDED
            # (a click repeated counted 3-mal abgelehnt in a notebook, once at a table)
            if not self.attempts.worth((attempt.player, len(log)), attempt.to_json()):
                return
            self.rec.action(s, attempt, notice, at=len(log))
        elif kind in ("hint", "advice") and not _refused(notice):
            # asked and answered (a click in a bot's pause is refused: no one asked for that seat, and a
            # bot's seat is no student of the report)
            self.rec.asked(s, self.game.current_player or 0, kind, len(log))


def _refused(notice: Any) -> bool:
    """Whether the widget's notice after a message is a refusal of it (``("err.bot_turn", {...})``).

    >>> _refused(("err.bot_turn", {"player": 2})), _refused(("ui.no_hints", {})), _refused(None)
    (True, False, False)
    """
    return isinstance(notice, tuple) and bool(notice) and str(notice[0]).startswith("err.")


def watch_game(widget: Any) -> bool:
    """Record what happens in ``widget`` (a game widget in the student's notebook); whether it is recorded
    (the widget then offers to hand the record in)."""
    from ..core.game import Game

    # a class table's widget plays a game the server holds: the server records it
    if enabled() and isinstance(getattr(widget, "game", None), Game):
        widget.on_msg(GameWatch(widget))
        return True
    return False


def watch_task(widget: Any, game: str, number: str | int) -> None:
    """Record the prediction committed in a worksheet task widget, with the time it took."""
    if not enabled():
        return
    shown = time.time()
    rec = _recorder()

    def committed(change: dict[str, Any]) -> None:
        result = change.get("new") or {}
        if not result or result.get("teacher") or (change.get("old") or {}):
            return
        try:
            lang = getattr(widget, "lang", None)
            s = rec.session(f"{game}", [_name[0]], kind="worksheet", lang=lang if lang in ("de", "en") else None,
                            keys=[owner_keys()])
            rec.prediction(s, str(number), str(result.get("prediction", "")), bool(result.get("correct")),
                           time.time() - shown)
            flush()  # a prediction is rare and worth keeping at once
        except Exception:  # noqa: BLE001 - the record must never disturb the worksheet
            pass

    widget.observe(committed, names="result")
