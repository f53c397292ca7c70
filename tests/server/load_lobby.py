"""Bounded load script (not collected by pytest): lobby latency with many tables, and how long
a probe table's bots wait beside hostile tables. Figures in docs/reliability.md.

    CARDTABLE_PURE=1 .venv/bin/python tests/server/load_lobby.py lobby --tables 1000
    CARDTABLE_PURE=1 .venv/bin/python tests/server/load_lobby.py probe --hostile 4 --cap 0.5
    CARDTABLE_PURE=1 .venv/bin/python tests/server/load_lobby.py flood --tables 500

Runs in-process (no network); works against older servers too (unknown settings are left out).
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from cardtable.server.app import create_app
from cardtable.server.config import Settings


def settings(db: str, **wanted: Any) -> Settings:
    known = {f.name for f in dataclasses.fields(Settings)}
    return Settings(database_url=db, **{k: v for k, v in wanted.items() if k in known})


def timed(client: TestClient, path: str, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        assert client.get(path).status_code == 200
        out.append((time.perf_counter() - start) * 1000)
    return out


def lobby(tables: int, runs: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite:///{Path(tmp) / 'load.db'}"
        unlimited = {"tables_per_minute": 0, "tables_per_client": 10**6, "max_open_tables": 10**6}
        config = settings(db, think_time=0.0, **unlimited)
        with TestClient(create_app(config)) as client:
            body = {"game": "magic-show", "players": 2, "seats": ["human", "human"]}
            start = time.perf_counter()
            for _ in range(tables):
                assert client.post("/api/tables", json=body).status_code == 201
            made = time.perf_counter() - start
            ms = timed(client, "/api/tables", runs)
            print(f"{tables} tables made in {made:.1f} s ({tables / made:.0f}/s)")
            print(
                f"GET /api/tables: median {statistics.median(ms):.1f} ms, "
                f"max {max(ms):.1f} ms over {runs} runs; {len(client.get('/api/tables').json())} "
                "tables in the answer"
            )


def flood(tables: int) -> None:
    """One address opens tables as fast as it can, under the default limits."""
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(settings(f"sqlite:///{Path(tmp) / 'load.db'}"))
        with TestClient(app) as client:
            body = {"game": "magic-show", "players": 2, "seats": ["human", "human"]}
            start = time.perf_counter()
            codes = [client.post("/api/tables", json=body).status_code for _ in range(tables)]
            spent = time.perf_counter() - start
            counts = {code: codes.count(code) for code in sorted(set(codes))}
            print(f"{tables} creations in {spent:.1f} s from one address: {counts}")


def probe(hostile: int, cap: float, workers: int, moves: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite:///{Path(tmp) / 'load.db'}"
        config = settings(
            db, think_time=0.0, max_bot_seconds=cap, bot_workers=workers, tables_per_minute=0
        )
        with TestClient(create_app(config)) as client:
            for _ in range(hostile):
                seats = [f"bot:ismcts:time={cap}"] * 2
                body = {"game": "magic-show", "players": 2, "seats": seats}
                assert client.post("/api/tables", json=body).status_code == 201
            body = {"game": "magic-show", "players": 2, "seats": ["bot:ismcts:iterations=10"] * 2}
            probe_id = client.post("/api/tables", json=body).json()["table"]["id"]
            seen, last, gaps = 0, time.monotonic(), []
            deadline = last + 120
            while seen < moves and time.monotonic() < deadline:
                seq = client.get(f"/api/tables/{probe_id}").json()["seq"]
                if seq > seen:
                    now = time.monotonic()
                    gaps.append(now - last)
                    seen, last = seq, now
                time.sleep(0.01)
            gaps = gaps[1:]  # the first waits for the worker processes to start
            print(
                f"{hostile} hostile tables at {cap} s, {workers} worker(s): probe moved "
                f"{seen} times; gap median {statistics.median(gaps):.2f} s, "
                f"max {max(gaps):.2f} s (bound {(hostile / workers + 1) * cap:.2f} s)"
            )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("what", choices=["lobby", "probe", "flood"])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--hostile", type=int, default=4)
    parser.add_argument("--cap", type=float, default=0.5)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--moves", type=int, default=12)
    args = parser.parse_args()
    if args.what == "lobby":
        lobby(args.tables, args.runs)
    elif args.what == "flood":
        flood(args.tables)
    else:
        probe(args.hostile, args.cap, args.workers, args.moves)


if __name__ == "__main__":
    main()
