"""Rematch: the same game, seats, bots and options at a new table; kept seats for the people."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient

from cardtable.server.app import create_app
from cardtable.server.config import Settings
from cardtable.server.rematch import Rematches

from .conftest import create, receive_view


def finish(client: TestClient, table_id: str) -> None:
    """Play the table's game to its end on the server (random legal moves for every seat).

    On the server's event loop, holding the table's lock: a bot of the table may be storing
    a move meanwhile, and would otherwise put its own copy of the state back afterwards."""
    table = client.app.state.service.get(table_id)  # type: ignore[attr-defined]
    rng = random.Random(7)

    async def play_out() -> None:
        async with table.lock:
            while not table.state.is_terminal():
                seat = table.state.to_act()[0]
                table.state.apply(seat, rng.choice(table.state.legal_action_ids(seat)))

    client.portal.call(play_out)  # type: ignore[union-attr]


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


def finish_stored(client: TestClient, table_id: str) -> None:
    """Play the table's game to its end and store every move, as the server does, so another
    service on the same database finds it finished."""
    service = client.app.state.service  # type: ignore[attr-defined]
    table = service.get(table_id)
    rng = random.Random(11)
    while not table.state.is_terminal():
        seat = table.state.to_act()[0]
        text = table.state.apply(seat, rng.choice(table.state.legal_action_ids(seat))).text
        table.seq += 1
        service.store.add_event(table_id, table.seq, seat, text, table.state.is_terminal())


def _app(url: str) -> TestClient:
    return TestClient(create_app(Settings(database_url=url, think_time=0.0)))


def test_a_rematch_is_found_by_another_process_and_after_a_restart(any_db_url: str) -> None:
    """The link to the rematch is in the database: a second server on it (another process)
    finds the rematch and seats the other player at it, and so does a restarted one. Before,
    it lived in one process's memory, so the second server offered a fresh table instead."""
    with _app(any_db_url) as first:
        made = create(first, "magic-show", ["human", "human"], name="Ada")
        old = made["table"]["id"]
        bo = first.post(f"/api/tables/{old}/join", json={"name": "Bo"}).json()
        finish_stored(first, old)
        with _app(any_db_url) as second:
            asked = ask(first, old, made["token"])
            assert asked.status_code == 200, asked.text
            new = asked.json()["table"]["id"]
            assert second.get(f"/api/tables/{old}/rematch").json() == {"table": new}
            taken = ask(second, old, bo["token"])
            assert taken.status_code == 200, taken.text
            assert taken.json()["table"]["id"] == new and taken.json()["seat"] == 1
            assert taken.json()["table"]["seats"][1]["name"] == "Bo"
    with _app(any_db_url) as restarted:
        assert restarted.get(f"/api/tables/{old}/rematch").json() == {"table": new}
        assert ask(restarted, old, bo["token"]).status_code == 409  # given once
        seats = restarted.get(f"/api/tables/{new}").json()["seats"]
        assert [s["name"] for s in seats] == ["Ada", "Bo"]


def test_two_rematch_requests_on_two_processes_make_one_rematch(any_db_url: str) -> None:
    """Both players ask at once through two servers: one rematch stands and both sit at it;
    the other server's table is deleted again."""
    with _app(any_db_url) as first, _app(any_db_url) as second:
        made = create(first, "magic-show", ["human", "human"], name="Ada")
        old = made["table"]["id"]
        bo = first.post(f"/api/tables/{old}/join", json={"name": "Bo"}).json()
        finish_stored(first, old)
        second.get(f"/api/tables/{old}")  # loaded there before anyone asks
        ada_table = ask(first, old, made["token"]).json()["table"]["id"]
        # The second server asks as if nobody had: its own link loses to the first one.
        rematches = second.app.state.service  # type: ignore[attr-defined]
        table = rematches.get(old)
        lobby = second.app.state.lobby  # type: ignore[attr-defined]
        answer = Rematches(rematches, lobby)._create(table, 1, "Bo", "client")
        assert answer["table"]["id"] == ada_table and answer["seat"] == 1
        assert [s["name"] for s in answer["table"]["seats"]] == ["Ada", "Bo"]
        assert ask(second, old, bo["token"]).status_code == 409
        tables = {t["id"] for t in second.get("/api/tables").json()}
        assert tables == {ada_table}
