"""``cardtable serve`` on a taken port says so, and how to choose another, before any URL."""

from __future__ import annotations

import socket
from pathlib import Path

from click.testing import CliRunner

from cardtable.cli.serve import bind, serve_command


def test_a_taken_port_is_reported_with_the_way_out(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        db = f"sqlite:///{tmp_path / 'cardtable.db'}"
        result = CliRunner().invoke(serve_command, ["--port", str(port), "--database", db])
    assert result.exit_code == 1, result.output
    assert f"port {port} on 127.0.0.1 is taken" in result.output
    assert "--port" in result.output and "http://" not in result.output


def test_a_free_port_is_bound_before_the_url_is_printed() -> None:
    sock = bind("127.0.0.1", 0)
    try:
        assert sock.getsockname()[1] > 0
    finally:
        sock.close()
