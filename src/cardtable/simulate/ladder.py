"""A ladder: bots against each other over seeded, seat-rotated games, with win shares and Elo.

Every pair of bots meets in a *matchup*: one bot (the hero) in one seat, the other bot in every
other seat, the hero's seat rotating game by game (in two-player games each unordered pair is one
matchup; with more players both orders are played, so each bot is the hero once against each
other). Game ``i`` of every matchup is dealt from the same seed, so the matchups see the same
deals. A ladder is one simulation plan whose cells are the matchups, played and stored like any
other run (``cardtable ladder --out DIR``, then ``cardtable report DIR``).

Reported: each matchup's hero win share with a 95% Wilson interval (parity is 1/players); each
bot's win share over all seats it held; and an Elo-style rating from every pair of seats held by
different bots in the same game (higher return wins, equal returns draw), fitted as a
Bradley–Terry model and put on the Elo scale with the first bot at 1000.

>>> result = run_ladder("magic-show", 2, ["random", "greedy"], games=4, workers=1)
>>> [m.games for m in result.matchups], sorted(b.bot for b in result.bots)
([4], ['greedy', 'random'])
"""

from __future__ import annotations

import itertools
import math
import os
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable.simulate.plan import Plan
from cardtable.simulate.runner import run_plan
from cardtable.simulate.stats import wilson
from cardtable.simulate.storage import read_results

ELO_ANCHOR = 1000.0
#: Each pair of bots gets one virtual draw, so a bot that always wins has a finite rating.
PRIOR_DRAWS = 1.0


@dataclass(frozen=True)
class Matchup:
    hero: str  # in one seat, rotating
    field: str  # in every other seat
    games: int = 0
    hero_wins: float = 0.0  # summed returns of the hero seat (a k-way tie counts 1/k)

    @property
    def share(self) -> float:
        return self.hero_wins / self.games if self.games else 0.0

    @property
    def ci(self) -> tuple[float, float]:
        return wilson(self.hero_wins, self.games)


@dataclass(frozen=True)
class BotResult:
    bot: str
    seats: int  # seats held over all games
    wins: float  # summed returns over those seats
    elo: float

    @property
    def share(self) -> float:
        return self.wins / self.seats if self.seats else 0.0

    @property
    def ci(self) -> tuple[float, float]:
        return wilson(self.wins, self.seats)


@dataclass(frozen=True)
class LadderResult:
    game: str
    players: int
    games_per_matchup: int
    seed: int
    matchups: list[Matchup]
    bots: list[BotResult]  # best rating first

    @property
    def parity(self) -> float:
        return 1.0 / self.players


def matchups(bots: Sequence[str], players: int, lone: str | None = None) -> list[tuple[str, str]]:
    """(hero, field) pairs: unordered with two players, both orders with more.

    ``lone`` keeps only the matchups with that bot alone in its seat (in two-player games, every
    matchup it plays in, with it listed first).

    >>> matchups(["a", "b", "c"], 2)
    [('a', 'b'), ('a', 'c'), ('b', 'c')]
    >>> matchups(["a", "b"], 3)
    [('a', 'b'), ('b', 'a')]
    >>> matchups(["a", "b", "c"], 3, lone="c")
    [('c', 'a'), ('c', 'b')]
    """
    if len(set(bots)) != len(bots) or len(bots) < 2:
        raise ValueError("a ladder needs at least two different bots")
    if lone is not None:
        if lone not in bots:
            raise ValueError(f"--lone {lone!r} is not one of the bots")
        return [(lone, b) for b in bots if b != lone]
    if players == 2:
        return list(itertools.combinations(bots, 2))
    return list(itertools.permutations(bots, 2))


def plan(
    game: str,
    players: int,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    options: dict[str, str] | None = None,
    chunk_size: int = 1,
    lone: str | None = None,
) -> Plan:
    """One simulation plan whose cells are the matchups (a lineup each: the hero in seat 0
    before rotation, the field in the rest); its rows are stored like any other run's."""
    if any("," in str(v) for v in (options or {}).values()):
        raise ValueError("a ladder takes one value per option (sweep with cardtable simulate)")
    lineups = tuple(
        (hero, *([field] * (players - 1))) for hero, field in matchups(bots, players, lone)
    )
    return Plan(
        game,
        players,
        lineups[0],
        games,
        seed,
        dict(options or {}),
        True,
        chunk_size,
        lineups=lineups if len(lineups) > 1 else (),
    )


