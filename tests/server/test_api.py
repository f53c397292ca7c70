"""The web table over HTTP and WebSocket, in-process: lobby, play, every bad input."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardtable.core import GameRecord, list_games
from cardtable.server.app import create_app
from cardtable.server.config import Settings

from .conftest import act, create, receive_view


def test_games_lists_every_registered_game_with_options(client: TestClient) -> None:
    games = client.get("/api/games").json()
    assert {g["name"] for g in games} == {g.name for g in list_games()}
    assert all("random" in g["bots"] for g in games)


def test_openapi_document_describes_the_lobby(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    assert "/api/tables" in paths and "/api/tables/{table_id}/join" in paths


def test_pages_are_served(client: TestClient) -> None:
    assert "cardtable" in client.get("/").text
    assert "table.js" in client.get("/t/abc").text
    assert client.get("/static/table.js").status_code == 200


def test_every_page_has_the_icon_and_favicon_ico_is_served(client: TestClient) -> None:
    """Browsers ask for /favicon.ico whatever a page links (it was a 404)."""
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg")
    for page in ("/", "/t/abc", "/t/abc/replay"):
        assert 'rel="icon" href="/static/favicon.svg"' in client.get(page).text, page


def play_to_end(ws: Any, limit: int = 20_000) -> dict[str, Any]:
    """Answer every decision of this seat with its first legal action until the game ends
    (never opening a trade, which would make a Portfolio game very long). ``limit`` counts
    views, about one per action of any seat: a two-seat Portfolio game with trades against a
    random bot took 733 to 3,904 actions over 300 seeds (1,537 the median), so the limit only
    stops a game that would not end."""
    view = receive_view(ws)
    for _ in range(limit):
        if view["observation"]["terminal"]:
            return view
        if not view["legal"]:
            view = receive_view(ws)
            continue
        plain = [a for a in view["legal"] if a["data"]["kind"] != "propose"]
        view = act(ws, view, (plain or view["legal"])[0]["id"])
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("info", list_games(), ids=lambda i: i.name)
def test_a_human_plays_a_whole_game_against_bots(client: TestClient, info: Any) -> None:
    seats = ["human"] + ["bot:random"] * (info.min_players - 1)
    made = create(client, info.name, seats, name="Ada")
    table_id, token = made["table"]["id"], made["token"]
    assert made["seat"] == 0 and made["table"]["seed"] is None
    assert client.get(f"/api/tables/{table_id}/record").status_code == 409
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={token}") as ws:
        final = play_to_end(ws)
    assert final["table"]["finished"] and final["table"]["seed"] is not None
    record = client.get(f"/api/tables/{table_id}/record").json()
    replayed = GameRecord.from_json(record).replay()
    assert replayed.is_terminal() and replayed.scores() == final["observation"]["scores"]


def test_views_carry_only_the_seats_own_hand(client: TestClient) -> None:
    made = create(client, "magic-show", ["human", "human"])
    table_id = made["table"]["id"]
    joined = client.post(f"/api/tables/{table_id}/join", json={"name": "Bo"}).json()
    assert joined["seat"] == 1
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={made['token']}") as ws0:
        view = receive_view(ws0)
        obs = view["observation"]
        assert all(c is not None for c in obs["zones"]["hand:0"])
        assert all(c is None for c in obs["zones"]["hand:1"])
        assert view["legal"] and all("description" in a for a in view["legal"])
    with client.websocket_connect(f"/api/tables/{table_id}/ws") as spectator:
        view = receive_view(spectator)
        assert view["seat"] is None and view["legal"] == []
        assert all(c is None for c in view["observation"]["zones"]["hand:0"])


def test_bad_lobby_requests_get_4xx_with_a_message(client: TestClient) -> None:
    cases = [
        ({"game": "chess", "players": 2, "seats": ["human", "human"]}, 422, "no game called"),
        ({"game": "score", "players": 2, "seats": ["human", "human"]}, 422, "3 players"),
        ({"game": "score", "players": 3, "seats": ["human"]}, 422, "one entry per player"),
        (
            {"game": "score", "players": 3, "seats": ["human", "robot", "human"]},
            422,
            "is not 'human'",
        ),
        (
            {"game": "score", "players": 3, "seats": ["human"] * 3, "options": {"x": 1}},
            422,
            "unknown",
        ),
        ({"game": "score", "players": "three", "seats": []}, 422, ""),
    ]
    for body, status, words in cases:
        response = client.post("/api/tables", json=body)
        assert response.status_code == status, (body, response.text)
        assert words in response.text
    assert client.post("/api/tables", content=b"{not json").status_code == 422
    assert client.get("/api/tables/nope").status_code == 404
    assert client.get("/api/tables/" + "x" * 500).status_code == 404
    made = create(client, "score", ["human", "bot:random", "bot:random"])
    join = client.post(f"/api/tables/{made['table']['id']}/join", json={})
    assert join.status_code == 409 and "taken" in join.text


def test_bad_websocket_input_is_answered_to_that_client_and_changes_nothing(
    client: TestClient,
) -> None:
    made = create(client, "magic-show", ["human", "human"])
    table_id = made["table"]["id"]
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token=wrong") as ws:
        message = ws.receive_json()
        assert message["type"] == "error" and message["code"] == 403
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={made['token']}") as ws:
        view = receive_view(ws)
        before = view["observation"]
        bad = [
            ("not json", 400),
            (json.dumps([1, 2]), 400),
            (json.dumps({"type": "action", "seq": "0", "action": 1}), 400),
            (json.dumps({"type": "action", "seq": 0, "action": None}), 400),
            (json.dumps({"type": "action", "seq": 0, "action": "play AC"}), 400),  # MS-R2
            (json.dumps({"type": "action", "seq": 0, "action": "fly away"}), 400),
            (json.dumps({"type": "action", "seq": 7, "action": view["legal"][0]["id"]}), 409),
            (json.dumps({"type": "action", "seq": -1, "action": view["legal"][0]["id"]}), 409),
            (json.dumps({"type": "action", "seq": 0, "action": "x" * 5000}), 413),
        ]
        for raw, code in bad:
            ws.send_text(raw)
            message = ws.receive_json()
            assert message["type"] == "error" and message["code"] == code, (raw[:40], message)
        ws.send_text(json.dumps({"type": "sync"}))
        assert receive_view(ws)["observation"] == before


def test_a_resend_after_reconnect_is_not_applied_twice(client: TestClient) -> None:
    made = create(client, "magic-show", ["human", "human"])
    table_id, token = made["table"]["id"], made["token"]
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={token}") as ws:
        view = receive_view(ws)
        action = {"type": "action", "seq": view["seq"], "action": view["legal"][0]["id"]}
        ws.send_text(json.dumps(action))
        while (message := ws.receive_json())["type"] != "ack":
            pass
        assert message["seq"] == 1
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={token}") as ws:
        receive_view(ws)
        ws.send_text(json.dumps(action))  # the same action, sent again after a reconnect
        message = ws.receive_json()
        assert message["type"] == "ack" and message["seq"] == 1 and message["duplicate"]
    assert client.get(f"/api/tables/{table_id}").json()["seq"] == 1


def test_too_many_messages_too_fast_are_refused(db_url: str) -> None:
    client = TestClient(create_app(Settings(database_url=db_url)))
    made = create(client, "magic-show", ["human", "human"])
    with client.websocket_connect(
        f"/api/tables/{made['table']['id']}/ws?token={made['token']}"
    ) as ws:
        receive_view(ws)
        for _ in range(25):
            ws.send_text(json.dumps({"type": "sync"}))
        codes = []
        for _ in range(25):
            message = ws.receive_json()
            codes.append(message.get("code"))
        assert 429 in codes


def test_human_options_apply_where_a_person_plays(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert games["portfolio"]["human_options"] == {"trades": True}
    with_person = create(client, "portfolio", ["human", "bot:random"])
    assert with_person["table"]["options"]["trades"] is True
    bots_only = create(client, "portfolio", ["bot:random", "bot:random"])
    assert bots_only["table"]["options"]["trades"] is False
    explicit = create(client, "portfolio", ["human", "bot:random"], options={"trades": False})
    assert explicit["table"]["options"]["trades"] is False
    # The merged option is what the game really plays with: a person may propose a trade.
    table_id, token = with_person["table"]["id"], with_person["token"]
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={token}") as ws:
        view = receive_view(ws)
        for _ in range(200):
            if any(a["text"].startswith("propose trade") for a in view["legal"]):
                break
            view = act(ws, view, view["legal"][0]["id"]) if view["legal"] else receive_view(ws)
        else:
            raise AssertionError("no trade was ever offered to the person")


def test_a_view_carries_each_choice_as_data_and_the_own_face_down_choice(
    client: TestClient,
) -> None:
    """Beside its text every legal action carries its structured form (``data``), and the seat's
    own face-down choice comes as data too (``commit``): the page's views read only those."""
    made = create(client, "magic-show", ["human", "human"])
    table_id = made["table"]["id"]
    joined = client.post(f"/api/tables/{table_id}/join", json={"name": "Bo"}).json()
    with (
        client.websocket_connect(f"/api/tables/{table_id}/ws?token={made['token']}") as ws0,
        client.websocket_connect(f"/api/tables/{table_id}/ws?token={joined['token']}") as ws1,
    ):
        view = receive_view(ws0)
        receive_view(ws1)
        space = client.app.state.service.get(table_id).state.actions  # type: ignore[attr-defined]
        for action in view["legal"]:
            assert action["data"] == space.action(action["id"]).data.to_json()
            assert action["data"] == {"kind": "play", "card": action["text"].removeprefix("play ")}
        assert view["commit"] is None
        chosen = view["legal"][0]
        after = act(ws0, view, chosen["id"])
        assert after["commit"] == chosen["data"] and after["observation"]["my_commit"]
        other = receive_view(ws1)
        assert other["commit"] is None and other["observation"]["committed"][0]


