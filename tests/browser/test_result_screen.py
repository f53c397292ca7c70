"""The result screen: every seat's final score with the game's figures behind it, the lines of
the final scoring, and a Rematch button that seats this person at a new table with the same
game, seats, bots and options."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from .conftest import LiveServer
from .test_browser import SHOTS, click_until_over, create_table


def test_the_result_screen_breaks_the_scores_down_and_offers_a_rematch(
    browser: Browser, live: LiveServer
) -> None:
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    old = create_table(page, live.url, "magic-show")
    click_until_over(page, max_clicks=400)
    result = page.locator("#actions .result")
    expect(result.locator("h2")).to_have_text("Game over")
    rows = result.locator("table.breakdown tbody tr")
    expect(rows).to_have_count(2)
    scores = live.service.get(old).state.scores()
    # Best first, each seat's score as the game counted it, and the game's own column.
    shown = {
        int(rows.nth(i).get_attribute("data-seat") or -1): float(
            rows.nth(i).locator("td.score").inner_text()
        )
        for i in range(2)
    }
    assert shown == {0: scores[0], 1: scores[1]}
    first = float(rows.nth(0).locator("td.score").inner_text())
    assert first == max(scores)
    expect(result.locator("thead")).to_contain_text("Farewell Show")
    expect(rows.locator("th", has_text="(you)")).to_have_count(1)
    expect(result.locator(".final-lines")).to_contain_text("Farewell Show")
    page.screenshot(path=str(SHOTS / "result.png"), full_page=True)

    page.click("#rematch")
    page.wait_for_url(re.compile(r"/t/(?!" + old + r")[0-9a-f]+$"))
    new = page.url.rsplit("/", 1)[1]
    expect(page.locator("#title")).to_contain_text("you are seat 0")
    again = live.service.get(new)
    before = live.service.get(old)
    assert not again.state.is_terminal()
    assert again.row.options == before.row.options
    assert [s["kind"] for s in again.row.seats] == [s["kind"] for s in before.row.seats]
    assert again.row.seats[1]["bot"] == before.row.seats[1]["bot"]
    # The old table now points at the rematch.
    page.goto(f"{live.url}/t/{old}")
    expect(page.locator("#rematch")).to_have_text(re.compile("Join the rematch"))
    page.click("#rematch")
    page.wait_for_url(re.compile(rf"/t/{new}$"))
    expect(page.locator("#title")).to_contain_text("you are seat 0")
    assert errors == []
    page.close()
