"""Every move seen at the table: each move of every seat (bots' too) in the log, numbered as the
replay numbers steps, each seat's latest move marked until it moves again; keyboard play, the
your-turn title, the SVG icons and favicon, and animations that can be turned off."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Error, Page, expect

from .test_browser import create_table
from .test_card_moves import click_some

#: game → players (seat 0 is this page, the others the lobby's default bots)
GAMES = {
    "piece-of-the-action": 3,
    "magic-show": 2,
    "score": 3,
    "portfolio": 3,
    "nacho-loco": 2,
}

BOT_MOVE = '#players .player[data-seat="1"] .last-move'

#: Seat 1's latest move in its panel and its line marked in the log, read at one moment (a bot
#: may move again at any time).
READ_MARKS = """() => {
    const mark = document.querySelector('#players .player[data-seat="1"] .last-move');
    const step = mark.dataset.step;
    const line = document.querySelector(`#log li.move.last[data-seat="1"][data-step="${step}"]`);
    const marked = [...document.querySelectorAll('#log li.move.last[data-seat="1"]')];
    return {
        mark: mark.textContent, step: Number(step), line: line ? line.textContent : null,
        marked: marked.map((l) => Number(l.dataset.step)),
    };
}"""


def play_until(page: Page, selector: str, max_clicks: int = 40) -> None:
    """Click the first offered choice until ``selector`` shows (or the game ends)."""
    for _ in range(max_clicks):
        page.wait_for_selector(
            f"[data-action]:visible, #actions .result, {selector}", timeout=20_000
        )
        if page.locator(selector).count() or page.locator("#actions .result").count():
            return
        try:
            page.locator("[data-action]:visible").first.click(timeout=2_000)
        except Error:  # redrawn under the click: look again
            continue
    raise AssertionError(f"{selector} never showed")


def move_steps(page: Page) -> list[int]:
    steps = page.locator("#log li.move").evaluate_all("ls => ls.map(l => l.dataset.step)")
    return [int(s) for s in steps]


@pytest.mark.parametrize("game", list(GAMES))
def test_a_bots_move_is_in_the_log_and_highlighted(
    browser: Browser, server: str, game: str
) -> None:
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    create_table(page, server, game, GAMES[game])
    play_until(page, BOT_MOVE)
    seen = page.evaluate(READ_MARKS)
    step, text = seen["mark"].split(". ", 1)
    assert seen["line"], f"seat 1's latest move {seen['mark']!r} is not marked in the log"
    assert seen["line"].startswith(f"{step}. ") and "(seat 1):" in seen["line"]
    assert seen["marked"] == [seen["step"]], seen  # marked once, at its newest move
    # The log shows the move in words (Magic Show draws its cards as glyphs: compare loosely).
    if game != "magic-show":
        assert seen["line"].endswith(text), seen
    # Every move so far is in the log, numbered 1, 2, … without a gap, one marked per seat.
    steps = move_steps(page)
    assert steps == list(range(1, len(steps) + 1)), steps
    for seat in range(GAMES[game]):
        assert page.locator(f'#log li.move.last[data-seat="{seat}"]').count() <= 1
    assert not errors, errors
    page.close()


def test_moves_are_numbered_like_the_replay_and_marks_follow_each_seat(
    browser: Browser, server: str
) -> None:
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    create_table(page, server, "piece-of-the-action", 3)
    play_until(page, '#players .player[data-seat="2"] .last-move')
    play_until(page, BOT_MOVE)
    first = int((page.locator(BOT_MOVE).get_attribute("data-step")) or 0)
    # Play on until seat 1 has moved again: its mark moves to its newer move.
    for _ in range(40):
        now = page.locator(BOT_MOVE).get_attribute("data-step")
        if now and int(now) > first:
            break
        try:
            page.locator("[data-action]:visible").first.click(timeout=2_000)
        except Error:
            continue
    else:
        raise AssertionError("seat 1 never moved again")
    seen = page.evaluate(READ_MARKS)
    assert seen["step"] > first
    assert seen["marked"] == [seen["step"]], seen  # only its newest move, not the older one
    page.close()


def test_keyboard_numbers_enter_and_hint(browser: Browser, server: str) -> None:
    page = browser.new_page()
    create_table(page, server, "magic-show", 2)
    expect(page).to_have_title(re.compile(r"^Your turn · Magic Show"))
    page.keyboard.press("h")
    expect(page.locator("#hints, #hint-thinking").first).to_be_visible()
    expect(page.locator("#hints")).to_be_visible(timeout=20_000)
    page.keyboard.press("1")
    chosen = page.locator("#numbered li.kbd-chosen")
    expect(chosen).to_have_count(1)
    text = (chosen.text_content() or "").removeprefix("1. ")
    expect(page.locator("#keys")).to_contain_text(f"Choice 1: {text}")
    expect(page.locator(f'#board [data-action="{text}"]')).to_have_class(re.compile("kbd-chosen"))
    page.keyboard.press("Enter")
    expect(page.locator('#log li.move[data-seat="0"]').first).to_contain_text("(seat 0): play ")
    expect(page.locator("#keys")).not_to_contain_text("Choice")
    page.close()


def test_let_it_resolve_is_one_button_and_enter(browser: Browser, server: str) -> None:
    """Magic Show's stop window (MS-R4): the same default button with or without an Ace."""
    page = browser.new_page()
    create_table(page, server, "magic-show", 2)
    answered = 0
    for _ in range(60):
        page.wait_for_selector("[data-action]:visible, #actions .result", timeout=20_000)
        if page.locator("#actions .result").count():
            break
        resolve = page.locator("#board [data-default]")
        if resolve.count():
            expect(resolve).to_have_attribute("data-action", "let it resolve")
            expect(page.locator("#keys")).to_contain_text("Enter alone: let it resolve")
            seq = page.locator("#table").get_attribute("data-seq")
            page.keyboard.press("Enter")
            expect(page.locator("#table")).not_to_have_attribute("data-seq", seq or "")
            answered += 1
            if answered == 3:
                break
            continue
        try:
            page.locator("[data-action]:visible").first.click(timeout=2_000)
        except Error:
            continue
    assert answered >= 1, "never asked to let a card resolve"
    expect(page.locator("#log")).to_contain_text("let it resolve")
    page.close()


