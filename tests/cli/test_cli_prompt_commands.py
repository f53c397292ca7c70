"""`help`, `rules` and `quit` at the `cardtable play` prompt, and line editing."""

from __future__ import annotations

from click.testing import CliRunner

from cardtable.cli.main import main
from cardtable.cli.play import enable_line_editing
from cardtable.core import GameInfo


def test_help_lists_the_choices_explained(runner: CliRunner, fake_game: GameInfo) -> None:
    result = runner.invoke(main, ["play", "fc", "--seed", "1"], input="help\n1\n" + "take 1\n" * 9)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Your choices now, explained:" in out
    assert "1. call high: call high" in out
    assert "quit: leave the game" in out
    assert "Final scores" in out  # help changed nothing


def test_rules_pages_the_player_doc(runner: CliRunner) -> None:
    result = runner.invoke(main, ["play", "magic-show", "--seed", "1"], input="rules\nq\n")
    out = result.output
    assert "How to play, in short" in out and "MS-R1" in out
    assert "-- Enter: more, q: back to the game --" in out
    assert "(back to the game)" in out
    assert result.exit_code == 1  # then input ended


def test_rules_without_a_doc_says_so(runner: CliRunner, fake_game: GameInfo) -> None:
    result = runner.invoke(main, ["play", "fc", "--seed", "1"], input="rules\n")
    assert "No rules doc is available for Fake Counters." in result.output


def test_quit_needs_a_yes(runner: CliRunner, fake_game: GameInfo) -> None:
    result = runner.invoke(main, ["play", "fc", "--seed", "1"], input="quit\nno\nquit\ny\n")
    assert result.exit_code == 0, result.output
    assert "Going on." in result.output
    assert "You left the game before the end." in result.output
    assert "Seed 1" in result.output


def test_line_editing_is_available() -> None:
    assert enable_line_editing() in (True, False)
    assert enable_line_editing() == enable_line_editing()


def _turn(state: object, seat: int, answers: list[str], ask_forced: bool = True) -> str:
    from rich.console import Console

    from cardtable.cli.play import human_turn
    from cardtable.core import get_game

    console = Console(width=120, color_system=None, record=True)
    feed = iter(answers)
    human_turn(get_game(state.GAME), state, seat, console, lambda prompt: next(feed), ask_forced)  # type: ignore[attr-defined]
    return console.export_text()


def test_a_move_card_is_previewed_and_confirmed() -> None:
    from cardtable.core import load_state

    state = load_state(
        {
            "game": "pota",
            "num_players": 3,
            "rest": True,
            "zones": {
                "centre": ["blue+3", "blue+2"],
                "hand:1": ["blue-move1"],
                "pota:2": ["blue-pota"],
            },
            "state": {"phase": "deal", "leader": 0, "marker": 0, "colour": "blue", "actor": 1},
        }
    )
    out = _turn(state, 1, ["move 1", "n", "move 1", "y"])
    assert "Move 1 obliges you to make exactly 1 move(s)" in out
    assert "Not played; choose again." in out
    assert "Move in progress: " in out or state.phase == "move"  # type: ignore[attr-defined]
    out = _turn(state, 1, ["1"])
    assert "step 1 of 1" in out
    assert "Note: Move 1: step 1 of 1" in out


def test_menu_shows_descriptions_and_notes() -> None:
    from cardtable.core import load_state

    state = load_state(
        {
            "game": "pota",
            "num_players": 3,
            "rest": True,
            "zones": {"centre": ["blue+3"], "hand:1": ["blue-3", "blue+2"]},
            "state": {"phase": "deal", "leader": 0, "marker": 0, "colour": "blue", "actor": 1},
        }
    )
    out = _turn(state, 1, ["pass"])
    assert "play +2 — add +2 to the centre: total +3 → +5" in out
    assert "Note: Your blue -3 is not offered: it would make the Deal's total 0 (POTA-R8)." in out


def test_forced_choice_is_shown_with_its_reason() -> None:
    from cardtable.core import new_state

    state = new_state("magic-show", 2, 3)
    for seat in (0, 1):
        state.apply(seat, state.legal_actions(seat)[0])
    asked = next(iter(state.to_act()))
    if len(state.legal_actions(asked)) == 1:
        out = _turn(state, asked, [], ask_forced=False)
        assert "(your only choice) let it resolve — You hold no Ace" in out
