"""`cardtable play`: --save checks and partial records, the seed at the end, option checks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable.cli.main import main
from cardtable.core import GameInfo, GameRecord

TAKE_ALL = "take 1\n" * 10


def play(runner: CliRunner, *args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(main, ["play", "fake-counters", *args], input=input)
    return result.exit_code, result.output


def test_seed_is_printed_at_the_end_not_the_start(runner: CliRunner, fake_game: GameInfo) -> None:
    code, out = play(runner, "--seed", "4242", input="1\n" + TAKE_ALL)
    assert code == 0, out
    assert out.index("Seed 4242") > out.index("Final scores")
    assert "4242" not in out[: out.index("Final scores")]


def test_a_non_record_file_is_not_overwritten_without_force(
    runner: CliRunner, fake_game: GameInfo, tmp_path: Path
) -> None:
    precious = tmp_path / "notes.txt"
    precious.write_text("my notes\n")
    code, out = play(runner, "--auto", "--seed", "1", "--save", str(precious))
    assert code == 2
    assert "not a cardtable game record" in out and "--force" in out
    assert "Final scores" not in out  # refused before the deal
    assert precious.read_text() == "my notes\n"
    code, out = play(runner, "--auto", "--seed", "1", "--save", str(precious), "--force")
    assert code == 0, out
    assert GameRecord.load(precious).seed == 1


def test_an_existing_record_may_be_overwritten(
    runner: CliRunner, fake_game: GameInfo, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    assert play(runner, "--auto", "--seed", "1", "--save", str(path))[0] == 0
    code, out = play(runner, "--auto", "--seed", "2", "--save", str(path))
    assert code == 0, out
    assert GameRecord.load(path).seed == 2


def test_save_path_that_is_a_folder(runner: CliRunner, fake_game: GameInfo, tmp_path: Path) -> None:
    code, out = play(runner, "--auto", "--save", str(tmp_path))
    assert code == 2
    assert "is a directory" in out or "is a folder" in out


def test_end_of_input_saves_a_partial_record(
    runner: CliRunner, fake_game: GameInfo, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    code, out = play(runner, "--seed", "3", "--save", str(path), input="1\n")
    assert code == 1
    assert "input ended" in out
    assert "Saved the record of the game so far" in out
    assert "Seed 3" in out
    record = GameRecord.load(path)
    assert (0, "call high") in record.actions
    assert not record.replay().is_terminal()


def test_ctrl_c_saves_a_partial_record(
    runner: CliRunner, fake_game: GameInfo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupt(prompt: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupt)
    path = tmp_path / "game.json"
    code, _out = play(runner, "--seed", "3", "--save", str(path))
    assert code == 130
    assert all(seat == 1 for seat, _ in GameRecord.load(path).actions)  # only the bot's


def test_quit_asks_then_saves(runner: CliRunner, fake_game: GameInfo, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, out = play(runner, "--seed", "3", "--save", str(path), input="quit\nn\n1\nexit\ny\n")
    assert code == 0, out
    assert "Going on." in out
    assert "You left the game before the end." in out
    assert "Final scores" not in out
    record = GameRecord.load(path)
    assert (0, "call high") in record.actions
    assert not record.replay().is_terminal()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-o", "counters=3", "-o", "counters=4"], "option 'counters' is given twice"),
        (["-o", "counters=٣"], "takes a whole number"),
        (["-o", "counters=" + "9" * 5000], "takes a whole number"),
        (["--players", "0"], "Fake Counters is for exactly 2 players, not 0"),
        (["--seed", "-1"], "the seed is a whole number from 0 to 2**64-1"),
    ],
)
def test_bad_options(runner: CliRunner, fake_game: GameInfo, args: list[str], message: str) -> None:
    code, out = play(runner, "--auto", *args)
    assert code == 2, out
    assert message in " ".join(out.split())
    assert "Traceback" not in out


@pytest.mark.parametrize(
    ("game", "args", "message"),
    [
        ("pota", ["-o", "max_tiebreak_deals=-1"], "max_tiebreak_deals must be 0 to 100, not '-1'"),
        ("pota", ["-p", "7"], "Piece of the Action takes 2 to 6 players, not 7"),
        ("ms", ["-p", "3"], "Magic Show is for exactly 2 players, not 3"),
        ("portfolio", ["-o", "max_offers_per_turn=99"], "must be 0 to 20"),
    ],
)
def test_real_game_options_have_ranges(
    runner: CliRunner, game: str, args: list[str], message: str
) -> None:
    result = runner.invoke(main, ["play", game, "--auto", *args])
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.split())


def test_games_lists_option_ranges(runner: CliRunner) -> None:
    result = runner.invoke(main, ["games"])
    assert "From 0 to 100." in result.output


def test_records_from_partial_games_replay(
    runner: CliRunner, fake_game: GameInfo, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    play(runner, "--seed", "3", "--save", str(path), input="1\n")
    assert json.loads(path.read_text())["format"] == "cardtable-record/1"
    result = runner.invoke(main, ["replay", str(path), "--no-pause"])
    assert result.exit_code == 0, result.output
    assert "ends before the game is over" in result.output
