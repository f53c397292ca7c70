"""Reading untrusted JSON files (game records, hand-written positions) with plain-word errors.

Whatever the file holds — nothing, binary data, bad UTF-8, nesting deep enough to exhaust the
parser, a number with thousands of digits, ``NaN`` — :func:`read_json` either returns plain data or
raises :class:`StateFormatError` with one line naming the problem.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cardtable.core.errors import StateFormatError

#: Larger files are refused before they are read (a record of a long game is well under 1 MB).
MAX_BYTES = 16 * 1024 * 1024


def _no_constant(name: str) -> Any:
    raise StateFormatError(f"{name} is not a number a game file may hold")


def parse_json_text(text: str) -> Any:
    """JSON text to plain data; every way it can fail becomes a :class:`StateFormatError`."""
    if not text.strip():
        raise StateFormatError("the file is empty")
    try:
        return json.loads(text, parse_constant=_no_constant)
    except StateFormatError:
        raise
    except json.JSONDecodeError as exc:
        raise StateFormatError(
            f"not valid JSON: {exc.msg.lower()} at line {exc.lineno}, column {exc.colno}"
        ) from None
    except RecursionError:
        raise StateFormatError("not a game file: its JSON is nested far too deeply") from None
    except ValueError:  # e.g. an integer with more digits than Python converts
        raise StateFormatError("not a game file: it holds a number far too long") from None


def read_json(path: str | Path) -> Any:
    """Read and parse a JSON file (UTF-8), refusing what cannot be a game file."""
    file = Path(path)
    try:
        if not file.is_file():
            raise StateFormatError("not a regular file")
        if file.stat().st_size > MAX_BYTES:
            raise StateFormatError(f"the file is larger than {MAX_BYTES // (1024 * 1024)} MB")
        raw = file.read_bytes()
    except OSError as exc:
        raise StateFormatError(f"cannot read the file: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise StateFormatError(
            f"not UTF-8 text (an invalid byte at position {exc.start})"
        ) from None
    return parse_json_text(text)
