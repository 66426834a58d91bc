"""Tables in play: the server's authority over each game.

A :class:`LiveTable` holds the state of one table, rebuilt from the database by replaying
its actions, and is the only code that changes it. Every change follows one path
(:meth:`LiveTable._commit`): the actions are applied to a copy through the checked rules,
written to the database in one transaction, and only then does the copy become the table's
state and the players hear of it. A refused action changes nothing.

Chance (dice, deals) is drawn by the server from the table's secret seed and the action's
index, bots think in a process pool and play at a pace people can follow, and people act
through their seat token. :class:`Hub` keeps the tables in memory, loads them on demand,
resumes every unfinished game when the server starts, hears the changes other server
processes make (:mod:`savanna.web.bus`), and cleans up old tables on a schedule.

The host of a table may let spectators watch or not; a table may set a turn clock (a person
who takes longer than it over one decision may be handed to a bot by the others, like one
who left, and takes the seat back with a click); every client address has caps on its
sockets, its waiting tables and its rate of requests (:class:`~savanna.web.limits.ClientGate`).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Protocol

from savanna.bots import parse_bot_spec
from savanna.core import (
    CHANCE,
    Audience,
    Game,
    SavannaError,
    State,
    load_game,
    record_of,
)
from savanna.core.rng import POSITION, position_rng
from savanna.web.bots import BotPool
from savanna.web.bus import Bus, LocalBus
from savanna.web.db import SeatRow, TableRow, now
from savanna.web.errors import WebError, web_error
from savanna.web.limits import ClientGate, Limits
from savanna.web.store import Cleaned, LoadedTable, StaleVersion, Store
from savanna.web.words import game_title, rules_help, score_sheet, typeset

__all__ = ["Client", "Hub", "LiveTable", "LogEntry", "client_key", "hash_token", "new_token"]

log = logging.getLogger("savanna.web")


def new_token() -> str:
    """A fresh random credential (256 bits, URL-safe)."""
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    """The SHA-256 hex digest stored in place of a token."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def client_key(address: str) -> str:
    """What is stored of a client's address (for the cap on its waiting tables): a digest."""
    return hashlib.sha256(b"savanna-client:" + address.encode("utf-8", "replace")).hexdigest()


