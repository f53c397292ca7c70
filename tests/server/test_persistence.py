"""Event sourcing: a restarted server resumes every unfinished table exactly where it was."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import IntegrityError

from cardtable.server.app import create_app
from cardtable.server.config import Settings
from cardtable.server.store import Store, TableRow, now

from .conftest import act, create, receive_view

pytestmark = pytest.mark.xdist_group("postgres")  # one worker owns the shared database


def test_restart_resumes_the_table_exactly(any_db_url: str) -> None:
    settings = Settings(database_url=any_db_url, think_time=0.0, max_messages_per_second=10_000)
    with TestClient(create_app(settings)) as client:
        made = create(client, "piece-of-the-action", ["human", "bot:random", "bot:random"])
        table_id, token = made["table"]["id"], made["token"]
        with client.websocket_connect(f"/api/tables/{table_id}/ws?token={token}") as ws:
            view = receive_view(ws)
            for _ in range(6):
                view = act(ws, view, view["legal"][-1]["id"]) if view["legal"] else receive_view(ws)
            while not view["legal"]:  # wait for our turn: the bots then wait for us
                view = receive_view(ws)
            ws.send_text(json.dumps({"type": "sync"}))
            view = receive_view(ws)
        before = client.get(f"/api/tables/{table_id}").json()
    with TestClient(create_app(settings)) as client:
        after = client.get(f"/api/tables/{table_id}").json()
        assert after["seq"] == before["seq"] and after["to_act"] == before["to_act"]
        with client.websocket_connect(f"/api/tables/{table_id}/ws?token={token}") as ws:
            assert receive_view(ws)["observation"] == view["observation"]


def test_a_step_number_is_stored_once(any_db_url: str) -> None:
    store = Store(any_db_url)
    row = TableRow(
        id="t1",
        game="score",
        num_players=3,
        options={},
        seed=1,
        seats=[],
        finished=False,
        created_at=now(),
    )
    store.add_table(row)
    store.add_event("t1", 1, 0, "lead", False)
    with pytest.raises(IntegrityError):
        store.add_event("t1", 1, 0, "lead", False)
    assert store.load("t1").actions == [(0, "lead")]  # type: ignore[union-attr]
