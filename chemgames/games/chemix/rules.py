"""ChemiX Classic: the rule engine (rule sheet ``000``; decisions in docs/rules/chemix.md).

A turn is a row of atomic actions, each of which can be taken back with ``game.undo()`` until
the turn is confirmed: ``dissolve`` a compound laid in an earlier turn (its cards become free),
``play`` a hand card into the free area, ``take`` a multiplier from its stack or ``put_back`` a
free one (one of the two per turn), ``form`` a compound from free cards exactly as its card is
written, ``drop`` a dead hand card (minus point), ``noble`` to use a noble gas when the free cards
would not fit into the hand, then ``confirm`` (leftover free cards to the hand, compound cards to
their owners, refill to three if wanted). ``pass`` ends an untouched turn.

>>> import chemgames
>>> g = chemgames.new_game("chemix", players=3, seed=4, lang="en")
>>> [len(g.view(p)["hand"]) for p in range(3)]
[3, 3, 3]
>>> g.current_player == max(range(3), key=lambda p: g.atomic_number(g.view(None)["nobles"][p][0]))
True
"""
from __future__ import annotations

import random

import pickle
from collections import Counter
from functools import lru_cache
from typing import Any

from ...core.action import Action
from ...core.explanation import AndList, Explanation, Msg, Step, Text, amended, steps_of
from ...core.game import Game, Outcome
from ...core.errors import BadParams, OptionError
from ...core.i18n import tr
from ...core.score import ScoreLine
from .hint import Hint
from . import position
from .cards import HAND_LIMIT, MULTIPLIERS, NOBLE_POINTS, card_set
from .faces import card_faces
from .layout import atom_count_text, atom_counts, molar_mass, read_as_cards
from .truth import display_name, substance_steps



_SUBSCRIPTS = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


@lru_cache(maxsize=128)  # the box has 72 cards
def _face(card_id: str) -> str:
    """What a card shows (cached: hints ask this hundreds of thousands of times a game)."""
    return card_set().face(card_id)
KINDS = ("dissolve", "play", "take", "put_back", "form", "drop", "noble", "confirm", "pass")


