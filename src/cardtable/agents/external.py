"""External bots: any program plays a seat through JSON lines on its stdin and stdout.

The protocol (``cardtable-bot/1``, documented in ``docs/bots.md``) is one request line per
decision from cardtable and one answer line from the bot::

    -> {"type": "decide", "protocol": "cardtable-bot/1", "game": "magic-show", "seat": 0,
        "observation": {...},
        "legal": [{"id": 12, "text": "play KD", "data": {"kind": "play", "card": "KD"}}, ...]}
    <- {"id": 12}

``data`` is the action's structured form (a kind and named arguments), so a bot never has to
take the text apart.

The observation is the seat's own (already redacted by the core), so an external bot is as
fair as a built-in one. The program is started at its first decision and ends when cardtable
closes its stdin (or is killed shortly after). A bot that answers late, answers nonsense or
crashes never stalls a game: the fault is reported (logger ``cardtable.agents.external`` and
:attr:`ExternalAgent.faults`) and a random legal action is played instead. A timed-out or
crashed program is restarted at the next decision, at most ``restarts`` times; after that the
seat plays at random for the rest of the game.
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
import weakref
from collections import deque
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from cardtable.core import Action, Rng

PROTOCOL = "cardtable-bot/1"
DEFAULT_TIMEOUT = 10.0
DEFAULT_RESTARTS = 2
#: Seconds a bot gets to exit after its stdin is closed before it is killed.
GRACE = 1.0

log = logging.getLogger(__name__)


class BotFault(Exception):
    """What went wrong with an external bot's answer, in words."""


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


class _Process:
    """One running bot program with its reader threads."""

    def __init__(self, argv: list[str]) -> None:
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

    def ask(self, request: str, timeout: float) -> str:
        """Send one line and wait for one line back (BotFault on a timeout or a crash)."""
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(request + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise BotFault(self._crashed()) from None
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            raise BotFault(f"no answer within {timeout:g} s") from None
        if line is None:
            raise BotFault(self._crashed())
        return line

    def _crashed(self) -> str:
        try:
            code = self.proc.wait(GRACE)
        except subprocess.TimeoutExpired:
            return "closed its output but kept running"
        self.stderr_reader.join(GRACE)  # it may still be copying the last lines
        tail = " | ".join(self.stderr)
        return f"exited with status {code}" + (f" ({tail})" if tail else "")


def parse_answer(line: str, legal: Sequence[Action]) -> Action:
    """``{"id": N}`` (or a bare ``N``) naming a legal action; BotFault otherwise.

    >>> parse_answer('{"id": 3}', [Action(3, "take 1")]).text
    'take 1'
    """
    text = line.strip()
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        raise BotFault(f"answered {text[:60]!r}, which is not JSON") from None
    chosen = data.get("id") if isinstance(data, dict) else data
    if isinstance(chosen, bool) or not isinstance(chosen, int):
        raise BotFault(f'answered {text[:60]!r}; expected {{"id": N}} with N a legal action id')
    for action in legal:
        if action.id == chosen:
            return action
    ids = ", ".join(str(a.id) for a in legal)
    raise BotFault(f"answered id {chosen}, which is not legal now (legal ids: {ids})")


class ExternalAgent:
    """A seat played by another program (see the module docstring for the protocol)."""

    name = "external"

    def __init__(
        self,
        argv: Sequence[str],
        timeout: float = DEFAULT_TIMEOUT,
        restarts: int = DEFAULT_RESTARTS,
    ) -> None:
        if not argv:
            raise ValueError("external bot needs a command")
        if timeout <= 0 or restarts < 0:
            raise ValueError("external bot needs timeout > 0 and restarts >= 0")
        self.argv = list(argv)
        self.timeout = timeout
        self.restarts = restarts
        #: Every fault so far, in words (each one also went to the logger).
        self.faults: list[str] = []
        self._process: _Process | None = None
        self._starts = 0
        self._given_up = False

    def choose(
        self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: Rng
    ) -> Action:
        if not self._given_up:
            try:
                return self._ask(observation, legal_actions)
            except BotFault as exc:
                seat = observation.get("seat")
                self._fault(f"external bot {shlex.join(self.argv)!r} at seat {seat}: {exc}")
        return legal_actions[rng.below(len(legal_actions))]

    def close(self) -> None:
        """Stop the program (closes its stdin, kills it if it does not exit); idempotent."""
        if self._process is not None:
            self._process.close()
            self._process = None

    @property
    def pid(self) -> int | None:
        """The running program's process id, if one is running."""
        return None if self._process is None else self._process.proc.pid

    # ------------------------------------------------------------------ internals

    def _ask(self, observation: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        process = self._running()
        request = json.dumps(
            {
                "type": "decide",
                "protocol": PROTOCOL,
                "game": observation.get("game"),
                "seat": observation.get("seat"),
                "observation": observation,
                "legal": [{"id": a.id, "text": a.text, "data": a.data.to_json()} for a in legal],
            },
            separators=(",", ":"),
        )
        try:
            line = process.ask(request, self.timeout)
        except BotFault:
            self.close()  # a late answer must never be read as the next one's
            raise
        return parse_answer(line, legal)

    def _running(self) -> _Process:
        if self._process is not None and self._process.proc.poll() is None:
            return self._process
        self.close()
        if self._starts > self.restarts:
            self._given_up = True
            raise BotFault(
                f"failed {self._starts} times; this seat plays random legal actions from now on"
            )
        self._starts += 1
        try:
            self._process = _Process(self.argv)
        except OSError as exc:
            self._given_up = True
            raise BotFault(f"could not be started: {exc}") from None
        return self._process

    def _fault(self, message: str) -> None:
        message += "; playing a random legal action instead"
        self.faults.append(message)
        log.warning("%s", message)


def make_external(params: dict[str, str]) -> ExternalAgent:
    """``external:timeout=S,restarts=K,cmd=PROGRAM ARGS`` (``cmd`` last, taken verbatim)."""
    unknown = set(params) - {"cmd", "timeout", "restarts"}
    if unknown:
        raise ValueError(
            f"external has no parameter {sorted(unknown)[0]!r}; it has cmd, timeout, restarts"
        )
    if "cmd" not in params:
        raise ValueError("external bot needs a command: external:cmd=PROGRAM ARGS...")
    argv = parse_command(params["cmd"])
    try:
        timeout = float(params.get("timeout", DEFAULT_TIMEOUT))
        restarts = int(params.get("restarts", DEFAULT_RESTARTS))
    except ValueError:
        raise ValueError("external timeout must be a number and restarts an int") from None
    return ExternalAgent(argv, timeout, restarts)
