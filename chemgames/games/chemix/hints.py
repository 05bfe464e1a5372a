"""Hints: complete ChemiX turns for the current player, best first, each as its atomic actions.

A turn is searched as: which earlier compounds to dissolve (none, one, or two), whether to take a
multiplier, then a first compound and greedily the most valuable ones after it. A turn whose
leftover cards would not fit into the hand is finished with a noble gas when the mover holds one
(sheet p. 7). The value of a turn is the exact change of the mover's score, refill included.
"""
from __future__ import annotations

import itertools
from collections import Counter
from typing import Any, Mapping

from .hint import Hint
from .cards import HAND_LIMIT, MULTIPLIERS, NOBLE_POINTS, card_set
from .rules import ChemiXClassic

MAX_PAIRS_TABLE = 8  # dissolving two compounds is searched while the table holds at most this many




def _fits(need: tuple[tuple[str, int], ...], pool: Counter[str]) -> bool:
    return all(pool[t] >= n for t, n in need)


def seat_view(game: "ChemiXClassic") -> dict[str, Any]:
    """What :func:`formable_now` and :func:`build_steps` read, for the mover: the keys of her
    ``game.view(mover)`` they use (her own hand and the open table), without the rest of the view
    (texts, scores), which the hints need not pay for. A class table's client has the view itself.

    >>> import chemgames
    >>> g = chemgames.new_game("chemix", players=2, seed=1, lang="en")
    >>> v = g.view(g.current_player)
    >>> all(seat_view(g)[k] == v[k] for k in seat_view(g))
    True
    """
    p = game.s_current
    return {"is_over": game.is_over, "noble_used": game.s_noble_used, "mult_move": game.s_mult_move,
            "hand": game.s_hands[p] if p is not None else [], "free": game.s_free, "display": game.s_display,
            "table": game.s_table, "stacks": {m: len(s) for m, s in game.s_stacks.items()}}


def formable_now(game: ChemiXClassic | Mapping[str, Any]) -> list[str]:
    """Every compound card in the display the mover could lay this turn on its own: from the free
    cards, the hand, the cards of compounds that may be dissolved, and one multiplier from a stack.
    ``game``: the game, or the mover's own view (``view(mover)``: all it needs is hers to see)."""
    v = game if isinstance(game, Mapping) else seat_view(game)
    if v["is_over"] or v["noble_used"]:
        return []
    cs = card_set()
    face = ChemiXClassic.face  # the cached one
    pool = Counter(face(i) for i in [*v["free"], *v["hand"]])
    pool += Counter(face(i) for c in v["table"] if not c["new"] for i in c["cards"])
    extra = {m for m in MULTIPLIERS if v["stacks"][m]} if v["mult_move"] is None else set()
    out = []
    for f in v["display"]:
        missing = cs.compounds[f].needs - pool
        if not missing or (len(missing) == 1 and sum(missing.values()) == 1 and next(iter(missing)) in extra):
            out.append(f)
    return out


def find_hints(game: "ChemiXClassic", limit: int = 10) -> list[Hint]:
    if game.s_noble_used:
        return []
    cs = card_set()
    p = game.s_current
    face = game.face
    needs = {f: tuple(cs.compounds[f].needs.items()) for f in game.s_display}
    points = {f: cs.compounds[f].points for f in game.s_display}
    order = sorted(game.s_display, key=lambda f: -points[f])
    old = [c for c in game.s_table if not c["new"]]
    options: list[tuple[Any, ...]] = [()] + [(c,) for c in old]
    if len(old) <= MAX_PAIRS_TABLE:
        options += list(itertools.combinations(old, 2))
    mults: list[str | None] = [None]
    if game.s_mult_move is None:
        mults += [m for m in MULTIPLIERS if game.s_stacks[m]]
    hand = Counter(face(i) for i in game.s_hands[p])
    free = Counter(face(i) for i in game.s_free)
    best: dict[tuple[Any, ...], Hint] = {}
    for dissolve in options:
        base = free + hand + Counter(face(i) for c in dissolve for i in c["cards"])
        usable = [f for f in order if _fits(needs[f], base + Counter(MULTIPLIERS))]
        if not usable:
            continue
        for m in mults:
            pool = base + Counter([m]) if m else base
            firsts = [f for f in usable if _fits(needs[f], pool)]
            for first in firsts:
                chosen = [first]
                rest = pool - cs.compounds[first].needs
                for f in usable:
                    if f not in chosen and _fits(needs[f], rest):
                        chosen.append(f)
                        rest -= cs.compounds[f].needs
                key = (tuple(sorted(chosen)), tuple(c["formula"] for c in dissolve))
                if key in best:
                    continue
                for hint in _plan(game, dissolve, m, chosen, rest, hand, free):
                    best[key] = hint
    if game.s_steps and game._laid_now():  # a turn under way that has laid compounds: finishing it is a move too
        for hint in _plan(game, (), None, [], free + hand, hand, free, finishing=True):
            best[((), ())] = hint
    hints = sorted(best.values(), key=lambda h: (-h.value, -h.points, len(h.dissolve), h.formulas))
    return hints[:limit]


