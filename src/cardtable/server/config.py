"""Server settings from environment variables, with defaults that need nothing set up.

* ``CARDTABLE_DATABASE_URL`` — any SQLAlchemy URL (``postgresql+psycopg://…``); default an SQLite
  file in the data directory;
* ``CARDTABLE_DATA_DIR`` — where that file lives; default ``$XDG_DATA_HOME/cardtable`` (that is
  ``~/.local/share/cardtable``);
* ``CARDTABLE_THINK_TIME`` — seconds a bot waits before it moves, so people can follow (0.5);
* ``CARDTABLE_AWAY_SECONDS`` — after a seated player has had no connection for this long, a
  stand-in bot plays that seat until the player is back (60);
* ``CARDTABLE_STANDIN_BOT`` — the bot spec of stand-ins, for away players and expired turn
  timers (``greedy``);
* ``CARDTABLE_HINT_BOT`` — the search behind the table's Hint button, an ``ismcts`` spec or a
  level (``ismcts:time=1.0``);
* ``CARDTABLE_MAX_BOT_SECONDS``, ``CARDTABLE_MAX_BOT_ITERATIONS``, ``CARDTABLE_MAX_BOT_CUTOFF`` —
  the most one search decision may use (2 s, 3000 iterations, rollouts of 32 actions): a table
  asking for more is refused (422); a stored table asking for more resumes clamped to these;
* ``CARDTABLE_TABLES_PER_MINUTE`` (30), ``CARDTABLE_JOINS_PER_MINUTE`` (30) — per client
  address; more get 429 with ``Retry-After``; 0 turns a limit off;
* ``CARDTABLE_TABLES_PER_CLIENT`` (30), ``CARDTABLE_MAX_OPEN_TABLES`` (1000) — unfinished tables
  one client may have opened, and the server may hold;
* ``CARDTABLE_UNJOINED_SECONDS`` (600) — a table nobody has opened for this long is deleted;
* ``CARDTABLE_LEASE_SECONDS`` (15) — with several processes on one PostgreSQL, how long a
  process owns a table without renewing (a killed owner's tables move on after this);
* ``CARDTABLE_BOT_WORKERS`` — processes that run searches (default: one less than the cores,
  at least one);
* ``CARDTABLE_WS_OUTBOX_MESSAGES`` (1000), ``CARDTABLE_WS_OUTBOX_BYTES`` (1 MiB) — a WebSocket
  with more messages, or more characters of them, waiting for its socket is closed with 4408
  ("too slow") so it cannot delay its table; its page reconnects.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from cardtable.server.budget import Budget

if TYPE_CHECKING:  # the lobby imports the table service, which reads DEFAULTS from here
    from cardtable.server.lobby import FloodLimits


@dataclass(frozen=True, slots=True)
class Settings:
    database_url: str
    think_time: float = 0.5
    #: Largest WebSocket message a client may send, in bytes.
    max_message_bytes: int = 4096
    #: Largest HTTP request body, in bytes (413 past it).
    max_body_bytes: int = 65_536
    #: Deepest nesting of a JSON request body (400 past it).
    max_json_depth: int = 16
    #: Messages a connection may send per second before it is told to slow down.
    max_messages_per_second: int = 20
    #: Seconds without a connection after which a stand-in bot plays a seated player's turns.
    away_seconds: float = 60.0
    #: The bot that stands in for away players and for expired turn timers.
    standin_bot: str = "greedy"
    #: The search that answers a seat's request for a hint.
    hint_bot: str = "ismcts:time=1.0,cutoff=1000"
    #: Caps on one search decision (see :mod:`.budget`).
    max_bot_seconds: float = 2.0
    max_bot_iterations: int = 3_000
    max_bot_cutoff: int = 32
    #: Flood limits (see :mod:`.lobby`): per client address, and on the server.
    tables_per_minute: float = 30
    joins_per_minute: float = 30
    tables_per_client: int = 30
    max_open_tables: int = 1000
    #: Seconds after which a table nobody has opened is deleted.
    unjoined_seconds: float = 600.0
    #: Start the bot workers with the server (tests that play no search turn it off).
    warm_bot_workers: bool = True
    #: Seconds a process's lease on a table lasts without renewal (several processes on one
    #: PostgreSQL; see :mod:`.cluster`); renewed every third of it.
    lease_seconds: float = 15.0
    #: This process's public base URL (several processes: a table's clients are sent to its
    #: owner's, see :mod:`.cluster`); empty: every process serves every table's clients.
    public_url: str = ""
    #: Allocations between young collections of the garbage collector, set at start with
    #: everything start-up built frozen out of its way (see :func:`.timings.tune_gc`); 0
    #: leaves the collector as Python sets it (700). 10,000 cut the collector's CPU per move
    #: from 0.17 to 0.06 ms and its collections from 412 to 14 in 4,000 moves
    #: (docs/reliability.md, "Where the tail came from").
    gc_young_threshold: int = 10_000
    #: > 0: the collector's own schedule is off and the server collects everything every this
    #: many seconds instead (see :func:`.timings.tune_gc`; the young threshold then does not
    #: apply). Its young collections walked every live table's state: 0.17-0.34 ms of CPU per
    #: move and pauses of 50-120 ms at 200 tables (docs/reliability.md, "Fifth sitting").
    gc_every_seconds: float = 60.0
    #: > 0 (with ``gc_every_seconds``): what survives a timed collection is frozen, so the
    #: next one walks only what was made since, and every this many seconds a full collection
    #: unfreezes and walks everything (cyclic garbage among frozen objects is freed only then;
    #: see :func:`.timings.collect_every`). At 200 tables a timed collection walked every
    #: connection's coroutines and frames and stopped the loop for about 0.4 s; 0: every timed
    #: collection is full (docs/reliability.md, "Seventh sitting: the collector's pauses").
    gc_full_every_seconds: float = 3600.0
    #: The interpreter's switch interval while the server runs (``sys.setswitchinterval``; 0
    #: leaves Python's 5 ms). A thread that wants the GIL while the event loop computes waits
    #: up to this long before the loop is asked to let go, and the move writer thread waits
    #: for it about three times per commit (counted as its context switches): at 5 ms that is
    #: up to 15 ms per commit on a busy loop, against a median commit wait of 5.4 ms in the
    #: last quiet soak (see :func:`.timings.tune_switching`; docs/reliability.md, "Eighth
    #: sitting").
    switch_interval_seconds: float = 0.001
    #: WebSocket messages shorter than this are sent uncompressed on a connection that
    #: negotiated permessage-deflate (0: every message compressed, as uvicorn does). Three
    #: quarters of protocol 2's updates are under 2 KB; compressing them cost about 0.4 ms of CPU
    #: per move to save about a kilobyte each (see :mod:`.deflate`).
    ws_deflate_min_bytes: int = 2048
    #: A connection with more than this many messages, or this many characters of them, waiting
    #: for its socket is dropped (close 4408, "too slow"); the page reconnects and gets the
    #: whole view. Messages wait only once the kernel's send buffer (up to 4 MB on Linux) and
    #: uvicorn's 64 KiB are full: a client that stopped reading (see :mod:`.outbox`).
    ws_outbox_messages: int = 1000
    ws_outbox_bytes: int = 1_048_576
    #: Worker processes for bot searches and hints.
    bot_workers: int = field(default_factory=lambda: max(1, (os.cpu_count() or 2) - 1))

    def flood_limits(self) -> FloodLimits:
        """The lobby's limits per client and on the server."""
        from cardtable.server.lobby import FloodLimits

        return FloodLimits(
            self.tables_per_minute,
            self.joins_per_minute,
            self.tables_per_client,
            self.max_open_tables,
            self.unjoined_seconds,
        )

    def budget(self) -> Budget:
        """The caps on one search decision."""
        return Budget(self.max_bot_seconds, self.max_bot_iterations, self.max_bot_cutoff)


