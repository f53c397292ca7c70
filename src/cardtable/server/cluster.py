"""Several server processes over one PostgreSQL: who owns each table, who is connected where,
and the notices that tell every process of every committed change.

Ownership is a **lease** row per live table (``leases``: owner, expiry), taken with one
conditional upsert (free, or expired, or already ours) and renewed by each process's heartbeat
every third of the lease time. Only the owner runs a table's bots, turn timer and stand-ins,
and a bot's move is stored only inside a transaction that still finds the lease held (the
fence in :meth:`.Store.add_event`), so a process that stalled past its lease cannot play for
the new owner. A killed owner stops renewing; once its leases expire, another process's
heartbeat claims them and the games go on. A leases table rather than advisory locks: a lock
belongs to one database session, so it would pin a pooled connection per table, vanish with a
dropped connection without the process noticing, and could not be fenced in a transaction of
another session; a row with an expiry works over any pooled connection, fails safe when the
owner hangs, and is plain to inspect.

A person's move is stored by whichever process serves their connection, checked against its
copy of the table, with the (table, seq) key deciding any race: the loser reloads the steps it
missed and checks the move again. Every commit sends ``NOTIFY`` in its own transaction, so the
other processes hear of it only after it is committed; each then sends its own clients their
views. A move's notice carries the move (step, seat, action), so the others apply it without a
query; only a gap (a notice missed) or another kind of change is read from the store, in a
thread. A process ignores its own notices: it applied its own changes when it committed them.
Each table's notices are applied in order by a task of their own, so a table busy storing a
move of this process delays only its own notices (:meth:`PgCluster.dispatch`).

Presence: a seat connected on a process has a ``presence`` row renewed by that process's
heartbeat; the owner counts a seat as away only while no process has a live row for it.

Routing (when each process has a public address, ``CARDTABLE_PUBLIC_URL``): the lease row
also names its owner's address, and a WebSocket opened on another process is sent there
(:meth:`PgCluster.route`), so a table's clients are served by its owner and a move costs one
process's work: the others, with no client of the table, leave its moves unapplied until
someone asks for the table (docs/deploy.md, "Fifth sitting: clients served by the owner").
This is how lichess's lila-ws and Colyseus route a game's sockets to the one node holding
the game (Colyseus: a seat reservation names the room's process; the client connects there),
rather than the proxy's sticky sessions, which pin a client to a node but not a table's
clients to one node.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections import deque
from collections.abc import Awaitable, Callable

from sqlalchemy import text

from cardtable.server.store import CHANNEL, Store

log = logging.getLogger(__name__)

#: Called for each notice of another process: (table id, the rest of the notice: its kind,
#: then for a move ``SEQ SEAT ACTION``).
OnNotice = Callable[[str, str], Awaitable[None]]

_CLAIM = text(
    "INSERT INTO leases (table_id, owner, expires_at, address)"
    " VALUES (:table_id, :node, now() + make_interval(secs => :seconds), :address)"
    " ON CONFLICT (table_id) DO UPDATE SET owner = EXCLUDED.owner,"
    " expires_at = EXCLUDED.expires_at, address = EXCLUDED.address"
    " WHERE leases.owner = EXCLUDED.owner OR leases.expires_at < now()"
    " RETURNING owner"
)
_RENEW = text(
    "UPDATE leases SET expires_at = now() + make_interval(secs => :seconds)"
    " WHERE owner = :node AND expires_at > now() RETURNING table_id"
)
_OWNER = text("SELECT owner, address FROM leases WHERE table_id = :table_id AND expires_at > now()")
_EXPIRED = text("SELECT table_id FROM leases WHERE expires_at < now() LIMIT 100")
_RELEASE = text(
    "DELETE FROM leases WHERE table_id = :table_id AND owner = :node RETURNING table_id"
)
_DROP_EXPIRED = text("DELETE FROM leases WHERE table_id = :table_id AND expires_at < now()")
_RELEASE_ALL = text("DELETE FROM leases WHERE owner = :node")
_HERE = text(
    "INSERT INTO presence (table_id, seat, node, expires_at)"
    " VALUES (:table_id, :seat, :node, now() + make_interval(secs => :seconds))"
    " ON CONFLICT (table_id, seat, node) DO UPDATE SET expires_at = EXCLUDED.expires_at"
)
_GONE = text("DELETE FROM presence WHERE table_id = :table_id AND seat = :seat AND node = :node")
_GONE_ALL = text("DELETE FROM presence WHERE node = :node")
_RENEW_PRESENCE = text(
    "UPDATE presence SET expires_at = now() + make_interval(secs => :seconds) WHERE node = :node"
)
_ELSEWHERE = text("SELECT table_id, seat FROM presence WHERE node <> :node AND expires_at > now()")
_ELSEWHERE_AT = text(
    "SELECT seat FROM presence WHERE table_id = :table_id AND node <> :node AND expires_at > now()"
)


class Cluster:
    """One process alone (SQLite, or PostgreSQL used by one process): it owns every table and
    has nobody to tell."""

    shared = False

    def __init__(self, node: str = "", address: str = "") -> None:
        #: This process's name in leases and presence rows.
        self.node = node or secrets.token_hex(8)
        #: This process's public base URL, where other processes send its tables' clients
        #: ("": none, every process serves every table's clients).
        self.address = address.rstrip("/")

    def owns(self, table_id: str) -> bool:
        return True

    def route(self, table_id: str) -> str | None:
        """Where a client of the table is to be served: the owner's address, or None for
        here. Alone, always here."""
        return None

    def claim(self, table_id: str) -> bool:
        return True

    def release(self, table_id: str) -> None:
        """The game is over: nothing is left to run for it."""

    def present(self, table_id: str, seat: int, here: bool) -> None:
        """Record that ``seat`` has (or no longer has) a connection on this process."""

    def elsewhere(self) -> dict[str, set[int]]:
        """Seats with a live connection on another process, by table."""
        return {}

    def elsewhere_at(self, table_id: str) -> set[int]:
        """Seats of one table with a live connection on another process."""
        return set()

    def expired(self) -> list[str]:
        """Tables whose owner stopped renewing its lease (a process that died or hung)."""
        return []

    def drop_expired(self, table_id: str) -> None:
        """Forget an expired lease nobody needs (the table is over or gone)."""


class PgCluster(Cluster):
    """Processes sharing one PostgreSQL (see the module docstring)."""

    shared = True

    def __init__(self, store: Store, lease_seconds: float, address: str = "") -> None:
        super().__init__(store.node, address)
        store.node = self.node
        self.store = store
        self.lease_seconds = lease_seconds
        #: Tables whose lease this process held at its last claim or renewal.
        self.owned: set[str] = set()
        #: Set once this process listens for the others' notices.
        self.ready = asyncio.Event()
        #: Notices not yet applied, by table (see :meth:`dispatch`), and the tasks applying them.
        self._pending: dict[str, deque[str]] = {}
        #: Takes a notice that needs no work here (True: taken), before any task is made for
        #: it: a move of a table nobody here watches (set by :class:`.TableService`).
        self.absorb: Callable[[str, str], bool] | None = None
        self._appliers: set[asyncio.Task[None]] = set()

    def _run(self, statement: object, **params: object) -> list[tuple[object, ...]]:
        with self.store.engine.begin() as conn:
            result = conn.execute(statement, {"node": self.node, **params})  # type: ignore[call-overload]
            return [tuple(r) for r in result] if result.returns_rows else []

    def owns(self, table_id: str) -> bool:
        return table_id in self.owned

    def claim(self, table_id: str) -> bool:
        """Take the table's lease if it is free, expired or already ours."""
        got = self._run(
            _CLAIM, table_id=table_id, seconds=self.lease_seconds, address=self.address or None
        )
        if got:
            self.owned.add(table_id)
        else:
            self.owned.discard(table_id)
        return bool(got)

    def route(self, table_id: str) -> str | None:
        """The address of the table's owner when that is another live process with an
        address; None to serve the client here: this process owns the table, or takes its
        lease now (free or expired: the client's process becomes the owner, so ownership
        follows the clients), or the owner has no address (routing is off there).

        Only the lease decides: a client sent to an owner that has just died is sent back
        here by its page (it reconnects to where it started) and, once the lease expires,
        served by whichever process takes the table."""
        if not self.address:
            return None
        rows = self._run(_OWNER, table_id=table_id)
        if rows:
            owner, address = str(rows[0][0]), rows[0][1]
            if owner == self.node:
                self.owned.add(table_id)
                return None
            if address:
                return str(address)
            return None
        return None if self.claim(table_id) else self.route_after_race(table_id)

    def route_after_race(self, table_id: str) -> str | None:
        """Another process took the lease between the two queries: send the client there."""
        rows = self._run(_OWNER, table_id=table_id)
        return str(rows[0][1]) if rows and rows[0][1] and str(rows[0][0]) != self.node else None

    def renew(self) -> set[str]:
        """Extend every lease still ours (and our presence rows); returns the tables owned."""
        self.owned = self._renewed()
        return self.owned

    def _renewed(self) -> set[str]:
        rows = self._run(_RENEW, seconds=self.lease_seconds)
        self._run(_RENEW_PRESENCE, seconds=self.lease_seconds)
        return {str(r[0]) for r in rows}

    async def renew_off_loop(self) -> set[str]:
        """:meth:`renew` with its queries in a thread. ``owned`` is read and changed on the
        loop meanwhile: a table claimed during the queries stays owned (its lease is fresh),
        and one released meanwhile stays released."""
        before = set(self.owned)
        renewed = await asyncio.to_thread(self._renewed)
        self.owned = (renewed & self.owned) | (self.owned - before)
        return self.owned

    def expired(self) -> list[str]:
        """Tables whose owner stopped renewing its lease (a process that died or hung)."""
        return [str(r[0]) for r in self._run(_EXPIRED)]

    def release(self, table_id: str) -> None:
        """The game is over: drop the lease and tell the others (``over``), whose copy of the
        table may be behind (:meth:`.TableService.on_notice` leaves the moves of a table
        nobody watches there unapplied), so their lobbies stop listing it."""
        with self.store.engine.begin() as conn:
            if conn.execute(_RELEASE, {"node": self.node, "table_id": table_id}).first():
                self.store.notify(conn, table_id, "over")
        self.owned.discard(table_id)

    def drop_expired(self, table_id: str) -> None:
        """Forget an expired lease nobody needs (the table is over or gone)."""
        self._run(_DROP_EXPIRED, table_id=table_id)

    def release_all(self) -> None:
        """The process stops: let others take its tables without waiting for the expiry."""
        self._run(_RELEASE_ALL)
        self._run(_GONE_ALL)
        self.owned.clear()

    def present(self, table_id: str, seat: int, here: bool) -> None:
        if here:
            self._run(_HERE, table_id=table_id, seat=seat, seconds=self.lease_seconds)
        else:
            self._run(_GONE, table_id=table_id, seat=seat)
        with self.store.engine.begin() as conn:
            self.store.notify(conn, table_id, "presence")

    def elsewhere(self) -> dict[str, set[int]]:
        out: dict[str, set[int]] = {}
        for table_id, seat in self._run(_ELSEWHERE):
            out.setdefault(str(table_id), set()).add(int(str(seat)))
        return out

    def elsewhere_at(self, table_id: str) -> set[int]:
        """One table's seats connected elsewhere: what a ``presence`` notice needs (reading
        every table's rows for each notice cost 4% of a process's samples in the soak)."""
        return {int(str(r[0])) for r in self._run(_ELSEWHERE_AT, table_id=table_id)}

    async def listen(
        self, on_notice: OnNotice, on_reconnect: Callable[[], Awaitable[None]]
    ) -> None:
        """Hear every other process's notices until cancelled. Each time the listening
        connection is (re)established, ``on_reconnect`` catches up on whatever was committed
        while nobody listened; then ``ready`` is set (the server waits for it at start)."""
        import psycopg

        dsn = self.store.dsn()
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(dsn, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    await on_reconnect()
                    self.ready.set()
                    async for notice in conn.notifies():
                        await self.dispatch(notice.payload, on_notice)
            except asyncio.CancelledError:
                for task in list(self._appliers):
                    task.cancel()
                raise
            except Exception:
                log.exception("listening for other processes' changes failed; retrying")
                await asyncio.sleep(1.0)

    async def dispatch(self, payload: str, on_notice: OnNotice) -> None:
        """Hand another process's notice to ``on_notice`` without waiting for it to be applied.

        Each table's notices are applied in the order they came, by one task per table with
        notices pending; different tables' notices do not wait for each other. (Before, the
        listener awaited each notice in turn: a notice waits for its table's lock, held while
        this process stores a move of that table, so one table whose move lost a race held
        up every other table's notices, for seconds in the two-process soak.)"""
        node, _, rest = payload.partition(" ")
        if node == self.node:
            return  # our own change, applied when we committed it
        table_id, _, kind = rest.partition(" ")
        if not table_id:
            return
        pending = self._pending.get(table_id)
        if pending is not None:  # its applier is running and will get to it
            pending.append(kind)
            return
        if self.absorb is not None and self.absorb(table_id, kind):
            return
        self._pending[table_id] = deque([kind])
        task = asyncio.get_running_loop().create_task(self._apply(table_id, on_notice))
        self._appliers.add(task)
        task.add_done_callback(self._appliers.discard)

    async def _apply(self, table_id: str, on_notice: OnNotice) -> None:
        pending = self._pending[table_id]
        try:
            while pending:
                try:
                    await on_notice(table_id, pending[0])
                except Exception:
                    log.exception("applying a notice about table %s failed", table_id)
                pending.popleft()
        finally:
            del self._pending[table_id]

    async def heartbeat(self, on_tick: Callable[[], Awaitable[None]]) -> None:
        """Renew leases and presence every third of the lease time, then ``on_tick``."""
        while True:
            await asyncio.sleep(self.lease_seconds / 3)
            try:
                await self.beat(on_tick)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the heartbeat failed; trying again")

    async def beat(self, on_tick: Callable[[], Awaitable[None]]) -> None:
        """One heartbeat: renew (off the event loop), then ``on_tick``."""
        await self.renew_off_loop()
        await on_tick()
