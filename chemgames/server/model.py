"""What the server keeps of a class and its tables: games, options, seats, join codes and secrets.

A *class* is a teacher key. A *table* is one game with its set-up (game id, players, seed,
language, options), its seats (a person, or a bot of the kinds ``random``/``greedy``/``search``),
one short join code and a secret token per seat. The actions applied are kept apart, in the store.

Join codes are short and easy to read from the back of the room: no 0/O, 1/I/L.

>>> code = new_code()
>>> len(code), set(code) <= set(CODE_ALPHABET)
(5, True)
>>> t = Table.new("chemix", players=3, class_id="c1", bots=[None, None, "greedy"], seed=4)
>>> [s.kind for s in t.seats], t.human_seats()
(['human', 'human', 'greedy'], [0, 1])
>>> Table.from_dict(t.to_dict()) == t
True
>>> "token" in str(t.public())
False
"""
from __future__ import annotations

import hashlib
import hmac
import json
import random
import secrets
import time
from dataclasses import asdict, dataclass, field, fields
from datetime import tzinfo
from typing import Any

from ..bots import BOTS
from ..core.errors import OptionError
from ..core.i18n import register_catalog, tr
from ..core.registry import game_class

register_catalog("chemgames.server")  # the texts of a refused set-up

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"  # no 0/O, 1/I/L: nothing to mistake from afar
CODE_LENGTH = 5
BOT_KINDS = (*BOTS, "search")
SEAT_KINDS = ("human", *BOT_KINDS)


#: the school's time zone, in which a lesson's day is read (``$CHEMGAMES_TIME_ZONE``, an IANA name)
SCHOOL_ZONE = "Europe/Berlin"
ZONE_SETTING = "CHEMGAMES_TIME_ZONE"


#: where a table store keeps the school's zone (its meta), written by the first process on it
ZONE_META = "time_zone"
#: set to ``1`` for a process whose ``$CHEMGAMES_TIME_ZONE`` is to become its store's (no other process on it)
ZONE_CHANGE = "CHEMGAMES_TIME_ZONE_CHANGE"


def zone_setting() -> str | None:
    """This process's ``$CHEMGAMES_TIME_ZONE`` as set (``None``: not set, the store's zone is read)."""
    import os

    return os.environ.get(ZONE_SETTING, "").strip() or None


def zone_named(name: str) -> tzinfo:
    """The time zone of an IANA name; a name that is no zone is a ``ValueError`` whose one line
    says the setting and an example.

    >>> str(zone_named("Europe/Vienna"))
    'Europe/Vienna'
    """
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(f"${ZONE_SETTING}={name[:60]!r} is no time zone: write an IANA name such as "
                         f"{SCHOOL_ZONE!r} (the school's zone, in which a lesson's day is read)") from None


def school_zone() -> tzinfo:
    """The school's time zone as this process is set: ``$CHEMGAMES_TIME_ZONE`` (an IANA name such
    as ``Europe/Vienna``), by default :data:`SCHOOL_ZONE`; not the zone of the machine a server
    process runs on (a container runs in UTC, a second machine may be set to anything). A server
    reads its lessons in its store's zone (:class:`ZoneMismatch`, ``store.agree_zone``). A name
    that is no zone is a ``ValueError`` whose one line says the setting and an example. The zone
    data comes with the operating system (Debian's ``tzdata``) or the ``tzdata`` package (the
    ``server`` extra); nothing is downloaded.

    >>> str(school_zone())
    'Europe/Berlin'
    """
    return zone_named(zone_setting() or SCHOOL_ZONE)


class ZoneMismatch(ValueError):
    """A process set to another school time zone than its table store carries (every process on one
    store must read one lesson under one day): said in one line, before anything is written.

    >>> print(ZoneMismatch("Europe/Berlin", "Europe/Lisbon"))  # doctest: +ELLIPSIS
    $CHEMGAMES_TIME_ZONE='Europe/Lisbon', but this table store keeps its lessons in 'Europe/Berlin' ...
    """

    def __init__(self, kept: str, mine: str, others: int = 0) -> None:
        if others:
            why = (f"{ZONE_CHANGE}=1 asks to move the store to {mine!r}, but {others} other server process(es) "
                   f"serve it in {kept!r}: stop them first, then start this one again")
        else:
            why = (f"this table store keeps its lessons in {kept!r} (set by its first server): set "
                   f"${ZONE_SETTING}={kept} (or leave it unset) for every server on this store; to move the store "
                   f"to {mine!r}, stop every server on it and start one with {ZONE_CHANGE}=1")
        super().__init__(f"${ZONE_SETTING}={mine!r}, but {why}")
        self.kept, self.mine = kept, mine


