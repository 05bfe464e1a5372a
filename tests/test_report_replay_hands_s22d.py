"""A replayed moment's hand, checked at every step of recorded ChemiX Classic, Metallurgie and
Chromino games against this test's own recount: the record's moves applied by its own loop, the
seat's cards read from the game's state, each labelled by this test's own reading of the ids (ChemiX
"H.2" is H, "x3.1" the multiplier ×3; Metallurgie's cards numbered metal by metal in the box's order;
Chromino's tiles the colour sequences up to reversal, in order, named as the explanations name them:
"●Rot-▲Gelb-●Rot"). Before: Metallurgie's and Chromino's
hands read "2 · 8 · 68" (the engine's ids), a ChemiX multiplier on the free area read "2", and the
free area was not shown.

On the projector (names hidden) the hand of a game that has not ended in the record stays hidden:
the moment is shown as a spectator sees it, and a line says why; once the game has ended, or with
the names shown (the teacher's own screen), the hand is there."""
from __future__ import annotations

import itertools
import json
import random
from importlib import resources
from typing import Any

import pytest

import chemgames
from chemgames.record.events import Recorder
from chemgames.widgets.report import ReportWidget


def _data(game: str, name: str) -> Any:
    return json.loads(resources.files(f"chemgames.games.{game}").joinpath("data", name).read_text("utf-8"))


def _metal_of() -> dict[int, str]:
    ids = itertools.count()
    return {next(ids): m["symbol"] for m in _data("metallurgie", "metals.json")["metals"] for _ in range(m["count"])}


def _tile_of() -> dict[int, str]:
    colours = [c["symbol"] + c["de"] for c in _data("chromino", "colours.json")["colours"]]
    seqs = sorted({min(s, s[::-1]) for s in itertools.product(range(len(colours)), repeat=3)})
    return {i: "-".join(colours[c] for c in s) for i, s in enumerate(seqs)}


def _chemix(card: str) -> str:
    face = card.split(".")[0]
    return "\u00d7" + face[1:] if face.startswith("x") and face[1:].isdigit() else face


def _own_lines(game: Any, seat: int) -> tuple[list[str], list[str]]:
    """The seat's hand and (ChemiX) the free area, by this test's labels."""
    hand = game.s_hands[seat]
    if game.id == "chemix":
        return [_chemix(c) for c in hand], [_chemix(c) for c in game.s_free]
    label = _metal_of() if game.id == "metallurgie" else _tile_of()
    return [label[int(c)] for c in hand], []


def _shown(line: str) -> list[str]:
    """The cards of a replayed line: "a · b · … +3" gives a, b and three more unread (counted apart)."""
    head, _, more = line.partition(" \u2026 +")
    items = head.split(" \u00b7 ") if head else []
    return items + ["?"] * (int(more) if more else 0)


def _record(game_id: str, seed: int, until_over: bool) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Mia and Ben play random legal moves (at most 60, and one short of the end unless ``until_over``);
    every third turn of Mia's she first tries a move of an earlier position that no longer holds (a refusal)."""
    if not until_over:
        events, _ = _played(game_id, seed, 600)
        return _played(game_id, seed, min(60, sum(1 for e in events if e["kind"] in ("move", "bot")) - 1))
    return _played(game_id, seed, 600)


