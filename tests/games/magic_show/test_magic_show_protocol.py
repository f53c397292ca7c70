"""Observation privacy, illegal actions, notation, JSON, registry, rendering and random playouts."""

from __future__ import annotations

import json

import pytest

from cardtable.core import NO_COMMIT, IllegalAction, Rng, StateFormatError, get_game
from cardtable.games.magic_show import MagicShowState, render
from cardtable.games.magic_show.cards import NAMES, card_id
from cardtable.games.magic_show.notation import SIZE, describe, make_action_space

from .helpers import let_all, let_until, load, new_game, play, position, zone

# ---------------------------------------------------------------------- privacy


def test_face_down_choice_is_hidden_until_both_commit() -> None:
    state = new_game(11)
    card = state.legal_actions(0)[0]
    state.apply(0, card)
    seen_by_black = state.observation(1)
    assert seen_by_black["my_commit"] is None
    assert seen_by_black["committed"] == [True, False]
    assert seen_by_black["history"] == [[0, "plays a card face down"]]
    assert seen_by_black["zones"]["hand:0"] == [None] * 5  # the card is still in Red's hand
    assert set(seen_by_black["zones"]["deck"]) == {None}
    assert all(card.text[5:] not in line for line in seen_by_black["log"])
    seen_by_red = state.observation(0)
    assert seen_by_red["my_commit"] == card.text
    assert seen_by_red["history"] == [[0, card.text]]
    assert state.observation(None)["history"] == [[0, "plays a card face down"]]
    assert list(state.to_act()) == [1]


def test_other_seat_view_does_not_depend_on_the_choice() -> None:
    state = new_game(4)
    choices = state.legal_action_ids(0)
    views = []
    for choice in (choices[0], choices[-1]):
        branch = state.clone()
        branch.apply_unchecked(0, choice)
        views.append((branch.observation(1), branch.observation(None)))
    assert views[0] == views[1]


def test_opponent_hand_and_deck_hidden_at_the_start() -> None:
    state = new_game(8)
    for seat in (0, 1):
        zones = state.observation(seat)["zones"]
        assert zones[f"hand:{1 - seat}"] == [None] * 5
        assert None not in zones[f"hand:{seat}"]
        assert zones["deck"] == [None] * 42


def test_reveal_is_public_in_the_log() -> None:
    state = load(position(["KH", "2C"], ["QS", "2D"], state={"turn": 3}))
    play(state, "KH", "QS")
    assert "Turn 3: Red reveals KH, Black reveals QS." in state.observation(None)["log"]
    assert state.pending == [NO_COMMIT, NO_COMMIT]
    assert state.public_view()["played"] == ["KH", "QS"]


# ---------------------------------------------------------------------- illegal actions


def rejects(state: MagicShowState, seat: int, action: str, reason: str) -> None:
    before = state.to_json()
    with pytest.raises(IllegalAction, match=reason):
        state.apply(seat, action)
    assert state.to_json() == before


def test_an_ace_cannot_be_played_face_down() -> None:
    state = load(position(["AH", "2H"], ["2S", "3S"]))
    assert card_id("AH") not in state.legal_action_ids(0)
    rejects(state, 0, "play AH", "Aces are never played face down")


def test_illegal_commits() -> None:
    state = load(position(["KH", "2H"], ["2S", "3S"]))
    rejects(state, 0, "play QH", "not in your hand")
    rejects(state, 0, "cancel", "choose a card")
    state.apply(0, "play KH")
    rejects(state, 0, "play 2H", "already committed")


def test_illegal_window_actions() -> None:
    state = load(position(["KH", "2H"], ["2S", "3S"]))
    play(state, "KH", "2S")
    assert list(state.to_act()) == [0]
    rejects(state, 0, "cancel", "you hold no Ace")
    rejects(state, 1, "let it resolve", "not seat 1's turn")
    rejects(state, 0, "play 2H", "face down only at the start of a turn")
    rejects(state, 0, "convert K", "no Dinner Buffet")


def test_illegal_buffet_actions() -> None:
    state = load(position(["8H", "2H"], ["2S", "3S"], pile0=["KH"]))
    play(state, "8H", "2S")
    let_all(state)
    assert state.phase == "buffet"
    rejects(state, 0, "convert J", "holds no J Trick")
    rejects(state, 0, "let it resolve", "Dinner Buffet decision")
    rejects(state, 1, "decline buffet", "not seat 1's turn")


def test_nothing_is_legal_after_the_end() -> None:
    state = load(position(["AH"], ["AS"]))
    assert state.is_terminal()
    rejects(state, 0, "let it resolve", "game is over")


# ---------------------------------------------------------------------- notation and JSON


