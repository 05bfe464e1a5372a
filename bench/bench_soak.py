"""The full soak: every game's property tests with all their random games (CHEMGAMES_SOAK=full).

CI plays a quarter of these games (tests/soak.py); this script plays all of them and prints, per
game, how many games it played, whether every property held and how long it took.

    .venv/bin/python bench/bench_soak.py            # every game
    .venv/bin/python bench/bench_soak.py chromino   # one game
"""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
GAMES = ["chemiekarten", "chemix", "chemuno", "chromino", "metallurgie", "raeumab"]


def main(argv: list[str]) -> int:
    chosen = argv or GAMES
    env = dict(os.environ, CHEMGAMES_SOAK="full")
    sys.path.insert(0, str(REPO / "tests"))
    import soak  # noqa: E402 - the tests' own module, so the figures name what the tests play

    failed = 0
    print(f"{'game':14} {'result':8} {'seconds':>8}")
    for game in chosen:
        path = REPO / "tests" / f"test_{game}_properties.py"
        source = path.read_text("utf-8")
        full = int(source.split("GAMES = soak_games(")[1].split(")")[0])
        start = time.perf_counter()
        run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(path)],
                             cwd=REPO, env=env, capture_output=True, text=True)
        seconds = time.perf_counter() - start
        result = "passed" if run.returncode == 0 else "FAILED"
        failed += run.returncode != 0
        print(f"{game:14} {result:8} {seconds:8.1f}   {full} random games (CI plays {soak.soak_games(full, '')})")
        if run.returncode:
            print(run.stdout[-3000:])
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