class ChemiXClassic(Game[Hint]):
    """The engine of ChemiX Classic for 2 to 4 players."""

    id = "chemix"
    titles = {"de": "ChemiX Classic", "en": "ChemiX Classic"}
    min_players = 2
    max_players = 4
    pass_kinds = ("pass", "confirm")
    # what changes during play (undo, copies and the fast path keep exactly these)
    state_attrs = ("s_nobles", "s_out", "s_table", "s_won", "s_hands", "s_draw", "s_discard", "s_stacks",
                       "s_display", "s_dead", "s_free", "s_current", "s_quiet", "s_over", "s_turn",
                       "s_steps", "s_mult_move", "s_dissolved", "s_noble_used", "s_refilled_pile",
                       "s_hand_out", "s_turn_start")
    # what ``pass`` on a half-built turn returns to is not a copy of the whole position: the hands and
    # the draw pile are hidden, and a world dealt anew for a search bot (``redeal_hidden``) must not
    # pass back to the real ones. Within a turn the pile and the others' hands never change and the
    # player's own hand only loses cards (``s_hand_out``), so the visible rest (``s_turn_start``)
    # and those cards give back the turn's start in any world.
    _HIDDEN_AT_TURN_START = ("s_hands", "s_draw", "s_hand_out", "s_turn_start")
    fast_do = True  # `_do` works without its explanation (the fast path)
    position_options = ("hands", "table", "won", "nobles", "draw_top")  # a save that sets these must be signed (core.savekey)
    options = position.OPTIONS  # a chosen start position (see position.py); by default all is dealt

    # ------------------------------------------------------------------ set-up
    def _setup(self) -> None:
        cs = card_set()
        o = self.option_values
        nobles = list(cs.noble_ids)
        self.rng.shuffle(nobles)
        chosen = position.chosen_nobles(o["nobles"], nobles, self.players, self._lang)
        self.s_nobles: list[list[str]] = [c if c is not None else [nobles.pop(0)] if nobles else []
                                          for c in chosen]
        self.s_out: list[str] = nobles  # spare noble gases leave the game
        draw = list(cs.element_ids)
        self.rng.shuffle(draw)
        supply = position.Supply(self._lang, draw, {m: [i for i in cs.multiplier_ids if i[1] == m]
                                                    for m in MULTIPLIERS}, list(cs.compound_ids))
        self.s_table: list[dict[str, Any]] = []  # {"formula", "cards", "owner", "new"}
        for entry in o["table"] or ():
            formula, owner = supply.compound(entry, "table", self.players)
            cards = [supply.take(t, "table") for t in cs.compounds[formula].layout]
            self.s_table.append({"formula": formula, "cards": cards, "owner": owner, "new": False})
        self.s_won: list[list[str]] = [[] for _ in range(self.players)]  # compound cards taken back
        for entry in o["won"] or ():
            formula, owner = supply.compound(entry, "won", self.players)
            self.s_won[owner].append(formula)
        hands = position.chosen_hands(o["hands"], supply, self.players)
        top = [supply.take(card, "draw_top") for card in o["draw_top"] or ()]
        self.s_hands: list[list[str]] = [h if h is not None else [draw.pop() for _ in range(HAND_LIMIT)]
                                         for h in hands]
        self.s_draw: list[str] = draw + top[::-1]  # the top of the pile is the end of the list
        self.s_discard: list[str] = []
        self.s_stacks: dict[str, list[str]] = supply.stacks
        self.s_display: list[str] = supply.display  # compound cards never laid
        self.s_dead: list[list[str]] = [[] for _ in range(self.players)]
        self.s_free: list[str] = []
        starter = o["starter"]
        if starter is None:
            starter = max(range(self.players), key=lambda p: max(map(self.atomic_number, self.s_nobles[p]), default=0))
        elif not 0 <= starter < self.players:
            raise OptionError(tr(self._lang, "core.bad_seat", value=starter, players=self.players))
        self.s_current = starter
        self.s_quiet = 0  # turns in a row without a compound laid
        self.s_over = False
        self.s_turn = 1
        self._new_turn_state()
        self._mark_turn_start()

    def _mark_turn_start(self) -> None:
        """Keep the visible position at the start of the turn: ``pass`` on a half-built turn
        returns to it (``_take_back_turn``)."""
        visible = {k: self.__dict__[k] for k in self.state_attrs if k not in self._HIDDEN_AT_TURN_START}
        self.s_turn_start: bytes = pickle.dumps(visible, pickle.HIGHEST_PROTOCOL)

    def _take_back_turn(self, p: int) -> None:
        """Return to the start of the turn: its visible position, and player ``p``'s hand with the
        cards laid out of it this turn put back where they were."""
        hand, out = self.s_hands[p], self.s_hand_out
        self._restore(pickle.loads(self.s_turn_start))
        for at, card in reversed(out):
            hand.insert(at, card)
        out.clear()

    def _take_from_hand(self, p: int, card: str) -> None:
        at = self.s_hands[p].index(card)
        del self.s_hands[p][at]
        self.s_hand_out.append((at, card))

    def _new_turn_state(self) -> None:
        self.s_steps = 0  # actions taken this turn
        self.s_mult_move: str | None = None  # "take" or "put_back" once used this turn
        self.s_dissolved: list[dict[str, Any]] = []  # compounds dissolved this turn, in order
        self.s_noble_used = False
        self.s_refilled_pile = False
        self.s_hand_out: list[tuple[int, str]] = []  # (place in the hand, card) of each card laid out of it this turn

    @staticmethod
    def atomic_number(symbol: str) -> int:
        return card_set().atomic_number(symbol)

    # ------------------------------------------------------------------ queries
    @property
    def is_over(self) -> bool:
        return self.s_over

    def _current_player(self) -> int | None:
        return self.s_current

    @staticmethod
    def face(card_id: str) -> str:
        return _face(card_id)

    def live_faces(self) -> frozenset[str]:
        """Faces (element symbols, multiplier digits) that a compound card still in the display needs."""
        return _live_faces(tuple(self.s_display))

    def is_dead(self, card_id: str) -> bool:
        """A card is dead when no compound card left in the display needs its face."""
        return self.face(card_id) not in self.live_faces()

    def needed_by(self, face: str) -> list[str]:
        cs = card_set()
        return [f for f in self.s_display if face in cs.compounds[f].layout]

    def _laid_now(self) -> list[str]:
        return [c["formula"] for c in self.s_table if c["new"]]

    def _free_counts(self) -> Counter[str]:
        return Counter(self.face(i) for i in self.s_free)

    def _live_free(self) -> list[str]:
        live = self.live_faces()
        return [i for i in self.s_free if self.face(i) in live]

    def _overflow(self) -> int:
        """How many cards beyond three the hand would hold after step 4."""
        return max(0, len(self.s_hands[self.s_current]) + len(self._live_free()) - HAND_LIMIT)

    def _laid_by(self, p: int) -> list[str]:
        """Every compound card ``p`` laid: on the table, taken back, or freed this turn (theirs at step 5)."""
        return ([c["formula"] for c in self.s_table if c["owner"] == p] + self.s_won[p]
                + [d["formula"] for d in self.s_dissolved if d["owner"] == p])

    def _score_parts(self, p: int) -> tuple[int, int, int, int]:
        """Compound points, noble-gas points, hand cards (negative), dead cards (negative)."""
        cs = card_set()
        return (sum(cs.compounds[f].points for f in self._laid_by(p)), NOBLE_POINTS * len(self.s_nobles[p]),
                -len(self.s_hands[p]), -len(self.s_dead[p]))

    def _scores(self) -> list[int]:
        return [sum(self._score_parts(p)) for p in range(self.players)]

    def score_now(self) -> dict[str, Any] | None:
        """The mover's score as the sheet counts it if the turn ended now, while cards lie on the free
        area: each costs −1, as a hand card (step 4 takes it onto the hand) or a dead card (step 3).
        ``scores()`` counts them not at all until the turn ends (bots and hints read it at the ends of
        turns); a student reading it mid-turn saw the score rise by laying cards out of the hand.

        >>> import chemgames
        >>> from chemgames.core.action import Action
        >>> g = chemgames.new_game("chemix", players=2, seed=0, lang="en")
        >>> _ = g.apply(Action("chemix", 0, "play", (("card", "C.1"),)))
        >>> g.scores()[0], g.score_now()
        (1, {'player': 0, 'points': 0, 'cards': ['C']})
        """
        if self.s_over or not self.s_free:
            return None
        return {"player": self.s_current, "points": self.shown_scores()[self.s_current],
                "cards": [self.face(i) for i in self.s_free]}

    def shown_scores(self) -> list[int]:
        """``scores()`` with the mover's as the sheet counts it now: −1 for each card on the free area."""
        out = self.scores()
        if not self.s_over:
            out[self.s_current] -= len(self.s_free)
        return out

    def _score_lines(self, player: int) -> list[ScoreLine]:
        """The sheet's "Auswertung": compound points + 3 per noble gas − 1 per hand card − 1 per dead card.

        >>> import chemgames
        >>> g = chemgames.new_game("chemix", players=2, seed=1, lang="en", table=[["H2O", 0]], won=[["CO2", 0]])
        >>> g.score_breakdown()[0].sum_text()
        '6 + 3 − 3 = 6'
        """
        compounds, nobles, hand, dead = self._score_parts(player)
        lines = [ScoreLine(Msg("cx.score.compounds"), compounds,
                           Msg("cx.score.cards", cards=", ".join(f.translate(_SUBSCRIPTS) for f in self._laid_by(player))
                               or "–"))]
        if nobles:
            lines.append(ScoreLine(Msg("cx.score.nobles"), nobles,
                                   Msg("cx.score.cards", cards=", ".join(self.s_nobles[player]))))
        if hand:  # the faces stay secret: only the count
            lines.append(ScoreLine(Msg("cx.score.hand"), hand))
        if dead:
            lines.append(ScoreLine(Msg("cx.score.dead"), dead,
                                   Msg("cx.score.cards", cards=", ".join(self.face(i) for i in self.s_dead[player]))))
        return lines

    # ------------------------------------------------------------------ legal actions
    def _act(self, kind: str, **params: Any) -> Action:
        return _action(self.s_current, kind, tuple(params.items()))

    def action_from_json(self, obj: Any) -> Action:
        """Parse an action's JSON form; an action the engine has listed before comes back as the very
        object it listed (``_action``), which ``is_legal`` recognises at once."""
        action = super().action_from_json(obj)
        return _ACTIONS.get((action.player, action.kind, action.params), action)

    def _legal(self) -> list[Action]:
        p = self.s_current
        if self.s_noble_used:
            return [self._act("confirm", refill=r) for r in self._refill_choices()] + [self._act("pass")]
        out = [self._act("dissolve", compound=c["formula"]) for c in self.s_table if not c["new"]]
        out += [self._act("play", card=i) for i in self.s_hands[p]]
        if self.s_mult_move is None:
            out += [self._act("take", multiplier=m) for m in MULTIPLIERS if self.s_stacks[m]]
            out += [self._act("put_back", multiplier=m) for m in sorted({self.face(i) for i in self.s_free
                                                                         if i.startswith("x")})]
        if self.s_free:
            out += [_action(p, "form", (("layout", layout),))
                    for layout in _formable(tuple(self.s_display), tuple(sorted(self._free_counts().items())))]
        live = self.live_faces()
        out += [self._act("drop", card=i) for i in self.s_hands[p] if self.face(i) not in live]
        # step 4: a noble gas may be used ("darf … einsetzen"); it must be when the hand would overflow
        out += [self._act("noble", gas=g, to=q) for g in self.s_nobles[p] for q in range(self.players) if q != p]
        if not self._overflow():
            out += [self._act("confirm", refill=r) for r in self._refill_choices()]
        out.append(self._act("pass"))
        return out

    def _refill_choices(self) -> tuple[bool, ...]:
        """Refilling is offered only when it would draw a card."""
        hand_after = len(self.s_hands[self.s_current]) + (0 if self.s_noble_used else len(self._live_free()))
        return (False, True) if self.s_draw and hand_after < HAND_LIMIT else (False,)

    # ------------------------------------------------------------------ explanations
    def _explain(self, action: Action) -> Explanation:
        kind = action.kind
        if kind not in KINDS:
            return self._no("cx.unknown_kind", kind=kind[:30])
        if self.s_noble_used and kind not in ("confirm", "pass"):
            return self._no("cx.after_noble")
        try:
            result: Explanation = getattr(self, f"_explain_{kind}")(action)
        except BadParams:  # only the parameters' names and types: any other error is an engine bug
            return self._no("cx.bad_params", action=str(action)[:80])
        return result

    @staticmethod
    def _name(formula: str) -> Text:
        """The compound's name from the substance reference (the trivial name beside it)."""
        c = card_set().compounds[formula]
        return Text(de=display_name(formula, "de", c.name["de"], inline=True),
                    en=display_name(formula, "en", c.name["en"], inline=True))

    def _explain_dissolve(self, action: Action) -> Explanation:
        formula = self._params(action, compound=str)["compound"]
        entry = next((c for c in self.s_table if c["formula"] == formula), None)
        if entry is None:
            return self._no("cx.not_on_table", formula=formula[:20])
        if entry["new"]:
            return self._no("cx.dissolve_new", formula=formula)
        cards = [self.face(i) for i in entry["cards"]]
        steps = (Step(Msg("cx.frees_cards", cards=read_as_cards(tuple(cards)))),
                 Step(Msg("cx.card_back_owner", formula=formula, owner=entry["owner"] + 1)))
        return self._yes("cx.ok_dissolve", steps, formula=formula, name=self._name(formula))

    def _explain_play(self, action: Action) -> Explanation:
        card = self._params(action, card=str)["card"]
        if card not in self.s_hands[self.s_current]:
            return self._no("cx.not_in_hand", card=card[:20])
        return self._yes("cx.ok_play", card=self.face(card))

    def _mult_used(self) -> Explanation | None:
        if self.s_mult_move is not None:
            return self._no("cx.one_multiplier_move", done=Msg(f"cx.move_{self.s_mult_move}"))
        return None

    def _explain_take(self, action: Action) -> Explanation:
        m = self._params(action, multiplier=str)["multiplier"]
        if m not in MULTIPLIERS:
            return self._no("cx.no_such_stack", value=m[:10])
        refused = self._mult_used()
        if refused:
            return refused
        if not self.s_stacks[m]:
            return self._no("cx.stack_empty", multiplier=m)
        return self._yes("cx.ok_take", multiplier=m, left=len(self.s_stacks[m]) - 1)

    def _explain_put_back(self, action: Action) -> Explanation:
        m = self._params(action, multiplier=str)["multiplier"]
        if m not in MULTIPLIERS:
            return self._no("cx.no_such_stack", value=m[:10])
        refused = self._mult_used()
        if refused:
            return refused
        if m not in self._free_counts():
            return self._no("cx.no_free_multiplier", multiplier=m)
        steps = (Step(Msg("cx.dead_multiplier_back", multiplier=m)),) if m not in self.live_faces() else ()
        return self._yes("cx.ok_put_back", steps, multiplier=m)

    def _explain_form(self, action: Action) -> Explanation:
        raw = self._params(action, layout=tuple)["layout"]
        cs = card_set()
        if not raw or not all(isinstance(t, str) for t in raw):
            raise BadParams("layout")
        layout = tuple(raw)
        match = next((c for c in cs.compounds.values() if c.layout == layout), None)
        if match is None:
            return self._wrong_layout(layout)
        f = match.formula
        if f not in self.s_display:
            owner = next((c["owner"] for c in self.s_table if c["formula"] == f), None)
            where = Msg("cx.on_table_of", owner=owner + 1) if owner is not None else Msg("cx.taken_back")
            return self._no("cx.already_laid", formula=f, where=where)
        missing = match.needs - self._free_counts()
        if missing:
            steps = [step for t, n in sorted(missing.items()) for step in self._where_to_get(t, n)]
            return self._no("cx.cards_missing", tuple(steps), formula=f,
                            cards=", ".join(f"{n}× {t}" for t, n in sorted(missing.items())))
        return self._yes("cx.ok_form", self.compound_steps(f), points=match.points, formula=f, name=self._name(f))

    def _where_to_get(self, face: str, n: int) -> list[Step]:
        """Where ``n`` more cards of ``face`` could come from this turn: the hand, the stack (while the
        turn's one multiplier move is unused), a compound laid in an earlier turn (dissolving frees it)."""
        steps = []
        in_hand = min(n, sum(self.face(i) == face for i in self.s_hands[self.s_current]))
        if in_hand:
            steps.append(Step(Msg("cx.missing_in_hand", card=face, n=in_hand)))
            n -= in_hand
        if n and face in MULTIPLIERS and self.s_stacks[face]:
            if self.s_mult_move is None:
                steps.append(Step(Msg("cx.missing_on_stack", card=face)))
                n -= 1
            else:
                steps.append(Step(Msg("cx.missing_move_used", card=face, done=Msg(f"cx.move_{self.s_mult_move}"))))
        if n:
            holders = [c["formula"] for c in self.s_table if not c["new"]
                       and any(self.face(i) == face for i in c["cards"])]
            steps.append(Step(Msg("cx.missing_dissolve", card=face, compounds=", ".join(holders))) if holders
                         else Step(Msg("cx.missing_none", card=face, n=n)))
        return steps

    def compound_steps(self, formula: str) -> tuple[Step, ...]:
        """The chemistry of a compound card: cards, atoms, oxidation numbers, balance, molar mass."""
        c = card_set().compounds[formula]
        counts = atom_counts(c.layout)
        return (
            Step(Msg("cx.read_as_cards", formula=formula, cards=read_as_cards(c.layout))),
            Step(Msg("cx.atom_count", n=sum(counts.values())), atom_count_text(c.layout)),
            *substance_steps(formula, c.layout),
            Step(Msg("cx.molar_mass", formula=formula), molar_mass(c.layout).math),
            Step(Msg("cx.about", about=Text(de=c.about["de"], en=c.about["en"]))),
        )

    def _wrong_layout(self, layout: tuple[str, ...]) -> Explanation:
        cs = card_set()
        bad = [t for t in layout if t not in MULTIPLIERS and t not in cs.element_supply]
        if bad or layout[0] in MULTIPLIERS:
            return self._no("cx.not_cards", cards=" + ".join(layout)[:60])
        try:
            atoms = atom_counts(layout)
        except ValueError:
            return self._no("cx.not_cards", cards=" + ".join(layout)[:60])
        same = next((c for c in cs.compounds.values() if atom_counts(c.layout) == atoms
                     or Counter(c.layout) == Counter(layout)), None)
        if same is not None:
            return self._no("cx.wrong_layout", (Step(Msg("cx.written_as", formula=same.formula,
                                                         cards=read_as_cards(same.layout))),),
                            cards=read_as_cards(layout), formula=same.formula)
        return self._no("cx.no_such_compound", cards=read_as_cards(layout))

    def _explain_drop(self, action: Action) -> Explanation:
        card = self._params(action, card=str)["card"]
        if card not in self.s_hands[self.s_current]:
            return self._no("cx.not_in_hand", card=card[:20])
        face = self.face(card)
        if face not in self.live_faces():
            return self._yes("cx.ok_drop", (self._dead_step(face), Step(Msg("cx.drop_counts_at_end"))), card=face,
                             player=self.s_current + 1)
        needed = self.needed_by(face)
        return self._no("cx.not_dead", card=face, n=len(needed), compounds=", ".join(needed[:8]))

    def _dead_step(self, face: str) -> Step:
        return Step(Msg("cx.why_dead", card=face, n=len(self.s_display)))

    def _explain_noble(self, action: Action) -> Explanation:
        v = self._params(action, gas=str, to=int)
        p = self.s_current
        if v["gas"] not in self.s_nobles[p]:
            return self._no("cx.no_such_noble", gas=v["gas"][:10])
        if not 0 <= v["to"] < self.players or v["to"] == p:
            return self._no("cx.noble_to_other", value=v["to"])
        plan = self._noble_plan()
        steps = [self._dead_step(self.face(i)) for i in plan["dead"]]
        steps += [Step(Msg("cx.noble_restore", formula=d["formula"], owner=d["owner"] + 1)) for d in plan["restore"]]
        if len(plan["restore"]) < len(self.s_dissolved):
            kept = [d["formula"] for d in plan["restore"]]
            lost = [d["formula"] for d in self.s_dissolved if d["formula"] not in kept]
            # "H2O and NaCl cannot be restored: their cards …" (the verb and pronoun by the number of compounds)
            steps.append(Step(Msg("cx.noble_not_restored", formulas=AndList(tuple(lost)), lost=len(lost), n=len(kept),
                                  of=len(self.s_dissolved)) if kept else Msg("cx.noble_none_restored",
                                                                             formulas=AndList(tuple(lost)), lost=len(lost))))
        if plan["multipliers"]:
            steps.append(Step(Msg("cx.noble_multipliers", cards=", ".join(self.face(i) for i in plan["multipliers"]))))
        if plan["discard"]:
            steps.append(Step(Msg("cx.noble_discard", cards=", ".join(self.face(i) for i in plan["discard"]))))
        steps.append(Step(Msg("cx.noble_give", gas=v["gas"], to=v["to"] + 1)))
        if not self._overflow():  # used by choice: the free cards would have fit into the hand
            return self._yes("cx.ok_noble_free", tuple(steps), points=-NOBLE_POINTS, gas=v["gas"])
        return self._yes("cx.ok_noble", tuple(steps), points=-NOBLE_POINTS, gas=v["gas"], n=self._overflow(),
                         player=self.s_current + 1)

    def _noble_plan(self) -> dict[str, Any]:
        """What a noble gas does now: dead cards out, (a) restore, (b) multipliers back, (c) discard."""
        live = self.live_faces()
        dead = [i for i in self.s_free if self.face(i) not in live]
        rest = [i for i in self.s_free if self.face(i) in live]
        restore = []
        for d in self.restorable([d["formula"] for d in self.s_dissolved], Counter(self.face(i) for i in rest)):
            cards = []
            for t in card_set().compounds[self.s_dissolved[d]["formula"]].layout:
                i = next(i for i in rest if self.face(i) == t)
                rest.remove(i)
                cards.append(i)
            restore.append({**self.s_dissolved[d], "cards": cards})
        return {"dead": dead, "restore": restore, "multipliers": [i for i in rest if i.startswith("x")],
                "discard": [i for i in rest if not i.startswith("x")]}

    @staticmethod
    def restorable(dissolved: list[str], free: Counter[str]) -> list[int]:
        """Which compounds dissolved this turn a noble gas restores from the ``free`` cards (their
        positions in ``dissolved``): "soweit möglich", so as many compounds as the cards allow; among
        equally many, the most cards put back into compounds, then those dissolved first.

        >>> ChemiXClassic.restorable(["CO2", "H2O", "CO"], Counter("C O O 2 H".split()))
        [1, 2]
        """
        needs = [card_set().compounds[f].needs for f in dissolved]
        best: tuple[int, ...] = ()

        def key(chosen: tuple[int, ...]) -> tuple[int, int, tuple[int, ...]]:
            return (len(chosen), sum(sum(needs[i].values()) for i in chosen), tuple(-i for i in chosen))

        def search(start: int, left: Counter[str], chosen: tuple[int, ...]) -> None:
            nonlocal best
            if key(chosen) > key(best):
                best = chosen
            if len(chosen) + len(dissolved) - start < len(best):
                return  # even restoring every compound left could not restore as many
            for i in range(start, len(dissolved)):
                if all(left[t] >= n for t, n in needs[i].items()):
                    search(i + 1, left - needs[i], chosen + (i,))

        search(0, +free, ())
        return list(best)

    def _explain_confirm(self, action: Action) -> Explanation:
        refill = self._params(action, refill=bool)["refill"]
        if not self.s_noble_used and self._overflow():
            return self._no("cx.hand_overflow", self._overflow_ways(),
                            n=len(self.s_hands[self.s_current]) + len(self._live_free()), limit=HAND_LIMIT)
        if refill and True not in self._refill_choices():
            return self._no("cx.nothing_to_refill")
        steps = [self._dead_step(self.face(i)) for i in self.s_free if self.face(i) not in self.live_faces()]
        live = self._live_free()
        if live:
            # read by everyone (the log, the next player after a handover): the player named, never "deine"
            steps.append(Step(Msg("cx.free_to_hand", cards=", ".join(self.face(i) for i in live), player=self.s_current + 1)))
        for d in self.s_dissolved:
            steps.append(Step(Msg("cx.card_back_owner", formula=d["formula"], owner=d["owner"] + 1)))
        laid = self._laid_now()
        if laid:
            steps.append(Step(Msg("cx.new_cards", formulas=", ".join(laid), n=len(laid), player=self.s_current + 1)))
            return self._yes("cx.ok_confirm", tuple(steps), points=sum(card_set().compounds[f].points for f in laid))
        steps.append(Step(Msg("cx.counts_as_pass")))
        return self._yes("cx.ok_confirm_nothing", tuple(steps))

    def _overflow_ways(self) -> tuple[Step, ...]:
        """What makes room when the hand would overflow at step 4."""
        p = self.s_current
        live = self.live_faces()
        dead = [self.face(i) for i in self.s_hands[p] if self.face(i) not in live]
        steps = []
        if dead:
            steps.append(Step(Msg("cx.overflow_drop", cards=", ".join(dead))))
        spare = sorted({self.face(i) for i in self._live_free() if i.startswith("x")})
        if spare and self.s_mult_move is None:
            steps.append(Step(Msg("cx.overflow_put_back", multiplier=spare[0])))
        if self.s_nobles[p]:
            steps.append(Step(Msg("cx.overflow_noble", gases=", ".join(self.s_nobles[p]))))
        steps.append(Step(Msg("cx.overflow_take_back")))
        return tuple(steps)

    def _explain_pass(self, action: Action) -> Explanation:
        self._params(action)
        steps: tuple[Step, ...] = (Step(Msg("cx.pass_takes_back", n=self.s_steps)),) if self.s_steps else ()
        steps += (Step(Msg("cx.passes_in_row", n=self.s_quiet + 1, players=self.players)),)
        return self._yes("cx.ok_pass", steps)

    # ------------------------------------------------------------------ applying
    def _do(self, action: Action, explanation: Explanation | None) -> Outcome:
        # ``explanation`` is None on the fast path: the same effect, no texts
        p = self.s_current
        v = dict(action.params)
        kind = action.kind
        taken_back = kind == "pass" and self.s_steps > 0
        if taken_back:
            self._take_back_turn(p)  # the half-built turn is taken back
        self.s_steps += 1
        if kind == "dissolve":
            entry = next(c for c in self.s_table if c["formula"] == v["compound"])
            self.s_table.remove(entry)
            self.s_free.extend(entry["cards"])
            self.s_dissolved.append({"formula": entry["formula"], "owner": entry["owner"]})
        elif kind == "play":
            self._take_from_hand(p, v["card"])
            self.s_free.append(v["card"])
        elif kind == "take":
            self.s_free.append(self.s_stacks[v["multiplier"]].pop())
            self.s_mult_move = "take"
        elif kind == "put_back":
            card = next(i for i in reversed(self.s_free) if self.face(i) == v["multiplier"])
            self.s_free.remove(card)
            self.s_stacks[v["multiplier"]].append(card)
            self.s_mult_move = "put_back"
        elif kind == "form":
            cards = []
            for t in v["layout"]:
                card = next(i for i in self.s_free if self.face(i) == t)
                self.s_free.remove(card)
                cards.append(card)
            formula = next(f for f in self.s_display if card_set().compounds[f].layout == tuple(v["layout"]))
            self.s_display.remove(formula)
            self.s_table.append({"formula": formula, "cards": cards, "owner": p, "new": True})
        elif kind == "drop":
            self._take_from_hand(p, v["card"])
            self.s_dead[p].append(v["card"])
        elif kind == "noble":
            dead = self._use_noble(p, v["gas"], v["to"])
            return Outcome(amended(explanation, data={"dead": dead}), ends_turn=False)
        else:
            return self._end_turn(p, v.get("refill", False), taken_back, explanation)
        return Outcome(explanation, ends_turn=False)

    def _use_noble(self, p: int, gas: str, to: int) -> int:
        plan = self._noble_plan()
        self.s_dead[p].extend(plan["dead"])
        for d in plan["restore"]:
            self.s_table.append({"formula": d["formula"], "cards": d["cards"], "owner": d["owner"], "new": False})
            self.s_dissolved.remove({"formula": d["formula"], "owner": d["owner"]})
        for i in plan["multipliers"]:
            self.s_stacks[self.face(i)].append(i)
        self.s_discard.extend(plan["discard"])
        self.s_free = []
        self.s_nobles[p].remove(gas)
        self.s_nobles[to].append(gas)
        self.s_noble_used = True
        return len(plan["dead"])

    def _end_turn(self, p: int, refill: bool, taken_back: bool, explanation: Explanation | None) -> Outcome:
        live = self.live_faces()
        dead = [i for i in self.s_free if self.face(i) not in live]
        self.s_dead[p].extend(dead)                                        # step 3
        self.s_hands[p].extend(i for i in self.s_free if self.face(i) in live)  # step 4
        self.s_free = []
        for d in self.s_dissolved:                                         # step 5
            self.s_won[d["owner"]].append(d["formula"])
        self.s_dissolved = []
        laid = self._laid_now()
        for c in self.s_table:                                             # step 6
            c["new"] = False
        drawn = []
        while refill and self.s_draw and len(self.s_hands[p]) < HAND_LIMIT:  # step 7
            drawn.append(self.s_draw.pop())
            self.s_hands[p].append(drawn[-1])
        self.s_quiet = 0 if laid else self.s_quiet + 1
        steps = steps_of(explanation)
        if drawn:
            steps.append(Step(Msg("cx.refilled", n=len(drawn))))
        data = {"dead": len(dead), "laid": laid, "taken_back": taken_back}
        if self.s_quiet >= self.players:
            self.s_over = True
            steps.append(Step(Msg("cx.game_over_all_passed", players=self.players)))
        else:
            self.s_current = (p + 1) % self.players
            self.s_turn += 1
            self._new_turn_state()
            if not self.s_draw and self.s_discard:                          # step 1 of the next turn
                self.s_draw = self.s_discard
                self.s_discard = []
                self.rng.shuffle(self.s_draw)
                self.s_refilled_pile = True
                steps.append(Step(Msg("cx.pile_refilled", n=len(self.s_draw))))
            self._mark_turn_start()
        return Outcome(amended(explanation, steps=tuple(steps), data=data), ends_turn=True, public=True)

    def undo_turn(self) -> int:
        """Take back every step of the current turn; returns how many were taken back."""
        n = 0
        while self.can_undo():
            self.undo()
            n += 1
        return n

    # ------------------------------------------------------------------ views and hints
    def card_faces(self, lang: str | None = None) -> dict[str, dict[str, Any]]:
        return card_faces(lang or self._lang)

    def _redeal(self, viewer: int | None, rng: random.Random) -> None:
        """Hidden: the other hands and the order of the draw pile."""
        self._shuffle_places(rng, [h for p, h in enumerate(self.s_hands) if p != viewer] + [self.s_draw])

    def _view(self, player: int | None, lang: str) -> dict[str, Any]:
        live = self.live_faces()
        out: dict[str, Any] = {
            "turn": self.s_turn,
            "hand_sizes": [len(h) for h in self.s_hands],
            "nobles": [list(n) for n in self.s_nobles],
            "won": [list(w) for w in self.s_won],
            "dead": [list(d) for d in self.s_dead],
            "table": [{"formula": c["formula"], "cards": list(c["cards"]), "owner": c["owner"], "new": c["new"]}
                      for c in self.s_table],
            "free": list(self.s_free),
            "free_dead": [i for i in self.s_free if self.face(i) not in live],
            "stacks": {m: len(s) for m, s in self.s_stacks.items()},
            "draw": len(self.s_draw),
            "discard": list(self.s_discard),
            "display": list(self.s_display),
            "dead_faces": sorted({self.face(i) for i in card_set().element_ids + card_set().multiplier_ids} - live),
            "quiet": self.s_quiet,
            "mult_move": self.s_mult_move,
            "noble_used": self.s_noble_used,
            "dissolved": [d["formula"] for d in self.s_dissolved],
            "overflow": self._overflow() if not self.s_over and not self.s_noble_used else 0,
            "score_now": self.score_now(),
            "cards": self.card_faces(lang),
        }
        if player is not None:
            out["hand"] = list(self.s_hands[player])
        return out

