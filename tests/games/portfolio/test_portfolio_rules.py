"""A failing-if-broken test for each PF ruling, from hand-written positions."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.core import IllegalAction, Rng, new_state
from cardtable.games.portfolio import notation as n
from cardtable.games.portfolio import portfolios as pf
from cardtable.games.portfolio.cards import draw_cost, value
from tests.conformance.checks import play_checked

from .helpers import fill, load, position, texts

RUN = ["4S", "5S", "6S", "7S"]


@pytest.mark.parametrize(("players", "stock"), [(2, 77), (3, 64), (4, 103), (5, 90)])
def test_set_up_pf_r1(players: int, stock: int) -> None:
    state = new_state("portfolio", players, seed=1)
    assert len(state.zone("stock")) == stock and len(state.zone("discard")) == 1
    assert all(len(state.zone(f"hand:{s}")) == 13 for s in range(players))
    assert state.money == [6] * players and list(state.to_act()) == [0]
    assert state.public_view()["dealer"] == players - 1
    assert len(state.spec.cards) == (104 if players <= 3 else 156)


def test_caps_add_no_value_pf_r2() -> None:
    state = load(position(2, [["2C"], ["3C"]], [(0, RUN)], caps={0: {"low": "4C", "high": "7C"}}))
    assert pf.slot_value(state, 0) == 5


def test_an_acquired_portfolio_earns_from_the_next_turn_and_can_be_extended_pf_r3_r15() -> None:
    data = position(2, [["8S", "9S", "2C"], ["3C"]], [(1, RUN)], money=[10, 6])
    state = load(data)
    state.apply(0, "acquire pf0")
    assert state.owner[0] == 0 and state.money[0] == 0
    assert "extend pf0 high" in texts(state, 0)  # at once, in the same turn
    state.apply(0, "extend pf0 high")
    state.apply(0, "end actions")
    state.apply(0, "discard 2C")
    assert state.active == 1 and state.income == 0  # the old owner earns nothing from it
    state.apply(1, "draw 1")
    state.apply(1, "from stock")
    state.apply(1, "end actions")
    state.apply(1, state.legal_actions(1)[0].text)
    assert state.active == 0 and state.income == pf.run_value([4, 5, 6, 7, 8, 9])


def test_draws_are_bounded_by_the_cards_that_exist_pf_r4() -> None:
    data = position(
        2,
        [["2C"], ["3C"]],
        [(0, ["JH", "QH", "KH"]), (0, ["JD", "QD", "KD"])],
        stock=["5D", "6D"],
        discard=["9C"],
        state={"phase": "draw"},
    )
    data["zones"]["unused:2"] = []
    state = load(data | {"rest": True})
    # Income $8 would buy 3 cards; stock 2 + the discard top makes exactly 3 obtainable.
    assert state.income == 8
    assert [t for t in texts(state, 0) if t.startswith("draw")] == ["draw 1", "draw 2", "draw 3"]


def _rich_table() -> dict[str, object]:
    """Four seats; seat 0 owns 12 portfolios worth $334 (five A-K, one 2-K, six 5-K) and the
    25 cards left are the 24-card stock and the discard top: the most any table can afford."""
    full = [f"{r}{{}}" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    rows = [(0, [c.format(s) for c in full]) for s in ("H", "H", "H", "D", "D")]
    rows.append((0, [c.format("D") for c in full[1:]]))
    rows += [(0, [c.format(s) for c in full[4:]]) for s in ("C", "C", "C", "S", "S", "S")]
    low = [f"{r}{s}" for s in "CS" for r in ("A", "2", "3", "4") for _ in range(3)]
    return position(
        4, [[], [], [], []], rows, stock=[*low[1:], "AD"], discard=low[:1], state={"phase": "draw"}
    )


def test_no_cap_on_the_draws_a_seat_can_afford_pf_r4() -> None:
    """PF-R4 bounds a draw only by the cards that exist and PF-R9 by this turn's income: a seat
    earning $334 with 25 cards obtainable may buy all 25 ($324)."""
    state = load(_rich_table())
    assert state.income == 334 and len(state.zone("stock")) == 24
    assert [t for t in texts(state, 0) if t.startswith("draw")][-1] == "draw 25"
    state.apply(0, "draw 25")
    state.apply(0, "take discard")
    assert len(state.zone("hand:0")) == 25 and state.money[0] == 6 + 334 - 324


@pytest.mark.parametrize("decks", [2, 3])
def test_the_action_space_holds_every_draw_any_table_can_afford_pf_r4(decks: int) -> None:
    """Why no draw of more than ``MAX_DRAW`` cards is ever legal. Drawing n cards needs n cards
    outside portfolios, so the seat's portfolios hold at most ``52 * decks - n`` cards; a
    portfolio's value leaves out its two lowest cards (at least $2 each) and a portfolio holds
    at most 13 cards, so its owner's income is at most the value of the most valuable
    ``52 * decks - n`` cards less $4 per portfolio (at least one per 13 cards). That bound
    falls below the price of n cards for every n > ``MAX_DRAW``."""
    values = sorted((value(r) for r in range(1, 14) for _ in range(4 * decks)), reverse=True)
    for count in range(n.MAX_DRAW + 1, len(values) + 1):
        held = len(values) - count
        bound = sum(values[:held]) - 4 * -(-held // 13)
        assert draw_cost(count) > bound, count
    held = len(values) - n.MAX_DRAW
    assert decks == 2 or draw_cost(n.MAX_DRAW) <= sum(values[:held]) - 4 * -(-held // 13)


def test_pauper_rule_is_optional_and_needs_no_portfolio_pf_r5() -> None:
    twelve = [f"{r}C" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    state = load(position(2, [twelve, ["3D"]], state={"phase": "draw"}))
    assert texts(state, 0) == ["draw 1", "pauper"]
    state.apply(0, "pauper")
    assert len(state.zone("hand:0")) == 14 and state.money[0] == 6 and state.bought == 2
    thirteen = load(position(2, [[*twelve, "AC"], ["3D"]], state={"phase": "draw"}))
    assert "pauper" not in texts(thirteen, 0)
    owning = load(position(2, [twelve, ["3D"]], [(0, RUN)], state={"phase": "draw"}))
    assert "pauper" not in texts(owning, 0)


def test_discard_top_only_as_first_card_and_not_discarded_back_pf_r6() -> None:
    state = load(position(2, [["2C", "9H"], ["3D"]], discard=["KC"], state={"phase": "draw"}))
    state.apply(0, "draw 1")
    assert texts(state, 0) == ["take discard", "from stock"]
    state.apply(0, "take discard")
    assert state.took_discard and len(state.zone("hand:0")) == 3
    state.apply(0, "end actions")
    assert "discard KC" not in texts(state, 0) and "discard 2C" in texts(state, 0)
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(0, "discard KC")
    assert state.to_json() == before


def test_a_stalled_table_must_draw_from_the_stock_pf_r6() -> None:
    data = position(2, [["2C"], ["3D"]], discard=["KC"], state={"phase": "draw", "stall": 6})
    state = load(data)
    state.apply(0, "draw 1")
    assert texts(state, 0) == ["from stock"]


def test_caps_only_on_own_portfolios_with_same_rank_and_colour_pf_r8() -> None:
    state = load(position(2, [["4D", "4C", "7C"], ["3D"]], [(1, RUN), (0, ["8H", "9H", "10H"])]))
    options = texts(state, 0)
    assert not any(t.startswith("cap pf0") for t in options)  # seat 1's portfolio
    assert "cap pf1 low 8H" not in options  # seat 0 holds no 8 of a red suit


def test_money_never_goes_negative_and_draws_use_only_this_turns_income_pf_r9() -> None:
    poor = load(position(2, [["3S", "8S"], ["2C"]], [(1, RUN)], money=[4, 6]))
    assert "neutralize pf0" not in texts(poor, 0)  # it is worth $5; $4 is not enough
    able = load(position(2, [["3S", "8S"], ["2C"]], [(1, RUN)], money=[5, 6]))
    assert "neutralize pf0" in texts(able, 0) and "acquire pf0" not in texts(able, 0)
    able.apply(0, "neutralize pf0")
    assert able.money[0] == 0
    rich = load(position(2, [["2C"], ["3C"]], money=[50, 6], state={"phase": "draw"}))
    assert [t for t in texts(rich, 0) if t.startswith("draw")] == ["draw 1"]


def test_neutralized_cards_go_to_the_pile_run_then_caps_then_the_card_pf_r11() -> None:
    data = position(
        2, [["3S"], ["2C"]], [(1, RUN)], caps={0: {"high": "7C"}}, money=[9, 6], discard=["KD"]
    )
    state = load(data)
    state.apply(0, "neutralize pf0")
    pile = [state.card_name(c) for c in state.zone("discard")]
    assert pile == ["KD", "4S", "5S", "6S", "7S", "7C", "3S"]
    assert state.money[0] == 4 and state.owner[0] == -1


def test_king_headed_portfolio_falls_to_an_ace_of_its_colour_pf_r16() -> None:
    run = ["JH", "QH", "KH"]
    state = load(position(2, [["AD", "AS", "2C"], ["3C"]], [(1, run)], money=[8, 6]))
    assert "acquire pf0 with AD" in texts(state, 0)
    assert "acquire pf0 with AS" not in texts(state, 0)
    state.apply(0, "acquire pf0 with AD")
    assert state.owner[0] == 0 and state.money[0] == 0
    assert [state.card_name(c) for c in state.zone("pf:0")] == run
    assert state.card_name(state.zone("discard")[-1]) == "AD"
    capped = load(position(2, [["AD"], ["3C"]], [(1, run)], caps={0: {"high": "KD"}}, money=[8, 6]))
    assert "acquire pf0 with AD" not in texts(capped, 0)
    ace_low = load(position(2, [["2H"], ["3C"]], [(1, ["AH", "2H", "3H"])], money=[8, 6]))
    assert not any(t.startswith("neutralize") for t in texts(ace_low, 0))


def test_three_players_reshuffle_the_pile_once_pf_r12() -> None:
    data = position(
        3, [["2C"], ["3C"], ["4C"]], stock=["5D"], discard=["9C", "9D"], state={"phase": "draw"}
    )
    data["rest"] = False
    state = load(fill(data))
    state.apply(0, "draw 1")
    state.apply(0, "from stock")
    # The whole pile (every card not in a hand) becomes the new stock; the game goes on.
    assert state.reformed and not state.ending
    assert len(state.zone("stock")) == 104 - 4 and not state.zone("discard")


def test_two_players_end_when_the_stock_runs_out_pf_r12_r13() -> None:
    data = position(2, [["2C", "3H"], ["3C", "4H"]], stock=["5D"], state={"phase": "draw"})
    data["rest"] = False
    state = load(fill(data))
    state.apply(0, "draw 1")
    state.apply(0, "from stock")
    assert state.ending and state.trigger == 0
    state.apply(0, "end actions")
    state.apply(0, "discard 2C")
    # Seat 1 (the dealer) takes one more turn without drawing, then the game ends.
    assert state.phase == "actions" and state.active == 1 and state.final_turn
    state.apply(1, "end actions")
    state.apply(1, "discard 3C")
    assert state.is_terminal()


def test_final_turns_take_only_the_discard_top_with_the_option_pf_r13() -> None:
    data = position(2, [["2C", "3H"], ["3C", "4H"]], stock=["5D"], state={"phase": "draw"})
    data["options"] = {"final_turns_take_discard": True}
    state = load(fill(data))
    state.apply(0, "draw 1")
    state.apply(0, "from stock")
    state.apply(0, "end actions")
    state.apply(0, "discard 2C")
    # Seat 1's final turn keeps one draw, and its only source is the discard top (2C).
    assert state.final_turn and state.phase == "draw"
    assert texts(state, 1) == ["draw 1"]  # no paid draws, no pauper's two: one card exists
    state.apply(1, "draw 1")
    assert texts(state, 1) == ["take discard"]
    state.apply(1, "take discard")
    assert "2C" in [state.card_name(c) for c in state.zone("hand:1")]
    assert state.phase == "actions" and len(state.zone("stock")) == 0
    state.apply(1, "end actions")
    assert "discard 2C" not in texts(state, 1)  # taken this turn (PF-R6)
    state.apply(1, "discard 3C")
    assert state.is_terminal()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_whole_checked_games_with_final_turn_draws_pf_r13(players: int) -> None:
    """The conformance checks (conservation, observations, round trips, determinisation, …)
    over whole random games with the option on; replayed, every final turn takes the top."""
    options = {"final_turns_take_discard": True}
    final_turns = 0
    for seed in range(3):
        played = play_checked("portfolio", players, seed, options=options, deep_every=10)
        replay = new_state("portfolio", players, seed=seed, options=options)
        for seat, aid in played.history:
            if replay.final_turn and replay.phase in ("draw", "source"):
                assert replay.legal_actions(seat)[0].text in ("draw 1", "take discard")
                assert aid == replay.legal_action_ids(seat)[0]
            starting = replay.phase == "discard" and replay.ending
            replay.apply(seat, aid)
            if starting and replay.final_turn and not replay.is_terminal():
                final_turns += 1
                assert replay.phase == "draw"
        assert replay.to_json() == played.to_json()
    assert final_turns > 0


def test_winner_most_money_then_portfolio_value_then_shared_pf_r14() -> None:
    data = position(2, [["2C"], ["3C"]], [(1, RUN)], money=[10, 5], state={"phase": "discard"})
    data["zones"]["stock"] = []
    state = load(fill(data, stock_empty=True) | {"state": data["state"] | {"ending": True}})
    state.apply(0, "discard 2C")  # seat 1 (dealer) takes its final turn: +$5 income
    state.apply(1, "end actions")
    state.apply(1, "discard 3C")
    # Final income: seat 1 earns $5 again: 10 against 15.
    assert state.money == [10, 15] and state.returns() == [0.0, 1.0]


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 5),
    trades=st.booleans(),
    take_discard=st.booleans(),
)
def test_money_never_negative_and_income_matches_portfolios_in_random_games(
    seed: int, players: int, trades: bool, take_discard: bool
) -> None:
    """Property (Hypothesis picks seed, table size, trades and final-turn draws on or off):
    money never goes below $0 and the income at the start of every turn equals the recomputed
    value of the seat's portfolios (PF-R2, PF-R3, PF-R9)."""
    options = {"trades": trades, "final_turns_take_discard": take_discard}
    state = new_state("portfolio", players, seed=seed, options=options)
    rng = Rng(seed)
    while not state.is_terminal():
        assert min(state.money) >= 0
        if state.phase == "draw":
            assert state.income == pf.income(state, state.active)
        seat = state.to_act()[0]
        ids = state.legal_action_ids(seat)
        state.apply_unchecked(seat, ids[rng.below(len(ids))])
    assert min(state.money) >= 0
