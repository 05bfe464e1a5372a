"""The seat rules of the table authority: a name to join, one seat a device, and the teacher's
controls (release a seat, move a student, lock a table, a new code). Mixed into
the authority (``chemgames.server.authority.Authority``), which holds the games and the connections;
this module imports only what both share (the connection, the store), never the authority.

>>> normal_name("  Ada L. ")
'Ada L.'
"""
from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import secrets
import unicodedata
from datetime import tzinfo
from typing import TYPE_CHECKING, Any, AsyncIterator

from .connection import Client
from .limits import Buckets
from .model import (ClassRecord, Seat, Table, forget_past, lesson_today, new_code, new_token, normal_code, number_before,
                    past_moments, same_secret, secret_id)
from .protocol import ProtocolError, Refusal, Said, error
from .store import Store

if TYPE_CHECKING:
    from ..core.game import Game

NAME_LENGTH = 24  # characters of a student's name
#: characters that show as nothing: the letters and marks among Unicode's Default_Ignorable_Code_Point
#: (DerivedCoreProperties.txt; the others are format or control characters, refused as such) and the
#: braille blank. A name of them is blank on the dashboard, or a classmate's name with a tail unseen.
INVISIBLE = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u2800\u3164\uffa0"
                      + "".join(map(chr, range(0xFE00, 0xFE10))) + "".join(map(chr, range(0xE0100, 0xE01F0))))
#: combining marks on one letter, at most (Vietnamese needs two: "ễ" is e, circumflex, tilde); more
#: pile up over the line above on the dashboard
MARKS_ON_A_LETTER = 3
#: seconds a released seat is held for the student who sat there: they join again with the same
#: name from a new device (a new browser, cleared storage) and get their seat and hand back; a
#: classmate joining under another name meanwhile does not take it (``seat_held``)
SEAT_HOLD = 60.0
#: how a device id tied to a class begins (one asked for without a code has no such prefix)
CLASS_DEVICE = "c."


def normal_name(name: Any) -> str:
    """A student's name as the dashboard shows it: NFC, trimmed, 1 to 24 characters, no control,
    format or unpaired surrogate characters, each run of white space one space (a web page shows
    "Ada  L." as "Ada L.", and a line separator would break the name's line where it is text).

    >>> normal_name("  Ada L. ")
    'Ada L.'
    >>> normal_name("Ada \u3000\u2028 L.")
    'Ada L.'
    >>> normal_name("A\\u202eB")
    Traceback (most recent call last):
    ...
    chemgames.server.protocol.Refusal: server.bad_name
    """
    if not isinstance(name, str):
        raise Refusal(400, "server.bad_name", limit=NAME_LENGTH)
    name = unicodedata.normalize("NFC", name.strip()) if not _has_surrogate(name) else "\ud800"
    if not 0 < len(name) <= NAME_LENGTH or any(unicodedata.category(c).startswith("C") or c in INVISIBLE for c in name):
        raise Refusal(400, "server.bad_name", limit=NAME_LENGTH)
    marks = 0
    for c in unicodedata.normalize("NFD", name):
        marks = marks + 1 if unicodedata.category(c) in ("Mn", "Me") else 0
        if marks > MARKS_ON_A_LETTER:
            raise Refusal(400, "server.bad_name", limit=NAME_LENGTH)
    return " ".join(name.split())  # every kind of white space (Unicode's White_Space): one space


def name_key(name: str) -> str:
    """What two names are compared by at a table: compatibility forms folded (full-width letters,
    ligatures, superscripts: ``Ａｄａ`` is ``Ada`` on the dashboard) and case ignored.

    >>> name_key("Ａｄａ") == name_key("ADA"), name_key("Ada") == name_key("Adam")
    (True, False)
    """
    return unicodedata.normalize("NFKC", name).casefold()


def looks(name: str) -> frozenset[str]:
    """What a name looks like, to tell look-alikes apart: its UTS #39 skeleton, as written and with
    case folded (``АDА`` in Cyrillic capitals looks like ``ADA``, which is ``Ada``'s name).

    >>> bool(looks("Ada") & looks("\u0410DA")), bool(looks("Ida") & looks("lda")), bool(looks("Ada") & looks("Adam"))
    (True, True, False)
    """
    from .lookalike import skeleton  # the confusables data is read at the first join, not at import

    plain = unicodedata.normalize("NFKC", name)
    return frozenset((skeleton(plain), skeleton(plain.casefold())))


