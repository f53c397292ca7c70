"""``cardtable serve``: the web table on http://127.0.0.1:8000 with its SQLite database."""

from __future__ import annotations

import click


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

    import uvicorn

    from cardtable.server.app import create_app
    from cardtable.server.config import load_settings

    env = dict(os.environ)
    if database_url:
        env["CARDTABLE_DATABASE_URL"] = database_url
    if think_time is not None:
        env["CARDTABLE_THINK_TIME"] = str(think_time)
    settings = load_settings(env)
    click.echo(f"cardtable web table on http://{host}:{port}  (database: {settings.database_url})")
    uvicorn.run(create_app(settings), host=host, port=port, log_level="warning")
