"""Hand-written Score! positions for the rule tests (docs/rules/score.md, "Positions")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.games.score import ScoreState


def singles(counts: Mapping[str, int]) -> list[str]:
    """``{"Red": 3, "Blue": 1}`` as a list of Single names."""
    return [name for name, n in counts.items() for _ in range(n)]


def position(
    hands: Sequence[Mapping[str, int]],
    completes: Sequence[Sequence[str]],
    *,
    pile_top: Sequence[str] = (),
    state: dict[str, Any] | None = None,
    options: dict[str, Any] | None = None,
    extra_zones: dict[str, list[str]] | None = None,
) -> dict[str, Any]:
    """A position. ``pile_top`` lists the next Completes to be drawn, first drawn first; every
    unlisted Complete goes under them."""
    zones: dict[str, list[str]] = {"pile": list(reversed(pile_top))}
    for seat in range(3):
        zones[f"hand:{seat}"] = singles(hands[seat])
        zones[f"completes:{seat}"] = list(completes[seat])
    zones.update(extra_zones or {})
    return {
        "game": "score",
        "num_players": 3,
        "options": options or {},
        "rest": True,
        "state": {"phase": "call", "round": 1, **(state or {})},
        "zones": zones,
    }


def load(data: dict[str, Any]) -> ScoreState:
    state = ScoreState.from_json(data)
    assert isinstance(state, ScoreState)
    return state


def counts(state: ScoreState, seat: int) -> dict[str, int]:
    """The seat's Singles as ``{value: count}``."""
    out: dict[str, int] = {}
    for card in state.zone(f"hand:{seat}"):
        name = state.card_name(card)
        out[name] = out.get(name, 0) + 1
    return out


def commit_all(state: ScoreState, plays: Mapping[int, str]) -> None:
    """Each listed seat commits its face-down choice (checked path)."""
    for seat, text in plays.items():
        state.apply(seat, text)
