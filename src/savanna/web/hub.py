"""The tables of one server process: created, loaded on demand, resumed at start, kept in
step with the other processes, cleaned up on a schedule.

The hub is the lobby's side of the server: a table is set up here (its seats open or
bots, its host token handed out once), players take and give back seats before the start,
the host starts it, and from then on its :class:`~savanna.web.live.LiveTable` plays it. The
hub hears the changes other server processes make (:mod:`savanna.web.bus`), resumes every
unfinished game when the server starts, and cleans up old tables on a schedule; every
client address has caps on its sockets, its waiting tables and its rate of requests
(:class:`~savanna.web.limits.ClientGate`).
"""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
import time
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import Any

from savanna.bots import parse_bot_spec
from savanna.core import SavannaError, load_game
from savanna.table import OPEN, OPEN_SEAT, PLAYING, Seat, TableError
from savanna.table.clocks import REALTIME, TURN, TimeControl
from savanna.web.auth import client_key, hash_token, new_token
from savanna.web.bots import BotPool
from savanna.web.bus import Bus, LocalBus
from savanna.web.coaching import CoachGate
from savanna.web.db import SeatRow, TableRow, now
from savanna.web.errors import WebError, refused, said_error, web_error
from savanna.web.limits import ClientGate, Limits
from savanna.web.live import LiveTable
from savanna.web.notices import Notices, NoticeSettings
from savanna.web.store import Cleaned, Store

__all__ = ["Hub"]

