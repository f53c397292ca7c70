"""Replays of finished games as one seat (or a spectator) saw them, step by step.

A replay re-deals the game from its seed and re-applies the stored actions, taking the seat's
observation after each step. Only finished games are replayed: the seed and the whole record
reveal the deal, so they stay secret until the end. To keep the answer linear in the length of
the game, the growing history and log are sent once: each step carries the move that led to it
(as the seat saw it, with its data where the seat may read it) and the log lines it added.

A replay is built from the game's record and the table's public summary (plain data), never
from the live table, so this module does not depend on the table service.
"""

from __future__ import annotations

from typing import Any

from cardtable.core import GameRecord, State, new_state


def build_replay(record: GameRecord, summary: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """Every step of the finished game of ``record`` as ``seat`` saw it (None = spectator);
    ``summary`` is the table's public summary, sent along."""
    state = new_state(record.game, record.num_players, record.seed, record.options)
    steps: list[dict[str, Any]] = []
    seen_log = 0

    def snapshot(move: tuple[list[Any], dict[str, Any] | None] | None) -> None:
        nonlocal seen_log
        obs = state.observation(seat)
        log = obs.pop("log")
        obs.pop("history")
        obs.pop("history_data")
        steps.append(
            {
                "move": None if move is None else move[0],
                "move_data": None if move is None else move[1],
                "log": log[seen_log:],
                "observation": obs,
            }
        )
        seen_log = len(log)

    snapshot(None)
    for actor, text in record.actions:
        state.apply(actor, text)
        snapshot(_last_move(state, seat))
    return {"table": summary, "seat": seat, "steps": steps}


def _last_move(state: State, seat: int | None) -> tuple[list[Any], dict[str, Any] | None]:
    """The newest history entry as ``seat`` sees it: [actor, text or what outsiders saw], and
    the action's data (None where the text is hidden from the seat)."""
    actor, action_id = state.history[-1]
    text, data = state.history_entry(seat, actor, action_id)
    return [actor, text], (None if data is None else dict(data.to_json()))
