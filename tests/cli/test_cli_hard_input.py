"""Nothing typed at the prompt and nothing in a record file can crash or fool the CLI."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.cli.main import main
from cardtable.cli.prompt import MAX_INPUT, Command, parse_entry
from cardtable.core import (
    Action,
    CardtableError,
    GameInfo,
    GameRecord,
    IllegalAction,
    StateFormatError,
    new_state,
)

from .conftest import FakeState

# ----------------------------------------------------------------------------- the prompt

REAL = [("piece-of-the-action", 4), ("magic-show", 2), ("score", 3), ("portfolio", 3)]


def _states() -> Iterator[Any]:
    yield FakeState.new(2, 1)
    for game, players in REAL:
        yield new_state(game, players, 5)


STATES = list(_states())

TYPED = st.one_of(
    st.text(),
    st.text(alphabet=st.characters(categories=["Nd", "No", "Cc", "Cf", "Zs"]), max_size=20),
    st.text(min_size=MAX_INPUT - 5, max_size=MAX_INPUT * 3),
    st.from_regex(r"\s*[0-9]{1,40}\s*", fullmatch=True),
    st.sampled_from(["help", "RULES", " quit ", "take", "play", "call h", "[bold]x[/]", "\x1b[2J"]),
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(STATES))), TYPED)
def test_the_prompt_parser_never_raises_anything_else(index: int, text: str) -> None:
    state = STATES[index]
    seat = next(iter(state.to_act()))
    legal = state.legal_actions(seat)
    try:
        choice = parse_entry(state, legal, text)
    except IllegalAction as exc:
        message = str(exc)
        assert "\n" not in message and "\x1b" not in message
        assert len(message) < 600
        return
    assert isinstance(choice, Action | Command)
    if isinstance(choice, Action) and text.strip().isascii() and text.strip().isdigit():
        assert choice == legal[int(text.strip()) - 1]


@pytest.mark.parametrize("digits", ["٣", "³", "１", "١٢", "𝟙"])
def test_only_ascii_digits_are_menu_numbers(digits: str) -> None:
    state = FakeState.new(2, 1)
    with pytest.raises(IllegalAction):
        parse_entry(state, state.legal_actions(0), digits)


def test_forgiving_text_prefixes_and_did_you_mean() -> None:
    state = FakeState.new(2, 1)
    legal = state.legal_actions(0)  # call high, call low
    assert parse_entry(state, legal, "  CALL   High ").text == "call high"
    assert parse_entry(state, legal, "callhigh").text == "call high"
    assert parse_entry(state, legal, "call h").text == "call high"
    assert parse_entry(state, legal, "2").text == "call low"
    with pytest.raises(IllegalAction, match="could be any of call high, call low"):
        parse_entry(state, legal, "call")
    with pytest.raises(IllegalAction, match="did you mean 'call low'"):
        parse_entry(state, legal, "cal lwo")
    with pytest.raises(IllegalAction, match="too long"):
        parse_entry(state, legal, "1" * 10_000)
    assert parse_entry(state, legal, "Help") == Command(
        "help", parse_entry(state, legal, "help").help
    )  # type: ignore[union-attr]


def test_garbage_at_the_prompt_is_explained_and_the_game_goes_on(
    runner: CliRunner, fake_game: GameInfo
) -> None:
    garbage = ["٣", "\x1b[A", "[red]boom[/red]", "9" * 5000, "x" * 300, "\x00", "call"]
    script = "\n".join([*garbage, "call high", *(["take 1"] * 10)]) + "\n"
    result = runner.invoke(main, ["play", "fc", "--seed", "4"], input=script)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Traceback" not in out
    assert "only the digits 0-9 make a menu number" in out
    assert "control characters" in out
    assert "'[red]boom[/red]' is not an action here" in out  # printed literally, not as markup
    assert "too long" in out
    assert "\x1b[A" not in out
    assert "Final scores" in out


# ----------------------------------------------------------------------------- records

JSON_LEAF = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=2**63, max_value=2**200)
    | st.floats(allow_nan=False)
    | st.text(max_size=20)
)
JSON = st.recursive(
    JSON_LEAF,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
GOOD = {
    "format": "cardtable-record/1",
    "game": "magic-show",
    "num_players": 2,
    "seed": 7,
    "options": {},
    "seats": ["human", "random"],
    "actions": [[0, "play KH"], [1, "play 3C"]],
}


@st.composite
def records(draw: st.DrawFn) -> Any:
    if draw(st.booleans()):
        return draw(JSON)
    data: dict[str, Any] = dict(GOOD)
    for key in draw(st.lists(st.sampled_from([*GOOD, "extra"]), max_size=3)):
        if draw(st.booleans()):
            data.pop(key, None)
        else:
            data[key] = draw(JSON | st.sampled_from(["pota", "score", "portfolio", "magic-show"]))
    return data


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records())
def test_fuzzed_records_fail_only_with_a_format_error(data: Any) -> None:
    try:
        record = GameRecord.from_json(data)
        record.replay()
    except CardtableError as exc:
        assert "\n" not in str(exc)
        assert len(str(exc)) < 600


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=200) | records().map(lambda d: json.dumps(d).encode()))
def test_fuzzed_record_files_give_one_line_and_exit_1(
    tmp_path_factory: Any, content: bytes
) -> None:
    path = tmp_path_factory.mktemp("rec") / "game.json"
    path.write_bytes(content)
    runner = CliRunner(env={"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "COLUMNS": "100"})
    result = runner.invoke(main, ["replay", str(path), "--no-pause"])
    if result.exit_code == 0:
        return  # by chance a valid record
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert result.output.startswith("Error: ")
    assert result.output.count("\n") == 1, result.output


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "the file is empty"),
        (b"\n \n", "the file is empty"),
        (b"\xff\xfe{}", "not UTF-8 text"),
        (b"[" * 200_000, "nested"),
        (b'{"seed": ' + b"9" * 5000 + b"}", "number far too long"),
        (b'{"seed": NaN}', "NaN is not a number"),
        (json.dumps({**GOOD, "seed": 2**70}).encode(), "'seed' must be from 0"),
        (json.dumps({**GOOD, "seed": 1.5}).encode(), "'seed' must be a whole number"),
        (json.dumps({**GOOD, "num_players": "2"}).encode(), "'num_players' must be a whole"),
        (json.dumps({k: v for k, v in GOOD.items() if k != "seed"}).encode(), "'seed' is missing"),
        (json.dumps({**GOOD, "actions": {"a": 1}}).encode(), "'actions' must be a list"),
        (json.dumps({**GOOD, "actions": [[0]]}).encode(), "step 1 must be [seat, action text]"),
        (json.dumps({**GOOD, "actions": [[7, "x"]]}).encode(), "step 1 names seat '7'"),
        (json.dumps({**GOOD, "actions": [[0, "x\x1b[2J"]]}).encode(), "\\x1b[2J"),
        (json.dumps({**GOOD, "game": "[bold]x" * 50}).encode(), "…"),
        (json.dumps({**GOOD, "options": {"a": [1]}}).encode(), "option 'a' must be"),
        (json.dumps({**GOOD, "seats": [1, 2]}).encode(), "'seats' must be a list of names"),
        (json.dumps([[[[[[]]]]]]).encode(), "not a game record"),
    ],
)
def test_malformed_record_files(
    runner: CliRunner, tmp_path: Path, content: bytes, message: str
) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(content)
    result = runner.invoke(main, ["replay", str(path), "--no-pause"])
    assert result.exit_code == 1, result.output
    assert message in result.output
    assert "Traceback" not in result.output
    assert result.output.count("\n") == 1, result.output
    assert "\x1b" not in result.output


def test_record_text_is_printed_as_plain_text(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    seats = ["[bold red]Mallory[/]\x1b[31m", "random"]
    path.write_text(json.dumps({**GOOD, "seats": seats, "actions": []}))
    result = runner.invoke(main, ["replay", str(path), "--no-pause"])
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.output


def test_record_loader_rejects_unknown_shapes() -> None:
    with pytest.raises(StateFormatError, match="not a game record"):
        GameRecord.from_json([])


def test_undecodable_input_is_read_as_a_bad_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.cli import play as play_module

    def undecodable(prompt: str = "") -> str:
        raise UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")

    monkeypatch.setattr("builtins.input", undecodable)
    assert play_module.read_line("> ") == "\ufffd"


GARBAGE = [
    "",
    "٣",
    "0",
    "99999999999999999999",
    "\x1b[A",
    "help",
    "rules",
    "q",
    "quit",
    "n",
    "x" * 500,
    "[b]x[/b]",
    "pass",
    "a",
    "move",
]


@pytest.mark.parametrize(("game", "players"), REAL)
def test_a_whole_game_with_garbage_between_choices(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, game: str, players: int
) -> None:
    """Every other line is garbage or a prompt command (answered "no"); the game still ends."""
    import re

    from cardtable.cli import main as cli_main
    from cardtable.core import Rng

    rng = Rng(11)
    count = [0]

    def typist(prompt: str) -> str:
        count[0] += 1
        if prompt.startswith(("Quit", "Really")):
            return "n" if rng.below(3) else "y" if prompt.startswith("Really") else "n"
        if prompt.startswith("--"):
            return "q"
        found = re.search(r"\(1-(\d+)", prompt)
        if count[0] % 2 or not found:
            return GARBAGE[rng.below(len(GARBAGE))] if found else ""
        return str(1 + rng.below(int(found.group(1))))

    monkeypatch.setattr(cli_main, "read_line", typist)
    args = (
        ["play", game, "-p", str(players), "--seed", "3", "-o", "trades=false"]
        if game == "portfolio"
        else ["play", game, "-p", str(players), "--seed", "3"]
    )
    result = runner.invoke(cli_main.main, args)
    assert result.exit_code == 0, result.output[-2000:]
    assert "Traceback" not in result.output
    assert "Final scores" in result.output
