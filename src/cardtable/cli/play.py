"""The interactive game loop of ``cardtable play``: one human seat (or none) and bots.

Whenever seats must act, bots go first (at a simultaneous decision that reveals nothing: a bot
only ever sees its own observation, and the human's view only says *that* a bot has
committed). The human is shown their own observation, the numbered legal actions, and types a
number or an action's text. Bad input never changes the state: the core checks every action
before applying it, and we print its reason and ask again.
"""

from __future__ import annotations

import hashlib
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.markdown import Markdown
from rich.rule import Rule
from rich.text import Text

from cardtable.agents import Agent, ThinkingAgent, decide, end_game, make_agent, start_game
from cardtable.cli.catalog import rules_text
from cardtable.cli.prompt import COMMANDS, Command, parse_entry
from cardtable.cli.view import log_text, render_observation, result_view
from cardtable.core import Action, GameInfo, IllegalAction, Rng, State, new_state
from cardtable.core.actions import normalize_text
from cardtable.core.text import shown

#: Reads one line of input after showing a prompt; raises EOFError / KeyboardInterrupt.
Reader = Callable[[str], str]

#: A game needing more actions than this is assumed to be stuck in a loop (a game bug).
MAX_ACTIONS = 200_000


class GameStalled(RuntimeError):
    """The game is not over but nobody can act, or it never ends: a bug in the game."""


_line_editing = False


def enable_line_editing() -> bool:
    """Load :mod:`readline` (once) so :func:`input` gets line editing and history at a terminal.

    Returns False where Python has no readline (then input works without editing).
    """
    global _line_editing
    if not _line_editing:
        try:
            import readline  # noqa: F401 - importing it is what turns line editing on
        except ImportError:
            return False
        _line_editing = True
    return True


def read_line(prompt: str) -> str:
    """The default :data:`Reader`: :func:`input`, with readline line editing on a terminal.

    Input that is not typed at a terminal (a pipe, a file, a test) is echoed, so a transcript
    reads like the session a player would have seen.
    """
    if sys.stdin.isatty():
        enable_line_editing()
    try:
        line = input(prompt)
    except UnicodeDecodeError:
        line = "\ufffd"  # bytes that are not text: the parser explains, the game goes on
    if not sys.stdin.isatty():
        print(shown(line, 120))  # echoed safely: control characters escaped, long lines cut
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
        agents={s: make_agent(per_seat[s], game=state.GAME, allow_external=True) for s in bots},
        rngs={s: bot_rng(seed, s) for s in bots},
    )


def mark_you(text: str, seat: int | None) -> str:
    """``seat 2 opens…`` as ``seat 2 (you) opens…`` in lines shown to seat 2."""
    if seat is None:
        return text
    return re.sub(rf"\b([Ss]eat {seat})\b(?! \(you\))", r"\1 (you)", text)


class LogFeed:
    """New entries of the table log as one seat sees them, complete and in order.

    Every action (a hidden one as this seat saw it) comes first, then the lines it caused
    (settlements, reveals, draws), from :meth:`State.timeline`. The seat's own actions are
    included, as "you".
    """

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.seen = 0

    def new_lines(self, state: State) -> list[str]:
        entries = state.timeline(self.seat)[self.seen :]
        self.seen += len(entries)
        lines = []
        for actor, text in entries:
            if actor is None:
                lines.append(mark_you(text, self.seat))
            else:
                name = "you" if actor == self.seat else state.seat_name(actor)
                lines.append(f"{name}: {text}")
        return lines


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
    for seat, agent in match.agents.items():
        start_game(agent, state, seat)
    for _ in range(MAX_ACTIONS):
        if feed is not None:
            for line in feed.new_lines(state):
                console.print(log_text(line))
        if state.is_terminal():
            for seat, agent in match.agents.items():
                end_game(agent, state, seat)
            return
        seat = next_seat(match)
        if seat in match.agents:
            state.apply(seat, decide(match.agents[seat], state, seat, match.rngs[seat]))
        else:
            human_turn(match.info, state, seat, console, read, match.ask_forced, match.hints)
    raise GameStalled(f"the game did not end within {MAX_ACTIONS} actions (a bug in the game)")


class QuitGame(Exception):
    """The person confirmed ``quit`` at the prompt."""


