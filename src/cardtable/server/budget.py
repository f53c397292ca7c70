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
'ismcts:iterations=3000,time=0.0,c=0.7,rollout=random,cutoff=8'
>>> cap.check("expert") is None
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cardtable.agents import IsmctsAgent, IsmctsConfig, make_agent


def config_spec(config: IsmctsConfig) -> str:
    """The spec that makes a search with exactly this configuration."""
    return (
        f"ismcts:iterations={config.iterations},time={config.time},c={config.c},"
        f"rollout={config.rollout},cutoff={config.cutoff}"
    )


@dataclass(frozen=True, slots=True)
class Budget:
    """The most one search decision may use: seconds (time-bounded searches), iterations
    (iteration-bounded ones) and rollout length (each iteration's cost)."""

    seconds: float = 2.0
    iterations: int = 3_000
    cutoff: int = 32

    def check(self, spec: str) -> str | None:
        """Why ``spec`` is over the caps, or None when it is within them (or not a search).

        Raises ValueError for a spec that names no bot at all.
        """
        agent = make_agent(spec)
        if not isinstance(agent, IsmctsAgent):
            return None
        cfg = agent.config
        if cfg.time > self.seconds:
            return (
                f"a bot may think at most {self.seconds:g} s per decision (time={cfg.time} asked)"
            )
        if cfg.time == 0 and cfg.iterations > self.iterations:
            return (
                f"a bot may search at most {self.iterations} iterations per decision "
                f"(iterations={cfg.iterations} asked)"
            )
        if cfg.cutoff > self.cutoff:
            return f"a bot's rollouts may be at most {self.cutoff} actions (cutoff={cfg.cutoff})"
        return None

    def clamp(self, spec: str) -> str:
        """``spec`` with its budget cut down to the caps (a plain bot's spec is unchanged)."""
        agent = make_agent(spec)
        if not isinstance(agent, IsmctsAgent):
            return spec
        cfg = agent.config
        clamped = replace(
            cfg,
            time=min(cfg.time, self.seconds),
            iterations=min(cfg.iterations, self.iterations),
            cutoff=min(cfg.cutoff, self.cutoff),
        )
        return spec if clamped == cfg else config_spec(clamped)
