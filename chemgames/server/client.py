"""The table client: HTTP requests to a ``chemgames serve``, a student's seat (device id, name,
token) and :class:`RemoteGame`, the game at a table seen from one seat. It imports no widget: the
widgets (``chemgames.widgets.table``, ``chemgames.widgets.dashboard``) import it, and
``chemgames.tables`` (what a notebook uses) puts the two together.

A seat's token is kept in ``~/.chemgames/seats.json`` (``$CHEMGAMES_SEATS``), so joining again with
the same code (a reloaded notebook, a restarted laptop) gives back the same seat and hand. Secrets
travel in a header or a message body, never in a URL.

>>> tr("de", "server.unreachable", url="http://10.0.0.5:8765", detail="timed out")
'Der Tisch-Server unter http://10.0.0.5:8765 ist nicht erreichbar: timed out.'
>>> verdict = RemoteExplanation.from_dict({"ok": False, "title": "Not now.", "steps": [{"text": "why"}]})
>>> print(verdict)
✗ Not now.
  • why
"""
from __future__ import annotations

import html
import json
import os
import sys
import threading
import time
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from ..core.action import Action
from ..core.errors import Error, IllegalAction, NothingToUndo
from ..core.i18n import register_catalog, tr

register_catalog("chemgames.server")  # the server's texts: its refusals arrive in both languages, these are ours
DEFAULT_SERVER = "http://127.0.0.1:8765"
KEY_HEADER = "X-Chemgames-Key"
#: in the JupyterLite site (Pyodide: no sockets) ``chemgames.tables_web`` puts the browser's
#: transport here when it is imported: ``http`` (a request through XMLHttpRequest) and ``game``
#: (the remote game over the browser's WebSocket). This client imports neither it nor a widget.
BROWSER: dict[str, Any] = {"http": None, "game": None}


def _remote_class() -> type["RemoteGame"]:
    if sys.platform == "emscripten" and BROWSER["game"] is not None:  # pragma: no cover - the JupyterLite site
        return BROWSER["game"]  # type: ignore[no-any-return]
    return RemoteGame


class TableError(Error):
    """The table server refused a request or cannot be reached; ``code`` says which refusal."""

    def __init__(self, message: str, code: str = "", status: int = 0) -> None:
        super().__init__(message)
        self.code = code
        self.status = status


class TableTimeout(TableError, TimeoutError):
    """The table server did not answer in time, or the table did not move on: said from the catalog
    (a ``TimeoutError`` too, for the scripts that wait for it)."""


def server_url(server: str | None = None) -> str:
    """The server: ``server``, ``$CHEMGAMES_SERVER`` or ``http://127.0.0.1:8765``.

    >>> server_url("http://10.0.0.5:8765/")
    'http://10.0.0.5:8765'
    """
    return (server or os.environ.get("CHEMGAMES_SERVER") or DEFAULT_SERVER).rstrip("/")


def message_text(data: dict[str, Any], lang: str) -> str:
    texts = data.get("message")
    return texts.get(lang) or texts.get("en", "") if isinstance(texts, dict) else str(data)


def request(method: str, url: str, body: dict[str, Any] | None = None, key: str | None = None,
            lang: str = "de", timeout: float = 30.0) -> dict[str, Any]:
    """One JSON request to the server; a refusal raises :class:`TableError` with its text. In the
    JupyterLite site (Pyodide: no sockets) the browser makes it (``chemgames.tables_web``)."""
    if sys.platform == "emscripten" and BROWSER["http"] is not None:  # pragma: no cover - Pyodide (tests/lite)
        return BROWSER["http"](method, url, body, key, lang)  # type: ignore[no-any-return]
    import urllib.error  # here, not at the top: ``import chemgames`` stays quick (http.client, ssl, email)
    import urllib.request

    headers = {"Content-Type": "application/json"}
    if key:
        headers[KEY_HEADER] = key
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            out: dict[str, Any] = json.loads(resp.read())
            return out
    except urllib.error.HTTPError as exc:
        try:
            answer = json.loads(exc.read())
        except ValueError:
            from .protocol import texts

            answer = {"error": "http", "message": texts("server.http_status", status=exc.code)}  # a proxy's page
        raise TableError(message_text(answer, lang), answer.get("error", ""), exc.code) from None
    except (urllib.error.URLError, OSError) as exc:
        base = url.split("/api/")[0]
        raise TableError(tr(lang, "server.unreachable", url=base, detail=why_unreachable(exc, lang)), "unreachable") from None


def why_unreachable(exc: BaseException, lang: str) -> str:
    """Why a request reached no server, in ``lang`` and with what to check (the operating system's
    words, "[Errno 111] Connection refused", are English whatever the page says).

    >>> why_unreachable(ConnectionRefusedError(111, "Connection refused"), "de")[:44]
    'An dieser Adresse nimmt kein Programm Anfrag'
    """
    import socket
    import urllib.error

    reason = exc.reason if isinstance(exc, urllib.error.URLError) and isinstance(exc.reason, BaseException) else exc
    if isinstance(reason, ConnectionRefusedError):
        return tr(lang, "server.why_refused")
    if isinstance(reason, socket.gaierror):
        return tr(lang, "server.why_no_host")
    if isinstance(reason, (TimeoutError, socket.timeout)):
        return tr(lang, "server.why_timeout")
    return tr(lang, "server.why_other")  # the system's own words ("No route to host") are English


