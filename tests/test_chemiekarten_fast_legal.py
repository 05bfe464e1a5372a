"""Das Chemie-Kartenspiel lists its legal actions fast (issue 16, ``chemiekarten/legal.py``): the
same actions in the same order as the plain reading of the rules below, which builds every action
anew and asks ``combination_uses`` for every combination. Compared after every step of uniform
random and greedy games (attacks included), and with artificial elements to pay for.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

import chemgames
from chemgames.bots import GreedyBot
from chemgames.chemistry import combination_uses
from chemgames.core.action import Action
from chemgames.games.chemiekarten.cards import PROTO, card_set, combinations
from chemgames.games.chemiekarten.compound import stage_ok


def reference_price_open(g) -> int:
    cards = card_set()
    st = g.s_stage
    real = list(st.free) + [i for c in st.combos for i in c.cards]
    price = sum(cards[g.kinds[i]].points for i in real if cards[g.kinds[i]].artificial)
    return price - sum(cards[g.kinds[i]].points for i in st.payment)


def reference_available(g) -> Counter[str]:
    """The current player's cards not on the stage, counted anew by kind."""
    staged = set(g.s_stage.card_ids())
    return Counter(g.kinds[i] for i in g.s_hands[g.s_current] if i not in staged)


def reference_legal(g) -> list[Action]:
    """Every legal step, read plainly from the rules (the engine's list before issue 16)."""
    p, st, cards = g.s_current, g.s_stage, card_set()

    def act(kind: str, **params: object) -> Action:
        return Action(g.id, p, kind, tuple(params.items()))

    if g.s_phase == "attack":
        return [act("attack", target=c.cid) for c in g.s_table if c.owner != p] + [act("stop")]
    avail = reference_available(g)
    out = [act("select", card=s) for s in sorted(avail) if s != PROTO]
    free = Counter(g.kinds[i] for i in st.free)
    out += [act("deselect", card=s) for s in sorted(free)]
    for s in sorted(free):
        for q in cards[s].charges:
            if len(cards[s].charges) > 1 and st.charges.get(s) != q:
                out.append(act("charge", element=s, charge=q))
    protos = avail.get(PROTO, 0)
    for formula, combo in combinations().items():
        if avail.get(combo.defining):
            out += [act("combine", formula=formula, proto=u.proto)
                    for u in combination_uses(formula, combo.defining, avail, protos)]
    out += [act("release", formula=f) for f in sorted({c.formula for c in st.combos})]
    if not st.empty:
        if st.protect is None and protos and (st.free or st.combos):
            out.append(act("protect"))
        if st.protect is not None:
            out.append(act("unprotect"))
        out.append(act("clear"))
    price = reference_price_open(g)
    if price > 0:
        out += [act("pay", card=s) for s in sorted(avail) if s != PROTO and 0 < cards[s].points <= price]
    out += [act("unpay", card=s) for s in sorted({g.kinds[i] for i in st.payment})]
    if (st.free or st.combos) and stage_ok(st, g.kinds):
        out.append(act("confirm"))
    out.append(act("skip"))
    return out


def _compare(g, chooser, limit: int = 3000, explain: bool = False) -> Counter[str]:
    seen: Counter[str] = Counter()
    for _ in range(limit):
        if g.is_over:
            break
        legal = g.legal_actions()
        assert legal == reference_legal(g)
        if g.s_phase == "build":  # the count kept step by step (``_available``) is the count made anew
            assert g._available(g.s_current) == reference_available(g)
        assert g._price_open() == reference_price_open(g)
        action = chooser(g, legal)
        seen[action.kind] += 1
        g.apply(action, explain=explain)
    return seen


def test_the_ordinary_path_lists_what_the_rules_list() -> None:
    """The ordinary path explains each step first (previews of the stage ask for the cards in hand)."""
    rng = random.Random(4)
    g = chemgames.new_game("chemiekarten", players=2, seed=4, lang="de")
    seen = _compare(g, lambda g, legal: rng.choice(legal), limit=700, explain=True)
    assert seen["combine"] and seen["select"] and seen["deselect"]


