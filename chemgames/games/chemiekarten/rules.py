"""Das Chemie-Kartenspiel: the rule engine (rule sheet ``004``; decisions in docs/rules/chemiekarten.md).

A turn is a sequence of atomic actions: choose cards (``select``), charges (``charge``),
combinations (``combine``, with Protomaterie standing in), an extra Protomaterie as protection
(``protect``), hand cards that pay for artificial elements (``pay``), then ``confirm``. Radioactive
cards then allow one ``attack`` each (or ``stop``); the die is rolled and cards are drawn. Instead
of a compound, ``skip`` draws four cards. ``undo`` takes back any step until the die is rolled.

>>> import chemgames
>>> g = chemgames.new_game("chemiekarten", players=2, seed=3, lang="en")
>>> g.current_player in (0, 1) and len(g.view(0)["hand"]) == 7
True
"""
from __future__ import annotations

import random

from collections import Counter
from functools import lru_cache
from dataclasses import replace
from itertools import repeat
from operator import is_
from typing import Any, Sequence

from ...core.action import Action, same_action
from ...core.errors import OptionError
from ...core.explanation import Explanation, Msg, MsgList, Step, amended, steps_of
from ...core.game import Game, Option, Outcome
from ...core.score import ScoreLine
from ...core.i18n import tr
from ...chemistry import balance_equation, combination_uses
from ...chemistry.balance import signed
from .cards import MODES, PROTO, card_dicts, card_set, check_deck, combinations, family_deck, starter_decks
from . import position, truth
from .compound import (Compound, LaidCompound, Stage, StagedCombination, Verdict, card_order, card_points, judge, running_title,
                       stage_charges, stage_ok, stage_terms)
from .hint import Hint
from .legal import Kept, acts_of, card_points as _points, combine_steps_of, interned
from .reference import elements_in, unicode

SKIP_DRAW = 4
_PRIVATE = Outcome(None, ends_turn=False, public=False)  # a private step on the fast path (never changed)
_GOES_ON = Outcome(None, ends_turn=False)  # a public step of the fast path within the turn (never changed)
_ENDS_TURN = Outcome(None, ends_turn=True)  # a step of the fast path that ends the turn (never changed)
HAND_SIZE = 7
STAGE_KINDS = ("select", "deselect", "charge", "combine", "release")  # steps that change the compound's cards
KEPT_KINDS = frozenset(STAGE_KINDS + ("protect", "unprotect", "pay", "unpay"))  # steps that change the stage in place
KINDS = ("select", "deselect", "charge", "combine", "release", "protect", "unprotect", "pay", "unpay",
         "clear", "confirm", "skip", "attack", "stop")


