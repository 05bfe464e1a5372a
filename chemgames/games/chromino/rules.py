"""Chromino: the rule engine (rule sheet ``003``; decisions in docs/rules/chromino.md).

A three-colour tile opens the lay-out in the middle; every player holds eight tiles. On a turn a
player lays one tile (``place``: tile, x, y, rot) so that at least two of its sides touch the
lay-out (one square in a corner touches with two) and every touching side matches in colour. Who cannot place draws (``draw``; how many
draws a turn allows is the variant fixed for the game) and passes when nothing fits (``pass``,
only with an empty bag). A player down to one tile shows it; when a hand is empty the round is
played to its end, and everyone who emptied the hand in that round wins; in a points mode the game
ends at once and the best final account wins.

>>> import chemgames
>>> g = chemgames.new_game("chromino", players=2, seed=3, lang="en")
>>> len(g.view(0)["hand"]), len(g.view(0)["layout"])
(8, 1)
>>> a = g.legal_actions()[0]
>>> a.kind in ("place", "draw"), g.check(a).ok
(True, True)
"""
from __future__ import annotations

import random

from dataclasses import dataclass, replace
from typing import Any

from ...core.action import Action
from ...core.errors import OptionError
from ...core.explanation import Explanation, Msg, MsgList, Step, Text, amended, steps_of
from ...core.game import Game, LogEntry, Option, Outcome
from ...core.i18n import minus, tr
from ...core.score import ScoreLine
from .layout import LIMIT, Judgement, Layout
from .scoring import MODES, POINT_MODES, Account, Sum, hand_value, points
from .tiles import COLOURS, RULES, TILES, VALUES, colour_dicts

HAND_SIZE: int = RULES["hand_size"]
DRAW_RULES = ("one", "until_fit", "limit")
KINDS = ("place", "draw", "pass")
# the steps of a draw that would tell the others which tile was drawn (its colours, its ways to fit)
SECRET_DRAW_STEPS = frozenset({"ch.drew", "ch.drawn_fits"})


@dataclass(frozen=True)
class Hint:
    """A legal placement with the points it brings now (``formula``: the tile and where it goes)."""

    formula: str
    points: int
    actions: tuple[Action, ...]
    tile: int
    ways: int = 0

    def __str__(self) -> str:
        return f"{self.formula} ({self.points})"


def colour_text(index: int) -> Text:
    c = COLOURS[index]
    return Text(de=f"{c.symbol} {c.de}", en=f"{c.symbol} {c.en}")


def tile_text(tile: int, rot: int = 0) -> Text:
    """The tile's colours with their symbols, in the order laid (``rot`` 2, 3: read backwards)."""
    seq = TILES[tile].colours[::-1] if rot >= 2 else TILES[tile].colours
    return Text(de="-".join(f"{COLOURS[c].symbol}{COLOURS[c].de}" for c in seq),
                en="-".join(f"{COLOURS[c].symbol}{COLOURS[c].en}" for c in seq))


