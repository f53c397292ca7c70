"""Game records: everything needed to replay a game exactly.

A record holds the game, player count, options, seed, who sat where, and the actions in order.
Actions are stored as ``[seat, text]`` so a record is readable; replay parses each text and
applies it through the checked path, so a tampered record fails loudly at the bad step.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardtable.core.errors import CardtableError, StateFormatError
from cardtable.core.options import options_to_json
from cardtable.core.registry import new_state
from cardtable.core.state import State

FORMAT = "cardtable-record/1"


@dataclass
class GameRecord:
    game: str
    num_players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    seats: list[str] = field(default_factory=list)
    actions: list[tuple[int, str]] = field(default_factory=list)

    @classmethod
    def of(cls, state: State, seed: int, seats: list[str] | None = None) -> GameRecord:
        """The record of a game started with :func:`new_state` from ``seed``."""
        space = state.actions
        return cls(
            game=state.GAME,
            num_players=state.num_players,
            seed=seed,
            options=options_to_json(state.options),
            seats=list(seats or [f"seat {i}" for i in range(state.num_players)]),
            actions=[(s, space.action(a).text) for s, a in state.history],
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "num_players": self.num_players,
            "seed": self.seed,
            "options": self.options,
            "seats": self.seats,
            "actions": [[s, t] for s, t in self.actions],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameRecord:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise StateFormatError(f'not a game record (expected "format": "{FORMAT}")')
        try:
            return cls(
                game=str(data["game"]),
                num_players=int(data["num_players"]),
                seed=int(data["seed"]),
                options=dict(data.get("options") or {}),
                seats=[str(s) for s in data.get("seats") or []],
                actions=[(int(s), str(t)) for s, t in data.get("actions") or []],
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise StateFormatError(f"bad game record: {exc}") from None

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n")

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        try:
            return cls.from_json(json.loads(Path(path).read_text()))
        except json.JSONDecodeError as exc:
            raise StateFormatError(f"{path}: not valid JSON ({exc})") from None

    def states(self) -> Iterator[tuple[State, tuple[int, str] | None]]:
        """The start state, then the state after each action with that action (checked)."""
        state = new_state(self.game, self.num_players, self.seed, self.options)
        yield state, None
        for i, (seat, text) in enumerate(self.actions):
            try:
                state.apply(seat, text)
            except CardtableError as exc:
                raise StateFormatError(f"record step {i + 1} ({seat}: {text!r}): {exc}") from None
            yield state, (seat, text)

    def replay(self) -> State:
        """The final state of the recorded game."""
        state = None
        for state, _ in self.states():  # noqa: B007 - the last one is the answer
            pass
        assert state is not None
        return state