def test_a_view_carries_the_tail_of_a_long_log(client: TestClient) -> None:
    made = create(client, "magic-show", ["human", "bot:random"])
    table_id, token = made["table"]["id"], made["token"]
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={token}") as ws:
        obs = play_to_end(ws)["observation"]
    table = client.app.state.service.get(table_id)  # type: ignore[attr-defined]
    full = table.state.observation(0)
    assert obs["history_length"] == len(full["history"]) > len(obs["history"])
    assert obs["log_length"] == len(full["log"]) > len(obs["log"])
    assert obs["log"] == full["log"][-len(obs["log"]) :]


def test_a_view_carries_the_seats_choice_notes(client: TestClient) -> None:
    """The notes on why a seat's choices are narrowed (``choice_notes``) reach that seat only."""
    made = create(client, "nacho-loco", ["human", "bot:random"])
    table_id = made["table"]["id"]
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={made['token']}") as ws:
        view = receive_view(ws)
        table = client.app.state.service.get(table_id)  # type: ignore[attr-defined]
        assert view["notes"] == table.state.choice_notes(0)
        assert any("NL-R16" in n or "NL-R17" in n for n in view["notes"])
    with client.websocket_connect(f"/api/tables/{table_id}/ws") as spectator:
        assert receive_view(spectator)["notes"] == []


def test_finished_tables_leave_memory_and_come_back_from_the_store(client: TestClient) -> None:
    service = client.app.state.service  # type: ignore[attr-defined]
    service.keep_finished = 1
    finished = []
    for _ in range(3):
        made = create(client, "magic-show", ["human", "bot:random"])
        table_id = made["table"]["id"]
        with client.websocket_connect(f"/api/tables/{table_id}/ws?token={made['token']}") as ws:
            final = play_to_end(ws)
        finished.append((table_id, final["observation"]["scores"]))
    in_memory = [t for t in finished if t[0] in service.tables]
    assert len(in_memory) == 1 and in_memory[0] == finished[-1]
    for table_id, scores in finished:
        summary = client.get(f"/api/tables/{table_id}").json()
        assert summary["finished"]
        record = client.get(f"/api/tables/{table_id}/record").json()
        assert GameRecord.from_json(record).replay().scores() == scores
