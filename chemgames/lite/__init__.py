"""A no-install classroom: every game notebook and lesson as a static JupyterLite site.

``chemgames lite build DIR`` builds it from PyPI and npm alone (see ``build``), ``chemgames lite
serve DIR`` serves it; any static web server will do. The build tools live in the ``[lite]``
extra; importing this package needs none of them. The site's own copy of this package leaves the
build tools out (``wheels.BUILD_ONLY``): there ``build_site`` and ``make_server`` are no attributes, and
``__all__`` and ``dir()`` name only what is installed.

>>> import chemgames.lite as lite
>>> sorted(lite.__all__), callable(lite.build_site)
(['build_site', 'make_server'], True)
"""
from __future__ import annotations

import importlib
import importlib.util

#: the package's names, each from the module it is imported from on first use
_LAZY = {"build_site": "build", "make_server": "serve"}


def _present(module: str) -> bool:
    """Whether ``chemgames.lite.<module>`` is installed (looked up, not imported)."""
    return importlib.util.find_spec(f"{__name__}.{module}") is not None


def __getattr__(name: str) -> object:
    """``build_site`` (:func:`chemgames.lite.build.build_site`, it needs the ``[lite]`` extra) and
    ``make_server`` (:func:`chemgames.lite.serve.make_server`), imported on first use."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if not _present(module):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}: chemgames.lite.{module} is not part of "
                             "this installation (the JupyterLite site leaves out its build tools)")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


def __dir__() -> list[str]:
    return sorted(set(globals()) - set(_LAZY) | {name for name, module in _LAZY.items() if _present(module)})


__all__ = sorted(name for name, module in _LAZY.items() if _present(module))
