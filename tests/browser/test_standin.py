"""Stand-ins at the table: the seated person is warned of them, the lobby says when one is
playing your seat with a link back, and on coming back the page says what it played."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from cardtable.server.config import Settings

from .conftest import LiveServer, running
from .test_browser import SHOTS, create_table

AWAY = 1.0


@pytest.fixture(scope="module")
def quick_away(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server whose stand-ins take over after one second away (bots think 0.3 s a move)."""
    db = tmp_path_factory.mktemp("standin") / "cardtable.db"
    settings = Settings(
        database_url=f"sqlite:///{db}", think_time=0.3, away_seconds=AWAY, warm_bot_workers=False
    )
    with running(settings) as server:
        yield server


def test_a_standin_is_announced_and_the_seat_taken_back(
    browser: Browser, quick_away: LiveServer
) -> None:
    context = browser.new_context()  # one browser: the seat token stays in its storage
    page = context.new_page()
    table_id = create_table(page, quick_away.url, "piece-of-the-action", 3)
    warning = page.locator("#standin-warning")
    expect(warning).to_contain_text("a stand-in bot plays your seat")
    expect(warning).to_contain_text("1 s")
    table = quick_away.service.get(table_id)
    page.wait_for_function("() => document.querySelectorAll('#log li').length > 0")
    before = len([a for a, _ in table.state.timeline(0) if a == 0])
    page.close()  # gone: after a second a stand-in plays seat 0
    deadline = time.monotonic() + 30
    while len([a for a, _ in table.state.timeline(0) if a == 0]) < before + 2:
        assert time.monotonic() < deadline, "no stand-in played seat 0"
        time.sleep(0.2)
    assert table.away(0)

    lobby = context.new_page()
    lobby.goto(quick_away.url + "/")
    back = lobby.locator("a.retake")
    expect(back).to_have_text("take your seat back")
    back.click()
    lobby.wait_for_url(re.compile(rf"/t/{table_id}$"))
    notice = lobby.locator("#standin-back")
    expect(notice).to_contain_text(re.compile(r"a stand-in bot made \d+ moves? for you"))
    played = int(re.search(r"made (\d+) move", notice.inner_text()).group(1))  # type: ignore[union-attr]
    assert played >= 2
    expect(lobby.locator("#log li.move.standin")).to_have_count(played)
    lobby.screenshot(path=str(SHOTS / "standin.png"))
    assert not table.away(0) and 0 not in table.clock.away_since  # the seat is ours again
    lobby.locator("#standin-back button").click()
    expect(lobby.locator("#standin-back")).to_have_count(0)
    context.close()
