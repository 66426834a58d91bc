"""A player's question to the coach at a live table: one at a time, answered off the loop.

The player is told at once that the coach is thinking; the answer follows when the coach's
pool has it (:func:`savanna.web.coach.coach_answer`, from that seat's view only), and the
connection goes on meanwhile. The coach has its own bounded pool, never the bots' (issue
22.1: one client asking for hints stalled a bot at another table for 40 s): each seat asks
one question at a time, each client address ``Limits.coach_per_client`` at once, and the
process thinks about ``Limits.coach_questions`` at most (:class:`CoachGate`).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from savanna.table import PLAYING
from savanna.web.errors import refused, web_error
from savanna.web.words import typeset

if TYPE_CHECKING:
    from savanna.web.live import Client, LiveTable

__all__ = ["CoachDesk", "CoachGate"]

log = logging.getLogger("savanna.web")


class CoachGate:
    """The coach's quotas in one process: questions thought about at once, in all and per
    client address.

    Args:
        total: questions at once in the process.
        per_client: questions at once per client address.
    """

    def __init__(self, total: int, per_client: int) -> None:
        self.total = total
        self.per_client = per_client
        self.thinking = 0
        self.by_client: dict[str, int] = {}

    def take(self, address: str) -> None:
        """Count one more question from ``address``.

        Raises:
            WebError: ``coach/full`` when the process, or this address, is at its quota.
        """
        if self.thinking >= self.total or self.by_client.get(address, 0) >= self.per_client:
            raise web_error("coach/full")
        self.thinking += 1
        self.by_client[address] = self.by_client.get(address, 0) + 1

    def give(self, address: str) -> None:
        """One question from ``address`` is answered (or failed)."""
        self.thinking = max(0, self.thinking - 1)
        left = self.by_client.get(address, 0) - 1
        if left > 0:
            self.by_client[address] = left
        else:
            self.by_client.pop(address, None)


class CoachDesk:
    """The coach's questions at one table: which seats wait for an answer."""

    def __init__(self, live: LiveTable) -> None:
        self.live = live
        self._coaching: set[int] = set()
        self._coach_tasks: set[asyncio.Task[None]] = set()

    async def ask(self, client: Client, what: Any) -> None:
        """Start the coach's answer to ``what`` for ``client``'s seat (see :mod:`savanna.web.coach`).

        The client is told at once that the coach is thinking; the answer follows when the
        pool has it (the connection goes on meanwhile).

        Raises:
            WebError: ``coach/off`` at a table without the coach, ``coach/spectator`` for a
                client without a seat, ``table/not_playing``, ``coach/busy`` while the
                seat's last question is being answered, ``coach/full`` when the process
                or the client's address is at its quota, a question that is not ``odds``
                or ``hint``.
        """
        from savanna.web import coach

        if what not in coach.QUESTIONS:
            raise refused("request/invalid", "coach_question")
        if not self.live.coach:
            raise web_error("coach/off")
        seat = client.seat
        if seat is None:
            raise web_error("coach/spectator")
        if self.live.status != PLAYING or self.live.table.finished:
            raise web_error("table/not_playing")
        if seat in self._coaching:
            raise web_error("coach/busy")
        address = str(getattr(client, "address", "") or "")
        gate = self.live.hub.coach_gate
        gate.take(address)
        self._coaching.add(seat)
        history = list(self.live.state.history)
        version = len(history)
        await client.send(
            {"type": "coach", "what": what, "state": "thinking", "seconds": coach.COACH_SECONDS, "version": version}
        )
        game = self.live.table.game
        work = (
            coach.coach_answer, game.name, game.num_players, tuple(sorted(game.options.items())), history, seat,
            what, self.live.table.seeds.seed, client.lang, coach.COACH_SECONDS if coach.COACH_SAMPLES is None else None,
            coach.COACH_SAMPLES,
        )

        async def answer() -> None:
            try:
                lines = await self.live.hub.coach_pool.run(*work)
                reply: dict[str, Any] = {"type": "coach", "what": what, "state": "done", "version": version, "lines": lines}
            except Exception:
                log.exception("the coach failed at table %s, seat %d", self.live.id, seat)
                reply = {"type": "coach", "what": what, "state": "failed", "version": version,
                         "message": typeset(web_error("coach/failed").text(client.lang), client.lang)}
            finally:
                self._coaching.discard(seat)
                gate.give(address)
            await client.send(reply)

        task = asyncio.create_task(answer())
        self._coach_tasks.add(task)
        task.add_done_callback(self._coach_tasks.discard)

