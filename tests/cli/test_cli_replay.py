"""`cardtable replay`: every seat's view of a saved game, pauses, and malformed records."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable.cli.main import main
from cardtable.core import GameInfo

Dealt = Callable[[int], list[str]]
SEED = 3


@pytest.fixture
def record(runner: CliRunner, fake_game: GameInfo, tmp_path: Path) -> Path:
    """A finished bots-only game of Fake Counters, saved as a record."""
    path = tmp_path / "game.json"
    args = ["play", "fc", "--auto", "--seed", str(SEED), "--save", str(path)]
    result = runner.invoke(main, args)
    assert result.exit_code == 0, result.output
    return path


def replay(runner: CliRunner, *args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(main, ["replay", *args], input=input)
    return result.exit_code, result.output


def test_spectator_replay_shows_only_public_information(
    runner: CliRunner, record: Path, dealt: Dealt
) -> None:
    code, out = replay(runner, str(record), "--no-pause")
    assert code == 0, out
    total = len(json.loads(record.read_text())["actions"])
    assert f"Step {total}/{total}" in out
    assert "Spectator view" in out
    assert "seat 0: makes a hidden choice" in out  # face-down calls stay hidden
    for card in dealt(SEED):
        assert card not in out
    assert "Final scores" in out


def test_seat_replay_shows_that_seats_hand_only(
    runner: CliRunner, record: Path, dealt: Dealt
) -> None:
    code, out = replay(runner, str(record), "--seat", "1", "--no-pause")
    assert code == 0, out
    theirs, mine = dealt(SEED)
    assert mine in out
    assert theirs not in out
    assert "Seat 1's view" in out
    assert "Seat 0's view" not in out


def test_all_seats(runner: CliRunner, record: Path, dealt: Dealt) -> None:
    code, out = replay(runner, str(record), "--all", "--no-pause")
    assert code == 0, out
    assert "Seat 0's view" in out
    assert "Seat 1's view" in out
    assert all(card in out for card in dealt(SEED))


def test_enter_steps_and_q_quits(runner: CliRunner, record: Path) -> None:
    code, out = replay(runner, str(record), input="\nq\n")
    assert code == 0, out
    assert "Start" in out
    assert "Step 1/" in out
    assert "Step 2/" not in out
    assert "Final scores" not in out


def test_end_of_input_stops_quietly(runner: CliRunner, record: Path) -> None:
    code, out = replay(runner, str(record), input="\n\n")
    assert code == 0, out
    assert "Step 2/" in out
    assert "Step 3/" not in out


def test_enter_to_the_end(runner: CliRunner, record: Path) -> None:
    code, out = replay(runner, str(record), input="\n" * 50)
    assert code == 0, out
    assert "Final scores" in out


def test_unfinished_record_says_so(runner: CliRunner, record: Path) -> None:
    data = json.loads(record.read_text())
    data["actions"] = data["actions"][:2]
    record.write_text(json.dumps(data))
    code, out = replay(runner, str(record), "--no-pause")
    assert code == 0, out
    assert "ends before the game is over" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seat", "2"], "the record has seats 0-1"),
        (["--seat", "0", "--all"], "--seat and --all exclude each other"),
    ],
)
def test_bad_arguments(runner: CliRunner, record: Path, args: list[str], message: str) -> None:
    code, out = replay(runner, str(record), *args, "--no-pause")
    assert code == 2
    assert message in out


def test_missing_file(runner: CliRunner, tmp_path: Path) -> None:
    code, out = replay(runner, str(tmp_path / "nothing.json"))
    assert code == 2
    assert "does not exist" in out


@pytest.mark.parametrize(
    ("mangle", "message"),
    [
        (lambda data: "not json at all", "not valid JSON"),
        (lambda data: json.dumps({}), "not a game record"),
        (lambda data: json.dumps({**data, "game": "nope"}), "no game called 'nope'"),
        (
            lambda data: json.dumps({**data, "num_players": 5, "seats": ["bot"] * 5}),
            "is for exactly 2 players",
        ),
        (lambda data: json.dumps({**data, "seed": "x"}), "bad game record"),
        (
            lambda data: json.dumps({**data, "actions": [[0, "take 1"], *data["actions"]]}),
            "record step 1",
        ),
    ],
)
def test_malformed_records_fail_with_a_message(
    runner: CliRunner, record: Path, mangle: Callable[[dict[str, object]], str], message: str
) -> None:
    record.write_text(mangle(json.loads(record.read_text())))
    code, out = replay(runner, str(record), "--no-pause")
    assert code == 1, out
    assert message in out
    assert "Traceback" not in out


def test_step_back_and_jump(runner: CliRunner, record: Path) -> None:
    code, out = replay(runner, str(record), input="\n\nb\n0\n3\nlots\n٣\nq\n")
    assert code == 0, out
    order = re.findall(r"(Start|Step \d+)/?\d* —", out)
    assert order == ["Start", "Step 1", "Step 2", "Step 1", "Start", "Step 3"]
    assert "Type Enter, b, q or a step number" in out


def test_replay_shows_the_log_lines_of_each_step(runner: CliRunner, record: Path) -> None:
    code, out = replay(runner, str(record), "--no-pause")
    assert code == 0, out
    assert "each seat is dealt one hidden card" in out  # the deal's line, at the start
    assert "takes" in out  # lines caused by actions
