"""Persistence: tables and their event logs, with SQLAlchemy 2.0 typed models.

A table is event-sourced: its row holds the parameters (game, seats, options, seed) and every
accepted action is one ``events`` row with its sequence number. Replaying the events from the
seed rebuilds the exact state, so after a restart every unfinished table resumes where it was.
The primary key (table, seq) makes a second write of one sequence number impossible.
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
    update,
)
from sqlalchemy.engine import Engine
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


@dataclass
class StoredTable:
    row: TableRow
    actions: list[tuple[int, str]]


def migrate(url: str) -> None:
    """Bring the database schema to the newest Alembic revision."""
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    command.upgrade(cfg, "head")


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

    def __init__(self, url: str) -> None:
        migrate(url)
        self.engine = make_engine(url)

    def add_table(self, row: TableRow) -> None:
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            session.add(row)

    def add_event(self, table_id: str, seq: int, seat: int, action: str, finished: bool) -> None:
        """Commit one accepted action (and the end of the game with the last one)."""
        # Constant Core statements, not the ORM unit of work: this runs for every move, and a
        # constant statement is compiled once and then found in the cache.
        with self.engine.begin() as conn:
            conn.execute(
                _INSERT_EVENT,
                {"table_id": table_id, "seq": seq, "seat": seat, "action": action, "at": now()},
            )
            if finished:
                conn.execute(_FINISH, {"table_id": table_id})

    def set_seats(self, table_id: str, version: int, seats: list[dict[str, Any]]) -> bool:
        """Store new seats if they are still at ``version`` (one conditional update, so two
        people never get one seat, whichever process serves them); False if they changed."""
        statement = (
            update(TableRow)
            .where(TableRow.id == table_id, TableRow.seats_version == version)
            .values(seats=[dict(s) for s in seats], seats_version=version + 1)
        )
        with self.engine.begin() as conn:
            return conn.execute(statement).rowcount == 1

    def mark_seen(self, table_id: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(TableRow).where(TableRow.id == table_id).values(seen=True))

    def delete_table(self, table_id: str) -> None:
        """Forget a table and its events (one that expired before anybody opened it)."""
        with self.engine.begin() as conn:
            conn.execute(delete(EventRow).where(EventRow.table_id == table_id))
            conn.execute(delete(TableRow).where(TableRow.id == table_id))

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
