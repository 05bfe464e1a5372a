"""Babel, and the number and plural data of the game's language, are loaded in the kernel's own thread before
the warm-up thread starts (``GameWidget._warm_beside``), so a first click that formats a number never waits on
(or meets half made: ``ImportError: partially initialized module 'babel.core'``, s25k) an import the thread
holds. Each case runs in a fresh interpreter, where nothing has imported Babel yet."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# the state of Babel at the moment the warm-up thread starts: what the thread would otherwise import first
FRESH = '''import json, sys, threading
sys.path.insert(0, {root!r})
import chemgames
from chemgames.core import i18n
from chemgames.widgets import base, play
seen = []
real = threading.Thread.start
def start(thread):
    data = sys.modules.get("babel.localedata")
    seen.append({{"babel.numbers": "babel.numbers" in sys.modules, "locale": data is not None and {lang!r} in data._cache,
                  "plural": i18n._plural_rule.cache_info().currsize > 0}})
    return real(thread)
threading.Thread.start = start
w = play(players=2, bots=["greedy"], seed=5, lang={lang!r})
shell = None
if {shell!r}:  # as in a kernel: the thread starts after the cell (IPython's post_run_cell)
    class Events:
        def __init__(self): self.hooks = []
        def register(self, name, fn): self.hooks.append(fn)
        def unregister(self, name, fn): self.hooks.remove(fn)
    class Shell: events = Events()
    shell = Shell()
    base._running_shell = lambda: shell
w._repr_mimebundle_()
if shell is not None:
    assert not seen, "a kernel's thread starts after the cell"
    for hook in list(shell.events.hooks): hook()
w._warm_thread.join(120)
print(json.dumps(seen))
'''


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("shell", [False, True])
def test_babel_and_the_languages_numbers_are_loaded_before_the_warm_up_thread_starts(lang, shell):
    code = FRESH.format(root=str(ROOT), lang=lang, shell=shell)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout.strip().splitlines()[-1]) == [{"babel.numbers": True, "locale": True, "plural": True}]
