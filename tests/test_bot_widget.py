"""The search bot in the widgets (issue 16): its explanation under its move (no hidden card of the bot
shown to the others), its level in the seat choice, and "What would the bot do?" from the asker's
view only."""
from __future__ import annotations

import json
import random

import pytest

import chemgames
from chemgames.bots import GreedyBot, play_turn
from chemgames.bots.explain import ranked
from chemgames.bots.search import SearchBot
from chemgames.widgets import ChemunoWidget, ChemiXWidget
from chemgames.widgets.botui import seat_ok


def _after_bot(open_hands: bool, seed: int) -> tuple[ChemunoWidget, object]:
    g = chemgames.new_game("chemuno", players=2, seed=seed, lang="de")
    w = ChemunoWidget(g, seats=["human", "search:easy"], open_hands=open_hands, autosave=False)
    w._bots[1] = SearchBot(seed=3, budget=60.0, iterations=4)  # counted samples: the same numbers each run
    while g.current_player == 0:
        play_turn(g, GreedyBot(1))  # the person's turn, from Python (the widget listens)
    w.bot_turn()
    return w, w._said[2]


def _secret_labels(choice) -> list[str]:
    """The candidates the bot weighed but did not play, naming cards of its hand (not passing)."""
    best = choice.labels[choice.best]
    return [choice.labels[i] for i in ranked(choice)
            if i != choice.best and choice.labels[i] not in chemgames.new_game("chemuno", players=2, seed=1).pass_kinds
            and choice.labels[i] not in best]


@pytest.mark.parametrize("seed", [5, 21, 23])
def test_the_bots_reason_sits_under_its_move_without_its_other_cards(seed):
    w, choice = _after_bot(False, seed)
    note = w.panel["last"]["bot"]
    assert w.panel["last_player"] == 1
    assert note["title"].startswith("Meine Wahl: ") and str(choice.samples) in note["title"]
    secret = _secret_labels(choice)
    assert secret  # the bot weighed a card of its hand that it did not play
    shown = json.dumps(note, ensure_ascii=False)
    for label in secret:
        assert label not in shown, (label, note)
    # a teacher's projector shows every hand anyway: there the runner-up is named
    w2, choice2 = _after_bot(True, seed)
    assert choice2.labels == choice.labels and choice2.means == choice.means
    assert secret[0] in json.dumps(w2.panel["last"]["bot"], ensure_ascii=False)
    # made when the view is built: in the language the screen shows now
    w.set_lang("en")
    assert w.panel["last"]["bot"]["title"].startswith("My choice: ") and "sample games" in w.panel["last"]["bot"]["title"]
    # the next move takes the note away
    w.apply(next(a for a in w.game.legal_actions()))
    assert "bot" not in (w.panel["last"] or {})


def test_levels_in_the_seat_choice():
    assert all(seat_ok(f"search:{lv}") for lv in ("easy", "medium", "hard")) and not seat_ok("search:wild")
    from chemgames.widgets.chemix import play_chemix

    w = play_chemix(players=2, bots=["search:hard"], seed=2, lang="en")
    assert w.seats == ["human", "search:hard"] and isinstance(w._bots[1], SearchBot)
    assert w.ui["bot_search:hard"] == "search bot (hard)"
    budget = w._bots[1].budget
    w.receive({"type": "seat_kind", "seat": 1, "kind": "search:easy"})
    assert w.seats == ["human", "search:easy"] and w._bots[1].budget < budget
    assert w.panel["notice"]["title"] == "Player 2 is now played by: search bot (easy)."
    w.receive({"type": "seat_kind", "seat": 0, "kind": "greedy"})  # a person's seat stays hers
    assert w.seats[0] == "human" and w.panel["notice"]["kind"] == "error"
    w.receive({"type": "seat_kind", "seat": 1, "kind": "search:wild"})
    assert w.seats[1] == "search:easy"
    with pytest.raises(chemgames.OptionError):
        ChemiXWidget(chemgames.new_game("chemix", players=2, seed=1), seats=["human", "search:wild"])


def _advice(game, seed=7):
    w = ChemunoWidget(game, seats=["human", "greedy"], autosave=False)
    choice = w.advise(seed=seed, bot=SearchBot(seed=5, budget=60.0, iterations=6))
    return w, choice


def test_advice_never_reads_other_hands():
    g = chemgames.new_game("chemuno", players=2, seed=4, lang="en")
    play_turn(g, GreedyBot(1))
    play_turn(g, GreedyBot(2))
    assert g.current_player == 0
    other = g.redeal_hidden(0, random.Random(12))  # the same for player 1, other cards elsewhere
    assert other.view(0) == g.view(0) and other.view(1) != g.view(1)
    (w1, c1), (w2, c2) = _advice(g), _advice(other)
    assert (c1.labels, c1.means, c1.counts, c1.best) == (c2.labels, c2.means, c2.counts, c2.best)
    assert w1.hints == w2.hints and w1.panel["advice"]["title"] == w2.panel["advice"]["title"]
    assert w1.panel["advice"]["steps"][:-1] == w2.panel["advice"]["steps"][:-1]  # the last: the time it took
    assert w1.panel["advice"]["title"].startswith("In your place the search bot would choose: ")


