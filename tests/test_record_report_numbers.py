"""The report's shares and times as a reader writes them, recounted here without the report's code:
a share rounded half up from the exact fraction (1 of 8 right is 12.5 %, printed 13 %, as the
project rounds every number a reader sees: ``core.i18n.round_half_up``), the percent sign as the
locale's CLDR pattern places it (German ``13 %`` with a no-break space, so the sign never starts a
line; English ``13%``), and a median time of 94.5 s printed 95 s."""
from __future__ import annotations

from fractions import Fraction

from chemgames.record.report import build


def _predictions(right: int, n: int, secs: list[float] | None = None) -> list[dict]:
    return [{"game": "raeumab", "kind": "prediction", "task": "2", "ok": i < right, "student": f"S{i}",
             "session": f"w{i}", "secs": (secs or [60.0] * n)[i]} for i in range(n)]


def half_up(part: int, whole: int) -> int:
    """The whole percent of ``part / whole``, half up, in exact arithmetic (this test's own rule)."""
    return int(Fraction(100 * part, whole) + Fraction(1, 2))


def test_a_task_share_is_rounded_half_up_and_placed_by_the_locale() -> None:
    for right, n in ((1, 8), (3, 8), (5, 8), (7, 8), (1, 40), (7, 12), (12, 12)):
        k = half_up(right, n)
        de = build(_predictions(right, n), [], "de")["tasks"][0]["right"]
        en = build(_predictions(right, n), [], "en")["tasks"][0]["right"]
        assert de == f"{right} von {n} richtig ({k}\u00a0%)", de
        assert en == f"{right} of {n} right ({k}%)", en


def test_the_share_of_what_to_practise_next_is_rounded_half_up() -> None:
    # 8 predictions on one concept, 7 wrong: 87.5 % wrong, printed 88 %
    why = build(_predictions(1, 8), [], "de")["next"]["why"]
    assert f"7 von 8 Versuchen ({half_up(7, 8)}\u00a0%)" in why, why
    row = next(r for r in build(_predictions(1, 8), [], "en")["concepts"] if r["concept"] == "gemeinsamer_teiler")
    assert row["share"] == "88%", row


def test_a_median_time_is_rounded_half_up() -> None:
    # two students took 94 s and 95 s: the median is 94.5 s, printed 95 s (Python's round() gave 94)
    task = build(_predictions(2, 2, secs=[94.0, 95.0]), [], "de")["tasks"][0]
    assert task["time"] == "Median 95 s", task["time"]
    task = build(_predictions(2, 4, secs=[10.0, 12.0, 13.0, 90.0]), [], "en")["tasks"][0]
    assert task["time"] == "median 13 s", task["time"]  # (12 + 13) / 2 = 12.5, half up
