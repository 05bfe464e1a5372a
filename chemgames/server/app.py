"""The table server: a Starlette app (run by uvicorn) that holds the class's games.

Routes (secrets travel in a header or a message body, never in a URL that lands in a log):

- ``POST /api/classes`` (header ``X-Chemgames-Key``: the server's key) makes a class and its
  teacher key; ``POST /api/tables`` (the teacher key) sets up tables; ``GET /api/tables`` lists
  the class's tables; ``GET /api/tables/{id}`` is a table's spectator view; ``GET
  /api/tables/{id}/save`` its save file (every hand: the teacher's only).
- ``POST /api/join`` trades a join code for the next free seat's token.
- ``/ws``: a player sends ``{"type": "join", "token": ...}`` first, then ``act``/``check``
  messages (see :mod:`chemgames.server.protocol`); the server sends that seat only
  ``game.view(seat)``, its legal actions when it is to move, and why a refused move is refused.
  A teacher sends ``{"type": "watch", "teacher_key": ..., "table": ...}`` and gets ``view(None)``.

Bots play the bot seats, and a person's seat left empty for the table's ``bot_after`` seconds,
right after each move. Each connection is rate limited and each message bounded in size.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import time
from dataclasses import dataclass, field
from typing import Any, AsyncIterator, Callable, Sequence

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..bots import Bot, make_bot
from ..core.errors import Error, OptionError
from ..core.game import Game
from ..core.i18n import Num
from ..core.registry import new_game
from .model import ClassRecord, Table, new_code, new_token, normal_code, same_secret
from .protocol import MAX_MESSAGE, PROTOCOL, ProtocolError, bounded_json, error, parse, texts
from ..record.tables import acted, attach as attach_record
from .store import Store, open_store

log = logging.getLogger("chemgames.server")
KEY_HEADER = "x-chemgames-key"
MAX_BODY = 65_536
MAX_TABLES = 200  # tables one request may create
OUTBOX = 256  # messages waiting for a slow client before it is dropped
BOT_STEPS = 2_000  # bot actions in a row, at most (a guard against a game that never ends)


def view_with_new_log(game: Game, seat: int | None, seen: int) -> dict[str, Any]:
    """``game.view(seat)`` with only the log entries after the first ``seen`` actions (those this
    seat may read): what a client that has the earlier ones needs. The tests check that the view a
    client puts together equals ``game.view(seat)`` in every message.

    >>> import chemgames, random
    >>> g = chemgames.new_game("chromino", players=2, seed=3, lang="en")
    >>> for _ in range(4): _ = g.apply(g.legal_actions()[0])
    >>> full, new = g.view(0), view_with_new_log(g, 0, 2)
    >>> new["log"] == full["log"][-2:], {k: v for k, v in new.items() if k != "log"} == {k: v for k, v in full.items() if k != "log"}
    (True, True)
    """
    out: dict[str, Any] = {"title": game.titles[game.lang], "lang": game.lang}
    fresh = game.log[seen:]
    visible = sum(1 for e in fresh if e.player == seat or e.public)
    out["log"] = [e.to_dict(game.lang) for e in game._visible_log(seat, visible)] if visible else []
    out.update(game._position(seat))
    if game.is_over:
        out["breakdown"] = [a.to_dict(game.lang) for a in game.score_breakdown()]
    return out


class Bucket:
    """A token bucket: ``burst`` messages at once, then ``rate`` a second.

    >>> b = Bucket(rate=0.0, burst=2)
    >>> [b.take() for _ in range(3)]
    [True, True, False]
    """

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.level, self.at = burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level >= 1:
            self.level -= 1
            return True
        return False


@dataclass(eq=False)
class Conn:
    """One WebSocket: its seat (``None``: a spectator) once it has joined, and its outbox. A client
    that does not read is dropped when its outbox is full (the writer closes the connection):

    >>> conn = Conn(ws=None, bucket=Bucket(1, 1))  # type: ignore[arg-type]
    >>> for n in range(OUTBOX + 1):
    ...     conn.send({"n": n})
    >>> conn.outbox.qsize(), conn.outbox.get_nowait()
    (1, None)
    """

    ws: WebSocket
    bucket: Bucket
    table_id: str | None = None
    seat: int | None = None
    lang: str = "de"
    seen: int | None = None  # the table's action count when it was last sent a state
    refused: int = 0  # messages refused for flooding
    warned: float = -1e9  # when it was last told to slow down
    outbox: asyncio.Queue[dict[str, Any] | None] = field(default_factory=lambda: asyncio.Queue(OUTBOX))

    def send(self, msg: dict[str, Any]) -> None:
        try:
            self.outbox.put_nowait(msg)
        except asyncio.QueueFull:  # a client that does not read: drop it, it rejoins with its token
            while not self.outbox.empty():
                self.outbox.get_nowait()
            self.outbox.put_nowait(None)  # the writer closes the connection


class Hub:
    """The games of one server process: loaded from the store, kept in step with it, played."""

    def __init__(self, store: Store, rate: float = 20.0, burst: float = 40.0, join_rate: float = 0.2,
                 join_burst: float = 20.0, watch_every: float = 0.5, admin_key: str | None = None) -> None:
        self.store = store
        self.rate, self.burst = rate, burst
        self.join_rate, self.join_burst = join_rate, join_burst
        self.watch_every = watch_every
        self.admin_key = admin_key
        self.key_was_given = False
        self.tables: dict[str, Table] = {}
        self.games: dict[str, Game] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.conns: dict[str, set[Conn]] = {}
        self.bots: dict[tuple[str, int], Bot] = {}
        self._legal: dict[str, tuple[int, list[dict[str, Any]]]] = {}  # legal actions as JSON, per version
        self.turn_since: dict[str, float] = {}  # when the player to move got the turn
        self.join_buckets: dict[str, Bucket] = {}
        self.final: dict[str, dict[str, Any]] = {}  # the scoreboard of finished games let go of
        self._tasks: list[asyncio.Task[None]] = []

    # ------------------------------------------------------------------ life
    async def start(self) -> None:
        await self.store.start()
        given = self.admin_key or os.environ.get("CHEMGAMES_TEACHER_KEY")
        self.key_was_given = bool(given)  # then it is not printed: the one who set it knows it
        key = given or await self.store.set_meta_once("admin_key", new_token())
        self.admin_key = key
        await self.store.add_class(ClassRecord("default", key))  # the server's key is also a class: one teacher needs no more
        await self.store.listen(self.on_remote)
        for table in await self.store.tables():  # a restarted server continues every table
            game = await self.game(table.id)
            if game is not None and not game.is_over:
                self._tasks.append(asyncio.create_task(self.play_bots_locked(table.id)))
        self._tasks.append(asyncio.create_task(self._watch_absent()))

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await self.store.close()

    # ------------------------------------------------------------------ games
    def lock(self, table_id: str) -> asyncio.Lock:
        return self.locks.setdefault(table_id, asyncio.Lock())

    async def game(self, table_id: str) -> Game | None:
        """The table's game, in step with the store: actions other processes stored are replayed,
        and this process's clients are sent the new state."""
        loading = table_id not in self.games
        if loading:
            table = await self.store.table(table_id)
            if table is None:
                return None
            self.tables[table_id] = table
            self.games[table_id] = new_game(table.game, players=table.players, seed=table.seed, lang=table.lang,
                                            **table.options)
            self.turn_since[table_id] = time.time()
        game = self.games[table_id]
        news = await self.store.actions(table_id, start=len(game.log))
        for text in news:  # a game loaded (a restart) replays on the engine's fast path, as load_game does
            game.apply(game.action_from_json(json.loads(text)), explain=not loading)
        if news:  # this process's clients have not seen these yet
            self.turn_since[table_id] = time.time()
            self.broadcast(table_id)
        return game

    async def on_remote(self, table_id: str, version: int, action: str) -> None:
        """Another process stored an action: replay it here and tell this process's clients."""
        if table_id not in self.games:
            return
        async with self.lock(table_id):
            game = self.games[table_id]
            if len(game.log) >= version:
                return
            if len(game.log) == version - 1:  # the next one: no need to ask the store
                game.apply(game.action_from_json(json.loads(action)))
                self.turn_since[table_id] = time.time()
                self.broadcast(table_id)
            else:
                await self.game(table_id)  # several, or a gap: from the store (it tells the clients)

    async def commit(self, table_id: str, game: Game, action: Any) -> bool:
        """Store ``action`` (check-and-set on the count), then apply it; ``False`` if another
        process was first (the game is then brought up to date)."""
        if not await self.store.append(table_id, len(game.log), json.dumps(action.to_json())):
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
            # empty for bot_after seconds, and its turn waited that long: the others see the pause
            if since is None or time.time() - max(since, self.turn_since.get(table.id, 0.0)) < table.bot_after:
                return None
            kind = table.fill
        key = (table.id, seat)
        if key not in self.bots or getattr(self.bots[key], "name", "") != kind:
            self.bots[key] = make_bot(kind, seed=table.seed * 31 + seat)
        return self.bots[key]

    async def play_bots(self, table_id: str) -> None:
        """Let bots move until a person is to move or the game ends (the table lock is held)."""
        table, game = self.tables[table_id], self.games[table_id]
        for _ in range(BOT_STEPS):
            if game.is_over or game.current_player is None:
                return
            bot = await self.bot_for(table, game.current_player, game)
            if bot is None:
                return
            if getattr(bot, "name", "") == "search":  # seconds of thinking: off the event loop
                action = await asyncio.to_thread(bot.choose, game)
            else:
                action = bot.choose(game)
            if await self.commit(table_id, game, action):
                self.broadcast(table_id)

    async def play_bots_locked(self, table_id: str) -> None:
        async with self.lock(table_id):
            await self.game(table_id)
            await self.play_bots(table_id)

    async def _watch_absent(self) -> None:
        """Hand the turn of a seat left empty too long to a bot (tables with ``bot_after``); let go
        of finished games nobody follows (a finished game's log can take megabytes; it is loaded
        again from the store when asked for)."""
        while True:
            await asyncio.sleep(self.watch_every)
            for table_id, table in list(self.tables.items()):
                try:
                    await self._look_after(table_id, table)
                except Exception:  # noqa: BLE001 - one table's fault must not stop the others' bots
                    log.exception("table %s", table_id)

    async def _look_after(self, table_id: str, table: Table) -> None:
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
        """Whose turn, the scores: what a teacher's list shows of a table."""
        return {"version": len(game.log), "current_player": game.current_player, "is_over": game.is_over,
                "scores": game.scores(), "winners": game.winners()}

    # ------------------------------------------------------------------ messages
    def state(self, table_id: str, seat: int | None, lang: str, seen: int | None = None) -> dict[str, Any]:
        """What ``seat`` is sent: its own view, and its legal actions when it is to move. A client
        that has seen the table at ``seen`` actions is sent only the log entries after those
        (``"log": "new"``; :func:`~chemgames.server.protocol.merged_log` puts the view together)."""
        game, table = self.games[table_id], self.tables[table_id]
        kept = game.lang
        game.lang = lang
        try:
            view = game.view(seat) if seen is None else view_with_new_log(game, seat, seen)
        finally:
            game.lang = kept
        view["can_undo"] = False  # a move at a table is final: the others have seen it
        return {"type": "state", "version": len(game.log), "table": table_id, "seat": seat, "game": table.game,
                "kinds": [s.kind for s in table.seats], "log": "all" if seen is None else "new", "view": view,
                "legal": self.legal_json(table_id) if seat is not None and game.current_player == seat else []}

    def legal_json(self, table_id: str) -> list[dict[str, Any]]:
        game = self.games[table_id]
        version, legal = self._legal.get(table_id, (-1, []))
        if version != len(game.log):
            legal = [a.to_json() for a in game.legal_actions()]
            self._legal[table_id] = (len(game.log), legal)
        return legal

    def broadcast(self, table_id: str) -> None:
        made: dict[tuple[int | None, str, int | None], dict[str, Any]] = {}
        version = len(self.games[table_id].log)
        for conn in list(self.conns.get(table_id, ())):
            key = (conn.seat, conn.lang, conn.seen)
            if key not in made:
                made[key] = self.state(table_id, conn.seat, conn.lang, conn.seen)
            conn.send(made[key])
            conn.seen = version

    async def join(self, conn: Conn, msg: dict[str, Any]) -> None:
        if msg["type"] == "join":
            found = await self.store.seat_by_token(msg["token"])
            if found is None:
                raise ProtocolError("server.bad_token")
            table, seat = found
        else:
            cls = await self.store.class_by_key(msg["teacher_key"])
            if cls is None:
                raise ProtocolError("server.bad_key")
            table = await self.store.table(msg["table"])
            if table is None or table.class_id != cls.id:
                raise ProtocolError("server.no_table")
            seat = None
        await self.leave(conn)
        conn.table_id, conn.seat, conn.lang = table.id, seat, msg.get("lang", table.lang)
        async with self.lock(table.id):
            await self.game(table.id)
            self.conns.setdefault(table.id, set()).add(conn)
            if seat is not None:
                await self.store.seat_presence(table.id, seat, +1)
            conn.send(self.state(table.id, seat, conn.lang))
            conn.seen = len(self.games[table.id].log)

    async def leave(self, conn: Conn) -> None:
        if conn.table_id is None:
            return
        self.conns.get(conn.table_id, set()).discard(conn)
        if conn.seat is not None:
            await self.store.seat_presence(conn.table_id, conn.seat, -1)
        conn.table_id = None

    async def act(self, conn: Conn, msg: dict[str, Any]) -> None:
        if conn.table_id is None:
            raise ProtocolError("server.join_first")
        if conn.seat is None:
            raise ProtocolError("server.spectator")
        table_id = conn.table_id
        async with self.lock(table_id):
            game = await self.game(table_id)
            assert game is not None
            version = len(game.log)
            try:
                action = game.action_from_json(msg["action"])
            except Error as exc:
                raise ProtocolError("server.bad_action", detail=str(exc)[:100]) from None
            if action.player != conn.seat:
                raise ProtocolError("server.not_your_seat", seat=conn.seat + 1, other=action.player + 1)
            if msg["type"] == "check":
                conn.send({"type": "checked", "version": version,
                           "explanation": game.check(action).in_lang(conn.lang).to_dict()})
                return
            if msg["version"] != version:
                raise ProtocolError("server.stale", sent=Num(msg["version"]), version=Num(version))
            explanation = game.check(action)
            if not explanation.ok:
                acted(self, table_id, conn.seat, action, explanation, False)  # the learning record
                conn.send({"type": "refused", "version": version, "explanation": explanation.in_lang(conn.lang).to_dict()})
                return
            if not await self.commit(table_id, game, action):
                raise ProtocolError("server.busy")
            acted(self, table_id, conn.seat, action, explanation, True)  # the learning record
            self.broadcast(table_id)
            await self.play_bots(table_id)

    def may_join(self, client: str) -> bool:
        """Whether ``client`` may try a join code: only wrong codes count (guessing), so a class
        behind one address joins at once."""
        bucket = self.join_buckets.setdefault(client, Bucket(self.join_rate, self.join_burst))
        if bucket.take():
            bucket.level += 1  # given back: a good code costs nothing (see ``wrong_code``)
            return True
        return False

    def wrong_code(self, client: str) -> None:
        self.join_buckets[client].take()


