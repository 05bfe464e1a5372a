"""A no-install classroom: every game notebook and lesson as a static JupyterLite site.

``chemgames lite build DIR`` builds it from PyPI and npm alone (see ``build``), ``chemgames lite
serve DIR`` serves it; any static web server will do. The build tools live in the ``[lite]``
extra; importing this package needs none of them.
"""
from __future__ import annotations

__all__ = ["build_site", "make_server"]


def build_site(*args, **kwargs):
    """See :func:`chemgames.lite.build.build_site` (imported on use: it needs the ``[lite]`` extra)."""
    from .build import build_site as _build

    return _build(*args, **kwargs)


def make_server(*args, **kwargs):
    """See :func:`chemgames.lite.serve.make_server`."""
    from .serve import make_server as _make

    return _make(*args, **kwargs)
