"""The compiled walk (``chemgames.spiel.walk_jit``, numba) lists exactly what fastwalk's Python walk
lists, the definition (issue 31): the same builds with the same numbers in the same order, on random
hands, with its tables cold and warm; and without numba the Python walk lists."""
from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter

import pytest

import chemgames
from chemgames.games.chemiekarten import hints
from chemgames.games.chemiekarten.cards import family_deck
from chemgames.spiel import fastwalk, moves, walk_jit


def _python(hand: tuple[tuple[str, int], ...]) -> list | None:
    try:
        return fastwalk._numbered.__wrapped__(hand, hints.BUDGET)
    except fastwalk._TooMany:
        return None


def _hands(seed: int, n: int, big: int = 0) -> list[tuple[tuple[str, int], ...]]:
    deck = [s for s, k in family_deck().items() for _ in range(k)]
    rng = random.Random(seed)
    return [tuple(sorted(Counter(rng.sample(deck, rng.randint(1, 22) if t >= big else rng.randint(35, 50))).items()))
            for t in range(n)]


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled walk's tables empty at the start and at the end (other tests see their own)."""
    pytest.importorskip("numba")
    monkeypatch.setattr(walk_jit, "_KEPT", [])
    walk_jit._numbered.cache_clear()
    yield
    walk_jit._numbered.cache_clear()


def _definition(hand: tuple[tuple[str, int], ...]) -> list:
    return [(moves.WholeMoves.number(b.key), b) for b in hints._builds_of.__wrapped__(hand, hints.BUDGET)]


def test_the_compiled_walk_lists_what_the_python_walk_lists(fresh: None) -> None:
    """500 random hands of 1–22 cards and 8 of 35–50 (where the budget decides), each listed twice
    by the compiled walk: first, before any other walk, with groups it meets for the first time
    (worked out afterwards), then from its tables. Builds, numbers and order must be those of the
    fastwalk's Python walk with its tables emptied (the compiled walk fills some of them) and, every
    fifth hand, of the hint search's walk (the definition, which shares no table with either)."""
    compared = builds = left = paid = 0
    for t, hand in enumerate(_hands(16, 508, big=8)):
        first = walk_jit.numbered(hand, hints.BUDGET)
        again = walk_jit.numbered(hand, hints.BUDGET)
        fastwalk._PARTS.clear()
        fastwalk._ENTRIES.clear()
        expected = _python(hand)
        assert first == expected, hand
        assert again == expected, hand
        if expected is None:
            left += 1
            continue
        if t % 5 == 0:
            assert [(n, fastwalk.as_build(e)) for n, e in first] == _definition(hand), hand
        compared += 1
        builds += len(expected)
        paid += sum(bool(e[1][2]) for _, e in expected)
    assert compared > 450 and builds > 12_000 and left >= 4
    assert paid > 500  # builds with artificial cards, paid from the rest of the hand, were compared


