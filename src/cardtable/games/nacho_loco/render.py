"""A terminal drawing of Nacho Loco (filled in below)."""

from __future__ import annotations

from typing import Any


def render(obs: dict[str, Any]) -> str:
    return str(obs["public"]["deciding"])