def _noble_receiver(game: "ChemiXClassic") -> int:  # called only for the few plans that need a gas
    """Whom a hinted noble gas goes to: the other player with the lowest score (the least help to
    a rival), ties to the next in turn order."""
    p = game.s_current
    scores = game.scores()
    others = [(p + k) % game.players for k in range(1, game.players)]
    return min(others, key=lambda q: (scores[q], others.index(q)))


def _plan(game: "ChemiXClassic", dissolve: tuple[Any, ...], m: str | None, chosen: list[str],
          rest: Counter[str], hand: Counter[str], free: Counter[str], finishing: bool = False) -> list[Hint]:
    """The turn as actions: without a noble gas if its leftover cards fit into the hand, else with
    one (if the mover holds one and the turn still earns at least 0: a gas kept is worth 3)."""
    cs = card_set()
    p = game.s_current
    face = game.face
    display = set(game.s_display) - set(chosen)
    live = {t for f in display for t in cs.compounds[f].layout}
    leftover = +rest
    put_back = None
    if m is None and game.s_mult_move is None:
        spare = sorted((t for t in leftover if t in MULTIPLIERS), key=lambda t: (t in live, t))
        if spare:
            put_back = spare[0]
            leftover[put_back] -= 1
            leftover = +leftover
    # hand cards stay in the hand unless the turn needs them (free and dissolved cards are used first)
    used = sum((cs.compounds[f].needs for f in chosen), Counter())
    if put_back:
        used[put_back] += 1
    from_pool = free + Counter(face(i) for c in dissolve for i in c["cards"]) + (Counter([m]) if m else Counter())
    from_hand = +(used - from_pool)
    hand_left = hand - from_hand
    free_left = leftover - hand_left
    dead_free = sum(n for t, n in free_left.items() if t not in live)
    live_free = sum(n for t, n in free_left.items() if t in live)
    hand_cards = list(game.s_hands[p])
    play_ids: list[str] = []
    need_hand = Counter(from_hand)
    for i in hand_cards:
        if need_hand[face(i)] > 0:
            need_hand[face(i)] -= 1
            play_ids.append(i)
    drops = [i for i in hand_cards if face(i) not in live and i not in play_ids]
    kept = len(hand_cards) - len(play_ids) - len(drops)
    pts = sum(cs.compounds[f].points for f in chosen)
    # the value is the exact change of the mover's score: compound points, +1 for each card that
    # leaves the hand into a compound or the discard, -1 for each new dead card, for each free card
    # taken into the hand and for each card drawn at the refill; -3 for a noble gas given away
    base = pts + len(play_ids) - dead_free
    if kept + live_free <= HAND_LIMIT:
        gas = None
        drawn = min(HAND_LIMIT - kept - live_free, len(game.s_draw))
        value = base - live_free - drawn
    elif game.s_nobles[p]:
        gas = min(game.s_nobles[p], key=game.atomic_number)
        drawn = min(HAND_LIMIT - kept, len(game.s_draw))
        value = base - NOBLE_POINTS - drawn
        if value < 0 and not finishing:
            return []
    else:
        return []
    act = game._act
    actions = [act("dissolve", compound=c["formula"]) for c in dissolve]
    if m:
        actions.append(act("take", multiplier=m))
    actions += [act("play", card=i) for i in play_ids]
    actions += [act("form", layout=cs.compounds[f].layout) for f in chosen]
    if put_back:
        actions.append(act("put_back", multiplier=put_back))
    actions += [act("drop", card=i) for i in drops]
    if gas:
        actions.append(act("noble", gas=gas, to=_noble_receiver(game)))
    actions.append(act("confirm", refill=drawn > 0))
    return [Hint(tuple(chosen), pts, value, tuple(c["formula"] for c in dissolve), tuple(actions), noble=gas)]


