"""Alembic environment of the Savanna server: migrations run on a connection the server gives."""

from __future__ import annotations

from alembic import context

from savanna.web.db import Base

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - the server always passes its connection
    raise RuntimeError("run migrations through savanna.web.db.migrate(url)")
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
