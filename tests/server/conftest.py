"""An in-process web table on a fresh SQLite file per test (bots move without delay)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, make_url, text

from cardtable.server.app import create_app
from cardtable.server.config import Settings


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'cardtable.db'}"


def _run(url: str, *statements: str) -> None:
    engine = create_engine(url)
    try:
        with engine.begin() as conn:
            conn.execute(text("SET LOCAL lock_timeout = '10s'"))
            for statement in statements:
                conn.execute(text(statement))
    finally:
        engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """SQLite always; PostgreSQL when ``CARDTABLE_TEST_DATABASE_URL`` names one (CI does).

    With ``CARDTABLE_REQUIRE_POSTGRES=1`` (set by ``.ci/run``) a missing URL is a failure. A
    PostgreSQL test runs in an empty schema of its own (``search_path`` on every connection),
    dropped afterwards, so two test runs sharing one server (a developer's run beside
    `make test`) cannot drop each other's tables.
    """
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'cardtable.db'}"
        return
    url = os.environ.get("CARDTABLE_TEST_DATABASE_URL", "")
    if not url:
        if os.environ.get("CARDTABLE_REQUIRE_POSTGRES") == "1":
            pytest.fail("CARDTABLE_TEST_DATABASE_URL is required but not set")
        pytest.skip("no PostgreSQL (set CARDTABLE_TEST_DATABASE_URL, as .ci/run does)")
    schema = f"cardtable_test_{os.getpid()}"
    _run(url, f"DROP SCHEMA IF EXISTS {schema} CASCADE", f"CREATE SCHEMA {schema}")
    yield (
        make_url(url)
        .update_query_dict({"options": f"-csearch_path={schema}"})
        .render_as_string(hide_password=False)
    )
    _run(url, f"DROP SCHEMA IF EXISTS {schema} CASCADE")


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    settings = Settings(
        database_url=db_url,
        think_time=0.0,
        max_messages_per_second=10_000,
        warm_bot_workers=False,  # most tests play no search: start the workers on first use
    )
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def create(client: TestClient, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    response = client.post(
        "/api/tables", json={"game": game, "players": len(seats), "seats": seats, **extra}
    )
    assert response.status_code == 201, response.text
    return dict(response.json())


def receive_view(ws: Any) -> dict[str, Any]:
    """The next view message (skipping acks)."""
    while True:
        message = ws.receive_json()
        if message["type"] == "view":
            return dict(message)
        assert message["type"] == "ack", message


def act(ws: Any, view: dict[str, Any], action: int | str) -> dict[str, Any]:
    """Send an action seen in ``view``; return the newest view once it is answered.

    An action built on a view that bots have overtaken may be refused (stale or no longer
    legal): then the client asks for a fresh view, as the browser client does.
    """
    ws.send_text(json.dumps({"type": "action", "seq": view["seq"], "action": action}))
    while True:
        message = ws.receive_json()
        if message["type"] == "view":
            view = message
        elif message["type"] == "ack":
            return view
        else:
            assert message["code"] in (400, 409), message
            ws.send_text(json.dumps({"type": "sync"}))
            return receive_view(ws)