def lesson_today(now: float | None = None, zone: tzinfo | None = None) -> str:
    """The lesson a table set up at ``now`` belongs to: that moment's date in the school's time zone
    (``zone``: a server's is its store's; without it :func:`school_zone`). ``now`` is the store's
    clock (``Store.now``: Redis's for every process on it), so every process files one lesson under
    one day, whatever its own clock and zone; without it, this process's clock. Table numbers count
    within a lesson: a class's first table of a new day is "Tisch 1" again (the store gives the numbers).

    >>> lesson_today(1_795_820_400.0)  # 2026-11-27 23:00 UTC: already the 28th in Berlin
    '2026-11-28'
    >>> lesson_today(1_795_820_400.0, zone_named("Europe/Lisbon"))
    '2026-11-27'
    """
    from datetime import datetime

    return datetime.fromtimestamp(time.time() if now is None else now, zone or school_zone()).date().isoformat()


def number_key(class_id: str, lesson: str | None) -> str:
    """Where a store counts the numbers of ``class_id``'s tables in ``lesson`` (a table without a
    lesson, from a caller of an older version, counts in the class's one count, as before).

    >>> number_key("7b", "2026-11-28"), number_key("7b", None)
    ('number:7b:2026-11-28', 'number:7b')
    """
    return f"number:{class_id}" if lesson is None else f"number:{class_id}:{lesson}"


def holds_number(table: "Table", lesson: str | None, present: bool) -> bool:
    """Whether ``table`` keeps its number from a new table of ``lesson``: a table of an earlier
    lesson (or of none) that the teacher has not ended and where a student is connected right now
    (a group playing last week's game on): never two tables in play with one number. Any other
    table of an earlier lesson (nobody there, or ended) lets its number be given again; a table of
    the same lesson never does, the lesson's count only goes up.

    >>> t = Table.new("raeumab", players=2, class_id="7b", seed=1)
    >>> t.number, t.lesson = 2, "2026-11-21"
    >>> holds_number(t, "2026-11-28", True), holds_number(t, "2026-11-28", False)
    (True, False)
    >>> t.ended = True
    >>> holds_number(t, "2026-11-28", True)
    False
    """
    return table.number is not None and table.lesson != lesson and not table.ended and present


def number_before(table: "Table", today: str) -> int | None:
    """The number ``table`` had before a return filed it in this lesson under a new one
    (``Table.was``), said in that lesson only (``today``, :func:`lesson_today`): in a later one it
    was the new number already.

    >>> t = Table.new("raeumab", players=2, class_id="7b", seed=1, lesson="2026-11-28")
    >>> t.number, t.was = 3, 2
    >>> number_before(t, "2026-11-28"), number_before(t, "2026-12-05")
    (2, None)
    """
    return table.was if table.lesson == today else None


def past_moments(table: "Table", now: float, today: str) -> bool:
    """Whether ``table``'s record still holds what only a moment needed, which an older version
    does not read (it sets such a table aside: a rollback, two versions on one Redis): a seat's
    hold that is over, the number before of a lesson that is over.

    >>> t = Table.new("raeumab", players=2, class_id="7b", seed=1)
    >>> t.seats[0] = Seat("human", "tok", held="Ada", held_until=100.0)
    >>> past_moments(t, 99.0, t.lesson), past_moments(t, 100.0, t.lesson)
    (False, True)
    >>> forget_past(t, 100.0, t.lesson); "held" in t.to_dict()["seats"][0]
    False
    """
    return ((table.was is not None and table.lesson != today)
            or any(s.held is not None and s.held_for(now) is None for s in table.seats))


def forget_past(table: "Table", now: float, today: str) -> None:
    """Take out of ``table`` what :func:`past_moments` finds (nothing any reader still uses)."""
    if table.was is not None and table.lesson != today:
        table.was = None
    for seat in table.seats:
        if seat.held is not None and seat.held_for(now) is None:
            seat.held, seat.held_until = None, 0.0


