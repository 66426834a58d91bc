"""The ASGI application: pages, the REST API and the websocket of each table.

=======================================  ===================================================
route                                    what
=======================================  ===================================================
``GET /``                                the lobby page
``GET /t/{id}``, ``/t/{id}/replay``      a table's page and a finished game's replay page
``GET /healthz``                         ``{"status": "ok", ...}`` when the database answers
``GET /api/i18n``                        the pages' words in English and French
``GET /api/schema``                      the JSON Schema of every message a client sends (:mod:`savanna.web.wire`)
``GET /api/games``                       the registered games, their options, the bot kinds
``GET /api/tables``                      open, playing and recently finished tables
``POST /api/tables``                     create a table → its id and the host token (``"coach": true``: players may ask the coach)
``GET /api/tables/{id}``                 the table's public facts
``POST /api/tables/{id}/join``           take a seat → the seat and its token
``POST /api/tables/{id}/leave``          give the seat back before the start (token)
``POST /api/tables/{id}/start``          deal and play (host token)
``GET /api/tables/{id}/view``            the view of the token's seat (spectator without)
``POST /api/tables/{id}/act``            play ``{"action", "version"}`` (token)
``POST /api/tables/{id}/replace``        hand a departed or too slow player's seat to a bot (token)
``POST /api/tables/{id}/reclaim``        take my seat back from the bot playing it (token)
``POST /api/tables/{id}/settings``       ``{"spectators": bool}`` (host token)
``GET /api/tables/{id}/record``          the finished game's record (same JSON as the CLI)
``GET /api/tables/{id}/replay?step=N``   the finished game after N actions, and its log
``POST /api/tables/{id}/notices``        ``{"webhook": url | null}`` or ``{"email": address | null}``: a seat's notice (token)
``GET /api/notices``                     ``{"webhook": true, "email": bool}``: the ways this server can tell a seat
``GET /notices/off?token=T``             turn a seat's notices off (the link every notice carries)
``WS /ws/tables/{id}``                   live play (see :mod:`savanna.web.protocol`)
=======================================  ===================================================

Tokens travel in an ``Authorization: Bearer`` header (REST) or in the websocket's first
message, never in a URL. Every error answers ``{"error": {"code", "message", ...}}`` in
the caller's language (``?lang=fr`` or ``Accept-Language``). Every write (``POST``) counts
against its client address's rate (``client/too_fast``), and a table's creation against
the cap on its waiting tables (``client/too_many_tables``).
"""

from __future__ import annotations

import contextlib
import logging
import random
import secrets
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from savanna.bots import bot_kinds
from savanna.core import (
    CORE_MESSAGES,
    BoolOption,
    ChoiceOption,
    IntOption,
    MessageCatalogue,
    Option,
    SavannaError,
    registered_games,
)
from savanna.core.errors import LANGUAGES
from savanna.web.bots import BotPool
from savanna.web.bus import make_bus
from savanna.web.db import database_url, migrate
from savanna.web.errors import error_payload, refused, status_of, web_error
from savanna.web.hub import Hub
from savanna.web.limits import Limits
from savanna.web.live import LiveTable
from savanna.web.messages import MESSAGES, as_json
from savanna.web.mine import my_tables
from savanna.web.notices import CHANNELS, EMAIL, WEBHOOK, NoticeSettings, notice_refusal
from savanna.web.protocol import client_address, serve_websocket
from savanna.web.store import Store
from savanna.web.view import log_for, seats_info, summary
from savanna.web.view import view as seat_view
from savanna.web.wire import (
    ActBody,
    CreateTable,
    JoinBody,
    M,
    MyTablesBody,
    NoticeBody,
    ReplaceBody,
    SettingsBody,
    clean_text,
    parse_body,
    schema,
)
from savanna.web.words import game_title, typeset

__all__ = ["Settings", "create_app"]

log = logging.getLogger("savanna.web")
STATIC = Path(__file__).parent / "static"


