"""Ruling 2.4 (steps 3 and 6) on hand-written positions: the card taken from the pile this turn
(PF-R6), which copy a play uses, and the stock as the first source (PF-R4).
See docs/rules/portfolio.md, "The card taken from the pile"."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.core import Rng, StateFormatError, new_state
from cardtable.games.portfolio.table import HAND0, TAKEN

from .helpers import fill, load, position, texts

RUN = ["4S", "5S", "6S", "7S"]
TAKEN_3S = {"card": "3S", "tag": TAKEN}
HEARTS_8_K = ["8H", "9H", "10H", "JH", "QH", "KH"]  # worth $15


def _marked(state: Any) -> list[str]:
    """Where the taken mark sits now, as "zone:card" (for readable failures)."""
    return [
        f"{state.spec.layout.specs[z].name}:{state.card_name(c)}"
        for z, zone in enumerate(state.zones)
        for c in zone
        if state.tags[c] & TAKEN
    ]


def test_the_taken_mark_leaves_with_the_card_and_never_reaches_a_later_drawer() -> None:
    """Seat 0 neutralizes with the card it took from the pile; the pile is reshuffled into the
    stock (three seats, PF-R12) and seat 1 draws that card from the stock: seat 1 did not take
    it from the pile, so it may discard it (PF-R6 forbids only the card taken this turn)."""
    data = position(
        3,
        [[TAKEN_3S], ["9C"], []],
        [(1, ["4S", "5S", "6S"]), (1, HEARTS_8_K)],
        stock=["2D"],
        state={"took_discard": True},
    )
    state = load(fill(data, into="hand:2"))
    state.apply(0, "neutralize pf0")
    assert _marked(state) == []  # the mark left the hand with the card
    state.apply(0, "end actions")  # an empty hand: no discard
    assert state.active == 1 and state.income == 15
    state.apply(1, "draw 5")  # 1 stock card + the 4-card pile, reshuffled when the stock empties
    state.apply(1, "from stock")
    hand = sorted(state.card_name(c) for c in state.zones[HAND0 + 1])
    assert state.reformed and hand == sorted(["9C", "2D", "4S", "5S", "6S", "3S"])
    state.apply(1, "end actions")
    assert "discard 3S" in texts(state, 1)


def test_the_taken_mark_ends_with_the_turn() -> None:
    """A taken card still in hand when the turn ends is an ordinary card from then on."""
    data = position(2, [[TAKEN_3S, "9H"], ["2C"]], state={"phase": "discard", "took_discard": True})
    state = load(data)
    state.apply(0, "discard 9H")
    assert _marked(state) == []


@pytest.mark.parametrize(
    ("card", "extra", "portfolios", "money", "play"),
    [
        ("8S", [], [(0, RUN)], 6, "extend pf0 high"),
        ("3S", [], [(0, RUN)], 6, "extend pf0 low"),
        ("3S", [], [(1, RUN)], 6, "neutralize pf0"),
        ("8S", [], [(1, RUN)], 10, "acquire pf0"),
        ("4C", [], [(0, RUN)], 6, "cap pf0 low 4C"),
        ("10S", ["JS", "QS"], [], 6, "make 10-QS"),
        ("AD", [], [(1, ["JH", "QH", "KH"])], 8, "acquire pf0 with AD"),
    ],
)
def test_a_play_uses_the_taken_copy_first(
    card: str, extra: list[str], portfolios: list[tuple[int, list[str]]], money: int, play: str
) -> None:
    """Seat 0 holds two copies of the played card, one taken from the pile this turn: the play
    uses the taken one, so the other stays free to discard (ruling 2.4, step 6)."""
    seat0 = [{"card": card, "tag": TAKEN}, card, *extra, "2C"]
    data = position(2, [seat0, ["2D"]], portfolios, money=[money, 6], state={"took_discard": True})
    state = load(data)
    assert play in texts(state, 0)
    state.apply(0, play)
    assert _marked(state) == []
    state.apply(0, "end actions")
    assert f"discard {card}" in texts(state, 0)


def _two_stock_cards() -> dict[str, Any]:
    """Two seats; seat 0 earns $8 and may buy 3 cards; 2 stock cards and a discard top."""
    data = position(
        2,
        [["2C"], ["3C"]],
        [(0, ["JH", "QH", "KH"]), (0, ["JD", "QD", "KD"])],
        stock=["5D", "6D"],
        discard=["9C"],
        state={"phase": "draw"},
    )
    return fill(data)


def test_the_stock_first_only_when_it_holds_every_card_bought() -> None:
    """3 cards are obtainable (PF-R4: the stock's 2 and the top), but only a draw that takes
    the top delivers 3, so the stock is not offered as the first source (ruling 2.4, step 3)."""
    three = load(_two_stock_cards())
    three.apply(0, "draw 3")
    assert texts(three, 0) == ["take discard"]
    assert "only 2 of the 3 cards you bought (PF-R4)" in " ".join(three.choice_notes(0))
    three.apply(0, "take discard")
    assert len(three.zones[HAND0]) == 4 and three.money[0] == 6 + 8 - 5
    two = load(_two_stock_cards())
    two.apply(0, "draw 2")
    assert texts(two, 0) == ["take discard", "from stock"]


def test_the_stock_first_counts_the_reshuffle_in_a_first_pass() -> None:
    """Three seats before the reshuffle: the pile will become the stock (PF-R12), so starting
    from a 1-card stock can still deliver 3 cards."""
    data = position(
        3,
        [["2C"], ["3C"], []],
        [(0, ["JH", "QH", "KH"]), (0, ["JD", "QD", "KD"])],
        stock=["5D"],
        discard=["9C", "8C"],
        state={"phase": "draw"},
    )
    state = load(fill(data, into="hand:2"))
    state.apply(0, "draw 3")
    assert texts(state, 0) == ["take discard", "from stock"]
    state.apply(0, "from stock")
    assert state.reformed and len(state.zones[HAND0]) == 4


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_mark_stays_in_the_active_hand_for_the_turn_in_random_games(players: int) -> None:
    """Random games with trades: the mark only ever sits on one card of the active seat's hand
    after it took the top this turn, and no card carries it between turns."""
    for seed in range(4):
        state = new_state("portfolio", players, seed=seed, options={"trades": True})
        rng = Rng(seed)
        while not state.is_terminal():
            marked = _marked(state)
            assert len(marked) <= 1 and (not marked or state.took_discard)
            assert all(m.startswith(f"hand:{state.active}:") for m in marked), marked
            if state.phase in ("draw", "open"):
                assert marked == []
            seat = state.to_act()[0]
            ids = state.legal_action_ids(seat)
            state.apply_unchecked(seat, ids[rng.below(len(ids))])


@pytest.mark.parametrize(
    ("hands", "discard"),
    [
        ([["2C"], [TAKEN_3S]], []),  # in another seat's hand
        ([["2C"], ["4D"]], [TAKEN_3S]),  # on the pile
        ([[TAKEN_3S, {"card": "9H", "tag": TAKEN}], ["4D"]], []),  # on two cards
    ],
)
def test_a_position_with_the_mark_off_the_active_hand_is_refused(
    hands: list[list[Any]], discard: list[Any]
) -> None:
    data = position(2, hands, discard=discard, state={"took_discard": True})
    with pytest.raises(StateFormatError, match="taken mark"):
        load(data)
