"""Metallurgie: the rule engine (rule sheet ``002``; decisions in docs/rules/metallurgie.md).

A turn is a sequence of atomic actions. Either ``lay`` hand cards (one metal anywhere, or
ascending on one position), or first ``draw`` the top card of the draw pile, which must be laid at
once (if it cannot be laid it is discarded and the turn ends). ``done`` ends the laying (at most
four cards). If a visible area is big enough, ``take`` removes its cards one by one; when enough
are taken, one is kept as a point; an area uncovered below may be scored at once. ``finish`` ends
the turn and refills the hand to three. Everything before ``finish`` can be undone, except a draw
(it reveals a hidden card).

>>> import chemgames
>>> g = chemgames.new_game("metallurgie", players=2, seed=3, lang="en")
>>> len(g.view(0)["hand"]), g.view(0)["pile"]
(3, 86)
"""
from __future__ import annotations

import random

from dataclasses import replace
from typing import Any

from ...core.action import Action
from ...core.errors import OptionError
from ...core.explanation import Explanation, Msg, MsgList, Step, amended, steps_of
from ...core.game import Game, Option, Outcome
from ...core.i18n import Num, tr
from ...core.score import ScoreLine
from .hint import Hint
from .board import Pos, area_at, draw_x, frontier, is_connected, neighbours, pos_text, removal_completes, \
    split_parts, stays_connected, visible_areas
from .maths import area_check
from .metals import STOP, SYMBOLS, metal, metals, setting

KINDS = ("draw", "lay", "done", "take", "finish")
# the actions the engine lists, made once (keys: (player, layer) then position; (player, kind, position))
_LAYS: dict[tuple[int, int], dict[Pos, Action]] = {}
_PLAIN: dict[tuple[int, str, Pos | None], Action] = {}
LAYERS = len(SYMBOLS)
IRON = 0


def _level(counts: dict[int, int]) -> bool:
    """Whether every player compared won as many cards of the metal (it separated nobody).

    >>> _level({0: 1, 1: 1}), _level({0: 0, 1: 1})
    (True, False)
    """
    return len(set(counts.values())) == 1