def key_file() -> Path:
    """Where ``chemgames serve`` keeps a key it made, for the teacher's notebook on the same
    machine: ``$CHEMGAMES_KEY_FILE`` or ``~/.chemgames/teacher-key`` (readable by its owner only)."""
    return Path(os.environ.get("CHEMGAMES_KEY_FILE") or Path.home() / ".chemgames" / "teacher-key")


_ASKED: dict[str, str] = {}  # keys typed in this kernel (never shown), by server


def resolve_teacher_key(teacher_key: str | None = None, server: str | None = None, lang: str = "de") -> str:
    """The teacher key, never typed into a cell: ``$CHEMGAMES_TEACHER_KEY``, the file where the
    server keeps the key it made (:func:`key_file`), or asked for without echo (``getpass``)."""
    key = teacher_key or os.environ.get("CHEMGAMES_TEACHER_KEY") or _ASKED.get(server or "")
    if not key:
        try:
            key = key_file().read_text("utf-8").strip()
        except OSError:
            key = ""
    # in the JupyterLite site the Pyodide kernel asks through the page (a password field, by way of
    # the site's service worker); elsewhere in Pyodide there is nobody to ask
    web = sys.platform == "emscripten"
    if not key and (("pyodide_kernel" in sys.modules) if web else sys.stdin is not None):
        import getpass

        try:
            key = getpass.getpass("Lehrkraft-Schlüssel / teacher key (wird nicht angezeigt / not shown): ").strip()
        except (EOFError, OSError):  # no terminal and no notebook to ask in
            key = ""
        except Exception:  # noqa: BLE001 - a JupyterLite page without its service worker: the kernel cannot ask
            if not web:
                raise
            key = ""
        if key:
            _ASKED[server or ""] = key
    if not key:
        raise TableError(tr(lang, "server.need_teacher_key"), "bad_key")
    return key


