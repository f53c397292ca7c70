"""The conformance suite: every registered game, every player count, random games under checks.

Hypothesis picks the seeds (and shrinks a failing one); ``checks.play_checked`` runs a whole game
with the cheap invariants after every action and the deep ones (observations, JSON, clone,
determinisation, illegal-action rejection, commitment secrecy) every few actions.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.core import list_games, new_state

from .checks import check_round_trips, play_checked

CASES = [(info.name, n) for info in list_games() for n in info.player_counts()]
IDS = [f"{name}-{n}p" for name, n in CASES]


@pytest.mark.parametrize(("game", "num_players"), CASES, ids=IDS)
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**63 - 1))
def test_random_games_keep_every_invariant(game: str, num_players: int, seed: int) -> None:
    play_checked(game, num_players, seed)


@pytest.mark.parametrize(("game", "num_players"), CASES, ids=IDS)
def test_same_seed_same_game(game: str, num_players: int) -> None:
    first = new_state(game, num_players, seed=99)
    second = new_state(game, num_players, seed=99)
    assert first.to_json() == second.to_json()
    assert new_state(game, num_players, seed=100).to_json() != first.to_json()


@pytest.mark.parametrize(("game", "num_players"), CASES, ids=IDS)
def test_start_state_round_trips(game: str, num_players: int) -> None:
    state = new_state(game, num_players, seed=3)
    check_round_trips(state)


def test_every_game_is_registered_with_metadata() -> None:
    names = [info.name for info in list_games()]
    assert "piece-of-the-action" in names
    for info in list_games():
        assert info.display_name and info.summary and info.rules_doc
        assert 1 <= info.min_players <= info.max_players
        for opt in info.options:
            assert opt.help and opt.ruling, f"{info.name}.{opt.name} lacks help or ruling"