def _same(token: str | None, digest: str | None) -> bool:
    return bool(token) and bool(digest) and hmac.compare_digest(hash_token(token or ""), digest or "")


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


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One action in the log: who acted, who may read it, and its words in each language."""

    index: int
    actor: int
    viewers: Audience
    words: dict[str, str]

    def shown(self, seat: int | None, lang: str, names: Sequence[str], finished: bool) -> dict[str, Any]:
        """The entry as ``seat`` sees it (a hidden action keeps only who made it)."""
        visible = finished or self.viewers.includes(seat)
        who = "chance" if self.actor == CHANCE else names[self.actor] if 0 <= self.actor < len(names) else "?"
        return {
            "i": self.index,
            "actor": self.actor,
            "who": who,
            "text": typeset(self.words.get(lang, self.words["en"]), lang) if visible else None,
        }


@dataclass
class SeatState:
    """A seat at a live table."""

    seat: int
    kind: str
    name: str
    bot: str | None
    token_hash: str | None
    replaced_by: str | None
    connections: int = 0
    away_since: float | None = None

    @classmethod
    def of(cls, row: SeatRow) -> SeatState:
        return cls(row.seat, row.kind, row.name, row.bot, row.token_hash, row.replaced_by)

    @property
    def controller(self) -> str | None:
        """The bot spec playing this seat now, or ``None`` when a person plays it."""
        if self.kind == "bot":
            return self.bot
        return self.replaced_by


@dataclass
class _Cache:
    version: int = -1
    views: dict[tuple[int | None, str], dict[str, Any]] = field(default_factory=dict)


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
        self.seed = int(row.seed)
        self.host_token_hash = row.host_token_hash
        self.grace = row.grace_seconds
        self.pace = row.bot_pace_ms / 1000.0
        self.game: Game = load_game(row.game, players=row.players, options=row.options)
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self.log: list[LogEntry] = []
        self.state: State | None = None
        self.status = "open"
        self.seats: list[SeatState] = []
        self.events: list[dict[str, Any]] = []
        self.result: dict[str, Any] | None = None
        self.spectators = True
        self.turn_seconds = 0
        self.coach = False
        self._coaching: set[Client] = set()
        self._coach_tasks: set[asyncio.Task[None]] = set()
        self.turn_since = time.monotonic()
        self.touched = time.monotonic()
        self._cache = _Cache()
        self._driver: asyncio.Task[None] | None = None
        self._adopt(loaded)
        if row.version != self.version:
            raise SavannaError(f"table {self.id}: version {row.version} but {self.version} actions stored")

    def _adopt(self, loaded: LoadedTable) -> bool:
        """Take what the database says: the table's facts, its seats, events and the actions
        from ``loaded.since`` on (``since`` must be this table's version). Returns whether the
        game moved on."""
        row = loaded.table
        before = self.version
        self.status = row.status
        self.result = row.result
        self.spectators = bool(row.spectators)
        self.turn_seconds = int(row.turn_seconds or 0)
        self.coach = bool(row.coach)
        clock = time.monotonic()
        old = {s.seat: s for s in self.seats}
        seats = []
        for seat_row in loaded.seats:
            seat = SeatState.of(seat_row)
            kept = old.get(seat.seat)
            if kept is not None and kept.kind == seat.kind and kept.token_hash == seat.token_hash:
                seat.connections, seat.away_since = kept.connections, kept.away_since
            elif seat.kind == "human":
                seat.away_since = clock
            seats.append(seat)
        self.seats = seats
        self.events = [
            {"kind": e.kind, "seat": e.seat, "at": e.at_version, "detail": e.detail} for e in loaded.events
        ]
        if self.status != "open" and self.state is None:
            self.state = self.game.new_initial_state()
        if self.state is not None:
            state = self.state
            for action_row in loaded.actions:
                action = state.parse_action(action_row.text)
                self.log.append(self._entry(state, action))
                state.apply(action)
        self._cache.version = -1
        if self.version != before:
            self.turn_since = clock
        self.touched = clock
        return self.version != before

        # -- facts ------------------------------------------------------------------------
    @property
    def version(self) -> int:
        """How many actions are committed (0 before the start)."""
        return len(self.state.history) if self.state is not None else 0

    def names(self) -> list[str]:
        """Each seat's display name."""
        return [f"Bot {s.seat + 1} ({s.bot})" if s.kind == "bot" else s.name for s in self.seats]

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token this is, or ``None``."""
        for seat in self.seats:
            if seat.kind == "human" and _same(token, seat.token_hash):
                return seat.seat
        return None

    def is_host(self, token: str | None) -> bool:
        """Whether ``token`` is this table's host token."""
        return _same(token, self.host_token_hash)

    def turn_taken(self) -> tuple[int | None, float]:
        """The person's seat to act now (``None``: chance, a bot or nobody) and how long
        they have been deciding, in seconds."""
        state = self.state
        if self.status != "playing" or state is None:
            return None, 0.0
        player = state.current_player()
        if player < 0 or self.controller(player) is not None:
            return None, 0.0
        return player, time.monotonic() - self.turn_since

    def overdue(self, seat: int) -> bool:
        """Whether ``seat``'s player has gone past the table's turn clock on this decision."""
        acting, spent = self.turn_taken()
        return bool(self.turn_seconds) and acting == seat and spent >= self.turn_seconds

    def seats_info(self) -> list[dict[str, Any]]:
        """Public facts of each seat: who sits there, a bot or not, connected, away since,
        time taken on the current decision (with a turn clock)."""
        clock = time.monotonic()
        acting, spent = self.turn_taken()
        out = []
        for s in self.seats:
            away = None if s.kind != "human" or s.connections else int(clock - (s.away_since or clock))
            gone = away is not None and away >= self.grace
            out.append(
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "name": s.name,
                    "bot": s.bot,
                    "replaced_by": s.replaced_by,
                    "connected": s.kind == "bot" or s.connections > 0,
                    "away": away,
                    "turn": int(spent) if acting == s.seat and self.turn_seconds else None,
                    "replaceable": self.status == "playing"
                    and s.kind == "human"
                    and s.replaced_by is None
                    and (gone or self.overdue(s.seat)),
                }
            )
        return out

    def watchers(self) -> int:
        """How many spectators watch from this process."""
        return sum(1 for c in self.clients if c.seat is None)

    def summary(self) -> dict[str, Any]:
        """The table for the lobby list."""
        return {
            "id": self.id,
            "title": self.title,
            "game": self.game.name,
            "players": self.game.num_players,
            "options": dict(self.game.options),
            "status": self.status,
            "lang": self.lang,
            "seats": self.seats_info(),
            "version": self.version,
            "spectators": self.spectators,
            "turn_seconds": self.turn_seconds,
            "coach": self.coach,
        }

    def welcome(self, seat: int | None, lang: str, host: bool) -> dict[str, Any]:
        """What a client learns once on connecting: the table, its game and its help texts."""
        return {
            "type": "welcome",
            "table": self.summary(),
            "title": game_title(self.game, lang),
            "you": seat,
            "host": host,
            "lang": lang,
            "grace": self.grace,
            "help": rules_help(self.game, lang),
        }

    def controller(self, seat: int) -> str | None:
        """The bot playing ``seat`` now, or ``None`` for a person."""
        return self.seats[seat].controller

    # -- views ------------------------------------------------------------------------
    def view(self, seat: int | None, lang: str) -> dict[str, Any]:
        """The whole game as ``seat`` may see it (``None``: a spectator), without the log.

        This is the one per-seat view: websocket, REST and page all send it, and everything in
        it is drawn from ``state.observation(seat)`` or from the public rules.
        """
        cache = self._cache
        if cache.version != self.version:
            cache.version, cache.views = self.version, {}
        key = (seat, lang)
        if key in cache.views:
            return cache.views[key]
        state = self.state
        out: dict[str, Any] = {
            "type": "view",
            "version": self.version,
            "status": self.status,
            "you": seat,
            "to_act": None,
            "board_svg": None,
            "board_text": None,
            "private": [],
            "legal": [],
            "result": None,
        }
        if state is not None:
            game = self.game
            obs = state.observation(seat)
            player = state.current_player()
            out["to_act"] = player if player >= 0 else "chance" if player == CHANCE else "over"
            out["board_svg"] = game.render_svg(obs, lang)
            out["board_text"] = game.render_text(obs, lang)
            if seat is not None:
                out["private"] = [typeset(line, lang) for line in game.private_summary(obs, lang)]
            if seat is not None and player == seat and self.controller(seat) is None:
                out["legal"] = [
                    {
                        "id": a,
                        "text": state.action_to_text(a),
                        "words": typeset(state.describe_action(a, lang), lang),
                        "targets": list(state.action_targets(a)),
                    }
                    for a in state.legal_actions()
                ]
            if state.is_terminal():
                sheet = score_sheet(game, obs, state, lang)
                out["result"] = {
                    **(sheet or {}),
                    "names": self.names(),
                    "events": self.events,
                    "record": f"/api/tables/{self.id}/record",
                    "replay": f"/t/{self.id}/replay",
                }
        cache.views[key] = out
        return out

    def log_for(self, seat: int | None, lang: str, start: int = 0) -> list[dict[str, Any]]:
        """The log from entry ``start`` as ``seat`` may read it."""
        names, finished = self.names(), self.status == "finished"
        return [entry.shown(seat, lang, names, finished) for entry in self.log[start:]]

    def _entry(self, state: State, action: int) -> LogEntry:
        """The log entry of ``action`` played in ``state`` (before it is applied)."""
        return LogEntry(
            index=len(state.history),
            actor=state.current_player(),
            viewers=state.action_viewers(action),
            words={lang: state.describe_action(action, lang) for lang in ("en", "fr")},
        )

    # -- clients ----------------------------------------------------------------------
    async def attach(self, client: Client, host: bool) -> None:
        """Add a connected client: welcome, full view and log; a returning player reclaims.

        Raises:
            WebError: ``table/full``; ``spectators/off`` for a spectator when the host does
                not let spectators watch (the host may always watch).
        """
        if len(self.clients) >= self.hub.limits.max_connections_per_table:
            raise web_error("table/full")
        if client.seat is None and not host and not self.spectators and self.status != "finished":
            raise web_error("spectators/off")
        self.clients.add(client)
        seat = client.seat
        if seat is not None:
            state = self.seats[seat]
            state.connections += 1
            state.away_since = None
            if state.replaced_by is not None and self.status == "playing":
                async with self.lock:
                    await self._reclaim(seat)
        await client.send(self.welcome(seat, client.lang, host))
        await self.send_view(client, full=True)
        await self.broadcast_seats()

    async def _reclaim(self, seat: int) -> None:
        """Give ``seat`` back to its player (under the lock)."""
        state = self.seats[seat]
        if state.replaced_by is None:
            return
        await self.hub.store.replace(self.id, seat, None, self.version, "reclaimed", state.name)
        state.replaced_by = None
        self.events.append({"kind": "reclaimed", "seat": seat, "at": self.version, "detail": state.name})
        self.turn_since = time.monotonic()
        self._cache.version = -1

    async def reclaim(self, client: Client) -> None:
        """The seat's own player takes it back from the bot that played it.

        Raises:
            WebError: a spectator asks, or no bot plays the seat.
        """
        if client.seat is None:
            raise web_error("spectator/cannot_act")
        async with self.lock:
            if self.status != "playing" or self.seats[client.seat].replaced_by is None:
                raise web_error("seat/not_replaced")
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
            raise web_error("request/invalid", why="'spectators' is true or false")
        async with self.lock:
            await self.hub.store.settings(self.id, spectators)
            self.spectators = spectators
        await self._turn_spectators_away()
        await self.broadcast_seats()

    async def ask_coach(self, client: Client, what: Any) -> None:
        """Start the coach's answer to ``what`` for ``client``'s seat (see :mod:`savanna.web.coach`).

        The client is told at once that the coach is thinking; the answer follows when the
        pool has it (the connection goes on meanwhile).

        Raises:
            WebError: ``coach/off`` at a table without the coach, ``coach/spectator`` for a
                client without a seat, ``table/not_playing``, ``coach/busy`` while the
                client's last question is being answered, a question that is not
                ``odds`` or ``hint``.
        """
        from savanna.web import coach

        if what not in coach.QUESTIONS:
            raise web_error("request/invalid", why="the coach answers 'odds' or 'hint'")
        if not self.coach:
            raise web_error("coach/off")
        seat = client.seat
        if seat is None:
            raise web_error("coach/spectator")
        state = self.state
        if self.status != "playing" or state is None or state.is_terminal():
            raise web_error("table/not_playing")
        if client in self._coaching:
            raise web_error("coach/busy")
        self._coaching.add(client)
        history = list(state.history)
        version = len(history)
        await client.send(
            {"type": "coach", "what": what, "state": "thinking", "seconds": coach.COACH_SECONDS, "version": version}
        )
        game = self.game
        work = (
            coach.coach_answer, game.name, game.num_players, tuple(sorted(game.options.items())), history, seat,
            what, self.seed, client.lang, coach.COACH_SECONDS if coach.COACH_SAMPLES is None else None,
            coach.COACH_SAMPLES,
        )

        async def answer() -> None:
            try:
                lines = await self.hub.bots.run(*work)
                reply: dict[str, Any] = {"type": "coach", "what": what, "state": "done", "version": version, "lines": lines}
            except Exception:
                log.exception("the coach failed at table %s, seat %d", self.id, seat)
                reply = {"type": "coach", "what": what, "state": "failed", "version": version,
                         "message": typeset(web_error("coach/failed").text(client.lang), client.lang)}
            finally:
                self._coaching.discard(client)
            await client.send(reply)

        task = asyncio.create_task(answer())
        self._coach_tasks.add(task)
        task.add_done_callback(self._coach_tasks.discard)

    async def _turn_spectators_away(self) -> None:
        if self.spectators or self.status == "finished":
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
            state = self.seats[client.seat]
            state.connections = max(0, state.connections - 1)
            if state.connections == 0:
                state.away_since = time.monotonic()
        await self.broadcast_seats()

    async def send_view(self, client: Client, full: bool = False) -> None:
        """Send ``client`` its view and the log entries it has not seen."""
        start = 0 if full else client.log_sent
        message = dict(self.view(client.seat, client.lang))
        message["log_start"] = start
        message["log"] = self.log_for(client.seat, client.lang, start)
        message["seats"] = self.seats_info()
        message["watchers"] = self.watchers()
        message["spectators"] = self.spectators
        message["turn_seconds"] = self.turn_seconds
        client.log_sent = len(self.log)
        await client.send(message)

    async def broadcast(self) -> None:
        """Send every client its view."""
        await asyncio.gather(*(self.send_view(c) for c in list(self.clients)))

    async def broadcast_seats(self) -> None:
        """Tell every client who sits where, who is connected, and who may watch."""
        message = {
            "type": "seats",
            "seats": self.seats_info(),
            "status": self.status,
            "watchers": self.watchers(),
            "spectators": self.spectators,
            "turn_seconds": self.turn_seconds,
        }
        await asyncio.gather(*(c.send(message) for c in list(self.clients)))

    # -- changing the game ------------------------------------------------------------
    async def _commit(self, actions: Sequence[int]) -> None:
        """Apply ``actions`` (checked) and the chance outcomes that follow them, store them all
        in one transaction, then adopt and announce. Call under the lock.

        Chance (dice, deals) is drawn by the server as soon as it is due, from the table's
        secret seed and the action's index (the record's ``position`` draw), so a move and the
        dice it leads to reach the players together.

        Raises:
            IllegalActionError: an action is refused (nothing changed).
            WebError: ``server/busy`` when the database could not store them.
        """
        assert self.state is not None
        probe = self.state.clone()
        stored: list[tuple[str, int]] = []
        entries: list[LogEntry] = []
        queue = list(actions)
        while queue or probe.is_chance_node():
            if queue:
                action = queue.pop(0)
            else:
                action = probe.sample_chance(position_rng(self.seed, len(probe.history)))
            actor = probe.current_player()
            if actor >= 0 and action not in probe.legal_actions():
                probe.apply(action)  # refused with the rule that forbids it, before any game hook sees it
            text = probe.action_to_text_safe(action)
            entry = self._entry(probe, action)
            probe.apply(action)
            stored.append((text, actor))
            entries.append(entry)
        result = self._result(probe) if probe.is_terminal() else None
        seen = self.version
        try:
            await self.hub.store.append(self.id, self.version, stored, result)
        except StaleVersion:
            await self._refresh_locked()
            raise web_error("version/stale", seen=seen, now=self.version) from None
        except SavannaError:
            raise
        except Exception:
            log.exception("table %s: could not store %d action(s)", self.id, len(stored))
            raise web_error("server/busy") from None
        self.state = probe
        self.log.extend(entries)
        self.turn_since = self.touched = time.monotonic()
        if result is not None:
            self._finished(result)
        await self.broadcast()

    def _finished(self, result: dict[str, Any]) -> None:
        self.status, self.result = "finished", result
        for client in self.clients:
            client.log_sent = 0  # the end reveals every action: resend the whole log

    async def refresh(self) -> None:
        """Read what another process (or a lost commit) changed, and tell this process's clients."""
        async with self.lock:
            changed = await self._refresh_locked()
        if changed is None:
            return
        await (self.broadcast() if changed else self.broadcast_seats())
        await self._turn_spectators_away()
        self.kick()

    async def _refresh_locked(self) -> bool | None:
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
            self.state, self.log = None, []
        finished = self.status == "finished"
        moved = self._adopt(loaded)
        if self.status == "finished" and not finished:
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
            "ranking": list(state.ranking()),
            "names": self.names(),
            "events": self.events,
        }

    async def act(self, client: Client, action: Any, version: Any) -> None:
        """A person's action, sent with the version they saw.

        Raises:
            WebError: not playing, a spectator, a stale version, not this seat's turn.
            NotationError, IllegalActionError: the action does not parse or a rule refuses it.
        """
        async with self.lock:
            if self.status != "playing" or self.state is None:
                raise web_error("table/not_playing")
            seat = client.seat
            if seat is None:
                raise web_error("spectator/cannot_act")
            if isinstance(version, bool) or not isinstance(version, int):
                raise web_error("message/malformed", why="'version' must be the integer version you saw")
            if version != self.version:
                raise web_error("version/stale", seen=version, now=self.version)
            state = self.state
            player = state.current_player()
            if player != seat or self.controller(seat) is not None:
                who = "chance" if player == CHANCE else self.names()[player] if player >= 0 else "-"
                raise web_error("seat/not_to_act", who=who)
            if isinstance(action, str):
                if len(action) > 120:
                    raise web_error("message/malformed", why="an action is at most 120 characters")
                chosen = state.parse_action(action)
            elif isinstance(action, int) and not isinstance(action, bool):
                chosen = action
            else:
                raise web_error("message/malformed", why="'action' must be the move's text or its id")
            await self._commit([chosen])
        self.kick()

    async def replace(self, client: Client, seat: Any) -> None:
        """Hand a departed player's seat to a bot, on another player's request.

        Raises:
            WebError: a spectator asks, an unknown seat, not a person's seat, not away long enough.
        """
        if client.seat is None:
            raise web_error("spectator/cannot_act")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise web_error("seat/unknown", seat=seat)
        async with self.lock:
            if self.status != "playing":
                raise web_error("table/not_playing")
            target = self.seats[seat]
            if target.kind != "human" or target.replaced_by is not None or seat == client.seat:
                raise web_error("seat/not_human")
            away = 0.0 if target.connections else time.monotonic() - (target.away_since or time.monotonic())
            gone = not target.connections and away >= self.grace
            if not gone and not self.overdue(seat):
                left = self.grace - away
                acting, spent = self.turn_taken()
                if self.turn_seconds and acting == seat:
                    left = min(left, self.turn_seconds - spent)
                raise web_error("seat/not_away", seat=seat + 1, left=max(1, int(left)))
            bot = self.hub.limits.replacement_bot
            await self.hub.store.replace(self.id, seat, bot, self.version, "replaced", bot)
            target.replaced_by = bot
            self.events.append({"kind": "replaced", "seat": seat, "at": self.version, "detail": bot})
            self._cache.version = -1
        await self.broadcast()
        self.kick()

    async def start(self) -> None:
        """Deal: the state is created only now, when every seat is taken."""
        async with self.lock:
            self.status = "playing"
            if self.state is None:
                self.state = self.game.new_initial_state()
            self.turn_since = time.monotonic()
            self._cache.version = -1
        await self.broadcast()
        self.kick()

    # -- chance and bots --------------------------------------------------------------
    def kick(self) -> None:
        """Make sure chance and bots play until a person must act."""
        if self._driver is None or self._driver.done():
            self._driver = asyncio.create_task(self._drive(), name=f"table-{self.id}")

    def waiting_on_driver(self) -> bool:
        """Whether chance or a bot is due to play here and nobody in this process drives it."""
        state = self.state
        if self.status != "playing" or state is None or state.is_terminal():
            return False
        if self._driver is not None and not self._driver.done():
            return False
        player = state.current_player()
        return player == CHANCE or (player >= 0 and self.controller(player) is not None)

    async def _drive(self) -> None:
        backoff = 0.5
        try:
            while True:
                try:
                    if not await self.hub.bus.drive(self.id):
                        return  # another process drives this table
                    if not await self._step():
                        return
                    backoff = 0.5
                except asyncio.CancelledError:
                    raise
                except WebError as exc:
                    if exc.code == "version/stale":
                        continue  # another process moved first; this one caught up
                    log.warning("table %s: %s; retrying in %.1f s", self.id, exc.text("en"), backoff)
                    await asyncio.sleep(backoff)
                    backoff = min(backoff * 2, 4.0)
                except Exception:
                    log.exception("table %s: retrying in %.1f s", self.id, backoff)
                    await asyncio.sleep(backoff)
                    backoff = min(backoff * 2, 10.0)
        finally:
            if self.status != "playing":
                with contextlib.suppress(Exception):
                    await self.hub.bus.release(self.id)

    async def _step(self) -> bool:
        """Play one chance run or one bot move; ``False`` when a person must act (or the end)."""
        loop = asyncio.get_running_loop()
        async with self.lock:
            state = self.state
            if self.status != "playing" or state is None or state.is_terminal():
                return False
            player = state.current_player()
            if player == CHANCE:
                await self._commit([])  # the deal at the start, or chance left by a restart
                return True
            spec = self.controller(player)
            if spec is None:
                return False
            version = self.version
            observation = state.observation(player)
            legal = state.legal_actions()
        started = loop.time()
        action = await self.hub.bots.decide(self.game, spec, player, observation, legal, self.seed, version)
        rest = self.pace - (loop.time() - started)
        if rest > 0:
            await asyncio.sleep(rest)
        async with self.lock:
            if self.version == version and self.controller(player) == spec and self.status == "playing":
                await self._commit([action])
        return True

    def stop(self) -> None:
        """Cancel the driver (server shutdown, or the table left memory)."""
        if self._driver is not None:
            self._driver.cancel()

    def record_json(self) -> str:
        """The finished game's record: the same JSON as ``savanna playout`` and ``play``."""
        assert self.state is not None
        seats = [("human" if s.kind == "human" else f"bot:{s.bot}") for s in self.seats]
        return record_of(self.state, seed=self.seed, seats=seats, chance=POSITION).to_json()


