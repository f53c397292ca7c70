"""Nobody can flood the lobby: rates and caps per client address, expiry, a paged list."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from cardtable.server.app import create_app
from cardtable.server.config import Settings

from .conftest import create

TWO = {"game": "magic-show", "players": 2, "seats": ["human", "human"]}


@contextmanager
def server(db_url: str, **limits: Any) -> Iterator[FastAPI]:
    app = create_app(Settings(database_url=db_url, think_time=0.0, **limits))
    with TestClient(app):  # runs the lifespan: resume, sweeper, workers
        yield app


def from_address(app: FastAPI, host: str) -> TestClient:
    return TestClient(app, client=(host, 50000))


def test_table_creation_is_rate_limited_per_address(db_url: str) -> None:
    with server(db_url, tables_per_minute=3) as app:
        alice, bob = from_address(app, "10.0.0.1"), from_address(app, "10.0.0.2")
        for _ in range(3):
            assert alice.post("/api/tables", json=TWO).status_code == 201
        refused = alice.post("/api/tables", json=TWO)
        assert refused.status_code == 429
        assert "too many new tables" in refused.json()["detail"]
        assert 1 <= int(refused.headers["retry-after"]) <= 20
        assert bob.post("/api/tables", json=TWO).status_code == 201
        assert len(alice.get("/api/tables").json()) == 4


def test_joins_are_rate_limited_per_address(db_url: str) -> None:
    with server(db_url, joins_per_minute=2) as app:
        alice, bob = from_address(app, "10.0.0.1"), from_address(app, "10.0.0.2")
        body = {"game": "nacho-loco", "players": 5, "seats": ["human"] * 5}
        table_id = alice.post("/api/tables", json=body).json()["table"]["id"]
        for _ in range(2):
            assert bob.post(f"/api/tables/{table_id}/join", json={}).status_code == 200
        refused = bob.post(f"/api/tables/{table_id}/join", json={})
        assert refused.status_code == 429 and "retry-after" in refused.headers
        assert alice.post(f"/api/tables/{table_id}/join", json={}).status_code == 200


def test_open_tables_are_capped_per_client_and_on_the_server(db_url: str) -> None:
    with server(db_url, tables_per_minute=0, tables_per_client=2, max_open_tables=3) as app:
        alice, bob = from_address(app, "10.0.0.1"), from_address(app, "10.0.0.2")
        for _ in range(2):
            assert alice.post("/api/tables", json=TWO).status_code == 201
        capped = alice.post("/api/tables", json=TWO)
        assert capped.status_code == 429 and "unfinished tables" in capped.json()["detail"]
        assert bob.post("/api/tables", json=TWO).status_code == 201
        full = bob.post("/api/tables", json=TWO)
        assert full.status_code == 503 and "open tables" in full.json()["detail"]


def test_a_table_nobody_opens_expires(db_url: str) -> None:
    with server(db_url, unjoined_seconds=0.3) as app:
        client = TestClient(app)
        left = create(client, "magic-show", ["human", "bot:random"])["table"]["id"]
        kept = create(client, "magic-show", ["human", "human"])["table"]["id"]
        with client.websocket_connect(f"/api/tables/{kept}/ws"):
            pass  # a spectator looked: somebody uses this table
        time.sleep(1.5)
        assert [t["id"] for t in client.get("/api/tables").json()] == [kept]
        gone = client.get(f"/api/tables/{left}")
        assert gone.status_code == 404
        assert client.get(f"/api/tables/{kept}").status_code == 200


def test_the_lobby_is_paged_filtered_and_lists_your_tables_first(db_url: str) -> None:
    with server(db_url, tables_per_minute=0) as app:
        client = TestClient(app)
        yours = create(client, "magic-show", ["human", "human"])["table"]["id"]
        for _ in range(4):
            create(client, "magic-show", ["human", "bot:random"])
        scores = [create(client, "score", ["human"] * 3)["table"]["id"] for _ in range(2)]
        page = client.get("/api/tables", params={"limit": 3})
        assert page.headers["x-total-count"] == "7" and len(page.json()) == 3
        assert [t["id"] for t in page.json()][:2] == scores[::-1]  # newest first
        rest = client.get("/api/tables", params={"limit": 3, "offset": 6}).json()
        assert [t["id"] for t in rest] == [yours]
        first = client.get("/api/tables", params={"limit": 3, "mine": f"{yours},nope"}).json()
        assert first[0]["id"] == yours
        only_score = client.get("/api/tables", params={"game": "score"})
        assert {t["id"] for t in only_score.json()} == set(scores)
        open_ones = client.get("/api/tables", params={"open": "true"}).json()
        assert {t["id"] for t in open_ones} == {yours, *scores}
        assert client.get("/api/tables", params={"limit": 1000}).status_code == 422
