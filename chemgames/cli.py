"""The ``chemgames`` command: ``chemgames lab`` opens JupyterLab on a workspace of the games.

The workspace holds copies of the game notebooks and lessons, so students never edit the
installed originals; files already in the workspace are kept (a student's work survives).
"""
from __future__ import annotations

import argparse
import json
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
    for folder in ("notebooks", "lessons", "docs/rules"):  # the lesson plans link docs/rules
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


# JupyterLab's menus in the class's language: the notebooks say "Ausführen → Alle Zellen ausführen",
# so the menu must say it too (the German language pack, jupyterlab-language-pack-de-DE, comes with
# the "lab" extra). The locale is a default of JupyterLab's settings (an override), so a student can
# still switch the language in JupyterLab's own "Settings → Language" menu.
LOCALES = {"de": "de_DE", "en": "en"}
TRANSLATION_PLUGIN = "@jupyterlab/translation-extension:plugin"


def lab_language_args(settings: Path, lang: str) -> list[str]:
    """JupyterLab's arguments for menus in ``lang``: an application settings folder ``settings``
    holding the installed JupyterLab's own settings and, in ``overrides.d``, the locale.

    >>> import tempfile, json
    >>> d = Path(tempfile.mkdtemp()) / "s"
    >>> lab_language_args(d, "de") == [f"--LabApp.app_settings_dir={d}"]
    True
    >>> json.loads((d / "overrides.d" / "chemgames-locale.json").read_text())
    {'@jupyterlab/translation-extension:plugin': {'locale': 'de_DE'}}
    """
    if settings.exists():
        shutil.rmtree(settings)
    try:
        from jupyterlab.commands import get_app_dir

        installed = Path(get_app_dir()) / "settings"
    except ImportError:  # pragma: no cover - the "lab" extra brings JupyterLab
        installed = None
    if installed is not None and installed.is_dir():
        shutil.copytree(installed, settings)  # page_config.json, the site's own overrides
    (settings / "overrides.d").mkdir(parents=True, exist_ok=True)
    (settings / "overrides.d" / "chemgames-locale.json").write_text(
        json.dumps({TRANSLATION_PLUGIN: {"locale": LOCALES[lang]}}), "utf-8")
    return [f"--LabApp.app_settings_dir={settings}"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="chemgames", description="Chemistry and maths games for Jupyter")
    sub = parser.add_subparsers(dest="command", required=True)
    lab = sub.add_parser("lab", help="open JupyterLab on a workspace with the game notebooks")
    lab.add_argument("--dir", default="chemgames-workspace", help="the workspace folder (created if missing)")
    lab.add_argument("--no-browser", action="store_true", help="do not open a browser window")
    lab.add_argument("--port", type=int, default=None)
    lab.add_argument("--dry-run", action="store_true", help="only create the workspace and print the command")
    lab.add_argument("--lang", choices=("de", "en"), default="de",
                     help="the language of JupyterLab's menus: de (default, as the notebooks' instructions) or en")
    sub.add_parser("games", help="list the available games")
    _add_lite(sub)
    serve = sub.add_parser("serve", help="the class-table server: students play each other from their own devices")
    serve.add_argument("--host", default=None, help="127.0.0.1 (default); 0.0.0.0 to let the classroom's machines in")
    serve.add_argument("--port", type=int, default=None, help="8765 (default)")
    serve.add_argument("--store", default="sqlite:///chemgames-tables.db",
                       help="sqlite:///FILE (default; survives a killed server; sqlite:///FILE?sync=full also a "
                            "power cut, each move waiting for the disk) or redis://HOST:PORT/N (several server processes)")
    serve.add_argument("--prefix", default=None, help="the path it is served under (default: $JUPYTERHUB_SERVICE_PREFIX)")
    serve.add_argument("--allow-origin", action="append", default=None, metavar="URL",
                       help="a web site whose pages may call the server (a JupyterLite site elsewhere; repeatable; "
                            "default: $CHEMGAMES_ALLOW_ORIGINS, comma-separated)")
    serve.add_argument("--proxy", action="append", default=None, metavar="ADDRESS",
                       help="a reverse proxy whose X-Forwarded-For is believed (repeatable; default: none, or "
                            "$CHEMGAMES_PROXIES, comma-separated)")
    args = parser.parse_args(argv)

    if args.command == "serve":
        return _serve(args)

    if args.command == "lite":
        return _lite(args)

    if args.command == "games":
        from . import games
        for info in games():
            print(f"{info.id:14} {info.titles['de']} / {info.titles['en']} ({info.min_players}-{info.max_players})")
        return 0
    target = Path(args.dir).resolve()
    target.mkdir(parents=True, exist_ok=True)
    copied = make_workspace(target)
    print(f"workspace: {target} ({len(copied)} new files)")
    cmd = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={target}", "--LabApp.default_url=/lab/tree/notebooks/index.ipynb",
           *lab_language_args(target / ".chemgames" / "lab-settings", args.lang)]
    if args.no_browser:
        cmd.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # containers and classroom servers often run as root
    if args.port:
        cmd.append(f"--port={args.port}")
    if args.dry_run:
        print(" ".join(cmd))
        return 0
    if os.name == "posix":
        # JupyterLab in this process's place: a SIGTERM or a closed terminal's SIGHUP then reaches the
        # server and its kernels (a child of ours outlived a terminated ``chemgames lab``, port and kernels)
        sys.stdout.flush()
        os.execv(sys.executable, cmd)
    return subprocess.call(cmd)


