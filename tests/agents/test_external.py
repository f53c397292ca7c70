"""External bots: a full game through the JSON-lines protocol, and every way a bot can fail."""

from __future__ import annotations

import json
import logging
import shlex
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardtable.agents import ExternalAgent, close_agent, decide, make_agent, parse_spec, split_specs
from cardtable.cli.main import main
from cardtable.core import Action, Rng, list_games, new_state

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bot.py"
PY = shlex.quote(sys.executable)
LEGAL = [Action(0, "take 1"), Action(1, "take 2")]
OBS = {"game": "fake", "seat": 1}


def script(tmp_path: Path, body: str) -> str:
    """A bot program with ``body`` as its main loop; returns its spec command."""
    path = tmp_path / "bot.py"
    path.write_text("import json, sys, time\n" + body)
    return f"{PY} {shlex.quote(str(path))}"


def external(spec_cmd: str, **params: object) -> ExternalAgent:
    extra = "".join(f"{k}={v}," for k, v in params.items())
    agent = make_agent(f"external:{extra}cmd={spec_cmd}", allow_external=True)
    assert isinstance(agent, ExternalAgent)
    return agent


def gone(pid: int) -> bool:
    """Has the process ended (reaped by its Popen, or at least no longer running)?"""
    status = Path(f"/proc/{pid}/status")
    if not status.exists():
        return True
    return "zombie" in status.read_text()


@pytest.mark.parametrize("info", list_games(), ids=lambda i: i.name)
def test_example_bot_plays_a_full_game(info: object) -> None:
    name, players = info.name, info.min_players  # type: ignore[attr-defined]
    state = new_state(name, players, seed=11)
    agents = [external(f"{PY} {shlex.quote(str(EXAMPLE))} --seed {s}") for s in range(players)]
    rng = Rng(5)
    try:
        while not state.is_terminal():
            seat = state.to_act()[0]
            state.apply(seat, decide(agents[seat], state, seat, rng))
        assert all(not a.faults for a in agents), [a.faults for a in agents]
        pids = [a.pid for a in agents]
        assert all(pid is not None for pid in pids)  # every seat really ran the program
    finally:
        for agent in agents:
            close_agent(agent)
    assert all(gone(pid) for pid in pids if pid is not None)  # cleaned up
    assert sum(state.returns()) == pytest.approx(1.0)


def test_the_program_sees_only_its_seat_and_the_legal_actions(tmp_path: Path) -> None:
    out = tmp_path / "seen.json"
    cmd = script(
        tmp_path,
        f"for line in sys.stdin:\n"
        f"    req = json.loads(line)\n"
        f"    open({str(out)!r}, 'w').write(line)\n"
        f"    print(json.dumps({{'id': req['legal'][-1]['id']}}), flush=True)\n",
    )
    state = new_state("magic-show", 2, seed=2)
    agent = external(cmd)
    try:
        chosen = decide(agent, state, 0, Rng(0))
    finally:
        agent.close()
    request = json.loads(out.read_text())
    assert request["type"] == "decide" and request["protocol"] == "cardtable-bot/1"
    assert request["seat"] == 0 and request["game"] == "magic-show"
    assert request["observation"] == json.loads(json.dumps(state.observation(0)))
    assert request["legal"] == [
        {"id": a.id, "text": a.text, "data": {"kind": "play", "card": a.text.removeprefix("play ")}}
        for a in state.legal_actions(0)
    ]
    assert chosen == state.legal_actions(0)[-1]


