"""``Settings`` (server/config.py) is the only home of the server's defaults: the table service,
the environment reader and the CLI take them from ``DEFAULTS``. A default literal written again
anywhere else in the package fails here."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

import cardtable
from cardtable.cli.hints import DEFAULT_HINTS
from cardtable.server.config import DEFAULTS, ENV, Settings, load_settings
from cardtable.server.tables import LiveTable, TableService

PACKAGE = Path(cardtable.__file__).parent
HOME = PACKAGE / "server" / "config.py"

#: A default written in code: the hint search's spec, or a literal given to one of the settings
#: that were repeated (away time, stand-in bot, hint bot), or a fallback in an environment read.
REPEATS = [
    re.compile(re.escape(DEFAULTS.hint_bot)),
    re.compile(r"\baway_seconds\s*(?::\s*float\s*)?=\s*[\d.]"),
    re.compile(r"\bstandin_bot\s*(?::\s*str\s*)?=\s*[\"']"),
    re.compile(r"\bhint_bot\s*(?::\s*str\s*)?=\s*[\"']"),
    re.compile(r"\bthink_time\s*(?::\s*float\s*)?=\s*[\d.]"),
    re.compile(r"""env\.get\(\s*["']CARDTABLE_\w+["']\s*,\s*["'][^"']"""),
]


def offending_lines(root: Path) -> list[str]:
    out = []
    for path in sorted([*root.rglob("*.py"), *root.rglob("*.js")]):
        if path == HOME:
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if any(pattern.search(line) for pattern in REPEATS):
                out.append(f"{path.relative_to(root)}:{number}: {line.strip()}")
    return out


def test_no_default_is_repeated_outside_settings() -> None:
    assert offending_lines(PACKAGE) == []


@pytest.mark.parametrize(
    "line",
    [
        f'DEFAULT_HINT_BOT = "{DEFAULTS.hint_bot}"',
        "    away_seconds: float = 60.0",
        '        standin_bot: str = "greedy",',
        '    hint = env.get("CARDTABLE_HINT_BOT", "ismcts:time=1.0")',
    ],
)
def test_the_check_catches_a_repeated_default(tmp_path: Path, line: str) -> None:
    (tmp_path / "module.py").write_text(line + "\n")
    assert offending_lines(tmp_path) != []


def test_the_service_the_cli_and_the_environment_use_the_settings_defaults() -> None:
    assert DEFAULTS.hint_bot == DEFAULT_HINTS
    defaults = TableService.__init__.__defaults__ or ()
    assert DEFAULTS.away_seconds in defaults and DEFAULTS.think_time in defaults
    clock = LiveTable.__dataclass_fields__["clock"].default_factory()  # type: ignore[misc]
    assert clock.away_seconds == DEFAULTS.away_seconds
    loaded = load_settings({"CARDTABLE_DATABASE_URL": "sqlite://"})
    assert loaded == replace(DEFAULTS, database_url="sqlite://")


def test_every_variable_sets_its_field() -> None:
    env = {"CARDTABLE_DATABASE_URL": "sqlite://"}
    for variable, name in ENV.items():
        value = getattr(DEFAULTS, name)
        env[variable] = {
            "standin_bot": "random",
            "hint_bot": "ismcts:time=0.5",
            "public_url": "http://10.0.0.5:8000",
        }.get(name, str(value * 2 if not isinstance(value, str) else value))
    loaded = load_settings(env)
    for variable, name in ENV.items():
        assert getattr(loaded, name) == type(getattr(loaded, name))(env[variable]), variable
        assert getattr(loaded, name) != getattr(DEFAULTS, name), variable
    assert isinstance(loaded, Settings)
