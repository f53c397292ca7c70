"""External bots (``cardtable-bot/2``): whole games by the example bots in Python and JavaScript,
every message checked against the JSON Schema, and every way a bot can fail."""

from __future__ import annotations

import itertools
import json
import logging
import shlex
import shutil
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner

from cardtable.agents import (
    ExternalAgent,
    close_agent,
    decide,
    end_game,
    make_agent,
    parse_spec,
    split_specs,
    start_game,
)
from cardtable.agents.base import state_fields
from cardtable.agents.botproto import SCHEMA_PATH
from cardtable.agents.external import shutdown_idle
from cardtable.cli.main import main
from cardtable.core import Action, GameInfo, Rng, list_games, new_state

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PY = shlex.quote(sys.executable)
NODE = shutil.which("node")
LEGAL = [Action(0, "take 1"), Action(1, "take 2")]
OBS = {"game": "fake", "seat": 1, "num_players": 2}
SCHEMA = json.loads(SCHEMA_PATH.read_text())
#: A bot's prelude: answers hello, yields the decide requests.
PRELUDE = """import json, sys, time
def out(obj):
    print(json.dumps(obj), flush=True)
def requests():
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "hello":
            out({"type": "hello", "seq": msg["seq"], "protocol": "cardtable-bot/2"})
        elif msg["type"] == "decide":
            yield msg
"""


@pytest.fixture(autouse=True)
def _no_idle_programs() -> Iterator[None]:
    yield
    shutdown_idle()


def script(tmp_path: Path, body: str, prelude: str = PRELUDE) -> str:
    """A bot program with ``body`` as its main loop; returns its spec command."""
    path = tmp_path / "bot.py"
    path.write_text(prelude + body)
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


def play(game: str, players: int, agents: list[Any], seed: int) -> list[float]:
    state = new_state(game, players, seed=seed)
    rng = Rng(seed)
    for seat, agent in enumerate(agents):
        start_game(agent, state, seat)
    while not state.is_terminal():
        seat = state.to_act()[0]
        state.apply(seat, decide(agents[seat], state, seat, rng))
    for seat, agent in enumerate(agents):
        end_game(agent, state, seat)
    return state.returns()


def check_transcript(messages: list[dict[str, Any]]) -> None:
    """Every message valid, numbered in order, each reply carrying its request's number."""
    validator = jsonschema.Draft202012Validator(SCHEMA)
    for message in messages:
        validator.validate(message)
    sent = [
        m for m in messages if "accept" in m or m["type"] in ("game_start", "decide", "game_end")
    ]
    assert [m["seq"] for m in sent] == list(range(len(sent)))
    kinds = [m["type"] for m in messages]
    assert kinds[:2] == ["hello", "hello"] and kinds[2] == "game_start" and kinds[-1] == "game_end"
    for ask, reply in itertools.pairwise(messages):
        if ask["type"] == "decide":
            assert reply["type"] == "action" and reply["seq"] == ask["seq"]
            assert reply["id"] in {a["id"] for a in ask["legal"]}


BOTS = {"python": f"{PY} {shlex.quote(str(EXAMPLES / 'bot.py'))}"}
if NODE is not None:
    BOTS["javascript"] = f"{NODE} {shlex.quote(str(EXAMPLES / 'bot.js'))}"


@pytest.mark.parametrize("language", ["python", "javascript"])
@pytest.mark.parametrize("info", list_games(), ids=lambda i: i.name)
def test_example_bots_play_whole_games_in_schema(info: GameInfo, language: str) -> None:
    if language not in BOTS:
        pytest.fail("node is needed for the JavaScript example bot (/usr/bin/node)")
    players = info.min_players
    agents = [external(BOTS[language]) for _ in range(players)]
    for agent in agents:
        agent.transcript = []
    try:
        returns = play(info.name, players, agents, seed=11)
        assert all(not a.faults for a in agents), [a.faults for a in agents]
        pids = [a.pid for a in agents]
        assert all(pid is not None for pid in pids)  # every seat really ran the program
    finally:
        for agent in agents:
            close_agent(agent)
    assert sum(returns) == pytest.approx(1.0)
    for seat, agent in enumerate(agents):
        assert agent.transcript is not None
        check_transcript(agent.transcript)
        start, end = agent.transcript[2], agent.transcript[-1]
        assert start["seat"] == seat and start["players"] == players and start["game"] == info.name
        assert isinstance(start["options"], dict) and end["returns"] == returns
    shutdown_idle()
    assert all(gone(pid) for pid in pids if pid is not None)  # cleaned up


