"""Persistence: tables and their event logs, with SQLAlchemy 2.0 typed models.

A table is event-sourced: its row holds the parameters (game, seats, options, seed) and every
accepted action is one ``events`` row with its sequence number. Replaying the events from the
seed rebuilds the exact state, so after a restart every unfinished table resumes where it was.
The primary key (table, seq) makes a second write of one sequence number impossible.

On PostgreSQL every write that others must see (a new table, an event, new seats, a deletion)
also sends a ``NOTIFY`` in its own transaction, so the other server processes hear of it only
once it is committed (see :mod:`.cluster`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

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
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column


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
#: A bot's move is stored only while its process still holds the table's lease.
_HOLDS_LEASE = text(
    "SELECT 1 FROM leases WHERE table_id = :table_id AND owner = :node"
    " AND expires_at > now() FOR UPDATE"
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
        """Commit one accepted action (and the end of the game with the last one).

        A second event with the same ``seq`` raises ``IntegrityError`` (another process stored
        that step first). With ``fence`` (a bot's or stand-in's move) the event is stored only
        while this process holds the table's lease, else :class:`LeaseLost`."""
        # Constant Core statements, not the ORM unit of work: this runs for every move, and a
        # constant statement is compiled once and then found in the cache.
        with self.engine.begin() as conn:
            if fence and self.shared:
                held = conn.execute(_HOLDS_LEASE, {"table_id": table_id, "node": self.node})
                if held.first() is None:
                    raise LeaseLost(table_id)
            conn.execute(
                _INSERT_EVENT,
                {"table_id": table_id, "seq": seq, "seat": seat, "action": action, "at": now()},
            )
            if finished:
                conn.execute(_FINISH, {"table_id": table_id})
            self.notify(conn, table_id, "event")

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
            conn.execute(delete(TableRow).where(TableRow.id == table_id))
            self.notify(conn, table_id, "deleted")
            return True

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