_ACTIONS: dict[tuple[int, str, tuple[tuple[str, Any], ...]], Action] = {}


def _action(player: int, kind: str, params: tuple[tuple[str, Any], ...] = ()) -> Action:
    """The action, made once and reused (an ``Action`` is a frozen value; the box holds few cards,
    so there are few actions): listing the legal actions builds no new objects.

    >>> _action(0, "play", (("card", "e1"),)) is _action(0, "play", (("card", "e1"),))
    True
    """
    key = (player, kind, params)
    action = _ACTIONS.get(key)
    if action is None:
        action = _ACTIONS[key] = Action(ChemiXClassic.id, player, kind, params)
    return action


@lru_cache(maxsize=4096)
def _live_faces(display: tuple[str, ...]) -> frozenset[str]:
    """The faces the compound cards of ``display`` need (every game starts with the same display)."""
    compounds = card_set().compounds
    return frozenset(t for f in display for t in compounds[f].layout)


@lru_cache(maxsize=65536)
def _formable(display: tuple[str, ...], free: tuple[tuple[str, int], ...]) -> tuple[tuple[str, ...], ...]:
    """The layouts of the compound cards in ``display`` that the ``free`` cards (face, count) can lay."""
    have = dict(free)
    compounds = card_set().compounds
    return tuple(compounds[f].layout for f in display
                 if all(have.get(t, 0) >= n for t, n in compounds[f].needs.items()))


__all__ = ["ChemiXClassic", "HAND_LIMIT", "NOBLE_POINTS"]
