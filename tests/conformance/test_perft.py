"""Checks every ``tests/games/<game>/data/perft.txt`` line: ``seed players depth count``."""

from __future__ import annotations

import pytest

from cardtable.core import new_state

from .perft import perft, perft_files

CASES = []
for game, path in perft_files():
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            seed, players, depth, count = map(int, line.split())
            CASES.append(pytest.param(game, seed, players, depth, count, id=f"{game}-{line}"))


@pytest.mark.parametrize(("game", "seed", "players", "depth", "count"), CASES)
def test_perft(game: str, seed: int, players: int, depth: int, count: int) -> None:
    state = new_state(game, players, seed)
    state.events = None
    assert perft(state, depth) == count
