"""The ``cardtable-bot/2`` messages: what cardtable writes to a bot program and reads back.

One JSON object per line, in both directions; ``bot-protocol.schema.json`` (beside this module)
defines every kind and docs/bots.md explains them. cardtable numbers every message it sends
(``seq``, counting from 0 for each bot process) and a reply repeats the number of the request it
answers, so a late answer to an earlier decision, a stray line or a reply to the wrong request is
recognised and skipped instead of being played (the version-1 protocol had no numbers, and one
stray line put every later answer one decision behind).

>>> reply = parse_reply('{"type": "action", "seq": 7, "id": 3}')
>>> reply.seq, reply.id
(7, 3)
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeGuard

from cardtable.core import Action

PROTOCOL = "cardtable-bot/2"
#: The versions this cardtable speaks; a bot answers hello with one of them.
ACCEPTED = (PROTOCOL,)
#: The JSON Schema of every message (tests validate whole games against it).
SCHEMA_PATH = Path(__file__).with_name("bot-protocol.schema.json")


class BotFault(Exception):
    """What went wrong with an external bot, in words."""


@dataclass(frozen=True, slots=True)
class Reply:
    """One line from the bot, read as a reply: its kind, number and chosen id (actions only)."""

    kind: str
    seq: int
    id: int = -1
    protocol: str = ""
    name: str = ""


def encode(message: Mapping[str, Any]) -> str:
    """One compact line (no newline)."""
    return json.dumps(message, separators=(",", ":"))


def hello(seq: int) -> dict[str, Any]:
    return {"type": "hello", "seq": seq, "protocol": PROTOCOL, "accept": list(ACCEPTED)}


def game_start(seq: int, setup: Mapping[str, Any]) -> dict[str, Any]:
    """``setup`` holds game, players, seat, options, cards and zones (see
    :func:`.specs.game_setup`); a runner that did not say sends null for the last three."""
    return {
        "type": "game_start",
        "seq": seq,
        "game": setup["game"],
        "players": setup["players"],
        "seat": setup["seat"],
        "options": setup.get("options"),
        "cards": setup.get("cards"),
        "zones": setup.get("zones"),
    }


def decide(
    seq: int, observation: Mapping[str, Any], legal: Sequence[Action], budget: float
) -> dict[str, Any]:
    return {
        "type": "decide",
        "seq": seq,
        "game": observation.get("game"),
        "seat": observation.get("seat"),
        "budget_ms": max(1, int(budget * 1000)),
        "observation": observation,
        "legal": [{"id": a.id, "text": a.text, "data": a.data.to_json()} for a in legal],
    }


def game_end(
    seq: int, setup: Mapping[str, Any], observation: Mapping[str, Any] | None
) -> dict[str, Any]:
    """The end of a game; ``observation`` None means it was abandoned (no returns)."""
    returns = None if observation is None else observation.get("returns")
    return {
        "type": "game_end",
        "seq": seq,
        "game": setup["game"],
        "seat": setup["seat"],
        "returns": returns,
        "observation": observation,
    }


def parse_reply(line: str) -> Reply:
    """A bot's line as a hello or action reply; BotFault saying why it is neither."""
    text = line.strip()
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        raise BotFault(f"wrote {text[:60]!r}, which is not JSON") from None
    if not isinstance(data, dict):
        raise BotFault(f"wrote {text[:60]!r}, which is not a JSON object")
    kind, seq = data.get("type"), data.get("seq")
    if kind not in ("hello", "action"):
        raise BotFault(f'wrote {text[:60]!r}; a reply has "type" "hello" or "action"')
    if not _whole(seq):
        raise BotFault(f'wrote {text[:60]!r} without a "seq" number')
    if kind == "hello":
        protocol, name = data.get("protocol"), data.get("name", "")
        if not isinstance(protocol, str) or not isinstance(name, str):
            raise BotFault(f'wrote {text[:60]!r}; hello needs a "protocol" string')
        return Reply("hello", seq, protocol=protocol, name=name)
    chosen = data.get("id")
    if not _whole(chosen):
        raise BotFault(f'wrote {text[:60]!r}; an action needs an "id" number')
    return Reply("action", seq, id=chosen)


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0
