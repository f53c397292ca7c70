"""The server's latency histograms and what it does about the garbage collector at start
(:mod:`cardtable.server.timings`)."""

from __future__ import annotations

import gc
import time
from pathlib import Path

from fastapi.testclient import TestClient

from cardtable.server.app import create_app
from cardtable.server.config import Settings, load_settings
from cardtable.server.timings import Histogram, Timings, quantile, tune_gc


def test_histogram_buckets_and_quantiles() -> None:
    h = Histogram("x_seconds", "test", buckets=(0.01, 0.1, 1.0))
    for seconds in [0.005] * 98 + [0.05, 5.0]:
        h.observe(seconds)
    lines = h.render()
    assert 'x_seconds_bucket{le="0.01"} 98' in lines
    assert 'x_seconds_bucket{le="0.1"} 99' in lines
    assert 'x_seconds_bucket{le="+Inf"} 100' in lines
    assert "x_seconds_count 100" in lines
    cumulative = [(0.01, 98.0), (0.1, 99.0), (1.0, 99.0), (float("inf"), 100.0)]
    p50 = quantile(cumulative, 0.5)
    assert p50 is not None and 0 < p50 <= 0.01
    assert quantile(cumulative, 0.99) == 0.1  # the 99th observation is the last below 0.1
    assert quantile(cumulative, 1.0) == 1.0  # beyond the last bound: the last bound
    assert quantile([], 0.5) is None


def test_every_collection_is_timed_while_watched() -> None:
    timings = Timings()
    timings.watch_gc()
    try:
        gc.collect()
    finally:
        timings.unwatch_gc()
    assert timings.gc_full_pause.count == 1 and timings.gc_pause.count == 1
    gc.collect()  # no longer watched
    assert timings.gc_pause.count == 1


def test_the_server_freezes_start_up_and_raises_the_young_threshold(tmp_path: Path) -> None:
    """With ``gc_young_threshold`` set, start-up's objects are frozen out of the collector's
    way and young collections are rarer while the server runs; both are undone when it stops
    (and the collector's pauses are no longer timed)."""
    before = gc.get_threshold()
    callbacks = len(gc.callbacks)
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'gc.db'}",
        warm_bot_workers=False,
        gc_young_threshold=12_345,
        gc_every_seconds=0,
    )
    with TestClient(create_app(settings)):
        assert gc.get_threshold() == (12_345, before[1], before[2])
        assert gc.get_freeze_count() > 0
        assert len(gc.callbacks) == callbacks + 1
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0
    assert len(gc.callbacks) == callbacks


def test_the_gc_threshold_is_a_setting() -> None:
    env = {"CARDTABLE_DATABASE_URL": "sqlite://", "CARDTABLE_GC_YOUNG_THRESHOLD": "0"}
    assert load_settings(env).gc_young_threshold == 0
    assert load_settings({"CARDTABLE_DATABASE_URL": "sqlite://"}).gc_young_threshold > 700


def test_by_default_the_server_collects_on_a_timer_not_on_allocations(tmp_path: Path) -> None:
    """``gc_every_seconds`` (the default, 60): the collector's own schedule is off while the
    server runs and it collects everything on a timer instead, timed like any collection;
    undone when the server stops. (Before, the server only raised the young threshold: with
    Python 3.11's count of allocations minus deallocations, each young collection then walked
    every live table's state; docs/reliability.md, "Fifth sitting".)"""
    assert gc.isenabled()
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'gc.db'}",
        warm_bot_workers=False,
        gc_every_seconds=0.05,
    )
    app = create_app(settings)
    with TestClient(app):
        assert not gc.isenabled()
        assert gc.get_freeze_count() > 0
        timings = app.state.service.timings
        start = timings.gc_full_pause.count
        deadline = time.monotonic() + 10
        while timings.gc_full_pause.count < start + 2 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert timings.gc_full_pause.count >= start + 2  # two timed full collections
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0
    assert load_settings({"CARDTABLE_DATABASE_URL": "sqlite://"}).gc_every_seconds == 60
    env = {"CARDTABLE_DATABASE_URL": "sqlite://", "CARDTABLE_GC_EVERY_SECONDS": "0"}
    assert load_settings(env).gc_every_seconds == 0


def test_tune_gc_with_neither_setting_leaves_the_collector_alone() -> None:
    before = gc.get_threshold()
    undo = tune_gc(0, 0)
    assert gc.isenabled() and gc.get_threshold() == before and gc.get_freeze_count() == 0
    undo()
    undo = tune_gc(0, 30)  # a timer alone still turns the collector's schedule off
    try:
        assert not gc.isenabled() and gc.get_freeze_count() > 0
    finally:
        undo()
    assert gc.isenabled() and gc.get_threshold() == before and gc.get_freeze_count() == 0
