"""The game widget at a class table, against a real ``chemgames serve`` process on loopback.

Two students join one Chromino table, each with the usual widget; moves made in one widget reach
the other through the server; the widgets' traits never hold the other seat's hand (checked against
the engine's own view of the other seat, from the teacher's save); a refused move shows the server's
explanation; hints, undo, saving and "new game" are refused with texts that say why; the teacher's
spectator widget holds no hand.
"""
from __future__ import annotations

import json
import time
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

import chemgames  # noqa: E402
import chemgames.tables as tables  # noqa: E402
from chemgames.server.students import ServerProcess  # noqa: E402
from chemgames.widgets.table import TableGame  # noqa: E402
from test_tables_server import KEY, server  # noqa: E402,F401 - the same real server process (a fixture)

pytestmark = pytest.mark.xdist_group("tables")
TRAITS = ("view", "cards", "hands", "legal", "hints", "panel")


def engine(server: ServerProcess, table_id: str) -> Any:
    """The table's game as the server holds it (every hand): from the teacher's save."""
    save = tables.request("GET", f"{server.base}/api/tables/{table_id}/save", key=KEY)["save"]
    return chemgames.load_game(save)


def tile_ids(obj: Any) -> set[int]:
    """Every tile id (a dict with ``id`` and ``colours``) anywhere in ``obj``, and every placed ``tile``."""
    found: set[int] = set()
    if isinstance(obj, dict):
        if "id" in obj and "colours" in obj:
            found.add(obj["id"])
        if isinstance(obj.get("tile"), int):
            found.add(obj["tile"])
        for v in obj.values():
            found |= tile_ids(v)
    elif isinstance(obj, list):
        for v in obj:
            found |= tile_ids(v)
    return found


def traits(w: Any) -> dict[str, Any]:
    return {k: json.loads(json.dumps(getattr(w, k))) for k in TRAITS}


