"""``cardtable compare``: per-metric differences between two runs, paired when they share deals,
and how many more games would settle an open question."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable.cli.main import main
from cardtable.core.registry import unregister
from cardtable.simulate import run
from cardtable.simulate.compare import Diff, run_comparison

from .coin import ensure_registered


@pytest.fixture
def coin() -> Iterator[None]:
    ensure_registered()
    yield
    unregister("coin")


def coin_run(out: Path, bias: int, games: int, seed: int = 0) -> Path:
    options = {"bias": str(bias)}
    run("coin", 2, ["random"], games, out, seed=seed, workers=1, rotate=False, options=options)
    return out


def first(diffs: list[Diff]) -> Diff:
    return {d.metric: d for d in diffs}["first player's win share"]


def test_a_real_difference_is_found_paired(tmp_path: Path, coin: None) -> None:
    a, b = coin_run(tmp_path / "a", 50, 2000), coin_run(tmp_path / "b", 60, 2000)
    d = first(run_comparison(a, b))
    assert d.paired and d.games == 2000 and d.settled
    assert d.low < 0.10 < d.high and d.more_games is None


def test_an_open_question_says_how_many_more_games(tmp_path: Path, coin: None) -> None:
    a, b = coin_run(tmp_path / "a", 50, 100), coin_run(tmp_path / "b", 52, 100)
    d = first(run_comparison(a, b))
    assert not d.settled and d.more_games is not None
    # at the difference seen, the planned total gives an interval about |diff| / 2.8 wide per side
    total = d.games + d.more_games
    assert 1.96 * d.sd / total**0.5 == pytest.approx(abs(d.diff) * 1.96 / 2.80, rel=0.02)
    result = CliRunner(env={"COLUMNS": "200"}).invoke(main, ["compare", str(a), str(b)])
    assert result.exit_code == 0, result.output
    assert f"open: ~{d.more_games:,} more games" in result.output
    assert "paired game by game" in result.output


def test_runs_with_other_deals_are_compared_unpaired(tmp_path: Path, coin: None) -> None:
    a, b = coin_run(tmp_path / "a", 50, 300), coin_run(tmp_path / "b", 50, 300, seed=7)
    d = first(run_comparison(a, b))
    assert not d.paired and d.low < 0 < d.high


def test_compare_refuses_other_games_and_missing_cells(tmp_path: Path, coin: None) -> None:
    a = coin_run(tmp_path / "a", 50, 10)
    run("magic-show", 2, ["random"], 2, tmp_path / "ms", workers=1)
    runner = CliRunner()
    result = runner.invoke(main, ["compare", str(a), str(tmp_path / "ms")])
    assert result.exit_code == 1 and "holds coin" in result.output
    result = runner.invoke(main, ["compare", str(a), str(a), "--cell-b", "3"])
    assert result.exit_code == 1 and "has cells 0-0, not 3" in result.output