def default_data_dir(env: Mapping[str, str]) -> Path:
    if env.get("CARDTABLE_DATA_DIR"):
        return Path(env["CARDTABLE_DATA_DIR"])
    base = env.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "cardtable"


#: Every default of the server, in one place: the table service, the CLI and the docs' tables
#: read them from here (``tests/server/test_settings_home.py`` fails if a default is repeated).
DEFAULTS: Final = Settings(database_url="")

#: Each setting read from the environment: variable name -> Settings field.
ENV: Final = {
    "CARDTABLE_THINK_TIME": "think_time",
    "CARDTABLE_AWAY_SECONDS": "away_seconds",
    "CARDTABLE_STANDIN_BOT": "standin_bot",
    "CARDTABLE_HINT_BOT": "hint_bot",
    "CARDTABLE_MAX_BOT_SECONDS": "max_bot_seconds",
    "CARDTABLE_MAX_BOT_ITERATIONS": "max_bot_iterations",
    "CARDTABLE_MAX_BOT_CUTOFF": "max_bot_cutoff",
    "CARDTABLE_TABLES_PER_MINUTE": "tables_per_minute",
    "CARDTABLE_JOINS_PER_MINUTE": "joins_per_minute",
    "CARDTABLE_TABLES_PER_CLIENT": "tables_per_client",
    "CARDTABLE_MAX_OPEN_TABLES": "max_open_tables",
    "CARDTABLE_UNJOINED_SECONDS": "unjoined_seconds",
    "CARDTABLE_BOT_WORKERS": "bot_workers",
    "CARDTABLE_LEASE_SECONDS": "lease_seconds",
    "CARDTABLE_PUBLIC_URL": "public_url",
    "CARDTABLE_GC_YOUNG_THRESHOLD": "gc_young_threshold",
    "CARDTABLE_GC_EVERY_SECONDS": "gc_every_seconds",
    "CARDTABLE_GC_FULL_EVERY_SECONDS": "gc_full_every_seconds",
    "CARDTABLE_SWITCH_INTERVAL_SECONDS": "switch_interval_seconds",
    "CARDTABLE_WS_DEFLATE_MIN_BYTES": "ws_deflate_min_bytes",
    "CARDTABLE_WS_OUTBOX_MESSAGES": "ws_outbox_messages",
    "CARDTABLE_WS_OUTBOX_BYTES": "ws_outbox_bytes",
}


