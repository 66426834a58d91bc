"""Reading and writing tables in the database: every write is one transaction.

:class:`Store` is the only code that talks to the database. Writes that race (two people
joining the same seat, two processes appending the same action) are settled by the
database itself: a seat is taken by a conditional ``UPDATE`` that only one writer can win,
and an action is appended only if the table is still at the version the writer saw (and
``(table, seq)`` is a primary key), so a second server process on the same PostgreSQL
database can never fork a game.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.engine import URL
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from savanna.web.db import ActionRow, EventRow, SeatRow, TableRow, async_engine, now
from savanna.web.errors import web_error

__all__ = ["LoadedTable", "StaleVersion", "Store"]


class StaleVersion(Exception):
    """The table moved on since the writer read it (another writer won)."""


@dataclass
class LoadedTable:
    """A table as stored: its row, its seats in order, its actions and events."""

    table: TableRow
    seats: list[SeatRow]
    actions: list[ActionRow]
    events: list[EventRow]


class Store:
    """The server's database access (asynchronous).

    Args:
        url: the database URL (see :func:`savanna.web.db.database_url`).
    """

    def __init__(self, url: URL) -> None:
        self.url = url
        self.engine = async_engine(url)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        # SQLite has one writer at a time: queue writes here rather than in busy loops.
        self._write_lock = asyncio.Lock() if url.get_backend_name() == "sqlite" else None

    @property
    def backend(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self.url.get_backend_name()

    async def close(self) -> None:
        """Close every connection."""
        await self.engine.dispose()

    @contextlib.asynccontextmanager
    async def _write(self) -> AsyncIterator[AsyncSession]:
        lock = self._write_lock
        if lock is not None:
            await lock.acquire()
        try:
            async with self.sessions() as session, session.begin():
                yield session
        finally:
            if lock is not None:
                lock.release()

    # -- reading ----------------------------------------------------------------------
    async def ping(self) -> None:
        """Run a trivial query (raises when the database cannot be reached)."""
        async with self.sessions() as session:
            await session.execute(select(1))

    async def load(self, table_id: str) -> LoadedTable | None:
        """The table ``table_id`` with its seats, actions and events, or ``None``."""
        async with self.sessions() as session:
            table = await session.get(TableRow, table_id)
            if table is None:
                return None
            seats = (await session.scalars(select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat))).all()
            actions = (
                await session.scalars(select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.seq))
            ).all()
            events = (await session.scalars(select(EventRow).where(EventRow.table_id == table_id).order_by(EventRow.id))).all()
            return LoadedTable(table, list(seats), list(actions), list(events))

    async def list_tables(self, statuses: Sequence[str], limit: int = 50) -> list[tuple[TableRow, list[SeatRow]]]:
        """The newest tables in ``statuses`` with their seats."""
        async with self.sessions() as session:
            tables = (
                await session.scalars(
                    select(TableRow).where(TableRow.status.in_(statuses)).order_by(TableRow.created_at.desc()).limit(limit)
                )
            ).all()
            ids = [t.id for t in tables]
            seats = (
                await session.scalars(select(SeatRow).where(SeatRow.table_id.in_(ids)).order_by(SeatRow.seat))
            ).all() if ids else []
            by_table: dict[str, list[SeatRow]] = {i: [] for i in ids}
            for seat in seats:
                by_table[seat.table_id].append(seat)
            return [(t, by_table[t.id]) for t in tables]

    async def ids_with_status(self, status: str) -> list[str]:
        """The ids of every table in ``status``."""
        async with self.sessions() as session:
            return list((await session.scalars(select(TableRow.id).where(TableRow.status == status))).all())

    async def count_tables(self) -> dict[str, int]:
        """How many tables there are in each status."""
        async with self.sessions() as session:
            rows = (await session.execute(select(TableRow.status, func.count()).group_by(TableRow.status))).all()
            return {status: int(n) for status, n in rows}

    # -- writing ----------------------------------------------------------------------
    async def create(self, table: TableRow, seats: Sequence[SeatRow]) -> None:
        """Store a new table and its seats."""
        async with self._write() as session:
            session.add(table)
            await session.flush()
            session.add_all(seats)

    async def join(self, table_id: str, seat: int | None, name: str, token_hash: str) -> int:
        """Take ``seat`` (or the first open seat) for ``name``; returns the seat taken.

        Raises:
            WebError: the table is unknown or started, the seat is unknown or taken.
        """
        async with self._write() as session:
            table = await session.get(TableRow, table_id)
            if table is None:
                raise web_error("table/unknown", table=table_id)
            if table.status != "open":
                raise web_error("table/not_open")
            if seat is not None and not 0 <= seat < table.players:
                raise web_error("seat/unknown", seat=seat + 1)
            candidates = [seat] if seat is not None else list(range(table.players))
            for candidate in candidates:
                taken = await session.execute(
                    update(SeatRow)
                    .where(SeatRow.table_id == table_id, SeatRow.seat == candidate, SeatRow.kind == "open")
                    .values(kind="human", name=name, token_hash=token_hash)
                )
                if taken.rowcount == 1:  # type: ignore[attr-defined]
                    return candidate
            if seat is not None:
                raise web_error("seat/taken", seat=seat + 1)
            raise web_error("seat/none_free")

    async def leave(self, table_id: str, seat: int) -> None:
        """Free ``seat`` before the start (its token stops working)."""
        async with self._write() as session:
            table = await session.get(TableRow, table_id)
            if table is None:
                raise web_error("table/unknown", table=table_id)
            if table.status != "open":
                raise web_error("table/not_open")
            await session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                .values(kind="open", name="", token_hash=None)
            )

    async def start(self, table_id: str) -> None:
        """Mark the table as playing.

        Raises:
            WebError: unknown, already started, or seats still open.
        """
        async with self._write() as session:
            table = await session.get(TableRow, table_id)
            if table is None:
                raise web_error("table/unknown", table=table_id)
            if table.status != "open":
                raise web_error("table/not_open")
            open_seats = await session.scalar(
                select(func.count()).where(SeatRow.table_id == table_id, SeatRow.kind == "open")
            )
            if open_seats:
                raise web_error("table/seats_open", open=open_seats)
            done = await session.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.status == "open")
                .values(status="playing", started_at=now())
            )
            if done.rowcount != 1:  # type: ignore[attr-defined]
                raise web_error("table/not_open")

    async def append(
        self,
        table_id: str,
        version: int,
        actions: Sequence[tuple[str, int]],
        result: dict[str, Any] | None = None,
    ) -> None:
        """Append ``actions`` (text, actor) after ``version``, and the result when the game ended.

        Committed in one transaction before the caller tells anyone.

        Raises:
            StaleVersion: the table is no longer at ``version`` (another writer won).
        """
        try:
            async with self._write() as session:
                values: dict[str, Any] = {"version": version + len(actions)}
                if result is not None:
                    values.update(status="finished", finished_at=now(), result=result)
                moved = await session.execute(
                    update(TableRow)
                    .where(TableRow.id == table_id, TableRow.version == version, TableRow.status == "playing")
                    .values(**values)
                )
                if moved.rowcount != 1:  # type: ignore[attr-defined]
                    raise StaleVersion(table_id)
                stamp = now()
                session.add_all(
                    ActionRow(table_id=table_id, seq=version + i, text=text, actor=actor, created_at=stamp)
                    for i, (text, actor) in enumerate(actions)
                )
        except IntegrityError as exc:
            raise StaleVersion(table_id) from exc

    async def replace(self, table_id: str, seat: int, bot: str | None, at_version: int, kind: str, detail: str) -> None:
        """Hand ``seat`` to ``bot`` (or back to its player when ``None``) and log the event."""
        async with self._write() as session:
            await session.execute(
                update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat).values(replaced_by=bot)
            )
            session.add(EventRow(table_id=table_id, at_version=at_version, kind=kind, seat=seat, detail=detail))
