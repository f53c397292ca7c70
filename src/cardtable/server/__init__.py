"""The web table: an HTTP lobby and WebSockets over one table service that owns the event log.

Layers (boardgame.io's master is the model: validate, persist, then broadcast per-seat views):

* :mod:`.config` — settings from environment variables, with defaults;
* :mod:`.store` — SQLAlchemy models and the event log (SQLite by default, PostgreSQL by URL),
  migrated with Alembic (:mod:`.migrations`);
* :mod:`.tables` — live tables: the one place that applies actions, in order, committed to the
  store before they are acknowledged or broadcast;
* :mod:`.views` — what leaves the server for a seat: built from ``observation(seat)`` and that
  seat's legal actions only, never from the state;
* :mod:`.app` — the FastAPI routes and the static browser client.
"""
