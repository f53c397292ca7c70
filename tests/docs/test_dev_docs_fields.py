"""Each game's developer page (``docs/dev/<game>.md``) names every field and every phase the
code has, so the page cannot fall behind the code again (issue 27: the Portfolio page listed 21
of 34 fields and 5 of 8 phases).

The lists come from the code: a game's fields are its state class's ``SCALARS`` and its phases
the ``PHASES`` of its ``table.py``; a name counts as listed when the page writes it in code
quotes (`` `money` ``, or `` `"commit"` `` for a phase's JSON value).
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from cardtable.core import GameInfo, list_games

DOCS = Path(__file__).resolve().parents[2] / "docs" / "dev"


def _page(info: GameInfo) -> str:
    return (DOCS / info.rules_doc).read_text()


def _table_module(info: GameInfo) -> object:
    package = info.state_class.__module__.rsplit(".", 1)[0]
    return importlib.import_module(f"{package}.table")


def missing(page: str, names: tuple[str, ...]) -> list[str]:
    """The names the page never writes in code quotes."""
    return [n for n in names if not re.search(rf'`"?{re.escape(n)}"?`', page)]


def test_missing_sees_an_unlisted_name() -> None:
    page = 'fields: `phase` (`"draw"`, `source`), `money`; the offer is a proposer'
    assert missing(page, ("phase", "money", "draw", "source", "proposer")) == ["proposer"]


@pytest.mark.parametrize("info", list_games(), ids=lambda i: i.name)
def test_dev_page_lists_every_field(info: GameInfo) -> None:
    gone = missing(_page(info), info.state_class.SCALARS)
    assert not gone, f"docs/dev/{info.rules_doc} does not list the fields {gone}"


@pytest.mark.parametrize("info", list_games(), ids=lambda i: i.name)
def test_dev_page_lists_every_phase(info: GameInfo) -> None:
    phases: tuple[str, ...] = getattr(_table_module(info), "PHASES")  # noqa: B009
    gone = missing(_page(info), phases)
    assert not gone, f"docs/dev/{info.rules_doc} does not list the phases {gone}"
