"""Live tables: the one place where actions are checked, committed, then broadcast.

An action goes through :meth:`LiveTable.act`: the sequence number the client saw is checked
(a resend after a reconnect is recognised and not applied twice), the action is applied on the
checked path (an illegal one changes nothing), the event is committed to the store, and only
then is it acknowledged and every connection sent its own new view. Bots move from a copy of the
state: a search in the bounded worker-process pool (:mod:`.botpool`, one decision in flight per
table, tables served in turn), a plain bot in a thread, so thinking never blocks the event loop.
Bot budgets are capped by the server (:mod:`.budget`).

Stand-ins: a seated person's decision is taken by a stand-in bot when the table's turn timer
runs out for it, and every decision of a person who has had no connection for longer than the
away time is, until the person connects again. Each table has one task that plays its bots and
stand-ins and sleeps until the next deadline or change.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import secrets
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.exc import IntegrityError

from cardtable.agents.analysis import make_search
from cardtable.core import (
    Action,
    BadOptions,
    CardtableError,
    GameRecord,
    IllegalAction,
    State,
    get_game,
    list_games,
    new_state,
)
from cardtable.core.options import options_to_json
from cardtable.server.botpool import BotPool, is_search, think
from cardtable.server.budget import Budget
from cardtable.server.clock import TurnClock
from cardtable.server.cluster import Cluster, PgCluster
from cardtable.server.config import DEFAULTS
from cardtable.server.inputs import clean_name, excerpt
from cardtable.server.store import (
    LeaseLost,
    Move,
    MoveWriter,
    Store,
    StoredTable,
    TableRow,
    now,
)
from cardtable.server.timings import Timings
from cardtable.server.views import SeatLogs, seat_update, seat_view

Send = Callable[[dict[str, Any]], Awaitable[None]]


class TableError(Exception):
    """A request about a table that cannot be served; ``status`` is the HTTP status to use."""

    def __init__(self, status: int, message: str) -> None:
        # Messages may quote what a client sent: never echo more than a short piece of it.
        super().__init__(message if len(message) <= 300 else message[:300] + "…")
        self.status = status


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Connection:
    """One WebSocket: the seat it acts for (None = spectator) and how to send to it.

    ``send`` puts a message in the connection's outbox (:mod:`.outbox`) and returns without
    waiting for the socket; it raises once the connection is closed or was dropped for falling
    behind, and a broadcast then forgets the connection.

    ``updates``: the connection speaks protocol 2 (docs/web.md, "The wire format"): after a
    full view it is sent only ``update`` messages (a JSON Patch from the view it had, see
    :mod:`.patch`); protocol 1 is sent the full view every time."""

    seat: int | None
    send: Send
    updates: bool = False
    #: The version (``v``) of the last view this connection was sent, whole or as an update;
    #: None until its first, and after a resync (its next view is then sent whole).
    v: int | None = None


@dataclass
class LiveTable:
    id: str
    row: TableRow
    state: State
    seq: int
    #: The bot spec of each bot seat, clamped to the server's budget caps.
    agents: dict[int, str]
    connections: list[Connection] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None
    #: Set whenever something the bot task waits for changes (a move, a connection).
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    #: The turn timer and the away watch (acted on only by the table's owner).
    clock: TurnClock = field(default_factory=lambda: TurnClock(None, DEFAULTS.away_seconds))
    #: Seats whose hint is being worked out (one at a time per seat).
    hinting: set[int] = field(default_factory=set)
    #: When this process loaded the table (monotonic): an unopened table expires from here.
    loaded_at: float = field(default_factory=time.monotonic)
    #: What each seat's views have read of the history and log (a view reads only what grew).
    logs: SeatLogs = field(default_factory=SeatLogs)
    #: Counts broadcasts: every view and update carries it as ``v`` (protocol 2's sequence).
    version: int = 0
    #: Per seat: the version and view it was last broadcast (the base of its next update).
    sent: dict[int | None, tuple[int, dict[str, Any]]] = field(default_factory=dict)
    #: Held while a broadcast sends, so every connection gets the versions in order.
    sending: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: Another process's moves were left unapplied here (nobody here watches the table and
    #: another process owns it): brought up to date from the store when asked for
    #: (:meth:`TableService.fresh`).
    stale: bool = False

    def seated(self, seat: int) -> bool:
        """Whether a person holds this seat (a human seat whose token was handed out)."""
        entry = self.row.seats[seat]
        return entry["kind"] == "human" and bool(entry.get("token"))

    def hints_allowed(self) -> bool:
        """Hints are for a person learning against bots: offered only where one seat is a
        person's and every other seat a bot's, so a hint never gives one person an edge over
        another."""
        return sum(1 for s in self.row.seats if s["kind"] == "human") == 1

    def deadline(self) -> float | None:
        """Seconds left on the turn timer for the seated people who must act now."""
        return self.clock.deadline(self.state, self.seated)

    def away(self, seat: int) -> bool:
        """Whether a stand-in plays this seat because its player is away."""
        return self.clock.away(seat)

    def summary(self) -> dict[str, Any]:
        """Public facts of the table (the seed only once the game is over)."""
        info = get_game(self.row.game)
        over = self.state.is_terminal()
        online = {c.seat for c in self.connections}  # (a set: made once per broadcast)
        away = self.clock.away
        seats = self.row.seats
        return {
            "id": self.id,
            "game": info.name,
            "display_name": info.display_name,
            "num_players": self.row.num_players,
            "options": self.row.options,
            "seats": [
                {
                    "kind": s["kind"],
                    "bot": s.get("bot"),
                    "name": s.get("name") or "",
                    "taken": s["kind"] == "bot" or bool(s.get("token")),
                    "invite": "invite" in s,
                    "online": i in online,
                    "away": away(i),
                }
                for i, s in enumerate(seats)
            ],
            "turn_seconds": self.row.turn_seconds,
            "hints": sum(1 for s in seats if s["kind"] == "human") == 1,  # hints_allowed()
            "deadline": self.deadline(),
            "to_act": list(self.state.to_act()),
            "finished": over,
            "seq": self.seq,
            "seed": self.row.seed if over else None,
        }

    def view(
        self,
        seat: int | None,
        summary: dict[str, Any] | None = None,
        common: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """The view message for ``seat`` (None = a spectator) as the table is now, numbered
        with the table's latest broadcast version; ``common``: see :func:`seat_view`."""
        view = seat_view(
            self.state,
            self.summary() if summary is None else summary,
            self.seq,
            seat,
            self.clock.away_seconds,
            self.logs,
            common,
        )
        view["v"] = self.version
        return view

    def record(self) -> GameRecord:
        names = [s.get("name") or s.get("bot") or f"seat {i}" for i, s in enumerate(self.row.seats)]
        return GameRecord.of(self.state, self.row.seed, names)


