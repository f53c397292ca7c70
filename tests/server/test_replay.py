"""Replays of finished games: only once the game is over, as the chosen seat saw every step."""

from __future__ import annotations

from fastapi.testclient import TestClient

from .conftest import create
from .test_api import play_to_end


def finished_magic_show(client: TestClient) -> tuple[str, dict[str, object]]:
    made = create(client, "magic-show", ["human", "bot:random"], name="Ada")
    table_id, token = made["table"]["id"], made["token"]
    assert client.get(f"/api/tables/{table_id}/replay").status_code == 409  # still secret
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={token}") as ws:
        final = play_to_end(ws)
    return table_id, final


def test_a_replay_shows_every_step_as_the_seat_saw_it(client: TestClient) -> None:
    table_id, final = finished_magic_show(client)
    data = client.get(f"/api/tables/{table_id}/replay?seat=0").json()
    steps = data["steps"]
    assert data["seat"] == 0 and data["table"]["finished"]
    assert len(steps) == data["table"]["seq"] + 1 and steps[0]["move"] is None
    last = dict(final["observation"])  # type: ignore[call-overload]
    history, log = last.pop("history"), last.pop("log")  # a live view carries their tails
    history_data = last.pop("history_data")
    history_length, log_length = last.pop("history_length"), last.pop("log_length")
    assert steps[-1]["observation"] == last  # the end is what the seat saw at the end
    moves = [s["move"] for s in steps[1:]]
    assert len(moves) == history_length and moves[-len(history) :] == history
    datas = [s["move_data"] for s in steps[1:]]
    assert steps[0]["move_data"] is None and datas[-len(history) :] == history_data
    lines = [line for s in steps for line in s["log"]]
    assert len(lines) == log_length and lines[-len(log) :] == log
    for step in steps:  # never the other hand: Black's cards are hidden from Red
        obs = step["observation"]
        assert obs["seat"] == 0 and all(c is None for c in obs["zones"]["deck"])
    hidden = [s for s in steps if s["move"] and s["move"][0] == 1]
    assert any(s["move"][1] == "plays a card face down" for s in hidden)
    assert all(s["move_data"] is None for s in hidden if s["move"][1] == "plays a card face down")
    own = [s for s in steps if s["move"] and s["move"][0] == 0]
    assert own and all(s["move_data"]["kind"] for s in own)  # Red reads its own moves' data
    spectator = client.get(f"/api/tables/{table_id}/replay").json()
    assert spectator["seat"] is None
    assert all(c is None for s in spectator["steps"] for c in s["observation"]["zones"]["hand:0"])


def test_bad_replay_requests_get_4xx(client: TestClient) -> None:
    table_id, _ = finished_magic_show(client)
    assert client.get("/api/tables/nope/replay").status_code == 404
    response = client.get(f"/api/tables/{table_id}/replay?seat=5")
    assert response.status_code == 422 and "seat must be 0..1" in response.text
    assert client.get(f"/api/tables/{table_id}/replay?seat=x").status_code == 422
    assert "replay.js" in client.get(f"/t/{table_id}/replay?seat=0").text


def test_the_lobby_lists_finished_games(client: TestClient) -> None:
    table_id, _ = finished_magic_show(client)
    unfinished = create(client, "score", ["human", "human", "human"])["table"]["id"]
    finished = [t["id"] for t in client.get("/api/tables?finished=true").json()]
    playing = [t["id"] for t in client.get("/api/tables").json()]
    assert table_id in finished and table_id not in playing
    assert unfinished in playing and unfinished not in finished