def elo_ratings(
    bots: Sequence[str], results: Sequence[tuple[Sequence[str], Sequence[float]]]
) -> dict[str, float]:
    """Bradley–Terry ratings on the Elo scale (first bot = 1000) from per-game seat returns.

    >>> r = elo_ratings(["a", "b"], [(["a", "b"], [1.0, 0.0])] * 3)
    >>> r["a"], round(r["b"])
    (1000.0, 662)
    """
    index = {b: i for i, b in enumerate(bots)}
    n = len(bots)
    wins = [[0.0] * n for _ in range(n)]  # wins[i][j]: i's wins over j (draws count half)
    for lineup, returns in results:
        for s, t in itertools.combinations(range(len(lineup)), 2):
            i, j = index[lineup[s]], index[lineup[t]]
            if i == j:
                continue
            a, b = returns[s], returns[t]
            score = 1.0 if a > b else 0.0 if a < b else 0.5
            wins[i][j] += score
            wins[j][i] += 1.0 - score
    for i, j in itertools.combinations(range(n), 2):
        wins[i][j] += PRIOR_DRAWS / 2
        wins[j][i] += PRIOR_DRAWS / 2
    gamma = [1.0] * n
    for _ in range(2000):  # the MM algorithm of Hunter (2004); converges monotonically
        new = []
        for i in range(n):
            games = [(wins[i][j] + wins[j][i], j) for j in range(n) if j != i]
            denom = sum(g / (gamma[i] + gamma[j]) for g, j in games if g)
            new.append(sum(wins[i]) / denom if denom else gamma[i])
        done = max(abs(math.log(a / b)) for a, b in zip(new, gamma, strict=True)) < 1e-10
        gamma = new
        if done:
            break
    scale = 400.0 / math.log(10.0)
    return {b: ELO_ANCHOR + scale * math.log(gamma[i] / gamma[0]) for b, i in index.items()}


def run_ladder(
    game: str,
    players: int,
    bots: Sequence[str],
    games: int,
    *,
    seed: int = 0,
    options: dict[str, str] | None = None,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    lone: str | None = None,
    out: Path | None = None,
) -> LadderResult:
    """Play every matchup ``games`` times and summarise (see the module docstring). With
    ``out`` the rows stay there (``cardtable report`` reads them; the same call resumes or
    extends the ladder); without, they go to a temporary directory."""
    if games < 1:
        raise ValueError("a ladder needs at least one game per matchup")
    workers = workers or os.cpu_count() or 1
    chunk = max(1, min(25, games // (4 * workers)))
    ladder = plan(game, players, bots, games, seed, options, chunk, lone)
    if out is None:
        with tempfile.TemporaryDirectory(prefix="ladder-") as tmp:
            return _played(ladder, bots, Path(tmp), workers, progress)
    return _played(ladder, bots, out, workers, progress)


def _played(
    ladder: Plan,
    bots: Sequence[str],
    out: Path,
    workers: int,
    progress: Callable[[int], None] | None,
) -> LadderResult:
    run_plan(ladder, out, workers=workers, progress=progress)
    rows = read_results(out).to_pylist()  # in (cell, index) order: sums do not depend on workers
    return summarise_ladder(ladder, bots, rows)


def summarise_ladder(ladder: Plan, bots: Sequence[str], rows: list[dict[str, Any]]) -> LadderResult:
    """Matchup shares, bot shares and Elo from a ladder's stored rows."""
    players, cells = ladder.num_players, ladder.cells
    hero_wins = [0.0] * len(cells)
    played = [0] * len(cells)
    seats = dict.fromkeys(bots, 0)
    wins = dict.fromkeys(bots, 0.0)
    results: list[tuple[list[str], list[float]]] = []
    for row in rows:
        k = row["cell"]
        lineup = [row[f"bot_{s}"] for s in range(players)]
        returns = [row[f"return_{s}"] for s in range(players)]
        hero_seat = row["index"] % players  # seat_bots rotates seat 0's bot to seat i % n
        hero_wins[k] += returns[hero_seat]
        played[k] += 1
        for bot, ret in zip(lineup, returns, strict=True):
            seats[bot] += 1
            wins[bot] += ret
        results.append((lineup, returns))
    elo = elo_ratings(bots, results)
    return LadderResult(
        game=ladder.game,
        players=players,
        games_per_matchup=ladder.games,
        seed=ladder.seed,
        matchups=[
            Matchup(cell.bots[0], cell.bots[1], played[k], hero_wins[k])
            for k, cell in enumerate(cells)
        ],
        bots=sorted(
            (BotResult(b, seats[b], wins[b], elo[b]) for b in bots),
            key=lambda r: -r.elo,
        ),
    )
