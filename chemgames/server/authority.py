"""The table authority: seats, versions, views, bots, join codes and limits, knowing nothing of sockets.

boardgame.io separates its game ``Master`` from the transport; so does this server. The
:class:`Authority` holds the class's games (loaded from the store, kept in step with it, played by
the bots); a :class:`Client` is anything that can be sent messages (a WebSocket in
:mod:`chemgames.server.app`, a list in the tests). Every rule a student or a teacher meets is here,
and a refusal is a :class:`~chemgames.server.protocol.ProtocolError` with an HTTP status, so the
rules are tested without a network:

>>> import asyncio
>>> from concurrent.futures import ThreadPoolExecutor
>>> from chemgames.server.store import open_store
>>> async def lesson():
...     auth = Authority(open_store("sqlite:///:memory:"), admin_key="k")
...     await auth.start()
...     cls = await auth.store.class_by_key("k")
...     [table] = await auth.create_tables(cls, {"game": "chemix", "seats": 2, "seed": 1})
...     laptop = await auth.new_device("10.0.0.7")
...     first = await auth.join_code(table.code.lower(), "Ada", laptop, None, "10.0.0.7")
...     again = await auth.join_code(table.code, "Ada", laptop, None, "10.0.0.7")  # the same device: the same seat
...     await auth.release(cls, table.id, first["seat"])  # the teacher gives the seat back
...     gone = await auth.store.seat_by_token(first["token"])
...     await auth.stop()
...     return first["seat"], again["token"] == first["token"], gone
>>> ThreadPoolExecutor(1).submit(asyncio.run, lesson()).result()
(0, True, None)
"""
from __future__ import annotations

import asyncio
import json
import logging
import os
import time
from typing import Any, Callable

from ..bots import Bot, make_bot
from ..core.action import MalformedAction
from ..core.errors import Error, IllegalAction
from ..core.game import Game
from ..core.i18n import LANGS, Num, tr
from ..core.registry import game_class, new_game
from ..record.events import REFUSALS_RECORDED, TurnAttempts  # the notebook's record keeps the same
from .connection import OUTBOX, Client
from .limits import Bucket, Buckets
from .lookalike import prototypes
from .model import (ClassRecord, Table, lesson_today, new_code, new_token, number_before, school_zone, secret_id,
                    zone_named)
from .protocol import Refusal, Said, error
from .seats import MOVES_ASIDE, SeatRules, normal_name, record_aside
from .store import Stopped, Store, agree_zone

log = logging.getLogger("chemgames.server")
MAX_TABLES = 200  # tables one request may create
MAX_OPTION_TEXT = 4_096  # the options of one table as JSON, at most (a game's options are a few small values)
BOT_STEPS = 2_000  # bot actions in a row, at most (a guard against a game that never ends)
#: connections one seat may hold at once (a notebook, a reload, a second device); the oldest gives way
SEAT_CONNECTIONS = 4
#: looks a ``join`` takes at its token when the seat it was found at lost it meanwhile (a move)
JOIN_LOOKS = 3
CREATE_FIELDS = frozenset({"game", "seats", "tables", "bots", "options", "lang", "seed", "bot_after", "fill"})

#: ``on_action(table, seat, action, explanation, accepted)``: called where the authority applies or
#: refuses a student's move (one place: a learning record hooks in here)
ActionHook = Callable[[Table, int, Any, Any, bool], None]


def view_in(game: Game, seat: int | None, lang: str, seen: int | None = None) -> dict[str, Any]:
    """``game.view(seat)`` in ``lang`` (with only the log entries after ``seen`` actions when given):
    the core renders a view in any language without changing the game, so one game serves readers
    of both languages at once.

    >>> import chemgames
    >>> g = chemgames.new_game("chromino", players=2, seed=3, lang="de")
    >>> view_in(g, 0, "en")["lang"], g.lang
    ('en', 'de')
    """
    return game.view(seat, lang) if seen is None else view_with_new_log(game, seat, seen, lang)


def view_with_new_log(game: Game, seat: int | None, seen: int, lang: str | None = None) -> dict[str, Any]:
    """``game.view(seat, lang)`` with only the log entries after the first ``seen`` actions (those
    this seat may read): what a client that has the earlier ones needs. The tests check that the
    view a client puts together equals ``game.view(seat)`` in every message.

    >>> import chemgames
    >>> g = chemgames.new_game("chromino", players=2, seed=3, lang="en")
    >>> for _ in range(4): _ = g.apply(g.legal_actions()[0])
    >>> full, new = g.view(0), view_with_new_log(g, 0, 2)
    >>> new["log"] == full["log"][-2:], {k: v for k, v in new.items() if k != "log"} == {k: v for k, v in full.items() if k != "log"}
    (True, True)
    """
    lang = lang or game.lang
    out: dict[str, Any] = {"title": game.titles[lang], "lang": lang}
    fresh = game.log[seen:]
    visible = sum(1 for e in fresh if e.player == seat or e.public)
    out["log"] = [e.to_dict(lang) for e in game.visible_log(seat, visible)] if visible else []
    out.update(game.position(seat, lang))
    if game.is_over:
        out["breakdown"] = [a.to_dict(lang) for a in game.score_breakdown()]
    return out


