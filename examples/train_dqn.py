"""Train OpenSpiel's JAX DQN on one seat of Magic Show (2 players) and plot its learning curve.

The learner is ``open_spiel.python.jax.dqn.DQN`` (a library's algorithm, not ours), driven by
OpenSpiel's ``rl_environment.Environment`` on our registered game ``cardtable_magic_show``; seat
0 learns against the uniformly random legal policy at seat 1. Its input is the game's
information-state tensor (our generic vector) squashed into 0..1 by x / (1 + |x|), since counts
and scores vary in scale. The reward is the final win share (1, 0, or split on a tie), so every
learning signal comes from the end of a ~78-decision game.

Every ``--every`` episodes the greedy Q-policy plays ``--eval`` games against the random and
against our greedy bot (through the OpenSpiel state's protocol state). At the end it plays
``--final`` deals against each opponent before training (a uniformly random legal policy) and
after, on the same deals, and prints the win shares with 95% intervals.

Deals: training samples our seeds 0..EVAL_DEALS-1; every evaluation uses seeds from EVAL_DEALS
on, so no evaluation deal was trained on.

Run: ``.venv/bin/python examples/train_dqn.py --episodes 1500 --out curve.png`` (minutes on one
core). Needs the ``openspiel`` and ``train`` extras (``make sync`` installs every extra).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python import rl_environment
from open_spiel.python.jax import dqn

import cardtable.envs.openspiel  # noqa: F401 - registers cardtable_<game> with pyspiel
from cardtable.agents.base import decide
from cardtable.agents.specs import make_agent
from cardtable.core import Rng
from cardtable.simulate.stats import mean_ci

GAME = "cardtable_magic_show"
PLAYERS = 2
SEAT = 0
#: The game's chance node has this many deals; training draws below EVAL_DEALS, evaluation above.
DEALS, EVAL_DEALS = 2 * 10**6, 10**6
EVAL_SEED, CURVE_RANDOM_SEED, CURVE_GREEDY_SEED = (
    EVAL_DEALS,
    EVAL_DEALS + 10**5,
    EVAL_DEALS + 2 * 10**5,
)

Opponent = Callable[[Any, int, int], int]  # (pyspiel state, seat, game index) -> action


class DealSampler:
    """``rl_environment``'s chance sampler: the next deal from a fixed list or a seeded draw.

    The default sampler would list all ``DEALS`` outcomes at every reset; ours names the deal."""

    def __init__(self, deals: Sequence[int] | None = None, seed: int = 0) -> None:
        self.deals = list(deals) if deals is not None else None
        self.rng = np.random.default_rng(seed)
        self.index = 0

    def seed(self, seed: int | None = None) -> None:
        self.rng = np.random.default_rng(seed)

    def __call__(self, state: Any) -> int:
        if self.deals is None:
            return int(self.rng.integers(EVAL_DEALS))
        deal = self.deals[self.index % len(self.deals)]
        self.index += 1
        return deal


def new_env(sampler: DealSampler) -> rl_environment.Environment:
    game = pyspiel.load_game(f"{GAME}(players={PLAYERS},deals={DEALS})")
    return rl_environment.Environment(game, chance_event_sampler=sampler)


def prepare(time_step: Any, num_actions: int) -> Any:
    """The time step as the agent gets it: every info-state vector squashed into 0..1
    (x / (1 + |x|)), and every non-empty legal-action list padded to ``num_actions`` entries by
    repeating its first action. The DQN builds its legal mask by a scatter over that list, and
    jax compiles a scatter once per list length; padded, the mask is the same and it compiles
    once instead of once per length (about 40 CPU seconds of compiling in the first games)."""
    obs = dict(time_step.observations)
    obs["info_state"] = [
        x / (1.0 + np.abs(x)) for x in (np.asarray(v, dtype=np.float32) for v in obs["info_state"])
    ]
    obs["legal_actions"] = [
        list(legal) + [legal[0]] * (num_actions - len(legal)) if legal else []
        for legal in obs["legal_actions"]
    ]
    return time_step._replace(observations=obs)


def random_opponent(seed: int) -> Opponent:
    rng = np.random.default_rng(seed)

    def act(state: Any, seat: int, game: int) -> int:
        return int(rng.choice(state.legal_actions(seat)))

    return act


def greedy_opponent(seed: int) -> Opponent:
    """Our greedy bot, asked through the OpenSpiel state's protocol state (``game_state``)."""
    bot = make_agent("greedy")

    def act(state: Any, seat: int, game: int) -> int:
        return decide(bot, state.game_state, seat, Rng(seed + game)).id

    return act