@dataclass
class TableInfo:
    """A table as the teacher set it up: its id, its join code and each seat's kind. The seats'
    tokens (for scripts that play the seats themselves) are kept apart and never shown: a cell's
    text output is saved in the notebook, and a cell may be on the projector.

    >>> t = TableInfo("a1", "K7P2X", "chemix", 2, [{"seat": 0, "kind": "human", "token": "s3cret"}])
    >>> "s3cret" in repr(t), t.tokens(), t.seats
    (False, ['s3cret'], [{'seat': 0, 'kind': 'human'}])
    """

    id: str
    code: str
    game: str
    players: int
    seats: list[dict[str, Any]]
    class_id: str = ""
    server: str = ""
    # the table's number in the class ("Tisch 3"), as the dashboard and the class report call it
    # (``None`` from an older server, which gave none)
    number: int | None = None
    lang: str = field(default="de", repr=False, compare=False)
    _tokens: list[str | None] = field(default_factory=list, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self._tokens:
            self._tokens = [s.get("token") for s in self.seats]
        self.seats = [{k: v for k, v in s.items() if k != "token"} for s in self.seats]

    def tokens(self) -> list[str | None]:
        """Each seat's token as the server made it (``None`` for a bot's seat); a student's join
        with the code gives that seat a new one."""
        return list(self._tokens)

    @property
    def label(self) -> str:
        """The table as the dashboard heads its card: "Tisch 3 · K7P2X" (its code alone from an
        older server)."""
        if self.number is None:
            return self.code
        return f"{tr(self.lang, 'server.table_number', n=self.number)} \u00b7 {self.code}"

    def __str__(self) -> str:
        kinds = " ".join("P" + str(s["seat"] + 1) + ("" if s["kind"] == "human" else f"={s['kind']}") for s in self.seats)
        return f"{self.label}  {self.game}  {kinds}"


class Tables(list[TableInfo]):
    """The tables made by :func:`create`; shown in a notebook as the dashboard heads its cards:
    each table's number in the class and its join code in large letters ("Tisch 3 · K7P2X"), so
    the teacher who writes the codes on cards from this cell writes the number the dashboard and
    the class report use.

    >>> t = Tables([TableInfo("a1", "K7P2X", "chemix", 2, [{"seat": 0, "kind": "human"}, {"seat": 1, "kind": "greedy"}],
    ...                       number=3)])
    >>> print(t)
    Tisch 3 · K7P2X  chemix  P1 P2=greedy
    >>> t
    Tables(Tisch 3 · K7P2X)
    >>> "3em" in t._repr_html_() and ">Tisch 3<" in t._repr_html_() and ">K7P2X<" in t._repr_html_()
    True
    """

    def __repr__(self) -> str:
        return f"Tables({', '.join(t.label for t in self)})"

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        """IPython's text form (saved in the notebook beside the HTML): numbers and codes, no token."""
        p.text(repr(self))

    def _repr_html_(self) -> str:
        def cell(t: TableInfo) -> str:
            number = "" if t.number is None else (
                f'<div style="font:bold 1.8em sans-serif">{html.escape(tr(t.lang, "server.table_number", n=t.number))}</div>')
            return (f'<div lang="{html.escape(t.lang)}" style="padding:.2em .6em;border:2px solid #444;border-radius:.2em">'
                    f'{number}<div style="font:bold 3em DejaVu Sans Mono, monospace;letter-spacing:.15em">'
                    f'{html.escape(t.code)}</div></div>')
        return f'<div style="display:flex;flex-wrap:wrap;gap:.5em">{"".join(map(cell, self))}</div>'

    def __str__(self) -> str:
        return "\n".join(str(t) for t in self)


def create(game: str, seats: int = 4, tables: int = 1, bots: Any = None, options: dict[str, Any] | None = None,
           lang: str = "de", seed: int | None = None, bot_after: float | None = None, fill: str = "greedy",
           server: str | None = None, teacher_key: str | None = None) -> Tables:
    """Set up ``tables`` tables of ``game`` with ``seats`` seats each; ``bots`` gives a bot kind or
    ``None`` (a student) per seat; ``bot_after`` (seconds) lets a bot (``fill``) play a student's
    seat that stays empty that long on its turn. Returns the tables with their join codes."""
    base = server_url(server)
    body = {"game": game, "seats": seats, "tables": tables, "bots": bots, "options": options or {}, "lang": lang,
            "seed": seed, "bot_after": bot_after, "fill": fill}
    answer = request("POST", base + "/api/tables", body, key=resolve_teacher_key(teacher_key, base, lang), lang=lang)
    return Tables(TableInfo(t["id"], t["code"], t["game"], t["players"], t["seats"], answer["class"], base,
                            number=t.get("number") if isinstance(t.get("number"), int) else None, lang=lang)
                  for t in answer["tables"])


def overview(server: str | None = None, teacher_key: str | None = None, lang: str = "de") -> list[dict[str, Any]]:
    """Every table of the teacher's class: seats (who is connected), whose turn, scores (a refusal
    is said in ``lang``)."""
    base = server_url(server)
    tables: list[dict[str, Any]] = request("GET", base + "/api/tables", key=resolve_teacher_key(teacher_key, base, lang),
                                           lang=lang)["tables"]
    return tables


def control(table_id: str, what: str, seat: int | None = None, body: dict[str, Any] | None = None,
            server: str | None = None, teacher_key: str | None = None, lang: str = "de") -> dict[str, Any]:
    """One of the teacher's seat controls: ``release`` or ``move`` a seat (``body``: ``{"table":
    id, "seat": n}``), ``lock`` a table (``{"locked": True}``), a new ``code``, or ``end`` a game
    (``{"ended": True}``; ``False`` lets it go on); the table's new line of the dashboard."""
    base = server_url(server)
    where = f"/seats/{int(seat)}/{what}" if seat is not None else f"/{what}"
    answer: dict[str, Any] = request("POST", f"{base}/api/tables/{table_id}{where}", body or {},
                                     key=resolve_teacher_key(teacher_key, base, lang), lang=lang)["table"]
    return answer


#: where the JupyterLite site's Pyodide kernel mounts the browser's storage (its notebooks; kept across a reload)
LITE_DRIVE = "/drive"
#: seconds a seat (and the device id) is kept in the site's browser storage: a school day. That storage is the
#: browser profile's, which the next class at a school computer shares, and a kept token is the seat
KEPT_IN_SITE = 8 * 3600.0


def seats_file() -> Path:
    """The seat file: ``$CHEMGAMES_SEATS``, else ``~/.chemgames/seats.json``; in the JupyterLite site
    ``/drive/.chemgames/seats.json``, the browser's storage (the home folder there is the tab's
    memory: a reload lost every seat, and the student joining again under her name was refused,
    ``name_taken``). Without that storage (the site over ``http://`` from a classroom server, a
    private window) the tab's memory is all there is."""
    chosen = os.environ.get("CHEMGAMES_SEATS")
    if chosen:
        return Path(chosen)
    if sys.platform == "emscripten" and os.path.isdir(LITE_DRIVE):
        return Path(LITE_DRIVE) / ".chemgames" / "seats.json"
    return Path.home() / ".chemgames" / "seats.json"


def name_part(name: str) -> str:
    """How a kept seat's entry names its student: the name as the server compares names (compatibility
    forms folded, case ignored, white space as one space).

    >>> name_part("  Ａda  L. "), name_part("ADA L.")
    ('ada l.', 'ada l.')
    """
    import unicodedata

    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def kept_seat(server: str, code: str, name: str | None) -> str | None:
    """The token this client keeps for ``code`` at ``server`` for the student ``name``: a seat is
    kept under the name it was taken with (``"K7P2X ada"``), and given back to that name only (the
    seat file is a browser profile's in the JupyterLite site, which a class may share: before, a
    classmate at the same browser was given Ada's seat; now the server is asked, which answers with
    this device's seat, and :func:`claim` refuses it to another name, ``seated_as``). Without a
    name, the one seat kept for the code, if there is one; an entry of an older version (the code
    alone) for any name.

    >>> import os, tempfile
    >>> before = os.environ.get("CHEMGAMES_SEATS")
    >>> os.environ["CHEMGAMES_SEATS"] = os.path.join(tempfile.mkdtemp(), "seats.json")
    >>> _keep_seat("http://a", "K7P2X", "t-ada", name="Ada")
    >>> kept_seat("http://a", "K7P2X", "ADA"), kept_seat("http://a", "K7P2X", "Ben"), kept_seat("http://a", "K7P2X", None)
    ('t-ada', None, 't-ada')
    >>> _ = os.environ.pop("CHEMGAMES_SEATS") if before is None else os.environ.update(CHEMGAMES_SEATS=before)
    """
    seats = _kept_seats().get(server, {})
    if name is not None and name.strip():
        return seats.get(f"{code} {name_part(name)}") or seats.get(code)
    mine = [token for key, token in seats.items() if key == code or key.startswith(code + " ")]
    return mine[0] if len(mine) == 1 else None


def _kept_seats() -> dict[str, dict[str, str]]:
    """The seat file's tokens by server and code (and ``"#devices"``: the device ids by server); what
    does not read as that (a file edited by hand or by a script) is left out, so the server is asked
    anew.

    >>> import os, tempfile
    >>> before = os.environ.get("CHEMGAMES_SEATS")
    >>> os.environ["CHEMGAMES_SEATS"] = os.path.join(tempfile.mkdtemp(), "seats.json")
    >>> _ = seats_file().write_text('{"http://a": {"K7P2X": "tok", "X": 7}, "http://b": "x"}')
    >>> _kept_seats()
    {'http://a': {'K7P2X': 'tok'}}
    >>> _ = os.environ.pop("CHEMGAMES_SEATS") if before is None else os.environ.update(CHEMGAMES_SEATS=before)
    """
    try:
        data = json.loads(seats_file().read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    kept = {where: {k: v for k, v in entries.items() if isinstance(k, str) and isinstance(v, str) and v}
            for where, entries in data.items() if isinstance(where, str) and isinstance(entries, dict)}
    if _in_site():  # the browser profile's storage: what was kept before today's lessons is forgotten
        kept = _of_today(kept)
    return {where: entries for where, entries in kept.items() if entries}


def _in_site() -> bool:
    """Whether the seat file is the JupyterLite site's, in the browser's storage (:func:`seats_file`)."""
    return sys.platform == "emscripten" and str(seats_file()).startswith(LITE_DRIVE.rstrip("/") + "/")


def _of_today(kept: dict[str, dict[str, str]], now: float | None = None) -> dict[str, dict[str, str]]:
    """The entries of the seat file kept less than :data:`KEPT_IN_SITE` ago (``"#when"``: when each
    was kept, by server and entry; ``"#devices <where>"`` for a device id); without a time, none.

    >>> kept = {"http://a": {"K7P2X ada": "t1", "QW4RT ben": "t2"}, "#devices": {"http://a ada": "d1"},
    ...         "#when": {"http://a K7P2X ada": "1000", "http://a QW4RT ben": "50", "#devices http://a ada": "1000"}}
    >>> _of_today(kept, now=1000 + KEPT_IN_SITE - 1)["http://a"], _of_today(kept, now=1000 + KEPT_IN_SITE)["#devices"]
    ({'K7P2X ada': 't1'}, {})
    """
    limit = (time.time() if now is None else now) - KEPT_IN_SITE
    when = kept.get("#when", {})

    def fresh(key: str) -> bool:
        try:
            return float(when.get(key, "")) > limit
        except ValueError:
            return False

    out = {where: {k: v for k, v in entries.items() if fresh(("#devices " if where == "#devices" else f"{where} ") + k)}
           for where, entries in kept.items() if where != "#when"}
    out["#when"] = {k: v for k, v in when.items() if fresh(k)}
    return out


def _keep_seat(server: str, code: str, token: str | None, device: str | None = None, name: str | None = None,
               void: str | None = None) -> None:
    """Keep (``token``) the seat of ``code`` at ``server`` under the student's ``name`` (:func:`kept_seat`),
    and the device id the server gave (one a server: one device, one seat of a class); or forget
    (``None``) the entry of the name, or every entry that keeps the token ``void`` (a released seat's)."""
    path = seats_file()
    data = _kept_seats()
    key = f"{code} {name_part(name)}" if name is not None and name.strip() else code
    stamp = str(round(time.time()))  # when (:func:`_of_today`)
    if token is not None:
        data.setdefault(server, {})[key] = token
        data.setdefault("#when", {})[f"{server} {key}"] = stamp
    elif code:
        seats = data.get(server, {})
        for old in [key, code, *(k for k, v in seats.items() if void is not None and v == void)]:
            seats.pop(old, None)  # (the code alone: an older version's entry)
    if device is not None:
        data.setdefault("#devices", {})[server] = device
        data.setdefault("#when", {})[f"#devices {server}"] = stamp
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data), "utf-8")
    os.chmod(tmp, 0o600)  # a token is the seat: only its owner may read it
    os.replace(tmp, path)


