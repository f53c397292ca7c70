"""Protocol 2 of the table's WebSocket (docs/web.md, "The wire format"): a connection is sent
its whole view once, then after each change only an ``update`` (a JSON Patch, RFC 6902, from
the view numbered ``v - 1`` to the one numbered ``v``).

Before, every change sent every connection its whole view, about 7 KB per seat late in a game of
Score against 3 KB early on, though only a few of its parts had changed
(docs/reliability.md, "Deliver less per move").
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.core import list_games
from cardtable.core.registry import new_state
from cardtable.server.patch import apply, diff
from cardtable.server.store import Store
from cardtable.server.tables import Connection, TableService
from cardtable.server.views import encode
from tests.server.conftest import create

PROTOCOL_2 = ["cardtable.v2"]


def seat_sockets(
    client: TestClient, game: str, players: int, **extra: Any
) -> tuple[str, list[str]]:
    """A table of people only, every seat taken: its id and the seat tokens."""
    made = create(client, game, ["human"] * players, **extra)
    table = made["table"]["id"]
    tokens = [made["token"]]
    for _ in range(1, players):
        joined = client.post(f"/api/tables/{table}/join", json={})
        assert joined.status_code == 200, joined.text
        tokens.append(joined.json()["token"])
    return table, tokens


class Reader:
    """One protocol-2 connection as a client keeps it: the view, patched by every update."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.view: dict[str, Any] | None = None
        self.sizes: list[tuple[str, int]] = []  # each view or update: its type and length

    def read(self) -> dict[str, Any]:
        """The next message (a view or update applied to the kept view)."""
        raw = self.ws.receive_text()
        message = json.loads(raw)
        if message["type"] == "update":
            assert self.view is not None and message["v"] == self.view["v"] + 1, message["v"]
            self.view = apply(self.view, message["patch"])
            self.view["v"] = message["v"]
            assert self.view["seq"] == message["seq"]
        elif message["type"] == "view":
            self.view = message
        if message["type"] in ("view", "update"):
            self.sizes.append((message["type"], len(raw.encode())))
        return dict(message)

    def until(self, seq: int, online: int) -> dict[str, Any]:
        """Read until the view is at step ``seq`` with ``online`` seats connected."""
        while True:
            self.read()
            view = self.view
            if (
                view is not None
                and view["seq"] >= seq
                and sum(s["online"] for s in view["table"]["seats"]) >= online
            ):
                return view


def test_a_late_move_s_message_is_no_larger_than_an_early_one(client: TestClient) -> None:
    """Score for three people, 300 random moves through the WebSocket and the table service:
    what seat 0 is sent for moves 291–300 is on average no larger than for moves 3–12, and
    nothing like a whole view. Before (the whole view after every move, whatever the client
    asked for): 4.3 KB early and 7.1 KB late on average, so this failed."""
    # To 20 points (SC-R2): the table's deal is random, and a random game to 10 ended before
    # move 300 about one time in ten (in 300 engine games: 5% by move 254), which made this
    # test fail now and then; to 20 the shortest of those 300 games took 460 moves.
    table, tokens = seat_sockets(client, "score", 3, options={"target_score": 20})
    rng = random.Random(3)
    sockets = [
        client.websocket_connect(f"/api/tables/{table}/ws?token={t}", subprotocols=PROTOCOL_2)
        for t in tokens
    ]
    readers = [Reader(ws.__enter__()) for ws in sockets]
    try:
        for reader in readers:
            reader.until(0, 3)
        for reader in readers:
            reader.sizes.clear()
        for move in range(1, 301):
            view = readers[0].view
            assert view is not None
            seat = view["table"]["to_act"][0]
            mine = readers[seat].view
            assert mine is not None
            action = rng.choice(mine["legal"])["id"]
            readers[seat].ws.send_text(
                json.dumps({"type": "action", "seq": mine["seq"], "action": action})
            )
            for reader in readers:
                reader.until(move, 3)
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)
    sizes = [size for _kind, size in readers[0].sizes]
    assert len(sizes) == 300, len(sizes)
    early, late = sum(sizes[2:12]) / 10, sum(sizes[290:300]) / 10
    assert late <= 1.5 * early, (early, late)
    assert late < 3000, late
    # A change too large for an update (a new deal) is sent whole: a few of them.
    kinds = [kind for kind, _ in readers[0].sizes]
    assert kinds.count("update") >= 280, kinds.count("view")


