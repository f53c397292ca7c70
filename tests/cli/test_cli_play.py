"""`cardtable play`: a scripted human against the random bot, bad input, errors, --auto."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable.cli.main import main
from cardtable.core import GameInfo, GameRecord

Dealt = Callable[[int], list[str]]
TAKE_ALL = "take 1\n" * 10  # more than enough: the human takes 1 whenever it is their turn


def play(runner: CliRunner, *args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(main, ["play", "fake-counters", *args], input=input)
    return result.exit_code, result.output


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_scripted_game_to_the_end(
    runner: CliRunner, fake_game: GameInfo, dealt: Dealt, tmp_path: Path, seed: int
) -> None:
    record = tmp_path / "game.json"
    code, out = play(runner, "--seed", str(seed), "--save", str(record), input="2\n" + TAKE_ALL)
    assert code == 0, out
    mine, theirs = dealt(seed)
    assert mine in out
    assert theirs not in out  # the bot's hidden card never reaches the human's screen
    assert "each seat is dealt one hidden card" in out  # the opening log line
    assert "seat 1: makes a hidden choice" in out  # the bot's commit, as the human saw it
    assert "seat 0 (you): call low" in out  # the resolved calls, from the log
    assert "seat 1 takes" in out  # the bot's moves are shown between decisions
    assert "Final scores" in out
    assert "Winner: " in out or "Shared win: " in out
    saved = GameRecord.load(record)
    assert saved.seed == seed
    assert saved.seats == ["human", "random"]
    assert (0, "call low") in saved.actions
    assert saved.replay().is_terminal()


def test_invalid_input_is_explained_and_changes_nothing(
    runner: CliRunner, fake_game: GameInfo, tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    script = "0\n3\ndance\ntake 1\n\n call   HIGH \n" + TAKE_ALL
    code, out = play(runner, "--seed", "5", "--save", str(record), input=script)
    assert code == 0, out
    assert "Not accepted: '0' is not a choice; type a number from 1 to 2" in out
    assert "Not accepted: '3' is not a choice" in out
    assert "Not accepted: 'dance' is not an action here" in out
    assert "Not accepted: you cannot 'take 1' now: it is not among your choices now" in out
    assert "Not accepted: type a number from 1 to 2, an action's text, or help" in out
    human = [text for seat, text in GameRecord.load(record).actions if seat == 0]
    assert human[0] == "call high"  # only the accepted entry was applied
    assert all(text == "take 1" for text in human[1:])


def test_explain_illegal_reason_is_shown(runner: CliRunner, fake_game: GameInfo) -> None:
    # One counter: "take 2" is a real action but illegal now; the game says why.
    args = ("--seed", "1", "-o", "counters=1", "--ask-forced")
    code, out = play(runner, *args, input="1\ntake 2\ntake 1\n")
    assert code == 0, out
    assert "you cannot 'take 2' now: only 1 counter is left" in out


def test_single_legal_action_accepts_enter(runner: CliRunner, fake_game: GameInfo) -> None:
    code, out = play(runner, "--seed", "1", "--option", "counters=1", "--ask-forced", input="1\n\n")
    assert code == 0, out
    assert "Only one choice — press Enter to take 1" in out
    assert "seat 0 (you) takes 1; 0 left" in out
    assert "seat 0 (you)" in out


def test_single_legal_action_is_taken_and_shown_by_default(
    runner: CliRunner, fake_game: GameInfo
) -> None:
    code, out = play(runner, "--seed", "1", "--option", "counters=1", input="1\n")
    assert code == 0, out
    assert "Only one choice" not in out
    assert "(your only choice) take 1" in out
    assert "seat 0 (you) takes 1; 0 left" in out


def test_the_human_can_sit_in_another_seat(
    runner: CliRunner, fake_game: GameInfo, dealt: Dealt
) -> None:
    code, out = play(runner, "--seed", "7", "--seat", "1", input="call high\n" + TAKE_ALL)
    assert code == 0, out
    theirs, mine = dealt(7)
    assert mine in out
    assert theirs not in out
    assert "You are seat 1" in out


def test_renderer_is_used_when_the_game_has_one(runner: CliRunner, rendered_game: GameInfo) -> None:
    result = runner.invoke(main, ["play", "fake-rendered", "--seed", "1"], input="1\n" + TAKE_ALL)
    assert result.exit_code == 0, result.output
    assert "RENDERED pile=5" in result.output
    assert "[bold]" not in result.output  # the renderer's markup is interpreted
    assert "1 face down" not in result.output  # the generic view is not used


def test_end_of_input_exits_1_with_a_message(runner: CliRunner, fake_game: GameInfo) -> None:
    code, out = play(runner, "--seed", "1", input="1\n")
    assert code == 1
    assert "input ended" in out
    assert "Traceback" not in out


def test_ctrl_c_exits_130(
    runner: CliRunner, fake_game: GameInfo, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupt(prompt: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupt)
    code, out = play(runner, "--seed", "1")
    assert code == 130
    assert "Interrupted." in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--option", "counters=lots"], "takes a whole number"),
        (["--option", "colour=red"], "unknown option(s) colour"),
        (["--option", "counters"], "'counters' is not name=value"),
        (["--players", "3"], "Fake Counters is for exactly 2 players, not 3"),
        (["--seat", "2"], "seat 2 does not exist with 2 players"),
        (["--seat", "-1"], "seat -1 does not exist"),
        (["--auto", "--seat", "1"], "--seat and --auto exclude each other"),
        (["--bots", "genius"], "Invalid value for '--bots'"),
        (["--players", "two"], "'two' is not a valid integer"),
    ],
)
def test_bad_command_lines_are_usage_errors(
    runner: CliRunner, fake_game: GameInfo, args: list[str], message: str
) -> None:
    code, out = play(runner, *args, input="")
    assert code == 2, out
    assert message in out
    assert "Traceback" not in out


def test_unknown_game(runner: CliRunner) -> None:
    result = runner.invoke(main, ["play", "nope", "--auto"])
    assert result.exit_code == 2
    assert "no game called 'nope'" in result.output


def test_auto_is_reproducible_and_saves(
    runner: CliRunner, fake_game: GameInfo, tmp_path: Path
) -> None:
    first = play(runner, "--auto", "--seed", "11", "--save", str(tmp_path / "a.json"))
    second = play(runner, "--auto", "--seed", "11", "--save", str(tmp_path / "b.json"))
    assert first[0] == 0, first[1]
    assert first[1].replace("a.json", "b.json") == second[1]
    assert "Final scores" in first[1]
    assert "seat 0 (random)" in first[1]
    a = json.loads((tmp_path / "a.json").read_text())
    assert a == json.loads((tmp_path / "b.json").read_text())
    assert a["format"] == "cardtable-record/1"
    assert a["seed"] == 11


def test_a_random_seed_is_printed(runner: CliRunner, fake_game: GameInfo) -> None:
    code, out = play(runner, "--auto")
    assert code == 0
    assert "deals this game again" in out


def test_save_path_in_a_missing_folder_is_refused_before_the_deal(
    runner: CliRunner, fake_game: GameInfo, tmp_path: Path
) -> None:
    code, out = play(runner, "--auto", "--seed", "1", "--save", str(tmp_path / "no" / "x.json"))
    assert code == 2
    assert "does not exist" in out
    assert "Final scores" not in out
