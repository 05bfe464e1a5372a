"""The messages between the table server and its clients, and their checks.

Every message is one JSON object with a ``type``. A client sends ``join`` (a seat token) or
``watch`` (a teacher key and a table id) first, then ``act`` / ``check`` / ``ping``; the server
answers with ``state`` (the seat's own view), ``refused`` (why a move is not allowed), ``checked``,
``error`` or ``pong``. Every server message carries ``version``: the table's number of applied
actions, so a client sends ``act`` for the version it has seen and a stale move is refused.

A message is bounded in size and checked against a small schema before anything is done with it;
a malformed one gets an ``error`` reply and changes nothing:

>>> parse('{"type": "act", "version": 3, "action": {"game": "chemix"}}')["version"]
3
>>> parse('{"type": "act", "version": "3", "action": {}}')
Traceback (most recent call last):
...
chemgames.server.protocol.ProtocolError: server.bad_message
>>> parse("x" * (MAX_MESSAGE + 1)).get("type")
Traceback (most recent call last):
...
chemgames.server.protocol.ProtocolError: server.too_big
>>> error("server.stale", 5, version=5, sent=4)["message"]["de"][:31]
'Das Spiel ist weitergegangen (d'
"""
from __future__ import annotations

import json
from typing import Any

from ..core.game import LOG_IN_VIEW
from ..core.i18n import LANGS, Num, register_catalog, tr

register_catalog(__package__)

PROTOCOL = 1
#: the longest message a client may send (characters); the largest action is well under 2,000
MAX_MESSAGE = 16_384
#: the WebSocket frame limit given to uvicorn: longer frames close the connection (code 1009)
MAX_FRAME = 1_048_576
#: how deeply a message's arrays and objects may nest (an action needs 4)
MAX_DEPTH = 32
#: how many arrays and objects a message may hold in all (an action holds a handful): more are
#: refused after counting them, before anything reads the message through
MAX_LISTS = 256
_SCAN = 2 * MAX_LISTS  # brackets read to judge the depth (a message within MAX_LISTS has at most these)
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")

_OPTIONAL = object()

# type -> field -> (kinds, required)
SCHEMAS: dict[str, dict[str, tuple[tuple[type, ...], bool]]] = {
    "join": {"token": ((str,), True), "lang": ((str,), False)},
    "watch": {"teacher_key": ((str,), True), "table": ((str,), True), "lang": ((str,), False)},
    "act": {"version": ((int,), True), "action": ((dict,), True)},
    "check": {"action": ((dict,), True)},
    "ping": {},
}


class ProtocolError(Exception):
    """A message the server refuses: ``key`` is a catalog key, ``params`` its parameters."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


class Refusal(ProtocolError):
    """A refusal with the HTTP status it is answered with (the WebSocket sends the same ``error``).

    >>> Refusal(409, "server.table_full").status
    409
    """

    def __init__(self, status: int, key: str, **params: Any) -> None:
        super().__init__(key, **params)
        self.status = status


def bounded_json(text: str | bytes, limit: int) -> Any:
    """``json.loads`` for text from outside: at most ``limit`` characters, any failure a
    :class:`ProtocolError`.

    >>> bounded_json("[" * 100_000, 10**6)
    Traceback (most recent call last):
    ...
    chemgames.server.protocol.ProtocolError: server.too_deep
    >>> bounded_json('{"bot_after": NaN}', 100)
    Traceback (most recent call last):
    ...
    chemgames.server.protocol.ProtocolError: server.bad_json
    >>> bounded_json('{"\\ud800": 1}', 100)
    Traceback (most recent call last):
    ...
    chemgames.server.protocol.ProtocolError: server.bad_json
    """
    if len(text) > limit:
        raise ProtocolError("server.too_big", size=Num(len(text)), limit=Num(limit))
    raw = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    if raw.count(b"[") + raw.count(b"{") > MAX_LISTS:  # counted in C: a flood of brackets costs no more
        if too_deep(raw, MAX_DEPTH, scan=4 * MAX_DEPTH):  # which of the two it is, from its first brackets
            raise ProtocolError("server.too_deep", limit=MAX_DEPTH)
        raise ProtocolError("server.too_many_lists", limit=Num(MAX_LISTS))
    if too_deep(raw, MAX_DEPTH):  # refused before the parser builds anything
        raise ProtocolError("server.too_deep", limit=MAX_DEPTH)
    try:
        # NaN, Infinity and a number past a float's range (1e400 reads as infinity) are not JSON: kept,
        # they broke every later answer that held them (Starlette writes strict JSON)
        data = json.loads(text, parse_constant=_not_a_json_number, parse_float=_finite)
        json.dumps(data, ensure_ascii=False).encode("utf-8")  # an unpaired surrogate (\\ud800) cannot be text
    except RecursionError:
        raise ProtocolError("server.too_deep", limit=MAX_DEPTH) from None
    except UnicodeEncodeError:
        raise ProtocolError("server.bad_json", detail=Said.of("server.d.surrogate")) from None
    except json.JSONDecodeError as exc:  # where it stops being JSON, not the decoder's English words
        raise ProtocolError("server.bad_json", detail=Said.of("server.d.json_at", line=Num(exc.lineno),
                                                               column=Num(exc.colno))) from None
    except UnicodeDecodeError:
        raise ProtocolError("server.bad_json", detail=Said.of("server.d.not_utf8")) from None
    except NotAJsonNumber:
        raise ProtocolError("server.bad_json", detail=Said.of("server.d.json_number")) from None
    except ValueError:
        raise ProtocolError("server.bad_json", detail=Said.of("server.d.json_other")) from None
    return data


class NotAJsonNumber(ValueError):
    """NaN, Infinity, or a number beyond a float's range."""


