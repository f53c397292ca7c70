"""Each game's own view in a real browser: played by clicking its cards, targets and buttons,
on a desktop and on a phone; the screenshots in docs/screenshots come from here."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from playwright.sync_api import Browser, Error, Page, expect

from .test_browser import SHOTS, create_table

CONTROLS = (
    "#board [data-action]:visible, #board [data-choices]:visible, #actions [data-action]:visible"
)

#: A closed group of choices under "Your move", opened by its summary.
FOLDED = "#actions details.group:not([open]) > summary"

#: game → (players, clicks at most, must it reach the end?)
GAMES = {
    "piece-of-the-action": (3, 50, False),
    "magic-show": (2, 400, True),
    "score": (3, 50, False),
    "portfolio": (3, 50, False),
}


def play_by_clicking(
    page: Page, max_clicks: int, rng: random.Random, shot: str | None = None
) -> Counter[str]:
    """Click a random offered control until the game ends or ``max_clicks`` were made; count
    the clicks on the board (the game's view) and on the plain buttons under it."""
    clicks: Counter[str] = Counter()
    while sum(clicks.values()) < max_clicks:
        # Wait for something to do: a visible control, a folded group of choices (a Piece of
        # the Action Move offers more than fit unfolded), or the end.
        page.locator(f"{CONTROLS}, {FOLDED}, #actions .result").first.wait_for(timeout=20_000)
        if page.locator("#actions .result").count():
            clicks["over"] = 0
            break
        controls = page.locator(CONTROLS)
        try:
            count = controls.count()
            if not count:
                folded = page.locator(FOLDED)
                if folded.count():
                    folded.nth(rng.randrange(folded.count())).click(timeout=2_000)
                continue
            control = controls.nth(rng.randrange(count))
            where = "board" if control.evaluate("e => !!e.closest('#board')") else "panel"
            control.click(timeout=2_000)
        except Error:  # the view was replaced under the click: look again
            continue
        clicks[where] += 1
        if shot and sum(clicks.values()) == 8:
            page.wait_for_timeout(300)
            page.screenshot(path=shot, full_page=True)
    return clicks


@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_is_played_by_clicking_its_view(browser: Browser, server: str, game: str) -> None:
    players, max_clicks, to_the_end = GAMES[game]
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    create_table(page, server, game, players)
    expect(page.locator("#status")).to_have_text("connected")
    SHOTS.mkdir(parents=True, exist_ok=True)
    clicks = play_by_clicking(page, max_clicks, random.Random(game), str(SHOTS / f"{game}.png"))
    assert clicks["board"] > 0, f"nothing on the {game} board was ever clickable: {clicks}"
    if to_the_end:
        assert "over" in clicks
        expect(page.locator("#actions .result h2")).to_have_text("Game over")
    else:  # long games: a fixed number of moves (or the end, if it comes first)
        assert "over" in clicks or sum(clicks.values()) == max_clicks
    expect(page.locator("#log li").first).to_be_visible()
    assert not errors, errors
    page.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_each_view_fits_a_phone(browser: Browser, server: str, game: str) -> None:
    players = GAMES[game][0]
    page = browser.new_page(viewport={"width": 390, "height": 844})
    create_table(page, server, game, players)
    play_by_clicking(page, 6, random.Random(1))
    expect(page.locator(CONTROLS).first).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"{game} scrolls sideways on a phone ({width}px)"
    page.screenshot(path=str(SHOTS / f"phone-{game}.png"))
    page.close()


def test_the_view_shows_what_each_game_is_about(browser: Browser, server: str) -> None:
    page = browser.new_page()
    create_table(page, server, "piece-of-the-action", 3)
    expect(page.locator(".deal-value")).to_contain_text("Worth")
    expect(page.locator(".seat .before")).to_have_count(3)  # POTA/Reverse before each seat
    create_table(page, server, "magic-show", 2)
    expect(page.locator(".pile .show")).to_have_count(2)  # both shows: minutes and value
    expect(page.locator(".pile .show").first).to_contain_text("minutes")
    expect(page.locator(".plays .play")).to_have_count(2)  # the two face-down plays
    create_table(page, server, "score", 3)
    expect(page.locator(".single-group").first).to_contain_text("/4")  # towards a set
    expect(page.locator(".card.complete").first).to_be_visible()
    page.close()


def test_a_portfolio_trade_is_built_item_by_item(browser: Browser, server: str) -> None:
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    page.goto(server + "/")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "portfolio")
    expect(page.locator("#opt-trades")).to_be_checked()  # a person plays: trades are on
    page.select_option("#players", "2")
    page.select_option("#seat-1", "bot:greedy")
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/t/[0-9a-f]+$"))
    propose = page.locator('#board [data-action="propose trade to seat 1"]')
    for _ in range(60):  # play on (first offered choice) until we may offer a trade
        # The first choice in the page may sit in a folded group: wait for one that shows.
        page.wait_for_selector("[data-action]:visible", timeout=20_000)
        try:
            if propose.count():
                propose.click(timeout=2_000)
                break
            page.locator("[data-action]:visible").first.click(timeout=2_000)
            page.wait_for_timeout(100)
        except Error:
            continue
    else:
        raise AssertionError("never offered a trade")
    offer = page.locator(".trade .offer")
    expect(offer).to_contain_text("you give nothing for nothing")
    give = page.locator('#board .hand [data-action^="give "]').first
    card = (give.get_attribute("data-action") or "").removeprefix("give ")
    give.click()
    expect(offer).to_contain_text(f"you give {card} for nothing")
    picker = page.locator(".picker", has=page.locator('button:text("Ask for card")'))
    asked = picker.locator("option").first.text_content() or ""
    picker.locator("button").click()
    expect(offer).to_contain_text(f"for {asked} from")
    page.screenshot(path=str(SHOTS / "portfolio-trade.png"), full_page=True)
    page.click('[data-action="send offer"]')
    expect(page.locator("#log")).to_contain_text(re.compile(r"declines|Trade done|void"))
    page.close()


