"""The legal steps of Das Chemie-Kartenspiel, listed fast: a search bot and a replay list the
legal actions after every atomic step, about 700 times in a uniform random game).

The same list, in the same order, as the rules define it (``ChemieKartenspiel._legal``); what makes
it fast: every ``Action`` is made once per seat and reused (:class:`Acts`), the combinations a hand
can lay are looked up by the few counts that decide them (:func:`combine_actions`), and the list
is kept step by step while a player builds a compound (:class:`Kept`): a step changes one or a few
counts, and only the parts of the list that depend on them are made anew.

>>> acts = Acts("chemiekarten", 0)
>>> acts.select["H"] is acts.select["H"], acts.select["H"].get("card")
(True, 'H')
>>> [a.get("formula") for a in combine_actions(acts, {"C": 1, "O": 5})]
['CO', 'CO2', '[CO3]2-', 'O3']
"""
from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache
from itertools import chain
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Callable, Mapping

from ...chemistry import combination_uses
from ...core.action import Action
from .cards import PROTO, card_set, combinations
from .compound import MOST_UNITS, unit_charges, stage_ok

if TYPE_CHECKING:
    from .compound import Stage


class _Made(dict):
    """A dict that makes a missing value with ``make(key)`` and keeps it."""

    def __init__(self, make: Callable[[Any], Action]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: Any) -> Action:
        value = self[key] = _interned(self.make(key))
        return value


_INTERN: dict[Action, Action] = {}


def _interned(action: Action) -> Action:
    return _INTERN.setdefault(action, action)


def interned(action: Action) -> Action:
    """The reused object equal to ``action`` if there is one, else ``action`` (a save's actions are
    parsed anew: the engine then recognises them without hashing its whole list of legal actions).

    >>> a = acts_of("chemiekarten", 1).skip
    >>> interned(Action("chemiekarten", 1, "skip")) is a
    True
    """
    return _INTERN.get(action, action)


class Acts:
    """The actions of one seat, each made once: ``select[symbol]``, ``charge[(symbol, charge)]``,
    ``combine[(formula, proto)]``, ``attack[cid]``, ... (an ``Action`` is a frozen value, so the
    same object can stand in every list of legal actions)."""

    def __init__(self, game: str, player: int) -> None:
        def one(kind: str, name: str) -> _Made:
            return _Made(lambda v: Action(game, player, kind, ((name, v),)))

        def two(kind: str, a: str, b: str) -> _Made:
            return _Made(lambda v: Action(game, player, kind, ((a, v[0]), (b, v[1]))))

        self.select, self.deselect, self.pay, self.unpay = (one(k, "card") for k in ("select", "deselect", "pay", "unpay"))
        self.release = one("release", "formula")
        self.attack = one("attack", "target")
        self.charge = two("charge", "element", "charge")
        self.combine = two("combine", "formula", "proto")
        self.protect, self.unprotect, self.clear, self.confirm, self.skip, self.stop = (
            _interned(Action(game, player, k)) for k in ("protect", "unprotect", "clear", "confirm", "skip", "stop"))
        self.runs: Any = None  # see _run_table
        self.run_of: dict[str, Any] = {}  # each run of ``runs`` by its defining card
        self.other_charges: dict[tuple[str, int | None], tuple[Action, ...]] = {}  # see charges_but

    def charges_but(self, symbol: str, chosen: int | None, options: tuple[int, ...]) -> tuple[Action, ...]:
        """The ``charge`` steps of ``symbol`` to each of its ``options`` but the one ``chosen``."""
        out = self.other_charges.get((symbol, chosen))
        if out is None:
            charge = self.charge
            out = self.other_charges[symbol, chosen] = tuple(charge[symbol, q] for q in options if q != chosen)
        return out


_ACTS: dict[tuple[str, int], Acts] = {}


def acts_of(game: str, player: int) -> Acts:
    """The reused actions of ``player`` (made on first use)."""
    acts = _ACTS.get((game, player))
    if acts is None:
        acts = _ACTS[game, player] = Acts(game, player)
    return acts


