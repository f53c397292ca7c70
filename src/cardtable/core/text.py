"""Untrusted text made safe to show: control characters escaped, cut to a sensible length.

Text typed at a prompt, read from a game record or from a hand-written position may be anything.
Every message that repeats such text goes through :func:`quote` (or :func:`shown`), so a message
stays one short line and cannot move the cursor, ring the bell or recolour a terminal.

>>> quote("take 1")
"'take 1'"
>>> quote("a\\x1b[31mb")
"'a\\\\x1b[31mb'"
>>> shown("x" * 100, limit=10)
'xxxxxxxxx…'
>>> shown(["not", "text"])
"['not', 'text']"
"""

from __future__ import annotations

import unicodedata
from typing import Any

#: Longest piece of untrusted text repeated in a message.
LIMIT = 60


def _escape(char: str) -> str:
    if char == "\n":
        return "\\n"
    if char == "\t":
        return "\\t"
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def escape_controls(text: str) -> str:
    """Control, format and other non-printing characters as ``\\x..`` escapes; the rest as is."""
    out = []
    for char in text:
        if char == " " or unicodedata.category(char)[0] not in "CZ":
            out.append(char)
        else:
            out.append(_escape(char))
    return "".join(out)


def shown(value: Any, limit: int = LIMIT) -> str:
    """Any value as one safe line of at most ``limit`` characters (``…`` marks a cut)."""
    if isinstance(value, str):
        text = value
    elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**limit:
        text = "a very large number"
    else:
        try:
            text = repr(value)
        except (ValueError, RecursionError):
            text = f"a {type(value).__name__}"
    if len(text) > 4 * limit:  # escaping can only grow the text; cut the input first
        text = text[: 4 * limit]
    safe = escape_controls(text)
    if len(safe) > limit:
        safe = safe[: limit - 1] + "…"
    return safe


def quote(value: Any, limit: int = LIMIT) -> str:
    """:func:`shown` in single quotes, for text repeated inside a message."""
    return f"'{shown(value, limit)}'"
