"""Where the teacher's notebook finds the key (issue 26: never in a cell), in the JupyterLite site
too: there Python is Pyodide (``sys.platform == "emscripten"``), with no environment or key file of
the teacher's, and the Pyodide kernel's ``getpass`` asks through the page (a password field). The
browser side is ``tests/lite/test_tables_lite.py``; here the choices, in CPython."""
from __future__ import annotations

import getpass
import sys
import types

import pytest

from chemgames.server import client
from chemgames.server.client import TableError


@pytest.fixture
def nowhere(monkeypatch, tmp_path):
    """No key in the environment, no key file, nothing asked before."""
    monkeypatch.delenv("CHEMGAMES_TEACHER_KEY", raising=False)
    monkeypatch.setenv("CHEMGAMES_KEY_FILE", str(tmp_path / "no-key-here"))
    monkeypatch.setattr(client, "_ASKED", {})
    asked: list[str] = []
    monkeypatch.setattr(getpass, "getpass", lambda prompt="": asked.append(prompt) or "typed-key")
    return asked


def pyodide(monkeypatch, kernel: bool) -> None:
    monkeypatch.setattr(sys, "platform", "emscripten")
    if kernel:
        monkeypatch.setitem(sys.modules, "pyodide_kernel", types.ModuleType("pyodide_kernel"))
    else:
        monkeypatch.delitem(sys.modules, "pyodide_kernel", raising=False)


def test_the_lite_site_asks_through_the_page_and_keeps_the_answer(nowhere, monkeypatch):
    pyodide(monkeypatch, kernel=True)
    assert client.resolve_teacher_key(None, "http://t:1") == "typed-key"
    assert len(nowhere) == 1 and "teacher key" in nowhere[0] and "typed-key" not in nowhere[0]
    # asked once: the dashboard's later calls (list, watch) take it from the kernel's memory
    assert client.resolve_teacher_key(None, "http://t:1") == "typed-key" and len(nowhere) == 1


def test_pyodide_without_a_kernel_to_ask_refuses_with_the_ways_to_give_the_key(nowhere, monkeypatch):
    pyodide(monkeypatch, kernel=False)
    with pytest.raises(TableError, match="CHEMGAMES_TEACHER_KEY"):
        client.resolve_teacher_key(None, "http://t:1")
    assert nowhere == []


def test_a_page_that_cannot_ask_is_a_clear_refusal_not_a_crash(nowhere, monkeypatch):
    pyodide(monkeypatch, kernel=True)

    def no_service_worker(prompt=""):
        raise RuntimeError("No SharedArrayBuffer or ServiceWorker available for input")  # as a JS error would

    monkeypatch.setattr(getpass, "getpass", no_service_worker)
    with pytest.raises(TableError, match="CHEMGAMES_TEACHER_KEY"):
        client.resolve_teacher_key(None, "http://t:1")


def test_the_environment_comes_first_everywhere(nowhere, monkeypatch):
    monkeypatch.setenv("CHEMGAMES_TEACHER_KEY", "from-env")
    pyodide(monkeypatch, kernel=True)
    assert client.resolve_teacher_key(None, "http://t:1") == "from-env" and nowhere == []
