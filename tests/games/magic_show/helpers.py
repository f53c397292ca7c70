"""Building hand-written Magic Show positions and stepping through windows in tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.games.magic_show import MagicShowState
from cardtable.games.magic_show.cards import NAMES


def position(
    hand0: Sequence[str],
    hand1: Sequence[str],
    *,
    pile0: Sequence[str] = (),
    pile1: Sequence[str] = (),
    deck: Sequence[str] | None = None,
    discard: Sequence[str] = (),
    state: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A position as JSON. With ``deck=None`` the unlisted cards form a shuffled deck; with an
    explicit deck (last card on top) the unlisted cards go to the discard pile."""
    zones: dict[str, list[str]] = {
        "hand:0": list(hand0),
        "hand:1": list(hand1),
        "pile:0": list(pile0),
        "pile:1": list(pile1),
        "discard": list(discard),
    }
    data: dict[str, Any] = {"game": "magic-show", "num_players": 2, "state": state or {}}
    if deck is None:
        data["rest"] = True
    else:
        zones["deck"] = list(deck)
        used = {n for cards in zones.values() for n in cards}
        zones["discard"] += [n for n in NAMES if n not in used]
    data["zones"] = zones
    return data


def load(data: dict[str, Any]) -> MagicShowState:
    """The state of a JSON position (through the class, not the registry)."""
    state = MagicShowState.from_json(data)
    assert isinstance(state, MagicShowState)
    return state


def play(state: MagicShowState, red: str, black: str) -> None:
    """Both seats commit a card face down (Red first)."""
    state.apply(0, f"play {red}")
    state.apply(1, f"play {black}")


def let_all(state: MagicShowState) -> list[int]:
    """Answer 'let it resolve' at every window until a commit, buffet or the end; the askers."""
    asked = []
    while state.phase == "stop":
        seat = state.to_act()[0]
        asked.append(seat)
        state.apply(seat, "let it resolve")
    return asked


def zone(state: MagicShowState, name: str) -> list[str]:
    """Card names of a zone, in zone order."""
    return [NAMES[c] for c in state.zone(name)]


def let_until(state: MagicShowState, card: str) -> None:
    """Answer 'let it resolve' until the window of ``card`` opens (its first question)."""
    while state.phase == "stop" and state.resolving != card:
        state.apply(state.to_act()[0], "let it resolve")
    assert state.resolving == card, f"{card} never came up (phase {state.phase})"


def new_game(seed: int) -> MagicShowState:
    """A freshly dealt game, typed as a Magic Show state."""
    state = MagicShowState.new(2, seed)
    assert isinstance(state, MagicShowState)
    return state