@dataclass(frozen=True)
class Settings:
    """How to run one server.

    Attributes:
        database: the database URL (``None``: the default SQLite file).
        limits: caps, rates and delays.
        notices: where "your turn" notices may go, and how they are retried.
        table_seeds: ``None`` (each new table's secret seed is drawn from the system's
            secure source), or a number every new table's seed is drawn from in turn, so a
            run of the server deals the same games again (tests and demonstrations only:
            whoever knows the number can predict every die).
    """

    database: str | None = None
    limits: Limits = field(default_factory=Limits)
    notices: NoticeSettings = field(default_factory=NoticeSettings)
    table_seeds: int | None = None


def language(request: Request) -> str:
    """``fr`` when the query (``?lang=``) or the browser asks for French, else ``en``."""
    asked = request.query_params.get("lang") or request.headers.get("accept-language", "")
    return "fr" if asked.strip().lower().startswith("fr") else "en"


def _bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


async def _read(request: Request, limit: int) -> bytes:
    """The body, refused as soon as it is known to be longer than ``limit`` (its declared
    length, or the bytes streamed in so far): at most ``limit`` bytes are ever held.

    Raises:
        WebError: ``message/too_large``; ``request/incomplete`` when the client hung up
            before the body was whole.
    """
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise web_error("message/too_large", size=int(declared), limit=limit)
    chunks: list[bytes] = []
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise web_error("message/too_large", size=f"{size}+", limit=limit)
            chunks.append(chunk)
    except ClientDisconnect:
        log.info("%s: the body of %s %s stopped after %d bytes (the client hung up or was too slow)",
                 client_address(request), request.method, request.url.path[:80], size)
        raise web_error("request/incomplete") from None
    return b"".join(chunks)


async def _body(request: Request, model: type[M], limits: Limits) -> M:
    """The request's JSON body as ``model`` (see :mod:`savanna.web.wire`)."""
    return parse_body(await _read(request, limits.max_message_bytes), model, limits.max_message_bytes)


def _name(value: str, limits: Limits) -> str:
    name = clean_text(value, "name", limits.max_name_chars)
    if not name:
        raise refused("request/invalid", "name_needed")
    return name


@dataclass
class _RestClient:
    """A REST caller, seen by a table as a client that is never sent anything."""

    seat: int | None
    lang: str
    log_sent: int = 0
    host: bool = False

    async def send(self, message: dict[str, Any]) -> None:
        return None

    async def close(self, code: int = 1000) -> None:
        return None


