"""A live table's clocks: every seat's time left, the deadline due, and what happens when it passes.

The time control (:mod:`savanna.table.clocks`) counts from the stored start and the stored
time of each action, so every server process, and the same process after a restart, reads
the same clocks. When the deadline of the person due to act passes, :meth:`Deadlines.time_out`
does what the host chose (a bot plays that move, a bot takes the seat, or the seat loses by
time) through the table's own version-checked path, so it acts once.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from savanna.table import PLAYING, decide
from savanna.table.bots import BotTurn
from savanna.table.clocks import BOT_MOVE, LOSE, REPLACE, Clocks, clocks
from savanna.web.rows import epoch
from savanna.web.store import StaleVersion

if TYPE_CHECKING:
    from savanna.web.live import LiveTable

__all__ = ["TIMEOUTS", "Deadlines", "decide_now"]

log = logging.getLogger("savanna.web")

TIMEOUTS = ("bot_time", "replace_time", "lost_time")
"""The events of a deadline passing: a bot played that move, replaced the seat, or the seat
lost by time (:mod:`savanna.table.clocks`)."""


def decide_now(turn: BotTurn) -> int:
    """The move a bot plays for a person out of time (seeded: replay checks it)."""
    return decide(turn.game, turn.spec, turn.seat, turn.observation, turn.legal, turn.seed, turn.index)


class Deadlines:
    """The clocks of ``live`` (its time control, start and action times) and its timeouts."""

    def __init__(self, live: LiveTable) -> None:
        self.live = live

    def clocks(self, now: float | None = None) -> Clocks | None:
        """Every seat's time left now and the deadline of the person due to act (``None``
        without a time control, or before the start), from the stored action times."""
        live = self.live
        control = live.time_control
        if control is None or live.started_at is None:
            return None
        table = live.table
        acting = None
        if live.status == PLAYING and not table.finished:
            player = table.to_act()
            if player >= 0 and table.controller(player) is None and table.seats[player].is_human:
                acting = player
        due = None
        if acting is not None:  # a seat taken back from a bot: its decision is due from then
            due = max((e["time"] for e in live.events if e["seat"] == acting and e["kind"] == "reclaimed"), default=None)
        moment = live.hub.wall() if now is None else now
        return clocks(control, len(table.seats), live.started_at, live.stamps, acting, moment, due)

    def info(self) -> dict[str, Any] | None:
        """What everyone sees of the clocks (no seat's secret): the pace, each seat's time
        left, the seat acting and its deadline, and the timeouts so far."""
        live = self.live
        control = live.time_control
        if control is None:
            return None
        now = live.hub.wall()
        state = self.clocks(now)
        return {
            **control.to_json(),
            "now": now,
            "left": list(state.left) if state else None,
            "acting": state.acting if state else None,
            "deadline": state.deadline if state else None,
            "timeouts": [{"kind": e["kind"], "seat": e["seat"], "at": e["at"], "detail": e["detail"]}
                         for e in live.events if e["kind"] in TIMEOUTS],
        }

    async def time_out(self, seat: int) -> bool:
        """``seat``'s time ran out (its deadline passed): do what the host chose, once, through
        the table's own path (a version-checked commit); logged for everyone. Call under the
        lock. Returns whether anything was played or stored (``False``: the decision is no
        longer due, or a bot move is being thought)."""
        live = self.live
        control = live.time_control
        if control is None:
            return False
        bot = live.hub.limits.replacement_bot
        seen = live.version
        if control.on_time == BOT_MOVE:
            turn = live.table.timeout_turn(bot)
            if turn is None or turn.seat != seat:
                return False
            action = decide_now(turn)
            commit = live.table.propose_timeout(turn, action)
            if commit is None:
                return False
            log.info("table %s: seat %d out of time at action %d; bot %s played that move", live.id, seat + 1, seen, bot)
            await live.commit(commit, [(seen, "bot_time", seat, bot)])
            return True
        kind = "lost_time" if control.on_time == LOSE else "replace_time"
        assert control.on_time in (LOSE, REPLACE)
        try:
            stamp = epoch(await live.hub.store.time_out(live.id, seen, seat, bot, kind))
        except StaleVersion:
            await live.catch_up()
            return True
        log.info("table %s: seat %d out of time at action %d (%s)", live.id, seat + 1, seen, kind)
        live.events.append({"kind": kind, "seat": seat, "at": seen, "detail": bot, "time": stamp})
        live.table.replaced(seat, bot)
        live.views.clear()
        await live.broadcast()
        return True

