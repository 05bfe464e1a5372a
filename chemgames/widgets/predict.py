"""Prediction tasks for worksheets: the student commits a prediction, and only then does the engine
answer, with its explanation and whether the prediction was right.

The answer is a function, called when the student presses the button: nothing about it is in the
synced traits (or in the notebook's saved widget state) before, so "Run All" reveals nothing. A
teacher switch shows the solutions at once: ``solutions=True``, or the environment variable
``CHEMGAMES_SOLUTIONS=1`` (set in the teacher's notebook with ``%env CHEMGAMES_SOLUTIONS=1``).

>>> calls = []
>>> def answer():
...     calls.append(1)
...     return Answer(6, "6 Teiler", steps=["1, 2, 3, 4, 6, 12"])
>>> w = PredictWidget("Wie viele Teiler hat 12?", answer, kind="number", lang="de", number=1, solutions=False)
>>> w.result, calls, "Teiler" in str(w.task)
({}, [], True)
>>> w.receive({"type": "predict", "value": "sechs"}); w.error, w.result
('Bitte gib eine Zahl ein, z. B. 3 oder 2,5.', {})
>>> w.receive({"type": "predict", "value": "6"}); w.result["correct"], w.result["answer"], calls
(True, '6 Teiler', [1])
>>> w.receive({"type": "predict", "value": "7"}); w.result["prediction"], calls   # committed: stays
('6', [1])
>>> w
<PredictWidget Aufgabe 1: answered>
"""
from __future__ import annotations

import json
import os
import re
import unicodedata
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Callable, Sequence

import anywidget
import traitlets as t

from ..core.explanation import Explanation, Step
from ..core.i18n import check_lang, format_number
from .frontend import css, esm, widget_scope
from . import handin as _handin  # noqa: F401 - how a notebook shows chemgames.record.hand_in() (a button, no data: link)

KINDS = ("choice", "multi", "number", "text")
SOLUTIONS_ENV = "CHEMGAMES_SOLUTIONS"
MAX_INPUT = 200  # characters of a typed prediction


def solutions_from_env() -> bool:
    """Whether the teacher switch is set in the environment (``CHEMGAMES_SOLUTIONS=1``).

    >>> import os; os.environ.pop(SOLUTIONS_ENV, None); solutions_from_env()
    False
    """
    return os.environ.get(SOLUTIONS_ENV, "").strip().lower() in ("1", "true", "yes", "ja", "on")


def catalog(lang: str) -> dict[str, str]:
    """The widget's own words in ``lang`` (``chemgames/widgets/catalog/predict/<lang>.json``).

    >>> catalog("de")["commit"], catalog("en")["commit"]
    ('Vorhersage abgeben', 'Commit my prediction')
    """
    folder = resources.files("chemgames.widgets").joinpath("catalog", "predict")
    data: dict[str, str] = json.loads(folder.joinpath(f"{check_lang(lang)}.json").read_text("utf-8"))
    return data


@dataclass(frozen=True)
class Option:
    """One answer to choose: the value compared with the engine's answer, the label a student reads."""

    value: str
    label: str


@dataclass(frozen=True)
class Answer:
    """The engine's answer to a task: ``value`` (an option's value, a number, a text, or a set of
    option values for ``multi``), ``text`` (the answer in words) and the explanation: ``steps``
    (texts, ``(text, formula)`` pairs or :class:`~chemgames.core.explanation.Step`) and/or a whole
    :class:`~chemgames.core.explanation.Explanation` of a move."""

    value: Any
    text: str
    steps: Sequence[Any] = ()
    explanation: Explanation | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def _math(m: Any) -> dict[str, Any] | None:
    if m is None:
        return None
    if isinstance(m, str):
        return {"text": m, "mathml": ""}
    d = m.to_dict() if hasattr(m, "to_dict") else {"text": m.text}
    mathml = str(d.get("mathml", "") or "")
    if mathml and not mathml.lstrip().startswith("<math"):
        mathml = f"<math>{mathml}</math>"
    return {"text": str(d.get("text", "")), "mathml": mathml}


