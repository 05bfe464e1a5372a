"""Running the class-table server: ``chemgames serve`` (uvicorn; the ``server`` extra).

A module of its own, not the package's ``__init__``: the JupyterLite site carries ``chemgames.server``'s client
but none of the modules this one imports (``chemgames/lite/wheels.py``: ``NOT_IN_SITE``).
"""
from __future__ import annotations

import asyncio
import os
import sys
from typing import Any


def serve(host: str | None = None, port: int | None = None, store: str = "sqlite:///chemgames-tables.db",
          prefix: str | None = None, log_level: str = "warning", allow_origins: list[str] | None = None,
          proxies: list[str] | None = None) -> int:
    """Run the server until interrupted (uvicorn; WebSocket frames bounded by ``MAX_FRAME``).

    As a JupyterHub managed service, the address and the path come from the hub's environment
    (``JUPYTERHUB_SERVICE_URL``, ``JUPYTERHUB_SERVICE_PREFIX``) unless given. ``proxies``: the
    addresses of the reverse proxies whose ``X-Forwarded-For`` is believed (none by default: a
    client could name any address in that header). Returns the exit code (2: the store cannot be
    used, said in one line that names it)."""
    import logging
    import resource
    from urllib.parse import urlparse

    import uvicorn

    from ..record.tables import RecordBusy
    from .app import Hub, create_app
    from .limits import HEADER_TIMEOUT, PER_ADDRESS, TOTAL, Caps, limited_protocol, read_limits
    from .protocol import MAX_FRAME
    from .store import StoreError

    hub_url = urlparse(os.environ.get("JUPYTERHUB_SERVICE_URL", ""))
    host = host or hub_url.hostname or "127.0.0.1"
    port = port or hub_url.port or 8765
    if prefix is None:  # as a JupyterHub managed service the hub says where it is mounted
        prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "")

    def announce(hub: Hub) -> None:
        # the key is never printed (a terminal, a log or a notebook cell may be on the projector): a
        # key set in the environment is known to whoever set it; a key the server made is kept in a
        # file readable by its owner only, where the teacher's notebook on this machine finds it
        if hub.key_was_given:
            where = "the one in $CHEMGAMES_TEACHER_KEY"
        else:
            from .client import key_file

            path = key_file()
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                tmp = path.with_suffix(".tmp")
                tmp.write_text(hub.admin_key or "", "utf-8")
                os.chmod(tmp, 0o600)
                os.replace(tmp, path)
                where = f"kept in {path} (readable by you only; chemgames.tables finds it there)"
            except OSError as exc:
                where = f"not written ({exc}): set $CHEMGAMES_TEACHER_KEY and start again"
        print(f"chemgames table server at http://{host}:{port}{prefix.rstrip('/')}/ (store: {store.split('@')[-1]})\n"
              f"teacher key: {where}", file=sys.stderr, flush=True)

    if allow_origins is None:
        allow_origins = [o for o in os.environ.get("CHEMGAMES_ALLOW_ORIGINS", "").split(",") if o.strip()]
    if proxies is None:
        proxies = [p.strip() for p in os.environ.get("CHEMGAMES_PROXIES", "").split(",") if p.strip()]
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < min(hard, 4096):  # the connection caps stay below what the process may open
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 4096), hard))
    logging.basicConfig(format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:  # the school's time zone, in which a lesson's day is read ($CHEMGAMES_TIME_ZONE): a typo said in one line
        from .model import school_zone

        school_zone()
    except ValueError as exc:
        print(f"chemgames serve: {exc}", file=sys.stderr, flush=True)
        return 2
    # a store that cannot be used, or that keeps its lessons in another time zone than this process
    # is set to (``store.agree_zone``), is said in one line before anything starts
    try:
        asyncio.run(_try_store(store))
    except (StoreError, ValueError) as exc:
        print(f"chemgames serve: {exc}", file=sys.stderr, flush=True)
        return 2
    # the limits can be changed (docs/tables.md), e.g. {"wrong_address_burst": 60} for a school behind one router
    try:
        limits: dict[str, Any] = read_limits(os.environ.get("CHEMGAMES_LIMITS") or "{}")
    except ValueError as exc:  # a teacher's typo: one line that names it, before anything starts
        print(f"chemgames serve: {exc}", file=sys.stderr, flush=True)
        return 2
    protocol = limited_protocol(float(limits.pop("header_timeout", HEADER_TIMEOUT)),
                                Caps(int(limits.pop("connections_per_address", PER_ADDRESS)),
                                     int(limits.pop("connections", TOTAL))))
    try:
        app = create_app(store, prefix=prefix, announce=announce, allow_origins=allow_origins, **limits)
    except RecordBusy as exc:  # the learning record held locked by another program: said, nothing moved
        print(f"chemgames serve: {exc}", file=sys.stderr, flush=True)
        return 2
    # permessage-deflate off unless asked for: a state message is some 3 KB, and compressing every
    # frame cost the server about a tenth of a move's CPU (and ~300 KB of zlib state a connection);
    # on a slow network CHEMGAMES_WS_DEFLATE=1 trades that CPU for a third of the bytes
    deflate = os.environ.get("CHEMGAMES_WS_DEFLATE", "0").strip().lower() in ("1", "yes", "on", "true")
    config = uvicorn.Config(app, host=host, port=port, ws="websockets-sansio", ws_max_size=MAX_FRAME, log_level=log_level,
                            ws_per_message_deflate=deflate,
                            # uvloop where installed (the server extra brings it on Linux and macOS): the event
                            # loop's own work per frame is a good part of a move's CPU; CHEMGAMES_LOOP=asyncio for the plain one
                            loop=os.environ.get("CHEMGAMES_LOOP", "auto"),
                            http=protocol, proxy_headers=bool(proxies), forwarded_allow_ips=proxies or None,
                            timeout_keep_alive=5, h11_max_incomplete_event_size=16_384,
                            limit_concurrency=4_000)  # uvicorn counts WebSockets here too: above the caps of both kinds
    server = uvicorn.Server(config)
    server.run()
    return 0 if server.started else 2


async def _try_store(url: str) -> None:
    from .store import open_store

    from .store import agree_zone

    store = open_store(url)
    await store.start()
    try:
        await agree_zone(store)
    finally:
        await store.close()