def _add_lite(sub: argparse._SubParsersAction) -> None:
    lite = sub.add_parser("lite", help="a JupyterLite site of the games that runs in any browser, no install")
    verbs = lite.add_subparsers(dest="verb", required=True)
    build = verbs.add_parser("build", help="build the site into DIR (needs the [lite] extra, npm once)")
    build.add_argument("dir")
    build.add_argument("--source", default=None, help="the project's source tree (default: this checkout)")
    build.add_argument("--cache", default=None, help="download cache (default: ~/.cache/chemgames-lite)")
    serve = verbs.add_parser("serve", help="serve a built site over HTTP")
    serve.add_argument("dir")
    serve.add_argument("--host", default="127.0.0.1", help="0.0.0.0 to let the classroom's machines in")
    serve.add_argument("--port", type=int, default=8000)


def _serve(args: argparse.Namespace) -> int:
    try:
        from .server.run import serve
        import uvicorn  # noqa: F401 - the extra is there
    except ImportError as err:
        print(f"chemgames serve needs the [server] extra: pip install 'chemgames[server]' ({err})", file=sys.stderr)
        return 2
    return serve(args.host, args.port, args.store, prefix=args.prefix, allow_origins=args.allow_origin,
                 proxies=args.proxy)


def _lite(args: argparse.Namespace) -> int:
    if args.verb == "build":
        try:
            from .lite.build import build_site
        except ImportError as err:
            print(f"chemgames lite build needs the [lite] extra: pip install -e '.[lite]' ({err})", file=sys.stderr)
            return 2
        try:
            lock = build_site(Path(args.dir), source=args.source, cache=args.cache)
        except (FileExistsError, RuntimeError) as err:
            print(f"chemgames lite build: {err}", file=sys.stderr)
            return 1
        files = [f for f in lock["files"] if not f.endswith((".br", ".gz"))]  # not the compressed copies
        size = sum((Path(args.dir) / f).stat().st_size for f in files)
        print(f"site: {Path(args.dir).resolve()} ({len(files)} files, {size / 1e6:.1f} MB, "
              f"{len(lock['notebooks'])} notebooks); serve it with: chemgames lite serve {args.dir}")
        return 0
    from .lite.serve import make_server

    server = make_server(Path(args.dir), args.host, args.port)
    print(f"serving {Path(args.dir).resolve()} at http://{args.host}:{server.server_port}/ (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
