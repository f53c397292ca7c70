"""Cards move on screen from where they were to where they go, unless animations are off."""

from __future__ import annotations

from playwright.sync_api import Browser, Error, Page

from .test_browser import create_table

ANIMATED = "() => Number(document.getElementById('table').dataset.animated || 0)"


def click_some(page: Page, clicks: int, until_animated: bool = False) -> None:
    """Make up to ``clicks`` moves, playing a card whenever one is playable: a card played from
    the hand to a Deal always changes places, whereas passing and declining move no card and the
    bots may pass too (a run of twelve passes once left nothing to animate in CI)."""
    done = 0
    while done < clicks:
        if until_animated and page.evaluate(ANIMATED) > 0:
            return
        page.wait_for_selector("[data-action]:visible, #actions .result", timeout=20_000)
        if page.locator("#actions .result").count():
            return
        playable = page.locator("[data-action].playable:visible")
        target = playable.first if playable.count() else page.locator("[data-action]:visible").first
        try:
            target.click(timeout=2_000)
            done += 1
        except Error:
            continue


def test_cards_animate_to_their_new_place_and_not_when_switched_off(
    browser: Browser, server: str
) -> None:
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    create_table(page, server, "piece-of-the-action", 3)
    click_some(page, 40, until_animated=True)
    page.wait_for_timeout(500)  # the redraw after the last move
    moved = page.evaluate(ANIMATED)
    assert moved > 0, "no card was animated to its new place"
    page.uncheck("#motion")
    before = page.evaluate(ANIMATED)
    click_some(page, 12)
    assert page.evaluate(ANIMATED) == before
    page.close()