def _played(game_id: str, seed: int, moves: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    events: list[dict[str, Any]] = []
    sessions: list[dict[str, Any]] = []
    rec = Recorder(events.append, sessions.append, lesson="7b")
    g = chemgames.new_game(game_id, players=2, seed=seed, lang="de")
    s = rec.session(g, ["Mia", "Ben"], table="Tisch 1")
    rng = random.Random(seed)
    stale: list[Any] = []
    for step in range(moves):
        if g.is_over:
            break
        legal = g.legal_actions()
        if g.current_player == 0 and step % 3 == 0:
            old = [a for a in stale if a not in legal and a.player == 0]
            if old:
                attempt = rng.choice(old)
                verdict = g.check(attempt)
                if not verdict.ok:
                    rec.action(s, attempt, verdict, at=len(g.log))
        stale = legal
        # a ChemiX turn ended at once (passed or confirmed with nothing laid) ends the game within moves
        busy = [a for a in legal if a.kind not in ("pass", "confirm", "noble")] if game_id == "chemix" and rng.random() < 0.8 else []
        move = rng.choice(busy or [a for a in legal if a.kind != "pass"] or legal)
        rec.action(s, move, g.apply(move), at=len(g.log) - 1)
    return events, sessions


@pytest.mark.parametrize("game_id, seed", [("chemix", 11), ("metallurgie", 12), ("chromino", 13)])
def test_every_replayed_hand_is_the_seats_cards_as_the_table_shows_them(game_id: str, seed: int) -> None:
    events, sessions = _record(game_id, seed, until_over=False)
    assert any(e["kind"] == "refused" for e in events)
    w = ReportWidget(events, sessions, lang="de", names=True)
    setup = sessions[0]["setup"]
    own = chemgames.new_game(setup["game"], players=setup["players"], seed=setup["seed"], lang="de", **setup.get("options", {}))
    checked = 0
    for i, e in enumerate(events):
        if e["kind"] in ("move", "refused"):
            assert e["at"] == len(own.log)
            hand, free = _own_lines(own, e["seat"])
            m = w.moment(i)
            assert not m.get("hidden")
            lines = list(m["state"])
            assert sorted(_shown(lines.pop(0)) if hand else []) == sorted(hand), (i, m["state"], hand)
            if free:
                assert lines.pop(0) == "\u2192 " + " + ".join(free), (i, m["state"], free)
            assert not lines, (i, m["state"])
            checked += 1
        if e["kind"] in ("move", "bot"):
            own.apply(own.action_from_json(e["action"]), explain=False)
    assert checked >= 20


@pytest.mark.parametrize("game_id, seed", [("chemix", 21), ("metallurgie", 22), ("chromino", 23)])
def test_on_the_projector_a_hand_of_a_game_in_play_stays_hidden(game_id: str, seed: int) -> None:
    events, sessions = _record(game_id, seed, until_over=False)
    setup = sessions[0]["setup"]
    own = chemgames.new_game(setup["game"], players=setup["players"], seed=setup["seed"], lang="de", **setup.get("options", {}))
    hands = {}  # Mia's hand at each of her moves, by this test's recount
    for j, e in enumerate(events):
        if e["kind"] == "move" and e["seat"] == 0:
            hands[j] = _own_lines(own, 0)[0]
        if e["kind"] in ("move", "bot"):
            own.apply(own.action_from_json(e["action"]), explain=False)
    assert not own.is_over  # the game has not ended in the record
    i = max(j for j, hand in hands.items() if hand)
    hand = hands[i]
    w = ReportWidget(events, sessions, lang="de")  # names hidden: the projector
    w.receive({"type": "replay", "event": i})
    assert not w.error and w.replay["hidden"].startswith("Die Hand ist verdeckt"), w.replay
    # no line shows the hand: ChemiX's free area (on the table for all to see) is the only line left
    assert all(line.startswith("\u2192 ") for line in w.replay["state"]) if game_id == "chemix" else not w.replay["state"], w.replay
    w.receive({"type": "names", "show": True})  # the teacher's own screen: the hand is there
    w.receive({"type": "replay", "event": i})
    assert not w.replay["hidden"] and sorted(_shown(w.replay["state"][0])) == sorted(hand)


@pytest.mark.parametrize("game_id, seed", [("metallurgie", 31), ("chromino", 33)])
def test_on_the_projector_the_hand_of_a_game_that_ended_is_shown(game_id: str, seed: int) -> None:
    events, sessions = _record(game_id, seed, until_over=True)
    setup = sessions[0]["setup"]
    own = chemgames.new_game(setup["game"], players=setup["players"], seed=setup["seed"], lang="de", **setup.get("options", {}))
    for e in events:
        if e["kind"] in ("move", "bot"):
            own.apply(own.action_from_json(e["action"]), explain=False)
    assert own.is_over
    i = next(j for j, e in enumerate(events) if e["kind"] == "move" and e["seat"] == 0)
    w = ReportWidget(events, sessions, lang="de")
    w.receive({"type": "replay", "event": i})
    assert not w.error and not w.replay["hidden"] and w.replay["state"], w.replay


def test_a_raeumab_moment_names_the_free_cards_as_the_explanations_do() -> None:
    """Räum-Ab!'s free cards read "Y7 · G32 · B51" (the engine's codes: "Y" for gelb, on no card)."""
    events, sessions = _played("raeumab", 4, 3)
    suits = {k: v["symbol"] for k, v in _data("raeumab", "deck.json")["suits"].items()}
    colour = {"R": "rot", "B": "blau", "G": "grün", "Y": "gelb"}

    def own(card: dict[str, Any]) -> str:
        if card["kind"] == "wish":
            return "Wunschkarte ✦"
        if card["kind"] == "forbidden":
            return f"{card['value']}er-Verbotskarte ⊘{card['value']}"
        return f"{colour[card['suit']]} {suits[card['suit']]} {card['value']}"

    i = max(j for j, e in enumerate(events) if e["kind"] == "move")
    before = chemgames.new_game("raeumab", players=2, seed=4, lang="de")
    for e in events[:i]:
        if e["kind"] in ("move", "bot"):
            before.apply(before.action_from_json(e["action"]), explain=False)
    bv = before.view(None)
    assert bv["free"]
    m = ReportWidget(events, sessions, lang="de").moment(i)
    assert m["state"][0] == " · ".join(own(bv["cards"][str(c)]) for c in bv["free"][:12]) + (
        f" … +{len(bv['free']) - 12}" if len(bv["free"]) > 12 else ""), m["state"]
