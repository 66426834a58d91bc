"""The schema: Alembic migrations from an empty database give exactly the models' tables."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect

from savanna.web.db import Base, database_url, migrate, sync_engine


def test_migrations_from_an_empty_database_reach_head_and_match_the_models(database):
    url = database_url(database)
    assert migrate(url) == "0001"
    engine = sync_engine(url)
    try:
        with engine.connect() as conn:
            assert set(inspect(conn).get_table_names()) >= {"tables", "seats", "actions", "events", "alembic_version"}
            diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
            assert diff == [], diff
    finally:
        engine.dispose()


def test_migrating_twice_changes_nothing(database):
    url = database_url(database)
    assert migrate(url) == migrate(url) == "0001"


def test_a_bad_database_url_is_one_clear_error():
    import pytest

    from savanna.core import OptionError

    with pytest.raises(OptionError, match="not a database URL"):
        database_url("no way")
    with pytest.raises(OptionError, match="not supported"):
        database_url("mysql://x/y")
