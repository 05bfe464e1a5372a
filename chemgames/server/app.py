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

The rules (seats, versions, views, bots, codes, limits) live in :mod:`chemgames.server.authority`,
which knows nothing of sockets; this module only turns requests and WebSocket messages into its
calls and its refusals into answers. The teacher's seat controls: ``POST
/api/tables/{id}/seats/{seat}/release`` and ``.../move`` (``{"table": ..., "seat": n}``), ``POST
/api/tables/{id}/lock`` (``{"locked": true}``), ``POST /api/tables/{id}/code`` (a new code) and ``POST
/api/tables/{id}/end`` (``{"ended": true}``: no more moves; ``false``: the game goes on).
A student's client first asks ``POST /api/device`` for its device id, once.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import Any, AsyncIterator, Callable, Sequence
from urllib.parse import urlparse

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..core.errors import OptionError
from ..core.i18n import LANGS
from ..record.tables import attach as attach_record
from .authority import Authority, Bucket, Client, Refusal
from .connection import encode
from .model import ClassRecord, Table, new_token, same_secret
from .protocol import MAX_MESSAGE, PROTOCOL, ProtocolError, Said, bounded_json, error, parse, texts
from .seats import record_aside
from .store import Store, StoreError, Unreadable, open_store

log = logging.getLogger("chemgames.server")
KEY_HEADER = "x-chemgames-key"
MAX_BODY = 65_536
MAX_LOGGED = 5  # faults of one connection written to the log; the rest are counted
WS_PER_ADDRESS = 400  # WebSockets from one address (a school behind one router: a class or two)
WS_TOTAL = 2_000  # WebSockets in all (each holds a file descriptor)
JOIN_TIMEOUT = 30.0  # seconds a WebSocket may stay without joining a table (or watching one) before it is closed
#: seconds after the join deadline in which a message the process has already received is still read:
#: a process that stood still (a loaded machine) finds the deadline passed and the join, sent in time,
#: in its socket, and uvloop runs the due timer before it reads the socket
JOIN_GRACE = 0.25
Hub = Authority  # its old name


def _store_faults() -> tuple[type[BaseException], ...]:
    """The errors of a store that is away for a moment (a Redis restart, a locked or full disk)."""
    faults: list[type[BaseException]] = [StoreError, ConnectionError, TimeoutError]
    try:
        from redis.exceptions import RedisError

        faults.append(RedisError)
    except ImportError:  # pragma: no cover - SQLite only
        pass
    return tuple(faults)


STORE_FAULTS = _store_faults()


# ---------------------------------------------------------------------- HTTP
def _fail(status: int, key: str, **params: Any) -> JSONResponse:
    return JSONResponse({"error": key.split(".", 1)[1], "message": texts(key, **params)}, status_code=status)


async def _body(request: Request) -> dict[str, Any]:
    if int(request.headers.get("content-length") or 0) > MAX_BODY:
        raise Refusal(413, "server.too_big", size=int(request.headers["content-length"]), limit=MAX_BODY)
    raw = b""
    try:
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > MAX_BODY:
                raise Refusal(413, "server.too_big", size=len(raw), limit=MAX_BODY)
    except ClientDisconnect:  # gone before its body was whole (the server's request timeout): nobody to answer
        raise Refusal(408, "server.too_slow", seconds="?") from None
    data = bounded_json(raw or b"{}", MAX_BODY)
    if not isinstance(data, dict):
        raise Refusal(400, "server.bad_request", detail=Said.of("server.d.json_object"))
    return data


