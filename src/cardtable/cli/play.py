"""The interactive game loop of ``cardtable play``: one human seat (or none) and bots.

Whenever seats must act, bots go first (at a simultaneous decision that reveals nothing: a bot
only ever sees its own observation, and the human's view only says *that* a bot has
committed). The human is shown their own observation, the numbered legal actions, and types a
number or an action's text. Bad input never changes the state: the core checks every action
before applying it, and we print its reason and ask again.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from cardtable.agents import Agent, ThinkingAgent, decide, make_agent
from cardtable.cli.view import log_text, render_observation, result_view
from cardtable.core import Action, GameInfo, IllegalAction, Rng, State, new_state

#: Reads one line of input after showing a prompt; raises EOFError / KeyboardInterrupt.
Reader = Callable[[str], str]

#: A game needing more actions than this is assumed to be stuck in a loop (a game bug).
MAX_ACTIONS = 200_000


class GameStalled(RuntimeError):
    """The game is not over but nobody can act, or it never ends: a bug in the game."""


def read_line(prompt: str) -> str:
    """The default :data:`Reader`: :func:`input`, so line editing works on a terminal.

    Input that is not typed at a terminal (a pipe, a file, a test) is echoed, so a transcript
    reads like the session a player would have seen.
    """
    line = input(prompt)
    if not sys.stdin.isatty():
        print(line)
    return line


def bot_rng(seed: int, seat: int) -> Rng:
    """A bot's own random stream, reproducible from the game seed but not revealing it.

    A bot given ``Rng(seed)`` could replay the deal; a one-way hash keeps the game seed secret
    while ``--seed`` still reproduces a whole game, bots included.
    """
    digest = hashlib.sha256(f"cardtable-bot:{seed}:{seat}".encode()).digest()
    return Rng(int.from_bytes(digest[:8], "big"))


@dataclass
class Match:
    """A game in progress and who sits where (``human`` is None when every seat is a bot)."""

    info: GameInfo
    state: State
    seed: int
    human: int | None
    agents: dict[int, Agent | ThinkingAgent]
    rngs: dict[int, Rng] = field(default_factory=dict)
    #: Ask the human even when only one action is legal (otherwise it is taken and shown).
    ask_forced: bool = False
    #: Shows search hints when the human types ``?`` (``--hints``); None = no hints.
    hints: Callable[[State, int, Console], None] | None = None

    @property
    def names(self) -> list[str]:
        """Per-seat names for display and game records: ``you`` or the bot's name."""
        return [
            "you" if seat == self.human else self.agents[seat].name
            for seat in range(self.state.num_players)
        ]


def start_match(
    info: GameInfo,
    num_players: int,
    seed: int,
    options: dict[str, Any],
    human: int | None,
    bot: str,
) -> Match:
    """Deal a new game; every seat but ``human`` gets a fresh bot.

    ``bot`` is one spec for all bot seats, or one per bot seat separated by ``;``.
    """
    if human is not None:
        options = {**info.human_options, **options}
    state = new_state(info.name, num_players, seed, options)
    bots = [s for s in range(num_players) if s != human]
    specs = bot.split(";")
    per_seat = {s: specs[i % len(specs)] for i, s in enumerate(bots)}
    return Match(
        info=info,
        state=state,
        seed=seed,
        human=human,
        agents={s: make_agent(per_seat[s], allow_external=True) for s in bots},
        rngs={s: bot_rng(seed, s) for s in bots},
    )


class LogFeed:
    """New table-log lines as one seat sees them, so the human learns what bots did.

    When an action added no log line (a game that logs little), the seat's view of the new
    history entries of other seats is shown instead, already redacted by the core.
    """

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.log_seen = 0
        self.history_seen = 0

    def new_lines(self, state: State) -> list[str]:
        obs = state.observation(self.seat)
        log: list[str] = obs["log"][self.log_seen :]
        history: list[list[Any]] = obs["history"][self.history_seen :]
        self.log_seen += len(log)
        self.history_seen += len(history)
        if log:
            return log
        return [f"seat {actor}: {text}" for actor, text in history if actor != self.seat]


