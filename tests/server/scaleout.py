"""Real ``cardtable serve`` processes on 127.0.0.1 over one PostgreSQL, and small clients.

Used by the scale-out tests: each server is a subprocess (so it can be killed with SIGKILL),
all of them on one database schema of their own, with a short lease so that a takeover is
quick. HTTP goes through ``urllib`` and WebSockets through ``websockets``' blocking client.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from typing import Any

from websockets.sync.client import ClientConnection, connect

#: ``cardtable`` as a module call (the console script may not be on PATH).
_MAIN = "from cardtable.cli.main import main; main()"
#: Seconds a table's lease lasts without renewal in these tests (a takeover waits this long).
LEASE_SECONDS = 1.5


@dataclass
class Server:
    """One ``cardtable serve`` subprocess and its base URL."""

    process: subprocess.Popen[str]
    url: str
    log: list[str] = field(default_factory=list)

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=20) as response:
                return response.status, _decode(response.read())
        except urllib.error.HTTPError as exc:
            return exc.code, _decode(exc.read())

    def ws(self, table_id: str, token: str | None = None) -> ClientConnection:
        url = self.url.replace("http", "ws", 1) + f"/api/tables/{table_id}/ws"
        return connect(url + (f"?token={token}" if token else ""), open_timeout=20)

    def kill(self) -> None:
        """SIGKILL: no lease is released, no socket closed cleanly."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


def routed(server: Server, table_id: str, token: str | None = None) -> tuple[ClientConnection, str]:
    """A WebSocket to the table opened on ``server`` and, when that process sends it to the
    table's owner (``moved``, close 4307), opened again there, as the page does; returns it
    and the base URL of the process serving it."""
    url = server.url
    for _hop in range(3):
        base = url.replace("http", "ws", 1) + f"/api/tables/{table_id}/ws"
        ws = connect(base + (f"?token={token}" if token else ""), open_timeout=20, legacy=True)
        first = json.loads(ws.recv(timeout=20))
        if first["type"] != "moved":
            return ws, url
        ws.close()
        url = first["url"]
    raise AssertionError(f"sent on more than twice for table {table_id}")


def _decode(raw: bytes) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        return raw.decode(errors="replace")


def start_server(database_url: str, **env: str) -> Server:
    """Start ``cardtable serve --port 0`` and wait until it answers."""
    environ = {
        **os.environ,
        "CARDTABLE_DATABASE_URL": database_url,
        "CARDTABLE_THINK_TIME": "0",
        "CARDTABLE_BOT_WORKERS": "1",
        "CARDTABLE_LEASE_SECONDS": str(LEASE_SECONDS),
        "CARDTABLE_PURE": "1",
        **env,
    }
    process = subprocess.Popen(
        [sys.executable, "-c", _MAIN, "serve", "--port", "0"],
        env=environ,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    if "http://" not in line:
        process.kill()
        raise AssertionError(f"the server did not start: {line}{process.stdout.read()}")
    url = line.split("http://", 1)[1].split()[0]
    server = Server(process, "http://" + url)
    deadline = time.monotonic() + 30
    while True:
        try:
            if server.call("GET", "/api/games")[0] == 200:
                return server
        except OSError:
            pass
        if time.monotonic() > deadline:
            server.stop()
            raise AssertionError("the server did not answer within 30 s")
        time.sleep(0.1)


def views(ws: ClientConnection, until: Any, limit: float = 15.0) -> list[dict[str, Any]]:
    """Every message ``ws`` receives until ``until(message)`` holds (or the limit passes)."""
    got: list[dict[str, Any]] = []
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        try:
            message = json.loads(ws.recv(timeout=max(0.01, deadline - time.monotonic())))
        except TimeoutError:
            break
        got.append(message)
        if until(message):
            return got
    brief = [(m["type"], m.get("seq"), m.get("code")) for m in got]
    raise AssertionError(f"not received within {limit} s; got {brief}")


def latest_view(ws: ClientConnection) -> dict[str, Any]:
    """Ask for the seat's view now and return it."""
    ws.send(json.dumps({"type": "sync"}))
    return views(ws, lambda m: m["type"] == "view")[-1]
