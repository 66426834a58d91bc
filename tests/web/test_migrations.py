"""The schema: Alembic migrations from an empty database give exactly the models' tables."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect

from savanna.web.db import Base, database_url, migrate, sync_engine


def test_migrations_from_an_empty_database_reach_head_and_match_the_models(database):
    url = database_url(database)
    assert migrate(url) == "0006"
    engine = sync_engine(url)
    try:
        with engine.connect() as conn:
            assert set(inspect(conn).get_table_names()) >= {"tables", "seats", "actions", "events", "notices", "alembic_version"}
            diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
            assert diff == [], diff
    finally:
        engine.dispose()


def test_migrating_twice_changes_nothing(database):
    url = database_url(database)
    assert migrate(url) == migrate(url) == "0006"


def test_a_bad_database_url_is_one_clear_error():
    import pytest

    from savanna.core import OptionError

    with pytest.raises(OptionError, match="not a database URL"):
        database_url("no way")
    with pytest.raises(OptionError, match="not supported"):
        database_url("mysql://x/y")


def test_upgrading_a_database_with_games_from_0001_keeps_them_and_fills_the_new_columns(database):
    from pathlib import Path

    from alembic import command
    from alembic.config import Config
    from sqlalchemy import text

    import savanna.web.db as db

    url = database_url(database)
    config = Config()
    config.set_main_option("script_location", str(Path(db.__file__).parent / "migrations"))
    engine = sync_engine(url)
    try:
        with engine.begin() as conn:
            config.attributes["connection"] = conn
            command.upgrade(config, "0001")
        with engine.begin() as conn:
            conn.execute(text(
                "insert into tables (id, game, players, options, title, lang, status, seed, host_token_hash, "
                "grace_seconds, bot_pace_ms, version, created_at) values ('t1', 'hyena', 2, '{}', 'old', 'en', "
                "'playing', 7, 'h', 60, 800, 0, CURRENT_TIMESTAMP)"
            ))
        assert migrate(url) == "0006"
        with engine.connect() as conn:
            row = conn.execute(text("select spectators, turn_seconds, updated_at, record, coach from tables")).one()
        assert bool(row[0]) is True and row[1] == 0 and row[2] is not None and row[3] is None
        assert bool(row[4]) is False  # an old table has no coach
    finally:
        engine.dispose()


def test_a_stored_table_that_does_not_name_an_option_is_the_game_it_was_created_as() -> None:
    """A river race table stored before the ``material`` option existed loads with the first
    material, the game its actions were played in (its default is now the second)."""
    from savanna.web.db import SeatRow, TableRow
    from savanna.web.live import LiveTable
    from savanna.web.store import LoadedTable

    row = TableRow(id="older", game="river-race", players=2, options={"first": "seat1"}, title="", lang="en",
                   status="playing", seed=1, host_token_hash="0" * 64, grace_seconds=60, bot_pace_ms=0, version=0)
    seats = [SeatRow(table_id="older", seat=i, kind="human", name=f"P{i}") for i in (0, 1)]
    table = LiveTable._new_table(LoadedTable(row, seats, [], []))
    assert table.game.options["material"] == "first"
    row.options = {"first": "seat1", "material": "second"}
    assert LiveTable._new_table(LoadedTable(row, seats, [], [])).game.options["material"] == "second"