def new_code(length: int = CODE_LENGTH) -> str:
    """A join code: ``length`` characters of :data:`CODE_ALPHABET` (31**5 = 28 million codes)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


def new_token() -> str:
    """A seat token or a teacher key: 32 random bytes, URL-safe text."""
    return secrets.token_urlsafe(32)


def secret_id(secret: str) -> str:
    """What a secret is filed under (its SHA-256): the store finds a token without a scan, and a
    look-up never compares secrets character by character.

    >>> secret_id("abc")[:8]
    'ba7816bf'
    """
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def same_secret(given: str, kept: str) -> bool:
    """Compare two secrets in constant time.

    >>> same_secret("abc", "abc"), same_secret("abc", "abd")
    (True, False)
    """
    return hmac.compare_digest(given.encode("utf-8", "surrogatepass"), kept.encode("utf-8", "surrogatepass"))


def normal_code(code: object) -> str:
    """A join code as typed by a student, in the one form codes are compared in (exactly).

    The normalisation, and nothing more: ASCII letters in lower case count as upper case, and ASCII
    spaces (U+0020) anywhere are dropped (``"k7p 2x"`` is ``K7P2X``). Anything else is not a join
    code and is refused before any look-up: another kind of space (a no-break space, a tab), a
    letter of another script that looks the same, 0/O/1/I/L (never in a code), an unpaired
    surrogate, or a length other than five.

    >>> normal_code(" k7p 2x ")
    'K7P2X'
    >>> normal_code("K7P\u00a02X")
    Traceback (most recent call last):
    ...
    chemgames.server.protocol.ProtocolError: server.bad_code_format
    """
    from .protocol import ProtocolError

    if not isinstance(code, str) or len(code) > 40 or not code.isascii():
        raise ProtocolError("server.bad_code_format", length=CODE_LENGTH)
    plain = code.replace(" ", "").upper()
    if len(plain) != CODE_LENGTH or not set(plain) <= set(CODE_ALPHABET):
        raise ProtocolError("server.bad_code_format", length=CODE_LENGTH)
    return plain


@dataclass(frozen=True)
class ClassRecord:
    """A class: its name and its teacher's key."""

    id: str
    teacher_key: str


@dataclass
class Seat:
    """A seat: its kind, its secret token and, once a student joined it, their name and device
    (the SHA-256 of the device's id: the same device gets the same seat again)."""

    kind: str  # "human" or a bot kind
    token: str
    name: str | None = None
    device: str | None = None
    joined: bool = False
    # a released seat is held for the student who sat there (their name) until ``held_until`` (in
    # the store's clock, ``Store.now``: Redis's for every process on it): they come back with a new
    # device and the same name; nobody else takes it
    held: str | None = None
    held_until: float = 0.0
    # fields of the stored record this version does not know (a newer version wrote them during an
    # upgrade): kept, and written back with the record, so the newer version finds them again
    extra: dict[str, Any] = field(default_factory=dict)

    def held_for(self, now: float) -> str | None:
        """The name this free seat is held for at ``now``, if it is still held.

        >>> s = Seat("human", "t", held="Ada", held_until=100.0)
        >>> s.held_for(99.0), s.held_for(100.0)
        ('Ada', None)
        """
        return self.held if self.held and not self.joined and now < self.held_until else None


