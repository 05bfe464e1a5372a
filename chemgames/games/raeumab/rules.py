"""Räum-Ab! (1x1-Mahjong): the rule engine (rule sheet ``001``; decisions in docs/rules/raeumab.md).

109 NumNum cards lie face up in seven columns; only the lowest card of each column is free. Players
take pairs of free cards onto their own pile: a *simple* pair shares the colour or a common divisor,
a *double* pair shares both and obliges the player to take another pair. The game opens with the
fair start (double pairs are removed in turns) and ends when no pair is left, not even after a wish
swap by the player to move.

Actions: ``pair`` (``cards=[a, b]``, two free card ids, smaller first) and ``wish`` (``wish=w,
card=c``: a free wish card swapped for one of the last seven cards of one's own pile).

>>> import chemgames
>>> g = chemgames.new_game("raeumab", players=2, seed=3, lang="en")
>>> [len(c) for c in g.view(None)["columns"]]
[16, 16, 16, 16, 15, 15, 15]
>>> g.view(None)["phase"]
'start'
"""
from __future__ import annotations

import random

from dataclasses import dataclass, replace
from typing import Any

from ...core.action import Action
from ...core.errors import OptionError
from ...core.explanation import Explanation, Msg, MsgList, Step, amended, steps_of
from ...core.game import Game, Option, Outcome
from ...core.i18n import tr
from ...core.score import ScoreLine
from .deck import BANNABLE, COLUMN_SIZES, Card, card_dicts, deck, suits
from .pairs import DOUBLE, KIND_NAMES, NONE, SIMPLE, cards_list, match, pair_steps

WISH_REACH = 7  # "eine der letzten sieben Karten seines Ablagestapels"
KINDS = ("pair", "wish")


@dataclass(frozen=True)
class Hint:
    """A pair that may be taken now: its ``kind`` ("double" or "simple"), card codes and actions.
    ``swap`` names the wish swap that comes first, as codes ``("W", card)``, when only the swap
    makes the pair: then ``actions`` are the swap and the pair."""

    kind: str
    codes: tuple[str, str]
    actions: tuple[Action, ...]
    swap: tuple[str, str] | None = None

    @property
    def formula(self) -> str:
        """The pair as the cards read: ``R9 + G27``."""
        return f"{self.codes[0]} + {self.codes[1]}"

    @property
    def points(self) -> int:
        """The pair's two cards, each a point at the end (a wish swap costs none)."""
        return 2

    def __str__(self) -> str:
        pair = f"{self.formula} ({self.kind})"
        return f"{self.swap[0]} ↔ {self.swap[1]} → {pair}" if self.swap else pair

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "codes": list(self.codes), "actions": [a.to_json() for a in self.actions],
                "swap": list(self.swap) if self.swap else None}