def build_steps(game: ChemiXClassic | Mapping[str, Any], formula: str, dissolve: tuple[str, ...] = (),
                take: str | None = None) -> list[dict[str, Any]]:
    """The cards of ``formula``'s layout, one step each in the order of the card, and where each
    comes from now: ``"free"`` (a card on the free area), ``"dissolve"`` (a card of a compound laid in
    an earlier turn, ``compound`` names it), ``"stack"`` (the turn's one multiplier move), ``"hand"``
    or ``"missing"``. Free cards are used first, then the compounds ``dissolve`` names, the
    multiplier ``take``, the hand, a stack, any other compound (the order a hint uses its pool).
    Nothing is changed: the player lays each card herself, H + "2" + O. ``game``: the game, or the
    mover's own view (``view(mover)``: her hand and the open table are all it reads), as a class
    table's client holds it.

    >>> import chemgames
    >>> g = chemgames.new_game("chemix", players=2, seed=1, lang="en", hands=[["H", "O", "C"], ["N", "P", "Fe"]])
    >>> [(s["face"], s["source"]) for s in build_steps(g, "H2O")]
    [('H', 'hand'), ('2', 'stack'), ('O', 'hand')]
    >>> [(s["face"], s["source"]) for s in build_steps(g, "H2O2")]
    [('H', 'hand'), ('2', 'stack'), ('O', 'hand'), ('2', 'missing')]
    >>> build_steps(g.view(0), "H2O2") == build_steps(g, "H2O2")
    True
    """
    v = game if isinstance(game, Mapping) else seat_view(game)
    cs = card_set()
    face = ChemiXClassic.face  # the cached one
    free = list(v["free"])
    hand = list(v["hand"])
    old = [c for c in v["table"] if not c["new"]]
    old.sort(key=lambda c: c["formula"] not in dissolve)
    untaken = [card for c in old for card in c["cards"]]
    stack_free = v["mult_move"] is None
    steps = []
    for card_face in cs.compounds[formula].layout:
        step: dict[str, Any] = {"face": card_face, "source": "missing", "card": None, "compound": None}
        pick = next((i for i in free if face(i) == card_face), None)
        if pick is not None:
            free.remove(pick)
            step.update(source="free", card=pick)
        elif (c := next((c for c in old if c["formula"] in dissolve and any(face(i) == card_face and i in untaken
                                                                          for i in c["cards"])), None)):
            card = next(i for i in c["cards"] if face(i) == card_face and i in untaken)
            untaken.remove(card)
            step.update(source="dissolve", card=card, compound=c["formula"])
        elif card_face == take and stack_free and v["stacks"][card_face]:
            stack_free = False
            step.update(source="stack")
        elif (pick := next((i for i in hand if face(i) == card_face), None)) is not None:
            hand.remove(pick)
            step.update(source="hand", card=pick)
        elif card_face in MULTIPLIERS and stack_free and v["stacks"][card_face]:
            stack_free = False
            step.update(source="stack")
        elif (c := next((c for c in old if any(face(i) == card_face and i in untaken for i in c["cards"])), None)):
            card = next(i for i in c["cards"] if face(i) == card_face and i in untaken)
            untaken.remove(card)
            step.update(source="dissolve", card=card, compound=c["formula"])
        steps.append(step)
    return steps


__all__ = ["Hint", "build_steps", "find_hints", "formable_now", "seat_view"]