def test_timeout_falls_back_kills_and_restarts(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    cmd = script(tmp_path, "for line in sys.stdin:\n    time.sleep(30)\n")
    agent = external(cmd, timeout=0.3, restarts=1)
    start = time.monotonic()
    with caplog.at_level(logging.WARNING, logger="cardtable.agents.external"):
        first = agent.choose(OBS, LEGAL, Rng(1))
        pid = agent.pid
        second = agent.choose(OBS, LEGAL, Rng(2))
        third = agent.choose(OBS, LEGAL, Rng(3))  # restarts used up: random, no waiting
    assert time.monotonic() - start < 5  # never stuck
    assert {first, second, third} <= set(LEGAL)
    assert "no answer within 0.3 s" in agent.faults[0]
    assert "at seat 1" in agent.faults[0] and "random legal action instead" in agent.faults[0]
    assert "from now on" in agent.faults[2]
    assert pid is None  # killed after the timeout, so a late answer cannot be misread
    assert agent.pid is None
    assert any("no answer within" in r.getMessage() for r in caplog.records)


def test_garbage_and_illegal_answers_fall_back_and_the_bot_keeps_playing(tmp_path: Path) -> None:
    cmd = script(
        tmp_path,
        "answers = ['hello', '{\"id\": 99}', '{\"move\": 1}', 'true', '{\"id\": 1}']\n"
        "for line, answer in zip(sys.stdin, answers):\n"
        "    print(answer, flush=True)\n",
    )
    agent = external(cmd)
    try:
        picks = [agent.choose(OBS, LEGAL, Rng(k)) for k in range(5)]
    finally:
        agent.close()
    assert all(p in LEGAL for p in picks)
    assert picks[-1] == LEGAL[1]  # the good answer is taken
    assert "'hello', which is not JSON" in agent.faults[0]
    assert "id 99, which is not legal now (legal ids: 0, 1)" in agent.faults[1]
    assert 'expected {"id": N}' in agent.faults[2] and 'expected {"id": N}' in agent.faults[3]
    assert len(agent.faults) == 4


def test_crash_is_reported_with_status_and_stderr(tmp_path: Path) -> None:
    cmd = script(
        tmp_path, "sys.stdin.readline()\nprint('boom: no strategy', file=sys.stderr)\nsys.exit(3)\n"
    )
    agent = external(cmd, restarts=0)
    picks = [agent.choose(OBS, LEGAL, Rng(k)) for k in range(3)]
    assert all(p in LEGAL for p in picks)
    assert "exited with status 3 (boom: no strategy)" in agent.faults[0]
    assert "from now on" in agent.faults[1]
    assert len(agent.faults) == 2  # then it plays at random quietly
    assert agent.pid is None


def test_a_whole_game_with_a_hanging_bot_still_ends(tmp_path: Path) -> None:
    cmd = script(tmp_path, "for line in sys.stdin:\n    time.sleep(30)\n")
    state = new_state("magic-show", 2, seed=4)
    agents = [external(cmd, timeout=0.2, restarts=0), make_agent("random")]
    rng = Rng(0)
    while not state.is_terminal():
        seat = state.to_act()[0]
        state.apply(seat, decide(agents[seat], state, seat, rng))
    assert state.is_terminal()


def test_specs() -> None:
    assert parse_spec("external:timeout=2,cmd=python bot.py --x a,b") == (
        "external",
        {"timeout": "2", "cmd": "python bot.py --x a,b"},
    )
    assert parse_spec("external:cmd=python bot.py, restarts=1")[1] == {
        "cmd": "python bot.py, restarts=1"
    }
    assert split_specs("random, greedy,ismcts:time=1.0,rollout=greedy") == [
        "random",
        "greedy",
        "ismcts:time=1.0,rollout=greedy",
    ]
    assert split_specs("external:cmd=python b.py a,b;random") == [
        "external:cmd=python b.py a,b",
        "random",
    ]


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("external", "needs a command"),
        ("external:cmd=", "needs a command"),
        ("external:cmd=no-such-program-xyz --flag", "'no-such-program-xyz' was not found"),
        ("external:cmd=python 'unclosed", "cannot be split"),
        ("external:speed=3,cmd=python", "no parameter 'speed'"),
        ("external:timeout=soon,cmd=python3", "timeout must be a number"),
        ("external:timeout=0,cmd=python3", "timeout > 0"),
    ],
)
def test_bad_external_specs(spec: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        make_agent(spec, allow_external=True)


def test_external_bots_are_refused_unless_allowed() -> None:
    """The web table asks make_agent without allow_external: no program can be started."""
    with pytest.raises(ValueError, match="only from the CLI"):
        make_agent(f"external:cmd={PY} {EXAMPLE}")


def test_cli_plays_with_an_external_bot() -> None:
    runner = CliRunner(env={"FORCE_COLOR": None, "COLUMNS": "100"})
    bots = f"external:cmd={PY} {shlex.quote(str(EXAMPLE))};random"
    result = runner.invoke(main, ["play", "score", "--auto", "--seed", "3", "--bots", bots])
    assert result.exit_code == 0, result.output
    assert "seat 0 (external)" in result.output
    assert "Winner" in result.output or "Shared win" in result.output
