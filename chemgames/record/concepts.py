"""What a class learns from each rule: the concepts of a game, read from its data file
``chemgames/games/<game>/data/concepts.json``.

A file names each concept in German and English and tags the engine's rule keys
(``Explanation.rule``), some explanation steps (catalog keys of ``Step.msg``) and each worksheet
task with one concept; ``misconceptions`` describe the mistakes :mod:`chemgames.record.mistakes`
reads from refusals; ``option_rules`` tag a rule key with a concept only in a game played with that
option (Das Chemie-Kartenspiel's ``real_only``: a compound laid is a real substance). The rules every
game shares (``core.*``: not your turn, game over) belong to the concept ``spielablauf``: how the
game is played, not chemistry or maths.

>>> c = concepts("chemiekarten")
>>> c.of_rule("ck.unbalanced"), c.name("oxidationszahl_o", "en")
('ladungsausgleich', 'Oxidation number of O')
>>> c.of_rule("core.not_your_turn"), c.of_task("2")
('spielablauf', 'oxidationszahl_o')
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

_SYMBOL = re.compile(r"[A-Z][a-z]?")
FLOW = "spielablauf"  # the game's procedure: counted, but never "what the class practises next"
GAMES = ("chemiekarten", "chemix", "chemuno", "chromino", "metallurgie", "raeumab")


@dataclass(frozen=True)
class Concepts:
    """One game's concepts and what is tagged with them."""

    game: str
    names: dict[str, dict[str, str]]
    rules: dict[str, str]
    steps: dict[str, str]
    worksheet: dict[str, str]
    misconceptions: dict[str, dict[str, Any]]
    demo: str
    formula_symbols: dict[str, Any]
    option_rules: dict[str, dict[str, str]] = field(default_factory=dict)

    def name(self, concept: str, lang: str) -> str:
        entry = self.names.get(concept)
        return entry[lang] if entry else concept

    def of_rule(self, rule: str) -> str | None:
        """The concept of a rule key; ``None`` if the file does not tag it (a test forbids that)."""
        if rule.startswith("core."):
            return FLOW
        return self.rules.get(rule)

    def of_task(self, number: str) -> str | None:
        return self.worksheet.get(str(number))

    def of_move(self, rule: str, params: dict[str, Any]) -> list[str]:
        """Concepts a move practises through what it built: a compound with O practises the oxidation
        number of O (``formula_symbols``: the elements of the formula a rule's parameter names)."""
        fs = self.formula_symbols
        if not fs or fs.get("rule") != rule:
            return []
        formula = str(params.get(fs["param"], ""))
        symbols = set(_SYMBOL.findall(formula))
        return [c for s, c in fs["concepts"].items() if s in symbols]

    def of_options(self, rule: str, options: dict[str, Any]) -> list[str]:
        """Concepts a move applies because of the game's options (``option_rules``): under Das Chemie-Kartenspiel's
        ``real_only`` every compound the engine accepts is a substance that exists, so laying one applies "real
        substances and game-only compounds"; in the ordinary game no one asked.

        >>> concepts("chemiekarten").of_options("ck.compound", {"real_only": True}), concepts("chemiekarten").of_options("ck.compound", {})
        (['echte_stoffe'], [])
        """
        return [by_rule[rule] for option, by_rule in self.option_rules.items() if options.get(option) is True and rule in by_rule]

    def of_steps(self, keys: list[str] | tuple[str, ...]) -> list[str]:
        """The concepts the tagged steps of an explanation add (in order, without repeats)."""
        out: list[str] = []
        for k in keys:
            c = self.steps.get(k)
            if c is not None and c not in out:
                out.append(c)
        return out


@lru_cache(maxsize=None)
def concepts(game: str) -> Concepts:
    """The concepts of ``game`` (read once)."""
    if game not in GAMES:
        raise ValueError(f"no concepts for {game!r}; the games are: {', '.join(GAMES)}")
    text = resources.files(f"chemgames.games.{game}").joinpath("data", "concepts.json").read_text("utf-8")
    data = json.loads(text)
    return Concepts(game, data["concepts"], data["rules"], data["steps"], data["worksheet"],
                    data.get("misconceptions", {}), data.get("demo", ""), data.get("formula_symbols", {}),
                    data.get("option_rules", {}))
