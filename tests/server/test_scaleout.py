"""Two ``cardtable serve`` processes on one PostgreSQL serve one lobby correctly.

Each test starts two real server subprocesses on 127.0.0.1 over one database schema and plays
through both: a move made through one reaches clients of the other, a seat or a step raced on
both is won once and the loser is told, nothing uncommitted is shown, stand-ins play only for
players connected nowhere, and a killed owner's tables are taken over. Runs where
``CARDTABLE_TEST_DATABASE_URL`` names a PostgreSQL (CI sets it).
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import make_url

from .conftest import _run
from .scaleout import LEASE_SECONDS, Server, latest_view, routed, start_server, views


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh schema of the test PostgreSQL, dropped afterwards."""
    url = os.environ.get("CARDTABLE_TEST_DATABASE_URL", "")
    if not url:
        if os.environ.get("CARDTABLE_REQUIRE_POSTGRES") == "1":
            pytest.fail("CARDTABLE_TEST_DATABASE_URL is required but not set")
        pytest.skip("no PostgreSQL (set CARDTABLE_TEST_DATABASE_URL, as .ci/run does)")
    schema = f"cardtable_scaleout_{os.getpid()}"
    _run(url, f"DROP SCHEMA IF EXISTS {schema} CASCADE", f"CREATE SCHEMA {schema}")
    yield (
        make_url(url)
        .update_query_dict({"options": f"-csearch_path={schema}"})
        .render_as_string(hide_password=False)
    )
    _run(url, f"DROP SCHEMA IF EXISTS {schema} CASCADE")


def _servers(url: str, **env: str) -> Iterator[tuple[Server, Server]]:
    first = start_server(url, **env)  # migrates the schema before the second starts
    try:
        second = start_server(url, **env)
    except BaseException:
        first.stop()
        raise
    try:
        yield first, second
    finally:
        first.stop()
        second.stop()


@pytest.fixture
def servers(pg_url: str) -> Iterator[tuple[Server, Server]]:
    yield from _servers(pg_url)


@pytest.fixture
def quick_away(pg_url: str) -> Iterator[tuple[Server, Server]]:
    """Two servers where a player with no connection is away after one second."""
    yield from _servers(pg_url, CARDTABLE_AWAY_SECONDS="1")


def create(server: Server, seats: list[str], game: str = "score") -> dict[str, Any]:
    status, made = server.call(
        "POST", "/api/tables", {"game": game, "players": len(seats), "seats": seats}
    )
    assert status == 201, made
    return dict(made)


def eventually(check: Any, limit: float = 10.0) -> Any:
    deadline = time.monotonic() + limit
    while True:
        value = check()
        if value:
            return value
        assert time.monotonic() < deadline, "condition not met in time"
        time.sleep(0.05)


def send_action(ws: Any, seq: int, action: int) -> None:
    ws.send(json.dumps({"type": "action", "seq": seq, "action": action}))


def test_a_move_through_one_process_reaches_a_client_of_the_other(
    servers: tuple[Server, Server],
) -> None:
    a, b = servers
    made = create(a, ["human", "human", "human"])
    table_id = made["table"]["id"]
    eventually(lambda: any(t["id"] == table_id for t in b.call("GET", "/api/tables")[1]))
    status, joined = b.call("POST", f"/api/tables/{table_id}/join", {"name": "Bo"})
    assert status == 200, joined
    with a.ws(table_id, made["token"]) as ann, b.ws(table_id, joined["token"]) as bo:
        view = latest_view(ann)
        latest_view(bo)
        send_action(ann, view["seq"], view["legal"][0]["id"])
        got = views(bo, lambda m: m["type"] == "view" and m["seq"] == 1)
        assert got[-1]["last_moves"][0]["text"] == view["legal"][0]["text"]
    # Bo's seat, taken through B, shows as taken on A too.
    eventually(lambda: a.call("GET", f"/api/tables/{table_id}")[1]["seats"][1]["taken"])