def test_every_action_text_parses_back() -> None:
    space = make_action_space()
    assert len(space) == SIZE == 59
    for aid in range(SIZE):
        assert space.parse(describe(aid)).id == aid
        assert space.parse(describe(aid).upper()).id == aid
    assert [describe(a) for a in (0, 51, 52, 53, 54, 55, 56, 57, 58)] == [
        "play AC", "play KS", "cancel", "let it resolve",
        "convert 10", "convert K", "convert Q", "convert J", "decline buffet",
    ]  # fmt: skip
    assert space.parse("  Play  10h ").text == "play 10H"
    assert space.parse("pass").text == "let it resolve"
    with pytest.raises(IllegalAction):
        space.parse("play 1H")


def test_card_names_and_ids() -> None:
    assert len(NAMES) == 52 and len(set(NAMES)) == 52
    assert NAMES.index("10S") == card_id("10s")


def test_json_round_trip_mid_window_and_play_on() -> None:
    state = load(position(["5H", "2C", "AD"], ["10H", "AS", "3S"]))
    play(state, "5H", "10H")
    state.apply(1, "let it resolve")
    data = json.loads(json.dumps(state.to_json()))
    again = load(data)
    assert again == state
    assert list(again.to_act()) == [0]
    again.apply(0, "let it resolve")
    state.apply(0, "let it resolve")
    assert again.to_json()["zones"] == state.to_json()["zones"]


def test_loading_does_not_share_lists_with_the_input() -> None:
    data = position(["KH"], ["QS"], deck=[], pile0=["QH", "JH"], state={"score": [1, 2]})
    state = load(data)
    play(state, "KH", "QS")
    let_all(state)
    assert state.score == [13, 4]
    assert data["state"]["score"] == [1, 2]


def test_hand_written_window_fills_in_resolving_and_asking() -> None:
    data = position(["2C"], ["3S"], state={"phase": "stop", "played": ["5H", "10H"]})
    data["zones"]["revealed"] = ["10H", "5H"]
    state = load(data)
    assert zone(state, "revealed") == ["5H", "10H"]
    assert state.resolving == "5H" and state.asking == 1


@pytest.mark.parametrize(
    ("phase", "revealed", "extra"),
    [
        ("stop", [], {}),
        ("commit", ["5H"], {}),
        ("stop", ["5H"], {"played": ["", ""]}),
        ("buffet", ["5H"], {"played": ["5H", ""]}),
        ("dancing", [], {}),
    ],
)
def test_bad_positions_are_rejected(
    phase: str, revealed: list[str], extra: dict[str, object]
) -> None:
    data = position(["2C"], ["3S"], state={"phase": phase, **extra})
    data["zones"]["revealed"] = revealed
    with pytest.raises(StateFormatError):
        load(data)


# ---------------------------------------------------------------------- registry and rendering


def test_registered_with_alias_and_renderer() -> None:
    info = get_game("ms")
    assert info.name == "magic-show" and info.state_class is MagicShowState
    assert info.simultaneous and info.min_players == info.max_players == 2
    assert info.rules_doc == "magic_show.md" and info.renderer is render


def test_render_shows_piles_scores_hand_and_decision() -> None:
    state = load(
        position(["8H", "2H"], ["2S", "3S"], pile0=["KH", "10D"], state={"score": [3, -2]})
    )
    play(state, "8H", "2S")
    let_until(state, "8H")
    text = render(state.observation(0))
    assert "Your practice pile: [bold red]10♦[/] [bold red]K♥[/] (15 min, show worth +16" in text
    assert "Scores: Red 3, Black -2" in text
    assert "Your hand (Red):[/bold] [bold red]2♥[/]" in text
    assert "Revealed: [bold red]8♥[/] (by You (Red)); resolving [bold red]8♥[/]" in text
    assert "♣ C and ♠ S are Black's" in text
    assert "Black may stop 8H" in text
    assert "Waiting for Black" in text


# ---------------------------------------------------------------------- random playouts


def test_random_playouts_terminate_and_keep_invariants() -> None:
    for seed in range(300):
        state = new_game(seed)
        state.events = None
        rng = Rng(seed)
        steps = 0
        while not state.is_terminal():
            waiting = list(state.to_act())
            assert waiting
            if state.phase == "commit" and len(waiting) == 2:
                assert len(state.zone("hand:0")) == len(state.zone("hand:1"))
            seat = waiting[rng.below(len(waiting))]
            ids = state.legal_action_ids(seat)
            assert ids
            state.apply_unchecked(seat, ids[rng.below(len(ids))])
            steps += 1
            assert steps < 1000
        assert sorted(c for z in state.zones for c in z) == list(range(52))
        assert state.returns() in ([1.0, 0.0], [0.0, 1.0], [0.5, 0.5])
        assert len(state.zone("pile:0")) == len(state.zone("pile:1")) == 0