def until(test: Any, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not test():
        assert time.monotonic() < deadline, "the widget was not updated in time"
        time.sleep(0.05)


def students(server: ServerProcess, tmp_path: Any, monkeypatch: pytest.MonkeyPatch, game: str = "chromino") -> tuple[Any, ...]:
    table = tables.create(game, seats=2, tables=1, server=server.base, teacher_key=KEY, seed=5, lang="en")[0]
    games = []
    for n in range(2):  # two devices: each keeps its own seat file
        monkeypatch.setenv("CHEMGAMES_SEATS", str(tmp_path / f"seats{n}.json"))
        games.append(chemgames.join(table.code.lower(), name=f"Schüler {n + 1}", server=server.base, lang="en"))
    return table, games[0], games[1]


def test_two_students_play_in_their_widgets_and_never_hold_the_other_hand(server, tmp_path, monkeypatch):
    table, g0, g1 = students(server, tmp_path, monkeypatch)
    w0, w1 = g0.widget(), g1.widget()
    assert g0.widget() is w0
    assert (w0.seats, w0.seat, w1.seats, w1.seat) == (["human", "table"], 0, ["table", "human"], 1)
    # the table by its number, as the teacher and the dashboard say it; never by its join code
    assert isinstance(table.number, int)
    assert f"Table {table.number}, seat 1" in w0.view["title"] and table.code not in w0.view["title"], w0.view["title"]
    if not w0.view["log"]:  # until the first update the widget says what a table changes
        assert "no undo" in w0.panel["notice"]["title"] and w0.panel["notice"]["kind"] == "info"
        assert f"at Table {table.number} in seat 1" in w0.panel["notice"]["title"]
        assert table.code not in w0.panel["notice"]["title"]
    assert not w0.hot_seat and not w0.open_hands and w0.hands == []
    moved = 0
    for _ in range(6):
        g = engine(server, table.id)
        for w, me in ((w0, 0), (w1, 1)):
            own, other = g.view(me)["hand"], g.view(1 - me)["hand"]
            assert w.view["hand"] == json.loads(json.dumps(own))
            assert {t["id"] for t in own} <= tile_ids(traits(w))  # the check sees tiles where they are
            assert not tile_ids(traits(w)) & {t["id"] for t in other}, "another seat's tile reached the widget"
        if g.is_over:
            break
        mover, waiter = (w0, w1) if g.current_player == 0 else (w1, w0)
        assert mover.legal and not waiter.legal
        before = waiter.view["turn"], len(waiter.view["log"]), waiter.view["current_player"]
        mover.receive({"type": "act", "action": mover.legal[0]})
        assert mover.panel["notice"] is None, mover.panel["notice"]
        until(lambda: (waiter.view["turn"], len(waiter.view["log"]), waiter.view["current_player"]) != before)
        moved += 1
    assert moved >= 3


def test_a_tables_widget_is_shown_without_a_warm_up(server, tmp_path, monkeypatch):
    """A table's game is played on the server and has no copy to warm up on: showing its widget in a
    kernel gives the widget's view and starts no thread (the warm-up had raised, and the view never came)."""
    _, g0, _ = students(server, tmp_path, monkeypatch)
    w = g0.widget()
    assert not hasattr(g0, "copy")
    bundle = g0._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle[0]
    assert w._warm_thread is None


def test_refusals_at_a_table_say_why_and_change_nothing(server, tmp_path, monkeypatch):
    table, g0, g1 = students(server, tmp_path, monkeypatch)
    w0, w1 = g0.widget(), g1.widget()
    mover, waiter = (w0, w1) if g0.current_player == 0 else (w1, w0)
    version = mover.game.remote.version
    # a move the rules refuse: the server's explanation is shown, the table did not move
    bad = dict(mover.legal[0], params={**mover.legal[0]["params"], "x": 999, "y": 999})
    mover.receive({"type": "act", "action": bad})
    assert mover.panel["notice"]["kind"] == "refused" and mover.panel["notice"]["title"]
    assert mover.game.remote.version == version
    # the other device's turn: not this widget's to move
    waiter.receive({"type": "act", "action": dict(mover.legal[0], player=waiter.seat)})
    assert "another device" in waiter.panel["notice"]["title"]
    for kind, words in (("hint", "no hints"), ("undo", "final"), ("new_game", "teacher"), ("save", "teacher"),
                        ("advice", "advises nobody"), ("seat_kind", "on the server")):
        mover.receive({"type": kind, "seat": 1 - mover.seat, "kind": "greedy"} if kind == "seat_kind" else {"type": kind})
        assert words in mover.panel["notice"]["title"], (kind, mover.panel["notice"])
    handled = mover.messages_handled
    mover.receive({"type": "bot"})  # the front end's bot timer for another seat: nothing to do here
    assert mover.messages_handled == handled
    assert mover.game.remote.version == version
    with pytest.raises(tables.TableError):
        TableGame(g0).view(1)  # the widget's game never gives another seat's view


def test_a_tables_game_gives_its_view_in_the_language_asked_for(server, tmp_path, monkeypatch):
    """``view(seat, lang)`` keeps the contract (``PlayableGame``): the view is in ``lang``, which the
    server writes for the seat (the seat's language changes with it), and the widget then shows that
    language too. The student joined in English; German is asked for."""
    _, g0, _ = students(server, tmp_path, monkeypatch)
    w = g0.widget()
    assert w.view["lang"] == "en" and w.view["colours"][0]["name"] == "red"
    view = w.game.view(w.seat, "de")
    assert view["lang"] == "de" and view["colours"][0]["name"] == "Rot", view["colours"][0]
    assert w.game.view(w.seat)["lang"] == "de"  # the seat's language now: what the server sends next
    w.refresh()
    assert w.lang == "de" and w.view["colours"][0]["name"] == "Rot"


def strings(obj: Any) -> set[str]:
    """Every string anywhere in ``obj`` (keys and values): a ChemiX card is named by its id."""
    if isinstance(obj, dict) and "cards" in obj and "view" in obj:  # a widget's traits
        from chemgames.games.chemix.cards import card_set

        assert set(obj["cards"]) == set(card_set().all_ids())  # the faces of the whole box: where a card is, never
        return strings({k: v for k, v in obj.items() if k != "cards"})
    if isinstance(obj, dict):
        return {str(k) for k in obj} | {s for v in obj.values() for s in strings(v)}
    if isinstance(obj, list):
        return {s for v in obj for s in strings(v)}
    return {obj} if isinstance(obj, str) else set()


def test_chemix_at_a_table_prepares_a_compound_from_the_seats_own_view(server, tmp_path, monkeypatch):
    """At home a click on a compound card prepares it (where each card is now) and the student lays
    each card herself: at a table the same, worked out from her seat's view alone (her hand, the
    open table, the free cards), never from the other hand. The steps are those the whole game (the
    teacher's save) gives; laying them forms the compound on the server. Taking a turn back, and
    laying a whole compound with one click (a teacher's demonstration), stay refused."""
    from chemgames.games.chemix.hints import build_steps, formable_now

    table, g0, g1 = students(server, tmp_path, monkeypatch, game="chemix")
    w0, w1 = g0.widget(), g1.widget()
    g = engine(server, table.id)
    mover, me = (w0, 0) if g.current_player == 0 else (w1, 1)
    other = set(g.view(1 - me)["hand"])
    assert mover.build == "steps"
    # a compound this turn could lay from the mover's hand, the free cards and a stack (no dissolving)
    lays = [f for f in formable_now(g) if all(s["source"] in ("hand", "free", "stack") for s in build_steps(g, f))]
    assert lays, "the deal of seed 5 lets the mover lay a compound at once"
    formula = lays[0]
    version = mover.game.remote.version
    mover.receive({"type": "prepare", "formula": formula})
    assert mover.panel["notice"] is None, mover.panel["notice"]
    assert mover.game.remote.version == version  # preparing sends nothing
    goal = mover.view["goal"]
    assert goal["formulas"] == [formula] and goal["steps"] == build_steps(g, formula)
    assert set(g.view(me)["hand"]) <= strings(traits(mover))  # the check sees the cards where they are
    assert not strings(traits(mover)) & other, "the other hand reached the widget"
    for step in goal["steps"]:
        action = {"game": "chemix", "player": me, "kind": "play", "params": {"card": step["card"]}}
        if step["source"] == "stack":
            action.update(kind="take", params={"multiplier": step["face"]})
        if step["source"] != "free":
            mover.receive({"type": "act", "action": action})
            assert mover.panel["notice"] is None, (step, mover.panel["notice"])
        assert not strings(traits(mover)) & other
    assert {s["source"] for s in mover.view["goal"]["steps"]} == {"free"}  # every card lies ready
    layout = mover.view["goal"]["layout"]
    mover.receive({"type": "act", "action": {"game": "chemix", "player": me, "kind": "form", "params": {"layout": layout}}})
    assert mover.panel["notice"] is None, mover.panel["notice"]
    assert mover.view["goal"]["laid"] == [formula] and mover.view["goal"]["formulas"] == []
    g = engine(server, table.id)
    assert {"formula": formula, "owner": me} in [{k: c[k] for k in ("formula", "owner")} for c in g.view(None)["table"]]
    assert not strings(traits(mover)) & set(g.view(1 - me)["hand"])
    version = mover.game.remote.version
    mover.receive({"type": "prepare", "formula": formula})  # laid now: the server's refusal says so
    assert mover.panel["notice"]["kind"] == "refused" and formula in mover.panel["notice"]["title"], mover.panel["notice"]

    def no_wait(action: Any) -> Any:  # JupyterLite's transport: nothing waits for the server's answer
        raise tables.TableError("no waiting in the browser", "no_wait")

    monkeypatch.setattr(mover.game.remote, "check", no_wait)
    mover.receive({"type": "prepare", "formula": formula})
    assert mover.panel["notice"]["rule"] == "err.malformed", mover.panel["notice"]
    mover.build = "whole"  # a teacher's one-click build: several moves, final at a table; it prepares here too
    mover.receive({"type": "prepare", "formula": mover.view["display"][0]})
    assert mover.panel["notice"] is None and mover.view["goal"]["formulas"] == [mover.view["display"][0]]
    assert mover.view["build"] == "steps"  # and the front end says so ("prepare H2O", not "lay H2O")
    mover.receive({"type": "undo_turn"})
    assert mover.panel["notice"]["rule"] == "err.nothing_to_undo"
    assert mover.game.remote.version == version


def test_raeumab_at_a_table_plays_no_fair_start_for_anyone(server, tmp_path, monkeypatch):
    """Räum-Ab!'s "fair start for everyone" lets the machine play every seat's turns of the fair
    start: at a table each student plays her own (and the bots play on the server), so the message
    is refused with the table's text and nothing is sent to the server."""
    _, g0, g1 = students(server, tmp_path, monkeypatch, game="raeumab")
    w0, w1 = g0.widget(), g1.widget()
    mover = w0 if w0.game.current_player == 0 else w1
    assert mover.view["phase"] == "start"
    version = mover.game.remote.version
    mover.receive({"type": "fair_start"})
    assert mover.panel["notice"]["rule"] == "err.table_bot", mover.panel["notice"]
    assert mover.game.remote.version == version


def test_the_teachers_spectator_widget_holds_no_hand(server, tmp_path, monkeypatch):
    table, g0, g1 = students(server, tmp_path, monkeypatch)
    spectator = tables.watch(table.id, server=server.base, teacher_key=KEY, lang="en")
    w = spectator.widget()
    assert w.seat is None and w.seats == ["table", "table"] and w.legal == []
    assert f"Table {table.number}, spectator" in w.view["title"] and table.code not in w.view["title"]
    g = engine(server, table.id)
    hands = {t["id"] for p in range(2) for t in g.view(p)["hand"]}
    assert not tile_ids(traits(w)) & hands
    mover = g0.widget() if g0.current_player == 0 else g1.widget()
    before = len(w.view["log"])
    mover.receive({"type": "act", "action": mover.legal[0]})
    until(lambda: len(w.view["log"]) > before)
    w.receive({"type": "act", "action": mover.legal[0] if mover.legal else {}})
    assert w.panel["notice"]["kind"] in ("error", "refused")
    assert not tile_ids(traits(w)) & {t["id"] for p in range(2) for t in engine(server, table.id).view(p)["hand"]}


def test_the_dashboard_lists_every_table_with_codes_seats_and_turns_and_watches_one(server, tmp_path, monkeypatch):
    from chemgames.widgets.dashboard import seat_word

    table, g0, g1 = students(server, tmp_path, monkeypatch)
    monkeypatch.setenv("CHEMGAMES_SEATS", str(tmp_path / "seats-bot.json"))
    other = tables.create("chromino", seats=3, tables=1, bots=[None, None, "greedy"], server=server.base,
                          teacher_key=KEY, seed=3, lang="en")[0]
    d = tables.dashboard(server=server.base, teacher_key=KEY, lang="en", every=0.2)
    try:
        by_code = {tb["code"]: tb for tb in d.board.tables}
        assert {table.code, other.code} <= set(by_code)
        mine = by_code[table.code]
        assert [seat_word(s, "en") for s in mine["seats"]] == ["● Player 1 (Schüler 1): connected",
                                                              "● Player 2 (Schüler 2): connected"]
        assert mine["title"]["en"] == "Chromino" and mine["turns"] == 0  # the game's name, moves as turns
        assert mine["current_player"] == g0.current_player and not mine["is_over"]
        assert [seat_word(s, "en") for s in by_code[other.code]["seats"]] == [
            "○ Player 1: free (nobody joined yet)", "○ Player 2: free (nobody joined yet)", "⚙ Player 3: greedy bot"]
        # the polling thread follows the table: a move shows as a new version and another turn
        mover = g0.widget() if g0.current_player == 0 else g1.widget()
        mover.receive({"type": "act", "action": mover.legal[0]})
        until(lambda: next(tb for tb in d.board.tables if tb["code"] == table.code)["version"] == 1)
        assert next(tb for tb in d.board.tables if tb["code"] == table.code)["turns"] == 1
        g1.close()  # a student leaves: joined, no longer connected
        until(lambda: [seat_word(s, "en") for s in next(tb for tb in d.board.tables if tb["code"] == table.code)["seats"]]
              == ["● Player 1 (Schüler 1): connected", "◐ Player 2 (Schüler 2): joined, not connected now"])
        # the projector view: the game's widget over watch(), no hand; no hands before the game is over
        d._on_msg(None, {"type": "watch", "table": "not-a-table", "version": 0}, [])
        assert d.spectator.children == ()
        d._on_msg(None, {"type": "watch", "table": table.id, "version": 0}, [])
        (w,) = d.spectator.children
        assert d.children[0] is d.spectator  # the projector view opens above the list, not below the fold
        assert d.board.watching == table.id and w.seat is None and "hand" not in w.view
        # the projector's view is titled by the table's number, the dashboard card's and the report's
        number = next(tb["number"] for tb in d.board.tables if tb["id"] == table.id)
        assert number == table.number and f"Table {number}, spectator" in w.view["title"], w.view["title"]
        assert table.code not in w.view["title"]
        assert f"Spectator view of Table {number}:" in w.panel["notice"]["title"]
        assert table.code not in w.panel["notice"]["title"]
        d._on_msg(None, {"type": "open_hands", "version": 0}, [])
        assert d.board.notice["title"] == "The hands are opened only after the game." and w.hands == []
        d._on_msg(None, {"type": "lang", "lang": "de", "version": 0}, [])
        assert d.board.lang == "de" and f"Tisch {number}, Zuschauer" in w.view["title"], w.view["title"]
        assert f"Zuschauer-Ansicht von Tisch {number}:" in w.panel["notice"]["title"]
        d._on_msg(None, {"type": "unwatch", "version": 0}, [])
        assert d.spectator.children == () and d.board.watching is None
        # the teacher's controls: release a seat (its name goes, the seat is free), lock the table
        d._on_msg(None, {"type": "release", "table": table.id, "seat": 1, "version": 0}, [])
        seats = next(tb for tb in d.board.tables if tb["code"] == table.code)["seats"]
        # (held a minute for the student released: they come back under their name, session 22)
        assert seat_word(seats[1], "en") == "○ Player 2: free, held for a minute for Schüler 2"
        d._on_msg(None, {"type": "lock", "table": other.id, "locked": True, "version": 0}, [])
        assert next(tb for tb in d.board.tables if tb["id"] == other.id)["locked"] is True
        d._on_msg(None, {"type": "lock", "table": "not-a-table", "locked": True, "version": 0}, [])  # ignored
        # nothing changed at the tables: the poll says when it asked, and the list is not drawn again
        drawn, stamp = d.board.version, d.board.updated
        time.sleep(1.1)
        until(lambda: d.board.updated != stamp)
        assert d.board.version == drawn
    finally:
        d.close()


def test_a_poll_answered_before_a_teacher_control_never_draws_over_it(server, monkeypatch):
    """The polling thread has its answer, the teacher locks a table meanwhile (the dashboard asks again and
    draws the lock), then the poll's older answer arrives: it must not draw the table unlocked again. On a
    loaded machine a poll's answer arrives late by as much as the machine is slow; it made the dashboard test
    above fail once under load (s24g): its lock, release and "not drawn again" checks read the list while a
    poll begun before them was still under way. Here the poll's answer is held back on purpose (0.6 s, three
    poll cycles), so the race happens every time."""
    import threading

    from chemgames.widgets import dashboard as dash

    table = tables.create("chromino", seats=2, tables=1, server=server.base, teacher_key=KEY, seed=11, lang="en")[0]
    real, main = dash._tables.overview, threading.get_ident()
    slow, answered = threading.Event(), threading.Event()
    polls = [0, 0]  # polls begun, polls whose answer was handed to the dashboard

    def late(*args: Any, **kwargs: Any) -> Any:
        if threading.get_ident() == main:
            return real(*args, **kwargs)
        polls[0] += 1
        answer = real(*args, **kwargs)
        if slow.is_set():
            slow.clear()
            answered.set()
            time.sleep(0.6)  # the server has answered (the table unlocked); the answer reaches the dashboard late
        polls[1] += 1
        return answer

    monkeypatch.setattr(dash._tables, "overview", late)
    d = tables.dashboard(server=server.base, teacher_key=KEY, lang="en", every=0.2)
    try:
        row = lambda: next(tb for tb in d.board.tables if tb["id"] == table.id)  # noqa: E731
        assert row()["locked"] is False
        slow.set()
        assert answered.wait(30.0), "the dashboard did not poll"
        d._on_msg(None, {"type": "lock", "table": table.id, "locked": True, "version": 0}, [])
        assert row()["locked"] is True
        drawn, shown = d.board.version, []
        d.board.observe(lambda change: shown.append(next(tb["locked"] for tb in change["new"] if tb["id"] == table.id)),
                        names="tables")
        handed = polls[1]
        until(lambda: polls[0] > handed + 1, timeout=30.0)  # the late answer handed over and drawn, and a poll after it
        assert False not in shown, f"an older answer was drawn over the lock: {shown}"
        assert row()["locked"] is True and d.board.version == drawn  # the list was not drawn again
    finally:
        d.close()


def test_a_seat_nobody_joined_is_free_not_thinking(server, tmp_path, monkeypatch):
    table = tables.create("chromino", seats=2, tables=1, server=server.base, teacher_key=KEY, seed=9, lang="de")[0]
    monkeypatch.setenv("CHEMGAMES_SEATS", str(tmp_path / "alone.json"))
    alone = chemgames.join(table.code, name="Ada", server=server.base)
    try:
        w = alone.widget()
        other = 1 - alone.seat
        assert w.seats[other] == "table_empty" and w.ui["bot_table_empty"].startswith("frei")
        assert w.ui["bot_thinking"] == "{name} ist am Zug"  # never "… überlegt" for a student at another device
        monkeypatch.setenv("CHEMGAMES_SEATS", str(tmp_path / "second.json"))
        second = chemgames.join(table.code, name="Bob", server=server.base)
        until(lambda: w.seats[other] == "table")  # joined: the seat is someone's now
        second.close()
    finally:
        alone.close()


def test_after_the_game_the_teacher_may_open_every_hand_in_the_projector_view(server, tmp_path, monkeypatch):
    table, g0, g1 = students(server, tmp_path, monkeypatch)
    d = tables.dashboard(server=server.base, teacher_key=KEY, lang="en", every=60)
    try:
        d.watch(table.id)
        (w,) = d.spectator.children
        while not g0.is_over:
            g, other = (g0, g1) if g0.current_player == 0 else (g1, g0)
            g.apply(g.legal_actions()[0])
            other.wait(until=lambda x: x.version >= g.version)  # both have heard of the move: the next mover is sure
        until(lambda: w.view["is_over"])
        assert w.hands == []
        d.open_hands()
        g = engine(server, table.id)
        assert w.open_hands and w.hands == [json.loads(json.dumps(g.view(p)["hand"])) for p in range(2)]
    finally:
        d.close()


@pytest.mark.parametrize("game_id", [i.id for i in chemgames.games()])
def test_every_games_widget_plays_at_a_table_with_its_own_hand_only(server, tmp_path, monkeypatch, game_id):
    table, g0, g1 = students(server, tmp_path, monkeypatch, game=game_id)
    w0, w1 = g0.widget(), g1.widget()
    for w in (w0, w1):
        assert w.hands == [] and not w.open_hands and not w.hot_seat and w.seat == w.game.seat
        assert f"Table {table.number}, seat {w.seat + 1}" in w.view["title"] and table.code not in w.view["title"]
    g = engine(server, table.id)
    for w, me in ((w0, 0), (w1, 1)):
        want = json.loads(json.dumps(g.view(me)))
        assert w.view.get("hand") == want.get("hand")
        assert (w.view.get("hand") is None) == (want.get("hand") is None)
    mover, waiter = (w0, w1) if g.current_player == 0 else (w1, w0)
    before = waiter.game.remote.version
    mover.receive({"type": "act", "action": mover.legal[0]})
    assert mover.panel["notice"] is None, mover.panel["notice"]
    until(lambda: waiter.game.remote.version > before)
    g = engine(server, table.id)
    until(lambda: waiter.view.get("hand") == json.loads(json.dumps(g.view(waiter.seat))).get("hand"))


def test_a_busy_listener_never_holds_up_the_answer_to_a_move(server, tmp_path, monkeypatch):
    """The CI failure of session 22 (``[chemiekarten]`` above, 30.3 s): a state the mover had not
    read yet when the move was sent (the classmate's join, a teacher's click) reached the widget's
    listener while the widget, busy sending that move, held its lock; the listener ran on the
    thread that reads the connection, so the answer to the move was never read and the student was
    told after 30 s that the server did not answer. Listeners now run on a thread of their own."""
    import threading

    table, g0, g1 = students(server, tmp_path, monkeypatch)
    mover = g0 if g0.current_player == 0 else g1
    mover.timeout = 10.0  # the client's patience (30 s in a notebook): the answer comes long before
    busy, free = threading.Event(), threading.Event()

    def widget_busy() -> None:  # a widget's update, waiting for the widget (which is sending the move)
        busy.set()
        free.wait(60)

    mover.add_listener(widget_busy)
    try:
        # a state to every seat (the teacher lets the game go on: nothing changes but the message)
        tables.control(table.id, "end", body={"ended": False}, server=server.base, teacher_key=KEY)
        assert busy.wait(20), "the teacher's click sent no state"
        before = mover.version
        started = time.monotonic()
        mover.apply(mover.legal_actions()[0])  # answered although the listener still waits
        assert mover.version == before + 1 and time.monotonic() - started < mover.timeout
    finally:
        free.set()
    until(lambda: g0.version == g1.version == before + 1)


def test_a_state_arriving_while_the_widget_sends_a_move_keeps_nothing_waiting(server, tmp_path, monkeypatch):
    """The same through the widget: it holds its lock while it handles a click (the move is sent and
    its answer awaited under it), and a state arrives then; the move is answered, not after the
    client's whole patience with "the table server did not answer"."""
    table, g0, g1 = students(server, tmp_path, monkeypatch, game="chemiekarten")
    w0, w1 = g0.widget(), g1.widget()
    mover, waiter = (w0, w1) if g0.current_player == 0 else (w1, w0)
    mover.game.remote.timeout = 10.0
    with mover._table_lock:  # as in receive(): the widget is busy when the teacher's click sends a state
        seen = len(mover.game.remote.received)
        tables.control(table.id, "end", body={"ended": False}, server=server.base, teacher_key=KEY)
        until(lambda: len(mover.game.remote.received) > seen)
        before = waiter.game.remote.version
        mover.receive({"type": "act", "action": mover.legal[0]})
        assert mover.panel["notice"] is None, mover.panel["notice"]
    until(lambda: waiter.game.remote.version > before)


def test_a_listener_that_fails_does_not_make_the_client_join_again(server, tmp_path, monkeypatch):
    """A fault in a listener (a widget's update) is not a dropped connection: the client went on
    reading on the same connection. Before, it joined again, and again at each state the failing
    listener was called for, leaving each earlier connection open and sent every move."""
    table, g0, g1 = students(server, tmp_path, monkeypatch)
    calls: list[int] = []

    def failing() -> None:
        calls.append(g0.version)
        raise RuntimeError("a widget's fault")

    g0.add_listener(failing)
    states = sum(m["type"] == "state" for m in g0.received)
    tables.control(table.id, "end", body={"ended": False}, server=server.base, teacher_key=KEY)
    until(lambda: calls)
    time.sleep(1.5)  # a client joining again would have been sent its state by now
    assert sum(m["type"] == "state" for m in g0.received) == states + 1 and len(calls) == 1, g0.received[states:]
    mover = g0 if g0.current_player == 0 else g1
    mover.apply(mover.legal_actions()[0])  # the client still plays
    until(lambda: len(calls) == 2)


def test_in_the_browser_a_listener_is_called_by_the_message_itself(monkeypatch):
    """The JupyterLite site's transport has no threads (Pyodide): its listeners are called by the
    browser's message callback, at once, as before the listeners' thread of the client."""
    from chemgames.server import client

    monkeypatch.setattr(client, "BROWSER", dict(client.BROWSER))  # importing the module fills it in
    from chemgames.tables_web import WebRemoteGame

    game = object.__new__(WebRemoteGame)
    game.__dict__.update(_lang="de", _state=None, _listeners=[], _notice_listeners=[], _closed=False, _closing=False,
                         received=[], _tries=0, _box=None, _widget=None, retries=60)
    seen: list[int] = []
    game.add_listener(lambda: seen.append(game.version))
    g = chemgames.new_game("chromino", players=2, seed=1, lang="de")
    game._on_message(json.dumps({"type": "state", "version": 0, "seat": 0, "log": "all", "view": g.view(0), "legal": []}))
    assert seen == [0]


def test_updates_from_the_receiving_thread_are_applied_on_the_kernels_loop(monkeypatch):
    """Inside a kernel a listener only schedules the widget's update on the kernel's IO loop (where
    the widget's messages are handled); it never writes traits from the client's thread."""
    import threading

    import IPython

    from chemgames.widgets.table import on_kernel_loop

    scheduled: list[Any] = []
    kernel = type("K", (), {"io_loop": type("L", (), {"add_callback": staticmethod(scheduled.append)})()})()
    monkeypatch.setattr(IPython, "get_ipython", lambda: type("Shell", (), {"kernel": kernel})())
    ran: list[str] = []
    listener = on_kernel_loop(lambda: ran.append(threading.current_thread().name), threading.RLock())
    worker = threading.Thread(target=listener, name="receiver")
    worker.start()
    worker.join()
    assert ran == [] and len(scheduled) == 1  # nothing ran on the receiving thread
    scheduled[0]()  # the loop runs it (here: on this thread)
    assert ran == [threading.current_thread().name]
    monkeypatch.setattr(IPython, "get_ipython", lambda: None)  # no kernel: called at once, under the lock
    direct = on_kernel_loop(lambda: ran.append("direct"), threading.RLock())
    direct()
    assert ran[-1] == "direct"


def test_the_tables_a_teacher_creates_show_their_numbers_beside_the_codes(server, tmp_path, monkeypatch, capsys):
    """The cell that sets the tables up shows each one as the dashboard heads its card ("Tisch 3 ·
    K7P2X"): the numbers are the server's list's (``overview``), not counted by the client."""
    made = tables.create("chromino", seats=2, tables=3, server=server.base, teacher_key=KEY, seed=11, lang="de")
    listed = {tb["id"]: tb["number"] for tb in tables.overview(server.base, KEY)}
    assert [t.number for t in made] == [listed[t.id] for t in made]
    first = made[0].number
    assert isinstance(first, int) and [t.number for t in made] == [first, first + 1, first + 2]
    page = made._repr_html_()
    for t in made:
        assert f">Tisch {t.number}<" in page and f">{t.code}<" in page
        assert page.index(f">Tisch {t.number}<") < page.index(f">{t.code}<")  # the number heads the code
    assert repr(made) == "Tables(" + ", ".join(f"Tisch {t.number} · {t.code}" for t in made) + ")"
    en = tables.create("chromino", seats=2, tables=1, server=server.base, teacher_key=KEY, seed=12, lang="en")
    assert str(en[0]).startswith(f"Table {en[0].number} · {en[0].code}  chromino")
    # a student back at the seat is told the table's number, the teacher's word for it
    monkeypatch.setenv("CHEMGAMES_SEATS", str(tmp_path / "back.json"))
    chemgames.tables.join(made[1].code, name="Ada", server=server.base).close()
    capsys.readouterr()
    chemgames.tables.join(made[1].code, name="Ada", server=server.base).close()
    said = capsys.readouterr().out
    assert said.startswith(f"Du sitzt wieder an Platz 1 an Tisch {made[1].number}:") and made[1].code not in said, said


def test_joining_again_leaves_no_socket_open():
    """A message the client cannot read (a proxy's page, a newer server's message) ends its reading
    of that connection and the client joins again with its token: the connection it left is closed,
    so the server does not keep sending it every state (and counting it among the seat's four
    connections); and a client closed while it joins again keeps nothing open either. Before,
    ``_reconnect`` replaced the socket and left the old one open. Against a small WebSocket server of
    the test's own, which counts the connections still open at its side."""
    import threading

    from websockets.exceptions import ConnectionClosed
    from websockets.sync.server import serve

    from chemgames.server.client import RemoteGame

    g = chemgames.new_game("chromino", players=2, seed=1, lang="en")
    state = json.dumps({"type": "state", "version": 0, "seat": 0, "log": "all", "view": g.view(0), "legal": []})
    opened: list[int] = []
    open_now: set[int] = set()
    lock = threading.Lock()

    def handler(ws: Any) -> None:
        with lock:
            n = len(opened)
            opened.append(n)
            open_now.add(n)
        try:
            json.loads(ws.recv())  # the client's join
            if n != 5:  # the sixth: a server slow to answer (the client sees no message that would end it)
                ws.send(state)
            if n < 3 or n == 4:  # a message the client cannot read
                time.sleep(0.1)
                ws.send("<html>Bad gateway</html>")
            for _ in ws:  # until the client closes it
                pass
        except ConnectionClosed:
            pass
        finally:
            with lock:
                open_now.discard(n)

    with serve(handler, "127.0.0.1", 0) as srv:
        threading.Thread(target=srv.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{srv.socket.getsockname()[1]}"
        game = RemoteGame(base, "token", lang="en", timeout=10)
        until(lambda: len(opened) == 4)  # joined again three times
        time.sleep(0.5)
        with lock:
            assert open_now == {3}, f"still open at the server: {sorted(open_now)} of {opened}"
        game.close()
        until(lambda: not open_now)
        # closed while it joins again: the connection being made is closed too
        game = RemoteGame(base, "token", lang="en", timeout=10)  # the server's fifth connection
        closing = threading.Event()
        real = game._connect

        def slow() -> Any:
            ws = real()
            closing.wait(10)  # close() runs while this join is under way
            return ws

        game._connect = slow  # type: ignore[method-assign]
        until(lambda: len(opened) == 6)
        game.close()
        closing.set()
        until(lambda: not open_now)
