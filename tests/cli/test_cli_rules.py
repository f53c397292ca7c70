"""`cardtable rules GAME`: finds the rulings doc, renders or prints it, fails clearly."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable.cli import catalog
from cardtable.cli.main import main
from cardtable.core import GameInfo

DOC = "# Fake Counters rulings\n\n**FK-R1**: the pile starts with 5 counters.\n"


@pytest.fixture
def rules_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(catalog, "rules_dirs", lambda: [tmp_path / "missing", tmp_path])
    return tmp_path


def test_rules_renders_the_markdown(
    runner: CliRunner, fake_game: GameInfo, rules_dir: Path
) -> None:
    (rules_dir / "fake_counters.md").write_text(DOC)
    result = runner.invoke(main, ["rules", "fc"])
    assert result.exit_code == 0, result.output
    assert "Fake Counters rulings" in result.output
    assert "FK-R1" in result.output
    assert "**" not in result.output  # rendered, not raw


def test_rules_raw_prints_the_source(
    runner: CliRunner, fake_game: GameInfo, rules_dir: Path
) -> None:
    (rules_dir / "fake_counters.md").write_text(DOC)
    result = runner.invoke(main, ["rules", "fake-counters", "--raw"])
    assert result.exit_code == 0
    assert result.output == DOC


def test_missing_doc_is_an_error_not_a_traceback(
    runner: CliRunner, fake_game: GameInfo, rules_dir: Path
) -> None:
    result = runner.invoke(main, ["rules", "fc"])
    assert result.exit_code == 1
    assert "no rulings doc found for fake-counters: fake_counters.md" in result.output


def test_game_without_a_doc(runner: CliRunner, rendered_game: GameInfo, rules_dir: Path) -> None:
    result = runner.invoke(main, ["rules", "fake-rendered"])
    assert result.exit_code == 1
    assert "none declared" in result.output


def test_unknown_game(runner: CliRunner) -> None:
    result = runner.invoke(main, ["rules", "nope"])
    assert result.exit_code == 2
    assert "no game called 'nope'" in result.output


def test_rules_are_looked_up_in_the_package_then_the_checkout() -> None:
    dirs = catalog.rules_dirs()
    assert str(dirs[0]).endswith("cardtable/docs/rules")
    repo = Path(__file__).resolve().parents[2]
    assert Path(str(dirs[1])) == repo / "docs" / "rules"
