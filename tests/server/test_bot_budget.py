"""Nobody can stall the bots: budgets are capped, searches run in worker processes, in turn."""

from __future__ import annotations

import os
import time
from dataclasses import replace
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from cardtable.agents import IsmctsAgent, PimcAgent, make_agent
from cardtable.core import new_state
from cardtable.core.options import options_to_json
from cardtable.server.app import create_app
from cardtable.server.botpool import worker_pid
from cardtable.server.budget import Budget
from cardtable.server.config import DEFAULTS, Settings
from cardtable.server.store import Store, TableRow, now

from .conftest import create

HOGS = [
    ("ismcts:time=100000", "at most 2 s"),
    ("ismcts:iterations=1000000000", "at most 3000 iterations"),
    ("ismcts:cutoff=100000", "at most 32 actions"),
    # The PIMC baseline is a search too: one of its worlds rolls out every legal action.
    ("pimc:time=100000", "at most 2 s"),
    ("pimc:iterations=1000000000", "at most 150 worlds"),
    ("pimc:cutoff=0", "at most 32 actions"),
    # Sequential halving counts rollouts: one is about one search iteration.
    ("halving:rollouts=1000000000", "at most 3000 rollouts"),
    ("halving:cutoff=0", "at most 32 actions"),
    ("halving:cutoff=100000", "at most 32 actions"),
]


@pytest.mark.parametrize(("spec", "words"), HOGS)
def test_a_bot_over_the_servers_budget_is_refused(
    client: TestClient, spec: str, words: str
) -> None:
    body = {"game": "magic-show", "players": 2, "seats": ["human", f"bot:{spec}"]}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 422, response.text
    assert words in response.json()["detail"]
    assert client.get("/api/tables").json() == []


def test_bots_within_the_budget_and_the_levels_are_accepted(client: TestClient) -> None:
    for spec in (
        "expert",
        "hard",
        "ismcts:time=2",
        "ismcts:iterations=3000",
        "greedy",
        "pimc:iterations=150",
        "pimc:time=0.25",
        "halving:rollouts=3000",
    ):
        create(client, "magic-show", ["human", f"bot:{spec}"])


def test_a_time_bounded_search_keeps_its_long_rollouts() -> None:
    """The rollout cap bounds an iteration's cost; a search on a clock keeps rolling out to the
    end, so the hint search's estimates stay calibrated (it was clamped to 32 actions)."""
    cap = Budget(seconds=2.0, iterations=3_000, cutoff=32)
    assert cap.check(DEFAULTS.hint_bot) is None
    assert cap.clamp(DEFAULTS.hint_bot) == DEFAULTS.hint_bot
    assert cap.check("pimc:time=0.5,cutoff=0") is None
    assert "cutoff=1000" in cap.clamp("ismcts:time=9,cutoff=1000")
    assert "cutoff=32" in cap.clamp("ismcts:iterations=10,cutoff=1000")
    assert "cutoff=32" in cap.clamp("pimc:iterations=10,cutoff=0")
    assert cap.clamp("halving:rollouts=1000000000") == (
        "halving:rollouts=3000,cutoff=8,value=auto,time=0.0,clock=wall,stop=cutoff"
    )
    assert "cutoff=32" in cap.clamp("halving:cutoff=0")


def test_halving_on_a_clock_or_stopping_at_the_round_is_capped_like_every_search() -> None:
    """``halving`` gained ``time``, ``clock`` and ``stop=round`` (docs/bots.md, "Ninth sitting:
    Score! rollouts to the round's end"); unchecked, ``halving:time=100000`` held a worker for
    a day and ``stop=round`` rolled out past the cut-off cap."""
    cap = Budget(seconds=2.0, iterations=3_000, cutoff=32)
    assert cap.check("halving:time=100000") == (
        "a bot may think at most 2 s per decision (time=100000.0 asked)"
    )
    assert "wall clock" in (cap.check("halving:time=1,clock=cpu") or "")
    assert "stop=round" in (cap.check("halving:rollouts=100,stop=round") or "")
    assert cap.check("halving:time=1.5,stop=round") is None  # the clock bounds it
    clamped = cap.clamp("halving:time=100000,clock=cpu,stop=round")
    assert "time=2.0" in clamped and "clock=wall" in clamped and "stop=round" in clamped
    assert cap.check(clamped) is None
    clamped = cap.clamp("halving:rollouts=100,stop=round")
    assert "stop=cutoff" in clamped and cap.check(clamped) is None