def device_id(server: str, lang: str = "de", fresh: bool = False) -> str:
    """This device's id at ``server`` (asked for once, kept beside the seats): the server gives each
    device one seat of a class and counts a device's wrong join codes against it alone. A device id
    asked for without a code (``POST /api/device``, for scripts): these are counted per address, so
    :func:`claim` asks for none and takes the one the join gives."""
    kept = _kept_seats().get("#devices", {})
    device = kept.get(server) if isinstance(kept, dict) and not fresh else None
    if not device:
        deadline, told = time.monotonic() + 90, False
        while True:  # many devices of a class asking at once are let in one by one: wait our turn
            try:
                device = str(request("POST", server + "/api/device", {}, lang=lang)["device"])
                break
            except TableError as exc:
                if exc.status != 429 or time.monotonic() > deadline:
                    raise
                if not told:  # a class joining at once behind one address waits its turn: say so, once
                    print(tr(lang, "server.device_queue"), flush=True)
                    told = True
                time.sleep(2.0)
        _keep_seat(server, "", None, device)
    return device


def student_name(name: str | None = None, lang: str = "de") -> str:
    """The name a student joins with: ``name``, ``$CHEMGAMES_NAME``, or asked for (``input``)."""
    name = name or os.environ.get("CHEMGAMES_NAME")
    if not name and sys.platform != "emscripten":
        try:
            name = input("Dein Name / your name: ").strip()
        except (EOFError, OSError):
            name = ""
    if not name:
        raise TableError(tr(lang, "server.need_name"), "bad_name")
    return name