def of_an_earlier_lesson(table: Table, today: str) -> bool:
    """Whether ``table`` was set up in a lesson before ``today`` (a table an older version stored
    without a lesson is not known to be: it is taken as one of this lesson, as before).

    >>> t = Table.new("raeumab", players=2, class_id="7b", seed=1)
    >>> t.lesson = "2026-11-21"
    >>> of_an_earlier_lesson(t, "2026-11-28"), of_an_earlier_lesson(t, "2026-11-21")
    (True, False)
    """
    return table.lesson is not None and table.lesson < today


def lesson_day(lesson: str) -> Said:
    """The day of a lesson as a student reads it, by Babel's calendar data for each language.

    >>> lesson_day("2026-11-21").texts
    {'de': '21. November', 'en': 'November 21'}
    """
    from datetime import date

    from babel.dates import format_skeleton

    day = date.fromisoformat(lesson)
    return Said({lang: str(format_skeleton("dMMMM", day, locale=lang)) for lang in ("de", "en")})


def _has_surrogate(text: str) -> bool:
    return any("\ud800" <= c <= "\udfff" for c in text)


def sign(secret: str, value: str) -> str:
    """The signature part of a device id (HMAC-SHA-256, 16 bytes).

    >>> len(sign("s", "abc"))
    32
    """
    return hmac.new(secret.encode(), value.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()[:32]


MOVES_ASIDE = Said.of("server.aside_for.moves")  # a table whose stored moves do not replay (``Authority.set_aside``)


def record_aside(store: Store, table_id: str) -> Refusal:
    """The refusal for a table set aside because its record does not read: damaged, or written by
    a newer version (``store.needs``, a ``must`` this version does not understand), said as such."""
    why = "server.aside_for.newer" if table_id in store.needs else "server.aside_for.record"
    return Refusal(503, "server.set_aside", why=Said.of(why))


class SeatRules:
    """Who sits where, and what the teacher may change about it (a mixin of the authority)."""

    store: Store
    tables: dict[str, Table]
    games: dict[str, "Game"]
    conns: dict[str, set[Client]]
    _views: dict[Any, dict[str, Any]]
    _own_number: dict[str, tuple[str, int]]
    wrong: Buckets
    wrong_here: Buckets
    missed: Buckets
    devices: Buckets
    device_secret: str
    today: str  # the lesson's day last read (:meth:`lesson_at`)
    zone: tzinfo | None = None  # the school's zone the store keeps (``store.agree_zone``); None: this process's setting

    if TYPE_CHECKING:
        def state(self, table_id: str, seat: int | None, lang: str, seen: int | None = None) -> dict[str, Any]: ...
        def lock(self, table_id: str) -> asyncio.Lock: ...

    @contextlib.asynccontextmanager
    async def holding(self, *table_ids: str) -> AsyncIterator[None]:
        """The tables' locks (in id order: two controls never wait for each other), held while their
        seats change in the store and in this process: a move checks its token under the same lock,
        so a released token never slips a move in between the two."""
        async with contextlib.AsyncExitStack() as held:
            for table_id in sorted(set(table_ids)):
                await held.enter_async_context(self.lock(table_id))
            yield

    def lesson_at(self, now: float) -> str:
        """The lesson's day at ``now`` (the store's clock) in the school's time zone, kept as
        :attr:`today`: the day the states and the record say (read again at every join, and by the
        watcher every round)."""
        self.today = lesson_today(now, self.zone)
        return self.today

    async def lesson_now(self) -> str:
        """Today's lesson by the store's clock (:meth:`lesson_at`): one day for every process on
        the store, whatever the zone and the clock of the machine each runs on."""
        return self.lesson_at(await self.store.now())

    async def teachers_table(self, cls: ClassRecord, table_id: str) -> Table:
        table = await self.store.table(table_id)
        if table is None and any(i == table_id for i, _ in await self.store.damaged(class_id=cls.id)):
            raise record_aside(self.store, table_id)  # its record does not read (before: "no such table")
        if table is None or table.class_id != cls.id:
            raise Refusal(404, "server.no_table")
        return table

    async def new_device(self, address: str) -> str:
        """A device id asked for without a join code (``POST /api/device``: scripts, older clients):
        random, signed by this server, so a device's wrong join codes count against it alone. These
        are counted per address; a student's client needs none (:meth:`class_device`)."""
        if not self.devices.take(address):
            raise Refusal(429, "server.slow_down")
        value = secrets.token_urlsafe(16)
        return f"{value}.{sign(self.device_secret, value)}"

    def device_ok(self, device: Any) -> bool:
        if not isinstance(device, str) or len(device) > 80 or device.count(".") != 1:
            return False
        value, mac = device.split(".")
        return hmac.compare_digest(mac.encode("utf-8", "surrogatepass"), sign(self.device_secret, value).encode())

    def class_device(self, class_id: str) -> str:
        """A device id tied to a class: given with a right join code of that class, at once and
        without a budget (behind one school router every budget per address is one a classmate's
        script can spend); it holds one seat of that class and tells nothing about another's codes.

        >>> rules = SeatRules(); rules.device_secret = "s"
        >>> one = rules.class_device("7b")
        >>> one.startswith(CLASS_DEVICE), rules.of_class(one, "7b"), rules.of_class(one, "8a"), rules.device_ok(one)
        (True, True, False, False)
        """
        value = secrets.token_urlsafe(16)
        return f"{CLASS_DEVICE}{value}.{sign(self.device_secret, class_id + chr(10) + value)}"

    def of_class(self, device: Any, class_id: str) -> bool:
        """Whether ``device`` is a device id this server gave for a code of ``class_id``."""
        if not isinstance(device, str) or len(device) > 90 or not device.startswith(CLASS_DEVICE) or device.count(".") != 2:
            return False
        value, mac = device[len(CLASS_DEVICE):].split(".")
        return hmac.compare_digest(mac.encode("utf-8", "surrogatepass"),
                                   sign(self.device_secret, class_id + chr(10) + value).encode())

    async def _device_seat(self, code: str, device: Any, klass: str | None, address: str) -> Table:
        """The table of ``code`` for a device id asked for without a code (:meth:`new_device`)."""
        if not self.device_ok(device):
            raise Refusal(400, "server.need_device")
        if not self.wrong.has(device):
            raise Refusal(429, "server.slow_down")
        # such device ids are free (one every 2 s an address): counted per device alone, every id a
        # script ever took added a guess every 10 s for ever. A device that guessed wrong before also
        # needs its address's budget; a device's first try never does
        if not self.missed.has(device) and not self.wrong_here.has(address):
            raise Refusal(429, "server.too_many_codes")
        table = await self.store.table_by_code(code)
        if table is None and (damaged := await self.store.damaged(code=code)):  # its record does not read: set aside
            raise record_aside(self.store, damaged[0][0])
        if table is None or (klass is not None and klass != table.class_id):
            self.wrong.take(device)
            self.wrong_here.take(address)
            self.missed.take(device)
            raise self._wrong_code(code, table)
        return table

    async def _class_seat(self, code: str, device: str | None, klass: str | None, address: str) -> tuple[Table, str]:
        """The table of ``code`` and the device id to sit there with: ``device`` if it is one of the
        table's class, else (a first try, a code of another class) a new one of that class for a
        right code, given at once; a wrong code is a guess, counted against the address. Once the
        address's guesses are spent, every try without a device of the code's class is refused
        alike, after the look-up but before anything it found is said."""
        if device is None and not self.wrong_here.has(address):  # no device to look the class up for
            raise Refusal(429, "server.too_many_codes")
        table = await self.store.table_by_code(code)
        right = table is not None and (klass is None or klass == table.class_id)
        if table is not None and right and self.of_class(device, table.class_id):
            return table, str(device)  # a device of this class: its own code is never slowed
        # a device id sent (of another class, or forged) is slowed by its own wrong codes first: an
        # answer that depends on the device alone, not on what was looked up
        if device is not None and not self.wrong.has(device):
            raise Refusal(429, "server.slow_down")
        if not self.wrong_here.has(address):
            raise Refusal(429, "server.too_many_codes")
        if table is None and (damaged := await self.store.damaged(code=code)):  # its record does not read: set aside
            raise record_aside(self.store, damaged[0][0])
        if table is None or not right:
            self.wrong_here.take(address)
            if device is not None:
                self.wrong.take(device)
            raise self._wrong_code(code, table)
        return table, self.class_device(table.class_id)

    @staticmethod
    def _table_said(other: Table | None) -> Said:
        """The table a device sits at, as a refusal names it: by the number the teacher moves the
        student by, with the code the student typed."""
        return (Said.of("server.table_number_code", n=other.number, code=other.code)
                if other is not None and other.number is not None else
                Said.of("server.table_code", code=other.code if other else "?"))

    async def _where(self, table_id: str) -> Said:
        return self._table_said(await self.store.table(table_id))

    @staticmethod
    def _wrong_code(code: str, table: Table | None) -> Refusal:
        # the code as compared (normalised: what the student typed, in capitals, without spaces),
        # so the student can hold it against the board
        return Refusal(404, "server.bad_code", code=code) if table is None else Refusal(403, "server.other_class", code=code)

    async def join_code(self, code: Any, name: Any, device: Any, klass: Any, address: str) -> dict[str, Any]:
        """Trade a join code for a seat. The device that joined a seat gets the same seat (and
        token) again; a device holds one seat of the class; a locked table takes nobody new. Without
        a device id of the code's class (a first try, or a code of another class) a right code gives
        one (in the answer's ``device``); a wrong one is a guess, counted against the address."""
        try:
            code = normal_code(code)  # what is not a join code at all is refused before any look-up
        except ProtocolError as exc:
            raise Refusal(400, exc.key, **exc.params) from None
        if not (klass is None or isinstance(klass, str)):
            raise Refusal(400, "server.bad_request", detail=Said.of("server.d.class"))
        # (a long text is no device id: refused before it could key a bucket)
        if device is None or (isinstance(device, str) and device.startswith(CLASS_DEVICE) and len(device) <= 90):
            table, device = await self._class_seat(code, device, klass, address)
        else:
            table = await self._device_seat(code, device, klass, address)
        name = normal_name(name)
        dev = secret_id(device)
        now = await self.store.now()  # a hold's end is in the store's clock: every process reads one
        today = self.lesson_at(now)  # and so is the lesson's day, in the school's time zone
        holder = await self.store.hold_device(table.class_id, dev, table.id)
        other = await self.store.table(holder) if holder != table.id else None
        if other is not None and of_an_earlier_lesson(other, today):
            # the seat this device had in an earlier lesson (last week's table) does not keep it from
            # today's: before, every device of the class that had sat anywhere was refused at every
            # table of the next lesson. Taken over only if it is still held there (another join of
            # this device at the same moment takes it once)
            await self.store.drop_device(table.class_id, dev, holder)
            holder = await self.store.hold_device(table.class_id, dev, table.id)
            other = await self.store.table(holder) if holder != table.id else None
        if holder != table.id and other is not None and not of_an_earlier_lesson(other, today):
            # a table of today: perhaps one a classmate's return has just filed today, letting this
            # device go in the same step (``Store.renumber``) after the look-up above: asked once more
            holder = await self.store.hold_device(table.class_id, dev, table.id)
            other = await self.store.table(holder) if holder != table.id else None
        if holder != table.id:
            raise Refusal(409, "server.device_seated", table=self._table_said(other))

        alike: list[str] = []  # the classmate's name a look-alike was refused for
        earlier = of_an_earlier_lesson(table, today)

        # the seat's token and name as the transaction that seats the student wrote them: read from the
        # table afterwards, a release stored in between (another process; or this one while the
        # return's lesson is looked at) gave the released student the freed seat's new token
        given: list[tuple[str, str | None]] = []

        def sit(t: Table) -> tuple[str, int | None]:
            given.clear()  # (a store may run the change again)
            for i, s in enumerate(t.seats):
                if s.device == dev:
                    given.append((s.token, s.name))
                    return "again", i
            if t.code != code:
                # the teacher gave the table a new code since it was looked up by this one (the old
                # one was seen by another group): nobody new sits down with it. Before, a join in
                # that instant was seated with the code just replaced
                return "bad_code", None
            if t.locked:
                return "locked", None
            if any(s.name and name_key(s.name) == name_key(name) for s in t.seats):
                return "name_taken", None
            held = [(i, s.held_for(now)) for i, s in enumerate(t.seats) if s.kind == "human" and s.held_for(now)]
            mine = [i for i, whom in held if whom and name_key(whom) == name_key(name)]
            if earlier and not mine and of_an_earlier_lesson(t, today):
                # last week's code (a notebook's cell run again) seats nobody new: today's tables do.
                # Who sat there comes back (the device above, a seat held for the name), and the
                # teacher may move anybody there
                return "old_lesson", None
            # letters of other scripts that look the same: the dashboard shows the same name (a seat
            # held for a name counts as that name: its student is on the way back)
            for other in [s.name for s in t.seats if s.name] + ([whom for _, whom in held if whom and name_key(whom) != name_key(name)]):
                if looks(other) & looks(name):
                    alike.append(other)
                    return "name_lookalike", None
            waiting = {i for i, _ in held}
            for i, s in enumerate(t.seats):
                if s.kind == "human" and not s.joined and (i in mine if mine else i not in waiting):
                    # a new token: the one the teacher's notebook was sent when the table was made
                    # (its saved output, a script's log) never reaches this student's hand
                    s.joined, s.name, s.device, s.token, s.held, s.held_until = True, name, dev, new_token(), None, 0.0
                    given.append((s.token, s.name))
                    return "new", i
            return ("seat_held" if waiting else "table_full"), None

        async with self.holding(table.id):  # a new seat's token replaces the one the teacher was sent
            outcome, seat = await self.store.modify(table.id, sit)
            if seat is None:
                await self.store.drop_device(table.class_id, dev, table.id)
                lesson = {"code": table.code, "day": lesson_day(str(table.lesson))} if outcome == "old_lesson" else {}
                if outcome == "bad_code":
                    raise self._wrong_code(code, None)
                raise Refusal(403 if outcome in ("locked", "old_lesson") else 409, f"server.{outcome}", name=name,
                              other=alike[0] if alike else "", **lesson)
            if outcome == "new" and await self.store.hold_device(table.class_id, dev, table.id) != table.id:
                # the teacher moved this device's student away meanwhile (the device was looked up
                # here just before the move): the seat is given back, and the join told where it sits
                token = given[0][0]
                await self.store.modify(table.id, lambda t: _give_back(t, seat, token))
                holder = await self.store.hold_device(table.class_id, dev, table.id)
                raise Refusal(409, "server.device_seated", table=await self._where(holder))
            table = await self.store.table(table.id) or table
            if outcome == "new":
                await self.store.announce_seats(table.id)
                await self.seats_changed(table.id)
        table = await self.in_this_lesson(table, seat)  # the number the student is told is this lesson's
        token, seated_as = given[0]
        return {"token": token, "seat": seat, "table": table.id, "number": table.number,
                "was": number_before(table, self.today), "game": table.game,
                "players": table.players, "class": table.class_id, "name": seated_as, "device": device}

    async def in_this_lesson(self, table: Table, back: int | None = None) -> Table:
        """``table`` as a student comes back to it (at seat ``back``): a table of an earlier lesson
        whose number this lesson gave again (last week's Tisch 2, today's Tisch 2 already set up) is
        filed in this lesson under its next number (Tisch 9), so two tables in play never share a
        number on the dashboard, in the students' widgets or in today's class report. Every
        connection to it is sent the new number at once (here and, through the store, in every
        other process). The devices of its other seats are let go (:meth:`_staying`)."""
        today = await self.lesson_now()
        if table.number is None or table.lesson is None or table.lesson >= today or table.ended:
            return table
        # the lesson's count first (one read): the class's tables only once this number was counted
        given = await self.store.given(table.class_id, today)
        if given < table.number or self._own_number.get(table.id) == (today, given):
            return table  # not counted this far today, or found its own at this count: no table since
        if not any(other.id != table.id and other.lesson == today and other.number == table.number
                   for other in await self.store.tables(table.class_id)):
            self._own_number[table.id] = (today, given)  # a join flood reads the class's tables once
            return table  # its number is its own today too (passed over while it was played)
        # filed today, and the devices of its other seats let go, in one step of the store (:meth:`_staying`)
        await self.store.renumber(table, today, await self._staying(table, back))  # None: another process did it
        await self.store.announce_seats(table.id)
        await self.seats_changed(table.id)
        return await self.store.table(table.id) or table

    async def _staying(self, table: Table, back: int | None) -> frozenset[int]:
        """The seats whose devices stay with a table that one student's return (at ``back``) files in
        this lesson: theirs, and those connected now (playing on). The devices of its other seats
        are let go by the store in the step that files the table (``Store.renumber``): they no longer
        sit there for "one device, one seat". Before session 24 the return took them into today's
        lesson with the table, and a classmate who sat there last week and did not come back was
        refused at every table of today (``device_seated``); before session 25 the letting go was a
        step after the filing, and a classmate's join between the two was refused once. Their seats
        and tokens stay: a kept token comes back as before, and a device that has not sat down
        elsewhere meanwhile comes back with the code."""
        present = await self.store.present_seats(table.id)
        return frozenset(present | ({back} if back is not None else set()))

    async def forget_past(self, table_id: str, table: Table, now: float) -> None:
        """Take out of the table's record what only a moment needed (a seat's hold that is over at
        ``now``, the store's clock; the number before of a lesson that is over): an older version
        does not read a record with it and sets the table aside (a rollback, two versions on one
        Redis). Before, a released seat nobody sat down on kept its hold in the record for good, a
        renumbered table its ``was``."""
        today = self.lesson_at(now)
        if not past_moments(table, now, today):
            return
        async with self.holding(table_id):
            await self.store.modify(table_id, lambda t: forget_past(t, now, today))
            await self.store.announce_seats(table_id)
            await self.seats_changed(table_id)

    async def seats_changed(self, table_id: str) -> None:
        """The table's seat record changed (here or in another process): connections of a seat
        whose token was changed (released, moved) are told and closed at once."""
        table = await self.store.table(table_id)
        if table is None:
            return
        if table_id in self.tables:
            self.tables[table_id] = table
        for key in [k for k in self._views if k[0] == table_id]:  # the states name who has joined
            del self._views[key]
        for client in list(self.conns.get(table_id, ())):
            if client.seat is not None and client.token_id != secret_id(table.seats[client.seat].token):
                self.conns[table_id].discard(client)
                await self.store.seat_presence(table_id, client.seat, -1)
                client.table_id = None
                client.send(error("server.seat_released", None))
                client.send(None)
        if table_id in self.games:  # the others see who sits at the table now
            for client in list(self.conns.get(table_id, ())):
                client.send(self.state(table_id, client.seat, client.lang, client.seen))
                client.seen = len(self.games[table_id].log)

    async def release(self, cls: ClassRecord, table_id: str, seat: int, expect: str | None = None,
                      hold: bool = True) -> Table:
        """The teacher gives a seat back: a new token (the old one stops working at once), no name,
        the device may join anew. ``expect``: the name the teacher's dashboard showed on the seat (a
        list a few seconds old must not release the student who sat down since). ``hold``: the seat
        waits :data:`SEAT_HOLD` seconds for the released student's name (a student whose device lost
        its id comes back to their hand); ``False`` frees it for anybody at once (an intruder)."""
        table = await self.teachers_table(cls, table_id)
        _human_seat(table, seat)
        # the device on the seat when it is freed, not when the teacher's table was read: a
        # classmate may have sat down between the two (a store may call ``free`` more than once)
        freed: list[str | None] = [None]

        now = await self.store.now()  # the hold's end in the store's clock, which every process reads

        def free(t: Table) -> Seat | None:
            if expect is not None and t.seats[seat].name != expect:
                return t.seats[seat]
            freed[0] = t.seats[seat].device
            was = t.seats[seat]
            # held a minute for the student released (by name): a student whose device lost its id
            # comes back to their seat and hand; nobody else takes it meanwhile
            t.seats[seat] = (Seat("human", new_token(), held=was.name, held_until=now + SEAT_HOLD)
                             if hold and was.joined and was.name else Seat("human", new_token()))
            return None

        async with self.holding(table_id):
            sitting = await self.store.modify(table_id, free)
            if sitting is not None:
                raise _changed(expect, sitting)
            old = freed[0]
            if old:
                await self.store.drop_device(table.class_id, old, table_id)
            await self.store.announce_seats(table_id)
            await self.seats_changed(table_id)
        return await self.store.table(table_id) or table

    async def move(self, cls: ClassRecord, table_id: str, seat: int, to_table: str, to_seat: int,
                   expect: str | None = None) -> Table:
        """The teacher moves a student to a free seat (at this table or another of the class): the
        student's token, name and device go with them; their old seat is free with a new token.
        ``expect``: the name the teacher's dashboard showed on the seat (as for :meth:`release`)."""
        source = await self.teachers_table(cls, table_id)
        target = await self.teachers_table(cls, to_table)
        moving = _human_seat(source, seat)
        _human_seat(target, to_seat)
        if expect is not None and moving.name != expect:
            raise _changed(expect, moving)
        if not moving.joined:
            raise Refusal(409, "server.seat_free")
        if target.seats[to_seat].joined and (to_table, to_seat) != (table_id, seat):
            raise Refusal(409, "server.seat_taken")
        if to_table != table_id and moving.name:  # the same names as a join: the dashboard tells people apart
            for s in target.seats:
                if s.name and name_key(s.name) == name_key(moving.name):
                    raise Refusal(409, "server.move_name_taken", name=moving.name)
                if s.name and looks(s.name) & looks(moving.name):
                    raise Refusal(409, "server.move_lookalike", name=moving.name, other=s.name)

        def still(t: Table) -> bool:
            """The seat still holds the student read above (not released, nobody else sat down)."""
            return t.seats[seat].joined and same_secret(t.seats[seat].token, moving.token)

        def put(t: Table) -> bool | None:
            if t.id == table_id and not still(t):
                return None
            if t.seats[to_seat].joined:
                return False
            t.seats[to_seat] = Seat("human", moving.token, name=moving.name, device=moving.device, joined=True)
            if t.id == table_id:
                t.seats[seat] = Seat("human", new_token())
            return True

        filed: list[tuple[str, str, str]] = []  # the moved device, filed at the new table in the same step

        def across(both: list[Table]) -> bool | None:
            """From one table to another in one store transaction: the locks above are this
            process's, and another process on the same Redis may release the student meanwhile."""
            source, target = both
            filed.clear()
            if not still(source):
                return None
            done = put(target)
            if done:
                source.seats[seat] = Seat("human", new_token())
                if moving.device:
                    filed.append((source.class_id, moving.device, to_table))
            return done

        if (to_table, to_seat) == (table_id, seat):
            return source
        async with self.holding(table_id, to_table):
            # the seats were read before the locks, and the store's transaction checks them again: a
            # student released meanwhile (and a classmate seated there) must not be moved, or the
            # released token would live again at the new seat
            done = (await self.store.modify(to_table, put) if to_table == table_id
                    else await self.store.modify_many([table_id, to_table], across, filed))
            if done is None:
                now = await self.store.table(table_id)
                raise _changed(expect or moving.name, now.seats[seat] if now else Seat("human", ""))
            if not done:
                raise Refusal(409, "server.seat_taken")
            # (the device was filed at the new table in the move's transaction: a join by the old
            # table's code on another process found it still there after the move, and sat it down
            # there again)
            for tid in {table_id, to_table}:
                await self.store.announce_seats(tid)
                await self.seats_changed(tid)
        return await self.store.table(to_table) or target

    async def set_locked(self, cls: ClassRecord, table_id: str, locked: bool) -> Table:
        """Lock a table (nobody new joins; a device that joined comes back) or open it again."""
        await self.teachers_table(cls, table_id)
        await self.store.modify(table_id, lambda t: setattr(t, "locked", bool(locked)))
        return await self.store.table(table_id)  # type: ignore[return-value]

    async def new_code(self, cls: ClassRecord, table_id: str) -> Table:
        """A new join code for a table (the old one stops working; seats already joined stay)."""
        await self.teachers_table(cls, table_id)
        for _ in range(20):
            code = new_code()
            if await self.store.table_by_code(code) is None:
                try:
                    await self.store.modify(table_id, lambda t: setattr(t, "code", code))
                except KeyError:  # taken at the same moment: draw again
                    continue
                break
        return await self.store.table(table_id)  # type: ignore[return-value]


def _give_back(table: Table, seat: int, token: str) -> None:
    """Free ``seat`` again if it still holds ``token`` (a join's new seat, given back)."""
    if same_secret(table.seats[seat].token, token):
        table.seats[seat] = Seat("human", new_token())


def _changed(expect: str | None, sitting: Seat) -> Refusal:
    """The seat holds another student than the teacher's dashboard showed (or nobody now)."""
    now = Said({"de": sitting.name, "en": sitting.name}) if sitting.name else Said.of("server.d.nobody")
    return Refusal(409, "server.seat_changed", name=expect or "", now=now)


def _human_seat(table: Table, seat: Any) -> Seat:
    if type(seat) is not int or not 0 <= seat < len(table.seats) or table.seats[seat].kind != "human":
        raise Refusal(400, "server.bad_request", detail=Said.of("server.d.seat", hi=len(table.seats) - 1))
    return table.seats[seat]
