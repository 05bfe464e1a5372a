"""Chemuno: the quick ChemiX card game (rule sheet ``000``; decisions in docs/rules/chemuno.md).

All 72 ChemiX cards are shuffled together, seven each. A card fits on the card below when both
show a common element or multiplier; a noble gas fits on anything and wishes an element. A
multiplier makes the next player draw 2, 3 or 4 cards unless they answer with the same multiplier,
which doubles the draw. Who cannot lay a card draws one and may lay it at once. Laying the
second-to-last card needs the call "Cheeeee…" (``call``), else two cards as a penalty; the first
to lay the last card ("…miX!") wins. The draw pile is the cards left after dealing ("Die übrigen
Karten werden verdeckt als Nachziehstapel in die Mitte gelegt"), never rebuilt: once it is empty,
who cannot lay passes, and when everyone has passed in a row the fewest cards win. So every game
ends, within ``max_actions(players)`` actions.

Actions: ``play(card[, wish])``, ``call``, ``draw``, ``keep`` (after drawing), ``pass`` (nothing
to lay and nothing left to draw).

>>> import chemgames
>>> g = chemgames.new_game("chemuno", players=3, seed=4, lang="en", starter=1)
>>> g.current_player, g.view()["hand_sizes"]
(1, [7, 7, 7])
>>> first = g.legal_actions()[0]
>>> g.apply(first).ok
True
"""
from __future__ import annotations

import random

from dataclasses import dataclass, replace
from typing import Any

from ...core.action import Action
from ...core.errors import OptionError
from ...core.explanation import Explanation, Msg, MsgList, Step
from ...core.game import Game, LogEntry, Outcome
from ...core.i18n import tr
from ...core.score import ScoreLine
from ..chemix.cards import MULTIPLIERS, card_set
from .fit import card_label, fit_steps, fits, multiplier_steps, noble_steps
from .position import OPTIONS, POSITION_OPTIONS, check_pile, leave_in_draw

HAND_SIZE = 7
FORGOT_PENALTY = 2
KINDS = ("play", "call", "draw", "keep", "pass")
# What the other players read of a draw: the steps that name no drawn card (whitelisted, so a new
# step that names the card stays secret by default).
PUBLIC_DRAW_STEPS = frozenset({"cu.short"})


def max_actions(players: int) -> int:
    """An upper bound on the actions of any Chemuno game of ``players`` players.

    The draw pile is never rebuilt, so a card leaves it at most once: at most ``D = 72 − 7·players``
    plain draws, each followed by at most one ``keep``; a card is laid at most once (72 plays, each
    after at most one ``call``); a pending draw follows a multiplier card (9 of them). Between two
    of these at most ``players − 1`` passes, and ``players`` passes in a row end the game.

    >>> max_actions(2), max_actions(4)
    (540, 968)
    """
    cs = card_set()
    deck = len(cs.all_ids()) - HAND_SIZE * players
    multipliers = sum(cs.kind(c) == "multiplier" for c in cs.all_ids())
    moves = 2 * len(cs.all_ids()) + 2 * deck + multipliers
    return moves * players + players


@dataclass(frozen=True)
class Hint:
    """A complete move for the current player: the card (and wish), its actions, a score for bots,
    and why it fits (``why``, computed from the cards: what they share, the wish, the multiplier)."""

    card: str
    wish: str | None
    actions: tuple[Action, ...]
    score: int
    why: MsgList | None = None

    @property
    def formula(self) -> str:
        """The card as printed, with subscripts (and the wish): ``H₂O``, ``×2``, ``Ne → C``."""
        return card_label(self.card) + ("" if self.wish is None else f" → {self.wish}")

    @property
    def points(self) -> int:
        return self.score