@lru_cache(maxsize=None)
def _shape() -> tuple[tuple[tuple[str, tuple[str, ...]], ...], tuple[str, ...], tuple[int, ...]]:
    """The combinations in runs of one defining element (in the order of the card list), and the
    symbols whose count matters beyond "in the hand or not" with the most cards of each any
    combination can use: the other elements of a combination (O, H, Cl), a defining element that
    some combination needs more than once (Fe in Fe₃O₄), and Protomaterie. More changes nothing."""
    runs: list[tuple[str, list[str]]] = []
    need: dict[str, int] = {}
    protos = 0
    for formula, combo in combinations().items():
        if not runs or runs[-1][0] != combo.defining:
            runs.append((combo.defining, []))
        runs[-1][1].append(formula)
        parsed = combo.parsed
        protos = max(protos, parsed.n_atoms // 2)
        for e, n in parsed.counts.items():
            need[e] = max(need.get(e, 0), n)
    partners = {e for combo in combinations().values() for e in combo.parsed.counts if e != combo.defining}
    counted = tuple(sorted(e for e, n in need.items() if n > 1 or e in partners)) + (PROTO,)
    return (tuple((d, tuple(fs)) for d, fs in runs), counted,
            tuple(need[s] for s in counted[:-1]) + (protos,))


def counted(avail: Mapping[str, int]) -> tuple[int, ...]:
    """The counts of ``avail`` that decide, beside which defining cards it holds, which
    combinations it can lay (capped, see ``_shape``).

    >>> counted({"O": 20}) == counted({"O": 9}), counted({"O": 1}) == counted({"O": 2})
    (True, False)
    """
    symbols, zeros, caps = _counted_shape()
    return tuple(map(min, map(avail.get, symbols, zeros), caps))


@lru_cache(maxsize=None)
def _counted_shape() -> tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...]]:
    _, symbols, caps = _shape()
    return symbols, (0,) * len(symbols), caps


def combine_actions(acts: Acts, avail: Mapping[str, int], runs: Any = None, ext: Any = None) -> list[Action]:
    """The ``combine`` actions of a hand with ``avail`` cards (symbol: count, none zero): each
    combination whose defining card is in the hand, once per number of Protomaterie that can lay it.

    Looked up run by run (a run: the combinations of one defining card) by the few counts that
    decide it, for the runs whose defining card is in the hand (``runs``: those runs of
    ``_run_table``, if the caller keeps them; ``ext``: ``counted(avail)`` with a 1 added, likewise).
    Nothing is kept per whole hand: a table of hands grew by thousands of entries a second in
    random play and made every full pass of the garbage collector long."""
    if ext is None:
        ext = counted(avail) + (1,)  # the defining card of a run is in the hand (1 unless counted)
    out: list[Action] = []
    for run in _run_table(acts) if runs is None else runs:
        if run[0] in avail:
            counts = run[1](ext)
            choices = run[2].get(counts)
            out += _choices(acts, run, counts) if choices is None else choices
    return out


def combine_steps_of(acts: Acts, avail: Mapping[str, int], formula: object) -> tuple[Action, ...]:
    """The ``combine`` steps of ``combine_actions(acts, avail)`` that may have ``formula``: those of
    its run (the combinations of its defining card), looked up alone (``is_legal`` in a replay).

    >>> acts = acts_of("chemiekarten", 0)
    >>> [a.get("formula") for a in combine_steps_of(acts, {"C": 1, "O": 5}, "CO2")]
    ['CO', 'CO2', '[CO3]2-']
    >>> combine_steps_of(acts, {"O": 5}, "CO2"), combine_steps_of(acts, {"O": 5}, 7)
    ((), ())
    """
    combo = combinations().get(formula) if isinstance(formula, str) else None
    if combo is None or combo.defining not in avail:
        return ()
    _run_table(acts)
    run = acts.run_of[combo.defining]
    counts = run[1](counted(avail) + (1,))
    choices = run[2].get(counts)
    return _choices(acts, run, counts) if choices is None else choices


