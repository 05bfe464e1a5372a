"""The package's import graph: no circles, and every import points down the layers
(docs/architecture.md): core <- chemistry <- games <- bots, spiel, the table client and server
<- widgets, worksheets. Read from the source with ``ast``: every ``import`` counts, at module level,
inside a function or under ``TYPE_CHECKING`` alike, since each one is a dependency a reader
follows and a circle waiting for the first import at the wrong moment."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "chemgames"

# What each part of the package may import (besides itself). "" is the package's public face,
# ``chemgames/__init__.py``: notebooks and the worksheets' helpers import it, and it imports below it,
# the widgets too (``chemgames.report()`` shows the report widget); the widgets import the layers
# below the face (``core.registry`` for ``new_game``, ``core.errors``), never the face itself.
ALLOWED: dict[str, set[str]] = {
    "core": set(),
    "chemistry": {"core"},
    "saves": {"core"},
    "games": {"core", "chemistry"},
    "bots": {"core", "chemistry", "games"},
    "spiel": {"", "core", "chemistry", "games", "bots"},
    # ``chemgames.tables`` is the teacher's and student's face of the class tables: the client
    # (``server.client``, which imports no widget) together with the widgets that show it
    "tables": {"core", "games", "saves", "server", "tables_web", "widgets"},
    "tables_web": {"core", "games", "saves", "server"},
    "server": {"core", "chemistry", "games", "bots", "saves", "record"},
    # the learning record: below the widgets, the worksheets and the server, which record into it
    "record": {"", "core", "chemistry", "games", "bots", "saves"},
    "": {"core", "chemistry", "games", "saves", "tables", "lite", "widgets"},
    "widgets": {"core", "chemistry", "games", "bots", "saves", "server", "record", "lite"},
    "worksheets": {"", "core", "chemistry", "games", "bots", "widgets", "record"},
    "lite": {"core"},
    "catalog": set(),
    "cli": {"", "core", "chemistry", "games", "bots", "saves", "server", "lite", "spiel", "tables", "widgets",
            "worksheets"},
}

# Known and still to untangle (each edge breaks a circle or points up a layer): none left. A new edge
# of this kind fails the tests below; an edge excused here must be named with its reason.
KNOWN_TANGLE: set[tuple[str, str]] = set()


def _modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def _targets(module: str, is_package: bool, node: ast.Import | ast.ImportFrom, known: set[str]) -> list[str]:
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if node.level:
        base = module.split(".") if is_package else module.split(".")[:-1]
        base = base[:len(base) - (node.level - 1)]
        full = ".".join(base + ([node.module] if node.module else []))
    else:
        full = node.module or ""
    # ``from . import position`` imports the module ``position``; ``from .cards import X`` the module ``cards``
    return [f"{full}.{a.name}" if f"{full}.{a.name}" in known else full for a in node.names]


def import_graph() -> dict[str, set[str]]:
    """Module -> the package's modules it imports (each import resolved to the module it loads)."""
    modules = _modules()
    known = set(modules)
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        deps = set()
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for target in _targets(name, path.name == "__init__.py", node, known):
                    while target not in known and "." in target:
                        target = target.rpartition(".")[0]
                    if target in known and target != name and target.startswith("chemgames"):
                        deps.add(target)
        graph[name] = deps
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan), each sorted.

    >>> circles({"a": {"b"}, "b": {"a"}, "c": {"a"}})
    [['a', 'b']]
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def _without(graph: dict[str, set[str]], edges: set[tuple[str, str]]) -> dict[str, set[str]]:
    return {v: {w for w in ws if (v, w) not in edges} for v, ws in graph.items()}