def steps_of(answer: Answer, lang: str) -> tuple[str, list[dict[str, Any]]]:
    """The explanation as a title and lines of prose with formulas (never dicts or rule ids).

    >>> steps_of(Answer(1, "x", steps=["a", ("b", "2 + 2 = 4")]), "de")
    ('', [{'text': 'a', 'math': None}, {'text': 'b', 'math': {'text': '2 + 2 = 4', 'mathml': ''}}])
    """
    title, lines = "", []
    if answer.explanation is not None:
        e = answer.explanation.in_lang(lang)
        title = e.title
        lines += [{"text": s.msg.render(lang), "math": _math(s.math_in(lang))} for s in e.steps]
    for s in answer.steps:
        if isinstance(s, Step):
            lines.append({"text": s.msg.render(lang), "math": _math(s.math_in(lang))})
        elif isinstance(s, tuple):
            lines.append({"text": str(s[0]), "math": _math(s[1])})
        else:
            lines.append({"text": str(s), "math": None})
    return title, lines


_SUB = str.maketrans("₀₁₂₃₄₅₆₇₈₉⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻", "0123456789" "0123456789" "+-")


def normalise_text(text: str) -> str:
    """A typed formula or word, compared without spaces, with sub- and superscripts as digits.

    >>> normalise_text(" Na₂ CO₃ ") == normalise_text("Na2CO3")
    True
    """
    text = unicodedata.normalize("NFC", text).translate(_SUB)
    return re.sub(r"[\s·*]+", "", text).replace("−", "-")


def parse_number(text: str, lang: str) -> float | None:
    """A typed number in the notebook's language (decimal comma in German; a unit after it is ignored).

    >>> parse_number("2,5", "de"), parse_number("1.234,5 g/mol", "de"), parse_number("18.02", "en"), parse_number("x", "de")
    (2.5, 1234.5, 18.02, None)
    >>> parse_number("18.02", "de"), parse_number("−3", "de")
    (18.02, -3.0)
    """
    s = text.strip().replace("−", "-").replace("\u202f", "").replace(" ", "")
    m = re.match(r"^[-+]?[0-9][0-9.,]*", s)
    if not m:
        return None
    s = m.group(0)
    if lang == "de" and "," in s:
        s = s.replace(".", "").replace(",", ".")
    elif "," in s:
        s = s.replace(",", "")
    if s.count(".") > 1:
        return None
    try:
        return float(s)
    except ValueError:
        return None