def test_advice_is_offered_like_a_hint_and_refused_on_a_bots_turn():
    g = chemgames.new_game("chemuno", players=2, seed=4, lang="de")
    w, choice = _advice(g)
    if choice.labels[choice.best] not in g.pass_kinds:  # a move to play, not passing
        assert len(w.hints) == 1 and w.hints[0]["plays"]
        before = len(g.log)
        w.receive({"type": "hint_play", "index": 0})
        assert len(g.log) > before and "advice" not in w.panel
    if g.current_player == 0:
        play_turn(g, GreedyBot(1))
    w.receive({"type": "advice"})
    assert w.panel["notice"]["title"] == "Der Bot berät nur eine Person, die am Zug ist; jetzt ist Spieler 2 (ein Bot) dran."
    assert "advice" not in w.panel


def test_open_cards_are_named_hidden_ones_not():
    # Räum-Ab! lays every card open: its runner-up is named for everyone; Chemuno's hands are hidden
    from chemgames.widgets import RaeumAbWidget

    for cls, game_id, open_cards in ((RaeumAbWidget, "raeumab", True), (ChemunoWidget, "chemuno", False)):
        g = chemgames.new_game(game_id, players=2, seed=5, lang="de")
        w = cls(g, seats=["human", "search:easy"], autosave=False)
        assert w._sees_bot_hand(1, 0) is open_cards
        assert w._sees_bot_hand(1, None) is open_cards


def test_hot_seat_screens_do_not_name_the_bots_other_cards():
    # two classmates and the search bot at one screen: whoever looks, the bot's unplayed cards stay hidden
    tested = 0
    for seed in range(1, 13):
        g = chemgames.new_game("chemuno", players=3, seed=seed, lang="de", starter=0)
        w = ChemunoWidget(g, seats=["human", "human", "search:easy"], autosave=False)
        w._bots[2] = SearchBot(seed=3, budget=60.0, iterations=12)
        while g.current_player != 2 and not g.is_over:
            play_turn(g, GreedyBot(1))
        w.bot_turn()
        choice = w._said[2]
        secret = [choice.labels[i] for i in ranked(choice) if i != choice.best and choice.hints[i] is not None
                  and choice.labels[i] not in choice.labels[choice.best]]
        for seat in (None, g.current_player):
            w.claim(seat)
            assert w.panel["last_player"] == 2
            shown = json.dumps(w.panel["last"]["bot"], ensure_ascii=False)  # the bot's reason, as this screen shows it
            assert "Meine Wahl" in shown
            for label in secret:
                assert label not in shown, (seed, seat, label)
        tested += bool(secret)
    assert tested >= 2  # deals in which the bot weighed cards of its hand that it did not play


def test_the_time_under_the_bots_move_is_the_time_the_screen_waited():
    """The box under the bot's move says how long the screen waited: the browser's pause before the
    turn (``bot_delay``), then the clock from the bot's start until its move is shown, and within it
    the processor time of every decision the bot made in that turn (not of one decision only)."""
    import re
    import time

    g = chemgames.new_game("chemuno", players=2, seed=5, lang="de")
    w = ChemunoWidget(g, seats=["human", "search:easy"], bot_delay=900, autosave=False)
    w._bots[1] = SearchBot(seed=3, budget=60.0, iterations=4)
    while g.current_player == 0:
        play_turn(g, GreedyBot(1))
    slow = w._watch

    def watched(player):  # a bot that also loses 0.3 s outside its search: the box must count it
        watch = slow(player)
        inner = watch.choose

        def choose(game):
            time.sleep(0.3)
            return inner(game)
        watch.choose = choose
        return watch
    w._watch = watched
    w.receive({"type": "bot", "version": w.version}, [])
    steps = [s["text"] for s in w.panel["last"]["bot"]["steps"]]
    line = next(s for s in steps if s.startswith("Wartezeit bis zum Zug"))
    total, pause, work, search = (float(x.replace(",", ".")) for x in re.findall(r"(\d+,\d) s", line))
    assert pause == 0.9  # the browser's pause, which the student waited too
    assert work >= 0.3 and work >= search  # the clock on the wall, the sleep included
    assert abs(total - (pause + work)) <= 0.11
    assert not any(s.startswith("Bedenkzeit") for s in steps)  # one time said, the one waited
    # called from Python (no pause in a browser): no pause is counted
    g2 = chemgames.new_game("chemuno", players=2, seed=5, lang="de")
    w2 = ChemunoWidget(g2, seats=["human", "search:easy"], bot_delay=900, autosave=False)
    w2._bots[1] = SearchBot(seed=3, budget=60.0, iterations=4)
    while g2.current_player == 0:
        play_turn(g2, GreedyBot(1))
    w2.bot_turn()
    line2 = next(s["text"] for s in w2.panel["last"]["bot"]["steps"] if s["text"].startswith("Wartezeit"))
    assert "0,0 s Pause" in line2
