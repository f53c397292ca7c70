"""Replays of finished games as one seat (or a spectator) saw them, step by step.

A replay re-deals the game from its seed and re-applies the stored actions, taking the seat's
observation after each step. Only finished games are replayed: the seed and the whole record
reveal the deal, so they stay secret until the end. To keep the answer linear in the length of
the game, the growing history and log are sent once: each step carries the move that led to it
(as the seat saw it) and the log lines it added.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.core import State, new_state

if TYPE_CHECKING:
    from cardtable.server.tables import LiveTable


def build_replay(table: LiveTable, seat: int | None) -> dict[str, Any]:
    """Every step of the finished game at ``table`` as ``seat`` saw it (None = spectator)."""
    row = table.row
    state = new_state(row.game, row.num_players, row.seed, row.options)
    steps: list[dict[str, Any]] = []
    seen_log = 0

    def snapshot(move: list[Any] | None) -> None:
        nonlocal seen_log
        obs = state.observation(seat)
        log = obs.pop("log")
        obs.pop("history")
        steps.append({"move": move, "log": log[seen_log:], "observation": obs})
        seen_log = len(log)

    snapshot(None)
    for actor, action_id in table.state.history:
        state.apply(actor, action_id)
        snapshot(_last_move(state, seat))
    return {"table": table.summary(), "seat": seat, "steps": steps}


def _last_move(state: State, seat: int | None) -> list[Any]:
    """The newest history entry as ``seat`` sees it: [actor, text or what outsiders saw]."""
    actor, action_id = state.history[-1]
    return [actor, state.history_text(seat, actor, action_id)]
