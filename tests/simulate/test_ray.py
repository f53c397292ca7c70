"""The Ray backend: an unreachable cluster fails fast in one line; work travels in batches."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable.simulate.ray_backend import PROBE_SECONDS, TASKS_PER_CPU, batches, check_address

SCRIPT = "import sys; from cardtable.cli.main import main; sys.exit(main())"


def closed_port() -> int:
    """A local port nothing listens on (bound, then released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def silent_server() -> Iterator[str]:
    """A local TCP server that accepts every connection and never says a word (not Ray)."""
    server = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                held.append(server.accept()[0])
            except TimeoutError:
                continue
            except OSError:
                return

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield f"127.0.0.1:{server.getsockname()[1]}"
    stop.set()
    thread.join()
    for conn in held:
        conn.close()
    server.close()


def test_an_address_that_accepts_but_is_not_ray_fails_fast_in_one_line(
    tmp_path: Path, silent_server: str
) -> None:
    args = ["simulate", "ms", "-n", "4", "--ray", silent_server, "--out", str(tmp_path / "r")]
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, *args], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 1
    lines = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    assert lines == [
        f"Error: {silent_server} accepts connections but is not a Ray cluster "
        "(no answer to a gRPC greeting); start one with `ray start --head`"
    ], lines
    assert not (tmp_path / "r").exists()


def test_a_silent_address_is_refused_within_the_probe_time(silent_server: str) -> None:
    started = time.monotonic()
    with pytest.raises(RuntimeError, match="is not a Ray cluster"):
        check_address(silent_server)
    assert time.monotonic() - started < PROBE_SECONDS + 1.0


def test_an_unreachable_address_fails_fast_in_one_line(tmp_path: Path) -> None:
    address = f"127.0.0.1:{closed_port()}"
    args = ["simulate", "ms", "-n", "4", "--ray", address, "--out", str(tmp_path / "r")]
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, *args], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 1
    lines = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    assert lines == [
        f"Error: no Ray cluster answers at {address} (Connection refused); "
        "start one with `ray start --head`"
    ], lines
    assert not (tmp_path / "r").exists()


def test_the_address_check_takes_at_most_a_few_seconds() -> None:
    """Timed in-process: on a loaded machine the interpreter's start alone can take seconds."""
    started = time.monotonic()
    with pytest.raises(RuntimeError, match="no Ray cluster answers"):
        check_address(f"127.0.0.1:{closed_port()}")
    assert time.monotonic() - started < PROBE_SECONDS + 1.0


def test_a_malformed_address_is_named() -> None:
    with pytest.raises(RuntimeError, match="give auto, local or HOST:PORT"):
        check_address("somewhere")
    check_address("auto")  # Ray finds the cluster itself


def test_chunks_travel_in_a_few_batches_per_cpu() -> None:
    chunks = [(0, 250 * i, 250 * (i + 1)) for i in range(400)]  # 100,000 games
    grouped = batches(chunks, 8)
    assert TASKS_PER_CPU * 8 - 2 <= len(grouped) <= TASKS_PER_CPU * 8
    assert [c for batch in grouped for c in batch] == chunks
    assert batches(chunks[:3], 8) == [[c] for c in chunks[:3]]
