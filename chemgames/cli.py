"""The ``chemgames`` command: ``chemgames lab`` opens JupyterLab on a workspace of the games.

The workspace holds copies of the game notebooks and lessons, so students never edit the
installed originals; files already in the workspace are kept (a student's work survives).
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from importlib import resources
from pathlib import Path


def content_root() -> Path:
    """Where the notebooks and lessons are: inside the wheel, or the source checkout."""
    packaged = Path(str(resources.files("chemgames"))) / "_content"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent


def make_workspace(target: Path) -> list[Path]:
    """Copy notebooks and lessons into ``target`` without overwriting; return the files copied."""
    root = content_root()
    copied = []
    for folder in ("notebooks", "lessons"):
        src = root / folder
        if not src.is_dir():
            continue
        for path in sorted(src.rglob("*")):
            if path.is_dir() or ".ipynb_checkpoints" in path.parts:
                continue
            dest = target / folder / path.relative_to(src)
            if dest.exists():
                continue
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, dest)
            copied.append(dest)
    return copied


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="chemgames", description="Chemistry and maths games for Jupyter")
    sub = parser.add_subparsers(dest="command", required=True)
    lab = sub.add_parser("lab", help="open JupyterLab on a workspace with the game notebooks")
    lab.add_argument("--dir", default="chemgames-workspace", help="the workspace folder (created if missing)")
    lab.add_argument("--no-browser", action="store_true", help="do not open a browser window")
    lab.add_argument("--port", type=int, default=None)
    lab.add_argument("--dry-run", action="store_true", help="only create the workspace and print the command")
    sub.add_parser("games", help="list the available games")
    args = parser.parse_args(argv)

    if args.command == "games":
        from . import games
        for info in games():
            print(f"{info.id:14} {info.titles['de']} / {info.titles['en']} ({info.min_players}-{info.max_players})")
        return 0
    target = Path(args.dir).resolve()
    target.mkdir(parents=True, exist_ok=True)
    copied = make_workspace(target)
    print(f"workspace: {target} ({len(copied)} new files)")
    cmd = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={target}", "--ServerApp.default_url=/lab/tree/notebooks/index.ipynb"]
    if args.no_browser:
        cmd.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # containers and classroom servers often run as root
    if args.port:
        cmd.append(f"--port={args.port}")
    if args.dry_run:
        print(" ".join(cmd))
        return 0
    return subprocess.call(cmd)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
