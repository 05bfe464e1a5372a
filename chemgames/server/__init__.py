"""The class-table server: students at their own devices play each other, each sent only their own
view; the teacher sees every table. ``chemgames serve`` starts it (see ``docs/tables.md``).

Needs the ``server`` extra (``pip install 'chemgames[server]'``): Starlette, uvicorn, websockets, redis.
``chemgames.server.run.serve`` runs it. This package file imports nothing: the JupyterLite site carries the
client (``client``, ``protocol``: ``chemgames.join`` from a browser) but no module that runs the server
(``chemgames/lite/wheels.py``: ``NOT_IN_SITE``).
"""
from __future__ import annotations