# ---------------------------------------------------------------------- HTTP
def _fail(status: int, key: str, **params: Any) -> JSONResponse:
    return JSONResponse({"error": key.split(".", 1)[1], "message": texts(key, **params)}, status_code=status)


async def _body(request: Request) -> dict[str, Any]:
    data = bounded_json(await request.body() or b"{}", MAX_BODY)
    if not isinstance(data, dict):
        raise ProtocolError("server.bad_request", detail="a JSON object is needed")
    return data


async def _teacher(request: Request) -> ClassRecord | None:
    key = request.headers.get(KEY_HEADER, "")
    return await request.app.state.hub.store.class_by_key(key) if key else None


def _summary(hub: Hub, table: Table, claimed: int = 0, present: set[int] | None = None) -> dict[str, Any]:
    """The dashboard's line of one table; ``present``: the seats with a connection to any process
    (the store's count), else this process's own connections."""
    game = hub.games.get(table.id)
    out = table.public()
    if present is None:
        present = {c.seat for c in hub.conns.get(table.id, ()) if c.seat is not None}
    joined = set(table.human_seats()[:claimed])  # seats are handed out in order
    for seat in out["seats"]:
        seat["present"] = seat["seat"] in present
        seat["joined"] = seat["seat"] in joined
    out.update(hub.scoreboard(game) if game is not None else hub.final.get(table.id, {}))
    return out


