"""The cheaper ways of making a broadcast's updates give the very operations of the plain diff
(docs/reliability.md, "Seventh sitting: CPU per action").

A broadcast diffs the table summary once for all seats (``patch.diff_shared`` with a memo that
lives for one broadcast), and the seat logs hand each view the same history entries as the one
before, so the diff finds them by identity. Neither may change a byte of what a client is sent:
every update of random games of every game, for every seat and a spectator, is checked here
against ``patch.diff`` of the seat's previous view and its new one, and applied to the previous
view as a client decodes it.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import cardtable.server.tables as tables_module
from cardtable.core.registry import new_state
from cardtable.server.patch import apply, diff, diff_shared
from cardtable.server.seatlog import SeatLogs
from cardtable.server.store import Store
from cardtable.server.tables import Connection, TableService
from cardtable.server.views import encode, seat_update, seat_view
from tests.server.games import FIVE_GAMES

GAMES = FIVE_GAMES


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_every_update_of_random_games_is_the_plain_diff_of_the_two_views(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch, game: str, players: int
) -> None:
    """Two tables of the game played at random by every seat, each seat and a spectator
    connected (two connections on seat 0), 120 moves each: every update the broadcasts make is
    ``diff`` of the two views (the same operations in the same order), each view a broadcast
    sends (its parts shared between seats) encodes byte for byte as the seat's view made on its
    own, and each client's view, patched update by update from its JSON, is the server's."""
    checked = [0]

    def checked_update(
        previous: tuple[int, dict[str, Any]] | None, view: dict[str, Any], memo: Any = None
    ) -> dict[str, Any] | None:
        update = seat_update(previous, view, memo)
        if update is not None:
            assert previous is not None
            assert update["patch"] == diff({**previous[1], "v": view["v"]}, view)
            checked[0] += 1
        return update

    monkeypatch.setattr(tables_module, "seat_update", checked_update)
    service = TableService(Store(f"sqlite:///{tmp_path}/t.db", "t"), think_time=0.0)
    docs: dict[int, dict[str, Any]] = {}

    def sender(key: int) -> Any:
        async def send(message: dict[str, Any]) -> None:
            read = json.loads(encode(message))
            if read["type"] == "view":
                docs[key] = read
            elif read["type"] == "update":
                docs[key] = apply(docs[key], read["patch"])
                docs[key]["v"] = read["v"]

        return send

    async def play() -> None:
        rng = random.Random(f"{game} shared")
        keys = itertools.count()
        tables = []
        for _ in range(2):
            table = service.create(game, players, {}, ["human"] * players, "A")[0]
            for _ in range(1, players):
                service.join(table, None, "B")
            for seat in [0, *range(players), None]:
                key = next(keys)
                conn = Connection(seat, sender(key), updates=True)
                conn.key = key  # type: ignore[attr-defined]
                table.connections.append(conn)
            await service.broadcast(table)
            tables.append(table)
        for _ in range(120):
            for table in tables:
                if table.state.is_terminal():
                    continue
                seat = rng.choice(table.state.to_act())
                action = rng.choice(table.state.legal_action_ids(seat))
                await service.act(table, seat, table.seq, action)
                for conn in table.connections:
                    key = conn.key  # type: ignore[attr-defined]
                    view = table.sent[conn.seat][1]
                    # What was sent is byte for byte the seat's view made on its own.
                    assert encode(view) == encode(table.view(conn.seat)), (game, conn.seat)
                    assert docs[key] == json.loads(encode(view)), (game, conn.seat)
        await service.close()

    asyncio.run(play())
    assert checked[0] >= 100 * players


def test_a_view_hands_on_the_history_entries_of_the_one_before() -> None:
    """A seat's next view holds the very history entries (and their data) of its previous one
    where they are the same moves, so the diff compares them by identity; before, each view
    made a new list and a copy of the data for every entry."""
    state = new_state("score", 3, seed=5)
    logs = SeatLogs()
    rng = random.Random(3)
    views = []
    for _ in range(30):
        seat = state.to_act()[0]
        state = state.clone()  # as a table's own move is made
        state.apply(seat, rng.choice(state.legal_action_ids(seat)))
        views.append(seat_view(state, {}, 0, 0, 60.0, logs)["observation"])
    shared = 0
    for before, after in itertools.pairwise(views):
        for key in ("history", "history_data"):
            # Entry i of a tail is the move numbered length - len(tail) + i.
            old, new = before[key], after[key]
            old_first = before["history_length"] - len(old)
            new_first = after["history_length"] - len(new)
            for i, entry in enumerate(new):
                j = new_first + i - old_first
                if 0 <= j < len(old) and entry is not None:
                    assert entry is old[j], (key, new_first + i)
                    shared += 1
    assert shared > 100


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(0, 3) | st.text("ab/~", max_size=2),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text("ab/~", max_size=2), inner, max_size=4)
    ),
    max_leaves=12,
)
VIEW = st.dictionaries(st.sampled_from(["a", "b", "t", "o", "c~/"]), JSON, max_size=4)


SPEC: dict[str, Any] = {"t": None, "o": {"p": None, "z": {"*": None}}}
ZONES = st.dictionaries(st.sampled_from(["x", "y~", "z/"]), JSON, max_size=3)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(VIEW, VIEW, st.booleans(), ZONES, ZONES), min_size=1, max_size=4),
    JSON,
    JSON,
    JSON,
    ZONES,
    ZONES,
)
@example([({"a": 1, "t": 0}, {"a": True, "t": 0}, False, {}, {})], 0, 0, 0, {}, {})
def test_diff_shared_is_diff_for_any_views_sharing_members(
    pairs: list[tuple[dict[str, Any], dict[str, Any], bool, dict[str, Any], dict[str, Any]]],
    old_shared: Any,
    older_shared: Any,
    new_shared: Any,
    old_zones: dict[str, Any],
    new_zones: dict[str, Any],
) -> None:
    """Several seats' pairs of views diffed with one memo, as a broadcast does: each new view
    holds one object under ``t`` and ``o/p`` and the old one of two; the members of ``o/z``
    are the same objects in every view, except those a seat has of its own. Each seat's
    operations are exactly ``diff``'s, in the same order, including 1 against true (equal in
    Python, not in JSON), keys that come and go, and members equal to or the same object as
    the ones before."""
    memo: dict[tuple[str, int, int], list[dict[str, Any]]] = {}
    for old, new, older, own_old, own_new in pairs:
        for view, shared, zones, own in (
            (old, older_shared if older else old_shared, old_zones, own_old),
            (new, new_shared, new_zones, own_new),
        ):
            if "t" in view:
                view["t"] = shared
            if "o" in view:
                view["o"] = {"p": shared, "z": {**zones, **own}}
        assert diff_shared(old, new, SPEC, memo) == diff(old, new)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_seat_log_keeps_the_very_last_entries_it_read(game: str, players: int) -> None:
    """A seat log tells that a later state extends what it read by the identity of the last
    history entry and log line it read (``server/seatlog.py``). Compiled by mypyc with the
    entries typed as tuples, it kept a boxed copy instead, no later state ever matched, and
    every view read the whole game again; this holds in both builds (the compiled test pass)."""
    state = new_state(game, players, seed=2)
    logs = SeatLogs()
    rng = random.Random(2)
    for _ in range(20):
        if state.is_terminal():
            break
        seat = state.to_act()[0]
        state = state.clone()
        state.apply(seat, rng.choice(state.legal_action_ids(seat)))
        for viewer in (0, None):
            log = logs.of(state, viewer)
            assert log.last_action is state.history[-1]
            assert state.events is not None and log.last_line is state.events[-1]
