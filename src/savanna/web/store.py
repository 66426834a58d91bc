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

On PostgreSQL every write also says which table it changed, inside its own transaction
(``pg_notify`` on :data:`CHANNEL`, delivered by the database at commit and never for a
rolled-back write): the other server processes listening there (:mod:`savanna.web.bus`)
read the change and tell their own players at once.
"""

from __future__ import annotations

import asyncio
import json
import logging
import zlib
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, TypeVar

from sqlalchemy import delete, func, select, text, update
from sqlalchemy.engine import URL
from sqlalchemy.exc import IntegrityError, InterfaceError, OperationalError
from sqlalchemy.orm import Session, sessionmaker

from savanna.web.db import ActionRow, EventRow, SeatRow, ServerRow, TableRow, now, sync_engine
from savanna.web.errors import web_error

__all__ = ["CHANNEL", "Cleaned", "LoadedTable", "StaleVersion", "Store"]

T = TypeVar("T")
log = logging.getLogger("savanna.web")

CHANNEL = "savanna_tables"
"""The PostgreSQL notification channel: each payload is ``"<origin> <table id>"``."""

START_LOCK = (0x53415641, 1)
"""The PostgreSQL advisory lock every start holds until its transaction ends (a pair of
32-bit keys: a key space of its own, apart from the tables' 64-bit driving locks)."""

CREATOR_LOCKS = 0x53415642
"""The first key of the advisory lock a creation holds for its creator (the second: 31 bits
of the CRC-32 of the creator's digest, the same in every process)."""


class StaleVersion(Exception):
    """The table moved on since the writer read it (another writer won)."""


@dataclass
class LoadedTable:
    """A table as stored: its row, its seats in order, its actions (from ``since``) and events.

    An archived game's actions come from its record (its action rows are gone).
    """

    table: TableRow
    seats: list[SeatRow]
    actions: list[ActionRow]
    events: list[EventRow]
    since: int = 0


@dataclass
class Cleaned:
    """What one clean-up did (table ids): deleted because never started, closed as
    abandoned, archived (finished games), deleted because abandoned long ago."""

    deleted_open: list[str] = field(default_factory=list)
    abandoned: list[str] = field(default_factory=list)
    archived: list[str] = field(default_factory=list)
    deleted_abandoned: list[str] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        """How many tables each step touched."""
        return {name: len(getattr(self, name)) for name in ("deleted_open", "abandoned", "archived", "deleted_abandoned")}


class Store:
    """The server's database access (awaitable; each call is one transaction).

    Args:
        url: the database URL (see :func:`savanna.web.db.database_url`).
    """

    def __init__(self, url: URL, origin: str = "") -> None:
        self.url = url
        self.origin = origin
        self.engine = sync_engine(url)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._threads = None if self.backend == "sqlite" else ThreadPoolExecutor(8, thread_name_prefix="savanna-db")
        self.written: dict[str, datetime] = {}
        """The ``updated_at`` this process last wrote, by table (what :meth:`stamps` is compared with)."""

    @property
    def backend(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self.url.get_backend_name()

    async def close(self) -> None:
        """Close every connection."""
        if self._threads is not None:
            self._threads.shutdown(wait=True)
        self.engine.dispose()

    def _changed(self, session: Session, table_id: str) -> None:
        """Mark ``table_id`` written in this transaction: its clock, and (PostgreSQL) a
        notification the other processes receive if and when the transaction commits."""
        session.execute(update(TableRow).where(TableRow.id == table_id).values(updated_at=self._stamp(table_id)))
        self._notify(session, table_id)

    def _stamp(self, table_id: str) -> datetime:
        """The ``updated_at`` of a write of ``table_id`` by this process (remembered)."""
        stamp = self.written[table_id] = now()
        return stamp

    async def _run(self, work: Callable[[Session], T], write: bool = False, snapshot: bool = False) -> T:
        """Run ``work`` in one session (one transaction when ``write``; with ``snapshot``,
        one read-only transaction that sees the database as of its first read, whatever
        commits meanwhile: PostgreSQL's ``REPEATABLE READ``)."""

        def transaction() -> T:
            with self.sessions() as session:
                if snapshot and self.backend == "postgresql":
                    with session.begin():
                        session.connection(
                            execution_options={"isolation_level": "REPEATABLE READ", "postgresql_readonly": True}
                        )
                        return work(session)
                if not write:
                    return work(session)
                with session.begin():
                    return work(session)

        try:
            if self._threads is None:
                return transaction()
            return await asyncio.get_running_loop().run_in_executor(self._threads, transaction)
        except (OperationalError, InterfaceError) as exc:
            # The database is down or restarting: a transaction is all or nothing, so the
            # caller keeps what it had and the player is asked to try again.
            log.warning("database unavailable: %s", str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
            raise web_error("database/unavailable") from None

    # -- reading ----------------------------------------------------------------------
    async def ping(self) -> None:
        """Run a trivial query (raises when the database cannot be reached)."""
        await self._run(lambda s: s.execute(select(1)).all())

    async def load(self, table_id: str, since: int = 0) -> LoadedTable | None:
        """The table ``table_id`` with its seats, its actions from number ``since`` and its
        events, or ``None``.

        Everything is read in one snapshot (on PostgreSQL a ``REPEATABLE READ`` transaction;
        SQLite has one writer, this process, whose writes never interleave with a read): the
        row's version is always ``since`` plus the actions read, even while another process
        appends (issue 22.5: read in several snapshots, 23 of 2,000 loads disagreed).
        """

        def work(session: Session) -> LoadedTable | None:
            table = session.get(TableRow, table_id)
            if table is None:
                return None
            seats = session.scalars(select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)).all()
            if table.record is not None:
                texts = json.loads(table.record)["actions"][since:]
                # Archived: the record keeps the actions' text, all a replay needs.
                actions = [ActionRow(table_id=table_id, seq=since + i, text=t) for i, t in enumerate(texts)]
            else:
                actions = list(session.scalars(
                    select(ActionRow)
                    .where(ActionRow.table_id == table_id, ActionRow.seq >= since)
                    .order_by(ActionRow.seq)
                ).all())
            events = session.scalars(select(EventRow).where(EventRow.table_id == table_id).order_by(EventRow.id)).all()
            return LoadedTable(table, list(seats), actions, list(events), since)

        return await self._run(work, snapshot=True)

    async def stamps(self, table_ids: Sequence[str]) -> dict[str, tuple[int, datetime]]:
        """The stored version and ``updated_at`` of each of ``table_ids`` still stored."""

        def work(session: Session) -> dict[str, tuple[int, datetime]]:
            out: dict[str, tuple[int, datetime]] = {}
            ids = list(table_ids)
            for start in range(0, len(ids), 500):
                rows = session.execute(
                    select(TableRow.id, TableRow.version, TableRow.updated_at).where(
                        TableRow.id.in_(ids[start : start + 500])
                    )
                ).all()
                out.update({row.id: (int(row.version), row.updated_at) for row in rows})
            return out

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
    async def create(self, table: TableRow, seats: Sequence[SeatRow], open_cap: int | None = None) -> None:
        """Store a new table and its seats.

        The cap is checked and the table written in one transaction that no other creation
        by the same creator runs beside: of creations racing at one below the cap, exactly
        one passes.

        Raises:
            WebError: ``client/too_many_tables`` when its creator already has ``open_cap``
                tables waiting for players.
        """

        def work(session: Session) -> None:
            if open_cap is not None and table.creator is not None:
                self._one_creation_at_a_time(session, table.creator)
                waiting = session.scalar(
                    select(func.count()).where(TableRow.creator == table.creator, TableRow.status == "open")
                )
                if (waiting or 0) >= open_cap:
                    raise web_error("client/too_many_tables", limit=open_cap)
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
                    self._changed(session, table_id)
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
            self._changed(session, table_id)

        await self._run(work, write=True)

    def _alone(self, session: Session, space: int, key: int) -> None:
        """Make this transaction the only one holding ``(space, key)`` until it ends, over
        every process of the database, so that what it counts stays what it is until its own
        write is committed: PostgreSQL's transaction-scoped advisory lock on the pair;
        SQLite's write lock, taken before the first read (``BEGIN IMMEDIATE``; pysqlite
        would begin only at the first write, after the counts)."""
        if self.backend == "postgresql":
            session.execute(text("SELECT pg_advisory_xact_lock(:space, :key)"), {"space": space, "key": key})
        else:
            session.connection().exec_driver_sql("BEGIN IMMEDIATE")

    def _one_start_at_a_time(self, session: Session) -> None:
        """Make this transaction the only start running until it ends (:data:`START_LOCK`)."""
        self._alone(session, *START_LOCK)

    def _one_creation_at_a_time(self, session: Session, creator: str) -> None:
        """Make this transaction the only creation by ``creator`` running until it ends."""
        self._alone(session, CREATOR_LOCKS, zlib.crc32(creator.encode()) & 0x7FFFFFFF)

    async def start(self, table_id: str, client_cap: int | None = None, server_cap: int | None = None) -> datetime:
        """Mark the table as playing; returns when it started (as stored).

        The caps are checked and the start written in one transaction that no other start
        runs beside (:meth:`_one_start_at_a_time`): of starts racing at one below a cap,
        exactly one passes.

        Raises:
            WebError: unknown, already started, or seats still open;
                ``client/too_many_playing`` when the table's creator already has
                ``client_cap`` games in play, ``server/too_many_playing`` when the database
                holds ``server_cap`` games in play.
        """

        def work(session: Session) -> datetime:
            self._one_start_at_a_time(session)
            table = session.get(TableRow, table_id)
            if table is None:
                raise web_error("table/unknown", table=table_id)
            if table.status != "open":
                raise web_error("table/not_open")
            playing = select(func.count()).where(TableRow.status == "playing")
            mine = playing.where(TableRow.creator == table.creator)
            if client_cap is not None and table.creator is not None and (session.scalar(mine) or 0) >= client_cap:
                raise web_error("client/too_many_playing", limit=client_cap)
            if server_cap is not None and (session.scalar(playing) or 0) >= server_cap:
                raise web_error("server/too_many_playing", limit=server_cap)
            open_seats = session.scalar(
                select(func.count()).where(SeatRow.table_id == table_id, SeatRow.kind == "open")
            )
            if open_seats:
                raise web_error("table/seats_open", open=open_seats)
            started = now()
            done = session.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.status == "open")
                .values(status="playing", started_at=started, owner=self.origin or None)
            )
            if done.rowcount != 1:  # type: ignore[attr-defined]
                raise web_error("table/not_open")
            self._changed(session, table_id)
            return started

        return await self._run(work, write=True)

    async def append(
        self,
        table_id: str,
        version: int,
        actions: Sequence[tuple[str, int]],
        result: dict[str, Any] | None = None,
        events: Sequence[tuple[int, str, int, str]] = (),
    ) -> datetime:
        """Append ``actions`` (text, actor) after ``version``, and the result when the game
        ended, with ``events`` (``(at_version, kind, seat, detail)``: a timeout) in the same
        transaction; returns the time stamped on the actions.

        Committed in one transaction before the caller tells anyone.

        Raises:
            StaleVersion: the table is no longer at ``version`` (another writer won).
        """

        def work(session: Session) -> datetime:
            values: dict[str, Any] = {"version": version + len(actions), "updated_at": self._stamp(table_id)}
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
            session.add_all(
                EventRow(table_id=table_id, at_version=at, kind=kind, seat=seat, detail=detail, created_at=stamp)
                for at, kind, seat, detail in events
            )
            self._notify(session, table_id)
            return stamp

        try:
            return await self._run(work, write=True)
        except IntegrityError as exc:
            raise StaleVersion(table_id) from exc

    async def replace(self, table_id: str, seat: int, bot: str | None, at_version: int, kind: str, detail: str) -> None:
        """Hand ``seat`` to ``bot`` (or back to its player when ``None``) and log the event."""

        def work(session: Session) -> None:
            session.execute(
                update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat).values(replaced_by=bot)
            )
            session.add(EventRow(table_id=table_id, at_version=at_version, kind=kind, seat=seat, detail=detail))
            self._changed(session, table_id)

        await self._run(work, write=True)

    async def time_out(self, table_id: str, version: int, seat: int, bot: str, kind: str) -> datetime:
        """Hand ``seat`` to ``bot`` because its time ran out, and log the event ``kind``, only
        if the table is still at ``version`` and nobody handed the seat over meanwhile (so a
        deadline acts once, whichever process sees it pass); returns the event's time.

        Raises:
            StaleVersion: the table moved on, or the seat is a bot's already.
        """

        def work(session: Session) -> datetime:
            held = session.execute(  # the table's row, locked until the end (a move racing waits)
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.version == version, TableRow.status == "playing")
                .values(updated_at=self._stamp(table_id))
            )
            if held.rowcount != 1:  # type: ignore[attr-defined]
                raise StaleVersion(table_id)
            moved = session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat, SeatRow.kind == "human",
                       SeatRow.replaced_by.is_(None))
                .values(replaced_by=bot)
            )
            if moved.rowcount != 1:  # type: ignore[attr-defined]
                raise StaleVersion(table_id)
            stamp = now()
            session.add(EventRow(table_id=table_id, at_version=version, kind=kind, seat=seat, detail=bot, created_at=stamp))
            self._notify(session, table_id)
            return stamp

        return await self._run(work, write=True)

    async def settings(self, table_id: str, spectators: bool) -> None:
        """Let spectators watch the table, or not."""

        def work(session: Session) -> None:
            session.execute(update(TableRow).where(TableRow.id == table_id).values(spectators=spectators))
            self._changed(session, table_id)

        await self._run(work, write=True)

    # -- the clean-up -----------------------------------------------------------------
    async def clean(
        self, *, open_before: datetime, idle_before: datetime, archive_before: datetime, batch: int = 200
    ) -> Cleaned:
        """Delete tables never started and untouched since ``open_before``; close as
        ``abandoned`` the games in play untouched since ``idle_before``; delete games
        abandoned before ``archive_before``. Each step is one transaction over at most
        ``batch`` tables; running it twice, or in two processes at once, changes nothing more.
        """
        done = Cleaned()

        def ids(session: Session, status: str, before: datetime) -> list[str]:
            query = select(TableRow.id).where(TableRow.status == status, TableRow.updated_at < before)
            return list(session.scalars(query.limit(batch)).all())

        def drop(session: Session, status: str, before: datetime) -> list[str]:
            found = ids(session, status, before)
            if not found:
                return []
            for model in (ActionRow, EventRow, SeatRow):
                session.execute(delete(model).where(model.table_id.in_(found)))
            session.execute(delete(TableRow).where(TableRow.id.in_(found)))
            for table_id in found:
                self._notify(session, table_id)
            return found

        def idle_games(session: Session) -> list[str]:
            found = ids(session, "playing", idle_before)
            if found:
                session.execute(
                    update(TableRow)
                    .where(TableRow.id.in_(found), TableRow.status == "playing", TableRow.updated_at < idle_before)
                    .values(status="abandoned", finished_at=now(), updated_at=now())
                )
                for table_id in found:
                    self._notify(session, table_id)
            return found

        done.deleted_open = await self._run(lambda session: drop(session, "open", open_before), write=True)
        done.abandoned = await self._run(idle_games, write=True)
        done.deleted_abandoned = await self._run(
            lambda session: drop(session, "abandoned", archive_before), write=True
        )
        return done

    async def archivable(self, before: datetime, batch: int = 50) -> list[str]:
        """Finished games, finished before ``before``, whose actions are still rows."""
        return await self._run(
            lambda session: list(
                session.scalars(
                    select(TableRow.id)
                    .where(TableRow.status == "finished", TableRow.finished_at < before, TableRow.record.is_(None))
                    .limit(batch)
                ).all()
            )
        )

    async def archive(self, table_id: str, record: str) -> bool:
        """Fold a finished game's actions into its ``record`` (JSON; the action rows go).
        ``False`` when it was archived already (by another process)."""

        def work(session: Session) -> bool:
            moved = session.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.status == "finished", TableRow.record.is_(None))
                .values(record=record, archived_at=now())
            )
            if moved.rowcount != 1:  # type: ignore[attr-defined]
                return False
            session.execute(delete(ActionRow).where(ActionRow.table_id == table_id))
            return True

        return await self._run(work, write=True)

    # -- leases (several processes on one database) -------------------------------------
    async def heartbeat(self) -> None:
        """Say this process (``origin``) is alive: its row in ``servers``, by the database's clock."""

        def work(session: Session) -> None:
            beat = session.execute(
                update(ServerRow).where(ServerRow.id == self.origin).values(heartbeat_at=func.now())
            )
            if beat.rowcount == 0:  # type: ignore[attr-defined]
                session.add(ServerRow(id=self.origin, started_at=now(), heartbeat_at=now()))

        await self._run(work, write=True)

    async def adopt(self, lease_seconds: float, batch: int = 100) -> list[str]:
        """Take over the games in play whose owner's heartbeat is older than
        ``lease_seconds`` (the process died or hangs), or that have none; returns their ids.
        Two processes adopting at once never take the same table (``SKIP LOCKED``)."""

        def work(session: Session) -> list[str]:
            stale = func.now() - timedelta(seconds=lease_seconds)
            orphans = (
                select(TableRow.id)
                .outerjoin(ServerRow, ServerRow.id == TableRow.owner)
                .where(
                    TableRow.status == "playing",
                    (TableRow.owner.is_(None)) | (ServerRow.id.is_(None)) | (ServerRow.heartbeat_at < stale),
                )
                .limit(batch)
                .with_for_update(of=TableRow, skip_locked=True)
            )
            found = list(session.scalars(orphans).all())
            if found:
                session.execute(update(TableRow).where(TableRow.id.in_(found)).values(owner=self.origin))
            return found

        return await self._run(work, write=True)

    async def forget_servers(self, before: datetime) -> int:
        """Delete the rows of processes silent since ``before`` that own no table."""

        def work(session: Session) -> int:
            owning = select(TableRow.owner).where(TableRow.owner.is_not(None)).distinct()
            gone = session.execute(
                delete(ServerRow).where(ServerRow.heartbeat_at < before, ServerRow.id.not_in(owning))
            )
            return int(gone.rowcount or 0)  # type: ignore[attr-defined]

        return await self._run(work, write=True)

    def _notify(self, session: Session, table_id: str) -> None:
        if self.backend == "postgresql":
            session.execute(text("SELECT pg_notify(:channel, :payload)"),
                            {"channel": CHANNEL, "payload": f"{self.origin} {table_id}"})
