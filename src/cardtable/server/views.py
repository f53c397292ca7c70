"""What leaves the server for one connection: built from ``observation(seat)`` only.

Every message a seat or spectator receives is made here, from the redacted observation of that
seat (the core removes every card it may not see) and that seat's own legal actions with their
descriptions. Nothing reads the state's zones directly, so no other seat's hidden card and no
face-down choice can reach a client. The seed and the full record stay on the server until the
game is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardtable.server.tables import LiveTable


def seat_view(table: LiveTable, seat: int | None) -> dict[str, Any]:
    """The message for ``seat`` (None = a spectator) after the table's latest change."""
    state = table.state
    legal: list[dict[str, Any]] = []
    if seat is not None and not state.is_terminal():
        for action in state.legal_actions(seat):
            legal.append(
                {
                    "id": action.id,
                    "text": action.text,
                    "description": state.describe_action(seat, action.id),
                }
            )
    return {
        "type": "view",
        "table": table.summary(),
        "seq": table.seq,
        "seat": seat,
        "observation": state.observation(seat),
        "legal": legal,
    }
