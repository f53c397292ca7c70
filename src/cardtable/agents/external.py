"""External bots: any program plays a seat through JSON lines on its stdin and stdout.

The protocol is ``cardtable-bot/2`` (:mod:`.botproto`, the JSON Schema
``bot-protocol.schema.json``, docs/bots.md). A program is started once and then serves game
after game (a seat at a time): it answers ``hello`` with the version it speaks, is told
``game_start``, answers each ``decide`` with an ``action`` carrying the same ``seq`` within the
request's ``budget_ms``, and is told ``game_end``. When its agent is closed a healthy program
goes back to a pool of idle programs for the next game with the same command, so a ladder
does not pay a program start (about 0.4 s for Python) per game.

The observation is the seat's own (already redacted by the core), so an external bot is as
fair as a built-in one. A bot that answers late, writes nonsense or crashes never stalls a game:
that decision is played by the fallback bot (``fallback``, random unless told otherwise) and the
fault is reported (logger ``cardtable.agents.external`` and :attr:`ExternalAgent.faults`). A
late answer arrives with an old ``seq`` and is skipped, so the program can stay; after
:data:`STRIKES` late answers in a row, or a crash, it is restarted at the next decision, at most
``restarts`` times; after that the fallback plays the seat for the rest of the game.
"""

from __future__ import annotations

import contextlib
import json
import logging
import queue
import shlex
import shutil
import subprocess
import threading
import time
import weakref
from collections import deque
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from cardtable.agents import botproto
from cardtable.agents.base import Agent
from cardtable.agents.botproto import ACCEPTED, BotFault, encode, parse_reply
from cardtable.agents.greedy_agent import GreedyAgent
from cardtable.agents.random_agent import RandomAgent
from cardtable.core import Action, Rng

