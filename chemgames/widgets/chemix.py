"""The Python side of the ChemiX Classic widget, and ``play_chemix()`` for a game in one line.

>>> w = play_chemix(players=3, bots=["greedy", "random"], seed=7, lang="en")
>>> w
<ChemiXWidget chemix: seats human, greedy, random; viewer P1>
>>> "hand" in w.view and all("hand" not in h for h in w.hands)
True
>>> w.receive({"type": "undo_turn"}); w.panel["notice"]["rule"] in ("err.nothing_to_undo", "err.bot_turn")
True
>>> w.receive({"type": "prepare", "formula": "XY"}); w.panel["notice"]["rule"] in ("err.malformed", "err.bot_turn")
True
>>> w.build, play_chemix(players=2, bots=["greedy"], seed=7, build="whole").build
('steps', 'whole')
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

import traitlets as t

from chemgames.games.chemix.cards import MULTIPLIERS, card_set
from chemgames.games.chemix.hints import build_steps, formable_now
from chemgames.games.chemix.rules import ChemiXClassic

from ..core.errors import Error, IllegalAction, OptionError
from .base import GameWidget, Refused, compact_log, start



class ChemiXWidget(GameWidget):
    """ChemiX Classic in JupyterLab: table of compounds, free area, hand, stacks, display, panel."""

    entry = "chemix"
    own_texts = {"ui.no_hints": "ui.cx_no_hints"}
    # "steps" (for students): a display card or a hint prepares the compound (the cards to lay are
    # marked, the next one is explained) and the player lays each card herself, H + "2" + O;
    # "whole" (a teacher's choice): one click lays every card and forms the compound at once.
    build = t.Enum(("steps", "whole"), "steps")  # read by the front end from ``view["build"]``

    def _use_game(self, game: Any, seats: Sequence[str], save_file: Any = None) -> None:
        self._goal: dict[str, Any] | None = None  # what the player prepares (build="steps")
        self._snap: dict[str, Any] | None = None   # the table as the human left it (see ``_track_changes``)
        self._since: dict[str, Any] | None = None  # what the others did since then
        super()._use_game(game, seats, save_file=save_file)

    def _engine(self) -> ChemiXClassic:
        """The game as ChemiX's own class, for what only a local game can do: take the turn back, and
        lay a whole compound with one click (``build="whole"``: several moves, each undone if a later
        one is refused). A class table's game is refused: a move there is final (a compound card
        is prepared there even with ``build="whole"``: that needs only the mover's own view)."""
        g = self.game
        if not isinstance(g, ChemiXClassic):
            raise Refused("err.table_hint")
        return g

    def _sync(self) -> None:
        self._track_changes()
        super()._sync()

    def _track_changes(self) -> None:
        """Against bots (one human seat): remember the table when the human's turn ends, and when it
        comes back name what the others did to it: compounds laid, the human's compounds dissolved
        (their compound card now counts for the human), noble gases given to the human."""
        g = self.game
        if len(self.humans) != 1:
            self._snap = self._since = None
            return
        me = self.humans[0]
        public = g.view(None)  # the public API: nothing hidden is needed here
        if g.current_player == me:
            if self._snap is not None and self._snap["turn"] != public["turn"]:
                self._since = since_changes(g, self._snap, me)
                self._snap = None
        elif self._snap is None:
            self._since = None
            self._snap = {"turn": public["turn"], "log": len(g.log), "table": [(c["formula"], c["owner"]) for c in public["table"]],
                          "won": list(public["won"][me]), "nobles": list(public["nobles"][me])}

    def _dispatch(self, msg: Any, buffers: Sequence[Any]) -> None:
        if isinstance(msg, dict) and msg.get("type") == "undo_turn" and len(msg) == 1 and not buffers:
            self._actor()
            if not self.game.can_undo():
                raise Refused("err.nothing_to_undo")
            self._engine().undo_turn()
            self._last, self._notice, self._hints = None, ("ui.undone", {}), []
            return
        if isinstance(msg, dict) and msg.get("type") == "prepare" and set(msg) == {"type", "formula"} and not buffers:
            if self.build == "whole" and isinstance(self.game, ChemiXClassic):
                self._build_whole(msg["formula"])  # at a class table (moves are final) it is prepared instead
            else:
                self._set_goal(msg["formula"])
            return
        super()._dispatch(msg, buffers)

    def _set_goal(self, formula: Any, hint: Any = None) -> None:
        """Prepare ``formula`` (``None``: forget the goal) without changing the game: the view's
        ``goal`` lists the compounds to build and, for the first, where each card comes from now."""
        player = self._actor()
        if formula is None:
            self._goal, self._notice = None, None
            return
        if not isinstance(formula, str) or formula not in card_set().compounds:
            raise Refused("err.malformed", detail="formula")
        g = self.game
        public = g.view(player)  # the mover's own view: at a class table the only one there is
        if formula not in public["display"]:
            # already laid: the engine's own refusal (at a table, the server's) says where the card is;
            # in JupyterLite nothing can wait for the server's answer (a click offers display cards only)
            try:
                self._notice = g.check(self._action(player, {
                    "kind": "form", "params": {"layout": list(card_set().compounds[formula].layout)}}))
            except Error:
                raise Refused("err.malformed", detail="formula") from None
            return
        self._goal = {"formulas": list(hint.formulas) if hint else [formula], "turn": public["turn"],
                      "dissolve": list(hint.dissolve) if hint else [], "noble": hint.noble if hint else None,
                      "take": _taken(hint) if hint else None}
        self._notice, self._hints = None, []

    def _play_hint(self, index: Any) -> None:
        if self.build == "whole":
            super()._play_hint(index)
            return
        self._actor()
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(self._hints):
            raise Refused("err.malformed", detail="hint index")
        hint = self._hints[index]
        if not hint.formulas:  # a turn under way: finishing it is the move, nothing to build
            self._goal, self._hints, self._notice = None, [], ("ui.cx_hint_finish", {})
            return
        self._set_goal(hint.formulas[0], hint)

    def _hint_plays(self, hint: Any) -> bool:
        """Only in ``build="whole"`` does a hint's button lay cards ("Spielen"); for students it prepares."""
        return self.build == "whole"

    def _goal_view(self, viewer: int | None) -> dict[str, Any] | None:
        """The prepared goal as the browser draws it, or ``None`` (none, or the turn has passed)."""
        g, goal = self.game, self._goal
        if goal is None or viewer is None or viewer != g.current_player:
            return None
        view = g.view(viewer)
        if goal["turn"] != view["turn"]:
            return None
        left = [f for f in goal["formulas"] if f in view["display"]]
        dissolve = [f for f in goal["dissolve"] if any(c["formula"] == f and not c["new"] for c in view["table"])]
        out = {"formulas": left, "laid": [f for f in goal["formulas"] if f not in left], "dissolve": dissolve,
               "noble": goal["noble"] if not view["noble_used"] else None, "steps": []}
        if left:
            out["layout"] = list(card_set().compounds[left[0]].layout)
            out["steps"] = build_steps(view, left[0], tuple(dissolve), goal["take"])  # from what the mover sees
        return out

    def _build_whole(self, formula: Any) -> None:
        """A compound card in the display was clicked: bring the missing cards from the hand (and one
        multiplier from its stack, if the turn still allows it) into the free area, then form it.
        Each step is an ordinary action (undoable); if the cards cannot be found, ``form`` alone is
        sent, so the engine says what is missing."""
        player = self._actor()
        g = self._engine()
        compounds = card_set().compounds
        if not isinstance(formula, str) or formula not in compounds:
            raise Refused("err.malformed", detail="formula")
        view = g.view(player)
        layout = compounds[formula].layout
        missing = Counter(layout) - Counter(g.face(i) for i in view["free"])
        steps: list[dict[str, Any]] = []
        hand = list(view["hand"])
        for face, n in sorted(missing.items()):
            for card in [i for i in hand if g.face(i) == face][:n]:
                steps.append({"kind": "play", "params": {"card": card}})
                n -= 1
            if n == 1 and face in MULTIPLIERS and view["mult_move"] is None and view["stacks"][face] \
                    and not any(s["kind"] == "take" for s in steps):
                steps.append({"kind": "take", "params": {"multiplier": face}})
                n -= 1
            if n:
                steps = []
                break
        steps.append({"kind": "form", "params": {"layout": list(layout)}})
        done = 0
        try:
            for step in steps:
                explanation = g.apply(self._action(player, step))
                done += 1
        except IllegalAction:
            for _ in range(done):  # a refused click changes nothing
                g.undo()
            raise
        self._last, self._last_player, self._notice, self._hints = explanation, player, None, []

    def _action(self, player: int, step: dict[str, Any]) -> Any:
        return self.game.action_from_json({"game": self.game.id, "player": player, **step})

    def _game_view(self, viewer: int | None) -> tuple[dict[str, Any], dict[str, Any]]:
        g = self.game
        view = g.view(viewer)
        cards = view.pop("cards", {})
        view["log"] = compact_log(view)
        # after "Hint": the compound cards the mover could lay this turn are marked in the display
        asked = bool(self._hints) and viewer is not None and viewer == g.current_player
        view["formable"] = formable_now(view) if asked else []  # from the mover's own view
        view["goal"] = self._goal_view(viewer)
        view["build"] = self.build if isinstance(g, ChemiXClassic) else "steps"  # at a table a card is prepared
        view["since"] = self._since if viewer is not None and viewer == self.game.current_player else None
        return view, cards

    def _hint_view(self, hint: Any) -> dict[str, Any]:
        # a turn finished with a noble gas says so: "C2H4 · ✦ Rn" (✦ marks noble gases in this view)
        formula = " · ".join(x for x in (hint.formula, f"\u2726 {hint.noble}" if hint.noble else "") if x)
        return {"formula": formula, "formulas": list(hint.formulas), "points": hint.points, "value": hint.value,
                "noble": hint.noble, "dissolve": list(hint.dissolve), "take": _taken(hint)}