log = logging.getLogger("savanna.web")
_TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""What a table id looks like (``secrets.token_urlsafe``); anything else is unknown unread."""


class Hub:
    """Every table of one server process: created, loaded on demand, resumed at start, kept
    in step with the other processes, cleaned up on a schedule.

    Args:
        store: the database.
        limits: caps and rates.
        bots: the bot pool.
        bus: how this process hears the others and shares the driving of tables.
    """

    def __init__(self, store: Store, limits: Limits, bots: BotPool, bus: Bus | None = None,
                 notices: NoticeSettings | None = None) -> None:
        self.store = store
        self.notices = Notices(store, notices)
        """The seats' "your turn" notices (:mod:`savanna.web.notices`)."""
        self.limits = limits
        self.bots = bots
        self.bus = bus or LocalBus()
        self.gate = ClientGate(limits)
        self.coach_pool = BotPool(limits.coach_workers)
        """The coach's own pool (never the bots'): see :mod:`savanna.web.coaching`."""
        self.coach_gate = CoachGate(limits.coach_questions, limits.coach_per_client)
        self.tables: dict[str, LiveTable] = {}
        self.new_seed: Callable[[], int] = lambda: secrets.randbits(63)
        """The secret seed of each new table (tests set their own)."""
        self.wall: Callable[[], float] = time.time
        """The time the clocks are read at (seconds since the epoch, as the database stamps)."""
        self._loading = asyncio.Lock()
        self._tasks: list[asyncio.Task[None]] = []
        self._background: set[asyncio.Task[None]] = set()

    def begin(self) -> None:
        """Begin hearing other processes, the clean-up schedule and (with other processes)
        the check that every table waiting on chance or a bot is driven by someone."""
        self.bus.start(self.changed, self.reconnected)
        self._tasks.append(asyncio.create_task(self._every(self.limits.cleanup_seconds, self.cleanup), name="cleanup"))
        if not isinstance(self.bus, LocalBus):
            self._tasks.append(asyncio.create_task(self._every(2.0, self._watch), name="watchdog"))
            self._tasks.append(asyncio.create_task(self._every(self.limits.sync_seconds, self.sync), name="sync"))
            self._tasks.append(asyncio.create_task(self._leases(), name="leases"))

    async def _every(self, seconds: float, job: Any) -> None:
        while True:
            await asyncio.sleep(seconds)
            try:
                await job()
            except asyncio.CancelledError:
                raise
            except WebError as exc:
                log.warning("%s: %s", getattr(job, "__name__", "job"), exc.text("en"))
            except Exception:
                log.exception("%s failed; it runs again later", getattr(job, "__name__", "job"))

    def _spawn(self, job: Any, name: str) -> None:
        task = asyncio.create_task(job, name=name)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    def changed(self, table_id: str) -> None:
        """Another process wrote ``table_id``: catch up if this process holds it."""
        live = self.tables.get(table_id)
        if live is not None:
            self._spawn(self._refresh(live), f"refresh-{table_id}")

    def reconnected(self) -> None:
        """Notifications may have been lost: catch up with every table held here."""
        for live in list(self.tables.values()):
            self._spawn(self._refresh(live), f"refresh-{live.id}")

    async def _refresh(self, live: LiveTable) -> bool:
        """Catch up with ``live`` from the database; ``False`` (and one line in the log)
        when that failed: :meth:`sync` tries again at its next check."""
        try:
            await live.refresh()
        except asyncio.CancelledError:
            raise
        except SavannaError as exc:
            log.warning("table %s: could not read another process's change (%s); the next check retries",
                        live.id, exc.text("en") if isinstance(exc, WebError) else exc)
            return False
        except Exception as exc:
            log.warning("table %s: could not read another process's change (%s: %s); the next check retries",
                        live.id, type(exc).__name__, exc)
            return False
        return True

    async def _leases(self) -> None:
        """Say this process is alive every ``heartbeat_seconds``, and adopt the orphans."""
        while True:
            try:
                await self.lease()
            except asyncio.CancelledError:
                raise
            except WebError as exc:
                log.warning("lease: %s", exc.text("en"))
            except Exception:
                log.exception("lease failed; it runs again later")
            await asyncio.sleep(self.limits.heartbeat_seconds)

    async def lease(self) -> list[str]:
        """One heartbeat, then take over every game in play whose owner has been silent for
        ``lease_seconds`` (it died, or hangs), whether or not this process ever loaded it:
        each is loaded, caught up and driven here. Returns the ids adopted."""
        await self.store.heartbeat()
        adopted = await self.store.adopt(self.limits.lease_seconds)
        for table_id in adopted:
            try:
                held = table_id in self.tables
                live = await self.get(table_id)
                if held:
                    await self._refresh(live)
                live.kick()
            except WebError as exc:
                log.warning("table %s: could not adopt it (%s)", table_id, exc.text("en"))
            except SavannaError as exc:
                log.error("table %s cannot be resumed: %s", table_id, exc)
        if adopted:
            log.info("adopted %d game(s) whose server stopped: %s", len(adopted), " ".join(adopted[:10]))
        return adopted

    async def sync(self) -> list[str]:
        """Catch up with every unfinished table held here that the database holds otherwise
        (another version, or a write this process neither made nor read): a notification
        lost, or a reload that failed, never leaves a table behind for longer than
        ``Limits.sync_seconds``. Returns the ids of the tables read again.

        One query for every table held; a table deleted meanwhile is closed.
        """
        held = [live for live in self.tables.values() if live.status in (OPEN, PLAYING)]
        if not held:
            return []
        stored = await self.store.stamps([live.id for live in held])
        behind = []
        for live in held:
            stamp = stored.get(live.id)
            if stamp is None or stamp[0] != live.version or stamp[1] not in (live.stamp, self.store.written.get(live.id)):
                behind.append(live)
        if behind:
            log.info("catching up with %d table(s) changed elsewhere: %s", len(behind), " ".join(t.id for t in behind[:10]))
            await asyncio.gather(*(self._refresh(live) for live in behind))
        return [live.id for live in behind]

    async def _watch(self) -> None:
        """Drive every table waiting on chance or a bot whose driver went quiet (another
        process died, or never took it)."""
        for live in list(self.tables.values()):
            if live.waiting_on_driver() and time.monotonic() - live.touched > live.pace + 1.0:
                live.kick()

    async def get(self, table_id: str) -> LiveTable:
        """The live table ``table_id``, loaded from the database when needed.

        Raises:
            WebError: ``table/unknown``.
        """
        live = self.tables.get(table_id)
        if live is not None:
            return live
        if not isinstance(table_id, str) or not _TABLE_ID.fullmatch(table_id):
            raise web_error("table/unknown", table=str(table_id)[:40])
        async with self._loading:
            live = self.tables.get(table_id)
            if live is None:
                loaded = await self.store.load(table_id)
                if loaded is None:
                    raise web_error("table/unknown", table=table_id)
                live = LiveTable(self, loaded)
                self.tables[table_id] = live
        return live

    async def resume(self) -> int:
        """Load every unfinished game and let its chance and bots go on; returns how many."""
        ids = await self.store.ids_with_status("playing")
        for table_id in ids:
            try:
                (await self.get(table_id)).kick()
            except SavannaError:
                log.exception("table %s cannot be resumed", table_id)
        return len(ids)

    async def create(
        self,
        *,
        game: str,
        players: int | None,
        options: dict[str, Any],
        seats: Sequence[str],
        title: str,
        lang: str,
        grace: int | None,
        pace: float | None,
        spectators: Any = True,
        turn_seconds: Any = 0,
        client: str | None = None,
        coach: Any = False,
        time_control: Any = None,
    ) -> tuple[LiveTable, str]:
        """Set up a table (nothing is dealt yet); returns it and the host token.

        Raises:
            OptionError: an unknown game, a bad player count, option or bot.
            WebError: seats that do not match the player count, a bad grace period, turn
                clock or spectators flag; ``client/too_many_tables`` when ``client`` (an
                address) already has its share of tables waiting for players.
        """
        configured = load_game(game, players=players, options=options)
        n = configured.num_players
        if len(seats) != n:
            raise refused("request/invalid", "seat_count", expected=n, given=len(seats))
        limits = self.limits
        grace_seconds = limits.grace_seconds if grace is None else grace
        if isinstance(grace_seconds, bool) or not isinstance(grace_seconds, int) or not (
            limits.min_grace_seconds <= grace_seconds <= limits.max_grace_seconds
        ):
            raise refused("request/invalid", "grace", least=limits.min_grace_seconds, most=limits.max_grace_seconds)
        if not isinstance(spectators, bool):
            raise refused("request/invalid", "spectators")
        if isinstance(turn_seconds, bool) or turn_seconds not in limits.turn_seconds_choices:
            choices = ", ".join(str(c) for c in limits.turn_seconds_choices)
            raise refused("request/invalid", "turn_seconds", choices=choices)
        if not isinstance(coach, bool):
            raise refused("request/invalid", "coach")
        control = self._time_control(time_control)
        rows: list[SeatRow] = []
        table_id = secrets.token_urlsafe(9)
        for i, text in enumerate(seats):
            if not isinstance(text, str):
                raise refused("request/invalid", "seats")
            if text == "open":
                rows.append(SeatRow(table_id=table_id, seat=i, kind="open", name=""))
                continue
            kind, _, spec = text.partition(":")
            if kind != "bot" or not spec:
                raise refused("request/invalid", "seat", seat=i + 1, text=repr(text[:40]))
            bot = str(parse_bot_spec(spec))
            rows.append(SeatRow(table_id=table_id, seat=i, kind="bot", name=f"bot {bot}", bot=bot))
        host = new_token()
        row = TableRow(
            id=table_id,
            game=configured.name,
            players=n,
            options=dict(configured.options),
            title=title[: limits.max_title_chars],
            lang=lang,
            status="open",
            seed=self.new_seed(),
            host_token_hash=hash_token(host),
            grace_seconds=grace_seconds,
            bot_pace_ms=int(1000 * (limits.bot_pace_seconds if pace is None else pace)),
            version=0,
            spectators=spectators,
            turn_seconds=int(turn_seconds),
            coach=coach,
            time_control=control.to_json() if control is not None else None,
            creator=client_key(client) if client is not None else None,
            owner=self.store.origin or None,
        )
        await self.store.create(row, rows, open_cap=limits.max_open_tables_per_client)
        return await self.get(table_id), host

    def _time_control(self, data: Any) -> TimeControl | None:
        """A requested time control, checked against the server's bounds.

        Raises:
            WebError: ``request/invalid`` naming what is out of bounds.
        """
        try:
            control = TimeControl.from_json(data)
        except TableError as exc:
            reason = exc.text
            raise said_error("request/invalid", lambda lang: {"why": reason(lang)}) from None
        limits = self.limits
        if control is None:
            return None
        if control.pace == TURN and not limits.min_move_seconds <= control.per_move <= limits.max_move_seconds:
            raise refused("request/invalid", "per_move", least=limits.min_move_seconds, most=limits.max_move_seconds)
        if control.pace == REALTIME and not limits.min_base_seconds <= control.base <= limits.max_base_seconds:
            raise refused("request/invalid", "base", least=limits.min_base_seconds, most=limits.max_base_seconds)
        if control.pace == REALTIME and control.increment > limits.max_increment_seconds:
            raise refused("request/invalid", "increment", most=limits.max_increment_seconds)
        if control.pace == TURN and control.increment:
            raise refused("request/invalid", "turn_increment")
        return control

    async def join(self, table_id: str, seat: int | None, name: str) -> tuple[int, str]:
        """Take a seat before the start; returns the seat and its new token."""
        live = await self.get(table_id)
        token = new_token()
        digest = hash_token(token)
        taken = await self.store.join(table_id, seat, name, digest)
        live.table.set_seat(taken, Seat.human(name), same_player=False)
        live.credentials.seats[taken] = digest
        await live.broadcast_seats()
        return taken, token

    async def leave(self, table_id: str, token: str | None) -> int:
        """Give a seat back before the start; the token stops working."""
        live = await self.get(table_id)
        seat = live.seat_of(token)
        if seat is None:
            raise web_error("token/invalid")
        await self.store.leave(table_id, seat)
        live.table.set_seat(seat, Seat(OPEN_SEAT), same_player=False)
        live.credentials.seats[seat] = None
        await live.broadcast_seats()
        return seat

    async def start(self, table_id: str, host_token: str | None) -> LiveTable:
        """Start the game (host only, every seat taken)."""
        live = await self.get(table_id)
        if not live.is_host(host_token):
            raise web_error("host/only")
        limits = self.limits
        started = await self.store.start(table_id, limits.max_playing_tables_per_client, limits.max_playing_tables)
        await live.start(started)
        return live

    async def cleanup(self, at: datetime | None = None) -> Cleaned:
        """One clean-up as of ``at`` (now by default): tables nobody started and games nobody
        plays any more are deleted or closed (:meth:`Store.clean`), finished games are
        archived (their record kept, their action rows folded into it), and finished tables
        with no client that were not used for ``evict_seconds`` leave this process's memory."""
        limits = self.limits
        moment = at or now()
        done = await self.store.clean(
            open_before=moment - timedelta(hours=limits.open_table_hours),
            idle_before=moment - timedelta(days=limits.idle_game_days),
            archive_before=moment - timedelta(days=limits.archive_after_days),
        )
        await self.store.forget_servers(moment - timedelta(hours=1))
        for table_id in await self.store.archivable(moment - timedelta(days=limits.archive_after_days)):
            live = self.tables.get(table_id)
            if live is None:
                loaded = await self.store.load(table_id)
                if loaded is None:
                    continue
                live = LiveTable(self, loaded)
            if live.status == "finished" and await self.store.archive(table_id, live.record_json()):
                done.archived.append(table_id)
        for table_id in [*done.deleted_open, *done.abandoned, *done.deleted_abandoned]:
            held = self.tables.get(table_id)
            if held is not None:
                await held.refresh()
        clock = time.monotonic()
        for table_id, live in list(self.tables.items()):
            if not live.clients and live.status not in ("open", "playing") and clock - live.touched >= limits.evict_seconds:
                self.tables.pop(table_id, None)
                live.stop()
                await self.bus.release(table_id)
        if any(done.counts().values()):
            log.info("clean-up: %s", done.counts())
        return done

    def close(self) -> None:
        """Stop every table's driver, the schedule and the bus."""
        for task in self._tasks:
            task.cancel()
        for live in self.tables.values():
            live.stop()
        self.coach_pool.close()
        self.notices.close()
        self.bus.close()
