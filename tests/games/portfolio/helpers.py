"""Hand-written Portfolio positions for the rule tests (docs/rules/portfolio.md, Positions)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.games.portfolio import PortfolioState
from cardtable.games.portfolio.cards import card_tables, decks_for
from cardtable.games.portfolio.table import SLOTS


def position(
    players: int,
    hands: Sequence[Sequence[str]],
    portfolios: Sequence[tuple[int, Sequence[str]]] = (),
    *,
    caps: dict[int, dict[str, str]] | None = None,
    money: Sequence[int] | None = None,
    discard: Sequence[str] = (),
    stock: Sequence[str] | None = None,
    state: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """``portfolios``: (owner, run cards) in slots 0, 1, …; ``caps``: slot -> {"low": card}."""
    zones: dict[str, list[Any]] = {f"hand:{s}": list(h) for s, h in enumerate(hands)}
    owner = [-1] * SLOTS
    for slot, (seat, cards) in enumerate(portfolios):
        owner[slot] = seat
        entries: list[Any] = list(cards)
        for end, card in (caps or {}).get(slot, {}).items():
            entries.append({"card": card, "tag": 1 if end == "low" else 2})
        zones[f"pf:{slot}"] = entries
    zones["discard"] = list(discard)
    data: dict[str, Any] = {
        "game": "portfolio",
        "num_players": players,
        "state": {
            "phase": "actions",
            "active": 0,
            "owner": owner,
            "money": list(money or [6] * players),
            **(state or {}),
        },
        "zones": zones,
    }
    if stock is None:
        data["rest"] = True
    else:
        zones["stock"] = list(stock)
        data["rest"] = True  # the remaining cards go under the listed stock
    return data


def load(data: dict[str, Any]) -> PortfolioState:
    state = PortfolioState.from_json(data)
    assert isinstance(state, PortfolioState)
    return state


def texts(state: PortfolioState, seat: int) -> list[str]:
    return [a.text for a in state.legal_actions(seat)]


def fill(data: dict[str, Any], stock_empty: bool = False, into: str = "discard") -> dict[str, Any]:
    """List every card the position leaves out, in zone ``into`` (by default under the discard
    pile), so that the stock holds exactly the cards listed for it."""
    players = int(data["num_players"])
    names = list(card_tables(decks_for(players))[2])
    zones: dict[str, list[Any]] = data["zones"]
    for cards in zones.values():
        for entry in cards:
            names.remove(entry["card"] if isinstance(entry, dict) else entry)
    if stock_empty:
        zones["stock"] = []
    zones[into] = names + list(zones.get(into, []))
    data["rest"] = False
    return data