def test_a_chat_message_through_one_process_reaches_readers_on_the_other(
    servers: tuple[Server, Server],
) -> None:
    """Chat (issue 29): stored by A with a ``chat <id>`` notice, sent by B to its own readers,
    a seat and a spectator; a reaction through B reaches A's reader the same way."""
    a, b = servers
    made = create(a, ["human", "human", "human"])
    table_id = made["table"]["id"]
    eventually(lambda: b.call("GET", f"/api/tables/{table_id}")[0] == 200)
    status, joined = b.call("POST", f"/api/tables/{table_id}/join", {"name": "Bo"})
    assert status == 200, joined
    with (
        a.ws(table_id, made["token"]) as ann,
        b.ws(table_id, joined["token"]) as bo,
        b.ws(table_id) as watcher,
    ):
        for ws in (ann, bo, watcher):
            ws.send(json.dumps({"type": "chat_open"}))
            views(ws, lambda m: m["type"] == "chat" and m.get("open"))
        ann.send(json.dumps({"type": "chat", "text": "hello from A"}))
        for ws in (bo, watcher):
            got = views(ws, lambda m: m["type"] == "chat")[-1]["messages"]
            assert [(m["text"], m["name"]) for m in got] == [("hello from A", "Guest")]
        bo.send(json.dumps({"type": "reaction", "reaction": "thanks"}))
        got = views(ann, lambda m: m["type"] == "chat" and m["messages"][0]["seat"] == 1)
        assert got[-1]["messages"][0]["reaction"] == "thanks"


def _race(calls: list[Any]) -> list[Any]:
    """Run the calls at once (one thread each) and return their results in order."""
    results: list[Any] = [None] * len(calls)
    start = threading.Barrier(len(calls))

    def run(i: int) -> None:
        start.wait()
        results[i] = calls[i]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return results


def test_two_people_racing_for_one_seat_on_two_processes_one_wins_the_other_is_told(
    servers: tuple[Server, Server],
) -> None:
    a, b = servers
    for _ in range(4):
        table_id = create(a, ["human", "human", "bot:random"])["table"]["id"]
        eventually(lambda table_id=table_id: b.call("GET", f"/api/tables/{table_id}")[0] == 200)
        path = f"/api/tables/{table_id}/join"
        results = _race(
            [
                lambda path=path: a.call("POST", path, {"seat": 1, "name": "Ann"}),
                lambda path=path: b.call("POST", path, {"seat": 1, "name": "Bo"}),
            ]
        )
        statuses = sorted(status for status, _ in results)
        assert statuses == [200, 409], results
        winner = next(body for status, body in results if status == 200)
        loser = next(body for status, body in results if status == 409)
        assert "seat" in loser["detail"], loser
        name = winner["table"]["seats"][1]["name"]
        for server in (a, b):  # both processes agree on who holds the seat
            eventually(
                lambda server=server, table_id=table_id, name=name: (
                    server.call("GET", f"/api/tables/{table_id}")[1]["seats"][1]["name"] == name
                )
            )
            status, again = server.call("POST", path, {"seat": 1, "name": "Cy"})
            assert status == 409, again


def test_one_step_raced_on_two_processes_is_won_once_and_nothing_uncommitted_is_shown(
    servers: tuple[Server, Server],
) -> None:
    a, b = servers
    made = create(a, ["human", "human", "human"], "nacho-loco")  # seat 0 has choices, mostly
    table_id, token = made["table"]["id"], made["token"]
    with (
        a.ws(table_id, token) as on_a,
        b.ws(table_id, token) as on_b,  # the same player, in a second tab served by B
        a.ws(table_id) as watch_a,
        b.ws(table_id) as watch_b,
    ):
        view = latest_view(on_a)
        latest_view(on_b)
        # Usually two different moves; a deal that leaves seat 0 one legal move races it twice
        # (the loser is still refused for its stale seq, so the race is the same test).
        legal = view["legal"]
        first, second = legal[0], legal[min(1, len(legal) - 1)]
        _race(
            [
                lambda: send_action(on_a, 0, first["id"]),
                lambda: send_action(on_b, 0, second["id"]),
            ]
        )
        answers = []
        for ws in (on_a, on_b):
            got = views(ws, lambda m: m["type"] in ("ack", "error"))
            answers.append(got[-1])
        acks = [m for m in answers if m["type"] == "ack"]
        assert len(acks) == 1, answers
        refused = next(m for m in answers if m["type"] == "error")
        assert refused["code"] == 409 and "moved" in refused["message"], refused
        committed = acks[0]["action"]
        for ws in (on_a, on_b):  # both connections are still open and agree
            assert latest_view(ws)["last_moves"][0]["text"] == committed
        for watcher in (watch_a, watch_b):
            seen = views(watcher, lambda m: m["type"] == "view" and m["seq"] == 1)
            seen.append(latest_view(watcher))
            shown = {m["last_moves"][0]["text"] for m in seen if m["last_moves"][0]}
            assert shown == {committed}, shown