def kept_devices() -> list[str]:
    """Every device id this client keeps, as the server files each (``model.secret_id``: its SHA-256, never the id
    itself): the notebook's learning record names its owner by them (``chemgames.record.local.owner_keys``)."""
    import hashlib

    kept = _kept_seats().get("#devices", {})
    return [hashlib.sha256(d.encode("utf-8", "surrogatepass")).hexdigest() for d in kept.values()] if isinstance(kept, dict) else []


def kept_device(server: str) -> str | None:
    """The device id this client keeps for ``server`` (``None`` before its first join there)."""
    kept = _kept_seats().get("#devices", {})
    device = kept.get(server) if isinstance(kept, dict) else None
    return device or None


def claim(code: str, server: str | None = None, class_id: str | None = None, lang: str = "de",
          name: str | None = None) -> dict[str, Any]:
    """Trade a join code for a seat (its token), or give back the seat this device holds already
    (then ``"again"`` is true). With ``class_id`` a code of another class is refused. The first
    join at a server sends no device id: the server gives one with the seat (tied to the code's
    class), and it is kept beside the seats for the next join."""
    base = server_url(server)
    code = code.replace(" ", "").upper()  # the server's normalisation (it refuses any other change)
    given = name or os.environ.get("CHEMGAMES_NAME")  # (not asked for yet: a kept seat may need no name)
    token = kept_seat(base, code, given)
    if token:
        return {"token": token, "again": True}
    name = student_name(given, lang)
    body = {"code": code, "class": class_id, "name": name, "device": kept_device(base)}
    try:
        answer = request("POST", base + "/api/join", body, lang=lang)
    except TableError as exc:
        if exc.code != "need_device":
            raise
        body["device"] = None  # an id of a server that forgot it (a new store): the join gives a new one
        answer = request("POST", base + "/api/join", body, lang=lang)
    seated = answer.get("name")
    if isinstance(seated, str) and name_part(seated) != name_part(name):
        # this device's seat at the table, taken under another name (a classmate at the same browser,
        # or a name typed otherwise): one device, one seat, and it is not given to another name
        _keep_seat(base, code, answer["token"], answer.get("device"), seated)  # (that name's seat, kept as such)
        raise TableError(tr(lang, "server.seated_as", name=seated), "seated_as", 409)
    _keep_seat(base, code, answer["token"], answer.get("device"), name)
    return answer


# the connection this kernel holds for each seat (and each watched table): a cell run again (or
# ``join`` called twice) replaces it instead of opening a second one, which the server would count
# as the student being there after the first cell's widget is gone
#: errors after which a connection does not join again by itself (a released seat's token is void;
#: a seat open in newer windows would be pushed out by the old one in turn)
VOIDING = ("bad_token", "seat_elsewhere")


def void_text(msg: dict[str, Any], lang: str) -> tuple[str, str]:
    """What a student is told after a :data:`VOIDING` error, and its code (a void token: the seat
    was released).

    >>> void_text({"code": "bad_token"}, "de")[0][:40], void_text({"code": "bad_token"}, "de")[1]
    ('Die Lehrkraft hat diesen Platz freigegeb', 'seat_released')
    """
    if msg.get("code") == "bad_token":
        return tr(lang, "server.seat_released"), "seat_released"
    return message_text(msg, lang), str(msg.get("code"))


_LIVE: "weakref.WeakValueDictionary[tuple[str, str], RemoteGame]" = weakref.WeakValueDictionary()


def _replace_live(key: tuple[str, str]) -> None:
    """Close the connection this kernel already holds for ``key`` (if any)."""
    old = _LIVE.pop(key, None)
    if old is not None:
        old.close()


def join(code: str, server: str | None = None, class_id: str | None = None, lang: str = "de",
         name: str | None = None) -> "RemoteGame":
    """Sit down at the table of ``code`` with your ``name`` and return the game there (a
    :class:`RemoteGame`). Joining the same seat again from this kernel (a cell run twice) closes
    the earlier connection first."""
    base = server_url(server)
    plain = code.replace(" ", "").upper()
    seat = claim(code, base, class_id, lang, name)
    token = seat["token"]
    _replace_live((base, token))
    try:
        game: RemoteGame = _remote_class()(base, token, lang=lang)
    except TableError as exc:
        if exc.code != "bad_token":
            raise
        # the teacher released this seat: the kept token is void, and this device may join anew
        _keep_seat(base, plain, None, name=name or os.environ.get("CHEMGAMES_NAME"), void=token)
        seat = claim(code, base, class_id, lang, name)
        token = seat["token"]
        game = _remote_class()(base, token, lang=lang)
    game.code = plain
    # the seat this device held (a page reloaded before the notebook was saved, a cell run again):
    # the widget says that the student is back at it, not a first "you play at table ..."
    game.again = bool(seat.get("again"))
    _LIVE[(base, token)] = game
    return game


