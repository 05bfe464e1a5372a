"""The full soak: every game's random games with all their seeds (CHEMGAMES_SOAK=full).

CI plays a share of these games (each variant's ``ci_share`` in its ``tests/test_<game>_properties.py``,
``tests/soak.py``); this script plays all of them and prints, per game, how many random games the
conformance harness played (``tests/test_conformance.py::test_random_games``) and the game's own
property file, whether every check held and how long it took.

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
    import conformance  # noqa: E402 - the tests' own registry, so the figures name what the tests play

    failed = 0
    print(f"{'game':14} {'result':8} {'seconds':>8}")
    for game in chosen:
        variants = conformance.spec_of(game).variants
        full = sum(v.games for v in variants)
        ci = sum(conformance.games_in_chunk(v, "") * v.chunks for v in variants)
        start = time.perf_counter()
        chunks = [f"tests/test_conformance.py::test_random_games[{g}-{v}-{c}]"
                  for g, v, c in conformance.chunk_cases() if g == game]
        run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *chunks,
                              f"tests/test_{game}_properties.py"],
                             cwd=REPO, env=env, capture_output=True, text=True)
        seconds = time.perf_counter() - start
        result = "passed" if run.returncode == 0 else "FAILED"
        failed += run.returncode != 0
        print(f"{game:14} {result:8} {seconds:8.1f}   {full} random games (CI plays {ci})")
        if run.returncode:
            print(run.stdout[-3000:])
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
