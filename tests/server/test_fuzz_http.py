"""Schemathesis over the server's own OpenAPI document: generated requests, valid and not, to
every documented route. No answer may be a 5xx, and a refused request (4xx) must leave the
stored tables, seats and events exactly as they were.

The run is bounded by a time budget (``CARDTABLE_FUZZ_SECONDS``, default 4 s per operation,
seven operations; examples past it are skipped) so it fits the normal CI run; raise it locally to
search longer. Part of the path parameters are replaced by the ids of real tables, so the routes are
exercised past their 404.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
import time
import zlib
from pathlib import Path
from typing import Any

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.python import asgi
from sqlalchemy import create_engine, text

from cardtable.server.app import create_app
from cardtable.server.config import Settings

BUDGET = float(os.environ.get("CARDTABLE_FUZZ_SECONDS", "4"))
DB = Path(tempfile.mkdtemp(prefix="cardtable-fuzz-")) / "fuzz.db"
# Removed at exit, after Schemathesis has stopped the app (exit handlers run newest first).
atexit.register(shutil.rmtree, DB.parent, True)
URL = f"sqlite:///{DB}"
APP = create_app(
    Settings(
        database_url=URL,
        # Bots wait this long before each move, so nothing moves on its own between the
        # snapshots that bracket a request.
        think_time=100_000.0,
        warm_bot_workers=False,
        bot_workers=1,
        # Rate limits would turn most requests into 429s: lift them so the routes are reached.
        tables_per_minute=0,
        joins_per_minute=0,
        tables_per_client=100_000,
        max_open_tables=100_000,
    )
)
SCHEMA = schemathesis.openapi.from_asgi("/openapi.json", APP)
_started: dict[str, float] = {}
_tables: list[str] = []


def real_tables() -> list[str]:
    """A few tables to aim generated requests at: seats open, a bot's seat, bots only."""
    if not _tables:
        # Schemathesis's own client: the app's lifespan and event loop are the ones the
        # generated requests use (a table's asyncio objects belong to one loop).
        with asgi.get_client(APP) as client:
            for seats in (["human", "human"], ["human", "bot:random"], ["bot:random"] * 2):
                body = {"game": "magic-show", "players": 2, "seats": seats}
                made = client.post(f"http://{asgi.HOST}/api/tables", json=body)
                assert made.status_code == 201, made.text
                _tables.append(made.json()["table"]["id"])
    return _tables


def snapshot() -> tuple[Any, ...]:
    """Everything a request could change: each table's row and the whole event log."""
    engine = create_engine(URL)
    try:
        with engine.connect() as conn:
            tables = conn.execute(
                text("SELECT id, seats, finished, seats_version, seen FROM tables ORDER BY id")
            ).all()
            events = conn.execute(
                text("SELECT table_id, seq, seat, action FROM events ORDER BY table_id, seq")
            ).all()
    finally:
        engine.dispose()
    return tuple(tables), tuple(events)


def over_budget(label: str) -> bool:
    start = _started.setdefault(label, time.monotonic())
    return time.monotonic() - start > BUDGET


@SCHEMA.parametrize()
@settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_no_request_gets_a_5xx_or_changes_anything_when_refused(case: Any) -> None:
    if over_budget(case.operation.label):
        return
    tables = real_tables()
    params = case.path_parameters or {}
    if "table_id" in params:
        pick = zlib.crc32(repr(case.body).encode() + repr(case.query).encode())
        if pick % 3:  # two thirds of the cases aim at a real table
            params["table_id"] = tables[pick % len(tables)]
    before = snapshot()
    response = case.call()
    case.validate_response(response, checks=[not_a_server_error])
    if response.status_code >= 400:
        assert snapshot() == before, f"{case.operation.label} {response.status_code} changed state"
