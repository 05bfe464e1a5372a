"""Bots that play through the public game API only: a random bot and a greedy bot.

>>> import chemgames
>>> from chemgames.bots import GreedyBot, RandomBot, play_game
>>> g = chemgames.new_game("chemiekarten", players=3, seed=5, lang="en")
>>> play_game(g, [GreedyBot(), RandomBot(1), RandomBot(2)])
>>> g.is_over
True
"""
from __future__ import annotations

from typing import Any, Sequence

from ..core.action import Action
from ..core.game import Game
from .planning import Bot, PlanningBot


class RandomBot(PlanningBot):
    """Chooses uniformly among the complete moves available and passing."""

    name = "random"

    def pick(self, game: Game, hints: list[Any]) -> Sequence[Action] | None:
        options = [h.actions for h in hints] + [None]
        return self.rng.choice(options)


class GreedyBot(PlanningBot):
    """Takes the move worth the most points now."""

    name = "greedy"

    def pick(self, game: Game, hints: list[Any]) -> Sequence[Action] | None:
        return hints[0].actions if hints else None


BOTS = {"random": RandomBot, "greedy": GreedyBot}


def parse_kind(kind: str) -> tuple[str, str | None]:
    """A bot kind and its level: ``"search:easy"`` is the search bot at level ``easy``; a kind
    without a level gives ``None`` (the bot's default). Raises ``OptionError`` for an unknown kind
    or level.

    >>> parse_kind("search:easy"), parse_kind("greedy")
    (('search', 'easy'), ('greedy', None))
    """
    from ..core.errors import OptionError

    name, _, level = str(kind).partition(":")
    if name not in (*BOTS, "search"):
        raise OptionError(f"unknown bot '{kind}'; choose one of: {', '.join([*BOTS, 'search'])}")
    if not level:
        return name, None
    from .search import LEVELS

    if name != "search" or level not in LEVELS:
        raise OptionError(f"unknown bot level '{kind}'; choose one of: {', '.join('search:' + k for k in LEVELS)}")
    return name, level


def is_bot_kind(kind: object) -> bool:
    """Is ``kind`` a bot kind ``make_bot`` accepts (``"greedy"``, ``"search:hard"`` …)?

    >>> is_bot_kind("search:hard"), is_bot_kind("search:expert"), is_bot_kind("human")
    (True, False, False)
    """
    from ..core.errors import OptionError

    try:
        parse_kind(kind)  # type: ignore[arg-type]
    except OptionError:
        return False
    return isinstance(kind, str)


def make_bot(kind: str, seed: int | None = None, level: str | None = None) -> Bot:
    """A bot by name: ``"random"``, ``"greedy"`` or ``"search"`` (``chemgames.bots.search``), the
    search bot at a level given as ``level=`` or in the name (``"search:easy"``).

    >>> make_bot("search:easy", 1).level, make_bot("search", 1, level="hard").level
    ('easy', 'hard')
    """
    name, named_level = parse_kind(kind)
    if name == "search":
        from .search import SearchBot

        return SearchBot(seed, level=level or named_level or "medium")
    return BOTS[name](seed)


def play_turn(game: Game, bot: Bot, max_steps: int = 500) -> list[Action]:
    """Let ``bot`` act until the turn passes to another player or the game ends."""
    player = game.current_player
    done: list[Action] = []
    while not game.is_over and game.current_player == player and len(done) < max_steps:
        action = bot.choose(game)
        game.apply(action)
        done.append(action)
    return done


def play_game(game: Game, bots: Sequence[Bot], max_steps: int = 100_000) -> None:
    """Play ``game`` to its end, seat ``i`` taken by ``bots[i]``."""
    steps = 0
    while not game.is_over and steps < max_steps:
        player = game.current_player
        assert player is not None
        game.apply(bots[player].choose(game))
        steps += 1