async def api_health(request: Request) -> JSONResponse:
    return JSONResponse({"ok": True, "protocol": PROTOCOL, "max_message": MAX_MESSAGE})


async def api_classes(request: Request) -> JSONResponse:
    hub: Hub = request.app.state.hub
    if not same_secret(request.headers.get(KEY_HEADER, ""), hub.admin_key or ""):
        return _fail(403, "server.bad_key")
    body = await _body(request)
    name = body.get("name")
    if not isinstance(name, str) or not 0 < len(name) <= 40:
        return _fail(400, "server.bad_request", detail="a class needs a name (1 to 40 characters)")
    rec = ClassRecord(name, new_token())
    await hub.store.add_class(rec)
    return JSONResponse({"class": rec.id, "teacher_key": rec.teacher_key})


async def api_create(request: Request) -> JSONResponse:
    hub: Hub = request.app.state.hub
    cls = await _teacher(request)
    if cls is None:
        return _fail(403, "server.bad_key")
    body = await _body(request)
    known = {"game", "seats", "tables", "bots", "options", "lang", "seed", "bot_after", "fill"}
    if set(body) - known or not isinstance(body.get("game"), str):
        return _fail(400, "server.bad_request", detail="fields: " + ", ".join(sorted(known)) + " ('game' is needed)")
    count, seed = body.get("tables", 1), body.get("seed")
    if not isinstance(count, int) or not 1 <= count <= MAX_TABLES or not (seed is None or isinstance(seed, int)):
        return _fail(400, "server.bad_request", detail=f"tables: 1 to {MAX_TABLES}; seed: a whole number")
    made = []
    try:
        for i in range(count):
            table = Table.new(body["game"], players=body.get("seats", 4), class_id=cls.id, bots=body.get("bots"),
                              options=body.get("options") or {}, seed=None if seed is None else seed + i,
                              lang=body.get("lang", "de"), bot_after=body.get("bot_after"), fill=body.get("fill", "greedy"))
            while not await hub.store.add_table(table):  # the code is in use already: draw another
                table.code = new_code()
            made.append(table)
    except (Error, TypeError, ValueError) as exc:
        return _fail(400, "server.bad_request", detail=str(exc)[:200])
    for table in made:
        await hub.play_bots_locked(table.id)
    return JSONResponse({"class": cls.id, "tables": [
        {**table.public(), "seats": [{"seat": i, "kind": s.kind, "token": s.token} for i, s in enumerate(table.seats)]}
        for table in made]})


