"""Your turn: the chime and the browser notification (issue 29). Both are off until turned on,
remembered in the browser; the chime sounds when it becomes your turn, the notification only
once permission is granted and only while the tab is hidden.

Nothing real is played or shown: ``window.AudioContext`` and ``window.Notification`` are
replaced before the page loads (``add_init_script``) by stand-ins that count what the page
asks of them, and ``document.hidden`` reads a flag the test sets. Every wait is bounded, so a
page that never signals fails the test instead of hanging it."""

from __future__ import annotations

import contextlib

from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError

from .test_browser import create_table

STUBS = """
window.__tones = 0;
window.__notes = [];
window.__asked = 0;
window.__hidden = false;
const param = () => ({ value: 0, setValueAtTime() {}, exponentialRampToValueAtTime() {} });
class FakeAudio {
  constructor() { this.state = "running"; this.currentTime = 0; this.destination = {}; }
  createOscillator() {
    return { frequency: param(), connect() {}, start() { window.__tones += 1; }, stop() {} };
  }
  createGain() { return { gain: param(), connect() {} }; }
  resume() { return Promise.resolve(); }
}
window.AudioContext = FakeAudio;
window.webkitAudioContext = FakeAudio;
class FakeNotification {
  constructor(title, options) { window.__notes.push({ title, body: options && options.body }); }
  close() {}
  static get permission() { return localStorage.getItem("fake-permission") || "default"; }
  static requestPermission() {
    window.__asked += 1;
    localStorage.setItem("fake-permission", "granted");
    return Promise.resolve("granted");
  }
}
window.Notification = FakeNotification;
Object.defineProperty(Document.prototype, "hidden", {
  configurable: true, get() { return window.__hidden; },
});
Object.defineProperty(Document.prototype, "visibilityState", {
  configurable: true, get() { return window.__hidden ? "hidden" : "visible"; },
});
"""


def turns(page: Page) -> int:
    return int(page.evaluate("() => Number(document.body.dataset.turns || 0)"))


def play_until_my_turn_comes_back(page: Page) -> None:
    """Play the first offered choice until it has become this seat's turn once more (the
    bot moves in between); at most 60 clicks, each bounded."""
    before = turns(page)
    for _ in range(60):
        if turns(page) > before:
            return
        button = page.locator("[data-action]:visible").first
        # The view may be redrawn under the click, or it is the bot's turn: look again.
        with contextlib.suppress(PlaywrightError):
            button.click(timeout=2_000)
        page.wait_for_timeout(100)
    raise AssertionError("it never became this seat's turn again")


def test_the_chime_and_the_notification_are_off_until_turned_on(
    browser: Browser, server: str
) -> None:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.add_init_script(STUBS)
    page = context.new_page()
    page.set_default_timeout(10_000)
    create_table(page, server, "magic-show")
    expect(page.locator("#sound")).not_to_be_checked()
    expect(page.locator("#notify")).not_to_be_checked()

    play_until_my_turn_comes_back(page)  # off: the title changes, nothing sounds or shows
    assert page.evaluate("() => [window.__tones, window.__notes.length, window.__asked]") == [
        0,
        0,
        0,
    ]

    page.check("#sound")
    play_until_my_turn_comes_back(page)
    assert page.evaluate("() => window.__tones") >= 2  # a chime is two tones
    assert page.evaluate("() => window.__notes.length") == 0

    page.check("#notify")  # asks the browser (the stand-in grants it)
    expect(page.locator("#notify")).to_be_checked()
    assert page.evaluate("() => window.__asked") == 1
    play_until_my_turn_comes_back(page)  # the tab is visible: no notification
    assert page.evaluate("() => window.__notes.length") == 0

    page.evaluate("() => { window.__hidden = true; }")
    play_until_my_turn_comes_back(page)
    notes = page.evaluate("() => window.__notes")
    assert notes and notes[0]["title"] == "Your turn" and "Magic Show" in notes[0]["body"]

    page.reload()  # both choices are remembered; the page opening on a turn signals nothing
    expect(page.locator("#status")).to_have_text("connected")
    expect(page.locator("#sound")).to_be_checked()
    expect(page.locator("#notify")).to_be_checked()
    assert page.evaluate("() => [window.__tones, window.__notes.length]") == [0, 0]
    page.uncheck("#sound")
    page.uncheck("#notify")
    play_until_my_turn_comes_back(page)
    assert page.evaluate("() => [window.__tones, window.__notes.length]") == [0, 0]
    context.close()


def test_a_refused_permission_leaves_notifications_off(browser: Browser, server: str) -> None:
    context = browser.new_context()
    context.add_init_script(
        STUBS.replace('localStorage.setItem("fake-permission", "granted");', "").replace(
            'Promise.resolve("granted")', 'Promise.resolve("denied")'
        )
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    create_table(page, server, "magic-show")
    page.click("#notify")
    expect(page.locator("#turn-note")).to_contain_text("blocked")
    expect(page.locator("#notify")).not_to_be_checked()
    context.close()
