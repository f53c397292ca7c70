#!/usr/bin/env python3
"""An external cardtable bot: a complete player of every game, in plain Python, no cardtable import.

It speaks the ``cardtable-bot/2`` JSON-lines protocol (docs/bots.md): one JSON object per line on
stdin, one answer per request on stdout. One process plays game after game. It picks at random,
but never passes when it has anything else to do. Try it:

    cardtable play magic-show --bots "external:cmd=python examples/bot.py"
    cardtable ladder score --bots "random;external:cmd=python examples/bot.py --seed 3" --games 20

Anything for a human goes to stderr (cardtable shows its last lines if the bot crashes); stdout
carries answers only, each flushed at once.
"""

from __future__ import annotations

import argparse
import json
import random
import sys

PROTOCOL = "cardtable-bot/2"


def choose(request: dict, rng: random.Random) -> int:
    """The id of one of ``request["legal"]``; the observation is in ``request["observation"]``.

    Each legal action carries its meaning as data, ``{"kind": "pass"}`` or ``{"kind": "play",
    "card": "KD"}``: read that, not the text (the text is for people). ``request["budget_ms"]``
    is the time this answer may take."""
    legal = request["legal"]
    active = [a for a in legal if a["data"]["kind"] != "pass"]
    return rng.choice(active or legal)["id"]


def answer(message: dict, rng: random.Random) -> dict | None:
    """The reply to one message, or None for messages that take none."""
    kind = message.get("type")
    if kind == "hello":
        if PROTOCOL not in message["accept"]:
            sys.exit(f"cardtable speaks {message['accept']}, this bot {PROTOCOL}")
        return {"type": "hello", "seq": message["seq"], "protocol": PROTOCOL, "name": "example"}
    if kind == "decide":
        return {"type": "action", "seq": message["seq"], "id": choose(message, rng)}
    if kind == "game_end" and message["returns"] is not None:
        print(f"game over, seat {message['seat']} got {message['returns']}", file=sys.stderr)
    return None  # game_start, game_end and kinds this bot does not know (the protocol may grow)


def main() -> None:
    parser = argparse.ArgumentParser(description="A random cardtable bot over JSON lines.")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    for line in sys.stdin:  # ends when cardtable closes our stdin
        reply = answer(json.loads(line), rng)
        if reply is not None:
            print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
