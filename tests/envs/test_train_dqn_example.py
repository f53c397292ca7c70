"""The DQN training example (examples/train_dqn.py): OpenSpiel's JAX DQN on Magic Show.

A few games end to end (the learner's actions are checked against the legal ones at every step)
and one Q-network update on a fixed batch, which must change the weights and lower the TD loss.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

pytest.importorskip("pyspiel", reason="the openspiel extra; `make sync` installs it")
pytest.importorskip("flax", reason="the train extra; `make sync` installs it")

EXAMPLE = Path(__file__).parents[2] / "examples" / "train_dqn.py"
SMALL = ["--hidden", "32", "--batch", "16", "--min-buffer", "32", "--learn-every", "3"]


@pytest.fixture(scope="module")
def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_dqn", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look the module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def trained(example: ModuleType) -> object:
    """An agent after one training game against random: it learns every 3rd decision once 32
    are stored (OpenSpiel's DQN fails if it learns at its 1st or 2nd step, before its buffer
    exists, so not every 1 or 2)."""
    args = example.parse(["--episodes", "1", *SMALL])
    env = example.new_env(example.DealSampler(seed=0))
    agent = example.new_agent(env, args)
    reward = example.play(env, agent, example.random_opponent(1), 0, learn=True)
    assert reward in (0.0, 0.5, 1.0)
    assert agent.loss is not None  # it did learn during the game
    return agent


def test_prepare_squashes_the_vector_and_pads_the_legal_list_without_changing_the_set(
    example: ModuleType,
) -> None:
    env = example.new_env(example.DealSampler([7]))
    time_step = env.reset()
    n = env.action_spec()["num_actions"]
    ready = example.prepare(time_step, n)
    seat = time_step.observations["current_player"]
    raw = np.asarray(time_step.observations["info_state"][seat])
    assert raw.max() > 1  # counts and scores: the squash is needed
    x = ready.observations["info_state"][seat]
    assert x.min() >= 0 and x.max() < 1
    np.testing.assert_allclose(x, raw / (1 + raw), rtol=1e-6)
    for before, after in zip(
        time_step.observations["legal_actions"],
        ready.observations["legal_actions"],
        strict=True,
    ):
        assert set(after) == set(before)
        assert len(after) == (n if before else 0)


def test_a_td_step_changes_the_weights_and_lowers_the_loss_on_a_fixed_batch(
    example: ModuleType, trained: object
) -> None:
    import jax
    from flax import nnx

    agent = trained
    batch = example.dqn.ReplayBuffer.sample(jax.random.key(3), agent.replay_buffer, 16)
    before = jax.tree.leaves(nnx.state(agent._q_network, nnx.Param))
    first = example.td_step(agent, batch)
    after = jax.tree.leaves(nnx.state(agent._q_network, nnx.Param))
    assert any(not np.array_equal(a, b) for a, b in zip(before, after, strict=True))
    second = example.td_step(agent, batch)
    assert second < first


def test_the_trained_agent_plays_only_legal_moves_against_both_opponents(
    example: ModuleType, trained: object
) -> None:
    # play() raises if the DQN picks an action outside the legal list.
    for opponent in ("random", "greedy"):
        shares = example.evaluate(trained, opponent, 1, example.EVAL_SEED)
        assert len(shares) == 1 and shares[0] in (0.0, 0.5, 1.0)


def test_evaluation_deals_are_never_training_deals(example: ModuleType) -> None:
    draws = example.DealSampler(seed=5)
    assert all(draws(None) < example.EVAL_DEALS for _ in range(1000))
    assert example.EVAL_SEED >= example.EVAL_DEALS
    assert example.CURVE_GREEDY_SEED + 10**5 <= example.DEALS
