"""The single-agent Gymnasium wrapper: Gymnasium's checker for every game, bots, illegal moves."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from cardtable.core import IllegalAction  # noqa: E402
from cardtable.core.registry import list_games  # noqa: E402
from cardtable.envs.gymnasium import CardtableEnv, register_envs  # noqa: E402

GAMES = [info.name for info in list_games()]


@pytest.mark.parametrize("game", GAMES)
def test_check_env_passes(game: str) -> None:
    register_envs()
    made = gym.make(f"cardtable/{game}-v0", opponents="greedy", render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any checker warning fails the test
        check_env(made.unwrapped)


def _play(env: CardtableEnv, seed: int) -> tuple[float, int]:
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps, done, reward = 0, False, 0.0
    while not done:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, done, _, info = env.step(action)
        assert not info.get("illegal")
        steps += 1
    return reward, steps


@pytest.mark.parametrize("game", GAMES)
def test_masked_random_play_ends_with_a_win_share(game: str) -> None:
    env = CardtableEnv(game, seat=1, opponents="random")
    reward, steps = _play(env, 5)
    assert steps > 0
    assert 0.0 <= reward <= 1.0
    assert env.game.is_terminal()


def test_same_seed_same_episode() -> None:
    first = CardtableEnv("portfolio", players=3, opponents=["greedy", "random"])
    second = CardtableEnv("portfolio", players=3, opponents=["greedy", "random"])
    assert _play(first, 9) == _play(second, 9)
    assert first.game.to_json() == second.game.to_json()


def test_illegal_action_ends_with_penalty_or_raises() -> None:
    env = CardtableEnv("magic-show", opponents="random")
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(illegal)
    assert (reward, done, info) == (-1.0, True, {"illegal": True})
    strict = CardtableEnv("magic-show", opponents="random", illegal_reward=None)
    strict.reset(seed=1)
    before = strict.game.to_json()
    with pytest.raises(IllegalAction):
        strict.step(illegal)
    assert strict.game.to_json() == before


def test_bad_configuration_is_refused() -> None:
    with pytest.raises(ValueError, match="opponent spec"):
        CardtableEnv("score", opponents=["random"])
    with pytest.raises(ValueError, match="seat must be"):
        CardtableEnv("score", seat=3)
    with pytest.raises(ValueError, match="no agent called"):
        CardtableEnv("score", opponents="genius")
