"""A log entry of the fast path holds its game weakly (session 17, issue 31): a finished game is freed at
once, not left to the garbage collector as a cycle (game, log, entry, game), and an entry that outlives
its game, or that a copy or a deep copy shares, still explains itself exactly as the ordinary path does."""
from __future__ import annotations

import copy
import gc
import pickle
import random
import weakref

import pytest

import chemgames


def _fast_and_ordinary(game_id: str, seed: int, moves: int, lang: str = "en") -> tuple[object, object]:
    """The same random game twice: on the fast path (no explanations made) and on the ordinary path."""
    fast = chemgames.new_game(game_id, players=2, seed=seed, lang=lang)
    told = chemgames.new_game(game_id, players=2, seed=seed, lang=lang)
    rng = random.Random(seed)
    for _ in range(moves):
        if fast.is_over:
            break
        action = rng.choice(fast.legal_actions())
        fast.apply(action, explain=False)
        told.apply(action)
    return fast, told


def _texts(entries: list) -> list[tuple[str, str]]:
    return [(e.explanation.in_lang("en").to_dict()["title"], e.explanation.in_lang("de").to_dict()["title"])
            for e in entries]


@pytest.mark.parametrize("game_id", ["chemiekarten", "chemuno", "metallurgie"])
def test_a_finished_game_is_freed_without_the_collector(game_id):
    gc.collect()
    gc.disable()
    try:
        fast, _ = _fast_and_ordinary(game_id, 3, 400)
        assert not fast.log[-1].explained
        gone = weakref.ref(fast)
        del fast
        assert gone() is None, "the game is kept alive by a reference cycle"
    finally:
        gc.enable()


@pytest.mark.parametrize("game_id", ["chemiekarten", "chromino"])
def test_entries_that_outlive_their_game_explain_as_the_ordinary_path(game_id):
    fast, told = _fast_and_ordinary(game_id, 7, 90)
    entries, reference = fast.log, told.log
    assert len(entries) > 40 and not any(e.explained for e in entries)
    del fast
    gc.collect()
    order = list(range(len(entries)))
    random.Random(1).shuffle(order)  # read out of order: each read replays the entry's own history
    for i in order[:12]:
        assert entries[i].explanation == reference[i].explanation
    assert _texts(entries) == _texts(reference)


def test_a_copy_and_a_deep_copy_explain_their_shared_and_their_own_entries():
    fast, told = _fast_and_ordinary("chemiekarten", 11, 60)
    twin, deep = fast.copy(), copy.deepcopy(fast)
    rng = random.Random(4)
    for _ in range(25):  # the copy plays on alone; the original and the ordinary game play the same moves
        if twin.is_over:
            break
        action = rng.choice(twin.legal_actions())
        twin.apply(action, explain=False)
        told.apply(action)
    del fast
    gc.collect()
    assert _texts(twin.log) == _texts(told.log)
    assert _texts(deep.log) == _texts(told.log[:len(deep.log)])


def test_an_entry_explains_in_the_language_its_game_was_switched_to():
    fast, _ = _fast_and_ordinary("chemiekarten", 5, 30)
    alive, _ = _fast_and_ordinary("chemiekarten", 5, 30)
    fast.lang = alive.lang = "de"
    entries = fast.log
    del fast
    gc.collect()
    assert [e.explanation for e in entries] == [e.explanation for e in alive.log]


def test_an_entry_taken_back_still_explains_its_own_move():
    g = chemgames.new_game("chemiekarten", players=2, seed=4, lang="en")
    select = next(a for a in g.legal_actions() if a.kind == "select")
    g.apply(select, explain=False)
    entry = g.log[-1]
    g.undo()
    other = next(a for a in g.legal_actions() if a.kind == "select" and a != select)
    g.apply(other, explain=False)
    told = chemgames.new_game("chemiekarten", players=2, seed=4, lang="en")
    assert entry.explanation == told.apply(select)
    assert g.log[-1].action == other and g.log[-1].explanation.ok


def test_an_entry_pickled_or_copied_alone_carries_its_explanation():
    """An entry deep in a long log, pickled or deep-copied alone (its history is not pickled entry inside
    entry, which would recurse as deep as the log is long), and a whole game deep-copied."""
    fast, told = _fast_and_ordinary("chemiekarten", 1, 2_000)
    assert len(fast.log) > 500
    last = fast.log[-1]
    for again in (pickle.loads(pickle.dumps(last)), copy.deepcopy(last)):
        assert again.explained and again.explanation == told.log[-1].explanation and again.action == last.action
    deep = copy.deepcopy(fast)
    assert [e.explanation for e in deep.log[-3:]] == [e.explanation for e in told.log[-3:]]
