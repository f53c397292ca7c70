"""The rule of thumb trades on purpose (PF-R10, issue 31): it proposes offers that raise its
worth, answers offers by their value, never reads a hidden card, and ``greedy:trade=0`` is the
same player without trades (the ladder's non-trading opponent)."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.agents import decide, make_agent
from cardtable.core import Rng, State, new_state
from cardtable.games.portfolio import PortfolioState, greedy_trade
from tests.agents.test_fairness import twin

from .helpers import load, position

GREEDY = make_agent("greedy")


def trading(data: dict[str, Any]) -> dict[str, Any]:
    data["options"] = {"trades": True}
    return data


def choose(state: State, seat: int, spec: str = "greedy") -> str:
    return decide(make_agent(spec), state, seat, Rng(0)).text


def play_out_offer(state: PortfolioState) -> list[str]:
    """Let the greedy players build, send and answer the offer under way; the texts played."""
    played = []
    while state.phase in ("offer", "respond"):
        seat = state.to_act()[0]
        text = choose(state, seat)
        played.append(text)
        state.apply(seat, text)
    return played


def test_asks_for_the_card_that_completes_its_run_and_pays_enough_to_be_accepted() -> None:
    # Seat 0 holds 5H 6H; seat 1 is known to hold 7H (it took it from the discard pile, say).
    hands: list[list[Any]] = [
        ["5H", "6H", "2S", "KC"],
        ["3C", "9D", {"card": "7H", "seen": [0, 1, 2, 3]}],
        ["4C"],
        ["4D"],
    ]
    state = load(trading(position(4, hands, money=[20, 6, 6, 6])))
    assert choose(state, 0) == "propose trade to seat 1"
    state.apply(0, "propose trade to seat 1")
    played = play_out_offer(state)
    # The card it needs least (2S, as lonely as KC but lower), 7H, dollars, then send.
    assert played[:2] == ["give 2S", "ask 7H"] and played[-2:] == ["send offer", "accept"]
    assert state.trades_done == 1 and state.money[0] < 20
    assert choose(state, 0) == "make 5-7H"


def test_does_not_repeat_an_offer_that_was_just_declined() -> None:
    hands: list[list[Any]] = [
        ["5H", "6H", "2S", "KC"],
        ["3C", "9D", {"card": "7H", "seen": [0, 1]}],
    ]
    # Two seats: the rival wants as much as it gives, so seat 1 declines whatever it is paid.
    state = load(trading(position(2, hands, money=[40, 6])))
    offers = 0
    while state.phase != "discard" and offers < 5:
        text = choose(state, state.to_act()[0])
        offers += text.startswith("propose")
        state.apply(state.to_act()[0], text)
    assert state.phase == "discard" and state.trades_done == 0
    assert offers <= 1


def test_declines_an_offer_for_a_card_it_does_not_hold() -> None:
    state = load(trading(position(3, [["2C", "9H"], ["3C", "KD"], ["4C"]], money=[20, 6, 6])))
    for text in ("propose trade to seat 1", "give 9H", "ask 5S", "give $5", "send offer"):
        state.apply(0, text)
    assert choose(state, 1) == "decline"


def test_never_hands_over_the_card_that_opens_its_portfolio_to_attack() -> None:
    # Seat 1 owns 4-7S; 8S above it would let seat 0 take it over.
    hands = [["2C", "9H"], ["3C", "8S", "KD"], ["4C"]]
    data = position(3, hands, [(1, ["4S", "5S", "6S", "7S"])], money=[40, 6, 6])
    state = load(trading(data))
    for text in ("propose trade to seat 1", "ask 8S", "give $5", "give $5", "give $5"):
        state.apply(0, text)
    state.apply(0, "send offer")
    assert choose(state, 1) == "decline"


def test_accepts_a_card_it_needs_for_one_it_does_not() -> None:
    # Seat 1 holds 9D 10D and no use for KD; seat 0 offers JD for KD.
    hands = [["2C", "JD", "KC"], ["3S", "9D", "10D", "KD"], ["4C"], ["5C"]]
    state = load(trading(position(4, hands, money=[6, 6, 6, 6])))
    for text in ("propose trade to seat 1", "give JD", "ask KD", "send offer"):
        state.apply(0, text)
    assert choose(state, 1) == "accept"


def test_declines_a_bad_bargain() -> None:
    # The same seat 1 is asked for 10D, half of its pair, for a lonely card.
    hands = [["2C", "KC"], ["3S", "9D", "10D"], ["4C"], ["5C"]]
    state = load(trading(position(4, hands, money=[6, 6, 6, 6])))
    for text in ("propose trade to seat 1", "give KC", "ask 10D", "send offer"):
        state.apply(0, text)
    assert choose(state, 1) == "decline"


def test_trade_0_never_proposes_nor_accepts() -> None:
    hands = [["2C", "JD", "KC"], ["3S", "9D", "10D", "KD"], ["4C"], ["5C"]]
    state = load(trading(position(4, hands, money=[6, 6, 6, 6])))
    assert choose(state, 0, "greedy:trade=0") == "end actions"
    for text in ("propose trade to seat 1", "give JD", "ask KD", "send offer"):
        state.apply(0, text)
    assert choose(state, 1, "greedy:trade=0") == "decline"
    assert choose(state, 1) == "accept"  # the trading player takes it


def test_greedy_spec_parameters() -> None:
    assert make_agent("greedy:trade=0").trade is False  # type: ignore[union-attr]
    assert make_agent("greedy").trade is True  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="trade must be 0 or 1"):
        make_agent("greedy:trade=maybe")
    with pytest.raises(ValueError, match="no parameter 'depth'"):
        make_agent("greedy:depth=2")


def test_greedy_players_trade_and_every_trade_decision_is_fair() -> None:
    """A whole game of trading greedy players (trades happen: before, none ever did), and at
    its trade decisions a twin with every card the seat cannot see re-dealt gets the same one."""
    state = new_state("portfolio", 3, seed=4, options={"trades": True})
    rng, checked, differing = Rng(4), {"open": 0, "offer": 0, "respond": 0, "actions": 0}, 0
    while not state.is_terminal():
        seat = state.to_act()[0]
        action = decide(GREEDY, state, seat, rng)
        phase = state.phase
        if phase in checked and checked[phase] < 6 and len(state.legal_action_ids(seat)) > 1:
            other = twin(state, seat, Rng(len(state.history)))
            assert other.observation(seat) == state.observation(seat)
            differing += other.to_json() != state.to_json()
            assert decide(GREEDY, other, seat, Rng(0)) == action, (phase, action.text)
            checked[phase] += 1
        state.apply(seat, action)
    assert state.trades_done >= 1
    assert all(checked.values()), checked
    assert differing


def test_potential_values_runs_extensions_and_pairs() -> None:
    pf = greedy_trade.Pf(0, 0, 2, 4, 7, False, True, 5)  # 4-7H, capped high
    assert greedy_trade.potential(["3H"], [pf]) == 2.0  # 3-7H is worth $7 instead of $5
    assert greedy_trade.potential(["8H"], [pf]) == 0.0  # the high end is capped
    assert greedy_trade.potential(["9C", "10C", "JC"], []) == 4.0
    assert greedy_trade.potential(["9C", "10C"], []) == pytest.approx(0.4 * 4)
