"""Every registered game through the CLI: bots-only games, and a human typing at random.

Parameterized over the registry, so each game is covered as soon as it registers (and the
module collects nothing before any game exists).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable.cli import main as cli_main
from cardtable.core import GameInfo, GameRecord, Rng, list_games

CONFIGS = [
    pytest.param(info, players, id=f"{info.name}-{players}p")
    for info in list_games()
    for players in sorted({info.min_players, info.max_players})
]


@pytest.mark.parametrize(("info", "players"), CONFIGS)
def test_auto_game_ends_and_replays(
    runner: CliRunner, tmp_path: Path, info: GameInfo, players: int
) -> None:
    path = tmp_path / "game.json"
    args = ["play", info.name, "--auto", "-p", str(players), "--seed", "1", "--save", str(path)]
    result = runner.invoke(cli_main.main, args)
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.output
    assert GameRecord.load(path).replay().is_terminal()
    replayed = runner.invoke(cli_main.main, ["replay", str(path), "--all", "--no-pause"])
    assert replayed.exit_code == 0, replayed.output


@pytest.mark.parametrize(("info", "players"), CONFIGS)
def test_human_seat_typing_random_menu_numbers(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, info: GameInfo, players: int
) -> None:
    rng = Rng(7)

    def typist(prompt: str) -> str:
        """Press Enter for a forced choice, else a random number from the menu range."""
        found = re.search(r"\(1-(\d+)", prompt)
        return str(1 + rng.below(int(found.group(1)))) if found else ""

    monkeypatch.setattr(cli_main, "read_line", typist)
    args = ["play", info.name, "-p", str(players), "--seat", str(players - 1), "--seed", "2"]
    # The options a human table turns on (Portfolio's trades) are set back to their defaults:
    # random typing through trade offers makes games very long; trades have their own tests.
    defaults = {o.name: o.default for o in info.options}
    for name in info.human_options:
        args += ["-o", f"{name}={str(defaults[name]).lower()}"]
    result = runner.invoke(cli_main.main, args)
    assert result.exit_code == 0, result.output[-3000:]
    assert "Final scores" in result.output
    assert "Not accepted" not in result.output