def since_changes(g: Any, snap: dict[str, Any], me: int) -> dict[str, Any]:
    """What the other players did between ``snap`` (the table when ``me``'s turn ended) and now:
    ``laid`` compounds (formula, owner), ``me``'s compounds ``taken`` (dissolved by ``by``; their card
    is now ``me``'s), ``nobles`` given to ``me``.

    >>> import chemgames
    >>> g = chemgames.new_game("chemix", players=2, seed=1, lang="en", hands=[["C", "N", "P"], ["H", "Cl", "Fe"]],
    ...                        table=[["CO", 0]], starter=1)
    >>> snap = {"log": 0, "table": [("CO", 0)], "won": [], "nobles": g.view(None)["nobles"][0]}
    >>> h, cl = [i for i in g.view(1)["hand"] if g.face(i) in ("H", "Cl")]
    >>> for kind, params in [("dissolve", {"compound": "CO"}), ("play", {"card": h}), ("play", {"card": cl}),
    ...                      ("form", {"layout": ["H", "Cl"]}), ("confirm", {"refill": False})]:
    ...     _ = g.apply(g.action_from_json({"game": "chemix", "player": 1, "kind": kind, "params": params}))
    >>> since_changes(g, snap, 0)["taken"], since_changes(g, snap, 0)["laid"]
    ([{'formula': 'CO', 'by': 1}], [{'formula': 'HCl', 'owner': 1}])
    """
    before = {f for f, _ in snap["table"]}
    public = g.view(None)
    now = {c["formula"]: c["owner"] for c in public["table"]}
    who = {}
    for entry in g.log[snap["log"]:]:
        if entry.action.kind == "dissolve" and entry.player != me:
            who[dict(entry.action.params)["compound"]] = entry.player
    won = list(public["won"][me])
    for f in snap["won"]:
        if f in won:
            won.remove(f)
    gases = list(public["nobles"][me])
    for gas in snap["nobles"]:
        if gas in gases:
            gases.remove(gas)
    return {"laid": [{"formula": f, "owner": o} for f, o in now.items() if f not in before and o != me],
            "taken": [{"formula": f, "by": who.get(f)} for f, o in snap["table"] if o == me and f not in now and f in won],
            "nobles": gases}


