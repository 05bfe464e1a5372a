"""Every pytest run (tests, doctests, nbval kernels) writes saves and its signing key into a
temporary folder, never into the repository or the user's home."""
import os
import tempfile
from pathlib import Path

_TMP = tempfile.mkdtemp(prefix="chemgames-test-")
os.environ.setdefault("CHEMGAMES_SAVES", os.path.join(_TMP, "saves"))
os.environ.setdefault("CHEMGAMES_HOME", os.path.join(_TMP, "home"))

# the doctests of chemgames.spiel.openspiel need the optional extra chemgames[spiel]: without it they are not collected
import importlib.util  # noqa: E402

collect_ignore = [] if importlib.util.find_spec("pyspiel") else ["chemgames/spiel/openspiel.py"]

# tools/ and bench/ are scripts and benches: their doctests run with the tests (tests/run-all.sh
# passes both folders, pyproject.toml's testpaths name them), and a module without a doctest is not
# collected, so it is never imported for nothing (a bench may import what only its own run needs)
_ROOT = Path(__file__).resolve().parent
collect_ignore += sorted(str(p.relative_to(_ROOT)) for folder in ("tools", "bench") for p in (_ROOT / folder).rglob("*.py")
                         if ">>> " not in p.read_text("utf-8"))
