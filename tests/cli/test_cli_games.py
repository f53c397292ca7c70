"""`cardtable games`, `--help` and `--version`."""

from __future__ import annotations

from click.testing import CliRunner

from cardtable.cli.main import main
from cardtable.core import GameInfo


def test_games_lists_names_players_options_and_rulings(
    runner: CliRunner, fake_game: GameInfo
) -> None:
    result = runner.invoke(main, ["games"])
    assert result.exit_code == 0, result.output
    for text in ("fake-counters", "fc", "Fake Counters", "simultaneous", "counters = 5", "FK-R1"):
        assert text in result.output
    assert "Counters in the pile at the start." in result.output


def test_games_works_without_the_fake_game(runner: CliRunner) -> None:
    result = runner.invoke(main, ["games"])
    assert result.exit_code == 0, result.output
    assert "fake-counters" not in result.output


def test_help_lists_every_command(runner: CliRunner) -> None:
    result = runner.invoke(main, ["--help"])
    assert result.exit_code == 0
    for command in ("games", "rules", "play", "replay"):
        assert command in result.output


def test_version(runner: CliRunner) -> None:
    result = runner.invoke(main, ["--version"])
    assert result.exit_code == 0
    assert "cardtable" in result.output


def test_unknown_command_is_a_usage_error(runner: CliRunner) -> None:
    result = runner.invoke(main, ["deal"])
    assert result.exit_code == 2
    assert "No such command" in result.output
