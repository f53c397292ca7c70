"""An in-process web table on a fresh SQLite file per test (bots move without delay)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from cardtable.server.app import create_app
from cardtable.server.config import Settings


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'cardtable.db'}"


def reset_postgres(url: str) -> None:
    """Drop whatever an earlier test left, so each test starts from an empty database."""
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE IF EXISTS events, tables, alembic_version CASCADE"))
    engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """SQLite always; PostgreSQL when ``CARDTABLE_TEST_DATABASE_URL`` names one (CI does).

    With ``CARDTABLE_REQUIRE_POSTGRES=1`` (set by ``.ci/run``) a missing URL is a failure.
    """
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'cardtable.db'}"
    url = os.environ.get("CARDTABLE_TEST_DATABASE_URL", "")
    if not url:
        if os.environ.get("CARDTABLE_REQUIRE_POSTGRES") == "1":
            pytest.fail("CARDTABLE_TEST_DATABASE_URL is required but not set")
        pytest.skip("no PostgreSQL (set CARDTABLE_TEST_DATABASE_URL, as .ci/run does)")
    reset_postgres(url)
    return url


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    settings = Settings(database_url=db_url, think_time=0.0, max_messages_per_second=10_000)
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