class Chromino(Game[Hint]):
    """The engine of Chromino (Piatnik 2001 edition) for 1 to 8 players."""

    id = "chromino"
    titles = {"de": "Chromino", "en": "Chromino"}
    min_players = 1
    max_players = 8
    pass_kinds = ("draw", "pass")
    # what changes during play (undo, copies and the fast path keep exactly these)
    state_attrs = ("s_hands", "s_bag", "s_layout", "s_current", "s_drawn", "s_draws", "s_laid", "s_points",
                       "s_idle", "s_finished", "s_over", "s_end", "s_turn")
    fast_do = True  # `_do` works without its explanation (the fast path)
    position_options = ("hands", "start")  # a save that sets these must be signed (core.savekey)
    options = {
        "draw": Option("one", choices=DRAW_RULES),
        "draw_limit": Option(3, choices=tuple(RULES["draw_limits"])),
        "open_hands": Option(False, choices=(False, True), kind=bool),
        "scoring": Option("out", choices=MODES),
        "hand_size": Option(HAND_SIZE, choices=tuple(range(1, HAND_SIZE + 1))),
        "hands": Option(None, kind=(list, tuple)),
        "start": Option(None, kind=int),
    }

    # ------------------------------------------------------------------ set-up
    def _setup(self) -> None:
        o = self.option_values
        self.draw_rule: str = o["draw"]
        self.draw_limit: int = o["draw_limit"]
        self.open: bool = bool(o["open_hands"])
        self.scoring: str = o["scoring"]
        bag = list(range(len(TILES)))
        self.rng.shuffle(bag)
        start = o["start"]
        if start is None:
            start = next(t for t in bag if TILES[t].kind == "abc")
        elif not 0 <= start < len(TILES) or TILES[start].kind != "abc":
            raise OptionError(tr(self._lang, "ch.bad_start", value=start))
        bag.remove(start)
        self.start_tile = start
        self.s_hands: list[list[int]] = [[] for _ in range(self.players)]
        self._deal_chosen(o["hands"], bag)
        for _ in range(o["hand_size"]):
            for p in range(self.players):
                if len(self.s_hands[p]) < o["hand_size"]:
                    self.s_hands[p].append(bag.pop())
        self.s_bag = bag
        self.s_layout = Layout.opening(start)
        self.s_current = 0
        self.s_drawn = 0                       # tiles drawn in this turn
        self.s_draws = [0] * self.players      # tiles drawn in the whole game (the solitaire's count)
        self.s_laid = [0] * self.players
        self.s_points = [0] * self.players
        self.s_idle = 0                        # turns in a row without a tile laid
        self.s_finished: list[int] = []        # players who emptied the hand (in the last round)
        self.s_over = False
        self.s_end: dict[str, Any] | None = None
        self.s_turn = 1

    def _deal_chosen(self, hands: Any, bag: list[int]) -> None:
        """Deal tiles a teacher chose (option ``hands``: a list of tile numbers per player)."""
        if hands is None:
            return
        size = self.option_values["hand_size"]
        if len(hands) > self.players or not all(isinstance(h, (list, tuple)) and len(h) <= size for h in hands):
            raise OptionError(tr(self._lang, "ch.hands_option", players=self.players, n=size))
        for p, tiles in enumerate(hands):
            for t in tiles:
                if not isinstance(t, int) or isinstance(t, bool) or t not in bag:
                    raise OptionError(tr(self._lang, "ch.hands_missing", tile=str(t)[:20], player=p + 1))
                bag.remove(t)
                self.s_hands[p].append(t)

    # ------------------------------------------------------------------ state queries
    @property
    def is_over(self) -> bool:
        return self.s_over

    @property
    def layout(self) -> Layout:
        """The lay-out (read it, never change it: use :meth:`apply`)."""
        return self.s_layout

    def _current_player(self) -> int | None:
        return self.s_current

    def placements_for(self, tiles: list[int]) -> list[tuple[int, int, int, int]]:
        """Every legal ``(tile, x, y, rot)`` of these tiles on the current lay-out."""
        return self.s_layout.placements(tiles)

    def placements_of(self, tile: int) -> list[tuple[int, int, int]]:
        """The placement puzzle: every way ``(x, y, rot)`` to lay ``tile`` (any of the 75, in a hand
        or not) on the current lay-out.

        >>> import chemgames
        >>> g = chemgames.new_game("chromino", players=1, seed=1, lang="en", start=35)
        >>> len(g.placements_of(0)) == len(g.puzzle(0).data["placements"])
        True
        """
        return [(x, y, r) for _, x, y, r in self.placements_for([tile])]

    def puzzle(self, tile: int) -> Explanation:
        """"There are N ways to lay this tile": the count and every way, as an explanation."""
        ways = self.placements_of(tile)
        steps = tuple(Step(Msg("ch.way", n=i + 1, x=minus(x), y=minus(y), dir=Msg(f"ch.dir{r % 2}"),
                               tile=tile_text(tile, r))) for i, (x, y, r) in enumerate(ways))
        return Explanation(True, Msg("ch.puzzle", tile=tile_text(tile), n=len(ways)), steps, rule="ch.puzzle",
                           lang=self._lang, data={"placements": ways})

    def _can_draw(self) -> bool:
        if not self.s_bag:
            return False
        if self.draw_rule == "one":
            return self.s_drawn < 1
        if self.draw_rule == "limit":
            return self.s_drawn < self.draw_limit
        return True

    def _scores(self) -> list[int]:
        return list(self.s_points) if self.scoring in POINT_MODES else list(self.s_laid)

    def winners(self) -> list[int]:
        """Everyone who emptied the hand in the last round; a blocked game: the fewest tiles left.
        In a points mode: the best final account. A solitaire is won only with an empty hand."""
        if not self.s_over:
            return []
        if self.scoring in POINT_MODES and self.players > 1:
            return super().winners()
        if self.s_finished:
            return sorted(self.s_finished)
        if self.players == 1:
            return []
        fewest = min(len(h) for h in self.s_hands)
        return [p for p, h in enumerate(self.s_hands) if len(h) == fewest]

    # ------------------------------------------------------------------ legal actions
    def _act(self, kind: str, **params: Any) -> Action:
        return Action(self.id, self.s_current, kind, tuple(params.items()))

    def _legal(self) -> list[Action]:
        fits = self.placements_for(self.s_hands[self.s_current])
        if fits:
            return [self._act("place", tile=t, x=x, y=y, rot=r) for t, x, y, r in fits]
        return [self._act("draw" if self._can_draw() else "pass")]

    # ------------------------------------------------------------------ explanations
    def _int_params(self, action: Action, *names: str) -> dict[str, int]:
        values = dict(action.params)
        if set(values) != set(names) or len(values) != len(action.params):
            raise KeyError(names)
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in values.values()):
            raise TypeError(names)
        return values

    def _explain(self, action: Action) -> Explanation:
        if action.kind not in KINDS:
            return self._no("ch.unknown_kind", kind=action.kind[:30])
        try:
            if action.kind == "place":
                v = self._int_params(action, "tile", "x", "y", "rot")
                return self._explain_place(v["tile"], v["x"], v["y"], v["rot"])
            self._int_params(action)
        except (KeyError, TypeError):
            return self._no("ch.bad_params", action=str(action)[:80])
        fits = self.placements_for(self.s_hands[self.s_current])
        if fits:
            return self._no("ch.must_place", n=len(fits))
        if action.kind == "draw":
            return self._explain_draw()
        if self._can_draw():
            return self._no("ch.draw_first", bag=len(self.s_bag))
        return self._yes("ch.pass", steps=(Step(Msg("ch.no_fit")),))

    def _explain_draw(self) -> Explanation:
        if not self.s_bag:
            return self._no("ch.bag_empty")
        if not self._can_draw():
            limit = 1 if self.draw_rule == "one" else self.draw_limit
            return self._no("ch.draw_used", n=limit, rule=Msg(f"ch.rule_{self.draw_rule}", n=self.draw_limit))
        return self._yes("ch.draw", steps=(Step(Msg("ch.no_fit")),
                                           Step(Msg(f"ch.rule_{self.draw_rule}", n=self.draw_limit))),
                         bag=len(self.s_bag))

    def contact_steps(self, j: Judgement) -> tuple[Step, ...]:
        """One step per touching side: which squares touch which colours, and whether they match."""
        return tuple(Step(Msg("ch.contact_ok" if c.matches else "ch.contact_clash", square=c.square + 1,
                              own=colour_text(c.own), other=colour_text(c.other), side=Msg(f"ch.side_{c.side}"),
                              kind=Msg("ch.short_short" if c.short_short else "ch.long_side")))
                     for c in j.contacts)

    def _explain_place(self, tile: int, x: int, y: int, rot: int) -> Explanation:
        if not 0 <= tile < len(TILES):
            return self._no("ch.no_such_tile", tile=tile, n=len(TILES) - 1)
        if not 0 <= rot <= 3:
            return self._no("ch.bad_rot", rot=rot)
        if abs(x) > LIMIT or abs(y) > LIMIT:
            return self._no("ch.too_far", x=minus(x), y=minus(y), limit=LIMIT)
        label = tile_text(tile, rot)
        if tile not in self.s_hands[self.s_current]:
            return self._no("ch.not_in_hand", tile=tile_text(tile))
        if rot >= 2 and TILES[tile].palindrome:
            return self._no("ch.same_turned", tile=label, rot=rot - 2)
        j = self.s_layout.judge(tile, x, y, rot)
        steps = self.contact_steps(j)
        where: dict[str, Any] = {"tile": label, "x": minus(x), "y": minus(y), "dir": Msg(f"ch.dir{rot % 2}")}
        if j.reason == "overlap":
            cells = ", ".join(f"({minus(cx)}, {minus(cy)})" for cx, cy in j.overlap)
            return self._no("ch.overlap", cells=cells, **where)
        if j.reason == "clash":
            return self._no("ch.clash", steps, n=len(j.clashes), **where)
        if j.reason in ("no_contact", "one_contact"):
            return self._no(f"ch.{j.reason}", steps, **where)
        steps += (Step(Msg("ch.sides_touch", n=j.touching, sides=j.sides)),)
        score = points(self.scoring, j)
        if score is not None:
            steps += (Step(Msg(f"ch.points_{self.scoring}"), score),)
        left = len(self.s_hands[self.s_current]) - 1
        if left == 1:
            last = next(t for t in self.s_hands[self.s_current] if t != tile)
            steps += (Step(Msg("ch.last_tile", tile=tile_text(last))),)
        elif left == 0:
            steps += (Step(Msg("ch.hand_empty")),)
        return self._yes("ch.placed", steps, points=score.total if score is not None else None, **where)

    def for_others(self, entry: LogEntry) -> Explanation:
        """A draw as the other players see it: the hand is held face down, so they read that a tile
        was drawn and what happened next (drawn again, the turn passed), never which tile it was.

        >>> import chemgames
        >>> g = chemgames.new_game("chromino", players=2, seed=1, lang="en")
        >>> from chemgames.bots import play_turn, GreedyBot
        >>> bot = GreedyBot(0)
        >>> while not any(e.action.kind == "draw" for e in g.log):
        ...     _ = play_turn(g, bot)
        >>> entry = next(e for e in g.log if e.action.kind == "draw")
        >>> "Drawn:" in " ".join(entry.explanation.lines), "Drawn:" in " ".join(g.for_others(entry).lines)
        (True, False)
        >>> print(g.for_others(entry).title)  # doctest: +ELLIPSIS
        Draws a tile from the bag (... left before drawing); only the drawer sees which.
        """
        e = entry.explanation
        if entry.action.kind != "draw" or self.open:
            return e
        return replace(e, headline=Msg("ch.draw_other", **dict(e.headline.params)),
                       steps=tuple(st for st in e.steps if st.msg.key not in SECRET_DRAW_STEPS))

    # ------------------------------------------------------------------ applying
    def _do(self, action: Action, explanation: Explanation | None) -> Outcome:
        # ``explanation`` is None on the fast path: the same effect, no texts (``_told`` drops them)
        p = action.player
        if action.kind == "place":
            v = dict(action.params)
            if explanation is not None:
                delta = explanation.points or 0
            else:
                score = points(self.scoring, self.s_layout.judge(v["tile"], v["x"], v["y"], v["rot"]))
                delta = score.total if score is not None else 0
            self.s_hands[p].remove(v["tile"])
            self.s_layout.put(v["tile"], v["x"], v["y"], v["rot"], p)
            self.s_laid[p] += 1
            self.s_points[p] += delta
            if explanation is not None:
                explanation = replace(explanation, data={"score_delta": {p: delta}} if delta else {})
            if not self.s_hands[p] and p not in self.s_finished:
                self.s_finished.append(p)
            return self._end_turn(p, explanation, placed=True)
        if action.kind == "draw":
            tile = self.s_bag.pop()
            self.s_hands[p].append(tile)
            self.s_drawn += 1
            self.s_draws[p] += 1
            steps = steps_of(explanation) + [Step(Msg("ch.drew", tile=tile_text(tile), bag=len(self.s_bag)))]
            ways = self.placements_for([tile])
            # a draw reveals a tile: it ends what can be taken back (undo would show the same tile again)
            if ways:
                steps.append(Step(Msg("ch.drawn_fits", n=len(ways))))
                return Outcome(amended(explanation, steps=tuple(steps)), ends_turn=False, undoable=False)
            if self._can_draw():
                steps.append(Step(Msg("ch.drawn_no_fit_again")))
                return Outcome(amended(explanation, steps=tuple(steps)), ends_turn=False, undoable=False)
            steps.append(Step(Msg("ch.drawn_no_fit_pass")))
            # every player reads that a tile was drawn; which tile it was only the drawer (for_others)
            return self._end_turn(p, amended(explanation, steps=tuple(steps)), placed=False)
        return self._end_turn(p, explanation, placed=False)

    def _end_turn(self, p: int, explanation: Explanation | None, placed: bool, public: bool = True) -> Outcome:
        steps = steps_of(explanation)
        data = dict(explanation.data) if explanation is not None else {}
        self.s_idle = 0 if placed else self.s_idle + 1
        last_of_round = p == self.players - 1
        if self.s_finished and self.scoring in POINT_MODES:
            # the points modes ("Wertung"): "Die Runde endet, wenn ein Spieler sein letztes Chromino
            # ablegt, bzw. wenn kein Spieler mehr ein passendes Chromino ablegen kann": the game ends
            # at once, the others lay no more tiles for points (docs/rules/chromino.md, issue 26)
            steps.append(Step(Msg("ch.points_end_now", n=self.s_finished[0] + 1)))
            self._finish(steps, data, "out")
        elif self.s_finished and last_of_round:
            steps.append(Step(Msg("ch.round_done", names=MsgList(tuple(p + 1 for p in self.s_finished)), n=len(self.s_finished))))
            self._finish(steps, data, "out")
        elif not self.s_bag and self.s_idle >= self.players:
            steps.append(Step(Msg("ch.blocked")))
            self._finish(steps, data, "blocked")
        else:
            if self.s_finished:
                steps.append(Step(Msg("ch.round_goes_on", n=self.players - 1 - p)))
            self.s_current = (p + 1) % self.players
            self.s_drawn = 0
            self.s_turn += 1
        return Outcome(amended(explanation, steps=tuple(steps), data=data), ends_turn=True, public=public)

    def _finish(self, steps: list[Step], data: dict[str, Any], how: str) -> None:
        self.s_over = True
        self.s_end = {"how": how, "finished": list(self.s_finished)}
        if self.scoring in POINT_MODES:
            delta = dict(data.get("score_delta", {}))
            for q, hand in enumerate(self.s_hands):
                if hand:
                    owed: Sum = hand_value(hand)
                    steps.append(Step(Msg("ch.account", n=q + 1, left=owed.text),
                                      Account(self.s_points[q], owed.total)))
                    self.s_points[q] -= owed.total
                    delta[q] = delta.get(q, 0) - owed.total
            data["score_delta"] = delta
        if self.players == 1:
            steps.append(Step(Msg("ch.solitaire_won" if self.s_finished else "ch.solitaire_lost",
                                  draws=self.s_draws[0], left=len(self.s_hands[0]))))

    def _score_lines(self, player: int) -> list[ScoreLine]:
        """The final account: in a points mode the points for the tiles laid, minus the value of
        the tiles left once the game is over (``118 − 4 = 114``); in the family game the tiles laid.

        >>> import chemgames
        >>> g = chemgames.new_game("chromino", players=2, seed=2, lang="en", scoring="tiles")
        >>> while not g.is_over:
        ...     _ = g.apply(g.legal_actions()[0])
        >>> [a.total for a in g.score_breakdown()] == g.scores()
        True
        """
        hand = self.s_hands[player]
        if self.scoring not in POINT_MODES:
            return [ScoreLine(Msg("ch.score_tiles_laid"), self.s_laid[player],
                              Msg("ch.score_tiles_laid_detail", n=self.s_laid[player], left=len(hand)))]
        owed = hand_value(hand) if self.s_over and hand else None
        laid = self.s_points[player] + (owed.total if owed else 0)
        lines = [ScoreLine(Msg("ch.score_laid"), laid, Msg("ch.score_laid_detail", n=self.s_laid[player]))]
        if owed is not None:
            tiles = MsgList(tuple(tile_text(t) for t in sorted(hand)))
            lines.append(ScoreLine(Msg("ch.score_left"), -owed.total,
                                   Msg("ch.score_left_detail", tiles=tiles, sum=owed.text)))
        return lines

    # ------------------------------------------------------------------ views and hints
    def _laid_view(self) -> list[dict[str, Any]]:
        out = []
        for k in self.s_layout.laid:
            seq = TILES[k.tile].colours[::-1] if k.rot >= 2 else TILES[k.tile].colours
            out.append({"tile": k.tile, "x": k.x, "y": k.y, "rot": k.rot, "player": k.player, "colours": list(seq)})
        return out

    def _tile_view(self, tile: int) -> dict[str, Any]:
        out: dict[str, Any] = dict(_TILE_VIEWS[tile])
        out["colours"] = list(out["colours"])
        return out

    def _redeal(self, viewer: int | None, rng: random.Random) -> None:
        """Hidden: the other hands that are not open (open hands, and a last tile, lie face up) and
        the order of the bag."""
        hidden = [h for p, h in enumerate(self.s_hands) if p != viewer and not self.open and len(h) != 1]
        self._shuffle_places(rng, hidden + [self.s_bag])

    def _view(self, player: int | None, lang: str) -> dict[str, Any]:
        shown = {q: sorted(h) for q, h in enumerate(self.s_hands) if self.open or len(h) == 1}
        out: dict[str, Any] = {
            "turn": self.s_turn, "bag": len(self.s_bag), "hand_sizes": [len(h) for h in self.s_hands],
            "draws": list(self.s_draws), "drawn": self.s_drawn, "laid": list(self.s_laid),
            "layout": self._laid_view(), "bounds": list(self.s_layout.bounds()),
            "finished": list(self.s_finished), "end": self.s_end,
            "rules": {"draw": self.draw_rule, "draw_limit": self.draw_limit, "open_hands": self.open,
                      "scoring": self.scoring,
                      "value": {k: RULES[k] for k in ("base", "per_change", "third_colour")}},
            "colours": colour_dicts(lang),
            "open_tiles": {str(q): [self._tile_view(t) for t in h] for q, h in shown.items() if q != player},
        }
        if player is not None:
            out["hand"] = [self._tile_view(t) for t in sorted(self.s_hands[player])]
        return out

    def hints(self, limit: int = 10) -> list[Hint]:
        """Placements for the current player, best first: most points now (without points: the
        tile of the highest value, then the most touching sides; the value counts colours, not how hard
        a tile is to place: docs/rules/chromino.md)."""
        if self.is_over:
            return []
        p = self.s_current
        fits = self.placements_for(self.s_hands[p])
        if not fits:
            return []
        ways: dict[int, int] = {}
        for t, *_ in fits:
            ways[t] = ways.get(t, 0) + 1
        ranked = []
        for t, x, y, r in fits:
            j = self.s_layout.judge(t, x, y, r)
            s = points(self.scoring, j)
            pts = s.plain if s is not None else 0
            ranked.append(((-pts, -VALUES[t], -len(j.contacts), t, y, x, r), pts, t, x, y, r))
        ranked.sort()
        out = []
        for _, pts, t, x, y, r in ranked[:limit]:
            name = TILES[t].label() if r < 2 else TILES[t].label()[::-1]
            out.append(Hint(f"{name} ({minus(x)}, {minus(y)}) {'→' if r % 2 == 0 else '↓'}", pts,
                            (self._act("place", tile=t, x=x, y=y, rot=r),), t, ways[t]))
        return out


_TILE_VIEWS = tuple({"id": t.id, "colours": t.colours, "value": VALUES[t.id], "kind": t.kind,
                     "palindrome": t.palindrome} for t in TILES)

__all__ = ["Chromino", "Hint", "tile_text"]