async def api_tables(request: Request) -> JSONResponse:
    hub: Hub = request.app.state.hub
    cls = await _teacher(request)
    if cls is None:
        return _fail(403, "server.bad_key")
    out = []
    for table in await hub.store.tables(cls.id):
        if table.id not in hub.final:  # a finished game let go of is not replayed for the list
            async with hub.lock(table.id):
                await hub.game(table.id)
        out.append(_summary(hub, table, await hub.store.claimed(table.id), await hub.store.present_seats(table.id)))
    return JSONResponse({"class": cls.id, "tables": out})


async def _teachers_table(request: Request) -> tuple[Hub, Table, Game] | JSONResponse:
    hub: Hub = request.app.state.hub
    cls = await _teacher(request)
    if cls is None:
        return _fail(403, "server.bad_key")
    table = await hub.store.table(request.path_params["table_id"])
    if table is None or table.class_id != cls.id:
        return _fail(404, "server.no_table")
    async with hub.lock(table.id):
        game = await hub.game(table.id)
    assert game is not None
    return hub, table, game


async def api_table(request: Request) -> JSONResponse:
    found = await _teachers_table(request)
    if isinstance(found, JSONResponse):
        return found
    hub, table, game = found
    out = {"summary": _summary(hub, table, await hub.store.claimed(table.id), await hub.store.present_seats(table.id)),
           "state": hub.state(table.id, None, table.lang)}
    if game.is_over:  # after the game the teacher may open the hands for the discussion
        out["open"] = [game.view(p) for p in range(game.players)]
    return JSONResponse(out)


