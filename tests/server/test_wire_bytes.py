"""Every message every connection is sent, byte for byte, is what main sent before the
ninth sitting's cuts to the CPU per action (docs/reliability.md, "Ninth sitting: CPU per
action").

A fixed game of every game (seeded deal, seeded random moves) is played through the table
service with every seat connected as protocol 2, seat 0 a second time as protocol 1, and a
spectator; a digest of each connection's messages, in order, as the server encodes them, is
compared with the digest recorded from main 0c7cbc4's server (``python
tests/server/test_wire_bytes.py`` prints them; run with main's ``src`` first on
``PYTHONPATH`` to record them again).
"""

from __future__ import annotations

import asyncio
import hashlib
import random
import sys
import tempfile
from typing import Any

import pytest

import cardtable.server.tables as tables_module
from cardtable.server.store import Store
from cardtable.server.tables import Connection, TableService
from cardtable.server.views import encode
from tests.scripts import load_script
from tests.server.games import FIVE_GAMES

GAMES = FIVE_GAMES
MOVES = 150

#: Recorded from main 0c7cbc4 (``PYTHONPATH=/tmp/old/src python tests/server/test_wire_bytes.py``).
RECORDED = {
    "magic-show": "e1a31328f0dddc9eeb87e736",
    "score": "4da319cb692ff80d08500f5a",
    "piece-of-the-action": "0fb8f737f8c18df2b613801e",
    "portfolio": "e5962b1f30bafe2d39274c76",
    "nacho-loco": "9baf3f7894101d72dba47c5b",
}


#: The table service's :mod:`secrets`, seeded (the benchmark's: the same deal, ids and tokens
#: every run).
SeededSecrets = load_script("benchmarks/web_actions.py", "web_actions_wire_bytes").SeededSecrets


async def play(game: str, players: int, db: str) -> str:
    """The digest of every message of a fixed game of ``game``, connection by connection."""
    saved = tables_module.secrets  # type: ignore[attr-defined]
    tables_module.secrets = SeededSecrets(game)  # type: ignore[attr-defined,assignment]
    service = TableService(Store(f"sqlite:///{db}", "t"), think_time=0.0)
    try:
        table = service.create(game, players, {}, ["human"] * players, "A")[0]
        for _ in range(1, players):
            service.join(table, None, "B")
        streams: list[Any] = []

        def connect(seat: int | None, updates: bool) -> Connection:
            stream = hashlib.blake2b(digest_size=16)
            streams.append(stream)

            async def send(message: dict[str, Any]) -> None:
                stream.update(encode(message).encode() + b"\n")

            conn = Connection(seat, send)
            conn.updates = updates
            return conn

        for seat in range(players):
            await service.connected(table, connect(seat, True))
        await service.connected(table, connect(0, False))
        rng = random.Random(f"{game} moves")
        for step in range(MOVES):
            if table.state.is_terminal():
                break
            if step == 20:  # a spectator comes in mid-game
                await service.connected(table, connect(None, True))
            seat = table.state.to_act()[0]
            action = rng.choice(table.state.legal_action_ids(seat))
            await service.act(table, seat, table.seq, action)
        whole = hashlib.blake2b(b"".join(s.digest() for s in streams), digest_size=12)
        return whole.hexdigest()
    finally:
        await service.close()
        tables_module.secrets = saved  # type: ignore[attr-defined]


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_every_message_of_a_fixed_game_is_main_s_byte_for_byte(
    tmp_path: Any, game: str, players: int
) -> None:
    assert asyncio.run(play(game, players, f"{tmp_path}/t.db")) == RECORDED[game]


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as where:
        for name, count in GAMES:
            print(f'    "{name}": "{asyncio.run(play(name, count, f"{where}/{name}.db"))}",')
    sys.exit(0)
