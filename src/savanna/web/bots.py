"""Bots at web tables: their thinking runs in a process pool, off the event loop.

A bot decision is a pure function of the game, the seat, the bot spec, the seat's
observation, the legal actions and a generator derived from the table's secret seed and
the action's index, so a decision interrupted by a restart is taken again identically.
The pool's processes keep configured games in a small cache; a search never blocks other
tables. If the pool breaks (a worker killed), it is rebuilt and the game's heuristic plays
that one move in the server process, so the table goes on.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import lru_cache
from typing import Any, TypeVar

from savanna.core import Game, Observation, load_game
from savanna.table import decide as table_decide

__all__ = ["BotPool", "decide"]

log = logging.getLogger("savanna.web")

T = TypeVar("T")


@lru_cache(maxsize=64)
def _game(name: str, players: int, options: tuple[tuple[str, Any], ...]) -> Game:
    return load_game(name, players=players, options=dict(options))


def decide(
    name: str,
    players: int,
    options: tuple[tuple[str, Any], ...],
    spec: str,
    seat: int,
    observation: Observation,
    legal: Sequence[int],
    seed: int,
    index: int,
) -> int:
    """The action the bot ``spec`` at ``seat`` chooses (runs in a pool process): the
    table's one formula, :func:`savanna.table.decide`."""
    return table_decide(_game(name, players, options), spec, seat, observation, legal, seed, index)


class BotPool:
    """A process pool for bot decisions.

    Args:
        workers: processes; ``0`` runs decisions in a thread of the server process (tests).
    """

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._executor: Executor | None = None

    def _pool(self) -> Executor:
        if self._executor is None:
            if self.workers > 0:
                self._executor = ProcessPoolExecutor(
                    max_workers=self.workers, mp_context=multiprocessing.get_context("spawn")
                )
            else:
                from concurrent.futures import ThreadPoolExecutor

                self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="savanna-bot")
        return self._executor

    async def decide(
        self, game: Game, spec: str, seat: int, observation: Observation, legal: Sequence[int], seed: int, index: int
    ) -> int | None:
        """The bot's action, computed off the event loop: one of ``legal``, or ``None`` when
        the bot failed (the table then plays its seeded fallback and says so)."""
        loop = asyncio.get_running_loop()
        options = tuple(sorted(game.options.items()))
        try:
            action = await loop.run_in_executor(
                self._pool(), decide, game.name, game.num_players, options, spec, seat, observation, list(legal), seed, index
            )
        except BrokenProcessPool:
            log.warning("bot pool broke; rebuilding it and deciding this move in the server")
            self._executor = None
            try:  # the same seeded decision, so the record still holds
                action = await asyncio.to_thread(
                    table_decide, game, spec, seat, observation, list(legal), seed, index
                )
            except Exception:
                log.exception("bot %s failed at seat %d; the fallback bot plays this move", spec, seat)
                return None
        except Exception:
            log.exception("bot %s failed at seat %d; the fallback bot plays this move", spec, seat)
            return None
        return action if action in legal else None

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` in the pool, off the event loop (the coach's answers).

        Raises:
            Exception: whatever ``work`` raised; a broken pool is rebuilt for the next call.
        """
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool(), work, *args)
        except BrokenProcessPool:
            self._executor = None
            raise

    def close(self) -> None:
        """Stop the workers."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