def watch(table_id: str, server: str | None = None, teacher_key: str | None = None, lang: str = "de") -> "RemoteGame":
    """The teacher's spectator view of one table (``view(None)``, live); watching the same table
    again from this kernel closes the earlier connection first."""
    base = server_url(server)
    key = (base, f"watch:{table_id}")
    _replace_live(key)
    game: RemoteGame
    game = _remote_class()(base, None, lang=lang, watch=(table_id, resolve_teacher_key(teacher_key, base, lang)))
    _LIVE[key] = game
    return game


@dataclass(frozen=True)
class RemoteExplanation:
    """An explanation as the server sent it (already in the player's language)."""

    ok: bool
    title: str
    lines: list[str] = field(default_factory=list)
    points: int | None = None
    rule: str = ""
    data: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)  # as sent (for the widget)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "RemoteExplanation":
        return cls(bool(data.get("ok")), str(data.get("title", "")), [s.get("text", "") for s in data.get("steps", [])],
                   data.get("points"), data.get("rule", ""), dict(data))

    def in_lang(self, lang: str) -> "RemoteExplanation":
        """Itself: the server wrote it in the seat's language (a new language comes with the next state)."""
        return self

    def to_dict(self) -> dict[str, Any]:
        """The explanation as the server sent it, the form a widget's panel shows.

        >>> RemoteExplanation.from_dict({"ok": True, "title": "Lays H₂O.", "steps": []}).to_dict()["title"]
        'Lays H₂O.'
        """
        return {"ok": self.ok, "title": self.title, "steps": [{"text": t} for t in self.lines], "points": self.points,
                "rule": self.rule, **self.data}

    def summary(self) -> str:
        return " ".join([self.title, *self.lines])

    def __str__(self) -> str:
        return "\n".join([f"{'✓' if self.ok else '✗'} {self.title}", *[f"  • {line}" for line in self.lines]])