class RaeumAb(Game[Hint]):
    """The engine of Räum-Ab! for 2 to 4 players, and 1 player as practice (clear as many pairs as you can)."""

    id = "raeumab"
    titles = {"de": "Räum-Ab! (1x1-Mahjong)", "en": "Räum-Ab! (times-table mahjong)"}
    min_players = 1
    max_players = 4
    # what changes during play (undo, copies and the fast path keep exactly these)
    state_attrs = ("s_aside", "s_columns", "s_piles", "s_origin", "s_returned", "s_phase", "s_current",
                       "s_swapped", "s_turn", "s_over")
    position_options = ("columns", "piles")  # a save that sets these must be signed (core.savekey)
    fast_do = True  # `_do` works without its explanation (the fast path)
    options = {
        # None: the fair start with two or more players; alone (practice) there is nobody to be fair to
        "fair_start": Option(None, choices=(None, True, False)),
        "columns": Option(None, kind=(list, tuple)),
        "rest": Option("above", choices=("above", "aside")),
        "piles": Option(None, kind=(list, tuple)),
    }

    # ------------------------------------------------------------------ set-up
    def _setup(self) -> None:
        o = self.option_values
        self.cards: tuple[Card, ...] = deck()
        pool = list(range(len(self.cards)))
        self.rng.shuffle(pool)
        given = self._chosen(o["columns"], len(COLUMN_SIZES), pool, "columns")
        piles = self._chosen(o["piles"], self.players, pool, "piles")
        columns = [list(c) for c in given]
        self.s_aside: list[int] = []
        if o["rest"] == "aside":
            self.s_aside = sorted(pool)  # a puzzle: only the chosen cards are laid out
        else:
            for j, size in enumerate(COLUMN_SIZES):
                if len(columns[j]) > size:
                    raise OptionError(tr(self._lang, "ra.option_column_long", col=j + 1, size=size))
                need = min(size - len(columns[j]), len(pool))
                columns[j] = pool[:need] + columns[j]
                del pool[:need]
            assert not pool
        self.s_columns: list[list[int]] = columns
        self.s_piles: list[list[int]] = [list(p) for p in piles]
        # how each card on a pile got there, for the final account: "double", "simple" (a pair),
        # "wish" (a wish card swapped in; s_returned names the card it went back for) or "start"
        self.s_origin: dict[int, str] = {i: "start" for p in piles for i in p}
        self.s_returned: dict[int, int] = {}
        fair = self.players > 1 if o["fair_start"] is None else o["fair_start"]
        self.s_phase = "start" if fair else "play"
        self.s_current = 0
        self.s_swapped = False
        self.s_turn = 1
        self.s_over = False
        self.s_over = not self._can_go_on()

    def _chosen(self, spec: Any, n: int, pool: list[int], name: str) -> list[list[int]]:
        """Cards a teacher chose by code (option ``columns`` or ``piles``), taken out of ``pool``."""
        if spec is None:
            return [[] for _ in range(n)]
        if len(spec) > n or not all(isinstance(x, (list, tuple)) for x in spec):
            raise OptionError(tr(self._lang, f"ra.option_{name}", n=n))
        by_code: dict[str, list[int]] = {}
        for i in pool:
            by_code.setdefault(self.cards[i].code, []).append(i)
        out: list[list[int]] = []
        for codes in spec:
            ids = []
            for code in codes:
                if not isinstance(code, str) or not by_code.get(code):
                    raise OptionError(tr(self._lang, "ra.option_card", card=str(code)[:20]))
                ids.append(by_code[code].pop(0))
            out.append(ids)
        taken = {i for ids in out for i in ids}
        pool[:] = [i for i in pool if i not in taken]
        return out + [[] for _ in range(n - len(out))]

    # ------------------------------------------------------------------ state queries
    @property
    def is_over(self) -> bool:
        return self.s_over

    def _current_player(self) -> int | None:
        return self.s_current

    def _scores(self) -> list[int]:
        return [len(p) for p in self.s_piles]

    def free_cards(self) -> list[int]:
        """The ids of the free cards: the lowest card of every column that still holds cards."""
        return [c[-1] for c in self.s_columns if c]

    @property
    def phase(self) -> str:
        """``"start"`` during the fair start, then ``"play"``."""
        return self.s_phase

    def table(self) -> dict[str, Any]:
        """Where every card is: ``columns`` (lowest card last), ``piles`` (newest last), ``aside``.

        >>> import chemgames
        >>> t = chemgames.new_game("raeumab", seed=1).table()
        >>> sum(map(len, t["columns"])) + sum(map(len, t["piles"])) + len(t["aside"])
        109
        """
        return {"columns": [list(c) for c in self.s_columns], "piles": [list(p) for p in self.s_piles],
                "aside": list(self.s_aside)}

    def bans(self) -> frozenset[int]:
        """The numbers forbidden as a common divisor now (a 2- or 5-forbidden card lies free)."""
        return frozenset(self.cards[i].value for i in self.free_cards()  # type: ignore[misc]
                         if self.cards[i].kind == "forbidden")

    def _pairs(self, free: list[int] | None = None) -> list[tuple[int, int, int]]:
        """Every pair of free cards ``(a, b, kind)`` with ``a < b``, double pairs first (``free``: the
        free cards to look at, by default those of the lay-out; the bans come from them)."""
        free = sorted(self.free_cards() if free is None else free)
        bans = frozenset(self.cards[i].value for i in free if self.cards[i].kind == "forbidden")
        out = []
        for k, a in enumerate(free):
            for b in free[k + 1:]:
                kind = match(self.cards[a], self.cards[b], bans)
                if kind != NONE:
                    out.append((a, b, kind))
        out.sort(key=lambda t: -t[2])
        return out

    def _swap_options(self) -> list[tuple[int, int]]:
        """Every ``(wish card, pile card)`` the player to move could exchange now: during play, at
        most one swap before each pair, a free wish card for one of the last seven cards of the pile."""
        if self.s_over or self.s_phase != "play" or self.s_swapped:
            return []
        return [(w, c) for w in self._free_wishes() for c in self.wish_reach(self.s_current)]

    def _pairs_after(self, w: int, c: int) -> list[tuple[int, int, int]]:
        """The pairs of free cards once pile card ``c`` has taken the place of wish card ``w``."""
        return self._pairs([c if i == w else i for i in self.free_cards()])

    def swaps(self) -> list[tuple[int, int]]:
        """The wish swaps the player to move may make now: those after which a pair can be taken
        (the sheet: "Bevor er ein Kartenpaar nimmt" — the swap comes before a pair)."""
        return [(w, c) for w, c in self._swap_options() if self._pairs_after(w, c)]

    def swap_pairs(self) -> list[tuple[int, int, tuple[int, int, int]]]:
        """The pairs that only a wish swap makes: ``(wish, card, (a, b, kind))``, the swapped-in
        ``card`` being one of ``a``, ``b`` (every other pair could be taken without the swap)."""
        return [(w, c, t) for w, c in self._swap_options() for t in self._pairs_after(w, c) if c in t[:2]]

    def _can_go_on(self) -> bool:
        """The sheet's end: "Wenn es kein passendes Paar mehr gibt" — no pair of free cards, and no
        wish swap ("Bevor er ein Kartenpaar nimmt, darf der Spieler eine Wunschkarte ... tauschen")
        by the player to move that would make one."""
        return bool(self._pairs()) or any(self._pairs_after(w, c) for w, c in self._swap_options())

    def _allowed_pairs(self) -> list[tuple[int, int, int]]:
        pairs = self._pairs()
        if self.s_phase == "start" and any(k == DOUBLE for _, _, k in pairs):
            return [t for t in pairs if t[2] == DOUBLE]  # the fair start removes double pairs first
        return pairs

    def wish_reach(self, player: int) -> list[int]:
        """The cards of ``player``'s pile a wish card may be swapped for: the last seven put on it."""
        return self.s_piles[player][-WISH_REACH:]

    def _free_wishes(self) -> list[int]:
        return [i for i in self.free_cards() if self.cards[i].kind == "wish"]

    # ------------------------------------------------------------------ legal actions
    def _act(self, kind: str, **params: Any) -> Action:
        return Action(self.id, self.s_current, kind, tuple(params.items()))

    def _legal(self) -> list[Action]:
        out = [self._act("pair", cards=(a, b)) for a, b, _ in self._allowed_pairs()]
        out += [self._act("wish", wish=w, card=c) for w, c in self.swaps()]
        return out

    # ------------------------------------------------------------------ explanations
    def _explain(self, action: Action) -> Explanation:
        if action.kind not in KINDS:
            return self._no("ra.unknown_kind", kind=action.kind[:30])
        names = {k for k, _ in action.params}
        if action.kind == "pair":
            cards = action.get("cards")
            if names != {"cards"} or not _ids(cards, 2) or cards[0] >= cards[1]:
                return self._no("ra.bad_pair_params", action=str(action)[:80])
            return self._explain_pair(cards[0], cards[1])
        if names != {"wish", "card"} or not _ids((action.get("wish"), action.get("card")), 2):
            return self._no("ra.bad_wish_params", action=str(action)[:80])
        return self._explain_wish(action.player, action.get("wish"), action.get("card"))

    def _where(self, i: int) -> Explanation | None:
        """``None`` if card ``i`` is free, else an explanation of why it is not."""
        if not 0 <= i < len(self.cards):
            return self._no("ra.no_such_card", id=i, last=len(self.cards) - 1)
        card = self.cards[i].label()
        for j, col in enumerate(self.s_columns):
            if i in col:
                below = len(col) - 1 - col.index(i)
                if below == 0:
                    return None
                return self._no("ra.not_free", card=card, col=j + 1, n=below, free=self.cards[col[-1]].label())
        for p, pile in enumerate(self.s_piles):
            if i in pile:
                return self._no("ra.in_pile", card=card, player=p + 1)
        return self._no("ra.set_aside", card=card)

    def _explain_pair(self, a: int, b: int) -> Explanation:
        for i in (a, b):
            refusal = self._where(i)
            if refusal is not None:
                return refusal
        ca, cb = self.cards[a], self.cards[b]
        bans = self.bans()
        kind, steps = pair_steps(ca, cb, bans)
        names: dict[str, Any] = dict(a=ca.label(), b=cb.label())
        if kind == NONE:
            return self._no("ra.no_pair", tuple(steps), **names)
        if self.s_phase == "start" and kind == SIMPLE:
            double = next((t for t in self._pairs() if t[2] == DOUBLE), None)
            if double is not None:
                return self._no("ra.start_double_first", tuple(steps), **names,
                                da=self.cards[double[0]].label(), db=self.cards[double[1]].label())
        key = "ra.double_pair" if kind == DOUBLE else "ra.simple_pair"
        return replace(self._yes(key, tuple(steps), **names), data={"pair": KIND_NAMES[kind]})

    def _explain_wish(self, player: int, w: int, c: int) -> Explanation:
        refusal = self._where(w)
        if refusal is not None:
            return refusal
        if self.cards[w].kind != "wish":
            return self._no("ra.not_a_wish", card=self.cards[w].label())
        if self.s_phase != "play":
            return self._no("ra.wish_not_in_start")
        if self.s_swapped:
            return self._no("ra.wish_once")
        reach = self.wish_reach(player)
        if not reach:
            return self._no("ra.wish_empty_pile")
        if c not in reach:
            return self._no("ra.wish_out_of_reach", card=self.cards[c].label() if 0 <= c < len(self.cards) else c,
                            n=WISH_REACH, cards=cards_list([self.cards[i] for i in reach]))
        col = next(j for j, col in enumerate(self.s_columns) if col and col[-1] == w)
        if not self._pairs_after(w, c):
            good = next(iter(self.swaps()), None)
            if good is None:
                return self._no("ra.wish_leaves_no_pair", card=self.cards[c].label())
            return self._no("ra.wish_leaves_no_pair_but", card=self.cards[c].label(),
                            other=self.cards[good[1]].label())
        return self._yes("ra.wish_swap", card=self.cards[c].label(), col=col + 1, player=player + 1)

    # ------------------------------------------------------------------ applying
    def _do(self, action: Action, explanation: Explanation | None) -> Outcome:
        # ``explanation`` is None on the fast path: the same effect, without the steps that only tell
        p = action.player
        if action.kind == "wish":
            w, c = action.get("wish"), action.get("card")
            col = next(col for col in self.s_columns if col and col[-1] == w)
            col[-1] = c
            pile = self.s_piles[p]
            pile.remove(c)
            pile.append(w)
            del self.s_origin[c]
            self.s_origin[w], self.s_returned[w] = "wish", c
            self.s_swapped = True  # a swap is legal only if a pair can follow, so the game goes on
            return Outcome(explanation, ends_turn=False)
        a, b = action.get("cards")
        telling = explanation is not None
        before = set(self.free_cards()) if telling else set()
        # the kind of pair under the bans in force before the two cards leave the lay-out
        pair = explanation.data["pair"] if explanation is not None else KIND_NAMES[
            match(self.cards[a], self.cards[b], self.bans())]
        for col in self.s_columns:
            if col and col[-1] in (a, b):
                col.pop()
        double = pair == "double"
        steps = steps_of(explanation)
        freed = [self.cards[i] for i in self.free_cards() if i not in before] if telling else []
        if freed:
            steps.append(Step(Msg("ra.freed", cards=cards_list(freed))))
        nxt = (p + 1) % self.players
        self.s_swapped = False
        turn: Step | None = None
        if self.s_phase == "start":
            if double:
                self.s_aside += [a, b]
                steps.append(Step(Msg("ra.start_removed", player=nxt + 1)))
            else:
                self.s_piles[p] += [a, b]
                self.s_origin.update({a: "simple", b: "simple"})
                self.s_phase = "play"
                steps.append(Step(Msg("ra.start_over", player=nxt + 1, mover=p + 1)))
            keep = False
        else:
            self.s_piles[p] += [a, b]
            self.s_origin.update({a: pair, b: pair})
            keep = double
            steps.append(Step(Msg("ra.to_pile", player=p + 1, n=len(self.s_piles[p]))))
            # who moves next, unless no pair is left: "noch ein Paar nehmen" beside "das Spiel ist beendet"
            turn = Step(Msg("ra.again" if double else "ra.next", player=(p if double else nxt) + 1))
        if not keep:
            self.s_current = nxt
            self.s_turn += 1
        self.s_over = not self._can_go_on()  # for the player to move now, counting a wish swap
        if not telling:
            return Outcome(None, ends_turn=not keep or self.s_over)
        if self.s_over:
            steps.append(self._end_step())
            return Outcome(amended(explanation, steps=tuple(steps)), ends_turn=True)
        if turn is not None:
            steps.append(turn)
        if not self._pairs():
            w, c, (x, y, _) = self.swap_pairs()[0]
            other = y if x == c else x
            steps.append(Step(Msg("ra.only_by_swap", player=self.s_current + 1, card=self.cards[c].label(),
                                  other=self.cards[other].label())))
        return Outcome(amended(explanation, steps=tuple(steps)), ends_turn=not keep or self.s_over)

    def _end_step(self) -> Step:
        wish_unused = (self.s_phase == "play" and not self.s_swapped and self._free_wishes()
                       and self.wish_reach(self.s_current))
        return Step(Msg("ra.no_pair_no_swap" if wish_unused else "ra.no_pair_left", scores=", ".join(
            tr(self._lang, "ra.score", player=q + 1, n=len(pile)) for q, pile in enumerate(self.s_piles))))

    def _score_lines(self, player: int) -> list[ScoreLine]:
        """The cards on ``player``'s pile by how they got there: from double pairs (a pair of
        forbidden cards counts as one), from simple pairs, wish cards swapped in (and the cards they
        went back into the lay-out for), cards laid on the pile before the game (option ``piles``).

        >>> import chemgames
        >>> g = chemgames.new_game("raeumab", players=1, seed=1, lang="en", fair_start=False, rest="aside",
        ...                        columns=[["W"], ["R9"], ["B25"], ["Y7"]], piles=[["G27"]])
        >>> for action in g.hints()[0].actions:
        ...     _ = g.apply(action)
        >>> for line in g.score_breakdown()[0].lines:
        ...     print(line.points, line.label.render("en"), "|", line.detail.render("en"))
        2 cards from simple pairs | red ● 9, green ▲ 27
        1 wish cards swapped onto the pile | given back to the lay-out: green ▲ 27
        >>> g.score_breakdown()[0].sum_text(), g.scores()
        ('2 + 1 = 3', [3])
        """
        pile = self.s_piles[player]
        lines = []
        for origin in ("double", "simple", "wish", "start"):
            cards = [i for i in pile if self.s_origin.get(i) == origin]
            if not cards:
                continue
            detail: Msg | MsgList = cards_list([self.cards[i] for i in cards])
            if origin == "wish":
                detail = Msg("ra.score.returned", cards=cards_list([self.cards[self.s_returned[i]] for i in cards]))
            lines.append(ScoreLine(Msg(f"ra.score.{origin}"), len(cards), detail))
        return lines or [ScoreLine(Msg("ra.score.none"), 0)]

    # ------------------------------------------------------------------ views and hints
    def _redeal(self, viewer: int | None, rng: random.Random) -> None:
        """Nothing is hidden in Räum-Ab!: every card lies open."""

    def _view(self, player: int | None, lang: str) -> dict[str, Any]:
        current = None if self.s_over else self.s_current
        return {
            "phase": self.s_phase, "turn": self.s_turn, "swapped": self.s_swapped,
            "columns": [list(c) for c in self.s_columns],
            "free": self.free_cards(),
            "bans": sorted(self.bans()),
            "piles": [list(p) for p in self.s_piles],
            "aside": list(self.s_aside),
            "wish_reach": self.wish_reach(current) if current is not None else [],
            "suits": suits(),
            "cards": card_dicts(),
        }

    def hints(self, limit: int | None = None) -> list[Hint]:
        """Every pair that may be taken now, and every pair that a wish swap first makes ("swap the
        wish card for B27, then take B27 + R9"), best first (at most ``limit``): double pairs before
        simple ones, since a double pair keeps the turn; of the same kind, a pair without a swap
        first. A swap costs no card (the pile keeps its size), so a double pair made by a swap beats
        a simple pair taken directly.

        >>> import chemgames
        >>> g = chemgames.new_game("raeumab", players=1, seed=1, lang="en", fair_start=False, rest="aside",
        ...                        columns=[["W"], ["R9"], ["B25"], ["Y7"]], piles=[["G27"]])
        >>> [str(h) for h in g.hints()]
        ['W ↔ G27 → R9 + G27 (simple)']
        """
        if self.is_over:
            return []
        direct = [(k, 0, Hint(KIND_NAMES[k], (self.cards[a].code, self.cards[b].code),
                               (self._act("pair", cards=(a, b)),)))
                  for a, b, k in self._allowed_pairs()]
        swapped, seen = [], set()
        for w, c, (a, b, k) in self.swap_pairs():
            if (c, a, b) not in seen:
                seen.add((c, a, b))
                swapped.append((k, 1, Hint(KIND_NAMES[k], (self.cards[a].code, self.cards[b].code),
                                           (self._act("wish", wish=w, card=c), self._act("pair", cards=(a, b))),
                                           swap=(self.cards[w].code, self.cards[c].code))))
        ranked = sorted(direct + swapped, key=lambda t: (-t[0], t[1]))  # stable: the engine's order within
        out = [h for _, _, h in ranked]
        return out if limit is None else out[:limit]


def _ids(values: Any, n: int) -> bool:
    return (isinstance(values, tuple) and len(values) == n
            and all(isinstance(v, int) and not isinstance(v, bool) for v in values))


__all__ = ["RaeumAb", "Hint", "WISH_REACH", "BANNABLE"]
