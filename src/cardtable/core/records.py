"""Game records: everything needed to replay a game exactly.

A record holds the game, player count, options, seed, who sat where, and the actions in order.
Actions are stored as ``[seat, text]`` so a record is readable; replay parses each text and
applies it through the checked path, so a tampered record fails loudly at the bad step.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardtable.core.errors import CardtableError, StateFormatError
from cardtable.core.jsonio import read_json
from cardtable.core.options import options_to_json
from cardtable.core.registry import new_state
from cardtable.core.state import State
from cardtable.core.text import quote, shown

FORMAT = "cardtable-record/1"

#: Bounds on what a record may hold (far beyond any real game).
MAX_SEATS = 64
MAX_SEED = 2**64 - 1
MAX_ACTION_TEXT = 200
MAX_NAME = 40


def _whole(data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = data[key]
    if type(value) is not int:
        raise StateFormatError(
            f"bad game record: {key!r} must be a whole number, not {quote(value, 30)}"
        )
    if not low <= value <= high:
        raise StateFormatError(
            f"bad game record: {key!r} must be from {low} to {high}, not {quote(value, 30)}"
        )
    return value


def is_record_file(path: str | Path) -> bool:
    """Does ``path`` hold a cardtable game record (so overwriting it loses only a record)?"""
    try:
        data = read_json(path)
    except StateFormatError:
        return False
    return isinstance(data, dict) and data.get("format") == FORMAT


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
    def from_json(cls, data: Any) -> GameRecord:
        """Check and read a record. Records are untrusted: every field's type and range is
        checked here, and a problem is a :class:`StateFormatError` naming the field."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise StateFormatError(f'not a game record (expected "format": "{FORMAT}")')
        for key in ("game", "num_players", "seed"):
            if key not in data:
                raise StateFormatError(f"bad game record: the field {key!r} is missing")
        game = data["game"]
        if not isinstance(game, str) or not game.strip():
            raise StateFormatError(
                f"bad game record: 'game' must be a game's name, not {quote(game)}"
            )
        num_players = _whole(data, "num_players", 1, MAX_SEATS)
        seed = _whole(data, "seed", 0, MAX_SEED)
        options = data.get("options") or {}
        if not isinstance(options, dict):
            raise StateFormatError("bad game record: 'options' must be an object of name: value")
        for name, value in options.items():
            if not isinstance(value, str | int | bool) or isinstance(value, float):
                raise StateFormatError(
                    f"bad game record: option {quote(name, 30)} must be text, a whole number "
                    f"or true/false, not {quote(value, 30)}"
                )
        seats = data.get("seats") or []
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise StateFormatError("bad game record: 'seats' must be a list of names")
        if seats and len(seats) != num_players:
            raise StateFormatError(
                f"bad game record: 'seats' names {len(seats)} seats, 'num_players' says "
                f"{num_players}"
            )
        actions = data.get("actions") or []
        if not isinstance(actions, list):
            raise StateFormatError("bad game record: 'actions' must be a list of [seat, text]")
        steps: list[tuple[int, str]] = []
        for i, entry in enumerate(actions):
            if (
                not isinstance(entry, list)
                or len(entry) != 2
                or type(entry[0]) is not int
                or not isinstance(entry[1], str)
            ):
                raise StateFormatError(
                    f"bad game record: step {i + 1} must be [seat, action text], "
                    f"not {quote(entry, 40)}"
                )
            seat, text = entry
            if not 0 <= seat < num_players:
                raise StateFormatError(
                    f"bad game record: step {i + 1} names seat {quote(seat, 20)}, but the "
                    f"game has seats 0-{num_players - 1}"
                )
            if len(text) > MAX_ACTION_TEXT:
                raise StateFormatError(f"bad game record: step {i + 1}'s action text is too long")
            steps.append((seat, text))
        return cls(
            game=game,
            num_players=num_players,
            seed=seed,
            options=dict(options),
            seats=[shown(name, MAX_NAME) for name in seats],
            actions=steps,
        )

    def save(self, path: str | Path) -> None:
        """Write the record; an interrupted write never leaves a half-written file behind."""
        target = Path(path)
        temp = target.with_name(f".{target.name}.tmp")
        temp.write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")
        os.replace(temp, target)

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read a record file; any problem is one :class:`StateFormatError` in plain words."""
        return cls.from_json(read_json(path))

    def states(self) -> Iterator[tuple[State, tuple[int, str] | None]]:
        """The start state, then the state after each action with that action (checked)."""
        state = new_state(self.game, self.num_players, self.seed, self.options)
        yield state, None
        for i, (seat, text) in enumerate(self.actions):
            try:
                state.apply(seat, text)
            except CardtableError as exc:
                raise StateFormatError(
                    f"record step {i + 1} (seat {seat}: {quote(text, 40)}): {exc}"
                ) from None
            yield state, (seat, text)

    def replay(self) -> State:
        """The final state of the recorded game."""
        state = None
        for state, _ in self.states():  # noqa: B007 - the last one is the answer
            pass
        assert state is not None
        return state
