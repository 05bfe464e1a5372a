"""The few names of IPython that ipywidgets imports, for the play page, where no IPython runs.

ipywidgets imports ``get_ipython`` (to find a kernel to register its comms with: there is none on
the play page, ``playbridge`` carries the messages), ``display``/``clear_output`` and
``InteractiveShell`` (used by the ``Output`` widget only). Importing the real IPython in Pyodide
is ~500 modules, 1.7 s at load 9, after unpacking its 13 wheels (IPython, jedi, prompt-toolkit,
pygments ...): the play page loads none of them (``play.packages``) and puts these stand-ins in
``sys.modules`` instead. Elsewhere (a notebook, CPython) nothing of this is used.

>>> import sys
>>> saved = {k: sys.modules.pop(k) for k in list(sys.modules) if k == "IPython" or k.startswith("IPython.")}
>>> install()
>>> from IPython import get_ipython
>>> from IPython.display import display
>>> get_ipython() is None, sys.modules["IPython"].STAND_IN
(True, True)
>>> for k in MODULES: del sys.modules[k]
>>> sys.modules.update(saved)
"""
from __future__ import annotations

import sys
import types
from typing import Any

MODULES = ("IPython", "IPython.display", "IPython.core", "IPython.core.interactiveshell")


def get_ipython() -> None:
    """No IPython shell runs here."""
    return None


def display(*objs: Any, **kwargs: Any) -> None:
    """Nothing to display into: the play page shows the one widget its game's code made."""


def clear_output(wait: bool = False) -> None:
    """No output area to clear."""


class InteractiveShell:
    """Never initialized: there is no shell."""

    @classmethod
    def initialized(cls) -> bool:
        return False


def install() -> None:
    """Put the stand-ins in ``sys.modules`` unless IPython is imported already (then nothing)."""
    if "IPython" in sys.modules:
        return
    made = {name: types.ModuleType(name) for name in MODULES}
    made["IPython"].__dict__.update(get_ipython=get_ipython, display=made["IPython.display"], core=made["IPython.core"],
                                    STAND_IN=True, __path__=[])
    made["IPython.core"].__dict__.update(interactiveshell=made["IPython.core.interactiveshell"], __path__=[])
    made["IPython.display"].__dict__.update(display=display, clear_output=clear_output)
    made["IPython.core.interactiveshell"].InteractiveShell = InteractiveShell  # type: ignore[attr-defined]
    sys.modules.update(made)
