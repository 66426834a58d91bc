"""Chance and bots at a live table: played as soon as they are due, at a pace people follow.

The driver of a table plays, one at a time, the chance outcomes due (drawn by the table
from its secret seed) and the bots' moves (each thought in the bot pool from the seat's
observation, with a generator drawn from the seed), until a person must act. Only one
server process drives a table (:meth:`~savanna.web.bus.Bus.drive`); a commit another process
made first is caught up with, and the driver goes on. When a seat's own bot fails, the
seeded fallback bot plays that move, and the table's events (so the record) say so.

With a time control (:mod:`savanna.table.clocks`) the driver also watches the deadline of
the person due to act: it wakes when it passes and does what the host chose
(:meth:`~savanna.web.deadlines.Deadlines.time_out`), through a version-checked commit, so a
deadline acts once whichever process drives the table, after a restart too.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

from savanna.core import CHANCE
from savanna.table import PLAYING, decide
from savanna.web.errors import WebError

if TYPE_CHECKING:
    from savanna.web.live import LiveTable

__all__ = ["FALLBACK_BOT", "Driver"]

log = logging.getLogger("savanna.web")

FALLBACK_BOT = "heuristic"
"""The bot that plays a move when a seat's own bot fails (the record says so)."""


class Driver:
    """Plays chance and bots at ``live`` until a person must act."""

    def __init__(self, live: LiveTable) -> None:
        self.live = live
        self._task: asyncio.Task[None] | None = None
        self._timer: asyncio.Task[None] | None = None
        self._kicked = False

    def kick(self) -> None:
        """Make sure chance and bots play until a person must act.

        A kick while the driver is finishing (it just found nothing to play, or another
        process driving) makes it look again: the game may have changed meanwhile (another
        process started it), and nobody else would look before the watchdog."""
        self._kicked = True
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._drive(), name=f"table-{self.live.id}")

    def waiting(self) -> bool:
        """Whether chance or a bot is due to play and nobody in this process drives it."""
        table = self.live.table
        if table.status != PLAYING or table.finished:
            return False
        if self._task is not None and not self._task.done():
            return False
        if table.to_act() == CHANCE or table.bot_turn() is not None:
            return True
        clocks = self.live.deadlines.clocks()
        return clocks is not None and clocks.out

    def stop(self) -> None:
        """Cancel the driving (server shutdown, or the table left memory)."""
        if self._task is not None:
            self._task.cancel()
        if self._timer is not None:
            self._timer.cancel()

    def _arm(self) -> None:
        """Wake at the deadline of the person due to act (a time control), if any."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        clocks = self.live.deadlines.clocks()
        if clocks is None or clocks.deadline is None:
            return
        wait = clocks.deadline - self.live.hub.wall()
        wait = wait + 0.05 if wait > 0 else 1.0  # passed, yet not acted on: look again soon

        async def wake() -> None:
            await asyncio.sleep(wait)
            self.kick()

        self._timer = asyncio.create_task(wake(), name=f"deadline-{self.live.id}")

    async def _drive(self) -> None:
        backoff = 0.5
        try:
            while True:
                self._kicked = False
                try:
                    driving = await self.live.hub.bus.drive(self.live.id)
                    if not driving or not await self._step():
                        # Another process drives this table, or a person must act: done,
                        # unless kicked meanwhile (the driver wakes at the person's deadline).
                        if driving:
                            self._arm()
                        if self.live.status != PLAYING:
                            with contextlib.suppress(Exception):
                                await self.live.hub.bus.release(self.live.id)
                        if self._kicked:
                            continue
                        return
                    backoff = 0.5
                except asyncio.CancelledError:
                    raise
                except WebError as exc:
                    if exc.code == "version/stale":
                        continue  # another process moved first; this one caught up
                    log.warning("table %s: %s; retrying in %.1f s", self.live.id, exc.text("en"), backoff)
                    await asyncio.sleep(backoff)
                    backoff = min(backoff * 2, 4.0)
                except Exception:
                    log.exception("table %s: retrying in %.1f s", self.live.id, backoff)
                    await asyncio.sleep(backoff)
                    backoff = min(backoff * 2, 10.0)
        finally:
            if self.live.status != PLAYING:
                with contextlib.suppress(Exception):
                    await self.live.hub.bus.release(self.live.id)

    async def _step(self) -> bool:
        """Play one chance run or one bot move; ``False`` when a person must act (or the end)."""
        loop = asyncio.get_running_loop()
        table = self.live.table
        async with self.live.lock:
            if self.live.status != PLAYING or table.finished:
                return False
            if table.to_act() == CHANCE:
                await self.live.commit(table.propose_chance())  # the deal, or chance left by a restart
                return True
            turn = table.bot_turn()
            if turn is None:
                clocks = self.live.deadlines.clocks()
                if clocks is not None and clocks.out and clocks.acting is not None:
                    return await self.live.deadlines.time_out(clocks.acting)
                return False
        started = loop.time()
        game = table.game
        action = await self.live.hub.bots.decide(
            game, turn.spec, turn.seat, turn.observation, turn.legal, turn.seed, turn.index
        )
        decided_by = None
        if action is None:  # the seat's bot failed: the seeded fallback plays, and the record says so
            decided_by = FALLBACK_BOT
            action = decide(game, FALLBACK_BOT, turn.seat, turn.observation, turn.legal, turn.seed, turn.index)
        rest = self.live.pace - (loop.time() - started)
        if rest > 0:
            await asyncio.sleep(rest)
        async with self.live.lock:
            commit = table.propose_bot(turn, action, decided_by=decided_by)
            if commit is None:
                return True  # the game moved on, or the seat changed hands meanwhile
            if decided_by is not None:
                seat = table.seats[turn.seat]
                await self.live.hub.store.replace(self.live.id, turn.seat, seat.replaced_by, turn.index, "fallback", decided_by)
                self.live.events.append({"kind": "fallback", "seat": turn.seat, "at": turn.index, "detail": decided_by})
            await self.live.commit(commit)
        return True

