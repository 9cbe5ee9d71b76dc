"""Alembic environment: runs on the connection the app hands over
(``config.attributes["connection"]``), batch mode for SQLite."""

from alembic import context
from sqlalchemy import create_engine
from sqlmodel import SQLModel

from euchre_tourney.store import models  # noqa: F401  (registers the tables)

target_metadata = SQLModel.metadata
config = context.config


def _run(connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is not None:
    _run(connection)
else:
    engine = create_engine(config.get_main_option("sqlalchemy.url"))
    with engine.begin() as conn:
        _run(conn)
