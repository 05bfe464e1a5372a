"""The three forms of a charge balance (text, MathML, LaTeX) show the same terms in the same order
(the order the cards were laid) and add up to the total SymPy computes. The review found the LaTeX
form sorted by SymPy's printer ("3 (-2) + 2 3" beside "2·(+3) + 3·(−2)")."""
from __future__ import annotations

import random
import re

from chemgames.chemistry.balance import ChargeTerm, balance_equation


def _numbers(text: str) -> list[int]:
    return [int(x) for x in re.findall(r"[+−-]?\d+", text.replace("−", "-"))]


def test_text_mathml_and_latex_agree() -> None:
    rng = random.Random(5)
    for _ in range(300):
        terms = tuple(ChargeTerm(f"E{i}", rng.randint(1, 6), rng.choice([-3, -2, -1, 1, 2, 3, 4, 6]))
                      for i in range(rng.randint(1, 4)))
        eq = balance_equation(terms)
        expected = [x for t in terms for x in (t.count, t.charge)] + [eq.total]
        assert _numbers(eq.text) == expected
        assert _numbers(eq.latex()) == expected
        assert _numbers(re.sub(r"<mtext>[^<]*</mtext>", "", eq.mathml())) == expected
        # the LaTeX, read as arithmetic, gives the total (an independent sum of what it shows)
        lhs = eq.latex().split("=")[0].replace(r"\cdot", "*").replace(r"\left", "").replace(r"\right", "")
        assert eval(lhs, {"__builtins__": {}}) == sum(t.count * t.charge for t in terms) == eq.total
