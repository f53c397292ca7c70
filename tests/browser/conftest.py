"""A real server on 127.0.0.1 and headless Chromium (Debian's package) driven by Playwright.

Chromium comes from the system (``.ci/run`` installs Debian's ``chromium``); Playwright's own
browser download is not used. Without Chromium these tests skip, except when
``CARDTABLE_REQUIRE_BROWSER=1`` (set by ``.ci/run``), where a missing browser is a failure.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
import uvicorn
from playwright.sync_api import Browser, sync_playwright

from cardtable.server.app import create_app
from cardtable.server.config import Settings
from cardtable.server.tables import TableService

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class LiveServer:
    url: str
    service: TableService


@contextmanager
def running(settings: Settings) -> Iterator[LiveServer]:
    """A web table on a free 127.0.0.1 port, in a thread, until the block ends."""
    app = create_app(settings)
    port = free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not srv.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield LiveServer(f"http://127.0.0.1:{port}", app.state.service)
    finally:
        srv.should_exit = True
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    db = tmp_path_factory.mktemp("web") / "cardtable.db"
    settings = Settings(
        database_url=f"sqlite:///{db}", think_time=0.02, hint_bot="ismcts:iterations=200"
    )
    with running(settings) as server:
        yield server


@pytest.fixture(scope="module")
def server(live: LiveServer) -> str:
    return live.url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        if os.environ.get("CARDTABLE_REQUIRE_BROWSER") == "1":
            pytest.fail(f"Chromium is required but {CHROMIUM} does not exist")
        pytest.skip("no Chromium (install Debian's chromium, as .ci/run does)")
    with sync_playwright() as pw:
        launched = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()
