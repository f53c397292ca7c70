"""Set-up: preliminary deal (POTA-R1, R2), the deal of hands, X cards (POTA-R3, R10), scores."""

from __future__ import annotations

from collections import Counter

import pytest

import cardtable

from .pota_helpers import GAME, HAND, all_cards, field, full_deck, scores, zone

SEEDS = range(40)


def prelim_rank(name: str) -> int:
    """POTA-R1: only +/- cards have a number (signed); every other card ranks below -5."""
    if name == "x" or name.endswith(("-pota", "-reverse")) or "-move" in name:
        return -99
    return int(name.removeprefix("blue").removeprefix("red").removeprefix("green"))


def prelim_winner(prelim: list[list[str]]) -> int:
    """Replay the preliminary deal from the face-up cards: highest number, ties deal again.

    Also checks the shape: a seat knocked out in round r holds exactly r + 1 cards; the winner
    holds one card per round played.
    """
    contenders = list(range(len(prelim)))
    rnd = 0
    while True:
        for seat in contenders:
            assert len(prelim[seat]) > rnd, f"seat {seat} is still tied but got no card {rnd}"
        best = max(prelim_rank(prelim[s][rnd]) for s in contenders)
        still = [s for s in contenders if prelim_rank(prelim[s][rnd]) == best]
        for seat in set(contenders) - set(still):
            assert len(prelim[seat]) == rnd + 1, f"seat {seat} was out after round {rnd}"
        if len(still) == 1:
            assert len(prelim[still[0]]) == rnd + 1
            return still[0]
        contenders = still
        rnd += 1


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_preliminary_highest_signed_number_takes_the_marker(n: int) -> None:
    """POTA-R1/R2: highest signed number wins; ties get another card; the winner leads first."""
    ties = 0
    for seed in SEEDS:
        state = cardtable.new_state(GAME, n, seed=seed)
        prelim = state.observation(None)["public"]["preliminary"]
        assert len(prelim) == n
        assert all(Counter(cards) <= Counter(full_deck()) for cards in prelim)
        winner = prelim_winner(prelim)
        ties += any(len(cards) > 1 for cards in prelim)
        assert field(state, "marker") == winner
        assert field(state, "phase") == "lead"
        assert list(state.to_act()) == [winner]
    if n >= 4:
        assert ties, "no seed exercised the tie rule"


def test_preliminary_tie_rule_on_a_known_example() -> None:
    """POTA-R1: a +5 beats +4; two +5s tie and deal again; Move/POTA/Reverse/X rank below -5."""
    assert prelim_winner([["red+4"], ["blue+5", "green-pota"], ["green+5", "red-2"]]) == 2
    assert prelim_winner([["blue-5"], ["x"], ["red-move3"]]) == 0
    assert prelim_winner([["x", "blue-3"], ["red-pota", "red+2"]]) == 1


@pytest.mark.parametrize(("n", "size"), sorted(HAND.items()))
def test_hand_size_by_player_count(n: int, size: int) -> None:
    """Rule text: 2 -> 12, 3 -> 10, 4 -> 8, 5 -> 7, 6 -> 6 cards each."""
    for seed in range(10):
        state = cardtable.new_state(GAME, n, seed=seed)
        for seat in range(n):
            assert len(zone(state, f"hand:{seat}")) == size
        assert state.observation(None)["public"]["hand_size"] == size


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_no_x_card_stays_in_a_hand_after_the_deal(n: int) -> None:
    """POTA-R3: every X dealt is placed with the marker and replaced; the multiplier rises."""
    placed_any = False
    for seed in SEEDS:
        state = cardtable.new_state(GAME, n, seed=seed)
        for seat in range(n):
            assert "x" not in zone(state, f"hand:{seat}")
        xs = zone(state, "xcards")
        assert set(xs) <= {"x"}
        placed_any = placed_any or bool(xs)
        assert state.observation(None)["public"]["multiplier"] == 1 + len(xs)
        assert len(zone(state, "deck")) == 108 - n * HAND[n] - len(xs)
    assert placed_any, "no seed dealt an X card into a hand"


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_all_108_cards_accounted_for_and_scores_start_at_fifty(n: int) -> None:
    """1.1 components: 3 x 35 coloured cards + 3 X = 108; every score starts at 50."""
    for seed in range(5):
        state = cardtable.new_state(GAME, n, seed=seed)
        assert all_cards(state) == Counter(full_deck())
        assert scores(state) == [50] * n
        for name in ("discard", "centre", "playing"):
            assert zone(state, name) == []
        for seat in range(n):
            assert zone(state, f"pota:{seat}") == zone(state, f"reverse:{seat}") == []


def test_deck_composition_matches_the_rule_text() -> None:
    """Rule text: per colour 4 minus cards, 6 of +2/+3, 4 of +4/+5, 7 Move, 10 POTA, 4 Reverse."""
    deck = Counter(full_deck())
    assert sum(deck.values()) == 108
    for colour in ("blue", "red", "green"):
        assert sum(v for k, v in deck.items() if k.startswith(colour)) == 35
    assert deck["x"] == 3


def test_same_seed_same_deal() -> None:
    """Every shuffle uses the game's seeded RNG (section 0)."""
    one = cardtable.new_state(GAME, 4, seed=7)
    two = cardtable.new_state(GAME, 4, seed=7)
    assert one.to_json() == two.to_json()


@pytest.mark.parametrize("n", [1, 7])
def test_player_count_is_two_to_six(n: int) -> None:
    """Rule text: 2 to 6 players."""
    with pytest.raises(cardtable.core.BadOptions):
        cardtable.new_state(GAME, n, seed=0)
