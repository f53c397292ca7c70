#!/usr/bin/env python3
"""An external cardtable bot: a complete player of every game, in plain Python, no cardtable import.

It speaks the ``cardtable-bot/1`` JSON-lines protocol (docs/bots.md): it reads one request per
line on stdin and answers one line on stdout. This one picks at random, but never passes when it
has anything else to do. Try it:

    cardtable play magic-show --bots "external:cmd=python examples/bot.py"
    cardtable ladder score --bots "random;external:cmd=python examples/bot.py --seed 3" --games 20

Anything for a human goes to stderr (cardtable shows its last lines if the bot crashes); stdout
carries answers only, one per request, flushed at once.
"""

from __future__ import annotations

import argparse
import json
import random
import sys


def choose(request: dict, rng: random.Random) -> int:
    """The id of one of ``request["legal"]``; the observation is in ``request["observation"]``.

    Each legal action carries its meaning as data, ``{"kind": "pass"}`` or ``{"kind": "play",
    "card": "KD"}``: read that, not the text (the text is for people)."""
    legal = request["legal"]
    active = [a for a in legal if a["data"]["kind"] != "pass"]
    return rng.choice(active or legal)["id"]


def main() -> None:
    parser = argparse.ArgumentParser(description="A random cardtable bot over JSON lines.")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    for line in sys.stdin:  # ends when cardtable closes our stdin
        request = json.loads(line)
        if request.get("type") != "decide":
            continue  # ignore message types this bot does not know (the protocol may grow)
        print(json.dumps({"id": choose(request, rng)}), flush=True)


if __name__ == "__main__":
    main()