class Metallurgie(Game[Hint]):
    """The engine of Metallurgie (2 to 4 players, optional bonus-card variant)."""

    id = "metallurgie"
    titles = {"de": "Metallurgie", "en": "Metallurgie"}
    min_players = 2
    max_players = 4
    pass_kinds = ("finish", "done")
    # what changes during play (undo, copies and the fast path keep exactly these)
    state_attrs = ("s_stacks", "s_hands", "s_pile", "s_discard", "s_won", "s_current", "s_turn", "s_phase",
                       "s_drawn", "s_from_pile", "s_laid", "s_taking", "s_chain", "s_over", "s_end")
    fast_do = True  # `_do` works without its explanation (the fast path)
    position_options = ("won", "hands", "pile", "layout")  # a save that sets these must be signed (core.savekey)
    options = {
        "bonus": Option(False, kind=(bool, list, tuple)),
        "first": Option(0, kind=int),
        "won": Option(None, kind=(list, tuple)),
        "hands": Option(None, kind=(list, tuple)),
        "pile": Option(None, kind=(list, tuple)),
        "layout": Option(None, kind=(list, tuple)),
    }
    # caches of what the board allows, forgotten whenever it changes (``_board_changed``)
    _areas_cache: list[tuple[int, list[Pos]]] | None
    _targets_cache: dict[int, tuple[Pos, ...]]  # see _targets
    _removal_cache: dict[tuple[Any, ...], bool]  # removal searches on this board

    # ------------------------------------------------------------------ set-up
    def _setup(self) -> None:
        o = self.option_values
        self.kinds: list[str] = [m.symbol for m in metals() for _ in range(m.count)] + [STOP]
        self.layer_of: list[int] = [metal(k).layer if k != STOP else -1 for k in self.kinds]
        self.stop_id = len(self.kinds) - 1
        box = {m.symbol: [i for i, k in enumerate(self.kinds) if k == m.symbol] for m in metals()}
        self.s_stacks: dict[Pos, list[int]] = {}
        self._lay_out_start(o["layout"], box)
        rest = [i for s in SYMBOLS for i in box[s]]
        self.rng.shuffle(rest)
        if len(rest) < self.players * setting("hand_size") + 1:
            raise OptionError(tr(self._lang, "mt.opt_layout"))
        chosen_hands = self._chosen(o["hands"], box, rest, "hands")
        top = self._chosen([o["pile"]] if o["pile"] is not None else None, box, rest, "pile")
        chosen_won = self._chosen(o["won"], box, rest, "won")
        if len(rest) < sum(setting("hand_size") - min(len(h), setting("hand_size")) for h in chosen_hands) \
                + (self.players - len(chosen_hands)) * setting("hand_size"):
            raise OptionError(tr(self._lang, "mt.opt_too_many"))
        self.s_hands: list[list[int]] = [[] for _ in range(self.players)]
        for p, hand in enumerate(chosen_hands):
            if len(hand) > setting("hand_size"):
                raise OptionError(tr(self._lang, "mt.opt_hands", players=self.players))
            self.s_hands[p] = hand
        for _ in range(setting("hand_size")):
            for p in range(self.players):
                if len(self.s_hands[p]) < setting("hand_size"):
                    self.s_hands[p].append(rest.pop())
        # the pile's top is its end; the stop card lies among the bottom five (indices 0..4)
        pile = list(rest)
        top_cards = top[0] if top else []
        if self.stop_id not in top_cards:
            pile.insert(self.rng.randrange(min(setting("stop_among_last"), len(pile) + 1)), self.stop_id)
        pile += list(reversed(top_cards))
        self.s_pile: list[int] = pile
        first = o["first"]
        if not 0 <= first < self.players:
            raise OptionError(tr(self._lang, "core.bad_seat", value=first, players=self.players))
        self.first = first
        bonus = list(setting("bonus_cards"))
        self.rng.shuffle(bonus)
        self.bonus: list[str] | None = self._chosen_bonus(o["bonus"], bonus[:self.players])
        self.s_discard: list[int] = []
        self.s_won: list[list[int]] = [[] for _ in range(self.players)]
        for p, cards in enumerate(chosen_won):
            self.s_won[p] = cards
        self.s_current = first
        self.s_turn = 1
        self._new_turn_state()
        self.s_over = False
        self.s_end: dict[str, Any] | None = None

    def _new_turn_state(self) -> None:
        self.s_phase = "lay"          # lay -> (drawn ->) lay -> score
        self.s_drawn: int | None = None
        self.s_from_pile = False
        self.s_laid: list[tuple[Pos, int]] = []
        self.s_taking: dict[str, Any] | None = None
        self.s_chain: list[Pos] | None = None  # None: no area scored yet this turn

    def _lay_out_start(self, layout: Any, box: dict[str, list[int]]) -> None:
        if layout is None:
            start = setting("start")
            layout = [[q, r, "Fe"] for q, r in start["iron"]]
            for q, r in start["copper"]:
                layout[[tuple(e[:2]) for e in layout].index((q, r))].append("Cu")
            for q, r in start["silver"]:
                layout[[tuple(e[:2]) for e in layout].index((q, r))].append("Ag")
        bad = OptionError(tr(self._lang, "mt.opt_layout"))
        for entry in layout:
            if (not isinstance(entry, (list, tuple)) or len(entry) < 3
                    or not all(isinstance(x, int) and not isinstance(x, bool) for x in entry[:2])):
                raise bad
            pos = (entry[0], entry[1])
            if pos in self.s_stacks or list(entry[2:]) != list(SYMBOLS[:len(entry) - 2]):
                raise bad
            stack = []
            for s in entry[2:]:
                if not box[s]:
                    raise bad
                stack.append(box[s].pop())
            self.s_stacks[pos] = stack
        if not self.s_stacks or not is_connected(self.s_stacks):
            raise bad

    def _chosen_bonus(self, value: Any, dealt: list[str]) -> list[str] | None:
        """The bonus cards: ``False`` none (the base game), ``True`` dealt at random, or a list with one
        metal symbol a player (a teacher's choice; the box has one bonus card of each metal)."""
        if value is False:
            return None
        if value is True:
            return dealt
        chosen = list(value)
        if len(chosen) != self.players or not all(isinstance(s, str) and s in SYMBOLS for s in chosen) \
                or len(set(chosen)) != len(chosen):
            raise OptionError(tr(self._lang, "mt.opt_bonus", players=self.players))
        return chosen

    def _chosen(self, lists: Any, box: dict[str, list[int]], rest: list[int], what: str) -> list[list[int]]:
        """Take the cards a teacher chose (options ``hands`` and ``pile``, lists of symbols) out of ``rest``."""
        if lists is None:
            return []
        if not isinstance(lists, (list, tuple)) or len(lists) > self.players or \
                not all(isinstance(h, (list, tuple)) for h in lists):
            raise OptionError(tr(self._lang, f"mt.opt_{what}", players=self.players))
        out = []
        for symbols in lists:
            ids = []
            for s in symbols:
                if s == STOP and what == "pile" and self.stop_id not in ids:
                    ids.append(self.stop_id)
                    continue
                idx = next((k for k, i in enumerate(rest) if self.kinds[i] == s), None)
                if idx is None:
                    raise OptionError(tr(self._lang, "mt.opt_missing", card=str(s)[:20]))
                ids.append(rest.pop(idx))
            out.append(ids)
        return out

    # ------------------------------------------------------------------ state queries
    @property
    def is_over(self) -> bool:
        return self.s_over

    def _current_player(self) -> int | None:
        return self.s_current

    def _top(self, pos: Pos) -> int:
        """The layer of the visible card at ``pos`` (-1: empty)."""
        return len(self.s_stacks.get(pos, ())) - 1

    def _tops(self) -> dict[Pos, int]:
        return {pos: len(st) - 1 for pos, st in self.s_stacks.items()}

    def targets(self, layer: int) -> list[Pos]:
        """Where a card of ``layer`` may lie now, ignoring the turn's limits: iron extends the lay-out,
        every other metal lies on a free card of the metal just below."""
        return list(self._targets(layer))

    def _targets(self, layer: int) -> tuple[Pos, ...]:
        """``targets(layer)``, worked out once per board (``_board_changed`` forgets them)."""
        cache = self.__dict__.get("_targets_cache")
        if cache is None:
            cache = self._targets_cache = {}
        out = cache.get(layer)
        if out is None:
            if layer == IRON:
                out = tuple(sorted(frontier(self.s_stacks)))
            else:
                out = tuple(sorted(pos for pos, st in self.s_stacks.items() if len(st) == layer))
            cache[layer] = out
        return out

    def _hand_count(self, player: int, layer: int) -> int:
        return sum(1 for i in self.s_hands[player] if self.layer_of[i] == layer)

    def _mode(self) -> str | None:
        """How this turn lays its cards: ``metal`` (one metal anywhere) or ``stack`` (ascending on one
        position); ``None`` while one card or none is laid."""
        if len(self.s_laid) < 2:
            return None
        (p0, c0), (p1, c1) = self.s_laid[:2]
        return "metal" if self.layer_of[c0] == self.layer_of[c1] else "stack"

    def _allowed(self, layer: int) -> tuple[Pos, ...]:
        """Positions where the next card of ``layer`` may lie within this turn's limits."""
        laid = self.s_laid
        if not laid:
            return self._targets(layer)
        if len(laid) >= setting("max_cards_per_turn"):
            return ()
        mode = self._mode()
        first_layer = self.layer_of[laid[0][1]]
        last_pos = laid[-1][0]
        out: tuple[Pos, ...] = ()
        if mode in (None, "metal") and layer == first_layer:
            out = self._targets(layer)
        if mode in (None, "stack") and layer == self._top(last_pos) + 1 and layer < LAYERS:
            out = (last_pos,)
        return out

    def _hand_blocked(self, player: int) -> dict[str, Msg]:
        """Why a card of the mover's hand that the turn's rule would allow cannot be laid now: no position
        for its metal (s21f: a second gold after gold was greyed out "nach Gold nur dasselbe Metall …" while
        no silver lay free on top). The other cards that do not fit are held back by the rule of the turn,
        which the widget's status says. (The most cards a turn, 4, leave no hand card: 3 in the hand and
        the drawn one.)"""
        laid = self.s_laid
        if self.s_phase != "lay" or not laid or player != self.current_player:
            return {}
        out: dict[str, Msg] = {}
        for layer in sorted({self.layer_of[i] for i in self.s_hands[player]}):
            if self._allowed(layer):
                continue
            if layer == self.layer_of[laid[0][1]] and self._mode() in (None, "metal") and layer > IRON:
                out[SYMBOLS[layer]] = Msg("mt.no_place", card=self._name(layer), below=self._name(layer - 1))
        return out

    def _scores(self) -> list[int]:
        out = []
        for p in range(self.players):
            won = [self.layer_of[i] for i in self.s_won[p]]
            points = len(won)
            if self.bonus is not None and self.s_over:
                points += won.count(metal(self.bonus[p]).layer)
            out.append(points)
        return out

    def won_counts(self, player: int) -> dict[str, int]:
        """The metal cards ``player`` has won, counted by metal."""
        return {s: sum(1 for i in self.s_won[player] if self.kinds[i] == s) for s in SYMBOLS}

    def winners(self) -> list[int]:
        """Most points; a tie goes to the most gold cards won, then silver, copper and iron ("und so
        weiter"); players equal in points and in every metal share the win."""
        if not self.is_over:
            return []
        return self.tie_break()[0]

    def tie_break(self) -> tuple[list[int], list[tuple[int, dict[int, int]]]]:
        """The winners and the metals that decided between players with the same best score: for each
        metal, from gold down to iron, that left fewer players in the running, the cards of that metal
        each of them had won (an empty list: the points alone decided, or nobody could be separated).

        >>> import chemgames
        >>> g = chemgames.new_game("metallurgie", players=2, seed=1, bonus=["Fe", "Au"],
        ...                        won=[["Fe", "Fe"], ["Fe", "Fe", "Fe", "Fe"]], pile=["stop"])
        >>> _ = g.apply(g.legal_actions()[-1])   # draw: the stop card ends the game
        >>> g.scores(), g.tie_break()
        ([4, 4], ([1], [(0, {0: 2, 1: 4})]))
        """
        winners, compared = self.tie_comparisons()
        return winners, [(layer, counts) for layer, counts in compared if not _level(counts)]

    def tie_comparisons(self) -> tuple[list[int], list[tuple[int, dict[int, int]]]]:
        """The winners and every metal the tie-break compared, from gold down while two or more players
        were still level, with the cards of that metal each of them had won: the metals that separated
        nobody too, for the sheet goes "von Gold abwärts" ("dann Silberkarten und so weiter").

        >>> import chemgames
        >>> g = chemgames.new_game("metallurgie", players=2, seed=1, bonus=["Cu", "Ag"],
        ...                        won=[["Au", "Ag", "Fe"], ["Au", "Cu", "Cu"]], pile=["stop"])
        >>> _ = g.apply(g.legal_actions()[-1])   # draw: the stop card ends the game
        >>> g.scores(), g.tie_comparisons()
        ([3, 3], ([0], [(3, {0: 1, 1: 1}), (2, {0: 1, 1: 0})]))
        """
        scores = self.scores()
        best = max(scores)
        field = [p for p in range(self.players) if scores[p] == best]
        compared: list[tuple[int, dict[int, int]]] = []
        for layer in reversed(range(LAYERS)):
            if len(field) < 2:
                break
            counts = {p: self.won_counts(p)[SYMBOLS[layer]] for p in field}
            compared.append((layer, counts))
            most = max(counts.values())
            field = [p for p in field if counts[p] == most]
        return field, compared

    def _tie_msg(self, short: bool = False) -> Msg | None:
        """What the tie-break did, once the game is over and two or more players had the best score: the
        whole walk from gold down (``view()["tiebreak"]``, the worksheet), or ``short``, one line for the move
        that ended the game: the metal that decided and the winners (the list under the status says the walk)."""
        if not self.is_over:
            return None
        scores = self.scores()
        best = max(scores)
        tied = [p for p in range(self.players) if scores[p] == best]
        if len(tied) < 2:
            return None
        winners, compared = self.tie_comparisons()
        names = MsgList(tuple(p + 1 for p in winners))
        if all(_level(counts) for _, counts in compared):  # level in every metal: nothing decided
            return Msg("mt.tie_all", points=best, players=names)
        if short:
            deciding = [layer for layer, counts in compared if not _level(counts)][-1]
            return Msg("mt.tie_short", points=best, card=self._name(deciding), players=names)
        return Msg("mt.tie_decided", points=best, stages=MsgList(self._tie_stages(compared), "; "), players=names)

    def _tie_row(self, player: int) -> Msg:
        """The tie-break as ``player``'s row of the final account says it, only what is true of that player
        (s22g: each row said the whole walk again, four times on one screen with the list and the move panel):
        the metal at which the walk from gold down left them behind and their count against the most, for the
        one winner the metal that decided, for players level to the end the shared win.

        >>> import chemgames
        >>> g = chemgames.new_game("metallurgie", players=3, seed=1, bonus=["Au", "Fe", "Cu"], lang="en",
        ...                        won=[["Au", "Fe", "Fe"], ["Au", "Cu", "Fe"], ["Fe"] * 4], pile=["stop"])
        >>> _ = g.apply(g.legal_actions()[-1])   # draw: the stop card ends the game
        >>> for p in range(3):
        ...     print(g._tie_row(p).render("en"))
        decided by Copper (Cu): 0 cards, fewer than 1
        decided by Copper (Cu): 1 card, the most: win
        decided by Gold (Au): 0 cards, fewer than 1
        """
        winners, compared = self.tie_comparisons()
        if all(_level(counts) for _, counts in compared) or (len(winners) > 1 and player in winners):
            return Msg("mt.account_tie_all", players=MsgList(tuple(p + 1 for p in winners)))
        for layer, counts in compared:
            most = max(counts.values())
            if player in counts and (counts[player] < most or player in winners and layer == compared[-1][0]):
                key = "mt.account_tie_won" if player in winners else "mt.account_tie_out"
                return Msg(key, card=self._name(layer), n=counts[player], most=most)
        raise ValueError(f"player {player + 1} was not in the tie-break")

    def _tie_stages(self, compared: list[tuple[int, dict[int, int]]]) -> tuple[Msg, ...]:
        """One line a metal compared, in the sheet's order, the ones that separated nobody marked as level."""
        return tuple(Msg("mt.tie_metal_level" if _level(counts) else "mt.tie_metal", card=self._name(layer),
                         counts=MsgList(tuple(Msg("mt.tie_count", player=p + 1, n=n) for p, n in counts.items())))
                     for layer, counts in compared)

    def _tie_steps(self, lang: str) -> dict[str, Any] | None:
        """The tie-break that a metal decided, in steps for a list (the widget's status ran to six bold
        lines when iron decided): the opening, one line a metal compared, the result. Together they say
        what ``view()["tiebreak"]`` says in one sentence; ``None`` when there is no such tie-break.

        >>> import chemgames
        >>> g = chemgames.new_game("metallurgie", players=2, seed=1, bonus=["Cu", "Ag"],
        ...                        won=[["Au", "Ag", "Fe"], ["Au", "Cu", "Cu"]], pile=["stop"], lang="en")
        >>> _ = g.apply(g.legal_actions()[-1])   # draw: the stop card ends the game
        >>> g.view()["tiebreak_steps"]["stages"]
        ['Gold (Au): 1 for player 1, 1 for player 2 (tied)', 'Silver (Ag): 1 for player 1, 0 for player 2']
        """
        tie = self._tie_msg()
        if tie is None or tie.key != "mt.tie_decided":
            return None
        winners, compared = self.tie_comparisons()
        return {"intro": Msg("mt.tie_intro", points=max(self.scores())).render(lang),
                "stages": [m.render(lang) for m in self._tie_stages(compared)],
                "result": Msg("mt.tie_result", players=MsgList(tuple(p + 1 for p in winners))).render(lang)}

    def _score_lines(self, player: int) -> list[ScoreLine]:
        """Per metal won (gold first): cards × 1, or × 2 for the metal of the player's bonus card (only
        once the game is over: the bonus card is secret until then); then, if it decided or left a
        shared win, the tie-break as a line of 0 points."""
        won = self.won_counts(player)
        bonus = self.bonus[player] if self.bonus is not None and self.s_over else None
        lines = []
        for layer in reversed(range(LAYERS)):
            s = SYMBOLS[layer]
            if not won[s]:
                continue
            if s == bonus:
                lines.append(ScoreLine(self._name(layer), 2 * won[s], Msg("mt.account_bonus", n=won[s])))
            else:
                lines.append(ScoreLine(self._name(layer), won[s], Msg("mt.account_times", n=won[s])))
        if not lines:
            lines.append(ScoreLine(Msg("mt.account_none"), 0))
        scores = self.scores()
        if self.is_over and scores.count(max(scores)) > 1 and scores[player] == max(scores):
            lines.append(ScoreLine(Msg("mt.account_tie"), 0, self._tie_row(player)))
        return lines

    # ------------------------------------------------------------------ areas and scoring
    def _areas(self) -> list[tuple[int, list[Pos]]]:
        """The visible areas (cached until the board changes: a lay, a take or an undo)."""
        cached = self.__dict__.get("_areas_cache")
        if cached is None:
            cached = self._areas_cache = visible_areas(self._tops())
        return cached

    def _board_changed(self) -> None:
        self._areas_cache = None
        self._targets_cache = {}
        self._removal_cache = {}

    def _restore(self, state: Any) -> None:
        super()._restore(state)
        self._board_changed()

    def _area_of(self, pos: Pos) -> list[Pos]:
        return area_at(self._tops(), pos)

    def _can_remove(self, layer: int, area: list[Pos], need: int) -> bool:
        key = ("area", layer, tuple(area), need)
        cache = self.__dict__.setdefault("_removal_cache", {})
        if key not in cache:  # the search is asked again by the legal actions and by ending the lay
            cache[key] = removal_completes(set(self.s_stacks), area, need, layer == IRON, self._whole(cache))
        return cache[key]

    def _whole(self, cache: dict[tuple[Any, ...], Any]) -> bool:
        """Is the lay-out in one piece? (The rules keep it so; asked once per board all the same.)"""
        whole = cache.get(("whole",))
        if whole is None:
            whole = cache["whole", ] = is_connected(self.s_stacks)
        return bool(whole)

    def scorable(self) -> list[tuple[int, list[Pos]]]:
        """The areas the current player may start to score now (layer, positions)."""
        if self.s_phase != "score" or self.s_taking is not None:
            return []
        out = []
        for layer, cells in self._areas():
            m = metals()[layer]
            if len(cells) < m.area:
                continue
            if self.s_chain is not None and not set(cells) & set(self.s_chain):
                continue
            if self.s_chain is None and not self._made_by_move(cells):
                continue
            if self._can_remove(layer, cells, m.removes):
                out.append((layer, cells))
        return out

    def _made_by_move(self, cells: list[Pos]) -> bool:
        """Did this move's laying make the area? The sheet: "Wenn nach einem Spielzug eine ausreichend
        große … Fläche eines Metalls entstanden ist, darf der Spieler punkten". An area of a metal
        grows only by a card of that metal laid on the lay-out, so the area arose in this move
        exactly when it holds a card laid in it; an area that was big enough before and that the
        move did not touch did not arise now (docs/rules/metallurgie.md, issue 26)."""
        return bool(set(cells) & {pos for pos, _ in self.s_laid})

    def _take_targets(self) -> list[Pos]:
        t = self.s_taking
        if t is None:
            return sorted(p for _, cells in self.scorable() for p in cells if self._take_ok(cells, p, metals()[self._top(p)].removes))
        left = [p for p in t["area"] if tuple(p) not in t["taken"]]
        need = t["need"] - len(t["taken"])
        return [p for p in left if self._take_ok(left, p, need)]

    def _take_ok(self, area: list[Pos], pos: Pos, need: int) -> bool:
        """May ``pos`` be taken as one of ``need`` cards of ``area`` (iron: the lay-out stays whole)?"""
        if self._top(pos) != IRON:
            return True
        key = ("take", tuple(area), pos, need)
        cache = self.__dict__.setdefault("_removal_cache", {})
        if key not in cache:
            layout = set(self.s_stacks)
            rest = layout - {pos}
            whole = self._whole(cache)
            stays = stays_connected(layout, pos) if whole else is_connected(rest)
            # a rest in one piece (``stays``) is what the removal search is told
            cache[key] = stays and removal_completes(rest, [p for p in area if p != pos], need - 1, True, True)
        return cache[key]

    # ------------------------------------------------------------------ legal actions
    def _act(self, kind: str, **params: Any) -> Action:
        return Action(self.id, self.s_current, kind, tuple(params.items()))

    def _lays(self, layer: int, positions: tuple[Pos, ...]) -> list[Action]:
        """The ``lay`` actions of the current player for a card of ``layer`` on ``positions``, each
        made once and reused (an ``Action`` is a frozen value)."""
        made = _LAYS.get((self.s_current, layer))
        if made is None:
            made = _LAYS[self.s_current, layer] = {}
        out = []
        for pos in positions:
            action = made.get(pos)
            if action is None:
                action = made[pos] = self._act("lay", metal=SYMBOLS[layer], pos=tuple(pos))
            out.append(action)
        return out

    def _plain(self, kind: str, pos: Pos | None = None) -> Action:
        """The reused ``draw``/``done``/``finish`` (or, with ``pos``, ``take``) of the current player."""
        key = (self.s_current, kind, pos)
        action = _PLAIN.get(key)
        if action is None:
            action = _PLAIN[key] = self._act(kind) if pos is None else self._act(kind, pos=tuple(pos))
        return action

    def _legal(self) -> list[Action]:
        p = self.s_current
        if self.s_phase == "score":
            out = [self._plain("take", (pos[0], pos[1])) for pos in self._take_targets()]
            if self.s_taking is None:
                out.append(self._plain("finish"))
            return out
        if self.s_phase == "drawn":
            layer = self.layer_of[self.s_drawn]  # type: ignore[index]
            return self._lays(layer, self._targets(layer))
        out = []
        in_hand = {self.layer_of[i] for i in self.s_hands[p]}
        for layer in range(LAYERS):
            if layer in in_hand:
                out += self._lays(layer, self._allowed(layer))
        out.append(self._plain("done" if self.s_laid else "draw"))
        return out

    # ------------------------------------------------------------------ explanations
    def _pos(self, value: Any) -> Pos:
        if not (isinstance(value, tuple) and len(value) == 2
                and all(isinstance(x, int) and not isinstance(x, bool) for x in value)):
            raise ValueError(value)
        return (value[0], value[1])

    @staticmethod
    def _name(layer: int) -> Msg:
        return Msg("mt.metal", symbol=SYMBOLS[layer], name=metals()[layer].name)

    def _explain(self, action: Action) -> Explanation:
        kind = action.kind
        if kind not in KINDS:
            return self._no("mt.unknown_kind", kind=kind[:30])
        try:
            result: Explanation = getattr(self, f"_explain_{kind}")(action)
        except (TypeError, ValueError, KeyError):
            return self._no("mt.bad_params", action=str(action)[:80])
        return result

    def _explain_draw(self, action: Action) -> Explanation:
        self._params(action)
        if self.s_phase != "lay" or self.s_laid:
            return self._no("mt.draw_first")
        return self._yes("mt.draw", pile=len(self.s_pile))

    def _explain_lay(self, action: Action) -> Explanation:
        v = self._params(action, metal=str, pos=tuple)
        if v["metal"] not in SYMBOLS:
            return self._no("mt.no_such_metal", metal=v["metal"][:20])
        pos = self._pos(v["pos"])
        layer = metal(v["metal"]).layer
        name = self._name(layer)
        if self.s_phase == "score":
            return self._no("mt.laying_over")
        if self.s_phase == "drawn":
            drawn = self.layer_of[self.s_drawn]  # type: ignore[index]
            if layer != drawn:
                return self._no("mt.lay_drawn_first", card=self._name(drawn))
        elif not self._hand_count(action.player, layer):
            return self._no("mt.not_in_hand", card=name)
        why = self._placement_refusal(layer, pos)
        if why is not None:
            return why
        if pos not in self._allowed(layer) and self.s_phase != "drawn":
            return self._turn_refusal(layer, pos)
        return self._yes("mt.lay", self._lay_steps(layer, pos), card=name, pos=pos_text(pos))

    def _placement_refusal(self, layer: int, pos: Pos) -> Explanation | None:
        name = self._name(layer)
        top = self._top(pos)
        if layer == IRON:
            if top >= 0:
                return self._no("mt.iron_on_card", pos=pos_text(pos), card=self._name(top))
            if not any(n in self.s_stacks for n in neighbours(pos)):
                return self._no("mt.iron_not_adjacent", pos=pos_text(pos))
            return None
        if top < 0:
            return self._no("mt.only_iron_extends", card=name, pos=pos_text(pos))
        if top != layer - 1:
            return self._no("mt.needs_below", card=name, below=self._name(layer - 1), pos=pos_text(pos),
                            top=self._name(top))
        return None

    def _turn_refusal(self, layer: int, pos: Pos) -> Explanation:
        laid = self.s_laid
        if len(laid) >= setting("max_cards_per_turn"):
            return self._no("mt.four_cards", n=setting("max_cards_per_turn"))
        first = self.layer_of[laid[0][1]]
        if self._mode() == "metal" or (self._mode() is None and layer == first):
            return self._no("mt.mode_metal_only", card=self._name(first), pos=pos_text(laid[-1][0]))
        return self._no("mt.mode_stack_only", pos=pos_text(laid[-1][0]), card=self._name(first))

    def _lay_steps(self, layer: int, pos: Pos) -> tuple[Step, ...]:
        steps: list[Step] = []
        if layer == IRON:
            touching = [n for n in sorted(neighbours(pos)) if n in self.s_stacks]
            steps.append(Step(Msg("mt.extends", pos=pos_text(pos), n=len(touching),
                                  cells=MsgList(tuple(pos_text(n) for n in touching)))))
        else:
            steps.append(Step(Msg("mt.covers", card=self._name(layer), below=self._name(layer - 1),
                                  pos=pos_text(pos))))
        # the visible area of this metal that the card joins
        tops = self._tops()
        tops[pos] = layer
        cells = area_at(tops, pos)
        m = metals()[layer]
        joined = [n for n in sorted(neighbours(pos)) if tops.get(n) == layer]
        steps.append(Step(Msg("mt.area_after", card=self._name(layer), n=len(cells), need=m.area,
                              joined=len(joined)), area_check(len(cells), m.area)))
        n = len(self.s_laid) + 1
        steps.append(Step(Msg("mt.card_count", n=n, max=setting("max_cards_per_turn"))))
        return tuple(steps)

    def _explain_done(self, action: Action) -> Explanation:
        self._params(action)
        if self.s_phase != "lay" or not self.s_laid:
            return self._no("mt.nothing_laid" if self.s_phase == "lay" else "mt.laying_over")
        return self._yes("mt.done", n=len(self.s_laid))

    def _explain_take(self, action: Action) -> Explanation:
        pos = self._pos(self._params(action, pos=tuple)["pos"])
        if self.s_phase != "score":
            return self._no("mt.take_not_now")
        top = self._top(pos)
        if top < 0:
            return self._no("mt.take_empty", pos=pos_text(pos))
        m = metals()[top]
        t = self.s_taking
        if t is not None:
            if top != t["layer"] or pos not in t["area"] or pos in t["taken"]:
                return self._no("mt.take_other_area", card=self._name(t["layer"]), pos=pos_text(pos))
            area = [p for p in t["area"] if p not in t["taken"]]
            need = t["need"] - len(t["taken"])
            size = len(t["area"])
        else:
            area = self._area_of(pos)
            need, size = m.removes, len(area)
            if size < m.area:
                return self._no("mt.area_small", (Step(Msg("mt.area_size", card=self._name(top), n=size, need=m.area),
                                                       area_check(size, m.area)),), card=self._name(top))
            if self.s_chain is not None and not set(area) & set(self.s_chain):
                return self._no("mt.chain_only", card=self._name(top))
            if self.s_chain is None and not self._made_by_move(area):
                return self._no("mt.not_this_move", card=self._name(top))
        # the text is read once the card is gone and the row shows fewer: every take, the first too (s21f:
        # "hat 3 Karten" beside 2/3), names the size scoring began with as such
        steps = [Step(Msg("mt.area_scored", card=self._name(top), n=size, need=m.area), area_check(size, m.area))]
        if top == IRON:
            rest = set(self.s_stacks) - {pos}
            if not is_connected(rest):
                parts = split_parts(set(self.s_stacks), pos)
                return self._no("mt.would_split", (Step(Msg("mt.parts", sizes=MsgList(tuple(len(x) for x in parts),
                                                                                      " + "))),),
                                pos=pos_text(pos), k=len(parts))
            if not removal_completes(rest, [p for p in area if p != pos], need - 1, True):
                return self._no("mt.would_strand", pos=pos_text(pos), need=need - 1)
            steps.append(Step(Msg("mt.stays_whole", n=len(rest))))
        taken = len(t["taken"]) + 1 if t is not None else 1
        return self._yes("mt.take", tuple(steps), card=self._name(top), pos=pos_text(pos), k=taken, need=m.removes)

    def _explain_finish(self, action: Action) -> Explanation:
        self._params(action)
        if self.s_phase != "score":
            return self._no("mt.finish_not_now")
        if self.s_taking is not None:
            t = self.s_taking
            return self._no("mt.finish_taking", n=t["need"] - len(t["taken"]), card=self._name(t["layer"]))
        return self._yes("mt.finish")

    # ------------------------------------------------------------------ applying
    def _do(self, action: Action, explanation: Explanation | None) -> Outcome:
        # ``explanation`` is None on the fast path: the same effect, and the steps that only
        # explain (removable cards, chains, facts) are not worked out
        kind = action.kind
        p = action.player
        if kind == "draw":
            return self._draw(p, explanation)
        if kind == "lay":
            return self._lay(p, metal(action.get("metal")).layer, self._pos(action.get("pos")), explanation)
        if kind == "done":
            return self._done(p, explanation)
        if kind == "take":
            return self._take(p, self._pos(action.get("pos")), explanation)
        if kind == "finish":
            return self._end_turn(p, explanation)
        raise AssertionError(kind)  # pragma: no cover

    def _draw(self, p: int, explanation: Explanation | None) -> Outcome:
        card = self.s_pile.pop()
        if card == self.stop_id:
            return self._stop(p, explanation, "turn")
        layer = self.layer_of[card]
        steps = steps_of(explanation)
        self.s_from_pile = True
        where = self.targets(layer)
        if not where:
            self.s_discard.append(card)
            steps.append(Step(Msg("mt.drawn_dead", card=self._name(layer))))
            return self._end_turn(p, amended(explanation, steps=tuple(steps)))
        self.s_drawn = card
        self.s_phase = "drawn"
        steps.append(Step(Msg("mt.drawn", card=self._name(layer), n=len(where))))
        # a draw reveals a hidden card: it cannot be undone (ends_turn=True only closes the undo chain)
        return Outcome(amended(explanation, steps=tuple(steps)), ends_turn=True)

    def _lay(self, p: int, layer: int, pos: Pos, explanation: Explanation | None) -> Outcome:
        if self.s_phase == "drawn":
            card = self.s_drawn
            assert card is not None
            self.s_drawn = None
            self.s_phase = "lay"
        else:
            card = next(i for i in self.s_hands[p] if self.layer_of[i] == layer)
            self.s_hands[p].remove(card)
        self.s_stacks.setdefault(pos, []).append(card)
        self._board_changed()
        self.s_laid.append((pos, card))
        return Outcome(explanation, ends_turn=False)

    def _done(self, p: int, explanation: Explanation | None) -> Outcome:
        self.s_phase = "score"
        areas = self.scorable()
        steps = steps_of(explanation)
        for layer, cells in self._big_areas() if explanation is not None else ():
            m = metals()[layer]
            ok = any(cells == c for _, c in areas)
            why = "mt.scorable" if ok else "mt.unscorable" if self._made_by_move(cells) else "mt.untouched_area"
            steps.append(Step(Msg(why, card=self._name(layer), n=len(cells),
                                  need=m.area, removes=m.removes), area_check(len(cells), m.area)))
            if ok:
                steps += self._removal_steps(layer, cells, m.removes)
        if not areas:
            steps.append(Step(Msg("mt.no_area")))
            return self._end_turn(p, amended(explanation, steps=tuple(steps)))
        return Outcome(amended(explanation, steps=tuple(steps)), ends_turn=False)

    def _removal_steps(self, layer: int, area: list[Pos], need: int) -> list[Step]:
        """Which cards of ``area`` may be taken next, and (iron) which hold the lay-out together."""
        ok = [p for p in area if self._take_ok(area, p, need)]
        steps = [Step(Msg("mt.removable", n=len(ok), cells=MsgList(tuple(pos_text(p) for p in ok))))]
        cut = [p for p in area if p not in ok]
        if layer == IRON and cut:
            steps.append(Step(Msg("mt.cut_cards", n=len(cut), cells=MsgList(tuple(pos_text(p) for p in cut)))))
        return steps

    def _big_areas(self) -> list[tuple[int, list[Pos]]]:
        return [(layer, cells) for layer, cells in self._areas() if len(cells) >= metals()[layer].area]

    def _take(self, p: int, pos: Pos, explanation: Explanation | None) -> Outcome:
        layer = self._top(pos)
        m = metals()[layer]
        if self.s_taking is None:
            self.s_taking = {"layer": layer, "area": self._area_of(pos), "need": m.removes, "taken": [],
                             "cards": []}
        t = self.s_taking
        card = self.s_stacks[pos].pop()
        self._board_changed()
        if not self.s_stacks[pos]:
            del self.s_stacks[pos]
        t["taken"].append(pos)
        t["cards"].append(card)
        if len(t["taken"]) < t["need"]:
            if explanation is None:
                return Outcome(None, ends_turn=False)
            left = [q for q in t["area"] if q not in t["taken"]]
            steps = list(explanation.steps) + self._removal_steps(layer, left, t["need"] - len(t["taken"]))
            return Outcome(replace(explanation, steps=tuple(steps)), ends_turn=False)
        kept, *rest = t["cards"]
        self.s_won[p].append(kept)
        self.s_discard += rest
        uncovered = [q for q in t["taken"] if q in self.s_stacks]
        self.s_taking = None
        self.s_chain = uncovered
        if explanation is None:
            return Outcome(None, ends_turn=False)
        f = m.facts
        steps = list(explanation.steps)
        steps.append(Step(Msg("mt.scored", card=self._name(layer), discarded=len(rest))))
        steps.append(Step(Msg("mt.facts", card=self._name(layer), z=f.number, mass=Num(f.atomic_mass, 2),
                              density=f.density_msg())))
        if layer > IRON:
            below = metals()[layer - 1]
            for lay, cells in self.scorable():
                steps.append(Step(Msg("mt.chain", card=self._name(lay), n=len(cells), need=below.area),
                                  area_check(len(cells), below.area)))
                steps += self._removal_steps(lay, cells, below.removes)
        explanation = replace(explanation, steps=tuple(steps), points=1,
                              data={"score_delta": {p: 1}, "won": SYMBOLS[layer]})
        return Outcome(explanation, ends_turn=False)

    def _end_turn(self, p: int, explanation: Explanation | None) -> Outcome:
        steps = steps_of(explanation)
        hand = self.s_hands[p]
        drew = 0
        while len(hand) < setting("hand_size") and self.s_pile:
            card = self.s_pile.pop()
            if card == self.stop_id:
                return self._stop(p, amended(explanation, steps=tuple(steps)), "refill")
            hand.append(card)
            drew += 1
        # nothing drawn: the turn began with the draw pile (its card laid at once, or discarded) and
        # laid no hand card, so the hand still holds its three ("0 Karten nachgezogen, wieder drei"
        # said otherwise, s23d). The pile never runs out before the hand is full: the stop card lies in
        # it until it is drawn, which ends the game.
        steps.append(Step(Msg("mt.refilled", n=drew, pile=len(self.s_pile)) if drew else
                          Msg("mt.hand_still_full", pile=len(self.s_pile))))
        self.s_current = (p + 1) % self.players
        self.s_turn += 1
        self._new_turn_state()
        return Outcome(amended(explanation, steps=tuple(steps)), ends_turn=True)

    def _stop(self, p: int, explanation: Explanation | None, when: str) -> Outcome:
        self.s_over = True
        self.s_end = {"player": p, "when": when}
        self.s_phase = "over"
        self.s_drawn = None
        if explanation is None:
            return Outcome(None, ends_turn=True)
        # the log's headline says that the game ended (and what the bonus cards added); what was tried
        # (a draw, ending the turn) stays as the first step
        steps = [Step(explanation.headline), *explanation.steps, Step(Msg("mt.stop_" + when, player=p + 1))]
        data = dict(explanation.data)
        headline = Msg("mt.stop_headline", player=p + 1)
        if self.bonus is not None:
            delta, added = {}, []
            for q, b in enumerate(self.bonus):
                n = self.won_counts(q)[b]
                steps.append(Step(Msg("mt.bonus_reveal", player=q + 1, card=self._name(metal(b).layer), n=n,
                                      before=len(self.s_won[q]), after=self.scores()[q])))
                added.append(Msg("mt.bonus_added", player=q + 1, card=self._name(metal(b).layer), n=n))
                if n:
                    delta[q] = n
            data["score_delta"] = delta
            headline = Msg("mt.stop_headline_bonus", player=p + 1, bonus=MsgList(tuple(added)))
        steps.append(Step(Msg("mt.final_scores", scores=MsgList(tuple(
            Msg("mt.score_of", player=q + 1, n=s) for q, s in enumerate(self.scores()))))))
        tie = self._tie_msg(short=True)  # the walk itself stands once, in the list under the status
        if tie is not None:
            steps.append(Step(tie))
        return Outcome(replace(explanation, headline=headline, steps=tuple(steps), data=data), ends_turn=True)

    # ------------------------------------------------------------------ views and hints
    def card_count(self) -> int:
        """Metal cards anywhere in the game (always 103: none is created or lost)."""
        return (sum(len(s) for s in self.s_stacks.values()) + sum(1 for i in self.s_pile if i != self.stop_id)
                + sum(map(len, self.s_hands)) + len(self.s_discard) + sum(map(len, self.s_won))
                + (self.s_drawn is not None) + (len(self.s_taking["cards"]) if self.s_taking else 0))

    def _redeal(self, viewer: int | None, rng: random.Random) -> None:
        """Hidden: the other hands and the order of the pile; the stop card stays among the bottom
        five cards of the pile, where everyone knows it lies (the bonus cards stay with their owners)."""
        pile = self.s_pile
        stop = self.stop_id in pile
        if stop:
            pile.remove(self.stop_id)
        self._shuffle_places(rng, [h for p, h in enumerate(self.s_hands) if p != viewer] + [pile])
        if stop:
            pile.insert(rng.randrange(min(setting("stop_among_last"), len(pile) + 1)), self.stop_id)

    def _view(self, player: int | None, lang: str) -> dict[str, Any]:
        areas = []
        scorable = {tuple(c) for _, c in self.scorable()}
        for layer, cells in self._areas():
            m = metals()[layer]
            areas.append({"metal": SYMBOLS[layer], "cells": [list(c) for c in cells], "size": len(cells),
                          "needed": m.area, "removes": m.removes, "big": len(cells) >= m.area,
                          "scorable": tuple(cells) in scorable})
        t = self.s_taking
        out: dict[str, Any] = {
            "turn": self.s_turn, "phase": self.s_phase, "first": self.first,
            "stacks": [{"pos": list(pos), "x": draw_x(pos), "y": pos[1],
                        "cards": [{"id": i, "metal": self.kinds[i]} for i in st]}
                       for pos, st in sorted(self.s_stacks.items(), key=lambda kv: (kv[0][1], kv[0][0]))],
            "areas": areas,
            "pile": len(self.s_pile), "discard": len(self.s_discard),
            "hand_sizes": [len(h) for h in self.s_hands],
            "won": [self.won_counts(p) for p in range(self.players)],
            "drawn": {"id": self.s_drawn, "metal": self.kinds[self.s_drawn]} if self.s_drawn is not None else None,
            "laid": [{"pos": list(pos), "metal": self.kinds[c]} for pos, c in self.s_laid],
            "from_pile": self.s_from_pile,
            "mode": self._mode(),
            "taking": None if t is None else {"metal": SYMBOLS[t["layer"]], "area": [list(c) for c in t["area"]],
                                              "taken": [list(c) for c in t["taken"]], "need": t["need"],
                                              "cards": [{"id": i, "metal": self.kinds[i]} for i in t["cards"]]},
            "chain": None if self.s_chain is None else [list(c) for c in self.s_chain],
            "end": self.s_end,
            "metals": [m.to_dict(lang) for m in metals()],
            "bonus_variant": self.bonus is not None,
        }
        tie = self._tie_msg()
        if tie is not None:
            out["tiebreak"] = tie.render(lang)
            steps = self._tie_steps(lang)
            if steps is not None:
                out["tiebreak_steps"] = steps
        if player is not None:
            out["hand"] = [{"id": i, "metal": self.kinds[i]}
                           for i in sorted(self.s_hands[player], key=lambda i: (self.layer_of[i], i))]
            if self.bonus is not None:
                out["bonus"] = self.bonus[player]
            blocked = self._hand_blocked(player)
            if blocked:
                out["hand_blocked"] = {m: msg.render(lang) for m, msg in blocked.items()}
        if self.bonus is not None and self.s_over:
            out["bonus_all"] = list(self.bonus)
        return out

__all__ = ["Metallurgie"]
