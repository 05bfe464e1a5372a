"""One event per student action, and the :class:`Recorder` the table server and the notebook use
to make them.

An event is a plain dict (cheap to make, JSON as it is)::

    ts       when (seconds since 1970)          kind    move | refused | bot | undo | hint | advice | prediction
                                                        (| erased: a move of a student the teacher erased, no name)
    lesson   the lesson it belongs to            rule    the rule key (Explanation.rule) of a move or refusal
    student  the name the student typed          facts   the numbers a refusal named (see facts_of)
    session  the game (or worksheet) it was in   action  the action as JSON (to replay the moment)
    game     the game's id                       ok      a move: True; a refusal: False; a prediction: right?
    seat     the seat (0-based)                  secs    time the student took (since their last event)
    at       the game's log length before it     task    a worksheet task's number

Nothing else: no account, no address, no device. A session holds the game's set-up (id, players,
seed, language, options), so a moment can be replayed from the moves recorded before it.

>>> import chemgames
>>> events, sessions = [], []
>>> rec = Recorder(events.append, sessions.append, lesson="7b")
>>> g = chemgames.new_game("raeumab", players=2, seed=3, lang="en")
>>> s = rec.session(g, ["Mia", "Ali"], table="Tisch 1")
>>> a = g.legal_actions()[0]
>>> rec.action(s, a, g.apply(a), at=0)
>>> events[-1]["kind"], events[-1]["student"], events[-1]["rule"], sessions[0]["setup"]["seed"]
('move', 'Mia', 'ra.double_pair', 3)
"""
from __future__ import annotations

import itertools
import json
import secrets
import time
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Callable

from ..core.explanation import Explanation, Msg, MsgList, Quoted, Text
from ..core.i18n import Num

MAX_STEPS = 16  # steps of a refusal kept with their numbers
#: refused attempts of one seat recorded in one turn (each different; the same one again is not), at a class
#: table and in a notebook alike: a student who tries a few wrong moves is recorded, a click repeated in
#: frustration once, a script's hundreds are not the class's misconception
REFUSALS_RECORDED = 8
#: the format of what a Recorder writes, in every session it makes (``"version"``), and of the teacher's JSON export
#: that holds them (``RecordStore.export_json``: one number, one name). 1 (no field in a session): before session 24,
#: when a notebook recorded a resumed game's earlier moves again as the student's (s24g); 2: those moves are kept
#: as ``bot`` events, replay-only. The report tells an old record by the missing field (``report.maybe_doubled``);
#: an export of version 1 (session 24's and before) holds sessions without the field and reads as it did
RECORD_VERSION = 2
#: what a JSON export of the record says it is (``"format"``), beside its ``"version"``: RECORD_VERSION
EXPORT_FORMAT = "chemgames-record"
_count = itertools.count()


class TurnAttempts:
    """Which refused attempts of one seat are worth recording: each different one of a turn once, at most
    ``REFUSALS_RECORDED`` a turn; a new ``turn`` (any value that changes when the turn does) starts afresh.
    The table server and a notebook's record keep them alike, so "n-mal abgelehnt" means one thing.

    >>> seen = TurnAttempts()
    >>> [seen.worth(1, {"kind": "lay", "card": c}) for c in ("Na", "Na", "Cl")], seen.worth(2, {"kind": "lay", "card": "Na"})
    ([True, False, True], True)
    >>> sum(seen.worth(3, {"n": n}) for n in range(20)) == REFUSALS_RECORDED
    True
    """

    def __init__(self) -> None:
        self.turn: object = None
        self.kept: set[str] = set()

    def worth(self, turn: object, attempt: Any) -> bool:
        """Whether ``attempt`` (its JSON form) is recorded in ``turn``; remembers it if so."""
        if turn != self.turn:
            self.turn, self.kept = turn, set()
        said = json.dumps(attempt, sort_keys=True)
        if said in self.kept or len(self.kept) >= REFUSALS_RECORDED:
            return False
        self.kept.add(said)
        return True


