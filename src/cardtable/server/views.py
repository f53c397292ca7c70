"""What leaves the server for one connection: built from ``observation(seat)`` only.

Every message a seat or spectator receives is made here, from the redacted observation of that
seat (the core removes every card it may not see) and that seat's own legal actions with their
structured form (``data``: a kind and named arguments, which the page's views read instead of
the text), descriptions and the notes on why its choices are narrowed (``choice_notes``).
Nothing reads the state's zones directly, so no other seat's hidden card and no face-down choice
can reach a client. The seed and the full record stay on the server until the game is over.

A view is made from plain data (the game state, the table's public summary and its step), never
from the live table, so this module does not depend on the table service
(``tests/server/test_layering.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardtable.core.state import State

#: A view carries only the newest history entries and log lines (with the full counts): the
#: page shows the recent log, and a message that grew with the game would make every move of a
#: long game slower to send. The whole game is in the record and the replay once it is over.
HISTORY_TAIL = 10
LOG_TAIL = 30
#: The log the page shows: the newest entries of the timeline (moves and the lines they caused).
TIMELINE_TAIL = 40


def trim(observation: dict[str, Any]) -> dict[str, Any]:
    """The observation with its history (texts and data) and log cut to their tails (counts
    kept)."""
    history, log = observation["history"], observation["log"]
    observation["history_length"] = len(history)
    observation["log_length"] = len(log)
    observation["history"] = history[-HISTORY_TAIL:]
    observation["history_data"] = observation["history_data"][-HISTORY_TAIL:]
    observation["log"] = log[-LOG_TAIL:]
    return observation


def moves(state: State, seat: int | None) -> dict[str, Any]:
    """Every move in words for the page's log, and each seat's latest move for its panel.

    Built from ``state.timeline(seat)``, which the core redacts like the history (a face-down
    choice reads as its outsiders saw it), so nothing here says more than the observation. Each
    entry carries the step it belongs to, numbered as the replay numbers them (move k is step k;
    the deal's lines are step 0); ``seat`` is the actor of a move and None for a log line.
    ``data`` is a move's structured form (:class:`~cardtable.core.actions.ActionData` as JSON)
    where the seat may read its text, and None for a hidden move and for a log line
    (``state.timeline_entries`` decides it with the text).
    """
    entries: list[dict[str, Any]] = []
    last: list[dict[str, Any] | None] = [None] * state.num_players
    step = 0
    for actor, text, action_data in state.timeline_entries(seat):
        data = None if action_data is None else action_data.to_json()
        if actor is not None:
            step += 1
            last[actor] = {"step": step, "text": text, "data": data}
        entries.append({"step": step, "seat": actor, "text": text, "data": data})
    start = max(0, len(entries) - TIMELINE_TAIL)
    return {"timeline": entries[start:], "timeline_start": start, "last_moves": last}


def seat_view(
    state: State, summary: dict[str, Any], seq: int, seat: int | None, away_seconds: float
) -> dict[str, Any]:
    """The message for ``seat`` (None = a spectator) at step ``seq`` of a table whose public
    summary is ``summary``; a stand-in takes an absent person's seat after ``away_seconds``."""
    legal: list[dict[str, Any]] = []
    notes: list[str] = []
    if seat is not None and not state.is_terminal():
        notes = state.choice_notes(seat)
        for action in state.legal_actions(seat):
            legal.append(
                {
                    "id": action.id,
                    "text": action.text,
                    "data": action.data.to_json(),
                    "description": state.describe_action(seat, action.id),
                }
            )
    observation = trim(state.observation(seat))
    commit = observation["my_commit"]
    return {
        "type": "view",
        "table": summary,
        "seq": seq,
        "seat": seat,
        "observation": observation,
        "legal": legal,
        # The seat's own face-down choice as data (its text is the observation's my_commit).
        "commit": None if commit is None else state.to_action(commit).data.to_json(),
        "notes": notes,
        # After this many seconds away a stand-in bot plays a seated person's seat (the page
        # warns of it; coming back takes the seat back).
        "away_seconds": away_seconds,
        **moves(state, seat),
    }
