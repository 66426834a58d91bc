"""Reading and writing tables in the database: every write is one transaction.

:class:`Store` is the only code that talks to the database. Writes that race (two people
joining the same seat, two processes appending the same action) are settled by the
database itself: a seat is taken by a conditional ``UPDATE`` that only one writer can win,
and an action is appended only if the table is still at the version the writer saw (and
``(table, seq)`` is a primary key), so a second server process on the same PostgreSQL
database can never fork a game.

Each operation is one synchronous SQLAlchemy transaction, run as a whole: on SQLite right
in the event loop (a local commit takes well under a millisecond, and one writer at a time
is all SQLite has), on PostgreSQL in a worker thread (one hop per transaction, never one
per statement).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy import func, select, update
from sqlalchemy.engine import URL
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from savanna.web.db import ActionRow, EventRow, SeatRow, TableRow, now, sync_engine
from savanna.web.errors import web_error

__all__ = ["LoadedTable", "StaleVersion", "Store"]

T = TypeVar("T")


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
    """The server's database access (awaitable; each call is one transaction).

    Args:
        url: the database URL (see :func:`savanna.web.db.database_url`).
    """

    def __init__(self, url: URL) -> None:
        self.url = url
        self.engine = sync_engine(url)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._threads = None if self.backend == "sqlite" else ThreadPoolExecutor(8, thread_name_prefix="savanna-db")

    @property
    def backend(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self.url.get_backend_name()

    async def close(self) -> None:
        """Close every connection."""
        if self._threads is not None:
            self._threads.shutdown(wait=True)
        self.engine.dispose()

    async def _run(self, work: Callable[[Session], T], write: bool = False) -> T:
        """Run ``work`` in one session (one transaction when ``write``)."""

        def transaction() -> T:
            with self.sessions() as session:
                if not write:
                    return work(session)
                with session.begin():
                    return work(session)

        if self._threads is None:
            return transaction()
        return await asyncio.get_running_loop().run_in_executor(self._threads, transaction)

    # -- reading ----------------------------------------------------------------------
    async def ping(self) -> None:
        """Run a trivial query (raises when the database cannot be reached)."""
        await self._run(lambda s: s.execute(select(1)).all())

    async def load(self, table_id: str) -> LoadedTable | None:
        """The table ``table_id`` with its seats, actions and events, or ``None``."""

        def work(session: Session) -> LoadedTable | None:
            table = session.get(TableRow, table_id)
            if table is None:
                return None
            seats = session.scalars(select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)).all()
            actions = session.scalars(
                select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.seq)
            ).all()
            events = session.scalars(select(EventRow).where(EventRow.table_id == table_id).order_by(EventRow.id)).all()
            return LoadedTable(table, list(seats), list(actions), list(events))

        return await self._run(work)

    async def list_tables(self, statuses: Sequence[str], limit: int = 50) -> list[tuple[TableRow, list[SeatRow]]]:
        """The newest tables in ``statuses`` with their seats."""

        def work(session: Session) -> list[tuple[TableRow, list[SeatRow]]]:
            tables = session.scalars(
                select(TableRow).where(TableRow.status.in_(statuses)).order_by(TableRow.created_at.desc()).limit(limit)
            ).all()
            ids = [t.id for t in tables]
            seats = (
                session.scalars(select(SeatRow).where(SeatRow.table_id.in_(ids)).order_by(SeatRow.seat)).all()
                if ids
                else []
            )
            by_table: dict[str, list[SeatRow]] = {i: [] for i in ids}
            for seat in seats:
                by_table[seat.table_id].append(seat)
            return [(t, by_table[t.id]) for t in tables]

        return await self._run(work)

    async def ids_with_status(self, status: str) -> list[str]:
        """The ids of every table in ``status``."""
        return await self._run(lambda s: list(s.scalars(select(TableRow.id).where(TableRow.status == status)).all()))

    async def count_tables(self) -> dict[str, int]:
        """How many tables there are in each status."""

        def work(session: Session) -> dict[str, int]:
            rows = session.execute(select(TableRow.status, func.count()).group_by(TableRow.status)).all()
            return {status: int(n) for status, n in rows}

        return await self._run(work)

    # -- writing ----------------------------------------------------------------------
    async def create(self, table: TableRow, seats: Sequence[SeatRow]) -> None:
        """Store a new table and its seats."""

        def work(session: Session) -> None:
            session.add(table)
            session.flush()
            session.add_all(seats)

        await self._run(work, write=True)

    async def join(self, table_id: str, seat: int | None, name: str, token_hash: str) -> int:
        """Take ``seat`` (or the first open seat) for ``name``; returns the seat taken.

        Raises:
            WebError: the table is unknown or started, the seat is unknown or taken.
        """

        def work(session: Session) -> int:
            table = session.get(TableRow, table_id)
            if table is None:
                raise web_error("table/unknown", table=table_id)
            if table.status != "open":
                raise web_error("table/not_open")
            if seat is not None and not 0 <= seat < table.players:
                raise web_error("seat/unknown", seat=seat + 1)
            for candidate in [seat] if seat is not None else list(range(table.players)):
                taken = session.execute(
                    update(SeatRow)
                    .where(SeatRow.table_id == table_id, SeatRow.seat == candidate, SeatRow.kind == "open")
                    .values(kind="human", name=name, token_hash=token_hash)
                )
                if taken.rowcount == 1:  # type: ignore[attr-defined]
                    return candidate
            if seat is not None:
                raise web_error("seat/taken", seat=seat + 1)
            raise web_error("seat/none_free")

        return await self._run(work, write=True)

    async def leave(self, table_id: str, seat: int) -> None:
        """Free ``seat`` before the start (its token stops working)."""

        def work(session: Session) -> None:
            table = session.get(TableRow, table_id)
            if table is None:
                raise web_error("table/unknown", table=table_id)
            if table.status != "open":
                raise web_error("table/not_open")
            session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                .values(kind="open", name="", token_hash=None)
            )

        await self._run(work, write=True)

    async def start(self, table_id: str) -> None:
        """Mark the table as playing.

        Raises:
            WebError: unknown, already started, or seats still open.
        """

        def work(session: Session) -> None:
            table = session.get(TableRow, table_id)
            if table is None:
                raise web_error("table/unknown", table=table_id)
            if table.status != "open":
                raise web_error("table/not_open")
            open_seats = session.scalar(
                select(func.count()).where(SeatRow.table_id == table_id, SeatRow.kind == "open")
            )
            if open_seats:
                raise web_error("table/seats_open", open=open_seats)
            done = session.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.status == "open")
                .values(status="playing", started_at=now())
            )
            if done.rowcount != 1:  # type: ignore[attr-defined]
                raise web_error("table/not_open")

        await self._run(work, write=True)

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

        def work(session: Session) -> None:
            values: dict[str, Any] = {"version": version + len(actions)}
            if result is not None:
                values.update(status="finished", finished_at=now(), result=result)
            moved = session.execute(
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

        try:
            await self._run(work, write=True)
        except IntegrityError as exc:
            raise StaleVersion(table_id) from exc

    async def replace(self, table_id: str, seat: int, bot: str | None, at_version: int, kind: str, detail: str) -> None:
        """Hand ``seat`` to ``bot`` (or back to its player when ``None``) and log the event."""

        def work(session: Session) -> None:
            session.execute(
                update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat).values(replaced_by=bot)
            )
            session.add(EventRow(table_id=table_id, at_version=at_version, kind=kind, seat=seat, detail=detail))

        await self._run(work, write=True)
