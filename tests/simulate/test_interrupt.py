"""Stopping a multi-worker run: Ctrl-C is prompt and keeps the finished chunks, a second Ctrl-C
does not hang, and no worker outlives the parent (even one killed outright).

Each test starts ``cardtable simulate`` in its own session, so the process group gets the SIGINT a
terminal would send, and every process the run started can be found by its session id.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable.simulate import run, storage
from cardtable.simulate.runner import todo
from cardtable.simulate.storage import done_chunks, load_plan

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

SCRIPT = "import sys; from cardtable.cli.main import main; sys.exit(main())"


STARTED: list[int] = []


@pytest.fixture(autouse=True)
def _kill_leftovers() -> Iterator[None]:
    """A failing test must not leave its run playing on the shared machine."""
    yield
    for sid in STARTED:
        for pid in session(sid):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
    STARTED.clear()


def _as_a_foreground_job() -> None:
    """SIGINT at its default, as a terminal's foreground job has it. A test run started in the
    background of a non-interactive shell (``nohup … &``) inherits SIGINT *ignored*, and an
    ignored signal stays ignored across ``exec``: the run would never see the Ctrl-C."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(out: Path, games: int = 4000) -> subprocess.Popen[str]:
    args = ["simulate", "score", "-n", str(games), "--workers", "2", "--chunk", "10"]
    proc = subprocess.Popen(
        [sys.executable, "-c", SCRIPT, *args, "--out", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
        preexec_fn=_as_a_foreground_job,
        env={**os.environ, "COLUMNS": "120"},
    )
    STARTED.append(proc.pid)
    return proc


def session(sid: int) -> list[int]:
    """Live (not zombie) processes of session ``sid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        if int(fields[3]) == sid and fields[0] != "Z":
            found.append(int(entry.name))
    return found


def wait_for_parts(proc: subprocess.Popen[str], out: Path, count: int = 2) -> None:
    deadline = time.monotonic() + 60
    while len(list(out.glob("*.parquet"))) < count:
        assert proc.poll() is None, proc.communicate()[0]
        assert time.monotonic() < deadline, "no chunk finished within a minute"
        time.sleep(0.05)


def gone_within(sid: int, seconds: float) -> list[int]:
    deadline = time.monotonic() + seconds
    while (left := session(sid)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


def test_ctrl_c_stops_promptly_and_keeps_every_finished_chunk(tmp_path: Path) -> None:
    out = tmp_path / "run"
    proc = start(out)
    wait_for_parts(proc, out)
    assert len(session(proc.pid)) == 3  # the parent and two workers
    os.killpg(proc.pid, signal.SIGINT)
    sent = time.monotonic()
    text = " ".join(proc.communicate(timeout=30)[0].split())
    stopped = time.monotonic() - sent
    assert stopped < 2.5, f"{stopped:.1f} s to stop"
    assert proc.returncode == 130, text
    assert gone_within(proc.pid, 2.0) == []
    kept = done_chunks(out)
    assert len(kept) >= 2 and "Interrupted" in text and "run the same command" in text, text
    assert f"{10 * len(kept)} games kept" in text, text
    assert not list(out.glob("*.tmp"))
    left = todo(load_plan(out), out)  # what the same command would play next
    assert sum(end - start for _, start, end in left) == 4000 - 10 * len(kept)


def test_a_second_ctrl_c_does_not_hang(tmp_path: Path) -> None:
    proc = start(tmp_path / "run")
    wait_for_parts(proc, tmp_path / "run", 1)
    os.killpg(proc.pid, signal.SIGINT)
    time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGINT)
    sent = time.monotonic()
    proc.communicate(timeout=30)
    assert time.monotonic() - sent < 2.5
    assert gone_within(proc.pid, 2.0) == []


def test_workers_exit_when_the_parent_is_killed(tmp_path: Path) -> None:
    proc = start(tmp_path / "run")
    wait_for_parts(proc, tmp_path / "run", 1)
    assert len(session(proc.pid)) == 3
    os.kill(proc.pid, signal.SIGKILL)
    proc.communicate(timeout=30)
    assert gone_within(proc.pid, 3.0) == []


def test_a_ctrl_c_while_a_part_is_stored_keeps_it_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The race a fresh-clone CI run hit (a ``.tmp`` part left behind, its played chunk lost):
    the Ctrl-C lands after the part's rows are written and before the file is renamed. The
    chunk is stored whole, no temporary file stays, and the run still stops."""
    real = storage.pq.write_table

    def write_then_ctrl_c(*args: object, **kwargs: object) -> None:
        real(*args, **kwargs)  # type: ignore[arg-type]
        signal.raise_signal(signal.SIGINT)

    monkeypatch.setattr(storage.pq, "write_table", write_then_ctrl_c)
    out = tmp_path / "run"
    with pytest.raises(KeyboardInterrupt):
        run("score", 3, ["random"], 8, out, seed=4, workers=1, chunk_size=4)
    assert not list(out.glob("*.tmp"))
    assert done_chunks(out) == {(0, 0)}
