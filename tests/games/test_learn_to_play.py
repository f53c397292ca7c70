"""Learn-to-play: every action explained in context, narrowed choices explained, logs in order."""

from __future__ import annotations

import pytest

from cardtable.core import Rng, list_games, load_state, new_state
from cardtable.core.actions import normalize_text

GAMES = [(info.name, info.min_players) for info in list_games()]


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_every_legal_action_is_described_in_words(game: str, players: int) -> None:
    """describe_action says more than the action's own text, for every legal action met."""
    for seed in range(3):
        state = new_state(game, players, seed)
        rng = Rng(seed)
        for _ in range(120):
            if state.is_terminal():
                break
            seat = next(iter(state.to_act()))
            legal = state.legal_actions(seat)
            for action in legal:
                text = state.describe_action(seat, action.id)
                assert text and "\n" not in text
                assert normalize_text(text) != normalize_text(action.text), (game, action.text)
            state.apply(seat, legal[rng.below(len(legal))])


def _pota(zones: dict[str, list[str]], **scalars: object) -> object:
    return load_state(
        {
            "game": "piece-of-the-action",
            "num_players": 3,
            "rest": True,
            "zones": zones,
            "state": scalars,
        }
    )


def test_pota_zero_rule_and_move_notes() -> None:
    state = _pota(
        {"centre": ["blue+3"], "hand:1": ["blue-3", "blue-move3", "red+2"]},
        phase="deal",
        leader=0,
        marker=0,
        colour="blue",
        actor=1,
    )
    notes = " ".join(state.choice_notes(1))  # type: ignore[attr-defined]
    assert "blue -3 is not offered: it would make the Deal's total 0 (POTA-R8)" in notes
    assert "Move 3 is not offered" in notes and "POTA-R13" in notes
    assert "Only blue cards" in notes
    assert state.choice_notes(0) == []  # type: ignore[attr-defined]


def test_pota_forced_lead_note() -> None:
    state = _pota({"hand:0": ["blue+3"]}, phase="lead", marker=0, actor=0, declines=3)
    assert "decline" not in [a.text for a in state.legal_actions(0)]  # type: ignore[attr-defined]
    assert "(POTA-R4)" in " ".join(state.choice_notes(0))  # type: ignore[attr-defined]


def test_pota_move_preview_names_the_movable_cards() -> None:
    state = _pota(
        {"centre": ["blue+3", "blue+2"], "hand:1": ["blue-move1"], "pota:2": ["blue-pota"]},
        phase="deal",
        leader=0,
        marker=0,
        colour="blue",
        actor=1,
    )
    move = next(a for a in state.legal_actions(1) if a.text == "move 1")  # type: ignore[attr-defined]
    preview = state.preview_action(1, move.id)  # type: ignore[attr-defined]
    assert "exactly 1 move" in preview and "cannot be taken back" in preview
    assert "+3 in the centre" in preview and "the POTA before seat 2" in preview
    assert state.preview_action(1, state.legal_actions(1)[0].id) is None  # type: ignore[attr-defined]


def test_pota_settlement_explains_value_rounding_and_floor() -> None:
    state = _pota(
        {
            "centre": ["blue+3", "blue+4"],
            "xcards": ["x"],
            "reverse:1": ["blue-reverse"],
            "pota:1": ["blue-pota"],
        },
        phase="deal",
        leader=0,
        marker=0,
        colour="blue",
        actor=0,
        passed=[0, 1, 1],
        score=[50, 5, 50],
    )
    state.apply(0, "pass")  # type: ignore[attr-defined]
    log = " ".join(state.observation(None)["log"])  # type: ignore[attr-defined]
    assert "centre +7 x2 = +14, rounded away from zero to +15, POTA-R9)" in log
    assert "seat 1 -15 (only -5 applied: scores stop at 0, POTA-R14)" in log
    assert "Scores now: seat 0 65, seat 1 0, seat 2 50" in log


def test_x_cards_dealt_in_starting_hands_are_logged() -> None:
    for seed in range(40):
        state = new_state("piece-of-the-action", 6, seed)
        placed = len(state.zone("xcards"))
        log = state.observation(None)["log"]
        dealt = [line for line in log if "is dealt an X card" in line]
        drawn = [line for line in log if "draws an X card" in line]
        assert len(dealt) + len(drawn) == placed


def test_magic_show_window_without_an_ace_is_explained() -> None:
    state = new_state("magic-show", 2, 3)
    for seat in (0, 1):
        state.apply(seat, state.legal_actions(seat)[0])
    asked = next(iter(state.to_act()))
    notes = " ".join(state.choice_notes(asked))
    assert "MS-R4" in notes
    described = [state.describe_action(asked, a.id) for a in state.legal_actions(asked)]
    assert any(text.startswith("let ") for text in described)


def test_timeline_puts_each_action_before_its_effects() -> None:
    state = new_state("piece-of-the-action", 3, 5)
    rng = Rng(1)
    for _ in range(60):
        seat = next(iter(state.to_act()))
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    timeline = state.timeline(None)
    actions = [text for actor, text in timeline if actor is not None]
    assert len(actions) == len(state.history)
    notes = [text for actor, text in timeline if actor is None]
    assert notes == state.observation(None)["log"]
    opens = [
        i
        for i, (actor, text) in enumerate(timeline)
        if actor is not None and text.startswith("open ")
    ]
    for i in opens:
        assert timeline[i + 1][1].startswith(f"seat {timeline[i][0]} opens")


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_choice_notes_are_one_line_each_and_some_appear(game: str, players: int) -> None:
    seen = 0
    for seed in range(4):
        state = new_state(game, players, seed)
        rng = Rng(seed)
        for _ in range(150):
            if state.is_terminal():
                break
            for seat in state.to_act():
                for note in state.choice_notes(seat):
                    assert note and "\n" not in note
                    seen += 1
            seat = next(iter(state.to_act()))
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
    assert seen, f"{game} never explains a narrowed choice"
