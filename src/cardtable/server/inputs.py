"""Untrusted input: JSON read strictly, names cleaned, and only short excerpts echoed back.

* JSON: Python's parser accepts ``NaN`` and ``Infinity``, which are not JSON and break
  everything that compares or stores numbers; :func:`loads` refuses them. Nesting is measured
  by :func:`depth` with a plain scan *before* parsing, so a message of a thousand brackets
  never reaches the recursive parser.
* Names: control characters, and the invisible format characters among which are the bidi
  overrides (U+202E turns the rest of a line around on another player's page), are removed by
  :func:`clean_name`; the zero-width joiner that builds emoji stays.
* Errors quote what was sent through :func:`excerpt`, never in full.

>>> clean_name("Ada\\u202e\\u0007 Lovelace ")
'Ada Lovelace'
>>> depth('{"a": [1, {"b": "[[["}]}')
3
>>> excerpt("x" * 1000)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (1000 characters)"
"""

from __future__ import annotations

import json
import unicodedata
from typing import Any

#: Kept although it is a format character: it joins emoji into one picture.
_ZWJ = "\u200d"
EXCERPT = 40


class BadJson(ValueError):
    """Input that is not the JSON we accept (the message says why)."""


def _constant(name: str) -> Any:
    raise BadJson(f"{name} is not a JSON number; send finite numbers only")


def loads(raw: str | bytes, max_depth: int) -> Any:
    """Parse ``raw`` as strict JSON (no NaN or Infinity), at most ``max_depth`` deep."""
    text = raw.decode("utf-8", errors="replace") if isinstance(raw, bytes) else raw
    if depth(text) > max_depth:
        raise BadJson(f"JSON nested more than {max_depth} deep")
    try:
        return json.loads(text, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise BadJson(f"not JSON ({exc.msg} at character {exc.pos})") from None


def depth(text: str) -> int:
    """The deepest nesting of ``[`` and ``{`` outside strings (a linear scan, no recursion)."""
    deepest = level = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            level += 1
            deepest = max(deepest, level)
        elif char in "]}":
            level -= 1
    return deepest


def clean_name(name: str) -> str:
    """``name`` without control and invisible format characters (bidi overrides among them),
    with runs of spaces made one and the ends trimmed."""
    kept = "".join(
        c for c in name if c == _ZWJ or unicodedata.category(c) not in ("Cc", "Cf", "Cs", "Co")
    )
    return " ".join(kept.split())


def excerpt(value: object, limit: int = EXCERPT) -> str:
    """A short quote of ``value`` for an error message: never more than ``limit`` characters."""
    text = value if isinstance(value, str) else json.dumps(value, default=str)[: limit * 4]
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}"[:-1] + f"…' ({len(text)} characters)"
