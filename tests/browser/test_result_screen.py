"""The result screen: every seat's final score as the game counted it, the game's own figures
behind it, and a Rematch button that seats this person at a new table with the same game, seats,
bots and options; the old table then points at the rematch.

Checked for every game at the end of the keyboard-only game in ``test_accessibility`` (one
finished game per game serves both, which keeps the browser suite short)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect

from .conftest import LiveServer
from .test_browser import SHOTS


def number(value: Any) -> str:
    """A number as the page writes it (JavaScript's ``String(n)``: 3.0 reads "3")."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _went_out(pub: dict[str, Any], seat: int) -> str:
    return f"went out +{pub['last_points']}" if seat == pub["round_winner"] else ""


def _portfolio_value(pub: dict[str, Any], seat: int) -> str:
    return number(sum(p["value"] for p in pub["portfolios"] if p["owner"] == seat))


#: game → its own result columns: (header, the cell for a seat from the server's public view).
COLUMNS: dict[str, list[tuple[str, Callable[[dict[str, Any], int], str]]]] = {
    "piece-of-the-action": [("cards left", lambda pub, s: number(pub["hand_counts"][s]))],
    "magic-show": [("Farewell Show", lambda pub, s: number(pub["farewell"][s]))],
    "score": [
        ("last round", lambda pub, s: number(pub["round_points"][s])),
        ("Completes", lambda pub, s: number(pub["complete_counts"][s])),
        ("target", lambda pub, s: number(pub["target"])),
    ],
    "portfolio": [
        ("money", lambda pub, s: f"${number(pub['money'][s])}"),
        ("portfolios", lambda pub, s: str(sum(p["owner"] == s for p in pub["portfolios"]))),
        ("portfolio value", _portfolio_value),
    ],
    "nacho-loco": [
        ("target", lambda pub, s: number(pub["target"])),
        ("last round", _went_out),
        ("cards left", lambda pub, s: number(pub["hand_sizes"][s])),
    ],
}


def check_breakdown(page: Page, live: LiveServer, table: str, game: str) -> None:
    """The breakdown, best first: each seat's score as the server's state counts it and the
    game's own columns with the server's figures."""
    result = page.locator("#actions .result")
    expect(result.locator("h2")).to_have_text("Game over")
    state = live.service.get(table).state
    assert state.is_terminal()
    scores = state.scores()
    pub = state.public_view()
    rows = result.locator("table.breakdown tbody tr")
    expect(rows).to_have_count(len(scores))
    heads = result.locator("table.breakdown thead th").all_inner_texts()
    labels = [label for label, _ in COLUMNS[game]]
    assert heads == ["#", "seat", "score", *labels], heads
    shown: dict[int, float] = {}
    for i in range(len(scores)):
        row = rows.nth(i)
        seat = int(row.get_attribute("data-seat") or -1)
        cells = row.locator("td").all_inner_texts()
        shown[seat] = float(cells[1])
        want = [cell(pub, seat) for _, cell in COLUMNS[game]]
        assert [c.strip() for c in cells[2:]] == want, (seat, cells, want)
    assert shown == dict(enumerate(scores)), (shown, scores)
    order = [int(rows.nth(i).get_attribute("data-seat") or -1) for i in range(len(scores))]
    assert [scores[s] for s in order] == sorted(scores, reverse=True), order  # best first
    expect(rows.locator("th", has_text="(you)")).to_have_count(1)
    expect(result.locator("a", has_text="Replay this game")).to_be_visible()
    if game == "magic-show":  # the lines of the final scoring, and the README's picture
        expect(result.locator(".final-lines")).to_contain_text("Farewell Show")
        page.screenshot(path=str(SHOTS / "result.png"), full_page=True)


def check_rematch(page: Page, live: LiveServer, old: str) -> None:
    """After Rematch was pressed: a new table, same game, seats, bots and options, this person
    at seat 0; the old table's page offers to join it (reached with Tab, pressed with Enter)."""
    page.wait_for_url(re.compile(r"/t/(?!" + old + r")[0-9a-f]+$"))
    new = page.url.rsplit("/", 1)[1]
    expect(page.locator("#title")).to_contain_text("you are seat 0")
    again = live.service.get(new)
    before = live.service.get(old)
    assert not again.state.is_terminal()
    assert again.row.game == before.row.game
    assert again.row.options == before.row.options
    assert [s["kind"] for s in again.row.seats] == [s["kind"] for s in before.row.seats]
    assert [s.get("bot") for s in again.row.seats] == [s.get("bot") for s in before.row.seats]
    page.goto(f"{live.url}/t/{old}")
    expect(page.locator("#rematch")).to_have_text(re.compile("Join the rematch"))
    press_by_tab(page, "rematch")
    page.wait_for_url(re.compile(rf"/t/{new}$"))
    expect(page.locator("#title")).to_contain_text("you are seat 0")


def press_by_tab(page: Page, element_id: str, tabs: int = 80) -> None:
    """Move the focus with Tab alone until it reaches ``element_id``, then press Enter."""
    for _ in range(tabs):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement && document.activeElement.id") == element_id:
            page.keyboard.press("Enter")
            return
    raise AssertionError(f"#{element_id} is not reachable with Tab")
