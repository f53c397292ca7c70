"""Reports that tell the truth: every row counted, incomplete runs said to be so, intervals
where a designer needs them and none where a value holds by construction, and the first player
as the game's rules decide it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from cardtable.core import new_state
from cardtable.core.registry import unregister
from cardtable.simulate import run
from cardtable.simulate.plan import Plan
from cardtable.simulate.report import print_summary, write_html, zoom
from cardtable.simulate.stats import chi_square_even, ratio_interval, wilson
from cardtable.simulate.storage import part_path, prepare, write_part
from cardtable.simulate.summary import summarise

from .coin import ensure_registered


@pytest.fixture
def coin() -> Iterator[None]:
    ensure_registered()
    yield
    unregister("coin")


def fake_rows(start: int, end: int) -> list[dict[str, Any]]:
    """Coin rows whose length is the game's index: any sample of them has a smaller mean."""
    return [
        {
            "cell": 0,
            "sweep": "",
            "players": 2,
            "index": i,
            "seed": i,
            "options": "{}",
            "decisions": i,
            "first": 0,
            "bot_0": "random",
            "score_0": float(i % 2),
            "return_0": float(i % 2),
            "bot_1": "random",
            "score_1": float(1 - i % 2),
            "return_1": float(1 - i % 2),
            "winners": str(1 - i % 2),
            "rounds": 1.0,
        }
        for i in range(start, end)
    ]


def test_the_summary_uses_every_row_and_the_histograms_count_them_all(
    tmp_path: Path, coin: None
) -> None:
    out, games = tmp_path / "big", 25_000
    prepare(out, Plan("coin", 2, ("random", "random"), games, chunk_size=5000))
    for start in range(0, games, 5000):
        write_part(out, 0, start, fake_rows(start, start + 5000))
    _, [cell] = summarise(out)
    assert cell.decisions[0] == pytest.approx((games - 1) / 2)
    assert cell.lengths is not None and sum(cell.lengths.counts[0]) == games
    assert cell.score_hist is not None and [sum(c) for c in cell.score_hist.counts] == [games] * 2
    html = tmp_path / "r.html"
    write_html(out, html)
    assert "all 25,000 games" in html.read_text()


def test_an_interrupted_run_is_reported_incomplete(tmp_path: Path) -> None:
    out = tmp_path / "run"
    run("magic-show", 2, ["random"], 12, out, workers=1, chunk_size=4)
    part_path(out, 0, 4).unlink()
    console = Console(record=True, width=200)
    _, [cell] = print_summary(out, console)
    assert not cell.complete
    assert "INCOMPLETE: 8 of 12 planned games" in console.export_text()
    write_html(out, tmp_path / "r.html")
    assert "INCOMPLETE: 8 of 12" in (tmp_path / "r.html").read_text()
    run("magic-show", 2, ["random"], 12, out, workers=1, chunk_size=4)
    console = Console(record=True, width=200)
    print_summary(out, console)
    assert "INCOMPLETE" not in console.export_text()


def test_rounds_lengths_and_scores_have_intervals(tmp_path: Path) -> None:
    run("score", 3, ["random"], 40, tmp_path / "r", workers=1)
    _, [cell] = summarise(tmp_path / "r")
    for mean, low, high in [cell.decisions, cell.rounds, *cell.scores, *cell.stats.values()]:
        assert low <= mean <= high
    assert cell.rounds[0] - cell.rounds[1] > 0 and cell.decisions[2] - cell.decisions[0] > 0


def test_a_bot_alone_at_the_table_gets_no_pooled_interval(tmp_path: Path) -> None:
    run("magic-show", 2, ["random"], 10, tmp_path / "one", workers=1)
    _, [cell] = summarise(tmp_path / "one")
    assert cell.lone_bot == "random" and cell.bots == []
    run("magic-show", 2, ["greedy", "random"], 40, tmp_path / "two", workers=1)
    _, [mixed] = summarise(tmp_path / "two")
    greedy, random = mixed.bots
    # one seat each per game: the bot's share is a per-game proportion, and the two add to 1
    assert greedy.share[0] + random.share[0] == pytest.approx(1.0)
    assert greedy.share[2] - greedy.share[1] == pytest.approx(random.share[2] - random.share[1])


def test_ratio_interval_counts_games_not_seats() -> None:
    """Two seats per game always holding the same outcome: 100 games, not 200 seats."""
    wins = [1.0] * 30 + [0.0] * 70
    y = [2 * w for w in wins]  # the bot holds both seats and wins or loses both
    share, _low, high = ratio_interval(
        sum(y), 200, sum(v * v for v in y), sum(2 * v for v in y), 400, 100
    )
    assert share == pytest.approx(0.3)
    wald = 1.96 * (0.3 * 0.7 / 100) ** 0.5
    assert high - share == pytest.approx(wald, rel=0.02)  # a 200-seat interval is √2 narrower


def test_share_plots_zoom_to_their_intervals() -> None:
    lo, hi = zoom([("seat 0", 0.502, 0.496, 0.508), ("seat 1", 0.498, 0.492, 0.504)], 0.5)
    assert lo < 0.492 and hi > 0.508 and hi - lo < 0.05


def test_the_first_player_is_the_one_the_rules_pick(tmp_path: Path, coin: None) -> None:
    """The drawn first player always wins: seats are even, the first player wins every game."""
    options = {"bias": "100", "drawn_start": "true"}
    run("coin", 2, ["random"], 400, tmp_path / "r", workers=1, rotate=False, options=options)
    _, [cell] = summarise(tmp_path / "r")
    lo, hi = cell.seats[0].ci
    assert lo < 0.5 < hi
    assert cell.first.rate == 1.0 and cell.first_p < 1e-6
    assert cell.positions_chi2[1] < 1e-6 and cell.seats_chi2[1] > 0.01


def test_piece_of_the_action_records_its_drawn_first_leader(tmp_path: Path) -> None:
    table = run("pota", 4, ["random"], 12, tmp_path / "r", workers=1)
    rows = table.to_pylist()
    leaders = [new_state("pota", 4, r["seed"], json.loads(r["options"])).marker for r in rows]
    assert [r["first"] for r in rows] == leaders and len(set(leaders)) > 1


def test_chi_square_across_all_seats() -> None:
    assert chi_square_even([250, 250, 250, 250])[1] == pytest.approx(1.0)
    statistic, p = chi_square_even([280, 240, 240, 240])
    assert statistic == pytest.approx(4.8) and p == pytest.approx(0.1870, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
