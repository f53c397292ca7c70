"""Persistence: tables and their event logs, with SQLAlchemy 2.0 typed models.

A table is event-sourced: its row holds the parameters (game, seats, options, seed) and every
accepted action is one ``events`` row with its sequence number. Replaying the events from the
seed rebuilds the exact state, so after a restart every unfinished table resumes where it was.
The primary key (table, seq) makes a second write of one sequence number impossible.

On PostgreSQL every write that others must see (a new table, an event, new seats, a deletion)
also sends a ``NOTIFY`` in its own transaction, so the other server processes hear of it only
once it is committed (see :mod:`.cluster`). A move's notice carries the move itself
(:func:`event_payload`), so the others apply it without reading it back.

On PostgreSQL moves are stored from the event loop on an asynchronous connection, several
tables' moves in one statement (group commit, :class:`MoveWriter`); on SQLite each at once, on
the loop, a write to the log without a sync; everything else here is a short synchronous
transaction.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import threading
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    ForeignKey,
    String,
    bindparam,
    create_engine,
    delete,
    event,
    insert,
    make_url,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

if TYPE_CHECKING:
    import psycopg


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    num_players: Mapped[int]
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    #: One entry per seat: ``{"kind": "human"|"bot", "bot": spec, "name": str, "token": hash}``.
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    finished: Mapped[bool] = mapped_column(default=False)
    #: Seconds each decision of a seated person may take before a stand-in bot takes it.
    turn_seconds: Mapped[float | None] = mapped_column(default=None)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    #: A hash of the address that opened the table (the per-client cap on open tables).
    creator: Mapped[str | None] = mapped_column(String(32), default=None)
    #: Whether anybody has connected to the table yet: one nobody opens expires.
    seen: Mapped[bool] = mapped_column(default=False)
    #: Bumped by every change of ``seats``: a seat is taken only if nobody changed them since.
    seats_version: Mapped[int] = mapped_column(default=0)


class EventRow(Base):
    __tablename__ = "events"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(primary_key=True)
    seat: Mapped[int]
    action: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


_INSERT_EVENT = insert(EventRow).values(
    table_id=bindparam("table_id"),
    seq=bindparam("seq"),
    seat=bindparam("seat"),
    action=bindparam("action"),
    created_at=bindparam("at"),
)
_FINISH = update(TableRow).where(TableRow.id == bindparam("table_id")).values(finished=True)


class LeaseRow(Base):
    """Which server process owns a live table until when (renewed by its heartbeat)."""

    __tablename__ = "leases"

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    owner: Mapped[str] = mapped_column(String(64))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    #: The owner's public base URL (``CARDTABLE_PUBLIC_URL``), where a client of this table is
    #: sent; None when the owner has none (then every process serves the table's clients).
    address: Mapped[str | None] = mapped_column(String(300), nullable=True)


class RematchRow(Base):
    """Which new table is the rematch of a finished one (every process finds it here)."""

    __tablename__ = "rematches"

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    rematch_id: Mapped[str] = mapped_column(String(32))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PresenceRow(Base):
    """A seat with a connection on one server process (renewed by that process's heartbeat)."""

    __tablename__ = "presence"

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seat: Mapped[int] = mapped_column(primary_key=True)
    node: Mapped[str] = mapped_column(String(64), primary_key=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


#: The channel of the change notices between server processes.
CHANNEL = "cardtable"
_NOTIFY = text("SELECT pg_notify(:channel, :payload)")
#: PostgreSQL: a batch of moves checked, stored and announced in one statement, run on its own
#: (autocommit: the statement is the transaction), so a batch costs one round trip, not four
#: (BEGIN, the lease check, the insert with its notices, COMMIT). A fenced move (a bot's) is
#: stored only while this process holds the table's lease, locked ``FOR UPDATE`` until the
#: statement commits. A step another process took first is skipped (``ON CONFLICT DO
#: NOTHING``) instead of aborting the batch. Each move's row says whether it was stored and
#: whether its fence held; only stored moves are announced (``NOTIFY``, sent at commit) and,
#: when last, end their game.
_WRITE_MOVES_PG = text(
    "WITH m AS (SELECT * FROM unnest(CAST(:ids AS text[]), CAST(:seqs AS integer[]),"
    " CAST(:seats AS integer[]), CAST(:actions AS text[]), CAST(:ends AS boolean[]),"
    " CAST(:fences AS boolean[])) WITH ORDINALITY AS m(table_id, seq, seat, action, ends,"
    " fence, i)),"
    " held AS (SELECT table_id FROM leases WHERE owner = :node AND expires_at > now()"
    " AND table_id IN (SELECT table_id FROM m WHERE fence) FOR UPDATE),"
    " stored AS (INSERT INTO events (table_id, seq, seat, action, created_at)"
    " SELECT table_id, seq, seat, action, :at FROM m"
    " WHERE NOT fence OR table_id IN (SELECT table_id FROM held) ORDER BY i"
    " ON CONFLICT (table_id, seq) DO NOTHING RETURNING table_id, seq),"
    " ended AS (UPDATE tables SET finished = true WHERE id IN"
    " (SELECT m.table_id FROM m JOIN stored s USING (table_id, seq) WHERE m.ends))"
    " SELECT m.i, s.seq IS NOT NULL, NOT m.fence OR m.table_id IN (SELECT table_id FROM held),"
    " CASE WHEN s.seq IS NOT NULL THEN pg_notify(:channel, :node || ' ' || m.table_id"
    " || ' event ' || m.seq || ' ' || m.seat || ' ' || m.action) END"
    " FROM m LEFT JOIN stored s USING (table_id, seq) ORDER BY m.i"
)


@dataclass(frozen=True, slots=True)
class Move:
    """One accepted action to store as step ``seq`` of a table (``finished``: the game ends
    with it; ``fence``: a bot's or stand-in's move, stored only while this process holds the
    table's lease)."""

    table_id: str
    seq: int
    seat: int
    action: str
    finished: bool = False
    fence: bool = False


def event_payload(node: str, move: Move) -> str:
    """The notice of a stored move: ``NODE TABLE event SEQ SEAT ACTION`` (an action's text is at
    most 200 characters, well within a notice's 8,000 bytes). ``_WRITE_MOVES_PG`` builds the
    same text in SQL."""
    return f"{node} {move.table_id} event {move.seq} {move.seat} {move.action}"


def moves_outcomes(moves: Sequence[Move], rows: Sequence[Sequence[Any]]) -> list[Exception | None]:
    """Each move's outcome from the rows of ``_WRITE_MOVES_PG``: None (stored),
    :class:`LeaseLost` (a fenced move of a table whose lease is not ours) or :func:`step_taken`
    (its step was taken first)."""
    outcomes: list[Exception | None] = [None] * len(moves)
    for i, stored, held, _notified in rows:
        move = moves[int(i) - 1]  # WITH ORDINALITY counts from 1
        if not held:
            outcomes[int(i) - 1] = LeaseLost(move.table_id)
        elif not stored:
            outcomes[int(i) - 1] = step_taken(move)
    return outcomes


def step_taken(move: Move) -> IntegrityError:
    """The outcome of a move whose step another process stored first (what the (table, seq)
    key raises when the step is written alone)."""
    return IntegrityError(
        "INSERT INTO events",
        None,
        Exception(f"step {move.seq} of table {move.table_id} is already taken"),
    )


class LeaseLost(Exception):
    """This process no longer owns the table: its bots and stand-ins must stop."""


@dataclass
class StoredTable:
    row: TableRow
    actions: list[tuple[int, str]]


#: The advisory lock key held while the schema is migrated (any constant; "cardtab").
_MIGRATION_LOCK = 0x63617264746162


def migrate(url: str) -> None:
    """Bring the database schema to the newest Alembic revision."""
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    engine = create_engine(url)
    if engine.dialect.name != "postgresql":
        command.upgrade(cfg, "head")
        engine.dispose()
        return
    # Several processes may start at once: one migrates while the others wait their turn.
    with engine.connect() as conn:
        conn.execute(text("SELECT pg_advisory_lock(:key)"), {"key": _MIGRATION_LOCK})
        try:
            command.upgrade(cfg, "head")
        finally:
            conn.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": _MIGRATION_LOCK})
    engine.dispose()


def make_engine(url: str) -> Engine:
    engine = create_engine(url)
    if engine.dialect.name == "sqlite":

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(conn: Any, _record: Any) -> None:
            cursor = conn.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

    return engine


def now() -> datetime:
    return datetime.now(UTC)


class Store:
    """The database behind the table service (synchronous, short transactions)."""

    def __init__(self, url: str, node: str = "") -> None:
        migrate(url)
        self.engine = make_engine(url)
        #: Other processes share this database (PostgreSQL): tell them of every change.
        self.shared = self.engine.dialect.name == "postgresql"
        #: This process's name in leases, presence and notices.
        self.node = node
        #: The same pool, each statement its own transaction (the moves' one-statement write).
        self._autocommit = self.engine.execution_options(isolation_level="AUTOCOMMIT")

    def checkpoint(self) -> None:
        """Copy SQLite's write-ahead log into the database file, as far as no reader needs it
        (passive: it waits for nobody and nobody waits for it). Nothing to do on PostgreSQL."""
        if self.engine.dialect.name != "sqlite":
            return
        with self.engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def notify(self, conn: Connection, table_id: str, kind: str) -> None:
        """Queue a notice for the other processes; PostgreSQL sends it at commit."""
        if self.shared:
            payload = f"{self.node} {table_id} {kind}"
            conn.execute(_NOTIFY, {"channel": CHANNEL, "payload": payload})

    def add_table(self, row: TableRow) -> None:
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            session.add(row)
            session.flush()
            self.notify(session.connection(), row.id, "table")

    def add_event(
        self, table_id: str, seq: int, seat: int, action: str, finished: bool, fence: bool = False
    ) -> None:
        """Commit one accepted action (and the end of the game with the last one), on the
        calling thread.

        A second event with the same ``seq`` raises ``IntegrityError`` (another process stored
        that step first). With ``fence`` (a bot's or stand-in's move) the event is stored only
        while this process holds the table's lease, else :class:`LeaseLost`."""
        outcome = self.add_moves([Move(table_id, seq, seat, action, finished, fence)])[0]
        if outcome is not None:
            raise outcome

    def add_moves(self, moves: Sequence[Move]) -> list[Exception | None]:
        """Commit several tables' moves in one transaction (group commit); the outcome of each
        is None (stored), ``IntegrityError`` (another process stored that step first) or
        :class:`LeaseLost` (a fenced move of a table this process no longer owns).

        On PostgreSQL a step already taken is skipped inside the one statement that stores the
        batch, so the others commit with it. (Before, it aborted the whole transaction and each
        move was written again in a transaction of its own: with two processes and a table's
        seats on both, that happened every few seconds under load, a burst of single-move
        transactions that every queued move waited behind.) On SQLite, which has one process,
        a failed batch is still written again move by move to tell which one lost."""
        try:
            if self.shared:
                return self._write_moves_pg(moves)
            with self.engine.begin() as conn:
                return self._write_moves(conn, moves)
        except IntegrityError as exc:
            if len(moves) == 1:
                return [exc]
        return [self.add_moves([move])[0] for move in moves]

    def _write_moves(self, conn: Connection, moves: Sequence[Move]) -> list[Exception | None]:
        # Constant Core statements, not the ORM unit of work: this runs for every move, and a
        # constant statement is compiled once and then found in the cache.
        # One process (SQLite): it owns every table, so no move is fenced out.
        at = now()
        conn.execute(
            _INSERT_EVENT,
            [
                {"table_id": m.table_id, "seq": m.seq, "seat": m.seat, "action": m.action, "at": at}
                for m in moves
            ],
        )
        ended = [{"table_id": m.table_id} for m in moves if m.finished]
        if ended:
            conn.execute(_FINISH, ended)
        return [None] * len(moves)

    def _write_moves_pg(self, moves: Sequence[Move]) -> list[Exception | None]:
        """Store and announce ``moves`` in one statement (see ``_WRITE_MOVES_PG``): a fenced
        move of a table whose lease is not ours gets :class:`LeaseLost`, a move whose step was
        taken first :func:`step_taken`."""
        with self._autocommit.connect() as conn:
            rows = conn.execute(_WRITE_MOVES_PG, self.moves_params(moves)).all()
        return moves_outcomes(moves, rows)

    def moves_params(self, moves: Sequence[Move]) -> dict[str, Any]:
        """The parameters of ``_WRITE_MOVES_PG`` for ``moves``."""
        return {
            "ids": [m.table_id for m in moves],
            "seqs": [m.seq for m in moves],
            "seats": [m.seat for m in moves],
            "actions": [m.action for m in moves],
            "ends": [m.finished for m in moves],
            "fences": [m.fence for m in moves],
            "at": now(),
            "channel": CHANNEL,
            "node": self.node,
        }

    def dsn(self) -> str:
        """The database's address for psycopg itself (the SQLAlchemy URL without its driver
        name): the move writer's and the cluster listener's own connections."""
        url = make_url(self.engine.url.render_as_string(hide_password=False))
        return url.set(drivername="postgresql").render_as_string(hide_password=False)

    def events_after(self, table_id: str, seq: int) -> list[tuple[int, int, str]]:
        """The events after step ``seq``, as (seq, seat, action), in order."""
        query = (
            select(EventRow.seq, EventRow.seat, EventRow.action)
            .where(EventRow.table_id == table_id, EventRow.seq > seq)
            .order_by(EventRow.seq)
        )
        with self.engine.connect() as conn:
            return [(int(q), int(s), str(a)) for q, s, a in conn.execute(query)]

    def load_row(self, table_id: str) -> TableRow | None:
        """The table's row alone (seats, finished), to refresh a loaded table."""
        with Session(self.engine, expire_on_commit=False) as session:
            row = session.get(TableRow, table_id)
            if row is not None:
                session.expunge(row)
            return row

    def set_seats(self, table_id: str, version: int, seats: list[dict[str, Any]]) -> bool:
        """Store new seats if they are still at ``version`` (one conditional update, so two
        people never get one seat, whichever process serves them); False if they changed."""
        statement = (
            update(TableRow)
            .where(TableRow.id == table_id, TableRow.seats_version == version)
            .values(seats=[dict(s) for s in seats], seats_version=version + 1)
        )
        with self.engine.begin() as conn:
            if conn.execute(statement).rowcount != 1:
                return False
            self.notify(conn, table_id, "seats")
            return True

    def mark_seen(self, table_id: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(TableRow).where(TableRow.id == table_id).values(seen=True))

    def delete_table(self, table_id: str) -> bool:
        """Forget a table and its events (one that expired before anybody opened it); False
        if somebody has opened it meanwhile (perhaps through another process)."""
        with self.engine.begin() as conn:
            unseen = select(TableRow.id).where(TableRow.id == table_id, TableRow.seen.is_(False))
            if conn.execute(unseen.with_for_update()).first() is None:
                return False
            conn.execute(delete(EventRow).where(EventRow.table_id == table_id))
            # A rematch nobody opened: the finished table may offer a fresh one.
            conn.execute(delete(RematchRow).where(RematchRow.rematch_id == table_id))
            conn.execute(delete(TableRow).where(TableRow.id == table_id))
            self.notify(conn, table_id, "deleted")
            return True

    def rematch_of(self, table_id: str) -> str | None:
        """The rematch of a finished table, if somebody asked for one."""
        query = select(RematchRow.rematch_id).where(RematchRow.table_id == table_id)
        with self.engine.connect() as conn:
            found = conn.execute(query).scalar()
        return None if found is None else str(found)

    def set_rematch(self, table_id: str, rematch_id: str) -> str:
        """Record ``rematch_id`` as the rematch of ``table_id`` unless one is recorded already
        (two people asking at once, perhaps through two processes); returns the one that
        stands. The other processes are told (notice ``rematch ID``)."""
        row = {"table_id": table_id, "rematch_id": rematch_id, "created_at": now()}
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(RematchRow).values(**row))
                self.notify(conn, table_id, f"rematch {rematch_id}")
            return rematch_id
        except IntegrityError:
            found = self.rematch_of(table_id)
            assert found is not None, "a rematch row is never deleted on its own"
            return found

    def load(self, table_id: str) -> StoredTable | None:
        with Session(self.engine, expire_on_commit=False) as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            events = session.scalars(
                select(EventRow).where(EventRow.table_id == table_id).order_by(EventRow.seq)
            ).all()
            session.expunge(row)
            return StoredTable(row, [(e.seat, e.action) for e in events])

    def table_ids(
        self, finished: bool | None = None, limit: int = 100, offset: int = 0
    ) -> list[str]:
        query = select(TableRow.id).order_by(TableRow.created_at.desc(), TableRow.id)
        query = query.limit(limit).offset(offset)
        if finished is not None:
            query = query.where(TableRow.finished == finished)
        with Session(self.engine) as session:
            return list(session.scalars(query).all())


#: An event loop and a future on it that :meth:`MoveWriter.write` awaits.
_Waiter: TypeAlias = tuple[asyncio.AbstractEventLoop, "asyncio.Future[None]"]


#: A waiter's future and its move's outcome (None: stored).
_Outcome: TypeAlias = tuple["asyncio.Future[None]", Exception | None]


def _settle(settled: list[_Outcome]) -> None:
    """On the waiters' loop: end each future with its move's outcome (a cancelled one is
    left alone)."""
    for future, outcome in settled:
        if future.done():
            continue
        if outcome is None:
            future.set_result(None)
        else:
            future.set_exception(outcome)


#: Moves stored inline between two checkpoints of SQLite's write-ahead log (its own automatic
#: checkpoint runs every 1,000 pages, a few thousand moves).
CHECKPOINT_MOVES = 2_000


#: PostgreSQL, moves stored from the event loop: the seconds waited before each new attempt to
#: open the writer's connection when opening it failed (about 3.5 s in all: long enough for a
#: restart of PostgreSQL, after which the moves that waited are stored; after the last attempt
#: the batch fails, and the next batch tries once until a connection is made again).
RECONNECT_DELAYS = (0.05, 0.1, 0.2, 0.4, 0.8, 1.0, 1.0)


class MoveWriter:
    """Stores moves without stalling the event loop, and tells each caller once its move is
    committed. Three ways, chosen by the database:

    * SQLite (``inline``): each move at once, on the caller's thread (see :meth:`_inline`).
    * PostgreSQL (``on_loop``, the default there): from the event loop, on an asynchronous
      psycopg connection of its own, by one drainer task (see :meth:`_drain`).
    * The writer thread (``thread=True`` on PostgreSQL, ``inline=False`` on SQLite): the way
      PostgreSQL's moves went before the tenth sitting.

    A move is handed over with :meth:`write` and awaited: the caller broadcasts it only once
    it is committed. On PostgreSQL and in the thread, moves that arrive while a statement is
    being written wait for the next one and are then committed together (group commit: one
    statement, its own transaction, for up to ``max_batch`` tables' moves). One writer, one
    batch at a time, so moves are stored in the order they were handed over.
    """

    def __init__(
        self,
        store: Store,
        max_batch: int = 64,
        inline: bool | None = None,
        thread: bool = False,
    ) -> None:
        self.store = store
        self.max_batch = max_batch
        #: Store each move on the caller's thread at once (see :meth:`_inline`): the default on
        #: SQLite, where this process is the only writer.
        self.inline = (not store.shared) if inline is None else inline
        #: PostgreSQL: store moves from the event loop on an asynchronous connection (see
        #: :meth:`_drain`), unless ``thread`` asks for the writer thread.
        self.on_loop = store.shared and not self.inline and not thread
        self._inline_conn: Connection | None = None
        #: Moves stored inline since the last checkpoint was started (see :meth:`_inline`).
        self._since_checkpoint = 0
        self._checkpoints: set[asyncio.Future[None]] = set()
        self._queue: deque[tuple[Move, concurrent.futures.Future[None], _Waiter | None]] = deque()
        self._wake = threading.Condition()
        self._closed = False
        self._thread: threading.Thread | None = None
        # The loop's path (``on_loop``): moves waiting for the drainer, the drainer task, the
        # future it sleeps on while nothing waits, its connection and the loop they belong to.
        self._pending: deque[tuple[Move, asyncio.Future[None]]] = deque()
        self._drainer: asyncio.Task[None] | None = None
        self._idle: asyncio.Future[None] | None = None
        self._pg: psycopg.AsyncConnection[Any] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        #: Opening the connection failed after every retry, and has not succeeded since.
        self._unreachable = False
        #: ``_WRITE_MOVES_PG`` as psycopg takes it (``%(name)s`` parameters).
        self._sql = ""
        #: Statements (transactions) written and moves in them (the average batch size).
        self.batches = 0
        self.moves = 0

    def submit(self, move: Move, waiter: _Waiter | None = None) -> concurrent.futures.Future[None]:
        """Queue ``move`` for the writer thread; the future ends once it is committed (or with
        why it was not), and so does ``waiter``'s, on its loop (see :meth:`write`)."""
        if self.on_loop:
            raise RuntimeError("moves stored from the event loop are handed over with write()")
        future: concurrent.futures.Future[None] = concurrent.futures.Future()
        with self._wake:
            if self._closed:
                raise RuntimeError("the move writer is closed")
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="cardtable-move-writer", daemon=True
                )
                self._thread.start()
            self._queue.append((move, future, waiter))
            self._wake.notify()
        return future

    async def write(self, move: Move) -> None:
        """Store ``move`` and return once it is committed; raises like :meth:`Store.add_event`.
        Cancelling the wait keeps the move out of the store if the writer has not taken it
        yet; once taken it is stored whatever the caller does.

        The writer thread wakes the event loop once per transaction for all the moves in it
        (one ``call_soon_threadsafe``), not once per move as ``asyncio.wrap_future`` did: each
        wake-up is a write to the loop's self-pipe, during which the writer thread lets go of
        the GIL and then has to wait for the busy loop to hand it back (docs/reliability.md,
        "Eighth sitting")."""
        if self.inline:
            self._inline(move)
            return
        if self.on_loop:
            await self._write_on_loop(move)
            return
        loop = asyncio.get_running_loop()
        done = loop.create_future()
        future = self.submit(move, (loop, done))
        try:
            await done
        except asyncio.CancelledError:
            future.cancel()
            raise

    async def _write_on_loop(self, move: Move) -> None:
        if self._closed:
            raise RuntimeError("the move writer is closed")
        loop = asyncio.get_running_loop()
        if self._loop is not loop or self._drainer is None or self._drainer.done():
            if self._loop is not loop:  # a new loop (tests): nothing of the old one carries over
                self._pending = deque()
                self._pg = None
                self._loop = loop
            self._drainer = loop.create_task(self._drain(), name="cardtable-move-writer")
        done: asyncio.Future[None] = loop.create_future()
        self._pending.append((move, done))
        idle = self._idle
        if idle is not None and not idle.done():
            idle.set_result(None)
        # A cancelled wait cancels ``done``: the drainer then skips the move if it has not
        # taken it yet.
        await done

    async def _drain(self) -> None:
        """The loop's path: take up to ``max_batch`` waiting moves, store them in one
        statement, settle each waiter with its move's outcome, then the next batch; moves that
        arrive while a statement is in flight make the next one (group commit). Returns once
        closed with nothing left waiting.

        No thread: the statement is sent and its answer read by the event loop itself, so no
        move waits for the GIL of a busy loop and then for the loop to take a thread's wake-up
        (docs/reliability.md, "Tenth sitting: PostgreSQL moves stored from the event loop")."""
        loop = asyncio.get_running_loop()
        try:
            while True:
                if not self._pending:
                    if self._closed:
                        return
                    self._idle = loop.create_future()
                    await self._idle
                    self._idle = None
                    continue
                batch: list[tuple[Move, asyncio.Future[None]]] = []
                while self._pending and len(batch) < self.max_batch:
                    move, done = self._pending.popleft()
                    if not done.cancelled():  # its caller stopped waiting before it was taken
                        batch.append((move, done))
                if not batch:
                    continue
                outcomes = await self._store_batch([move for move, _ in batch])
                self.batches += 1
                self.moves += len(batch)
                for (_, done), outcome in zip(batch, outcomes, strict=True):
                    if done.done():  # cancelled after it was taken: stored all the same
                        continue
                    if outcome is None:
                        done.set_result(None)
                    else:
                        done.set_exception(outcome)
        finally:
            conn, self._pg = self._pg, None
            if conn is not None:
                with contextlib.suppress(Exception):
                    await conn.close()

    async def _store_batch(self, moves: list[Move]) -> list[Exception | None]:
        """Store ``moves`` in one statement on the writer's connection; each move's outcome as
        :meth:`Store.add_moves` gives it. A failure of the database fails every move of the
        batch (whether the statement committed is not known), and the connection is opened
        anew for the next batch."""
        try:
            conn = await self._connection()
        except Exception as exc:
            return [exc] * len(moves)
        import psycopg

        try:
            cursor = await conn.execute(self._sql, self.store.moves_params(moves), prepare=True)
            rows = await cursor.fetchall()
        except psycopg.IntegrityError as exc:
            # Not a step taken first (that is told apart inside the statement) but, say, a move
            # of a table deleted meanwhile: the statement stored nothing and the connection
            # goes on. As in :meth:`Store.add_moves`, each move is written again alone to tell
            # which one failed, and fails as SQLAlchemy's ``IntegrityError`` (the caller then
            # reloads the table).
            if len(moves) > 1:
                return [(await self._store_batch([move]))[0] for move in moves]
            return [IntegrityError(self._sql, None, exc)]
        except BaseException as exc:
            # Broken, or left in the middle of a statement (cancelled): not used again.
            self._pg = None
            with contextlib.suppress(Exception):
                await conn.close()
            if not isinstance(exc, Exception):
                raise
            return [exc] * len(moves)
        return moves_outcomes(moves, rows)

    async def _connection(self) -> psycopg.AsyncConnection[Any]:
        """The writer's connection (autocommit: the one statement is the transaction), opened
        if need be, with up to ``len(RECONNECT_DELAYS)`` more attempts while that fails; one
        attempt only while the database has stayed unreachable since the last batch."""
        conn = self._pg
        if conn is not None and not conn.closed:
            return conn
        import psycopg

        if not self._sql:  # the engine's dialect is psycopg's: ``%(name)s`` parameters
            self._sql = _WRITE_MOVES_PG.compile(dialect=self.store.engine.dialect).string
        delays = () if self._unreachable else RECONNECT_DELAYS
        for delay in (*delays, None):
            try:
                conn = await psycopg.AsyncConnection.connect(self.store.dsn(), autocommit=True)
            except psycopg.OperationalError:
                if delay is None:
                    self._unreachable = True
                    raise
                await asyncio.sleep(delay)
                continue
            self._unreachable = False
            self._pg = conn
            return conn
        raise AssertionError("unreachable")

    def _inline(self, move: Move) -> None:
        """Store ``move`` now, on this thread, in a transaction of its own; raises like
        :meth:`Store.add_moves`' outcomes.

        On SQLite in WAL mode with ``synchronous=NORMAL`` a commit is a write to the log file,
        no sync: tens of microseconds on one kept connection. Handed to the writer thread, the
        same move waited 12 ms at the median and 91 ms at the 99th percentile in the last quiet
        soak (the thread waits for the GIL of a busy event loop, then the loop for the thread's
        wake-up: docs/reliability.md, "Ninth sitting: moves stored on the event loop"). The
        kept connection never checkpoints by itself (a checkpoint syncs the database file, a
        pause the loop must not take); every ``CHECKPOINT_MOVES`` moves a passive checkpoint
        runs in a worker thread instead, beside the writes."""
        conn = self._inline_conn
        if conn is None:
            conn = self._inline_conn = self.store.engine.connect()
            conn.exec_driver_sql("PRAGMA wal_autocheckpoint=0")
            conn.commit()
        try:
            with conn.begin():
                self.store._write_moves(conn, [move])
        finally:
            self.batches += 1
            self.moves += 1
        self._since_checkpoint += 1
        if self._since_checkpoint >= CHECKPOINT_MOVES:
            self._since_checkpoint = 0
            done = asyncio.get_running_loop().run_in_executor(None, self.store.checkpoint)
            self._checkpoints.add(done)
            done.add_done_callback(self._checkpoints.discard)

    async def aclose(self) -> None:
        """Store what is queued, then stop (the drainer on this loop, or the thread, which is
        joined in a worker thread)."""
        self._closed = True
        drainer = self._drainer
        if drainer is not None and self._loop is asyncio.get_running_loop():
            idle = self._idle
            if idle is not None and not idle.done():
                idle.set_result(None)
            await asyncio.gather(drainer, return_exceptions=True)
        await asyncio.to_thread(self.close)

    def close(self) -> None:
        """Store what is queued, then stop the thread. (The loop's drainer stores what is
        queued when closed with :meth:`aclose`; a drainer whose loop has ended was cancelled
        with it.)"""
        if self._inline_conn is not None:
            self._inline_conn.close()
            self._inline_conn = None
        with self._wake:
            self._closed = True
            self._wake.notify()
            thread = self._thread
        if thread is not None:
            thread.join()

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._queue and not self._closed:
                    self._wake.wait()
                if not self._queue:
                    return
                count = min(self.max_batch, len(self._queue))
                taken = [self._queue.popleft() for _ in range(count)]
            # A move whose caller stopped waiting before it was taken is not stored; once taken
            # it is, whatever the caller does (a caller that was cancelled meanwhile finds the
            # step taken at its next try, and reloads it).
            batch = [item for item in taken if item[1].set_running_or_notify_cancel()]
            if not batch:
                continue
            try:
                outcomes = self.store.add_moves([move for move, _, _ in batch])
            except Exception as exc:  # the database failed: every move of the batch failed
                outcomes = [exc] * len(batch)
            self.batches += 1
            self.moves += len(batch)
            waiting: dict[asyncio.AbstractEventLoop, list[_Outcome]] = {}
            for (_, future, waiter), outcome in zip(batch, outcomes, strict=True):
                if outcome is None:
                    future.set_result(None)
                else:
                    future.set_exception(outcome)
                if waiter is not None:
                    waiting.setdefault(waiter[0], []).append((waiter[1], outcome))
            for loop, settled in waiting.items():  # one wake-up per loop, for the whole batch
                with contextlib.suppress(RuntimeError):  # that loop is closed: nobody waits
                    loop.call_soon_threadsafe(_settle, settled)
