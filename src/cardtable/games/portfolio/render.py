"""Terminal text of a Portfolio observation: every portfolio with owner, cards, caps and value,
money and income of each seat, your hand by suit, the discard top and whose turn it is."""

from __future__ import annotations

from typing import Any

from cardtable.games.portfolio.cards import FACE_INDEX, SUITS

_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def _card(name: str) -> str:
    suit = name[-1]
    text = f"{name[:-1]}{_SYMBOL[suit]}"
    return f"[red]{text}[/red]" if suit in "DH" else text


def _who(seat: int, viewer: int | None) -> str:
    return "you" if seat == viewer else f"seat {seat}"


def _portfolio_lines(obs: dict[str, Any]) -> list[str]:
    """Run cards, value and caps; the zone lists the run, then the low cap, then the high cap."""
    viewer, lines = obs["seat"], []
    for entry in obs["public"]["portfolios"]:
        cards = [c for c in obs["zones"][f"pf:{entry['slot']}"] if c is not None]
        ncaps = int(entry["capped_low"]) + int(entry["capped_high"])
        run, caps = cards[: len(cards) - ncaps], cards[len(cards) - ncaps :]
        labels = []
        if entry["capped_low"]:
            labels.append(f"low cap {_card(caps.pop(0))}")
        if entry["capped_high"]:
            labels.append(f"high cap {_card(caps.pop(0))}")
        lines.append(
            f"  pf{entry['slot']} ({_who(entry['owner'], viewer)}): "
            f"{' '.join(_card(c) for c in run)} — ${entry['value']}, "
            + (", ".join(labels) or "no caps")
        )
    return lines or ["  (no portfolios yet)"]


def _hand_line(obs: dict[str, Any]) -> str:
    viewer = obs["seat"]
    if viewer is None:
        return ""
    hand = sorted(
        (c for c in obs["zones"][f"hand:{viewer}"] if c), key=lambda n: (n[-1], FACE_INDEX[n])
    )
    groups = []
    for suit in SUITS:
        cards = [_card(c) for c in hand if c[-1] == suit]
        if cards:
            groups.append(" ".join(cards))
    return f"[bold]Your hand ({len(hand)}):[/bold] " + "   ".join(groups)


def render(obs: dict[str, Any]) -> str:
    public, viewer = obs["public"], obs["seat"]
    seats = [
        f"{_who(s, viewer)}: ${public['money'][s]} (income ${public['incomes'][s]}, "
        f"{public['hand_sizes'][s]} cards)"
        for s in range(obs["num_players"])
    ]
    top = public["discard_top"]
    lines = [
        f"[bold]Portfolio[/bold] — stock {public['stock_size']}, discard top "
        f"{_card(top) if top else 'none'}" + (" — FINAL TURNS" if public["final_turn"] else ""),
        "Money: " + "; ".join(seats),
        "Portfolios:",
        *_portfolio_lines(obs),
        _hand_line(obs),
    ]
    if public["offer"]:
        lines.append(f"[bold]Offer on the table:[/bold] {public['offer']}")
    if public["phase"] != "over":
        active = _who(public["deciding"], viewer)
        lines.append(
            f"Now: {active} — {public['phase']} (bought {public['bought']} this turn"
            + (", took the discard top)" if public["took_discard"] else ")")
        )
    return "\n".join(line for line in lines if line)
