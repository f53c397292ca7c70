"""What leaves the server for one connection: built from ``observation(seat)`` only.

Every message a seat or spectator receives is made here, from the redacted observation of that
seat (the core removes every card it may not see) and that seat's own legal actions with their
structured form (``data``: a kind and named arguments, which the page's views read instead of
the text), descriptions and the notes on why its choices are narrowed (``choice_notes``).
Nothing reads the state's zones directly, so no other seat's hidden card and no face-down choice
can reach a client. The seed and the full record stay on the server until the game is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardtable.server.tables import LiveTable

#: A view carries only the newest history entries and log lines (with the full counts): the
#: page shows the recent log, and a message that grew with the game would make every move of a
#: long game slower to send. The whole game is in the record and the replay once it is over.
HISTORY_TAIL = 10
LOG_TAIL = 30


def trim(observation: dict[str, Any]) -> dict[str, Any]:
    """The observation with its history and log cut to their tails (counts kept)."""
    history, log = observation["history"], observation["log"]
    observation["history_length"] = len(history)
    observation["log_length"] = len(log)
    observation["history"] = history[-HISTORY_TAIL:]
    observation["log"] = log[-LOG_TAIL:]
    return observation


def seat_view(table: LiveTable, seat: int | None) -> dict[str, Any]:
    """The message for ``seat`` (None = a spectator) after the table's latest change."""
    state = table.state
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
        "table": table.summary(),
        "seq": table.seq,
        "seat": seat,
        "observation": observation,
        "legal": legal,
        # The seat's own face-down choice as data (its text is the observation's my_commit).
        "commit": None if commit is None else state.to_action(commit).data.to_json(),
        "notes": notes,
    }
