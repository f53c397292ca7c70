"""The table's chat in a real browser (issue 29): one seat writes, the other seat and a
spectator read it as text (markup stays text), a quick reaction goes the other way, the
spectator is told it may only read, and the page with the chat passes the axe audit."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from .conftest import LiveServer
from .test_accessibility import audit
from .test_browser import SHOTS

#: Markup a person might type: it must show as these characters, never become an element.
MARKUP = '<img src=x onerror="window.pwned=1"> hello & <b>bye</b>'


def test_one_seat_writes_the_other_reads_and_a_spectator_watches(
    browser: Browser, live: LiveServer
) -> None:
    first = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
    first.set_default_timeout(15_000)
    first.goto(live.url + "/")
    first.wait_for_selector("#game option", state="attached")
    first.select_option("#game", "magic-show")
    first.select_option("#seat-1", "human")
    first.click("button[type=submit]")
    first.wait_for_url(re.compile(r"/t/[0-9a-f]+$"))
    url = first.url
    second = browser.new_context().new_page()
    second.set_default_timeout(15_000)
    second.goto(url)
    second.fill("#join-name", "Bo")
    second.click("#join button")
    expect(second.locator("#title")).to_contain_text("you are seat 1")
    expect(first.locator("#chat-form")).to_be_visible()

    first.fill("#chat-text", MARKUP)
    first.press("#chat-text", "Enter")
    line = second.locator("#chat-log .chat-line")
    expect(line).to_have_count(1)
    expect(line).to_have_text(f"Guest (seat 0): {MARKUP}")
    assert second.locator("#chat-log img, #chat-log b").count() == 0
    assert second.evaluate("() => window.pwned") is None
    expect(first.locator("#chat-text")).to_have_value("")
    expect(first.locator("#chat-log .chat-line.mine")).to_have_count(1)
    # Typing in the chat never plays a card: the keys of keyboard play stay in the input.
    seq = first.locator("#table").get_attribute("data-seq")
    first.fill("#chat-text", "")
    first.type("#chat-text", "1")
    first.press("#chat-text", "Enter")
    expect(first.locator("#chat-log .chat-line")).to_have_count(2)
    assert first.locator("#table").get_attribute("data-seq") == seq

    second.click("#chat-reactions button[data-reaction=gg]")
    reaction = first.locator("#chat-log .chat-line.reaction")
    expect(reaction).to_have_text(re.compile(r"Bo \(seat 1\) .*Good game"))

    watcher = browser.new_context().new_page()
    watcher.set_default_timeout(15_000)
    watcher.goto(url)
    expect(watcher.locator("#chat-log .chat-line")).to_have_count(3)
    expect(watcher.locator("#chat-form")).to_be_hidden()
    expect(watcher.locator("#chat-note")).to_contain_text("Spectators read the chat")

    found = audit(first)  # the page with messages, reactions and the form
    assert found == [], found
    first.locator("#chat").screenshot(path=str(SHOTS / "chat.png"))
    for page in (first, second, watcher):
        page.context.close()
