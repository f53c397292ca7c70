"""Information: hands private, deck hidden, everything on the table public (our rulings doc)."""

from __future__ import annotations

import pytest

import cardtable

from .pota_helpers import GAME, deal, pass_out, zone

PUBLIC = ("discard", "centre", "xcards", "playing")


@pytest.mark.parametrize("n", [2, 4, 6])
def test_seat_sees_its_own_hand_and_no_other(n: int) -> None:
    state = cardtable.new_state(GAME, n, seed=3)
    for seat in range(n):
        obs = state.observation(seat)
        for other in range(n):
            shown = obs["zones"][f"hand:{other}"]
            real = zone(state, f"hand:{other}")
            if other == seat:
                assert sorted(shown) == sorted(real)  # in canonical order
            else:
                assert shown == [None] * len(real)
        assert obs["zones"]["deck"] == [None] * len(zone(state, "deck"))
        assert obs["public"]["hand_counts"] == [len(zone(state, f"hand:{s}")) for s in range(n)]


def test_spectator_sees_no_hand_and_no_deck() -> None:
    state = cardtable.new_state(GAME, 4, seed=3)
    obs = state.observation(None)
    for seat in range(4):
        assert set(obs["zones"][f"hand:{seat}"]) == {None}
    assert set(obs["zones"]["deck"]) == {None}
    assert obs["seat"] is None


def test_table_zones_are_fully_public() -> None:
    """Centre, POTAs, Reverses, X cards and the discard pile's contents are public."""
    zones = {
        "centre": ["blue+3", "blue+4"],
        "xcards": ["x"],
        "discard": ["red-move2", "green+5"],
        "pota:2": ["blue-pota"],
        "reverse:2": ["blue-reverse"],
        "pota:0": ["blue-pota", "blue-pota"],
        "hand:1": ["blue-move1", "red+2"],
    }
    state = deal(4, zones, leader=0)
    state.apply(1, "move 1")  # the Move card is face up in "playing" while its steps are made
    names = [*PUBLIC, *(f"pota:{s}" for s in range(4)), *(f"reverse:{s}" for s in range(4))]
    for seat in (None, 0, 1, 2, 3):
        obs = state.observation(seat)
        for name in names:
            assert obs["zones"][name] == zone(state, name), (seat, name)
    assert state.observation(3)["zones"]["playing"] == ["blue-move1"]


def test_played_card_becomes_public_and_refilled_cards_stay_private() -> None:
    """A card played leaves the hand for a public zone; cards drawn are seen by the drawer only."""
    state = deal(3, {"centre": ["green+3"], "hand:1": ["green+4"]}, colour="green", leader=0)
    state.apply(1, "play +4")
    assert state.observation(2)["zones"]["centre"] == ["green+3", "green+4"]
    pass_out(state)
    for seat in range(3):
        hand = zone(state, f"hand:{seat}")
        assert sorted(state.observation(seat)["zones"][f"hand:{seat}"]) == sorted(hand)
        for other in range(3):
            if other != seat:
                assert set(state.observation(other)["zones"][f"hand:{seat}"]) <= {None}


def test_public_view_names_the_deal() -> None:
    """Marker, Leader, colour, passed flags, multiplier and scores are public."""
    state = deal(
        4, {"centre": ["red+5"], "xcards": ["x", "x"]}, leader=3, colour="red", passed=[0, 1, 0, 0]
    )
    public = state.observation(None)["public"]
    assert public["leader"] == 3
    assert public["marker"] == 3
    assert public["colour"] == "red"
    assert public["passed"] == [False, True, False, False]
    assert public["multiplier"] == 3
    assert public["scores"] == [50, 50, 50, 50]
    assert public["centre_total"] == 5
    assert public["deal_value"] == 15


def test_hand_written_positions_accept_colour_names_and_reject_impossible_fields() -> None:
    """docs/rules/piece_of_the_action.md: colour by name; unreachable positions are refused."""
    import pytest

    from cardtable.core import StateFormatError, load_state

    base = {
        "game": "piece-of-the-action",
        "num_players": 3,
        "rest": True,
        "zones": {"centre": ["red+3"]},
        "state": {"phase": "deal", "leader": 0, "colour": "red", "actor": 1},
    }
    state = load_state(base)
    assert state.public_view()["colour"] == "red"
    for bad, message in [
        ({"colour": "purple"}, "colour must be one of"),
        ({"phase": "bidding"}, "phase must be"),
        ({"score": [50, 50]}, "one entry per seat"),
        ({"actor": 3}, "must be a seat"),
        ({"leader": -1}, "needs a 'leader'"),
        ({"passed": [0, 1, 0]}, "has passed"),
        ({"move_left": 2}, "move_left"),
        ({"score": [50, -5, 50]}, "never below zero"),
    ]:
        with pytest.raises(StateFormatError, match=message):
            load_state({**base, "state": {**base["state"], **bad}})
