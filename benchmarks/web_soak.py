"""Load and faults on the web table: many tables of simulated players, optionally with kill -9.

Each table has only "human" seats; one WebSocket per seat plays a random legal action from each
view it gets after a think time (exponential, mean ``--think``), one action in flight per seat.
Finished games are replaced, so ``--tables`` games run all the time. Every client keeps its own
log: each action it meant to make (an intent, resent unchanged after a reconnect) and each ack.

``load``: reports accepted actions/s, the action-to-broadcast latency (from sending an action to
the moment the last seat of the table has received the view of that step; p50, p99, max), errors
and the server processes' memory (RSS) over time.

``turnover``: the load above with the shortest games (Magic Show and Piece of the Action, about
150 random moves each) by default, for a run long enough that games end and new tables replace
them: it reports the games finished and, every sample, each server's tables in memory (from
``/metrics``) beside its memory, to see whether memory stays flat once tables turn over.

Every mode reports the server processes' CPU time per accepted action (user + system, from
``/proc``): unlike the latencies it hardly depends on how busy the rest of the machine is.

``faults``: the same load, and every few seconds (uniform in ``--kill-every``) the server
processes are killed with SIGKILL and started again on the same database and ports; clients
reconnect and resend their unacknowledged action. At the end the event log is read from the
database and checked against the clients' logs: every acknowledged action is stored at its step,
and no seat has more stored actions than it meant to make (nothing applied twice).

Several servers: ``--spawn N`` starts N processes on one database (``--db``; SQLite by default,
for two processes give a PostgreSQL URL), or ``--server URL`` (repeatable) uses servers already
running. Tables are created round-robin, and each seat connects to the next server in turn; with
``--route on`` (the default) each spawned process has a public address and a seat that opened
the table on a process that does not own it is sent to the owner (``moved``) and follows, so a
table's seats end up on one process; ``--route off`` leaves a table's seats on different
processes (how it was before). Bounded: at most 500 tables and 600 s.

Run: ``CARDTABLE_PURE=1 .venv/bin/python benchmarks/web_soak.py load --tables 200 --seconds 120``,
``… turnover --tables 100 --seconds 600`` and ``… faults --tables 50 --seconds 60``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets
from sqlalchemy import create_engine, text

from cardtable.server.patch import apply

GAMES = {"magic-show": 2, "score": 3, "piece-of-the-action": 3, "portfolio": 3}
#: The games of the turnover mode: about 150 random moves each, so games end within minutes.
SHORT_GAMES = "magic-show,piece-of-the-action"

SERVER = """
import sys, uvicorn
from cardtable.server.app import create_app
from cardtable.server.config import Settings
from cardtable.server.deflate import protocol
settings = Settings(
    database_url=sys.argv[1], think_time=0.0, max_messages_per_second=10_000,
    tables_per_minute=0, joins_per_minute=0, tables_per_client=100_000, max_open_tables=100_000,
    away_seconds=100_000.0, warm_bot_workers=False, bot_workers=1, public_url=sys.argv[5],
    **(
        {} if sys.argv[3] == "default"
        else {"gc_young_threshold": int(sys.argv[3]), "gc_every_seconds": 0.0}
    ),
    **({} if sys.argv[6] == "default" else {"gc_every_seconds": float(sys.argv[6])}),
    **({} if sys.argv[8] == "default" else {"gc_full_every_seconds": float(sys.argv[8])}),
    **({} if sys.argv[10] == "default" else {"switch_interval_seconds": float(sys.argv[10])}),
)
app = create_app(settings)
if sys.argv[9]:  # --gc-log: every full collection's CPU and wall time, and what it walked
    import gc, time

    started = [0.0, 0.0, 0]

    def on_gc(phase, info):
        if info["generation"] != 2:
            return
        if phase == "start":
            started[:] = [time.thread_time(), time.perf_counter(), len(gc.get_objects())]
            return
        cpu, wall = time.thread_time() - started[0], time.perf_counter() - started[1]
        with open(sys.argv[9], "a") as out:
            out.write(
                f"t={time.monotonic():.3f} walked {started[2]} objects, CPU {1000 * cpu:.1f} ms,"
                f" wall {1000 * wall:.1f} ms, freed {info['collected']},"
                f" frozen after {gc.get_freeze_count()}\\n"
            )

    gc.callbacks.append(on_gc)
