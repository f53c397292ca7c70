"""The server's layers import one way: views and replays are made from plain data (a state, a
record, a summary), so they import nothing of the table service or the app above them (the views
only the per-seat logs they keep, plain data too)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import cardtable.server

SERVER = Path(cardtable.server.__file__).parent


def imported_modules(path: Path) -> set[str]:
    """Every module the file imports, at any level (TYPE_CHECKING blocks and functions too)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: resolve against cardtable.server
                base = "cardtable.server" + (f".{base}" if base else "")
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


#: What each plain-data module may import of the server: the views keep their per-seat logs in
#: ``seatlog`` and make updates with ``patch``, both plain data.
ALLOWED = {
    "views.py": {"cardtable.server.seatlog", "cardtable.server.patch"},
    "seatlog.py": set(),
    "replay.py": set(),
    "patch.py": set(),
}


@pytest.mark.parametrize("module", sorted(ALLOWED))
def test_views_and_replays_do_not_import_the_table_service(module: str) -> None:
    found = {n for n in imported_modules(SERVER / module) if n.startswith("cardtable.server")}
    allowed = ALLOWED[module]
    # ``from M import name`` lists ``M.name`` too: the names of an allowed module are allowed.
    outside = {n for n in found if n not in allowed and n.rsplit(".", 1)[0] not in allowed}
    assert outside == set(), f"server/{module} imports {sorted(outside)}"


def test_the_check_sees_an_import_inside_type_checking(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from cardtable.server.tables import LiveTable\n"
        "def f():\n"
        "    from .tables import TableService\n"
    )
    found = imported_modules(sample)
    assert "cardtable.server.tables" in found
    assert "cardtable.server.tables.TableService" in found
