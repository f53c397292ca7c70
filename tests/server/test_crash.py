"""Kill the server with SIGKILL mid-game: after a restart no acknowledged action is lost or
doubled, and the game goes on from where it was."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.sync.client import connect


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start(db: Path, port: int) -> subprocess.Popen[bytes]:
    env = dict(os.environ, CARDTABLE_DATABASE_URL=f"sqlite:///{db}")
    cardtable = str(Path(sys.executable).parent / "cardtable")
    cmd = [cardtable, "serve", "--port", str(port), "--think-time", "0"]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    # Imports alone took 12 s on a loaded 2-core machine, and over 60 s at load average 30.
    deadline = time.monotonic() + 150
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return proc
        except OSError:
            assert proc.poll() is None, proc.stderr.read() if proc.stderr else "server died"
            if time.monotonic() > deadline:
                proc.kill()  # never leave a server behind
                proc.wait()
                raise AssertionError("server did not start") from None
            time.sleep(0.1)


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=5) as response:
        return dict(json.load(response))


def get(url: str) -> dict[str, Any]:
    with urllib.request.urlopen(url, timeout=5) as response:
        return dict(json.load(response))


def test_sigkill_loses_and_doubles_nothing(tmp_path: Path) -> None:
    db, port = tmp_path / "crash.db", free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start(db, port)
    try:
        made = post(
            base + "/api/tables", {"game": "magic-show", "players": 2, "seats": ["human", "human"]}
        )
        table_id, token = made["table"]["id"], made["token"]
        second = post(f"{base}/api/tables/{table_id}/join", {})
        acked: list[int] = []
        urls = [
            f"ws://127.0.0.1:{port}/api/tables/{table_id}/ws?token={t}"
            for t in (token, second["token"])
        ]
        with connect(urls[0]) as ws0, connect(urls[1]) as ws1:
            for _ in range(10):
                for ws in (ws0, ws1):
                    view = latest_view(ws)
                    if view["legal"]:
                        ws.send(
                            json.dumps(
                                {
                                    "type": "action",
                                    "seq": view["seq"],
                                    "action": view["legal"][0]["id"],
                                }
                            )
                        )
                        acked.append(wait_ack(ws))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        proc = start(db, port)
        after = get(f"{base}/api/tables/{table_id}")
        assert after["seq"] == max(acked), (after["seq"], acked)
        assert acked == sorted(set(acked))  # every ack is a new step, none twice
        with connect(urls[0]) as ws0:
            view = latest_view(ws0)
            assert view["seq"] == max(acked) and not view["observation"]["terminal"]
    finally:
        proc.kill()
        proc.wait(timeout=10)


def latest_view(ws: Any) -> dict[str, Any]:
    ws.send(json.dumps({"type": "sync"}))
    while True:
        message = json.loads(ws.recv(timeout=10))
        if message["type"] == "view":
            # drain anything already queued so the view is the newest
            try:
                while True:
                    newer = json.loads(ws.recv(timeout=0.05))
                    if newer["type"] == "view":
                        message = newer
            except TimeoutError:
                return dict(message)


def wait_ack(ws: Any) -> int:
    while True:
        message = json.loads(ws.recv(timeout=10))
        if message["type"] == "ack":
            return int(message["seq"])
        assert message["type"] == "view", message
