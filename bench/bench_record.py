"""The learning record's cost and size.

1. The record call at the table server: after a move is applied (or refused), the server hands
   the action and its explanation to ``Recorder.action``, which makes the event and queues it in
   the teacher's SQLite store (written by the store's own thread). Timed per call over every
   action of a simulated lesson (moves, refusals, bots' moves), with the writer thread running;
   beside it the engine's own ``apply`` of the same move, for scale.
2. A 45-minute lesson for 30 students: 10 tables of three (five of Das Chemie-Kartenspiel, five of
   Räum-Ab!), up to ``--actions`` actions a table (1,500: one action every 1.8 s at each table for
   45 minutes, more than people manage), every student's worksheet: the SQLite file's size, the
   JSON and CSV exports, and the time to build the report and its widget.
3. The notebook's listener on a game widget.
4. A school's record file: 40 such lessons (four classes over two weeks) in one file; the report of
   the latest lesson and of an older one, as the teacher opens it.

    nice -n 10 python bench/bench_record.py
    nice -n 10 python bench/bench_record.py --actions 300      # a quick look
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from types import SimpleNamespace  # noqa: E402

from chemgames.record.events import Recorder, Session  # noqa: E402
from chemgames.record.tables import TableRecorder  # noqa: E402
from chemgames.record.report import build  # noqa: E402
from chemgames.record.simulate import Pupil, class_plan  # noqa: E402
from chemgames.worksheets.simulate import simulate_class  # noqa: E402
from chemgames.record.store import RecordStore  # noqa: E402


def load() -> str:
    return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg())


def quantile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def thirty() -> list[Pupil]:
    """30 students at 10 tables of three, five tables a game, the mistakes of ``class_plan``."""
    plan = class_plan(students=30, tables=10)
    return plan


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--actions", type=int, default=1500, help="actions a table (the lesson's length)")
    ap.add_argument("--lessons", type=int, default=40, help="lessons in the school's record file (part 4)")
    args = ap.parse_args()
    print(load())
    folder = Path(tempfile.mkdtemp(prefix="cg-record-"))
    store = RecordStore(folder / "chemgames-record.db")
    server = TableRecorder(store)
    timings: dict[str, list[float]] = {"move": [], "refused": []}
    applied: list[float] = []
    tables: dict[str, SimpleNamespace] = {}
    games: dict[str, object] = {}

    class AsTheServer(Recorder):
        """The simulation's calls routed through the table server's hook (TableRecorder.hook),
        one table object per game as the authority has it; each hook call timed."""

        def session(self, game, names, table="", kind="game"):  # type: ignore[no-untyped-def]
            if kind != "game":
                return super().session(game, names, table, kind)
            s = Session(f"t{len(tables)}", game.id, names, table, "bench")
            tables[s.id] = SimpleNamespace(id=s.id, class_id="7b", code=table.replace("Tisch ", ""), players=game.players,
                                           seats=[SimpleNamespace(name=n) for n in names])
            games[s.id] = game
            return s

        def action(self, s, action, explanation, at, bot=False):  # type: ignore[no-untyped-def]
            if s.id not in tables:
                return super().action(s, action, explanation, at, bot)
            game = games[s.id]
            accepted = explanation is None or explanation.ok
            t0 = time.perf_counter_ns()
            hook(tables[s.id], action.player, action, explanation, accepted)
            timings["move" if accepted else "refused"].append((time.perf_counter_ns() - t0) / 1e6)

    hook = server.hook(lambda table_id: games[table_id])
    rec = AsTheServer(store.add, store.add_session, lesson="bench")
    from chemgames.core.game import Game
    apply = Game.apply

    def timed_apply(self, action, explain=True):  # type: ignore[no-untyped-def]
        t0 = time.perf_counter_ns()
        try:
            return apply(self, action, explain)
        finally:
            applied.append((time.perf_counter_ns() - t0) / 1e6)

    Game.apply = timed_apply  # type: ignore[method-assign]
    t0 = time.perf_counter()
    pupils = simulate_class(rec, pupils=thirty(), max_actions=args.actions)
    played = time.perf_counter() - t0
    Game.apply = apply  # type: ignore[method-assign]
    store.flush()
    calls = timings["move"] + timings["refused"]
    print(f"\n1. the table server's record call (TableRecorder.hook: the event made and queued), {len(calls):,} calls in a lesson "
          f"simulated in {played:.1f} s; {load()}")
    for name in ("move", "refused"):
        v = timings[name]
        if v:
            print(f"   {name:8s} n={len(v):6,d}  p50 {quantile(v, .5) * 1000:6.1f} us  p95 {quantile(v, .95) * 1000:6.1f} us  "
                  f"p99 {quantile(v, .99) * 1000:6.1f} us  max {max(v) * 1000:7.1f} us")
    print(f"   all      p95 {quantile(calls, .95) * 1000:6.1f} us  (limit 1 ms); the engine's apply of the same "
          f"moves: p50 {quantile(applied, .5) * 1000:.0f} us, p95 {quantile(applied, .95) * 1000:.0f} us; {load()}")

    events = store.events()
    sessions = store.sessions()
    students = {e["student"] for e in events if e["kind"] != "bot" and e["student"]}
    size = (folder / "chemgames-record.db").stat().st_size + sum(
        p.stat().st_size for p in folder.glob("chemgames-record.db-*"))
    exported = store.export_json()
    csv_text = store.export_csv()
    print(f"\n2. a 45-minute lesson: {len(students)} students, {len({p.table for p in pupils})} tables, "
          f"{len(events):,} events ({sum(e['kind'] in ('move', 'refused', 'prediction') for e in events):,} by students), "
          f"{len(sessions)} sessions")
    print(f"   SQLite file {size / 1e6:.2f} MB; JSON export {len(exported.encode()) / 1e6:.2f} MB; "
          f"CSV export {len(csv_text.encode()) / 1e6:.2f} MB")
    per_student = [sum(len(json.dumps(e)) for e in events if e["student"] == s) for s in students]
    print(f"   one student's handed-in file (JSON lines, their own events only): median "
          f"{statistics.median(per_student) / 1e3:.0f} kB, largest {max(per_student) / 1e3:.0f} kB")
    times = []
    for _ in range(3):
        t0 = time.perf_counter()
        report = build(events, sessions, "de")
        times.append(time.perf_counter() - t0)
    t0 = time.perf_counter()
    read = store.events()
    read_s = time.perf_counter() - t0
    from chemgames.widgets.report import ReportWidget
    t0 = time.perf_counter()
    w = ReportWidget(read, sessions, lang="de")
    widget_s = time.perf_counter() - t0
    traits = len(json.dumps(w.report))
    t0 = time.perf_counter()
    w.receive({"type": "replay", "event": report["misconceptions"][0]["examples"][0]["event"]})
    replay_s = time.perf_counter() - t0
    print(f"   report: read the events {read_s * 1000:.0f} ms, build (min of 3) {min(times) * 1000:.0f} ms, "
          f"widget {widget_s * 1000:.0f} ms ({traits / 1e3:.0f} kB of traits), replay of an example "
          f"{replay_s * 1000:.0f} ms; {load()}")
    print("   top misconceptions:", "; ".join(f"{m['spread']}: {m['text']}" for m in report["misconceptions"]))
    store.close()
    notebook()
    month(events, sessions, args.lessons)


def month(events: list[dict], sessions: list[dict], lessons: int) -> None:
    """4. A school's record file: ``lessons`` lessons of this size (a teacher's classes over the
    retention period) in one file; the teacher opens ``chemgames.report(db=...)`` after the last
    one (the latest lesson found, read and built) and asks for an older one."""
    from chemgames.widgets.report import report

    folder = Path(tempfile.mkdtemp(prefix="cg-record-month-"))
    path = folder / "chemgames-record.db"
    store = RecordStore(path)
    t0 = time.perf_counter()
    for k in range(lessons):
        name = f"{'7b 8a 9c 10d'.split()[k % 4]} day {k // 4 + 1:02d}"
        for x in sessions:
            store.add_session({**x, "id": f"{x['id']}-{k}", "lesson": name})
        for e in events:
            store.add({**e, "lesson": name, "session": f"{e['session']}-{k}", "ts": e["ts"] + k * 3600})
        store.flush()
    store.close()
    filled = time.perf_counter() - t0
    size = sum(p.stat().st_size for p in folder.iterdir())
    times = {}
    for label, lesson in (("latest", None), ("an older one", f"8a day {lessons // 8:02d}")):
        t0 = time.perf_counter()
        w = report(db=str(path), lesson=lesson, lang="de")
        times[label] = time.perf_counter() - t0
        assert w.report["students"], label
    print(f"\n4. a school's record file: {lessons} lessons, {lessons * len(events):,} events, {size / 1e6:.0f} MB "
          f"(filled in {filled:.0f} s); chemgames.report(db=...) of the latest lesson {times['latest'] * 1000:.0f} ms, "
          f"of an older one {times['an older one'] * 1000:.0f} ms (its lessons listed, "
          f"the lesson read, the report built); {load()}")


def notebook(moves: int = 400) -> None:
    """3. The notebook's listener on a game widget: a student's moves sent as the browser sends
    them; the listener's time per message (after the widget has answered) and the file writes."""
    import random

    import chemgames
    from chemgames.record import local
    from chemgames.widgets import GameWidget

    os.environ["CHEMGAMES_SAVES"] = tempfile.mkdtemp(prefix="cg-saves-")
    local.name("Bench")
    g = chemgames.new_game("raeumab", players=2, seed=5, lang="de")
    w = GameWidget(g, seats=["human", "human"], open_hands=True)
    watch = next(cb for cb in w._msg_callbacks.callbacks if isinstance(cb, local.GameWatch))
    heard = watch.heard
    spent: list[float] = []

    def timed(content):  # type: ignore[no-untyped-def]
        t0 = time.perf_counter_ns()
        heard(content)
        spent.append((time.perf_counter_ns() - t0) / 1e6)

    watch.heard = timed  # type: ignore[method-assign]
    rng = random.Random(1)
    handled = []
    for _ in range(moves):
        if g.is_over:
            break
        legal = g.legal_actions()
        action = rng.choice(legal).to_json() if rng.random() < 0.9 else \
            {"game": "raeumab", "player": g.current_player, "kind": "pair", "params": {"cards": [0, 1]}}
        t0 = time.perf_counter_ns()
        w._handle_custom_msg({"type": "act", "action": action, "version": w.version}, [])
        handled.append((time.perf_counter_ns() - t0) / 1e6)
    local.flush()
    size = local.record_file().stat().st_size
    print(f"\n3. the notebook's listener (a Räum-Ab! widget, {len(spent)} messages): p50 {quantile(spent, .5) * 1000:.0f} us, "
          f"p95 {quantile(spent, .95) * 1000:.0f} us per message, beside the widget's own handling p50 "
          f"{quantile(handled, .5):.1f} ms; the file {size / 1e3:.0f} kB; {load()}")


if __name__ == "__main__":
    main()
