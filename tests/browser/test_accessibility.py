"""Accessibility: an axe-core audit of the lobby and of every game's table (0 serious or critical
violations, light and dark theme), and a whole game played with the keyboard alone.

axe-core comes from npm (package-lock.json; ``make test`` runs ``npm ci`` first) and is injected
into the page under test."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .test_browser import create_table

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
GAMES = {"piece-of-the-action": 3, "magic-show": 2, "score": 3, "portfolio": 3, "nacho-loco": 2}


def audit(page: Page) -> list[dict[str, Any]]:
    """The serious and critical violations axe-core finds on the page as it is now."""
    if not AXE.exists():
        if os.environ.get("CARDTABLE_REQUIRE_BROWSER") == "1":
            pytest.fail(f"axe-core is required but {AXE} is missing (run npm ci)")
        pytest.skip("no axe-core (npm ci installs it into node_modules/)")
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        """async () => (await axe.run(document, { resultTypes: ['violations'] })).violations
            .filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => ({ id: v.id, impact: v.impact,
                           nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }))"""
    )
    return list(found)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_lobby_passes_the_audit(browser: Browser, server: str, scheme: str) -> None:
    context = browser.new_context(color_scheme=scheme)
    page = context.new_page()
    page.goto(server + "/")
    page.wait_for_selector("#game option", state="attached")
    found = audit(page)
    assert found == [], found
    context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("game", list(GAMES))
def test_every_table_passes_the_audit(
    browser: Browser, server: str, game: str, scheme: str
) -> None:
    context = browser.new_context(color_scheme=scheme, viewport={"width": 1200, "height": 900})
    page = context.new_page()
    create_table(page, server, game, GAMES[game])
    page.wait_for_selector("[data-action]:visible", timeout=20_000)
    found = audit(page)
    assert found == [], found
    context.close()


def test_a_whole_game_is_played_with_the_keyboard_alone(browser: Browser, server: str) -> None:
    """Magic Show against a bot: every decision by its number and Enter (as in the terminal),
    then the Rematch button reached with Tab and pressed with Enter. No mouse after the lobby."""
    page = browser.new_page()
    create_table(page, server, "magic-show")
    table = page.locator("#table")
    result = page.locator("#actions .result")
    choices = page.locator("#numbered:not([hidden])")
    moves = 0
    for _ in range(2_000):
        if result.count():
            break
        if not choices.count():
            page.wait_for_timeout(50)  # the bot's turn
            continue
        seq = table.get_attribute("data-seq") or ""
        page.keyboard.press("1")
        page.keyboard.press("Enter")
        try:
            expect(table).not_to_have_attribute("data-seq", seq, timeout=5_000)
            moves += 1
        except AssertionError:
            continue  # the view changed under the keys: look again
    expect(result.locator("h2")).to_have_text("Game over")
    assert moves >= 20, moves  # a Magic Show game takes this seat at least 20 decisions
    old = page.url
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement && document.activeElement.id") == "rematch":
            break
    else:
        raise AssertionError("the Rematch button is not reachable with Tab")
    page.keyboard.press("Enter")
    page.wait_for_url(lambda url: url != old and "/t/" in url)
    expect(page.locator("#title")).to_contain_text("you are seat 0")
    page.close()


def test_lobby_options_have_readable_labels(browser: Browser, server: str) -> None:
    """Each option reads as words, never as its key (``stall_limit (PF-R6)`` was shown)."""
    page = browser.new_page()
    page.goto(server + "/")
    page.wait_for_selector("#game option", state="attached")
    games = page.evaluate("() => fetch('/api/games').then((r) => r.json())")
    for game in games:
        page.select_option("#game", game["name"])
        for option in game["options"]:
            label = page.locator(f'label[for="opt-{option["name"]}"]')
            name = label.evaluate("l => l.firstChild.textContent")
            assert "_" not in name and option["name"] not in name, name
            assert option["ruling"] in (label.text_content() or "")  # the ruling stays, in the help
    page.select_option("#game", "score")
    expect(page.get_by_label("Points to win")).to_have_value("10")
    page.select_option("#game", "nacho-loco")
    assert "any edge" in page.locator("#opt-placement_rule option").all_text_contents()
    page.close()