CONFIGS = sorted({(g.name, n) for g in list_games() for n in (g.min_players, g.max_players)})


def reaches(value: Any, document: Any, path: str) -> bool:
    """Whether ``value`` is what ``document`` holds at ``path`` (``-``: one of the entries of
    the list it ends in, the new ones at its end)."""
    *parts, last = [p.replace("~1", "/").replace("~0", "~") for p in path[1:].split("/")]
    node = document
    for key in parts:
        node = node[int(key)] if isinstance(node, list) else node[key]
    if last == "-":
        return value in node
    return bool((node[int(last)] if isinstance(node, list) else node[last]) == value)


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_a_client_applying_every_update_has_exactly_the_whole_view(
    game: str, players: int, tmp_path: Any
) -> None:
    """Random games of every game at its smallest and largest table, through the table
    service: every seat and a spectator have a protocol-2 connection (applying each update to
    the view it has) and a protocol-1 one (sent the whole view each time). After every
    broadcast both hold the same view; every value an update carries is the new view's at
    its path, so an update says nothing the seat's view would not (the view is made from the
    seat's observation alone, whose secrecy the conformance twins test). Some updates are
    dropped on the way: the client sees the gap, asks for a resync and goes on from there."""
    seed = CONFIGS.index((game, players))
    rng = random.Random(seed)
    store = Store(f"sqlite:///{tmp_path / 'wire.db'}", "node")
    service = TableService(store, think_time=0.0, bot_workers=1)
    table = service.create(game, players, {}, ["human"] * players, "A")[0]
    for _ in range(1, players):
        service.join(table, None, "B")
    table.state = new_state(game, players, seed=seed)
    viewers: list[int | None] = [None, *range(players)]
    kept: dict[int | None, dict[str, Any]] = {}
    whole: dict[int | None, dict[str, Any]] = {}
    counts = {"update": 0, "view": 0, "resync": 0}
    resyncs: list[Connection] = []

    problems: list[BaseException] = []  # the table drops a connection whose send raises

    def receiver(viewer: int | None, updates: bool) -> Any:
        async def send(message: dict[str, Any]) -> None:
            try:
                receive(viewer, updates, message)
            except BaseException as exc:
                problems.append(exc)
                raise

        return send

    def receive(viewer: int | None, updates: bool, message: dict[str, Any]) -> None:
        if True:
            text = json.dumps(message, allow_nan=False)  # what goes on the wire is JSON
            assert json.loads(encode(message)) == json.loads(text)  # as the server encodes it
            if not updates:
                assert message["type"] == "view"
                whole[viewer] = message
                return
            counts[message["type"]] += 1
            if message["type"] == "view":
                kept[viewer] = json.loads(json.dumps(message))
                return
            assert message["type"] == "update", message
            if rng.random() < 0.02:  # lost on the way
                resyncs.append(conns[viewer])
                return
            before = kept[viewer]
            if message["v"] != before["v"] + 1:
                resyncs.append(conns[viewer])  # a gap: ask for the whole view
                return
            for op in message["patch"]:
                assert op["op"] in ("add", "remove", "replace"), op
                if op["op"] != "remove":
                    assert reaches(op["value"], _whole(viewer), op["path"]), op
            after = apply(json.loads(json.dumps(before)), message["patch"])
            after["v"] = message["v"]
            kept[viewer] = after

    conns: dict[int | None, Connection] = {}

    def _whole(viewer: int | None) -> dict[str, Any]:
        return whole[viewer]

    async def play() -> None:
        for viewer in viewers:
            # The protocol-1 connection first: it holds the whole view an update is checked on.
            table.connections.append(Connection(viewer, receiver(viewer, False)))
            conns[viewer] = Connection(viewer, receiver(viewer, True), updates=True)
            table.connections.append(conns[viewer])
        await service.broadcast(table)
        moves = 0
        while not table.state.is_terminal() and moves < 120:
            seat = rng.choice(list(table.state.to_act()))
            await service.act(
                table, seat, table.seq, rng.choice(table.state.legal_action_ids(seat))
            )
            moves += 1
            while resyncs:
                counts["resync"] += 1
                await service.resync(table, resyncs.pop())
            assert not problems, problems[0]
            for viewer in viewers:
                got = {**kept[viewer], "v": 0}
                assert got == {**whole[viewer], "v": 0}, (game, viewer, moves)
        await service.close()

    asyncio.run(play())
    assert counts["update"] > 10 * len(viewers), counts


