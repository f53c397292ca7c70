"""The training example (examples/train_reinforce.py): its update rule, and a few-episode run."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="the rl extra; `make sync` installs it")
pytest.importorskip("matplotlib")

EXAMPLE = Path(__file__).parents[2] / "examples" / "train_reinforce.py"


@pytest.fixture(scope="module")
def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_reinforce", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look the module up
    spec.loader.exec_module(module)
    return module


def test_a_rewarded_action_becomes_more_likely_and_a_punished_one_less(
    example: ModuleType,
) -> None:
    x = np.array([0.5, -0.2, 1.0])
    mask = np.array([1, 1, 0, 1], dtype=np.int8)
    for advantage, sign in ((0.5, 1), (-0.5, -1)):
        weights = np.zeros((4, 3))
        adam = example.Adam(0.05, np.zeros_like(weights), np.zeros_like(weights))
        before = example.policy(weights, x, mask)
        for _ in range(5):
            p = example.policy(weights, x, mask)
            adam.step(weights, example.score_gradient([(x, p, 1)], advantage))
        after = example.policy(weights, x, mask)
        assert sign * (after[1] - before[1]) > 0.05, (before, after)
        assert after[2] == 0.0  # an illegal action stays impossible


def test_a_few_episodes_train_evaluate_and_plot(
    example: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "curve.png"
    args = ["--episodes", "4", "--batch", "2", "--every", "2", "--eval", "2", "--final", "3"]
    before, after = example.main([*args, "--out", str(out)])
    assert 0.0 <= before <= 1.0 and 0.0 <= after <= 1.0
    printed = capsys.readouterr().out
    assert "episode 4:" in printed and "after training: win share vs random" in printed
    assert out.stat().st_size > 1000
