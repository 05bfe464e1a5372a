"""Räum-Ab!'s divisor maths in plain Python (issue 28: the game no longer imports SymPy) agrees
with SymPy's ``factorint``, ``divisors`` and ``igcd`` on every number the cards and far beyond."""
from __future__ import annotations

import random

import pytest
import sympy

from chemgames.games.raeumab import divisors as d


_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")


def _read_product(text: str) -> int:
    """``2²·3`` read back as a number (each base checked prime by SymPy)."""
    value = 1
    for part in text.split("·"):
        base = part.rstrip("⁰¹²³⁴⁵⁶⁷⁸⁹")
        exp = part[len(base):].translate(_DIGITS) or "1"
        assert int(base) == 1 or sympy.isprime(int(base)), text
        value *= int(base) ** int(exp)
    return value


def test_factors_and_divisors_match_sympy_up_to_5000() -> None:
    for n in range(1, 5001):
        assert d.factors(n) == {int(p): int(e) for p, e in sympy.factorint(n).items()}, n
        assert list(d.factors(n)) == sorted(d.factors(n))  # primes ascending: the lines print so
        assert d.divisors(n) == tuple(int(x) for x in sympy.divisors(n)), n


def test_common_divisors_and_gcd_lines_match_sympy() -> None:
    rng = random.Random(28)
    pairs = [(a, b) for a in range(1, 121) for b in range(1, 121)] + [(rng.randint(1, 10**6), rng.randint(1, 10**6)) for _ in range(300)]
    for a, b in pairs:
        g = int(sympy.igcd(a, b))
        assert d.common_divisors(a, b) == tuple(int(x) for x in sympy.divisors(g) if x > 1), (a, b)
        line = d.gcd_line(a, b).text
        assert line.split(" = ")[-1] == str(g), (a, b, line)
        assert _read_product(line.split(" = ")[0]) == g, (a, b, line)  # the primes shown multiply to it


def test_factor_line_reads_back_to_its_number() -> None:
    for n in (2, 12, 18, 36, 72, 97, 1024, 3 * 5 * 7 * 11):
        text = d.factor_line(n).text
        left, right = text.split(" = ")
        assert int(left) == n
        value = _read_product(right)
        assert value == n


@pytest.mark.parametrize("bad", [0, -4])
def test_factors_of_a_non_positive_number_is_a_clear_error(bad: int) -> None:
    with pytest.raises(ValueError, match="positive"):
        d.factors(bad)