def _not_a_json_number(word: str) -> Any:
    raise NotAJsonNumber(word)


def _finite(text: str) -> float:
    """A JSON number with a fraction or exponent, refused if it is beyond a float's range.

    >>> _finite("2.5"), _finite("1e308")
    (2.5, 1e+308)
    >>> _finite("1e400")
    Traceback (most recent call last):
    ...
    chemgames.server.protocol.NotAJsonNumber: 1e400
    """
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise NotAJsonNumber(text)
    return value


def too_deep(text: str | bytes, limit: int, scan: int | None = None) -> bool:
    """Whether JSON ``text`` nests arrays and objects more than ``limit`` deep, judged by its first
    ``scan`` brackets (``2 * MAX_LISTS``: a message with more is refused for holding too many). Brackets
    inside strings count too (a message never needs that many). The brackets are picked out in C
    before Python reads them: a 16 KB message of brackets cost 1 to 5 ms of the server's CPU when
    Python read every character.

    >>> too_deep('{"a": [[1]]}', 3), too_deep("[" * 900, 32), too_deep('"[[[[[["', 2), too_deep("[[]][[]]", 2)
    (False, True, True, False)
    >>> too_deep("[" * 40 + "]" * 20, 32), too_deep("[]" * 5000, 32)
    (True, False)
    """
    raw = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    if raw.count(b"[") + raw.count(b"{") <= limit:
        return False
    depth = 0
    for byte in raw.translate(None, _NOT_BRACKETS)[:scan or _SCAN]:
        if byte == 0x5B or byte == 0x7B:  # [ or {
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


def parse(text: str | bytes) -> dict[str, Any]:
    """Check one client message and return it as a dict; raise :class:`ProtocolError`."""
    data = bounded_json(text, MAX_MESSAGE)
    if not isinstance(data, dict):
        raise ProtocolError("server.bad_message", detail=Said.of("server.d.json_object"))
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in SCHEMAS:
        raise ProtocolError("server.bad_message", detail=Said.of("server.d.msg_type", what=repr(str(kind)[:30]),
                                                                  known=", ".join(SCHEMAS)))
    schema = SCHEMAS[kind]
    extra = sorted(set(data) - set(schema) - {"type"})
    if extra:
        raise ProtocolError("server.bad_message", detail=Said.of("server.d.msg_fields", fields=", ".join(x[:30] for x in extra)))
    for name, (kinds, required) in schema.items():
        if name not in data:
            if required:
                raise ProtocolError("server.bad_message", detail=Said.of("server.d.msg_needs", type=kind, field=name))
            continue
        value = data[name]
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            raise ProtocolError("server.bad_message", detail=Said.of("server.d.msg_kind", field=name,
                                                                      kind=Said.of(f"server.d.kind_{kinds[0].__name__}")))
    if "lang" in data and data["lang"] not in LANGS:
        raise ProtocolError("server.bad_message", detail=Said.of("server.d.msg_lang", what=repr(data["lang"][:10])))
    if kind == "act" and data["version"] < 0:
        raise ProtocolError("server.bad_message", detail=Said.of("server.d.negative_version"))
    return data


def merged_log(kept: list[dict[str, Any]], msg: dict[str, Any]) -> list[dict[str, Any]]:
    """The whole log of a ``state`` message's view: the server sends a connection only the entries
    it has not had (``"log": "new"``), or the last ones in full (``"log": "all"``, on joining).

    >>> merged_log([{"n": 1}, {"n": 2}], {"log": "new", "view": {"log": [{"n": 3}]}})
    [{'n': 1}, {'n': 2}, {'n': 3}]
    """
    fresh: list[dict[str, Any]] = msg["view"]["log"]
    return list(fresh) if msg.get("log") == "all" else (kept + fresh)[-LOG_IN_VIEW:]


class Said:
    """A part of a refusal's text (its ``detail``, ``where``) in every language, so a German
    message never carries English words: from the catalog (``Said.of(key, ...)``) or given per
    language (an engine's own error, made again in each language).

    >>> texts("server.bad_request", detail=Said.of("server.d.lang"))["de"]
    'Die Anfrage ist ungültig: lang: „de“ oder „en“.'
    """

    def __init__(self, texts: dict[str, str]) -> None:
        self.texts = texts

    @classmethod
    def of(cls, key: str, **params: Any) -> "Said":
        """A catalog text in every language; a parameter that is itself :class:`Said` is said in each.

        >>> Said.of("server.d.msg_kind", field="version", kind=Said.of("server.d.kind_int")).render("de")
        'das Feld „version“ muss eine ganze Zahl sein'
        """
        return cls(texts(key, **params))

    def render(self, lang: str) -> str:
        return self.texts.get(lang) or self.texts.get("en") or next(iter(self.texts.values()), "")

    def __str__(self) -> str:
        return self.render("en")


def texts(key: str, **params: Any) -> dict[str, str]:
    """A catalog text in every language (a client shows the one it uses); a :class:`Said`
    parameter is said in each language too."""
    return {lang: tr(lang, key, **{k: v.render(lang) if isinstance(v, Said) else v for k, v in params.items()})
            for lang in LANGS}


def error(key: str, at: int | None = None, **params: Any) -> dict[str, Any]:
    """The ``error`` reply for ``key``, sent when the table is at version ``at``."""
    return {"type": "error", "code": key.split(".", 1)[1], "version": at, "message": texts(key, **params)}
