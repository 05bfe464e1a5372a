"""Every rule key an engine can give (``Explanation.rule``), read from the engines' source.

A key is collected where the engine names it: the first argument of ``_no``/``_yes``/``_refuse``/
``refuse`` (a literal, or a name bound to literals in the same function, e.g. ``key = "a" if x else
"b"``), a literal ``rule=`` of an ``Explanation`` or ``Verdict``, and a ``Verdict``'s eighth
positional field. The concepts test checks that each of them has a concept, so a new refusal in an
engine cannot reach a class report untagged (``tests/test_record_concepts.py`` also plays games and
checks that every rule met in play was found here).

>>> "ra.no_pair" in engine_rule_keys("raeumab") and "ra.double_pair" in engine_rule_keys("raeumab")
True
>>> "core.not_your_turn" in core_rule_keys()
True
"""
from __future__ import annotations

import ast
import importlib.util
from functools import lru_cache
from pathlib import Path

_MAKERS = {"_no", "_yes", "_refuse", "refuse"}
_RULE_FIELD = 7  # Verdict(ok, headline, steps, points, formula, charges, radioactive, rule, ...)


def _strings(node: ast.AST) -> list[str]:
    """The string literals a value can be: a constant, either arm of ``a if c else b``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _strings(node.body) + _strings(node.orelse)
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Dict):
        return [s for v in node.value.values for s in _strings(v)]
    return []


def _choices(tree: ast.AST) -> dict[int, list[str]]:
    """``f"ch.{x}"`` inside ``if x in ("a", "b"):``: the keys it can be (by the f-string's id)."""
    out: dict[int, list[str]] = {}
    for node in ast.walk(tree):
        test = getattr(node, "test", None)
        if not (isinstance(node, ast.If) and isinstance(test, ast.Compare) and len(test.ops) == 1
                and isinstance(test.ops[0], ast.In) and isinstance(test.comparators[0], (ast.Tuple, ast.List, ast.Set))):
            continue
        values = [c.value for c in test.comparators[0].elts if isinstance(c, ast.Constant) and isinstance(c.value, str)]
        subject = ast.dump(test.left)
        for inner in (n for stmt in node.body for n in ast.walk(stmt)):
            if (isinstance(inner, ast.JoinedStr) and len(inner.values) == 2 and isinstance(inner.values[0], ast.Constant)
                    and isinstance(inner.values[1], ast.FormattedValue) and ast.dump(inner.values[1].value) == subject):
                out[id(inner)] = [str(inner.values[0].value) + v for v in values]
    return out


def _keys_in(tree: ast.AST, prefix: str) -> set[str]:
    found: set[str] = set()
    chosen = _choices(tree)
    for func in ast.walk(tree):
        if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module)):
            continue
        bound: dict[str, list[str]] = {}
        for node in ast.walk(func):
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                bound.setdefault(node.targets[0].id, []).extend(_strings(node.value))
        for node in ast.walk(func):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in _MAKERS and node.args:
                first = node.args[0]
                found.update(_strings(first) or chosen.get(id(first), [])
                             or (bound.get(first.id, []) if isinstance(first, ast.Name) else []))
            if name in ("Explanation", "Verdict"):
                for kw in node.keywords:
                    if kw.arg == "rule":
                        found.update(_strings(kw.value))
                if name == "Verdict" and len(node.args) > _RULE_FIELD:
                    found.update(_strings(node.args[_RULE_FIELD]))
    return {k for k in found if k.startswith(prefix)}


def _package_dir(module: str) -> Path:
    spec = importlib.util.find_spec(module)
    assert spec is not None and spec.origin is not None
    return Path(spec.origin).parent


@lru_cache(maxsize=None)
def engine_rule_keys(game: str) -> frozenset[str]:
    """The rule keys of ``game``'s engine (every module of its folder)."""
    folder = _package_dir(f"chemgames.games.{game}")
    prefix = ""
    keys: set[str] = set()
    for path in sorted(folder.glob("*.py")):
        keys |= _keys_in(ast.parse(path.read_text("utf-8")), prefix)
    return frozenset(k for k in keys if "." in k and not k.startswith("core."))


@lru_cache(maxsize=None)
def core_rule_keys() -> frozenset[str]:
    """The rule keys every game shares (``core/game.py``: not your turn, game over, ...)."""
    path = _package_dir("chemgames.core") / "game.py"
    tree = ast.parse(path.read_text("utf-8"))
    return frozenset(_keys_in(tree, "core."))