def parse_seat_kinds(
    seats: list[str], num_players: int, budget: Budget | None = None, game: str | None = None
) -> list[dict[str, Any]]:
    """``["human", "bot:random", ...]`` into seat entries; bot specs are checked here, with
    their budgets against the server's caps (a level as it is in ``game``)."""
    if len(seats) != num_players:
        raise TableError(422, f"'seats' needs one entry per player ({num_players})")
    out: list[dict[str, Any]] = []
    for i, kind in enumerate(seats):
        if kind == "human":
            out.append({"kind": "human", "name": "", "token": None})
        elif kind == "friend":  # a person's seat, taken only with its invite link
            out.append({"kind": "human", "name": "", "token": None, "invite": None})
        elif kind.startswith("bot"):
            spec = kind.partition(":")[2] or "random"
            try:
                over = (budget or DEFAULTS.budget()).check(spec, game)
            except ValueError as exc:
                raise TableError(422, f"seat {i}: {exc}") from None
            if over is not None:
                raise TableError(422, f"seat {i}: {over}")
            out.append({"kind": "bot", "bot": spec, "name": f"{spec} bot"})
        else:
            raise TableError(
                422, f"seat {i}: {excerpt(kind)} is not 'human', 'friend' or 'bot:SPEC'"
            )
    return out


