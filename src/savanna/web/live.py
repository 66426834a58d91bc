"""Tables in play at the server: lock, store and broadcast around a :class:`~savanna.table.Table`.

The :class:`~savanna.table.Table` is the authority over the game (seats, chance, bots, the
log and who may read each action, presence and replacement); a :class:`LiveTable` keeps one
in step with the database and the table's clients. Every change follows one path: under
the table's lock, the table *proposes* (checks the actions once and draws the chance that
follows from the table's secret seed), the proposal is written to the database in one
transaction, and only then does the table *adopt* it and the players hear of it. A refused
action changes nothing.

Bots think in a process pool (:mod:`savanna.web.bots`) and play at a pace people can
follow; a table whose game moved on in another server process catches up from the
database (:meth:`LiveTable.refresh`). The host may let spectators watch or not; a table may
set a turn clock; a person who left, or is over the clock, may be handed to a bot by the
others and takes the seat back with a click (never handed over again before a fresh grace
period). A program playing over REST has no connection: each of its requests says it is
there (:meth:`LiveTable.seen`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

from savanna.core import CHANCE, SavannaError, State, load_stored_game
from savanna.table import FINISHED, PLAYING, Commit, Table, TableError
from savanna.table.clocks import TimeControl, forfeit_ranking
from savanna.web import view as views
from savanna.web.auth import Credentials
from savanna.web.coaching import CoachDesk
from savanna.web.deadlines import Deadlines
from savanna.web.driver import Driver
from savanna.web.errors import MESSAGES, WebError, refused, table_refusal, web_error
from savanna.web.rows import controls_of, epoch, seat_of_row
from savanna.web.store import LoadedTable, StaleVersion
from savanna.web.words import typeset

if TYPE_CHECKING:
    from savanna.web.hub import Hub

__all__ = ["Client", "LiveTable"]

log = logging.getLogger("savanna.web")


class Client(Protocol):
    """A connected browser (or program): its seat, its language and a way to reach it."""

    seat: int | None
    lang: str
    log_sent: int
    host: bool

    async def send(self, message: dict[str, Any]) -> None:
        """Deliver one message (never raises for a closed connection)."""

    async def close(self, code: int = 1000) -> None:
        """Close the connection after what is queued (never raises)."""



class LiveTable:
    """One table in the server's memory, kept equal to the database.

    Args:
        hub: the hub that owns it.
        loaded: the table as stored.

    Raises:
        SavannaError: the stored game cannot be set up or replayed (a corrupt row).
    """

    def __init__(self, hub: Hub, loaded: LoadedTable) -> None:
        row = loaded.table
        self.hub = hub
        self.id = row.id
        self.title = row.title
        self.lang = row.lang
        self.pace = row.bot_pace_ms / 1000.0
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self.credentials = Credentials(row.host_token_hash)
        self.events: list[dict[str, Any]] = []
        self.result: dict[str, Any] | None = None
        self.spectators = True
        self.coach = False
        self.coaching = CoachDesk(self)
        self.touched = time.monotonic()
        self.stamp = row.updated_at
        """The stored ``updated_at`` as of the last read (:meth:`Hub.sync` compares it)."""
        self.views = views.ViewCache()
        self.driver = Driver(self)
        self.deadlines = Deadlines(self)
        """The clocks and what happens when a deadline passes (:mod:`savanna.web.deadlines`)."""
        self.time_control = TimeControl.from_json(row.time_control)
        self.started_at: float | None = None
        """When the game began (seconds since the epoch, as stored), for the clocks."""
        self.stamps: list[tuple[int, float]] = []
        """``(actor, time)`` of each committed action (the clocks count from them)."""
        self.table = self._new_table(loaded)
        self._adopt(loaded)
        if row.version != self.version:
            raise SavannaError(MESSAGES.words("database.versions_disagree", table=self.id, version=row.version, actions=self.version))

    @staticmethod
    def _new_table(loaded: LoadedTable) -> Table:
        row = loaded.table
        game = load_stored_game(row.game, players=row.players, options=row.options)
        return Table(
            game,
            [seat_of_row(r) for r in loaded.seats],
            seed=int(row.seed),
            status=row.status,
            grace=row.grace_seconds,
            turn_seconds=int(row.turn_seconds or 0),
        )

    def _adopt(self, loaded: LoadedTable) -> bool:
        """Take what the database says: the table's facts, its seats, events and the actions
        from ``loaded.since`` on (``since`` must be this table's version). Returns whether the
        game moved on."""
        row, table = loaded.table, self.table
        before = self.version
        self.result = row.result
        self.spectators = bool(row.spectators)
        self.coach = bool(row.coach)
        table.turn_seconds = int(row.turn_seconds or 0)
        for seat_row in loaded.seats:
            same = self.credentials.seats.get(seat_row.seat) == seat_row.token_hash
            table.set_seat(seat_row.seat, seat_of_row(seat_row), same_player=same)
            self.credentials.seats[seat_row.seat] = seat_row.token_hash if seat_row.kind == "human" else None
        known = len(self.events)
        self.events = [{"kind": e.kind, "seat": e.seat, "at": e.at_version, "detail": e.detail, "time": epoch(e.created_at)}
                       for e in loaded.events]
        self.started_at = epoch(row.started_at) if row.started_at is not None else None
        # (An archived game's actions come from its record, without times: it is over, no clock runs.)
        self.stamps.extend((a.actor, epoch(a.created_at)) for a in loaded.actions if a.created_at is not None)
        for event in self.events[known:]:
            if event["kind"] == "reclaimed" and event["seat"] is not None:  # taken back in another process
                table.seats[event["seat"]].reclaimed_at = table.clock()
        table.controls = controls_of([seat_of_row(r) for r in loaded.seats], self.events)
        table.set_status(row.status)
        if loaded.actions:
            table.adopt(table.propose_known([a.text for a in loaded.actions]))
        self.views.clear()
        self.touched = time.monotonic()
        self.stamp = row.updated_at
        return self.version != before

    # -- facts ------------------------------------------------------------------------
    @property
    def version(self) -> int:
        """How many actions are committed (0 before the start)."""
        return self.table.version

    @property
    def status(self) -> str:
        """``open``, ``playing``, ``finished`` or ``abandoned``."""
        return self.table.status

    @property
    def state(self) -> State:
        """The position."""
        return self.table.state

    @property
    def forfeited(self) -> list[int]:
        """The seats that lost by time, in the order they ran out."""
        return [e["seat"] for e in self.events if e["kind"] == "lost_time"]

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token this is, or ``None``."""
        return self.credentials.seat_of(token)

    def is_host(self, token: str | None) -> bool:
        """Whether ``token`` is this table's host token."""
        return self.credentials.is_host(token)

    def watchers(self) -> int:
        """How many spectators watch from this process."""
        return sum(1 for c in self.clients if c.seat is None)

    def _refused(self, exc: TableError) -> WebError:
        return table_refusal(exc, views.names(self))

    # -- clients ----------------------------------------------------------------------
    async def attach(self, client: Client, host: bool) -> None:
        """Add a connected client: welcome, full view and log; a returning player reclaims.

        Raises:
            WebError: ``table/full``; ``spectators/off`` for a spectator when the host does
                not let spectators watch (the host may always watch).
        """
        if len(self.clients) >= self.hub.limits.max_connections_per_table:
            raise web_error("table/full")
        if client.seat is None and not host and not self.spectators and self.status != FINISHED:
            raise web_error("spectators/off")
        self.clients.add(client)
        seat = client.seat
        if seat is not None:
            self.table.connect(seat)
            if self.table.seats[seat].replaced_by is not None and self.status == PLAYING and seat not in self.forfeited:
                async with self.lock:
                    await self._reclaim(seat)
        await client.send(views.welcome(self, seat, client.lang, host))
        await self.send_view(client, full=True)
        await self.broadcast_seats()

    def seen(self, seat: int | None) -> None:
        """A request made with ``seat``'s token (REST): its player is here."""
        if seat is not None:
            self.table.seen(seat)

    async def _reclaim(self, seat: int) -> None:
        """Give ``seat`` back to its player (under the lock)."""
        target = self.table.seats[seat]
        if target.replaced_by is None:
            return
        await self.hub.store.replace(self.id, seat, None, self.version, "reclaimed", target.name)
        self.events.append({"kind": "reclaimed", "seat": seat, "at": self.version, "detail": target.name})
        self.table.reclaimed(seat)
        self.views.clear()

    async def reclaim(self, client: Client) -> None:
        """The seat's own player takes it back from the bot that played it.

        Raises:
            WebError: a spectator asks, or no bot plays the seat.
        """
        if client.seat is None:
            raise web_error("spectator/cannot_act")
        async with self.lock:
            try:
                self.table.check_reclaim(client.seat)
            except TableError:
                raise web_error("seat/not_replaced") from None
            if client.seat in self.forfeited:
                raise web_error("seat/lost_time")
            await self._reclaim(client.seat)
        await self.broadcast()

    async def settings(self, host: bool, spectators: Any) -> None:
        """The host lets spectators watch, or not (those watching are then told and closed).

        Raises:
            WebError: not the host; a value that is not true or false.
        """
        if not host:
            raise web_error("host/only_settings")
        if not isinstance(spectators, bool):
            raise refused("request/invalid", "spectators")
        async with self.lock:
            await self.hub.store.settings(self.id, spectators)
            self.spectators = spectators
        await self._turn_spectators_away()
        await self.broadcast_seats()

    async def ask_coach(self, client: Client, what: Any) -> None:
        """Start the coach's answer to ``what`` for ``client``'s seat (see :mod:`savanna.web.coaching`)."""
        await self.coaching.ask(client, what)

    async def _turn_spectators_away(self) -> None:
        if self.spectators or self.status == FINISHED:
            return
        for client in [c for c in self.clients if c.seat is None and not c.host]:
            self.clients.discard(client)
            await client.send({"type": "refused", "code": "spectators/off",
                               "message": typeset(web_error("spectators/off").text(client.lang), client.lang)})
            await client.close(4403)

    async def detach(self, client: Client) -> None:
        """Remove a client; a seat with no connection left starts its away time."""
        if client not in self.clients:
            return
        self.clients.discard(client)
        if client.seat is not None:
            self.table.disconnect(client.seat)
        await self.broadcast_seats()

    async def send_view(self, client: Client, full: bool = False) -> None:
        """Send ``client`` its view and the log entries it has not seen."""
        start = 0 if full else client.log_sent
        message = dict(views.view(self, client.seat, client.lang))
        message["log_start"] = start
        message["log"] = views.log_for(self, client.seat, client.lang, start)
        message["seats"] = views.seats_info(self)
        message["watchers"] = self.watchers()
        message["spectators"] = self.spectators
        message["turn_seconds"] = int(self.table.turn_seconds)
        message["clock"] = self.deadlines.info()
        client.log_sent = len(self.table.log)
        await client.send(message)

    async def broadcast(self) -> None:
        """Send every client its view (and tell a person whose turn came, by notice)."""
        self.hub.notices.turn(self)
        await asyncio.gather(*(self.send_view(c) for c in list(self.clients)))

    async def broadcast_seats(self) -> None:
        """Tell every client who sits where, who is connected, and who may watch."""
        message = {
            "type": "seats",
            "seats": views.seats_info(self),
            "status": self.status,
            "watchers": self.watchers(),
            "spectators": self.spectators,
            "turn_seconds": int(self.table.turn_seconds),
            "clock": self.deadlines.info(),
        }
        await asyncio.gather(*(c.send(message) for c in list(self.clients)))

    # -- changing the game ------------------------------------------------------------
    async def commit(self, commit: Commit, events: Sequence[tuple[int, str, int, str]] = ()) -> None:
        """Write ``commit`` (the actions and the chance drawn after them) in one
        transaction (with ``events``: a timeout's), then adopt and announce it. Call under
        the lock.

        Raises:
            WebError: ``version/stale`` when another writer came first (this one catches
                up), ``server/busy`` when the database could not store them.
        """
        if not commit.entries:
            return
        result = self._result(commit.state) if commit.finished else None
        seen = self.version
        try:
            stamp = epoch(await self.hub.store.append(self.id, commit.base, commit.stored, result, events))
        except StaleVersion:
            await self.catch_up()
            raise web_error("version/stale", seen=seen, now=self.version) from None
        except SavannaError:
            raise
        except Exception:
            log.exception("table %s: could not store %d action(s)", self.id, len(commit.entries))
            raise web_error("server/busy") from None
        self.table.adopt(commit)
        self.stamps.extend((actor, stamp) for _, actor in commit.stored)
        self.events += [{"kind": k, "seat": s, "at": at, "detail": d, "time": stamp} for at, k, s, d in events]
        self.touched = time.monotonic()
        if result is not None:
            self._finished(result)
        await self.broadcast()

    def _finished(self, result: dict[str, Any]) -> None:
        self.result = result
        self.table.set_status(FINISHED)
        for client in self.clients:
            client.log_sent = 0  # the end reveals every action: resend the whole log

    async def refresh(self) -> None:
        """Read what another process (or a lost commit) changed, and tell this process's clients."""
        async with self.lock:
            changed = await self.catch_up()
        if changed is None:
            return
        await (self.broadcast() if changed else self.broadcast_seats())
        await self._turn_spectators_away()
        self.kick()

    async def catch_up(self) -> bool | None:
        """Catch up with the database (under the lock): ``True`` when the game moved on,
        ``False`` when only seats or settings may have changed, ``None`` when the table is gone."""
        loaded = await self.hub.store.load(self.id, since=self.version)
        if loaded is None:
            await self._closed()
            return None
        if loaded.table.version < self.version:  # never expected: rebuild from scratch
            loaded = await self.hub.store.load(self.id)
            if loaded is None:
                return None
            self.table, self.events, self.stamps = self._new_table(loaded), [], []
        finished = self.status == FINISHED
        moved = self._adopt(loaded)
        if self.status == FINISHED and not finished:
            self._finished(self.result or {})
        return moved

    async def _closed(self) -> None:
        """The table was deleted (clean-up): tell its clients and forget it."""
        self.hub.tables.pop(self.id, None)
        for client in list(self.clients):
            await client.send({"type": "refused", "code": "table/unknown",
                               "message": typeset(web_error("table/unknown", table=self.id).text(client.lang), client.lang)})
            await client.close(4404)
        self.clients.clear()
        self.stop()

    def _result(self, state: State) -> dict[str, Any]:
        return {
            "scores": [float(s) for s in state.scores()],
            "ranking": forfeit_ranking(list(state.ranking()), self.forfeited),
            "names": views.names(self),
            "events": [{k: v for k, v in e.items() if k != "time"} for e in self.events],
            "lost_time": self.forfeited,
        }

    async def act(self, client: Client, action: Any, version: Any) -> None:
        """A person's action, sent with the version they saw.

        Raises:
            WebError: not playing, a spectator, a stale version, not this seat's turn.
            NotationError, IllegalActionError: the action does not parse or a rule refuses it.
        """
        async with self.lock:
            if self.status != PLAYING:
                raise web_error("table/not_playing")
            seat = client.seat
            if seat is None:
                raise web_error("spectator/cannot_act")
            self.seen(seat)
            if isinstance(version, bool) or not isinstance(version, int):
                raise refused("message/malformed", "version")
            if version != self.version:
                raise web_error("version/stale", seen=version, now=self.version)
            table = self.table
            player = table.to_act()
            if player != seat or table.controller(seat) is not None:
                who = "chance" if player == CHANCE else views.names(self)[player] if player >= 0 else "-"
                raise web_error("seat/not_to_act", who=who)
            if isinstance(action, str):
                if len(action) > 120:
                    raise refused("message/malformed", "action_length", limit=120)
                chosen = table.state.parse_action(action)
            elif isinstance(action, int) and not isinstance(action, bool):
                chosen = action
            else:
                raise refused("message/malformed", "action")
            try:
                commit = table.propose(seat, [chosen])
            except TableError as exc:
                raise self._refused(exc) from None
            await self.commit(commit)
        self.kick()

    async def replace(self, client: Client, seat: Any) -> None:
        """Hand a departed or too slow player's seat to a bot, on another player's request.

        Raises:
            WebError: a spectator asks, an unknown seat, not a person's seat, not away long
                enough (or taken back less than a grace period ago).
        """
        if client.seat is None:
            raise web_error("spectator/cannot_act")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.table.seats):
            raise web_error("seat/unknown", seat=seat)
        self.seen(client.seat)
        async with self.lock:
            try:
                self.table.check_replace(seat, by=client.seat)
            except TableError as exc:
                raise self._refused(exc) from None
            bot = self.hub.limits.replacement_bot
            await self.hub.store.replace(self.id, seat, bot, self.version, "replaced", bot)
            self.events.append({"kind": "replaced", "seat": seat, "at": self.version, "detail": bot})
            self.table.replaced(seat, bot)
            self.views.clear()
        await self.broadcast()
        self.kick()

    async def start(self, started: datetime | None = None) -> None:
        """Deal: the game begins only now, when every seat is taken (at ``started``, as stored)."""
        async with self.lock:
            if started is not None and self.started_at is None:
                self.started_at = epoch(started)
            self.table.start()
            self.views.clear()
        await self.broadcast()
        self.kick()

    def kick(self) -> None:
        """Make sure chance and bots play until a person must act (:mod:`savanna.web.driver`)."""
        self.driver.kick()

    def waiting_on_driver(self) -> bool:
        """Whether chance or a bot is due to play here and nobody in this process drives it."""
        return self.driver.waiting()

    def stop(self) -> None:
        """Cancel the driver (server shutdown, or the table left memory)."""
        self.driver.stop()

    def record_json(self) -> str:
        """The finished game's record: the same JSON as ``savanna play`` writes."""
        return self.table.record().to_json()