def parse_choice(state: State, legal: Sequence[Action], text: str) -> Action:
    """A menu number, an action's text, or Enter for a single choice (no prompt commands)."""
    choice = parse_entry(state, legal, text)
    if isinstance(choice, Command):
        raise IllegalAction(f"'{choice.name}' is a prompt command, not an action")
    return choice


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
    even a seat without an Ace) is taken at once and shown, unless ``ask_forced``. Nothing typed
    here can raise: bad input is explained and asked again, and never changes the state.
    Raises :class:`QuitGame` when the person confirms ``quit``.
    """
    legal = state.legal_actions(seat)
    notes = state.choice_notes(seat)
    if len(legal) == 1 and not ask_forced:
        why = " ".join(notes) or "it is the only legal action now"
        state.apply(seat, legal[0])
        console.print(Text(f"(your only choice) {legal[0].text} — {why}", style="dim"))
        return
    obs = state.observation(seat)
    console.print(Rule(style="dim"))
    console.print(render_observation(info, obs))
    if len(obs["to_act"]) > 1 or any(obs["committed"]):
        console.print(Text("Simultaneous choice: it stays face down until all have chosen.", "dim"))
    show_menu(state, seat, legal, console)
    for note in notes:
        console.print(Text(f"Note: {note}", style="yellow"))
    if len(legal) == 1:
        prompt = f"Only one choice — press Enter to {legal[0].text}: "
    else:
        prompt = f"Your choice (1-{len(legal)}, action text, or help): "
    if hints is not None:
        prompt = prompt[:-3] + ", ? for hints): " if prompt.endswith("): ") else prompt
    legal_ids = {action.id for action in legal}
    while True:
        try:
            entry = read(prompt)
            if hints is not None and entry.strip() == "?":
                hints(state, seat, console)
                continue
            choice = parse_entry(state, legal, entry)
        except IllegalAction as exc:
            console.print(Text(f"Not accepted: {exc}", style="red"))
            continue
        if isinstance(choice, Command):
            run_command(choice, info, state, seat, legal, console, read)
            continue
        if choice.id not in legal_ids:
            why = state.explain_illegal(seat, choice.id) or "it is not among your choices now"
            console.print(Text(f"Not accepted: you cannot '{choice.text}' now: {why}", "red"))
            continue
        preview = state.preview_action(seat, choice.id)
        if preview is not None:
            console.print(Text(preview, style="bold yellow"))
            answer = read(
                f"Really {choice.text}? Type y to go ahead, anything else to choose again: "
            )
            if answer.strip().lower() not in ("y", "yes"):
                console.print(Text("Not played; choose again.", style="dim"))
                continue
        state.apply(seat, choice)
        return


def show_menu(state: State, seat: int, legal: Sequence[Action], console: Console) -> None:
    """The numbered legal actions, each with what it would do for this seat."""
    console.print(Text("Your choices:", style="bold"))
    for number, action in enumerate(legal, start=1):
        line = Text(f"  {number:>2}. ").append(action.text, style="bold")
        described = describe(state, seat, action)
        if described:
            line.append(f" — {described}", style="dim")
        console.print(line)


def describe(state: State, seat: int, action: Action) -> str:
    """``describe_action`` when it says more than the action's own text, else ""."""
    text = state.describe_action(seat, action.id)
    return "" if normalize_text(text) == normalize_text(action.text) else text


def run_command(
    command: Command,
    info: GameInfo,
    state: State,
    seat: int,
    legal: Sequence[Action],
    console: Console,
    read: Reader,
) -> None:
    """``help``, ``rules`` or ``quit`` typed at the prompt."""
    if command.name == "help":
        console.print(Text("Your choices now, explained:", style="bold"))
        for number, action in enumerate(legal, start=1):
            console.print(
                Text(f"  {number:>2}. ")
                .append(action.text, style="bold")
                .append(f": {state.describe_action(seat, action.id)}")
            )
        console.print(
            Text(
                "Type a number or an action's text (case and spacing do not matter; the start of "
                "an action is enough when only one action begins that way).",
                style="dim",
            )
        )
        for other in COMMANDS.values():
            console.print(Text(f"  {other.name}: {other.help}", style="dim"))
    elif command.name == "rules":
        show_rules(info, console, read)
    elif command.name == "quit":
        answer = read("Quit this game? Type y to quit, anything else to go on: ")
        if answer.strip().lower() in ("y", "yes"):
            raise QuitGame
        console.print(Text("Going on.", style="dim"))


def show_rules(info: GameInfo, console: Console, read: Reader) -> None:
    """The game's player doc, a screenful at a time (Enter: more, q: back to the game)."""
    text = rules_text(info)
    if text is None:
        console.print(Text(f"No rules doc is available for {info.display_name}.", "yellow"))
        return
    with console.capture() as captured:
        console.print(Markdown(text))
    lines = captured.get().splitlines()
    page = max(10, console.size.height - 2)
    for start in range(0, len(lines), page):
        for line in lines[start : start + page]:
            console.print(Text.from_ansi(line.rstrip()))
        if start + page < len(lines):
            answer = read("-- Enter: more, q: back to the game -- ")
            if answer.strip().lower() in ("q", "quit"):
                break
    console.print(Text("(back to the game)", style="dim"))


def show_result(match: Match, console: Console) -> None:
    """Final view of the human (or spectator) and the scores with the winner."""
    obs = match.state.observation(match.human)
    if match.human is not None:
        console.print(Rule("Game over", style="dim"))
        console.print(render_observation(match.info, obs))
    console.print(result_view(obs, match.names))