def test_two_people_trade_in_portfolio(browser: Browser, server: str) -> None:
    """One person builds an offer by clicking, the other sees it and accepts it."""
    first = browser.new_context().new_page()
    first.goto(server + "/")
    first.wait_for_selector("#game option", state="attached")
    first.select_option("#game", "portfolio")
    first.select_option("#players", "2")
    first.select_option("#seat-1", "human")
    first.click("button[type=submit]")
    first.wait_for_url(re.compile(r"/t/[0-9a-f]+$"))
    second = browser.new_context().new_page()
    second.goto(first.url)
    second.click("#join button")
    expect(second.locator("#title")).to_contain_text("you are seat 1")
    propose = first.locator('#board [data-action="propose trade to seat 1"]')
    for _ in range(60):
        for page in (first, second):  # both play on until the first person may offer
            try:
                if page is first and propose.count():
                    propose.click(timeout=2_000)
                    break
                controls = page.locator("[data-action]:visible")
                if controls.count():
                    controls.first.click(timeout=2_000)
                    page.wait_for_timeout(100)
            except Error:
                continue
        else:
            continue
        break
    else:
        raise AssertionError("never offered a trade")
    give = first.locator('#board .hand [data-action^="give "]').first
    card = (give.get_attribute("data-action") or "").removeprefix("give ")
    give.click()
    expect(first.locator(".trade .offer")).to_contain_text(f"you give {card} for nothing")
    first.click('[data-action="send offer"]')
    offer = second.locator(".trade .offer")
    expect(offer).to_contain_text(f"gives {card} for nothing from you")
    expect(second.locator('[data-action="decline"]')).to_be_visible()
    second.click('[data-action="accept"]')
    expect(first.locator("#log")).to_contain_text(f"Trade done: seat 0 gives {card}")
    first.context.close()
    second.context.close()