def new_agent(env: rl_environment.Environment, args: argparse.Namespace) -> dqn.DQN:
    steps = args.episodes * 78  # about 78 learner decisions per game
    return dqn.DQN(
        player_id=SEAT,
        state_representation_size=env.observation_spec()["info_state"][0],
        num_actions=env.action_spec()["num_actions"],
        hidden_layers_sizes=(args.hidden,),
        batch_size=args.batch,
        replay_buffer_capacity=args.replay,
        learning_rate=args.lr,
        update_target_network_every=args.target_every,
        weight_update_coeff=1.0,
        learn_every=args.learn_every,
        discount_factor=1.0,
        min_buffer_size_to_learn=args.min_buffer,
        epsilon_start=1.0,
        epsilon_end=0.05,
        # exp, not OpenSpiel's "linear": its linear schedule calls Python max() on a traced value
        # inside jax.jit and fails (open_spiel 2.0.2 with jax 0.10). Epsilon is ~0.1 by half-way.
        epsilon_decay_duration=max(1, steps // 6),
        epsilon_decay_schedule_str="exp",
        optimizer_str="adam",
        loss_str="huber",
        seed=args.seed,
        allow_checkpointing=False,
    )


def play(
    env: rl_environment.Environment,
    agent: dqn.DQN | None,
    opponent: Opponent,
    game: int,
    learn: bool,
) -> float:
    """One game; the learner's final reward. ``agent`` None plays a uniformly random legal
    action (from the opponent-independent generator seeded by the game index).

    Raises if the learner ever picks an illegal action."""
    rng = np.random.default_rng(game)
    n = env.action_spec()["num_actions"]
    time_step = env.reset()
    while not time_step.last():
        player = time_step.observations["current_player"]
        legal = time_step.observations["legal_actions"][player]
        if player != SEAT:
            action = opponent(env.get_state, player, game)
        elif agent is None:
            action = int(rng.choice(legal))
        else:
            action = int(agent.step(prepare(time_step, n), is_evaluation=not learn).action)
            if action not in legal:
                raise AssertionError(f"DQN chose illegal action {action}; legal {legal}")
        time_step = env.step([action])
    if agent is not None and learn:
        agent.step(prepare(time_step, n))  # the terminal transition
    return float(time_step.rewards[SEAT])


def evaluate(agent: dqn.DQN | None, opponent: str, games: int, seed: int) -> list[float]:
    """Win shares over the deals seed, seed+1, ... (agent None: uniformly random legal)."""
    env = new_env(DealSampler(range(seed, seed + games)))
    make = random_opponent if opponent == "random" else greedy_opponent
    bot = make(seed)
    return [play(env, agent, bot, seed + g, learn=False) for g in range(games)]


def td_step(agent: dqn.DQN, batch: dqn.Transition) -> float:
    """One of the agent's own Q-network updates on ``batch``; the TD loss before it.

    ``DQN.learn`` draws its batch from the replay buffer; this runs the same jitted update on a
    given batch, so a test can check that a step lowers the loss on a fixed batch."""
    from flax import nnx

    state = nnx.state((agent._q_network, agent._optimizer))
    target = nnx.state(agent._target_q_network)
    loss, new_state = agent._jittable_update(state, target, batch)
    nnx.update((agent._q_network, agent._optimizer), new_state)
    return float(loss)


@dataclass
class Curve:
    episodes: list[int] = field(default_factory=list)
    vs_random: list[float] = field(default_factory=list)
    vs_greedy: list[float] = field(default_factory=list)
    loss: list[float] = field(default_factory=list)


def train(args: argparse.Namespace, curve: Curve) -> dqn.DQN:
    env = new_env(DealSampler(seed=args.seed))
    agent = new_agent(env, args)
    opponent = random_opponent(args.seed + 1)
    for ep in range(args.episodes + 1):
        if args.every and ep % args.every == 0:
            curve.episodes.append(ep)
            for name, seed, points in (
                ("random", CURVE_RANDOM_SEED, curve.vs_random),
                ("greedy", CURVE_GREEDY_SEED, curve.vs_greedy),
            ):
                points.append(float(np.mean(evaluate(agent, name, args.eval, seed))))
            loss = agent.loss
            curve.loss.append(float("nan") if loss is None else float(loss))
            print(
                f"episode {ep}: vs random {curve.vs_random[-1]:.3f}, "
                f"vs greedy {curve.vs_greedy[-1]:.3f}, TD loss {curve.loss[-1]:.4f}, "
                f"{time.process_time():.0f} CPU s",
                flush=True,
            )
        if ep == args.episodes:
            break
        play(env, agent, opponent, ep, learn=True)
    return agent


def plot(curve: Curve, args: argparse.Namespace) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 3.6))
    ax.plot(curve.episodes, curve.vs_random, "o-", label="DQN (greedy in Q) vs random")
    ax.plot(curve.episodes, curve.vs_greedy, "s-", label="DQN (greedy in Q) vs greedy bot")
    ax.axhline(0.5, ls=":", c="grey", label="parity")
    ax.set_xlabel("training episodes (vs random)")
    ax.set_ylabel(f"win share over {args.eval} games")
    ax.set_title("Magic Show 2p: OpenSpiel's JAX DQN through rl_environment")
    ax.set_ylim(0, 1)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(args.out, dpi=100)


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--episodes", type=int, default=1500)
    parser.add_argument("--every", type=int, default=250, help="0: no curve")
    parser.add_argument("--eval", type=int, default=100)
    parser.add_argument("--final", type=int, default=400, help="games before/after per opponent")
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--replay", type=int, default=20_000)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--learn-every", type=int, default=4)
    parser.add_argument("--target-every", type=int, default=500)
    parser.add_argument("--min-buffer", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="", help="PNG of the learning curve (optional)")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> dict[str, tuple[float, float]]:
    """Train, report before/after against each opponent; return {opponent: (before, after)}."""
    args = parse(argv)
    start = time.perf_counter()
    curve = Curve()
    agent = train(args, curve)
    shares: dict[str, tuple[float, float]] = {}
    for opponent in ("random", "greedy"):
        before = mean_ci(evaluate(None, opponent, args.final, EVAL_SEED))
        after = mean_ci(evaluate(agent, opponent, args.final, EVAL_SEED))
        for name, (mean, lo, hi) in (("before", before), ("after", after)):
            print(
                f"{name} training: win share vs {opponent} {mean:.3f} "
                f"(95% CI {lo:.3f}-{hi:.3f}) over {args.final} games"
            )
        shares[opponent] = (before[0], after[0])
    if args.out:
        plot(curve, args)
        print(f"saved {args.out}")
    print(f"{time.perf_counter() - start:.0f} s wall, {time.process_time():.0f} CPU s")
    return shares


if __name__ == "__main__":
    main()
