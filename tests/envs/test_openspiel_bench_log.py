"""Resuming benchmarks/openspiel_ismcts.py from its log: settings are compared as data.

The script used to compare our search's configuration by its ``repr`` text, so adding a field
(``keep=0.0``) to ``IsmctsConfig`` made every older log unresumable although the search it
describes had not changed."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from types import ModuleType

import pytest

from tests.scripts import load_script

pytest.importorskip("pyspiel")

ROOT = Path(__file__).resolve().parents[2]
LOGS = ROOT / "benchmarks" / "openspiel_ismcts_logs"
OLD = (  # what IsmctsConfig() printed before it had ``keep``
    "IsmctsConfig(iterations=1000, time=0.0, c=0.7, rollout='random', cutoff=8, "
    "clock='wall', reuse=1, first='none')"
)


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_script("benchmarks/openspiel_ismcts.py", "openspiel_ismcts_bench")


def args(**given: object) -> argparse.Namespace:
    base: dict[str, object] = {
        "game": "magic-show",
        "players": 2,
        "games": 2,
        "first": 0,
        "iterations": 50,
        "time": 0.0,
        "clock": "cpu",
        "cutoff": 8,
        "log": None,
        "deadline": 0.0,
        "bridge": False,
    }
    return argparse.Namespace(**(base | given))


def test_an_older_repr_without_a_later_default_field_is_the_same_search(
    bench: ModuleType,
) -> None:
    assert bench.same_config(OLD, bench.settings(args())["ours"])


def test_the_repr_is_parsed_so_spacing_and_quotes_do_not_matter(bench: ModuleType) -> None:
    respelled = OLD.replace("'", '"').replace(", ", ",  ")
    assert bench.config_fields(respelled) == bench.config_fields(OLD)
    assert bench.config_fields(OLD)["c"] == 0.7


def test_a_different_search_is_not_resumed(bench: ModuleType) -> None:
    wanted = bench.settings(args())
    assert not bench.same_config(OLD.replace("c=0.7", "c=1.0"), wanted["ours"])
    assert not bench.same_config(OLD.replace("first='none'", "first='greedy'"), wanted["ours"])
    assert not bench.same_config(OLD[:-1] + ", keep=1.5)", wanted["ours"])  # a set new field
    assert not bench.same_config(OLD[:-1] + ", depth=3)", wanted["ours"])  # unknown: uncheckable
    assert not bench.same_settings(bench.settings(args(cutoff=1000)), wanted)
    assert not bench.same_settings(bench.settings(args(iterations=25)), wanted)
    unknown = bench.settings(args()) | {"seats": "all"}
    assert not bench.same_settings(unknown, wanted)


def test_text_that_is_not_a_config_is_a_clear_error(bench: ModuleType) -> None:
    for text in ("IsmctsConfig(1000)", "Other(c=1)", "IsmctsConfig(c=", "__import__('os')", 3):
        with pytest.raises(ValueError, match="not an IsmctsConfig"):
            bench.config_fields(text)


def test_the_committed_older_log_resumes(bench: ModuleType, tmp_path: Path) -> None:
    """Its games 7-18 were logged before ``keep`` existed; the same command finds them."""
    older = [
        line
        for line in (LOGS / "it50-portfolio-cut1000.jsonl").read_text().splitlines()
        if json.loads(line)["settings"]["ours"] == OLD
    ]
    assert len(older) >= 12
    log = tmp_path / "older.jsonl"
    log.write_text("\n".join(older) + "\n")
    found = bench.logged(args(game="portfolio", cutoff=1000, first=7, games=12, log=log))
    assert sorted(found) == list(range(7, 19))
    assert not bench.logged(args(game="portfolio", cutoff=8, first=7, games=12, log=log))


def test_a_log_mixing_both_formats_resumes_both(bench: ModuleType, tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    now = bench.settings(args())
    before = now | {"ours": OLD}
    lines = [{"index": 0, "share": 1.0, "settings": before}, {"index": 1, "settings": now}]
    log.write_text("".join(json.dumps(line) + "\n" for line in lines))
    assert sorted(bench.logged(args(log=log))) == [0, 1]
