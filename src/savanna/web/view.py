"""What each client of a table is shown: the one per-seat view, the log, the seats.

Everything here is read from the :class:`~savanna.table.Table` through what a seat may
know: drawings and texts from ``state.observation(seat)``, the log through the table's log
(:meth:`~savanna.table.Log.lines`: an action a reader may not read keeps only who made it,
until the end reveals all), seats from :meth:`~savanna.table.Table.seat_facts`. Websocket,
REST and page all send the same view; it is worked out once per seat, language and version.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from savanna.core import CHANCE
from savanna.table import OPEN, SeatFacts
from savanna.table.clocks import forfeit_ranking
from savanna.web.words import game_title, rules_help, score_sheet, typeset

if TYPE_CHECKING:
    from savanna.web.live import LiveTable

__all__ = ["ViewCache", "log_for", "names", "seat_json", "seats_info", "summary", "view", "welcome"]


@dataclass
class ViewCache:
    """The views of one version of a table, by seat and language."""

    version: int = -1
    views: dict[tuple[int | None, str], dict[str, Any]] = field(default_factory=dict)

    def clear(self) -> None:
        """Forget every view (seats or settings changed)."""
        self.version = -1


def names(live: LiveTable) -> list[str]:
    """Each seat's display name."""
    return [f"Bot {i + 1} ({s.bot})" if s.kind == "bot" else s.name for i, s in enumerate(live.table.seats)]


def seat_json(facts: SeatFacts, turn_clock: bool) -> dict[str, Any]:
    """Public facts of a seat: who sits there, a bot or not, connected, away since, time
    taken on the current decision (with a turn clock), whether it may be handed to a bot."""
    return {
        "seat": facts.seat,
        "kind": facts.kind,
        "name": facts.name,
        "bot": facts.bot,
        "replaced_by": facts.replaced_by,
        "connected": facts.here,
        "away": None if facts.away is None else int(facts.away),
        "turn": int(facts.turn) if facts.turn is not None and turn_clock else None,
        "replaceable": facts.replaceable,
    }


def seats_info(live: LiveTable) -> list[dict[str, Any]]:
    """Every seat's public facts."""
    clock = bool(live.table.turn_seconds)
    return [seat_json(f, clock) for f in live.table.seat_facts()]


def summary(live: LiveTable) -> dict[str, Any]:
    """The table for the lobby list."""
    game = live.table.game
    return {
        "id": live.id,
        "title": live.title,
        "game": game.name,
        "players": game.num_players,
        "options": dict(game.options),
        "status": live.status,
        "lang": live.lang,
        "seats": seats_info(live),
        "version": live.version,
        "spectators": live.spectators,
        "turn_seconds": int(live.table.turn_seconds),
        "coach": live.coach,
        "clock": live.deadlines.info(),
    }


def welcome(live: LiveTable, seat: int | None, lang: str, host: bool) -> dict[str, Any]:
    """What a client learns once on connecting: the table, its game and its help texts."""
    game = live.table.game
    return {
        "type": "welcome",
        "table": summary(live),
        "title": game_title(game, lang),
        "you": seat,
        "host": host,
        "lang": lang,
        "grace": int(live.table.grace),
        "help": rules_help(game, lang),
    }


def view(live: LiveTable, seat: int | None, lang: str) -> dict[str, Any]:
    """The whole game as ``seat`` may see it (``None``: a spectator), without the log.

    This is the one per-seat view: websocket, REST and page all send it, and everything in
    it is drawn from ``state.observation(seat)`` or from the public rules.
    """
    cache = live.views
    if cache.version != live.version:
        cache.version, cache.views = live.version, {}
    key = (seat, lang)
    if key in cache.views:
        return cache.views[key]
    table = live.table
    out: dict[str, Any] = {
        "type": "view",
        "version": live.version,
        "status": live.status,
        "you": seat,
        "to_act": None,
        "board_svg": None,
        "board_text": None,
        "private": [],
        "legal": [],
        "result": None,
    }
    if live.status != OPEN:
        game, state = table.game, table.state
        obs = state.observation(seat)
        player = state.current_player()
        out["to_act"] = player if player >= 0 else "chance" if player == CHANCE else "over"
        out["board_svg"] = game.render_svg(obs, lang)
        out["board_text"] = game.render_text(obs, lang)
        if seat is not None:
            out["private"] = [typeset(line, lang) for line in game.private_summary(obs, lang)]
        if seat is not None and player == seat and table.controller(seat) is None:
            # in the order every interface lists them (the terminal's too): the game's
            # likeliest first, the River Race's roll last
            legal = state.menu_order(state.legal_actions())
            out["legal"] = [
                {
                    "id": a,
                    "text": state.action_to_text(a),
                    "words": typeset(state.describe_action(a, lang), lang),
                    "targets": list(state.action_targets(a)),
                    # Click a piece, then where it stops: this action and the seat's next ones.
                    "paths": [{"via": via, "end": end, "then": list(then)} for via, end, then in game.action_paths(state, a)],
                    "walk": list(game.action_walk(state, a)),
                }
                for a in legal
            ]
            out["forced"] = len(legal) == 1 and game.plays_itself(state, legal[0])
        if state.is_terminal():
            sheet = score_sheet(game, obs, state, lang) or {}
            lost = live.forfeited
            if lost and "ranking" in sheet:  # lost by time: last, whatever the board says
                sheet["ranking"] = forfeit_ranking(sheet["ranking"], lost)
                for one in sheet.get("sheets", []):
                    one["place"] = sheet["ranking"][one["seat"]]
            out["result"] = {
                **sheet,
                "lost_time": lost,
                "names": names(live),
                "events": [{k: v for k, v in e.items() if k != "time"} for e in live.events],
                "record": f"/api/tables/{live.id}/record",
                "replay": f"/t/{live.id}/replay",
            }
    cache.views[key] = out
    return out


def log_for(live: LiveTable, seat: int | None, lang: str, start: int = 0) -> list[dict[str, Any]]:
    """The log from entry ``start`` as ``seat`` may read it."""
    shown = names(live)
    return [
        {
            "i": line.index,
            "actor": line.actor,
            "who": "chance" if line.actor == CHANCE else shown[line.actor] if 0 <= line.actor < len(shown) else "?",
            "text": line.text,
            # the piece a move took and the spaces it passed (the page walks them)
            **({"walk": list(line.walk)} if line.walk else {}),
        }
        for line in live.table.log.lines(seat, lang, start)
    ]
