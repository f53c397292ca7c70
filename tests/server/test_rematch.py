"""Rematch: the same game, seats, bots and options at a new table; kept seats for the people."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient

from .conftest import create, receive_view


def finish(client: TestClient, table_id: str) -> None:
    """Play the table's game to its end on the server (random legal moves for every seat)."""
    table = client.app.state.service.get(table_id)  # type: ignore[attr-defined]
    rng = random.Random(7)
    while not table.state.is_terminal():
        seat = table.state.to_act()[0]
        table.state.apply(seat, rng.choice(table.state.legal_action_ids(seat)))


def ask(client: TestClient, table_id: str, token: str) -> Any:
    return client.post(f"/api/tables/{table_id}/rematch", json={"token": token})


def test_a_rematch_keeps_seats_bots_and_options_and_each_persons_seat(client: TestClient) -> None:
    made = create(
        client,
        "score",
        ["bot:greedy", "human", "human"],
        name="Ada",
        options={"target_score": 20},
        turn_seconds=90,
    )
    old = made["table"]["id"]
    bo = client.post(f"/api/tables/{old}/join", json={"name": "Bo"}).json()
    assert (made["seat"], bo["seat"]) == (1, 2)
    assert ask(client, old, made["token"]).status_code == 409  # not over yet
    finish(client, old)
    assert client.get(f"/api/tables/{old}/rematch").json() == {"table": None}
    assert ask(client, old, "not-a-seat-token").status_code == 403

    with client.websocket_connect(f"/api/tables/{old}/ws?token={bo['token']}") as ws:
        receive_view(ws)
        first = ask(client, old, made["token"])
        assert first.status_code == 200, first.text
        assert ws.receive_json() == {"type": "rematch", "table": first.json()["table"]["id"]}
    new = first.json()["table"]
    assert new["id"] != old and first.json()["seat"] == 1
    assert client.get(f"/api/tables/{old}/rematch").json() == {"table": new["id"]}
    before = client.get(f"/api/tables/{old}").json()
    assert new["game"] == "score" and new["options"] == before["options"]
    assert new["options"]["target_score"] == 20 and new["turn_seconds"] == 90
    assert [s["kind"] for s in new["seats"]] == ["human" if i else "bot" for i in range(3)]
    assert new["seats"][0]["bot"] == "greedy" and new["seats"][1]["name"] == "Ada"
    # Bo's seat is kept for Bo: the lobby cannot take it, Bo's rematch request does.
    assert new["seats"][2]["invite"] and not new["seats"][2]["taken"]
    assert client.post(f"/api/tables/{new['id']}/join", json={"seat": 2}).status_code == 403
    second = ask(client, old, bo["token"])
    assert second.status_code == 200, second.text
    assert second.json()["table"]["id"] == new["id"] and second.json()["seat"] == 2
    assert second.json()["table"]["seats"][2]["name"] == "Bo"
    assert ask(client, old, bo["token"]).status_code == 409  # given once
    with client.websocket_connect(f"/api/tables/{new['id']}/ws?token={second.json()['token']}"):
        pass  # the new token holds seat 2


def test_a_rematch_against_bots_starts_at_once(client: TestClient) -> None:
    made = create(client, "magic-show", ["human", "bot:random"])
    finish(client, made["table"]["id"])
    again = ask(client, made["table"]["id"], made["token"]).json()
    with client.websocket_connect(
        f"/api/tables/{again['table']['id']}/ws?token={again['token']}"
    ) as ws:
        view = receive_view(ws)
    assert view["seat"] == 0 and not view["observation"]["terminal"]
    assert view["table"]["seats"][1]["bot"] == "random"
