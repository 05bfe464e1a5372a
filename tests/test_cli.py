"""The ``chemgames`` command: a workspace of copies, and the JupyterLab command it would run."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from chemgames import cli

REPO = Path(__file__).resolve().parents[1]


def test_lab_makes_a_workspace_of_copies_and_keeps_student_work(tmp_path, capsys):
    target = tmp_path / "ws"
    assert cli.main(["lab", "--dir", str(target), "--dry-run", "--no-browser", "--port", "8899"]) == 0
    out = capsys.readouterr().out
    assert "jupyterlab" in out and "--port=8899" in out
    # JupyterLab's own default URL ("/lab", the Launcher) overrides ServerApp.default_url: set LabApp's
    assert "--LabApp.default_url=/lab/tree/notebooks/index.ipynb" in out.split()
    # German menus by default (issue 26): the locale is an override in the settings folder it names
    settings = target / ".chemgames" / "lab-settings"
    assert f"--LabApp.app_settings_dir={settings}" in out.split()
    assert '"locale": "de_DE"' in (settings / "overrides.d" / "chemgames-locale.json").read_text()
    assert (target / "notebooks" / "lehrkraefte" / "chromino.ipynb").exists()  # the teachers' notebooks too
    nb = target / "notebooks" / "chemiekarten.ipynb"
    assert nb.exists() and (target / "lessons" / "chemiekarten" / "arbeitsblatt.ipynb").exists()
    nb.write_text("my own work")
    assert cli.main(["lab", "--dir", str(target), "--dry-run"]) == 0
    assert nb.read_text() == "my own work"  # a second start never overwrites a student's file
    assert "(0 new files)" in capsys.readouterr().out


def test_games_lists_the_games():
    out = subprocess.run([sys.executable, "-m", "chemgames.cli", "games"], capture_output=True, text=True, check=True)
    assert "chemiekarten" in out.stdout and "Das Chemie-Kartenspiel" in out.stdout


FAKE_LAB = """import os, time
open(os.environ['FAKE_LAB_PID'], 'w').write(str(os.getpid()))
time.sleep(60)
"""


@pytest.mark.skipif(os.name != "posix", reason="a process replaces itself (exec) on POSIX only")
def test_lab_is_the_process_it_starts(tmp_path):
    """``chemgames lab`` becomes JupyterLab (exec), so a SIGTERM to the command it started, or a closed
    terminal's SIGHUP, stops the server and its kernels: as a child of ours JupyterLab outlived a
    terminated ``chemgames lab`` and kept its port and kernels. A stand-in ``jupyterlab`` module
    writes the process id it runs in."""
    fake = tmp_path / "fake" / "jupyterlab"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("")  # a regular package: it comes before the installed one
    (fake / "__main__.py").write_text(FAKE_LAB)
    pid_file = tmp_path / "lab.pid"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(fake.parent), str(REPO)]), FAKE_LAB_PID=str(pid_file))
    proc = subprocess.Popen([sys.executable, "-m", "chemgames.cli", "lab", "--dir", str(tmp_path / "ws"), "--no-browser",
                             "--port", "8899"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    lab = None
    try:
        deadline = time.monotonic() + 60
        while not pid_file.exists() or not pid_file.read_text():
            assert proc.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        lab = int(pid_file.read_text())
        assert lab == proc.pid
    finally:
        proc.terminate()
        proc.wait(10)
        if lab is not None and lab != proc.pid:
            os.kill(lab, signal.SIGTERM)  # main's child, left running by the terminated command