def test_icons_are_svg_favicon_is_served_and_score_names_seats(
    browser: Browser, server: str
) -> None:
    page = browser.new_page()
    create_table(page, server, "score", 3, timer=60)
    expect(page.locator("#timer svg.icon")).to_be_visible()
    assert "⏱" not in (page.locator("#timer").text_content() or "")
    href = page.locator("link[rel=icon]").get_attribute("href") or ""
    assert page.request.get(server + href).headers["content-type"].startswith("image/svg")
    expect(page.locator("#board")).to_contain_text("seat 1")
    assert not page.locator("#board h3").filter(has_text=re.compile(r"^[ABC] —")).count()
    page.close()


#: The animations at one moment: the flash on the newest move's marks (panel and log) and how
#: many cards have slid to a new place so far.
READ_MOTION = """() => ({
    flashes: [...document.querySelectorAll('.newest')]
        .map((e) => getComputedStyle(e).animationName),
    slid: Number(document.getElementById('table').dataset.animated || 0),
})"""


@pytest.mark.parametrize("game", list(GAMES))
def test_animations_can_be_turned_off_and_honour_reduced_motion(
    browser: Browser, server: str, game: str
) -> None:
    """Every game: the newest move flashes and this seat's cards slide to their new place; the
    switch turns both off (and is remembered), and so does a system asking for reduced motion.
    This seat plays a card whenever it can, so a card moves whatever the bots do."""
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    create_table(page, server, game, GAMES[game])
    click_some(page, 40, until_animated=True)
    page.wait_for_selector("#players .last-move.newest")
    seen = page.evaluate(READ_MOTION)
    assert seen["slid"] > 0, f"no {game} card slid to its new place"
    assert "flash" in seen["flashes"] and set(seen["flashes"]) == {"flash"}, seen
    page.uncheck("#motion")
    assert set(page.evaluate(READ_MOTION)["flashes"]) == {"none"}
    before = page.evaluate(READ_MOTION)["slid"]
    click_some(page, 6)
    page.wait_for_selector("#players .last-move.newest")
    seen = page.evaluate(READ_MOTION)
    assert seen["slid"] == before and set(seen["flashes"]) == {"none"}, (before, seen)
    page.reload()
    expect(page.locator("#motion")).not_to_be_checked()  # remembered in this browser
    page.wait_for_selector("#players .last-move.newest")
    assert set(page.evaluate(READ_MOTION)["flashes"]) == {"none"}
    page.close()
    calm = browser.new_page(reduced_motion="reduce", viewport={"width": 1200, "height": 900})
    create_table(calm, server, game, GAMES[game])
    expect(calm.locator("#motion")).to_be_checked()  # the switch is on: the system says no
    click_some(calm, 6)
    calm.wait_for_selector("#players .last-move.newest")
    seen = calm.evaluate(READ_MOTION)
    assert seen["slid"] == 0 and set(seen["flashes"]) == {"none"}, seen
    calm.close()


def test_log_moves_carry_their_data_only_where_the_seat_may_read_it(
    browser: Browser, server: str
) -> None:
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    create_table(page, server, "magic-show", 2)
    play_until(page, '#log li.move[data-seat="0"]')
    page.wait_for_selector('#log li.move[data-seat="1"]')
    lines = page.locator("#log li.move").evaluate_all(
        "ls => ls.map(l => [l.dataset.seat, l.dataset.kind || null, l.textContent])"
    )
    mine = [kind for seat, kind, _ in lines if seat == "0"]
    hidden = [kind for seat, kind, text in lines if seat == "1" and "face down" in text]
    assert mine and all(mine), lines  # this seat reads its own moves' kinds
    assert hidden and not any(hidden), lines  # the other's face-down card gives no data
    page.close()