if len(sys.argv) > 7 and sys.argv[7]:  # --gc-census: on SIGUSR1, what a full collection walks
    import collections, gc, json, signal, time

    def census(*_):
        service = app.state.service
        if hasattr(service, "shed"):  # as the timed collection does first
            service.shed()
        objs = gc.get_objects()  # the collector's generations (start-up's frozen part excluded)
        ids, owner, kinds = {id(o) for o in objs}, collections.Counter(), {}
        for table in list(service.tables.values()):
            for name, root in vars(table).items():
                stack = [root]
                while stack:
                    o = stack.pop()
                    if id(o) in ids:
                        ids.discard(id(o))
                        refs = gc.get_referents(o)
                        owner[name] += len(refs)
                        kind = kinds.setdefault(name, collections.Counter())
                        kind[type(o).__name__] += len(refs)
                        stack.extend(refs)
        line = {
            "tables": len(service.tables), "tracked": len(objs),
            "referents": sum(len(gc.get_referents(o)) for o in objs),
            "types": collections.Counter(type(o).__name__ for o in objs).most_common(12),
            "table_referents": owner.most_common(),
            "by_type": {name: kind.most_common(8) for name, kind in kinds.items()},
        }
        del objs, ids
        cpu, wall = time.thread_time(), time.perf_counter()
        gc.collect()
        line.update(collect_cpu_ms=1000 * (time.thread_time() - cpu))
        line.update(collect_wall_ms=1000 * (time.perf_counter() - wall))
        # What the timed collections froze and is now cyclic garbage (freed only by a full
        # collection, see timings.collect_every): unfreeze, and keep what is found to count it.
        line.update(frozen=gc.get_freeze_count())
        gc.unfreeze()
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        gc.set_debug(0)
        found = collections.Counter(type(o).__name__ for o in gc.garbage)
        line.update(frozen_garbage=sum(found.values()), garbage_types=found.most_common(15))
        gc.garbage.clear()
        gc.collect()
        gc.freeze()
        with open(sys.argv[7], "a") as out:
            out.write(json.dumps(line) + "\\n")

    signal.signal(signal.SIGUSR1, census)
# The WebSocket protocol `cardtable serve` uses (small messages sent uncompressed, as set).
uvicorn.run(
    app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning",
    ws_per_message_deflate=sys.argv[4] == "on", ws=protocol(settings.ws_deflate_min_bytes),
)
"""


@dataclass
class Log:
    """What the clients saw, and each client's own record of its actions."""

    counting: bool = False
    #: (table, step) -> when the acting seat sent the action that became it.
    sent: dict[tuple[str, int], float] = field(default_factory=dict)
    #: (table, step) -> when each seat received the view of that step.
    seen: dict[tuple[str, int], list[float]] = field(default_factory=dict)
    #: (table, seat) -> number of actions the seat meant to make (a resend is the same one).
    intents: Counter[tuple[str, int]] = field(default_factory=Counter)
    #: (table, step) -> (seat, action text) for every acknowledged action.
    acks: dict[tuple[str, int], tuple[int, str]] = field(default_factory=dict)
    counted_acks: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    reconnects: int = 0
    games: int = 0
    #: Games finished since the start (warm-up included).
    games_ended: int = 0
    #: Server CPU seconds when counting began, per process id.
    cpu_start: dict[int, float] = field(default_factory=dict)
    cpu_used: float = 0.0
    #: The same, per server process.
    cpu_each: list[float] = field(default_factory=list)
    #: This process's CPU seconds (the simulated players) while measuring.
    client_cpu: float = 0.0
    #: The servers' histograms when counting began and at the end.
    server_start: dict[str, dict[float, float]] = field(default_factory=dict)
    server_end: dict[str, dict[float, float]] = field(default_factory=dict)
    tables_made: int = 0
    #: Acks of a resent action the server recognised as already applied (after a restart).
    duplicates: int = 0
    views: int = 0
    #: Views and updates received while measuring, and their bytes (as JSON, before any
    #: compression on the wire); resyncs asked for after a gap in the updates' ``v``.
    messages: int = 0
    message_bytes: int = 0
    resyncs: int = 0
    #: Connections a process sent on to the table's owner (``moved``), and followed.
    redirects: int = 0
    #: (table, step) -> when the acting seat received the ack (the server sends it after the
    #: step's broadcast).
    acked_at: dict[tuple[str, int], float] = field(default_factory=dict)
    #: How late this process's own event loop woke a task that slept (the simulated players'
    #: loop: a late wake-up stamps every message it then reads late too), while measuring.
    client_lag: list[float] = field(default_factory=list)


@dataclass
class Servers:
    urls: list[str]
    db: str
    procs: list[subprocess.Popen[bytes] | None]

    def pids(self) -> list[int]:
        return [p.pid for p in self.procs if p is not None]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


#: Every server process this script started, so each is stopped at the end whatever happened.
STARTED: list[subprocess.Popen[bytes]] = []


#: The servers' ``gc_young_threshold`` (``--gc-threshold``; 0 leaves Python's collector as is,
#: "default" keeps the server's default).
GC_THRESHOLD = ["default"]
#: The servers' ``gc_every_seconds`` (``--gc-every``; "default" keeps the server's default).
GC_EVERY = ["default"]
#: Where the servers write a census of what the collector walks, when sent SIGUSR1 at the end
#: of the measured time (``--gc-census``; "" = none).
GC_CENSUS = [""]
#: The servers' ``gc_full_every_seconds`` (``--gc-full-every``; "default" keeps the server's).
GC_FULL_EVERY = ["default"]
#: Where the servers write a line per full collection (``--gc-log``; "" = none).
GC_LOG = [""]
#: The servers' ``switch_interval_seconds`` (``--switch-interval``; "default" keeps theirs).
SWITCH_INTERVAL = ["default"]
#: The wire protocol the simulated players speak (``--protocol``: 2 = a view, then updates) and
#: whether the servers offer permessage-deflate (``--deflate``).
PROTOCOL = [2]
DEFLATE = ["on"]
#: Whether spawned servers get a public address, so each table's clients go to its owner
#: (``--route``).
ROUTE = ["on"]