class ChemieKartenspiel(Game[Hint]):
    """The engine of Das Chemie-Kartenspiel (family and competitive mode)."""

    id = "chemiekarten"
    titles = {"de": "Das Chemie-Kartenspiel", "en": "The Chemistry Card Game"}
    min_players = 2
    max_players = 6
    pass_kinds = ("skip", "stop")
    # what changes during play (undo, copies and the fast path keep exactly these)
    state_attrs = ("s_piles", "s_hands", "s_current", "s_phase", "s_stage", "s_table", "s_attacks_left",
                       "s_next_cid", "s_over", "s_end", "s_last_roll", "s_turn")
    fast_do = True  # `_do` works without its explanation (the fast path)
    position_options = ("hands", "table")  # a save that sets these must be signed (core.savekey)
    options = {
        "mode": Option("family", choices=MODES),
        "decks": Option(None, kind=(list, tuple)),
        "dealer": Option(None, kind=int),
        "hands": Option(None, kind=(list, tuple)),
        "table": Option(None, kind=(list, tuple)),  # compounds laid before the start (position.py)
        # our variant "Nur echte Stoffe" (issue 25): only substances our reference knows as made and kept may be laid
        "real_only": Option(False, kind=bool),
    }

    # ------------------------------------------------------------------ set-up
    def _setup(self) -> None:
        o = self.option_values
        mode = o["mode"]
        self.mode = mode
        self.real_only = bool(o["real_only"])
        if mode == "competitive" and self.players > 4:
            raise OptionError(tr(self._lang, "ck.competitive_players", value=self.players))
        decks = self._decks(mode, o["decks"])
        self.kinds: list[str] = []
        self.s_piles: list[list[int]] = []
        for deck in decks:  # each card numbered in the order of its kind's symbol
            symbols = _laid_out(tuple(sorted(deck.items())))
            ids = list(range(len(self.kinds), len(self.kinds) + len(symbols)))
            self.kinds += symbols
            self.rng.shuffle(ids)
            self.s_piles.append(ids)
        self.kinds_in_play = frozenset(self.kinds)
        # each card's points, and what it costs when artificial (read by _legal)
        points, price = _numbers_of(tuple(self.kinds))
        self._points, self._price = list(points), list(price)
        self._hands_counted: dict[int, tuple[list[int], dict[str, int]]] = {}  # see _available
        self._kept: Kept | None = None  # the current player's legal steps, kept step by step (_kept_now)
        self.owner_of_card: list[int] = []
        for p, deck in enumerate(decks):
            self.owner_of_card += [p if mode == "competitive" else -1] * sum(deck.values())
        dealer = o["dealer"] if o["dealer"] is not None else self.rng.randrange(self.players)
        if not 0 <= dealer < self.players:
            raise OptionError(tr(self._lang, "core.bad_seat", value=dealer, players=self.players))
        self.dealer = dealer
        self.s_hands: list[list[int]] = [[] for _ in range(self.players)]
        self._deal_chosen(o["hands"])
        table = position.laid_compounds(o["table"], self.players, self._lang, self.kinds, self._take_from_pile, 1)
        for _ in range(HAND_SIZE):
            for p in range(self.players):
                if len(self.s_hands[p]) < HAND_SIZE:
                    self.s_hands[p].append(self._pile(p).pop())
        self.s_current = (dealer + 1) % self.players
        self.s_phase = "build"
        self.s_stage = Stage()
        self.s_table: list[Compound] = table
        self.s_attacks_left = 0
        self.s_next_cid = 1 + len(table)
        self.s_over = False
        self.s_end: dict[str, Any] | None = None
        self.s_last_roll: int | None = None
        self.s_turn = 1

    def _deal_chosen(self, hands: Any) -> None:
        """Deal the cards a teacher chose (option ``hands``: a list of symbol lists per player)."""
        if hands is None:
            return
        if len(hands) > self.players or not all(isinstance(h, (list, tuple)) for h in hands):
            raise OptionError(tr(self._lang, "ck.hands_option", players=self.players))
        for p, symbols in enumerate(hands):
            if len(symbols) > HAND_SIZE:
                raise OptionError(tr(self._lang, "ck.hands_option", players=self.players))
            pile = self._pile(p)
            for symbol in symbols:
                idx = next((k for k, i in enumerate(pile) if self.kinds[i] == symbol), None)
                if idx is None:
                    raise OptionError(tr(self._lang, "ck.hands_missing", card=str(symbol)[:20], player=p + 1))
                self.s_hands[p].append(pile.pop(idx))

    def _take_from_pile(self, symbol: str, player: int) -> int:
        """Take a card ``symbol`` out of ``player``'s draw pile for a chosen position."""
        pile = self._pile(player)
        idx = next((k for k, i in enumerate(pile) if self.kinds[i] == symbol), None)
        if idx is None:
            raise OptionError(tr(self._lang, "ck.hands_missing", card=str(symbol)[:20], player=player + 1))
        return pile.pop(idx)

    def _decks(self, mode: str, decks: Any) -> list[Counter[str]]:
        if mode == "family":
            if decks is not None:
                raise OptionError(tr(self._lang, "ck.decks_family"))
            return [family_deck()]
        starters = starter_decks()
        names = list(starters)
        chosen = decks if decks is not None else [names[p % len(names)] for p in range(self.players)]
        if not isinstance(chosen, (list, tuple)) or len(chosen) != self.players:
            raise OptionError(tr(self._lang, "ck.decks_count", players=self.players))
        out = []
        for p, deck in enumerate(chosen):
            if isinstance(deck, str):
                if deck not in starters:
                    raise OptionError(tr(self._lang, "ck.unknown_deck", value=deck[:30], known=", ".join(names)))
                deck = starters[deck]
            problems = check_deck(deck, "competitive")
            if problems:
                raise OptionError(tr(self._lang, "ck.bad_deck", player=p + 1,
                                     problems="; ".join(m.render(self._lang) for m in problems)))
            out.append(Counter(deck))
        return out

    def _pile(self, player: int) -> list[int]:
        return self.s_piles[player if self.mode == "competitive" else 0]

    def _return_to_pile(self, ids: list[int]) -> None:
        """Shuffle cards back into the draw pile (competitive: each card into its owner's pile)."""
        touched = set()
        for i in ids:
            owner = self.owner_of_card[i]
            pile = self.s_piles[owner if owner >= 0 else 0]
            pile.append(i)
            touched.add(id(pile))
        for pile in self.s_piles:
            if id(pile) in touched:
                self.rng.shuffle(pile)

    # ------------------------------------------------------------------ state queries
    @property
    def is_over(self) -> bool:
        return self.s_over

    def _current_player(self) -> int | None:
        return self.s_current

    def _available(self, player: int) -> dict[str, int]:
        """Cards in ``player``'s hand not yet used by the stage, counted by kind (none counted 0).

        The current player's count is kept as the stage changes (``_kept_now``); an explanation's
        preview of a changed copy of the stage is counted anew (and leaves what is kept alone)."""
        kept = self._kept_held() if player == self.s_current else None
        return dict(kept.avail) if kept is not None else self._count_available(player)

    def _avail_view(self, player: int) -> dict[str, int]:
        """``_available(player)`` to read only (what is kept, not a copy, when it holds)."""
        kept = self._kept_held() if player == self.s_current else None
        return kept.avail if kept is not None else self._count_available(player)

    def _kept_held(self) -> Kept | None:
        """What is kept for the current player's listing, if it still holds: the same stage object,
        player and hand (the same list, as long: a hand changes only by cards drawn onto it, or as a
        new list when a compound is laid, a copy made or an undo replayed)."""
        kept = self._kept
        p = self.s_current
        if kept is not None and kept.stage is self.s_stage and kept.player == p:
            hand = self.s_hands[p]
            if kept.hand is hand and kept.size == len(hand):
                return kept
        return None

    def _kept_now(self) -> Kept:
        """What the current player's legal steps are made from, kept step by step (``_do`` tells it
        each step that changes the stage in place): it holds while the stage is the same object,
        the player the same and the hand the same cards; otherwise it is counted anew."""
        kept = self._kept_held()
        if kept is not None:
            return kept
        p = self.s_current
        kept = self._kept = Kept(p, self.s_stage, self.s_hands[p], acts_of(self.id, p), self._count_available(p),
                                 self.real_only)
        return kept

    def copy(self) -> "ChemieKartenspiel":
        """An independent copy (``Game.copy``), with nothing kept for the listing shared.

        >>> import chemgames
        >>> g = chemgames.new_game("chemiekarten", players=2, seed=3)
        >>> c = g.copy(); c._kept is None, g.legal_actions() == c.legal_actions()
        (True, True)
        """
        twin = super().copy()  # of this class (``Game.copy`` returns ``Self``)
        twin._kept = None
        twin._hands_counted = {}
        return twin

    def _copied_state(self) -> dict[str, Any]:
        """``_state()`` copied for ``copy`` (OpenSpiel's clone): every list, dict, the stage and each compound
        anew, as deep as the pickle round trip of ``Game`` (``tests/test_game_copy.py`` compares them and
        checks that no mutable part is shared), without pickling (about a quarter of the time)."""
        state = self._state()
        state["s_piles"] = [list(pile) for pile in self.s_piles]
        state["s_hands"] = [list(hand) for hand in self.s_hands]
        state["s_stage"] = self.s_stage.copy()
        state["s_table"] = [c.copied() for c in self.s_table]
        if self.s_end is not None:
            state["s_end"] = dict(self.s_end)
        return state

    def hand_counts(self, player: int) -> dict[str, int]:
        """The cards of ``player``'s hand counted by kind, staged ones too, in the hand's order of first
        appearance (as a ``Counter``), counted once per hand: for reading only. ``chemgames.spiel`` lists
        whole moves from it, and applying the move chosen finds it counted (``_count_available``).

        >>> import chemgames
        >>> g = chemgames.new_game("chemiekarten", players=2, seed=5, dealer=1, hands=[["C", "O", "O"]])
        >>> counts = g.hand_counts(0)
        >>> sum(counts.values()) == len(g.s_hands[0]), counts["O"] >= 2, g.hand_counts(0) is counts
        (True, True, True)
        """
        hand = self.s_hands[player]
        seen = self._hands_counted.get(player)
        if seen is None or seen[0] != hand:  # the hand changes only between turns: count it once
            counts: dict[str, int] = {}  # Counter's own count without its type checks (a third of it here)
            get = counts.get
            for s in map(self.kinds.__getitem__, hand):
                counts[s] = get(s, 0) + 1
            seen = self._hands_counted[player] = (list(hand), counts)
        return seen[1]

    def _count_available(self, player: int) -> dict[str, int]:
        counted = self.hand_counts(player)
        staged = self.s_stage.card_ids() if player == self.s_current else None
        if not staged:
            return dict(counted)
        out = dict(counted)
        for s in map(self.kinds.__getitem__, staged):  # every staged card is in the hand
            if out[s] == 1:
                del out[s]
            else:
                out[s] -= 1
        return out

    def _take_kinds(self, player: int, need: dict[str, int]) -> dict[str, list[int]]:
        """For each kind ``s`` in ``need``, the first ``need[s]`` cards of that kind in the hand that
        are not staged (in the hand's order)."""
        staged = self.s_stage.card_ids()
        kinds = self.kinds
        left = dict(need)
        todo = sum(need.values())
        out: dict[str, list[int]] = {s: [] for s in need}
        for i in self.s_hands[player]:
            if not todo:
                break
            s = kinds[i]
            if left.get(s) and i not in staged:
                out[s].append(i)
                left[s] -= 1
                todo -= 1
        assert not todo
        return out

    def _take_one(self, player: int, symbol: str) -> int:
        """The first card of kind ``symbol`` in the hand not staged."""
        staged = self.s_stage.card_ids()
        kinds = self.kinds
        for i in self.s_hands[player]:
            if kinds[i] == symbol and i not in staged:
                return i
        raise AssertionError(symbol)  # pragma: no cover - only for a legal step

    def _scores(self) -> list[int]:
        scores = [0] * self.players
        for c in self.s_table:
            scores[c.owner] += c.points
        return scores

    def _score_lines(self, player: int) -> list[ScoreLine]:
        """One line per compound of ``player`` on the table at the end ("Hierfür werden alle Punkte
        seiner ausgespielten Verbindungen zusammengezählt"); destroyed compounds score nothing."""
        lines = []
        for c in self.s_table:
            if c.owner != player:
                continue
            order = elements_in(c.formula)  # the terms in the order of the formula
            free = sorted(Counter(self.kinds[i] for i in c.free).items(),
                          key=lambda x: (order.index(x[0]) if x[0] in order else len(order), card_order(x[0])))
            _, terms = card_points(free, [k.formula for k in c.combos])
            label = truth.table_label(c.label, c.identity, c.formula, inner=True)  # inside the line's parentheses
            name = Msg("ck.score.compound", formula=unicode(c.formula),
                       what=label["text"] if label else "")
            lines.append(ScoreLine(name, c.points, Msg("ck.score.terms", sum=" + ".join(terms))))
        return lines or [ScoreLine(Msg("ck.score.none"), 0)]

    def _verdict(self) -> Verdict:
        return judge(self.s_stage, self.kinds, self.real_only)

    # ------------------------------------------------------------------ legal actions
    def _act(self, kind: str, **params: Any) -> Action:
        return Action(self.id, self.s_current, kind, tuple(params.items()))

    def _legal(self) -> list[Action]:
        if self.s_phase == "attack":
            p = self.s_current
            acts = acts_of(self.id, p)
            return [acts.attack[c.cid] for c in self.s_table if c.owner != p] + [acts.stop]
        kept = self._kept_now()
        if not kept.listed:
            kept.start_listing(self.s_stage, self.kinds, self._price_open())
        return kept.listing(self.s_stage, self.kinds)

    def _legal_one(self, action: object) -> bool:
        """``action in legal_actions()``, without listing them (a replay asks this once per action):
        the one listed action it could equal is looked up and compared by the core's one check of an
        action's types (``core.action.same_action``: a bool or a float where the listed move has a whole
        number is another move). The same conditions as ``_legal`` (``tests/test_legal_one.py`` compares
        the answers)."""
        if type(action) is not Action or not action.is_well_formed():
            return False  # the engine lists only well-formed actions of the very class
        try:
            hash(action)
        except TypeError:  # a list or a dict among the parameters: never a listed move
            return False
        if self.s_over or action.game != self.id or action.player != self.s_current:
            return False
        p = self.s_current
        acts = acts_of(self.id, p)
        kind = action.kind
        one = action.params[0][1] if len(action.params) == 1 else None
        # the cards on offer: from what is kept for the current player's listing (``_kept_now``), which
        # the step goes on with once applied (counted once, not here and again in ``_do``)
        if self.s_phase == "attack":
            if kind == "attack":
                return any(c.cid == one and c.owner != p for c in self.s_table) and same_action(action, acts.attack[one])
            return same_action(action, acts.stop)
        st = self.s_stage
        if kind == "skip" or kind == "clear" or kind == "protect" or kind == "unprotect" or kind == "confirm":
            if kind == "skip":
                ok = True
            elif kind == "confirm":
                ok = bool(st.free or st.combos) and stage_ok(st, self.kinds, real_only=self.real_only)
            elif not (st.free or st.combos or st.payment or st.protect is not None):
                ok = False
            elif kind == "protect":
                ok = st.protect is None and bool(st.free or st.combos) and bool(self._kept_now().avail.get(PROTO))
            else:
                ok = kind == "clear" or st.protect is not None
            return ok and same_action(action, getattr(acts, kind))
        if kind == "select" or kind == "pay":
            if one is None or one == PROTO or not self._kept_now().avail.get(one):
                return False
            if kind == "pay":
                points = card_set()[one].points
                if not 0 < points <= self._price_open():
                    return False
            return same_action(action, getattr(acts, kind)[one])
        if kind == "deselect" or kind == "unpay":
            ids = st.free if kind == "deselect" else st.payment
            return any(self.kinds[i] == one for i in ids) and same_action(action, getattr(acts, kind)[one])
        if kind == "release":
            return any(c.formula == one for c in st.combos) and same_action(action, acts.release[one])
        if kind == "charge" and len(action.params) == 2:
            s, q = action.params[0][1], action.params[1][1]
            options = card_set()[s].charges if s in self.kinds_in_play else ()
            return (len(options) > 1 and q in options and st.charges.get(s) != q
                    and any(self.kinds[i] == s for i in st.free) and same_action(action, acts.charge[s, q]))
        if kind == "combine" and len(action.params) == 2:
            return any(same_action(action, a) for a in combine_steps_of(acts, self._kept_now().avail, action.params[0][1]))
        return False

    def _price_open(self) -> int:
        """Points of artificial cards in the stage not yet covered by the payment."""
        st = self.s_stage
        art = self._price
        price = sum(map(art.__getitem__, st.free))
        for c in st.combos:
            price += sum(map(art.__getitem__, c.cards))
        if st.payment:
            price -= sum(map(self._points.__getitem__, st.payment))
        return price

    # ------------------------------------------------------------------ explanations
    def _explain(self, action: Action) -> Explanation:
        kind = action.kind
        if kind not in KINDS:
            return self._no("ck.unknown_kind", kind=kind[:30])
        if self.s_phase == "attack" and kind not in ("attack", "stop"):
            return self._no("ck.attack_phase", n=self.s_attacks_left)
        if self.s_phase == "build" and kind in ("attack", "stop"):
            return self._no("ck.no_attack_now")
        handler = getattr(self, f"_explain_{kind}")
        try:
            result: Explanation = handler(action)
        except (TypeError, ValueError, KeyError):
            return self._no("ck.bad_params", action=str(action)[:80])
        return result

    def _card(self, symbol: str) -> Any:
        cards = card_set()
        if symbol not in cards:
            raise ValueError(symbol)
        return cards[symbol]

    def _running_balance(self, stage: Stage) -> Step | None:
        terms = stage_terms(stage, self.kinds)
        return Step(Msg(running_title(stage, self.kinds)), balance_equation(terms)) if terms else None

    def _stage_steps(self, stage: Stage) -> tuple[Step, ...]:
        step = self._running_balance(stage)
        return (step,) if step else ()

    def is_legal(self, action: object) -> bool:
        """Legal now? A ``select``/``deselect`` may also name the very card (``id``) the player
        pointed at among the cards of one kind (so the card ticked on screen is the card clicked):
        legal when the same step without ``id`` is, and the card is one it may take."""
        listed = self._legal_cache
        if listed is not None and any(map(is_, listed, repeat(action))):
            return True  # the very object listed (a bot's pick): nothing to look up
        named = _named_card(action)
        if named is None:
            return super().is_legal(action)
        base, i = named
        return super().is_legal(base) and self._card_choosable(base, i)

    def action_from_json(self, obj: Any) -> Action:
        """Parse an action's JSON form; an action the engine has listed before comes back as the very
        object it listed (``legal.interned``), which ``is_legal`` recognises at once."""
        return interned(super().action_from_json(obj))

    def _card_choosable(self, action: Action, i: int) -> bool:
        """Is card ``i`` one that ``action`` (select, deselect or unpay of its kind) may take?"""
        if not 0 <= i < len(self.kinds) or self.kinds[i] != action.get("card"):
            return False
        if action.kind == "select":
            return i in self.s_hands[action.player] and i not in self.s_stage.card_ids()
        return i in (self.s_stage.payment if action.kind == "unpay" else self.s_stage.free)

    def _card_params(self, action: Action) -> str:
        """The ``card`` of a select/deselect/unpay (with or without the ``id`` of the card pointed at)."""
        if action.get("id") is None:
            return str(self._params(action, card=str)["card"])
        return str(self._params(action, card=str, id=int)["card"])

    def _explain_select(self, action: Action) -> Explanation:
        s = self._card_params(action)
        kind = self._card(s)
        if kind.is_proto:
            return self._no("ck.proto_not_alone")
        if not self._available(action.player).get(s) or (
                action.get("id") is not None and not self._card_choosable(action, action.get("id"))):
            return self._no("ck.not_in_hand", card=Msg("ck.card_label", symbol=s, name=kind.name))
        preview = self._preview_stage(lambda st: self._change_stage(action.player, action, st))
        charges = ", ".join(signed(q) for q in kind.charges)
        return self._yes("ck.selected", self._stage_steps(preview), card=Msg("ck.card_label", symbol=s, name=kind.name),
                         charges=charges)

    def _preview_stage(self, change: Any) -> Stage:
        saved = self.s_stage
        self.s_stage = saved.copy()
        try:
            change(self.s_stage)
            return self.s_stage
        finally:
            self.s_stage = saved

    def _explain_deselect(self, action: Action) -> Explanation:
        s = self._card_params(action)
        kind = self._card(s)
        if not any(self.kinds[i] == s for i in self.s_stage.free) or (
                action.get("id") is not None and not self._card_choosable(action, action.get("id"))):
            return self._no("ck.not_selected", card=Msg("ck.card_label", symbol=s, name=kind.name))
        preview = self._preview_stage(lambda st: self._change_stage(action.player, action, st))
        return self._yes("ck.deselected", self._stage_steps(preview), card=Msg("ck.card_label", symbol=s, name=kind.name))

    def _explain_charge(self, action: Action) -> Explanation:
        v = self._params(action, element=str, charge=int)
        kind = self._card(v["element"])
        label = Msg("ck.card_label", symbol=kind.symbol, name=kind.name)
        if not any(self.kinds[i] == kind.symbol for i in self.s_stage.free):
            return self._no("ck.not_selected", card=label)
        if v["charge"] not in kind.charges:
            return self._no("ck.no_such_charge", card=label, charge=signed(v["charge"]),
                            charges=", ".join(signed(q) for q in kind.charges))
        if len(kind.charges) == 1 or self.s_stage.charges.get(kind.symbol) == v["charge"]:
            return self._no("ck.charge_already", card=label, charge=signed(v["charge"]))
        preview = self._preview_stage(lambda st: self._change_stage(action.player, action, st))
        return self._yes("ck.charge_set", self._stage_steps(preview), card=label, charge=signed(v["charge"]))

    def _explain_combine(self, action: Action) -> Explanation:
        v = self._params(action, formula=str, proto=int)
        combo = combinations().get(v["formula"])
        if combo is None:
            return self._no("ck.unknown_combo", formula=v["formula"][:30])
        avail = self._available(action.player)
        defining = self._card(combo.defining)
        if not avail.get(combo.defining):
            return self._no("ck.combo_needs_defining", formula=combo.parsed.unicode(),
                            card=Msg("ck.card_label", symbol=defining.symbol, name=defining.name))
        uses = {u.proto: u for u in combination_uses(combo.formula, combo.defining, avail, avail.get(PROTO, 0))}
        if v["proto"] not in uses:
            need = ", ".join(f"{n} {e}" for e, n in combo.parsed.items)
            return self._no("ck.combo_cannot", formula=combo.parsed.unicode(), need=need, proto=v["proto"],
                            limit=combo.parsed.n_atoms // 2, defining=combo.defining)
        use = uses[v["proto"]]
        steps = [Step(Msg("ck.combo_needs", formula=combo.parsed.unicode(),
                          need=" + ".join(f"{n} {e}" for e, n in combo.parsed.items), points=combo.points))]
        if use.proto:
            steps.append(Step(Msg("ck.proto_stands_in", n=use.proto,
                                  cards=", ".join(f"{n} {e}" for e, n in use.replaced.items()))))
        steps += self._stage_steps(self._preview_stage(lambda st: self._change_stage(action.player, action, st)))
        return self._yes("ck.combined", tuple(steps), formula=combo.parsed.unicode())

    def _explain_release(self, action: Action) -> Explanation:
        f = self._params(action, formula=str)["formula"]
        if not any(c.formula == f for c in self.s_stage.combos):
            return self._no("ck.combo_not_staged", formula=f[:30])
        preview = self._preview_stage(lambda st: self._change_stage(action.player, action, st))
        return self._yes("ck.released", self._stage_steps(preview), formula=combinations()[f].parsed.unicode())

    def _explain_protect(self, action: Action) -> Explanation:
        self._params(action)
        st = self.s_stage
        if not (st.free or st.combos):
            return self._no("ck.protect_needs_compound")
        if st.protect is not None:
            return self._no("ck.protect_once")
        if not self._available(action.player).get(PROTO):
            return self._no("ck.no_proto")
        return self._yes("ck.protected")

    def _explain_unprotect(self, action: Action) -> Explanation:
        self._params(action)
        if self.s_stage.protect is None:
            return self._no("ck.not_protected")
        return self._yes("ck.unprotected")

    def _explain_pay(self, action: Action) -> Explanation:
        s = self._params(action, card=str)["card"]
        kind = self._card(s)
        label = Msg("ck.card_label", symbol=s, name=kind.name)
        open_price = self._price_open()
        if open_price <= 0:
            return self._no("ck.nothing_to_pay")
        if kind.is_proto or kind.points == 0:
            return self._no("ck.pay_zero", card=label)
        if not self._available(action.player).get(s):
            return self._no("ck.not_in_hand", card=label)
        if kind.points > open_price:
            return self._no("ck.overpay", card=label, points=kind.points, open=open_price)
        return self._yes("ck.paying", card=label, worth=kind.points, open=open_price - kind.points)

    def _explain_unpay(self, action: Action) -> Explanation:
        s = self._card_params(action)
        if not any(self.kinds[i] == s for i in self.s_stage.payment) or (
                action.get("id") is not None and not self._card_choosable(action, action.get("id"))):
            return self._no("ck.not_paid", card=s[:20])
        return self._yes("ck.unpaid_card", card=s)

    def _explain_clear(self, action: Action) -> Explanation:
        self._params(action)
        if self.s_stage.empty:
            return self._no("ck.no_cards")
        return self._yes("ck.cleared")

    def _explain_confirm(self, action: Action) -> Explanation:
        self._params(action)
        v = self._verdict()
        return Explanation(v.ok, v.headline, v.steps, points=v.points if v.ok else None, rule=v.rule, lang=self._lang)

    def _explain_skip(self, action: Action) -> Explanation:
        self._params(action)
        return self._yes("ck.skip", pile=len(self._pile(action.player)), n=SKIP_DRAW)

    def _explain_attack(self, action: Action) -> Explanation:
        target = self._params(action, target=int)["target"]
        compound = next((c for c in self.s_table if c.cid == target), None)
        if compound is None:
            return self._no("ck.no_such_compound", target=target)
        if compound.owner == action.player:
            return self._no("ck.own_compound")
        return self._yes("ck.attack", steps=(self._protection_step(compound),), formula=unicode(compound.formula),
                         player=compound.owner + 1)

    def _protection_step(self, c: Compound) -> Step:
        shields = len(c.shields(self.kinds))
        return Step(Msg("ck.protection_left", proto=int(c.protect is not None), shields=shields))

    def _explain_stop(self, action: Action) -> Explanation:
        self._params(action)
        return self._yes("ck.stop_attacks", n=self.s_attacks_left)

    # ------------------------------------------------------------------ applying
    def _do(self, action: Action, explanation: Explanation | None) -> Outcome:
        # ``explanation`` is None on the fast path: the same effect, no texts, no SymPy
        p = action.player
        st = self.s_stage
        kind = action.kind
        private = Outcome(explanation, ends_turn=False, public=False) if explanation is not None else _PRIVATE
        if kind in KEPT_KINDS:  # a step that changes the stage in place: the kept listing follows it
            kept = self._kept_now()
            kinds = self.kinds
            if kind == "select":
                self._change_stage(p, action, st)
                s = kinds[st.free[-1]]
                kept.took(s)
                kept.freed(s, 1, self._price[st.free[-1]], st.charges.get(s))
            elif kind == "deselect":
                s = action.get("card")
                fixed = st.charges.get(s)  # dropped with the last card of its kind
                self._change_stage(p, action, st)
                kept.gave(s)
                kept.freed(s, -1, _artificial_price(s), fixed)
            elif kind == "charge":
                s = action.get("element")
                fixed = st.charges.get(s)
                self._change_stage(p, action, st)
                kept.charged(s, fixed, st.charges[s])
            elif kind == "combine" or kind == "release":
                combo = self._change_stage(p, action, st)
                assert combo is not None
                step = kept.took if kind == "combine" else kept.gave
                for i in combo.cards:
                    step(kinds[i])
                for i in combo.protos:
                    step(PROTO)
                kept.combined(1 if kind == "combine" else -1, sum(map(self._price.__getitem__, combo.cards)),
                              combo.formula)
            elif kind == "protect":
                st.protect = self._take_one(p, PROTO)
                kept.took(PROTO)
            elif kind == "unprotect":
                st.protect = None
                kept.gave(PROTO)
            elif kind == "pay":
                s = action.get("card")
                st.payment.append(self._take_one(p, s))
                kept.took(s)
                kept.paid_with(s, 1, _points()[s])
            else:  # unpay
                s = action.get("card")
                if action.get("id") is None:
                    self._pop_last(st.payment, s)
                else:
                    st.payment.remove(action.get("id"))
                kept.gave(s)
                kept.paid_with(s, -1, _points()[s])
            return private
        if kind == "clear":
            self.s_stage = Stage()
            return private
        if kind == "confirm":
            if explanation is not None:
                explanation = replace(explanation, data={"score_delta": {p: explanation.points or 0}})
            return self._confirm(p, explanation)
        if kind == "skip":
            self.s_stage = Stage()
            return self._end_turn(p, explanation, SKIP_DRAW, rolled=False)
        if kind == "attack":
            return self._attack(p, action.get("target"), explanation)
        if kind == "stop":
            self.s_attacks_left = 0
            return self._end_turn(p, explanation, None, rolled=True)
        raise AssertionError(kind)  # pragma: no cover

    def _change_stage(self, p: int, action: Action, st: Stage) -> StagedCombination | None:
        """Apply a step that builds the compound (``STAGE_KINDS``) to ``st``, which is the stage
        itself or the copy an explanation previews (so the panel's running balance is the balance of
        the stage after the step, computed by the same code). A combine or release returns the
        combination it staged or took back."""
        kind = action.kind
        params = action.params  # a legal step's, in the order listed (a card's ``id`` may come first)
        if kind == "select":
            chosen = action.get("id") if len(params) > 1 else None
            st.free.append(self._take_one(p, params[0][1]) if chosen is None else chosen)
        elif kind == "deselect":
            chosen = action.get("id") if len(params) > 1 else None
            s = params[0][1] if chosen is None else action.get("card")
            if chosen is None:
                self._pop_last(st.free, s)
            else:
                st.free.remove(chosen)
            if s in st.charges and not any(self.kinds[c] == s for c in st.free):
                del st.charges[s]
        elif kind == "charge":
            st.charges[params[0][1]] = params[1][1]
        elif kind == "combine":
            combo = combinations()[params[0][1]]
            avail = self._avail_view(p)  # read only
            proto = params[1][1]
            use = next(u for u in combination_uses(combo.formula, combo.defining, avail, avail.get(PROTO, 0))
                       if u.proto == proto)
            taken = self._take_kinds(p, {**use.cards, PROTO: use.proto} if use.proto else use.cards)
            staged = StagedCombination(combo.formula, [i for s in use.cards for i in taken[s]], taken.get(PROTO, []))
            st.combos.append(staged)
            return staged
        elif kind == "release":
            idx = max(i for i, c in enumerate(st.combos) if c.formula == action.get("formula"))
            return st.combos.pop(idx)
        return None

    def _pop_last(self, ids: list[int], symbol: str) -> None:
        """Remove the card of kind ``symbol`` that was added to ``ids`` last."""
        kinds = self.kinds
        for k in range(len(ids) - 1, -1, -1):
            if kinds[ids[k]] == symbol:
                del ids[k]
                return
        raise ValueError(symbol)  # as ``max`` of no card did before

    def _confirm(self, p: int, explanation: Explanation | None) -> Outcome:
        st = self.s_stage
        used = set(st.card_ids())
        self.s_hands[p] = [i for i in self.s_hands[p] if i not in used]
        compound: Compound
        if explanation is None:  # the fast path: named when someone reads its name (LaidCompound)
            compound = LaidCompound(self.s_next_cid, p, st, self.kinds, list(st.combos), st.protect)
        else:
            v = self._verdict()
            compound = Compound(self.s_next_cid, p, list(st.free), dict(v.charges), list(st.combos), st.protect, [],
                                v.points, v.formula, v.radioactive, v.label, v.identity)
        self.s_next_cid += 1
        self.s_table.append(compound)
        if st.payment:
            self._return_to_pile(list(st.payment))
        self.s_stage = Stage()
        if compound.radioactive and any(c.owner != p for c in self.s_table):  # someone to attack
            self.s_phase = "attack"
            self.s_attacks_left = compound.radioactive
            return Outcome(explanation, ends_turn=False) if explanation is not None else _GOES_ON
        return self._end_turn(p, explanation, None, rolled=True)

    def _attack(self, p: int, target: int, explanation: Explanation | None) -> Outcome:
        c = next(c for c in self.s_table if c.cid == target)
        steps = steps_of(explanation)
        told = explanation is not None  # the fast path makes no texts nor data: it need not name the compound
        # what the attack did, for the owner's "since your last turn" (see changes_for)
        hit = {"target": c.cid, "owner": c.owner, "formula": c.formula, "points": 0, "cards": 0} if told else {}
        data: dict[str, Any] = {}
        shields = c.shields(self.kinds) if c.protect is None else None
        if c.protect is not None:
            self._return_to_pile([c.protect])
            c.protect = None
            if told:
                steps.append(Step(Msg("ck.hit_proto")))
                hit |= {"result": "proto", "cards": 1}
        elif shields:
            shield = shields[0]
            c.turned.append(shield)
            if told:
                steps.append(Step(Msg("ck.hit_shield", card=self.kinds[shield])))
                hit |= {"result": "shield", "card": self.kinds[shield]}
        else:
            # by identity: ``remove`` compares with ``==``, which reads every field (names a LaidCompound)
            del self.s_table[next(i for i, x in enumerate(self.s_table) if x is c)]
            self._return_to_pile(c.card_ids())
            if told:
                steps.append(Step(Msg("ck.destroyed", formula=unicode(c.formula), points=Msg("core.points", points=c.points),
                                      cards=Msg("ck.destroyed_cards", n=len(c.card_ids())))))
                data = {"score_delta": {c.owner: -c.points}}
                hit |= {"result": "destroyed", "points": c.points, "cards": len(c.card_ids())}
        self.s_attacks_left -= 1
        if explanation is not None:
            data["attack"] = hit
            explanation = Explanation(True, explanation.headline, tuple(steps), rule="ck.attack", lang=self._lang,
                                      data=data)
        if self.s_attacks_left and any(x.owner != p for x in self.s_table):  # attacks left, and someone to attack
            return Outcome(explanation, ends_turn=False) if told else _GOES_ON
        self.s_attacks_left = 0
        return self._end_turn(p, explanation, None, rolled=True)

    def _end_turn(self, p: int, explanation: Explanation | None, draw: int | None, rolled: bool) -> Outcome:
        told = explanation is not None  # the fast path makes no texts
        steps = steps_of(explanation)
        if draw is None:
            draw = self.rng.randint(1, 6)
            self.s_last_roll = draw
            if told:
                steps.append(Step(Msg("ck.rolled", n=draw)))
        pile = self._pile(p)
        if len(pile) < draw:
            self.s_over = True
            self.s_end = {"player": p, "need": draw, "pile": len(pile)}
            if told:
                steps.append(Step(Msg("ck.game_ends", player=p + 1, n=draw, pile=len(pile))))
        else:
            hand = self.s_hands[p]
            for _ in range(draw):
                hand.append(pile.pop())
            if told:
                steps.append(Step(Msg("ck.drew", n=draw, pile=len(pile))))
            self.s_current = (p + 1) % self.players
            self.s_turn += 1
        self.s_phase = "build"
        self.s_attacks_left = 0
        return Outcome(amended(explanation, steps=tuple(steps)), ends_turn=True) if told else _ENDS_TURN

    # ------------------------------------------------------------------ views and hints
    def _compound_view(self, c: Compound, lang: str) -> dict[str, Any]:
        combos = combinations()
        label = truth.table_label(c.label, c.identity, c.formula)
        return {
            "id": c.cid, "owner": c.owner, "formula": c.formula, "unicode": unicode(c.formula),
            "label": label and {"kind": label["kind"], "text": label["text"].render(lang)},
            "points": c.points, "radioactive": c.radioactive,
            "cards": [self._card_view(i, turned=i in c.turned) for i in self._formula_order(c.free, c.formula)],
            "combinations": [{"formula": s.formula, "unicode": combos[s.formula].parsed.unicode(),
                              "points": combos[s.formula].points,
                              "cards": [self._card_view(i, turned=i in c.turned) for i in s.cards],
                              "proto": [self._card_view(i) for i in s.protos]} for s in c.combos],
            "protect": self._card_view(c.protect) if c.protect is not None else None,
            "charges": c.charges,
            "shields_left": len(c.shields(self.kinds)),
        }

    def _formula_order(self, ids: list[int], formula: str) -> list[int]:
        """Cards in the order of the compound's formula (FeO: Fe, then O), whatever the click order."""
        order = elements_in(formula)
        return sorted(ids, key=lambda i: (order.index(self.kinds[i]) if self.kinds[i] in order else len(order),
                                          card_order(self.kinds[i]), i))

    def _card_view(self, i: int, turned: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {"id": i, "symbol": self.kinds[i]}
        if turned:
            out["turned"] = True
        return out

    def _redeal(self, viewer: int | None, rng: random.Random) -> None:
        """Hidden: the other hands (less the cards the current player has staged, if ``viewer`` does
        not see the stage) and the order of every pile; in the competitive game each deck apart."""
        staged = set(self.s_stage.card_ids()) if viewer != self.s_current else set()
        hidden = [p for p in range(self.players) if p != viewer]
        loose = {p: [i for i in self.s_hands[p] if i not in staged] for p in hidden}
        groups: list[list[list[int]]] = ([[loose[p], self.s_piles[p]] for p in hidden] + [[self.s_piles[viewer]]]
                                         if self.mode == "competitive" and viewer is not None else
                                         [[loose[p], self.s_piles[p]] for p in hidden] if self.mode == "competitive"
                                         else [[*loose.values(), *self.s_piles]])
        for places in groups:
            self._shuffle_places(rng, places)
        for p in hidden:
            self.s_hands[p] = [i for i in self.s_hands[p] if i in staged] + loose[p]

    def _view(self, player: int | None, lang: str) -> dict[str, Any]:
        out: dict[str, Any] = {
            "mode": self.mode, "real_only": self.real_only, "dealer": self.dealer, "turn": self.s_turn, "phase": self.s_phase,
            "attacks_left": self.s_attacks_left, "last_roll": self.s_last_roll,
            "pile": [len(pile) for pile in self.s_piles],
            "hand_sizes": [len(h) for h in self.s_hands],
            "table": [self._compound_view(c, lang) for c in self.s_table],
            "end": self.s_end,
            "cards": card_dicts(lang, self.kinds_in_play),
        }
        if player is not None:
            staged = set(self.s_stage.card_ids()) if player == self.s_current else set()
            out["hand"] = [self._card_view(i) | ({"staged": True} if i in staged else {})
                           for i in sorted(self.s_hands[player], key=lambda i: (self.kinds[i], i))]
        if player is not None and player == self.s_current:
            st = self.s_stage
            out["stage"] = {
                "free": [self._card_view(i) for i in st.free], "charges": dict(st.charges),
                # the charge each element counts with now (the player's or the engine's): the
                # charge buttons, the verdict and the running balance all show these
                "charges_in_use": stage_charges(st, self.kinds),
                "combinations": [{"formula": c.formula, "cards": [self._card_view(i) for i in c.cards],
                                  "proto": [self._card_view(i) for i in c.protos]} for c in st.combos],
                "protect": self._card_view(st.protect) if st.protect is not None else None,
                "payment": [self._card_view(i) for i in st.payment],
                "price_open": self._price_open(),
            }
            if not st.empty:
                out["stage"]["verdict"] = Explanation(*self._verdict_args()).in_lang(lang).to_dict()
        return out

    def _verdict_args(self) -> tuple[Any, ...]:
        v = self._verdict()
        return (v.ok, v.headline, v.steps, v.points if v.ok else None, v.rule, self._lang)

    def changes_for(self, player: int) -> dict[str, Any]:
        """What the other players did to ``player``'s compounds between ``player``'s last turn and
        now (the attacks, from the log), with a sentence for each and the points lost: what a
        student sees highlighted after the bots' turn. Kept while ``player`` builds the next move.

        >>> import chemgames
        >>> g = chemgames.new_game("chemiekarten", players=2, seed=3, lang="en", dealer=0,
        ...                        hands=[[], ["U", "O", "O", "O"]], table=[["FeCl2", 0]])
        >>> for a in [("select", "U"), ("select", "O"), ("select", "O"), ("select", "O"), ("confirm",), ("attack",)]:
        ...     p = dict(card=a[1]) if a[0] == "select" else dict(target=1) if a[0] == "attack" else {}
        ...     _ = g.apply(g.action_from_json({"game": g.id, "player": 1, "kind": a[0], "params": p}))
        >>> c = g.changes_for(0)
        >>> [(e["formula"], e["result"], e["points"], e["by"]) for e in c["events"]], c["lost"]
        ([('FeCl₂', 'destroyed', 6, 1)], 6)
        >>> print(c["text"].render("en"))
        Player 2 destroyed your compound FeCl₂ with a radioactive attack: you lose 6 points. Its 3 cards go back into the pile. Since your last turn: −6 points.
        """
        log = self.log
        end = len(log)
        while end and log[end - 1].player == player:  # the move being built now
            end -= 1
        start = end
        while start and log[start - 1].player != player:
            start -= 1
        events, texts = [], []
        for entry in log[start:end]:
            hit = entry.explanation.data.get("attack") if entry.public else None
            if not hit or hit["owner"] != player:
                continue
            e = dict(hit, formula=unicode(hit["formula"]), by=entry.player)
            events.append(e)
            # a single card laid alone is an element, not a compound (review25e L19)
            what = Msg("ck.your_element" if hit["formula"] in card_set() else "ck.your_compound")
            texts.append(Msg(f"ck.lost_{e['result']}", by=entry.player + 1, formula=e["formula"],
                             points=e["points"], card=e.get("card", ""), what=what))
            if e["result"] == "destroyed":
                texts.append(Msg("ck.lost_cards", n=e["cards"]))
        lost = sum(e["points"] for e in events)
        if lost:
            texts.append(Msg("ck.lost_total", points=lost))
        return {"events": events, "lost": lost, "text": MsgList(tuple(texts), " ")}

    def hint_label(self, hint: Hint) -> dict[str, str] | None:
        """What a hint's compound is, as the table would show it once laid: ``kind`` ("known",
        "transient", "game_only") and its text in the game's language (``None`` for an attack)."""
        label = truth.table_label(hint.label, hint.identity, hint.formula)
        return label and {"kind": label["kind"], "text": label["text"].render(self._lang)}

    def hints(self, limit: int = 10) -> Sequence[Hint]:
        """The compounds the current player can lay now, best first, each with its actions; in the
        attack phase, the other players' compounds, dearest first."""
        if self.is_over:
            return []
        if self.s_phase == "attack":
            targets = sorted((c for c in self.s_table if c.owner != self.s_current), key=lambda c: -c.points)
            return [Hint(c.formula, c.points, (self._act("attack", target=c.cid),), 0) for c in targets][:limit]
        return super().hints(limit)  # the search of ``hints.find_hints``



@lru_cache(maxsize=64)
def _laid_out(deck: tuple[tuple[str, int], ...]) -> tuple[str, ...]:
    """The cards of a deck (its ``(symbol, count)`` sorted) one by one, as the engine numbers them.

    >>> _laid_out((("H", 2), ("O", 1)))
    ('H', 'H', 'O')
    """
    return tuple(symbol for symbol, n in deck for _ in range(n))


@lru_cache(maxsize=64)
def _numbers_of(kinds: tuple[str, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each card's points, and what it costs when artificial (else 0), for the cards ``kinds``."""
    cards = card_set()
    return tuple(cards[s].points for s in kinds), tuple(cards[s].points if cards[s].artificial else 0 for s in kinds)


@lru_cache(maxsize=None)
def _artificial_price(symbol: str) -> int:
    """What a card of kind ``symbol`` costs to play: its points if artificial, else 0."""
    kind = card_set()[symbol]
    return kind.points if kind.artificial else 0



def _named_card(action: object) -> tuple[Action, int] | None:
    """(the step without ``id``, the id) for a select/deselect/unpay that names its card, else ``None``.

    >>> _named_card(Action("chemiekarten", 0, "select", (("card", "H"), ("id", 4))))
    (Action(game='chemiekarten', player=0, kind='select', params=(('card', 'H'),)), 4)
    >>> _named_card(Action("chemiekarten", 0, "select", (("card", "H"),))) is None
    True
    """
    if not isinstance(action, Action) or action.kind not in ("select", "deselect", "unpay") or len(action.params) != 2:
        return None
    values = dict(action.params) if all(isinstance(p, tuple) and len(p) == 2 for p in action.params) else {}
    i = values.get("id")
    if set(values) != {"card", "id"} or not isinstance(i, int) or isinstance(i, bool):
        return None
    return replace(action, params=(("card", values["card"]),)), i


__all__ = ["ChemieKartenspiel"]