def _taken(hint: Any) -> str | None:
    """The multiplier a hinted turn takes from its stack, if any."""
    return next((dict(a.params)["multiplier"] for a in hint.actions if a.kind == "take"), None)


def play_chemix(players: int = 3, bots: Sequence[str] | None = None, seed: int | None = None, lang: str = "de",
                open_hands: bool = False, bot_delay: int = 700, resume: bool = False, build: str = "steps",
                **position: Any) -> ChemiXWidget:
    """A new game of ChemiX Classic as a widget. Seat 1 is yours; ``bots`` fill the other seats
    (``"greedy"`` or ``"random"``; ``None``: all seats human, hot-seat with hidden hands).
    ``position``: a chosen start position (``hands``, ``table``, ``won``, ``nobles``, ``draw_top``,
    ``starter``; see ``chemgames.games.chemix.position``). ``build="steps"`` (students): a compound
    card or a hint prepares the compound and the player lays each card herself; ``build="whole"``
    (a teacher demonstrating): one click lays and forms it."""
    if build not in ("steps", "whole"):
        raise OptionError(f"build must be 'steps' or 'whole', not {build!r:.40}")
    return start(ChemiXWidget, "chemix", players, bots, seed, lang, position, resume,
                 open_hands=open_hands, bot_delay=bot_delay, build=build)
