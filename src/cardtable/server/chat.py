"""Per-table chat and quick reactions, stored with the table and shown in its replay.

Who may write: the **seated** people of a table (a seat token); spectators read. A spectator
has no name and no token, anyone with the table's address may watch, and the players did not
choose them: letting every passer-by write into a game people are playing would make the chat
the easiest place to abuse. Watching is still worth it: spectators see everything that is said.

A connection opts in with ``{"type": "chat_open"}``: it is answered with the newest messages,
the quick reactions on offer and whether it may write, and from then on is sent every new
message as ``{"type": "chat", "messages": [...]}``. Clients that never ask (bots, the load
tests) are sent nothing of the chat, so the play protocol is unchanged for them. Seated
connections send ``{"type": "chat", "text": "..."}`` or ``{"type": "reaction", "reaction": id}``
and are answered with the stored message (if they have not opened the chat, by that alone).

Untrusted text: control and invisible format characters (the bidi overrides among them) are
removed as from names (:func:`.inputs.clean_name`), a message is at most :data:`MAX_LENGTH`
characters after that, each seat may send :data:`PER_MINUTE` a minute (a token bucket: that
many at once, then one every few seconds), and a table keeps at most :data:`MAX_PER_TABLE`. The
server never turns text into markup: it stores and sends it as a JSON string, and the page puts
it into text nodes only. A reaction is one of :data:`REACTIONS`, sent by its id, never as text.
Every refusal is an ``error`` message with ``"about": "chat"`` to the sender alone.

Several processes (see :mod:`.cluster`): a message is stored with a ``NOTIFY`` of kind
``chat <id>`` in the same transaction; every other process reads that one message and sends it
to its own connections that opened the chat. Clients drop a message id they already have.
"""

from __future__ import annotations

import math
from datetime import UTC, datetime
from typing import Any, Final

from sqlalchemy import DateTime, ForeignKey, String, func, insert, select
from sqlalchemy.orm import Mapped, mapped_column

from cardtable.server.inputs import clean_name, excerpt
from cardtable.server.limits import Limit, rate_limit
from cardtable.server.store import Base, Store, now
from cardtable.server.tables import Connection, LiveTable

#: Longest message, in characters, after control and bidi characters are removed.
MAX_LENGTH: Final = 300
#: Messages (reactions included) one seat may send a minute; as many at once.
PER_MINUTE: Final = 12.0
#: Messages a table keeps; more are refused (the chat of one game stays small).
MAX_PER_TABLE: Final = 1000
#: Messages a connection is sent when it opens the chat.
HISTORY: Final = 100
#: The quick reactions: id -> what everyone reads. Sent by id, so nobody types their text. Words,
#: not emoji: emoji show as empty boxes where no emoji font is installed (common on Linux); the
#: page draws each with an inline SVG icon.
REACTIONS: Final = {
    "hello": "Hello!",
    "nice": "Nice move",
    "oops": "Oops",
    "think": "Let me think…",
    "thanks": "Thanks",
    "gg": "Good game",
}
#: The client messages this module answers.
TYPES: Final = ("chat_open", "chat", "reaction")


