"""The table page speaks protocol 2 of the wire format (docs/web.md): after the whole view it
applies each ``update`` (``static/patch.js``), and when one is missing it asks for the whole
view again (``sync``) and goes on. The page counts both on ``body[data-updates]`` and
``body[data-resyncs]``. Whatever the bots play, this page clicks its first choice."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Browser, Error, Page, WebSocketRoute

from .test_browser import create_table
from .test_moves_seen import move_steps


def counted(page: Page, what: str) -> int:
    return int(page.evaluate(f"() => Number(document.body.dataset.{what} || 0)"))


def play_until_updates(page: Page, updates: int, max_clicks: int = 60) -> None:
    """Click the first offered choice until the page has applied ``updates`` updates."""
    for _ in range(max_clicks):
        if counted(page, "updates") >= updates:
            return
        page.wait_for_selector("[data-action]:visible, #actions .result", timeout=20_000)
        if page.locator("#actions .result").count():
            break
        try:
            page.locator("[data-action]:visible").first.click(timeout=2_000)
        except Error:  # redrawn under the click: look again
            continue
    assert counted(page, "updates") >= updates, counted(page, "updates")


def test_the_page_applies_updates_without_resyncing(browser: Browser, server: str) -> None:
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    create_table(page, server, "score", 3)
    play_until_updates(page, 8)
    assert counted(page, "resyncs") == 0
    steps = move_steps(page)
    assert steps == list(range(1, len(steps) + 1)), steps
    assert not errors, errors


def test_a_missed_update_makes_the_page_resync(browser: Browser, server: str) -> None:
    """The third update the server sends is dropped on its way to the page: the next one's
    ``v`` shows the gap, the page sends ``sync``, gets its whole view and applies the updates
    after it; its log still has every move."""
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    seen: dict[str, Any] = {"updates": 0, "dropped": None, "syncs": 0}

    def route(ws: WebSocketRoute) -> None:
        server_side = ws.connect_to_server()

        def from_server(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "update":
                seen["updates"] += 1
                if seen["updates"] == 3:
                    seen["dropped"] = data["v"]
                    return
            ws.send(message)

        def from_page(message: str | bytes) -> None:
            if json.loads(message).get("type") == "sync":
                seen["syncs"] += 1
            server_side.send(message)

        server_side.on_message(from_server)
        ws.on_message(from_page)

    page.route_web_socket(re.compile(r"/api/tables/[0-9a-f]+/ws"), route)
    create_table(page, server, "score", 3)
    play_until_updates(page, 8)
    assert seen["dropped"] is not None
    assert counted(page, "resyncs") >= 1 and seen["syncs"] >= 1, seen
    steps = move_steps(page)
    assert steps == list(range(1, len(steps) + 1)), steps
    assert not errors, errors
