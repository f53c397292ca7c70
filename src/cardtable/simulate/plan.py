"""What a simulation run is: the game, the cells it sweeps (player counts × bot lineups × option
values), games per cell, and how every game's seed derives from the master seed and the game's
index.

Game ``i`` of every cell is dealt from the same seed, so any two cells are compared game by game
(paired). A run is split into chunks of consecutive game indexes: the unit of work for every
backend (local processes, Ray tasks, tests) and of storage (one Parquet part per chunk), so a
run interrupted anywhere resumes by playing exactly the games that have no part yet, and a run
grows by raising ``games``: the games already played keep their rows.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import asdict, dataclass, field, fields
from typing import Any

MASK64 = (1 << 64) - 1
#: A lineup ending in this fills the remaining seats with the bot before it.
ETC = "..."
#: Plan fields that make two runs different (``games`` may grow; ``chunk_size`` is bookkeeping).
IDENTITY = ("game", "num_players", "bots", "players", "lineups", "seed", "options", "rotate")


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


def seat_specs(lineup: tuple[str, ...], players: int) -> tuple[str, ...]:
    """One bot spec per seat: one spec fills every seat, a trailing ``...`` repeats the last.

    >>> seat_specs(("greedy", "random", "..."), 4)
    ('greedy', 'random', 'random', 'random')
    >>> seat_specs(("random",), 3)
    ('random', 'random', 'random')
    """
    specs = list(lineup)
    if specs and specs[-1] == ETC:
        specs.pop()
        if not specs or len(specs) > players:
            raise ValueError(f"{', '.join(lineup)}: too many bots for {players} players")
        specs += [specs[-1]] * (players - len(specs))
    elif len(specs) == 1:
        specs *= players
    if len(specs) != players:
        raise ValueError(
            f"{', '.join(lineup)}: give one spec, {players} (one per seat), "
            f"or end with '{ETC}' to fill the rest"
        )
    return tuple(specs)


def time_budgeted(spec: str) -> bool:
    """Does this bot search for a time rather than a number of iterations? Its moves then
    depend on the machine's speed and load, so a run with it cannot be reproduced.

    >>> time_budgeted("ismcts:time=0.5"), time_budgeted("expert"), time_budgeted("hard")
    (True, True, False)
    """
    from cardtable.agents.specs import game_specs, parse_spec

    try:
        return any(float(parse_spec(one)[1].get("time", "0")) > 0 for one in game_specs(spec))
    except ValueError:
        return False


@dataclass(frozen=True)
class Cell:
    """One combination of a sweep: a table size, a lineup of bots by seat, option values."""

    players: int
    bots: tuple[str, ...]
    options: dict[str, str]
    label: str


@dataclass(frozen=True)
class Plan:
    game: str
    num_players: int  # the table size when ``players`` does not sweep it
    bots: tuple[str, ...]  # one spec per seat (seat order before rotation), or a lineup
    games: int  # per cell
    seed: int = 0
    options: dict[str, str] = field(default_factory=dict)  # values may list a sweep: "10,20"
    rotate: bool = True  # rotate the bots around the table game by game
    chunk_size: int = 250
    players: tuple[int, ...] = ()  # a sweep over table sizes (empty: ``num_players`` only)
    lineups: tuple[tuple[str, ...], ...] = ()  # a sweep over bot lineups (empty: ``bots``)

    @functools.cached_property
    def cells(self) -> list[Cell]:
        """Every combination, table sizes outermost, then lineups, then option values."""
        sizes = self.players or (self.num_players,)
        lineups = self.lineups or (self.bots,)
        out = []
        for n, lineup, opts in itertools.product(sizes, lineups, sweep_cells(self.options)):
            parts = [f"p={n}"] if len(sizes) > 1 else []
            parts += [f"bots={','.join(lineup)}"] if len(lineups) > 1 else []
            parts += [",".join(f"{k}={v}" for k, v in opts.items())] if opts else []
            out.append(Cell(n, seat_specs(lineup, n), opts, " ".join(parts)))
        return out

    def chunks(self) -> list[tuple[int, int, int]]:
        """(cell, first index, end index) for every chunk of the run."""
        out = []
        for cell in range(len(self.cells)):
            for start in range(0, self.games, self.chunk_size):
                out.append((cell, start, min(self.games, start + self.chunk_size)))
        return out

    def seat_bots(self, index: int, cell: int = 0) -> list[str]:
        """The bot of each seat in game ``index`` (rotated one seat per game with ``rotate``)."""
        bots = self.cells[cell].bots
        n = len(bots)
        shift = index % n if self.rotate else 0
        return [bots[(seat - shift) % n] for seat in range(n)]

    @property
    def unreproducible(self) -> list[str]:
        """Why the rows of this plan could differ between two runs (empty: they cannot)."""
        specs = sorted({spec for cell in self.cells for spec in cell.bots if time_budgeted(spec)})
        return [f"{spec} searches for a time, not a number of iterations" for spec in specs]

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["bots"] = list(self.bots)
        data["players"] = list(self.players)
        data["lineups"] = [list(lineup) for lineup in self.lineups]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Plan:
        names = {f.name for f in fields(cls)}
        data = {k: v for k, v in data.items() if k in names}  # the manifest adds notes
        data["bots"] = tuple(data["bots"])
        data["players"] = tuple(data.get("players", ()))
        data["lineups"] = tuple(tuple(lineup) for lineup in data.get("lineups", ()))
        return cls(**data)

    def differences(self, other: Plan) -> list[str]:
        """What makes ``other`` a different run from this one, one phrase per parameter."""
        mine, theirs = self.to_json(), other.to_json()
        return [
            f"{k}: {mine[k]!r} here, {theirs[k]!r} asked" for k in IDENTITY if mine[k] != theirs[k]
        ]

    def same_run(self, other: Plan) -> bool:
        return not self.differences(other)
