"""Names of a package imported on first use (PEP 562), so importing the package costs only what is
used: in the JupyterLite site every module imported costs tenths of a second (``bench/bench_lite.py``
prints Pyodide's own import profile), and a game's board needs one game's modules, not all six.

>>> import types
>>> pkg = types.ModuleType("pkg")
>>> pkg.__getattr__, pkg.__dir__ = lazy_names("json", {"dumps": "json", "JSONDecoder": "json.decoder"}, vars(pkg))
>>> pkg.dumps([1])
'[1]'
>>> pkg.JSONDecoder.__name__, "dumps" in vars(pkg)  # kept on the package after the first use
('JSONDecoder', True)
>>> pkg.nothing
Traceback (most recent call last):
...
AttributeError: module 'json' has no attribute 'nothing'
"""
from __future__ import annotations

import importlib
from typing import Any, Callable


def lazy_names(package: str, names: dict[str, str], namespace: dict[str, Any]
               ) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``(__getattr__, __dir__)`` for a package whose ``names`` (name -> module, relative to the
    package when it starts with ``.``) are imported on first use and then kept in ``namespace``."""

    def __getattr__(name: str) -> Any:
        where = names.get(name)
        if where is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(where, package), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(names))

    return __getattr__, __dir__
