"""Interactive worksheets: each lesson's tasks as prediction widgets (see
:mod:`chemgames.widgets.predict`). A worksheet notebook starts with::

    from chemgames.worksheets import worksheet
    blatt = worksheet("chromino", lang="de")        # Lehrkräfte: solutions=True zeigt die Lösungen

and shows each task with ``blatt.aufgabe(1)`` (English: ``sheet.task(1)``). The question comes from
the catalog (``chemgames/worksheets/catalog/<lang>.json``); the answer is computed by the game's
public API only when the student commits a prediction.

>>> sheet = worksheet("raeumab", lang="en", solutions=False)
>>> w = sheet.task(2)
>>> w.result, "12" in w.task["question"]
({}, True)
>>> w.predict("double")["correct"], w.result["answer"]
(False, 'simple match')
>>> sorted(SHEETS)
['chemiekarten', 'chemix', 'chemuno', 'chromino', 'metallurgie', 'raeumab']
"""
from __future__ import annotations

from dataclasses import dataclass, field
from importlib import import_module
from typing import Any, Callable, Sequence

from ..core.i18n import check_lang, register_catalog, tr
from ..record.local import watch_task
from ..widgets.predict import Answer, Option, PredictWidget

register_catalog(__package__)

SHEETS = ("chemiekarten", "chemix", "chemuno", "chromino", "metallurgie", "raeumab")


@dataclass
class Task:
    """What a worksheet task needs: how to answer, the options, and the function that computes the
    engine's answer (called only when the student commits a prediction)."""

    kind: str
    answer: Callable[[], Answer]
    options: Sequence[Option] = ()
    tolerance: float = 0.0
    unit: str = ""
    params: dict[str, Any] = field(default_factory=dict)  # for the question's placeholders
    check: Callable[[Any, Answer], bool] | None = None


def yes_no(lang: str) -> list[Option]:
    """The two options of a yes/no task."""
    return [Option("yes", tr(lang, "ws.yes")), Option("no", tr(lang, "ws.no"))]


class Worksheet:
    """The tasks of one lesson's worksheet in ``lang``; ``solutions=True`` (or the environment
    variable ``CHEMGAMES_SOLUTIONS=1``) shows every answer at once, for the teacher."""

    def __init__(self, game: str, lang: str = "de", solutions: bool | None = None) -> None:
        if game not in SHEETS:
            raise ValueError(f"no worksheet for {game!r}; there are: {', '.join(SHEETS)}")
        self.game = game
        self.lang = check_lang(lang)
        self.solutions = solutions
        self._module = import_module(f"{__package__}.{game}")
        warm = getattr(self._module, "warm", None)
        if warm is not None:  # load the engine's data now (during "Run All"), not at the first click
            warm(self.lang)

    @property
    def numbers(self) -> list[str]:
        """The tasks' numbers, in order."""
        return [str(n) for n in self._module.TASKS]

    def spec(self, number: int | str) -> Task:
        key = number if number in self._module.TASKS else str(number)
        if key not in self._module.TASKS:
            raise KeyError(f"the {self.game} worksheet has the tasks {', '.join(self.numbers)}, not {number!r}")
        spec: Task = self._module.TASKS[key](self.lang)
        return spec

    def task(self, number: int | str) -> PredictWidget:
        """Task ``number`` as a prediction widget."""
        spec = self.spec(number)
        question = tr(self.lang, f"ws.{self.game}.{number}", **spec.params)
        widget = PredictWidget(question, spec.answer, kind=spec.kind, options=spec.options, tolerance=spec.tolerance,
                               unit=spec.unit, lang=self.lang, number=number, solutions=self.solutions, check=spec.check,
                               first=str(number) == str(self.numbers[0]))
        watch_task(widget, self.game, number)  # the learning record (chemgames.record): the prediction, right or not
        return widget

    aufgabe = task

    def __repr__(self) -> str:
        return f"<Worksheet {self.game} ({self.lang}): tasks {', '.join(self.numbers)}>"


def worksheet(game: str, lang: str = "de", solutions: bool | None = None) -> Worksheet:
    """The worksheet of ``game``'s lesson (see the module docstring)."""
    return Worksheet(game, lang, solutions)
