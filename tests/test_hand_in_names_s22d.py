"""A class's hand-ins sit side by side: every file a student downloaded was named
``chemgames-record.jsonl``, so a teacher's folder got "chemgames-record (1).jsonl" … or one file over
another. ``hand_in()`` now names the file by game, typed name (or an anonymous id), date and time,
and nothing else (no partner's name, no user name of the computer); the report reads these, the old
name and a browser's renamed copy, each event once."""
from __future__ import annotations

import re
import shutil
import time
from pathlib import Path

import pytest

import chemgames
from chemgames.record import local
from chemgames.worksheets import worksheet


def _stamps(before: float, after: float) -> set[str]:
    return {time.strftime("%Y-%m-%d-%H%M", time.localtime(t)) for t in (before, after)}


def _student(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *names: str, right: bool = False) -> tuple[Path, set[str]]:
    """A student's notebook (own saves folder) with a Räum-Ab! worksheet prediction, handed in."""
    monkeypatch.setenv("CHEMGAMES_SAVES", str(tmp_path / f"saves-{len(list(tmp_path.iterdir()))}"))
    monkeypatch.setattr(local, "_name", [""])
    if names:
        local.name(*names)
    worksheet("raeumab", lang="de", solutions=False).task(2).predict("simple" if right else "double")
    before = time.time()
    path = local.hand_in()
    return path, _stamps(before, time.time())


def test_a_hand_in_is_named_by_game_name_date_and_time_and_nothing_else(tmp_path, monkeypatch) -> None:
    for var in ("USER", "LOGNAME", "USERNAME", "JUPYTERHUB_USER"):
        monkeypatch.setenv(var, "geheimnutzer")
    mia, stamps = _student(tmp_path, monkeypatch, "Mia", "Ali")  # a hot-seat partner named too
    assert mia.name in {f"chemgames-raeumab-Mia-{s}.jsonl" for s in stamps}, mia.name
    assert mia.parent == local.record_file().parent and mia.read_bytes() == local.record_file().read_bytes()
    odd, stamps = _student(tmp_path, monkeypatch, "../Jan Ole: ★")
    assert odd.name in {f"chemgames-raeumab-Jan_Ole-{s}.jsonl" for s in stamps}, odd.name


def test_without_a_name_the_file_has_an_anonymous_id_the_same_at_each_hand_in(tmp_path, monkeypatch) -> None:
    first, stamps = _student(tmp_path, monkeypatch)
    m = re.fullmatch(r"chemgames-raeumab-(anonym-[0-9a-f]{6})-(\S+)\.jsonl", first.name)
    assert m and m.group(2) in stamps, first.name
    worksheet("raeumab", lang="de", solutions=False).task(1).predict("3")
    second = local.hand_in()
    assert m.group(1) in second.name
    # the new hand-in holds the earlier one whole: only one of them lies beside the record
    assert [p.name for p in sorted(second.parent.iterdir())] == sorted([second.name, local.FILE]), list(second.parent.iterdir())
    _, events = local.load(second)
    assert {e["student"] for e in events} == {m.group(1)} and len(events) == 2


def test_the_report_reads_a_classs_files_side_by_side_the_old_name_and_a_second_download_once(tmp_path, monkeypatch) -> None:
    folder = tmp_path / "abgaben"
    folder.mkdir()
    files = [_student(tmp_path, monkeypatch, n, right=n == "Ben")[0] for n in ("Mia", "Ben")]
    files.append(_student(tmp_path, monkeypatch)[0])
    for f in files:
        shutil.copy(f, folder / f.name)
    assert len({f.name for f in files}) == 3  # none overwrote another
    # an older version's hand-in, downloaded twice by the browser: the same events in two files
    _student(tmp_path, monkeypatch, "Ida")
    shutil.copy(local.record_file(), folder / "chemgames-record.jsonl")
    shutil.copy(local.record_file(), folder / "chemgames-record (1).jsonl")
    shutil.copy(files[0], folder / files[0].name.replace(".jsonl", " (1).jsonl"))  # Mia's, downloaded twice
    r = chemgames.report(folder=str(folder), lang="de", names=True).report
    anonymous = re.search(r"anonym-[0-9a-f]{6}", files[2].name).group(0)
    assert sorted(s["name"] for s in r["students"]) == sorted(["Ben", "Ida", "Mia", anonymous])
    task = next(t for t in r["tasks"] if t["task"] == "2")
    assert (task["n"], task["right_n"]) == (4, 1), task  # each student's prediction once
    assert r["events"] == 4 and not r["unread"], r