class ChatRow(Base):
    """One message or reaction at a table (migration 0005)."""

    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), index=True
    )
    seat: Mapped[int]
    #: The seat's name when the message was sent.
    name: Mapped[str] = mapped_column(String(40))
    #: The table's step when it was sent: the replay shows it from that step on.
    step: Mapped[int]
    text: Mapped[str] = mapped_column(String(MAX_LENGTH))
    #: The reaction's id, or None for a typed message.
    reaction: Mapped[str | None] = mapped_column(String(16), default=None)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ChatRefused(Exception):
    """A chat message that is not stored; ``status`` is the HTTP-like code sent back."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def _entry(
    message_id: int,
    seat: int,
    name: str,
    step: int,
    text: str,
    reaction: str | None,
    at: datetime | None,
) -> dict[str, Any]:
    """A message as clients are sent it (the columns of :data:`_COLUMNS`, in order)."""
    return {
        "id": int(message_id),
        "seat": int(seat),
        "name": str(name),
        "step": int(step),
        "text": str(text),
        "reaction": reaction,
        # SQLite hands the time back without its zone; it was stored in UTC.
        "at": None if at is None else (at if at.tzinfo else at.replace(tzinfo=UTC)).isoformat(),
    }


_COLUMNS = (
    ChatRow.id,
    ChatRow.seat,
    ChatRow.name,
    ChatRow.step,
    ChatRow.text,
    ChatRow.reaction,
    ChatRow.created_at,
)


class ChatService:
    """The chat of every table this process serves, over the table store."""

    def __init__(self, store: Store, per_minute: float = PER_MINUTE) -> None:
        self.store = store
        # Shared by every process on PostgreSQL, so tabs on two processes get one budget.
        self.limit: Limit = rate_limit("chat", per_minute, store.engine, store.shared)
        #: The connections that opened the chat, by table.
        self.readers: dict[str, list[Connection]] = {}

    # ------------------------------------------------------------------ reading

    def messages(self, table_id: str, newest: int = MAX_PER_TABLE) -> list[dict[str, Any]]:
        """The table's newest ``newest`` messages, oldest first."""
        query = (
            select(*_COLUMNS)
            .where(ChatRow.table_id == table_id)
            .order_by(ChatRow.id.desc())
            .limit(newest)
        )
        with self.store.engine.connect() as db:
            rows = list(db.execute(query))
        return [_entry(*r) for r in reversed(rows)]

    def _one(self, message_id: int) -> tuple[str, dict[str, Any]] | None:
        query = select(ChatRow.table_id, *_COLUMNS).where(ChatRow.id == message_id)
        with self.store.engine.connect() as db:
            row = db.execute(query).first()
        return None if row is None else (str(row[0]), _entry(*row[1:]))

    # ------------------------------------------------------------------ connections

    async def handle(self, table: LiveTable, conn: Connection, message: dict[str, Any]) -> None:
        """Answer one chat message of ``conn`` (its ``type`` is one of :data:`TYPES`)."""
        try:
            if message["type"] == "chat_open":
                await self._open(table, conn)
            else:
                entry = self._store(table, conn.seat, message)
                await self._deliver(table.id, [entry])
                if not any(c is conn for c in self.readers.get(table.id, [])):
                    await conn.send({"type": "chat", "messages": [entry]})  # its answer
        except ChatRefused as exc:
            await conn.send(
                {"type": "error", "code": exc.status, "message": str(exc), "about": "chat"}
            )

    async def _open(self, table: LiveTable, conn: Connection) -> None:
        readers = self.readers.setdefault(table.id, [])
        if any(c is conn for c in readers):
            raise ChatRefused(409, "the chat is already open on this connection")
        readers.append(conn)
        await conn.send(
            {
                "type": "chat",
                "open": True,
                "messages": self.messages(table.id, HISTORY),
                "reactions": [{"id": k, "text": v} for k, v in REACTIONS.items()],
                "can_write": conn.seat is not None,
                "max_length": MAX_LENGTH,
            }
        )

    def closed(self, table_id: str, conn: Connection) -> None:
        """The connection closed: send it nothing more."""
        readers = [c for c in self.readers.get(table_id, []) if c is not conn]
        if readers:
            self.readers[table_id] = readers
        else:
            self.readers.pop(table_id, None)

    # ------------------------------------------------------------------ writing

    def _store(self, table: LiveTable, seat: int | None, message: dict[str, Any]) -> dict[str, Any]:
        """Check, rate-limit and commit one message; returns it as clients are sent it."""
        if seat is None:
            raise ChatRefused(403, "spectators read the chat; take a seat to write")
        reaction = None
        if message["type"] == "reaction":
            reaction = message.get("reaction")
            if not isinstance(reaction, str) or reaction not in REACTIONS:
                known = ", ".join(REACTIONS)
                raise ChatRefused(400, f"no reaction {excerpt(reaction)}; one of {known}")
            text = REACTIONS[reaction]
        else:
            raw = message.get("text")
            if not isinstance(raw, str):
                raise ChatRefused(400, "a chat message needs 'text', a string")
            text = clean_name(raw)
            if not text:
                raise ChatRefused(400, "an empty message (control characters do not count)")
            if len(text) > MAX_LENGTH:
                raise ChatRefused(
                    400, f"a chat message is at most {MAX_LENGTH} characters, not {len(text)}"
                )
        wait = self.limit.take(f"{table.id}:{seat}")
        if wait is not None:
            raise ChatRefused(429, f"too many chat messages; wait {math.ceil(wait)} s")
        name = str(table.row.seats[seat].get("name") or "Guest")[:40]
        at = now()
        values = {
            "table_id": table.id,
            "seat": seat,
            "name": name,
            "step": table.seq,
            "text": text,
            "reaction": reaction,
            "created_at": at,
        }
        count = select(func.count()).select_from(ChatRow).where(ChatRow.table_id == table.id)
        with self.store.engine.begin() as db:
            if db.execute(count).scalar_one() >= MAX_PER_TABLE:
                raise ChatRefused(409, f"this table's chat is full ({MAX_PER_TABLE} messages)")
            result = db.execute(insert(ChatRow).values(**values))
            message_id = int(result.inserted_primary_key[0])  # type: ignore[index]
            self.store.notify(db, table.id, f"chat {message_id}")
        return _entry(message_id, seat, name, table.seq, text, reaction, at)

    async def _deliver(self, table_id: str, entries: list[dict[str, Any]]) -> None:
        """Send ``entries`` to every connection of this process that opened the table's chat."""
        for conn in list(self.readers.get(table_id, [])):
            try:
                await conn.send({"type": "chat", "messages": entries})
            except Exception:  # a closed socket: it is forgotten when its handler ends
                self.closed(table_id, conn)

    # ------------------------------------------------------------------ other processes

    async def on_notice(self, table_id: str, kind: str) -> None:
        """Another process stored message ``kind`` = ``chat <id>``: send it to our readers."""
        if table_id not in self.readers:
            return
        _, _, number = kind.partition(" ")
        if not number.isdigit():  # no id: send the newest ones, clients drop what they have
            await self._deliver(table_id, self.messages(table_id, HISTORY))
            return
        found = self._one(int(number))
        if found is not None and found[0] == table_id:
            await self._deliver(table_id, [found[1]])

    async def catch_up(self) -> None:
        """Notices may have been missed while nobody listened: resend the newest messages of
        every table with readers here (clients keep each id once)."""
        for table_id in list(self.readers):
            await self._deliver(table_id, self.messages(table_id, HISTORY))