def simple(value: Any, depth: int = 0) -> Any:
    """A parameter as plain JSON: numbers and texts as they are, a card label's own parameters.

    >>> simple(Msg("ck.card_label", symbol="O", name=Text(de="Sauerstoff", en="Oxygen")))
    {'symbol': 'O', 'name': 'Oxygen'}
    >>> simple(Num(2.5, 1)), simple(MsgList(("a", 3))), simple(Text(de="●Rot", en="●red"))
    (2.5, ['a', 3], {'de': '●Rot', 'en': '●red'})
    """
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Num):
        return float(value.value)
    if isinstance(value, Text):  # a headline's own text in both languages (a German report said "●red-▲yellow")
        return value.en if depth else {"de": value.de, "en": value.en}
    if depth > 2:
        return str(value)[:40]
    if isinstance(value, Msg):
        return {k: simple(v, depth + 1) for k, v in value.params} or value.key
    if isinstance(value, MsgList) and any(isinstance(v, Quoted) for v in value.items):
        return value.sep.join(str(v) for v in value.items)  # a text with quoted words: 'H + "2" + O', as kept before
    if isinstance(value, MsgList):
        return [simple(v, depth + 1) for v in value.items]
    if isinstance(value, (list, tuple)):
        return [simple(v, depth + 1) for v in value]
    return str(value)[:40]


def facts_of(explanation: Explanation, numbers: bool) -> dict[str, Any]:
    """What the record keeps of an explanation: the headline's parameters and the step keys
    (they tag concepts), and with ``numbers`` (a refusal) each step's parameters and any charge
    balance's terms (label, count, charge).

    >>> import chemgames
    >>> g = chemgames.new_game("chemiekarten", players=2, seed=1, lang="de", dealer=1,
    ...                        hands=[["Na", "O", "Cl", "H", "H", "C", "Mg"], ["H"] * 7])
    >>> for card in ("Na", "O"):
    ...     _ = g.apply(g.action_from_json({"game": "chemiekarten", "player": 0, "kind": "select", "params": {"card": card}}))
    >>> e = g.check(g.action_from_json({"game": "chemiekarten", "player": 0, "kind": "confirm", "params": {}}))
    >>> f = facts_of(e, numbers=True)
    >>> e.rule, [s for s in f["steps"] if "terms" in s][0]["terms"]
    ('ck.unbalanced', [['Na', 1, 1], ['O', 1, -2]])
    """
    if not numbers:  # a move: its steps' keys and the headline's parameters (what was built)
        out: dict[str, Any] = {"steps": [s.msg.key for s in explanation.steps]}
        if explanation.headline.params:
            out["params"] = {k: simple(v) for k, v in explanation.headline.params}
        return out
    steps = []
    for s in explanation.steps[:MAX_STEPS]:
        item: dict[str, Any] = {"key": s.msg.key}
        if s.msg.params:
            item["params"] = {k: simple(v) for k, v in s.msg.params}
        terms = getattr(s.math, "terms", None)
        if terms and all(hasattr(t, "charge") for t in terms):
            item["terms"] = [[t.label, t.count, t.charge] for t in terms]
        steps.append(item)
    return {"params": {k: simple(v) for k, v in explanation.headline.params}, "steps": steps}


def new_id() -> str:
    return secrets.token_hex(6)


def person_key(filed_device: str) -> str:
    """What the record keeps of a device to tell two students of one name apart: 12 hex digits of the SHA-256 of
    the device's id as the table server files it (``server.model.secret_id``: itself a SHA-256), never the id; no
    one can join a table with it, and only the teacher's record and a hand-in of the same device share it. A
    session's ``keys`` hold, per seat, the keys of who sat there: at a class table the seat's device, in a notebook
    the owner's record (``"r…"``, :func:`chemgames.record.local.record_id`) and each device this computer joined
    tables with (``report.tell_apart``).

    >>> person_key("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    'df1fb2217d75d'
    """
    import hashlib

    return "d" + hashlib.sha256(f"chemgames-record\n{filed_device}".encode()).hexdigest()[:12]


def today() -> str:
    return date.today().isoformat()


@dataclass
class Session:
    """One recorded game: its id, set-up, the names at its seats and when each last acted."""

    id: str
    game: str
    names: list[str]
    table: str
    lesson: str
    last: dict[int, float] = field(default_factory=dict)


def setup_of(game: Any) -> dict[str, Any]:
    """What replays a game from the start: its id, players, seed, language and options."""
    return {"game": game.id, "players": game.players, "seed": game.seed, "lang": game.lang,
            "options": json.loads(json.dumps(game.option_values, default=list))}


