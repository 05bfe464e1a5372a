"""Every pytest run (tests, doctests, nbval kernels) writes saves and its signing key into a
temporary folder, never into the repository or the user's home."""
import os
import tempfile

_TMP = tempfile.mkdtemp(prefix="chemgames-test-")
os.environ.setdefault("CHEMGAMES_SAVES", os.path.join(_TMP, "saves"))
os.environ.setdefault("CHEMGAMES_HOME", os.path.join(_TMP, "home"))

# the doctests of chemgames.spiel.openspiel need the optional extra chemgames[spiel]: without it they are not collected
import importlib.util  # noqa: E402

collect_ignore = [] if importlib.util.find_spec("pyspiel") else ["chemgames/spiel/openspiel.py"]