def start_server(db: str, port: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            SERVER,
            db,
            str(port),
            GC_THRESHOLD[0],
            DEFLATE[0],
            f"http://127.0.0.1:{port}" if ROUTE[0] == "on" else "",
            GC_EVERY[0],
            GC_CENSUS[0],
            GC_FULL_EVERY[0],
            GC_LOG[0],
            SWITCH_INTERVAL[0],
        ]
    )
    STARTED.append(proc)
    deadline = time.monotonic() + 120  # a start took up to a minute at load average 30
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2)
            return proc
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                stop_all()  # this one and every one started before it: no orphans
                raise SystemExit("the server did not start") from None
            time.sleep(0.1)


def stop_all() -> None:
    """Stop every server this script started (terminate, then kill after 20 s); called on
    every way out: a server that did not start, an error, Ctrl-C, SIGTERM, the normal end."""
    for proc in STARTED:
        if proc.poll() is None:
            proc.terminate()
    for proc in STARTED:
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def rss_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time the process has used so far."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def metrics_page(base: str) -> str:
    try:
        with urllib.request.urlopen(base + "/metrics", timeout=5) as response:
            return str(response.read().decode())
    except OSError:
        return ""


#: The servers' own histograms (see ``cardtable.server.timings``) the report reads.
HISTOGRAMS = {
    "cardtable_action_seconds": "server action-to-broadcast (read -> ack sent)",
    "cardtable_commit_seconds": "server waiting for the commit",
    "cardtable_loop_lag_seconds": "server event-loop lag",
    "cardtable_gc_pause_seconds": "server gc pauses",
    "cardtable_gc_full_pause_seconds": "server full gc pauses",
    "cardtable_gc_full_cpu_seconds": "server full gc CPU",
}


def histograms(page: str) -> dict[str, dict[float, float]]:
    """Cumulative bucket counts by histogram name and upper bound (+Inf = inf); ``_count``
    and ``_sum`` under the bounds -1 and -2."""
    out: dict[str, dict[float, float]] = {}
    for line in page.splitlines():
        if line.startswith("#") or " " not in line:
            continue
        key, value = line.rsplit(" ", 1)
        for name in HISTOGRAMS:
            if key.startswith(name + '_bucket{le="'):
                bound = key[len(name) + 12 : -2]
                out.setdefault(name, {})[float("inf") if bound == "+Inf" else float(bound)] = float(
                    value
                )
            elif key in (name + "_count", name + "_sum"):
                out.setdefault(name, {})[-1.0 if key.endswith("_count") else -2.0] = float(value)
    return out


def all_histograms(urls: list[str]) -> dict[str, dict[float, float]]:
    """The histograms of every server, added up."""
    total: dict[str, dict[float, float]] = {}
    for url in urls:
        for name, buckets in histograms(metrics_page(url)).items():
            into = total.setdefault(name, {})
            for bound, count in buckets.items():
                into[bound] = into.get(bound, 0.0) + count
    return total


def tables_loaded(base: str) -> str:
    """The server's ``cardtable_tables_loaded`` gauge and, after a slash, its count of objects
    frozen out of the collector's walks (``cardtable_gc_frozen_objects``; "-" where missing)."""
    page = metrics_page(base)
    found = {"cardtable_tables_loaded": "-", "cardtable_gc_frozen_objects": "-"}
    for line in page.splitlines():
        name, _, value = line.partition(" ")
        if name in found:
            found[name] = value
    return "/".join(found.values())


