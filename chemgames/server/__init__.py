"""The class-table server: students at their own devices play each other, each sent only their own
view; the teacher sees every table. ``chemgames serve`` starts it (see ``docs/tables.md``).

Needs the ``server`` extra (``pip install 'chemgames[server]'``): Starlette, uvicorn, websockets, redis.
"""
from __future__ import annotations

import os
import sys


def serve(host: str | None = None, port: int | None = None, store: str = "sqlite:///chemgames-tables.db",
          prefix: str | None = None, log_level: str = "warning", allow_origins: list[str] | None = None) -> None:
    """Run the server until interrupted (uvicorn; WebSocket frames bounded by ``MAX_FRAME``).

    As a JupyterHub managed service, the address and the path come from the hub's environment
    (``JUPYTERHUB_SERVICE_URL``, ``JUPYTERHUB_SERVICE_PREFIX``) unless given."""
    from urllib.parse import urlparse

    import uvicorn

    from .app import Hub, create_app
    from .protocol import MAX_FRAME

    hub_url = urlparse(os.environ.get("JUPYTERHUB_SERVICE_URL", ""))
    host = host or hub_url.hostname or "127.0.0.1"
    port = port or hub_url.port or 8765
    if prefix is None:  # as a JupyterHub managed service the hub says where it is mounted
        prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "")

    def announce(hub: Hub) -> None:
        # a key set in the environment (a JupyterHub service) is not printed: the service's output lands in a log
        key = "the one in $CHEMGAMES_TEACHER_KEY" if hub.key_was_given else \
            f"{hub.admin_key}  (keep it to yourself; $CHEMGAMES_TEACHER_KEY chooses it)"
        print(f"chemgames table server at http://{host}:{port}{prefix.rstrip('/')}/ (store: {store.split('@')[-1]})\n"
              f"teacher key: {key}", file=sys.stderr, flush=True)

    if allow_origins is None:
        allow_origins = [o for o in os.environ.get("CHEMGAMES_ALLOW_ORIGINS", "").split(",") if o.strip()]
    app = create_app(store, prefix=prefix, announce=announce, allow_origins=allow_origins)
    config = uvicorn.Config(app, host=host, port=port, ws="websockets-sansio", ws_max_size=MAX_FRAME, log_level=log_level,
                            proxy_headers=True)
    server = uvicorn.Server(config)
    server.run()
