"""The maths of a pair: prime factorisations, the greatest common divisor, the common divisors,
and which of them a forbidden card removes: only the forbidden number itself, never its multiples
(the author's NumNum rules: under the 2-ban "a 12 still goes on an 8, because they also share the
divisor 4").

Plain Python (trial division, ``math.gcd``) for the cards' small numbers: importing SymPy costs
~12 s in Pyodide on a loaded laptop and the first move must not wait for it (issue 28). SymPy's
``factorint``, ``igcd`` and ``divisors`` are the independent check in ``tests/test_raeumab_divisors.py``.

>>> factor_line(12).text, factor_line(18).text
('12 = 2²·3', '18 = 2·3²')
>>> common_divisors(12, 18)
(2, 3, 6)
>>> allowed_divisors(12, 18, frozenset({2}))
(3, 6)
>>> allowed_divisors(10, 20, frozenset({2, 5}))
(10,)
>>> allowed_divisors(8, 10, frozenset({2}))
()
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

_SUP = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


@dataclass(frozen=True)
class MathLine:
    """A formula beside an explanation step, as text and as presentation MathML."""

    text: str
    markup: str

    def mathml(self) -> str:
        return f'<math display="inline">{self.markup}</math>'

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "mathml": self.mathml()}


def _power_text(p: int, e: int) -> str:
    return f"{p}{str(e).translate(_SUP)}" if e > 1 else str(p)


def _power_ml(p: int, e: int) -> str:
    return f"<msup><mn>{p}</mn><mn>{e}</mn></msup>" if e > 1 else f"<mn>{p}</mn>"


def _product(factors: dict[int, int]) -> tuple[str, str]:
    items = sorted(factors.items())
    text = "·".join(_power_text(p, e) for p, e in items)
    ml = "<mo>·</mo>".join(_power_ml(p, e) for p, e in items)
    return text, ml


@lru_cache(maxsize=None)
def factors(n: int) -> dict[int, int]:
    """The prime factorisation of ``n > 0`` by trial division (``{}`` for 1), primes ascending.

    >>> factors(72), factors(1), factors(97)
    ({2: 3, 3: 2}, {}, {97: 1})
    """
    if n < 1:
        raise ValueError(f"factors of a positive whole number, not {n}")
    out: dict[int, int] = {}
    p = 2
    while p * p <= n:
        while n % p == 0:
            out[p] = out.get(p, 0) + 1
            n //= p
        p += 1 if p == 2 else 2
    if n > 1:
        out[n] = out.get(n, 0) + 1
    return out


def divisors(n: int) -> tuple[int, ...]:
    """All divisors of ``n > 0``, ascending, built from its prime factors.

    >>> divisors(36)
    (1, 2, 3, 4, 6, 9, 12, 18, 36)
    """
    ds = [1]
    for p, e in factors(n).items():
        ds = [d * p**k for d in ds for k in range(e + 1)]
    return tuple(sorted(ds))


@lru_cache(maxsize=None)
def factor_line(n: int) -> MathLine:
    """``n`` as a product of primes, e.g. ``12 = 2²·3``."""
    text, ml = _product(factors(n))
    return MathLine(f"{n} = {text}", f"<mrow><mn>{n}</mn><mo>=</mo>{ml}</mrow>")


@lru_cache(maxsize=None)
def gcd_line(a: int, b: int) -> MathLine:
    """The gcd as the product of the primes both numbers share, each with its smaller exponent
    (the step's text names it: ggT / gcd).

    >>> gcd_line(12, 18).text, gcd_line(8, 12).text, gcd_line(7, 9).text
    ('2·3 = 6', '2² = 4', '1')
    """
    g = math.gcd(a, b)
    fa, fb = factors(a), factors(b)
    shared = {p: min(e, fb[p]) for p, e in fa.items() if p in fb}
    if not shared:
        return MathLine("1", "<mn>1</mn>")
    text, ml = _product(shared)
    if len(shared) == 1 and max(shared.values()) == 1:
        return MathLine(str(g), f"<mn>{g}</mn>")
    return MathLine(f"{text} = {g}", f"<mrow>{ml}<mo>=</mo><mn>{g}</mn></mrow>")


@lru_cache(maxsize=None)
def common_divisors(a: int, b: int) -> tuple[int, ...]:
    """The common divisors greater than 1 (the divisors of the gcd)."""
    return tuple(d for d in divisors(math.gcd(a, b)) if d > 1)


def allowed_divisors(a: int, b: int, bans: frozenset[int]) -> tuple[int, ...]:
    """The common divisors left while the numbers in ``bans`` are forbidden: a forbidden 2 removes
    the 2 alone; 4, 6, 10, ... still count (8 and 12 keep 4)."""
    return tuple(d for d in common_divisors(a, b) if d not in bans)


def shares_divisor(a: int, b: int, bans: frozenset[int]) -> bool:
    """Fast test used for legal moves: is a common divisor left after the bans? It is exactly when
    the gcd is greater than 1 and not itself forbidden: the gcd is a common divisor, and a gcd of
    2 or 5 (a prime) has no other divisor greater than 1.

    >>> shares_divisor(8, 12, frozenset({2})), shares_divisor(8, 10, frozenset({2}))
    (True, False)
    >>> shares_divisor(10, 20, frozenset({2, 5})), shares_divisor(15, 25, frozenset({5}))
    (True, False)
    """
    g = math.gcd(a, b)
    return g > 1 and g not in bans
