"""`cardtable review` on a saved game of every game, and `cardtable play --hints`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable.cli.main import main
from cardtable.core import GameInfo, GameRecord, list_games

SEARCH = "ismcts:iterations=12,cutoff=10"


@pytest.mark.parametrize("info", list_games(), ids=lambda i: i.name)
def test_review_a_saved_game_of_every_game(
    runner: CliRunner, tmp_path: Path, info: GameInfo
) -> None:
    saved = tmp_path / "game.json"
    players = str(info.min_players)
    made = runner.invoke(
        main,
        [
            "play",
            info.name,
            "-p",
            players,
            "--auto",
            "--seed",
            "2",
            "--bots",
            "greedy;random",
            "--save",
            str(saved),
        ],
    )
    assert made.exit_code == 0, made.output
    result = runner.invoke(main, ["review", str(saved), "--seat", "0", "--bot", SEARCH])
    assert result.exit_code == 0, result.output
    record = GameRecord.load(saved)
    lines = [ln for ln in result.output.splitlines() if re.match(r"^step +\d+ ", ln)]
    seat0_moves = [text for seat, text in record.actions if seat == 0]
    assert 0 < len(lines) <= len(seat0_moves)
    assert all(re.search(r"\bbest\b", ln) for ln in lines)
    summary = result.output.split(lines[-1])[-1]
    assert f"seat 0 (greedy): {len(lines)} decisions with a choice" in summary
    assert "inaccuracies" in summary and "blunders" in summary
    assert "?! from 5%, ? from 10%, ?? from 20%" in result.output


def test_review_errors(runner: CliRunner, tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    runner.invoke(main, ["play", "ms", "--auto", "--seed", "1", "--save", str(saved)])
    bad_seat = runner.invoke(main, ["review", str(saved), "--seat", "2"])
    assert bad_seat.exit_code == 2 and "seats 0-1" in bad_seat.output
    bad_bot = runner.invoke(main, ["review", str(saved), "--seat", "0", "--bot", "greedy"])
    assert bad_bot.exit_code == 2 and "not a search" in bad_bot.output
    junk = tmp_path / "junk.json"
    junk.write_text("{}")
    bad_file = runner.invoke(main, ["review", str(junk), "--seat", "0"])
    assert bad_file.exit_code == 1 and "not a game record" in bad_file.output


def test_hints_at_a_human_decision(runner: CliRunner) -> None:
    args = ["play", "magic-show", "--seed", "4", "--hints", "--hint-bot", "ismcts:iterations=40"]
    result = runner.invoke(main, args, input="?\n" + "1\n" * 200)
    assert result.exit_code == 0, result.output
    assert "? for hints" in result.output
    table = result.output.split("Search estimate from your information (even share: 50%)")[1]
    table = table.split("Your choice")[0]
    for card in ("play 2S", "play 5H", "play 6H", "play JH", "play KD"):
        assert card in table
    assert "the card that helps your show" in table  # the rule of thumb's reason, on its pick
    assert "Final scores" in result.output


def test_hints_off_by_default_and_bad_hint_bot(runner: CliRunner) -> None:
    quiet = runner.invoke(main, ["play", "magic-show", "--seed", "4"], input="?\n" + "1\n" * 200)
    assert "Not accepted: '?' is not an action here" in quiet.output
    bad = runner.invoke(main, ["play", "ms", "--hints", "--hint-bot", "random"], input="")
    assert bad.exit_code == 2 and "not a search" in bad.output


@pytest.mark.parametrize(
    ("best", "chosen", "shown", "marked"),
    [
        (0.548, 0.5, "loss 4.8%", False),
        (0.5496, 0.5, "loss 5.0%", True),
        (0.62, 0.5, "loss 12.0%", True),
    ],
)
def test_review_marks_by_the_loss_it_shows(
    best: float, chosen: float, shown: str, marked: bool
) -> None:
    """A loss is shown to a tenth of a percent and graded by that figure: an unmarked
    "loss 5%" that was really 4.8% (or a marked one that was 4.96%) cannot happen."""
    from cardtable.agents.analysis import Reviewed, grade, shown_loss
    from cardtable.cli.review import row_text
    from cardtable.core import Action

    loss = shown_loss(best, chosen)
    row = Reviewed(
        3, Action(1, "play 2"), Action(0, "play 1"), chosen, best, loss, grade(loss), None, 2
    )
    text = row_text(row).plain
    assert shown in text
    assert ("?" in text) is marked and bool(row.mark) is marked


def test_review_shows_every_figure_to_a_tenth_so_rounding_hides_no_mark() -> None:
    """Wins shown as whole percents read "41% (best 46%)" beside an unmarked "loss 4.9%"
    (0.46178 - 0.41234): the shown figures now agree, 46.2 - 41.2 is a marked 5.0."""
    from cardtable.agents.analysis import Reviewed, grade, shown_loss
    from cardtable.cli.review import row_text
    from cardtable.core import Action

    loss = shown_loss(0.46178, 0.41234)
    row = Reviewed(
        3, Action(1, "play 2"), Action(0, "play 1"), 0.41234, 0.46178, loss, grade(loss), None, 2
    )
    text = row_text(row).plain
    assert "win 41.2% (best 46.2%)" in text and "loss 5.0%" in text and "?!" in text


def _flagged_row(mark: str) -> object:
    from cardtable.agents.analysis import Reviewed
    from cardtable.core import new_state

    state = new_state("portfolio", 2, seed=5)
    chosen = state.legal_actions(0)[0]
    return Reviewed(
        1,
        chosen,
        chosen,
        0.30,
        0.52,
        0.22 if mark else 0.0,
        mark,
        f"{chosen.text}: the rule of thumb's reason",
        2,
        state.observation(0),
    )


def test_a_flagged_decision_shows_the_position_and_the_rule_of_thumb(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Under a marked decision: the seat's view before the move (the game's own terminal view)
    and the rule of thumb's pick with its reason; nothing under an unmarked one."""
    from rich.console import Console

    from cardtable.cli import review
    from cardtable.core import GameRecord, get_game, new_state

    flagged, plain = _flagged_row("blunder"), _flagged_row("")
    game = get_game("portfolio")
    assert review.row_details(plain, game) == []  # type: ignore[arg-type]
    monkeypatch.setattr(review, "review_record", lambda *a, **k: iter([flagged, plain]))
    console = Console(record=True, width=120)
    record = GameRecord.of(new_state("portfolio", 2, seed=5), 5, ["you", "greedy"])
    review.run_review(record, 0, "ismcts:iterations=10", console)
    out = console.export_text()
    hand = flagged.observation["zones"]["hand:0"]  # type: ignore[attr-defined]
    assert out.count("position before the move, as the seat saw it:") == 1
    assert "Your hand (13)" in out and "Money:" in out
    assert all(card[:-1] in out for card in hand)
    assert out.count("rule of thumb: ") == 1 and "the rule of thumb's reason" in out
