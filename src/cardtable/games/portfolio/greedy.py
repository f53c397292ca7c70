"""A rule-of-thumb Portfolio player, from its seat's observation only.

* **Draw**: buy as many cards as this turn's income allows while keeping at least half of it;
  claim the pauper's rule when it may.
* **Take the discard top** when it fits a run in your hand or extends one of your portfolios.
* **Build**: make the longest portfolio you can; extend your portfolios; cap valuable ones ($5+).
* **Attack exposed ends**: acquire when you can afford it, else neutralize the richest rival
  portfolio you can reach.
* **Trade** (when the table trades, PF-R10): offer a card you need least and a few dollars for
  a card that raises your worth; accept an offer when it raises your worth by more than it
  seems to help the proposer, never handing over a card that opens your portfolio to attack
  (:mod:`.greedy_trade`).
* **Discard** the card that is furthest from any run of your suit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.core import Action, Rng
from cardtable.games.portfolio import greedy_trade
from cardtable.games.portfolio import notation as n
from cardtable.games.portfolio.cards import FACE_INDEX, draw_cost

_PRIORITY = (
    ("acquire", "take over a rival's portfolio at its exposed top"),
    ("make", "lay the longest new portfolio you hold"),
    ("extend", "grow your own portfolio"),
    ("neutralize", "knock out a rival's portfolio at its exposed bottom"),
)


def _run_length(action: Action) -> int:
    return action.data.int_arg("high") - action.data.int_arg("low") + 1


def _isolation(name: str, hand: list[str]) -> int:
    """How many cards of the same suit within two ranks the hand holds (lower = more alone)."""
    rank, suit = FACE_INDEX[name] // 4, name[-1]
    return sum(
        1
        for other in hand
        if other != name and other[-1] == suit and abs(FACE_INDEX[other] // 4 - rank) <= 2
    )


def _draw(public: Mapping[str, Any], legal: Sequence[Action]) -> tuple[Action, str]:
    income = int(public["income"])
    draws = sorted((a for a in legal if a.id < n.PAUPER), key=lambda a: -a.id)
    for action in draws:
        if draw_cost(action.id + 1) * 2 <= income:
            return action, "buy cards with up to half of this turn's income"
    return draws[-1], "income too small to buy cards"


def _act(obs: Mapping[str, Any], legal: Sequence[Action]) -> tuple[Action, str]:
    public = obs["public"]
    for kind, why in _PRIORITY:
        options = [a for a in legal if a.data.kind == kind]
        if kind == "make" and options:
            return max(options, key=_run_length), why
        if options:
            return options[0], why
    aces = [a for a in legal if a.data.kind == "acquire_with"]
    if aces:
        return aces[0], "an Ace of its colour takes a King-headed portfolio"
    valuable = {p["slot"] for p in public["portfolios"] if p["value"] >= 5}
    caps = [a for a in legal if a.data.kind == "cap" and a.data.int_arg("portfolio") in valuable]
    if caps:
        return caps[0], "protect a valuable portfolio with a cap"
    offer = greedy_trade.propose(obs, legal)
    if offer is not None:
        return offer
    end = [a for a in legal if a.id == n.END_ACTIONS]
    return end[0], "nothing more worth doing this turn"


def greedy(obs: Mapping[str, Any], legal: Sequence[Action], rng: Rng) -> tuple[Action, str]:
    """The rule-of-thumb choice and why, in one line."""
    public = obs["public"]
    phase = public["phase"]
    if phase == "draw":
        pauper = [a for a in legal if a.id == n.PAUPER]
        if pauper:
            return pauper[0], "no portfolio yet: two cards for free"
        return _draw(public, legal)
    if phase == "source":
        stock = [a for a in legal if a.id == n.FROM_STOCK]
        if stock:
            return stock[0], "fresh cards from the stock"
        return legal[0], "the stock cannot give every card bought: the discard top first"
    if phase == "actions":
        return _act(obs, legal)
    if phase == "respond":
        return greedy_trade.answer(obs, legal)
    if phase == "offer":
        return greedy_trade.build(obs, legal)
    if phase == "open":
        offer = greedy_trade.propose(obs, legal)
        if offer is not None:
            return offer
        quiet = [a for a in legal if a.id == n.NO_OFFER]
        return quiet[0], "no trade worth offering"
    hand = [c for c in obs["zones"][f"hand:{obs['seat']}"] if c]
    best = min(legal, key=lambda a: (_isolation(a.data.str_arg("card"), hand), a.id))
    return best, "discard the card furthest from any run of its suit"
