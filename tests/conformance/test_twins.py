"""The twin-world test for every game and option set (see ``twins.py``), and its self-test."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.core import Rng, list_games, new_state

from .twins import play_twins


def _option_sets() -> list[tuple[str, int, dict[str, Any]]]:
    """Each game at its smallest and largest table with default options, then each option's
    other choices one at a time (at the smallest table)."""
    cases: list[tuple[str, int, dict[str, Any]]] = []
    for info in list_games():
        counts = info.player_counts()
        for n in sorted({counts[0], counts[-1]}):
            cases.append((info.name, n, {}))
        for opt in info.options:
            values = list(opt.choices) if opt.choices else []
            if isinstance(opt.default, bool):
                values = [not opt.default]
            for value in values:
                if value != opt.default:
                    cases.append((info.name, counts[0], {opt.name: value}))
    return cases


CASES = _option_sets()
IDS = [f"{g}-{n}p-" + ",".join(f"{k}={v}" for k, v in o.items()) for g, n, o in CASES]


@pytest.mark.parametrize(("game", "num_players", "options"), CASES, ids=IDS)
def test_twin_worlds_look_alike(game: str, num_players: int, options: dict[str, Any]) -> None:
    state = new_state(game, num_players, 5, options)
    endings = play_twins(state, Rng(5))
    assert endings, "no twin was compared"