def test_a_standin_never_plays_for_a_player_connected_to_the_other_process(
    quick_away: tuple[Server, Server],
) -> None:
    a, b = quick_away
    made = create(a, ["human", "bot:random", "bot:random"])  # A owns it; seat 0 leads
    table_id = made["table"]["id"]
    with b.ws(table_id, made["token"]) as player:
        assert latest_view(player)["table"]["to_act"] == [0]
        time.sleep(1.0 + 2 * LEASE_SECONDS)  # well past the away time
        for server in (a, b):
            summary = server.call("GET", f"/api/tables/{table_id}")[1]
            assert summary["seq"] == 0 and not summary["seats"][0]["away"], summary
    # The player leaves for good: now the stand-in must take over (the test can fail).
    eventually(lambda: a.call("GET", f"/api/tables/{table_id}")[1]["seq"] > 0, limit=15)


def test_a_killed_owner_s_table_is_taken_over_and_the_game_goes_on(
    servers: tuple[Server, Server],
) -> None:
    a, b = servers
    made = create(a, ["human", "bot:random", "bot:random"], "nacho-loco")  # A runs the bots
    table_id = made["table"]["id"]
    with b.ws(table_id, made["token"]) as player:
        view = play_until_bots_move(player, latest_view(player), 0)
        a.kill()
        # B takes the table over once A's lease expires (it does not just play along beside A:
        # a bot move A committed just before the kill may still reach B's client afterwards, so
        # the game going on is judged only from the step B had when it took over).
        deadline = time.monotonic() + 10 * LEASE_SECONDS + 10
        while metric(b, "cardtable_takeovers_total") < 1:
            assert time.monotonic() < deadline, "B never took the table over"
            time.sleep(0.2)
        status, page = b.call("GET", f"/api/tables/{table_id}")
        assert status == 200, page
        taken_at = page["seq"]
        view = play_until_bots_move(player, view, taken_at, 10 * LEASE_SECONDS + 10)
        assert view["table"]["finished"] or view["seq"] > taken_at
    assert metric(b, "cardtable_tables_owned") >= (0 if view["table"]["finished"] else 1)


def metric(server: Server, name: str) -> float:
    status, page = server.call("GET", "/metrics")
    assert status == 200, page
    return float(next(line.split()[1] for line in page.splitlines() if line.startswith(name)))


def play_until_bots_move(
    player: Any, view: dict[str, Any], after: int, limit: float = 20.0
) -> dict[str, Any]:
    """Play seat 0's first choice whenever it is to act until a bot has moved after step
    ``after`` (or the game is over); return the newest view."""
    deadline = time.monotonic() + limit
    while True:
        assert time.monotonic() < deadline, view
        if view["table"]["finished"] or any(
            m and m["step"] > after for m in view["last_moves"][1:]
        ):
            return view
        if 0 in view["table"]["to_act"] and view["legal"]:
            send_action(player, view["seq"], view["legal"][0]["id"])
        left = deadline - time.monotonic()
        view = views(player, lambda m: m["type"] == "view", limit=max(0.1, left))[-1]


@pytest.fixture
def limited(pg_url: str) -> Iterator[tuple[Server, Server]]:
    """Two servers that allow 4 new tables and 4 joins a minute per client address."""
    yield from _servers(pg_url, CARDTABLE_TABLES_PER_MINUTE="4", CARDTABLE_JOINS_PER_MINUTE="4")


