"""Nacho Loco's own view: the Playfield in SVG, played by clicking highlighted cells."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from .test_browser import SHOTS, create_table


def play_by_board(page: Page, moves: int) -> tuple[int, int]:
    """Place through the board (cell, then card) when a cell is offered, else click the first
    action button (draw, keep, target, end turn). Returns (board placements, other clicks)."""
    placed = other = 0
    while placed + other < moves:
        page.wait_for_selector("[data-action], #actions .result", timeout=20_000)
        if page.locator("#actions .result").count():
            break
        try:
            cells = page.locator("polygon.nl-open")
            if cells.count():
                cells.first.click(timeout=2_000)
                page.locator(".nl-choice").first.click(timeout=2_000)
                placed += 1
            else:
                page.locator("#actions [data-action]:visible").first.click(timeout=2_000)
                other += 1
        except Exception:  # the view was redrawn under the click: look again
            continue
    return placed, other


def test_nacho_loco_is_played_on_the_drawn_playfield(browser: Browser, server: str) -> None:
    page = browser.new_page(viewport={"width": 1200, "height": 1000})
    create_table(page, server, "nacho-loco", players=3)
    expect(page.locator("#status")).to_have_text("connected")
    expect(page.locator("svg.nl-field g.nl-card").first).to_be_visible()  # the starter
    expect(page.locator(".nl-hand figure")).to_have_count(6)
    page.screenshot(path=str(SHOTS / "nacho-loco.png"), full_page=True)
    placed, _ = play_by_board(page, moves=25)
    assert placed > 0
    assert page.locator("svg.nl-field g.nl-card").count() >= 1
    expect(page.locator("#log li").first).to_be_visible()
    page.close()


def test_nacho_loco_fits_a_phone_screen(browser: Browser, server: str) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    create_table(page, server, "nacho-loco")
    expect(page.locator("svg.nl-field")).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways ({width}px)"
    page.screenshot(path=str(SHOTS / "phone-nacho-loco.png"))
    page.close()