def _choices(acts: Acts, run: Any, counts: tuple[int, ...]) -> tuple[Action, ...]:
    """The combine steps of ``run`` (of ``_run_table``) by the counts of its symbols, made once."""
    combine = acts.combine
    choices = run[2][counts] = tuple(combine[c] for c in _run_choices(run[3], counts))
    return choices


def _run_table(acts: Acts) -> tuple[tuple[str, Callable[[tuple[int, ...]], tuple[int, ...]], dict[tuple[int, ...], tuple[Action, ...]], int], ...]:
    """For each run (``_shape``), in order: its defining card, what picks its counts out of a key
    of ``counted`` with a 1 added, the seat's choices by those counts, and the run's index."""
    if acts.runs is None:
        acts.runs = tuple((d, pick, {}, i) for i, ((d, _), pick) in enumerate(zip(_shape()[0], _run_picks())))
        acts.run_of = {run[0]: run for run in acts.runs}
    return acts.runs


@lru_cache(maxsize=None)
def _run_picks() -> tuple[Callable[[tuple[int, ...]], tuple[int, ...]], ...]:
    """For each run: what picks its counts (``_run_symbols``) out of a key of ``counted`` with a 1
    added at the end (the defining card, when its count is not in the key)."""
    runs, symbols, _ = _shape()
    return tuple(itemgetter(*(symbols.index(e) if e in symbols else len(symbols) for e in _run_symbols(i)))
                 for i in range(len(runs)))


@lru_cache(maxsize=None)
def _run_symbols(i: int) -> tuple[str, ...]:
    """The symbols whose counts decide what run ``i`` can lay: its elements and Protomaterie."""
    _, formulas = _shape()[0][i]
    return tuple(sorted({e for f in formulas for e in combinations()[f].parsed.counts})) + (PROTO,)


@lru_cache(maxsize=None)
def _run_choices(i: int, counts: tuple[int, ...]) -> tuple[tuple[str, int], ...]:
    """(formula, Protomaterie) of each way to lay a combination of run ``i`` with these ``counts``
    of its symbols (``_run_symbols``)."""
    defining, formulas = _shape()[0][i]
    hand = dict(zip(_run_symbols(i), counts))
    return tuple((f, use.proto) for f in formulas for use in combination_uses(f, defining, hand, hand[PROTO]))


# the parts of the build phase's list, in its order (bits of ``Kept.dirty``: a part to make anew)
SELECT, DESELECT, COMBINE, RELEASE, PAY, UNPAY, CONFIRM = 1, 2, 4, 8, 16, 32, 64
EVERY = 127


@lru_cache(maxsize=None)
def _count_effects() -> tuple[dict[str, tuple[int, int]], dict[str, int]]:
    """For the combinations on offer: each counted symbol's place in a key of ``counted`` and the
    most of it that matters (``_shape``), and what changes when a kind comes or goes: the
    combinations for a defining or a counted card, and the select steps (and the pay steps, which
    follow them) for every card."""
    runs, symbols, caps = _shape()
    change = dict.fromkeys([*symbols, *(d for d, _ in runs)], SELECT | COMBINE)
    return {s: (k, cap) for k, (s, cap) in enumerate(zip(symbols, caps))}, change


@lru_cache(maxsize=None)
def several_charges() -> dict[str, tuple[int, ...]]:
    """The charges of each kind of card that has more than one (the others have no charge step)."""
    return {s: k.charges for s, k in card_set().items() if len(k.charges) > 1}


@lru_cache(maxsize=None)
def _stable() -> dict[str, bool]:
    """Whether each kind of card may be laid alone (``compound.stage_ok`` of a single card)."""
    return {s: k.stable for s, k in card_set().items()}


@lru_cache(maxsize=None)
def card_points() -> dict[str, int]:
    """Each kind of card's printed points."""
    return {s: k.points for s, k in card_set().items()}