def test_a_resync_sends_the_whole_view_and_the_next_change_whole_too(
    client: TestClient,
) -> None:
    """A client that missed an update (its ``v`` jumps) sends ``sync``: it gets its whole
    view, and the next change is sent whole as well (the view a resync sends may be newer
    than the last broadcast, so no update is made against it); updates follow after that,
    and applied they give the view a protocol-1 client of the same seat is sent."""
    table, tokens = seat_sockets(client, "magic-show", 2)
    url = f"/api/tables/{table}/ws?token="
    with (
        client.websocket_connect(url + tokens[0]) as plain0,
        client.websocket_connect(url + tokens[1]) as plain1,
        client.websocket_connect(url + tokens[0], subprotocols=PROTOCOL_2) as ws,
    ):
        players = [Reader(plain0), Reader(plain1)]
        for player in players:
            player.until(0, 2)

        def move(step: int) -> None:
            view = players[0].view
            assert view is not None
            seat = view["table"]["to_act"][0]
            mine = players[seat].view
            assert mine is not None
            action = mine["legal"][0]["id"]
            players[seat].ws.send_text(
                json.dumps({"type": "action", "seq": mine["seq"], "action": action})
            )
            for player in players:
                player.until(step, 2)

        def change() -> dict[str, Any]:
            while (message := json.loads(ws.receive_text()))["type"] not in ("view", "update"):
                pass
            return dict(message)

        first = change()
        assert first["type"] == "view"
        move(1)
        missed = change()  # this client misses it
        assert missed["type"] == "update" and missed["v"] == first["v"] + 1
        move(2)
        gap = change()
        assert gap["type"] == "update" and gap["v"] == first["v"] + 2  # not first's next: a gap
        ws.send_text(json.dumps({"type": "sync"}))
        resent = change()
        assert resent["type"] == "view" and resent["seq"] == 2
        move(3)
        whole = change()
        assert whole["type"] == "view" and whole["seq"] == 3  # whole, after a resync
        move(4)
        update = change()
        assert update["type"] == "update" and update["v"] == whole["v"] + 1
        after = apply(whole, update["patch"])
        assert {**after, "v": 0} == {**players[0].view, "v": 0}


def test_a_client_that_does_not_ask_is_sent_whole_views(client: TestClient) -> None:
    """Protocol 1 stays as it was for a client that does not ask for protocol 2 (the bots'
    and tests' clients): the whole view after every change."""
    table, tokens = seat_sockets(client, "magic-show", 2)
    with client.websocket_connect(f"/api/tables/{table}/ws?token={tokens[0]}") as ws:
        view = Reader(ws).until(0, 1)
        ws.send_text(json.dumps({"type": "action", "seq": 0, "action": view["legal"][0]["id"]}))
        kinds = set()
        for _ in range(2):
            kinds.add(json.loads(ws.receive_text())["type"])
        assert kinds <= {"view", "ack"} and "view" in kinds


JSON = st.recursive(
    # No 0 or 1 beside false and true: inside a list or object Python's == takes them for equal,
    # and so does the diff (server/patch.py says why that is safe for views).
    st.none() | st.booleans() | st.integers(2, 9) | st.text("ab/~", max_size=2),
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(st.text("ab/~", max_size=2), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(JSON, JSON)
def test_a_patch_turns_any_document_into_the_other(old: Any, new: Any) -> None:
    """Whatever the two documents (keys with ``/`` and ``~``, lists that grow, shrink or move
    on, values changing type), applying the patch to the first gives the second, with
    JSON's types."""
    ops = diff(old, new)
    result = apply(json.loads(json.dumps(old)), json.loads(json.dumps(ops)))
    assert json.dumps(result, sort_keys=True) == json.dumps(new, sort_keys=True)


TEXT = st.text(st.characters(codec="utf-8"), max_size=4)
VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(TEXT, VALUES, max_size=5))
def test_the_server_s_encoder_writes_what_the_standard_library_reads_back(
    message: dict[str, Any],
) -> None:
    """Views and updates are encoded by msgspec (``views.encode``), not by Starlette's
    ``json.dumps``: any message, with any text (control characters, bidi
    marks), finite numbers and nesting, reads back as the same value (no view carries NaN or
    an infinity: the wire test above checks with ``allow_nan=False``)."""
    assert json.loads(encode(message)) == json.loads(json.dumps(message))
