"""Turn timers and stand-in bots: a seated person's decision is taken by a bot when the timer
runs out, and every decision while the person has been away too long, until they return."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardtable.server.app import create_app
from cardtable.server.config import Settings, load_settings
from cardtable.server.store import Store

from .conftest import create, receive_view


def make_client(db_url: str, away: float = 60.0) -> TestClient:
    settings = Settings(
        database_url=db_url,
        think_time=0.0,
        max_messages_per_second=10_000,
        away_seconds=away,
        standin_bot="greedy",
    )
    return TestClient(create_app(settings))


@pytest.fixture
def quick_away(db_url: str) -> Iterator[TestClient]:
    with make_client(db_url, away=0.3) as client:
        yield client


def wait_for(client: TestClient, table_id: str, check: Any, limit: float = 10.0) -> dict[str, Any]:
    deadline = time.monotonic() + limit
    while True:
        summary = dict(client.get(f"/api/tables/{table_id}").json())
        if check(summary):
            return summary
        assert time.monotonic() < deadline, summary
        time.sleep(0.05)


def test_a_standin_takes_the_decision_when_the_turn_timer_runs_out(db_url: str) -> None:
    with make_client(db_url) as client:
        made = create(client, "score", ["human", "bot:random", "bot:random"], turn_seconds=0.4)
        table_id, token = made["table"]["id"], made["token"]
        assert made["table"]["turn_seconds"] == 0.4
        with client.websocket_connect(f"/api/tables/{table_id}/ws?token={token}") as ws:
            view = receive_view(ws)
            assert view["legal"] and view["table"]["to_act"] == [0]  # A leads first
            assert 0 < view["table"]["deadline"] <= 0.4
            started = time.monotonic()
            wait_for(client, table_id, lambda t: t["seq"] > 0)  # we never answer: the timer must
            assert time.monotonic() - started >= 0.3
            ws.send_text(json.dumps({"type": "sync"}))
            view = receive_view(ws)
            while view["seq"] == 0:
                view = receive_view(ws)
            assert view["observation"]["history"][0][0] == 0  # seat 0's decision was taken
            assert not view["table"]["seats"][0]["away"]  # we are connected, only slow


def test_without_a_timer_a_connected_player_is_waited_for(db_url: str) -> None:
    with make_client(db_url, away=0.2) as client:
        made = create(client, "score", ["human", "bot:random", "bot:random"])
        table_id, token = made["table"]["id"], made["token"]
        with client.websocket_connect(f"/api/tables/{table_id}/ws?token={token}") as ws:
            view = receive_view(ws)
            assert view["table"]["deadline"] is None
            time.sleep(0.8)
            ws.send_text(json.dumps({"type": "sync"}))
            assert receive_view(ws)["seq"] == 0


def test_an_away_player_is_played_by_a_standin_until_they_return(
    quick_away: TestClient,
) -> None:
    client = quick_away
    made = create(client, "score", ["human", "bot:random", "bot:random"])
    table_id, token = made["table"]["id"], made["token"]
    # Nobody connects: after the away time the stand-in plays seat 0 as well as the bots.
    summary = wait_for(client, table_id, lambda t: t["seq"] >= 12)
    assert summary["seats"][0]["away"]
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={token}") as ws:
        view = receive_view(ws)
        assert not view["table"]["seats"][0]["away"]
        assert view["away_seconds"] == 0.3  # the page warns of the stand-in with it
        wait_for(client, table_id, lambda t: 0 in t["to_act"])  # the bots play on until our turn
        ws.send_text(json.dumps({"type": "sync"}))
        view = receive_view(ws)
        while not view["legal"]:
            view = receive_view(ws)
        seq = view["seq"]
        time.sleep(0.8)  # longer than the away time: we are back, so nobody plays for us
        ws.send_text(json.dumps({"type": "sync"}))
        view = receive_view(ws)
        assert view["legal"], "our decision is still waiting for us"
        assert all(actor != 0 for actor, _ in view["observation"]["history"][seq:])
        seq = view["seq"]
    # Gone again: the stand-in takes over once more.
    wait_for(client, table_id, lambda t: t["seq"] > seq or t["finished"])


def test_a_bad_turn_timer_is_refused(client: TestClient) -> None:
    for value in (0, -3, "soon", 10**9):
        response = client.post(
            "/api/tables",
            json={"game": "score", "players": 3, "seats": ["human"] * 3, "turn_seconds": value},
        )
        assert response.status_code == 422, (value, response.text)
        assert "turn_seconds" in response.text


def test_the_timer_survives_a_restart(db_url: str) -> None:
    with make_client(db_url) as client:
        made = create(client, "magic-show", ["human", "human"], turn_seconds=30)
        table_id = made["table"]["id"]
    with make_client(db_url) as client:
        assert client.get(f"/api/tables/{table_id}").json()["turn_seconds"] == 30


def test_settings_read_the_standin_environment(tmp_path: Path) -> None:
    env = {"CARDTABLE_DATA_DIR": str(tmp_path), "CARDTABLE_AWAY_SECONDS": "5"}
    settings = load_settings(env)
    assert settings.away_seconds == 5 and settings.standin_bot == "greedy"
    with pytest.raises(ValueError, match="no agent called 'nonsense'"):
        load_settings({**env, "CARDTABLE_STANDIN_BOT": "nonsense"})


def test_the_migration_adds_the_timer_column_to_an_old_database(tmp_path: Path) -> None:
    """A database made by revision 0001 (before the timer) upgrades in place."""
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import create_engine, inspect

    url = f"sqlite:///{tmp_path / 'old.db'}"
    cfg = Config()
    import cardtable.server.store as store_module

    cfg.set_main_option("script_location", str(Path(store_module.__file__).parent / "migrations"))
    cfg.set_main_option("sqlalchemy.url", url)
    command.upgrade(cfg, "0001")
    engine = create_engine(url)
    assert "turn_seconds" not in {c["name"] for c in inspect(engine).get_columns("tables")}
    Store(url)  # the server migrates at start
    assert "turn_seconds" in {c["name"] for c in inspect(engine).get_columns("tables")}
    engine.dispose()


def test_a_simultaneous_decision_keeps_its_clock_when_one_seat_commits(db_url: str) -> None:
    """Magic Show: both seats choose at once; the first to commit must not restart the other's
    timer (it is the same decision until both are in)."""
    with make_client(db_url) as client:
        made = create(client, "magic-show", ["human", "human"], turn_seconds=3.0)
        table_id, token = made["table"]["id"], made["token"]
        joined = client.post(f"/api/tables/{table_id}/join", json={"name": "Bo"})
        assert joined.status_code == 200
        with client.websocket_connect(f"/api/tables/{table_id}/ws?token={token}") as ws:
            view = receive_view(ws)
            assert view["table"]["to_act"] == [0, 1]
            time.sleep(1.0)
            ws.send_text(
                json.dumps({"type": "action", "seq": view["seq"], "action": view["legal"][0]["id"]})
            )
            summary = wait_for(client, table_id, lambda t: t["seq"] == 1)
            assert summary["to_act"] == [1]
            assert summary["deadline"] is not None and summary["deadline"] <= 2.1
