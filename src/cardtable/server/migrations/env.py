"""Alembic environment: run the migrations against the URL the server was given."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

url = context.config.get_main_option("sqlalchemy.url")
assert url, "the server sets sqlalchemy.url before migrating"
connectable = create_engine(url)
with connectable.connect() as connection:
    context.configure(connection=connection)
    with context.begin_transaction():
        context.run_migrations()
connectable.dispose()