async def api_save(request: Request) -> JSONResponse:
    found = await _teachers_table(request)
    if isinstance(found, JSONResponse):
        return found
    return JSONResponse({"save": found[2].to_json()})


async def api_join(request: Request) -> JSONResponse:
    hub: Hub = request.app.state.hub
    client = request.client.host if request.client else "?"
    if not hub.may_join(client):
        return _fail(429, "server.slow_down")
    body = await _body(request)
    code, klass = body.get("code"), body.get("class")
    if not isinstance(code, str) or len(code) > 20 or not (klass is None or isinstance(klass, str)):
        return _fail(400, "server.bad_request", detail="{'code': 'K7P2X'} is needed")
    table = await hub.store.table_by_code(normal_code(code))
    if table is None:
        hub.wrong_code(client)
        return _fail(404, "server.bad_code")
    if klass is not None and klass != table.class_id:
        hub.wrong_code(client)
        return _fail(403, "server.other_class")
    seat = await hub.store.claim(table.id)
    if seat is None:
        return _fail(409, "server.table_full")
    return JSONResponse({"token": table.seats[seat].token, "seat": seat, "table": table.id, "game": table.game,
                         "players": table.players, "class": table.class_id})


# ---------------------------------------------------------------------- WebSocket
async def _writer(conn: Conn) -> None:
    while True:
        msg = await conn.outbox.get()
        if msg is None:
            await conn.ws.close(code=1008)
            return
        await conn.ws.send_text(json.dumps(msg, ensure_ascii=False))


