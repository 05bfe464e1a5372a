"""The class report's reading of a refused build whose cards carry charges of one sign only.

Ba + Ar and Ba + Bi were read "Ar als −2 gerechnet", "Bi als −2 gerechnet" (review s21e): a card counted with the
other sign than any it prints, or a noble gas (charge 0 on its card) counted as charged, is no miscounted number. The
build lacks a partner of the other sign; a sum of charges of one sign is never zero. The checks below work this out
from the printed cards with their own loop (every card's every printed charge, every same-sign count up to 8), not
from the reader.
"""
from __future__ import annotations

from itertools import product

import pytest

from chemgames.games.chemiekarten.cards import card_set
from chemgames.record.mistakes import mistake_of
from chemgames.record.report import mistake_text


def _refused(build: tuple[tuple[str, int], ...]) -> dict:
    cards = card_set()
    terms = [[label, n, cards[label].charges[0]] for label, n in build]
    return {"game": "chemiekarten", "rule": "ck.unbalanced", "facts": {"steps": [{"key": "ck.balance", "terms": terms}]}}


def _one_count_balances(build: tuple[tuple[str, int], ...]) -> bool:
    """Whether counting one card with another charge of the same sign as one it prints (1..8) balances the build."""
    cards = card_set()
    for printed in product(*(cards[label].charges for label, _ in build)):
        for i, (_, n) in enumerate(build):
            rest = sum(m * q for j, ((_, m), q) in enumerate(zip(build, printed)) if j != i)
            for size in range(1, 9):
                for sign in (1, -1):
                    if printed[i] * sign > 0 and rest + n * sign * size == 0:
                        return True
    return False


@pytest.mark.parametrize("build, sign, attempt, charges", [
    ((("Ba", 1), ("Ar", 1)), "+", "BaAr", "Ba +2, Ar 0"),
    ((("Ba", 1), ("Bi", 1)), "+", "BaBi", "Ba +2, Bi +3"),
    ((("Na", 2), ("Ba", 1)), "+", "Na₂Ba", "Na +1, Ba +2"),
    ((("O", 1), ("F", 1)), "-", "OF", "O −2, F −1"),
])
def test_a_build_of_one_sign_reads_no_partner_not_a_miscount(build, sign, attempt, charges) -> None:
    cards = card_set()
    printed = [q for label, _ in build for q in cards[label].charges]
    assert all(q >= 0 for q in printed) or all(q <= 0 for q in printed)  # the cards themselves: one sign only
    assert not _one_count_balances(build)
    m = mistake_of(_refused(build))
    assert m is not None and m.key == f"ck.one_sign:{sign}" and m.concept == "ladungsausgleich", m
    text, example = mistake_text(m, "chemiekarten", "de")
    assert text.startswith("nur positive" if sign == "+" else "nur negative"), text
    assert example == f"z. B. {attempt} gelegt ({charges}): so wird die Summe nie null", example
    text_en, example_en = mistake_text(m, "chemiekarten", "en")
    assert text_en.startswith("only positive" if sign == "+" else "only negative")
    assert "als" not in text and "gerechnet" not in text  # no "Ar als −2 gerechnet"


def test_a_miscount_of_the_same_sign_is_still_read_as_one() -> None:
    build = (("Al", 1), ("O", 1))  # Al +3, O −2: O counted as −3 would balance, a number of O's own sign
    assert _one_count_balances(build)
    m = mistake_of(_refused(build))
    assert m is not None and m.key.startswith("ck.charge_as:"), m
