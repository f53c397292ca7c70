"""Each golden playthrough file must be reproduced exactly (see ``playthrough.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .playthrough import playthrough, playthrough_files


@pytest.mark.parametrize("path", playthrough_files(), ids=lambda p: p.parent.parent.name)
def test_playthrough_is_unchanged(path: Path) -> None:
    expected = path.read_text()
    game, players, seed, steps = expected.splitlines()[0][2:].split()
    actual = playthrough(game, int(players), int(seed), int(steps))
    for number, (want, got) in enumerate(
        zip(expected.splitlines(), actual.splitlines(), strict=False), start=1
    ):
        assert got == want, f"{path.name} line {number} differs:\n want {want}\n got  {got}"
    assert actual == expected