@pytest.mark.parametrize("seed", [1, 2])
def test_uniform_random_games_list_what_the_rules_list(seed: int) -> None:
    rng = random.Random(seed)
    g = chemgames.new_game("chemiekarten", players=2 + seed, seed=seed, lang="de")
    seen = _compare(g, lambda g, legal: rng.choice(legal))
    assert seen["combine"] and seen["pay"] and seen["charge"]  # the game went through these steps


def test_greedy_games_with_attacks_list_what_the_rules_list() -> None:
    kinds: Counter[str] = Counter()
    for seed in (8, 9, 10):
        bot = GreedyBot(seed)
        g = chemgames.new_game("chemiekarten", players=2, seed=seed, lang="de", mode="competitive")
        kinds += _compare(g, lambda g, legal: bot.choose(g))
    assert kinds["confirm"] and kinds["attack"]


def test_artificial_elements_and_their_payment() -> None:
    """"Das Element ist künstlich: Um eine Karte mit diesem Symbol auszuspielen, müssen zuerst Karten
    von der Hand in den Stapel in der Mitte zurückgemischt werden, deren gemeinsame Punktzahl genau
    der Punktzahl der Karte entspricht": the pay and unpay steps on offer follow the price still open."""
    g = chemgames.new_game("chemiekarten", players=2, seed=4, lang="de", dealer=1,
                           hands=[["Pu", "O", "O", "Na", "K", "Ca", "Mg"]])
    for step in [("select", "Pu"), ("select", "O"), ("select", "O"), ("pay", "Na"), ("pay", "Mg")]:
        legal = g.legal_actions()
        assert legal == reference_legal(g)
        if g.s_phase == "build":  # the count kept step by step (``_available``) is the count made anew
            assert g._available(g.s_current) == reference_available(g)
        g.apply(next(a for a in legal if a.kind == step[0] and a.get("card") == step[1]), explain=False)
    assert g._price_open() == reference_price_open(g) == 4
    assert [a.get("card") for a in g.legal_actions() if a.kind == "unpay"] == ["Mg", "Na"]
    assert g.legal_actions() == reference_legal(g)


def test_the_bound_on_units_is_the_bound_of_every_charge() -> None:
    """A stage of more units than ``_MOST_UNITS`` is refused before it is counted: the bound must be
    ``indivisible_bound`` of every charge on the cards and combinations (Beispiel 2: "Da eine
    Verbindung aus einem Kupfer und einem Sauerstoff aber bereits gültig wäre, ist diese Verbindung
    ungültig")."""
    from chemgames.games.chemiekarten import compound

    assert compound._MOST_UNITS == compound._unit_charges()[2] == 11


def test_combinations_of_random_hands() -> None:
    """"Die möglichen Kombinationen werden jeweils auf den Element-Karten angegeben": the
    combinations on offer for many random hands (Protomaterie included) are those
    ``combination_uses`` finds for every combination printed on a card in the hand, in order."""
    from chemgames.games.chemiekarten.legal import acts_of, combine_actions

    rng = random.Random(7)
    symbols = sorted({e for c in combinations().values() for e in c.parsed.counts}) + [PROTO, "Na"]
    acts = acts_of("chemiekarten", 2)
    offered = 0
    for _ in range(3000):
        hand = Counter({s: n for s in rng.sample(symbols, rng.randint(1, len(symbols))) if (n := rng.randint(0, 9))})
        want = [Action("chemiekarten", 2, "combine", (("formula", f), ("proto", u.proto)))
                for f, c in combinations().items() if hand.get(c.defining)
                for u in combination_uses(f, c.defining, hand, hand.get(PROTO, 0))]
        assert combine_actions(acts, hand) == want, dict(hand)
        offered += len(want)
    assert offered > 3000
    # nothing is kept per whole hand (issue 16: such a table grew without end and slowed the
    # garbage collector): each run keeps at most one entry per count of its own few symbols
    from chemgames.games.chemiekarten.legal import _run_symbols, _shape

    _, symbols, caps = _shape()
    cap = dict(zip(symbols, caps))
    for defining, _, memo, i in acts.runs:
        assert defining == _shape()[0][i][0]
        most = 1
        for s in _run_symbols(i):
            most *= cap.get(s, 1) + 1
        assert len(memo) <= most