def _count_kinds(ids: list[int], kinds: list[str]) -> dict[str, int]:
    """The cards ``ids`` counted by kind."""
    counts: dict[str, int] = {}
    for s in map(kinds.__getitem__, ids):
        counts[s] = counts.get(s, 0) + 1
    return counts


def _add(counts: dict[str, int], symbol: str, change: int) -> bool:
    """Add ``change`` (+1 or -1) to the count of ``symbol`` (a count of 0 is left out); did the kind
    come or go?

    >>> c = {"H": 1}; _add(c, "H", -1), _add(c, "O", 1), _add(c, "O", 1), c
    (True, True, False, {'O': 2})
    """
    n = counts.get(symbol, 0) + change
    if n:
        counts[symbol] = n
    else:
        del counts[symbol]
    return n == 0 or n == change


class Kept:
    """The build phase's legal steps of one player, kept step by step (listing them anew at each
    step was most of a search bot's time): the cards in the
    hand not staged (``avail``), the staged free cards and the payment counted by kind, the price
    still open, and each part of the list. The engine tells it each step (``took``, ``gave``,
    ``freed``, ...); :meth:`listing` makes anew only the parts whose counts changed. It belongs to
    one stage object and hand: the engine checks both before it trusts it
    (``ChemieKartenspiel._kept_now``), so an undo, a copy or a new turn starts a new one.

    Until the list is first asked for (:meth:`start_listing`), only ``avail`` is kept: a replay
    (``load_game``) asks ``is_legal`` of each step and lists nothing.

    >>> from chemgames.games.chemiekarten.compound import Stage
    >>> st = Stage()
    >>> k = Kept(0, st, [], acts_of("chemiekarten", 0), {"Na": 1, "F": 1})
    >>> k.start_listing(st, [], 0)
    >>> [str(a) for a in k.listing(st, [])]
    ['P1: select(card=F)', 'P1: select(card=Na)', 'P1: skip()']
    >>> st.free.append(1); k.took("F"); k.freed("F", 1, 0, None)
    >>> [a.kind for a in k.listing(st, ["Na", "F"])]
    ['select', 'deselect', 'clear', 'skip']
    >>> st.free.append(0); k.took("Na"); k.freed("Na", 1, 0, None)
    >>> [a.kind for a in k.listing(st, ["Na", "F"])]
    ['deselect', 'deselect', 'clear', 'confirm', 'skip']
    """

    __slots__ = ("player", "stage", "hand", "size", "acts", "avail", "free", "paid", "price", "dirty",
                 "symbols", "select", "deselect", "combine", "release", "pay", "pay_price", "unpay", "confirm",
                 "runs", "counted", "low", "high", "listed", "kinds_free", "charge_steps", "real_only")

    def __init__(self, player: int, stage: "Stage", hand: list[int], acts: Acts, avail: dict[str, int],
                 real_only: bool = False) -> None:
        self.player, self.stage, self.hand, self.acts, self.avail = player, stage, hand, acts, avail
        self.real_only = real_only  # the variant "Nur echte Stoffe": confirm only for a substance that exists
        self.size = len(hand)  # the hand it was counted from: the list itself, and its length
        self.listed = False

    def start_listing(self, stage: "Stage", kinds: list[str], price: int) -> None:
        """Count what the list is made from (``price``: the price still open)."""
        self.free = _count_kinds(stage.free, kinds)
        self.paid = _count_kinds(stage.payment, kinds)
        self.price = price
        self.listed = True
        self.dirty = EVERY
        avail, acts = self.avail, self.acts
        # the kinds of the free cards, sorted, and the charge steps of each (kept by freed/charged)
        self.kinds_free = sorted(self.free)
        self.charge_steps = {s: self._charge_steps(s, stage.charges.get(s)) for s in self.kinds_free}
        # the lowest and the highest total charge any choice of charges can give the staged cards
        self.low = self.high = 0
        for symbol, n in self.free.items():
            self.freed_bounds(symbol, n, stage.charges.get(symbol))
        for c in stage.combos:
            self.combined(1, 0, c.formula)
        # the cards on offer (Protomaterie is never chosen, nor paid with, on its own), their select
        # steps, and the runs of combinations whose defining card is on offer (kept by went/came)
        self.symbols = sorted(avail)
        if PROTO in avail:
            self.symbols.remove(PROTO)
        self.select = list(map(acts.select.__getitem__, self.symbols))
        self.runs = [run for run in _run_table(acts) if run[0] in avail]
        self.deselect: list[Action] = []
        self.combine = self.release = self.pay = self.unpay = self.confirm = self.deselect
        self.pay_price = 0
        self.counted = [*counted(avail), 1]  # ``counted(avail)``, kept, with the 1 of ``combine_actions``

    def took(self, symbol: str) -> None:
        """A card of kind ``symbol`` left the cards on offer (selected, paid, protecting, combined)."""
        avail = self.avail
        n = avail[symbol]
        if n == 1:
            del avail[symbol]
        else:
            avail[symbol] = n - 1
        if not self.listed:
            return
        if n == 1:
            self.dirty |= _count_effects()[1].get(symbol, SELECT)
            self.went(symbol)
        at = _count_effects()[0].get(symbol)
        if at is not None and n <= at[1]:  # its count below the most that matters: one less counts
            self.counted[at[0]] -= 1
            self.dirty |= COMBINE

    def gave(self, symbol: str) -> None:
        """A card of kind ``symbol`` came back to the cards on offer."""
        avail = self.avail
        n = avail.get(symbol, 0)
        avail[symbol] = n + 1
        if not self.listed:
            return
        if n == 0:
            self.dirty |= _count_effects()[1].get(symbol, SELECT)
            self.came(symbol)
        at = _count_effects()[0].get(symbol)
        if at is not None and n < at[1]:
            self.counted[at[0]] += 1
            self.dirty |= COMBINE

    def went(self, symbol: str) -> None:
        """The last card of kind ``symbol`` on offer left: its select step and its run go."""
        if symbol != PROTO:
            k = bisect_left(self.symbols, symbol)
            del self.symbols[k], self.select[k]
        run = self.acts.run_of.get(symbol)
        if run is not None:
            self.runs.remove(run)

    def came(self, symbol: str) -> None:
        """A card of kind ``symbol`` is on offer again, the only one: its select step and its run come."""
        if symbol != PROTO:
            k = bisect_left(self.symbols, symbol)
            self.symbols.insert(k, symbol)
            self.select.insert(k, self.acts.select[symbol])
        run = self.acts.run_of.get(symbol)
        if run is not None:
            runs = self.runs
            k = 0
            while k < len(runs) and runs[k][3] < run[3]:
                k += 1
            runs.insert(k, run)

    def freed(self, symbol: str, change: int, price: int, fixed: int | None) -> None:
        """A free card of kind ``symbol`` was staged (``change`` +1) or taken back (-1); ``price``:
        what it costs when artificial (else 0); ``fixed``: the charge the player chose for its kind
        (before the step), if any."""
        if not self.listed:
            return
        self.freed_bounds(symbol, change, fixed)
        if _add(self.free, symbol, change):  # a kind came or went: its deselect and charge steps
            self.dirty |= DESELECT
            if change > 0:
                k = bisect_left(self.kinds_free, symbol)
                self.kinds_free.insert(k, symbol)
                self.charge_steps[symbol] = self._charge_steps(symbol, None)  # a new kind has no charge chosen
            else:
                del self.kinds_free[bisect_left(self.kinds_free, symbol)], self.charge_steps[symbol]
        self.price += change * price
        self.dirty |= CONFIRM

    def paid_with(self, symbol: str, change: int, points: int) -> None:
        """A card of kind ``symbol`` was put into the payment (``change`` +1) or taken back (-1)."""
        if not self.listed:
            return
        if _add(self.paid, symbol, change):
            self.dirty |= UNPAY
        self.price -= change * points
        self.dirty |= CONFIRM

    def freed_bounds(self, symbol: str, n: int, fixed: int | None) -> None:
        """Add ``n`` cards of kind ``symbol`` (with the charge ``fixed``, if chosen) to the bounds of
        the total charge."""
        if fixed is None:
            _, _, _, least, most = unit_charges()[0][symbol]
            self.low += n * least
            self.high += n * most
        else:
            self.low += n * fixed
            self.high += n * fixed

    def combined(self, change: int, price: int, formula: str) -> None:
        """A combination ``formula`` was staged (+1) or released (-1); ``price``: what its artificial
        cards cost (its cards came or went with ``took``/``gave``)."""
        if not self.listed:
            return
        q = change * unit_charges()[1][formula]
        self.low += q
        self.high += q
        self.price += change * price
        self.dirty |= RELEASE | CONFIRM

    def charged(self, symbol: str, before: int | None, after: int) -> None:
        """The charge of the free cards of kind ``symbol`` was chosen: ``after`` (``before``: the
        charge chosen before, if any)."""
        if not self.listed:
            return
        n = self.free[symbol]
        self.freed_bounds(symbol, -n, before)
        self.freed_bounds(symbol, n, after)
        self.charge_steps[symbol] = self._charge_steps(symbol, after)
        self.dirty |= DESELECT | CONFIRM

    def _charge_steps(self, symbol: str, chosen: int | None) -> tuple[Action, ...]:
        """The charge steps of the free cards of kind ``symbol`` (``chosen``: the charge chosen)."""
        options = several_charges().get(symbol)
        return self.acts.charges_but(symbol, chosen, options) if options else ()

    def listing(self, st: "Stage", kinds: list[str]) -> list[Action]:
        """The legal steps of the build phase (``ChemieKartenspiel._legal``), from what is kept."""
        acts = self.acts
        dirty = self.dirty
        if dirty:
            if dirty & DESELECT:
                free = self.kinds_free
                self.deselect = [*map(acts.deselect.__getitem__, free),
                                 *chain.from_iterable(map(self.charge_steps.__getitem__, free))]
            if dirty & COMBINE:
                self.combine = combine_actions(acts, self.avail, self.runs, self.counted)
            if dirty & RELEASE:
                release = acts.release
                self.release = [release[f] for f in sorted({c.formula for c in st.combos})] if st.combos else []
            if dirty & UNPAY:
                unpay = acts.unpay
                self.unpay = [unpay[s] for s in sorted(self.paid)]
            if dirty & CONFIRM:  # judge's answer, without its text
                units = len(st.free) + len(st.combos)
                if not units or units > MOST_UNITS or units > 1 and (self.low > 0 or self.high < 0):
                    self.confirm = []  # nothing staged, too many units, or no charges make the total zero
                elif units == 1 and st.free:  # "a single card only if stable"
                    self.confirm = [acts.confirm] if _stable()[kinds[st.free[0]]] else []
                else:
                    self.confirm = [acts.confirm] if stage_ok(st, kinds, self.free, self.real_only) else []
            self.dirty = 0
        staged = st.free or st.combos
        price = self.price if staged else 0  # only staged cards cost anything
        if price != self.pay_price or dirty & SELECT:
            self.pay_price = price
            if price > 0:
                pay = acts.pay
                points = card_points()
                self.pay = [pay[s] for s in self.symbols if 0 < points[s] <= price]
            else:
                self.pay = []
        if staged or st.payment or st.protect is not None:  # not st.empty
            edit = [acts.unprotect, acts.clear] if st.protect is not None else (
                [acts.protect, acts.clear] if staged and PROTO in self.avail else [acts.clear])
        else:
            edit = []
        return [*self.select, *self.deselect, *self.combine, *self.release, *edit, *self.pay, *self.unpay,
                *self.confirm, acts.skip]


__all__ = ["Acts", "Kept", "acts_of", "combine_actions", "combine_steps_of", "counted", "interned"]
