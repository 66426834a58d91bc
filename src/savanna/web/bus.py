"""More than one server process: table changes heard from the database, one driver per table.

With PostgreSQL, several ``savanna serve`` processes can serve the same tables (behind any
reverse proxy). Two things make that work, both done by PostgreSQL itself:

* **Changes.** Every write of :class:`~savanna.web.store.Store` sends ``pg_notify`` on
  :data:`~savanna.web.store.CHANNEL` inside its transaction; PostgreSQL delivers it to every
  listening connection when (and only if) the transaction commits. :class:`PostgresBus`
  keeps one connection listening (``LISTEN``) in a thread and hands each table id to the
  process's hub, which reads what changed and tells its own players. When the listening
  connection is lost (the database restarted), it reconnects and the hub re-reads every
  table it holds, since notifications sent in between are lost.
* **One driver per table.** Chance and bots must be played by one process at a time (two
  would only waste work: the append's version check already refuses the second). A process
  drives a table only while it holds the table's PostgreSQL *advisory lock* on its own
  connection; the lock goes with the connection, so when a process dies, another one takes
  the table over at its next check.

With SQLite (one process), :class:`LocalBus` does nothing and every table is driven here.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from sqlalchemy.engine import URL

from savanna.web.store import CHANNEL

__all__ = ["Bus", "LocalBus", "PostgresBus", "lock_key", "make_bus"]

log = logging.getLogger("savanna.web")


def lock_key(table_id: str) -> int:
    """The advisory lock key of a table: 64 bits of the SHA-256 of its id (signed)."""
    return int.from_bytes(hashlib.sha256(b"savanna-table:" + table_id.encode()).digest()[:8], "big", signed=True)


class Bus:
    """What a hub needs to share tables with other processes (the one-process version).

    Attributes:
        origin: this process's name in notifications (its own are ignored).
    """

    origin = ""

    def start(self, changed: Callable[[str], None], reconnected: Callable[[], None]) -> None:
        """Begin calling ``changed(table_id)`` for writes of other processes, and
        ``reconnected()`` after a lost connection (in the event loop's thread)."""

    async def drive(self, table_id: str) -> bool:
        """Whether this process may play chance and bots at ``table_id`` now."""
        return True

    async def release(self, table_id: str) -> None:
        """Stop driving ``table_id`` (its game ended, or it left memory)."""

    def close(self) -> None:
        """Stop listening and let every lock go."""


class LocalBus(Bus):
    """One server process (SQLite): nothing to hear, every table driven here."""


class PostgresBus(Bus):
    """Several processes on one PostgreSQL database: ``LISTEN``/``NOTIFY`` and advisory locks.

    Args:
        url: the database URL (the SQLAlchemy one; psycopg is used directly).
        origin: this process's name in notifications.
    """

    def __init__(self, url: URL, origin: str) -> None:
        self.origin = origin
        self.dsn = url.set(drivername="postgresql").render_as_string(hide_password=False)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._locks: Any = None  # the connection holding this process's advisory locks
        self._held: set[str] = set()
        self._lock_thread = ThreadPoolExecutor(1, thread_name_prefix="savanna-locks")
        self.connected = threading.Event()

    # -- hearing other processes --------------------------------------------------------
    def start(self, changed: Callable[[str], None], reconnected: Callable[[], None]) -> None:
        loop = asyncio.get_running_loop()

        def heard(payload: str) -> None:
            origin, _, table_id = payload.partition(" ")
            if origin != self.origin and table_id:
                loop.call_soon_threadsafe(changed, table_id)

        self._thread = threading.Thread(
            target=self._listen, args=(heard, lambda: loop.call_soon_threadsafe(reconnected)),
            name="savanna-listen", daemon=True,
        )
        self._thread.start()

    def _listen(self, heard: Callable[[str], None], reconnected: Callable[[], None]) -> None:
        import psycopg

        first = True
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.dsn, autocommit=True, connect_timeout=5) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.connected.set()
                    if not first:
                        log.info("listening again for other processes' changes")
                        reconnected()
                    first = False
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=0.5):
                            heard(note.payload)
            except psycopg.Error as exc:
                self.connected.clear()
                if not self._stop.is_set():
                    log.warning("lost the database's notifications (%s); retrying", type(exc).__name__)
                    self._stop.wait(0.5)

    # -- one driver per table -----------------------------------------------------------
    def _lock(self, table_id: str) -> bool:
        import psycopg

        if table_id in self._held and self._locks is not None and not self._locks.closed:
            return True
        try:
            if self._locks is None or self._locks.closed or self._locks.broken:
                self._held.clear()  # locks die with their connection
                self._locks = psycopg.connect(self.dsn, autocommit=True, connect_timeout=5)
            row = self._locks.execute("SELECT pg_try_advisory_lock(%s)", (lock_key(table_id),)).fetchone()
        except psycopg.Error:
            self._held.clear()
            if self._locks is not None:
                self._locks.close()
            self._locks = None
            return False
        if row and row[0]:
            self._held.add(table_id)
            return True
        return False

    def _unlock(self, table_id: str) -> None:
        import psycopg

        if table_id not in self._held:
            return
        self._held.discard(table_id)
        try:
            if self._locks is not None and not self._locks.closed:
                self._locks.execute("SELECT pg_advisory_unlock(%s)", (lock_key(table_id),))
        except psycopg.Error:
            pass

    async def drive(self, table_id: str) -> bool:
        if table_id in self._held and self._locks is not None and not self._locks.closed:
            return True
        return await asyncio.get_running_loop().run_in_executor(self._lock_thread, self._lock, table_id)

    async def release(self, table_id: str) -> None:
        if table_id in self._held:
            await asyncio.get_running_loop().run_in_executor(self._lock_thread, self._unlock, table_id)

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)

        def shut() -> None:
            if self._locks is not None:
                self._locks.close()

        self._lock_thread.submit(shut).result(timeout=5)
        self._lock_thread.shutdown(wait=True)


def make_bus(url: URL, origin: str) -> Bus:
    """The bus of a database: PostgreSQL's for PostgreSQL, else the one-process one."""
    if url.get_backend_name() == "postgresql":
        return PostgresBus(url, origin)
    return LocalBus()
