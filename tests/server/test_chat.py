"""Per-table chat and quick reactions (issue 29): delivered to every seat and spectator that
opened the chat, cleaned, length- and rate-limited, refused for spectators, stored with the
table (a restart keeps it) and shown in the replay with the step it was sent at."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardtable.server.app import create_app
from cardtable.server.chat import MAX_LENGTH, PER_MINUTE, REACTIONS
from cardtable.server.config import Settings

from .conftest import create, receive_view
from .test_api import play_to_end


def until(ws: Any, kind: str, limit: int = 50) -> dict[str, Any]:
    """The next message of type ``kind`` (views and acks in between are skipped). Only used
    where the message surely comes: tables of people alone, so nothing moves by itself."""
    for _ in range(limit):
        message = dict(ws.receive_json())
        if message["type"] == kind:
            return message
        assert message["type"] in ("view", "ack"), message
    raise AssertionError(f"no {kind} message among the next {limit}")


def open_chat(ws: Any) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "chat_open"}))
    return until(ws, "chat")


def say(ws: Any, text: Any) -> dict[str, Any]:
    """Send ``text`` and return the answer: the chat message back, or the error."""
    ws.send_text(json.dumps({"type": "chat", "text": text}))
    for _ in range(50):
        message = dict(ws.receive_json())
        if message["type"] in ("chat", "error"):
            return message
    raise AssertionError("no answer to a chat message")


def two_people(client: TestClient) -> tuple[str, str, str]:
    made = create(client, "magic-show", ["human", "human"], name="Ada")
    table_id = made["table"]["id"]
    joined = client.post(f"/api/tables/{table_id}/join", json={"name": "Bo"}).json()
    return table_id, made["token"], joined["token"]


def ws_url(table_id: str, token: str | None = None) -> str:
    return f"/api/tables/{table_id}/ws" + (f"?token={token}" if token else "")


def test_a_message_reaches_the_other_seat_and_spectators_verbatim(client: TestClient) -> None:
    table_id, ada, bo = two_people(client)
    with (
        client.websocket_connect(ws_url(table_id, ada)) as first,
        client.websocket_connect(ws_url(table_id, bo)) as second,
        client.websocket_connect(ws_url(table_id)) as watcher,
    ):
        opened = [open_chat(ws) for ws in (first, second, watcher)]
        assert [o["can_write"] for o in opened] == [True, True, False]
        assert opened[0]["messages"] == [] and opened[0]["max_length"] == MAX_LENGTH
        assert [r["id"] for r in opened[0]["reactions"]] == list(REACTIONS)
        markup = '<img src=x onerror="alert(1)"> & <b>hi</b>'
        mine = say(first, markup)
        assert mine["type"] == "chat", mine
        for ws in (second, watcher):
            got = until(ws, "chat")["messages"]
            assert len(got) == 1 and got[0] == mine["messages"][0]
        entry = mine["messages"][0]
        # Stored and sent as the text it is: the page puts it in a text node, never markup.
        assert entry["text"] == markup and entry["seat"] == 0 and entry["name"] == "Ada"
        assert entry["step"] == 0 and entry["reaction"] is None
        second.send_text(json.dumps({"type": "reaction", "reaction": "gg"}))
        for ws in (first, second, watcher):
            got = until(ws, "chat")["messages"][0]
            assert got["reaction"] == "gg" and got["text"] == REACTIONS["gg"]
            assert got["name"] == "Bo" and got["id"] > entry["id"]
        # The spectator reads but may not write; the refusal goes to it alone.
        refused = say(watcher, "hello")
        assert refused["type"] == "error" and refused["code"] == 403, refused
        assert refused["about"] == "chat" and "spectators" in refused["message"]


def test_a_connection_that_never_opens_the_chat_is_sent_none_of_it(client: TestClient) -> None:
    """Bots and the load tests speak the play protocol only: the chat never reaches them."""
    table_id, ada, bo = two_people(client)
    with (
        client.websocket_connect(ws_url(table_id, ada)) as first,
        client.websocket_connect(ws_url(table_id, bo)) as second,
    ):
        receive_view(second)
        open_chat(first)
        assert say(first, "hi")["type"] == "chat"
        second.send_text(json.dumps({"type": "sync"}))
        # The sync's answer is the next message: a chat message would have come before it.
        assert second.receive_json()["type"] == "view"


def test_a_seat_that_never_opened_the_chat_gets_its_own_message_back(client: TestClient) -> None:
    table_id, ada, _ = two_people(client)
    with client.websocket_connect(ws_url(table_id, ada)) as ws:
        receive_view(ws)
        ws.send_text(json.dumps({"type": "chat", "text": "hi"}))
        ws.send_text(json.dumps({"type": "sync"}))  # answered after the chat: never a hang
        got = ws.receive_json()
        assert got["type"] == "chat" and [m["text"] for m in got["messages"]] == ["hi"], got
        assert "open" not in got


@pytest.mark.parametrize(
    ("text", "code", "words"),
    [
        ("x" * (MAX_LENGTH + 1), 400, f"at most {MAX_LENGTH} characters"),
        ("", 400, "empty"),
        ("\u202e\u0000\u200f", 400, "empty"),
        (42, 400, "'text', a string"),
        (["a"], 400, "'text', a string"),
    ],
)
def test_bad_messages_are_refused_and_change_nothing(
    client: TestClient, text: Any, code: int, words: str
) -> None:
    table_id, ada, _ = two_people(client)
    with client.websocket_connect(ws_url(table_id, ada)) as ws:
        open_chat(ws)
        refused = say(ws, text)
        assert refused["type"] == "error" and refused["code"] == code, refused
        assert refused["about"] == "chat" and words in refused["message"], refused
        assert len(refused["message"]) < 200
        ws.send_text(json.dumps({"type": "reaction", "reaction": "<script>"}))
        bad = until(ws, "error")
        assert bad["code"] == 400 and "one of hello" in bad["message"], bad
        ws.send_text(json.dumps({"type": "sync"}))
        assert until(ws, "view")["seq"] == 0  # the socket stays, the table is unchanged
    with client.websocket_connect(ws_url(table_id, ada)) as ws:
        assert open_chat(ws)["messages"] == []  # nothing was stored


def test_control_and_bidi_characters_are_removed(client: TestClient) -> None:
    table_id, ada, _ = two_people(client)
    with client.websocket_connect(ws_url(table_id, ada)) as ws:
        open_chat(ws)
        got = say(ws, "gg\u202e\u0007  wp \U0001f468\u200d\U0001f469\n")
        assert got["messages"][0]["text"] == "gg wp \U0001f468\u200d\U0001f469"
        # Exactly the limit is accepted (counted after cleaning).
        assert say(ws, "y" * MAX_LENGTH + "\u202e")["type"] == "chat"


def test_each_seat_is_rate_limited_alone(client: TestClient) -> None:
    table_id, ada, bo = two_people(client)
    with (
        client.websocket_connect(ws_url(table_id, ada)) as first,
        client.websocket_connect(ws_url(table_id, bo)) as second,
    ):
        open_chat(first)
        for i in range(int(PER_MINUTE)):
            assert say(first, f"message {i}")["type"] == "chat"
        refused = say(first, "one too many")
        assert refused["type"] == "error" and refused["code"] == 429, refused
        assert "wait" in refused["message"]
        second.send_text(json.dumps({"type": "reaction", "reaction": "hello"}))
        assert until(first, "chat")["messages"][0]["seat"] == 1  # Bo is not limited by Ada
        first.send_text(json.dumps({"type": "reaction", "reaction": "oops"}))
        assert until(first, "error")["code"] == 429  # reactions share the seat's limit
    with client.websocket_connect(ws_url(table_id)) as watcher:
        texts = [m["text"] for m in open_chat(watcher)["messages"]]
        assert texts == [f"message {i}" for i in range(int(PER_MINUTE))] + [REACTIONS["hello"]]


def test_opening_the_chat_twice_is_refused(client: TestClient) -> None:
    table_id, ada, _ = two_people(client)
    with client.websocket_connect(ws_url(table_id, ada)) as ws:
        open_chat(ws)
        ws.send_text(json.dumps({"type": "chat_open"}))
        assert until(ws, "error")["code"] == 409


@pytest.mark.xdist_group("postgres")
def test_the_chat_survives_a_restart(any_db_url: str) -> None:
    settings = Settings(database_url=any_db_url, think_time=0.0, warm_bot_workers=False)
    with TestClient(create_app(settings)) as client:
        table_id, ada, _ = two_people(client)
        with client.websocket_connect(ws_url(table_id, ada)) as ws:
            open_chat(ws)
            sent = say(ws, "see you after the restart")["messages"][0]
    with (
        TestClient(create_app(settings)) as client,
        client.websocket_connect(ws_url(table_id)) as ws,
    ):
        assert open_chat(ws)["messages"] == [sent]


def test_the_replay_shows_the_chat_with_its_steps(client: TestClient) -> None:
    made = create(client, "magic-show", ["human", "bot:random"], name="Ada")
    table_id, token = made["table"]["id"], made["token"]
    with client.websocket_connect(ws_url(table_id, token)) as ws:
        open_chat(ws)
        assert say(ws, "good luck")["type"] == "chat"
        ws.send_text(json.dumps({"type": "sync"}))  # play_to_end starts from a view
        final = play_to_end(ws)
        ws.send_text(json.dumps({"type": "reaction", "reaction": "gg"}))
        for _ in range(200):
            message = ws.receive_json()
            if message["type"] == "chat" and message["messages"][-1]["reaction"] == "gg":
                break
    replay = client.get(f"/api/tables/{table_id}/replay?seat=0").json()
    texts = [(m["text"], m["step"]) for m in replay["chat"]]
    end = final["seq"]
    assert texts[-1] == (REACTIONS["gg"], end), texts
    assert texts[0][0] == "good luck" and 0 <= texts[0][1] < end
    spectator = client.get(f"/api/tables/{table_id}/replay").json()
    assert spectator["chat"] == replay["chat"]