def test_pimc_stopping_at_the_round_is_capped_like_halving() -> None:
    """``pimc`` gained ``stop=round`` (docs/bots.md, "Tenth sitting: Score!"): on an iteration
    budget its rollouts then ran past the cut-off cap, the hole ``halving`` had in the ninth
    sitting. On a clock it is bounded like every timed search."""
    cap = Budget(seconds=2.0, iterations=3_000, cutoff=32)
    assert "stop=round" in (cap.check("pimc:iterations=10,stop=round") or "")
    assert cap.check("pimc:time=1.5,stop=round,rollout=heavy") is None
    clamped = cap.clamp("pimc:iterations=10,stop=round")
    assert "stop=cutoff" in clamped and cap.check(clamped) is None
    clamped = cap.clamp("pimc:time=100000,clock=cpu,stop=round")
    assert "time=2.0" in clamped and "stop=round" in clamped and cap.check(clamped) is None


def test_a_stored_hog_resumes_clamped_to_the_caps(db_url: str) -> None:
    """A table accepted under looser caps (or written by hand) cannot stall a restarted server."""
    state = new_state("magic-show", 2, 1, {})
    seats = [{"kind": "bot", "bot": "ismcts:time=100000", "name": "hog"}] * 2
    row = TableRow(
        id="hog",
        game="magic-show",
        num_players=2,
        options=options_to_json(state.options),
        seed=1,
        seats=seats,
        finished=False,
        turn_seconds=None,
        created_at=now(),
    )
    Store(db_url).add_table(row)
    settings = Settings(database_url=db_url, think_time=0.0, max_bot_seconds=0.05)
    with TestClient(create_app(settings)) as client:
        table = client.app.state.service.get("hog")  # type: ignore[attr-defined]
        assert all("time=0.05" in spec for spec in table.agents.values())
        deadline = time.monotonic() + 30
        while client.get("/api/tables/hog").json()["seq"] < 3:
            assert time.monotonic() < deadline, "the clamped bots did not move"
            time.sleep(0.05)


def test_searches_run_in_worker_processes_that_end_with_the_server(db_url: str) -> None:
    settings = Settings(database_url=db_url, think_time=0.0, bot_workers=2)
    app = create_app(settings)
    with TestClient(app) as client:
        pool = app.state.service.pool
        pid = client.portal.call(pool.run, worker_pid)  # type: ignore[union-attr]
        assert pid != os.getpid()
        workers = pool.pids()
        assert pid in workers and len(workers) <= 2
    for worker in workers:
        assert not Path(f"/proc/{worker}").exists() or _zombie(worker), worker


def _zombie(pid: int) -> bool:
    status = Path(f"/proc/{pid}/status").read_text()
    return "State:\tZ" in status


def test_a_probe_table_keeps_moving_beside_hostile_tables(db_url: str) -> None:
    """Four tables of bots at the cap on one worker; a fifth table's bots still move within
    (hostile tables / workers + 1) budgets, plus slack for a shared machine."""
    cap, hostile, workers = 0.3, 4, 1
    settings = Settings(
        database_url=db_url, think_time=0.0, max_bot_seconds=cap, bot_workers=workers
    )
    app = create_app(settings)
    with TestClient(app) as client:
        client.portal.call(app.state.service.pool.run, worker_pid)  # type: ignore[union-attr]
        for _ in range(hostile):
            create(client, "magic-show", [f"bot:ismcts:time={cap}"] * 2)
        probe = create(client, "magic-show", ["bot:ismcts:iterations=10"] * 2)["table"]["id"]
        bound = (hostile / workers + 1) * cap + 2.5
        seen, last, gaps = 0, time.monotonic(), []
        while seen < 6:
            seq = client.get(f"/api/tables/{probe}").json()["seq"]
            moment = time.monotonic()
            if seq > seen:
                gaps.append(moment - last)
                seen, last = seq, moment
            assert moment - last < bound, f"the probe stood still for {moment - last:.2f} s"
            time.sleep(0.02)
    assert max(gaps) < bound, gaps
    print(f"probe gaps (s): {[round(g, 2) for g in gaps]}; bound {bound:.2f} s")


def test_a_clamp_keeps_every_search_parameter() -> None:
    """``hard``'s ``reuse`` and ``first`` survive a clamp (config_spec listed fields by hand)."""
    cap = Budget(seconds=2.0, iterations=300, cutoff=32)
    clamped = make_agent(cap.clamp("hard", "score"))
    hard = make_agent("hard", game="score")
    assert isinstance(clamped, IsmctsAgent) and isinstance(hard, IsmctsAgent)
    assert clamped.config == replace(hard.config, iterations=300)


def test_a_cpu_clock_is_refused_and_clamped_to_the_wall_clock() -> None:
    """A CPU-time budget can take far longer by the wall clock on a loaded server."""
    cap = Budget(seconds=2.0, iterations=3_000, cutoff=32)
    for spec in ("ismcts:time=1,clock=cpu", "pimc:time=1,clock=cpu"):
        assert "wall clock" in (cap.check(spec) or "")
        agent = make_agent(cap.clamp(spec))
        assert isinstance(agent, IsmctsAgent | PimcAgent) and agent.config.clock == "wall"
