"""End to end in a real browser: every game from the lobby to the last click, two people at one
table without seeing each other's cards, a reconnect, and a phone-sized screen."""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from pathlib import Path

from playwright.sync_api import Browser, Error, Page, expect

from .conftest import LiveServer

#: The game views are photographed on every run; only `make screenshots`
#: (CARDTABLE_SCREENSHOTS=1) writes them into the docs, so a test run leaves the checkout clean.
SHOTS = (
    Path(__file__).resolve().parents[2] / "docs" / "screenshots"
    if os.environ.get("CARDTABLE_SCREENSHOTS") == "1"
    else Path(tempfile.gettempdir()) / "cardtable-screenshots"
)
SHOTS.mkdir(parents=True, exist_ok=True)


def create_table(
    page: Page,
    server: str,
    game: str,
    players: int | None = None,
    timer: int | None = None,
    options: dict[str, bool | str] | None = None,
) -> str:
    """Create a table from the lobby (this page at seat 0, the lobby's default bots elsewhere);
    ``options`` set the game's options as the lobby offers them (a checkbox or a list)."""
    page.goto(server + "/")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", game)
    if players is not None:
        page.select_option("#players", str(players))
    if timer is not None:
        page.select_option("#timer", str(timer))
    if options:
        page.click("summary:text('Options')")  # the options are folded away
    for name, value in (options or {}).items():
        if isinstance(value, bool):
            page.set_checked(f"#opt-{name}", value)
        else:
            page.select_option(f"#opt-{name}", value)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/t/[0-9a-f]+$"))
    return page.url.rsplit("/", 1)[1]


def click_until_over(page: Page, max_clicks: int) -> int:
    """Click the first offered action (a card or target on the board, or a button) until the
    game ends or ``max_clicks`` were made."""
    clicks = 0
    while clicks < max_clicks:
        page.wait_for_selector("[data-action], #actions .result", timeout=20_000)
        if page.locator("#actions .result").count():
            return clicks
        button = page.locator("[data-action]:visible").first
        try:
            button.click(timeout=2_000)
            clicks += 1
        except Exception:  # the view was replaced under the click: look again
            continue
    return clicks


def test_a_short_game_is_played_to_its_end(browser: Browser, server: str) -> None:
    page = browser.new_page()
    create_table(page, server, "magic-show")
    click_until_over(page, max_clicks=400)
    expect(page.locator("#actions .result h2")).to_have_text("Game over")
    page.close()


def test_two_people_never_see_each_others_hands(browser: Browser, live: LiveServer) -> None:
    first = browser.new_context().new_page()
    page = first
    page.goto(live.url + "/")
    page.wait_for_selector("#game option", state="attached")
    page.select_option("#game", "magic-show")
    page.select_option("#seat-1", "human")
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/t/[0-9a-f]+$"))
    url = page.url
    second = browser.new_context().new_page()
    second.goto(url)
    second.click("#join button")
    expect(second.locator("#title")).to_contain_text("you are seat 1")
    expect(first.locator("[data-action]").first).to_be_visible()
    expect(second.locator("[data-action]").first).to_be_visible()
    table_id = url.rsplit("/", 1)[1]
    state = live.service.get(table_id).state  # the server's truth, never sent to a page
    hands = [[state.card_name(c) for c in state.zone(f"hand:{s}")] for s in (0, 1)]
    for page, other in ((first, 1), (second, 0)):
        text = page.content()
        for card in hands[other]:
            assert f'data-card="{card}"' not in text, f"seat {1 - other} sees {card}"
        own = hands[1 - other]
        assert all(f'data-card="{c}"' in text for c in own), "the page shows its own hand"
    first.context.close()
    second.context.close()


def test_reload_reconnects_to_the_same_seat(browser: Browser, server: str) -> None:
    page = browser.new_page()
    create_table(page, server, "score")
    expect(page.locator("#title")).to_contain_text("you are seat 0")
    page.reload()
    expect(page.locator("#status")).to_have_text("connected")
    expect(page.locator("#title")).to_contain_text("you are seat 0")
    page.close()