class RemoteGame:
    """A game played at a table on the server, seen from one seat (or as a spectator).

    It offers what a local game offers a player: ``view()``, ``legal_actions()``, ``check()``,
    ``apply()``, ``current_player``, ``is_over``, ``scores()``; and :meth:`wait` blocks until the
    table moves on. A background thread receives the updates; listeners (``add_listener``) are
    called after each one, as a widget follows a local game, on a thread of their own: a listener
    that waits (a widget busy sending a move waits for its own lock) or fails never keeps the
    receiving thread from reading the answers the caller waits for.
    """

    def __init__(self, server: str, token: str | None, lang: str = "de", watch: tuple[str, str] | None = None,
                 timeout: float = 30.0, retries: int = 60) -> None:
        self.server, self._lang, self.timeout, self.retries = server, lang, timeout, retries
        if watch is None:
            self._hello = {"type": "join", "token": token, "lang": lang}
        else:
            self._hello = {"type": "watch", "table": watch[0], "teacher_key": watch[1], "lang": lang}
        self._cond = threading.Condition()
        self._state: dict[str, Any] | None = None
        self._replies: list[dict[str, Any]] = []
        self._listeners: list[Callable[[], None]] = []
        # states not yet told to the listeners (their thread is started with the first listener)
        self._untold = 0
        self._telling: threading.Thread | None = None
        self._closed = self._closing = False
        self._void: str | None = None  # why this connection will not come back (the teacher released the seat)
        self._void_code = "seat_released"
        self.received: list[dict[str, Any]] = []  # every message, in order (for tests and the curious)
        self._ws = self._connect()
        self._thread = threading.Thread(target=self._receive, daemon=True)
        self._thread.start()
        first = self._reply(lambda m: m["type"] in ("state", "error"))
        if first["type"] == "error":
            self.close()
            raise TableError(message_text(first, lang), first.get("code", ""))
        self._seen = first["version"]  # what the caller has been shown: wait() waits for more
        self.code: str | None = None  # the join code (for the widget's title)
        self.again = False  # the seat was taken up again (this device held it): join() sets it
        self._widget: Any = None

    # ------------------------------------------------------------------ wire
    def _connect(self) -> Any:
        from websockets.sync.client import connect

        ws = connect(self.server.replace("http", "ws", 1) + "/ws", max_size=2**24, open_timeout=self.timeout,
                     legacy=True)
        ws.send(json.dumps(self._hello))  # the token in the first message, never in the URL
        return ws

    def _send(self, msg: dict[str, Any]) -> None:
        if self._void is not None:
            raise TableError(self._void, self._void_code)
        try:
            self._ws.send(json.dumps(msg))
        except Exception as exc:  # noqa: BLE001 - the connection is down (it is being joined again)
            raise TableError(tr(self.lang, "server.unreachable", url=self.server, detail=tr(self.lang, "server.why_dropped")),
                             "unreachable") from None

    def _take(self, msg: dict[str, Any]) -> None:
        """Keep a ``state`` message (the whole view: the server sends only the new log entries)."""
        from .protocol import merged_log

        if msg.get("type") == "state":
            msg["view"]["log"] = merged_log(self._state["view"]["log"] if self._state else [], msg)
            self._state = msg

    def _receive(self) -> None:
        while True:
            try:
                for raw in self._ws:
                    msg = json.loads(raw)
                    with self._cond:
                        self._take(msg)
                        self.received.append(msg)
                        self._replies.append(msg)
                        if msg.get("type") == "error" and msg.get("code") in VOIDING:
                            # the answer to joining again: the teacher released the seat (a student who
                            # was moved keeps the token and lands at the new seat); or the seat is open
                            # in newer windows: trying again cannot help (or would push another out)
                            self._void, self._void_code = void_text(msg, self.lang)
                            self._closing = True
                        self._cond.notify_all()
                    if self._closing:
                        self._ws.close()
                        break
                    if msg.get("type") == "state" and self._listeners:
                        with self._cond:
                            self._untold += 1
                            self._cond.notify_all()
            except Exception:  # noqa: BLE001 - the connection ended, or sent what cannot be read: try again below
                pass
            self._drop(self._ws)  # a message it could not read leaves it open: the server would go on sending
            if self._closing or not self._reconnect():
                break
        with self._cond:
            self._closed = True
            self._cond.notify_all()

    def _tell(self) -> None:
        """The listeners' thread: after each state the receiving thread kept (several that came
        while the listeners ran: once, since a listener reads the latest state), the listeners are
        called here. Before, the receiving thread called them: a widget busy sending a move holds
        its lock while it waits for the answer, its listener waited for that lock, and the answer
        was never read (the client's 30 s, then "the server did not answer"); and a listener's
        fault was taken for a dropped connection, so the client joined again at every state."""
        while True:
            with self._cond:
                while not self._untold and not self._closed:
                    self._cond.wait()
                if not self._untold:
                    return
                self._untold = 0
            for listener in list(self._listeners):
                try:
                    listener()
                except Exception:  # noqa: BLE001 - a listener's fault (a widget's) is its own: the game goes on
                    import logging

                    logging.getLogger("chemgames.tables").error("a listener of %r failed", self, exc_info=True)

    def _reconnect(self) -> bool:
        """The connection dropped (a restarted server, a laptop back on the network): join again
        with the same token, so the same seat; ``False`` after ``retries`` tries. The connection
        left behind is closed first (:meth:`_receive`), and one made while the game was being
        closed is closed too: nothing is left open for the server to go on sending states to."""
        for attempt in range(self.retries):
            time.sleep(min(0.1 * 2**attempt, 2.0))
            if self._closing:
                return False
            try:
                self._ws = ws = self._connect()
            except Exception:  # noqa: BLE001 - not back yet
                continue
            if self._closing:  # close() ran meanwhile (it sets ``_closing`` before it reads ``_ws``)
                self._drop(ws)
                return False
            return True
        return False

    @staticmethod
    def _drop(ws: Any) -> None:
        """Close a connection this client no longer reads (at once if it is closed already)."""
        try:
            ws.close()
        except Exception:  # noqa: BLE001 - it is gone whatever went wrong on the way
            pass

    def _reply(self, wanted: Callable[[dict[str, Any]], bool], timeout: float | None = None) -> dict[str, Any]:
        """The first message from now on that ``wanted`` accepts (earlier ones are dropped)."""
        deadline = time.monotonic() + (timeout or self.timeout)
        with self._cond:
            while True:
                while self._replies:
                    msg = self._replies.pop(0)
                    if wanted(msg):
                        return msg
                if self._closed:
                    if self._void is not None:
                        raise TableError(self._void, self._void_code)
                    raise TableError(tr(self.lang, "server.unreachable", url=self.server,
                                        detail=tr(self.lang, "server.why_closed")), "closed")
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TableTimeout(tr(self.lang, "server.no_answer"), "timeout")
                self._cond.wait(left)

    def close(self) -> None:
        self._closing = True
        self._ws.close()

    @property
    def lang(self) -> str:
        return self._lang

    @lang.setter
    def lang(self, value: str) -> None:
        """Texts in another language: the seat is joined again and sent its view in ``value``."""
        self._lang = self._hello["lang"] = value
        self._rejoin()

    def _rejoin(self) -> None:
        self._ask(self._hello, ("state",))

    # ------------------------------------------------------------------ the game
    @property
    def state(self) -> dict[str, Any]:
        assert self._state is not None
        return self._state

    @property
    def version(self) -> int:
        """How many actions the table has applied (as last heard)."""
        return int(self.state["version"])

    @property
    def seat(self) -> int | None:
        return self.state["seat"]

    @property
    def id(self) -> str:
        return str(self.state["game"])

    @property
    def table_id(self) -> str:
        return str(self.state["table"])

    @property
    def number(self) -> int | None:
        """The table's number in its class ("Tisch 3": what the teacher, the dashboard and the report
        call it; ``None`` for a table an older server stored without one)."""
        number = self.state.get("number")
        return number if isinstance(number, int) else None

    @property
    def was(self) -> int | None:
        """The number the table had in an earlier lesson, when coming back to it filed it in this
        lesson under a new one (that number was given again): ``None`` otherwise."""
        was = self.state.get("was")
        return was if isinstance(was, int) else None

    @property
    def players(self) -> int:
        return int(self.state["view"]["players"])

    @property
    def current_player(self) -> int | None:
        return self.state["view"]["current_player"]

    @property
    def is_over(self) -> bool:
        return bool(self.state["view"]["is_over"])

    def scores(self) -> list[int]:
        return list(self.state["view"]["scores"])

    def winners(self) -> list[int]:
        return list(self.state["view"]["winners"])

    def view(self, player: int | None = None) -> dict[str, Any]:
        """This seat's view (the only one the server sends); ``player`` may only name this seat."""
        if player is not None and player != self.seat:
            raise TableError(tr(self.lang, "server.not_your_seat", seat=(self.seat or 0) + 1, other=player + 1), "not_your_seat")
        return dict(self.state["view"])

    def legal_actions(self) -> list[Action]:
        """This seat's legal actions (empty when another seat is to move)."""
        return [Action.from_json(a) for a in self.state["legal"]]

    def action_from_json(self, obj: Any) -> Action:
        return Action.from_json(obj)

    def _ask(self, msg: dict[str, Any], answers: tuple[str, ...]) -> dict[str, Any]:
        with self._cond:
            self._replies.clear()
        self._send(msg)
        reply = self._reply(lambda m: m["type"] in (*answers, "error"))
        if reply["type"] == "error":
            raise TableError(message_text(reply, self.lang), reply.get("code", ""))
        return reply

    def check(self, action: Action) -> RemoteExplanation:
        """Ask the server whether ``action`` is legal now (changes nothing)."""
        return RemoteExplanation.from_dict(self._ask({"type": "check", "action": action.to_json()}, ("checked",))["explanation"])

    def apply(self, action: Action) -> None:
        """Make ``action`` at the table; raise :class:`~chemgames.IllegalAction` if it is refused.
        Returns when the server has stored it and sent the new state."""
        version = self.version
        reply = self._ask({"type": "act", "version": version, "action": action.to_json()}, ("state", "refused"))
        while reply["type"] == "state" and reply["version"] <= version:
            reply = self._reply(lambda m: m["type"] in ("state", "refused", "error"))
        if reply["type"] == "refused":
            raise IllegalAction(RemoteExplanation.from_dict(reply["explanation"]))
        if reply["type"] == "error":
            raise TableError(message_text(reply, self.lang), reply.get("code", ""))
        self._seen = reply["version"]

    def wait(self, timeout: float | None = None, until: Callable[["RemoteGame"], bool] | None = None) -> "RemoteGame":
        """Block until the table has moved on since this game last returned from :meth:`wait`,
        :meth:`apply` or joining (or until ``until(self)`` holds); return ``self``."""
        start = self._seen
        test = until or (lambda g: g.version > start)
        deadline = time.monotonic() + (timeout or self.timeout)
        with self._cond:
            while not test(self):
                left = deadline - time.monotonic()
                if self._closed or left <= 0:
                    raise TableTimeout(tr(self.lang, "server.no_move"), "timeout")
                self._cond.wait(left)
            self._seen = self.version
        return self

    def wait_turn(self, timeout: float | None = None) -> "RemoteGame":
        """Block until this seat is to move or the game is over."""
        return self.wait(timeout, until=lambda g: g.is_over or (g.current_player == g.seat and bool(g.state["legal"])))

    def can_undo(self) -> bool:
        return False  # a move at a table is final: the others have seen it

    def undo(self) -> Action:
        raise NothingToUndo(tr(self._lang, "core.nothing_to_undo"))

    def add_listener(self, listener: Callable[[], None]) -> None:
        """Call ``listener()`` after each state the table sends (on the listeners' own thread)."""
        self._listeners.append(listener)
        with self._cond:
            if self._telling is None:
                self._telling = threading.Thread(target=self._tell, daemon=True, name="chemgames-table-listeners")
                self._telling.start()

    waits = True  # apply() returns after the server's answer (the browser's transport does not wait)

    def remove_listener(self, listener: Callable[[], None]) -> None:
        self._listeners = [f for f in self._listeners if f != listener]

    #: makes the widget of a remote game (``chemgames.widgets.table`` sets it: this client knows no widget)
    make_widget: Callable[..., Any] | None = None

    def widget(self, **kwargs: Any) -> Any:
        """The game's usual widget for this seat (the spectator view for :func:`watch`), made once:
        ``chemgames.join(...)`` as a cell's last line shows it (see ``chemgames.widgets.table``)."""
        if self._widget is None:
            if RemoteGame.make_widget is None:
                raise TableError("no widget maker: import chemgames.tables (or chemgames.widgets.table)", "no_widget")
            self._widget = RemoteGame.make_widget(self, code=self.code, **kwargs)
        return self._widget

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        return self.widget()._repr_mimebundle_(include=include, exclude=exclude)

    def __repr__(self) -> str:
        who = "spectator" if self.seat is None else f"seat {self.seat + 1}"
        return f"<RemoteGame {self.id} at {self.server} ({who}), version {self.version}>"
