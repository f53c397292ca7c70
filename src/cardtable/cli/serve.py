"""``cardtable serve``: the web table on http://127.0.0.1:8000 with its SQLite database.

The port is bound before anything is printed, so a taken port is reported as such (with the
option to choose another) instead of a URL that does not answer and a bare ``[Errno 98]``.
"""

from __future__ import annotations

import errno
import socket

import click

#: Largest WebSocket frame uvicorn accepts; the table's own limit per message is smaller.
WS_MAX_SIZE = 65_536


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port``, or a ClickException saying why not."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        sock = socket.socket(family, kind, proto)
    except OSError as exc:
        raise click.ClickException(f"cannot listen on {host}: {exc.strerror or exc}") from None
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise click.ClickException(
                f"port {port} on {host} is taken (is another server running there?); "
                f"choose another with --port, e.g. cardtable serve --port {port + 1}"
            ) from None
        raise click.ClickException(f"cannot listen on {host}:{port}: {exc.strerror}") from None
    return sock


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535))
@click.option(
    "--database",
    "database_url",
    default=None,
    help="SQLAlchemy URL (default: $CARDTABLE_DATABASE_URL, else SQLite in the data directory).",
)
@click.option("--think-time", type=click.FloatRange(0, 30), default=None, help="Bot delay, s.")
def serve_command(host: str, port: int, database_url: str | None, think_time: float | None) -> None:
    """Start the web table: play in the browser, together or against bots."""
    import os
    from dataclasses import replace

    import uvicorn

    from cardtable.server.app import create_app
    from cardtable.server.config import load_settings
    from cardtable.server.deflate import protocol

    env = dict(os.environ)
    if database_url:
        env["CARDTABLE_DATABASE_URL"] = database_url
    if think_time is not None:
        env["CARDTABLE_THINK_TIME"] = str(think_time)
    settings = load_settings(env)
    sock = bind(host, port)
    port = sock.getsockname()[1]
    if "{port}" in settings.public_url:  # e.g. http://10.0.0.5:{port} with --port 0
        settings = replace(settings, public_url=settings.public_url.replace("{port}", str(port)))
    click.echo(f"cardtable web table on http://{host}:{port}  (database: {settings.database_url})")
    config = uvicorn.Config(
        create_app(settings),
        log_level="warning",
        ws_max_size=WS_MAX_SIZE,
        proxy_headers=True,
        ws=protocol(settings.ws_deflate_min_bytes),  # small messages sent uncompressed
    )
    uvicorn.Server(config).run(sockets=[sock])