DEFAULT_TIMEOUT = 10.0
DEFAULT_RESTARTS = 2
#: Seconds a new program gets to answer hello (interpreters can be slow to start).
HELLO_TIMEOUT = 10.0
#: Late answers in a row after which the program is restarted.
STRIKES = 2
#: Seconds a bot gets to exit after its stdin is closed before it is killed.
GRACE = 1.0
#: Idle programs kept per command for the next game.
POOL_SIZE = 8
#: Bots that can stand in for a faulty program (they need nothing but the observation).
FALLBACKS: dict[str, type[RandomAgent] | type[GreedyAgent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
}

log = logging.getLogger(__name__)

__all__ = ["BotFault", "ExternalAgent", "make_external", "parse_command", "shutdown_idle"]


def parse_command(cmd: str) -> list[str]:
    """Split a command line (shell quoting rules, no shell) and check the program exists.

    >>> parse_command("python3 -c 'print(1)'")[:2]
    ['python3', '-c']
    """
    try:
        argv = shlex.split(cmd)
    except ValueError as exc:
        raise ValueError(f"external bot command {cmd!r} cannot be split: {exc}") from None
    if not argv:
        raise ValueError("external bot needs a command: external:cmd=PROGRAM ARGS...")
    program = argv[0]
    if shutil.which(program) is None and not Path(program).is_file():
        raise ValueError(f"external bot program {program!r} was not found")
    return argv


def _pump(stream: IO[str], sink: queue.Queue[str | None]) -> None:
    """Copy lines from a pipe into a queue; ``None`` marks the end of the stream."""
    with contextlib.suppress(ValueError, OSError):
        for line in stream:
            sink.put(line)
    sink.put(None)


def _keep_tail(stream: IO[str], tail: deque[str]) -> None:
    with contextlib.suppress(ValueError, OSError):
        for line in stream:
            tail.append(line.rstrip("\n"))


def _terminate(proc: subprocess.Popen[str]) -> None:
    """Close the bot's stdin, give it a moment to exit, then kill it; never raises."""
    if proc.poll() is None:
        with contextlib.suppress(OSError, ValueError):
            assert proc.stdin is not None
            proc.stdin.close()
        try:
            proc.wait(GRACE)
        except subprocess.TimeoutExpired:
            proc.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(GRACE)
    for stream in (proc.stdin, proc.stdout, proc.stderr):
        with contextlib.suppress(OSError, ValueError):
            if stream is not None:
                stream.close()


class _Late(BotFault):
    """The bot did not answer within its budget (it may still answer later, with an old seq)."""


class _Process:
    """One running bot program with its reader threads and its message numbering."""

    def __init__(self, argv: list[str]) -> None:
        self.argv = argv
        self.proc = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            errors="replace",
            bufsize=1,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.stderr: deque[str] = deque(maxlen=5)
        assert self.proc.stdout is not None
        assert self.proc.stderr is not None
        threading.Thread(target=_pump, args=(self.proc.stdout, self.lines), daemon=True).start()
        self.stderr_reader = threading.Thread(
            target=_keep_tail, args=(self.proc.stderr, self.stderr), daemon=True
        )
        self.stderr_reader.start()
        self.close = weakref.finalize(self, _terminate, self.proc)
        self.seq = 0
        #: Late answers in a row (see :data:`STRIKES`).
        self.strikes = 0
        self.name = ""
        #: Where every message sent and reply read is recorded, when someone listens.
        self.record: list[dict[str, Any]] | None = None

    def alive(self) -> bool:
        return self.proc.poll() is None

    def send(self, message: dict[str, Any]) -> None:
        """Write one message (BotFault if the program is gone)."""
        assert self.proc.stdin is not None
        if self.record is not None:
            self.record.append(message)
        try:
            self.proc.stdin.write(encode(message) + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise BotFault(self.crashed()) from None

    def next_seq(self) -> int:
        seq, self.seq = self.seq, self.seq + 1
        return seq

    def handshake(self, skipped: list[str]) -> None:
        """hello and its answer: the program must choose a version cardtable speaks."""
        seq = self.next_seq()
        self.send(botproto.hello(seq))
        try:
            reply = self.await_reply(seq, "hello", HELLO_TIMEOUT, skipped)
        except _Late:
            raise BotFault(
                f"did not answer hello within {HELLO_TIMEOUT:g} s (does it speak {ACCEPTED[0]}?)"
            ) from None
        if reply.protocol not in ACCEPTED:
            spoken = ", ".join(ACCEPTED)
            raise BotFault(f"speaks {reply.protocol!r}; this cardtable speaks {spoken}")
        self.name = reply.name

    def await_reply(
        self, seq: int, kind: str, timeout: float, skipped: list[str]
    ) -> botproto.Reply:
        """The reply of ``kind`` numbered ``seq``; every other line is skipped and described.

        _Late when none arrives within ``timeout`` seconds, BotFault when the program ends.
        """
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise _Late(f"no answer within {timeout:g} s") from None
            if line is None:
                raise BotFault(self.crashed())
            try:
                reply = parse_reply(line)
            except BotFault as exc:
                skipped.append(f"skipped a line: it {exc}")
                continue
            if self.record is not None:
                self.record.append(_as_json(line))
            if reply.seq < seq:
                skipped.append(f"skipped a stale {reply.kind} for seq {reply.seq} (now {seq})")
            elif reply.seq > seq or reply.kind != kind:
                skipped.append(f"skipped a {reply.kind} for seq {reply.seq}; expected {kind} {seq}")
            else:
                return reply

    def crashed(self) -> str:
        try:
            code = self.proc.wait(GRACE)
        except subprocess.TimeoutExpired:
            return "closed its output but kept running"
        self.stderr_reader.join(GRACE)  # it may still be copying the last lines
        tail = " | ".join(self.stderr)
        return f"exited with status {code}" + (f" ({tail})" if tail else "")


def _as_json(line: str) -> dict[str, Any]:
    value = json.loads(line)
    assert isinstance(value, dict)
    return value


#: Healthy programs between games, by command line (see the module docstring).
_IDLE: dict[tuple[str, ...], list[_Process]] = {}


def _take_idle(argv: Sequence[str]) -> _Process | None:
    idle = _IDLE.get(tuple(argv), [])
    while idle:
        process = idle.pop()
        if process.alive():
            return process
        process.close()
    return None


def _give_back(process: _Process) -> None:
    idle = _IDLE.setdefault(tuple(process.argv), [])
    if len(idle) < POOL_SIZE and process.alive() and process.strikes == 0:
        process.record = None
        idle.append(process)
    else:
        process.close()


def shutdown_idle() -> None:
    """Stop every idle program (they also stop when this process exits)."""
    for idle in _IDLE.values():
        while idle:
            idle.pop().close()


class ExternalAgent:
    """A seat played by another program (see the module docstring for the protocol)."""

    name = "external"
    #: :func:`~cardtable.agents.base.decide` adds ``state`` to the observation: the game's
    #: fields by the names ``load_state`` reads, so a program can rebuild the position.
    wants_state_fields = True

    def __init__(
        self,
        argv: Sequence[str],
        timeout: float = DEFAULT_TIMEOUT,
        restarts: int = DEFAULT_RESTARTS,
        fallback: str = "random",
    ) -> None:
        if not argv:
            raise ValueError("external bot needs a command")
        if timeout <= 0 or restarts < 0:
            raise ValueError("external bot needs timeout > 0 and restarts >= 0")
        if fallback not in FALLBACKS:
            raise ValueError(f"external fallback must be one of {', '.join(FALLBACKS)}")
        self.argv = list(argv)
        self.timeout = timeout
        self.restarts = restarts
        self.fallback: Agent = FALLBACKS[fallback]()
        #: Every fault so far, in words (each one also went to the logger).
        self.faults: list[str] = []
        #: Set to a list to record every message sent and reply read (tests, debugging).
        self.transcript: list[dict[str, Any]] | None = None
        self._process: _Process | None = None
        self._setup: dict[str, Any] | None = None
        self._started_on: _Process | None = None  # the program told game_start
        self._starts = 0
        self._given_up = False

    def game_start(self, setup: Mapping[str, Any]) -> None:
        """A game begins: ``setup`` has game, players, seat and options (told at first decision)."""
        self._setup = dict(setup)
        self._started_on = None

    def game_end(self, observation: Mapping[str, Any] | None) -> None:
        """Tell the program the game is over (None: abandoned); a no-op if it never played."""
        process, setup = self._started_on, self._setup
        self._started_on = None
        if process is None or setup is None or process is not self._process:
            return
        with contextlib.suppress(BotFault):
            process.send(botproto.game_end(process.next_seq(), setup, observation))

    def choose(
        self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: Rng
    ) -> Action:
        if not self._given_up:
            try:
                return self._ask(observation, legal_actions)
            except BotFault as exc:
                seat = observation.get("seat")
                self._fault(f"external bot {shlex.join(self.argv)!r} at seat {seat}: {exc}", True)
        return self.fallback.choose(observation, legal_actions, rng)

    def close(self) -> None:
        """End the game if it is still going and give the program back to the idle pool (or
        stop it if it misbehaved); idempotent."""
        self.game_end(None)
        if self._process is not None:
            _give_back(self._process)
            self._process = None

    @property
    def pid(self) -> int | None:
        """The running program's process id, if one is running."""
        return None if self._process is None else self._process.proc.pid

    # ------------------------------------------------------------------ internals

    def _ask(self, observation: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        process = self._running()
        if self._started_on is not process:
            if self._setup is None:
                self._setup = _setup_from(observation)
            process.send(botproto.game_start(process.next_seq(), self._setup))
            self._started_on = process
        seq = process.next_seq()
        process.send(botproto.decide(seq, observation, legal, self.timeout))
        skipped: list[str] = []
        try:
            reply = process.await_reply(seq, "action", self.timeout, skipped)
        except _Late:
            process.strikes += 1
            if process.strikes >= STRIKES:
                self._drop()
            raise
        except BotFault:
            self._drop()
            raise
        finally:
            self._report_skipped(skipped)
        process.strikes = 0
        for action in legal:
            if action.id == reply.id:
                return action
        ids = ", ".join(str(a.id) for a in legal)
        raise BotFault(f"answered id {reply.id}, which is not legal now (legal ids: {ids})")

    def _running(self) -> _Process:
        if self._process is not None and self._process.alive():
            return self._process
        self._drop()
        idle = _take_idle(self.argv)
        if idle is not None:
            self._process = idle
            idle.record = self.transcript
            return idle
        if self._starts > self.restarts:
            self._given_up = True
            raise BotFault(f"failed {self._starts} times; the fallback plays this seat from now on")
        self._starts += 1
        try:
            self._process = _Process(self.argv)
        except OSError as exc:
            self._given_up = True
            raise BotFault(f"could not be started: {exc}") from None
        self._process.record = self.transcript
        skipped: list[str] = []
        try:
            self._process.handshake(skipped)
        except BotFault as exc:
            self._drop()
            if "speaks" in str(exc):
                self._given_up = True  # another start would speak the same version
            raise
        finally:
            self._report_skipped(skipped)
        return self._process

    def _drop(self) -> None:
        """Stop the program (crashed, hung or given up on): it is never reused."""
        if self._process is not None:
            self._process.close()
            self._process = None
        self._started_on = None

    def _report_skipped(self, skipped: list[str]) -> None:
        for note in skipped:
            self._fault(f"external bot {shlex.join(self.argv)!r}: {note}", False)

    def _fault(self, message: str, fell_back: bool) -> None:
        if fell_back:
            message += f"; the fallback ({self.fallback.name}) played instead"
        self.faults.append(message)
        log.warning("%s", message)


def _setup_from(observation: Mapping[str, Any]) -> dict[str, Any]:
    """A game_start from the first observation, for runners that did not call game_start."""
    return {
        "game": observation.get("game"),
        "players": observation.get("num_players"),
        "seat": observation.get("seat"),
        "options": None,
        "cards": None,
        "zones": None,
    }


def make_external(params: dict[str, str]) -> ExternalAgent:
    """``external:timeout=S,restarts=K,fallback=BOT,cmd=PROGRAM ARGS`` (``cmd`` last, verbatim)."""
    unknown = set(params) - {"cmd", "timeout", "restarts", "fallback"}
    if unknown:
        raise ValueError(
            f"external has no parameter {sorted(unknown)[0]!r}; "
            "it has cmd, timeout, restarts, fallback"
        )
    if "cmd" not in params:
        raise ValueError("external bot needs a command: external:cmd=PROGRAM ARGS...")
    argv = parse_command(params["cmd"])
    try:
        timeout = float(params.get("timeout", DEFAULT_TIMEOUT))
        restarts = int(params.get("restarts", DEFAULT_RESTARTS))
    except ValueError:
        raise ValueError("external timeout must be a number and restarts an int") from None
    return ExternalAgent(argv, timeout, restarts, params.get("fallback", "random"))
