"""Replay a recorded moment: the game set up as its session says, the moves recorded before the
event applied in order (moves taken back dropped), then the event's own action checked or
applied, so the teacher reads the explanation the student read, in the teacher's language.

>>> import chemgames
>>> from chemgames.record.events import Recorder
>>> events, sessions = [], []
>>> rec = Recorder(events.append, sessions.append)
>>> g = chemgames.new_game("raeumab", players=2, seed=3, lang="de")
>>> s = rec.session(g, ["Mia", "Ali"], table="Tisch 1")
>>> for _ in range(3):
...     a = g.legal_actions()[0]
...     rec.action(s, a, g.apply(a), at=len(g.log) - 1)
>>> game, explanation, event = replay(events, sessions, 2, lang="en")
>>> len(game.log), explanation.rule == events[2]["rule"], explanation.lang
(2, True, 'en')
"""
from __future__ import annotations

from typing import Any

from ..core.explanation import Explanation
from ..core.registry import new_game


def moves_before(events: list[dict[str, Any]], session: str, at: int) -> list[dict[str, Any]]:
    """The applied actions of ``session`` that made its log ``at`` long (an ``undo`` drops the
    moves after the length it names)."""
    log: list[dict[str, Any]] = []
    for e in events:
        if e.get("session") != session:
            continue
        if e["kind"] == "undo":
            del log[e["at"]:]
        elif e["kind"] in ("move", "bot", "erased") and e.get("at") == len(log):
            log.append(e["action"])
    return log[:at]


def replay(events: list[dict[str, Any]], sessions: list[dict[str, Any]], index: int,
           lang: str = "de") -> tuple[Any, Explanation, dict[str, Any]]:
    """The game at event ``index`` (before its action), the event's explanation, and the event."""
    event = events[index]
    session = next(s for s in sessions if s["id"] == event["session"])
    setup = session["setup"]
    game = new_game(setup["game"], players=setup["players"], seed=setup["seed"], lang=lang,
                    **setup.get("options", {}))
    for done in moves_before(events, session["id"], event["at"]):
        game.apply(game.action_from_json(done), explain=False)
    action = game.action_from_json(event["action"])
    return game, game.check(action).in_lang(lang), event