class PredictWidget(anywidget.AnyWidget):
    """One worksheet task: a question, a way to answer (``kind``: ``"choice"`` of ``options``,
    ``"multi"`` (tick every option that applies), ``"number"`` (within ``tolerance``) or ``"text"``
    (a formula or a word)), a button, and after it the engine's answer from ``answer()``.

    ``check(prediction, answer)`` may replace the comparison (the prediction as parsed: a text, a
    number or a sorted list of option values). ``solutions`` (default: the environment variable
    ``CHEMGAMES_SOLUTIONS``) shows the answer at once, for teachers.
    """

    task = t.Dict().tag(sync=True)      # number, question, kind, options, unit: never the answer
    ui = t.Dict().tag(sync=True)
    lang = t.Unicode("de").tag(sync=True)
    solutions = t.Bool(False).tag(sync=True)
    result = t.Dict().tag(sync=True)    # empty until a prediction is committed (or solutions shown)
    error = t.Unicode("").tag(sync=True)
    # one more for every message answered: the browser's sign that Python is there (the same refusal
    # twice changes no other trait), else it says so after a while (a restarted kernel answers nothing)
    replies = t.Int(0).tag(sync=True)

    def __init__(self, question: str, answer: Callable[[], Answer], *, kind: str = "choice",
                 options: Sequence[Option | tuple[str, str] | str] = (), tolerance: float = 0.0, unit: str = "",
                 lang: str = "de", number: int | str | None = None, solutions: bool | None = None,
                 check: Callable[[Any, Answer], bool] | None = None, first: bool = False, **kwargs: Any) -> None:
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
        opts = [o if isinstance(o, Option) else Option(*o) if isinstance(o, tuple) else Option(str(o), str(o))
                for o in options]
        if kind in ("choice", "multi") and not opts:
            raise ValueError(f"a {kind!r} task needs options")
        self._esm = esm("predict")
        self._css = css("predict", widget_scope(type(self)))  # no rule reaches another widget
        super().__init__(**kwargs)
        self._answer_fn = answer
        self._check = check
        self._tolerance = float(tolerance)
        self._options = {o.value: o.label for o in opts}
        self.answer_calls = 0
        self.on_msg(lambda _w, content, _b: self.receive(content))
        with self.hold_sync():
            self.lang = check_lang(lang)
            self.ui = catalog(lang)
            self.task = {"number": "" if number is None else str(number), "question": question, "kind": kind,
                         "options": [{"value": o.value, "label": o.label} for o in opts], "unit": unit,
                         "first": bool(first)}  # a sheet's first task scrolls itself into view after "Run All"
            self.solutions = solutions_from_env() if solutions is None else bool(solutions)
            if self.solutions:
                self.result = self._reveal(None, None)

    # ------------------------------------------------------------------ the answer
    def _reveal(self, shown: str | None, prediction: Any) -> dict[str, Any]:
        self.answer_calls += 1
        a = self._answer_fn()
        title, steps = steps_of(a, self.lang)
        correct = None if prediction is None else self._is_right(prediction, a)
        chosen = prediction if isinstance(prediction, list) else [prediction] if self.task["kind"] == "choice" else []
        return {"prediction": shown, "chosen": [str(c) for c in chosen if c is not None], "correct": correct,
                "answer": a.text, "title": title, "steps": steps, "teacher": prediction is None}

    def _is_right(self, prediction: Any, a: Answer) -> bool:
        if self._check is not None:
            return bool(self._check(prediction, a))
        kind = self.task["kind"]
        if kind == "number":
            return abs(float(prediction) - float(a.value)) <= self._tolerance + 1e-9
        if kind == "multi":
            return sorted(prediction) == sorted(str(v) for v in a.value)
        if kind == "text":
            return normalise_text(str(prediction)) == normalise_text(str(a.value))
        return str(prediction) == str(a.value)

    def _parse(self, value: Any) -> tuple[str, Any]:
        """(what the student sees as their prediction, the parsed prediction), or raises KeyError
        with the catalog key of the reason."""
        kind = self.task["kind"]
        if kind == "multi":
            if not isinstance(value, list) or not all(isinstance(v, str) and v in self._options for v in value):
                raise KeyError("need_multi")
            if not value:
                raise KeyError("need_multi")
            chosen = sorted(set(value), key=list(self._options).index)
            return ", ".join(self._options[v] for v in chosen), chosen
        if not isinstance(value, str) or not value.strip():
            raise KeyError({"choice": "need_choice", "number": "need_number", "text": "need_text"}[kind])
        value = value.strip()[:MAX_INPUT]
        if kind == "choice":
            if value not in self._options:
                raise KeyError("need_choice")
            return self._options[value], value
        if kind == "number":
            x = parse_number(value, self.lang)
            if x is None:
                raise KeyError("need_number")
            shown = format_number(x, self.lang, len(str(x).split(".")[1].rstrip("0")) if "." in str(x) else 0)
            return shown + (f" {self.task['unit']}" if self.task["unit"] else ""), x
        return value, value

    def receive(self, content: Any) -> None:
        """Handle one message from the browser: ``{"type": "predict", "value": ...}``. A committed
        prediction stays: the answer is shown once, and a later message changes nothing but
        :attr:`replies`."""
        try:
            self._receive(content)
        finally:
            self.replies += 1

    def _receive(self, content: Any) -> None:
        if not isinstance(content, dict) or content.get("type") != "predict":
            self.error = self.ui.get("malformed", "")
            return
        if self.result:
            self.error = "" if self.result.get("teacher") or self._same_as_made(content.get("value")) \
                else self.ui["already"]
            return
        try:
            shown, prediction = self._parse(content.get("value"))
        except KeyError as exc:
            self.error = self.ui[exc.args[0]]
            return
        result = self._reveal(shown, prediction)
        with self.hold_sync():
            self.error = ""
            self.result = result

    def _same_as_made(self, value: Any) -> bool:
        """Whether ``value`` is the prediction already made: a double click on the button sends it
        twice, and the second arrives after the answer (no alert for that, only for another one)."""
        try:
            return self._parse(value)[0] == self.result.get("prediction")
        except KeyError:
            return False

    def predict(self, value: Any) -> dict[str, Any]:
        """Commit a prediction from Python (as the browser would) and return the result shown."""
        self.receive({"type": "predict", "value": value})
        return dict(self.result)

    def set_state(self, sync_data: Any) -> None:
        """The browser only sends messages: every state change from it is refused and resent."""
        names = [k for k in (sync_data if isinstance(sync_data, dict) else {}) if k in self.keys]
        if names:
            self.send_state(names)

    def __repr__(self) -> str:
        label = self.ui.get("task", "Task")
        state = "solution shown" if self.result.get("teacher") else "answered" if self.result else "waiting"
        return f"<PredictWidget {label} {self.task.get('number', '')}: {state}>"
