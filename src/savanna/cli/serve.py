"""``savanna serve``: the lobby and tables in the browser (see :mod:`savanna.web`)."""

from __future__ import annotations

import dataclasses
import logging
import math
import socket
import threading
import webbrowser
from typing import Annotated

import typer

from savanna.cli import app
from savanna.cli.commands import handles_errors
from savanna.core import OptionError


@app.command()
@handles_errors()
def serve(
    host: Annotated[
        str, typer.Option(help="Address to listen on; 0.0.0.0 lets others on your network join.")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database: Annotated[
        str | None,
        typer.Option(
            help="Database URL: sqlite:///FILE or postgresql+psycopg://USER@HOST/DB (a password "
            "after USER: if needed; default: $SAVANNA_DATABASE, else server.sqlite3 in "
            "~/.local/share/savanna)."
        ),
    ] = None,
    open_browser: Annotated[bool, typer.Option("--open", help="Open the lobby in a browser.")] = False,
    bot_workers: Annotated[int, typer.Option(help="Processes where bots think (0: a thread).")] = 2,
    bot_pace: Annotated[float, typer.Option(help="Least seconds between two bot moves.")] = 0.8,
    per_client_connections: Annotated[
        int, typer.Option(help="Websockets one client address may hold open at once (and twice as many "
                          "HTTP connections).")
    ] = 32,
    per_client_tables: Annotated[
        int, typer.Option(help="Tables one client address may have waiting for players at once.")
    ] = 5,
    per_client_rate: Annotated[
        float, typer.Option(help="Requests (POST) per second one client address may send, steadily.")
    ] = 10.0,
    request_seconds: Annotated[
        float, typer.Option(help="Seconds a client has to send one whole request (headers and body).")
    ] = 10.0,
    max_connections: Annotated[
        int | None,
        typer.Option(help="HTTP connections (websockets apart) held open at once, in all (default: "
                     "2000, or less if the open-file limit is lower)."),
    ] = None,
    per_client_playing: Annotated[
        int, typer.Option(help="Games in play one client address may have created at once.")
    ] = 20,
    max_playing: Annotated[int, typer.Option(help="Games in play on the whole server at once.")] = 1000,
    max_websockets: Annotated[
        int | None,
        typer.Option(help="Websockets held open at once, in all (default: 4000, or less if the open-file "
                     "limit is lower)."),
    ] = None,
    per_table_connections: Annotated[
        int, typer.Option(help="Websockets (players and spectators) one table accepts.")
    ] = 64,
    grace_seconds: Annotated[
        int, typer.Option(help="Seconds a player may be away before the others may hand the seat to a bot, "
                          "for a table that does not choose (5-3600).")
    ] = 60,
    replacement_bot: Annotated[
        str, typer.Option(help="The bot that takes a departed player's seat (a kind, and settings: "
                          "ismcts:sims=500).")
    ] = "heuristic",
    coach_workers: Annotated[
        int, typer.Option(help="Processes where the coach thinks, apart from the bots' (0: a thread).")
    ] = 1,
    coach_questions: Annotated[
        int, typer.Option(help="Coach questions thought about at once; one more is refused until one is answered.")
    ] = 4,
    per_client_coach: Annotated[
        int, typer.Option(help="Coach questions one client address may have thought about at once.")
    ] = 1,
    heartbeat_seconds: Annotated[
        float, typer.Option(help="With PostgreSQL: seconds between two heartbeats of this process (each also "
                            "adopts the games of processes gone silent).")
    ] = 1.0,
    lease_seconds: Annotated[
        float, typer.Option(help="With PostgreSQL: seconds of silence after which a process's games in play "
                            "are adopted by another (at least twice --heartbeat-seconds).")
    ] = 5.0,
    sync_seconds: Annotated[
        float, typer.Option(help="With PostgreSQL: seconds between two checks that every unfinished table held "
                            "is the one stored.")
    ] = 2.0,
    open_table_hours: Annotated[
        float, typer.Option(help="Hours without a change after which a table nobody started is deleted.")
    ] = 24.0,
    idle_game_days: Annotated[
        float, typer.Option(help="Days without a move after which a game in play is closed as abandoned.")
    ] = 7.0,
    archive_after_days: Annotated[
        float, typer.Option(help="Days after which a finished game's actions are folded into its record (an "
                            "abandoned one is deleted).")
    ] = 30.0,
    shortest_clock: Annotated[
        int | None,
        typer.Option(help="Seconds: the shortest turn-based deadline and real-time clock a table may "
                     "choose (default: an hour per move, a minute per game)."),
    ] = None,
    table_seeds: Annotated[
        int | None,
        typer.Option(help="Draw every new table's secret seed from this number, so the server deals the same "
                     "games again (tests and demonstrations only: whoever knows it predicts every die)."),
    ] = None,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            help="Behind a reverse proxy: the proxy's address(es), comma-separated, whose "
            "X-Forwarded-For / X-Forwarded-Proto headers are trusted (so each client is counted "
            "by its own address)."
        ),
    ] = None,
) -> None:
    """Serve the lobby and live tables: friends in browsers, bots in the empty seats."""
    try:
        from savanna.bots import parse_bot_spec
        from savanna.web import Limits, Settings, create_app
        from savanna.web.db import database_url
        from savanna.web.serving import open_file_limit, uvicorn_config
    except ImportError as exc:  # the web extra is missing
        raise OptionError(
            f"the web server needs the 'web' extra (pip install 'savanna[web]'): {exc}",
            f"le serveur web a besoin de l'extra 'web' (pip install 'savanna[web]') : {exc}",
        ) from None
    import uvicorn

    if not 0 < port < 65536:
        raise OptionError(f"--port must be 1-65535, not {port}", f"--port doit valoir 1-65535, pas {port}")
    defaults = Limits()
    for flag, value, least in (
        ("--bot-workers", bot_workers, 0),
        ("--coach-workers", coach_workers, 0),
        ("--per-client-connections", per_client_connections, 1),
        ("--per-client-tables", per_client_tables, 1),
        ("--per-client-playing", per_client_playing, 1),
        ("--per-client-coach", per_client_coach, 1),
        ("--max-playing", max_playing, 1),
        ("--max-connections", max_connections, 1),
        ("--max-websockets", max_websockets, 1),
        ("--per-table-connections", per_table_connections, 1),
        ("--coach-questions", coach_questions, 1),
        ("--grace-seconds", grace_seconds, defaults.min_grace_seconds),
    ):
        if value is not None and value < least:
            raise OptionError(f"{flag} must be at least {least}, not {value}",
                              f"{flag} doit valoir au moins {least}, pas {value}")
    if grace_seconds > defaults.max_grace_seconds:
        raise OptionError(f"--grace-seconds must be at most {defaults.max_grace_seconds}, not {grace_seconds}",
                          f"--grace-seconds doit valoir au plus {defaults.max_grace_seconds}, pas {grace_seconds}")
    if not (math.isfinite(bot_pace) and bot_pace >= 0):
        raise OptionError(f"--bot-pace must be 0 or more seconds, not {bot_pace}",
                          f"--bot-pace doit valoir 0 seconde ou plus, pas {bot_pace}")
    for flag, amount in (
        ("--per-client-rate", per_client_rate),
        ("--request-seconds", request_seconds),
        ("--heartbeat-seconds", heartbeat_seconds),
        ("--lease-seconds", lease_seconds),
        ("--sync-seconds", sync_seconds),
        ("--open-table-hours", open_table_hours),
        ("--idle-game-days", idle_game_days),
        ("--archive-after-days", archive_after_days),
    ):
        if not (math.isfinite(amount) and amount > 0):
            raise OptionError(f"{flag} must be a number above 0, not {amount}",
                              f"{flag} doit être un nombre au-dessus de 0, pas {amount}")
    if lease_seconds < 2 * heartbeat_seconds:
        raise OptionError(
            f"--lease-seconds must be at least twice --heartbeat-seconds ({2 * heartbeat_seconds:g}), "
            f"not {lease_seconds:g}: a live process would lose its games between two heartbeats",
            f"--lease-seconds doit valoir au moins deux fois --heartbeat-seconds ({2 * heartbeat_seconds:g}), "
            f"pas {lease_seconds:g} : un processus vivant perdrait ses parties entre deux battements",
        )
    try:
        replacement = str(parse_bot_spec(replacement_bot))
    except OptionError as exc:
        raise OptionError(f"--replacement-bot: {exc.text('en')}", f"--replacement-bot : {exc.text('fr')}") from None
    url = database_url(database)  # checked before anything starts
    files = open_file_limit()
    # Every socket is a file: the caps stay under what the process may open (a reserve for
    # the database, the log and the bot pool), or accept() would fail instead of the caps.
    room = max(64, files - 256)
    http_cap = min(max_connections or Limits().max_http_connections, room // 3)
    limits = Limits(
        request_seconds=request_seconds,
        max_playing_tables_per_client=per_client_playing,
        max_playing_tables=max_playing,
        max_http_connections=http_cap,
        max_websockets=min(max_websockets or defaults.max_websockets, room - http_cap),
        max_connections_per_table=per_table_connections,
        grace_seconds=grace_seconds,
        replacement_bot=replacement,
        bot_workers=bot_workers,
        bot_pace_seconds=bot_pace,
        max_connections_per_client=per_client_connections,
        # Behind a proxy every socket comes from the proxy's address (uvicorn rewrites the
        # client of each request, not of the socket): the proxy caps connections per client.
        max_http_connections_per_client=2 * per_client_connections if forwarded_allow_ips is None else http_cap,
        max_open_tables_per_client=per_client_tables,
        requests_per_second=per_client_rate,
        request_burst=max(defaults.request_burst, int(4 * per_client_rate)),
        coach_workers=coach_workers,
        coach_questions=coach_questions,
        coach_per_client=per_client_coach,
        heartbeat_seconds=heartbeat_seconds,
        lease_seconds=lease_seconds,
        sync_seconds=sync_seconds,
        open_table_hours=open_table_hours,
        idle_game_days=idle_game_days,
        archive_after_days=archive_after_days,
    )
    if shortest_clock is not None:
        if shortest_clock < 1:
            raise OptionError("--shortest-clock must be positive", "--shortest-clock doit être positif")
        limits = dataclasses.replace(limits, min_move_seconds=shortest_clock, min_base_seconds=shortest_clock)
    application = create_app(Settings(database=url.render_as_string(hide_password=False), limits=limits,
                                       table_seeds=table_seeds))
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    lobby = f"http://{shown}:{port}/"
    typer.echo(f"Savanna lobby: {lobby}  (database: {url.render_as_string()}; Ctrl-C stops)")
    if host in ("0.0.0.0", "::"):
        typer.echo(f"Friends on your network: http://{socket.gethostname()}:{port}/ (or your computer's address)")
    if open_browser:
        threading.Timer(1.0, webbrowser.open, args=(lobby,)).start()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    config = uvicorn_config(
        application,
        limits,
        host=host,
        port=port,
        proxy_headers=forwarded_allow_ips is not None,
        forwarded_allow_ips=forwarded_allow_ips,
    )
    uvicorn.Server(config).run()
