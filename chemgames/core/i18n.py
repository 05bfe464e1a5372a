"""Message catalogs: every user-facing text comes from a JSON catalog per language.

Catalogs live in ``chemgames/catalog/<lang>.json`` (shared texts) and in
``chemgames/games/<game>/catalog/<lang>.json`` (a game's texts).

>>> tr("en", "core.game_over")
'The game is over.'
>>> tr("de", "core.game_over")
'Das Spiel ist vorbei.'

**Plurals** follow the CLDR plural rules of the language (through Babel), never a rule of our
own. A catalog value is either a text or an object of CLDR plural categories, each a text; the
category is chosen by the count parameter, which the optional member ``"count"`` names (without
it: the message's only whole-number parameter). ``"other"`` is required; German and English
use ``"one"`` and ``"other"`` ("zero" is not a category of either language: 0 takes ``"other"``)::

    "core.points": {"count": "points", "one": "{points} Punkt", "other": "{points} Punkte"}

>>> tr("de", "core.points", points=1), tr("de", "core.points", points=0), tr("en", "core.points", points=2)
('1 Punkt', '0 Punkte', '2 points')
>>> plural_category("de", 1), plural_category("en", 1.5), plural_category("de", 0)
('one', 'other', 'other')

**Numbers** a student reads are formatted by the locale (CLDR, through Babel): pass a
:class:`Num` as a parameter, or call :func:`format_number`. ``digits`` is the fixed number of
decimals, rounded half up (``Num(2.675, 2)`` prints ``2,68``, not the binary float's ``2,67``):

>>> format_number(32.06, "de", 2), format_number(32.06, "en", 2), format_number(1234.5, "de", 1)
('32,06', '32.06', '1.234,5')
>>> tr("de", "core.points", points=Num(1.5, 1)), str(Num(2.675, 2))
('1,5 Punkte', '2.68')

**Signs**: a negative number a student reads is written with the minus sign U+2212, as print writes
it (CLDR gives German and English the keyboard's hyphen), whether it comes through :func:`format_number`,
:class:`Num`, :func:`minus` or as a whole number given to :func:`tr`; ``plus=True`` writes ``+``
before a positive one (a charge, a change). A number shown as zero has no sign. The front end does
the same in ``formatNumber`` (``widgets/shared/dom.js``).

>>> tr("de", "core.points", points=-3), format_number(-2.5, "de", 1), minus(-2), format_number(4, "en", plus=True)
('−3 Punkte', '−2,5', '−2', '+4')
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache
from importlib import resources
from typing import Any, Union

LANGS = ("de", "en")

#: a catalog value: a text, or CLDR plural category -> text (plus the optional "count" member)
Entry = Union[str, dict[str, str]]


@dataclass(frozen=True)
class Num:
    """A number as a student reads it: ``digits`` fixed decimals, rounded half up, formatted by
    the locale when a message is rendered (``Msg("x", mass=Num(32.06, 2))``).

    >>> Num(32.06, 2).render("de"), Num(32.06, 2).render("en"), Num(7).render("de")
    ('32,06', '32.06', '7')
    >>> Num(0.08988, 4).value
    Decimal('0.0899')
    """

    raw: float | int | Decimal
    digits: int = 0

    @property
    def value(self) -> Decimal:
        """The number rounded to ``digits`` decimals (half up, from its shortest decimal form)."""
        return round_half_up(self.raw, self.digits)

    def render(self, lang: str) -> str:
        return format_number(self.raw, lang, self.digits)

    def __str__(self) -> str:
        return self.render("en")


MINUS = "\u2212"


def _signed(text: str, value: float | int | Decimal, plus: bool) -> str:
    """``text``, the digits of ``value``'s magnitude, with its sign: the minus sign U+2212 before a
    negative number, ``+`` before a positive one if ``plus``, none where the digits read zero."""
    if not any(c in "123456789" for c in text):
        return text
    return (MINUS if value < 0 else "+" if plus and value > 0 else "") + text


def minus(n: int, plus: bool = False) -> str:
    """A whole number as print writes it, with no grouping (a place, a score line): a negative one
    with the minus sign U+2212, not the keyboard's hyphen (a screen reader reads both alike before a
    digit: NVDA's symbols.dic reads ``[-−]`` before a digit as a negative number); ``plus``: ``+``
    before a positive one (a charge).

    >>> minus(-5), minus(0), minus(7), minus(3, plus=True), minus(0, plus=True)
    ('−5', '0', '7', '+3', '0')
    """
    return _signed(str(abs(n)), n, plus)


def round_half_up(value: float | int | Decimal, digits: int) -> Decimal:
    """``value`` rounded to ``digits`` decimals, half up, from its shortest decimal form
    (so ``1.005`` becomes ``1.01`` as printed on paper, not ``1.00`` as the binary float would).

    >>> round_half_up(1.005, 2), round_half_up(55.845, 2), round_half_up(12, 2)
    (Decimal('1.01'), Decimal('55.85'), Decimal('12.00'))
    """
    return Decimal(str(value)).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP)


def format_number(value: float | int | Decimal, lang: str, digits: int = 0, plus: bool = False) -> str:
    """``value`` with ``digits`` fixed decimals (rounded half up), in ``lang``'s CLDR notation:
    decimal comma and grouping in German, decimal point in English; a negative number with the
    minus sign U+2212, ``plus``: ``+`` before a positive one (none before a number shown as zero).

    >>> format_number(0.08988, "de", 4), format_number(16.05, "en", 2), format_number(-3, "de")
    ('0,0899', '16.05', '−3')
    >>> format_number(-0.04, "de", 1), format_number(0.456, "de", 2, plus=True)
    ('0,0', '+0,46')
    """
    rounded = round_half_up(value, digits)
    return _signed(_format(abs(rounded), lang, digits), rounded, plus)


@lru_cache(maxsize=4096)
def _format(value: Decimal, lang: str, digits: int) -> str:
    from babel.numbers import format_decimal  # Babel loads on the first number, not on import

    pattern = "#,##0" + ("." + "0" * digits if digits > 0 else "")
    return str(format_decimal(value, format=pattern, locale=lang, decimal_quantization=False))


@lru_cache(maxsize=None)
def _plural_rule(lang: str) -> Any:
    from babel import Locale

    return Locale.parse(lang).plural_form


def plural_category(lang: str, count: float | int | Decimal) -> str:
    """The CLDR plural category (``"one"``, ``"other"``, ...) of ``count`` in ``lang``."""
    return str(_plural_rule(lang)(abs(count)))


def _count_of(entry: dict[str, str], kwargs: dict[str, Any]) -> Any:
    name = entry.get("count")
    if name is not None:
        value = kwargs.get(name)
    else:
        numbers = [v for v in kwargs.values() if isinstance(v, (int, Num)) and not isinstance(v, bool)]
        value = numbers[0] if len(numbers) == 1 else None
    if isinstance(value, Num):
        return value.value
    return value if isinstance(value, (int, float, Decimal)) and not isinstance(value, bool) else None


def choose(entry: Entry, lang: str, kwargs: dict[str, Any]) -> str:
    """The text of a catalog ``entry`` for these parameters: a plural object gives the form of
    its count's CLDR category (``"other"`` when the count is missing).

    >>> choose({"one": "{n} Karte", "other": "{n} Karten"}, "de", {"n": 1})
    '{n} Karte'
    >>> choose({"count": "n", "one": "{n} card", "other": "{n} cards"}, "en", {"n": 0, "pile": 1})
    '{n} cards'
    """
    if isinstance(entry, str):
        return entry
    count = _count_of(entry, kwargs)
    category = plural_category(lang, count) if count is not None else "other"
    return entry.get(category) or entry["other"]


def placeholders(entry: Entry) -> set[str]:
    """The parameter names an entry's texts use (every plural form together).

    >>> sorted(placeholders({"count": "n", "one": "{n} Karte", "other": "{n} Karten ({pile})"}))
    ['n', 'pile']
    """
    texts = [entry] if isinstance(entry, str) else [v for k, v in entry.items() if k != "count"]
    return {name for text in texts for name in re.findall(r"{(\w+)(?:[:!][^}]*)?}", text)}


@lru_cache(maxsize=None)
def _load(package: str, lang: str) -> dict[str, Entry]:
    try:
        text = resources.files(package).joinpath("catalog", f"{lang}.json").read_text("utf-8")
    except FileNotFoundError:
        return {}
    data: dict[str, Entry] = json.loads(text)
    return data


def register_catalog(package: str) -> None:
    """Make a game package's catalog known (called by the game's module on import)."""
    if package not in _PACKAGES:
        _PACKAGES.append(package)
        _merged.cache_clear()


_PACKAGES: list[str] = ["chemgames"]


@lru_cache(maxsize=None)
def _merged(lang: str) -> dict[str, Entry]:
    out: dict[str, Entry] = {}
    for package in _PACKAGES:
        out.update(_load(package, lang))
    return out


def check_lang(lang: str) -> str:
    """Return ``lang`` if a catalog exists for it, else raise ``ValueError``."""
    if lang not in LANGS:
        raise ValueError(lang)
    return lang


def tr(lang: str, key: str, **kwargs: Any) -> str:
    """The text for ``key`` in ``lang``, formatted with ``kwargs`` (a :class:`Num` is formatted
    in ``lang``, a whole number is written with the minus sign U+2212 when negative (:func:`minus`);
    a plural entry takes the form of its count's CLDR category).

    Falls back to English, then to the key itself, so a missing entry is visible but not fatal.

    >>> tr("en", "core.points", points=1), tr("de", "core.points", points=1), tr("de", "core.points", points=2)
    ('1 point', '1 Punkt', '2 Punkte')
    >>> tr("de", "no.such.key")
    'no.such.key'
    """
    entry = _merged(lang).get(key)
    if entry is None:
        entry, lang_used = _merged("en").get(key, key), "en"
    else:
        lang_used = lang
    template = choose(entry, lang_used, kwargs)
    if kwargs:
        values = {k: (v.render(lang) if isinstance(v, Num) else minus(v) if isinstance(v, int) and not isinstance(v, bool)
                      else v) for k, v in kwargs.items()}
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):
            return template
    return template


def keys(lang: str) -> set[str]:
    """Every key in ``lang``'s merged catalog (for the tests that compare languages)."""
    return set(_merged(lang))


def entry(lang: str, key: str) -> Entry | None:
    """The raw catalog value of ``key`` in ``lang`` (a text or a plural object), for tests."""
    return _merged(lang).get(key)
