"""Storage: the SQLAlchemy 2 models, the database URL and the migrations run at start.

The database is the one source of truth of the server. A table row holds the game, its
options, the secret seed and the number of actions committed (its *version*); the seats
hold who sits where (a seat token is stored only as its SHA-256 hash); the actions hold
every action of the game in notation, chance included, numbered from 0. The in-memory
state of a table is rebuilt from these rows at any time by replaying the actions.

The schema is managed by Alembic (``savanna/web/migrations``); :func:`migrate` upgrades a
database to the newest revision and runs when the server starts.

URLs: ``sqlite:///path/to/file.sqlite3`` (the default lives in :func:`default_database_url`)
or ``postgresql+psycopg://user:password@host/dbname``.
"""

from __future__ import annotations

import logging
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    create_engine,
    event,
    false,
    func,
    make_url,
    true,
)
from sqlalchemy.engine import URL, Engine
from sqlalchemy.exc import ArgumentError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from savanna.core import OptionError
from savanna.core.messages import load_messages
from savanna.saves import data_dir

__all__ = [
    "ActionRow",
    "Base",
    "EventRow",
    "NoticeRow",
    "SeatRow",
    "ServerRow",
    "TableRow",
    "database_url",
    "default_database_url",
    "migrate",
    "now",
    "sync_engine",
]

_MESSAGES = load_messages("savanna.web")
"""The web catalogue (``savanna/web/data``): a refused ``--database`` is worded there."""


def now() -> datetime:
    """The current time, in UTC, as stored."""
    return datetime.now(UTC)


class Base(DeclarativeBase):
    """The declarative base of the server's models."""


class TableRow(Base):
    """A table: a game set up, played and finished (then archived: its actions folded into
    ``record``, the finished game's record JSON).

    ``status`` is ``open`` (seats being taken), ``playing``, ``finished`` or ``abandoned``
    (a game nobody played for days, closed by the clean-up). ``creator`` is a digest of the
    creating client's address (the cap on open tables per client); ``updated_at`` the last
    write (the clean-up's clock).
    """

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    title: Mapped[str] = mapped_column(String(120), default="")
    lang: Mapped[str] = mapped_column(String(8), default="en")
    status: Mapped[str] = mapped_column(String(16), default="open", index=True)
    seed: Mapped[int] = mapped_column(BigInteger)
    host_token_hash: Mapped[str] = mapped_column(String(64))
    grace_seconds: Mapped[int] = mapped_column(Integer)
    bot_pace_ms: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # Revision 0002: host controls, the turn clock, the open-table cap and the clean-up.
    spectators: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    turn_seconds: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    creator: Mapped[str | None] = mapped_column(String(64), nullable=True)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now, server_default=func.now())
    record: Mapped[str | None] = mapped_column(Text, nullable=True)
    archived_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    # Revision 0003: the host lets the players ask the coach (odds and hints), or not.
    coach: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # Revision 0004: the server process that owns the table (plays its chance and bots), by
    # its :class:`ServerRow` id; a process whose heartbeat stopped loses its tables to another.
    owner: Mapped[str | None] = mapped_column(String(32), nullable=True)
    # Revision 0005: the time control (real-time clocks or turn-based deadlines, and what a
    # timeout does: :class:`savanna.table.clocks.TimeControl`'s stored form), or none.
    time_control: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)

    __table_args__ = (
        Index("ix_tables_status_updated", "status", "updated_at"),
        Index("ix_tables_creator_status", "creator", "status"),
        Index("ix_tables_status_owner", "status", "owner"),
    )


class ServerRow(Base):
    """A server process sharing the database, and its heartbeat (revision 0004)."""

    __tablename__ = "servers"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    heartbeat_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class SeatRow(Base):
    """One seat of a table: open, a person (with a hashed token) or a bot."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # open, human, bot
    name: Mapped[str] = mapped_column(String(64), default="")
    bot: Mapped[str | None] = mapped_column(String(80), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    replaced_by: Mapped[str | None] = mapped_column(String(80), nullable=True)


class ActionRow(Base):
    """One action of a game (chance included), in notation; ``seq`` counts from 0."""

    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    text: Mapped[str] = mapped_column(String(120))
    actor: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class EventRow(Base):
    """Something that happened at a table besides actions (a seat handed to a bot, reclaimed)."""

    __tablename__ = "events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    at_version: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    seat: Mapped[int] = mapped_column(Integer)
    detail: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class NoticeRow(Base):
    """A seat's "your turn" notice (revision 0006): by ``channel`` (``webhook``) to
    ``target``, linking to ``link`` in ``lang``; ``off_token`` is the token of its unsubscribe
    link (it can do nothing else), ``told_version`` the table version it last told (once per turn)."""

    __tablename__ = "notices"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    channel: Mapped[str] = mapped_column(String(8), primary_key=True)
    target: Mapped[str] = mapped_column(String(500))
    link: Mapped[str] = mapped_column(String(500), default="", server_default="")
    lang: Mapped[str] = mapped_column(String(8), default="en", server_default="en")
    off_token: Mapped[str] = mapped_column(String(64), unique=True)
    told_version: Mapped[int] = mapped_column(Integer, default=-1, server_default="-1")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now, server_default=func.now())


def default_database_url() -> str:
    """``sqlite:///`` + ``server.sqlite3`` in the user data folder (the one the saves use).

    The folder is ``savanna.saves.data_dir()``: ``$SAVANNA_DATA_DIR`` when set, else the
    platform's user data folder (``platformdirs``; ``~/.local/share/savanna`` on Linux).
    ``SAVANNA_DATABASE`` in the environment, when set, is used instead of the whole URL.
    """
    env = os.environ.get("SAVANNA_DATABASE")
    if env:
        return env
    return f"sqlite:///{data_dir() / 'server.sqlite3'}"


def database_url(text: str | None) -> URL:
    """Read a database URL (``sqlite:///...`` or ``postgresql+psycopg://...``).

    For SQLite the folder of the file is created.

    Raises:
        OptionError: for a URL that does not parse or names another database.
    """
    raw = text or default_database_url()
    try:
        url = make_url(raw)
    except ArgumentError:
        raise OptionError(_MESSAGES.words("database.not_a_url", url=repr(raw))) from None
    backend = url.get_backend_name()
    if backend == "sqlite":
        url = url.set(drivername="sqlite")
        if url.database and url.database != ":memory:":
            Path(url.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        return url
    if backend == "postgresql":
        return url.set(drivername="postgresql+psycopg")
    raise OptionError(_MESSAGES.words("database.not_supported", backend=repr(backend)))


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL keeps readers and the writer apart; a committed transaction survives the process
    # being killed (synchronous=NORMAL only risks the last commits on a power cut).
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def sync_engine(url: URL) -> Engine:
    """The engine of ``url`` (SQLite: WAL, foreign keys, a busy timeout; PostgreSQL: a pool)."""
    if url.get_backend_name() == "postgresql":
        return create_engine(url, pool_size=8, max_overflow=8, pool_pre_ping=True)
    engine = create_engine(url)
    if url.get_backend_name() == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def migrate(url: URL) -> str:
    """Upgrade the database at ``url`` to the newest schema; returns the revision reached."""
    logging.getLogger("alembic").setLevel(logging.WARNING)
    from alembic import command
    from alembic.config import Config
    from alembic.runtime.migration import MigrationContext

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    engine = sync_engine(url)
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
        with engine.connect() as connection:
            revision = MigrationContext.configure(connection).get_current_revision()
    finally:
        engine.dispose()
    return revision or ""
