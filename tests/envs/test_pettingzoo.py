"""The PettingZoo AEC environments: PettingZoo's own API and seed tests for every game."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from cardtable.core import IllegalAction
from cardtable.core.registry import list_games
from cardtable.envs.pettingzoo import env, raw_env

GAMES = [info.name for info in list_games()]


@pytest.mark.parametrize("game", GAMES)
def test_api_test_passes(game: str) -> None:
    with warnings.catch_warnings():
        # PettingZoo warns that Dict observations are not Box/Discrete, as for its own classics.
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(game), num_cycles=100)


@pytest.mark.parametrize("game", GAMES)
def test_seed_test_passes(game: str) -> None:
    seed_test(lambda: env(game), num_cycles=50)


def test_players_option_and_agents() -> None:
    table = env("portfolio", players=3)
    table.reset(seed=4)
    assert table.possible_agents == ["player_0", "player_1", "player_2"]
    obs = table.observe(table.agent_selection)
    assert obs["action_mask"].shape == (table.unwrapped.table.num_actions,)
    assert obs["action_mask"].sum() > 0
    other = next(a for a in table.agents if a != table.agent_selection)
    assert table.observe(other)["action_mask"].sum() == 0


def test_rewards_are_win_shares_at_the_end() -> None:
    table = env("magic-show")
    table.reset(seed=2)
    rng = np.random.default_rng(0)
    total = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        obs, reward, term, trunc, _ = table.last()
        total[agent] += reward
        if term or trunc:
            table.step(None)
            continue
        assert reward == 0.0
        table.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sum(total.values()) == pytest.approx(1.0)
    assert set(total.values()) <= {0.0, 0.5, 1.0}


def test_illegal_action_is_refused_and_state_untouched() -> None:
    table = raw_env("score")
    table.reset(seed=1)
    before = table.state_.to_json()
    mask = table.observe(table.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalAction):
        table.step(illegal)
    assert table.state_.to_json() == before


def test_render_ansi_uses_the_terminal_renderer() -> None:
    table = env("score", render_mode="ansi")
    table.reset(seed=3)
    text = table.render()
    assert isinstance(text, str)
    assert "Score! round 1" in text
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("score", render_mode="human")
