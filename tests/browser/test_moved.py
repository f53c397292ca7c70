"""A page sent on to the table's owner (``{"type": "moved", "url": OWNER}``, close 4307) connects
there and keeps playing (docs/deploy.md, "clients served by the owner"; ``table.js``).

Two servers on one SQLite file stand for two processes: B created the table and runs it; A,
asked first, says the owner is B (its ``route`` answers B's address, as a process that does not
own a table does on PostgreSQL). Whatever B's bot plays, the page clicks its first choice.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from cardtable.server.config import Settings
from cardtable.server.tables import LiveTable

from .conftest import LiveServer, running
from .test_browser import click_until_over, create_table


@pytest.fixture
def pair(tmp_path: Path) -> Iterator[tuple[LiveServer, LiveServer]]:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'two.db'}", think_time=0.02)
    with running(settings) as a, running(settings) as b:
        yield a, b


def test_a_page_told_moved_plays_at_the_owner(
    browser: Browser, pair: tuple[LiveServer, LiveServer]
) -> None:
    a, b = pair
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    table_id = create_table(page, b.url, "magic-show")
    seat = page.evaluate(f"() => localStorage.getItem('cardtable:{table_id}')")
    assert seat, "the lobby kept no seat token"
    click_until_over(page, max_clicks=1)  # B runs the table: one move of ours there

    asked: list[str] = []

    async def route(table: LiveTable) -> str | None:  # A: "the owner is B"
        asked.append(table.id)
        return b.url

    a.service.route = route  # type: ignore[method-assign]
    page.goto(a.url + "/")  # A's origin keeps its own storage: give it the seat
    page.evaluate(f"(seat) => localStorage.setItem('cardtable:{table_id}', seat)", seat)
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    page.goto(f"{a.url}/t/{table_id}")
    expect(page.locator("#status")).to_have_text("connected", timeout=20_000)
    owner_table: LiveTable = b.service.get(table_id)
    before = owner_table.seq
    assert click_until_over(page, max_clicks=3) > 0
    deadline = time.monotonic() + 20
    while owner_table.seq <= before and time.monotonic() < deadline:
        time.sleep(0.05)
    assert owner_table.seq > before  # the page's moves reach the owner
    assert asked == [table_id]
    assert sockets[0].startswith(a.url.replace("http", "ws", 1)), sockets
    assert all(url.startswith(b.url.replace("http", "ws", 1)) for url in sockets[1:]), sockets
    assert len(sockets) == 2, sockets  # no loop back to A
    assert not errors, errors
    page.close()
