"""What a simulation run is: the game, seats, bots, option cells (a sweep), games per cell, and
how every game's seed derives from the master seed and the game's index.

A run is split into chunks of consecutive game indexes. A chunk is the unit of work for every
backend (local processes, Ray tasks, tests) and of storage (one Parquet part per chunk), so a
run interrupted anywhere resumes by playing exactly the chunks that have no part yet.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import asdict, dataclass, field
from typing import Any

MASK64 = (1 << 64) - 1


def game_seed(master: int, index: int) -> int:
    """SplitMix64 of (master, index): independent-looking seeds, the same on every backend.

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    """
    z = (master * 0x9E3779B97F4A7C15 + (index + 1) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return (z ^ (z >> 31)) >> 1  # 63 bits: fits a signed 64-bit column


def sweep_cells(options: dict[str, str]) -> list[dict[str, str]]:
    """``{"target_score": "10,20", "x": "1"}`` -> the cartesian product of the listed values."""
    names = list(options)
    values = [[v.strip() for v in str(options[n]).split(",") if v.strip()] for n in names]
    return [dict(zip(names, combo, strict=True)) for combo in itertools.product(*values)]


@dataclass(frozen=True)
class Plan:
    game: str
    num_players: int
    bots: tuple[str, ...]  # one spec per seat (seat order before rotation)
    games: int  # per option cell
    seed: int = 0
    options: dict[str, str] = field(default_factory=dict)  # values may list a sweep: "10,20"
    rotate: bool = True  # rotate the bots around the table game by game
    chunk_size: int = 250

    @property
    def cells(self) -> list[dict[str, str]]:
        return sweep_cells(self.options) if self.options else [{}]

    def chunks(self) -> list[tuple[int, int, int]]:
        """(cell, first index, end index) for every chunk of the run."""
        out = []
        for cell in range(len(self.cells)):
            for start in range(0, self.games, self.chunk_size):
                out.append((cell, start, min(self.games, start + self.chunk_size)))
        return out

    def seat_bots(self, index: int) -> list[str]:
        """The bot of each seat in game ``index`` (rotated one seat per game with ``rotate``)."""
        n = self.num_players
        shift = index % n if self.rotate else 0
        return [self.bots[(seat - shift) % n] for seat in range(n)]

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["bots"] = list(self.bots)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Plan:
        data = dict(data)
        data["bots"] = tuple(data["bots"])
        return cls(**data)

    def same_run(self, other: Plan) -> bool:
        return json.dumps(self.to_json(), sort_keys=True) == json.dumps(
            other.to_json(), sort_keys=True
        )