def test_emptied_tables_list_the_same(fresh: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables emptied every few hands (as when they grow large), and buffers that must grow: the same lists."""
    monkeypatch.setattr(walk_jit, "_SLOTS_KEPT", 300)
    kept = walk_jit._kept()
    kept.size(4)  # a few places: the kernel reports them full and Python makes room
    resets = 0
    for hand in _hands(17, 200):
        before = walk_jit._KEPT[0] if walk_jit._KEPT else None
        assert walk_jit.numbered(hand, hints.BUDGET) == _python(hand), hand
        resets += walk_jit._KEPT[0] is not before
    assert resets >= 5


def test_pyspiel_lists_by_the_compiled_walk(fresh: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """``moves.WholeMoves.legal`` lists through the compiled walk, and gives the same moves when the
    compiled walk is switched off (``USE``)."""
    calls = Counter()
    real = walk_jit.numbered
    monkeypatch.setattr(walk_jit, "numbered", lambda hand, budget: calls.update(["jit"]) or real(hand, budget))
    g = chemgames.new_game("chemiekarten", players=2, seed=3, lang="en")
    rng = random.Random(3)
    whole = moves.WholeMoves()
    for _ in range(30):
        if g.is_over:
            break
        listed = whole.legal(g)
        walk_jit._numbered.cache_clear()
        monkeypatch.setattr(walk_jit, "USE", False)
        assert whole.legal(g).keys() == listed.keys()
        monkeypatch.setattr(walk_jit, "USE", True)
        g.apply_listed(whole.steps(g, listed[rng.choice(sorted(listed))]), g.state_mark())
    assert calls["jit"] > 5


def test_without_numba_the_python_walk_lists(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where numba is missing (the JupyterLite site, a bare install) fastwalk's Python walk lists."""
    monkeypatch.setattr(walk_jit, "AVAILABLE", False)
    seen = []
    monkeypatch.setattr(walk_jit, "numbered", lambda hand, budget: seen.append(hand))
    hand = (("C", 1), ("O", 2))
    assert walk_jit.numbered_builds(hand) == fastwalk.numbered_builds(hand)
    assert walk_jit.numbered_builds(hand) and not seen


def test_the_kernels_zero_part_is_the_walks() -> None:
    """The kernel's test of a zero part among a path's combination charges is ``hints._zero_inside``."""
    np = pytest.importorskip("numpy")
    pytest.importorskip("numba")
    rng = random.Random(5)
    seen = Counter()
    for _ in range(3000):
        charges = [rng.randint(-4, 4) for _ in range(rng.randint(1, 8))]
        row = np.zeros(walk_jit._kernels()._DEPTH, np.int64)
        row[:len(charges)] = charges
        expected = hints._zero_inside.__wrapped__(tuple(sorted(charges)))
        assert walk_jit._kernels().zero_inside(row, len(charges)) == expected, charges
        seen[expected] += 1
    assert min(seen.values()) > 300  # both answers were compared


def test_the_kernels_group_parts_are_the_walks(fresh: None) -> None:
    """The kernel's free-card parts of a group (``walk_jit._parts``) are ``hints._group_parts``' as
    fastwalk keeps them, on random groups of one to three kinds with charges, counts and balances."""
    charged = sorted(fastwalk._tables()[3])
    rng = random.Random(7)
    sizes = Counter()
    for _ in range(3000):
        group = tuple((s, rng.randint(1, hints.MAX_COUNT)) for s in sorted(rng.sample(charged, rng.randint(1, 3))))
        extra = rng.randint(-12, 12)
        expected = tuple((f.items, f.cards, f.points, f.prices) for f in hints._group_parts.__wrapped__(group, extra))
        assert walk_jit._parts(group, extra) == expected, (group, extra)
        sizes[min(len(expected), 3)] += 1
    fastwalk._PARTS.clear()
    assert min(sizes.values()) > 100  # groups without parts, with one, with several were compared


def test_numba_is_imported_with_the_card_game_not_on_registering() -> None:
    """Registering all six games imports neither numba nor the kernels (about 0.4 s); loading the card game
    through pyspiel does (its kernels loaded before the first list: walk_jit.prepare), and lists by the
    compiled walk; loading another game does not."""
    pytest.importorskip("pyspiel")
    pytest.importorskip("numba")
    code = """
import sys, pyspiel, chemgames.spiel
chemgames.spiel.register()
before = "numba" in sys.modules or "chemgames.spiel.walk_kernels" in sys.modules
pyspiel.load_game("python_chemgames_chemuno").new_initial_state()
other = "numba" in sys.modules
game = pyspiel.load_game("python_chemgames_chemiekarten")
loaded = "numba" in sys.modules and "chemgames.spiel.walk_kernels" in sys.modules
state = game.new_initial_state()
state.apply_action(3)
listed = state.legal_actions()
from chemgames.spiel import walk_jit
print(before, other, loaded, walk_jit._kernels() is not None, len(listed) > 1)
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split() == ["False", "False", "True", "True", "True"]


def test_kept_builds_stop_being_tracked_in_one_young_collection(fresh: None) -> None:
    """The compiled walk's kept entries (a group's builds, runs of them, paid moves: tuples of numbers and
    strings, four to seven levels deep) settle (``spiel.settle``): one young collection after the lists
    that made them, the collector no longer tracks them, so they do not pile up in the oldest generation
    and start full collections (issue 31: seven in 6 s of random games, three with settle)."""
    import gc

    gc.collect(1)  # what came before is old
    for hand in _hands(7, 80):
        walk_jit.numbered(hand, hints.BUDGET)
    gc.collect(1)  # one young collection (both young generations)
    kept = walk_jit._KEPT[0]
    runs = list(kept.items)  # what the lists join: runs of ready builds, paid builds' moves alone
    paid = list(kept.paid.values())
    assert len(runs) > 1000 and len(paid) > 20  # hands of 1-22 cards: many groups' builds, some paid
    # a nest that a collection of both young generations meets half made (before it is held) goes old as it is,
    # and with a path's head so met every run of that path: a few in a hundred (without settle: nearly all)
    assert len([r for r in runs if gc.is_tracked(r)]) <= len(runs) // 5
    assert len([m for m in paid if gc.is_tracked(m)]) <= len(paid) // 5


def test_builds_kept_by_part_are_shared_between_groups_and_hands(fresh: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Session 20: the kernel keeps what each free-card part gives under a path (``path << 42 | part key``), not a
    whole group's builds, and works out a group's parts itself. Hands grown card by card meet the same parts in
    new groups (one card more of a kind) and under the same paths: each hand is listed as fastwalk's Python walk
    lists it (so a build kept under one path and read under another, or a part's key read wrongly, fails here),
    and far fewer builds are worked out in Python than the lists give (the parts were shared); grown on to 18–32
    cards, the budget decides as in the Python walk (a group's weight is its parts', known to the kernel)."""
    worked = Counter()
    real = walk_jit._fill
    monkeypatch.setattr(walk_jit, "_fill", lambda kept, misses: worked.update(["builds"] * len(misses)) or real(kept, misses))
    deck = [s for s, k in family_deck().items() for _ in range(k)]
    rng = random.Random(20)
    listed = hands = 0
    for _ in range(40):
        cards = Counter(rng.sample(deck, rng.randint(4, 10)))
        for _ in range(6):
            hand = tuple(sorted(cards.items()))
            got = walk_jit.numbered(hand, hints.BUDGET)
            fastwalk._PARTS.clear()
            assert got == _python(hand), hand
            listed += len(got or ())
            hands += 1
            cards[rng.choice(deck)] += 1
    groups = walk_jit._KEPT[0].groups.count
    assert hands == 240 and listed > 6000 and groups > 1000
    assert worked["builds"] < listed // 2, (worked, listed)
    # grown on to where the walk's budget decides: the kernel weighs each group by its parts, first met or kept
    decided = 0
    for _ in range(3):
        cards = Counter(rng.sample(deck, 18))
        for _ in range(8):
            hand = tuple(sorted(cards.items()))
            got = walk_jit.numbered(hand, hints.BUDGET)
            assert got == _python(hand), hand
            decided += got is None
            cards.update(rng.sample(deck, 2))
    assert 3 <= decided <= 21, decided  # both: hands the kernel lists and hands it leaves to the definition
