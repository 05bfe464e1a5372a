"""The ``chemgames`` command: a workspace of copies, and the JupyterLab command it would run."""
from __future__ import annotations

import subprocess
import sys

from chemgames import cli


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
