"""``composable()`` (every composition the family deck builds, ``tools/composable_real.py``) is computed once
per test worker, and its shortcut enumerates exactly what the plain product over the free cards did (s16g).

The sweep solves the last free card's count from the charge balance (``_balancing_free``) instead of trying
every count; here that shortcut is checked against the plain product on the real deck, in the same order
(the first build found of a composition is the one kept), for every charge a choice of combinations leaves.
"""
from __future__ import annotations

import itertools
import sys

import pytest

import tools.composable_real as cr


def _plain(free: dict[str, tuple[int, ...]], tops: dict[str, int], symbols: list[str], n_kinds: int, extra: int):
    """The plain product: every group, charge and count, kept where the charges cancel ``extra``."""
    for group in itertools.combinations(symbols, n_kinds):
        for charges in itertools.product(*(free[s] for s in group)):
            if 0 in charges:
                continue
            for counts in itertools.product(*(range(1, tops[s] + 1) for s in group)):
                if extra + sum(n * q for n, q in zip(counts, charges)) == 0:
                    yield group, charges, counts


def _deck() -> tuple[dict[str, tuple[int, ...]], dict[str, int], list[str], list[int]]:
    free, combos, _atoms, deck = cr._units()
    symbols = sorted(free)
    tops = {s: min(deck[s], cr.MAX_COUNT) for s in symbols}
    charges = sorted({q for q in combos.values() if q})
    # every charge a choice of up to MAX_COMBOS charged combinations adds up to
    extras = sorted({sum(c) for k in range(cr.MAX_COMBOS + 1) for c in itertools.combinations_with_replacement(charges, k)})
    return free, tops, symbols, extras


@pytest.mark.parametrize("n_kinds", [0, 1, 2])
def test_the_solved_count_enumerates_what_the_plain_product_does(n_kinds: int) -> None:
    free, tops, symbols, extras = _deck()
    assert 0 in extras and len(extras) > 5, extras
    found = 0
    for extra in extras:
        fast = list(cr._balancing_free(free, tops, symbols, n_kinds, extra))
        assert fast == list(_plain(free, tops, symbols, n_kinds, extra)), (n_kinds, extra)
        found += len(fast)
    assert found > 0


def test_three_kinds_as_the_plain_product() -> None:
    """Three kinds: the builds without a combination (charge 0 to cancel), the whole deck (205,000 products)."""
    free, tops, symbols, _extras = _deck()
    assert {len(free[s]) for s in symbols} >= {1, 2}  # H offers +1 and -1
    fast = list(cr._balancing_free(free, tops, symbols, 3, 0))
    assert fast == list(_plain(free, tops, symbols, 3, 0)) and len(fast) > 1000


def test_one_module_one_cache_under_both_names() -> None:
    """make_substances imports ``composable_real`` with tools/ on sys.path, the tests ``tools.composable_real``:
    one module object (tests/conftest.py), so ``composable()`` is computed once in a worker, not twice."""
    sys.path.insert(0, str(cr.Path(cr.__file__).parent))
    try:
        import composable_real
    finally:
        sys.path.pop(0)
    assert composable_real is cr
    assert composable_real.composable is cr.composable