def _json_only(request: Request) -> None:
    """A join or a device id is asked for with JSON only: a page of another site can send a
    ``text/plain`` form without asking (no CORS preflight), never ``application/json``. A page whose
    ``Origin`` is neither this server nor an allowed site is refused too."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise Refusal(415, "server.json_only")
    origin = request.headers.get("origin")
    if origin is not None and origin not in request.app.state.allow_origins:
        host = request.headers.get("host", "")
        if urlparse(origin).netloc != host:
            raise Refusal(403, "server.bad_origin", origin=origin[:80])


def _address(request: Request) -> str:
    return request.client.host if request.client else "?"


async def _teacher(request: Request) -> ClassRecord:
    key = request.headers.get(KEY_HEADER, "")
    cls = await request.app.state.hub.store.class_by_key(key) if key else None
    if cls is None:
        raise Refusal(403, "server.bad_key")
    return cls


async def api_health(request: Request) -> JSONResponse:
    hub: Authority = request.app.state.hub
    aside = len(hub.set_aside) + len(hub.store.unreadable)  # tables that do not replay, records that do not read
    return JSONResponse({"ok": True, "protocol": PROTOCOL, "max_message": MAX_MESSAGE, "set_aside": aside})


async def api_classes(request: Request) -> JSONResponse:
    hub: Authority = request.app.state.hub
    if not same_secret(request.headers.get(KEY_HEADER, ""), hub.admin_key or ""):
        return _fail(403, "server.bad_key")
    body = await _body(request)
    name = body.get("name")
    if not isinstance(name, str) or not 0 < len(name) <= 40 or not name.isprintable():
        return _fail(400, "server.bad_request", detail=Said.of("server.d.class_name"))
    rec = ClassRecord(name, new_token())
    await hub.store.add_class(rec)
    return JSONResponse({"class": rec.id, "teacher_key": rec.teacher_key})


async def api_create(request: Request) -> JSONResponse:
    hub: Authority = request.app.state.hub
    cls = await _teacher(request)
    made = await hub.create_tables(cls, await _body(request))
    return JSONResponse({"class": cls.id, "tables": [
        # a student's seat's token for scripts that play it themselves (a student's join with the code
        # gives the seat a new one); a bot's seat has none to give: nobody sits in it
        {**table.public(), "seats": [{"seat": i, "kind": s.kind, **({"token": s.token} if s.kind == "human" else {})}
                                     for i, s in enumerate(table.seats)]}
        for table in made]})


async def api_tables(request: Request) -> JSONResponse:
    hub: Authority = request.app.state.hub
    cls = await _teacher(request)

    async def line(table: Table) -> dict[str, Any]:
        if table.id not in hub.final:  # a finished game let go of is not replayed for the list
            async with hub.lock(table.id):
                await hub.game(table.id)
        return hub.summary(table, await hub.store.present_seats(table.id), now)

    now = await hub.store.now()  # whom a seat is held for: in the clock the holds end in
    # every table's questions to the store at once: one after the other, each a round trip to Redis
    # waiting for a core, the list of a class under load took longer than the dashboard's poll
    rows, damaged = await asyncio.gather(asyncio.gather(*map(line, await hub.store.tables(cls.id))),
                                         hub.store.damaged(class_id=cls.id))
    out: list[dict[str, Any]] = list(rows)
    for table_id, code in damaged:  # its record does not read, or needs what this version does not understand: set aside
        needs = hub.store.needs.get(table_id)
        names = Said({"de": ", ".join(f"„{n}“" for n in needs), "en": ", ".join(f"'{n}'" for n in needs)}) if needs else None
        why = texts("server.aside.newer", fields=names) if names else texts("server.aside.record")
        out.append({"id": table_id, "code": code, "game": "", "title": texts("server.aside.no_title"), "seats": [],
                    "damaged": True, "set_aside": why})
    return JSONResponse({"class": cls.id, "tables": out})


async def api_table(request: Request) -> JSONResponse:
    """The teacher's look at one table (the spectator's ``state``); after the game (or when the
    teacher ended it) with every seat's view, ``open``, for the discussion: the whole answer in the
    language the request asks for (``?lang=``, the teacher's dashboard), else in the table's (the
    summary says its texts in both)."""
    hub: Authority = request.app.state.hub
    table = await hub.teachers_table(await _teacher(request), request.path_params["table_id"])
    lang = request.query_params.get("lang", table.lang)
    if lang not in LANGS:
        raise Refusal(400, "server.bad_request", detail=Said.of("server.d.lang"))
    async with hub.lock(table.id):
        game = await hub.playing(table.id)
    out: dict[str, Any] = {"summary": hub.summary(table, await hub.store.present_seats(table.id), await hub.store.now()),
           "state": hub.state(table.id, None, lang)}
    if game.is_over or table.ended:  # after the game (or when the teacher ended it) the hands for the discussion
        out["open"] = [game.view(p, lang) for p in range(game.players)]
    return JSONResponse(out)


async def api_save(request: Request) -> JSONResponse:
    hub: Authority = request.app.state.hub
    table = await hub.teachers_table(await _teacher(request), request.path_params["table_id"])
    async with hub.lock(table.id):
        game = await hub.playing(table.id)
    return JSONResponse({"save": game.to_json()})


async def api_seat(request: Request) -> JSONResponse:
    """The teacher's seat controls: release a seat, move a student, lock a table, a new code."""
    hub: Authority = request.app.state.hub
    cls = await _teacher(request)
    body = await _body(request)
    table_id, what = request.path_params["table_id"], request.path_params["what"]
    seat = request.path_params.get("seat")
    table: Table
    expect = body.get("name")  # the name the dashboard showed on the seat (it may be a few seconds old)
    if not (expect is None or isinstance(expect, str)):
        raise Refusal(400, "server.bad_request", detail=Said.of("server.d.expect"))
    if what == "release" and seat is not None:
        if type(body.get("hold", True)) is not bool:
            raise Refusal(400, "server.bad_request", detail=Said.of("server.d.hold"))
        table = await hub.release(cls, table_id, seat, expect, hold=body.get("hold", True))
    elif what == "move" and seat is not None:
        to_table, to_seat = body.get("table", table_id), body.get("seat")
        if not isinstance(to_table, str) or type(to_seat) is not int:
            raise Refusal(400, "server.bad_request", detail=Said.of("server.d.move_to"))
        table = await hub.move(cls, table_id, seat, to_table, to_seat, expect)
    elif what == "lock" and seat is None:
        if type(body.get("locked")) is not bool:
            raise Refusal(400, "server.bad_request", detail=Said.of("server.d.locked"))
        table = await hub.set_locked(cls, table_id, body["locked"])
    elif what == "code" and seat is None:
        table = await hub.new_code(cls, table_id)
    elif what == "end" and seat is None:
        if type(body.get("ended")) is not bool:
            raise Refusal(400, "server.bad_request", detail=Said.of("server.d.ended"))
        table = await hub.set_ended(cls, table_id, body["ended"])
    else:
        raise Refusal(404, "server.bad_request", detail=Said.of("server.d.control", what=repr(what[:40])))
    return JSONResponse({"table": hub.summary(table, await hub.store.present_seats(table.id), await hub.store.now())})


async def api_device(request: Request) -> JSONResponse:
    hub: Authority = request.app.state.hub
    _json_only(request)
    return JSONResponse({"device": await hub.new_device(_address(request))})


async def api_join(request: Request) -> JSONResponse:
    hub: Authority = request.app.state.hub
    _json_only(request)
    body = await _body(request)
    unknown = set(body) - {"code", "class", "name", "device"}
    if unknown:
        raise Refusal(400, "server.bad_request", detail=Said.of("server.d.join_fields"))
    return JSONResponse(await hub.join_code(body.get("code"), body.get("name"), body.get("device"), body.get("class"),
                                            _address(request)))


# ---------------------------------------------------------------------- WebSocket
async def _writer(ws: WebSocket, client: Client) -> None:
    while True:
        msg = await client.outbox.get()
        if msg is None:
            await ws.close(code=1008)
            return
        try:
            text = encode(msg)  # compact: fewer bytes to frame and send
        except (TypeError, ValueError) as exc:  # a fault of ours: said, and the writer lives on
            log.error("a message could not be written: %s", exc)
            continue
        await ws.send_text(text)


def _note(client: Client, what: str) -> None:
    """A client's fault as one line of the log (no traceback), at most ``MAX_LOGGED`` a connection."""
    client.logged += 1
    if client.logged <= MAX_LOGGED:
        log.warning("client %s: %s%s", client.address, what[:200],
                    " (further faults of this connection are not logged)" if client.logged == MAX_LOGGED else "")


async def ws_endpoint(ws: WebSocket) -> None:
    hub: Authority = ws.app.state.hub
    counts: dict[str, int] = ws.app.state.ws_counts
    address = ws.client.host if ws.client else "?"
    if counts.get(address, 0) >= ws.app.state.ws_per_address or sum(counts.values()) >= ws.app.state.ws_total:
        where = Said.of("server.where_address" if counts.get(address, 0) >= ws.app.state.ws_per_address else "server.where_all")
        await ws.accept()
        await ws.send_text(json.dumps(error("server.too_many", None, where=where), ensure_ascii=False))
        await ws.close(code=1013)  # "try again later"
        return
    counts[address] = counts.get(address, 0) + 1
    try:
        await ws.accept()
        await _serve_ws(ws, hub, Client(Bucket(hub.rate, hub.burst), address=address))
    finally:
        counts[address] -= 1
        if not counts[address]:
            del counts[address]


async def _serve_ws(ws: WebSocket, hub: Authority, client: Client) -> None:
    writer = asyncio.create_task(_writer(ws, client))
    # a connection that never joins a table holds a WebSocket slot (of the address's and the server's
    # few thousand) for nothing: it has ``join_timeout`` seconds to join, then it is told and closed
    patience: float = ws.app.state.join_timeout
    join_by: float | None = time.monotonic() + patience
    waiting: asyncio.Future[Any] | None = None  # the receive awaited before joining: never cancelled by the deadline
    try:
        while True:
            if join_by is not None and client.table_id is not None:
                join_by = None  # joined (or watching): no deadline any more
            if join_by is None:
                raw = await ws.receive()
            else:
                waiting = asyncio.ensure_future(ws.receive())
                done, _ = await asyncio.wait({waiting}, timeout=max(0.0, join_by - time.monotonic()))
                if not done:  # the deadline by this loop's clock: first read what has come already
                    done, _ = await asyncio.wait({waiting}, timeout=JOIN_GRACE)
                if not done:
                    waiting.cancel()
                    _note(client, f"did not join within {patience:g} s")
                    client.send(error("server.join_late", None, seconds=f"{patience:g}"))
                    client.send(None)  # the writer sends it and closes (1008)
                    await asyncio.wait({writer}, timeout=5.0)
                    break
                raw, waiting = waiting.result(), None
            if raw["type"] == "websocket.disconnect":
                break
            text: str | bytes = raw["text"] if raw.get("text") is not None else (raw.get("bytes") or b"")
            if not hub.admit(client):
                client.refused += 1
                if time.monotonic() - client.warned > 1.0:  # say it once a second, not once per flooded message
                    client.warned = time.monotonic()
                    client.send(error("server.slow_down", hub.version_of(client)))
                continue
            try:
                msg = parse(text)
                if msg["type"] in ("join", "watch"):
                    await hub.join(client, msg)
                elif msg["type"] == "ping":
                    client.send({"type": "pong", "version": hub.version_of(client)})
                else:
                    await hub.act(client, msg)
            except ProtocolError as exc:
                _note(client, exc.key.split(".", 1)[1])
                client.send(error(exc.key, hub.version_of(client), **exc.params))
            except STORE_FAULTS as exc:  # nothing was stored: the student may simply try again
                _note(client, f"store: {type(exc).__name__}: {exc}")
                client.send(error("server.store_down", hub.version_of(client)))
            except Exception as exc:  # noqa: BLE001 - a fault of ours (or the store's): one line, the connection lives on
                _note(client, f"{type(exc).__name__}: {exc}")
                client.send(error("server.bad_request", None, detail=Said.of("server.d.fault")))  # its name is in the log
    except WebSocketDisconnect:
        pass
    finally:
        if waiting is not None:
            waiting.cancel()
        await hub.leave(client)
        writer.cancel()


# ---------------------------------------------------------------------- the app
def create_app(store: str | Store = "sqlite:///chemgames-tables.db", prefix: str = "",
               announce: Callable[[Authority], None] | None = None, allow_origins: Sequence[str] = (),
               ws_per_address: int = WS_PER_ADDRESS, ws_total: int = WS_TOTAL, join_timeout: float = JOIN_TIMEOUT,
               **hub_options: Any) -> Starlette:
    """The server as an ASGI app (``uvicorn.run(create_app(...))``); ``prefix`` is the path it is
    served under (a JupyterHub service: ``/services/chemgames``); ``allow_origins`` are the web
    sites whose pages may call the HTTP API (a JupyterLite site on another address: CORS).
    WebSockets need no such list: a seat is its token, never a cookie the browser adds."""
    kept: Store = open_store(store) if isinstance(store, str) else store
    hub = Authority(kept, **hub_options)
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
        Route("/api/tables/{table_id}/seats/{seat:int}/{what}", api_seat, methods=["POST"]),
        Route("/api/tables/{table_id}/{what}", api_seat, methods=["POST"]),
        Route("/api/device", api_device, methods=["POST"]),
        Route("/api/join", api_join, methods=["POST"]),
        WebSocketRoute("/ws", ws_endpoint),
    ]
    prefix = prefix.rstrip("/")
    cors = [Middleware(CORSMiddleware, allow_origins=list(allow_origins), allow_methods=["GET", "POST"],
                       allow_headers=["Content-Type", KEY_HEADER])] if allow_origins else []
    app = Starlette(routes=[Mount(prefix, routes=routes)] if prefix else routes, lifespan=lifespan, middleware=cors,
                    exception_handlers={ProtocolError: _protocol_error, OptionError: _option_error, HTTPException: _http_error,
                                        Unreadable: _unreadable,
                                        **{fault: _store_fault for fault in STORE_FAULTS}})
    app.state.hub = hub
    app.state.allow_origins = set(allow_origins)
    app.state.ws_counts = {}
    app.state.ws_per_address, app.state.ws_total = ws_per_address, ws_total
    app.state.join_timeout = float(join_timeout)
    return app


