"""Accessibility: an axe-core audit of the lobby and of every game's table (0 serious or critical
violations, light and dark theme), and a whole game of every game played with the keyboard
alone, ending at its result screen and a rematch.

axe-core comes from npm (package-lock.json; ``make test`` runs ``npm ci`` first) and is injected
into the page under test."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from .conftest import LiveServer
from .test_browser import create_table
from .test_result_screen import check_breakdown, check_rematch, press_by_tab

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


#: game → (players, lobby options, which offered choice to take: "first" or "last"). Short
#: games by the games' own options (Score! to 10 points, Portfolio without trades) against the
#: lobby's random bots; "last" where it ends the game sooner than "1" (Portfolio: about 100 of
#: this seat's decisions instead of 150, measured with random opponents).
KEYBOARD_GAMES: dict[str, tuple[int, dict[str, bool | str], str]] = {
    "piece-of-the-action": (3, {}, "first"),
    "magic-show": (2, {}, "first"),
    "score": (3, {"target_score": "10"}, "first"),
    "portfolio": (2, {"trades": False}, "last"),
    "nacho-loco": (2, {}, "first"),
}


#: This seat's numbered choices (a folded <details>, so attached, not visible) and the view's
#: step, read at one moment; null once the game is over.
LOOK = """() => document.querySelector('#actions .result') ? null : {
    seq: document.getElementById('table').dataset.seq || '',
    count: document.querySelectorAll('#numbered:not([hidden]) li').length,
}"""

#: The view has moved on from step ``seq`` (null: from any) and this seat has choices again, or
#: the game is over.
NEXT = """(seq) => !!document.querySelector('#actions .result')
    || (document.getElementById('table').dataset.seq !== seq
        && !!document.querySelector('#numbered:not([hidden]) li'))"""


def play_by_keyboard(page: Page, pick: str, max_decisions: int = 1_500) -> int:
    """Make every decision of this seat by a choice's number and Enter until the game ends;
    return how many were made. Every wait is bounded: keys the page has not acted on within
    10 s are typed again, and the game may take at most ``max_decisions`` decisions. One read
    and one wait per decision (few round trips: the test runs on a loaded machine)."""
    decisions = 0
    seq: str | None = None
    retries = 0
    while decisions <= max_decisions and retries < 20:
        try:
            page.wait_for_function(NEXT, arg=seq, timeout=10_000)
        except PlaywrightTimeoutError:
            retries += 1  # the keys were not acted on (the view changed under them): again
            seq = None
            page.keyboard.press("Escape")
            continue
        if seq is not None:
            decisions += 1
        look = page.evaluate(LOOK)
        if look is None:
            return decisions
        if not look["count"]:
            seq = None  # redrawn between the wait and the look: wait again
            continue
        page.keyboard.type(str(1 if pick == "first" else look["count"]))
        page.keyboard.press("Enter")
        seq = look["seq"]
    raise AssertionError(f"the game did not end ({decisions} decisions, {retries} retries)")


@pytest.mark.parametrize("game", list(KEYBOARD_GAMES))
def test_a_whole_game_is_played_with_the_keyboard_alone(
    browser: Browser, live: LiveServer, game: str
) -> None:
    """Every game against random bots: every decision by its number and Enter (as in the
    terminal); the result screen's breakdown agrees with the server; the Rematch button is
    reached with Tab and pressed with Enter and seats the same table again. No mouse after the
    lobby."""
    players, options, pick = KEYBOARD_GAMES[game]
    # Without animations: they are tested elsewhere, and measuring cards before every redraw
    # costs time on a loaded machine.
    page = browser.new_page(viewport={"width": 1200, "height": 900}, reduced_motion="reduce")
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    old = create_table(page, live.url, game, players, options=options)
    moves = play_by_keyboard(page, pick)
    assert moves >= 5, moves  # every game asks this seat for several decisions
    check_breakdown(page, live, old, game)
    press_by_tab(page, "rematch")
    check_rematch(page, live, old)
    assert errors == [], errors
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
