"""The lobby under load: flood limits, caps on open tables, expiry, and a paged list.

* Rates: each client (its address) may open ``tables_per_minute`` tables and take
  ``joins_per_minute`` seats a minute (:class:`~.limits.RateLimit`; 429 with ``Retry-After``).
* Caps: at most ``tables_per_client`` unfinished tables opened by one client (429) and
  ``max_open_tables`` on the server (503).
* Expiry: a table nobody has opened (no WebSocket, not even a spectator's) within
  ``unjoined_seconds`` of its creation (or of a restart) is deleted with its events; its bots
  and stand-ins stop.
* Listing: unfinished tables newest first, filtered by game and by open seats, in pages; the
  tables a person names as theirs (the browser keeps their seat tokens) come first.

Every unfinished table of this process is in memory (they are resumed at start), so the list
and the counts are made there, without a query per request.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from dataclasses import dataclass
from datetime import UTC, datetime

from cardtable.server.limits import SharedRateLimit, rate_limit
from cardtable.server.tables import LiveTable, TableError, TableService

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class FloodLimits:
    tables_per_minute: float = 30
    joins_per_minute: float = 30
    tables_per_client: int = 30
    max_open_tables: int = 1000
    unjoined_seconds: float = 600.0


class TooFast(TableError):
    """A client over a rate limit; ``retry_after`` is in whole seconds."""

    def __init__(self, message: str, retry_after: float) -> None:
        self.retry_after = max(1, math.ceil(retry_after))
        super().__init__(429, f"{message}; try again in {self.retry_after} s")


def _created(table: LiveTable) -> datetime:
    at = table.row.created_at
    return at if at.tzinfo else at.replace(tzinfo=UTC)


def open_seats(table: LiveTable) -> int:
    """Seats anyone in the lobby may take (invite-only seats are not counted)."""
    return sum(
        1
        for s in table.row.seats
        if s["kind"] == "human" and not s.get("token") and not s.get("invite")
    )


class Lobby:
    def __init__(self, service: TableService, limits: FloodLimits) -> None:
        self.service = service
        self.limits = limits
        # In the database when processes share one (the same budget through every process).
        store = service.store
        self.creations = rate_limit("tables", limits.tables_per_minute, store.engine, store.shared)
        self.joins = rate_limit("joins", limits.joins_per_minute, store.engine, store.shared)

    def open_tables(self) -> list[LiveTable]:
        return [t for t in self.service.tables.values() if not t.state.is_terminal()]

    def admit_table(self, client: str) -> None:
        """Raise unless ``client`` may open one more table now."""
        wait = self.creations.take(client)
        if wait is not None:
            raise TooFast("too many new tables from your address", wait)
        tables = self.open_tables()
        if len(tables) >= self.limits.max_open_tables:
            raise TableError(503, "the server has as many open tables as it can hold; try later")
        mine = sum(1 for t in tables if t.row.creator == client)
        if mine >= self.limits.tables_per_client:
            raise TableError(
                429,
                f"you have {mine} unfinished tables; finish or leave one before opening another",
            )

    def admit_join(self, client: str) -> None:
        wait = self.joins.take(client)
        if wait is not None:
            raise TooFast("too many seats taken from your address", wait)

    def page(
        self,
        mine: list[str],
        game: str | None = None,
        open_only: bool = False,
        offset: int = 0,
        limit: int = 20,
    ) -> tuple[list[LiveTable], int]:
        """One page of unfinished tables (``mine`` first, then newest first) and the count of
        all that match."""
        tables = [
            t
            for t in self.open_tables()
            if (game is None or t.row.game == game) and (not open_only or open_seats(t))
        ]
        own = set(mine)
        tables.sort(key=lambda t: (t.id not in own, -_created(t).timestamp(), t.id))
        return tables[offset : offset + limit], len(tables)

    def expire(self, now: float) -> list[str]:
        """Delete the tables nobody opened in time; returns their ids."""
        gone = [
            t
            for t in self.open_tables()
            if not t.row.seen
            and not t.connections
            and now - t.loaded_at >= self.limits.unjoined_seconds
        ]
        for table in gone:
            if table.bot_task is not None:
                table.bot_task.cancel()
            self.service.tables.pop(table.id, None)
            self.service.store.delete_table(table.id)
        return [t.id for t in gone]

    async def sweep(self) -> None:
        """Expire unopened tables every little while, until cancelled."""
        interval = min(30.0, max(0.05, self.limits.unjoined_seconds / 4))
        while True:
            await asyncio.sleep(interval)
            try:
                self.expire(time.monotonic())
                for limit in (self.creations, self.joins):
                    if isinstance(limit, SharedRateLimit):
                        limit.forget_full()
            except Exception:  # a database hiccup: try again next time
                log.exception("expiring unopened tables failed")
