"""Load on the web table: many concurrent bot-driven tables over WebSockets, on 127.0.0.1.

A server process is started on a fresh SQLite file (or ``--url``). Each table has only
"human" seats; this script connects one WebSocket per seat and plays a random legal action from
each view it gets, one action at a time per seat, as a browser would. Finished tables are
replaced, so ``--tables`` games run all the time. It reports actions/s and the latency from
sending an action to its acknowledgement (p50, p99), and how many actions were refused (a
simultaneous decision answered on an old view, say). Bounded: at most 500 tables and 300 s.

Run: ``.venv/bin/python benchmarks/web_load.py --tables 50 200 --seconds 20``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets

GAMES = {"magic-show": 2, "score": 3, "piece-of-the-action": 3, "portfolio": 3}

SERVER = """
import sys, uvicorn
from cardtable.server.app import create_app
from cardtable.server.config import Settings
settings = Settings(database_url=sys.argv[1], think_time=0.0, max_messages_per_second=10_000)
uvicorn.run(create_app(settings), host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
"""


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    refused: int = 0
    games: int = 0
    counting: bool = False
    #: CPU seconds the server process used while counting (None: not our process).
    server_cpu: float | None = None
    #: CPU seconds this (client) process used while counting.
    client_cpu: float = 0.0


def cpu_seconds(pid: int | None) -> float | None:
    """User + system CPU time of a process, from /proc (Linux); None elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except (OSError, TypeError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        base + path, json.dumps(body).encode(), {"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return dict(json.load(response))


async def seat_client(
    url: str, stats: Stats, rng: random.Random, stop: float, think: float
) -> bool:
    """Play one seat until the game ends (True) or time is up (False); before each action wait
    ``think`` seconds on average (exponentially distributed), as a player or a bot would."""
    async with websockets.connect(url, max_size=2**22) as ws:
        view: dict[str, Any] | None = None
        sent_at: float | None = None
        acked = 0  # the step our last action became: act only on a view at least that new
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.01, stop - time.monotonic()))
            except TimeoutError:
                return False
            message = json.loads(raw)
            kind = message["type"]
            if kind == "view":
                view = message
            elif kind == "ack":
                if sent_at is not None and stats.counting:
                    stats.latencies.append(time.perf_counter() - sent_at)
                sent_at, acked = None, message["seq"]
            elif kind == "error":  # refused (acted on an old view): ask for the newest one
                stats.refused += stats.counting
                sent_at, view = None, None
                await ws.send('{"type": "sync"}')
            if view is None:
                continue
            if view["observation"]["terminal"]:
                return True
            if sent_at is None and view["legal"] and view["seq"] >= acked:
                action = rng.choice(view["legal"])["id"]
                if think:
                    await asyncio.sleep(rng.expovariate(1 / think))
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "action", "seq": view["seq"], "action": action}))
    return False


async def table_loop(
    base: str, ws_base: str, game: str, stats: Stats, rng: random.Random, stop: float, think: float
) -> None:
    """Keep one table busy: play a game with all seats, then start the next."""
    players = GAMES[game]
    while time.monotonic() < stop:
        made = await asyncio.to_thread(
            post,
            base,
            "/api/tables",
            {"game": game, "players": players, "seats": ["human"] * players},
        )
        table_id = made["table"]["id"]
        tokens = [made["token"]]
        for _ in range(players - 1):
            joined = await asyncio.to_thread(post, base, f"/api/tables/{table_id}/join", {})
            tokens.append(joined["token"])
        urls = [f"{ws_base}/api/tables/{table_id}/ws?token={t}" for t in tokens]
        done = await asyncio.gather(*(seat_client(u, stats, rng, stop, think) for u in urls))
        if all(done):
            stats.games += stats.counting


async def run(
    base: str,
    tables: int,
    seconds: float,
    warmup: float,
    games: list[str],
    pid: int | None,
    think: float,
) -> Stats:
    stats = Stats()
    start = time.monotonic()
    stop = start + warmup + seconds
    ws_base = base.replace("http://", "ws://")
    rng = random.Random(tables)
    loops = [
        asyncio.create_task(
            table_loop(
                base,
                ws_base,
                games[i % len(games)],
                stats,
                random.Random(rng.random()),
                stop,
                think,
            )
        )
        for i in range(tables)
    ]
    await asyncio.sleep(warmup)
    stats.counting = True
    before, mine = cpu_seconds(pid), time.process_time()
    await asyncio.sleep(max(0.0, stop - time.monotonic()))
    after = cpu_seconds(pid)
    stats.client_cpu = time.process_time() - mine
    if before is not None and after is not None:
        stats.server_cpu = after - before
    await asyncio.gather(*loops)
    return stats


def start_server(url: str, port: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen([sys.executable, "-c", SERVER, url, str(port)])
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return proc
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("the server did not start") from None
            time.sleep(0.1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[50, 200])
    parser.add_argument("--seconds", type=float, default=20.0, help="measured time per run")
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean seconds a seat waits before each action (0: act at once, the most load)",
    )
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated, round robin")
    parser.add_argument("--url", default="", help="database URL (default: a fresh SQLite file)")
    parser.add_argument("--port", type=int, default=0, help="use a server already on this port")
    args = parser.parse_args()
    games = args.games.split(",")
    if any(g not in GAMES for g in games):
        parser.error(f"games are {', '.join(GAMES)}")
    if any(not 1 <= n <= 500 for n in args.tables) or not 0 < args.seconds <= 300:
        parser.error("at most 500 tables and 300 seconds")
    heads = (
        *("tables", "actions/s", "p50 ms", "p99 ms", "max ms"),
        *("games", "srv ms/act", "client cpu"),
    )
    widths = (6, 10, 8, 8, 8, 6, 11, 11)
    print(" ".join(f"{h:>{w}}" for h, w in zip(heads, widths, strict=True)))
    for tables in args.tables:
        proc = None
        port = args.port
        if not port:
            port = free_port()
            db = Path(tempfile.mkdtemp()) / "load.db"
            proc = start_server(args.url or f"sqlite:///{db}", port)
        try:
            stats = asyncio.run(
                run(
                    f"http://127.0.0.1:{port}",
                    tables,
                    args.seconds,
                    args.warmup,
                    games,
                    proc.pid if proc else None,
                    args.think,
                )
            )
        finally:
            if proc is not None:
                proc.terminate()
                proc.wait(timeout=10)
        lat = sorted(stats.latencies)
        if stats.refused:
            print(f"({stats.refused} actions refused: acted on a view that was out of date)")
        if not lat:
            print(f"{tables:>6} no actions acknowledged")
            continue
        cpu = "-" if stats.server_cpu is None else f"{stats.server_cpu / len(lat) * 1000:.2f}"
        p50 = statistics.median(lat) * 1000
        p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000
        print(
            f"{tables:>6} {len(lat) / args.seconds:>10.0f} {p50:>8.1f} {p99:>8.1f} "
            f"{lat[-1] * 1000:>8.1f} {stats.games:>6} {cpu:>11} "
            f"{stats.client_cpu / args.seconds:>10.0%}"
        )


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    main()
