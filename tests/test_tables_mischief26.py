"""A mischievous student's malformed actions (session 26): every one is answered with a refusal.

For each of the six games, a few turns in: each parameter of the legal actions (and ``player``,
``kind``, an extra parameter) replaced by values a script may send (NaN and the infinities Python's
JSON reads, 1e308, 2**64, 1.5, true, null, a 3,000-character text, nested lists, a lone
surrogate), as ``check`` and as ``act``. The authority must refuse each with a ``Refusal`` (a
clear answer to the student), never fail with another exception (a server fault), and none may
change the game."""
from __future__ import annotations

import json
from typing import Any

import pytest

from test_tables_authority import drained, run

from chemgames.server.authority import Authority, Bucket, Client, Refusal
from chemgames.server.protocol import ProtocolError, parse

NASTY = ("NaN", "Infinity", "-Infinity", "1e308", "-1", str(2**64), "1.5", "true", "null", '""', json.dumps("x" * 3000),
         "[]", "{}", "[[[[1]]]]", '"\\ud800"', "99999")
GAMES = (("chemuno", 3), ("chemix", 3), ("chemiekarten", 3), ("metallurgie", 2), ("chromino", 2), ("raeumab", 2))


def mutations(proto: dict[str, Any], player: int) -> list[str]:
    raw, out = json.dumps(proto), []
    for bad in NASTY:
        out.append(raw.replace(f'"player": {player}', f'"player": {bad}'))
        out.append(raw.replace(f'"kind": "{proto["kind"]}"', f'"kind": {bad}'))
        for key in proto["params"]:
            out.append(json.dumps({**proto, "params": {**proto["params"], key: "@@"}}).replace('"@@"', bad))
    out.append(json.dumps({**proto, "params": {**proto["params"], "zzz": 1}}))
    return out


@pytest.mark.parametrize("game_id,players", GAMES)
def test_malformed_actions_are_refused_and_change_nothing(game_id, players):
    async def body(auth: Authority) -> list[str]:
        cls = await auth.store.class_by_key("key")
        assert cls is not None
        (table,) = await auth.create_tables(cls, {"game": game_id, "seats": players, "seed": 7})
        clients = []
        for seat in range(players):
            client = Client(Bucket(10**6, 10**6))
            await auth.join(client, {"type": "join", "token": table.seats[seat].token})
            clients.append(client)
        faults: list[str] = []
        for _ in range(3):
            game = auth.games[table.id]
            if game.is_over or game.current_player is None:
                break
            mover, version = clients[game.current_player], len(game.log)
            legal = {json.dumps(a, sort_keys=True) for a in auth.legal_json(table.id)}
            for proto in auth.legal_json(table.id)[:3]:
                for text in mutations(proto, game.current_player):
                    for kind in ("check", "act"):
                        try:
                            msg = parse('{"type": "%s", "version": %d, "action": %s}' % (kind, version, text))
                        except ProtocolError:
                            continue
                        before = len(auth.games[table.id].log)
                        try:
                            await auth.act(mover, msg)
                        except Refusal:
                            pass
                        except Exception as exc:  # noqa: BLE001 - what the test looks for
                            faults.append(f"{kind} {text[:80]}: {type(exc).__name__}: {str(exc)[:80]}")
                        if len(auth.games[table.id].log) != before and (  # another legal action: fine
                                version != before or json.dumps(msg["action"], sort_keys=True) not in legal):
                            faults.append(f"{kind} {text[:80]}: applied")
            game = auth.games[table.id]
            if game.is_over or game.current_player is None:
                break
            await auth.act(clients[game.current_player], {"type": "act", "version": len(game.log),
                                                           "action": auth.legal_json(table.id)[0]})
            for client in clients:
                drained(client)
        return faults

    assert run(body) == []
