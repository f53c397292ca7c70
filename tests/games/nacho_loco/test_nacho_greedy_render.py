"""The rule-of-thumb player's choices (issue 16) and the terminal drawing."""

from __future__ import annotations

from rich.console import Console

from cardtable.agents import decide
from cardtable.agents.greedy_agent import GreedyAgent
from cardtable.core import Rng, get_game, new_state
from cardtable.games.nacho_loco.render import render

from .helpers import FULL_GAP, RING, cell, place_text, position


def _greedy_text(state: object) -> str:
    return decide(GreedyAgent(), state, state.active, Rng(1)).text  # type: ignore[attr-defined,arg-type]


def test_greedy_prefers_the_most_matched_segments() -> None:
    hands = {0: ["R-Y-G", "R-Y-B", "B-X-X"], 1: ["B-X-X"], 2: ["G-X-X"]}
    state = position(3, FULL_GAP, hands)
    assert _greedy_text(state) == place_text(state, "R-Y-G", 1, 0, 0)  # three matches


def test_greedy_targets_the_opponent_closest_to_going_out() -> None:
    hands = {0: ["R-X-D3", "B-X-X"], 1: ["G-X-X", "Y-Y-X", "G-G-X"], 2: ["Y-X-X"]}
    state = position(3, [("R-Y-D3", (0, 0), 0)], hands)
    state.apply(0, place_text(state, "R-X-D3", 0, 1, 0))
    assert _greedy_text(state) == "target seat 2"


def test_greedy_places_a_drawn_card_that_fits() -> None:
    state = position(3, RING, {0: ["B-X-X"], 1: ["G-X-X"], 2: ["Y-X-X"]}, draw=["R-Y-B"])
    state.apply(0, "draw")
    assert _greedy_text(state) == place_text(state, "R-Y-B", 1, 0, 0)


def test_the_drawing_shows_segments_numbers_and_the_hand() -> None:
    state = position(3, RING, {0: ["R-Y-B", "B-X-X"], 1: ["G-X-X"], 2: ["Y-X-X"]})
    console = Console(width=100, record=True, color_system=None)
    console.print(render(state.observation(0)))
    text = console.export_text()
    assert f"{cell(state, 1, 0):>2}" in text  # the open gap is numbered
    assert "╱Y G╲" in text  # the starter R-Y-G in rotation 0: Y on its left, G on its right
    assert "your hand: R-Y-B  B-X-X" in text
    assert "seat 0 places a card" in text


def test_greedy_and_renderer_are_registered() -> None:
    info = get_game("nacho-loco")
    assert info.greedy is not None
    state = new_state("nacho-loco", 2, seed=5)
    assert info.renderer is not None and "round 1" in info.renderer(state.observation(None))
