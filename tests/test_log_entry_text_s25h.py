"""The log entry's ``"text"`` (s25h)."""
from __future__ import annotations


# ``LogEntry.to_dict`` wrote ``"text": str(action)`` ("pos=[0, -1]", an ASCII hyphen, never from a catalog) into
# every view's log. Nobody read it (s24g, s25h: the widgets' ``compact_log``, every ``renderLog`` in widgets/*.js,
# the table client's ``TableGame.log``, the report's replay, OpenSpiel's views, the Lite pages): it is gone, and an
# entry that still has it (an older table server's message) reads as before.

def test_a_log_entry_in_a_view_carries_no_text_nobody_reads() -> None:
    import chemgames
    from chemgames.server.protocol import merged_log
    from chemgames.widgets.base import compact_log

    g = chemgames.new_game("chromino", players=2, seed=4, lang="de")
    for _ in range(3):
        g.apply(g.legal_actions()[0])
    log = g.view(0)["log"]
    assert log and all(set(e) == {"player", "action", "explanation"} for e in log), log[0].keys()
    older = [{**e, "text": "P1: pos=[0, -1]"} for e in log]  # as an older server sent it
    got = merged_log([], {"log": "all", "view": {"log": older}})
    assert compact_log({"log": got}) == compact_log({"log": log})
