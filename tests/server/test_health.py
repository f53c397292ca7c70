"""``/healthz`` tells a load balancer whether to send players here; ``/metrics`` counts."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import create_engine

from .conftest import act, create, receive_view


def test_healthz_is_ok_while_the_database_answers(client: TestClient) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200, response.text
    assert response.json()["status"] == "ok"


def test_healthz_is_503_when_the_database_is_gone(client: TestClient) -> None:
    store = client.app.state.service.store  # type: ignore[attr-defined]
    store.engine = create_engine("sqlite:////nonexistent-dir/cardtable.db")
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["status"] == "unavailable"
    assert "database" in response.json()["reason"]


def metric(client: TestClient, name: str) -> float:
    text = client.get("/metrics").text
    values = [line.split()[1] for line in text.splitlines() if line.startswith(name + " ")]
    assert len(values) == 1, text
    return float(values[0])


def test_metrics_count_tables_connections_and_moves(client: TestClient) -> None:
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain")
    assert "# TYPE cardtable_moves_total counter" in response.text
    made = create(client, "magic-show", ["human", "human"])
    table_id, token = made["table"]["id"], made["token"]
    assert metric(client, "cardtable_tables_open") == 1
    assert metric(client, "cardtable_tables_owned") == 1  # alone, a process owns every table
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={token}") as ws:
        view = receive_view(ws)
        assert metric(client, "cardtable_connections") == 1
        act(ws, view, view["legal"][0]["id"])
        assert metric(client, "cardtable_moves_total") == 1
    assert metric(client, "cardtable_connections") == 0


def test_metrics_time_each_action_from_its_message_to_its_ack(client: TestClient) -> None:
    """The server's own action-to-broadcast histogram (read -> committed, broadcast, acked),
    so its p99 can be told apart from the load generator's; the commit wait is timed too."""
    made = create(client, "magic-show", ["human", "human"])
    table_id, token = made["table"]["id"], made["token"]
    text = client.get("/metrics").text
    assert "# TYPE cardtable_action_seconds histogram" in text
    assert metric(client, "cardtable_action_seconds_count") == 0
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={token}") as ws:
        view = receive_view(ws)
        act(ws, view, view["legal"][0]["id"])
    assert metric(client, "cardtable_action_seconds_count") == 1
    assert metric(client, "cardtable_commit_seconds_count") == 1
    assert 0 < metric(client, "cardtable_action_seconds_sum") < 10
    text = client.get("/metrics").text
    assert 'cardtable_action_seconds_bucket{le="+Inf"} 1' in text
    # The buckets are cumulative: the count never falls from one bound to the next.
    counts = [
        float(line.split()[1])
        for line in text.splitlines()
        if line.startswith("cardtable_action_seconds_bucket")
    ]
    assert counts == sorted(counts) and counts[-1] == 1
    for name in ("cardtable_loop_lag_seconds", "cardtable_gc_pause_seconds"):
        assert f"# TYPE {name} histogram" in text
