"""The simulator: identical rows on every backend, resuming, sweeps, and the statistics
checked against games whose answer is known."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable.cli import main as cli_main
from cardtable.core import Rng
from cardtable.core.registry import unregister
from cardtable.simulate import run
from cardtable.simulate.compare import sweep_comparisons
from cardtable.simulate.plan import game_seed
from cardtable.simulate.runner import run_plan, todo
from cardtable.simulate.stats import binomial_p_value, wilson
from cardtable.simulate.storage import load_plan, part_path, read_results
from cardtable.simulate.summary import summarise

from .coin import ensure_registered


@pytest.fixture
def coin() -> Iterator[None]:
    ensure_registered()
    yield
    unregister("coin")


def rows(table: object) -> list[dict[str, object]]:
    return table.to_pylist()  # type: ignore[attr-defined,no-any-return]


def test_the_same_run_gives_identical_rows_on_one_or_two_workers(tmp_path: Path) -> None:
    one = run("magic-show", 2, ["random"], 24, tmp_path / "one", seed=5, workers=1, chunk_size=6)
    two = run("magic-show", 2, ["random"], 24, tmp_path / "two", seed=5, workers=2, chunk_size=6)
    assert rows(one) == rows(two)
    assert [r["seed"] for r in rows(one)] == [game_seed(5, i) for i in range(24)]
    assert {r["bot_0"] for r in rows(one)} == {"random"}


def test_an_interrupted_run_resumes_without_losing_or_repeating_games(tmp_path: Path) -> None:
    out = tmp_path / "run"
    full = rows(run("score", 3, ["random"], 12, out, seed=2, workers=1, chunk_size=4))
    part_path(out, 0, 4).unlink()  # as if the run had stopped before this chunk was stored
    (out / "part-c000-g000000008.tmp").write_bytes(b"half-written")  # a crash mid-write
    again = rows(run("score", 3, ["random"], 12, out, seed=2, workers=1, chunk_size=4))
    assert again == full
    assert [r["index"] for r in again] == list(range(12))


def test_a_different_run_in_the_same_directory_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "run"
    run("score", 3, ["random"], 4, out, workers=1)
    with pytest.raises(ValueError, match=re.escape("different run (seed: 0 here, 9 asked);")):
        run("score", 3, ["random"], 4, out, seed=9, workers=1)
    with pytest.raises(
        ValueError, match=re.escape("options: {} here, {'target_score': '20'} asked")
    ):
        run("score", 3, ["random"], 4, out, options={"target_score": "20"}, workers=1)
    with pytest.raises(
        ValueError, match=re.escape("games: 4 per cell here, 2 asked (a run can grow")
    ):
        run("score", 3, ["random"], 2, out, workers=1)


def test_a_run_grows_keeping_the_games_already_played(tmp_path: Path) -> None:
    out = tmp_path / "run"
    small = rows(run("score", 3, ["random"], 8, out, seed=4, workers=1, chunk_size=4))
    plan = load_plan(out)
    bigger = replace(plan, games=13, chunk_size=3)  # another --chunk is no different run
    assert todo(bigger, out) == [(0, 8, 11), (0, 11, 13)]
    assert run_plan(bigger, out, workers=2) == 5
    grown = rows(read_results(out))
    assert grown[:8] == small and [r["index"] for r in grown] == list(range(13))
    fresh = rows(run("score", 3, ["random"], 13, tmp_path / "fresh", seed=4, workers=1))
    assert grown == fresh


def test_cli_names_what_differs_before_saying_what_it_would_play(tmp_path: Path) -> None:
    runner = CliRunner()
    base = ["simulate", "ms", "--workers", "1", "--out", str(tmp_path / "r")]
    assert runner.invoke(cli_main.main, [*base, "-n", "4"]).exit_code == 0
    grown = runner.invoke(cli_main.main, [*base, "-n", "6", "--chunk", "1"])
    assert grown.exit_code == 0 and "2 to play" in grown.output, grown.output
    refused = runner.invoke(cli_main.main, [*base, "-n", "6", "--bots", "greedy"])
    assert refused.exit_code == 1 and "to play" not in refused.output, refused.output
    assert "bots: ['random', 'random'] here, ['greedy', 'greedy'] asked" in refused.output


def test_sweeps_tag_rows_and_share_seeds(tmp_path: Path) -> None:
    table = run(
        "score", 3, ["random"], 6, tmp_path / "sweep", workers=1, options={"target_score": "10,20"}
    )
    data = rows(table)
    assert sorted({r["sweep"] for r in data}) == ["target_score=10", "target_score=20"]
    by_cell = [[r["seed"] for r in data if r["cell"] == c] for c in (0, 1)]
    assert by_cell[0] == by_cell[1]  # paired: the same deals under both options
    longer = [r["rounds"] for r in data if r["cell"] == 1]
    shorter = [r["rounds"] for r in data if r["cell"] == 0]
    assert sum(longer) > sum(shorter)


def test_bots_rotate_around_the_table(tmp_path: Path) -> None:
    data = rows(run("score", 3, ["greedy", "random", "random"], 3, tmp_path / "r", workers=1))
    assert [r["bot_0"] for r in data] == ["greedy", "random", "random"]
    assert [r["bot_1"] for r in data] == ["random", "greedy", "random"]


def test_ray_backend_gives_rows_identical_to_the_local_one(tmp_path: Path) -> None:
    pytest.importorskip("ray", reason="Ray is an extra; `make sync` installs it")
    local = run(
        "magic-show", 2, ["random"], 12, tmp_path / "local", seed=3, workers=1, chunk_size=4
    )
    ray = run(
        "magic-show", 2, ["random"], 12, tmp_path / "ray", seed=3, ray_address="local", chunk_size=4
    )
    assert rows(ray) == rows(local)


def test_wilson_interval_covers_the_truth_at_its_nominal_rate() -> None:
    rng, hits, reps = Rng(11), 0, 2000
    for _ in range(reps):
        wins = sum(rng.below(1000) < 300 for _ in range(120))
        lo, hi = wilson(wins, 120)
        hits += lo <= 0.3 <= hi
    assert 0.93 <= hits / reps <= 0.97, hits / reps


def test_binomial_test_matches_known_values() -> None:
    assert binomial_p_value(50, 100, 0.5) == pytest.approx(1.0)
    assert binomial_p_value(60, 100, 0.5) == pytest.approx(0.0569, abs=1e-4)
    assert binomial_p_value(5200, 10000, 0.5) == pytest.approx(0.0000633, rel=0.05)


def test_a_fair_game_comes_out_even_and_a_biased_one_is_detected(
    tmp_path: Path, coin: None
) -> None:
    run("coin", 2, ["random"], 2000, tmp_path / "fair", workers=1, rotate=False)
    _, [fair] = summarise(tmp_path / "fair")
    lo, hi = fair.seats[0].ci
    assert lo <= 0.5 <= hi and fair.first_player_p > 0.05
    run(
        "coin",
        2,
        ["random"],
        2000,
        tmp_path / "biased",
        workers=1,
        rotate=False,
        options={"bias": "55"},
    )
    _, [biased] = summarise(tmp_path / "biased")
    assert biased.seats[0].ci[0] > 0.5 and biased.first_player_p < 0.01


def test_cli_simulate_then_report(tmp_path: Path) -> None:
    runner = CliRunner()
    out, html = tmp_path / "res", tmp_path / "report.html"
    args = [
        "simulate",
        "ms",
        "-n",
        "20",
        "--workers",
        "1",
        "--bots",
        "greedy,random",
        "--out",
        str(out),
    ]
    result = runner.invoke(cli_main.main, args)
    assert result.exit_code == 0, result.output
    assert "20 games in" in result.output
    result = runner.invoke(cli_main.main, ["report", str(out), "--html", str(html)])
    assert result.exit_code == 0, result.output
    assert "win share" in result.output and "greedy" in result.output
    text = html.read_text()
    assert text.count("<svg") >= 4 and "First-player advantage" in text


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["simulate", "chess", "--out", "x"], "no game called"),
        (["simulate", "score", "--bots", "genius", "--out", "x"], "no agent called"),
        (["simulate", "score", "--bots", "random,greedy", "--out", "x"], "give one spec, 3"),
        (["simulate", "score", "-o", "target_score=15", "--out", "x"], "must be one of"),
        (["report", "."], "not a simulation result directory"),
    ],
)
def test_cli_errors_are_one_line_reasons(args: list[str], words: str, tmp_path: Path) -> None:
    result = CliRunner().invoke(cli_main.main, args)
    assert result.exit_code != 0 and words in result.output, result.output


def test_one_plan_sweeps_table_sizes_bots_and_options(tmp_path: Path) -> None:
    out = tmp_path / "sweep"
    args = ["simulate", "pota", "-p", "3,4", "--bots", "random", "--bots", "greedy,random,..."]
    args += ["-o", "forced_lead_after_circle=true", "-n", "3", "--workers", "1", "--out", str(out)]
    result = CliRunner().invoke(cli_main.main, args)
    assert result.exit_code == 0, result.output
    assert "4 cell(s) × 3 games, 12 to play" in result.output
    data = rows(read_results(out))
    lineups = {(r["players"], r["bot_0"], r["bot_1"]) for r in data if r["index"] == 0}
    assert lineups == {(3, "random", "random"), (3, "greedy", "random")} | {
        (4, "random", "random"),
        (4, "greedy", "random"),
    }
    assert {r["sweep"] for r in data if r["cell"] == 3} == {
        "p=4 bots=greedy,random,... forced_lead_after_circle=true"
    }
    seeds = {c: [r["seed"] for r in data if r["cell"] == c] for c in range(4)}
    assert seeds[0] == seeds[1] == seeds[2] == seeds[3]  # paired: the same deals in every cell
    html = tmp_path / "r.html"
    result = CliRunner().invoke(cli_main.main, ["report", str(out), "--html", str(html)])
    assert result.exit_code == 0, result.output
    assert html.read_text().count("95% CI (paired)") == 3


def test_cells_are_compared_game_by_game(tmp_path: Path, coin: None) -> None:
    """Two cells with the same option value play the very same games: the paired difference is
    exactly 0; a cell where the first player always wins differs by about one half."""
    out = tmp_path / "r"
    run("coin", 2, ["random"], 300, out, workers=1, rotate=False, options={"bias": "50,50,100"})
    (_, _, same), (_, _, sure) = sweep_comparisons(out)
    first = {d.metric: d for d in same}["first player's win share"]
    assert first.paired and first.games == 300
    assert first.diff == first.low == first.high == 0 and first.more_games is None
    big = {d.metric: d for d in sure}["first player's win share"]
    assert big.settled and big.low < 0.5 < big.high


def test_a_time_budgeted_bot_is_warned_about_and_recorded(tmp_path: Path) -> None:
    out = tmp_path / "timed"
    args = ["simulate", "ms", "-n", "1", "--workers", "1", "--out", str(out)]
    result = CliRunner().invoke(cli_main.main, [*args, "--bots", "ismcts:time=0.001,random"])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "ismcts:time=0.001 searches for a time" in text and "cannot be reproduced" in text
    assert "ismcts:iterations=400" in text
    manifest = json.loads((out / "run.json").read_text())
    assert manifest["reproducible"] is False and "ismcts:time=0.001" in str(manifest)
    assert load_plan(out).bots == ("ismcts:time=0.001", "random")  # the manifest still loads
    plain = tmp_path / "plain"
    result = CliRunner().invoke(cli_main.main, [*args[:-1], str(plain), "--bots", "hard,random"])
    assert "Warning" not in result.output
    assert json.loads((plain / "run.json").read_text())["reproducible"] is True


def test_report_and_compare_on_a_run_with_no_stored_games_say_so(tmp_path: Path) -> None:
    """A run interrupted before its first chunk has ``run.json`` and no part: ``report`` and
    ``compare`` say so in one line (DuckDB used to raise an IOException with a traceback)."""
    runner = CliRunner()
    done, empty = tmp_path / "done", tmp_path / "empty"
    args = ["simulate", "ms", "-n", "4", "--workers", "1", "--bots", "random", "--out"]
    assert runner.invoke(cli_main.main, [*args, str(done)]).exit_code == 0
    empty.mkdir()
    (empty / "run.json").write_text((done / "run.json").read_text())
    for command in (["report", str(empty)], ["compare", str(done), str(empty)]):
        result = runner.invoke(cli_main.main, command)
        assert result.exit_code == 1, result.output
        assert "holds no finished games yet" in result.output
        assert isinstance(result.exception, SystemExit)  # a clean exit, not a traceback
