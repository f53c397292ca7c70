"""``/healthz`` and ``/metrics``: what a load balancer and a monitoring system ask a process.

``/healthz`` answers 200 while the process can reach its database (and, with several processes
on PostgreSQL, hears the others' notices), 503 otherwise, so a reverse proxy or an orchestrator
sends no players to a process that cannot store their moves. ``/metrics`` gives a few gauges and
counters in the Prometheus text format, per process (a scraper adds them up across processes).
"""

from __future__ import annotations

import time
from typing import Any

from fastapi import FastAPI, Response
from fastapi.responses import JSONResponse, PlainTextResponse
from sqlalchemy import text

from cardtable.server.cluster import PgCluster
from cardtable.server.tables import TableService

_HELP = {
    "cardtable_up_seconds": ("gauge", "seconds since this process started"),
    "cardtable_tables_loaded": ("gauge", "tables in this process's memory"),
    "cardtable_tables_open": ("gauge", "unfinished tables in this process's memory"),
    "cardtable_tables_owned": ("gauge", "tables whose bots and timers this process runs"),
    "cardtable_connections": ("gauge", "WebSocket connections to this process"),
    "cardtable_bot_queue": ("gauge", "search decisions waiting for a worker process"),
    "cardtable_moves_total": ("counter", "moves this process stored"),
    "cardtable_races_lost_total": ("counter", "moves another process stored first"),
    "cardtable_takeovers_total": ("counter", "tables taken over from a stopped owner"),
    "cardtable_moves_applied_total": ("counter", "other processes' moves applied here"),
    "cardtable_redirects_total": ("counter", "WebSockets sent to their table's owner"),
}


def metrics(service: TableService, started: float) -> dict[str, float]:
    """The current values, by metric name."""
    tables = list(service.tables.values())
    open_ids = [t.id for t in tables if not t.state.is_terminal()]
    return {
        "cardtable_up_seconds": round(time.monotonic() - started, 3),
        "cardtable_tables_loaded": len(tables),
        "cardtable_tables_open": len(open_ids),
        "cardtable_tables_owned": sum(1 for t in open_ids if service.cluster.owns(t)),
        "cardtable_connections": sum(len(t.connections) for t in tables),
        "cardtable_bot_queue": service.pool.queued,
        "cardtable_moves_total": service.counts["moves"],
        "cardtable_races_lost_total": service.counts["races_lost"],
        "cardtable_takeovers_total": service.counts["takeovers"],
        "cardtable_moves_applied_total": service.counts["applied"],
        "cardtable_redirects_total": service.counts["redirects"],
    }


def render(values: dict[str, float], histograms: list[str] | None = None) -> str:
    lines: list[str] = []
    for name, value in values.items():
        kind, help_text = _HELP[name]
        lines += [f"# HELP {name} {help_text}", f"# TYPE {name} {kind}", f"{name} {value:g}"]
    return "\n".join(lines + (histograms or [])) + "\n"


def add_health_routes(app: FastAPI, service: TableService) -> None:
    started = time.monotonic()

    @app.get("/healthz", tags=["operations"])
    def healthz() -> Response:
        """200 while this process can serve players (its database answers, and it hears the
        other processes' changes); 503 with the reason otherwise."""
        body: dict[str, Any] = {"status": "ok", "node": service.cluster.node}
        try:
            with service.store.engine.connect() as conn:
                conn.execute(text("SELECT 1"))
        except Exception as exc:  # any failure of the database means: send nobody here
            body.update(status="unavailable", reason=f"database: {type(exc).__name__}")
            return JSONResponse(body, status_code=503)
        cluster = service.cluster
        if isinstance(cluster, PgCluster) and not cluster.ready.is_set():
            body.update(status="unavailable", reason="not yet listening to the other processes")
            return JSONResponse(body, status_code=503)
        return JSONResponse(body)

    @app.get("/metrics", tags=["operations"], response_class=PlainTextResponse)
    def metrics_page() -> PlainTextResponse:
        """Gauges and counters of this process in the Prometheus text format."""
        return PlainTextResponse(
            render(metrics(service, started), service.timings.render()),
            media_type="text/plain; version=0.0.4",
        )
