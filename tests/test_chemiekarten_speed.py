"""Das Chemie-Kartenspiel: the fast legality check of ``confirm`` (``compound.stage_ok``) answers
exactly as the full check (``judge``), and the speed-up changes no explanation text."""
from __future__ import annotations

import random

import chemgames
from chemgames.games.chemiekarten import legal, rules
from chemgames.games.chemiekarten.compound import judge, stage_ok

STAGE_KINDS = ("select", "deselect", "charge", "combine", "release", "pay", "unpay", "protect", "clear")


def _random_stages(seed, steps=400):
    """Positions met in a game where the players mostly build (so many stages are checked)."""
    rng = random.Random(seed)
    g = chemgames.new_game("chemiekarten", players=2 + seed % 3, seed=seed, lang="de",
                           mode="competitive" if seed % 4 == 3 else "family")
    for _ in range(steps):
        if g.is_over:
            return
        legal = g.legal_actions()
        building = [a for a in legal if a.kind in STAGE_KINDS]
        ends = [a for a in legal if a not in building]
        a = rng.choice(building if building and rng.random() < 0.85 else ends or building)
        g.apply(a)
        yield g


def test_stage_ok_answers_as_judge():
    seen = ok = 0
    for seed in range(24):
        for g in _random_stages(seed):
            st = g.s_stage
            if st.free or st.combos:
                want = judge(st, g.kinds).ok
                assert stage_ok(st, g.kinds) == want, (seed, g.view(g.current_player).get("stage"))
                seen += 1
                ok += want
    assert seen > 2000 and 0 < ok < seen  # both answers were checked


def _texts(seed):
    out = []
    for g in _random_stages(seed, 250):
        e = g.log[-1].explanation
        out.append(e.in_lang("de").to_dict())
        out.append(e.in_lang("en").to_dict())
        out.append([a.to_json() for a in g.legal_actions()])
    return out


def test_the_speed_up_changes_no_explanation_and_no_legal_action(monkeypatch):
    fast = [_texts(seed) for seed in range(6)]
    def full(st, kinds, counted=None, real_only=False):  # the check before the speed-up
        return judge(st, kinds, real_only).ok

    monkeypatch.setattr(rules, "stage_ok", full)
    monkeypatch.setattr(legal, "stage_ok", full)  # the kept listing's check (chemiekarten/legal.py)
    slow = [_texts(seed) for seed in range(6)]
    assert fast == slow and sum(map(len, fast)) > 2000