class Recorder:
    """Makes events and hands them to ``emit`` (a store's ``add``, a file's writer); sessions go
    to ``emit_session``. The calls cost microseconds: no texts are rendered, nothing is written
    here (the store writes in its own thread)."""

    def __init__(self, emit: Callable[[dict[str, Any]], Any], emit_session: Callable[[dict[str, Any]], Any],
                 lesson: str | None = None, source: str = "table") -> None:
        self.emit = emit
        self.emit_session = emit_session
        self.lesson = lesson or today()
        self.source = source
        self.made: dict[str, dict[str, Any]] = {}  # each session as emitted (a table's number may change)

    def session(self, game: Any, names: list[str], table: str = "", kind: str = "game",
                owner: int | None = None, number: int | None = None, lang: str | None = None,
                keys: list[list[str]] | None = None) -> Session:
        """A new game (or worksheet) with ``names`` at its seats; ``owner``: in a notebook, the seat
        of the student whose notebook it is (a hot-seat partner sits at another); ``number``: at a
        class table, the table's number in its class, as the teacher's dashboard shows it; ``lang``:
        a worksheet's language (a game's set-up holds its own), which the hand-in's note speaks; ``keys``: per seat,
        who sat there (:func:`person_key`), where it is known."""
        s = Session(new_id(), game.id if kind == "game" else str(game), list(names), table, self.lesson)
        setup = setup_of(game) if kind == "game" else {"lang": lang} if lang else {}
        made: dict[str, Any] = {"id": s.id, "lesson": s.lesson, "source": self.source, "game": s.game, "table": table,
                "names": s.names, "setup": setup, "created": time.time(), "version": RECORD_VERSION}
        if number is not None:
            made["number"] = number
        if keys and any(keys):
            made["keys"] = [list(k) for k in keys]
        made = made if owner is None else {**made, "owner": owner}
        self.made[s.id] = made
        self.emit_session(made)
        return s

    def renumber(self, s: Session, number: int) -> None:
        """The table of ``s`` was given another number (last week's table, its number given again
        this lesson: ``chemgames.server.seats``): its session is filed again under that number."""
        made = self.made.get(s.id)
        if made is not None and made.get("number") != number:
            self.made[s.id] = made = {**made, "number": number}
            self.emit_session(made)

    def _event(self, s: Session, seat: int, kind: str, **more: Any) -> dict[str, Any]:
        now = time.time()
        before = s.last.get(seat)
        s.last[seat] = now
        student = s.names[seat] if 0 <= seat < len(s.names) else ""
        return {"ts": now, "lesson": s.lesson, "student": student, "session": s.id, "game": s.game, "seat": seat,
                "kind": kind, "secs": None if before is None else round(now - before, 2), **more}

    def action(self, s: Session, action: Any, explanation: Explanation | None, at: int, bot: bool = False,
               hint: bool = False) -> None:
        """A move (``explanation.ok``) or a refused attempt at log length ``at``; ``bot``: a bot
        played the seat (kept so that a moment can be replayed, never counted for a student); ``hint``: the
        move was the hint's, played with its button (``facts["hint"]``: the report counts it apart)."""
        ok = explanation is None or explanation.ok
        kind = "bot" if bot else "move" if ok else "refused"
        facts = {} if explanation is None else facts_of(explanation, numbers=not ok)
        if hint:
            facts["hint"] = True
        self.emit(self._event(s, action.player, kind, at=at, rule=explanation.rule if explanation else "",
                              action=action.to_json(), facts=facts, ok=ok))

    def asked(self, s: Session, seat: int, kind: str, at: int) -> None:
        """A hint (``"hint"``) or the bot's advice (``"advice"``) asked for."""
        self.emit(self._event(s, seat, kind, at=at))

    def undone(self, s: Session, seat: int, at: int) -> None:
        """Moves taken back: the log is ``at`` long again (a replay drops the moves after it)."""
        self.emit(self._event(s, seat, "undo", at=at))

    def prediction(self, s: Session, task: str, shown: str, correct: bool, secs: float) -> None:
        """A worksheet prediction committed (``shown`` as the student wrote it) and whether it was right."""
        event = self._event(s, 0, "prediction", task=str(task), ok=bool(correct), facts={"prediction": shown[:60]})
        event["secs"] = round(secs, 1)
        self.emit(event)
