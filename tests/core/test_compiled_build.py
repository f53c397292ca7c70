"""The engine runs compiled (mypyc) or as plain Python, never a stale mix (cardtable/_compiled.py).

``make test`` runs the suite twice and says which build each pass must be running with
``CARDTABLE_EXPECT_BUILD``; these tests hold it to that, and check that an edited source is never
shadowed by an old compiled module.
"""

from __future__ import annotations

import importlib.machinery
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import cardtable
import cardtable.agents.ismcts
import cardtable.core.state
from cardtable import _compiled

SRC = Path(cardtable.__file__).resolve().parent.parent
EXTENSION = tuple(importlib.machinery.EXTENSION_SUFFIXES)


def _probe(src: Path, env: dict[str, str]) -> list[str]:
    """Import cardtable from ``src`` in a fresh interpreter: build status, a module's file."""
    code = (
        "import cardtable, cardtable.core.state as s, cardtable._compiled as c;"
        "print(c.status()); print(s.__file__)"
    )
    run_env = {k: v for k, v in os.environ.items() if k != "CARDTABLE_PURE"}
    run_env.update(env, PYTHONPATH=str(src))
    result = subprocess.run(
        [sys.executable, "-c", code], env=run_env, capture_output=True, text=True, check=True
    )
    return [*result.stdout.split("\n")[:2], result.stderr]


def test_the_pass_runs_the_build_it_expects() -> None:
    expected = os.environ.get("CARDTABLE_EXPECT_BUILD")
    if expected is None:
        pytest.skip("only `make test` says which build a pass runs (CARDTABLE_EXPECT_BUILD)")
    assert _compiled.status() == expected
    compiled = expected == "compiled"
    for module in (cardtable.core.state, cardtable.agents.ismcts):
        assert str(module.__file__).endswith(EXTENSION) is compiled


def test_plain_python_can_be_forced() -> None:
    status, path, _ = _probe(SRC, {"CARDTABLE_PURE": "1"})
    assert status == "plain"
    assert path.endswith("state.py")


def _copy_build(copy: Path) -> None:
    """The package and mypyc's shared library beside it: from ``src/`` or an installed wheel."""
    ignore = shutil.ignore_patterns("__pycache__")
    shutil.copytree(SRC / "cardtable", copy / "cardtable", ignore=ignore)
    for shared in SRC.glob("*__mypyc*"):
        shutil.copy2(shared, copy / shared.name)


def test_an_edited_source_is_never_shadowed_by_its_old_compiled_module(tmp_path: Path) -> None:
    if _compiled.status() != "compiled":
        pytest.skip("needs a current compiled build (`make compile`; the compiled pass has one)")
    copy = tmp_path / "src"
    _copy_build(copy)
    status, path, _ = _probe(copy, {})
    assert status == "compiled"
    assert path.startswith(str(copy)) and path.endswith(EXTENSION)
    rules = copy / "cardtable/games/score/rules.py"
    rules.write_text(rules.read_text() + "\n# edited after the build\n")
    status, path, warning = _probe(copy, {})
    assert status == "stale"
    assert path == str(copy / "cardtable/core/state.py")  # every module, not just the edited one
    assert "make compile" in warning


#: Plays every game with random, greedy and searching seats and prints what it saw: the
#: decisions, the final states and the returns. Run once per build, it must print the same.
_SAME_GAMES = """
import json, hashlib
from cardtable.core import Rng, list_games, new_state
from cardtable.agents import decide, make_agent
out = {}
for info in list_games():
    n = info.min_players
    for spec in ("random", "greedy", "ismcts:iterations=60"):
        state = new_state(info.name, n, seed=11)
        agents = [make_agent(spec) for _ in range(n)]
        rng, chosen = Rng(5), []
        while not state.is_terminal() and len(chosen) < 40:
            seat = state.to_act()[0]
            action = decide(agents[seat], state, seat, rng)
            chosen.append(action.id)
            state.apply(seat, action.id)
        digest = hashlib.sha256(json.dumps(state.to_json(), sort_keys=True).encode()).hexdigest()
        out[f"{info.name}/{spec}"] = [chosen, digest]
print(json.dumps(out, sort_keys=True))
"""


def test_the_compiled_and_the_plain_engine_play_the_same_games() -> None:
    """Same seeds, same decisions and states, bots' searches included, in both builds."""
    if _compiled.status() != "compiled":
        pytest.skip("needs a current compiled build (`make compile`; the compiled pass has one)")
    outputs = []
    for pure in ("0", "1"):
        env = {**os.environ, "CARDTABLE_PURE": pure, "PYTHONPATH": str(SRC)}
        result = subprocess.run(
            [sys.executable, "-c", _SAME_GAMES], env=env, capture_output=True, text=True, check=True
        )
        outputs.append(result.stdout)
    assert outputs[0] == outputs[1]
    assert len(outputs[0]) > 1000  # every game, every bot
