"""A seat kept for a friend is taken only with its invite link; lobby-open seats are a choice."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from cardtable.server.store import Store
from cardtable.server.tables import TableError, TableService

from .conftest import create, receive_view


def test_a_friend_seat_needs_its_invite(client: TestClient) -> None:
    made = create(client, "nacho-loco", ["human", "friend", "friend", "human"], name="Ada")
    table_id = made["table"]["id"]
    seats = made["table"]["seats"]
    assert [s["invite"] for s in seats] == [False, True, True, False]
    assert not seats[1]["taken"] and not seats[2]["taken"]
    invites = {i["seat"]: i for i in made["invites"]}
    assert set(invites) == {1, 2} and invites[1]["secret"] != invites[2]["secret"]
    assert invites[1]["url"] == f"/t/{table_id}?invite={invites[1]['secret']}"
    join = f"/api/tables/{table_id}/join"
    # Someone from the lobby: the first open seat is the lobby-open one, never a friend's.
    stranger = client.post(join, json={"name": "Eve"})
    assert stranger.status_code == 200 and stranger.json()["seat"] == 3
    for body in ({"seat": 1}, {"seat": 1, "invite": "guess"}, {"invite": "guess"}):
        refused = client.post(join, json=body)
        assert refused.status_code == 403, (body, refused.text)
    assert client.post(join, json={}).status_code == 409  # no lobby seat is left
    friend = client.post(join, json={"invite": invites[2]["secret"], "name": "Bo"})
    assert friend.status_code == 200 and friend.json()["seat"] == 2
    again = client.post(join, json={"invite": invites[2]["secret"]})
    assert again.status_code == 409 and "already taken" in again.json()["detail"]
    wrong_seat = client.post(join, json={"invite": invites[1]["secret"], "seat": 2})
    assert wrong_seat.status_code == 403
    token = friend.json()["token"]
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={token}") as ws:
        assert receive_view(ws)["seat"] == 2


def test_lobby_open_seats_are_counted_as_open_and_friend_seats_are_not(
    client: TestClient,
) -> None:
    friends = create(client, "magic-show", ["human", "friend"])["table"]["id"]
    lobby = create(client, "magic-show", ["human", "human"])["table"]["id"]
    listed = {t["id"] for t in client.get("/api/tables", params={"open": "true"}).json()}
    assert listed == {lobby} and friends not in listed


def test_the_creator_cannot_sit_at_a_friends_seat(client: TestClient) -> None:
    body = {"game": "magic-show", "players": 2, "seats": ["human", "friend"], "seat": 1}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 422 and "not a human seat open to you" in response.text


def test_a_seat_is_given_once_even_by_two_services_on_one_database(db_url: str) -> None:
    """Seat assignment is one conditional update: a service whose copy of the seats is out
    of date is refused (409) and reloads, never giving the seat a second holder."""
    first, second = TableService(Store(db_url)), TableService(Store(db_url))
    table, _, _, _ = first.create("magic-show", 2, {}, ["human", "human"], "Ada")
    stale = second.get(table.id)
    first.join(table, 1, "Bo")
    with pytest.raises(TableError) as refused:
        second.join(stale, 1, "Cy")
    assert refused.value.status == 409
    fresh = second.get(table.id)
    assert [s["name"] for s in fresh.row.seats] == ["Ada", "Bo"]


def test_the_lobby_page_offers_friend_and_open_seats(client: TestClient) -> None:
    lobby = client.get("/static/lobby.js").text
    assert '["friend", "A friend (invite link)"]' in lobby and '["human", "Open seat' in lobby
    table = client.get("/static/table.js").text
    assert 'get("invite")' in table and "body.invite = invite" in table