@dataclass
class Table:
    """One game at one table and who sits where."""

    id: str
    class_id: str
    game: str
    players: int
    seed: int
    lang: str
    options: dict[str, Any]
    code: str
    seats: list[Seat]
    bot_after: float | None = None  # seconds a person's seat may stay empty on their turn before a bot plays it
    fill: str = "greedy"  # the bot that plays an empty seat
    locked: bool = False  # the teacher locked it: nobody new joins (a device that joined comes back)
    ended: bool = False  # the teacher ended the game: no more moves (until the teacher lets it go on)
    created: float = field(default_factory=time.time)
    # the table's number in its class's lesson (1, 2, …), given by the store when the table is added:
    # what the dashboard and the class report call it ("Tisch 3"); not a secret, unlike the code
    number: int | None = None
    # the lesson the number counts in: the day the teacher set the table up (``lesson_today``: the
    # store's clock in the school's time zone, the day the class record files the lesson under);
    # ``None`` for a table an older version stored
    lesson: str | None = None
    # the number it had in its earlier lesson, when a student's return filed it in this one (that
    # number was given again here): said beside the new one, so the change is no surprise
    was: int | None = None
    # the fields of the record a server must understand to serve the table (:data:`MUST`): a newer
    # version's field that restricts (who may join, what may be done) is named here while it holds
    must: list[str] = field(default_factory=list)
    # fields of the stored record this version does not know (as ``Seat.extra``)
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def new(cls, game: str, players: int, class_id: str, bots: Any = None, options: dict[str, Any] | None = None,
            seed: int | None = None, lang: str = "de", bot_after: float | None = None, fill: str = "greedy",
            lesson: str | None = None) -> "Table":
        """A new table; ``bots`` is a list with a bot kind or ``None`` (a person) per seat, or a
        dict seat -> kind. The game is set up here once, so a bad option is refused at creation.
        ``lesson``: the day read in the store's clock (the server's); without it, this process's."""
        kinds = seat_kinds(players, bots, lang)
        if fill not in BOT_KINDS:
            raise OptionError(tr(lang, "server.d.bot_kind", kind=str(fill)[:20], known=", ".join(BOT_KINDS)))
        if bot_after is not None and (isinstance(bot_after, bool) or not isinstance(bot_after, (int, float))
                                      or bot_after < 0):
            raise OptionError(tr(lang, "server.d.bot_after"))
        seed = random.SystemRandom().randrange(2**31) if seed is None else seed
        game_class(game)(players=players, seed=seed, lang=lang, **(options or {}))  # refuse bad options now
        return cls(id=secrets.token_hex(6), class_id=class_id, game=game, players=players, seed=seed, lang=lang,
                   options=dict(options or {}), code=new_code(), seats=[Seat(k, new_token()) for k in kinds],
                   bot_after=bot_after, fill=fill, lesson=lesson or lesson_today())

    @classmethod
    def new_lesson(cls, table: "Table", lesson: str) -> "Table":
        """A stand-in for a table of ``table``'s class set up in ``lesson`` (what a store asks which
        numbers are held for: the table itself holds none against its own new lesson)."""
        return cls(id="", class_id=table.class_id, game=table.game, players=0, seed=0, lang=table.lang, options={},
                   code="", seats=[], lesson=lesson)

    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

    def to_dict(self) -> dict[str, Any]:
        """The stored record. The fields of session 22 (a seat's hold, the number before) are written
        only when set: a record without them reads in an older version too (which refuses fields it
        does not know, and would set the table aside: a rollback, two versions on one Redis).

        >>> t = Table.new("raeumab", players=2, class_id="7b", seed=1)
        >>> "was" in t.to_dict(), "held" in t.to_dict()["seats"][0]
        (False, False)
        """
        out = asdict(self)
        if out["was"] is None:
            del out["was"]
        if not out["must"]:  # (written only when it names something: older versions read the record as before)
            del out["must"]
        for seat in out["seats"]:
            if seat["held"] is None:
                del seat["held"], seat["held_until"]
            seat.update(seat.pop("extra"))
        out.update(out.pop("extra"))
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Table":
        """A table from its stored record. A field this version does not know (written by a newer
        version during an upgrade: two versions on one Redis, or a rollback) is kept in ``extra``
        and written back by :meth:`to_dict`; before, the record was refused and the table set aside.

        >>> t = Table.new("raeumab", players=2, class_id="7b", seed=1)
        >>> newer = {**t.to_dict(), "tint": "red"}
        >>> newer["seats"][0] = {**newer["seats"][0], "mood": "calm"}
        >>> back = Table.from_dict(newer)
        >>> back.extra, back.seats[0].extra, back.to_dict() == newer
        ({'tint': 'red'}, {'mood': 'calm'}, True)
        """
        data = dict(data)
        needs = not_understood(data)  # before anything else is read: a record this version must not serve
        if needs:
            raise NotUnderstood(needs)
        data["seats"] = [Seat(**_known(Seat, s)) for s in data["seats"]]
        data.pop("claimed", None)
        return cls(**_known(cls, data))

    def public(self, now: float | None = None) -> dict[str, Any]:
        """What a teacher's list shows: everything but the tokens and devices (and fields this
        version does not know: a newer version's, perhaps a secret); a seat held for a released
        student at ``now`` (the store's clock; this process's if not given) whom it waits for."""
        out = {k: v for k, v in self.to_dict().items() if k not in self.extra and k != MUST}
        out["was"] = self.was
        now = time.time() if now is None else now  # a name, no secret
        out["seats"] = [{"seat": i, "kind": s.kind, "name": s.name, "joined": s.joined, "held": s.held_for(now)}
                        for i, s in enumerate(self.seats)]
        return out


