"""Bot budgets: what one bot decision may cost on this server.

A bot spec from the lobby is untrusted input: ``ismcts:time=100000`` would hold a worker for a
day. Every search bot's budget per decision is checked against the server's caps
(:class:`Budget`, from the settings): at table creation a spec over a cap is refused (422,
naming the cap); a stored table whose bots were accepted under looser caps resumes with its
bots *clamped* to the current caps, so a restart never brings back a hog. Plain bots (random,
greedy) cost a few milliseconds and need no cap.

>>> cap = Budget(seconds=2.0, iterations=3_000, cutoff=32)
>>> cap.check("ismcts:time=100000")
'a bot may think at most 2 s per decision (time=100000.0 asked)'
>>> cap.clamp("ismcts:iterations=1000000000")
'ismcts:iterations=3000,time=0.0,c=0.7,rollout=random,cutoff=8,clock=wall,reuse=1,first=none,keep=0.0,value=evaluate'
>>> cap.check("expert") is None
True
>>> cap.check("pimc:iterations=1000")
'a bot may search at most 150 worlds per decision (iterations=1000 asked)'
>>> cap.check("pimc:cutoff=0")
"a bot's rollouts may be at most 32 actions (cutoff=0 plays to the end)"
>>> cap.check("ismcts:time=1.5,cutoff=1000") is None
True

A time budget on the server is wall-clock time: ``clock=cpu`` counts only the thread's own CPU
time, which on a loaded server can take many times as long, so it is refused (and clamped to
``wall``).

The rollout cap bounds what an *iteration* costs, so it applies to iteration-bounded searches
only: a time-bounded search stops at its clock whatever its rollouts' length (it overruns by at
most one rollout, milliseconds in these games). That keeps the hint search's rollouts to the end
of the game (calibrated estimates, docs/bots.md) under the same caps as the lobby's bots.

The flat PIMC baseline (``pimc``) tries every legal action in each sampled world, so one of its
iterations costs about as many rollouts as there are choices: its iteration cap is the search's
divided by :data:`PIMC_WORLD_COST` (a typical number of choices), and its rollouts must stop
(``cutoff=0``, to the end of the game, is over the cap).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from cardtable.agents import IsmctsAgent, IsmctsConfig, PimcAgent, PimcConfig, make_agent
from cardtable.agents.halving import HalvingAgent, HalvingConfig
from cardtable.agents.specs import game_specs, level_spec, varies_by_game

#: Rollouts one PIMC world is counted as (it rolls out every legal action once).
PIMC_WORLD_COST = 20


def config_spec(config: IsmctsConfig | PimcConfig | HalvingConfig) -> str:
    """The spec that makes a search with exactly this configuration.

    Every field is written, so a parameter added to a search later cannot be dropped by a clamp
    (``hard``'s ``reuse`` and ``first`` were, when the fields were listed by hand).
    """
    if isinstance(config, HalvingConfig):
        name = "halving"
    else:
        name = "pimc" if isinstance(config, PimcConfig) else "ismcts"
    return f"{name}:" + ",".join(f"{f.name}={getattr(config, f.name)}" for f in fields(config))


@dataclass(frozen=True, slots=True)
class Budget:
    """The most one search decision may use: seconds (time-bounded searches), iterations
    (iteration-bounded ones) and rollout length (each iteration's cost)."""

    seconds: float
    iterations: int
    cutoff: int

    def check(self, spec: str, game: str | None = None) -> str | None:
        """Why ``spec`` is over the caps, or None when it is within them (or not a search).

        A level is checked as the spec it stands for in ``game``; without a game, every spec
        it stands for in any game must be within the caps. Raises ValueError for a spec that
        names no bot at all.
        """
        for one in [level_spec(spec, game)] if game is not None else game_specs(spec):
            over = self._check_one(one)
            if over is not None:
                return over
        return None

    def _check_one(self, spec: str) -> str | None:
        agent = make_agent(spec)
        if isinstance(agent, HalvingAgent):
            return self._check_halving(agent.config)
        if not isinstance(agent, IsmctsAgent | PimcAgent):
            return None
        cfg = agent.config
        pimc = isinstance(agent, PimcAgent)
        most = self.pimc_worlds if pimc else self.iterations
        if cfg.time > 0 and cfg.clock != "wall":
            return "a bot on this server thinks by the wall clock (clock=cpu is for measurements)"
        if cfg.time > self.seconds:
            return (
                f"a bot may think at most {self.seconds:g} s per decision (time={cfg.time} asked)"
            )
        if cfg.time == 0 and cfg.iterations > most:
            unit = "worlds" if pimc else "iterations"
            return (
                f"a bot may search at most {most} {unit} per decision "
                f"(iterations={cfg.iterations} asked)"
            )
        if cfg.time > 0:
            return None  # the clock bounds it, however long its rollouts (module docstring)
        if isinstance(cfg, PimcConfig) and cfg.stop != "cutoff":
            return (
                f"a bot's rollouts may be at most {self.cutoff} actions "
                f"(stop={cfg.stop} plays past the cut-off; give a time budget instead)"
            )
        if pimc and cfg.cutoff == 0:
            return (
                f"a bot's rollouts may be at most {self.cutoff} actions (cutoff=0 plays to the end)"
            )
        if cfg.cutoff > self.cutoff:
            return f"a bot's rollouts may be at most {self.cutoff} actions (cutoff={cfg.cutoff})"
        return None

    def _check_halving(self, cfg: HalvingConfig) -> str | None:
        """Sequential halving: on a clock (``time``) like the other searches, wall clock only;
        otherwise its rollouts count like search iterations (one rollout each), and every
        rollout must stop within the cap (``cutoff=0`` plays to the end of the game, and
        ``stop=round`` to the end of the round, or of the game in a game without rounds)."""
        if cfg.time > 0 and cfg.clock != "wall":
            return "a bot on this server thinks by the wall clock (clock=cpu is for measurements)"
        if cfg.time > self.seconds:
            return (
                f"a bot may think at most {self.seconds:g} s per decision (time={cfg.time} asked)"
            )
        if cfg.time > 0:
            return None  # the clock bounds it, however long its rollouts (module docstring)
        if cfg.rollouts > self.iterations:
            return (
                f"a bot may search at most {self.iterations} rollouts per decision "
                f"(rollouts={cfg.rollouts} asked)"
            )
        if cfg.stop != "cutoff":
            return (
                f"a bot's rollouts may be at most {self.cutoff} actions "
                f"(stop={cfg.stop} plays past the cut-off; give a time budget instead)"
            )
        if cfg.cutoff == 0:
            return (
                f"a bot's rollouts may be at most {self.cutoff} actions (cutoff=0 plays to the end)"
            )
        if cfg.cutoff > self.cutoff:
            return f"a bot's rollouts may be at most {self.cutoff} actions (cutoff={cfg.cutoff})"
        return None

    @property
    def pimc_worlds(self) -> int:
        """The most worlds one PIMC decision may sample (see the module docstring)."""
        return max(1, self.iterations // PIMC_WORLD_COST)

    def clamp(self, spec: str, game: str | None = None) -> str:
        """``spec`` with its budget cut down to the caps (a plain bot's spec is unchanged).

        A level is clamped as the spec it stands for in ``game`` and kept by name when that is
        within the caps. Without a game, a level that differs by game is kept only if every
        spec it stands for is within the caps; otherwise ValueError asks for the game (one
        spec cannot clamp them all).
        """
        if game is not None:
            resolved = level_spec(spec, game)
            clamped = self._clamp_one(resolved)
            return spec if clamped == resolved else clamped
        if varies_by_game(spec):
            if any(self._clamp_one(one) != one for one in game_specs(spec)):
                raise ValueError(f"{spec!r} differs by game; clamp it for a game")
            return spec
        return self._clamp_one(spec)

    def _clamp_one(self, spec: str) -> str:
        agent = make_agent(spec)
        if isinstance(agent, HalvingAgent):
            hcfg = agent.config
            clamped_halving = replace(
                hcfg,
                time=min(hcfg.time, self.seconds),
                clock="wall",
                rollouts=min(hcfg.rollouts, self.iterations),
                cutoff=self._rollout_cap(hcfg.time, hcfg.cutoff, stops=True),
                stop=hcfg.stop if hcfg.time > 0 else "cutoff",
            )
            return spec if clamped_halving == hcfg else config_spec(clamped_halving)
        if isinstance(agent, PimcAgent):
            pcfg = agent.config
            clamped_pimc = replace(
                pcfg,
                time=min(pcfg.time, self.seconds),
                clock="wall",
                iterations=min(pcfg.iterations, self.pimc_worlds),
                cutoff=self._rollout_cap(pcfg.time, pcfg.cutoff, stops=True),
                stop=pcfg.stop if pcfg.time > 0 else "cutoff",
            )
            return spec if clamped_pimc == pcfg else config_spec(clamped_pimc)
        if not isinstance(agent, IsmctsAgent):
            return spec
        cfg = agent.config
        clamped = replace(
            cfg,
            time=min(cfg.time, self.seconds),
            clock="wall",
            iterations=min(cfg.iterations, self.iterations),
            cutoff=self._rollout_cap(cfg.time, cfg.cutoff, stops=False),
        )
        return spec if clamped == cfg else config_spec(clamped)

    def _rollout_cap(self, seconds: float, cutoff: int, stops: bool) -> int:
        """The rollout length a clamped search keeps: its own when its clock bounds it, else at
        most the cap (``cutoff=0``, to the end, counts as over it when ``stops`` is asked)."""
        if seconds > 0:
            return cutoff
        if cutoff == 0 and stops:
            return self.cutoff
        return min(cutoff, self.cutoff)
