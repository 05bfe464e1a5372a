"""The variant "Nur echte Stoffe" at a class table (issue 25): ``tables.create(..., options=
{"real_only": True})`` reaches the game on the server, whose bots then lay real substances only;
a bad value is refused when the table is made. A real ``chemgames serve`` process on loopback."""
from __future__ import annotations

import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

import chemgames  # noqa: E402
import chemgames.tables as tables  # noqa: E402
from test_tables_server import KEY, save_of, server  # noqa: E402,F401 - the module's server fixture

pytestmark = pytest.mark.xdist_group("tables")


def test_tables_create_passes_real_only_to_the_game_and_its_bots(server):  # noqa: F811
    (t,) = tables.create("chemiekarten", seats=2, tables=1, bots=["greedy", "greedy"], options={"real_only": True},
                         seed=4, server=server.base, teacher_key=KEY)
    deadline = time.monotonic() + 60
    save = save_of(server, t.id)
    while sum(a["kind"] == "confirm" for a in save["actions"]) < 3 and time.monotonic() < deadline:
        time.sleep(0.5)
        save = save_of(server, t.id)
    assert save["options"]["real_only"] is True
    g = chemgames.new_game(save["game"], players=save["players"], seed=save["seed"], lang=save["lang"], **save["options"])
    for obj in save["actions"]:
        g.apply(g.action_from_json(obj))
    assert g.real_only and len(g.s_table) >= 3 and {c.label for c in g.s_table} == {"known"}


def test_a_bad_real_only_value_is_refused_when_the_table_is_made(server):  # noqa: F811
    with pytest.raises(chemgames.Error):
        tables.create("chemiekarten", seats=2, tables=1, options={"real_only": "ja"},
                      server=server.base, teacher_key=KEY)
