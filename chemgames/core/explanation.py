"""Explanations: why an action is legal or not, as data that a widget renders and a notebook prints.

An explanation holds catalog keys and parameters, not finished sentences, so the same
explanation reads in German and English:

>>> e = Explanation(False, Msg("core.game_over"))
>>> e.in_lang("de").title
'Das Spiel ist vorbei.'
>>> print(e)
✗ The game is over.
"""
from __future__ import annotations

import html
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from .i18n import Num, tr


class MathLike(Protocol):
    """A formula shown beside an explanation step (e.g. a charge balance built with SymPy)."""

    @property
    def text(self) -> str: ...

    def mathml(self) -> str: ...

    def to_dict(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Msg:
    """A catalog key with its parameters; parameters may be ``Msg`` themselves.

    >>> Msg("core.game_over").render("en")
    'The game is over.'

    A :class:`~chemgames.core.i18n.Num` parameter is formatted in the language it is rendered in:

    >>> Msg("core.points", points=Num(2.5, 1)).render("de")
    '2,5 Punkte'
    """

    key: str
    params: tuple[tuple[str, Any], ...] = ()

    def __init__(self, key: str, **params: Any) -> None:
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "params", tuple(params.items()))

    def render(self, lang: str) -> str:
        values = {k: (v.render(lang) if isinstance(v, (Msg, MsgList, Text, Quoted)) else v) for k, v in self.params}
        return tr(lang, self.key, **values)


@dataclass(frozen=True)
class Text:
    """A text given in every language (e.g. a card's name from the card data).

    >>> Text(de="Schwefel", en="Sulfur").render("de")
    'Schwefel'
    """

    de: str
    en: str

    def render(self, lang: str) -> str:
        return self.de if lang == "de" else self.en


@dataclass(frozen=True)
class Quoted:
    """A word in the quotation marks of the language it is read in (``core.quoted``); ``str`` gives
    it in straight quotes, as records keep it.

    >>> Quoted("2").render("de"), Quoted("2").render("en"), str(Quoted("2"))
    ('„2“', '“2”', '"2"')
    """

    text: str

    def render(self, lang: str) -> str:
        return tr(lang, "core.quoted", x=self.text)

    def __str__(self) -> str:
        return f'"{self.text}"'


@dataclass(frozen=True)
class MsgList:
    """Several messages joined by a separator (e.g. the names of the cards of a compound)."""

    items: tuple[Any, ...]
    sep: str = ", "

    def render(self, lang: str) -> str:
        return self.sep.join(i.render(lang) if isinstance(i, (Msg, MsgList, Text, Num, Quoted)) else str(i) for i in self.items)


@dataclass(frozen=True)
class AndList(MsgList):
    """Messages joined as the language lists them (CLDR through Babel): "A, B und C", "A and B".

    >>> AndList(("H +1", "N −3")).render("de"), AndList(("a", "b", "c")).render("en")
    ('H +1 und N −3', 'a, b, and c')
    """

    def render(self, lang: str) -> str:
        from babel.lists import format_list

        return format_list([i.render(lang) if isinstance(i, (Msg, MsgList, Text, Num, Quoted)) else str(i) for i in self.items],
                           locale=lang)


@dataclass(frozen=True)
class Step:
    """One line of an explanation, optionally with a formula (``math``). A formula with numbers
    in it may offer ``in_lang(lang)`` (e.g. a molar-mass line: decimal comma in German); it is
    shown in the explanation's language."""

    msg: Msg
    math: MathLike | None = None

    def math_in(self, lang: str) -> MathLike | None:
        """The formula as shown in ``lang``."""
        to_lang = getattr(self.math, "in_lang", None)
        return to_lang(lang) if to_lang is not None else self.math

    def text(self, lang: str) -> str:
        line = self.msg.render(lang)
        math = self.math_in(lang)
        if math is not None:
            line = f"{line}: {math.text}"
        return line


@dataclass(frozen=True)
class Explanation:
    """Why an action is legal (``ok``) or refused, with its steps and the points it brings."""

    ok: bool
    headline: Msg
    steps: tuple[Step, ...] = ()
    points: int | None = None
    rule: str = ""
    lang: str = "en"
    data: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def title(self) -> str:
        return self.headline.render(self.lang)

    @property
    def lines(self) -> list[str]:
        return [s.text(self.lang) for s in self.steps]

    def in_lang(self, lang: str) -> "Explanation":
        """The same explanation, rendered in ``lang``."""
        return replace(self, lang=lang)

    def summary(self) -> str:
        """Title and steps on one line (used as the message of ``IllegalAction``)."""
        return " ".join([self.title, *self.lines])

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form for widgets: texts rendered in ``lang``, formulas as text and MathML."""
        return {
            "ok": self.ok,
            "rule": self.rule,
            "title": self.title,
            "steps": [
                {"text": s.msg.render(self.lang), "math": m.to_dict() if (m := s.math_in(self.lang)) is not None else None}
                for s in self.steps
            ],
            "points": self.points,
        }

    def __str__(self) -> str:
        mark = "✓" if self.ok else "✗"
        out = [f"{mark} {self.title}"]
        out += [f"  • {line}" for line in self.lines]
        if self.points is not None and self.ok:
            out.append("  = " + tr(self.lang, "core.points", points=self.points))
        return "\n".join(out)

    def _repr_html_(self) -> str:
        mark = "✓" if self.ok else "✗"
        items = []
        for s in self.steps:
            body = html.escape(s.msg.render(self.lang))
            math = s.math_in(self.lang)
            if math is not None:
                body += ": " + math.mathml()
            items.append(f"<li>{body}</li>")
        pts = ""
        if self.points is not None and self.ok:
            pts = f"<p><b>{html.escape(tr(self.lang, 'core.points', points=self.points))}</b></p>"
        return f"<div><b>{mark} {html.escape(self.title)}</b><ul>{''.join(items)}</ul>{pts}</div>"


def steps_of(explanation: Explanation | None) -> list[Step]:
    """The steps of ``explanation`` as a list to add to, empty on the fast path (``None``).

    >>> steps_of(None)
    []
    """
    return list(explanation.steps) if explanation is not None else []


def amended(explanation: Explanation | None, **changes: Any) -> Explanation | None:
    """``explanation`` with ``changes`` (steps, data, ...); ``None`` stays ``None``: on the fast
    path a game's ``_do`` builds no texts (``Game.apply(action, explain=False)``).

    >>> amended(None, steps=()) is None
    True
    >>> amended(Explanation(True, Msg("core.game_over")), points=3).points
    3
    """
    return replace(explanation, **changes) if explanation is not None else None