#: a record's list of the fields a server must understand to serve its table (``Table.must``).
#: A field a server does not know is kept and ignored (``Table.extra``): right for one that adds
#: something (a colour), wrong for one that *restricts* (a PIN to join, as the seat's hold of
#: session 22 was to session 21): kept but not obeyed, it would let in whom it keeps out. So a
#: version that adds such a field names it here while it holds (``"pin"``; a seat's field as
#: ``"seats.<field>"``) and takes it out when it is lifted; a version that finds a name here it
#: does not understand sets the table aside (its dashboard says which fields, and that a newer
#: version wrote them) and writes nothing over the record. A field that only adds is never named.
#: This version understands its own fields (:func:`understood`) and names none: every restriction
#: it has (``locked``, ``ended``, a seat's ``held``) is known to every version that reads ``must``.
MUST = "must"


def understood() -> frozenset[str]:
    """The names a record's ``must`` may hold for this version to serve the table.

    >>> {"locked", "seats.held"} <= understood(), "pin" in understood(), "seats.extra" in understood()
    (True, False, False)
    """
    return frozenset({f.name for f in fields(Table)} - {"extra"}) | {f"seats.{f.name}" for f in fields(Seat) if f.name != "extra"}


class NotUnderstood(ValueError):
    """A record whose ``must`` names fields this version does not understand (:data:`MUST`)."""

    def __init__(self, names: list[str]) -> None:
        super().__init__(f"the record needs {', '.join(names)}, which this version does not understand")
        self.names = names


def not_understood(data: Any) -> list[str]:
    """The names of ``data``'s ``must`` (a table's record, as a dict or its JSON text) that this
    version does not understand: nothing for a record without ``must``, or one that does not read.
    A ``must`` that is not a list of names is itself not understood (``"must"``).

    >>> not_understood({"must": ["locked", "pin", "seats.badge"]}), not_understood({}), not_understood('{"must": 3}')
    (['pin', 'seats.badge'], [], ['must'])
    """
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except ValueError:
            return []
    if not isinstance(data, dict) or MUST not in data:
        return []
    must = data[MUST]
    if not isinstance(must, list) or not all(isinstance(name, str) for name in must):
        return [MUST]
    known = understood()
    return [name[:60] for name in must if name not in known][:20]


def _known(kind: type, data: dict[str, Any]) -> dict[str, Any]:
    """``data``'s fields that ``kind`` (a dataclass) knows, with the rest in ``extra``."""
    if not isinstance(data, dict):
        raise TypeError(f"a {kind.__name__} record is not an object")
    names = {f.name for f in fields(kind)} - {"extra"}
    return {**{k: v for k, v in data.items() if k in names}, "extra": {k: v for k, v in data.items() if k not in names}}


def read_table(raw: str | bytes) -> Table | None:
    """A stored table's record, or ``None`` when it does not read (a row edited by hand, cut off by
    a full disk, of another version): the store sets that table aside, every other one plays on.

    >>> read_table('{"id": "t1", "seats": [') is None, read_table("[1, 2]") is None
    (True, True)
    """
    try:
        data = json.loads(raw)
        if not isinstance(data, dict) or not isinstance(data.get("seats"), list):
            return None
        return Table.from_dict(data)
    except (ValueError, TypeError, KeyError, AttributeError):
        return None


def seat_kinds(players: int, bots: Any, lang: str = "en") -> list[str]:
    """Each seat's kind from ``bots``.

    >>> seat_kinds(3, {2: "random"}), seat_kinds(2, None)
    (['human', 'human', 'random'], ['human', 'human'])
    """
    if bots is None:
        bots = {}
    if isinstance(bots, (list, tuple)):
        if len(bots) != players:
            raise OptionError(tr(lang, "server.d.bots_count", players=players, given=len(bots)))
        bots = dict(enumerate(bots))
    if not isinstance(bots, dict):
        raise OptionError(tr(lang, "server.d.bots"))
    kinds = ["human"] * players
    for seat, kind in bots.items():
        seat = int(seat)
        if not 0 <= seat < players:
            raise OptionError(tr(lang, "server.d.no_seat", seat=seat, players=players))
        if kind is not None and kind not in SEAT_KINDS:
            raise OptionError(tr(lang, "server.d.bot_kind", kind=str(kind)[:20], known=", ".join(SEAT_KINDS)))
        kinds[seat] = kind or "human"
    return kinds