class Chemuno(Game[Hint]):
    """The engine of Chemuno (2 to 4 players)."""

    id = "chemuno"
    titles = {"de": "Chemuno", "en": "Chemuno"}
    min_players = 2
    max_players = 4
    pass_kinds = ("keep", "draw", "pass")
    # what changes during play (undo, copies and the fast path keep exactly these)
    state_attrs = ("s_hands", "s_draw", "s_pile", "s_current", "s_wish", "s_pending", "s_drawn", "s_called",
                       "s_passes", "s_winner", "s_over", "s_turn", "s_penalties")
    fast_do = True  # `_do` works without its explanation (the fast path)
    rules_version = 2  # 2: the draw pile is no longer rebuilt from the discard pile (every game ends)
    position_options = POSITION_OPTIONS  # a save that sets these must be signed (core.savekey)
    options = OPTIONS  # documented in position.py

    # ------------------------------------------------------------------ set-up
    def _setup(self) -> None:
        cs = card_set()
        self.elements = tuple(cs.element_supply)  # the elements a noble gas may wish
        deck = list(cs.all_ids())
        self.rng.shuffle(deck)
        self.s_hands: list[list[str]] = [[] for _ in range(self.players)]
        o = self.option_values
        chosen = self._chosen(o["hands"], deck, "hands")
        for p, hand in enumerate(chosen):
            self.s_hands[p] = hand  # a chosen hand is dealt exactly as chosen (lessons, tests)
        top = self._chosen([o["draw_top"]] if o["draw_top"] is not None else None, deck, "draw_top")
        pile = self._chosen([o["pile"]] if o["pile"] is not None else None, deck, "pile")
        first: list[str] = pile[0] if pile else []
        check_pile(first, self._lang)
        for _ in range(HAND_SIZE):
            for p in range(len(chosen), self.players):
                self.s_hands[p].append(deck.pop())
        deck += list(reversed(top[0])) if top else []
        if o["draw_left"] is not None:  # a game played that far: the other cards lie under the pile
            deck, first = leave_in_draw(deck, first, o["draw_left"], self._lang)
        self.s_draw: list[str] = deck  # the top of the pile is the end of the list
        self.s_pile: list[str] = first
        starter = o["starter"] if o["starter"] is not None else self.rng.randrange(self.players)
        if not 0 <= starter < self.players:
            raise OptionError(tr(self._lang, "core.bad_seat", value=starter, players=self.players))
        self.starter = starter
        self.s_current = starter
        self.s_wish: str | None = None
        self.s_pending = 0            # cards the current player must draw (after a multiplier)
        self.s_drawn: str | None = None  # the card just drawn, which may be laid at once
        self.s_called = False         # "Cheeeee…" said this turn
        self.s_passes = 0
        self.s_winner: int | None = None
        self.s_over = False
        self.s_turn = 1
        self.s_penalties = [0] * self.players

    def _chosen(self, hands: Any, deck: list[str], name: str) -> list[list[str]]:
        """Take chosen cards out of ``deck`` (option ``hands`` or ``draw_top``)."""
        if hands is None:
            return []
        limit = HAND_SIZE if name == "hands" else len(deck)
        if len(hands) > self.players or not all(isinstance(h, (list, tuple)) and len(h) <= limit for h in hands):
            raise OptionError(tr(self._lang, "cu.bad_chosen", name=name, players=self.players, n=limit))
        out = []
        for hand in hands:
            picked = []
            for card in hand:
                if not isinstance(card, str) or card not in deck:
                    raise OptionError(tr(self._lang, "cu.chosen_missing", card=str(card)[:20], name=name))
                deck.remove(card)
                picked.append(card)
            out.append(picked)
        return out

    # ------------------------------------------------------------------ state
    @property
    def is_over(self) -> bool:
        return self.s_over

    def _current_player(self) -> int | None:
        return self.s_current

    @property
    def top(self) -> str | None:
        return self.s_pile[-1] if self.s_pile else None

    def _scores(self) -> list[int]:
        """Minus one for every card still in the hand (the winner has 0)."""
        return [-len(h) for h in self.s_hands]

    def _score_lines(self, player: int) -> list[ScoreLine]:
        """The final account: the sheet knows only a winner ("Wer seine letzte Karte ablegt … hat
        gewonnen"); the score is minus one per card still in the hand, with how the hand came to be.

        >>> import chemgames
        >>> g = chemgames.new_game("chemuno", players=2, seed=1, lang="en")
        >>> [a.to_dict("en")["lines"] for a in g.score_breakdown()][0]
        [{'label': 'Cards in hand (−1 each)', 'points': -7, 'detail': None}]
        """
        detail: list[Msg] = []
        if self.s_winner == player:
            detail.append(Msg("cu.score.mix"))
        elif self.s_over and self.s_winner is None and player in self.winners():
            detail.append(Msg("cu.score.fewest"))
        if self.s_penalties[player]:
            detail.append(Msg("cu.score.forgot", n=self.s_penalties[player]))
        return [ScoreLine(Msg("cu.score.hand"), -len(self.s_hands[player]), MsgList(tuple(detail), "; ") if detail else None)]

    def winners(self) -> list[int]:
        if not self.s_over:
            return []
        if self.s_winner is not None:
            return [self.s_winner]
        return super().winners()

    def _act(self, kind: str, **params: Any) -> Action:
        return Action(self.id, self.s_current, kind, tuple(params.items()))

    def _drawable(self) -> int:
        """Cards that a draw can reach: the draw pile (it is never rebuilt from the discard pile)."""
        return len(self.s_draw)

    def _fits(self, card: str) -> bool:
        return fits(card, self.top, self.s_wish)

    # ------------------------------------------------------------------ legal actions
    def _plays(self, card: str) -> list[Action]:
        if card_set().kind(card) == "noble":
            return [self._act("play", card=card, wish=w) for w in self.elements]
        return [self._act("play", card=card)]

    def _playable(self) -> list[str]:
        hand = self.s_hands[self.s_current]
        if self.s_drawn is not None:
            return [self.s_drawn] if self._fits(self.s_drawn) else []
        if self.s_pending:
            face = card_set().face(self.top or "")
            return sorted({c for c in hand if card_set().kind(c) == "noble"
                           or (card_set().kind(c) == "multiplier" and card_set().face(c) == face)})
        return sorted({c for c in hand if self._fits(c)})

    def _legal(self) -> list[Action]:
        playable = self._playable()
        out = [a for c in playable for a in self._plays(c)]
        hand = self.s_hands[self.s_current]
        if len(hand) == 2 and not self.s_called and any(self._after_lay(c)[1] == 1 for c in playable):
            out.append(self._act("call"))
        if self.s_drawn is not None and not self.s_called:
            out.append(self._act("keep"))
        elif self.s_pending:
            out.append(self._act("draw"))
        elif not playable:
            out.append(self._act("draw") if self._drawable() else self._act("pass"))
        return out

    def _after_lay(self, card: str) -> tuple[int, int]:
        """(cards drawn for a pending multiplier, cards left in the hand) if ``card`` is laid now.

        A noble gas laid on a pending multiplier still draws ("Die Edelgaskarte schützt allerdings
        nicht vor dem Aufnehmen"); the draw belongs to the same move, so it decides whether the
        hand is empty ("…miX!") or holds one card ("Cheeeee…"). Only the draw pile can be drawn.
        """
        drawn = 0
        if self.s_pending and card_set().kind(card) == "noble":
            drawn = min(self.s_pending, len(self.s_draw))
        return drawn, len(self.s_hands[self.s_current]) - 1 + drawn

    # ------------------------------------------------------------------ explanations
    def _explain(self, action: Action) -> Explanation:
        kind = action.kind
        if kind not in KINDS:
            return self._refuse("cu.unknown_kind", kind=kind[:30], kinds=", ".join(KINDS))
        if kind == "play":
            return self._explain_play(action)
        if kind == "call":
            if len(self.s_hands[self.s_current]) != 2:
                return self._refuse("cu.call_when", n=len(self.s_hands[self.s_current]))
            if self.s_called:
                return self._refuse("cu.called_already")
            if not any(self._after_lay(c)[1] == 1 for c in self._playable()):
                return self._refuse("cu.call_no_need", n=self.s_pending)
            return Explanation(True, Msg("cu.call"), rule="cu.call", lang=self._lang)
        if kind == "keep":
            if self.s_drawn is None:
                return self._refuse("cu.keep_when")
            if self.s_called:  # a call and then a keep would tell everyone that the card fits
                return self._refuse("cu.keep_called", card=card_label(self.s_drawn))
            return Explanation(True, Msg("cu.keep", card=card_label(self.s_drawn)), rule="cu.keep", lang=self._lang)
        if kind == "draw":
            if self.s_drawn is not None:
                return self._refuse("cu.drawn_already", card=card_label(self.s_drawn))
            if self.s_pending:
                return Explanation(True, Msg("cu.draw_pending", n=self.s_pending), rule="cu.pending", lang=self._lang)
            if self._playable():
                return self._refuse("cu.draw_can_play", cards=", ".join(map(card_label, self._playable())))
            if not self._drawable():
                return self._refuse("cu.nothing_to_draw")
            return Explanation(True, Msg("cu.draw"), rule="cu.draw", lang=self._lang)
        # pass
        if self._playable() or self.s_pending or self.s_drawn is not None or self._drawable():
            return self._refuse("cu.pass_when")
        return Explanation(True, Msg("cu.pass"), (Step(Msg("cu.pile_gone")),), rule="cu.pass", lang=self._lang)

    def _explain_play(self, action: Action) -> Explanation:
        cs = card_set()
        card, wish = action.get("card"), action.get("wish")
        if not isinstance(card, str) or card not in cs.all_ids():
            return self._refuse("cu.no_such_card", card=str(card)[:20])
        if card not in self.s_hands[self.s_current]:
            return self._refuse("cu.not_in_hand", card=card_label(card))
        if any(k not in ("card", "wish") for k, _ in action.params):
            return self._refuse("cu.bad_params")
        noble = cs.kind(card) == "noble"
        if noble and wish not in self.elements:
            return self._refuse("cu.wish_needed", card=card_label(card), elements=", ".join(self.elements))
        if not noble and wish is not None:
            return self._refuse("cu.wish_only_noble")
        if self.s_drawn is not None and card != self.s_drawn:
            return self._refuse("cu.only_drawn", card=card_label(self.s_drawn))
        if self.s_pending and not noble and not (cs.kind(card) == "multiplier" and cs.face(card) == cs.face(self.top or "")):
            return self._refuse("cu.pending_answer", n=self.s_pending, face=cs.face(self.top or ""))
        ok, fit = fit_steps(card, self.top, self.s_wish)
        if not ok and not self.s_pending:
            return Explanation(False, Msg("cu.no_fit", card=card_label(card), top=card_label(self.top or "")),
                               tuple(fit), rule="cu.fit", lang=self._lang)
        steps: list[Any] = list(fit) if not self.s_pending else []
        drawn, left = self._after_lay(card)
        if noble:
            steps += noble_steps(card, wish, self.s_pending, drawn)
        if cs.kind(card) == "multiplier":
            steps += multiplier_steps(card, self.s_pending)
        held = len(self.s_hands[self.s_current])
        if held == 1:  # the last card: "…miX!", unless the multiplier's cards come in
            steps.append(Msg("cu.mix", player=self.s_current + 1) if left == 0 else Msg("cu.no_mix", n=left))
        elif held == 2 and left == 1:  # the second-to-last card: "Cheeeee…" or the penalty
            penalty = min(FORGOT_PENALTY, len(self.s_draw) - drawn)
            steps.append(Msg("cu.called") if self.s_called else Msg("cu.forgot", n=penalty))
        elif held == 2:  # the second-to-last card, but the multiplier's cards come in
            steps.append(Msg("cu.no_call", n=left))
        return Explanation(True, Msg("cu.play", card=card_label(card)),
                           tuple(s if isinstance(s, Step) else Step(s) for s in steps), rule="cu.play", lang=self._lang)

    # ------------------------------------------------------------------ applying
    def _draw_cards(self, player: int, n: int) -> list[str]:
        """Draw up to ``n`` cards into ``player``'s hand: what the draw pile still holds."""
        drawn = [self.s_draw.pop() for _ in range(min(n, len(self.s_draw)))]
        self.s_hands[player] += drawn
        return drawn

    def _end_turn(self) -> None:
        self.s_current = (self.s_current + 1) % self.players
        self.s_drawn = None
        self.s_called = False
        self.s_turn += 1

    def _with(self, explanation: Explanation | None, *msgs: Msg) -> Explanation | None:
        if explanation is None:  # the fast path
            return None
        return Explanation(explanation.ok, explanation.headline, explanation.steps + tuple(Step(m) for m in msgs),
                           explanation.points, explanation.rule, explanation.lang, explanation.data)

    def _do(self, action: Action, explanation: Explanation | None) -> Outcome:
        # ``explanation`` is None on the fast path: the same effect, no texts
        p = self.s_current
        kind = action.kind
        if kind == "call":
            self.s_called = True
            return Outcome(explanation, ends_turn=False)
        if kind == "keep":
            self.s_passes = 0
            self._end_turn()
            return Outcome(explanation, ends_turn=True)
        if kind == "pass":
            self.s_passes += 1
            extra = []
            if self.s_passes >= self.players:
                self.s_over = True
                extra.append(Msg("cu.stalled"))
            self._end_turn()
            return Outcome(self._with(explanation, *extra), ends_turn=True)
        self.s_passes = 0
        if kind == "draw":
            n = self.s_pending or 1
            pending = bool(self.s_pending)
            drawn = self._draw_cards(p, n)
            self.s_pending = 0
            extra = []
            if len(drawn) < n:
                extra.append(Msg("cu.short", n=len(drawn)))
            if pending or not drawn:
                self._end_turn()
                return Outcome(self._with(explanation, *extra), ends_turn=True, public=True)
            # The drawer always decides (lay it if it fits, or keep it), so the others cannot tell from
            # the turn whether it fits; only the drawer reads which card it is (see for_others).
            self.s_drawn = drawn[0]
            if explanation is None:
                return Outcome(None, ends_turn=False, undoable=False)
            if self._fits(drawn[0]):
                extra.append(Msg("cu.drawn_fits", card=card_label(drawn[0])))
            else:
                extra.append(Msg("cu.drawn_no_fit", card=card_label(drawn[0]), top=card_label(self.top or "")))
            return Outcome(self._with(explanation, *extra), ends_turn=False, undoable=False)
        # play
        card = action.get("card")
        cs = card_set()
        second_to_last = len(self.s_hands[p]) == 2
        self.s_hands[p].remove(card)
        self.s_pile.append(card)
        self.s_drawn = None
        if cs.kind(card) == "noble":
            self.s_wish = action.get("wish")
            if self.s_pending:
                self._draw_cards(p, self.s_pending)  # as _after_lay foretold in the explanation
                self.s_pending = 0
        else:
            self.s_wish = None
            if cs.kind(card) == "multiplier":
                self.s_pending = self.s_pending * 2 if self.s_pending else int(cs.face(card))
        if not self.s_hands[p]:
            self.s_winner = p
            self.s_over = True
            self.s_pending = 0
            return Outcome(explanation, ends_turn=True)
        if second_to_last and len(self.s_hands[p]) == 1 and not self.s_called:
            self._draw_cards(p, FORGOT_PENALTY)
            self.s_penalties[p] += 1
        self._end_turn()
        return Outcome(explanation, ends_turn=True)

    # ------------------------------------------------------------------ views
    def _redeal(self, viewer: int | None, rng: random.Random) -> None:
        """Hidden: the other hands and the order of the draw pile; the card the current player has
        just drawn stays in that hand (everyone saw that a card was drawn)."""
        hands = [h for p, h in enumerate(self.s_hands) if p != viewer]
        keep = self.s_drawn if self.s_drawn is not None and viewer != self.s_current else None
        if keep is not None:
            self.s_hands[self.s_current].remove(keep)
        self._shuffle_places(rng, hands + [self.s_draw])
        if keep is not None:
            self.s_hands[self.s_current].append(keep)

    def _view(self, player: int | None, lang: str) -> dict[str, Any]:
        out: dict[str, Any] = {
            "starter": self.starter, "turn": self.s_turn, "top": self.top,
            "pile": self.s_pile[-5:], "pile_size": len(self.s_pile), "draw_size": len(self.s_draw),
            "wish": self.s_wish, "pending": self.s_pending, "hand_sizes": [len(h) for h in self.s_hands],
            "called": self.s_called, "penalties": list(self.s_penalties), "winner": self.s_winner,
            "stalled": self.s_over and self.s_winner is None,
        }
        if player is not None:
            out["hand"] = sorted(self.s_hands[player], key=_hand_order)
            if player == self.s_current:
                out["drawn"] = self.s_drawn
                out["playable"] = self._playable() if not self.s_over else []
        return out

    # ------------------------------------------------------------------ secrets
    def for_others(self, entry: LogEntry) -> Explanation:
        """What every player but the drawer reads of ``entry``: the hand is held face down ("Alle
        erhalten je 7 Karten verdeckt auf die Hand"), so a kept card is a secret, and so is whether
        the drawn card fits.

        >>> import chemgames
        >>> from chemgames import Action
        >>> g = chemgames.new_game("chemuno", players=2, seed=1, lang="en", starter=1,
        ...                        hands=[["NaCl", "Fe.1"], ["H2O", "S.1", "N2"]], draw_top=["HCl"])
        >>> _ = g.apply(Action("chemuno", 1, "play", (("card", "H2O"),)))
        >>> _ = g.apply(Action("chemuno", 0, "draw", ()))
        >>> print(g.log[-1].explanation)
        ✓ Draws a card: no card in the hand fits.
          • You drew HCl: it fits. Lay it now or keep it.
        >>> print(g.for_others(g.log[-1]))
        ✓ Draws a card: no card in the hand fits.
        >>> _ = g.apply(Action("chemuno", 0, "keep", ()))
        >>> print(g.log[-1].explanation.title, "|", g.for_others(g.log[-1]).title)
        Keeps the drawn card HCl; the turn passes. | Keeps the card drawn, face down; the turn passes.
        """
        e = entry.explanation
        if entry.action.kind == "keep":
            return replace(e, headline=Msg("cu.keep_hidden"), steps=())
        if entry.action.kind == "draw":
            return replace(e, steps=tuple(s for s in e.steps if s.msg.key in PUBLIC_DRAW_STEPS))
        return e

    # ------------------------------------------------------------------ what changed for a player
    def news(self, player: int) -> tuple[list[Msg], bool]:
        """What the others' moves since ``player``'s last move mean for ``player``, now at the turn:
        the card on top and what fits on it, a multiplier's cards to draw (or answer), a noble
        gas's wished element, and who holds only one card; and whether the top card is new. Only
        what everyone sees at the table is used (the top card, the pending draw, the wish, hand sizes).

        >>> import chemgames
        >>> from chemgames import Action
        >>> g = chemgames.new_game("chemuno", players=2, seed=1, lang="en", starter=0,
        ...                        hands=[["H2O", "NaCl", "CO"], ["H2SO4", "x2.1"]])
        >>> _ = g.apply(Action("chemuno", 0, "play", (("card", "H2O"),)))
        >>> _ = g.apply(Action("chemuno", 1, "call", ()))
        >>> _ = g.apply(Action("chemuno", 1, "play", (("card", "x2.1"),)))
        >>> msgs, top_new = g.news(0)
        >>> [m.render("en") for m in msgs], top_new
        (['Player 2 laid ×2: you must draw 2 cards, unless you answer with ×2 (then the next player draws 4).', 'Player 2 has only one card left: "…miX!" is near.'], True)
        """
        if self.s_over or self.s_current != player:
            return [], False
        mine = [i for i, e in enumerate(self.log) if e.player == player]
        since = self.log[mine[-1] + 1:] if mine else self.log
        if not since:
            return [], False
        cs = card_set()
        laid = [e for e in since if e.action.kind == "play"]
        out: list[Msg] = []
        top = self.top
        if laid and top is not None and laid[-1].action.get("card") == top:
            who, label = laid[-1].player + 1, card_label(top)
            if self.s_pending:
                out.append(Msg("cu.news.pending", player=who, card=label, n=self.s_pending, double=self.s_pending * 2))
            elif self.s_wish is not None:
                out.append(Msg("cu.news.wish", player=who, card=label, wish=self.s_wish))
            else:
                items = ["×" + i if i in MULTIPLIERS else i
                         for i in sorted(cs.contents(top), key=lambda i: (i in MULTIPLIERS, i))]
                either = Msg("cu.news.or", head=", ".join(items[:-1]), last=items[-1]) if len(items) > 1 else items[0]
                out.append(Msg("cu.news.top", player=who, card=label, items=either))
        for q, hand in enumerate(self.s_hands):
            if q != player and len(hand) == 1:
                out.append(Msg("cu.news.last_card", player=q + 1))
        return out, bool(out) and bool(laid) and laid[-1].action.get("card") == top

    # ------------------------------------------------------------------ hints for players and bots
    def hints(self, limit: int = 10) -> list[Hint]:
        """Every card the current player can lay now, best first (a multiplier attack first, noble
        gases last; a noble gas wishes the element the rest of the hand shows most), each with why
        it fits; two cards that look the same (H and H) are one hint.

        >>> import chemgames
        >>> g = chemgames.new_game("chemuno", players=2, seed=1, lang="en", starter=1,
        ...                        hands=[["H2O", "H.1", "H.2", "x2.1", "Ne", "NaCl"], ["H2SO4", "N2", "CO"]])
        >>> _ = g.apply(Action("chemuno", 1, "play", (("card", "H2SO4"),)))
        >>> [(h.formula, h.why.render("en")) for h in g.hints()]  # doctest: +NORMALIZE_WHITESPACE
        [('×2', 'shares ×2 with H₂SO₄; the next player draws 2 cards unless they answer with ×2'),
         ('H', 'shares H with H₂SO₄'), ('H₂O', 'shares H, O, ×2 with H₂SO₄'),
         ('Ne → H', 'a noble gas fits on any card; it wishes H, which 3 of your other cards contain')]
        """
        if self.s_over:
            return []
        out = []
        seen = set()
        for card in self._playable():
            if card_set().kind(card) == "noble" and self.s_pending:
                continue  # laying it would not save the draw: no help to suggest it
            if card_label(card) in seen:
                continue  # the same face (H.1, H.3): the same move
            seen.add(card_label(card))
            out.append(self.hint(card))
        out.sort(key=lambda h: (-h.score, h.card))
        return out[:limit]

    def hint(self, card: str, wish: str | None = None) -> Hint:
        """The hint for laying ``card`` (one the current player can lay now): its actions (with the
        call "Cheeeee…" when it is needed), score and why; a noble gas wishes ``wish``, by default
        the element the rest of the hand shows most (the search bot weighs other wishes too).

        >>> import chemgames
        >>> g = chemgames.new_game("chemuno", players=2, seed=1, lang="en", starter=0,
        ...                        hands=[["Ne", "NaCl"], ["H2O"]], pile=["H2O2"], draw_left=0)
        >>> [(h.formula, [a.kind for a in h.actions]) for h in (g.hint("Ne"), g.hint("Ne", "Cl"))]
        [('Ne → Na', ['call', 'play']), ('Ne → Cl', ['call', 'play'])]
        >>> g.hint("Ne", "Cl").why.render("en")
        'first "Cheeeee…" (one card will be left); a noble gas fits on any card; it wishes Cl, which 1 of your other cards contains'
        >>> g.hint("Ne", "Fe").why.render("de")
        'zuerst „Cheeeee…“ (dann bleibt eine Karte); ein Edelgas passt auf jede Karte; es wünscht Fe, das keine deiner übrigen Karten enthält'
        """
        cs = card_set()
        hand = self.s_hands[self.s_current]
        kind = cs.kind(card)
        if kind == "noble" and wish is None:
            wish = self._best_wish(card)
        play = self._act("play", card=card, **({"wish": wish} if kind == "noble" else {}))
        needs_call = len(hand) == 2 and self._after_lay(card)[1] == 1 and not self.s_called
        actions = (self._act("call"), play) if needs_call else (play,)
        score = {"multiplier": 10 + int(cs.face(card)) if kind == "multiplier" else 0,
                 "element": 6, "compound": 3, "noble": 0}[kind]
        if len(hand) == 1:
            score = 100
        return Hint(card, wish if kind == "noble" else None, actions, score, self._why(card, wish, needs_call))

    def _why(self, card: str, wish: str | None, needs_call: bool) -> MsgList:
        """Why ``card`` may be laid now and what it does, in short words for a hint."""
        cs = card_set()
        kind, face = cs.kind(card), cs.face(card)
        top = self.top
        why: list[Msg] = []
        if needs_call:
            why.append(Msg("cu.hint.call"))
        if kind == "noble":
            rest = sum(wish in cs.contents(c) for c in self.s_hands[self.s_current] if c != card)
            # "which 0 of your cards contain" reads as nonsense: a wish none of the hand shows says so
            why.append(Msg("cu.hint.noble", wish=wish or "", n=rest) if rest
                       else Msg("cu.hint.noble_none", wish=wish or ""))
        elif top is None:
            why.append(Msg("cu.hint.first"))
        elif self.s_pending:
            why.append(Msg("cu.hint.answer", face=face, n=self.s_pending * 2))
        elif cs.kind(top) == "noble":
            why.append(Msg("cu.hint.wish", wish=self.s_wish or ""))
        else:
            common = sorted(cs.contents(card) & cs.contents(top), key=lambda i: (i in MULTIPLIERS, i))
            items = ", ".join("×" + i if i in MULTIPLIERS else i for i in common)
            why.append(Msg("cu.hint.shares", items=items, top=card_label(top)))
        if kind == "multiplier" and not self.s_pending:
            why.append(Msg("cu.hint.attack", face=face, n=int(face)))
        if len(self.s_hands[self.s_current]) == 1:
            why.append(Msg("cu.hint.last"))
        return MsgList(tuple(why), "; ")

    def _best_wish(self, card: str) -> str:
        cs = card_set()
        rest = [c for c in self.s_hands[self.s_current] if c != card]
        counts = {e: sum(e in cs.contents(c) for c in rest) for e in self.elements}
        return max(self.elements, key=lambda e: (counts[e], -self.elements.index(e)))


def _hand_order(card: str) -> tuple[int, str]:
    return ({"compound": 0, "element": 1, "multiplier": 2, "noble": 3}[card_set().kind(card)], card)