def post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        base + path, json.dumps(body).encode(), {"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return dict(json.load(response))


async def post_retrying(base: str, path: str, body: dict[str, Any], stop: float) -> Any:
    """POST, waiting out a server that is down (being restarted); None once time is up."""
    while time.monotonic() < stop:
        try:
            return await asyncio.to_thread(post, base, path, body)
        except (OSError, urllib.error.URLError):
            await asyncio.sleep(0.2)
    return None


class SeatClient:
    """One seat: plays until the game ends, reconnecting (and resending) if the server dies."""

    def __init__(self, url: str, table: str, seat: int, log: Log, rng: random.Random) -> None:
        self.url, self.table, self.seat, self.log, self.rng = url, table, seat, log, rng
        self.home = url  # where to start again when the owner we were sent to is gone
        self.pending: str | None = None  # the unacknowledged action message
        self.pending_at = 0.0
        self.acked = 0  # the step our last action became: act only on a view at least that new

    async def play(self, stop: float, think: float) -> bool:
        while time.monotonic() < stop:
            try:
                async with websockets.connect(
                    self.url,
                    max_size=2**22,
                    open_timeout=10,
                    ping_interval=None,
                    subprotocols=[websockets.Subprotocol("cardtable.v2")]
                    if PROTOCOL[0] == 2
                    else None,
                ) as ws:
                    if self.pending is not None:
                        await ws.send(self.pending)  # a resend: the server must not apply twice
                    done = await self.session(ws, stop, think)
                if done is None:  # sent to the table's owner: connect there now
                    self.log.redirects += 1
                    continue
                return done
            except (OSError, websockets.exceptions.WebSocketException, TimeoutError):
                self.log.reconnects += 1
                self.url = self.home
                await asyncio.sleep(0.2)
        return False

    async def session(self, ws: Any, stop: float, think: float) -> bool | None:
        """Read every message as it arrives, and think in a task of its own: a seat that
        thinks must not stop reading, or the views that arrive meanwhile would be stamped late
        by up to its think time (the script did that before, which put the think time into
        other seats' action-to-broadcast latencies). None: the process sent us to the table's
        owner (``self.url`` is the owner's now)."""
        view: dict[str, Any] | None = None
        thinking: asyncio.Task[None] | None = None
        try:
            # One deadline for the whole session, not asyncio.wait_for around every read
            # (a task and a timer per message: the simulated players' CPU is the other core's
            # load, and a busy client stamps every message it reads late).
            async with asyncio.timeout_at(stop):  # the loop's clock is time.monotonic()
                while True:
                    raw = await ws.recv()
                    message = json.loads(raw)
                    kind, now = message["type"], time.perf_counter()
                    if kind == "moved":
                        path = self.home[self.home.index("/api/") :]
                        self.url = message["url"].replace("http", "ws", 1) + path
                        return None
                    if kind in ("view", "update") and self.log.counting:
                        self.log.messages += 1
                        self.log.message_bytes += len(raw)
                    if kind == "update":
                        if view is None or message["v"] != view["v"] + 1:
                            if view is not None:  # a gap: ask for the whole view
                                self.log.resyncs += 1
                                view = None
                                await ws.send('{"type": "sync"}')
                            continue
                        view = apply(view, message["patch"])
                        view["v"] = message["v"]
                        message, kind = view, "view"
                    if kind == "view":
                        view = message
                        self.log.views += 1
                        self.log.seen.setdefault((self.table, message["seq"]), []).append(now)
                    elif kind == "ack":
                        step = message["seq"]
                        self.log.acks[(self.table, step)] = (self.seat, message["action"])
                        self.log.duplicates += bool(message.get("duplicate"))
                        if self.log.counting and not message.get("duplicate"):
                            self.log.sent[(self.table, step)] = self.pending_at
                            self.log.acked_at[(self.table, step)] = now
                        self.log.counted_acks += self.log.counting
                        self.pending, self.acked = None, step
                    elif kind == "error":
                        self.log.errors[f"{message['code']} {message['message'][:40]}"] += 1
                        self.pending, view = None, None  # refused: ask for the newest view
                        await ws.send('{"type": "sync"}')
                    if view is None:
                        continue
                    if view["observation"]["terminal"]:
                        return True
                    idle = thinking is None or thinking.done()
                    ready = idle and self.pending is None and view["seq"] >= self.acked
                    if ready and view["legal"]:
                        action = self.rng.choice(view["legal"])["id"]
                        delay = self.rng.expovariate(1 / think) if think else 0.0
                        thinking = asyncio.create_task(
                            self._send_later(ws, view["seq"], action, delay)
                        )
        except TimeoutError:
            return False
        finally:
            if thinking is not None and not thinking.done():
                thinking.cancel()

    async def _send_later(self, ws: Any, seq: int, action: int, delay: float) -> None:
        """Think for ``delay`` seconds, then send the action (timed from the send)."""
        await asyncio.sleep(delay)
        self.pending = json.dumps({"type": "action", "seq": seq, "action": action})
        self.pending_at = time.perf_counter()
        self.log.intents[(self.table, self.seat)] += 1
        await ws.send(self.pending)


async def table_loop(
    servers: list[str],
    first: int,
    game: str,
    log: Log,
    rng: random.Random,
    stop: float,
    think: float,
) -> None:
    """Keep one table busy: play a game with all seats, then start the next."""
    players = GAMES[game]
    while time.monotonic() < stop:
        home = servers[first % len(servers)]
        made = await post_retrying(
            home,
            "/api/tables",
            {"game": game, "players": players, "seats": ["human"] * players},
            stop,
        )
        if made is None:
            return
        table_id = made["table"]["id"]
        log.tables_made += 1
        tokens = [made["token"]]
        for _ in range(players - 1):
            joined = await post_retrying(home, f"/api/tables/{table_id}/join", {}, stop)
            if joined is None:
                return
            tokens.append(joined["token"])
        clients = [
            SeatClient(
                servers[(first + i) % len(servers)].replace("http://", "ws://")
                + f"/api/tables/{table_id}/ws?token={token}",
                table_id,
                made["seat"] if i == 0 else joined_seat(i, made),
                log,
                random.Random(rng.random()),
            )
            for i, token in enumerate(tokens)
        ]
        done = await asyncio.gather(*(c.play(stop, think) for c in clients))
        if all(done):
            log.games += log.counting
            log.games_ended += 1


def joined_seat(i: int, made: dict[str, Any]) -> int:
    """The seats are taken in order: the creator's first, then each join the next open one."""
    return [s for s in range(len(made["table"]["seats"])) if s != made["seat"]][i - 1]


async def sample_memory(
    servers: Servers, log: Log, stop: float, every: float, out: list[str]
) -> None:
    start = time.monotonic()
    while time.monotonic() < stop:
        sizes = [rss_mb(pid) for pid in servers.pids()]
        load = os.getloadavg()[0]
        shown = " ".join("-" if s is None else f"{s:.0f}" for s in sizes)
        loaded = await asyncio.gather(*(asyncio.to_thread(tables_loaded, u) for u in servers.urls))
        out.append(
            f"t={time.monotonic() - start:5.0f}s rss MB {shown} load {load:.1f} "
            f"tables made {log.tables_made} loaded/frozen {' '.join(loaded)} "
            f"games {log.games_ended} "
            f"views {log.views} acks {len(log.acks)}"
        )
        await asyncio.sleep(every)


async def sample_client_lag(log: Log, stop: float, every: float = 0.05) -> None:
    """How late this process's event loop wakes a sleeping task, every ``every`` seconds while
    measuring: the simulated players stamp a message when their loop gets to it, so a late loop
    adds its lateness to the action-to-broadcast figure without the server being slow."""
    while time.monotonic() < stop:
        start = time.perf_counter()
        await asyncio.sleep(every)
        if log.counting:
            log.client_lag.append(time.perf_counter() - start - every)


async def killer(
    servers: Servers, stop: float, every: tuple[float, float], rng: random.Random
) -> int:
    """SIGKILL every server process at random moments, and start each again at once."""
    kills = 0
    while True:
        await asyncio.sleep(rng.uniform(*every))
        if time.monotonic() >= stop - 5:
            return kills
        for i, proc in enumerate(servers.procs):
            if proc is None:
                continue
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait()
            port = int(servers.urls[i].rsplit(":", 1)[1])
            servers.procs[i] = await asyncio.to_thread(start_server, servers.db, port)
        kills += 1


async def run(args: argparse.Namespace, servers: Servers) -> tuple[Log, list[str], int]:
    log = Log()
    start = time.monotonic()
    stop = start + args.warmup + args.seconds
    rng = random.Random(args.seed)
    games = args.games.split(",")
    loops = [
        asyncio.create_task(
            table_loop(
                servers.urls,
                i,
                games[i % len(games)],
                log,
                random.Random(rng.random()),
                stop,
                args.think,
            )
        )
        for i in range(args.tables)
    ]
    memory: list[str] = []
    sampler = asyncio.create_task(sample_memory(servers, log, stop, args.sample_every, memory))
    lag_sampler = asyncio.create_task(sample_client_lag(log, stop))
    kill_task = None
    if args.mode == "faults":
        kill_task = asyncio.create_task(killer(servers, stop, tuple(args.kill_every), rng))
    await asyncio.sleep(args.warmup)
    log.counting = True
    if args.mode != "faults":  # a killed server's CPU time is lost with it
        log.cpu_start = {pid: cpu_seconds(pid) or 0.0 for pid in servers.pids()}
        log.server_start = await asyncio.to_thread(all_histograms, servers.urls)
    client_cpu = time.process_time()
    census = asyncio.create_task(gc_census(servers, stop - 3)) if GC_CENSUS[0] else None
    await asyncio.gather(*loops)
    if census is not None:
        await census
    log.cpu_each = [(cpu_seconds(pid) or 0.0) - start for pid, start in log.cpu_start.items()]
    log.cpu_used = sum(log.cpu_each)
    log.client_cpu = time.process_time() - client_cpu
    if args.mode != "faults":
        log.server_end = await asyncio.to_thread(all_histograms, servers.urls)
    await sampler
    await lag_sampler
    kills = await kill_task if kill_task is not None else 0
    return log, memory, kills


async def gc_census(servers: Servers, when: float) -> None:
    """At ``when`` (a few seconds before the end, while every table's players are connected),
    ask every spawned server for its census (``--gc-census``), and wait for it (a minute at
    most): the servers are stopped after the run."""
    await asyncio.sleep(max(0.0, when - time.monotonic()))
    path = Path(GC_CENSUS[0])
    for pid in servers.pids():
        os.kill(pid, signal.SIGUSR1)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if path.exists() and len(path.read_text().splitlines()) >= len(servers.pids()):
            return
        await asyncio.sleep(0.5)


def latencies(log: Log) -> list[float]:
    """Per acknowledged step: from its send to the last seat's receipt of its view."""
    out = []
    for key, sent in log.sent.items():
        seen = log.seen.get(key)
        if seen and sent:
            out.append(max(seen) - sent)
    return sorted(out)


def pct(values: list[float], q: float) -> float:
    """The ``q`` quantile of sorted ``values`` (as the report's p99: the value at index n*q)."""
    return values[min(len(values) - 1, int(len(values) * q))] if values else 0.0


def gc_pauses(path: str) -> list[tuple[float, float]]:
    """(start, end) of every full collection in a ``--gc-log`` file, on the clock of
    ``time.monotonic`` (the system's monotonic clock: the same in every process)."""
    out = []
    for line in Path(path).read_text().splitlines() if path and Path(path).exists() else []:
        words = line.split()
        end = float(words[0].removeprefix("t="))
        wall = float(words[words.index("wall") + 1]) / 1000
        out.append((end - wall, end))
    return out


def breakdown(log: Log, pauses: list[tuple[float, float]], trace: str) -> None:
    """Where the clients' tail comes from: their own loop's lateness, the ack (sent by the
    server after the step's broadcast) against the last seat's view, the spread between the
    seats' receipts, and the steps in flight during or just after a full collection."""
    lag = sorted(log.client_lag)
    if lag:
        print(
            f"client event-loop lag: n={len(lag)} p50 {1000 * pct(lag, 0.5):.1f} ms, "
            f"p99 {1000 * pct(lag, 0.99):.1f} ms, max {1000 * lag[-1]:.1f} ms"
        )
    # (sent, to the last seat's view, to the ack, last - first seat's receipt, step, last
    # step of its table's game)
    last_step: dict[str, int] = {}
    for table, step in log.sent:
        last_step[table] = max(step, last_step.get(table, 0))
    rows = []
    for key, sent in log.sent.items():
        seen, acked = log.seen.get(key), log.acked_at.get(key)
        if seen and sent and acked:
            rows.append(
                (
                    sent,
                    max(seen) - sent,
                    acked - sent,
                    max(seen) - min(seen),
                    key[1],
                    last_step[key[0]],
                )
            )
    if not rows:
        return
    if trace:
        with open(trace, "w") as out:
            out.write("sent,last_view,ack,spread,step,last_step\n")
            out.writelines(
                f"{r[0]:.4f},{r[1]:.4f},{r[2]:.4f},{r[3]:.4f},{r[4]},{r[5]}\n" for r in rows
            )
    rows.sort(key=lambda r: r[1])
    slow = rows[-max(1, len(rows) // 100) :]
    print(
        f"the slowest 1% ({len(slow)} steps, from {1000 * slow[0][1]:.1f} ms): ack median "
        f"{1000 * statistics.median(r[2] for r in slow):.1f} ms, seats' spread median "
        f"{1000 * statistics.median(r[3] for r in slow):.1f} ms; all steps: ack p99 "
        f"{1000 * pct(sorted(r[2] for r in rows), 0.99):.1f} ms, spread p99 "
        f"{1000 * pct(sorted(r[3] for r in rows), 0.99):.1f} ms"
    )
    if not pauses:
        return
    for after in (0.0, 1.0, 3.0):
        near = [
            r
            for r in rows
            if any(r[0] < end + after and r[0] + r[1] > start for start, end in pauses)
        ]
        ids = {id(r) for r in near}
        rest = [r[1] for r in rows if id(r) not in ids]
        print(
            f"steps in flight during a full collection or up to {after:g} s after it: "
            f"{len(near)} ({100 * len(near) / len(rows):.1f}%), "
            f"{sum(id(r) in ids for r in slow)} of the slowest 1%; p99 of the others "
            f"{1000 * pct(rest, 0.99):.1f} ms"
        )


def check_log(db: str, log: Log) -> list[str]:
    """Every acknowledged action stored at its step; no seat with more stored actions than it
    meant to make (none applied twice)."""
    engine = create_engine(db)
    try:
        with engine.connect() as conn:
            rows = conn.execute(text("SELECT table_id, seq, seat, action FROM events")).all()
    finally:
        engine.dispose()
    stored = {(t, q): (s, a) for t, q, s, a in rows}
    per_seat = Counter((t, s) for t, _q, s, _a in rows)
    problems = [
        f"ack {key} = {value} but stored {stored.get(key)}"
        for key, value in log.acks.items()
        if stored.get(key) != value
    ]
    tables = {t for t, _ in log.intents}
    steps: dict[str, list[int]] = {}
    for t, q, _s, _a in rows:
        steps.setdefault(t, []).append(q)
    problems += [
        f"{t}: steps not 1..n" for t, q in steps.items() if sorted(q) != list(range(1, len(q) + 1))
    ]
    problems += [
        f"{key}: {count} stored actions, {log.intents[key]} meant"
        for key, count in per_seat.items()
        if key[0] in tables and count > log.intents[key]
    ]
    return problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["load", "turnover", "faults"])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=120.0, help="measured time")
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--think", type=float, default=0.5, help="mean seconds before an action")
    parser.add_argument("--games", default="", help="comma-separated, round robin")
    parser.add_argument("--db", default="", help="database URL (default: a fresh SQLite file)")
    parser.add_argument("--spawn", type=int, default=1, help="server processes to start")
    parser.add_argument(
        "--empty-db",
        action="store_true",
        help="delete every table, event, lease and presence row of --db before starting (a "
        "PostgreSQL soak database keeps the last run's unfinished tables, which the servers "
        "would load and serve beside the new ones)",
    )
    parser.add_argument("--server", action="append", default=[], help="a running server's URL")
    parser.add_argument("--kill-every", type=float, nargs=2, default=[4.0, 12.0])
    parser.add_argument("--sample-every", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--protocol",
        type=int,
        choices=[1, 2],
        default=2,
        help="the wire protocol the players speak (docs/web.md): 2, a view then updates, as "
        "the page does; 1, the whole view after every change",
    )
    parser.add_argument(
        "--deflate",
        choices=["on", "off"],
        default="on",
        help="servers offer permessage-deflate (as cardtable serve: messages under the "
        "server's ws_deflate_min_bytes, 2048 by default, are sent uncompressed)",
    )
    parser.add_argument(
        "--route",
        choices=["on", "off"],
        default="on",
        help="spawned servers have public addresses: each table's seats are sent to its owner",
    )
    parser.add_argument(
        "--gc-threshold",
        default="default",
        help="the servers' gc_young_threshold, with their timed collections off (0: Python's "
        "collector as it is; default: the server's defaults, a full collection every 60 s)",
    )
    parser.add_argument(
        "--gc-every",
        default="default",
        help="the servers' gc_every_seconds: seconds between their timed full collections "
        "(default: the server's default)",
    )
    parser.add_argument(
        "--gc-full-every",
        default="default",
        help="the servers' gc_full_every_seconds: what survives a timed collection is frozen, "
        "and every this many seconds one unfreezes and walks everything (0: every timed "
        "collection is full, as before the seventh sitting; default: the server's default)",
    )
    parser.add_argument(
        "--gc-log",
        action="store_true",
        help="each spawned server logs every full collection (CPU and wall time, the objects "
        "it walked, counted at its start: a count that itself takes a few ms); printed with "
        "the report",
    )
    parser.add_argument(
        "--client-nice",
        type=int,
        default=0,
        help="lower this process's (the simulated players') priority by this much once the "
        "servers have started, so they yield the cores to the servers",
    )
    parser.add_argument(
        "--gc-census",
        action="store_true",
        help="3 s before the end of the measured time, each spawned server counts the objects "
        "its collector tracks (and their references, by live-table attribute) and times one "
        "full collection; printed with the report (a diagnosis: that run's latencies include "
        "the census's pause)",
    )
    parser.add_argument(
        "--switch-interval",
        default="default",
        help="the servers' switch_interval_seconds (0.005 or 0: Python's own 5 ms, as before "
        "the eighth sitting; default: the server's default)",
    )
    parser.add_argument(
        "--trace",
        default="",
        help="write every measured step (sent, to the last seat's view, to the ack, the seats' "
        "spread; seconds) to this CSV file",
    )
    args = parser.parse_args()
    if args.gc_census:
        GC_CENSUS[0] = str(Path(tempfile.mkdtemp()) / "census.jsonl")
    GC_THRESHOLD[0] = str(args.gc_threshold)
    GC_EVERY[0] = str(args.gc_every)
    GC_FULL_EVERY[0] = str(args.gc_full_every)
    SWITCH_INTERVAL[0] = str(args.switch_interval)
    if args.gc_log:
        GC_LOG[0] = str(Path(tempfile.mkdtemp()) / "gc.log")
    PROTOCOL[0], DEFLATE[0], ROUTE[0] = args.protocol, args.deflate, args.route
    args.games = args.games or (SHORT_GAMES if args.mode == "turnover" else ",".join(GAMES))
    if not 1 <= args.tables <= 500 or not 0 < args.seconds <= 600:
        parser.error("at most 500 tables and 600 seconds")
    if args.mode == "faults" and args.server:
        parser.error("faults kills the servers it starts: use --spawn, not --server")
    db = args.db or f"sqlite:///{Path(tempfile.mkdtemp()) / 'soak.db'}"
    if args.empty_db and args.db:
        empty_database(db)
    # SIGTERM ends the script through its ``finally`` (and stop_all) like Ctrl-C does.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        if args.server:
            servers = Servers(args.server, db, [None] * len(args.server))
        else:
            ports = [free_port() for _ in range(args.spawn)]
            procs: list[subprocess.Popen[bytes] | None] = [start_server(db, p) for p in ports]
            servers = Servers([f"http://127.0.0.1:{p}" for p in ports], db, procs)
        if args.client_nice:
            os.nice(args.client_nice)  # the servers started above keep their priority
        print(
            f"{args.mode}: {args.tables} tables, {args.seconds:.0f} s, think {args.think} s, "
            f"gc threshold {args.gc_threshold}, gc every {args.gc_every}, "
            f"gc full every {args.gc_full_every}, switch interval {args.switch_interval}, "
            f"protocol {args.protocol}, deflate {args.deflate}, "
            f"client nice +{args.client_nice} (now "
            f"{os.nice(0)}), "
            f"servers {' '.join(servers.urls)}, load average {os.getloadavg()[0]:.1f}"
        )
        log, memory, kills = asyncio.run(run(args, servers))
    finally:
        stop_all()
    report(args, log, memory, kills, servers)
    if GC_LOG[0] and Path(GC_LOG[0]).exists():
        print("gc log:", *Path(GC_LOG[0]).read_text().splitlines(), sep="\n  ")
    if GC_CENSUS[0] and Path(GC_CENSUS[0]).exists():
        print("gc census:", *Path(GC_CENSUS[0]).read_text().splitlines(), sep="\n  ")


def empty_database(db: str) -> None:
    """Bring the schema up to date, then delete every table's rows (rate limits too)."""
    from cardtable.server.store import migrate

    migrate(db)
    engine = create_engine(db)
    names = "events, rematches, leases, presence, rate_limits, tables"
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            conn.execute(text(f"TRUNCATE {names} CASCADE"))
        else:
            for name in names.split(", "):
                conn.execute(text(f"DELETE FROM {name}"))
    engine.dispose()


def report_server(log: Log) -> None:
    """The servers' own histograms over the measured time (end minus start): count, mean,
    p50, p99 (interpolated inside the bucket, as Prometheus does) and the largest bound hit."""
    from cardtable.server.timings import quantile

    for name, label in HISTOGRAMS.items():
        end, start = log.server_end.get(name), log.server_start.get(name, {})
        if not end:
            continue
        diff = {b: c - start.get(b, 0.0) for b, c in end.items()}
        count, total = diff.pop(-1.0, 0.0), diff.pop(-2.0, 0.0)
        if count <= 0:
            print(f"{label}: none")
            continue
        cumulative = sorted(diff.items())
        p50, p99 = quantile(cumulative, 0.5), quantile(cumulative, 0.99)
        below = [b for b, c in cumulative if c >= count]
        worst = min(below) if below else float("inf")
        print(
            f"{label}: n={count:.0f} mean {1000 * total / count:.2f} ms, "
            f"p50 {1000 * (p50 or 0):.2f} ms, p99 {1000 * (p99 or 0):.1f} ms, "
            f"max <= {1000 * worst:g} ms, total {total:.2f} s"
        )


def report(
    args: argparse.Namespace, log: Log, memory: list[str], kills: int, servers: Servers
) -> None:
    lat = latencies(log)
    print(
        f"accepted actions/s {log.counted_acks / args.seconds:.1f} "
        f"({log.counted_acks} acks while measuring, {log.games} games finished)"
    )
    if lat:
        p50, p99 = (
            statistics.median(lat) * 1000,
            lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000,
        )
        worst = lat[-1] * 1000
        print(f"action-to-broadcast ms: p50 {p50:.1f} p99 {p99:.1f} max {worst:.1f} (n={len(lat)})")
    if log.cpu_start and log.counted_acks:
        print(
            f"server CPU {log.cpu_used:.1f} s while measuring: "
            f"{1000 * log.cpu_used / log.counted_acks:.2f} ms per accepted action, "
            f"{100 * log.cpu_used / args.seconds:.0f}% of one core; the simulated players "
            f"{1000 * log.client_cpu / log.counted_acks:.2f} ms per action "
            f"({100 * log.client_cpu / args.seconds:.0f}% of one core)"
        )
        if len(log.cpu_each) > 1:
            print("  per server process: " + ", ".join(f"{c:.1f} s" for c in log.cpu_each))
    if log.counted_acks:
        print(
            f"views and updates received: {log.messages}, {log.message_bytes / 1024:.0f} KB "
            f"({log.message_bytes / max(1, log.messages):.0f} bytes each, "
            f"{log.message_bytes / log.counted_acks:.0f} per accepted action, as JSON before "
            f"compression); resyncs after a gap {log.resyncs}"
        )
    report_server(log)
    breakdown(log, gc_pauses(GC_LOG[0]), args.trace)
    print(
        f"errors: {sum(log.errors.values())} {dict(log.errors.most_common(5))}; "
        f"reconnects {log.reconnects}; sent on to the owner {log.redirects}"
    )
    print("memory:", *memory, sep="\n  ")
    print(f"load average at the end {os.getloadavg()[0]:.1f}")
    if args.mode == "faults":
        problems = check_log(servers.db, log)
        print(
            f"kills {kills}; acknowledged actions {len(log.acks)} ({log.duplicates} resends "
            f"recognised as already applied); intents {sum(log.intents.values())}; "
            f"problems {len(problems)}"
        )
        for line in problems[:20]:
            print("  ", line)
        if problems:
            sys.exit(1)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    main()
