"""The terminal view shows what a player needs, as plain text (Rich markup must not eat it)."""

from __future__ import annotations

from rich.console import Console

from cardtable.core import load_state
from cardtable.games.piece_of_the_action.render import render


def plain(markup: str) -> str:
    console = Console(width=120, color_system=None, record=True)
    console.print(markup)
    return console.export_text()


def test_view_names_marker_leader_colours_and_deal_value() -> None:
    state = load_state(
        {
            "game": "piece-of-the-action",
            "num_players": 3,
            "rest": True,
            "zones": {
                "centre": ["red+3", "red+4"],
                "pota:1": ["red-pota"],
                "hand:0": ["blue+2", "red-move2", "green-pota"],
                "xcards": ["x"],
            },
            "state": {"phase": "deal", "leader": 2, "marker": 2, "colour": "red", "actor": 0},
        }
    )
    text = plain(render(state.observation(0)))
    assert "(marker, LEADER)" in text
    assert "Deal colour red, Leader seat 2" in text
    assert "+7 -> value +15" in text  # (3 + 4) x 2 = 14, rounded to 15
    assert "blue: +2" in text
    assert "red: Move 2" in text
    assert "green: POTA" in text
    seat1 = next(line for line in text.splitlines() if "seat 1:" in line)
    assert "POTA" in seat1