def wrong_way(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    return sorted((v, w) for v, ws in graph.items() for w in ws
                  if layer(v) != layer(w) and layer(w) not in ALLOWED[layer(v)])


def test_the_graph_is_read_with_function_level_and_relative_imports():
    graph = import_graph()
    # a function-level import (``make_bot`` imports the search bot when asked for it)
    assert "chemgames.bots.search" in graph["chemgames.bots"]
    # ``from . import position`` in ChemiX's rules is the module, not the package
    assert "chemgames.games.chemix.position" in graph["chemgames.games.chemix.rules"]
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == [["a", "b", "c"]]


def test_no_import_circles():
    assert circles(_without(import_graph(), KNOWN_TANGLE)) == []


def test_every_import_points_down_the_layers():
    graph = import_graph()
    assert set(map(layer, graph)) <= set(ALLOWED), "a new part of the package: give it its place in ALLOWED"
    assert wrong_way(_without(graph, KNOWN_TANGLE)) == []


def test_rules_never_import_their_hints():
    """A game's ``hints`` uses its rules, never the reverse (``Game.hints`` finds the hints module)."""
    graph = import_graph()
    for module in graph:
        if module.endswith(".rules"):
            assert module.replace(".rules", ".hints") not in graph[module], module


def test_the_table_client_imports_no_widgets():
    """The client (``server.client``, ``tables_web``) works without any widget; only the face
    ``chemgames.tables`` brings the two together."""
    graph = import_graph()
    client = [v for v in graph if v in ("chemgames.server.client", "chemgames.tables_web")]
    assert len(client) == 2
    assert not {w for v in client for w in graph[v] if layer(w) == "widgets"}


def _private_names(module: str, is_package: bool, source: str, known: set[str]) -> list[tuple[str, str, str]]:
    """``(module, the module imported from, name)`` for each ``from ... import _name`` in ``source`` (one leading
    underscore: ``__version__`` and the like are no one's secret)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append((module, _targets(module, is_package, node, known)[0], alias.name))
    return found


def private_imports() -> list[tuple[str, str, str]]:
    """Every ``from module import _name`` of the package that takes a private name out of another module. A name
    another module needs is public in its own (``compound.engine_charges``, not ``compound._charges_of``), so a
    reader sees what a module offers, and a change to a private helper cannot break a module never meant to use it.
    (``import m`` then ``m._name`` is another question: ``tests/test_contracts.py`` keeps the games' private names
    away from the layers above, and ``chemgames.spiel``'s fast lister reads the hint search's by design,
    docs/architecture.md.)"""
    modules = _modules()
    known = set(modules)
    return [row for name, path in sorted(modules.items())
            for row in _private_names(name, path.name == "__init__.py", path.read_text("utf-8"), known)]


def test_private_imports_are_found():
    """The check reads what it should: a private name from a sibling module, relative or absolute, and no dunder."""
    source = ("from .compound import _charges_of, card_order\nfrom . import truth\nfrom .x import __version__\n"
              "def f():\n    from chemgames.games.chemiekarten.legal import _hidden\n")
    known = {"chemgames.games.chemiekarten.compound", "chemgames.games.chemiekarten.truth"}
    assert _private_names("chemgames.games.chemiekarten.hints", False, source, known) == [
        ("chemgames.games.chemiekarten.hints", "chemgames.games.chemiekarten.compound", "_charges_of"),
        ("chemgames.games.chemiekarten.hints", "chemgames.games.chemiekarten.legal", "_hidden")]


def test_no_module_imports_another_modules_private_names():
    assert private_imports() == []


# Read by design: Das Chemie-Kartenspiel's fast move lister for OpenSpiel lists the hint search's moves faster from
# the search's private tables and helpers (docs/architecture.md; tests/test_spiel_chemiekarten_same_game.py and
# tests/test_spiel_walk_jit.py compare them with the search on thousands of hands)
READS_BY_DESIGN = {("chemgames.spiel.fastwalk", "chemgames.games.chemiekarten.hints"),
                   ("chemgames.spiel.walk_jit", "chemgames.games.chemiekarten.hints"),
                   ("chemgames.spiel.walk_jit", "chemgames.spiel.fastwalk")}


def _private_reads(module: str, is_package: bool, source: str, known: set[str]) -> list[tuple[str, str, str]]:
    """``(module, the module read, name)`` for each ``m._name`` in ``source`` where ``m`` is a module of the package
    it imported (``from . import hints``, ``from ..server import client as tables``, ``import chemgames.x as m``)."""
    tree = ast.parse(source)
    bound: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            for alias, target in zip(node.names, _targets(module, is_package, node, known)):
                if target in known and target.endswith("." + alias.name):  # the name is a module
                    bound[alias.asname or alias.name] = target
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname and alias.name in known:
                    bound[alias.asname] = alias.name
    return [(module, bound[node.value.id], node.attr) for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in bound
            and node.attr.startswith("_") and not node.attr.startswith("__")]


def private_reads() -> list[tuple[str, str, str]]:
    """Every ``m._name`` of the package that reads a private name of another of its modules, but those read by design."""
    modules = _modules()
    known = set(modules)
    return [row for name, path in sorted(modules.items())
            for row in _private_reads(name, path.name == "__init__.py", path.read_text("utf-8"), known)
            if row[0] != row[1] and (row[0], row[1]) not in READS_BY_DESIGN]


def test_private_reads_are_found():
    source = ("from . import hints\nfrom ...server import client as tables\nfrom .cards import card_set\n"
              "x = hints._builds_of, tables._teacher_key, card_set._x, hints.find_builds, hints.__doc__\n")
    known = {"chemgames.games.chemiekarten.hints", "chemgames.server.client", "chemgames.games.chemiekarten.cards"}
    assert _private_reads("chemgames.games.chemiekarten.rules", False, source, known) == [
        ("chemgames.games.chemiekarten.rules", "chemgames.games.chemiekarten.hints", "_builds_of"),
        ("chemgames.games.chemiekarten.rules", "chemgames.server.client", "_teacher_key")]


def test_no_module_reads_another_modules_private_names():
    assert private_reads() == []