def create_app(settings: Settings | None = None) -> Starlette:
    """The Savanna server application (migrations run when it starts)."""
    settings = settings or Settings()
    limits = settings.limits
    url = database_url(settings.database)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        revision = migrate(url)
        origin = secrets.token_hex(6)
        store = Store(url, origin)
        bots = BotPool(limits.bot_workers)
        hub = Hub(store, limits, bots, make_bus(url, origin), settings.notices)
        if settings.table_seeds is not None:
            seeds = random.Random(settings.table_seeds)
            hub.new_seed = lambda: seeds.getrandbits(63)
        app.state.hub = hub
        hub.begin()
        resumed = await hub.resume()
        log.info("database %s at revision %s; %d game(s) resumed", url.render_as_string(), revision, resumed)
        try:
            yield
        finally:
            hub.close()
            bots.close()
            await store.close()

    def hub_of(request: Request) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    def errors(handler: Any) -> Any:
        async def wrapped(request: Request) -> Response:
            try:
                if request.method == "POST" and not hub_of(request).gate.request(client_address(request)):
                    raise web_error("client/too_fast")
                return await handler(request)  # type: ignore[no-any-return]
            except SavannaError as exc:
                # A body refused for its size is not read further: the connection closes.
                close = {"connection": "close"} if getattr(exc, "code", "") == "message/too_large" else None
                return JSONResponse({"error": error_payload(exc, language(request))}, status_code=status_of(exc),
                                    headers=close)

        return wrapped

    async def page(request: Request) -> Response:
        name = request.scope["route"].name
        return FileResponse(STATIC / f"{name}.html", headers={"cache-control": "no-cache"})

    async def healthz(request: Request) -> Response:
        hub = hub_of(request)
        try:
            await hub.store.ping()
            counts = await hub.store.count_tables()
        except Exception as exc:
            return JSONResponse({"status": "error", "database": hub.store.backend, "why": type(exc).__name__}, 503)
        return JSONResponse(
            {"status": "ok", "database": hub.store.backend, "tables": counts, "live": len(hub.tables)}
        )

    async def i18n(request: Request) -> Response:
        return JSONResponse(as_json())

    async def api_schema(request: Request) -> Response:
        return JSONResponse(schema())

    async def games(request: Request) -> Response:
        out = []
        for name, cls in registered_games().items():
            spec = cls.spec
            out.append(
                {
                    "name": name,
                    "title": {lang: spec.title_in(lang) for lang in LANGUAGES},
                    "min_players": spec.min_players,
                    "max_players": spec.max_players,
                    "default_players": spec.default_players,
                    "summary": {lang: spec.summary_in(lang) for lang in LANGUAGES},
                    "options": [_option_json(opt, cls.catalogue) for opt in spec.options],
                }
            )
        return JSONResponse({"games": out, "bots": sorted(bot_kinds()), "turn_seconds": list(limits.turn_seconds_choices),
                             "time_controls": _time_bounds(limits)})

    @errors
    async def list_tables(request: Request) -> Response:
        hub = hub_of(request)
        rows = await hub.store.list_tables(("open", "playing", "finished"), limit=60)
        out = []
        for table, seats in rows:
            out.append(
                {
                    "id": table.id,
                    "title": table.title,
                    "game": table.game,
                    "players": table.players,
                    "options": table.options,
                    "status": table.status,
                    "lang": table.lang,
                    "spectators": table.spectators,
                    "turn_seconds": table.turn_seconds,
                    "coach": table.coach,
                    "time_control": table.time_control,
                    "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "bot": s.bot} for s in seats],
                }
            )
        return JSONResponse({"tables": out})

    @errors
    async def create_table(request: Request) -> Response:
        hub = hub_of(request)
        body = await _body(request, CreateTable, limits)
        lang = body.lang if body.lang in ("en", "fr") else language(request)
        live, host = await hub.create(
            game=body.game,
            players=body.players,
            options=dict(body.options),
            seats=body.seats,
            title=clean_text(body.title or "", "title", limits.max_title_chars),
            lang=lang,
            grace=body.grace,
            pace=None,
            spectators=body.spectators,
            turn_seconds=body.turn_seconds,
            client=client_address(request),
            coach=body.coach,
            time_control=body.time_control,
        )
        return JSONResponse({"id": live.id, "host_token": host, "url": f"/t/{live.id}"}, status_code=201)

    async def _live(request: Request) -> LiveTable:
        return await hub_of(request).get(request.path_params["table_id"])

    @errors
    async def table_info(request: Request) -> Response:
        live = await _live(request)
        return JSONResponse(summary(live))

    @errors
    async def join(request: Request) -> Response:
        body = await _body(request, JoinBody, limits)
        name = _name(body.name, limits)
        taken, token = await hub_of(request).join(request.path_params["table_id"], body.seat, name)
        return JSONResponse({"seat": taken, "token": token})

    @errors
    async def leave(request: Request) -> Response:
        seat = await hub_of(request).leave(request.path_params["table_id"], _bearer(request))
        return JSONResponse({"seat": seat, "left": True})

    @errors
    async def start(request: Request) -> Response:
        live = await hub_of(request).start(request.path_params["table_id"], _bearer(request))
        return JSONResponse({"status": live.status})

    async def _seated(request: Request, required: bool) -> tuple[LiveTable, _RestClient]:
        live = await _live(request)
        token = _bearer(request)
        if token is None and required:
            raise web_error("token/missing")
        seat = live.seat_of(token) if token else None
        host = live.is_host(token)
        if token is not None and seat is None and not host:
            raise web_error("token/invalid")
        live.seen(seat)  # a program playing over REST is here while it asks (issue 22.7)
        return live, _RestClient(seat, language(request), host=host)

    @errors
    async def view(request: Request) -> Response:
        live, client = await _seated(request, required=False)
        if client.seat is None and not client.host and not live.spectators and live.status != "finished":
            raise web_error("spectators/off")
        out = dict(seat_view(live, client.seat, client.lang))
        out["log"] = log_for(live, client.seat, client.lang)
        out["seats"] = seats_info(live)
        out["clock"] = live.deadlines.info()
        return JSONResponse(out)

    @errors
    async def mine(request: Request) -> Response:
        body = await _body(request, MyTablesBody, limits)
        seats = [(s.table, s.token) for s in body.seats]
        return JSONResponse({"tables": await my_tables(hub_of(request), seats, language(request))})

    @errors
    async def notices(request: Request) -> Response:
        live, client = await _seated(request, required=True)
        if client.seat is None:
            raise notice_refusal("not_seated", 403)
        body = await _body(request, NoticeBody, limits)
        given = [channel for channel in CHANNELS if channel in body.model_fields_set]
        if len(given) != 1:
            raise notice_refusal("one_channel")
        channel = given[0]
        target: str | None = getattr(body, channel)
        base = str(request.base_url).rstrip("/")
        token = await hub_of(request).notices.subscribe(live.id, client.seat, channel, target, base, client.lang)
        off = f"{base}/notices/off?token={token}" if token else None
        return JSONResponse({channel: target.strip() if target else None, "unsubscribe": off})

    async def notice_channels(request: Request) -> Response:
        return JSONResponse({WEBHOOK: True, EMAIL: hub_of(request).notices.settings.mail is not None})

    async def notices_off(request: Request) -> Response:
        lang = language(request)
        done = await hub_of(request).notices.unsubscribe(request.query_params.get("token", "")[:100])
        words = MESSAGES("push.turned_off" if done else "push.nothing_off", lang)
        return PlainTextResponse(typeset(words, lang), status_code=200 if done else 404)

    @errors
    async def act(request: Request) -> Response:
        live, client = await _seated(request, required=True)
        body = await _body(request, ActBody, limits)
        await live.act(client, body.action, body.version)
        return JSONResponse({"version": live.version})

    @errors
    async def replace(request: Request) -> Response:
        live, client = await _seated(request, required=True)
        body = await _body(request, ReplaceBody, limits)
        await live.replace(client, body.seat)
        return JSONResponse({"seats": seats_info(live)})

    @errors
    async def reclaim(request: Request) -> Response:
        live, client = await _seated(request, required=True)
        await live.reclaim(client)
        return JSONResponse({"seats": seats_info(live)})

    @errors
    async def table_settings(request: Request) -> Response:
        live, client = await _seated(request, required=True)
        body = await _body(request, SettingsBody, limits)
        await live.settings(client.host, body.spectators)
        return JSONResponse({"spectators": live.spectators})

    @errors
    async def record(request: Request) -> Response:
        live = await _live(request)
        if live.status != "finished":
            raise web_error("table/not_finished")
        return Response(
            live.record_json(),
            media_type="application/json",
            headers={"content-disposition": f'attachment; filename="{live.table.game.name}-{live.id}.savanna.json"'},
        )

    @errors
    async def replay(request: Request) -> Response:
        live = await _live(request)
        if live.status != "finished":
            raise web_error("table/not_finished")
        lang = language(request)
        history = live.state.history
        raw = request.query_params.get("step", str(len(history)))
        try:
            step = int(raw)
        except ValueError:
            raise refused("request/invalid", "step") from None
        step = max(0, min(step, len(history)))
        game = live.table.game
        state = live.table.position_at(step)
        obs = state.observation(None)
        return JSONResponse(
            {
                "step": step,
                "total": len(history),
                "title": game_title(game, lang),
                "table": summary(live),
                "board_svg": game.render_svg(obs, lang),
                "board_text": game.render_text(obs, lang),
                "next": typeset(state.describe_action(history[step], lang), lang) if step < len(history) else None,
                "log": log_for(live, None, lang),
                "result": seat_view(live, None, lang)["result"],
            }
        )

    routes = [
        Route("/", page, name="lobby"),
        Route("/t/{table_id}", page, name="table"),
        Route("/t/{table_id}/replay", page, name="replay"),
        Route("/me", page, name="mine"),
        Route("/healthz", healthz),
        Route("/api/i18n", i18n),
        Route("/api/schema", api_schema),
        Route("/api/games", games),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", table_info),
        Route("/api/tables/{table_id}/join", join, methods=["POST"]),
        Route("/api/tables/{table_id}/leave", leave, methods=["POST"]),
        Route("/api/tables/{table_id}/start", start, methods=["POST"]),
        Route("/api/tables/{table_id}/view", view),
        Route("/api/tables/{table_id}/act", act, methods=["POST"]),
        Route("/api/mine", mine, methods=["POST"]),
        Route("/api/tables/{table_id}/replace", replace, methods=["POST"]),
        Route("/api/tables/{table_id}/reclaim", reclaim, methods=["POST"]),
        Route("/api/tables/{table_id}/settings", table_settings, methods=["POST"]),
        Route("/api/tables/{table_id}/notices", notices, methods=["POST"]),
        Route("/api/notices", notice_channels, methods=["GET"]),
        Route("/notices/off", notices_off, methods=["GET", "POST"]),
        Route("/api/tables/{table_id}/record", record),
        Route("/api/tables/{table_id}/replay", replay),
        WebSocketRoute("/ws/tables/{table_id}", serve_websocket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    async def http_error(request: Request, exc: Exception) -> Response:
        """An unknown address or method: a named error like every other (JSON)."""
        status = getattr(exc, "status_code", 500)
        if status == 405:
            error = web_error("route/method", method=request.method[:10])
        elif status == 404:
            error = web_error("route/unknown")
        else:
            raise exc
        return JSONResponse({"error": error_payload(error, language(request))}, status_code=status,
                            headers=getattr(exc, "headers", None))

    return Starlette(routes=routes, lifespan=lifespan, exception_handlers={404: http_error, 405: http_error})


def _option_words(catalogue: MessageCatalogue, key: str, fallback: str) -> dict[str, str]:
    """``{"en", "fr"}`` words of ``key`` from the game's catalogue, else the core's, else ``fallback``."""
    for words in (catalogue, CORE_MESSAGES):
        if key in words:
            return {lang: words.text(key, lang) for lang in ("en", "fr")}
    return {"en": fallback, "fr": fallback}


def _time_bounds(limits: Limits) -> dict[str, Any]:
    """The time controls this server lets a table choose (``GET /api/games``)."""
    return {
        "paces": ["realtime", "turn"],
        "on_time": ["bot_move", "replace", "lose"],
        "per_move": [limits.min_move_seconds, limits.max_move_seconds],
        "base": [limits.min_base_seconds, limits.max_base_seconds],
        "increment": [0, limits.max_increment_seconds],
    }


def _option_json(option: Option, catalogue: MessageCatalogue) -> dict[str, Any]:
    """An option for the lobby's form: its name, values and help in both languages (the
    game's catalogue words them: ``option_name.<name>``, ``option_value.<name>.<value>``)."""
    out: dict[str, Any] = {
        "name": option.name,
        "label": _option_words(catalogue, f"option_name.{option.name}", option.name),
        "default": option.default,
        "help": {lang: option.help_in(lang) for lang in LANGUAGES},
    }
    if isinstance(option, BoolOption):
        out["kind"] = "bool"
    elif isinstance(option, ChoiceOption):
        out["kind"], out["choices"] = "choice", list(option.choices)
        out["values"] = {c: _option_words(catalogue, f"option_value.{option.name}.{c}", c) for c in option.choices}
    elif isinstance(option, IntOption):
        out["kind"], out["low"], out["high"] = "int", option.low, option.high
    else:
        out["kind"] = "text"
    return out
