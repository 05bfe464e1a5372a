"""A simulated class with its worksheets: the tables of :mod:`chemgames.record.simulate` played,
then every pupil's predictions on their game's worksheet, made through the worksheet's own
prediction widget as a student's click would arrive, wrong on the tasks of the pupil's mistakes.
It sits above the worksheets it answers; the record below knows nothing of them.

>>> from chemgames.record.events import Recorder
>>> from chemgames.record.simulate import class_plan
>>> events, sessions = [], []
>>> pupils = [p for p in class_plan() if p.table == "Tisch 4"]
>>> _ = simulate_class(Recorder(events.append, sessions.append), pupils=pupils, max_actions=20, lang="en")
>>> predictions = [e for e in events if e["kind"] == "prediction"]
>>> sorted({e["task"] for e in predictions if not e["ok"]}) == sorted(
...     {t for p in pupils for m in p.mistakes for t in WRONG_TASKS[m]})
True
"""
from __future__ import annotations

import random
from typing import Any, Callable

from ..record.events import Recorder
from ..record.simulate import Pupil, class_plan, play_class
from ..widgets.predict import PredictWidget
from . import Worksheet

# the worksheet tasks each seeded mistake of ``record.simulate`` answers wrong
WRONG_TASKS = {"o_minus_1": ("2",), "ban_ignored": ("6a", "6b", "6c", "6d", "7b"), "coprime": ("4b",)}


def _answers(game: str, lang: str) -> dict[str, tuple[Any, Any, Any]]:
    """Each task's spec, its answer, and a right and a wrong prediction."""
    sheet = Worksheet(game, lang, solutions=False)
    out = {}
    right: Any
    wrong: Any
    for n in sheet.numbers:
        spec = sheet.spec(n)
        answer = spec.answer()
        if spec.kind == "choice":
            right = str(answer.value)
            wrong = next(o.value for o in spec.options if o.value != right)
        elif spec.kind == "multi":
            right = sorted(str(v) for v in answer.value)
            wrong = [o.value for o in spec.options if o.value not in right][:1] or right[1:]
        elif spec.kind == "number":
            right, wrong = str(answer.value).replace(".", ","), str(float(answer.value) + 1).replace(".", ",")
        else:
            right, wrong = str(answer.value), str(answer.value) + "x"
        out[n] = (spec, answer, (right, wrong))
    return out


def _const(answer: Any) -> Callable[[], Any]:
    return lambda: answer


def answer_worksheet(pupil: Pupil, rec: Recorder, answers: dict[str, tuple[Any, Any, Any]], rng: random.Random,
                     lang: str = "de") -> None:
    """The pupil's predictions on their game's worksheet: wrong on the tasks of their mistakes."""
    session = rec.session(pupil.game, [pupil.name], kind="worksheet")
    wrong_tasks = {t for m in pupil.mistakes for t in WRONG_TASKS[m]}
    for n, (spec, answer, (right, wrong)) in answers.items():
        w = PredictWidget(n, _const(answer), kind=spec.kind, options=spec.options, tolerance=spec.tolerance,
                          unit=spec.unit, lang=lang, number=n, solutions=False, check=spec.check)
        result = w.predict(wrong if n in wrong_tasks else right)
        rec.prediction(session, n, str(result.get("prediction")), bool(result.get("correct")), 30 + 90 * rng.random())


def simulate_class(rec: Recorder, pupils: list[Pupil] | None = None, seed: int = 1, max_actions: int = 600,
                   lang: str = "de", worksheets: bool = True, games_per_table: int = 20) -> list[Pupil]:
    """Play every table of ``pupils`` (``class_plan()`` by default, see ``record.simulate.play_class``),
    then answer the worksheets (unless ``worksheets`` is false)."""
    pupils = play_class(rec, class_plan() if pupils is None else pupils, seed, max_actions, lang, games_per_table)
    if worksheets:
        rng = random.Random(seed)
        answers = {g: _answers(g, lang) for g in dict.fromkeys(p.game for p in pupils)}
        for p in pupils:
            answer_worksheet(p, rec, answers[p.game], rng, lang)
    return pupils
