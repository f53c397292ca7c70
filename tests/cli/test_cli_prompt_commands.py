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
    assert "Magic Show" in out and "MS-R1" in out
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
