"""Alembic's entry point: boardwright runs migrations itself, on the connection it passes in."""

from alembic import context

from boardwright.web.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata)
with context.begin_transaction():
    context.run_migrations()