class Hub:
    """Every table of one server process: created, loaded on demand, resumed at start, kept
    in step with the other processes, cleaned up on a schedule.

    Args:
        store: the database.
        limits: caps and rates.
        bots: the bot pool.
        bus: how this process hears the others and shares the driving of tables.
    """

    def __init__(self, store: Store, limits: Limits, bots: BotPool, bus: Bus | None = None) -> None:
        self.store = store
        self.limits = limits
        self.bots = bots
        self.bus = bus or LocalBus()
        self.gate = ClientGate(limits)
        self.tables: dict[str, LiveTable] = {}
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
            self._spawn(live.refresh(), f"refresh-{table_id}")

    def reconnected(self) -> None:
        """Notifications may have been lost: catch up with every table held here."""
        for live in list(self.tables.values()):
            self._spawn(live.refresh(), f"refresh-{live.id}")

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
        if not isinstance(table_id, str) or not 1 <= len(table_id) <= 32:
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
            raise web_error("request/invalid", why=f"{n} seats expected, {len(seats)} given")
        limits = self.limits
        grace_seconds = limits.grace_seconds if grace is None else grace
        if isinstance(grace_seconds, bool) or not isinstance(grace_seconds, int) or not (
            limits.min_grace_seconds <= grace_seconds <= limits.max_grace_seconds
        ):
            raise web_error(
                "request/invalid",
                why=f"grace must be {limits.min_grace_seconds}-{limits.max_grace_seconds} seconds",
            )
        if not isinstance(spectators, bool):
            raise web_error("request/invalid", why="'spectators' is true or false")
        if isinstance(turn_seconds, bool) or turn_seconds not in limits.turn_seconds_choices:
            choices = ", ".join(str(c) for c in limits.turn_seconds_choices)
            raise web_error("request/invalid", why=f"'turn_seconds' is one of {choices}")
        if not isinstance(coach, bool):
            raise web_error("request/invalid", why="'coach' is true or false")
        rows: list[SeatRow] = []
        table_id = secrets.token_urlsafe(9)
        for i, text in enumerate(seats):
            if not isinstance(text, str):
                raise web_error("request/invalid", why="each seat is 'open' or 'bot:KIND'")
            if text == "open":
                rows.append(SeatRow(table_id=table_id, seat=i, kind="open", name=""))
                continue
            kind, _, spec = text.partition(":")
            if kind != "bot" or not spec:
                raise web_error("request/invalid", why=f"seat {i + 1} must be 'open' or 'bot:KIND', not {text[:40]!r}")
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
            seed=secrets.randbits(63),
            host_token_hash=hash_token(host),
            grace_seconds=grace_seconds,
            bot_pace_ms=int(1000 * (limits.bot_pace_seconds if pace is None else pace)),
            version=0,
            spectators=spectators,
            turn_seconds=int(turn_seconds),
            coach=coach,
            creator=client_key(client) if client is not None else None,
        )
        await self.store.create(row, rows, open_cap=limits.max_open_tables_per_client)
        return await self.get(table_id), host

    async def join(self, table_id: str, seat: int | None, name: str) -> tuple[int, str]:
        """Take a seat before the start; returns the seat and its new token."""
        live = await self.get(table_id)
        token = new_token()
        taken = await self.store.join(table_id, seat, name, hash_token(token))
        loaded = await self.store.load(table_id)
        assert loaded is not None
        live.seats[taken] = SeatState.of(loaded.seats[taken])
        live.seats[taken].away_since = time.monotonic()
        await live.broadcast_seats()
        return taken, token

    async def leave(self, table_id: str, token: str | None) -> int:
        """Give a seat back before the start; the token stops working."""
        live = await self.get(table_id)
        seat = live.seat_of(token)
        if seat is None:
            raise web_error("token/invalid")
        await self.store.leave(table_id, seat)
        live.seats[seat] = SeatState(seat, "open", "", None, None, None)
        await live.broadcast_seats()
        return seat

    async def start(self, table_id: str, host_token: str | None) -> LiveTable:
        """Start the game (host only, every seat taken)."""
        live = await self.get(table_id)
        if not live.is_host(host_token):
            raise web_error("host/only")
        await self.store.start(table_id)
        await live.start()
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
        self.bus.close()