_PARSE: Final[dict[str, Callable[[str], Any]]] = {"float": float, "int": int, "str": str}


def _from_env(env: Mapping[str, str]) -> dict[str, Any]:
    """The settings the environment sets (an empty variable keeps the default), each
    converted to its field's declared type."""
    kinds = {f.name: str(f.type) for f in fields(Settings)}
    return {
        name: _PARSE[kinds[name]](env[variable])
        for variable, name in ENV.items()
        if env.get(variable, "")
    }


def load_settings(env: Mapping[str, str] | None = None) -> Settings:
    """Settings from ``env`` (default: the process environment); what it does not set keeps
    the default of :class:`Settings`."""
    env = os.environ if env is None else env
    url = env.get("CARDTABLE_DATABASE_URL", "")
    if not url:
        data_dir = default_data_dir(env)
        data_dir.mkdir(parents=True, exist_ok=True)
        url = f"sqlite:///{data_dir.resolve() / 'cardtable.db'}"
    values = _from_env(env)
    if values.get("bot_workers") == 0:  # 0 means the default (one less than the cores)
        del values["bot_workers"]
    settings = Settings(database_url=url, **values)
    settings = replace(
        settings,
        think_time=max(0.0, settings.think_time),
        away_seconds=max(0.0, settings.away_seconds),
        lease_seconds=max(0.3, settings.lease_seconds),
    )
    from cardtable.agents import make_agent
    from cardtable.agents.analysis import make_search

    make_agent(settings.standin_bot)  # a bad spec stops the server at start, with the reason
    make_search(settings.hint_bot)
    return settings
