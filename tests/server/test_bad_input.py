"""Hostile input gets a clear 4xx (or an error message on the socket), changes nothing and is
never echoed back in full."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from .conftest import create, receive_view

TABLE = '{"game": "magic-show", "players": 2, "seats": ["human", "human"]'


@pytest.mark.parametrize(
    "body",
    [
        TABLE + ', "turn_seconds": NaN}',
        TABLE + ', "turn_seconds": Infinity}',
        TABLE + ', "options": {"x": -Infinity}}',
    ],
)
def test_non_finite_numbers_are_refused_not_a_500(client: TestClient, body: str) -> None:
    response = client.post(
        "/api/tables", content=body.encode(), headers={"content-type": "application/json"}
    )
    assert response.status_code == 400, response.text
    assert "finite" in response.json()["detail"]
    assert client.get("/api/tables").json() == []


def test_deep_json_bodies_are_refused_before_parsing(client: TestClient) -> None:
    body = TABLE + ', "options": {"x": ' + "[" * 5000 + "]" * 5000 + "}}"
    response = client.post(
        "/api/tables", content=body.encode(), headers={"content-type": "application/json"}
    )
    assert response.status_code == 400 and "nested" in response.json()["detail"]


def test_a_large_body_is_refused_with_413(client: TestClient) -> None:
    body = {"game": "magic-show", "players": 2, "seats": ["human", "human"], "x": "y" * 100_000}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 413 and "bytes" in response.json()["detail"]
    assert client.get("/api/tables").json() == []


def test_extra_fields_are_refused(client: TestClient) -> None:
    for path, body in [
        ("/api/tables", {"game": "magic-show", "players": 2, "seats": ["human"] * 2, "x": 1}),
        ("/api/tables", {"game": "magic-show", "players": 2, "seats": ["human"] * 2, "seed": 1}),
    ]:
        response = client.post(path, json=body)
        assert response.status_code == 422, response.text
        assert "extra" in response.text.lower()
    made = create(client, "magic-show", ["human", "human"])
    joined = client.post(f"/api/tables/{made['table']['id']}/join", json={"token": "mine"})
    assert joined.status_code == 422


def test_errors_quote_only_a_short_excerpt(client: TestClient) -> None:
    huge = "N" * 60_000
    for body in [
        {"game": "magic-show", "players": 2, "seats": ["human", "human"], "name": huge},
        {"game": "magic-show", "players": 2, "seats": [huge, "human"]},
        {"game": huge, "players": 2, "seats": ["human", "human"]},
    ]:
        response = client.post("/api/tables", json=body)
        assert response.status_code == 422, response.text[:200]
        assert len(response.content) < 2_000, len(response.content)


def test_names_lose_control_and_bidi_characters(client: TestClient) -> None:
    made = create(client, "magic-show", ["human", "human"], name="Ada\u202e\u0007 \u2066Lo\u200bve")
    table_id = made["table"]["id"]
    assert made["table"]["seats"][0]["name"] == "Ada Love"
    joined = client.post(f"/api/tables/{table_id}/join", json={"name": "\u202e\u0000\u200f"})
    assert joined.status_code == 200 and joined.json()["table"]["seats"][1]["name"] == "Guest"
    family = "Bo \U0001f468\u200d\U0001f469"  # the joiner that builds emoji stays
    other = create(client, "magic-show", ["human", "human"], name=family)
    assert other["table"]["seats"][0]["name"] == family


def test_bad_websocket_json_gets_an_error_message_and_the_socket_stays(
    client: TestClient,
) -> None:
    made = create(client, "magic-show", ["human", "human"])
    url = f"/api/tables/{made['table']['id']}/ws?token={made['token']}"
    with client.websocket_connect(url) as ws:
        before = receive_view(ws)["observation"]
        for raw, words in [
            ("[" * 2000 + "]" * 2000, "nested"),
            ('{"type": "action", "seq": NaN, "action": 1}', "finite"),
            ('{"type": "sync", "x": Infinity}', "finite"),
        ]:
            ws.send_text(raw)
            message = ws.receive_json()
            assert message["type"] == "error" and message["code"] == 400, message
            assert words in message["message"] and len(message["message"]) < 200
        ws.send_text(json.dumps({"type": "sync"}))
        assert receive_view(ws)["observation"] == before


def test_a_binary_websocket_frame_gets_an_error_and_the_socket_stays(client: TestClient) -> None:
    # Found by tests/server/test_fuzz_ws.py: a binary frame raised KeyError in the server's
    # read loop, and the connection dropped without a close frame or a message.
    made = create(client, "magic-show", ["human", "human"])
    url = f"/api/tables/{made['table']['id']}/ws?token={made['token']}"
    with client.websocket_connect(url) as ws:
        before = receive_view(ws)
        ws.send_bytes(json.dumps({"type": "action", "seq": 0, "action": 0}).encode())
        message = ws.receive_json()
        assert message["type"] == "error" and message["code"] == 400, message
        assert "text" in message["message"]
        ws.send_text(json.dumps({"type": "sync"}))
        after = receive_view(ws)
        assert after["seq"] == before["seq"] == 0
        assert after["observation"] == before["observation"]