def test_one_program_serves_game_after_game() -> None:
    pids, transcripts = [], []
    for seed in (1, 2):
        agent = external(BOTS["python"])
        agent.transcript = []
        play("magic-show", 2, [agent, make_agent("random")], seed)
        pids.append(agent.pid)
        close_agent(agent)
        transcripts.append(agent.transcript)
    assert pids[0] is not None and pids[0] == pids[1]  # the idle program was reused
    assert transcripts[1][0]["type"] == "game_start"  # no second hello
    assert transcripts[1][0]["seq"] == transcripts[0][-1]["seq"] + 1  # numbering goes on
    shutdown_idle()
    assert gone(pids[0])


def test_the_program_sees_only_its_seat_and_the_legal_actions(tmp_path: Path) -> None:
    out = tmp_path / "seen.json"
    cmd = script(
        tmp_path,
        f"for req in requests():\n"
        f"    open({str(out)!r}, 'w').write(json.dumps(req))\n"
        f"    out({{'type': 'action', 'seq': req['seq'], 'id': req['legal'][-1]['id']}})\n",
    )
    state = new_state("magic-show", 2, seed=2)
    agent = external(cmd, timeout=3)
    try:
        chosen = decide(agent, state, 0, Rng(0))
    finally:
        agent.close()
    request = json.loads(out.read_text())
    assert request["type"] == "decide" and request["budget_ms"] == 3000
    assert request["seat"] == 0 and request["game"] == "magic-show"
    # the seat's observation, plus the game's fields by load_state's names (public by contract)
    expected = state.observation(0) | {"state": state_fields(state)}
    assert request["observation"] == json.loads(json.dumps(expected))
    assert request["legal"] == [
        {"id": a.id, "text": a.text, "data": {"kind": "play", "card": a.text.removeprefix("play ")}}
        for a in state.legal_actions(0)
    ]
    assert chosen == state.legal_actions(0)[-1]


def test_a_stray_line_does_not_desynchronise_the_game(tmp_path: Path) -> None:
    """The version-1 failure: one extra line made every later answer one decision late."""
    cmd = script(
        tmp_path,
        "print('debug: thinking', flush=True)\n"
        "for req in requests():\n"
        "    out({'type': 'action', 'seq': req['seq'], 'id': 1})\n"
        "    out({'type': 'action', 'seq': req['seq'], 'id': 0})  # a second answer: stale later\n",
    )
    agent = external(cmd)
    try:
        picks = [agent.choose(OBS, LEGAL, Rng(k)) for k in range(4)]
    finally:
        agent.close()
    assert picks == [LEGAL[1]] * 4  # every decision got its own answer
    assert any("skipped a line" in f and "debug: thinking" in f for f in agent.faults)
    assert sum("stale action for seq" in f for f in agent.faults) >= 3
    assert not any("fallback" in f for f in agent.faults)


def test_a_reply_to_the_wrong_request_is_rejected(tmp_path: Path) -> None:
    cmd = script(
        tmp_path,
        "for req in requests():\n    out({'type': 'action', 'seq': req['seq'] + 5, 'id': 1})\n",
    )
    agent = external(cmd, timeout=0.3)
    try:
        pick = agent.choose(OBS, LEGAL, Rng(0))
    finally:
        agent.close()
    assert pick in LEGAL
    assert any("expected action" in f for f in agent.faults)
    assert any("no answer within 0.3 s" in f and "fallback (random)" in f for f in agent.faults)


