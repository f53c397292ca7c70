"""Seat panels with each game's counters, and a tooltip on every card and every choice (a
``title`` attribute, or an SVG shape's ``<title>``)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from .conftest import LiveServer
from .test_browser import create_table

#: game → (players, the counters every seat's panel shows)
GAMES = {
    "piece-of-the-action": (3, ["score", "cards in hand"]),
    "magic-show": (2, ["score", "cards in hand", "pile", "show"]),
    "score": (3, ["total", "this round", "Completes", "cards in hand"]),
    "portfolio": (3, ["money", "income", "cards in hand", "portfolios"]),
    "nacho-loco": (2, ["points", "cards in hand", "skip tokens"]),
}

COUNTERS = """() => [...document.querySelectorAll('#players .player')].map((p) => ({
    seat: Number(p.dataset.seat),
    labels: [...p.querySelectorAll('.counters [data-counter]')].map((c) => c.dataset.counter),
    hand: p.querySelector('[data-counter="cards in hand"] dd')?.textContent,
    presence: p.querySelector('.presence').textContent,
}))"""

UNTITLED = """() => [...document.querySelectorAll(
    '#board .card, #board [data-action], #board [data-choices], #actions [data-action]'
)].filter((n) => !(
    n.getAttribute('title') || n.querySelector(':scope > title')?.textContent || ''
).trim()).map((n) => n.outerHTML.slice(0, 120))"""


@pytest.mark.parametrize("game", list(GAMES))
def test_each_seat_has_a_panel_with_counters_and_everything_a_tooltip(
    browser: Browser, live: LiveServer, game: str
) -> None:
    players, labels = GAMES[game]
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    table_id = create_table(page, live.url, game, players)
    page.wait_for_selector("[data-action]:visible", timeout=20_000)  # our turn: the board is still
    panels = page.evaluate(COUNTERS)
    assert [p["seat"] for p in panels] == list(range(players))
    for panel in panels:
        assert set(labels) <= set(panel["labels"]), panel
    # The counters are the table's: my hand's size as the server holds it.
    hand = live.service.get(table_id).state.observation(0)["zones"]["hand:0"]
    assert panels[0]["hand"] == str(len(hand))
    assert "online" in panels[0]["presence"] and "bot" in panels[1]["presence"]
    assert page.evaluate(UNTITLED) == []
    assert page.locator("#board .card, [data-action]").count() > 0
    page.close()
