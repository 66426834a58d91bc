"""A player's question to the coach at a live table: one at a time, answered off the loop.

The player is told at once that the coach is thinking; the answer follows when the pool
has it (:func:`savanna.web.coach.coach_answer`, from that seat's view only), and the
connection goes on meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from savanna.table import PLAYING
from savanna.web.errors import web_error
from savanna.web.words import typeset

if TYPE_CHECKING:
    from savanna.web.live import Client, LiveTable

__all__ = ["CoachDesk"]

log = logging.getLogger("savanna.web")


class CoachDesk:
    """The coach's questions at one table: who is waiting for an answer."""

    def __init__(self, live: LiveTable) -> None:
        self.live = live
        self._coaching: set[Client] = set()
        self._coach_tasks: set[asyncio.Task[None]] = set()

    async def ask(self, client: Client, what: Any) -> None:
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
        if not self.live.coach:
            raise web_error("coach/off")
        seat = client.seat
        if seat is None:
            raise web_error("coach/spectator")
        if self.live.status != PLAYING or self.live.table.finished:
            raise web_error("table/not_playing")
        if client in self._coaching:
            raise web_error("coach/busy")
        self._coaching.add(client)
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
                lines = await self.live.hub.bots.run(*work)
                reply: dict[str, Any] = {"type": "coach", "what": what, "state": "done", "version": version, "lines": lines}
            except Exception:
                log.exception("the coach failed at table %s, seat %d", self.live.id, seat)
                reply = {"type": "coach", "what": what, "state": "failed", "version": version,
                         "message": typeset(web_error("coach/failed").text(client.lang), client.lang)}
            finally:
                self._coaching.discard(client)
            await client.send(reply)

        task = asyncio.create_task(answer())
        self._coach_tasks.add(task)
        task.add_done_callback(self._coach_tasks.discard)