def test_overrun_falls_back_keeps_the_program_then_restarts_it(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    cmd = script(
        tmp_path,
        "for req in requests():\n"
        "    time.sleep(0.6)\n"
        "    out({'type': 'action', 'seq': req['seq'], 'id': 1})\n",
    )
    agent = external(cmd, timeout=0.3, restarts=0, fallback="greedy")
    state = new_state("magic-show", 2, seed=3)
    obs, legal = state.observation(1), state.legal_actions(1)
    start = time.monotonic()
    with caplog.at_level(logging.WARNING, logger="cardtable.agents.external"):
        agent.choose(obs, legal, Rng(1))
        first_pid = agent.pid
        agent.choose(obs, legal, Rng(2))  # second overrun in a row: the program is stopped
        after_strikes = agent.pid
        third = agent.choose(obs, legal, Rng(3))  # restarts used up: fallback at once
    assert time.monotonic() - start < 5  # never stuck
    assert first_pid is not None  # kept after one overrun (its late answer will be skipped)
    assert after_strikes is None and agent.pid is None
    assert third == make_agent("greedy").choose(obs, legal, Rng(3))  # type: ignore[union-attr]
    assert "no answer within 0.3 s" in agent.faults[0] and "fallback (greedy)" in agent.faults[0]
    assert "at seat 1" in agent.faults[0]
    assert any("from now on" in f for f in agent.faults)
    assert any("no answer within" in r.getMessage() for r in caplog.records)


def test_illegal_answers_fall_back_and_the_bot_keeps_playing(tmp_path: Path) -> None:
    cmd = script(
        tmp_path,
        "answers = [99, 7, 1]\n"
        "for req, answer in zip(requests(), answers):\n"
        "    out({'type': 'action', 'seq': req['seq'], 'id': answer})\n",
    )
    agent = external(cmd)
    try:
        picks = [agent.choose(OBS, LEGAL, Rng(k)) for k in range(3)]
    finally:
        agent.close()
    assert all(p in LEGAL for p in picks)
    assert picks[-1] == LEGAL[1]  # the good answer is taken
    assert "id 99, which is not legal now (legal ids: 0, 1)" in agent.faults[0]
    assert len(agent.faults) == 2


def test_crash_is_reported_with_status_and_stderr(tmp_path: Path) -> None:
    cmd = script(
        tmp_path,
        "for req in requests():\n"
        "    print('boom: no strategy', file=sys.stderr)\n"
        "    sys.exit(3)\n",
    )
    agent = external(cmd, restarts=0)
    picks = [agent.choose(OBS, LEGAL, Rng(k)) for k in range(3)]
    assert all(p in LEGAL for p in picks)
    assert "exited with status 3 (boom: no strategy)" in agent.faults[0]
    assert "from now on" in agent.faults[1]
    assert len(agent.faults) == 2  # then the fallback plays quietly
    assert agent.pid is None


def test_a_bot_of_another_version_is_refused_at_hello(tmp_path: Path) -> None:
    cmd = script(
        tmp_path,
        "for line in sys.stdin:\n"
        "    msg = json.loads(line)\n"
        "    out({'type': 'hello', 'seq': msg['seq'], 'protocol': 'cardtable-bot/9'})\n",
        prelude="import json, sys\ndef out(o):\n    print(json.dumps(o), flush=True)\n",
    )
    agent = external(cmd, restarts=3)
    picks = [agent.choose(OBS, LEGAL, Rng(k)) for k in range(2)]
    assert all(p in LEGAL for p in picks)
    assert "speaks 'cardtable-bot/9'; this cardtable speaks cardtable-bot/2" in agent.faults[0]
    assert len(agent.faults) == 1  # no restarts for a version mismatch


def test_a_whole_game_with_a_hanging_bot_still_ends(tmp_path: Path) -> None:
    cmd = script(tmp_path, "for req in requests():\n    time.sleep(30)\n")
    agent = external(cmd, timeout=0.2, restarts=0)
    returns = play("magic-show", 2, [agent, make_agent("random")], 4)
    close_agent(agent)
    assert sum(returns) == pytest.approx(1.0)


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
    agent = external(f"{PY} x.py", fallback="greedy", timeout=0.5)
    assert agent.fallback.name == "greedy" and agent.timeout == 0.5


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
        ("external:fallback=ismcts,cmd=python3", "fallback must be one of random, greedy"),
    ],
)
def test_bad_external_specs(spec: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        make_agent(spec, allow_external=True)


def test_external_bots_are_refused_unless_allowed() -> None:
    """The web table asks make_agent without allow_external: no program can be started."""
    with pytest.raises(ValueError, match="only from the CLI"):
        make_agent(f"external:cmd={BOTS['python']}")


def test_cli_plays_with_an_external_bot() -> None:
    runner = CliRunner(env={"FORCE_COLOR": None, "COLUMNS": "100"})
    bots = f"external:cmd={BOTS['python']};random"
    result = runner.invoke(main, ["play", "score", "--auto", "--seed", "3", "--bots", bots])
    assert result.exit_code == 0, result.output
    assert "seat 0 (external)" in result.output
    assert "Winner" in result.output or "Shared win" in result.output