async def _protocol_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ProtocolError)
    return _fail(getattr(exc, "status", 400), exc.key, **exc.params)


async def _http_error(request: Request, exc: Exception) -> JSONResponse:
    """An address or a method the server does not serve (the router's 404 and 405): said in words,
    as every refusal is, not Starlette's page of plain text (the path is not said back: any text)."""
    assert isinstance(exc, HTTPException)
    if exc.status_code == 405:
        allowed = (exc.headers or {}).get("Allow", "")
        return _fail(405, "server.bad_method", method=request.method[:10], allowed=allowed[:40])
    if exc.status_code == 404:
        return _fail(404, "server.no_route")
    return JSONResponse({"error": "http_status", "message": texts("server.http_status", status=exc.status_code)},
                        status_code=exc.status_code)


async def _store_fault(request: Request, exc: Exception) -> JSONResponse:
    log.error("store: %s: %.300s", type(exc).__name__, exc)  # one line, no traceback
    return _fail(503, "server.store_down")


async def _unreadable(request: Request, exc: Exception) -> JSONResponse:
    """A table's record broke while the server ran (edited, half written): set aside, nothing written."""
    log.error("%s", exc)
    refusal = record_aside(request.app.state.hub.store, getattr(exc, "table_id", ""))
    return _fail(refusal.status, refusal.key, **refusal.params)


async def _option_error(request: Request, exc: Exception) -> JSONResponse:
    return _fail(400, "server.bad_request", detail=str(exc)[:200])