def next_seat(match: Match) -> int:
    """The seat to ask now: a waiting bot first, else the (waiting) human."""
    waiting = list(match.state.to_act())
    if not waiting:
        raise GameStalled("the game is not over but no seat is to act (a bug in the game)")
    for seat in waiting:
        if seat in match.agents:
            return seat
    return waiting[0]


def play_match(match: Match, console: Console, read: Reader = read_line) -> None:
    """Play until the game ends. The human's log lines are printed as the game goes."""
    state = match.state
    feed = LogFeed(match.human) if match.human is not None else None
    for _ in range(MAX_ACTIONS):
        if feed is not None:
            for line in feed.new_lines(state):
                console.print(log_text(line))
        if state.is_terminal():
            return
        seat = next_seat(match)
        if seat in match.agents:
            state.apply(seat, decide(match.agents[seat], state, seat, match.rngs[seat]))
        else:
            human_turn(match.info, state, seat, console, read, match.ask_forced, match.hints)
    raise GameStalled(f"the game did not end within {MAX_ACTIONS} actions (a bug in the game)")


def parse_choice(state: State, legal: Sequence[Action], text: str) -> Action:
    """A menu number (1..k), an action's text, or Enter when there is only one choice.

    A bare number always means a menu position. Raises IllegalAction with the reason otherwise.
    """
    entry = text.strip()
    if not entry:
        if len(legal) == 1:
            return legal[0]
        raise IllegalAction(f"type a number from 1 to {len(legal)} or an action's text")
    if entry.isdigit():
        number = int(entry)
        if 1 <= number <= len(legal):
            return legal[number - 1]
        raise IllegalAction(f"{number} is not a choice; type a number from 1 to {len(legal)}")
    return state.to_action(entry)


def human_turn(
    info: GameInfo,
    state: State,
    seat: int,
    console: Console,
    read: Reader,
    ask_forced: bool = True,
    hints: Callable[[State, int, Console], None] | None = None,
) -> None:
    """Show the seat's view and menu, and read input until an action is accepted.

    A decision with a single legal action (Magic Show asks both seats at every Ace window, MS-R4,
    even a seat without an Ace) is taken at once and shown, unless ``ask_forced``.
    """
    legal = state.legal_actions(seat)
    if len(legal) == 1 and not ask_forced:
        state.apply(seat, legal[0])
        console.print(Text(f"(your only choice) {legal[0].text}", style="dim"))
        return
    obs = state.observation(seat)
    console.print(Rule(style="dim"))
    console.print(render_observation(info, obs))
    if len(obs["to_act"]) > 1 or any(obs["committed"]):
        console.print(Text("Simultaneous choice: it stays face down until all have chosen.", "dim"))
    console.print(Text(f"Your legal actions (seat {seat}):", style="bold"))
    for number, action in enumerate(legal, start=1):
        console.print(Text(f"  {number:>2}. ").append(action.text, style="bold"))
    if len(legal) == 1:
        prompt = f"Only one choice — press Enter to {legal[0].text}: "
    else:
        prompt = f"Your choice (1-{len(legal)} or action text): "
    if hints is not None:
        prompt = prompt[:-3] + ", ? for hints): " if prompt.endswith("): ") else prompt
    while True:
        try:
            entry = read(prompt)
            if hints is not None and entry.strip() == "?":
                hints(state, seat, console)
                continue
            state.apply(seat, parse_choice(state, legal, entry))
            return
        except IllegalAction as exc:
            console.print(Text(f"Not accepted: {exc}", style="red"))


def show_result(match: Match, console: Console) -> None:
    """Final view of the human (or spectator) and the scores with the winner."""
    obs = match.state.observation(match.human)
    if match.human is not None:
        console.print(Rule("Game over", style="dim"))
        console.print(render_observation(match.info, obs))
    console.print(result_view(obs, match.names))