def test_rate_limits_count_one_budget_across_processes(limited: tuple[Server, Server]) -> None:
    """One client spreading its requests over two processes gets the limit once, not once per
    process (before, each process kept its own buckets: 4 + 4 tables were accepted)."""
    a, b = limited
    statuses = []
    for i in range(6):  # alternately through A and B: 4 accepted in all, then 429
        status, _made = (a if i % 2 == 0 else b).call(
            "POST", "/api/tables", {"game": "score", "players": 3, "seats": ["human"] * 3}
        )
        statuses.append(status)
    assert statuses == [201, 201, 201, 201, 429, 429], statuses
    status, refused = a.call(
        "POST", "/api/tables", {"game": "score", "players": 3, "seats": ["human"] * 3}
    )
    assert status == 429 and "try again" in refused["detail"], refused
    table_id = b.call("GET", "/api/tables")[1][0]["id"]
    joins = [
        (a if i % 2 == 0 else b).call("POST", f"/api/tables/{table_id}/join", {})[0]
        for i in range(5)
    ]
    # Two seats were open: 200, 200, then 409 (no seat left) until the fifth join is over the
    # budget of 4 and refused for its rate whatever the seats.
    assert joins == [200, 200, 409, 409, 429], joins


@pytest.fixture
def routing(pg_url: str) -> Iterator[tuple[Server, Server]]:
    """Two servers that each have a public address: a table's clients are sent to its owner."""
    yield from _servers(pg_url, CARDTABLE_PUBLIC_URL="http://127.0.0.1:{port}")


def test_a_client_of_the_non_owner_is_served_by_the_owner_and_the_other_does_no_work(
    routing: tuple[Server, Server],
) -> None:
    """Both players open the table through B; A owns it, so both are sent to A, and B neither
    stores nor applies a move of it (issue 25: before, B served them, stored their moves and
    applied A's, so a move cost both processes' work). B still answers the table's page up
    to date: it catches up from the store when asked."""
    a, b = routing
    made = create(a, ["human", "human", "bot:random"])  # A created it: A owns it
    table_id = made["table"]["id"]
    eventually(lambda: any(t["id"] == table_id for t in b.call("GET", "/api/tables")[1]))
    status, joined = b.call("POST", f"/api/tables/{table_id}/join", {"name": "Bo"})
    assert status == 200, joined
    ann, ann_at = routed(b, table_id, made["token"])
    bo, bo_at = routed(b, table_id, joined["token"])
    with ann, bo:
        assert ann_at == bo_at == a.url
        view = latest_view(ann)
        for _ in range(6):  # people and the bot move, all on A
            if view["table"]["finished"]:
                break
            for ws, seat in ((ann, 0), (bo, 1)):
                mine = latest_view(ws)
                if seat in mine["table"]["to_act"] and mine["legal"]:
                    send_action(ws, mine["seq"], mine["legal"][0]["id"])
                    views(ws, lambda m: m["type"] in ("ack", "error"))
            view = latest_view(ann)
        assert view["seq"] >= 3
        assert metric(b, "cardtable_moves_total") == 0
        assert metric(b, "cardtable_moves_applied_total") == 0
        assert metric(b, "cardtable_redirects_total") == 2
        assert metric(a, "cardtable_moves_total") >= view["seq"]
        assert b.call("GET", f"/api/tables/{table_id}")[1]["seq"] >= view["seq"]


def test_after_a_kill_of_the_owner_its_clients_are_served_by_the_new_owner(
    routing: tuple[Server, Server],
) -> None:
    """A client sent to A reconnects through B when A is killed (-9): B sends it back to A's
    address while A's lease lasts, then takes the table over itself and serves it, and the
    bots play on there."""
    a, b = routing
    made = create(a, ["human", "bot:random", "bot:random"], "nacho-loco")
    table_id = made["table"]["id"]
    player, at = routed(b, table_id, made["token"])
    assert at == a.url
    with player:
        view = play_until_bots_move(player, latest_view(player), 0)
        a.kill()
    deadline = time.monotonic() + 10 * LEASE_SECONDS + 10
    while True:  # the page's loop: reconnect where it started, follow the owner
        assert time.monotonic() < deadline, "never served after the kill"
        try:
            player, at = routed(b, table_id, made["token"])
            break
        except OSError:  # sent to A, which is gone: try again through B
            time.sleep(0.2)
    with player:
        assert at == b.url
        view = latest_view(player)
        taken_at = view["seq"]
        view = play_until_bots_move(player, view, taken_at, 10 * LEASE_SECONDS + 10)
        assert view["table"]["finished"] or view["seq"] > taken_at
    assert metric(b, "cardtable_redirects_total") >= 1