class TableService:
    """All live tables of one server process, over one store."""

    def __init__(
        self,
        store: Store,
        think_time: float = DEFAULTS.think_time,
        away_seconds: float = DEFAULTS.away_seconds,
        standin_bot: str = DEFAULTS.standin_bot,
        hint_bot: str = DEFAULTS.hint_bot,
        budget: Budget | None = None,
        bot_workers: int = DEFAULTS.bot_workers,
        cluster: Cluster | None = None,
    ) -> None:
        self.store = store
        #: Which tables this process runs bots and timers for (all of them when alone).
        self.cluster = cluster or Cluster()
        self.budget = budget or DEFAULTS.budget()
        self.pool = BotPool(bot_workers)
        self.think_time = think_time
        self.away_seconds = away_seconds
        make_search(hint_bot)  # a bad spec fails here, at start
        self.standin_bot = standin_bot
        self.hint_bot = hint_bot
        for game in list_games():  # a spec the caps cannot clamp fails here, at start
            self.standin_for(game.name)
            self.hint_for(game.name)
        self.tables: dict[str, LiveTable] = {}
        #: Stores moves without stalling the event loop, several tables' in one statement.
        self.writer = MoveWriter(store)
        #: Set when the server stops: no bot task goes on after that.
        self.closed = False
        #: Finished tables kept in memory with nobody connected (see ``_forget_finished``).
        self.keep_finished = 64
        #: Running totals for ``/metrics``: moves stored, (table, seq) races lost, tables
        #: taken over from a process that stopped renewing its lease.
        self.counts: Counter[str] = Counter()
        #: Latency histograms and collector pauses for ``/metrics`` (see :mod:`.timings`).
        self.timings = Timings()
        if isinstance(self.cluster, PgCluster):
            self.cluster.absorb = self.absorb

    def standin_for(self, game: str) -> str:
        """The stand-in bot's spec in ``game``, clamped to the caps (a level may stand for
        another spec in one game, agents/specs.py, so the clamp needs the game)."""
        return self.budget.clamp(self.standin_bot, game)

    def hint_for(self, game: str) -> str:
        """The hint search's spec in ``game``, clamped to the caps (as :meth:`standin_for`)."""
        return self.budget.clamp(self.hint_bot, game)

    # ------------------------------------------------------------------ lobby

    def create(
        self,
        game: str,
        num_players: int,
        options: dict[str, Any],
        seats: list[str],
        name: str,
        creator_seat: int | None = None,
        turn_seconds: float | None = None,
        creator: str | None = None,
    ) -> tuple[LiveTable, int | None, str | None, dict[int, str]]:
        """A new table; the creator takes a human seat (the first unless it names one) and
        gets the invite secret of each seat kept for a friend (``"friend"``), by seat.

        ``creator`` (a hash of the client's address) is kept for the per-client cap on open
        tables, which the lobby checks before calling this."""
        try:
            info = get_game(game)
        except CardtableError as exc:
            raise TableError(422, str(exc)) from None
        entries = parse_seat_kinds(seats, num_players, self.budget, info.name)
        if any(s["kind"] == "human" for s in entries):
            # A person plays: the game's human options apply unless the creator set them.
            options = {**info.human_options, **options}
        try:
            seed = secrets.randbits(62)
            state = new_state(info.name, num_players, seed, options)
        except CardtableError as exc:
            raise TableError(422, str(exc)) from None
        row = TableRow(
            id=secrets.token_hex(6),
            game=info.name,
            num_players=num_players,
            options=options_to_json(state.options),
            seed=seed,
            seats=entries,
            finished=False,
            turn_seconds=turn_seconds,
            created_at=now(),
            creator=creator,
            seen=False,
            seats_version=0,
        )
        seat, token = None, None
        invites = {i: secrets.token_urlsafe(18) for i, s in enumerate(entries) if "invite" in s}
        for i, secret in invites.items():
            entries[i]["invite"] = hash_token(secret)
        humans = [i for i, s in enumerate(entries) if s["kind"] == "human" and i not in invites]
        if creator_seat is not None and creator_seat not in humans:
            raise TableError(422, f"seat {creator_seat} is not a human seat open to you")
        if humans:
            seat = humans[0] if creator_seat is None else creator_seat
            token = secrets.token_urlsafe(18)
            entries[seat].update(token=hash_token(token), name=clean_name(name)[:40] or "Guest")
        self.store.add_table(row)
        self.cluster.claim(row.id)
        table = self._live(row, state, [])
        return table, seat, token, invites

    def join(
        self,
        table: LiveTable,
        seat: int | None,
        name: str,
        invite: str | None = None,
        kept: bool = False,
    ) -> tuple[int, str]:
        """Take a seat; returns its token. With ``invite``, the seat that invite is for;
        otherwise an open lobby seat (the first one if ``seat`` is None). A seat kept for an
        invited friend is taken only with its invite's secret, or with ``kept`` (the server
        has checked who may have it: a rematch seat kept for its old holder)."""
        asked = seat
        for attempt in range(2):
            seats = table.row.seats
            vouched = (  # the caller has checked the person: a kept seat nobody has taken yet
                kept
                and asked is not None
                and 0 <= asked < len(seats)
                and "invite" in seats[asked]
                and not seats[asked]["token"]
            )
            seat = asked if vouched and asked is not None else None
            if seat is None:
                seat = self._seat_to_take(seats, asked, invite)
            token = secrets.token_urlsafe(18)
            updated = [dict(s) for s in seats]
            updated[seat].update(token=hash_token(token), name=clean_name(name)[:40] or "Guest")
            version = table.row.seats_version or 0
            if self.store.set_seats(table.id, version, updated):
                table.row.seats, table.row.seats_version = updated, version + 1
                table.clock.left(seat)  # until the new player connects
                table.changed.set()
                return seat, token
            # The seats changed through another process, whose notice has not been applied
            # here yet: read them once and choose again (the seat asked for may be gone).
            row = self.store.load_row(table.id) if not attempt and self.cluster.shared else None
            if row is None:
                break
            table.row.seats, table.row.seats_version = row.seats, row.seats_version
            table.changed.set()
        self.tables.pop(table.id, None)  # changed elsewhere: reload it on the next request
        raise TableError(409, "the seats changed meanwhile; look at the table again")

    @staticmethod
    def _seat_to_take(seats: list[dict[str, Any]], seat: int | None, invite: str | None) -> int:
        if invite is not None:
            digest = hash_token(invite)
            invited = [i for i, s in enumerate(seats) if s.get("invite") == digest]
            if not invited or (seat is not None and seat not in invited):
                raise TableError(403, "that invite is not for a seat at this table")
            if seats[invited[0]].get("token"):
                raise TableError(409, "the seat of that invite is already taken")
            return invited[0]
        open_seats = [
            i
            for i, s in enumerate(seats)
            if s["kind"] == "human" and not s["token"] and not s.get("invite")
        ]
        if seat is None:
            if not open_seats:
                raise TableError(409, "every seat of this table open to the lobby is taken")
            return open_seats[0]
        if not 0 <= seat < len(seats):
            raise TableError(404, f"there is no seat {seat} at this table")
        if seats[seat].get("invite") and not seats[seat].get("token"):
            raise TableError(403, f"seat {seat} is kept for an invited friend: use the invite link")
        if seat not in open_seats:
            raise TableError(409, f"seat {seat} is not open")
        return seat

    def seat_of(self, table: LiveTable, token: str) -> int:
        """The seat ``token`` holds. With other processes a seat may have been taken through
        one of them a moment ago (its notice not yet applied here): on a miss the seats are
        read from the store once before the token is refused."""
        digest = hash_token(token)
        for attempt in range(2):
            for i, s in enumerate(table.row.seats):
                if s.get("token") and secrets.compare_digest(s["token"], digest):
                    return i
            if attempt or not self.cluster.shared:
                break
            row = self.store.load_row(table.id)
            if row is None or (row.seats_version or 0) <= (table.row.seats_version or 0):
                break
            table.row.seats, table.row.seats_version = row.seats, row.seats_version
            table.changed.set()
        raise TableError(403, "that seat token is not valid for this table")

    def get(self, table_id: str) -> LiveTable:
        """A live table, rebuilt from its event log if this process has not loaded it yet."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        stored = self.store.load(table_id) if len(table_id) <= 32 else None
        if stored is None:
            raise TableError(404, f"no table {table_id[:40]!r}")
        table = self._rebuild(stored)
        if not table.state.is_terminal():
            self.cluster.claim(table_id)  # a table nobody runs (its owner died) is ours now
        return table

    def resume_all(self) -> list[LiveTable]:
        """Load every unfinished table (after a restart) and let its bots move again."""
        tables = [self.get(tid) for tid in self.store.table_ids(finished=False, limit=10_000)]
        for table in tables:
            self.schedule_bots(table)
        return tables

    def _rebuild(self, stored: StoredTable) -> LiveTable:
        row = stored.row
        state = new_state(row.game, row.num_players, row.seed, row.options)
        for seat, text in stored.actions:
            state.apply(seat, text)
        return self._live(row, state, stored.actions)

    async def close(self) -> None:
        """Stop every table's bot task, then the worker processes (the server is stopping)."""
        self.closed = True
        tasks = [t.bot_task for t in self.tables.values() if t.bot_task and not t.bot_task.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.writer.aclose()
        await asyncio.to_thread(self.pool.close)

    def _live(self, row: TableRow, state: State, actions: list[tuple[int, str]]) -> LiveTable:
        # A table stored under looser caps resumes with its bots clamped to today's.
        agents = {
            i: self.budget.clamp(s["bot"], row.game)
            for i, s in enumerate(row.seats)
            if s["kind"] == "bot"
        }
        clock = TurnClock(row.turn_seconds, self.away_seconds)
        table = LiveTable(row.id, row, state, len(actions), agents, clock=clock)
        # Nobody is connected yet: every seated player counts as away from now on.
        clock.watch([i for i in range(len(row.seats)) if table.seated(i)], set())
        self.tables[row.id] = table
        self._forget_finished()
        return table

    def _forget_finished(self) -> None:
        """Keep at most ``keep_finished`` finished tables nobody is connected to in memory,
        forgetting the longest-loaded first: a finished game never changes, and :meth:`get`
        rebuilds it from the store when it is asked for again."""
        idle = [t.id for t in self.tables.values() if t.state.is_terminal() and not t.connections]
        for table_id in idle[: max(0, len(idle) - self.keep_finished)]:
            del self.tables[table_id]

    # ------------------------------------------------------------------ presence

    async def connected(self, table: LiveTable, conn: Connection) -> None:
        """A connection opened: its player is back, so its stand-in stops."""
        table.connections.append(conn)
        if not table.row.seen:
            self.store.mark_seen(table.id)
            table.row.seen = True
        if conn.seat is not None:
            if not any(c.seat == conn.seat for c in table.connections[:-1]):
                await self._present(table.id, conn.seat, True)
            table.clock.back(conn.seat)
        table.changed.set()
        await self.fresh(table)  # moves left unapplied while nobody here watched it
        await self.broadcast(table)

    async def disconnected(self, table: LiveTable, conn: Connection) -> None:
        """A connection closed; a seat with no connection left starts counting as away."""
        if conn in table.connections:
            table.connections.remove(conn)
        seat = conn.seat
        if seat is not None and not any(c.seat == seat for c in table.connections):
            await self._present(table.id, seat, False)
            elsewhere = (
                await asyncio.to_thread(self.cluster.elsewhere_at, table.id)
                if self.cluster.shared
                else self.cluster.elsewhere_at(table.id)
            )
            if seat not in elsewhere:
                table.clock.left(seat)
            self.schedule_bots(table)
        await self.broadcast(table)
        self._forget_finished()

    async def _present(self, table_id: str, seat: int, here: bool) -> None:
        """Record a seat's presence on this process; with other processes that is a database
        write, made off the event loop."""
        if self.cluster.shared:
            await asyncio.to_thread(self.cluster.present, table_id, seat, here)
        else:
            self.cluster.present(table_id, seat, here)

    # ------------------------------------------------------------------ play

    async def act(
        self, table: LiveTable, seat: int, seen_seq: int, action: int | str
    ) -> tuple[Action, int, bool]:
        """Apply ``seat``'s action, sent after it saw step ``seen_seq``; commit, then broadcast.

        If the seat has acted since that step, this is a resend (after a reconnect): the same
        action is acknowledged as a duplicate and not applied again, anything else is stale.
        Other seats' moves since then do not make it stale: the action is checked against the
        current state. Returns the action, the step it became and whether it was a duplicate.
        """
        caught_up = False  # steps read from the store meanwhile: show them whatever happens
        try:
            for _attempt in range(5):
                async with table.lock:
                    resent = self._resend(table, seat, seen_seq, action)
                    if resent is not None:
                        return resent
                    state = table.state.clone()
                    chosen_action = state.apply(seat, action)  # IllegalAction: nothing changed
                    if not await self._commit(table, state, seat, chosen_action):
                        caught_up = True  # another process stored this step first: again
                        continue
                    new_seq = table.seq
                caught_up = False
                await self.broadcast(table)
                self.schedule_bots(table)
                return chosen_action, new_seq, False
        finally:
            if caught_up:
                await self.broadcast(table)
        raise TableError(409, "the table kept moving meanwhile; look at it again")

    def _resend(
        self, table: LiveTable, seat: int, seen_seq: int, action: int | str
    ) -> tuple[Action, int, bool] | None:
        """The answer to a resend (action, step, True), None for a new action; TableError
        when it is stale."""
        if not 0 <= seen_seq <= table.seq:
            raise TableError(409, f"stale: the table is at step {table.seq}, not {seen_seq}")
        history = table.state.history
        mine = [i for i in range(seen_seq, table.seq) if history[i][0] == seat]
        if mine:
            step = mine[0]
            if self._same(table, action, history[step][1]):
                return table.state.actions.action(history[step][1]), step + 1, True
            raise TableError(409, f"stale: you have moved since step {seen_seq}")
        return None

    @staticmethod
    def _same(table: LiveTable, action: int | str, action_id: int) -> bool:
        try:
            return table.state.to_action(action).id == action_id
        except IllegalAction:
            return False

    async def _commit(
        self, table: LiveTable, state: State, seat: int, chosen: Action, fence: bool = False
    ) -> bool:
        """Store ``chosen`` (already applied to ``state``, a copy of the table's) as the next
        step, then make it on the table's own state too. False, with the table brought up to
        date from the store, if another process stored that step first: nothing was shown of
        it.
        ``fence``: a bot's move, stored only while this process owns the table.

        The caller holds the table's lock: while the move is being stored the event loop
        serves everything else, and nothing changes this table meanwhile (notices of other
        processes wait for the lock too)."""
        move = Move(table.id, table.seq + 1, seat, chosen.text, state.is_terminal(), fence)
        try:
            with self.timings.commit.time():
                await self.writer.write(move)
        except IntegrityError:
            self.counts["races_lost"] += 1
            await self.refresh(table)
            return False
        self.counts["moves"] += 1
        # The same move once more, on the table's own state, instead of making the copy the
        # table's: the table's state then stays one object for the whole game, and a timed
        # collection, which freezes what survives it, never walks it again; a copy made the
        # table's would be new every move, so every collection walked every live table's state
        # (docs/reliability.md, "Ninth sitting: one state per table"). Moves are deterministic
        # (the state carries its generator), so both copies agree.
        table.state.apply_unchecked(seat, chosen.id)
        table.seq += 1
        state = table.state
        table.clock.moved(state)
        table.changed.set()
        if state.is_terminal():
            self.cluster.release(table.id)
        return True

    async def refresh(self, table: LiveTable) -> bool:
        """Bring a loaded table up to the store: seats and steps other processes committed.
        Returns whether anything changed. The store is read in a thread (a query on the event
        loop stalls every connection of the process); the caller holds the table's lock, so
        nothing else moves the table meanwhile."""
        table.stale = False  # a notice skipped during the read sets it again
        row, events = await asyncio.to_thread(self._read_since, table.id, table.seq)
        if row is None:
            self.forget(table.id)
            return False
        changed = row.seats_version != table.row.seats_version
        table.row.seats, table.row.seats_version = row.seats, row.seats_version
        table.row.seen = table.row.seen or row.seen
        for seq, seat, text in events:
            if seq <= table.seq:
                continue
            if seq != table.seq + 1:
                break  # cannot happen with the (table, seq) key; the next notice retries
            table.state.apply(seat, text)
            self.counts["applied"] += 1
            table.seq = seq
            table.clock.moved(table.state)
            changed = True
        if changed:
            table.changed.set()
        return changed

    def _read_since(
        self, table_id: str, seq: int
    ) -> tuple[TableRow | None, list[tuple[int, int, str]]]:
        row = self.store.load_row(table_id)
        return row, [] if row is None else self.store.events_after(table_id, seq)

    def shed(self) -> int:
        """Drop every table's diff bases (``LiveTable.sent``, the view each seat was last sent),
        right before a timed full collection (:func:`~.timings.collect_every`); returns how
        many were dropped.

        A base is a seat's whole view, a nest of dicts and lists kept from one move to the
        next: with 200 tables they were about a fifth of what a full collection walks
        (docs/reliability.md, "Sixth sitting: collections"). Without its base a seat's next
        broadcast is its whole view instead of an update (which protocol 2 allows at any
        time), made with less CPU than the diff; the updates resume from it."""
        dropped = 0
        for table in self.tables.values():
            dropped += len(table.sent)
            table.sent.clear()
        return dropped

    def forget(self, table_id: str) -> None:
        """Drop a table from memory (deleted, or no longer in the store)."""
        table = self.tables.pop(table_id, None)
        if table is not None and table.bot_task is not None:
            table.bot_task.cancel()

    async def broadcast(self, table: LiveTable) -> None:
        """Send every connection its own view of the table as it is now, numbered with the
        next version: whole, or to a protocol-2 connection that has the seat's previous
        version, as an update from it (:func:`seat_update`). Each seat's view and update are
        made once, however many connections it has; the summary once for all. Broadcasts of
        one table go out one after another, so each connection sees the versions in order.

        A send queues the message in the connection's outbox and does not wait for its socket
        (:mod:`.outbox`): before, each send was awaited in turn, so a client that stopped
        reading held up the table's every later broadcast, for everyone at it."""
        async with table.sending:
            table.version += 1
            summary = table.summary()
            made: dict[int | None, list[Any]] = {}
            # The parts every seat's view shares, and their diffs: made once, not per seat.
            common: dict[str, Any] = {}
            memo: dict[tuple[str, int, int], list[dict[str, Any]]] = {}
            for conn in list(table.connections):
                try:
                    entry = made.get(conn.seat)
                    if entry is None:
                        view = table.view(conn.seat, summary, common)
                        entry = made[conn.seat] = [view, table.sent.pop(conn.seat, None), None]
                    message = entry[0]
                    if conn.updates:
                        # Kept as the base of the next update only where someone wants one
                        # (a kept view lives until the next move: the collector walks it).
                        table.sent[conn.seat] = (table.version, entry[0])
                        if conn.v == table.version - 1:
                            if entry[2] is None:
                                entry[2] = seat_update(entry[1], entry[0], memo) or entry[0]
                            message = entry[2]
                    conn.v = table.version
                    await conn.send(message)
                except Exception:  # closed, or dropped for falling behind: forget it
                    if conn in table.connections:
                        table.connections.remove(conn)
            for seat in [s for s in table.sent if s not in made]:
                del table.sent[seat]  # nobody of that seat is connected: start afresh later

    async def resync(self, table: LiveTable, conn: Connection) -> None:
        """Send ``conn`` its whole view as the table is now (a client's ``sync``); its next
        broadcast is sent whole too, as this view may be newer than the last broadcast."""
        async with table.sending:
            conn.v = None
            await conn.send(table.view(conn.seat))

    async def tell(self, table: LiveTable, message: dict[str, Any]) -> None:
        """Send one message to every connection of the table, queued without waiting for any
        socket (a closed one is skipped: the table forgets it on its next broadcast)."""
        for conn in list(table.connections):
            with contextlib.suppress(Exception):
                await conn.send(message)

    def schedule_bots(self, table: LiveTable) -> None:
        """Make sure the table's bot task runs (and wakes up to look at the table again), if
        this process owns the table: only the owner runs bots, timers and stand-ins."""
        table.changed.set()
        if not self.cluster.owns(table.id):
            return
        if table.bot_task is None or table.bot_task.done():
            table.bot_task = asyncio.get_running_loop().create_task(self._run_bots(table))

    # ------------------------------------------------------------------ other processes

    async def on_notice(self, table_id: str, kind: str) -> None:
        """Another process committed a change to a table (see :mod:`.cluster`): show it to
        this process's clients. A move's notice carries the move (``kind`` is then ``event SEQ
        SEAT ACTION``), applied as it is when it is the table's next step; anything else is
        read from the store."""
        kind, _, detail = kind.partition(" ")
        table = self.tables.get(table_id)
        if kind == "deleted":
            self.forget(table_id)
        elif table is None:
            if kind == "table":  # a new table: list it in this process's lobby too
                await self._load_new(table_id)
        elif self._dormant(table):
            # Nobody here watches the table and its owner runs it: leave its moves (and
            # presence changes) to the owner, and catch up only when someone asks for it.
            # Seats, rematches and the end of the game are still read: the lobby lists them.
            if kind in ("event", "presence"):
                table.stale = True
                return
            async with table.lock:
                await self.refresh(table)
        elif kind == "presence":
            self._watch(table, await asyncio.to_thread(self.cluster.elsewhere_at, table_id))
            await self.broadcast(table)
        elif kind == "rematch":  # someone asked for a rematch through another process
            await self.tell(table, {"type": "rematch", "table": detail})
        else:
            async with table.lock:  # never while a move of this process is being stored
                if kind == "event" and detail:
                    changed = await self._apply_notice(table, detail)
                else:
                    changed = await self.refresh(table)
            if changed:
                await self.broadcast(table)
                self.schedule_bots(table)

    def absorb(self, table_id: str, kind: str) -> bool:
        """Take a move's notice for a dormant table (:meth:`_dormant`) at once, as the
        listener reads it: mark the table stale and make no task for it. False for anything
        else, which :meth:`on_notice` handles."""
        table = self.tables.get(table_id)
        if table is None or not kind.startswith("event ") or not self._dormant(table):
            return False
        table.stale = True
        return True

    def _dormant(self, table: LiveTable) -> bool:
        """Whether this process may leave the table's moves unapplied: another process owns
        it and no client of it is connected here (with routing, its clients are sent to the
        owner, so every table but this process's own is dormant here)."""
        return self.cluster.shared and not table.connections and not self.cluster.owns(table.id)

    async def fresh(self, table: LiveTable) -> None:
        """Bring a table whose moves were left unapplied here (``stale``) up to the store,
        before it is shown or served."""
        if table.stale:
            async with table.lock:
                if table.stale:
                    await self.refresh(table)

    async def route(self, table: LiveTable) -> str | None:
        """Where a client of ``table`` is served: the owner's address (another process), or
        None for here. A table nobody owns is taken here (ownership follows the clients):
        it is brought up to date and its bots and timers start. Finished tables, and every
        table where processes have no public address, are served wherever asked."""
        if not self.cluster.address or table.state.is_terminal():
            return None
        owned = self.cluster.owns(table.id)
        where = await asyncio.to_thread(self.cluster.route, table.id)
        if where is not None:
            self.counts["redirects"] += 1
            return where
        if not owned and self.cluster.owns(table.id):  # just taken: run it from the store's step
            table.stale = True
            await self.fresh(table)
            if table.state.is_terminal():  # it had ended unseen here: nothing to run
                await asyncio.to_thread(self.cluster.release, table.id)
                return None
            table.clock.restart()
            self.schedule_bots(table)
        return None

    async def _load_new(self, table_id: str) -> None:
        """Load a table another process has just created, reading it off the event loop and
        leaving its lease alone: its creator claims it right after the commit that sent the
        notice. (Before, this went through :meth:`get`, which read the store on the loop and
        claimed the lease, so whichever process heard the notice first could take a new
        table from its creator; and a table gone by the time the notice was read raised a
        404 that the listener logged as a traceback.)"""
        stored = await asyncio.to_thread(self.store.load, table_id)
        if stored is not None and table_id not in self.tables:
            self._rebuild(stored)

    async def _apply_notice(self, table: LiveTable, detail: str) -> bool:
        """Apply another process's move from its notice; a step this process already has is
        ignored, and a gap (a notice missed) is filled from the store."""
        seq_text, _, rest = detail.partition(" ")
        seat_text, _, action = rest.partition(" ")
        if not (seq_text.isdigit() and seat_text.isdigit()):
            return await self.refresh(table)
        seq, seat = int(seq_text), int(seat_text)
        if seq <= table.seq:
            return False
        if seq != table.seq + 1:
            return await self.refresh(table)
        table.state.apply(seat, action)
        self.counts["applied"] += 1
        table.seq = seq
        table.clock.moved(table.state)
        table.changed.set()
        return True

    async def on_tick(self) -> None:
        """The heartbeat (leases just renewed): take over tables whose owner stopped renewing,
        and bring the away watch of owned tables in line with every process's connections."""
        # Every query here runs in a thread: the heartbeat must not stall the event loop.
        for table_id in await asyncio.to_thread(self.cluster.expired):
            table = self.tables.get(table_id)
            if table is None:
                stored = await asyncio.to_thread(self.store.load, table_id)
                if stored is None:  # deleted meanwhile
                    await asyncio.to_thread(self.cluster.drop_expired, table_id)
                    continue
                table = self.tables.get(table_id) or self._rebuild(stored)
            if table.state.is_terminal():  # its owner died as the game ended
                await asyncio.to_thread(self.cluster.drop_expired, table_id)
            elif await asyncio.to_thread(self.cluster.claim, table_id):
                self.counts["takeovers"] += 1
                async with table.lock:
                    changed = await self.refresh(table)
                if changed:
                    await self.broadcast(table)
                table.clock.restart()  # the new owner's clock: a fresh turn timer
        elsewhere = await asyncio.to_thread(self.cluster.elsewhere)
        for table in list(self.tables.values()):
            if self.cluster.owns(table.id) and not table.state.is_terminal():
                self._watch(table, elsewhere.get(table.id, set()))
                self.schedule_bots(table)

    async def catch_up(self) -> None:
        """Notices may have been missed (before listening began, or while its connection was
        down): load unfinished tables this process has not seen and refresh the rest."""
        for table_id in self.store.table_ids(finished=False, limit=10_000):
            if table_id not in self.tables:
                self.get(table_id)
        for table in list(self.tables.values()):
            if table.state.is_terminal():
                continue
            async with table.lock:
                changed = await self.refresh(table)
            if changed:
                await self.broadcast(table)
                self.schedule_bots(table)

    def _watch(self, table: LiveTable, elsewhere: set[int]) -> None:
        present = elsewhere | {c.seat for c in table.connections if c.seat is not None}
        seated = [i for i in range(len(table.row.seats)) if table.seated(i)]
        table.clock.watch(seated, present)
        table.changed.set()

    # ------------------------------------------------------------------ hints

    async def hint(self, table: LiveTable, seat: int) -> dict[str, Any]:
        """The search's estimate of each of ``seat``'s legal actions, best first.

        The turn timer stands still meanwhile: the reply carries the seconds left. The search
        runs in the worker pool on the seat's information set of the table at this moment
        (the same fairness as a bot's, see :class:`~cardtable.agents.base.InfoSet`). The answer
        carries the ``seq`` it was made for, so a client drops a hint the game has overtaken.
        """
        if not table.hints_allowed():
            raise TableError(403, "hints are offered only where one person plays against bots")
        state = table.state
        if state.is_terminal() or seat not in state.to_act() or not state.legal_action_ids(seat):
            raise TableError(409, "there is no decision of yours to give a hint for")
        if seat in table.hinting:
            raise TableError(429, "a hint for this seat is already being worked out")
        seq = table.seq
        table.hinting.add(seat)
        table.clock.pause()
        try:
            spec = self.hint_for(state.GAME)
            rows = await self.pool.hint(spec, state.clone(), seat, secrets.randbits(63))
        finally:
            table.hinting.discard(seat)
            table.clock.resume(table.seq == seq)
            self.schedule_bots(table)
        return {
            "type": "hint",
            "seq": seq,
            "deadline": table.deadline(),  # the timer stood still while the search thought
            "rows": rows,
        }

    async def _think(self, spec: str, state: State, seat: int) -> int:
        """The action id the bot ``spec`` picks: a search in the worker pool, a plain bot
        (milliseconds) in a thread."""
        seed = secrets.randbits(63)
        if is_search(spec):
            return await self.pool.decide(spec, state, seat, seed)
        return await asyncio.to_thread(think, spec, state.to_json(), seat, seed)

    async def _run_bots(self, table: LiveTable) -> None:
        """While a bot or stand-in must act, let it think off the loop and play; otherwise sleep
        until the next turn-timer or away deadline, or until the table changes."""
        while not table.state.is_terminal() and self.cluster.owns(table.id) and not self.closed:
            table.changed.clear()
            movers = [s for s in table.state.to_act() if s in table.agents]
            due, wake = table.clock.due(table.state, table.seated, time.monotonic())
            if not movers and not due:
                if wake is None and not table.clock.away_since:
                    return
                timeout = None if wake is None else max(0.0, wake - time.monotonic())
                # asyncio.timeout, not wait_for: Python 3.11's wait_for swallows a cancellation
                # that arrives as the event is set, and the cancelled task played on.
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(timeout):
                        await table.changed.wait()
                continue
            if movers:
                seat, spec = movers[0], table.agents[movers[0]]
            else:
                seat, spec = due[0], self.standin_for(table.state.GAME)
            await asyncio.sleep(self.think_time)
            snapshot, seq = table.state.clone(), table.seq
            choice = await self._think(spec, snapshot, seat)
            try:
                async with table.lock:
                    if seq != table.seq:
                        continue  # someone moved meanwhile: think again
                    still_due = table.clock.due(table.state, table.seated, time.monotonic())[0]
                    if seat not in table.agents and seat not in still_due:
                        continue  # the player came back while the stand-in was thinking
                    state = table.state.clone()
                    chosen = state.apply(seat, choice)
                    if not await self._commit(table, state, seat, chosen, fence=True):
                        await self.broadcast(table)  # another process moved: show it, go on
                        continue
            except (IllegalAction, BadOptions):
                continue
            except LeaseLost:
                self.cluster.release(table.id)
                return
            await self.broadcast(table)
