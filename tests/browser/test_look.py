"""The look of the table: colours never told by hue alone (Piece of the Action writes the colour
on the card, Nacho Loco's segments carry their letter), and a dark theme for a system that asks
for one (prefers-color-scheme)."""

from __future__ import annotations

from playwright.sync_api import Browser

from .test_browser import SHOTS, create_table

BACKGROUND = "() => getComputedStyle(document.body).backgroundColor"


def test_piece_of_the_action_cards_name_their_colour(browser: Browser, server: str) -> None:
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    create_table(page, server, "piece-of-the-action", 3)
    page.wait_for_selector("#board .pota-card")
    cards = page.locator("#board .pota-card").evaluate_all(
        """cs => cs.filter(c => !c.classList.contains('x')).map(c => ({
            colour: ['red', 'blue', 'green'].find(k => c.classList.contains(k)),
            tag: c.querySelector('.colour-tag')?.textContent,
        }))"""
    )
    assert cards and all(c["tag"] == c["colour"] for c in cards), cards
    page.close()


def test_nacho_loco_segments_carry_their_letter(browser: Browser, server: str) -> None:
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    create_table(page, server, "nacho-loco", 2)
    page.wait_for_selector("#board .nl-letter")
    letters = page.locator("#board .nl-letter").evaluate_all("ts => ts.map(t => t.textContent)")
    assert letters and set(letters) <= set("RYGBOP"), letters
    page.close()


def test_the_dark_theme_follows_the_system(browser: Browser, server: str) -> None:
    colours = {}
    for scheme in ("light", "dark"):
        context = browser.new_context(color_scheme=scheme, viewport={"width": 1200, "height": 900})
        page = context.new_page()
        create_table(page, server, "magic-show")
        page.wait_for_selector("#board .card")
        colours[scheme] = page.evaluate(BACKGROUND)
        page.screenshot(path=str(SHOTS / f"theme-{scheme}-magic-show.png"))
        context.close()
    assert colours == {"light": "rgb(246, 244, 238)", "dark": "rgb(22, 24, 27)"}
