"""The interpreter's switch interval while the server runs (:func:`cardtable.server.timings.
tune_switching`): the move writer thread waited up to 5 ms for the GIL at each step of a commit
while the event loop computed (docs/reliability.md, "Eighth sitting")."""

from __future__ import annotations

import sys
from pathlib import Path

from fastapi.testclient import TestClient

from cardtable.server.app import create_app
from cardtable.server.config import Settings, load_settings
from cardtable.server.timings import tune_switching


def test_the_server_shortens_the_switch_interval_while_it_runs(tmp_path: Path) -> None:
    # Python's own 5 ms to start from (a server another test left running in this process
    # may have set it already).
    outside = sys.getswitchinterval()
    sys.setswitchinterval(0.005)
    try:
        settings = Settings(database_url=f"sqlite:///{tmp_path / 's.db'}", warm_bot_workers=False)
        with TestClient(create_app(settings)):
            assert sys.getswitchinterval() == settings.switch_interval_seconds == 0.001
        assert sys.getswitchinterval() == 0.005
    finally:
        sys.setswitchinterval(outside)


def test_the_switch_interval_is_a_setting() -> None:
    env = {"CARDTABLE_DATABASE_URL": "sqlite://", "CARDTABLE_SWITCH_INTERVAL_SECONDS": "0.002"}
    assert load_settings(env).switch_interval_seconds == 0.002
    assert load_settings({"CARDTABLE_DATABASE_URL": "sqlite://"}).switch_interval_seconds == 0.001
    before = sys.getswitchinterval()
    undo = tune_switching(0)  # 0: Python's own interval, untouched
    assert sys.getswitchinterval() == before
    undo()
    undo = tune_switching(0.0002)
    try:
        assert abs(sys.getswitchinterval() - 0.0002) < 1e-9
    finally:
        undo()
    assert sys.getswitchinterval() == before


def test_two_servers_that_stop_in_the_order_they_started_leave_python_s_interval() -> None:
    """Two servers in one process (the two-process tests run them so): the second one's
    "before" is the first one's setting; whichever order they stop in, Python's own interval
    is back at the end (before, stopping in start order left the first one's behind)."""
    outside = sys.getswitchinterval()
    sys.setswitchinterval(0.005)
    try:
        for order in ("start", "reverse"):
            first = tune_switching(0.001)
            second = tune_switching(0.001)
            undos = [first, second] if order == "start" else [second, first]
            for undo in undos:
                undo()
            assert sys.getswitchinterval() == 0.005, order
    finally:
        sys.setswitchinterval(outside)
