"""The ladder: matchups, seat rotation bookkeeping, Elo, reproducibility, the command."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable.cli.main import main
from cardtable.core.registry import unregister
from cardtable.simulate.ladder import elo_ratings, matchups, run_ladder, summarise_ladder
from cardtable.simulate.storage import load_plan, read_results

from .coin import ensure_registered


@pytest.fixture
def coin() -> Iterator[None]:
    ensure_registered()
    yield
    unregister("coin")


def test_matchups() -> None:
    assert matchups(["a", "b", "c"], 2) == [("a", "b"), ("a", "c"), ("b", "c")]
    assert matchups(["a", "b"], 4) == [("a", "b"), ("b", "a")]
    with pytest.raises(ValueError, match="two different bots"):
        matchups(["a", "a"], 2)


def test_hero_seat_follows_the_rotation(coin: None) -> None:
    """Seat 0 always wins the biased coin: the hero wins exactly the games it sits in seat 0."""
    result = run_ladder("coin", 2, ["random", "greedy"], 5, options={"bias": "100"}, workers=1)
    (m,) = result.matchups
    assert (m.hero, m.field, m.games, m.hero_wins) == ("random", "greedy", 5, 3.0)
    shares = {b.bot: (b.seats, b.wins) for b in result.bots}
    assert shares == {"random": (5, 3.0), "greedy": (5, 2.0)}


def test_elo_orders_the_bots_and_anchors_the_first() -> None:
    games = [(["a", "b", "c"], [0.0, 1.0, 0.0])] * 5 + [(["a", "b", "c"], [0.0, 0.0, 1.0])]
    elo = elo_ratings(["a", "b", "c"], games)
    assert elo["a"] == 1000.0
    assert elo["b"] > elo["c"] > elo["a"]
    even = elo_ratings(["a", "b"], [(["a", "b"], [0.5, 0.5])] * 10)
    assert even["b"] == pytest.approx(1000.0)


def test_greedy_beats_random_and_the_run_is_reproducible_on_any_workers() -> None:
    one = run_ladder("magic-show", 2, ["random", "greedy"], 30, seed=3, workers=1)
    two = run_ladder("magic-show", 2, ["random", "greedy"], 30, seed=3, workers=2)
    assert one == two
    assert one.bots[0].bot == "greedy" and one.bots[0].elo > 1000
    assert sum(b.wins for b in one.bots) == pytest.approx(30)


def test_multi_player_ladder_plays_both_orders() -> None:
    result = run_ladder("score", 3, ["random", "greedy"], 3, workers=1)
    assert [(m.hero, m.field, m.games) for m in result.matchups] == [
        ("random", "greedy", 3),
        ("greedy", "random", 3),
    ]
    assert sum(b.seats for b in result.bots) == 6 * 3


def test_ladder_command() -> None:
    runner = CliRunner(env={"FORCE_COLOR": None, "COLUMNS": "120"})
    args = ["ladder", "ms", "--bots", "random,ismcts:iterations=20,cutoff=5", "-n", "4"]
    result = runner.invoke(main, [*args, "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert "ismcts:iterations=20,cutoff=5" in result.output
    assert "Elo" in result.output and "95% CI" in result.output
    assert "4 games of magic-show, 2 players, seed 0" in result.output
    for bad, words in (
        (["ladder", "ms", "--bots", "random,genius"], "no agent called 'genius'"),
        (["ladder", "ms", "--bots", "random"], "two different bots"),
        (["ladder", "ms", "-p", "3", "--bots", "random,greedy"], "exactly 2 players"),
        (["ladder", "nope"], "no game called 'nope'"),
    ):
        out = runner.invoke(main, bad)
        assert out.exit_code == 2, out.output
        assert words in " ".join(out.output.split()), out.output


def test_ladder_rows_are_stored_like_any_run(tmp_path: Path) -> None:
    out = tmp_path / "ladder"
    runner = CliRunner(env={"FORCE_COLOR": None, "COLUMNS": "120"})
    args = ["ladder", "score", "-p", "3", "--bots", "random,greedy", "-n", "3", "--out", str(out)]
    result = runner.invoke(main, [*args, "--workers", "1"])
    assert result.exit_code == 0, result.output
    data = read_results(out).to_pylist()
    assert sorted({(r["cell"], r["bot_0"]) for r in data if r["index"] == 0}) == [
        (0, "random"),
        (1, "greedy"),
    ]
    stored = summarise_ladder(load_plan(out), ["random", "greedy"], data)
    again = run_ladder("score", 3, ["random", "greedy"], 3, workers=1)
    assert stored == again
    report = runner.invoke(main, ["report", str(out)])
    assert report.exit_code == 0 and "bots=random,greedy,greedy" in report.output, report.output