async def ws_endpoint(ws: WebSocket) -> None:
    hub: Hub = ws.app.state.hub
    await ws.accept()
    conn = Conn(ws, Bucket(hub.rate, hub.burst))
    writer = asyncio.create_task(_writer(conn))
    try:
        while True:
            raw = await ws.receive()
            if raw["type"] == "websocket.disconnect":
                break
            text = raw.get("text") if raw.get("text") is not None else raw.get("bytes", b"")
            version = len(hub.games[conn.table_id].log) if conn.table_id in hub.games else None
            if not conn.bucket.take():
                conn.refused += 1
                if time.monotonic() - conn.warned > 1.0:  # say it once a second, not once per flooded message
                    conn.warned = time.monotonic()
                    conn.send(error("server.slow_down", version))
                continue
            try:
                msg = parse(text)
                if msg["type"] in ("join", "watch"):
                    await hub.join(conn, msg)
                elif msg["type"] == "ping":
                    conn.send({"type": "pong", "version": version})
                else:
                    await hub.act(conn, msg)
            except ProtocolError as exc:
                version = len(hub.games[conn.table_id].log) if conn.table_id in hub.games else None
                conn.send(error(exc.key, version, **exc.params))
            except Exception as exc:  # noqa: BLE001 - a fault of ours: logged, the connection lives on
                log.exception("message %.200r", text)
                conn.send(error("server.bad_request", None, detail=type(exc).__name__))
    except WebSocketDisconnect:
        pass
    finally:
        await hub.leave(conn)
        writer.cancel()


# ---------------------------------------------------------------------- the app
def create_app(store: str | Store = "sqlite:///chemgames-tables.db", prefix: str = "",
               announce: Callable[[Hub], None] | None = None, allow_origins: Sequence[str] = (),
               **hub_options: Any) -> Starlette:
    """The server as an ASGI app (``uvicorn.run(create_app(...))``); ``prefix`` is the path it is
    served under (a JupyterHub service: ``/services/chemgames``); ``allow_origins`` are the web
    sites whose pages may call the HTTP API (a JupyterLite site on another address: CORS).
    WebSockets need no such list: a seat is its token, never a cookie the browser adds."""
    hub = Hub(open_store(store) if isinstance(store, str) else store, **hub_options)
    attach_record(hub, store if isinstance(store, str) else None)  # the learning record beside the store (docs/record.md)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await hub.start()
        if announce is not None:
            announce(hub)
        yield
        await hub.stop()

    routes = [
        Route("/api/health", api_health),
        Route("/api/classes", api_classes, methods=["POST"]),
        Route("/api/tables", api_create, methods=["POST"]),
        Route("/api/tables", api_tables, methods=["GET"]),
        Route("/api/tables/{table_id}", api_table),
        Route("/api/tables/{table_id}/save", api_save),
        Route("/api/join", api_join, methods=["POST"]),
        WebSocketRoute("/ws", ws_endpoint),
    ]
    prefix = prefix.rstrip("/")
    cors = [Middleware(CORSMiddleware, allow_origins=list(allow_origins), allow_methods=["GET", "POST"],
                       allow_headers=["Content-Type", KEY_HEADER])] if allow_origins else []
    app = Starlette(routes=[Mount(prefix, routes=routes)] if prefix else routes, lifespan=lifespan, middleware=cors,
                    exception_handlers={ProtocolError: _protocol_error, OptionError: _option_error})
    app.state.hub = hub
    return app


async def _protocol_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ProtocolError)
    return _fail(400, exc.key, **exc.params)


async def _option_error(request: Request, exc: Exception) -> JSONResponse:
    return _fail(400, "server.bad_request", detail=str(exc)[:200])
