"""The Ray backend: the chunks of a run as Ray tasks on a cluster (optional extra ``ray``).

An address that nothing answers, or that accepts connections without speaking gRPC (Ray's GCS
and Ray Client are gRPC servers), fails in about :data:`PROBE_SECONDS` with one line; Ray itself
would retry for minutes, printing its own logs, or wait forever on a silent peer. Chunks
travel in batches, about :data:`TASKS_PER_CPU` tasks per CPU of the cluster, and the plan is
put in the object store once, so a task's fixed cost is paid a few times per CPU rather than
once per chunk.
"""

from __future__ import annotations

import logging
import math
import socket
from collections.abc import Iterator
from typing import Any

from cardtable.simulate.plan import Plan
from cardtable.simulate.play import play_chunk
from cardtable.simulate.pool import Chunk

PROBE_SECONDS = 3.0
TASKS_PER_CPU = 4
# HTTP/2 client connection preface followed by an empty SETTINGS frame (RFC 9113, 3.4 and 6.5).
_H2_GREETING = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])
_H2_SETTINGS = 4


def check_address(address: str) -> None:
    """Raise ``RuntimeError`` (one line) unless ``address`` is ``auto``, ``local`` or a
    HOST:PORT where a gRPC server (as Ray's is) answers, within :data:`PROBE_SECONDS`."""
    if address in ("auto", "local"):
        return
    host, sep, port = address.split("://", 1)[-1].rpartition(":")
    if not sep or not port.isdigit():
        raise RuntimeError(f"--ray {address}: give auto, local or HOST:PORT")
    try:
        conn = socket.create_connection((host or "127.0.0.1", int(port)), PROBE_SECONDS)
    except OSError as exc:
        why = exc.strerror or type(exc).__name__
        raise RuntimeError(
            f"no Ray cluster answers at {address} ({why}); start one with `ray start --head`"
        ) from None
    with conn:
        if not _speaks_grpc(conn):
            raise RuntimeError(
                f"{address} accepts connections but is not a Ray cluster "
                "(no answer to a gRPC greeting); start one with `ray start --head`"
            )


def _speaks_grpc(conn: socket.socket) -> bool:
    """Whether the peer answers an HTTP/2 greeting with a SETTINGS frame in time.

    A gRPC server must open with a SETTINGS frame; a silent peer (Ray would wait on it forever)
    or one speaking another protocol does not."""
    conn.settimeout(PROBE_SECONDS)
    try:
        conn.sendall(_H2_GREETING)
        header = b""
        while len(header) < 9:
            part = conn.recv(9 - len(header))
            if not part:
                return False
            header += part
    except OSError:  # includes the timeout
        return False
    return header[3] == _H2_SETTINGS


def batches(chunks: list[Chunk], cpus: int) -> list[list[Chunk]]:
    """Consecutive chunks grouped into about ``TASKS_PER_CPU`` tasks per CPU.

    >>> [len(b) for b in batches([(0, i, i + 1) for i in range(10)], 1)]
    [3, 3, 3, 1]
    """
    size = max(1, math.ceil(len(chunks) / (TASKS_PER_CPU * max(cpus, 1))))
    return [chunks[i : i + size] for i in range(0, len(chunks), size)]


def _play_batch(plan_json: dict[str, Any], batch: list[Chunk]) -> list[tuple[Chunk, list[Any]]]:
    plan = Plan.from_json(plan_json)
    return [(chunk, play_chunk(plan, *chunk)) for chunk in batch]


def _init(ray: Any, address: str) -> None:
    quiet: dict[str, Any] = {"log_to_driver": False, "logging_level": logging.ERROR}
    try:
        if address == "local":
            ray.init(include_dashboard=False, **quiet)
        else:
            ray.init(address=address, **quiet)
    except Exception as exc:  # Ray raises many kinds; the user needs the first line only
        text = str(exc).strip()
        first = text.splitlines()[0] if text else type(exc).__name__
        raise RuntimeError(f"could not join Ray at {address}: {first}") from None


def play_ray(plan: Plan, chunks: list[Chunk], address: str) -> Iterator[tuple[Chunk, list[Any]]]:
    try:
        import ray
    except ImportError:
        raise RuntimeError("Ray is not installed: pip install 'cardtable[ray]'") from None
    check_address(address)
    started_here = not ray.is_initialized()
    if started_here:
        _init(ray, address)
    try:
        cpus = int(ray.cluster_resources().get("CPU", 1))  # type: ignore[no-untyped-call]
        plan_ref = ray.put(plan.to_json())
        remote = ray.remote(_play_batch)
        pending = [remote.remote(plan_ref, batch) for batch in batches(chunks, cpus)]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            yield from ray.get(ready[0])
    finally:
        if started_here:
            ray.shutdown()