def test_replay_steps_through_a_finished_game(browser: Browser, server: str) -> None:
    page = browser.new_page()
    create_table(page, server, "magic-show")
    page.fill("#chat-text", "good luck")  # the replay shows the chat too
    page.press("#chat-text", "Enter")
    expect(page.locator("#chat-log .chat-line")).to_have_count(1)
    click_until_over(page, max_clicks=400)
    expect(page.locator("#actions .result h2")).to_have_text("Game over")
    expect(page.locator("#actions .result .winner")).not_to_be_empty()
    page.click("text=Replay this game")
    page.wait_for_url(re.compile(r"/t/[0-9a-f]+/replay\?seat=0$"))
    expect(page.locator("#position")).to_contain_text("step 0 of")
    expect(page.locator("#move")).to_have_text("The deal.")
    expect(page.locator("#back")).to_be_disabled()
    page.click("#forward")
    expect(page.locator("#position")).to_contain_text("step 1 of")
    expect(page.locator("#move")).not_to_have_text("The deal.")
    page.keyboard.press("End")
    expect(page.locator("#result h2")).to_have_text("Game over")
    expect(page.locator("#chat-log .chat-line")).to_have_text("Guest (seat 0): good luck")
    expect(page.locator("#forward")).to_be_disabled()
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#result h2")).to_have_count(0)
    page.locator("#step").fill("3")
    expect(page.locator("#position")).to_contain_text("step 3 of")
    moves = page.locator("#log li.move")  # numbered as the steps, like the live table's log
    expect(moves).to_have_count(3)
    expect(moves.last).to_have_attribute("data-step", "3")
    expect(moves.last).to_contain_text("3. ")
    page.click("text=spectator")
    expect(page.locator("#title")).to_contain_text("as a spectator")
    page.goto(server + "/")
    expect(page.locator("#finished a", has_text="replay").first).to_be_visible()
    page.close()


def test_a_game_without_its_own_view_gets_the_generic_one(browser: Browser, server: str) -> None:
    page = browser.new_page()
    page.goto(server + "/")
    same = page.evaluate(
        """async () => {
            const views = await import('/static/views/index.js');
            const loco = await views.loadView('no-such-game');
            const bad = await views.loadView('../table');
            const pf = await views.loadView('portfolio');
            return [loco === views.generic, bad === views.generic, pf !== views.generic];
        }"""
    )
    assert same == [True, True, True]
    page.close()


def test_the_turn_timer_counts_down_on_the_page(browser: Browser, server: str) -> None:
    page = browser.new_page()
    create_table(page, server, "score", timer=30)
    expect(page.locator("#timer")).to_have_text(re.compile(r"^ ?(30|2\d)s$"))
    expect(page.locator("#timer svg.icon")).to_be_visible()  # the clock, drawn in SVG
    page.close()


def click_to_hint_button(page: Page, max_clicks: int = 40) -> None:
    """Play the only choice of each decision that has one (no hint is offered there; a Piece
    of the Action hand without a +/- card can only decline) until the Hint button shows; click it.
    """
    hint = page.locator("#hint-button")
    for _ in range(max_clicks):
        page.wait_for_selector("#hint-button, [data-action]:visible", timeout=20_000)
        if hint.count():
            hint.click()
            return
        with contextlib.suppress(Error):
            page.locator("[data-action]:visible").first.click(timeout=2_000)
        page.wait_for_timeout(100)
    raise AssertionError(f"no decision with a hint in {max_clicks} clicks")


def test_the_turn_timer_counts_on_after_a_hint(browser: Browser, server: str) -> None:
    """The page stops its countdown while a hint is worked out and counts on once the answer
    is in (tests/server/test_hints.py checks the server's side of the pause)."""
    page = browser.new_page()
    create_table(page, server, "piece-of-the-action", timer=30)
    click_to_hint_button(page)
    expect(page.locator("#hints tbody tr").first).to_be_visible()
    expect(page.locator("#timer")).to_have_text(re.compile(r"^ ?(30|2\d)s$"))
    expect(page.locator("#timer svg.icon")).to_be_visible()  # the clock, drawn in SVG
    page.close()


def test_a_hint_rates_the_choices_and_plays_one(browser: Browser, server: str) -> None:
    page = browser.new_page()
    create_table(page, server, "piece-of-the-action")
    click_to_hint_button(page)
    rows = page.locator("#hints tbody tr")
    expect(rows.first).to_be_visible()
    texts = rows.locator("button").evaluate_all("(bs) => bs.map((b) => b.dataset.action)")
    assert len(texts) >= 2 and len(set(texts)) == len(texts), "one row per choice"
    expect(rows.first.locator("td").nth(2)).to_have_text(re.compile(r"^\d+%$"))
    seq = page.locator("#table").get_attribute("data-seq")
    rows.first.locator("button").click()
    expect(page.locator("#table")).not_to_have_attribute("data-seq", seq or "")
    page.close()
