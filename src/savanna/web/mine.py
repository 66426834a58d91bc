"""*My tables*: every table a browser holds a seat at on this server, the ones waiting for it first.

The browser keeps its seat tokens (never in a link) and sends them in the body of one
request; a table is listed only when its token proves the seat now (a token given back, or
one nobody was given, lists nothing, and is not told apart from a table that does not
exist). Each entry says what the seat may know: whose turn it is, the time left, the last
line of the log as that seat may read it — no other seat's secret.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from savanna.core import SavannaError
from savanna.table import PLAYING
from savanna.web import view as views
from savanna.web.words import game_title

if TYPE_CHECKING:
    from savanna.web.hub import Hub

__all__ = ["MAX_SEATS", "my_tables"]

MAX_SEATS = 100
"""Seat tokens one request may send (a browser's tables on this server)."""


async def my_tables(hub: Hub, seats: list[tuple[str, str]], lang: str) -> list[dict[str, Any]]:
    """The tables ``seats`` (``(table id, token)``) prove a seat at, waiting for the seat first,
    then by deadline, then the others (playing, open, over)."""
    out = []
    for table_id, token in dict(seats).items():
        try:
            live = await hub.get(table_id)
        except SavannaError:
            continue  # unknown (or gone): not told apart from a token that proves nothing
        seat = live.seat_of(token)
        if seat is None:
            continue
        out.append(entry(live, seat, lang))
    rank = {"playing": 0, "open": 1}
    out.sort(key=lambda e: (not e["your_turn"], e["deadline"] is None, e["deadline"] or 0.0,
                            rank.get(e["status"], 2), e["title"]))
    return out


def entry(live: Any, seat: int, lang: str) -> dict[str, Any]:
    """One table as ``seat`` sees it in the list."""
    table = live.table
    names = views.names(live)
    acting = None
    if live.status == PLAYING and not table.finished:
        player = table.to_act()
        acting = player if player >= 0 else None
    clock = live.deadlines.info()
    last = views.log_for(live, seat, lang, max(0, len(table.log) - 1))
    mine = clock["left"][seat] if clock and clock.get("left") else None
    return {
        "id": live.id,
        "title": live.title,
        "game": game_title(table.game, lang),
        "status": live.status,
        "seat": seat,
        "you": names[seat],
        "to_act": acting,
        "to_act_name": names[acting] if acting is not None else None,
        "your_turn": acting == seat and table.controller(seat) is None,
        "version": live.version,
        "last": {"who": last[-1]["who"], "text": last[-1]["text"]} if last else None,
        "left": mine,
        "deadline": clock["deadline"] if clock and clock.get("acting") == seat else None,
        "now": clock["now"] if clock else None,
        "pace": clock["pace"] if clock else None,
        "url": f"/t/{live.id}",
    }
