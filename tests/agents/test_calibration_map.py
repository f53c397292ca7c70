"""The temperature map of benchmarks/calibration.py: fitted on some games, judged on others."""

from __future__ import annotations

from types import ModuleType

import pytest

from tests.scripts import load_script


@pytest.fixture(scope="module")
def cal() -> ModuleType:
    return load_script("benchmarks/calibration.py", "calibration_bench")


def test_the_identity_map_changes_nothing(cal: ModuleType) -> None:
    assert cal.squash(0.3, 1.0, 0.0) == pytest.approx(0.3)
    assert cal.squash(0.8, 2.0, 0.0) > 0.8  # a > 1 sharpens
    assert cal.squash(0.8, 0.5, 0.0) < 0.8  # a < 1 softens


def test_an_underconfident_estimate_is_sharpened_on_games_it_was_not_fitted_on(
    cal: ModuleType,
) -> None:
    """Like Nacho Loco's: estimates near 0.8 that always win, near 0.2 that always lose."""
    samples = []
    for game in range(8):
        samples += [cal.Sample(game, 0.8 + 0.01 * (game % 3), 1.0) for _ in range(5)]
        samples += [cal.Sample(game, 0.2 - 0.01 * (game % 3), 0.0) for _ in range(5)]
    a, b = cal.fit_map(samples)
    assert a > 1.5 and abs(b) < 0.5
    mapped, maps = cal.cross_fitted(samples)
    assert len(mapped) == len(samples) and len(maps) == 2
    assert cal.brier(mapped) < cal.brier(samples) / 2


def test_a_calibrated_estimate_is_left_about_alone(cal: ModuleType) -> None:
    samples = []
    for game in range(10):
        samples += [cal.Sample(game, 0.75, float(k < 3)) for k in range(4)]
        samples += [cal.Sample(game, 0.25, float(k < 1)) for k in range(4)]
    a, b = cal.fit_map(samples)
    assert a == pytest.approx(1.0, abs=0.15) and b == pytest.approx(0.0, abs=0.15)