def warm_game(game_id: str, players: int, options: dict[str, Any], lang: str) -> None:
    """A move of ``game_id`` played through on a game of its own (views in each language, the legal
    actions, a check and its explanation, the views after it): what the first table and the first
    move of a game kind need the first time in a process (modules, data, Babel's rules). Called off
    the event loop (:meth:`Authority.warm`): done on it, the first Metallurgie move imported SymPy
    while every table of the server waited (2.1 s at load 18), the first Chemie-Kartenspiel move
    read the substance reference (0.35 s).

    >>> warm_game("raeumab", 2, {}, "de")
    """
    game = new_game(game_id, players=players, seed=0, lang=lang, **options)
    for view_lang in LANGS:
        for seat in (*range(players), None):
            view_in(game, seat, view_lang)
    legal = game.legal_actions()
    if not legal:
        return
    [action.to_json() for action in legal]
    explanation = game.check(legal[0])
    for view_lang in LANGS:
        explanation.in_lang(view_lang).to_dict()
    game.apply(legal[0])
    for view_lang in LANGS:
        for seat in range(players):
            view_in(game, seat, view_lang, 0)


class Authority(SeatRules):
    """The games of one server process and every rule about who may do what at them."""

    def __init__(self, store: Store, rate: float = 20.0, burst: float = 40.0, watch_every: float = 0.5,
                 admin_key: str | None = None, wrong_rate: float = 0.1, wrong_burst: float = 5.0,
                 wrong_address_rate: float = 0.1, wrong_address_burst: float = 30.0,
                 device_rate: float = 0.5, device_burst: float = 10.0, unjoined_rate: float = 40.0,
                 unjoined_burst: float = 200.0) -> None:
        self.store = store
        self.rate, self.burst = rate, burst
        self.watch_every = watch_every
        self.admin_key = admin_key
        self.key_was_given = False
        self.tables: dict[str, Table] = {}
        self.games: dict[str, Game] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.conns: dict[str, set[Client]] = {}
        self.bots: dict[tuple[str, int], Bot] = {}
        self._legal: dict[str, tuple[int, list[dict[str, Any]]]] = {}  # the legal actions as JSON, per version
        self._views: dict[tuple[str, int | None, str, int | None, int], dict[str, Any]] = {}  # one state per seat a version
        self._own_number: dict[str, tuple[str, int]] = {}  # seats.in_this_lesson: a number found its own, at which count
        self.turn_since: dict[str, float] = {}  # when the player to move got the turn
        # wrong join codes count against the device that sent them (a server-signed id), so a wrong
        # guess never blocks a classmate's right code; new devices are counted per address
        self.wrong = Buckets(wrong_rate, wrong_burst)
        # and, once a device has guessed wrong, against its address too (``join_code``)
        self.wrong_here = Buckets(wrong_address_rate, wrong_address_burst)
        self.missed = Buckets(0.0, 1.0)  # empty: the device has guessed a wrong code
        self.devices = Buckets(device_rate, device_burst)
        # a student's messages are counted per seat, however many connections (tabs, scripts) of the
        # seat send them; messages of connections that have not joined yet are counted per address
        # (enough for a class behind one router joining at once, or rejoining after a restart)
        self.seat_buckets: dict[tuple[str, int], Bucket] = {}
        self.unjoined = Buckets(unjoined_rate, unjoined_burst)
        self.device_secret = ""
        self.final: dict[str, dict[str, Any]] = {}  # the scoreboard of finished games let go of
        self.set_aside: dict[str, Said] = {}  # tables whose stored actions do not replay: why, in each language
        self.on_action: list[ActionHook] = []
        self._refusals: dict[tuple[str, int], TurnAttempts] = {}  # per seat: the attempts recorded this turn
        self._tasks: list[asyncio.Task[None]] = []
        self._warmed: set[str] = set()  # the game kinds whose first move was played through (``warm``)
        school_zone()  # a wrong $CHEMGAMES_TIME_ZONE is said before anything starts
        self.today = lesson_today()  # the lesson's day, read in the store's clock from the start on

    # ------------------------------------------------------------------ life
    async def start(self) -> None:
        await self.store.start()
        try:  # the store's school time zone, before anything is written: a process set to another is refused
            self.zone = zone_named(await agree_zone(self.store))
        except ValueError:
            await self.store.close()
            raise
        given = self.admin_key or os.environ.get("CHEMGAMES_TEACHER_KEY")
        self.key_was_given = bool(given)  # then it is not printed: the one who set it knows it
        key = given or await self.store.set_meta_once("admin_key", new_token())
        self.admin_key = key
        self.device_secret = await self.store.set_meta_once("device_secret", new_token())
        await asyncio.to_thread(prototypes)  # the confusables data, read before the first student joins
        await self.store.add_class(ClassRecord("default", key))  # the server's key is also a class: one teacher needs no more
        await self.lesson_now()
        await self.store.listen(self.on_remote, self.catch_up)
        for table in await self.store.tables():  # a restarted server continues every table it can
            game = await self.game(table.id)
            if game is not None and not game.is_over:
                self._tasks.append(asyncio.create_task(self.play_bots_locked(table.id)))
        self._tasks.append(asyncio.create_task(self._watch_absent()))

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await self.store.close()

    # ------------------------------------------------------------------ games
    async def warm(self, game_id: str, players: int, options: dict[str, Any], lang: str) -> None:
        """Once a process for each game kind, before its first table is made: :func:`warm_game` in a
        thread, so the first-time work of a game's first table and move is not done on the event
        loop, where every table of the server waits for it. A set-up the game refuses is said by
        ``create_tables``, not here."""
        if game_id in self._warmed:
            return
        try:
            await asyncio.to_thread(warm_game, game_id, players, dict(options), lang)
        except Exception as exc:  # noqa: BLE001 - the set-up is checked (and refused in words) on the loop
            log.info("the first move of %s was not played through beforehand: %s: %.200s", game_id, type(exc).__name__, exc)
            return  # (options the game refuses: the next request tries again)
        self._warmed.add(game_id)

    def lock(self, table_id: str) -> asyncio.Lock:
        return self.locks.setdefault(table_id, asyncio.Lock())

    async def game(self, table_id: str) -> Game | None:
        """The table's game, in step with the store: actions other processes stored are replayed,
        and this process's clients are sent the new state. A table whose stored actions do not
        replay (an edited row, a rules change after an upgrade) is set aside: ``None``, and the
        reason is on the teacher's dashboard, while every other table plays on."""
        if table_id in self.set_aside:
            return None
        loading = table_id not in self.games
        if loading:
            table = await self.store.table(table_id)
            if table is None:
                return None
            self.tables[table_id] = table
            try:
                self.games[table_id] = new_game(table.game, players=table.players, seed=table.seed, lang=table.lang,
                                                **table.options)
            except (Error, ValueError, TypeError, KeyError) as exc:  # the rules no longer take its settings
                why = _in_each_lang(lambda lang: new_game(table.game, players=table.players, seed=table.seed,
                                                          lang=lang, **table.options))
                self._set_aside(table_id, Said.of("server.aside.options", why=why), exc)
                return None
            self.turn_since[table_id] = time.time()
        game = self.games[table_id]
        news = await self.store.actions(table_id, start=len(game.log))
        for n, text in enumerate(news, start=len(game.log) + 1):
            try:  # a game loaded (a restart) replays on the engine's fast path, as load_game does
                game.apply(game.action_from_json(json.loads(text)), explain=not loading)
            except IllegalAction as exc:  # the rules refuse it: why, as the rules say it in each language
                self._set_aside(table_id, Said({lang: tr(lang, "server.aside.illegal", n=Num(n),
                                                         why=exc.explanation.in_lang(lang).summary().rstrip(". "))
                                                for lang in LANGS}), exc)
                return None
            except (Error, ValueError, TypeError, KeyError, AssertionError) as exc:
                self._set_aside(table_id, Said.of("server.aside.unreadable", n=Num(n)), exc)
                return None
        if news:  # this process's clients have not seen these yet
            self.turn_since[table_id] = time.time()
            self.broadcast(table_id)
        return game

    def _set_aside(self, table_id: str, why: Said, exc: BaseException) -> None:
        """Set a table aside: ``why`` is what the teacher reads (from the catalogs, in each language);
        the server's log names the fault too, for whoever runs the server."""
        self.set_aside[table_id] = why
        self.games.pop(table_id, None)
        log.error("table %s set aside: %s (%s: %.160s)", table_id, why.render("en"), type(exc).__name__, exc)
        for client in list(self.conns.pop(table_id, ())):
            client.send(error("server.set_aside", None, why=MOVES_ASIDE))

    async def playing(self, table_id: str) -> Game:
        """The table's game, or a refusal naming why there is none."""
        game = await self.game(table_id)
        if game is None:
            raise Refusal(503, "server.set_aside", why=MOVES_ASIDE) if table_id in self.set_aside \
                else Refusal(404, "server.no_table")
        return game

    async def on_remote(self, table_id: str, version: int, action: str) -> None:
        """Another process stored an action (``version`` its new count; ``-1``: the table's seats
        changed): replay it here and tell this process's clients. A table nobody follows through
        this process is not replayed now (with several processes each would otherwise apply every
        move of every table): :meth:`game` reads what it missed from the store when someone asks."""
        if version < 0:
            await self.seats_changed(table_id)
            return
        if table_id not in self.games:
            return
        async with self.lock(table_id):  # a join holds it while it catches up: its client is counted below
            game = self.games.get(table_id)
            if game is None or len(game.log) >= version or not self.conns.get(table_id):
                return
            if len(game.log) == version - 1:  # the next one: no need to ask the store
                try:
                    game.apply(game.action_from_json(json.loads(action)))
                except Error:
                    self.games.pop(table_id, None)
                    await self.game(table_id)
                    return
                self.turn_since[table_id] = time.time()
                self.broadcast(table_id)
            else:
                await self.game(table_id)  # several, or a gap: from the store (it tells the clients)

    async def catch_up(self) -> None:
        """The store's announcements were interrupted (a Redis restart): bring every game and every
        seat record this process holds up to date from the store."""
        for table_id in list(self.games):
            async with self.lock(table_id):
                await self.game(table_id)
            await self.seats_changed(table_id)

    async def commit(self, table_id: str, game: Game, action: Any, seat: tuple[str, int] | None = None) -> bool:
        """Store ``action`` (check-and-set on the count), then apply it; ``False`` if another
        process was first (the game is then brought up to date). ``seat``: the acting student's
        token id and seat, which must still be theirs in the store (another process may have
        released them, or ended the game, and this one not heard yet): else a refusal."""
        try:
            stored = await self.store.append(table_id, len(game.log), json.dumps(action.to_json()), seat)
        except Stopped as stop:
            await self.seats_changed(table_id)  # what another process changed: this process's copy, its clients
            raise Refusal(403, "server.seat_released") if stop.why == "seat" else Refusal(409, "server.ended") from None
        if not stored:
            await self.game(table_id)
            return False
        mover = game.current_player
        game.apply(action)
        if game.current_player != mover:
            self.turn_since[table_id] = time.time()
        return True

    # ------------------------------------------------------------------ bots
    async def bot_for(self, table: Table, seat: int, game: Game) -> Bot | None:
        """The bot that plays ``seat`` now, or ``None`` (a person plays it)."""
        kind = table.seats[seat].kind
        if kind == "human":
            if table.bot_after is None:
                return None
            since = await self.store.absent_since(table.id, seat)
            # empty for bot_after seconds (in the store's clock, in which every process stamps a
            # leaving: a process whose clock is ahead took a seat left a moment ago for empty for
            # minutes), and its turn waited that long (this process's clock): the others see the pause
            if (since is None or time.time() - self.turn_since.get(table.id, 0.0) < table.bot_after
                    or await self.store.now() - since < table.bot_after):
                return None
            kind = table.fill
        key = (table.id, seat)
        if key not in self.bots or getattr(self.bots[key], "name", "") != kind:
            self.bots[key] = make_bot(kind, seed=table.seed * 31 + seat)
        return self.bots[key]

    async def play_bots(self, table_id: str) -> None:
        """Let bots move until a person is to move or the game ends (the table lock is held)."""
        table, game = self.tables[table_id], self.games.get(table_id)
        for _ in range(BOT_STEPS):
            if self.tables[table_id].ended:  # the teacher ended the game: the bots stop too
                return
            if game is None or game.is_over or game.current_player is None:
                return
            bot = await self.bot_for(table, game.current_player, game)
            if bot is None:
                return
            if getattr(bot, "name", "") == "search":  # seconds of thinking: off the event loop
                action = await asyncio.to_thread(bot.choose, game)
            else:
                action = bot.choose(game)
            try:
                if await self.commit(table_id, game, action):
                    self.broadcast(table_id)
            except Refusal:  # another process ended the game (now heard): the bots stop
                return

    async def play_bots_locked(self, table_id: str) -> None:
        async with self.lock(table_id):
            if await self.game(table_id) is not None:
                await self.play_bots(table_id)

    async def _watch_absent(self) -> None:
        """Hand the turn of a seat left empty too long to a bot (tables with ``bot_after``); let go
        of finished games nobody follows (a finished game's log can take megabytes; it is loaded
        again from the store when asked for)."""
        while True:
            await asyncio.sleep(self.watch_every)
            try:
                now = await self.store.now()  # once a round: the store's clock, in which holds end
            except Exception as exc:  # noqa: BLE001 - the store away for a moment: the next round
                log.error("the store's clock: %s: %.200s", type(exc).__name__, exc)
                continue
            for table_id, table in list(self.tables.items()):
                try:
                    await self._look_after(table_id, table, now)
                except Exception as exc:  # noqa: BLE001 - one table's fault must not stop the others' bots
                    log.error("table %s: %s: %.200s", table_id, type(exc).__name__, exc)

    async def _look_after(self, table_id: str, table: Table, now: float) -> None:
        await self.forget_past(table_id, table, now)
        game = self.games.get(table_id)
        if game is not None and game.is_over and not self.conns.get(table_id) and not self.lock(table_id).locked():
            self.final[table_id] = self.scoreboard(game)
            del self.games[table_id]
            self._legal.pop(table_id, None)
            return
        if self.lock(table_id).locked() or table.bot_after is None or game is None or game.is_over:
            return
        seat = game.current_player
        if seat is not None and table.seats[seat].kind == "human" and await self.bot_for(table, seat, game):
            await self.play_bots_locked(table_id)

    @staticmethod
    def scoreboard(game: Game) -> dict[str, Any]:
        """Whose turn, the scores: what a teacher's list shows of a table (``turns``: the turns
        completed, what a teacher counts as moves; ``version``: every action, draws included; the
        scores as the players read them, ``shown_scores``)."""
        return {"version": len(game.log), "turns": game.turns_completed, "current_player": game.current_player,
                "is_over": game.is_over, "scores": game.shown_scores(), "winners": game.winners(),
                "title": {lang: text for lang, text in game.titles.items()}}

    # ------------------------------------------------------------------ messages
    def state(self, table_id: str, seat: int | None, lang: str, seen: int | None = None) -> dict[str, Any]:
        """What ``seat`` is sent: its own view, and its legal actions when it is to move. A client
        that has seen the table at ``seen`` actions is sent only the log entries after those
        (``"log": "new"``; :func:`~chemgames.server.protocol.merged_log` puts the view together).
        Made once per seat, language and version, however many connections follow that seat."""
        game, table = self.games[table_id], self.tables[table_id]
        version = len(game.log)
        key = (table_id, seat, lang, seen, version)
        made = self._views.get(key)
        if made is not None:
            return made
        view = view_in(game, seat, lang, seen)
        view["can_undo"] = False  # a move at a table is final: the others have seen it
        # the table's number in its class ("Tisch 3"): what the views call the table, never its join code
        made = {"type": "state", "version": version, "table": table_id, "number": table.number,
                "was": number_before(table, self.today), "seat": seat,
                "game": table.game,
                "kinds": [s.kind for s in table.seats], "joined": [s.joined or s.kind != "human" for s in table.seats],
                "log": "all" if seen is None else "new", "view": view, "ended": table.ended,
                "legal": self.legal_json(table_id) if seat is not None and game.current_player == seat
                and not table.ended else []}
        if len(self._views) > 20_000:
            self._views.clear()
        self._views[key] = made
        return made

    def legal_json(self, table_id: str) -> list[dict[str, Any]]:
        """The legal actions as JSON, in the order of ``game.legal_actions()`` (made once a version)."""
        game = self.games[table_id]
        entry = self._legal.get(table_id)
        if entry is None or entry[0] != len(game.log):
            entry = (len(game.log), [a.to_json() for a in game.legal_actions()])
            self._legal[table_id] = entry
        return entry[1]

    def _same_kinds(self, table_id: str, game: Game, action: Any, raw: dict[str, Any]) -> bool:
        """Whether ``raw`` is exactly the legal action it equals, kinds included: Python takes
        ``true`` for ``1`` and ``1.0`` for ``1``, JSON does not. Only the one legal action is compared."""
        legal = game.legal_actions()
        try:
            at = legal.index(action)
        except ValueError:
            return True  # not legal at all: the rules refuse it with their own reason
        return json.dumps(raw, sort_keys=True) == json.dumps(self.legal_json(table_id)[at], sort_keys=True)

    def broadcast(self, table_id: str) -> None:
        version = len(self.games[table_id].log)
        for client in list(self.conns.get(table_id, ())):
            client.send(self.state(table_id, client.seat, client.lang, client.seen))
            client.seen = version
        stale = [k for k in self._views if k[0] == table_id and k[4] < version]
        for k in stale:
            del self._views[k]

    async def join(self, client: Client, msg: dict[str, Any]) -> None:
        """A ``join`` (a seat token) or ``watch`` (the teacher key and a table) message."""
        for _ in range(JOIN_LOOKS):
            if await self._join_once(client, msg):
                return
        raise Refusal(403, "server.bad_token")  # (the teacher moved the token on again and again meanwhile)

    async def _join_once(self, client: Client, msg: dict[str, Any]) -> bool:
        """One try of :meth:`join`: ``False`` when the seat the token was found at no longer holds it
        once the connection is counted there (the teacher moved the student meanwhile: the token is
        looked up again)."""
        if msg["type"] == "join":
            found = await self.store.seat_by_token(msg["token"])
            if found is None and (damaged := await self.store.damaged(token=msg["token"])):  # its record does not read
                raise record_aside(self.store, damaged[0][0])
            if found is None or found[0].seats[found[1]].kind != "human":  # nobody sits in a bot's seat
                raise Refusal(403, "server.bad_token")
            table, seat = found
            table = await self.in_this_lesson(table, seat)  # last week's table, its number given again today
            token_id: str | None = secret_id(msg["token"])
        else:
            cls = await self.store.class_by_key(msg["teacher_key"])
            if cls is None:
                raise Refusal(403, "server.bad_key")
            watched = await self.store.table(msg["table"])
            if watched is None or watched.class_id != cls.id:
                raise Refusal(404, "server.no_table")
            table, seat, token_id = watched, None, None
        await self.leave(client)
        async with self.lock(table.id):
            await self.playing(table.id)
            client.table_id, client.seat, client.token_id = table.id, seat, token_id
            client.lang = msg.get("lang", table.lang)
            self.conns.setdefault(table.id, set()).add(client)
            if seat is not None:
                # the seat read again now that the connection is counted at the table: a release (or
                # a move) since the token was looked up above, here or in another process, either
                # shows in this read or finds the connection and closes it. Before, the record read
                # above was kept: an intruder whose seat the teacher freed at that moment was sat
                # down again with the released token, sent the seat's view and, with SQLite, let move
                now = await self.store.table(table.id)
                if now is None or token_id != secret_id(now.seats[seat].token):
                    self.conns[table.id].discard(client)
                    client.table_id = client.seat = client.token_id = None
                    return False  # released (the next look-up refuses the token) or moved (it finds the new seat)
                table = now
            self.tables[table.id] = table
            if seat is not None:
                client.bucket = self.seat_buckets.setdefault((table.id, seat), Bucket(self.rate, self.burst))
                client.joined_at = time.monotonic()
                await self.store.seat_presence(table.id, seat, +1)
                await self._make_way(table.id, seat)
            client.send(self.state(table.id, seat, client.lang))
            client.seen = len(self.games[table.id].log)
        return True

    async def _make_way(self, table_id: str, seat: int) -> None:
        """A seat holds at most ``SEAT_CONNECTIONS`` connections: every one is sent every state of
        the table, so a student's hundred tabs (or a script's) were a hundred encodings and sends of
        each move. The oldest gives way, told so (its client does not come back on its own)."""
        same = sorted((c for c in self.conns.get(table_id, ()) if c.seat == seat), key=lambda c: c.joined_at)
        for oldest in same[:max(0, len(same) - SEAT_CONNECTIONS)]:
            await self.leave(oldest)
            oldest.send(error("server.seat_elsewhere", None, n=SEAT_CONNECTIONS))
            oldest.send(None)

    async def leave(self, client: Client) -> None:
        if client.table_id is None:
            return
        self.conns.get(client.table_id, set()).discard(client)
        if client.seat is not None:
            await self.store.seat_presence(client.table_id, client.seat, -1)
        client.table_id = None

    def admit(self, client: Client) -> bool:
        """Whether a message of ``client`` is within its budget: its seat's (shared by every
        connection of the seat), or, before it has joined, also its address's, all but a
        connection's first message (its hello: a class rejoining after a restart is never dropped)."""
        if not client.bucket.take():
            return False
        first, client.said = client.said == 0, client.said + 1
        return client.table_id is not None or first or self.unjoined.take(client.address)

    def version_of(self, client: Client) -> int | None:
        game = self.games.get(client.table_id or "")
        return len(game.log) if game is not None else None

    async def act(self, client: Client, msg: dict[str, Any]) -> None:
        """An ``act`` or ``check`` message: the action is checked strictly (this table's game,
        exact kinds: ``true`` is not ``1``), then by the rules."""
        if client.table_id is None:
            raise Refusal(400, "server.join_first")
        if client.seat is None:
            raise Refusal(403, "server.spectator")
        table_id, seat = client.table_id, client.seat
        async with self.lock(table_id):
            # a loaded game is in step already (this process's moves, and the others' through the
            # store's announcements; a check-and-set that fails catches up): no store read a move
            game = self.games.get(table_id) or await self.playing(table_id)
            table = self.tables[table_id]
            if client.token_id is not None and client.token_id != secret_id(table.seats[seat].token):
                raise Refusal(403, "server.seat_released")
            version = len(game.log)
            if table.ended and msg["type"] == "act":
                raise Refusal(409, "server.ended")
            raw = msg["action"]
            if raw.get("game") != table.game:
                raise Refusal(400, "server.bad_action", detail=Said({lang: tr(lang, "server.d.plays", game=table.game,
                                                                                title=game.titles[lang]) for lang in LANGS}))
            try:
                action = game.action_from_json(raw)
            except MalformedAction as exc:
                raise Refusal(400, "server.bad_action", detail=Said.of(exc.key, **exc.params)) from None
            except Error:
                raise Refusal(400, "server.bad_action", detail=Said.of("server.d.not_action")) from None
            if not 0 <= action.player < game.players:  # (before: "you cannot act for seat 0" for -1)
                raise Refusal(400, "server.bad_action", detail=Said.of("server.d.player", hi=game.players - 1))
            if action.player != seat:
                raise Refusal(403, "server.not_your_seat", seat=seat + 1, other=action.player + 1)
            if game.current_player == seat and not game.is_legal(action) and not self._same_kinds(table_id, game, action, raw):
                # equal to a legal action only because true == 1 in Python: not the action it looks like
                # (``is_legal`` tells them apart since session 25; said here as the kind it is)
                raise Refusal(400, "server.bad_action", detail=Said.of("server.d.bool_not_int"))
            if msg["type"] == "check":
                client.send({"type": "checked", "version": version,
                             "explanation": game.check(action).in_lang(client.lang).to_dict()})
                return
            if msg["version"] != version:
                raise Refusal(409, "server.stale", sent=Num(msg["version"]), version=Num(version))
            explanation = game.check(action)
            if not explanation.ok:
                if self._worth_recording(table_id, seat, version, action):
                    self._acted(table, seat, action, explanation, False)
                client.send({"type": "refused", "version": version,
                             "explanation": explanation.in_lang(client.lang).to_dict()})
                return
            if not await self.commit(table_id, game, action, None if client.token_id is None else (client.token_id, seat)):
                raise Refusal(409, "server.busy")
            self._acted(table, seat, action, explanation, True)
            self.broadcast(table_id)
            await self.play_bots(table_id)

    def _worth_recording(self, table_id: str, seat: int, version: int, action: Any) -> bool:
        """Whether a refused attempt goes to the hooks (the learning record): not the same attempt
        again in one turn, and at most ``REFUSALS_RECORDED`` different ones (the student is
        answered every time)."""
        return self._refusals.setdefault((table_id, seat), TurnAttempts()).worth(version, action.to_json())

    def _acted(self, table: Table, seat: int, action: Any, explanation: Any, accepted: bool) -> None:
        """The one place where a student's move is known applied (or refused): the hooks run here."""
        for hook in self.on_action:
            try:
                hook(table, seat, action, explanation, accepted)
            except Exception as exc:  # noqa: BLE001 - a hook's fault must not undo a stored move
                log.error("on_action hook: %s: %.200s", type(exc).__name__, exc)

    async def set_ended(self, cls: ClassRecord, table_id: str, ended: bool) -> Table:
        """The teacher ends a game (no more moves, the bots stop, the hands may be opened for the
        discussion) or lets it go on where it was; every connection is sent the new state."""
        await self.teachers_table(cls, table_id)
        async with self.holding(table_id):  # a move checks ``ended`` under the same lock
            await self.store.modify(table_id, lambda t: setattr(t, "ended", bool(ended)))
            await self.store.announce_seats(table_id)
            await self.seats_changed(table_id)
        if not ended:
            await self.play_bots_locked(table_id)
        return await self.store.table(table_id)  # type: ignore[return-value]

    # ------------------------------------------------------------------ tables
    async def create_tables(self, cls: ClassRecord, body: dict[str, Any]) -> list[Table]:
        """Set up tables from a teacher's request; everything is bounded and checked before any
        game is built, and nothing is stored unless every table could be made."""
        unknown = set(body) - CREATE_FIELDS
        if unknown or not isinstance(body.get("game"), str):
            raise Refusal(400, "server.bad_request", detail=Said.of("server.d.create_fields", fields=", ".join(sorted(CREATE_FIELDS))))
        try:
            cls_game = game_class(body["game"])
        except Error:
            raise Refusal(400, "server.bad_request", detail=_in_each_lang(lambda lang: game_class(body["game"], lang))) from None
        count, seed, seats = body.get("tables", 1), body.get("seed"), body.get("seats", 4)
        lo, hi = cls_game.min_players, cls_game.max_players
        if type(count) is not int or not 1 <= count <= MAX_TABLES:
            raise Refusal(400, "server.bad_request", detail=Said.of("server.d.tables", hi=MAX_TABLES))
        if type(seats) is not int or not lo <= seats <= hi:
            raise Refusal(400, "server.bad_request", detail=Said.of("server.d.seats", lo=lo, hi=hi, game=body["game"]))
        if not (seed is None or (type(seed) is int and 0 <= seed < 2**31)):
            raise Refusal(400, "server.bad_request", detail=Said.of("server.d.seed"))
        options = body.get("options")
        options = {} if options is None else options
        if not isinstance(options, dict) or len(json.dumps(options)) > MAX_OPTION_TEXT:
            raise Refusal(400, "server.bad_request", detail=Said.of("server.d.options", limit=Num(MAX_OPTION_TEXT)))
        bots = body.get("bots")
        if bots is not None and (not isinstance(bots, (list, dict)) or len(bots) > hi):
            raise Refusal(400, "server.bad_request", detail=Said.of("server.d.bots"))
        if isinstance(bots, dict):
            long = [str(k) for k in bots if len(str(k)) >= 4]  # never a seat (read unread: int() of 5,000 digits)
            if long:  # (before: left out, and the table made without the bot asked for)
                seat = long[0] if len(long[0]) <= 12 else long[0][:12] + "…"
                raise Refusal(400, "server.bad_request", detail=Said.of("server.d.no_seat", seat=seat, players=seats))
            try:
                bots = {int(k): v for k, v in bots.items()}
            except ValueError:
                raise Refusal(400, "server.bad_request", detail=Said.of("server.d.bot_seats")) from None
        lang = body.get("lang", "de")
        if lang not in ("de", "en"):
            raise Refusal(400, "server.bad_request", detail=Said.of("server.d.lang"))
        await self.warm(body["game"], seats, options, lang)

        today = await self.lesson_now()  # the day in the store's clock and the school's zone, not this machine's

        def set_up(i: int, lang: str) -> Table:
            return Table.new(body["game"], players=seats, class_id=cls.id, bots=bots, options=options,
                             seed=None if seed is None else (seed + i) % 2**31, lang=lang,
                             bot_after=body.get("bot_after"), fill=body.get("fill", "greedy"), lesson=today)

        try:
            made = [set_up(i, lang) for i in range(count)]
        except (Error, TypeError, ValueError, OverflowError):  # said in each language (the set-up is made again)
            raise Refusal(400, "server.bad_request", detail=_in_each_lang(lambda lang: set_up(0, lang))) from None
        for table in made:
            while not await self.store.add_table(table):  # the code is in use already: draw another
                table.code = new_code()
        for table in made:
            await self.play_bots_locked(table.id)
        return made

    def summary(self, table: Table, present: set[int], now: float | None = None) -> dict[str, Any]:
        """The dashboard's line of one table: each seat's kind, the name of the student who joined
        it, whether it is connected now (``present``: the store's count over every process), whom a
        released seat is held for at ``now`` (the store's clock, :meth:`Store.now`)."""
        game = self.games.get(table.id)
        out = table.public(now)
        for seat in out["seats"]:
            seat["present"] = seat["seat"] in present
        out.update(self.scoreboard(game) if game is not None else self.final.get(table.id, {}))
        if "title" not in out:
            titles = game_class(table.game).titles
            out["title"] = dict(titles)
        if table.id in self.set_aside:
            out["set_aside"] = dict(self.set_aside[table.id].texts)
        return out

def _in_each_lang(make: Callable[[str], Any]) -> Said:
    """Why ``make(lang)`` fails, in each language (an engine says its errors in the game's language).

    >>> from chemgames.core.registry import game_class
    >>> _in_each_lang(lambda lang: game_class("schach", lang)).render("de")[:27]
    'Es gibt kein Spiel „schach“'
    """
    said = {}
    for lang in LANGS:
        try:
            make(lang)
        except (Error, TypeError, ValueError, KeyError, OverflowError) as exc:
            said[lang] = str(exc)[:200]
    return Said(said)


__all__ = ["ActionHook", "Authority", "Bucket", "Buckets", "Client", "OUTBOX", "Refusal", "normal_name", "view_in", "view_with_new_log"]
