#!/usr/bin/env bash
# Installs everything the tests need (a venv with the test extras; Debian's chromium, fonts-dejavu-core,
# redis-server and npm; axe-core from npm) and runs mypy and
# every test: unit, scenario, property, doctest, nbval and browser tests. Exits non-zero on failure.
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive PIP_DISABLE_PIP_VERSION_CHECK=1
# Debian's chromium, and DejaVu Sans, the font tests/test_glyphs.py checks every shown character against;
# redis-server for the class-table tests (tests/test_tables_server.py)
if ! command -v chromium >/dev/null 2>&1 || [ ! -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || ! command -v redis-server >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq chromium fonts-dejavu-core redis-server >/dev/null
fi
# npm fetches Pyodide from the npm registry for the JupyterLite site (tests/test_lite_*.py).
if ! command -v npm >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq npm >/dev/null
fi
# axe-core (pinned) for the accessibility browser test (tests/browser/test_a11y_browser.py).
AXE_VERSION=4.11.4  # 4.11 finds heading-order after the notebook title (issue 26)
if ! grep -qs "\"version\": \"$AXE_VERSION\"" tests/browser/node/node_modules/axe-core/package.json; then
  npm install --no-save --no-audit --no-fund --silent --prefix tests/browser/node "axe-core@$AXE_VERSION"
fi
PY="${PYTHON:-python3}"
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e '.[test,bench,lite,spiel,server]'
# The type checker first (config in pyproject.toml: strict for core and chemistry): quick, and a
# type error is cheaper to read than the test failure it would become.
.venv/bin/python -m mypy
# Unit, scenario, property (a quarter of the soak: tests/soak.py; bench/bench_soak.py plays all of it),
# doctest (the package's, and those of tools/ and bench/: conftest.py) and browser tests on both
# cores; each browser module a group of its own, run by whichever worker is free, each worker with a JupyterLab of
# its own and each test with a folder of its own in it (tests/browser/conftest.py); the end of the output says how
# long each worker ran (tests/conftest.py), and test-artifacts/junit.xml every test's time (tools/xdist_balance.py).
.venv/bin/python -m pytest -n 2 --dist loadgroup -q --durations=15 --junitxml=test-artifacts/junit.xml tests chemgames tools bench "$@"
# nbval runs each notebook's cells in order in one kernel, so not under pytest-xdist.
.venv/bin/python -m pytest -q --nbval-lax --nbval-sanitize-with tests/sanitize.cfg notebooks lessons
