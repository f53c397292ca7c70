"""Hypothesis over the WebSocket protocol: both seats of a table send generated messages — well
formed actions (legal, illegal, stale, duplicate), syncs, hints, other JSON, non-JSON text and
binary frames. Every message must get an answer on its own socket (an ack, a view or an error,
never a 5xx or a dropped connection), and a message answered with an error must leave the table
(its step, its event log and its seats) exactly as it was.

Bounded by ``CARDTABLE_FUZZ_SECONDS`` (default 10 s; batches of examples run until it is spent).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st
from starlette.testclient import WebSocketTestSession

from cardtable.server.app import create_app
from cardtable.server.config import Settings
from cardtable.server.tables import TableService

from .conftest import create

BUDGET = float(os.environ.get("CARDTABLE_FUZZ_SECONDS", "10"))

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
SAFE_TEXT = st.text(st.characters(exclude_categories=["Cs"]), max_size=60)


class Seat:
    """One seat's socket, with the broadcast views it has not read yet counted."""

    def __init__(self, ws: WebSocketTestSession) -> None:
        self.ws = ws
        self.unread = 0
        self.view: dict[str, Any] = {}

    def drain(self) -> None:
        while self.unread:
            message = self.ws.receive_json()
            assert message["type"] == "view", message
            self.view, self.unread = message, self.unread - 1

    def answer(self) -> dict[str, Any]:
        """The reply to the message just sent: an ack (after its view), an error or a view."""
        message = self.ws.receive_json()
        if message["type"] == "view" and self.expect_ack:
            self.view = message
            message = self.ws.receive_json()
        return dict(message)

    expect_ack = False


@pytest.fixture
def fuzz_client(db_url: str) -> Iterator[TestClient]:
    settings = Settings(
        database_url=db_url,
        think_time=0.0,
        max_messages_per_second=1_000_000,
        warm_bot_workers=False,
        bot_workers=1,
        away_seconds=100_000.0,  # no stand-in moves on its own while the test runs
        tables_per_minute=0,  # a fresh table per example
        joins_per_minute=0,
        tables_per_client=100_000,
        max_open_tables=100_000,
    )
    with TestClient(create_app(settings)) as client:
        yield client


def table_state(service: TableService, table_id: str) -> tuple[Any, ...]:
    """What a message could change: the live step and history, the stored events and seats."""
    table = service.get(table_id)
    stored = service.store.load(table_id)
    assert stored is not None
    return (
        table.seq,
        tuple(table.state.history),
        tuple(stored.actions),
        json.dumps(stored.row.seats, sort_keys=True),
    )


def message_for(data: st.DataObject, view: dict[str, Any]) -> str | bytes:
    """A generated message, often close to a real one for this view. What is drawn does not
    depend on the view (a legal action is picked by index), so Hypothesis can replay it."""
    legal = [a["id"] for a in view.get("legal", [])] + [a["text"] for a in view.get("legal", [])]
    seq = view.get("seq", 0)
    pick = data.draw(st.integers(0, 1000))
    action = st.integers(-3, 400) | SAFE_TEXT | st.booleans() | st.none() | JSON
    shaped = st.fixed_dictionaries(
        {
            "type": st.sampled_from(["action", "sync", "hint"]) | SAFE_TEXT,
            "seq": st.sampled_from([0, 1, -1, 2]).map(lambda d: seq - d) | st.integers() | JSON,
            "action": st.just(legal[pick % len(legal)] if legal else 0) | action,
        }
    )
    choice = data.draw(st.integers(0, 9))
    if choice < 6:
        return json.dumps(data.draw(shaped))
    if choice == 6:
        return json.dumps(data.draw(JSON))
    if choice == 7:
        return data.draw(SAFE_TEXT)
    if choice == 8:
        return data.draw(st.binary(max_size=40))
    return json.dumps({"type": data.draw(st.sampled_from(["sync", "hint"]))})


def test_generated_messages_are_answered_and_refusals_change_nothing(
    fuzz_client: TestClient,
) -> None:
    """Batches of Hypothesis runs (fresh seeds) until the time budget is spent; each example
    plays a fresh table, so examples are independent and a failure shrinks."""
    stop, batch = time.monotonic() + BUDGET, 0
    while batch == 0 or time.monotonic() < stop:
        run = settings(
            max_examples=15,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
        )(given(data=st.data())(lambda data: exchange(fuzz_client, data)))
        seed(batch)(run)()
        batch += 1


def exchange(client: TestClient, data: st.DataObject) -> None:
    """A fresh two-seat table; both seats send a few generated messages."""
    made = create(client, "magic-show", ["human", "human"])
    table_id = made["table"]["id"]
    joined = client.post(f"/api/tables/{table_id}/join", json={}).json()
    service: TableService = client.app.state.service  # type: ignore[attr-defined]
    base = f"/api/tables/{table_id}/ws?token="
    with (
        client.websocket_connect(base + made["token"]) as ws0,
        client.websocket_connect(base + joined["token"]) as ws1,
    ):
        seats = [Seat(ws0), Seat(ws1)]
        seats[0].unread, seats[1].unread = 2, 1  # each connection is announced to those open
        for _ in range(data.draw(st.integers(1, 8))):
            send_one(data, seats, service, table_id)


def send_one(data: st.DataObject, seats: list[Seat], service: TableService, table_id: str) -> None:
    """Send one generated message from a drawn seat and check its answer."""
    index = data.draw(st.integers(0, 1))
    seat = seats[index]
    seat.drain()
    message = message_for(data, seat.view)
    before = table_state(service, table_id)
    is_action = isinstance(message, str) and '"type": "action"' in message
    seat.expect_ack = is_action
    if isinstance(message, bytes):
        seat.ws.send_bytes(message)
    else:
        seat.ws.send_text(message)
    reply = seat.answer()
    assert reply["type"] in ("ack", "error", "view", "hint"), reply
    if reply["type"] == "error":
        assert 400 <= reply["code"] < 500, (message, reply)
        assert table_state(service, table_id) == before, (message, reply)
    elif reply["type"] == "ack" and not reply.get("duplicate"):
        assert table_state(service, table_id)[0] == before[0] + 1
        seats[1 - index].unread += 1
    else:
        assert table_state(service, table_id) == before, (message, reply)
