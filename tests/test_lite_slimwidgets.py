"""The play page's ipywidgets without its controls (chemgames/lite/slimwidgets.py): a game widget
sends the page the same messages with it as with the whole of ipywidgets, and imports a fraction of
its modules. Each side in a fresh interpreter (ipywidgets is imported once per process)."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SCRIPT = r"""
import json, sys
from chemgames.lite import noipython, slimwidgets, playbridge
noipython.install()
slim = SLIM and slimwidgets.install()
sent = []
playbridge.install(sent.append)
mid = playbridge.run("from chemgames.widgets import play\nplay(players=3, bots=['greedy', 'random'])", 1)
w = playbridge.shown(mid)
playbridge.receive(mid, json.dumps({"method": "custom", "content": {"type": "hint", "version": w.version}}))
print(json.dumps({"slim": slim, "sent": sent, "modules": sorted(m for m in sys.modules if m.startswith("ipywidgets"))}))
"""


def _start(slim: bool, home: Path) -> dict:
    """One start in a fresh interpreter, in a folder of its own (its saves and learning record)."""
    home.mkdir()
    env = {**os.environ, "CHEMGAMES_SAVES": str(home / "saves"), "PYTHONPATH": str(REPO)}
    out = subprocess.run([sys.executable, "-c", SCRIPT.replace("SLIM", str(slim))], capture_output=True, text=True,
                         timeout=300, check=True, cwd=home, env=env)
    return json.loads(out.stdout.strip().splitlines()[-1])


def _without_ids(messages: list[str]) -> list[dict]:
    """The messages with the comms' random ids and the autosave's minute made alike."""
    ids = {json.loads(m)["comm_id"] for m in messages}
    text = "\n".join(messages)
    for n, found in enumerate(sorted(ids, key=text.index)):
        text = text.replace(found, f"<comm {n}>")
    text = re.sub(r"\d{4}-\d\d-\d\d-\d{4}", "<minute>", text)
    return [json.loads(m) for m in text.split("\n")]


def test_a_game_widget_sends_the_same_messages_with_the_slim_ipywidgets(tmp_path):
    whole, slim = _start(False, tmp_path / "whole"), _start(True, tmp_path / "slim")
    assert slim["slim"] is True and whole["slim"] is False
    assert _without_ids(slim["sent"]) == _without_ids(whole["sent"])
    assert any('"method": "update"' in m and '"hints"' in m for m in slim["sent"])  # the hint click was answered
    # the controls were never imported: a third of the modules or fewer
    assert "ipywidgets.widgets.widget_int" in whole["modules"] and "ipywidgets.widgets.widget_int" not in slim["modules"]
    assert len(slim["modules"]) * 3 <= len(whole["modules"])
    assert not [m for m in slim["modules"] if re.search(r"widget_(int|float|media|upload|selection)", m)]
